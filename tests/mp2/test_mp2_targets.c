/*
 * test_mp2_targets.c - what Marco Polo II actions act on (kt_action_info):
 * random games with 2-4 players, with and without caravans, are walked;
 * at every position every legal action of every pending player has a
 * verb, each target id names something in that player's observation JSON
 * (docs/targets.md says where), and the info is the same on determinized
 * copies (it depends on nothing the player cannot see).  Also: every
 * decision kind has an English and a German name, and the observation's
 * round label counts rounds as the log does (issue 29: the top bar said
 * "Round 2" while the log said "round 3").
 *
 * Data layout: the observation is parsed once per position and player
 * (kt_json_parse); a target is checked by its kind against the list that
 * holds its ids.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/util/json.h"
#include "mp2_helpers.h"

static int len_of(const kt_jv *v) { return v && (v->type == KT_JARR || v->type == KT_JOBJ) ? v->n : -1; }

static const kt_jv *path2(const kt_jv *o, const char *a, const char *b)
{
    return kt_jv_get(kt_jv_get(o, a), b);
}

static int int_in(const kt_jv *arr, int x)
{
    for (int i = 0; i < len_of(arr); i++) {
        const kt_jv *v = kt_jv_at(arr, i);
        if (v->type == KT_JNUM && (int)v->d == x)
            return 1;
    }
    return 0;
}

static int str_at_nonnull(const kt_jv *arr, int i)
{
    const kt_jv *v = i >= 0 && i < len_of(arr) ? kt_jv_at(arr, i) : NULL;
    return v && v->type == KT_JSTR;
}

static const char *const colours[4] = {"blue", "yellow", "green", "red"};

/* Is target (kind, id) of player p's action found in observation o? */
static int target_ok(const kt_jv *o, int p, const char *kind, int id)
{
    const kt_jv *seat = kt_jv_at(kt_jv_get(o, "seats"), p);
    const kt_jv *pend = kt_jv_get(o, "pending");
    if (!strcmp(kind, "space"))
        return id >= 0 && id < len_of(path2(o, "table", "spaces")) &&
               id < len_of(path2(o, "board", "spaces"));
    if (!strcmp(kind, "die"))
        return int_in(kt_jv_get(seat, "dice"), id);
    if (!strcmp(kind, "black_die"))
        return int_in(kt_jv_get(seat, "black"), id);
    if (!strcmp(kind, "piece")) {
        const kt_jv *pc = kt_jv_get(seat, "pieces");
        for (int i = 0; i < len_of(pc) && id >= 0 && id < 4; i++)
            if (!strcmp(kt_jv_at(pc, i)->s, colours[id]))
                return 1;
        return 0;
    }
    if (!strcmp(kind, "town"))
        return id >= 0 && id < len_of(path2(o, "table", "locations"));
    if (!strcmp(kind, "route"))
        return id >= 0 && id < len_of(path2(o, "table", "routes"));
    if (!strcmp(kind, "figure"))
        return id >= 0 && id < len_of(kt_jv_get(seat, "figures"));
    if (!strcmp(kind, "caravan"))
        return id >= 0 && id < len_of(kt_jv_get(seat, "caravans"));
    if (!strcmp(kind, "contract"))
        return id == 2 ? kt_jv_get(pend, "contract") != NULL
                       : str_at_nonnull(kt_jv_get(seat, "contracts"), id);
    if (!strcmp(kind, "contract_slot")) {
        const kt_jv *cb = path2(o, "board", "contract_board");
        return id >= 0 && id / 2 < len_of(cb) && str_at_nonnull(kt_jv_at(cb, id / 2), id % 2);
    }
    if (!strcmp(kind, "guild"))
        return id >= 0 && id < len_of(path2(o, "table", "guilds"));
    if (!strcmp(kind, "good")) {
        const kt_jv *r = path2(o, "table", "resources");
        return id >= 0 && id < len_of(r) &&
               (!strcmp(kt_jv_at(r, id)->s, "pepper") || !strcmp(kt_jv_at(r, id)->s, "silk") ||
                !strcmp(kt_jv_at(r, id)->s, "gold"));
    }
    if (!strcmp(kind, "character"))
        return str_at_nonnull(path2(o, "board", "draft"), id);
    if (!strcmp(kind, "goal"))
        return id >= 0 && id < len_of(kt_jv_get(seat, "goal_options"));
    if (!strcmp(kind, "marker"))
        return id >= 0 && id < len_of(path2(o, "board", "markers"));
    if (!strcmp(kind, "book"))
        return id >= 0 && id < len_of(path2(o, "board", "offers"));
    if (!strcmp(kind, "tile"))
        return id >= 0 && id < len_of(path2(o, "board", "route_tiles"));
    if (!strcmp(kind, "outpost_tile"))
        return id >= 0 && id < len_of(path2(o, "table", "outpost_tiles"));
    if (!strcmp(kind, "option")) {
        const kt_jv *bag = kt_jv_at(path2(o, "table", "spaces"), SP_BAG);
        return id >= 0 && (id < len_of(kt_jv_get(pend, "options")) ||
                           (!pend && id < len_of(kt_jv_get(bag, "options"))));
    }
    if (!strcmp(kind, "amount"))
        return id >= 0 && id <= 20;
    return 0;
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

typedef struct walk_stats {
    int positions, actions, verbs_seen;
    char verbs[48][24];
} walk_stats;

static void note_verb(walk_stats *w, const char *v)
{
    for (int i = 0; i < w->verbs_seen; i++)
        if (!strcmp(w->verbs[i], v))
            return;
    if (w->verbs_seen < 48)
        snprintf(w->verbs[w->verbs_seen++], sizeof w->verbs[0], "%s", v);
}

/* Every legal action of pending player p at this position. */
static void check_position(kt_t *T, const kt_game *g, const kt_state *s, int p, kt_state *det,
                           walk_stats *ws)
{
    kt_action acts[KT_LEGAL_MAX];
    int n = kt_legal_as(g, s, p, acts, KT_LEGAL_MAX);
    char *js = kt_observe_json(g, s, p, KT_LANG_EN);
    KT_REQUIRE(js);
    kt_jdoc doc;
    kt_err err = {0, ""};
    if (!KT_OKS(kt_json_parse(js, strlen(js), &doc, &err), &err)) {
        kt_free(js);
        return;
    }
    kt_determinize(g, s, p, 77u + (uint64_t)ws->positions, det);
    for (int i = 0; i < n; i++) {
        kt_action_info in, in2;
        kt_action_info_get(g, s, p, acts[i], &in);
        char text[160];
        kt_action_text(g, s, acts[i], p, KT_LANG_EN, text, sizeof text);
        if (!in.verb[0])
            KT_FAIL("no verb for '%s' (decision %s)", text, kt_decision(g, s));
        note_verb(ws, in.verb);
        for (int k = 0; k < in.ntargets; k++)
            if (!target_ok(doc.root, p, in.targets[k].kind, in.targets[k].id))
                KT_FAIL("'%s' (%s): target %s %d not in player %d's observation", text, in.verb,
                        in.targets[k].kind, in.targets[k].id, p + 1);
        kt_action_info_get(g, det, p, acts[i], &in2);
        if (!info_eq(&in, &in2))
            KT_FAIL("'%s': the info differs on a determinized copy (%s / %s)", text, in.verb,
                    in2.verb);
        ws->actions++;
    }
    ws->positions++;
    kt_json_free(&doc);
    kt_free(js);
}

static void walk(kt_t *T, const char *opts, int np, uint64_t seed, walk_stats *ws)
{
    kt_game *g = NULL;
    kt_err err = {0, ""};
    if (!KT_OKS(kt_game_new("mp2", opts, np, seed, NULL, &g, &err), &err))
        return;
    kt_state *s = kt_state_new(g), *det = kt_state_new(g);
    KT_REQUIRE(s && det);
    uint64_t r = seed * 2654435761u + 1;
    kt_action acts[KT_LEGAL_MAX];
    for (int step = 0; step < 3000 && !kt_is_over(g, s); step++) {
        uint32_t pend = kt_pending(g, s);
        for (int p = 0; p < np; p++)
            if ((pend >> p) & 1)
                check_position(T, g, s, p, det, ws);
        int n = kt_legal(g, s, acts, KT_LEGAL_MAX);
        KT_REQUIRE(n > 0);
        r = r * 6364136223846793005ull + 1442695040888963407ull;
        kt_apply_trusted(g, s, acts[(r >> 33) % (uint64_t)n]);
    }
    KT_CHECK(kt_is_over(g, s));
    kt_state_free(g, det);
    kt_state_free(g, s);
    kt_game_free(g);
}

KT_TEST(mp2_targets_every_legal_action_has_a_verb_and_observed_targets)
{
    walk_stats ws;
    memset(&ws, 0, sizeof ws);
    walk(T, "", 2, 1, &ws);
    walk(T, "caravans=1", 3, 2, &ws);
    walk(T, "caravans=1", 4, 3, &ws);
    walk(T, "", 4, 4, &ws);
    KT_CHECK(ws.positions > 200);
    /* the main verbs all came up */
    static const char *const want[] = {"place", "money_bag", "end_turn", "move", "offer",
                                       "choose_character", "keep_goal", "take_contract"};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        int found = 0;
        for (int k = 0; k < ws.verbs_seen; k++)
            found |= !strcmp(ws.verbs[k], want[i]);
        if (!found)
            KT_FAIL("verb %s never came up in %d positions", want[i], ws.positions);
    }
}

/* A placement's cost is the fee: the die's value on a used space that
 * charges one, plus 2 coins on travel 1. */
KT_TEST(mp2_targets_place_costs_the_fee)
{
    kt_scn c = mp2_scn(T, "characters=mongke,dewu,abha,filippo", 4,
                       "{\"state\":{\"players\":{\"0\":{\"dice\":[4,5,5,6,6],\"coins\":9}}}}");
    KT_REQUIRE(c.g);
    MS(&c)->sp[SP_BOOK1].used = 1;
    MS(&c)->sp[SP_BOOK1].occ = 2;
    MS(&c)->sp[SP_BOOK1].last = 1;
    MS(&c)->sp[SP_BOOK1].low = 2;
    kt_action acts[KT_LEGAL_MAX];
    int n = kt_legal(c.g, c.s, acts, KT_LEGAL_MAX), seen = 0;
    for (int i = 0; i < n; i++) {
        kt_action_info in;
        kt_action_info_get(c.g, c.s, -1, acts[i], &in);
        if (strcmp(in.verb, "place"))
            continue;
        KT_CHECK(in.ntargets >= 2 && !strcmp(in.targets[0].kind, "space"));
        int sp = in.targets[0].id, die = in.targets[1].id, coins = 0;
        for (int k = 0; k < in.ncosts; k++)
            if (!strcmp(in.costs[k].what, "coins"))
                coins = in.costs[k].amount;
        if (sp == SP_BOOK1 && in.ntargets == 2) {
            KT_EQ(coins, die);
            seen++;
        } else if (sp == SP_TRAVEL1) {
            KT_EQ(coins, 2);
            seen++;
        }
    }
    KT_CHECK(seen >= 2);
    kt_scn_free(&c);
}

KT_TEST(mp2_targets_decision_labels_in_both_languages)
{
    kt_game *g = NULL;
    kt_err err = {0, ""};
    KT_REQUIRE(KT_OKS(kt_game_new("mp2", "", 2, 1, NULL, &g, &err), &err));
    kt_state *s = kt_state_new(g);
    KT_STREQ(kt_decision_label(g, s, KT_LANG_EN), "Choose a character");
    KT_STREQ(kt_decision_label(g, s, KT_LANG_DE), "Charakter wählen");
    for (int d = 0; d < MP2_NDEC; d++) {
        const char *en = mp2_decision_label(d, KT_LANG_EN), *de = mp2_decision_label(d, KT_LANG_DE);
        KT_CHECK(en && de && en[0] && de[0]);
        if (en && de && d != DEC_GOOD && strcmp(en, de) == 0)
            KT_FAIL("decision %d has no German name (%s)", d, en);
    }
    KT_CHECK(mp2_decision_label(MP2_NDEC, KT_LANG_EN) == NULL);
    kt_state_free(g, s);
    kt_game_free(g);
}

/* The top bar shows board.round_label; the log counts rounds 1..5: the
 * same number after every round start of a random game. */
KT_TEST(mp2_targets_round_label_counts_as_the_log)
{
    kt_game *g = NULL;
    kt_err err = {0, ""};
    KT_REQUIRE(KT_OKS(kt_game_new("mp2", "", 2, 9, NULL, &g, &err), &err));
    kt_state *s = kt_state_new(g), *b = kt_state_new(g);
    kt_action acts[KT_LEGAL_MAX];
    int rounds = 0;
    for (int step = 0; step < 3000 && !kt_is_over(g, s); step++) {
        int n = kt_legal(g, s, acts, KT_LEGAL_MAX);
        kt_state_copy(g, b, s);
        int actor = kt_to_move(g, s);
        kt_apply_trusted(g, s, acts[(unsigned)step * 7u % (unsigned)n]);
        char *log = kt_events_json(g, b, actor, acts[(unsigned)step * 7u % (unsigned)n], s, 0,
                                   KT_LANG_EN, &err);
        const char *r = log ? strstr(log, "Round ") : NULL;
        if (r && !kt_is_over(g, s)) {
            int logged = atoi(r + 6);
            char *js = kt_observe_json(g, s, 0, KT_LANG_EN);
            char want[40];
            snprintf(want, sizeof want, "\"round_label\":\"Round %d of 5\"", logged);
            if (!js || !strstr(js, want))
                KT_FAIL("log says round %d, the observation does not (%s)", logged, want);
            rounds++;
            kt_free(js);
        }
        kt_free(log);
    }
    KT_EQ(rounds, 5);
    kt_state_free(g, b);
    kt_state_free(g, s);
    kt_game_free(g);
}

/* After the end every goal card is public: a player's observation shows the
 * real ones, so its final scoring equals the result (it used to be computed
 * on a copy with the others' goal cards redrawn: the end screen showed 118
 * points for a player the result gave 123). */
KT_TEST(mp2_final_scoring_in_every_observation_equals_the_result)
{
    for (uint64_t seed = 1; seed <= 4; seed++) {
        kt_game *g = NULL;
        kt_err err = {0, ""};
        KT_REQUIRE(KT_OKS(kt_game_new("mp2", "", 3, seed, NULL, &g, &err), &err));
        kt_state *s = kt_state_new(g);
        kt_action acts[KT_LEGAL_MAX];
        uint64_t r = seed;
        while (!kt_is_over(g, s)) {
            int n = kt_legal(g, s, acts, KT_LEGAL_MAX);
            r = r * 6364136223846793005ull + 1442695040888963407ull;
            kt_apply_trusted(g, s, acts[(r >> 33) % (uint64_t)n]);
        }
        kt_result res;
        kt_result_get(g, s, &res);
        for (int viewer = 0; viewer < 3; viewer++) {
            char *js = kt_observe_json(g, s, viewer, KT_LANG_EN);
            kt_jdoc doc;
            if (!js || !KT_OKS(kt_json_parse(js, strlen(js), &doc, &err), &err)) {
                kt_free(js);
                continue;
            }
            const kt_jv *fin = kt_jv_get(doc.root, "final");
            for (int p = 0; p < 3; p++) {
                const kt_jv *tot = kt_jv_get(kt_jv_at(fin, p), "total");
                if (!tot || (int)tot->d != (int)res.score[p])
                    KT_FAIL("seed %llu: player %d's observation gives player %d %d points, the result %d",
                            (unsigned long long)seed, viewer + 1, p + 1, tot ? (int)tot->d : -1,
                            (int)res.score[p]);
            }
            kt_json_free(&doc);
            kt_free(js);
        }
        kt_state_free(g, s);
        kt_game_free(g);
    }
}
