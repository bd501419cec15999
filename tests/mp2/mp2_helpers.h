/*
 * mp2_helpers.h - scenario helpers for the Marco Polo II tests.
 *
 * mp2_scn() plays the set-up decisions of a game with the given options
 * (first legal choice each time) until the first player's turn of round 1,
 * then applies a merge patch to that position's full-state JSON and loads
 * it through the validating loader.  So a scenario is "a real turn
 * position, with these fields changed"; tests read the result through the
 * state struct (mp2.h) and act through action texts (KT_DO).
 */
#ifndef MP2_HELPERS_H
#define MP2_HELPERS_H

#include "../../src/games/mp2/mp2.h"
#include "../harness.h"

kt_scn mp2_scn(kt_t *T, const char *opts, int np, const char *patch);
/* State and config of a scenario. */
#define MS(c) ((mp2_state *)(c)->s)
#define MC(c) ((const mp2_cfg *)(c)->g->cfg)
#define PL(c, p) (MS(c)->pl[p])
/* Location index by English name (-1 if unknown). */
int mp2_t_loc(const kt_scn *c, const char *name);
int mp2_t_contract(const kt_scn *c, const char *id);
int mp2_t_card(const kt_scn *c, const char *id);
/* Final scores of a finished or running state. */
int mp2_t_score(const kt_scn *c, int p);
/* Is an action with this text legal now? (wrapper over kt_scn_legal) */
#define LEGAL(c, text) kt_scn_legal((c), (text))
/* Directory with a copy of the built-in data files (caller frees with
 * mp2_t_rmdir); NULL on failure. */
char *mp2_t_datadir(void);
void mp2_t_rmdir(char *dir);
/* Replace the first occurrence of `from` by `to` in dir/file. */
int mp2_t_edit(const char *dir, const char *file, const char *from, const char *to);

/* For a scenario with options/np: a state patch fragment
 * ("pile_unknown":..,"pile":[...]) with the last k contracts of the start
 * pile removed, and their ids as a JSON list in ids ("C01","C02").  Lets a
 * test mark contracts as completed without breaking conservation. */
int mp2_t_pile_take(kt_t *T, const char *opts, int np, int k, char *pile, size_t pn, char *ids,
                    size_t in);

#endif
