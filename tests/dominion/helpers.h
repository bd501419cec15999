/*
 * helpers.h - shared helpers of the Dominion tests: scenario creation and
 * queries into the full-state JSON by dotted path.
 */
#ifndef DOM_TEST_HELPERS_H
#define DOM_TEST_HELPERS_H

#include <stdlib.h>

#include "../harness.h"

/* Compact JSON at a dotted path of the scenario's full-state JSON
 * ("state.players.0.hand"); malloc'd, NULL if absent. */
char *dom_t_get(kt_scn *c, const char *path);
/* Integer at a path (-99999 if absent or not a number). */
long dom_t_int(kt_scn *c, const char *path);
/* Length of the array at a path (-1 if absent). */
int dom_t_len(kt_scn *c, const char *path);
/* Apply actions given as text separated by '|'; fails the test on the first
 * one refused. */
int dom_t_do_all(kt_t *T, kt_scn *c, const char *actions, const char *file, int line);

#define DOM_JEQ(c, path, want)                                                                 \
    do {                                                                                       \
        char *v_ = dom_t_get((c), (path));                                                     \
        KT_STREQ(v_, (want));                                                                  \
        free(v_);                                                                              \
    } while (0)
#define DOM_DO(c, acts) dom_t_do_all(T, (c), (acts), __FILE__, __LINE__)

/* A scenario in the Action phase of player 1 (seat 0): `players` is the
 * JSON of the state's "players" member patch, e.g.
 * "\"0\":{\"hand\":[\"Village\"],\"deck\":[],\"discard\":[]}"; the supply
 * is derived from what the zones hold. */
kt_scn dom_t_action(kt_t *T, const char *kingdom, int np, const char *players);
/* The same in the Buy phase. */
kt_scn dom_t_buy(kt_t *T, const char *kingdom, int np, const char *players, int coins);

#endif

/* A scenario for Plunder rules: options "landscapes=0;" + opts (no random
 * Events or Traits unless asked for), player tp to move in `phase`
 * ("action" or "buy") with `coins`, and `members`: further members of the
 * state patch, e.g. "\"players\":{\"0\":{...}},\"trash\":[...]" (may be "").
 * The supply is derived from what the zones hold. */
kt_scn dom_t_scene(kt_t *T, const char *opts, int np, int tp, const char *phase, int coins,
                   const char *members);
/* The "loot" member of a state patch: the cards of `tops` (comma list) on
 * top of the pile in that order, then the other Loots of the 30, minus the
 * cards in `gone` (comma list; copies held elsewhere in the scenario). */
void dom_t_loot(char *buf, size_t cap, const char *tops, const char *gone);
/* Number of `card` (English name) in the JSON array at path. */
int dom_t_count(kt_scn *c, const char *path, const char *card);
/* Apply an action if it is legal now (returns whether it was applied):
 * for "end actions" and the like, which the engine skips when there is no
 * choice. */
int dom_t_try(kt_scn *c, const char *text);
/* Copies of `card` in player p's hand, deck and discard pile. */
int dom_t_owned(kt_scn *c, int p, const char *card);
