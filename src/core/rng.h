/*
 * rng.h - the engine's only source of randomness.
 *
 * A 128-bit xoroshiro128++ generator (two 64-bit words), small enough to live
 * inside every game state and be saved with it.  Seeding expands a 64-bit seed
 * with splitmix64 so that nearby seeds give unrelated streams.  Everything is
 * integer arithmetic: the same seed gives the same numbers on every machine.
 */
#ifndef KT_RNG_H
#define KT_RNG_H

#include <stdint.h>

#include "kontor/kontor.h"

/* The public kt_random (two 64-bit words) is this generator: hosts draw the
 * same numbers through kt_random_below & co. (random.c). */
typedef kt_random kt_rng;

/* splitmix64 step: also a good 64-bit mixing function for deriving seeds. */
static inline uint64_t kt_mix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Derive an independent seed from (seed, stream) without touching any rng. */
static inline uint64_t kt_seed_derive(uint64_t seed, uint64_t stream)
{
    uint64_t x = seed ^ (stream * 0xd1342543de82ef95ULL);
    (void)kt_mix64(&x);
    return kt_mix64(&x);
}

static inline void kt_rng_seed(kt_rng *r, uint64_t seed)
{
    uint64_t x = seed;
    r->s[0] = kt_mix64(&x);
    r->s[1] = kt_mix64(&x);
    if ((r->s[0] | r->s[1]) == 0) /* the all-zero state is a fixed point */
        r->s[1] = 1;
}

/* The generator's step and its uniform integer in [0, n), n >= 1 (Lemire's
 * multiply-and-reject method), are the public kt_random_next and
 * kt_random_below, defined inline in kontor.h so that hosts draw the same
 * numbers as fast.  (kt_random_below's n == 0 test never fires here: every
 * engine draw has n >= 1.) */
static inline uint64_t kt_rng_next(kt_rng *r) { return kt_random_next(r); }
static inline uint32_t kt_rng_below(kt_rng *r, uint32_t n) { return kt_random_below(r, n); }

/* Uniform double in [0, 1). */
static inline double kt_rng_unit(kt_rng *r)
{
    return (double)(kt_rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

/* Fisher-Yates shuffle of n bytes / 16-bit values.  The generator runs on
 * a local copy: the stores into `a` may alias *r as far as the compiler
 * knows, which would otherwise reload and store its state on every step
 * (same numbers, same order). */
static inline void kt_shuffle_u8(kt_rng *r, uint8_t *a, uint32_t n)
{
    kt_rng l = *r;
    for (uint32_t i = n; i > 1; i--) {
        uint32_t j = kt_rng_below(&l, i);
        uint8_t t = a[i - 1];
        a[i - 1] = a[j];
        a[j] = t;
    }
    *r = l;
}

/* Ascending order, in place (insertion sort: the pools are small). */
static inline void kt_sort_u8(uint8_t *a, uint32_t n)
{
    for (uint32_t i = 1; i < n; i++) {
        uint8_t v = a[i];
        uint32_t j = i;
        while (j > 0 && a[j - 1] > v) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = v;
    }
}

/* Shuffle what a player cannot see into a new order that does not depend on
 * the order it had (determinization): sort, then shuffle.  States that
 * differ only in hidden order so give the same world for the same
 * generator. */
static inline void kt_shuffle_u8_sorted(kt_rng *r, uint8_t *a, uint32_t n)
{
    kt_sort_u8(a, n);
    kt_shuffle_u8(r, a, n);
}

static inline void kt_shuffle_u16(kt_rng *r, uint16_t *a, uint32_t n)
{
    kt_rng l = *r;
    for (uint32_t i = n; i > 1; i--) {
        uint32_t j = kt_rng_below(&l, i);
        uint16_t t = a[i - 1];
        a[i - 1] = a[j];
        a[j] = t;
    }
    *r = l;
}

#endif
