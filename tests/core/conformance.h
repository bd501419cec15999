/*
 * conformance.h - the generic API conformance run, reusable by game tests
 * for configurations other than the defaults (e.g. Plunder kingdoms).
 */
#ifndef KT_CONFORMANCE_H
#define KT_CONFORMANCE_H

#include "../harness.h"

/* `games` random games with checks after every action; the first
 * `deep_games` also do save/load, text, determinize and illegal-action
 * checks at random points.  Fails the test if a game does not end within
 * max_actions. */
void kt_conformance_run(kt_t *T, const char *game, const char *options, int players, int games,
                        int deep_games, long max_actions);

#endif
