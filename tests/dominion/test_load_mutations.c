/*
 * test_load_mutations.c - the full-state loader against single-field
 * mutations of real states (issue 16).
 *
 * States come from random games of several configurations (base game,
 * Plunder presets, random kingdoms with Events and Traits, 2-4 players),
 * mostly taken while an effect waits for a decision.  Each mutation changes
 * one node of the state JSON: a number +1/-1 or out of range, a string
 * swapped for another value seen under the same key (another frame kind,
 * aside kind, decision, card ...), a bool flipped, a null replaced, an
 * array element or object member removed or duplicated.  Every result must
 * be refused with a message, or load and then: pass kt_check, have a legal
 * action while running, save and load back to the identical JSON, and keep
 * its invariants through a few random actions (the ASan build runs this
 * too).
 *
 * The JSON tree is walked in pre-order; nodes are numbered in that order
 * and the writer replaces, drops or repeats the node with the target
 * number.  Pools of strings per key are gathered from all sampled states.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/util/json.h"
#include "../../src/core/rng.h"
#include "../../src/games/dominion/dominion.h"
#include "helpers.h"

enum { MU_PLUS, MU_MINUS, MU_BIG, MU_NEG, MU_SWAP, MU_FLIP, MU_NULL, MU_DROP, MU_DUP, MU_TYPE,
       MU_N };

#define POOL_KEYS 64
#define POOL_VALS 160

typedef struct pool {
    int nkeys;
    char key[POOL_KEYS][24];
    int n[POOL_KEYS];
    const char *val[POOL_KEYS][POOL_VALS]; /* point into kept documents */
} pool;

typedef struct mut {
    int target, kind, counter;
    const char *swap; /* MU_SWAP: the replacement string */
    long long big;    /* MU_BIG: the replacement number */
    const kt_jv *hit; /* the node that was mutated */
    const char *hitkey;
} mut;

static int pool_key(pool *P, const char *k, int add)
{
    for (int i = 0; i < P->nkeys; i++)
        if (!strcmp(P->key[i], k))
            return i;
    if (!add || P->nkeys == POOL_KEYS)
        return -1;
    snprintf(P->key[P->nkeys], sizeof P->key[0], "%s", k);
    return P->nkeys++;
}

static void pool_add(pool *P, const char *k, const char *v)
{
    int i = pool_key(P, k, 1);
    if (i < 0)
        return;
    for (int j = 0; j < P->n[i]; j++)
        if (!strcmp(P->val[i][j], v))
            return;
    if (P->n[i] < POOL_VALS)
        P->val[i][P->n[i]++] = v;
}

/* Gather string values by the key they stand under (array elements take
 * their array's key). */
static void gather(pool *P, const kt_jv *v, const char *key)
{
    if (v->type == KT_JSTR && key)
        pool_add(P, key, v->s);
    for (const kt_jv *c = v->child; c; c = c->next)
        gather(P, c, v->type == KT_JOBJ ? c->key : key);
}

static int count_nodes(const kt_jv *v)
{
    int n = 1;
    for (const kt_jv *c = v->child; c; c = c->next)
        n += count_nodes(c);
    return n;
}

/* Write v, mutating the node numbered m->target. */
static void emit(kt_jw *w, const kt_jv *v, const char *key, mut *m);

static void emit_children(kt_jw *w, const kt_jv *v, mut *m)
{
    for (const kt_jv *c = v->child; c; c = c->next) {
        int me = m->counter; /* the number c will get */
        int drop = me == m->target && m->kind == MU_DROP;
        int dup = me == m->target && m->kind == MU_DUP;
        if (drop) {
            m->hit = c;
            m->hitkey = v->type == KT_JOBJ ? c->key : "(element)";
            m->counter += count_nodes(c);
            continue;
        }
        int reps = dup ? 2 : 1;
        for (int r = 0; r < reps; r++) {
            if (r) {
                m->counter = me; /* the copy is written unmutated */
                int save = m->target;
                m->target = -1;
                if (v->type == KT_JOBJ)
                    kt_jw_key(w, "dup_member");
                emit(w, c, v->type == KT_JOBJ ? c->key : NULL, m);
                m->target = save;
            } else {
                if (v->type == KT_JOBJ)
                    kt_jw_key(w, c->key);
                emit(w, c, v->type == KT_JOBJ ? c->key : NULL, m);
            }
        }
        if (dup) {
            m->hit = c;
            m->hitkey = "(dup)";
        }
    }
}

static void emit(kt_jw *w, const kt_jv *v, const char *key, mut *m)
{
    int me = m->counter++;
    if (me != m->target || m->kind == MU_DROP || m->kind == MU_DUP) {
        if (v->type == KT_JARR) {
            kt_jw_arr(w);
            emit_children(w, v, m);
            kt_jw_arr_end(w);
        } else if (v->type == KT_JOBJ) {
            kt_jw_obj(w);
            emit_children(w, v, m);
            kt_jw_obj_end(w);
        } else {
            kt_jw_value(w, v);
        }
        return;
    }
    m->hit = v;
    m->hitkey = key ? key : "(element)";
    long long x = v->type == KT_JNUM && v->isint ? (v->neg ? -(long long)v->u : (long long)v->u) : 0;
    switch (m->kind) {
    case MU_PLUS: kt_jw_int(w, x + 1); break;
    case MU_MINUS: kt_jw_int(w, x - 1); break;
    case MU_BIG: kt_jw_int(w, m->big); break;
    case MU_NEG: kt_jw_int(w, -1); break;
    case MU_SWAP: kt_jw_str(w, m->swap ? m->swap : "Copper"); break;
    case MU_FLIP: kt_jw_bool(w, v->type == KT_JBOOL ? !v->b : 1); break;
    case MU_NULL: kt_jw_null(w); break;
    default: kt_jw_str(w, "7"); break; /* MU_TYPE */
    }
}

/* A mutation suited to the node's type. */
static int pick_kind(const kt_jv *v, kt_rng *r)
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

/* The node with pre-order number k (and the key it stands under). */
static const kt_jv *node_at(const kt_jv *v, const char *key, int *k, const char **key_out)
{
    if ((*k)-- == 0) {
        *key_out = key;
        return v;
    }
    for (const kt_jv *c = v->child; c; c = c->next) {
        const kt_jv *f = node_at(c, v->type == KT_JOBJ ? c->key : key, k, key_out);
        if (f)
            return f;
    }
    return NULL;
}

/* Pre-order number of the first node of the "stack" member, or -1. */
static int stack_range(const kt_jv *root, int *len)
{
    int k = 0;
    const kt_jv *st = kt_jv_get(root, "state");
    for (const kt_jv *c = root->child; c; c = c->next) {
        k++;
        if (c != st) {
            k += count_nodes(c) - 1;
            continue;
        }
        for (const kt_jv *d = c->child; d; d = d->next) {
            k++;
            if (!strcmp(d->key, "stack") && d->n) {
                *len = count_nodes(d) - 1;
                return k + 1;
            }
            k += count_nodes(d) - 1;
        }
    }
    return -1;
}

typedef struct stats {
    int tried, refused, loaded, played, failures;
} stats;

/* With KT_MUT_DUMP=DIR set, a failing mutated state is written there (to
 * debug a failure by hand). */
static void dump(const char *json, const char *what)
{
    const char *dir = getenv("KT_MUT_DUMP");
    if (!dir || !json)
        return;
    static int n; /* each test runs in its own process */
    char path[512];
    snprintf(path, sizeof path, "%s/mut%03d.json", dir, n++);
    FILE *f = fopen(path, "w");
    if (f) {
        fprintf(f, "%s\n", json);
        fclose(f);
        printf("    %s -> %s\n", what, path);
    }
}

/* Play a few random actions on a loaded state, checking after each. */
static void play_on(kt_t *T, const kt_game *g, kt_state *t, kt_rng *r, stats *S,
                    const char *what)
{
    char *before = getenv("KT_MUT_DUMP") ? kt_state_json(g, t) : NULL;
    kt_action buf[KT_LEGAL_MAX];
    kt_err err;
    for (int k = 0; k < 25 && !kt_is_over(g, t); k++) {
        int nl = kt_legal(g, t, buf, KT_LEGAL_MAX);
        if (nl <= 0) {
            KT_FAIL("%s: no legal action after %d actions", what, k);
            S->failures++;
            dump(before, what);
            kt_free(before);
            return;
        }
        kt_apply_trusted(g, t, buf[kt_rng_below(r, (uint32_t)nl)]);
        if (kt_check(g, t, &err) != KT_OK) {
            KT_FAIL("%s: invariants broken after %d actions: %s", what, k + 1, err.msg);
            S->failures++;
            dump(before, what);
            kt_free(before);
            return;
        }
    }
    S->played++;
    kt_free(before);
}

static void try_one(kt_t *T, const kt_game *g, const kt_jv *root, const pool *P, kt_rng *r,
                    kt_state *t, stats *S)
{
    int total = count_nodes(root), slen = 0;
    int s0 = stack_range(root, &slen);
    mut m;
    memset(&m, 0, sizeof m);
    /* half of the mutations hit the effect stack when there is one */
    if (s0 > 0 && kt_rng_below(r, 2))
        m.target = s0 + (int)kt_rng_below(r, (uint32_t)slen);
    else
        m.target = 1 + (int)kt_rng_below(r, (uint32_t)(total - 1));
    int k = m.target;
    const char *key = NULL;
    const kt_jv *node = node_at(root, NULL, &k, &key);
    if (!node)
        return;
    m.kind = pick_kind(node, r);
    static const long long bigs[] = {255, 256, 65535, 65536, 127, 128, 4, 5, 32, 64, 352, 353,
                                     2147483647LL, -2147483648LL};
    m.big = bigs[kt_rng_below(r, sizeof bigs / sizeof bigs[0])];
    if (m.kind == MU_SWAP) {
        int i = key ? pool_key((pool *)P, key, 0) : -1;
        if (i >= 0 && P->n[i] > 1 && kt_rng_below(r, 4))
            m.swap = P->val[i][kt_rng_below(r, (uint32_t)P->n[i])];
        else
            m.swap = dom_cards[1 + kt_rng_below(r, DOM_NCARDS - 1)].en;
    }
    kt_buf b;
    kt_buf_init(&b);
    kt_jw w;
    kt_jw_init(&w, &b);
    emit(&w, root, NULL, &m);
    char what[160];
    snprintf(what, sizeof what, "mutation %d of '%s' (node %d)", m.kind,
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
        kt_buf_free(&b);
        return;
    }
    S->loaded++;
    if (kt_check(g, t, &err) != KT_OK) {
        KT_FAIL("%s: loaded but fails check: %s", what, err.msg);
        S->failures++;
    } else if (!kt_is_over(g, t) && kt_legal(g, t, NULL, 0) <= 0) {
        KT_FAIL("%s: loaded a running game without a legal action", what);
        S->failures++;
    } else {
        /* a state kontor wrote loads back to itself */
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
            }
            kt_free(j2);
            play_on(T, g, t, r, S, what);
        }
        kt_free(j1);
        kt_state_free(g, u);
    }
    kt_buf_free(&b);
}

/* States of one configuration: random play, a sample of positions. */
static int sample_states(const kt_game *g, kt_rng *r, char **out, int max)
{
    kt_state *s = kt_state_new(g);
    kt_action buf[KT_LEGAL_MAX];
    int n = 0;
    for (int game = 0; game < 6 && n < max; game++) {
        kt_state_init_seed(g, s, 100u + (uint64_t)game);
        long steps = 0;
        while (!kt_is_over(g, s) && n < max && steps++ < 20000) {
            int k = kt_legal(g, s, buf, KT_LEGAL_MAX);
            kt_apply_trusted(g, s, buf[kt_rng_below(r, (uint32_t)k)]);
            const dom_state *d = dom_cst(s);
            int want = d->nstack ? 40 : 400;
            if (kt_rng_below(r, (uint32_t)want) == 0)
                out[n++] = kt_state_json(g, s);
        }
        if (kt_is_over(g, s) && n < max)
            out[n++] = kt_state_json(g, s); /* an ended game too */
    }
    kt_state_free(g, s);
    return n;
}

KT_TEST(dominion_load_mutations_refused_or_consistent)
{
    static const char *const configs[] = {
        "preset=First Game",
        "kingdom=Cellar,Chapel,Throne Room,Militia,Library,Sentry,Bandit,Harbinger,Vassal,Artisan",
        "kingdom=Moat,Witch,Bureaucrat,Poacher,Remodel,Mine,Council Room,Merchant,Workshop,Gardens",
        "preset=Treibgut",
        "preset=Strandgut",
        "preset=Voodoo",
        "preset=Erste Plünderung",
        "kingdom=Cage,Grotto,Search,Shaman,Siren,Stowaway,Taskmaster,Crucible,Flagship,Gondola;"
        "events=Avoid,Journey,Deliver;traits=Fated,Patient",
        "kingdom=Harbor Village,Landing Party,Mapmaker,Maroon,Rope,Swamp Shacks,Tools,"
        "Buried Treasure,Crew,Cutthroat;events=Mirror,Rush,Prepare;traits=Reckless,Friendly",
        "kingdom=Enlarge,Figurine,First Mate,Frigate,Longship,Mining Road,Pendant,Pickaxe,Pilgrim,"
        "Quartermaster;events=Maelstrom,Looting,Foray;traits=Tireless,Shy",
        "kingdom=Silver Mine,Trickster,Wealthy Village,Sack of Loot,King's Cache,Abundance,"
        "Cabin Boy,Fortune Hunter,Jewelled Egg,Secluded Shrine;events=Invasion,Prosper,Bury;"
        "traits=Inherited,Inspiring",
        "kingdom=Village,Smithy,Market,Festival,Laboratory,Moat,Militia,Witch,Cellar,Chapel;"
        "traits=Rich,Cursed,Pious;events=Launch,Peril,Scrounge",
        "", /* random kingdoms */
    };
    kt_rng r;
    /* KT_MUT_SEED=N explores other mutations (the default is fixed) */
    const char *seed = getenv("KT_MUT_SEED");
    kt_rng_seed(&r, seed ? strtoull(seed, NULL, 10) : 2024);
    stats S;
    memset(&S, 0, sizeof S);
    int per_state = kt_t_scaled(24);
    int nconfig = (int)(sizeof configs / sizeof configs[0]);
    for (int ci = 0; ci < nconfig; ci++) {
        for (int np = 2; np <= 4; np += 2) {
            kt_game *g;
            kt_err err;
            if (!KT_OKS(kt_game_new("dominion", configs[ci], np, 31u + (uint64_t)ci, NULL, &g,
                                    &err),
                        &err))
                continue;
            char *states[16];
            int ns = sample_states(g, &r, states, kt_t_scaled(10) < 16 ? kt_t_scaled(10) : 16);
            pool *P = calloc(1, sizeof *P);
            kt_jdoc docs[16];
            int nd = 0;
            for (int i = 0; i < ns; i++) {
                if (kt_json_parse(states[i], strlen(states[i]), &docs[nd], &err) != KT_OK) {
                    KT_FAIL("a saved state does not parse: %s", err.msg);
                    continue;
                }
                gather(P, docs[nd].root, NULL);
                nd++;
            }
            /* other values of enumerations the sample may not show */
            static const char *const extra[][2] = {
                {"fx", "play"},       {"fx", "react"},      {"fx", "gain"},
                {"fx", "event"},      {"fx", "duration"},   {"fx", "start"},
                {"fx", "cleanup"},    {"fx", "shuffle"},    {"fx", "treasures"},
                {"fx", "setup"},      {"kind", "look"},     {"kind", "under"},
                {"kind", "on"},       {"kind", "wait"},     {"kind", "nextturn"},
                {"x", "look"},        {"x", "kept"},        {"decision", "discard"},
                {"decision", "none"}, {"decision", "order"}, {"src", "custom"},
                {"src", "x"},         {"verb", "put"},      {"verb", "choose"},
                {"loc", "aside"},     {"loc", "deck"},      {"life", "trigger"},
                {"event", "shuffle"}, {"phase", "setup"},   {"phase", "over"},
                {"ended", "until"},   {"decision", "reaction_gain"},
            };
            for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++)
                pool_add(P, extra[i][0], extra[i][1]);
            kt_state *t = kt_state_new(g);
            for (int i = 0; i < nd && S.failures < 20; i++)
                for (int k = 0; k < per_state && S.failures < 20; k++)
                    try_one(T, g, docs[i].root, P, &r, t, &S);
            kt_state_free(g, t);
            for (int i = 0; i < nd; i++)
                kt_json_free(&docs[i]);
            for (int i = 0; i < ns; i++)
                kt_free(states[i]);
            free(P);
            kt_game_free(g);
        }
    }
    printf("    %d mutated states: %d refused, %d loaded (%d played on), %d failures\n", S.tried,
           S.refused, S.loaded, S.played, S.failures);
    KT_EQ(S.failures, 0);
    KT_CHECK(S.refused > 0 && S.loaded > 0);
}

/* Issue 16: a shuffle frame's x is where the cards go after the shuffle (an
 * aside kind for a look), not a card.  It was saved as a card name ("x":
 * "Copper" for a look), and a card there such as "Witch" made the shuffle
 * put cards into aside kind 31, past the name table, saved as "hand". */
KT_TEST(dominion_load_shuffle_frame_x_is_an_aside_kind)
{
    kt_scn c = dom_t_scene(T,
                           "kingdom=Village,Smithy,Militia,Moat,Cellar,Market,Festival,Laboratory,"
                           "Sentry,Witch;traits=Fated:Village",
                           2, 0, "action", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Sentry\"],\"deck\":[\"Gold\"],"
                           "\"discard\":[\"Village\",\"Copper\",\"Estate\"]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Sentry"); /* draws the Gold, then looks at 2: a shuffle */
    KT_STREQ(kt_decision(c.g, c.s), "shuffle"); /* Fated: a choice while shuffling */
    char *x = dom_t_get(&c, "state.stack.1.x");
    KT_STREQ(x, "\"look\"");
    free(x);
    char *js = kt_state_json(c.g, c.s);
    kt_state *t = kt_state_new(c.g);
    kt_err err;
    KT_REQUIRE(js && t);
    KT_OKS(kt_state_load_json(c.g, js, t, &err), &err);
    KT_CHECK(kt_state_equal(c.g, c.s, t));
    /* older saves named the card with id kind + 1: still the same state */
    char *p = strstr(js, "\"x\":\"look\"");
    KT_REQUIRE(p != NULL);
    char legacy[65536];
    snprintf(legacy, sizeof legacy, "%.*s\"x\":\"Copper\"%s", (int)(p - js), js, p + 10);
    KT_OKS(kt_state_load_json(c.g, legacy, t, &err), &err);
    KT_CHECK(kt_state_equal(c.g, c.s, t));
    /* a card that is no aside kind is refused, naming the field */
    snprintf(legacy, sizeof legacy, "%.*s\"x\":\"Witch\"%s", (int)(p - js), js, p + 10);
    KT_EQ(kt_state_load_json(c.g, legacy, t, &err), KT_ESTATE);
    KT_CHECK(strstr(err.msg, "stack[1].x") != NULL);
    kt_state_free(c.g, t);
    kt_free(js);
    kt_scn_free(&c);
}
