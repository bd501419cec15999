/*
 * profile.c - what anybody may read about accounts: a player's profile
 * (rating, wins, losses and draws per game; finished games with their
 * replays and rating changes; running games to watch) and the leaderboard
 * of a game with the bots' fixed ratings beside it (rating.c).  Public
 * facts only: never a seat's link, never a session.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/srv_int.h"

#define PROFILE_GAMES 50
#define BOARD_SIZE 50

typedef struct jw_ctx {
    kt_jw *w;
    int lang;
} jw_ctx;

static void write_rating(kt_jw *w, const srv_rating_row *r, int lang)
{
    kt_jw_obj(w);
    kt_jw_kstr(w, "name", r->name);
    kt_jw_kstr(w, "game", r->game);
    kt_jw_kstr(w, "title", srv_game_title(r->game, lang));
    kt_jw_kint(w, "rating", (long long)(r->rating + 0.5));
    kt_jw_kint(w, "games", r->games);
    kt_jw_kint(w, "wins", r->wins);
    kt_jw_kint(w, "losses", r->losses);
    kt_jw_kint(w, "draws", r->draws);
    kt_jw_obj_end(w);
}

static int rating_cb(void *ctx, const srv_rating_row *r)
{
    jw_ctx *J = ctx;
    write_rating(J->w, r, J->lang);
    return 1;
}

static int result_cb(void *ctx, const srv_result_row *r, const char *game, long long created)
{
    jw_ctx *J = ctx;
    kt_jw *w = J->w;
    kt_jw_obj(w);
    kt_jw_kstr(w, "game", r->game_id);
    kt_jw_kstr(w, "name", game);
    kt_jw_kstr(w, "title", srv_game_title(game, J->lang));
    kt_jw_kint(w, "created", created);
    kt_jw_kint(w, "seat", r->seat);
    kt_jw_kint(w, "rank", r->rank);
    kt_jw_kbool(w, "rated", r->rated);
    kt_jw_kint(w, "before", (long long)(r->before + 0.5));
    kt_jw_kint(w, "after", (long long)(r->after + 0.5));
    kt_jw_obj_end(w);
    return 1;
}

/* The account's running games (public: to watch). */
static void running_games(srv *S, long long account, kt_jw *w, int lang)
{
    kt_jw_arr(w);
    pthread_mutex_lock(&S->mu);
    for (int i = S->ngames - 1; i >= 0; i--) {
        sgame *g = S->games[i];
        pthread_mutex_lock(&g->mu);
        for (int p = 0; p < g->row.players && !g->row.over && !g->gone; p++)
            if (g->row.seats[p].account == account) {
                kt_jw_obj(w);
                kt_jw_kstr(w, "game", g->row.id);
                kt_jw_kstr(w, "name", g->row.game);
                kt_jw_kstr(w, "title", srv_game_title(g->row.game, lang));
                kt_jw_kint(w, "seat", p);
                kt_jw_kint(w, "actions", g->remote ? g->row.nacts : g->nacts);
                kt_jw_obj_end(w);
                break;
            }
        pthread_mutex_unlock(&g->mu);
    }
    pthread_mutex_unlock(&S->mu);
    kt_jw_arr_end(w);
}

/* Send the reply in b, or the storage's error instead when a read failed
 * (b is dropped then). */
static void send_unless_failed(srv_conn *c, kt_buf *b, int ok, const char *ref)
{
    if (!ok) {
        kt_buf_free(b);
        srv_reply_error(c, ref, "io", "%s", SRV_STORE_ERROR(c->S->st));
        return;
    }
    srv_reply_send(c, b);
}

void srv_cmd_profile(srv_conn *c, const kt_jv *req, const char *ref)
{
    srv *S = c->S;
    const kt_jv *name = kt_jv_get(req, "name");
    char key[SRV_NAME_LEN];
    const char *why = NULL;
    srv_account a;
    int found = name && name->type == KT_JSTR &&
                        srv_account_name(name->s, name->slen, key, sizeof key, &why)
                    ? srv_store_account_by_key(S->st, key, &a)
                    : 0;
    if (found != 1) {
        if (found < 0)
            srv_reply_error(c, ref, "io", "%s", SRV_STORE_ERROR(S->st));
        else
            srv_reply_error(c, ref, "unknown", "no player has this name");
        return;
    }
    kt_buf b;
    kt_jw w;
    srv_reply_begin(&w, &b, ref);
    kt_jw_kstr(&w, "name", a.name);
    kt_jw_kint(&w, "created", a.created);
    kt_jw_kbool(&w, "mine", srv_conn_account(c, NULL, 0) == a.id);
    jw_ctx J = {&w, c->lang};
    kt_jw_key(&w, "ratings");
    kt_jw_arr(&w);
    int ok = srv_store_ratings_of(S->st, a.id, rating_cb, &J);
    kt_jw_arr_end(&w);
    kt_jw_key(&w, "finished");
    kt_jw_arr(&w);
    ok = ok && srv_store_results_of(S->st, a.id, result_cb, &J, PROFILE_GAMES);
    kt_jw_arr_end(&w);
    kt_jw_key(&w, "running");
    running_games(S, a.id, &w, c->lang);
    kt_jw_obj_end(&w);
    send_unless_failed(c, &b, ok, ref);
}

void srv_cmd_leaderboard(srv_conn *c, const kt_jv *req, const char *ref)
{
    srv *S = c->S;
    const kt_jv *game = kt_jv_get(req, "game");
    const kt_gameinfo *gi = game && game->type == KT_JSTR ? kt_game_find(game->s) : NULL;
    if (!gi) {
        srv_reply_error(c, ref, "unknown", "\"leaderboard\" needs \"game\": one of the catalogue");
        return;
    }
    kt_buf b;
    kt_jw w;
    srv_reply_begin(&w, &b, ref);
    kt_jw_kstr(&w, "game", gi->name);
    kt_jw_kstr(&w, "title", srv_game_title(gi->name, c->lang));
    kt_jw_key(&w, "players");
    kt_jw_arr(&w);
    jw_ctx J = {&w, c->lang};
    int ok = srv_store_ratings_top(S->st, gi->name, BOARD_SIZE, rating_cb, &J);
    kt_jw_arr_end(&w);
    kt_jw_key(&w, "bots");
    kt_jw_arr(&w);
    static const char *const levels[] = {"random", "easy", "medium", "hard"};
    for (int i = 0; i < 4; i++) {
        double r = srv_bot_rating(gi->name, levels[i]);
        if (r < 0)
            continue;
        kt_jw_obj(&w);
        kt_jw_kstr(&w, "level", levels[i]);
        const char *spec = i ? kt_game_level(gi->name, levels[i]) : "random";
        kt_jw_kstr(&w, "spec", spec ? spec : levels[i]);
        kt_jw_kint(&w, "rating", (long long)(r + 0.5));
        if (srv_bot_rating_is_bound(gi->name, levels[i]))
            kt_jw_kbool(&w, "at_least", 1); /* measured with less search: a lower bound */
        kt_jw_obj_end(&w);
    }
    kt_jw_arr_end(&w);
    kt_jw_obj_end(&w);
    send_unless_failed(c, &b, ok, ref);
}
