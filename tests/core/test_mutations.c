/*
 * test_mutations.c - the full-state loader of EVERY registered game against
 * single-node mutations of real saved states (issue 16: "a state kontor
 * wrote always loads back"; bad files are refused with a message and change
 * nothing).
 *
 * Dominion, Catan and Marco Polo II have deeper game-specific mutation tests
 * (tests/dominion/test_load_mutations.c, tests/catan/test_reliability.c,
 * tests/mp2/test_mp2_mutate.c) that know their stacks and names; this one
 * knows nothing about any game, so a game registered later (Anno 1701,
 * Fugger, Welser, Medici, ...) is covered the day it lands.
 *
 * Layout: for each game and a few configurations (its player-count range,
 * some options), random play samples saved states (JSON).  Each sampled
 * document is parsed once; the JSON tree is numbered in pre-order and the
 * writer re-emits it with exactly one node changed: a number +1/-1, a large
 * or negative number, a string swapped for another value seen under the
 * same key in any sample (another phase, decision, card...), a bool flipped,
 * null, the wrong type, an element/member dropped or duplicated.  A result
 * must be refused with a message, or load and then pass kt_check, offer a
 * legal action to someone while running, save and load back to identical
 * JSON and equal bytes, and keep the game's invariants through a few random
 * actions of whoever must decide (players deciding at once included).
 *
 * KT_SCALE scales the number of mutations; KT_MUT_SEED=N explores others;
 * KT_MUT_GAME=NAME tests one game; KT_MUT_DUMP=DIR keeps failing mutants.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/util/json.h"
#include "../../src/core/rng.h"
#include "../harness.h"

enum { MU_PLUS, MU_MINUS, MU_BIG, MU_NEG, MU_SWAP, MU_FLIP, MU_NULL, MU_DROP, MU_DUP, MU_TYPE };

#define MT_KEYS 128
#define MT_VALS 96
#define MT_STATES 12

/* String values seen under each key, pointing into the parsed samples. */
typedef struct mt_pool {
    int nkeys;
    char key[MT_KEYS][24];
    int n[MT_KEYS];
    const char *val[MT_KEYS][MT_VALS];
} mt_pool;

/* One mutation being written: the target node's pre-order number, what to
 * do to it, and (filled in while writing) the node that was hit. */
typedef struct mt_mut {
    int target, kind, counter;
    const char *swap;
    long long big;
    const char *hitkey;
} mt_mut;

typedef struct mt_stats {
    long tried, refused, loaded, played, failures;
} mt_stats;

static int mt_key(mt_pool *P, const char *k, int add)
{
    for (int i = 0; i < P->nkeys; i++)
        if (!strcmp(P->key[i], k))
            return i;
    if (!add || P->nkeys == MT_KEYS)
        return -1;
    snprintf(P->key[P->nkeys], sizeof P->key[0], "%s", k);
    return P->nkeys++;
}

static void mt_gather(mt_pool *P, const kt_jv *v, const char *key)
{
    if (v->type == KT_JSTR && key) {
        int i = mt_key(P, key, 1);
        int seen = i < 0;
        for (int j = 0; i >= 0 && j < P->n[i] && !seen; j++)
            seen = !strcmp(P->val[i][j], v->s);
        if (!seen && P->n[i] < MT_VALS)
            P->val[i][P->n[i]++] = v->s;
    }
    for (const kt_jv *c = v->child; c; c = c->next)
        mt_gather(P, c, v->type == KT_JOBJ ? c->key : key);
}

static int mt_count(const kt_jv *v)
{
    int n = 1;
    for (const kt_jv *c = v->child; c; c = c->next)
        n += mt_count(c);
    return n;
}

static void mt_emit(kt_jw *w, const kt_jv *v, const char *key, mt_mut *m);

/* Children of an array/object; a dropped child is skipped (its subtree's
 * numbers are consumed), a duplicated one is written twice, the copy
 * unmutated. */
static void mt_children(kt_jw *w, const kt_jv *v, mt_mut *m)
{
    for (const kt_jv *c = v->child; c; c = c->next) {
        int me = m->counter;
        const char *ck = v->type == KT_JOBJ ? c->key : NULL;
        if (me == m->target && m->kind == MU_DROP) {
            m->hitkey = ck ? ck : "(element)";
            m->counter += mt_count(c);
            continue;
        }
        if (ck)
            kt_jw_key(w, ck);
        mt_emit(w, c, ck, m);
        if (me == m->target && m->kind == MU_DUP) {
            int save = m->target, after = m->counter;
            m->target = -1;
            m->counter = me;
            if (ck)
                kt_jw_key(w, ck); /* a repeated member name */
            mt_emit(w, c, ck, m);
            m->target = save;
            m->counter = after;
            m->hitkey = "(dup)";
        }
    }
}

static void mt_emit(kt_jw *w, const kt_jv *v, const char *key, mt_mut *m)
{
    int me = m->counter++;
    if (me != m->target || m->kind == MU_DROP || m->kind == MU_DUP) {
        if (v->type == KT_JARR) {
            kt_jw_arr(w);
            mt_children(w, v, m);
            kt_jw_arr_end(w);
        } else if (v->type == KT_JOBJ) {
            kt_jw_obj(w);
            mt_children(w, v, m);
            kt_jw_obj_end(w);
        } else {
            kt_jw_value(w, v);
        }
        return;
    }
    m->hitkey = key ? key : "(element)";
    long long x = v->type == KT_JNUM && v->isint ? (v->neg ? -(long long)v->u : (long long)v->u)
                                                 : 0;
    switch (m->kind) {
    case MU_PLUS: kt_jw_int(w, x + 1); break;
    case MU_MINUS: kt_jw_int(w, x - 1); break;
    case MU_BIG: kt_jw_int(w, m->big); break;
    case MU_NEG: kt_jw_int(w, -1); break;
    case MU_SWAP: kt_jw_str(w, m->swap ? m->swap : "nonsense"); break;
    case MU_FLIP: kt_jw_bool(w, v->type == KT_JBOOL ? !v->b : 1); break;
    case MU_NULL: kt_jw_null(w); break;
    default: kt_jw_str(w, "7"); break; /* MU_TYPE */
    }
}

static int mt_pick_kind(const kt_jv *v, kt_rng *r)
{
    static const int num[] = {MU_PLUS, MU_MINUS, MU_PLUS, MU_MINUS, MU_BIG, MU_NEG, MU_NULL,
                              MU_TYPE, MU_DROP, MU_DUP};
    static const int str[] = {MU_SWAP, MU_SWAP, MU_SWAP, MU_SWAP, MU_NULL, MU_TYPE, MU_DROP,
                              MU_DUP};
    static const int con[] = {MU_DROP, MU_DROP, MU_DUP, MU_NULL, MU_TYPE};
    switch (v->type) {
    case KT_JNUM: return num[kt_rng_below(r, sizeof num / sizeof num[0])];
    case KT_JSTR: return str[kt_rng_below(r, sizeof str / sizeof str[0])];
    case KT_JBOOL: return kt_rng_below(r, 2) ? MU_FLIP : MU_DROP;
    case KT_JNULL: return kt_rng_below(r, 2) ? MU_SWAP : MU_PLUS;
    default: return con[kt_rng_below(r, sizeof con / sizeof con[0])];
    }
}

static const kt_jv *mt_node(const kt_jv *v, const char *key, int *k, const char **key_out)
{
    if ((*k)-- == 0) {
        *key_out = key;
        return v;
    }
    for (const kt_jv *c = v->child; c; c = c->next) {
        const kt_jv *f = mt_node(c, v->type == KT_JOBJ ? c->key : key, k, key_out);
        if (f)
            return f;
    }
    return NULL;
}

/* Someone who must decide now: the player to move, else the lowest pending
 * player; -1 when nobody (a running game must never be in that state). */
static int mt_actor(const kt_game *g, const kt_state *s)
{
    int p = kt_to_move(g, s);
    if (p >= 0 && kt_legal(g, s, NULL, 0) > 0)
        return p;
    uint32_t m = kt_pending(g, s);
    for (int q = 0; q < KT_MAX_PLAYERS; q++)
        if (m >> q & 1u)
            return q;
    return -1;
}

/* A random legal action of someone who must decide, applied; 0 if none. */
static int mt_step(const kt_game *g, kt_state *s, kt_rng *r, kt_err *err)
{
    kt_action buf[KT_LEGAL_MAX];
    int p = mt_actor(g, s);
    if (p < 0)
        return 0;
    int n = kt_legal_as(g, s, p, buf, KT_LEGAL_MAX);
    if (n <= 0)
        return 0;
    return kt_apply_as(g, s, p, buf[kt_rng_below(r, (uint32_t)n)], err) == KT_OK;
}

/* With KT_MUT_DUMP=DIR set, the loaded mutant that failed later is written
 * there (to debug a failure by hand). */
static void mt_dump(const char *json, const char *what)
{
    const char *dir = getenv("KT_MUT_DUMP");
    if (!dir || !json)
        return;
    uint32_t h = 2166136261u; /* FNV-1a names the file by its content */
    for (const char *c = json; *c; c++)
        h = (h ^ (uint8_t)*c) * 16777619u;
    char path[512];
    snprintf(path, sizeof path, "%s/mutant-%08x.json", dir, (unsigned)h);
    FILE *f = fopen(path, "w");
    if (f) {
        fprintf(f, "%s\n", json);
        fclose(f);
        printf("    %s -> %s\n", what, path);
    }
}

static void mt_play_on(kt_t *T, const kt_game *g, kt_state *t, kt_rng *r, mt_stats *S,
                       const char *what)
{
    kt_err err;
    memset(&err, 0, sizeof err);
    char *before = getenv("KT_MUT_DUMP") ? kt_state_json(g, t) : NULL;
    for (int k = 0; k < 20 && !kt_is_over(g, t); k++) {
        if (!mt_step(g, t, r, &err)) {
            KT_FAIL("%s: no legal action (or refused: %s) after %d actions", what, err.msg, k);
            S->failures++;
            mt_dump(before, what);
            kt_free(before);
            return;
        }
        if (kt_check(g, t, &err) != KT_OK) {
            KT_FAIL("%s: invariants broken after %d actions: %s", what, k + 1, err.msg);
            S->failures++;
            mt_dump(before, what);
            kt_free(before);
            return;
        }
    }
    S->played++;
    kt_free(before);
}

/* A loaded mutant must be consistent and round-trip exactly. */
static void mt_loaded(kt_t *T, const kt_game *g, kt_state *t, kt_rng *r, mt_stats *S,
                      const char *what)
{
    kt_err err;
    memset(&err, 0, sizeof err);
    S->loaded++;
    if (kt_check(g, t, &err) != KT_OK) {
        KT_FAIL("%s: loaded but fails check: %s", what, err.msg);
        S->failures++;
        return;
    }
    if (!kt_is_over(g, t) && mt_actor(g, t) < 0) {
        KT_FAIL("%s: loaded a running game where nobody has a legal action", what);
        S->failures++;
        return;
    }
    char *j1 = kt_state_json(g, t);
    kt_state *u = kt_state_new(g);
    if (!j1 || !u || kt_state_load_json(g, j1, u, &err) != KT_OK) {
        KT_FAIL("%s: its save does not load back: %s", what, err.msg);
        S->failures++;
    } else {
        char *j2 = kt_state_json(g, u);
        if (!j2 || strcmp(j1, j2) || !kt_state_equal(g, t, u)) {
            KT_FAIL("%s: save/load/save differs", what);
            S->failures++;
        } else {
            mt_play_on(T, g, t, r, S, what);
        }
        kt_free(j2);
    }
    kt_free(j1);
    kt_state_free(g, u);
}

static void mt_try(kt_t *T, const kt_game *g, const kt_jv *root, const mt_pool *P, kt_rng *r,
                   kt_state *t, mt_stats *S)
{
    static const long long bigs[] = {255, 256, 65535, 65536, 127, 128, 4, 5, 6, 7, 8, 9, 16, 32,
                                     64, 100, 1000, 2147483647LL, -2147483648LL};
    mt_mut m;
    memset(&m, 0, sizeof m);
    m.target = 1 + (int)kt_rng_below(r, (uint32_t)(mt_count(root) - 1));
    int k = m.target;
    const char *key = NULL;
    const kt_jv *node = mt_node(root, NULL, &k, &key);
    if (!node)
        return;
    m.kind = mt_pick_kind(node, r);
    m.big = bigs[kt_rng_below(r, sizeof bigs / sizeof bigs[0])];
    if (m.kind == MU_SWAP) {
        int i = key ? mt_key((mt_pool *)P, key, 0) : -1;
        if (i >= 0 && P->n[i] > 1)
            m.swap = P->val[i][kt_rng_below(r, (uint32_t)P->n[i])];
    }
    kt_buf b;
    kt_buf_init(&b);
    kt_jw w;
    kt_jw_init(&w, &b);
    mt_emit(&w, root, NULL, &m);
    char what[200];
    snprintf(what, sizeof what, "%s: mutation %d of '%s' (node %d)", kt_game_name(g), m.kind,
             m.hitkey ? m.hitkey : "?", m.target);
    kt_err err;
    memset(&err, 0, sizeof err);
    S->tried++;
    if (kt_state_load_json(g, b.p, t, &err) != KT_OK) {
        S->refused++;
        if (!err.msg[0]) {
            KT_FAIL("%s: refused without a message", what);
            S->failures++;
        }
    } else {
        mt_loaded(T, g, t, r, S, what);
    }
    kt_buf_free(&b);
}

/* Saved states of random games of one configuration. */
static int mt_sample(const kt_game *g, kt_rng *r, char **out, int max)
{
    kt_state *s = kt_state_new(g);
    kt_err err;
    int n = 0;
    for (int game = 0; game < 4 && n < max; game++) {
        kt_state_init_seed(g, s, 500u + (uint64_t)game);
        long steps = 0;
        while (!kt_is_over(g, s) && n < max && steps++ < 50000) {
            if (!mt_step(g, s, r, &err))
                break;
            if (kt_rng_below(r, 150) == 0)
                out[n++] = kt_state_json(g, s);
        }
        if (kt_is_over(g, s) && n < max)
            out[n++] = kt_state_json(g, s);
    }
    kt_state_free(g, s);
    return n;
}

/* Mutate samples of one configuration; returns 0 if it could not be made. */
static int mt_config(kt_t *T, const char *game, const char *opts, int players, kt_rng *r,
                     mt_stats *S)
{
    kt_game *g;
    kt_err err;
    if (kt_game_new(game, opts, players, 77, NULL, &g, &err) != KT_OK)
        return 0;
    char *states[MT_STATES];
    int want = kt_t_scaled(6);
    int ns = mt_sample(g, r, states, want < MT_STATES ? want : MT_STATES);
    mt_pool *P = calloc(1, sizeof *P);
    kt_jdoc docs[MT_STATES];
    int nd = 0;
    for (int i = 0; i < ns; i++) {
        if (!states[i] || kt_json_parse(states[i], strlen(states[i]), &docs[nd], &err) != KT_OK) {
            KT_FAIL("%s: a saved state does not parse", game);
            continue;
        }
        mt_gather(P, docs[nd].root, NULL);
        nd++;
    }
    kt_state *t = kt_state_new(g);
    /* more tries while none loaded or none was refused yet: at small
     * scales the few tries may all fall on one side by chance */
    int per = kt_t_scaled(30);
    for (int i = 0; i < nd && S->failures < 20; i++)
        for (int k = 0; (k < per || !S->loaded || !S->refused) && k < 400 && S->failures < 20; k++)
            mt_try(T, g, docs[i].root, P, r, t, S);
    kt_state_free(g, t);
    for (int i = 0; i < nd; i++)
        kt_json_free(&docs[i]);
    for (int i = 0; i < ns; i++)
        kt_free(states[i]);
    free(P);
    kt_game_free(g);
    return 1;
}

KT_TEST(core_load_mutations_every_game)
{
    /* options tried beside the defaults; a game that does not know one
     * refuses it, which is simply skipped */
    static const char *const extra[] = {"mode=nobility", "mode=manor", "mode=full",
                                        "variant=base", "caravans=1"};
    const char *seed = getenv("KT_MUT_SEED");
    kt_rng r;
    kt_rng_seed(&r, seed ? strtoull(seed, NULL, 10) : 2026);
    for (int gi = 0; gi < kt_game_count(); gi++) {
        const kt_gameinfo *gf = kt_game_info(gi);
        const char *only = getenv("KT_MUT_GAME"); /* one game only, to debug */
        if (only && strcmp(only, gf->name))
            continue;
        mt_stats S;
        memset(&S, 0, sizeof S);
        int made = 0;
        made += mt_config(T, gf->name, "", gf->min_players, &r, &S);
        if (gf->max_players != gf->min_players)
            made += mt_config(T, gf->name, "", gf->max_players, &r, &S);
        for (size_t e = 0; e < sizeof extra / sizeof extra[0]; e++)
            made += mt_config(T, gf->name, extra[e], gf->default_players, &r, &S);
        printf("    %-9s %d configurations, %ld mutated states: %ld refused, %ld loaded "
               "(%ld played on), %ld failures\n",
               gf->name, made, S.tried, S.refused, S.loaded, S.played, S.failures);
        KT_CHECK(made >= 1);
        KT_EQ(S.failures, 0);
        KT_CHECK(S.refused > 0 && S.loaded > 0);
    }
}
