/*
 * clock.c - time controls: real-time games with a clock per game (Fischer
 * increment) or per move, turn-based games with days per move, and what
 * happens to a player who runs out of time (a bot takes the seat, or the
 * player loses and the game ends), chosen when the table is made.
 *
 * A clock runs while its seat is deciding: from the moment the seat
 * becomes pending until it stops being pending (a "stretch": a Dominion
 * turn of several actions is one stretch, so the increment is added once
 * per turn, not per click, and a player cannot gain time by making many
 * small moves).  Several seats may decide at once (Fugger, Welser, Medici's
 * sealed bids): each clock runs.  Bots have no clock.
 *
 * Data layout: the game row's srv_clock: left[p] (ms; the bank of a
 * per-game clock, or the stretch's allowance of a per-move clock) and
 * since[p] (unix ms when the running stretch began, 0 when not running).
 * Time left now = left - (now - since).  The row is written with every
 * move (srv_store_append_facts), so the clocks survive a restart; when a
 * server starts again (or takes a game over from a server that died), the
 * time since the game's host was last known alive is not charged
 * (srv_clock_resume: the clocks stand still while no server hosts the game:
 * nobody could move then).
 *
 * The lobby's status words are here too (sgame_status): a running game
 * nobody visited or moved in for `inactive_s` is "inactive" instead of
 * "running" (issue 29: abandoned games showed "running" until they expired).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/srv_int.h"

#define BASE_MIN_MS 1000LL                  /* tests use seconds; the page offers minutes */
#define BASE_MAX_MS (60LL * 86400 * 1000)   /* 60 days */
#define INC_MAX_MS (10LL * 60 * 1000)

/* ------------------------------------------------------------ creation */

static int num_field(const kt_jv *t, const char *k, double lo, double hi, double *out,
                     char *err, size_t cap)
{
    const kt_jv *v = kt_jv_get(t, k);
    if (!v)
        return 1;
    if (v->type != KT_JNUM || !v->isint || v->neg || (double)v->u < lo || (double)v->u > hi) {
        snprintf(err, cap, "\"timing\": \"%s\" must be a whole number %g..%g", k, lo, hi);
        return 0;
    }
    *out = (double)v->u;
    return 1;
}

/* {"mode":"realtime","per":"game"|"move","base_s":600,"inc_s":5,
 *  "timeout":"bot"|"lose"} or {"mode":"turn","days":2 | "base_s":N,...} or
 * {"mode":"none"} / absent. */
int srv_timing_read(const kt_jv *t, srv_timing *out, char *err, size_t cap)
{
    memset(out, 0, sizeof *out);
    if (!t)
        return 1;
    const kt_jv *mode = kt_jv_get(t, "mode"), *per = kt_jv_get(t, "per"),
                *to = kt_jv_get(t, "timeout");
    if (t->type != KT_JOBJ || !mode || mode->type != KT_JSTR) {
        snprintf(err, cap, "\"timing\" is {\"mode\":\"none\"|\"realtime\"|\"turn\",...}");
        return 0;
    }
    if (!strcmp(mode->s, "none"))
        return 1;
    int turn = !strcmp(mode->s, "turn");
    if (!turn && strcmp(mode->s, "realtime")) {
        snprintf(err, cap, "\"timing\": mode is none, realtime or turn");
        return 0;
    }
    if ((per && (per->type != KT_JSTR || (strcmp(per->s, "game") && strcmp(per->s, "move")))) ||
        (to && (to->type != KT_JSTR || (strcmp(to->s, "bot") && strcmp(to->s, "lose"))))) {
        snprintf(err, cap, "\"timing\": per is game or move, timeout is bot or lose");
        return 0;
    }
    double base = turn ? 86400 : 600, inc = 0, days = 0;
    if (!num_field(t, "base_s", (double)BASE_MIN_MS / 1000, (double)BASE_MAX_MS / 1000, &base,
                   err, cap) ||
        !num_field(t, "inc_s", 0, (double)INC_MAX_MS / 1000, &inc, err, cap) ||
        !num_field(t, "days", 1, 60, &days, err, cap))
        return 0;
    if (turn && days > 0)
        base = days * 86400;
    out->mode = turn ? SRV_TURNBASED : SRV_REALTIME;
    out->per_move = turn || (per && !strcmp(per->s, "move"));
    out->base_ms = (long long)base * 1000;
    out->inc_ms = out->per_move ? 0 : (long long)inc * 1000;
    out->on_timeout = to && !strcmp(to->s, "lose") ? SRV_TIMEOUT_LOSE : SRV_TIMEOUT_BOT;
    return 1;
}

void srv_clock_start(srv_game_row *r)
{
    memset(&r->clock, 0, sizeof r->clock);
    for (int p = 0; p < SRV_SEATS; p++)
        r->clock.left[p] =
            r->timing.mode == SRV_UNTIMED || r->seats[p].bot ? 0 : r->timing.base_ms;
    r->forfeit = 0;
    r->pending = 0;
    r->nacts = 0;
}

/* ------------------------------------------------------------ running */

static int timed(const sgame *g) { return g->row.timing.mode != SRV_UNTIMED; }

void srv_facts_update(sgame *g, long long now)
{
    srv_game_row *r = &g->row;
    if (g->S)
        r->nacts = g->nacts;
    uint32_t pend = 0;
    if (g->S && r->over == SRV_RUNNING && !sgame_is_over(g))
        pend = kt_pending(kt_session_game(g->S), kt_session_state(g->S));
    if (g->S)
        r->pending = pend;
    if (!timed(g))
        return;
    for (int p = 0; p < r->players; p++) {
        int running = r->clock.since[p] != 0;
        int deciding = ((pend >> p) & 1u) && !r->seats[p].bot;
        if (running && !deciding) { /* the stretch ends */
            r->clock.left[p] -= now - r->clock.since[p];
            if (r->clock.left[p] < 0)
                r->clock.left[p] = 0;
            r->clock.left[p] = r->timing.per_move ? r->timing.base_ms
                                                  : r->clock.left[p] + r->timing.inc_ms;
            r->clock.since[p] = 0;
        } else if (!running && deciding) {
            if (r->timing.per_move)
                r->clock.left[p] = r->timing.base_ms;
            r->clock.since[p] = now;
        }
    }
}

void srv_clock_resume(sgame *g, long long alive, long long now)
{
    if (!timed(g) || alive <= 0 || alive >= now)
        return;
    for (int p = 0; p < g->row.players; p++) {
        long long *since = &g->row.clock.since[p];
        if (!*since)
            continue;
        /* charged up to `alive`, then standing still until now */
        *since = *since < alive ? *since + (now - alive) : now;
    }
}

long long srv_clock_left(const sgame *g, int p, long long now)
{
    if (!timed(g) || p < 0 || p >= g->row.players)
        return -1;
    long long left = g->row.clock.left[p];
    if (g->row.clock.since[p])
        left -= now - g->row.clock.since[p];
    return left > 0 ? left : 0;
}

/* The seat's connections learn what happened and are closed: their page
 * reconnects and watches (the link now says the seat is a bot's). */
static void drop_seat_conns(sgame *g, int seat)
{
    for (int i = 0; i < g->nsubs;) {
        srv_conn *o = g->subs[i];
        if (o->seat != seat) {
            i++;
            continue;
        }
        char msg[64];
        int n = snprintf(msg, sizeof msg, "{\"push\":\"timeout\",\"seat\":%d}", seat);
        srv_conn_queue(o, msg, (size_t)n);
        sgame_unsubscribe(g, o); /* the last one moves to i */
        srv_conn_kick(o, SRV_CLOSE_REVOKED, "you ran out of time: a bot plays your seat");
    }
}

static void time_out(srv *S, sgame *g, int p, long long now)
{
    srv_game_row *r = &g->row;
    r->forfeit |= 1u << p;
    r->clock.left[p] = 0;
    r->clock.since[p] = 0;
    if (r->timing.on_timeout == SRV_TIMEOUT_BOT) {
        srv_seat_row s = r->seats[p];
        s.bot = 1;
        snprintf(s.spec, sizeof s.spec, "%s", "medium");
        if (!srv_store_set_seat(S->st, r->id, p, &s))
            srv_log(S, "game %s: %s", r->id, SRV_STORE_ERROR(S->st));
        r->seats[p] = s;
        drop_seat_conns(g, p);
        srv_log(S, "game %s: seat %d ran out of time; a bot plays it", r->id, p + 1);
    } else {
        r->over = SRV_FINISHED;
        for (int q = 0; q < r->players; q++)
            r->clock.since[q] = 0; /* the game is over: every clock stops */
        sgame_cancel_bots(g);
        g->epoch++;
        srv_log(S, "game %s: seat %d ran out of time and loses", r->id, p + 1);
    }
    srv_facts_update(g, now);
    if (!srv_store_set_facts(S->st, r))
        srv_log(S, "game %s: %s", r->id, SRV_STORE_ERROR(S->st));
    if (r->over)
        srv_rating_game_over(S, g);
    sgame_changed(S, g);
}

int srv_clock_due(const sgame *g, long long now)
{
    if (!timed(g) || !g->S || g->remote || g->gone || g->broken || g->row.over)
        return 0;
    for (int p = 0; p < g->row.players; p++)
        if (g->row.clock.since[p] && !g->row.seats[p].bot && srv_clock_left(g, p, now) <= 0)
            return 1;
    return 0;
}

void srv_clock_check(srv *S, sgame *g, long long now)
{
    if (!timed(g) || !g->S || g->remote || g->gone || g->broken || g->row.over)
        return;
    for (int p = 0; p < g->row.players && !g->row.over; p++)
        if (g->row.clock.since[p] && !g->row.seats[p].bot && srv_clock_left(g, p, now) <= 0)
            time_out(S, g, p, now);
}

/* ------------------------------------------------------------ what clients see */

void srv_table_json(const sgame *g, kt_jw *w, long long now)
{
    const srv_game_row *r = &g->row;
    kt_jw_key(w, "table");
    kt_jw_obj(w);
    kt_jw_kstr(w, "mode", r->timing.mode == SRV_REALTIME   ? "realtime"
                          : r->timing.mode == SRV_TURNBASED ? "turn"
                                                            : "none");
    if (timed(g)) {
        kt_jw_kbool(w, "per_move", r->timing.per_move);
        kt_jw_kint(w, "base_ms", r->timing.base_ms);
        kt_jw_kint(w, "inc_ms", r->timing.inc_ms);
        kt_jw_kstr(w, "timeout", r->timing.on_timeout == SRV_TIMEOUT_LOSE ? "lose" : "bot");
        kt_jw_key(w, "clocks");
        kt_jw_arr(w);
        for (int p = 0; p < r->players; p++) {
            kt_jw_obj(w);
            kt_jw_kint(w, "left_ms", srv_clock_left(g, p, now));
            kt_jw_kbool(w, "running", r->clock.since[p] != 0);
            kt_jw_obj_end(w);
        }
        kt_jw_arr_end(w);
    }
    kt_jw_key(w, "forfeit");
    kt_jw_arr(w);
    for (int p = 0; p < r->players; p++)
        if ((r->forfeit >> p) & 1u)
            kt_jw_int(w, p);
    kt_jw_arr_end(w);
    kt_jw_kbool(w, "rated", r->rated);
    kt_jw_kbool(w, "ended", r->over == SRV_FINISHED && r->forfeit &&
                                r->timing.on_timeout == SRV_TIMEOUT_LOSE);
    kt_jw_kint(w, "now", now); /* the page counts down from here */
    kt_jw_obj_end(w);
}

const char *sgame_status(const srv *S, const sgame *g, long long now_s)
{
    if (g->broken)
        return "broken";
    if (g->row.over == SRV_ABANDONED)
        return "abandoned";
    if (g->row.over)
        return "over";
    for (int p = 0; p < g->row.players; p++)
        if (!g->row.seats[p].bot && !g->row.seats[p].claimed)
            return "open";
    long long seen = g->remote ? g->row.updated / 1000 : g->touched;
    int watched = !g->remote && g->nsubs > 0;
    if (g->row.timing.mode != SRV_TURNBASED && !watched && S->cfg.inactive_s > 0 &&
        now_s - seen >= S->cfg.inactive_s)
        return "inactive";
    return "running";
}
