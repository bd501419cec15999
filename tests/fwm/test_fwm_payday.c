/*
 * test_fwm_payday.c - Fugger, Welser, Medici: payday in December (hiring,
 * firing, IOU interest, wages, taxes, forced sale when short), the
 * trading-house end and its winner.
 */
#include <stdio.h>
#include <string.h>

#include "fwm_helpers.h"

/* Round 8 is November: the next round is December, payday. */
static kt_scn payday(kt_t *T, const char *opts, const char *players)
{
    char patch[2048];
    snprintf(patch, sizeof patch,
             "{\"state\":{\"round\":8,\"deck\":[\"N01\",\"N02\",\"N03\",\"N04\"],"
             "\"open\":[{\"card\":\"N05\",\"due\":30,\"seq\":1}],\"seq\":1,"
             "\"where\":{\"N01\":\"deck\",\"N02\":\"deck\",\"N03\":\"deck\",\"N04\":\"deck\","
             "\"N05\":\"open\"},\"known\":{\"N05\":1},\"players\":%s}}",
             players);
    kt_scn c = fwm_scn(T, opts, 3, patch);
    if (c.s)
        fwm_end_round(T, &c);
    return c;
}

KT_TEST(fwm_payday_hiring_depends_on_the_merchants_on_the_map)
{
    /* player 1: no ordinary merchant on the map (hire up to 2); player 2: one (hire 1);
     * player 3: two (none) */
    kt_scn c = payday(T, NULL, "{\"0\":{\"merchants\":{\"B\":{\"at\":\"off\",\"stamp\":0}}},"
                               "\"2\":{\"merchants\":{\"C\":{\"at\":\"LUC\"}}}}");
    KT_REQUIRE(c.s);
    KT_STREQ(kt_decision(c.g, c.s), "payday");
    KT_EQ(kt_to_move(c.g, c.s), 1); /* the start player passed on: player 2 starts */
    AS(&c, 1, "hire a merchant");
    KT_CHECK(!fwm_legal_for(&c, 1, "hire a merchant"));
    KT_EQ(S(&c)->pl[1].m[2].pos, fwm_sp(&c, "NUR")); /* at home, empty */
    AS(&c, 1, "done");
    KT_CHECK(!fwm_legal_for(&c, 2, "hire a merchant"));
    AS(&c, 2, "done");
    AS(&c, 0, "hire a merchant");
    AS(&c, 0, "Händler einstellen");
    KT_CHECK(!fwm_legal_for(&c, 0, "hire a merchant"));
    AS(&c, 0, "done");
    KT_STREQ(kt_decision(c.g, c.s), "move");
    /* wages: two ordinary merchants 100 + 400, one 100; taxes 300 / 300 / 400 */
    KT_EQ(S(&c)->pl[0].money, 9000 - 500 - 300);
    KT_EQ(S(&c)->pl[1].money, 9000 - 500 - 300);
    KT_EQ(S(&c)->pl[2].money, 9000 - 500 - 400);
    kt_scn_free(&c);
}

KT_TEST(fwm_payday_fired_merchant_loses_its_goods_the_representative_is_free)
{
    kt_scn c = payday(T, NULL, "{\"1\":{\"merchants\":{\"B\":{\"cargo\":{\"metal\":2}}}}}");
    KT_REQUIRE(c.s);
    KT_CHECK(!fwm_legal_for(&c, 1, "fire A")); /* the representative cannot be fired */
    AS(&c, 1, "fire B");
    KT_EQ(S(&c)->pl[1].m[1].pos, FWM_OFF);
    KT_EQ(fwm_cargo(&S(&c)->pl[1].m[1]), 0);
    AS(&c, 1, "done");
    AS(&c, 2, "done");
    AS(&c, 0, "done");
    KT_EQ(S(&c)->pl[1].money, 9000 - 300); /* only the representative: no wages */
    kt_scn_free(&c);
}

KT_TEST(fwm_payday_interest_comes_before_wages)
{
    /* nobility game: player 1 has 0 FL but 2 IOUs: 400 FL interest pays wages and tax */
    kt_scn c = payday(T, "mode=nobility", "{\"0\":{\"money\":0,\"ious\":2,\"warehouse\":{\"cloth\":0,"
                                          "\"spice\":0,\"metal\":0},\"merchants\":{\"B\":{\"at\":\"off\",\"stamp\":0}}}}");
    KT_REQUIRE(c.s);
    AS(&c, 1, "done");
    AS(&c, 2, "done");
    AS(&c, 0, "done");
    KT_EQ(S(&c)->pl[0].money, 400 - 300);
    KT_EQ(S(&c)->pl[0].ious, 2);
    KT_STREQ(kt_decision(c.g, c.s), "move");
    kt_scn_free(&c);
}

KT_TEST(fwm_payday_short_of_money_forces_a_sale)
{
    kt_scn c = payday(T, NULL, "{\"2\":{\"money\":100}}");
    KT_REQUIRE(c.s);
    AS(&c, 1, "done");
    AS(&c, 2, "done");
    AS(&c, 0, "done");
    /* player 3 owes 100 wages (one ordinary merchant) + 400 tax */
    KT_STREQ(kt_decision(c.g, c.s), "forced_sale");
    KT_EQ(kt_to_move(c.g, c.s), 2);
    AS(&c, 2, "sell metal (warehouse)");
    KT_STREQ(kt_decision(c.g, c.s), "move");
    KT_EQ(S(&c)->pl[2].money, 100 + 1100 - 500);
    kt_scn_free(&c);
}

KT_TEST(fwm_payday_corruption_holder_pays_no_taxes)
{
    kt_scn c = fwm_scn(T, "mode=nobility", 3,
                       "{\"state\":{\"round\":8,\"corrupt\":0,\"deck\":[\"N01\",\"N02\",\"N03\",\"N04\"],"
                       "\"open\":[{\"card\":\"N05\",\"due\":30,\"seq\":1}],\"seq\":1,"
                       "\"where\":{\"N01\":\"deck\",\"N02\":\"deck\",\"N03\":\"deck\",\"N04\":\"deck\","
                       "\"N05\":\"open\",\"E13\":\"held\"},\"known\":{\"N05\":1,\"E13\":1}}}");
    KT_REQUIRE(c.s);
    fwm_end_round(T, &c);
    AS(&c, 1, "done");
    AS(&c, 2, "done");
    AS(&c, 0, "done");
    KT_EQ(S(&c)->pl[0].money, 9000 - 100);
    KT_EQ(S(&c)->pl[1].money, 9000 - 100 - 300);
    kt_scn_free(&c);
}

KT_TEST(fwm_trading_house_ends_when_the_deck_is_out_and_the_last_demand_resolved)
{
    /* deck empty; open: N09 (Antwerp demand, due now) and A03 (supply, due later).
     * Player 2 sells 3 spice and wins after everything is sold to the bank. */
    kt_scn c = fwm_scn(T, NULL, 3,
                       "{\"state\":{\"open\":[{\"card\":\"N09\",\"due\":1,\"seq\":1},"
                       "{\"card\":\"A03\",\"due\":4,\"seq\":2}],\"seq\":2,"
                       "\"where\":{\"N09\":\"open\",\"A03\":\"open\"},\"known\":{\"N09\":1,\"A03\":1},"
                       "\"players\":{\"1\":{\"merchants\":{\"A\":{\"at\":\"ANT\",\"cargo\":{\"spice\":3},\"stamp\":5}}}}}}");
    KT_REQUIRE(c.s);
    fwm_end_round(T, &c);
    BID(&c, 1, 3, 1240);
    KT_CHECK(kt_is_over(c.g, c.s));
    KT_EQ(S(&c)->where[fwm_cd(&c, "A03")], W_OPEN); /* remaining supply ignored */
    kt_result r;
    kt_result_get(c.g, c.s, &r);
    KT_CHECK(r.finished);
    /* 9000 + 3720 + warehouse 2 cloth, 1 spice, 1 metal at 500/800/1100 */
    KT_EQ((long)r.score[1], 9000 + 3720 + 1000 + 800 + 1100);
    KT_EQ((long)r.score[0], 9000 + 2900);
    KT_EQ(r.winners, 2u);
    kt_scn_free(&c);
}

KT_TEST(fwm_trading_house_ties_share_the_win)
{
    kt_scn c = fwm_scn(T, NULL, 2,
                       "{\"state\":{\"open\":[{\"card\":\"N09\",\"due\":1,\"seq\":1}],\"seq\":1,"
                       "\"where\":{\"N09\":\"open\"},\"known\":{\"N09\":1}}}");
    KT_REQUIRE(c.s);
    fwm_end_round(T, &c); /* nobody can sell: the game ends, both equal */
    KT_CHECK(kt_is_over(c.g, c.s));
    kt_result r;
    kt_result_get(c.g, c.s, &r);
    KT_EQ(r.winners, 3u);
    kt_scn_free(&c);
}
