/*
 * cluster.c - several `kontor serve` processes on one PostgreSQL database
 * (docs/server.md, "Several servers").  On SQLite (one process) none of
 * this runs: S->cluster stays NULL and every game is hosted here.
 *
 * A running game is hosted by one process at a time: the one holding its
 * lease (a row of `leases`: owner, expiry).  The host renews its leases
 * every tick (once a second) for `lease_ms`; a process that dies stops
 * renewing, and when a client opens one of its games on another process
 * after the lease expired, that process takes the lease, reads the game
 * (its row and every stored action) from the database and goes on from
 * there, with the clocks not charged for the time nobody hosted it.
 * Moves are written only while the writer holds the lease (the INSERT
 * checks it in the same statement, store.c), so a process that lost its
 * lease - paused, cut off - cannot store a move behind the new host's back:
 * every acknowledged move is in the database, and no two hosts write one
 * game.  A process that finds it no longer holds a lease lets the game go
 * and closes its clients' connections (SRV_CLOSE_MOVED): they reconnect.
 *
 * While the lease of a game is alive elsewhere, an attach is answered with
 * error "moved" naming the host and the WebSocket address of its public URL
 * (--public-url): the web client reconnects there (net.js) and attaches
 * again, and goes back to its own server when that connection ends.
 * Games other processes create are read when a link of theirs is opened
 * here (srv_cluster_find_token) and, for the lobby, from the rows changed
 * since the last look (once a second).
 *
 * Logging out everywhere reaches the other processes as a NOTIFY "logout N"
 * (account.c sends it; on_notice closes the account's connections here).
 * The limits per client address count every server's requests (peers.c):
 * each tick also writes this server's open connections per address and
 * reads the other live servers' (srv_peers_share).
 *
 * Data layout: struct srv_cluster: this process's owner name and public
 * URL, the unix ms of the last look at changed rows, and a buffer of the
 * game ids this process held at the last renewal.  Ticks run on the ticker
 * thread only; srv_cluster_host runs on workers with the game's lock held.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "server/srv_int.h"

struct srv_cluster {
    char owner[128];
    char url[256];
    long long seen_ms; /* rows changed after this were read */
    char (*held)[SRV_ID_LEN];
    int nheld, capheld;
};

/* Another server's notice (the store's listener thread): "logout N" closes
 * account N's connections here too. */
static void on_notice(void *ctx, const char *payload)
{
    srv *S = ctx;
    long long acc = 0;
    if (sscanf(payload, "logout %lld", &acc) == 1 && acc > 0)
        srv_acct_kick(S, acc);
}

int srv_cluster_start(srv *S, char *err, size_t cap)
{
    if (!srv_store_shared(S->st))
        return 1;
    struct srv_cluster *C = calloc(1, sizeof *C);
    if (!C) {
        snprintf(err, cap, "out of memory");
        return 0;
    }
    char rnd[9] = "";
    srv_random_hex(rnd, 8);
    if (S->cfg.server_id && S->cfg.server_id[0])
        snprintf(C->owner, sizeof C->owner, "%s", S->cfg.server_id);
    else
        snprintf(C->owner, sizeof C->owner, "pid%d-%s", (int)getpid(), rnd);
    snprintf(C->url, sizeof C->url, "%s", S->cfg.public_url ? S->cfg.public_url : "");
    C->seen_ms = srv_unix_ms();
    if (S->cfg.lease_ms <= 0)
        S->cfg.lease_ms = 6000;
    if (!srv_store_server_beat(S->st, C->owner, C->url, srv_unix_ms())) {
        snprintf(err, cap, "%s", SRV_STORE_ERROR(S->st));
        free(C);
        return 0;
    }
    if (!srv_store_listen(S->st, on_notice, S)) {
        snprintf(err, cap, "%s", SRV_STORE_ERROR(S->st));
        free(C);
        return 0;
    }
    srv_store_conns_drop(S->st, C->owner); /* an earlier run under this --server-id */
    S->cluster = C;
    srv_log(S, "several servers: this one is '%s' (leases of %lld ms)", C->owner, S->cfg.lease_ms);
    return 1;
}

/* Leases are not given back: a stopped server's games are taken over when
 * they expire, exactly as after a crash (one path to test). */
void srv_cluster_stop(srv *S)
{
    if (!S->cluster)
        return;
    free(S->cluster->held);
    free(S->cluster);
    S->cluster = NULL;
}

const char *srv_cluster_owner(const srv *S) { return S->cluster ? S->cluster->owner : NULL; }

/* ------------------------------------------------------------ rows */

typedef struct row_ctx {
    srv_game_row row;
    char *options;
    int found;
} row_ctx;

static int keep_row(void *ctx, const srv_game_row *r)
{
    row_ctx *R = ctx;
    R->row = *r;
    free(R->options);
    R->options = strdup(r->options ? r->options : "");
    R->row.options = NULL;
    R->found = R->options != NULL;
    return 1;
}

/* g's row as the database has it now (the options stay: they never change). */
static int refresh_row(srv *S, sgame *g)
{
    row_ctx R = {.found = 0};
    srv_store_visitor v = {keep_row, NULL, &R};
    int r = srv_store_game(S->st, g->row.id, &v);
    free(R.options);
    if (r != 1 || !R.found)
        return 0;
    R.row.options = g->options;
    g->row = R.row;
    return 1;
}

/* ------------------------------------------------------------ hosting */

/* This server takes g over: the database's row and actions replace what it
 * had, the clocks skip the time since the last host was alive, bots go on. */
static int take_over(srv *S, sgame *g, long long prev_alive, char *err, size_t cap)
{
    sgame_cancel_bots(g);
    g->epoch++;
    sgame_unload(g);
    if (g->S) {
        snprintf(err, cap, "a bot of this game is still thinking here; try again");
        return 0;
    }
    if (!refresh_row(S, g)) {
        snprintf(err, cap, "the game could not be read: %s", SRV_STORE_ERROR(S->st));
        return 0;
    }
    g->remote = 0;
    g->broken = !kt_game_find(g->row.game);
    if (!sgame_open(S, g, err, cap)) {
        g->remote = 1;
        return 0;
    }
    long long now = srv_unix_ms();
    if (g->row.over == SRV_RUNNING)
        srv_clock_resume(g, prev_alive, now);
    g->touched = now / 1000;
    sgame_kick_bots(S, g);
    return 1;
}

/* The WebSocket address of a server whose public URL is `url`
 * ("https://site/s/a" -> "wss://site/s/a/ws"); "" when it has none or it is
 * not an http(s) URL. */
static void ws_address(const char *url, char *out, size_t cap)
{
    const char *scheme = !strncmp(url, "https://", 8) ? "wss://" : !strncmp(url, "http://", 7) ? "ws://" : NULL;
    out[0] = '\0';
    if (!scheme)
        return;
    const char *rest = strstr(url, "://") + 3;
    size_t n = strlen(rest);
    while (n && rest[n - 1] == '/')
        n--;
    if (n && n < cap - 16 && !memchr(rest, '?', n) && !memchr(rest, '#', n))
        snprintf(out, cap, "%s%.*s/ws", scheme, (int)n, rest);
}

/* "moved": another live server holds the game's lease.  The reply names it
 * and, when it has a public URL, the WebSocket address where the game lives
 * ("ws"): the web client reconnects there and attaches again (a redirect,
 * docs/server.md "Several active servers" says why not a relay). */
static void moved_reply(srv *S, srv_conn *c, const char *ref, const char *holder)
{
    char url[512] = "", ws[600] = "", msg[1024];
    srv_store_server_url(S->st, holder, url, sizeof url);
    ws_address(url, ws, sizeof ws);
    snprintf(msg, sizeof msg,
             "this game is hosted by another server (%s%s%s) for now; if that server has stopped, "
             "this one takes the game over within %lld s",
             holder, url[0] ? " at " : "", url, S->cfg.lease_ms / 1000 + 1);
    kt_buf b;
    kt_buf_init(&b);
    kt_jw w;
    kt_jw_init(&w, &b);
    srv_error_open(&w, ref, "moved", msg);
    kt_jw_kstr(&w, "server", holder);
    if (ws[0])
        kt_jw_kstr(&w, "ws", ws);
    kt_jw_obj_end(&w);
    char *t = kt_buf_take(&b);
    if (t)
        srv_conn_queue_take(c, t);
    else
        srv_reply_error(c, ref, "moved", "%s", msg);
}

int srv_cluster_host(srv *S, sgame *g, srv_conn *c, const char *ref)
{
    struct srv_cluster *C = S->cluster;
    if (!C)
        return 1;
    /* finished elsewhere since this server last looked: read it (finished
     * games have no lease: any server shows them) */
    if (g->remote && refresh_row(S, g) && g->row.over != SRV_RUNNING) {
        sgame_unload(g);
        g->remote = 0;
    }
    if (g->row.over != SRV_RUNNING)
        return 1;
    long long prev = 0, now = srv_unix_ms();
    char holder[128];
    int r = srv_store_lease_take(S->st, g->row.id, C->owner, now, S->cfg.lease_ms, &prev, holder,
                                 sizeof holder);
    if (r < 0) {
        srv_reply_error(c, ref, "io", "%s", SRV_STORE_ERROR(S->st));
        return 0;
    }
    if (r == 0) {
        moved_reply(S, c, ref, holder);
        return 0;
    }
    if (!g->remote && prev == 0)
        return 1; /* ours all along */
    char err[KT_ERRLEN + 64];
    if (!take_over(S, g, prev, err, sizeof err)) {
        srv_store_lease_drop(S->st, g->row.id, C->owner);
        srv_reply_error(c, ref, "state", "%s", err);
        return 0;
    }
    srv_log(S, "game %s taken over (%d actions stored)", g->row.id, g->nacts);
    return 1;
}

int srv_cluster_adopt(srv *S, sgame *g)
{
    struct srv_cluster *C = S->cluster;
    if (!C)
        return 1;
    long long prev = 0;
    return srv_store_lease_take(S->st, g->row.id, C->owner, srv_unix_ms(), S->cfg.lease_ms, &prev,
                                NULL, 0) == 1;
}

/* ------------------------------------------------------------ games of others */

sgame *srv_cluster_find_token(srv *S, const char *token, int *seat)
{
    if (!S->cluster)
        return NULL;
    char id[SRV_ID_LEN];
    if (srv_store_find_token(S->st, token, id, seat) != 1)
        return NULL;
    sgame *g = srv_find_game(S, id); /* known after all (another thread added it) */
    if (g)
        return g;
    row_ctx R = {.found = 0};
    srv_store_visitor v = {keep_row, NULL, &R};
    if (srv_store_game(S->st, id, &v) != 1 || !R.found) {
        free(R.options);
        return NULL;
    }
    R.row.options = R.options;
    g = srv_game_from_row(&R.row);
    free(R.options);
    if (!g)
        return NULL;
    g->remote = g->row.over == SRV_RUNNING;
    pthread_mutex_lock(&S->mu);
    sgame *known = NULL;
    for (int i = 0; i < S->ngames && !known; i++)
        if (!strcmp(S->games[i]->row.id, id))
            known = S->games[i];
    if (known) {
        atomic_fetch_add(&known->refs, 1);
        pthread_mutex_unlock(&S->mu);
        sgame_free(g);
        return known;
    }
    if (!srv_add_game(S, g)) {
        pthread_mutex_unlock(&S->mu);
        sgame_free(g);
        return NULL;
    }
    atomic_fetch_add(&g->refs, 1); /* the caller's */
    pthread_mutex_unlock(&S->mu);
    return g;
}

/* Rows other servers changed: the lobby's facts of their games, and games
 * this server has not seen yet.  The store calls on_changed while it holds
 * its own lock, and the server takes its game list's lock (S->mu) before
 * the store's elsewhere (creating a game), so the rows are only copied here
 * and applied by apply_changed after the store has let go: taking S->mu
 * inside the callback would invert that order (ThreadSanitizer found it). */
typedef struct changed_rows {
    sgame **g;
    int n, cap;
} changed_rows;

static int on_changed(void *ctx, const srv_game_row *row)
{
    changed_rows *R = ctx;
    if (R->n == R->cap) {
        int cap = R->cap ? 2 * R->cap : 16;
        sgame **g = realloc(R->g, sizeof *g * (size_t)cap);
        if (!g)
            return 1; /* read again at the next tick (rows are read 2 s back) */
        R->g = g;
        R->cap = cap;
    }
    sgame *g = srv_game_from_row(row);
    if (g)
        R->g[R->n++] = g;
    return 1;
}

static void apply_changed(srv *S, changed_rows *R)
{
    for (int i = 0; i < R->n; i++) {
        sgame *fresh = R->g[i];
        sgame *g = srv_find_game(S, fresh->row.id);
        if (g) {
            pthread_mutex_lock(&g->mu);
            if (g->remote) {
                srv_game_row r = fresh->row;
                r.options = g->options;
                g->row = r;
            }
            pthread_mutex_unlock(&g->mu);
            srv_game_unref(S, g);
            sgame_free(fresh);
            continue;
        }
        fresh->remote = fresh->row.over == SRV_RUNNING;
        pthread_mutex_lock(&S->mu);
        int ok = srv_add_game(S, fresh);
        pthread_mutex_unlock(&S->mu);
        if (!ok)
            sgame_free(fresh);
    }
    free(R->g);
    R->g = NULL;
    R->n = R->cap = 0;
}

static int collect_held(void *ctx, const char *id)
{
    struct srv_cluster *C = ctx;
    if (C->nheld == C->capheld) {
        int cap = C->capheld ? C->capheld * 2 : 64;
        char(*p)[SRV_ID_LEN] = realloc(C->held, sizeof *p * (size_t)cap);
        if (!p)
            return 0;
        C->held = p;
        C->capheld = cap;
    }
    snprintf(C->held[C->nheld++], SRV_ID_LEN, "%s", id);
    return 1;
}

static int held(const struct srv_cluster *C, const char *id)
{
    for (int i = 0; i < C->nheld; i++)
        if (!strcmp(C->held[i], id))
            return 1;
    return 0;
}

/* A game whose lease another server has now: let it go (g->mu held). */
static void let_go(srv *S, sgame *g)
{
    g->remote = 1;
    sgame_cancel_bots(g);
    g->epoch++;
    for (int i = 0; i < g->nsubs; i++)
        srv_conn_kick(g->subs[i], SRV_CLOSE_MOVED, "the game moved to another server");
    sgame_unload(g);
    srv_log(S, "game %s: another server hosts it now", g->row.id);
}

void srv_cluster_tick(srv *S, long long now)
{
    struct srv_cluster *C = S->cluster;
    if (!C)
        return;
    srv_store_server_beat(S->st, C->owner, C->url, now);
    C->nheld = 0;
    if (!srv_store_lease_renew(S->st, C->owner, now, S->cfg.lease_ms, collect_held, C)) {
        srv_log(S, "leases not renewed: %s", SRV_STORE_ERROR(S->st));
        return; /* the writes' fence keeps the games safe meanwhile */
    }
    pthread_mutex_lock(&S->mu);
    for (int i = 0; i < S->ngames; i++) {
        sgame *g = S->games[i];
        pthread_mutex_lock(&g->mu);
        if (!g->remote && g->row.over == SRV_RUNNING && !g->gone && !held(C, g->row.id))
            let_go(S, g);
        pthread_mutex_unlock(&g->mu);
    }
    pthread_mutex_unlock(&S->mu);
    long long since = C->seen_ms - 2000; /* rows written while we looked are read again */
    C->seen_ms = now;
    changed_rows R = {0};
    srv_store_visitor v = {on_changed, NULL, &R};
    srv_store_changed(S->st, since, &v);
    apply_changed(S, &R);
    /* open connections per address, counted over every live server */
    srv_peers_share(&S->peers, C->owner, now - S->cfg.lease_ms);
    /* and analyses per address (analysis.c) */
    srv_analyses_share(S, C->owner, now - S->cfg.lease_ms);
}
