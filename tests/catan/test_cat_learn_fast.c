/*
 * test_cat_learn_fast.c - Catan's observation encoder, optimised for the
 * vector environment (issue 30), writes exactly the vectors it wrote before, and its action indices are unchanged,
 * (tests/catan/learn_ref.c): Cities & Knights and the base game, 3 and 4
 * players.
 */
#include "../learn_ref.h"

KT_TEST(catan_learn_obs_equals_reference)
{
    long n = kt_ref_compare(T, "catan", NULL, 4, kt_t_scaled(4), ref_cat_obs_vector,
                            ref_cat_action_index);
    n += kt_ref_compare(T, "catan", "variant=base", 3, kt_t_scaled(4), ref_cat_obs_vector,
                        ref_cat_action_index);
    KT_CHECK(n > 1000);
}
