/*
 * random.c - kontor's generator for hosts (kontor.h, "reproducible
 * randomness for hosts"): kt_random is rng.h's kt_rng (rng.h typedefs one
 * to the other), so these are the engine's own numbers, one call each
 * (tests/core/test_random.c); kt_random_next and kt_random_below are
 * inline in kontor.h and only emitted here.
 */
#include "game.h"

void kt_random_seed(kt_random *r, uint64_t seed)
{
    kt_rng_seed(r, seed);
}

/* The external definitions of kontor.h's inline functions (C99: an extern
 * declaration in one file makes it emit them), for bindings and for calls
 * not inlined. */
extern inline uint64_t kt_random_next(kt_random *r);
extern inline uint32_t kt_random_below(kt_random *r, uint32_t n);

double kt_random_unit(kt_random *r)
{
    return kt_rng_unit(r);
}

uint64_t kt_seed_mix(uint64_t seed, uint64_t stream)
{
    return kt_seed_derive(seed, stream);
}
