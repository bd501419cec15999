/*
 * tsrv.h - helpers shared by the server's C tests: a test connection
 * (tconn) that collects every message the server sends it, a test server
 * on a fresh database, and small JSON readers for replies.
 *
 * Data layout: a tconn keeps every message received in order (msg[0..n),
 * guarded by mu, since bots push from their own threads); a tserver is the
 * database path and the running srv.
 */
#ifndef TSRV_H
#define TSRV_H

#include <pthread.h>

#include "server/srv_int.h"

typedef struct tconn {
    pthread_mutex_t mu;
    char **msg;
    int n, cap;
    int closed;        /* the server asked to close this connection */
    int close_code;
    srv_conn *c;
} tconn;

tconn *topen(srv *S);
tconn *topen_from(srv *S, const char *addr); /* a client at another address */
void tclose(tconn *t);
/* Send a message; returns a copy of the first reply (not a push) that came
 * back for it (the server answers before srv_conn_message returns). */
char *treq(tconn *t, const char *m);
/* The newest view pushed to t (a copy), or NULL. */
char *tview(tconn *t);
int tcount(tconn *t); /* messages received so far */
int tis_ok(const char *r);
/* A string member of a reply (path2: member of the first array element or
 * of the object path1), copied into out. */
int tjstr(const char *json, const char *path1, const char *path2, char *out, size_t cap);
long long tjnum(const char *json, const char *k1, const char *k2);

typedef struct tserver {
    char db[128];
    srv *S;
    srv_config cfg;
} tserver;

/* A server on /tmp/kontor-test-PID-NAME.db (fresh: deleted first); tweak
 * (may be NULL) adjusts the configuration before the server starts. */
srv *tstart_with(tserver *ts, const char *name, int fresh, void (*tweak)(srv_config *));
srv *tstart(tserver *ts, const char *name, int fresh);
/* rate > 0: messages per second per connection (and burst) instead of the
 * defaults, for tests that play many moves at machine speed */
srv *tstart_rate(tserver *ts, const char *name, int fresh, double rate);
void tstop(tserver *ts, int remove);

/* Create a game; fills the game id and the token of the first seat. */
int tcreate(tconn *t, const char *game, const char *seats, const char *options, char *id,
            char *token);
int tattach(tconn *t, const char *token);
/* Apply the first legal action of the newest view; 1 if one was applied. */
int tmove(tconn *t);
int tgame_actions(srv *S, const char *id);
/* The longest one of the game's bot jobs waited for a runner (ms; -1: no game). */
long long tgame_bot_wait_max(srv *S, const char *id);
/* Does t's newest view offer t legal actions? */
int tmy_turn(tconn *t);
/* The server's log lines are kept (c->log) for tlog_count. */
void tlog_capture(srv_config *c);
/* Log lines so far that contain s. */
int tlog_count(const char *s);

/* Is s (n bytes) well-formed UTF-8 (no overlongs, surrogates or code
 * points past U+10FFFF)?  The tests' own checker, independent of the
 * server's. */
int tutf8(const char *s, size_t n);
/* Every message t received so far is valid UTF-8. */
int tall_utf8(tconn *t);

/* A throw-away PostgreSQL cluster (scripts/pg-cluster.sh) in /tmp for this
 * test process: 1 with its connection string in conninfo.  tpg_stop
 * removes it (also registered with atexit). */
int tpg_start(char *conninfo, size_t cap);
void tpg_stop(void);

#define HUMAN_BOT "[{\"human\":true,\"you\":true,\"name\":\"Ann\"},{\"bot\":\"random\"}]"
#define TWO_HUMANS "[{\"human\":true,\"you\":true,\"name\":\"Ann\"},{\"human\":true}]"
#define HUMAN_TWO_BOTS \
    "[{\"human\":true,\"you\":true},{\"bot\":\"random\"},{\"bot\":\"heuristic\"}]"

#endif
