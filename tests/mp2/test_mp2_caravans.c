/*
 * test_mp2_caravans.c - the Caravans expansion (seed): starting and
 * completing routes, caravan moves after market actions, locked goods,
 * end scoring, and its four characters (Tebaldo Visconti da Piacenza,
 * Piedro Tartarino, Vidal Badoer, Donata Badoer); Mailin & Tian Chin's
 * caravan restriction.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mp2_helpers.h"

#define RES "\"coins\":10,\"camels\":5,\"jade\":0,\"pepper\":0,\"silk\":0,\"gold\":0,\"vp\":0"
#define PS(x) "{\"state\":{\"players\":{" x "}}}"

static kt_scn cv(kt_t *T, const char *chars, const char *patch)
{
    char base[2048];
    size_t k = (size_t)snprintf(base, sizeof base, "{\"state\":{\"players\":{");
    for (int p = 0; p < 3; p++)
        k += (size_t)snprintf(base + k, sizeof base - k,
                              "%s\"%d\":{\"dice\":[1,2,3,4,5],\"placed\":0," RES "}", p ? "," : "", p);
    snprintf(base + k, sizeof base - k, "}}}");
    kt_err err;
    char *m = kt_json_merge_patch(base, patch ? patch : "{}", &err);
    if (!m) {
        KT_FAIL("bad test patch: %s", err.msg);
        kt_scn none = {NULL, NULL};
        return none;
    }
    char opts[256];
    snprintf(opts, sizeof opts, "caravans=1;characters=%s", chars);
    kt_scn c = mp2_scn(T, opts, 3, m);
    free(m);
    return c;
}

static int tile_index(kt_scn *c, const char *id)
{
    for (int t = 0; t < MC(c)->nrtile; t++)
        if (strcmp(MC(c)->rtile[t].id, id) == 0)
            return t;
    return -1;
}

KT_TEST(mp2_caravan_start_route)
{
    kt_scn c = cv(T, "isabella,abha,dewu", PS("\"0\":{\"figures\":[\"Fuzhou\"],\"pepper\":1,\"silk\":2}"));
    KT_REQUIRE(c.g);
    KT_DO(&c, "start caravan 1");
    KT_STREQ(kt_decision(c.g, c.s), "caravan_load");
    KT_CHECK(!LEGAL(&c, "done")); /* at least one good */
    KT_DO(&c, "load silk");
    KT_DO(&c, "load pepper"); /* two at most: the route tile comes next */
    KT_STREQ(kt_decision(c.g, c.s), "route_tile");
    /* tiles showing Fuzhou's crest (Ship): T01, T02, T03, T04 */
    KT_EQ(kt_scn_nlegal(&c), 4);
    KT_DO(&c, "route tile T04 (Moon+Ship)");
    /* the caravan starts in a city with the other crest (Moon) */
    KT_EQ(kt_scn_nlegal(&c), 3);
    KT_CHECK(LEGAL(&c, "caravan starts in Kashgar") && LEGAL(&c, "caravan starts in Khotan"));
    KT_DO(&c, "caravan starts in Lhasa");
    KT_EQ(PL(&c, 0).cv_loc[0], mp2_t_loc(&c, "Lhasa"));
    KT_EQ(PL(&c, 0).res[IT_SILK], 1); /* loaded goods are locked away */
    KT_EQ(PL(&c, 0).res[IT_PEPPER], 0);
    KT_EQ(MS(&c)->rtile[tile_index(&c, "T04")], RT_HELD);
    KT_CHECK(!LEGAL(&c, "start caravan 1")); /* one caravan */
    kt_scn_free(&c);
    /* a figure in Beijing (no crest) or on an oasis cannot start one */
    c = cv(T, "isabella,abha,dewu", PS("\"0\":{\"pepper\":1}"));
    KT_REQUIRE(c.g);
    KT_CHECK(!LEGAL(&c, "start caravan 1"));
    kt_scn_free(&c);
}

/* Player 0 with a caravan carrying `goods` at `at`, tile T04 held. */
static kt_scn running(kt_t *T, const char *chars, const char *at, const char *goods,
                      const char *more)
{
    char p[2048];
    snprintf(p, sizeof p,
             "{\"state\":{\"route_tiles\":[\"up\",\"up\",\"up\",\"held\",\"up\",\"up\",\"up\",\"up\"],"
             "\"players\":{\"0\":{\"caravans\":[{\"at\":\"%s\","
             "\"tile\":\"T04\",\"goods\":%s},{\"at\":null,\"tile\":null,\"goods\":[]}]%s%s}}}}",
             at, goods, more ? "," : "", more ? more : "");
    return cv(T, chars, p);
}

KT_TEST(mp2_caravan_moves_after_market_actions)
{
    kt_scn c = running(T, "isabella,abha,dewu", "Calicut", "[\"gold\"]", NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "pepper book with 1");
    KT_DO(&c, "take 2 pepper");
    KT_STREQ(kt_decision(c.g, c.s), "caravan_move");
    /* sea routes from Calicut need seals (not paid for, but needed) */
    KT_EQ(kt_scn_nlegal(&c), 2);
    KT_DO(&c, "caravan to Thar");
    KT_STREQ(kt_decision(c.g, c.s), "turn"); /* pepper book: 1 step */
    KT_EQ(PL(&c, 0).res[IT_COIN], 10);       /* no route costs */
    kt_scn_free(&c);
    c = running(T, "isabella,abha,dewu", "Calicut", "[\"gold\"]", "\"dice\":[5,5,5,5,5]");
    KT_REQUIRE(c.g);
    KT_DO(&c, "gold book upper with 5");
    KT_DO(&c, "take 2 gold");
    KT_DO(&c, "caravan to Thar");
    KT_DO(&c, "caravan to Delhi");
    KT_DO(&c, "caravan to Kabul"); /* gold book: 3 steps */
    KT_STREQ(kt_decision(c.g, c.s), "turn");
    KT_EQ(PL(&c, 0).cv_loc[0], mp2_t_loc(&c, "Kabul"));
    kt_scn_free(&c);
}

KT_TEST(mp2_caravan_complete_route_seed_example)
{
    /* seed example: gold and silk loaded; gold doubled, silk sold -> 2 gold
     * and 4 points; the tile goes back face down until next round */
    kt_scn c = running(T, "isabella,abha,dewu", "Thar", "[\"gold\",\"silk\"]",
                       "\"figures\":[\"Thar\"]");
    KT_REQUIRE(c.g);
    KT_DO(&c, "complete route of caravan 1"); /* on an oasis is fine */
    KT_CHECK(LEGAL(&c, "sell gold for 6 VP") && LEGAL(&c, "double gold"));
    KT_CHECK(!LEGAL(&c, "upgrade gold to silk")); /* gold cannot be upgraded */
    KT_DO(&c, "double gold");
    KT_CHECK(LEGAL(&c, "upgrade silk to gold"));
    KT_DO(&c, "sell silk for 4 VP");
    KT_EQ(PL(&c, 0).res[IT_GOLD], 2);
    KT_EQ(PL(&c, 0).res[IT_VP], 4);
    KT_EQ(PL(&c, 0).cv_loc[0], MP2_NOLOC);
    KT_EQ(MS(&c)->rtile[tile_index(&c, "T04")], RT_DOWN);
    /* the caravan can start again at once (figure on an oasis: not here) */
    kt_scn_free(&c);
    c = running(T, "isabella,abha,dewu", "Fuzhou", "[\"pepper\"]",
                "\"figures\":[\"Fuzhou\"],\"pepper\":1");
    KT_REQUIRE(c.g);
    KT_DO(&c, "complete route of caravan 1");
    KT_DO(&c, "upgrade pepper to silk");
    KT_EQ(PL(&c, 0).res[IT_SILK], 1);
    KT_DO(&c, "start caravan 1");
    KT_DO(&c, "load pepper");
    KT_DO(&c, "done"); /* keep the silk */
    /* T04 is face down for the rest of the round */
    KT_CHECK(!LEGAL(&c, "route tile T04 (Moon+Ship)"));
    KT_CHECK(LEGAL(&c, "route tile T03 (Horse+Ship)"));
    kt_scn_free(&c);
}

KT_TEST(mp2_caravan_goods_score_at_the_end)
{
    char p[1024];
    snprintf(p, sizeof p,
             "{\"state\":{\"round\":4,\"main_done\":1,\"route_tiles\":[\"up\",\"up\",\"up\",\"held\","
             "\"up\",\"up\",\"up\",\"up\"],\"players\":{"
             "\"0\":{\"dice\":[],\"placed\":5,\"caravans\":[{\"at\":\"Thar\",\"tile\":\"T04\","
             "\"goods\":[\"gold\",\"silk\"]},{\"at\":null,\"tile\":null,\"goods\":[]}]},"
             "\"1\":{\"dice\":[],\"placed\":5},\"2\":{\"dice\":[],\"placed\":5}}}}");
    kt_scn c = cv(T, "isabella,abha,dewu", p);
    KT_REQUIRE(c.g);
    KT_DO(&c, "end turn");
    KT_CHECK(kt_is_over(c.g, c.s));
    int det[MP2_MAXP][8], sc[MP2_MAXP];
    mp2_final_scores(MC(&c), MS(&c), sc, det);
    KT_EQ(det[0][6], 3 + 2); /* gold 3, silk 2 (pepper would be 1) */
    KT_EQ(det[0][3], 0);     /* and they are not counted as goods */
    kt_scn_free(&c);
}

KT_TEST(mp2_caravan_mailin_not_in_her_figures_city)
{
    kt_scn c = cv(T, "mailin,abha,dewu",
                  PS("\"0\":{\"figures\":[\"Xian\",\"Herat\"],\"pepper\":1}"));
    KT_REQUIRE(c.g);
    KT_DO(&c, "start caravan 1");
    KT_DO(&c, "load pepper"); /* her only good: loading ends by itself */
    /* crests of both figures' cities count: Tower (Xian) and Camel (Herat):
     * T01, T05, T07, T08 */
    KT_EQ(kt_scn_nlegal(&c), 4);
    KT_DO(&c, "route tile T08 (Camel+Tower)");
    /* Camel cities from Xian and Tower cities from Herat, but never a city
     * where one of her figures stands */
    KT_CHECK(!LEGAL(&c, "caravan starts in Herat"));
    KT_CHECK(!LEGAL(&c, "caravan starts in Xian"));
    KT_CHECK(LEGAL(&c, "caravan starts in Tabriz") && LEGAL(&c, "caravan starts in Chengdu"));
    KT_EQ(kt_scn_nlegal(&c), 4);
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ characters */

KT_TEST(mp2_tebaldo_longer_caravan_free_improving_and_shield)
{
    kt_scn c = running(T, "tebaldo,abha,dewu", "Calicut", "[\"gold\"]",
                       "\"pepper\":2,\"camels\":1,\"coins\":0,\"seals\":[\"farmer\"]");
    KT_REQUIRE(c.g);
    KT_DO(&c, "improve farmer seal"); /* 2 pepper + 1 camel, no coins */
    KT_EQ(PL(&c, 0).res[IT_PEPPER], 1); /* and its bonus: 1 pepper + 2 coins + 1 VP */
    KT_EQ(PL(&c, 0).res[IT_COIN], 2);
    KT_EQ(PL(&c, 0).res[IT_VP], 1);
    KT_DO(&c, "pepper book with 1");
    KT_DO(&c, "take 2 pepper");
    /* pepper book 1 step + 2 more */
    KT_EQ(MS(&c)->stack[MS(&c)->nstack - 1].b, 3);
    KT_EQ(mp2_shields(MC(&c), MS(&c), 0), 1); /* free +1 shield */
    kt_scn_free(&c);
}

KT_TEST(mp2_piedro_two_caravans_route_bonus_and_tile_choice)
{
    char p[2048];
    snprintf(p, sizeof p,
             "{\"state\":{\"route_tiles\":[\"up\",\"up\",\"held\",\"held\",\"up\",\"up\",\"up\",\"up\"],"
             "\"players\":{\"0\":{\"figures\":[\"Thar\"],\"caravans\":["
             "{\"at\":\"Thar\",\"tile\":\"T04\",\"goods\":[\"pepper\"]},"
             "{\"at\":\"Calicut\",\"tile\":\"T03\",\"goods\":[\"silk\"]}]}}}}");
    kt_scn c = cv(T, "piedro,abha,dewu", p);
    KT_REQUIRE(c.g);
    /* both caravans move after a market action */
    KT_DO(&c, "pepper book with 1");
    KT_DO(&c, "take 2 pepper");
    KT_DO(&c, "done");
    KT_STREQ(kt_decision(c.g, c.s), "caravan_move");
    KT_DO(&c, "caravan to Thar");
    KT_DO(&c, "complete route of caravan 1");
    KT_DO(&c, "sell pepper for 2 VP");
    /* route bonus 3 points + 1 jade; with two routes running he returns the
     * tile of his choice */
    KT_EQ(PL(&c, 0).res[IT_VP], 5);
    KT_EQ(PL(&c, 0).res[IT_JADE], 1);
    KT_STREQ(kt_decision(c.g, c.s), "return_tile");
    KT_DO(&c, "return tile T03");
    KT_EQ(MS(&c)->rtile[tile_index(&c, "T03")], RT_DOWN);
    KT_EQ(MS(&c)->rtile[tile_index(&c, "T04")], RT_HELD);
    KT_EQ(PL(&c, 0).cv_tile[1], tile_index(&c, "T04"));
    KT_CHECK(LEGAL(&c, "complete route of caravan 2"));
    kt_scn_free(&c);
}

KT_TEST(mp2_vidal_contracts_without_goods_and_his_exchange)
{
    kt_scn c = cv(T, "vidal,abha,dewu",
                  "{\"state\":{\"removed\":[\"S4\",\"S5\",\"S6\",\"S7\"],\"players\":{"
                  "\"0\":{\"contracts\":[\"S1\",null],\"posts\":[\"Kabul\"],\"pepper\":1,\"silk\":1,"
                  "\"gold\":1},\"1\":{\"contracts\":[\"S2\",null]},\"2\":{\"contracts\":[\"S3\",null]}}}}");
    KT_REQUIRE(c.g);
    KT_CHECK(!LEGAL(&c, "complete S1")); /* cannot pay the 2 pepper */
    KT_DO(&c, "complete S1 without paying");
    KT_EQ(PL(&c, 0).res[IT_VP], 0);     /* no points ... */
    KT_EQ(PL(&c, 0).res[IT_CAMEL], 6);  /* ... but the other reward */
    KT_EQ(PL(&c, 0).ndone, 1);
    KT_DO(&c, "pay pepper, silk and gold for 5 VP");
    KT_EQ(PL(&c, 0).res[IT_VP], 5);
    KT_CHECK(!LEGAL(&c, "pay pepper, silk and gold for 5 VP")); /* once per turn */
    /* the Contracts action gives him one contract, not two */
    KT_DO(&c, "contracts with 1");
    char t[64];
    snprintf(t, sizeof t, "take %s from Kabul", MC(&c)->contract[MS(&c)->cboard[2][0]].id);
    KT_DO(&c, t);
    KT_STREQ(kt_decision(c.g, c.s), "turn");
    kt_scn_free(&c);
}

KT_TEST(mp2_vidal_counts_as_four_contracts_for_the_majority)
{
    char pile[1024], ids[256];
    KT_REQUIRE(mp2_t_pile_take(T, "caravans=1;characters=vidal,abha,dewu", 3, 3, pile, sizeof pile,
                               ids, sizeof ids));
    char p[2048];
    snprintf(p, sizeof p, "{\"state\":{%s,\"players\":{\"1\":{\"completed\":[%s]}}}}", pile, ids);
    kt_scn c = cv(T, "vidal,abha,dewu", p);
    KT_REQUIRE(c.g);
    KT_EQ(PL(&c, 0).ndone, 0);
    KT_EQ(PL(&c, 1).ndone, 3);
    int det[MP2_MAXP][8], sc[MP2_MAXP];
    mp2_final_scores(MC(&c), MS(&c), sc, det);
    KT_EQ(det[0][5], 8); /* always 4 for the majority: more than 3 */
    KT_EQ(det[1][5], 4);
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ Donata Badoer */

KT_TEST(mp2_donata_pieces_count_as_sixes_on_free_spaces)
{
    /* Donata (blue, seat 1) has the yellow, green and red pieces; with 3
     * players red is a colour nobody plays */
    kt_scn c = cv(T, "donata,abha,dewu", NULL);
    KT_REQUIRE(c.g);
    KT_EQ(PL(&c, 0).pieces, (1 << 1) | (1 << 2) | (1 << 3));
    KT_DO(&c, "gold book upper with red piece"); /* like a black 6 */
    KT_EQ(PL(&c, 0).pieces, (1 << 1) | (1 << 2));
    KT_DO(&c, "take 2 gold");
    KT_EQ(mp2_dice_left(&PL(&c, 0)), 5);
    KT_DO(&c, "end turn");
    KT_DO(&c, "pepper book with 1");
    KT_DO(&c, "take 2 pepper");
    KT_DO(&c, "end turn");
    KT_DO(&c, "pepper book with 1");
    KT_DO(&c, "take 2 pepper");
    KT_DO(&c, "end turn");
    /* occupied spaces are closed to pieces; pieces combine with dice */
    KT_CHECK(!LEGAL(&c, "pepper book with yellow piece"));
    KT_CHECK(LEGAL(&c, "travel 3 with 1+2+yellow piece"));
    /* her own dice on an occupied space: 2 camels (plus paying the fee) */
    KT_DO(&c, "pepper book with 2");
    KT_EQ(PL(&c, 0).res[IT_CAMEL], 7);
    KT_EQ(PL(&c, 0).res[IT_COIN], 8);
    kt_scn_free(&c);
}

KT_TEST(mp2_donata_pieces_open_city_cards_by_colour)
{
    /* Kashgar: a post of player 2 (yellow) only */
    kt_scn c = cv(T, "donata,abha,dewu",
                  "{\"state\":{\"card_next\":8,\"card_slots\":[\"K06\",\"K17\",\"K01\",\"K02\","
                  "\"K03\",\"K04\",\"K05\",\"K07\"],\"card_deck\":[\"K06\",\"K17\",\"K01\",\"K02\","
                  "\"K03\",\"K04\",\"K05\",\"K07\",\"K08\",\"K09\",\"K10\",\"K11\",\"K12\",\"K13\","
                  "\"K14\",\"K15\",\"K16\",\"K18\",\"K19\",\"K20\",\"K21\",\"K22\",\"K23\",\"K24\","
                  "\"K25\"],\"players\":{\"1\":{\"posts\":[\"Kashgar\"]}}}}");
    KT_REQUIRE(c.g);
    KT_CHECK(!LEGAL(&c, "card Kashgar with 3"));            /* no own post */
    KT_CHECK(LEGAL(&c, "card Kashgar with yellow piece"));  /* yellow post there */
    KT_CHECK(!LEGAL(&c, "card Kashgar with green piece"));
    KT_CHECK(!LEGAL(&c, "card Kashgar with red piece"));    /* red: only cities without posts */
    KT_CHECK(LEGAL(&c, "card Xian with red piece"));        /* nobody's post in Xian */
    KT_CHECK(!LEGAL(&c, "card Xian with green piece"));
    kt_scn_free(&c);
    /* without dice left her turn ends: no action with pieces alone */
    c = cv(T, "donata,abha,dewu", PS("\"0\":{\"dice\":[3],\"placed\":4}"));
    KT_REQUIRE(c.g);
    KT_DO(&c, "money bag with 3 for 3 coins");
    KT_CHECK(!LEGAL(&c, "gold book upper with red piece"));
    KT_CHECK(LEGAL(&c, "end turn"));
    kt_scn_free(&c);
}
