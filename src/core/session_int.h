/*
 * session_int.h - what the two files of the session (session.c,
 * session_cmd.c) share; nothing else includes it.
 *
 * Data layout: struct kt_session (described in session.c) and sreq, one
 * request being answered: the session, the seat asking, the request's JSON
 * members (NULL for a typed call, session.h), the reply built so far, its
 * status and, on failure, its message whole.
 */
#ifndef KT_SESSION_INT_H
#define KT_SESSION_INT_H

#include <pthread.h>

#include "game.h"
#include "mem.h"
#include "session.h"

#define SESS_BOTS 16
#define SESS_DEFAULT_REQUEST (16u << 20)
#define SESS_DEFAULT_HISTORY ((size_t)256 << 20)
#define SESS_LOG_PAGE 500

typedef struct sess_bot {
    char spec[256];
    uint64_t seed;
    kt_bot *bot;
} sess_bot;

struct kt_session {
    kt_session_limits lim;
    kt_allocator alloc;
    kt_game *g;
    kt_state *s, *start;
    int loaded;          /* began with "load": no record from the rules' start */
    kt_action *acts;
    int8_t *actor;
    uint32_t *seen;
    size_t nacts, capacts, hwm; /* hwm: most actions ever applied (undo depth) */
    unsigned char *hist;
    size_t hbase, nh, caph;
    kt_record *rec;
    sess_bot bots[SESS_BOTS];
    int nbots;
    pthread_mutex_t mu;
    kt_bot *running;
    kt_analysis *analysis; /* the "analyze" running now (cancel, progress) */
    uint64_t seed_counter;
    /* KONTOR_TEST_SCRAMBLE_TEXT set: legal actions' texts are replaced by
     * "action N", so a browser test proves that the web views find what an
     * action does from its info (verb, targets), never from its words. */
    int scramble;
    /* a "nomem" reply kept in reserve, so that a reply can be given when
     * the allocator fails without going around it (session_cmd.c,
     * oom_reply); handed out at most once, then taken again */
    char *nomem;
};

/* One request being answered. */
typedef struct sreq {
    kt_session *S;
    int seat;          /* KT_OMNISCIENT (host), a player, or KT_SPECTATOR */
    const kt_jv *req, *ref; /* req NULL: a typed call */
    kt_buf out;        /* the reply */
    kt_buf msg;        /* a failure's message, whole */
    kt_status st;      /* the reply's status */
    int quit;
} sreq;

/* Commands of the JSON protocol with their needs (session_cmd.c's table). */
enum {
    SS_GAME = 1, /* needs a game ("new" or "load" first) */
    SS_HOST = 2, /* the host only (KT_OMNISCIENT) */
    SS_FULL = 4  /* ... with full-state rights (kt_session_limits.allow_full_state) */
};

/* The "nomem" reply as a string from `a` (kt_free), or NULL. */
char *ss_nomem_reply(const kt_allocator *a);

/* replies (the reply is reset first) */
void ss_reply_begin(sreq *q, kt_jw *w); /* {"ok":true,"ref":.. - the caller closes it */
void ss_fail_begin(sreq *q, kt_jw *w, kt_status st, const char *kind, const char *msg);
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void ss_fail(sreq *q, kt_status st, const char *fmt, ...);
void ss_fail_err(sreq *q, const kt_err *e);
void ss_reply_raw(sreq *q, const char *key, char *js); /* takes js (NULL: out of memory) */
void ss_reply_status(sreq *q, const char *key, const char *val);
void ss_write_status(kt_session *S, kt_jw *w);

/* request members: 0 with the failure in the reply when present but bad */
int ss_get_int(sreq *q, const char *key, long long lo, long long hi, long long *out);
int ss_get_bool(sreq *q, const char *key, int *out);
int ss_get_lang(sreq *q, int *lang);
int ss_get_player(sreq *q, const char *key, int lo, int def, int *out);
int ss_check_player(sreq *q, const char *key, int lo, long long p, int *out);
int ss_get_viewer(sreq *q, int required, int *viewer);
int ss_is_host(const sreq *q);
int ss_need_host(sreq *q, const char *cmd);
int ss_need_full_state(sreq *q, const char *what);

/* the session */
void *ss_mem(const kt_session *S, void *p, size_t osize, size_t nsize);
typedef int (*walk_fn)(sreq *q, size_t i, const kt_state *before, const kt_state *after,
                       void *ctx);
int ss_walk(sreq *q, size_t from, size_t to, walk_fn fn, void *ctx);
int ss_install(sreq *q, kt_game *g, kt_state *s, int loaded);
int ss_refuse_files(sreq *q, kt_game *g);
void ss_do_apply(sreq *q, int player, kt_action a);

/* the JSON handlers of session.c */
void ss_cmd_new(sreq *q);
void ss_cmd_legal(sreq *q);
void ss_cmd_apply(sreq *q);
void ss_cmd_undo(sreq *q);
void ss_cmd_observe(sreq *q);
void ss_cmd_render(sreq *q);
void ss_cmd_state(sreq *q);
void ss_cmd_log(sreq *q);
void ss_cmd_status(sreq *q);

/* A typed call's request: 0 (with the failure) for a bad seat or, when
 * `game` is set, no game yet; ss_end hands the reply over. */
int ss_begin(sreq *q, kt_session *S, int seat, const char *cmd, int game);
kt_status ss_end(sreq *q, kt_sreply *r);

#endif
