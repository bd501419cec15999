/*
 * test_fwm_soak.c - random play of Fugger, Welser, Medici in every mode
 * with 2-6 players: the invariants (kt_check) after every action, save ->
 * load round trips at the end.  The trading-house game always ends (the
 * calendar brings every deal due); in the longer modes uniformly random
 * players ruin themselves by absurd bids and nobody can rise any more, so
 * those soaks stop at the common turn limit (a natural end there is shown
 * with heuristic bots in test_fwm_bots.c).
 */
#include <stdio.h>
#include <string.h>

#include "../harness.h"

static void soak(kt_t *T, const char *mode, int games, int turn_limit)
{
    char opts[64];
    snprintf(opts, sizeof opts, "mode=%s;turn_limit=%d", mode, turn_limit);
    for (int np = 2; np <= 6; np++) {
        kt_game *g = NULL;
        kt_err err;
        if (!KT_OKS(kt_game_new("fwm", opts, np, 77, NULL, &g, &err), &err))
            return;
        kt_state *s = kt_state_new(g);
        for (int i = 0; i < games; i++) {
            kt_state_init_seed(g, s, 1000u * (uint64_t)np + (uint64_t)i);
            long n = kt_t_random_game(T, g, s, 5000u + (uint64_t)i, 3000000);
            KT_CHECK(n > 0 && kt_is_over(g, s));
            char *js = kt_state_json(g, s);
            kt_game *g2 = NULL;
            kt_state *s2 = NULL;
            if (KT_OKS(kt_load_json(js, NULL, &g2, &s2, &err), &err))
                KT_CHECK(kt_state_equal(g, s, s2));
            kt_free(js);
            kt_state_free(g2, s2);
            kt_game_free(g2);
        }
        kt_state_free(g, s);
        kt_game_free(g);
    }
}

KT_TEST(fwm_soak_trading_2_to_6_players) { soak(T, "trading", kt_t_scaled(12), 0); }
KT_TEST(fwm_soak_nobility_2_to_6_players) { soak(T, "nobility", kt_t_scaled(6), 150); }
KT_TEST(fwm_soak_manor_2_to_6_players) { soak(T, "manor", kt_t_scaled(4), 150); }
KT_TEST(fwm_soak_full_2_to_6_players) { soak(T, "full", kt_t_scaled(4), 150); }
