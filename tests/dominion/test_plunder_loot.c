/*
 * test_plunder_loot.c - scenario tests of the 15 Loots and of the Loot pile
 * (seed 004, "Kostbarkeiten", with its per-Loot clarifications as named
 * dominion_seed004_* tests).
 */
#include <stdio.h>
#include <string.h>

#include "helpers.h"

#define KL "kingdom=Sack of Loot,Village,Smithy,Militia,Moat,Cellar,Market,Festival,Laboratory,Workshop"

/* A scene in the Buy phase (or Action phase) with `hand` (JSON array
 * members) and the Loots in hand taken out of the pile. */
static kt_scn loot_scene(kt_t *T, const char *phase, int coins, const char *hand,
                         const char *gone, const char *deck, const char *more)
{
    char loot[2048], m[8192];
    dom_t_loot(loot, sizeof loot, "", gone);
    snprintf(m, sizeof m,
             "\"players\":{\"0\":{\"hand\":[%s],\"deck\":[%s],\"discard\":[]}%s},%s", hand,
             deck ? deck : "", more ? more : "", loot);
    return dom_t_scene(T, KL, 2, 0, phase, coins, m);
}

#define COPPERS5 "\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\""

KT_TEST(dominion_loot_pile_only_when_something_refers_to_loot)
{
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("dominion", "preset=First Game", 2, 1, NULL, &g, &err), &err));
    kt_state *s = kt_state_new(g);
    char *js = kt_state_json(g, s);
    char *l = kt_json_at(js, "state.loot");
    KT_STREQ(l, "[]");
    free(l);
    kt_free(js);
    kt_state_free(g, s);
    kt_game_free(g);
    /* Cursed (a Trait), Looting (an Event), Pickaxe (a card) each bring it */
    static const char *const opts[] = {"preset=First Game;traits=Cursed",
                                       "preset=First Game;events=Looting",
                                       "kingdom=Pickaxe;landscapes=0"};
    for (int i = 0; i < 3; i++) {
        KT_REQUIRE(KT_OKS(kt_game_new("dominion", opts[i], 2, 1, NULL, &g, &err), &err));
        s = kt_state_new(g);
        js = kt_state_json(g, s);
        l = kt_json_at(js, "state.loot");
        int n = 0;
        for (const char *p = l; p && *p; p++)
            n += *p == ',';
        KT_EQ(n + 1, 30);
        /* not in the Supply: no pile of it */
        KT_CHECK(strstr(js, "\"supply\":{") && !strstr(strstr(js, "\"supply\":{"), "\"Amphora\":"));
        free(l);
        kt_free(js);
        kt_state_free(g, s);
        kt_game_free(g);
    }
}

KT_TEST(dominion_loot_gain_takes_the_top_card_and_reveals_it)
{
    char loot[2048], m[4096];
    dom_t_loot(loot, sizeof loot, "Doubloons,Staff", "");
    snprintf(m, sizeof m, "\"players\":{\"0\":{\"hand\":[\"Sack of Loot\"],\"deck\":[],"
                          "\"discard\":[]}},%s",
             loot);
    kt_scn c = dom_t_scene(T, KL, 2, 0, "buy", 0, m);
    KT_REQUIRE(c.g);
    /* hidden from everyone: the observation shows only the pile size */
    char *o = kt_observe_json(c.g, c.s, 0, KT_LANG_EN);
    KT_CHECK(strstr(o, "\"loot_pile\":30") && !strstr(o, "Doubloons"));
    kt_free(o);
    KT_DO(&c, "play Sack of Loot");
    /* Doubloons, with its own "when gained": a Gold */
    DOM_JEQ(&c, "state.players.0.discard", "[\"Gold\",\"Doubloons\"]");
    o = kt_observe_json(c.g, c.s, 1, KT_LANG_EN);
    KT_CHECK(strstr(o, "\"loot_pile\":29") && strstr(o, "Doubloons"));
    kt_free(o);
    kt_action a;
    kt_err err;
    KT_EQ(kt_action_parse(c.g, c.s, "buy Staff", &a, &err), KT_EILLEGAL);
    KT_CHECK(strstr(err.msg, "Loot") != NULL);
    kt_scn_free(&c);
}

KT_TEST(dominion_loot_empty_pile_gains_nothing)
{
    kt_scn c = dom_t_scene(T, KL, 2, 0, "buy", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Sack of Loot\"],\"deck\":[],"
                           "\"discard\":[\"Amphora\",\"Amphora\",\"Doubloons\",\"Doubloons\","
                           "\"Endless Chalice\",\"Endless Chalice\",\"Figurehead\",\"Figurehead\","
                           "\"Hammer\",\"Hammer\",\"Insignia\",\"Insignia\",\"Jewels\",\"Jewels\","
                           "\"Orb\",\"Orb\",\"Prize Goat\",\"Prize Goat\",\"Puzzle Box\","
                           "\"Puzzle Box\",\"Sextant\",\"Sextant\",\"Shield\",\"Shield\","
                           "\"Spell Scroll\",\"Spell Scroll\",\"Staff\",\"Staff\",\"Sword\","
                           "\"Sword\"]}},\"loot\":[]");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Sack of Loot");
    KT_EQ(dom_t_len(&c, "state.players.0.discard"), 30);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_amphora_now_or_next_turn)
{
    kt_scn c = loot_scene(T, "buy", 0, "\"Amphora\",\"Amphora\"", "Amphora,Amphora", COPPERS5,
                          NULL);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Amphora|choose now");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 3);
    KT_EQ(dom_t_int(&c, "state.turn.buys"), 2);
    DOM_DO(&c, "play Amphora|choose next turn");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 3);
    KT_DO(&c, "end turn");
    /* player 2's turn, then player 1 gets +1 Buy +$3 */
    KT_EQ(dom_t_count(&c, "state.in_play", "Amphora"), 1);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_doubloons_gain_a_gold)
{
    char loot[2048], m[4096];
    dom_t_loot(loot, sizeof loot, "Doubloons", "");
    snprintf(m, sizeof m, "\"players\":{\"0\":{\"hand\":[],\"deck\":[],\"discard\":[]}},%s", loot);
    kt_scn c = dom_t_scene(T, KL ";events=Looting", 2, 0, "buy", 6, m);
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy Looting");
    KT_EQ(dom_t_count(&c, "state.players.0.hand", "Gold") +
              dom_t_count(&c, "state.players.0.deck", "Gold"),
          1);
    KT_EQ(dom_t_int(&c, "state.supply.Gold"), 29);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_endless_chalice_stays_in_play_for_the_rest_of_the_game)
{
    kt_scn c = loot_scene(T, "buy", 0, "\"Endless Chalice\"", "Endless Chalice",
                          COPPERS5 "," COPPERS5 "," COPPERS5, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play treasures");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 1);
    KT_EQ(dom_t_int(&c, "state.turn.buys"), 2);
    for (int t = 0; t < 2; t++) {
        KT_DO(&c, "end turn"); /* player 1 */
        KT_DO(&c, "end turn"); /* player 2 */
        /* player 1's turn: $1 and +1 Buy at its start */
        KT_EQ(dom_t_count(&c, "state.in_play", "Endless Chalice"), 1);
        KT_EQ(dom_t_int(&c, "state.turn.coins"), 1);
        KT_EQ(dom_t_int(&c, "state.turn.buys"), 2);
    }
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_figurehead_three_now_two_cards_next_turn)
{
    kt_scn c = loot_scene(T, "buy", 0, "\"Figurehead\"", "Figurehead",
                          COPPERS5 ",\"Gold\",\"Gold\"", NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play treasures");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 3);
    KT_DO(&c, "end turn");
    KT_DO(&c, "end turn");
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 7);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_hammer_gains_a_card_up_to_four_not_optional)
{
    kt_scn c = loot_scene(T, "buy", 0, "\"Hammer\"", "Hammer", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Hammer");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 3);
    KT_STREQ(kt_decision(c.g, c.s), "gain");
    KT_CHECK(!kt_scn_legal(&c, "done") && kt_scn_legal(&c, "gain Smithy"));
    KT_CHECK(!kt_scn_legal(&c, "gain Market"));
    KT_DO(&c, "gain Smithy");
    KT_EQ(dom_t_count(&c, "state.players.0.discard", "Smithy"), 1);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_insignia_any_number_of_gains_onto_the_deck)
{
    char loot[2048], m[4096];
    dom_t_loot(loot, sizeof loot, "", "Insignia");
    snprintf(m, sizeof m,
             "\"turn\":{\"coins\":3,\"buys\":3},\"players\":{\"0\":{\"hand\":[\"Insignia\"],"
             "\"deck\":[],\"discard\":[]}},%s",
             loot);
    kt_scn c = dom_t_scene(T, KL, 2, 0, "buy", 3, m);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Insignia");
    DOM_DO(&c, "buy Silver|topdeck Silver|buy Village|done");
    DOM_JEQ(&c, "state.players.0.deck", "[\"Silver\"]");
    DOM_JEQ(&c, "state.players.0.discard", "[\"Village\"]");
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_jewels_go_under_the_deck_next_turn)
{
    kt_scn c = loot_scene(T, "buy", 0, "\"Jewels\"", "Jewels", COPPERS5 ",\"Estate\"", NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play treasures");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 3);
    KT_EQ(dom_t_int(&c, "state.turn.buys"), 2);
    DOM_DO(&c, "end turn|end turn");
    KT_EQ(dom_t_count(&c, "state.in_play", "Jewels"), 0);
    DOM_JEQ(&c, "state.players.0.deck", "[\"Estate\",\"Jewels\"]");
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_orb_plays_from_the_discard_pile_or_gives_buy_and_coins)
{
    char loot[2048], m[4096];
    dom_t_loot(loot, sizeof loot, "", "Orb");
    snprintf(m, sizeof m,
             "\"players\":{\"0\":{\"hand\":[\"Orb\"],\"deck\":[],\"discard\":[\"Gold\",\"Estate\","
             "\"Smithy\"]}},%s",
             loot);
    kt_scn c = dom_t_scene(T, KL, 2, 0, "buy", 0, m);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Orb");
    KT_STREQ(kt_decision(c.g, c.s), "choose");
    KT_CHECK(kt_scn_legal(&c, "play Gold") && kt_scn_legal(&c, "play Smithy"));
    KT_CHECK(!kt_scn_legal(&c, "play Estate") && kt_scn_legal(&c, "choose +1 Buy +$3"));
    KT_DO(&c, "play Gold");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 3);
    KT_EQ(dom_t_int(&c, "state.turn.buys"), 1);
    DOM_JEQ(&c, "state.players.0.discard", "[\"Estate\",\"Smithy\"]"); /* top first */
    kt_scn_free(&c);
    c = dom_t_scene(T, KL, 2, 0, "buy", 0, m);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Orb|choose +1 Buy +$3");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 3);
    KT_EQ(dom_t_int(&c, "state.turn.buys"), 2);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_prize_goat_trash_is_optional)
{
    kt_scn c = loot_scene(T, "buy", 0, "\"Prize Goat\",\"Estate\"", "Prize Goat", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Prize Goat");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 3);
    KT_EQ(dom_t_int(&c, "state.turn.buys"), 2);
    KT_CHECK(kt_scn_legal(&c, "done"));
    KT_DO(&c, "trash Estate");
    DOM_JEQ(&c, "state.trash", "[\"Estate\"]");
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_puzzle_box_card_back_to_hand_after_drawing)
{
    kt_scn c = loot_scene(T, "buy", 0, "\"Puzzle Box\",\"Smithy\"", "Puzzle Box", COPPERS5, NULL);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Puzzle Box|set aside Smithy");
    /* face down: others do not see it */
    char *o = kt_observe_json(c.g, c.s, 1, KT_LANG_EN);
    char *as = kt_json_at(o, "aside");
    KT_CHECK(as && !strstr(as, "Smithy"));
    free(as);
    kt_free(o);
    KT_DO(&c, "end turn");
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 6);
    KT_EQ(dom_t_count(&c, "state.players.0.hand", "Smithy"), 1);
    /* Puzzle Box itself was discarded normally */
    KT_EQ(dom_t_count(&c, "state.in_play", "Puzzle Box"), 0);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_sextant_discard_any_mix_rest_in_any_order)
{
    kt_scn c = loot_scene(T, "buy", 0, "\"Sextant\"", "Sextant",
                          "\"Estate\",\"Gold\",\"Curse\",\"Silver\",\"Copper\",\"Village\"", NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Sextant");
    KT_EQ(dom_t_int(&c, "state.turn.buys"), 2);
    DOM_DO(&c, "discard Estate|discard Curse|done");
    DOM_DO(&c, "put Silver on top|put Gold on top");
    DOM_JEQ(&c, "state.players.0.deck", "[\"Silver\",\"Gold\",\"Copper\",\"Village\"]");
    DOM_JEQ(&c, "state.players.0.discard", "[\"Curse\",\"Estate\"]");
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_shield_blocks_attacks_like_moat_and_stays_in_hand)
{
    char loot[2048], m[4096];
    dom_t_loot(loot, sizeof loot, "", "Shield");
    snprintf(m, sizeof m,
             "\"turn\":{\"actions\":2},\"players\":{\"0\":{\"hand\":[\"Village\",\"Militia\","
             "\"Militia\"],\"deck\":[\"Copper\"],\"discard\":[]},\"1\":{\"hand\":[\"Shield\","
             "\"Copper\",\"Copper\",\"Estate\",\"Estate\"],\"discard\":[]}},%s",
             loot);
    kt_scn c = dom_t_scene(T, KL, 2, 0, "action", 0, m);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Village|play Militia");
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_STREQ(kt_decision(c.g, c.s), "reaction");
    KT_DO(&c, "reveal Shield");
    KT_EQ(dom_t_len(&c, "state.players.1.hand"), 5);
    /* again against the second Attack */
    KT_DO(&c, "play Militia");
    KT_STREQ(kt_decision(c.g, c.s), "reaction");
    KT_DO(&c, "reveal Shield");
    KT_EQ(dom_t_len(&c, "state.players.1.hand"), 5);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_spell_scroll_trash_gain_cheaper_and_play_it)
{
    /* seed 004, Zauberrolle: in the Action phase it takes an Action; the
     * gained card is played without one */
    char loot[2048], m[4096];
    dom_t_loot(loot, sizeof loot, "", "Spell Scroll");
    snprintf(m, sizeof m,
             "\"players\":{\"0\":{\"hand\":[\"Spell Scroll\"],\"deck\":[\"Copper\",\"Copper\","
             "\"Copper\"],\"discard\":[]}},%s",
             loot);
    kt_scn c = dom_t_scene(T, KL, 2, 0, "action", 0, m);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Spell Scroll");
    KT_EQ(dom_t_int(&c, "state.turn.actions"), 0);
    DOM_JEQ(&c, "state.trash", "[\"Spell Scroll\"]");
    KT_CHECK(kt_scn_legal(&c, "gain Gold") && !kt_scn_legal(&c, "gain Province"));
    KT_DO(&c, "gain Laboratory");
    KT_STREQ(kt_decision(c.g, c.s), "play");
    KT_DO(&c, "play Laboratory");
    KT_EQ(dom_t_len(&c, "state.players.0.hand"), 2);
    KT_EQ(dom_t_int(&c, "state.turn.actions"), 1);
    kt_scn_free(&c);
    /* in the Buy phase as a Treasure */
    c = dom_t_scene(T, KL, 2, 0, "buy", 0, m);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Spell Scroll|gain Gold|play Gold");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 3);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_staff_playing_an_action_is_optional)
{
    kt_scn c = loot_scene(T, "buy", 0, "\"Staff\",\"Festival\"", "Staff", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Staff");
    KT_CHECK(kt_scn_legal(&c, "done"));
    KT_DO(&c, "play Festival");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 5);
    KT_EQ(dom_t_int(&c, "state.turn.buys"), 3);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_sword_is_an_attack_blocked_by_moat)
{
    const char *p1 = ",\"1\":{\"hand\":[\"Moat\",\"Copper\",\"Copper\",\"Estate\",\"Estate\"],"
                     "\"discard\":[]}";
    kt_scn c = loot_scene(T, "buy", 0, "\"Sword\"", "Sword", NULL, p1);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Sword");
    KT_STREQ(kt_decision(c.g, c.s), "reaction");
    KT_DO(&c, "reveal Moat");
    KT_EQ(dom_t_len(&c, "state.players.1.hand"), 5);
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 3);
    kt_scn_free(&c);
    c = loot_scene(T, "buy", 0, "\"Sword\"", "Sword", NULL, p1);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Sword|done|discard Estate");
    KT_EQ(dom_t_len(&c, "state.players.1.hand"), 4);
    kt_scn_free(&c);
}

KT_TEST(dominion_seed004_amphora_with_kings_cache_each_play_chooses)
{
    char loot[2048], m[4096];
    dom_t_loot(loot, sizeof loot, "", "Amphora");
    snprintf(m, sizeof m,
             "\"players\":{\"0\":{\"hand\":[\"King's Cache\",\"Amphora\"],\"deck\":[\"Copper\","
             "\"Copper\",\"Copper\",\"Copper\",\"Copper\"],\"discard\":[]}},%s",
             loot);
    kt_scn c = dom_t_scene(T, "kingdom=King's Cache,Sack of Loot,Village,Smithy,Cellar,Moat,Market,"
                              "Festival,Mine,Laboratory",
                           2, 0, "buy", 0, m);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play King's Cache|play Amphora|choose now|choose now|choose next turn");
    KT_EQ(dom_t_int(&c, "state.turn.coins"), 6);
    KT_EQ(dom_t_int(&c, "state.turn.buys"), 3);
    KT_DO(&c, "end turn");
    /* one "next turn": Amphora and King's Cache stay */
    KT_EQ(dom_t_count(&c, "state.in_play", "Amphora"), 1);
    KT_EQ(dom_t_count(&c, "state.in_play", "King's Cache"), 1);
    kt_scn_free(&c);
}
