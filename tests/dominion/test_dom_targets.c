/*
 * test_dom_targets.c - Dominion's action info (targets.c): random games of
 * the base game and of Plunder kingdoms, where every legal action of every
 * pending player has a verb, every target id is in the acting player's
 * observation at the field docs/targets.md names, and a determinized copy
 * gives the same info; plus exact positions for buys, plays and a Militia
 * discard, and the decision names in both languages.
 */
#include <stdio.h>
#include <string.h>

#include "../../src/games/dominion/dominion.h"
#include "../targets_walk.h"
#include "helpers.h"

#define KV_TARGETS "Village,Smithy,Sentry,Harbinger,Militia,Moat,Market,Library,Witch,Artisan"

static const kt_jv *seat_of(const kt_jv *obs, int p)
{
    return kt_jv_at(kt_jv_get(obs, "seats"), p);
}

static int dom_has_id(const kt_jv *obs, int p, const char *kind, int id)
{
    const kt_jv *me = seat_of(obs, p);
    if (!strcmp(kind, "card"))
        return kt_t_json_has_int(kt_jv_get(me, "hand_ids"), NULL, id);
    if (!strcmp(kind, "pile"))
        return kt_t_json_has_int(kt_jv_get(obs, "supply"), "id", id);
    if (!strcmp(kind, "event"))
        return kt_t_json_has_int(kt_jv_get(obs, "events"), "id", id);
    if (!strcmp(kind, "trait"))
        return kt_t_json_has_int(kt_jv_get(obs, "traits"), "id", id);
    if (!strcmp(kind, "trash"))
        return kt_t_json_has_int(kt_jv_get(obs, "trash_ids"), NULL, id);
    if (!strcmp(kind, "discard"))
        return kt_t_json_has_int(kt_jv_get(me, "discard_ids"), NULL, id);
    if (!strcmp(kind, "deck"))
        return kt_t_json_has_int(kt_jv_get(me, "deck_ids"), NULL, id);
    if (!strcmp(kind, "aside"))
        return kt_t_json_has_int(kt_jv_get(obs, "aside"), "id", id);
    if (!strcmp(kind, "in_play"))
        return kt_t_json_has_int(kt_jv_get(obs, "in_play"), "id", id);
    if (!strcmp(kind, "watcher"))
        return kt_t_json_has_int(kt_jv_get(obs, "watchers"), "id", id);
    if (!strcmp(kind, "mode"))
        return kt_t_json_has_int(kt_jv_get(kt_jv_get(obs, "pending"), "modes"), "id", id);
    return 0;
}

KT_TEST(dom_targets_random_games_base)
{
    char verbs[512] = "";
    long n = 0;
    static const char *const kingdoms[] = {
        "kingdom=Village,Smithy,Sentry,Harbinger,Militia,Moat,Market,Library,Witch,Artisan",
        "kingdom=Cellar,Chapel,Throne Room,Bureaucrat,Vassal,Remodel,Mine,Bandit,Poacher,Moneylender",
        "kingdom=Workshop,Gardens,Festival,Laboratory,Council Room,Merchant,Moat,Militia,Witch,Chapel",
    };
    for (int k = 0; k < 3; k++)
        n += kt_t_targets_walk(T, "dominion", kingdoms[k], 2 + k % 3, 11 + (uint64_t)k,
                               kt_t_scaled(2), 700, dom_has_id, verbs, sizeof verbs);
    KT_CHECK(n > 1000);
    KT_CHECK(strstr(verbs, ",play,") && strstr(verbs, ",buy,") && strstr(verbs, ",discard,") &&
             strstr(verbs, ",trash,") && strstr(verbs, ",gain,") && strstr(verbs, ",done,") &&
             strstr(verbs, ",reveal,"));
}

KT_TEST(dom_targets_random_games_plunder)
{
    char verbs[512] = "";
    long n = 0;
    /* the 40 Plunder cards in four kingdoms, with Events and Traits */
    for (int k = 0; k < 4; k++) {
        char opts[900] = "turn_limit=60;landscapes=0;kingdom=";
        for (int i = 0; i < 10; i++) {
            strcat(opts, dom_cards[DOM_FIRST_PLUNDER + 10 * k + i].en);
            strcat(opts, i < 9 ? "," : ";events=");
        }
        for (int i = 0; i < 3; i++) {
            strcat(opts, dom_cards[DOM_FIRST_EVENT + 4 * k + i].en);
            strcat(opts, i < 2 ? "," : ";traits=");
        }
        for (int i = 0; i < 3; i++) {
            strcat(opts, dom_cards[DOM_FIRST_TRAIT + 3 * k + i].en);
            strcat(opts, i < 2 ? "," : "");
        }
        n += kt_t_targets_walk(T, "dominion", opts, 2 + k % 3, 100 + (uint64_t)k, kt_t_scaled(2),
                               600, dom_has_id, verbs, sizeof verbs);
    }
    KT_CHECK(n > 1000);
    KT_CHECK(strstr(verbs, ",play,") && strstr(verbs, ",buy,") && strstr(verbs, ",resolve,"));
}

/* An exact position: buying costs coins and a Buy, a pile target by card id. */
KT_TEST(dom_targets_buy_pile_and_costs)
{
    kt_scn c = dom_t_buy(T, KV_TARGETS, 2,
                         "\"0\":{\"hand\":[\"Copper\",\"Silver\"],\"deck\":[],\"discard\":[]}", 3);
    KT_REQUIRE(c.g);
    kt_action_info in;
    kt_action_info_get(c.g, c.s, -1, DOM_ACT(DOM_V_BUY, DOM_SILVER), &in);
    KT_STREQ(in.verb, "buy");
    KT_EQ(in.ntargets, 1);
    KT_STREQ(in.targets[0].kind, "pile");
    KT_EQ(in.targets[0].id, DOM_SILVER);
    KT_EQ(in.ncosts, 2);
    KT_STREQ(in.costs[0].what, "coins");
    KT_EQ(in.costs[0].amount, 3);
    kt_action_info_get(c.g, c.s, -1, DOM_ACT(DOM_V_PLAY, DOM_SILVER), &in);
    KT_STREQ(in.verb, "play");
    KT_STREQ(in.targets[0].kind, "card");
    kt_action_info_get(c.g, c.s, -1, DOM_ACT(DOM_V_ENDTURN, 0), &in);
    KT_STREQ(in.verb, "end_turn");
    KT_EQ(in.ntargets, 0);
    KT_STREQ(kt_decision_label(c.g, c.s, KT_LANG_EN), "Buy phase");
    KT_STREQ(kt_decision_label(c.g, c.s, KT_LANG_DE), "Kaufphase");
    kt_scn_free(&c);
}

/* Every decision kind has a name in both languages, and the German differs. */
KT_TEST(dom_targets_decision_labels_both_languages)
{
    for (int d = 0; d < DOM_NDECISIONS; d++) {
        const char *en = dom_decision_label(d, KT_LANG_EN), *de = dom_decision_label(d, KT_LANG_DE);
        KT_REQUIRE(en && de);
        KT_CHECK(en[0] && de[0] && strcmp(en, de) != 0);
    }
    for (int ph = 0; ph < DOM_NPHASES; ph++)
        KT_CHECK(strcmp(dom_phase_label(ph, KT_LANG_EN), dom_phase_label(ph, KT_LANG_DE)) != 0);
}

/* Militia's discard targets the victim's hand cards ("card"), never a
 * Supply pile; Moat's reveal targets the Moat in hand. */
KT_TEST(dom_targets_militia_discard_and_moat_are_hand_cards)
{
    kt_scn c = dom_t_action(T, KV_TARGETS, 2,
                            "\"0\":{\"hand\":[\"Militia\"],\"deck\":[],\"discard\":[]},"
                            "\"1\":{\"hand\":[\"Copper\",\"Copper\",\"Estate\",\"Moat\","
                            "\"Silver\"],\"deck\":[],\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_REQUIRE(DOM_DO(&c, "play Militia"));
    KT_EQ(kt_to_move(c.g, c.s), 1);
    kt_action acts[KT_LEGAL_MAX];
    int n = kt_legal(c.g, c.s, acts, KT_LEGAL_MAX), reveals = 0;
    for (int i = 0; i < n; i++) {
        kt_action_info in;
        kt_action_info_get(c.g, c.s, 1, acts[i], &in);
        if (!strcmp(in.verb, "reveal")) {
            reveals++;
            KT_STREQ(in.targets[0].kind, "card");
            KT_EQ(in.targets[0].id, DOM_MOAT);
        }
    }
    KT_EQ(reveals, 1);
    KT_REQUIRE(DOM_DO(&c, "done"));
    n = kt_legal(c.g, c.s, acts, KT_LEGAL_MAX);
    int discards = 0;
    for (int i = 0; i < n; i++) {
        kt_action_info in;
        kt_action_info_get(c.g, c.s, 1, acts[i], &in);
        if (strcmp(in.verb, "discard"))
            continue;
        discards++;
        KT_EQ(in.ntargets, 1);
        KT_STREQ(in.targets[0].kind, "card");
    }
    KT_EQ(discards, 4); /* Copper, Silver, Estate, Moat */
    kt_scn_free(&c);
}
