/*
 * test_fwm_move.c - Fugger, Welser, Medici: the movement phase.  Costs of
 * 0-3 spaces with and without goods, the accident roll and its effects,
 * bridge and Köln tolls, the sea fee, winter, free passage and sea escort,
 * the 100 FL region fee, cash, one move per merchant, goods moved between
 * one's own merchants and the warehouse, the voluntary forced sale,
 * no offers to other players (those are made in phase 1: test_fwm_deals.c).
 * Player 3 (index 2) moves in these positions.
 */
#include <stdio.h>
#include <string.h>

#include "fwm_helpers.h"

#define MOVER 2

/* Player 3's merchant A at `at` with `cloth` cloth, `money` FL. */
static kt_scn mover_at(kt_t *T, const char *opts, const char *at, int cloth, int money,
                       const char *more)
{
    char patch[1024];
    snprintf(patch, sizeof patch,
             "{\"state\":{\"players\":{\"2\":{\"money\":%d,\"merchants\":{\"A\":{\"at\":\"%s\","
             "\"cargo\":{\"cloth\":%d},\"stamp\":3}}}}%s%s}}",
             money, at, cloth, more ? "," : "", more ? more : "");
    return fwm_scn(T, opts, 3, patch);
}

static int money(const kt_scn *c) { return S(c)->pl[MOVER].money; }

KT_TEST(fwm_move_costs_unladen_free_up_to_two_spaces_then_20)
{
    kt_scn c = mover_at(T, NULL, "AUG", 0, 1000, NULL);
    KT_REQUIRE(c.s);
    AS(&c, MOVER, "A to Donauwörth");
    AS(&c, MOVER, "A to Nuremberg");
    AS(&c, MOVER, "go");
    KT_EQ(money(&c), 1000);
    KT_EQ(S(&c)->pl[MOVER].m[0].pos, fwm_sp(&c, "NUR"));
    kt_scn_free(&c);
    c = mover_at(T, NULL, "AUG", 0, 1000, NULL);
    KT_REQUIRE(c.s);
    AS(&c, MOVER, "A to Donauwörth");
    AS(&c, MOVER, "A to Nuremberg");
    AS(&c, MOVER, "A to Coburg");
    AS(&c, MOVER, "go");
    KT_EQ(money(&c), 980);
    KT_CHECK(!fwm_legal_for(&c, MOVER, "A to Leipzig")); /* each merchant moves once a round */
    kt_scn_free(&c);
}

KT_TEST(fwm_move_costs_laden_20_for_two_spaces_60_for_three)
{
    int cost[4] = {0, 0, 20, 60};
    const char *steps[3] = {"A to Donauwörth", "A to Nuremberg", "A to Coburg"};
    for (int len = 1; len <= 3; len++) {
        kt_scn c = mover_at(T, NULL, "AUG", 1, 1000, NULL);
        KT_REQUIRE(c.s);
        for (int i = 0; i < len; i++)
            AS(&c, MOVER, steps[i]);
        DICE(&c, 6, 6); /* no accident */
        AS(&c, MOVER, "go");
        KT_EQ(money(&c), 1000 - cost[len]);
        kt_scn_free(&c);
    }
}

KT_TEST(fwm_accident_thresholds_by_distance)
{
    /* accident on 2 (one space), 2-3 (two), 2-4 (three) */
    const char *steps[3] = {"A to Donauwörth", "A to Nuremberg", "A to Coburg"};
    for (int len = 1; len <= 3; len++)
        for (int hit = 0; hit < 2; hit++) {
            kt_scn c = mover_at(T, NULL, "AUG", 1, 1000, NULL);
            KT_REQUIRE(c.s);
            for (int i = 0; i < len; i++)
                AS(&c, MOVER, steps[i]);
            int sum = hit ? len + 1 : len + 2; /* highest sum that hits / lowest that misses */
            DICE(&c, sum - 1, 1);
            AS(&c, MOVER, "go");
            int want = hit ? fwm_sp(&c, "DON") : fwm_sp(&c, len == 1 ? "DON" : len == 2 ? "NUR" : "COB");
            KT_EQ(S(&c)->pl[MOVER].m[0].pos, want);
            KT_EQ(S(&c)->x_acc, hit);
            kt_scn_free(&c);
        }
}

KT_TEST(fwm_accident_off_town_keeps_only_three_goods)
{
    kt_scn c = fwm_scn(T, NULL, 3,
                "{\"state\":{\"players\":{\"2\":{\"money\":1000,\"merchants\":{\"A\":{\"at\":\"AUG\","
                "\"cargo\":{\"cloth\":3,\"metal\":2},\"stamp\":3}}}}}}");
    KT_REQUIRE(c.s);
    AS(&c, MOVER, "A to Donauwörth");
    AS(&c, MOVER, "A to Nuremberg");
    AS(&c, MOVER, "A to Coburg");
    DICE(&c, 1, 1);
    AS(&c, MOVER, "go");
    KT_EQ(S(&c)->pl[MOVER].m[0].pos, fwm_sp(&c, "DON")); /* cut to one space, a road */
    KT_STREQ(kt_decision(c.g, c.s), "accident_loss");
    KT_CHECK(fwm_legal_for(&c, MOVER, "lose cloth") && fwm_legal_for(&c, MOVER, "lose metal"));
    AS(&c, MOVER, "lose metal");
    AS(&c, MOVER, "verliere Metall");
    KT_EQ(fwm_cargo(&S(&c)->pl[MOVER].m[0]), 3);
    KT_EQ(S(&c)->pl[MOVER].m[0].cargo[G_CLOTH], 3);
    KT_STREQ(kt_decision(c.g, c.s), "move");
    KT_EQ(S(&c)->pl[MOVER].money, 1000 - 60); /* the declared move is paid (accident_cost=declared) */
    kt_scn_free(&c);
    /* accident_cost=actual: only the one space moved is paid */
    c = fwm_scn(T, "accident_cost=actual", 3,
                "{\"state\":{\"players\":{\"2\":{\"money\":1000,\"merchants\":{\"A\":{\"at\":\"AUG\","
                "\"cargo\":{\"cloth\":3},\"stamp\":3}}}}}}");
    KT_REQUIRE(c.s);
    AS(&c, MOVER, "A to Donauwörth");
    AS(&c, MOVER, "A to Nuremberg");
    AS(&c, MOVER, "A to Coburg");
    DICE(&c, 2, 1);
    AS(&c, MOVER, "go");
    KT_EQ(S(&c)->pl[MOVER].money, 1000);
    KT_EQ(fwm_cargo(&S(&c)->pl[MOVER].m[0]), 3); /* three goods: nothing to lose */
    kt_scn_free(&c);
}

KT_TEST(fwm_accident_in_a_town_keeps_all_goods)
{
    /* from Donauwörth: Nürnberg is one space, a town */
    kt_scn c = mover_at(T, NULL, "DON", 5, 1000, NULL);
    KT_REQUIRE(c.s);
    AS(&c, MOVER, "A to Nuremberg");
    AS(&c, MOVER, "A to Coburg");
    DICE(&c, 1, 2);
    AS(&c, MOVER, "go");
    KT_EQ(S(&c)->pl[MOVER].m[0].pos, fwm_sp(&c, "NUR"));
    KT_EQ(fwm_cargo(&S(&c)->pl[MOVER].m[0]), 5);
    KT_STREQ(kt_decision(c.g, c.s), "move");
    kt_scn_free(&c);
}

KT_TEST(fwm_free_passage_keeps_goods_after_an_accident)
{
    kt_scn c = fwm_scn(T, "mode=nobility", 3,
                "{\"state\":{\"players\":{\"2\":{\"money\":1000,\"cubes\":[\"schwaben\"],"
                "\"merchants\":{\"A\":{\"at\":\"AUG\",\"cargo\":{\"cloth\":5},\"stamp\":3}}}}}}");
    KT_REQUIRE(c.s);
    AS(&c, MOVER, "A to Donauwörth");
    AS(&c, MOVER, "A to Nuremberg");
    DICE(&c, 1, 1);
    AS(&c, MOVER, "go");
    KT_EQ(S(&c)->pl[MOVER].m[0].pos, fwm_sp(&c, "DON")); /* shortened ... */
    KT_EQ(fwm_cargo(&S(&c)->pl[MOVER].m[0]), 5);        /* ... but nothing lost */
    kt_scn_free(&c);
}

KT_TEST(fwm_bridge_toll_20_unladen_40_laden_waived_by_free_passage)
{
    int want[2] = {980, 960};
    for (int laden = 0; laden < 2; laden++) {
        kt_scn c = mover_at(T, NULL, "AUG", laden, 1000, NULL);
        KT_REQUIRE(c.s);
        AS(&c, MOVER, "A to Ulm"); /* a bridge space */
        DICE(&c, 6, 6);
        AS(&c, MOVER, "go");
        KT_EQ(money(&c), want[laden]);
        kt_scn_free(&c);
    }
    kt_scn c = fwm_scn(T, "mode=nobility", 3,
                       "{\"state\":{\"players\":{\"2\":{\"money\":1000,\"cubes\":[\"schwaben\"],"
                       "\"merchants\":{\"A\":{\"at\":\"AUG\",\"stamp\":3}}}}}}");
    KT_REQUIRE(c.s);
    AS(&c, MOVER, "A to Ulm");
    AS(&c, MOVER, "go");
    KT_EQ(money(&c), 1000);
    kt_scn_free(&c);
}

KT_TEST(fwm_koeln_toll_even_with_free_passage)
{
    kt_scn c = fwm_scn(T, "mode=nobility", 3,
                       "{\"state\":{\"players\":{\"2\":{\"money\":1000,\"cubes\":[\"kurrhein\"],"
                       "\"merchants\":{\"A\":{\"at\":\"MUN\",\"stamp\":3}}}}}}");
    KT_REQUIRE(c.s);
    AS(&c, MOVER, "A to Cologne");
    AS(&c, MOVER, "go");
    KT_EQ(money(&c), 980);
    kt_scn_free(&c);
}

KT_TEST(fwm_sea_fee_once_per_move_or_per_space)
{
    kt_scn c = mover_at(T, NULL, "HAM", 0, 1000, NULL);
    KT_REQUIRE(c.s);
    AS(&c, MOVER, "A to German Bight");
    AS(&c, MOVER, "A to Frisian Coast");
    AS(&c, MOVER, "go");
    KT_EQ(money(&c), 980); /* two sea spaces, one fee */
    kt_scn_free(&c);
    c = mover_at(T, "sea_fee=space", "HAM", 0, 1000, NULL);
    KT_REQUIRE(c.s);
    AS(&c, MOVER, "A to German Bight");
    AS(&c, MOVER, "A to Frisian Coast");
    AS(&c, MOVER, "go");
    KT_EQ(money(&c), 960);
    kt_scn_free(&c);
    c = fwm_scn(T, "mode=nobility", 3,
                "{\"state\":{\"players\":{\"2\":{\"money\":1000,\"cubes\":[\"nordsee\"],"
                "\"merchants\":{\"A\":{\"at\":\"HAM\",\"stamp\":3}}}}}}");
    KT_REQUIRE(c.s);
    AS(&c, MOVER, "A to German Bight");
    AS(&c, MOVER, "go");
    KT_EQ(money(&c), 1000); /* sea escort: no fee */
    kt_scn_free(&c);
}

KT_TEST(fwm_winter_closes_the_sea)
{
    /* round 8 is November */
    kt_scn c = mover_at(T, NULL, "HAM", 0, 1000, "\"round\":8");
    KT_REQUIRE(c.s);
    KT_EQ(C(&c)->cal[fwm_cal_at(C(&c), 8)].month, 11);
    KT_CHECK(!fwm_legal_for(&c, MOVER, "A to German Bight"));
    KT_CHECK(fwm_legal_for(&c, MOVER, "A to Lübeck"));
    kt_scn_free(&c);
}

KT_TEST(fwm_winter_loses_merchants_at_sea_the_representative_for_good)
{
    /* round 7 is late October; the calendar then enters November */
    kt_scn c = fwm_scn(T, NULL, 3,
                       "{\"state\":{\"round\":7,\"players\":{\"1\":{\"merchants\":{"
                       "\"A\":{\"at\":\"NS3\",\"cargo\":{\"metal\":2},\"stamp\":0},"
                       "\"B\":{\"at\":\"MM4\",\"cargo\":{\"spice\":1},\"stamp\":0}}}}}}");
    KT_REQUIRE(c.s);
    fwm_end_round(T, &c);
    KT_EQ(S(&c)->round, 8);
    const fwm_player *pl = &S(&c)->pl[1];
    KT_EQ(pl->m[0].pos, FWM_LOST); /* the representative never returns */
    KT_EQ(pl->m[1].pos, FWM_OFF);  /* an ordinary merchant can be hired again */
    KT_EQ(fwm_cargo(&pl->m[0]) + fwm_cargo(&pl->m[1]), 0);
    kt_scn_free(&c);
}

KT_TEST(fwm_move_must_be_paid_in_cash)
{
    kt_scn c = mover_at(T, NULL, "AUG", 1, 10, NULL);
    KT_REQUIRE(c.s);
    KT_CHECK(!fwm_legal_for(&c, MOVER, "A to Ulm")); /* 40 FL toll */
    AS(&c, MOVER, "A to Donauwörth");
    KT_CHECK(!fwm_legal_for(&c, MOVER, "A to Nuremberg")); /* 20 FL for two spaces laden */
    KT_CHECK(fwm_legal_for(&c, MOVER, "go"));
    kt_scn_free(&c);
}

KT_TEST(fwm_region_fee_goes_to_the_holder_and_the_payer_picks_among_several)
{
    /* players 1 and 2 hold free passage in Franken; player 3 enters it */
    kt_scn c = fwm_scn(T, "mode=nobility", 3,
                       "{\"state\":{\"players\":{\"0\":{\"cubes\":[\"franken\"]},"
                       "\"2\":{\"money\":1000,\"merchants\":{\"A\":{\"at\":\"AUG\",\"stamp\":3}}}}}}");
    KT_REQUIRE(c.s);
    AS(&c, MOVER, "A to Donauwörth");
    AS(&c, MOVER, "A to Nuremberg"); /* Franken */
    AS(&c, MOVER, "go");
    KT_EQ(S(&c)->pl[MOVER].money, 900);
    KT_EQ(S(&c)->pl[0].money, 9100);
    kt_scn_free(&c);
    c = fwm_scn(T, "mode=nobility", 3,
                "{\"state\":{\"players\":{\"0\":{\"cubes\":[\"franken\"]},\"1\":{\"cubes\":[\"franken\"]},"
                "\"2\":{\"money\":1000,\"merchants\":{\"A\":{\"at\":\"AUG\",\"stamp\":3}}}}}}");
    KT_REQUIRE(c.s);
    AS(&c, MOVER, "A to Donauwörth");
    AS(&c, MOVER, "A to Nuremberg");
    AS(&c, MOVER, "go");
    KT_STREQ(kt_decision(c.g, c.s), "passage_fee");
    AS(&c, MOVER, "pay player 2");
    KT_EQ(S(&c)->pl[1].money, 9100);
    KT_EQ(S(&c)->pl[0].money, 9000);
    KT_EQ(S(&c)->pl[MOVER].money, 900);
    kt_scn_free(&c);
}

KT_TEST(fwm_goods_move_between_own_merchants_and_the_warehouse)
{
    /* player 3 at home in Florenz with A and B: warehouse 2 cloth */
    kt_scn c = fwm_scn(T, NULL, 3, "{\"state\":{\"players\":{\"2\":{\"merchants\":{\"B\":{\"at\":\"LUC\"}}}}}}");
    KT_REQUIRE(c.s);
    AS(&c, MOVER, "shift cloth from warehouse to A");
    KT_EQ(S(&c)->pl[MOVER].m[0].cargo[G_CLOTH], 1);
    KT_EQ(S(&c)->pl[MOVER].ware[G_CLOTH], 1);
    KT_CHECK(!fwm_legal_for(&c, MOVER, "shift cloth from A to B")); /* B is elsewhere */
    AS(&c, MOVER, "verlade Tuch von A nach Lager");
    KT_EQ(S(&c)->pl[MOVER].ware[G_CLOTH], 2);
    kt_scn_free(&c);
}

KT_TEST(fwm_voluntary_forced_sale_only_at_the_start_of_the_turn)
{
    kt_scn c = fwm_scn(T, NULL, 3, NULL);
    KT_REQUIRE(c.s);
    AS(&c, MOVER, "sell metal (warehouse)");
    KT_EQ(S(&c)->pl[MOVER].money, 9000 + 1100);
    AS(&c, MOVER, "sell spice (warehouse)");
    AS(&c, MOVER, "verkaufe Tuch (Lager)");
    KT_EQ(S(&c)->pl[MOVER].money, 9000 + 1100 + 800 + 500);
    AS(&c, MOVER, "A to Lucca");
    AS(&c, MOVER, "go");
    KT_CHECK(!fwm_legal_for(&c, MOVER, "sell cloth (warehouse)")); /* after moving: no more */
    kt_scn_free(&c);
}
