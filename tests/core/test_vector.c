/*
 * test_vector.c - vectorised environments (src/core/vector.c) from C, where
 * the sanitizer stages see them: every game with learning hooks stepped
 * through whole games in the three autoreset modes; rows equal the learner's
 * kt_obs_vector and legal indices; bad configurations are refused; nothing
 * allocates in kt_vec_step.
 */
#include <stdlib.h>
#include <string.h>

#include "../harness.h"
#include "kontor/kontor.h"

typedef struct vt_bufs {
    kt_vec_buffers b;
    int64_t *act;
} vt_bufs;

static void vt_alloc(vt_bufs *x, const kt_game *g, int n, int same_step)
{
    size_t o = (size_t)kt_obs_size(g), a = (size_t)kt_action_space(g);
    memset(x, 0, sizeof *x);
    x->b.obs = calloc((size_t)n * o, sizeof(float));
    x->b.mask = calloc((size_t)n * a, 1);
    x->b.reward = calloc((size_t)n, sizeof(float));
    x->b.terminated = calloc((size_t)n, 1);
    x->b.truncated = calloc((size_t)n, 1);
    x->b.seat = calloc((size_t)n, 1);
    x->b.final_obs = same_step ? calloc((size_t)n * o, sizeof(float)) : NULL;
    x->act = calloc((size_t)n, sizeof(int64_t));
}

static void vt_free(vt_bufs *x)
{
    free(x->b.obs), free(x->b.mask), free(x->b.reward), free(x->b.terminated);
    free(x->b.truncated), free(x->b.seat), free(x->b.final_obs), free(x->act);
}

/* row k against the game: observation and mask of the learner */
static int vt_row_ok(kt_t *T, const kt_game *g, kt_vec *v, const vt_bufs *x, int k)
{
    const kt_state *s = kt_vec_state(v, k);
    int seat = x->b.seat[k], o = kt_obs_size(g), a = kt_action_space(g);
    float *ref = malloc(sizeof *ref * (size_t)o);
    int idx[KT_LEGAL_MAX], ok = 1;
    kt_obs_vector(g, s, seat, ref, o);
    int same = !memcmp(ref, x->b.obs + (size_t)k * (size_t)o, sizeof *ref * (size_t)o);
    if (!KT_CHECK(same)) /* the observation row is kt_obs_vector's */
        ok = 0;
    int n = kt_is_over(g, s) ? 0 : kt_legal_indices_as(g, s, seat, idx, KT_LEGAL_MAX);
    int set = 0;
    for (int i = 0; i < a; i++)
        set += x->b.mask[(size_t)k * (size_t)a + (size_t)i];
    for (int i = 0; i < n; i++)
        ok &= KT_EQ(x->b.mask[(size_t)k * (size_t)a + (size_t)idx[i]], 1);
    ok &= KT_EQ(set, n);
    free(ref);
    return ok;
}

KT_TEST(core_vector_every_game_every_mode)
{
    for (int i = 0; i < kt_game_count() && !T->failures; i++) {
        const char *name = kt_game_info(i)->name;
        kt_game *g = NULL;
        const char *opts = strcmp(name, "fwm") ? NULL : "mode=trading";
        if (kt_game_new(name, opts, 0, 1, NULL, &g, NULL) != KT_OK || kt_action_space(g) <= 0) {
            kt_game_free(g);
            continue;
        }
        for (int mode = KT_VEC_NEXT_STEP; mode <= KT_VEC_DISABLED && !T->failures; mode++) {
            kt_vec_config c;
            kt_vec_config_init(&c);
            c.num_envs = 3;
            c.seat = -1;
            c.autoreset = mode;
            c.normalize = mode == KT_VEC_SAME_STEP;
            c.max_steps = mode == KT_VEC_DISABLED ? 40 : 0;
            kt_vec *v;
            kt_err err;
            KT_REQUIRE(KT_OKS(kt_vec_new(g, &c, 5, &v, &err), &err));
            vt_bufs x;
            vt_alloc(&x, g, c.num_envs, mode == KT_VEC_SAME_STEP);
            KT_OKS(kt_vec_bind(v, &x.b, &err), &err);
            KT_OKS(kt_vec_reset(v, 9, &err), &err);
            long long allocs = 0;
            int steps = kt_t_scaled(3000);
            for (int t = 0; t < steps && !T->failures; t++) {
                for (int k = 0; k < c.num_envs; k++)
                    x.act[k] = -1;
                long long before = kt_t_alloc_count();
                kt_status st = kt_vec_step(v, x.act, &err);
                allocs += kt_t_alloc_count() - before;
                if (mode == KT_VEC_DISABLED) {
                    for (int k = 0; k < c.num_envs; k++)
                        if (x.b.terminated[k] || x.b.truncated[k])
                            KT_OKS(kt_vec_reset_env(v, k, &err), &err);
                    KT_EQ(st, KT_OK);
                } else {
                    KT_OKS(st, &err);
                }
                if (!c.normalize && t % 97 == 0)
                    for (int k = 0; k < c.num_envs; k++)
                        vt_row_ok(T, g, v, &x, k);
            }
            KT_EQ(allocs, 0);
            KT_CHECK(kt_vec_episodes(v) > 0);
            KT_CHECK(kt_vec_actions(v) > steps);
            kt_vec_free(v);
            vt_free(&x);
        }
        kt_game_free(g);
    }
}

KT_TEST(core_vector_bad_configuration)
{
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("dominion", NULL, 2, 1, NULL, &g, &err), &err));
    kt_vec_config c;
    kt_vec *v = NULL;
    kt_vec_config_init(&c);
    c.num_envs = 0;
    KT_EQ(kt_vec_new(g, &c, 1, &v, &err), KT_EINVAL);
    kt_vec_config_init(&c);
    c.seat = 5;
    KT_EQ(kt_vec_new(g, &c, 1, &v, &err), KT_EINVAL);
    kt_vec_config_init(&c);
    c.opponents = "no_such_bot";
    KT_CHECK(kt_vec_new(g, &c, 1, &v, &err) != KT_OK);
    KT_CHECK(v == NULL);
    kt_vec_config_init(&c);
    KT_REQUIRE(KT_OKS(kt_vec_new(g, &c, 1, &v, &err), &err));
    KT_EQ(kt_vec_reset(v, 1, &err), KT_EINVAL); /* no buffers bound */
    vt_bufs x;
    vt_alloc(&x, g, 1, 0);
    KT_OKS(kt_vec_bind(v, &x.b, &err), &err);
    KT_OKS(kt_vec_reset(v, 1, &err), &err);
    uint64_t h = kt_state_hash(g, kt_vec_state(v, 0));
    x.act[0] = kt_action_space(g); /* outside the space: refused, nothing changes */
    KT_EQ(kt_vec_step(v, x.act, &err), KT_EINVAL);
    x.act[0] = -2;
    KT_EQ(kt_vec_step(v, x.act, &err), KT_EINVAL);
    KT_EQ(kt_state_hash(g, kt_vec_state(v, 0)), h);
    vt_free(&x);
    kt_vec_buffers b = {0};
    KT_EQ(kt_vec_bind(v, &b, &err), KT_EINVAL);
    kt_vec_free(v);
    kt_game_meta m;
    kt_game_meta_get(g, &m);
    KT_EQ(m.action_space, kt_action_space(g));
    KT_EQ(m.obs_size, kt_obs_size(g));
    KT_CHECK(m.max_utility == 1.0 && m.min_utility == 0.0);
    kt_game_free(g);
}
