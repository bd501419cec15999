/*
 * determinize.c - resample what a player cannot see.
 *
 * For the observer p:
 *   - p's own deck is reshuffled below the top `known_top` cards (those p put
 *     there or looked at keep their places); p's hand, discard pile and
 *     looked-at cards are p's own knowledge and stay;
 *   - for every other player q, the cards of q that p cannot see are pooled
 *     and dealt back into the same places with the same sizes: the hand
 *     except the cards known to be in it (hand_known: revealed Moat, cards
 *     gained to hand), the deck below its publicly known top cards, the
 *     discard pile below its visible top card, and q's face-down set-aside
 *     cards.  q's owned cards are public (every gain and trash is seen), so
 *     the pool is per player and what q owns never changes.
 * The pools are sorted before shuffling, so the result depends only on
 * the information set and the seed.
 *   - the face-down Loot pile (Plunder) is reshuffled.
 * Simplification (documented in docs/dominion.md): p is assumed to forget
 * the order and content of q's discard pile below its top card and hands
 * revealed in the past (Bureaucrat).  Derived counters are recomputed.
 */
#include <string.h>

#include "dominion.h"

/* Shuffle n cards after sorting them: the result must depend only on which
 * cards they are (the player's information), never on their hidden order,
 * so that every state of one information set gives the same world for a
 * seed. */
static void shuffle_part(kt_rng *rng, uint8_t *a, int n)
{
    if (n < 2)
        return;
    int cnt[DOM_NIDS];
    memset(cnt, 0, sizeof cnt);
    for (int i = 0; i < n; i++)
        cnt[a[i]]++;
    int k = 0;
    for (int id = 0; id < DOM_NIDS; id++)
        for (int j = 0; j < cnt[id]; j++)
            a[k++] = (uint8_t)id;
    kt_shuffle_u8(rng, a, (uint32_t)n);
}

static void resample_other(const dom_cfg *c, dom_state *s, int q, kt_rng *rng)
{
    dom_player *Q = &s->pl[q];
    uint8_t pool[DOM_MAXC];
    int n = 0, nhand = 0;
    for (int i = 0; i < c->nids; i++) {
        int id = c->ids[i];
        int hidden = Q->hand[id] - Q->pubhand[id];
        for (int k = 0; k < hidden; k++)
            pool[n++] = (uint8_t)id;
        nhand += hidden;
        Q->hand[id] = Q->pubhand[id];
    }
    int ndeck = Q->ndeck - Q->pub_top; /* bottom part of the deck */
    memcpy(pool + n, Q->deck, (size_t)ndeck);
    n += ndeck;
    int ndisc = Q->ndisc ? Q->ndisc - 1 : 0; /* all but the visible top */
    memcpy(pool + n, Q->disc, (size_t)ndisc);
    n += ndisc;
    for (int i = 0; i < s->naside; i++)
        if (s->aside[i].owner == q && dom_aside_hidden(s->aside[i].kind))
            pool[n++] = s->aside[i].card;
    shuffle_part(rng, pool, n);
    int k = 0;
    for (int i = 0; i < nhand; i++)
        Q->hand[pool[k++]]++;
    memcpy(Q->deck, pool + k, (size_t)ndeck);
    k += ndeck;
    memcpy(Q->disc, pool + k, (size_t)ndisc);
    k += ndisc;
    for (int i = 0; i < s->naside; i++)
        if (s->aside[i].owner == q && dom_aside_hidden(s->aside[i].kind))
            s->aside[i].card = pool[k++];
    KT_ASSERT(k == n);
}

void dom_determinize(const kt_game *g, kt_state *st, int player, kt_rng *rng)
{
    dom_state *s = dom_st(st);
    const dom_cfg *c = dom_cfgof(g);
    if (player < 0 || player >= c->np)
        return;
    dom_player *P = &s->pl[player];
    shuffle_part(rng, P->deck, P->ndeck - P->known_top);
    for (int q = 0; q < c->np; q++)
        if (q != player)
            resample_other(c, s, q, rng);
    /* the face-down Loot pile (Plunder) is hidden from everyone */
    shuffle_part(rng, s->loot, s->nloot);
    dom_derive(g, s);
}
