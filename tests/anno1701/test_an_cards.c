/*
 * test_an_cards.c - Anno 1701's eight action cards (seed: action-card
 * table), the Theatre's cancel as the opponent's decision, and the final
 * phase's refill: piles by inhabitant level, searching for 1 gold with the
 * pile's order kept, exchanging with a full hand (also onto an empty pile),
 * and that drawing ends the action phase.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "an_helpers.h"

KT_TEST(anno_card_bishop_gold_per_chapel_and_church)
{
    const char *p0 = "{\"buildings\":[\"L07\",\"M07\"],\"hand\":[\"A06\"],\"gold\":[1,1]}";
    kt_scn c = an_scn(T, NULL, p0, NULL, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Bishop");
    KT_EQ(an_t_gold(&c, 0), 5); /* 1 for the chapel, 2 for the church */
    KT_EQ(AS(&c)->disc[an_t_def(&c, "Bishop")], 1);
    kt_scn_free(&c);
    c = an_scn(T, "bishop_church=1", p0, NULL, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Bishop");
    KT_EQ(an_t_gold(&c, 0), 4);
    kt_scn_free(&c);
}

KT_TEST(anno_card_inventor_two_goods_of_choice)
{
    kt_scn c = an_scn(T, NULL, "{\"hand\":[\"A02\"]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Inventor");
    KT_STREQ(kt_decision(c.g, c.s), "good");
    KT_DO(&c, "take brick");
    KT_DO(&c, "take brick");
    KT_EQ(an_t_goods(&c, 0, GD_BRICK), 3);
    KT_STREQ(kt_decision(c.g, c.s), "action");
    kt_scn_free(&c);
}

KT_TEST(anno_card_poisoner_only_against_citizens_opponent_chooses_two_goods)
{
    kt_scn c = an_scn(T, NULL, "{\"hand\":[\"A07\"]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_CHECK(!LEGAL(&c, "play Poisoner")); /* only pioneers over there */
    kt_scn_free(&c);
    c = an_scn(T, NULL, "{\"hand\":[\"A07\"]}", "{\"inhabitants\":[3,0,1,0]}", NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Poisoner");
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_STREQ(kt_decision(c.g, c.s), "lose");
    KT_DO(&c, "give up wood");
    KT_DO(&c, "give up food");
    KT_EQ(an_t_goods(&c, 1, GD_WOOD) + an_t_goods(&c, 1, GD_FOOD), 2);
    KT_EQ(kt_to_move(c.g, c.s), 0);
    kt_scn_free(&c);
}

KT_TEST(anno_card_revolutionary_opponent_loses_two_gold)
{
    kt_scn c = an_scn(T, NULL, "{\"hand\":[\"A05\"]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Revolutionary");
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_DO(&c, "pay 2 left, 0 right");
    KT_EQ(PL(&c, 1).gold[0], 1);
    KT_EQ(an_t_gold(&c, 0), 6); /* lost, not gained */
    kt_scn_free(&c);
}

KT_TEST(anno_card_pickpocket_takes_one_gold)
{
    kt_scn c = an_scn(T, NULL, "{\"hand\":[\"A01\"],\"gold\":[2,2]}", "{\"gold\":[4,0]}", NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Pickpocket"); /* one way to pay: no question */
    KT_EQ(an_t_gold(&c, 1), 3);
    KT_EQ(an_t_gold(&c, 0), 5);
    kt_scn_free(&c);
}

KT_TEST(anno_card_spy_reveals_the_hand_and_takes_a_card)
{
    kt_scn c = an_scn(T, NULL, "{\"hand\":[\"A04\"]}", "{\"hand\":[\"L03\",\"M06\",\"H08\"]}", NULL);
    KT_REQUIRE(c.g);
    char *before = kt_observe_json(c.g, c.s, 0, KT_LANG_EN);
    KT_CHECK(before && !strstr(before, "School"));
    KT_DO(&c, "play Spy");
    KT_STREQ(kt_decision(c.g, c.s), "spy");
    char *seen = kt_observe_json(c.g, c.s, 0, KT_LANG_EN);
    KT_CHECK(seen && strstr(seen, "Farm") && strstr(seen, "School") && strstr(seen, "Monument"));
    KT_DO(&c, "take School");
    KT_EQ(PL(&c, 0).nh, 1);
    KT_EQ(PL(&c, 0).hand[0], an_t_def(&c, "School"));
    KT_EQ(PL(&c, 1).nh, 2);
    /* the spy still knows the rest; the victim knows what was taken */
    char *spy = kt_observe_json(c.g, c.s, 0, KT_LANG_EN);
    char *victim = kt_observe_json(c.g, c.s, 1, KT_LANG_EN);
    char *spectator = kt_observe_json(c.g, c.s, -1, KT_LANG_EN);
    KT_CHECK(spy && strstr(spy, "Monument") && strstr(spy, "Farm"));
    KT_CHECK(victim && strstr(victim, "School"));
    KT_CHECK(spectator && !strstr(spectator, "School") && !strstr(spectator, "Monument"));
    kt_free(before);
    kt_free(seen);
    kt_free(spy);
    kt_free(victim);
    kt_free(spectator);
    kt_scn_free(&c);
}

KT_TEST(anno_card_theatre_cancel_is_the_opponents_decision)
{
    const char *p1 = "{\"buildings\":[\"M10\"]}";
    kt_scn c = an_scn(T, NULL, "{\"hand\":[\"A05\"]}", p1, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Revolutionary");
    KT_STREQ(kt_decision(c.g, c.s), "theatre");
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_DO(&c, "cancel with the Theatre (1 gold)");
    KT_DO(&c, "pay 1 left, 0 right");
    KT_EQ(an_t_gold(&c, 1), 5); /* 1 for the theatre instead of 2 */
    KT_EQ(AS(&c)->disc[an_t_def(&c, "Revolutionary")], 1);
    KT_STREQ(kt_decision(c.g, c.s), "action");
    kt_scn_free(&c);
    c = an_scn(T, NULL, "{\"hand\":[\"A05\"]}", p1, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Revolutionary");
    KT_DO(&c, "let it happen");
    KT_DO(&c, "pay 1 left, 1 right");
    KT_EQ(an_t_gold(&c, 1), 4);
    kt_scn_free(&c);
    /* cards for one's own benefit cannot be cancelled */
    c = an_scn(T, NULL, "{\"hand\":[\"A02\"]}", p1, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Inventor");
    KT_STREQ(kt_decision(c.g, c.s), "good");
    KT_EQ(kt_to_move(c.g, c.s), 0);
    kt_scn_free(&c);
}

KT_TEST(anno_refill_piles_allowed_by_the_inhabitants)
{
    kt_scn c = an_scn(T, NULL, NULL, NULL, NULL);
    KT_REQUIRE(c.g);
    KT_CHECK(LEGAL(&c, "draw from pile I-a") && LEGAL(&c, "draw from pile I-b"));
    KT_CHECK(!LEGAL(&c, "draw from pile II-a") && !LEGAL(&c, "draw from pile III-b"));
    kt_scn_free(&c);
    c = an_scn(T, NULL, "{\"inhabitants\":[3,1,0,0]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_CHECK(LEGAL(&c, "draw from pile II-b") && !LEGAL(&c, "draw from pile III-a"));
    kt_scn_free(&c);
    c = an_scn(T, NULL, "{\"inhabitants\":[3,0,1,0]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_CHECK(LEGAL(&c, "draw from pile III-a"));
    /* drawing ends the action phase: the refill goes on to 3 cards, then the turn ends */
    KT_DO(&c, "draw from pile III-a");
    KT_STREQ(kt_decision(c.g, c.s), "refill");
    KT_CHECK(!LEGAL(&c, "improve ship (1 wood)"));
    KT_DO(&c, "draw from pile I-a");
    KT_DO(&c, "draw from pile II-a");
    KT_EQ(PL(&c, 0).nh, 3);
    KT_EQ(AS(&c)->h.turn_player, 1);
    kt_scn_free(&c);
    /* or stop early */
    c = an_scn(T, NULL, NULL, NULL, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "draw from pile I-b");
    KT_DO(&c, "done");
    KT_EQ(PL(&c, 0).nh, 1);
    KT_EQ(AS(&c)->h.turn_player, 1);
    kt_scn_free(&c);
}

KT_TEST(anno_refill_search_costs_a_gold_and_keeps_the_order)
{
    kt_scn c = an_scn(T, NULL, "{\"hand\":[\"L01\",\"L02\"]}", NULL, NULL);
    KT_REQUIRE(c.g);
    uint8_t pile[AN_PILE_MAX];
    int n = AS(&c)->plen[0];
    memcpy(pile, AS(&c)->pile[0], sizeof pile);
    int want = pile[4];
    KT_DO(&c, "search pile I-a (1 gold)");
    KT_DO(&c, "pay 1 left, 0 right");
    KT_STREQ(kt_decision(c.g, c.s), "search");
    /* the searcher sees the pile, the opponent does not */
    char *mine = kt_observe_json(c.g, c.s, 0, KT_LANG_EN), *theirs = kt_observe_json(c.g, c.s, 1, 0);
    KT_CHECK(mine && strstr(mine, "\"contents\""));
    KT_CHECK(theirs && !strstr(theirs, "\"contents\""));
    kt_free(mine);
    kt_free(theirs);
    char txt[80];
    snprintf(txt, sizeof txt, "take %s", AC(&c)->def[want].name);
    KT_DO(&c, txt);
    KT_EQ(an_t_gold(&c, 0), 5);
    KT_EQ(PL(&c, 0).hand[2], want);
    KT_EQ(AS(&c)->plen[0], n - 1);
    int k = 0, same = 1;
    for (int i = 0; i < n; i++)
        if (i != 4)
            same &= AS(&c)->pile[0][k++] == pile[i];
    KT_CHECK(same);
    KT_EQ(AS(&c)->h.turn_player, 1); /* hand full: the turn ends */
    kt_scn_free(&c);
}

KT_TEST(anno_refill_exchange_with_a_full_hand)
{
    kt_scn c = an_scn(T, NULL, "{\"hand\":[\"L01\",\"L02\",\"M06\"]}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_CHECK(!LEGAL(&c, "draw from pile I-a"));
    KT_CHECK(!LEGAL(&c, "exchange School under pile I-a")); /* a pile of its own era */
    int top = AS(&c)->pile[1][0];
    KT_DO(&c, "exchange Sawmill under pile I-b");
    KT_EQ(AS(&c)->pile[1][AS(&c)->plen[1] - 1], an_t_def(&c, "Sawmill"));
    KT_STREQ(kt_decision(c.g, c.s), "exchange_draw");
    KT_DO(&c, "draw from pile I-b");
    KT_EQ(PL(&c, 0).nh, 3);
    KT_EQ(PL(&c, 0).hand[2], top);
    KT_EQ(AS(&c)->h.turn_player, 1);
    kt_scn_free(&c);
}

KT_TEST(anno_refill_exchange_onto_an_empty_pile)
{
    /* pile II-b is gone: the card goes to its place */
    kt_scn c = an_scn(T, NULL, "{\"hand\":[\"L01\",\"L02\",\"M06\"],\"inhabitants\":[3,1,0,0]}", NULL,
                      "{\"state\":{\"piles\":[[\"L03\",\"L04\",\"L05\",\"L06\",\"L07\",\"L07\",\"L08\","
                      "\"L09\",\"L10\"],[\"L11\",\"L12\",\"A01\",\"A01\",\"A02\",\"A02\",\"A03\"],"
                      "[\"M01\",\"M02\",\"M03\",\"M04\",\"M05\",\"M07\",\"M08\",\"M09\",\"M10\",\"M11\","
                      "\"M12\",\"M13\",\"A04\",\"A04\",\"A05\",\"A06\",\"A06\"],[],"
                      "[\"H01\",\"H02\",\"H03\",\"H04\",\"H05\",\"H06\",\"H07\",\"H08\",\"H09\"],"
                      "[\"H10\",\"H11\",\"H12\",\"H13\",\"H14\",\"H15\",\"A07\",\"A07\",\"A08\"]]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "exchange School under pile II-b");
    KT_EQ(AS(&c)->plen[3], 1);
    KT_DO(&c, "draw from pile II-b"); /* allowed: the settler opens era II */
    KT_EQ(PL(&c, 0).hand[2], an_t_def(&c, "School"));
    kt_scn_free(&c);
}

KT_TEST(anno_end_turn_without_drawing)
{
    kt_scn c = an_scn(T, NULL, NULL, NULL, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "end turn");
    KT_EQ(AS(&c)->h.turn_player, 1);
    KT_EQ(PL(&c, 0).nh, 0);
    kt_scn_free(&c);
}
