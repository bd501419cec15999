/*
 * load.c - the load test's clients (`kontor serve --load-test N` and
 * `--watchers N`, run by tests/server/load-test.sh; figures in
 * docs/server.md).  Not part of `make test`.
 *
 * Players (--load-test N): N WebSocket clients, each creating a game of its
 * own against bots, taking its seat and playing: on every view that offers
 * it actions it picks one at random and sends it, after thinking for
 * 0.5-1.5 times --think milliseconds (0: at once, which measures the
 * server's saturation rather than what a person sees).  Latency is measured from
 * sending a move to the first view that shows it (the view's action count
 * has passed the move).  When a game ends, and after its last move, the
 * client compares the server's record of the game with the moves the
 * server acknowledged (in memory), and writes "game_id acknowledged" to the
 * --acked file, which the script compares with the database after the
 * server is gone (the count that matters).
 *
 * Watchers (--watchers N): N idle spectators, held open --hold seconds;
 * every 50 share an address and a game of their own that the first of
 * them creates (nobody moves in it); they answer the server's pings.  They run in a process of their own so that their
 * bookkeeping does not delay the players' measurements.
 *
 * Each client connects from its own loopback address (127.2.x.y for
 * players, 127.3.x.y for every 50 watchers), so the server's limits per
 * address apply as they would to people.  One thread, epoll, plain
 * sockets: a minimal client (handshake, masked text frames out, unmasked
 * frames in, TCP_NODELAY).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "server/srv_int.h"

typedef struct lgame {
    char id[SRV_ID_LEN];
    int acked;
} lgame;

typedef struct lclient {
    int fd;
    unsigned char *in; /* bytes received, not yet a whole frame */
    size_t nin, capin;
    int upgraded, watcher;
    const srv_load_config *cfg;
    int id, seat;
    uint64_t rng;
    int moves, acked, acked_game, games;
    long long awaiting; /* action count the awaited view must pass; -1 none */
    double sent_at;
    double move_at;     /* a move thought about, to be sent then (0: none) */
    long long move_id, move_base;
    double *lat;
    int nlat;
    int errors, done, lost;
    char last_error[200];
    char game[SRV_ID_LEN]; /* players: the game now; watchers: the game watched */
    lgame *played;
    int nplayed, capplayed;
    struct lclient *all;   /* watchers: every watcher (a group shares one game) */
    int nall, waiting;     /* waiting: upgraded, the group's game not known yet */
} lclient;

#define WATCH_GROUP 50 /* watchers per address and per watched game */

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1000.0 + (double)t.tv_nsec / 1e6;
}

static uint64_t next_rand(uint64_t *s)
{
    uint64_t x = (*s += 0x9e3779b97f4a7c15ULL);
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

static void fail(lclient *L, const char *why)
{
    L->errors++;
    snprintf(L->last_error, sizeof L->last_error, "%s", why);
    L->done = 1;
}

static int write_all(int fd, const unsigned char *p, size_t n)
{
    while (n) {
        ssize_t k = send(fd, p, n, MSG_NOSIGNAL);
        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0 && errno == EAGAIN) {
            struct pollfd pf = {fd, POLLOUT, 0};
            poll(&pf, 1, 1000);
            continue;
        }
        if (k <= 0)
            return 0;
        p += k;
        n -= (size_t)k;
    }
    return 1;
}

/* One masked frame (clients must mask; the mask need not be secret). */
static void send_frame(lclient *L, int opcode, const char *text, size_t n)
{
    size_t h = 2;
    unsigned char *f = malloc(n + 14);
    if (!f) {
        fail(L, "out of memory");
        return;
    }
    f[0] = (unsigned char)(0x80 | opcode);
    if (n < 126) {
        f[1] = (unsigned char)(0x80 | n);
    } else if (n < 65536) {
        f[1] = 0x80 | 126;
        f[2] = (unsigned char)(n >> 8);
        f[3] = (unsigned char)n;
        h = 4;
    } else {
        f[1] = 0x80 | 127;
        for (int i = 0; i < 8; i++)
            f[2 + i] = (unsigned char)((uint64_t)n >> (56 - 8 * i));
        h = 10;
    }
    uint32_t m = (uint32_t)next_rand(&L->rng);
    unsigned char mask[4] = {(unsigned char)m, (unsigned char)(m >> 8), (unsigned char)(m >> 16),
                             (unsigned char)(m >> 24)};
    memcpy(f + h, mask, 4);
    for (size_t i = 0; i < n; i++)
        f[h + 4 + i] = (unsigned char)text[i] ^ mask[i & 3];
    if (!write_all(L->fd, f, h + 4 + n))
        fail(L, "write failed");
    free(f);
}

static void send_text(lclient *L, const char *text) { send_frame(L, 1, text, strlen(text)); }

static void spectate(lclient *L, const char *id)
{
    char msg[160];
    snprintf(L->game, sizeof L->game, "%s", id);
    snprintf(msg, sizeof msg, "{\"cmd\":\"spectate\",\"ref\":\"watch\",\"game\":\"%s\"}", id);
    L->waiting = 0;
    send_text(L, msg);
}

static void create_game(lclient *L)
{
    char msg[512];
    if (L->watcher && L->id % WATCH_GROUP) { /* not the group's first: watch its game */
        lclient *lead = &L->all[L->id - L->id % WATCH_GROUP];
        if (lead->game[0])
            spectate(L, lead->game);
        else
            L->waiting = 1;
        return;
    }
    if (L->watcher) /* a game nobody moves in: the human seat starts and never does */
        snprintf(msg, sizeof msg,
                 "{\"cmd\":\"create\",\"ref\":\"create\",\"game\":\"%s\",\"players\":2,"
                 "\"listed\":false,\"seats\":[{\"human\":true},{\"bot\":\"%s\"}]}",
                 L->cfg->game, L->cfg->bot);
    else
        snprintf(msg, sizeof msg,
                 "{\"cmd\":\"create\",\"ref\":\"create\",\"game\":\"%s\",\"players\":2,"
                 "\"listed\":false,\"seats\":[{\"human\":true,\"name\":\"load %d\"},"
                 "{\"bot\":\"%s\"}]}",
                 L->cfg->game, L->id, L->cfg->bot);
    L->acked_game = 0;
    L->awaiting = -1;
    send_text(L, msg);
}

static long long jint(const kt_jv *o, const char *k, long long def)
{
    const kt_jv *v = o ? kt_jv_get(o, k) : NULL;
    if (!v || v->type != KT_JNUM || !v->isint)
        return def;
    return v->neg ? -(long long)v->u : (long long)v->u;
}

static void ask_record(lclient *L)
{
    L->acked_game = -L->acked_game - 1; /* asked once */
    send_text(L, "{\"cmd\":\"record\",\"ref\":\"record\"}");
}

static void send_move(lclient *L)
{
    char msg[128];
    snprintf(msg, sizeof msg, "{\"cmd\":\"apply\",\"ref\":\"move\",\"id\":%lld}", L->move_id);
    L->move_at = 0;
    L->sent_at = now_ms();
    send_text(L, msg);
}

/* A view: measure the latency of an awaited move, then move if we may. */
static void on_view(lclient *L, const kt_jv *root)
{
    if (L->watcher)
        return;
    const kt_jv *status = kt_jv_get(root, "status");
    long long actions = jint(status, "actions", -1);
    const kt_jv *st = status ? kt_jv_get(status, "status") : NULL;
    if (L->awaiting >= 0 && L->move_at <= 0 && actions > L->awaiting) {
        L->lat[L->nlat++ % (L->cfg->moves + 1)] = now_ms() - L->sent_at;
        L->awaiting = -1;
        if (L->moves >= L->cfg->moves && L->acked_game >= 0) /* all made and seen */
            ask_record(L);
    }
    if (st && st->type == KT_JSTR && !strcmp(st->s, "over")) {
        if (L->awaiting < 0 && L->acked_game >= 0)
            ask_record(L);
        return;
    }
    const kt_jv *legal = kt_jv_get(root, "legal");
    const kt_jv *list = legal ? kt_jv_get(legal, "legal") : NULL;
    if (L->awaiting >= 0 || !list || list->type != KT_JARR || list->n == 0 ||
        L->moves >= L->cfg->moves || L->acked_game < 0)
        return;
    const kt_jv *pick = kt_jv_at(list, (int)(next_rand(&L->rng) % (uint64_t)list->n));
    L->move_id = jint(pick, "id", 0);
    L->move_base = actions;
    L->awaiting = actions; /* no second move is chosen meanwhile */
    L->moves++;
    /* people think: 0.5..1.5 times --think milliseconds (0: at once) */
    double think = L->cfg->think_ms * (0.5 + (double)(next_rand(&L->rng) % 1000) / 1000.0);
    L->move_at = now_ms() + think;
    if (think <= 0)
        send_move(L);
}

static void remember_game(lclient *L, int acked)
{
    if (L->nplayed == L->capplayed) {
        int cap = L->capplayed ? L->capplayed * 2 : 4;
        lgame *p = realloc(L->played, sizeof *p * (size_t)cap);
        if (!p)
            return;
        L->played = p;
        L->capplayed = cap;
    }
    snprintf(L->played[L->nplayed].id, sizeof L->played[0].id, "%s", L->game);
    L->played[L->nplayed++].acked = acked;
}

/* The redacted record of a finished game: our moves in it must be exactly
 * the ones the server acknowledged. */
static void on_record(lclient *L, const kt_jv *root)
{
    const kt_jv *rec = kt_jv_get(root, "record");
    const kt_jv *acts = rec ? kt_jv_get(rec, "actions") : NULL;
    int mine = 0;
    for (const kt_jv *a = acts ? acts->child : NULL; a; a = a->next)
        mine += jint(a, "player", -1) == L->seat;
    int acked = -L->acked_game - 1;
    if (!acts || mine != acked)
        L->lost += abs(mine - acked);
    remember_game(L, acked);
    L->games++;
    if (L->moves >= L->cfg->moves)
        L->done = 1;
    else
        create_game(L);
}

static void on_reply(lclient *L, const kt_jv *root, const char *ref)
{
    if (!strcmp(ref, "create")) {
        const kt_jv *seats = kt_jv_get(root, "seats");
        const kt_jv *s0 = kt_jv_at(seats, 0);
        const kt_jv *tok = s0 ? kt_jv_get(s0, "token") : NULL;
        const kt_jv *id = kt_jv_get(root, "game");
        if (!tok || tok->type != KT_JSTR || !id || id->type != KT_JSTR) {
            fail(L, "create: no token");
            return;
        }
        snprintf(L->game, sizeof L->game, "%s", id->s);
        if (L->watcher) { /* the group's first: everybody of the group watches this game */
            spectate(L, id->s);
            for (int i = L->id + 1; i < L->nall && i < L->id + WATCH_GROUP; i++)
                if (L->all[i].waiting && L->all[i].fd >= 0)
                    spectate(&L->all[i], id->s);
            return;
        }
        char msg[160];
        snprintf(msg, sizeof msg, "{\"cmd\":\"attach\",\"ref\":\"attach\",\"token\":\"%s\"}",
                 tok->s);
        L->seat = 0;
        send_text(L, msg);
    } else if (!strcmp(ref, "move")) {
        if (L->acked_game >= 0)
            L->acked_game++;
        L->acked++;
    } else if (!strcmp(ref, "record")) {
        on_record(L, root);
    } else if (!strcmp(ref, "watch")) {
        L->done = 1; /* watching: nothing more to do but stay */
    }
}

static void on_message(lclient *L, const char *data, size_t len)
{
    kt_jdoc d;
    if (kt_json_parse(data, len, &d, NULL) != KT_OK) {
        fail(L, "unparsable message from the server");
        return;
    }
    const kt_jv *push = kt_jv_get(d.root, "push"), *ok = kt_jv_get(d.root, "ok");
    const kt_jv *ref = kt_jv_get(d.root, "ref");
    if (push && push->type == KT_JSTR && !strcmp(push->s, "view")) {
        on_view(L, d.root);
    } else if (ok && ok->type == KT_JBOOL && !ok->b) {
        const kt_jv *m = kt_jv_get(d.root, "message");
        char why[200];
        snprintf(why, sizeof why, "error reply: %s", m && m->type == KT_JSTR ? m->s : "?");
        fail(L, why);
    } else if (ref && ref->type == KT_JSTR) {
        on_reply(L, d.root, ref->s);
    }
    kt_json_free(&d);
}

/* Take whole frames out of the input buffer (the server sends unfragmented,
 * unmasked frames); pings are answered. */
static void take_frames(lclient *L)
{
    size_t off = 0;
    for (;;) {
        unsigned char *p = L->in + off;
        size_t avail = L->nin - off, h = 2, n;
        if (avail < 2)
            break;
        n = p[1] & 0x7f;
        if (n == 126) {
            if (avail < 4)
                break;
            n = (size_t)p[2] << 8 | p[3];
            h = 4;
        } else if (n == 127) {
            if (avail < 10)
                break;
            n = 0;
            for (int i = 0; i < 8; i++)
                n = n << 8 | p[2 + i];
            h = 10;
        }
        if (avail - h < n)
            break;
        int op = p[0] & 0x0f;
        if (op == 1 && !(L->watcher && L->done))
            on_message(L, (const char *)p + h, n);
        else if (op == 9)
            send_frame(L, 10, (const char *)p + h, n);
        else if (op == 8)
            fail(L, "connection closed by the server");
        off += h + n;
    }
    memmove(L->in, L->in + off, L->nin - off);
    L->nin -= off;
}

static void on_readable(lclient *L)
{
    if (L->capin - L->nin < 65536) {
        size_t cap = L->capin ? L->capin * 2 : 1 << 17;
        unsigned char *p = realloc(L->in, cap);
        if (!p) {
            fail(L, "out of memory");
            return;
        }
        L->in = p;
        L->capin = cap;
    }
    ssize_t k = read(L->fd, L->in + L->nin, L->capin - L->nin - 1);
    if (k <= 0) {
        if (k < 0 && (errno == EINTR || errno == EAGAIN))
            return;
        fail(L, "connection closed by the server");
        close(L->fd);
        L->fd = -1;
        return;
    }
    L->nin += (size_t)k;
    if (!L->upgraded) { /* the HTTP answer to the handshake */
        L->in[L->nin] = '\0';
        char *end = strstr((char *)L->in, "\r\n\r\n");
        if (!end)
            return;
        if (strncmp((char *)L->in, "HTTP/1.1 101", 12)) {
            char why[120];
            snprintf(why, sizeof why, "the server refused the WebSocket: %.60s", (char *)L->in);
            fail(L, why);
            return;
        }
        size_t hl = (size_t)(end + 4 - (char *)L->in);
        memmove(L->in, L->in + hl, L->nin - hl);
        L->nin -= hl;
        L->upgraded = 1;
        create_game(L);
    }
    take_frames(L);
}

/* Client i's own loopback address: 127.NET.x.y (one per `per` clients). */
static void source_addr(int net, int i, int per, struct sockaddr_in *a)
{
    int k = i / per;
    memset(a, 0, sizeof *a);
    a->sin_family = AF_INET;
    a->sin_addr.s_addr = htonl((127u << 24) | ((unsigned)net << 16) |
                               ((unsigned)(k / 250) << 8) | (unsigned)(k % 250 + 1));
}

static int connect_client(lclient *L, const srv_load_config *c)
{
    struct sockaddr_in a, src;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)c->port);
    if (inet_pton(AF_INET, c->host, &a.sin_addr) != 1) {
        fail(L, "bad host address (give an IPv4 address)");
        return 0;
    }
    L->fd = socket(AF_INET, SOCK_STREAM, 0);
    int one = 1;
    source_addr(L->watcher ? 3 : 2, L->id, L->watcher ? WATCH_GROUP : 1, &src);
    if (L->fd >= 0 && !strncmp(c->host, "127.", 4))
        bind(L->fd, (struct sockaddr *)&src, sizeof src); /* any port of that address */
    if (L->fd < 0 || connect(L->fd, (struct sockaddr *)&a, sizeof a) != 0) {
        char why[160];
        snprintf(why, sizeof why, "connect: %s", strerror(errno));
        fail(L, why);
        if (L->fd >= 0)
            close(L->fd);
        L->fd = -1;
        return 0;
    }
    setsockopt(L->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    char req[320];
    int n = snprintf(req, sizeof req,
                     "GET /ws HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\n"
                     "Connection: Upgrade\r\nSec-WebSocket-Key: a29udG9yIGxvYWQgdGVzdA==\r\n"
                     "Sec-WebSocket-Version: 13\r\n\r\n",
                     c->host, c->port);
    if (!write_all(L->fd, (const unsigned char *)req, (size_t)n)) {
        fail(L, "handshake failed");
        return 0;
    }
    return 1;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int report(lclient *cl, int n, int connected, double secs)
{
    long long moves = 0, errors = 0, lost = 0, games = 0, nl = 0;
    for (int i = 0; i < n; i++) {
        moves += cl[i].acked;
        errors += cl[i].errors;
        lost += cl[i].lost;
        games += cl[i].games;
        nl += cl[i].nlat < cl[i].cfg->moves + 1 ? cl[i].nlat : cl[i].cfg->moves + 1;
    }
    double *all = malloc(sizeof *all * (size_t)(nl ? nl : 1));
    long long k = 0;
    for (int i = 0; all && i < n; i++) {
        int m = cl[i].nlat < cl[i].cfg->moves + 1 ? cl[i].nlat : cl[i].cfg->moves + 1;
        for (int j = 0; j < m; j++)
            all[k++] = cl[i].lat[j];
    }
    if (all && k)
        qsort(all, (size_t)k, sizeof *all, cmp_double);
    double p50 = k ? all[k / 2] : 0, p99 = k ? all[(k * 99) / 100] : 0, mx = k ? all[k - 1] : 0;
    printf("load test: %d clients (%d connected), %lld moves acknowledged in %.1f s: "
           "%.0f moves/s (clients' moves; bots' moves come on top)\n",
           n, connected, moves, secs, secs > 0 ? (double)moves / secs : 0.0);
    printf("latency move -> update: p50 %.1f ms, p99 %.1f ms, max %.1f ms (%lld samples)\n", p50,
           p99, mx, k);
    printf("games checked against the server's record (in memory): %lld; errors: %lld; "
           "lost moves: %lld\n",
           games, errors, lost);
    for (int i = 0, shown = 0; i < n && shown < 5; i++)
        if (cl[i].errors) {
            printf("  client %d: %s\n", i, cl[i].last_error);
            shown++;
        }
    free(all);
    return errors || lost || connected < n ? 1 : 0;
}

static void write_acked(lclient *cl, int n, const char *path)
{
    FILE *f = path ? fopen(path, "w") : NULL;
    if (!f) {
        if (path)
            printf("load test: cannot write %s\n", path);
        return;
    }
    for (int i = 0; i < n; i++) {
        for (int g = 0; g < cl[i].nplayed; g++)
            fprintf(f, "%s %d\n", cl[i].played[g].id, cl[i].played[g].acked);
        if (cl[i].game[0] && cl[i].acked_game != 0) { /* a game not finished by the client */
            int acked = cl[i].acked_game < 0 ? -cl[i].acked_game - 1 : cl[i].acked_game;
            int listed = cl[i].nplayed && !strcmp(cl[i].played[cl[i].nplayed - 1].id, cl[i].game);
            if (!listed)
                fprintf(f, "%s %d\n", cl[i].game, acked);
        }
    }
    fclose(f);
}

static void raise_files(int need)
{
    struct rlimit r;
    if (getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur < (rlim_t)need + 64) {
        r.rlim_cur = r.rlim_max < (rlim_t)need + 64 ? r.rlim_max : (rlim_t)need + 64;
        setrlimit(RLIMIT_NOFILE, &r);
    }
}

static int all_done(lclient *cl, int n)
{
    for (int i = 0; i < n; i++)
        if (!cl[i].done)
            return 0;
    return 1;
}

int srv_load_run(const srv_load_config *c)
{
    int watch = c->watchers > 0, n = watch ? c->watchers : c->clients;
    lclient *cl = calloc((size_t)n, sizeof *cl);
    int ep = epoll_create1(0);
    struct epoll_event *evs = calloc(1024, sizeof *evs);
    if (!cl || ep < 0 || !evs) {
        free(cl);
        free(evs);
        return 1;
    }
    raise_files(n);
    int connected = 0;
    double t0 = now_ms();
    for (int i = 0; i < n; i++) {
        lclient *L = &cl[i];
        L->cfg = c;
        L->id = i;
        L->fd = -1;
        L->watcher = watch;
        L->all = cl;
        L->nall = n;
        L->rng = UINT64_C(0x1234567) + (uint64_t)i * UINT64_C(7919);
        L->lat = watch ? NULL : calloc((size_t)c->moves + 1, sizeof *L->lat);
        if (!watch && !L->lat) {
            fail(L, "out of memory");
            continue;
        }
        if (!connect_client(L, c))
            continue;
        connected++;
        struct epoll_event e = {.events = EPOLLIN, .data.u32 = (uint32_t)i};
        epoll_ctl(ep, EPOLL_CTL_ADD, L->fd, &e);
        if (watch && i % 1000 == 999) { /* let the server answer as they come */
            int k = epoll_wait(ep, evs, 1024, 0);
            for (int j = 0; j < k; j++)
                if (cl[evs[j].data.u32].fd >= 0)
                    on_readable(&cl[evs[j].data.u32]);
        }
    }
    printf("load test: %d of %d %s connected in %.1f s\n", connected, n,
           watch ? "watchers" : "clients", (now_ms() - t0) / 1000.0);
    fflush(stdout);
    t0 = now_ms();
    /* watchers with --hold 0 stay until their standard input ends (the
     * script closes it when the players are done) */
    double limit = watch ? (c->hold_s ? (double)c->hold_s * 1000.0 : 1e15) : c->seconds * 1000.0;
    int ready_said = 0, stdin_open = watch && !c->hold_s;
    if (stdin_open) {
        struct epoll_event e = {.events = EPOLLIN, .data.u32 = UINT32_MAX};
        stdin_open = epoll_ctl(ep, EPOLL_CTL_ADD, 0, &e) == 0;
    }
    while (now_ms() - t0 < limit && (watch || !all_done(cl, n)) &&
           (stdin_open || !watch || c->hold_s)) {
        int k = epoll_wait(ep, evs, 1024, c->think_ms > 0 ? 5 : 100);
        if (c->think_ms > 0) { /* moves whose thinking time is over */
            double now = now_ms();
            for (int i = 0; i < n; i++)
                if (cl[i].move_at > 0 && now >= cl[i].move_at && cl[i].fd >= 0 && !cl[i].done)
                    send_move(&cl[i]);
        }
        for (int j = 0; j < k; j++) {
            if (evs[j].data.u32 == UINT32_MAX) {
                char b[256];
                if (read(0, b, sizeof b) <= 0)
                    stdin_open = 0;
                continue;
            }
            lclient *L = &cl[evs[j].data.u32];
            if (L->fd >= 0)
                on_readable(L);
        }
        if (watch && !ready_said && all_done(cl, n)) {
            int ok = 0;
            for (int i = 0; i < n; i++)
                ok += !cl[i].errors;
            printf("load test: %d watchers are watching (%.1f s)\n", ok, (now_ms() - t0) / 1000.0);
            fflush(stdout);
            ready_said = 1;
        }
    }
    double secs = (now_ms() - t0) / 1000.0;
    int rc = 0;
    if (watch) {
        int ok = 0, errs = 0;
        for (int i = 0; i < n; i++) {
            ok += cl[i].done && !cl[i].errors && cl[i].fd >= 0;
            errs += cl[i].errors;
        }
        printf("load test: %d of %d watchers still open after %.0f s; %d errors\n", ok, n, secs,
               errs);
        for (int i = 0, shown = 0; i < n && shown < 5; i++)
            if (cl[i].errors) {
                printf("  watcher %d: %s\n", i, cl[i].last_error);
                shown++;
            }
        rc = ok < n;
    } else {
        for (int i = 0; i < n; i++)
            if (!cl[i].done) {
                cl[i].errors++;
                snprintf(cl[i].last_error, sizeof cl[i].last_error, "not finished in time");
            }
        rc = report(cl, n, connected, secs);
        write_acked(cl, n, c->acked_file);
    }
    for (int i = 0; i < n; i++) {
        if (cl[i].fd >= 0)
            close(cl[i].fd);
        free(cl[i].lat);
        free(cl[i].in);
        free(cl[i].played);
    }
    close(ep);
    free(evs);
    free(cl);
    return rc;
}
