/*
 * determinize.c - resampling what one player of Anno 1701 cannot see.
 *
 * Hidden from player p: the opponent's hand cards p does not know (their
 * eras are public: card backs), the contents and order of the six era piles
 * (except the pile p is searching right now), and the unturned voyage cards
 * of a voyage in progress (between voyages the deck lies sorted: it is
 * shuffled when a voyage starts).  Per era, the hidden cards are pooled,
 * sorted (so the result depends only on what p knows), shuffled and dealt
 * back into the same places: the opponent's unknown slots of that era in
 * order, then the era's two piles.  p forgets what it put under a pile
 * itself (a coarser information set, never a finer one).
 */
#include <string.h>

#include "anno1701.h"


static void resample_era(const an_cfg *c, an_state *s, int player, int era, int keep, kt_rng *rng)
{
    an_player *op = &s->pl[1 - player];
    uint8_t pool[AN_ERA_CARDS + AN_MAXHAND];
    int n = 0;
    for (int i = 0; i < op->nh; i++)
        if (!((op->known >> i) & 1) && c->def[op->hand[i]].era == era + 1)
            pool[n++] = op->hand[i];
    for (int k = 2 * era; k < 2 * era + 2; k++)
        if (k != keep)
            for (int i = 0; i < s->plen[k]; i++)
                pool[n++] = s->pile[k][i];
    kt_shuffle_u8_sorted(rng, pool, (uint32_t)n);
    int m = 0;
    for (int i = 0; i < op->nh; i++)
        if (!((op->known >> i) & 1) && c->def[op->hand[i]].era == era + 1)
            op->hand[i] = pool[m++];
    for (int k = 2 * era; k < 2 * era + 2; k++)
        if (k != keep)
            for (int i = 0; i < s->plen[k]; i++)
                s->pile[k][i] = pool[m++];
}

void an_determinize(const kt_game *g, kt_state *st, int player, kt_rng *rng)
{
    const an_cfg *c = an_config(g);
    an_state *s = (an_state *)st;
    if (player < 0 || player >= AN_NP)
        return;
    const an_task *t = s->nstack ? &s->stack[s->nstack - 1] : NULL;
    int keep = t && t->t == K_SEARCH && t->p == player ? t->x : -1;
    for (int e = 0; e < AN_NERA; e++)
        resample_era(c, s, player, e, keep, rng);
    if (s->phase == PH_VOYAGE && s->vpos < AN_NVOY) {
        int n = AN_NVOY - s->vpos;
        kt_shuffle_u8_sorted(rng, s->voy + s->vpos, (uint32_t)n);
    }
}

/* ------------------------------------------------------------ undo barrier */

/* Copies of each definition in a hand. */
static void hand_count(const an_player *P, uint8_t *n)
{
    memset(n, 0, AN_MAXDEF);
    for (int i = 0; i < P->nh && i < AN_MAXHAND; i++)
        if (P->hand[i] < AN_MAXDEF)
            n[P->hand[i]]++;
}

/* Did the action show `player` something hidden or random?  Chance (dice,
 * the voyage deck shuffled) moves the PRNG; a voyage card turned; a card
 * that came into the player's hand (drawn from an era pile, taken from the
 * opponent); a card that left the opponent's hand (built, played, taken:
 * shown, and only holding it made the move legal) or came into it by
 * their own move (a pick from a pile they searched is legal only if the
 * card lies there); the opponent's hand shown (Spy); an era pile opened
 * for the player's search; the end. */
int an_reveals(const kt_game *g, const kt_state *before, kt_action a, const kt_state *after,
               int player)
{
    KT_UNUSED(g);
    const an_state *b = (const an_state *)before, *s = (const an_state *)after;
    if (memcmp(&b->h.rng, &s->h.rng, sizeof b->h.rng) != 0 || s->h.status != KT_RUNNING ||
        s->vpos != b->vpos)
        return 1;
    if (AN_AK(a) == A_LODGE &&
        (b->h.to_move != player || (AN_AY(a) < AN_NPILE && b->plen[AN_AY(a)])))
        return 1; /* the card put under is shown; the top of that pile drawn unseen, even if
                   * it equals that card */
    uint8_t nb[AN_MAXDEF], na[AN_MAXDEF];
    hand_count(&b->pl[player], nb);
    hand_count(&s->pl[player], na);
    for (int d = 0; d < AN_MAXDEF; d++)
        if (na[d] > nb[d])
            return 1;
    const an_player *qb = &b->pl[1 - player], *qa = &s->pl[1 - player];
    hand_count(qb, nb);
    hand_count(qa, na);
    for (int d = 0; d < AN_MAXDEF; d++)
        if (na[d] < nb[d] || (na[d] != nb[d] && b->h.to_move != player))
            return 1;
    if (qa->known & ~qb->known)
        return 1;
    const an_task *t = s->nstack ? &s->stack[s->nstack - 1] : NULL;
    return t && t->t == K_SEARCH && t->p == player;
}
