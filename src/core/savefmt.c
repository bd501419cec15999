/*
 * savefmt.c - the shared pieces of the games' saved-state format (see
 * savefmt.h).
 *
 * Data layout: none of its own.
 */
#include "savefmt.h"

#include <stdio.h>
#include <string.h>

int kt_saved_players(kt_jr *r, const kt_jv *o, int np,
                     int (*fn)(kt_jr *r, const kt_jv *player, int p, void *ctx), void *ctx)
{
    const kt_jv *ps = kt_jr_get(r, o, "players", KT_JOBJ);
    if (!ps)
        return 0;
    kt_jr_push(r, "players");
    char keys[64] = "";
    for (int p = 0; p < np; p++)
        snprintf(keys + strlen(keys), sizeof keys - strlen(keys), "%s%d", p ? "," : "", p);
    int ok = kt_jr_only(r, ps, keys);
    if (ok && ps->n != np)
        ok = kt_jr_fail(r, "expected %d players, got %d", np, ps->n);
    for (int p = 0; ok && p < np; p++) {
        char k[12];
        snprintf(k, sizeof k, "%d", p);
        const kt_jv *po = kt_jr_get(r, ps, k, KT_JOBJ);
        if (!po) {
            ok = 0;
            break;
        }
        kt_jr_push(r, k);
        ok = fn(r, po, p, ctx);
        kt_jr_pop(r);
    }
    kt_jr_pop(r);
    return ok && !r->failed;
}
