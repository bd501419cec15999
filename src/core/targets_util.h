/*
 * targets_util.h - the small writers every game's action_info hook
 * (targets.c) uses to fill a kt_action_info: its verb, a target, a cost.
 *
 * Data layout: kt_action_info (game.h) holds a verb string and bounded
 * arrays targets[KT_TARGETS_MAX] (kind + id) and costs[KT_COSTS_MAX]
 * (what + amount) with their counts.  The writers keep within the bounds
 * (an entry beyond them is left out: the info describes an action for a
 * front end, the rules never read it) and copy the strings truncated to
 * their fields.  Games add their own rules on top (Anno 1701 and Catan list
 * only positive costs, Marco Polo II sums costs of the same kind).
 */
#ifndef KT_TARGETS_UTIL_H
#define KT_TARGETS_UTIL_H

#include <stdio.h>
#include <string.h>

#include "game.h"

static inline void kt_info_verb(kt_action_info *o, const char *verb)
{
    snprintf(o->verb, sizeof o->verb, "%s", verb);
}

static inline void kt_info_target(kt_action_info *o, const char *kind, int id)
{
    if (o->ntargets >= KT_TARGETS_MAX)
        return;
    kt_target *t = &o->targets[o->ntargets++];
    snprintf(t->kind, sizeof t->kind, "%s", kind);
    t->id = id;
}

static inline void kt_info_cost(kt_action_info *o, const char *what, int amount)
{
    if (o->ncosts >= KT_COSTS_MAX)
        return;
    kt_cost *k = &o->costs[o->ncosts++];
    snprintf(k->what, sizeof k->what, "%s", what);
    k->amount = amount;
}

/* Add to the cost of the same kind if listed already, else list it. */
static inline void kt_info_cost_add(kt_action_info *o, const char *what, int amount)
{
    for (int i = 0; i < o->ncosts; i++)
        if (strcmp(o->costs[i].what, what) == 0) {
            o->costs[i].amount += amount;
            return;
        }
    kt_info_cost(o, what, amount);
}

#endif
