/*
 * runner.c - experiments: setup, schedule, the multi-threaded game loop,
 * JSON round trip of results and merging of shards (see runner.h).
 *
 * Threads share one atomic "next game" counter; each has its own counters
 * (rn_counts per lineup, a length histogram, decision timing) and its own
 * state block, added up in thread order when all are done.  The calling
 * thread draws the progress bar.  A bot error stops the run; the error of
 * the lowest game index is reported, so the message does not depend on
 * thread timing.
 */
#include "runner.h"

#include <assert.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "rows.h"
#include "stats.h"

/* ------------------------------------------------------------ setup */

static const kt_gameinfo *registry_find(const void *ctx, const char *name)
{
    (void)ctx;
    return kt_game_find(name);
}

static kt_status registry_study(const void *ctx, const char *name, const char *options,
                                char **out, char **added, kt_err *err)
{
    (void)ctx;
    return kt_options_for_study(name, options, NULL, out, added, err);
}

static kt_status registry_make(const void *ctx, const char *name, const char *options,
                               int players, uint64_t seed, kt_game **out, kt_err *err)
{
    (void)ctx;
    return kt_game_new(name, options, players, seed, NULL, out, err);
}

const rn_games *rn_registry(void)
{
    static const rn_games registry = {
        .ctx = NULL, .find = registry_find, .study = registry_study, .make = registry_make};
    return &registry;
}

/* Does the configuration depend on its seed?  Configurations made from the
 * same options with other seeds start games from one state seed: if their
 * canonical options or start positions differ, setup draws something (a
 * random kingdom, a variable board).  Three other seeds make a miss (the
 * same draw three times, e.g. a Trait placed on the same one of ten piles)
 * unlikely. */
static int seed_matters(const rn_exp *e, const kt_game *g0, const char *options, int players,
                        uint64_t seed)
{
    size_t n = kt_state_size(g0);
    kt_state *a = malloc(n), *b = malloc(n);
    int differ = 0;
    for (uint64_t i = 1; a && b && i <= 3 && !differ; i++) {
        kt_game *g;
        uint64_t s2 = kt_seed_mix(seed, 0x5e7u + i);
        if (e->source->make(e->source->ctx, e->game, options, players, s2, &g, NULL) != KT_OK)
            break; /* the options were accepted once; say nothing new */
        differ = strcmp(kt_game_options(g), kt_game_options(g0)) != 0 ||
                 kt_state_size(g) != n;
        if (!differ) {
            kt_state_init_seed(g0, a, 1);
            kt_state_init_seed(g, b, 1);
            differ = memcmp(a, b, n) != 0;
        }
        kt_game_free(g);
    }
    free(a);
    free(b);
    return differ;
}

void rn_study_text(const rn_exp *e, kt_buf *out)
{
    if (e->study && *e->study)
        kt_buf_printf(out, "study options: %s (bounds the rules leave open, set for studies; "
                           "give the option to choose another value)\n",
                      e->study);
}

int rn_exp_init(rn_exp *e, int kind, const rn_games *games, const char *name, const char *given,
                int players, uint64_t seed, int setup, kt_err *err)
{
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->source = games ? games : rn_registry();
    e->info = e->source->find(e->source->ctx, name);
    if (!e->info)
        return kt_seterr(err, KT_EUNKNOWN, "unknown game '%s'", name), -1;
    e->game = strdup(e->info->name);
    if (!e->game)
        return kt_seterr(err, KT_ENOMEM, "out of memory"), -1;
    char *options = NULL, *study = NULL;
    if (e->source->study(e->source->ctx, e->game, given, &options, &study, err) != KT_OK) {
        rn_exp_free(e);
        return -1;
    }
    /* e->study is plain malloc memory (a loaded file replaces it) */
    e->study = strdup(study ? study : "");
    kt_free(study);
    if (!e->study) {
        kt_free(options);
        kt_seterr(err, KT_ENOMEM, "out of memory");
        rn_exp_free(e);
        return -1;
    }
    if (e->source->make(e->source->ctx, e->game, options, players, seed, &e->g, err) != KT_OK) {
        kt_free(options);
        rn_exp_free(e);
        return -1;
    }
    e->players = kt_game_players(e->g);
    e->seed = seed;
    e->seeded = seed_matters(e, e->g, options, e->players, seed);
    e->fresh = e->seeded && setup != RN_SETUP_FIXED;
    e->options = strdup(e->fresh ? options : kt_game_options(e->g));
    kt_free(options);
    if (!e->options) {
        kt_seterr(err, KT_ENOMEM, "out of memory");
        rn_exp_free(e);
        return -1;
    }
    return 0;
}

void rn_exp_free(rn_exp *e)
{
    kt_game_free(e->g);
    free(e->game);
    free(e->options);
    free(e->study);
    for (int i = 0; i < e->nentries; i++) {
        free(e->entries[i]);
        free(e->specs[i]);
        free(e->labels[i]);
        free(e->bspec[i]);
    }
    free(e->lineup);
    memset(e, 0, sizeof *e);
}

/* An example for the advice to a bot that cannot play every fresh setup. */
static const char *setup_hint(const rn_exp *e)
{
    return !strcmp(e->game, "dominion") ? " (e.g. --kingdom Smithy draws kingdoms around Smithy)"
                                        : "";
}

/* Resolve entry i's bot spec once (kt_bot_spec: level names replaced), so
 * that the bot of every game is made from the same spec (make_bot). */
static int resolve_bot(rn_exp *e, int i, const kt_bot *b, kt_err *err)
{
    e->bspec[i] = strdup(kt_bot_spec(b));
    if (!e->bspec[i])
        return kt_seterr(err, KT_ENOMEM, "out of memory"), -1;
    return 0;
}

int rn_add_entry(rn_exp *e, const char *label, const char *what, kt_err *err)
{
    if (e->nentries >= RN_MAX_ENTRIES) {
        kt_seterr(err, KT_EINVAL, "%s: at most %d bots", what, RN_MAX_ENTRIES);
        return -1;
    }
    const char *spec = strncmp(label, "bot:", 4) == 0 ? label + 4 : label;
    if (!strcmp(label, "human") || !strncmp(label, "human:", 6)) {
        kt_seterr(err, KT_EINVAL, "%s: '%s' is not a bot; simulations play bots only (bot:NAME)",
                  what, label);
        return -1;
    }
    kt_bot *b;
    kt_err e2 = {KT_OK, ""};
    if (kt_bot_new(e->g, spec, 0, &b, &e2) != KT_OK) {
        if (e->fresh)
            kt_seterr(err, e2.code,
                      "%s '%s' cannot play every setup, and a new one is drawn for every game "
                      "(--setup fresh): give the options the bot needs%s.  %s",
                      what, label, setup_hint(e), e2.msg);
        else
            kt_seterr(err, e2.code, "%s '%s': %s", what, label, e2.msg);
        return -1;
    }
    int i = e->nentries;
    e->entries[i] = strdup(label);
    e->specs[i] = strdup(spec);
    e->nentries++; /* from here rn_exp_free releases what the entry holds */
    int rc = resolve_bot(e, i, b, err);
    kt_bot_free(b);
    if (!rc && (!e->entries[i] || !e->specs[i]))
        rc = -1, kt_seterr(err, KT_ENOMEM, "out of memory");
    return rc;
}

int rn_set_labels(rn_exp *e)
{
    for (int i = 0; i < e->nentries; i++) {
        int nth = 0, copies = 0;
        for (int j = 0; j < e->nentries; j++) {
            int same = strcmp(e->entries[j], e->entries[i]) == 0;
            copies += same;
            nth += same && j <= i;
        }
        size_t n = strlen(e->entries[i]) + 16;
        free(e->labels[i]);
        e->labels[i] = malloc(n);
        if (!e->labels[i])
            return -1;
        if (copies > 1)
            snprintf(e->labels[i], n, "%s#%d", e->entries[i], nth);
        else
            snprintf(e->labels[i], n, "%s", e->entries[i]);
    }
    return 0;
}

uint64_t rn_game_seed(const rn_exp *e, uint64_t k) { return kt_seed_mix(e->seed, k); }

void rn_setup_line(const rn_exp *e, kt_buf *b)
{
    if (e->fresh)
        kt_buf_puts(b, "setup: a new one for every game, drawn from the game's seed (--setup "
                       "fixed: one for all games)\n");
    else if (e->seeded)
        kt_buf_printf(b, "setup: one for all games, drawn from seed %llu (--setup fresh: a new "
                         "one for every game)\n",
                      (unsigned long long)e->seed);
}

kt_status rn_game_config(const rn_exp *e, uint64_t k, kt_game **own, const kt_game **g,
                         kt_err *err)
{
    *own = NULL;
    *g = e->g;
    if (!e->fresh)
        return KT_OK;
    kt_status st = e->source->make(e->source->ctx, e->game, e->options, e->players,
                                  rn_game_seed(e, k), own, err);
    *g = *own;
    return st;
}

/* Make the bot of entry `ent` for one game (see resolve_bot). */
static kt_status make_bot(const rn_exp *e, int ent, const kt_game *g, uint64_t seed, kt_bot **b,
                          kt_err *err)
{
    return kt_bot_new(g, e->bspec[ent], seed, b, err);
}

static void drop_bot(kt_bot **b)
{
    kt_bot_free(*b);
    *b = NULL;
}

/* How many of the first games' setups rn_ready tries every bot on. */
#define RN_SETUP_PROBES 16

int rn_ready(rn_exp *e, const char *what, kt_err *err)
{
    if (rn_set_labels(e) != 0)
        return kt_seterr(err, KT_ENOMEM, "out of memory"), -1;
    if (e->cards && !kt_stats_info_of(e->game))
        return kt_seterr(err, KT_EINVAL, "--cards: %s has no component statistics", e->game),
               -1;
    for (uint64_t k = 0; e->fresh && k < e->games && k < RN_SETUP_PROBES; k++) {
        kt_game *own;
        const kt_game *g;
        kt_err e2 = {KT_OK, ""};
        if (rn_game_config(e, k, &own, &g, &e2) != KT_OK)
            return kt_seterr(err, e2.code, "the setup of game %llu (seed %llu): %s",
                             (unsigned long long)k, (unsigned long long)rn_game_seed(e, k),
                             e2.msg),
                   -1;
        for (int i = 0; i < e->nentries; i++) {
            kt_bot *b;
            if (make_bot(e, i, g, 0, &b, &e2) != KT_OK) {
                /* the advice first: the details may be cut at KT_ERRLEN */
                kt_seterr(err, e2.code,
                          "%s '%s' cannot play every setup, and a new one is drawn for every "
                          "game (--setup fresh): give the options the bot needs%s.  Game %llu "
                          "(seed %llu): %s",
                          what, e->entries[i], setup_hint(e), (unsigned long long)k,
                          (unsigned long long)rn_game_seed(e, k), e2.msg);
                kt_game_free(own);
                return -1;
            }
            drop_bot(&b);
        }
        kt_game_free(own);
    }
    return 0;
}

int rn_sim_lineups(rn_exp *e, uint64_t games, int fixed, kt_err *err)
{
    int np = e->players;
    if (e->nentries != np) {
        kt_seterr(err, KT_EINVAL, "%d seats given for %d players", e->nentries, np);
        return -1;
    }
    e->fixed_seats = fixed;
    e->nlineups = fixed || np == 1 ? 1 : np;
    e->lineup = calloc((size_t)e->nlineups, sizeof *e->lineup);
    if (!e->lineup) {
        kt_seterr(err, KT_ENOMEM, "out of memory");
        return -1;
    }
    /* rotation r: position p is taken by entry (p + r) mod players */
    for (int r = 0; r < e->nlineups; r++)
        for (int p = 0; p < np; p++)
            e->lineup[r][p] = (uint8_t)((p + r) % np);
    e->games = games;
    return 0;
}

static int next_permutation(uint8_t *a, int n)
{
    int i = n - 2;
    while (i >= 0 && a[i] >= a[i + 1])
        i--;
    if (i < 0)
        return 0;
    int j = n - 1;
    while (a[j] <= a[i])
        j--;
    uint8_t t = a[i];
    a[i] = a[j];
    a[j] = t;
    for (int l = i + 1, r = n - 1; l < r; l++, r--) {
        t = a[l];
        a[l] = a[r];
        a[r] = t;
    }
    return 1;
}

int rn_tournament_lineups(rn_exp *e, uint64_t per_matchup, kt_err *err)
{
    int nb = e->nentries, np = e->players;
    if (nb < 2 || nb < np) {
        kt_seterr(err, KT_EINVAL,
                  "a tournament of %d-player games needs at least %d different bots (got %d)",
                  np, np < 2 ? 2 : np, nb);
        return -1;
    }
    /* C(nb, np) matchups of np! seatings each */
    double combos = 1, perms = 1;
    for (int i = 0; i < np; i++) {
        combos = combos * (nb - i) / (i + 1);
        perms *= i + 1;
    }
    if (combos * perms > RN_MAX_LINEUPS) {
        kt_seterr(err, KT_EINVAL, "%d bots in %d-player games give %.0f seatings; at most %d",
                  nb, np, combos * perms, RN_MAX_LINEUPS);
        return -1;
    }
    if ((double)per_matchup * combos > 1e15) {
        kt_seterr(err, KT_EINVAL, "too many games");
        return -1;
    }
    e->nperms = (int)perms;
    e->nlineups = (int)(combos * perms);
    e->per_matchup = per_matchup;
    e->games = per_matchup * (uint64_t)combos;
    e->lineup = calloc((size_t)e->nlineups, sizeof *e->lineup);
    if (!e->lineup) {
        kt_seterr(err, KT_ENOMEM, "out of memory");
        return -1;
    }
    uint8_t idx[KT_MAX_PLAYERS], perm[KT_MAX_PLAYERS];
    for (int i = 0; i < np; i++)
        idx[i] = (uint8_t)i;
    int l = 0;
    for (;;) {
        memcpy(perm, idx, (size_t)np);
        do
            memcpy(e->lineup[l++], perm, (size_t)np);
        while (next_permutation(perm, np));
        /* next combination in lexicographic order */
        int i = np - 1;
        while (i >= 0 && idx[i] == nb - np + i)
            i--;
        if (i < 0)
            break;
        idx[i]++;
        for (int k = i + 1; k < np; k++)
            idx[k] = (uint8_t)(idx[k - 1] + 1);
    }
    assert(l == e->nlineups);
    return 0;
}

int rn_lineup_of(const rn_exp *e, uint64_t k)
{
    if (e->kind == RN_TOURNAMENT)
        return (int)((k / e->per_matchup) * (uint64_t)e->nperms +
                     (k % e->per_matchup) % (uint64_t)e->nperms);
    return (int)(k % (uint64_t)e->nlineups);
}

void rn_range(const rn_exp *e, uint64_t *lo, uint64_t *hi)
{
    if (e->shard_n <= 0) {
        *lo = 0;
        *hi = e->games;
        return;
    }
    /* games * i / n without overflow for any realistic size */
    long double g = (long double)e->games;
    *lo = (uint64_t)(g * (e->shard_i - 1) / e->shard_n);
    *hi = (uint64_t)(g * e->shard_i / e->shard_n);
}

int rn_parse_shard(rn_exp *e, const char *text, kt_err *err)
{
    long long i, n;
    char a[32], b[32];
    const char *slash = text ? strchr(text, '/') : NULL;
    if (!slash || (size_t)(slash - text) >= sizeof a || strlen(slash + 1) >= sizeof b) {
        kt_seterr(err, KT_EINVAL, "--shard needs I/N, e.g. --shard 3/16");
        return -1;
    }
    memcpy(a, text, (size_t)(slash - text));
    a[slash - text] = '\0';
    snprintf(b, sizeof b, "%s", slash + 1);
    if (!cli_parse_int(b, 1, 1000000, &n) || !cli_parse_int(a, 1, n, &i)) {
        kt_seterr(err, KT_EINVAL,
                  "--shard %s: I/N needs 1 <= I <= N <= 1000000 (shards are numbered from 1)",
                  text);
        return -1;
    }
    e->shard_i = (int)i;
    e->shard_n = (int)n;
    return 0;
}

int rn_default_threads(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 256 ? 256 : (int)n;
}

void rn_human(double v, char *out, size_t cap)
{
    if (v >= 1e9)
        snprintf(out, cap, "%.2fG", v / 1e9);
    else if (v >= 1e6)
        snprintf(out, cap, "%.2fM", v / 1e6);
    else if (v >= 1e4)
        snprintf(out, cap, "%.1fk", v / 1e3);
    else if (v >= 100)
        snprintf(out, cap, "%.0f", v);
    else
        snprintf(out, cap, "%.3g", v);
}

rn_msbuf rn_ms_text(double ms)
{
    rn_msbuf b;
    snprintf(b.s, sizeof b.s, ms >= 10 ? "%.1f" : ms >= 0.1 ? "%.3f" : "%.5f", ms);
    return b;
}

/* ------------------------------------------------------------ results */

int rn_result_alloc(const rn_exp *e, rn_result *r)
{
    memset(r, 0, sizeof *r);
    r->cards.info = kt_stats_info_of(e->game);
    r->c = calloc((size_t)e->nlineups, sizeof *r->c);
    return r->c ? 0 : -1;
}

void rn_result_free(rn_result *r)
{
    free(r->c);
    free(r->hist);
    cs_free(&r->cards);
    memset(r, 0, sizeof *r);
}

static int hist_add(uint64_t **hist, uint32_t *n, uint32_t t, uint64_t count)
{
    if (t >= *n) {
        uint32_t cap = *n ? *n : 64;
        while (cap <= t)
            cap *= 2;
        uint64_t *h = realloc(*hist, sizeof *h * cap);
        if (!h)
            return -1;
        memset(h + *n, 0, sizeof *h * (cap - *n));
        *hist = h;
        *n = cap;
    }
    (*hist)[t] += count;
    return 0;
}

static void counts_add(rn_counts *a, const rn_counts *b)
{
    a->games += b->games;
    a->finished += b->finished;
    a->actions += b->actions;
    a->tied += b->tied;
    a->turns += b->turns;
    a->turns_sq += b->turns_sq;
    for (int p = 0; p < KT_MAX_PLAYERS; p++) {
        a->sole[p] += b->sole[p];
        a->shared[p] += b->shared[p];
        a->score_milli[p] += b->score_milli[p];
        for (int q = 0; q < KT_MAX_PLAYERS; q++)
            a->beat[p][q] += b->beat[p][q];
    }
}

/* ------------------------------------------------------------ running */

typedef struct rn_shared {
    const rn_exp *e;
    uint64_t lo, hi;
    atomic_ullong next, done;
    atomic_int stop;
    int rows_fmt; /* RW_CSV / RW_JSONL, or RW_NONE */
} rn_shared;

typedef struct rn_worker {
    rn_shared *sh;
    rn_result r;
    kt_state *s;
    size_t scap;
    int s_used; /* s holds a state the engine wrote (kt_state_restart may read it) */
    kt_status st;
    kt_err err;
    uint64_t err_game;
    /* decision timing (timed_choose): decisions of each entry until its next
     * timed one, and how many that one stands for */
    uint32_t tick[RN_MAX_ENTRIES], stride[RN_MAX_ENTRIES];
    kt_bot *bots[KT_MAX_PLAYERS];
    /* bots[p] is alive between games when held[p]: with one configuration
     * for all games, a bot is kept and re-seeded (kt_bot_reseed) for the
     * next game that seats the same spec there (seats rotate) instead of
     * being freed and made again, where it can be */
    int held[KT_MAX_PLAYERS];
    int bent[KT_MAX_PLAYERS]; /* the entry bots[p] was made for (its spec) */
    FILE *rows;     /* this worker's rows in game order (a temporary file) */
    rw_line line;
    cs_worker *cards;
    pthread_t th;
} rn_worker;

/* A score in thousandths, as llround(x * 1000) gives it; whole-number
 * scores (all games' usual case) without the library call, which was a
 * tenth of the simulator's own cost per Big Money game. */
static long long milli(double x)
{
    if (x >= -1e12 && x <= 1e12) {
        long long i = (long long)x;
        if ((double)i == x)
            return i * 1000;
    }
    return llround(x * 1000.0);
}

static void record(const rn_exp *e, rn_worker *w, int l, uint64_t actions, const kt_result *res)
{
    rn_counts *c = &w->r.c[l];
    c->games++;
    c->actions += actions;
    if (!res->finished)
        return; /* stopped by a turn limit: never a win */
    c->finished++;
    int np = e->players, k = 0;
    for (int p = 0; p < np; p++)
        k += (int)((res->winners >> p) & 1u);
    c->tied += k > 1;
    for (int p = 0; p < np; p++) {
        if ((res->winners >> p) & 1u)
            (k == 1 ? c->sole : c->shared)[p]++;
        for (int q = 0; q < np; q++)
            c->beat[p][q] += res->rank[p] < res->rank[q];
        c->score_milli[p] += milli(res->score[p]);
    }
    c->turns += res->turns;
    c->turns_sq += (uint64_t)res->turns * res->turns;
    if (hist_add(&w->r.hist, &w->r.nhist, res->turns, 1) != 0) {
        w->st = kt_seterr(&w->err, KT_ENOMEM, "out of memory");
    }
}

/* A bot's decision, timed for one decision in `stride` of its entry, which
 * then counts `stride` times: reading the clock around every call would
 * cost more than a fast bot's decision (Big Money decides in about 100 ns).
 * The stride follows the last timed decision: 256 below 2 us, 16 below
 * 50 us, 1 (every decision) for slower bots such as search.  Each entry has
 * its own countdown, so seats that alternate cannot alias with the stride.
 * Timing never touches any game's or bot's randomness. */
static kt_status timed_slow(rn_worker *w, int ent, kt_bot *b, kt_action *a, kt_err *err)
{
    double t0 = cli_now();
    kt_status st = kt_bot_choose_fast(b, w->s, a, err);
    double dt = cli_now() - t0;
    w->r.choose_s[ent] += dt * w->stride[ent];
    w->stride[ent] = w->tick[ent] = dt < 2e-6 ? 256 : dt < 50e-6 ? 16 : 1;
    return st;
}

static inline kt_status timed_choose(rn_worker *w, int ent, kt_bot *b, kt_action *a,
                                     kt_err *err)
{
    if (--w->tick[ent])
        return kt_bot_choose_fast(b, w->s, a, err);
    return timed_slow(w, ent, b, a, err);
}

/* Room for a state of configuration g in w->s. */
static kt_status state_room(rn_worker *w, const kt_game *g, kt_err *err)
{
    size_t n = kt_state_size(g);
    if (n <= w->scap)
        return KT_OK;
    kt_state *s = realloc(w->s, n);
    if (!s)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    w->s = s;
    w->scap = n;
    w->s_used = 0; /* the new bytes are uninitialised */
    return KT_OK;
}

/* The game's row into the worker's rows file. */
static void write_row(const rn_exp *e, rn_worker *w, uint64_t k, const kt_game *g, int l,
                      const kt_result *res, uint64_t actions)
{
    size_t n = rw_row(&w->line, w->sh->rows_fmt, e, k, kt_game_options(g), l, res, actions);
    if (!n || fwrite(w->line.p, 1, n, w->rows) != n)
        w->st = kt_seterr(&w->err, KT_EIO, "cannot write the rows (temporary file)");
}

/* Play the game from the worker's state to its end (or the action cap).
 * The loop is the simulator's own per-decision cost, so it does little:
 * decisions are counted per position and added to the entries at the end,
 * and the card statistics have their own copy of the loop.  kt_to_move is
 * -1 once the game is over (one call per action, not two). */
static kt_status play_out(const rn_exp *e, rn_worker *w, const kt_game *g, int l,
                          uint64_t *actions, kt_err *err)
{
    kt_state *s = w->s;
    const uint8_t *seat = e->lineup[l];
    uint64_t n[KT_MAX_PLAYERS] = {0}, done = 0;
    kt_status st = KT_OK;
    if (!w->cards) {
        for (int p; done < RN_MAX_ACTIONS && (p = kt_to_move(g, s)) >= 0;) {
            kt_action a;
            n[p]++;
            if ((st = timed_choose(w, seat[p], w->bots[p], &a, err)) != KT_OK)
                break;
            kt_apply_trusted(g, s, a);
            done++;
        }
    } else {
        for (int p; done < RN_MAX_ACTIONS && (p = kt_to_move(g, s)) >= 0;) {
            kt_action a;
            n[p]++;
            if ((st = timed_choose(w, seat[p], w->bots[p], &a, err)) != KT_OK)
                break;
            cs_action(w->cards, g, s, p, a);
            kt_apply_trusted(g, s, a);
            done++;
        }
    }
    /* a game still running after RN_MAX_ACTIONS is unfinished: kt_result_get
     * reports a running game so */
    for (int p = 0; p < e->players; p++)
        w->r.choose_n[seat[p]] += n[p];
    *actions = done;
    return st;
}

/* Seat p's bot for one game: entry ent's bot as make_bot makes it with
 * `seed`.  The bot of the previous game is re-seeded when it has the same
 * spec (so the same bot and options: entries of one spec differ only in
 * their labels), the configuration is the same for all games and the bot
 * can (kt_bot_reseed gives what kt_bot_new would: the results do not
 * change). */
static kt_status seat_bot(const rn_exp *e, rn_worker *w, int p, int ent, const kt_game *g,
                          uint64_t seed, kt_err *err)
{
    kt_bot **b = &w->bots[p];
    if (w->held[p] && !e->fresh &&
        (w->bent[p] == ent || !strcmp(e->bspec[w->bent[p]], e->bspec[ent])) &&
        kt_bot_reseed(*b, seed, NULL) == KT_OK) {
        w->bent[p] = ent;
        return KT_OK;
    }
    if (w->held[p])
        drop_bot(b);
    w->held[p] = 0;
    kt_status st = make_bot(e, ent, g, seed, b, err);
    w->held[p] = st == KT_OK;
    w->bent[p] = ent;
    return st;
}

/* The bots after a game: kept for the next one only when the configuration
 * is the same for all games (seat_bot re-seeds those that can be); none of
 * them after an error. */
static void unseat_bots(const rn_exp *e, rn_worker *w, int all)
{
    for (int p = 0; p < KT_MAX_PLAYERS; p++) {
        if (w->held[p] && (all || e->fresh)) {
            drop_bot(&w->bots[p]);
            w->held[p] = 0;
        }
    }
}

/* Play game k; returns 0 after recording an error in w. */
static int play_game(const rn_exp *e, rn_worker *w, uint64_t k)
{
    uint64_t gs = rn_game_seed(e, k);
    int l = rn_lineup_of(e, k), np = e->players;
    kt_err err = {KT_OK, ""};
    kt_game *own;
    const kt_game *g;
    kt_status st = rn_game_config(e, k, &own, &g, &err);
    if (st == KT_OK)
        st = state_room(w, g, &err);
    for (int p = 0; st == KT_OK && p < np; p++)
        st = seat_bot(e, w, p, e->lineup[l][p], g, kt_seed_mix(gs, RN_BOT_STREAM + (uint64_t)p),
                      &err);
    if (st == KT_OK && w->cards && cs_game_begin(w->cards, g, !e->fresh) != 0)
        st = kt_seterr(&err, KT_ENOMEM, "out of memory");
    uint64_t actions = 0;
    if (st == KT_OK) {
        /* a state of the game in the buffer: the game clears only what it
         * used (Dominion: 1 KB instead of 12) */
        if (w->s_used)
            kt_state_restart(g, w->s, gs);
        else
            kt_state_init_seed(g, w->s, gs);
        w->s_used = 1;
        st = play_out(e, w, g, l, &actions, &err);
    }
    unseat_bots(e, w, st != KT_OK);
    if (st == KT_OK) {
        kt_result res;
        kt_result_get(g, w->s, &res);
        record(e, w, l, actions, &res);
        if (w->rows)
            write_row(e, w, k, g, l, &res, actions);
        if (w->cards)
            cs_game_end(w->cards, &res);
    }
    kt_game_free(own);
    if (st == KT_OK)
        return w->st == KT_OK;
    w->st = st;
    w->err_game = k;
    kt_seterr(&w->err, st, "game %llu (seed %llu): %s", (unsigned long long)k,
              (unsigned long long)gs, err.msg);
    return 0;
}

static void *worker_main(void *arg)
{
    rn_worker *w = arg;
    rn_shared *sh = w->sh;
    while (!atomic_load(&sh->stop)) {
        uint64_t k = atomic_fetch_add(&sh->next, 1);
        if (k >= sh->hi)
            break;
        if (!play_game(sh->e, w, k)) {
            atomic_store(&sh->stop, 1);
            break;
        }
        w->r.games++;
        atomic_fetch_add(&sh->done, 1);
    }
    return NULL;
}

static void draw_progress(FILE *f, uint64_t done, uint64_t total, double t0, int final)
{
    double el = cli_now() - t0, rate = el > 0 ? (double)done / el : 0;
    double frac = total ? (double)done / (double)total : 1;
    char bar[31], r[32];
    int fill = (int)(frac * 30);
    for (int i = 0; i < 30; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[30] = '\0';
    rn_human(rate, r, sizeof r);
    fprintf(f, "\r[%s] %5.1f%%  %llu/%llu games  %s games/s", bar, frac * 100,
            (unsigned long long)done, (unsigned long long)total, r);
    if (!final && rate > 0)
        fprintf(f, "  ETA %.0fs ", (double)(total - done) / rate);
    else
        fprintf(f, "            ");
    if (final)
        fprintf(f, "\r%*s\r", 100, "");
    fflush(f);
}

/* Set up worker t; 0 on success. */
static int worker_init(rn_worker *w, rn_shared *sh, int want_rows)
{
    const rn_exp *e = sh->e;
    w->sh = sh;
    for (int i = 0; i < RN_MAX_ENTRIES; i++)
        w->tick[i] = w->stride[i] = 1;
    w->scap = kt_state_size(e->g);
    w->s = malloc(w->scap);
    if (!w->s || rn_result_alloc(e, &w->r) != 0)
        return -1;
    if (want_rows && !(w->rows = tmpfile()))
        return -1;
    if (e->cards && !(w->cards = cs_worker_new(kt_stats_info_of(e->game))))
        return -1;
    return 0;
}

/* Add the workers' results up (in thread order) into r. */
static int gather(const rn_exp *e, rn_worker *w, int threads, rn_result *r, kt_err *err)
{
    for (int t = 0; t < threads; t++) {
        r->games += w[t].r.games;
        for (int l = 0; l < e->nlineups; l++)
            counts_add(&r->c[l], &w[t].r.c[l]);
        for (uint32_t k = 0; k < w[t].r.nhist; k++)
            if (w[t].r.hist[k] && hist_add(&r->hist, &r->nhist, k, w[t].r.hist[k]) != 0)
                return kt_seterr(err, KT_ENOMEM, "out of memory"), -1;
        for (int i = 0; i < e->nentries; i++) {
            r->choose_s[i] += w[t].r.choose_s[i];
            r->choose_n[i] += w[t].r.choose_n[i];
        }
        if (w[t].cards && cs_merge(&r->cards, cs_worker_table(w[t].cards)) != 0)
            return kt_seterr(err, KT_ENOMEM, "out of memory"), -1;
    }
    return 0;
}

static void worker_free(rn_worker *w)
{
    if (w->sh)
        unseat_bots(w->sh->e, w, 1);
    free(w->s);
    rn_result_free(&w->r);
    if (w->rows)
        fclose(w->rows);
    free(w->line.p);
    cs_worker_free(w->cards);
}

int rn_run(const rn_exp *e, int threads, FILE *progress, rw_out *rows, rn_result *r, kt_err *err)
{
    rn_shared sh;
    sh.e = e;
    sh.rows_fmt = rows ? rows->fmt : RW_NONE;
    rn_range(e, &sh.lo, &sh.hi);
    atomic_init(&sh.next, sh.lo);
    atomic_init(&sh.done, 0);
    atomic_init(&sh.stop, 0);
    uint64_t total = sh.hi - sh.lo;
    if (threads < 1)
        threads = 1;
    if ((uint64_t)threads > total)
        threads = total ? (int)total : 1;
    if (rn_result_alloc(e, r) != 0)
        return kt_seterr(err, KT_ENOMEM, "out of memory"), -1;
    rn_worker *w = calloc((size_t)threads, sizeof *w);
    int fail = !w;
    for (int t = 0; !fail && t < threads; t++)
        fail = worker_init(&w[t], &sh, rows != NULL) != 0;
    double t0 = cli_now();
    int started = 0;
    for (int t = 0; !fail && t < threads; t++) {
        if (pthread_create(&w[t].th, NULL, worker_main, &w[t]) != 0) {
            atomic_store(&sh.stop, 1);
            fail = 1;
            break;
        }
        started++;
    }
    if (progress && started) {
        struct timespec nap = {0, 100 * 1000 * 1000};
        while (atomic_load(&sh.done) < total && !atomic_load(&sh.stop)) {
            /* wake early when the last game ends: poll every 100 ms */
            draw_progress(progress, atomic_load(&sh.done), total, t0, 0);
            nanosleep(&nap, NULL);
        }
    }
    for (int t = 0; t < started; t++)
        pthread_join(w[t].th, NULL);
    if (progress && started)
        draw_progress(progress, atomic_load(&sh.done), total, t0, 1);
    r->seconds = cli_now() - t0;
    r->threads = threads;
    int bad = -1;
    for (int t = 0; w && t < threads; t++) {
        if (w[t].st != KT_OK && (bad < 0 || w[t].err_game < w[bad].err_game))
            bad = t;
    }
    if (fail && bad < 0)
        kt_seterr(err, KT_ENOMEM, "out of memory, threads or temporary files");
    else if (bad >= 0)
        *err = w[bad].err, fail = 1;
    if (!fail)
        fail = gather(e, w, threads, r, err) != 0;
    if (!fail && rows) {
        FILE *parts[1024];
        for (int t = 0; t < threads; t++)
            parts[t] = w[t].rows;
        fail = rw_collate(parts, threads, rows, e->players, err) != 0;
    }
    for (int t = 0; w && t < threads; t++)
        worker_free(&w[t]);
    free(w);
    if (fail)
        rn_result_free(r);
    return fail ? -1 : 0;
}

/* ------------------------------------------------------------ JSON */

void rn_json_u64(kt_jw *w, uint64_t v)
{
    /* beyond 2^53 as a string, so JavaScript readers keep every digit */
    if (v <= (1ULL << 53)) {
        kt_jw_uint(w, v);
    } else {
        char t[32];
        snprintf(t, sizeof t, "%llu", (unsigned long long)v);
        kt_jw_str(w, t);
    }
}

static void write_u64s(kt_jw *w, const uint64_t *a, int n)
{
    kt_jw_arr(w);
    for (int i = 0; i < n; i++)
        rn_json_u64(w, a[i]);
    kt_jw_arr_end(w);
}

void rn_json_write(kt_jw *w, const rn_exp *e, const rn_result *r)
{
    int np = e->players;
    kt_jw_key(w, "experiment");
    kt_jw_obj(w);
    kt_jw_kstr(w, "kind", e->kind == RN_SIM ? "sim" : "tournament");
    kt_jw_kstr(w, "game", e->game);
    kt_jw_kstr(w, "options", e->options);
    kt_jw_kstr(w, "study_options", e->study ? e->study : "");
    kt_jw_kstr(w, "setup", e->fresh ? "fresh" : "fixed");
    kt_jw_kint(w, "players", np);
    kt_jw_key(w, "seed");
    rn_json_u64(w, e->seed);
    kt_jw_key(w, "games");
    rn_json_u64(w, e->games);
    kt_jw_key(w, "per_matchup");
    rn_json_u64(w, e->per_matchup);
    kt_jw_key(w, "entries");
    kt_jw_arr(w);
    for (int i = 0; i < e->nentries; i++)
        kt_jw_str(w, e->entries[i]);
    kt_jw_arr_end(w);
    kt_jw_kbool(w, "fixed_seats", e->fixed_seats);
    kt_jw_key(w, "shard");
    if (e->shard_n > 0) {
        kt_jw_arr(w);
        kt_jw_int(w, e->shard_i);
        kt_jw_int(w, e->shard_n);
        kt_jw_arr_end(w);
    } else {
        kt_jw_null(w);
    }
    kt_jw_obj_end(w);

    kt_jw_key(w, "raw");
    kt_jw_obj(w);
    kt_jw_key(w, "games");
    rn_json_u64(w, r->games);
    kt_jw_key(w, "lineups");
    kt_jw_arr(w);
    for (int l = 0; l < e->nlineups; l++) {
        const rn_counts *c = &r->c[l];
        kt_jw_obj(w);
        kt_jw_key(w, "games");
        rn_json_u64(w, c->games);
        kt_jw_key(w, "finished");
        rn_json_u64(w, c->finished);
        kt_jw_key(w, "tied");
        rn_json_u64(w, c->tied);
        kt_jw_key(w, "actions");
        rn_json_u64(w, c->actions);
        kt_jw_key(w, "turns");
        rn_json_u64(w, c->turns);
        kt_jw_key(w, "turns_sq");
        rn_json_u64(w, c->turns_sq);
        kt_jw_key(w, "sole");
        write_u64s(w, c->sole, np);
        kt_jw_key(w, "shared");
        write_u64s(w, c->shared, np);
        kt_jw_key(w, "beat");
        kt_jw_arr(w);
        for (int p = 0; p < np; p++)
            write_u64s(w, c->beat[p], np);
        kt_jw_arr_end(w);
        kt_jw_key(w, "score_milli");
        kt_jw_arr(w);
        for (int p = 0; p < np; p++)
            kt_jw_int(w, c->score_milli[p]);
        kt_jw_arr_end(w);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "lengths"); /* [turns, games] pairs of finished games */
    kt_jw_arr(w);
    for (uint32_t t = 0; t < r->nhist; t++) {
        if (!r->hist[t])
            continue;
        kt_jw_arr(w);
        kt_jw_uint(w, t);
        rn_json_u64(w, r->hist[t]);
        kt_jw_arr_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_knum(w, "seconds", r->seconds);
    kt_jw_kint(w, "threads", r->threads);
    kt_jw_key(w, "decision_seconds");
    kt_jw_arr(w);
    for (int i = 0; i < e->nentries; i++)
        kt_jw_num(w, r->choose_s[i]);
    kt_jw_arr_end(w);
    kt_jw_key(w, "decisions");
    write_u64s(w, r->choose_n, e->nentries);
    if (e->cards) {
        kt_jw_key(w, "cards");
        cs_json_write(w, &r->cards);
    }
    kt_jw_obj_end(w);
}

/* A u64 written by write_u64 (number or decimal string). */
static int read_u64(kt_jr *jr, const kt_jv *v, uint64_t *out)
{
    if (v && v->type == KT_JNUM && v->isint && !v->neg) {
        *out = v->u;
        return 1;
    }
    if (v && v->type == KT_JSTR && v->s[0] >= '0' && v->s[0] <= '9') {
        uint64_t x;
        if (cli_parse_u64(v->s, &x)) {
            *out = x;
            return 1;
        }
    }
    return kt_jr_fail(jr, "expected a non-negative integer");
}

static int read_u64_key(kt_jr *jr, const kt_jv *obj, const char *key, uint64_t *out)
{
    const kt_jv *v = kt_jr_get(jr, obj, key, -1);
    if (!v)
        return 0;
    kt_jr_push(jr, key);
    int ok = read_u64(jr, v, out);
    kt_jr_pop(jr);
    return ok;
}

static int read_u64s(kt_jr *jr, const kt_jv *obj, const char *key, uint64_t *out, int n)
{
    const kt_jv *a = kt_jr_arr(jr, obj, key, n, n);
    if (!a)
        return 0;
    kt_jr_push(jr, key);
    int ok = 1;
    for (int i = 0; ok && i < n; i++) {
        kt_jr_push_i(jr, i);
        ok = read_u64(jr, kt_jv_at(a, i), &out[i]);
        kt_jr_pop(jr);
    }
    kt_jr_pop(jr);
    return ok;
}

static int read_num(kt_jr *jr, const kt_jv *obj, const char *key, double *out)
{
    const kt_jv *v = kt_jr_get(jr, obj, key, KT_JNUM);
    if (v)
        *out = v->d;
    return v != NULL;
}

static int read_counts(kt_jr *jr, const kt_jv *o, int np, rn_counts *c)
{
    if (!o || o->type != KT_JOBJ)
        return kt_jr_fail(jr, "expected an object");
    int ok = read_u64_key(jr, o, "games", &c->games) &&
             read_u64_key(jr, o, "finished", &c->finished) &&
             read_u64_key(jr, o, "tied", &c->tied) &&
             read_u64_key(jr, o, "actions", &c->actions) &&
             read_u64_key(jr, o, "turns", &c->turns) &&
             read_u64_key(jr, o, "turns_sq", &c->turns_sq) &&
             read_u64s(jr, o, "sole", c->sole, np) && read_u64s(jr, o, "shared", c->shared, np);
    const kt_jv *beat = ok ? kt_jr_arr(jr, o, "beat", np, np) : NULL;
    if (!beat)
        return 0;
    kt_jr_push(jr, "beat");
    for (int p = 0; ok && p < np; p++) {
        const kt_jv *row = kt_jv_at(beat, p);
        kt_jr_push_i(jr, p);
        if (row->type != KT_JARR || row->n != np)
            ok = kt_jr_fail(jr, "expected %d numbers", np);
        for (int q = 0; ok && q < np; q++) {
            kt_jr_push_i(jr, q);
            ok = read_u64(jr, kt_jv_at(row, q), &c->beat[p][q]);
            kt_jr_pop(jr);
        }
        kt_jr_pop(jr);
    }
    kt_jr_pop(jr);
    const kt_jv *sm = ok ? kt_jr_arr(jr, o, "score_milli", np, np) : NULL;
    if (!sm)
        return 0;
    kt_jr_push(jr, "score_milli");
    for (int p = 0; ok && p < np; p++) {
        long long x;
        ok = kt_jr_int_at(jr, sm, p, INT64_MIN, INT64_MAX, &x);
        c->score_milli[p] = x;
    }
    kt_jr_pop(jr);
    if (ok && (c->finished > c->games || c->tied > c->finished))
        ok = kt_jr_fail(jr, "inconsistent counts (finished/tied exceed games)");
    return ok;
}

static int load_experiment(kt_jr *jr, const kt_jv *x, const rn_games *source, rn_exp *e,
                           kt_err *err)
{
    long long np;
    uint64_t seed, games, per;
    int fixed;
    kt_jr_push(jr, "experiment");
    const char *kind = kt_jr_str(jr, x, "kind");
    const char *game = kind ? kt_jr_str(jr, x, "game") : NULL;
    const char *opts = game ? kt_jr_str(jr, x, "options") : NULL;
    /* "setup" came with fresh setups; files without it are fixed ones */
    const kt_jv *sv = kt_jv_get(x, "setup");
    int setup = !sv ? RN_SETUP_FIXED
                : sv->type == KT_JSTR && !strcmp(sv->s, "fresh") ? RN_SETUP_FRESH
                : sv->type == KT_JSTR && !strcmp(sv->s, "fixed") ? RN_SETUP_FIXED
                                                                 : -1;
    if (setup < 0) {
        kt_jr_push(jr, "setup");
        kt_jr_fail(jr, "expected \"fresh\" or \"fixed\"");
        kt_jr_pop(jr);
        kt_jr_pop(jr);
        return -1;
    }
    int ok = opts && kt_jr_int(jr, x, "players", 1, KT_MAX_PLAYERS, &np) &&
             read_u64_key(jr, x, "seed", &seed) && read_u64_key(jr, x, "games", &games) &&
             read_u64_key(jr, x, "per_matchup", &per) && kt_jr_bool(jr, x, "fixed_seats", &fixed);
    const kt_jv *ents = ok ? kt_jr_arr(jr, x, "entries", 1, RN_MAX_ENTRIES) : NULL;
    const kt_jv *shard = ents ? kt_jr_get(jr, x, "shard", -1) : NULL;
    int k = 0;
    if (ok && ents && shard) {
        k = !strcmp(kind, "sim") ? RN_SIM : !strcmp(kind, "tournament") ? RN_TOURNAMENT : 0;
        if (!k) {
            kt_jr_push(jr, "kind");
            ok = kt_jr_fail(jr, "expected \"sim\" or \"tournament\"");
            kt_jr_pop(jr);
        }
    } else {
        ok = 0;
    }
    kt_jr_pop(jr);
    if (!ok)
        return -1;
    if (!source)
        source = rn_registry();
    const kt_gameinfo *info = source->find(source->ctx, game);
    if (!info || strcmp(info->name, game) != 0) {
        kt_seterr(err, KT_EUNKNOWN, "game '%s' is not compiled into this kontor", game);
        return -1;
    }
    if (rn_exp_init(e, k, source, game, opts, (int)np, seed, setup, err) != 0)
        return -1;
    if (setup == RN_SETUP_FRESH && !e->fresh) {
        kt_seterr(err, KT_ESTATE, "experiment.setup: \"fresh\", but nothing in the setup of "
                                  "options '%s' is drawn from the seed", opts);
        return -1;
    }
    if (strcmp(e->options, opts) != 0) {
        kt_seterr(err, KT_ESTATE, "options '%s' do not recreate the same configuration ('%s')",
                  opts, e->options);
        return -1;
    }
    /* the options hold the study options already: the file says which they were */
    const kt_jv *sov = kt_jv_get(x, "study_options");
    if (sov && sov->type == KT_JSTR) {
        char *so = strdup(sov->s);
        if (!so) {
            kt_seterr(err, KT_ENOMEM, "out of memory");
            return -1;
        }
        free(e->study);
        e->study = so;
    }
    for (int i = 0; i < ents->n; i++) {
        const kt_jv *v = kt_jv_at(ents, i);
        if (v->type != KT_JSTR) {
            kt_seterr(err, KT_ESTATE, "experiment.entries[%d]: expected a bot spec", i);
            return -1;
        }
        if (rn_add_entry(e, v->s, "bot", err) != 0)
            return -1;
    }
    if (k == RN_SIM ? rn_sim_lineups(e, games, fixed, err)
                    : rn_tournament_lineups(e, per ? per : 1, err))
        return -1;
    if (e->games != games) {
        kt_seterr(err, KT_ESTATE, "experiment.games %llu does not match its %llu matchups",
                  (unsigned long long)games, (unsigned long long)e->games);
        return -1;
    }
    if (rn_set_labels(e) != 0) {
        kt_seterr(err, KT_ENOMEM, "out of memory");
        return -1;
    }
    if (shard->type == KT_JARR) {
        long long si, sn;
        kt_jr_push(jr, "experiment");
        kt_jr_push(jr, "shard");
        ok = shard->n == 2 && kt_jr_int_at(jr, shard, 1, 1, 1000000, &sn) &&
             kt_jr_int_at(jr, shard, 0, 1, sn, &si);
        if (!ok && !jr->failed)
            kt_jr_fail(jr, "expected [I, N] with 1 <= I <= N");
        kt_jr_pop(jr);
        kt_jr_pop(jr);
        if (!ok)
            return -1;
        e->shard_i = (int)si;
        e->shard_n = (int)sn;
    } else if (shard->type != KT_JNULL) {
        kt_seterr(err, KT_ESTATE, "experiment.shard: expected null or [I, N]");
        return -1;
    }
    return 0;
}

static int load_raw(kt_jr *jr, const kt_jv *raw, rn_exp *e, rn_result *r)
{
    kt_jr_push(jr, "raw");
    long long th;
    int ok = read_u64_key(jr, raw, "games", &r->games);
    const kt_jv *ls = ok ? kt_jr_arr(jr, raw, "lineups", e->nlineups, e->nlineups) : NULL;
    if (ls) {
        kt_jr_push(jr, "lineups");
        for (int l = 0; ok && l < e->nlineups; l++) {
            kt_jr_push_i(jr, l);
            ok = read_counts(jr, kt_jv_at(ls, l), e->players, &r->c[l]);
            kt_jr_pop(jr);
        }
        kt_jr_pop(jr);
    } else {
        ok = 0;
    }
    const kt_jv *lens = ok ? kt_jr_arr(jr, raw, "lengths", 0, 1 << 24) : NULL;
    if (lens) {
        kt_jr_push(jr, "lengths");
        for (int i = 0; ok && i < lens->n; i++) {
            const kt_jv *pair = kt_jv_at(lens, i);
            long long t;
            uint64_t cnt = 0;
            kt_jr_push_i(jr, i);
            ok = pair->type == KT_JARR && pair->n == 2 ? 1 : kt_jr_fail(jr, "expected [turns, games]");
            ok = ok && kt_jr_int_at(jr, pair, 0, 0, 100000000, &t);
            if (ok) {
                kt_jr_push_i(jr, 1);
                ok = read_u64(jr, kt_jv_at(pair, 1), &cnt);
                kt_jr_pop(jr);
            }
            if (ok && hist_add(&r->hist, &r->nhist, (uint32_t)t, cnt) != 0)
                ok = kt_jr_fail(jr, "out of memory");
            kt_jr_pop(jr);
        }
        kt_jr_pop(jr);
    } else {
        ok = 0;
    }
    ok = ok && read_num(jr, raw, "seconds", &r->seconds) &&
         kt_jr_int(jr, raw, "threads", 0, 100000, &th);
    if (ok)
        r->threads = (int)th;
    const kt_jv *ds = ok ? kt_jr_arr(jr, raw, "decision_seconds", e->nentries, e->nentries) : NULL;
    if (ds) {
        for (int i = 0; i < e->nentries; i++) {
            const kt_jv *v = kt_jv_at(ds, i);
            r->choose_s[i] = v->type == KT_JNUM ? v->d : 0;
        }
        ok = read_u64s(jr, raw, "decisions", r->choose_n, e->nentries);
    } else {
        ok = 0;
    }
    const kt_jv *cards = ok ? kt_jv_get(raw, "cards") : NULL;
    if (cards) {
        kt_jr_push(jr, "cards");
        r->cards.info = kt_stats_info_of(e->game);
        ok = cards->type == KT_JARR ? cs_json_read(jr, cards, &r->cards) == 0
                                    : kt_jr_fail(jr, "expected an array");
        kt_jr_pop(jr);
        e->cards = ok;
    }
    kt_jr_pop(jr);
    if (!ok)
        return -1;
    /* the counts must add up to the games of this shard */
    uint64_t lo, hi, sum = 0, fin = 0, hsum = 0;
    rn_range(e, &lo, &hi);
    for (int l = 0; l < e->nlineups; l++) {
        sum += r->c[l].games;
        fin += r->c[l].finished;
    }
    for (uint32_t t = 0; t < r->nhist; t++)
        hsum += r->hist[t];
    if (sum != r->games || r->games != hi - lo || hsum != fin)
        return kt_jr_fail(jr, "raw counts do not add up (%llu games in lineups, %llu reported, "
                          "%llu in the shard's range; %llu lengths for %llu finished games)",
                          (unsigned long long)sum, (unsigned long long)r->games,
                          (unsigned long long)(hi - lo), (unsigned long long)hsum,
                          (unsigned long long)fin), -1;
    return 0;
}

int rn_load(const char *json, const rn_games *games, rn_exp *e, rn_result *r, kt_err *err)
{
    memset(e, 0, sizeof *e);
    memset(r, 0, sizeof *r);
    kt_jdoc doc;
    if (kt_json_parse(json, strlen(json), &doc, err) != KT_OK)
        return -1;
    kt_jr jr;
    kt_jr_init(&jr, err, "");
    const kt_jv *x = doc.root && doc.root->type == KT_JOBJ
                         ? kt_jr_get(&jr, doc.root, "experiment", KT_JOBJ)
                         : NULL;
    const kt_jv *raw = x ? kt_jr_get(&jr, doc.root, "raw", KT_JOBJ) : NULL;
    int rc = -1;
    if (!doc.root || doc.root->type != KT_JOBJ)
        kt_seterr(err, KT_EPARSE, "expected a JSON object written by kontor sim/tournament --json");
    else if (raw && load_experiment(&jr, x, games, e, err) == 0 && rn_result_alloc(e, r) == 0)
        rc = load_raw(&jr, raw, e, r);
    kt_json_free(&doc);
    if (rc != 0) {
        if (err && !err->code)
            err->code = KT_ESTATE;
        rn_result_free(r);
        rn_exp_free(e);
    }
    return rc;
}

int rn_merge(rn_exp *e, rn_result *acc, const rn_exp *e2, const rn_result *r2, kt_err *err)
{
    const char *diff = NULL;
    if (e->kind != e2->kind)
        diff = "kind (sim / tournament)";
    else if (strcmp(e->game, e2->game) || strcmp(e->options, e2->options))
        diff = "game or options";
    else if (e->players != e2->players)
        diff = "player count";
    else if (e->seed != e2->seed)
        diff = "seed";
    else if (e->games != e2->games || e->per_matchup != e2->per_matchup)
        diff = "number of games";
    else if (e->fixed_seats != e2->fixed_seats)
        diff = "seating (--fixed-seats)";
    else if (e->fresh != e2->fresh)
        diff = "setup (--setup fresh / fixed)";
    else if (e->cards != e2->cards)
        diff = "card statistics (--cards in some shards only)";
    else if (e->shard_n != e2->shard_n)
        diff = "number of shards";
    else if (e->nentries != e2->nentries)
        diff = "bots";
    for (int i = 0; !diff && i < e->nentries; i++)
        if (strcmp(e->entries[i], e2->entries[i]))
            diff = "bots";
    if (diff) {
        kt_seterr(err, KT_EINVAL, "not shards of the same experiment: the %s differ", diff);
        return -1;
    }
    acc->games += r2->games;
    for (int l = 0; l < e->nlineups; l++)
        counts_add(&acc->c[l], &r2->c[l]);
    for (uint32_t t = 0; t < r2->nhist; t++)
        if (r2->hist[t] && hist_add(&acc->hist, &acc->nhist, t, r2->hist[t]) != 0) {
            kt_seterr(err, KT_ENOMEM, "out of memory");
            return -1;
        }
    acc->seconds += r2->seconds;
    acc->threads = acc->threads > r2->threads ? acc->threads : r2->threads;
    for (int i = 0; i < e->nentries; i++) {
        acc->choose_s[i] += r2->choose_s[i];
        acc->choose_n[i] += r2->choose_n[i];
    }
    if (cs_merge(&acc->cards, &r2->cards) != 0) {
        kt_seterr(err, KT_ENOMEM, "out of memory");
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------ totals */

void rn_entry_totals(const rn_exp *e, const rn_result *r, rn_tot *out)
{
    memset(out, 0, sizeof *out * (size_t)e->nentries);
    for (int l = 0; l < e->nlineups; l++)
        for (int p = 0; p < e->players; p++) {
            rn_tot *t = &out[e->lineup[l][p]];
            const rn_counts *c = &r->c[l];
            t->games += c->games;
            t->finished += c->finished;
            t->sole += c->sole[p];
            t->shared += c->shared[p];
            t->score_milli += c->score_milli[p];
        }
}

void rn_position_totals(const rn_exp *e, const rn_result *r, rn_tot *out)
{
    memset(out, 0, sizeof *out * (size_t)e->players);
    for (int l = 0; l < e->nlineups; l++)
        for (int p = 0; p < e->players; p++) {
            const rn_counts *c = &r->c[l];
            out[p].games += c->games;
            out[p].finished += c->finished;
            out[p].sole += c->sole[p];
            out[p].shared += c->shared[p];
            out[p].score_milli += c->score_milli[p];
        }
}

void rn_pair_totals(const rn_exp *e, const rn_result *r, double *games, double *wins,
                    double *ties, double *turns, double *finished)
{
    int n = e->nentries;
    size_t nn = (size_t)n * (size_t)n;
    memset(games, 0, sizeof *games * nn);
    memset(wins, 0, sizeof *wins * nn);
    memset(ties, 0, sizeof *ties * nn);
    memset(turns, 0, sizeof *turns * nn);
    memset(finished, 0, sizeof *finished * nn);
    for (int l = 0; l < e->nlineups; l++) {
        const rn_counts *c = &r->c[l];
        for (int p = 0; p < e->players; p++)
            for (int q = 0; q < e->players; q++) {
                if (p == q)
                    continue;
                int k = e->lineup[l][p] * n + e->lineup[l][q];
                games[k] += (double)c->games;
                finished[k] += (double)c->finished;
                wins[k] += (double)c->beat[p][q];
                ties[k] += (double)(c->finished - c->beat[p][q] - c->beat[q][p]);
                turns[k] += (double)c->turns;
            }
    }
}

void rn_total(const rn_exp *e, const rn_result *r, rn_counts *all)
{
    memset(all, 0, sizeof *all);
    for (int l = 0; l < e->nlineups; l++)
        counts_add(all, &r->c[l]);
}

void rn_lengths(const rn_counts *all, double *mean, double *sd, double *half)
{
    st_mean((double)all->finished, (double)all->turns, (double)all->turns_sq, mean, sd, half);
}
