/*
 * determinize.c - resampling what a player of Fugger, Welser, Medici
 * cannot see: the other players' sealed bids (picks in progress are
 * dropped, committed bids drawn anew from a plausible range of the
 * public bounds), and the cards whose place nobody knows (unseen cards in
 * the draw deck, the reserve and the box are dealt again, type by type,
 * in the same numbers), then the draw deck is shuffled.
 *
 * The result depends only on what `player` knows and on `rng`: hidden
 * cards are collected in card order before they are shuffled, and the
 * bids are drawn from the public bounds only.
 */
#include <string.h>

#include "rules.h"

/* A plausible price for a hidden committed bid, from public facts only. */
static int32_t guess_price(const fwm_auc *u, kt_rng *rng)
{
    int32_t a = u->lo, b = u->hi;
    switch (u->kind) {
    case AK_DEMAND: a = u->hi - u->hi / 3; break;
    case AK_SUPPLY:
    case AK_MANOR: b = u->lo + u->lo / 2; break;
    case AK_IOU: b = u->lo + 1000; break;
    default: b = u->lo + 800; break;
    }
    if (a < u->lo)
        a = u->lo;
    if (b > u->hi)
        b = u->hi;
    if (b < a)
        b = a;
    int32_t steps = (b - a) / 20;
    int32_t v = a + 20 * (int32_t)kt_rng_below(rng, (uint32_t)steps + 1);
    return v - v % 20 < u->lo ? u->lo : v - v % 20;
}

static void resample_bids(const kt_game *g, fwm_state *s, int player, kt_rng *rng)
{
    if (s->stage != FS_BID)
        return;
    const fwm_auc *u = &s->auc;
    for (int q = 0; q < g->nplayers; q++) {
        if (q == player || !(((unsigned)u->ent >> q) & 1u))
            continue;
        fwm_player *pl = &s->pl[q];
        pl->bqty = 0;
        pl->bprice = 0;
        pl->bstage = 0;
        if (!(((unsigned)u->done >> q) & 1u))
            continue;
        pl->bstage = 4;
        pl->bqty = (uint8_t)kt_rng_below(rng, (uint32_t)u->qmax[q] + 1);
        if (pl->bqty)
            pl->bprice = guess_price(u, rng);
    }
}

static void resample_cards(const kt_game *g, fwm_state *s, kt_rng *rng)
{
    const fwm_cfg *c = fwm_config(g);
    uint8_t deck[FWM_MAXCARDS];
    int nd = 0;
    for (int i = 0; i < c->ncard; i++) /* known cards in the deck stay there */
        if (s->where[i] == W_DECK && s->known[i])
            deck[nd++] = (uint8_t)i;
    for (int t = 0; t < CT_NTYPES; t++) {
        uint8_t pool[FWM_MAXCARDS];
        uint32_t n = 0;
        int indeck = 0, inres = 0;
        for (int i = 0; i < c->ncard; i++) {
            if (c->card[i].type != t || s->known[i] || c->card[i].level > c->levels)
                continue;
            int w = s->where[i];
            if (w != W_BOX && w != W_DECK && w != W_RESERVE)
                continue;
            indeck += w == W_DECK;
            inres += w == W_RESERVE;
            pool[n++] = (uint8_t)i;
        }
        kt_shuffle_u8(rng, pool, n);
        for (uint32_t k = 0; k < n; k++) {
            int w = (int)k < indeck ? W_DECK : (int)k < indeck + inres ? W_RESERVE : W_BOX;
            s->where[pool[k]] = (uint8_t)w;
            if (w == W_DECK)
                deck[nd++] = pool[k];
        }
    }
    kt_shuffle_u8(rng, deck, (uint32_t)nd);
    memcpy(s->deck, deck, (size_t)nd);
    s->ndeck = (uint8_t)nd;
}

void fwm_determinize(const kt_game *g, kt_state *st, int player, kt_rng *rng)
{
    fwm_state *s = (fwm_state *)st;
    resample_bids(g, s, player, rng);
    resample_cards(g, s, rng);
}

/* ------------------------------------------------------------ undo barrier */

/* Did the action show `player` something hidden or random?  Chance (dice,
 * the deck shuffled) moves the PRNG; a card drawn from the deck, or whose
 * place becomes known to everybody, was turned up (the display, the
 * reserve); the sealed bids are revealed when the bidding ends (the next
 * auction may follow at once).  Another player's step in a sealed bid
 * counts too: the worlds `player` imagines drop their pick in progress, so
 * which steps are open to them is not public. */
int fwm_reveals(const kt_game *g, const kt_state *before, kt_action a, const kt_state *after,
                int player)
{
    KT_UNUSED(a);
    const fwm_state *b = (const fwm_state *)before, *s = (const fwm_state *)after;
    if (memcmp(&b->h.rng, &s->h.rng, sizeof b->h.rng) != 0 || s->h.status != KT_RUNNING)
        return 1;
    if (b->stage == FS_BID && b->h.to_move != player)
        return 1;
    if (b->stage == FS_BID && (s->stage != FS_BID || s->auc.card != b->auc.card ||
                               (s->auc.done & b->auc.done) != b->auc.done))
        return 1;
    if (s->ndeck != b->ndeck)
        return 1; /* a card drawn from the deck to the display */
    for (int k = 0; k < fwm_config(g)->ncard && k < FWM_MAXCARDS; k++)
        if (s->known[k] && !b->known[k])
            return 1;
    return 0;
}
