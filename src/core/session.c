/*
 * session.c - one game being played, driven by JSON requests (kontor.h,
 * docs/protocol.md).
 *
 * Data layout of a kt_session:
 *   g, s          the configuration and the current state (NULL before
 *                 "new"/"load");
 *   start         the state at "new"/"load": every earlier state can be
 *                 rebuilt from it by replaying `acts`;
 *   acts, actor   every action applied since the start and who took it;
 *   seen          per action the players it showed something hidden or
 *                 random (bit p; kt_action_reveals): an "undo" for a player
 *                 never goes back past such an action (docs/protocol.md);
 *   hist          the states before actions hbase .. hbase+nh-1, back to
 *                 back (kt_state_size bytes each): undo and the game log.
 *                 When it outgrows lim.max_history the oldest quarter is
 *                 dropped; the log then rebuilds those states by replay;
 *   rec           the game record (action texts, seat labels);
 *   bots          a small cache of bots keyed by spec + seed;
 *   mu, running   the bot deciding now (and `analysis`, the analysis
 *                 running now), so that kt_session_cancel and
 *                 kt_session_progress can reach it from another thread.
 * A failing request changes nothing: every command validates its whole
 * input before it touches the session.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "game.h"

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
};

/* One request being answered. */
typedef struct sreq {
    kt_session *S;
    int seat;          /* KT_OMNISCIENT (host), a player, or KT_SPECTATOR */
    const kt_jv *req, *ref;
    kt_buf out;        /* the reply */
    int quit;
} sreq;

/* ------------------------------------------------------------ memory */

static void *smem(const kt_session *S, void *p, size_t osize, size_t nsize)
{
    if (S->alloc.fn)
        return S->alloc.fn(S->alloc.ud, p, osize, nsize);
    if (nsize == 0) {
        free(p);
        return NULL;
    }
    return realloc(p, nsize);
}

void kt_session_limits_trusted(kt_session_limits *l)
{
    memset(l, 0, sizeof *l);
    l->allow_files = 1;
    l->allow_full_state = 1;
}

void kt_session_limits_server(kt_session_limits *l)
{
    memset(l, 0, sizeof *l);
    l->max_undo = 100;
    l->max_request = 1u << 20;
    l->max_bot_ms = 10000;
    l->max_history = (size_t)64 << 20;
}

kt_status kt_session_new(const kt_session_limits *lim, const kt_allocator *alloc,
                         kt_session **out, kt_err *err)
{
    *out = NULL;
    kt_allocator a = {NULL, NULL};
    if (alloc)
        a = *alloc;
    kt_session tmp;
    memset(&tmp, 0, sizeof tmp);
    tmp.alloc = a;
    kt_session *S = smem(&tmp, NULL, 0, sizeof *S);
    if (!S)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    memcpy(S, &tmp, sizeof *S);
    if (lim)
        S->lim = *lim;
    else
        kt_session_limits_trusted(&S->lim);
    if (!S->lim.max_request)
        S->lim.max_request = SESS_DEFAULT_REQUEST;
    if (!S->lim.max_history)
        S->lim.max_history = SESS_DEFAULT_HISTORY;
    const char *scr = getenv("KONTOR_TEST_SCRAMBLE_TEXT");
    S->scramble = scr && *scr && strcmp(scr, "0") != 0;
    if (pthread_mutex_init(&S->mu, NULL) != 0) {
        smem(S, S, sizeof *S, 0);
        return kt_seterr(err, KT_ENOMEM, "cannot create a mutex");
    }
    *out = S;
    return KT_OK;
}

static void bots_clear(kt_session *S)
{
    for (int i = 0; i < S->nbots; i++)
        kt_bot_free(S->bots[i].bot);
    S->nbots = 0;
}

/* Forget the game (bots first: they refer to the configuration). */
static void game_clear(kt_session *S)
{
    bots_clear(S);
    kt_record_free(S->rec);
    S->rec = NULL;
    if (S->g) {
        kt_state_free(S->g, S->s);
        kt_state_free(S->g, S->start);
    }
    kt_game_free(S->g);
    S->g = NULL;
    S->s = S->start = NULL;
    smem(S, S->acts, sizeof *S->acts * S->capacts, 0);
    smem(S, S->actor, sizeof *S->actor * S->capacts, 0);
    smem(S, S->seen, sizeof *S->seen * S->capacts, 0);
    S->acts = NULL;
    S->actor = NULL;
    S->seen = NULL;
    S->nacts = S->capacts = S->hwm = 0;
    S->hbase = S->nh = 0;
    S->loaded = 0;
}

void kt_session_free(kt_session *S)
{
    if (!S)
        return;
    game_clear(S);
    if (S->hist)
        smem(S, S->hist, S->caph, 0);
    pthread_mutex_destroy(&S->mu);
    smem(S, S, sizeof *S, 0);
}

const kt_game *kt_session_game(const kt_session *S) { return S->g; }
const kt_state *kt_session_state(const kt_session *S) { return S->s; }
const kt_record *kt_session_record(const kt_session *S) { return S->rec; }

void kt_session_cancel(kt_session *S)
{
    pthread_mutex_lock(&S->mu);
    if (S->running)
        kt_bot_cancel(S->running);
    if (S->analysis)
        kt_analysis_cancel(S->analysis);
    pthread_mutex_unlock(&S->mu);
}

void kt_session_progress(kt_session *S, kt_bot_progress *out)
{
    memset(out, 0, sizeof *out);
    pthread_mutex_lock(&S->mu);
    if (S->running)
        kt_bot_progress_get(S->running, out);
    if (S->analysis) {
        kt_analysis_progress p;
        kt_analysis_progress_get(S->analysis, &p);
        out->thinking = 1;
        out->simulations = p.simulations;
    }
    pthread_mutex_unlock(&S->mu);
}

/* ------------------------------------------------------------ replies */

static const char *status_kind(kt_status s)
{
    switch (s) {
    case KT_OK: return "ok";
    case KT_EINVAL: return "invalid";
    case KT_EUNKNOWN: return "unknown";
    case KT_EILLEGAL: return "illegal";
    case KT_EPARSE: return "parse";
    case KT_ESTATE: return "state";
    case KT_ENOMEM: return "nomem";
    case KT_EOVER: return "over";
    case KT_EIO: return "io";
    case KT_EINTERNAL: return "internal";
    }
    return "internal";
}

/* Start {"ok":true,"ref":...; the caller adds members and closes it. */
static void reply_begin(sreq *q, kt_jw *w)
{
    kt_buf_reset(&q->out);
    kt_jw_init(w, &q->out);
    kt_jw_obj(w);
    kt_jw_kbool(w, "ok", 1);
    if (q->ref) {
        kt_jw_key(w, "ref");
        kt_jw_value(w, q->ref);
    }
}

/* Start {"ok":false,"ref":...,"error":kind,"message":msg; the caller may
 * add members and closes it. */
static void fail_begin(sreq *q, kt_jw *w, const char *kind, const char *msg)
{
    kt_buf_reset(&q->out);
    kt_jw_init(w, &q->out);
    kt_jw_obj(w);
    kt_jw_kbool(w, "ok", 0);
    if (q->ref) {
        kt_jw_key(w, "ref");
        kt_jw_value(w, q->ref);
    }
    kt_jw_kstr(w, "error", kind);
    kt_jw_kstr(w, "message", msg);
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void fail(sreq *q, kt_status st, const char *fmt, ...)
{
    char msg[KT_ERRLEN + 64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    kt_jw w;
    fail_begin(q, &w, status_kind(st), msg);
    kt_jw_obj_end(&w);
}

static void fail_err(sreq *q, const kt_err *e) { fail(q, e->code, "%s", e->msg); }

static int pending_list(const kt_game *g, const kt_state *s, kt_jw *w)
{
    uint32_t m = kt_pending(g, s);
    kt_jw_arr(w);
    for (int p = 0; p < kt_game_players(g); p++)
        if ((m >> p) & 1u)
            kt_jw_int(w, p);
    kt_jw_arr_end(w);
    return (int)m;
}

static void write_status(kt_session *S, kt_jw *w)
{
    const kt_game *g = S->g;
    const kt_state *s = S->s;
    kt_jw_kstr(w, "game", kt_game_name(g));
    kt_jw_kint(w, "players", kt_game_players(g));
    kt_jw_kstr(w, "status", kt_is_over(g, s) ? "over" : "running");
    kt_jw_kint(w, "to_move", kt_to_move(g, s));
    kt_jw_key(w, "pending");
    pending_list(g, s, w);
    kt_jw_kint(w, "turn_player", kt_turn_player(g, s));
    kt_jw_kstr(w, "decision", kt_decision(g, s));
    kt_jw_kint(w, "turn", kt_turn_number(g, s));
    kt_jw_kint(w, "actions", (long long)kt_action_count(g, s));
    if (!kt_is_over(g, s))
        return;
    kt_result r;
    kt_result_get(g, s, &r);
    kt_jw_key(w, "result");
    kt_jw_obj(w);
    kt_jw_kbool(w, "finished", r.finished);
    kt_jw_key(w, "scores");
    kt_jw_arr(w);
    for (int p = 0; p < r.nplayers; p++)
        kt_jw_num(w, r.score[p]);
    kt_jw_arr_end(w);
    kt_jw_key(w, "winners");
    kt_jw_arr(w);
    for (int p = 0; p < r.nplayers; p++)
        if ((r.winners >> p) & 1u)
            kt_jw_int(w, p);
    kt_jw_arr_end(w);
    kt_jw_kint(w, "turns", r.turns);
    kt_jw_obj_end(w);
}

static void reply_status(sreq *q, const char *key, const char *val)
{
    kt_jw w;
    reply_begin(q, &w);
    if (key)
        kt_jw_kstr(&w, key, val);
    write_status(q->S, &w);
    kt_jw_obj_end(&w);
}

/* ------------------------------------------------------------ request fields */

/* Optional integer member in [lo, hi]; 0 (with the reply set) when present but
 * bad.  Magnitudes beyond 64 bits and fractions are refused, never converted. */
static int get_int(sreq *q, const char *key, long long lo, long long hi, long long *out)
{
    const kt_jv *v = kt_jv_get(q->req, key);
    if (!v)
        return 1;
    int ok = v->type == KT_JNUM && v->isint;
    long long x = 0;
    if (ok && v->neg)
        ok = v->u <= (uint64_t)INT64_MAX && (x = -(long long)v->u) >= lo;
    else if (ok)
        ok = v->u <= (uint64_t)hi && (x = (long long)v->u) >= lo;
    if (ok && x > hi)
        ok = 0;
    if (!ok) {
        fail(q, KT_EINVAL, "\"%s\" must be an integer in %lld..%lld", key, lo, hi);
        return 0;
    }
    *out = x;
    return 1;
}

static int get_bool(sreq *q, const char *key, int *out)
{
    const kt_jv *v = kt_jv_get(q->req, key);
    if (!v)
        return 1;
    if (v->type != KT_JBOOL) {
        fail(q, KT_EINVAL, "\"%s\" must be true or false", key);
        return 0;
    }
    *out = v->b;
    return 1;
}

static int get_lang(sreq *q, int *lang)
{
    const kt_jv *l = kt_jv_get(q->req, "lang");
    *lang = KT_LANG_EN;
    if (!l)
        return 1;
    if (l->type == KT_JSTR && !strcmp(l->s, "de")) {
        *lang = KT_LANG_DE;
        return 1;
    }
    if (l->type == KT_JSTR && !strcmp(l->s, "en"))
        return 1;
    fail(q, KT_EINVAL, "\"lang\" must be \"en\" or \"de\"");
    return 0;
}

static int is_host(const sreq *q) { return q->seat == KT_OMNISCIENT; }

static int need_host(sreq *q, const char *cmd)
{
    if (is_host(q))
        return 1;
    fail(q, KT_EINVAL, "\"%s\" is not available to %s", cmd,
         q->seat == KT_SPECTATOR ? "spectators" : "a player's seat");
    return 0;
}

static int need_full_state(sreq *q, const char *what)
{
    if (is_host(q) && q->S->lim.allow_full_state)
        return 1;
    fail(q, KT_EINVAL, "%s would show hidden information: not allowed in this session", what);
    return 0;
}

/* The player a request acts or looks for: member `key` (host: any player in
 * lo..players-1; seat: its own, which is also the default; spectator: -1).
 * `def` is the host's default. */
static int get_player(sreq *q, const char *key, int lo, int def, int *out)
{
    int np = kt_game_players(q->S->g);
    long long p = is_host(q) ? def : q->seat;
    if (!get_int(q, key, lo, np - 1, &p))
        return 0;
    if (!is_host(q) && p != q->seat && !(p == KT_SPECTATOR && lo == KT_SPECTATOR)) {
        if (q->seat == KT_SPECTATOR)
            fail(q, KT_EINVAL, "a spectator sees only public information (\"%s\": -1)", key);
        else
            fail(q, KT_EINVAL, "this connection speaks for player %d only (\"%s\": %d)",
                 q->seat, key, q->seat);
        return 0;
    }
    *out = (int)p;
    return 1;
}

/* ------------------------------------------------------------ history */

static size_t ssize(const kt_session *S) { return kt_state_size(S->g); }

static kt_state *hist_at(kt_session *S, size_t i) /* state before action i */
{
    if (i < S->hbase || i >= S->hbase + S->nh)
        return NULL;
    return (kt_state *)(S->hist + (i - S->hbase) * ssize(S));
}

/* Make room for one more action: history slot and action arrays. */
static int reserve(kt_session *S)
{
    size_t sz = ssize(S);
    if (S->nacts == S->capacts) {
        size_t cap = S->capacts ? S->capacts * 2 : 256;
        kt_action *a = smem(S, NULL, 0, sizeof *a * cap);
        int8_t *who = smem(S, NULL, 0, sizeof *who * cap);
        uint32_t *seen = smem(S, NULL, 0, sizeof *seen * cap);
        if (!a || !who || !seen) {
            smem(S, a, sizeof *a * cap, 0);
            smem(S, who, sizeof *who * cap, 0);
            smem(S, seen, sizeof *seen * cap, 0);
            return 0;
        }
        if (S->nacts) {
            memcpy(a, S->acts, sizeof *a * S->nacts);
            memcpy(who, S->actor, sizeof *who * S->nacts);
            memcpy(seen, S->seen, sizeof *seen * S->nacts);
        }
        smem(S, S->acts, sizeof *S->acts * S->capacts, 0);
        smem(S, S->actor, sizeof *S->actor * S->capacts, 0);
        smem(S, S->seen, sizeof *S->seen * S->capacts, 0);
        S->acts = a;
        S->actor = who;
        S->seen = seen;
        S->capacts = cap;
    }
    size_t most = S->lim.max_history / sz;
    if (most < 16)
        most = 16;
    if (S->nh >= most) { /* drop the oldest quarter */
        size_t drop = S->nh / 4;
        memmove(S->hist, S->hist + drop * sz, (S->nh - drop) * sz);
        S->nh -= drop;
        S->hbase += drop;
    }
    if ((S->nh + 1) * sz > S->caph) {
        size_t cap = S->caph ? S->caph * 2 : 64 * sz;
        if (cap < (S->nh + 1) * sz)
            cap = (S->nh + 1) * sz;
        unsigned char *p = smem(S, S->hist, S->caph, cap);
        if (!p)
            return 0;
        S->hist = p;
        S->caph = cap;
    }
    return 1;
}

/* Apply a legal action of `player`, keeping history and record.  The state is
 * unchanged when something fails. */
static kt_status session_apply(kt_session *S, int player, kt_action a, kt_err *err)
{
    if (!reserve(S))
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    size_t sz = ssize(S);
    unsigned char *slot = S->hist + S->nh * sz;
    memcpy(slot, S->s, sz);
    kt_status st = kt_apply_as(S->g, S->s, player, a, err);
    if (st != KT_OK)
        return st;
    const kt_state *before = (const kt_state *)slot;
    if (!S->loaded && kt_record_add_as(S->rec, before, player, a) != KT_OK) {
        memcpy(S->s, slot, sz);
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    }
    S->nh++;
    S->acts[S->nacts] = a;
    S->actor[S->nacts] = (int8_t)player;
    S->seen[S->nacts] = 0;
    for (int p = 0; p < kt_game_players(S->g); p++)
        if (kt_action_reveals(S->g, before, player, a, S->s, p) != 0)
            S->seen[S->nacts] |= 1u << p;
    S->nacts++;
    if (S->nacts > S->hwm)
        S->hwm = S->nacts;
    return KT_OK;
}

/* Walk actions [from, to): fn(ctx, i, before, after).  States before `hbase`
 * are rebuilt by replaying from the start.  Returns 0 when out of memory. */
typedef int (*walk_fn)(sreq *q, size_t i, const kt_state *before, const kt_state *after,
                       void *ctx);

static int walk(sreq *q, size_t from, size_t to, walk_fn fn, void *ctx)
{
    kt_session *S = q->S;
    size_t sz = ssize(S);
    kt_state *a = smem(S, NULL, 0, sz), *b = smem(S, NULL, 0, sz);
    int ok = a && b, replaying = 0;
    for (size_t i = from; ok && i < to; i++) {
        const kt_state *before = hist_at(S, i), *after = hist_at(S, i + 1);
        if (!before) { /* older than the history kept: replay */
            if (!replaying) {
                memcpy(a, S->start, sz);
                for (size_t k = 0; k < i; k++)
                    kt_apply_as(S->g, a, S->actor[k], S->acts[k], NULL);
                replaying = 1;
            }
            memcpy(b, a, sz);
            kt_apply_as(S->g, b, S->actor[i], S->acts[i], NULL);
            before = a;
            after = b;
        }
        if (!after)
            after = S->s;
        ok = fn(q, i, before, after, ctx);
        if (replaying) {
            kt_state *t = a;
            a = b;
            b = t;
        }
    }
    if (a)
        smem(S, a, sz, 0);
    if (b)
        smem(S, b, sz, 0);
    return ok;
}

/* ------------------------------------------------------------ new, load */

static uint64_t time_seed(kt_session *S)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    uint64_t x = (uint64_t)t.tv_sec * 1000000007ULL ^ (uint64_t)t.tv_nsec ^
                 (++S->seed_counter * 0x9e3779b97f4a7c15ULL);
    x ^= x >> 31;
    x *= 0xbf58476d1ce4e5b9ULL;
    return (x ^ (x >> 29)) % 1000000000ULL; /* short enough to type back */
}

/* "options" as text: a string, or an object {"kingdom":["A","B"],"until":"x"}. */
static int options_text(sreq *q, kt_buf *b)
{
    const kt_jv *o = kt_jv_get(q->req, "options");
    if (!o)
        return 1;
    if (o->type == KT_JSTR) {
        kt_buf_puts(b, o->s);
        return 1;
    }
    if (o->type != KT_JOBJ) {
        fail(q, KT_EINVAL, "\"options\" must be a string \"k=v;k=v\" or an object");
        return 0;
    }
    int first = 1;
    for (const kt_jv *c = o->child; c; c = c->next) {
        kt_buf_printf(b, "%s%s=", first ? "" : ";", c->key);
        first = 0;
        if (c->type == KT_JSTR || c->type == KT_JNUM)
            kt_buf_puts(b, c->s);
        else if (c->type == KT_JBOOL)
            kt_buf_puts(b, c->b ? "1" : "0");
        else if (c->type == KT_JARR) {
            for (const kt_jv *e = c->child; e; e = e->next) {
                if (e->type != KT_JSTR) {
                    fail(q, KT_EINVAL, "option \"%s\": list items must be strings", c->key);
                    return 0;
                }
                kt_buf_printf(b, "%s%s", e == c->child ? "" : ",", e->s);
            }
        } else {
            fail(q, KT_EINVAL, "option \"%s\": expected a string, number, boolean or list",
                 c->key);
            return 0;
        }
    }
    return 1;
}

/* Install a new configuration and state (the session's old game goes). */
static int install(sreq *q, kt_game *g, kt_state *s, int loaded)
{
    kt_session *S = q->S;
    kt_state *start = kt_state_new(g);
    kt_record *rec = loaded ? NULL : kt_record_new(g);
    if (!start || (!loaded && !rec)) {
        kt_state_free(g, start);
        kt_record_free(rec);
        kt_state_free(g, s);
        kt_game_free(g);
        fail(q, KT_ENOMEM, "out of memory");
        return 0;
    }
    kt_state_copy(g, start, s);
    game_clear(S);
    S->g = g;
    S->s = s;
    S->start = start;
    S->rec = rec;
    S->loaded = loaded;
    return 1;
}

kt_status kt_session_adopt(kt_session *S, kt_game *g, kt_state *s, kt_err *err)
{
    sreq q;
    memset(&q, 0, sizeof q);
    q.S = S;
    kt_buf_init(&q.out);
    int ok = install(&q, g, s, 0);
    kt_buf_free(&q.out);
    return ok ? KT_OK : kt_seterr(err, KT_ENOMEM, "out of memory");
}

static int refuse_files(sreq *q, kt_game *g)
{
    if (q->S->lim.allow_files || !kt_game_reads_files(g))
        return 0;
    fail(q, KT_EINVAL, "options that read files are not allowed in this session");
    return 1;
}

static void cmd_new(sreq *q)
{
    const kt_jv *gname = kt_jv_get(q->req, "game");
    const kt_jv *seats = kt_jv_get(q->req, "seats");
    long long players = 0, seed = 0;
    if (!gname || gname->type != KT_JSTR) {
        fail(q, KT_EINVAL, "\"new\" needs \"game\" (a string; \"games\" lists them)");
        return;
    }
    if (!get_int(q, "players", 0, KT_MAX_PLAYERS, &players) ||
        !get_int(q, "seed", 0, INT64_MAX, &seed))
        return;
    if (seats && (seats->type != KT_JARR || seats->n > KT_MAX_PLAYERS)) {
        fail(q, KT_EINVAL, "\"seats\" must be a list of up to %d labels", KT_MAX_PLAYERS);
        return;
    }
    for (const kt_jv *c = seats ? seats->child : NULL; c; c = c->next)
        if (c->type != KT_JSTR || c->slen > 200) {
            fail(q, KT_EINVAL, "\"seats\": each label must be a string of at most 200 bytes");
            return;
        }
    kt_buf ob;
    kt_buf_init(&ob);
    if (!options_text(q, &ob)) {
        kt_buf_free(&ob);
        return;
    }
    if (!q->S->lim.allow_files && kt_options_read_files(gname->s, ob.p ? ob.p : "")) {
        kt_buf_free(&ob);
        fail(q, KT_EINVAL, "options that read files are not allowed in this session");
        return;
    }
    uint64_t useed = kt_jv_get(q->req, "seed") ? (uint64_t)seed : time_seed(q->S);
    kt_game *g;
    kt_err err;
    kt_status st =
        kt_game_new(gname->s, ob.p ? ob.p : "", (int)players, useed, &q->S->alloc, &g, &err);
    kt_buf_free(&ob);
    if (st != KT_OK) {
        fail_err(q, &err);
        return;
    }
    if (refuse_files(q, g)) {
        kt_game_free(g);
        return;
    }
    kt_state *s = kt_state_new(g);
    if (!s) {
        kt_game_free(g);
        fail(q, KT_ENOMEM, "out of memory");
        return;
    }
    if (!install(q, g, s, 0))
        return;
    int p = 0;
    for (const kt_jv *c = seats ? seats->child : NULL; c && p < kt_game_players(g); c = c->next)
        kt_record_set_seat(q->S->rec, p++, c->s);
    kt_jw w;
    reply_begin(q, &w);
    kt_jw_kstr(&w, "options", kt_game_options(g));
    kt_jw_kint(&w, "seed", (long long)kt_game_seed(g));
    write_status(q->S, &w);
    kt_jw_obj_end(&w);
}

/* Would loading this full state read files (its options)?  Checked before
 * kt_load_json, which sets the configuration up. */
static int state_reads_files(const char *json)
{
    kt_jdoc d;
    if (kt_json_parse(json, strlen(json), &d, NULL) != KT_OK)
        return 0; /* the loader reports it */
    const kt_jv *g = kt_jv_get(d.root, "game"), *o = kt_jv_get(d.root, "options");
    int r = g && o && g->type == KT_JSTR && o->type == KT_JSTR && kt_options_read_files(g->s, o->s);
    kt_json_free(&d);
    return r;
}

static void cmd_load(sreq *q)
{
    const kt_jv *sv = kt_jv_get(q->req, "state");
    if (!sv || (sv->type != KT_JOBJ && sv->type != KT_JSTR)) {
        fail(q, KT_EINVAL, "\"load\" needs \"state\" (a full-state object or its text)");
        return;
    }
    char *text = NULL;
    if (sv->type == KT_JOBJ) {
        kt_buf b;
        kt_buf_init(&b);
        kt_jw w;
        kt_jw_init(&w, &b);
        kt_jw_value(&w, sv);
        text = kt_buf_take(&b);
        if (!text) {
            fail(q, KT_ENOMEM, "out of memory");
            return;
        }
    }
    kt_game *g;
    kt_state *s;
    kt_err err;
    if (!q->S->lim.allow_files && state_reads_files(text ? text : sv->s)) {
        free(text);
        fail(q, KT_EINVAL, "options that read files are not allowed in this session");
        return;
    }
    kt_status st = kt_load_json(text ? text : sv->s, &q->S->alloc, &g, &s, &err);
    free(text);
    if (st != KT_OK) {
        fail_err(q, &err);
        return;
    }
    if (refuse_files(q, g)) {
        kt_state_free(g, s);
        kt_game_free(g);
        return;
    }
    if (install(q, g, s, 1))
        reply_status(q, NULL, NULL);
}

/* ------------------------------------------------------------ play */

/* The sentence a player must confirm before `a` is applied (game.h warn);
 * empty when none.  `s` is the acting player's copy. */
static void warning_of(const kt_game *g, const kt_state *s, kt_action a, int lang, kt_buf *out)
{
    kt_buf_reset(out);
    if (g->def->warn)
        g->def->warn(g, s, a, lang, out);
}

/* "verb", "targets" and "costs" of an action (kt_action_info), when the
 * game says what it acts on. */
static void write_info(kt_jw *w, const kt_game *g, const kt_state *s, int player, kt_action a)
{
    kt_action_info in;
    kt_action_info_get(g, s, player, a, &in);
    if (!in.verb[0] && !in.ntargets && !in.ncosts)
        return;
    if (in.verb[0])
        kt_jw_kstr(w, "verb", in.verb);
    if (in.ntargets) {
        kt_jw_key(w, "targets");
        kt_jw_arr(w);
        for (int i = 0; i < in.ntargets; i++) {
            kt_jw_obj(w);
            kt_jw_kstr(w, "kind", in.targets[i].kind);
            kt_jw_kint(w, "id", in.targets[i].id);
            kt_jw_obj_end(w);
        }
        kt_jw_arr_end(w);
    }
    if (in.ncosts) {
        kt_jw_key(w, "costs");
        kt_jw_obj(w);
        for (int i = 0; i < in.ncosts; i++)
            kt_jw_kint(w, in.costs[i].what, in.costs[i].amount);
        kt_jw_obj_end(w);
    }
}

static void write_menu(kt_jw *w, const kt_game *g, const kt_state *s, kt_action a, int lang)
{
    kt_menu_item m; /* s is already the acting player's copy */
    kt_menu_item_get(g, s, a, lang, &m);
    if (m.rank)
        kt_jw_kint(w, "rank", m.rank);
    if (m.group[0])
        kt_jw_kstr(w, "group", m.group);
    if (m.key[0])
        kt_jw_kstr(w, "key", m.key);
}

/* Legal actions of one player, only when that player must decide now: a
 * list for anybody else would reveal the decider's hidden options. */
static void cmd_legal(sreq *q)
{
    kt_session *S = q->S;
    int lang, player;
    if (q->seat == KT_SPECTATOR) {
        fail(q, KT_EINVAL, "spectators have no actions to choose from");
        return;
    }
    const char *key = kt_jv_get(q->req, "viewer") && !kt_jv_get(q->req, "player") ? "viewer"
                                                                                 : "player";
    if (!get_lang(q, &lang) || !get_player(q, key, 0, kt_to_move(S->g, S->s), &player))
        return;
    if (player < 0) { /* host default after the end */
        kt_jw w;
        reply_begin(q, &w);
        write_status(S, &w);
        kt_jw_kstr(&w, "prompt", lang == KT_LANG_DE ? "Das Spiel ist vorbei." : "The game is over.");
        kt_jw_key(&w, "legal");
        kt_jw_arr(&w);
        kt_jw_arr_end(&w);
        kt_jw_obj_end(&w);
        return;
    }
    kt_action acts[KT_LEGAL_MAX];
    int n = kt_legal_as(S->g, S->s, player, acts, KT_LEGAL_MAX);
    kt_state *as = n > 0 && player != S->s->h.to_move ? kt_state_as_copy(S->g, S->s, player) : NULL;
    const kt_state *view = as ? as : S->s;
    if (n > 0 && player != S->s->h.to_move && !as) {
        fail(q, KT_ENOMEM, "out of memory");
        return;
    }
    kt_jw w;
    reply_begin(q, &w);
    write_status(S, &w);
    kt_jw_kint(&w, "player", player);
    kt_jw_kstr(&w, "decision_label", kt_decision_label(S->g, view, lang));
    char *pr = n > 0 ? kt_prompt(S->g, view, lang) : NULL;
    kt_jw_kstr(&w, "prompt", pr ? pr
                            : kt_is_over(S->g, S->s)
                                ? (lang == KT_LANG_DE ? "Das Spiel ist vorbei." : "The game is over.")
                                : (lang == KT_LANG_DE ? "Warte auf die anderen." : "Waiting for others."));
    kt_free(pr);
    kt_jw_key(&w, "legal");
    kt_jw_arr(&w);
    char txt[256];
    kt_buf warn;
    kt_buf_init(&warn);
    for (int i = 0; i < n; i++) {
        if (S->scramble)
            snprintf(txt, sizeof txt, "action %d", i + 1);
        else
            kt_action_text(S->g, view, acts[i], player, lang, txt, sizeof txt);
        kt_jw_obj(&w);
        kt_jw_kint(&w, "id", acts[i]);
        kt_jw_kstr(&w, "text", txt);
        write_menu(&w, S->g, view, acts[i], lang);
        write_info(&w, S->g, view, player, acts[i]);
        warning_of(S->g, view, acts[i], lang, &warn);
        if (warn.len)
            kt_jw_kstr(&w, "warning", warn.p);
        kt_jw_obj_end(&w);
    }
    kt_buf_free(&warn);
    kt_jw_arr_end(&w);
    kt_jw_obj_end(&w);
    kt_state_as_free(S->g, as);
}

static void do_apply(sreq *q, int player, kt_action a)
{
    kt_session *S = q->S;
    kt_err err;
    char txt[256];
    kt_action_text_as(S->g, S->s, player, a, player, KT_LANG_EN, txt, sizeof txt);
    if (session_apply(S, player, a, &err) != KT_OK) {
        fail_err(q, &err);
        return;
    }
    reply_status(q, "applied", txt);
}

/* A player's seat must confirm an action the game warns about ("confirm":
 * true), so that a misclick in a front end cannot lose the game; the host
 * (a trusted program that also replays records and applies bots' moves) is
 * not asked.  0 with the refusal (the warning) in the reply. */
static int confirmed(sreq *q, int player, kt_action a)
{
    kt_session *S = q->S;
    int yes = 0, lang;
    char *warn = NULL;
    if (!get_bool(q, "confirm", &yes) || !get_lang(q, &lang))
        return 0;
    if (yes || kt_action_warning(S->g, S->s, player, a, lang, &warn, NULL) != KT_OK || !warn)
        return 1; /* an illegal action gets its own error from apply */
    char txt[256];
    kt_action_text_as(S->g, S->s, player, a, player, lang, txt, sizeof txt);
    kt_jw w;
    fail_begin(q, &w, "confirm", warn);
    kt_jw_kstr(&w, "warning", warn);
    kt_jw_kint(&w, "id", a);
    kt_jw_kstr(&w, "text", txt);
    kt_jw_obj_end(&w);
    kt_free(warn);
    return 0;
}

static void cmd_apply(sreq *q)
{
    kt_session *S = q->S;
    const kt_jv *act = kt_jv_get(q->req, "action");
    const kt_jv *id = kt_jv_get(q->req, "id");
    int player;
    if (q->seat == KT_SPECTATOR) {
        fail(q, KT_EINVAL, "spectators cannot act");
        return;
    }
    if (!get_player(q, "player", 0, kt_to_move(S->g, S->s), &player))
        return;
    if (kt_is_over(S->g, S->s)) {
        fail(q, KT_EOVER, "the game is over; no action can be applied");
        return;
    }
    kt_err err;
    kt_action a;
    if (act && act->type == KT_JSTR) {
        if (kt_action_parse_as(S->g, S->s, player, act->s, &a, &err) != KT_OK) {
            fail_err(q, &err);
            return;
        }
    } else if (id && id->type == KT_JNUM && id->isint && !id->neg && id->u <= UINT32_MAX) {
        a = (kt_action)id->u;
    } else {
        fail(q, KT_EINVAL, "\"apply\" needs \"action\" (text) or \"id\" (an id from \"legal\")");
        return;
    }
    if (q->seat >= 0 && !confirmed(q, player, a))
        return;
    do_apply(q, player, a);
}

/* Who takes moves back: "player" (one) or "players" (a list, the one asking
 * first), as a bit set; 0 when neither is given (the host itself: no
 * barrier).  *asker: "player", else the first of "players" (-1: none). */
static int get_undoers(sreq *q, uint32_t *who, int *asker)
{
    long long p = -1;
    const kt_jv *list = kt_jv_get(q->req, "players");
    int np = kt_game_players(q->S->g);
    *who = 0;
    if (!get_int(q, "player", 0, np - 1, &p))
        return 0;
    if (p >= 0)
        *who |= 1u << p;
    *asker = (int)p;
    if (!list)
        return 1;
    int ok = list->type == KT_JARR;
    for (const kt_jv *c = ok ? list->child : NULL; c; c = c->next)
        if (c->type == KT_JNUM && c->isint && !c->neg && c->u < (uint64_t)np) {
            *who |= 1u << c->u;
            if (*asker < 0)
                *asker = (int)c->u;
        } else {
            ok = 0;
        }
    if (!ok)
        fail(q, KT_EINVAL, "\"players\" must be a list of players (0..%d)", np - 1);
    return ok;
}

/* Actions that can be taken back: the history kept, the session's limit,
 * and for the players in `who` the last action that showed one of them
 * something hidden or random (*wall: its index, or SIZE_MAX if none). */
static size_t undoable(const kt_session *S, uint32_t who, size_t *wall)
{
    size_t avail = S->nh;
    if (S->lim.max_undo > 0) {
        size_t floor = S->hwm > (size_t)S->lim.max_undo ? S->hwm - (size_t)S->lim.max_undo : 0;
        size_t cap = S->nacts > floor ? S->nacts - floor : 0;
        if (cap < avail)
            avail = cap;
    }
    *wall = SIZE_MAX;
    for (size_t i = S->nacts; i-- > S->nacts - avail;)
        if (S->seen[i] & who) {
            *wall = i;
            return S->nacts - 1 - i;
        }
    return avail;
}

typedef struct wall_ctx {
    int player, lang;
    char *text;
} wall_ctx;

static int wall_text(sreq *q, size_t i, const kt_state *before, const kt_state *after, void *ctx)
{
    wall_ctx *c = ctx;
    kt_reveal_text(q->S->g, before, q->S->actor[i], q->S->acts[i], after, c->player, c->lang,
                   &c->text, NULL);
    return c->text != NULL;
}

/* The refusal: that action `wall` showed one of `who` something (the asker
 * first), told as the asker saw the action (another player's look stays
 * theirs), and how far back one may still go. */
static void refuse_unseen(sreq *q, uint32_t who, int asker, size_t wall, size_t left, int lang)
{
    kt_session *S = q->S;
    int p = asker;
    while (!((S->seen[wall] & who) >> p & 1u))
        p = (p + 1) % kt_game_players(S->g);
    wall_ctx c = {asker, lang, NULL};
    if (!walk(q, wall, wall + 1, wall_text, &c)) {
        fail(q, KT_ENOMEM, "out of memory");
        return;
    }
    kt_buf m;
    kt_buf_init(&m);
    kt_undo_refusal(&m, lang, asker, p, c.text, left);
    kt_jw w;
    fail_begin(q, &w, "illegal", m.p ? m.p : "");
    kt_jw_key(&w, "revealed");
    kt_jw_obj(&w);
    kt_jw_kint(&w, "action", (long long)wall);
    kt_jw_kint(&w, "by", S->actor[wall]);
    kt_jw_kint(&w, "player", p);
    kt_jw_kstr(&w, "text", c.text);
    kt_jw_obj_end(&w);
    kt_jw_kint(&w, "undoable", (long long)left);
    kt_jw_obj_end(&w);
    kt_buf_free(&m);
    kt_free(c.text);
}

static void cmd_undo(sreq *q)
{
    kt_session *S = q->S;
    long long steps = 1;
    int dry = 0, lang, asker;
    uint32_t who;
    if (!need_host(q, "undo") || !get_int(q, "steps", 1, 1000000000, &steps) ||
        !get_bool(q, "dry_run", &dry) || !get_lang(q, &lang) || !get_undoers(q, &who, &asker))
        return;
    size_t wall, avail = undoable(S, 0, &wall), left = undoable(S, who, &wall);
    if ((size_t)steps > avail) {
        fail(q, KT_EINVAL, "cannot take back %lld action(s): %zu can be taken back", steps,
             avail);
        return;
    }
    if ((size_t)steps > left) {
        size_t first = S->nacts - (size_t)steps; /* the first one since the target says why */
        while (!(S->seen[first] & who))
            first++;
        refuse_unseen(q, who, asker, first, left, lang);
        return;
    }
    if (!dry) {
        size_t sz = ssize(S);
        S->nh -= (size_t)steps;
        S->nacts -= (size_t)steps;
        memcpy(S->s, S->hist + S->nh * sz, sz);
        if (S->rec)
            kt_record_truncate(S->rec, (int)S->nacts);
    }
    kt_jw w;
    reply_begin(q, &w);
    kt_jw_kint(&w, "undoable", (long long)(left - (dry ? 0 : (size_t)steps)));
    write_status(S, &w);
    kt_jw_obj_end(&w);
}

/* ------------------------------------------------------------ views */

static void reply_raw(sreq *q, const char *key, char *js)
{
    if (!js) {
        fail(q, KT_ENOMEM, "out of memory");
        return;
    }
    kt_jw w;
    reply_begin(q, &w);
    kt_jw_key(&w, key);
    kt_jw_raw(&w, js);
    kt_jw_obj_end(&w);
    kt_free(js);
}

/* The viewer of observe/render/log: "player" (-1 spectator), or the whole
 * truth with "omniscient": true (host with full-state rights only). */
static int get_viewer(sreq *q, int required, int *viewer)
{
    int omni = 0;
    if (!get_bool(q, "omniscient", &omni))
        return 0;
    if (omni) {
        if (!need_full_state(q, "\"omniscient\""))
            return 0;
        *viewer = KT_OMNISCIENT;
        return 1;
    }
    if (required && is_host(q) && !kt_jv_get(q->req, "player")) {
        fail(q, KT_EINVAL, "\"player\" is required (0-based; -1 = spectator)");
        return 0;
    }
    return get_player(q, "player", KT_SPECTATOR, KT_SPECTATOR, viewer);
}

static void cmd_observe(sreq *q)
{
    int lang, viewer;
    if (!get_lang(q, &lang) || !get_viewer(q, 1, &viewer))
        return;
    if (viewer == KT_OMNISCIENT) {
        fail(q, KT_EINVAL, "observations are per player: use \"player\" (-1 = spectator) or "
                           "\"state\" for everything");
        return;
    }
    reply_raw(q, "observation", kt_observe_json(q->S->g, q->S->s, viewer, lang));
}

static void cmd_render(sreq *q)
{
    int lang, viewer, color = 0;
    if (!get_lang(q, &lang) || !get_viewer(q, 0, &viewer) || !get_bool(q, "color", &color))
        return;
    char *v = kt_render(q->S->g, q->S->s, viewer, lang | (color ? KT_COLOR : 0));
    if (!v) {
        fail(q, KT_ENOMEM, "out of memory");
        return;
    }
    kt_jw w;
    reply_begin(q, &w);
    kt_jw_kint(&w, "player", viewer);
    kt_jw_kstr(&w, "text", v);
    kt_jw_obj_end(&w);
    kt_free(v);
}

static void cmd_state(sreq *q)
{
    if (need_full_state(q, "\"state\""))
        reply_raw(q, "state", kt_state_json(q->S->g, q->S->s));
}

/* ------------------------------------------------------------ log, record */

typedef struct log_ctx {
    kt_jw *w;
    int viewer, lang;
} log_ctx;

static int log_one(sreq *q, size_t i, const kt_state *before, const kt_state *after, void *ctx)
{
    log_ctx *c = ctx;
    kt_err err;
    char *ev = kt_events_json(q->S->g, before, q->S->actor[i], q->S->acts[i], after, c->viewer,
                              c->lang, &err);
    if (!ev)
        return 0;
    kt_jw_obj(c->w);
    kt_jw_kint(c->w, "n", (long long)i);
    kt_jw_key(c->w, "events");
    kt_jw_raw(c->w, ev);
    kt_jw_obj_end(c->w);
    kt_free(ev);
    return 1;
}

static void cmd_log(sreq *q)
{
    kt_session *S = q->S;
    long long since = 0, limit = SESS_LOG_PAGE;
    int lang, viewer;
    if (!get_lang(q, &lang) || !get_viewer(q, 0, &viewer) ||
        !get_int(q, "since", 0, INT64_MAX, &since) ||
        !get_int(q, "limit", 1, 100000, &limit))
        return;
    size_t from = (size_t)since < S->nacts ? (size_t)since : S->nacts;
    size_t to = from + (size_t)limit < S->nacts ? from + (size_t)limit : S->nacts;
    kt_jw w;
    reply_begin(q, &w);
    kt_jw_kint(&w, "player", viewer);
    kt_jw_key(&w, "log");
    kt_jw_arr(&w);
    log_ctx c = {&w, viewer, lang};
    if (!walk(q, from, to, log_one, &c)) {
        fail(q, KT_ENOMEM, "out of memory");
        return;
    }
    kt_jw_arr_end(&w);
    kt_jw_kint(&w, "next", (long long)to);
    kt_jw_kint(&w, "actions", (long long)S->nacts);
    kt_jw_obj_end(&w);
}

/* The record as one line: kt_record_json puts one action per line, and JSON
 * text outside strings may drop its newlines and indentation. */
static char *one_line(char *js)
{
    if (!js)
        return NULL;
    char *o = js;
    for (char *p = js; *p; p++) {
        if (*p == '\n') {
            while (p[1] == ' ')
                p++;
            continue;
        }
        *o++ = *p;
    }
    *o = '\0';
    return js;
}

typedef struct rec_ctx {
    kt_jw *w;
    int viewer;
} rec_ctx;

static int rec_one(sreq *q, size_t i, const kt_state *before, const kt_state *after, void *ctx)
{
    KT_UNUSED(after);
    rec_ctx *c = ctx;
    char txt[256];
    kt_action_text_as(q->S->g, before, q->S->actor[i], q->S->acts[i], c->viewer, KT_LANG_EN, txt,
                      sizeof txt);
    kt_jw_obj(c->w);
    kt_jw_kint(c->w, "player", q->S->actor[i]);
    kt_jw_kstr(c->w, "action", txt);
    kt_jw_obj_end(c->w);
    return 1;
}

/* Host with full rights: the replayable record.  Anybody else: the actions
 * as that viewer saw them (hidden details redacted; not replayable). */
static void cmd_record(sreq *q)
{
    kt_session *S = q->S;
    if (is_host(q) && S->lim.allow_full_state) {
        if (S->loaded) {
            fail(q, KT_ESTATE, "no record: this game began with \"load\" from a position, not "
                               "from the rules' start (use \"state\" to save it)");
            return;
        }
        reply_raw(q, "record", one_line(kt_record_json(S->rec)));
        return;
    }
    int viewer;
    if (!get_viewer(q, 0, &viewer))
        return;
    kt_jw w;
    reply_begin(q, &w);
    kt_jw_kbool(&w, "redacted", 1);
    kt_jw_kint(&w, "player", viewer);
    kt_jw_key(&w, "record");
    kt_jw_obj(&w);
    kt_jw_kstr(&w, "game", kt_game_name(S->g));
    kt_jw_kint(&w, "players", kt_game_players(S->g));
    kt_jw_kstr(&w, "options", kt_game_options(S->g));
    kt_jw_key(&w, "actions");
    kt_jw_arr(&w);
    rec_ctx c = {&w, viewer};
    if (!walk(q, 0, S->nacts, rec_one, &c)) {
        fail(q, KT_ENOMEM, "out of memory");
        return;
    }
    kt_jw_arr_end(&w);
    kt_jw_obj_end(&w);
    kt_jw_obj_end(&w);
}

/* ------------------------------------------------------------ bots */

static kt_bot *get_bot(sreq *q, const char *spec, uint64_t seed)
{
    kt_session *S = q->S;
    for (int i = 0; i < S->nbots; i++)
        if (S->bots[i].seed == seed && !strcmp(S->bots[i].spec, spec))
            return S->bots[i].bot;
    if (strlen(spec) >= sizeof S->bots[0].spec) {
        fail(q, KT_EINVAL, "bot spec too long (at most %zu bytes)", sizeof S->bots[0].spec - 1);
        return NULL;
    }
    if (!S->lim.allow_files && kt_bot_spec_reads_files(S->g, spec)) {
        fail(q, KT_EINVAL, "bots that read files are not allowed in this session");
        return NULL;
    }
    kt_bot *b;
    kt_err err;
    if (kt_bot_new(S->g, spec, seed, &b, &err) != KT_OK) {
        fail_err(q, &err);
        return NULL;
    }
    kt_bot_set_time_cap(b, S->lim.max_bot_ms);
    if (S->nbots == SESS_BOTS) { /* evict the oldest */
        kt_bot_free(S->bots[0].bot);
        memmove(S->bots, S->bots + 1, sizeof S->bots[0] * (SESS_BOTS - 1));
        S->nbots--;
    }
    sess_bot *sb = &S->bots[S->nbots++];
    snprintf(sb->spec, sizeof sb->spec, "%s", spec);
    sb->seed = seed;
    sb->bot = b;
    return b;
}

static void cmd_bot(sreq *q)
{
    kt_session *S = q->S;
    const kt_jv *spec = kt_jv_get(q->req, "spec");
    long long seed = 1;
    int apply = 0, player;
    if (q->seat == KT_SPECTATOR) {
        fail(q, KT_EINVAL, "spectators cannot ask bots for moves");
        return;
    }
    if (!spec || spec->type != KT_JSTR) {
        fail(q, KT_EINVAL, "\"bot\" needs \"spec\" (e.g. \"heuristic\", \"hard\", "
                           "\"mcts:time=200\")");
        return;
    }
    if (!get_int(q, "seed", 0, INT64_MAX, &seed) || !get_bool(q, "apply", &apply) ||
        !get_player(q, "player", 0, kt_to_move(S->g, S->s), &player))
        return;
    if (kt_is_over(S->g, S->s)) {
        fail(q, KT_EOVER, "the game is over");
        return;
    }
    if (!((kt_pending(S->g, S->s) >> player) & 1u)) {
        fail(q, KT_EILLEGAL, "player %d has nothing to decide now", player);
        return;
    }
    kt_bot *b = get_bot(q, spec->s, (uint64_t)seed);
    if (!b)
        return;
    pthread_mutex_lock(&S->mu);
    S->running = b;
    pthread_mutex_unlock(&S->mu);
    kt_action a;
    kt_err err;
    kt_status st = kt_bot_choose_as(b, S->s, player, &a, &err);
    pthread_mutex_lock(&S->mu);
    S->running = NULL;
    pthread_mutex_unlock(&S->mu);
    if (st != KT_OK) {
        fail_err(q, &err);
        return;
    }
    if (apply) {
        do_apply(q, player, a);
        return;
    }
    char txt[256];
    kt_action_text_as(S->g, S->s, player, a, player, KT_LANG_EN, txt, sizeof txt);
    kt_jw w;
    reply_begin(q, &w);
    kt_jw_kint(&w, "id", a);
    kt_jw_kstr(&w, "text", txt);
    kt_jw_kint(&w, "player", player);
    kt_jw_obj_end(&w);
}

/* ------------------------------------------------------------ analysis */

/* {"cmd":"analyze","player":0,"options":"budget=200","lang":"de"}: how well a
 * player played this game so far (kontor.h "post-game analysis"), from that
 * player's information only.  The host may analyse any player at any time;
 * a player's seat only itself, only once the game is over (during play it
 * would be a hint) and on one thread; spectators not at all.  Where the
 * session caps bot time, each decision gets at most that time.  kt_session_cancel ends it
 * early: the reply then holds what was done ("complete": false). */
static void cmd_analyze(sreq *q)
{
    kt_session *S = q->S;
    const kt_jv *o = kt_jv_get(q->req, "options");
    int lang, player;
    if (q->seat == KT_SPECTATOR) {
        fail(q, KT_EINVAL, "spectators cannot analyse a player's decisions");
        return;
    }
    if (is_host(q) && !kt_jv_get(q->req, "player")) {
        fail(q, KT_EINVAL, "\"analyze\" needs \"player\" (0-based)");
        return;
    }
    if (!get_lang(q, &lang) || !get_player(q, "player", 0, 0, &player))
        return;
    if (o && (o->type != KT_JSTR || o->slen > 1000)) {
        fail(q, KT_EINVAL, "\"options\" must be a string \"budget=200;seed=1\" (kontor analyze "
                           "--help lists them)");
        return;
    }
    if (!is_host(q) && !kt_is_over(S->g, S->s)) {
        fail(q, KT_EINVAL, "a player may analyse the game once it is over (during play the "
                           "analysis would be a hint)");
        return;
    }
    if (S->loaded || !S->rec) {
        fail(q, KT_ESTATE, "no record to analyse: this game began with \"load\"");
        return;
    }
    char opts[1100];
    snprintf(opts, sizeof opts, "%s", o ? o->s : "");
    if (!is_host(q) && strstr(opts, "threads=")) {
        fail(q, KT_EINVAL, "threads are the host's to give: leave out \"threads=\"");
        return;
    }
    if (S->lim.max_bot_ms > 0 && strstr(opts, "time=")) {
        fail(q, KT_EINVAL, "this session caps the time per decision: leave out \"time=\"");
        return;
    }
    if (S->lim.max_bot_ms > 0) {
        size_t n = strlen(opts);
        snprintf(opts + n, sizeof opts - n, "%stime=%lld", n ? ";" : "", S->lim.max_bot_ms);
    }
    kt_analysis *a;
    kt_err err;
    if (kt_analysis_new(S->g, S->rec, player, opts, &a, &err) != KT_OK) {
        fail_err(q, &err);
        return;
    }
    pthread_mutex_lock(&S->mu);
    S->analysis = a;
    pthread_mutex_unlock(&S->mu);
    kt_status st = kt_analysis_run(a, NULL, NULL, &err);
    pthread_mutex_lock(&S->mu);
    S->analysis = NULL;
    pthread_mutex_unlock(&S->mu);
    if (st != KT_OK)
        fail_err(q, &err);
    else
        reply_raw(q, "analysis", kt_analysis_json(a, lang));
    kt_analysis_free(a);
}

/* ------------------------------------------------------------ catalogue */

static const char *type_name(kt_opttype t)
{
    switch (t) {
    case KT_OPT_INT: return "int";
    case KT_OPT_BOOL: return "bool";
    case KT_OPT_ENUM: return "enum";
    case KT_OPT_STR: return "text";
    case KT_OPT_PATH: return "path";
    }
    return "text";
}

static void write_opts(kt_jw *w, const kt_optinfo *o, int n)
{
    kt_jw_arr(w);
    for (int k = 0; k < n; k++) {
        kt_jw_obj(w);
        kt_jw_kstr(w, "name", o[k].name);
        kt_jw_kstr(w, "type", type_name(o[k].type));
        kt_jw_kstr(w, "default", o[k].def ? o[k].def : "");
        if (o[k].type == KT_OPT_INT) {
            kt_jw_kint(w, "min", o[k].min);
            kt_jw_kint(w, "max", o[k].max);
        }
        if (o[k].type == KT_OPT_ENUM && o[k].choices)
            kt_jw_kstr(w, "choices", o[k].choices);
        kt_jw_kstr(w, "help", o[k].help ? o[k].help : "");
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
}

static void cmd_games(sreq *q)
{
    kt_jw w;
    reply_begin(q, &w);
    kt_jw_key(&w, "games");
    kt_jw_arr(&w);
    for (int i = 0; i < kt_game_count(); i++) {
        const kt_gameinfo *gi = kt_game_info(i);
        kt_jw_obj(&w);
        kt_jw_kstr(&w, "name", gi->name);
        kt_jw_kstr(&w, "title", gi->title);
        kt_jw_kstr(&w, "summary", gi->summary);
        kt_jw_kint(&w, "min_players", gi->min_players);
        kt_jw_kint(&w, "max_players", gi->max_players);
        kt_jw_kint(&w, "default_players", gi->default_players);
        if (kt_game_notice(gi->name))
            kt_jw_kstr(&w, "notice", kt_game_notice(gi->name));
        kt_jw_key(&w, "options");
        write_opts(&w, gi->opts, gi->nopts);
        kt_jw_key(&w, "bots");
        kt_jw_arr(&w);
        for (int k = 0; kt_game_bot(gi->name, k); k++) {
            const kt_botinfo *bi = kt_game_bot(gi->name, k);
            kt_jw_obj(&w);
            kt_jw_kstr(&w, "name", bi->name);
            kt_jw_kstr(&w, "help", bi->help ? bi->help : "");
            kt_jw_key(&w, "options");
            write_opts(&w, bi->opts, bi->nopts);
            kt_jw_obj_end(&w);
        }
        kt_jw_arr_end(&w);
        kt_jw_key(&w, "levels");
        kt_jw_obj(&w);
        kt_jw_kstr(&w, "easy", kt_game_level(gi->name, "easy"));
        kt_jw_kstr(&w, "medium", kt_game_level(gi->name, "medium"));
        kt_jw_kstr(&w, "hard", kt_game_level(gi->name, "hard"));
        kt_jw_obj_end(&w);
        kt_jw_obj_end(&w);
    }
    kt_jw_arr_end(&w);
    kt_jw_obj_end(&w);
}

static void cmd_help(sreq *q)
{
    const kt_jv *game = kt_jv_get(q->req, "game");
    const kt_jv *name = kt_jv_get(q->req, "name");
    int lang;
    if (!get_lang(q, &lang))
        return;
    const char *gname = game && game->type == KT_JSTR ? game->s
                        : q->S->g                   ? kt_game_name(q->S->g)
                                                    : NULL;
    if (!gname || !name || name->type != KT_JSTR) {
        fail(q, KT_EINVAL, "\"help\" needs \"name\" (a component) and \"game\" unless a game is "
                           "running");
        return;
    }
    char *text = NULL;
    kt_err err;
    if (kt_game_describe(gname, name->s, lang, &text, &err) != KT_OK) {
        fail_err(q, &err);
        return;
    }
    kt_jw w;
    reply_begin(q, &w);
    kt_jw_kstr(&w, "text", text);
    kt_jw_obj_end(&w);
    kt_free(text);
}

/* ------------------------------------------------------------ dispatch */

typedef struct sess_cmd {
    const char *name;
    void (*fn)(sreq *q);
    int needs_game;
} sess_cmd;

/* With "lang", the status also names the decision kind for people
 * (kt_decision_label): a spectator has no `legal` reply to read it from. */
static void cmd_status(sreq *q)
{
    int lang;
    if (!kt_jv_get(q->req, "lang")) {
        reply_status(q, NULL, NULL);
        return;
    }
    if (!get_lang(q, &lang))
        return;
    kt_jw w;
    reply_begin(q, &w);
    write_status(q->S, &w);
    kt_jw_kstr(&w, "decision_label", kt_decision_label(q->S->g, q->S->s, lang));
    kt_jw_obj_end(&w);
}

static void cmd_version(sreq *q)
{
    kt_jw w;
    reply_begin(q, &w);
    kt_jw_kstr(&w, "kontor", kt_version());
    kt_jw_kint(&w, "protocol", 2);
    kt_jw_obj_end(&w);
}

static void cmd_quit(sreq *q)
{
    kt_jw w;
    reply_begin(q, &w);
    kt_jw_obj_end(&w);
    q->quit = 1;
}

static void cmd_new_host(sreq *q)
{
    if (need_host(q, "new"))
        cmd_new(q);
}

static void cmd_load_host(sreq *q)
{
    if (need_host(q, "load") && need_full_state(q, "\"load\""))
        cmd_load(q);
}

static const sess_cmd commands[] = {
    {"version", cmd_version, 0}, {"games", cmd_games, 0},   {"help", cmd_help, 0},
    {"new", cmd_new_host, 0},    {"load", cmd_load_host, 0}, {"quit", cmd_quit, 0},
    {"status", cmd_status, 1},   {"legal", cmd_legal, 1},   {"apply", cmd_apply, 1},
    {"undo", cmd_undo, 1},       {"observe", cmd_observe, 1}, {"render", cmd_render, 1},
    {"state", cmd_state, 1},     {"bot", cmd_bot, 1},       {"record", cmd_record, 1},
    {"log", cmd_log, 1},         {"analyze", cmd_analyze, 1},
};
#define NCOMMANDS ((int)(sizeof commands / sizeof commands[0]))

static void dispatch(sreq *q, const kt_jv *cmd)
{
    for (int i = 0; i < NCOMMANDS; i++) {
        if (strcmp(cmd->s, commands[i].name))
            continue;
        if (commands[i].needs_game && !q->S->g) {
            fail(q, KT_EINVAL, "no game yet: send \"new\" or \"load\" before \"%.40s\"", cmd->s);
            return;
        }
        commands[i].fn(q);
        return;
    }
    kt_buf known;
    kt_buf_init(&known);
    for (int i = 0; i < NCOMMANDS; i++)
        kt_buf_printf(&known, "%s%s", i ? ", " : "", commands[i].name);
    fail(q, KT_EUNKNOWN, "unknown command \"%.40s\" (known: %s)", cmd->s,
         known.p ? known.p : "");
    kt_buf_free(&known);
}

static char *oom_reply(void)
{
    static const char msg[] = "{\"ok\":false,\"error\":\"nomem\",\"message\":\"out of memory\"}";
    char *p = malloc(sizeof msg);
    if (p)
        memcpy(p, msg, sizeof msg);
    return p;
}

char *kt_session_request(kt_session *S, int seat, const char *text, size_t len, int *quit)
{
    sreq q;
    memset(&q, 0, sizeof q);
    q.S = S;
    q.seat = seat;
    kt_buf_init(&q.out);
    if (quit)
        *quit = 0;
    if (seat != KT_OMNISCIENT && seat != KT_SPECTATOR &&
        (seat < 0 || seat >= KT_MAX_PLAYERS || (S->g && seat >= kt_game_players(S->g)))) {
        fail(&q, KT_EINVAL, "no such seat %d", seat);
    } else if (!text || len > S->lim.max_request) {
        fail(&q, KT_EINVAL, "request too long (limit %zu bytes)", S->lim.max_request);
    } else {
        kt_jdoc doc;
        kt_err err;
        if (kt_json_parse(text, len, &doc, &err) != KT_OK) {
            fail(&q, KT_EPARSE, "%s", err.msg);
        } else {
            q.req = doc.root;
            q.ref = q.req->type == KT_JOBJ ? kt_jv_get(q.req, "ref") : NULL;
            const kt_jv *cmd = q.req->type == KT_JOBJ ? kt_jv_get(q.req, "cmd") : NULL;
            if (q.req->type != KT_JOBJ || !cmd || cmd->type != KT_JSTR)
                fail(&q, KT_EINVAL, "each request must be a JSON object with a \"cmd\" string");
            else
                dispatch(&q, cmd);
            kt_json_free(&doc);
        }
    }
    if (quit)
        *quit = q.quit;
    char *out = kt_buf_take(&q.out);
    return out ? out : oom_reply();
}

const char *kt_version(void) { return KT_VERSION; }

int kt_version_number(void)
{
    return KT_VERSION_MAJOR * 10000 + KT_VERSION_MINOR * 100 + KT_VERSION_PATCH;
}
