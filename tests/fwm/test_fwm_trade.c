/*
 * test_fwm_trade.c - Fugger, Welser, Medici: deals.  Who may bid, the
 * sealed bids and their bounds, the allocation (demand buys the cheapest
 * first, supply sells to the highest first, each at its own price), the
 * tie-breaks (home city, dice among home players, arrival order, own
 * merchants joining their place, the Black Sheep last), where bought
 * goods go, forced sale, fine and recount, answer order, goods lines in
 * order, urgent deals, the order of resolution within phase 1, the fair.
 */
#include <stdio.h>
#include <string.h>

#include "fwm_helpers.h"

/* A deal `card` due in round 1 (phase 1 after the last movement turn),
 * a deck of a few cards behind it, plus `more` (state members). */
static kt_scn deal_held(kt_t *T, const char *opts, int np, const char *card, const char *held,
                        const char *more)
{
    char patch[2048], h[64] = "", k[64] = "";
    if (held) {
        snprintf(h, sizeof h, ",\"%s\":\"held\"", held);
        snprintf(k, sizeof k, ",\"%s\":1", held);
    }
    snprintf(patch, sizeof patch,
             "{\"state\":{\"open\":[{\"card\":\"%s\",\"due\":1,\"seq\":1}],\"seq\":1,"
             "\"deck\":[\"N01\",\"N02\",\"N03\",\"N05\"],"
             "\"where\":{\"%s\":\"open\",\"N01\":\"deck\",\"N02\":\"deck\",\"N03\":\"deck\","
             "\"N05\":\"deck\"%s},\"known\":{\"%s\":1%s}%s%s}}",
             card, card, h, card, k, more ? "," : "", more ? more : "");
    kt_scn c = fwm_scn(T, opts, np, patch);
    if (c.s)
        fwm_end_round(T, &c);
    return c;
}

static kt_scn deal(kt_t *T, const char *opts, int np, const char *card, const char *more)
{
    return deal_held(T, opts, np, card, NULL, more);
}

KT_TEST(fwm_entitled_are_merchants_in_town_and_home_players_with_the_goods)
{
    /* N19: Augsburg wants cloth.  Player 1 lives there (2 cloth in the warehouse);
     * player 2's merchant is there without cloth; player 3's with cloth. */
    kt_scn c = deal(T, NULL, 3, "N19",
                    "\"players\":{\"1\":{\"merchants\":{\"A\":{\"at\":\"AUG\",\"stamp\":4}}},"
                    "\"2\":{\"merchants\":{\"A\":{\"at\":\"AUG\",\"cargo\":{\"cloth\":1},\"stamp\":5}}}}");
    KT_REQUIRE(c.s);
    KT_STREQ(kt_decision(c.g, c.s), "bid");
    KT_EQ(kt_pending(c.g, c.s), 1 | 4);
    KT_EQ(S(&c)->auc.qmax[0], 2); /* up to the goods at hand */
    KT_EQ(S(&c)->auc.qmax[2], 1);
    KT_CHECK(!fwm_legal_for(&c, 0, "bid 3 at 700") && fwm_legal_for(&c, 0, "bid 2 at 700"));
    kt_scn_free(&c);
}

KT_TEST(fwm_demand_buys_the_cheapest_first_each_at_its_price)
{
    /* N09: Antwerp buys up to 3 spice at most 1240 */
    kt_scn c = deal(T, NULL, 3, "N09",
                    "\"players\":{\"0\":{\"merchants\":{\"A\":{\"at\":\"ANT\",\"cargo\":{\"spice\":2},\"stamp\":4}}},"
                    "\"1\":{\"merchants\":{\"A\":{\"at\":\"ANT\",\"cargo\":{\"spice\":3},\"stamp\":5}}}}");
    KT_REQUIRE(c.s);
    KT_EQ(kt_pending(c.g, c.s), 3);
    BID(&c, 0, 2, 1100);
    KT_CHECK(!fwm_legal_for(&c, 1, "bid 1 at 1260")); /* above the highest price */
    KT_CHECK(fwm_legal_for(&c, 1, "bid 1 at 1240") && fwm_legal_for(&c, 1, "bid 3 at 20"));
    BID(&c, 1, 2, 1000);
    KT_STREQ(kt_decision(c.g, c.s), "move");
    KT_EQ(S(&c)->pl[1].money, 9000 + 2 * 1000);
    KT_EQ(S(&c)->pl[0].money, 9000 + 1 * 1100); /* the rest of the quantity */
    KT_EQ(S(&c)->pl[0].m[0].cargo[G_SPICE], 1);
    KT_EQ(S(&c)->pl[1].m[0].cargo[G_SPICE], 1);
    kt_scn_free(&c);
}

KT_TEST(fwm_supply_sells_to_the_highest_first_into_merchants_or_warehouse)
{
    /* A08: Augsburg sells 3 metal from 860.  Player 1 lives there (no merchant there
     * now), player 2 has a merchant there. */
    kt_scn c = deal(T, NULL, 3, "A08",
                    "\"players\":{\"0\":{\"merchants\":{\"A\":{\"at\":\"ULM\"},\"B\":{\"at\":\"ULM\"}}},"
                    "\"1\":{\"merchants\":{\"A\":{\"at\":\"AUG\",\"stamp\":5}}}}");
    KT_REQUIRE(c.s);
    KT_CHECK(!fwm_legal_for(&c, 0, "bid 4 at 900")); /* at most the card's quantity */
    BID(&c, 0, 2, 900);
    KT_CHECK(!fwm_legal_for(&c, 1, "bid 2 at 840") && fwm_legal_for(&c, 1, "biete 2 zu 860"));
    BID(&c, 1, 2, 1000);
    KT_EQ(S(&c)->pl[1].money, 9000 - 2000);
    KT_EQ(S(&c)->pl[1].m[0].cargo[G_METAL], 2); /* onto the merchant in town */
    KT_EQ(S(&c)->pl[0].money, 9000 - 900);      /* one left at 900 */
    KT_EQ(S(&c)->pl[0].ware[G_METAL], 2);       /* into the home warehouse */
    kt_scn_free(&c);
}

KT_TEST(fwm_answer_order_does_not_change_the_outcome)
{
    const char *more = "\"players\":{\"0\":{\"merchants\":{\"A\":{\"at\":\"ANT\",\"cargo\":{\"spice\":2},\"stamp\":4}}},"
                       "\"1\":{\"merchants\":{\"A\":{\"at\":\"ANT\",\"cargo\":{\"spice\":3},\"stamp\":5}}},"
                       "\"2\":{\"merchants\":{\"A\":{\"at\":\"ANT\",\"cargo\":{\"spice\":1},\"stamp\":6}}}}";
    kt_scn a = deal(T, NULL, 3, "N09", more), b = deal(T, NULL, 3, "N09", more);
    KT_REQUIRE(a.s && b.s);
    BID(&a, 0, 2, 1200);
    BID(&a, 1, 1, 1100);
    BID(&a, 2, 1, 1200);
    BID(&b, 2, 1, 1200);
    BID(&b, 0, 2, 1200);
    BID(&b, 1, 1, 1100);
    KT_CHECK(kt_state_equal(a.g, a.s, b.s));
    kt_scn_free(&a);
    kt_scn_free(&b);
}

KT_TEST(fwm_tie_home_players_first_then_arrival_order)
{
    /* N09 in Antwerp (nobody's home): players 2 and 3 offer spice at the same price;
     * player 3 arrived first (lower queue number) */
    kt_scn c = deal(T, NULL, 3, "N09",
                    "\"players\":{\"1\":{\"merchants\":{\"A\":{\"at\":\"ANT\",\"cargo\":{\"spice\":3},\"stamp\":9}}},"
                    "\"2\":{\"merchants\":{\"A\":{\"at\":\"ANT\",\"cargo\":{\"spice\":3},\"stamp\":7}}}}");
    KT_REQUIRE(c.s);
    BID(&c, 1, 2, 1000);
    BID(&c, 2, 2, 1000);
    KT_EQ(S(&c)->pl[2].money, 9000 + 2000);
    KT_EQ(S(&c)->pl[1].money, 9000 + 1000);
    kt_scn_free(&c);
    /* N19 in Augsburg: player 1 at home, player 3's merchant arrived long ago */
    c = deal(T, NULL, 3, "N19",
             "\"players\":{\"2\":{\"merchants\":{\"A\":{\"at\":\"AUG\",\"cargo\":{\"cloth\":3},\"stamp\":1}}}}");
    KT_REQUIRE(c.s);
    BID(&c, 0, 2, 700);
    BID(&c, 2, 3, 700);
    KT_EQ(S(&c)->pl[0].money, 9000 + 1400); /* the home player sells first */
    KT_EQ(S(&c)->pl[2].money, 9000 + 700);
    kt_scn_free(&c);
}

/* Every tie of equal prices says in the log how it was ordered, not only a
 * tie the dice decide (issue 29: 4-way ties were silent). */
KT_TEST(fwm_tie_of_equal_bids_is_explained_in_the_log)
{
    kt_scn c = deal(T, NULL, 3, "N19",
                    "\"players\":{\"2\":{\"merchants\":{\"A\":{\"at\":\"AUG\",\"cargo\":{\"cloth\":3},\"stamp\":1}}}}");
    KT_REQUIRE(c.s);
    BID(&c, 0, 2, 700);
    char *en = fwm_log(T, &c, 2, "bid 3 at 700", KT_SPECTATOR, KT_LANG_EN);
    KT_REQUIRE(en);
    KT_CHECK(strstr(en, "2 bids of 700 FL tie (home players first, then earlier arrival, the "
                        "Black Sheep's holder last): Player 1, Player 3."));
    kt_free(en);
    kt_scn_free(&c);
    c = deal(T, NULL, 3, "N19",
             "\"players\":{\"2\":{\"merchants\":{\"A\":{\"at\":\"AUG\",\"cargo\":{\"cloth\":3},\"stamp\":1}}}}");
    KT_REQUIRE(c.s);
    BID(&c, 0, 2, 700);
    char *de = fwm_log(T, &c, 2, "bid 3 at 700", KT_SPECTATOR, KT_LANG_DE);
    KT_REQUIRE(de);
    KT_CHECK(strstr(de, "2 Gebote zu 700 FL gleich (Heimatspieler zuerst") &&
             strstr(de, "Spieler 1, Spieler 3."));
    kt_free(de);
    kt_scn_free(&c);
}

KT_TEST(fwm_tie_between_home_players_is_decided_by_dice)
{
    /* 4 players: players 1 and 4 both live in Augsburg; N19 wants 3 cloth */
    for (int win = 0; win < 2; win++) {
        kt_scn c = deal(T, NULL, 4, "N19", "\"players\":{\"3\":{\"home\":\"AUG\",\"ware\":null,"
                                           "\"merchants\":{\"A\":{\"at\":\"AUG\"},\"B\":{\"at\":\"AUG\"}}}}");
        KT_REQUIRE(c.s);
        KT_EQ(kt_pending(c.g, c.s), 1 | 8);
        BID(&c, 0, 2, 600);
        DICE(&c, win ? 2 : 5, win ? 5 : 2); /* player 1 rolls first, then player 4 */
        char *log = fwm_log(T, &c, 3, "bid 2 at 600", KT_SPECTATOR, KT_LANG_EN);
        KT_REQUIRE(log);
        KT_CHECK(strstr(log, "Tie broken by dice") != NULL);
        kt_free(log);
        KT_STREQ(kt_decision(c.g, c.s), "move");
        int first = win ? 3 : 0, second = win ? 0 : 3;
        KT_EQ(S(&c)->pl[first].money, 9000 + 1200);
        KT_EQ(S(&c)->pl[second].money, 9000 + 600);
        kt_scn_free(&c);
    }
}

KT_TEST(fwm_tie_black_sheep_holder_queues_last)
{
    kt_scn c = deal_held(T, NULL, 3, "N09", "E04",
                    "\"sheep\":2,\"players\":{\"1\":{\"merchants\":{\"A\":{\"at\":\"ANT\",\"cargo\":{\"spice\":3},\"stamp\":9}}},"
                    "\"2\":{\"merchants\":{\"A\":{\"at\":\"ANT\",\"cargo\":{\"spice\":3},\"stamp\":7}}}}");
    KT_REQUIRE(c.s);
    BID(&c, 1, 2, 1000);
    BID(&c, 2, 2, 1000);
    KT_EQ(S(&c)->pl[1].money, 9000 + 2000); /* player 3 came first but holds the sheep */
    KT_EQ(S(&c)->pl[2].money, 9000 + 1000);
    kt_scn_free(&c);
}

KT_TEST(fwm_queue_own_merchant_joins_its_players_place)
{
    /* in Antwerp: player 2's A (queue 5), player 3's A (queue 7); player 3 moves B in */
    kt_scn c = fwm_scn(T, NULL, 3,
                       "{\"state\":{\"stampc\":9,\"players\":{"
                       "\"1\":{\"merchants\":{\"A\":{\"at\":\"ANT\",\"stamp\":5}}},"
                       "\"2\":{\"merchants\":{\"A\":{\"at\":\"ANT\",\"stamp\":4},\"B\":{\"at\":\"MAA\",\"stamp\":0}}}}}}");
    KT_REQUIRE(c.s);
    AS(&c, 2, "B to Antwerp");
    AS(&c, 2, "go");
    KT_EQ(S(&c)->pl[2].m[1].stamp, 4); /* joins A's place, not the end of the queue */
    kt_scn_free(&c);
    c = fwm_scn(T, NULL, 3,
                "{\"state\":{\"stampc\":9,\"players\":{"
                "\"1\":{\"merchants\":{\"A\":{\"at\":\"ANT\",\"stamp\":5}}},"
                "\"2\":{\"merchants\":{\"B\":{\"at\":\"MAA\",\"stamp\":0}}}}}}");
    KT_REQUIRE(c.s);
    AS(&c, 2, "B to Antwerp");
    AS(&c, 2, "go");
    KT_EQ(S(&c)->pl[2].m[1].stamp, 10); /* the end of the queue */
    kt_scn_free(&c);
}

KT_TEST(fwm_buyer_short_of_money_must_sell_goods_then_pays)
{
    kt_scn c = deal(T, NULL, 3, "A08", "\"players\":{\"0\":{\"money\":200}}");
    KT_REQUIRE(c.s);
    KT_EQ(kt_pending(c.g, c.s), 1);
    BID(&c, 0, 1, 900);
    KT_STREQ(kt_decision(c.g, c.s), "forced_sale");
    KT_EQ(kt_to_move(c.g, c.s), 0);
    AS(&c, 0, "sell cloth (warehouse)"); /* 700: still short */
    KT_STREQ(kt_decision(c.g, c.s), "forced_sale");
    AS(&c, 0, "sell cloth (warehouse)"); /* 1200 */
    KT_STREQ(kt_decision(c.g, c.s), "move");
    KT_EQ(S(&c)->pl[0].money, 1200 - 900);
    KT_EQ(S(&c)->pl[0].m[0].cargo[G_METAL], 1); /* onto merchant A, in town */
    kt_scn_free(&c);
}

KT_TEST(fwm_buyer_who_still_cannot_pay_is_fined_and_the_result_recounted)
{
    const char *more = "\"players\":{\"0\":{\"money\":100,\"warehouse\":{\"cloth\":0,\"spice\":0,\"metal\":0}},"
                       "\"1\":{\"merchants\":{\"A\":{\"at\":\"AUG\",\"stamp\":5}}}}";
    kt_scn c = deal(T, NULL, 3, "A08", more);
    KT_REQUIRE(c.s);
    BID(&c, 0, 3, 2000);
    BID(&c, 1, 3, 900);
    KT_STREQ(kt_decision(c.g, c.s), "move");
    KT_EQ(S(&c)->pl[0].money, 0); /* fine 300, the unpaid rest waived (debt=waive) */
    KT_EQ(S(&c)->pl[0].ware[G_METAL], 0);
    KT_EQ(S(&c)->pl[1].m[0].cargo[G_METAL], 3); /* recounted: player 2 gets all three */
    kt_scn_free(&c);
    c = deal(T, "debt=negative", 3, "A08", more);
    KT_REQUIRE(c.s);
    BID(&c, 0, 3, 2000);
    BID(&c, 1, 3, 900);
    KT_EQ(S(&c)->pl[0].money, 100 - 300);
    kt_scn_free(&c);
}

KT_TEST(fwm_goods_lines_are_handled_in_order)
{
    /* N10: Antwerp wants metal (2, 1660) and then spice (2, 1200) */
    kt_scn c = deal(T, NULL, 3, "N10",
                    "\"players\":{\"1\":{\"merchants\":{\"A\":{\"at\":\"ANT\",\"cargo\":{\"spice\":1,\"metal\":1},\"stamp\":5}}}}");
    KT_REQUIRE(c.s);
    KT_EQ(S(&c)->auc.good, G_METAL);
    BID(&c, 1, 1, 1600);
    KT_STREQ(kt_decision(c.g, c.s), "bid");
    KT_EQ(S(&c)->auc.good, G_SPICE);
    BID(&c, 1, 1, 1200);
    KT_EQ(S(&c)->pl[1].money, 9000 + 2800);
    kt_scn_free(&c);
}

KT_TEST(fwm_urgent_deal_resolves_early_when_an_able_merchant_is_there)
{
    /* N19 (urgent) is due in round 9; player 2's merchant with cloth stands in Augsburg */
#define URGENT_FMT \
    "{\"state\":{\"open\":[{\"card\":\"N19\",\"due\":9,\"seq\":1}],\"seq\":1," \
                      "\"deck\":[\"N01\",\"N02\",\"N03\"],\"where\":{\"N19\":\"open\",\"N01\":\"deck\"," \
                      "\"N02\":\"deck\",\"N03\":\"deck\"},\"known\":{\"N19\":1}," \
                      "\"players\":{\"1\":{\"merchants\":{\"A\":{\"at\":\"AUG\",\"cargo\":{\"%s\":1},\"stamp\":5}}}}}}"
    char patch[1024];
    snprintf(patch, sizeof patch, URGENT_FMT, "cloth");
    kt_scn c = fwm_scn(T, NULL, 3, patch);
    KT_REQUIRE(c.s);
    fwm_end_round(T, &c);
    KT_STREQ(kt_decision(c.g, c.s), "bid");
    KT_EQ(kt_pending(c.g, c.s), 1 | 2); /* the home player takes part too */
    kt_scn_free(&c);
    snprintf(patch, sizeof patch, URGENT_FMT, "spice"); /* not able: no cloth */
    c = fwm_scn(T, NULL, 3, patch);
    KT_REQUIRE(c.s);
    fwm_end_round(T, &c);
    KT_STREQ(kt_decision(c.g, c.s), "move");
    KT_EQ(S(&c)->where[fwm_cd(&c, "N19")], W_OPEN);
    kt_scn_free(&c);
}

/* Resolves phase 1, everybody passing, and records the cards auctioned. */
static int auctioned(kt_t *T, kt_scn *c, int *cards, int max)
{
    int n = 0;
    while (strcmp(kt_decision(c->g, c->s), "bid") == 0 && n < 64) {
        int card = S(c)->auc.card + 100 * (S(c)->cur == S(c)->fair ? S(c)->half : 0);
        if (n < max && (n == 0 || cards[n - 1] != card))
            cards[n++] = card;
        uint32_t pend = kt_pending(c->g, c->s);
        for (int p = 0; p < 6; p++)
            if (((unsigned)pend >> p) & 1u) {
                AS(c, p, "pass");
                break;
            }
    }
    return n;
}

KT_TEST(fwm_phase_one_order_urgent_demand_fair_supply)
{
    /* round 15 is early May (the fair).  Player 1: merchant A in Augsburg with cloth
     * (urgent N19, due later), merchant B in Frankfurt with every good (demand N16 due,
     * the fair M01), home Augsburg (supply A08 due).  N16 was revealed after A08. */
    kt_scn c = fwm_scn(T, NULL, 3,
                       "{\"state\":{\"round\":14,\"fair\":\"M01\",\"open\":[{\"card\":\"A08\",\"due\":15,\"seq\":1},"
                       "{\"card\":\"N16\",\"due\":15,\"seq\":2},{\"card\":\"N19\",\"due\":18,\"seq\":3}],\"seq\":3,"
                       "\"deck\":[\"N01\",\"N02\",\"N03\",\"N05\"],\"where\":{\"A08\":\"open\",\"N16\":\"open\","
                       "\"N19\":\"open\",\"M01\":\"open\",\"N01\":\"deck\",\"N02\":\"deck\",\"N03\":\"deck\","
                       "\"N05\":\"deck\"},\"known\":{\"A08\":1,\"N16\":1,\"N19\":1,\"M01\":1},"
                       "\"players\":{\"0\":{\"merchants\":{\"A\":{\"at\":\"AUG\",\"cargo\":{\"cloth\":1}},"
                       "\"B\":{\"at\":\"FRA\",\"cargo\":{\"cloth\":1,\"spice\":1,\"metal\":1},\"stamp\":6}}}}}}");
    KT_REQUIRE(c.s);
    KT_STREQ(C(&c)->cal[fwm_cal_at(C(&c), 15)].en, "early May");
    fwm_end_round(T, &c);
    int seq[8];
    int n = auctioned(T, &c, seq, 8);
    int m01 = fwm_cd(&c, "M01");
    int want[5] = {fwm_cd(&c, "N19"), fwm_cd(&c, "N16"), m01, m01 + 100, fwm_cd(&c, "A08")};
    KT_EQ(n, 5);
    for (int i = 0; i < 5 && i < n; i++)
        KT_EQ(seq[i], want[i]);
    KT_EQ(S(&c)->where[m01], W_OPEN); /* the fair stays for next May */
    kt_scn_free(&c);
}

KT_TEST(fwm_within_a_kind_the_earlier_revealed_resolves_first)
{
    kt_scn c = fwm_scn(T, NULL, 3,
                       "{\"state\":{\"open\":[{\"card\":\"N09\",\"due\":1,\"seq\":2},"
                       "{\"card\":\"N10\",\"due\":1,\"seq\":1}],\"seq\":2,"
                       "\"deck\":[\"N01\",\"N02\",\"N03\",\"N05\"],\"where\":{\"N09\":\"open\",\"N10\":\"open\","
                       "\"N01\":\"deck\",\"N02\":\"deck\",\"N03\":\"deck\",\"N05\":\"deck\"},"
                       "\"known\":{\"N09\":1,\"N10\":1},\"players\":{\"0\":{\"merchants\":{\"A\":{\"at\":\"ANT\","
                       "\"cargo\":{\"spice\":2,\"metal\":2},\"stamp\":6}}}}}}");
    KT_REQUIRE(c.s);
    /* the display is listed in reveal order (N10 was revealed first) */
    S(&c)->open[0].card = (uint8_t)fwm_cd(&c, "N10");
    S(&c)->open[0].seq = 1;
    S(&c)->open[1].card = (uint8_t)fwm_cd(&c, "N09");
    S(&c)->open[1].seq = 2;
    fwm_end_round(T, &c);
    int seq[8];
    int n = auctioned(T, &c, seq, 8);
    KT_CHECK(n >= 2);
    KT_EQ(seq[0], fwm_cd(&c, "N10"));
    KT_EQ(seq[n - 1], fwm_cd(&c, "N09"));
    kt_scn_free(&c);
}

/* A state whose offer names a player the game does not have is refused by
 * the check, which read that player's places before (found by
 * core_vector_memo_rows_survive_jumps_between_any_positions under UBSan:
 * index 19 of the 6 players).  The offer positions come from random games
 * with trades; each is damaged in the offer's partner only. */
KT_TEST(fwm_check_refuses_an_offer_to_a_player_not_in_the_game)
{
    kt_game *g = NULL;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("fwm", "trade_offers=2", 4, 1, NULL, &g, &err), &err));
    kt_state *s = kt_state_new(g), *bad = kt_state_new(g);
    KT_REQUIRE(s && bad);
    kt_action buf[KT_LEGAL_MAX];
    uint64_t x = 7;
    int found = 0;
    for (uint64_t seed = 1; seed < 40 && found < 5; seed++) {
        kt_state_restart(g, s, seed);
        while (!kt_is_over(g, s) && found < 5) {
            const fwm_state *f = (const fwm_state *)s;
            if (f->stage == FS_COMPOSE || f->stage == FS_PRICE || f->stage == FS_REPLY) {
                KT_REQUIRE(KT_OKS(kt_check(g, s, &err), &err));
                kt_state_copy(g, bad, s);
                ((fwm_state *)bad)->of_to = 19;
                KT_CHECK(kt_check(g, bad, &err) != KT_OK);
                KT_CHECK(strstr(err.msg, "not in the game") != NULL);
                found++;
            }
            int n = kt_legal(g, s, buf, KT_LEGAL_MAX);
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            kt_apply_trusted(g, s, buf[(x >> 33) % (uint64_t)n]);
        }
    }
    KT_EQ(found, 5);
    kt_state_free(g, s), kt_state_free(g, bad);
    kt_game_free(g);
}
