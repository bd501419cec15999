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
 *
 * The undo barrier (dom_reveals, game.h `reveals`) asks the same question
 * from the other side: did an action show p a card p did not know?  It
 * replays the action on a traced copy (log.c) and reads the reports.
 */
#include <stdlib.h>
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
    const dom_cfg *c = dom_config(g);
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

/* ------------------------------------------------------------ undo barrier */

/* Another player's decision that shows nothing of their hidden hand:
 * buying a card without effects of its own when gained.  Most other
 * decisions lead back to their Action or Buy phase, which the rules skip
 * when the hand holds nothing to play: the next decision p sees tells about
 * the hand.  Events, "when you gain" effects and Traits act on the hand or
 * ask about it (Foray, Gondola); a buy that ends the Buy phase starts the
 * Clean-up, whose choices depend on the hand (Friendly, Patient). */
static int public_buy(const kt_game *g, const dom_state *s, kt_action a)
{
    int card = DOM_CARD(a);
    return DOM_VERB(a) == DOM_V_BUY && s->buys > 1 && dom_cards[card].kind != DOM_K_EVENT &&
           !(dom_cards[card].flags & DOM_CF_ONGAIN) && !dom_config(g)->trait_of[card];
}

/* Does gaining this card open a reaction window of the other players? */
static int reaction_gain(const dom_cfg *c, int card)
{
    return (dom_is(card, DOM_T_VICTORY) && c->total[DOM_MAPMAKER]) ||
           (dom_is(card, DOM_T_DURATION) && c->total[DOM_STOWAWAY]);
}

/* Did a report show p a card p did not know?  p knows its own hand,
 * discard pile, set-aside cards and the top of its deck it has seen
 * (DOM_TK_KNOWN); everybody knows the public top (DOM_TK_PUBLIC).  Cards
 * of another player that move from their hand, deck or a face-down place
 * to where p sees them are shown to p; the reports do not say where every
 * card came from, so any discard, trash, reveal or play of another player
 * counts (their own turn shows them anyway).  Their draws count too: what
 * they drew decides whether the rules skip their Action phase, which p sees
 * (the next decision).  Reaction windows tell about hands as well, opened
 * or not: an Attack played (Moat, Shield), a Victory card gained while a
 * Mapmaker, a Duration while a Stowaway is in the game. */
static int report_reveals(const dom_cfg *c, const dom_tev *e, int p)
{
    int mine = e->p == p;
    if (e->deck) { /* the card just left the top of its owner's deck */
        if (e->deck & DOM_TK_PUBLIC)
            return 0;
        if (mine)
            return !(e->deck & DOM_TK_KNOWN);
        return !(e->kind == DOM_TE_ASIDE && dom_aside_hidden(e->arg));
    }
    switch (e->kind) {
    case DOM_TE_DRAW: /* drawn unseen by anybody (the fast draw) */
        return !e->arg;
    case DOM_TE_SHUFFLE:
        return 1;
    case DOM_TE_GAIN:
        return (e->arg >> 4) == DOM_FROM_LOOT || /* the face-down Loot pile */
               reaction_gain(c, e->card);
    case DOM_TE_TOPDECK:
        return !mine && e->arg;
    case DOM_TE_ASIDE:
        return !mine && !dom_aside_hidden(e->arg);
    case DOM_TE_PLAY:
        return (!mine && !e->arg) || (dom_is(e->card, DOM_T_ATTACK) && c->np > 1);
    case DOM_TE_REVEAL:
    case DOM_TE_DISCARD:
    case DOM_TE_TRASH:
    case DOM_TE_BOTTOM:
        return !mine;
    default:
        return 0;
    }
}

int dom_reveals(const kt_game *g, const kt_state *before, kt_action a, const kt_state *after,
                int player)
{
    if (memcmp(&before->h.rng, &after->h.rng, sizeof before->h.rng) != 0)
        return 1; /* a shuffle */
    if (after->h.status != KT_RUNNING)
        return 1; /* the end: every deck is counted */
    if (before->h.to_move != player &&
        (!public_buy(g, dom_cst(before), a) || dom_cst(after)->phase != DOM_PH_BUY))
        return 1; /* a card of their hidden hand or look made it legal, or the Clean-up began */
    if (before->h.decision == DOM_D_REACT || before->h.decision == DOM_D_REACTGAIN ||
        (after->h.to_move != player && after->h.to_move != before->h.to_move))
        return 1; /* who is asked next, and whether the rules skip their Action phase or a
                   * reaction window, tells about their hand */
    if (before->h.turn_player != player && after->h.turn != before->h.turn)
        return 1; /* their Clean-up discards the hand (untraced): its last card may lie on top */
    const dom_state *b = dom_cst(before);
    for (int i = 0; i < b->nstack; i++)
        if (b->stack[i].fx == DOM_FX_GAIN && reaction_gain(dom_config(g), b->stack[i].card))
            return 1; /* a gain still resolving: the others' reaction window may come now */
    dom_tracer *t = dom_trace_run(g, before, a);
    int r = !t || t->lost;
    for (int i = 0; t && i < t->n && !r; i++)
        r = report_reveals(dom_config(g), &t->ev[i], player);
    if (t)
        dom_trace_free(g, t);
    return r;
}
