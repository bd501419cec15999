/*
 * test_cards.c - scenario tests of every kingdom card of Dominion (2nd
 * edition) from exact positions: the start position's full-state JSON with
 * a merge patch (hands, decks top first, discard piles), then actions as
 * text and checks of the resulting zones, counters and pending decisions.
 */
#include <stdio.h>
#include <string.h>

#include "helpers.h"

#define K10 "Cellar,Chapel,Moat,Harbinger,Merchant,Vassal,Village,Workshop,Smithy,Throne Room"
#define K10B "Bureaucrat,Gardens,Militia,Moneylender,Poacher,Remodel,Bandit,Council Room,Witch,Library"
#define K10C "Festival,Laboratory,Market,Mine,Sentry,Artisan,Moat,Village,Smithy,Throne Room"
#define KATK "Militia,Witch,Bandit,Bureaucrat,Moat,Throne Room,Smithy,Village,Library,Council Room"
#define KVAN "Festival,Laboratory,Market,Mine,Sentry,Artisan,Moat,Village,Smithy,Council Room"

KT_TEST(dominion_card_cellar_discards_then_draws_as_many)
{
    kt_scn c = dom_t_action(T, K10, 2,
                            "\"0\":{\"hand\":[\"Cellar\",\"Estate\",\"Estate\",\"Copper\","
                            "\"Silver\"],\"deck\":[\"Gold\",\"Gold\",\"Copper\"],\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Cellar");
    KT_STREQ(kt_decision(c.g, c.s), "discard");
    KT_CHECK(kt_scn_legal(&c, "discard Estate") && kt_scn_legal(&c, "discard Silver"));
    KT_CHECK(kt_scn_legal(&c, "done"));
    DOM_DO(&c, "discard Estate|discard Estate|done");
    DOM_JEQ(&c, "state.players.0.hand", "[\"Copper\",\"Silver\",\"Gold\",\"Gold\"]");
    DOM_JEQ(&c, "state.players.0.discard", "[\"Estate\",\"Estate\"]");
    DOM_JEQ(&c, "state.players.0.deck", "[\"Copper\"]");
    KT_EQ(dom_t_int(&c, "state.turn.actions"), 1);
    KT_STREQ(kt_decision(c.g, c.s), "buy"); /* no Action left in hand: Buy phase */
    kt_scn_free(&c);
}

KT_TEST(dominion_card_cellar_done_at_once_draws_nothing)
{
    kt_scn c = dom_t_action(T, K10, 2,
                            "\"0\":{\"hand\":[\"Cellar\",\"Village\",\"Copper\"],"
                            "\"deck\":[\"Gold\"],\"discard\":[]}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Cellar|done");
    DOM_JEQ(&c, "state.players.0.hand", "[\"Copper\",\"Village\"]");
    DOM_JEQ(&c, "state.players.0.deck", "[\"Gold\"]");
    KT_STREQ(kt_decision(c.g, c.s), "action"); /* +1 Action: Village is still playable */
    kt_scn_free(&c);
}

KT_TEST(dominion_card_chapel_trashes_up_to_four)
{
    kt_scn c = dom_t_action(T, K10, 2,
                            "\"0\":{\"hand\":[\"Chapel\",\"Copper\",\"Copper\",\"Copper\","
                            "\"Estate\",\"Estate\"],\"deck\":[],\"discard\":[]}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Chapel|trash Estate|trash Estate|trash Copper|trash Copper");
    /* the fifth trash is not offered: Chapel is over */
    KT_STREQ(kt_decision(c.g, c.s), "buy");
    DOM_JEQ(&c, "state.trash", "[\"Copper\",\"Copper\",\"Estate\",\"Estate\"]");
    DOM_JEQ(&c, "state.players.0.hand", "[\"Copper\"]");
    kt_scn_free(&c);

    c = dom_t_action(T, K10, 2,
                     "\"0\":{\"hand\":[\"Chapel\",\"Copper\",\"Estate\"],\"deck\":[],"
                     "\"discard\":[]}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Chapel|trash Estate|done");
    DOM_JEQ(&c, "state.trash", "[\"Estate\"]");
    DOM_JEQ(&c, "state.players.0.hand", "[\"Copper\"]");
    kt_scn_free(&c);
}

KT_TEST(dominion_card_moat_draws_two)
{
    kt_scn c = dom_t_action(T, K10, 2,
                            "\"0\":{\"hand\":[\"Moat\",\"Copper\"],\"deck\":[\"Silver\","
                            "\"Gold\",\"Estate\"],\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Moat");
    DOM_JEQ(&c, "state.players.0.hand", "[\"Copper\",\"Silver\",\"Gold\"]");
    KT_EQ(dom_t_int(&c, "state.turn.actions"), 0);
    kt_scn_free(&c);
}

/* Moat against each Attack: revealing it makes the player unaffected;
 * declining lets the Attack hit. */
KT_TEST(dominion_card_moat_blocks_militia)
{
    const char *pl = "\"0\":{\"hand\":[\"Militia\",\"Copper\",\"Copper\",\"Copper\",\"Copper\"],"
                     "\"deck\":[],\"discard\":[]},\"1\":{\"hand\":[\"Moat\",\"Estate\","
                     "\"Estate\",\"Copper\",\"Copper\"]}";
    kt_scn c = dom_t_action(T, KATK, 2, pl);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Militia");
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_STREQ(kt_decision(c.g, c.s), "reaction");
    KT_EQ(kt_scn_nlegal(&c), 2);
    KT_DO(&c, "reveal Moat");
    KT_EQ(kt_to_move(c.g, c.s), 0);
    KT_EQ(dom_t_len(&c, "state.players.1.hand"), 5);
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 2);
    DOM_JEQ(&c, "state.players.1.hand_known", "[\"Moat\"]");
    kt_scn_free(&c);

    c = dom_t_action(T, KATK, 2, pl);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Militia|done");
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_STREQ(kt_decision(c.g, c.s), "discard");
    DOM_DO(&c, "discard Estate|discard Estate");
    DOM_JEQ(&c, "state.players.1.hand", "[\"Copper\",\"Copper\",\"Moat\"]");
    KT_EQ(kt_to_move(c.g, c.s), 0);
    kt_scn_free(&c);
}

KT_TEST(dominion_card_moat_blocks_witch_bandit_and_bureaucrat)
{
    static const char *const attacks[] = {"Witch", "Bandit", "Bureaucrat"};
    for (int i = 0; i < 3; i++) {
        char pl[600];
        snprintf(pl, sizeof pl,
                 "\"0\":{\"hand\":[\"%s\",\"Copper\"],\"deck\":[\"Copper\",\"Copper\"],"
                 "\"discard\":[]},\"1\":{\"hand\":[\"Moat\",\"Estate\",\"Copper\",\"Copper\","
                 "\"Copper\"],\"deck\":[\"Silver\",\"Gold\",\"Estate\"],\"discard\":[]}",
                 attacks[i]);
        kt_scn c = dom_t_action(T, KATK, 2, pl);
        KT_REQUIRE(c.g);
        char act[64];
        snprintf(act, sizeof act, "play %s", attacks[i]);
        KT_DO(&c, act);
        KT_STREQ(kt_decision(c.g, c.s), "reaction");
        KT_DO(&c, "reveal Moat");
        /* player 2 untouched: same hand, deck, discard; no Curse */
        DOM_JEQ(&c, "state.players.1.hand", "[\"Copper\",\"Copper\",\"Copper\",\"Estate\",\"Moat\"]");
        DOM_JEQ(&c, "state.players.1.deck", "[\"Silver\",\"Gold\",\"Estate\"]");
        DOM_JEQ(&c, "state.players.1.discard", "[]");
        KT_EQ(kt_to_move(c.g, c.s), 0);
        kt_scn_free(&c);

        /* without the reveal the Attack hits */
        c = dom_t_action(T, KATK, 2, pl);
        KT_REQUIRE(c.g);
        KT_DO(&c, act);
        KT_DO(&c, "done");
        if (i == 0) {
            DOM_JEQ(&c, "state.players.1.discard", "[\"Curse\"]");
        } else if (i == 1) {
            KT_STREQ(kt_decision(c.g, c.s), "trash");
            KT_DO(&c, "trash Silver");
            DOM_JEQ(&c, "state.trash", "[\"Silver\"]");
            DOM_JEQ(&c, "state.players.1.discard", "[\"Gold\"]");
        } else {
            DOM_JEQ(&c, "state.players.1.deck", "[\"Estate\",\"Silver\",\"Gold\",\"Estate\"]");
        }
        kt_scn_free(&c);
    }
}

KT_TEST(dominion_card_moat_asked_for_each_play_of_a_throned_attack)
{
    kt_scn c = dom_t_action(T, KATK, 2,
                            "\"0\":{\"hand\":[\"Throne Room\",\"Militia\",\"Copper\"],"
                            "\"deck\":[],\"discard\":[]},\"1\":{\"hand\":[\"Moat\",\"Estate\","
                            "\"Estate\",\"Copper\",\"Copper\"]}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Throne Room|play Militia");
    KT_STREQ(kt_decision(c.g, c.s), "reaction");
    KT_DO(&c, "reveal Moat");
    KT_STREQ(kt_decision(c.g, c.s), "reaction"); /* the second play is a new Attack */
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_DO(&c, "done");
    KT_STREQ(kt_decision(c.g, c.s), "discard");
    DOM_DO(&c, "discard Estate|discard Estate");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 4);
    kt_scn_free(&c);
}

KT_TEST(dominion_card_harbinger_with_empty_discard_asks_nothing)
{
    kt_scn c = dom_t_action(T, K10, 2,
                            "\"0\":{\"hand\":[\"Harbinger\",\"Village\"],\"deck\":[\"Copper\","
                            "\"Gold\"],\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Harbinger");
    KT_STREQ(kt_decision(c.g, c.s), "action"); /* no question: straight back to actions */
    DOM_JEQ(&c, "state.players.0.hand", "[\"Copper\",\"Village\"]");
    KT_EQ(dom_t_int(&c, "state.turn.actions"), 1);
    kt_scn_free(&c);
}

KT_TEST(dominion_card_harbinger_topdecks_from_discard)
{
    kt_scn c = dom_t_action(T, K10, 2,
                            "\"0\":{\"hand\":[\"Harbinger\",\"Copper\"],\"deck\":[\"Estate\","
                            "\"Copper\"],\"discard\":[\"Estate\",\"Gold\",\"Copper\"]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Harbinger");
    KT_STREQ(kt_decision(c.g, c.s), "topdeck");
    KT_CHECK(kt_scn_legal(&c, "topdeck Gold") && kt_scn_legal(&c, "done"));
    KT_EQ(kt_scn_nlegal(&c), 4); /* Copper, Estate, Gold, done */
    KT_DO(&c, "topdeck Gold");
    DOM_JEQ(&c, "state.players.0.deck", "[\"Gold\",\"Copper\"]");
    DOM_JEQ(&c, "state.players.0.discard", "[\"Estate\",\"Copper\"]");
    KT_EQ(dom_t_int(&c, "state.players.0.known_top"), 1);
    kt_scn_free(&c);
}

KT_TEST(dominion_card_merchant_bonus_only_for_the_first_silver)
{
    kt_scn c = dom_t_action(T, K10, 2,
                            "\"0\":{\"hand\":[\"Merchant\",\"Silver\",\"Silver\",\"Copper\"],"
                            "\"deck\":[\"Estate\"],\"discard\":[]}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Merchant|play Silver");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 3);
    KT_DO(&c, "play Silver");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 5);
    KT_DO(&c, "play Copper");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 6);
    kt_scn_free(&c);

    /* two Merchants: each gives +$1 on the first Silver; "play treasures" too */
    c = dom_t_action(T, K10, 2,
                     "\"0\":{\"hand\":[\"Village\",\"Merchant\",\"Merchant\",\"Silver\","
                     "\"Silver\"],\"deck\":[\"Copper\",\"Copper\",\"Copper\"],\"discard\":[]}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Village|play Merchant|play Merchant|play treasures");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 2 + 2 + 2 + 3);
    kt_scn_free(&c);

    /* Throne Room on Merchant: two "first Silver" bonuses */
    c = dom_t_action(T, K10, 2,
                     "\"0\":{\"hand\":[\"Throne Room\",\"Merchant\",\"Silver\",\"Silver\"],"
                     "\"deck\":[\"Copper\",\"Copper\"],\"discard\":[]}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Throne Room|play Merchant|play treasures");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 2 + 2 + 2 + 2);
    kt_scn_free(&c);
}

KT_TEST(dominion_card_vassal_plays_a_discarded_action_for_free)
{
    kt_scn c = dom_t_action(T, K10, 2,
                            "\"0\":{\"hand\":[\"Vassal\",\"Copper\"],\"deck\":[\"Village\","
                            "\"Gold\",\"Estate\"],\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Vassal");
    KT_STREQ(kt_decision(c.g, c.s), "play");
    KT_CHECK(kt_scn_legal(&c, "play Village") && kt_scn_legal(&c, "done"));
    KT_DO(&c, "play Village");
    KT_EQ(dom_t_int(&c, "state.turn.actions"), 2); /* Vassal's play used no Action */
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 2);
    DOM_JEQ(&c, "state.players.0.hand", "[\"Copper\",\"Gold\"]");
    DOM_JEQ(&c, "state.players.0.discard", "[]");
    KT_EQ(dom_t_len(&c, "state.in_play"), 2);
    kt_scn_free(&c);

    /* declined: the Action stays in the discard pile */
    c = dom_t_action(T, K10, 2,
                     "\"0\":{\"hand\":[\"Vassal\"],\"deck\":[\"Smithy\"],\"discard\":[]}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Vassal|done");
    DOM_JEQ(&c, "state.players.0.discard", "[\"Smithy\"]");
    kt_scn_free(&c);

    /* not an Action: discarded without a question */
    c = dom_t_action(T, K10, 2,
                     "\"0\":{\"hand\":[\"Vassal\"],\"deck\":[\"Gold\"],\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Vassal");
    KT_STREQ(kt_decision(c.g, c.s), "buy");
    DOM_JEQ(&c, "state.players.0.discard", "[\"Gold\"]");
    kt_scn_free(&c);

    /* empty deck: the discard pile is shuffled to find the card */
    c = dom_t_action(T, K10, 2,
                     "\"0\":{\"hand\":[\"Vassal\"],\"deck\":[],\"discard\":[\"Smithy\"]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Vassal");
    KT_STREQ(kt_decision(c.g, c.s), "play");
    kt_scn_free(&c);
}

KT_TEST(dominion_card_vanilla_bonuses)
{
    struct {
        const char *card;
        int hand, actions, buys, coins;
    } v[] = {{"Village", 1, 2, 1, 0}, {"Smithy", 3, 0, 1, 0},    {"Festival", 0, 2, 2, 2},
             {"Laboratory", 2, 1, 1, 0}, {"Market", 1, 1, 2, 1}, {"Council Room", 4, 0, 2, 0}};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        char pl[400], act[64];
        snprintf(pl, sizeof pl,
                 "\"0\":{\"hand\":[\"%s\",\"Village\"],\"deck\":[\"Estate\",\"Estate\","
                 "\"Estate\",\"Estate\",\"Estate\"],\"discard\":[]}",
                 v[i].card);
        kt_scn c = dom_t_action(T, KVAN, 2, pl);
        KT_REQUIRE(c.g);
        snprintf(act, sizeof act, "play %s", v[i].card);
        KT_DO(&c, act);
        KT_EQ(dom_t_len(&c, "state.players.0.hand"), 1 + v[i].hand);
        KT_EQ(dom_t_int(&c, "state.turn.actions"), v[i].actions);
        KT_EQ(dom_t_int(&c, "state.turn.buys"), v[i].buys);
        KT_EQ(dom_t_int(&c, "state.turn.coins"), v[i].coins);
        kt_scn_free(&c);
    }
}

KT_TEST(dominion_card_workshop_gains_up_to_four)
{
    kt_scn c = dom_t_action(T, K10, 2,
                            "\"0\":{\"hand\":[\"Workshop\",\"Copper\"],\"deck\":[],"
                            "\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Workshop");
    KT_STREQ(kt_decision(c.g, c.s), "gain");
    KT_CHECK(kt_scn_legal(&c, "gain Smithy") && kt_scn_legal(&c, "gain Silver"));
    KT_CHECK(!kt_scn_legal(&c, "gain Gold") && !kt_scn_legal(&c, "done"));
    KT_DO(&c, "gain Smithy");
    DOM_JEQ(&c, "state.players.0.discard", "[\"Smithy\"]");
    KT_EQ(dom_t_int(&c, "state.supply.Smithy"), 9);
    kt_scn_free(&c);
}

KT_TEST(dominion_card_bureaucrat_silver_on_deck_victims_topdeck_victory)
{
    kt_scn c = dom_t_action(T, K10B, 3,
                            "\"0\":{\"hand\":[\"Bureaucrat\"],\"deck\":[\"Copper\"],"
                            "\"discard\":[]},\"1\":{\"hand\":[\"Estate\",\"Duchy\",\"Copper\","
                            "\"Copper\",\"Copper\"],\"deck\":[\"Copper\"],\"discard\":[]},"
                            "\"2\":{\"hand\":[\"Estate\",\"Estate\",\"Copper\",\"Copper\","
                            "\"Copper\"],\"deck\":[],\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Bureaucrat");
    DOM_JEQ(&c, "state.players.0.deck", "[\"Silver\",\"Copper\"]");
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_STREQ(kt_decision(c.g, c.s), "topdeck");
    KT_EQ(kt_scn_nlegal(&c), 2); /* Estate or Duchy */
    KT_DO(&c, "topdeck Duchy");
    DOM_JEQ(&c, "state.players.1.deck", "[\"Duchy\",\"Copper\"]");
    KT_EQ(dom_t_int(&c, "state.players.1.pub_top"), 1);
    /* player 3 only has Estates: no question */
    DOM_JEQ(&c, "state.players.2.deck", "[\"Estate\"]");
    KT_EQ(kt_to_move(c.g, c.s), 0);
    kt_scn_free(&c);
}

KT_TEST(dominion_card_bureaucrat_against_hands_without_victory_cards)
{
    kt_scn c = dom_t_action(T, K10B, 2,
                            "\"0\":{\"hand\":[\"Bureaucrat\"],\"deck\":[],\"discard\":[]},"
                            "\"1\":{\"hand\":[\"Copper\",\"Copper\",\"Copper\",\"Silver\","
                            "\"Gold\"],\"deck\":[\"Estate\"],\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Bureaucrat");
    KT_EQ(kt_to_move(c.g, c.s), 0); /* nothing to decide for player 2 */
    DOM_JEQ(&c, "state.players.1.deck", "[\"Estate\"]");
    KT_EQ(dom_t_len(&c, "state.players.1.hand"), 5);
    DOM_JEQ(&c, "state.players.0.deck", "[\"Silver\"]");
    kt_scn_free(&c);
}

KT_TEST(dominion_card_gardens_worth_one_per_ten_cards)
{
    /* 19 cards with 1 Gardens: 1 VP from Gardens plus the Estates */
    kt_scn c = dom_t_buy(T, K10B, 2,
                         "\"0\":{\"hand\":[\"Gardens\",\"Copper\",\"Copper\",\"Copper\","
                         "\"Copper\"],\"deck\":[\"Copper\",\"Copper\",\"Copper\",\"Estate\","
                         "\"Estate\",\"Estate\",\"Silver\",\"Silver\",\"Silver\",\"Silver\","
                         "\"Silver\",\"Silver\",\"Silver\",\"Silver\"],\"discard\":[]}",
                         0);
    KT_REQUIRE(c.g);
    char *o = kt_observe_json(c.g, c.s, 0, KT_LANG_EN);
    char *vp = kt_json_at(o, "seats.0.vp");
    KT_STREQ(vp, "4"); /* 19 cards: Gardens 1 + 3 Estates */
    free(vp);
    kt_free(o);
    KT_DO(&c, "buy Copper"); /* the 20th card */
    o = kt_observe_json(c.g, c.s, 0, KT_LANG_EN);
    vp = kt_json_at(o, "seats.0.vp");
    KT_STREQ(vp, "5");
    free(vp);
    kt_free(o);
    kt_scn_free(&c);
}

KT_TEST(dominion_card_militia_discard_down_to_three)
{
    kt_scn c = dom_t_action(T, K10B, 3,
                            "\"0\":{\"hand\":[\"Militia\"],\"deck\":[],\"discard\":[]},"
                            "\"1\":{\"hand\":[\"Copper\",\"Copper\",\"Copper\",\"Copper\","
                            "\"Copper\"]},\"2\":{\"hand\":[\"Estate\",\"Copper\",\"Gold\"]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Militia");
    /* player 2 holds only Coppers: forced, so no question; player 3 has 3 */
    KT_EQ(dom_t_len(&c, "state.players.1.hand"), 3);
    DOM_JEQ(&c, "state.players.1.discard", "[\"Copper\",\"Copper\"]");
    KT_EQ(dom_t_len(&c, "state.players.2.hand"), 3);
    KT_EQ(kt_to_move(c.g, c.s), 0);
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 2);
    kt_scn_free(&c);
}

KT_TEST(dominion_card_moneylender_trashes_a_copper_for_three)
{
    kt_scn c = dom_t_action(T, K10B, 2,
                            "\"0\":{\"hand\":[\"Moneylender\",\"Copper\",\"Estate\"],\"deck\":[],"
                            "\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Moneylender");
    KT_EQ(kt_scn_nlegal(&c), 2);
    KT_DO(&c, "trash Copper");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 3);
    DOM_JEQ(&c, "state.trash", "[\"Copper\"]");
    kt_scn_free(&c);

    c = dom_t_action(T, K10B, 2,
                     "\"0\":{\"hand\":[\"Moneylender\",\"Copper\"],\"deck\":[],\"discard\":[]}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Moneylender|done");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 0);
    kt_scn_free(&c);

    c = dom_t_action(T, K10B, 2,
                     "\"0\":{\"hand\":[\"Moneylender\",\"Silver\"],\"deck\":[],\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Moneylender"); /* no Copper: no question */
    KT_STREQ(kt_decision(c.g, c.s), "buy");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 0);
    kt_scn_free(&c);
}

KT_TEST(dominion_card_poacher_discards_per_empty_pile)
{
    kt_scn c = dom_t_action(T, K10B, 2,
                            "\"0\":{\"hand\":[\"Poacher\",\"Copper\",\"Estate\"],\"deck\":["
                            "\"Silver\"],\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Poacher"); /* no empty pile: no discard */
    KT_STREQ(kt_decision(c.g, c.s), "buy");
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 3);
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 1);
    kt_scn_free(&c);

    /* two empty piles (all Witches and Curses in the trash): discard 2 */
    char pl[1200];
    snprintf(pl, sizeof pl,
             "\"0\":{\"hand\":[\"Poacher\",\"Copper\",\"Estate\",\"Gold\"],\"deck\":[\"Silver\"],"
             "\"discard\":[]}");
    char patch[2000];
    snprintf(patch, sizeof patch,
             "{\"header\":{\"decision\":\"action\"},\"state\":{\"phase\":\"action\",\"supply\":"
             "null,\"trash\":[\"Witch\",\"Witch\",\"Witch\",\"Witch\",\"Witch\",\"Witch\","
             "\"Witch\",\"Witch\",\"Witch\",\"Witch\",\"Curse\",\"Curse\",\"Curse\",\"Curse\","
             "\"Curse\",\"Curse\",\"Curse\",\"Curse\",\"Curse\",\"Curse\"],\"players\":{%s}}}",
             pl);
    c = kt_scn_new(T, "dominion", "kingdom=" K10B, 2, 7, patch);
    KT_REQUIRE(c.g);
    KT_EQ(dom_t_int(&c, "state.supply.Witch"), 0);
    KT_DO(&c, "play Poacher");
    KT_STREQ(kt_decision(c.g, c.s), "discard");
    KT_CHECK(!kt_scn_legal(&c, "done"));
    DOM_DO(&c, "discard Estate|discard Copper");
    DOM_JEQ(&c, "state.players.0.hand", "[\"Silver\",\"Gold\"]");
    KT_STREQ(kt_decision(c.g, c.s), "buy");
    kt_scn_free(&c);

    /* with a single card left it is discarded without a question */
    snprintf(pl, sizeof pl, "\"0\":{\"hand\":[\"Poacher\"],\"deck\":[\"Silver\"],\"discard\":[]}");
    snprintf(patch, sizeof patch,
             "{\"header\":{\"decision\":\"action\"},\"state\":{\"phase\":\"action\",\"supply\":"
             "null,\"trash\":[\"Witch\",\"Witch\",\"Witch\",\"Witch\",\"Witch\",\"Witch\","
             "\"Witch\",\"Witch\",\"Witch\",\"Witch\",\"Curse\",\"Curse\",\"Curse\",\"Curse\","
             "\"Curse\",\"Curse\",\"Curse\",\"Curse\",\"Curse\",\"Curse\"],\"players\":{%s}}}",
             pl);
    c = kt_scn_new(T, "dominion", "kingdom=" K10B, 2, 7, patch);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Poacher");
    DOM_JEQ(&c, "state.players.0.hand", "[]");
    DOM_JEQ(&c, "state.players.0.discard", "[\"Silver\"]");
    kt_scn_free(&c);
}

KT_TEST(dominion_card_remodel_gains_up_to_two_more)
{
    kt_scn c = dom_t_action(T, K10B, 2,
                            "\"0\":{\"hand\":[\"Remodel\",\"Estate\",\"Gold\"],\"deck\":[],"
                            "\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Remodel");
    KT_STREQ(kt_decision(c.g, c.s), "trash");
    KT_CHECK(!kt_scn_legal(&c, "done"));
    KT_DO(&c, "trash Estate");
    KT_STREQ(kt_decision(c.g, c.s), "gain");
    KT_CHECK(kt_scn_legal(&c, "gain Silver") && kt_scn_legal(&c, "gain Militia"));
    KT_CHECK(!kt_scn_legal(&c, "gain Duchy"));
    KT_DO(&c, "gain Militia");
    DOM_JEQ(&c, "state.players.0.discard", "[\"Militia\"]");
    DOM_JEQ(&c, "state.trash", "[\"Estate\"]");
    kt_scn_free(&c);

    c = dom_t_action(T, K10B, 2,
                     "\"0\":{\"hand\":[\"Remodel\",\"Gold\"],\"deck\":[],\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Remodel"); /* only Gold in hand: trashed without a question */
    KT_STREQ(kt_decision(c.g, c.s), "gain");
    KT_DO(&c, "gain Province");
    DOM_JEQ(&c, "state.players.0.discard", "[\"Province\"]");
    kt_scn_free(&c);
}

KT_TEST(dominion_card_throne_room_on_throne_room)
{
    kt_scn c = dom_t_action(T, K10, 2,
                            "\"0\":{\"hand\":[\"Throne Room\",\"Throne Room\",\"Smithy\","
                            "\"Village\",\"Copper\"],\"deck\":[\"Estate\",\"Estate\",\"Estate\","
                            "\"Estate\",\"Estate\",\"Estate\",\"Estate\",\"Estate\"],"
                            "\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Throne Room");
    KT_STREQ(kt_decision(c.g, c.s), "play");
    KT_CHECK(kt_scn_legal(&c, "play Throne Room") && kt_scn_legal(&c, "done"));
    KT_DO(&c, "play Throne Room");
    /* the second Throne Room is played twice: each picks a card to play twice */
    KT_STREQ(kt_decision(c.g, c.s), "play");
    KT_CHECK(!kt_scn_legal(&c, "play Throne Room"));
    KT_DO(&c, "play Smithy");
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 2 + 6);
    KT_STREQ(kt_decision(c.g, c.s), "play");
    KT_DO(&c, "play Village");
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 1 + 6 + 2);
    KT_EQ(dom_t_int(&c, "state.turn.actions"), 4);
    KT_EQ(dom_t_len(&c, "state.in_play"), 4);
    kt_scn_free(&c);
}

KT_TEST(dominion_card_throne_room_on_a_card_that_draws_into_throne_room)
{
    kt_scn c = dom_t_action(T, K10, 2,
                            "\"0\":{\"hand\":[\"Throne Room\",\"Smithy\",\"Village\"],\"deck\":["
                            "\"Throne Room\",\"Copper\",\"Copper\",\"Copper\",\"Copper\","
                            "\"Copper\",\"Smithy\",\"Estate\",\"Estate\",\"Estate\","
                            "\"Estate\",\"Estate\"],\"discard\":[]}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Village|play Throne Room|play Smithy");
    /* Smithy twice drew the second Throne Room; one Action is left to play it */
    KT_EQ(dom_t_int(&c, "state.turn.actions"), 1);
    KT_STREQ(kt_decision(c.g, c.s), "action");
    KT_CHECK(kt_scn_legal(&c, "play Throne Room"));
    KT_DO(&c, "play Throne Room");
    KT_DO(&c, "play Smithy");
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 10); /* the deck ran out after 5 */
    KT_EQ(dom_t_int(&c, "state.turn.actions"), 0);
    kt_scn_free(&c);
}

KT_TEST(dominion_card_throne_room_without_actions_in_hand)
{
    kt_scn c = dom_t_action(T, K10, 2,
                            "\"0\":{\"hand\":[\"Throne Room\",\"Copper\"],\"deck\":[],"
                            "\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Throne Room"); /* only "done" would be possible: not asked */
    KT_STREQ(kt_decision(c.g, c.s), "buy");
    kt_scn_free(&c);
}

KT_TEST(dominion_card_bandit_with_non_copper_treasures)
{
    kt_scn c = dom_t_action(T, K10B, 2,
                            "\"0\":{\"hand\":[\"Bandit\"],\"deck\":[],\"discard\":[]},"
                            "\"1\":{\"deck\":[\"Silver\",\"Gold\",\"Estate\"],\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Bandit");
    DOM_JEQ(&c, "state.players.0.discard", "[\"Gold\"]");
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_STREQ(kt_decision(c.g, c.s), "trash");
    KT_EQ(kt_scn_nlegal(&c), 2);
    KT_DO(&c, "trash Silver");
    DOM_JEQ(&c, "state.trash", "[\"Silver\"]");
    DOM_JEQ(&c, "state.players.1.discard", "[\"Gold\"]");
    DOM_JEQ(&c, "state.players.1.deck", "[\"Estate\"]");
    kt_scn_free(&c);

    /* Copper and Silver: the Silver goes without a question, Copper is safe */
    c = dom_t_action(T, K10B, 2,
                     "\"0\":{\"hand\":[\"Bandit\"],\"deck\":[],\"discard\":[]},"
                     "\"1\":{\"deck\":[\"Copper\",\"Silver\"],\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Bandit");
    DOM_JEQ(&c, "state.trash", "[\"Silver\"]");
    DOM_JEQ(&c, "state.players.1.discard", "[\"Copper\"]");
    KT_EQ(kt_to_move(c.g, c.s), 0);
    kt_scn_free(&c);

    /* only Coppers and Victory cards: both discarded */
    c = dom_t_action(T, K10B, 2,
                     "\"0\":{\"hand\":[\"Bandit\"],\"deck\":[],\"discard\":[]},"
                     "\"1\":{\"deck\":[\"Copper\",\"Estate\",\"Gold\"],\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Bandit");
    DOM_JEQ(&c, "state.trash", "[]");
    DOM_JEQ(&c, "state.players.1.discard", "[\"Estate\",\"Copper\"]");
    DOM_JEQ(&c, "state.players.1.deck", "[\"Gold\"]");
    kt_scn_free(&c);
}

KT_TEST(dominion_card_council_room_others_draw)
{
    kt_scn c = dom_t_action(T, K10B, 3,
                            "\"0\":{\"hand\":[\"Council Room\"],\"deck\":[\"Copper\",\"Copper\","
                            "\"Copper\",\"Copper\"],\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Council Room");
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 4);
    KT_EQ(dom_t_int(&c, "state.turn.buys"), 2);
    KT_EQ(dom_t_len(&c, "state.players.1.hand"), 6);
    KT_EQ(dom_t_len(&c, "state.players.2.hand"), 6);
    kt_scn_free(&c);
}

KT_TEST(dominion_card_library_draws_to_seven_skipping_actions)
{
    kt_scn c = dom_t_action(T, KATK, 2,
                            "\"0\":{\"hand\":[\"Library\",\"Copper\",\"Copper\"],\"deck\":["
                            "\"Village\",\"Copper\",\"Witch\",\"Copper\",\"Copper\",\"Copper\","
                            "\"Gold\"],\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Library");
    KT_STREQ(kt_decision(c.g, c.s), "set_aside");
    KT_EQ(kt_scn_nlegal(&c), 2);
    KT_DO(&c, "set aside Village");
    KT_STREQ(kt_decision(c.g, c.s), "set_aside");
    KT_DO(&c, "keep Witch");
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 7);
    DOM_JEQ(&c, "state.players.0.deck", "[\"Gold\"]");
    DOM_JEQ(&c, "state.players.0.discard", "[\"Village\"]");
    DOM_JEQ(&c, "state.aside", "[]");
    kt_scn_free(&c);
}

KT_TEST(dominion_card_library_with_empty_deck_and_discard)
{
    kt_scn c = dom_t_action(T, KATK, 2,
                            "\"0\":{\"hand\":[\"Library\",\"Copper\"],\"deck\":[\"Village\","
                            "\"Copper\",\"Smithy\"],\"discard\":[]}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Library|set aside Village|set aside Smithy");
    /* nothing left to draw (set-aside cards are not shuffled in): Library ends
     * with 2 cards in hand and discards what it set aside */
    DOM_JEQ(&c, "state.players.0.hand", "[\"Copper\",\"Copper\"]");
    DOM_JEQ(&c, "state.players.0.deck", "[]");
    DOM_JEQ(&c, "state.players.0.discard", "[\"Smithy\",\"Village\"]");
    KT_STREQ(kt_decision(c.g, c.s), "buy");
    kt_scn_free(&c);
}

KT_TEST(dominion_card_mine_upgrades_a_treasure_into_hand)
{
    kt_scn c = dom_t_action(T, K10C, 2,
                            "\"0\":{\"hand\":[\"Mine\",\"Copper\",\"Silver\",\"Estate\"],"
                            "\"deck\":[],\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Mine");
    KT_EQ(kt_scn_nlegal(&c), 3); /* Copper, Silver, done */
    KT_DO(&c, "trash Silver");
    KT_CHECK(kt_scn_legal(&c, "gain Gold") && kt_scn_legal(&c, "gain Copper"));
    KT_CHECK(!kt_scn_legal(&c, "gain Market")); /* a Treasure only */
    KT_DO(&c, "gain Gold");
    DOM_JEQ(&c, "state.players.0.hand", "[\"Copper\",\"Gold\",\"Estate\"]");
    DOM_JEQ(&c, "state.players.0.hand_known", "[\"Gold\"]");
    DOM_JEQ(&c, "state.trash", "[\"Silver\"]");
    kt_scn_free(&c);

    c = dom_t_action(T, K10C, 2,
                     "\"0\":{\"hand\":[\"Mine\",\"Copper\"],\"deck\":[],\"discard\":[]}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Mine|done");
    DOM_JEQ(&c, "state.trash", "[]");
    kt_scn_free(&c);
}

KT_TEST(dominion_card_sentry_trash_discard_reorder)
{
    kt_scn c = dom_t_action(T, K10C, 2,
                            "\"0\":{\"hand\":[\"Sentry\"],\"deck\":[\"Copper\",\"Curse\","
                            "\"Estate\",\"Gold\"],\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Sentry");
    KT_STREQ(kt_decision(c.g, c.s), "sentry");
    KT_EQ(kt_scn_nlegal(&c), 3);
    DOM_DO(&c, "trash Curse|discard Estate");
    DOM_JEQ(&c, "state.trash", "[\"Curse\"]");
    DOM_JEQ(&c, "state.players.0.discard", "[\"Estate\"]");
    DOM_JEQ(&c, "state.players.0.deck", "[\"Gold\"]");
    DOM_JEQ(&c, "state.players.0.hand", "[\"Copper\"]");
    kt_scn_free(&c);

    c = dom_t_action(T, K10C, 2,
                     "\"0\":{\"hand\":[\"Sentry\"],\"deck\":[\"Copper\",\"Silver\",\"Gold\","
                     "\"Estate\"],\"discard\":[]}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Sentry|keep Silver|keep Gold");
    KT_STREQ(kt_decision(c.g, c.s), "order");
    KT_EQ(kt_scn_nlegal(&c), 2);
    KT_DO(&c, "put Gold on top");
    DOM_JEQ(&c, "state.players.0.deck", "[\"Gold\",\"Silver\",\"Estate\"]");
    KT_EQ(dom_t_int(&c, "state.players.0.known_top"), 2);
    kt_scn_free(&c);

    /* two identical kept cards: no order question */
    c = dom_t_action(T, K10C, 2,
                     "\"0\":{\"hand\":[\"Sentry\"],\"deck\":[\"Copper\",\"Silver\",\"Silver\"],"
                     "\"discard\":[]}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Sentry|keep Silver|keep Silver");
    KT_STREQ(kt_decision(c.g, c.s), "buy");
    DOM_JEQ(&c, "state.players.0.deck", "[\"Silver\",\"Silver\"]");
    kt_scn_free(&c);

    /* only one card left to look at (deck and discard exhausted) */
    c = dom_t_action(T, K10C, 2,
                     "\"0\":{\"hand\":[\"Sentry\"],\"deck\":[\"Copper\",\"Estate\"],"
                     "\"discard\":[]}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Sentry|trash Estate");
    KT_STREQ(kt_decision(c.g, c.s), "buy");
    DOM_JEQ(&c, "state.players.0.deck", "[]");
    kt_scn_free(&c);
}

KT_TEST(dominion_card_witch_curses_in_turn_order_until_curses_run_out)
{
    kt_scn c = dom_t_action(T, K10B, 3,
                            "\"0\":{\"hand\":[\"Witch\"],\"deck\":[\"Copper\",\"Copper\"],"
                            "\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Witch");
    DOM_JEQ(&c, "state.players.1.discard", "[\"Curse\"]");
    DOM_JEQ(&c, "state.players.2.discard", "[\"Curse\"]");
    KT_EQ(dom_t_int(&c, "state.supply.Curse"), 18);
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 2);
    kt_scn_free(&c);

    /* one Curse left: only the next player (clockwise) gets it */
    c = kt_scn_new(T, "dominion", "kingdom=" K10B, 3, 7,
                   "{\"header\":{\"decision\":\"action\"},\"state\":{\"phase\":\"action\","
                   "\"supply\":null,\"trash\":[\"Curse\",\"Curse\",\"Curse\",\"Curse\","
                   "\"Curse\",\"Curse\",\"Curse\",\"Curse\",\"Curse\",\"Curse\",\"Curse\","
                   "\"Curse\",\"Curse\",\"Curse\",\"Curse\",\"Curse\",\"Curse\",\"Curse\","
                   "\"Curse\"],\"players\":{\"0\":{\"hand\":[\"Witch\"],\"deck\":[],"
                   "\"discard\":[]}}}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Witch");
    DOM_JEQ(&c, "state.players.1.discard", "[\"Curse\"]");
    DOM_JEQ(&c, "state.players.2.discard", "[]");
    KT_EQ(dom_t_int(&c, "state.supply.Curse"), 0);
    kt_scn_free(&c);
}

KT_TEST(dominion_card_artisan_gains_to_hand_then_topdecks)
{
    kt_scn c = dom_t_action(T, K10C, 2,
                            "\"0\":{\"hand\":[\"Artisan\",\"Copper\",\"Estate\"],\"deck\":["
                            "\"Silver\"],\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Artisan");
    KT_STREQ(kt_decision(c.g, c.s), "gain");
    KT_CHECK(kt_scn_legal(&c, "gain Laboratory") && !kt_scn_legal(&c, "gain Gold"));
    KT_DO(&c, "gain Laboratory");
    KT_STREQ(kt_decision(c.g, c.s), "topdeck");
    KT_CHECK(!kt_scn_legal(&c, "done"));
    KT_DO(&c, "topdeck Laboratory");
    DOM_JEQ(&c, "state.players.0.deck", "[\"Laboratory\",\"Silver\"]");
    DOM_JEQ(&c, "state.players.0.hand", "[\"Copper\",\"Estate\"]");
    kt_scn_free(&c);
}

KT_TEST(dominion_card_draw_reshuffles_discard_but_not_cards_in_play)
{
    kt_scn c = dom_t_action(T, K10, 2,
                            "\"0\":{\"hand\":[\"Smithy\",\"Village\"],\"deck\":[\"Copper\"],"
                            "\"discard\":[\"Gold\",\"Gold\"]}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Village|play Smithy");
    /* Village drew the Copper; Smithy shuffled the two Golds and drew them;
     * Village and Smithy in play were not shuffled in */
    DOM_JEQ(&c, "state.players.0.hand", "[\"Copper\",\"Gold\",\"Gold\"]");
    DOM_JEQ(&c, "state.players.0.deck", "[]");
    DOM_JEQ(&c, "state.players.0.discard", "[]");
    KT_EQ(dom_t_len(&c, "state.in_play"), 2);
    kt_scn_free(&c);
}
