/*
 * analyze.c - post-game analysis of one seat's decisions (kontor.h, "post-game
 * analysis"; docs/analysis.md), written against the public API and the bot
 * contract only, so it works for every game without game code.
 *
 * One decision is analysed in two steps, both from the seat's information
 * only:
 *   search    the bot "mcts" (search= iterations, its own determinizations of
 *             what the seat cannot see) chooses the action it prefers;
 *   playouts  in `worlds` sampled worlds (kt_determinize for the seat: the
 *             unseen cards, and a fresh generator for future dice and
 *             shuffles) the action played and the preferred one are each
 *             applied to a copy of the same world and played on by the
 *             rollout policy (the game's heuristic bot for every player,
 *             reseeded per world the same way for both), to the end or
 *             depth= actions, where kt_evaluate scores it.  Comparing the two
 *             in the same worlds (common random numbers) cancels most of the
 *             luck, so the paired difference has a far smaller error than two
 *             separate estimates; its standard error decides whether a loss
 *             is real.  The playouts are separate from the search that chose
 *             the action, so the search's noise does not bias the estimate
 *             of its own choice upwards (the winner's curse).
 * Every decision draws from generators seeded by (seed, its action number)
 * and fresh bots, so the result does not depend on which thread analysed
 * it, or in which order.
 *
 * Data layout
 *   kt_analysis   the configuration (not owned), the seat, the parsed options;
 *     mv[n]       one kt_analysis_move per decision with a choice, in record
 *                 order, and pos: the n states before them, back to back
 *                 (kt_state_size bytes each);
 *     result      the record's final result, when the game had ended;
 *     run state   next (the next decision to take, shared by the workers),
 *                 the counters the progress reports, the cancel flag, and
 *                 mu/cv: the workers' current search bots (so that a cancel
 *                 reaches them) and the signal a waiting caller sleeps on.
 *   an_worker     what one thread touches: two state blocks (the sampled
 *                 world and the copy played on), the rollout bot, the search
 *                 bot of the current decision, its first error.
 */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../core/game.h"
#include "../core/mem.h"

/* Playouts longer than this are cut and scored by the evaluation, in case
 * a game's rules let some line of play go on for ever. */
#define AN_MAX_PLAYOUT 2000000
/* Memory for the positions of one analysis. */
#define AN_MAX_POS_BYTES ((size_t)256 << 20)
/* lichess's limits for an inaccuracy, a mistake and a blunder, 0.1 / 0.2 /
 * 0.3 on its winning-chances scale from -1 to 1, as a probability. */
static const double an_limit[4] = {0, 0.05, 0.10, 0.15};

enum { POL_HEURISTIC = 0, POL_RANDOM = 1 };

typedef struct an_opts {
    long long budget, search, worlds, time_ms, from, to;
    int budget_set, search_set, worlds_set;
    uint64_t seed;
    int threads, depth, policy;
    double z;
    char mcts[200]; /* further options of the search, "k=v:k=v" */
} an_opts;

struct kt_analysis;

typedef struct an_worker {
    struct kt_analysis *a;
    kt_state *base, *world;
    kt_bot *pol;    /* rollout policy: the game's heuristic bot (NULL: random) */
    kt_bot *search; /* the current decision's search bot; guarded by a->mu */
    kt_rng rng;     /* random playouts */
    pthread_t th;
    int started;
    kt_status st;
    kt_err err;
} an_worker;

struct kt_analysis {
    const kt_game *g;
    int seat, n, cap, cap_mv, forced, positional;
    an_opts o;
    kt_buf canon; /* the options' canonical text, in the game's allocator */
    kt_analysis_move *mv;
    unsigned char *pos;
    int have_result;
    kt_result result;
    /* run */
    an_worker *w;
    int nw;
    _Atomic int next, ndone, cancel, running, cancelled;
    _Atomic long long sims;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int sync_ok;
};

static const kt_optinfo an_optinfo[] = {
    {"budget", KT_OPT_INT, "1000", 2, 1000000000, NULL,
     "simulations per decision: half for the search, half for the playouts (a quarter of the "
     "budget in worlds, two playouts in each)"},
    {"search", KT_OPT_INT, "0", 0, 1000000000, NULL,
     "search iterations per decision (0: half the budget)"},
    {"worlds", KT_OPT_INT, "0", 0, 100000000, NULL,
     "sampled worlds per decision in which the played and the preferred action are both played "
     "on (0: a quarter of the budget)"},
    {"time", KT_OPT_INT, "0", 0, 86400000, NULL,
     "milliseconds per decision, half for each step, instead of the budget (an upper bound "
     "then, if given): not reproducible"},
    {"seed", KT_OPT_STR, "1", 0, 0, NULL, "seed of the analysis (same seed, same result)"},
    {"threads", KT_OPT_INT, "1", 1, 64, NULL,
     "decisions analysed at once (the result does not depend on it)"},
    {"depth", KT_OPT_INT, "-1", -1, 100000000, NULL,
     "playout length in actions before the game's evaluation scores it; -1 = to the end (needed "
     "for expected points and place)"},
    {"policy", KT_OPT_ENUM, "heuristic", 0, 0, "heuristic|random",
     "who plays the playouts: the game's heuristic bot for every player, or uniform random"},
    {"z", KT_OPT_STR, "2", 0, 0, NULL,
     "a loss counts as a mistake only when it exceeds z standard errors (and 5 points)"},
    {"from", KT_OPT_INT, "0", 0, 1000000000, NULL, "first action number of the record analysed"},
    {"to", KT_OPT_INT, "-1", -1, 1000000000, NULL,
     "action number where the analysis stops (-1: the end of the record)"},
    {"mcts", KT_OPT_STR, "", 0, 0, NULL,
     "further options of the search bot mcts, e.g. c=1.5:opp=policy (not iters, time, threads "
     "or seed)"},
};
#define AN_NOPTS ((int)(sizeof an_optinfo / sizeof an_optinfo[0]))
enum { O_BUDGET, O_SEARCH, O_WORLDS, O_TIME, O_SEED, O_THREADS, O_DEPTH, O_POLICY, O_Z, O_FROM,
       O_TO, O_MCTS };

const kt_optinfo *kt_analysis_options(int *n)
{
    if (n)
        *n = AN_NOPTS;
    return an_optinfo;
}

/* ------------------------------------------------------------ options */

static kt_status opts_check(an_opts *o, const kt_optval *v, kt_err *err)
{
    char *end;
    unsigned long long seed;
    int len = 0;
    if (v[O_SEED].s[0] == '-' || sscanf(v[O_SEED].s, "%llu%n", &seed, &len) != 1 ||
        v[O_SEED].s[len])
        return kt_seterr(err, KT_EINVAL,
                         "analysis option 'seed': '%s' is not a non-negative integer",
                         v[O_SEED].s);
    o->seed = seed;
    o->z = strtod(v[O_Z].s, &end);
    if (!v[O_Z].s[0] || *end || !isfinite(o->z) || o->z < 0 || o->z > 100)
        return kt_seterr(err, KT_EINVAL, "analysis option 'z': '%s' is not a number from 0 to 100",
                         v[O_Z].s);
    if (strlen(v[O_MCTS].s) >= sizeof o->mcts)
        return kt_seterr(err, KT_EINVAL, "analysis option 'mcts': at most %zu characters",
                         sizeof o->mcts - 1);
    static const char *const own[] = {"iters=", "time=", "threads=", "seed="};
    for (size_t i = 0; i < sizeof own / sizeof own[0]; i++) {
        const char *p = strstr(v[O_MCTS].s, own[i]);
        if (p && (p == v[O_MCTS].s || p[-1] == ':'))
            return kt_seterr(err, KT_EINVAL,
                             "analysis option 'mcts': %.*s is set by the analysis (use budget=, "
                             "search=, time=, threads= or seed= of the analysis)",
                             (int)strlen(own[i]) - 1, own[i]);
    }
    snprintf(o->mcts, sizeof o->mcts, "%s", v[O_MCTS].s);
    if (v[O_TO].i >= 0 && v[O_TO].i < v[O_FROM].i)
        return kt_seterr(err, KT_EINVAL, "analysis options: to=%lld is before from=%lld",
                         v[O_TO].i, v[O_FROM].i);
    return KT_OK;
}

static kt_status opts_parse(const kt_allocator *al, const char *text, an_opts *o, kt_buf *canon,
                            kt_err *err)
{
    kt_optval v[AN_NOPTS];
    kt_status st = kt_opts_parse_alloc(an_optinfo, AN_NOPTS, text ? text : "", ";\n",
                                       "analysis option", al, v, err);
    if (st != KT_OK)
        return st;
    memset(o, 0, sizeof *o);
    st = opts_check(o, v, err);
    o->budget = v[O_BUDGET].i;
    o->budget_set = v[O_BUDGET].set;
    o->search = v[O_SEARCH].i ? v[O_SEARCH].i : o->budget / 2;
    o->search_set = v[O_SEARCH].set || o->budget_set;
    o->worlds = v[O_WORLDS].i ? v[O_WORLDS].i : (o->budget + 3) / 4;
    o->worlds_set = v[O_WORLDS].set || o->budget_set;
    o->time_ms = v[O_TIME].i;
    o->threads = (int)v[O_THREADS].i;
    o->depth = (int)v[O_DEPTH].i;
    o->policy = (int)v[O_POLICY].i;
    o->from = v[O_FROM].i;
    o->to = v[O_TO].i;
    if (o->search < 1)
        o->search = 1;
    if (st == KT_OK) {
        /* every value that shapes the result, so the text says exactly what
         * was done */
        kt_buf *b = canon;
        for (int i = 0; i < AN_NOPTS; i++) {
            if ((i == O_MCTS && !v[i].s[0]) || i == O_THREADS)
                continue; /* threads do not change the result */
            kt_buf_printf(b, "%s%s=", i ? ";" : "", an_optinfo[i].name);
            if (i == O_SEARCH)
                kt_buf_printf(b, "%lld", o->search);
            else if (i == O_WORLDS)
                kt_buf_printf(b, "%lld", o->worlds);
            else
                kt_buf_puts(b, v[i].s);
        }
        kt_buf_putc(b, '\0'); /* "" when no option shapes it: p is never NULL */
        b->len--;
        if (b->oom)
            st = kt_seterr(err, KT_ENOMEM, "out of memory");
    }
    kt_opts_free(v, AN_NOPTS);
    return st;
}

/* The search bot's spec for these options. */
static void search_spec(const an_opts *o, char *out, size_t cap)
{
    int n;
    if (o->time_ms > 0 && !o->search_set)
        n = snprintf(out, cap, "mcts:time=%lld", (o->time_ms + 1) / 2);
    else if (o->time_ms > 0)
        n = snprintf(out, cap, "mcts:time=%lld:iters=%lld", (o->time_ms + 1) / 2, o->search);
    else
        n = snprintf(out, cap, "mcts:iters=%lld", o->search);
    if (o->mcts[0] && n > 0 && (size_t)n < cap)
        snprintf(out + n, cap - (size_t)n, ":%s", o->mcts);
}

/* ------------------------------------------------------------ construction */

static kt_analysis *an_alloc(const kt_game *g, int seat, const char *options, kt_err *err,
                             kt_status *st)
{
    kt_analysis *a = kt_mem_zalloc(&g->alloc, sizeof *a);
    if (!a) {
        *st = kt_seterr(err, KT_ENOMEM, "out of memory");
        return NULL;
    }
    a->g = g;
    a->seat = seat;
    kt_buf_init_alloc(&a->canon, &g->alloc);
    *st = opts_parse(&g->alloc, options, &a->o, &a->canon, err);
    if (*st == KT_OK) {
        /* the search's options are checked now, not in the middle of a run */
        char spec[320];
        kt_bot *probe;
        search_spec(&a->o, spec, sizeof spec);
        *st = kt_bot_new(g, spec, 1, &probe, err);
        if (*st == KT_OK)
            kt_bot_free(probe);
    }
    if (*st == KT_OK && a->o.policy == POL_HEURISTIC) {
        /* without a heuristic bot in the game the playouts are random */
        kt_bot *probe;
        *st = kt_bot_new(g, "heuristic", 1, &probe, err);
        if (*st == KT_OK)
            kt_bot_free(probe);
        else if (*st == KT_EUNKNOWN)
            *st = KT_OK, a->o.policy = POL_RANDOM;
    }
    if (*st == KT_OK) {
        if (pthread_mutex_init(&a->mu, NULL) != 0)
            *st = kt_seterr(err, KT_ENOMEM, "cannot create a mutex");
        else if (pthread_cond_init(&a->cv, NULL) != 0) {
            pthread_mutex_destroy(&a->mu);
            *st = kt_seterr(err, KT_ENOMEM, "cannot create a condition variable");
        } else {
            a->sync_ok = 1;
        }
    }
    if (*st != KT_OK) {
        kt_analysis_free(a);
        return NULL;
    }
    return a;
}

/* Keep decision `index` (the state before it and the action played). */
static int an_push(kt_analysis *a, const kt_state *s, int index, int legal, const kt_action *played)
{
    size_t sz = kt_state_size(a->g);
    if (a->n == a->cap) {
        int cap = a->cap ? a->cap * 2 : 64;
        /* a->cap is the capacity of both arrays: mv may be larger after a
         * failed second step (cap_mv), so free knows each true size */
        const kt_allocator *al = &a->g->alloc;
        if (a->cap_mv < cap) {
            kt_analysis_move *mv =
                kt_mem_realloc(al, a->mv, sizeof *mv * (size_t)a->cap_mv, sizeof *mv * (size_t)cap);
            if (!mv)
                return 0;
            a->mv = mv;
            a->cap_mv = cap;
        }
        unsigned char *pos = kt_mem_realloc(al, a->pos, sz * (size_t)a->cap, sz * (size_t)cap);
        if (!pos)
            return 0;
        a->pos = pos;
        a->cap = cap;
    }
    kt_analysis_move *m = &a->mv[a->n];
    memset(m, 0, sizeof *m);
    m->index = index;
    m->turn = kt_turn_number(a->g, s);
    m->legal = legal;
    m->has_played = played != NULL;
    m->played = played ? *played : 0;
    memcpy(a->pos + sz * (size_t)a->n, s, sz);
    a->n++;
    return 1;
}

static kt_status seat_check(const kt_game *g, int seat, kt_err *err)
{
    if (seat < 0 || seat >= kt_game_players(g))
        return kt_seterr(err, KT_EINVAL, "analysis: no player %d in this %d-player game (0-based)",
                         seat, kt_game_players(g));
    return KT_OK;
}

/* Replay the record, keeping the seat's decisions with a choice in
 * [from, to). */
static kt_status an_replay(kt_analysis *a, const kt_record *r, kt_state *s, kt_err *err)
{
    const kt_game *g = a->g;
    int len = kt_record_length(r);
    size_t most = AN_MAX_POS_BYTES / kt_state_size(g);
    kt_state_init(g, s);
    for (int i = 0; i < len; i++) {
        int who = kt_record_actor(r, i);
        if (who < 0)
            who = kt_to_move(g, s);
        kt_action act;
        kt_err e2;
        kt_status st = kt_action_parse_as(g, s, who, kt_record_action(r, i), &act, &e2);
        if (st != KT_OK)
            return kt_seterr(err, st, "record action %d ('%.60s'): %.200s", i + 1,
                             kt_record_action(r, i), e2.msg);
        int in = i >= a->o.from && (a->o.to < 0 || i < a->o.to);
        if (who == a->seat && in) {
            int nl = kt_legal_as(g, s, who, NULL, 0);
            if (nl < 2) {
                a->forced++;
            } else if ((size_t)a->n >= most) {
                return kt_seterr(err, KT_EINVAL,
                                 "analysis: more than %zu decisions of player %d to keep in "
                                 "memory; analyse part of the record with from= and to=",
                                 most, a->seat);
            } else if (!an_push(a, s, i, nl, &act)) {
                return kt_seterr(err, KT_ENOMEM, "out of memory");
            }
        }
        if ((st = kt_apply_as(g, s, who, act, &e2)) != KT_OK)
            return kt_seterr(err, st, "record action %d ('%.60s'): %.200s", i + 1,
                             kt_record_action(r, i), e2.msg);
    }
    if (kt_is_over(g, s)) {
        a->have_result = 1;
        kt_result_get(g, s, &a->result);
    }
    return KT_OK;
}

kt_status kt_analysis_new(const kt_game *g, const kt_record *r, int seat, const char *options,
                          kt_analysis **out, kt_err *err)
{
    *out = NULL;
    kt_status st = seat_check(g, seat, err);
    if (st != KT_OK)
        return st;
    if (!r)
        return kt_seterr(err, KT_EINVAL, "analysis: no record given");
    kt_analysis *a = an_alloc(g, seat, options, err, &st);
    if (!a)
        return st;
    kt_state *s = kt_state_new(g);
    if (!s)
        st = kt_seterr(err, KT_ENOMEM, "out of memory");
    else
        st = an_replay(a, r, s, err);
    kt_state_free(g, s);
    if (st != KT_OK) {
        kt_analysis_free(a);
        return st;
    }
    *out = a;
    return KT_OK;
}

kt_status kt_analysis_new_position(const kt_game *g, const kt_state *s, int player,
                                   const kt_action *played, const char *options,
                                   kt_analysis **out, kt_err *err)
{
    *out = NULL;
    kt_status st = seat_check(g, player, err);
    if (st != KT_OK)
        return st;
    if (kt_is_over(g, s))
        return kt_seterr(err, KT_EOVER, "the game is over: nothing to decide");
    if (!((kt_pending(g, s) >> player) & 1u))
        return kt_seterr(err, KT_EILLEGAL, "player %d has nothing to decide now", player);
    int nl = kt_legal_as(g, s, player, NULL, 0);
    if (played) {
        kt_state *c = kt_state_new(g);
        if (!c)
            return kt_seterr(err, KT_ENOMEM, "out of memory");
        kt_state_copy(g, c, s);
        kt_err e2;
        st = kt_apply_as(g, c, player, *played, &e2);
        kt_state_free(g, c);
        if (st != KT_OK)
            return kt_seterr(err, st, "analysis: the action to judge is not legal: %.250s",
                             e2.msg);
    }
    kt_analysis *a = an_alloc(g, player, options, err, &st);
    if (!a)
        return st;
    a->positional = 1;
    if (!an_push(a, s, (int)kt_action_count(g, s), nl, played)) {
        kt_analysis_free(a);
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    }
    *out = a;
    return KT_OK;
}

void kt_analysis_free(kt_analysis *a)
{
    if (!a)
        return;
    if (a->sync_ok) {
        pthread_cond_destroy(&a->cv);
        pthread_mutex_destroy(&a->mu);
    }
    const kt_allocator al = a->g->alloc;
    kt_mem_free(&al, a->mv, sizeof *a->mv * (size_t)a->cap_mv);
    kt_mem_free(&al, a->pos, kt_state_size(a->g) * (size_t)a->cap);
    kt_buf_free(&a->canon);
    kt_mem_free(&al, a, sizeof *a);
}

/* ------------------------------------------------------------ playouts */

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* What one playout gave the seat. */
typedef struct an_out {
    double reward, score, place;
    int ended, alone;
} an_out;

/* The rollout bot as create() would make it with `seed`: reseeded where
 * the game's bot can be, else made anew (a small allocation per playout
 * only for bots without reseed, far cheaper than the playout). */
static int policy_reset(an_worker *w, uint64_t seed)
{
    kt_rng_seed(&w->rng, kt_seed_derive(seed, 0x7a11));
    if (w->a->o.policy == POL_RANDOM)
        return 1;
    if (w->pol && w->pol->def->reseed) {
        w->pol->def->reseed(w->pol->ud, seed);
        return 1;
    }
    kt_bot_free(w->pol);
    w->pol = NULL;
    kt_status st = kt_bot_new(w->a->g, "heuristic", seed, &w->pol, &w->err);
    if (st != KT_OK)
        w->st = st;
    return st == KT_OK;
}

/* Play world d on by the rollout policy and score it for the seat.
 * Returns 0 after recording an error. */
static int playout(an_worker *w, kt_state *d, an_out *out)
{
    const kt_game *g = w->a->g;
    int depth = w->a->o.depth, seat = w->a->seat;
    kt_action legal[KT_LEGAL_MAX];
    for (long steps = 0; !kt_is_over(g, d) && (depth < 0 || steps < depth) &&
                         steps < AN_MAX_PLAYOUT;
         steps++) {
        kt_action a;
        if (w->a->o.policy == POL_RANDOM || !w->pol) {
            int n = kt_legal(g, d, legal, KT_LEGAL_MAX);
            a = legal[kt_rng_below(&w->rng, (uint32_t)n)];
        } else if ((w->st = kt_bot_choose_fast(w->pol, d, &a, &w->err)) != KT_OK) {
            return 0;
        }
        kt_apply_trusted(g, d, a);
    }
    double r[KT_MAX_PLAYERS];
    kt_evaluate(g, d, r);
    out->reward = r[seat];
    kt_result res;
    kt_result_get(g, d, &res);
    out->ended = res.finished;
    out->score = res.score[seat];
    out->place = res.rank[seat] + 1;
    out->alone = res.finished && res.winners == (1u << seat);
    return 1;
}

/* Sums over the worlds for the two candidates (0 = preferred, 1 = played). */
typedef struct an_sums {
    double r[2], score[2], place[2], alone[2], d, d2;
    int ended[2], worlds;
} an_sums;

/* One world: both candidates played on from copies of it.  Returns -1
 * after an error, 0 when a candidate was not legal in this world (skipped;
 * it cannot happen when the game's determinize keeps the seat's own
 * options, but a world is never trusted to), 1 when counted. */
static int one_world(an_worker *w, const kt_state *s, const kt_action *cand, int nc,
                     uint64_t wseed, an_sums *sum)
{
    const kt_game *g = w->a->g;
    int seat = w->a->seat;
    an_out o[2];
    kt_determinize(g, s, seat, wseed, w->base);
    for (int c = 0; c < nc; c++) {
        kt_state_copy(g, w->world, w->base);
        if (kt_apply_as(g, w->world, seat, cand[c], NULL) != KT_OK)
            return 0;
        if (!policy_reset(w, kt_seed_derive(wseed, 0x901)) || !playout(w, w->world, &o[c]))
            return -1;
    }
    if (nc == 1)
        o[1] = o[0];
    for (int c = 0; c < 2; c++) {
        sum->r[c] += o[c].reward;
        if (o[c].ended) {
            sum->ended[c]++;
            sum->score[c] += o[c].score;
            sum->place[c] += o[c].place;
            sum->alone[c] += o[c].alone;
        }
    }
    double d = o[0].reward - o[1].reward;
    sum->d += d;
    sum->d2 += d * d;
    sum->worlds++;
    return 1;
}

/* ------------------------------------------------------------ one decision */

static int is_cancelled(const kt_analysis *a)
{
    return atomic_load_explicit(&((kt_analysis *)a)->cancel, memory_order_relaxed) != 0;
}

/* Step 1: the search's choice.  Returns 0 when cancelled or failed. */
static int an_search(an_worker *w, const kt_state *s, uint64_t dseed, kt_analysis_move *m)
{
    kt_analysis *a = w->a;
    char spec[320];
    search_spec(&a->o, spec, sizeof spec);
    kt_bot *b;
    if ((w->st = kt_bot_new(a->g, spec, kt_seed_derive(dseed, 1), &b, &w->err)) != KT_OK)
        return 0;
    pthread_mutex_lock(&a->mu);
    w->search = b;
    pthread_mutex_unlock(&a->mu);
    if (!is_cancelled(a))
        w->st = kt_bot_choose_as(b, s, a->seat, &m->best, &w->err);
    pthread_mutex_lock(&a->mu);
    w->search = NULL;
    pthread_mutex_unlock(&a->mu);
    long long sims = kt_bot_simulations(b);
    kt_bot_free(b);
    m->simulations += sims;
    atomic_fetch_add(&a->sims, sims);
    return w->st == KT_OK && !is_cancelled(a);
}

static double mean_or_nan(double sum, int n) { return n > 0 ? sum / n : NAN; }

/* Step 2: the playouts, then the figures.  Returns 0 when cancelled or
 * failed. */
static int an_playouts(an_worker *w, const kt_state *s, uint64_t dseed, kt_analysis_move *m)
{
    kt_analysis *a = w->a;
    kt_action cand[2] = {m->best, m->played};
    int nc = m->has_played && m->played != m->best ? 2 : 1;
    an_sums sum;
    memset(&sum, 0, sizeof sum);
    double deadline = a->o.time_ms > 0 ? now_s() + (double)a->o.time_ms * 0.5e-3 : 0;
    long long most = a->o.time_ms > 0 && !a->o.worlds_set ? (1LL << 40) : a->o.worlds;
    for (long long j = 0; j < most; j++) {
        if (is_cancelled(a))
            return 0;
        if (deadline > 0 && sum.worlds >= 2 && now_s() >= deadline)
            break;
        int r = one_world(w, s, cand, nc, kt_seed_derive(dseed, 1000 + (uint64_t)j), &sum);
        if (r < 0)
            return 0;
        m->simulations += nc;
        atomic_fetch_add(&a->sims, nc);
    }
    int k = sum.worlds;
    if (k == 0) {
        w->st = kt_seterr(&w->err, KT_EINTERNAL,
                          "analysis of action %d: the actions were legal in no sampled world",
                          m->index);
        return 0;
    }
    /* index 0 = preferred, 1 = played (the same when nc == 1) */
    m->worlds = k;
    m->win_best = sum.r[0] / k;
    m->score_best = sum.ended[0] == k ? sum.score[0] / k : NAN;
    m->place_best = sum.ended[0] == k ? sum.place[0] / k : NAN;
    m->alone_best = sum.ended[0] == k ? mean_or_nan(sum.alone[0], k) : NAN;
    if (!m->has_played) {
        m->win_played = m->loss = m->loss_se = m->score_played = m->place_played =
            m->alone_played = NAN;
        m->win_before = m->win_best;
        return 1;
    }
    m->win_played = sum.r[1] / k;
    m->score_played = sum.ended[1] == k ? sum.score[1] / k : NAN;
    m->place_played = sum.ended[1] == k ? sum.place[1] / k : NAN;
    m->alone_played = sum.ended[1] == k ? mean_or_nan(sum.alone[1], k) : NAN;
    m->win_before = m->win_best > m->win_played ? m->win_best : m->win_played;
    m->loss = sum.d / k;
    double var = k > 1 ? (sum.d2 - sum.d * sum.d / k) / (k - 1) : 0;
    m->loss_se = var > 0 ? sqrt(var / k) : 0;
    m->severity = KT_MOVE_OK;
    if (m->loss > a->o.z * m->loss_se)
        for (int sv = KT_MOVE_BLUNDER; sv > KT_MOVE_OK; sv--)
            if (m->loss >= an_limit[sv] - 1e-12) {
                m->severity = sv;
                break;
            }
    return 1;
}

/* Analyse decision i into a copy; published only when complete. */
static void analyse_one(an_worker *w, int i)
{
    kt_analysis *a = w->a;
    const kt_state *s = kt_analysis_position(a, i);
    kt_analysis_move m = a->mv[i];
    m.simulations = 0;
    uint64_t dseed = kt_seed_derive(a->o.seed, (uint64_t)m.index);
    if (!an_search(w, s, dseed, &m) || !an_playouts(w, s, dseed, &m))
        return;
    m.done = 1;
    pthread_mutex_lock(&a->mu);
    a->mv[i] = m;
    atomic_fetch_add(&a->ndone, 1);
    pthread_cond_broadcast(&a->cv);
    pthread_mutex_unlock(&a->mu);
}

/* ------------------------------------------------------------ run */

static void worker_loop(an_worker *w)
{
    kt_analysis *a = w->a;
    for (;;) {
        if (is_cancelled(a))
            break;
        int i = atomic_fetch_add(&a->next, 1);
        if (i >= a->n)
            break;
        if (a->mv[i].done)
            continue;
        analyse_one(w, i);
        if (w->st != KT_OK) {
            atomic_store(&a->cancel, 1); /* the others stop too */
            kt_analysis_cancel(a);
            break;
        }
    }
}

static void *worker_main(void *arg)
{
    an_worker *w = arg;
    worker_loop(w);
    pthread_mutex_lock(&w->a->mu);
    w->started = 2; /* finished */
    pthread_cond_broadcast(&w->a->cv);
    pthread_mutex_unlock(&w->a->mu);
    return NULL;
}

/* The workers are published and withdrawn under mu: kt_analysis_cancel
 * may look at them from another thread at any time. */
static void workers_free(kt_analysis *a)
{
    pthread_mutex_lock(&a->mu);
    an_worker *w = a->w;
    int n = a->nw;
    a->w = NULL;
    a->nw = 0;
    pthread_mutex_unlock(&a->mu);
    for (int t = 0; t < n; t++) {
        kt_state_free(a->g, w[t].base);
        kt_state_free(a->g, w[t].world);
        kt_bot_free(w[t].pol);
    }
    kt_mem_free(&a->g->alloc, w, sizeof *w * (size_t)n);
}

static kt_status workers_new(kt_analysis *a, int n, kt_err *err)
{
    an_worker *w = kt_mem_zalloc(&a->g->alloc, sizeof *w * (size_t)n);
    if (!w)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    pthread_mutex_lock(&a->mu);
    a->w = w;
    a->nw = n;
    pthread_mutex_unlock(&a->mu);
    for (int t = 0; t < n; t++) {
        w[t].a = a;
        w[t].base = kt_state_new(a->g);
        w[t].world = kt_state_new(a->g);
        if (!w[t].base || !w[t].world)
            return kt_seterr(err, KT_ENOMEM, "out of memory");
    }
    return KT_OK;
}

static int progress_now(kt_analysis *a, kt_analysis_cb cb, void *ud)
{
    if (!cb)
        return 0;
    kt_analysis_progress p;
    kt_analysis_progress_get(a, &p);
    return cb(ud, &p);
}

/* threads > 1: the workers run; this thread reports progress after each
 * decision until every worker has finished. */
static void run_threads(kt_analysis *a, kt_analysis_cb cb, void *ud, kt_err *err)
{
    int started = 0;
    for (int t = 0; t < a->nw; t++) {
        a->w[t].started = 1; /* before the thread can set it to 2 */
        if (pthread_create(&a->w[t].th, NULL, worker_main, &a->w[t]) != 0) {
            a->w[t].started = 0;
            a->w[t].st = kt_seterr(&a->w[t].err, KT_ENOMEM, "cannot start analysis thread %d",
                                   t + 1);
            kt_analysis_cancel(a);
            break;
        }
        started++;
    }
    int seen = 0;
    pthread_mutex_lock(&a->mu);
    for (;;) {
        int live = 0;
        for (int t = 0; t < started; t++)
            live += a->w[t].started == 1;
        int nd = atomic_load(&a->ndone);
        if (nd != seen && cb) {
            seen = nd;
            pthread_mutex_unlock(&a->mu);
            if (progress_now(a, cb, ud))
                kt_analysis_cancel(a);
            pthread_mutex_lock(&a->mu);
            continue;
        }
        if (!live)
            break;
        pthread_cond_wait(&a->cv, &a->mu);
    }
    pthread_mutex_unlock(&a->mu);
    for (int t = 0; t < started; t++)
        pthread_join(a->w[t].th, NULL);
    (void)err;
}

kt_status kt_analysis_run(kt_analysis *a, kt_analysis_cb cb, void *ud, kt_err *err)
{
    int todo = 0;
    for (int i = 0; i < a->n; i++)
        todo += !a->mv[i].done;
    int nt = a->o.threads < todo ? a->o.threads : todo;
    if (nt < 1)
        nt = 1;
    atomic_store(&a->next, 0);
    atomic_store(&a->cancelled, 0);
    atomic_store(&a->running, 1);
    kt_status st = workers_new(a, nt, err);
    if (st == KT_OK && nt == 1) {
        an_worker *w = &a->w[0];
        for (int i = 0; i < a->n && !is_cancelled(a); i++) {
            if (a->mv[i].done)
                continue;
            analyse_one(w, i);
            if (w->st != KT_OK)
                break;
            if (a->mv[i].done && progress_now(a, cb, ud))
                kt_analysis_cancel(a);
        }
    } else if (st == KT_OK) {
        run_threads(a, cb, ud, err);
    }
    for (int t = 0; st == KT_OK && t < a->nw; t++)
        if (a->w[t].st != KT_OK) {
            st = a->w[t].st;
            if (err)
                *err = a->w[t].err;
        }
    workers_free(a);
    int left = 0;
    for (int i = 0; i < a->n; i++)
        left += !a->mv[i].done;
    atomic_store(&a->cancelled, left > 0);
    atomic_store(&a->cancel, 0); /* a cancel ends one run */
    atomic_store(&a->running, 0);
    return st;
}

void kt_analysis_cancel(kt_analysis *a)
{
    if (!a)
        return;
    atomic_store(&a->cancel, 1);
    pthread_mutex_lock(&a->mu);
    for (int t = 0; t < a->nw; t++)
        if (a->w[t].search)
            kt_bot_cancel(a->w[t].search);
    pthread_mutex_unlock(&a->mu);
}

void kt_analysis_progress_get(const kt_analysis *a, kt_analysis_progress *out)
{
    kt_analysis *m = (kt_analysis *)a; /* atomics are read, not changed */
    memset(out, 0, sizeof *out);
    out->decisions = a->n;
    out->done = atomic_load(&m->ndone);
    out->simulations = atomic_load(&m->sims);
    /* and the searches running now, so that a long one shows progress */
    pthread_mutex_lock(&m->mu);
    for (int t = 0; t < m->nw; t++) {
        if (m->w[t].search) {
            kt_bot_progress bp;
            kt_bot_progress_get(m->w[t].search, &bp);
            out->simulations += bp.simulations;
        }
    }
    pthread_mutex_unlock(&m->mu);
    out->running = atomic_load(&m->running);
    out->cancelled = atomic_load(&m->cancelled);
}

/* ------------------------------------------------------------ results */

int kt_analysis_seat(const kt_analysis *a) { return a->seat; }
const char *kt_analysis_options_text(const kt_analysis *a) { return a->canon.p ? a->canon.p : ""; }
int kt_analysis_count(const kt_analysis *a) { return a->n; }
int kt_analysis_forced(const kt_analysis *a) { return a->forced; }

const kt_analysis_move *kt_analysis_move_at(const kt_analysis *a, int i)
{
    return i >= 0 && i < a->n ? &a->mv[i] : NULL;
}

const kt_state *kt_analysis_position(const kt_analysis *a, int i)
{
    if (i < 0 || i >= a->n)
        return NULL;
    return (const kt_state *)(const void *)(a->pos + kt_state_size(a->g) * (size_t)i);
}

/* The done decisions, costliest first (by loss, then the earlier). */
typedef struct an_rank {
    double loss;
    int i;
} an_rank;

static int rank_cmp(const void *x, const void *y)
{
    const an_rank *p = x, *q = y;
    if (p->loss != q->loss)
        return p->loss > q->loss ? -1 : 1;
    return (p->i > q->i) - (p->i < q->i);
}

/* Fills out (room for a->n) and returns how many; -1 when out of memory. */
static int rank_all(const kt_analysis *a, int *out)
{
    const size_t rsize = sizeof(an_rank) * (size_t)(a->n ? a->n : 1);
    an_rank *r = kt_mem_alloc(&a->g->alloc, rsize);
    if (!r)
        return -1;
    int m = 0;
    for (int i = 0; i < a->n; i++)
        if (a->mv[i].done)
            r[m].loss = a->mv[i].has_played ? a->mv[i].loss : 0, r[m++].i = i;
    qsort(r, (size_t)m, sizeof *r, rank_cmp);
    for (int k = 0; k < m; k++)
        out[k] = r[k].i;
    kt_mem_free(&a->g->alloc, r, rsize);
    return m;
}

int kt_analysis_ranked(const kt_analysis *a, int k)
{
    const size_t osize = sizeof(int) * (size_t)(a->n ? a->n : 1);
    int *order = kt_mem_alloc(&a->g->alloc, osize);
    if (!order)
        return -1;
    int m = rank_all(a, order), r = k >= 0 && k < m ? order[k] : -1;
    kt_mem_free(&a->g->alloc, order, osize);
    return r;
}

/* ------------------------------------------------------------ JSON */

static const char *const severity_name[] = {"", "inaccuracy", "mistake", "blunder"};

static void json_action(kt_jw *w, const kt_analysis *a, const kt_state *s, const char *key,
                        kt_action act, int lang)
{
    char t[256];
    kt_action_text_as(a->g, s, a->seat, act, a->seat, lang, t, sizeof t);
    kt_jw_kstr(w, key, t);
    char idk[32];
    snprintf(idk, sizeof idk, "%s_id", key);
    kt_jw_kint(w, idk, act);
}

static void json_move(kt_jw *w, const kt_analysis *a, int i, int lang)
{
    const kt_analysis_move *m = &a->mv[i];
    const kt_state *s = kt_analysis_position(a, i);
    kt_jw_obj(w);
    kt_jw_kint(w, "n", m->index);
    kt_jw_kint(w, "turn", m->turn);
    kt_jw_kstr(w, "decision", kt_decision(a->g, s));
    char *prompt = kt_prompt_as(a->g, s, a->seat, lang);
    kt_jw_kstr(w, "prompt", prompt ? prompt : "");
    kt_free(prompt);
    kt_jw_kint(w, "legal", m->legal);
    kt_jw_kbool(w, "analysed", m->done);
    if (m->has_played)
        json_action(w, a, s, "played", m->played, lang);
    if (m->done) {
        json_action(w, a, s, "best", m->best, lang);
        kt_jw_kbool(w, "agrees", m->has_played && m->best == m->played);
        kt_jw_knum(w, "win_before", m->win_before);
        kt_jw_knum(w, "win_after", m->win_played);
        kt_jw_knum(w, "win_best", m->win_best);
        kt_jw_knum(w, "loss", m->loss);
        kt_jw_knum(w, "loss_se", m->loss_se);
        kt_jw_kstr(w, "severity", m->has_played ? severity_name[m->severity] : "");
        kt_jw_knum(w, "score_after", m->score_played);
        kt_jw_knum(w, "score_best", m->score_best);
        kt_jw_knum(w, "place_after", m->place_played);
        kt_jw_knum(w, "place_best", m->place_best);
        kt_jw_knum(w, "alone_after", m->alone_played);
        kt_jw_knum(w, "alone_best", m->alone_best);
        kt_jw_kint(w, "worlds", m->worlds);
        kt_jw_kint(w, "simulations", m->simulations);
    }
    kt_jw_obj_end(w);
}

static void json_result(kt_jw *w, const kt_analysis *a)
{
    const kt_result *r = &a->result;
    kt_jw_key(w, "result");
    kt_jw_obj(w);
    kt_jw_kbool(w, "finished", r->finished);
    kt_jw_key(w, "scores");
    kt_jw_arr(w);
    for (int p = 0; p < r->nplayers; p++)
        kt_jw_num(w, r->score[p]);
    kt_jw_arr_end(w);
    kt_jw_key(w, "winners");
    kt_jw_arr(w);
    for (int p = 0; p < r->nplayers; p++)
        if ((r->winners >> p) & 1u)
            kt_jw_int(w, p);
    kt_jw_arr_end(w);
    kt_jw_kint(w, "place", r->rank[a->seat] + 1);
    kt_jw_knum(w, "win", r->reward[a->seat]);
    kt_jw_kint(w, "turns", r->turns);
    kt_jw_obj_end(w);
}

/* Counts per severity and the mean loss (losses below zero count as 0). */
static void json_summary(kt_jw *w, const kt_analysis *a)
{
    int count[4] = {0, 0, 0, 0}, judged = 0;
    double sum = 0;
    for (int i = 0; i < a->n; i++) {
        const kt_analysis_move *m = &a->mv[i];
        if (!m->done || !m->has_played)
            continue;
        count[m->severity]++;
        judged++;
        sum += m->loss > 0 ? m->loss : 0;
    }
    kt_jw_key(w, "summary");
    kt_jw_obj(w);
    kt_jw_kint(w, "inaccuracies", count[KT_MOVE_INACCURACY]);
    kt_jw_kint(w, "mistakes", count[KT_MOVE_MISTAKE]);
    kt_jw_kint(w, "blunders", count[KT_MOVE_BLUNDER]);
    kt_jw_knum(w, "mean_loss", judged ? sum / judged : 0);
    kt_jw_obj_end(w);
}

char *kt_analysis_json(const kt_analysis *a, int lang)
{
    const size_t osize = sizeof(int) * (size_t)(a->n ? a->n : 1);
    int *order = kt_mem_alloc(&a->g->alloc, osize);
    if (!order)
        return NULL;
    int nr = rank_all(a, order), done = 0;
    for (int i = 0; i < a->n; i++)
        done += a->mv[i].done;
    kt_buf b;
    kt_buf_init_alloc(&b, &a->g->alloc);
    kt_jw w;
    kt_jw_init(&w, &b);
    kt_jw_obj(&w);
    kt_jw_kint(&w, "kontor_analysis", 1);
    kt_jw_kstr(&w, "game", kt_game_name(a->g));
    kt_jw_kint(&w, "players", kt_game_players(a->g));
    kt_jw_kint(&w, "seat", a->seat);
    kt_jw_kstr(&w, "options", kt_analysis_options_text(a));
    kt_jw_kbool(&w, "reproducible", a->o.time_ms == 0);
    kt_jw_kbool(&w, "complete", done == a->n);
    kt_jw_kint(&w, "decisions", a->n + a->forced);
    kt_jw_kint(&w, "analysed", done);
    kt_jw_kint(&w, "forced", a->forced);
    long long sims = 0; /* of the analysed decisions: a cancelled one's work is not counted */
    for (int i = 0; i < a->n; i++)
        sims += a->mv[i].done ? a->mv[i].simulations : 0;
    kt_jw_kint(&w, "simulations", sims);
    kt_jw_key(&w, "limits");
    kt_jw_obj(&w);
    for (int sv = KT_MOVE_INACCURACY; sv <= KT_MOVE_BLUNDER; sv++)
        kt_jw_knum(&w, severity_name[sv], an_limit[sv]);
    kt_jw_knum(&w, "z", a->o.z);
    kt_jw_obj_end(&w);
    if (a->have_result)
        json_result(&w, a);
    json_summary(&w, a);
    kt_jw_key(&w, "moves");
    kt_jw_arr(&w);
    for (int i = 0; i < a->n; i++)
        json_move(&w, a, i, lang);
    kt_jw_arr_end(&w);
    kt_jw_key(&w, "ranking");
    kt_jw_arr(&w);
    for (int k = 0; k < nr; k++)
        kt_jw_int(&w, order[k]);
    kt_jw_arr_end(&w);
    kt_jw_obj_end(&w);
    kt_mem_free(&a->g->alloc, order, osize);
    return kt_str_take(&b);
}
