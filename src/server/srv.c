/*
 * srv.c - the server core's life cycle: configuration, loading every game
 * from storage at start (running games are rebuilt by replaying their
 * actions), the list of games, tokens, and the bot workers.
 *
 * Bot workers: a queue of jobs (game, seat, epoch) guarded by qmu; `busy`
 * counts jobs being run so that srv_wait_idle can tell when bots are done.
 * A job holds a reference to its game.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "server/srv_int.h"

void srv_config_default(srv_config *c)
{
    memset(c, 0, sizeof *c);
    c->db_path = "kontor.db";
    c->sync_full = 1;
    c->bot_threads = 2;
    c->bot_ms = 10000;
    c->max_message = 64 * 1024;
    c->rate = 20;
    c->burst = 60;
    c->max_games = 10000;
}

void srv_log(srv *S, const char *fmt, ...)
{
    if (S->cfg.quiet)
        return;
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    fprintf(stderr, "serve: %s\n", line);
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
        if (!strcmp(S->games[i]->row.id, id)) {
            r = S->games[i];
            atomic_fetch_add(&r->refs, 1);
        }
    pthread_mutex_unlock(&S->mu);
    return r;
}

/* Every byte is compared whatever the outcome, so that timing does not tell
 * how much of a guessed token was right. */
static int token_eq(const char *a, const char *b)
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
        for (int p = 0; p < g->row.players; p++)
            if (!g->row.seats[p].bot && token_eq(g->row.seats[p].token, token)) {
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

/* ------------------------------------------------------------ bot workers */

void srv_enqueue(srv *S, sgame *g, int seat)
{
    sjob *j = calloc(1, sizeof *j);
    if (!j)
        return; /* the next change kicks the bots again */
    atomic_fetch_add(&g->refs, 1);
    j->g = g;
    j->seat = seat;
    j->epoch = g->epoch;
    g->seat[seat].thinking = 1;
    pthread_mutex_lock(&S->qmu);
    if (S->qtail)
        S->qtail->next = j;
    else
        S->qhead = j;
    S->qtail = j;
    pthread_cond_signal(&S->qcv);
    pthread_mutex_unlock(&S->qmu);
}

static void *worker(void *arg)
{
    srv *S = arg;
    pthread_mutex_lock(&S->qmu);
    for (;;) {
        while (!S->qhead && !S->stopping)
            pthread_cond_wait(&S->qcv, &S->qmu);
        if (S->stopping)
            break;
        sjob *j = S->qhead;
        S->qhead = j->next;
        if (!S->qhead)
            S->qtail = NULL;
        S->busy++;
        pthread_mutex_unlock(&S->qmu);
        srv_bot_job(S, j);
        srv_game_unref(S, j->g);
        free(j);
        pthread_mutex_lock(&S->qmu);
        S->busy--;
        if (!S->busy && !S->qhead)
            pthread_cond_broadcast(&S->idlecv);
    }
    pthread_mutex_unlock(&S->qmu);
    return NULL;
}

int srv_wait_idle(srv *S, int timeout_ms)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    t.tv_sec += timeout_ms / 1000;
    t.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (t.tv_nsec >= 1000000000L) {
        t.tv_sec++;
        t.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&S->qmu);
    int ok = 1;
    while ((S->busy || S->qhead) && ok)
        ok = pthread_cond_timedwait(&S->idlecv, &S->qmu, &t) == 0;
    if (!ok)
        ok = !S->busy && !S->qhead;
    pthread_mutex_unlock(&S->qmu);
    return ok;
}

/* ------------------------------------------------------------ loading */

typedef struct load_ctx {
    srv *S;
    sgame *g;
    int failed;
} load_ctx;

static int on_game(void *ctx, const srv_game_row *row)
{
    load_ctx *L = ctx;
    sgame *g = calloc(1, sizeof *g);
    char *opt = strdup(row->options ? row->options : "");
    if (!g || !opt || !add_game(L->S, g)) {
        free(g);
        free(opt);
        return 0;
    }
    g->row = *row;
    g->options = opt;
    g->row.options = opt;
    g->undo_by = -1;
    pthread_mutex_init(&g->mu, NULL);
    return 1;
}

static int load_games(srv *S, char *err, size_t cap)
{
    load_ctx L = {S, NULL, 0};
    srv_store_visitor v = {on_game, NULL, &L};
    if (!srv_store_load(S->st, &v)) {
        snprintf(err, cap, "loading games: %s", srv_store_error(S->st));
        return 0;
    }
    int rebuilt = 0;
    for (int i = 0; i < S->ngames; i++) {
        sgame *g = S->games[i];
        if (g->row.over)
            continue; /* opened when somebody looks at it */
        char msg[KT_ERRLEN + 64];
        pthread_mutex_lock(&g->mu);
        if (!sgame_open(S, g, msg, sizeof msg))
            srv_log(S, "game %s could not be rebuilt: %s", g->row.id, msg);
        else
            rebuilt++;
        pthread_mutex_unlock(&g->mu);
    }
    srv_log(S, "%d game(s) in storage, %d running game(s) rebuilt", S->ngames, rebuilt);
    return 1;
}

srv *srv_new(const srv_config *c, char *err, size_t cap)
{
    srv *S = calloc(1, sizeof *S);
    if (!S) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    S->cfg = *c;
    if (S->cfg.bot_threads < 1)
        S->cfg.bot_threads = 1;
    pthread_mutex_init(&S->mu, NULL);
    pthread_mutex_init(&S->lobby_mu, NULL);
    pthread_mutex_init(&S->qmu, NULL);
    pthread_cond_init(&S->qcv, NULL);
    pthread_cond_init(&S->idlecv, NULL);
    kt_session_limits lim;
    kt_session_limits_server(&lim);
    kt_err e;
    if (kt_session_new(&lim, NULL, &S->lobby, &e) != KT_OK) {
        snprintf(err, cap, "%s", e.msg);
        srv_free(S);
        return NULL;
    }
    S->st = srv_store_open(c->db_path, c->sync_full, err, cap);
    if (!S->st || !load_games(S, err, cap)) {
        srv_free(S);
        return NULL;
    }
    S->workers = calloc((size_t)S->cfg.bot_threads, sizeof *S->workers);
    for (int i = 0; S->workers && i < S->cfg.bot_threads; i++)
        if (pthread_create(&S->workers[i], NULL, worker, S) == 0)
            S->nworkers++;
    if (!S->nworkers) {
        snprintf(err, cap, "could not start the bot threads");
        srv_free(S);
        return NULL;
    }
    for (int i = 0; i < S->ngames; i++) { /* bots whose turn it was go on */
        pthread_mutex_lock(&S->games[i]->mu);
        sgame_kick_bots(S, S->games[i]);
        pthread_mutex_unlock(&S->games[i]->mu);
    }
    return S;
}

void srv_free(srv *S)
{
    if (!S)
        return;
    pthread_mutex_lock(&S->qmu);
    S->stopping = 1;
    pthread_cond_broadcast(&S->qcv);
    pthread_mutex_unlock(&S->qmu);
    for (int i = 0; i < S->ngames; i++) {
        pthread_mutex_lock(&S->games[i]->mu);
        sgame_cancel_bots(S->games[i]);
        pthread_mutex_unlock(&S->games[i]->mu);
    }
    for (int i = 0; i < S->nworkers; i++)
        pthread_join(S->workers[i], NULL);
    free(S->workers);
    while (S->qhead) {
        sjob *j = S->qhead;
        S->qhead = j->next;
        atomic_fetch_sub(&j->g->refs, 1);
        free(j);
    }
    for (int i = 0; i < S->ngames; i++)
        if (atomic_fetch_sub(&S->games[i]->refs, 1) == 1)
            sgame_free(S->games[i]);
    free(S->games);
    kt_session_free(S->lobby);
    srv_store_close(S->st);
    pthread_mutex_destroy(&S->mu);
    pthread_mutex_destroy(&S->lobby_mu);
    pthread_mutex_destroy(&S->qmu);
    pthread_cond_destroy(&S->qcv);
    pthread_cond_destroy(&S->idlecv);
    free(S);
}
