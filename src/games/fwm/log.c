/*
 * log.c - the game log of Fugger, Welser, Medici (gamedef.events).  The
 * rules write the log lines themselves as they resolve (fx.log, NULL in
 * normal play): the hook re-runs the action on a copy of the state before
 * it with the log attached.
 */
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "../../core/mem.h"

/* The game log: re-run the action on a copy with the log attached. */
void fwm_events(const kt_game *g, const kt_state *before, kt_action a, const kt_state *after,
                kt_log *out)
{
    KT_UNUSED(after);
    kt_state *copy = kt_mem_alloc(&g->alloc, g->state_size);
    if (!copy)
        return;
    memcpy(copy, before, g->state_size);
    fwm_apply_log(g, copy, a, out);
    kt_mem_free(&g->alloc, copy, g->state_size);
}
