/*
 * ws.c - the WebSocket connections of `kontor serve` on libh2o (framing by
 * wslay: masks, reserved bits and opcodes, fragments, control frames and
 * UTF-8 of text frames are checked there as RFC 6455 says).
 *
 * No client can delay another (issue 31.4):
 *   - In: a complete text message is queued for the connection (at most
 *     IN_MAX_MSGS messages / IN_MAX_BYTES) and a worker runs the queue:
 *     srv_conn_message, one message at a time, in order.  A client that
 *     sends faster than the workers take is closed (1008).  Binary frames
 *     are refused (1003): the protocol is JSON text.
 *   - Out: the core's send only appends to the connection's queue (bounded
 *     by `max_queue` bytes with what wslay still holds) and posts a notice
 *     to the loop; the loop moves the messages into wslay and h2o writes
 *     them when the socket can take them.  Nothing ever blocks on a
 *     client's socket.  A client whose waiting output passes `max_queue`,
 *     or that has data waiting and reads nothing for `stall_ms`, is dropped
 *     with a log line.
 *   - Silent connections are pinged every `ping_ms` and closed after three
 *     times as long without a frame (dead peers, sleeping phones).
 *
 * Life: a wsconn is referenced by the loop (until its socket is gone), by
 * a worker task (while `busy`) and by a notice in flight (`noted`).  The
 * core's srv_conn is closed exactly once, by a worker: the one running the
 * queue when the socket goes, or a task posted then.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/net.h"

#define IN_MAX_MSGS 64
#define IN_MAX_BYTES (1u << 20)
#define KICK_GRACE_MS 5000

struct wsconn {
    wsconn *prev, *next;       /* h->conns (loop thread) */
    srv_http *h;
    h2o_websocket_conn_t *ws;  /* loop thread; NULL once the socket is gone */
    srv_conn *c;               /* closed and NULL'd by a worker */
    char addr[64];             /* the client (for log lines) */
    char key[64];              /* counted per address here (proxied clients), "" if not */
    h2o_multithread_message_t note;
    pthread_mutex_t mu;
    int refs;
    /* guarded by mu */
    wsmsg *inq, *intail;
    int nin;
    size_t inbytes;
    wsmsg *outq, *outtail;
    size_t outbytes;
    size_t wire;               /* bytes wslay still held at the loop's last look */
    int busy, gone, noted, overflow;
    int kick_code;
    char kick_reason[100];
    /* loop thread */
    long long last_rx_ms, pinged_ms, kicked_ms, stalled_since;
    size_t last_written, last_wire;
};

static void free_list(wsmsg *m)
{
    while (m) {
        wsmsg *n = m->next;
        free(m);
        m = n;
    }
}

static void ws_unref(wsconn *w)
{
    pthread_mutex_lock(&w->mu);
    int last = --w->refs == 0;
    pthread_mutex_unlock(&w->mu);
    if (!last)
        return;
    free_list(w->inq);
    free_list(w->outq);
    pthread_mutex_destroy(&w->mu);
    free(w);
}

/* A notice to the loop that w has output or a close to do (mu held). */
static void note(wsconn *w)
{
    if (w->noted || w->gone)
        return;
    w->noted = 1;
    w->refs++;
    h2o_multithread_send_message(&w->h->notes, &w->note);
}

/* ------------------------------------------------------------ the core's side */

static void ws_send(void *io, const char *msg, size_t len)
{
    wsconn *w = io;
    srv_http *h = w->h;
    pthread_mutex_lock(&w->mu);
    if (w->gone || w->kick_code || w->overflow) {
        pthread_mutex_unlock(&w->mu);
        return;
    }
    if (w->outbytes + w->wire + len > h->cfg.max_queue) {
        w->overflow = 1; /* the loop drops it */
        note(w);
        pthread_mutex_unlock(&w->mu);
        return;
    }
    wsmsg *m = malloc(sizeof *m + len);
    if (m) {
        m->next = NULL;
        m->len = len;
        memcpy(m->text, msg, len);
        if (w->outtail)
            w->outtail->next = m;
        else
            w->outq = m;
        w->outtail = m;
        w->outbytes += len;
        note(w);
    }
    pthread_mutex_unlock(&w->mu);
}

static void ws_kick(void *io, int code, const char *reason)
{
    wsconn *w = io;
    pthread_mutex_lock(&w->mu);
    if (!w->gone && !w->kick_code) {
        w->kick_code = code;
        snprintf(w->kick_reason, sizeof w->kick_reason, "%s", reason ? reason : "");
        note(w);
    }
    pthread_mutex_unlock(&w->mu);
}

static void close_core(wsconn *w)
{
    srv_http *h = w->h;
    srv_conn_close(w->c);
    w->c = NULL;
    pthread_mutex_lock(&h->live_mu);
    if (--h->live == 0)
        pthread_cond_broadcast(&h->live_cv);
    pthread_mutex_unlock(&h->live_mu);
}

/* A worker: the connection's messages in order; the core's connection is
 * closed here when the socket went meanwhile. */
static void run_queue(void *arg)
{
    wsconn *w = arg;
    for (;;) {
        pthread_mutex_lock(&w->mu);
        wsmsg *m = w->gone ? NULL : w->inq;
        if (m) {
            w->inq = m->next;
            if (!w->inq)
                w->intail = NULL;
            w->nin--;
            w->inbytes -= m->len;
        }
        int closing = !m && w->gone && w->c;
        if (!m && !closing)
            w->busy = 0;
        pthread_mutex_unlock(&w->mu);
        if (closing) {
            close_core(w);
            pthread_mutex_lock(&w->mu);
            w->busy = 0;
            pthread_mutex_unlock(&w->mu);
        }
        if (!m)
            break;
        srv_conn_message(w->c, m->text, m->len);
        free(m);
    }
    ws_unref(w);
}

/* Start a worker on w unless one runs (mu held). */
static void run_soon(wsconn *w)
{
    if (w->busy)
        return;
    w->busy = 1;
    w->refs++;
    if (!srv_post(w->h->S, run_queue, w)) { /* stopping: close right here */
        w->busy = 0;
        w->refs--;
    }
}

/* ------------------------------------------------------------ the loop's side */

/* The socket is gone (closed by the peer, by h2o or by us): release it and
 * let a worker close the core's connection. */
static void ws_gone(wsconn *w)
{
    srv_http *h = w->h;
    if (w->ws) {
        h2o_websocket_close(w->ws);
        w->ws = NULL;
    }
    if (w->prev)
        w->prev->next = w->next;
    else if (h->conns == w)
        h->conns = w->next;
    if (w->next)
        w->next->prev = w->prev;
    w->prev = w->next = NULL;
    if (w->key[0])
        srv_peers_close(&h->S->peers, w->key);
    pthread_mutex_lock(&w->mu);
    w->gone = 1;
    free_list(w->inq);
    w->inq = w->intail = NULL;
    w->nin = 0;
    free_list(w->outq);
    w->outq = w->outtail = NULL;
    w->outbytes = 0;
    int need_close = w->c && !w->busy;
    pthread_mutex_unlock(&w->mu);
    if (need_close) { /* a worker closes the core's side (it may wait for locks) */
        pthread_mutex_lock(&w->mu);
        w->busy = 1;
        w->refs++;
        pthread_mutex_unlock(&w->mu);
        if (!srv_post(h->S, run_queue, w)) { /* stopping: workers are gone */
            close_core(w);
            ws_unref(w);
        }
    }
    ws_unref(w); /* the loop's reference */
}

static void ws_drop(wsconn *w, const char *why, size_t waiting)
{
    srv_http *h = w->h;
    atomic_fetch_add(&h->dropped, 1);
    srv_log(h->S, "dropped the WebSocket of %s: %s (%zu bytes waiting for it)", w->addr, why,
            waiting);
    ws_gone(w);
}

static void on_ws_event(h2o_websocket_conn_t *conn, const struct wslay_event_on_msg_recv_arg *arg)
{
    wsconn *w = conn->data;
    if (!arg) {
        ws_gone(w);
        return;
    }
    w->last_rx_ms = srv_now_ms();
    if (arg->opcode == WSLAY_BINARY_FRAME) {
        static const char why[] = "binary frames are not used: send JSON text";
        wslay_event_queue_close(conn->ws_ctx, 1003, (const uint8_t *)why, sizeof why - 1);
        w->kicked_ms = w->last_rx_ms;
        return;
    }
    if (arg->opcode != WSLAY_TEXT_FRAME)
        return; /* pings, pongs and closes: wslay answers them */
    pthread_mutex_lock(&w->mu);
    if (w->gone || w->nin >= IN_MAX_MSGS || w->inbytes + arg->msg_length > IN_MAX_BYTES) {
        int flood = !w->gone;
        pthread_mutex_unlock(&w->mu);
        if (flood) {
            static const char why[] = "too many messages waiting: wait for the replies";
            srv_log(w->h->S, "closed the WebSocket of %s: it sends faster than it is served",
                    w->addr);
            wslay_event_queue_close(conn->ws_ctx, 1008, (const uint8_t *)why, sizeof why - 1);
            w->kicked_ms = w->last_rx_ms;
        }
        return;
    }
    wsmsg *m = malloc(sizeof *m + arg->msg_length);
    if (m) {
        m->next = NULL;
        m->len = arg->msg_length;
        memcpy(m->text, arg->msg, arg->msg_length);
        if (w->intail)
            w->intail->next = m;
        else
            w->inq = m;
        w->intail = m;
        w->nin++;
        w->inbytes += m->len;
        run_soon(w);
    }
    pthread_mutex_unlock(&w->mu);
}

/* Move waiting output into wslay and let h2o write it; close when asked. */
static void ws_flush(wsconn *w)
{
    if (!w->ws)
        return;
    pthread_mutex_lock(&w->mu);
    if (w->overflow) {
        size_t waiting = w->outbytes + w->wire;
        pthread_mutex_unlock(&w->mu);
        ws_drop(w, "it does not read what it is sent", waiting);
        return;
    }
    wsmsg *out = w->outq;
    w->outq = w->outtail = NULL;
    w->outbytes = 0;
    int kick = w->kick_code && !w->kicked_ms ? w->kick_code : 0;
    char reason[sizeof w->kick_reason];
    memcpy(reason, w->kick_reason, sizeof reason);
    pthread_mutex_unlock(&w->mu);
    wslay_event_context_ptr ctx = w->ws->ws_ctx;
    for (wsmsg *m = out; m; m = m->next) {
        struct wslay_event_msg em = {WSLAY_TEXT_FRAME, (const uint8_t *)m->text, m->len};
        wslay_event_queue_msg(ctx, &em); /* copies it */
    }
    free_list(out);
    if (kick) {
        wslay_event_queue_close(ctx, (uint16_t)kick, (const uint8_t *)reason, strlen(reason));
        w->kicked_ms = srv_now_ms();
    }
    size_t wire = wslay_event_get_queued_msg_length(ctx);
    pthread_mutex_lock(&w->mu);
    w->wire = wire;
    pthread_mutex_unlock(&w->mu);
    if (w->ws->sock)
        h2o_websocket_proceed(w->ws); /* may end in ws_gone */
}

void ws_on_notes(h2o_multithread_receiver_t *r, h2o_linklist_t *messages)
{
    SRV_UNUSED(r);
    while (!h2o_linklist_is_empty(messages)) {
        h2o_multithread_message_t *m =
            H2O_STRUCT_FROM_MEMBER(h2o_multithread_message_t, link, messages->next);
        h2o_linklist_unlink(&m->link);
        wsconn *w = H2O_STRUCT_FROM_MEMBER(wsconn, note, m);
        pthread_mutex_lock(&w->mu);
        w->noted = 0;
        pthread_mutex_unlock(&w->mu);
        ws_flush(w);
        ws_unref(w);
    }
}

/* Once a second for one connection: its writes move, or it is dropped. */
static void tick_one(srv_http *h, wsconn *w, long long now)
{
    if (w->kicked_ms && now - w->kicked_ms > KICK_GRACE_MS) {
        ws_gone(w); /* the peer did not answer our close */
        return;
    }
    h2o_socket_t *sock = w->ws->sock;
    if (!sock)
        return;
    wslay_event_context_ptr ctx = w->ws->ws_ctx;
    size_t wire = wslay_event_get_queued_msg_length(ctx);
    pthread_mutex_lock(&w->mu);
    w->wire = wire;
    size_t waiting = wire + w->outbytes;
    pthread_mutex_unlock(&w->mu);
    if (!waiting && !h2o_socket_is_writing(sock)) {
        w->stalled_since = 0;
    } else if (sock->bytes_written != w->last_written || wire < w->last_wire ||
               !w->stalled_since) {
        w->stalled_since = now;
    } else if (now - w->stalled_since >= h->cfg.stall_ms) {
        ws_drop(w, "it has read nothing for a while", waiting);
        return;
    }
    w->last_written = sock->bytes_written;
    w->last_wire = wire;
    if (waiting > h->cfg.max_queue) {
        ws_drop(w, "it does not read what it is sent", waiting);
        return;
    }
    long long quiet = now - w->last_rx_ms;
    if (quiet >= 3LL * h->cfg.ping_ms) {
        ws_gone(w); /* silent: a peer that is not there any more */
        return;
    }
    if (quiet >= h->cfg.ping_ms && now - w->pinged_ms >= h->cfg.ping_ms) {
        struct wslay_event_msg ping = {WSLAY_PING, (const uint8_t *)"", 0};
        wslay_event_queue_msg(ctx, &ping);
        w->pinged_ms = now;
        h2o_websocket_proceed(w->ws); /* may end in ws_gone */
    }
}

void ws_tick(srv_http *h)
{
    long long now = srv_now_ms();
    for (wsconn *w = h->conns, *next; w; w = next) {
        next = w->next; /* w may go */
        if (w->ws)
            tick_one(h, w, now);
    }
}

void ws_close_all(srv_http *h)
{
    while (h->conns)
        ws_gone(h->conns);
}

int ws_upgrade(srv_http *h, h2o_req_t *req, const char *client_key, const char *addr,
               const char *key)
{
    wsconn *w = calloc(1, sizeof *w);
    if (!w)
        return 0;
    pthread_mutex_init(&w->mu, NULL);
    w->h = h;
    w->refs = 1;
    snprintf(w->addr, sizeof w->addr, "%s", addr);
    snprintf(w->key, sizeof w->key, "%s", key ? key : "");
    w->last_rx_ms = srv_now_ms();
    static const srv_io ops = {ws_send, ws_kick};
    w->c = srv_conn_open(h->S, &ops, w, addr);
    if (!w->c) {
        pthread_mutex_destroy(&w->mu);
        free(w);
        return 0;
    }
    char session[72];
    net_session_cookie(req, session, sizeof session); /* looked up when a message needs it */
    srv_conn_set_session(w->c, session);
    pthread_mutex_lock(&h->live_mu);
    h->live++;
    pthread_mutex_unlock(&h->live_mu);
    w->ws = h2o_upgrade_to_websocket(req, client_key, w, on_ws_event);
    wslay_event_config_set_max_recv_msg_length(w->ws->ws_ctx, h->S->cfg.max_message);
    w->next = h->conns;
    if (h->conns)
        h->conns->prev = w;
    h->conns = w;
    return 1;
}
