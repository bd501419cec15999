/*
 * fwm_helpers.h - scenario helpers for the Fugger, Welser, Medici tests.
 *
 * fwm_scn builds an exact position from full-state JSON: the start position
 * with a base patch (every card in the box, nothing on display, no deck,
 * no fair; player p's home is Augsburg, Nürnberg or Florenz for p % 3 =
 * 0, 1, 2 with merchants A and B there; start player 0; the last player's
 * movement turn of round 1) and then the test's own merge patch.  Tests
 * read the state through S(c) and rig dice with fwm_dice.
 */
#ifndef FWM_HELPERS_H
#define FWM_HELPERS_H

#include "../../src/games/fwm/rules.h"
#include "../harness.h"

#define S(c) ((fwm_state *)(c)->s)
#define C(c) fwm_config((c)->g)

kt_scn fwm_scn(kt_t *T, const char *opts, int np, const char *patch);
/* Apply `text` as pending player p (any pending player, as a host would). */
int fwm_as(kt_t *T, kt_scn *c, int p, const char *text, const char *file, int line);
#define AS(c, p, text) fwm_as(T, (c), (p), (text), __FILE__, __LINE__)
/* Is `text` legal for pending player p now? */
int fwm_legal_for(kt_scn *c, int p, const char *text);
/* The next rolls of the game's dice will be `dice` (values 1-6). */
void fwm_dice(kt_t *T, kt_scn *c, const int *dice, int n);
#define DICE(c, ...) \
    do { \
        const int d_[] = {__VA_ARGS__}; \
        fwm_dice(T, (c), d_, (int)(sizeof d_ / sizeof d_[0])); \
    } while (0)
/* Apply `text` as player p and return the game log of that action as
 * `viewer` sees it (malloc'd JSON; kt_free). */
char *fwm_log(kt_t *T, kt_scn *c, int p, const char *text, int viewer, int lang);
int fwm_sp(const kt_scn *c, const char *code);
int fwm_cd(const kt_scn *c, const char *id);
/* Play "end turn" for the mover until phase 1 of the next round has been
 * run (the next decision comes back); nobody trades (fwm_no_trades). */
void fwm_end_round(kt_t *T, kt_scn *c);
/* Every player of phase 1's trading window answers "done trading". */
void fwm_no_trades(kt_t *T, kt_scn *c);
/* Sealed bid of player p: quantity q (0 = pass) at `price` each, one action. */
void fwm_bid(kt_t *T, kt_scn *c, int p, int q, int price, const char *file, int line);
#define BID(c, p, q, price) fwm_bid(T, (c), (p), (q), (price), __FILE__, __LINE__)



/* Open N12 (Hamburg, due in round 1: nobody can sell), A03, N09, N01 (due
 * later); the draw deck is `deck` (ids, bottom first, comma-separated).
 * `where` and `more` add members to "where" and to the state.  After the
 * last movement turn N12 resolves and the top card is drawn. */
kt_scn fwm_draw(kt_t *T, const char *opts, int np, const char *deck, const char *where,
                const char *more);
#endif
