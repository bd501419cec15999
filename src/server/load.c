/*
 * load.c - the load test's clients (`kontor serve --load-test N`, `make
 * load-test`; figures in docs/server.md).
 *
 * N WebSocket clients, driven by one thread with poll(2) over plain sockets
 * (a minimal client: handshake, masked text frames out, unmasked frames in,
 * TCP_NODELAY so that no frame waits for an acknowledgement), each
 * create a game of their own against bots, take their seat and play: on
 * every view that offers them actions they pick one at random and send it.
 * Latency is measured from sending a move to the first view that shows it
 * (the view's action count has passed the move).  When a game ends, and
 * after its last move, the client checks that the server's record holds
 * exactly the moves the server acknowledged to it in that game (no lost
 * move); after a finished game it starts another, until it has made its
 * moves.  Everything runs on the calling thread.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "server/srv_int.h"

typedef struct lclient {
    int fd;
    unsigned char *in; /* bytes received, not yet a whole frame */
    size_t nin, capin;
    int upgraded;
    const srv_load_config *cfg;
    int id, seat;
    uint64_t rng;
    int moves, acked, acked_game, games;
    long long awaiting; /* action count the awaited view must pass; -1 none */
    double sent_at;
    double *lat;
    int nlat;
    int errors, done, lost;
    char last_error[200];
} lclient;

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
        ssize_t k = write(fd, p, n);
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

/* One masked text frame (clients must mask; the mask need not be secret). */
static void send_text(lclient *L, const char *text)
{
    size_t n = strlen(text), h = 2;
    unsigned char *f = malloc(n + 14);
    if (!f) {
        fail(L, "out of memory");
        return;
    }
    f[0] = 0x81;
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

static void create_game(lclient *L)
{
    char msg[512];
    snprintf(msg, sizeof msg,
             "{\"cmd\":\"create\",\"ref\":\"create\",\"game\":\"%s\",\"players\":2,\"listed\":false,"
             "\"seats\":[{\"human\":true,\"name\":\"load %d\"},{\"bot\":\"%s\"}]}",
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

/* A view: measure the latency of an awaited move, then move if we may. */
static void on_view(lclient *L, const kt_jv *root)
{
    const kt_jv *status = kt_jv_get(root, "status");
    long long actions = jint(status, "actions", -1);
    const kt_jv *st = status ? kt_jv_get(status, "status") : NULL;
    if (L->awaiting >= 0 && actions > L->awaiting) {
        L->lat[L->nlat++ % (L->cfg->moves + 1)] = now_ms() - L->sent_at;
        L->awaiting = -1;
        if (L->moves >= L->cfg->moves && L->acked_game >= 0) { /* all made and seen: */
            L->acked_game = -L->acked_game - 1;              /* check the record */
            send_text(L, "{\"cmd\":\"record\",\"ref\":\"record\"}");
        }
    }
    if (st && st->type == KT_JSTR && !strcmp(st->s, "over")) {
        if (L->awaiting < 0 && L->acked_game >= 0) {
            L->acked_game = -L->acked_game - 1; /* asked once */
            send_text(L, "{\"cmd\":\"record\",\"ref\":\"record\"}");
        }
        return;
    }
    const kt_jv *legal = kt_jv_get(root, "legal");
    const kt_jv *list = legal ? kt_jv_get(legal, "legal") : NULL;
    if (L->awaiting >= 0 || !list || list->type != KT_JARR || list->n == 0 ||
        L->moves >= L->cfg->moves || L->acked_game < 0)
        return;
    const kt_jv *pick = kt_jv_at(list, (int)(next_rand(&L->rng) % (uint64_t)list->n));
    char msg[128];
    snprintf(msg, sizeof msg, "{\"cmd\":\"apply\",\"ref\":\"move\",\"id\":%lld}",
             jint(pick, "id", 0));
    L->awaiting = actions;
    L->sent_at = now_ms();
    L->moves++;
    send_text(L, msg);
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
        if (!tok || tok->type != KT_JSTR) {
            fail(L, "create: no token");
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
 * unmasked frames). */
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
        if (op == 1)
            on_message(L, (const char *)p + h, n);
        else if (op == 8 && !L->done)
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
        if (!L->done)
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
            fail(L, "the server refused the WebSocket");
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

static int connect_client(lclient *L, const srv_load_config *c)
{
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)c->port);
    if (inet_pton(AF_INET, c->host, &a.sin_addr) != 1) {
        fail(L, "bad host address (give an IPv4 address)");
        return 0;
    }
    L->fd = socket(AF_INET, SOCK_STREAM, 0);
    int one = 1;
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

static int all_done(lclient *cl, int n)
{
    for (int i = 0; i < n; i++)
        if (!cl[i].done)
            return 0;
    return 1;
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
    double p50 = k ? all[k / 2] : 0, p99 = k ? all[(k * 99) / 100] : 0;
    printf("load test: %d clients (%d connected), %lld moves acknowledged in %.1f s: "
           "%.0f moves/s (clients' moves; bots' moves come on top)\n",
           n, connected, moves, secs, secs > 0 ? (double)moves / secs : 0.0);
    printf("latency move -> update: p50 %.1f ms, p99 %.1f ms (%lld samples)\n", p50, p99, k);
    printf("games checked against the server's record: %lld; errors: %lld; lost moves: %lld\n",
           games, errors, lost);
    for (int i = 0, shown = 0; i < n && shown < 5; i++)
        if (cl[i].errors) {
            printf("  client %d: %s\n", i, cl[i].last_error);
            shown++;
        }
    free(all);
    return errors || lost || connected < n ? 1 : 0;
}

int srv_load_run(const srv_load_config *c)
{
    lclient *cl = calloc((size_t)c->clients, sizeof *cl);
    struct pollfd *pf = calloc((size_t)c->clients, sizeof *pf);
    if (!cl || !pf) {
        free(cl);
        free(pf);
        return 1;
    }
    int connected = 0;
    double t0 = now_ms();
    for (int i = 0; i < c->clients; i++) {
        lclient *L = &cl[i];
        L->cfg = c;
        L->id = i;
        L->fd = -1;
        L->rng = UINT64_C(0x1234567) + (uint64_t)i * UINT64_C(7919);
        L->lat = calloc((size_t)c->moves + 1, sizeof *L->lat);
        if (!L->lat)
            fail(L, "out of memory");
        else
            connected += connect_client(L, c);
    }
    printf("load test: %d of %d clients connected in %.1f s\n", connected, c->clients,
           (now_ms() - t0) / 1000.0);
    t0 = now_ms();
    while (!all_done(cl, c->clients) && now_ms() - t0 < c->seconds * 1000.0) {
        for (int i = 0; i < c->clients; i++) {
            pf[i].fd = cl[i].done ? -1 : cl[i].fd;
            pf[i].events = POLLIN;
            pf[i].revents = 0;
        }
        if (poll(pf, (nfds_t)c->clients, 100) < 0 && errno != EINTR)
            break;
        for (int i = 0; i < c->clients; i++)
            if (pf[i].revents && cl[i].fd >= 0)
                on_readable(&cl[i]);
    }
    double secs = (now_ms() - t0) / 1000.0;
    for (int i = 0; i < c->clients; i++) {
        if (!cl[i].done) {
            cl[i].errors++;
            snprintf(cl[i].last_error, sizeof cl[i].last_error, "not finished in time");
        }
        if (cl[i].fd >= 0)
            close(cl[i].fd);
    }
    int rc = report(cl, c->clients, connected, secs);
    for (int i = 0; i < c->clients; i++) {
        free(cl[i].lat);
        free(cl[i].in);
    }
    free(cl);
    free(pf);
    return rc;
}
