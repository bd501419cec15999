/*
 * games.c - `kontor games [GAME]`: what is available.  Without a game: every
 * game with its player range, options (type, default, help), and bots.
 * With a game: the same for that game plus its component listing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void print_opt(const kt_optinfo *o, const char *indent)
{
    char type[160];
    switch (o->type) {
    case KT_OPT_INT: snprintf(type, sizeof type, "int %lld..%lld", o->min, o->max); break;
    case KT_OPT_BOOL: snprintf(type, sizeof type, "bool"); break;
    case KT_OPT_ENUM: snprintf(type, sizeof type, "%s", o->choices); break;
    case KT_OPT_STR: snprintf(type, sizeof type, "text"); break;
    case KT_OPT_PATH: snprintf(type, sizeof type, "path (reads files)"); break;
    }
    printf("%s%-18s %-22s default %-8s %s\n", indent, o->name, type,
           o->def && *o->def ? o->def : "\"\"", o->help);
}

static void print_game(const kt_gameinfo *gi, int detail)
{
    printf("%s — %s (%d–%d players)\n", gi->name, gi->title, gi->min_players, gi->max_players);
    if (!detail)
        return;
    printf("  %s\n\n  options (--name value, or -o name=value):\n", gi->summary);
    for (int k = 0; k < gi->nopts; k++)
        print_opt(&gi->opts[k], "    ");
    int nc;
    const kt_optinfo *co = kt_common_options(&nc);
    for (int k = 0; k < nc; k++)
        print_opt(&co[k], "    ");
    printf("\n  bots (--seats bot:NAME[:key=value...]):\n");
    for (int i = 0;; i++) {
        const kt_botinfo *b = kt_game_bot(gi->name, i);
        if (!b)
            break;
        printf("    %-18s %s\n", b->name, b->help);
        for (int k = 0; k < b->nopts; k++)
            print_opt(&b->opts[k], "        ");
    }
}

int cli_games(int argc, char **argv)
{
    int lang = KT_LANG_EN, all = 0;
    const char *game = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--lang") && i + 1 < argc) {
            lang = !strcmp(argv[++i], "de") ? KT_LANG_DE : KT_LANG_EN;
        } else if (!strcmp(argv[i], "--all")) {
            all = 1;
        } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: kontor games [GAME] [--lang en|de] [--all]\n"
                   "  without GAME: list games (--all: with their options and bots)\n"
                   "  with GAME: options, bots and every component of that game\n");
            return 0;
        } else if (argv[i][0] != '-' && !game) {
            game = argv[i];
        } else {
            fprintf(stderr, "kontor games: unexpected argument '%s'\n", argv[i]);
            return 2;
        }
    }
    if (!game) {
        for (int i = 0; i < kt_game_count(); i++) {
            print_game(kt_game_info(i), all);
            if (all)
                printf("\n");
        }
        if (!all)
            printf("\n`kontor games GAME` shows a game's options, bots and components.\n");
        return 0;
    }
    const kt_gameinfo *gi = kt_game_find(game);
    if (!gi) {
        fprintf(stderr, "kontor games: unknown game '%s' (available:", game);
        for (int i = 0; i < kt_game_count(); i++)
            fprintf(stderr, " %s", kt_game_info(i)->name);
        fprintf(stderr, ")\n");
        return 2;
    }
    print_game(gi, 1);
    char *comp = kt_game_components(game, lang);
    if (comp) {
        printf("\n%s", comp);
        kt_free(comp);
    }
    return 0;
}
