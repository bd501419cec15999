/*
 * test_fwm_noble.c - Fugger, Welser, Medici: the nobility, manor and full
 * games.  Noble demands (discount, 2d6 against the track, the four
 * outcomes), the Reckoning Trick, IOUs (interest, forced sale, trade),
 * cards back to the reserve or used up, the reserve becoming the deck,
 * ennoblement and the end of each longer mode, manors and their effects.
 */
#include <stdio.h>
#include <string.h>

#include "fwm_helpers.h"

/* D01: a noble in Augsburg wants up to 2 spice at most 1400.  Player 1 lives
 * there (1 spice in the warehouse); resolved in round 1. */
static kt_scn noble(kt_t *T, const char *opts, const char *more)
{
    char patch[2048];
    snprintf(patch, sizeof patch,
             "{\"state\":{\"open\":[{\"card\":\"D01\",\"due\":1,\"seq\":1}],\"seq\":1,"
             "\"deck\":[\"N01\",\"N02\",\"N03\",\"N05\"],\"where\":{\"D01\":\"open\",\"N01\":\"deck\","
             "\"N02\":\"deck\",\"N03\":\"deck\",\"N05\":\"deck\"%s},\"known\":{\"D01\":1%s}%s%s}}",
             more && strstr(more, "\"trick\"") ? ",\"E09\":\"held\"" : "",
             more && strstr(more, "\"trick\"") ? ",\"E09\":1" : "", more ? "," : "",
             more ? more : "");
    kt_scn c = fwm_scn(T, opts ? opts : "mode=nobility", 3, patch);
    if (c.s) {
        fwm_end_round(T, &c);
        BID(&c, 0, 1, 1400);
    }
    return c;
}

KT_TEST(fwm_noble_demand_iou_outcome_one_or_two_ious)
{
    for (int big = 0; big < 2; big++) {
        kt_scn c = noble(T, NULL, NULL);
        KT_REQUIRE(c.s);
        KT_STREQ(kt_decision(c.g, c.s), "noble_discount");
        KT_CHECK(fwm_legal_for(&c, 0, "no discount"));
        DICE(&c, 3, 4); /* 7 at position 0: IOUs */
        AS(&c, 0, big ? "discount 1000" : "Nachlass 500");
        KT_EQ(S(&c)->pl[0].ious, big ? 2 : 1);
        KT_EQ(S(&c)->pl[0].track, big ? 4 : 2);
        KT_EQ(S(&c)->pl[0].money, 9000 + 1400 - (big ? 1000 : 500));
        kt_scn_free(&c);
    }
}

KT_TEST(fwm_noble_demand_honour_sea_escort_and_free_passage)
{
    kt_scn c = noble(T, NULL, NULL);
    KT_REQUIRE(c.s);
    DICE(&c, 5, 6); /* 11: honour */
    AS(&c, 0, "discount 500");
    KT_EQ(S(&c)->pl[0].track, 3);
    KT_EQ(S(&c)->pl[0].ious, 0);
    kt_scn_free(&c);
    c = noble(T, NULL, NULL);
    KT_REQUIRE(c.s);
    DICE(&c, 2, 3); /* 5: sea escort */
    AS(&c, 0, "discount 500");
    KT_STREQ(kt_decision(c.g, c.s), "cube");
    AS(&c, 0, "sea escort in North Sea");
    KT_EQ(S(&c)->pl[0].track, 2);
    KT_EQ(S(&c)->pl[0].cubes, 1u << fwm_area_find(C(&c), "nordsee"));
    kt_scn_free(&c);
    c = noble(T, NULL, NULL);
    KT_REQUIRE(c.s);
    DICE(&c, 1, 2); /* 3: free passage */
    AS(&c, 0, "discount 500");
    KT_CHECK(!fwm_legal_for(&c, 0, "free passage in North Sea"));
    AS(&c, 0, "freies Geleit in Franken");
    KT_EQ(S(&c)->pl[0].track, 1);
    KT_EQ(S(&c)->pl[0].cubes, 1u << fwm_area_find(C(&c), "franken"));
    kt_scn_free(&c);
}

KT_TEST(fwm_noble_roll_is_read_at_the_sellers_track_position)
{
    /* position 3: the table row 3-5 reads 5 as free passage (row 0-2: sea escort) */
    kt_scn c = noble(T, NULL, "\"players\":{\"0\":{\"track\":3}}");
    KT_REQUIRE(c.s);
    DICE(&c, 2, 3);
    AS(&c, 0, "discount 500");
    KT_STREQ(kt_decision(c.g, c.s), "cube");
    KT_CHECK(fwm_legal_for(&c, 0, "free passage in Swabia"));
    KT_EQ(S(&c)->pl[0].track, 4);
    kt_scn_free(&c);
}

KT_TEST(fwm_reckoning_trick_600_counts_as_1000_and_is_used_up)
{
    kt_scn c = noble(T, NULL, "\"trick\":0");
    KT_REQUIRE(c.s);
    DICE(&c, 4, 4);
    AS(&c, 0, "discount 1000 by Reckoning Trick");
    KT_EQ(S(&c)->pl[0].money, 9000 + 1400 - 600);
    KT_EQ(S(&c)->pl[0].ious, 2);
    KT_EQ(S(&c)->trick, -1);
    KT_EQ(S(&c)->where[fwm_cd(&c, "E09")], W_GONE);
    kt_scn_free(&c);
}

KT_TEST(fwm_used_cards_go_to_the_reserve_or_leave_the_game)
{
    kt_scn c = noble(T, NULL, NULL);
    KT_REQUIRE(c.s);
    AS(&c, 0, "no discount");
    KT_EQ(S(&c)->where[fwm_cd(&c, "D01")], W_RESERVE); /* "back to the reserve" */
    kt_scn_free(&c);
    /* N04 is single use */
    c = fwm_scn(T, "mode=nobility", 3,
                "{\"state\":{\"open\":[{\"card\":\"N04\",\"due\":1,\"seq\":1}],\"seq\":1,"
                "\"deck\":[\"N01\",\"N02\",\"N03\",\"N05\"],\"where\":{\"N04\":\"open\",\"N01\":\"deck\","
                "\"N02\":\"deck\",\"N03\":\"deck\",\"N05\":\"deck\"},\"known\":{\"N04\":1}}}");
    KT_REQUIRE(c.s);
    fwm_end_round(T, &c);
    KT_EQ(S(&c)->where[fwm_cd(&c, "N04")], W_GONE);
    kt_scn_free(&c);
}

KT_TEST(fwm_reserve_becomes_the_draw_deck_when_it_runs_out)
{
    kt_scn c = fwm_draw(T, "mode=nobility", 3, "", "\"N07\":\"reserve\",\"N08\":\"reserve\"", NULL);
    KT_REQUIRE(c.s);
    /* N12 went back to the reserve; the deck was empty: the reserve (3 cards) was
     * shuffled in and one drawn */
    KT_EQ(fwm_open_counted(C(&c), S(&c)), 4);
    KT_EQ(S(&c)->ndeck, 2);
    int drawn = 0;
    const char *ids[3] = {"N07", "N08", "N12"};
    for (int i = 0; i < 3; i++)
        drawn += S(&c)->where[fwm_cd(&c, ids[i])] == W_OPEN;
    KT_EQ(drawn, 1);
    kt_scn_free(&c);
}

KT_TEST(fwm_ious_sell_for_300_and_trade_without_track_changes)
{
    kt_scn c = fwm_scn(T, "mode=nobility", 3,
                       "{\"state\":{\"players\":{\"2\":{\"ious\":2,\"track\":4},"
                       "\"0\":{\"merchants\":{\"A\":{\"at\":\"FLO\",\"stamp\":7}}}}}}");
    KT_REQUIRE(c.s);
    AS(&c, 2, "sell an IOU");
    KT_EQ(S(&c)->pl[2].money, 9300);
    KT_EQ(S(&c)->pl[2].track, 4);
    AS(&c, 2, "end turn"); /* phase 1 of the next round opens with the trades */
    KT_STREQ(kt_decision(c.g, c.s), "trade");
    AS(&c, 2, "sell to player 1 in Florence"); /* player 1's merchant is in Florenz */
    AS(&c, 2, "add an IOU");
    AS(&c, 2, "done");
    AS(&c, 2, "price 20-980");
    AS(&c, 2, "price 400-480");
    AS(&c, 2, "price 420");
    AS(&c, 0, "accept");
    KT_EQ(S(&c)->pl[0].ious, 1);
    KT_EQ(S(&c)->pl[2].ious, 0);
    KT_EQ(S(&c)->pl[0].track, 0);
    KT_EQ(S(&c)->pl[2].track, 4);
    kt_scn_free(&c);
}

KT_TEST(fwm_nobility_game_first_at_the_end_wins)
{
    kt_scn c = noble(T, NULL, "\"players\":{\"0\":{\"track\":5}}");
    KT_REQUIRE(c.s);
    KT_EQ(C(&c)->track_end, 8);
    DICE(&c, 6, 6); /* 12 at position 5: honour, +3 -> the end */
    AS(&c, 0, "discount 500");
    KT_CHECK(kt_is_over(c.g, c.s));
    kt_result r;
    kt_result_get(c.g, c.s, &r);
    KT_EQ(r.winners, 1u);
    KT_CHECK(S(&c)->pl[0].noble);
    kt_scn_free(&c);
}

KT_TEST(fwm_nobility_several_ennobled_at_once_the_richest_wins)
{
    /* Army Costs (E08), 3 players: 2 IOUs; players 1 and 2 at 6 each buy one -> both
     * reach the end (8) in the same auction; player 2 is richer */
    kt_scn c = fwm_draw(T, "mode=nobility", 3, "N07,E08", NULL,
                        "\"players\":{\"0\":{\"track\":6},\"1\":{\"track\":6,\"money\":12000}}");
    KT_REQUIRE(c.s);
    KT_STREQ(kt_decision(c.g, c.s), "bid");
    BID(&c, 0, 1, 600);
    BID(&c, 1, 1, 500);
    BID(&c, 2, 0, 0);
    KT_CHECK(kt_is_over(c.g, c.s));
    kt_result r;
    kt_result_get(c.g, c.s, &r);
    KT_EQ(r.winners, 2u);
    kt_scn_free(&c);
}

/* H01: manor at Augsburg, lowest bid 3400, rent 300; due in round 1. */
static kt_scn manor_w(kt_t *T, const char *opts, const char *where, const char *more)
{
    char patch[2048];
    snprintf(patch, sizeof patch,
             "{\"state\":{\"open\":[{\"card\":\"H01\",\"due\":1,\"seq\":1},{\"card\":\"A03\",\"due\":5,\"seq\":2},"
             "{\"card\":\"N09\",\"due\":6,\"seq\":3},{\"card\":\"N01\",\"due\":7,\"seq\":4},"
             "{\"card\":\"N02\",\"due\":8,\"seq\":5}],\"seq\":5,"
             "\"deck\":[\"N03\",\"N05\"],\"where\":{\"H01\":\"open\",\"A03\":\"open\",\"N09\":\"open\","
             "\"N01\":\"open\",\"N02\":\"open\",\"N03\":\"deck\",\"N05\":\"deck\"%s},"
             "\"known\":{\"H01\":1,\"A03\":1,\"N09\":1,\"N01\":1,\"N02\":1,\"H02\":%d}%s%s}}",
             where ? where : "", where != NULL, more ? "," : "", more ? more : "");
    kt_scn c = fwm_scn(T, opts, 3, patch);
    if (c.s)
        fwm_end_round(T, &c);
    return c;
}

static kt_scn manor(kt_t *T, const char *opts, const char *more)
{
    return manor_w(T, opts, NULL, more);
}

KT_TEST(fwm_manor_only_nobles_bid_and_the_first_purchase_ends_the_manor_game)
{
    /* players 1 and 2 are in Augsburg (player 1 lives there); only player 2 is noble */
    kt_scn c = manor(T, "mode=manor",
                     "\"players\":{\"1\":{\"track\":8,\"noble\":1,\"merchants\":{\"A\":{\"at\":\"AUG\",\"stamp\":5}}}}");
    KT_REQUIRE(c.s);
    KT_STREQ(kt_decision(c.g, c.s), "bid");
    KT_EQ(kt_pending(c.g, c.s), 2u);
    KT_CHECK(!fwm_legal_for(&c, 1, "bid 3380")); /* below the lowest bid, 3400 */
    KT_CHECK(fwm_legal_for(&c, 1, "bid 3400") && fwm_legal_for(&c, 1, "biete 13380"));
    BID(&c, 1, 1, 6200);
    KT_CHECK(kt_is_over(c.g, c.s));
    KT_EQ(S(&c)->pl[1].manors, 1);
    KT_EQ(S(&c)->pl[1].money, 9000 - 6200);
    kt_result r;
    kt_result_get(c.g, c.s, &r);
    KT_EQ(r.winners, 2u);
    kt_scn_free(&c);
}

KT_TEST(fwm_manor_unsold_goes_back_to_the_reserve_and_does_not_count_as_a_deal)
{
    kt_scn c = manor(T, "mode=manor", NULL);
    KT_REQUIRE(c.s);
    KT_EQ(S(&c)->where[fwm_cd(&c, "H01")], W_RESERVE);
    KT_EQ(fwm_open_counted(C(&c), S(&c)), 4); /* the four deals were untouched: no draw */
    KT_EQ(S(&c)->ndeck, 2);
    kt_scn_free(&c);
    /* a manor drawn is placed and another card drawn after it */
    c = fwm_draw(T, "mode=manor", 3, "N07,H02", NULL, NULL);
    KT_REQUIRE(c.s);
    KT_EQ(S(&c)->where[fwm_cd(&c, "H02")], W_OPEN);
    KT_EQ(S(&c)->where[fwm_cd(&c, "N07")], W_OPEN);
    KT_EQ(fwm_open_counted(C(&c), S(&c)), 4);
    kt_scn_free(&c);
}

KT_TEST(fwm_full_game_first_manor_buyer_interest_taxes_and_rent)
{
    /* the full game goes on after the first manor */
    kt_scn c = manor(T, "mode=full",
                     "\"players\":{\"0\":{\"track\":8,\"noble\":1,\"ious\":2}}");
    KT_REQUIRE(c.s);
    BID(&c, 0, 1, 6000);
    KT_CHECK(!kt_is_over(c.g, c.s));
    KT_EQ(S(&c)->manor_first, 0);
    kt_scn_free(&c);
    /* payday: the first buyer collects 300 per IOU, pays no tax and receives the others' */
    c = fwm_scn(T, "mode=full", 3,
                "{\"state\":{\"round\":8,\"manor_first\":0,\"hold\":{\"H01\":0},"
                "\"deck\":[\"N01\",\"N02\",\"N03\",\"N04\"],\"open\":[{\"card\":\"N05\",\"due\":30,\"seq\":1}],"
                "\"seq\":1,\"where\":{\"N01\":\"deck\",\"N02\":\"deck\",\"N03\":\"deck\",\"N04\":\"deck\","
                "\"N05\":\"open\",\"H01\":\"held\"},\"known\":{\"N05\":1,\"H01\":1},"
                "\"players\":{\"0\":{\"track\":8,\"noble\":1,\"ious\":2,\"manors\":1}}}}");
    KT_REQUIRE(c.s);
    fwm_end_round(T, &c);
    AS(&c, 1, "done");
    AS(&c, 2, "done");
    AS(&c, 0, "done");
    KT_EQ(S(&c)->pl[0].money, 9000 + 600 - 100 + 300 + 400);
    KT_EQ(S(&c)->pl[1].money, 9000 - 100 - 300);
    kt_scn_free(&c);
    /* rent every early July (round 19 is early July of the next year) */
    c = fwm_scn(T, "mode=full", 3,
                "{\"state\":{\"round\":18,\"manor_first\":0,\"hold\":{\"H01\":0},"
                "\"deck\":[\"N01\",\"N02\",\"N03\",\"N04\"],\"open\":[{\"card\":\"N05\",\"due\":30,\"seq\":1}],"
                "\"seq\":1,\"where\":{\"N01\":\"deck\",\"N02\":\"deck\",\"N03\":\"deck\",\"N04\":\"deck\","
                "\"N05\":\"open\",\"H01\":\"held\"},\"known\":{\"N05\":1,\"H01\":1},"
                "\"players\":{\"0\":{\"track\":8,\"noble\":1,\"manors\":1}}}}");
    KT_REQUIRE(c.s);
    fwm_end_round(T, &c);
    KT_STREQ(C(&c)->cal[fwm_cal_at(C(&c), S(&c)->round)].en, "early July");
    KT_EQ(S(&c)->pl[0].money, 9000 + 300);
    kt_scn_free(&c);
}

KT_TEST(fwm_full_game_ends_with_two_owners_the_richer_wins_counting_the_manor)
{
    /* player 2 owns H02 (lowest bid 3400) already with 4000 FL; player 1 buys H01
     * (lowest bid 3400) for 6000 and has 3000 left: 3000 + 3400 + goods < 4000 + 3400 +
     * goods, so player 2 wins although player 1 had more money before (each manor
     * counts at its lowest bid, not at the price paid) */
    kt_scn c = manor_w(T, "mode=full", ",\"H02\":\"held\"",
                     "\"manor_first\":1,\"hold\":{\"H02\":1},"
                     "\"players\":{\"0\":{\"money\":9000,\"track\":8,\"noble\":1},"
                     "\"1\":{\"money\":4000,\"track\":8,\"noble\":1,\"manors\":1}}");
    KT_REQUIRE(c.s);
    BID(&c, 0, 1, 6000);
    KT_CHECK(kt_is_over(c.g, c.s));
    kt_result r;
    kt_result_get(c.g, c.s, &r);
    KT_EQ((long)r.score[0], 3000 + 3400 + 2900);
    KT_EQ((long)r.score[1], 4000 + 3400 + 2900);
    KT_EQ(r.winners, 2u);
    KT_CHECK(r.rank[2] > r.rank[0]); /* no manor: behind both owners */
    kt_scn_free(&c);
}

KT_TEST(fwm_full_game_ends_when_one_player_owns_every_manor)
{
    /* player 1 owns H02, H03, H04 and buys H01: no second owner can ever come */
    kt_scn c = fwm_scn(T, "mode=full", 3,
                       "{\"state\":{\"open\":[{\"card\":\"H01\",\"due\":1,\"seq\":1},"
                       "{\"card\":\"A03\",\"due\":5,\"seq\":2},{\"card\":\"N09\",\"due\":6,\"seq\":3},"
                       "{\"card\":\"N01\",\"due\":7,\"seq\":4},{\"card\":\"N02\",\"due\":8,\"seq\":5}],"
                       "\"seq\":5,\"deck\":[\"N03\",\"N05\"],\"manor_first\":0,"
                       "\"hold\":{\"H02\":0,\"H03\":0,\"H04\":0},"
                       "\"where\":{\"H01\":\"open\",\"A03\":\"open\",\"N09\":\"open\",\"N01\":\"open\","
                       "\"N02\":\"open\",\"N03\":\"deck\",\"N05\":\"deck\",\"H02\":\"held\","
                       "\"H03\":\"held\",\"H04\":\"held\"},"
                       "\"known\":{\"H01\":1,\"A03\":1,\"N09\":1,\"N01\":1,\"N02\":1,\"H02\":1,"
                       "\"H03\":1,\"H04\":1},\"players\":{\"0\":{\"track\":8,\"noble\":1,\"manors\":3}}}}");
    if (c.s)
        fwm_end_round(T, &c);
    KT_REQUIRE(c.s);
    BID(&c, 0, 1, 3400);
    KT_CHECK(kt_is_over(c.g, c.s));
    kt_result r;
    kt_result_get(c.g, c.s, &r);
    KT_EQ(r.winners, 1u);
    kt_scn_free(&c);
}

KT_TEST(fwm_manor_resolves_after_the_fair_and_before_supply)
{
    /* round 15, early May: the fair M01, manor H01 and supply A08 all due */
    kt_scn c = fwm_scn(T, "mode=manor", 3,
                       "{\"state\":{\"round\":14,\"fair\":\"M01\",\"open\":[{\"card\":\"A08\",\"due\":15,\"seq\":1},"
                       "{\"card\":\"H01\",\"due\":15,\"seq\":2},{\"card\":\"N09\",\"due\":20,\"seq\":3},"
                       "{\"card\":\"N01\",\"due\":20,\"seq\":4},{\"card\":\"N02\",\"due\":20,\"seq\":5}],\"seq\":5,"
                       "\"deck\":[\"N03\",\"N05\",\"N07\"],\"where\":{\"A08\":\"open\",\"H01\":\"open\",\"N09\":\"open\","
                       "\"N01\":\"open\",\"N02\":\"open\",\"M01\":\"open\",\"N03\":\"deck\",\"N05\":\"deck\",\"N07\":\"deck\"},"
                       "\"known\":{\"A08\":1,\"H01\":1,\"N09\":1,\"N01\":1,\"N02\":1,\"M01\":1},"
                       "\"players\":{\"0\":{\"track\":8,\"noble\":1,\"merchants\":{\"B\":{\"at\":\"FRA\",\"cargo\":{\"spice\":1},\"stamp\":6}}}}}}");
    KT_REQUIRE(c.s);
    fwm_end_round(T, &c);
    int order[8], n = 0;
    while (strcmp(kt_decision(c.g, c.s), "bid") == 0 && n < 8) {
        int card = S(&c)->auc.card;
        if (n == 0 || order[n - 1] != card)
            order[n++] = card;
        AS(&c, 0, "pass");
    }
    KT_EQ(n, 3);
    KT_EQ(order[0], fwm_cd(&c, "M01"));
    KT_EQ(order[1], fwm_cd(&c, "H01"));
    KT_EQ(order[2], fwm_cd(&c, "A08"));
    kt_scn_free(&c);
}
