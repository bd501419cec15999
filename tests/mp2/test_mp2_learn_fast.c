/*
 * test_mp2_learn_fast.c - Marco Polo II's observation encoder, optimised for
 * the vector environment (issue 30), writes exactly the vectors it wrote
 * before (tests/mp2/learn_ref.c): 2 to 4 players, with and without the
 * caravans.
 */
#include "../learn_ref.h"

KT_TEST(mp2_learn_obs_equals_reference)
{
    long n = kt_ref_compare(T, "mp2", NULL, 3, kt_t_scaled(6), ref_mp2_obs_vector,
                            ref_mp2_action_index);
    n += kt_ref_compare(T, "mp2", NULL, 2, kt_t_scaled(4), ref_mp2_obs_vector,
                        ref_mp2_action_index);
    n += kt_ref_compare(T, "mp2", "caravans=1", 4, kt_t_scaled(4), ref_mp2_obs_vector,
                        ref_mp2_action_index);
    KT_CHECK(n > 1000);
}
