/*
 * server.h - the game server behind `kontor serve` (docs/server.md).
 *
 * Two layers:
 *   srv       the server's core, free of any network code: the lobby, the
 *             games (one kt_session each), seats and tokens, storage, bots,
 *             undo agreements and replays.  A connection is a srv_conn with
 *             a send callback; messages come in as JSON text and replies and
 *             pushes go out as JSON text.  The C tests drive it directly.
 *   srv_http  HTTP + WebSocket (civetweb): static files from the web folder
 *             and one srv_conn per WebSocket at /ws.
 *
 * Threads: srv_conn_message may run on many threads at once (one per
 * connection, each connection's messages in order); bots think on the
 * server's own worker threads; a send callback may be called from any of
 * them, never twice at once for one connection, and never after
 * srv_conn_close has returned.
 */
#ifndef SRV_SERVER_H
#define SRV_SERVER_H

#include <stddef.h>

typedef struct srv srv;
typedef struct srv_conn srv_conn;

typedef struct srv_config {
    const char *db_path;   /* SQLite file (":memory:" for tests) */
    int sync_full;         /* 1: fsync every commit; 0: durable across kill -9 only */
    int bot_threads;       /* worker threads for bots (default 2) */
    long long bot_ms;      /* cap on a bot's thinking per decision (default 10000) */
    size_t max_message;    /* bytes of one client message (default 64 KiB) */
    double rate, burst;    /* messages per second per connection, burst (default 20, 60) */
    int max_games;         /* running games at most (default 10000) */
    int quiet;             /* no log lines on stderr */
} srv_config;

void srv_config_default(srv_config *c);

/* Opens the database and rebuilds every running game by replaying its
 * actions.  NULL with a message in err on failure. */
srv *srv_new(const srv_config *c, char *err, size_t errcap);
/* Stops the bots (cancelling their searches) and frees everything.  Every
 * connection must have been closed before. */
void srv_free(srv *S);

/* Send callback: deliver one message (JSON text) to the client. */
typedef void (*srv_send_fn)(void *io, const char *msg, size_t len);

srv_conn *srv_conn_open(srv *S, srv_send_fn send, void *io);
/* One complete message from the client (any bytes: malformed input gets an
 * error reply and the connection stays usable). */
void srv_conn_message(srv_conn *c, const char *msg, size_t len);
/* The client is gone: after this returns, `send` is never called again for
 * this connection and `c` is invalid. */
void srv_conn_close(srv_conn *c);

/* Games in memory and actions accepted since start (for logs and tests). */
void srv_stats(srv *S, int *games, long long *moves);
/* Wait until no bot is thinking or queued (tests); returns 0 on timeout. */
int srv_wait_idle(srv *S, int timeout_ms);

/* ---- HTTP + WebSocket ---- */
typedef struct srv_http srv_http;
typedef struct srv_http_config {
    const char *listen;   /* "127.0.0.1:8080" (civetweb's listening_ports syntax) */
    const char *web_root; /* folder with index.html */
    int threads;          /* connection threads (each WebSocket holds one) */
} srv_http_config;

srv_http *srv_http_start(srv *S, const srv_http_config *c, char *err, size_t errcap);
/* The port actually bound (useful with port 0). */
int srv_http_port(const srv_http *h);
void srv_http_stop(srv_http *h);

/* ---- load test (docs/server.md) ---- */
typedef struct srv_load_config {
    const char *host;
    int port;
    int clients;     /* concurrent WebSocket clients, each playing its own game */
    int moves;       /* moves each client makes (its game restarts when over) */
    const char *game;
    const char *bot; /* the bots' spec for the other seats */
    int seconds;     /* stop after this long at most */
} srv_load_config;

/* Runs the load test against a running server and prints its figures;
 * returns 0 when every client finished without an error or a lost move. */
int srv_load_run(const srv_load_config *c);

#endif
