/*
 * test_an_targets.c - what Anno 1701 actions act on (targets.c): random
 * games under several rule options; at every position, for every legal
 * action of the player to move:
 *   - the verb is non-empty and from the documented vocabulary;
 *   - every target's id is found in that player's observation JSON under
 *     the field docs/targets.md names for its kind (a build's space is a
 *     free one, a placement's landscape an open one, a card a hand card of
 *     the right player or a card of the searched pile);
 *   - every cost name is documented;
 *   - the info is the same on determinized copies of the state for that
 *     player (nothing hidden goes into it).
 * Plus the decision and phase names in both languages, and named checks
 * of the main verbs from exact positions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/util/json.h"
#include "an_helpers.h"

static const char *const verbs[] = {
    "build",     "upgrade",    "repair_ship", "improve_ship", "play",      "bank",
    "offer",     "sail",       "exchange",    "start_pile",   "pay",       "take_good",
    "steal",     "lose_good",  "trader_buy",  "trader_sell",  "harbour",   "give",
    "ask",       "send",       "accept",      "sail_on",      "pay_pirates", "fight",
    "buy",       "place",      "lodge",       "cancel",       "spy_take",  "pick",
    "draw",      "search",     "done",        "end_turn",     "let_happen", "return",
    "withdraw",  "decline",
};
#define NVERBS ((int)(sizeof verbs / sizeof verbs[0]))

static const char *const cost_names[] = {"wood", "cloth", "food", "brick", "tools", "gold",
                                         "rum", "tobacco", "gold_left", "gold_right"};

static int in_list(const char *const *list, int n, const char *w)
{
    for (int i = 0; i < n; i++)
        if (strcmp(list[i], w) == 0)
            return i;
    return -1;
}

/* Does array `arr` hold an object whose integer `key` is id (and, when
 * `flag` is given, whose boolean `flag` is true / which has no `absent`)? */
static int arr_has(const kt_jv *arr, const char *key, int id, const char *flag,
                   const char *absent)
{
    if (!arr || arr->type != KT_JARR)
        return 0;
    for (const kt_jv *e = arr->child; e; e = e->next) {
        const kt_jv *v = kt_jv_get(e, key);
        if (!v || v->type != KT_JNUM || (long long)v->d != id)
            continue;
        if (flag) {
            const kt_jv *f = kt_jv_get(e, flag);
            if (!f || f->type != KT_JBOOL || !f->b)
                continue;
        }
        if (absent && kt_jv_get(e, absent))
            continue;
        return 1;
    }
    return 0;
}

static const kt_jv *seat(const kt_jv *obs, int p)
{
    return kt_jv_at(kt_jv_get(obs, "tableau"), p);
}

/* Is a card target's id where docs/targets.md says for this verb? */
static int card_found(const kt_jv *obs, int p, const char *verb, int id)
{
    if (strcmp(verb, "spy_take") == 0)
        return arr_has(kt_jv_get(seat(obs, 1 - p), "hand"), "def", id, NULL, NULL);
    if (strcmp(verb, "pick") == 0) {
        const kt_jv *piles = kt_jv_get(obs, "piles");
        for (const kt_jv *e = piles ? piles->child : NULL; e; e = e->next)
            if (arr_has(kt_jv_get(e, "contents"), "def", id, NULL, NULL))
                return 1;
        return 0;
    }
    return arr_has(kt_jv_get(seat(obs, p), "hand"), "def", id, NULL, NULL);
}

static int target_found(const kt_jv *obs, int p, const char *verb, const kt_target *t)
{
    const kt_jv *me = seat(obs, p);
    const char *k = t->kind;
    if (strcmp(k, "card") == 0)
        return card_found(obs, p, verb, t->id);
    if (strcmp(k, "space") == 0)
        return arr_has(kt_jv_get(me, "spaces"), "id", t->id, NULL, "def");
    if (strcmp(k, "pile") == 0)
        return arr_has(kt_jv_get(obs, "piles"), "id", t->id, NULL, NULL);
    if (strcmp(k, "centre") == 0)
        return arr_has(kt_jv_get(me, "centres"), "id", t->id, NULL, NULL);
    if (strcmp(k, "landscape") == 0)
        return arr_has(kt_jv_get(me, "landscapes"), "id", t->id,
                       strcmp(verb, "place") == 0 ? "open" : NULL, NULL);
    if (strcmp(k, "good") == 0)
        return kt_jv_at(kt_jv_get(obs, "kinds"), t->id) != NULL;
    if (strcmp(k, "level") == 0)
        return kt_jv_at(kt_jv_get(obs, "levels"), t->id) != NULL;
    if (strcmp(k, "ship") == 0) {
        const kt_jv *sh = kt_jv_get(seat(obs, t->id), "ship");
        const kt_jv *id = sh ? kt_jv_get(sh, "id") : NULL;
        return id && (long long)id->d == t->id;
    }
    if (strcmp(k, "player") == 0) {
        const kt_jv *pv = kt_jv_get(seat(obs, t->id), "player");
        return pv && (long long)pv->d == t->id;
    }
    if (strcmp(k, "offer") == 0)
        return arr_has(kt_jv_get(kt_jv_get(obs, "pending"), "offers"), "id", t->id, NULL, NULL);
    return 0;
}

typedef struct walk_stats {
    long actions, targets, determinized;
    int verb_seen[NVERBS];
} walk_stats;

/* Every legal action of the position, checked; 0 after the first failure. */
static int check_position(kt_t *T, const kt_game *g, const kt_state *s, kt_state *d, kt_rng *r,
                          walk_stats *ws)
{
    int p = kt_to_move(g, s);
    kt_action a[KT_LEGAL_MAX];
    int n = kt_legal(g, s, a, KT_LEGAL_MAX);
    char *json = kt_observe_json(g, s, p, KT_LANG_EN);
    kt_jdoc doc;
    if (!json || kt_json_parse(json, strlen(json), &doc, NULL) != KT_OK) {
        KT_FAIL("observation of player %d does not parse", p);
        kt_free(json);
        return 0;
    }
    const kt_jv *obs = kt_jv_get(doc.root, "observation");
    obs = obs ? obs : doc.root;
    int ok = 1, det = kt_rng_below(r, 3) == 0;
    if (det)
        kt_determinize(g, s, p, kt_rng_next(r), d);
    for (int i = 0; i < n && ok; i++) {
        kt_action_info in, in2;
        kt_action_info_get(g, s, p, a[i], &in);
        char txt[128];
        kt_action_text(g, s, a[i], p, KT_LANG_EN, txt, sizeof txt);
        int vi = in_list(verbs, NVERBS, in.verb);
        if (vi < 0) {
            KT_FAIL("'%s' (decision %s): verb '%s' is not in the vocabulary", txt,
                    kt_decision(g, s), in.verb);
            ok = 0;
            break;
        }
        ws->verb_seen[vi]++;
        ws->actions++;
        for (int k = 0; k < in.ntargets; k++, ws->targets++)
            if (!target_found(obs, p, in.verb, &in.targets[k])) {
                KT_FAIL("'%s': target %s %d is not in player %d's observation", txt,
                        in.targets[k].kind, in.targets[k].id, p);
                ok = 0;
            }
        for (int k = 0; k < in.ncosts; k++)
            if (in_list(cost_names, 10, in.costs[k].what) < 0 || in.costs[k].amount <= 0) {
                KT_FAIL("'%s': cost %s %d", txt, in.costs[k].what, in.costs[k].amount);
                ok = 0;
            }
        if (det) {
            kt_action_info_get(g, d, p, a[i], &in2);
            ws->determinized++;
            if (memcmp(&in, &in2, sizeof in) != 0) {
                KT_FAIL("'%s': the info differs on a determinized copy for player %d", txt, p);
                ok = 0;
            }
        }
    }
    kt_json_free(&doc);
    kt_free(json);
    return ok;
}

static void walk(kt_t *T, const char *opts, int games, uint64_t seed0, walk_stats *ws)
{
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("anno1701", opts, 2, 1, NULL, &g, &err), &err));
    kt_state *s = kt_state_new(g), *d = kt_state_new(g);
    kt_rng r;
    kt_rng_seed(&r, seed0);
    for (int i = 0; i < games; i++) {
        kt_state_init_seed(g, s, seed0 + (uint64_t)i);
        for (int steps = 0; !kt_is_over(g, s) && steps < 4000; steps++) {
            if (!check_position(T, g, s, d, &r, ws))
                goto out;
            kt_action a[KT_LEGAL_MAX];
            int n = kt_legal(g, s, a, KT_LEGAL_MAX);
            KT_REQUIRE(n > 0);
            KT_REQUIRE(kt_apply(g, s, a[kt_rng_below(&r, (uint32_t)n)], NULL) == KT_OK);
        }
    }
out:
    kt_state_free(g, s);
    kt_state_free(g, d);
    kt_game_free(g);
}

KT_TEST(anno_targets_every_action_names_what_the_player_sees)
{
    walk_stats ws;
    memset(&ws, 0, sizeof ws);
    walk(T, "trade_offers=3", kt_t_scaled(12), 2800, &ws);
    walk(T, "trade_offers=3;gold_pay=auto;pirate_hunt=opponent;trader=buy", kt_t_scaled(6), 2900,
         &ws);
    walk(T, NULL, kt_t_scaled(2), 3000, &ws);
    KT_CHECK(ws.actions > 1000);
    KT_CHECK(ws.targets > 1000);
    KT_CHECK(ws.determinized > 100);
    /* the main verbs of the game turn up in random play */
    static const char *const main_verbs[] = {"build", "draw", "sail", "pay", "end_turn",
                                             "bank", "offer", "give", "ask", "upgrade"};
    for (int i = 0; i < (int)(sizeof main_verbs / sizeof main_verbs[0]); i++)
        if (!ws.verb_seen[in_list(verbs, NVERBS, main_verbs[i])])
            KT_FAIL("verb %s never seen in %ld actions", main_verbs[i], ws.actions);
}

KT_TEST(anno_targets_decision_and_phase_labels_in_both_languages)
{
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("anno1701", NULL, 2, 1, NULL, &g, &err), &err));
    for (int d = 0; d < AN_NDEC; d++) {
        const char *en = an_decision_label(d, KT_LANG_EN), *de = an_decision_label(d, KT_LANG_DE);
        KT_REQUIRE(en && de && *en && *de);
        KT_CHECK(strcmp(en, de) != 0);
        KT_CHECK(strcmp(en, an_decision_name(d)) != 0);
    }
    KT_CHECK(an_decision_label(AN_NDEC, KT_LANG_EN) == NULL);
    kt_state *s = kt_state_new(g);
    kt_state_init_seed(g, s, 5);
    KT_STREQ(kt_decision_label(g, s, KT_LANG_DE), "Startstapel");
    char *o = kt_observe_json(g, s, 0, KT_LANG_DE);
    KT_CHECK(o && strstr(o, "\"phase_label\":\"Aufbau\""));
    kt_free(o);
    kt_state_free(g, s);
    kt_game_free(g);
}

static int has_target(const kt_action_info *in, const char *kind, int id)
{
    for (int i = 0; i < in->ntargets; i++)
        if (strcmp(in->targets[i].kind, kind) == 0 && in->targets[i].id == id)
            return 1;
    return 0;
}

static int cost_of(const kt_action_info *in, const char *what)
{
    for (int i = 0; i < in->ncosts; i++)
        if (strcmp(in->costs[i].what, what) == 0)
            return in->costs[i].amount;
    return 0;
}

static void info_of(kt_t *T, kt_scn *c, const char *text, kt_action_info *in)
{
    kt_action a = 0;
    kt_err err;
    memset(in, 0, sizeof *in);
    if (!KT_OKS(kt_action_parse(c->g, c->s, text, &a, &err), &err))
        return;
    kt_action_info_get(c->g, c->s, -1, a, in);
}

KT_TEST(anno_targets_build_draw_and_pay_name_card_space_pile_centre)
{
    /* Farm L03 costs goods; the hand holds it; three buildings stand */
    kt_scn c = an_scn(T, NULL, "{\"hand\":[\"L03\"],\"buildings\":[\"M10\"],\"gold\":[1,2]}",
                      NULL, NULL);
    KT_REQUIRE(c.g);
    kt_action_info in;
    int farm = an_t_def(&c, "Farm");
    info_of(T, &c, "build Farm", &in);
    KT_STREQ(in.verb, "build");
    KT_CHECK(has_target(&in, "card", farm));
    KT_CHECK(has_target(&in, "space", 1)); /* one building stands on space 0 */
    for (int g = 0; g < AN_NGOODS; g++)
        KT_EQ(cost_of(&in, an_good_name(g, KT_LANG_EN)), AC(&c)->def[farm].cost[g]);
    info_of(T, &c, "draw from pile I-b", &in);
    KT_STREQ(in.verb, "draw");
    KT_EQ(in.ntargets, 1);
    KT_CHECK(has_target(&in, "pile", 1));
    info_of(T, &c, "search pile I-a (1 gold)", &in);
    KT_STREQ(in.verb, "search");
    KT_EQ(cost_of(&in, "gold"), AC(&c)->k.search_cost);
    KT_DO(&c, "search pile I-a (1 gold)");
    KT_STREQ(kt_decision(c.g, c.s), "pay");
    info_of(T, &c, "pay 0 left, 1 right", &in);
    KT_STREQ(in.verb, "pay");
    KT_CHECK(has_target(&in, "centre", 1) && !has_target(&in, "centre", 0));
    KT_EQ(cost_of(&in, "gold_right"), 1);
    KT_EQ(cost_of(&in, "gold_left"), 0);
    kt_scn_free(&c);
}
