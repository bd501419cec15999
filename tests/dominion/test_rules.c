/*
 * test_rules.c - Dominion setup, options, turn structure, game end,
 * tie-break and reshuffling, from exact positions.
 */
#include <stdio.h>
#include <string.h>

#include "helpers.h"

#define KG "Gardens,Witch,Smithy,Village,Festival,Market,Cellar,Chapel,Moat,Militia"

static long obs_int(const kt_game *g, const kt_state *s, int p, const char *path)
{
    char *o = kt_observe_json(g, s, p, KT_LANG_EN);
    char *v = kt_json_at(o, path);
    long x = v ? strtol(v, NULL, 10) : -99999;
    free(v);
    kt_free(o);
    return x;
}

KT_TEST(dominion_setup_supply_sizes_by_player_count)
{
    /* players: Copper, Estate/Duchy/Province/Gardens, Curse */
    static const int want[5][3] = {{0, 0, 0}, {46, 8, 10}, {46, 8, 10}, {39, 12, 20}, {32, 12, 30}};
    for (int np = 1; np <= 4; np++) {
        kt_scn c = kt_scn_new(T, "dominion", "kingdom=" KG, np, 3, NULL);
        KT_REQUIRE(c.g);
        KT_EQ(dom_t_int(&c, "state.supply.Copper"), want[np][0]);
        KT_EQ(dom_t_int(&c, "state.supply.Silver"), 40);
        KT_EQ(dom_t_int(&c, "state.supply.Gold"), 30);
        KT_EQ(dom_t_int(&c, "state.supply.Estate"), want[np][1]);
        KT_EQ(dom_t_int(&c, "state.supply.Duchy"), want[np][1]);
        KT_EQ(dom_t_int(&c, "state.supply.Province"), want[np][1]);
        KT_EQ(dom_t_int(&c, "state.supply.Gardens"), want[np][1]);
        KT_EQ(dom_t_int(&c, "state.supply.Curse"), want[np][2]);
        KT_EQ(dom_t_int(&c, "state.supply.Witch"), 10);
        for (int p = 0; p < np; p++) {
            char path[64];
            snprintf(path, sizeof path, "state.players.%d.hand", p);
            KT_EQ(dom_t_len(&c, path), 5);
            snprintf(path, sizeof path, "state.players.%d.deck", p);
            KT_EQ(dom_t_len(&c, path), 5);
            KT_EQ(obs_int(c.g, c.s, p, "seats.0.cards"), 10);
            KT_EQ(obs_int(c.g, c.s, p, "seats.0.vp"), 3);
        }
        KT_EQ(kt_to_move(c.g, c.s), 0);
        KT_EQ(kt_turn_player(c.g, c.s), 0);
        KT_EQ(kt_turn_number(c.g, c.s), 1);
        kt_scn_free(&c);
    }
}

KT_TEST(dominion_setup_random_kingdom_is_written_back_and_reproduces)
{
    kt_game *g1, *g2, *g3;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("dominion", NULL, 2, 77, NULL, &g1, &err), &err));
    const char *o1 = kt_game_options(g1);
    KT_CHECK(strncmp(o1, "kingdom=", 8) == 0);
    /* 10 cards in the kingdom list (Events and Traits may follow it) */
    int commas = 0;
    for (const char *p = o1; *p && *p != ';'; p++)
        commas += *p == ',';
    KT_EQ(commas, 9);
    /* the canonical options recreate the kingdom under another seed */
    KT_REQUIRE(KT_OKS(kt_game_new("dominion", o1, 2, 12345, NULL, &g2, &err), &err));
    KT_STREQ(kt_game_options(g2), o1);
    KT_REQUIRE(KT_OKS(kt_game_new("dominion", NULL, 2, 78, NULL, &g3, &err), &err));
    KT_CHECK(strcmp(kt_game_options(g3), o1) != 0);
    kt_game_free(g1);
    kt_game_free(g2);
    kt_game_free(g3);
    /* a partial list is completed from the seed */
    KT_REQUIRE(KT_OKS(kt_game_new("dominion", "kingdom=witch", 2, 5, NULL, &g1, &err), &err));
    KT_CHECK(strstr(kt_game_options(g1), "Witch") != NULL);
    commas = 0;
    for (const char *p = kt_game_options(g1); *p && *p != ';'; p++)
        commas += *p == ',';
    KT_EQ(commas, 9);
    kt_game_free(g1);
}

KT_TEST(dominion_options_german_names_any_case_and_presets)
{
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("dominion",
                                  "kingdom=dorf,SCHMIEDE,Händlerin,thronsaal,bibliothek,Keller,"
                                  "Töpferei,HEXE,Markt,Burggraben",
                                  2, 1, NULL, &g, &err),
                      &err));
    KT_STREQ(kt_game_options(g), "kingdom=Cellar,Moat,Merchant,Village,Smithy,Throne Room,"
                                 "Library,Market,Witch,Artisan");
    kt_game_free(g);
    KT_REQUIRE(KT_OKS(kt_game_new("dominion", "kingdom=throneroom,council room,Laboratory", 2, 1,
                                  NULL, &g, &err),
                      &err));
    KT_CHECK(strstr(kt_game_options(g), "Throne Room") && strstr(kt_game_options(g), "Council Room"));
    kt_game_free(g);
    KT_REQUIRE(KT_OKS(kt_game_new("dominion", "preset=First Game", 2, 1, NULL, &g, &err), &err));
    KT_STREQ(kt_game_options(g), "preset=First Game");
    kt_state *s = kt_state_new(g);
    char *o = kt_observe_json(g, s, 0, KT_LANG_EN);
    char *k = kt_json_at(o, "kingdom");
    KT_STREQ(k, "[\"Cellar\",\"Moat\",\"Merchant\",\"Village\",\"Workshop\",\"Militia\",\"Remodel\","
                "\"Smithy\",\"Market\",\"Mine\"]");
    free(k);
    kt_free(o);
    kt_state_free(g, s);
    kt_game_free(g);
    static const char *const presets[] = {"first-game", "SIZE DISTORTION", "Deck Top",
                                          "sleight of hand", "Improvements", "Silver & Gold",
                                          "silver and gold"};
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++) {
        char opt[64];
        snprintf(opt, sizeof opt, "preset=%s", presets[i]);
        KT_OKS(kt_game_new("dominion", opt, 3, 1, NULL, &g, &err), &err);
        kt_game_free(g);
    }
}

KT_TEST(dominion_options_errors_are_clear)
{
    kt_game *g = NULL;
    kt_err err;
    KT_EQ(kt_game_new("dominion", "kingdom=Vilage", 2, 1, NULL, &g, &err), KT_EUNKNOWN);
    KT_CHECK(strstr(err.msg, "unknown card 'vilage'") && strstr(err.msg, "did you mean Village"));
    KT_EQ(kt_game_new("dominion", "kingdom=Thronsal", 2, 1, NULL, &g, &err), KT_EUNKNOWN);
    KT_CHECK(strstr(err.msg, "Throne Room") != NULL);
    KT_EQ(kt_game_new("dominion", "kingdom=Copper", 2, 1, NULL, &g, &err), KT_EINVAL);
    KT_CHECK(strstr(err.msg, "Copper is not a kingdom card") != NULL);
    KT_EQ(kt_game_new("dominion", "kingdom=Witch,Hexe", 2, 1, NULL, &g, &err), KT_EINVAL);
    KT_CHECK(strstr(err.msg, "Witch is listed twice") != NULL);
    KT_EQ(kt_game_new("dominion",
                      "kingdom=Cellar,Chapel,Moat,Harbinger,Merchant,Vassal,Village,Workshop,"
                      "Bureaucrat,Gardens,Militia",
                      2, 1, NULL, &g, &err),
          KT_EINVAL);
    KT_CHECK(strstr(err.msg, "more than 10") != NULL);
    KT_EQ(kt_game_new("dominion", "preset=Second Game", 2, 1, NULL, &g, &err), KT_EUNKNOWN);
    KT_CHECK(strstr(err.msg, "unknown preset") && strstr(err.msg, "First Game"));
    KT_EQ(kt_game_new("dominion", "preset=First Game;kingdom=Witch", 2, 1, NULL, &g, &err),
          KT_EINVAL);
    KT_CHECK(strstr(err.msg, "exclude each other") != NULL);
    KT_EQ(kt_game_new("dominion", "until=provinces", 2, 1, NULL, &g, &err), KT_EINVAL);
    KT_CHECK(strstr(err.msg, "provinces=4") != NULL);
    KT_EQ(kt_game_new("dominion", "until=castles=3", 2, 1, NULL, &g, &err), KT_EUNKNOWN);
    KT_EQ(kt_game_new("dominion", "until=provinces=0", 2, 1, NULL, &g, &err), KT_EINVAL);
    KT_EQ(kt_game_new("dominion", "colour=red", 2, 1, NULL, &g, &err), KT_EUNKNOWN);
    KT_EQ(kt_game_new("dominion", NULL, 5, 1, NULL, &g, &err), KT_EINVAL);
    KT_CHECK(g == NULL);
    /* accepted forms of until */
    KT_REQUIRE(KT_OKS(kt_game_new("dominion", "until=Provinz=4", 1, 1, NULL, &g, &err), &err));
    kt_game_free(g);
    KT_REQUIRE(KT_OKS(kt_game_new("dominion", "until=duchies=2", 1, 1, NULL, &g, &err), &err));
    kt_game_free(g);
}

KT_TEST(dominion_rules_treasures_only_in_buy_phase_and_not_after_buying)
{
    kt_scn c = dom_t_action(T, KG, 2,
                            "\"0\":{\"hand\":[\"Village\",\"Copper\",\"Copper\",\"Silver\"],"
                            "\"deck\":[\"Estate\"],\"discard\":[]}");
    KT_REQUIRE(c.g);
    kt_action a;
    kt_err err;
    KT_EQ(kt_action_parse(c.g, c.s, "play Copper", &a, &err), KT_EILLEGAL);
    KT_CHECK(strstr(err.msg, "Buy phase") != NULL);
    KT_DO(&c, "play Village"); /* no Action left in hand: on to the Buy phase */
    KT_STREQ(kt_decision(c.g, c.s), "buy");
    DOM_DO(&c, "play Silver|play Copper");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 3);
    KT_EQ(kt_action_parse(c.g, c.s, "play Village", &a, &err), KT_EILLEGAL);
    /* a second Buy from a Festival-less turn: give one through the state */
    kt_scn_free(&c);

    c = kt_scn_new(T, "dominion", "kingdom=" KG, 2, 7,
                   "{\"state\":{\"supply\":null,\"turn\":{\"coins\":5,\"buys\":2},\"players\":{"
                   "\"0\":{\"hand\":[\"Copper\",\"Copper\"],\"deck\":[\"Estate\"],"
                   "\"discard\":[]}}}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Silver");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 2);
    KT_EQ(dom_t_int(&c, "state.turn.buys"), 1);
    KT_EQ(kt_action_parse(c.g, c.s, "play Copper", &a, &err), KT_EILLEGAL);
    KT_CHECK(strstr(err.msg, "after buying") != NULL);
    KT_EQ(kt_action_parse(c.g, c.s, "buy Gold", &a, &err), KT_EILLEGAL);
    KT_CHECK(strstr(err.msg, "Gold costs $6, you have $2") != NULL);
    KT_DO(&c, "buy Estate");
    /* no Buys left: the turn ends by itself */
    KT_EQ(kt_turn_player(c.g, c.s), 1);
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 5);
    kt_scn_free(&c);
}

KT_TEST(dominion_rules_cleanup_discards_and_draws_five_reshuffling)
{
    kt_scn c = dom_t_buy(T, KG, 2,
                         "\"0\":{\"hand\":[\"Copper\",\"Copper\",\"Estate\"],\"deck\":[\"Gold\","
                         "\"Gold\"],\"discard\":[\"Silver\",\"Silver\",\"Silver\"]}",
                         0);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Copper|end turn");
    /* drew the two Golds, then shuffled Silver x3 + this turn's 3 cards */
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 5);
    KT_EQ(dom_t_len(&c, "state.players.0.deck"), 3);
    KT_EQ(dom_t_len(&c, "state.players.0.discard"), 0);
    char *h = dom_t_get(&c, "state.players.0.hand");
    KT_CHECK(h && strstr(h, "\"Gold\",\"Gold\"") != NULL);
    free(h);
    KT_EQ(dom_t_len(&c, "state.in_play"), 0);
    KT_EQ(kt_turn_player(c.g, c.s), 1);
    kt_scn_free(&c);

    /* the top of the discard pile after Clean-up is a card that was played */
    c = dom_t_buy(T, KG, 2,
                  "\"0\":{\"hand\":[\"Copper\",\"Estate\",\"Estate\"],\"deck\":[\"Gold\",\"Gold\","
                  "\"Gold\",\"Gold\",\"Gold\"],\"discard\":[]}",
                  0);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Copper|end turn");
    DOM_JEQ(&c, "state.players.0.discard", "[\"Copper\",\"Estate\",\"Estate\"]");
    kt_scn_free(&c);
}

/* 7 of the 8 Provinces elsewhere (player 2's discard pile): the last one is
 * bought in turn 1; the game ends only at the end of that turn. */
KT_TEST(dominion_end_when_provinces_run_out_at_end_of_turn)
{
    kt_scn c = kt_scn_new(T, "dominion", "kingdom=" KG, 2, 7,
                          "{\"state\":{\"supply\":null,\"turn\":{\"coins\":8,\"buys\":2},"
                          "\"players\":{\"1\":{\"discard\":[\"Province\",\"Province\",\"Province\","
                          "\"Province\",\"Province\",\"Province\",\"Province\"]}}}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Province");
    KT_CHECK(!kt_is_over(c.g, c.s));
    KT_EQ(dom_t_int(&c, "state.supply.Province"), 0);
    KT_DO(&c, "end turn");
    KT_CHECK(kt_is_over(c.g, c.s));
    DOM_JEQ(&c, "state.ended", "\"provinces\"");
    kt_result r;
    kt_result_get(c.g, c.s, &r);
    KT_EQ(r.finished, 1);
    KT_EQ(r.score[0], 9);
    KT_EQ(r.score[1], 45);
    KT_EQ(r.winners, 2u);
    KT_EQ(r.turns, 1);
    KT_EQ(kt_to_move(c.g, c.s), -1);
    kt_scn_free(&c);
}

KT_TEST(dominion_end_when_three_supply_piles_are_empty)
{
#define PILES_PATCH                                                                          \
    "{\"state\":{\"supply\":null,\"turn\":{\"coins\":4},\"trash\":[%s],\"players\":{\"0\":{" \
    "\"hand\":[\"Copper\"],\"deck\":[],\"discard\":[]}}}}"
    char trash[2000] = "", p[2600];
    for (int i = 0; i < 10; i++)
        strcat(trash, "\"Witch\",\"Village\",");
    for (int i = 0; i < 9; i++)
        strcat(trash, i ? ",\"Smithy\"" : "\"Smithy\"");
    snprintf(p, sizeof p, PILES_PATCH, trash);
    kt_scn c = kt_scn_new(T, "dominion", "kingdom=" KG, 2, 7, p);
    KT_REQUIRE(c.g);
    char *o = kt_observe_json(c.g, c.s, 0, KT_LANG_EN);
    char *e = kt_json_at(o, "empty_piles");
    KT_STREQ(e, "2");
    free(e);
    kt_free(o);
    KT_DO(&c, "buy Smithy"); /* the third pile: the turn ends, then the game */
    KT_CHECK(kt_is_over(c.g, c.s));
    DOM_JEQ(&c, "state.ended", "\"piles\"");
    kt_scn_free(&c);

    /* two empty piles are not enough */
    snprintf(p, sizeof p, PILES_PATCH, "\"Witch\",\"Witch\",\"Witch\",\"Witch\",\"Witch\",\"Witch\","
                                  "\"Witch\",\"Witch\",\"Witch\",\"Witch\",\"Smithy\",\"Smithy\","
                                  "\"Smithy\",\"Smithy\",\"Smithy\",\"Smithy\",\"Smithy\","
                                  "\"Smithy\",\"Smithy\"");
    c = kt_scn_new(T, "dominion", "kingdom=" KG, 2, 7, p);
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Smithy");
    KT_CHECK(!kt_is_over(c.g, c.s));
    kt_scn_free(&c);
}

KT_TEST(dominion_tiebreak_fewer_turns_wins_else_shared)
{
    /* equal VP after player 1 takes the last Province on turn 5 (player 2 had
     * 4 turns): player 2 wins the tie */
    kt_scn c = kt_scn_new(
        T, "dominion", "kingdom=" KG, 2, 7,
        "{\"header\":{\"turn\":9},\"state\":{\"supply\":null,\"turn\":{\"coins\":8},"
        "\"trash\":[\"Province\",\"Province\",\"Province\",\"Province\",\"Province\","
        "\"Province\"],\"players\":{\"0\":{\"turns\":5},\"1\":{\"turns\":4,\"discard\":["
        "\"Province\"]}}}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Province");
    KT_CHECK(kt_is_over(c.g, c.s));
    kt_result r;
    kt_result_get(c.g, c.s, &r);
    KT_EQ(r.score[0], 9);
    KT_EQ(r.score[1], 9);
    KT_EQ(r.winners, 2u);
    KT_EQ(r.rank[0], 1);
    KT_EQ(r.turns, 5);
    kt_scn_free(&c);

    /* the second player ends it: equal turns, the win is shared */
    c = kt_scn_new(
        T, "dominion", "kingdom=" KG, 2, 7,
        "{\"header\":{\"turn\":10,\"to_move\":1,\"turn_player\":1},\"state\":{\"supply\":null,"
        "\"turn\":{\"coins\":8},\"trash\":[\"Province\",\"Province\",\"Province\",\"Province\","
        "\"Province\",\"Province\"],\"players\":{\"0\":{\"turns\":5,\"discard\":[\"Province\"]},"
        "\"1\":{\"turns\":5,\"hand\":[\"Copper\"],\"deck\":[],\"discard\":[\"Estate\","
        "\"Estate\",\"Estate\"]}}}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Province");
    KT_CHECK(kt_is_over(c.g, c.s));
    kt_result_get(c.g, c.s, &r);
    KT_EQ(r.score[0], 9);
    KT_EQ(r.score[1], 9);
    KT_EQ(r.winners, 3u);
    KT_CHECK(r.reward[0] == 0.5 && r.reward[1] == 0.5);
    kt_scn_free(&c);
}

KT_TEST(dominion_until_option_ends_the_game_at_once)
{
    kt_scn c = kt_scn_new(T, "dominion", "kingdom=" KG ";until=provinces=4", 1, 7,
                          "{\"header\":{\"turn\":12},\"state\":{\"supply\":null,\"turn\":{"
                          "\"coins\":8,\"buys\":2},\"players\":{\"0\":{\"turns\":12,\"discard\":["
                          "\"Province\",\"Province\",\"Province\"]}}}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Province");
    KT_CHECK(kt_is_over(c.g, c.s)); /* at once, though a Buy is left */
    DOM_JEQ(&c, "state.ended", "\"until\"");
    kt_result r;
    kt_result_get(c.g, c.s, &r);
    KT_EQ(r.turns, 12);
    KT_EQ(r.winners, 1u);
    KT_EQ(r.finished, 1);
    kt_scn_free(&c);
}

KT_TEST(dominion_turn_counters_and_turn_limit)
{
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("dominion", "kingdom=" KG ";turn_limit=6", 2, 3, NULL, &g, &err),
                      &err));
    kt_bot *b;
    KT_REQUIRE(KT_OKS(kt_bot_new(g, "bmu", 1, &b, &err), &err));
    kt_state *s = kt_state_new(g);
    while (!kt_is_over(g, s)) {
        kt_action a;
        KT_REQUIRE(KT_OKS(kt_bot_choose(b, s, &a, &err), &err));
        KT_REQUIRE(KT_OKS(kt_apply(g, s, a, &err), &err));
    }
    /* six turns were played (three each); the seventh start stops the game */
    KT_EQ(kt_turn_number(g, s), 7);
    kt_result r;
    kt_result_get(g, s, &r);
    KT_EQ(r.finished, 0);
    KT_EQ(r.winners, 0u);
    kt_bot_free(b);
    kt_state_free(g, s);
    kt_game_free(g);
}

/* Issue 27: a full effect stack refuses a push and the state says so:
 * kt_check reports the overflow instead of the effect vanishing silently. */
#include "../../src/games/dominion/dominion.h"
KT_TEST(dominion_a_full_effect_stack_is_reported_by_check)
{
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("dominion", "preset=First Game", 2, 1, NULL, &g, &err), &err));
    kt_state *st = kt_state_new(g);
    KT_REQUIRE(st != NULL);
    KT_OKS(kt_check(g, st, &err), &err);
    dom_state *s = (dom_state *)st;
    int depth = s->nstack;
    KT_CHECK(!s->overflow);
    s->nstack = DOM_STACK; /* full (the frames' contents do not matter here) */
    KT_CHECK(dom_push(s, DOM_FX_NONE + 1, 0, 0) == NULL);
    KT_CHECK(s->overflow == 1);
    s->nstack = (uint8_t)depth;
    KT_CHECK(kt_check(g, st, &err) == KT_EINTERNAL);
    KT_CHECK(strstr(err.msg, "effect stack overflowed") != NULL);
    kt_state_free(g, st);
    kt_game_free(g);
}
