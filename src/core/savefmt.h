/*
 * savefmt.h - pieces of the games' saved-state format that several games
 * share, read through the validating JSON reader (json.h).
 *
 * Data layout: none of its own.  A saved state keeps its per-player data in
 * a "players" object keyed by seat number ("0", "1", ...), so a record or a
 * person can tell the seats apart at a glance; this reader checks that
 * shape once for every game and leaves each player's fields to the game.
 */
#ifndef KT_SAVEFMT_H
#define KT_SAVEFMT_H

#include "util/json.h"

/* Reads member "players" of `o`: an object with exactly the members "0" ..
 * "<np-1>", each an object.  fn(r, player, p, ctx) loads seat p with the
 * path "players.<p>" pushed and returns 1 on success.  1 when every seat
 * loaded; 0 after the first failure (recorded in r, naming the path). */
int kt_saved_players(kt_jr *r, const kt_jv *o, int np,
                     int (*fn)(kt_jr *r, const kt_jv *player, int p, void *ctx), void *ctx);

#endif
