/*
 * peers.c - what the server remembers per client address: open
 * connections, and token buckets for new connections and for created games.
 * One address must not be able to take the server from everybody else
 * (issue 31.6): 10,000 games in 15 s, hundreds of idle connections.
 *
 * Several servers on one database (PostgreSQL, P->shared set): a request
 * that passes this process's bucket is also counted in the database
 * (addr_hits: one short-lived counter per address, kind and window of
 * burst / rate seconds), and refused when the address's count over the last
 * window - the current window's count plus the previous one's, weighted by
 * how much of it still lies within the last window - passes the burst.  So
 * every server together allows what one would.  Only the kinds checked on
 * worker threads (games created, logins, sign-ups, chat) go to the
 * database.  Connections are checked on the network thread, which must never
 * wait for a database: there the open connections of an address on the
 * other servers are the figure of the last tick (srv_peers_share: once a
 * second every server writes its changed counts and reads the others'), so
 * an address may pass the limit by what it opens within a second.  The rate
 * of new connections is the same sliding window as the worker threads'
 * kinds, but the network thread counts a new connection in its record only
 * and compares with every server's count as the ticker read it last
 * (share_conn_rate: once a second it adds this server's new connections to
 * addr_hits and reads every address's counts back), so an address may pass
 * it by what the other servers let in within the last second
 * (docs/server.md, "Several active servers").
 *
 * Data layout: a hash table of srv_peer records keyed by the address key
 * (srv_addr_key: an IPv4 address, or an IPv6 /64 prefix, as text), chained
 * in buckets; guarded by one mutex (short critical sections: a lookup and a
 * few arithmetic operations).  Records of addresses with nothing open and
 * full buckets are dropped by srv_peers_sweep, so the table holds only the
 * addresses active lately.
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/srv_int.h"

/* New connections of one address in one time window of the shared rate
 * (several servers): `pend` not yet written to the database, `sent` written
 * at this tick but not yet in what was read back. */
typedef struct hit_slot {
    long long win;
    int pend, sent;
} hit_slot;

struct srv_peer {
    struct srv_peer *next;
    char key[48];
    int conns;
    int others;    /* open on the other servers, at the last look (srv_peers_share) */
    int published; /* conns as last written to the database; -1: write again */
    hit_slot cs[2];           /* new connections here by window parity (shared rate) */
    long long seen_win;       /* every server's new connections at the last look: */
    long long seen_cur, seen_prev; /* in window seen_win and the one before */
    double tokens[SRV_PEER_NBUCKETS];
    long long at[SRV_PEER_NBUCKETS]; /* monotonic ms of the last refill; 0 = full, untouched */
};

int srv_addr_key(const char *addr, char *key, size_t cap)
{
    unsigned char a[16];
    char tmp[64];
    if (!addr || cap < 48)
        return 0;
    /* "::ffff:192.0.2.1" (IPv4 on an IPv6 socket) counts as the IPv4 address */
    if (!strncmp(addr, "::ffff:", 7) && inet_pton(AF_INET, addr + 7, a) == 1)
        addr += 7;
    if (inet_pton(AF_INET, addr, a) == 1) {
        inet_ntop(AF_INET, a, tmp, sizeof tmp);
        snprintf(key, cap, "%s", tmp);
        return 1;
    }
    if (inet_pton(AF_INET6, addr, a) == 1) {
        memset(a + 8, 0, 8); /* the /64: one customer's network */
        inet_ntop(AF_INET6, a, tmp, sizeof tmp);
        snprintf(key, cap, "%s/64", tmp);
        return 1;
    }
    return 0;
}

void srv_peers_init(srv_peers *P)
{
    memset(P, 0, sizeof *P);
    pthread_mutex_init(&P->mu, NULL);
    P->nbucket = 1024;
    P->bucket = calloc(P->nbucket, sizeof *P->bucket);
}

void srv_peers_free(srv_peers *P)
{
    for (size_t i = 0; P->bucket && i < P->nbucket; i++)
        while (P->bucket[i]) {
            srv_peer *p = P->bucket[i];
            P->bucket[i] = p->next;
            free(p);
        }
    free(P->bucket);
    P->bucket = NULL;
    pthread_mutex_destroy(&P->mu);
}

static size_t hash(const char *s)
{
    size_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* The record of key (created when `create`), mu held. */
static srv_peer *find(srv_peers *P, const char *key, int create)
{
    if (!P->bucket)
        return NULL;
    size_t b = hash(key) % P->nbucket;
    for (srv_peer *p = P->bucket[b]; p; p = p->next)
        if (!strcmp(p->key, key))
            return p;
    if (!create)
        return NULL;
    srv_peer *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    snprintf(p->key, sizeof p->key, "%s", key);
    p->published = 0;
    p->next = P->bucket[b];
    P->bucket[b] = p;
    P->count++;
    return p;
}

/* Refill bucket `which` to now; a fresh bucket starts full. */
static void refill(srv_peer *p, int which, double rate, double burst, long long now_ms)
{
    if (!p->at[which]) {
        p->tokens[which] = burst;
    } else {
        double dt = (double)(now_ms - p->at[which]) / 1000.0;
        p->tokens[which] += dt > 0 ? dt * rate : 0;
        if (p->tokens[which] > burst)
            p->tokens[which] = burst;
    }
    p->at[which] = now_ms ? now_ms : 1;
}

void srv_peers_limit(srv_peers *P, int which, double rate, double burst)
{
    pthread_mutex_lock(&P->mu);
    P->rate[which] = rate;
    P->burst[which] = burst < 1 ? 1 : burst;
    pthread_mutex_unlock(&P->mu);
}

/* The length in ms of the shared count's time windows: burst / rate. */
static long long window_ms(double rate, double burst)
{
    long long w = (long long)(burst / rate * 1000.0);
    return w < 1000 ? 1000 : w;
}

/* The count of every server (see the head of this file).  A database that
 * fails does not lock anybody out: this process's bucket still holds. */
static int shared_ok(srv_peers *P, const char *key, int which, double rate, double burst)
{
    if (!P->shared || which == SRV_PEER_CONN || rate <= 0)
        return 1;
    long long w = window_ms(rate, burst);
    long long now = srv_unix_ms(), win = now / w, cur = 0, prev = 0;
    if (!srv_store_addr_hit(P->shared, key, which, win, (win + 2) * w, &cur, &prev))
        return 1;
    double still = 1.0 - (double)(now - win * w) / (double)w;
    return (double)cur + (double)prev * still <= burst + 1e-9;
}

/* New connections of p in window win, every server's as of the last look
 * plus this server's since (mu held). */
static double conn_hits(const srv_peer *p, long long win)
{
    long long seen = p->seen_win == win ? p->seen_cur : p->seen_win == win + 1 ? p->seen_prev : 0;
    const hit_slot *h = &p->cs[win & 1];
    return (double)seen + (h->win == win ? h->pend + h->sent : 0);
}

/* The rate of new connections over every server (mu held; the network
 * thread: no database here, the others' figure is the last tick's).  The
 * same sliding window as shared_ok; a connection that passes is counted
 * here until the ticker writes it (srv_peers_share). */
static int conn_shared_ok(srv_peers *P, srv_peer *p, double rate, double burst)
{
    if (!P->shared || rate <= 0)
        return 1;
    long long w = window_ms(rate, burst), now = srv_unix_ms(), win = now / w;
    double still = 1.0 - (double)(now - win * w) / (double)w;
    if (conn_hits(p, win) + 1 + conn_hits(p, win - 1) * still > burst + 1e-9)
        return 0;
    hit_slot *h = &p->cs[win & 1];
    if (h->win != win)
        *h = (hit_slot){.win = win};
    h->pend++;
    return 1;
}

int srv_peers_take(srv_peers *P, const char *key, int which, long long now_ms)
{
    pthread_mutex_lock(&P->mu);
    double rate = P->rate[which], burst = P->burst[which];
    srv_peer *p = rate > 0 ? find(P, key, 1) : NULL; /* rate 0: no limit */
    int ok = 1;
    if (p) {
        refill(p, which, rate, burst, now_ms);
        ok = p->tokens[which] >= 1.0;
        if (ok)
            p->tokens[which] -= 1.0;
        if (ok && which == SRV_PEER_CONN)
            ok = conn_shared_ok(P, p, rate, burst);
    }
    pthread_mutex_unlock(&P->mu);
    return ok && shared_ok(P, key, which, rate, burst);
}

int srv_peers_open(srv_peers *P, const char *key, int max)
{
    pthread_mutex_lock(&P->mu);
    srv_peer *p = find(P, key, 1);
    int ok = !p || max <= 0 || p->conns + p->others < max;
    if (p && ok)
        p->conns++;
    pthread_mutex_unlock(&P->mu);
    return ok;
}

void srv_peers_close(srv_peers *P, const char *key)
{
    pthread_mutex_lock(&P->mu);
    srv_peer *p = find(P, key, 0);
    if (p && p->conns > 0)
        p->conns--;
    pthread_mutex_unlock(&P->mu);
}

void srv_peers_sweep(srv_peers *P, long long now_ms)
{
    if (P->shared && now_ms - P->swept_ms >= 10000) { /* the ticker only */
        P->swept_ms = now_ms;
        srv_store_addr_sweep(P->shared, srv_unix_ms());
    }
    pthread_mutex_lock(&P->mu);
    for (size_t b = 0; P->bucket && b < P->nbucket; b++)
        for (srv_peer **pp = &P->bucket[b]; *pp;) {
            srv_peer *p = *pp;
            int idle = !p->conns && !p->others && p->published == 0 && !p->seen_cur &&
                       !p->seen_prev && !p->cs[0].pend && !p->cs[0].sent && !p->cs[1].pend &&
                       !p->cs[1].sent;
            for (int w = 0; w < SRV_PEER_NBUCKETS; w++) {
                if (!p->at[w] || P->rate[w] <= 0)
                    continue;
                refill(p, w, P->rate[w], P->burst[w], now_ms);
                idle &= p->tokens[w] >= P->burst[w];
            }
            if (idle) {
                *pp = p->next;
                free(p);
                P->count--;
            } else {
                pp = &p->next;
            }
        }
    pthread_mutex_unlock(&P->mu);
}

size_t srv_peers_count(srv_peers *P)
{
    pthread_mutex_lock(&P->mu);
    size_t n = P->count;
    pthread_mutex_unlock(&P->mu);
    return n;
}

/* ------------------------------------------------------------ several servers */

int srv_addr_rows_add(srv_addr_rows *X, const char *key, long long n, long long win)
{
    if (X->n == X->cap) {
        int cap = X->cap ? 2 * X->cap : 64;
        srv_addr_count *r = realloc(X->rows, sizeof *r * (size_t)cap);
        if (!r)
            return 0;
        X->rows = r;
        X->cap = cap;
    }
    snprintf(X->rows[X->n].key, sizeof X->rows[X->n].key, "%s", key);
    X->rows[X->n].win = win;
    X->rows[X->n++].n = n;
    return 1;
}

static int share_add(srv_addr_rows *X, const char *key, long long n)
{
    return srv_addr_rows_add(X, key, n, 0);
}

static int hit_row(void *ctx, const char *key, long long win, long long n)
{
    return srv_addr_rows_add(ctx, key, n, win);
}

/* The rate of new connections over every server: write the connections
 * this server let in since the last tick (addr_hits), read every server's
 * counts of the current and the previous window back. */
static void share_conn_rate(srv_peers *P)
{
    pthread_mutex_lock(&P->mu);
    double rate = P->rate[SRV_PEER_CONN], burst = P->burst[SRV_PEER_CONN];
    srv_addr_rows mine = {0}, all = {0};
    for (size_t b = 0; rate > 0 && P->bucket && b < P->nbucket; b++)
        for (srv_peer *p = P->bucket[b]; p; p = p->next)
            for (int i = 0; i < 2; i++)
                if (p->cs[i].pend && srv_addr_rows_add(&mine, p->key, p->cs[i].pend, p->cs[i].win)) {
                    p->cs[i].sent += p->cs[i].pend;
                    p->cs[i].pend = 0;
                }
    pthread_mutex_unlock(&P->mu);
    if (rate <= 0)
        return;
    long long w = window_ms(rate, burst), win = srv_unix_ms() / w;
    if (mine.n)
        srv_store_addr_add(P->shared, SRV_PEER_CONN, w, mine.rows, mine.n);
    /* a failed write is not tried again: this server's bucket still holds */
    int read = srv_store_addr_recent(P->shared, SRV_PEER_CONN, win - 1, hit_row, &all);
    pthread_mutex_lock(&P->mu);
    for (size_t b = 0; read && P->bucket && b < P->nbucket; b++)
        for (srv_peer *p = P->bucket[b]; p; p = p->next) {
            p->seen_win = win;
            p->seen_cur = p->seen_prev = 0;
            p->cs[0].sent = p->cs[1].sent = 0; /* in what was read, or lost with the write */
        }
    for (int i = 0; read && i < all.n; i++) {
        srv_peer *p = all.rows[i].win >= win - 1 && all.rows[i].win <= win
                          ? find(P, all.rows[i].key, 1)
                          : NULL;
        if (p && all.rows[i].win == win)
            p->seen_cur = all.rows[i].n;
        else if (p)
            p->seen_prev = all.rows[i].n;
    }
    pthread_mutex_unlock(&P->mu);
    free(mine.rows);
    free(all.rows);
}

static int other_row(void *ctx, const char *key, long long n)
{
    return share_add(ctx, key, n);
}

void srv_peers_share(srv_peers *P, const char *owner, long long alive_after)
{
    if (!P->shared)
        return;
    srv_addr_rows mine = {0}, theirs = {0};
    pthread_mutex_lock(&P->mu); /* the counts that changed since the last tick */
    for (size_t b = 0; P->bucket && b < P->nbucket; b++)
        for (srv_peer *p = P->bucket[b]; p; p = p->next)
            if (p->conns != p->published && share_add(&mine, p->key, p->conns))
                p->published = p->conns;
    pthread_mutex_unlock(&P->mu);
    int wrote = !mine.n || srv_store_conns_put(P->shared, owner, mine.rows, mine.n);
    int read = srv_store_conns_others(P->shared, owner, alive_after, other_row, &theirs);
    pthread_mutex_lock(&P->mu);
    for (size_t b = 0; P->bucket && b < P->nbucket; b++)
        for (srv_peer *p = P->bucket[b]; p; p = p->next) {
            if (read)
                p->others = 0;
            if (!wrote)
                p->published = -1; /* written again at the next tick */
        }
    for (int i = 0; read && i < theirs.n; i++) {
        srv_peer *p = find(P, theirs.rows[i].key, 1);
        if (p)
            p->others = theirs.rows[i].n > 1000000 ? 1000000 : (int)theirs.rows[i].n;
    }
    pthread_mutex_unlock(&P->mu);
    free(mine.rows);
    free(theirs.rows);
    share_conn_rate(P);
}
