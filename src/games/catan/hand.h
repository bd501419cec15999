/*
 * hand.h - card vectors shared by rules.c and legal.c: the costs, whole-word
 * operations on hands, the bank and trade offers, and the bank rates.
 *
 * Data layout: a card vector is 8 byte slots indexed by kind (K_BRICK ..
 * K_COIN, see catan.h), each below 128, read and written as one 64-bit word
 * (memcpy): slot k is byte k of the word, bits 8k..8k+7, so the machine
 * must be little-endian (checked below).  Everything is static inline or
 * const: no state.
 */
#ifndef CAT_HAND_H
#define CAT_HAND_H

#include <string.h>

#include "catan.h"

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "card vectors take slot k as byte k of a 64-bit word (little-endian)"
#endif

/* costs as hand vectors [R 1.1], [R 1.9], [R 1.11] */
static const uint8_t COST_ROAD[CAT_NKIND] = {1, 1, 0, 0, 0};
static const uint8_t COST_SETTLE[CAT_NKIND] = {1, 1, 1, 1, 0};
static const uint8_t COST_CITY[CAT_NKIND] = {0, 0, 0, 2, 3};
static const uint8_t COST_DEV[CAT_NKIND] = {0, 0, 1, 1, 1};
static const uint8_t COST_KNIGHT[CAT_NKIND] = {0, 0, 1, 0, 1};
static const uint8_t COST_ACTIVATE[CAT_NKIND] = {0, 0, 0, 1, 0};
static const uint8_t COST_WALL[CAT_NKIND] = {2, 0, 0, 0, 0};

/* Card vectors (hand, bank, trade offer: 8 byte slots, each < 128) are
 * also handled as one 64-bit word: adding HI8 to every byte before a
 * subtraction keeps bytes from borrowing from each other, so a comparison
 * of all slots at once leaves bit 8k+7 set where slot k passes. */
#define LO8 0x0101010101010101ULL
#define HI8 0x8080808080808080ULL
#define RES8 0x0000008080808080ULL /* the five resource slots */

static inline uint64_t vec8(const uint8_t *v)
{
    uint64_t x;
    memcpy(&x, v, 8);
    return x;
}

static inline void vec8_put(uint8_t *v, uint64_t x)
{
    memcpy(v, &x, 8);
}

static inline int vec8_sum(uint64_t v) /* slots summing to < 256 */
{
    return (int)((v * LO8) >> 56);
}

/* slots with v[k] >= c (c <= 127) */
static inline uint64_t vec8_ge(uint64_t v, uint64_t c)
{
    return ((v | HI8) - c) & HI8;
}

/* Kinds k of a byte mask (bit 8k+7) as bits 0..7: bit 8k+7 goes to bit k
 * (the factor puts each bit at its own place in the top byte, no carries). */
static inline unsigned slot_bits(uint64_t m)
{
    return (unsigned)((((m & HI8) >> 7) * 0x0102040810204080ULL) >> 56);
}

/* hand >= cost in every slot at once */
static inline int can_pay(const cat_player *pl, const uint8_t *cost)
{
    return vec8_ge(vec8(pl->hand), vec8(cost)) == HI8;
}

static inline int can_afford(const cat_player *pl, const uint8_t *want)
{
    return vec8_ge(vec8(pl->hand), vec8(want)) == HI8;
}

static inline int knight_ready(const cat_state *s, int v)
{
    int a = s->v_aux[v];
    return (a & KN_ACTIVE) && !(a & (KN_FRESH | KN_USED));
}

/* Bank rates for giving each kind [R 1.7], one byte slot per kind: 4:1;
 * 3:1 at a generic harbour; 2:1 for a resource at its harbour, for the
 * merchant's resource (its controller), for commodities with the Trading
 * House (trade level 3) and for anything under Merchant Fleet.  Rates never
 * stack.  Built as generic - (generic - 2) * two, where `two` has a 1 in the
 * slots that trade at 2:1. */
static inline uint64_t bank_rate_vec(const kt_game *g, const cat_state *s, int p)
{
    int ports = s->pl[p].ports;
    /* harbour bit k (k < 5) to byte k: the factor puts bit k at 8k and
     * no two (bit, factor) pairs meet at one position, so nothing carries */
    uint64_t two = ((uint64_t)(ports & 0x1f) * 0x10204081ULL) & 0x0101010101ULL;
    if (cat_config(g)->ck) {
        if (s->merchant >= 0 && s->merchant_owner == p && cat_terrain_res[s->terrain[s->merchant]] >= 0)
            two |= 1ULL << 8 * cat_terrain_res[s->terrain[s->merchant]];
        if (s->pl[p].impr[TR_TRADE] >= 3)
            two |= 0x010101ULL << 8 * CAT_NRES;
        if (s->fleet == 1)
            two = LO8;
        else if (s->fleet >= 2)
            two |= 1ULL << 8 * (s->fleet - 2);
    }
    uint64_t generic = ports >> PORT_ANY & 1 ? 3 : 4;
    return generic * LO8 - (generic - 2) * two;
}

#endif
