/*
 * test_fwm_end.c - Fugger, Welser, Medici: games that must end.  The full
 * game of two heuristic bots from issue 26 (`kontor sim fwm --mode full
 * --seats bot:heuristic --players 2 --games 20 --seed 5`, game 12) ran
 * forever: player 1 went broke (no money, goods or IOUs: it can never
 * earn again) while player 2 owned one manor and would not buy another,
 * so neither a second owner nor "every manor owned" could ever come.  And
 * random players in the longer modes ruin themselves until nobody has
 * anything: a position from which nobody can rise, where the seed gives no
 * end.  All of these now end: the heuristic owner buys further manors, a
 * full game whose players without a manor are all ruined ends, and so does
 * any longer game in which everybody is ruined.
 */
#include <stdio.h>
#include <string.h>

#include "fwm_helpers.h"

/* Full game, 2 players: player 1 has `money` FL and nothing else, at track
 * 6; player 2 is a noble owning H03 with 20,000 FL and a merchant in
 * Vienna, where the manor H04 (lowest bid 4000) is due in round 1. */
static kt_scn poor_rival(kt_t *T, int money)
{
    char patch[2048];
    snprintf(patch, sizeof patch,
             "{\"state\":{\"open\":[{\"card\":\"H04\",\"due\":1,\"seq\":1},"
             "{\"card\":\"A03\",\"due\":5,\"seq\":2},{\"card\":\"N09\",\"due\":6,\"seq\":3},"
             "{\"card\":\"N01\",\"due\":7,\"seq\":4},{\"card\":\"N02\",\"due\":8,\"seq\":5}],"
             "\"seq\":5,\"deck\":[\"N03\",\"N05\"],\"manor_first\":1,\"hold\":{\"H03\":1},"
             "\"where\":{\"H04\":\"open\",\"A03\":\"open\",\"N09\":\"open\",\"N01\":\"open\","
             "\"N02\":\"open\",\"N03\":\"deck\",\"N05\":\"deck\",\"H03\":\"held\"},"
             "\"known\":{\"H04\":1,\"A03\":1,\"N09\":1,\"N01\":1,\"N02\":1,\"H03\":1},"
             "\"players\":{\"0\":{\"money\":%d,\"track\":6,"
             "\"warehouse\":{\"cloth\":0,\"spice\":0,\"metal\":0}},"
             "\"1\":{\"money\":20000,\"track\":8,\"noble\":1,\"manors\":1,"
             "\"merchants\":{\"A\":{\"at\":\"WIE\",\"stamp\":3}}}}}}",
             money);
    kt_scn c = fwm_scn(T, "mode=full", 2, patch);
    if (c.s)
        fwm_end_round(T, &c);
    return c;
}

KT_TEST(fwm_full_game_owner_bids_for_another_manor_when_no_rival_can)
{
    kt_scn c = poor_rival(T, 400); /* player 1 cannot afford a manor (4000) */
    KT_REQUIRE(c.s);
    KT_STREQ(kt_decision(c.g, c.s), "bid");
    KT_EQ(kt_pending(c.g, c.s), 2u);
    kt_bot *h = NULL;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_bot_new(c.g, "heuristic", 1, &h, &err), &err));
    kt_action a;
    KT_REQUIRE(KT_OKS(kt_bot_choose_as(h, c.s, 1, &a, &err), &err));
    char t[64];
    kt_action_text_as(c.g, c.s, 1, a, 1, KT_LANG_EN, t, sizeof t);
    KT_CHECK(strcmp(t, "pass") != 0); /* the old heuristic passed: a second manor "only delays" */
    for (int k = 0; k < 8 && S(&c)->stage == FS_BID && ((kt_pending(c.g, c.s) >> 1) & 1u); k++) {
        KT_REQUIRE(KT_OKS(kt_bot_choose_as(h, c.s, 1, &a, &err), &err));
        KT_REQUIRE(KT_OKS(kt_apply_as(c.g, c.s, 1, a, &err), &err));
    }
    KT_EQ(S(&c)->pl[1].manors, 2);
    KT_EQ(S(&c)->pl[1].money, 20000 - 4000); /* at the lowest bid: the end values it so */
    kt_bot_free(h);
    kt_scn_free(&c);
}

KT_TEST(fwm_full_game_ends_when_every_player_without_a_manor_is_ruined)
{
    kt_scn c = poor_rival(T, 0); /* player 1 has nothing left: no second owner can come */
    KT_REQUIRE(c.s);
    KT_CHECK(kt_is_over(c.g, c.s));
    KT_EQ(S(&c)->ended, 1);
    kt_result r;
    kt_result_get(c.g, c.s, &r);
    KT_CHECK(r.finished);
    KT_EQ(r.winners, 2u); /* the owner */
    kt_scn_free(&c);
    c = poor_rival(T, 20); /* 20 FL: a bid on Corruption or Fuggerei is still possible */
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_is_over(c.g, c.s));
    kt_scn_free(&c);
}

KT_TEST(fwm_longer_modes_end_when_nobody_has_money_goods_or_ious)
{
    const char *modes[3] = {"mode=nobility", "mode=manor", "mode=full"};
    for (int m = 0; m < 3; m++) {
        /* 3 players, nobody has anything; the nobility track 5, 2, 5 */
        kt_scn c = fwm_scn(T, modes[m], 3,
                           "{\"state\":{\"open\":[{\"card\":\"A03\",\"due\":5,\"seq\":1},"
                           "{\"card\":\"N09\",\"due\":6,\"seq\":2},{\"card\":\"N01\",\"due\":7,\"seq\":3},"
                           "{\"card\":\"N02\",\"due\":8,\"seq\":4}],\"seq\":4,\"deck\":[\"N03\",\"N05\"],"
                           "\"where\":{\"A03\":\"open\",\"N09\":\"open\",\"N01\":\"open\",\"N02\":\"open\","
                           "\"N03\":\"deck\",\"N05\":\"deck\"},"
                           "\"known\":{\"A03\":1,\"N09\":1,\"N01\":1,\"N02\":1},\"players\":{"
                           "\"0\":{\"money\":0,\"track\":5,\"warehouse\":{\"cloth\":0,\"spice\":0,\"metal\":0}},"
                           "\"1\":{\"money\":0,\"track\":2,\"warehouse\":{\"cloth\":0,\"spice\":0,\"metal\":0}},"
                           "\"2\":{\"money\":0,\"track\":5,\"warehouse\":{\"cloth\":0,\"spice\":0,\"metal\":0}}}}}");
        KT_REQUIRE(c.s);
        KT_CHECK(!kt_is_over(c.g, c.s));
        char *log = fwm_log(T, &c, 2, "end turn", KT_SPECTATOR, KT_LANG_DE);
        KT_REQUIRE(log);
        KT_CHECK(strstr(log, "keiner kann mehr aufsteigen") != NULL);
        kt_free(log);
        KT_CHECK(kt_is_over(c.g, c.s));
        KT_EQ(S(&c)->ended, 1);
        kt_result r;
        kt_result_get(c.g, c.s, &r);
        KT_CHECK(r.finished);
        KT_EQ(r.winners, 1u | 4u); /* the highest on the track share the win */
        KT_CHECK(r.rank[1] > r.rank[0]);
        kt_scn_free(&c);
    }
    /* one player with 20 FL (a bid on Corruption or Fuggerei) keeps the game alive */
    kt_scn c = fwm_scn(T, "mode=nobility", 2,
                       "{\"state\":{\"open\":[{\"card\":\"A03\",\"due\":5,\"seq\":1}],\"seq\":1,"
                       "\"deck\":[\"N03\",\"N05\"],\"where\":{\"A03\":\"open\",\"N03\":\"deck\",\"N05\":\"deck\"},"
                       "\"known\":{\"A03\":1},\"players\":{"
                       "\"0\":{\"money\":20,\"warehouse\":{\"cloth\":0,\"spice\":0,\"metal\":0}},"
                       "\"1\":{\"money\":0,\"warehouse\":{\"cloth\":0,\"spice\":0,\"metal\":0}}}}}");
    KT_REQUIRE(c.s);
    fwm_end_round(T, &c);
    KT_CHECK(!kt_is_over(c.g, c.s));
    kt_scn_free(&c);
    /* the trading-house game ends only when its deck is used up */
    c = fwm_scn(T, NULL, 2,
                "{\"state\":{\"open\":[{\"card\":\"A03\",\"due\":5,\"seq\":1}],\"seq\":1,"
                "\"deck\":[\"N03\",\"N05\"],\"where\":{\"A03\":\"open\",\"N03\":\"deck\",\"N05\":\"deck\"},"
                "\"known\":{\"A03\":1},\"players\":{"
                "\"0\":{\"money\":0,\"warehouse\":{\"cloth\":0,\"spice\":0,\"metal\":0}},"
                "\"1\":{\"money\":0,\"warehouse\":{\"cloth\":0,\"spice\":0,\"metal\":0}}}}}");
    KT_REQUIRE(c.s);
    fwm_end_round(T, &c);
    KT_CHECK(!kt_is_over(c.g, c.s));
    kt_scn_free(&c);
}

/* The game of the issue: seed 2836324275908162182 is game 12 of the sim
 * command above (two heuristic bots, full game). */
KT_TEST(fwm_full_game_of_two_heuristics_from_issue_26_ends)
{
    kt_game *g = NULL;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("fwm", "mode=full", 2, 1, NULL, &g, &err), &err));
    kt_state *s = kt_state_new(g);
    kt_state_init_seed(g, s, 2836324275908162182ull);
    kt_bot *h = NULL;
    KT_REQUIRE(KT_OKS(kt_bot_new(g, "heuristic", 1, &h, &err), &err));
    long n = 0;
    for (; n < 200000 && !kt_is_over(g, s); n++) {
        kt_action a;
        if (!KT_OKS(kt_bot_choose(h, s, &a, &err), &err))
            break;
        kt_apply_trusted(g, s, a);
    }
    KT_CHECK(kt_is_over(g, s));
    kt_result r;
    kt_result_get(g, s, &r);
    KT_CHECK(r.finished && r.winners);
    printf("issue 26 game 12: %ld actions, %d rounds\n", n, (int)r.turns);
    kt_bot_free(h);
    kt_state_free(g, s);
    kt_game_free(g);
}
