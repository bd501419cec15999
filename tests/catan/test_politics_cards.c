/*
 * test_politics_cards.c - the nine politics (blue) progress cards: effects
 * and every usage restriction of the seed (section 2).  Board CB as in
 * test_trade_cards.c (VP 3, 4, 2, 1; player 2 has settlements 3 and 4 on
 * hex A; player 3 settlement 18 on E, J, F).
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

KT_TEST(catan_card_bishop_one_card_from_each_player_on_the_hex)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"players":{
        "0":{"progress":["bishop"],"progress_known":[1]},
        "1":{"hand":{"ore":3}},"2":{"hand":{"wool":2}}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Bishop");
    KT_CHECK(!kt_scn_legal(&c, "robber to J")); /* anywhere but where it is */
    /* hex A: player 2 has two buildings there but gives one card */
    KT_DO(&c, "robber to A");
    KT_EQ(cat_t_hand(&c, 0, K_ORE), 1);
    KT_EQ(cat_t_hand(&c, 1, K_ORE), 2);
    kt_scn_free(&c);
    /* hex E: players 1 (12) and 3 (18) have buildings: one card from 3 */
    c = cat_scn2(T, "", 4, CB, J({"state":{"players":{
        "0":{"progress":["bishop"],"progress_known":[1]},
        "1":{"hand":{"ore":3}},"2":{"hand":{"wool":2}}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Bishop");
    KT_DO(&c, "robber to E");
    KT_EQ(cat_t_hand(&c, 0, K_WOOL), 1);
    KT_EQ(CS(&c)->robber, 4);
    kt_scn_free(&c);
    /* playable although nobody there has a card */
    c = cat_scn2(T, "", 4, CB, J({"state":{"players":{"0":{"progress":["bishop"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Bishop");
    KT_DO(&c, "robber to S");
    KT_CHECK(cat_t_decision_is(&c, "main"));
    kt_scn_free(&c);
}

KT_TEST(catan_card_bishop_not_before_the_first_attack)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"attacks":0,"players":{
        "0":{"progress":["bishop"],"progress_known":[1]},"1":{"hand":{"ore":3}}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Bishop"));
    kt_scn_free(&c);
}

KT_TEST(catan_card_constitution_revealed_at_once_never_in_hand)
{
    /* four cards in hand, the Constitution on top of the politics deck:
     * drawn off turn it is revealed (1 VP) and needs no discard */
    kt_scn c = cat_scn2(T, "", 4, CB, J({"header":{"decision":"roll"},"state":{
        "stack":[{"kind":"roll","player":0,"a":0,"b":0}],
        "decks":{"trade":["commercial_harbor","commercial_harbor","master_merchant","master_merchant",
            "merchant","merchant","merchant","merchant","merchant","merchant","merchant_fleet",
            "merchant_fleet","resource_monopoly","resource_monopoly","resource_monopoly",
            "resource_monopoly","trade_monopoly","trade_monopoly"],
          "politics":["constitution","bishop","bishop","deserter","deserter","diplomat","diplomat",
            "intrigue","intrigue","saboteur","saboteur","spy","warlord","wedding"],
          "science":["alchemist","alchemist","crane","crane","engineer","inventor","inventor",
            "irrigation","irrigation","medicine","medicine","mining","mining","printer",
            "road_building","road_building","smith","smith"]},
        "deck_known":{"trade":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],
            "politics":[0,0,0,0,0,0,0,0,0,0,0,0,0,0],
            "science":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]},
        "buildings":{"41":{"player":1,"kind":"city","metropolis":"politics"}},
        "players":{"1":{"improvements":{"politics":5},"progress":["spy","spy","warlord","wedding"],
            "progress_known":[2,2,2,2]}}}}));
    KT_REQUIRE(c.s);
    int vp = cat_vp_public(c.g, CS(&c), 1);
    KT_REQUIRE(cat_t_roll(T, &c, 6, 2, EV_GATE_POLITICS));
    KT_EQ(CS(&c)->pl[1].vpcards, 1);
    KT_EQ(CS(&c)->pl[1].nprog, 4);
    KT_EQ(cat_vp_public(c.g, CS(&c), 1), vp + 1);
    KT_CHECK(!cat_t_decision_is(&c, "progress_discard"));
    kt_scn_free(&c);
}

KT_TEST(catan_card_deserter_equal_strength_and_active_state)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{
        "knights":{"8":{"player":1,"level":3,"active":true},"0":{"player":1,"level":1}},
        "roads":{"0-4":1},
        "players":{"0":{"progress":["deserter"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Deserter");
    KT_CHECK(kt_scn_legal(&c, "choose player 2"));
    KT_CHECK(!kt_scn_legal(&c, "choose player 3")); /* no knight */
    KT_DO(&c, "choose player 2");
    /* the victim chooses which knight leaves */
    KT_CHECK(cat_t_decision_is(&c, "deserter_remove"));
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_DO(&c, "remove knight 8");
    KT_EQ(CS(&c)->v_piece[8], VP_NONE);
    /* a mighty knight even without the Fortress, active like the removed */
    KT_EQ(kt_to_move(c.g, c.s), 0);
    KT_CHECK(!kt_scn_legal(&c, "place basic knight at 23"));
    KT_DO(&c, "place mighty knight at 23");
    KT_EQ(CS(&c)->v_aux[23], 3 | KN_ACTIVE);
    KT_EQ(CS(&c)->pl[0].impr[TR_POLITICS], 0);
    /* an active knight placed this way may act at once */
    KT_CHECK(kt_scn_legal(&c, "knight 23 chases the robber"));
    kt_scn_free(&c);
}

KT_TEST(catan_card_deserter_when_you_cannot_place_equal_strength)
{
    /* player 1 already has both basic knights on the board: the card may
     * still be played; the victim loses the knight, nothing is placed */
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{
        "knights":{"8":{"player":1,"level":1},"17":{"player":0,"level":1},"23":{"player":0,"level":1}},
        "players":{"0":{"progress":["deserter"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Deserter");
    KT_DO(&c, "choose player 2");
    KT_CHECK(cat_t_decision_is(&c, "main"));
    KT_EQ(CS(&c)->pl[1].n_knight[1], 0);
    KT_EQ(CS(&c)->pl[0].n_knight[1], 2);
    kt_scn_free(&c);
    /* rule flag deserter=lower: a weaker knight may be placed instead */
    c = cat_scn2(T, "deserter=lower", 4, CB, J({"state":{
        "knights":{"8":{"player":1,"level":2},"17":{"player":0,"level":2},"23":{"player":0,"level":2}},
        "players":{"0":{"progress":["deserter"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Deserter");
    KT_DO(&c, "choose player 2");
    KT_CHECK(cat_t_decision_is(&c, "deserter_place"));
    KT_CHECK(!kt_scn_legal(&c, "place strong knight at 35"));
    KT_DO(&c, "place basic knight at 35");
    KT_EQ(CS(&c)->v_aux[35], 1);
    kt_scn_free(&c);
}

KT_TEST(catan_card_deserter_restrictions)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"knights":{"17":{"player":0,"level":1}},
        "players":{"0":{"progress":["deserter"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Deserter")); /* nobody else has a knight */
    kt_scn_free(&c);
}

KT_TEST(catan_card_diplomat_only_on_open_roads)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"players":{
        "0":{"progress":["diplomat"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Diplomat");
    /* 20-25: 25 is empty and has no other road of player 3 */
    KT_CHECK(kt_scn_legal(&c, "remove road 20-25"));
    /* 17-23 is open at 23; 12-17 is not (city at 12, road 17-23 at 17) */
    KT_CHECK(kt_scn_legal(&c, "remove road 17-23"));
    KT_CHECK(!kt_scn_legal(&c, "remove road 12-17"));
    KT_DO(&c, "remove road 20-25");
    KT_EQ(CS(&c)->e_owner[cat_t_edge(20, 25)], -1);
    KT_EQ(CS(&c)->pl[2].n_road, 0); /* back to its owner's supply */
    KT_CHECK(cat_t_decision_is(&c, "main"));
    kt_scn_free(&c);
    /* a closed loop has no open road: the card cannot be played */
    c = cat_scn(T, "", 4, J({"state":{"attacks":1,
        "buildings":{"0":{"player":0,"kind":"settlement"},"8":{"player":1,"kind":"settlement"}},
        "roads":{"0-4":0,"4-8":0,"8-12":0,"7-12":0,"3-7":0,"0-3":0},"longest_road":0,
        "players":{"0":{"progress":["diplomat"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Diplomat"));
    kt_scn_free(&c);
}

/* The seed's clarification: an open road has an end with no other piece
 * at all - road, building or knight, of any colour.  open_road=owner counts
 * only the road owner's pieces. */
KT_TEST(catan_card_diplomat_seed_an_opponents_road_at_the_end_closes_it)
{
    /* player 1: settlement 0, roads 0-4 and 4-8; player 2: settlement 12
     * and road 8-12, meeting player 1's road at 8 */
    const char *p = J({"state":{"attacks":1,
        "buildings":{"0":{"player":0,"kind":"settlement"},"12":{"player":1,"kind":"settlement"}},
        "roads":{"0-4":0,"4-8":0,"8-12":1},
        "players":{"0":{"progress":["diplomat"],"progress_known":[1]}}}});
    kt_scn c = cat_scn(T, "", 4, p);
    KT_REQUIRE(c.s);
    /* seed: 4-8 ends at player 2's road, 8-12 at player 1's: nothing open */
    KT_CHECK(!kt_scn_legal(&c, "play Diplomat"));
    kt_scn_free(&c);
    c = cat_scn(T, "open_road=owner", 4, p);
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Diplomat");
    KT_CHECK(kt_scn_legal(&c, "remove road 4-8"));
    KT_CHECK(kt_scn_legal(&c, "remove road 8-12"));
    KT_CHECK(!kt_scn_legal(&c, "remove road 0-4"));
    kt_scn_free(&c);
}

KT_TEST(catan_card_diplomat_seed_an_opponents_building_at_the_end_closes_it)
{
    const char *p = J({"state":{"attacks":1,
        "buildings":{"0":{"player":0,"kind":"settlement"},"8":{"player":1,"kind":"settlement"},
                     "20":{"player":2,"kind":"settlement"}},
        "roads":{"0-4":0,"4-8":0,"20-25":2},
        "players":{"0":{"progress":["diplomat"],"progress_known":[1]}}}});
    kt_scn c = cat_scn(T, "", 4, p);
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Diplomat");
    KT_CHECK(!kt_scn_legal(&c, "remove road 4-8")); /* player 2's settlement at 8 */
    KT_CHECK(kt_scn_legal(&c, "remove road 20-25")); /* 25: nothing at all */
    KT_EQ(kt_scn_nlegal(&c), 1);
    kt_scn_free(&c);
    c = cat_scn(T, "open_road=owner", 4, p);
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Diplomat");
    KT_CHECK(kt_scn_legal(&c, "remove road 4-8"));
    kt_scn_free(&c);
}

KT_TEST(catan_card_diplomat_own_road_rebuilt_or_kept)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"players":{
        "0":{"progress":["diplomat","diplomat"],"progress_known":[1,1]}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Diplomat");
    KT_DO(&c, "remove road 17-23");
    KT_CHECK(cat_t_decision_is(&c, "diplomat_rebuild"));
    KT_CHECK(!kt_scn_legal(&c, "build road 17-23")); /* elsewhere */
    KT_DO(&c, "build road 8-12");
    KT_EQ(CS(&c)->e_owner[cat_t_edge(8, 12)], 0);
    KT_EQ(CS(&c)->pl[0].n_road, 3);
    KT_DO(&c, "play Diplomat");
    KT_DO(&c, "remove road 30-35");
    KT_DO(&c, "done"); /* keep it in the supply */
    KT_EQ(CS(&c)->pl[0].n_road, 2);
    kt_scn_free(&c);
}

KT_TEST(catan_card_diplomat_keeps_knights_connected)
{
    /* rule flag open_road=owner: another player's piece does not close an
     * end; a road whose removal strands its owner's knight is not open */
    const char *p = J({"state":{"roads":{"23-29":0,"29-35":3},"knights":{"29":{"player":3,"level":1},
        "23":{"player":0,"level":1}},"players":{"0":{"progress":["diplomat"],"progress_known":[1]}}}});
    kt_scn c = cat_scn2(T, "open_road=owner", 4, CB, p);
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Diplomat");
    KT_CHECK(kt_scn_legal(&c, "remove road 23-29")); /* 23 keeps road 17-23 */
    kt_scn_free(&c);
    c = cat_scn2(T, "", 4, CB, p);
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Diplomat");
    KT_CHECK(!kt_scn_legal(&c, "remove road 23-29")); /* seed: the knight at 29 closes it */
    kt_scn_free(&c);
    c = cat_scn2(T, "open_road=owner", 4, CB, J({"state":{"roads":{"17-23":null,"23-29":0,"29-35":3},
        "knights":{"29":{"player":3,"level":1},"23":{"player":0,"level":1}},
        "players":{"0":{"progress":["diplomat"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Diplomat");
    KT_CHECK(!kt_scn_legal(&c, "remove road 23-29")); /* would strand knight 23 */
    kt_scn_free(&c);
}

KT_TEST(catan_card_intrigue_drives_off_a_knight_on_your_road)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"roads":{"23-29":1,"29-34":1},
        "knights":{"23":{"player":1,"level":3,"active":true}},
        "players":{"0":{"progress":["intrigue"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Intrigue");
    KT_DO(&c, "drive off knight 23"); /* strength and activity do not matter */
    KT_CHECK(cat_t_decision_is(&c, "relocate_knight"));
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_CHECK(!kt_scn_legal(&c, "move knight to 23"));
    KT_DO(&c, "move knight to 29");
    KT_EQ(CS(&c)->v_aux[29], 3 | KN_ACTIVE);
    kt_scn_free(&c);
    /* nowhere to go: back to the owner's supply */
    c = cat_scn2(T, "", 4, CB, J({"state":{"knights":{"23":{"player":1,"level":1}},"roads":{"18-23":1},
        "players":{"0":{"progress":["intrigue"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Intrigue");
    KT_DO(&c, "drive off knight 23");
    KT_CHECK(cat_t_decision_is(&c, "main"));
    KT_EQ(CS(&c)->pl[1].n_knight[1], 0);
    kt_scn_free(&c);
}

KT_TEST(catan_card_intrigue_needs_a_knight_on_your_road)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"knights":{"0":{"player":1,"level":1}},
        "roads":{"0-4":1},"players":{"0":{"progress":["intrigue"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Intrigue"));
    kt_scn_free(&c);
}

KT_TEST(catan_card_saboteur_hits_equal_and_higher_points)
{
    /* VP: player 1 has 3; player 2 has 4 (more), player 3 has 3 (equal,
     * defender), player 4 has 1 (fewer) */
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"players":{
        "0":{"progress":["saboteur"],"progress_known":[1]},
        "1":{"hand":{"ore":5}},"2":{"defender":1,"hand":{"wool":3,"coin":1}},"3":{"hand":{"grain":6}}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Saboteur");
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_DO(&c, "discard ore");
    KT_DO(&c, "discard ore"); /* half of 5, rounded down */
    KT_EQ(kt_to_move(c.g, c.s), 2);
    KT_DO(&c, "discard coin"); /* they choose */
    KT_DO(&c, "discard wool");
    KT_CHECK(cat_t_decision_is(&c, "main"));
    KT_EQ(CS(&c)->pl[1].ncards, 3);
    KT_EQ(CS(&c)->pl[2].ncards, 2);
    KT_EQ(CS(&c)->pl[3].ncards, 6); /* fewer points: untouched */
    kt_scn_free(&c);
}

KT_TEST(catan_card_saboteur_restrictions)
{
    /* every opponent holds at most one card */
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"players":{
        "0":{"progress":["saboteur"],"progress_known":[1]},
        "1":{"hand":{"ore":1}},"2":{"hand":{"wool":1}}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Saboteur"));
    kt_scn_free(&c);
    /* every opponent's hand is empty */
    c = cat_scn2(T, "", 4, CB, J({"state":{"players":{"0":{"progress":["saboteur"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Saboteur"));
    kt_scn_free(&c);
}

KT_TEST(catan_card_spy_takes_a_card_but_no_vp_card)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"players":{
        "0":{"progress":["spy"],"progress_known":[1]},
        "1":{"progress":["bishop","wedding"],"progress_known":[2,2],"vp_cards":["constitution","printer"]}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Spy");
    KT_CHECK(!kt_scn_legal(&c, "choose player 3")); /* no progress card */
    KT_DO(&c, "choose player 2");
    KT_CHECK(cat_t_decision_is(&c, "spy_pick"));
    KT_EQ(kt_scn_nlegal(&c), 2); /* Bishop or Wedding; never a revealed VP card */
    KT_CHECK(!kt_scn_legal(&c, "take Constitution") && !kt_scn_legal(&c, "take Printer"));
    KT_DO(&c, "take Wedding");
    KT_EQ(cat_t_has_card(&c, 0, PC_WEDDING), 1);
    KT_EQ(cat_t_has_card(&c, 1, PC_WEDDING), 0);
    KT_EQ(CS(&c)->pl[1].vpcards, 3);
    kt_scn_free(&c);
}

KT_TEST(catan_card_spy_restrictions)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"players":{
        "0":{"progress":["spy"],"progress_known":[1]},"1":{"vp_cards":["constitution"]}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Spy")); /* no opponent holds a progress card */
    kt_scn_free(&c);
}

KT_TEST(catan_card_warlord_activates_every_knight)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"knights":{"17":{"player":0,"level":1},
        "23":{"player":0,"level":2,"active":true}},
        "players":{"0":{"progress":["warlord"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Warlord");
    KT_CHECK(CS(&c)->v_aux[17] & KN_ACTIVE);
    KT_CHECK(CS(&c)->v_aux[23] & KN_ACTIVE);
    /* newly activated knights cannot act this turn; the ready one can */
    KT_CHECK(!kt_scn_legal(&c, "knight 17 to 22"));
    KT_CHECK(kt_scn_legal(&c, "knight 23 chases the robber"));
    kt_scn_free(&c);
}

KT_TEST(catan_card_warlord_restrictions)
{
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"players":{"0":{"progress":["warlord"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Warlord")); /* no knight */
    kt_scn_free(&c);
    c = cat_scn2(T, "", 4, CB, J({"state":{"knights":{"17":{"player":0,"level":1,"active":true}},
        "players":{"0":{"progress":["warlord"],"progress_known":[1]}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Warlord")); /* all already active */
    kt_scn_free(&c);
}

KT_TEST(catan_card_wedding_richer_players_give_two)
{
    /* player 2: 4 VP (more); player 3: 3 VP (equal, excluded); player 4:
     * 5 VP with a single card */
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"attacks":9,"players":{
        "0":{"progress":["wedding"],"progress_known":[1]},
        "1":{"hand":{"ore":1,"coin":2}},"2":{"defender":1,"hand":{"wool":3}},
        "3":{"defender":4,"hand":{"grain":1}}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Wedding");
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_CHECK(cat_t_decision_is(&c, "give"));
    KT_DO(&c, "give coin"); /* the giver chooses */
    KT_DO(&c, "give ore");
    KT_EQ(kt_to_move(c.g, c.s), 3);
    KT_DO(&c, "give grain");
    KT_CHECK(cat_t_decision_is(&c, "main"));
    KT_EQ(CS(&c)->pl[0].ncards, 3);
    KT_EQ(cat_t_hand(&c, 2, K_WOOL), 3);
    kt_scn_free(&c);
}

KT_TEST(catan_card_wedding_restrictions)
{
    /* with equal points nobody gives */
    kt_scn c = cat_scn2(T, "", 4, CB, J({"state":{"attacks":9,"players":{
        "0":{"defender":1,"progress":["wedding"],"progress_known":[1]},
        "1":{"hand":{"ore":3}},"2":{"defender":2,"hand":{"ore":3}}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Wedding"));
    kt_scn_free(&c);
    /* richer players with empty hands */
    c = cat_scn2(T, "", 4, CB, J({"state":{"attacks":9,"players":{
        "0":{"progress":["wedding"],"progress_known":[1]},"2":{"hand":{"ore":3}}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "play Wedding"));
    kt_scn_free(&c);
}
