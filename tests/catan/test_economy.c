/*
 * test_economy.c - city improvements, metropolises, progress draws,
 * Aqueduct, bank and harbour rates, player trades, longest road.
 */
#include <stdio.h>
#include <string.h>

#include "catan_test.h"

#define ROLL "\"header\":{\"decision\":\"roll\"},"
#define ROLLSTACK "\"stack\":[{\"kind\":\"roll\",\"player\":0,\"a\":0,\"b\":0}]"

static const char *CITY =
    "{\"state\":{\"attacks\":1,\"buildings\":{\"12\":{\"player\":0,\"kind\":\"city\"},"
    "\"30\":{\"player\":1,\"kind\":\"city\"},\"41\":{\"player\":2,\"kind\":\"city\"}},"
    "\"roads\":{\"12-17\":0,\"30-35\":1,\"41-45\":2}}}";

KT_TEST(catan_improvement_costs_and_needs_a_city)
{
    kt_scn c = cat_scn2(T, "", 4, CITY,
                        "{\"state\":{\"players\":{\"0\":{\"hand\":{\"cloth\":3,\"coin\":1,\"paper\":1}}}}}");
    KT_REQUIRE(c.s);
    /* level k costs k commodities of the track's kind */
    KT_DO(&c, "improve trade");
    KT_EQ(cat_t_hand(&c, 0, K_CLOTH), 2);
    KT_DO(&c, "improve trade");
    KT_EQ(cat_t_hand(&c, 0, K_CLOTH), 0);
    KT_CHECK(!kt_scn_legal(&c, "improve trade"));
    KT_DO(&c, "improve politics"); /* coin */
    KT_DO(&c, "improve science");  /* paper */
    KT_EQ(CS(&c)->pl[0].impr[0], 2);
    KT_EQ(CS(&c)->pl[0].impr[1], 1);
    KT_EQ(CS(&c)->pl[0].impr[2], 1);
    kt_scn_free(&c);
    /* a settlement is not enough */
    c = cat_scn(T, "", 4,
                "{\"state\":{\"buildings\":{\"12\":{\"player\":0,\"kind\":\"settlement\"}},"
                "\"roads\":{\"12-17\":0},\"players\":{\"0\":{\"hand\":{\"cloth\":3}}}}}");
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "improve trade"));
    kt_scn_free(&c);
}

KT_TEST(catan_metropolis_first_to_level_four)
{
    kt_scn c = cat_scn2(T, "", 4, CITY,
                        "{\"state\":{\"buildings\":{\"0\":{\"player\":0,\"kind\":\"city\"}},"
                        "\"players\":{\"0\":{\"improvements\":{\"politics\":3},\"hand\":{\"coin\":5}}}}}");
    KT_REQUIRE(c.s);
    int before = cat_vp_public(c.g, CS(&c), 0);
    KT_DO(&c, "improve politics");
    /* two cities: the owner chooses */
    KT_CHECK(cat_t_decision_is(&c, "metropolis"));
    KT_DO(&c, "metropolis on 0");
    KT_EQ((CS(&c)->v_aux[0] & AUX_METRO_MASK) >> AUX_METRO_SHIFT, 1 + TR_POLITICS);
    KT_EQ(cat_vp_public(c.g, CS(&c), 0), before + 2);
    kt_scn_free(&c);
}

KT_TEST(catan_metropolis_level_five_takes_it_for_good)
{
    const char *p =
        "{\"state\":{\"buildings\":{\"12\":{\"player\":0,\"kind\":\"city\"},"
        "\"30\":{\"player\":1,\"kind\":\"city\",\"metropolis\":\"science\"},"
        "\"41\":{\"player\":2,\"kind\":\"city\"}},"
        "\"players\":{\"0\":{\"improvements\":{\"science\":4},\"hand\":{\"paper\":5}},"
        "\"1\":{\"improvements\":{\"science\":4}},\"2\":{\"improvements\":{\"science\":4}}}}}";
    kt_scn c = cat_scn2(T, "", 4, CITY, p);
    KT_REQUIRE(c.s);
    KT_DO(&c, "improve science");
    KT_EQ((CS(&c)->v_aux[12] & AUX_METRO_MASK) >> AUX_METRO_SHIFT, 1 + TR_SCIENCE);
    KT_EQ(CS(&c)->v_aux[30] & AUX_METRO_MASK, 0);
    KT_EQ(CS(&c)->pl[1].n_metro, 0);
    kt_scn_free(&c);
    /* once a level-5 player holds it, another level 5 does not take it */
    c = cat_scn2(T, "", 4, CITY,
                 "{\"state\":{\"buildings\":{\"30\":{\"player\":1,\"kind\":\"city\",\"metropolis\":\"science\"}},"
                 "\"players\":{\"0\":{\"improvements\":{\"science\":4},\"hand\":{\"paper\":5}},"
                 "\"1\":{\"improvements\":{\"science\":5}}}}}");
    KT_REQUIRE(c.s);
    KT_DO(&c, "improve science");
    KT_EQ(CS(&c)->pl[0].impr[2], 5);
    KT_EQ(CS(&c)->pl[1].n_metro, 1);
    KT_EQ(CS(&c)->pl[0].n_metro, 0);
    kt_scn_free(&c);
}

KT_TEST(catan_metropolis_levels_four_and_five_need_a_free_city)
{
    /* the only city already carries a metropolis: no level 4 elsewhere */
    const char *p = "{\"state\":{\"buildings\":{\"12\":{\"player\":0,\"kind\":\"city\",\"metropolis\":\"trade\"}},"
                    "\"players\":{\"0\":{\"improvements\":{\"trade\":4,\"politics\":3},"
                    "\"hand\":{\"coin\":5,\"cloth\":5}}}}}";
    kt_scn c = cat_scn2(T, "", 4, CITY, p);
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "improve politics"));
    /* the holder may finish level 5 of its own track (rule flag default) */
    KT_CHECK(kt_scn_legal(&c, "improve trade"));
    kt_scn_free(&c);
    c = cat_scn2(T, "level5_holder=0", 4, CITY, p);
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "improve trade"));
    kt_scn_free(&c);
}

KT_TEST(catan_metropolis_protects_from_pillage_and_counts_four)
{
    kt_scn c = cat_scn2(T, "", 4, CITY,
                        "{\"state\":{\"buildings\":{\"12\":{\"player\":0,\"kind\":\"city\",\"metropolis\":\"trade\"}},"
                        "\"players\":{\"0\":{\"improvements\":{\"trade\":4}}}}}");
    KT_REQUIRE(c.s);
    KT_EQ(cat_vp_public(c.g, CS(&c), 0), 4);
    kt_scn_free(&c);
}

KT_TEST(catan_progress_draw_by_red_die_and_level)
{
    const char *p = "{" ROLL "\"state\":{" ROLLSTACK ","
                    "\"players\":{\"0\":{\"improvements\":{\"politics\":1}},\"1\":{\"improvements\":{\"politics\":2}},"
                    "\"2\":{\"improvements\":{\"politics\":3}},\"3\":{\"improvements\":{\"politics\":0}}}}}";
    kt_scn c = cat_scn2(T, "", 4, CITY, p);
    KT_REQUIRE(c.s);
    /* red 3 with a blue gate: levels 2 and 3 draw (3 <= L + 1), level 1 not */
    KT_REQUIRE(cat_t_roll(T, &c, 3, 1, EV_GATE_POLITICS));
    int got[4];
    for (int q = 0; q < 4; q++)
        got[q] = CS(&c)->pl[q].nprog + cat_popc(CS(&c)->pl[q].vpcards);
    KT_EQ(got[0], 0);
    KT_EQ(got[1], 1);
    KT_EQ(got[2], 1);
    KT_EQ(got[3], 0);
    KT_EQ(CS(&c)->deck_n[TR_POLITICS], 16);
    kt_scn_free(&c);
}

KT_TEST(catan_aqueduct_gives_a_resource_when_nothing_was_received)
{
    kt_scn c = cat_scn2(T, "", 4, CITY,
                        "{" ROLL "\"state\":{" ROLLSTACK ",\"players\":{\"0\":{\"improvements\":{\"science\":3}},"
                        "\"1\":{\"improvements\":{\"science\":3}}}}}");
    KT_REQUIRE(c.s);
    /* 10: A produces for player 1 (city 12); player 2 gets nothing */
    KT_REQUIRE(cat_t_roll(T, &c, 4, 6, EV_SHIP));
    KT_CHECK(cat_t_decision_is(&c, "aqueduct"));
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_DO(&c, "take ore");
    KT_EQ(cat_t_hand(&c, 1, K_ORE), 1);
    KT_CHECK(cat_t_decision_is(&c, "main"));
    kt_scn_free(&c);
    /* no Aqueduct on a 7 */
    c = cat_scn2(T, "", 4, CITY,
                 "{" ROLL "\"state\":{" ROLLSTACK ",\"players\":{\"1\":{\"improvements\":{\"science\":3}}}}}");
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 4, 3, EV_SHIP));
    KT_CHECK(!cat_t_decision_is(&c, "aqueduct"));
    kt_scn_free(&c);
}

KT_TEST(catan_trade_bank_and_harbour_rates)
{
    /* 3 touches the 2:1 ore harbour (0-3); 1 touches a 3:1 harbour */
    kt_scn c = cat_scn(T, "", 4,
                       "{\"state\":{\"buildings\":{\"3\":{\"player\":0,\"kind\":\"settlement\"},"
                       "\"1\":{\"player\":0,\"kind\":\"settlement\"}},\"roads\":{\"0-3\":0},"
                       "\"players\":{\"0\":{\"hand\":{\"ore\":2,\"wool\":3,\"paper\":3}},"
                       "\"1\":{\"hand\":{\"wool\":4}}}}}");
    KT_REQUIRE(c.s);
    KT_CHECK(kt_scn_legal(&c, "trade 2 ore for grain"));
    KT_CHECK(kt_scn_legal(&c, "trade 3 wool for grain"));
    KT_CHECK(kt_scn_legal(&c, "trade 3 paper for coin")); /* commodities at the 3:1 harbour */
    KT_CHECK(kt_scn_legal(&c, "trade 3 wool for cloth")); /* commodities can be received */
    KT_CHECK(!kt_scn_legal(&c, "trade 3 wool for wool"));
    KT_DO(&c, "trade 2 ore for grain");
    KT_EQ(cat_t_hand(&c, 0, K_GRAIN), 1);
    KT_EQ(CS(&c)->bank[K_ORE], 19);
    kt_scn_free(&c);
    /* two generic harbours are still 3:1, also for commodities */
    c = cat_scn(T, "", 4,
                "{\"state\":{\"buildings\":{\"1\":{\"player\":0,\"kind\":\"settlement\"},"
                "\"26\":{\"player\":0,\"kind\":\"settlement\"}},\"roads\":{\"1-5\":0,\"20-26\":0},"
                "\"players\":{\"0\":{\"hand\":{\"paper\":3,\"ore\":3}}}}}");
    KT_REQUIRE(c.s);
    KT_CHECK(kt_scn_legal(&c, "trade 3 paper for ore") && kt_scn_legal(&c, "trade 3 ore for paper"));
    KT_CHECK(!kt_scn_legal(&c, "trade 2 paper for ore"));
    kt_scn_free(&c);
    c = cat_scn(T, "", 4, "{\"state\":{\"players\":{\"0\":{\"hand\":{\"ore\":4,\"cloth\":3}}}}}");
    KT_REQUIRE(c.s);
    KT_CHECK(kt_scn_legal(&c, "trade 4 ore for grain"));
    KT_CHECK(!kt_scn_legal(&c, "trade 3 cloth for grain"));
    kt_scn_free(&c);
}

KT_TEST(catan_trade_trading_house_commodities_two_to_one)
{
    kt_scn c = cat_scn2(T, "", 4, CITY,
                        "{\"state\":{\"players\":{\"0\":{\"improvements\":{\"trade\":3},"
                        "\"hand\":{\"paper\":2,\"ore\":2}}}}}");
    KT_REQUIRE(c.s);
    KT_CHECK(kt_scn_legal(&c, "trade 2 paper for grain"));
    KT_CHECK(!kt_scn_legal(&c, "trade 2 ore for grain")); /* resources stay 4:1 */
    kt_scn_free(&c);
}

KT_TEST(catan_trade_between_players)
{
    kt_scn c = cat_scn(T, "", 4,
                       "{\"state\":{\"players\":{\"0\":{\"hand\":{\"brick\":2}},\"1\":{\"hand\":{\"ore\":1}},"
                       "\"2\":{\"hand\":{\"wool\":3}},\"3\":{\"hand\":{\"ore\":2}}}}}");
    KT_REQUIRE(c.s);
    KT_DO(&c, "propose a trade");
    KT_CHECK(!kt_scn_legal(&c, "propose to everybody")); /* nothing offered yet */
    KT_DO(&c, "offer brick");
    KT_DO(&c, "ask for ore");
    KT_CHECK(!kt_scn_legal(&c, "ask for brick") && !kt_scn_legal(&c, "offer ore"));
    KT_DO(&c, "propose to everybody");
    /* the offered card is held aside; player 3 cannot pay and is skipped */
    KT_EQ(cat_t_hand(&c, 0, K_BRICK), 1);
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_DO(&c, "accept");
    KT_EQ(kt_to_move(c.g, c.s), 3);
    KT_DO(&c, "accept");
    KT_CHECK(cat_t_decision_is(&c, "trade_choose"));
    KT_DO(&c, "trade with player 4");
    KT_EQ(cat_t_hand(&c, 0, K_ORE), 1);
    KT_EQ(cat_t_hand(&c, 3, K_BRICK), 1);
    KT_EQ(cat_t_hand(&c, 3, K_ORE), 1);
    KT_EQ(cat_t_hand(&c, 1, K_ORE), 1); /* the other acceptor gets it back */
    KT_CHECK(cat_t_decision_is(&c, "main"));
    /* the default cap is two proposals per turn */
    KT_DO(&c, "propose a trade");
    KT_DO(&c, "offer brick");
    KT_DO(&c, "ask for wool");
    KT_DO(&c, "propose to player 3");
    KT_EQ(kt_to_move(c.g, c.s), 2);
    KT_DO(&c, "decline");
    KT_CHECK(cat_t_decision_is(&c, "main"));
    KT_EQ(cat_t_hand(&c, 0, K_BRICK), 1);
    KT_CHECK(!kt_scn_legal(&c, "propose a trade"));
    kt_scn_free(&c);
    c = cat_scn(T, "trade_cap=0", 4, "{\"state\":{\"players\":{\"0\":{\"hand\":{\"brick\":2}}}}}");
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "propose a trade"));
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ longest road */

static const char *CHAIN = /* player 1: 4-8-12-17-22-28, five roads */
    "{\"state\":{\"buildings\":{\"4\":{\"player\":0,\"kind\":\"settlement\"},"
    "\"35\":{\"player\":1,\"kind\":\"settlement\"}},"
    "\"roads\":{\"4-8\":0,\"8-12\":0,\"12-17\":0,\"17-22\":0,\"22-28\":0,"
    "\"35-29\":1,\"29-23\":1,\"23-17\":1,\"35-40\":1},\"longest_road\":0,"
    "\"players\":{\"1\":{\"hand\":{\"brick\":2,\"lumber\":2,\"wool\":1,\"grain\":1,\"ore\":1}}}}}";

KT_TEST(catan_longest_road_chain_loop_and_fork)
{
    kt_scn c = cat_scn(T, "", 4, CHAIN);
    KT_REQUIRE(c.s);
    KT_EQ(CS(&c)->pl[0].road_len, 5);
    KT_EQ(CS(&c)->lr_holder, 0);
    KT_EQ(cat_vp_public(c.g, CS(&c), 0), 3);
    kt_scn_free(&c);
    /* a loop around hex A counts every edge once: 6 */
    c = cat_scn(T, "", 4,
                "{\"state\":{\"longest_road\":0,\"buildings\":{\"0\":{\"player\":0,\"kind\":\"settlement\"}},"
                "\"roads\":{\"0-4\":0,\"4-8\":0,\"8-12\":0,\"7-12\":0,\"3-7\":0,\"0-3\":0}}}");
    KT_REQUIRE(c.s);
    KT_EQ(CS(&c)->pl[0].road_len, 6);
    KT_EQ(CS(&c)->lr_holder, 0);
    kt_scn_free(&c);
    /* a fork counts one branch: 4-8-12-17-22-28 plus 17-23-29 -> 5 */
    c = cat_scn(T, "", 4,
                "{\"state\":{\"longest_road\":0,\"buildings\":{\"4\":{\"player\":0,\"kind\":\"settlement\"}},"
                "\"roads\":{\"4-8\":0,\"8-12\":0,\"12-17\":0,\"17-22\":0,\"22-28\":0,\"17-23\":0,\"23-29\":0}}}");
    KT_REQUIRE(c.s);
    KT_EQ(CS(&c)->pl[0].road_len, 5);
    kt_scn_free(&c);
    /* a loop with a tail: 6 around A plus 12-17-22 -> 8 */
    c = cat_scn(T, "", 4,
                "{\"state\":{\"longest_road\":0,\"buildings\":{\"0\":{\"player\":0,\"kind\":\"settlement\"}},"
                "\"roads\":{\"0-4\":0,\"4-8\":0,\"8-12\":0,\"7-12\":0,\"3-7\":0,\"0-3\":0,\"12-17\":0,\"17-22\":0}}}");
    KT_REQUIRE(c.s);
    KT_EQ(CS(&c)->pl[0].road_len, 8);
    kt_scn_free(&c);
}

KT_TEST(catan_longest_road_broken_by_an_opposing_settlement)
{
    /* player 2 (road 17-23-29-35-40: 4 roads) settles on 17 and cuts
     * player 1's road into 3 + 2: nobody has five any more */
    kt_scn c = cat_scn2(T, "", 4, CHAIN,
                        "{\"header\":{\"to_move\":1,\"turn_player\":1},"
                        "\"state\":{\"stack\":[{\"kind\":\"main\",\"player\":1,\"a\":0,\"b\":0}]}}");
    KT_REQUIRE(c.s);
    KT_EQ(CS(&c)->pl[1].road_len, 4);
    KT_DO(&c, "build settlement 17");
    KT_EQ(CS(&c)->pl[0].road_len, 3);
    KT_EQ(CS(&c)->lr_holder, -1);
    kt_scn_free(&c);
    /* with a fifth road of its own, player 2 takes the card */
    c = cat_scn2(T, "", 4, CHAIN,
                 "{\"header\":{\"to_move\":1,\"turn_player\":1},"
                 "\"state\":{\"roads\":{\"40-44\":1},\"stack\":[{\"kind\":\"main\",\"player\":1,\"a\":0,\"b\":0}]}}");
    KT_REQUIRE(c.s);
    KT_EQ(CS(&c)->pl[1].road_len, 5);
    KT_EQ(CS(&c)->lr_holder, 0); /* a tie keeps the holder */
    KT_DO(&c, "build settlement 17");
    KT_EQ(CS(&c)->lr_holder, 1);
    kt_scn_free(&c);
}

KT_TEST(catan_longest_road_broken_by_a_knight)
{
    kt_scn c = cat_scn2(T, "", 4, CHAIN,
                        "{\"header\":{\"to_move\":1,\"turn_player\":1},"
                        "\"state\":{\"stack\":[{\"kind\":\"main\",\"player\":1,\"a\":0,\"b\":0}]}}");
    KT_REQUIRE(c.s);
    KT_DO(&c, "recruit knight 17");
    KT_EQ(CS(&c)->pl[0].road_len, 3);
    KT_EQ(CS(&c)->lr_holder, -1);
    kt_scn_free(&c);
}

KT_TEST(catan_longest_road_overtaken_only_when_longer)
{
    kt_scn c = cat_scn2(T, "", 4, CHAIN,
                        "{\"header\":{\"to_move\":1,\"turn_player\":1},"
                        "\"state\":{\"stack\":[{\"kind\":\"main\",\"player\":1,\"a\":0,\"b\":0}],"
                        "\"players\":{\"1\":{\"hand\":{\"brick\":3,\"lumber\":3}}}}}");
    KT_REQUIRE(c.s);
    KT_DO(&c, "build road 40-44");
    KT_EQ(CS(&c)->pl[1].road_len, 5);
    KT_EQ(CS(&c)->lr_holder, 0);
    KT_DO(&c, "build road 44-48");
    KT_EQ(CS(&c)->lr_holder, 1);
    KT_EQ(cat_vp_public(c.g, CS(&c), 1), 3);
    kt_scn_free(&c);
}

/* Brute force: the longest trail from every vertex of the network. */
static int bf_dfs(const cat_state *s, int p, int v, uint64_t used0, uint64_t used1, uint64_t stop)
{
    int best = 0;
    for (int i = 0; i < 3; i++) {
        int e = cat_v_edge[v][i];
        if (e < 0 || s->e_owner[e] != p)
            continue;
        if ((e < 64 ? used0 >> e : used1 >> (e - 64)) & 1)
            continue;
        int w = cat_v_adj[v][i];
        int len = 1;
        if (!(stop >> w & 1))
            len += bf_dfs(s, p, w, e < 64 ? used0 | 1ULL << e : used0,
                          e < 64 ? used1 : used1 | 1ULL << (e - 64), stop);
        if (len > best)
            best = len;
    }
    return best;
}

static int bf_length(const cat_state *s, int p)
{
    uint64_t stop = s->occ & ~(s->pl[p].bld | s->pl[p].kn);
    int best = 0;
    for (int x = 0; x < CAT_NV; x++)
        if (s->pl[p].roadv >> x & 1) {
            int l = bf_dfs(s, p, x, 0, 0, stop);
            best = l > best ? l : best;
        }
    return best;
}

KT_TEST(catan_longest_road_matches_brute_force_in_random_games)
{
    const char *opts[2] = {"", "variant=base"};
    long compared = 0;
    for (int v = 0; v < 2; v++) {
        kt_game *g;
        kt_err err;
        KT_REQUIRE(KT_OKS(kt_game_new("catan", opts[v], 4, 11, NULL, &g, &err), &err));
        kt_state *s = kt_state_new(g);
        kt_action buf[KT_LEGAL_MAX];
        kt_rng r;
        kt_rng_seed(&r, 12);
        for (int gi = 0; gi < kt_t_scaled(8); gi++) {
            kt_state_init(g, s);
            int bad = 0;
            while (!kt_is_over(g, s) && !bad) {
                int n = kt_legal(g, s, buf, KT_LEGAL_MAX);
                kt_apply_trusted(g, s, buf[kt_rng_below(&r, (uint32_t)n)]);
                const cat_state *cs = (const cat_state *)s;
                for (int p = 0; p < 4; p++) {
                    int best = bf_length(cs, p);
                    compared++;
                    if (best != cs->pl[p].road_len) {
                        KT_FAIL("player %d: road length %d, brute force %d", p + 1, cs->pl[p].road_len, best);
                        bad = 1;
                        break;
                    }
                }
            }
        }
        kt_state_free(g, s);
        kt_game_free(g);
    }
    KT_CHECK(compared > 1000);
}

/* Networks that random games rarely build: up to 15 roads grown at random
 * around a few seeds (so loops, figure eights and several components are
 * common), with opposing pieces dropped on them one by one.  Covers both the
 * tree pass and the exhaustive fallback of cat_road_length. */
KT_TEST(catan_longest_road_matches_brute_force_on_random_networks)
{
    kt_rng r;
    kt_rng_seed(&r, 99);
    long compared = 0, loops = 0, bad = 0;
    static cat_state st; /* zeroed; pieces placed with the board functions */
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("catan", "", 4, 1, NULL, &g, &err), &err));
    for (int it = 0; it < kt_t_scaled(3000); it++) {
        cat_state *s = &st;
        memset(s, 0, sizeof *s);
        memset(s->v_owner, -1, sizeof s->v_owner);
        memset(s->e_owner, -1, sizeof s->e_owner);
        /* grow roads from 1..3 seed vertices along the board */
        int nseed = 1 + (int)kt_rng_below(&r, 3), nroads = 1 + (int)kt_rng_below(&r, 15);
        uint64_t reach = 0;
        for (int i = 0; i < nseed; i++)
            reach |= 1ULL << kt_rng_below(&r, CAT_NV);
        int i = 0;
        /* an opposing piece or two before the roads: new roads may end there */
        for (int k = (int)kt_rng_below(&r, 3); k > 0; k--) {
            int v = (int)kt_rng_below(&r, CAT_NV);
            if (s->v_piece[v] == VP_NONE)
                cat_place(g, s, v, 1, VP_SETTLE, 0);
        }
        if (kt_rng_below(&r, 2)) {
            /* half the networks start with the ring around a hex */
            int h = (int)kt_rng_below(&r, CAT_NH);
            for (int j = 0; j < 6; j++) {
                int e = cat_edge_of(cat_hex_v[h][j], cat_hex_v[h][(j + 1) % 6]);
                if (e >= 0 && s->e_owner[e] < 0) {
                    cat_put_road(s, e, 0);
                    reach |= 1ULL << cat_hex_v[h][j];
                    i++;
                    bad += s->pl[0].road_len != bf_length(s, 0);
                    compared++;
                }
            }
            nroads += 6;
        }
        for (int tries = 0; i < nroads && i < 15 && tries < 200; tries++) {
            int v = (int)kt_rng_below(&r, CAT_NV), j = (int)kt_rng_below(&r, 3);
            int e = cat_v_edge[v][j];
            if (!(reach >> v & 1) || e < 0 || s->e_owner[e] >= 0)
                continue;
            cat_put_road(s, e, 0); /* grows an end, joins parts or closes a loop */
            reach |= 1ULL << cat_v_adj[v][j];
            i++;
            bad += s->pl[0].road_len != bf_length(s, 0);
            compared++;
        }
        /* vertices > edges - components inside a component means a cycle */
        int ne = s->pl[0].n_road, nv = cat_popc(s->pl[0].roadv), ncomp = 0;
        uint64_t rest = s->pl[0].roadv;
        while (rest) {
            uint64_t comp = rest & -rest, grow = comp;
            while (grow) {
                uint64_t next = 0;
                for (uint64_t m = grow; m; m &= m - 1)
                    for (int j = 0; j < 3; j++) {
                        int v = cat_ctz(m), e = cat_v_edge[v][j];
                        if (e >= 0 && s->e_owner[e] == 0)
                            next |= 1ULL << cat_v_adj[v][j];
                    }
                grow = next & ~comp;
                comp |= next;
            }
            rest &= ~comp;
            ncomp++;
        }
        loops += ne > nv - ncomp;
        if (bad) {
            KT_FAIL("network %d: a road changed the length wrongly (%ld times)", it, bad);
            kt_game_free(g);
            return;
        }
        /* opposing settlements and knights, and pieces of our own */
        for (int k = 0; k < 6; k++) {
            int best = bf_length(s, 0);
            compared++;
            if (best != s->pl[0].road_len) {
                KT_FAIL("network %d step %d: road length %d, brute force %d", it, k,
                        s->pl[0].road_len, best);
                kt_game_free(g);
                return;
            }
            int v = (int)kt_rng_below(&r, CAT_NV);
            if (s->v_piece[v] == VP_NONE)
                cat_place(g, s, v, (int)kt_rng_below(&r, 3),
                          kt_rng_below(&r, 2) ? VP_SETTLE : VP_KNIGHT, 1);
        }
    }
    KT_CHECK(compared >= 12 * kt_t_scaled(3000));
    KT_CHECK(loops > kt_t_scaled(3000) / 10); /* the exhaustive path is exercised */
    kt_game_free(g);
}

KT_TEST(catan_aqueduct_after_a_robbed_roll_and_not_after_commodities)
{
    /* player 1's only producing hex (A, 10) is under the robber */
    kt_scn c = cat_scn2(T, "", 4, CITY,
                        "{" ROLL "\"state\":{" ROLLSTACK ",\"robber\":\"A\",\"players\":{\"0\":{\"improvements\":{\"science\":3}}}}}");
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 4, 6, EV_SHIP));
    KT_CHECK(cat_t_decision_is(&c, "aqueduct"));
    KT_EQ(kt_to_move(c.g, c.s), 0);
    kt_scn_free(&c);
}

KT_TEST(catan_progress_short_deck_goes_in_turn_order)
{
    /* one politics card left, players 1 and 2 both entitled: the roller
     * draws it, the next player gets nothing */
    kt_scn c = cat_scn2(T, "", 4, CITY,
                        "{" ROLL "\"state\":{" ROLLSTACK ","
                        "\"decks\":{\"trade\":[\"commercial_harbor\",\"commercial_harbor\",\"master_merchant\","
                        "\"master_merchant\",\"merchant\",\"merchant\",\"merchant\",\"merchant\",\"merchant\","
                        "\"merchant\",\"merchant_fleet\",\"merchant_fleet\",\"resource_monopoly\",\"resource_monopoly\","
                        "\"resource_monopoly\",\"resource_monopoly\",\"trade_monopoly\",\"trade_monopoly\"],"
                        "\"politics\":[\"spy\"],"
                        "\"science\":[\"alchemist\",\"alchemist\",\"crane\",\"crane\",\"engineer\",\"inventor\","
                        "\"inventor\",\"irrigation\",\"irrigation\",\"medicine\",\"medicine\",\"mining\",\"mining\","
                        "\"printer\",\"road_building\",\"road_building\",\"smith\",\"smith\"]},"
                        "\"deck_known\":{\"trade\":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],\"politics\":[0],"
                        "\"science\":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]},"
                        "\"buildings\":{\"12\":{\"player\":0,\"kind\":\"city\",\"metropolis\":\"politics\"}},"
                        "\"players\":{\"0\":{\"improvements\":{\"politics\":5},"
                        "\"progress\":[\"bishop\",\"bishop\",\"deserter\",\"deserter\"],\"progress_known\":[1,1,1,1]},"
                        "\"1\":{\"improvements\":{\"politics\":5},\"vp_cards\":[\"constitution\"],"
                        "\"progress\":[\"diplomat\",\"diplomat\",\"intrigue\",\"intrigue\"],\"progress_known\":[2,2,2,2]},"
                        "\"2\":{\"progress\":[\"saboteur\",\"saboteur\",\"spy\",\"spy\"],\"progress_known\":[4,4,4,4]},"
                        "\"3\":{\"progress\":[\"warlord\",\"warlord\",\"wedding\",\"wedding\"],"
                        "\"progress_known\":[8,8,8,8]}}}}");
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 6, 2, EV_GATE_POLITICS));
    KT_EQ(CS(&c)->pl[0].nprog, 5); /* the roller got the last card (own turn: no discard yet) */
    KT_EQ(CS(&c)->pl[1].nprog, 4);
    KT_EQ(CS(&c)->deck_n[TR_POLITICS], 0);
    KT_CHECK(cat_t_decision_is(&c, "main"));
    kt_scn_free(&c);
}
