/*
 * srv_int.h - the server core's internal types (shared by srv.c, game.c,
 * conn.c, replay.c; nothing outside src/server includes it).
 *
 * Data layout:
 *   srv           configuration, the store, the list of games (`games`,
 *                 guarded by `mu`), a lobby session for the game catalogue
 *                 and help (guarded by `lobby_mu`), and the bot workers'
 *                 job queue (guarded by `qmu`).
 *   sgame         one game: its stored row (creation parameters, seats),
 *                 its kt_session (NULL for a finished game not opened since
 *                 start), the actor of every action, the connections that
 *                 watch it (`subs`), an undo request and per-seat bots.
 *                 Everything in it is guarded by its `mu`, except `refs`
 *                 (atomic).
 *   srv_conn      one client: its send callback and outgoing queue (guarded
 *                 by `mu`), what it is attached to (a seat, a spectator or
 *                 nothing) and its private replay session.
 * Lock order: srv.mu -> sgame.mu -> srv_conn.mu -> store; qmu is taken
 * alone or inside sgame.mu.  Network I/O never happens under sgame.mu: a
 * message is queued under the game's lock (which fixes its order) and sent
 * after the lock is released (srv_conn_flush).
 */
#ifndef SRV_INT_H
#define SRV_INT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <time.h>

#include "core/buf.h"
#include "core/json.h"
#include "kontor/kontor.h"
#include "server/server.h"
#include "server/store.h"

#define SRV_NO_SEAT (-3) /* a connection attached to nothing */
#define SRV_UNUSED(x) ((void)(x))

typedef struct sseat {
    kt_bot *bot;  /* bots only; created when first needed */
    int thinking; /* a job for this seat is queued or running */
    int conns;    /* connections attached to this seat now */
} sseat;

typedef struct sgame {
    srv_game_row row;
    char *options;        /* row.options points here */
    kt_session *S;
    int broken;           /* could not be rebuilt from storage */
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
    pthread_mutex_t mu;
    atomic_int refs;      /* the list's + one per holder (connections, jobs) */
} sgame;

typedef struct smsg {
    struct smsg *next;
    int push; /* a push (may be dropped when the client is far behind) */
    size_t len;
    char text[];
} smsg;

struct srv_conn {
    srv *S;
    srv_send_fn send;
    void *io;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    smsg *qhead, *qtail;
    int qlen, flushing, closed;
    int refs; /* the connection's own + one per flusher holding it (mu) */
    /* Touched by the connection's own thread, and by composers of pushes
     * under the game's lock (log_next, lang read). */
    sgame *game;
    int seat; /* player, KT_SPECTATOR or SRV_NO_SEAT */
    int lang;
    int log_next;  /* log entries this client has */
    double tokens; /* rate limit bucket */
    struct timespec last;
    /* replay viewer */
    kt_session *rs;
    char rid[SRV_ID_LEN];
    int rstep;
    char **rtexts;
    int8_t *ractors;
    int rn;
};

typedef struct sjob {
    struct sjob *next;
    sgame *g;
    int seat;
    unsigned long epoch;
} sjob;

struct srv {
    srv_config cfg;
    srv_store *st;
    pthread_mutex_t mu;
    sgame **games;
    int ngames, capgames;
    kt_session *lobby;
    pthread_mutex_t lobby_mu;
    atomic_llong moves;
    /* bot workers */
    pthread_t *workers;
    int nworkers;
    pthread_mutex_t qmu;
    pthread_cond_t qcv, idlecv;
    sjob *qhead, *qtail;
    int busy, stopping;
};

/* ---- srv.c ---- */
void srv_log(srv *S, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
int srv_random_hex(char *out, int nhex);
sgame *srv_find_game(srv *S, const char *id); /* with a reference */
sgame *srv_find_token(srv *S, const char *token, int *seat);
void srv_game_unref(srv *S, sgame *g);
void srv_enqueue(srv *S, sgame *g, int seat); /* caller holds g->mu */

/* ---- game.c (callers hold g->mu unless noted) ---- */
/* A host request to the game's session; returns the reply (kt_free). */
char *sgame_host(sgame *g, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
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
 * refusal, in `lang`, goes to err); `check`: only ask whether it could. */
int sgame_undo_to(srv *S, sgame *g, int target, uint32_t seats, int lang, int check, char *err,
                  size_t cap);
void sgame_cancel_bots(sgame *g);
void sgame_free(sgame *g);
void srv_bot_job(srv *S, sjob *j); /* a worker runs it (no lock held) */
void sgame_flush(sgame *g);         /* no lock held: send what was queued */

/* ---- conn.c ---- */
void srv_conn_queue(srv_conn *c, const char *text, size_t len, int push);
void srv_conn_queue_take(srv_conn *c, char *text, int push); /* frees text */
void srv_conn_flush(srv_conn *c);
void srv_conn_ref(srv_conn *c);
void srv_conn_unref(srv_conn *c);

/* ---- replay.c ---- */
void srv_replay(srv_conn *c, const kt_jv *req, const char *ref);
void srv_replay_clear(srv_conn *c);

/* ---- lobby.c ---- */
void srv_lobby_catalog(srv_conn *c, const kt_jv *req, const char *ref);
void srv_lobby_list(srv_conn *c, const char *ref);
void srv_lobby_create(srv_conn *c, const kt_jv *req, const char *ref);
void srv_lobby_join(srv_conn *c, const kt_jv *req, const char *ref);
void srv_lobby_rematch(srv_conn *c, const char *ref);

/* Replies built by the server itself (not by the session). */
void srv_reply_error(srv_conn *c, const char *ref, const char *kind, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
void srv_reply_begin(kt_jw *w, kt_buf *b, const char *ref);
void srv_reply_send(srv_conn *c, kt_buf *b); /* queues and frees b */

#endif
