/*
 * test_terminal.c - Catan as the terminal shows it in German (issue 29):
 * the board writes its terrain names with umlauts ("Wüste", "Hügel"), and
 * the grid stays aligned because a German letter is one column; the help
 * knows the colours of the progress decks by name ("? science").
 */
#include <stdlib.h>
#include <string.h>

#include "../../src/cli/play.h"
#include "../harness.h"

/* Columns (characters) where '|' stands in the first `upto` columns. */
static int tt_bars(const char *line, size_t len, int upto, int *cols, int cap)
{
    int n = 0, col = 0;
    for (size_t i = 0; i < len && col < upto; i++) {
        unsigned char ch = (unsigned char)line[i];
        if ((ch & 0xC0) == 0x80)
            continue; /* a continuation byte: same column */
        if (ch == '|' && n < cap)
            cols[n++] = col;
        col++;
    }
    return n;
}

KT_TEST(catan_terminal_board_has_umlauts_and_stays_aligned)
{
    kt_game *g;
    kt_err err;
    int umlauts = 0;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        KT_OKS(kt_game_new("catan", NULL, 3, seed, NULL, &g, &err), &err);
        kt_state *s = kt_state_new(g);
        char *en = kt_render(g, s, 0, KT_LANG_EN), *de = kt_render(g, s, 0, KT_LANG_DE);
        KT_REQUIRE(en && de);
        KT_CHECK(!strstr(de, "Wueste") && !strstr(de, "Huegel"));
        KT_CHECK(strstr(de, "Hügel") != NULL);
        umlauts += strstr(de, "Wüste") != NULL;
        KT_EQ(cli_count_lines(en), cli_count_lines(de));
        KT_CHECK(cli_max_width(de) <= 120);
        const char *a = en, *b = de;
        while (*a && *b) { /* the map's hex walls in the same columns */
            size_t la = strcspn(a, "\n"), lb = strcspn(b, "\n");
            int ca[32], cb[32];
            int na = tt_bars(a, la, 60, ca, 32), nb = tt_bars(b, lb, 60, cb, 32);
            if (KT_EQ(na, nb))
                for (int i = 0; i < na; i++)
                    KT_EQ(ca[i], cb[i]);
            a += la + (a[la] == '\n');
            b += lb + (b[lb] == '\n');
        }
        kt_free(en);
        kt_free(de);
        kt_state_free(g, s);
        kt_game_free(g);
    }
    KT_CHECK(umlauts >= 1); /* a desert on the map of some seed */
}

KT_TEST(catan_terminal_help_knows_the_colours)
{
    const char *names[] = {"science", "Wissenschaft", "politics", "Politik", "trade", "gelb"};
    for (int i = 0; i < 6; i++) {
        char *text = NULL;
        kt_err err;
        KT_OKS(kt_game_describe("catan", names[i], i % 2 ? KT_LANG_DE : KT_LANG_EN, NULL, &text,
                                &err),
               &err);
        KT_CHECK(text && (strstr(text, "progress deck") || strstr(text, "Fortschrittsstapel")));
        kt_free(text);
    }
    char *t = NULL;
    KT_OKS(kt_game_describe("catan", "Bewässerung", KT_LANG_DE, NULL, &t, NULL), NULL);
    KT_CHECK(t && strstr(t, "Irrigation / Bewässerung:")); /* the name as it is spelt */
    kt_free(t);
}
