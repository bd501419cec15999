/*
 * determinize.c - resampling what a Marco Polo II player cannot see.
 *
 * Hidden from `player` (see mp2.h): the unknown top part of the contract
 * pile (s->pile[0 .. pile_unknown-1]; contracts discarded to the bottom
 * during play are known and stay in place), the undrawn city-card deck
 * (cc_deck[cc_next..]), the offer tiles below each pile's visible top
 * (offers[b][round+2..5], including the tile removed unseen at setup), and
 * the other players' goal cards until the game is over: their three
 * options are redrawn from the goal cards the player has not seen, keeping
 * whether one was kept (which one is redrawn too).  A spectator (player < 0) has seen no goal card, so
 * every player's are redrawn from all of them.
 * Nothing the player to move can see changes, so their legal actions stay
 * the same.  Hidden parts are sorted before they are shuffled, so two
 * states that differ only in what the player cannot see give the same
 * world for the same generator (no information leaks through the order).
 */
#include <string.h>

#include "mp2.h"

static void resample(kt_rng *rng, uint8_t *a, int n)
{
    if (n <= 0)
        return;
    kt_shuffle_u8_sorted(rng, a, (uint32_t)n);
}

void mp2_determinize(const kt_game *g, kt_state *st, int player, kt_rng *rng)
{
    const mp2_cfg *c = mp2_config(g);
    mp2_state *s = (mp2_state *)st;
    resample(rng, s->pile, s->pile_unknown);
    resample(rng, s->cc_deck + s->cc_next, MP2_NCARDS - s->cc_next);
    for (int b = 0; b < 3; b++)
        resample(rng, s->offers[b] + s->round + 2, 6 - (s->round + 2));
    /* after the end the final scoring has revealed every goal card: none is
     * hidden any more (redrawing them would change the scores shown) */
    if (player >= c->np || s->h.status != KT_RUNNING)
        return;
    /* a spectator (player < 0) has seen no goal card at all */
    uint8_t pool[MP2_NGOALS];
    int n = 0;
    for (int k = 0; k < MP2_NGOALS; k++) {
        int mine = 0;
        for (int i = 0; i < 3 && player >= 0; i++)
            mine |= s->pl[player].goal_opt[i] == k;
        if (!mine)
            pool[n++] = (uint8_t)k;
    }
    kt_shuffle_u8(rng, pool, (uint32_t)n);
    int next = 0;
    for (int p = 0; p < c->np; p++) {
        if (p == player)
            continue;
        for (int i = 0; i < 3; i++)
            s->pl[p].goal_opt[i] = pool[next++];
        /* which of the three was kept is hidden too; whether one was kept is not */
        if (s->pl[p].goal != MP2_NONE)
            s->pl[p].goal = (uint8_t)kt_rng_below(rng, 3);
    }
}

/* ------------------------------------------------------------ undo barrier */

/* Did the action show `player` something hidden or random?  Dice are
 * chance (the PRNG moves); a contract from the unknown part of the pile, a
 * city card from the deck and a new round's offer tiles are turned face up;
 * goal cards are shown to their owner at the start and to everybody at the
 * end.  Everything else of the game is public: another player's move is
 * legal on public facts only (their goal cards decide nothing). */
int mp2_reveals(const kt_game *g, const kt_state *before, kt_action a, const kt_state *after,
                int player)
{
    KT_UNUSED(g);
    KT_UNUSED(a);
    const mp2_state *b = (const mp2_state *)before, *s = (const mp2_state *)after;
    if (memcmp(&b->h.rng, &s->h.rng, sizeof b->h.rng) != 0)
        return 1;
    if (s->h.status != KT_RUNNING)
        return 1;
    return s->pile_unknown != b->pile_unknown || s->cc_next != b->cc_next ||
           s->round != b->round ||
           memcmp(s->pl[player].goal_opt, b->pl[player].goal_opt, 3) != 0;
}
