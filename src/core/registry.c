/*
 * registry.c - the list of games compiled in.
 *
 * The build writes gen/games.inc with one KT_GAME(name) line per folder in
 * src/games (or per name in GAMES=...), so adding a game never edits this
 * file.  The table is const: no registration at run time, no globals.
 */
#include <string.h>

#include "game.h"

#define KT_GAME(name) extern const kt_gamedef kt_game_##name;
#include "games.inc"
#undef KT_GAME

static const kt_gamedef *const games[] = {
#define KT_GAME(name) &kt_game_##name,
#include "games.inc"
#undef KT_GAME
    NULL};

int kt_gamedef_count(void) { return (int)(sizeof games / sizeof games[0]) - 1; }

const kt_gamedef *kt_gamedef_at(int i)
{
    return i >= 0 && i < kt_gamedef_count() ? games[i] : NULL;
}

const kt_gamedef *kt_gamedef_find(const char *name)
{
    for (int i = 0; i < kt_gamedef_count(); i++)
        if (strcmp(games[i]->info.name, name) == 0)
            return games[i];
    return NULL;
}
