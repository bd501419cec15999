/*
 * test_fwm_deals.c - Fugger, Welser, Medici: trades between players in
 * phase 1 (issue 26).  The seed: "in this phase, a player whose merchant is
 * on the same space as another player's merchant, or in another player's
 * home city, may, if they agree, buy and sell goods with that player at the
 * agreed price (only what those merchants or that home hold)".  So: several
 * goods and quantities at one agreed price, any number of agreements while
 * the phase lasts, only between players who meet and only goods that are
 * there, before the deals of the phase are resolved; a finite bound only as
 * an option for studies.  And the heuristic never makes a declined offer
 * again to the same player in the same phase.
 *
 * Positions: 3 players (homes Augsburg, Nürnberg, Florenz), player 3's
 * movement turn of round 1; after its "end turn" round 2 begins with player
 * 2 as start player, so the trading window asks players 2, 3, 1 in turn
 * (those who meet somebody).
 */
#include <stdio.h>
#include <string.h>

#include "fwm_helpers.h"

#define P1 0
#define P2 1
#define P3 2

/* Four deals far off and a draw deck (the trading-house game ends without). */
#define DISPLAY "\"open\":[{\"card\":\"A03\",\"due\":5,\"seq\":1},{\"card\":\"N09\",\"due\":6,\"seq\":2}," \
                "{\"card\":\"N01\",\"due\":7,\"seq\":3},{\"card\":\"N02\",\"due\":8,\"seq\":4}],\"seq\":4," \
                "\"deck\":[\"N03\",\"N05\"],\"where\":{\"A03\":\"open\",\"N09\":\"open\",\"N01\":\"open\"," \
                "\"N02\":\"open\",\"N03\":\"deck\",\"N05\":\"deck\"},\"known\":{\"A03\":1,\"N09\":1,\"N01\":1,\"N02\":1}"

/* The base position plus `players` (members of "players") and `more`
 * (members of "state"; NULL: DISPLAY), then player 3 ends its turn. */
static kt_scn meet(kt_t *T, const char *opts, const char *players, const char *more)
{
    char patch[4096];
    snprintf(patch, sizeof patch, "{\"state\":{\"players\":{%s},%s}}", players ? players : "",
             more ? more : DISPLAY);
    kt_scn c = fwm_scn(T, opts, 3, patch);
    if (c.s)
        AS(&c, P3, "end turn");
    return c;
}

/* Player 3's merchant A in Augsburg (player 1's home) with 2 spice, 1 metal. */
#define P3_IN_AUGSBURG "\"2\":{\"merchants\":{\"A\":{\"at\":\"AUG\",\"cargo\":{\"spice\":2,\"metal\":1},\"stamp\":3}}}"

KT_TEST(fwm_trade_in_phase_one_several_goods_at_one_agreed_price)
{
    kt_scn c = meet(T, NULL, P3_IN_AUGSBURG, NULL);
    KT_REQUIRE(c.s);
    /* phase 1 opens with the trades; player 2 meets nobody and is not asked */
    KT_STREQ(kt_decision(c.g, c.s), "trade");
    KT_EQ(kt_to_move(c.g, c.s), P3);
    KT_CHECK(fwm_legal_for(&c, P3, "buy from player 1 in Augsburg"));
    KT_CHECK(!fwm_legal_for(&c, P3, "sell to player 2 in Augsburg")); /* not met */
    AS(&c, P3, "sell to player 1 in Augsburg");
    KT_STREQ(kt_decision(c.g, c.s), "offer_goods");
    KT_CHECK(!fwm_legal_for(&c, P3, "add cloth")); /* its cloth lies in Florenz */
    KT_CHECK(!fwm_legal_for(&c, P3, "done"));      /* nothing chosen yet */
    AS(&c, P3, "add spice");
    AS(&c, P3, "Gewürz dazu");
    KT_CHECK(!fwm_legal_for(&c, P3, "add spice")); /* both units chosen */
    AS(&c, P3, "add metal");
    AS(&c, P3, "done");
    KT_STREQ(kt_decision(c.g, c.s), "offer_price");
    KT_CHECK(!fwm_legal_for(&c, P3, "price 9000-9980")); /* player 1 has 9000 FL */
    char *log = fwm_log(T, &c, P3, "price 3000-3980", P2, KT_LANG_EN);
    KT_CHECK(log && strstr(log, "picks a price") && !strstr(log, "3000")); /* not made yet */
    kt_free(log);
    AS(&c, P3, "price 3200-3280");
    log = fwm_log(T, &c, P3, "price 3240", P2, KT_LANG_EN);
    KT_REQUIRE(log);
    KT_CHECK(strstr(log, "Player 3 offers to sell to Player 1 in Augsburg: 2 spice, 1 metal for "
                         "3240 FL.") != NULL);
    kt_free(log);
    KT_STREQ(kt_decision(c.g, c.s), "offer_reply");
    KT_EQ(kt_to_move(c.g, c.s), P1);
    char *prompt = kt_prompt_as(c.g, c.s, P1, KT_LANG_DE);
    KT_CHECK(prompt && strstr(prompt, "Spieler 3 verkauft dir (Augsburg): 2 Gewürz, 1 Metall für "
                                      "3240 FL") != NULL);
    kt_free(prompt);
    AS(&c, P1, "accept");
    KT_EQ(S(&c)->pl[P1].money, 9000 - 3240);
    KT_EQ(S(&c)->pl[P3].money, 9000 + 3240);
    KT_EQ(S(&c)->pl[P1].m[0].cargo[G_SPICE], 2); /* onto player 1's merchant A there */
    KT_EQ(S(&c)->pl[P1].m[0].cargo[G_METAL], 1);
    KT_EQ(S(&c)->pl[P3].m[0].cargo[G_SPICE] + S(&c)->pl[P3].m[0].cargo[G_METAL], 0);
    /* player 3 may go on (it could buy from player 1 now), then player 1 */
    KT_STREQ(kt_decision(c.g, c.s), "trade");
    AS(&c, P3, "done trading");
    KT_EQ(kt_to_move(c.g, c.s), P1);
    AS(&c, P1, "Handel beenden");
    KT_STREQ(kt_decision(c.g, c.s), "move");
    kt_scn_free(&c);
}

/* One whole offer of player `p` (as in the test above); `answer` by `to`. */
static void offer(kt_t *T, kt_scn *c, int p, const char *start, const char *goods, int ngoods,
                  const char *const *picks, int npicks, int to, const char *answer)
{
    AS(c, p, start);
    for (int i = 0; i < ngoods; i++)
        AS(c, p, goods);
    AS(c, p, "done");
    for (int i = 0; i < npicks; i++)
        AS(c, p, picks[i]);
    AS(c, to, answer);
}

KT_TEST(fwm_trade_any_number_of_agreements_while_the_phase_lasts)
{
    static const char *const p2000[] = {"price 2000-2980", "price 2000-2080", "price 2000"};
    static const char *const p900[] = {"price 20-980", "price 900-980", "price 900"};
    static const char *const p500[] = {"price 20-980", "price 500-580", "price 500"};
    kt_scn c = meet(T, NULL, P3_IN_AUGSBURG, NULL);
    KT_REQUIRE(c.s);
    offer(T, &c, P3, "sell to player 1 in Augsburg", "add spice", 1, p2000, 3, P1, "decline");
    offer(T, &c, P3, "sell to player 1 in Augsburg", "add spice", 1, p900, 3, P1, "accept");
    offer(T, &c, P3, "buy from player 1 in Augsburg", "add cloth", 2, p900, 3, P1, "accept");
    AS(&c, P3, "sell to player 1 in Augsburg");
    AS(&c, P3, "add metal");
    AS(&c, P3, "cancel the offer");
    offer(T, &c, P3, "sell to player 1 in Augsburg", "add cloth", 1, p500, 3, P1, "accept");
    KT_EQ(S(&c)->tw_offers[P3], 5);
    KT_EQ(S(&c)->pl[P1].money, 9000 - 900 + 900 - 500);
    KT_EQ(S(&c)->pl[P3].m[0].cargo[G_CLOTH], 1); /* two bought, one sold back */
    KT_STREQ(kt_decision(c.g, c.s), "trade");
    AS(&c, P3, "done trading");
    /* player 1 trades too, within the same phase */
    KT_EQ(kt_to_move(c.g, c.s), P1);
    offer(T, &c, P1, "buy from player 3 in Augsburg", "add metal", 1, p900, 3, P3, "accept");
    KT_EQ(S(&c)->pl[P1].m[0].cargo[G_METAL], 1);
    AS(&c, P1, "done trading");
    KT_STREQ(kt_decision(c.g, c.s), "move");
    kt_scn_free(&c);
}

KT_TEST(fwm_trade_bound_is_an_option_that_studies_set)
{
    static const char *const p900[] = {"price 20-980", "price 900-980", "price 900"};
    KT_STREQ(kt_game_study_options("fwm"), "trade_offers=2");
    kt_scn c = meet(T, "trade_offers=2", P3_IN_AUGSBURG, NULL);
    KT_REQUIRE(c.s);
    offer(T, &c, P3, "sell to player 1 in Augsburg", "add spice", 1, p900, 3, P1, "decline");
    offer(T, &c, P3, "sell to player 1 in Augsburg", "add spice", 1, p900, 3, P1, "decline");
    /* two offers made: player 3 can offer nothing more, player 1's turn comes */
    KT_STREQ(kt_decision(c.g, c.s), "trade");
    KT_EQ(kt_to_move(c.g, c.s), P1);
    AS(&c, P1, "done trading");
    kt_scn_free(&c);
}

KT_TEST(fwm_trade_only_between_players_who_meet_and_only_goods_there)
{
    /* players 1 and 2 both live in Augsburg, but neither has a merchant there:
     * no trade; player 3 stands alone in Ulm */
    const char *apart = "\"0\":{\"merchants\":{\"A\":{\"at\":\"FRA\",\"stamp\":4},\"B\":{\"at\":\"FRA\",\"stamp\":4}}},"
                        "\"1\":{\"home\":\"AUG\",\"merchants\":{\"A\":{\"at\":\"LEI\",\"stamp\":5},\"B\":{\"at\":\"off\",\"stamp\":0}}},"
                        "\"2\":{\"merchants\":{\"A\":{\"at\":\"ULM\",\"cargo\":{\"spice\":1}},\"B\":{\"at\":\"ULM\"}}}";
    kt_scn c = meet(T, NULL, apart, NULL);
    KT_REQUIRE(c.s);
    KT_STREQ(kt_decision(c.g, c.s), "move"); /* no trading window: nobody meets */
    kt_scn_free(&c);
    /* player 2's merchant joins player 3's in Ulm (a bridge space, not a town) */
    const char *ulm = "\"0\":{\"merchants\":{\"A\":{\"at\":\"FRA\",\"stamp\":4},\"B\":{\"at\":\"FRA\",\"stamp\":4}}},"
                      "\"1\":{\"home\":\"AUG\",\"merchants\":{\"A\":{\"at\":\"ULM\",\"stamp\":0},\"B\":{\"at\":\"off\",\"stamp\":0}}},"
                      "\"2\":{\"merchants\":{\"A\":{\"at\":\"ULM\",\"cargo\":{\"spice\":1}},\"B\":{\"at\":\"ULM\"}}}";
    c = meet(T, NULL, ulm, NULL);
    KT_REQUIRE(c.s);
    KT_STREQ(kt_decision(c.g, c.s), "trade");
    KT_EQ(kt_to_move(c.g, c.s), P2);
    KT_CHECK(fwm_legal_for(&c, P2, "buy from player 3 in Ulm"));
    KT_CHECK(!fwm_legal_for(&c, P2, "sell to player 3 in Ulm")); /* its goods are in Augsburg */
    AS(&c, P2, "done trading");
    KT_EQ(kt_to_move(c.g, c.s), P3);
    KT_CHECK(!fwm_legal_for(&c, P3, "buy from player 2 in Ulm"));
    AS(&c, P3, "sell to player 2 in Ulm");
    KT_CHECK(fwm_legal_for(&c, P3, "add spice"));
    KT_CHECK(!fwm_legal_for(&c, P3, "add cloth")); /* its cloth is in Florenz */
    kt_scn_free(&c);
    /* player 2's merchant in Augsburg, player 1's home (player 1's merchants away):
     * player 1 sells from its warehouse */
    const char *home = "\"0\":{\"merchants\":{\"A\":{\"at\":\"FRA\",\"stamp\":4},\"B\":{\"at\":\"FRA\",\"stamp\":4}}},"
                       "\"1\":{\"merchants\":{\"A\":{\"at\":\"AUG\",\"stamp\":5}}}";
    c = meet(T, NULL, home, NULL);
    KT_REQUIRE(c.s);
    KT_EQ(kt_to_move(c.g, c.s), P2);
    AS(&c, P2, "done trading");
    KT_EQ(kt_to_move(c.g, c.s), P1);
    AS(&c, P1, "sell to player 2 in Augsburg");
    AS(&c, P1, "add cloth");
    AS(&c, P1, "add cloth");
    AS(&c, P1, "done");
    AS(&c, P1, "price 1000-1980");
    AS(&c, P1, "price 1000-1080");
    AS(&c, P1, "price 1000");
    AS(&c, P2, "accept");
    KT_EQ(S(&c)->pl[P1].ware[G_CLOTH], 0);
    KT_EQ(S(&c)->pl[P2].m[0].cargo[G_CLOTH], 2);
    kt_scn_free(&c);
}

KT_TEST(fwm_trades_come_before_the_deals_of_phase_one)
{
    /* N09: Antwerp buys up to 3 spice at most 1240, due now.  Player 3's merchant
     * there has no spice, player 2's has 2: player 3 buys them and sells them to
     * the demand in the same phase 1 */
    kt_scn c = meet(T, NULL,
                    "\"1\":{\"merchants\":{\"A\":{\"at\":\"ANT\",\"cargo\":{\"spice\":2},\"stamp\":4}}},"
                    "\"2\":{\"merchants\":{\"A\":{\"at\":\"ANT\",\"stamp\":5}}}",
                    "\"open\":[{\"card\":\"N09\",\"due\":1,\"seq\":1}],\"seq\":1,"
                    "\"deck\":[\"N01\",\"N02\",\"N03\",\"N05\"],\"where\":{\"N09\":\"open\",\"N01\":\"deck\","
                    "\"N02\":\"deck\",\"N03\":\"deck\",\"N05\":\"deck\"},\"known\":{\"N09\":1}");
    KT_REQUIRE(c.s);
    KT_STREQ(kt_decision(c.g, c.s), "trade");
    AS(&c, P2, "done trading");
    AS(&c, P3, "buy from player 2 in Antwerp");
    AS(&c, P3, "add spice");
    AS(&c, P3, "add spice");
    AS(&c, P3, "done");
    AS(&c, P3, "price 1000-1980");
    AS(&c, P3, "price 1800-1880");
    AS(&c, P3, "price 1800");
    AS(&c, P2, "accept");
    AS(&c, P3, "done trading");
    KT_STREQ(kt_decision(c.g, c.s), "bid");
    KT_EQ(kt_pending(c.g, c.s), 1u << P3); /* player 2 has no spice left to sell */
    AS(&c, P3, "bid 2 at 1240");
    KT_EQ(S(&c)->pl[P3].money, 9000 - 1800 + 2 * 1240);
    KT_EQ(S(&c)->pl[P2].money, 9000 + 1800);
    kt_scn_free(&c);
}

/* Player 3 (the heuristic) carries 5 spice in Augsburg; Hamburg (N11) buys 2
 * spice at up to 1300 in a while: player 3 keeps 2, player 1 could use 1
 * more (it has 1 at home) - a trade both gain from. */
#define SURPLUS_PLAYERS "\"2\":{\"merchants\":{\"A\":{\"at\":\"AUG\",\"cargo\":{\"spice\":5},\"stamp\":3}}}"
#define SURPLUS_MORE "\"open\":[{\"card\":\"N11\",\"due\":10,\"seq\":1}],\"seq\":1," \
                     "\"deck\":[\"N01\",\"N02\",\"N03\",\"N05\"],\"where\":{\"N11\":\"open\",\"N01\":\"deck\"," \
                     "\"N02\":\"deck\",\"N03\":\"deck\",\"N05\":\"deck\"},\"known\":{\"N11\":1}"

KT_TEST(fwm_heuristic_does_not_repeat_a_declined_offer)
{
    kt_scn c = meet(T, NULL, SURPLUS_PLAYERS, SURPLUS_MORE);
    KT_REQUIRE(c.s);
    KT_STREQ(kt_decision(c.g, c.s), "trade");
    KT_EQ(kt_to_move(c.g, c.s), P3);
    kt_bot *h = NULL;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_bot_new(c.g, "heuristic", 1, &h, &err), &err));
    /* the heuristic makes its offer ... */
    int steps = 0;
    while (S(&c)->stage != FS_REPLY && steps++ < 20) {
        kt_action a;
        KT_REQUIRE(KT_OKS(kt_bot_choose(h, c.s, &a, &err), &err));
        KT_REQUIRE(KT_OKS(kt_apply(c.g, c.s, a, &err), &err));
    }
    KT_STREQ(kt_decision(c.g, c.s), "offer_reply");
    KT_EQ(S(&c)->of_goods[G_SPICE], 1);
    /* ... which the heuristic in player 1's seat would accept (both gain) ... */
    kt_action a;
    KT_REQUIRE(KT_OKS(kt_bot_choose(h, c.s, &a, &err), &err));
    KT_EQ(a, FWM_ACT(A_ACCEPT, 0, 0, 0));
    /* ... but player 1 declines, and the bot does not make it again */
    AS(&c, P1, "decline");
    KT_STREQ(kt_decision(c.g, c.s), "trade");
    KT_EQ(kt_to_move(c.g, c.s), P3);
    KT_REQUIRE(KT_OKS(kt_bot_choose(h, c.s, &a, &err), &err));
    KT_EQ(a, FWM_ACT(A_DONE, 0, 0, 0));
    kt_bot_free(h);
    kt_scn_free(&c);
}

/* Four heuristic bots, trading-house games: how often a player is asked to
 * answer an offer, and that no bot offers again to a player who declined it
 * in the same phase.  The movement-turn offers of issue 25 asked about 136
 * times a game (17.6 in rounds 1-4), every offer declined. */
KT_TEST(fwm_heuristic_offers_are_few_and_never_repeated_after_a_decline)
{
    kt_game *g = NULL;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("fwm", NULL, 4, 1, NULL, &g, &err), &err));
    kt_state *s = kt_state_new(g);
    kt_bot *h = NULL;
    KT_REQUIRE(KT_OKS(kt_bot_new(g, "heuristic", 1, &h, &err), &err));
    int games = kt_t_scaled(20);
    long prompts = 0, accepted = 0, repeated = 0;
    for (int k = 0; k < games; k++) {
        kt_state_init_seed(g, s, 1000u + (uint64_t)k);
        for (long n = 0; n < 200000 && !kt_is_over(g, s); n++) {
            const fwm_state *fs = (const fwm_state *)s;
            kt_action a;
            KT_REQUIRE(KT_OKS(kt_bot_choose(h, s, &a, &err), &err));
            int p = kt_to_move(g, s);
            if (fs->stage == FS_TRADE && ACT_K(a) == A_TRADE && ((fs->tw_declined[p] >> ACT_A(a)) & 1u))
                repeated++;
            if (fs->stage == FS_REPLY) {
                prompts++;
                accepted += ACT_K(a) == A_ACCEPT;
            }
            kt_apply_trusted(g, s, a);
        }
        KT_CHECK(kt_is_over(g, s));
    }
    printf("  4 heuristics, %d games: %.2f offers a game answered, %.2f accepted\n", games,
           (double)prompts / games, (double)accepted / games);
    KT_EQ(repeated, 0);
    KT_CHECK(prompts <= 10L * games);
    kt_bot_free(h);
    kt_state_free(g, s);
    kt_game_free(g);
}
