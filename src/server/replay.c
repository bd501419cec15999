/*
 * replay.c - the replay viewer: step through a finished game as any seat or
 * as a spectator saw it.
 *
 * Each connection keeps its own replay session (c->rs), a fresh session
 * with the server's limits into which the game's stored actions are
 * replayed as the host, up to the step asked for (c->rstep).  Stepping
 * forward applies the next actions; stepping back starts again from the
 * beginning.  What is sent for a step is that session's own observe and log
 * for the chosen viewer: a seat's view never contains another seat's hidden
 * information, and the full state is never sent.  The action texts and
 * actors are copied from the game once (c->rtexts, c->ractors).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/srv_int.h"

void srv_replay_clear(srv_conn *c)
{
    kt_session_free(c->rs);
    c->rs = NULL;
    for (int i = 0; i < c->rn; i++)
        free(c->rtexts[i]);
    free(c->rtexts);
    free(c->ractors);
    c->rtexts = NULL;
    c->ractors = NULL;
    c->rn = 0;
    c->rid[0] = '\0';
    c->rstep = 0;
}

/* Copy the finished game's parameters and actions; returns 0 with a reply
 * sent when the game cannot be replayed. */
static int load_game(srv_conn *c, const char *id, const char *ref, srv_game_row *row,
                     char **options)
{
    sgame *g = srv_find_game(c->S, id);
    if (!g) {
        srv_reply_error(c, ref, "unknown", "no game has this id");
        return 0;
    }
    char err[KT_ERRLEN + 64];
    int ok = 0;
    pthread_mutex_lock(&g->mu);
    if (!g->row.over)
        srv_reply_error(c, ref, "invalid", "replays are for finished games");
    else if (!sgame_open(c->S, g, err, sizeof err))
        srv_reply_error(c, ref, "state", "%s", err);
    else
        ok = 1;
    if (ok && strcmp(c->rid, id)) {
        srv_replay_clear(c);
        const kt_record *rec = kt_session_record(g->S);
        c->rtexts = calloc((size_t)g->nacts + 1, sizeof *c->rtexts);
        c->ractors = malloc((size_t)g->nacts + 1);
        for (int i = 0; c->rtexts && c->ractors && i < g->nacts; i++) {
            c->rtexts[i] = strdup(kt_record_action(rec, i));
            c->ractors[i] = g->actor[i];
            c->rn = i + 1;
        }
        ok = c->rtexts && c->ractors && c->rn == g->nacts;
        if (!ok)
            srv_reply_error(c, ref, "nomem", "out of memory");
        else
            snprintf(c->rid, sizeof c->rid, "%s", id);
    }
    *row = g->row;
    *options = ok ? strdup(g->options) : NULL;
    pthread_mutex_unlock(&g->mu);
    srv_game_unref(c->S, g);
    if (ok && !*options) {
        srv_reply_error(c, ref, "nomem", "out of memory");
        ok = 0;
    }
    if (!ok)
        srv_replay_clear(c);
    return ok;
}

static char *host(kt_session *rs, kt_buf *b)
{
    char *r = b->p ? kt_session_request(rs, KT_OMNISCIENT, b->p, b->len, NULL) : NULL;
    kt_buf_free(b);
    return r;
}

/* A fresh replay session at step 0. */
static int restart(srv_conn *c, const srv_game_row *row, const char *options)
{
    kt_session_free(c->rs);
    c->rs = NULL;
    c->rstep = 0;
    kt_session_limits lim;
    srv_session_limits(c->S, &lim);
    if (kt_session_new(&lim, NULL, &c->rs, NULL) != KT_OK)
        return 0;
    /* the typed call sgame_open starts a stored game with (session.h) */
    kt_sreply r;
    kt_sreply_init(&r);
    int ok = kt_session_start(c->rs, row->game, options, row->players, row->seed, &r) == KT_OK;
    kt_sreply_free(&r);
    return ok;
}

static int step_to(srv_conn *c, int step)
{
    while (c->rstep < step) {
        kt_buf b;
        kt_buf_init(&b);
        kt_jw w;
        kt_jw_init(&w, &b);
        kt_jw_obj(&w);
        kt_jw_kstr(&w, "cmd", "apply");
        kt_jw_kstr(&w, "action", c->rtexts[c->rstep]);
        kt_jw_kint(&w, "player", c->ractors[c->rstep]);
        kt_jw_obj_end(&w);
        char *r = host(c->rs, &b);
        int ok = srv_reply_ok(r);
        kt_free(r);
        if (!ok)
            return 0;
        c->rstep++;
    }
    return 1;
}

static int get_nonneg(const kt_jv *req, const char *key, long long lo, long long hi,
                      long long *out)
{
    const kt_jv *v = kt_jv_get(req, key);
    if (!v)
        return 1;
    if (v->type != KT_JNUM || !v->isint)
        return 0;
    long long x = v->neg ? -(long long)(v->u > (uint64_t)INT64_MAX ? 0 : v->u) : (long long)v->u;
    if ((!v->neg && v->u > (uint64_t)hi) || x < lo || x > hi)
        return 0;
    *out = x;
    return 1;
}

void srv_replay(srv_conn *c, const kt_jv *req, const char *ref)
{
    const kt_jv *id = kt_jv_get(req, "game");
    if (!id || id->type != KT_JSTR || id->slen >= SRV_ID_LEN) {
        srv_reply_error(c, ref, "invalid", "\"replay\" needs \"game\" (a finished game's id)");
        return;
    }
    srv_game_row row;
    char *options = NULL;
    if (!load_game(c, id->s, ref, &row, &options))
        return;
    long long step = c->rn, viewer = KT_SPECTATOR, log_from = 0;
    if (!get_nonneg(req, "step", 0, c->rn, &step) ||
        !get_nonneg(req, "viewer", KT_SPECTATOR, row.players - 1, &viewer) ||
        !get_nonneg(req, "log_from", 0, step, &log_from)) {
        free(options);
        srv_reply_error(c, ref, "invalid",
                        "\"step\" must be 0..%d, \"viewer\" -1..%d, \"log_from\" 0..step", c->rn,
                        row.players - 1);
        return;
    }
    if ((!c->rs || step < c->rstep) && !restart(c, &row, options)) {
        free(options);
        srv_replay_clear(c);
        srv_reply_error(c, ref, "state", "the game could not be replayed");
        return;
    }
    free(options);
    if (!step_to(c, (int)step)) {
        srv_replay_clear(c);
        srv_reply_error(c, ref, "state", "the game could not be replayed");
        return;
    }
    const char *lang = c->lang == KT_LANG_DE ? "de" : "en";
    char q[200];
    kt_buf b;
    kt_jw w;
    srv_reply_begin(&w, &b, ref);
    kt_jw_kstr(&w, "game", row.game);
    kt_jw_kstr(&w, "title", srv_game_title(row.game, c->lang));
    kt_jw_kstr(&w, "id", row.id);
    kt_jw_kint(&w, "players", row.players);
    kt_jw_kint(&w, "step", step);
    kt_jw_kint(&w, "actions", c->rn);
    kt_jw_kint(&w, "viewer", viewer);
    kt_jw_key(&w, "status");
    char *r = kt_session_request(c->rs, KT_OMNISCIENT, "{\"cmd\":\"status\"}", 16, NULL);
    kt_jw_raw(&w, r);
    kt_free(r);
    snprintf(q, sizeof q, "{\"cmd\":\"observe\",\"player\":%lld,\"lang\":\"%s\"}", viewer, lang);
    r = kt_session_request(c->rs, KT_OMNISCIENT, q, strlen(q), NULL);
    kt_jw_key(&w, "observe");
    kt_jw_raw(&w, r);
    kt_free(r);
    kt_jw_kint(&w, "log_from", log_from);
    if (step > log_from) {
        snprintf(q, sizeof q,
                 "{\"cmd\":\"log\",\"player\":%lld,\"since\":%lld,\"limit\":%lld,\"lang\":\"%s\"}",
                 viewer, log_from, step - log_from, lang);
        r = kt_session_request(c->rs, KT_OMNISCIENT, q, strlen(q), NULL);
        kt_jw_key(&w, "log");
        kt_jw_raw(&w, r);
        kt_free(r);
    }
    kt_jw_key(&w, "seats");
    kt_jw_arr(&w);
    for (int p = 0; p < row.players; p++) {
        kt_jw_obj(&w);
        kt_jw_kint(&w, "seat", p);
        kt_jw_kbool(&w, "bot", row.seats[p].bot);
        kt_jw_kstr(&w, "name", row.seats[p].name);
        kt_jw_obj_end(&w);
    }
    kt_jw_arr_end(&w);
    kt_jw_obj_end(&w);
    srv_reply_send(c, &b);
}
