/*
 * test_reliability.c - hostile input and hidden-information worlds
 * (issue 16): the full-state loader refuses inconsistent stacks, every
 * single-field mutation of real states is refused with a message or gives a
 * state that plays on consistently, and determinized worlds pass check().
 *
 * Data: states come from random games (kt_rng-driven, fixed seeds); the
 * mutations edit the parsed full-state JSON tree in place (kt_jv nodes) and
 * print it back, one field at a time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan_test.h"

#define J(...) #__VA_ARGS__

/* ------------------------------------------------------------ stack */

KT_TEST(catan_load_refuses_a_stack_without_its_base_frame)
{
    /* before the fix this loaded: the discard emptied the stack and the
     * next action read frame -1 */
    kt_game *g;
    kt_err err = {0, ""};
    KT_REQUIRE(KT_OKS(kt_game_new("catan", "layout=beginner", 4, 1, NULL, &g, &err), &err));
    kt_state *s = kt_state_new(g);
    char *base = kt_state_json(g, s);
    const char *patch = J({"header":{"turn":5,"to_move":1,"turn_player":0,"decision":"discard"},
        "state":{"setup":8,"dice":[3,4,1],"players":{"1":{"hand":{"brick":8}}},
        "buildings":{"0":{"player":0,"kind":"settlement"},"10":{"player":1,"kind":"settlement"}},
        "stack":[{"kind":"discard","player":1,"a":4,"b":0}]}});
    char *m = kt_json_merge_patch(base, patch, &err);
    KT_REQUIRE(m);
    kt_state *t = kt_state_new(g);
    KT_CHECK(kt_state_load_json(g, m, t, &err) != KT_OK);
    printf("    refused: %s\n", err.msg);
    KT_CHECK(strstr(err.msg, "stack") != NULL);
    free(m);
    kt_free(base);
    kt_state_free(g, s);
    kt_state_free(g, t);
    kt_game_free(g);
}

/* A stack that play produces loads (the same position with its base). */
KT_TEST(catan_load_accepts_the_same_discard_on_its_roll)
{
    kt_scn c = cat_scn(T, "", 4, J({"header":{"to_move":1,"decision":"discard"},"state":{
        "dice":[3,4,1],"attacks":1,"players":{"1":{"hand":{"brick":8}}},
        "stack":[{"kind":"main","player":0,"a":0,"b":0},{"kind":"p_roll","player":0,"a":2,"b":0},
                 {"kind":"discard","player":1,"a":4,"b":0}]}}));
    KT_REQUIRE(c.s);
    for (int i = 0; i < 4; i++)
        KT_DO(&c, "discard brick");
    KT_CHECK(cat_t_decision_is(&c, "robber"));
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ determinization */

/* Random games; at every step a world for every player passes check(),
 * keeps what that player observes and, for the player to move, their legal
 * actions.  Returns the number of worlds checked. */
static long determinize_soak(kt_t *T, const char *opts, int players, int games, uint64_t seed0)
{
    kt_game *g;
    kt_err err = {0, ""};
    if (!KT_OKS(kt_game_new("catan", opts, players, seed0, NULL, &g, &err), &err))
        return 0;
    kt_state *s = kt_state_new(g), *d = kt_state_new(g);
    kt_action buf[CAT_MAXLEGAL], buf2[CAT_MAXLEGAL];
    long worlds = 0;
    int fails = 0;
    for (int gi = 0; gi < games && fails < 3; gi++) {
        kt_rng r;
        kt_rng_seed(&r, seed0 * 1000 + (uint64_t)gi);
        kt_state_init_seed(g, s, seed0 * 7919 + (uint64_t)gi);
        for (long step = 0; !kt_is_over(g, s) && step < 200000 && fails < 3; step++) {
            int k = kt_legal(g, s, buf, CAT_MAXLEGAL), mover = kt_to_move(g, s);
            for (int p = KT_SPECTATOR; p < players && fails < 3; p++) { /* -1: a spectator */
                kt_determinize(g, s, p, kt_rng_next(&r), d);
                worlds++;
                if (kt_check(g, d, &err) != KT_OK) {
                    KT_FAIL("game %d step %ld, world of player %d: %s", gi, step, p + 1, err.msg);
                    fails++;
                    continue;
                }
                char *o1 = kt_observe_json(g, s, p, KT_LANG_EN);
                char *o2 = kt_observe_json(g, d, p, KT_LANG_EN);
                if (!o1 || !o2 || strcmp(o1, o2))
                    KT_FAIL("game %d step %ld: the world changed what player %d observes", gi, step,
                            p + 1),
                        fails++;
                kt_free(o1);
                kt_free(o2);
                if (p == mover) {
                    int k2 = kt_legal(g, d, buf2, CAT_MAXLEGAL);
                    if (k2 != k || memcmp(buf, buf2, sizeof *buf * (size_t)k))
                        KT_FAIL("game %d step %ld: the world changed the mover's legal actions", gi,
                                step),
                            fails++;
                }
                /* the world plays on: one random action keeps it consistent */
                int kd = kt_legal(g, d, buf2, CAT_MAXLEGAL);
                if (kd <= 0) {
                    KT_FAIL("game %d step %ld: a world without a legal action", gi, step);
                    fails++;
                    continue;
                }
                kt_apply_trusted(g, d, buf2[kt_rng_below(&r, (uint32_t)kd)]);
                if (kt_check(g, d, &err) != KT_OK)
                    KT_FAIL("game %d step %ld: world of player %d after one action: %s", gi, step,
                            p + 1, err.msg),
                        fails++;
            }
            kt_apply_trusted(g, s, buf[kt_rng_below(&r, (uint32_t)k)]);
        }
    }
    kt_state_free(g, s);
    kt_state_free(g, d);
    kt_game_free(g);
    return worlds;
}

KT_TEST(catan_determinize_every_step_every_player_passes_check_base)
{
    long w = determinize_soak(T, "variant=base", 4, kt_t_scaled(3), 11);
    w += determinize_soak(T, "variant=base;vp=6", 3, kt_t_scaled(3), 12);
    printf("    %ld base-game worlds checked\n", w);
    KT_CHECK(w > 0);
}

KT_TEST(catan_determinize_every_step_every_player_passes_check_ck)
{
    long w = determinize_soak(T, "", 4, kt_t_scaled(1), 13);
    w += determinize_soak(T,
                          "shortage=partial;deserter=lower;fleet=named;open_road=owner;crane=repeat;"
                          "progress_limit=immediate;vp=8",
                          3, kt_t_scaled(1), 14);
    printf("    %ld Cities & Knights worlds checked\n", w);
    KT_CHECK(w > 0);
}

/* The exact situation of the issue: the turn player holds hidden VP cards
 * and another player's world must not make them the winner. */
KT_TEST(catan_determinize_never_deals_the_turn_player_a_win)
{
    /* player 1 (turn) has 8 public points and 1 VP card of 2 cards; player
     * 2 holds 3 VP cards among 4; the deck holds no VP card */
    kt_scn c = cat_scn(T, "variant=base", 3, J({"state":{
        "buildings":{"0":{"player":0,"kind":"city"},"2":{"player":0,"kind":"city"},
                     "10":{"player":0,"kind":"city"},"12":{"player":0,"kind":"city"},
                     "40":{"player":1,"kind":"settlement"},"50":{"player":2,"kind":"settlement"}},
        "dev_deck":["knight","knight","knight","knight","knight","knight","knight","knight","knight",
                    "knight","knight","monopoly"],
        "players":{"0":{"dev":{"knight":1,"victory_point":1,"road_building":0,"year_of_plenty":0,"monopoly":0}},
                   "1":{"dev":{"knight":1,"victory_point":3,"road_building":0,"year_of_plenty":0,"monopoly":0}},
                   "2":{"dev":{"knight":1,"victory_point":1,"road_building":0,"year_of_plenty":0,"monopoly":0}}}}}));
    KT_REQUIRE(c.s);
    kt_state *d = kt_state_new(c.g);
    kt_err err;
    int worlds = 0, bad = 0;
    for (uint64_t seed = 1; seed <= 300; seed++) {
        kt_determinize(c.g, c.s, 2, seed, d);
        worlds++;
        bad += kt_check(c.g, d, &err) != KT_OK;
        KT_CHECK(((cat_state *)d)->pl[0].dev[DV_VP] <= 1);
    }
    KT_EQ(bad, 0);
    KT_EQ(worlds, 300);
    kt_state_free(c.g, d);
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ mutations */

/* One mutation of the parsed full-state JSON: node `target` (preorder
 * index) is changed by `mode` while the tree is printed back. */
typedef struct mutation {
    int target, mode, counter;
    kt_rng *rng;
    char what[160]; /* description of the change, for failure messages */
} mutation;

static const char *vocab_word(kt_rng *r)
{
    static const char *const extra[] = {"settlement", "city", "none", "running", "finished",
                                        "stopped", "off", "any", "compose", "open", "A", "S",
                                        "T", "", "knight", "victory_point", "trade", "science"};
    int nextra = (int)(sizeof extra / sizeof extra[0]);
    int i = (int)kt_rng_below(r, (uint32_t)(F_NKINDS + CAT_NPROG + CAT_NKIND + T_COUNT + nextra));
    if (i < F_NKINDS)
        return cat_frame_key[i];
    i -= F_NKINDS;
    if (i < CAT_NPROG)
        return cat_progress[i].key;
    i -= CAT_NPROG;
    if (i < CAT_NKIND)
        return cat_kind_key[i];
    i -= CAT_NKIND;
    if (i < T_COUNT)
        return cat_terrain_key[i];
    return extra[i - T_COUNT];
}

/* A key one step away: "12" -> "13", "12-17" -> "13-17", else "x". */
static void shift_key(const char *k, int delta, char *out, size_t cap)
{
    int a, b;
    if (sscanf(k, "%d-%d", &a, &b) == 2)
        snprintf(out, cap, "%d-%d", a + delta, b);
    else if (sscanf(k, "%d", &a) == 1)
        snprintf(out, cap, "%d", a + delta);
    else
        snprintf(out, cap, "%s_x", k);
}

static void emit(kt_jw *w, const kt_jv *v, mutation *m);

static void emit_members(kt_jw *w, const kt_jv *v, mutation *m, int hit)
{
    int pick = v->n ? (int)kt_rng_below(m->rng, (uint32_t)v->n) : -1, i = 0;
    int mode = hit ? m->mode % 4 : -1;
    for (const kt_jv *c = v->child; c; c = c->next, i++) {
        int me = i == pick;
        if (me && mode == 0) { /* drop it */
            snprintf(m->what, sizeof m->what, "removed %s[%d]", v->type == KT_JOBJ ? c->key : "", i);
            m->counter += 0;
            continue;
        }
        char k[64];
        if (v->type == KT_JOBJ) {
            if (me && mode == 2) {
                shift_key(c->key, kt_rng_below(m->rng, 2) ? 1 : -1, k, sizeof k);
                snprintf(m->what, sizeof m->what, "renamed %s to %s", c->key, k);
                kt_jw_key(w, k);
            } else {
                kt_jw_key(w, c->key);
            }
        }
        emit(w, c, m);
        if (me && mode == 1) { /* duplicate it (objects: under a shifted key) */
            if (v->type == KT_JOBJ) {
                shift_key(c->key, 1, k, sizeof k);
                kt_jw_key(w, k);
            }
            kt_jw_value(w, c);
            snprintf(m->what, sizeof m->what, "duplicated member %d (%s)", i,
                     v->type == KT_JOBJ ? c->key : "array element");
        }
    }
    if (mode == 3)
        snprintf(m->what, sizeof m->what, "unchanged container (mode 3)");
}

static void emit(kt_jw *w, const kt_jv *v, mutation *m)
{
    int hit = m->counter++ == m->target;
    switch (v->type) {
    case KT_JOBJ:
        kt_jw_obj(w);
        emit_members(w, v, m, hit);
        kt_jw_obj_end(w);
        return;
    case KT_JARR:
        kt_jw_arr(w);
        emit_members(w, v, m, hit);
        kt_jw_arr_end(w);
        return;
    default:
        break;
    }
    if (!hit) {
        kt_jw_value(w, v);
        return;
    }
    long long x = v->type == KT_JNUM ? (v->neg ? -(long long)v->u : (long long)v->u) : 0;
    switch (v->type) {
    case KT_JNUM: {
        static const long long delta[6] = {1, -1, 2, -2, 100, -1000};
        long long y = m->mode < 6 ? x + delta[m->mode] : 255;
        if (m->mode == 7) {
            kt_jw_str(w, "7");
            snprintf(m->what, sizeof m->what, "number %lld as a string", x);
        } else {
            kt_jw_int(w, y);
            snprintf(m->what, sizeof m->what, "number %lld -> %lld", x, y);
        }
        return;
    }
    case KT_JSTR: {
        const char *s = vocab_word(m->rng);
        kt_jw_str(w, s);
        snprintf(m->what, sizeof m->what, "string '%.40s' -> '%s'", v->s, s);
        return;
    }
    case KT_JBOOL:
        kt_jw_bool(w, !v->b);
        snprintf(m->what, sizeof m->what, "bool flipped");
        return;
    default:
        kt_jw_int(w, 1);
        snprintf(m->what, sizeof m->what, "null -> 1");
        return;
    }
}

static int count_nodes(const kt_jv *v)
{
    int n = 1;
    for (const kt_jv *c = v->child; c; c = c->next)
        n += count_nodes(c);
    return n;
}

/* preorder index range [lo, hi) of the subtree at root.state.<key> */
static void subtree_range(const kt_jv *root, const char *key, int *lo, int *hi)
{
    int idx = 0;
    *lo = *hi = 0;
    /* walk the preorder numbering by hand: root, then its members */
    idx = 1;
    for (const kt_jv *c = root->child; c; c = c->next) {
        if (!strcmp(c->key, "state")) {
            idx++;
            for (const kt_jv *d = c->child; d; d = d->next) {
                int n = count_nodes(d);
                if (!strcmp(d->key, key)) {
                    *lo = idx;
                    *hi = idx + n;
                    return;
                }
                idx += n;
            }
            return;
        }
        idx += count_nodes(c);
    }
}

typedef struct mut_stats {
    long tried, refused, loaded, actions;
    int fails;
} mut_stats;

/* Load one mutated text; a state that loads must behave like a real one. */
static void try_mutant(kt_t *T, const kt_game *g, const char *text, const char *what, kt_rng *r,
                       mut_stats *st)
{
    kt_err err = {0, ""};
    kt_state *t = kt_state_new(g), *u = kt_state_new(g);
    kt_action buf[CAT_MAXLEGAL];
    st->tried++;
    if (kt_state_load_json(g, text, t, &err) != KT_OK) {
        st->refused++;
        if (!err.msg[0])
            KT_FAIL("mutation '%s' refused without a message", what), st->fails++;
    } else {
        st->loaded++;
        char *js = kt_state_json(g, t);
        if (kt_state_load_json(g, js, u, &err) != KT_OK || !kt_state_equal(g, t, u))
            KT_FAIL("mutation '%s' loads but does not load back: %s", what, err.msg), st->fails++;
        kt_free(js);
        for (int i = 0; i < 8 && !kt_is_over(g, t) && st->fails < 5; i++) {
            int k = kt_legal(g, t, buf, CAT_MAXLEGAL);
            if (k <= 0) {
                KT_FAIL("mutation '%s': no legal action after %d actions", what, i), st->fails++;
                break;
            }
            kt_apply_trusted(g, t, buf[kt_rng_below(r, (uint32_t)k)]);
            st->actions++;
            if (kt_check(g, t, &err) != KT_OK) {
                KT_FAIL("mutation '%s': action %d breaks the state: %s", what, i + 1, err.msg);
                st->fails++;
                break;
            }
        }
    }
    kt_state_free(g, t);
    kt_state_free(g, u);
}

static void mutate_games(kt_t *T, const char *opts, int players, int games, int per_state,
                         uint64_t seed, mut_stats *st)
{
    kt_game *g;
    kt_err err = {0, ""};
    if (!KT_OKS(kt_game_new("catan", opts, players, seed, NULL, &g, &err), &err))
        return;
    kt_state *s = kt_state_new(g);
    kt_rng r;
    kt_rng_seed(&r, seed);
    kt_action buf[CAT_MAXLEGAL];
    static const char *const hot[] = {"stack", "trade", "players", "knights", "buildings", "roads"};
    for (int gi = 0; gi < games && st->fails < 5; gi++) {
        kt_state_init_seed(g, s, seed * 131 + (uint64_t)gi);
        /* snapshots at random points of the game, the end included */
        long next = (long)kt_rng_below(&r, 60);
        for (long step = 0; st->fails < 5; step++) {
            int over = kt_is_over(g, s);
            if (step == next || over) {
                char *js = kt_state_json(g, s);
                kt_jdoc d;
                if (!KT_OKS(kt_json_parse(js, strlen(js), &d, &err), &err))
                    break;
                int total = count_nodes(d.root);
                for (int i = 0; i < per_state && st->fails < 5; i++) {
                    mutation m = {0, (int)kt_rng_below(&r, 8), 0, &r, ""};
                    int lo = 0, hi = total;
                    if (kt_rng_below(&r, 2))
                        subtree_range(d.root, hot[kt_rng_below(&r, 6)], &lo, &hi);
                    if (hi <= lo)
                        lo = 0, hi = total;
                    m.target = lo + (int)kt_rng_below(&r, (uint32_t)(hi - lo));
                    kt_buf b;
                    kt_buf_init(&b);
                    kt_jw w;
                    kt_jw_init(&w, &b);
                    emit(&w, d.root, &m);
                    try_mutant(T, g, b.p, m.what, &r, st);
                    kt_buf_free(&b);
                }
                kt_json_free(&d);
                kt_free(js);
                next = step + 1 + (long)kt_rng_below(&r, 400);
            }
            if (over)
                break;
            int k = kt_legal(g, s, buf, CAT_MAXLEGAL);
            kt_apply_trusted(g, s, buf[kt_rng_below(&r, (uint32_t)k)]);
        }
    }
    kt_state_free(g, s);
    kt_game_free(g);
}

KT_TEST(catan_load_single_field_mutations_refused_or_consistent)
{
    mut_stats st = {0, 0, 0, 0, 0};
    int games = kt_t_scaled(4), per = 60;
    mutate_games(T, "", 4, games, per, 21, &st);
    mutate_games(T, "variant=base", 4, games, per, 22, &st);
    mutate_games(T,
                 "shortage=partial;deserter=lower;fleet=named;open_road=owner;crane=repeat;"
                 "progress_limit=immediate;vp=8",
                 3, games, per, 23, &st);
    printf("    %ld mutated states: %ld refused with a message, %ld loaded and played %ld actions\n",
           st.tried, st.refused, st.loaded, st.actions);
    KT_EQ(st.fails, 0);
    KT_CHECK(st.refused > 0 && st.loaded > 0);
}
