/*
 * targets_walk.h - a random-play walk that checks a game's action info
 * (kt_action_info_get) after every action: every legal action of every
 * pending player has a verb, each target's id appears in that player's
 * observation JSON where the game says it does (the game's `has_id`
 * callback), and a determinized copy of the player's view gives the same
 * info (so targets reveal nothing the player could not know).
 */
#ifndef KT_TARGETS_WALK_H
#define KT_TARGETS_WALK_H

#include "../src/util/json.h"
#include "harness.h"

/* Does observation `obs` (of `player`) hold target kind/id? */
typedef int (*kt_t_has_id)(const kt_jv *obs, int player, const char *kind, int id);

/* Plays `games` random games of `name` with `options` and `np` players (at
 * most `steps` actions each), checking as above.  Counts the verbs seen in
 * `verbs` (a "verb,verb,..." buffer of `cap` bytes, may be NULL).  Returns
 * the number of actions checked. */
long kt_t_targets_walk(kt_t *T, const char *name, const char *options, int np, uint64_t seed,
                       int games, int steps, kt_t_has_id has_id, char *verbs, size_t cap);

/* Is integer `id` an element of the array obs[key] (or of obs[key][i][sub]
 * when sub is not NULL)? */
int kt_t_json_has_int(const kt_jv *arr, const char *sub, int id);

#endif
