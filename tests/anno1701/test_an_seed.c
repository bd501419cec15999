/*
 * test_an_seed.c - the seed's rules that issue 26 brought in, each from an
 * exact position:
 *   - chaos blocks every gain: "while a village centre is in chaos, the
 *     landscapes above and below it cannot increase their goods" - dice,
 *     production buildings, goods of choice (Inventor, queen, guild), the
 *     trader event, the bank, steals, the harbour, offers and voyages; where
 *     two landscapes may take a good, the player chooses;
 *   - "with 1 gold left, spending money = defeat": spending the last gold is
 *     a legal move that loses at once (last_gold=refuse keeps the old rule),
 *     and the warn hook says so in English and German;
 *   - "barter and gold exchange freely" with the opponent: offers of any
 *     goods and gold for any goods and gold, any number per action phase
 *     (trade_offers bounds them; studies use trade_offers=3).
 * The random-play and bot properties of the same rules are in
 * test_an_soak.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/game.h"
#include "an_helpers.h"

/* ------------------------------------------------------------ chaos */

KT_TEST(anno_chaos_production_building_cannot_fill_a_blocked_landscape)
{
    /* Lion, left centre in chaos: food J (left, die 3) is blocked, N (right,
     * die 6) is open; the Farm makes food on a 4 */
    kt_scn c = an_scn(T, NULL, "{\"gold\":[0,3],\"buildings\":[\"L03\"]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_end_turn_with(T, &c, 4, EV_TAX));
    KT_EQ(PL(&c, 0).land[2], 1); /* J: blocked */
    KT_EQ(PL(&c, 0).land[6], 2); /* N: the only landscape that may take it, no question */
    KT_STREQ(kt_decision(c.g, c.s), "action");
    kt_scn_free(&c);
    /* N full as well: the food is lost, J stays blocked */
    c = an_scn(T, NULL, "{\"gold\":[0,3],\"buildings\":[\"L03\"],\"land\":[1,1,1,1,1,1,3,1]}",
               NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_end_turn_with(T, &c, 4, EV_TAX));
    KT_EQ(PL(&c, 0).land[2], 1);
    KT_EQ(PL(&c, 0).land[6], 3);
    kt_scn_free(&c);
}

KT_TEST(anno_chaos_goods_of_choice_only_where_a_landscape_may_take_them)
{
    /* Inventor with the left centre in chaos: brick (K, left) cannot be
     * taken; food goes to N without a question */
    kt_scn c = an_scn(T, NULL, "{\"gold\":[0,3],\"hand\":[\"A02\"]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Inventor");
    KT_CHECK(!LEGAL(&c, "take brick"));
    KT_CHECK(LEGAL(&c, "take tools"));
    KT_DO(&c, "take food");
    KT_EQ(PL(&c, 0).land[2], 1);
    KT_EQ(PL(&c, 0).land[6], 2);
    KT_DO(&c, "take tools");
    KT_EQ(an_t_goods(&c, 0, GD_TOOLS), 2);
    kt_scn_free(&c);
}

KT_TEST(anno_chaos_bank_and_trader_offer_only_goods_that_fit)
{
    kt_scn c = an_scn(T, NULL, "{\"gold\":[0,3],\"land\":[3,1,1,1,3,1,1,1]}",
                      "{\"gold\":[0,3]}", NULL);
    KT_REQUIRE(c.g);
    KT_CHECK(!LEGAL(&c, "bank: 3 wood for 1 brick")); /* the Lion's brick is left */
    KT_CHECK(LEGAL(&c, "bank: 3 wood for 1 tools"));
    /* the trader event: the Dragon's tools lie on the left (blocked) */
    KT_REQUIRE(an_t_end_turn_with(T, &c, 4, EV_TRADER));
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_STREQ(kt_decision(c.g, c.s), "trader");
    KT_CHECK(!LEGAL(&c, "buy tools for 1 gold"));
    KT_CHECK(LEGAL(&c, "buy brick for 1 gold"));
    kt_scn_free(&c);
}

KT_TEST(anno_chaos_steal_and_harbour_need_a_landscape_that_may_take_the_good)
{
    /* trade power (Market Hall + Market Place) and a Harbour (die 3) */
    kt_scn c = an_scn(T, NULL, "{\"gold\":[0,3],\"buildings\":[\"M11\",\"L08\",\"M04\"]}", NULL,
                      "{\"state\":{\"trade_power\":0,\"claimed\":1}}");
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_end_turn_with(T, &c, 1, EV_TRADEADV));
    KT_STREQ(kt_decision(c.g, c.s), "steal");
    KT_CHECK(!LEGAL(&c, "steal brick"));
    KT_CHECK(LEGAL(&c, "steal tools"));
    KT_DO(&c, "steal tools");
    kt_scn_free(&c);
    c = an_scn(T, NULL, "{\"gold\":[0,3],\"buildings\":[\"M04\"]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_end_turn_with(T, &c, 3, EV_TAX));
    KT_STREQ(kt_decision(c.g, c.s), "harbour");
    KT_CHECK(!LEGAL(&c, "harbour: wood for brick"));
    KT_CHECK(LEGAL(&c, "harbour: wood for tools"));
    kt_scn_free(&c);
}

static int flotsam_wood(const kt_scn *after, void *ctx)
{
    int *want = ctx;
    return an_t_pred_voyage(after, want) && an_t_goods(after, 0, GD_WOOD) == 3;
}

KT_TEST(anno_chaos_voyage_goods_follow_it_too)
{
    /* flotsam's 3 gives 1 wood: H (left) is blocked, L (right) takes it */
    kt_scn c = an_scn(T, NULL, "{\"ship\":2,\"gold\":[0,4]}", NULL, NULL);
    KT_REQUIRE(c.g);
    int want[2] = {an_t_vdef(&c, "Flotsam"), -1};
    KT_REQUIRE(an_t_force(T, &c, "sail", flotsam_wood, want));
    KT_DO(&c, "sail");
    KT_EQ(PL(&c, 0).land[0], 1);
    KT_EQ(PL(&c, 0).land[4], 2);
    kt_scn_free(&c);
}

KT_TEST(anno_place_the_player_chooses_where_two_landscapes_may_take_a_good)
{
    kt_scn c = an_scn(T, NULL, "{\"hand\":[\"A02\"],\"land\":[1,1,2,1,1,1,1,1]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Inventor");
    KT_DO(&c, "take food");
    KT_STREQ(kt_decision(c.g, c.s), "place");
    KT_EQ(kt_scn_nlegal(&c), 2);
    KT_DO(&c, "put food on J (die 3, left)"); /* J: 3, full */
    KT_EQ(PL(&c, 0).land[2], 3);
    KT_DO(&c, "take food"); /* only N may take it now: no question */
    KT_EQ(PL(&c, 0).land[6], 2);
    KT_STREQ(kt_decision(c.g, c.s), "action");
    /* the observation marks each landscape by the same rule */
    char *obs = kt_observe_json(c.g, c.s, 0, KT_LANG_EN);
    KT_REQUIRE(obs);
    char *j = kt_json_at(obs, "tableau.0.landscapes.2");
    KT_CHECK(j && strstr(j, "\"blocked\":false") && strstr(j, "\"open\":false"));
    free(j);
    j = kt_json_at(obs, "tableau.0.landscapes.6");
    KT_CHECK(j && strstr(j, "\"open\":true"));
    free(j);
    kt_free(obs);
    kt_scn_free(&c);
    c = an_scn(T, NULL, "{\"gold\":[0,3]}", NULL, NULL);
    KT_REQUIRE(c.g);
    obs = kt_observe_json(c.g, c.s, 1, KT_LANG_EN);
    KT_REQUIRE(obs);
    for (int l = 0; l < AN_NLAND; l++) {
        char path[40];
        snprintf(path, sizeof path, "tableau.0.landscapes.%d", l);
        j = kt_json_at(obs, path);
        int st = an_land_status(AC(&c), &PL(&c, 0), l);
        KT_CHECK(j && strstr(j, st == AN_LAND_BLOCKED ? "\"blocked\":true" : "\"blocked\":false"));
        KT_CHECK(j && strstr(j, st == AN_LAND_OPEN ? "\"open\":true" : "\"open\":false"));
        KT_EQ(st == AN_LAND_BLOCKED, AC(&c)->set[0].land[l].centre == 0);
        free(j);
    }
    kt_free(obs);
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ the last gold */

KT_TEST(anno_last_gold_spending_it_is_a_legal_move_that_loses)
{
    kt_scn c = an_scn(T, NULL, "{\"gold\":[0,1]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "search pile I-a (1 gold)");
    KT_CHECK(kt_is_over(c.g, c.s));
    KT_EQ(AS(&c)->end, END_CHAOS);
    KT_EQ(AS(&c)->winner, 1);
    kt_scn_free(&c);
    /* last_gold=refuse: the old rule, such moves are not offered */
    c = an_scn(T, "last_gold=refuse", "{\"gold\":[0,1]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_CHECK(!LEGAL(&c, "search pile I-a (1 gold)"));
    KT_CHECK(LEGAL(&c, "draw from pile I-a"));
    kt_scn_free(&c);
}

/* Every legal action of the position: the warning (English and German) is
 * written exactly for the actions listed in `warned` ("|"-separated). */
static void expect_warnings(kt_t *T, kt_scn *c, const char *warned)
{
    kt_action a[KT_LEGAL_MAX];
    int n = kt_legal(c->g, c->s, a, KT_LEGAL_MAX), found = 0;
    for (int i = 0; i < n; i++) {
        char text[128];
        kt_action_text(c->g, c->s, a[i], kt_to_move(c->g, c->s), KT_LANG_EN, text, sizeof text);
        kt_buf en, de;
        kt_buf_init(&en);
        kt_buf_init(&de);
        c->g->def->warn(c->g, c->s, a[i], KT_LANG_EN, &en);
        c->g->def->warn(c->g, c->s, a[i], KT_LANG_DE, &de);
        char want[160];
        snprintf(want, sizeof want, "|%s|", text);
        char list[400];
        snprintf(list, sizeof list, "|%s|", warned);
        int should = strstr(list, want) != NULL;
        found += should;
        if (should != (en.len > 0) || should != (de.len > 0))
            KT_FAIL("'%s': warning '%s' / '%s', expected %s", text, en.p ? en.p : "",
                    de.p ? de.p : "", should ? "one" : "none");
        if (should && !(strstr(en.p, "lose the game") && strstr(de.p, "verlierst")))
            KT_FAIL("'%s': the warning does not say the game is lost: %s / %s", text, en.p, de.p);
        kt_buf_free(&en);
        kt_buf_free(&de);
    }
    KT_CHECK(found > 0);
}

KT_TEST(anno_last_gold_warn_names_every_move_that_loses)
{
    kt_scn c = an_scn(T, NULL, "{\"gold\":[1,2],\"land\":[1,1,1,1,1,1,1,1]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(c.g->def->warn);
    char *all = NULL;
    (void)all;
    /* all five bank trades of 3 gold */
    expect_warnings(T, &c, "bank: 3 gold for 1 wood|bank: 3 gold for 1 cloth|bank: 3 gold for 1 "
                           "food|bank: 3 gold for 1 brick|bank: 3 gold for 1 tools");
    kt_scn_free(&c);
    /* the search of a pile with 1 gold; the same in the refill */
    c = an_scn(T, NULL, "{\"gold\":[0,1]}", NULL, NULL);
    KT_REQUIRE(c.g);
    expect_warnings(T, &c, "search pile I-a (1 gold)|search pile I-b (1 gold)");
    KT_DO(&c, "draw from pile I-a");
    expect_warnings(T, &c, "search pile I-a (1 gold)|search pile I-b (1 gold)");
    kt_scn_free(&c);
    /* the offer that gives all one's gold; accepting one that asks for all */
    c = an_scn(T, NULL, "{\"gold\":[1,1]}", "{\"gold\":[0,2]}", NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "offer a trade");
    KT_DO(&c, "give 1 gold");
    KT_DO(&c, "give 1 gold");
    KT_DO(&c, "ask for 1 food");
    expect_warnings(T, &c, "make the offer");
    KT_DO(&c, "withdraw the offer");
    KT_DO(&c, "offer a trade");
    KT_DO(&c, "give 1 wood");
    KT_DO(&c, "ask for 1 gold");
    KT_DO(&c, "ask for 1 gold");
    KT_DO(&c, "make the offer");
    expect_warnings(T, &c, "accept");
    kt_scn_free(&c);
    /* the Theatre against a Revolutionary with 2 gold: letting it happen
     * loses, cancelling (1 gold) does not */
    c = an_scn(T, NULL, "{\"hand\":[\"A05\"]}", "{\"gold\":[1,1],\"buildings\":[\"M10\"]}", NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Revolutionary");
    KT_STREQ(kt_decision(c.g, c.s), "theatre");
    expect_warnings(T, &c, "let it happen");
    kt_scn_free(&c);
    /* the trader event with 1 gold: buying loses, selling does not */
    c = an_scn(T, NULL, NULL, "{\"gold\":[1,0]}", NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_end_turn_with(T, &c, 4, EV_TRADER));
    KT_EQ(kt_to_move(c.g, c.s), 1);
    expect_warnings(T, &c, "buy wood for 1 gold|buy cloth for 1 gold|buy food for 1 gold|buy brick "
                           "for 1 gold|buy tools for 1 gold");
    kt_scn_free(&c);
    /* text of the warning */
    c = an_scn(T, NULL, "{\"gold\":[0,1]}", NULL, NULL);
    KT_REQUIRE(c.g);
    kt_action a;
    kt_err err;
    KT_REQUIRE(kt_action_parse(c.g, c.s, "search pile I-a (1 gold)", &a, &err) == KT_OK);
    kt_buf b;
    kt_buf_init(&b);
    c.g->def->warn(c.g, c.s, a, KT_LANG_DE, &b);
    KT_STREQ(b.p, "Damit gibst du dein letztes Gold aus: beide Dorfzentren fallen ins Chaos und "
                  "du verlierst sofort das Spiel.");
    kt_buf_free(&b);
    /* any code, legal or not: nothing, no crash */
    kt_buf_init(&b);
    c.g->def->warn(c.g, c.s, 0xffffffffu, KT_LANG_EN, &b);
    c.g->def->warn(c.g, c.s, AN_ACT(A_BUY, 9, 0, 0), KT_LANG_EN, &b);
    KT_EQ(b.len, 0);
    kt_buf_free(&b);
    kt_scn_free(&c);
}

static int pirate_first(const kt_scn *after, void *ctx)
{
    return an_t_pred_voyage(after, ctx);
}

KT_TEST(anno_last_gold_pirates_and_voyage_traders)
{
    /* the Pirate Brig demands 1: paying the only gold loses, fighting not */
    kt_scn c = an_scn(T, NULL, "{\"ship\":2,\"gold\":[1,0]}", NULL, NULL);
    KT_REQUIRE(c.g);
    int brig[2] = {an_t_vdef(&c, "Pirate Brig"), -1};
    KT_REQUIRE(an_t_force(T, &c, "sail", pirate_first, brig));
    KT_DO(&c, "sail");
    KT_STREQ(kt_decision(c.g, c.s), "pirate");
    expect_warnings(T, &c, "pay 1 gold");
    KT_DO(&c, "pay 1 gold");
    KT_CHECK(kt_is_over(c.g, c.s));
    KT_EQ(AS(&c)->winner, 1);
    kt_scn_free(&c);
    /* Rum Smugglers: rum for 2 gold with 2 gold left */
    c = an_scn(T, NULL, "{\"ship\":2,\"gold\":[1,1]}", NULL, NULL);
    KT_REQUIRE(c.g);
    int rum[2] = {an_t_vdef(&c, "Rum Smugglers"), -1};
    KT_REQUIRE(an_t_force(T, &c, "sail", pirate_first, rum));
    KT_DO(&c, "sail");
    KT_STREQ(kt_decision(c.g, c.s), "buy");
    expect_warnings(T, &c, "buy Rum for 2 gold");
    kt_scn_free(&c);
}

/* The heuristic does not choose a move that loses its last gold while it
 * has another one; when every move does, it still moves. */
KT_TEST(anno_last_gold_heuristic_avoids_losing_moves)
{
    kt_scn c = an_scn(T, NULL, "{\"hand\":[\"A05\"]}", "{\"gold\":[1,0],\"buildings\":[\"M10\"]}",
                      NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Revolutionary");
    KT_STREQ(kt_decision(c.g, c.s), "theatre");
    kt_bot *b;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_bot_new(c.g, "heuristic", 1, &b, &err), &err));
    kt_action a;
    KT_REQUIRE(KT_OKS(kt_bot_choose(b, c.s, &a, &err), &err)); /* both lose: it picks one */
    KT_CHECK(an_last_gold(AC(&c), AS(&c), a) != LG_NO);
    kt_bot_free(b);
    kt_scn_free(&c);
    /* a pirate with 1 gold: it fights rather than pay */
    c = an_scn(T, NULL, "{\"ship\":2,\"gold\":[1,0]}", NULL, NULL);
    KT_REQUIRE(c.g);
    int brig[2] = {an_t_vdef(&c, "Pirate Brig"), -1};
    KT_REQUIRE(an_t_force(T, &c, "sail", pirate_first, brig));
    KT_DO(&c, "sail");
    KT_REQUIRE(KT_OKS(kt_bot_new(c.g, "heuristic", 1, &b, &err), &err));
    KT_REQUIRE(KT_OKS(kt_bot_choose(b, c.s, &a, &err), &err));
    KT_EQ(AN_AK(a), A_FIGHT);
    kt_bot_free(b);
    kt_scn_free(&c);
    /* a rich offer for all its gold: the goods are worth more to it than its
     * gold by its own measure, but accepting loses at once */
    c = an_scn(T, NULL, "{\"land\":[2,3,3,1,0,0,0,1]}",
               "{\"gold\":[1,1],\"land\":[0,0,0,1,0,0,0,1]}", NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "offer a trade");
    for (int i = 0; i < 3; i++) {
        KT_DO(&c, "give 1 cloth");
        KT_DO(&c, "give 1 food");
    }
    KT_DO(&c, "give 1 wood");
    KT_DO(&c, "give 1 wood");
    KT_DO(&c, "ask for 1 gold");
    KT_DO(&c, "ask for 1 gold");
    KT_DO(&c, "make the offer");
    KT_REQUIRE(KT_OKS(kt_bot_new(c.g, "heuristic", 1, &b, &err), &err));
    KT_REQUIRE(KT_OKS(kt_bot_choose(b, c.s, &a, &err), &err));
    KT_EQ(AN_AK(a), A_NO);
    kt_bot_free(b);
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ the free trade */

KT_TEST(anno_trade_any_goods_and_gold_for_any_any_number_of_offers)
{
    kt_scn c = an_scn(T, NULL, "{\"land\":[3,3,2,1,3,1,1,1]}", "{\"land\":[1,1,2,1,1,1,2,1]}",
                      NULL);
    KT_REQUIRE(c.g);
    /* six offers in one action phase, each declined: the seed sets no limit */
    for (int i = 0; i < 6; i++) {
        KT_DO(&c, "offer a trade");
        KT_DO(&c, "give 1 wood");
        KT_DO(&c, "ask for 1 food");
        KT_DO(&c, "make the offer");
        KT_DO(&c, "decline");
    }
    KT_EQ(AS(&c)->offers, 6);
    /* 3 wood + 2 cloth + 1 gold for 3 food + 1 brick */
    KT_DO(&c, "offer a trade");
    for (int i = 0; i < 3; i++)
        KT_DO(&c, "give 1 wood");
    KT_DO(&c, "give 1 cloth");
    KT_DO(&c, "give 1 cloth");
    KT_DO(&c, "give 1 gold");
    for (int i = 0; i < 3; i++)
        KT_DO(&c, "ask for 1 food");
    KT_CHECK(!LEGAL(&c, "ask for 1 food")); /* the Dragon holds 4, the Lion has room for 3 */
    KT_DO(&c, "ask for 1 brick");
    KT_CHECK(!LEGAL(&c, "ask for 1 Rum") && !LEGAL(&c, "give 1 Rum")); /* never traded */
    KT_DO(&c, "make the offer");
    KT_DO(&c, "accept");
    /* the goods move first (each side chooses landscapes where it has two), then the gold */
    while (strcmp(kt_decision(c.g, c.s), "place") == 0) {
        kt_action a[KT_LEGAL_MAX];
        KT_REQUIRE(kt_legal(c.g, c.s, a, KT_LEGAL_MAX) > 1);
        kt_apply_trusted(c.g, c.s, a[0]);
    }
    KT_DO(&c, "pay 1 left, 0 right");
    KT_EQ(an_t_goods(&c, 0, GD_WOOD), 3);
    KT_EQ(an_t_goods(&c, 0, GD_CLOTH), 2);
    KT_EQ(an_t_goods(&c, 0, GD_FOOD), 6);
    KT_EQ(an_t_goods(&c, 0, GD_BRICK), 2);
    KT_EQ(an_t_gold(&c, 0), 5);
    KT_EQ(an_t_goods(&c, 1, GD_WOOD), 5);
    KT_EQ(an_t_goods(&c, 1, GD_CLOTH), 4);
    KT_EQ(an_t_goods(&c, 1, GD_FOOD), 1);
    KT_EQ(an_t_goods(&c, 1, GD_BRICK), 0);
    KT_EQ(an_t_gold(&c, 1), 7);
    KT_CHECK(LEGAL(&c, "offer a trade"));
    kt_scn_free(&c);
}

KT_TEST(anno_trade_offers_bound_is_an_option_studies_set)
{
    kt_scn c = an_scn(T, "trade_offers=2", NULL, NULL, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "offer a trade"); /* a withdrawn offer counts: the bound keeps turns finite */
    KT_DO(&c, "withdraw the offer");
    KT_DO(&c, "offer a trade");
    KT_DO(&c, "give 1 wood");
    KT_DO(&c, "ask for 1 food");
    KT_DO(&c, "make the offer");
    KT_DO(&c, "decline");
    KT_CHECK(!LEGAL(&c, "offer a trade"));
    KT_REQUIRE(an_t_end_turn_with(T, &c, 4, EV_TAX));
    KT_CHECK(LEGAL(&c, "offer a trade")); /* a new action phase */
    kt_scn_free(&c);
    kt_game *g;
    kt_err err;
    KT_STREQ(kt_game_study_options("anno1701"), "trade_offers=3");
    KT_CHECK(KT_OKS(kt_game_new("anno1701", kt_game_study_options("anno1701"), 2, 1, NULL, &g,
                                &err),
                    &err));
    kt_game_free(g);
    KT_EQ(kt_game_new("anno1701", "trade_offers=many", 2, 1, NULL, &g, &err), KT_EINVAL);
    KT_CHECK(strstr(err.msg, "trade_offers") && strstr(err.msg, "any"));
    KT_EQ(kt_game_new("anno1701", "trade_offers=101", 2, 1, NULL, &g, &err), KT_EINVAL);
}

KT_TEST(anno_trade_composer_lists_only_what_both_sides_can_fulfil)
{
    /* the Dragon's left centre is in chaos (its wood H, cloth I, food J and
     * tools K are blocked); the Lion's cloth is full */
    kt_scn c = an_scn(T, NULL, "{\"land\":[1,3,1,1,1,3,0,1],\"gold\":[1,0]}",
                      "{\"gold\":[0,2],\"land\":[1,1,1,1,1,1,1,0]}", NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "offer a trade");
    KT_CHECK(LEGAL(&c, "give 1 wood"));   /* the Dragon's L (right) may take wood */
    KT_CHECK(!LEGAL(&c, "give 1 tools")); /* its only tools landscape is blocked */
    KT_CHECK(!LEGAL(&c, "ask for 1 cloth")); /* the Lion has no room for cloth */
    KT_CHECK(!LEGAL(&c, "ask for 1 brick")); /* the Dragon holds none */
    KT_CHECK(LEGAL(&c, "give 1 gold"));   /* its last gold: legal, it would lose */
    KT_DO(&c, "give 1 food");
    KT_CHECK(!LEGAL(&c, "give 1 food"));  /* the Lion holds 1 food */
    KT_CHECK(!LEGAL(&c, "ask for 1 food"));
    KT_DO(&c, "ask for 1 gold");
    KT_DO(&c, "ask for 1 gold");
    KT_CHECK(!LEGAL(&c, "ask for 1 gold")); /* the Dragon holds 2 */
    kt_scn_free(&c);
    c = an_scn(T, "last_gold=refuse", "{\"gold\":[1,0]}", "{\"gold\":[0,2]}", NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "offer a trade");
    KT_CHECK(!LEGAL(&c, "give 1 gold"));
    KT_DO(&c, "give 1 wood");
    KT_DO(&c, "ask for 1 gold");
    KT_CHECK(!LEGAL(&c, "ask for 1 gold"));
    kt_scn_free(&c);
}

/* The heuristic makes offers it needs, at most two a phase, and never the
 * one its opponent just declined. */
KT_TEST(anno_trade_heuristic_does_not_repeat_a_declined_offer)
{
    /* the Lion needs 2 cloth + 2 food for a settler and has 3 + 3 wood */
    kt_scn c = an_scn(T, NULL, "{\"land\":[3,2,0,1,3,0,0,1],\"gold\":[4,4]}",
                      "{\"land\":[1,1,3,1,1,1,3,1]}", NULL);
    KT_REQUIRE(c.g);
    kt_bot *b;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_bot_new(c.g, "heuristic", 1, &b, &err), &err));
    uint8_t last[2][AN_NKINDS];
    int offers = 0, repeats = 0;
    memset(last, 0, sizeof last);
    while (AS(&c)->h.turn_player == 0 && !kt_is_over(c.g, c.s)) {
        kt_action a;
        if (kt_to_move(c.g, c.s) == 1) {
            KT_DO(&c, "decline");
            KT_EQ(AS(&c)->declined[0][GD_WOOD] + AS(&c)->declined[0][AN_GOLD] > 0, 1);
            continue;
        }
        KT_REQUIRE(KT_OKS(kt_bot_choose(b, c.s, &a, &err), &err));
        if (AN_AK(a) == A_SEND) {
            offers++;
            repeats += !memcmp(AS(&c)->give, last[0], AN_NKINDS) &&
                       !memcmp(AS(&c)->get, last[1], AN_NKINDS);
            memcpy(last[0], AS(&c)->give, AN_NKINDS);
            memcpy(last[1], AS(&c)->get, AN_NKINDS);
        }
        kt_apply_trusted(c.g, c.s, a);
    }
    printf("    the heuristic made %d offers in the phase\n", offers);
    KT_EQ(offers, 2);
    KT_EQ(repeats, 0);
    kt_bot_free(b);
    kt_scn_free(&c);
}
