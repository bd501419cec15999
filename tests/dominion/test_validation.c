/*
 * test_validation.c - Dominion against published figures (reference
 * dominion.md §3): Big Money Ultimate reaches 4 Provinces alone in about 17
 * turns, Smithy Big Money in about 14.5; in a BMU mirror the first player
 * wins 48-53% and 7-11% of games are shared.  Sample sizes make the
 * standard error a small fraction of each tolerance (also at KT_SCALE 0.25).
 * The kingdom is Smithy plus base-game cards (sets=base): Big Money ignores
 * them, while Plunder Traits or Shaman would change the game itself.
 */
#include <math.h>
#include <stdio.h>

#include "../../src/core/game.h"
#include "helpers.h"

/* Mean turns to 4 Provinces in goldfish games of `bot`; NAN on error. */
static double goldfish(kt_t *T, const char *bot, int games, double *sd)
{
    kt_game *g;
    kt_err err;
    if (!KT_OKS(kt_game_new("dominion", "kingdom=Smithy;sets=base;until=provinces=4", 1, 1, NULL, &g, &err),
                &err))
        return NAN;
    kt_bot *b;
    if (!KT_OKS(kt_bot_new(g, bot, 1, &b, &err), &err))
        return NAN;
    kt_state *s = kt_state_new(g);
    double sum = 0, sq = 0;
    for (int i = 0; i < games; i++) {
        kt_state_init_seed(g, s, 5000 + (uint64_t)i);
        while (!kt_is_over(g, s)) {
            kt_action a;
            if (kt_bot_choose_fast(b, s, &a, &err) != KT_OK)
                break;
            kt_apply_trusted(g, s, a);
        }
        kt_result r;
        kt_result_get(g, s, &r);
        if (!r.finished)
            KT_FAIL("goldfish game %d did not finish", i);
        sum += r.turns;
        sq += (double)r.turns * r.turns;
    }
    double mean = sum / games;
    *sd = sqrt(sq / games - mean * mean);
    kt_bot_free(b);
    kt_state_free(g, s);
    kt_game_free(g);
    return mean;
}

KT_TEST(dominion_validation_bmu_goldfish_four_provinces_in_17_turns)
{
    int n = kt_t_scaled(20000);
    double sd = 0, m = goldfish(T, "bmu", n, &sd);
    printf("    bmu goldfish: %.3f turns (sd %.2f, se %.3f, %d games)\n", m, sd, sd / sqrt(n), n);
    KT_CHECK(fabs(m - 17.0) <= 0.5);
}

KT_TEST(dominion_validation_smithy_goldfish_four_provinces_in_14_5_turns)
{
    int n = kt_t_scaled(20000);
    double sd = 0, m = goldfish(T, "smithy", n, &sd);
    printf("    smithy goldfish: %.3f turns (sd %.2f, se %.3f, %d games)\n", m, sd, sd / sqrt(n), n);
    KT_CHECK(fabs(m - 14.5) <= 0.7);
}

KT_TEST(dominion_validation_bmu_mirror_first_seat_and_ties)
{
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("dominion", "kingdom=Smithy;sets=base", 2, 1, NULL, &g, &err), &err));
    kt_bot *b0, *b1;
    KT_REQUIRE(KT_OKS(kt_bot_new(g, "bmu", 1, &b0, &err), &err));
    KT_REQUIRE(KT_OKS(kt_bot_new(g, "bmu", 2, &b1, &err), &err));
    kt_state *s = kt_state_new(g);
    int n = kt_t_scaled(40000), first = 0, second = 0, ties = 0;
    double turns = 0;
    for (int i = 0; i < n; i++) {
        kt_state_init_seed(g, s, 900000 + (uint64_t)i);
        while (!kt_is_over(g, s)) {
            kt_action a;
            if (kt_bot_choose_fast(kt_to_move(g, s) ? b1 : b0, s, &a, &err) != KT_OK)
                break;
            kt_apply_trusted(g, s, a);
        }
        kt_result r;
        kt_result_get(g, s, &r);
        first += r.winners == 1u;
        second += r.winners == 2u;
        ties += r.winners == 3u;
        turns += r.turns;
    }
    double w = 100.0 * first / n, t = 100.0 * ties / n;
    printf("    bmu mirror: first seat %.2f%%, second %.2f%%, ties %.2f%%, %.2f turns (%d games)\n",
           w, 100.0 * second / n, t, turns / n, n);
    KT_CHECK(w >= 48.0 && w <= 53.0);
    KT_CHECK(t >= 7.0 && t <= 11.0);
    KT_EQ(first + second + ties, n);
    kt_bot_free(b0);
    kt_bot_free(b1);
    kt_state_free(g, s);
    kt_game_free(g);
}
