/*
 * random.c - kontor's generator for hosts (kontor.h, "reproducible
 * randomness for hosts"): kt_random is rng.h's kt_rng (rng.h typedefs one
 * to the other), so these are the engine's own numbers, one call each
 * (tests/core/test_random.c).
 */
#include "game.h"

void kt_random_seed(kt_random *r, uint64_t seed)
{
    kt_rng_seed(r, seed);
}

uint32_t kt_random_below(kt_random *r, uint32_t n)
{
    return n ? kt_rng_below(r, n) : 0;
}

double kt_random_unit(kt_random *r)
{
    return kt_rng_unit(r);
}

uint64_t kt_seed_mix(uint64_t seed, uint64_t stream)
{
    return kt_seed_derive(seed, stream);
}
