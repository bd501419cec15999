/*
 * test_fwm_events.c - Fugger, Welser, Medici: every event card.  Robbers
 * and pirates (the roll table, bought bonuses, free passage, the victim's
 * choice, merchants passing or standing, cleared by the calendar), the
 * Black Sheep (pass-on stake, keeping, the track, two players), the boom,
 * the lottery, Army Costs, the Reckoning Trick auction, the Discovery of
 * America, the Imperial Coronation, the Fuggerei, Corruption and the
 * Mediterranean blockade, with their tie-breaks.
 */
#include <stdio.h>
#include <string.h>

#include "fwm_helpers.h"

/* ------------------------------------------------------------ robbers */

/* Robbers in Franken (E01) drawn in round 1; player 2 (index 1) moves first then:
 * merchant A at Donauwörth with 2 cloth and 1 metal. */
static kt_scn robbers(kt_t *T, const char *opts, const char *p1)
{
    char more[512];
    snprintf(more, sizeof more,
             "\"players\":{\"1\":{\"merchants\":{\"A\":{\"at\":\"DON\",\"cargo\":{\"cloth\":2,\"metal\":1},"
             "\"stamp\":0}%s}}}",
             p1 ? p1 : "");
    return fwm_draw(T, opts, 3, "N07,E01", NULL, more);
}

KT_TEST(fwm_robbers_attack_a_merchant_entering_their_region)
{
    kt_scn c = robbers(T, NULL, NULL);
    KT_REQUIRE(c.s);
    KT_CHECK((S(&c)->robarea >> fwm_area_find(C(&c), "franken")) & 1u);
    KT_EQ(kt_to_move(c.g, c.s), 1);
    AS(&c, 1, "A to Nuremberg");
    DICE(&c, 6, 6);
    AS(&c, 1, "go");
    KT_STREQ(kt_decision(c.g, c.s), "robbery");
    DICE(&c, 2, 3); /* 5: two goods lost */
    AS(&c, 1, "roll");
    KT_STREQ(kt_decision(c.g, c.s), "robbery_loss");
    AS(&c, 1, "lose cloth");
    AS(&c, 1, "lose metal");
    KT_EQ(S(&c)->pl[1].m[0].cargo[G_CLOTH], 1);
    KT_EQ(fwm_cargo(&S(&c)->pl[1].m[0]), 1);
    KT_STREQ(kt_decision(c.g, c.s), "move");
    kt_scn_free(&c);
}

KT_TEST(fwm_robbery_roll_table_and_bought_bonus)
{
    /* 7-9 loses one good, 10 and more nothing; 100 FL buys +1 before the roll */
    int rolls[3][2] = {{3, 4}, {4, 5}, {4, 6}}, lost[3] = {1, 1, 0};
    for (int k = 0; k < 3; k++) {
        kt_scn c = robbers(T, NULL, NULL);
        KT_REQUIRE(c.s);
        AS(&c, 1, "A to Nuremberg");
        DICE(&c, 6, 6);
        AS(&c, 1, "go");
        DICE(&c, rolls[k][0], rolls[k][1]);
        AS(&c, 1, "roll");
        while (strcmp(kt_decision(c.g, c.s), "robbery_loss") == 0)
            AS(&c, 1, "lose cloth");
        KT_EQ(fwm_cargo(&S(&c)->pl[1].m[0]), 3 - lost[k]);
        kt_scn_free(&c);
    }
    kt_scn c = robbers(T, NULL, NULL);
    KT_REQUIRE(c.s);
    AS(&c, 1, "A to Nuremberg");
    DICE(&c, 6, 6);
    AS(&c, 1, "go");
    AS(&c, 1, "pay 100 FL for +1");
    AS(&c, 1, "zahle 100 FL für +1");
    DICE(&c, 4, 4); /* 8 + 2 = 10: nothing lost */
    AS(&c, 1, "roll");
    KT_EQ(fwm_cargo(&S(&c)->pl[1].m[0]), 3);
    KT_EQ(S(&c)->pl[1].money, 9000 - 200);
    kt_scn_free(&c);
}

KT_TEST(fwm_robbery_free_passage_gives_two)
{
    kt_scn c = robbers(T, "mode=nobility", NULL);
    KT_REQUIRE(c.s);
    S(&c)->pl[1].cubes = 1u << fwm_area_find(C(&c), "franken");
    AS(&c, 1, "A to Nuremberg");
    DICE(&c, 6, 6);
    AS(&c, 1, "go");
    DICE(&c, 4, 4); /* 8 + 2 = 10 */
    AS(&c, 1, "roll");
    KT_EQ(fwm_cargo(&S(&c)->pl[1].m[0]), 3);
    kt_scn_free(&c);
}

KT_TEST(fwm_robbers_attack_merchants_standing_in_the_region_and_leave_with_the_calendar)
{
    /* merchant B stands at home in Nürnberg with spice and does not move */
    kt_scn c = robbers(T, NULL, ",\"B\":{\"at\":\"NUR\",\"cargo\":{\"spice\":2},\"stamp\":2}");
    KT_REQUIRE(c.s);
    AS(&c, 1, "end turn");
    KT_STREQ(kt_decision(c.g, c.s), "robbery");
    KT_EQ(S(&c)->x_merch, 1);
    DICE(&c, 1, 1);
    AS(&c, 1, "roll"); /* two spice lost: one kind, no choice */
    KT_EQ(fwm_cargo(&S(&c)->pl[1].m[1]), 0);
    KT_EQ(fwm_cargo(&S(&c)->pl[1].m[0]), 3); /* A stands in Swabia: untouched */
    KT_EQ(kt_to_move(c.g, c.s), 2);
    fwm_end_round(T, &c);
    KT_EQ(S(&c)->robarea, 0u);
    KT_EQ(S(&c)->where[fwm_cd(&c, "E01")], W_GONE); /* trading-house: removed */
    kt_scn_free(&c);
}

KT_TEST(fwm_pirates_attack_at_sea)
{
    kt_scn c = fwm_draw(T, NULL, 3, "N07,E03", NULL,
                        "\"players\":{\"1\":{\"merchants\":{\"A\":{\"at\":\"GEN\",\"cargo\":{\"spice\":2},"
                        "\"stamp\":0}}}}");
    KT_REQUIRE(c.s);
    AS(&c, 1, "A to Ligurian Sea");
    DICE(&c, 6, 6);
    AS(&c, 1, "go");
    KT_STREQ(kt_decision(c.g, c.s), "robbery");
    DICE(&c, 3, 4);
    AS(&c, 1, "roll");
    KT_EQ(fwm_cargo(&S(&c)->pl[1].m[0]), 1);
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ Black Sheep */

KT_TEST(fwm_black_sheep_is_passed_with_a_rising_stake)
{
    kt_scn c = fwm_draw(T, "mode=nobility", 3, "N07,E04", NULL, "\"players\":{\"0\":{\"track\":2}}");
    KT_REQUIRE(c.s);
    KT_STREQ(kt_decision(c.g, c.s), "sheep");
    KT_EQ(kt_to_move(c.g, c.s), 1); /* the start player of round 2 */
    AS(&c, 1, "pass the sheep to player 3");
    KT_EQ(S(&c)->pl[1].money, 9000 - 20);
    AS(&c, 2, "Schaf an Spieler 1 weitergeben"); /* matches the 20 on it: 40 */
    KT_EQ(S(&c)->pl[2].money, 9000 - 20);
    AS(&c, 0, "pass the sheep to player 2"); /* 40 more: 80 */
    KT_EQ(S(&c)->pl[0].money, 9000 - 40);
    AS(&c, 1, "keep the sheep");
    KT_EQ(S(&c)->sheep, 1);
    KT_EQ(S(&c)->pl[1].money, 9000 - 20 + 80);
    KT_EQ(S(&c)->pl[1].track, 0); /* at the bottom: no step back */
    KT_EQ(S(&c)->where[fwm_cd(&c, "E04")], W_HELD);
    kt_scn_free(&c);
    c = fwm_draw(T, "mode=nobility", 3, "N07,E04", NULL, "\"players\":{\"1\":{\"track\":5}}");
    KT_REQUIRE(c.s);
    AS(&c, 1, "keep the sheep");
    KT_EQ(S(&c)->pl[1].track, 4);
    kt_scn_free(&c);
}

KT_TEST(fwm_black_sheep_two_players_the_other_must_take_it)
{
    kt_scn c = fwm_draw(T, NULL, 2, "N07,E04", NULL, NULL);
    KT_REQUIRE(c.s);
    KT_EQ(kt_to_move(c.g, c.s), 1); /* round 2's start player */
    AS(&c, 1, "pass the sheep to player 1");
    KT_EQ(S(&c)->sheep, 0);
    KT_EQ(S(&c)->pl[0].money, 9000 + 20);
    kt_scn_free(&c);
    c = fwm_draw(T, "sheep_2p=0", 2, "N07,E04", NULL, NULL);
    KT_REQUIRE(c.s);
    AS(&c, 1, "pass the sheep to player 1");
    KT_STREQ(kt_decision(c.g, c.s), "sheep");
    KT_EQ(kt_to_move(c.g, c.s), 0);
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ boom */

KT_TEST(fwm_boom_after_the_next_deal_the_display_returns_to_four)
{
    kt_scn c = fwm_draw(T, NULL, 3, "N02,N08,N07,E05", NULL, NULL);
    KT_REQUIRE(c.s);
    KT_EQ(fwm_open_counted(C(&c), S(&c)), 5);
    /* one more deal resolves (A03, due in round 5, nobody there) */
    while (S(&c)->round < 5 && !kt_is_over(c.g, c.s))
        fwm_end_round(T, &c);
    KT_EQ(S(&c)->boom, 0);
    KT_EQ(S(&c)->where[fwm_cd(&c, "N02")], W_DECK); /* no card was drawn for A03 */
    KT_EQ(fwm_open_counted(C(&c), S(&c)), 4);
    kt_scn_free(&c);
    /* a second boom while five are open has no effect */
    c = fwm_draw(T, "mode=manor", 3, "N02,N08,E19,N07,E05", NULL, NULL);
    KT_REQUIRE(c.s);
    KT_EQ(fwm_open_counted(C(&c), S(&c)), 5);
    KT_EQ(S(&c)->where[fwm_cd(&c, "E19")], W_RESERVE);
    KT_EQ(S(&c)->where[fwm_cd(&c, "N02")], W_DECK);
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ lottery */

KT_TEST(fwm_lottery_bets_in_turn_numbers_taken_once_winner_two_steps)
{
    kt_scn c = fwm_draw(T, "mode=nobility", 3, "N07,E07", NULL, NULL);
    KT_REQUIRE(c.s);
    KT_STREQ(kt_decision(c.g, c.s), "lottery");
    KT_EQ(kt_to_move(c.g, c.s), 1);
    AS(&c, 1, "bet on 3");
    AS(&c, 1, "setze auf 4");
    AS(&c, 1, "done");
    KT_CHECK(!fwm_legal_for(&c, 2, "bet on 3")); /* taken */
    AS(&c, 2, "bet on 5");
    AS(&c, 2, "done");
    AS(&c, 0, "done");
    AS(&c, 1, "done");
    DICE(&c, 4);
    AS(&c, 2, "done"); /* a whole round without a bet: the die is rolled */
    KT_EQ(S(&c)->pl[1].track, 2);
    KT_EQ(S(&c)->pl[1].money, 9000 - 200);
    KT_EQ(S(&c)->pl[2].track, 0);
    KT_EQ(S(&c)->where[fwm_cd(&c, "E07")], W_RESERVE);
    kt_scn_free(&c);
    /* all six numbers taken ends the betting at once */
    c = fwm_draw(T, "mode=nobility", 3, "N07,E07", NULL, NULL);
    KT_REQUIRE(c.s);
    for (int k = 1; k <= 5; k++) {
        char t[32];
        snprintf(t, sizeof t, "bet on %d", k);
        AS(&c, 1, t);
    }
    DICE(&c, 6);
    AS(&c, 1, "bet on 6");
    KT_STREQ(kt_decision(c.g, c.s), "move");
    KT_EQ(S(&c)->pl[1].track, 2);
    kt_scn_free(&c);
}

KT_TEST(fwm_lottery_numbers_shared_when_not_exclusive)
{
    kt_scn c = fwm_draw(T, "mode=nobility;lottery_exclusive=0", 3, "N07,E07", NULL, NULL);
    KT_REQUIRE(c.s);
    AS(&c, 1, "bet on 3");
    AS(&c, 1, "done");
    AS(&c, 2, "bet on 3");
    AS(&c, 2, "done");
    AS(&c, 0, "done");
    AS(&c, 1, "done");
    DICE(&c, 3);
    AS(&c, 2, "done");
    KT_EQ(S(&c)->pl[1].track, 2);
    KT_EQ(S(&c)->pl[2].track, 2);
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ IOU auctions */

KT_TEST(fwm_army_costs_players_minus_one_ious_highest_first_lower_track_on_ties)
{
    kt_scn c = fwm_draw(T, "mode=nobility", 3, "N07,E08", NULL,
                        "\"players\":{\"0\":{\"track\":3},\"1\":{\"track\":1}}");
    KT_REQUIRE(c.s);
    KT_EQ(kt_pending(c.g, c.s), 7u);
    KT_CHECK(!fwm_legal_for(&c, 0, "bid 3 at 600") && fwm_legal_for(&c, 0, "bid 2 at 600"));
    KT_CHECK(!fwm_legal_for(&c, 0, "bid 1 at 480") && fwm_legal_for(&c, 0, "bid 1 at 500"));
    KT_CHECK(fwm_legal_for(&c, 0, "bid 1 at 10480") && !fwm_legal_for(&c, 0, "bid 1 at 10500"));
    KT_CHECK(!fwm_legal_for(&c, 0, "bid 1 at 510") && fwm_legal_for(&c, 0, "pass"));
    BID(&c, 0, 2, 600);
    BID(&c, 1, 1, 600);
    BID(&c, 2, 1, 700);
    /* 2 IOUs: player 3 (700) first, then the tie at 600 goes to the lower track: player 2 */
    KT_EQ(S(&c)->pl[2].ious, 1);
    KT_EQ(S(&c)->pl[1].ious, 1);
    KT_EQ(S(&c)->pl[0].ious, 0);
    KT_EQ(S(&c)->pl[2].money, 9000 - 700);
    KT_EQ(S(&c)->pl[1].track, 3); /* +2 per IOU */
    KT_EQ(S(&c)->pl[0].money, 9000);
    kt_scn_free(&c);
}

KT_TEST(fwm_iou_auction_equal_track_decided_by_dice)
{
    kt_scn c = fwm_draw(T, "mode=nobility", 3, "N07,E08", NULL, NULL);
    KT_REQUIRE(c.s);
    BID(&c, 0, 2, 600);
    BID(&c, 1, 2, 600);
    DICE(&c, 2, 6); /* player 1 rolls 2, player 2 rolls 6 */
    BID(&c, 2, 0, 0);
    KT_EQ(S(&c)->pl[1].ious, 2);
    KT_EQ(S(&c)->pl[0].ious, 0);
    kt_scn_free(&c);
}

KT_TEST(fwm_imperial_coronation_half_the_players_ious_and_removed)
{
    kt_scn c = fwm_draw(T, "mode=nobility", 4, "N07,E11", NULL, NULL);
    KT_REQUIRE(c.s);
    KT_EQ(S(&c)->auc.qtot, 2);
    BID(&c, 0, 2, 900);
    BID(&c, 1, 0, 0);
    BID(&c, 2, 0, 0);
    BID(&c, 3, 0, 0);
    KT_EQ(S(&c)->pl[0].ious, 2);
    KT_EQ(S(&c)->where[fwm_cd(&c, "E11")], W_GONE);
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ single items */

KT_TEST(fwm_reckoning_trick_auction_winner_pays_unsold_back_to_the_reserve)
{
    kt_scn c = fwm_draw(T, "mode=nobility", 3, "N07,E09", NULL, NULL);
    KT_REQUIRE(c.s);
    BID(&c, 0, 1, 100);
    BID(&c, 1, 1, 300);
    BID(&c, 2, 0, 0);
    KT_EQ(S(&c)->trick, 1);
    KT_EQ(S(&c)->pl[1].money, 9000 - 300);
    KT_EQ(S(&c)->pl[0].money, 9000);
    KT_EQ(S(&c)->where[fwm_cd(&c, "E09")], W_HELD);
    kt_scn_free(&c);
    c = fwm_draw(T, "mode=nobility", 3, "N07,E09", NULL, NULL);
    KT_REQUIRE(c.s);
    BID(&c, 0, 0, 0);
    BID(&c, 1, 0, 0);
    BID(&c, 2, 0, 0);
    KT_EQ(S(&c)->trick, -1);
    KT_EQ(S(&c)->where[fwm_cd(&c, "E09")], W_RESERVE);
    kt_scn_free(&c);
}

KT_TEST(fwm_fuggerei_everybody_pays_the_winner_gets_kurrhein)
{
    kt_scn c = fwm_draw(T, "mode=nobility", 3, "N07,E12", NULL, NULL);
    KT_REQUIRE(c.s);
    BID(&c, 0, 1, 200);
    BID(&c, 1, 1, 400);
    BID(&c, 2, 0, 0);
    KT_EQ(S(&c)->pl[1].cubes, 1u << fwm_area_find(C(&c), "kurrhein"));
    KT_EQ(S(&c)->pl[1].money, 9000 - 400);
    KT_EQ(S(&c)->pl[0].money, 9000 - 200); /* the loser pays too */
    KT_EQ(S(&c)->pl[0].cubes, 0u);
    KT_EQ(S(&c)->where[fwm_cd(&c, "E12")], W_GONE);
    kt_scn_free(&c);
}

KT_TEST(fwm_corruption_highest_unique_bid_wins_everybody_pays)
{
    kt_scn c = fwm_draw(T, "mode=nobility", 3, "N07,E13", NULL, NULL);
    KT_REQUIRE(c.s);
    BID(&c, 0, 1, 500);
    BID(&c, 1, 1, 500);
    BID(&c, 2, 1, 300);
    KT_EQ(S(&c)->corrupt, 2); /* the two 500s cancel out */
    KT_EQ(S(&c)->pl[2].track, 1);
    KT_EQ(S(&c)->pl[0].money, 9000 - 500);
    KT_EQ(S(&c)->pl[1].money, 9000 - 500);
    KT_EQ(S(&c)->pl[2].money, 9000 - 300);
    KT_EQ(S(&c)->where[fwm_cd(&c, "E13")], W_HELD);
    kt_scn_free(&c);
}

KT_TEST(fwm_discovery_of_america_buyers_place_a_free_passage_cube)
{
    kt_scn c = fwm_scn(T, "mode=nobility", 3,
                       "{\"state\":{\"open\":[{\"card\":\"E10\",\"due\":1,\"seq\":1}],\"seq\":1,"
                       "\"deck\":[\"N01\",\"N02\",\"N03\",\"N05\"],\"where\":{\"E10\":\"open\",\"N01\":\"deck\","
                       "\"N02\":\"deck\",\"N03\":\"deck\",\"N05\":\"deck\"},\"known\":{\"E10\":1},"
                       "\"players\":{\"0\":{\"merchants\":{\"A\":{\"at\":\"POR\",\"stamp\":5}}}}}}");
    KT_REQUIRE(c.s);
    fwm_end_round(T, &c);
    KT_EQ(S(&c)->auc.good, G_SPICE);
    BID(&c, 0, 1, 600);
    BID(&c, 0, 0, 0); /* the metal line */
    KT_STREQ(kt_decision(c.g, c.s), "cube");
    AS(&c, 0, "free passage in Iberia");
    KT_EQ(S(&c)->pl[0].cubes, 1u << fwm_area_find(C(&c), "iberien"));
    KT_EQ(S(&c)->where[fwm_cd(&c, "E10")], W_GONE);
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ blockade */

KT_TEST(fwm_mediterranean_blockade_takes_the_next_venice_or_south_italy_demand)
{
    /* draws: blockade, then N24 (Florenz: stays), ... later N02 (Venedig) */
    kt_scn c = fwm_draw(T, NULL, 3, "N08,N02,N24,E06", NULL, NULL);
    KT_REQUIRE(c.s);
    KT_EQ(S(&c)->blockade, fwm_cd(&c, "E06"));
    KT_EQ(S(&c)->where[fwm_cd(&c, "N24")], W_OPEN);
    KT_EQ(S(&c)->where[fwm_cd(&c, "N02")], W_DECK);
    /* the next resolution draws N02: both leave, N08 comes instead */
    while (S(&c)->where[fwm_cd(&c, "N02")] == W_DECK && !kt_is_over(c.g, c.s))
        fwm_end_round(T, &c);
    KT_EQ(S(&c)->where[fwm_cd(&c, "N02")], W_GONE);
    KT_EQ(S(&c)->where[fwm_cd(&c, "E06")], W_GONE);
    KT_EQ(S(&c)->blockade, FWM_NONE);
    KT_EQ(S(&c)->where[fwm_cd(&c, "N08")], W_OPEN);
    kt_scn_free(&c);
}
