/*
 * games.c - `kontor games [GAME [NAME]]`: what is available.  Without a
 * game: every game (title, players, data notice); with --all also their
 * options and bots.  With a game: its summary, notice, options (help in the
 * chosen language), bot levels, bots and its component listing.  With a
 * game and a name: what that component does (kt_game_describe).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void print_opt(const kt_optinfo *o, const char *help, const char *indent, int de)
{
    char type[160];
    switch (o->type) {
    case KT_OPT_INT: snprintf(type, sizeof type, "int %lld..%lld", o->min, o->max); break;
    case KT_OPT_BOOL: snprintf(type, sizeof type, "bool"); break;
    case KT_OPT_ENUM: snprintf(type, sizeof type, "%s", o->choices); break;
    case KT_OPT_STR: snprintf(type, sizeof type, de ? "Text" : "text"); break;
    case KT_OPT_PATH:
        snprintf(type, sizeof type, de ? "Pfad (liest Dateien)" : "path (reads files)");
        break;
    }
    printf("%s%-18s %-22s %s %-8s %s\n", indent, o->name, type, de ? "Vorgabe" : "default",
           o->def && *o->def ? o->def : "\"\"", help ? help : o->help);
}

static void print_levels(const char *game, int de)
{
    static const char *const names[] = {"easy", "medium", "hard"};
    printf(de ? "\n  Stufen (--seats human,hard oder bot:hard):\n"
              : "\n  levels (--seats human,hard or bot:hard):\n");
    for (int i = 0; i < 3; i++) {
        const char *spec = kt_game_level(game, names[i]);
        printf("    %-18s = %s\n", names[i], spec ? spec : "-");
    }
}

static void print_game(const kt_gameinfo *gi, int detail, int lang)
{
    int de = lang == KT_LANG_DE;
    printf(de ? "%s — %s (%d–%d Spieler)\n" : "%s — %s (%d–%d players)\n", gi->name,
           kt_game_title(gi->name, lang), gi->min_players, gi->max_players);
    const char *notice = kt_game_notice(gi->name);
    if (notice)
        printf("  %s %s\n", de ? "Hinweis:" : "Note:", notice);
    if (!detail)
        return;
    printf(de ? "  %s\n\n  Optionen (--name Wert oder -o name=Wert):\n"
              : "  %s\n\n  options (--name value, or -o name=value):\n",
           kt_game_summary(gi->name, lang));
    for (int k = 0; k < gi->nopts; k++)
        print_opt(&gi->opts[k], kt_option_help(gi->name, k, lang), "    ", de);
    int nc;
    const kt_optinfo *co = kt_common_options(&nc);
    for (int k = 0; k < nc; k++)
        print_opt(&co[k], kt_option_help(gi->name, gi->nopts + k, lang), "    ", de);
    print_levels(gi->name, de);
    printf(de ? "\n  Bots (--seats bot:NAME[:Schlüssel=Wert...]):\n"
              : "\n  bots (--seats bot:NAME[:key=value...]):\n");
    for (int i = 0;; i++) {
        const kt_botinfo *b = kt_game_bot(gi->name, i);
        if (!b)
            break;
        printf("    %-18s %s\n", b->name, b->help);
        for (int k = 0; k < b->nopts; k++)
            print_opt(&b->opts[k], NULL, "        ", de);
    }
}

static int describe(const char *game, const char *name, int lang)
{
    char *text = NULL;
    kt_err err;
    if (kt_game_describe(game, name, lang, NULL, &text, &err) != KT_OK) {
        fprintf(stderr, "kontor games: %s\n", err.msg);
        return 2;
    }
    fputs(text, stdout);
    if (*text && text[strlen(text) - 1] != '\n')
        putchar('\n');
    kt_free(text);
    return 0;
}

int cli_games(int argc, char **argv)
{
    int lang = KT_LANG_EN, all = 0;
    const char *game = NULL, *name = NULL;
    char words[512] = ""; /* NAME may come as several words: Landing Party */
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--lang") && i + 1 < argc) {
            const char *l = argv[++i];
            if (strcmp(l, "en") && strcmp(l, "de")) {
                fprintf(stderr, "kontor games: --lang must be en or de\n");
                return 2;
            }
            lang = !strcmp(l, "de") ? KT_LANG_DE : KT_LANG_EN;
        } else if (!strcmp(argv[i], "--all")) {
            all = 1;
        } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: kontor games [GAME [NAME]] [--lang en|de] [--all]\n"
                   "  without GAME: list games (--all: with their options and bots)\n"
                   "  with GAME: options, bot levels, bots and every component of that game\n"
                   "  with GAME NAME: what that component (card, tile, ...) does\n");
            return 0;
        } else if (argv[i][0] != '-' && !game) {
            game = argv[i];
        } else if (argv[i][0] != '-') {
            size_t n = strlen(words);
            snprintf(words + n, sizeof words - n, "%s%s", n ? " " : "", argv[i]);
            name = words;
        } else {
            fprintf(stderr, "kontor games: unexpected argument '%s'\n", argv[i]);
            return 2;
        }
    }
    if (!game) {
        for (int i = 0; i < kt_game_count(); i++) {
            print_game(kt_game_info(i), all, lang);
            if (all)
                printf("\n");
        }
        if (!all)
            printf(lang == KT_LANG_DE
                       ? "\n`kontor games SPIEL` zeigt Optionen, Bots und Bestandteile eines "
                         "Spiels, `kontor games SPIEL NAME` erklärt einen Bestandteil.\n"
                       : "\n`kontor games GAME` shows a game's options, bots and components; "
                         "`kontor games GAME NAME` explains one component.\n");
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
    if (name)
        return describe(game, name, lang);
    print_game(gi, 1, lang);
    char *comp = kt_game_components(game, lang, NULL);
    if (comp) {
        printf("\n%s", comp);
        kt_free(comp);
    }
    return 0;
}
