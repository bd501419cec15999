/*
 * log.c - the game log: events of one action, filtered for one viewer.
 *
 * A kt_log is a short-lived sink on the caller's stack: it holds the viewer
 * and language the log is written for and a JSON writer positioned inside
 * an array.  Each kt_log_add that the viewer may see appends one object
 * {"kind":..,"player":..,"text":..}.  Events are not stored anywhere else:
 * a host keeps the states before each action (its undo history or the
 * record) and asks again, so the log costs nothing during simulations.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "mem.h"

struct kt_log {
    kt_jw *w;
    int viewer; /* player, KT_SPECTATOR or KT_OMNISCIENT */
    int lang;
    int count;
    uint32_t last_vis; /* the event added last (omniscient twins, below) */
    char last_kind[24];
};

int kt_log_visible(const kt_log *log, uint32_t vis)
{
    if (log->viewer == KT_OMNISCIENT)
        return 1;
    if (log->viewer < 0)
        return (vis & KT_VIS_SPECTATOR) != 0;
    return log->viewer < 31 && ((vis >> log->viewer) & 1u);
}

int kt_log_lang(const kt_log *log) { return log->lang; }
int kt_log_viewer(const kt_log *log) { return log->viewer; }
const kt_allocator *kt_log_alloc(const kt_log *log) { return log->w->b->a; }

/* An omniscient reader sees every event, but a game writes the private
 * form of an event (KT_VIS_ONLY(p): "Player 1 draws Copper x4, Estate")
 * and then its public form for the others (KT_VIS_EXCEPT(p): "Player 1
 * draws 5 cards"): the public twin right after its private form says
 * nothing new and is left out (a replay with `v all` showed each draw
 * twice). */
static int public_twin(const kt_log *log, uint32_t vis, const char *kind)
{
    if (log->viewer != KT_OMNISCIENT || !(vis & KT_VIS_SPECTATOR))
        return 0;
    uint32_t missing = ~vis & ~KT_VIS_SPECTATOR;
    return missing && !(missing & (missing - 1)) && log->last_vis == missing &&
           !strcmp(log->last_kind, kind ? kind : "note");
}

void kt_log_add(kt_log *log, uint32_t vis, const char *kind, int player, const char *en,
                const char *de)
{
    if (!kt_log_visible(log, vis) || public_twin(log, vis, kind))
        return;
    log->last_vis = vis;
    snprintf(log->last_kind, sizeof log->last_kind, "%s", kind ? kind : "note");
    const char *text = log->lang == KT_LANG_DE && de ? de : en;
    kt_jw_obj(log->w);
    kt_jw_kstr(log->w, "kind", kind ? kind : "note");
    kt_jw_kint(log->w, "player", player);
    kt_jw_kstr(log->w, "text", text ? text : "");
    kt_jw_obj_end(log->w);
    log->count++;
}

void kt_log_addf(kt_log *log, uint32_t vis, const char *kind, int player, const char *fmt, ...)
{
    if (!kt_log_visible(log, vis))
        return;
    kt_buf b;
    kt_buf_init_alloc(&b, kt_log_alloc(log));
    va_list ap;
    va_start(ap, fmt);
    kt_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    kt_log_add(log, vis, kind, player, b.p ? b.p : "", NULL);
    kt_buf_free(&b);
}

char *kt_events_json(const kt_game *g, const kt_state *before, int actor, kt_action a,
                     const kt_state *after, int viewer, int lang, kt_err *err)
{
    if (!g || !before || !after || viewer < KT_OMNISCIENT || viewer >= g->nplayers ||
        actor < -1 || actor >= g->nplayers || (lang != KT_LANG_EN && lang != KT_LANG_DE)) {
        kt_seterr(err, KT_EINVAL, "kt_events_json: bad argument (viewer %d, actor %d)", viewer,
                  actor);
        return NULL;
    }
    kt_buf b;
    kt_buf_init_alloc(&b, &g->alloc);
    kt_jw w;
    kt_jw_init(&w, &b);
    kt_jw_arr(&w);
    kt_log log = {.w = &w, .viewer = viewer, .lang = lang};
    /* The game describes the action from the actor's position: a pending
     * player other than to_move acted on a copy whose to_move was theirs. */
    kt_state *tmp = NULL;
    const kt_state *from = before;
    if (actor >= 0 && actor != before->h.to_move && before->h.status == KT_RUNNING) {
        tmp = kt_state_as_copy(g, before, actor);
        if (!tmp) {
            kt_buf_free(&b);
            kt_seterr(err, KT_ENOMEM, "out of memory");
            return NULL;
        }
        from = tmp;
    }
    if (actor < 0)
        actor = from->h.to_move;
    char txt[256];
    kt_action_text_as(g, from, KT_TO_MOVE, a, viewer, lang, txt, sizeof txt);
    kt_log_add(&log, KT_VIS_ALL, "action", actor, txt, NULL);
    if (g->def->events)
        g->def->events(g, from, a, after, &log);
    kt_state_as_free(g, tmp);
    kt_jw_arr_end(&w);
    char *out = kt_str_take(&b);
    if (!out)
        kt_seterr(err, KT_ENOMEM, "out of memory");
    return out;
}
