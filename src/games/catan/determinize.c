/*
 * determinize.c - resample what `player` cannot see, consistently with what
 * they know.
 *
 * Hidden from a player:
 *   - the composition of the other players' hands of resources and
 *     commodities (their sizes are public): the cards of all opponents are
 *     pooled, shuffled and dealt back in the same sizes; cards escrowed in
 *     an open trade offer are public and stay.  While the player picks from
 *     a Master Merchant victim's hand, that hand is known and kept.
 *   - progress cards: per colour (the backs show the colour), every card
 *     whose known-mask lacks the player (deck cards drawn face down, cards
 *     in opponents' hands they have not seen) is pooled and dealt back into
 *     the same places; Constitution and Printer can only go to deck slots
 *     because they are never held in a hand.  Played cards lie face up
 *     under their deck and are known to everybody.
 *   - base game: development cards of opponents and the deck order; each
 *     opponent keeps how many cards they hold and how many are new.
 * Nothing the player to move can do depends on these, so their legal
 * actions stay the same (checked by the conformance tests).
 */
#include <string.h>

#include "catan.h"

/* Pools are sorted before shuffling: two states the player cannot tell
 * apart hold the same multiset of hidden cards, so with the same seed
 * they must give the same world (the result may depend only on what the
 * player knows). */
static void sort_u8(uint8_t *a, uint32_t n)
{
    for (uint32_t i = 1; i < n; i++) {
        uint8_t x = a[i];
        uint32_t j = i;
        while (j > 0 && a[j - 1] > x) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = x;
    }
}

static void deal_hands(const kt_game *g, cat_state *s, int viewer, int keep, kt_rng *rng)
{
    uint8_t pool[CAT_NKIND * 19 + 8];
    uint32_t np = 0;
    int n = cat_np(g);
    for (int q = 0; q < n; q++) {
        if (q == viewer || q == keep)
            continue;
        for (int k = 0; k < CAT_NKIND; k++)
            for (int i = 0; i < s->pl[q].hand[k]; i++)
                pool[np++] = (uint8_t)k;
    }
    sort_u8(pool, np);
    kt_shuffle_u8(rng, pool, np);
    uint32_t at = 0;
    for (int q = 0; q < n; q++) {
        if (q == viewer || q == keep)
            continue;
        memset(s->pl[q].hand, 0, sizeof s->pl[q].hand);
        for (int i = 0; i < s->pl[q].ncards; i++)
            s->pl[q].hand[pool[at++]]++;
    }
}

static void deal_progress(const kt_game *g, cat_state *s, int viewer, int colour, kt_rng *rng)
{
    /* slot: player (or 255 = deck) and index */
    uint8_t who[CAT_DECK], idx[CAT_DECK], cards[CAT_DECK], deck_slots[CAT_DECK];
    uint8_t vp[2], rest[CAT_DECK];
    uint32_t ns = 0, nvp = 0, nrest = 0, nd = 0;
    uint8_t bit = (uint8_t)(1u << viewer);
    for (int i = 0; i < s->deck_n[colour]; i++)
        if (!(s->deck_known[colour][i] & bit)) {
            who[ns] = 255;
            idx[ns] = (uint8_t)i;
            cards[ns++] = s->deck[colour][i];
        }
    for (int q = 0; q < cat_np(g); q++) {
        if (q == viewer)
            continue;
        for (int i = 0; i < s->pl[q].nprog; i++)
            if (cat_progress[s->pl[q].prog[i]].colour == colour && !(s->pl[q].prog_known[i] & bit)) {
                who[ns] = (uint8_t)q;
                idx[ns] = (uint8_t)i;
                cards[ns++] = s->pl[q].prog[i];
            }
    }
    for (uint32_t i = 0; i < ns; i++) {
        if (cards[i] == PC_CONSTITUTION || cards[i] == PC_PRINTER)
            vp[nvp++] = cards[i];
        else
            rest[nrest++] = cards[i];
        if (who[i] == 255)
            deck_slots[nd++] = (uint8_t)i;
    }
    /* VP cards go to random unknown deck slots; the rest fill the others */
    sort_u8(vp, nvp);
    sort_u8(rest, nrest);
    kt_shuffle_u8(rng, deck_slots, nd);
    kt_shuffle_u8(rng, rest, nrest);
    uint8_t assigned[CAT_DECK];
    memset(assigned, 0, sizeof assigned);
    for (uint32_t i = 0; i < nvp && i < nd; i++) {
        cards[deck_slots[i]] = vp[i];
        assigned[deck_slots[i]] = 1;
    }
    uint32_t r = 0;
    for (uint32_t i = 0; i < ns; i++)
        if (!assigned[i])
            cards[i] = rest[r++];
    for (uint32_t i = 0; i < ns; i++) {
        if (who[i] == 255)
            s->deck[colour][idx[i]] = cards[i];
        else
            s->pl[who[i]].prog[idx[i]] = cards[i];
    }
}

static void deal_dev(const kt_game *g, cat_state *s, int viewer, kt_rng *rng)
{
    uint8_t pool[CAT_DEVDECK];
    uint32_t np = 0;
    int n = cat_np(g), old[CAT_MAXP] = {0}, nw[CAT_MAXP] = {0};
    for (int i = 0; i < s->devdeck_n; i++)
        pool[np++] = s->devdeck[i];
    for (int q = 0; q < n; q++) {
        if (q == viewer)
            continue;
        for (int d = 0; d < CAT_NDEV; d++) {
            for (int i = 0; i < s->pl[q].dev[d]; i++)
                pool[np++] = (uint8_t)d;
            old[q] += s->pl[q].dev[d] - s->pl[q].dev_new[d];
            nw[q] += s->pl[q].dev_new[d];
        }
        memset(s->pl[q].dev, 0, sizeof s->pl[q].dev);
        memset(s->pl[q].dev_new, 0, sizeof s->pl[q].dev_new);
    }
    sort_u8(pool, np);
    kt_shuffle_u8(rng, pool, np);
    uint32_t at = 0;
    for (int q = 0; q < n; q++) {
        if (q == viewer)
            continue;
        for (int i = 0; i < nw[q]; i++) {
            s->pl[q].dev[pool[at]]++;
            s->pl[q].dev_new[pool[at++]]++;
        }
        for (int i = 0; i < old[q]; i++)
            s->pl[q].dev[pool[at++]]++;
    }
    for (int i = 0; i < s->devdeck_n; i++)
        s->devdeck[i] = pool[at++];
}

void cat_determinize(const kt_game *g, kt_state *ks, int player, kt_rng *rng)
{
    cat_state *s = (cat_state *)ks;
    if (player < 0 || player >= cat_np(g))
        return;
    int keep = -1;
    if (s->nframes && cat_ctop(s)->kind == F_MM_PICK && cat_ctop(s)->player == player)
        keep = cat_ctop(s)->a;
    deal_hands(g, s, player, keep, rng);
    if (cat_cfg_of(g)->ck) {
        for (int c = 0; c < 3; c++)
            deal_progress(g, s, player, c, rng);
    } else {
        deal_dev(g, s, player, rng);
    }
}
