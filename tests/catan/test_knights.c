/*
 * test_knights.c - barbarians, attacks, knights and the robber's chase.
 */
#include <stdio.h>
#include <string.h>

#include "catan_test.h"

#define ROLL "\"header\":{\"decision\":\"roll\"},"
#define ROLLSTACK "\"stack\":[{\"kind\":\"roll\",\"player\":0,\"a\":0,\"b\":0}]"

KT_TEST(catan_barbarians_ship_advances_the_track)
{
    kt_scn c = cat_scn(T, "", 4, "{" ROLL "\"state\":{" ROLLSTACK ",\"barbarians\":2}}");
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 1, 2, EV_SHIP));
    KT_EQ(CS(&c)->barb, 3);
    kt_scn_free(&c);
    c = cat_scn(T, "", 4, "{" ROLL "\"state\":{" ROLLSTACK ",\"barbarians\":2}}");
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 1, 2, EV_GATE_SCIENCE));
    KT_EQ(CS(&c)->barb, 2); /* gates do not move the ship */
    kt_scn_free(&c);
}

KT_TEST(catan_barbarians_defended_single_defender)
{
    kt_scn c = cat_scn(T, "", 4,
                       "{" ROLL "\"state\":{" ROLLSTACK ",\"barbarians\":6,"
                       "\"buildings\":{\"12\":{\"player\":0,\"kind\":\"city\"},\"30\":{\"player\":1,\"kind\":\"settlement\"}},"
                       "\"roads\":{\"12-17\":0,\"30-35\":1},"
                       "\"knights\":{\"17\":{\"player\":0,\"level\":2,\"active\":true},"
                       "\"35\":{\"player\":1,\"level\":1,\"active\":true}}}}");
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 1, 4, EV_SHIP));
    /* strength 1 city vs 3 knights: Catan wins, player 1 alone is best */
    KT_EQ(CS(&c)->pl[0].defender, 1);
    KT_EQ(CS(&c)->pl[1].defender, 0);
    KT_EQ(CS(&c)->barb, 0);
    KT_EQ(CS(&c)->attacks, 1);
    /* every knight is inactive afterwards */
    KT_EQ(CS(&c)->v_aux[17] & KN_ACTIVE, 0);
    KT_EQ(CS(&c)->v_aux[35] & KN_ACTIVE, 0);
    KT_EQ(cat_vp_public(c.g, CS(&c), 0), 3);
    kt_scn_free(&c);
}

KT_TEST(catan_barbarians_tie_at_the_top_draws_progress_cards)
{
    kt_scn c = cat_scn(T, "", 4,
                       "{" ROLL "\"state\":{" ROLLSTACK ",\"barbarians\":6,"
                       "\"buildings\":{\"12\":{\"player\":0,\"kind\":\"city\"},\"30\":{\"player\":1,\"kind\":\"settlement\"}},"
                       "\"roads\":{\"12-17\":0,\"30-35\":1},"
                       "\"knights\":{\"17\":{\"player\":0,\"level\":1,\"active\":true},"
                       "\"35\":{\"player\":1,\"level\":1,\"active\":true}}}}");
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 1, 4, EV_SHIP));
    KT_CHECK(cat_t_decision_is(&c, "defender_draw"));
    KT_EQ(kt_to_move(c.g, c.s), 0); /* the active player first */
    /* any deck, even without improvements in that colour */
    KT_CHECK(kt_scn_legal(&c, "draw a trade card") && kt_scn_legal(&c, "draw a science card"));
    KT_DO(&c, "draw a politics card");
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_DO(&c, "draw a science card");
    KT_EQ(CS(&c)->pl[0].nprog + cat_popc(CS(&c)->pl[0].vpcards), 1);
    KT_EQ(CS(&c)->pl[1].nprog + cat_popc(CS(&c)->pl[1].vpcards), 1);
    KT_EQ(CS(&c)->pl[0].defender + CS(&c)->pl[1].defender, 0);
    KT_CHECK(cat_t_decision_is(&c, "main"));
    kt_scn_free(&c);
}

KT_TEST(catan_barbarians_win_lowest_contributor_loses_a_city)
{
    kt_scn c = cat_scn(T, "", 4,
                       "{" ROLL "\"state\":{" ROLLSTACK ",\"barbarians\":6,"
                       "\"buildings\":{\"12\":{\"player\":0,\"kind\":\"city\",\"wall\":true},"
                       "\"30\":{\"player\":1,\"kind\":\"city\"},\"41\":{\"player\":2,\"kind\":\"settlement\"}},"
                       "\"roads\":{\"12-17\":0,\"30-35\":1},"
                       "\"knights\":{\"35\":{\"player\":1,\"level\":1,\"active\":true}}}}");
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 1, 4, EV_SHIP));
    /* strength 2 > defence 1; player 1 (0 knights) pays, player 3 has no city */
    KT_EQ(CS(&c)->v_piece[12], VP_SETTLE);
    KT_EQ(CS(&c)->v_aux[12], 0); /* the wall is lost too */
    KT_EQ(CS(&c)->pl[0].n_wall, 0);
    KT_EQ(CS(&c)->v_piece[30], VP_CITY);
    KT_EQ(CS(&c)->attacks, 1);
    kt_scn_free(&c);
}

KT_TEST(catan_barbarians_skip_players_with_only_metropolises)
{
    kt_scn c = cat_scn(T, "", 4,
                       "{" ROLL "\"state\":{" ROLLSTACK ",\"barbarians\":6,"
                       "\"buildings\":{\"12\":{\"player\":0,\"kind\":\"city\",\"metropolis\":\"politics\"},"
                       "\"30\":{\"player\":1,\"kind\":\"city\"},\"41\":{\"player\":2,\"kind\":\"city\"}},"
                       "\"roads\":{\"12-17\":0,\"30-35\":1,\"41-45\":2},"
                       "\"knights\":{\"35\":{\"player\":1,\"level\":1,\"active\":true},"
                       "\"45\":{\"player\":2,\"level\":1,\"active\":true}},"
                       "\"players\":{\"0\":{\"improvements\":{\"politics\":4}}}}}");
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 1, 4, EV_SHIP));
    /* strength 3 > 2: player 1 (0, metropolis only) is skipped; players 2
     * and 3 tie at 1 and both lose a city */
    KT_EQ(CS(&c)->v_piece[12], VP_CITY);
    KT_EQ(CS(&c)->v_piece[30], VP_SETTLE);
    KT_EQ(CS(&c)->v_piece[41], VP_SETTLE);
    kt_scn_free(&c);
}

KT_TEST(catan_barbarians_strength_counts_a_metropolis_once)
{
    const char *p = "{" ROLL "\"state\":{" ROLLSTACK ",\"barbarians\":6,"
                    "\"buildings\":{\"12\":{\"player\":0,\"kind\":\"city\",\"metropolis\":\"trade\"},"
                    "\"30\":{\"player\":1,\"kind\":\"city\"}},"
                    "\"roads\":{\"12-17\":0,\"30-35\":1},"
                    "\"knights\":{\"17\":{\"player\":0,\"level\":2,\"active\":true}},"
                    "\"players\":{\"0\":{\"improvements\":{\"trade\":4}}}}}";
    kt_scn c = cat_scn(T, "", 4, p);
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 1, 4, EV_SHIP));
    KT_EQ(CS(&c)->pl[0].defender, 1); /* 2 cities vs 2: defended */
    KT_EQ(CS(&c)->v_piece[30], VP_CITY);
    kt_scn_free(&c);
    c = cat_scn(T, "barbarian_strength=metropolis_double", 4, p);
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 1, 4, EV_SHIP));
    KT_EQ(CS(&c)->pl[0].defender, 0); /* 3 vs 2: lost; player 2 (0 knights) pays */
    KT_EQ(CS(&c)->v_piece[30], VP_SETTLE);
    kt_scn_free(&c);
}

KT_TEST(catan_barbarians_city_choice_and_sideways_city)
{
    /* five settlements on the board: the lost city lies on its side */
    kt_scn c = cat_scn(T, "", 4,
                       "{" ROLL "\"state\":{" ROLLSTACK ",\"barbarians\":6,"
                       "\"buildings\":{\"12\":{\"player\":0,\"kind\":\"city\"},\"36\":{\"player\":0,\"kind\":\"city\"},"
                       "\"0\":{\"player\":0,\"kind\":\"settlement\"},\"2\":{\"player\":0,\"kind\":\"settlement\"},"
                       "\"16\":{\"player\":0,\"kind\":\"settlement\"},\"26\":{\"player\":0,\"kind\":\"settlement\"},"
                       "\"44\":{\"player\":0,\"kind\":\"settlement\"}},"
                       "\"roads\":{\"12-17\":0,\"44-48\":0},"
                       "\"players\":{\"0\":{\"hand\":{\"ore\":6,\"grain\":4}}}}}");
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 1, 4, EV_SHIP));
    KT_CHECK(cat_t_decision_is(&c, "city_loss"));
    KT_CHECK(kt_scn_legal(&c, "lose city 12") && kt_scn_legal(&c, "lose city 36"));
    KT_DO(&c, "lose city 36");
    KT_EQ(CS(&c)->v_piece[36], VP_SETTLE);
    KT_CHECK(CS(&c)->v_aux[36] & AUX_SIDEWAYS);
    KT_EQ(cat_vp_public(c.g, CS(&c), 0), 2 + 6); /* sideways counts as a settlement */
    /* it must be raised before any other settlement */
    KT_CHECK(cat_t_decision_is(&c, "main"));
    KT_CHECK(!kt_scn_legal(&c, "build city 44"));
    KT_DO(&c, "build city 36");
    KT_EQ(CS(&c)->v_aux[36], 0);
    KT_EQ(CS(&c)->pl[0].n_sideways, 0);
    KT_EQ(CS(&c)->pl[0].n_city, 2);
    kt_scn_free(&c);
}

KT_TEST(catan_barbarians_first_attack_on_a_seven_frees_the_robber)
{
    kt_scn c = cat_scn(T, "", 4,
                       "{" ROLL "\"state\":{" ROLLSTACK ",\"barbarians\":6,"
                       "\"buildings\":{\"12\":{\"player\":0,\"kind\":\"settlement\"}},\"roads\":{\"12-17\":0}}}");
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 3, 4, EV_SHIP));
    KT_EQ(CS(&c)->attacks, 1);
    KT_CHECK(cat_t_decision_is(&c, "robber"));
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ knights */

static const char *KBOARD =
    "{\"state\":{\"attacks\":1,\"buildings\":{\"12\":{\"player\":0,\"kind\":\"city\"},"
    "\"35\":{\"player\":1,\"kind\":\"settlement\"}},"
    "\"roads\":{\"12-17\":0,\"17-23\":0,\"23-29\":0,\"17-22\":0,\"35-29\":1,\"29-34\":1,\"34-39\":1}}}";

KT_TEST(catan_knight_recruit_activate_and_supply)
{
    kt_scn c = cat_scn2(T, "", 4, KBOARD,
                        "{\"state\":{\"players\":{\"0\":{\"hand\":{\"wool\":3,\"ore\":3,\"grain\":2}}}}}");
    KT_REQUIRE(c.s);
    /* sites touch the player's roads, no distance rule, not occupied */
    KT_CHECK(kt_scn_legal(&c, "recruit knight 17") && kt_scn_legal(&c, "recruit knight 22"));
    KT_CHECK(!kt_scn_legal(&c, "recruit knight 12") && !kt_scn_legal(&c, "recruit knight 8"));
    KT_CHECK(!kt_scn_legal(&c, "recruit knight 39")); /* another player's road */
    KT_DO(&c, "recruit knight 17");
    KT_EQ(cat_t_hand(&c, 0, K_WOOL), 2);
    KT_EQ(cat_t_hand(&c, 0, K_ORE), 2);
    KT_EQ(CS(&c)->v_aux[17], 1); /* basic and inactive */
    KT_DO(&c, "recruit knight 22");
    /* only two basic knights in the supply */
    KT_CHECK(!kt_scn_legal(&c, "recruit knight 23"));
    KT_DO(&c, "activate knight 17");
    KT_EQ(cat_t_hand(&c, 0, K_GRAIN), 1);
    /* activated this turn: it may not act yet */
    KT_CHECK(!kt_scn_legal(&c, "knight 17 to 23"));
    KT_CHECK(!kt_scn_legal(&c, "knight 17 chases the robber"));
    kt_scn_free(&c);
}

KT_TEST(catan_knight_promotion_fortress_and_once_per_turn)
{
    kt_scn c = cat_scn2(T, "", 4, KBOARD,
                        "{\"state\":{\"knights\":{\"17\":{\"player\":0,\"level\":1,\"active\":true}},"
                        "\"players\":{\"0\":{\"hand\":{\"wool\":4,\"ore\":4}}}}}");
    KT_REQUIRE(c.s);
    KT_DO(&c, "promote knight 17");
    KT_EQ(CS(&c)->v_aux[17] & KN_LEVEL, 2);
    KT_CHECK(CS(&c)->v_aux[17] & KN_ACTIVE); /* keeps its active state */
    /* once per knight per turn, and mighty needs the Fortress */
    KT_CHECK(!kt_scn_legal(&c, "promote knight 17"));
    /* a new knight may be promoted at once */
    KT_DO(&c, "recruit knight 23");
    KT_DO(&c, "promote knight 23");
    KT_EQ(CS(&c)->pl[0].n_knight[2], 2);
    kt_scn_free(&c);
    c = cat_scn2(T, "", 4, KBOARD,
                 "{\"state\":{\"knights\":{\"17\":{\"player\":0,\"level\":2}},"
                 "\"players\":{\"0\":{\"hand\":{\"wool\":4,\"ore\":4}}}}}");
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "promote knight 17")); /* politics level 0 */
    kt_scn_free(&c);
    c = cat_scn2(T, "", 4, KBOARD,
                 "{\"state\":{\"knights\":{\"17\":{\"player\":0,\"level\":2}},"
                 "\"players\":{\"0\":{\"improvements\":{\"politics\":3},\"hand\":{\"wool\":4,\"ore\":4}}}}}");
    KT_REQUIRE(c.s);
    KT_DO(&c, "promote knight 17");
    KT_EQ(CS(&c)->v_aux[17] & KN_LEVEL, 3);
    kt_scn_free(&c);
}

KT_TEST(catan_knight_moves_along_own_roads)
{
    kt_scn c = cat_scn2(T, "", 4, KBOARD,
                        "{\"state\":{\"knights\":{\"23\":{\"player\":0,\"level\":1,\"active\":true},"
                        "\"22\":{\"player\":2,\"level\":1}},\"roads\":{\"16-22\":2},"
                        "\"players\":{\"0\":{\"hand\":{\"grain\":1}}}}}");
    KT_REQUIRE(c.s);
    /* through 17 (empty) and 12 is a building of its own (passable, not a
     * destination); 22 holds an equal opposing knight: no displacement */
    KT_CHECK(kt_scn_legal(&c, "knight 23 to 17") && kt_scn_legal(&c, "knight 23 to 29"));
    KT_CHECK(!kt_scn_legal(&c, "knight 23 displaces knight 22"));
    KT_CHECK(!kt_scn_legal(&c, "knight 23 to 8")); /* no road there */
    KT_DO(&c, "knight 23 to 17");
    /* acting made it inactive; re-activating does not allow a second act */
    KT_EQ(CS(&c)->v_aux[17] & KN_ACTIVE, 0);
    KT_DO(&c, "activate knight 17");
    KT_CHECK(!kt_scn_legal(&c, "knight 17 to 23"));
    kt_scn_free(&c);
}

KT_TEST(catan_knight_displaces_a_weaker_knight)
{
    kt_scn c = cat_scn2(T, "", 4, KBOARD,
                        "{\"state\":{\"knights\":{\"17\":{\"player\":0,\"level\":2,\"active\":true},"
                        "\"29\":{\"player\":1,\"level\":1,\"active\":true}}}}");
    KT_REQUIRE(c.s);
    KT_DO(&c, "knight 17 displaces knight 29");
    KT_EQ(CS(&c)->v_owner[29], 0);
    /* the owner moves it along its own roads to a free vertex */
    KT_CHECK(cat_t_decision_is(&c, "relocate_knight"));
    KT_EQ(kt_to_move(c.g, c.s), 1);
    KT_CHECK(kt_scn_legal(&c, "move knight to 34") && kt_scn_legal(&c, "move knight to 39"));
    KT_CHECK(!kt_scn_legal(&c, "move knight to 23"));
    KT_DO(&c, "move knight to 39");
    KT_EQ(CS(&c)->v_owner[39], 1);
    KT_CHECK(CS(&c)->v_aux[39] & KN_ACTIVE); /* active state unchanged */
    KT_CHECK(cat_t_decision_is(&c, "main"));
    kt_scn_free(&c);
    /* nowhere to go: back to the supply */
    c = cat_scn2(T, "", 4, KBOARD,
                 "{\"state\":{\"roads\":{\"29-34\":null,\"34-39\":null},"
                 "\"knights\":{\"17\":{\"player\":0,\"level\":2,\"active\":true},"
                 "\"29\":{\"player\":1,\"level\":1,\"active\":true}}}}");
    KT_REQUIRE(c.s);
    KT_DO(&c, "knight 17 displaces knight 29");
    KT_CHECK(cat_t_decision_is(&c, "main"));
    KT_EQ(CS(&c)->pl[1].n_knight[1], 0);
    kt_scn_free(&c);
}

KT_TEST(catan_knight_chases_the_robber)
{
    const char *k = "{\"state\":{\"knights\":{\"23\":{\"player\":0,\"level\":1,\"active\":true}},"
                    "\"players\":{\"1\":{\"hand\":{\"ore\":1}}}}}";
    kt_scn c = cat_scn2(T, "", 4, KBOARD, k);
    KT_REQUIRE(c.s);
    KT_DO(&c, "knight 23 chases the robber"); /* 23 touches J, the desert */
    KT_CHECK(cat_t_decision_is(&c, "robber"));
    KT_DO(&c, "robber to N"); /* N touches 35 (player 2) */
    KT_EQ(cat_t_hand(&c, 0, K_ORE), 1);
    KT_CHECK(CS(&c)->v_aux[23] & KN_USED);
    KT_EQ(CS(&c)->v_aux[23] & KN_ACTIVE, 0);
    kt_scn_free(&c);
    /* not before the first attack */
    c = cat_scn2(T, "", 4, KBOARD, "{\"state\":{\"attacks\":0,\"knights\":{\"23\":{\"player\":0,\"level\":1,\"active\":true}}}}");
    KT_REQUIRE(c.s);
    KT_CHECK(!kt_scn_legal(&c, "knight 23 chases the robber"));
    KT_CHECK(kt_scn_legal(&c, "knight 23 to 29") || kt_scn_legal(&c, "knight 23 to 17"));
    kt_scn_free(&c);
}

KT_TEST(catan_knight_blocks_sites_and_roads)
{
    kt_scn c = cat_scn2(T, "", 4, KBOARD,
                        "{\"state\":{\"roads\":{\"22-28\":0,\"18-23\":1},\"knights\":{\"28\":{\"player\":0,\"level\":1},"
                        "\"23\":{\"player\":1,\"level\":1}},"
                        "\"players\":{\"0\":{\"hand\":{\"brick\":2,\"lumber\":2,\"wool\":1,\"grain\":1}}}}}");
    KT_REQUIRE(c.s);
    /* its own knight blocks the owner's settlement site too */
    KT_CHECK(!kt_scn_legal(&c, "build settlement 28"));
    /* the opposing knight at 23 cuts the road: 12-17-23 | 23-29 */
    KT_CHECK(!kt_scn_legal(&c, "build road 23-24") && !kt_scn_legal(&c, "build road 29-30"));
    KT_CHECK(kt_scn_legal(&c, "build road 28-33"));
    KT_EQ(CS(&c)->pl[0].road_len, 3); /* 12-17-22-28 */
    kt_scn_free(&c);
}
