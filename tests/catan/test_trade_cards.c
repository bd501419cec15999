/*
 * test_trade_cards.c - the six trade (yellow) progress cards: effects and
 * every usage restriction of the seed (002_5bda19cca9a4de1a, section 1).
 *
 * Board CB (beginner map): player 1 city 12 + settlement 30, roads 12-17,
 * 17-23, 30-35; player 2 settlements 3 and 4, city 41; player 3 settlements
 * 20 and 18; player 4 settlement 44.  VP: 3, 4, 2, 1.  Robber free.
 */
#include <stdlib.h>
#include <string.h>

#include "catan_test.h"

#define J(...) #__VA_ARGS__

static const char *CB = J({"state":{"attacks":1,
    "buildings":{"12":{"player":0,"kind":"city"},"30":{"player":0,"kind":"settlement"},
                 "3":{"player":1,"kind":"settlement"},"4":{"player":1,"kind":"settlement"},
                 "41":{"player":1,"kind":"city"},"20":{"player":2,"kind":"settlement"},
                 "18":{"player":2,"kind":"settlement"},"44":{"player":3,"kind":"settlement"}},
    "roads":{"12-17":0,"17-23":0,"30-35":0,"4-8":1,"41-45":1,"20-25":2,"44-48":3}}});

KT_TEST(catan_card_commercial_harbor_resource_for_a_commodity)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"players":{
        "0":{"hand":{"brick":3},"progress":["commercial_harbor"],"progress_known":[1]},
        "1":{"hand":{"cloth":1,"coin":1}},"2":{"hand":{"paper":1}},"3":{"hand":{"wool":2}}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Commercial Harbor");
    KT_CHECK(cat_t_decision_is(&c, "harbor_offer"));
    KT_CHECK(kt_scn_legal(&c, "skip player 2"));
    KT_DO(&c, "offer brick to player 2");
    /* the opponent chooses which commodity to give */
    KT_CHECK(cat_t_decision_is(&c, "harbor_give"));
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_CHECK(!kt_scn_legal(&c, "give brick"));
    KT_DO(&c, "give coin");
    KT_DO(&c, "offer brick to player 3"); /* a single kind needs no choice */
    KT_DO(&c, "offer brick to player 4"); /* no commodity: the resource comes back */
    KT_CHECK(cat_t_decision_is(&c, "main"));
    KT_EQ(cat_t_hand(&c, 0, K_BRICK), 1);
    KT_EQ(cat_t_hand(&c, 0, K_COIN), 1);
    KT_EQ(cat_t_hand(&c, 0, K_PAPER), 1);
    KT_EQ(cat_t_hand(&c, 1, K_BRICK), 1);
    KT_EQ(cat_t_hand(&c, 2, K_BRICK), 1);
    KT_EQ(cat_t_hand(&c, 3, K_BRICK), 0);
    KT_EQ(cat_t_hand(&c, 3, K_WOOL), 2);
    KT_EQ(cat_t_has_card(&c, 0, PC_COMMERCIAL_HARBOR), 0); /* used */
    kt_scn_free(&c);
}

KT_TEST(catan_card_commercial_harbor_with_a_player_without_commodities)
{
    /* allowed although the only opponent with cards has no commodity: the
     * card is used and the resource comes back */
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"players":{
        "0":{"hand":{"ore":1},"progress":["commercial_harbor"],"progress_known":[1]},
        "2":{"hand":{"grain":3}}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Commercial Harbor");
    KT_EQ(kt_to_move(c.g, c.s), 0);
    KT_DO(&c, "offer ore to player 3");
    KT_CHECK(cat_t_decision_is(&c, "main"));
    KT_EQ(cat_t_hand(&c, 0, K_ORE), 1);
    KT_EQ(cat_t_hand(&c, 2, K_GRAIN), 3);
    KT_EQ(cat_t_hand(&c, 2, K_ORE), 0);
    KT_EQ(CS(&c)->deck[TR_TRADE][0], PC_COMMERCIAL_HARBOR); /* under its deck */
    kt_scn_free(&c);
}

KT_TEST(catan_card_commercial_harbor_commodity_goes_to_the_card_player)
{
    /* player 3 plays it; player 4 picks which commodity it receives */
    kt_scn c = cat_scn2(T, "", 4, CB, J({"header":{"to_move":2,"turn_player":2},"state":{
        "stack":[{"kind":"main","player":2,"a":0,"b":0}],"players":{
        "2":{"hand":{"grain":1},"progress":["commercial_harbor"],"progress_known":[4]},
        "3":{"hand":{"cloth":1,"paper":1}}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Commercial Harbor");
    KT_DO(&c, "offer grain to player 4");
    KT_EQ(kt_to_move(c.g, c.s), 3);
    KT_DO(&c, "give paper");
    KT_EQ(cat_t_hand(&c, 2, K_PAPER), 1);
    KT_EQ(cat_t_hand(&c, 3, K_GRAIN), 1);
    KT_EQ(cat_t_hand(&c, 0, K_PAPER), 0);
    kt_scn_free(&c);
}

KT_TEST(catan_card_commercial_harbor_restrictions)
{
    /* no resource of your own (commodities do not count) */
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"players":{
        "0":{"hand":{"paper":2},"progress":["commercial_harbor"],"progress_known":[1]},
        "1":{"hand":{"cloth":2}}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Commercial Harbor"));
    kt_scn_free(&c);
    /* every opponent's hand is empty */
    c = cat_scn2(T, "", 4, CB, J({"state":{"players":{
        "0":{"hand":{"ore":2},"progress":["commercial_harbor"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Commercial Harbor"));
    kt_scn_free(&c);
}

KT_TEST(catan_card_master_merchant_takes_two_from_a_richer_player)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"players":{
        "0":{"progress":["master_merchant"],"progress_known":[1]},
        "1":{"hand":{"wool":1,"ore":2}},"2":{"hand":{"grain":4}}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Master Merchant");
    /* only players with more points (player 2: 4 > 3) may be chosen */
    KT_CHECK(kt_scn_legal(&c, "choose player 2"));
    KT_CHECK(!kt_scn_legal(&c, "choose player 3"));
    KT_DO(&c, "choose player 2");
    /* the chooser sees the whole hand and picks */
    char *o = kt_observe_json(c.g, c.s, 0, KT_LANG_EN);
    char *vh = kt_json_at(o, "pending.victim_hand.ore");
    KT_STREQ(vh, "2");
    free(vh);
    kt_free(o);
    KT_DO(&c, "take ore");
    KT_DO(&c, "take wool");
    KT_EQ(cat_t_hand(&c, 0, K_ORE), 1);
    KT_EQ(cat_t_hand(&c, 0, K_WOOL), 1);
    KT_EQ(CS(&c)->pl[1].ncards, 1);
    KT_CHECK(cat_t_decision_is(&c, "main"));
    kt_scn_free(&c);
    /* a victim with a single card gives that card */
    c = cat_scn2(T, "", 4, CB, J({"state":{"players":{
        "0":{"progress":["master_merchant"],"progress_known":[1]},"1":{"hand":{"coin":1}}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Master Merchant");
    KT_DO(&c, "choose player 2");
    KT_DO(&c, "take coin");
    KT_CHECK(cat_t_decision_is(&c, "main"));
    KT_EQ(cat_t_hand(&c, 0, K_COIN), 1);
    kt_scn_free(&c);
}

KT_TEST(catan_card_master_merchant_restrictions)
{
    /* nobody has more points */
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"attacks":9,"players":{
        "0":{"defender":2,"progress":["master_merchant"],"progress_known":[1]},
        "1":{"hand":{"ore":2}},"2":{"hand":{"ore":2}}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Master Merchant"));
    kt_scn_free(&c);
    /* the only richer player has no card */
    c = cat_scn2(T, "", 4, CB, J({"state":{"attacks":9,"players":{
        "0":{"progress":["master_merchant"],"progress_known":[1]},"2":{"hand":{"ore":2}}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Master Merchant"));
    kt_scn_free(&c);
}

KT_TEST(catan_card_merchant_placement_trade_and_point)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"robber":"O","players":{
        "0":{"hand":{"grain":2},"progress":["merchant"],"progress_known":[1]},
        "1":{"hand":{"grain":2},"progress":["merchant"],"progress_known":[2]}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "trade 2 grain for ore"));
    KT_DO(&c, "play Merchant");
    /* only hexes touching one's own buildings: 12 (A D E), 30 (J K O) */
    KT_CHECK(kt_scn_legal(&c, "merchant to A") && kt_scn_legal(&c, "merchant to O"));
    KT_CHECK(kt_scn_legal(&c, "merchant to J")); /* the desert is land too */
    KT_CHECK(!kt_scn_legal(&c, "merchant to B") && !kt_scn_legal(&c, "merchant to S"));
    KT_DO(&c, "merchant to O");
    KT_EQ(cat_vp_public(c.g, CS(&c), 0), 4); /* +1 while it is ours */
    /* 2:1 in grain from this turn on, even with the robber on O */
    KT_CHECK(kt_scn_legal(&c, "trade 2 grain for ore"));
    KT_DO(&c, "end turn");
    KT_DO(&c, "roll");
    while (!cat_t_decision_is(&c, "main") && !kt_is_over(c.g, c.s)) {
        kt_action a[KT_LEGAL_MAX];
        KT_REQUIRE(kt_legal(c.g, c.s, a, KT_LEGAL_MAX) > 0);
        kt_apply(c.g, c.s, a[0], NULL);
    }
    KT_REQUIRE(kt_turn_player(c.g, c.s) == 1);
    /* only its controller trades at 2:1 (player 2 also touches O) */
    KT_EQ(cat_bank_rate(c.g, CS(&c), 1, K_GRAIN), 4);
    /* another Merchant moves it (never onto the same hex) and takes it over */
    KT_DO(&c, "play Merchant");
    KT_CHECK(!kt_scn_legal(&c, "merchant to O"));
    KT_DO(&c, "merchant to B");
    KT_EQ(CS(&c)->merchant_owner, 1);
    KT_EQ(cat_vp_public(c.g, CS(&c), 0), 3);
    KT_EQ(cat_bank_rate(c.g, CS(&c), 0, K_GRAIN), 4);
    kt_scn_free(&c);
}

KT_TEST(catan_card_merchant_fleet_two_to_one_for_the_turn)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"players":{
        "0":{"hand":{"ore":2,"paper":2,"wool":1},"progress":["merchant_fleet"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "trade 2 ore for grain"));
    KT_DO(&c, "play Merchant Fleet");
    /* the play includes one trade at the fleet rate */
    KT_CHECK(cat_t_decision_is(&c, "fleet_trade"));
    KT_CHECK(!kt_scn_legal(&c, "end turn") && !kt_scn_legal(&c, "trade 2 wool for ore"));
    KT_CHECK(!kt_scn_legal(&c, "trade 2 ore for ore")); /* a different kind */
    KT_DO(&c, "trade 2 ore for grain");
    /* any kind, resources and commodities, for the rest of the turn [seed] */
    KT_CHECK(kt_scn_legal(&c, "trade 2 paper for brick"));
    KT_DO(&c, "trade 2 paper for cloth");
    KT_EQ(cat_t_hand(&c, 0, K_GRAIN), 1);
    KT_EQ(cat_t_hand(&c, 0, K_CLOTH), 1);
    KT_DO(&c, "end turn");
    KT_EQ(CS(&c)->fleet, 0);
    kt_scn_free(&c);
    /* rule flag fleet=named: only the kind of the first fleet trade */
    c = cat_scn2(T, "fleet=named", 4, CB, J({"state":{"players":{
        "0":{"hand":{"ore":4,"paper":2},"progress":["merchant_fleet"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Merchant Fleet");
    KT_DO(&c, "trade 2 ore for grain");
    KT_CHECK(kt_scn_legal(&c, "trade 2 ore for brick"));
    KT_CHECK(!kt_scn_legal(&c, "trade 2 paper for brick"));
    kt_scn_free(&c);
}

KT_TEST(catan_card_merchant_fleet_only_with_a_trade_at_its_rate)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"players":{
        "0":{"hand":{"ore":1,"paper":1,"wool":1},"progress":["merchant_fleet"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Merchant Fleet"));
    kt_scn_free(&c);
}

KT_TEST(catan_card_resource_monopoly_two_from_each)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"players":{
        "0":{"progress":["resource_monopoly","resource_monopoly"],"progress_known":[1,1]},
        "1":{"hand":{"ore":3}},"2":{"hand":{"ore":1,"wool":2}},"3":{"hand":{"grain":1}}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Resource Monopoly");
    KT_CHECK(!kt_scn_legal(&c, "monopoly on paper")); /* resources only */
    KT_DO(&c, "monopoly on ore");
    KT_EQ(cat_t_hand(&c, 0, K_ORE), 3); /* two from player 2, the only one from player 3 */
    KT_EQ(cat_t_hand(&c, 1, K_ORE), 1);
    KT_EQ(cat_t_hand(&c, 2, K_ORE), 0);
    /* naming a kind nobody has still uses the card */
    KT_DO(&c, "play Resource Monopoly");
    KT_DO(&c, "monopoly on lumber");
    KT_EQ(cat_t_has_card(&c, 0, PC_RESOURCE_MONOPOLY), 0);
    KT_EQ(CS(&c)->pl[0].ncards, 3);
    kt_scn_free(&c);
}

KT_TEST(catan_card_resource_and_trade_monopoly_not_on_empty_hands)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"players":{
        "0":{"hand":{"ore":3},"progress":["resource_monopoly","trade_monopoly"],"progress_known":[1,1]}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Resource Monopoly"));
    KT_CHECK(!kt_scn_legal(&c, "play Trade Monopoly"));
    kt_scn_free(&c);
}

KT_TEST(catan_card_trade_monopoly_one_from_each)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"players":{
        "0":{"progress":["trade_monopoly"],"progress_known":[1]},
        "1":{"hand":{"coin":2}},"2":{"hand":{"coin":1,"paper":3}},"3":{"hand":{"ore":1}}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Trade Monopoly");
    KT_CHECK(!kt_scn_legal(&c, "monopoly on ore")); /* commodities only */
    KT_DO(&c, "monopoly on coin");
    KT_EQ(cat_t_hand(&c, 0, K_COIN), 2);
    KT_EQ(cat_t_hand(&c, 1, K_COIN), 1);
    KT_EQ(cat_t_hand(&c, 2, K_COIN), 0);
    kt_scn_free(&c);
}
