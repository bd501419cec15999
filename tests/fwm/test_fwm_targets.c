/*
 * test_fwm_targets.c - what Fugger, Welser, Medici's actions act on
 * (kt_action_info, src/games/fwm/targets.c) and the translated decision
 * names.  Random games of every mode and 2-6 players: for every legal
 * action of every pending player, a verb, and every target's id is present
 * in that player's observation JSON (map.spaces, map.routes, map.areas,
 * map.goods, the open deals, the player's merchants, players_view); the
 * same info on a determinized copy of the state for that player (nothing
 * hidden goes in, sealed bids included).  Moves carry their money and,
 * laden, the accident risk; bids their deal, quantity and price.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/util/json.h"
#include "fwm_helpers.h"

static const char *const modes[4] = {"trading", "nobility", "manor", "full"};

static const kt_jv *arr_id(const kt_jv *arr, int id)
{
    if (!arr || arr->type != KT_JARR)
        return NULL;
    for (const kt_jv *e = arr->child; e; e = e->next) {
        const kt_jv *v = kt_jv_get(e, "id");
        if (v && v->type == KT_JNUM && (long long)v->d == id)
            return e;
    }
    return NULL;
}

static int has_deal(const kt_jv *root, int id)
{
    const kt_jv *ds = kt_jv_get(root, "deals");
    for (const kt_jv *e = ds ? ds->child : NULL; e; e = e->next) {
        const kt_jv *v = kt_jv_get(e, "deal");
        if (v && (long long)v->d == id)
            return 1;
    }
    const char *more[2] = {"auction", "fair_deal"};
    for (int i = 0; i < 2; i++) {
        const kt_jv *o = kt_jv_get(root, more[i]), *v = o ? kt_jv_get(o, "deal") : NULL;
        if (v && (long long)v->d == id)
            return 1;
    }
    return 0;
}

/* Is target t of player p's action named in p's observation? */
static int target_ok(const kt_jv *root, int p, const kt_target *t)
{
    const kt_jv *map = kt_jv_get(root, "map"), *pv = kt_jv_get(root, "players_view");
    const kt_jv *me = arr_id(pv, p);
    if (!strcmp(t->kind, "town") || !strcmp(t->kind, "space")) {
        const kt_jv *sp = arr_id(kt_jv_get(map, "spaces"), t->id);
        const kt_jv *k = sp ? kt_jv_get(sp, "kind") : NULL;
        return k && k->type == KT_JSTR && (!strcmp(k->s, "town") == !strcmp(t->kind, "town"));
    }
    if (!strcmp(t->kind, "route"))
        return arr_id(kt_jv_get(map, "routes"), t->id) != NULL;
    if (!strcmp(t->kind, "area"))
        return arr_id(kt_jv_get(map, "areas"), t->id) != NULL;
    if (!strcmp(t->kind, "good"))
        return arr_id(kt_jv_get(map, "goods"), t->id) != NULL;
    if (!strcmp(t->kind, "deal"))
        return has_deal(root, t->id);
    if (!strcmp(t->kind, "merchant"))
        return me && arr_id(kt_jv_get(me, "merchants"), t->id) != NULL;
    if (!strcmp(t->kind, "warehouse"))
        return me && t->id == 0 && kt_jv_get(me, "warehouse") != NULL;
    if (!strcmp(t->kind, "player"))
        return arr_id(pv, t->id) != NULL && t->id != p;
    if (!strcmp(t->kind, "number"))
        return t->id >= 1 && t->id <= 6;
    if (!strcmp(t->kind, "place"))
        return t->id >= 1 && t->id <= 3;
    if (!strcmp(t->kind, "iou"))
        return t->id == 0;
    if (!strcmp(t->kind, "amount") || !strcmp(t->kind, "price"))
        return t->id >= 0;
    return 0;
}

typedef struct seen {
    long actions, targets, moves, bids, risks;
    char verbs[40][24];
    int nverbs;
} seen;

static void note_verb(seen *z, const char *v)
{
    for (int i = 0; i < z->nverbs; i++)
        if (!strcmp(z->verbs[i], v))
            return;
    if (z->nverbs < 40)
        snprintf(z->verbs[z->nverbs++], sizeof z->verbs[0], "%s", v);
}

static int info_eq(const kt_action_info *a, const kt_action_info *b)
{
    if (strcmp(a->verb, b->verb) || a->ntargets != b->ntargets || a->ncosts != b->ncosts)
        return 0;
    for (int i = 0; i < a->ntargets; i++)
        if (strcmp(a->targets[i].kind, b->targets[i].kind) || a->targets[i].id != b->targets[i].id)
            return 0;
    for (int i = 0; i < a->ncosts; i++)
        if (strcmp(a->costs[i].what, b->costs[i].what) || a->costs[i].amount != b->costs[i].amount)
            return 0;
    return 1;
}

/* Checks every legal action of pending player p; returns 0 after a failure. */
static int check_player(kt_t *T, const kt_game *g, const kt_state *s, kt_state *det, int p,
                        kt_action *buf, seen *z)
{
    int n = kt_legal_as(g, s, p, buf, KT_LEGAL_MAX);
    char *obs = kt_observe_json(g, s, p, KT_LANG_EN);
    kt_jdoc doc = {0};
    kt_err err;
    if (!KT_CHECK(obs) || !KT_OKS(kt_json_parse(obs, strlen(obs), &doc, &err), &err)) {
        kt_free(obs);
        return 0;
    }
    kt_determinize(g, s, p, 77 + (uint64_t)z->actions, det);
    int ok = KT_CHECK(n > 0);
    for (int i = 0; ok && i < n; i++) {
        kt_action_info in, in2;
        kt_action_info_get(g, s, p, buf[i], &in);
        kt_action_info_get(g, det, p, buf[i], &in2);
        z->actions++;
        note_verb(z, in.verb);
        if (!in.verb[0]) {
            char t[128];
            kt_action_text(g, s, buf[i], p, KT_LANG_EN, t, sizeof t);
            KT_FAIL("no verb for '%s' (decision %s)", t, kt_decision(g, s));
            ok = 0;
        }
        for (int k = 0; ok && k < in.ntargets; k++) {
            z->targets++;
            if (!target_ok(doc.root, p, &in.targets[k])) {
                KT_FAIL("%s: target %s %d not in player %d's observation", in.verb,
                        in.targets[k].kind, in.targets[k].id, p);
                ok = 0;
            }
        }
        if (ok && !info_eq(&in, &in2)) {
            KT_FAIL("%s: the info differs on a determinized copy (hidden information)", in.verb);
            ok = 0;
        }
        if (!strcmp(in.verb, "move")) {
            z->moves++;
            ok = ok && KT_CHECK(in.ntargets >= 2 && !strcmp(in.targets[0].kind, "merchant")) &&
                 KT_CHECK(in.ncosts >= 1 && !strcmp(in.costs[0].what, "money"));
            z->risks += in.ncosts == 2 && !strcmp(in.costs[1].what, "risk_pct");
        }
        if (!strcmp(in.verb, "bid")) {
            z->bids++;
            ok = ok && KT_CHECK(in.ntargets == 3 && !strcmp(in.targets[0].kind, "deal") &&
                                !strcmp(in.targets[1].kind, "amount") &&
                                !strcmp(in.targets[2].kind, "price"));
        }
    }
    kt_json_free(&doc);
    kt_free(obs);
    return ok;
}

KT_TEST(fwm_targets_every_action_in_the_observation)
{
    seen z = {0};
    kt_action *buf = malloc(sizeof *buf * KT_LEGAL_MAX);
    KT_REQUIRE(buf);
    int games = kt_t_scaled(5);
    for (int i = 0; i < games; i++) {
        int np = 2 + i % 5;
        char opts[64];
        snprintf(opts, sizeof opts, "mode=%s;trade_offers=2", modes[i % 4]);
        kt_game *g = NULL;
        kt_err err;
        if (!KT_OKS(kt_game_new("fwm", opts, np, 500 + (uint64_t)i, NULL, &g, &err), &err))
            break;
        kt_state *s = kt_state_new(g), *det = kt_state_new(g);
        kt_rng rng;
        kt_rng_seed(&rng, 900 + (uint64_t)i);
        int ok = 1;
        for (long n = 0; ok && n < 1500 && !kt_is_over(g, s); n++) {
            uint32_t pend = kt_pending(g, s);
            int cand[FWM_MAXP], k = 0;
            for (int q = 0; q < np; q++)
                if ((pend >> q) & 1u) {
                    cand[k++] = q;
                    ok = ok && check_player(T, g, s, det, q, buf, &z);
                }
            if (!ok || !KT_CHECK(k > 0))
                break;
            int p = cand[kt_rng_below(&rng, (uint32_t)k)];
            int m = kt_legal_as(g, s, p, buf, KT_LEGAL_MAX);
            ok = KT_OKS(kt_apply_as(g, s, p, buf[kt_rng_below(&rng, (uint32_t)m)], &err), &err);
        }
        kt_state_free(g, det);
        kt_state_free(g, s);
        kt_game_free(g);
        if (!ok)
            break;
    }
    free(buf);
    printf("  %ld actions, %ld targets, %ld moves (%ld with a risk), %ld bids, %d verbs\n",
           z.actions, z.targets, z.moves, z.risks, z.bids, z.nverbs);
    KT_CHECK(z.moves > 0 && z.risks > 0 && z.bids > 0);
    KT_CHECK(z.nverbs >= 12);
}

/* Every decision kind is named in English and German, differently where
 * the words differ, and the observation names the phase. */
KT_TEST(fwm_targets_decision_labels)
{
    kt_game *g = NULL;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("fwm", "", 3, 1, NULL, &g, &err), &err));
    for (int d = 0; d < FS_N; d++) {
        const char *en = fwm_decision_label(d, KT_LANG_EN), *de = fwm_decision_label(d, KT_LANG_DE);
        if (!KT_CHECK(en && de && en[0] && de[0]))
            KT_FAIL("decision %d (%s) has no label", d, fwm_decision_name(d));
    }
    KT_CHECK(fwm_decision_label(FS_N, KT_LANG_EN) == NULL);
    kt_state *s = kt_state_new(g);
    KT_STREQ(kt_decision_label(g, s, KT_LANG_DE), "Heimatstadt wählen");
    KT_STREQ(kt_decision_label(g, s, KT_LANG_EN), "Choose a home city");
    char *obs = kt_observe_json(g, s, 0, KT_LANG_DE);
    KT_CHECK(obs && strstr(obs, "\"phase_label\":\"Heimatstadt wählen\""));
    kt_free(obs);
    kt_state_free(g, s);
    kt_game_free(g);
}

/* A laden representative's step: the planned move's money and risk; a bid:
 * its deal, quantity, unit price and what it pays. */
KT_TEST(fwm_targets_move_and_bid_costs)
{
    kt_scn c = fwm_scn(T, "", 2,
                       "{\"state\":{\"stage\":\"move\",\"players\":{\"1\":{\"merchants\":{\"A\":"
                       "{\"cargo\":{\"cloth\":1,\"spice\":0,\"metal\":0}}}}}}}");
    KT_REQUIRE(c.s);
    int p = kt_to_move(c.g, c.s), don = fwm_sp(&c, "DON");
    KT_EQ(p, 1); /* Nürnberg's player: merchant A (laden) stands next to Donauwörth */
    kt_action a = FWM_ACT(A_STEP, 0, 0, don);
    kt_action_info in;
    kt_action_info_get(c.g, c.s, p, a, &in);
    KT_STREQ(in.verb, "move");
    KT_REQUIRE(in.ntargets >= 2);
    KT_STREQ(in.targets[0].kind, "merchant");
    KT_EQ(in.targets[0].id, 0);
    KT_STREQ(in.targets[1].kind, "space");
    KT_EQ(in.targets[1].id, don);
    KT_CHECK(in.ntargets == 3 && !strcmp(in.targets[2].kind, "route"));
    KT_REQUIRE(in.ncosts >= 1);
    KT_STREQ(in.costs[0].what, "money");
    KT_EQ(in.costs[0].amount, fwm_path_cost(c.g, S(&c), p, 0, (const uint8_t[]){(uint8_t)don}, 1));
    KT_CHECK(in.ncosts == 2 && !strcmp(in.costs[1].what, "risk_pct") &&
             in.costs[1].amount == 3); /* 2d6 <= 2: 1 in 36 */
    kt_scn_free(&c);
}
