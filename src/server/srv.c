/*
 * srv.c - the server core's life cycle: configuration, loading every game
 * from storage at start (running games are rebuilt by replaying their
 * actions), the list of games, tokens, the workers, and the ticker that
 * expires abandoned games.
 *
 * Workers: a queue of tasks (fn, arg) guarded by wmu; every client message
 * and every bot answer is handled on a worker, so waiting for the disk
 * (group commits) never happens on the network thread or a bot runner.
 * `wbusy` and `wqueued` let srv_wait_idle tell when everything is done.
 *
 * Expiry (srv_tick, every second): a running game that nobody is connected
 * to is abandoned after `expire_s` without a move or a visit (storage
 * marks it SRV_ABANDONED; it leaves the lobby, its session and bots are
 * freed; its links say so), and removed from storage altogether after
 * `expire_empty_s` when it never had a move (games created and left,
 * issue 31.6).  A finished game's session is freed after ten idle minutes
 * (replays and links rebuild it).  Storage writes happen outside the list's
 * lock, at most EXPIRE_BATCH games per tick.
 */
#include <errno.h>
#include <malloc.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "server/srv_int.h"

#define EXPIRE_BATCH 200
#define UNLOAD_IDLE_S 600

void srv_config_default(srv_config *c)
{
    memset(c, 0, sizeof *c);
    c->db_path = "kontor.db";
    c->sync_full = 1;
    c->workers = 16;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    c->bot_threads = cpus > 0 && cpus < 256 ? (int)cpus : 2;
    c->bot_ms = 10000;
    c->bot_slice_ms = 100;
    c->max_message = 64 * 1024;
    c->rate = 20;
    c->burst = 60;
    c->create_rate = 6;
    c->create_burst = 10;
    c->max_games = 10000;
    c->expire_s = 7LL * 24 * 3600;
    c->expire_empty_s = 3600;
    c->inactive_s = 600;
    c->login_every_s = 30;
    c->lease_ms = 6000;
    c->game_history = (size_t)1 << 20;
    c->analysis_budget = 300;
    c->analysis_per_addr = 1;
    c->analysis_jobs = 8;
    c->hint_budget = 200;
}

void srv_log(srv *S, const char *fmt, ...)
{
    if (S->cfg.quiet)
        return;
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (S->cfg.log)
        S->cfg.log(S->cfg.log_ctx, line);
    else
        fprintf(stderr, "serve: %s\n", line);
}

void srv_session_limits(const srv *S, kt_session_limits *lim)
{
    kt_session_limits_server(lim);
    lim->max_bot_ms = S->cfg.bot_ms;
    lim->max_history = S->cfg.game_history;
}

long long srv_now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* nhex random hex digits from the kernel's generator (tokens must not be
 * guessable, so no PRNG).  Returns 0 if the kernel would not give them. */
int srv_random_hex(char *out, int nhex)
{
    unsigned char raw[64];
    size_t need = (size_t)(nhex + 1) / 2, got = 0;
    if (need > sizeof raw)
        return 0;
    while (got < need) {
        ssize_t n = getrandom(raw + got, need - got, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return 0;
        got += (size_t)n;
    }
    static const char hex[] = "0123456789abcdef";
    for (int i = 0; i < nhex; i++)
        out[i] = hex[(raw[i / 2] >> ((i & 1) * 4)) & 15];
    out[nhex] = '\0';
    return 1;
}

/* ------------------------------------------------------------ games list */

static int add_game(srv *S, sgame *g)
{
    if (S->ngames == S->capgames) {
        int cap = S->capgames ? S->capgames * 2 : 64;
        sgame **p = realloc(S->games, sizeof *p * (size_t)cap);
        if (!p)
            return 0;
        S->games = p;
        S->capgames = cap;
    }
    S->games[S->ngames++] = g;
    atomic_store(&g->refs, 1);
    return 1;
}

sgame *srv_find_game(srv *S, const char *id)
{
    sgame *r = NULL;
    pthread_mutex_lock(&S->mu);
    for (int i = 0; i < S->ngames && !r; i++)
        if (!strcmp(S->games[i]->id, id)) {
            r = S->games[i];
            atomic_fetch_add(&r->refs, 1);
        }
    pthread_mutex_unlock(&S->mu);
    return r;
}

/* Every byte is compared whatever the outcome, so that timing does not tell
 * how much of a guessed token was right. */
int srv_token_eq(const char *a, const char *b)
{
    unsigned char d = 0;
    size_t la = strlen(a), lb = strlen(b);
    if (la != lb || la == 0)
        return 0;
    for (size_t i = 0; i < la; i++)
        d |= (unsigned char)(a[i] ^ b[i]);
    return d == 0;
}

sgame *srv_find_token(srv *S, const char *token, int *seat)
{
    sgame *r = NULL;
    pthread_mutex_lock(&S->mu);
    for (int i = 0; i < S->ngames && !r; i++) {
        sgame *g = S->games[i];
        pthread_mutex_lock(&g->mu);
        for (int p = 0; p < g->row.players; p++) /* bots too: a seat a bot took over
                                                     when its player ran out of time */
            if (srv_token_eq(g->row.seats[p].token, token)) {
                r = g;
                *seat = p;
            }
        pthread_mutex_unlock(&g->mu);
        if (r)
            atomic_fetch_add(&r->refs, 1);
    }
    pthread_mutex_unlock(&S->mu);
    return r;
}

void srv_game_unref(srv *S, sgame *g)
{
    SRV_UNUSED(S);
    if (atomic_fetch_sub(&g->refs, 1) == 1)
        sgame_free(g);
}

void srv_stats(srv *S, int *games, long long *moves)
{
    pthread_mutex_lock(&S->mu);
    *games = S->ngames;
    *moves = atomic_load(&S->moves);
    pthread_mutex_unlock(&S->mu);
}

/* ------------------------------------------------------------ workers */

int srv_post(srv *S, void (*fn)(void *arg), void *arg)
{
    stask *t = malloc(sizeof *t);
    if (!t)
        return 0;
    t->next = NULL;
    t->fn = fn;
    t->arg = arg;
    pthread_mutex_lock(&S->wmu);
    if (S->wstopping) {
        pthread_mutex_unlock(&S->wmu);
        free(t);
        return 0;
    }
    if (S->ttail)
        S->ttail->next = t;
    else
        S->thead = t;
    S->ttail = t;
    S->wqueued++;
    pthread_cond_signal(&S->wcv);
    pthread_mutex_unlock(&S->wmu);
    return 1;
}

/* Workers finish every queued task before they stop: a task holds
 * references (a connection, a game) that only it releases. */
static void *worker_main(void *arg)
{
    srv *S = arg;
    pthread_mutex_lock(&S->wmu);
    for (;;) {
        while (!S->thead && !S->wstopping)
            pthread_cond_wait(&S->wcv, &S->wmu);
        if (!S->thead)
            break;
        stask *t = S->thead;
        S->thead = t->next;
        if (!S->thead)
            S->ttail = NULL;
        S->wqueued--;
        S->wbusy++;
        pthread_mutex_unlock(&S->wmu);
        t->fn(t->arg);
        free(t);
        pthread_mutex_lock(&S->wmu);
        S->wbusy--;
        if (!S->wbusy && !S->thead)
            pthread_cond_broadcast(&S->idlecv);
    }
    pthread_mutex_unlock(&S->wmu);
    return NULL;
}

int srv_wait_idle(srv *S, int timeout_ms)
{
    long long end = srv_now_ms() + timeout_ms;
    int quiet_rounds = 0;
    while (srv_now_ms() < end) {
        pthread_mutex_lock(&S->sched.mu);
        int bots = S->sched.njobs + S->sched.nbusy;
        pthread_mutex_unlock(&S->sched.mu);
        pthread_mutex_lock(&S->wmu);
        int work = S->wbusy + S->wqueued;
        pthread_mutex_unlock(&S->wmu);
        /* a worker's task may queue a bot job and a runner's a task: idle
         * means nothing in either, twice in a row */
        quiet_rounds = bots || work ? 0 : quiet_rounds + 1;
        if (quiet_rounds >= 2)
            return 1;
        nanosleep(&(struct timespec){0, 2000000L}, NULL);
    }
    return 0;
}

/* ------------------------------------------------------------ expiry */

enum { EXP_NONE, EXP_DELETE, EXP_ABANDON, EXP_UNLOAD };

/* What expiry does with g at now_s (g->mu held). */
static int expiry_of(srv *S, const sgame *g, long long now_s)
{
    if (g->gone || g->nsubs > 0 || g->remote) /* another server's game is its business */
        return EXP_NONE;
    long long idle = now_s - g->touched;
    if (g->row.over == SRV_RUNNING) {
        if (g->nacts == 0 && S->cfg.expire_empty_s > 0 && idle >= S->cfg.expire_empty_s)
            return EXP_DELETE;
        /* a game with clocks ends by them (a bot takes over, or the seat loses) */
        if (S->cfg.expire_s > 0 && idle >= S->cfg.expire_s && g->row.timing.mode == SRV_UNTIMED)
            return EXP_ABANDON;
        return EXP_NONE;
    }
    return g->S && idle >= UNLOAD_IDLE_S ? EXP_UNLOAD : EXP_NONE;
}

/* Take the expired games off the list (S->mu held); returns how many were
 * put into out (each with a reference). */
static int collect_expired(srv *S, long long now_s, sgame **out, int *what)
{
    int n = 0, keep = 0;
    for (int i = 0; i < S->ngames; i++) {
        sgame *g = S->games[i];
        int e = EXP_NONE;
        if (n < EXPIRE_BATCH) {
            pthread_mutex_lock(&g->mu);
            e = expiry_of(S, g, now_s);
            if (e == EXP_DELETE)
                g->gone = 1;
            pthread_mutex_unlock(&g->mu);
        }
        if (e != EXP_NONE) {
            atomic_fetch_add(&g->refs, 1);
            out[n] = g;
            what[n++] = e;
        }
        if (e == EXP_DELETE)
            atomic_fetch_sub(&g->refs, 1); /* the list's reference (the caller holds one) */
        else
            S->games[keep++] = g;
    }
    S->ngames = keep;
    return n;
}

static void expire_one(srv *S, sgame *g, int what, long long now_s)
{
    pthread_mutex_lock(&g->mu);
    long long idle = now_s - g->touched;
    if (what == EXP_DELETE) {
        sgame_cancel_bots(g);
        g->epoch++;
        sgame_unload(g);
    } else if (what == EXP_ABANDON && expiry_of(S, g, now_s) == EXP_ABANDON) {
        sgame_cancel_bots(g);
        g->epoch++;
        g->row.over = SRV_ABANDONED;
        sgame_unload(g);
    } else if (what == EXP_UNLOAD && expiry_of(S, g, now_s) == EXP_UNLOAD) {
        sgame_unload(g);
        what = EXP_NONE; /* nothing to store or log */
    } else {
        what = EXP_NONE; /* somebody came back meanwhile */
    }
    char id[SRV_ID_LEN];
    snprintf(id, sizeof id, "%s", g->row.id);
    int nacts = g->nacts;
    pthread_mutex_unlock(&g->mu);
    if (what == EXP_DELETE) {
        if (!srv_store_delete(S->st, id))
            srv_log(S, "game %s expired but could not be removed: %s", id, SRV_STORE_ERROR(S->st));
        else
            srv_log(S, "game %s removed: nobody moved in it for %lld min", id, idle / 60);
    } else if (what == EXP_ABANDON) {
        if (!srv_store_set_over(S->st, id, SRV_ABANDONED))
            srv_log(S, "game %s abandoned but not stored as such: %s", id, SRV_STORE_ERROR(S->st));
        else
            srv_log(S, "game %s abandoned after %d actions: nobody came for %lld h", id, nacts,
                    idle / 3600);
    }
}

/* Bots that waited after a failed store try again (S->mu held). */
static void retry_bots(srv *S)
{
    long long now = srv_now_ms();
    for (int i = 0; i < S->ngames; i++) {
        sgame *g = S->games[i];
        pthread_mutex_lock(&g->mu);
        if (g->bot_retry_ms && now >= g->bot_retry_ms) {
            g->bot_retry_ms = 0;
            sgame_kick_bots(S, g);
        }
        pthread_mutex_unlock(&g->mu);
    }
}

/* Games with a seat out of time (S->mu held), each with a reference. */
static int collect_clocks(srv *S, long long now_ms, sgame **out)
{
    int n = 0;
    for (int i = 0; i < S->ngames && n < EXPIRE_BATCH; i++) {
        sgame *g = S->games[i];
        if (g->row.timing.mode == SRV_UNTIMED)
            continue;
        pthread_mutex_lock(&g->mu);
        if (srv_clock_due(g, now_ms)) {
            atomic_fetch_add(&g->refs, 1);
            out[n++] = g;
        }
        pthread_mutex_unlock(&g->mu);
    }
    return n;
}

void srv_tick(srv *S, long long now_s)
{
    sgame *batch[EXPIRE_BATCH], *late[EXPIRE_BATCH];
    int what[EXPIRE_BATCH];
    long long now_ms = srv_unix_ms();
    pthread_mutex_lock(&S->mu);
    int n = collect_expired(S, now_s, batch, what);
    int nlate = collect_clocks(S, now_ms, late);
    retry_bots(S);
    pthread_mutex_unlock(&S->mu);
    for (int i = 0; i < n; i++) {
        expire_one(S, batch[i], what[i], now_s);
        srv_game_unref(S, batch[i]);
    }
    for (int i = 0; i < nlate; i++) { /* out of time: a bot plays on, or the seat loses */
        pthread_mutex_lock(&late[i]->mu);
        srv_clock_check(S, late[i], now_ms);
        pthread_mutex_unlock(&late[i]->mu);
        srv_game_unref(S, late[i]);
    }
    srv_cluster_tick(S, now_ms);
    srv_peers_sweep(&S->peers, srv_now_ms());
}

/* Once a second: expiry and the records per address.  Every TRIM_TICKS:
 * memory that bursts of views freed goes back to the system (glibc keeps it
 * in its arenas otherwise: 10,000 spectators' first views left 35 KB per
 * connection resident where 14 KB are live, docs/server.md). */
#define TRIM_TICKS 30
static void *ticker_main(void *arg)
{
    srv *S = arg;
    int ticks = 0;
    pthread_mutex_lock(&S->tmu);
    while (!S->tstop) {
        struct timespec t;
        clock_gettime(CLOCK_REALTIME, &t);
        t.tv_sec += 1;
        pthread_cond_timedwait(&S->tcv, &S->tmu, &t);
        if (S->tstop)
            break;
        pthread_mutex_unlock(&S->tmu);
        srv_tick(S, (long long)time(NULL));
        if (++ticks % TRIM_TICKS == 0)
            malloc_trim(0);
        pthread_mutex_lock(&S->tmu);
    }
    pthread_mutex_unlock(&S->tmu);
    return NULL;
}

/* ------------------------------------------------------------ loading */

sgame *srv_game_from_row(const srv_game_row *row)
{
    sgame *g = calloc(1, sizeof *g);
    char *opt = strdup(row->options ? row->options : "");
    if (!g || !opt) {
        free(g);
        free(opt);
        return NULL;
    }
    g->row = *row;
    memcpy(g->id, row->id, sizeof g->id);
    g->options = opt;
    g->row.options = opt;
    g->undo_by = -1;
    g->touched = row->last_move > row->created ? row->last_move : row->created;
    pthread_mutex_init(&g->mu, NULL);
    if (!kt_game_find(g->row.game))
        g->broken = 1;
    return g;
}

int srv_add_game(srv *S, sgame *g) { return add_game(S, g); }

static int on_game(void *ctx, const srv_game_row *row)
{
    srv *S = ctx;
    sgame *g = srv_game_from_row(row);
    if (!g || !add_game(S, g)) {
        if (g)
            sgame_free(g);
        return 0;
    }
    /* text stored by servers before names were checked (issue 31.2) */
    int fixed = srv_text_repair(g->row.name, sizeof g->row.name);
    for (int p = 0; p < g->row.players; p++)
        fixed |= srv_text_repair(g->row.seats[p].name, sizeof g->row.seats[p].name);
    if (fixed)
        srv_log(S, "game %s: a stored name was not valid UTF-8 text; shown with U+FFFD",
                g->row.id);
    if (g->broken)
        srv_log(S, "game %s is a game of '%s', which this server does not have; listed as "
                   "broken",
                g->row.id, g->row.game);
    /* on a shared database a running game is another server's until this
     * one takes its lease (cluster.c) */
    g->remote = srv_store_shared(S->st) && g->row.over == SRV_RUNNING;
    return 1;
}

static int load_games(srv *S, char *err, size_t cap)
{
    srv_store_visitor v = {on_game, NULL, S};
    if (!srv_store_load(S->st, &v)) {
        snprintf(err, cap, "loading games: %s", SRV_STORE_ERROR(S->st));
        return 0;
    }
    int rebuilt = 0;
    for (int i = 0; i < S->ngames; i++) {
        sgame *g = S->games[i];
        if (g->row.over || g->broken || g->remote)
            continue; /* opened when somebody looks at it (or takes it over) */
        char msg[KT_ERRLEN + 64];
        pthread_mutex_lock(&g->mu);
        if (!sgame_open(S, g, msg, sizeof msg)) {
            srv_log(S, "game %s could not be rebuilt: %s", g->row.id, msg);
        } else {
            rebuilt++;
            /* nobody could move while the server was down: the clocks do not
             * count the time since the game's last write */
            srv_clock_resume(g, g->row.updated, srv_unix_ms());
        }
        pthread_mutex_unlock(&g->mu);
    }
    srv_log(S, "%d game(s) in storage, %d running game(s) rebuilt", S->ngames, rebuilt);
    return 1;
}

static int start_threads(srv *S, char *err, size_t cap)
{
    int nw = S->cfg.workers > 0 ? S->cfg.workers : 1;
    S->wthreads = calloc((size_t)nw, sizeof *S->wthreads);
    for (int i = 0; S->wthreads && i < nw; i++)
        if (pthread_create(&S->wthreads[i], NULL, worker_main, S) == 0)
            S->nworkers++;
    if (!S->nworkers) {
        snprintf(err, cap, "could not start the worker threads");
        return 0;
    }
    return srv_sched_start(S, S->cfg.bot_threads > 0 ? S->cfg.bot_threads : 1, err, cap);
}

srv *srv_new(const srv_config *c, char *err, size_t cap)
{
    srv *S = calloc(1, sizeof *S);
    if (!S) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    S->cfg = *c;
    pthread_mutex_init(&S->mu, NULL);
    pthread_mutex_init(&S->lobby_mu, NULL);
    pthread_mutex_init(&S->cmu, NULL);
    pthread_mutex_init(&S->wmu, NULL);
    pthread_cond_init(&S->wcv, NULL);
    pthread_cond_init(&S->idlecv, NULL);
    pthread_mutex_init(&S->tmu, NULL);
    pthread_cond_init(&S->tcv, NULL);
    pthread_mutex_init(&S->sched.mu, NULL);
    pthread_cond_init(&S->sched.cv, NULL);
    pthread_cond_init(&S->sched.supcv, NULL);
    srv_peers_init(&S->peers);
    srv_peers_limit(&S->peers, SRV_PEER_CREATE, c->create_rate / 60.0, c->create_burst);
    /* per client address: logins 20 at once then one per 5 s, new accounts
     * 5 then one per 10 min, chat 10 messages then 2 per second
     * (docs/server.md, "Accounts" and "Chat") */
    srv_peers_limit(&S->peers, SRV_PEER_LOGIN, 0.2, 20);
    srv_peers_limit(&S->peers, SRV_PEER_SIGNUP, 1.0 / 600, 5);
    srv_peers_limit(&S->peers, SRV_PEER_CHAT, 2, 10);
    if (!srv_analyses_init(S)) {
        snprintf(err, cap, "out of memory");
        srv_free(S);
        return NULL;
    }
    kt_session_limits lim;
    kt_session_limits_server(&lim);
    kt_err e;
    if (kt_session_new(&lim, NULL, &S->lobby, &e) != KT_OK) {
        snprintf(err, cap, "%s", e.msg);
        srv_free(S);
        return NULL;
    }
    S->st = srv_store_open(c->db_path, c->sync_full, err, cap);
    if (S->st && srv_store_shared(S->st))
        S->peers.shared = S->st; /* several servers count each address together (peers.c) */
    if (!S->st || !srv_acct_init(S, err, cap) || !load_games(S, err, cap) ||
        !srv_cluster_start(S, err, cap) || !start_threads(S, err, cap)) {
        srv_free(S);
        return NULL;
    }
    for (int i = 0; i < S->ngames; i++) { /* bots whose turn it was go on */
        pthread_mutex_lock(&S->games[i]->mu);
        sgame_kick_bots(S, S->games[i]);
        pthread_mutex_unlock(&S->games[i]->mu);
    }
    S->has_ticker = pthread_create(&S->ticker, NULL, ticker_main, S) == 0; /* the list is shared now */
    if (!S->has_ticker) {
        snprintf(err, cap, "could not start the ticker thread");
        srv_free(S);
        return NULL;
    }
    return S;
}

void srv_free(srv *S)
{
    if (!S)
        return;
    if (S->has_ticker) {
        pthread_mutex_lock(&S->tmu);
        S->tstop = 1;
        pthread_cond_broadcast(&S->tcv);
        pthread_mutex_unlock(&S->tmu);
        pthread_join(S->ticker, NULL);
    }
    srv_sched_stop(S);
    srv_cluster_stop(S);
    srv_analyses_free(S);
    pthread_mutex_lock(&S->wmu);
    S->wstopping = 1;
    pthread_cond_broadcast(&S->wcv);
    pthread_mutex_unlock(&S->wmu);
    for (int i = 0; i < S->nworkers; i++)
        pthread_join(S->wthreads[i], NULL);
    free(S->wthreads);
    for (int i = 0; i < S->ngames; i++)
        if (atomic_fetch_sub(&S->games[i]->refs, 1) == 1)
            sgame_free(S->games[i]);
    free(S->games);
    kt_session_free(S->lobby);
    srv_acct_free(S);
    srv_store_close(S->st);
    srv_peers_free(&S->peers);
    pthread_mutex_destroy(&S->mu);
    pthread_mutex_destroy(&S->lobby_mu);
    pthread_mutex_destroy(&S->cmu);
    pthread_mutex_destroy(&S->wmu);
    pthread_cond_destroy(&S->wcv);
    pthread_cond_destroy(&S->idlecv);
    pthread_mutex_destroy(&S->tmu);
    pthread_cond_destroy(&S->tcv);
    pthread_mutex_destroy(&S->sched.mu);
    pthread_cond_destroy(&S->sched.cv);
    pthread_cond_destroy(&S->sched.supcv);
    free(S);
}
