/*
 * chat.c - each table's chat, stored with the game.
 *
 * Two channels, as on Board Game Arena: the table's (written by the
 * players, read by everyone at the table, spectators included) and the
 * spectators' (written by spectators; players do not see it while the game
 * runs unless they choose to, so that onlookers cannot coach them; after
 * the end everybody sees both).  A player may mute another seat, or every
 * spectator, for this game; muted writers' messages are not sent to them.
 *
 * Text only: UTF-8 without control characters, 1..CHAT_MAX bytes after
 * trimming; the server never interprets it, and the web client inserts it
 * as text, never as HTML (web/chat.js).  Rate limits: per connection a
 * bucket of CHAT_BURST messages refilled at CHAT_PER_S, per client address
 * the peers' chat bucket (srv_peers).
 *
 * Data layout: sgame_chat (per game, loaded from storage when the first
 * client attaches): the newest CHAT_KEEP messages in a ring, the next
 * index, and the mutes as a bit mask per seat (bit t: seat t muted; bit
 * SRV_SEATS: every spectator).  Guarded by the game's lock.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/srv_int.h"

#define CHAT_KEEP 200
#define CHAT_MAX 500
#define CHAT_BURST 5.0
#define CHAT_PER_S 1.0
#define MUTE_SPECTATORS SRV_SEATS

struct sgame_chat {
    srv_chat_row *ring; /* CHAT_KEEP entries */
    int count, next_n;  /* messages kept; index of the next message */
    uint32_t mutes[SRV_SEATS];
};

static struct sgame_chat *chat_of(srv *S, sgame *g);

void srv_chat_free(sgame *g)
{
    if (!g->chat)
        return;
    free(g->chat->ring);
    free(g->chat);
    g->chat = NULL;
}

static int load_msg(void *ctx, const srv_chat_row *m)
{
    struct sgame_chat *ch = ctx;
    ch->ring[ch->count % CHAT_KEEP] = *m;
    ch->count++;
    if (m->n >= ch->next_n)
        ch->next_n = m->n + 1;
    return 1;
}

static int load_mute(void *ctx, int seat, int target)
{
    struct sgame_chat *ch = ctx;
    if (seat >= 0 && seat < SRV_SEATS && target >= -1 && target < SRV_SEATS)
        ch->mutes[seat] |= 1u << (target < 0 ? MUTE_SPECTATORS : target);
    return 1;
}

static struct sgame_chat *chat_of(srv *S, sgame *g)
{
    if (g->chat)
        return g->chat;
    struct sgame_chat *ch = calloc(1, sizeof *ch);
    if (!ch || !(ch->ring = calloc(CHAT_KEEP, sizeof *ch->ring))) {
        free(ch);
        return NULL;
    }
    if (!srv_store_chat_load(S->st, g->row.id, CHAT_KEEP, load_msg, ch) ||
        !srv_store_mutes(S->st, g->row.id, load_mute, ch)) {
        srv_log(S, "game %s: chat not loaded: %s", g->row.id, SRV_STORE_ERROR(S->st));
        free(ch->ring);
        free(ch);
        return NULL;
    }
    g->chat = ch;
    return ch;
}

/* May connection c read message m (g->mu held)? */
static int visible(const sgame *g, const struct sgame_chat *ch, const srv_conn *c,
                   const srv_chat_row *m)
{
    if (c->seat >= 0) {
        if (m->channel == SRV_CHAT_SPECTATORS && !c->chat_spectators && !sgame_is_over(g))
            return 0;
        int t = m->seat >= 0 ? m->seat : MUTE_SPECTATORS;
        if (m->seat != c->seat && ((ch->mutes[c->seat] >> t) & 1u))
            return 0;
    }
    return 1;
}

static void write_msg(kt_jw *w, const srv_chat_row *m)
{
    kt_jw_obj(w);
    kt_jw_kint(w, "n", m->n);
    kt_jw_kstr(w, "channel", m->channel == SRV_CHAT_SPECTATORS ? "spectators" : "table");
    kt_jw_kint(w, "seat", m->seat);
    kt_jw_kstr(w, "name", m->name);
    if (m->account)
        kt_jw_kbool(w, "account", 1);
    kt_jw_kstr(w, "text", m->text);
    kt_jw_kint(w, "at", m->at);
    kt_jw_obj_end(w);
}

/* The opening of a chat push, {"push":"chat" (the caller adds the rest). */
static void push_begin(kt_jw *w, kt_buf *b)
{
    kt_buf_init(b);
    kt_jw_init(w, b);
    kt_jw_obj(w);
    kt_jw_kstr(w, "push", "chat");
}

/* The whole history this connection may read, and its mutes. */
static void send_history(sgame *g, struct sgame_chat *ch, srv_conn *c)
{
    kt_buf b;
    kt_jw w;
    push_begin(&w, &b);
    kt_jw_kbool(&w, "history", 1);
    kt_jw_kbool(&w, "spectators", c->seat < 0 || c->chat_spectators || sgame_is_over(g));
    kt_jw_key(&w, "muted");
    kt_jw_arr(&w);
    for (int t = 0; c->seat >= 0 && t <= MUTE_SPECTATORS; t++)
        if ((ch->mutes[c->seat] >> t) & 1u)
            kt_jw_int(&w, t == MUTE_SPECTATORS ? -1 : t);
    kt_jw_arr_end(&w);
    kt_jw_key(&w, "messages");
    kt_jw_arr(&w);
    int first = ch->count > CHAT_KEEP ? ch->count - CHAT_KEEP : 0;
    for (int i = first; i < ch->count; i++) {
        const srv_chat_row *m = &ch->ring[i % CHAT_KEEP];
        if (visible(g, ch, c, m))
            write_msg(&w, m);
    }
    kt_jw_arr_end(&w);
    kt_jw_obj_end(&w);
    char *t = kt_buf_take(&b);
    if (t)
        srv_conn_queue_take(c, t);
}

void srv_chat_on_attach(srv *S, sgame *g, srv_conn *c)
{
    struct sgame_chat *ch = chat_of(S, g);
    if (ch)
        send_history(g, ch, c);
}

/* Text as a chat accepts it: trimmed, 1..CHAT_MAX bytes, no control
 * characters (the message as a whole is UTF-8 already). */
static int chat_text(const char *s, size_t n, char *out, size_t cap, const char **why)
{
    while (n && (*s == ' ' || *s == '\t'))
        s++, n--;
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        n--;
    if (!n) {
        *why = "the message is empty";
        return 0;
    }
    if (!srv_name_ok(s, n, CHAT_MAX + 1, why)) /* UTF-8, no control characters, length */
        return 0;
    if (n >= cap)
        return 0;
    memcpy(out, s, n);
    out[n] = '\0';
    return 1;
}

static int chat_rate_ok(srv_conn *c)
{
    long long now = srv_now_ms();
    if (c->chat_at)
        c->chat_tokens += (double)(now - c->chat_at) / 1000.0 * CHAT_PER_S;
    if (c->chat_tokens > CHAT_BURST)
        c->chat_tokens = CHAT_BURST;
    c->chat_at = now;
    if (c->chat_tokens < 1.0)
        return 0;
    c->chat_tokens -= 1.0;
    return 1;
}

void srv_cmd_chat(srv_conn *c, const kt_jv *req, const char *ref)
{
    srv *S = c->S;
    const kt_jv *text = kt_jv_get(req, "text");
    srv_chat_row m;
    memset(&m, 0, sizeof m);
    const char *why = "must be a text";
    if (!text || text->type != KT_JSTR || !chat_text(text->s, text->slen, m.text, sizeof m.text,
                                                     &why)) {
        srv_reply_error(c, ref, "invalid", "\"text\" %s (1 to %d bytes of text, one line)",
                        why && strcmp(why, "is too long") ? why : "is too long", CHAT_MAX);
        return;
    }
    if (!chat_rate_ok(c) || !srv_peers_take(&S->peers, c->key, SRV_PEER_CHAT, srv_now_ms())) {
        srv_reply_error(c, ref, "rate", "you write too fast: wait a moment");
        return;
    }
    char account_name[SRV_NAME_LEN];
    m.account = srv_conn_account(c, account_name, sizeof account_name);
    sgame *g = srv_conn_lock_game(c, ref);
    if (!g)
        return;
    struct sgame_chat *ch = chat_of(S, g);
    if (!ch || g->gone) {
        pthread_mutex_unlock(&g->mu);
        srv_reply_error(c, ref, "io", "the chat of this game is not available");
        return;
    }
    m.n = ch->next_n;
    m.seat = c->seat >= 0 ? c->seat : -1;
    m.channel = c->seat >= 0 ? SRV_CHAT_TABLE : SRV_CHAT_SPECTATORS;
    m.at = srv_unix_ms();
    if (c->seat >= 0 && g->row.seats[c->seat].name[0])
        snprintf(m.name, sizeof m.name, "%s", g->row.seats[c->seat].name);
    else
        snprintf(m.name, sizeof m.name, "%s", account_name);
    if (!srv_store_chat_add(S->st, g->row.id, &m)) {
        pthread_mutex_unlock(&g->mu);
        srv_reply_error(c, ref, "io", "%s", SRV_STORE_ERROR(S->st));
        return;
    }
    ch->ring[ch->count % CHAT_KEEP] = m;
    ch->count++;
    ch->next_n++;
    kt_buf b;
    kt_jw w;
    push_begin(&w, &b);
    kt_jw_key(&w, "messages");
    kt_jw_arr(&w);
    write_msg(&w, &m);
    kt_jw_arr_end(&w);
    kt_jw_obj_end(&w);
    char *push = kt_buf_take(&b);
    for (int i = 0; push && i < g->nsubs; i++)
        if (visible(g, ch, g->subs[i], &m))
            srv_conn_queue(g->subs[i], push, strlen(push));
    free(push);
    pthread_mutex_unlock(&g->mu);
    kt_buf rb;
    kt_jw rw;
    srv_reply_begin(&rw, &rb, ref);
    kt_jw_kint(&rw, "n", m.n);
    kt_jw_obj_end(&rw);
    srv_reply_send(c, &rb);
}

/* {"seat": N | -1 (every spectator), "on": true|false} */
void srv_cmd_mute(srv_conn *c, const kt_jv *req, const char *ref)
{
    srv *S = c->S;
    const kt_jv *seat = kt_jv_get(req, "seat"), *on = kt_jv_get(req, "on");
    sgame *g = srv_conn_lock_game(c, ref);
    if (!g)
        return;
    int players = g->row.players;
    long long t = -2;
    if (seat && seat->type == KT_JNUM && seat->isint)
        t = seat->neg ? -(long long)seat->u : (long long)seat->u;
    if (t < -1 || t >= players || t == c->seat || !on || on->type != KT_JBOOL) {
        pthread_mutex_unlock(&g->mu);
        srv_reply_error(c, ref, "invalid", "\"mute\" needs \"seat\" (another seat, or -1 for "
                                           "the spectators) and \"on\": true or false");
        return;
    }
    struct sgame_chat *ch = chat_of(S, g);
    if (!ch || !srv_store_mute(S->st, g->row.id, c->seat, (int)t, on->b)) {
        pthread_mutex_unlock(&g->mu);
        srv_reply_error(c, ref, "io", "the mute could not be stored");
        return;
    }
    uint32_t bit = 1u << (t < 0 ? MUTE_SPECTATORS : (int)t);
    ch->mutes[c->seat] = on->b ? ch->mutes[c->seat] | bit : ch->mutes[c->seat] & ~bit;
    kt_buf b;
    kt_jw w;
    srv_reply_begin(&w, &b, ref);
    kt_jw_obj_end(&w);
    srv_reply_send(c, &b);
    send_history(g, ch, c); /* what it reads now */
    pthread_mutex_unlock(&g->mu);
}

/* {"spectators": true|false}: a player reads the spectators' chat or not. */
void srv_cmd_chat_prefs(srv_conn *c, const kt_jv *req, const char *ref)
{
    const kt_jv *sp = kt_jv_get(req, "spectators");
    if (!sp || sp->type != KT_JBOOL) {
        srv_reply_error(c, ref, "invalid", "\"chat_prefs\" needs \"spectators\": true or false");
        return;
    }
    sgame *g = srv_conn_lock_game(c, ref);
    if (!g)
        return;
    c->chat_spectators = sp->b; /* read by pushes under the game's lock */
    kt_buf b;
    kt_jw w;
    srv_reply_begin(&w, &b, ref);
    kt_jw_obj_end(&w);
    srv_reply_send(c, &b);
    struct sgame_chat *ch = chat_of(c->S, g);
    if (ch)
        send_history(g, ch, c);
    pthread_mutex_unlock(&g->mu);
}
