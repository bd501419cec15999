/*
 * test_an_dice.c - the dice phase of Anno 1701 (seed: "1. Dice phase"): the
 * number die for both players (landscapes, ship, production buildings, the
 * guild, harbour and lodge, also in the opponent's turn; the cap of 3;
 * chaos blocking), then the six results of the event die.
 *
 * Settlements (data/anno1701/start.txt): player 1 plays the Lion set
 * (landscapes 0-7: wood 1, cloth 2, food 3, brick 2 beside the left centre;
 * wood 4, cloth 5, food 6, tools 5 beside the right one; ship die 3),
 * player 2 the Dragon set (wood 4, cloth 5, food 6, tools 5 left; wood 1,
 * cloth 2, food 3, brick 2 right; ship die 6).  Each scenario ends player
 * 1's turn with the next dice forced, so player 2's dice phase runs.
 */
#include <string.h>

#include "an_helpers.h"

KT_TEST(anno_dice_number_produces_for_both_players)
{
    kt_scn c = an_scn(T, NULL, NULL, NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_end_turn_with(T, &c, 2, EV_TAX));
    /* Lion: cloth 2 and brick 2 (left); Dragon: cloth 2 and brick 2 (right) */
    KT_EQ(PL(&c, 0).land[1], 2);
    KT_EQ(PL(&c, 0).land[3], 2);
    KT_EQ(PL(&c, 0).land[0] + PL(&c, 0).land[2] + PL(&c, 0).land[4], 3);
    KT_EQ(PL(&c, 1).land[5], 2);
    KT_EQ(PL(&c, 1).land[7], 2);
    KT_EQ(PL(&c, 1).land[4], 1);
    KT_EQ(AS(&c)->h.turn_player, 1);
    KT_EQ(AS(&c)->h.turn, 2);
    kt_scn_free(&c);
}

KT_TEST(anno_dice_landscape_holds_at_most_three)
{
    kt_scn c = an_scn(T, NULL, "{\"land\":[1,3,1,3,1,1,1,1]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_end_turn_with(T, &c, 2, EV_TAX));
    KT_EQ(PL(&c, 0).land[1], 3);
    KT_EQ(PL(&c, 0).land[3], 3);
    kt_scn_free(&c);
}

KT_TEST(anno_dice_chaos_centre_blocks_its_landscapes)
{
    /* Lion: left centre in chaos; a 5 feeds cloth and tools (right) but a 2 feeds nothing */
    kt_scn c = an_scn(T, NULL, "{\"gold\":[0,3]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_end_turn_with(T, &c, 2, EV_TAX));
    KT_EQ(PL(&c, 0).land[1], 1);
    KT_EQ(PL(&c, 0).land[3], 1);
    kt_scn_free(&c);
    c = an_scn(T, NULL, "{\"gold\":[0,3]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_end_turn_with(T, &c, 5, EV_TAX));
    KT_EQ(PL(&c, 0).land[5], 2);
    KT_EQ(PL(&c, 0).land[7], 2);
    kt_scn_free(&c);
}

KT_TEST(anno_dice_ship_improves_on_its_number_up_to_iv_not_when_damaged)
{
    kt_scn c = an_scn(T, NULL, "{\"ship\":1}", "{\"ship\":0}", NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_end_turn_with(T, &c, 3, EV_TAX)); /* Lion's ship number */
    KT_EQ(PL(&c, 0).ship, 2);
    KT_EQ(PL(&c, 1).ship, 0);
    kt_scn_free(&c);
    c = an_scn(T, NULL, "{\"ship\":4}", "{\"ship\":0}", NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_end_turn_with(T, &c, 6, EV_TAX)); /* Dragon's ship number */
    KT_EQ(PL(&c, 1).ship, 0); /* damaged: the die does not help */
    kt_scn_free(&c);
    c = an_scn(T, NULL, "{\"ship\":4}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_end_turn_with(T, &c, 3, EV_TAX));
    KT_EQ(PL(&c, 0).ship, 4); /* IV is the best state */
    kt_scn_free(&c);
}

KT_TEST(anno_dice_production_building_works_in_the_opponents_turn)
{
    /* Farm: food on a 4, for player 1 in player 2's dice phase */
    kt_scn c = an_scn(T, NULL, "{\"buildings\":[\"L03\"],\"land\":[1,1,1,1,1,1,0,1]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_end_turn_with(T, &c, 4, EV_TAX));
    /* both food landscapes may take it: player 1 chooses, in player 2's turn */
    KT_STREQ(kt_decision(c.g, c.s), "place");
    KT_EQ(kt_to_move(c.g, c.s), 0);
    KT_EQ(kt_scn_nlegal(&c), 2);
    KT_DO(&c, "put food on N (die 6, right)");
    KT_EQ(PL(&c, 0).land[6], 1);
    KT_EQ(an_t_goods(&c, 0, GD_FOOD), 2);
    KT_EQ(an_t_goods(&c, 0, GD_WOOD), 3); /* the wood 4 landscape as well */
    kt_scn_free(&c);
}

KT_TEST(anno_dice_guild_gives_a_good_of_choice)
{
    kt_scn c = an_scn(T, NULL, "{\"buildings\":[\"M13\"]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_end_turn_with(T, &c, 2, EV_TAX));
    KT_STREQ(kt_decision(c.g, c.s), "good");
    KT_EQ(kt_to_move(c.g, c.s), 0); /* player 1 decides in player 2's turn */
    KT_DO(&c, "take tools");
    KT_EQ(an_t_goods(&c, 0, GD_TOOLS), 2);
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_STREQ(kt_decision(c.g, c.s), "action");
    kt_scn_free(&c);
}

KT_TEST(anno_dice_harbour_exchanges_a_good_on_its_number)
{
    kt_scn c = an_scn(T, NULL, "{\"buildings\":[\"M04\"]}", NULL, "{\"state\":{\"trade_power\":-1}}");
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_end_turn_with(T, &c, 3, EV_TAX));
    KT_STREQ(kt_decision(c.g, c.s), "harbour");
    KT_CHECK(LEGAL(&c, "decline"));
    KT_DO(&c, "harbour: wood for tools");
    KT_EQ(an_t_goods(&c, 0, GD_WOOD), 1);
    KT_EQ(an_t_goods(&c, 0, GD_TOOLS), 2);
    kt_scn_free(&c);
}

KT_TEST(anno_dice_lodge_swaps_a_hand_card_with_the_top_of_its_pile)
{
    /* pile I-a holds era-I cards in data order without the Lumberjack's Hut: Sawmill first */
    kt_scn c = an_scn(T, NULL, "{\"buildings\":[\"M05\"],\"hand\":[\"L01\"]}", NULL, NULL);
    KT_REQUIRE(c.g);
    int hut = an_t_def(&c, "Lumberjack's Hut"), saw = an_t_def(&c, "Sawmill");
    KT_REQUIRE(AS(&c)->pile[0][0] == saw);
    KT_REQUIRE(an_t_end_turn_with(T, &c, 6, EV_TAX));
    KT_STREQ(kt_decision(c.g, c.s), "lodge");
    KT_DO(&c, "lodge: Lumberjack's Hut under pile I-a");
    KT_EQ(PL(&c, 0).nh, 1);
    KT_EQ(PL(&c, 0).hand[0], saw);
    KT_EQ(AS(&c)->pile[0][AS(&c)->plen[0] - 1], hut);
    kt_scn_free(&c);
}

KT_TEST(anno_event_fire_costs_a_gold_per_citizen_and_merchant)
{
    kt_scn c = an_scn(T, NULL, "{\"inhabitants\":[2,0,1,1]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_end_turn_with(T, &c, 1, EV_FIRE));
    KT_STREQ(kt_decision(c.g, c.s), "pay");
    KT_EQ(kt_to_move(c.g, c.s), 0);
    KT_CHECK(LEGAL(&c, "pay 2 left, 0 right") && LEGAL(&c, "pay 0 left, 2 right"));
    KT_DO(&c, "pay 1 left, 1 right");
    KT_EQ(PL(&c, 0).gold[0], 2);
    KT_EQ(PL(&c, 0).gold[1], 2);
    KT_EQ(an_t_gold(&c, 1), 6); /* pioneers only: nothing to pay */
    kt_scn_free(&c);
}

KT_TEST(anno_event_fire_station_protects_against_fire)
{
    kt_scn c = an_scn(T, NULL, "{\"inhabitants\":[2,0,1,1],\"buildings\":[\"L11\"]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_end_turn_with(T, &c, 1, EV_FIRE));
    KT_STREQ(kt_decision(c.g, c.s), "action");
    KT_EQ(an_t_gold(&c, 0), 6);
    kt_scn_free(&c);
}

KT_TEST(anno_event_fire_can_leave_both_centres_in_chaos_and_lose)
{
    kt_scn c = an_scn(T, NULL, "{\"inhabitants\":[3,0,1,0],\"gold\":[1,0]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_end_turn_with(T, &c, 1, EV_FIRE));
    KT_CHECK(kt_is_over(c.g, c.s));
    KT_EQ(AS(&c)->end, END_CHAOS);
    KT_EQ(AS(&c)->winner, 1);
    kt_result r;
    kt_result_get(c.g, c.s, &r);
    KT_EQ(r.winners, 2);
    kt_scn_free(&c);
}

KT_TEST(anno_event_queen_gives_a_good_to_players_with_at_most_four_discontented)
{
    /* player 1: 2 + 2 discontented (gold 2 and 2); player 2: 2 + 3 (gold 2 and 1) */
    kt_scn c = an_scn(T, NULL, "{\"gold\":[2,2]}", "{\"gold\":[2,1]}", NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_end_turn_with(T, &c, 4, EV_QUEEN));
    KT_STREQ(kt_decision(c.g, c.s), "good");
    KT_EQ(kt_to_move(c.g, c.s), 0);
    KT_DO(&c, "take brick");
    KT_EQ(an_t_goods(&c, 0, GD_BRICK), 2);
    KT_STREQ(kt_decision(c.g, c.s), "action"); /* player 2 got nothing to choose */
    KT_EQ(an_discontent(AC(&c), &PL(&c, 1)), 5);
    kt_scn_free(&c);
}

KT_TEST(anno_event_tax_per_building_with_happy_inhabitants)
{
    /* School (2 happy marks) and Chapel (1): 2 buildings */
    kt_scn c = an_scn(T, NULL, "{\"buildings\":[\"M06\",\"L07\"],\"gold\":[1,1]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_end_turn_with(T, &c, 4, EV_TAX));
    KT_EQ(an_t_gold(&c, 0), 4);
    kt_scn_free(&c);
    /* rule flag tax=mark: 3 marks */
    c = an_scn(T, "tax=mark", "{\"buildings\":[\"M06\",\"L07\"],\"gold\":[1,1]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_end_turn_with(T, &c, 4, EV_TAX));
    KT_EQ(an_t_gold(&c, 0), 5);
    kt_scn_free(&c);
}

KT_TEST(anno_event_trader_swaps_one_gold_and_one_good_either_way)
{
    kt_scn c = an_scn(T, NULL, NULL, NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_end_turn_with(T, &c, 4, EV_TRADER));
    KT_EQ(kt_to_move(c.g, c.s), 1); /* the turn player first */
    KT_STREQ(kt_decision(c.g, c.s), "trader");
    KT_DO(&c, "buy food for 1 gold");
    KT_DO(&c, "put food on J (die 6, left)"); /* the landscape first, then the gold */
    KT_DO(&c, "pay 1 left, 0 right"); /* the buyer chooses the centre that pays */
    KT_EQ(an_t_gold(&c, 1), 5);
    KT_EQ(an_t_goods(&c, 1, GD_FOOD), 3);
    KT_EQ(kt_to_move(c.g, c.s), 0);
    KT_DO(&c, "sell cloth for 1 gold");
    KT_EQ(an_t_gold(&c, 0), 7);
    KT_EQ(an_t_goods(&c, 0, GD_CLOTH), 1);
    kt_scn_free(&c);
    /* trader=buy: only gold for a good */
    c = an_scn(T, "trader=buy", NULL, NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_end_turn_with(T, &c, 4, EV_TRADER));
    KT_CHECK(LEGAL(&c, "buy food for 1 gold"));
    KT_CHECK(!LEGAL(&c, "sell cloth for 1 gold"));
    KT_DO(&c, "decline");
    kt_scn_free(&c);
}

KT_TEST(anno_event_trade_advantage_holder_takes_a_good_from_the_opponent)
{
    /* Market Hall (2 bags) + Market Place (1): player 1 holds the trade power */
    kt_scn c = an_scn(T, NULL, "{\"buildings\":[\"M11\",\"L08\"]}", NULL,
                      "{\"state\":{\"trade_power\":0,\"claimed\":1}}");
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_end_turn_with(T, &c, 4, EV_TRADEADV));
    KT_STREQ(kt_decision(c.g, c.s), "steal");
    KT_EQ(kt_to_move(c.g, c.s), 0);
    KT_DO(&c, "steal tools");
    KT_EQ(an_t_goods(&c, 0, GD_TOOLS), 2);
    KT_EQ(an_t_goods(&c, 1, GD_TOOLS), 0);
    kt_scn_free(&c);
}

KT_TEST(anno_event_pirate_hunt_sea_power_takes_a_good_from_the_supply)
{
    /* Cannon Foundry (2) + Watchtower (1): player 1 holds the sea power */
    const char *p0 = "{\"buildings\":[\"M08\",\"L10\"]}";
    const char *rest = "{\"state\":{\"sea_power\":0,\"claimed\":2}}";
    kt_scn c = an_scn(T, NULL, p0, NULL, rest);
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_end_turn_with(T, &c, 4, EV_PIRATEHUNT));
    KT_STREQ(kt_decision(c.g, c.s), "good");
    KT_DO(&c, "take cloth");
    KT_DO(&c, "put cloth on M (die 5, right)");
    KT_EQ(an_t_goods(&c, 0, GD_CLOTH), 3);
    KT_EQ(an_t_goods(&c, 1, GD_CLOTH), 2);
    kt_scn_free(&c);
    /* rule flag pirate_hunt=opponent (the seed's sea-power section) */
    c = an_scn(T, "pirate_hunt=opponent", p0, NULL, rest);
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_end_turn_with(T, &c, 4, EV_PIRATEHUNT));
    KT_STREQ(kt_decision(c.g, c.s), "steal");
    KT_DO(&c, "steal cloth");
    KT_DO(&c, "put cloth on I (die 2, left)");
    KT_EQ(an_t_goods(&c, 0, GD_CLOTH), 3);
    KT_EQ(an_t_goods(&c, 1, GD_CLOTH), 1);
    kt_scn_free(&c);
}
