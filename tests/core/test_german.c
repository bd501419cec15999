/*
 * test_german.c - the terminal speaks German to a German player (issue 29):
 * every decision kind of every game is walked by random play, and at the
 * first positions of each kind the screen (board, log, prompt line, menu),
 * the error for a line that is no action, and the help of the components
 * the menu offers are taken in German and in English.
 *
 * The English vocabulary is built from the English texts the engine prints
 * at the same positions: every word of three letters or more.  A German
 * text fails when it holds a word of that vocabulary, unless the word is
 * the same in both languages (SAME below: proper names of cards, places
 * and goods that keep their name in the German editions, and words German
 * shares with English), each listed with the reason.
 *
 * Data layout: tg_words is a sorted-on-demand list of lower-case words
 * (fixed 32-byte slots, malloc'd); one per language per game, plus the
 * German words found in the English vocabulary (the leaks) with one
 * example line each.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/cli/play.h"
#include "../harness.h"

typedef struct tg_words tg_words;
typedef struct tg_ctx {
    tg_words *vocab;
} tg_ctx;
static void tg_vocab_word(void *c, const char *w, const char *line);

/* Words spelt the same in English and German texts of the engine. */
static const char *const SAME[] = {
    /* German words that are English words too */
    "and", "hand", "gold", "bank", "name", "start", "plan", "mine", "rum", "alle", "also", "bis",
    "die", "der", "des", "den", "man", "mit", "ist", "art", "handel", "was", "wird", "hat",
    "not", "oder", "tag", "fort", "see", "end", "rest", "wind",
    /* game names and proper names of the editions (the German rules use
     * them too) */
    "dominion", "catan", "marco", "polo", "anno", "fugger", "welser", "medici", "khan",
    "plunder", "kontor",
    /* the same in German: months, and words German took over */
    "april", "august", "september", "november", "bonus", "route", "neutral",
    /* letters explaining a map's legend (Marco Polo II: "Abc Stadt, abc
     * Oase", "BYGR Posten"), Fugger's key for the Brenner pass, and the
     * French name of the gulf of Lion ("Golfe du Lion"), the strait of Dover */
    "abc", "bygr", "brn", "lion", "dover",
    /* what this test types and the seat label it gives */
    "xyzzy", "plugh", "mensch",
};

typedef struct tg_words {
    char (*w)[32];
    char (*example)[160];
    int n, cap;
} tg_words;

static int tg_has(const tg_words *t, const char *w)
{
    for (int i = 0; i < t->n; i++)
        if (!strcmp(t->w[i], w))
            return 1;
    return 0;
}

static void tg_add(tg_words *t, const char *w, const char *example)
{
    if (tg_has(t, w))
        return;
    if (t->n == t->cap) {
        int cap = t->cap ? t->cap * 2 : 1024;
        char(*nw)[32] = realloc(t->w, sizeof *t->w * (size_t)cap);
        if (!nw)
            return;
        t->w = nw;
        char(*ne)[160] = realloc(t->example, sizeof *t->example * (size_t)cap);
        if (!ne)
            return;
        t->example = ne;
        t->cap = cap;
    }
    snprintf(t->w[t->n], sizeof t->w[0], "%s", w);
    snprintf(t->example[t->n], sizeof t->example[0], "%s", example ? example : "");
    t->n++;
}

static void tg_vocab_word(void *c, const char *w, const char *line)
{
    tg_add(((tg_ctx *)c)->vocab, w, line);
}

static void tg_free(tg_words *t)
{
    free(t->w);
    free(t->example);
    memset(t, 0, sizeof *t);
}

/* Call fn for each word (letters, umlauts folded, lower case, >= 3) of
 * text, with the line it stands in. */
static void tg_each_word(const char *text, void (*fn)(void *, const char *, const char *),
                         void *ctx)
{
    if (!text)
        return;
    const char *line = text;
    while (*line) {
        size_t ll = strcspn(line, "\n");
        char lbuf[160];
        snprintf(lbuf, sizeof lbuf, "%.*s", (int)(ll < 159 ? ll : 159), line);
        const char *p = line, *end = line + ll;
        while (p < end) {
            /* skip ANSI colour sequences */
            if (*p == '\033') {
                while (p < end && *p != 'm')
                    p++;
                p++;
                continue;
            }
            const char *q = p;
            while (q < end && ((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') ||
                               (unsigned char)*q >= 0x80))
                q++;
            if (q == p) {
                p++;
                continue;
            }
            char raw[64], norm[64];
            size_t n = (size_t)(q - p) < sizeof raw - 1 ? (size_t)(q - p) : sizeof raw - 1;
            memcpy(raw, p, n);
            raw[n] = '\0';
            cli_norm(raw, norm, sizeof norm);
            /* map codes (KOL, Kas, BYGR) and roman numerals are no words */
            int caps = 0;
            for (size_t i = 1; i < n; i++)
                caps += raw[i] >= 'A' && raw[i] <= 'Z';
            int code = (n <= 3 && raw[0] >= 'A' && raw[0] <= 'Z') || caps > 0;
            if (n <= 3 && ((p > line && strchr("-~*.", p[-1])) || (q < end && strchr("-~*", *q))))
                code = 1; /* a place on a map drawn with - ~ * */
            if (strlen(norm) >= 3 && !code)
                fn(ctx, norm, lbuf);
            p = q;
        }
        line = end + (*end == '\n');
    }
}


static int tg_same(const char *w)
{
    for (size_t i = 0; i < sizeof SAME / sizeof SAME[0]; i++)
        if (!strcmp(SAME[i], w))
            return 1;
    return 0;
}

/* The first line of a component's help names it in both languages on
 * purpose ("Wachturm (Watchtower) - ...", "paper / Papier: ..."), so that
 * a player finds the card of the other edition: those names are blanked. */
static void tg_strip_names(char *d)
{
    size_t first = strcspn(d, "\n");
    int depth = 0;
    for (size_t i = 0; i < first; i++) {
        if (d[i] == '(')
            depth++;
        if (depth)
            d[i] = ' ';
        if (d[i] == ')' && depth)
            depth--, d[i] = ' ';
    }
    char *slash = strstr(d, " / ");
    char *colon = memchr(d, ':', first);
    if (slash && colon && slash < colon)
        memset(d, ' ', (size_t)(colon - d));
}

/* The texts of one position in one language, appended to out. */
static void tg_texts(cli_pl *P, int p, int lang, cli_sb *out, tg_words *names)
{
    size_t seen = P->seats[p].seen;
    P->lang = lang;
    cli_sb above = {0}, screen = {0};
    if (cli_screen_for(P, p, &above, &screen)) {
        if (above.p)
            cli_sb_put(out, above.p, above.len);
        if (screen.p)
            cli_sb_put(out, screen.p, screen.len);
    }
    P->seats[p].seen = seen; /* the other language shows the same log */
    cli_sb_free(&above);
    cli_sb_free(&screen);
    kt_action a;
    kt_err err;
    if (kt_action_parse_lang(P->g, P->s, p, "xyzzy plugh", lang, &a, &err) != KT_OK)
        cli_sb_printf(out, "%s\n", err.msg);
    /* the help of what the menu offers: the words after the verb */
    kt_action acts[64];
    int n = kt_legal_as(P->g, P->s, p, acts, 64);
    for (int i = 0; i < n && i < 64; i++) {
        char txt[200];
        kt_action_text_as(P->g, P->s, p, acts[i], p, lang, txt, sizeof txt);
        for (const char *sp = strchr(txt, ' '); sp; sp = strchr(sp + 1, ' ')) {
            char *d = NULL;
            if (kt_game_describe(kt_game_name(P->g), sp + 1, lang, NULL, &d, NULL) == KT_OK && d) {
                tg_strip_names(d);
                cli_sb_printf(out, "%s\n", d);
                /* a name the game describes (a city, a character): a
                 * proper name, not vocabulary */
                if (names && lang == KT_LANG_DE) {
                    tg_ctx nc = {.vocab = names};
                    tg_each_word(sp + 1, tg_vocab_word, &nc);
                }
                kt_free(d);
                break;
            }
            kt_free(d);
        }
    }
}

static void tg_seats(cli_pl *P, kt_game *g, kt_state *s)
{
    memset(P, 0, sizeof *P);
    P->g = g;
    P->s = s;
    P->nseats = kt_game_players(g);
    P->nhumans = P->nseats;
    P->rows = 40;
    P->cols = 120;
    P->last_viewer = -1;
    for (int p = 0; p < P->nseats; p++) {
        P->seats[p].human = 1;
        snprintf(P->seats[p].label, sizeof P->seats[p].label, "Mensch");
    }
}

static void tg_release(cli_pl *P)
{
    free(P->hist);
    free(P->acts);
    free(P->actor);
    free(P->seen);
}

typedef struct tg_leak_ctx {
    const char *game;
    const tg_words *vocab;
    tg_words *leaks;
} tg_leak_ctx;

static void tg_leak_word(void *c, const char *w, const char *line)
{
    tg_leak_ctx *x = c;
    if (!tg_has(x->vocab, w) || tg_same(w) || tg_has(x->leaks, w))
        return;
    /* a word that is itself the name (or map code) of a component the game
     * describes in German is a proper name: a city, an oasis */
    char *d = NULL;
    kt_status st = kt_game_describe(x->game, w, KT_LANG_DE, NULL, &d, NULL);
    kt_free(d);
    if (st != KT_OK)
        tg_add(x->leaks, w, line);
}

/* One game: German texts of the first positions of every decision kind. */
static int tg_game(kt_t *T, const char *name, uint64_t seed, cli_sb *de_all, tg_words *vocab,
                   tg_words *names, int *kinds)
{
    kt_game *g;
    kt_err err;
    const kt_gameinfo *info = NULL;
    for (int i = 0; i < kt_game_count(); i++)
        if (!strcmp(kt_game_info(i)->name, name))
            info = kt_game_info(i);
    if (!info || !KT_OKS(kt_game_new(name, NULL, info->default_players, seed, NULL, &g, &err), &err))
        return 0;
    kt_state *s = kt_state_new(g);
    kt_bot *bot;
    KT_OKS(kt_bot_new(g, "random", 5, &bot, &err), &err);
    cli_pl P;
    tg_seats(&P, g, s);
    char seen_kinds[64][48];
    int nk = 0, shown[64] = {0};
    tg_ctx vc = {.vocab = vocab};
    int steps = kt_t_scaled(2000);
    for (int k = 0, deal = 0; k < steps; k++) {
        if (kt_is_over(g, s)) {
            if (++deal > 20)
                break;
            tg_release(&P);
            kt_state_init_seed(g, s, 7 + (uint64_t)deal);
            tg_seats(&P, g, s);
        }
        int p = kt_to_move(g, s);
        const char *d = kt_decision(g, s);
        int ki = 0;
        while (ki < nk && strcmp(seen_kinds[ki], d))
            ki++;
        if (ki == nk && nk < 64)
            snprintf(seen_kinds[nk++], sizeof seen_kinds[0], "%s", d);
        if (ki < 64 && shown[ki] < 3) { /* three positions of each kind */
            shown[ki]++;
            cli_sb en = {0};
            tg_texts(&P, p, KT_LANG_EN, &en, NULL);
            tg_each_word(en.p, tg_vocab_word, &vc);
            cli_sb_free(&en);
            tg_texts(&P, p, KT_LANG_DE, de_all, names);
            P.seats[p].seen = P.n;
        }
        kt_action a;
        if (!KT_OKS(kt_bot_choose(bot, s, &a, &err), &err))
            break;
        if (!KT_CHECK(cli_play_apply(&P, p, a)))
            break;
    }
    *kinds += nk;
    printf("      %s (seed %llu): %d decision kinds:", name, (unsigned long long)seed, nk);
    for (int i = 0; i < nk; i++)
        printf(" %s", seen_kinds[i]);
    printf("\n");
    tg_release(&P);
    kt_bot_free(bot);
    kt_state_free(g, s);
    kt_game_free(g);
    return 1;
}

KT_TEST(core_german_every_decision_kind_of_every_game)
{
    int kinds = 0;
    for (int gi = 0; gi < kt_game_count(); gi++) {
        const char *name = kt_game_info(gi)->name;
        if (!strcmp(name, "sealed") || !strcmp(name, "guard"))
            continue;
        tg_words vocab = {0}, leaks = {0}, names = {0};
        cli_sb de = {0};
        for (uint64_t seed = 7; seed < 10; seed++) /* three deals (Dominion: three kingdoms) */
            tg_game(T, name, seed, &de, &vocab, &names, &kinds);
        /* names in the German component listing are German (or proper
         * names the German edition keeps): not English vocabulary */
        tg_ctx nc = {.vocab = &names};
        char *list = kt_game_components(name, KT_LANG_DE, NULL);
        tg_each_word(list, tg_vocab_word, &nc);
        kt_free(list);
        int kept = 0;
        for (int i = 0; i < vocab.n; i++)
            if (!tg_has(&names, vocab.w[i])) {
                memcpy(vocab.w[kept], vocab.w[i], sizeof vocab.w[0]);
                memcpy(vocab.example[kept], vocab.example[i], sizeof vocab.example[0]);
                kept++;
            }
        printf("      %s: %d words of the German component listing and of components named "
               "in German menus left out of the English vocabulary\n", name, vocab.n - kept);
        vocab.n = kept;
        tg_free(&names);
        /* the commands' help too */
        cli_sb help = {0};
        cli_pl hp;
        memset(&hp, 0, sizeof hp);
        hp.lang = KT_LANG_DE;
        cli_play_help(&hp, 0, &help);
        if (help.p)
            cli_sb_put(&de, help.p, help.len);
        cli_sb_free(&help);
        tg_leak_ctx lc = {.game = name, .vocab = &vocab, .leaks = &leaks};
        tg_each_word(de.p, tg_leak_word, &lc);
        printf("      %s: English vocabulary %d words, %d in German texts\n", name, vocab.n,
               leaks.n);
        for (int i = 0; i < leaks.n; i++)
            printf("        '%s' in: %s\n", leaks.w[i], leaks.example[i]);
        KT_EQ(leaks.n, 0);
        tg_free(&vocab);
        tg_free(&leaks);
        cli_sb_free(&de);
    }
    KT_CHECK(kinds >= 60);
}
