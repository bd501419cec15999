/*
 * test_fwm_move.c - Fugger, Welser, Medici: the movement phase.  Costs of
 * 0-3 spaces with and without goods, the accident roll and its effects,
 * bridge and Köln tolls, the sea fee, winter, free passage and sea escort,
 * the 100 FL region fee, cash, one move per merchant, goods moved between
 * one's own merchants and the warehouse, the voluntary forced sale,
 * no offers to other players (those are made in phase 1: test_fwm_deals.c);
 * the bound above which the legal steps skip the tolls, and that both
 * ways of listing the steps agree.
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

/* The dearest way from `from` through `path` (len spaces so far) and on,
 * up to three spaces without a space twice: the highest fwm_path_cost of
 * merchant A of the mover. */
static int dearest_way(const kt_scn *c, int from, uint8_t *path, int len)
{
    int worst = len ? fwm_path_cost(c->g, S(c), MOVER, 0, path, len) : 0;
    if (len == 3)
        return worst;
    const fwm_space *at = &C(c)->sp[len ? path[len - 1] : from];
    for (int k = 0; k < at->nadj; k++) {
        int to = at->adj[k], seen = to == from;
        for (int i = 0; i < len; i++)
            seen |= path[i] == to;
        if (seen)
            continue;
        path[len] = (uint8_t)to;
        int w = dearest_way(c, from, path, len + 1);
        worst = w > worst ? w : worst;
    }
    return worst;
}

/* A mover with fwm_way_max FL gets its steps by the map alone (move.c
 * steps_by_map, no tolls summed): no way a merchant can plan may cost more.
 * Every way of 1-3 spaces from every space, in the dearest case: laden,
 * another player holding free passage in every region, both sea fee rules. */
KT_TEST(fwm_no_way_costs_more_than_the_bound_of_the_fast_steps)
{
    for (int per_space = 0; per_space < 2; per_space++) {
        kt_scn c = mover_at(T, per_space ? "sea_fee=space" : NULL, "AUG", 1, 1000, NULL);
        KT_REQUIRE(c.s);
        S(&c)->pl[0].cubes = 0xffffffffu;
        int worst = 0;
        for (int from = 0; from < C(&c)->nsp; from++) {
            uint8_t path[3] = {0};
            S(&c)->pl[MOVER].m[0].pos = (uint8_t)from;
            int w = dearest_way(&c, from, path, 0);
            worst = w > worst ? w : worst;
        }
        printf("  sea fee per %s: the dearest way costs %d FL, the bound is %d FL\n",
               per_space ? "space" : "move", worst, (int)fwm_way_max());
        KT_CHECK(worst >= 100 + 40); /* a region fee and a toll at least */
        KT_CHECK(worst < fwm_way_max());
        kt_scn_free(&c);
    }
}

/* The two ways to list the steps agree: for the mover of every movement
 * decision of random games (all modes, 2-6 players), the list with
 * fwm_way_max FL (steps by the map) equals the list with one florin less
 * (each way's tolls summed), as no way costs that much (the test above). */
KT_TEST(fwm_steps_by_the_map_equal_the_steps_with_tolls_summed)
{
    static const char *const modes[4] = {"trading", "nobility", "manor", "full"};
    long compared = 0;
    for (int i = 0; i < 10; i++) {
        char opts[32];
        snprintf(opts, sizeof opts, "mode=%s", modes[i % 4]);
        kt_game *g = NULL;
        kt_err err;
        if (!KT_OKS(kt_game_new("fwm", opts, 2 + i % 5, 7 + (uint64_t)i, NULL, &g, &err), &err))
            return;
        kt_state *s = kt_state_new(g), *t = kt_state_new(g);
        kt_rng rng;
        kt_rng_seed(&rng, 11 + (uint64_t)i);
        static kt_action buf[KT_LEGAL_MAX], a1[KT_LEGAL_MAX], a2[KT_LEGAL_MAX];
        for (int n = 0; n < 20000 && !kt_is_over(g, s); n++) {
            const fwm_state *fs = (const fwm_state *)s;
            if (fs->stage == FS_MOVE && fs->mv_len < 3) {
                int p = fs->h.to_move, n1, n2;
                kt_state_copy(g, t, s);
                ((fwm_state *)t)->pl[p].money = fwm_way_max();
                n1 = kt_legal(g, t, a1, KT_LEGAL_MAX);
                ((fwm_state *)t)->pl[p].money = fwm_way_max() - 1;
                n2 = kt_legal(g, t, a2, KT_LEGAL_MAX);
                if (!KT_EQ(n1, n2) || !KT_CHECK(!memcmp(a1, a2, sizeof a1[0] * (size_t)n1)))
                    break;
                compared++;
            }
            int p = kt_to_move(g, s), m = kt_legal_as(g, s, p, buf, KT_LEGAL_MAX);
            if (!KT_CHECK(m > 0))
                break;
            kt_action a = buf[kt_rng_below(&rng, (uint32_t)m)];
            if (!KT_OKS(kt_apply_as(g, s, p, a, &err), &err))
                break;
        }
        kt_state_free(g, t);
        kt_state_free(g, s);
        kt_game_free(g);
    }
    printf("  %ld movement lists compared\n", compared);
    KT_CHECK(compared > 1000);
}
