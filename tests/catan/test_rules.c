/*
 * test_rules.c - setup, production, the 7, robber, victory: scenario tests
 * on the beginner map (see catan_test.h for its places).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan_test.h"

#define ROLL_STATE "\"header\":{\"decision\":\"roll\"},"
#define ROLL_STACK "\"stack\":[{\"kind\":\"roll\",\"player\":0,\"a\":0,\"b\":0}]"

KT_TEST(catan_setup_snake_order_city_in_round_two)
{
    kt_scn c = cat_scn_raw(T, "", 4, NULL);
    KT_REQUIRE(c.s);
    KT_CHECK(cat_t_decision_is(&c, "setup_build"));
    KT_EQ(kt_to_move(c.g, c.s), 0);
    KT_DO(&c, "build settlement 12");
    KT_CHECK(!kt_scn_legal(&c, "build road 30-35")); /* the road must touch the new building */
    KT_DO(&c, "build road 12-17");
    KT_EQ(kt_to_move(c.g, c.s), 1);
    /* distance rule: neighbours of 12 are gone */
    KT_CHECK(!kt_scn_legal(&c, "build settlement 8") && !kt_scn_legal(&c, "build settlement 17"));
    KT_CHECK(kt_scn_legal(&c, "build settlement 23"));
    KT_DO(&c, "build settlement 30");
    KT_DO(&c, "build road 30-35");
    KT_DO(&c, "build settlement 41");
    KT_DO(&c, "build road 41-45");
    KT_DO(&c, "build settlement 20");
    KT_DO(&c, "build road 20-25");
    /* round two runs backwards and places a city */
    KT_EQ(kt_to_move(c.g, c.s), 3);
    KT_CHECK(!kt_scn_legal(&c, "build settlement 44"));
    KT_DO(&c, "build city 44"); /* N mountains 3, R fields 6, Q hills 5 */
    KT_EQ(cat_t_hand(&c, 3, K_ORE), 1);
    KT_EQ(cat_t_hand(&c, 3, K_GRAIN), 1);
    KT_EQ(cat_t_hand(&c, 3, K_BRICK), 1);
    KT_EQ(cat_t_hand(&c, 3, K_COIN), 0); /* no commodity for the starting city */
    KT_DO(&c, "build road 44-48");
    KT_EQ(kt_to_move(c.g, c.s), 2);
    KT_DO(&c, "build city 42");
    KT_DO(&c, "build road 42-46");
    KT_DO(&c, "build city 9");
    KT_DO(&c, "build road 9-14");
    KT_DO(&c, "build city 33");
    KT_DO(&c, "build road 33-38");
    /* first turn: the first player of round one rolls */
    KT_CHECK(cat_t_decision_is(&c, "roll"));
    KT_EQ(kt_to_move(c.g, c.s), 0);
    KT_EQ(kt_turn_number(c.g, c.s), 1);
    KT_EQ(CS(&c)->pl[0].n_city, 1);
    KT_EQ(CS(&c)->pl[0].n_settle, 1);
    kt_scn_free(&c);
}

KT_TEST(catan_setup_base_second_settlement_pays)
{
    kt_scn c = cat_scn_raw(T, "variant=base", 3, NULL);
    KT_REQUIRE(c.s);
    const char *moves[] = {"build settlement 12", "build road 12-17", "build settlement 30", "build road 30-35",
                           "build settlement 41", "build road 41-45", "build settlement 44", "build road 44-48",
                           "build settlement 9", "build road 9-14"};
    for (int i = 0; i < 10; i++)
        KT_REQUIRE(KT_DO(&c, moves[i]));
    KT_CHECK(!kt_scn_legal(&c, "build city 20"));
    KT_DO(&c, "build settlement 20"); /* on G hills 10 and L mountains 8 */
    KT_EQ(cat_t_hand(&c, 0, K_BRICK), 1);
    KT_EQ(cat_t_hand(&c, 0, K_ORE), 1);
    KT_EQ(CS(&c)->pl[0].ncards, 2);
    KT_EQ(cat_t_hand(&c, 2, K_ORE) + cat_t_hand(&c, 2, K_GRAIN) + cat_t_hand(&c, 2, K_BRICK), 3);
    KT_EQ(cat_t_hand(&c, 1, K_WOOL), 2); /* 9: B pasture, C forest, F pasture */
    KT_EQ(cat_t_hand(&c, 1, K_LUMBER), 1);
    kt_scn_free(&c);
}

static const char *PROD =
    "{" ROLL_STATE "\"state\":{" ROLL_STACK ","
    "\"buildings\":{\"12\":{\"player\":0,\"kind\":\"city\"},\"3\":{\"player\":0,\"kind\":\"settlement\"},"
    "\"4\":{\"player\":1,\"kind\":\"settlement\"},\"19\":{\"player\":1,\"kind\":\"city\"}},"
    "\"roads\":{\"12-17\":0,\"3-7\":0,\"4-8\":1}";

/* extra: members of "state" merged after the standard production board;
 * C&K positions start after the first attack (robber free) */
static kt_scn prod_scn(kt_t *T, const char *opts, const char *extra)
{
    char p[2048], q[2048];
    snprintf(p, sizeof p, "%s}}", PROD);
    snprintf(q, sizeof q, "{\"state\":{%s%s}}", strstr(opts, "base") ? "\"dice\":[2,3,0]"
             : strstr(extra, "attacks") ? "\"dice\":[2,3,1]" : "\"attacks\":1",
             extra);
    return cat_scn2(T, opts, 4, p, q);
}

KT_TEST(catan_production_settlements_cities_and_commodities)
{
    kt_scn c = prod_scn(T, "", "");
    KT_REQUIRE(c.s);
    /* 10: A mountains (p0 city 12 + settlement 3, p1 settlement 4); G hills */
    KT_REQUIRE(cat_t_roll(T, &c, 4, 6, EV_GATE_TRADE));
    KT_EQ(cat_t_hand(&c, 0, K_ORE), 2);  /* city 1 + settlement 1 */
    KT_EQ(cat_t_hand(&c, 0, K_COIN), 1); /* the city's commodity */
    KT_EQ(cat_t_hand(&c, 1, K_ORE), 1);
    KT_EQ(cat_t_hand(&c, 1, K_BRICK), 2); /* hills city: two brick, no commodity */
    KT_EQ(CS(&c)->pl[1].ncards, 3);
    KT_CHECK(cat_t_decision_is(&c, "main"));
    kt_scn_free(&c);
    /* the base game: a city gives two of the resource */
    c = prod_scn(T, "variant=base", "");
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 5, 5, 0));
    KT_EQ(cat_t_hand(&c, 0, K_ORE), 3);
    KT_EQ(CS(&c)->pl[0].ncards, 3);
    kt_scn_free(&c);
}

KT_TEST(catan_production_robber_blocks_its_hex)
{
    kt_scn c = prod_scn(T, "", ",\"robber\":\"A\"");
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 4, 6, EV_GATE_TRADE));
    KT_EQ(CS(&c)->pl[0].ncards, 0);
    KT_EQ(cat_t_hand(&c, 1, K_BRICK), 2); /* G still produces */
    kt_scn_free(&c);
}

KT_TEST(catan_production_bank_shortage)
{
    /* 17 ore with player 3 leave 2 in the bank for 3 owed; two claimants -> nobody */
    kt_scn c = prod_scn(T, "", ",\"players\":{\"2\":{\"hand\":{\"ore\":17}}}");
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 4, 6, EV_GATE_TRADE));
    KT_EQ(cat_t_hand(&c, 0, K_ORE), 0);
    KT_EQ(cat_t_hand(&c, 1, K_ORE), 0);
    KT_EQ(cat_t_hand(&c, 0, K_COIN), 1); /* commodities are judged per kind */
    KT_EQ(CS(&c)->bank[K_ORE], 2);
    kt_scn_free(&c);
    /* a single claimant takes what is left */
    c = prod_scn(T, "", ",\"buildings\":{\"4\":null},\"roads\":{\"4-8\":null},"
                        "\"players\":{\"2\":{\"hand\":{\"ore\":18}}}");
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 4, 6, EV_GATE_TRADE));
    KT_EQ(cat_t_hand(&c, 0, K_ORE), 1);
    KT_EQ(CS(&c)->bank[K_ORE], 0);
    kt_scn_free(&c);
    /* rule flag shortage=partial: paid in turn order while cards last */
    c = prod_scn(T, "shortage=partial", ",\"players\":{\"2\":{\"hand\":{\"ore\":17}}}");
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 4, 6, EV_GATE_TRADE));
    KT_EQ(cat_t_hand(&c, 0, K_ORE), 2);
    KT_EQ(cat_t_hand(&c, 1, K_ORE), 0);
    kt_scn_free(&c);
}

KT_TEST(catan_seven_discard_half_above_the_limit)
{
    kt_scn c = prod_scn(T, "",
                        ",\"players\":{\"0\":{\"hand\":{\"brick\":8}},\"1\":{\"hand\":{\"wool\":7}},"
                        "\"2\":{\"hand\":{\"grain\":9,\"coin\":1}}}");
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 3, 4, EV_GATE_TRADE));
    KT_CHECK(cat_t_decision_is(&c, "discard"));
    KT_EQ(kt_to_move(c.g, c.s), 0);
    for (int i = 0; i < 4; i++)
        KT_DO(&c, "discard brick");
    /* player 2 holds exactly 7: no discard; player 3 has 10: five */
    KT_EQ(kt_to_move(c.g, c.s), 2);
    KT_CHECK(kt_scn_legal(&c, "discard coin"));
    KT_DO(&c, "discard coin");
    for (int i = 0; i < 4; i++)
        KT_DO(&c, "discard grain");
    KT_EQ(CS(&c)->pl[2].ncards, 5);
    KT_EQ(CS(&c)->pl[1].ncards, 7);
    KT_EQ(CS(&c)->pl[0].ncards, 4);
    KT_CHECK(cat_t_decision_is(&c, "robber"));
    kt_scn_free(&c);
}

KT_TEST(catan_seven_city_walls_raise_the_limit)
{
    kt_scn c = prod_scn(T, "",
                        ",\"buildings\":{\"12\":{\"player\":0,\"kind\":\"city\",\"wall\":true}},"
                        "\"players\":{\"0\":{\"hand\":{\"brick\":9}},\"1\":{\"hand\":{\"wool\":8}}}");
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 3, 4, EV_GATE_TRADE));
    /* one wall: 9 cards are safe for player 1; player 2 discards 4 */
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_CHECK(cat_t_decision_is(&c, "discard"));
    KT_EQ(CS(&c)->stack[CS(&c)->nstack - 1].a, 4);
    kt_scn_free(&c);
}

KT_TEST(catan_seven_robber_locked_until_the_first_attack)
{
    kt_scn c = prod_scn(T, "", ",\"attacks\":0,\"players\":{\"1\":{\"hand\":{\"wool\":8}}}");
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 3, 4, EV_GATE_TRADE));
    /* discards still happen ... */
    for (int i = 0; i < 4; i++)
        KT_DO(&c, "discard wool");
    /* ... but the robber stays in the desert and nobody steals */
    KT_CHECK(cat_t_decision_is(&c, "main"));
    KT_EQ(CS(&c)->robber, 9);
    kt_scn_free(&c);
}

KT_TEST(catan_seven_robber_moves_and_steals)
{
    kt_scn c = prod_scn(T, "", ",\"players\":{\"1\":{\"hand\":{\"wool\":2}},\"2\":{\"hand\":{\"ore\":1}}}");
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 3, 4, EV_GATE_TRADE));
    KT_CHECK(cat_t_decision_is(&c, "robber"));
    KT_CHECK(!kt_scn_legal(&c, "robber to J")); /* it must move */
    KT_DO(&c, "robber to B");                   /* only player 2 touches B (4) */
    KT_CHECK(cat_t_decision_is(&c, "main"));     /* a single victim needs no choice */
    KT_EQ(cat_t_hand(&c, 0, K_WOOL), 1);
    KT_EQ(cat_t_hand(&c, 1, K_WOOL), 1);
    KT_EQ(CS(&c)->robber, 1);
    kt_scn_free(&c);
    /* two victims: choose */
    c = prod_scn(T, "", ",\"buildings\":{\"13\":{\"player\":2,\"kind\":\"settlement\"}},"
                        "\"players\":{\"1\":{\"hand\":{\"wool\":2}},"
                        "\"2\":{\"hand\":{\"ore\":1}}}");
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 3, 4, EV_GATE_TRADE));
    KT_DO(&c, "robber to F"); /* 13 (player 3) and 19 (player 2) */
    KT_CHECK(cat_t_decision_is(&c, "steal"));
    KT_CHECK(kt_scn_legal(&c, "steal from player 2") && kt_scn_legal(&c, "steal from player 3"));
    KT_DO(&c, "steal from player 3");
    KT_EQ(cat_t_hand(&c, 0, K_ORE), 1);
    kt_scn_free(&c);
}

KT_TEST(catan_victory_only_on_own_turn)
{
    /* player 2 reaches 13 through a Defender card during player 1's roll;
     * the game ends only when player 2's turn begins */
    const char *p =
        "{" ROLL_STATE "\"state\":{" ROLL_STACK ",\"barbarians\":6,"
        "\"buildings\":{\"0\":{\"player\":1,\"kind\":\"city\"},\"2\":{\"player\":1,\"kind\":\"city\"},"
        "\"16\":{\"player\":1,\"kind\":\"city\"},\"26\":{\"player\":1,\"kind\":\"city\"}},"
        "\"roads\":{\"0-3\":1,\"2-6\":1},"
        "\"knights\":{\"3\":{\"player\":1,\"level\":3,\"active\":true},"
        "\"6\":{\"player\":1,\"level\":2,\"active\":true}},"
        "\"attacks\":4,\"players\":{\"1\":{\"defender\":4}}}}";
    kt_scn c = cat_scn(T, "", 4, p);
    KT_REQUIRE(c.s);
    KT_EQ(cat_vp_public(c.g, CS(&c), 1), 12);
    KT_REQUIRE(cat_t_roll(T, &c, 1, 1, EV_SHIP));
    KT_EQ(CS(&c)->attacks, 5);
    KT_EQ(CS(&c)->pl[1].defender, 5);
    KT_EQ(cat_vp_public(c.g, CS(&c), 1), 13);
    KT_CHECK(!kt_is_over(c.g, c.s));
    KT_DO(&c, "end turn");
    KT_CHECK(kt_is_over(c.g, c.s));
    kt_result r;
    kt_result_get(c.g, c.s, &r);
    KT_CHECK(r.finished && r.winners == 2u && r.reward[1] == 1.0);
    KT_EQ(r.score[1], 13);
    kt_scn_free(&c);
}

KT_TEST(catan_victory_on_own_action_ends_the_game)
{
    kt_scn c = cat_scn(T, "variant=base", 4,
                       "{\"state\":{\"buildings\":{\"0\":{\"player\":0,\"kind\":\"city\"},"
                       "\"2\":{\"player\":0,\"kind\":\"city\"},\"16\":{\"player\":0,\"kind\":\"city\"},"
                       "\"26\":{\"player\":0,\"kind\":\"settlement\"},\"30\":{\"player\":0,\"kind\":\"settlement\"},"
                       "\"44\":{\"player\":0,\"kind\":\"settlement\"}},"
                       "\"roads\":{\"44-48\":0},\"players\":{\"0\":{\"hand\":{\"ore\":3,\"grain\":2}}}}}");
    KT_REQUIRE(c.s);
    KT_EQ(cat_vp_total(c.g, CS(&c), 0), 9);
    KT_DO(&c, "build city 44");
    KT_CHECK(kt_is_over(c.g, c.s));
    kt_result r;
    kt_result_get(c.g, c.s, &r);
    KT_CHECK(r.finished && r.winners == 1u);
    KT_EQ(r.turns, 5);
    kt_scn_free(&c);
}

KT_TEST(catan_turn_limit_reports_unfinished)
{
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("catan", "turn_limit=10", 4, 3, NULL, &g, &err), &err));
    kt_state *s = kt_state_new(g);
    kt_t_random_game(T, g, s, 9, 1000000);
    kt_result r;
    kt_result_get(g, s, &r);
    KT_CHECK(kt_is_over(g, s));
    KT_EQ(r.finished, 0);
    KT_EQ(r.winners, 0);
    KT_EQ(r.turns, 11);
    kt_state_free(g, s);
    kt_game_free(g);
}

/* Issue 27: a full decision stack refuses a push and marks the state, and
 * kt_check reports it (before, release builds dropped the frame silently
 * and the state passed every check). */
KT_TEST(catan_a_full_decision_stack_is_reported_by_check)
{
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("catan", NULL, 3, 1, NULL, &g, &err), &err));
    kt_state *st = kt_state_new(g);
    KT_REQUIRE(st != NULL);
    KT_OKS(kt_check(g, st, &err), &err);
    cat_state *s = (cat_state *)st;
    int depth = s->nstack;
    s->nstack = CAT_STACK; /* full (the frames' contents do not matter here) */
    cat_push(s, 1, 0, 0, 0, 0, 0);
    KT_CHECK(s->nstack == CAT_STACK); /* refused, nothing written past the end */
    s->nstack = (uint8_t)depth;
    KT_CHECK(kt_check(g, st, &err) == KT_EINTERNAL);
    KT_CHECK(strstr(err.msg, "stack overflowed") != NULL);
    kt_state_free(g, st);
    kt_game_free(g);
}
