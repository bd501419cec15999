/*
 * net.c - HTTP(S) for `kontor serve` on libh2o (Debian's libh2o-evloop:
 * one event loop, epoll, OpenSSL): the listening socket and its limits,
 * TLS, the static files of the web client with their security headers,
 * and the WebSocket endpoint /ws with its Origin and Host checks
 * (docs/server.md, "Limits and security").
 *
 * Why h2o: civetweb (the library before) runs a thread per connection and
 * writes to a client's socket with a blocking call, so a client that stops
 * reading stalls whoever writes to it (issue 31.4), and 10,000 connections
 * are 10,000 threads; libwebsockets 4.1.6 (Debian 12) accepts unmasked
 * client frames.  Measurements in docs/server.md.
 *
 * Every request runs on the loop thread, which never waits: WebSocket
 * messages go to the core's workers (ws.c), static files come from the page
 * cache.  Connections are counted per client address at accept time (a
 * trusted proxy's connections are counted per forwarded client when they
 * become WebSockets instead); request heads and TLS handshakes must arrive
 * within `header_timeout_ms` (slowloris).
 *
 * Addresses behind a proxy: X-Forwarded-For (and X-Forwarded-Proto) are
 * believed only from a peer in the `trust_proxies` list; the client is the
 * rightmost address of the header that is not itself a trusted proxy.
 *
 * Origin: a browser's WebSocket carries the page's Origin; only the
 * server's own origin (the scheme of the connection and the request's
 * Host) and the `allow_origins` list may open one (cross-site WebSocket
 * hijacking, issue 31.3).  A request without Origin does not come from a
 * page.  When the server listens on loopback only, the Host itself must
 * name this machine (or an allowed origin's host): a page of another site
 * whose name was made to resolve to 127.0.0.1 (DNS rebinding) has a
 * matching Origin and Host, but not a loopback name.
 *
 * Adding an endpoint (like /api/, httpapi.c): `configure`
 * registers a path with its handler (add_handler).  A handler runs on the
 * loop thread and must not wait: it reads the request (req->headers,
 * req->entity for a body), checks Origin like on_ws_req for anything that
 * changes state, hands the work to a worker (srv_post) and answers from the
 * loop when the worker is done (a notice, as ws.c does for output);
 * cookies are response headers (h2o_add_header with H2O_TOKEN_SET_COOKIE).
 */
#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <openssl/err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include "server/net.h"

static int copy_lists(srv_http *h, char *err, size_t cap);

/* Declared by libh2o-evloop 2.2.5 (it is exported) but not in its headers. */
void h2o_evloop_destroy(h2o_evloop_t *loop);

#define STOP_GRACE_MS 3000

void srv_http_config_default(srv_http_config *c)
{
    memset(c, 0, sizeof *c);
    c->listen = "127.0.0.1:8080";
    c->web_root = "web";
    c->max_conns = 20000;
    c->max_conns_per_addr = 64;
    c->conn_rate = 10;
    c->conn_burst = 60;
    c->header_timeout_ms = 10000;
    c->max_queue = 4u << 20;
    c->stall_ms = 30000;
    c->ping_ms = 30000;
}

/* ------------------------------------------------------------ addresses */

static int parse_cidr(const char *s, net_cidr *out)
{
    char addr[64];
    const char *slash = strchr(s, '/');
    size_t n = slash ? (size_t)(slash - s) : strlen(s);
    if (n >= sizeof addr)
        return 0;
    memcpy(addr, s, n);
    addr[n] = '\0';
    memset(out, 0, sizeof *out);
    if (inet_pton(AF_INET, addr, out->addr) == 1) {
        out->family = AF_INET;
        out->bits = 32;
    } else if (inet_pton(AF_INET6, addr, out->addr) == 1) {
        out->family = AF_INET6;
        out->bits = 128;
    } else {
        return 0;
    }
    if (slash) {
        char *end;
        long b = strtol(slash + 1, &end, 10);
        if (*end || b < 0 || b > out->bits)
            return 0;
        out->bits = (int)b;
    }
    return 1;
}

static int cidr_has(const net_cidr *c, int family, const unsigned char *a)
{
    if (c->family != family)
        return 0;
    int full = c->bits / 8, rest = c->bits % 8;
    if (memcmp(c->addr, a, (size_t)full))
        return 0;
    if (!rest)
        return 1;
    unsigned char mask = (unsigned char)(0xff << (8 - rest));
    return (c->addr[full] & mask) == (a[full] & mask);
}

/* Is the address (text) a trusted proxy? */
static int trusted(const srv_http *h, const char *text)
{
    unsigned char a[16];
    int family = inet_pton(AF_INET, text, a) == 1 ? AF_INET
                 : inet_pton(AF_INET6, text, a) == 1 ? AF_INET6
                                                     : 0;
    if (family == AF_INET6 && !memcmp(a, "\0\0\0\0\0\0\0\0\0\0\xff\xff", 12)) {
        memmove(a, a + 12, 4); /* IPv4 on an IPv6 socket */
        family = AF_INET;
    }
    for (int i = 0; family && i < h->ntrust; i++)
        if (cidr_has(&h->trust[i], family, a))
            return 1;
    return 0;
}

static void addr_text(const struct sockaddr *sa, char *out, size_t cap)
{
    out[0] = '\0';
    if (sa->sa_family == AF_INET)
        inet_ntop(AF_INET, &((const struct sockaddr_in *)sa)->sin_addr, out, (socklen_t)cap);
    else if (sa->sa_family == AF_INET6) {
        const struct in6_addr *a6 = &((const struct sockaddr_in6 *)sa)->sin6_addr;
        if (IN6_IS_ADDR_V4MAPPED(a6))
            inet_ntop(AF_INET, &a6->s6_addr[12], out, (socklen_t)cap);
        else
            inet_ntop(AF_INET6, a6, out, (socklen_t)cap);
    }
}

/* The client of a request: the peer, or from X-Forwarded-For when the peer
 * is a trusted proxy (*proxied set).  0 when the header is malformed. */
static int client_of(srv_http *h, h2o_req_t *req, char *out, size_t cap, int *proxied)
{
    struct sockaddr_storage ss;
    memset(&ss, 0, sizeof ss);
    req->conn->callbacks->get_peername(req->conn, (struct sockaddr *)&ss);
    addr_text((struct sockaddr *)&ss, out, cap);
    *proxied = out[0] && trusted(h, out);
    if (!*proxied)
        return 1;
    ssize_t i = h2o_find_header(&req->headers, H2O_TOKEN_X_FORWARDED_FOR, -1);
    if (i < 0)
        return 1; /* the proxy's own request */
    h2o_iovec_t v = req->headers.entries[i].value;
    char list[1024];
    if (v.len >= sizeof list)
        return 0;
    memcpy(list, v.base, v.len);
    list[v.len] = '\0';
    /* rightmost first: the entries a trusted proxy added can be believed */
    char *end = list + v.len;
    while (end > list) {
        char *start = end;
        while (start > list && start[-1] != ',')
            start--;
        char item[64];
        char *a = start, *b = end;
        while (a < b && (*a == ' ' || *a == '\t'))
            a++;
        while (b > a && (b[-1] == ' ' || b[-1] == '\t'))
            b--;
        unsigned char bin[16];
        if ((size_t)(b - a) >= sizeof item)
            return 0;
        memcpy(item, a, (size_t)(b - a));
        item[b - a] = '\0';
        if (inet_pton(AF_INET, item, bin) != 1 && inet_pton(AF_INET6, item, bin) != 1)
            return 0;
        snprintf(out, cap, "%s", item);
        if (!trusted(h, item))
            return 1;
        end = start > list ? start - 1 : list;
    }
    return 1; /* every entry a proxy: the leftmost is the client */
}

/* ------------------------------------------------------------ origins */

/* "scheme://host[:port]" in lower case without the scheme's default port. */
static void origin_norm(const char *in, size_t n, char *out, size_t cap)
{
    size_t o = 0;
    for (size_t i = 0; i < n && o + 1 < cap; i++)
        out[o++] = (char)tolower((unsigned char)in[i]);
    out[o] = '\0';
    while (o && out[o - 1] == '/')
        out[--o] = '\0';
    size_t len = strlen(out);
    if (!strncmp(out, "http://", 7) && len > 10 && !strcmp(out + len - 3, ":80"))
        out[len - 3] = '\0';
    else if (!strncmp(out, "https://", 8) && len > 12 && !strcmp(out + len - 4, ":443"))
        out[len - 4] = '\0';
}

/* The host part of "host[:port]" or "[v6]:port" (lower case). */
static void host_part(const char *authority, size_t n, char *out, size_t cap)
{
    char tmp[256];
    if (n >= sizeof tmp)
        n = sizeof tmp - 1;
    for (size_t i = 0; i < n; i++)
        tmp[i] = (char)tolower((unsigned char)authority[i]);
    tmp[n] = '\0';
    if (tmp[0] == '[') {
        char *close = strchr(tmp, ']');
        if (close)
            *close = '\0';
        snprintf(out, cap, "%s", tmp + 1);
    } else {
        char *colon = strrchr(tmp, ':');
        if (colon)
            *colon = '\0';
        snprintf(out, cap, "%s", tmp);
    }
}

/* A loopback listener answers only to names of this machine (DNS rebinding). */
static int host_ok(const srv_http *h, h2o_req_t *req, int proxied)
{
    if (!h->loopback || proxied)
        return 1;
    char host[256];
    host_part(req->input.authority.base, req->input.authority.len, host, sizeof host);
    unsigned char a[16];
    if (!strcmp(host, "localhost") || !strcmp(host, "::1") ||
        (inet_pton(AF_INET, host, a) == 1 && a[0] == 127))
        return 1;
    for (int i = 0; i < h->norigins; i++) {
        const char *o = strstr(h->origins[i], "://");
        char oh[256];
        host_part(o ? o + 3 : h->origins[i], strlen(o ? o + 3 : h->origins[i]), oh, sizeof oh);
        if (!strcmp(oh, host))
            return 1;
    }
    return 0;
}

static int origin_ok(const srv_http *h, h2o_req_t *req, int tls)
{
    ssize_t i = h2o_find_header_by_str(&req->headers, H2O_STRLIT("origin"), -1);
    if (i < 0)
        return 1; /* not a page: no cross-site request */
    h2o_iovec_t v = req->headers.entries[i].value;
    char origin[256], own[300];
    origin_norm(v.base, v.len, origin, sizeof origin);
    char self[300];
    int n = snprintf(self, sizeof self, "%s://%.*s", tls ? "https" : "http",
                     (int)req->input.authority.len, req->input.authority.base);
    origin_norm(self, n > 0 ? (size_t)n : 0, own, sizeof own);
    if (!strcmp(origin, own))
        return 1;
    for (int k = 0; k < h->norigins; k++)
        if (!strcmp(origin, h->origins[k]))
            return 1;
    return 0;
}

/* Is the request secure (TLS here, or at a trusted proxy)? */
static int request_tls(h2o_req_t *req, int proxied)
{
    if (req->scheme == &H2O_URL_SCHEME_HTTPS)
        return 1;
    if (!proxied)
        return 0;
    ssize_t i = h2o_find_header_by_str(&req->headers, H2O_STRLIT("x-forwarded-proto"), -1);
    return i >= 0 && h2o_lcstris(req->headers.entries[i].value.base,
                                 req->headers.entries[i].value.len, H2O_STRLIT("https"));
}

/* ------------------------------------------------------------ handlers */

typedef struct net_handler {
    h2o_handler_t super;
    srv_http *h;
} net_handler;

static int refuse(h2o_req_t *req, int status, const char *reason, const char *body)
{
    h2o_send_error_generic(req, status, reason, body, H2O_SEND_ERROR_HTTP1_CLOSE_CONNECTION);
    return 0;
}

/* The client's address (a trusted proxy's X-Forwarded-For) and the Host
 * check of every request; 0 when it was refused (answered). */
static int client_and_host(srv_http *h, h2o_req_t *req, char *client, size_t cap, int *proxied)
{
    if (!client_of(h, req, client, cap, proxied))
        return refuse(req, 400, "Bad Request", "malformed X-Forwarded-For\n");
    if (!host_ok(h, req, *proxied))
        return refuse(req, 403, "Forbidden", "this server does not answer to that host name\n");
    return 1;
}

/* Before the files: the Host check and the methods a static site has. */
static int on_guard(h2o_handler_t *self, h2o_req_t *req)
{
    srv_http *h = ((net_handler *)self)->h;
    char client[64];
    int proxied = 0;
    if (!client_and_host(h, req, client, sizeof client, &proxied))
        return 0; /* refused */
    if (!h2o_memis(req->method.base, req->method.len, H2O_STRLIT("GET")) &&
        !h2o_memis(req->method.base, req->method.len, H2O_STRLIT("HEAD")))
        return refuse(req, 405, "Method Not Allowed", "only GET and HEAD\n");
    return -1; /* the file handler answers */
}

static int on_ws_req(h2o_handler_t *self, h2o_req_t *req)
{
    srv_http *h = ((net_handler *)self)->h;
    const char *key = NULL;
    if (h2o_is_websocket_handshake(req, &key) != 0 || !key)
        return refuse(req, 400, "Bad Request", "this is kontor's WebSocket: connect with one\n");
    ssize_t v = h2o_find_header_by_str(&req->headers, H2O_STRLIT("sec-websocket-version"), -1);
    if (v < 0 || !h2o_memis(req->headers.entries[v].value.base, req->headers.entries[v].value.len,
                            H2O_STRLIT("13")))
        return refuse(req, 426, "Upgrade Required", "WebSocket version 13 only\n");
    char client[64], lim[64] = "";
    int proxied = 0;
    if (!client_and_host(h, req, client, sizeof client, &proxied))
        return 0; /* refused */
    if (!origin_ok(h, req, request_tls(req, proxied)))
        return refuse(req, 403, "Forbidden",
                      "pages of another origin may not connect (see --allow-origin)\n");
    if (proxied && srv_addr_key(client, lim, sizeof lim)) { /* counted per forwarded client */
        if (!srv_peers_take(&h->S->peers, lim, SRV_PEER_CONN, srv_now_ms()) ||
            !srv_peers_open(&h->S->peers, lim, h->cfg.max_conns_per_addr)) {
            atomic_fetch_add(&h->refused, 1);
            return refuse(req, 429, "Too Many Requests", "too many connections from you\n");
        }
    } else {
        lim[0] = '\0'; /* counted when its TCP connection was accepted */
    }
    if (!ws_upgrade(h, req, key, client, lim)) {
        if (lim[0])
            srv_peers_close(&h->S->peers, lim);
        return refuse(req, 503, "Service Unavailable", "out of memory\n");
    }
    return 0;
}

/* /api/...: the same checks as the WebSocket (a state change: Origin). */
static int on_api_req(h2o_handler_t *self, h2o_req_t *req)
{
    srv_http *h = ((net_handler *)self)->h;
    char client[64];
    int proxied = 0;
    if (!client_and_host(h, req, client, sizeof client, &proxied))
        return 0; /* refused */
    int tls = request_tls(req, proxied);
    if (!origin_ok(h, req, tls))
        return refuse(req, 403, "Forbidden", "pages of another origin may not call the API\n");
    return net_on_api(h, req, client, tls);
}

static net_handler *add_handler(srv_http *h, h2o_pathconf_t *path,
                                int (*fn)(h2o_handler_t *, h2o_req_t *))
{
    net_handler *nh = (net_handler *)h2o_create_handler(path, sizeof *nh);
    nh->super.on_req = fn;
    nh->h = h;
    return nh;
}

/* Security headers of every page and file (h2o keeps pointers to these). */
static h2o_iovec_t hdr_names[5] = {
    {H2O_STRLIT("content-security-policy")}, {H2O_STRLIT("x-content-type-options")},
    {H2O_STRLIT("x-frame-options")},         {H2O_STRLIT("referrer-policy")},
    {H2O_STRLIT("cache-control")},
};
static const h2o_headers_command_t hdr_cmds[] = {
    {H2O_HEADERS_CMD_SET, &hdr_names[0], {NULL, 0}}, /* the CSP: set_headers */
    {H2O_HEADERS_CMD_SET, &hdr_names[1], {H2O_STRLIT("nosniff")}},
    {H2O_HEADERS_CMD_SET, &hdr_names[2], {H2O_STRLIT("DENY")}},
    {H2O_HEADERS_CMD_SET, &hdr_names[3], {H2O_STRLIT("no-referrer")}},
    {H2O_HEADERS_CMD_SET, &hdr_names[4], {H2O_STRLIT("no-cache")}}, /* revalidate: a new client is seen */
    {H2O_HEADERS_CMD_NULL, NULL, {NULL, 0}},
};

/* ------------------------------------------------------------ accepting */

typedef struct tcpconn {
    srv_http *h;
    char key[64]; /* counted per address ("" when from a trusted proxy) */
} tcpconn;

static void on_sock_close(void *data)
{
    tcpconn *tc = data;
    if (tc->key[0])
        srv_peers_close(&tc->h->S->peers, tc->key);
    atomic_fetch_sub(&tc->h->tcp, 1);
    free(tc);
}

static void on_accept(h2o_socket_t *listener, const char *err)
{
    srv_http *h = listener->data;
    if (err)
        return;
    h2o_socket_t *sock;
    while ((sock = h2o_evloop_socket_accept(listener)) != NULL) {
        struct sockaddr_storage ss;
        memset(&ss, 0, sizeof ss);
        h2o_socket_getpeername(sock, (struct sockaddr *)&ss);
        char addr[64], key[64] = "";
        addr_text((struct sockaddr *)&ss, addr, sizeof addr);
        int ok = atomic_load(&h->tcp) < h->cfg.max_conns;
        if (ok && !trusted(h, addr) && srv_addr_key(addr, key, sizeof key)) {
            ok = srv_peers_take(&h->S->peers, key, SRV_PEER_CONN, srv_now_ms()) &&
                 srv_peers_open(&h->S->peers, key, h->cfg.max_conns_per_addr);
            if (!ok)
                key[0] = '\0';
        }
        tcpconn *tc = ok ? malloc(sizeof *tc) : NULL;
        if (!tc) {
            if (key[0])
                srv_peers_close(&h->S->peers, key);
            atomic_fetch_add(&h->refused, 1);
            h2o_socket_close(sock);
            continue;
        }
        tc->h = h;
        snprintf(tc->key, sizeof tc->key, "%s", key);
        atomic_fetch_add(&h->tcp, 1);
        sock->on_close.cb = on_sock_close;
        sock->on_close.data = tc;
        h2o_accept(&h->accept_ctx, sock);
    }
}

static int open_listener(srv_http *h, const char *where, char *err, size_t cap)
{
    char host[256];
    const char *colon = strrchr(where, ':');
    if (!colon || colon == where) {
        snprintf(err, cap, "--listen '%s': give ADDRESS:PORT", where);
        return 0;
    }
    size_t hl = (size_t)(colon - where);
    if (where[0] == '[' && hl >= 2 && where[hl - 1] == ']') {
        memcpy(host, where + 1, hl - 2);
        host[hl - 2] = '\0';
    } else {
        snprintf(host, sizeof host, "%.*s", (int)hl, where);
    }
    struct addrinfo hints, *ai = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICHOST;
    if (getaddrinfo(host, colon + 1, &hints, &ai) != 0 || !ai) {
        snprintf(err, cap, "--listen '%s': not a numeric address and port", where);
        return 0;
    }
    int fd = socket(ai->ai_family, SOCK_STREAM, 0), one = 1;
    if (fd >= 0)
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (fd < 0 || bind(fd, ai->ai_addr, ai->ai_addrlen) != 0 || listen(fd, 4096) != 0) {
        snprintf(err, cap, "cannot listen on %s: %s", where, strerror(errno));
        if (fd >= 0)
            close(fd);
        freeaddrinfo(ai);
        return 0;
    }
    freeaddrinfo(ai);
    struct sockaddr_storage ss;
    socklen_t sl = sizeof ss;
    getsockname(fd, (struct sockaddr *)&ss, &sl);
    if (ss.ss_family == AF_INET) {
        const struct sockaddr_in *a = (const struct sockaddr_in *)&ss;
        h->port = ntohs(a->sin_port);
        h->loopback = (ntohl(a->sin_addr.s_addr) >> 24) == 127;
    } else {
        const struct sockaddr_in6 *a = (const struct sockaddr_in6 *)&ss;
        h->port = ntohs(a->sin6_port);
        h->loopback = IN6_IS_ADDR_LOOPBACK(&a->sin6_addr);
    }
    h->listener = h2o_evloop_socket_create(h->loop, fd, H2O_SOCKET_FLAG_DONT_READ);
    h->listener->data = h;
    h2o_socket_read_start(h->listener, on_accept);
    return 1;
}

/* ------------------------------------------------------------ TLS */

static int setup_tls(srv_http *h, const srv_http_config *c, char *err, size_t cap)
{
    if (!c->tls_cert && !c->tls_key)
        return 1;
    if (!c->tls_cert || !c->tls_key) {
        snprintf(err, cap, "HTTPS needs both a certificate (--tls-cert) and its key (--tls-key)");
        return 0;
    }
    h->ssl = SSL_CTX_new(TLS_server_method());
    if (!h->ssl) {
        snprintf(err, cap, "TLS: out of memory");
        return 0;
    }
    SSL_CTX_set_min_proto_version(h->ssl, TLS1_2_VERSION);
    SSL_CTX_set_options(h->ssl, SSL_OP_NO_COMPRESSION | SSL_OP_NO_RENEGOTIATION |
                                    SSL_OP_CIPHER_SERVER_PREFERENCE);
    const char *what = NULL;
    if (SSL_CTX_use_certificate_chain_file(h->ssl, c->tls_cert) != 1)
        what = "cannot read the certificate";
    else if (SSL_CTX_use_PrivateKey_file(h->ssl, c->tls_key, SSL_FILETYPE_PEM) != 1)
        what = "cannot read the private key";
    else if (SSL_CTX_check_private_key(h->ssl) != 1)
        what = "the private key does not belong to the certificate";
    if (what) {
        char e[256];
        ERR_error_string_n(ERR_get_error(), e, sizeof e);
        snprintf(err, cap, "TLS: %s (%s, %s): %s", what, c->tls_cert, c->tls_key, e);
        ERR_clear_error();
        return 0;
    }
    h->accept_ctx.ssl_ctx = h->ssl; /* no ALPN offered: HTTP/1.1 */
    return 1;
}

/* ------------------------------------------------------------ the loop */

static void on_tick(h2o_timeout_entry_t *e)
{
    srv_http *h = H2O_STRUCT_FROM_MEMBER(srv_http, tick_entry, e);
    ws_tick(h);
    long long refused = atomic_exchange(&h->refused, 0);
    if (refused)
        srv_log(h->S, "refused %lld connection(s) in the last second (limits per address or "
                      "--max-conns)",
                refused);
    if (!h->stopping)
        h2o_timeout_link(h->loop, &h->tick, &h->tick_entry);
}

static void on_control(h2o_multithread_receiver_t *r, h2o_linklist_t *messages)
{
    srv_http *h = H2O_STRUCT_FROM_MEMBER(srv_http, control, r);
    while (!h2o_linklist_is_empty(messages))
        h2o_linklist_unlink(messages->next);
    if (h->stopping)
        return;
    h->stopping = 1;
    h2o_socket_read_stop(h->listener);
    h2o_socket_close(h->listener);
    h->listener = NULL;
    ws_close_all(h);
}

/* Stopping: the WebSockets are closed at once; plain HTTP connections
 * (keep-alive) are asked to close, and h2o's one-second timer for that must
 * run before the context can go. */
static void *loop_main(void *arg)
{
    srv_http *h = arg;
    long long asked = 0, deadline = 0;
    for (;;) {
        h2o_evloop_run(h->loop, 100);
        if (!h->stopping)
            continue;
        long long now = srv_now_ms();
        if (!deadline)
            deadline = now + STOP_GRACE_MS;
        if (atomic_load(&h->tcp) > 0 && !asked) {
            h2o_context_request_shutdown(&h->ctx);
            asked = now;
        }
        if ((atomic_load(&h->tcp) == 0 && (!asked || now - asked > 1100)) || now > deadline)
            break;
    }
    for (int i = 0; i < 8; i++) /* closes h2o finishes on its next turns */
        h2o_evloop_run(h->loop, 0);
    return NULL;
}

/* After the loop has stopped for good: connections that outlived the grace
 * period are abandoned (their memory with them) rather than tripping
 * h2o_context_dispose's check that no timer is pending. */
static void forget_timers(srv_http *h)
{
    h2o_timeout_t *all[] = {&h->ctx.zero_timeout,      &h->ctx.one_sec_timeout,
                            &h->ctx.hundred_ms_timeout, &h->ctx.handshake_timeout,
                            &h->ctx.http1.req_timeout,  &h->ctx.http2.idle_timeout,
                            &h->ctx.http2.graceful_shutdown_timeout, &h->ctx.proxy.io_timeout};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        while (!h2o_linklist_is_empty(&all[i]->_entries))
            h2o_linklist_unlink(all[i]->_entries.next);
}

int srv_http_config_check(const srv_http_config *c, char *err, size_t cap)
{
    srv_http *h = calloc(1, sizeof *h); /* only its lists are filled */
    if (!h) {
        snprintf(err, cap, "out of memory");
        return 0;
    }
    h->cfg = *c;
    int ok = copy_lists(h, err, cap);
    free(h);
    if (ok && (!c->tls_cert) != (!c->tls_key)) {
        snprintf(err, cap, "HTTPS needs both a certificate (--tls-cert) and its key (--tls-key)");
        ok = 0;
    }
    for (int i = 0; ok && i < 2; i++) {
        const char *f = i ? c->tls_key : c->tls_cert;
        if (f && access(f, R_OK) != 0) {
            snprintf(err, cap, "cannot read %s: %s", f, strerror(errno));
            ok = 0;
        }
    }
    return ok;
}

static int copy_lists(srv_http *h, char *err, size_t cap)
{
    for (int i = 0; i < h->cfg.ntrust; i++) {
        if (h->ntrust == NET_MAX_TRUST || !parse_cidr(h->cfg.trust_proxies[i], &h->trust[h->ntrust])) {
            snprintf(err, cap, "--trust-proxy '%s': give an address or ADDRESS/BITS (at most %d)",
                     h->cfg.trust_proxies[i], NET_MAX_TRUST);
            return 0;
        }
        h->ntrust++;
    }
    for (int i = 0; i < h->cfg.nallow; i++) {
        const char *o = h->cfg.allow_origins[i];
        if (h->norigins == NET_MAX_ORIGINS || strlen(o) >= sizeof h->origins[0] ||
            (strncmp(o, "http://", 7) && strncmp(o, "https://", 8))) {
            snprintf(err, cap, "--allow-origin '%s': give scheme://host[:port], e.g. "
                               "https://games.example.org", o);
            return 0;
        }
        origin_norm(o, strlen(o), h->origins[h->norigins++], sizeof h->origins[0]);
    }
    h->cfg.trust_proxies = NULL;
    h->cfg.allow_origins = NULL;
    return 1;
}

/* The headers of pages and files, with a CSP whose connect-src names the
 * --allow-origin origins (as http(s) and ws(s)) besides 'self': a page of
 * one server may follow a "moved" answer to another (net.js). */
static void set_headers(srv_http *h)
{
    size_t n = (size_t)snprintf(h->csp, sizeof h->csp, "default-src 'self'; connect-src 'self'");
    for (int i = 0; i < h->norigins && n < sizeof h->csp; i++) {
        const char *o = h->origins[i];
        int tls = !strncmp(o, "https://", 8);
        n += (size_t)snprintf(h->csp + n, sizeof h->csp - n, " %s %s%s", o, tls ? "wss://" : "ws://",
                              strstr(o, "://") + 3);
    }
    if (n < sizeof h->csp)
        snprintf(h->csp + n, sizeof h->csp - n,
                 "; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors "
                 "'none'; base-uri 'none'; form-action 'self'; object-src 'none'");
    _Static_assert(sizeof h->hdr == sizeof hdr_cmds, "one header command per entry");
    memcpy(h->hdr, hdr_cmds, sizeof hdr_cmds);
    h->hdr[0].value = h2o_iovec_init(h->csp, strlen(h->csp));
}

static void configure(srv_http *h)
{
    set_headers(h);
    h2o_config_init(&h->config);
    h->config.server_name = h2o_iovec_init(H2O_STRLIT("kontor"));
    h->config.http1.req_timeout = (uint64_t)h->cfg.header_timeout_ms;
    h->config.handshake_timeout = (uint64_t)h->cfg.header_timeout_ms;
    h2o_hostconf_t *host =
        h2o_config_register_host(&h->config, h2o_iovec_init(H2O_STRLIT("default")), 65535);
    h2o_pathconf_t *ws = h2o_config_register_path(host, "/ws", 0);
    add_handler(h, ws, on_ws_req);
    h->config.max_request_entity_size = 16384; /* only /api/ takes a body, and a small one */
    h2o_pathconf_t *api = h2o_config_register_path(host, "/api/", 0);
    add_handler(h, api, on_api_req);
    h2o_headers_register(api, h->hdr);
    h2o_pathconf_t *root = h2o_config_register_path(host, "/", 0);
    add_handler(h, root, on_guard);
    static const char *index_files[] = {"index.html", NULL};
    h2o_file_register(root, h->web_root, index_files, NULL, 0);
    h2o_headers_register(root, h->hdr);
}

srv_http *srv_http_start(srv *S, const srv_http_config *c, char *err, size_t cap)
{
    srv_http *h = calloc(1, sizeof *h);
    if (!h) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    err[0] = '\0';
    h->S = S;
    h->cfg = *c; /* the caller's strings are not kept: */
    snprintf(h->web_root, sizeof h->web_root, "%s", c->web_root ? c->web_root : "web");
    h->cfg.web_root = h->web_root;
    h->cfg.listen = h->cfg.tls_cert = h->cfg.tls_key = NULL;
    pthread_mutex_init(&h->live_mu, NULL);
    pthread_cond_init(&h->live_cv, NULL);
    srv_peers_limit(&S->peers, SRV_PEER_CONN, c->conn_rate, c->conn_burst);
    if (!copy_lists(h, err, cap)) {
        pthread_mutex_destroy(&h->live_mu);
        pthread_cond_destroy(&h->live_cv);
        free(h);
        return NULL;
    }
    configure(h);
    h->loop = h2o_evloop_create();
    h2o_context_init(&h->ctx, h->loop, &h->config);
    h->accept_ctx.ctx = &h->ctx;
    h->accept_ctx.hosts = h->config.hosts;
    h->mq = h2o_multithread_create_queue(h->loop);
    h2o_multithread_register_receiver(h->mq, &h->notes, ws_on_notes);
    h2o_multithread_register_receiver(h->mq, &h->control, on_control);
    h2o_multithread_register_receiver(h->mq, &h->api, net_api_done);
    h2o_timeout_init(h->loop, &h->tick, 1000);
    h->tick_entry.cb = on_tick;
    h2o_timeout_link(h->loop, &h->tick, &h->tick_entry);
    if (!setup_tls(h, c, err, cap) || !open_listener(h, c->listen, err, cap) ||
        pthread_create(&h->thread, NULL, loop_main, h) != 0) {
        if (!err[0])
            snprintf(err, cap, "could not start the network thread");
        srv_http_stop(h);
        return NULL;
    }
    h->has_thread = 1;
    return h;
}

int srv_http_port(const srv_http *h) { return h->port; }

void srv_http_stats(srv_http *h, int *conns, long long *dropped)
{
    *conns = atomic_load(&h->tcp);
    *dropped = atomic_load(&h->dropped);
}

void srv_http_stop(srv_http *h)
{
    if (!h)
        return;
    if (h->has_thread) {
        h2o_multithread_send_message(&h->control, &h->stop_msg);
        pthread_join(h->thread, NULL);
    } else if (h->listener) {
        h2o_socket_close(h->listener);
    }
    pthread_mutex_lock(&h->live_mu); /* the workers close the core's connections */
    while (h->live > 0)
        pthread_cond_wait(&h->live_cv, &h->live_mu);
    pthread_mutex_unlock(&h->live_mu);
    if (h2o_timeout_is_linked(&h->tick_entry))
        h2o_timeout_unlink(&h->tick_entry);
    h2o_timeout_dispose(h->loop, &h->tick);
    h2o_multithread_unregister_receiver(h->mq, &h->notes);
    h2o_multithread_unregister_receiver(h->mq, &h->control);
    net_api_drain(h);
    h2o_multithread_unregister_receiver(h->mq, &h->api);
    h2o_multithread_destroy_queue(h->mq);
    forget_timers(h);
    h2o_context_dispose(&h->ctx);
    h2o_evloop_destroy(h->loop);
    h2o_config_dispose(&h->config);
    if (h->ssl)
        SSL_CTX_free(h->ssl);
    pthread_mutex_destroy(&h->live_mu);
    pthread_cond_destroy(&h->live_cv);
    free(h);
}
