/*
 * conn.c - one client connection: its outgoing queue, rate limit, and the
 * dispatch of its messages.
 *
 * Outgoing messages are queued (under the connection's mu, often while the
 * game's lock is held, which fixes their order) and written by whichever
 * thread calls srv_conn_flush first; the others return at once.  A client
 * that stops reading gets its oldest pushes dropped beyond SRV_QUEUE_MAX
 * (views are snapshots; a client that sees a gap in the log asks for it).
 *
 * Messages: {"cmd": ..., "ref": any} objects (docs/server.md).  Server
 * commands (lobby, attach, undo agreement, replay) are handled here and in
 * lobby.c/replay.c; game commands are forwarded to the game's session for
 * the connection's seat, so the session decides what the client may see.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/srv_int.h"

#define SRV_QUEUE_MAX 256

/* ------------------------------------------------------------ queue */

srv_conn *srv_conn_open(srv *S, srv_send_fn send, void *io)
{
    srv_conn *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->S = S;
    c->send = send;
    c->io = io;
    c->seat = SRV_NO_SEAT;
    c->refs = 1;
    c->tokens = S->cfg.burst;
    clock_gettime(CLOCK_MONOTONIC, &c->last);
    pthread_mutex_init(&c->mu, NULL);
    pthread_cond_init(&c->cv, NULL);
    return c;
}

void srv_conn_ref(srv_conn *c)
{
    pthread_mutex_lock(&c->mu);
    c->refs++;
    pthread_mutex_unlock(&c->mu);
}

void srv_conn_unref(srv_conn *c)
{
    pthread_mutex_lock(&c->mu);
    int last = --c->refs == 0;
    pthread_mutex_unlock(&c->mu);
    if (!last)
        return;
    pthread_mutex_destroy(&c->mu);
    pthread_cond_destroy(&c->cv);
    free(c);
}

static void drop_oldest_push(srv_conn *c)
{
    for (smsg **pp = &c->qhead; *pp; pp = &(*pp)->next)
        if ((*pp)->push) {
            smsg *m = *pp;
            *pp = m->next;
            if (c->qtail == m) {
                c->qtail = NULL;
                for (smsg *t = c->qhead; t; t = t->next)
                    c->qtail = t;
            }
            free(m);
            c->qlen--;
            return;
        }
}

void srv_conn_queue(srv_conn *c, const char *text, size_t len, int push)
{
    smsg *m = malloc(sizeof *m + len + 1);
    if (!m)
        return;
    m->next = NULL;
    m->push = push;
    m->len = len;
    memcpy(m->text, text, len);
    m->text[len] = '\0';
    pthread_mutex_lock(&c->mu);
    if (c->closed) {
        pthread_mutex_unlock(&c->mu);
        free(m);
        return;
    }
    if (c->qlen >= SRV_QUEUE_MAX)
        drop_oldest_push(c);
    if (c->qtail)
        c->qtail->next = m;
    else
        c->qhead = m;
    c->qtail = m;
    c->qlen++;
    pthread_mutex_unlock(&c->mu);
}

void srv_conn_queue_take(srv_conn *c, char *text, int push)
{
    srv_conn_queue(c, text, strlen(text), push);
    free(text);
}

void srv_conn_flush(srv_conn *c)
{
    pthread_mutex_lock(&c->mu);
    if (c->flushing || c->closed) {
        pthread_mutex_unlock(&c->mu);
        return;
    }
    c->flushing = 1;
    while (c->qhead && !c->closed) {
        smsg *m = c->qhead;
        c->qhead = m->next;
        if (!c->qhead)
            c->qtail = NULL;
        c->qlen--;
        pthread_mutex_unlock(&c->mu);
        c->send(c->io, m->text, m->len);
        free(m);
        pthread_mutex_lock(&c->mu);
    }
    c->flushing = 0;
    pthread_cond_broadcast(&c->cv);
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
        srv_conn_queue_take(c, t, 0);
    else
        srv_reply_error(c, NULL, "nomem", "out of memory");
}

void srv_reply_error(srv_conn *c, const char *ref, const char *kind, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    kt_buf b;
    kt_buf_init(&b);
    kt_jw w;
    kt_jw_init(&w, &b);
    kt_jw_obj(&w);
    kt_jw_kbool(&w, "ok", 0);
    if (ref) {
        kt_jw_key(&w, "ref");
        kt_jw_raw(&w, ref);
    }
    kt_jw_kstr(&w, "error", kind);
    kt_jw_kstr(&w, "message", msg);
    kt_jw_obj_end(&w);
    char *t = kt_buf_take(&b);
    if (t)
        srv_conn_queue_take(c, t, 0);
    else /* a fixed reply when even that fails */
        srv_conn_queue(c, "{\"ok\":false,\"error\":\"nomem\"}", 29, 0);
}

/* ------------------------------------------------------------ attachment */

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
    sgame_flush(g);
    srv_game_unref(c->S, g);
}

/* Attach to game g (with a reference the connection keeps) as `seat`. */
static void attach(srv_conn *c, sgame *g, int seat, const char *ref, const char *name)
{
    srv *S = c->S;
    char err[KT_ERRLEN + 64];
    detach(c);
    pthread_mutex_lock(&g->mu);
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
            srv_reply_error(c, ref, "io", "%s", srv_store_error(S->st));
            srv_game_unref(S, g);
            return;
        }
        g->row.seats[seat] = r;
    }
    c->game = g;
    c->seat = seat;
    c->log_next = 0;
    sgame_subscribe(g, c);
    kt_buf b;
    kt_jw w;
    srv_reply_begin(&w, &b, ref);
    kt_jw_kstr(&w, "game", g->row.id);
    kt_jw_kstr(&w, "name", g->row.game);
    kt_jw_kstr(&w, "title", kt_game_title(g->row.game, c->lang));
    kt_jw_kint(&w, "seat", seat);
    kt_jw_kint(&w, "players", g->row.players);
    if (g->row.rematch[0])
        kt_jw_kstr(&w, "rematch", g->row.rematch);
    kt_jw_obj_end(&w);
    srv_reply_send(c, &b);
    g->version++;
    sgame_push_all(S, g);
    pthread_mutex_unlock(&g->mu);
    sgame_flush(g);
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

static void cmd_attach(srv_conn *c, const kt_jv *req, const char *ref)
{
    const char *token = get_str(req, "token");
    int seat = -1;
    sgame *g = token && strlen(token) < SRV_TOKEN_LEN ? srv_find_token(c->S, token, &seat) : NULL;
    if (!g) {
        srv_reply_error(c, ref, "unknown",
                        "no seat has this link (it may have been given up; ask for a new one)");
        return;
    }
    const char *name = get_str(req, "name");
    if (name && strlen(name) >= SRV_NAME_LEN) {
        srv_game_unref(c->S, g);
        srv_reply_error(c, ref, "invalid", "\"name\" is longer than %d bytes", SRV_NAME_LEN - 1);
        return;
    }
    attach(c, g, seat, ref, name);
}

static void cmd_spectate(srv_conn *c, const kt_jv *req, const char *ref)
{
    const char *id = get_str(req, "game");
    sgame *g = id ? srv_find_game(c->S, id) : NULL;
    if (!g) {
        srv_reply_error(c, ref, "unknown", "no game has this id");
        return;
    }
    attach(c, g, KT_SPECTATOR, ref, NULL);
}

/* Give up the seat: it becomes free again under a new token, so the old
 * link stops working; every connection on that seat is let go. */
static void cmd_leave(srv_conn *c, const char *ref)
{
    sgame *g = c->game;
    if (!g) {
        srv_reply_error(c, ref, "invalid", "not at a game");
        return;
    }
    int seat = c->seat;
    if (seat >= 0) {
        pthread_mutex_lock(&g->mu);
        srv_seat_row r = g->row.seats[seat];
        r.claimed = 0;
        r.name[0] = '\0';
        if (!srv_random_hex(r.token, 32) || !srv_store_set_seat(c->S->st, g->row.id, seat, &r)) {
            pthread_mutex_unlock(&g->mu);
            srv_reply_error(c, ref, "io", "could not give up the seat");
            return;
        }
        g->row.seats[seat] = r;
        for (int i = 0; i < g->nsubs; i++) /* others on this seat: told to go */
            if (g->subs[i] != c && g->subs[i]->seat == seat)
                srv_conn_queue(g->subs[i], "{\"push\":\"left\"}", 15, 0);
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

/* Forward to the session for this connection's seat; "apply" is stored
 * before it is acknowledged. */
static void forward(srv_conn *c, const char *cmd, const char *msg, size_t len, const char *ref)
{
    sgame *g = c->game;
    pthread_mutex_lock(&g->mu);
    if (!g->S) {
        pthread_mutex_unlock(&g->mu);
        srv_reply_error(c, ref, "state", "this game is not available");
        return;
    }
    int apply = !strcmp(cmd, "apply"), before = g->nacts, changed = 0;
    char *r = kt_session_request(g->S, c->seat, msg, len, NULL);
    const kt_record *rec = kt_session_record(g->S);
    if (apply && srv_reply_ok(r) && rec && kt_record_length(rec) > before) {
        char err[KT_ERRLEN + 64];
        if (!sgame_record(c->S, g, c->seat, err, sizeof err)) {
            kt_free(r);
            r = NULL;
            srv_reply_error(c, ref, "io", "%s", err);
        } else
            changed = 1;
    }
    if (r)
        srv_conn_queue(c, r, strlen(r), 0);
    kt_free(r);
    if (changed)
        sgame_changed(c->S, g);
    pthread_mutex_unlock(&g->mu);
    sgame_flush(g);
}

static void cmd_view(srv_conn *c, const kt_jv *req, const char *ref)
{
    sgame *g = c->game;
    const kt_jv *from = kt_jv_get(req, "log_from");
    pthread_mutex_lock(&g->mu);
    if (from && from->type == KT_JNUM && from->isint && !from->neg && from->u < (uint64_t)g->nacts)
        c->log_next = (int)from->u;
    kt_buf b;
    kt_jw w;
    srv_reply_begin(&w, &b, ref);
    kt_jw_obj_end(&w);
    srv_reply_send(c, &b);
    sgame_push_one(c->S, g, c);
    pthread_mutex_unlock(&g->mu);
    srv_conn_flush(c);
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
    char err[KT_ERRLEN + 400];
    /* the barrier of the seat that asks: the others agree with open eyes */
    if (!sgame_undo_to(c->S, g, target, 1u << by, c->lang, 0, err, sizeof err)) {
        g->undo_by = -1;
        srv_reply_error(c, ref, "invalid", "%s", err);
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
static void cmd_undo(srv_conn *c, const char *ref)
{
    sgame *g = c->game;
    int seat = c->seat;
    pthread_mutex_lock(&g->mu);
    int last = -1;
    for (int i = g->nacts - 1; i >= 0 && last < 0; i--)
        if (g->actor[i] == seat)
            last = i;
    if (seat < 0 || !g->S || sgame_is_over(g) || last < 0) {
        pthread_mutex_unlock(&g->mu);
        srv_reply_error(c, ref, "invalid", seat < 0 ? "only players can ask to take back a move"
                                           : last < 0 ? "you have no move to take back"
                                                      : "the game is over");
        return;
    }
    char err[KT_ERRLEN + 400];
    if (!sgame_undo_to(c->S, g, last, 1u << seat, c->lang, 1, err, sizeof err)) {
        pthread_mutex_unlock(&g->mu); /* something hidden was shown since: say what */
        srv_reply_error(c, ref, "illegal", "%s", err);
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
    sgame_flush(g);
}

static void cmd_undo_answer(srv_conn *c, const kt_jv *req, const char *ref)
{
    sgame *g = c->game;
    const kt_jv *acc = kt_jv_get(req, "accept");
    if (!acc || acc->type != KT_JBOOL) {
        srv_reply_error(c, ref, "invalid", "\"undo_answer\" needs \"accept\": true or false");
        return;
    }
    pthread_mutex_lock(&g->mu);
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
    sgame_flush(g);
}

/* Ask the bots of this game to answer now (their best move so far). */
static void cmd_hurry(srv_conn *c, const char *ref)
{
    sgame *g = c->game;
    pthread_mutex_lock(&g->mu);
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
    srv_reply_begin(&w, &b, ref);
    kt_jw_kint(&w, "hurried", n);
    kt_jw_obj_end(&w);
    srv_reply_send(c, &b);
}

static void lobby_forward(srv_conn *c, const char *msg, size_t len)
{
    pthread_mutex_lock(&c->S->lobby_mu);
    char *r = kt_session_request(c->S->lobby, KT_SPECTATOR, msg, len, NULL);
    pthread_mutex_unlock(&c->S->lobby_mu);
    srv_conn_queue(c, r, strlen(r), 0);
    kt_free(r);
}

/* The game's component listing (cities, routes, cards...) as text, for
 * views that annotate codes and draw maps. */
static void cmd_components(srv_conn *c, const kt_jv *req, const char *ref)
{
    const char *game = get_str(req, "game");
    char *text = game && kt_game_find(game) ? kt_game_components(game, c->lang) : NULL;
    if (!text) {
        srv_reply_error(c, ref, "unknown", "\"components\" needs \"game\": a game of the catalogue");
        return;
    }
    kt_buf b;
    kt_jw w;
    srv_reply_begin(&w, &b, ref);
    kt_jw_kstr(&w, "text", text);
    kt_jw_obj_end(&w);
    kt_free(text);
    srv_reply_send(c, &b);
}

/* ------------------------------------------------------------ dispatch */

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

static const char *const forwarded[] = {"apply", "legal", "observe", "render",
                                        "log",   "status", "record"};
static const char *const refused[] = {"new", "load", "state", "quit", "bot"};

static void dispatch(srv_conn *c, const kt_jv *req, const char *cmd, const char *msg,
                     size_t len, const char *ref)
{
    static const char *const need_game[] = {"leave", "view", "undo", "undo_answer", "hurry",
                                            "rematch"};
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++)
        if (!strcmp(cmd, refused[i])) {
            srv_reply_error(c, ref, "invalid", "\"%s\" is not available on the server", cmd);
            return;
        }
    int is_fwd = 0, is_game = 0;
    for (size_t i = 0; i < sizeof forwarded / sizeof *forwarded; i++)
        is_fwd |= !strcmp(cmd, forwarded[i]);
    for (size_t i = 0; i < sizeof need_game / sizeof *need_game; i++)
        is_game |= !strcmp(cmd, need_game[i]);
    if ((is_fwd || is_game) && !c->game) {
        srv_reply_error(c, ref, "invalid",
                        "\"%s\" needs a game: open a seat's link (\"attach\") or \"spectate\"",
                        cmd);
        return;
    }
    if (is_fwd) {
        forward(c, cmd, msg, len, ref);
    } else if (!strcmp(cmd, "help")) {
        if (c->game && !kt_jv_get(req, "game"))
            forward(c, cmd, msg, len, ref);
        else
            lobby_forward(c, msg, len);
    } else if (!strcmp(cmd, "ping") || !strcmp(cmd, "hello")) {
        kt_buf b;
        kt_jw w;
        srv_reply_begin(&w, &b, ref);
        kt_jw_kstr(&w, "kontor", KT_VERSION);
        kt_jw_kint(&w, "protocol", 2);
        kt_jw_obj_end(&w);
        srv_reply_send(c, &b);
    } else if (!strcmp(cmd, "games") || !strcmp(cmd, "version")) {
        lobby_forward(c, msg, len);
    } else if (!strcmp(cmd, "components")) {
        cmd_components(c, req, ref);
    } else if (!strcmp(cmd, "catalog")) {
        srv_lobby_catalog(c, req, ref);
    } else if (!strcmp(cmd, "list")) {
        srv_lobby_list(c, ref);
    } else if (!strcmp(cmd, "create")) {
        srv_lobby_create(c, req, ref);
    } else if (!strcmp(cmd, "join")) {
        srv_lobby_join(c, req, ref);
    } else if (!strcmp(cmd, "attach")) {
        cmd_attach(c, req, ref);
    } else if (!strcmp(cmd, "spectate")) {
        cmd_spectate(c, req, ref);
    } else if (!strcmp(cmd, "leave")) {
        cmd_leave(c, ref);
    } else if (!strcmp(cmd, "view")) {
        cmd_view(c, req, ref);
    } else if (!strcmp(cmd, "undo")) {
        cmd_undo(c, ref);
    } else if (!strcmp(cmd, "undo_answer")) {
        cmd_undo_answer(c, req, ref);
    } else if (!strcmp(cmd, "hurry")) {
        cmd_hurry(c, ref);
    } else if (!strcmp(cmd, "rematch")) {
        srv_lobby_rematch(c, ref);
    } else if (!strcmp(cmd, "replay")) {
        srv_replay(c, req, ref);
    } else {
        srv_reply_error(c, ref, "unknown", "unknown command \"%s\"", cmd);
    }
}

void srv_conn_message(srv_conn *c, const char *msg, size_t len)
{
    if (len > c->S->cfg.max_message) {
        srv_reply_error(c, NULL, "invalid", "message too long (%zu bytes; at most %zu)", len,
                        c->S->cfg.max_message);
    } else if (!rate_ok(c)) {
        srv_reply_error(c, NULL, "rate", "too many messages: at most %.0f per second",
                        c->S->cfg.rate);
    } else {
        kt_jdoc d;
        kt_err e;
        if (kt_json_parse(msg, len, &d, &e) != KT_OK) {
            srv_reply_error(c, NULL, "parse", "%s", e.msg);
        } else {
            const kt_jv *cmd = d.root->type == KT_JOBJ ? kt_jv_get(d.root, "cmd") : NULL;
            const kt_jv *refv = d.root->type == KT_JOBJ ? kt_jv_get(d.root, "ref") : NULL;
            char *ref = NULL;
            if (refv) {
                kt_buf rb;
                kt_buf_init(&rb);
                kt_jw rw;
                kt_jw_init(&rw, &rb);
                kt_jw_value(&rw, refv);
                ref = kt_buf_take(&rb);
            }
            set_lang(c, get_lang(d.root, c->lang));
            if (!cmd || cmd->type != KT_JSTR)
                srv_reply_error(c, ref, "invalid", "a message is an object with \"cmd\"");
            else
                dispatch(c, d.root, cmd->s, msg, len, ref);
            free(ref);
            kt_json_free(&d);
        }
    }
    srv_conn_flush(c);
}

void srv_conn_close(srv_conn *c)
{
    pthread_mutex_lock(&c->mu);
    c->closed = 1;
    while (c->flushing)
        pthread_cond_wait(&c->cv, &c->mu);
    while (c->qhead) {
        smsg *m = c->qhead;
        c->qhead = m->next;
        free(m);
    }
    c->qtail = NULL;
    c->qlen = 0;
    pthread_mutex_unlock(&c->mu);
    detach(c);
    srv_replay_clear(c);
    srv_conn_unref(c);
}
