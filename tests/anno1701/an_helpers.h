/*
 * an_helpers.h - scenario helpers for the Anno 1701 tests.
 *
 * an_scn() builds an exact position as a merge patch of the full-state JSON:
 * player 1 (Lion) is in the action phase of turn 1 with an empty task stack,
 * both settlements at their start values (landscapes 1, gold 3+3, ship I,
 * four pioneers, no hand), no dice yet; p0/p1 are merge patches of the two
 * player objects, `rest` a merge patch of the whole envelope (header and
 * state).  Unless `rest` gives "piles" (or "supply"), the helper fills the
 * era piles with every card not in a hand, settlement or the discard pile
 * (data order, 9 per pile), and the inhabitant supply with what the
 * settlements do not use, so tests name only what matters.  The result is
 * loaded through the validating loader (kt_scn_new).
 *
 * Dice and shuffles come from the state's generator: an_t_force() searches
 * a generator state for which an action leads to a wanted outcome, so a
 * scenario stays an exact position.
 */
#ifndef AN_HELPERS_H
#define AN_HELPERS_H

#include "../../src/games/anno1701/anno1701.h"
#include "../harness.h"

kt_scn an_scn(kt_t *T, const char *opts, const char *p0, const char *p1, const char *rest);

#define AS(c) ((an_state *)(c)->s)
#define AC(c) ((const an_cfg *)(c)->g->cfg)
#define PL(c, p) (AS(c)->pl[p])
#define LEGAL(c, text) kt_scn_legal((c), (text))

/* Definition index of an era card by English name (-1 if unknown). */
int an_t_def(const kt_scn *c, const char *name);
int an_t_vdef(const kt_scn *c, const char *name);
/* Goods of a kind held by player p. */
int an_t_goods(const kt_scn *c, int p, int good);
int an_t_gold(const kt_scn *c, int p);

/* Find a generator state for which applying `text` makes pred(state, ctx)
 * true; installs it in the scenario and returns 1 (0 = none found, the test
 * fails).  The action is not applied. */
typedef int (*an_pred)(const kt_scn *after, void *ctx);
int an_t_force(kt_t *T, kt_scn *c, const char *text, an_pred pred, void *ctx);

/* The same, with the wanted outcome as text that must appear in the game
 * log (omniscient, English) of the action, e.g. "Voyage card 1: Hurricane". */
int an_t_force_log(kt_t *T, kt_scn *c, const char *text, const char *want);

/* Common predicates: the next turn's dice (ctx: int[2] = number, event). */
int an_t_pred_dice(const kt_scn *after, void *ctx);
/* The voyage cards turned so far start with these definitions (ctx: int[8],
 * -1 terminated). */
int an_t_pred_voyage(const kt_scn *after, void *ctx);

/* "end turn" with the next dice forced to (number, event). */
int an_t_end_turn_with(kt_t *T, kt_scn *c, int number, int event);

#endif
