/*
 * session.c - one game being played: its life, history, and the commands
 * that play it (new, legal, apply, undo, observe, render, state, log,
 * status), each as a JSON handler (cmd_*: reads the request's members) over
 * a typed one (run_*: the same command with its values given), which the
 * typed calls of session.h use without any JSON text (kontor.h,
 * docs/protocol.md).  The request entry, the command table and the
 * commands that do not play (load, record, bot, analyze, the catalogue)
 * are in session_cmd.c.
 *
 * Data layout of a kt_session (session_int.h):
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

#include "session_int.h"

/* ------------------------------------------------------------ memory */

void *ss_mem(const kt_session *S, void *p, size_t osize, size_t nsize)
{
    return kt_mem(&S->alloc, p, osize, nsize);
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
    kt_session *S = ss_mem(&tmp, NULL, 0, sizeof *S);
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
    S->nomem = ss_nomem_reply(&S->alloc);
    if (!S->nomem) {
        ss_mem(S, S, sizeof *S, 0);
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    }
    if (pthread_mutex_init(&S->mu, NULL) != 0) {
        kt_free(S->nomem);
        ss_mem(S, S, sizeof *S, 0);
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
    ss_mem(S, S->acts, sizeof *S->acts * S->capacts, 0);
    ss_mem(S, S->actor, sizeof *S->actor * S->capacts, 0);
    ss_mem(S, S->seen, sizeof *S->seen * S->capacts, 0);
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
        ss_mem(S, S->hist, S->caph, 0);
    pthread_mutex_destroy(&S->mu);
    kt_free(S->nomem);
    ss_mem(S, S, sizeof *S, 0);
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
void ss_reply_begin(sreq *q, kt_jw *w)
{
    q->st = KT_OK;
    kt_buf_reset(&q->msg);
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
void ss_fail_begin(sreq *q, kt_jw *w, kt_status st, const char *kind, const char *msg)
{
    q->st = st;
    kt_buf_reset(&q->msg);
    kt_buf_puts(&q->msg, msg);
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
void ss_fail(sreq *q, kt_status st, const char *fmt, ...)
{
    char msg[KT_ERRLEN + 64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    kt_jw w;
    ss_fail_begin(q, &w, st, status_kind(st), msg);
    kt_jw_obj_end(&w);
}

void ss_fail_err(sreq *q, const kt_err *e) { ss_fail(q, e->code, "%s", e->msg); }

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

void ss_write_status(kt_session *S, kt_jw *w)
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

void ss_reply_status(sreq *q, const char *key, const char *val)
{
    kt_jw w;
    ss_reply_begin(q, &w);
    if (key)
        kt_jw_kstr(&w, key, val);
    ss_write_status(q->S, &w);
    kt_jw_obj_end(&w);
}

/* ------------------------------------------------------------ request fields */

/* Optional integer member in [lo, hi]; 0 (with the reply set) when present but
 * bad.  Magnitudes beyond 64 bits and fractions are refused, never converted. */
int ss_get_int(sreq *q, const char *key, long long lo, long long hi, long long *out)
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
        ss_fail(q, KT_EINVAL, "\"%s\" must be an integer in %lld..%lld", key, lo, hi);
        return 0;
    }
    *out = x;
    return 1;
}

int ss_get_bool(sreq *q, const char *key, int *out)
{
    const kt_jv *v = kt_jv_get(q->req, key);
    if (!v)
        return 1;
    if (v->type != KT_JBOOL) {
        ss_fail(q, KT_EINVAL, "\"%s\" must be true or false", key);
        return 0;
    }
    *out = v->b;
    return 1;
}

int ss_get_lang(sreq *q, int *lang)
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
    ss_fail(q, KT_EINVAL, "\"lang\" must be \"en\" or \"de\"");
    return 0;
}

int ss_is_host(const sreq *q) { return q->seat == KT_OMNISCIENT; }

int ss_need_host(sreq *q, const char *cmd)
{
    if (ss_is_host(q))
        return 1;
    ss_fail(q, KT_EINVAL, "\"%s\" is not available to %s", cmd,
         q->seat == KT_SPECTATOR ? "spectators" : "a player's seat");
    return 0;
}

int ss_need_full_state(sreq *q, const char *what)
{
    if (ss_is_host(q) && q->S->lim.allow_full_state)
        return 1;
    ss_fail(q, KT_EINVAL, "%s would show hidden information: not allowed in this session", what);
    return 0;
}

/* The player a request acts or looks for: member `key` (host: any player in
 * lo..players-1; seat: its own, which is also the default; spectator: -1).
 * `def` is the host's default. */
int ss_get_player(sreq *q, const char *key, int lo, int def, int *out)
{
    int np = kt_game_players(q->S->g);
    long long p = ss_is_host(q) ? def : q->seat;
    if (!ss_get_int(q, key, lo, np - 1, &p))
        return 0;
    return ss_check_player(q, key, lo, p, out);
}

/* The second half of ss_get_player for a value given directly (typed calls):
 * in lo..players-1 and, for a seat, its own. */
int ss_check_player(sreq *q, const char *key, int lo, long long p, int *out)
{
    int np = kt_game_players(q->S->g);
    if (p < lo || p > np - 1) {
        ss_fail(q, KT_EINVAL, "\"%s\" must be an integer in %d..%d", key, lo, np - 1);
        return 0;
    }
    if (!ss_is_host(q) && p != q->seat && !(p == KT_SPECTATOR && lo == KT_SPECTATOR)) {
        if (q->seat == KT_SPECTATOR)
            ss_fail(q, KT_EINVAL, "a spectator sees only public information (\"%s\": -1)", key);
        else
            ss_fail(q, KT_EINVAL, "this connection speaks for player %d only (\"%s\": %d)",
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
        kt_action *a = ss_mem(S, NULL, 0, sizeof *a * cap);
        int8_t *who = ss_mem(S, NULL, 0, sizeof *who * cap);
        uint32_t *seen = ss_mem(S, NULL, 0, sizeof *seen * cap);
        if (!a || !who || !seen) {
            ss_mem(S, a, sizeof *a * cap, 0);
            ss_mem(S, who, sizeof *who * cap, 0);
            ss_mem(S, seen, sizeof *seen * cap, 0);
            return 0;
        }
        if (S->nacts) {
            memcpy(a, S->acts, sizeof *a * S->nacts);
            memcpy(who, S->actor, sizeof *who * S->nacts);
            memcpy(seen, S->seen, sizeof *seen * S->nacts);
        }
        ss_mem(S, S->acts, sizeof *S->acts * S->capacts, 0);
        ss_mem(S, S->actor, sizeof *S->actor * S->capacts, 0);
        ss_mem(S, S->seen, sizeof *S->seen * S->capacts, 0);
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
        unsigned char *p = ss_mem(S, S->hist, S->caph, cap);
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

int ss_walk(sreq *q, size_t from, size_t to, walk_fn fn, void *ctx)
{
    kt_session *S = q->S;
    size_t sz = ssize(S);
    kt_state *a = ss_mem(S, NULL, 0, sz), *b = ss_mem(S, NULL, 0, sz);
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
        ss_mem(S, a, sz, 0);
    if (b)
        ss_mem(S, b, sz, 0);
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
        ss_fail(q, KT_EINVAL, "\"options\" must be a string \"k=v;k=v\" or an object");
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
                    ss_fail(q, KT_EINVAL, "option \"%s\": list items must be strings", c->key);
                    return 0;
                }
                kt_buf_printf(b, "%s%s", e == c->child ? "" : ",", e->s);
            }
        } else {
            ss_fail(q, KT_EINVAL, "option \"%s\": expected a string, number, boolean or list",
                 c->key);
            return 0;
        }
    }
    return 1;
}

/* Install a new configuration and state (the session's old game goes). */
int ss_install(sreq *q, kt_game *g, kt_state *s, int loaded)
{
    kt_session *S = q->S;
    kt_state *start = kt_state_new(g);
    kt_record *rec = loaded ? NULL : kt_record_new(g);
    if (!start || (!loaded && !rec)) {
        kt_state_free(g, start);
        kt_record_free(rec);
        kt_state_free(g, s);
        kt_game_free(g);
        ss_fail(q, KT_ENOMEM, "out of memory");
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
    kt_buf_init_alloc(&q.out, &S->alloc);
    int ok = ss_install(&q, g, s, 0);
    kt_buf_free(&q.out);
    return ok ? KT_OK : kt_seterr(err, KT_ENOMEM, "out of memory");
}

int ss_refuse_files(sreq *q, kt_game *g)
{
    if (q->S->lim.allow_files || !kt_game_reads_files(g))
        return 0;
    ss_fail(q, KT_EINVAL, "options that read files are not allowed in this session");
    return 1;
}

static void run_new(sreq *q, const char *game, const char *options, int players, uint64_t useed,
                    const char *const *labels, int nlabels);

void ss_cmd_new(sreq *q)
{
    const kt_jv *gname = kt_jv_get(q->req, "game");
    const kt_jv *seats = kt_jv_get(q->req, "seats");
    long long players = 0, seed = 0;
    if (!gname || gname->type != KT_JSTR) {
        ss_fail(q, KT_EINVAL, "\"new\" needs \"game\" (a string; \"games\" lists them)");
        return;
    }
    if (!ss_get_int(q, "players", 0, KT_MAX_PLAYERS, &players) ||
        !ss_get_int(q, "seed", 0, INT64_MAX, &seed))
        return;
    if (seats && (seats->type != KT_JARR || seats->n > KT_MAX_PLAYERS)) {
        ss_fail(q, KT_EINVAL, "\"seats\" must be a list of up to %d labels", KT_MAX_PLAYERS);
        return;
    }
    for (const kt_jv *c = seats ? seats->child : NULL; c; c = c->next)
        if (c->type != KT_JSTR || c->slen > 200) {
            ss_fail(q, KT_EINVAL, "\"seats\": each label must be a string of at most 200 bytes");
            return;
        }
    kt_buf ob;
    kt_buf_init_alloc(&ob, &q->S->alloc);
    if (!options_text(q, &ob)) {
        kt_buf_free(&ob);
        return;
    }
    uint64_t useed = kt_jv_get(q->req, "seed") ? (uint64_t)seed : time_seed(q->S);
    const char *labels[KT_MAX_PLAYERS];
    int nl = 0;
    for (const kt_jv *c = seats ? seats->child : NULL; c; c = c->next)
        labels[nl++] = c->s;
    run_new(q, gname->s, ob.p ? ob.p : "", (int)players, useed, labels, nl);
    kt_buf_free(&ob);
}

/* "new" once its fields are read: the options are text, the seed chosen. */
static void run_new(sreq *q, const char *game, const char *options, int players, uint64_t useed,
                    const char *const *labels, int nlabels)
{
    if (!q->S->lim.allow_files && kt_options_read_files(game, options)) {
        ss_fail(q, KT_EINVAL, "options that read files are not allowed in this session");
        return;
    }
    kt_game *g;
    kt_err err;
    kt_status st = kt_game_new(game, options, players, useed, &q->S->alloc, &g, &err);
    if (st != KT_OK) {
        ss_fail_err(q, &err);
        return;
    }
    if (ss_refuse_files(q, g)) {
        kt_game_free(g);
        return;
    }
    kt_state *s = kt_state_new(g);
    if (!s) {
        kt_game_free(g);
        ss_fail(q, KT_ENOMEM, "out of memory");
        return;
    }
    if (!ss_install(q, g, s, 0))
        return;
    for (int p = 0; p < nlabels && p < kt_game_players(g); p++)
        kt_record_set_seat(q->S->rec, p, labels[p]);
    kt_jw w;
    ss_reply_begin(q, &w);
    kt_jw_kstr(&w, "options", kt_game_options(g));
    kt_jw_kint(&w, "seed", (long long)kt_game_seed(g));
    ss_write_status(q->S, &w);
    kt_jw_obj_end(&w);
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
    kt_menu_item_get_as(g, s, KT_TO_MOVE, a, lang, &m);
    if (m.rank)
        kt_jw_kint(w, "rank", m.rank);
    if (m.group[0])
        kt_jw_kstr(w, "group", m.group);
    if (m.key[0])
        kt_jw_kstr(w, "key", m.key);
}

/* Legal actions of one player, only when that player must decide now: a
 * list for anybody else would reveal the decider's hidden options. */
static void run_legal(sreq *q, int player, int lang);

void ss_cmd_legal(sreq *q)
{
    kt_session *S = q->S;
    int lang, player;
    if (q->seat == KT_SPECTATOR) {
        ss_fail(q, KT_EINVAL, "spectators have no actions to choose from");
        return;
    }
    const char *key = kt_jv_get(q->req, "viewer") && !kt_jv_get(q->req, "player") ? "viewer"
                                                                                 : "player";
    if (!ss_get_lang(q, &lang) || !ss_get_player(q, key, 0, kt_to_move(S->g, S->s), &player))
        return;
    run_legal(q, player, lang);
}

/* "legal" for a checked player (-1: the host's default after the end). */
static void run_legal(sreq *q, int player, int lang)
{
    kt_session *S = q->S;
    if (player < 0) { /* host default after the end */
        kt_jw w;
        ss_reply_begin(q, &w);
        ss_write_status(S, &w);
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
        ss_fail(q, KT_ENOMEM, "out of memory");
        return;
    }
    kt_jw w;
    ss_reply_begin(q, &w);
    ss_write_status(S, &w);
    kt_jw_kint(&w, "player", player);
    kt_jw_kstr(&w, "decision_label", kt_decision_label(S->g, view, lang));
    char *pr = n > 0 ? kt_prompt_as(S->g, view, KT_TO_MOVE, lang) : NULL;
    kt_jw_kstr(&w, "prompt", pr ? pr
                            : kt_is_over(S->g, S->s)
                                ? (lang == KT_LANG_DE ? "Das Spiel ist vorbei." : "The game is over.")
                                : (lang == KT_LANG_DE ? "Warte auf die anderen." : "Waiting for others."));
    kt_free(pr);
    kt_jw_key(&w, "legal");
    kt_jw_arr(&w);
    char txt[256];
    kt_buf warn;
    kt_buf_init_alloc(&warn, &S->alloc);
    for (int i = 0; i < n; i++) {
        if (S->scramble)
            snprintf(txt, sizeof txt, "action %d", i + 1);
        else
            kt_action_text_as(S->g, view, KT_TO_MOVE, acts[i], player, lang, txt, sizeof txt);
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

void ss_do_apply(sreq *q, int player, kt_action a)
{
    kt_session *S = q->S;
    kt_err err;
    char txt[256];
    kt_action_text_as(S->g, S->s, player, a, player, KT_LANG_EN, txt, sizeof txt);
    if (session_apply(S, player, a, &err) != KT_OK) {
        ss_fail_err(q, &err);
        return;
    }
    ss_reply_status(q, "applied", txt);
}

/* A player's seat must confirm an action the game warns about ("confirm":
 * true), so that a misclick in a front end cannot lose the game; the host
 * (a trusted program that also replays records and applies bots' moves) is
 * not asked.  0 with the refusal (the warning) in the reply. */
static int confirmed(sreq *q, int player, kt_action a, int yes, int lang)
{
    kt_session *S = q->S;
    char *warn = NULL;
    if (yes || kt_action_warning(S->g, S->s, player, a, lang, &warn, NULL) != KT_OK || !warn)
        return 1; /* an illegal action gets its own error from apply */
    char txt[256];
    kt_action_text_as(S->g, S->s, player, a, player, lang, txt, sizeof txt);
    kt_jw w;
    ss_fail_begin(q, &w, KT_EINVAL, "confirm", warn);
    kt_jw_kstr(&w, "warning", warn);
    kt_jw_kint(&w, "id", a);
    kt_jw_kstr(&w, "text", txt);
    kt_jw_obj_end(&w);
    kt_free(warn);
    return 0;
}

void ss_cmd_apply(sreq *q)
{
    kt_session *S = q->S;
    const kt_jv *act = kt_jv_get(q->req, "action");
    const kt_jv *id = kt_jv_get(q->req, "id");
    int player;
    if (q->seat == KT_SPECTATOR) {
        ss_fail(q, KT_EINVAL, "spectators cannot act");
        return;
    }
    if (!ss_get_player(q, "player", 0, kt_to_move(S->g, S->s), &player))
        return;
    if (kt_is_over(S->g, S->s)) {
        ss_fail(q, KT_EOVER, "the game is over; no action can be applied");
        return;
    }
    kt_err err;
    kt_action a;
    if (act && act->type == KT_JSTR) {
        if (kt_action_parse_as(S->g, S->s, player, act->s, &a, &err) != KT_OK) {
            ss_fail_err(q, &err);
            return;
        }
    } else if (id && id->type == KT_JNUM && id->isint && !id->neg && id->u <= UINT32_MAX) {
        a = (kt_action)id->u;
    } else {
        ss_fail(q, KT_EINVAL, "\"apply\" needs \"action\" (text) or \"id\" (an id from \"legal\")");
        return;
    }
    int yes = 0, lang = KT_LANG_EN;
    if (q->seat >= 0 && (!ss_get_bool(q, "confirm", &yes) || !ss_get_lang(q, &lang)))
        return;
    if (q->seat >= 0 && !confirmed(q, player, a, yes, lang))
        return;
    ss_do_apply(q, player, a);
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
    if (!ss_get_int(q, "player", 0, np - 1, &p))
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
        ss_fail(q, KT_EINVAL, "\"players\" must be a list of players (0..%d)", np - 1);
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
    if (!ss_walk(q, wall, wall + 1, wall_text, &c)) {
        ss_fail(q, KT_ENOMEM, "out of memory");
        return;
    }
    kt_buf m;
    kt_buf_init_alloc(&m, &S->alloc);
    kt_undo_refusal(&m, lang, asker, p, c.text, left);
    kt_jw w;
    ss_fail_begin(q, &w, KT_EILLEGAL, "illegal", m.p ? m.p : "");
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

static void run_undo(sreq *q, long long steps, uint32_t who, int asker, int dry, int lang);

void ss_cmd_undo(sreq *q)
{
    long long steps = 1;
    int dry = 0, lang, asker;
    uint32_t who;
    if (!ss_get_int(q, "steps", 1, 1000000000, &steps) ||
        !ss_get_bool(q, "dry_run", &dry) || !ss_get_lang(q, &lang) || !get_undoers(q, &who, &asker))
        return;
    run_undo(q, steps, who, asker, dry, lang);
}

/* "undo" of `steps` actions for the players in `who` (barrier), `asker`
 * first among them (-1: none). */
static void run_undo(sreq *q, long long steps, uint32_t who, int asker, int dry, int lang)
{
    kt_session *S = q->S;
    size_t wall, avail = undoable(S, 0, &wall), left = undoable(S, who, &wall);
    if ((size_t)steps > avail) {
        ss_fail(q, KT_EINVAL, "cannot take back %lld action(s): %zu can be taken back", steps,
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
    ss_reply_begin(q, &w);
    kt_jw_kint(&w, "undoable", (long long)(left - (dry ? 0 : (size_t)steps)));
    ss_write_status(S, &w);
    kt_jw_obj_end(&w);
}

/* ------------------------------------------------------------ views */

void ss_reply_raw(sreq *q, const char *key, char *js)
{
    if (!js) {
        ss_fail(q, KT_ENOMEM, "out of memory");
        return;
    }
    kt_jw w;
    ss_reply_begin(q, &w);
    kt_jw_key(&w, key);
    kt_jw_raw(&w, js);
    kt_jw_obj_end(&w);
    kt_free(js);
}

/* The viewer of observe/render/log: "player" (-1 spectator), or the whole
 * truth with "omniscient": true (host with full-state rights only). */
int ss_get_viewer(sreq *q, int required, int *viewer)
{
    int omni = 0;
    if (!ss_get_bool(q, "omniscient", &omni))
        return 0;
    if (omni) {
        if (!ss_need_full_state(q, "\"omniscient\""))
            return 0;
        *viewer = KT_OMNISCIENT;
        return 1;
    }
    if (required && ss_is_host(q) && !kt_jv_get(q->req, "player")) {
        ss_fail(q, KT_EINVAL, "\"player\" is required (0-based; -1 = spectator)");
        return 0;
    }
    return ss_get_player(q, "player", KT_SPECTATOR, KT_SPECTATOR, viewer);
}

static void run_observe(sreq *q, int viewer, int lang);

void ss_cmd_observe(sreq *q)
{
    int lang, viewer;
    if (!ss_get_lang(q, &lang) || !ss_get_viewer(q, 1, &viewer))
        return;
    run_observe(q, viewer, lang);
}

static void run_observe(sreq *q, int viewer, int lang)
{
    if (viewer == KT_OMNISCIENT) {
        ss_fail(q, KT_EINVAL, "observations are per player: use \"player\" (-1 = spectator) or "
                           "\"state\" for everything");
        return;
    }
    char *obs;
    kt_observe(q->S->g, q->S->s, viewer, lang, &obs, NULL); /* NULL: out of memory */
    ss_reply_raw(q, "observation", obs);
}

void ss_cmd_render(sreq *q)
{
    int lang, viewer, color = 0;
    if (!ss_get_lang(q, &lang) || !ss_get_viewer(q, 0, &viewer) || !ss_get_bool(q, "color", &color))
        return;
    char *v;
    kt_err e;
    if (kt_render_text(q->S->g, q->S->s, viewer, lang | (color ? KT_COLOR : 0), &v, &e) != KT_OK) {
        ss_fail_err(q, &e);
        return;
    }
    kt_jw w;
    ss_reply_begin(q, &w);
    kt_jw_kint(&w, "player", viewer);
    kt_jw_kstr(&w, "text", v);
    kt_jw_obj_end(&w);
    kt_free(v);
}

void ss_cmd_state(sreq *q) { ss_reply_raw(q, "state", kt_state_json(q->S->g, q->S->s)); }

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

static void run_log(sreq *q, int viewer, long long since, long long limit, int lang);

void ss_cmd_log(sreq *q)
{
    long long since = 0, limit = SESS_LOG_PAGE;
    int lang, viewer;
    if (!ss_get_lang(q, &lang) || !ss_get_viewer(q, 0, &viewer) ||
        !ss_get_int(q, "since", 0, INT64_MAX, &since) ||
        !ss_get_int(q, "limit", 1, 100000, &limit))
        return;
    run_log(q, viewer, since, limit, lang);
}

static void run_log(sreq *q, int viewer, long long since, long long limit, int lang)
{
    kt_session *S = q->S;
    size_t from = (size_t)since < S->nacts ? (size_t)since : S->nacts;
    size_t to = from + (size_t)limit < S->nacts ? from + (size_t)limit : S->nacts;
    kt_jw w;
    ss_reply_begin(q, &w);
    kt_jw_kint(&w, "player", viewer);
    kt_jw_key(&w, "log");
    kt_jw_arr(&w);
    log_ctx c = {&w, viewer, lang};
    if (!ss_walk(q, from, to, log_one, &c)) {
        ss_fail(q, KT_ENOMEM, "out of memory");
        return;
    }
    kt_jw_arr_end(&w);
    kt_jw_kint(&w, "next", (long long)to);
    kt_jw_kint(&w, "actions", (long long)S->nacts);
    kt_jw_obj_end(&w);
}

/* ------------------------------------------------------------ status */

/* With "lang", the status also names the decision kind for people
 * (kt_decision_label): a spectator has no `legal` reply to read it from. */
static void run_status(sreq *q, int lang);

void ss_cmd_status(sreq *q)
{
    int lang = -1;
    if (kt_jv_get(q->req, "lang") && !ss_get_lang(q, &lang))
        return;
    run_status(q, lang);
}

/* lang -1: without the label */
static void run_status(sreq *q, int lang)
{
    if (lang < 0) {
        ss_reply_status(q, NULL, NULL);
        return;
    }
    kt_jw w;
    ss_reply_begin(q, &w);
    ss_write_status(q->S, &w);
    kt_jw_kstr(&w, "decision_label", kt_decision_label(q->S->g, q->S->s, lang));
    kt_jw_obj_end(&w);
}

/* ------------------------------------------------------------ typed calls */

int ss_begin(sreq *q, kt_session *S, int seat, const char *cmd, int game)
{
    memset(q, 0, sizeof *q);
    q->S = S;
    q->seat = seat;
    kt_buf_init_alloc(&q->out, &S->alloc);
    kt_buf_init_alloc(&q->msg, &S->alloc);
    if (seat != KT_OMNISCIENT && seat != KT_SPECTATOR &&
        (seat < 0 || seat >= KT_MAX_PLAYERS || (S->g && seat >= kt_game_players(S->g)))) {
        ss_fail(q, KT_EINVAL, "no such seat %d", seat);
        return 0;
    }
    if (game && !S->g) {
        ss_fail(q, KT_EINVAL, "no game yet: send \"new\" or \"load\" before \"%.40s\"", cmd);
        return 0;
    }
    return 1;
}

kt_status ss_end(sreq *q, kt_sreply *r)
{
    kt_status st = q->out.oom || q->msg.oom ? KT_ENOMEM : q->st;
    if (r) {
        kt_sreply_free(r);
        r->st = st;
        r->json = q->out;
        r->message = q->msg;
    } else {
        kt_buf_free(&q->out);
        kt_buf_free(&q->msg);
    }
    return st;
}

void kt_sreply_init(kt_sreply *r)
{
    r->st = KT_OK;
    kt_buf_init(&r->json);
    kt_buf_init(&r->message);
}

void kt_sreply_free(kt_sreply *r)
{
    kt_buf_free(&r->json);
    kt_buf_free(&r->message);
}

const char *kt_sreply_message(const kt_sreply *r)
{
    if (r->st == KT_OK)
        return "";
    return r->message.p ? r->message.p : kt_strerror(r->st);
}

kt_status kt_session_start(kt_session *S, const char *game, const char *options, int players,
                           uint64_t seed, kt_sreply *r)
{
    sreq q;
    if (ss_begin(&q, S, KT_OMNISCIENT, "new", 0)) {
        if (players < 0 || players > KT_MAX_PLAYERS)
            ss_fail(&q, KT_EINVAL, "\"players\" must be an integer in 0..%d", KT_MAX_PLAYERS);
        else
            run_new(&q, game, options ? options : "", players, seed, NULL, 0);
    }
    return ss_end(&q, r);
}

kt_status kt_session_apply(kt_session *S, int player, kt_action a, kt_sreply *r)
{
    sreq q;
    int p;
    if (ss_begin(&q, S, KT_OMNISCIENT, "apply", 1) && ss_check_player(&q, "player", 0, player, &p)) {
        if (kt_is_over(S->g, S->s))
            ss_fail(&q, KT_EOVER, "the game is over; no action can be applied");
        else
            ss_do_apply(&q, p, a);
    }
    return ss_end(&q, r);
}

kt_status kt_session_undo(kt_session *S, int steps, uint32_t players, int dry_run, int lang,
                          kt_sreply *r)
{
    sreq q;
    if (ss_begin(&q, S, KT_OMNISCIENT, "undo", 1)) {
        uint32_t all = (1u << kt_game_players(S->g)) - 1u;
        int asker = -1;
        for (int p = kt_game_players(S->g) - 1; p >= 0; p--)
            if (players >> p & 1u)
                asker = p;
        if (steps < 1)
            ss_fail(&q, KT_EINVAL, "\"steps\" must be an integer in 1..1000000000");
        else if (players & ~all)
            ss_fail(&q, KT_EINVAL, "\"players\" must be a list of players (0..%d)",
                    kt_game_players(S->g) - 1);
        else
            run_undo(&q, steps, players, asker, dry_run, lang);
    }
    return ss_end(&q, r);
}

kt_status kt_session_status(kt_session *S, int seat, int lang, kt_sreply *r)
{
    sreq q;
    if (ss_begin(&q, S, seat, "status", 1))
        run_status(&q, lang);
    return ss_end(&q, r);
}

kt_status kt_session_observe(kt_session *S, int seat, int viewer, int lang, kt_sreply *r)
{
    sreq q;
    int v;
    if (ss_begin(&q, S, seat, "observe", 1) &&
        ss_check_player(&q, "player", KT_SPECTATOR, viewer, &v))
        run_observe(&q, v, lang);
    return ss_end(&q, r);
}

kt_status kt_session_legal(kt_session *S, int seat, int player, int lang, kt_sreply *r)
{
    sreq q;
    int p;
    if (!ss_begin(&q, S, seat, "legal", 1))
        return ss_end(&q, r);
    if (seat == KT_SPECTATOR)
        ss_fail(&q, KT_EINVAL, "spectators have no actions to choose from");
    else if (ss_check_player(&q, "player", 0, player, &p))
        run_legal(&q, p, lang);
    return ss_end(&q, r);
}

kt_status kt_session_log(kt_session *S, int seat, int viewer, int since, int limit, int lang,
                         kt_sreply *r)
{
    sreq q;
    int v;
    if (!ss_begin(&q, S, seat, "log", 1))
        return ss_end(&q, r);
    if (since < 0 || limit < 1 || limit > 100000)
        ss_fail(&q, KT_EINVAL, "\"since\" must be 0 or more and \"limit\" in 1..100000");
    else if (ss_check_player(&q, "player", KT_SPECTATOR, viewer, &v))
        run_log(&q, v, since, limit, lang);
    return ss_end(&q, r);
}
