/*
 * test_plunder_cards.c - scenario tests of the 40 Plunder kingdom cards from
 * exact positions (start position + merge patch), and the per-card
 * clarifications of the German rulebook supplement (seed 004) as named
 * tests (dominion_seed004_*).
 */
#include <stdio.h>
#include <string.h>

#include "helpers.h"

#define KA "kingdom=Cage,Grotto,Jewelled Egg,Search,Secluded Shrine,Siren,Stowaway,Taskmaster,Abundance,Cutthroat"
#define KS "kingdom=Shaman,Cage,Grotto,Jewelled Egg,Search,Siren,Stowaway,Village,Market,Cellar"
#define KB "kingdom=Cabin Boy,Crucible,Flagship,Fortune Hunter,Gondola,Harbor Village,Landing Party,Mapmaker,Maroon,Rope"
#define KC "kingdom=Swamp Shacks,Tools,Buried Treasure,Crew,Cutthroat,Enlarge,Figurine,First Mate,Frigate,Longship"
#define KD "kingdom=Mining Road,Pendant,Pickaxe,Pilgrim,Quartermaster,Silver Mine,Trickster,Wealthy Village,Sack of Loot,King's Cache"

/* ------------------------------------------------------------ $2 */

KT_TEST(dominion_plunder_cage_sets_aside_up_to_four_until_a_victory_gain)
{
    kt_scn c = dom_t_scene(T, KA, 1, 0, "buy", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Cage\",\"Estate\",\"Estate\",\"Copper\","
                           "\"Copper\",\"Silver\"],\"deck\":[\"Gold\",\"Gold\",\"Gold\",\"Gold\","
                           "\"Gold\"],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Cage");
    KT_STREQ(kt_decision(c.g, c.s), "put_aside");
    DOM_DO(&c, "set aside Estate|set aside Estate|done");
    KT_EQ(dom_t_count(&c, "state.aside", "Estate"), 2);
    DOM_JEQ(&c, "state.aside.0.kind", "\"under\"");
    /* no Victory card gained: Cage and its cards stay for later turns */
    DOM_DO(&c, "play treasures|end turn");
    KT_EQ(dom_t_count(&c, "state.in_play", "Cage"), 1);
    KT_EQ(dom_t_count(&c, "state.aside", "Estate"), 2);
    KT_EQ(dom_t_count(&c, "state.players.0.hand", "Gold"), 5);
    kt_scn_free(&c);
}

/* A Cage in play since an earlier turn with two Estates and two Coppers
 * under it, waiting for a Victory gain; the next instance id is next_uid. */
static kt_scn cage_waiting(kt_t *T, int next_uid)
{
    char members[1024];
    snprintf(members, sizeof members,
             "\"turn\":{\"coins\":8,\"buys\":2},"
             "\"players\":{\"0\":{\"hand\":[\"Silver\"],\"deck\":[\"Gold\",\"Gold\","
             "\"Gold\",\"Gold\",\"Gold\"],\"discard\":[]}},"
             "\"in_play\":[{\"card\":\"Cage\",\"owner\":0,\"uid\":5,\"by\":0,"
             "\"flags\":2,\"pend\":0}],"
             "\"aside\":[{\"card\":\"Estate\",\"owner\":0,\"kind\":\"under\",\"host\":5},"
             "{\"card\":\"Estate\",\"owner\":0,\"kind\":\"under\",\"host\":5},"
             "{\"card\":\"Copper\",\"owner\":0,\"kind\":\"under\",\"host\":5},"
             "{\"card\":\"Copper\",\"owner\":0,\"kind\":\"under\",\"host\":5}],"
             "\"watchers\":[{\"event\":\"gain\",\"owner\":0,\"card\":\"Cage\","
             "\"life\":\"trigger\",\"arg\":null,\"n\":1,\"uid\":5}],\"next_uid\":%d",
             next_uid);
    return dom_t_scene(T, KA, 1, 0, "buy", 8, members);
}

KT_TEST(dominion_seed004_cage_trashed_on_a_later_victory_gain_cards_to_hand_at_end_of_turn)
{
    /* seed 004, Käfig: two Estates and two Coppers set aside earlier; a
     * Province bought on a later turn trashes the Cage, the four cards go
     * to hand after the next hand is drawn */
    kt_scn c = cage_waiting(T, 5);
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Province");
    /* trashed at once; the cards wait face down until the end of turn */
    DOM_JEQ(&c, "state.trash", "[\"Cage\"]");
    KT_EQ(dom_t_count(&c, "state.in_play", "Cage"), 0);
    KT_EQ(dom_t_len(&c, "state.aside"), 4);
    DOM_JEQ(&c, "state.aside.0.kind", "\"endturn\"");
    KT_DO(&c, "end turn");
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 9);
    KT_EQ(dom_t_count(&c, "state.players.0.hand", "Gold"), 5);
    KT_EQ(dom_t_count(&c, "state.players.0.hand", "Estate"), 2);
    KT_EQ(dom_t_len(&c, "state.aside"), 0);
    kt_scn_free(&c);
}

/* A card that waits in play for "the next time" keeps its instance id
 * while 32,768 and more others are given out (a long game): the state is
 * still valid, and the watcher still fires (found by the KT_SCALE=20
 * soak; the check took the id for one from the future). */
KT_TEST(dominion_waiting_card_keeps_its_instance_id_through_a_long_game)
{
    kt_scn c = cage_waiting(T, 40005);
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Province");
    DOM_JEQ(&c, "state.trash", "[\"Cage\"]");
    KT_EQ(dom_t_len(&c, "state.watchers"), 0);
    KT_EQ(dom_t_len(&c, "state.aside"), 4);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_grotto_discards_then_draws_as_many_next_turn)
{
    kt_scn c = dom_t_scene(T, KA, 1, 0, "action", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Grotto\",\"Estate\",\"Estate\",\"Curse\","
                           "\"Silver\"],\"deck\":[\"Copper\",\"Copper\",\"Copper\",\"Copper\","
                           "\"Copper\",\"Gold\",\"Gold\",\"Gold\"],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Grotto");
    KT_EQ(dom_t_int(&c, "state.turn.actions"), 1);
    DOM_DO(&c, "set aside Estate|set aside Estate|set aside Curse|done");
    /* face down: a spectator sees no card names */
    char *o = kt_observe_json(c.g, c.s, -1, KT_LANG_EN);
    char *as = kt_json_at(o, "aside");
    KT_CHECK(as && strstr(as, "\"card\":null") && !strstr(as, "Curse") && !strstr(as, "Estate"));
    free(as);
    kt_free(o);
    dom_t_try(&c, "end actions");
    DOM_DO(&c, "play treasures|end turn");
    /* next turn: the three are discarded and three more cards drawn */
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 8);
    KT_EQ(dom_t_count(&c, "state.players.0.hand", "Gold"), 3);
    KT_EQ(dom_t_count(&c, "state.players.0.discard", "Curse"), 1);
    KT_EQ(dom_t_count(&c, "state.players.0.discard", "Estate"), 2);
    KT_EQ(dom_t_len(&c, "state.aside"), 0);
    /* it did its last thing this turn: discarded in this Clean-up */
    KT_EQ(dom_t_count(&c, "state.in_play", "Grotto"), 1);
    DOM_DO(&c, "play treasures|end turn");
    KT_EQ(dom_t_count(&c, "state.in_play", "Grotto"), 0);
    kt_scn_free(&c);
}

KT_TEST(dominion_plunder_grotto_with_nothing_set_aside_does_not_stay)
{
    kt_scn c = dom_t_scene(T, KA, 1, 0, "action", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Grotto\",\"Copper\"],\"deck\":[\"Copper\","
                           "\"Copper\",\"Copper\",\"Copper\",\"Copper\"],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Grotto|done");
    dom_t_try(&c, "end actions");
    KT_DO(&c, "end turn");
    KT_EQ(dom_t_count(&c, "state.in_play", "Grotto"), 0);
    KT_EQ(dom_t_count(&c, "state.players.0.discard", "Grotto"), 1);
    kt_scn_free(&c);
}

KT_TEST(dominion_plunder_jewelled_egg_buy_and_loot_when_trashed)
{
    char loot[2048], m[4096];
    dom_t_loot(loot, sizeof loot, "Hammer", "");
    snprintf(m, sizeof m,
             "\"players\":{\"0\":{\"hand\":[\"Shaman\",\"Jewelled Egg\",\"Jewelled Egg\"],"
             "\"deck\":[],\"discard\":[]}},%s",
             loot);
    kt_scn c = dom_t_scene(T, KS, 2, 0, "action", 0, m);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Shaman|trash Jewelled Egg");
    DOM_JEQ(&c, "state.trash", "[\"Jewelled Egg\"]");
    DOM_JEQ(&c, "state.players.0.discard", "[\"Hammer\"]");
    KT_DO(&c, "play Jewelled Egg");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 2);
    KT_EQ(dom_t_int(&c, "state.turn.buys"), 2);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_jewelled_egg_loot_goes_to_its_owner_whoever_trashes_it)
{
    /* seed 004, Juwelen-Ei: Maelstrom makes another player trash it */
    char loot[2048], m[4096];
    dom_t_loot(loot, sizeof loot, "Sword", "");
    snprintf(m, sizeof m,
             "\"players\":{\"0\":{\"hand\":[\"Copper\",\"Copper\",\"Copper\"],\"deck\":[],"
             "\"discard\":[]},\"1\":{\"hand\":[\"Jewelled Egg\",\"Gold\",\"Gold\",\"Gold\","
             "\"Gold\"],\"discard\":[]}},%s",
             loot);
    kt_scn c = dom_t_scene(T, KA ";events=Maelstrom", 2, 0, "buy", 4, m);
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Maelstrom");
    /* three Coppers go; then player 2 (5 cards) trashes one */
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_DO(&c, "trash Jewelled Egg");
    KT_EQ(dom_t_count(&c, "state.trash", "Jewelled Egg"), 1);
    KT_EQ(dom_t_count(&c, "state.players.1.discard", "Sword"), 1);
    KT_EQ(dom_t_count(&c, "state.players.0.discard", "Sword"), 0);
    kt_scn_free(&c);
}

KT_TEST(dominion_plunder_search_trashes_itself_for_a_loot_when_a_pile_empties)
{
    char loot[2048], m[4096];
    dom_t_loot(loot, sizeof loot, "Staff", "");
    snprintf(m, sizeof m,
             "\"players\":{\"0\":{\"hand\":[\"Search\",\"Copper\",\"Copper\",\"Copper\"],"
             "\"deck\":[],\"discard\":[]}},\"trash\":[\"Stowaway\",\"Stowaway\",\"Stowaway\","
             "\"Stowaway\",\"Stowaway\",\"Stowaway\",\"Stowaway\",\"Stowaway\",\"Stowaway\"],%s",
             loot);
    kt_scn c = dom_t_scene(T, KA, 2, 0, "action", 0, m);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Search");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 2);
    DOM_DO(&c, "play treasures");
    KT_DO(&c, "buy Stowaway"); /* the last one; then Clean-up */
    KT_EQ(dom_t_int(&c, "state.supply.Stowaway"), 0);
    KT_EQ(dom_t_count(&c, "state.trash", "Search"), 1);
    KT_EQ(dom_t_count(&c, "state.players.0.hand", "Staff"), 1);
    kt_scn_free(&c);
}

KT_TEST(dominion_plunder_search_stays_until_a_pile_empties_on_any_turn)
{
    char loot[2048], m[4096];
    dom_t_loot(loot, sizeof loot, "Staff", "");
    snprintf(m, sizeof m,
             "\"players\":{\"0\":{\"hand\":[\"Search\"],\"deck\":[],\"discard\":[]},"
             "\"1\":{\"hand\":[\"Silver\",\"Copper\",\"Copper\"]}},"
             "\"trash\":[\"Stowaway\",\"Stowaway\",\"Stowaway\",\"Stowaway\",\"Stowaway\","
             "\"Stowaway\",\"Stowaway\",\"Stowaway\",\"Stowaway\"],%s",
             loot);
    kt_scn c = dom_t_scene(T, KA, 2, 0, "action", 0, m);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Search|end turn");
    KT_EQ(dom_t_count(&c, "state.in_play", "Search"), 1); /* waits */
    KT_EQ(kt_turn_player(c.g, c.s), 1);
    DOM_DO(&c, "play treasures|buy Stowaway");
    /* player 2's gain empties the pile: player 1's Search triggers */
    KT_EQ(dom_t_count(&c, "state.trash", "Search"), 1);
    KT_EQ(dom_t_count(&c, "state.players.0.discard", "Staff"), 1);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_search_with_throne_room_two_loots_throne_room_stays_along)
{
    /* seed 004, Suche: Throne Room stays with it; when a pile empties the
     * Search is trashed, two Loots are gained, Throne Room is discarded in
     * that turn's Clean-up */
    char loot[2048], m[4096];
    dom_t_loot(loot, sizeof loot, "Staff,Sword", "");
    snprintf(m, sizeof m,
             "\"players\":{\"0\":{\"hand\":[\"Throne Room\",\"Search\",\"Copper\",\"Copper\","
             "\"Copper\"],\"deck\":[\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\"],"
             "\"discard\":[]}},\"trash\":[\"Stowaway\",\"Stowaway\",\"Stowaway\",\"Stowaway\","
             "\"Stowaway\",\"Stowaway\",\"Stowaway\",\"Stowaway\",\"Stowaway\"],%s",
             loot);
    kt_scn c = dom_t_scene(T, "kingdom=Search,Throne Room,Stowaway,Village,Smithy,Cellar,Moat,"
                              "Market,Festival,Mine",
                           1, 0, "action", 0, m);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Throne Room|play Search");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 4);
    dom_t_try(&c, "end actions");
    KT_DO(&c, "end turn");
    /* both stay through the Clean-up */
    KT_EQ(dom_t_count(&c, "state.in_play", "Search"), 1);
    KT_EQ(dom_t_count(&c, "state.in_play", "Throne Room"), 1);
    KT_DO(&c, "play treasures");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 5);
    KT_DO(&c, "buy Stowaway"); /* the last Buy: Clean-up follows at once */
    KT_EQ(dom_t_count(&c, "state.trash", "Search"), 1);
    /* the two Loots were in the discard pile, now reshuffled and drawn */
    KT_EQ(dom_t_count(&c, "state.players.0.hand", "Staff") +
              dom_t_count(&c, "state.players.0.deck", "Staff"),
          1);
    KT_EQ(dom_t_count(&c, "state.players.0.hand", "Sword") +
              dom_t_count(&c, "state.players.0.deck", "Sword"),
          1);
    /* Throne Room did its last thing this turn too: discarded */
    KT_EQ(dom_t_count(&c, "state.in_play", "Throne Room"), 0);
    KT_EQ(dom_t_count(&c, "state.in_play", "Throne Room"), 0);
    KT_EQ(dom_t_count(&c, "state.players.0.discard", "Throne Room") +
              dom_t_count(&c, "state.players.0.deck", "Throne Room") +
              dom_t_count(&c, "state.players.0.hand", "Throne Room"),
          1);
    kt_scn_free(&c);
}

KT_TEST(dominion_plunder_shaman_trashes_and_everyone_gains_from_the_trash)
{
    kt_scn c = dom_t_scene(T, KS, 2, 0, "action", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Shaman\",\"Gold\",\"Estate\"],"
                           "\"deck\":[],\"discard\":[]},\"1\":{\"hand\":[\"Copper\"],"
                           "\"discard\":[]}},\"trash\":[\"Province\"]");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Shaman");
    KT_EQ(dom_t_int(&c, "state.turn.actions"), 1);
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 1);
    KT_CHECK(kt_scn_legal(&c, "done")); /* the trash is optional */
    KT_DO(&c, "trash Gold");
    DOM_DO(&c, "end turn");
    /* player 2 never had a Shaman; at the start of the turn a card up to
     * $6 must be gained from the trash: Gold, not the Province */
    KT_EQ(kt_to_move(c.g, c.s), 1);
    DOM_JEQ(&c, "state.trash", "[\"Province\"]");
    KT_EQ(dom_t_count(&c, "state.players.1.discard", "Gold"), 1);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_shaman_gain_is_mandatory_and_starts_with_the_first_turn)
{
    /* seed 004, Schamanin: player 2's very first turn already gains; with
     * two cards to choose from there is no "done" */
    kt_scn c = dom_t_scene(T, KS, 2, 0, "buy", 0,
                           "\"players\":{\"0\":{\"hand\":[],\"deck\":[\"Copper\",\"Copper\","
                           "\"Copper\",\"Copper\",\"Copper\"],\"discard\":[]},\"1\":{\"turns\":0}},"
                           "\"trash\":[\"Silver\",\"Estate\"]");
    KT_REQUIRE(c.g);
    KT_DO(&c, "end turn");
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_EQ(dom_t_int(&c, "state.players.1.turns"), 1);
    KT_STREQ(kt_decision(c.g, c.s), "gain");
    KT_CHECK(!kt_scn_legal(&c, "done"));
    KT_CHECK(kt_scn_legal(&c, "gain Silver") && kt_scn_legal(&c, "gain Estate"));
    KT_DO(&c, "gain Estate");
    DOM_JEQ(&c, "state.trash", "[\"Silver\"]");
    kt_scn_free(&c);
    /* nothing costing up to $6 in the trash: nothing happens */
    c = dom_t_scene(T, KS, 2, 0, "buy", 0,
                    "\"players\":{\"0\":{\"hand\":[],\"deck\":[],\"discard\":[]}},"
                    "\"trash\":[\"Province\"]");
    KT_REQUIRE(c.g);
    KT_DO(&c, "end turn");
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_CHECK(strcmp(kt_decision(c.g, c.s), "gain") != 0);
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ $3 */

KT_TEST(dominion_plunder_secluded_shrine_trashes_up_to_two_on_the_next_treasure_gain)
{
    kt_scn c = dom_t_scene(T, KA, 1, 0, "action", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Secluded Shrine\",\"Copper\",\"Copper\","
                           "\"Copper\",\"Estate\",\"Curse\"],\"deck\":[],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Secluded Shrine");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 1);
    DOM_DO(&c, "play Copper|play Copper");
    KT_DO(&c, "buy Silver");
    KT_STREQ(kt_decision(c.g, c.s), "trash");
    KT_EQ(dom_t_count(&c, "state.in_play", "Secluded Shrine"), 1);
    DOM_DO(&c, "trash Curse|trash Estate");
    DOM_JEQ(&c, "state.trash", "[\"Estate\",\"Curse\"]");
    /* done with it: discarded in this turn's Clean-up (the last Buy is
     * spent, so the turn is over) */
    KT_EQ(dom_t_count(&c, "state.in_play", "Secluded Shrine"), 0);
    KT_EQ(kt_turn_number(c.g, c.s), 2);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_secluded_shrine_triggers_on_another_players_turn)
{
    /* seed 004, Einsamer Schrein: player 1's Shrine and Cutthroat wait in
     * play; on player 2's turn player 2 gains a Gold, so player 1 gains a
     * Loot (a Treasure) and may trash; the Shrine is discarded that turn */
    char loot[2048], m[4096];
    dom_t_loot(loot, sizeof loot, "Hammer", "");
    snprintf(m, sizeof m,
             "\"players\":{\"0\":{\"hand\":[\"Estate\",\"Curse\",\"Silver\"],\"discard\":[]},"
             "\"1\":{\"hand\":[\"Gold\",\"Gold\"],\"discard\":[]}},"
             "\"in_play\":[{\"card\":\"Secluded Shrine\",\"owner\":0,\"uid\":3,\"by\":0,\"flags\":2,"
             "\"pend\":0},{\"card\":\"Cutthroat\",\"owner\":0,\"uid\":4,\"by\":0,\"flags\":2,"
             "\"pend\":0}],\"watchers\":[{\"event\":\"gain\",\"owner\":0,\"card\":\"Secluded Shrine\","
             "\"life\":\"trigger\",\"arg\":null,\"n\":1,\"uid\":3},{\"event\":\"gain\",\"owner\":0,"
             "\"card\":\"Cutthroat\",\"life\":\"trigger\",\"arg\":null,\"n\":1,\"uid\":4}],"
             "\"next_uid\":4,%s",
             loot);
    char m2[8192];
    snprintf(m2, sizeof m2, "\"turn\":{\"coins\":6,\"buys\":2},%s", m);
    kt_scn c = dom_t_scene(T, KA, 2, 1, "buy", 6, m2);
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Gold");
    /* player 1 decides on player 2's turn */
    KT_EQ(kt_to_move(c.g, c.s), 0);
    KT_EQ(kt_turn_player(c.g, c.s), 1);
    KT_STREQ(kt_decision(c.g, c.s), "trash");
    DOM_DO(&c, "trash Curse|done");
    DOM_JEQ(&c, "state.trash", "[\"Curse\"]");
    KT_EQ(dom_t_count(&c, "state.players.0.discard", "Hammer"), 1);
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_DO(&c, "end turn");
    /* both did their last thing on player 2's turn: discarded in its
     * Clean-up */
    KT_EQ(dom_t_count(&c, "state.in_play", "Secluded Shrine"), 0);
    KT_EQ(dom_t_count(&c, "state.in_play", "Cutthroat"), 0);
    KT_EQ(dom_t_count(&c, "state.players.0.discard", "Secluded Shrine"), 1);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_secluded_shrine_discarded_even_if_nothing_is_trashed)
{
    kt_scn c = dom_t_scene(T, KA, 1, 0, "action", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Secluded Shrine\",\"Silver\"],\"deck\":[],"
                           "\"discard\":[]}}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Secluded Shrine|play Silver|buy Silver");
    KT_EQ(kt_turn_number(c.g, c.s), 2);
    KT_EQ(dom_t_count(&c, "state.in_play", "Secluded Shrine"), 0);
    kt_scn_free(&c);
}

KT_TEST(dominion_plunder_siren_curses_and_draws_to_eight_next_turn)
{
    kt_scn c = dom_t_scene(T, KA, 2, 0, "action", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Siren\",\"Copper\"],\"deck\":[\"Silver\","
                           "\"Silver\",\"Silver\",\"Silver\",\"Silver\",\"Gold\",\"Gold\",\"Gold\","
                           "\"Gold\",\"Copper\"],\"discard\":[]},\"1\":{\"hand\":[\"Copper\"],"
                           "\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Siren");
    KT_EQ(kt_to_move(c.g, c.s), 0); /* no Reaction in player 2's hand */
    KT_EQ(dom_t_count(&c, "state.players.1.discard", "Curse"), 1);
    DOM_DO(&c, "end turn|end turn");
    /* start of player 1's next turn: 5 cards, drawn up to 8 */
    KT_EQ(kt_turn_player(c.g, c.s), 0);
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 8);
    kt_scn_free(&c);
}

KT_TEST(dominion_plunder_siren_on_gain_trash_it_or_an_action_from_hand)
{
    const char *pl = "\"players\":{\"0\":{\"hand\":[\"Grotto\",\"Silver\"],\"deck\":[],"
                     "\"discard\":[]}}";
    kt_scn c = dom_t_scene(T, KA, 2, 0, "buy", 3, pl);
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Siren");
    KT_STREQ(kt_decision(c.g, c.s), "trash");
    KT_CHECK(kt_scn_legal(&c, "trash Grotto") && kt_scn_legal(&c, "done"));
    KT_CHECK(!kt_scn_legal(&c, "trash Silver"));
    KT_DO(&c, "trash Grotto");
    DOM_JEQ(&c, "state.trash", "[\"Grotto\"]");
    KT_EQ(dom_t_count(&c, "state.players.0.hand", "Siren"), 1); /* drawn again */
    kt_scn_free(&c);
    c = dom_t_scene(T, KA, 2, 0, "buy", 3, pl);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "buy Siren|done");
    DOM_JEQ(&c, "state.trash", "[\"Siren\"]");
    KT_EQ(dom_t_count(&c, "state.players.0.hand", "Siren"), 0);
    kt_scn_free(&c);
    /* without an Action in hand it is trashed at once */
    c = dom_t_scene(T, KA, 2, 0, "buy", 3,
                    "\"players\":{\"0\":{\"hand\":[\"Silver\"],\"deck\":[],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Siren");
    DOM_JEQ(&c, "state.trash", "[\"Siren\"]");
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_siren_moved_away_before_it_is_trashed_stays)
{
    /* seed 004, Sirene: Insignia puts the gained Siren onto the deck first;
     * then it is no longer where it was gained and is not trashed (an
     * Action from hand may still be trashed) */
    char loot[2048], m[4096];
    dom_t_loot(loot, sizeof loot, "", "Insignia");
    snprintf(m, sizeof m,
             "\"turn\":{\"coins\":0,\"buys\":2},"
             "\"players\":{\"0\":{\"hand\":[\"Insignia\",\"Grotto\"],\"deck\":[\"Gold\"],"
             "\"discard\":[]}},%s",
             loot);
    kt_scn c = dom_t_scene(T, KA, 2, 0, "buy", 0, m);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Insignia|buy Siren");
    KT_STREQ(kt_decision(c.g, c.s), "trigger");
    KT_CHECK(kt_scn_legal(&c, "resolve Siren") && kt_scn_legal(&c, "resolve Insignia"));
    DOM_DO(&c, "resolve Insignia|topdeck Siren");
    /* Siren's own effect: trashing the Grotto is still allowed */
    KT_STREQ(kt_decision(c.g, c.s), "trash");
    KT_DO(&c, "done");
    DOM_JEQ(&c, "state.trash", "[]");
    DOM_JEQ(&c, "state.players.0.deck", "[\"Siren\",\"Gold\"]");
    kt_scn_free(&c);
    /* the other order: Siren first trashes it, Insignia has nothing left */
    c = dom_t_scene(T, KA, 2, 0, "buy", 0, m);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Insignia|buy Siren|resolve Siren|done");
    DOM_JEQ(&c, "state.trash", "[\"Siren\"]");
    KT_STREQ(kt_decision(c.g, c.s), "buy");
    kt_scn_free(&c);
}

KT_TEST(dominion_plunder_stowaway_draws_two_next_turn)
{
    kt_scn c = dom_t_scene(T, KA, 1, 0, "action", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Stowaway\"],\"deck\":[\"Copper\","
                           "\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Gold\",\"Gold\"],"
                           "\"discard\":[]}}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Stowaway|end turn");
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 7);
    KT_EQ(dom_t_count(&c, "state.players.0.hand", "Gold"), 2);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_stowaway_reacts_when_anyone_gains_a_duration)
{
    /* seed 004, Blinder Passagier: player 2 plays it from hand when player
     * 1 gains a Duration card; it is in play for player 2's next turn */
    kt_scn c = dom_t_scene(T, KA, 2, 0, "buy", 3,
                           "\"turn\":{\"coins\":3,\"buys\":2},"
                           "\"players\":{\"0\":{\"hand\":[],\"deck\":[],\"discard\":[]},"
                           "\"1\":{\"hand\":[\"Stowaway\",\"Copper\"],\"deck\":[\"Gold\",\"Gold\","
                           "\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\"],"
                           "\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Stowaway");
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_STREQ(kt_decision(c.g, c.s), "reaction_gain");
    KT_DO(&c, "play Stowaway");
    KT_EQ(dom_t_count(&c, "state.in_play", "Stowaway"), 1);
    KT_EQ(kt_to_move(c.g, c.s), 0);
    KT_DO(&c, "end turn");
    /* player 2's turn: their hand (Copper) plus +2 Cards */
    KT_EQ(kt_turn_player(c.g, c.s), 1);
    KT_EQ(dom_t_len(&c, "state.players.1.hand"), 3);
    KT_EQ(dom_t_count(&c, "state.players.1.hand", "Gold"), 2);
    kt_scn_free(&c);
    /* a gain of a non-Duration does not ask */
    c = dom_t_scene(T, KA, 2, 0, "buy", 3,
                    "\"turn\":{\"coins\":3,\"buys\":2},"
                    "\"players\":{\"1\":{\"hand\":[\"Stowaway\"],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Silver");
    KT_EQ(kt_to_move(c.g, c.s), 0);
    KT_STREQ(kt_decision(c.g, c.s), "buy");
    kt_scn_free(&c);
}

KT_TEST(dominion_plunder_taskmaster_repeats_after_a_five_cost_gain)
{
    kt_scn c = dom_t_scene(T, KA, 1, 0, "action", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Taskmaster\",\"Gold\",\"Silver\"],"
                           "\"deck\":[\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\","
                           "\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\"],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Taskmaster");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 1);
    KT_EQ(dom_t_int(&c, "state.turn.actions"), 1);
    DOM_DO(&c, "play treasures|buy Duchy");
    /* a $5 card was gained after it was played: it repeats */
    KT_EQ(dom_t_count(&c, "state.in_play", "Taskmaster"), 1);
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 1);
    KT_EQ(dom_t_int(&c, "state.turn.actions"), 2);
    /* and again if this turn gains a $5 card: here none, so it leaves */
    DOM_DO(&c, "play treasures|buy Silver");
    KT_EQ(dom_t_count(&c, "state.in_play", "Taskmaster"), 0);
    kt_scn_free(&c);
}

#define KT5 "kingdom=Taskmaster,Artisan,Village,Smithy,Cellar,Moat,Festival,Mine,Laboratory,Library"
#define T5HAND                                                                                     \
    "\"players\":{\"0\":{\"hand\":[\"Village\",\"Artisan\",\"Taskmaster\"],\"deck\":[\"Copper\","   \
    "\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\"],\"discard\":[]}}"

KT_TEST(dominion_seed004_taskmaster_chains_only_on_a_five_gain_after_it_was_played)
{
    /* seed 004, Vorarbeiter: Artisan gains a $5 Laboratory before
     * Taskmaster is played - that gain does not count */
    kt_scn c = dom_t_scene(T, KT5, 1, 0, "action", 0, T5HAND);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Village|play Artisan|gain Laboratory|topdeck Laboratory|play Taskmaster");
    dom_t_try(&c, "end actions");
    KT_DO(&c, "end turn");
    KT_EQ(dom_t_count(&c, "state.in_play", "Taskmaster"), 0);
    KT_EQ(dom_t_int(&c, "state.turn.actions"), 1);
    kt_scn_free(&c);
    /* Taskmaster first, then the $5 gain: it repeats next turn */
    c = dom_t_scene(T, KT5, 1, 0, "action", 0, T5HAND);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Village|play Taskmaster|play Artisan|gain Laboratory|topdeck Laboratory");
    dom_t_try(&c, "end actions");
    KT_DO(&c, "end turn");
    KT_EQ(dom_t_count(&c, "state.in_play", "Taskmaster"), 1);
    KT_EQ(dom_t_int(&c, "state.turn.actions"), 2);
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 1);
    /* a $4 gain on that turn does not continue the chain */
    KT_CHECK(kt_scn_legal(&c, "play Laboratory"));
    DOM_DO(&c, "play Laboratory|end actions|play treasures|buy Smithy");
    KT_EQ(dom_t_count(&c, "state.in_play", "Taskmaster"), 0);
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ $4 */

KT_TEST(dominion_seed004_abundance_no_coins_now_buy_and_coins_on_next_action_gain)
{
    kt_scn c = dom_t_scene(T, KA, 1, 0, "buy", 5,
                           "\"turn\":{\"coins\":5,\"buys\":3},"
                           "\"players\":{\"0\":{\"hand\":[\"Abundance\"],\"deck\":[],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Abundance");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 5); /* no $ now */
    KT_DO(&c, "buy Silver");                      /* not an Action */
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 2);
    KT_DO(&c, "buy Cage");                        /* a Treasure, not an Action */
    KT_EQ(dom_t_int(&c, "state.turn.buys"), 1);
    kt_scn_free(&c);
    c = dom_t_scene(T, KA, 1, 0, "buy", 5,
                    "\"turn\":{\"coins\":5,\"buys\":2},"
                    "\"players\":{\"0\":{\"hand\":[\"Abundance\"],\"deck\":[],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Abundance|buy Grotto");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 6); /* 5 - 2 + 3 */
    KT_EQ(dom_t_int(&c, "state.turn.buys"), 2);  /* 2 - 1 + 1 */
    KT_EQ(dom_t_len(&c, "state.watchers"), 0);
    kt_scn_free(&c);
}

KT_TEST(dominion_plunder_abundance_waits_for_its_owners_action_gain)
{
    /* player 2's Action gain does not trigger player 1's Abundance ("you
     * gain"); it keeps waiting in play.  (No card of the base game or
     * Plunder makes a player gain an Action card on another player's turn,
     * where seed 004 says its bonus would be wasted.) */
    kt_scn c = dom_t_scene(T, "kingdom=Abundance,Mapmaker,Village,Smithy,Cellar,Moat,Market,"
                              "Festival,Mine,Laboratory",
                           2, 1, "buy", 3,
                           "\"turn\":{\"coins\":3,\"buys\":2},"
                           "\"in_play\":[{\"card\":\"Abundance\",\"owner\":0,\"uid\":2,\"by\":0,"
                           "\"flags\":2,\"pend\":0}],\"watchers\":[{\"event\":\"gain\",\"owner\":0,"
                           "\"card\":\"Abundance\",\"life\":\"trigger\",\"arg\":null,\"n\":1,"
                           "\"uid\":2}],\"next_uid\":2");
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Village");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 0);
    KT_EQ(dom_t_int(&c, "state.turn.buys"), 1);
    KT_EQ(dom_t_count(&c, "state.in_play", "Abundance"), 1);
    KT_EQ(dom_t_len(&c, "state.watchers"), 1);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_cabin_boy_coins_or_trash_for_a_duration_even_cabin_boy)
{
    const char *m = "\"players\":{\"0\":{\"hand\":[\"Cabin Boy\"],\"deck\":[\"Copper\",\"Copper\","
                    "\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\"],\"discard\":[]}}";
    kt_scn c = dom_t_scene(T, KB, 1, 0, "action", 0, m);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Cabin Boy");
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 1);
    KT_EQ(dom_t_int(&c, "state.turn.actions"), 1);
    dom_t_try(&c, "end actions");
    KT_DO(&c, "end turn");
    KT_STREQ(kt_decision(c.g, c.s), "choose");
    KT_CHECK(kt_scn_legal(&c, "choose +$2") && kt_scn_legal(&c, "trash Cabin Boy"));
    KT_DO(&c, "choose +$2");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 2);
    kt_scn_free(&c);
    /* seed 004, Schiffsjunge: trashing it may gain a Cabin Boy */
    c = dom_t_scene(T, KB, 1, 0, "action", 0, m);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Cabin Boy");
    dom_t_try(&c, "end actions");
    DOM_DO(&c, "end turn|trash Cabin Boy");
    KT_STREQ(kt_decision(c.g, c.s), "gain");
    KT_CHECK(kt_scn_legal(&c, "gain Cabin Boy") && kt_scn_legal(&c, "gain Rope"));
    KT_CHECK(!kt_scn_legal(&c, "gain Crucible")); /* not a Duration */
    KT_DO(&c, "gain Cabin Boy");
    DOM_JEQ(&c, "state.trash", "[\"Cabin Boy\"]");
    KT_EQ(dom_t_count(&c, "state.players.0.discard", "Cabin Boy"), 1);
    KT_EQ(dom_t_count(&c, "state.in_play", "Cabin Boy"), 0);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_crucible_gives_a_coin_per_coin_of_cost)
{
    kt_scn c = dom_t_scene(T, KB, 1, 0, "buy", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Crucible\",\"Estate\",\"Gold\"],"
                           "\"deck\":[],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Crucible");
    KT_CHECK(!kt_scn_legal(&c, "done")); /* mandatory */
    KT_DO(&c, "trash Estate");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 2);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_flagship_twice_then_harbor_village_plays_it_three_times)
{
    /* seed 004, Flaggschiff: 2 Flagships and then a Harbor Village - the
     * Harbor Village is played three times */
    kt_scn c = dom_t_scene(T, KB, 1, 0, "action", 0,
                           "\"turn\":{\"actions\":3},"
                           "\"players\":{\"0\":{\"hand\":[\"Flagship\",\"Flagship\",\"Harbor Village\"],"
                           "\"deck\":[\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\","
                           "\"Copper\",\"Copper\",\"Copper\"],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Flagship|play Flagship");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 4);
    KT_DO(&c, "play Harbor Village");
    KT_EQ(dom_t_int(&c, "state.turn.played"), 5);
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 3);   /* +1 Card three times */
    KT_EQ(dom_t_int(&c, "state.turn.actions"), 6);     /* 0 + 3 x 2 */
    /* both Flagships are done: discarded in this Clean-up */
    dom_t_try(&c, "end actions");
    KT_DO(&c, "end turn");
    KT_EQ(dom_t_count(&c, "state.in_play", "Flagship"), 0);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_flagship_replays_a_card_that_trashed_itself)
{
    /* seed 004, Flaggschiff: the replay happens although the card trashed
     * itself (Spell Scroll: the second play finds nothing to trash, so
     * gains nothing); Flagship does not replay Commands (itself) */
    char loot[2048], m[4096];
    dom_t_loot(loot, sizeof loot, "", "Spell Scroll");
    snprintf(m, sizeof m,
             "\"turn\":{\"actions\":2},"
             "\"players\":{\"0\":{\"hand\":[\"Flagship\",\"Spell Scroll\"],\"deck\":[],"
             "\"discard\":[]}},%s",
             loot);
    kt_scn c = dom_t_scene(T, "kingdom=Flagship,Pickaxe,Village,Smithy,Cellar,Moat,Market,"
                              "Festival,Mine,Laboratory",
                           1, 0, "action", 0, m);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Flagship|play Spell Scroll");
    KT_STREQ(kt_decision(c.g, c.s), "gain");
    KT_DO(&c, "gain Laboratory");
    KT_DO(&c, "done"); /* do not play the Laboratory */
    /* the replay ran: one more card played, nothing more gained */
    KT_EQ(dom_t_int(&c, "state.turn.played"), 3);
    DOM_JEQ(&c, "state.trash", "[\"Spell Scroll\"]");
    KT_EQ(dom_t_count(&c, "state.players.0.discard", "Laboratory"), 1);
    KT_EQ(dom_t_len(&c, "state.watchers"), 0);
    kt_scn_free(&c);
}

KT_TEST(dominion_plunder_flagship_waits_across_turns_and_ignores_commands)
{
    kt_scn c = dom_t_scene(T, KB, 1, 0, "action", 0,
                           "\"turn\":{\"actions\":2},"
                           "\"players\":{\"0\":{\"hand\":[\"Flagship\",\"Flagship\"],"
                           "\"deck\":[\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Cabin Boy\"],"
                           "\"discard\":[]}}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Flagship|play Flagship");
    /* the second Flagship (a Command) does not use up the first */
    KT_EQ(dom_t_len(&c, "state.watchers"), 2);
    KT_DO(&c, "end turn");
    KT_EQ(dom_t_count(&c, "state.in_play", "Flagship"), 2);
    KT_DO(&c, "play Cabin Boy");
    /* played three times: +3 Cards, and it stays with both Flagships for
     * its next-turn effects */
    KT_EQ(dom_t_int(&c, "state.turn.played"), 3);
    dom_t_try(&c, "end actions");
    KT_DO(&c, "end turn");
    KT_EQ(dom_t_count(&c, "state.in_play", "Flagship"), 2);
    KT_EQ(dom_t_count(&c, "state.in_play", "Cabin Boy"), 1);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_fortune_hunter_figurine_draws_other_cards)
{
    /* seed 004, Abenteurerin: a Figurine played from the three looked-at
     * cards draws two other cards; the rest goes back afterwards */
    kt_scn c = dom_t_scene(T, "kingdom=Fortune Hunter,Figurine,Village,Smithy,Cellar,Moat,Market,Festival,"
                       "Mine,Laboratory",
                    1, 0, "action", 0,
                    "\"players\":{\"0\":{\"hand\":[\"Fortune Hunter\"],\"deck\":[\"Figurine\","
                    "\"Silver\",\"Estate\",\"Gold\",\"Gold\"],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Fortune Hunter");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 2);
    KT_STREQ(kt_decision(c.g, c.s), "play");
    KT_CHECK(kt_scn_legal(&c, "play Figurine") && kt_scn_legal(&c, "play Silver"));
    KT_CHECK(!kt_scn_legal(&c, "play Estate"));
    KT_DO(&c, "play Figurine");
    KT_EQ(dom_t_count(&c, "state.players.0.hand", "Gold"), 2);
    /* Figurine: no Action in hand to discard, so no question */
    KT_STREQ(kt_decision(c.g, c.s), "order");
    KT_DO(&c, "put Silver on top");
    DOM_JEQ(&c, "state.players.0.deck", "[\"Silver\",\"Estate\"]");
    kt_scn_free(&c);
}

KT_TEST(dominion_plunder_gondola_now_or_next_turn_and_play_an_action_on_gain)
{
    kt_scn c = dom_t_scene(T, KB, 1, 0, "buy", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Gondola\",\"Gondola\"],\"deck\":[\"Copper\","
                           "\"Copper\",\"Copper\",\"Copper\",\"Copper\"],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Gondola|choose now|play Gondola|choose next turn");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 2);
    KT_DO(&c, "end turn");
    KT_EQ(dom_t_count(&c, "state.in_play", "Gondola"), 1);
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 2);
    kt_scn_free(&c);
    /* when gained: may play an Action from hand (no Action used) */
    c = dom_t_scene(T, KB, 1, 0, "buy", 4,
                    "\"turn\":{\"coins\":4,\"buys\":2},"
                    "\"players\":{\"0\":{\"hand\":[\"Harbor Village\"],\"deck\":[\"Silver\"],"
                    "\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Gondola");
    KT_STREQ(kt_decision(c.g, c.s), "play");
    KT_DO(&c, "play Harbor Village");
    KT_EQ(dom_t_count(&c, "state.players.0.hand", "Silver"), 1);
    KT_EQ(dom_t_count(&c, "state.in_play", "Harbor Village"), 1);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_gondola_with_kings_cache_choices_and_staying)
{
    /* seed 004, Gondel/Königstruhe: each play chooses; the Gondola stays
     * if at least one chose "next turn", and King's Cache with it */
    const char *m = "\"players\":{\"0\":{\"hand\":[\"King's Cache\",\"Gondola\"],\"deck\":["
                    "\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\","
                    "\"Copper\",\"Copper\",\"Copper\"],\"discard\":[]}}";
    const char *k = "kingdom=Gondola,King's Cache,Village,Smithy,Cellar,Moat,Market,Festival,Mine,"
                    "Laboratory";
    kt_scn c = dom_t_scene(T, k, 1, 0, "buy", 0, m);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play King's Cache|play Gondola|choose now|choose next turn|choose now");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 4);
    KT_DO(&c, "end turn");
    KT_EQ(dom_t_count(&c, "state.in_play", "Gondola"), 1);
    KT_EQ(dom_t_count(&c, "state.in_play", "King's Cache"), 1);
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 2); /* the one "next turn" */
    KT_DO(&c, "end turn");
    KT_EQ(dom_t_count(&c, "state.in_play", "Gondola"), 0);
    KT_EQ(dom_t_count(&c, "state.in_play", "King's Cache"), 0);
    kt_scn_free(&c);
    /* all three "now": both are discarded this turn */
    c = dom_t_scene(T, k, 1, 0, "buy", 0, m);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play King's Cache|play Gondola|choose now|choose now|choose now");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 6);
    KT_DO(&c, "end turn");
    KT_EQ(dom_t_len(&c, "state.in_play"), 0);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_harbor_village_throne_room_then_militia)
{
    /* seed 004, Hafendorf: Throne Room on Harbor Village, then Militia:
     * the first Harbor Village sees the second (no $), the second sees
     * Militia (+$2): +$1 once */
    kt_scn c = dom_t_scene(T, "kingdom=Harbor Village,Throne Room,Militia,Village,Smithy,Cellar,"
                              "Moat,Market,Festival,Mine",
                           2, 0, "action", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Throne Room\",\"Harbor Village\","
                           "\"Militia\"],\"deck\":[\"Copper\",\"Copper\",\"Copper\"],\"discard\":[]},"
                           "\"1\":{\"hand\":[\"Copper\",\"Copper\",\"Copper\"]}}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Throne Room|play Harbor Village|play Militia");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 3);
    kt_scn_free(&c);
    /* +$0 is not +$: a Village after Harbor Village gives nothing */
    c = dom_t_scene(T, "kingdom=Harbor Village,Throne Room,Militia,Village,Smithy,Cellar,Moat,"
                       "Market,Festival,Mine",
                    2, 0, "action", 0,
                    "\"players\":{\"0\":{\"hand\":[\"Harbor Village\",\"Village\",\"Festival\"],"
                    "\"deck\":[\"Copper\",\"Copper\",\"Copper\"],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Harbor Village|play Village|play Festival");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 2); /* Festival only: HV was used up */
    kt_scn_free(&c);
}

#define LP_INPLAY                                                                                  \
    "\"in_play\":[{\"card\":\"Landing Party\",\"owner\":0,\"uid\":3,\"by\":0,\"flags\":2,"         \
    "\"pend\":0}],\"watchers\":[{\"event\":\"play\",\"owner\":0,\"card\":\"Landing Party\","       \
    "\"life\":\"trigger\",\"arg\":null,\"n\":1,\"uid\":3}],\"next_uid\":3"

KT_TEST(dominion_seed004_landing_party_only_when_the_first_card_played_is_a_treasure)
{
    /* seed 004, Landungstrupp: an Action first - it stays */
    kt_scn c = dom_t_scene(T, KB, 1, 0, "action", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Harbor Village\",\"Copper\"],"
                           "\"deck\":[\"Estate\",\"Estate\",\"Estate\"],\"discard\":[]}}," LP_INPLAY);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Harbor Village");
    dom_t_try(&c, "end actions");
    KT_DO(&c, "play treasures");
    KT_EQ(dom_t_count(&c, "state.in_play", "Landing Party"), 1);
    kt_scn_free(&c);
    /* a Treasure first: onto the deck after it */
    c = dom_t_scene(T, KB, 1, 0, "buy", 0,
                    "\"players\":{\"0\":{\"hand\":[\"Copper\",\"Copper\"],\"deck\":[\"Estate\"],"
                    "\"discard\":[]}}," LP_INPLAY);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Copper");
    KT_EQ(dom_t_count(&c, "state.in_play", "Landing Party"), 0);
    DOM_JEQ(&c, "state.players.0.deck", "[\"Landing Party\",\"Estate\"]");
    KT_EQ(dom_t_len(&c, "state.watchers"), 0);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_landing_party_goes_on_the_deck_after_figurine_draws)
{
    kt_scn c = dom_t_scene(T, "kingdom=Landing Party,Figurine,Village,Smithy,Cellar,Moat,Market,"
                              "Festival,Mine,Laboratory",
                           1, 0, "buy", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Figurine\"],\"deck\":[\"Gold\",\"Silver\","
                           "\"Estate\"],\"discard\":[]}}," LP_INPLAY);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Figurine");
    KT_EQ(dom_t_count(&c, "state.players.0.hand", "Gold"), 1);
    KT_EQ(dom_t_count(&c, "state.players.0.hand", "Silver"), 1);
    DOM_JEQ(&c, "state.players.0.deck", "[\"Landing Party\",\"Estate\"]");
    kt_scn_free(&c);
}

KT_TEST(dominion_plunder_landing_party_played_waits_for_a_later_turn)
{
    kt_scn c = dom_t_scene(T, KB, 1, 0, "action", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Landing Party\",\"Copper\"],"
                           "\"deck\":[\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\","
                           "\"Copper\",\"Copper\"],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Landing Party");
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 3);
    KT_EQ(dom_t_int(&c, "state.turn.actions"), 2);
    /* a Treasure now is not the first card of this turn */
    dom_t_try(&c, "end actions");
    KT_DO(&c, "play treasures");
    KT_EQ(dom_t_count(&c, "state.in_play", "Landing Party"), 1);
    KT_DO(&c, "end turn");
    KT_EQ(dom_t_count(&c, "state.in_play", "Landing Party"), 1);
    KT_DO(&c, "play treasures");
    KT_EQ(dom_t_count(&c, "state.in_play", "Landing Party"), 0);
    KT_EQ(dom_t_count(&c, "state.players.0.deck", "Landing Party"), 1);
    kt_scn_free(&c);
}

KT_TEST(dominion_plunder_mapmaker_takes_two_of_four)
{
    kt_scn c = dom_t_scene(T, KB, 1, 0, "action", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Mapmaker\"],\"deck\":[\"Gold\",\"Estate\","
                           "\"Silver\",\"Copper\",\"Curse\"],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Mapmaker");
    KT_STREQ(kt_decision(c.g, c.s), "take");
    DOM_DO(&c, "take Gold|take Silver");
    DOM_JEQ(&c, "state.players.0.hand", "[\"Silver\",\"Gold\"]");
    KT_EQ(dom_t_count(&c, "state.players.0.discard", "Estate"), 1);
    KT_EQ(dom_t_count(&c, "state.players.0.discard", "Copper"), 1);
    DOM_JEQ(&c, "state.players.0.deck", "[\"Curse\"]");
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_mapmaker_with_fewer_than_four_cards_looks_at_those)
{
    kt_scn c = dom_t_scene(T, KB, 1, 0, "action", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Mapmaker\"],\"deck\":[\"Gold\"],"
                           "\"discard\":[\"Estate\",\"Silver\"]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Mapmaker"); /* shuffles for the rest: 3 cards in all */
    DOM_DO(&c, "take Gold|take Silver");
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 2);
    DOM_JEQ(&c, "state.players.0.discard", "[\"Estate\"]");
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_mapmaker_reacts_to_victory_gains_and_chains)
{
    /* seed 004, Kartenzeichnerin: player 2 plays it when player 1 gains a
     * Victory card, and may then play a Mapmaker just drawn by it */
    kt_scn c = dom_t_scene(T, KB, 2, 0, "buy", 2,
                           "\"turn\":{\"coins\":2,\"buys\":2},"
                           "\"players\":{\"0\":{\"hand\":[],\"deck\":[],\"discard\":[]},"
                           "\"1\":{\"hand\":[\"Mapmaker\"],\"deck\":[\"Mapmaker\",\"Gold\","
                           "\"Estate\",\"Estate\",\"Silver\",\"Silver\",\"Copper\",\"Copper\"],"
                           "\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Estate");
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_STREQ(kt_decision(c.g, c.s), "reaction_gain");
    DOM_DO(&c, "play Mapmaker|take Mapmaker|take Gold");
    /* the Mapmaker just drawn may react to the same gain */
    KT_STREQ(kt_decision(c.g, c.s), "reaction_gain");
    DOM_DO(&c, "play Mapmaker|take Silver|take Silver");
    KT_EQ(kt_to_move(c.g, c.s), 0);
    DOM_JEQ(&c, "state.players.1.hand", "[\"Silver\",\"Silver\",\"Gold\"]");
    KT_EQ(dom_t_count(&c, "state.in_play", "Mapmaker"), 2);
    /* cards played on another turn are discarded in that turn's Clean-up */
    KT_DO(&c, "end turn");
    KT_EQ(dom_t_count(&c, "state.in_play", "Mapmaker"), 0);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_maroon_draws_two_per_type)
{
    /* seed 004, Ausgesetzter: a Cage (Treasure, Duration) gives 4 cards */
    kt_scn c = dom_t_scene(T, "kingdom=Maroon,Cage,Village,Smithy,Cellar,Moat,Market,Festival,Mine,"
                       "Laboratory",
                    1, 0, "action", 0,
                    "\"players\":{\"0\":{\"hand\":[\"Maroon\",\"Cage\",\"Estate\"],\"deck\":["
                    "\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\"],"
                    "\"discard\":[]}}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Maroon|trash Cage");
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 5);
    kt_scn_free(&c);
    c = dom_t_scene(T, "kingdom=Maroon,Cage,Village,Smithy,Cellar,Moat,Market,Festival,Mine,"
                       "Laboratory",
                    1, 0, "action", 0,
                    "\"players\":{\"0\":{\"hand\":[\"Maroon\",\"Moat\"],\"deck\":["
                    "\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\"],"
                    "\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Maroon"); /* the only card: Moat (Action, Reaction) */
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 4);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_rope_card_first_then_optional_trash_next_turn)
{
    kt_scn c = dom_t_scene(T, KB, 1, 0, "buy", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Rope\"],\"deck\":[\"Curse\",\"Copper\","
                           "\"Copper\",\"Copper\",\"Copper\",\"Copper\"],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Rope");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 1);
    KT_EQ(dom_t_int(&c, "state.turn.buys"), 2);
    KT_DO(&c, "end turn");
    /* +1 Card first, then a trash from hand is optional */
    KT_STREQ(kt_decision(c.g, c.s), "trash");
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 6);
    KT_CHECK(kt_scn_legal(&c, "done"));
    KT_DO(&c, "trash Curse");
    DOM_JEQ(&c, "state.trash", "[\"Curse\"]");
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_swamp_shacks_counts_durations_from_earlier_turns)
{
    /* seed 004, Sumpfhütten: itself, Durations from earlier turns and
     * Treasures in play count; set-aside cards do not; round down */
    kt_scn c = dom_t_scene(T, "kingdom=Swamp Shacks,Cage,Search,Village,Smithy,Cellar,Moat,Market,"
                              "Festival,Mine",
                           1, 0, "action", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Swamp Shacks\",\"Copper\"],\"deck\":["
                           "\"Gold\",\"Gold\",\"Gold\"],\"discard\":[]}},"
                           "\"in_play\":[{\"card\":\"Cage\",\"owner\":0,\"uid\":1,\"by\":0,\"flags\":2,"
                           "\"pend\":0},{\"card\":\"Search\",\"owner\":0,\"uid\":2,\"by\":0,\"flags\":2,"
                           "\"pend\":0}],\"aside\":[{\"card\":\"Estate\",\"owner\":0,\"kind\":\"under\","
                           "\"host\":1}],\"watchers\":[{\"event\":\"gain\",\"owner\":0,\"card\":\"Cage\","
                           "\"life\":\"trigger\",\"arg\":null,\"n\":1,\"uid\":1},{\"event\":"
                           "\"pile_empty\",\"owner\":0,\"card\":\"Search\",\"life\":\"trigger\","
                           "\"arg\":null,\"n\":1,\"uid\":2}],\"next_uid\":2");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Swamp Shacks");
    /* 3 cards in play (Cage, Search, Swamp Shacks): +1 Card */
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 2);
    KT_EQ(dom_t_int(&c, "state.turn.actions"), 2);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_tools_gains_a_copy_of_any_card_in_play)
{
    /* seed 004, Werkzeug: any player's card in play, Durations and Tools
     * itself included */
    kt_scn c = dom_t_scene(T, KC, 2, 0, "buy", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Tools\"],\"deck\":[],\"discard\":[]}},"
                           "\"in_play\":[{\"card\":\"Longship\",\"owner\":1,\"uid\":1,\"by\":0,"
                           "\"flags\":2,\"pend\":1}],\"next_uid\":1");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Tools");
    KT_STREQ(kt_decision(c.g, c.s), "gain");
    KT_CHECK(kt_scn_legal(&c, "gain Longship") && kt_scn_legal(&c, "gain Tools"));
    KT_CHECK(!kt_scn_legal(&c, "gain Crew") && !kt_scn_legal(&c, "done"));
    KT_DO(&c, "gain Longship");
    KT_EQ(dom_t_count(&c, "state.players.0.discard", "Longship") +
              dom_t_count(&c, "state.players.0.hand", "Longship"),
          1);
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ $5 and up */

KT_TEST(dominion_seed004_buried_treasure_is_played_when_gained)
{
    /* seed 004, Vergrabener Schatz: playing it on gain is not optional;
     * it then gives +1 Buy +$3 at the start of the next turn */
    kt_scn c = dom_t_scene(T, KC, 1, 0, "buy", 5,
                           "\"turn\":{\"coins\":5,\"buys\":2},"
                           "\"players\":{\"0\":{\"hand\":[],\"deck\":[\"Copper\",\"Copper\",\"Copper\","
                           "\"Copper\",\"Copper\"],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Buried Treasure");
    KT_EQ(dom_t_count(&c, "state.in_play", "Buried Treasure"), 1);
    KT_EQ(dom_t_int(&c, "state.turn.played"), 1);
    KT_DO(&c, "end turn");
    KT_EQ(dom_t_int(&c, "state.turn.buys"), 2);
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 3);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_crew_goes_onto_the_deck_next_turn)
{
    kt_scn c = dom_t_scene(T, KC, 1, 0, "action", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Crew\"],\"deck\":[\"Copper\",\"Copper\","
                           "\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\","
                           "\"Estate\"],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Crew");
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 3);
    KT_DO(&c, "end turn");
    KT_EQ(dom_t_count(&c, "state.in_play", "Crew"), 0);
    DOM_JEQ(&c, "state.players.0.deck", "[\"Crew\",\"Estate\"]");
    kt_scn_free(&c);
}

KT_TEST(dominion_plunder_cutthroat_attacks_and_gains_a_loot_on_a_dear_treasure)
{
    char loot[2048], m[4096];
    dom_t_loot(loot, sizeof loot, "Amphora", "");
    snprintf(m, sizeof m,
             "\"players\":{\"0\":{\"hand\":[\"Cutthroat\"],\"deck\":[],\"discard\":[]},"
             "\"1\":{\"hand\":[\"Copper\",\"Copper\",\"Estate\",\"Estate\",\"Silver\"],"
             "\"discard\":[]}},%s",
             loot);
    kt_scn c = dom_t_scene(T, KC, 2, 0, "action", 0, m);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Cutthroat");
    KT_EQ(kt_to_move(c.g, c.s), 1);
    DOM_DO(&c, "discard Estate|discard Estate");
    KT_EQ(dom_t_len(&c, "state.players.1.hand"), 3);
    KT_EQ(dom_t_count(&c, "state.in_play", "Cutthroat"), 1);
    KT_DO(&c, "end turn");
    KT_EQ(dom_t_count(&c, "state.in_play", "Cutthroat"), 1); /* waits */
    /* player 2 buys a Silver ($3): nothing; then a Gold: player 1's Loot */
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_cutthroat_triggers_when_anyone_gains_a_loot)
{
    /* seed 004, Meuchlerin: Loots are Treasures costing $7: player 2's
     * Loot gain gives player 1 a Loot; Cutthroat is discarded in the next
     * Clean-up */
    char loot[2048], m[4096];
    dom_t_loot(loot, sizeof loot, "Hammer,Sword", "");
    snprintf(m, sizeof m,
             "\"turn\":{\"coins\":6,\"buys\":2},"
             "\"players\":{\"0\":{\"hand\":[],\"discard\":[]},\"1\":{\"hand\":[],"
             "\"discard\":[]}},\"in_play\":[{\"card\":\"Cutthroat\",\"owner\":0,\"uid\":4,\"by\":0,"
             "\"flags\":2,\"pend\":0}],\"watchers\":[{\"event\":\"gain\",\"owner\":0,\"card\":"
             "\"Cutthroat\",\"life\":\"trigger\",\"arg\":null,\"n\":1,\"uid\":4}],\"next_uid\":4,%s",
             loot);
    kt_scn c = dom_t_scene(T, KC ";events=Looting", 2, 1, "buy", 6, m);
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Looting");
    KT_EQ(dom_t_count(&c, "state.players.1.discard", "Hammer"), 1);
    KT_EQ(dom_t_count(&c, "state.players.0.discard", "Sword"), 1);
    KT_EQ(dom_t_len(&c, "state.watchers"), 0);
    KT_EQ(dom_t_count(&c, "state.in_play", "Cutthroat"), 1);
    KT_DO(&c, "end turn");
    KT_EQ(dom_t_count(&c, "state.in_play", "Cutthroat"), 0);
    kt_scn_free(&c);
    /* a cheaper Treasure does not trigger it */
    c = dom_t_scene(T, KC, 2, 1, "buy", 4,
                    "\"turn\":{\"coins\":4,\"buys\":2},"
                    "\"in_play\":[{\"card\":\"Cutthroat\",\"owner\":0,\"uid\":4,\"by\":0,"
                    "\"flags\":2,\"pend\":0}],\"watchers\":[{\"event\":\"gain\",\"owner\":0,\"card\":"
                    "\"Cutthroat\",\"life\":\"trigger\",\"arg\":null,\"n\":1,\"uid\":4}],"
                    "\"next_uid\":4");
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Silver");
    KT_EQ(dom_t_len(&c, "state.watchers"), 1);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_enlarge_now_and_next_turn_not_optional)
{
    kt_scn c = dom_t_scene(T, KC, 1, 0, "action", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Enlarge\",\"Estate\"],\"deck\":[\"Copper\","
                           "\"Copper\",\"Copper\",\"Copper\",\"Copper\"],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Enlarge"); /* the Estate is the only card: trashed */
    DOM_JEQ(&c, "state.trash", "[\"Estate\"]");
    KT_CHECK(kt_scn_legal(&c, "gain Tools") && !kt_scn_legal(&c, "gain Crew"));
    KT_CHECK(!kt_scn_legal(&c, "done"));
    KT_DO(&c, "gain Tools");
    dom_t_try(&c, "end actions");
    KT_DO(&c, "end turn");
    /* next turn: trash a card again, no way out (a hand of Coppers leaves
     * nothing to choose) */
    KT_EQ(dom_t_count(&c, "state.trash", "Copper"), 1);
    KT_STREQ(kt_decision(c.g, c.s), "gain");
    KT_CHECK(!kt_scn_legal(&c, "done") && !kt_scn_legal(&c, "gain Silver"));
    KT_DO(&c, "gain Estate");
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_figurine_draws_and_may_discard_an_action_for_buy_and_coin)
{
    kt_scn c = dom_t_scene(T, KC, 1, 0, "buy", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Figurine\"],\"deck\":[\"Longship\","
                           "\"Silver\"],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Figurine");
    KT_CHECK(kt_scn_legal(&c, "discard Longship") && !kt_scn_legal(&c, "discard Silver"));
    KT_DO(&c, "discard Longship");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 1);
    KT_EQ(dom_t_int(&c, "state.turn.buys"), 2);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_first_mate_plays_copies_including_drawn_ones)
{
    /* seed 004, Erste Maatin: copies drawn by the played cards may be
     * played too; afterwards draw up to 6 */
    kt_scn c = dom_t_scene(T, "kingdom=First Mate,Laboratory,Village,Smithy,Cellar,Moat,Market,"
                              "Festival,Mine,Longship",
                           1, 0, "action", 0,
                           "\"players\":{\"0\":{\"hand\":[\"First Mate\",\"Laboratory\",\"Village\"],"
                           "\"deck\":[\"Laboratory\",\"Copper\",\"Copper\",\"Copper\",\"Copper\","
                           "\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\"],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play First Mate");
    KT_DO(&c, "play Laboratory");
    /* only Laboratories now; the one it drew counts */
    KT_CHECK(kt_scn_legal(&c, "play Laboratory") && !kt_scn_legal(&c, "play Village"));
    KT_DO(&c, "play Laboratory");
    dom_t_try(&c, "done"); /* no Laboratory left: no question */
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 6);
    KT_EQ(dom_t_int(&c, "state.turn.actions"), 2); /* 0 + 2 Laboratories */
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_frigate_makes_others_discard_after_each_action_until_next_turn)
{
    /* seed 004, Fregatte: only the player who played an Action discards,
     * after it resolves; also later on the same turn (Stowaway) */
    kt_scn c = dom_t_scene(T, "kingdom=Frigate,Stowaway,Village,Smithy,Cellar,Moat,Market,Festival,"
                              "Mine,Longship",
                           2, 0, "action", 0,
                           "\"turn\":{\"actions\":1,\"buys\":2},"
                           "\"players\":{\"0\":{\"hand\":[\"Frigate\",\"Silver\",\"Silver\"],"
                           "\"deck\":[],\"discard\":[]},\"1\":{\"hand\":[\"Stowaway\",\"Copper\","
                           "\"Copper\",\"Copper\",\"Estate\",\"Estate\"],\"deck\":[\"Gold\",\"Gold\"],"
                           "\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Frigate");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 3);
    DOM_DO(&c, "play treasures|buy Longship");
    /* player 2 plays Stowaway on player 1's turn, then discards to 4 */
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_DO(&c, "play Stowaway");
    KT_STREQ(kt_decision(c.g, c.s), "discard");
    DOM_DO(&c, "discard Estate");
    KT_EQ(dom_t_len(&c, "state.players.1.hand"), 4);
    KT_EQ(kt_to_move(c.g, c.s), 0);
    kt_scn_free(&c);
}

KT_TEST(dominion_plunder_frigate_blocked_by_moat_and_ends_at_its_owners_turn)
{
    kt_scn c = dom_t_scene(T, "kingdom=Frigate,Village,Smithy,Cellar,Moat,Market,Festival,Mine,"
                              "Longship,Laboratory",
                           2, 0, "action", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Frigate\"],\"deck\":[],\"discard\":[]},"
                           "\"1\":{\"hand\":[\"Moat\",\"Village\",\"Copper\",\"Copper\",\"Copper\"],"
                           "\"deck\":[\"Copper\",\"Copper\",\"Copper\"],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Frigate|reveal Moat|end turn");
    /* player 2 revealed Moat: unaffected for the whole duration */
    KT_EQ(kt_turn_player(c.g, c.s), 1);
    KT_DO(&c, "play Village");
    KT_EQ(dom_t_len(&c, "state.players.1.hand"), 5);
    KT_STREQ(kt_decision(c.g, c.s), "action");
    kt_scn_free(&c);
    /* without Moat: the Village is followed by a discard down to 4 */
    c = dom_t_scene(T, "kingdom=Frigate,Village,Smithy,Cellar,Moat,Market,Festival,Mine,Longship,"
                       "Laboratory",
                    2, 0, "action", 0,
                    "\"players\":{\"0\":{\"hand\":[\"Frigate\"],\"deck\":[\"Copper\",\"Copper\","
                    "\"Copper\",\"Copper\",\"Copper\"],\"discard\":[]},"
                    "\"1\":{\"hand\":[\"Village\",\"Village\",\"Copper\",\"Copper\",\"Copper\"],"
                    "\"deck\":[\"Copper\",\"Copper\",\"Copper\"],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Frigate|end turn|play Village");
    KT_STREQ(kt_decision(c.g, c.s), "discard");
    KT_DO(&c, "discard Copper");
    KT_EQ(dom_t_len(&c, "state.players.1.hand"), 4);
    /* player 1's next turn: Frigate is done and discarded in that
     * Clean-up */
    KT_DO(&c, "play Village"); /* 4 cards now: nothing to discard */
    dom_t_try(&c, "end actions");
    KT_DO(&c, "end turn");
    KT_EQ(kt_turn_player(c.g, c.s), 0);
    KT_EQ(dom_t_count(&c, "state.in_play", "Frigate"), 1);
    KT_EQ(dom_t_len(&c, "state.watchers"), 0);
    dom_t_try(&c, "end actions");
    KT_DO(&c, "end turn");
    KT_EQ(dom_t_count(&c, "state.in_play", "Frigate"), 0);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_longship_two_actions_now_two_cards_next_turn)
{
    kt_scn c = dom_t_scene(T, KC, 1, 0, "action", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Longship\"],\"deck\":[\"Copper\","
                           "\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Gold\",\"Gold\"],"
                           "\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Longship");
    KT_EQ(dom_t_int(&c, "state.turn.actions"), 2);
    DOM_DO(&c, "end turn");
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 7);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_mining_road_plays_gained_treasures_cumulatively)
{
    /* seed 004, Bergbaustraße: optional; two Mining Roads: two Treasures,
     * not the same one twice; also gains in the Action phase */
    kt_scn c = dom_t_scene(T, KD, 1, 0, "action", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Mining Road\",\"Mining Road\","
                           "\"Silver Mine\"],\"deck\":[],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Mining Road|play Mining Road");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 4);
    KT_EQ(dom_t_int(&c, "state.turn.buys"), 3);
    dom_t_try(&c, "end actions");
    DOM_DO(&c, "play Silver Mine|gain Silver");
    KT_STREQ(kt_decision(c.g, c.s), "play");
    KT_DO(&c, "play Silver");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 6);
    /* one Mining Road left: a bought Gold may be played too */
    DOM_DO(&c, "buy Gold|play Gold");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 3);
    KT_EQ(dom_t_len(&c, "state.watchers"), 0);
    /* none left */
    KT_DO(&c, "buy Silver");
    KT_STREQ(kt_decision(c.g, c.s), "buy");
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_pendant_counts_itself_and_different_treasures_in_play)
{
    kt_scn c = dom_t_scene(T, KD, 1, 0, "buy", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Pendant\",\"Copper\",\"Copper\",\"Silver\"],"
                           "\"deck\":[],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Copper|play Copper|play Silver|play Pendant");
    /* Copper, Silver, Pendant: +$3 */
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 7);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_pickaxe_trashes_and_loot_to_hand_from_three)
{
    char loot[2048], m[4096];
    dom_t_loot(loot, sizeof loot, "Hammer", "");
    snprintf(m, sizeof m,
             "\"players\":{\"0\":{\"hand\":[\"Pickaxe\",\"Silver\",\"Estate\"],\"deck\":[],"
             "\"discard\":[]}},%s",
             loot);
    kt_scn c = dom_t_scene(T, KD, 2, 0, "buy", 0, m);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Pickaxe");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 1);
    KT_CHECK(!kt_scn_legal(&c, "done"));
    KT_DO(&c, "trash Silver");
    KT_EQ(dom_t_count(&c, "state.players.0.hand", "Hammer"), 1);
    /* the gained Loot is shown to everyone */
    char *o = kt_observe_json(c.g, c.s, 1, KT_LANG_EN);
    char *hk = kt_json_at(o, "seats.0.hand_known");
    KT_STREQ(hk, "[\"Hammer\"]");
    free(hk);
    kt_free(o);
    kt_scn_free(&c);
    c = dom_t_scene(T, KD, 2, 0, "buy", 0, m);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Pickaxe|trash Estate");
    KT_EQ(dom_t_count(&c, "state.players.0.hand", "Hammer"), 0);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_pilgrim_puts_any_card_back)
{
    kt_scn c = dom_t_scene(T, KD, 1, 0, "action", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Pilgrim\",\"Gold\"],\"deck\":[\"Copper\","
                           "\"Copper\",\"Copper\",\"Copper\",\"Estate\"],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Pilgrim");
    KT_CHECK(!kt_scn_legal(&c, "done"));
    KT_DO(&c, "topdeck Gold"); /* not one of the cards just drawn */
    DOM_JEQ(&c, "state.players.0.deck", "[\"Gold\",\"Estate\"]");
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 4);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_quartermaster_never_leaves_play)
{
    /* seed 004, Quartiermeister: stays for the rest of the game; each turn
     * gain a card up to $4 onto it or take one from it into hand */
    kt_scn c = dom_t_scene(T, KD, 1, 0, "action", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Quartermaster\"],\"deck\":[\"Copper\","
                           "\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\","
                           "\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\","
                           "\"Copper\",\"Copper\"],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Quartermaster|end turn");
    KT_EQ(dom_t_count(&c, "state.in_play", "Quartermaster"), 1);
    KT_STREQ(kt_decision(c.g, c.s), "choose");
    KT_CHECK(kt_scn_legal(&c, "gain Silver") && !kt_scn_legal(&c, "gain Gold"));
    KT_DO(&c, "gain Silver");
    DOM_JEQ(&c, "state.aside.0.card", "\"Silver\"");
    DOM_JEQ(&c, "state.aside.0.kind", "\"on\"");
    DOM_DO(&c, "play treasures|end turn");
    KT_CHECK(kt_scn_legal(&c, "take Silver"));
    KT_DO(&c, "take Silver");
    KT_EQ(dom_t_count(&c, "state.players.0.hand", "Silver"), 1);
    DOM_DO(&c, "play treasures|end turn");
    KT_EQ(dom_t_count(&c, "state.in_play", "Quartermaster"), 1);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_quartermaster_with_throne_room_chooses_twice_per_turn)
{
    kt_scn c = dom_t_scene(T, "kingdom=Quartermaster,Throne Room,Village,Smithy,Cellar,Moat,Market,"
                              "Festival,Mine,Laboratory",
                           1, 0, "action", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Throne Room\",\"Quartermaster\"],"
                           "\"deck\":[\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\","
                           "\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\"],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Throne Room|play Quartermaster|end turn");
    /* one Quartermaster, two choices; Throne Room stays with it */
    KT_EQ(dom_t_count(&c, "state.in_play", "Quartermaster"), 1);
    KT_EQ(dom_t_count(&c, "state.in_play", "Throne Room"), 1);
    KT_STREQ(kt_decision(c.g, c.s), "choose");
    KT_DO(&c, "gain Silver");
    KT_STREQ(kt_decision(c.g, c.s), "choose"); /* the second choice */
    KT_DO(&c, "take Silver");
    KT_EQ(dom_t_count(&c, "state.players.0.hand", "Silver"), 1);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_silver_mine_gains_a_cheaper_treasure_to_hand)
{
    kt_scn c = dom_t_scene(T, KD ";traits=Cheap:Pendant", 1, 0, "buy", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Silver Mine\"],\"deck\":[],"
                           "\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Silver Mine");
    /* Silver, Copper and a Cheap Pendant ($4) - any Treasure under $5 */
    KT_CHECK(kt_scn_legal(&c, "gain Silver") && kt_scn_legal(&c, "gain Pendant"));
    KT_CHECK(!kt_scn_legal(&c, "gain Pickaxe") && !kt_scn_legal(&c, "gain Silver Mine"));
    KT_DO(&c, "gain Pendant");
    KT_EQ(dom_t_count(&c, "state.players.0.hand", "Pendant"), 1);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_trickster_sets_aside_treasures_cumulatively)
{
    /* seed 004, Gauner: two Tricksters: up to two Treasures from play into
     * the hand after drawing the next one */
    kt_scn c = dom_t_scene(T, KD, 2, 0, "action", 0,
                           "\"turn\":{\"actions\":2},"
                           "\"players\":{\"0\":{\"hand\":[\"Trickster\",\"Trickster\",\"Gold\","
                           "\"Silver\",\"Copper\"],\"deck\":[\"Copper\",\"Copper\",\"Copper\","
                           "\"Copper\",\"Copper\"],\"discard\":[]},\"1\":{\"hand\":[\"Copper\"],"
                           "\"discard\":[]}}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Trickster|play Trickster");
    KT_EQ(dom_t_count(&c, "state.players.1.discard", "Curse"), 2);
    DOM_DO(&c, "play treasures|end turn");
    KT_STREQ(kt_decision(c.g, c.s), "put_aside");
    DOM_DO(&c, "set aside Gold|set aside Silver");
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 7);
    KT_EQ(dom_t_count(&c, "state.players.0.hand", "Gold"), 1);
    KT_EQ(dom_t_count(&c, "state.players.0.discard", "Copper"), 1);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_wealthy_village_counts_duration_treasures_and_loots)
{
    /* seed 004, Wohlhabendes Dorf: a Treasure-Duration from an earlier
     * turn and a Loot count among the 3 different Treasures */
    char loot[2048], m[4096];
    dom_t_loot(loot, sizeof loot, "Sword", "Hammer");
    snprintf(m, sizeof m,
             "\"players\":{\"0\":{\"hand\":[\"Hammer\",\"Copper\"],\"deck\":[],\"discard\":[]}},"
             "\"in_play\":[{\"card\":\"Rope\",\"owner\":0,\"uid\":1,\"by\":0,\"flags\":2,"
             "\"pend\":0}],\"next_uid\":1,%s",
             loot);
    kt_scn c = dom_t_scene(T, "kingdom=Wealthy Village,Rope,Village,Smithy,Cellar,Moat,Market,"
                              "Festival,Mine,Laboratory",
                           2, 0, "buy", 1, m);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play treasures|play Hammer|gain Silver|buy Wealthy Village");
    /* Rope, Copper, Hammer in play: a Loot */
    KT_EQ(dom_t_count(&c, "state.players.0.hand", "Sword") +
              dom_t_count(&c, "state.players.0.deck", "Sword"),
          1);
    kt_scn_free(&c);
    /* two kinds only: none */
    c = dom_t_scene(T, "kingdom=Wealthy Village,Rope,Village,Smithy,Cellar,Moat,Market,Festival,"
                       "Mine,Laboratory",
                    2, 0, "buy", 3,
                    "\"players\":{\"0\":{\"hand\":[\"Copper\",\"Silver\"],\"deck\":[],"
                    "\"discard\":[]}}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play treasures|buy Wealthy Village");
    KT_EQ(dom_t_len(&c, "state.loot"), 30);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_sack_of_loot_coin_buy_and_a_loot)
{
    char loot[2048], m[4096];
    dom_t_loot(loot, sizeof loot, "Orb", "");
    snprintf(m, sizeof m,
             "\"players\":{\"0\":{\"hand\":[\"Sack of Loot\"],\"deck\":[],\"discard\":[]}},%s",
             loot);
    kt_scn c = dom_t_scene(T, KD, 2, 0, "buy", 0, m);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play treasures");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 1);
    KT_EQ(dom_t_int(&c, "state.turn.buys"), 2);
    DOM_JEQ(&c, "state.players.0.discard", "[\"Orb\"]");
    KT_EQ(dom_t_len(&c, "state.loot"), 29);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_kings_cache_on_kings_cache)
{
    /* seed 004, Königstruhe: King's Cache played three times by King's
     * Cache lets three other Treasures be played three times each */
    kt_scn c = dom_t_scene(T, KD, 1, 0, "buy", 0,
                           "\"players\":{\"0\":{\"hand\":[\"King's Cache\",\"King's Cache\",\"Gold\","
                           "\"Silver\",\"Copper\"],\"deck\":[],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play King's Cache|play King's Cache");
    DOM_DO(&c, "play Gold|play Silver|play Copper");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 18); /* 3 x (3 + 2 + 1) */
    KT_EQ(dom_t_int(&c, "state.turn.played"), 13); /* 1 + 3 + 3 x 3 */
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_kings_cache_stays_with_a_duration_treasure)
{
    kt_scn c = dom_t_scene(T, "kingdom=King's Cache,Rope,Village,Smithy,Cellar,Moat,Market,Festival,Mine,"
                       "Laboratory",
                    1, 0, "buy", 0,
                    "\"players\":{\"0\":{\"hand\":[\"King's Cache\",\"Rope\"],\"deck\":[\"Curse\","
                    "\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\","
                    "\"Copper\",\"Copper\"],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play King's Cache|play Rope");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 3);
    KT_EQ(dom_t_int(&c, "state.turn.buys"), 4);
    KT_DO(&c, "end turn");
    KT_EQ(dom_t_count(&c, "state.in_play", "King's Cache"), 1);
    KT_EQ(dom_t_count(&c, "state.in_play", "Rope"), 1);
    /* three Rope resolutions: three cards, three optional trashes */
    KT_STREQ(kt_decision(c.g, c.s), "trash");
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 6);
    DOM_DO(&c, "trash Curse|done|done");
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 7);
    DOM_DO(&c, "play treasures|end turn");
    KT_EQ(dom_t_count(&c, "state.in_play", "King's Cache"), 0);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_shaman_gain_is_a_gain_and_triggers_cage)
{
    /* seed 004, Schamanin: the card taken from the trash counts as gained
     * - an Estate sets off a waiting Cage */
    kt_scn c = dom_t_scene(T, KS, 2, 1, "buy", 0,
                           "\"players\":{\"0\":{\"hand\":[],\"deck\":[\"Copper\",\"Copper\",\"Copper\","
                           "\"Copper\",\"Copper\"],\"discard\":[]}},"
                           "\"in_play\":[{\"card\":\"Cage\",\"owner\":0,\"uid\":5,\"by\":0,"
                           "\"flags\":2,\"pend\":0}],"
                           "\"aside\":[{\"card\":\"Silver\",\"owner\":0,\"kind\":\"under\",\"host\":5}],"
                           "\"watchers\":[{\"event\":\"gain\",\"owner\":0,\"card\":\"Cage\","
                           "\"life\":\"trigger\",\"arg\":null,\"n\":1,\"uid\":5}],\"next_uid\":5,"
                           "\"trash\":[\"Estate\"]");
    KT_REQUIRE(c.g);
    KT_DO(&c, "end turn");
    /* player 1's turn starts: the Estate from the trash, Cage trashed */
    KT_EQ(kt_turn_player(c.g, c.s), 0);
    KT_EQ(dom_t_count(&c, "state.players.0.discard", "Estate"), 1);
    DOM_JEQ(&c, "state.trash", "[\"Cage\"]");
    DOM_JEQ(&c, "state.aside.0.kind", "\"endturn\"");
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_pendant_example_coppers_gondola_from_last_turn)
{
    /* seed 004, Anhänger: three Coppers, a Gondola from the last turn and
     * the Pendant in play: +$3 */
    kt_scn c = dom_t_scene(T, "kingdom=Pendant,Gondola,Village,Smithy,Cellar,Moat,Market,Festival,"
                              "Mine,Laboratory",
                           1, 0, "buy", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Pendant\",\"Copper\",\"Copper\","
                           "\"Copper\"],\"deck\":[],\"discard\":[]}},"
                           "\"in_play\":[{\"card\":\"Gondola\",\"owner\":0,\"uid\":1,\"by\":0,"
                           "\"flags\":2,\"pend\":0}],\"next_uid\":1");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play treasures|play Pendant");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 6);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_two_quartermasters_keep_their_cards_apart)
{
    kt_scn c = dom_t_scene(T, KD, 1, 0, "buy", 0,
                           "\"players\":{\"0\":{\"hand\":[],\"deck\":[\"Copper\",\"Copper\","
                           "\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\"],"
                           "\"discard\":[]}},"
                           "\"in_play\":[{\"card\":\"Quartermaster\",\"owner\":0,\"uid\":1,\"by\":0,"
                           "\"flags\":6,\"pend\":0,\"mult\":1},{\"card\":\"Quartermaster\","
                           "\"owner\":0,\"uid\":2,\"by\":0,\"flags\":6,\"pend\":0,\"mult\":1}],"
                           "\"aside\":[{\"card\":\"Silver\",\"owner\":0,\"kind\":\"on\",\"host\":1}],"
                           "\"next_uid\":2");
    KT_REQUIRE(c.g);
    KT_DO(&c, "end turn");
    /* the first Quartermaster has the Silver on it; the second has none:
     * one of them may take the Silver, the other only gain */
    KT_STREQ(kt_decision(c.g, c.s), "choose");
    KT_CHECK(kt_scn_legal(&c, "take Silver"));
    KT_DO(&c, "take Silver");
    KT_STREQ(kt_decision(c.g, c.s), "choose");
    KT_CHECK(!kt_scn_legal(&c, "take Silver"));
    KT_DO(&c, "gain Silver");
    DOM_JEQ(&c, "state.aside.0.host", "2");
    kt_scn_free(&c);
}
