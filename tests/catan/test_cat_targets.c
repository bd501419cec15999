/*
 * test_cat_targets.c - Catan's action info (targets.c): random games of
 * Cities & Knights and of the base game, where every legal action of every
 * pending player has a verb, every target id is in the acting player's
 * observation at the field docs/targets.md names, and a determinized copy
 * gives the same info; plus an exact position for building costs and the
 * decision names in both languages.
 */
#include <stdio.h>
#include <string.h>

#include "../targets_walk.h"
#include "catan_test.h"

static int arr_len(const kt_jv *a) { return a && a->type == KT_JARR ? a->n : -1; }

static int cat_has_id(const kt_jv *obs, int p, const char *kind, int id)
{
    const kt_jv *cat = kt_jv_get(obs, "catalog");
    if (!strcmp(kind, "vertex"))
        return id >= 0 && id < arr_len(kt_jv_get(obs, "vertex_hexes"));
    if (!strcmp(kind, "edge"))
        return id >= 0 && id < arr_len(kt_jv_get(obs, "edges"));
    if (!strcmp(kind, "hex"))
        return id >= 0 && id < arr_len(kt_jv_get(obs, "terrain"));
    if (!strcmp(kind, "player"))
        return id >= 0 && id < arr_len(kt_jv_get(obs, "boards"));
    if (!strcmp(kind, "good") || !strcmp(kind, "give") || !strcmp(kind, "get"))
        return id >= 0 && id < arr_len(kt_jv_get(cat, "goods"));
    if (!strcmp(kind, "track"))
        return id >= 0 && id < arr_len(kt_jv_get(cat, "tracks"));
    if (!strcmp(kind, "dev"))
        return id >= 0 && id < arr_len(kt_jv_get(cat, "dev"));
    if (!strcmp(kind, "card")) /* the actor's own cards, or those the Spy shows */
        return kt_t_json_has_int(kt_jv_get(obs, "my_progress_ids"), NULL, id) ||
               kt_t_json_has_int(kt_jv_get(kt_jv_get(obs, "pending"), "victim_progress_ids"),
                                 NULL, id);
    if (!strcmp(kind, "level"))
        return id >= 1 && id <= 3;
    if (!strcmp(kind, "red") || !strcmp(kind, "yellow"))
        return id >= 1 && id <= 6 && arr_len(kt_jv_get(obs, "dice")) == 3;
    (void)p;
    return 0;
}

KT_TEST(cat_targets_random_games_ck)
{
    char verbs[1024] = "";
    long n = 0;
    for (int k = 0; k < 3; k++)
        n += kt_t_targets_walk(T, "catan", "", 3 + k % 2, 21 + (uint64_t)k, kt_t_scaled(2), 900,
                               cat_has_id, verbs, sizeof verbs);
    KT_CHECK(n > 2000);
    KT_CHECK(strstr(verbs, ",build_road,") && strstr(verbs, ",build_settlement,") &&
             strstr(verbs, ",build_city,") && strstr(verbs, ",robber,") &&
             strstr(verbs, ",recruit_knight,") && strstr(verbs, ",offer,") &&
             strstr(verbs, ",bank_trade,") && strstr(verbs, ",roll,"));
}

KT_TEST(cat_targets_random_games_base)
{
    char verbs[1024] = "";
    long n = 0;
    for (int k = 0; k < 3; k++)
        n += kt_t_targets_walk(T, "catan", "variant=base", 3 + k % 2, 31 + (uint64_t)k,
                               kt_t_scaled(2), 900, cat_has_id, verbs, sizeof verbs);
    KT_CHECK(n > 2000);
    KT_CHECK(strstr(verbs, ",build_road,") && strstr(verbs, ",robber,") &&
             strstr(verbs, ",buy_dev,"));
}

/* Building in the main phase names the vertex/edge and costs the cards. */
KT_TEST(cat_targets_build_costs)
{
    kt_scn c = cat_scn(T, "", 3, NULL);
    KT_REQUIRE(c.g);
    kt_action_info in;
    kt_action_info_get(c.g, c.s, -1, ACT(A_SETTLE, 34, 0, 0), &in);
    KT_STREQ(in.verb, "build_settlement");
    KT_EQ(in.ntargets, 1);
    KT_STREQ(in.targets[0].kind, "vertex");
    KT_EQ(in.targets[0].id, 34);
    KT_EQ(in.ncosts, 4);
    kt_action_info_get(c.g, c.s, -1, ACT(A_CITY, 34, 0, 0), &in);
    KT_EQ(in.ncosts, 2);
    KT_STREQ(in.costs[0].what, "grain");
    KT_EQ(in.costs[0].amount, 2);
    KT_STREQ(in.costs[1].what, "ore");
    KT_EQ(in.costs[1].amount, 3);
    kt_action_info_get(c.g, c.s, -1, ACT(A_ROAD, 5, 0, 0), &in);
    KT_STREQ(in.verb, "build_road");
    KT_STREQ(in.targets[0].kind, "edge");
    KT_EQ(in.targets[0].id, 5);
    kt_action_info_get(c.g, c.s, -1, ACT(A_BANK, K_BRICK, K_ORE, 4), &in);
    KT_STREQ(in.verb, "bank_trade");
    KT_STREQ(in.targets[0].kind, "give");
    KT_STREQ(in.targets[1].kind, "get");
    KT_EQ(in.targets[1].id, K_ORE);
    KT_STREQ(in.costs[0].what, "brick");
    KT_EQ(in.costs[0].amount, 4);
    kt_scn_free(&c);
}

KT_TEST(cat_targets_decision_labels_both_languages)
{
    for (int d = 0; d < F_NDECISIONS; d++) {
        const char *en = cat_decision_label(d, KT_LANG_EN), *de = cat_decision_label(d, KT_LANG_DE);
        KT_REQUIRE(en && de);
        KT_CHECK(en[0] && de[0] && strcmp(en, de) != 0);
    }
}
