/*
 * conn.c - one client connection: what it may send (rate limits, UTF-8,
 * size), the table of its commands, and the commands about its seat.
 *
 * Messages: {"cmd": ..., "ref": any} objects (docs/server.md).  Every
 * command is a row of `commands` with flags saying what it needs (a game,
 * a seat, a token from the address's game-creation bucket) and its
 * handler; server commands (lobby, attach, undo agreement, replay) are
 * handled here and in lobby.c/replay.c, game commands are forwarded to the
 * game's session for the connection's seat, so the session decides what
 * the client may see.
 *
 * A seat's token is a capability: a connection holds a seat only while the
 * token it attached with is the seat's token.  Every command about the
 * seat checks that under the game's lock (lock_game), and a token that
 * changes closes every connection that used the old one
 * (sgame_revoke_seat).
 *
 * Output: srv_conn_queue hands a message to the transport (which only
 * queues, never blocks); it checks that the message is valid UTF-8 first.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/srv_int.h"

/* ------------------------------------------------------------ output */

srv_conn *srv_conn_open(srv *S, const srv_io *io_ops, void *io, const char *addr)
{
    srv_conn *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->S = S;
    c->ops = *io_ops;
    c->io = io;
    c->seat = SRV_NO_SEAT;
    c->tokens = S->cfg.burst;
    snprintf(c->addr, sizeof c->addr, "%s", addr ? addr : "local");
    if (!addr || !srv_addr_key(addr, c->key, sizeof c->key))
        snprintf(c->key, sizeof c->key, "local");
    clock_gettime(CLOCK_MONOTONIC, &c->last);
    c->chat_tokens = 5;
    pthread_mutex_init(&c->mu, NULL);
    pthread_mutex_lock(&S->cmu);
    c->next = S->conns;
    if (S->conns)
        S->conns->prev = c;
    S->conns = c;
    pthread_mutex_unlock(&S->cmu);
    return c;
}

void srv_conn_queue(srv_conn *c, const char *text, size_t len)
{
    if (!srv_utf8_ok(text, len)) { /* a bug: never let it break the client's page */
        srv_log(c->S, "internal: a message for %s was not UTF-8; replaced by an error", c->addr);
        text = "{\"ok\":false,\"error\":\"internal\",\"message\":\"the server composed a "
               "message that is not UTF-8 text\"}";
        len = strlen(text);
    }
    pthread_mutex_lock(&c->mu);
    if (!c->closed)
        c->ops.send(c->io, text, len);
    pthread_mutex_unlock(&c->mu);
}

void srv_conn_queue_take(srv_conn *c, char *text)
{
    srv_conn_queue(c, text, strlen(text));
    free(text);
}

void srv_conn_kick(srv_conn *c, int code, const char *reason)
{
    pthread_mutex_lock(&c->mu);
    if (!c->closed && c->ops.close)
        c->ops.close(c->io, code, reason);
    pthread_mutex_unlock(&c->mu);
}

/* ------------------------------------------------------------ replies */

void srv_reply_begin(kt_jw *w, kt_buf *b, const char *ref)
{
    kt_buf_init(b);
    kt_jw_init(w, b);
    kt_jw_obj(w);
    kt_jw_kbool(w, "ok", 1);
    if (ref) {
        kt_jw_key(w, "ref");
        kt_jw_raw(w, ref);
    }
}

void srv_reply_send(srv_conn *c, kt_buf *b)
{
    char *t = kt_buf_take(b);
    if (t)
        srv_conn_queue_take(c, t);
    else
        srv_reply_error(c, NULL, "nomem", "out of memory");
}

void srv_error_open(kt_jw *w, const char *ref, const char *kind, const char *message)
{
    kt_jw_obj(w);
    kt_jw_kbool(w, "ok", 0);
    if (ref) {
        kt_jw_key(w, "ref");
        kt_jw_raw(w, ref);
    }
    kt_jw_kstr(w, "error", kind);
    kt_jw_kstr(w, "message", message);
}

void srv_reply_error(srv_conn *c, const char *ref, const char *kind, const char *fmt, ...)
{
    kt_buf msg; /* whole: a session's message may be long (an undo refusal) */
    kt_buf_init(&msg);
    va_list ap;
    va_start(ap, fmt);
    kt_buf_vprintf(&msg, fmt, ap);
    va_end(ap);
    kt_buf b;
    kt_buf_init(&b);
    kt_jw w;
    kt_jw_init(&w, &b);
    srv_error_open(&w, ref, kind, msg.p && !msg.oom ? msg.p : "out of memory");
    kt_jw_obj_end(&w);
    kt_buf_free(&msg);
    char *t = kt_buf_take(&b);
    if (t)
        srv_conn_queue_take(c, t);
    else /* a fixed reply when even that fails */
        srv_conn_queue(c, "{\"ok\":false,\"error\":\"nomem\"}", 29);
}

/* ------------------------------------------------------------ attachment */

/* Lock c's game and check that c may still act there: a seat only while
 * its token is the one c attached with.  NULL (lock released, error sent)
 * otherwise; then c lets the game go. */
static void detach(srv_conn *c);
sgame *srv_conn_lock_game(srv_conn *c, const char *ref)
{
    sgame *g = c->game;
    pthread_mutex_lock(&g->mu);
    int ok = !g->gone && (c->seat < 0 || srv_token_eq(c->token, g->row.seats[c->seat].token));
    if (ok)
        return g;
    pthread_mutex_unlock(&g->mu);
    srv_reply_error(c, ref, "revoked",
                    "this link no longer holds the seat (it was given up); ask for a new link");
    detach(c);
    return NULL;
}

static void detach(srv_conn *c)
{
    sgame *g = c->game;
    if (!g)
        return;
    pthread_mutex_lock(&g->mu);
    sgame_unsubscribe(g, c);
    g->version++;
    sgame_push_all(c->S, g); /* the others see who is connected */
    pthread_mutex_unlock(&g->mu);
    c->game = NULL;
    c->seat = SRV_NO_SEAT;
    c->token[0] = '\0';
    srv_game_unref(c->S, g);
}

/* Attach to game g (with a reference the connection keeps) as `seat`,
 * holding `token` (NULL for spectators). */
static void attach(srv_conn *c, sgame *g, int seat, const char *token, const char *ref,
                   const char *name, int timed_out)
{
    srv *S = c->S;
    char err[KT_ERRLEN + 64];
    detach(c);
    pthread_mutex_lock(&g->mu);
    if (g->row.over == SRV_ABANDONED) {
        pthread_mutex_unlock(&g->mu);
        srv_reply_error(c, ref, "state", "this game was abandoned: nobody played it for a long "
                                         "time");
        srv_game_unref(S, g);
        return;
    }
    if (seat >= 0 && !srv_token_eq(token, g->row.seats[seat].token)) {
        pthread_mutex_unlock(&g->mu); /* the token changed since it was looked up */
        srv_reply_error(c, ref, "unknown", "no seat has this link (it may have been given up)");
        srv_game_unref(S, g);
        return;
    }
    if (!srv_cluster_host(S, g, c, ref)) { /* hosted by another server: told where */
        pthread_mutex_unlock(&g->mu);
        srv_game_unref(S, g);
        return;
    }
    if (!sgame_open(S, g, err, sizeof err)) {
        pthread_mutex_unlock(&g->mu);
        srv_reply_error(c, ref, "state", "%s", err);
        srv_game_unref(S, g);
        return;
    }
    if (seat >= 0 && !g->row.seats[seat].claimed) {
        srv_seat_row r = g->row.seats[seat];
        r.claimed = 1;
        snprintf(r.name, sizeof r.name, "%s", name && name[0] ? name : "");
        if (!srv_store_set_seat(S->st, g->row.id, seat, &r)) {
            pthread_mutex_unlock(&g->mu);
            srv_reply_error(c, ref, "io", "%s", SRV_STORE_ERROR(S->st));
            srv_game_unref(S, g);
            return;
        }
        g->row.seats[seat] = r;
        /* a logged-in player who opens a link for the first time takes the
         * seat with the account (when it has no other seat there) */
        if (srv_conn_account(c, NULL, 0))
            srv_claim_seat(c, g, seat, err, sizeof err);
    }
    c->game = g;
    c->seat = seat;
    snprintf(c->token, sizeof c->token, "%s", seat >= 0 ? token : "");
    c->log_next = 0;
    sgame_subscribe(g, c);
    kt_buf b;
    kt_jw w;
    srv_reply_begin(&w, &b, ref);
    kt_jw_kstr(&w, "game", g->row.id);
    kt_jw_kstr(&w, "name", g->row.game);
    kt_jw_kstr(&w, "title", srv_game_title(g->row.game, c->lang));
    kt_jw_kint(&w, "seat", seat);
    kt_jw_kint(&w, "players", g->row.players);
    if (g->row.rematch[0])
        kt_jw_kstr(&w, "rematch", g->row.rematch);
    if (timed_out)
        kt_jw_kbool(&w, "timed_out", 1);
    kt_jw_obj_end(&w);
    srv_reply_send(c, &b);
    g->version++;
    sgame_push_all(S, g);
    srv_chat_on_attach(S, g, c);
    pthread_mutex_unlock(&g->mu);
}

static int get_lang(const kt_jv *req, int def)
{
    const kt_jv *l = kt_jv_get(req, "lang");
    if (l && l->type == KT_JSTR && !strcmp(l->s, "de"))
        return KT_LANG_DE;
    if (l && l->type == KT_JSTR && !strcmp(l->s, "en"))
        return KT_LANG_EN;
    return def;
}

/* Pushes for this connection are composed under its game's lock, which
 * therefore guards the language too. */
static void set_lang(srv_conn *c, int lang)
{
    if (lang == c->lang)
        return;
    sgame *g = c->game;
    if (g)
        pthread_mutex_lock(&g->mu);
    c->lang = lang;
    if (g)
        pthread_mutex_unlock(&g->mu);
}

static const char *get_str(const kt_jv *req, const char *key)
{
    const kt_jv *v = kt_jv_get(req, key);
    return v && v->type == KT_JSTR ? v->s : NULL;
}

static void cmd_attach(srv_conn *c, const srv_msg *m)
{
    const char *ref = m->ref;
    const char *token = get_str(m->req, "token");
    int seat = -1;
    int ok = token && strlen(token) < SRV_TOKEN_LEN;
    sgame *g = ok ? srv_find_token(c->S, token, &seat) : NULL;
    if (!g && ok) /* a game another server made since this one last looked */
        g = srv_cluster_find_token(c->S, token, &seat);
    if (!g) {
        srv_reply_error(c, ref, "unknown",
                        "no seat has this link (it may have been given up; ask for a new one)");
        return;
    }
    const kt_jv *name = kt_jv_get(m->req, "name");
    if (!srv_seat_name_ok(c, name, ref)) {
        srv_game_unref(c->S, g);
        return;
    }
    pthread_mutex_lock(&g->mu);
    int timed_out = g->row.seats[seat].bot; /* its player ran out of time: a bot plays it */
    pthread_mutex_unlock(&g->mu);
    if (timed_out)
        attach(c, g, KT_SPECTATOR, NULL, ref, NULL, 1);
    else
        attach(c, g, seat, token, ref, name ? name->s : NULL, 0);
}

static void cmd_spectate(srv_conn *c, const srv_msg *m)
{
    const char *id = get_str(m->req, "game");
    sgame *g = id ? srv_find_game(c->S, id) : NULL;
    if (!g) {
        srv_reply_error(c, m->ref, "unknown", "no game has this id");
        return;
    }
    attach(c, g, KT_SPECTATOR, NULL, m->ref, NULL, 0);
}

/* Give up the seat: it becomes free again under a new token, so the old
 * link stops working; every other connection on that seat is closed. */
static void cmd_leave(srv_conn *c, const srv_msg *m)
{
    const char *ref = m->ref;
    int seat = c->seat;
    if (seat >= 0) {
        sgame *g = srv_conn_lock_game(c, ref);
        if (!g)
            return;
        srv_seat_row r = g->row.seats[seat];
        r.claimed = 0;
        r.account = 0;
        r.name[0] = '\0';
        if (!srv_random_hex(r.token, 32) || !srv_store_set_seat(c->S->st, g->row.id, seat, &r)) {
            pthread_mutex_unlock(&g->mu);
            srv_reply_error(c, ref, "io", "could not give up the seat");
            return;
        }
        g->row.seats[seat] = r;
        sgame_revoke_seat(c->S, g, seat, c);
        pthread_mutex_unlock(&g->mu);
    }
    detach(c);
    kt_buf b;
    kt_jw w;
    srv_reply_begin(&w, &b, ref);
    kt_jw_obj_end(&w);
    srv_reply_send(c, &b);
}

/* ------------------------------------------------------------ game commands */

/* A session's reply, whole. */
static void send_reply(srv_conn *c, const char *ref, kt_sreply *r)
{
    if (r->json.p && !r->json.oom)
        srv_conn_queue(c, r->json.p, r->json.len);
    else
        srv_reply_error(c, ref, "nomem", "out of memory");
}

/* Forward to the session for this connection's seat (the message parsed
 * once, here); "apply" is stored before it is acknowledged. */
static void cmd_forward(srv_conn *c, const srv_msg *m)
{
    const char *ref = m->ref;
    sgame *g = srv_conn_lock_game(c, ref);
    if (!g)
        return;
    if (!g->S) {
        pthread_mutex_unlock(&g->mu);
        srv_reply_error(c, ref, "state", "this game is not available");
        return;
    }
    int apply = !strcmp(m->cmd, "apply"), before = g->nacts, changed = 0;
    if (apply && g->row.over != SRV_RUNNING) { /* ended by a clock, not by the rules */
        pthread_mutex_unlock(&g->mu);
        srv_reply_error(c, ref, "invalid", "the game is over (a player ran out of time)");
        return;
    }
    kt_sreply r;
    kt_sreply_init(&r);
    kt_status st = kt_session_call(g->S, c->seat, m->req, m->len, &r, NULL);
    const kt_record *rec = kt_session_record(g->S);
    int sent = 0;
    if (apply && st == KT_OK && rec && kt_record_length(rec) > before) {
        char err[KT_ERRLEN + 64];
        if (!sgame_record(c->S, g, c->seat, err, sizeof err)) {
            srv_reply_error(c, ref, "io", "%s", err);
            sent = 1;
        } else
            changed = 1;
    }
    if (!sent)
        send_reply(c, ref, &r);
    kt_sreply_free(&r);
    if (changed)
        sgame_changed(c->S, g);
    pthread_mutex_unlock(&g->mu);
}

static void cmd_view(srv_conn *c, const srv_msg *m)
{
    sgame *g = srv_conn_lock_game(c, m->ref);
    if (!g)
        return;
    const kt_jv *from = kt_jv_get(m->req, "log_from");
    if (from && from->type == KT_JNUM && from->isint && !from->neg && from->u < (uint64_t)g->nacts)
        c->log_next = (int)from->u;
    kt_buf b;
    kt_jw w;
    srv_reply_begin(&w, &b, m->ref);
    kt_jw_obj_end(&w);
    srv_reply_send(c, &b);
    sgame_push_one(c->S, g, c);
    pthread_mutex_unlock(&g->mu);
}

static int human_others(const sgame *g, int seat)
{
    uint32_t m = 0;
    for (int p = 0; p < g->row.players; p++)
        if (p != seat && !g->row.seats[p].bot && g->row.seats[p].claimed)
            m |= 1u << p;
    return (int)m;
}

static void finish_undo(srv_conn *c, sgame *g, int by, int target, const char *ref)
{
    kt_buf why;
    kt_buf_init(&why);
    /* the barrier of the seat that asks: the others agree with open eyes */
    if (!sgame_undo_to(c->S, g, target, 1u << by, c->lang, 0, &why)) {
        g->undo_by = -1;
        srv_reply_error(c, ref, "invalid", "%s", why.p ? why.p : "out of memory");
        kt_buf_free(&why);
        sgame_changed(c->S, g);
        return;
    }
    kt_buf b;
    kt_jw w;
    srv_reply_begin(&w, &b, ref);
    kt_jw_kstr(&w, "undo", "done");
    kt_jw_obj_end(&w);
    srv_reply_send(c, &b);
    sgame_changed(c->S, g);
}

/* Take back this seat's last action (and what followed).  Against bots only
 * it happens at once; otherwise every other human seat must agree. */
static void cmd_undo(srv_conn *c, const srv_msg *m)
{
    const char *ref = m->ref;
    int seat = c->seat;
    sgame *g = srv_conn_lock_game(c, ref);
    if (!g)
        return;
    int last = -1;
    for (int i = g->nacts - 1; i >= 0 && last < 0; i--)
        if (g->actor[i] == seat)
            last = i;
    if (seat < 0 || !g->S || sgame_is_over(g) || last < 0 || g->row.rated) {
        pthread_mutex_unlock(&g->mu);
        srv_reply_error(c, ref, "invalid", seat < 0 ? "only players can ask to take back a move"
                                           : last < 0 ? "you have no move to take back"
                                           : g->row.rated ? "moves cannot be taken back in a "
                                                            "rated game"
                                                      : "the game is over");
        return;
    }
    kt_buf why;
    kt_buf_init(&why);
    if (!sgame_undo_to(c->S, g, last, 1u << seat, c->lang, 1, &why)) {
        pthread_mutex_unlock(&g->mu); /* something hidden was shown since: say what */
        srv_reply_error(c, ref, "illegal", "%s", why.p ? why.p : "out of memory");
        kt_buf_free(&why);
        return;
    }
    uint32_t others = (uint32_t)human_others(g, seat);
    if (!others) {
        finish_undo(c, g, seat, last, ref);
    } else {
        g->undo_by = seat;
        g->undo_to = last;
        g->undo_yes = 1u << seat;
        kt_buf b;
        kt_jw w;
        srv_reply_begin(&w, &b, ref);
        kt_jw_kstr(&w, "undo", "asked");
        kt_jw_obj_end(&w);
        srv_reply_send(c, &b);
        g->version++;
        sgame_push_all(c->S, g);
    }
    pthread_mutex_unlock(&g->mu);
}

static void cmd_undo_answer(srv_conn *c, const srv_msg *m)
{
    const char *ref = m->ref;
    const kt_jv *acc = kt_jv_get(m->req, "accept");
    if (!acc || acc->type != KT_JBOOL) {
        srv_reply_error(c, ref, "invalid", "\"undo_answer\" needs \"accept\": true or false");
        return;
    }
    sgame *g = srv_conn_lock_game(c, ref);
    if (!g)
        return;
    if (g->undo_by < 0 || c->seat < 0 || c->seat == g->undo_by) {
        pthread_mutex_unlock(&g->mu);
        srv_reply_error(c, ref, "invalid", "no request to take back a move is waiting for you");
        return;
    }
    if (!acc->b) {
        g->undo_by = -1;
        kt_buf b;
        kt_jw w;
        srv_reply_begin(&w, &b, ref);
        kt_jw_kstr(&w, "undo", "refused");
        kt_jw_obj_end(&w);
        srv_reply_send(c, &b);
        sgame_changed(c->S, g);
    } else {
        g->undo_yes |= 1u << c->seat;
        uint32_t need = (uint32_t)human_others(g, g->undo_by) | (1u << g->undo_by);
        if ((g->undo_yes & need) == need)
            finish_undo(c, g, g->undo_by, g->undo_to, ref);
        else {
            kt_buf b;
            kt_jw w;
            srv_reply_begin(&w, &b, ref);
            kt_jw_kstr(&w, "undo", "agreed");
            kt_jw_obj_end(&w);
            srv_reply_send(c, &b);
            g->version++;
            sgame_push_all(c->S, g);
        }
    }
    pthread_mutex_unlock(&g->mu);
}

/* Ask the bots of this game to answer now (their best move so far). */
static void cmd_hurry(srv_conn *c, const srv_msg *m)
{
    sgame *g = srv_conn_lock_game(c, m->ref);
    if (!g)
        return;
    int n = 0;
    for (int p = 0; p < g->row.players; p++)
        if (g->seat[p].bot && g->seat[p].thinking) {
            kt_bot_progress pr;
            kt_bot_progress_get(g->seat[p].bot, &pr);
            if (pr.thinking) {
                kt_bot_cancel(g->seat[p].bot);
                n++;
            }
        }
    pthread_mutex_unlock(&g->mu);
    kt_buf b;
    kt_jw w;
    srv_reply_begin(&w, &b, m->ref);
    kt_jw_kint(&w, "hurried", n);
    kt_jw_obj_end(&w);
    srv_reply_send(c, &b);
}

static void cmd_lobby_session(srv_conn *c, const srv_msg *m)
{
    kt_sreply r;
    kt_sreply_init(&r);
    pthread_mutex_lock(&c->S->lobby_mu);
    kt_session_call(c->S->lobby, KT_SPECTATOR, m->req, m->len, &r, NULL);
    pthread_mutex_unlock(&c->S->lobby_mu);
    send_reply(c, m->ref, &r);
    kt_sreply_free(&r);
}

/* Help about the attached game's components, else the catalogue's. */
static void cmd_help(srv_conn *c, const srv_msg *m)
{
    if (c->game && !kt_jv_get(m->req, "game"))
        cmd_forward(c, m);
    else
        cmd_lobby_session(c, m);
}

static void cmd_ping(srv_conn *c, const srv_msg *m)
{
    kt_buf b;
    kt_jw w;
    srv_reply_begin(&w, &b, m->ref);
    kt_jw_kstr(&w, "kontor", KT_VERSION);
    kt_jw_kint(&w, "protocol", 2);
    kt_jw_obj_end(&w);
    srv_reply_send(c, &b);
}

/* The game's component listing (cities, routes, cards...) as text, for
 * views that annotate codes and draw maps. */
static void cmd_components(srv_conn *c, const srv_msg *m)
{
    const char *game = get_str(m->req, "game");
    char *text = game && kt_game_find(game) ? kt_game_components(game, c->lang, NULL) : NULL;
    if (!text) {
        srv_reply_error(c, m->ref, "unknown",
                        "\"components\" needs \"game\": a game of the catalogue");
        return;
    }
    kt_buf b;
    kt_jw w;
    srv_reply_begin(&w, &b, m->ref);
    kt_jw_kstr(&w, "text", text);
    kt_jw_obj_end(&w);
    kt_free(text);
    srv_reply_send(c, &b);
}

/* The seat this connection holds by its link becomes its account's. */
static void cmd_claim(srv_conn *c, const srv_msg *m)
{
    sgame *g = srv_conn_lock_game(c, m->ref);
    if (!g)
        return;
    char err[256];
    if (!srv_claim_seat(c, g, c->seat, err, sizeof err)) {
        pthread_mutex_unlock(&g->mu);
        srv_reply_error(c, m->ref, "invalid", "%s", err);
        return;
    }
    kt_buf b;
    kt_jw w;
    srv_reply_begin(&w, &b, m->ref);
    kt_jw_obj_end(&w);
    srv_reply_send(c, &b);
    g->version++;
    sgame_push_all(c->S, g);
    pthread_mutex_unlock(&g->mu);
}

static void cmd_whoami(srv_conn *c, const srv_msg *m) { srv_cmd_whoami(c, m->ref); }
static void cmd_mygames(srv_conn *c, const srv_msg *m) { srv_cmd_mygames(c, m->req, m->ref); }
static void cmd_profile(srv_conn *c, const srv_msg *m) { srv_cmd_profile(c, m->req, m->ref); }
static void cmd_leaderboard(srv_conn *c, const srv_msg *m)
{
    srv_cmd_leaderboard(c, m->req, m->ref);
}
static void cmd_chat(srv_conn *c, const srv_msg *m) { srv_cmd_chat(c, m->req, m->ref); }
static void cmd_mute(srv_conn *c, const srv_msg *m) { srv_cmd_mute(c, m->req, m->ref); }
static void cmd_chat_prefs(srv_conn *c, const srv_msg *m) { srv_cmd_chat_prefs(c, m->req, m->ref); }
static void cmd_catalog(srv_conn *c, const srv_msg *m) { srv_lobby_catalog(c, m->req, m->ref); }
static void cmd_list(srv_conn *c, const srv_msg *m) { srv_lobby_list(c, m->ref); }
static void cmd_create(srv_conn *c, const srv_msg *m) { srv_lobby_create(c, m->req, m->ref); }
static void cmd_join(srv_conn *c, const srv_msg *m) { srv_lobby_join(c, m->req, m->ref); }
static void cmd_replay(srv_conn *c, const srv_msg *m) { srv_replay(c, m->req, m->ref); }
/* analyses and hints: analysis.c */
static void cmd_analyze(srv_conn *c, const srv_msg *m) { srv_cmd_analyze(c, m->req, m->ref); }
static void cmd_analysis(srv_conn *c, const srv_msg *m) { srv_cmd_analysis(c, m->req, m->ref); }
static void cmd_analyze_cancel(srv_conn *c, const srv_msg *m)
{
    srv_cmd_analyze_cancel(c, m->req, m->ref);
}
static void cmd_hint(srv_conn *c, const srv_msg *m) { srv_cmd_hint(c, m->req, m->ref); }

static void cmd_rematch(srv_conn *c, const srv_msg *m)
{
    sgame *g = srv_conn_lock_game(c, m->ref); /* only to check the seat's token */
    if (!g)
        return;
    pthread_mutex_unlock(&g->mu);
    srv_lobby_rematch(c, m->ref);
}

/* ------------------------------------------------------------ dispatch */

enum {
    CMD_GAME = 1,     /* needs an attached game ("attach" or "spectate" first) */
    CMD_SEAT = 2,     /* ... and a seat (players only) */
    CMD_CREATES = 4,  /* takes a token from the address's game-creation bucket */
    CMD_REFUSED = 8,  /* a session command the server never allows */
};

typedef void srv_cmd_fn(srv_conn *c, const srv_msg *m);
typedef struct srv_cmd {
    const char *name;
    unsigned flags;
    srv_cmd_fn *run;
} srv_cmd;

static const srv_cmd commands[] = {
    {.name = "apply", .flags = CMD_GAME, .run = cmd_forward},
    {.name = "legal", .flags = CMD_GAME, .run = cmd_forward},
    {.name = "observe", .flags = CMD_GAME, .run = cmd_forward},
    {.name = "render", .flags = CMD_GAME, .run = cmd_forward},
    {.name = "log", .flags = CMD_GAME, .run = cmd_forward},
    {.name = "status", .flags = CMD_GAME, .run = cmd_forward},
    {.name = "record", .flags = CMD_GAME, .run = cmd_forward},
    {.name = "view", .flags = CMD_GAME, .run = cmd_view},
    {.name = "leave", .flags = CMD_GAME, .run = cmd_leave},
    {.name = "undo", .flags = CMD_GAME | CMD_SEAT, .run = cmd_undo},
    {.name = "undo_answer", .flags = CMD_GAME | CMD_SEAT, .run = cmd_undo_answer},
    {.name = "hurry", .flags = CMD_GAME, .run = cmd_hurry},
    {.name = "rematch", .flags = CMD_GAME | CMD_SEAT, .run = cmd_rematch}, /* counts itself */
    {.name = "help", .flags = 0, .run = cmd_help},
    {.name = "ping", .flags = 0, .run = cmd_ping},
    {.name = "hello", .flags = 0, .run = cmd_ping},
    {.name = "games", .flags = 0, .run = cmd_lobby_session},
    {.name = "version", .flags = 0, .run = cmd_lobby_session},
    {.name = "components", .flags = 0, .run = cmd_components},
    {.name = "catalog", .flags = 0, .run = cmd_catalog},
    {.name = "list", .flags = 0, .run = cmd_list},
    {.name = "create", .flags = CMD_CREATES, .run = cmd_create},
    {.name = "join", .flags = 0, .run = cmd_join},
    {.name = "attach", .flags = 0, .run = cmd_attach},
    {.name = "spectate", .flags = 0, .run = cmd_spectate},
    {.name = "replay", .flags = 0, .run = cmd_replay},
    {.name = "whoami", .flags = 0, .run = cmd_whoami},
    {.name = "mygames", .flags = 0, .run = cmd_mygames},
    {.name = "profile", .flags = 0, .run = cmd_profile},
    {.name = "leaderboard", .flags = 0, .run = cmd_leaderboard},
    {.name = "claim", .flags = CMD_GAME | CMD_SEAT, .run = cmd_claim},
    {.name = "chat", .flags = CMD_GAME, .run = cmd_chat},
    {.name = "mute", .flags = CMD_GAME | CMD_SEAT, .run = cmd_mute},
    {.name = "chat_prefs", .flags = CMD_GAME, .run = cmd_chat_prefs},
    {.name = "analyze", .flags = 0, .run = cmd_analyze},
    {.name = "analysis", .flags = 0, .run = cmd_analysis},
    {.name = "analyze_cancel", .flags = 0, .run = cmd_analyze_cancel},
    {.name = "hint", .flags = CMD_GAME | CMD_SEAT, .run = cmd_hint},
    {.name = "new", .flags = CMD_REFUSED, .run = NULL},
    {.name = "load", .flags = CMD_REFUSED, .run = NULL},
    {.name = "state", .flags = CMD_REFUSED, .run = NULL},
    {.name = "quit", .flags = CMD_REFUSED, .run = NULL},
    {.name = "bot", .flags = CMD_REFUSED, .run = NULL},
};

static const srv_cmd *find_command(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (!strcmp(commands[i].name, name))
            return &commands[i];
    return NULL;
}

static void dispatch(srv_conn *c, const srv_msg *m)
{
    const srv_cmd *d = find_command(m->cmd);
    if (!d) {
        srv_reply_error(c, m->ref, "unknown", "unknown command \"%s\"", m->cmd);
    } else if (d->flags & CMD_REFUSED) {
        srv_reply_error(c, m->ref, "invalid", "\"%s\" is not available on the server", m->cmd);
    } else if ((d->flags & CMD_GAME) && !c->game) {
        srv_reply_error(c, m->ref, "invalid",
                        "\"%s\" needs a game: open a seat's link (\"attach\") or \"spectate\"",
                        m->cmd);
    } else if ((d->flags & CMD_SEAT) && c->seat < 0) {
        srv_reply_error(c, m->ref, "invalid", "\"%s\" is for players, not spectators", m->cmd);
    } else if ((d->flags & CMD_CREATES) &&
               !srv_peers_take(&c->S->peers, c->key, SRV_PEER_CREATE, srv_now_ms())) {
        srv_reply_error(c, m->ref, "rate",
                        "too many new games from your address: at most %.0f in a row, then %.0f "
                        "a minute; try again in a minute",
                        c->S->cfg.create_burst, c->S->cfg.create_rate);
    } else {
        d->run(c, m);
    }
}

static int rate_ok(srv_conn *c)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double dt = (double)(now.tv_sec - c->last.tv_sec) + (double)(now.tv_nsec - c->last.tv_nsec) / 1e9;
    c->last = now;
    c->tokens += dt * c->S->cfg.rate;
    if (c->tokens > c->S->cfg.burst)
        c->tokens = c->S->cfg.burst;
    if (c->tokens < 1.0)
        return 0;
    c->tokens -= 1.0;
    return 1;
}

/* The "ref" of a parsed message as JSON text (malloc'd), or NULL. */
static char *ref_text(const kt_jv *root)
{
    const kt_jv *refv = root->type == KT_JOBJ ? kt_jv_get(root, "ref") : NULL;
    if (!refv)
        return NULL;
    kt_buf rb;
    kt_buf_init(&rb);
    kt_jw rw;
    kt_jw_init(&rw, &rb);
    kt_jw_value(&rw, refv);
    return kt_buf_take(&rb);
}

void srv_conn_message(srv_conn *c, const char *msg, size_t len)
{
    int within = rate_ok(c); /* every message counts, even a broken one */
    if (len > c->S->cfg.max_message) {
        srv_reply_error(c, NULL, "invalid", "message too long (%zu bytes; at most %zu)", len,
                        c->S->cfg.max_message);
        return;
    }
    if (!srv_utf8_ok(msg, len)) { /* nothing of it is read, not even its ref */
        srv_reply_error(c, NULL, "invalid", "the message is not valid UTF-8 text");
        return;
    }
    kt_jdoc d;
    kt_err e;
    if (kt_json_parse(msg, len, &d, &e) != KT_OK) {
        if (within)
            srv_reply_error(c, NULL, "parse", "%s", e.msg);
        else
            srv_reply_error(c, NULL, "rate", "too many messages: at most %.0f per second",
                            c->S->cfg.rate);
        return;
    }
    char *ref = ref_text(d.root);
    const kt_jv *cmd = d.root->type == KT_JOBJ ? kt_jv_get(d.root, "cmd") : NULL;
    if (!within) { /* with the ref, so that the client's request resolves */
        srv_reply_error(c, ref, "rate", "too many messages: at most %.0f per second",
                        c->S->cfg.rate);
    } else if (!cmd || cmd->type != KT_JSTR) {
        srv_reply_error(c, ref, "invalid", "a message is an object with \"cmd\"");
    } else {
        set_lang(c, get_lang(d.root, c->lang));
        srv_msg m = {.req = d.root, .cmd = cmd->s, .text = msg, .len = len, .ref = ref};
        dispatch(c, &m);
    }
    free(ref);
    kt_json_free(&d);
}

void srv_conn_close(srv_conn *c)
{
    srv *S = c->S;
    pthread_mutex_lock(&S->cmu);
    if (c->prev)
        c->prev->next = c->next;
    else
        S->conns = c->next;
    if (c->next)
        c->next->prev = c->prev;
    pthread_mutex_unlock(&S->cmu);
    pthread_mutex_lock(&c->mu);
    c->closed = 1;
    pthread_mutex_unlock(&c->mu);
    detach(c);
    srv_replay_clear(c);
    pthread_mutex_destroy(&c->mu);
    free(c);
}
