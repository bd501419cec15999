/*
 * server.h - the game server behind `kontor serve` (docs/server.md).
 *
 * Two layers:
 *   srv       the server's core, free of any network code: the lobby, the
 *             games (one kt_session each), seats and tokens, storage, bots,
 *             undo agreements, replays, limits per client address and the
 *             expiry of abandoned games.  A connection is a srv_conn with
 *             two callbacks (send a message, end the connection); messages
 *             come in as JSON text and replies and pushes go out as JSON
 *             text.  The C tests drive it directly.
 *   srv_http  HTTP(S) + WebSocket on libh2o (Debian's libh2o-evloop): one
 *             event-loop thread does all network I/O; static files of the
 *             web folder and one srv_conn per WebSocket at /ws.
 *
 * Threads: the core runs every client message on one of its workers
 * (srv_post; a connection's messages one at a time, in order), bots think
 * on its bot runners under a fair scheduler, and its ticker expires idle
 * games.  A send callback must never block (the transport queues); it may
 * be called from any thread and under the core's locks, never twice at once
 * for one connection and never after srv_conn_close has returned.
 */
#ifndef SRV_SERVER_H
#define SRV_SERVER_H

#include <stddef.h>

typedef struct srv srv;
typedef struct srv_conn srv_conn;

typedef struct srv_config {
    const char *db_path;   /* SQLite file (":memory:" for tests) */
    int sync_full;         /* 1: fsync every commit; 0: durable across kill -9 only */
    int workers;           /* threads for client messages and storage (default 16) */
    int bot_threads;       /* bot runners (default: the machine's processors) */
    long long bot_ms;      /* cap on a bot's thinking per decision (default 10000) */
    long long bot_slice_ms;/* a search that ran this long answers when another game's
                              bot is waiting for a runner (default 100) */
    size_t max_message;    /* bytes of one client message (default 64 KiB) */
    double rate, burst;    /* messages per second per connection, burst (default 20, 60) */
    double create_rate;    /* games created per minute per client address (default 6) */
    double create_burst;   /* ... in a burst (default 10) */
    int max_games;         /* running games at most (default 10000) */
    long long expire_s;    /* a running game nobody is connected to and nobody moved in
                              for this long is abandoned (default 7 days; 0 never) */
    long long expire_empty_s; /* ... a game without a single move (default 1 hour) */
    size_t game_history;   /* bytes of past states a game's session keeps (undo, log;
                              older ones are rebuilt by replay; default 1 MiB) */
    /* post-game analyses and hints (analysis.c, docs/server.md) */
    int analysis_budget;   /* simulations per decision at most (default 300) */
    int analysis_per_addr; /* analyses queued or running per client address (default 1) */
    int analysis_jobs;     /* analyses and hints queued or running at most (default 8) */
    int hint_budget;       /* simulations of a hint (default 200) */
    int quiet;             /* no log lines */
    /* several servers on one PostgreSQL database (cluster.c) */
    const char *server_id; /* this process's name in leases (default host:port or "local") */
    const char *public_url;/* where clients reach this process ("/s/a/", "https://a.example.org/") */
    long long lease_ms;    /* a game's lease lasts this long without renewal (default 6000) */
    double login_every_s;  /* after a burst of 10, one login attempt per name per this many
                              seconds (default 30; shared by every server of a database) */
    long long inactive_s;  /* the lobby calls a game without a move or visit for this long
                              "inactive" (default 600) */
    /* Tests only (default 0): a bot runner pauses this long between two
     * jobs, widening the moment in which the supervisor of rule 2 sees a
     * runner free (sched.c), which it must not sleep through. */
    long long test_runner_gap_ms;
    /* Log lines go here (default NULL: stderr, "serve: ..."). */
    void (*log)(void *ctx, const char *line);
    void *log_ctx;
} srv_config;

void srv_config_default(srv_config *c);

/* Opens the database and rebuilds every running game by replaying its
 * actions.  NULL with a message in err on failure. */
srv *srv_new(const srv_config *c, char *err, size_t errcap);
/* Stops the bots (cancelling their searches), the workers and the ticker,
 * and frees everything.  Every connection must have been closed before. */
void srv_free(srv *S);

/* A connection's transport.  send: deliver one message (JSON text) to the
 * client, without blocking.  close: end the connection after what was sent
 * (code and reason as in a WebSocket close; e.g. a seat whose link was
 * given up); the transport then calls srv_conn_close. */
typedef struct srv_io {
    void (*send)(void *io, const char *msg, size_t len);
    void (*close)(void *io, int code, const char *reason);
} srv_io;

/* Close codes the core asks for: a seat's link given up; the game moved to
 * another server (reconnect: the page asks where); logged out everywhere. */
enum { SRV_CLOSE_REVOKED = 4001, SRV_CLOSE_MOVED = 4002, SRV_CLOSE_LOGGED_OUT = 4003 };

/* addr: the client's address as text ("192.0.2.1", "2001:db8::1"; NULL for
 * local callers): limits per address and log lines use it. */
srv_conn *srv_conn_open(srv *S, const srv_io *io_ops, void *io, const char *addr);
/* The secret of the session cookie the WebSocket's handshake carried (the
 * account is looked up on a worker when a message needs it).  Call before
 * the first message. */
void srv_conn_set_session(srv_conn *c, const char *secret);
/* One complete message from the client (any bytes: malformed input gets an
 * error reply and the connection stays usable).  One call at a time per
 * connection. */
void srv_conn_message(srv_conn *c, const char *msg, size_t len);
/* The client is gone: after this returns, the callbacks are never called
 * again for this connection and `c` is invalid. */
void srv_conn_close(srv_conn *c);

/* Run fn(arg) on one of the core's workers (work that may wait for
 * storage must not run on a network thread).  0 when the server stops. */
int srv_post(srv *S, void (*fn)(void *arg), void *arg);

/* Expiry of abandoned games and clean-up of per-address records at unix
 * time now_s; the server's own ticker calls it every second (tests call it
 * with a later time). */
void srv_tick(srv *S, long long now_s);

/* Games in memory and actions accepted since start (for logs and tests). */
void srv_stats(srv *S, int *games, long long *moves);
/* Wait until no bot is thinking or queued and no worker is busy (tests);
 * returns 0 on timeout. */
int srv_wait_idle(srv *S, int timeout_ms);
void srv_log(srv *S, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* ---- limits per client address (peers.c) ---- */

/* The key a client address counts under: IPv4 addresses whole, IPv6 by
 * their /64 (one customer's network), as text; 0 for a malformed address. */
int srv_addr_key(const char *addr, char *key, size_t cap);

/* ---- HTTP + WebSocket ---- */
typedef struct srv_http srv_http;
typedef struct srv_http_config {
    const char *listen;      /* "127.0.0.1:8080", "0.0.0.0:8080", "[::]:8080" */
    const char *web_root;    /* folder with index.html */
    const char *tls_cert;    /* PEM certificate (chain) file: serve HTTPS (with tls_key) */
    const char *tls_key;     /* PEM private key file */
    const char *const *allow_origins; /* extra origins allowed to open WebSockets */
    int nallow;
    const char *const *trust_proxies; /* reverse proxies whose X-Forwarded-For and
                                         X-Forwarded-Proto are believed ("ADDR" or
                                         "ADDR/BITS") */
    int ntrust;
    int max_conns;           /* connections at most (default 20000) */
    int max_conns_per_addr;  /* ... from one client address (default 64) */
    double conn_rate;        /* new connections per second per address (default 10) */
    double conn_burst;       /* ... in a burst (default 60) */
    int header_timeout_ms;   /* a request's head (and a TLS handshake) in this long (10000) */
    size_t max_queue;        /* bytes waiting for a client that does not read before it is
                                dropped (default 4 MiB) */
    int stall_ms;            /* ... or with data waiting and nothing written for this long
                                (default 30000) */
    int ping_ms;             /* a WebSocket silent this long is pinged; silent three times
                                as long it is closed (default 30000) */
} srv_http_config;

void srv_http_config_default(srv_http_config *c);
/* Check the options before anything starts (lists, the TLS files); 0 with a
 * message in err. */
int srv_http_config_check(const srv_http_config *c, char *err, size_t cap);
srv_http *srv_http_start(srv *S, const srv_http_config *c, char *err, size_t errcap);
/* The port actually bound (useful with port 0). */
int srv_http_port(const srv_http *h);
/* Open connections now, and those dropped for not reading (tests, logs). */
void srv_http_stats(srv_http *h, int *conns, long long *dropped);
/* Closes every connection (each srv_conn is closed before this returns). */
void srv_http_stop(srv_http *h);

/* ---- load test (docs/server.md) ---- */
typedef struct srv_load_config {
    const char *host;
    int port;
    int clients;     /* concurrent WebSocket clients, each playing its own game */
    int watchers;    /* idle spectators held open besides (their own process is best) */
    int moves;       /* moves each client makes (its game restarts when over) */
    const char *game;
    const char *bot; /* the bots' spec for the other seats */
    int seconds;     /* stop after this long at most */
    const char *acked_file; /* write "game_id moves" of every acknowledged game here */
    int hold_s;      /* watchers: keep the connections this long (0: until stdin ends) */
    int think_ms;    /* players think this long (mean) before each move */
} srv_load_config;

/* Runs the load test against a running server and prints its figures;
 * returns 0 when every client finished without an error or a lost move. */
int srv_load_run(const srv_load_config *c);

#endif
