/*
 * test_random.c - the public generator (kontor.h, "reproducible randomness
 * for hosts") gives exactly the engine's numbers (src/core/rng.h), so a host
 * that picks with it (kontor bench's random play, whose picks the pinned
 * fingerprints depend on) plays the games the engine's generator would.
 */
#include "../harness.h"
#include "../../src/core/rng.h"

KT_TEST(random_public_generator_is_the_engines)
{
    for (uint64_t seed = 0; seed < 50; seed++) {
        kt_random pub;
        kt_rng eng;
        kt_random_seed(&pub, seed);
        kt_rng_seed(&eng, seed);
        for (uint32_t i = 1; i < 200; i++) {
            KT_EQ(kt_random_below(&pub, i), kt_rng_below(&eng, i));
            KT_CHECK(kt_random_unit(&pub) == kt_rng_unit(&eng));
        }
        KT_EQ(kt_seed_mix(seed, 7 * seed + 1), kt_seed_derive(seed, 7 * seed + 1));
    }
}

KT_TEST(random_below_zero_is_zero_and_draws_nothing)
{
    kt_random a, b;
    kt_random_seed(&a, 9);
    kt_random_seed(&b, 9);
    KT_EQ(kt_random_below(&a, 0), 0);
    KT_EQ(kt_random_below(&a, 1000), kt_random_below(&b, 1000));
    double u = kt_random_unit(&a);
    KT_CHECK(u >= 0.0 && u < 1.0);
}
