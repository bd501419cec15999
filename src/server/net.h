/*
 * net.h - the network layer's internal types (net.c: HTTP(S), accepting,
 * origins and proxies; ws.c: the WebSocket connections).  Only these two
 * files include libh2o's headers.
 *
 * Data layout:
 *   srv_http      the h2o configuration and context, the listening socket,
 *                 the TLS context, the event loop and its thread, a
 *                 cross-thread message queue into the loop, the list of
 *                 WebSocket connections (loop thread only), trusted proxies
 *                 and allowed origins, and counters (atomics: they are read
 *                 from other threads).
 *   wsconn        one WebSocket: its h2o connection (loop thread), the core's
 *                 srv_conn, messages in (for the workers) and out (for the
 *                 loop), both bounded; guarded by `mu`; reference counted
 *                 (the loop, a running worker task, a pending notice).
 */
#ifndef SRV_NET_H
#define SRV_NET_H

#define H2O_USE_EPOLL 1
#include <h2o.h>
#include <h2o/http1.h>
#include <h2o/websocket.h>
#include <stdatomic.h>

#include "server/srv_int.h"

#define NET_MAX_TRUST 32
#define NET_MAX_ORIGINS 32

typedef struct net_cidr {
    int family; /* AF_INET or AF_INET6 */
    unsigned char addr[16];
    int bits;
} net_cidr;

typedef struct wsmsg {
    struct wsmsg *next;
    size_t len;
    char text[];
} wsmsg;

typedef struct wsconn wsconn;

typedef struct srv_http {
    srv *S;
    srv_http_config cfg;
    h2o_globalconf_t config;
    h2o_context_t ctx;
    h2o_accept_ctx_t accept_ctx;
    SSL_CTX *ssl;
    h2o_evloop_t *loop;
    h2o_socket_t *listener;
    int port;
    int loopback;              /* listening on loopback only: Host names are checked */
    pthread_t thread;
    int has_thread;
    h2o_multithread_queue_t *mq;
    h2o_multithread_receiver_t notes; /* connections with output or a close to do */
    h2o_multithread_receiver_t control; /* stop */
    h2o_multithread_receiver_t api;     /* account calls a worker finished (httpapi.c) */
    h2o_multithread_message_t stop_msg;
    int stopping;              /* loop thread */
    h2o_timeout_t tick;        /* once a second: pings, stalls, drops */
    h2o_timeout_entry_t tick_entry;
    wsconn *conns;             /* every WebSocket (loop thread) */
    net_cidr trust[NET_MAX_TRUST];
    int ntrust;
    char origins[NET_MAX_ORIGINS][128];
    int norigins;
    /* the pages' headers: the CSP lets pages connect to the allowed origins
     * too (several servers: the host of a game, docs/server.md) */
    char csp[512 + NET_MAX_ORIGINS * 2 * 132];
    h2o_headers_command_t hdr[6];
    char web_root[4096];
    pthread_mutex_t live_mu;   /* srv_http_stop waits for the core's connections to close */
    pthread_cond_t live_cv;
    int live;                  /* WebSockets whose srv_conn is not closed yet */
    atomic_int tcp;            /* open TCP connections */
    atomic_llong dropped;      /* WebSockets dropped for not reading */
    atomic_llong refused;      /* connections refused by a limit (logged per tick) */
} srv_http;

/* ---- ws.c ---- */
/* Upgrade the request to a WebSocket for the client at addr (key: its
 * limit key, "" when not counted here); 0 (nothing sent) when it could not. */
int ws_upgrade(srv_http *h, h2o_req_t *req, const char *client_key, const char *addr,
               const char *key);

/* ---- httpapi.c ---- */
/* POST /api/...: checked by net.c (Host, Origin); the worker answers. */
int net_on_api(srv_http *h, h2o_req_t *req, const char *client, int tls);
void net_api_done(h2o_multithread_receiver_t *r, h2o_linklist_t *messages);
/* Answers nobody will read any more (after the loop stopped). */
void net_api_drain(srv_http *h);
/* The session secret of the request's cookie ("" none). */
void net_session_cookie(h2o_req_t *req, char *out, size_t cap);
/* The loop's receiver of connection notices. */
void ws_on_notes(h2o_multithread_receiver_t *r, h2o_linklist_t *messages);
/* Once a second on the loop: pings, stalled and silent connections. */
void ws_tick(srv_http *h);
/* Close every WebSocket (loop thread, when stopping). */
void ws_close_all(srv_http *h);

#endif
