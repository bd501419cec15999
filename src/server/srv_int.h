/*
 * srv_int.h - the server's internal types (shared by the files of
 * src/server; nothing outside src/server and its tests includes it).
 *
 * Data layout:
 *   srv           configuration, the store, the list of games (`games`,
 *                 guarded by `mu`), a lobby session for the game catalogue
 *                 and help (guarded by `lobby_mu`), the workers' task queue
 *                 (`pool`), the bot scheduler (`sched`, sched.c), the
 *                 records per client address (`peers`, peers.c) and the
 *                 ticker thread.
 *   sgame         one game: its stored row (creation parameters, seats),
 *                 its kt_session (NULL for a finished or abandoned game not
 *                 opened now), the actor of every action, the connections
 *                 that watch it (`subs`), an undo request, per-seat bots,
 *                 when it was last touched, and the bots' wait after a
 *                 failed store.  Everything in it is guarded by its `mu`,
 *                 except `refs` (atomic) and the scheduler's fields (`share`,
 *                 `share_at`, `running`, `free_at`, `wait_max_ms`: guarded by the
 *                 scheduler's lock).
 *   srv_conn      one client: its transport (srv_io), its address, what it
 *                 is attached to (a seat with the token it used, a
 *                 spectator or nothing), its rate-limit bucket and its
 *                 private replay session.
 * Lock order: srv.mu -> sgame.mu -> srv_conn.mu -> (the transport's own
 * lock) ; the scheduler's, the pool's, the peers' and the store's locks are
 * taken last and alone.  Nothing writes to the network under these locks:
 * a transport's send only queues.
 */
#ifndef SRV_INT_H
#define SRV_INT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <time.h>

#include "util/buf.h"
#include "util/json.h"
#include "core/session.h"
#include "kontor/kontor.h"
#include "server/server.h"
#include "server/store.h"

#define SRV_NO_SEAT (-3) /* a connection attached to nothing */
#define SRV_UNUSED(x) ((void)(x))

typedef struct sseat {
    kt_bot *bot;  /* bots only; created when first needed */
    int thinking; /* a job for this seat is queued or running, or its answer is
                     waiting to be applied */
    int conns;    /* connections attached to this seat now */
} sseat;

typedef struct sgame {
    /* the game's id, set before the game is shared and never written again:
     * srv_find_game compares it under S->mu alone, while row (which holds
     * the same id) is rewritten under the game's own lock */
    char id[SRV_ID_LEN];
    srv_game_row row;
    char *options;        /* row.options points here */
    kt_session *S;
    int broken;           /* could not be rebuilt from storage (or unknown game) */
    int gone;             /* expired and removed from the list */
    int nacts;            /* actions applied == actions stored */
    int8_t *actor;        /* who took action i */
    int capacts;
    unsigned long version;/* bumped on every change that clients see */
    unsigned long epoch;  /* bumped on undo: bot answers from before are void */
    sseat seat[KT_MAX_PLAYERS];
    srv_conn **subs;
    int nsubs, capsubs;
    int undo_by, undo_to; /* an undo request: by seat, back to action index */
    uint32_t undo_yes;
    long long touched;    /* unix seconds: the last move, attach or detach */
    long long bot_retry_ms; /* monotonic ms: bots wait until then after a failed store */
    int bot_backoff_ms;   /* that wait, doubled on every failure in a row */
    int remote;           /* another server process hosts it (cluster.c): its row is
                             refreshed from the database, it has no session here */
    int rating_done;      /* its result went into the ratings (rating.c) */
    struct sgame_chat *chat; /* its chat, loaded when first needed (chat.c) */
    /* the bot scheduler's account of this game (guarded by its lock) */
    double share;         /* CPU ms its bots used, decaying */
    long long share_at;   /* monotonic ms of the last decay */
    int running;          /* its jobs running now */
    long long free_at;    /* monotonic ms its last job ended (running 0 since) */
    long long wait_max_ms; /* longest a job of its bots waited for a runner
                            * while its game ran nothing: from its arrival or
                            * the end of the game's job before, the later */
    pthread_mutex_t mu;
    atomic_int refs;      /* the list's + one per holder (connections, jobs) */
} sgame;

struct srv_conn {
    srv *S;
    srv_conn *prev, *next; /* every connection (S->conns, guarded by S->cmu) */
    srv_io ops;
    void *io;
    char addr[64];         /* the client's address (for logs) */
    char key[64];          /* ... as it counts for limits (srv_addr_key) */
    pthread_mutex_t mu;    /* guards closed and the calls of ops */
    int closed;
    /* Written by the connection's own messages (one at a time); read by
     * composers of pushes under the game's lock (seat, lang, log_next). */
    sgame *game;
    int seat; /* player, KT_SPECTATOR or SRV_NO_SEAT */
    char token[SRV_TOKEN_LEN]; /* the seat's token this connection used */
    int lang;
    int log_next;  /* log entries this client has */
    double tokens; /* rate limit bucket */
    struct timespec last;
    /* account (account.c): the session secret of the WebSocket's cookie; the
     * account it resolved to (written under mu: logouts read it) */
    char session[72];
    long long account;
    char account_name[SRV_NAME_LEN];
    long long account_at; /* monotonic ms of the last look-up */
    /* chat (chat.c) */
    double chat_tokens;
    long long chat_at;
    int chat_spectators; /* a player who chose to read the spectators' chat */
    /* replay viewer */
    kt_session *rs;
    char rid[SRV_ID_LEN];
    int rstep;
    char **rtexts;
    int8_t *ractors;
    int rn;
};

/* ---- peers.c: records per client address ---- */
typedef struct srv_peer srv_peer;
enum { SRV_PEER_CONN, SRV_PEER_CREATE, SRV_PEER_LOGIN, SRV_PEER_SIGNUP, SRV_PEER_CHAT,
       SRV_PEER_NBUCKETS };
typedef struct srv_peers {
    pthread_mutex_t mu;
    srv_peer **bucket;
    size_t nbucket, count;
    double rate[SRV_PEER_NBUCKETS], burst[SRV_PEER_NBUCKETS]; /* per second; 0: no limit */
    srv_store *shared; /* several servers: counts in the database too (peers.c) */
    long long swept_ms;
} srv_peers;
void srv_peers_init(srv_peers *P);
void srv_peers_free(srv_peers *P);
/* The rate (per second) and burst of bucket `which` for every address. */
void srv_peers_limit(srv_peers *P, int which, double rate, double burst);
/* Take one token from the address's bucket `which`; 0 when it is empty. */
int srv_peers_take(srv_peers *P, const char *key, int which, long long now_ms);
/* Count one more open connection of the address unless it has `max`. */
int srv_peers_open(srv_peers *P, const char *key, int max);
void srv_peers_close(srv_peers *P, const char *key);
/* Several servers: publish this server's open connections per address, read the others'. */
void srv_peers_share(srv_peers *P, const char *owner, long long alive_after);
/* A growing list of counts per address (the caller frees rows): 0 out of memory. */
typedef struct srv_addr_rows {
    srv_addr_count *rows;
    int n, cap;
} srv_addr_rows;
int srv_addr_rows_add(srv_addr_rows *X, const char *key, long long n, long long win);
/* Forget addresses with nothing open whose buckets are full again. */
void srv_peers_sweep(srv_peers *P, long long now_ms);
size_t srv_peers_count(srv_peers *P);

/* ---- sched.c: the bot runners and their fair scheduler ---- */
struct srv_runner;
typedef struct sjob {
    struct sjob *next;
    sgame *g;
    int seat;
    /* a task other than a bot decision (analysis.c): run on a runner
       instead of srv_bot_job; arg belongs to whoever queued it */
    void (*run)(struct srv *S, struct srv_runner *r, struct sjob *j);
    void *arg;
    unsigned long epoch;
    unsigned long long seq; /* order of arrival (ties) */
    long long queued_ms;    /* when it arrived (monotonic) */
} sjob;
typedef struct srv_runner {
    pthread_t th;
    struct srv *S;
    sjob *job;          /* running now (NULL: idle) */
    kt_bot *bot;        /* the bot thinking for it */
    long long start_ms; /* when it started (monotonic) */
    int hurried;
} srv_runner;
typedef struct srv_sched {
    pthread_mutex_t mu;
    pthread_cond_t cv;      /* runners wait for jobs */
    pthread_cond_t supcv;   /* the supervisor waits for a reason to look */
    sjob *jobs;             /* waiting, in arrival order */
    int njobs, nbusy;
    int ntasks;             /* tasks (analyses, hints) running now */
    unsigned long long seq;
    srv_runner *runners;
    int nrunners;
    pthread_t supervisor;
    int has_supervisor, stopping;
    long long hurries;      /* searches asked to answer early (stats) */
} srv_sched;
int srv_sched_start(struct srv *S, int runners, char *err, size_t cap);
void srv_sched_stop(struct srv *S);
/* Queue a bot decision for (g, seat) (the caller holds g->mu). */
void srv_enqueue(struct srv *S, sgame *g, int seat);
/* Queue a task (analysis.c) that the scheduler accounts to game g like
 * its bots' decisions; 0 when the server stops (nothing queued). */
int srv_enqueue_task(struct srv *S, sgame *g,
                     void (*run)(struct srv *S, struct srv_runner *r, sjob *j), void *arg);
/* Should the task running on r stop soon (hurried by the time slice, or
 * the server stopping)?  Tasks ask this between their steps. */
int srv_task_hurried(struct srv *S, struct srv_runner *r);
/* Pick the job to run next from the waiting ones (lock held): the game
 * whose bots used the least CPU lately, oldest first among equals, never a
 * game already running a job, and no task while tasks hold every runner
 * but one (with several runners, one is always left to the bots).  NULL
 * when none may run.  (Exposed for the
 * scheduler's tests.) */
sjob *srv_sched_pick(srv_sched *q, long long now_ms);
double srv_sched_decayed(const sgame *g, long long now_ms);

/* ---- srv.c ---- */
typedef struct stask {
    struct stask *next;
    void (*fn)(void *);
    void *arg;
} stask;

struct srv {
    srv_config cfg;
    srv_store *st;
    pthread_mutex_t mu;
    sgame **games;
    int ngames, capgames;
    kt_session *lobby;
    pthread_mutex_t lobby_mu;
    atomic_llong moves;
    atomic_int store_failing;    /* the last write failed (logged once per streak) */
    atomic_llong store_failures; /* writes that failed in this streak */
    srv_peers peers;
    srv_sched sched;
    /* every connection (for logouts everywhere) */
    pthread_mutex_t cmu;
    srv_conn *conns;
    struct srv_acct *acct;       /* account.c */
    struct srv_cluster *cluster; /* cluster.c */
    struct srv_analyses *an; /* analysis.c: analyses and hints */
    /* workers: a queue of tasks */
    pthread_mutex_t wmu;
    pthread_cond_t wcv, idlecv;
    stask *thead, *ttail;
    pthread_t *wthreads;
    int nworkers, wbusy, wqueued, wstopping;
    /* ticker */
    pthread_t ticker;
    int has_ticker;
    pthread_mutex_t tmu;
    pthread_cond_t tcv;
    int tstop;
};

long long srv_now_ms(void); /* monotonic */
/* A new game's list entry (sgame) from a stored row; NULL without memory. */
sgame *srv_game_from_row(const srv_game_row *row);
/* Put a game on the list (S->mu held); 0 without memory. */
int srv_add_game(srv *S, sgame *g);
/* The limits of every session the server opens (games and replays). */
void srv_session_limits(const srv *S, kt_session_limits *lim);
int srv_random_hex(char *out, int nhex);
sgame *srv_find_game(srv *S, const char *id); /* with a reference */
sgame *srv_find_token(srv *S, const char *token, int *seat);
void srv_game_unref(srv *S, sgame *g);
/* Compare two tokens in constant time (for a given length). */
int srv_token_eq(const char *a, const char *b);

/* ---- text.c ---- */
/* Is s (n bytes) well-formed UTF-8? */
int srv_utf8_ok(const char *s, size_t n);
/* A name a person gave (player, game): UTF-8 of fewer than cap bytes,
 * without control characters.  Returns 1, or 0 with the reason in why. */
int srv_name_ok(const char *s, size_t n, size_t cap, const char **why);
/* The optional "name" of a request for a seat (joining from the lobby,
 * claiming by link): 1 when it is absent or a name srv_name_ok accepts
 * (SRV_NAME_LEN); otherwise 0 after an "invalid" error reply to ref. */
int srv_seat_name_ok(srv_conn *c, const kt_jv *name, const char *ref);
/* Replace what is not well-formed UTF-8 (or a control character) in the
 * NUL-terminated s of capacity cap by U+FFFD; returns 1 if it changed. */
int srv_text_repair(char *s, size_t cap);

/* ---- game.c (callers hold g->mu unless noted) ---- */
/* Is this a session reply whose "ok" is true?  (For replies that are text
 * anyway; the server's own calls into a session use the typed calls of
 * core/session.h and their status.) */
int srv_reply_ok(const char *reply);
int sgame_open(srv *S, sgame *g, char *err, size_t cap); /* build the session */
int sgame_record(srv *S, sgame *g, int player, char *err, size_t cap);
void sgame_changed(srv *S, sgame *g); /* bump version, push views, kick bots */
void sgame_kick_bots(srv *S, sgame *g);
int sgame_is_over(const sgame *g);
void sgame_push_all(srv *S, sgame *g);
void sgame_push_one(srv *S, sgame *g, srv_conn *c);
void sgame_subscribe(sgame *g, srv_conn *c);
void sgame_unsubscribe(sgame *g, srv_conn *c);
void sgame_seats_json(const sgame *g, kt_jw *w);
/* Take back every action from index `target` on, unless one of them showed
 * a seat of `seats` (bit p) something hidden or random (the session's
 * refusal, in `lang`, goes whole to `why`); `check`: only ask whether it
 * could. */
int sgame_undo_to(srv *S, sgame *g, int target, uint32_t seats, int lang, int check, kt_buf *why);
void sgame_cancel_bots(sgame *g);
void sgame_free(sgame *g);
/* A seat's token changed: every connection that used the old token is
 * told, unsubscribed and closed (`except` keeps its own way out). */
void sgame_revoke_seat(srv *S, sgame *g, int seat, srv_conn *except);
/* A runner's job: think on a copy of the state (no lock held), then hand
 * the answer to a worker. */
void srv_bot_job(srv *S, srv_runner *r, sjob *j);
/* The session of a finished or abandoned game nobody watches is freed
 * (rebuilt when somebody looks again). */
void sgame_unload(sgame *g);

/* ---- conn.c ---- */
/* Queue a message for the client (valid UTF-8 is checked: the server must
 * never send anything else). */
void srv_conn_queue(srv_conn *c, const char *text, size_t len);
void srv_conn_queue_take(srv_conn *c, char *text); /* frees text */
/* Ask the transport to end the connection. */
void srv_conn_kick(srv_conn *c, int code, const char *reason);
/* Lock c's game and check that c may still act there (a seat only while
 * its token is the one c attached with); NULL (error sent, c detached)
 * otherwise. */
sgame *srv_conn_lock_game(srv_conn *c, const char *ref);
/* A command of the dispatch table as the handlers see it. */
typedef struct srv_msg {
    const kt_jv *req;  /* the parsed object */
    const char *cmd;
    const char *text;  /* the raw message (forwarded to sessions as it is) */
    size_t len;
    const char *ref;   /* the request's "ref" as JSON text, or NULL */
} srv_msg;

/* ---- account.c ---- */
/* One HTTP call of /api/... (httpapi.c fills the request, a worker runs it,
 * the network thread sends the answer). */
typedef struct srv_api_call {
    char path[32];        /* "signup", "login", "logout", "logout-all" */
    const char *body;
    size_t len;
    char session[72];     /* the cookie's secret ("" none) */
    char addr[64], addr_key[64];
    /* out */
    int status;
    char *json;           /* the answer (malloc'd) */
    char name[SRV_NAME_LEN];
    int set_cookie;       /* 1: set set_session, 2: clear the cookie */
    char set_session[72];
    long long max_age_s;
} srv_api_call;
int srv_acct_init(srv *S, char *err, size_t cap);
void srv_acct_free(srv *S);
void srv_api_run(srv *S, srv_api_call *a);
/* unix time in ms (clocks, sessions, leases) */
long long srv_unix_ms(void);
/* An account name: 1 with its folded key, or 0 with the reason. */
int srv_account_name(const char *s, size_t n, char *key, size_t cap, const char **why);
/* The connection's account (0: none), its name into name (may be NULL). */
long long srv_conn_account(srv_conn *c, char *name, size_t cap);
/* Close every WebSocket of the account on this server (logout everywhere). */
void srv_acct_kick(srv *S, long long account);
void srv_cmd_whoami(srv_conn *c, const char *ref);
void srv_cmd_mygames(srv_conn *c, const kt_jv *req, const char *ref);
/* The connection's account takes seat `seat` of g (g->mu held). */
int srv_claim_seat(srv_conn *c, sgame *g, int seat, char *err, size_t cap);
/* profile.c: an account's page and the leaderboards */
void srv_cmd_profile(srv_conn *c, const kt_jv *req, const char *ref);
void srv_cmd_leaderboard(srv_conn *c, const kt_jv *req, const char *ref);

/* ---- clock.c (g->mu held) ---- */
/* Read "timing" of a create request into row (0 with the reason). */
int srv_timing_read(const kt_jv *t, srv_timing *out, char *err, size_t cap);
/* A new game's clocks: every human seat's bank full (bots have none), none
 * running, no forfeits (its seats must be filled in). */
void srv_clock_start(srv_game_row *row);
/* The facts after a change of the session (a move, an undo, the start):
 * pending seats, stretches of the clocks that end or begin, nacts. */
void srv_facts_update(sgame *g, long long now_ms);
/* A hosted game resumes after its server was down since alive_ms: its
 * clocks do not count that time (docs/server.md, "Clocks"). */
void srv_clock_resume(sgame *g, long long alive_ms, long long now_ms);
/* Time left for seat p at now (ms; -1: no clock or not deciding). */
long long srv_clock_left(const sgame *g, int p, long long now_ms);
/* Has a seat of g run out of time (the ticker asks under S->mu)? */
int srv_clock_due(const sgame *g, long long now_ms);
/* Seats out of time: a bot takes over or the seat loses (the ticker). */
void srv_clock_check(srv *S, sgame *g, long long now_ms);
/* The view's "table" object: timing, clocks, forfeits, rated. */
void srv_table_json(const sgame *g, kt_jw *w, long long now_ms);
/* The lobby's status word of a game (open, running, waiting, inactive, ...). */
const char *sgame_status(const srv *S, const sgame *g, long long now_s);

/* ---- rating.c ---- */
/* The fixed rating of a bot spec in a game (its level or name), or -1. */
double srv_bot_rating(const char *game, const char *spec);
int srv_bot_rating_is_bound(const char *game, const char *spec); /* 1: measured as a lower bound */
/* Elo for several players (pairwise): new ratings of n players with
 * ratings r[] and ranks rank[] (0 first; ties share a rank); fixed[i]
 * players (bots) keep theirs. */
void srv_elo(int n, const double *r, const int *rank, const int *fixed, double k, double *out);
/* The game ended (by its rules or a forfeit): results and ratings. */
void srv_rating_game_over(srv *S, sgame *g);
/* Can this game still be rated (for the lobby and undo)? */
int srv_rating_possible(const sgame *g);

/* ---- chat.c ---- */
void srv_cmd_chat(srv_conn *c, const kt_jv *req, const char *ref);
void srv_cmd_mute(srv_conn *c, const kt_jv *req, const char *ref);
void srv_cmd_chat_prefs(srv_conn *c, const kt_jv *req, const char *ref);
/* After attaching: the chat this connection may read (g->mu held). */
void srv_chat_on_attach(srv *S, sgame *g, srv_conn *c);
void srv_chat_free(sgame *g);

/* ---- cluster.c: several servers on one PostgreSQL ---- */
int srv_cluster_start(srv *S, char *err, size_t cap);
void srv_cluster_stop(srv *S);
/* Does this server host g (taking its lease when it is free)?  Else the
 * client is told where it is hosted (error "moved"); g->mu held. */
int srv_cluster_host(srv *S, sgame *g, srv_conn *c, const char *ref);
/* A game created here: its lease. */
int srv_cluster_adopt(srv *S, sgame *g);
/* Once a second (the ticker): leases, other servers' games, orphans. */
void srv_cluster_tick(srv *S, long long now_ms);
/* The lease owner this server writes moves as (NULL on SQLite). */
const char *srv_cluster_owner(const srv *S);
/* A seat token of a game this server does not know yet (another server
 * made it): the game is loaded from the database.  With a reference. */
sgame *srv_cluster_find_token(srv *S, const char *token, int *seat);

/* ---- replay.c ---- */
void srv_replay(srv_conn *c, const kt_jv *req, const char *ref);
void srv_replay_clear(srv_conn *c);

/* ---- analysis.c: post-game analyses and hints (docs/server.md) ---- */
int srv_analyses_init(srv *S);
void srv_analyses_free(srv *S); /* after srv_sched_stop */
/* Several servers: publish this server's analyses per address, read the others' (the ticker). */
void srv_analyses_share(srv *S, const char *owner, long long alive_after);
void srv_cmd_analyze(srv_conn *c, const kt_jv *req, const char *ref);
void srv_cmd_analysis(srv_conn *c, const kt_jv *req, const char *ref);
void srv_cmd_analyze_cancel(srv_conn *c, const kt_jv *req, const char *ref);
void srv_cmd_hint(srv_conn *c, const kt_jv *req, const char *ref);
/* "create": read the table option "hints" (refused with "rated"); 0 with an
 * error sent when it is malformed. */
int srv_hints_option(srv_conn *c, const kt_jv *req, const char *ref, int *hints);
/* After the game is stored: remember hints=on with it, and write
 * "hints": bool into the create reply. */
void srv_hints_created(srv *S, const char *id, int hints, kt_jw *w);

/* ---- lobby.c ---- */
void srv_lobby_catalog(srv_conn *c, const kt_jv *req, const char *ref);
void srv_lobby_list(srv_conn *c, const char *ref);
void srv_lobby_create(srv_conn *c, const kt_jv *req, const char *ref);
void srv_lobby_join(srv_conn *c, const kt_jv *req, const char *ref);
void srv_lobby_rematch(srv_conn *c, const char *ref);
/* A game's title in the language, or its name when the game is unknown. */
const char *srv_game_title(const char *game, int lang);

/* Replies built by the server itself (not by the session). */
/* The opening of every error reply, {"ok":false,"ref":…,"error":kind,
 * "message":message: the caller may add members, then closes the object. */
void srv_error_open(kt_jw *w, const char *ref, const char *kind, const char *message);
void srv_reply_error(srv_conn *c, const char *ref, const char *kind, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
void srv_reply_begin(kt_jw *w, kt_buf *b, const char *ref);
void srv_reply_send(srv_conn *c, kt_buf *b); /* queues and frees b */

#endif
