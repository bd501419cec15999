/*
 * analysis.c - post-game analyses and hints on the server (issue 33,
 * docs/server.md "Analyses and hints").
 *
 * An analysis (kt_analysis_*, docs/analysis.md) of one seat of a finished
 * game, and a hint (the same library in its position mode: what the search
 * would play now, from the seat's information only), run as *tasks* on the
 * bot runners (sched.c): they count towards their game's share of the
 * runners like its bots, and the time slice hurries them - a task stops
 * after the decision it is analysing and queues itself again, so it never
 * holds a runner while another game's bot waits.  Nothing about a task is
 * done under a game's lock but copying the game's record (as JSON); the
 * record is loaded and replayed on the runner.
 *
 * Bounds (a player must not starve other tables by asking for analyses):
 *   - one analysis per game at a time (any seat; the next waits for it),
 *   - `analysis_per_addr` analyses queued or running per client address
 *     (several servers on one database: all together, the others' figure
 *     as of the last tick, srv_analyses_share),
 *   - `analysis_jobs` analyses and hints queued or running in the server,
 *   - `analysis_budget` simulations per decision at most (a request may
 *     ask for less), `hint_budget` for a hint;
 *   - one hint per seat at a time, only on its turn, only at tables
 *     created with "hints" (which a rated table refuses).
 * A request past a bound is refused at once ("busy" or "rate", with what
 * to do), never queued without end.
 *
 * Storage: a finished analysis is stored with its game as two notes
 * (store.h), "analysis:SEAT:en" and "analysis:SEAT:de" (the library's JSON
 * in either language), so the next viewer gets it at once and it survives
 * restarts; a task in progress does not (after a restart it is asked for
 * again).  The flag "hints" is a note too.  Hints are kept in memory only,
 * for HINT_KEEP_MS after they finished.
 *
 * Data layout: srv_analyses holds every task (an_job) in a list guarded by
 * its mutex, and the other servers' analyses per address (read once a
 * second).  Lock order: a game's lock -> this mutex -> the scheduler's
 * (srv_enqueue_task); nothing takes a game's lock while holding it.  A task holds a reference to its game (for the
 * scheduler's account); its record, game configuration and kt_analysis
 * belong to the runner that works on it, except that `a` is read under
 * the mutex to cancel it.  A task a client cancelled while it waited is
 * marked and freed by the runner that takes it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/srv_int.h"

#define HINT_KEEP_MS 60000  /* a finished hint is forgotten after this */
#define FAIL_KEEP_MS 60000  /* ... and a failed analysis */

enum { AN_QUEUED, AN_RUNNING, AN_DONE, AN_FAILED };

typedef struct an_job {
    struct an_job *next;
    sgame *g;               /* a reference of the task's own */
    char id[SRV_ID_LEN];
    int seat;
    int hint;               /* 1: a hint for the position after `at` actions */
    int at;
    int budget;
    char key[64];           /* the address that asked (limits) */
    int state;              /* AN_* */
    int cancel;             /* a client cancelled it (or a newer hint replaced it) */
    int done, decisions;    /* progress */
    char *recjson;          /* the game's record, copied when it was asked for */
    kt_game *kg;            /* runner's: built from recjson */
    kt_record *rec;
    kt_analysis *a;
    char *json[2];          /* a finished hint in English and German */
    char err[KT_ERRLEN + 64];
    long long ended_ms;
} an_job;

typedef struct srv_analyses {
    pthread_mutex_t mu;
    an_job *jobs;
    srv_addr_count *others; /* several servers: the others' analyses per address */
    int nothers;
    int published;          /* rows of this server in the database (0: none to clear) */
} srv_analyses;

int srv_analyses_init(srv *S)
{
    S->an = calloc(1, sizeof *S->an);
    if (!S->an)
        return 0;
    pthread_mutex_init(&S->an->mu, NULL);
    return 1;
}

static void job_free(srv *S, an_job *j)
{
    kt_analysis_free(j->a);
    kt_record_free(j->rec);
    kt_game_free(j->kg);
    kt_free(j->recjson); /* from kt_record_json */
    kt_free(j->json[0]);
    kt_free(j->json[1]);
    if (j->g)
        srv_game_unref(S, j->g);
    free(j);
}

void srv_analyses_free(srv *S)
{
    if (!S->an)
        return;
    while (S->an->jobs) {
        an_job *j = S->an->jobs;
        S->an->jobs = j->next;
        job_free(S, j);
    }
    pthread_mutex_destroy(&S->an->mu);
    free(S->an->others);
    free(S->an);
    S->an = NULL;
}

static int active(const an_job *j)
{
    return !j->cancel && (j->state == AN_QUEUED || j->state == AN_RUNNING);
}

/* Unlink j (mutex held). */
static void unlink_job(srv_analyses *A, an_job *j)
{
    for (an_job **pp = &A->jobs; *pp; pp = &(*pp)->next)
        if (*pp == j) {
            *pp = j->next;
            return;
        }
}

/* Forget finished hints and failures after a while (mutex held); jobs
 * that are still queued or running stay (their runner frees them). */
static void prune(srv *S, srv_analyses *A, long long now)
{
    for (an_job **pp = &A->jobs; *pp;) {
        an_job *j = *pp;
        long long keep = j->hint ? HINT_KEEP_MS : FAIL_KEEP_MS;
        if ((j->state == AN_DONE || j->state == AN_FAILED) && now - j->ended_ms > keep) {
            *pp = j->next;
            job_free(S, j);
        } else
            pp = &j->next;
    }
}

static an_job *find(srv_analyses *A, const char *id, int seat, int hint)
{
    for (an_job *j = A->jobs; j; j = j->next)
        if (!j->cancel && j->hint == hint && j->seat == seat && !strcmp(j->id, id))
            return j;
    return NULL;
}

/* ------------------------------------------------------------ the task */

typedef struct an_ctx {
    srv *S;
    srv_runner *r;
    an_job *j;
} an_ctx;

static int on_progress(void *ud, const kt_analysis_progress *p)
{
    an_ctx *x = ud;
    pthread_mutex_lock(&x->S->an->mu);
    x->j->done = p->done;
    x->j->decisions = p->decisions;
    int stop = x->j->cancel;
    pthread_mutex_unlock(&x->S->an->mu);
    return stop || srv_task_hurried(x->S, x->r);
}

/* Build the analysis from the copied record (on the runner) into *out:
 * j->a is set only under the mutex, where a cancel reads it. */
static int prepare(an_job *j, kt_analysis **out, kt_err *e)
{
    *out = NULL;
    if (kt_record_load(j->recjson, NULL, &j->rec, &j->kg, e) != KT_OK)
        return 0;
    char opts[96];
    snprintf(opts, sizeof opts, "budget=%d;seed=1", j->budget);
    if (!j->hint)
        return kt_analysis_new(j->kg, j->rec, j->seat, opts, out, e) == KT_OK;
    kt_state *s = kt_state_new(j->kg);
    if (!s) {
        snprintf(e->msg, sizeof e->msg, "out of memory");
        return 0;
    }
    int ok = kt_record_replay(j->rec, j->kg, -1, s, e) == KT_OK &&
             kt_analysis_new_position(j->kg, s, j->seat, NULL, opts, out, e) == KT_OK;
    kt_state_free(j->kg, s);
    return ok;
}

static void fail(srv *S, an_job *j, const char *msg)
{
    srv_log(S, "analysis of game %s, seat %d failed: %s", j->id, j->seat + 1, msg);
    pthread_mutex_lock(&S->an->mu);
    snprintf(j->err, sizeof j->err, "%s", msg);
    j->state = AN_FAILED;
    j->ended_ms = srv_now_ms();
    pthread_mutex_unlock(&S->an->mu);
}

/* A finished analysis goes to storage (both languages), then the task is
 * forgotten: the next request finds it there. */
static void finish(srv *S, an_job *j)
{
    char *en = kt_analysis_json(j->a, KT_LANG_EN), *de = kt_analysis_json(j->a, KT_LANG_DE);
    if (!en || !de) {
        kt_free(en);
        kt_free(de);
        fail(S, j, "out of memory");
        return;
    }
    if (j->hint) {
        pthread_mutex_lock(&S->an->mu);
        j->json[KT_LANG_EN] = en;
        j->json[KT_LANG_DE] = de;
        j->state = AN_DONE;
        j->ended_ms = srv_now_ms();
        pthread_mutex_unlock(&S->an->mu);
        return;
    }
    char k_en[32], k_de[32];
    snprintf(k_en, sizeof k_en, "analysis:%d:en", j->seat);
    snprintf(k_de, sizeof k_de, "analysis:%d:de", j->seat);
    int ok = srv_store_put_note(S->st, j->id, k_de, de) && srv_store_put_note(S->st, j->id, k_en, en);
    kt_free(en);
    kt_free(de);
    if (!ok) {
        fail(S, j, SRV_STORE_ERROR(S->st));
        return;
    }
    pthread_mutex_lock(&S->an->mu);
    unlink_job(S->an, j);
    pthread_mutex_unlock(&S->an->mu);
    job_free(S, j);
}

static void run_task(srv *S, srv_runner *r, sjob *sj)
{
    an_job *j = sj->arg;
    srv_analyses *A = S->an;
    pthread_mutex_lock(&A->mu);
    int cancelled = j->cancel;
    if (cancelled)
        unlink_job(A, j);
    else
        j->state = AN_RUNNING;
    pthread_mutex_unlock(&A->mu);
    if (cancelled) {
        job_free(S, j);
        return;
    }
    kt_err e = {0};
    if (!j->a) {
        kt_analysis *built = NULL;
        int ok = prepare(j, &built, &e);
        if (!ok) {
            kt_analysis_free(built);
            fail(S, j, e.msg);
            return;
        }
        kt_analysis_progress p0;
        kt_analysis_progress_get(built, &p0);
        pthread_mutex_lock(&A->mu); /* from now on a cancel reaches it */
        j->a = built;
        j->decisions = p0.decisions; /* the page can show "0 / 91" at once */
        pthread_mutex_unlock(&A->mu);
    }
    an_ctx x = {.S = S, .r = r, .j = j};
    if (kt_analysis_run(j->a, on_progress, &x, &e) != KT_OK) {
        fail(S, j, e.msg);
        return;
    }
    kt_analysis_progress p;
    kt_analysis_progress_get(j->a, &p);
    if (!p.cancelled) {
        finish(S, j);
        return;
    }
    /* stopped early: by its client (forget it), or to let a waiting bot run
       (queue it again: the decisions done so far stay) */
    pthread_mutex_lock(&A->mu);
    int drop = j->cancel;
    if (drop)
        unlink_job(A, j);
    else
        j->state = AN_QUEUED;
    pthread_mutex_unlock(&A->mu);
    if (drop)
        job_free(S, j);
    else if (!srv_enqueue_task(S, j->g, run_task, j))
        fail(S, j, "the server is stopping");
}

/* ------------------------------------------------------------ requests */

static void write_status(kt_jw *w, const an_job *j, int lang)
{
    static const char *const names[] = {"queued", "running", "done", "failed"};
    kt_jw_kstr(w, "status", names[j->state]);
    kt_jw_kint(w, "done", j->done);
    kt_jw_kint(w, "decisions", j->decisions);
    if (j->state == AN_FAILED)
        kt_jw_kstr(w, "message", j->err);
    if (j->hint && j->state == AN_DONE) {
        kt_jw_key(w, "hint");
        kt_jw_raw(w, j->json[lang == KT_LANG_DE]);
    }
}

/* "game" and "seat" of a request about a finished game's analysis, with
 * the game (a reference); NULL with an error sent. */
static sgame *target(srv_conn *c, const kt_jv *req, const char *ref, int *seat)
{
    const kt_jv *id = kt_jv_get(req, "game"), *sv = kt_jv_get(req, "seat");
    sgame *g = id && id->type == KT_JSTR && id->slen < SRV_ID_LEN ? srv_find_game(c->S, id->s)
                                                                  : NULL;
    if (!g) {
        srv_reply_error(c, ref, "unknown", "no game has this id");
        return NULL;
    }
    if (!sv || sv->type != KT_JNUM || !sv->isint || sv->neg || sv->u >= (uint64_t)g->row.players) {
        srv_reply_error(c, ref, "invalid", "\"seat\" must be the player to analyse: 0..%d",
                        g->row.players - 1);
        srv_game_unref(c->S, g);
        return NULL;
    }
    *seat = (int)sv->u;
    return g;
}

/* The stored analysis in the connection's language, or NULL. */
static char *stored(srv *S, const char *id, int seat, int lang, int *io_error)
{
    char key[32], *text = NULL;
    snprintf(key, sizeof key, "analysis:%d:%s", seat, lang == KT_LANG_DE ? "de" : "en");
    *io_error = !srv_store_get_note(S->st, id, key, &text);
    return text;
}

/* Reply with what is known about (game, seat): a task in progress, the
 * stored result, or nothing.  1 when something was sent. */
static int reply_known(srv_conn *c, const char *ref, const char *id, int seat, int none_too)
{
    srv_analyses *A = c->S->an;
    kt_buf b;
    kt_jw w;
    pthread_mutex_lock(&A->mu);
    prune(c->S, A, srv_now_ms());
    an_job *j = find(A, id, seat, 0);
    if (j) {
        srv_reply_begin(&w, &b, ref);
        kt_jw_kstr(&w, "game", id);
        kt_jw_kint(&w, "seat", seat);
        write_status(&w, j, c->lang);
        if (j->state == AN_FAILED) /* said once; asking again starts over */
            j->cancel = 1, j->ended_ms = 0;
        pthread_mutex_unlock(&A->mu);
        kt_jw_obj_end(&w);
        srv_reply_send(c, &b);
        return 1;
    }
    pthread_mutex_unlock(&A->mu);
    int io = 0;
    char *text = stored(c->S, id, seat, c->lang, &io);
    if (io) {
        srv_reply_error(c, ref, "io", "%s", SRV_STORE_ERROR(c->S->st));
        return 1;
    }
    if (!text && !none_too)
        return 0;
    srv_reply_begin(&w, &b, ref);
    kt_jw_kstr(&w, "game", id);
    kt_jw_kint(&w, "seat", seat);
    kt_jw_kstr(&w, "status", text ? "done" : "none");
    if (text) {
        kt_jw_key(&w, "analysis");
        kt_jw_raw(&w, text);
    }
    kt_jw_obj_end(&w);
    free(text);
    srv_reply_send(c, &b);
    return 1;
}

void srv_cmd_analysis(srv_conn *c, const kt_jv *req, const char *ref)
{
    int seat;
    sgame *g = target(c, req, ref, &seat);
    if (!g)
        return;
    reply_known(c, ref, g->row.id, seat, 1);
    srv_game_unref(c->S, g);
}

/* Which bound stops a new task of this address (mutex held)?  NULL: none. */
static const char *bound(srv *S, const char *id, const char *key, int hint, const char **kind)
{
    int all = 0, mine = 0, game = 0;
    for (an_job *j = S->an->jobs; j; j = j->next) {
        if (!active(j))
            continue;
        all++;
        mine += !j->hint && !strcmp(j->key, key);
        game += !j->hint && !strcmp(j->id, id);
    }
    for (int i = 0; i < S->an->nothers; i++) /* several servers: the last tick's figure */
        if (!strcmp(S->an->others[i].key, key))
            mine += S->an->others[i].n > 1000000 ? 1000000 : (int)S->an->others[i].n;
    *kind = "busy";
    if (all >= S->cfg.analysis_jobs)
        return "the server is analysing as many games as it may; try again in a minute";
    if (hint)
        return NULL;
    if (game)
        return "another player of this game is being analysed; try again when it is done";
    *kind = "rate";
    if (mine >= S->cfg.analysis_per_addr)
        return "your address has an analysis running already; wait for it or cancel it";
    return NULL;
}

/* ------------------------------------------------------------ several servers */

static int other_row(void *ctx, const char *key, long long n)
{
    return srv_addr_rows_add(ctx, key, n, 0); /* 0 stops: out of memory */
}

/* `analysis_per_addr` over every server on one database, the way open
 * connections are (peers.c): once a second the ticker replaces this
 * server's rows (addr_tasks: analyses queued or running per address) and
 * reads the other live servers'; bound() adds those, so an address may pass
 * the limit by what it starts on other servers within a second.  A
 * database that fails leaves each server's own bound. */
void srv_analyses_share(srv *S, const char *owner, long long alive_after)
{
    srv_analyses *A = S->an;
    if (!A)
        return;
    srv_addr_rows mine = {0}, theirs = {0};
    int complete = 1;
    pthread_mutex_lock(&A->mu);
    for (an_job *j = A->jobs; j; j = j->next)
        if (active(j) && !j->hint)
            complete &= srv_addr_rows_add(&mine, j->key, 1, 0); /* summed by the store */
    int publish = complete && (mine.n || A->published);
    pthread_mutex_unlock(&A->mu);
    int wrote = publish && srv_store_tasks_put(S->st, owner, mine.rows, mine.n);
    int read = srv_store_tasks_others(S->st, owner, alive_after, other_row, &theirs);
    pthread_mutex_lock(&A->mu);
    if (publish)
        A->published = wrote ? mine.n > 0 : 1; /* a failed write: again at the next tick */
    if (read) {
        free(A->others);
        A->others = theirs.rows;
        A->nothers = theirs.n;
        theirs.rows = NULL;
    }
    pthread_mutex_unlock(&A->mu);
    free(mine.rows);
    free(theirs.rows);
}

/* A new task (mutex held): its game's record is copied by the caller. */
static an_job *new_job(srv_conn *c, sgame *g, int seat, int hint, int budget, char *recjson)
{
    an_job *j = calloc(1, sizeof *j);
    if (!j)
        return NULL;
    atomic_fetch_add(&g->refs, 1);
    j->g = g;
    snprintf(j->id, sizeof j->id, "%s", g->row.id);
    j->seat = seat;
    j->hint = hint;
    j->budget = budget;
    snprintf(j->key, sizeof j->key, "%s", c->key);
    j->recjson = recjson;
    return j;
}

/* The game's record as JSON (the game's lock held); NULL with why. */
static char *copy_record(srv *S, sgame *g, char *err, size_t cap)
{
    if (!sgame_open(S, g, err, cap))
        return NULL;
    const kt_record *rec = kt_session_record(g->S);
    char *json = rec ? kt_record_json(rec) : NULL;
    if (!json)
        snprintf(err, cap, "the game has no record to analyse");
    return json;
}

static int start(srv_conn *c, an_job *j)
{
    srv_analyses *A = c->S->an;
    j->next = A->jobs;
    A->jobs = j;
    if (srv_enqueue_task(c->S, j->g, run_task, j))
        return 1;
    unlink_job(A, j);
    return 0;
}

void srv_cmd_analyze(srv_conn *c, const kt_jv *req, const char *ref)
{
    srv *S = c->S;
    int seat;
    sgame *g = target(c, req, ref, &seat);
    if (!g)
        return;
    int budget = S->cfg.analysis_budget;
    const kt_jv *bv = kt_jv_get(req, "budget");
    if (bv && (bv->type != KT_JNUM || !bv->isint || bv->neg || bv->u < 8)) {
        srv_reply_error(c, ref, "invalid", "\"budget\" is simulations per decision: 8..%d", budget);
        srv_game_unref(S, g);
        return;
    }
    if (bv && bv->u < (uint64_t)budget)
        budget = (int)bv->u; /* a request may ask for less, never more */
    if (reply_known(c, ref, g->row.id, seat, 0)) {
        srv_game_unref(S, g);
        return;
    }
    char err[KT_ERRLEN + 64];
    pthread_mutex_lock(&g->mu);
    char *json = NULL;
    if (!g->row.over)
        snprintf(err, sizeof err, "the game is not over: analyses are for finished games "
                                  "(during play, a table created with hints offers a hint)");
    else
        json = copy_record(S, g, err, sizeof err);
    pthread_mutex_unlock(&g->mu);
    if (!json) {
        srv_reply_error(c, ref, "invalid", "%s", err);
        srv_game_unref(S, g);
        return;
    }
    srv_analyses *A = S->an;
    pthread_mutex_lock(&A->mu);
    const char *kind, *why = bound(S, g->row.id, c->key, 0, &kind);
    an_job *j = why || find(A, g->row.id, seat, 0) ? NULL : new_job(c, g, seat, 0, budget, json);
    int ok = j && start(c, j);
    pthread_mutex_unlock(&A->mu);
    if (!ok) {
        if (j)
            job_free(S, j);
        else
            kt_free(json);
        if (why)
            srv_reply_error(c, ref, kind, "%s", why);
        else
            reply_known(c, ref, g->row.id, seat, 1); /* another request was faster */
        srv_game_unref(S, g);
        return;
    }
    srv_log(S, "analysis of game %s, seat %d queued (budget %d, from %s)", g->row.id, seat + 1,
            budget, c->addr);
    reply_known(c, ref, g->row.id, seat, 1);
    srv_game_unref(S, g);
}

void srv_cmd_analyze_cancel(srv_conn *c, const kt_jv *req, const char *ref)
{
    int seat;
    sgame *g = target(c, req, ref, &seat);
    if (!g)
        return;
    srv_analyses *A = c->S->an;
    pthread_mutex_lock(&A->mu);
    an_job *j = find(A, g->row.id, seat, 0);
    int mine = j && active(j) && !strcmp(j->key, c->key);
    if (mine) {
        j->cancel = 1;
        if (j->a)
            kt_analysis_cancel(j->a);
    }
    pthread_mutex_unlock(&A->mu);
    srv_game_unref(c->S, g);
    if (j && !mine) {
        srv_reply_error(c, ref, "invalid", "only whoever started this analysis can cancel it");
        return;
    }
    kt_buf b;
    kt_jw w;
    srv_reply_begin(&w, &b, ref);
    kt_jw_kbool(&w, "cancelled", mine);
    kt_jw_obj_end(&w);
    srv_reply_send(c, &b);
}

/* ------------------------------------------------------------ hints */

static int hints_on(srv *S, const char *id, int *io_error)
{
    char *v = NULL;
    *io_error = !srv_store_get_note(S->st, id, "hints", &v);
    int on = v && !strcmp(v, "1");
    free(v);
    return on;
}

int srv_hints_option(srv_conn *c, const kt_jv *req, const char *ref, int *hints)
{
    const kt_jv *h = kt_jv_get(req, "hints"), *rated = kt_jv_get(req, "rated");
    *hints = 0;
    if (h && h->type != KT_JBOOL) {
        srv_reply_error(c, ref, "invalid", "\"hints\" is true or false");
        return 0;
    }
    if (h && h->b && rated && rated->type == KT_JBOOL && rated->b) {
        srv_reply_error(c, ref, "invalid", "a rated game has no hints: create it without "
                                           "\"hints\", or unrated");
        return 0;
    }
    *hints = h && h->b;
    return 1;
}

void srv_hints_created(srv *S, const char *id, int hints, kt_jw *w)
{
    if (hints && !srv_store_put_note(S->st, id, "hints", "1")) {
        srv_log(S, "game %s: could not store its hints option: %s", id, SRV_STORE_ERROR(S->st));
        hints = 0;
    }
    kt_jw_kbool(w, "hints", hints);
}

/* Is the seat's token still the connection's, the game on, and the seat to
 * move?  Locks g (held on 1); 0 with why. */
static int hint_may(srv_conn *c, sgame *g, char *why, size_t cap)
{
    pthread_mutex_lock(&g->mu);
    if (g->gone || !srv_token_eq(c->token, g->row.seats[c->seat].token))
        snprintf(why, cap, "this link no longer holds the seat");
    else if (!g->S || g->row.over || sgame_is_over(g))
        snprintf(why, cap, "the game is over: its replay offers an analysis");
    else if (!((kt_pending(kt_session_game(g->S), kt_session_state(g->S)) >> c->seat) & 1u))
        snprintf(why, cap, "a hint is for your turn: it is not your move now");
    else
        return 1;
    pthread_mutex_unlock(&g->mu);
    return 0;
}

void srv_cmd_hint(srv_conn *c, const kt_jv *req, const char *ref)
{
    srv *S = c->S;
    sgame *g = c->game;
    int io = 0, on = hints_on(S, g->row.id, &io);
    const kt_jv *chk = kt_jv_get(req, "check");
    kt_buf b;
    kt_jw w;
    if (io) {
        srv_reply_error(c, ref, "io", "%s", SRV_STORE_ERROR(S->st));
        return;
    }
    if (chk && chk->type == KT_JBOOL && chk->b) { /* does this table offer hints? */
        srv_reply_begin(&w, &b, ref);
        kt_jw_kbool(&w, "hints", on);
        kt_jw_obj_end(&w);
        srv_reply_send(c, &b);
        return;
    }
    if (!on) {
        srv_reply_error(c, ref, "invalid", "this table was created without hints");
        return;
    }
    char why[KT_ERRLEN + 64];
    if (!hint_may(c, g, why, sizeof why)) {
        srv_reply_error(c, ref, "invalid", "%s", why);
        return;
    }
    int at = g->nacts;
    srv_analyses *A = S->an;
    pthread_mutex_lock(&A->mu);
    prune(S, A, srv_now_ms());
    an_job *j = find(A, g->row.id, c->seat, 1);
    if (j && j->at != at) { /* the position moved on: that hint is void */
        j->cancel = 1;
        if (j->a)
            kt_analysis_cancel(j->a);
        j = NULL;
    }
    pthread_mutex_unlock(&A->mu);
    char *json = j ? NULL : copy_record(S, g, why, sizeof why);
    pthread_mutex_unlock(&g->mu);
    if (!j && !json) {
        srv_reply_error(c, ref, "state", "%s", why);
        return;
    }
    pthread_mutex_lock(&A->mu);
    const char *kind = NULL, *busy = NULL;
    if (!j && !(j = find(A, g->row.id, c->seat, 1)) && !(busy = bound(S, g->row.id, c->key, 1, &kind))) {
        j = new_job(c, g, c->seat, 1, S->cfg.hint_budget, json);
        json = NULL;
        if (j) {
            j->at = at;
            if (!start(c, j)) {
                job_free(S, j);
                j = NULL;
            }
        }
    }
    if (j) {
        srv_reply_begin(&w, &b, ref);
        kt_jw_kint(&w, "at", j->at);
        write_status(&w, j, c->lang);
        kt_jw_obj_end(&w);
    }
    pthread_mutex_unlock(&A->mu);
    kt_free(json); /* kt_free(NULL) is a no-op like free */
    if (j)
        srv_reply_send(c, &b);
    else
        srv_reply_error(c, ref, busy ? kind : "nomem", "%s", busy ? busy : "could not start a hint");
}
