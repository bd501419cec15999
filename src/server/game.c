/*
 * game.c - one game on the server: its session, accepted moves (stored
 * before they are acknowledged), the views pushed to each connection,
 * seats whose link changed, undo and the bots.
 *
 * The session is created with the server's limits (no files, no full
 * state).  The server itself talks to it as the host (KT_OMNISCIENT) only
 * to start it, to replay stored actions, to apply a bot's move and to undo;
 * everything a client asks goes through kt_session_request with that
 * client's seat, so what a client sees is decided by the session.
 *
 * A view push for a connection is one message
 *   {"push":"view","game":ID,"seat":P,"version":V,"status":{..},
 *    "observe":{..},"legal":{..},"log":{"from":N,..},"seats":[..],...}
 * where status/observe/legal/log are the session's own replies for that
 * connection's seat.  The log part carries only the entries the client does
 * not have yet (`from` says where they start; after an undo it starts
 * earlier and the client drops what follows).  Connections that would get
 * the same text (same seat, language and log start: every spectator of a
 * game, a player's second tab) share one composition.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/srv_int.h"

#define BOT_BACKOFF_MIN_MS 1000
#define BOT_BACKOFF_MAX_MS 60000

int srv_reply_ok(const char *reply)
{
    if (!reply)
        return 0;
    kt_jdoc d;
    if (kt_json_parse(reply, strlen(reply), &d, NULL) != KT_OK)
        return 0;
    const kt_jv *ok = d.root->type == KT_JOBJ ? kt_jv_get(d.root, "ok") : NULL;
    int yes = ok && ok->type == KT_JBOOL && ok->b;
    kt_json_free(&d);
    return yes;
}

/* Over by the rules, or ended by the server (a seat that lost on time). */
int sgame_is_over(const sgame *g)
{
    return g->row.over != SRV_RUNNING ||
           (g->S && kt_is_over(kt_session_game(g->S), kt_session_state(g->S)));
}

static int grow_actors(sgame *g)
{
    if (g->nacts < g->capacts)
        return 1;
    int cap = g->capacts ? g->capacts * 2 : 256;
    int8_t *p = realloc(g->actor, (size_t)cap);
    if (!p)
        return 0;
    g->actor = p;
    g->capacts = cap;
    return 1;
}

/* ------------------------------------------------------------ opening */

typedef struct replay_ctx {
    sgame *g;
    char *err;
    size_t cap;
} replay_ctx;

/* Apply a stored action (its text) as `player`: 1 when it worked. */
static int apply_text(sgame *g, const char *text, int player)
{
    kt_action a;
    const kt_game *kg = kt_session_game(g->S);
    if (player < 0 || player >= kt_game_players(kg) ||
        kt_action_parse_as(kg, kt_session_state(g->S), player, text, &a, NULL) != KT_OK)
        return 0;
    return kt_session_apply(g->S, player, a, NULL) == KT_OK;
}

static int replay_action(void *ctx, const char *id, int n, int player, const char *text)
{
    SRV_UNUSED(id);
    replay_ctx *R = ctx;
    sgame *g = R->g;
    if (n != g->nacts || player < 0 || player >= g->row.players || !grow_actors(g)) {
        snprintf(R->err, R->cap, "stored action %d out of order", n);
        return 0;
    }
    int ok = apply_text(g, text, player);
    if (!ok)
        snprintf(R->err, R->cap, "action %d '%s' does not replay", n, text);
    if (ok)
        g->actor[g->nacts++] = (int8_t)player;
    return ok;
}

/* Create the session from the stored parameters and replay the stored
 * actions: the game is exactly where it was. */
int sgame_open(srv *S, sgame *g, char *err, size_t cap)
{
    if (g->S)
        return 1;
    if (g->gone) {
        snprintf(err, cap, "this game no longer exists");
        return 0;
    }
    if (g->broken) {
        snprintf(err, cap, kt_game_find(g->row.game)
                               ? "this game could not be rebuilt from storage"
                               : "this game is of a kind this server does not have");
        return 0;
    }
    kt_session_limits lim;
    srv_session_limits(S, &lim);
    kt_err e;
    if (kt_session_new(&lim, NULL, &g->S, &e) != KT_OK) {
        snprintf(err, cap, "%s", e.msg);
        return 0;
    }
    kt_sreply r;
    kt_sreply_init(&r);
    int ok = kt_session_start(g->S, g->row.game, g->options, g->row.players, g->row.seed, &r) ==
             KT_OK;
    if (!ok)
        snprintf(err, cap, "%s", kt_sreply_message(&r));
    kt_sreply_free(&r);
    g->nacts = 0;
    if (ok) {
        replay_ctx R = {g, err, cap};
        srv_store_visitor v = {NULL, replay_action, &R};
        err[0] = '\0';
        ok = srv_store_actions(S->st, g->row.id, &v);
        if (!ok && !err[0])
            snprintf(err, cap, "%s", SRV_STORE_ERROR(S->st));
    }
    if (!ok) {
        kt_session_free(g->S);
        g->S = NULL;
        g->broken = 1;
    }
    return ok;
}

/* A bot thinking for the game uses its configuration (owned by the
 * session): then the session stays until a later tick or sgame_free. */
void sgame_unload(sgame *g)
{
    for (int p = 0; p < KT_MAX_PLAYERS; p++)
        if (g->seat[p].thinking)
            return;
    for (int p = 0; p < KT_MAX_PLAYERS; p++) {
        kt_bot_free(g->seat[p].bot);
        g->seat[p].bot = NULL;
    }
    kt_session_free(g->S);
    g->S = NULL;
}

/* ------------------------------------------------------------ moves */

/* A write failed or worked: logged once per streak of failures, so that a
 * full disk gives a line (and its end another) instead of a flood. */
static void store_result(srv *S, int ok, const char *what)
{
    if (!ok) {
        atomic_fetch_add(&S->store_failures, 1);
        if (!atomic_exchange(&S->store_failing, 1))
            srv_log(S, "%s could not be stored: %s (is the disk full?); moves are refused and "
                       "bots wait until writing works again",
                    what, SRV_STORE_ERROR(S->st));
    } else if (atomic_load(&S->store_failing) && atomic_exchange(&S->store_failing, 0)) {
        srv_log(S, "storage works again (%lld writes had failed)",
                (long long)atomic_exchange(&S->store_failures, 0));
    }
}

/* The session has just applied one action of `player`: store it before
 * anybody is told.  If it cannot be stored the action is taken back. */
int sgame_record(srv *S, sgame *g, int player, char *err, size_t cap)
{
    const kt_record *rec = kt_session_record(g->S);
    const char *text = rec ? kt_record_action(rec, g->nacts) : NULL;
    int ok = text && grow_actors(g);
    long long now = (long long)time(NULL);
    srv_game_row before = g->row; /* the facts go back if the move cannot be stored */
    g->nacts++;
    srv_facts_update(g, srv_unix_ms()); /* pending seats, clocks: stored with the move */
    g->nacts--;
    if (ok && !srv_store_append_facts(S->st, g->row.id, g->nacts, player, text, now, &g->row,
                                      srv_cluster_owner(S))) {
        char what[64];
        snprintf(what, sizeof what, "a move of game %s", g->row.id);
        store_result(S, 0, what);
        snprintf(err, cap, "the move could not be stored (%s); it was taken back",
                 SRV_STORE_ERROR(S->st));
        ok = 0;
    } else if (!ok) {
        snprintf(err, cap, "out of memory; the move was taken back");
    } else {
        store_result(S, 1, NULL);
    }
    if (!ok) {
        g->row = before;
        kt_session_undo(g->S, 1, 0, 0, KT_LANG_EN, NULL);
        return 0;
    }
    g->actor[g->nacts++] = (int8_t)player;
    g->touched = now;
    atomic_fetch_add(&S->moves, 1);
    g->undo_by = -1; /* a new move ends an open undo request */
    if (sgame_is_over(g) && !g->row.over) {
        g->row.over = SRV_FINISHED;
        if (!srv_store_set_over(S->st, g->row.id, SRV_FINISHED))
            srv_log(S, "game %s: %s", g->row.id, SRV_STORE_ERROR(S->st));
        srv_rating_game_over(S, g);
    }
    return 1;
}

void sgame_changed(srv *S, sgame *g)
{
    g->version++;
    sgame_push_all(S, g);
    sgame_kick_bots(S, g);
}

/* ------------------------------------------------------------ views */

/* A typed call's reply as member `key` (whole; null when out of memory). */
static void json_raw_reply(kt_jw *w, const char *key, kt_sreply *r)
{
    kt_jw_key(w, key);
    kt_jw_raw(w, r->json.p && !r->json.oom ? r->json.p : "null");
}

void sgame_seats_json(const sgame *g, kt_jw *w)
{
    kt_jw_arr(w);
    for (int p = 0; p < g->row.players; p++) {
        const srv_seat_row *r = &g->row.seats[p];
        kt_jw_obj(w);
        kt_jw_kint(w, "seat", p);
        kt_jw_kbool(w, "bot", r->bot);
        if (r->bot)
            kt_jw_kstr(w, "spec", r->spec);
        kt_jw_kstr(w, "name", r->name);
        kt_jw_kbool(w, "claimed", r->bot || r->claimed);
        if (r->account)
            kt_jw_kbool(w, "account", 1);
        kt_jw_kbool(w, "connected", r->bot || g->seat[p].conns > 0);
        if (r->bot)
            kt_jw_kbool(w, "thinking", g->seat[p].thinking);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
}

/* The view of `seat` in `lang` with the log from `from` on. */
static char *compose_view(sgame *g, int seat, int lang, int from)
{
    const char *ls = lang == KT_LANG_DE ? "de" : "en";
    kt_sreply r;
    kt_sreply_init(&r);
    kt_buf b;
    kt_buf_init(&b);
    kt_jw w;
    kt_jw_init(&w, &b);
    kt_jw_obj(&w);
    kt_jw_kstr(&w, "push", "view");
    kt_jw_kstr(&w, "game", g->row.id);
    kt_jw_kstr(&w, "name", g->row.game);
    kt_jw_kint(&w, "seat", seat);
    kt_jw_kint(&w, "version", (long long)g->version);
    kt_jw_kstr(&w, "lang", ls);
    kt_session_status(g->S, seat, lang, &r);
    json_raw_reply(&w, "status", &r);
    kt_session_observe(g->S, seat, seat, lang, &r);
    json_raw_reply(&w, "observe", &r);
    if (seat >= 0 && g->row.over != SRV_RUNNING) { /* ended by a clock: nothing to do */
        kt_jw_key(&w, "legal");
        kt_jw_raw(&w, "{\"ok\":true,\"legal\":[]}");
    } else if (seat >= 0) {
        kt_session_legal(g->S, seat, seat, lang, &r);
        json_raw_reply(&w, "legal", &r);
    }
    kt_jw_kint(&w, "log_from", from);
    kt_session_log(g->S, seat, seat, from, 100000, lang, &r);
    json_raw_reply(&w, "log", &r);
    kt_sreply_free(&r);
    kt_jw_key(&w, "seats");
    sgame_seats_json(g, &w);
    if (g->undo_by >= 0) {
        kt_jw_key(&w, "undo");
        kt_jw_obj(&w);
        kt_jw_kint(&w, "by", g->undo_by);
        kt_jw_kint(&w, "to", g->undo_to);
        kt_jw_key(&w, "agreed");
        kt_jw_arr(&w);
        for (int p = 0; p < g->row.players; p++)
            if ((g->undo_yes >> p) & 1u)
                kt_jw_int(&w, p);
        kt_jw_arr_end(&w);
        kt_jw_obj_end(&w);
    }
    if (g->row.rematch[0])
        kt_jw_kbool(&w, "rematch", 1);
    srv_table_json(g, &w, srv_unix_ms());
    kt_jw_obj_end(&w);
    return kt_buf_take(&b);
}

/* Compose the view of one connection (its seat, its language) and queue it. */
void sgame_push_one(srv *S, sgame *g, srv_conn *c)
{
    SRV_UNUSED(S);
    if (!g->S)
        return;
    if (c->log_next > g->nacts)
        c->log_next = g->nacts; /* undone actions: the client drops them */
    char *text = compose_view(g, c->seat, c->lang, c->log_next);
    c->log_next = g->nacts;
    if (text)
        srv_conn_queue_take(c, text);
}

void sgame_push_all(srv *S, sgame *g)
{
    SRV_UNUSED(S);
    if (!g->S)
        return;
    enum { CACHE = 16 };
    struct {
        int seat, lang, from;
        char *text;
        size_t len;
    } cache[CACHE];
    int nc = 0;
    for (int i = 0; i < g->nsubs; i++) {
        srv_conn *c = g->subs[i];
        int from = c->log_next < g->nacts ? c->log_next : g->nacts;
        int k = 0;
        while (k < nc && !(cache[k].seat == c->seat && cache[k].lang == c->lang &&
                           cache[k].from == from))
            k++;
        if (k == nc) {
            char *text = compose_view(g, c->seat, c->lang, from);
            if (!text)
                continue;
            if (nc == CACHE) { /* unusual: many distinct views; send this one alone */
                srv_conn_queue_take(c, text);
                c->log_next = g->nacts;
                continue;
            }
            cache[nc].seat = c->seat;
            cache[nc].lang = c->lang;
            cache[nc].from = from;
            cache[nc].text = text;
            cache[nc].len = strlen(text);
            nc++;
        }
        srv_conn_queue(c, cache[k].text, cache[k].len);
        c->log_next = g->nacts;
    }
    for (int k = 0; k < nc; k++)
        free(cache[k].text);
}

void sgame_subscribe(sgame *g, srv_conn *c)
{
    if (g->nsubs == g->capsubs) {
        int cap = g->capsubs ? g->capsubs * 2 : 8;
        srv_conn **p = realloc(g->subs, sizeof *p * (size_t)cap);
        if (!p)
            return;
        g->subs = p;
        g->capsubs = cap;
    }
    g->subs[g->nsubs++] = c;
    if (c->seat >= 0)
        g->seat[c->seat].conns++;
    g->touched = (long long)time(NULL);
}

void sgame_unsubscribe(sgame *g, srv_conn *c)
{
    for (int i = 0; i < g->nsubs; i++)
        if (g->subs[i] == c) {
            g->subs[i] = g->subs[--g->nsubs];
            if (c->seat >= 0 && g->seat[c->seat].conns > 0)
                g->seat[c->seat].conns--;
            g->touched = (long long)time(NULL);
            return;
        }
}

void sgame_revoke_seat(srv *S, sgame *g, int seat, srv_conn *except)
{
    SRV_UNUSED(S);
    for (int i = 0; i < g->nsubs;) {
        srv_conn *o = g->subs[i];
        if (o == except || o->seat != seat) {
            i++;
            continue;
        }
        srv_conn_queue(o, "{\"push\":\"left\"}", 15);
        sgame_unsubscribe(g, o); /* the last one moves to i */
        srv_conn_kick(o, SRV_CLOSE_REVOKED, "the link of this seat was given up");
    }
}

/* ------------------------------------------------------------ undo */

/* Take back every action from index `target` on: the session first (it
 * refuses to go back past what the seats have seen), then storage; if
 * storage fails the actions are applied again. */
int sgame_undo_to(srv *S, sgame *g, int target, uint32_t seats, int lang, int check, kt_buf *why)
{
    int steps = g->nacts - target;
    if (steps <= 0) {
        kt_buf_puts(why, "nothing to take back");
        return 0;
    }
    kt_sreply r;
    kt_sreply_init(&r);
    if (check) {
        int ok = kt_session_undo(g->S, steps, seats, 1, lang, &r) == KT_OK;
        if (!ok)
            kt_buf_puts(why, kt_sreply_message(&r));
        kt_sreply_free(&r);
        return ok;
    }
    const kt_record *rec = kt_session_record(g->S);
    char **keep = calloc((size_t)steps, sizeof *keep);
    for (int i = 0; keep && i < steps; i++)
        keep[i] = strdup(kt_record_action(rec, target + i));
    int ok = kt_session_undo(g->S, steps, seats, 0, lang, &r) == KT_OK;
    if (!ok)
        kt_buf_puts(why, kt_sreply_message(&r));
    kt_sreply_free(&r);
    if (ok && !srv_store_truncate(S->st, g->row.id, target)) {
        kt_buf_printf(why, "could not store the undo (%s)", SRV_STORE_ERROR(S->st));
        for (int i = 0; i < steps; i++) /* put the actions back */
            if (!apply_text(g, keep && keep[i] ? keep[i] : "", g->actor[target + i]))
                g->broken = 1;
        ok = 0;
    } else if (ok) {
        g->nacts = target;
        g->epoch++;
        g->undo_by = -1;
        sgame_cancel_bots(g);
        srv_facts_update(g, srv_unix_ms());
        if (!srv_store_set_facts(S->st, &g->row))
            srv_log(S, "game %s: %s", g->row.id, SRV_STORE_ERROR(S->st));
    }
    for (int i = 0; keep && i < steps; i++)
        free(keep[i]);
    free(keep);
    return ok;
}

/* ------------------------------------------------------------ bots */

void sgame_cancel_bots(sgame *g)
{
    for (int p = 0; p < g->row.players; p++)
        if (g->seat[p].bot && g->seat[p].thinking)
            kt_bot_cancel(g->seat[p].bot);
}

void sgame_kick_bots(srv *S, sgame *g)
{
    if (!g->S || g->broken || g->gone || g->remote || g->row.over == SRV_ABANDONED ||
        sgame_is_over(g))
        return;
    if (g->bot_retry_ms && srv_now_ms() < g->bot_retry_ms)
        return; /* storage failed: the ticker kicks them again */
    uint32_t pend = kt_pending(kt_session_game(g->S), kt_session_state(g->S));
    for (int p = 0; p < g->row.players; p++) {
        if (!g->row.seats[p].bot || !((pend >> p) & 1u) || g->seat[p].thinking)
            continue;
        if (!g->seat[p].bot) {
            kt_err e;
            uint64_t seed = g->row.seed ^ (UINT64_C(0x9e3779b97f4a7c15) * (uint64_t)(p + 1));
            if (kt_bot_new(kt_session_game(g->S), g->row.seats[p].spec, seed, &g->seat[p].bot,
                           &e) != KT_OK) {
                srv_log(S, "game %s seat %d: bot '%s': %s", g->row.id, p, g->row.seats[p].spec,
                        e.msg);
                continue;
            }
            kt_bot_set_time_cap(g->seat[p].bot, S->cfg.bot_ms);
        }
        srv_enqueue(S, g, p);
    }
}

/* Is `a` a legal action of `player` now? */
static int legal_for(sgame *g, int player, kt_action a)
{
    const kt_game *kg = kt_session_game(g->S);
    kt_action *buf = malloc(sizeof *buf * KT_LEGAL_MAX);
    int n = buf ? kt_legal_as(kg, kt_session_state(g->S), player, buf, KT_LEGAL_MAX) : 0, ok = 0;
    for (int i = 0; i < n && !ok; i++)
        ok = buf[i] == a;
    free(buf);
    return ok;
}

/* A bot's answer on its way from the runner to a worker. */
typedef struct bot_answer {
    srv *S;
    sgame *g; /* with a reference */
    int seat;
    unsigned long epoch;
    kt_status st;
    kt_action a;
    char msg[KT_ERRLEN];
} bot_answer;

/* A worker applies and stores the answer, if the game was not taken back
 * meanwhile and it is still legal.  When storing fails the game's bots wait
 * (doubling up to a minute) instead of trying again at once. */
static void apply_answer(void *arg)
{
    bot_answer *t = arg;
    srv *S = t->S;
    sgame *g = t->g;
    int p = t->seat;
    pthread_mutex_lock(&g->mu);
    g->seat[p].thinking = 0;
    if (t->st != KT_OK) {
        srv_log(S, "game %s seat %d: bot failed: %s", g->row.id, p, t->msg);
    } else if (g->S && !g->gone && t->epoch == g->epoch && !sgame_is_over(g) &&
               legal_for(g, p, t->a)) {
        char msg[KT_ERRLEN + 64];
        if (kt_session_apply(g->S, p, t->a, NULL) != KT_OK) {
            srv_log(S, "game %s seat %d: bot move refused", g->row.id, p);
        } else if (sgame_record(S, g, p, msg, sizeof msg)) {
            g->bot_backoff_ms = 0;
            sgame_changed(S, g);
            pthread_mutex_unlock(&g->mu);
            srv_game_unref(S, g);
            free(t);
            return;
        } else {
            int b = g->bot_backoff_ms ? g->bot_backoff_ms * 2 : BOT_BACKOFF_MIN_MS;
            g->bot_backoff_ms = b < BOT_BACKOFF_MAX_MS ? b : BOT_BACKOFF_MAX_MS;
            g->bot_retry_ms = srv_now_ms() + g->bot_backoff_ms;
        }
    }
    sgame_kick_bots(S, g);
    pthread_mutex_unlock(&g->mu);
    srv_game_unref(S, g);
    free(t);
}

void srv_bot_job(srv *S, srv_runner *r, sjob *j)
{
    sgame *g = j->g;
    int p = j->seat;
    pthread_mutex_lock(&g->mu);
    const kt_game *kg = g->S ? kt_session_game(g->S) : NULL;
    kt_state *copy = NULL;
    kt_bot *bot = g->seat[p].bot;
    if (kg && !g->broken && !g->gone && j->epoch == g->epoch && !sgame_is_over(g) &&
        ((kt_pending(kg, kt_session_state(g->S)) >> p) & 1u) && bot) {
        copy = kt_state_new(kg);
        if (copy)
            kt_state_copy(kg, copy, kt_session_state(g->S));
    }
    if (!copy) {
        g->seat[p].thinking = 0;
        pthread_mutex_unlock(&g->mu);
        return;
    }
    bot_answer *t = calloc(1, sizeof *t);
    if (t) {
        atomic_fetch_add(&g->refs, 1); /* for the answer; the session stays: the job's
                                          thinking flag keeps the bot and the game */
        t->S = S;
        t->g = g;
        t->seat = p;
        t->epoch = j->epoch;
    }
    pthread_mutex_unlock(&g->mu);
    if (!t) {
        kt_state_free(kg, copy);
        pthread_mutex_lock(&g->mu);
        g->seat[p].thinking = 0;
        pthread_mutex_unlock(&g->mu);
        return;
    }
    pthread_mutex_lock(&S->sched.mu);
    r->bot = bot;
    if (S->sched.stopping)
        kt_bot_cancel(bot);
    pthread_mutex_unlock(&S->sched.mu);
    kt_err e;
    t->st = kt_bot_choose_as(bot, copy, p, &t->a, &e);
    if (t->st != KT_OK)
        snprintf(t->msg, sizeof t->msg, "%s", e.msg);
    pthread_mutex_lock(&S->sched.mu);
    r->bot = NULL;
    pthread_mutex_unlock(&S->sched.mu);
    kt_state_free(kg, copy);
    if (!srv_post(S, apply_answer, t)) { /* stopping */
        pthread_mutex_lock(&g->mu);
        g->seat[p].thinking = 0;
        pthread_mutex_unlock(&g->mu);
        srv_game_unref(S, g);
        free(t);
    }
}

void sgame_free(sgame *g)
{
    srv_chat_free(g);
    for (int p = 0; p < KT_MAX_PLAYERS; p++)
        kt_bot_free(g->seat[p].bot);
    kt_session_free(g->S);
    free(g->actor);
    free(g->subs);
    free(g->options);
    pthread_mutex_destroy(&g->mu);
    free(g);
}
