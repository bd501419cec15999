/*
 * tws.c - the raw WebSocket test client (tws.h).
 */
#include "tws.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <openssl/ssl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static long long tws_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static char source[32]; /* one test process: one setting */

void tws_source(const char *addr) { snprintf(source, sizeof source, "%s", addr ? addr : ""); }

int tws_connect_raw(tws *w, int port, int rcvbuf)
{
    memset(w, 0, sizeof *w);
    w->fd = socket(AF_INET, SOCK_STREAM, 0);
    if (w->fd < 0)
        return 0;
    if (source[0]) {
        struct sockaddr_in s;
        memset(&s, 0, sizeof s);
        s.sin_family = AF_INET;
        inet_pton(AF_INET, source, &s.sin_addr);
        bind(w->fd, (struct sockaddr *)&s, sizeof s);
    }
    if (rcvbuf > 0)
        setsockopt(w->fd, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof rcvbuf);
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(w->fd, (struct sockaddr *)&a, sizeof a) != 0) {
        close(w->fd);
        w->fd = -1;
        return 0;
    }
    int one = 1;
    setsockopt(w->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return 1;
}

static SSL_CTX *client_ctx(void)
{
    static SSL_CTX *ctx; /* one per test process; tests are single processes */
    if (!ctx) {
        ctx = SSL_CTX_new(TLS_client_method());
        if (ctx)
            SSL_CTX_set_verify(ctx, SSL_VERIFY_NONE, NULL); /* self-signed test certificate */
    }
    return ctx;
}

int tws_write(tws *w, const void *p, size_t n)
{
    const unsigned char *b = p;
    while (n) {
        ssize_t k = w->ssl ? SSL_write(w->ssl, b, (int)n) : send(w->fd, b, n, MSG_NOSIGNAL);
        if (k <= 0) {
            if (!w->ssl && k < 0 && errno == EINTR)
                continue;
            return 0;
        }
        b += k;
        n -= (size_t)k;
    }
    return 1;
}

/* Read more bytes within the deadline: 1 got some, 0 timeout, -1 closed. */
static int fill(tws *w, long long deadline)
{
    if (w->closed)
        return -1;
    if (w->capin - w->nin < 16384) {
        size_t cap = w->capin ? w->capin * 2 : 65536;
        unsigned char *p = realloc(w->in, cap + 1);
        if (!p)
            return -1;
        w->in = p;
        w->capin = cap;
    }
    for (;;) {
        if (!(w->ssl && SSL_pending(w->ssl) > 0)) {
            long long left = deadline - tws_now();
            if (left <= 0)
                return 0;
            struct pollfd pf = {w->fd, POLLIN, 0};
            int r = poll(&pf, 1, (int)left);
            if (r < 0 && errno == EINTR)
                continue;
            if (r <= 0)
                return 0;
        }
        ssize_t k = w->ssl ? SSL_read(w->ssl, w->in + w->nin, (int)(w->capin - w->nin))
                           : recv(w->fd, w->in + w->nin, w->capin - w->nin, 0);
        if (k > 0) {
            w->nin += (size_t)k;
            return 1;
        }
        if (w->ssl) {
            int e = SSL_get_error(w->ssl, (int)k);
            if (e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE)
                continue;
        } else if (k < 0 && errno == EINTR) {
            continue;
        }
        w->closed = 1;
        return -1;
    }
}

int tws_http_head(tws *w, int timeout_ms, char *out, size_t cap)
{
    long long deadline = tws_now() + timeout_ms;
    for (;;) {
        if (w->in) {
            w->in[w->nin] = '\0';
            char *end = strstr((char *)w->in, "\r\n\r\n");
            if (end) {
                size_t hl = (size_t)(end + 4 - (char *)w->in);
                snprintf(out, cap, "%.*s", (int)hl, (char *)w->in);
                memmove(w->in, w->in + hl, w->nin - hl);
                w->nin -= hl;
                return 1;
            }
        }
        if (fill(w, deadline) <= 0)
            return 0;
    }
}

static int start_tls(tws *w)
{
    SSL_CTX *ctx = client_ctx();
    SSL *s = ctx ? SSL_new(ctx) : NULL;
    if (!s || !SSL_set_fd(s, w->fd) || SSL_connect(s) != 1) {
        if (s)
            SSL_free(s);
        return 0;
    }
    w->ssl = s;
    return 1;
}

int tws_get(tws *w, int port, int tls, const char *path, char *head, size_t cap)
{
    if (!tws_connect_raw(w, port, 0) || (tls && !start_tls(w)))
        return 0;
    char req[512];
    int n = snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
                                      "Connection: close\r\n\r\n", path, port);
    int status = 0;
    if (tws_write(w, req, (size_t)n) && tws_http_head(w, 5000, head, cap))
        sscanf(head, "HTTP/1.%*d %d", &status);
    return status;
}

int tws_open(tws *w, int port, int tls, const char *extra, int rcvbuf)
{
    if (!tws_connect_raw(w, port, rcvbuf))
        return 0;
    if (tls && !start_tls(w))
        return 0;
    char req[1024];
    int n = snprintf(req, sizeof req,
                     "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\n"
                     "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                     "Sec-WebSocket-Version: 13\r\n%s\r\n",
                     port, extra ? extra : "");
    if (!tws_write(w, req, (size_t)n))
        return 0;
    char head[2048];
    if (!tws_http_head(w, 5000, head, sizeof head))
        return 0;
    int status = 0;
    if (sscanf(head, "HTTP/1.%*d %d", &status) != 1)
        return 0;
    return status;
}

void tws_close(tws *w)
{
    if (w->ssl) {
        SSL_free(w->ssl);
        w->ssl = NULL;
    }
    if (w->fd >= 0)
        close(w->fd);
    w->fd = -1;
    free(w->in);
    w->in = NULL;
    w->nin = w->capin = 0;
}

int tws_frame(tws *w, int b0, const void *p, size_t n, int mask)
{
    unsigned char *f = malloc(n + 14);
    if (!f)
        return 0;
    size_t h = 2;
    f[0] = (unsigned char)b0;
    unsigned char m = mask ? 0x80 : 0;
    if (n < 126) {
        f[1] = (unsigned char)(m | n);
    } else if (n < 65536) {
        f[1] = m | 126;
        f[2] = (unsigned char)(n >> 8);
        f[3] = (unsigned char)n;
        h = 4;
    } else {
        f[1] = m | 127;
        for (int i = 0; i < 8; i++)
            f[2 + i] = (unsigned char)((uint64_t)n >> (56 - 8 * i));
        h = 10;
    }
    const unsigned char key[4] = {0x37, 0xfa, 0x21, 0x3d};
    if (mask) {
        memcpy(f + h, key, 4);
        h += 4;
    }
    const unsigned char *src = p;
    for (size_t i = 0; i < n; i++)
        f[h + i] = mask ? (unsigned char)(src[i] ^ key[i & 3]) : src[i];
    int ok = tws_write(w, f, h + n);
    free(f);
    return ok;
}

int tws_text(tws *w, const char *s) { return tws_frame(w, 0x81, s, strlen(s), 1); }

int tws_read(tws *w, int timeout_ms, int *op, char **payload, size_t *n)
{
    long long deadline = tws_now() + timeout_ms;
    for (;;) {
        if (w->nin >= 2) {
            unsigned char *p = w->in;
            size_t h = 2, len = p[1] & 0x7f;
            int ok = 1;
            if (len == 126) {
                ok = w->nin >= 4;
                if (ok)
                    len = (size_t)p[2] << 8 | p[3], h = 4;
            } else if (len == 127) {
                ok = w->nin >= 10;
                if (ok) {
                    len = 0;
                    for (int i = 0; i < 8; i++)
                        len = len << 8 | p[2 + i];
                    h = 10;
                }
            }
            if (p[1] & 0x80)
                h += 4; /* servers never mask; counted so that a bad frame is skipped */
            if (ok && w->nin - h >= len) {
                *op = p[0] & 0x0f;
                *payload = malloc(len + 1);
                if (!*payload)
                    return -1;
                memcpy(*payload, p + h, len);
                (*payload)[len] = '\0';
                *n = len;
                if (*op == 8)
                    w->close_code = len >= 2 ? (unsigned char)(*payload)[0] << 8 |
                                                   (unsigned char)(*payload)[1]
                                             : 1005;
                memmove(w->in, w->in + h + len, w->nin - h - len);
                w->nin -= h + len;
                return 1;
            }
        }
        int r = fill(w, deadline);
        if (r <= 0)
            return r;
    }
}

char *tws_reply(tws *w, const char *ref, int timeout_ms)
{
    long long deadline = tws_now() + timeout_ms;
    char want[128];
    snprintf(want, sizeof want, "\"ref\":%s", ref);
    for (;;) {
        long long left = deadline - tws_now();
        if (left <= 0)
            return NULL;
        int op;
        char *p;
        size_t n;
        if (tws_read(w, (int)left, &op, &p, &n) != 1)
            return NULL;
        if (op == 1 && strstr(p, want) && strncmp(p, "{\"push\"", 7))
            return p;
        free(p);
        if (op == 8)
            return NULL;
    }
}

int tws_wait_closed(tws *w, int timeout_ms)
{
    long long deadline = tws_now() + timeout_ms;
    for (;;) {
        long long left = deadline - tws_now();
        if (left <= 0)
            return 0;
        int op;
        char *p;
        size_t n;
        int r = tws_read(w, (int)left, &op, &p, &n);
        if (r < 0)
            return 1;
        if (r == 0)
            return 0;
        free(p);
    }
}
