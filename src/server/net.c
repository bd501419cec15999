/*
 * net.c - HTTP and WebSocket for the server, on civetweb (Debian's
 * libcivetweb-dev).
 *
 * civetweb serves the web client's static files from the web folder itself
 * (no directory listings, a Content-Security-Policy that allows nothing
 * from other hosts) and hands every WebSocket at /ws to the server core as
 * one srv_conn.  civetweb runs each connection on one of its worker threads
 * (a WebSocket keeps its thread while it is open), so `threads` bounds the
 * number of clients; messages of one connection arrive in order on its
 * thread.  Fragmented messages are put together here (at most max_message
 * bytes; longer ones are answered with an error and skipped).
 */
#include <civetweb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/srv_int.h"

struct srv_http {
    srv *S;
    struct mg_context *ctx;
    int port;
};

/* Per WebSocket: the core's connection and a buffer for fragments. */
typedef struct wsconn {
    struct mg_connection *mc;
    srv_conn *c;
    char *frag;
    size_t nfrag;
    int too_long;
} wsconn;

static void ws_send(void *io, const char *msg, size_t len)
{
    wsconn *w = io;
    mg_websocket_write(w->mc, MG_WEBSOCKET_OPCODE_TEXT, msg, len);
}

static void ws_ready(struct mg_connection *mc, void *cb)
{
    srv_http *h = cb;
    wsconn *w = calloc(1, sizeof *w);
    if (w) {
        w->mc = mc;
        w->c = srv_conn_open(h->S, ws_send, w);
        if (!w->c) {
            free(w);
            w = NULL;
        }
    }
    mg_set_user_connection_data(mc, w);
}

static int ws_data(struct mg_connection *mc, int bits, char *data, size_t len, void *cb)
{
    srv_http *h = cb;
    wsconn *w = mg_get_user_connection_data(mc);
    int op = bits & 0x0f, fin = bits & 0x80;
    if (!w)
        return 0;
    if (op == MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE)
        return 0;
    if (op == MG_WEBSOCKET_OPCODE_PING) {
        mg_websocket_write(mc, MG_WEBSOCKET_OPCODE_PONG, data, len);
        return 1;
    }
    if (op == MG_WEBSOCKET_OPCODE_PONG)
        return 1;
    size_t max = h->S->cfg.max_message;
    if (op != MG_WEBSOCKET_OPCODE_CONTINUATION) { /* a new message begins */
        w->nfrag = 0;
        w->too_long = 0;
    }
    if (fin && w->nfrag == 0 && !w->too_long) { /* the usual case: one frame */
        srv_conn_message(w->c, data, len);
        return 1;
    }
    if (!w->too_long && w->nfrag + len <= max) {
        char *p = realloc(w->frag, w->nfrag + len + 1);
        if (p) {
            memcpy(p + w->nfrag, data, len);
            w->frag = p;
            w->nfrag += len;
        } else
            w->too_long = 1;
    } else
        w->too_long = 1;
    if (fin) {
        if (w->too_long)
            srv_conn_message(w->c, "", max + 1); /* answered as too long */
        else
            srv_conn_message(w->c, w->frag, w->nfrag);
        w->nfrag = 0;
        w->too_long = 0;
    }
    return 1;
}

static void ws_close(const struct mg_connection *mc, void *cb)
{
    SRV_UNUSED(cb);
    wsconn *w = mg_get_user_connection_data(mc);
    if (!w)
        return;
    srv_conn_close(w->c);
    free(w->frag);
    free(w);
    mg_set_user_connection_data(mc, NULL);
}

static int log_message(const struct mg_connection *mc, const char *msg)
{
    SRV_UNUSED(mc);
    fprintf(stderr, "serve: http: %s\n", msg);
    return 1;
}

srv_http *srv_http_start(srv *S, const srv_http_config *c, char *err, size_t cap)
{
    if (!mg_check_feature(16)) {
        snprintf(err, cap, "this civetweb was built without WebSocket support");
        return NULL;
    }
    srv_http *h = calloc(1, sizeof *h);
    if (!h) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    h->S = S;
    char threads[16];
    snprintf(threads, sizeof threads, "%d", c->threads > 0 ? c->threads : 64);
    const char *opts[] = {
        "listening_ports", c->listen,
        "document_root", c->web_root,
        "num_threads", threads,
        "enable_directory_listing", "no",
        "websocket_timeout_ms", "300000",
        "request_timeout_ms", "30000",
        "enable_keep_alive", "yes",
        "tcp_nodelay", "1",                       /* small messages go out at once */
        "static_file_cache_control", "no-cache", /* revalidate: a new client is seen */
        "additional_header",
        "Content-Security-Policy: default-src 'self'; connect-src 'self'; "
        "img-src 'self' data:; style-src 'self' 'unsafe-inline'\r\n"
        "X-Content-Type-Options: nosniff",
        NULL,
    };
    struct mg_callbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.log_message = log_message;
    mg_init_library(0);
    struct mg_init_data init = {&cb, h, opts};
    struct mg_error_data ed;
    char msg[256] = "";
    memset(&ed, 0, sizeof ed);
    ed.text = msg;
    ed.text_buffer_size = sizeof msg;
    h->ctx = mg_start2(&init, &ed);
    if (!h->ctx) {
        snprintf(err, cap, "cannot listen on %s: %s", c->listen, msg[0] ? msg : "failed");
        free(h);
        mg_exit_library();
        return NULL;
    }
    mg_set_websocket_handler(h->ctx, "/ws", NULL, ws_ready, ws_data, ws_close, h);
    struct mg_server_port ports[4];
    int n = mg_get_server_ports(h->ctx, 4, ports);
    h->port = n > 0 ? ports[0].port : 0;
    return h;
}

int srv_http_port(const srv_http *h) { return h->port; }

void srv_http_stop(srv_http *h)
{
    if (!h)
        return;
    mg_stop(h->ctx); /* closes every connection (ws_close runs for each) */
    mg_exit_library();
    free(h);
}
