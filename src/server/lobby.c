/*
 * lobby.c - the lobby: the game catalogue in the client's language, the
 * list of games, creating a game, taking a free seat, rematch.
 *
 * A new game gets a public id (12 hex digits: for spectating and listing)
 * and one secret token per human seat (32 hex digits from the kernel's
 * random generator): whoever holds a seat's token plays that seat.  The
 * seed is drawn by the server (63 random bits) and never shown to clients:
 * a known seed would reveal every shuffle.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "server/srv_int.h"

#define LOBBY_LIST_MAX 200
#define LOBBY_FINISHED_SHOWN 30

/* ------------------------------------------------------------ catalogue */

/* Options of type path are left out: the server refuses them. */
static void write_option(kt_jw *w, const char *game, int i, const kt_optinfo *o, int lang)
{
    if (o->type == KT_OPT_PATH)
        return;
    kt_jw_obj(w);
    kt_jw_kstr(w, "name", o->name);
    kt_jw_kstr(w, "type", kt_opttype_name(o->type));
    kt_jw_kstr(w, "default", o->def ? o->def : "");
    if (o->type == KT_OPT_INT) {
        kt_jw_kint(w, "min", o->min);
        kt_jw_kint(w, "max", o->max);
    }
    if (o->type == KT_OPT_ENUM && o->choices)
        kt_jw_kstr(w, "choices", o->choices);
    const char *h = kt_option_help(game, i, lang);
    kt_jw_kstr(w, "help", h ? h : (o->help ? o->help : ""));
    kt_jw_obj_end(w);
}

static void write_game_info(kt_jw *w, const kt_gameinfo *gi, int lang)
{
    kt_jw_obj(w);
    kt_jw_kstr(w, "name", gi->name);
    kt_jw_kstr(w, "title", kt_game_title(gi->name, lang));
    kt_jw_kstr(w, "summary", kt_game_summary(gi->name, lang));
    kt_jw_kint(w, "min_players", gi->min_players);
    kt_jw_kint(w, "max_players", gi->max_players);
    kt_jw_kint(w, "default_players", gi->default_players);
    if (kt_game_notice(gi->name))
        kt_jw_kstr(w, "notice", kt_game_notice(gi->name));
    kt_jw_key(w, "options");
    kt_jw_arr(w);
    for (int k = 0; k < gi->nopts; k++)
        write_option(w, gi->name, k, &gi->opts[k], lang);
    int nc;
    const kt_optinfo *common = kt_common_options(&nc);
    for (int k = 0; k < nc; k++)
        write_option(w, gi->name, gi->nopts + k, &common[k], lang);
    kt_jw_arr_end(w);
    kt_jw_key(w, "bots");
    kt_jw_arr(w);
    for (int k = 0; kt_game_bot(gi->name, k); k++) {
        const kt_botinfo *bi = kt_game_bot(gi->name, k);
        kt_jw_obj(w);
        kt_jw_kstr(w, "name", bi->name);
        kt_jw_kstr(w, "help", bi->help ? bi->help : "");
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "levels");
    kt_jw_obj(w);
    static const char *const levels[] = {"easy", "medium", "hard"};
    for (int k = 0; k < 3; k++) {
        const char *spec = kt_game_level(gi->name, levels[k]);
        if (spec)
            kt_jw_kstr(w, levels[k], spec);
    }
    kt_jw_obj_end(w);
    kt_jw_obj_end(w);
}

void srv_lobby_catalog(srv_conn *c, const kt_jv *req, const char *ref)
{
    SRV_UNUSED(req);
    kt_buf b;
    kt_jw w;
    srv_reply_begin(&w, &b, ref);
    kt_jw_key(&w, "games");
    kt_jw_arr(&w);
    for (int i = 0; i < kt_game_count(); i++)
        write_game_info(&w, kt_game_info(i), c->lang);
    kt_jw_arr_end(&w);
    kt_jw_obj_end(&w);
    srv_reply_send(c, &b);
}

/* ------------------------------------------------------------ list */

const char *srv_game_title(const char *game, int lang)
{
    const char *t = kt_game_find(game) ? kt_game_title(game, lang) : NULL;
    return t ? t : game; /* a stored game of a game this server does not have */
}

static int open_seats(const sgame *g)
{
    int n = 0;
    for (int p = 0; p < g->row.players; p++)
        n += !g->row.seats[p].bot && !g->row.seats[p].claimed;
    return n;
}

static void write_listing(const srv *S, kt_jw *w, sgame *g, int lang, long long now_s)
{
    kt_jw_obj(w);
    kt_jw_kstr(w, "game", g->row.id);
    kt_jw_kstr(w, "name", g->row.game);
    kt_jw_kstr(w, "title", srv_game_title(g->row.game, lang));
    kt_jw_kstr(w, "label", g->row.name);
    kt_jw_kint(w, "players", g->row.players);
    kt_jw_kint(w, "created", g->row.created);
    kt_jw_kstr(w, "status", sgame_status(S, g, now_s));
    kt_jw_kint(w, "open_seats", open_seats(g));
    kt_jw_kstr(w, "mode", g->row.timing.mode == SRV_TURNBASED  ? "turn"
                          : g->row.timing.mode == SRV_REALTIME ? "realtime"
                                                               : "none");
    if (g->row.timing.mode != SRV_UNTIMED)
        kt_jw_kint(w, "base_s", g->row.timing.base_ms / 1000);
    if (g->row.rated)
        kt_jw_kbool(w, "rated", 1);
    kt_jw_kint(w, "actions", g->nacts);
    if (g->S)
        kt_jw_kint(w, "turn", kt_turn_number(kt_session_game(g->S), kt_session_state(g->S)));
    kt_jw_kint(w, "watching", g->nsubs);
    kt_jw_key(w, "seats");
    sgame_seats_json(g, w);
    kt_jw_obj_end(w);
}

/* Listed games, newest first: every unfinished one and the last few
 * finished ones (abandoned games are not shown). */
void srv_lobby_list(srv_conn *c, const char *ref)
{
    srv *S = c->S;
    kt_buf b;
    kt_jw w;
    srv_reply_begin(&w, &b, ref);
    kt_jw_key(&w, "games");
    kt_jw_arr(&w);
    long long now_s = (long long)time(NULL);
    pthread_mutex_lock(&S->mu);
    int shown = 0, finished = 0;
    for (int i = S->ngames - 1; i >= 0 && shown < LOBBY_LIST_MAX; i--) {
        sgame *g = S->games[i];
        pthread_mutex_lock(&g->mu);
        int show = g->row.listed && g->row.over != SRV_ABANDONED &&
                   (!g->row.over || finished++ < LOBBY_FINISHED_SHOWN);
        if (show) {
            write_listing(S, &w, g, c->lang, now_s);
            shown++;
        }
        pthread_mutex_unlock(&g->mu);
    }
    pthread_mutex_unlock(&S->mu);
    kt_jw_arr_end(&w);
    kt_jw_obj_end(&w);
    srv_reply_send(c, &b);
}

/* ------------------------------------------------------------ create */

static uint64_t random_seed(void)
{
    uint64_t x = 0;
    char hex[20];
    if (srv_random_hex(hex, 16))
        x = strtoull(hex, NULL, 16);
    return x & (uint64_t)INT64_MAX;
}

/* Seats of a create request: [{"bot":"hard"} | {"human":true,"name":"Ann"}];
 * {"human":true,"you":true} is the creator's own seat, taken at once (no one
 * can join it from the lobby before the creator arrives). */
static int read_seats(srv_conn *c, const kt_jv *req, const char *ref, srv_game_row *row)
{
    const kt_jv *seats = kt_jv_get(req, "seats");
    if (!seats || seats->type != KT_JARR || seats->n != row->players) {
        srv_reply_error(c, ref, "invalid",
                        "\"seats\" must list %d seats: {\"human\":true} or {\"bot\":\"hard\"}",
                        row->players);
        return 0;
    }
    int p = 0, humans = 0;
    for (const kt_jv *s = seats->child; s; s = s->next, p++) {
        srv_seat_row *r = &row->seats[p];
        const kt_jv *bot = s->type == KT_JOBJ ? kt_jv_get(s, "bot") : NULL;
        const kt_jv *name = s->type == KT_JOBJ ? kt_jv_get(s, "name") : NULL;
        const kt_jv *you = s->type == KT_JOBJ ? kt_jv_get(s, "you") : NULL;
        const char *why = "must be a text";
        if (s->type != KT_JOBJ || (bot && (bot->type != KT_JSTR || !bot->s[0] ||
                                           bot->slen >= sizeof r->spec))) {
            srv_reply_error(c, ref, "invalid", "seat %d: expected {\"human\":true,\"name\":...} "
                                               "or {\"bot\":SPEC} (short strings)", p + 1);
            return 0;
        }
        if (name && (name->type != KT_JSTR ||
                     !srv_name_ok(name->s, name->slen, sizeof r->name, &why))) {
            srv_reply_error(c, ref, "invalid", "seat %d: the name %s (at most %d bytes of UTF-8 "
                                               "text)", p + 1, why, (int)sizeof r->name - 1);
            return 0;
        }
        if (bot) {
            r->bot = 1;
            snprintf(r->spec, sizeof r->spec, "%s", bot->s);
            r->claimed = 1;
        } else {
            humans++;
            r->claimed = you && you->type == KT_JBOOL && you->b; /* the creator's own seat */
            if (!srv_random_hex(r->token, 32)) {
                srv_reply_error(c, ref, "internal", "no random numbers for the seat's link");
                return 0;
            }
        }
        snprintf(r->name, sizeof r->name, "%s", name ? name->s : bot ? bot->s : "");
    }
    SRV_UNUSED(humans);
    return 1;
}

/* A logged-in creator's own seat is the account's (its name shown).  A
 * rated game needs that: its results go to accounts. */
static int creator_account(srv_conn *c, srv_game_row *row, const char *ref)
{
    char name[SRV_NAME_LEN];
    long long acc = srv_conn_account(c, name, sizeof name);
    if (row->rated && !acc) {
        srv_reply_error(c, ref, "invalid", "log in to create a rated game");
        return 0;
    }
    for (int p = 0; acc && p < row->players; p++)
        if (!row->seats[p].bot && row->seats[p].claimed) { /* the creator's ("you") */
            row->seats[p].account = acc;
            snprintf(row->seats[p].name, sizeof row->seats[p].name, "%s", name);
            break;
        }
    return 1;
}

/* Check every bot spec against the configuration: known, not reading files.
 * The bots are kept for the seats. */
static int make_bots(srv_conn *c, sgame *g, const char *ref)
{
    const kt_game *kg = kt_session_game(g->S);
    for (int p = 0; p < g->row.players; p++) {
        if (!g->row.seats[p].bot)
            continue;
        const char *spec = g->row.seats[p].spec;
        kt_err e;
        if (kt_bot_spec_reads_files(kg, spec)) {
            srv_reply_error(c, ref, "invalid", "seat %d: bots that read files are not allowed",
                            p + 1);
            return 0;
        }
        uint64_t seed = g->row.seed ^ (UINT64_C(0x9e3779b97f4a7c15) * (uint64_t)(p + 1));
        if (kt_bot_new(kg, spec, seed, &g->seat[p].bot, &e) != KT_OK) {
            srv_reply_error(c, ref, "unknown", "seat %d: %s", p + 1, e.msg);
            return 0;
        }
        kt_bot_set_time_cap(g->seat[p].bot, c->S->cfg.bot_ms);
    }
    return 1;
}

static sgame *game_alloc(const srv_game_row *row)
{
    sgame *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->row = *row;
    memcpy(g->id, row->id, sizeof g->id);
    g->options = strdup(row->options ? row->options : "");
    g->row.options = g->options;
    g->undo_by = -1;
    g->touched = (long long)time(NULL);
    pthread_mutex_init(&g->mu, NULL);
    return g;
}

/* Start the session with the client's options (string or object) and our
 * seed; the canonical options become the stored ones. */
static int start_session(srv_conn *c, sgame *g, const kt_jv *options, const char *ref)
{
    kt_session_limits lim;
    srv_session_limits(c->S, &lim);
    kt_err e;
    if (kt_session_new(&lim, NULL, &g->S, &e) != KT_OK) {
        srv_reply_error(c, ref, "nomem", "%s", e.msg);
        return 0;
    }
    kt_buf b;
    kt_buf_init(&b);
    kt_jw w;
    kt_jw_init(&w, &b);
    kt_jw_obj(&w);
    kt_jw_kstr(&w, "cmd", "new");
    kt_jw_kstr(&w, "game", g->row.game);
    kt_jw_kint(&w, "players", g->row.players);
    kt_jw_kint(&w, "seed", (long long)g->row.seed);
    if (options) {
        kt_jw_key(&w, "options");
        kt_jw_value(&w, options);
    }
    if (ref) {
        kt_jw_key(&w, "ref");
        kt_jw_raw(&w, ref);
    }
    kt_jw_obj_end(&w);
    char *r = b.p ? kt_session_request(g->S, KT_OMNISCIENT, b.p, b.len, NULL) : NULL;
    kt_buf_free(&b);
    if (!srv_reply_ok(r)) { /* the session's own error says what was wrong */
        if (r)
            srv_conn_queue(c, r, strlen(r));
        kt_free(r);
        return 0;
    }
    kt_free(r);
    char *canon = strdup(kt_game_options(kt_session_game(g->S)));
    if (!canon) {
        srv_reply_error(c, ref, "nomem", "out of memory");
        return 0;
    }
    free(g->options);
    g->options = canon;
    g->row.options = canon;
    return 1;
}

/* Store the new game and put it on the list (S->mu held). */
static int publish(srv_conn *c, sgame *g, const char *ref)
{
    srv *S = c->S;
    int running = 0;
    for (int i = 0; i < S->ngames; i++)
        running += !S->games[i]->row.over;
    if (running >= S->cfg.max_games) {
        srv_reply_error(c, ref, "invalid", "the server has too many running games (%d)", running);
        return 0;
    }
    if (!srv_store_create(S->st, &g->row)) {
        srv_reply_error(c, ref, "io", "%s", SRV_STORE_ERROR(S->st));
        return 0;
    }
    if (!srv_add_game(S, g)) {
        srv_reply_error(c, ref, "nomem", "out of memory");
        return 0;
    }
    return 1;
}

static void write_tokens(kt_jw *w, const sgame *g)
{
    kt_jw_key(w, "seats");
    kt_jw_arr(w);
    for (int p = 0; p < g->row.players; p++) {
        kt_jw_obj(w);
        kt_jw_kint(w, "seat", p);
        kt_jw_kbool(w, "bot", g->row.seats[p].bot);
        if (!g->row.seats[p].bot)
            kt_jw_kstr(w, "token", g->row.seats[p].token);
        kt_jw_kstr(w, "name", g->row.seats[p].name);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
}

void srv_lobby_create(srv_conn *c, const kt_jv *req, const char *ref)
{
    srv *S = c->S;
    const kt_jv *game = kt_jv_get(req, "game"), *players = kt_jv_get(req, "players");
    const kt_jv *name = kt_jv_get(req, "name"), *listed = kt_jv_get(req, "listed");
    const kt_gameinfo *gi = game && game->type == KT_JSTR ? kt_game_find(game->s) : NULL;
    if (!gi) {
        srv_reply_error(c, ref, "unknown", "\"create\" needs \"game\": one of the catalogue");
        return;
    }
    srv_game_row row;
    memset(&row, 0, sizeof row);
    snprintf(row.game, sizeof row.game, "%s", gi->name);
    row.players = gi->default_players;
    if (players && (players->type != KT_JNUM || !players->isint || players->neg ||
                    players->u < (uint64_t)gi->min_players ||
                    players->u > (uint64_t)gi->max_players)) {
        srv_reply_error(c, ref, "invalid", "\"players\" must be %d..%d", gi->min_players,
                        gi->max_players);
        return;
    }
    if (players)
        row.players = (int)players->u;
    const char *why = "must be a text";
    if ((name && (name->type != KT_JSTR || !srv_name_ok(name->s, name->slen, sizeof row.name,
                                                          &why))) ||
        (listed && listed->type != KT_JBOOL)) {
        srv_reply_error(c, ref, "invalid", "\"name\" %s (a short UTF-8 text), \"listed\" is true "
                                           "or false", why);
        return;
    }
    snprintf(row.name, sizeof row.name, "%s", name ? name->s : "");
    row.listed = listed ? listed->b : 1;
    char terr[200];
    const kt_jv *rated = kt_jv_get(req, "rated");
    if (!srv_timing_read(kt_jv_get(req, "timing"), &row.timing, terr, sizeof terr)) {
        srv_reply_error(c, ref, "invalid", "%s", terr);
        return;
    }
    if (rated && rated->type != KT_JBOOL) {
        srv_reply_error(c, ref, "invalid", "\"rated\" is true or false");
        return;
    }
    row.rated = rated && rated->b;
    row.created = (long long)time(NULL);
    row.seed = random_seed();
    int hints = 0; /* the table option "hints" (analysis.c) */
    if (!srv_hints_option(c, req, ref, &hints) || !srv_random_hex(row.id, 12) ||
        !read_seats(c, req, ref, &row) || !creator_account(c, &row, ref))
        return;
    srv_clock_start(&row);
    sgame *g = game_alloc(&row);
    if (!g) {
        srv_reply_error(c, ref, "nomem", "out of memory");
        return;
    }
    if (!start_session(c, g, kt_jv_get(req, "options"), ref) || !make_bots(c, g, ref)) {
        sgame_free(g);
        return;
    }
    g->nacts = 0;
    srv_facts_update(g, srv_unix_ms()); /* who decides first; their clocks start */
    pthread_mutex_lock(&S->mu);
    int ok = publish(c, g, ref);
    pthread_mutex_unlock(&S->mu);
    if (!ok) {
        sgame_free(g);
        return;
    }
    if (!srv_cluster_adopt(S, g)) /* several servers: this one hosts it */
        srv_log(S, "game %s: its lease could not be taken: %s", g->row.id, SRV_STORE_ERROR(S->st));
    srv_log(S, "game %s created: %s, %d players", g->row.id, g->row.game, g->row.players);
    kt_buf b;
    kt_jw w;
    srv_reply_begin(&w, &b, ref);
    kt_jw_kstr(&w, "game", g->row.id);
    kt_jw_kstr(&w, "options", g->options);
    srv_hints_created(S, g->row.id, hints, &w);
    pthread_mutex_lock(&g->mu);
    write_tokens(&w, g);
    kt_jw_obj_end(&w);
    srv_reply_send(c, &b);
    sgame_kick_bots(S, g);
    pthread_mutex_unlock(&g->mu);
}

/* ------------------------------------------------------------ join */

/* Take a free human seat of a listed game from the lobby.  The seat gets a
 * new token (an invitation sent for it earlier no longer works). */
void srv_lobby_join(srv_conn *c, const kt_jv *req, const char *ref)
{
    const kt_jv *id = kt_jv_get(req, "game"), *seat = kt_jv_get(req, "seat");
    const kt_jv *name = kt_jv_get(req, "name");
    sgame *g = id && id->type == KT_JSTR ? srv_find_game(c->S, id->s) : NULL;
    if (!g) {
        srv_reply_error(c, ref, "unknown", "no game has this id");
        return;
    }
    if (!srv_seat_name_ok(c, name, ref)) {
        srv_game_unref(c->S, g);
        return;
    }
    pthread_mutex_lock(&g->mu);
    int p = -1;
    for (int i = 0; i < g->row.players && p < 0; i++) {
        int want = !seat || (seat->type == KT_JNUM && seat->isint && !seat->neg &&
                             seat->u == (uint64_t)i);
        if (want && !g->row.seats[i].bot && !g->row.seats[i].claimed)
            p = i;
    }
    srv_seat_row r;
    char acc_name[SRV_NAME_LEN];
    long long acc = srv_conn_account(c, acc_name, sizeof acc_name);
    for (int i = 0; acc && i < g->row.players; i++)
        if (g->row.seats[i].account == acc)
            p = -1; /* one seat per account */
    if (p >= 0) {
        r = g->row.seats[p];
        r.claimed = 1;
        r.account = acc;
        snprintf(r.name, sizeof r.name, "%s", acc ? acc_name : name ? name->s : "");
    }
    if (p < 0 || !g->row.listed || g->row.over || g->gone || g->broken) {
        pthread_mutex_unlock(&g->mu);
        srv_game_unref(c->S, g);
        srv_reply_error(c, ref, "invalid", "no free seat to take in this game");
        return;
    }
    if (!srv_random_hex(r.token, 32) || !srv_store_set_seat(c->S->st, g->row.id, p, &r)) {
        pthread_mutex_unlock(&g->mu);
        srv_game_unref(c->S, g);
        srv_reply_error(c, ref, "io", "could not take the seat");
        return;
    }
    g->row.seats[p] = r;
    sgame_revoke_seat(c->S, g, p, NULL); /* nobody holds a free seat, but never keep an old token */
    kt_buf b;
    kt_jw w;
    srv_reply_begin(&w, &b, ref);
    kt_jw_kstr(&w, "game", g->row.id);
    kt_jw_kint(&w, "seat", p);
    kt_jw_kstr(&w, "token", r.token);
    kt_jw_obj_end(&w);
    srv_reply_send(c, &b);
    g->version++;
    sgame_push_all(c->S, g);
    pthread_mutex_unlock(&g->mu);
    srv_game_unref(c->S, g);
}

/* ------------------------------------------------------------ rematch */

/* The same game again (same options and seats, a new seed, new tokens).
 * Every seat of the old game that asks, or is connected, gets its own new
 * token; nobody learns another seat's. */
void srv_lobby_rematch(srv_conn *c, const char *ref)
{
    srv *S = c->S;
    sgame *old = c->game;
    int seat = c->seat;
    if (seat < 0) {
        srv_reply_error(c, ref, "invalid", "only players can ask for a rematch");
        return;
    }
    pthread_mutex_lock(&S->mu);
    pthread_mutex_lock(&old->mu);
    if (old->row.over != SRV_FINISHED || old->broken) {
        pthread_mutex_unlock(&old->mu);
        pthread_mutex_unlock(&S->mu);
        srv_reply_error(c, ref, "invalid", old->row.over == SRV_ABANDONED
                                               ? "the game was abandoned"
                                               : "the game is not over yet");
        return;
    }
    sgame *g = NULL;
    for (int i = 0; old->row.rematch[0] && i < S->ngames && !g; i++)
        if (!strcmp(S->games[i]->row.id, old->row.rematch))
            g = S->games[i];
    int created = 0;
    if (!g && !srv_peers_take(&S->peers, c->key, SRV_PEER_CREATE, srv_now_ms())) {
        pthread_mutex_unlock(&old->mu);
        pthread_mutex_unlock(&S->mu);
        srv_reply_error(c, ref, "rate", "too many new games from your address; try again in a "
                                        "minute");
        return;
    }
    if (!g) {
        srv_game_row row = old->row;
        row.over = 0;
        row.rematch[0] = '\0';
        row.created = (long long)time(NULL);
        row.seed = random_seed();
        srv_clock_start(&row); /* the same time control, fresh clocks */
        int ok = srv_random_hex(row.id, 12);
        for (int p = 0; ok && p < row.players; p++)
            if (!row.seats[p].bot) {
                ok = srv_random_hex(row.seats[p].token, 32);
                row.seats[p].claimed = 1;
            }
        g = ok ? game_alloc(&row) : NULL;
        char err[KT_ERRLEN + 64];
        if (g && sgame_open(S, g, err, sizeof err))
            srv_facts_update(g, srv_unix_ms()); /* who decides first; their clocks start */
        if (!g || !g->S || !make_bots(c, g, ref) ||
            !publish(c, g, ref) || !srv_store_set_rematch(S->st, old->row.id, g->row.id)) {
            if (g && !atomic_load(&g->refs))
                sgame_free(g);
            pthread_mutex_unlock(&old->mu);
            pthread_mutex_unlock(&S->mu);
            srv_reply_error(c, ref, "internal", "the rematch could not be started");
            return;
        }
        snprintf(old->row.rematch, sizeof old->row.rematch, "%s", g->row.id);
        created = 1;
    }
    pthread_mutex_lock(&g->mu);
    for (int i = 0; created && i < old->nsubs; i++) {
        srv_conn *o = old->subs[i];
        if (o == c || o->seat < 0)
            continue;
        char msg[160];
        int n = snprintf(msg, sizeof msg, "{\"push\":\"rematch\",\"game\":\"%s\",\"token\":\"%s\"}",
                         g->row.id, g->row.seats[o->seat].token);
        srv_conn_queue(o, msg, (size_t)n);
    }
    kt_buf b;
    kt_jw w;
    srv_reply_begin(&w, &b, ref);
    kt_jw_kstr(&w, "game", g->row.id);
    kt_jw_kstr(&w, "token", g->row.seats[seat].token);
    kt_jw_obj_end(&w);
    srv_reply_send(c, &b);
    if (created)
        sgame_kick_bots(S, g);
    pthread_mutex_unlock(&g->mu);
    pthread_mutex_unlock(&old->mu);
    pthread_mutex_unlock(&S->mu);
}
