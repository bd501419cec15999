/*
 * test_dom_learn_fast.c - Dominion's observation encoder, optimised for the
 * vector environment (issue 30), writes exactly the vectors it wrote before, and its action indices are unchanged,
 * (tests/dominion/learn_ref.c): base game, Plunder with Events and Traits,
 * 2 to 4 players.
 */
#include "../learn_ref.h"

KT_TEST(dominion_learn_obs_equals_reference)
{
    static const struct {
        const char *options;
        int players;
    } cfg[] = {
        {NULL, 2},
        {"preset=First Game", 3},
        {"sets=plunder", 4},
        {"sets=all", 2},
    };
    long n = 0;
    for (size_t i = 0; i < sizeof cfg / sizeof cfg[0]; i++)
        n += kt_ref_compare(T, "dominion", cfg[i].options, cfg[i].players, kt_t_scaled(6),
                            ref_dom_obs_vector, ref_dom_action_index);
    KT_CHECK(n > 1000);
}
