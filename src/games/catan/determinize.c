/*
 * determinize.c - resample what `player` cannot see, consistently with what
 * they know.
 *
 * Hidden from a player:
 *   - the composition of the other players' hands of resources and
 *     commodities (their sizes are public): the cards of all opponents are
 *     pooled, shuffled and dealt back in the same sizes; cards escrowed in
 *     an open trade offer are public and stay.  While the player picks from
 *     a Master Merchant victim's hand, that hand is known and kept.  Cards
 *     the pending decision shows an opponent must hold are dealt to that
 *     opponent first (`need`): a player asked to answer a trade can pay it,
 *     a proposer holds what they offer, a Medicine, Merchant Fleet or Crane
 *     being played was affordable, a player choosing which commodity to
 *     give for the Commercial Harbor holds two kinds, its player a resource
 *     to offer.  Beyond that the deal
 *     does not track which cards were seen produced or traded (a known
 *     simplification, see docs/catan.md).
 *   - progress cards: per colour (the backs show the colour), every card
 *     whose known-mask lacks the player (deck cards drawn face down, cards
 *     in opponents' hands they have not seen) is pooled and dealt back into
 *     the same places; Constitution and Printer can only go to deck slots
 *     because they are never held in a hand.  Played cards lie face up
 *     under their deck and are known to everybody.
 *   - base game: development cards of opponents and the deck order; each
 *     opponent keeps how many cards they hold and how many are new.  The
 *     game goes on, so the turn player has fewer points than the target:
 *     hidden victory point cards are dealt so that this holds (and, where
 *     the cards allow, for every opponent, who would have won on their own
 *     turn otherwise).
 * The derived data that depends on hands (what a trade being composed may
 * offer) is recomputed afterwards.
 * Nothing the player to move can do depends on these, so their legal
 * actions stay the same (checked by the conformance tests), and every
 * world passes check() (tests/catan/test_reliability.c determinizes at
 * every step for every player).
 */
#include <string.h>

#include "catan.h"

/* Pools are sorted before shuffling (kt_shuffle_u8_sorted): two states the
 * player cannot tell apart hold the same multiset of hidden cards, so with
 * the same seed they must give the same world (the result may depend only
 * on what the player knows). */

/* Cards an opponent is known to hold because of the pending decision (see
 * the file comment); choices among several possibilities are drawn from
 * the pool of hidden cards, so they depend only on what the viewer knows. */
static int known_need(const kt_game *g, const cat_state *s, const uint8_t *pool_n, kt_rng *rng,
                      uint8_t *need)
{
    const cat_frame *f = cat_ctop(s);
    int p = f->player, opts[CAT_NKIND], no = 0;
    memset(need, 0, CAT_NKIND);
    switch (f->kind) {
    case F_TRADE_RESPOND: memcpy(need, s->tr_get, CAT_NKIND); break;
    case F_TRADE_COMPOSE: memcpy(need, s->tr_give, CAT_NKIND); break;
    case F_MEDICINE:
        need[K_ORE] = 2;
        need[K_GRAIN] = 1;
        break;
    case F_FLEET_TRADE:
        for (int k = 0; k < CAT_NKIND; k++) {
            int other = 0;
            for (int j = 0; j < CAT_NKIND; j++)
                other |= j != k && s->bank[j];
            if (pool_n[k] >= 2 && other)
                opts[no++] = k;
        }
        if (no)
            need[opts[kt_rng_below(rng, (uint32_t)no)]] = 2;
        break;
    case F_CRANE:
        for (int t = 0; t < 3; t++) {
            int lvl = s->pl[p].impr[t];
            if ((cat_config(g)->crane_repeat || !(s->crane_mask >> t & 1)) && lvl < 5 &&
                pool_n[cat_track_commodity[t]] >= lvl)
                opts[no++] = t;
        }
        if (no) {
            int t = opts[kt_rng_below(rng, (uint32_t)no)];
            need[cat_track_commodity[t]] = s->pl[p].impr[t];
        }
        break;
    case F_HARBOR_OFFER: /* asked only while holding a resource */
        for (int k = 0; k < CAT_NRES; k++)
            if (pool_n[k])
                opts[no++] = k;
        if (no)
            need[opts[kt_rng_below(rng, (uint32_t)no)]] = 1;
        break;
    case F_HARBOR_GIVE:
        for (int k = CAT_NRES; k < CAT_NKIND; k++)
            if (pool_n[k])
                opts[no++] = k;
        if (no >= 2) {
            int i = (int)kt_rng_below(rng, (uint32_t)no);
            int j = (i + 1 + (int)kt_rng_below(rng, (uint32_t)no - 1)) % no;
            need[opts[i]] = need[opts[j]] = 1;
        }
        break;
    default: return -1;
    }
    return p;
}

static void deal_hands(const kt_game *g, cat_state *s, int viewer, int keep, kt_rng *rng)
{
    uint8_t pool[CAT_NKIND * 19 + 8], pool_n[CAT_NKIND] = {0}, need[CAT_NKIND];
    uint32_t np = 0;
    int n = cat_np(g);
    for (int q = 0; q < n; q++) {
        if (q == viewer || q == keep)
            continue;
        for (int k = 0; k < CAT_NKIND; k++)
            pool_n[k] = (uint8_t)(pool_n[k] + s->pl[q].hand[k]);
    }
    int needy = known_need(g, s, pool_n, rng, need);
    if (needy == viewer || needy == keep)
        needy = -1;
    /* the pool in a canonical (sorted) order, without the needed cards */
    for (int k = 0; k < CAT_NKIND; k++) {
        int c = pool_n[k] - (needy >= 0 ? need[k] : 0);
        for (int i = 0; i < c; i++)
            pool[np++] = (uint8_t)k;
    }
    kt_shuffle_u8(rng, pool, np);
    uint32_t at = 0;
    for (int q = 0; q < n; q++) {
        if (q == viewer || q == keep)
            continue;
        int size = s->pl[q].ncards;
        memset(s->pl[q].hand, 0, sizeof s->pl[q].hand);
        if (q == needy)
            for (int k = 0; k < CAT_NKIND; k++) {
                s->pl[q].hand[k] = need[k];
                size -= need[k];
            }
        for (int i = 0; i < size; i++)
            s->pl[q].hand[pool[at++]]++;
    }
}

/* Does the viewer know this card?  A spectator (viewer < 0) knows only the
 * cards every player knows (played face up). */
static int known_to(uint8_t known, int viewer, int n)
{
    return viewer >= 0 ? known >> viewer & 1 : known == (1u << n) - 1;
}

static void deal_progress(const kt_game *g, cat_state *s, int viewer, int colour, kt_rng *rng)
{
    /* slot: player (or 255 = deck) and index */
    uint8_t who[CAT_DECK], idx[CAT_DECK], cards[CAT_DECK], deck_slots[CAT_DECK];
    uint8_t vp[2], rest[CAT_DECK];
    uint32_t ns = 0, nvp = 0, nrest = 0, nd = 0;
    int n = cat_np(g);
    for (int i = 0; i < s->deck_n[colour]; i++)
        if (!known_to(s->deck_known[colour][i], viewer, n)) {
            who[ns] = 255;
            idx[ns] = (uint8_t)i;
            cards[ns++] = s->deck[colour][i];
        }
    for (int q = 0; q < cat_np(g); q++) {
        if (q == viewer)
            continue;
        for (int i = 0; i < s->pl[q].nprog; i++)
            if (cat_progress[s->pl[q].prog[i]].colour == colour &&
                !known_to(s->pl[q].prog_known[i], viewer, n)) {
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
    kt_sort_u8(vp, nvp);
    kt_shuffle_u8(rng, deck_slots, nd);
    kt_shuffle_u8_sorted(rng, rest, nrest); /* sorting draws nothing: same order */
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

/* Hidden VP cards an opponent may hold: fewer than would make them the
 * winner. */
static int vp_room(const kt_game *g, const cat_state *s, int q)
{
    int room = cat_config(g)->vp_target - 1 - cat_vp_public(g, s, q);
    return room < 0 ? 0 : room;
}

/* Move VP cards out of q's range [lo, hi) of the shuffled pool until it
 * holds at most q's room of them, swapping each with a random other card
 * from a place that can take it: anywhere else when `hard` (the real world
 * proves such a card exists), else the deck or an opponent below their own
 * room.  Returns 0 when no such place is left. */
static int vp_fit(const kt_game *g, const cat_state *s, uint8_t *pool, uint32_t np,
                  const uint32_t *lo, const uint32_t *hi, const int8_t *owner, int q, int hard,
                  kt_rng *rng)
{
    int have = 0;
    for (uint32_t i = lo[q]; i < hi[q]; i++)
        have += pool[i] == DV_VP;
    while (have > vp_room(g, s, q)) {
        uint32_t cand[CAT_DEVDECK], nc = 0;
        for (uint32_t i = 0; i < np; i++) {
            int r = owner[i];
            if (r == q || pool[i] == DV_VP)
                continue;
            if (r >= 0 && !hard) {
                int rv = 0;
                for (uint32_t j = lo[r]; j < hi[r]; j++)
                    rv += pool[j] == DV_VP;
                if (rv >= vp_room(g, s, r))
                    continue;
            }
            cand[nc++] = i;
        }
        if (!nc)
            return 0;
        uint32_t j = cand[kt_rng_below(rng, nc)], i = lo[q];
        while (pool[i] != DV_VP)
            i++;
        pool[i] = pool[j];
        pool[j] = DV_VP;
        have--;
    }
    return 1;
}

static void deal_dev(const kt_game *g, cat_state *s, int viewer, kt_rng *rng)
{
    uint8_t pool[CAT_DEVDECK];
    int8_t owner[CAT_DEVDECK];
    uint32_t np = 0, lo[CAT_MAXP] = {0}, hi[CAT_MAXP] = {0};
    int n = cat_np(g), old[CAT_MAXP] = {0}, nw[CAT_MAXP] = {0};
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
    for (int i = 0; i < s->devdeck_n; i++)
        pool[np++] = s->devdeck[i];
    kt_shuffle_u8_sorted(rng, pool, np);
    /* places: each opponent's cards (new ones first), then the deck */
    uint32_t at = 0;
    for (int q = 0; q < n; q++) {
        lo[q] = hi[q] = at;
        if (q == viewer)
            continue;
        hi[q] = at + (uint32_t)(nw[q] + old[q]);
        for (; at < hi[q]; at++)
            owner[at] = (int8_t)q;
    }
    for (; at < np; at++)
        owner[at] = -1;
    /* the turn player first: the real world always fits them */
    int tp = s->h.turn_player;
    if (tp >= 0 && tp != viewer)
        vp_fit(g, s, pool, np, lo, hi, owner, tp, 1, rng);
    for (int q = 0; q < n; q++)
        if (q != viewer && q != tp)
            vp_fit(g, s, pool, np, lo, hi, owner, q, 0, rng);
    at = 0;
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
    if (player < KT_SPECTATOR || player >= cat_np(g))
        return; /* KT_OMNISCIENT sees everything: nothing to resample */
    int keep = -1; /* a spectator resamples every hand */
    if (s->nstack && cat_ctop(s)->kind == F_MM_PICK && cat_ctop(s)->player == player)
        keep = cat_ctop(s)->a;
    deal_hands(g, s, player, keep, rng);
    /* what a trade being composed may offer depends on the proposer's
     * hand, which was dealt anew (derived data, see catan.h) */
    cat_compose_masks(g, s);
    if (cat_config(g)->ck) {
        for (int c = 0; c < 3; c++)
            deal_progress(g, s, player, c, rng);
    } else {
        deal_dev(g, s, player, rng);
    }
}

/* ------------------------------------------------------------ undo barrier */

/* Progress cards whose face `player` knows (their known-masks). */
static int known_progress(const kt_game *g, const cat_state *s, int player)
{
    int n = 0;
    for (int c = 0; c < 3; c++)
        for (int i = 0; i < s->deck_n[c]; i++)
            n += s->deck_known[c][i] >> player & 1;
    for (int q = 0; q < cat_np(g); q++)
        for (int i = 0; i < s->pl[q].nprog; i++)
            n += s->pl[q].prog_known[i] >> player & 1;
    return n;
}

/* Another player's decisions that anybody could have taken: legal on
 * public facts only (the board, public counts), with an outcome that does
 * not depend on their hidden hand.  Everything else they do (paying,
 * discarding, offering, accepting or declining - the next one asked is the
 * next who can pay - playing a card) shows their hand. */
static int public_kind(const cat_state *s, kt_action a)
{
    switch (ACT_K(a)) {
    case A_END:
    case A_ROBBER:
    case A_STEAL:
    case A_DONE:
    case A_SKIP:
        return 1;
    case A_SETTLE:
    case A_ROAD: /* free in the setup rounds */
        return s->nstack && (cat_ctop(s)->kind == F_SETUP_BUILD ||
                              cat_ctop(s)->kind == F_SETUP_ROAD);
    default:
        return 0;
    }
}

/* The player's own decisions that by themselves show nothing hidden (what
 * follows them depends only on the board and public counts); the checks
 * of cat_reveals catch chance and cards drawn or shown.  Not here: trade
 * offers and answers (the next one asked is the next who can pay), a
 * card's victim (what they hold decides what happens), monopolies (how
 * many each gives), the Commercial Harbor (the commodity given back),
 * progress draws and gifts. */
static int quiet_own(int kind)
{
    switch (kind) {
    case A_SETTLE: case A_CITY: case A_ROAD: case A_WALL: case A_RECRUIT: case A_PROMOTE:
    case A_ACTIVATE: case A_KMOVE: case A_CHASE: case A_IMPROVE: case A_BANK: case A_BUYDEV:
    case A_PLAY: case A_PLAYDEV: case A_DISCARD: case A_ROBBER: case A_STEAL: case A_TAKE:
    case A_DICE: case A_END: case A_DONE: case A_PROPOSE: case A_OFFER: case A_ASK:
    case A_CANCEL: case A_RELOCATE: case A_LOSE: case A_PDISCARD: case A_SPYTAKE:
    case A_REMOVE_KNIGHT: case A_PLACE_KNIGHT: case A_REMOVE_ROAD: case A_DISPLACE:
    case A_SWAP1: case A_SWAP2: case A_MERCHANT: case A_METRO: case A_SKIP: case A_ROLL:
        return 1;
    default:
        return 0;
    }
}

int cat_reveals(const kt_game *g, const kt_state *before, kt_action a, const kt_state *after,
                int player)
{
    const cat_state *b = (const cat_state *)before, *s = (const cat_state *)after;
    if (memcmp(&b->h.rng, &s->h.rng, sizeof b->h.rng) != 0)
        return 1; /* dice, the event die, a random card stolen */
    if (s->h.status != KT_RUNNING)
        return 1; /* the end counts hidden points */
    if (b->h.to_move != player && !public_kind(b, a))
        return 1;
    if (b->h.to_move == player && !quiet_own(ACT_K(a)))
        return 1;
    if (known_progress(g, b, player) != known_progress(g, s, player))
        return 1; /* a progress card drawn, spied, played or shown */
    for (int c = 0; c < 3; c++)
        if (s->deck_n[c] < b->deck_n[c])
            return 1; /* drawn by anyone: a victory point card would be shown at once */
    for (int d = 0; d < CAT_NDEV; d++)
        if (s->pl[player].dev[d] > b->pl[player].dev[d])
            return 1; /* a development card bought (base game) */
    return 0;
}
