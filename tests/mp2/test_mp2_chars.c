/*
 * test_mp2_chars.c - the seven base characters of Marco Polo II, each
 * ability and the examples of the seed and the rulebook supplement.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mp2_helpers.h"

#define BOARD                                                                                      \
    "\"markers\":[\"M1\",\"M2\",\"M3\",\"M4\",\"M5\",\"M7\"],\"unused_marker\":\"M6\","        \
    "\"outposts\":[\"P01\",\"P02\",\"P03\",\"P04\",\"P05\",\"P06\",\"P07\",\"P08\",\"P09\","  \
    "\"P10\"]"
#define RES "\"coins\":10,\"camels\":5,\"jade\":0,\"pepper\":0,\"silk\":0,\"gold\":0,\"vp\":0"

/* Scenario: characters by option, every player dice 1-5 and RES, then the
 * test's own state patch (a full {"state":..} document, may be NULL). */
static kt_scn cscn(kt_t *T, const char *chars, int np, const char *patch)
{
    char base[4096];
    size_t k = (size_t)snprintf(base, sizeof base, "{\"state\":{" BOARD ",\"players\":{");
    for (int p = 0; p < np; p++)
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
    snprintf(opts, sizeof opts, "characters=%s", chars);
    kt_scn c = mp2_scn(T, opts, np, m);
    free(m);
    return c;
}
#define PS(x) "{\"state\":{\"players\":{" x "}}}"

/* ------------------------------------------------------------ Möngke Khan */

KT_TEST(mp2_mongke_skips_oases_rulebook_example)
{
    /* Xian -> Fuzhou -> Jaipur: 4 locations with 2 oases normally; Möngke
     * Khan needs 2 steps, still pays 8 coins and 4 camels, and scores 3
     * points plus 2 coins or 1 camel per oasis skipped */
    kt_scn c = cscn(T, "mongke,isabella,abha", 3,
                    PS("\"0\":{\"dice\":[2,2,3,4,5],\"figures\":[\"Xian\"]}"));
    KT_REQUIRE(c.g);
    KT_DO(&c, "travel 2 with 2+2");
    KT_EQ(MS(&c)->mv.steps, 2);
    KT_DO(&c, "to Yunnan");
    KT_DO(&c, "to Fuzhou"); /* leaving the oasis costs no step */
    KT_EQ(MS(&c)->mv.steps, 1);
    {   /* the prompt counts in the singular (issue 29: "(1 steps left") */
        char *en = kt_prompt(c.g, c.s, KT_LANG_EN), *de = kt_prompt(c.g, c.s, KT_LANG_DE);
        KT_CHECK(en && strstr(en, "(1 step left;"));
        KT_CHECK(de && strstr(de, "(1 Schritt übrig;"));
        kt_free(en);
        kt_free(de);
    }
    KT_DO(&c, "to Mekong");
    KT_DO(&c, "to Jaipur");
    KT_EQ(PL(&c, 0).res[IT_COIN], 2);
    KT_EQ(PL(&c, 0).res[IT_CAMEL], 1);
    /* arrival in Jaipur (a contract city), then the oasis rewards */
    KT_DO(&c, "done");
    KT_STREQ(kt_decision(c.g, c.s), "reward");
    KT_EQ(PL(&c, 0).res[IT_VP], 6);
    KT_CHECK(LEGAL(&c, "take 2 coins") && LEGAL(&c, "take 1 camel"));
    KT_DO(&c, "take 2 coins");
    KT_DO(&c, "take 1 camel");
    KT_EQ(PL(&c, 0).res[IT_COIN], 4);
    KT_EQ(PL(&c, 0).res[IT_CAMEL], 2);
    KT_STREQ(kt_decision(c.g, c.s), "turn");
    kt_scn_free(&c);
    /* anyone else runs out of steps (at most 3) on the way */
    c = cscn(T, "abha,isabella,mongke", 3, PS("\"0\":{\"dice\":[3,3,3,4,5],\"figures\":[\"Xian\"]}"));
    KT_REQUIRE(c.g);
    KT_DO(&c, "travel 2 with 3+3");
    KT_DO(&c, "to Yunnan");
    KT_DO(&c, "to Fuzhou");
    KT_DO(&c, "to Mekong");
    KT_CHECK(!MS(&c)->mv.on);
    KT_EQ(PL(&c, 0).fig[0], mp2_t_loc(&c, "Mekong"));
    kt_scn_free(&c);
}

KT_TEST(mp2_mongke_oasis_ended_on_rule_flag)
{
    for (int flag = 0; flag < 2; flag++) {
        char chars[128];
        snprintf(chars, sizeof chars, "mongke,isabella,abha;mongke_end_oasis=%d", flag);
        kt_scn c = cscn(T, chars, 3, PS("\"0\":{\"figures\":[\"Xian\"]}"));
        KT_REQUIRE(c.g);
        KT_DO(&c, "travel 1 with 1");
        KT_DO(&c, "to Yunnan");
        KT_CHECK(LEGAL(&c, "to Fuzhou")); /* he could go on for free */
        KT_DO(&c, "done");
        /* ended on the oasis: rewarded only under the rulebook reading */
        KT_EQ(PL(&c, 0).res[IT_VP], flag ? 3 : 0);
        kt_scn_free(&c);
    }
}

/* ------------------------------------------------------------ De Wu */

KT_TEST(mp2_dewu_one_die_seals_jade_on_improve_and_shield)
{
    kt_scn c = cscn(T, "dewu,isabella,abha", 3, PS("\"0\":{\"pepper\":3,\"silk\":1}"));
    KT_REQUIRE(c.g);
    KT_DO(&c, "guild seals with 3"); /* De Wu: one die */
    KT_CHECK(!LEGAL(&c, "take jeweler seal")); /* a 3 is not enough for the jewelers */
    KT_DO(&c, "take spicer seal");
    KT_EQ(PL(&c, 0).res[IT_JADE], 1); /* the seal's jade only */
    /* improving gives 1 jade on top of the seal's bonus (2 pepper + 1 coin) */
    KT_DO(&c, "improve spicer seal");
    KT_EQ(PL(&c, 0).res[IT_JADE], 2);
    KT_EQ(PL(&c, 0).res[IT_PEPPER], 2);
    /* one free +1 shield in final scoring */
    KT_EQ(mp2_shields(MC(&c), MS(&c), 0), 1); /* no posts yet */
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ Abha Basu */

KT_TEST(mp2_abha_jade_points_and_contract_jade)
{
    kt_scn c = cscn(T, "abha,isabella,dewu", 3,
                    "{\"state\":{\"removed\":[\"S4\",\"S5\",\"S6\",\"S7\"],\"players\":{"
                    "\"0\":{\"contracts\":[\"S1\",null],\"pepper\":2},"
                    "\"1\":{\"contracts\":[\"S2\",null]},\"2\":{\"contracts\":[\"S3\",null]}}}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "complete S1"); /* 2 VP + 1 camel; +1 jade, which scores 1 point */
    KT_EQ(PL(&c, 0).res[IT_JADE], 1);
    KT_EQ(PL(&c, 0).res[IT_VP], 3);
    KT_DO(&c, "money bag with 5 for 1 jade");
    KT_EQ(PL(&c, 0).res[IT_VP], 4);
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ Mailin & Tian Chin */

KT_TEST(mp2_mailin_two_figures_split_moves_both_post)
{
    kt_scn c = cscn(T, "mailin,isabella,abha", 3, PS("\"0\":{\"dice\":[3,3,3,4,5]}"));
    KT_REQUIRE(c.g);
    KT_EQ(PL(&c, 0).fig[1], MC(&c)->start);
    KT_DO(&c, "travel 2 with 3+3");
    KT_CHECK(LEGAL(&c, "figure 2 to Shangdu"));
    KT_DO(&c, "figure 1 to Kaifeng");
    KT_DO(&c, "figure 2 to Shangdu");
    KT_DO(&c, "done");
    KT_EQ(PL(&c, 0).nposts, 2);
    KT_CHECK((PL(&c, 0).posts >> mp2_t_loc(&c, "Kaifeng")) & 1);
    KT_CHECK((PL(&c, 0).posts >> mp2_t_loc(&c, "Shangdu")) & 1);
    kt_scn_free(&c);
    /* rule flag: only the figure moved last places a post */
    c = cscn(T, "mailin,isabella,abha;mailin_posts=last", 3, PS("\"0\":{\"dice\":[3,3,3,4,5]}"));
    KT_REQUIRE(c.g);
    KT_DO(&c, "travel 2 with 3+3");
    KT_DO(&c, "figure 1 to Kaifeng");
    KT_DO(&c, "figure 2 to Shangdu");
    KT_DO(&c, "done");
    KT_EQ(PL(&c, 0).nposts, 1);
    KT_CHECK((PL(&c, 0).posts >> mp2_t_loc(&c, "Shangdu")) & 1);
    kt_scn_free(&c);
}

KT_TEST(mp2_mailin_receives_one_round_bonus_twice)
{
    kt_scn c = cscn(T, "mailin,isabella,abha", 3,
                    PS("\"0\":{\"dice\":[],\"placed\":5,\"posts\":[\"Kashgar\",\"Dali\"]},"
                       "\"1\":{\"dice\":[],\"placed\":5},\"2\":{\"dice\":[],\"placed\":5}"));
    KT_REQUIRE(c.g);
    MS(&c)->main_done = 1;
    KT_DO(&c, "end turn");
    KT_STREQ(kt_decision(c.g, c.s), "double_bonus");
    KT_EQ(kt_scn_nlegal(&c), 2);
    KT_DO(&c, "double bonus of Dali");
    KT_EQ(PL(&c, 0).res[IT_PEPPER], 4); /* Dali (2 pepper + 1 coin) twice */
    KT_EQ(PL(&c, 0).res[IT_COIN], 16);  /* Kashgar (4 coins) once */
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ Filippo Vitello */

KT_TEST(mp2_filippo_collects_outpost_tiles)
{
    /* rulebook example: another player claims an outpost tile and its
     * bonus; Filippo takes the tile and uses it later as a bonus action */
    kt_scn c = cscn(T, "isabella,filippo,abha", 3, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "travel 1 with 1");
    KT_DO(&c, "to Shangdu");
    /* space, route, Shangdu's tile: 6 coins and 2 points */
    KT_EQ(PL(&c, 0).res[IT_COIN], 10 - 2 - 2 + 6);
    KT_EQ(PL(&c, 0).res[IT_VP], 2);
    KT_CHECK((PL(&c, 1).kept >> 2) & 1);
    KT_DO(&c, "end turn");
    KT_DO(&c, "use outpost tile P03 (6 coins + 2 VP)");
    KT_EQ(PL(&c, 1).res[IT_COIN], 16);
    KT_EQ(PL(&c, 1).res[IT_VP], 2);
    KT_EQ(PL(&c, 1).kept, 0);
    kt_scn_free(&c);
    /* his own tiles are kept unused (seed) ... */
    c = cscn(T, "filippo,isabella,abha", 3, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "travel 1 with 1");
    KT_DO(&c, "to Shangdu");
    KT_EQ(PL(&c, 0).res[IT_COIN], 6);
    KT_CHECK((PL(&c, 0).kept >> 2) & 1);
    kt_scn_free(&c);
    /* ... or, with filippo_own=use, used at once and kept as well */
    c = cscn(T, "filippo,isabella,abha;filippo_own=use", 3, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "travel 1 with 1");
    KT_DO(&c, "to Shangdu");
    KT_EQ(PL(&c, 0).res[IT_COIN], 12);
    KT_CHECK((PL(&c, 0).kept >> 2) & 1);
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ Isabella Donati */

/* Isabella (player 1) has just rolled `dice` at the start of a round. */
static kt_scn isa_scn(kt_t *T, const char *dice, const char *opts)
{
    char p[1024];
    snprintf(p, sizeof p,
             "{\"header\":{\"to_move\":1,\"turn_player\":-1,\"decision\":\"doubles\"},"
             "\"state\":{\"phase\":\"round\","
             "\"stack\":[{\"type\":\"startplay\",\"player\":0,\"a\":0,\"b\":0,\"c\":0,\"d\":0},"
             "{\"type\":\"isabella\",\"player\":1,\"a\":0,\"b\":0,\"c\":0,\"d\":0}],"
             "\"players\":{\"1\":{\"dice\":%s}}}}",
             dice);
    return cscn(T, opts, 3, p);
}

KT_TEST(mp2_isabella_die_bonuses_and_doubles)
{
    /* the supplement's roll 1,2,4,4,6: by the per-die rule 1 and 6 give 2
     * coins each (the supplement example's "2 coins" is a slip), the 2 one
     * point, each 4 a camel - or the pair of 4s gives 1 gold instead */
    kt_scn c = isa_scn(T, "[1,2,4,4,6]", "abha,isabella,dewu");
    KT_REQUIRE(c.g);
    KT_EQ(kt_scn_nlegal(&c), 2);
    KT_DO(&c, "no doubles bonus");
    KT_EQ(PL(&c, 1).res[IT_COIN], 14);
    KT_EQ(PL(&c, 1).res[IT_VP], 1);
    KT_EQ(PL(&c, 1).res[IT_CAMEL], 7);
    kt_scn_free(&c);
    c = isa_scn(T, "[1,2,4,4,6]", "abha,isabella,dewu");
    KT_REQUIRE(c.g);
    KT_DO(&c, "double 4s for 1 gold");
    KT_EQ(PL(&c, 1).res[IT_GOLD], 1);
    KT_EQ(PL(&c, 1).res[IT_CAMEL], 5);
    KT_EQ(PL(&c, 1).res[IT_COIN], 14);
    kt_scn_free(&c);
    c = isa_scn(T, "[6,6,5,5,3]", "abha,isabella,dewu");
    KT_REQUIRE(c.g);
    KT_EQ(kt_scn_nlegal(&c), 3); /* one pair bonus: 6s (jade) or 5s (silk) */
    KT_DO(&c, "double 5s for 1 silk");
    KT_EQ(PL(&c, 1).res[IT_SILK], 1);
    KT_EQ(PL(&c, 1).res[IT_COIN], 14); /* the two 6s singly */
    KT_EQ(PL(&c, 1).res[IT_CAMEL], 6); /* the 3 */
    kt_scn_free(&c);
}

static int isa_die_delta(const mp2_player *before, const mp2_player *after, int v)
{
    if (v == 1 || v == 6)
        return after->res[IT_COIN] - before->res[IT_COIN] == 2;
    if (v == 2 || v == 5)
        return after->res[IT_VP] - before->res[IT_VP] == 1;
    return after->res[IT_CAMEL] - before->res[IT_CAMEL] == 1;
}

KT_TEST(mp2_isabella_black_die_bonus_not_on_reroll)
{
    kt_scn c = cscn(T, "isabella,abha,dewu", 3, PS("\"0\":{\"camels\":8}"));
    KT_REQUIRE(c.g);
    mp2_player before = PL(&c, 0);
    KT_DO(&c, "buy a black die");
    int v = 0;
    for (int d = 1; d <= 6; d++)
        if (PL(&c, 0).blk[d])
            v = d;
    KT_REQUIRE(v > 0);
    before.res[IT_CAMEL] = (int16_t)(before.res[IT_CAMEL] - 3);
    KT_CHECK(isa_die_delta(&before, &PL(&c, 0), v));
    /* rerolls give nothing (seed); camels: only the reroll's cost */
    before = PL(&c, 0);
    KT_DO(&c, "reroll 3");
    KT_EQ(PL(&c, 0).res[IT_COIN], before.res[IT_COIN]);
    KT_EQ(PL(&c, 0).res[IT_VP], before.res[IT_VP]);
    KT_EQ(PL(&c, 0).res[IT_CAMEL], before.res[IT_CAMEL] - 1);
    kt_scn_free(&c);
    /* rule flag isabella_reroll=1: rerolls count as rolls too */
    c = cscn(T, "isabella,abha,dewu;isabella_reroll=1", 3, NULL);
    KT_REQUIRE(c.g);
    before = PL(&c, 0);
    KT_DO(&c, "reroll 3");
    v = 0;
    for (int d = 1; d <= 6; d++)
        if (PL(&c, 0).own[d] != before.own[d] && PL(&c, 0).own[d] > before.own[d])
            v = d;
    if (v == 0)
        v = 3; /* rolled a 3 again */
    before.res[IT_CAMEL] = (int16_t)(before.res[IT_CAMEL] - 1);
    KT_CHECK(isa_die_delta(&before, &PL(&c, 0), v));
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ Gantulga Od */

KT_TEST(mp2_gantulga_lower_space_only_no_coin_camel_costs)
{
    /* rulebook example: Pagan -> Kabul costs him only the jade (plus the
     * 2 coins of the lower travel space) */
    kt_scn c = cscn(T, "gantulga,isabella,abha", 3,
                    PS("\"0\":{\"jade\":1,\"figures\":[\"Pagan\"],\"dice\":[3,4,5,6,6]}"));
    KT_REQUIRE(c.g);
    KT_CHECK(!LEGAL(&c, "travel 2 with 3+4"));
    KT_CHECK(!LEGAL(&c, "travel 3 with 3+4+5"));
    KT_DO(&c, "travel 1 with 3");
    KT_DO(&c, "to Kabul");
    KT_EQ(PL(&c, 0).res[IT_JADE], 0);
    KT_EQ(PL(&c, 0).res[IT_COIN], 8);
    KT_EQ(PL(&c, 0).res[IT_CAMEL], 5);
    kt_scn_free(&c);
    /* without the jade that route is closed to him */
    c = cscn(T, "gantulga,isabella,abha", 3, PS("\"0\":{\"figures\":[\"Pagan\"]}"));
    KT_REQUIRE(c.g);
    KT_DO(&c, "travel 1 with 3");
    KT_CHECK(!LEGAL(&c, "to Kabul"));
    kt_scn_free(&c);
}

KT_TEST(mp2_gantulga_free_routes_also_for_card_moves)
{
    const char *deck = "\"card_next\":8,\"card_slots\":[\"K01\",\"K02\",\"K03\",\"K04\",\"K05\",\"K06\","
                       "\"K20\",\"K07\"],\"card_deck\":[\"K01\",\"K02\",\"K03\",\"K04\",\"K05\",\"K06\","
                       "\"K20\",\"K07\",\"K08\",\"K09\",\"K10\",\"K11\",\"K12\",\"K13\",\"K14\",\"K15\","
                       "\"K16\",\"K17\",\"K18\",\"K19\",\"K21\",\"K22\",\"K23\",\"K24\",\"K25\"]";
    char p[2048];
    snprintf(p, sizeof p, "{\"state\":{%s,\"players\":{\"0\":{\"coins\":0,\"camels\":0}}}}", deck);
    kt_scn c = cscn(T, "gantulga,isabella,abha", 3, p);
    KT_REQUIRE(c.g);
    KT_DO(&c, "card A with 3"); /* move up to 2 */
    KT_DO(&c, "to Kaifeng");     /* 3 coins for anyone else */
    KT_DO(&c, "to Xian");        /* 2 coins */
    KT_EQ(PL(&c, 0).res[IT_COIN], 0);
    KT_CHECK((PL(&c, 0).posts >> mp2_t_loc(&c, "Xian")) & 1);
    kt_scn_free(&c);
}

/* The draft's prompt names the player without an empty character "(-)"
 * (seen in the browser: "Spieler 1 (-): wähle deinen Charakter"); once a
 * character is chosen it is named. */
KT_TEST(mp2_draft_prompt_has_no_empty_character)
{
    kt_game *g = NULL;
    kt_err err;
    KT_REQUIRE(kt_game_new("mp2", "", 3, 7, NULL, &g, &err) == KT_OK);
    kt_state *s = kt_state_new(g);
    KT_REQUIRE(s != NULL);
    KT_STREQ(kt_decision(g, s), "character");
    char *en = kt_prompt(g, s, KT_LANG_EN), *de = kt_prompt(g, s, KT_LANG_DE);
    KT_REQUIRE(en && de);
    KT_CHECK(!strstr(en, "(-)") && !strstr(de, "(-)"));
    char want[64];
    snprintf(want, sizeof want, "Player %d: choose your character", kt_to_move(g, s) + 1);
    KT_CHECK(strstr(en, want) != NULL);
    kt_free(en), kt_free(de);
    kt_action a[KT_LEGAL_MAX];
    KT_REQUIRE(kt_legal(g, s, a, KT_LEGAL_MAX) > 0);
    int who = kt_to_move(g, s);
    KT_REQUIRE(kt_apply(g, s, a[0], &err) == KT_OK);
    while (kt_to_move(g, s) != who && !kt_is_over(g, s)) { /* on to the chooser's next prompt */
        int n = kt_legal(g, s, a, KT_LEGAL_MAX);
        KT_REQUIRE(n > 0 && kt_apply(g, s, a[0], &err) == KT_OK);
    }
    en = kt_prompt(g, s, KT_LANG_EN);
    KT_REQUIRE(en != NULL);
    snprintf(want, sizeof want, "Player %d (", who + 1);
    KT_CHECK(strncmp(en, want, strlen(want)) == 0);
    kt_free(en);
    kt_state_free(g, s);
    kt_game_free(g);
}
