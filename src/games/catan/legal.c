/*
 * legal.c - the legal actions of every decision frame of the rules engine
 * (progress cards' own decisions are in cards.c), in the order that random
 * play and the bench fingerprint depend on.
 *
 * Data layout: no state of its own.  The lists are written into the
 * caller's buffer (capacity CAT_MAXLEGAL); the hot lists (trade
 * composition, the main phase, the roll, discards, the robber) are built
 * from byte masks and small const tables without a loop over candidates,
 * and may write a few entries past the returned count.
 */
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "catan.h"
#include "hand.h"

#define OUT(a) (out[n++] = (a))

/* The members of a set of kinds (bits 0..7) in order, one row of eight
 * per set (unused entries 0), and the size of each set.  Emitting a set is
 * then a copy of a row shifted into an action field and ORed with the rest
 * of the action, and a count: no loop and no branch on the random
 * members.  (Generated: row b lists the set bits of b.) */
static const uint32_t KROW[256][8] = {
    {0}, {0}, {1}, {0,1}, {2}, {0,2}, {1,2}, {0,1,2}, {3}, {0,3}, {1,3}, {0,1,3}, {2,3}, {0,2,3},
    {1,2,3}, {0,1,2,3}, {4}, {0,4}, {1,4}, {0,1,4}, {2,4}, {0,2,4}, {1,2,4}, {0,1,2,4}, {3,4},
    {0,3,4}, {1,3,4}, {0,1,3,4}, {2,3,4}, {0,2,3,4}, {1,2,3,4}, {0,1,2,3,4}, {5}, {0,5}, {1,5},
    {0,1,5}, {2,5}, {0,2,5}, {1,2,5}, {0,1,2,5}, {3,5}, {0,3,5}, {1,3,5}, {0,1,3,5}, {2,3,5},
    {0,2,3,5}, {1,2,3,5}, {0,1,2,3,5}, {4,5}, {0,4,5}, {1,4,5}, {0,1,4,5}, {2,4,5}, {0,2,4,5},
    {1,2,4,5}, {0,1,2,4,5}, {3,4,5}, {0,3,4,5}, {1,3,4,5}, {0,1,3,4,5}, {2,3,4,5}, {0,2,3,4,5},
    {1,2,3,4,5}, {0,1,2,3,4,5}, {6}, {0,6}, {1,6}, {0,1,6}, {2,6}, {0,2,6}, {1,2,6}, {0,1,2,6},
    {3,6}, {0,3,6}, {1,3,6}, {0,1,3,6}, {2,3,6}, {0,2,3,6}, {1,2,3,6}, {0,1,2,3,6}, {4,6}, {0,4,6},
    {1,4,6}, {0,1,4,6}, {2,4,6}, {0,2,4,6}, {1,2,4,6}, {0,1,2,4,6}, {3,4,6}, {0,3,4,6}, {1,3,4,6},
    {0,1,3,4,6}, {2,3,4,6}, {0,2,3,4,6}, {1,2,3,4,6}, {0,1,2,3,4,6}, {5,6}, {0,5,6}, {1,5,6},
    {0,1,5,6}, {2,5,6}, {0,2,5,6}, {1,2,5,6}, {0,1,2,5,6}, {3,5,6}, {0,3,5,6}, {1,3,5,6},
    {0,1,3,5,6}, {2,3,5,6}, {0,2,3,5,6}, {1,2,3,5,6}, {0,1,2,3,5,6}, {4,5,6}, {0,4,5,6}, {1,4,5,6},
    {0,1,4,5,6}, {2,4,5,6}, {0,2,4,5,6}, {1,2,4,5,6}, {0,1,2,4,5,6}, {3,4,5,6}, {0,3,4,5,6},
    {1,3,4,5,6}, {0,1,3,4,5,6}, {2,3,4,5,6}, {0,2,3,4,5,6}, {1,2,3,4,5,6}, {0,1,2,3,4,5,6}, {7},
    {0,7}, {1,7}, {0,1,7}, {2,7}, {0,2,7}, {1,2,7}, {0,1,2,7}, {3,7}, {0,3,7}, {1,3,7}, {0,1,3,7},
    {2,3,7}, {0,2,3,7}, {1,2,3,7}, {0,1,2,3,7}, {4,7}, {0,4,7}, {1,4,7}, {0,1,4,7}, {2,4,7},
    {0,2,4,7}, {1,2,4,7}, {0,1,2,4,7}, {3,4,7}, {0,3,4,7}, {1,3,4,7}, {0,1,3,4,7}, {2,3,4,7},
    {0,2,3,4,7}, {1,2,3,4,7}, {0,1,2,3,4,7}, {5,7}, {0,5,7}, {1,5,7}, {0,1,5,7}, {2,5,7}, {0,2,5,7},
    {1,2,5,7}, {0,1,2,5,7}, {3,5,7}, {0,3,5,7}, {1,3,5,7}, {0,1,3,5,7}, {2,3,5,7}, {0,2,3,5,7},
    {1,2,3,5,7}, {0,1,2,3,5,7}, {4,5,7}, {0,4,5,7}, {1,4,5,7}, {0,1,4,5,7}, {2,4,5,7}, {0,2,4,5,7},
    {1,2,4,5,7}, {0,1,2,4,5,7}, {3,4,5,7}, {0,3,4,5,7}, {1,3,4,5,7}, {0,1,3,4,5,7}, {2,3,4,5,7},
    {0,2,3,4,5,7}, {1,2,3,4,5,7}, {0,1,2,3,4,5,7}, {6,7}, {0,6,7}, {1,6,7}, {0,1,6,7}, {2,6,7},
    {0,2,6,7}, {1,2,6,7}, {0,1,2,6,7}, {3,6,7}, {0,3,6,7}, {1,3,6,7}, {0,1,3,6,7}, {2,3,6,7},
    {0,2,3,6,7}, {1,2,3,6,7}, {0,1,2,3,6,7}, {4,6,7}, {0,4,6,7}, {1,4,6,7}, {0,1,4,6,7}, {2,4,6,7},
    {0,2,4,6,7}, {1,2,4,6,7}, {0,1,2,4,6,7}, {3,4,6,7}, {0,3,4,6,7}, {1,3,4,6,7}, {0,1,3,4,6,7},
    {2,3,4,6,7}, {0,2,3,4,6,7}, {1,2,3,4,6,7}, {0,1,2,3,4,6,7}, {5,6,7}, {0,5,6,7}, {1,5,6,7},
    {0,1,5,6,7}, {2,5,6,7}, {0,2,5,6,7}, {1,2,5,6,7}, {0,1,2,5,6,7}, {3,5,6,7}, {0,3,5,6,7},
    {1,3,5,6,7}, {0,1,3,5,6,7}, {2,3,5,6,7}, {0,2,3,5,6,7}, {1,2,3,5,6,7}, {0,1,2,3,5,6,7},
    {4,5,6,7}, {0,4,5,6,7}, {1,4,5,6,7}, {0,1,4,5,6,7}, {2,4,5,6,7}, {0,2,4,5,6,7}, {1,2,4,5,6,7},
    {0,1,2,4,5,6,7}, {3,4,5,6,7}, {0,3,4,5,6,7}, {1,3,4,5,6,7}, {0,1,3,4,5,6,7}, {2,3,4,5,6,7},
    {0,2,3,4,5,6,7}, {1,2,3,4,5,6,7}, {0,1,2,3,4,5,6,7},
};
static const uint8_t KCOUNT[256] = {
    0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5,
    1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5, 2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6,
    1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5, 2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6,
    2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6, 3, 4, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7,
    1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5, 2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6,
    2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6, 3, 4, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7,
    2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6, 3, 4, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7,
    3, 4, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7, 4, 5, 5, 6, 5, 6, 6, 7, 5, 6, 6, 7, 6, 7, 7, 8,
};

/* Emit `base` with k in the action byte at bit `at` (8: x, 16: y) for
 * every bit k of `bits` (< 256), in order.  Writes eight entries past n
 * whatever the count (lists here are far below the capacity). */
static inline int emit_set(kt_action *out, int n, kt_action base, unsigned bits, int at)
{
#ifdef __SSE2__
    __m128i b = _mm_set1_epi32((int)base), sh = _mm_cvtsi32_si128(at);
    __m128i lo = _mm_loadu_si128((const __m128i *)(const void *)KROW[bits]);
    __m128i hi = _mm_loadu_si128((const __m128i *)(const void *)(KROW[bits] + 4));
    _mm_storeu_si128((__m128i *)(void *)(out + n), _mm_or_si128(_mm_sll_epi32(lo, sh), b));
    _mm_storeu_si128((__m128i *)(void *)(out + n + 4), _mm_or_si128(_mm_sll_epi32(hi, sh), b));
#else
    for (int i = 0; i < 8; i++)
        out[n + i] = base | KROW[bits][i] << at;
#endif
    return n + KCOUNT[bits];
}

/* ACT(kind, k) for every bit k of `bits` */
static inline int emit_kinds(kt_action *out, int n, int kind, unsigned bits)
{
    return emit_set(out, n, ACT(kind, 0, 0, 0), bits, 8);
}

/* Sends of a trade composition for proposer p: to everybody, then to each
 * other player in seat order; the first np entries are those of a game of
 * np players (the others sit at seats >= np). */
static const kt_action SENDS[CAT_MAXP][CAT_MAXP] = {
    [0] = {ACT(A_SEND, SEND_ALL, 0, 0), ACT(A_SEND, 1, 0, 0), ACT(A_SEND, 2, 0, 0),
           ACT(A_SEND, 3, 0, 0)},
    [1] = {ACT(A_SEND, SEND_ALL, 0, 0), ACT(A_SEND, 0, 0, 0), ACT(A_SEND, 2, 0, 0),
           ACT(A_SEND, 3, 0, 0)},
    [2] = {ACT(A_SEND, SEND_ALL, 0, 0), ACT(A_SEND, 0, 0, 0), ACT(A_SEND, 1, 0, 0),
           ACT(A_SEND, 3, 0, 0)},
    [3] = {ACT(A_SEND, SEND_ALL, 0, 0), ACT(A_SEND, 0, 0, 0), ACT(A_SEND, 1, 0, 0),
           ACT(A_SEND, 2, 0, 0)},
};

static int emit_vertices(kt_action *out, int n, int kind, uint64_t m)
{
    while (m) {
        int v = cat_ctz(m);
        m &= m - 1;
        OUT(ACT(kind, v, 0, 0));
    }
    return n;
}

static int emit_edges(kt_action *out, int n, int kind, const uint64_t e[2])
{
    for (int w = 0; w < 2; w++) {
        uint64_t m = e[w];
        while (m) {
            int x = cat_ctz(m) + 64 * w;
            m &= m - 1;
            OUT(ACT(kind, x, 0, 0));
        }
    }
    return n;
}

static int legal_setup_build(const kt_game *g, const cat_state *s, int p, kt_action *out)
{
    int n = 0, round2 = s->setup_step >= cat_np(g);
    /* any vertex obeying the distance rule; round two of C&K places a city */
    uint64_t free = ~s->blocked & ((1ULL << CAT_NV) - 1);
    n = emit_vertices(out, n, round2 && cat_config(g)->ck ? A_CITY : A_SETTLE, free);
    KT_UNUSED(p);
    return n;
}

/* Bank and harbour trades: give `rate` of kind k for one card of another
 * kind the bank still has. */
static int legal_bank(const kt_game *g, const cat_state *s, int p, kt_action *out, int n)
{
    uint64_t kinds = cat_config(g)->ck ? HI8 : RES8;
    uint64_t hand = vec8(s->pl[p].hand);
    if (!(vec8_ge(hand, 2 * LO8) & kinds)) /* no rate is below 2 */
        return n;
    uint64_t rates = bank_rate_vec(g, s, p);
    uint64_t stock = vec8_ge(vec8(s->bank), LO8) & kinds;
    for (uint64_t ok = vec8_ge(hand, rates) & kinds; ok; ok &= ok - 1) {
        int k = cat_ctz(ok) >> 3, rate = (int)(rates >> 8 * k & 0xff);
        n = emit_set(out, n, ACT(A_BANK, k, 0, rate), slot_bits(stock & ~(0x80ULL << 8 * k)), 16);
    }
    return n;
}

/* Base development cards playable now: bought before this turn and not a
 * VP card. */
CAT_NOINLINE static int devcards_list(const kt_game *g, const cat_state *s, int p,
                                      kt_action *out, int n)
{
    const cat_player *pl = &s->pl[p];
    for (int d = 0; d < CAT_NDEV; d++)
        if (d != DV_VP && pl->dev[d] > pl->dev_new[d] && cat_dev_playable(g, s, p, d))
            OUT(ACT(A_PLAYDEV, d, 0, 0));
    return n;
}

/* Usually there is none (VP cards stay in the hand for good, so their
 * slot is left out of the quick test). */
static inline int devcards_held(const cat_player *pl)
{
    uint32_t a, b; /* slots 0..3; whole-word loads (no partial copies) */
    memcpy(&a, pl->dev, 4);
    memcpy(&b, pl->dev_new, 4);
    return ((a ^ b) & ~(0xffu << 8 * DV_VP)) || pl->dev[4] != pl->dev_new[4];
}

static inline int legal_devcards(const kt_game *g, const cat_state *s, int p, kt_action *out,
                                 int n)
{
    return devcards_held(&s->pl[p]) ? devcards_list(g, s, p, out, n) : n;
}

CAT_NOINLINE static int legal_alchemist(const cat_state *s, int p, kt_action *out)
{
    const cat_player *pl = &s->pl[p];
    for (int i = 0; i < pl->nprog; i++)
        if (pl->prog[i] == PC_ALCHEMIST) {
            out[1] = ACT(A_PLAY, PC_ALCHEMIST, 0, 0);
            return 2;
        }
    return 1;
}

/* Before the roll: roll, or play the Alchemist (C&K) or a development card
 * (base game).  The usual list (roll alone) saves no registers: the rest
 * is in the helpers. */
static inline int legal_roll(const kt_game *g, const cat_state *s, int p, kt_action *out)
{
    out[0] = ACT(A_ROLL, 0, 0, 0);
    if (cat_config(g)->ck)
        return legal_alchemist(s, p, out);
    if (s->dev_played || !devcards_held(&s->pl[p]))
        return 1;
    return devcards_list(g, s, p, out, 1);
}

/* "End turn" and the builds both variants share (roads, settlements,
 * cities), the start of the main phase's list. */
static inline int main_builds(const cat_state *s, const cat_player *pl, int p, kt_action *out)
{
    int n = 0;
    OUT(ACT(A_END, 0, 0, 0));
    if (pl->n_road < 15 && can_pay(pl, COST_ROAD)) {
        uint64_t e[2];
        cat_road_edges(s, p, e);
        n = emit_edges(out, n, A_ROAD, e);
    }
    if (pl->n_settle < 5 && can_pay(pl, COST_SETTLE))
        n = emit_vertices(out, n, A_SETTLE, cat_settle_spots(s, p));
    if (can_pay(pl, COST_CITY))
        n = emit_vertices(out, n, A_CITY, cat_city_spots(s, p));
    return n;
}

CAT_NOINLINE static int legal_main(const kt_game *g, const cat_state *s, int p, kt_action *out)
{
    const cat_cfg *cf = cat_config(g);
    const cat_player *pl = &s->pl[p];
    int n = main_builds(s, pl, p, out);
    if (cf->ck) {
        if (can_pay(pl, COST_WALL))
            n = emit_vertices(out, n, A_WALL, cat_wall_spots(s, p));
        int kpay = can_pay(pl, COST_KNIGHT);
        if (kpay && pl->n_knight[1] < 2)
            n = emit_vertices(out, n, A_RECRUIT, cat_knight_spots(s, p));
        int unlocked = s->attacks > 0;
        uint64_t k = pl->kn;
        while (k) {
            int v = cat_ctz(k);
            k &= k - 1;
            if (kpay && cat_knight_can_promote(s, p, v))
                OUT(ACT(A_PROMOTE, v, 0, 0));
            if (!(s->v_aux[v] & KN_ACTIVE) && pl->hand[K_GRAIN])
                OUT(ACT(A_ACTIVATE, v, 0, 0));
            if (!knight_ready(s, v))
                continue;
            uint64_t r = cat_reach(s, p, v);
            int lvl = s->v_aux[v] & KN_LEVEL;
            uint64_t dest = r & ~s->occ;
            uint64_t opp = r & s->occ;
            while (opp) {
                int w = cat_ctz(opp);
                opp &= opp - 1;
                if (s->v_piece[w] == VP_KNIGHT && s->v_owner[w] != p &&
                    (s->v_aux[w] & KN_LEVEL) < lvl)
                    dest |= 1ULL << w;
            }
            while (dest) {
                int w = cat_ctz(dest);
                dest &= dest - 1;
                OUT(ACT(A_KMOVE, v, w, 0));
            }
            if (unlocked && (cat_hex_vmask[s->robber] >> v & 1))
                OUT(ACT(A_CHASE, v, 0, 0));
        }
        for (int t = 0; t < 3; t++)
            if (cat_can_improve(g, s, p, t, 0))
                OUT(ACT(A_IMPROVE, t, 0, 0));
        uint32_t seen = 0;
        for (int i = 0; i < pl->nprog; i++) {
            int c = pl->prog[i];
            if (seen >> c & 1)
                continue;
            seen |= 1u << c;
            if (cat_card_playable(g, s, p, c))
                OUT(ACT(A_PLAY, c, 0, 0));
        }
    } else {
        if (s->devdeck_n && can_pay(pl, COST_DEV))
            OUT(ACT(A_BUYDEV, 0, 0, 0));
        if (!s->dev_played)
            n = legal_devcards(g, s, p, out, n);
    }
    n = legal_bank(g, s, p, out, n);
    if (s->proposals < cf->trade_cap && pl->ncards)
        OUT(ACT(A_PROPOSE, 0, 0, 0));
    return n;
}

/* The base game's main phase, the most expensive list of random play
 * (a third of its decisions).  Nearly every list is "end turn", perhaps
 * bank trades, and "propose a trade": builds and card plays (a fifth of
 * the lists) share one quick test and the rarer path (main_base_builds),
 * and the usual path tests without branches.  The same list as
 * legal_main, in the same order. */

/* Base-game bank rates by the harbours a player touches (bit k < 5: the
 * 2:1 harbour of resource k, bit 5: a 3:1 harbour), as bank_rate_vec
 * computes them without the C&K terms: one table row instead of the
 * arithmetic on every main-phase list. */
#define BRV(h)                                                                               \
    ((4 - ((uint64_t)(h) >> PORT_ANY & 1)) * LO8 -                                          \
     (2 - ((uint64_t)(h) >> PORT_ANY & 1)) * (((uint64_t)((h) & 0x1f) * 0x10204081ULL) &   \
                                             0x0101010101ULL))
#define BRV8(h) BRV(h), BRV(h + 1), BRV(h + 2), BRV(h + 3), BRV(h + 4), BRV(h + 5), BRV(h + 6), \
                BRV(h + 7)
static const uint64_t BASE_RATES[64] = {BRV8(0),  BRV8(8),  BRV8(16), BRV8(24),
                                        BRV8(32), BRV8(40), BRV8(48), BRV8(56)};
#undef BRV8
#undef BRV

static inline int main_base_propose(const kt_game *g, const cat_state *s,
                                    const cat_player *pl, kt_action *out, int n)
{
    out[n] = ACT(A_PROPOSE, 0, 0, 0);
    return n + ((s->proposals < cat_config(g)->trade_cap) & (pl->ncards != 0));
}

/* The list's end: bank trades (the kinds held at their rate, for any
 * other kind the bank has) and proposing a trade. */
CAT_NOINLINE static int main_base_bank(const kt_game *g, const cat_state *s,
                                       const cat_player *pl, kt_action *out, int n)
{
    uint64_t rates = BASE_RATES[pl->ports & 63];
    uint64_t stock = vec8_ge(vec8(s->bank), LO8) & RES8;
    for (uint64_t ok = vec8_ge(vec8(pl->hand), rates) & RES8; ok; ok &= ok - 1) {
        int k = cat_ctz(ok) >> 3, rate = (int)(rates >> 8 * k & 0xff);
        n = emit_set(out, n, ACT(A_BANK, k, 0, rate), slot_bits(stock & ~(0x80ULL << 8 * k)), 16);
    }
    return main_base_propose(g, s, pl, out, n);
}

/* the whole list, with builds and card plays */
CAT_NOINLINE static int main_base_builds(const kt_game *g, const cat_state *s, int p,
                                         kt_action *out)
{
    const cat_player *pl = &s->pl[p];
    int n = main_builds(s, pl, p, out);
    if (s->devdeck_n && can_pay(pl, COST_DEV))
        OUT(ACT(A_BUYDEV, 0, 0, 0));
    if (!s->dev_played)
        n = legal_devcards(g, s, p, out, n);
    return main_base_bank(g, s, pl, out, n);
}

/* A hand with the top bit of every slot set (hand | HI8) covers a cost:
 * 1 or 0 (an int, for | and & without branches). */
static inline int pays(uint64_t h, const uint8_t *cost)
{
    return ((h - vec8(cost)) & HI8) == HI8;
}

/* The usual list ("end turn", perhaps "buy a development card" and
 * "propose") calls nothing, so it saves no registers; the others are tail
 * calls. */
CAT_NOINLINE static int legal_main_base(const kt_game *g, const cat_state *s, int p,
                                        kt_action *out)
{
    const cat_player *pl = &s->pl[p];
    uint64_t hand = vec8(pl->hand), h = hand | HI8;
    /* anything to build (piece counts aside; a settlement's cost includes
     * a road's) or a card to play: & and | of 0/1 ints instead of && and
     * ||, no branch per test */
    int rare = pays(h, COST_ROAD) | pays(h, COST_CITY) | ((s->dev_played == 0) & devcards_held(pl));
    int buy = (s->devdeck_n != 0) & pays(h, COST_DEV);
    if (rare)
        return main_base_builds(g, s, p, out);
    /* buying a development card, also without a branch */
    out[0] = ACT(A_END, 0, 0, 0);
    out[1] = ACT(A_BUYDEV, 0, 0, 0);
    if (vec8_ge(hand, BASE_RATES[pl->ports & 63]) & RES8) /* a bank trade */
        return main_base_bank(g, s, pl, out, 1 + buy);
    return main_base_propose(g, s, pl, out, 1 + buy);
}

/* Trade composition is the most frequent decision of random play (about
 * 40 % of base-game actions): the kinds that may be offered and asked for
 * and the number of sends are kept in the state as each pick is made
 * (cat_compose_masks in rules.c), so the list is two table rows, the
 * sends and the cancel.  Order: offers, asks, sends, cancel. */
static int legal_compose(const cat_state *s, int p, kt_action *out)
{
    int n = emit_kinds(out, 0, A_OFFER, s->tr_offer);
    n = emit_kinds(out, n, A_ASK, s->tr_ask);
    /* the sends (written anyway; the cancel overwrites them when there
     * are none yet) */
    memcpy(out + n, SENDS[p], sizeof SENDS[p]);
    n += s->tr_nsend;
    OUT(ACT(A_CANCEL, 0, 0, 0));
    return n;
}

/* The robber's list from each hex: every other hex, in order (one fixed
 * copy instead of two of variable length). */
#define RB(r, i) ACT(A_ROBBER, (i) < (r) ? (i) : (i) + 1, 0, 0)
#define RROW(r)                                                                             \
    {RB(r, 0),  RB(r, 1),  RB(r, 2),  RB(r, 3),  RB(r, 4),  RB(r, 5),  RB(r, 6),            \
     RB(r, 7),  RB(r, 8),  RB(r, 9),  RB(r, 10), RB(r, 11), RB(r, 12), RB(r, 13),           \
     RB(r, 14), RB(r, 15), RB(r, 16), RB(r, 17)}
static const kt_action ROBBER_TO[CAT_NH][CAT_NH - 1] = {
    RROW(0),  RROW(1),  RROW(2),  RROW(3),  RROW(4),  RROW(5),  RROW(6),
    RROW(7),  RROW(8),  RROW(9),  RROW(10), RROW(11), RROW(12), RROW(13),
    RROW(14), RROW(15), RROW(16), RROW(17), RROW(18),
};
#undef RROW
#undef RB

CAT_NOINLINE int cat_frame_legal(const kt_game *g, const cat_state *s, const cat_frame *f,
                                 kt_action *out)
{
    int p = f->player, n = 0;
    const cat_player *pl = &s->pl[p];
    switch (f->kind) {
    case F_SETUP_BUILD:
        return legal_setup_build(g, s, p, out);
    case F_SETUP_ROAD:
        for (int i = 0; i < 3; i++) {
            int e = cat_v_edge[f->a][i];
            if (e >= 0 && s->e_owner[e] < 0)
                OUT(ACT(A_ROAD, e, 0, 0));
        }
        return n;
    case F_ROLL:
        return legal_roll(g, s, p, out);
    case F_MAIN:
        return cat_config(g)->ck ? legal_main(g, s, p, out) : legal_main_base(g, s, p, out);
    case F_DISCARD:
        return emit_kinds(out, 0, A_DISCARD, slot_bits(vec8_ge(vec8(pl->hand), LO8)));
    case F_ROBBER:
        /* every hex but the robber's, in order (check() keeps the robber
         * on the board; every hex when it is not) */
        if (s->robber < 0 || s->robber >= CAT_NH) {
            for (int h = 0; h < CAT_NH; h++)
                OUT(ACT(A_ROBBER, h, 0, 0));
            return n;
        }
        memcpy(out, ROBBER_TO[s->robber], sizeof ROBBER_TO[0]);
        return CAT_NH - 1;
    case F_STEAL:
        for (int q = 0; q < cat_np(g); q++)
            if (f->a >> q & 1)
                OUT(ACT(A_STEAL, q, 0, 0));
        return n;
    case F_AQUEDUCT:
    case F_PLENTY:
        for (int k = 0; k < CAT_NRES; k++)
            if (s->bank[k])
                OUT(ACT(A_TAKE, k, 0, 0));
        return n;
    case F_PDISCARD: {
        uint32_t seen = 0;
        for (int i = 0; i < pl->nprog; i++)
            if (!(seen >> pl->prog[i] & 1)) {
                seen |= 1u << pl->prog[i];
                OUT(ACT(A_PDISCARD, pl->prog[i], 0, 0));
            }
        return n;
    }
    case F_CITY_LOSS:
        return emit_vertices(out, 0, A_LOSE, cat_pillage_spots(s, p));
    case F_DEFENDER_DRAW:
        for (int c = 0; c < 3; c++)
            if (s->deck_n[c])
                OUT(ACT(A_DECK, c, 0, 0));
        return n;
    case F_METROPOLIS:
        return emit_vertices(out, 0, A_METRO, cat_metro_spots(s, p));
    case F_TRADE_RESPOND:
        /* always affordable in play (asked only then); a guard for worlds
         * built by hand */
        if (can_afford(pl, s->tr_get))
            OUT(ACT(A_ACCEPT, 0, 0, 0));
        OUT(ACT(A_DECLINE, 0, 0, 0));
        return n;
    case F_TRADE_CHOOSE:
        for (int q = 0; q < cat_np(g); q++)
            if (s->tr_accept >> q & 1)
                OUT(ACT(A_DEAL, q, 0, 0));
        OUT(ACT(A_CANCEL, 0, 0, 0));
        return n;
    case F_RELOCATE: {
        uint64_t t;
        cat_relocation_targets(s, p, f->a, &t);
        return emit_vertices(out, 0, A_RELOCATE, t);
    }
    case F_TRADE_COMPOSE: /* cat_legal answers this one itself */
        return legal_compose(s, p, out);
    default:
        return cat_card_legal(g, s, f, out);
    }
}

/* A thin entry: the three decisions of most of random play (composing a
 * trade, the main phase, the roll) pay no set-up for the others.  At rest
 * the header names the top frame's decision and player (check() verifies
 * it), so these need not find the frame. */
int cat_legal(const kt_game *g, const kt_state *ks, kt_action *out)
{
    const cat_state *s = (const cat_state *)ks;
    if (s->h.status != KT_RUNNING || !s->nstack)
        return 0;
    int p = s->h.to_move;
    switch (s->h.decision) {
    case F_TRADE_COMPOSE:
        return legal_compose(s, p, out);
    case F_MAIN:
        return cat_config(g)->ck ? legal_main(g, s, p, out) : legal_main_base(g, s, p, out);
    case F_ROLL:
        return legal_roll(g, s, p, out);
    default:
        return cat_frame_legal(g, s, cat_ctop(s), out);
    }
}
