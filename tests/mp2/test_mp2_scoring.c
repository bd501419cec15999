/*
 * test_mp2_scoring.c - Marco Polo II final scoring: goal cards, shields
 * with +1s and the 43-point cap, goods, coins, the contract majority (no
 * second place with 2 players, ties share) and the camel tie-break.  Each
 * scenario is the last turn of round 5; ending it ends the game.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mp2_helpers.h"

#define CHARS "characters=filippo,isabella,abha"
#define BOARD                                                                                      \
    "\"markers\":[\"M1\",\"M2\",\"M3\",\"M4\",\"M5\",\"M7\"],\"unused_marker\":\"M6\""

/* Split a JSON id list ("C01","C02",...) into separate quoted ids. */
static int split_ids(char *ids, char *out[], int cap)
{
    int n = 0;
    for (char *t = strtok(ids, ","); t && n < cap; t = strtok(NULL, ","))
        out[n++] = t;
    return n;
}

/* Last turn of the game; player patches per seat (JSON members). */
static kt_scn end_scn(kt_t *T, const char *opts, int np, const char *extra, const char *const *pp)
{
    char patch[8192];
    size_t k = (size_t)snprintf(patch, sizeof patch,
                                "{\"state\":{" BOARD ",\"round\":4,\"main_done\":1%s%s,\"players\":{",
                                extra ? "," : "", extra ? extra : "");
    for (int p = 0; p < np; p++)
        k += (size_t)snprintf(patch + k, sizeof patch - k,
                              "%s\"%d\":{\"dice\":[],\"placed\":5,\"coins\":10,\"camels\":5,"
                              "\"jade\":0,\"pepper\":0,\"silk\":0,\"gold\":0,\"vp\":0}",
                              p ? "," : "", p);
    snprintf(patch + k, sizeof patch - k, "}}}");
    /* the test's own player fields on top */
    char own[4096];
    k = (size_t)snprintf(own, sizeof own, "{\"state\":{\"players\":{");
    for (int p = 0, first = 1; p < np; p++)
        if (pp[p]) {
            k += (size_t)snprintf(own + k, sizeof own - k, "%s\"%d\":{%s}", first ? "" : ",", p, pp[p]);
            first = 0;
        }
    snprintf(own + k, sizeof own - k, "}}}");
    kt_err err;
    char *merged = kt_json_merge_patch(patch, own, &err);
    if (!merged) {
        KT_FAIL("bad test patch: %s", err.msg);
        kt_scn none = {NULL, NULL};
        return none;
    }
    kt_scn c = mp2_scn(T, opts, np, merged);
    free(merged);
    return c;
}

static int end_game(kt_t *T, kt_scn *c, kt_result *res)
{
    if (!KT_DO(c, "end turn"))
        return 0;
    KT_CHECK(kt_is_over(c->g, c->s));
    kt_result_get(c->g, c->s, res);
    return res->finished;
}

KT_TEST(mp2_final_scoring_all_parts)
{
    char pile[1024], ids[256], *id[8];
    KT_REQUIRE(mp2_t_pile_take(T, CHARS, 3, 3, pile, sizeof pile, ids, sizeof ids));
    KT_REQUIRE(split_ids(ids, id, 8) == 3);
    char p0[512], p1[128];
    snprintf(p0, sizeof p0,
             "\"vp\":10,\"coins\":25,\"pepper\":3,\"silk\":2,\"gold\":1,\"jade\":1,"
             "\"posts\":[\"Kashgar\",\"Fuzhou\",\"Xian\",\"Kabul\"],\"seals\":[\"spicer\",\"jeweler\"],"
             "\"improved\":[\"spicer\"],\"goal_options\":[\"G01\",\"G02\",\"G03\"],\"goal\":0,"
             "\"completed\":[%s,%s]",
             id[0], id[1]);
    snprintf(p1, sizeof p1, "\"completed\":[%s],\"goal_options\":[\"G04\",\"G05\",\"G06\"],\"goal\":0",
             id[2]);
    const char *pp[3] = {p0, p1, "\"goal_options\":[\"G07\",\"G08\",\"G09\"],\"goal\":0"};
    kt_scn c = end_scn(T, CHARS, 3, pile, pp);
    KT_REQUIRE(c.g);
    const int *track = NULL;
    int tr[MP2_TRACK];
    for (int i = 0; i < MP2_TRACK; i++)
        tr[i] = MC(&c)->track[i];
    track = tr;
    kt_result res;
    KT_REQUIRE(end_game(T, &c, &res));
    int det[MP2_MAXP][8], sc[MP2_MAXP];
    mp2_final_scores(MC(&c), MS(&c), sc, det);
    /* goal G01: improved spicer 4 (jeweler only basic: 0); its cities
     * Kashgar and Fuzhou have posts: +2 shields on top of 4 different ones */
    KT_EQ(det[0][1], 4);
    KT_EQ(det[0][2], track[6]);
    KT_EQ(det[0][3], 3); /* 7 goods (jade counts, camels do not) */
    KT_EQ(det[0][4], 2); /* 25 coins */
    KT_EQ(det[0][5], 8); /* most contracts */
    KT_EQ(res.score[0], 10 + 4 + track[6] + 3 + 2 + 8);
    KT_EQ(det[1][5], 4); /* second most */
    KT_EQ(res.score[1], 1 + 4);
    KT_EQ(det[2][5], 0);
    KT_EQ(res.score[2], 1);
    KT_EQ(res.winners, 1u);
    kt_scn_free(&c);
}

KT_TEST(mp2_final_scoring_shield_track_capped_at_43)
{
    const char *pp[3] = {"\"posts\":[\"Karakorum\",\"Xian\",\"Fuzhou\",\"Pagan\",\"Lhasa\",\"Samarkand\","
                         "\"Herat\",\"Baghdad\",\"Kabul\"],\"plus_shields\":5",
                         "\"posts\":[\"Karakorum\",\"Xian\",\"Fuzhou\"],\"plus_shields\":1", NULL};
    kt_scn c = end_scn(T, CHARS, 3, NULL, pp);
    KT_REQUIRE(c.g);
    KT_CHECK(mp2_shields(MC(&c), MS(&c), 0) >= 14); /* 9 different + 5 */
    kt_result res;
    KT_REQUIRE(end_game(T, &c, &res));
    int det[MP2_MAXP][8], sc[MP2_MAXP];
    mp2_final_scores(MC(&c), MS(&c), sc, det);
    KT_EQ(det[0][2], 43);
    KT_EQ(det[1][2], MC(&c)->track[4]); /* 3 different + 1 */
    kt_scn_free(&c);
}

KT_TEST(mp2_final_scoring_contract_majority_ties_and_two_players)
{
    char pile[1024], ids[256], *id[8];
    KT_REQUIRE(mp2_t_pile_take(T, CHARS, 3, 5, pile, sizeof pile, ids, sizeof ids));
    KT_REQUIRE(split_ids(ids, id, 8) == 5);
    char a[128], b[128], d[64];
    snprintf(a, sizeof a, "\"completed\":[%s,%s]", id[0], id[1]);
    snprintf(b, sizeof b, "\"completed\":[%s,%s]", id[2], id[3]);
    snprintf(d, sizeof d, "\"completed\":[%s]", id[4]);
    const char *pp[3] = {a, b, d};
    kt_scn c = end_scn(T, CHARS, 3, pile, pp);
    KT_REQUIRE(c.g);
    kt_result res;
    KT_REQUIRE(end_game(T, &c, &res));
    int det[MP2_MAXP][8], sc[MP2_MAXP];
    mp2_final_scores(MC(&c), MS(&c), sc, det);
    KT_EQ(det[0][5], 8); /* tied for most: both score 8 */
    KT_EQ(det[1][5], 8);
    KT_EQ(det[2][5], 4); /* next fewer: second place */
    kt_scn_free(&c);
    /* two players: no second place */
    char pile2[1024], ids2[256], *id2[8];
    KT_REQUIRE(mp2_t_pile_take(T, "characters=filippo,isabella", 2, 3, pile2, sizeof pile2, ids2,
                               sizeof ids2));
    KT_REQUIRE(split_ids(ids2, id2, 8) == 3);
    snprintf(a, sizeof a, "\"completed\":[%s,%s]", id2[0], id2[1]);
    snprintf(b, sizeof b, "\"completed\":[%s]", id2[2]);
    const char *pp2[2] = {a, b};
    c = end_scn(T, "characters=filippo,isabella", 2, pile2, pp2);
    KT_REQUIRE(c.g);
    KT_REQUIRE(end_game(T, &c, &res));
    mp2_final_scores(MC(&c), MS(&c), sc, det);
    KT_EQ(det[0][5], 8);
    KT_EQ(det[1][5], 0);
    kt_scn_free(&c);
}

KT_TEST(mp2_final_scoring_tie_broken_by_camels)
{
    const char *pp[3] = {"\"camels\":6", "\"camels\":5", "\"coins\":0"};
    kt_scn c = end_scn(T, CHARS, 3, NULL, pp);
    KT_REQUIRE(c.g);
    kt_result res;
    KT_REQUIRE(end_game(T, &c, &res));
    KT_EQ(res.score[0], res.score[1]);
    KT_EQ(res.winners, 1u); /* more camels wins */
    KT_EQ(res.rank[1], 1);
    kt_scn_free(&c);
    const char *pp2[3] = {"\"camels\":5", "\"camels\":5", "\"coins\":0"};
    c = end_scn(T, CHARS, 3, NULL, pp2);
    KT_REQUIRE(c.g);
    KT_REQUIRE(end_game(T, &c, &res));
    KT_EQ(res.winners, 3u); /* still tied: shared victory */
    KT_CHECK(res.reward[0] > 0.49 && res.reward[0] < 0.51);
    kt_scn_free(&c);
}

KT_TEST(mp2_final_scoring_goal_city_rule_flag)
{
    /* goal G01 shows Kashgar's shield; the player has a post only in Lhasa,
     * which bears the same shield: counts with goal_match=shield only */
    const char *pp[3] = {"\"posts\":[\"Lhasa\"],\"goal_options\":[\"G01\",\"G02\",\"G03\"],\"goal\":0",
                         "\"goal_options\":[\"G04\",\"G05\",\"G06\"],\"goal\":0",
                         "\"goal_options\":[\"G07\",\"G08\",\"G09\"],\"goal\":0"};
    kt_scn c = end_scn(T, CHARS, 3, NULL, pp);
    KT_REQUIRE(c.g);
    KT_EQ(mp2_shields(MC(&c), MS(&c), 0), 1);
    kt_scn_free(&c);
    c = end_scn(T, CHARS ";goal_match=shield", 3, NULL, pp);
    KT_REQUIRE(c.g);
    KT_EQ(mp2_shields(MC(&c), MS(&c), 0), 2);
    kt_scn_free(&c);
}
