/*
 * test_plunder_events.c - the rules of Events (seed 004, "Ereignisse") and
 * scenario tests of the 15 Plunder Events with the per-Event clarifications
 * of seed 004 as named dominion_seed004_* tests.
 */
#include <stdio.h>
#include <string.h>

#include "helpers.h"

#define KE "kingdom=Village,Smithy,Militia,Moat,Cellar,Market,Festival,Laboratory,Workshop,Sack of Loot"
#define EV_ALL                                                                                   \
    ";events=Bury,Avoid,Deliver,Peril,Rush,Foray,Launch,Mirror,Prepare,Scrounge,Journey,"        \
    "Maelstrom,Looting,Invasion,Prosper"

static kt_scn ev_scene(kt_t *T, const char *events, int coins, int buys, const char *players,
                       const char *more)
{
    char o[512], m[8192];
    snprintf(o, sizeof o, KE ";events=%s", events);
    snprintf(m, sizeof m, "\"turn\":{\"coins\":%d,\"buys\":%d},\"players\":{%s}%s%s", coins, buys,
             players, more && more[0] ? "," : "", more ? more : "");
    return dom_t_scene(T, o, 2, 0, "buy", coins, m);
}

#define P0(hand, deck, disc)                                                                      \
    "\"0\":{\"hand\":[" hand "],\"deck\":[" deck "],\"discard\":[" disc "]}"

KT_TEST(dominion_events_bought_with_a_buy_and_coins_any_number_of_times)
{
    kt_scn c = ev_scene(T, "Looting,Bury", 12, 3, P0("", "", "\"Estate\""), "");
    KT_REQUIRE(c.g);
    KT_CHECK(kt_scn_legal(&c, "buy Looting") && kt_scn_legal(&c, "kaufe Plünderung"));
    DOM_DO(&c, "buy Looting|buy Looting");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 0);
    KT_EQ(dom_t_int(&c, "state.turn.buys"), 1);
    /* not a card: nothing of "Looting" anywhere, two Loots gained */
    KT_EQ(dom_t_len(&c, "state.players.0.discard"), 3);
    kt_action a;
    kt_err err;
    KT_EQ(kt_action_parse(c.g, c.s, "buy Looting", &a, &err), KT_EILLEGAL);
    KT_CHECK(strstr(err.msg, "costs $6, you have $0") != NULL);
    kt_scn_free(&c);
}

KT_TEST(dominion_events_no_treasures_after_buying_one)
{
    kt_scn c = ev_scene(T, "Bury", 1, 2, P0("\"Copper\",\"Silver\"", "", "\"Estate\",\"Gold\""), "");
    KT_REQUIRE(c.g);
    KT_CHECK(kt_scn_legal(&c, "play Copper"));
    DOM_DO(&c, "buy Bury|bottom Estate");
    KT_CHECK(!kt_scn_legal(&c, "play Copper") && !kt_scn_legal(&c, "play treasures"));
    kt_action a;
    kt_err err;
    KT_EQ(kt_action_parse(c.g, c.s, "play Silver", &a, &err), KT_EILLEGAL);
    KT_CHECK(strstr(err.msg, "after buying") != NULL);
    kt_scn_free(&c);
}

KT_TEST(dominion_events_are_not_gains_and_ignore_cost_changes)
{
    /* an Event bought does not trigger "when you gain" (Abundance, a
     * Treasure-watching Secluded Shrine), and its cost ignores modifiers */
    kt_scn c = dom_t_scene(T, KE ";events=Looting,Bury", 2, 0, "buy", 6,
                           "\"turn\":{\"coins\":6,\"buys\":2,\"cost_mod\":-2},"
                           "\"players\":{\"0\":{\"hand\":[],\"deck\":[],\"discard\":[\"Copper\"]}}");
    KT_REQUIRE(c.g);
    DOM_JEQ(&c, "state.turn.cost_mod", "-2");
    KT_CHECK(kt_scn_legal(&c, "buy Laboratory")); /* $5 - 2 */
    char *o = kt_observe_json(c.g, c.s, 0, KT_LANG_EN);
    char *ev = kt_json_at(o, "events.0.cost");
    KT_STREQ(ev, "6");
    free(ev);
    kt_free(o);
    KT_DO(&c, "buy Looting");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 0);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_bury_is_not_optional)
{
    kt_scn c = ev_scene(T, "Bury", 1, 1, P0("", "\"Copper\"", "\"Estate\",\"Gold\""), "");
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Bury");
    KT_CHECK(!kt_scn_legal(&c, "done"));
    KT_DO(&c, "bottom Gold");
    DOM_JEQ(&c, "state.players.0.deck", "[\"Copper\",\"Gold\"]");
    KT_EQ(dom_t_int(&c, "state.turn.buys"), 1);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_avoid_stacks_three_cards_each)
{
    /* seed 004, Ausweichen: bought three times - up to 9 cards stay in the
     * discard pile; the draw then takes only what the new deck holds */
    kt_scn c = ev_scene(T, "Avoid", 6, 4,
                        P0("", "", "\"Estate\",\"Estate\",\"Estate\",\"Estate\",\"Curse\",\"Curse\","
                                   "\"Curse\",\"Curse\",\"Curse\",\"Gold\",\"Gold\",\"Silver\""),
                        "");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "buy Avoid|buy Avoid|buy Avoid|end turn");
    KT_STREQ(kt_decision(c.g, c.s), "shuffle");
    for (int i = 0; i < 4; i++)
        KT_DO(&c, "keep Estate");
    for (int i = 0; i < 5; i++)
        KT_DO(&c, "keep Curse");
    /* nine kept: the question ends; three cards shuffled, all drawn */
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 3);
    KT_EQ(dom_t_len(&c, "state.players.0.discard"), 9);
    KT_EQ(dom_t_len(&c, "state.players.0.deck"), 0);
    KT_EQ(dom_t_len(&c, "state.watchers"), 0);
    kt_scn_free(&c);
    /* no shuffle this turn: Avoid does nothing */
    c = ev_scene(T, "Avoid", 2, 1, P0("", "\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\"",
                                      "\"Estate\""),
                 "");
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Avoid");
    KT_EQ(dom_t_int(&c, "state.turn.buys"), 1); /* +1 Buy */
    KT_DO(&c, "end turn");
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 5);
    KT_EQ(dom_t_len(&c, "state.watchers"), 0);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_deliver_gains_to_hand_at_end_of_turn_once)
{
    kt_scn c = ev_scene(T, "Deliver", 7, 4, P0("", "\"Copper\",\"Copper\",\"Copper\",\"Copper\","
                                                   "\"Copper\"",
                                               ""),
                        "");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "buy Deliver|buy Deliver");
    KT_EQ(dom_t_len(&c, "state.watchers"), 1); /* the second adds nothing */
    KT_DO(&c, "buy Silver");
    DOM_JEQ(&c, "state.aside.0.card", "\"Silver\"");
    KT_DO(&c, "end turn");
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 6);
    KT_EQ(dom_t_count(&c, "state.players.0.hand", "Silver"), 1);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_peril_loot_only_for_a_trashed_action)
{
    char loot[2048];
    dom_t_loot(loot, sizeof loot, "Hammer", "");
    kt_scn c = ev_scene(T, "Peril", 2, 1, P0("\"Village\",\"Estate\"", "", ""), loot);
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Peril");
    KT_CHECK(kt_scn_legal(&c, "trash Village") && !kt_scn_legal(&c, "trash Estate"));
    KT_DO(&c, "trash Village");
    KT_EQ(dom_t_count(&c, "state.players.0.hand", "Hammer") +
              dom_t_count(&c, "state.players.0.deck", "Hammer"),
          1);
    kt_scn_free(&c);
    c = ev_scene(T, "Peril", 2, 2, P0("\"Village\",\"Estate\"", "", ""), loot);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "buy Peril|done");
    KT_EQ(dom_t_len(&c, "state.loot"), 30);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_rush_twice_still_plays_the_action_once)
{
    kt_scn c = ev_scene(T, "Rush", 7, 3, P0("", "\"Copper\",\"Copper\",\"Copper\",\"Copper\"", ""),
                        "");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "buy Rush|buy Rush|buy Village");
    /* played at once (no Action needed), once */
    KT_EQ(dom_t_count(&c, "state.in_play", "Village"), 1);
    KT_EQ(dom_t_int(&c, "state.turn.played"), 1);
    KT_EQ(dom_t_len(&c, "state.watchers"), 0);
    kt_scn_free(&c);
    /* Rush, an Action bought and played, then Rush again works again */
    c = ev_scene(T, "Rush", 10, 4, P0("", "\"Copper\",\"Copper\",\"Copper\",\"Copper\"", ""), "");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "buy Rush|buy Workshop|gain Silver|buy Rush|buy Village");
    KT_EQ(dom_t_count(&c, "state.in_play", "Workshop"), 1);
    KT_EQ(dom_t_count(&c, "state.in_play", "Village"), 1);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_foray_loot_only_for_three_different_names)
{
    char loot[2048];
    dom_t_loot(loot, sizeof loot, "Orb", "");
    kt_scn c = ev_scene(T, "Foray", 3, 1,
                        P0("\"Copper\",\"Estate\",\"Estate\",\"Silver\"", "", ""), loot);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "buy Foray|discard Copper|discard Estate|discard Silver");
    KT_EQ(dom_t_count(&c, "state.players.0.hand", "Orb") +
              dom_t_count(&c, "state.players.0.deck", "Orb"),
          1);
    kt_scn_free(&c);
    c = ev_scene(T, "Foray", 3, 2, P0("\"Copper\",\"Estate\",\"Estate\",\"Silver\"", "", ""), loot);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "buy Foray|discard Estate|discard Estate|discard Copper");
    KT_EQ(dom_t_len(&c, "state.loot"), 30);
    kt_scn_free(&c);
    /* fewer than three cards: all are discarded, no Loot */
    c = ev_scene(T, "Foray", 3, 2, P0("\"Copper\",\"Estate\"", "", ""), loot);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "buy Foray|discard Copper");
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 0);
    KT_EQ(dom_t_len(&c, "state.loot"), 30);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_launch_back_to_the_action_phase_once_per_turn)
{
    /* seed 004, In See stechen: no start-of-turn effects again; a new Buy
     * phase in which Treasures may be played */
    kt_scn c = ev_scene(T, "Launch", 3, 1,
                        P0("\"Copper\"", "\"Village\",\"Copper\",\"Copper\"", ""), "");
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Launch");
    KT_STREQ(kt_decision(c.g, c.s), "action");
    KT_EQ(dom_t_int(&c, "state.turn.actions"), 2);
    KT_EQ(dom_t_int(&c, "state.turn.buys"), 1);
    KT_DO(&c, "play Village");
    dom_t_try(&c, "end actions");
    KT_CHECK(kt_scn_legal(&c, "play Copper"));
    KT_DO(&c, "play treasures");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 2);
    KT_CHECK(!kt_scn_legal(&c, "buy Launch")); /* once per turn */
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_mirror_stacks_one_copy_each)
{
    /* seed 004, Spiegeln: three Mirrors then an Action card - four copies
     * in all */
    kt_scn c = ev_scene(T, "Mirror", 12, 4, P0("", "", ""), "");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "buy Mirror|buy Mirror|buy Mirror|buy Village");
    KT_EQ(dom_t_owned(&c, 0, "Village"), 4);
    KT_EQ(dom_t_int(&c, "state.turn.buys"), 3); /* each Mirror gave +1 Buy */
    KT_EQ(dom_t_int(&c, "state.supply.Village"), 6);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_prepare_plays_the_set_aside_cards_next_turn)
{
    kt_scn c = ev_scene(T, "Prepare", 3, 1,
                        P0("\"Village\",\"Silver\",\"Estate\"",
                           "\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\"", ""),
                        "");
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Prepare"); /* the last Buy: the turn ends */
    KT_EQ(dom_t_len(&c, "state.aside"), 3);
    /* player 2's turn, then player 1's: the Estate is discarded, Village and
     * Silver must be played, in an order player 1 picks */
    KT_DO(&c, "end turn");
    KT_EQ(kt_turn_player(c.g, c.s), 0);
    KT_STREQ(kt_decision(c.g, c.s), "start_of_turn");
    KT_CHECK(kt_scn_legal(&c, "play Village") && kt_scn_legal(&c, "play Silver"));
    KT_CHECK(!kt_scn_legal(&c, "done"));
    DOM_DO(&c, "play Silver");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 2);
    KT_EQ(dom_t_count(&c, "state.in_play", "Village"), 1); /* the last one, at once */
    KT_EQ(dom_t_int(&c, "state.turn.actions"), 3);         /* no Action used */
    KT_EQ(dom_t_count(&c, "state.players.0.discard", "Estate"), 1);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_scrounge_trash_or_estate_then_a_card_up_to_five)
{
    kt_scn c = ev_scene(T, "Scrounge", 3, 1, P0("\"Copper\"", "", ""), "\"trash\":[\"Estate\"]");
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Scrounge");
    KT_STREQ(kt_decision(c.g, c.s), "choose");
    KT_CHECK(kt_scn_legal(&c, "trash Copper") && kt_scn_legal(&c, "gain Estate"));
    DOM_DO(&c, "gain Estate|gain Laboratory");
    KT_EQ(dom_t_count(&c, "state.players.0.hand", "Laboratory") +
              dom_t_count(&c, "state.players.0.deck", "Laboratory"),
          1);
    DOM_JEQ(&c, "state.trash", "[]");
    kt_scn_free(&c);
    /* no Estate in the trash: only a trash (or nothing) */
    c = ev_scene(T, "Scrounge", 3, 2, P0("\"Copper\"", "", ""), "");
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Scrounge");
    KT_CHECK(kt_scn_legal(&c, "trash Copper") && !kt_scn_legal(&c, "gain Estate"));
    KT_DO(&c, "trash Copper");
    DOM_JEQ(&c, "state.trash", "[\"Copper\"]");
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_journey_printed_keeps_play_and_gives_an_extra_turn)
{
    kt_scn c = ev_scene(T, "Journey", 4, 2,
                        P0("\"Copper\"", "\"Silver\",\"Silver\",\"Silver\",\"Silver\",\"Silver\","
                                         "\"Gold\",\"Gold\",\"Gold\",\"Gold\",\"Gold\"",
                           ""),
                        "\"in_play\":[{\"card\":\"Village\",\"owner\":0,\"uid\":1,\"by\":0,"
                        "\"flags\":0,\"pend\":0},{\"card\":\"Copper\",\"owner\":0,\"uid\":2,"
                        "\"by\":0,\"flags\":0,\"pend\":0}],\"next_uid\":2");
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Journey");
    /* printed: it may be bought again (no more use) */
    KT_CHECK(kt_scn_legal(&c, "buy Journey") || dom_t_int(&c, "state.turn.coins") < 4);
    KT_DO(&c, "end turn");
    /* the extra turn: same player, cards in play stayed, hand discarded */
    KT_EQ(kt_turn_player(c.g, c.s), 0);
    KT_EQ(dom_t_int(&c, "state.players.0.turns"), 1);
    KT_EQ(dom_t_int(&c, "state.players.0.extra_turns"), 1);
    KT_EQ(dom_t_count(&c, "state.in_play", "Village"), 1);
    KT_EQ(dom_t_count(&c, "state.players.0.discard", "Copper"), 1);
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 0); /* the Copper in play gives nothing */
    /* not a 3rd turn in a row: buying it now keeps cards but no turn (the
     * last Buy ends the turn) */
    DOM_DO(&c, "play treasures|buy Journey");
    KT_EQ(kt_turn_player(c.g, c.s), 1);
    KT_EQ(dom_t_int(&c, "state.players.0.extra_turns"), 1);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_journey_errata_once_per_turn_previous_turn_not_yours)
{
    kt_scn c = dom_t_scene(T, KE ";events=Journey;journey=errata", 2, 0, "buy", 8,
                           "\"turn\":{\"coins\":8,\"buys\":3},"
                           "\"players\":{\"0\":{\"hand\":[],\"deck\":[\"Gold\",\"Gold\",\"Gold\","
                           "\"Gold\",\"Gold\",\"Gold\",\"Gold\",\"Gold\",\"Gold\",\"Gold\"],"
                           "\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Journey");
    KT_CHECK(!kt_scn_legal(&c, "buy Journey")); /* once per turn */
    KT_DO(&c, "end turn");
    KT_EQ(kt_turn_player(c.g, c.s), 0);
    KT_EQ(dom_t_int(&c, "state.players.0.extra_turns"), 1);
    /* the previous turn was player 1's own: Journey does nothing now (the
     * last Buy ends the turn) */
    DOM_DO(&c, "play treasures|buy Journey");
    KT_EQ(kt_turn_player(c.g, c.s), 1);
    KT_EQ(dom_t_int(&c, "state.players.0.extra_turns"), 1);
    KT_EQ(dom_t_len(&c, "state.in_play"), 0); /* cards were discarded */
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_extra_turns_do_not_count_for_the_tie_break)
{
    /* player 1 took 2 turns and 1 extra turn, player 2 two turns: equal
     * scores tie (the extra turn is not counted) */
    kt_scn c = dom_t_scene(T, KE ";events=Journey", 2, 1, "buy", 8,
                           "\"players\":{\"0\":{\"hand\":[],\"deck\":[],\"discard\":[\"Province\"],"
                           "\"turns\":2,\"extra_turns\":1},\"1\":{\"hand\":[],\"deck\":[],"
                           "\"discard\":[],\"turns\":2}},"
                           "\"trash\":[\"Province\",\"Province\",\"Province\",\"Province\","
                           "\"Province\",\"Province\",\"Estate\",\"Estate\",\"Estate\",\"Estate\","
                           "\"Estate\",\"Estate\",\"Copper\",\"Copper\",\"Copper\",\"Copper\","
                           "\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\","
                           "\"Copper\",\"Copper\",\"Copper\",\"Copper\"]");
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Province");
    KT_CHECK(kt_is_over(c.g, c.s));
    kt_result r;
    kt_result_get(c.g, c.s, &r);
    KT_EQ(r.score[0], 6);
    KT_EQ(r.score[1], 6);
    KT_EQ(r.winners, 3); /* shared: 2 turns each, the extra turn ignored */
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_maelstrom_is_not_an_attack)
{
    /* seed 004, Mahlstrom: Moat cannot stop it; others with 5+ cards trash
     * one; with fewer they keep all */
    kt_scn c = ev_scene(T, "Maelstrom", 4, 1,
                        P0("\"Copper\",\"Copper\",\"Estate\",\"Silver\"", "", "")
                        ",\"1\":{\"hand\":[\"Moat\",\"Copper\",\"Copper\",\"Estate\",\"Estate\"],"
                        "\"discard\":[]}",
                        "");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "buy Maelstrom|trash Estate|trash Copper|trash Copper");
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_STREQ(kt_decision(c.g, c.s), "trash"); /* no reaction window */
    KT_CHECK(!kt_scn_legal(&c, "reveal Moat") && !kt_scn_legal(&c, "done"));
    KT_DO(&c, "trash Estate");
    KT_EQ(dom_t_len(&c, "state.players.1.hand"), 4);
    KT_EQ(dom_t_count(&c, "state.trash", "Estate"), 2);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_looting_just_gains_a_loot)
{
    char loot[2048];
    dom_t_loot(loot, sizeof loot, "Shield", "");
    kt_scn c = ev_scene(T, "Looting", 6, 2, P0("", "", ""), loot);
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Looting");
    DOM_JEQ(&c, "state.players.0.discard", "[\"Shield\"]");
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_invasion_in_order_only_the_attack_optional)
{
    char loot[2048];
    dom_t_loot(loot, sizeof loot, "Hammer", "");
    kt_scn c = ev_scene(T, "Invasion", 10, 1,
                        P0("\"Militia\"", "\"Copper\"", "")
                        ",\"1\":{\"hand\":[\"Copper\",\"Copper\",\"Copper\",\"Estate\"],"
                        "\"discard\":[]}",
                        loot);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "buy Invasion|play Militia|discard Estate");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 2);
    KT_CHECK(kt_scn_legal(&c, "gain Laboratory") && !kt_scn_legal(&c, "done"));
    KT_DO(&c, "gain Laboratory");
    /* Duchy gained, Laboratory on the deck, the Loot played */
    KT_EQ(dom_t_count(&c, "state.players.0.discard", "Duchy"), 1);
    DOM_JEQ(&c, "state.players.0.deck", "[\"Laboratory\",\"Copper\"]");
    KT_EQ(dom_t_count(&c, "state.in_play", "Hammer"), 1);
    KT_STREQ(kt_decision(c.g, c.s), "gain"); /* Hammer's gain */
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_prosper_gains_in_sequence_with_effects_between)
{
    /* seed 004, Aufblühen: a Loot, then one Treasure at a time; a Gondola's
     * "when gained" (play an Action from hand) resolves before the next
     * choice; then Gold, Silver, stop */
    char loot[2048];
    dom_t_loot(loot, sizeof loot, "Amphora", "");
    char o[512];
    snprintf(o, sizeof o,
             "kingdom=Gondola,Trickster,Village,Smithy,Militia,Moat,Cellar,Market,Festival,"
             "Laboratory;events=Prosper");
    char m[4096];
    snprintf(m, sizeof m,
             "\"turn\":{\"coins\":10,\"buys\":1},\"players\":{\"0\":{\"hand\":[\"Trickster\"],"
             "\"deck\":[],\"discard\":[]},\"1\":{\"hand\":[\"Copper\"],\"discard\":[]}},%s",
             loot);
    kt_scn c = dom_t_scene(T, o, 2, 0, "buy", 10, m);
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Prosper");
    KT_EQ(dom_t_count(&c, "state.players.0.discard", "Amphora"), 1);
    KT_STREQ(kt_decision(c.g, c.s), "gain");
    KT_CHECK(kt_scn_legal(&c, "gain Gondola") && kt_scn_legal(&c, "done"));
    KT_DO(&c, "gain Gondola");
    /* Gondola's effect comes before the next Treasure */
    KT_STREQ(kt_decision(c.g, c.s), "play");
    KT_DO(&c, "play Trickster");
    KT_EQ(dom_t_count(&c, "state.players.1.discard", "Curse"), 1);
    KT_STREQ(kt_decision(c.g, c.s), "gain");
    KT_CHECK(!kt_scn_legal(&c, "gain Gondola")); /* names must differ */
    DOM_DO(&c, "gain Gold|gain Silver|done");
    KT_EQ(dom_t_owned(&c, 0, "Gold"), 1);
    KT_EQ(dom_t_owned(&c, 0, "Silver"), 1);
    KT_EQ(dom_t_owned(&c, 0, "Gondola"), 1);
    kt_scn_free(&c);
}

KT_TEST(dominion_events_all_fifteen_in_one_game_parse_in_both_languages)
{
    kt_scn c = dom_t_scene(T, KE EV_ALL, 2, 0, "buy", 10,
                           "\"turn\":{\"coins\":10,\"buys\":1},"
                           "\"players\":{\"0\":{\"hand\":[],\"deck\":[],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    static const char *const de[] = {"Vergraben", "Ausweichen", "Zustellung", "Riskieren",
                                     "Beeilung", "Brandschatzung", "In See stechen", "Spiegeln",
                                     "Vorbereitung", "Herumsuchen", "Reise", "Mahlstrom",
                                     "Plünderung", "Invasion", "Aufblühen"};
    for (int i = 0; i < 15; i++) {
        char t[64];
        snprintf(t, sizeof t, "kaufe %s", de[i]);
        KT_CHECK(kt_scn_legal(&c, t));
    }
    kt_scn_free(&c);
}
