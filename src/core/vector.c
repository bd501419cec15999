/*
 * vector.c - vectorised environments (kontor.h, "vectorised environments"):
 * N games of one configuration stepped in one call, bots in the other seats,
 * auto-reset, observations and masks written into the caller's buffers.
 *
 * Layout.  One kt_vec owns
 *   states   N game states in one block, each at a multiple of VEC_ALIGN
 *            (a cache line, more than KT_STATE_ALIGN), dealt in place by
 *            kt_state_restart;
 *   env[k]   per game: its generator (deals, the learner's seat), the
 *            learner's seat, steps this game, flags, the bots of every seat
 *            (the learner's seat's bot is simply not asked);
 *   legal    per game, the learner's legal actions of the last observation
 *            and their action indices (max_legal each): a step finds the
 *            chosen index there, and the next observation clears exactly
 *            those mask entries instead of the whole row (kt_action_space
 *            bytes: 16 KB in Marco Polo II);
 *   scale    kt_obs_size factors of the normalised observation;
 *   marks    per game, where its observation row holds anything not zero
 *            (obs_vector_marked's marks, mark_cap each; env[k].nmarks of
 *            them, -1: unknown), when the game's encoder gives them.  The
 *            next observation then clears only those cells instead of the
 *            whole row, as the mask does with its entries: clearing 16 KB
 *            per step was a fifth of a Marco Polo II step.  Rows are
 *            zeroed once, by kt_vec_bind; normalised rows are rewritten
 *            whole (a scale may be negative, and -0.0 is not 0.0 in bytes);
 *   memos    per game, KT_OBS_MEMO bytes that only the encoder writes
 *            (obs_vector_marked's memo: FWM notes there which card rows
 *            its row holds and copies only those that changed); zeroed
 *            with the row whenever the row is zeroed whole.
 * The caller's buffers (kt_vec_buffers) are only pointed to; the observation
 * and mask rows must not be written by the caller between steps (kontor.h
 * says so; kt_vec_bind zeroes them and forgets what they held).
 *
 * Hot path: the learner's observation is the game's encoder run on the real
 * state (kt_obs_vector runs it on a determinized copy as a second line of
 * defence; tests/core/test_learn.c proves every encoder shows only its
 * player's information by comparing with determinized copies); bots are
 * asked through kt_bot_choose_fast, as `kontor sim` does (the no-peeking
 * test shows it plays the same games as kt_bot_choose).  Nothing allocates
 * in kt_vec_step.
 */
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "mem.h"

#define VEC_ALIGN 64
#define PREFETCH_AHEAD 2 /* games; of 1, 2, 4 and 8 ahead 2 measured best for MP2 */

typedef struct vec_env {
    kt_rng rng;        /* deals and seats of this game's successive games */
    long long steps;   /* learner steps in the current game */
    int nlegal;        /* entries of the learner's legal list (and set in the mask) */
    int nmarks;        /* marks of the observation row (-1: clear it whole) */
    int8_t seat;       /* the learner's seat in the current game */
    uint8_t ended;     /* the current game has ended (awaits a deal) */
    kt_bot *bot[KT_MAX_PLAYERS];
} vec_env;

struct kt_vec {
    const kt_game *g;
    kt_vec_config cfg;
    char *opp_spec;    /* copy of cfg.opponents (opp_size bytes) */
    size_t opp_size;
    int n, obs_size, space, max_legal;
    size_t stride;     /* bytes between states */
    unsigned char *states;      /* states_mem rounded up to VEC_ALIGN */
    unsigned char *states_mem;  /* stride * n + VEC_ALIGN bytes from the allocator */
    vec_env *env;
    kt_action *acts;   /* n x max_legal: the learner's legal actions */
    int32_t *idx;      /* n x max_legal: their action indices */
    float *scale;      /* obs_size */
    uint32_t *marks;   /* n x mark_cap, or NULL: rows are cleared whole */
    int mark_cap;
    uint8_t *memos;    /* n x KT_OBS_MEMO, with marks */
    kt_vec_buffers buf;
    int bound;
    long long actions, episodes;
};

static kt_state *st(const kt_vec *v, int k)
{
    return (kt_state *)(v->states + (size_t)k * v->stride);
}

void kt_vec_config_init(kt_vec_config *c)
{
    memset(c, 0, sizeof *c);
    c->num_envs = 1;
    c->seat = 0;
    c->autoreset = KT_VEC_NEXT_STEP;
    c->illegal_reward = -1.0f;
}

int kt_vec_num_envs(const kt_vec *v) { return v->n; }
const float *kt_vec_obs_scale(const kt_vec *v) { return v->scale; }
long long kt_vec_actions(const kt_vec *v) { return v->actions; }
long long kt_vec_episodes(const kt_vec *v) { return v->episodes; }

const kt_state *kt_vec_state(const kt_vec *v, int k)
{
    return k >= 0 && k < v->n ? st(v, k) : NULL;
}

static uint32_t pending_set(const kt_game *g, const kt_state *s)
{
    if (s->h.status != KT_RUNNING)
        return 0;
    return g->def->pending ? g->def->pending(g, s) : 1u << s->h.to_move;
}

/* ------------------------------------------------------------ creation */

static kt_status check_config(const kt_game *g, const kt_vec_config *c, kt_err *err)
{
    if (kt_action_space(g) <= 0 || kt_obs_size(g) <= 0)
        return kt_seterr(err, KT_EINVAL, "%s has no fixed action space or no observation",
                         kt_game_name(g));
    if (c->num_envs < 1 || c->num_envs > 1 << 24)
        return kt_seterr(err, KT_EINVAL, "num_envs must be 1 to %d, not %d", 1 << 24,
                         c->num_envs);
    if (c->seat < -1 || c->seat >= g->nplayers)
        return kt_seterr(err, KT_EINVAL, "seat must be -1 (random) or 0 to %d, not %d",
                         g->nplayers - 1, c->seat);
    if (c->autoreset < KT_VEC_NEXT_STEP || c->autoreset > KT_VEC_DISABLED)
        return kt_seterr(err, KT_EINVAL, "autoreset must be 0 (next step), 1 (same step) or "
                         "2 (disabled), not %d", c->autoreset);
    if (c->max_steps < 0)
        return kt_seterr(err, KT_EINVAL, "max_steps must be 0 (none) or positive");
    return KT_OK;
}

static kt_status make_bots(kt_vec *v, kt_err *err)
{
    for (int k = 0; k < v->n; k++)
        for (int p = 0; p < v->g->nplayers; p++) {
            uint64_t seed = kt_seed_derive(kt_seed_derive((uint64_t)k, 0xb07), (uint64_t)p);
            kt_status rc = kt_bot_new(v->g, v->opp_spec, seed, &v->env[k].bot[p], err);
            if (rc != KT_OK)
                return rc;
        }
    return KT_OK;
}

static void calibrate(kt_vec *v);

kt_status kt_vec_new(const kt_game *g, const kt_vec_config *c, uint64_t seed, kt_vec **out,
                     kt_err *err)
{
    *out = NULL;
    kt_status rc = check_config(g, c, err);
    if (rc != KT_OK)
        return rc;
    /* everything from the configuration's allocator (kontor.h, kt_allocator) */
    const kt_allocator *al = &g->alloc;
    kt_vec *v = kt_mem_zalloc(al, sizeof *v);
    if (!v)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    v->g = g;
    v->cfg = *c;
    v->n = c->num_envs;
    v->obs_size = kt_obs_size(g);
    v->space = kt_action_space(g);
    v->max_legal = g->max_legal;
    v->stride = (g->state_size + VEC_ALIGN - 1) / VEC_ALIGN * VEC_ALIGN;
    size_t nl = (size_t)v->n * (size_t)v->max_legal;
    const char *opp = c->opponents ? c->opponents : "random";
    v->opp_size = strlen(opp) + 1;
    if ((v->opp_spec = kt_mem_alloc(al, v->opp_size)) != NULL)
        memcpy(v->opp_spec, opp, v->opp_size);
    /* an allocator promises no more than malloc's alignment: round up */
    v->states_mem = kt_mem_alloc(al, v->stride * (size_t)v->n + VEC_ALIGN);
    if (v->states_mem)
        v->states = v->states_mem + (VEC_ALIGN - (uintptr_t)v->states_mem % VEC_ALIGN) % VEC_ALIGN;
    v->env = kt_mem_zalloc(al, sizeof *v->env * (size_t)v->n);
    v->acts = kt_mem_alloc(al, sizeof *v->acts * nl);
    v->idx = kt_mem_alloc(al, sizeof *v->idx * nl);
    v->scale = kt_mem_alloc(al, sizeof *v->scale * (size_t)v->obs_size);
    if (g->def->obs_vector_marked && v->obs_size <= 0xffff && !c->normalize) {
        /* room for a mark per two cells: the encoders need far fewer, and
         * one that needs more only makes that row cleared whole */
        v->mark_cap = v->obs_size / 2 + 16;
        v->marks = kt_mem_alloc(al, sizeof *v->marks * (size_t)v->mark_cap * (size_t)v->n);
        v->memos = kt_mem_zalloc(al, (size_t)KT_OBS_MEMO * (size_t)v->n);
        if (!v->marks || !v->memos) { /* whole rows: slower, same output */
            kt_mem_free(al, v->marks, sizeof *v->marks * (size_t)v->mark_cap * (size_t)v->n);
            kt_mem_free(al, v->memos, (size_t)KT_OBS_MEMO * (size_t)v->n);
            v->marks = NULL;
            v->memos = NULL;
            v->mark_cap = 0;
        }
    }
    if (!v->opp_spec || !v->states || !v->env || !v->acts || !v->idx || !v->scale) {
        kt_vec_free(v);
        return kt_seterr(err, KT_ENOMEM, "out of memory for %d games", c->num_envs);
    }
    v->cfg.opponents = v->opp_spec;
    for (int k = 0; k < v->n; k++) {
        kt_state_init(g, st(v, k));
        kt_rng_seed(&v->env[k].rng, kt_seed_derive(seed, (uint64_t)k));
        v->env[k].ended = 1;
    }
    if ((rc = make_bots(v, err)) != KT_OK) {
        kt_vec_free(v);
        return rc;
    }
    for (int i = 0; i < v->obs_size; i++)
        v->scale[i] = 1.0f;
    if (c->normalize)
        calibrate(v);
    *out = v;
    return KT_OK;
}

void kt_vec_free(kt_vec *v)
{
    if (!v)
        return;
    if (v->env)
        for (int k = 0; k < v->n; k++)
            for (int p = 0; p < KT_MAX_PLAYERS; p++)
                kt_bot_free(v->env[k].bot[p]);
    const kt_allocator al = v->g->alloc;
    size_t nl = (size_t)v->n * (size_t)v->max_legal;
    kt_mem_free(&al, v->env, sizeof *v->env * (size_t)v->n);
    kt_mem_free(&al, v->states_mem, v->stride * (size_t)v->n + VEC_ALIGN);
    kt_mem_free(&al, v->acts, sizeof *v->acts * nl);
    kt_mem_free(&al, v->idx, sizeof *v->idx * nl);
    kt_mem_free(&al, v->scale, sizeof *v->scale * (size_t)v->obs_size);
    kt_mem_free(&al, v->marks, sizeof *v->marks * (size_t)v->mark_cap * (size_t)v->n);
    kt_mem_free(&al, v->memos, (size_t)KT_OBS_MEMO * (size_t)v->n);
    kt_mem_free(&al, v->opp_spec, v->opp_size);
    kt_mem_free(&al, v, sizeof *v);
}

kt_status kt_vec_bind(kt_vec *v, const kt_vec_buffers *b, kt_err *err)
{
    if (!b || !b->obs || !b->mask || !b->reward || !b->terminated || !b->truncated)
        return kt_seterr(err, KT_EINVAL, "obs, mask, reward, terminated and truncated buffers "
                         "are required");
    v->buf = *b;
    v->bound = 1;
    /* the mask and (with marks) the observations are cleared incrementally
     * from here on */
    memset(b->mask, 0, (size_t)v->n * (size_t)v->space);
    memset(b->obs, 0, sizeof *b->obs * (size_t)v->n * (size_t)v->obs_size);
    if (v->memos) /* the rows are zeros: nothing the encoder noted holds */
        memset(v->memos, 0, (size_t)KT_OBS_MEMO * (size_t)v->n);
    for (int k = 0; k < v->n; k++) {
        v->env[k].nlegal = 0;
        v->env[k].nmarks = 0;
    }
    return KT_OK;
}

kt_status kt_vec_set_obs_scale(kt_vec *v, const float *scale, kt_err *err)
{
    for (int i = 0; i < v->obs_size; i++)
        if (!(scale[i] == scale[i]) || scale[i] > 3.4e38f || scale[i] < -3.4e38f)
            return kt_seterr(err, KT_EINVAL, "scale %d is not a finite number", i);
    memcpy(v->scale, scale, sizeof *scale * (size_t)v->obs_size);
    return KT_OK;
}

/* ------------------------------------------------------------ one game */

/* Bots move until the learner has a decision pending or the game ends. */
static kt_status advance(kt_vec *v, int k, kt_err *err)
{
    const kt_game *g = v->g;
    kt_state *s = st(v, k);
    vec_env *e = &v->env[k];
    while (s->h.status == KT_RUNNING && !(pending_set(g, s) >> e->seat & 1u)) {
        kt_action a;
        kt_status rc = kt_bot_choose_fast(e->bot[s->h.to_move], s, &a, err);
        if (rc != KT_OK)
            return kt_seterr(err, KT_EINTERNAL, "game %d: the bot of seat %d failed: %s", k,
                             s->h.to_move, err ? err->msg : "");
        kt_apply_trusted(g, s, a);
        v->actions++;
    }
    return KT_OK;
}

/* The learner's legal actions into the lists and the mask row (entries set
 * before are cleared first).  A pending learner that is not to_move is
 * served as kt_legal_as does, with to_move set to it for the call. */
static void write_mask(kt_vec *v, int k)
{
    const kt_game *g = v->g;
    kt_state *s = st(v, k);
    vec_env *e = &v->env[k];
    int8_t *row = v->buf.mask + (size_t)k * (size_t)v->space;
    kt_action *acts = v->acts + (size_t)k * (size_t)v->max_legal;
    int32_t *idx = v->idx + (size_t)k * (size_t)v->max_legal;
    for (int i = 0; i < e->nlegal; i++)
        row[idx[i]] = 0;
    e->nlegal = 0;
    if (s->h.status != KT_RUNNING || e->ended)
        return;
    int8_t was = s->h.to_move;
    s->h.to_move = e->seat;
    int n = g->def->legal(g, s, acts);
    for (int i = 0; i < n; i++) {
        int x = g->def->action_index(g, s, acts[i]);
        if (x < 0 || x >= v->space)
            x = 0; /* never happens: the learning tests check every legal action */
        idx[i] = x;
        row[x] = 1;
    }
    s->h.to_move = was;
    e->nlegal = n;
}

static void write_obs(kt_vec *v, int k, float *out)
{
    memset(out, 0, sizeof *out * (size_t)v->obs_size);
    v->g->def->obs_vector(v->g, st(v, k), v->env[k].seat, out);
    if (v->cfg.normalize)
        for (int i = 0; i < v->obs_size; i++)
            out[i] *= v->scale[i];
}

/* Cells [at, at + n) of each mark to zero (clipped to the row: a mark
 * outside it would be the encoder's fault, never a write out of bounds). */
static void clear_marked(float *row, const uint32_t *marks, int nmarks, int size)
{
    if (nmarks < 0) {
        memset(row, 0, sizeof *row * (size_t)size);
        return;
    }
    /* most marks are one cell (one-hots): those take one compare */
    uint32_t one = KT_OBS_MARK(0, 1), lim = KT_OBS_MARK(size, 1);
    for (int i = 0; i < nmarks; i++) {
        uint32_t m = marks[i];
        if (m - one < lim - one) { /* n = 1, at < size */
            row[m & 0xffff] = 0;
            continue;
        }
        int at = (int)(m & 0xffff), n = (int)(m >> 16);
        if (n > size - at)
            n = size - at;
        if (n > 0)
            memset(row + at, 0, sizeof *row * (size_t)n);
    }
}

/* The learner's observation into its row: with marks, the cells the last
 * observation marked are cleared and the encoder marks anew. */
static void write_row(kt_vec *v, int k)
{
    float *row = v->buf.obs + (size_t)k * (size_t)v->obs_size;
    vec_env *e = &v->env[k];
    if (!v->marks) {
        write_obs(v, k, row);
        return;
    }
    uint32_t *marks = v->marks + (size_t)k * (size_t)v->mark_cap;
    uint8_t *memo = v->memos + (size_t)k * KT_OBS_MEMO;
    if (e->nmarks < 0) /* the row is cleared whole: the memo knows nothing */
        memset(memo, 0, KT_OBS_MEMO);
    clear_marked(row, marks, e->nmarks, v->obs_size);
    e->nmarks = v->g->def->obs_vector_marked(v->g, st(v, k), e->seat, row, marks, v->mark_cap,
                                             memo);
}

static void emit(kt_vec *v, int k)
{
    write_row(v, k);
    write_mask(v, k);
    if (v->buf.seat)
        v->buf.seat[k] = v->env[k].seat;
}

/* A new game in slot k: its deal seed and the learner's seat come from the
 * slot's generator, the bots are reseeded from the deal. */
static kt_status deal(kt_vec *v, int k, kt_err *err)
{
    const kt_game *g = v->g;
    vec_env *e = &v->env[k];
    uint64_t seed = kt_rng_next(&e->rng);
    kt_state_restart(g, st(v, k), seed);
    e->seat = (int8_t)(v->cfg.seat >= 0 ? v->cfg.seat
                                         : (int)kt_rng_below(&e->rng, (uint32_t)g->nplayers));
    for (int p = 0; p < g->nplayers; p++) {
        kt_bot *b = e->bot[p];
        if (b->def->reseed)
            b->def->reseed(b->ud, kt_seed_derive(seed, (uint64_t)p + 1));
    }
    e->steps = 0;
    e->ended = 0;
    return advance(v, k, err);
}

kt_status kt_vec_reset_env(kt_vec *v, int k, kt_err *err)
{
    if (!v->bound)
        return kt_seterr(err, KT_EINVAL, "bind the buffers first (kt_vec_bind)");
    if (k < 0 || k >= v->n)
        return kt_seterr(err, KT_EINVAL, "there is no game %d (0 to %d)", k, v->n - 1);
    kt_status rc = deal(v, k, err);
    emit(v, k);
    v->buf.reward[k] = 0;
    v->buf.terminated[k] = v->buf.truncated[k] = 0;
    return rc;
}

kt_status kt_vec_reset(kt_vec *v, uint64_t seed, kt_err *err)
{
    if (!v->bound)
        return kt_seterr(err, KT_EINVAL, "bind the buffers first (kt_vec_bind)");
    for (int k = 0; k < v->n; k++) {
        kt_rng_seed(&v->env[k].rng, kt_seed_derive(seed, (uint64_t)k));
        for (int p = 0; p < v->g->nplayers; p++) {
            kt_bot *b = v->env[k].bot[p];
            if (b->def->reseed)
                continue; /* reseeded by every deal */
            /* a bot that cannot be reseeded is made anew (same spec, new seed) */
            kt_bot *nb;
            uint64_t bs = kt_seed_derive(kt_seed_derive(seed, (uint64_t)k), (uint64_t)p + 0xb07);
            kt_status rc = kt_bot_new(v->g, v->opp_spec, bs, &nb, err);
            if (rc != KT_OK)
                return rc;
            kt_bot_free(b);
            v->env[k].bot[p] = nb;
        }
    }
    for (int k = 0; k < v->n; k++) {
        kt_status rc = kt_vec_reset_env(v, k, err);
        if (rc != KT_OK)
            return rc;
    }
    return KT_OK;
}

/* ------------------------------------------------------------ stepping */

/* Apply the learner's action index in game k, or end the game when it is
 * not legal; then the bots move.  Returns 1 when the game is over. */
static kt_status act(kt_vec *v, int k, int64_t index, kt_err *err)
{
    const kt_game *g = v->g;
    kt_state *s = st(v, k);
    vec_env *e = &v->env[k];
    const int32_t *idx = v->idx + (size_t)k * (size_t)v->max_legal;
    int i = 0;
    if (index < 0 && e->nlegal > 0) /* a uniformly random legal action */
        i = (int)kt_rng_below(&e->rng, (uint32_t)e->nlegal);
    else
        while (i < e->nlegal && idx[i] != index)
            i++;
    v->buf.reward[k] = 0;
    v->buf.terminated[k] = v->buf.truncated[k] = 0;
    if (i == e->nlegal) {
        v->buf.reward[k] = v->cfg.illegal_reward;
        v->buf.terminated[k] = 1;
        e->ended = 1;
        v->episodes++;
        return KT_OK;
    }
    s->h.to_move = e->seat; /* a pending learner answers as kt_apply_as does */
    kt_apply_trusted(g, s, v->acts[(size_t)k * (size_t)v->max_legal + (size_t)i]);
    v->actions++;
    e->steps++;
    kt_status rc = advance(v, k, err);
    if (s->h.status != KT_RUNNING) {
        kt_result r;
        kt_result_get(g, s, &r);
        v->buf.reward[k] = (float)r.reward[e->seat];
        v->buf.terminated[k] = s->h.status == KT_FINISHED;
        v->buf.truncated[k] = s->h.status != KT_FINISHED;
        e->ended = 1;
        v->episodes++;
    } else if (v->cfg.max_steps && e->steps >= v->cfg.max_steps) {
        v->buf.truncated[k] = 1;
        e->ended = 1;
        v->episodes++;
    }
    return rc;
}

static kt_status step_one(kt_vec *v, int k, int64_t action, kt_err *err)
{
    vec_env *e = &v->env[k];
    if (e->ended) { /* KT_VEC_NEXT_STEP: this step deals the new game */
        kt_status rc = deal(v, k, err);
        emit(v, k);
        v->buf.reward[k] = 0;
        v->buf.terminated[k] = v->buf.truncated[k] = 0;
        return rc;
    }
    kt_status rc = act(v, k, action, err);
    if (!e->ended || v->cfg.autoreset != KT_VEC_SAME_STEP) {
        emit(v, k);
        return rc;
    }
    if (v->buf.final_obs)
        write_obs(v, k, v->buf.final_obs + (size_t)k * (size_t)v->obs_size);
    kt_status rc2 = deal(v, k, err);
    emit(v, k);
    return rc != KT_OK ? rc : rc2;
}

/* Ask for the lines game k's next observation and mask will clear and
 * rewrite (its marks and its mask entries) while the bots of an earlier
 * game still play: 64 games' rows are larger than the L2 cache, so each
 * of those lines was a miss when the stores reached it.  Only for
 * encoders that mark (the others rewrite whole rows; measured +1-2 % for
 * Marco Polo II and FWM, nothing elsewhere). */
static void prefetch_rows(const kt_vec *v, int k)
{
    const vec_env *e = &v->env[k];
    const float *row = v->buf.obs + (size_t)k * (size_t)v->obs_size;
    const int8_t *mrow = v->buf.mask + (size_t)k * (size_t)v->space;
    const int32_t *idx = v->idx + (size_t)k * (size_t)v->max_legal;
    const uint32_t *marks = v->marks + (size_t)k * (size_t)v->mark_cap;
    for (int i = 0; i < e->nmarks; i++)
        __builtin_prefetch(row + (marks[i] & 0xffff), 1, 2);
    for (int i = 0; i < e->nlegal; i++)
        __builtin_prefetch(mrow + idx[i], 1, 2);
}

kt_status kt_vec_step(kt_vec *v, const int64_t *actions, kt_err *err)
{
    if (!v->bound)
        return kt_seterr(err, KT_EINVAL, "bind the buffers first (kt_vec_bind)");
    for (int k = 0; k < v->n; k++)
        if (actions[k] < -1 || actions[k] >= v->space)
            return kt_seterr(err, KT_EINVAL, "game %d: action %lld is outside -1 (random) to %d",
                             k, (long long)actions[k], v->space - 1);
    if (v->cfg.autoreset == KT_VEC_DISABLED)
        for (int k = 0; k < v->n; k++)
            if (v->env[k].ended)
                return kt_seterr(err, KT_EOVER, "game %d has ended: reset it first "
                                 "(kt_vec_reset_env; auto-reset is disabled)", k);
    kt_status rc = KT_OK;
    for (int k = 0; k < v->n; k++) {
        if (v->marks && k + PREFETCH_AHEAD < v->n)
            prefetch_rows(v, k + PREFETCH_AHEAD);
        kt_status r1 = step_one(v, k, actions[k], err);
        if (rc == KT_OK)
            rc = r1;
    }
    return rc;
}

/* ------------------------------------------------------------ normalising */

/* Per field the largest magnitude seen from the player to move over a few
 * random games of this configuration (a fixed seed: the same configuration
 * always gets the same scale); scale = 1 / max(1, that). */
static void calibrate(kt_vec *v)
{
    enum { GAMES = 16, MAX_ACTIONS = 20000 };
    const kt_game *g = v->g;
    kt_state *s = st(v, 0);
    const size_t osize = sizeof(float) * (size_t)v->obs_size * 2;
    float *o = kt_mem_alloc(&g->alloc, osize);
    kt_action *buf = v->acts; /* game 0's list, unused before the first deal */
    if (!o)
        return; /* scale stays 1: raw observations */
    float *mx = o + v->obs_size;
    for (int i = 0; i < v->obs_size; i++)
        mx[i] = 1.0f;
    kt_rng rng;
    kt_rng_seed(&rng, 0x6b6f6e746f72ULL);
    long long total = 0;
    for (int gi = 0; gi < GAMES && total < MAX_ACTIONS; gi++) {
        kt_state_restart(g, s, kt_rng_next(&rng));
        while (s->h.status == KT_RUNNING && total < MAX_ACTIONS) {
            memset(o, 0, sizeof *o * (size_t)v->obs_size);
            g->def->obs_vector(g, s, s->h.to_move, o);
            for (int i = 0; i < v->obs_size; i++) {
                float a = o[i] < 0 ? -o[i] : o[i];
                if (a > mx[i])
                    mx[i] = a;
            }
            int n = g->def->legal(g, s, buf);
            kt_apply_trusted(g, s, buf[kt_rng_below(&rng, (uint32_t)n)]);
            total++;
        }
    }
    for (int i = 0; i < v->obs_size; i++)
        v->scale[i] = 1.0f / mx[i];
    kt_mem_free(&g->alloc, o, osize);
}

/* ------------------------------------------------------------ metadata */

void kt_game_meta_get(const kt_game *g, kt_game_meta *out)
{
    memset(out, 0, sizeof *out);
    out->players = g->nplayers;
    out->action_space = kt_action_space(g);
    out->obs_size = kt_obs_size(g);
    out->max_legal = g->max_legal;
    out->min_utility = 0.0;
    out->max_utility = 1.0;
    out->utility_sum = 1.0;
    long long rules = g->def->max_turns, lim = g->turn_limit;
    out->max_turns = lim > 0 && (rules == 0 || lim < rules) ? lim : rules;
}
