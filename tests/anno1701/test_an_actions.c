/*
 * test_an_actions.c - the action phase of Anno 1701 (seed: "2. Action
 * phase"): building from hand into free spaces, inhabitant upgrades in order
 * with the seed's costs (and the settler-cost rule flag), improving and
 * repairing the ship with wood, the bank 3:1, offers to the opponent
 * (composed unit by unit, accepted or declined by them), gold: which centre
 * pays, where gold goes, the cap of 8, chaos and losing by it, and the two
 * power tokens.  The seed's free trade, chaos on every gain and the last
 * gold have their own file (test_an_seed.c).
 */
#include <stdio.h>
#include <string.h>

#include "an_helpers.h"

KT_TEST(anno_build_pays_the_cost_and_takes_a_space)
{
    /* Farm costs wood + brick (Lion: 2 wood, 1 brick) */
    kt_scn c = an_scn(T, NULL, "{\"hand\":[\"L03\",\"L05\"]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "build Farm");
    KT_EQ(PL(&c, 0).nb, 1);
    KT_EQ(PL(&c, 0).build[0], an_t_def(&c, "Farm"));
    KT_EQ(PL(&c, 0).nh, 1);
    KT_EQ(an_t_goods(&c, 0, GD_WOOD), 1);
    KT_EQ(an_t_goods(&c, 0, GD_BRICK), 0);
    /* Sheep Farm: wood + food, still affordable; a card not in hand is not */
    KT_CHECK(LEGAL(&c, "build Sheep Farm"));
    KT_CHECK(!LEGAL(&c, "build Sawmill"));
    kt_scn_free(&c);
    /* no brick: the Farm cannot be built */
    c = an_scn(T, NULL, "{\"hand\":[\"L03\"],\"land\":[1,1,1,0,1,1,1,1]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_CHECK(!LEGAL(&c, "build Farm"));
    kt_scn_free(&c);
}

KT_TEST(anno_build_needs_one_of_sixteen_free_spaces)
{
    char p0[600];
    snprintf(p0, sizeof p0,
             "{\"hand\":[\"L03\"],\"buildings\":[\"L01\",\"L02\",\"L04\",\"L05\",\"L06\",\"L07\","
             "\"L07\",\"L08\",\"L09\",\"L10\",\"L12\",\"M01\",\"M02\",\"M03\",\"M06\",\"M09\"]}");
    kt_scn c = an_scn(T, NULL, p0, NULL, NULL);
    KT_REQUIRE(c.g);
    KT_EQ(PL(&c, 0).nb, 16);
    KT_CHECK(!LEGAL(&c, "build Farm"));
    kt_scn_free(&c);
}

KT_TEST(anno_build_at_most_one_fire_station)
{
    kt_scn c = an_scn(T, NULL, "{\"hand\":[\"L11\",\"H09\"],\"buildings\":[],\"land\":[3,1,3,3,3,1,3,3],"
                               "\"inhabitants\":[2,0,2,0]}",
                      NULL, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "build Fire Station");
    KT_CHECK(!LEGAL(&c, "build Fire Brigade"));
    kt_scn_free(&c);
}

KT_TEST(anno_build_happy_inhabitants_and_theatre_give_gold_at_once)
{
    kt_scn c = an_scn(T, NULL, "{\"hand\":[\"M06\",\"M10\"],\"land\":[1,2,2,2,1,2,2,2],\"gold\":[1,1]}",
                      NULL, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "build School"); /* 2 happy marks: 2 gold */
    KT_EQ(an_t_gold(&c, 0), 4);
    KT_DO(&c, "build Theatre"); /* 1 gold when built */
    KT_EQ(an_t_gold(&c, 0), 5);
    kt_scn_free(&c);
}

KT_TEST(anno_upgrade_in_order_with_the_seed_costs)
{
    /* pioneer -> settler: 2 cloth + 2 food (the seed's caption) */
    kt_scn c = an_scn(T, NULL, "{\"land\":[1,1,1,1,1,1,1,1],\"rum\":3,\"tobacco\":3}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_CHECK(!LEGAL(&c, "upgrade Settler to Citizen"));
    KT_DO(&c, "upgrade Pioneer to Settler");
    KT_EQ(PL(&c, 0).lvl[0], 3);
    KT_EQ(PL(&c, 0).lvl[1], 1);
    KT_EQ(an_t_goods(&c, 0, GD_CLOTH) + an_t_goods(&c, 0, GD_FOOD), 0);
    KT_EQ(AS(&c)->supply[1], 6);
    KT_EQ(an_queen(AC(&c), &PL(&c, 0)), 1);
    kt_scn_free(&c);
    /* settler -> citizen: 2 food + 2 rum + 1 tobacco; citizen -> merchant: 2 food, 2 rum, 2 tob */
    c = an_scn(T, NULL, "{\"land\":[1,1,3,1,1,1,3,1],\"rum\":3,\"tobacco\":3,\"inhabitants\":[2,1,1,0]}",
               NULL, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "upgrade Settler to Citizen");
    KT_EQ(PL(&c, 0).rum, 1);
    KT_EQ(PL(&c, 0).tob, 2);
    KT_EQ(an_t_goods(&c, 0, GD_FOOD), 4);
    KT_CHECK(!LEGAL(&c, "upgrade Citizen to Merchant")); /* 1 rum only */
    PL(&c, 0).rum = 2; /* edit the exact position and check it again */
    kt_buf why;
    kt_buf_init(&why);
    KT_CHECK(an_check(c.g, c.s, &why));
    kt_buf_free(&why);
    KT_DO(&c, "upgrade Citizen to Merchant");
    KT_EQ(PL(&c, 0).lvl[3], 1);
    KT_EQ(PL(&c, 0).rum, 0);
    KT_EQ(PL(&c, 0).tob, 0);
    KT_EQ(an_t_goods(&c, 0, GD_FOOD), 2);
    kt_scn_free(&c);
}

KT_TEST(anno_upgrade_settler_cost_rule_flag_uses_the_worked_example)
{
    /* settler_cost=example: 2 wood + 2 cloth; no food needed */
    kt_scn c = an_scn(T, "settler_cost=example", "{\"land\":[1,1,0,1,1,1,0,1]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "upgrade Pioneer to Settler");
    KT_EQ(an_t_goods(&c, 0, GD_WOOD), 0);
    KT_EQ(an_t_goods(&c, 0, GD_CLOTH), 0);
    kt_scn_free(&c);
    c = an_scn(T, NULL, "{\"land\":[1,1,0,1,1,1,0,1]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_CHECK(!LEGAL(&c, "upgrade Pioneer to Settler")); /* the caption needs food */
    kt_scn_free(&c);
}

KT_TEST(anno_upgrade_needs_a_card_in_the_supply)
{
    /* 7 settler cards: player 2 holds 4, player 1 three */
    kt_scn c = an_scn(T, NULL, "{\"inhabitants\":[1,3,0,0]}", "{\"inhabitants\":[0,4,0,0]}", NULL);
    KT_REQUIRE(c.g);
    KT_EQ(AS(&c)->supply[1], 0);
    KT_CHECK(!LEGAL(&c, "upgrade Pioneer to Settler"));
    kt_scn_free(&c);
}

KT_TEST(anno_ship_improves_and_is_repaired_with_wood)
{
    kt_scn c = an_scn(T, NULL, "{\"ship\":0,\"land\":[3,1,1,1,3,1,1,1]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "repair ship (1 wood)"); /* face up again at I */
    KT_EQ(PL(&c, 0).ship, 1);
    KT_DO(&c, "improve ship (1 wood)"); /* as often as the wood lasts */
    KT_DO(&c, "improve ship (1 wood)");
    KT_DO(&c, "improve ship (1 wood)");
    KT_EQ(PL(&c, 0).ship, 4);
    KT_CHECK(!LEGAL(&c, "improve ship (1 wood)")); /* IV is the top */
    KT_EQ(an_t_goods(&c, 0, GD_WOOD), 2);
    kt_scn_free(&c);
}

KT_TEST(anno_bank_trades_three_for_one_never_rum_or_tobacco)
{
    kt_scn c = an_scn(T, NULL, "{\"land\":[3,1,1,1,0,1,1,1],\"rum\":3,\"tobacco\":3}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_CHECK(!LEGAL(&c, "bank: 3 cloth for 1 food")); /* only 2 cloth */
    KT_DO(&c, "bank: 3 wood for 1 tools");
    KT_EQ(an_t_goods(&c, 0, GD_WOOD), 0);
    KT_EQ(an_t_goods(&c, 0, GD_TOOLS), 2);
    KT_DO(&c, "bank: 3 gold for 1 brick");
    KT_DO(&c, "pay 2 left, 1 right");
    KT_EQ(an_t_gold(&c, 0), 3);
    KT_EQ(an_t_goods(&c, 0, GD_BRICK), 2);
    /* rum and tobacco appear in no trade */
    kt_action buf[KT_LEGAL_MAX];
    int n = kt_legal(c.g, c.s, buf, KT_LEGAL_MAX), bad = 0;
    for (int i = 0; i < n; i++) {
        char txt[128];
        kt_action_text(c.g, c.s, buf[i], 0, KT_LANG_EN, txt, sizeof txt);
        bad += strstr(txt, "Rum") || strstr(txt, "tobacco");
    }
    KT_EQ(bad, 0);
    kt_scn_free(&c);
}

KT_TEST(anno_offer_is_accepted_or_declined_by_the_opponent)
{
    /* an offer may be withdrawn before it is made */
    kt_scn c = an_scn(T, NULL, NULL, NULL, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "offer a trade"); /* composed unit by unit: give, ask for */
    KT_STREQ(kt_decision(c.g, c.s), "offer_compose");
    KT_CHECK(!LEGAL(&c, "make the offer")); /* both sides need something */
    KT_DO(&c, "give 1 wood");
    KT_CHECK(!LEGAL(&c, "ask for 1 wood")); /* never a kind on both sides */
    KT_DO(&c, "withdraw the offer");
    KT_STREQ(kt_decision(c.g, c.s), "action");
    KT_EQ(AS(&c)->give[GD_WOOD], 0);
    KT_DO(&c, "offer a trade");
    KT_DO(&c, "give 1 wood");
    KT_DO(&c, "give 1 wood");
    KT_CHECK(!LEGAL(&c, "give 1 wood")); /* the Lion holds 2 wood */
    KT_DO(&c, "ask for 1 brick");
    KT_DO(&c, "make the offer");
    KT_STREQ(kt_decision(c.g, c.s), "offer");
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_DO(&c, "decline");
    KT_EQ(an_t_goods(&c, 0, GD_WOOD), 2);
    KT_EQ(kt_to_move(c.g, c.s), 0);
    KT_EQ(AS(&c)->declined[0][GD_WOOD], 2);
    KT_EQ(AS(&c)->declined[1][GD_BRICK], 1);
    /* gold and goods on one side: 1 gold + 1 cloth for 1 food */
    KT_DO(&c, "offer a trade");
    KT_DO(&c, "give 1 gold");
    KT_DO(&c, "give 1 cloth");
    KT_DO(&c, "ask for 1 food");
    KT_DO(&c, "make the offer");
    KT_DO(&c, "accept");
    KT_DO(&c, "put cloth on M (die 2, right)"); /* the Dragon chooses where its cloth goes */
    KT_DO(&c, "put food on N (die 6, right)");  /* the Lion where its food goes */
    KT_DO(&c, "pay 1 left, 0 right");           /* the giver chooses the centre */
    KT_EQ(an_t_gold(&c, 0), 5);
    KT_EQ(an_t_gold(&c, 1), 7);
    KT_EQ(an_t_goods(&c, 0, GD_FOOD), 3);
    KT_EQ(an_t_goods(&c, 0, GD_CLOTH), 1);
    KT_EQ(an_t_goods(&c, 1, GD_FOOD), 1);
    KT_EQ(an_t_goods(&c, 1, GD_CLOTH), 3);
    KT_STREQ(kt_decision(c.g, c.s), "action");
    kt_scn_free(&c);
}

KT_TEST(anno_gold_payment_chooses_the_centre_gains_go_to_the_poorer)
{
    kt_scn c = an_scn(T, NULL, "{\"gold\":[4,1],\"hand\":[\"A01\"]}", "{\"gold\":[1,3]}", NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Pickpocket");
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_DO(&c, "pay 0 left, 1 right");
    KT_EQ(PL(&c, 1).gold[0], 1);
    KT_EQ(PL(&c, 1).gold[1], 2);
    KT_EQ(PL(&c, 0).gold[1], 2); /* received: the poorer centre */
    KT_EQ(PL(&c, 0).gold[0], 4);
    kt_scn_free(&c);
    /* gold_pay=auto: the richer centre pays without a question */
    c = an_scn(T, "gold_pay=auto", "{\"hand\":[\"A01\"]}", "{\"gold\":[1,3]}", NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Pickpocket");
    KT_STREQ(kt_decision(c.g, c.s), "action");
    KT_EQ(PL(&c, 1).gold[1], 2);
    kt_scn_free(&c);
}

KT_TEST(anno_gold_is_capped_at_four_per_centre_eight_in_all)
{
    kt_scn c = an_scn(T, NULL, "{\"gold\":[4,3],\"hand\":[\"M06\"],\"land\":[1,1,1,1,1,1,1,1]}", NULL,
                      NULL);
    KT_REQUIRE(c.g);
    /* the School's 2 gold: 1 fits, 1 is lost */
    KT_CHECK(an_can_pay(AC(&c), &PL(&c, 0), AC(&c)->def[an_t_def(&c, "School")].cost, 0, 0));
    KT_DO(&c, "build School");
    KT_EQ(an_t_gold(&c, 0), 8);
    kt_scn_free(&c);
}

KT_TEST(anno_chaos_blocks_and_ends_with_the_next_gold_both_centres_lose)
{
    /* left centre in chaos: 4 discontented there */
    kt_scn c = an_scn(T, NULL, "{\"gold\":[0,2],\"hand\":[\"M10\"],\"land\":[1,1,1,1,1,1,1,1]}", NULL,
                      NULL);
    KT_REQUIRE(c.g);
    KT_EQ(an_discontent(AC(&c), &PL(&c, 0)), 6);
    KT_DO(&c, "build Theatre"); /* 1 gold: to the centre in chaos */
    KT_EQ(PL(&c, 0).gold[0], 1);
    KT_EQ(an_discontent(AC(&c), &PL(&c, 0)), 5);
    kt_scn_free(&c);
    /* spending the last gold is a legal move: both centres empty, the player loses at once */
    c = an_scn(T, NULL, "{\"gold\":[1,2]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "bank: 3 gold for 1 wood");
    KT_DO(&c, "put wood on L (die 4, right)"); /* a gain's landscape before its payment */
    KT_CHECK(kt_is_over(c.g, c.s));
    KT_EQ(AS(&c)->end, END_CHAOS);
    KT_EQ(AS(&c)->winner, 1);
    kt_scn_free(&c);
}

KT_TEST(anno_tokens_first_to_three_marks_then_more_marks_tie_nobody)
{
    /* Market Place (1 bag) built, Market Hall (2) in hand */
    kt_scn c = an_scn(T, NULL, "{\"buildings\":[\"L08\"],\"hand\":[\"M11\"],\"land\":[2,2,2,2,1,1,1,1]}",
                      "{\"buildings\":[\"M04\"],\"hand\":[\"H04\",\"H03\"],\"land\":[1,1,1,3,1,1,1,2]}", NULL);
    KT_REQUIRE(c.g);
    KT_EQ(AS(&c)->trade_power, -1);
    KT_DO(&c, "build Market Hall");
    KT_EQ(AS(&c)->trade_power, 0); /* first with 3 money bags */
    /* player 2 builds the Bank: 1 + 2 = 3 bags against 3: a tie, nobody */
    KT_REQUIRE(an_t_end_turn_with(T, &c, 4, EV_TAX));
    KT_REQUIRE(LEGAL(&c, "build Bank"));
    KT_DO(&c, "build Bank");
    KT_EQ(AS(&c)->trade_power, -1);
    KT_DO(&c, "build Trading House"); /* 5 against 3: now the one with more */
    KT_EQ(AS(&c)->trade_power, 1);
    kt_scn_free(&c);
}
