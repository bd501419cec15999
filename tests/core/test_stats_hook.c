/*
 * test_stats_hook.c - component statistics through the public API
 * (kt_stats_*, the game hook of game.h): Dominion names its kingdom, Events,
 * Traits and base piles and the card an action buys; every other game says
 * cleanly that it has none.
 */
#include <string.h>

#include "../harness.h"

static int has_item(const kt_stat_item *it, int n, const char *name, int kind, const char *on)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(it[i].name, name) && it[i].kind == kind && !strcmp(it[i].on, on))
            return 1;
    return 0;
}

KT_TEST(stats_hook_dominion_names_its_components_and_purchases)
{
    const kt_stats_info *in = kt_stats_info_of("dominion");
    KT_REQUIRE(in && in->nkinds == 4);
    KT_STREQ(in->kinds[0], "kingdom");
    KT_STREQ(in->kinds[3], "base");
    kt_game *g;
    kt_err err;
    KT_OKS(kt_game_new("dominion",
                       "kingdom=Smithy,Village,Market,Festival,Cellar,Moat,Mine,Witch,Moneylender,"
                       "Workshop;traits=Cheap:Smithy",
                       2, 1, NULL, &g, &err),
           &err);
    kt_stat_item it[64];
    int n = 0;
    KT_OKS(kt_stats_items(g, it, 64, &n, &err), &err);
    KT_EQ(n, 10 + 1 + 7);
    KT_CHECK(has_item(it, n, "Smithy", 0, ""));
    KT_CHECK(has_item(it, n, "Cheap", 2, "Smithy"));
    KT_CHECK(has_item(it, n, "Province", 3, ""));
    /* fewer slots than items: the count is still whole */
    KT_OKS(kt_stats_items(g, it, 3, &n, &err), &err);
    KT_EQ(n, 18);
    /* a buy names its card; any other action nothing */
    kt_state *s = kt_state_new(g);
    KT_REQUIRE(s);
    int buys = 0, others = 0;
    for (int step = 0; step < 60 && !kt_is_over(g, s); step++) {
        kt_action acts[KT_LEGAL_MAX];
        int k = kt_legal(g, s, acts, KT_LEGAL_MAX);
        for (int i = 0; i < k; i++) {
            char name[KT_STAT_NAME], text[128];
            kt_action_text(g, s, acts[i], KT_OMNISCIENT, KT_LANG_EN, text, sizeof text);
            int got = kt_stats_acquired(g, s, acts[i], name, sizeof name);
            if (!strncmp(text, "buy ", 4)) {
                buys += KT_CHECK(got == 1 && !strcmp(name, text + 4));
            } else {
                others += KT_CHECK(got == 0 && name[0] == '\0');
            }
        }
        kt_apply(g, s, acts[k - 1], NULL);
    }
    KT_CHECK(buys > 0 && others > 0);
    kt_state_free(g, s);
    kt_game_free(g);
}

KT_TEST(stats_hook_other_games_have_none)
{
    static const char *const games[] = {"catan", "mp2", "anno1701", "fwm"};
    for (int i = 0; i < 4; i++) {
        KT_CHECK(kt_stats_info_of(games[i]) == NULL);
        kt_game *g;
        kt_err err;
        KT_OKS(kt_game_new(games[i], "", 0, 1, NULL, &g, &err), &err);
        kt_stat_item it[4];
        int n = 7;
        KT_EQ(kt_stats_items(g, it, 4, &n, &err), KT_EUNKNOWN);
        KT_EQ(n, 0);
        KT_CHECK(strstr(err.msg, "no component statistics") != NULL);
        kt_state *s = kt_state_new(g);
        kt_action a[KT_LEGAL_MAX];
        char name[KT_STAT_NAME] = "x";
        KT_CHECK(s && kt_legal(g, s, a, KT_LEGAL_MAX) > 0);
        KT_EQ(kt_stats_acquired(g, s, a[0], name, sizeof name), 0);
        KT_STREQ(name, "");
        kt_state_free(g, s);
        kt_game_free(g);
    }
    KT_CHECK(kt_stats_info_of("nosuchgame") == NULL);
}
