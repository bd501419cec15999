/*
 * catan_test.h - scenario helpers for the catan_* tests.
 *
 * cat_scn() builds an exact position: the start position of a game with
 * the given options (beginner layout unless the options say otherwise), a
 * standard "player 1's main phase after a roll" patch (cat_scn only), then
 * the test's own merge patch.  Progress decks are filled automatically with
 * every card not listed in a hand or as a revealed VP card, unless the
 * patch sets "decks" itself, so tests only write what matters.
 *
 * Places on the beginner map (hex letter: terrain number; corner vertices
 * N, NE, SE, S, SW, NW):
 *   A Mountains 10: 0 4 8 12 7 3      B Pasture 2: 1 5 9 13 8 4
 *   C Forest 9: 2 6 10 14 9 5         D Fields 12: 7 12 17 22 16 11
 *   E Hills 6: 8 13 18 23 17 12       F Pasture 4: 9 14 19 24 18 13
 *   G Hills 10: 10 15 20 25 19 14     H Fields 9: 16 22 28 33 27 21
 *   I Forest 11: 17 23 29 34 28 22    J Desert: 18 24 30 35 29 23
 *   K Forest 3: 19 25 31 36 30 24     L Mountains 8: 20 26 32 37 31 25
 *   M Forest 8: 28 34 39 43 38 33     N Mountains 3: 29 35 40 44 39 34
 *   O Fields 4: 30 36 41 45 40 35     P Pasture 5: 31 37 42 46 41 36
 *   Q Hills 5: 39 44 48 51 47 43      R Fields 6: 40 45 49 52 48 44
 *   S Pasture 11: 41 46 50 53 49 45
 */
#ifndef CATAN_TEST_H
#define CATAN_TEST_H

#include "../../src/games/catan/catan.h"
#include "../harness.h"

/* Main phase of player 0 (turn 5, last roll red 2 yellow 3 and a ship) plus patch. */
kt_scn cat_scn(kt_t *T, const char *options, int players, const char *patch);
/* The same with a second patch merged after the first. */
kt_scn cat_scn2(kt_t *T, const char *options, int players, const char *patch, const char *patch2);
/* Start position plus patch (no standard main-phase patch). */
kt_scn cat_scn_raw(kt_t *T, const char *options, int players, const char *patch);

static inline cat_state *CS(kt_scn *c) { return (cat_state *)c->s; }

/* hand count of kind k for player p */
int cat_t_hand(kt_scn *c, int p, int k);
/* number of progress cards of type `card` in p's hand */
int cat_t_has_card(kt_scn *c, int p, int card);
/* apply the action and expect the decision afterwards */
int cat_t_decision_is(kt_scn *c, const char *name);
/* edge id of a-b (fails the test when they are not neighbours) */
int cat_t_edge(int a, int b);
/* replace the game's generator so the next random events are reproducible */
void cat_t_reseed(kt_scn *c, uint64_t seed);
/* force the next roll: set the state so that `roll` gives these dice by
 * searching generator seeds (event 1 ship, 2..4 gates) */
int cat_t_roll(kt_t *T, kt_scn *c, int red, int yellow, int event);
/* the same without rolling: the next "roll" gives these dice */
int cat_t_rig_roll(kt_t *T, kt_scn *c, int red, int yellow, int event);

#endif
