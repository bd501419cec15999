/*
 * test_mp2_screen.c - the Marco Polo II terminal screen and menus fit the
 * terminal (issue 18): the render is at most 30 lines of at most 120
 * columns for every viewer at positions of random games (2-4 players, with
 * and without caravans, English and German, with and without colour), and
 * the menu folds the legal actions into at most ~12 top-level entries.
 *
 * Data layout: random games are stepped with kt_apply_trusted; every
 * sampled position is rendered through the public API (kt_render) and
 * measured line by line with kt_utf8_width (colour codes have no width).
 * KT_MP2_SCREEN=1 prints a few screens (for reading, not checked).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/util/buf.h"
#include "mp2_helpers.h"

typedef struct measure {
    int lines, width, screens;
    long total, cut; /* lines, and lines cut to fit ("...") */
    char tallest[16384]; /* the tallest screen and the widest line, for the message */
    char widest[2048];
} measure;

static void measure_screen(const char *scr, measure *m)
{
    int lines = 0, width = 0;
    const char *p = scr;
    while (*p) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        char line[2048];
        snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), p);
        int w = (int)kt_utf8_width(line);
        m->total++;
        size_t ln = strlen(line);
        while (ln && line[ln - 1] != '.' && line[ln - 1] == 'm') /* a trailing colour reset */
            ln = strrchr(line, '\033') ? (size_t)(strrchr(line, '\033') - line) : 0,
            line[ln] = '\0';
        int cut = ln >= 3 && strcmp(line + ln - 3, "...") == 0;
        if (cut && getenv("KT_MP2_SCREEN") && m->cut < 20)
            printf("cut: %s\n", line);
        m->cut += cut;
        if (w > width)
            width = w;
        if (w > m->width)
            snprintf(m->widest, sizeof m->widest, "%s", line);
        lines++;
        p = e ? e + 1 : p + n;
    }
    if (lines > m->lines)
        snprintf(m->tallest, sizeof m->tallest, "%s", scr);
    if (lines > m->lines)
        m->lines = lines;
    if (width > m->width)
        m->width = width;
    m->screens++;
}

static void screens_of_games(kt_t *T, const char *opts, int np, int games, measure *m)
{
    int print = getenv("KT_MP2_SCREEN") != NULL;
    for (int gi = 0; gi < games; gi++) {
        kt_game *g;
        kt_err err = {0, ""};
        KT_REQUIRE(KT_OKS(kt_game_new("mp2", opts, np, (uint64_t)gi * 7 + (uint64_t)np, NULL, &g, &err),
                          &err));
        kt_state *s = kt_state_new(g);
        kt_rng rng;
        kt_rng_seed(&rng, (uint64_t)gi + 100);
        kt_action buf[KT_LEGAL_MAX];
        int step = 0;
        for (;;) {
            if (kt_rng_below(&rng, 9) == 0 || kt_is_over(g, s)) {
                for (int v = KT_SPECTATOR; v < np; v++) {
                    int lang = (step + v) % 2 ? KT_LANG_DE : KT_LANG_EN;
                    char *scr = kt_render(g, s, v, lang | (v == 0 ? KT_COLOR : 0));
                    KT_REQUIRE(scr);
                    measure_screen(scr, m);
                    if (print && v == 0 && kt_rng_below(&rng, 40) == 0)
                        printf("%s\n", scr);
                    kt_free(scr);
                }
            }
            if (kt_is_over(g, s))
                break;
            int n = kt_legal(g, s, buf, KT_LEGAL_MAX);
            kt_apply_trusted(g, s, buf[kt_rng_below(&rng, (uint32_t)n)]);
            step++;
        }
        kt_state_free(g, s);
        kt_game_free(g);
    }
}

KT_TEST(mp2_screen_fits_120_columns_30_lines)
{
    measure *m = calloc(1, sizeof *m);
    KT_REQUIRE(m);
    int games = kt_t_scaled(2);
    for (int np = 2; np <= 4; np++) {
        screens_of_games(T, NULL, np, games, m);
        screens_of_games(T, "caravans=1", np, games, m);
    }
    screens_of_games(T, "caravans=1;characters=piedro,mailin,donata,isabella", 4, games, m);
    KT_CHECK(m->screens > 100);
    if (m->lines > 30)
        KT_FAIL("a screen of %d lines (at most 30):\n%s", m->lines, m->tallest);
    if (m->width > 120)
        KT_FAIL("a line of %d columns (at most 120):\n%s", m->width, m->widest);
    /* lines are cut to fit only in rare cases (long lists) */
    if (m->cut * 200 > m->total)
        KT_FAIL("%ld of %ld lines cut to fit", m->cut, m->total);
    if (getenv("KT_MP2_SCREEN"))
        printf("%d screens, at most %d lines and %d columns; %ld of %ld lines cut\n", m->screens,
               m->lines, m->width, m->cut, m->total);
    free(m);
}

/* Top-level entries of the menu at a position: items without a group plus
 * one per group. */
static int top_level(const kt_game *g, const kt_state *s, int lang)
{
    kt_action buf[KT_LEGAL_MAX];
    int n = kt_legal(g, s, buf, KT_LEGAL_MAX), top = 0;
    char groups[64][64];
    int ng = 0;
    for (int i = 0; i < n; i++) {
        kt_menu_item m;
        kt_menu_item_get(g, s, buf[i], lang, &m);
        if (!m.group[0]) {
            top++;
            continue;
        }
        int seen = 0;
        for (int j = 0; j < ng; j++)
            seen |= strcmp(groups[j], m.group) == 0;
        if (!seen && ng < 64)
            snprintf(groups[ng++], sizeof groups[0], "%s", m.group);
    }
    return top + ng;
}

KT_TEST(mp2_menu_folds_turns_to_a_dozen_entries)
{
    int hist[80] = {0}, total = 0, maxtop = 0, maxlegal = 0;
    for (int gi = 0; gi < kt_t_scaled(6); gi++) {
        kt_game *g;
        kt_err err = {0, ""};
        KT_REQUIRE(KT_OKS(kt_game_new("mp2", gi % 2 ? "caravans=1" : NULL, 2 + gi % 3, (uint64_t)gi + 5,
                                      NULL, &g, &err), &err));
        kt_state *s = kt_state_new(g);
        kt_rng rng;
        kt_rng_seed(&rng, (uint64_t)gi);
        kt_action buf[KT_LEGAL_MAX];
        while (!kt_is_over(g, s)) {
            int n = kt_legal(g, s, buf, KT_LEGAL_MAX);
            int top = top_level(g, s, gi % 2);
            hist[top < 79 ? top : 79]++;
            total++;
            if (top > maxtop)
                maxtop = top;
            if (n > maxlegal)
                maxlegal = n;
            kt_apply_trusted(g, s, buf[kt_rng_below(&rng, (uint32_t)n)]);
        }
        kt_state_free(g, s);
        kt_game_free(g);
    }
    int over12 = 0;
    for (int i = 13; i < 80; i++)
        over12 += hist[i];
    if (getenv("KT_MP2_SCREEN")) {
        printf("menus: %d positions, up to %d legal actions, at most %d top-level entries, %d with "
               "more than 12:", total, maxlegal, maxtop, over12);
        for (int i = 0; i <= maxtop; i++)
            printf(" %d:%d", i, hist[i]);
        printf("\n");
    }
    KT_CHECK(total > 100);
    KT_CHECK(over12 * 100 <= total); /* rarely more than 12 */
    KT_CHECK(maxtop <= 16);
}
