/*
 * test_science_cards.c - the ten science (green) progress cards and the
 * general progress-card rules (hand limit, under the deck, timing).  Board
 * CB as in test_trade_cards.c.
 */
#include <string.h>

#include "catan_test.h"

#define J(...) #__VA_ARGS__

static const char *CB = J({"state":{"attacks":1,
    "buildings":{"12":{"player":0,"kind":"city"},"30":{"player":0,"kind":"settlement"},
                 "3":{"player":1,"kind":"settlement"},"4":{"player":1,"kind":"settlement"},
                 "41":{"player":1,"kind":"city"},"20":{"player":2,"kind":"settlement"},
                 "18":{"player":2,"kind":"settlement"},"44":{"player":3,"kind":"settlement"}},
    "roads":{"12-17":0,"17-23":0,"30-35":0,"4-8":1,"41-45":1,"20-25":2,"44-48":3}}});

#define ROLLSTATE "\"header\":{\"decision\":\"roll\"},"

KT_TEST(catan_card_alchemist_only_before_the_roll_and_may_choose_seven)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"header":{"decision":"roll"},"state":{
        "stack":[{"kind":"roll","player":0,"a":0,"b":0}],
        "players":{"0":{"progress":["alchemist","alchemist"],"progress_known":[1,1]},
                   "1":{"hand":{"ore":9}}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Alchemist");
    KT_CHECK(cat_t_decision_is(&c, "alchemist"));
    KT_EQ(kt_scn_nlegal(&c), 36);
    KT_DO(&c, "red 4 yellow 3"); /* a 7 may be chosen */
    KT_EQ(CS(&c)->dice[0], 4);
    KT_EQ(CS(&c)->dice[1], 3);
    KT_CHECK(CS(&c)->dice[2] != EV_NONE); /* the event die is still rolled */
    KT_CHECK(cat_t_decision_is(&c, "discard") || cat_t_decision_is(&c, "defender_draw") ||
             cat_t_decision_is(&c, "progress_discard") || cat_t_decision_is(&c, "city_loss"));
    while (!cat_t_decision_is(&c, "main") && !kt_is_over(c.g, c.s)) {
        kt_action a[KT_LEGAL_MAX];
        KT_REQUIRE(kt_legal(c.g, c.s, a, KT_LEGAL_MAX) > 0);
        kt_apply(c.g, c.s, a[0], NULL);
    }
    /* after the roll: the second Alchemist is not offered any more */
    KT_CHECK(!kt_scn_legal(&c, "play Alchemist"));
    kt_scn_free(&c);
}

KT_TEST(catan_card_alchemist_red_die_drives_progress_draws)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"header":{"decision":"roll"},"state":{
        "stack":[{"kind":"roll","player":0,"a":0,"b":0}],
        "players":{"0":{"improvements":{"trade":1},"progress":["alchemist"],"progress_known":[1]},
                   "1":{"improvements":{"trade":1}}}}}));
    KT_REQUIRE(c.s);
    int tries = 0;
    /* find a generator state whose event die shows the yellow gate */
    for (uint64_t seed = 1; seed < 1000; seed++) {
        kt_rng r;
        kt_rng_seed(&r, seed);
        if (kt_rng_below(&r, 6) == 3) {
            cat_t_reseed(&c, seed);
            tries = 1;
            break;
        }
    }
    KT_REQUIRE(tries);
    KT_DO(&c, "play Alchemist");
    KT_DO(&c, "red 2 yellow 6"); /* red 2 <= level 1 + 1: both draw */
    KT_EQ(CS(&c)->dice[2], EV_GATE_TRADE);
    KT_EQ(CS(&c)->pl[0].nprog, 1);
    KT_EQ(CS(&c)->pl[1].nprog, 1);
    kt_scn_free(&c);
}

KT_TEST(catan_card_crane_discount_once_per_improvement)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"players":{
        "0":{"hand":{"paper":1,"cloth":1},"progress":["crane","crane"],"progress_known":[1,1]}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Crane");
    KT_CHECK(cat_t_decision_is(&c, "crane"));
    KT_DO(&c, "improve science"); /* level 1 is free with the Crane */
    KT_EQ(cat_t_hand(&c, 0, K_PAPER), 1);
    KT_EQ(CS(&c)->pl[0].impr[TR_SCIENCE], 1);
    /* a second Crane cannot go on the same track this turn [seed] */
    KT_DO(&c, "play Crane");
    KT_CHECK(!kt_scn_legal(&c, "improve science"));
    KT_DO(&c, "improve trade"); /* another marker is fine */
    KT_EQ(cat_t_hand(&c, 0, K_CLOTH), 1);
    KT_EQ(CS(&c)->pl[0].impr[TR_TRADE], 1);
    kt_scn_free(&c);
    /* rule flag crane=repeat: again on the same track (next level) */
    c = cat_scn2(T, "crane=repeat", 4, CB, J({"state":{"players":{
        "0":{"hand":{"paper":1},"progress":["crane","crane"],"progress_known":[1,1]}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Crane");
    KT_DO(&c, "improve science");
    KT_DO(&c, "play Crane");
    KT_DO(&c, "improve science");
    KT_EQ(CS(&c)->pl[0].impr[TR_SCIENCE], 2);
    KT_EQ(cat_t_hand(&c, 0, K_PAPER), 0);
    kt_scn_free(&c);
}

KT_TEST(catan_card_crane_restrictions)
{
    /* no city */
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"buildings":{"12":{"player":0,"kind":"settlement"}},
        "players":{"0":{"hand":{"paper":3},"progress":["crane"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Crane"));
    kt_scn_free(&c);
    /* not even the reduced cost in hand: level 2 still needs one commodity */
    c = cat_scn2(T, "", 4, CB, J({"state":{"players":{"0":{"improvements":{"trade":1,"politics":1,"science":1},
        "progress":["crane"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Crane"));
    kt_scn_free(&c);
    /* every track at level 5 */
    c = cat_scn2(T, "", 4, CB, J({"state":{"buildings":{"12":{"player":0,"kind":"city","metropolis":"trade"},
        "30":{"player":0,"kind":"city","metropolis":"science"},"44":{"player":3,"kind":"city","metropolis":"politics"}},
        "players":{"0":{"improvements":{"trade":5,"politics":5,"science":5},"hand":{"paper":5,"cloth":5,"coin":5},
        "progress":["crane"],"progress_known":[1]},"3":{"improvements":{"politics":5}}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Crane"));
    kt_scn_free(&c);
}

KT_TEST(catan_card_engineer_builds_a_free_wall)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"players":{"0":{"progress":["engineer"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Engineer");
    KT_CHECK(!kt_scn_legal(&c, "build wall 30")); /* a settlement takes no wall */
    KT_DO(&c, "build wall 12");
    KT_CHECK(CS(&c)->v_aux[12] & AUX_WALL);
    KT_EQ(CS(&c)->pl[0].ncards, 0);
    kt_scn_free(&c);
}

KT_TEST(catan_card_engineer_restrictions)
{
    /* before the roll: not offered */
    kt_scn c = cat_scn2(T, "", 4, CB, J({"header":{"decision":"roll"},"state":{
        "stack":[{"kind":"roll","player":0,"a":0,"b":0}],
        "players":{"0":{"progress":["engineer"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Engineer"));
    kt_scn_free(&c);
    /* no city */
    c = cat_scn2(T, "", 4, CB, J({"state":{"buildings":{"12":{"player":0,"kind":"settlement"}},
        "players":{"0":{"progress":["engineer"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Engineer"));
    kt_scn_free(&c);
    /* every city walled */
    c = cat_scn2(T, "", 4, CB, J({"state":{"buildings":{"12":{"player":0,"kind":"city","wall":true}},
        "players":{"0":{"progress":["engineer"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Engineer"));
    kt_scn_free(&c);
    /* three walls already built: none left */
    c = cat_scn2(T, "", 4, CB, J({"state":{"buildings":{"12":{"player":0,"kind":"city","wall":true},
        "30":{"player":0,"kind":"city","wall":true},"44":{"player":0,"kind":"city","wall":true},
        "37":{"player":0,"kind":"city"},"50":{"player":3,"kind":"settlement"}},
        "roads":{"44-48":null,"50-53":3},
        "players":{"0":{"progress":["engineer"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Engineer"));
    kt_scn_free(&c);
}

KT_TEST(catan_card_inventor_swaps_allowed_tokens)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"robber":"K","merchant":"C","merchant_owner":1,
        "buildings":{"2":{"player":1,"kind":"settlement"}},
        "players":{"0":{"progress":["inventor"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Inventor");
    /* 2 (B), 12 (D), 6 (E, R) and 8 (L, M) stay; the desert has none */
    KT_CHECK(!kt_scn_legal(&c, "token on B") && !kt_scn_legal(&c, "token on D"));
    KT_CHECK(!kt_scn_legal(&c, "token on E") && !kt_scn_legal(&c, "token on L"));
    KT_CHECK(!kt_scn_legal(&c, "token on J"));
    KT_EQ(kt_scn_nlegal(&c), 12);
    KT_DO(&c, "token on K"); /* under the robber: allowed */
    KT_CHECK(!kt_scn_legal(&c, "swap with K"));
    KT_DO(&c, "swap with C"); /* under the merchant, far from any piece: allowed */
    KT_EQ(CS(&c)->number[10], 9);
    KT_EQ(CS(&c)->number[2], 3);
    kt_scn_free(&c);
}

KT_TEST(catan_card_irrigation_and_mining_count_hexes_not_buildings)
{
    /* fields next to player 1: D (12 and 22), O (30), H (22): 3 hexes */
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"buildings":{"22":{"player":0,"kind":"settlement"}},
        "roads":{"17-22":0},
        "players":{"0":{"progress":["irrigation","mining"],"progress_known":[1,1]}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Irrigation");
    KT_EQ(cat_t_hand(&c, 0, K_GRAIN), 6);
    KT_DO(&c, "play Mining"); /* mountains: A (12) */
    KT_EQ(cat_t_hand(&c, 0, K_ORE), 2);
    kt_scn_free(&c);
}

KT_TEST(catan_card_irrigation_and_mining_restrictions)
{
    /* player 4 (44: N mountains, Q hills, R fields) has no fields? R is
     * fields; player 3 (20: G, L; 18: E, F, J) has neither fields ... L is
     * mountains; use player 3 */
    kt_scn c = cat_scn2(T, "", 4, CB, J({"header":{"to_move":2,"turn_player":2},"state":{
        "stack":[{"kind":"main","player":2,"a":0,"b":0}],
        "players":{"2":{"progress":["irrigation","mining"],"progress_known":[4,4]}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Irrigation")); /* no building next to fields */
    KT_CHECK(kt_scn_legal(&c, "play Mining"));      /* 20 touches L */
    kt_scn_free(&c);
    c = cat_scn2(T, "", 4, CB, J({"header":{"to_move":2,"turn_player":2},"state":{
        "stack":[{"kind":"main","player":2,"a":0,"b":0}],"buildings":{"20":null},"roads":{"20-25":null},
        "players":{"2":{"progress":["mining"],"progress_known":[4]}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Mining")); /* no building next to mountains */
    kt_scn_free(&c);
}

KT_TEST(catan_card_medicine_two_ore_one_grain)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"players":{
        "0":{"hand":{"ore":2,"grain":1},"progress":["medicine"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "build city 30")); /* the normal price is 3 ore 2 grain */
    KT_DO(&c, "play Medicine");
    KT_DO(&c, "build city 30");
    KT_EQ(CS(&c)->v_piece[30], VP_CITY);
    KT_EQ(CS(&c)->pl[0].ncards, 0);
    kt_scn_free(&c);
}

KT_TEST(catan_card_medicine_with_no_settlement)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"buildings":{"30":{"player":0,"kind":"city"}},
        "players":{"0":{"hand":{"ore":2,"grain":1},"progress":["medicine"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Medicine"));
    kt_scn_free(&c);
    /* nor without the two ore and the grain */
    c = cat_scn2(T, "", 4, CB, J({"state":{"players":{
        "0":{"hand":{"ore":1,"grain":5},"progress":["medicine"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Medicine"));
    kt_scn_free(&c);
}

KT_TEST(catan_card_printer_revealed_at_once)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"header":{"decision":"roll"},"state":{
        "stack":[{"kind":"roll","player":0,"a":0,"b":0}],
        "decks":{"trade":["commercial_harbor","commercial_harbor","master_merchant","master_merchant",
            "merchant","merchant","merchant","merchant","merchant","merchant","merchant_fleet",
            "merchant_fleet","resource_monopoly","resource_monopoly","resource_monopoly",
            "resource_monopoly","trade_monopoly","trade_monopoly"],
          "politics":["bishop","bishop","constitution","deserter","deserter","diplomat","diplomat",
            "intrigue","intrigue","saboteur","saboteur","spy","spy","spy","warlord","warlord","wedding","wedding"],
          "science":["printer","alchemist","alchemist","inventor","inventor",
            "irrigation","irrigation","medicine","medicine","mining","mining",
            "road_building","road_building","smith"]},
        "deck_known":{"trade":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],
            "politics":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],
            "science":[0,0,0,0,0,0,0,0,0,0,0,0,0,0]},
        "buildings":{"12":{"player":0,"kind":"city","metropolis":"science"}},
        "players":{"0":{"improvements":{"science":5},"progress":["engineer","smith","crane","crane"],
            "progress_known":[1,1,1,1]}}}}));
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 5, 1, EV_GATE_SCIENCE));
    /* the fifth card is a VP card: revealed, never in hand */
    KT_EQ(CS(&c)->pl[0].vpcards, 2);
    KT_EQ(CS(&c)->pl[0].nprog, 4);
    KT_EQ(cat_vp_public(c.g, CS(&c), 0), 6); /* + the science metropolis */
    kt_scn_free(&c);
}

KT_TEST(catan_card_road_building_two_free_roads)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"players":{"0":{"progress":["road_building"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Road Building");
    KT_DO(&c, "build road 23-29");
    KT_DO(&c, "build road 29-34"); /* connected or apart, as chosen */
    KT_CHECK(cat_t_decision_is(&c, "main"));
    KT_EQ(CS(&c)->pl[0].n_road, 5);
    KT_EQ(CS(&c)->pl[0].ncards, 0);
    kt_scn_free(&c);
    /* only one road left in the supply: one road is built */
    c = cat_scn2(T, "", 4, CB, J({"state":{"roads":{"7-12":0,"8-12":0,"16-22":0,"17-22":0,"22-28":0,
        "23-29":0,"28-33":0,"33-38":0,"28-34":0,"29-34":0,"35-40":0},"longest_road":0,
        "players":{"0":{"progress":["road_building"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_EQ(CS(&c)->pl[0].n_road, 14);
    KT_DO(&c, "play Road Building");
    KT_DO(&c, "build road 24-30");
    KT_CHECK(cat_t_decision_is(&c, "main"));
    KT_EQ(CS(&c)->pl[0].n_road, 15);
    kt_scn_free(&c);
}

KT_TEST(catan_card_road_building_restrictions)
{
    /* all 15 roads on the board */
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"roads":{"7-12":0,"8-12":0,"16-22":0,"17-22":0,"22-28":0,
        "23-29":0,"28-33":0,"33-38":0,"28-34":0,"29-34":0,"35-40":0,"30-36":0},"longest_road":0,
        "players":{"0":{"progress":["road_building"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_EQ(CS(&c)->pl[0].n_road, 15);
    KT_CHECK(!kt_scn_legal(&c, "play Road Building"));
    kt_scn_free(&c);
    /* nowhere to build: a lone settlement boxed in by other roads */
    c = cat_scn(T, "", 4, J({"state":{"attacks":1,"buildings":{"0":{"player":0,"kind":"settlement"}},
        "roads":{"0-3":1,"0-4":1},"players":{"0":{"progress":["road_building"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Road Building"));
    kt_scn_free(&c);
}

KT_TEST(catan_card_smith_promotes_two_knights)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"knights":{"17":{"player":0,"level":1},
        "23":{"player":0,"level":2,"active":true}},
        "players":{"0":{"progress":["smith"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Smith");
    KT_CHECK(!kt_scn_legal(&c, "done")); /* at least one promotion */
    KT_CHECK(!kt_scn_legal(&c, "promote knight 23")); /* mighty needs the Fortress */
    KT_DO(&c, "promote knight 17");
    /* the same knight only once per turn */
    KT_CHECK(!kt_scn_legal(&c, "promote knight 17"));
    KT_CHECK(cat_t_decision_is(&c, "main")); /* nothing else to promote */
    KT_EQ(CS(&c)->v_aux[17] & KN_LEVEL, 2);
    KT_EQ(CS(&c)->pl[0].ncards, 0);
    kt_scn_free(&c);
}

KT_TEST(catan_card_smith_on_one_knight_twice_in_a_turn)
{
    /* two Smiths cannot take a basic knight to mighty in one turn, nor
     * can a knight promoted by payment be promoted again by a Smith */
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"knights":{"17":{"player":0,"level":1},
        "23":{"player":0,"level":1}},
        "players":{"0":{"improvements":{"politics":3},"hand":{"wool":1,"ore":1},
        "progress":["smith","smith"],"progress_known":[1,1]}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "promote knight 23"); /* paid */
    KT_DO(&c, "play Smith");
    KT_CHECK(!kt_scn_legal(&c, "promote knight 23"));
    KT_DO(&c, "promote knight 17");
    KT_CHECK(cat_t_decision_is(&c, "main"));
    KT_CHECK(!kt_scn_legal(&c, "play Smith")); /* both promoted this turn */
    KT_DO(&c, "end turn");
    KT_EQ(CS(&c)->v_aux[17] & KN_LEVEL, 2);
    kt_scn_free(&c);
    /* the player may stop after one */
    c = cat_scn2(T, "", 4, CB, J({"state":{"knights":{"17":{"player":0,"level":1},"23":{"player":0,"level":1}},
        "players":{"0":{"progress":["smith"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Smith");
    KT_DO(&c, "promote knight 17");
    KT_DO(&c, "done");
    KT_EQ(CS(&c)->v_aux[23] & KN_LEVEL, 1);
    kt_scn_free(&c);
}

KT_TEST(catan_card_smith_restrictions)
{
    /* no knight that can be promoted */
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"knights":{"17":{"player":0,"level":3}},
        "players":{"0":{"progress":["smith"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Smith"));
    kt_scn_free(&c);
    /* no strong knight left in the supply to exchange for a basic one */
    c = cat_scn2(T, "", 4, CB, J({"state":{"knights":{"17":{"player":0,"level":1},"23":{"player":0,"level":2},
        "22":{"player":0,"level":2}},"roads":{"17-22":0},
        "players":{"0":{"progress":["smith"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Smith"));
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ general */

KT_TEST(catan_progress_hand_limit_off_turn_discard_at_once)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"header":{"decision":"roll"},"state":{
        "stack":[{"kind":"roll","player":0,"a":0,"b":0}],
        "buildings":{"41":{"player":1,"kind":"city","metropolis":"trade"}},
        "players":{"1":{"improvements":{"trade":5},"progress":["spy","spy","warlord","wedding"],
            "progress_known":[2,2,2,2]}}}}));
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 6, 6, EV_GATE_TRADE));
    KT_CHECK(cat_t_decision_is(&c, "progress_discard"));
    KT_EQ(kt_to_move(c.g, c.s), 1);
    int n = CS(&c)->deck_n[TR_POLITICS];
    KT_DO(&c, "discard Warlord");
    KT_EQ(CS(&c)->pl[1].nprog, 4);
    /* under its own deck, known only to its former owner */
    KT_EQ(CS(&c)->deck_n[TR_POLITICS], n + 1);
    KT_EQ(CS(&c)->deck[TR_POLITICS][0], PC_WARLORD);
    KT_EQ(CS(&c)->deck_known[TR_POLITICS][0], 2);
    /* other players see a redacted text */
    kt_scn_free(&c);
}

KT_TEST(catan_progress_hand_limit_own_turn_at_the_end)
{
    const char *p = J({"header":{"decision":"roll"},"state":{
        "stack":[{"kind":"roll","player":0,"a":0,"b":0}],
        "buildings":{"12":{"player":0,"kind":"city","metropolis":"trade"}},
        "players":{"0":{"improvements":{"trade":5},"progress":["spy","spy","warlord","wedding"],
            "progress_known":[1,1,1,1]}}}});
    kt_scn c = cat_scn2(T, "", 4, CB, p);
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 6, 6, EV_GATE_TRADE));
    KT_CHECK(cat_t_decision_is(&c, "main"));
    KT_EQ(CS(&c)->pl[0].nprog, 5);
    KT_DO(&c, "end turn");
    KT_CHECK(cat_t_decision_is(&c, "progress_discard"));
    KT_DO(&c, "discard Spy");
    KT_CHECK(cat_t_decision_is(&c, "roll"));
    KT_EQ(kt_to_move(c.g, c.s), 1);
    kt_scn_free(&c);
    /* rule flag progress_limit=immediate */
    c = cat_scn2(T, "progress_limit=immediate", 4, CB, p);
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 6, 6, EV_GATE_TRADE));
    KT_CHECK(cat_t_decision_is(&c, "progress_discard"));
    kt_scn_free(&c);
}

KT_TEST(catan_progress_played_cards_go_under_their_deck)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"players":{
        "0":{"progress":["mining","warlord"],"progress_known":[1,1]}}}}));
    KT_REQUIRE(c.s);
    int n = CS(&c)->deck_n[TR_SCIENCE];
    KT_DO(&c, "play Mining");
    KT_EQ(CS(&c)->deck_n[TR_SCIENCE], n + 1);
    KT_EQ(CS(&c)->deck[TR_SCIENCE][0], PC_MINING); /* the bottom card */
    KT_EQ(CS(&c)->deck_known[TR_SCIENCE][0], 15);  /* face up: everybody knows */
    KT_CHECK(!kt_scn_legal(&c, "play Warlord"));     /* no knight */
    kt_scn_free(&c);
}

KT_TEST(catan_progress_cards_only_after_the_roll)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"header":{"decision":"roll"},"state":{
        "stack":[{"kind":"roll","player":0,"a":0,"b":0}],
        "players":{"0":{"hand":{"ore":2,"grain":1},"progress":["medicine","mining","inventor","alchemist"],
        "progress_known":[1,1,1,1]}}}}));
    KT_REQUIRE(c.s);
    KT_EQ(kt_scn_nlegal(&c), 2); /* roll, or the Alchemist */
    KT_CHECK(kt_scn_legal(&c, "play Alchemist") && kt_scn_legal(&c, "roll"));
    kt_scn_free(&c);
}

KT_TEST(catan_card_alchemist_seven_before_the_first_attack)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"header":{"decision":"roll"},"state":{"attacks":0,
        "stack":[{"kind":"roll","player":0,"a":0,"b":0}],
        "players":{"0":{"progress":["alchemist"],"progress_known":[1]},"1":{"hand":{"ore":2}}}}}));
    KT_REQUIRE(c.s);
    /* the ship is at 0, so no attack can come with this roll */
    KT_DO(&c, "play Alchemist");
    KT_DO(&c, "red 1 yellow 6");
    KT_EQ(CS(&c)->attacks, 0);
    KT_CHECK(cat_t_decision_is(&c, "main")); /* the robber stays locked */
    KT_EQ(CS(&c)->robber, 9);
    KT_EQ(cat_t_hand(&c, 1, K_ORE), 2);
    kt_scn_free(&c);
}
