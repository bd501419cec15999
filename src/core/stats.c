/*
 * stats.c - component statistics (kontor.h): the public calls over a
 * game's optional kt_statsdef (game.h).  No data of its own: each call
 * looks the game's table up and asks it.
 */
#include <string.h>

#include "game.h"

const kt_stats_info *kt_stats_info_of(const char *game)
{
    const kt_gamedef *d = game ? kt_gamedef_find(game) : NULL;
    return d && d->stats ? &d->stats->info : NULL;
}

kt_status kt_stats_items(const kt_game *g, kt_stat_item *out, int cap, int *n, kt_err *err)
{
    *n = 0;
    if (!g->def->stats)
        return kt_seterr(err, KT_EUNKNOWN, "%s has no component statistics",
                         g->def->info.name);
    int k = g->def->stats->items(g, out, cap < 0 ? 0 : cap);
    if (k < 0)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    *n = k;
    return KT_OK;
}

int kt_stats_acquired(const kt_game *g, const kt_state *s, kt_action a, char *name, size_t cap)
{
    if (cap)
        name[0] = '\0';
    if (!g->def->stats || !cap)
        return 0;
    return g->def->stats->acquires(g, s, a, name, cap);
}
