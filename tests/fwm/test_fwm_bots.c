/*
 * test_fwm_bots.c - Fugger, Welser, Medici: the heuristic bot.  It beats
 * three random bots in most 4-player trading-house games, plays every mode
 * to its natural end, keeps its merchants off the sea in winter, and its
 * choices are legal and deterministic.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fwm_helpers.h"

static int play(kt_t *T, kt_game *g, kt_state *s, kt_bot **seat, long cap)
{
    kt_err err;
    for (long n = 0; n < cap && !kt_is_over(g, s); n++) {
        kt_action a;
        if (!KT_OKS(kt_bot_choose(seat[kt_to_move(g, s)], s, &a, &err), &err))
            return 0;
        kt_apply_trusted(g, s, a);
    }
    return kt_is_over(g, s);
}

/* Issue 26 let players trade in phase 1: random players now also trade
 * among themselves at random prices, which makes the best of three of them
 * richer (the best random's mean 11,704 -> 12,505 FL over 1,000 games,
 * `kontor sim fwm --seats bot:heuristic,bot:random,bot:random,bot:random
 * --games 1000 --seed 7`) while the heuristic's own mean stayed (18,444 ->
 * 18,541 FL): it wins 75.4% [72.6-78.0] of those games, 86.4% before.  These
 * 120 fixed games must give at least 70%. */
KT_TEST(fwm_heuristic_wins_most_games_against_three_random_bots)
{
    kt_game *g = NULL;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("fwm", NULL, 4, 1, NULL, &g, &err), &err));
    kt_state *s = kt_state_new(g);
    kt_bot *h = NULL, *r = NULL;
    kt_bot_new(g, "heuristic", 1, &h, &err);
    kt_bot_new(g, "random", 2, &r, &err);
    int games = 120, wins = 0; /* fixed: fewer games could not tell 70% apart */
    for (int k = 0; k < games; k++) {
        kt_state_init_seed(g, s, 500u + (uint64_t)k);
        int hp = k % 4; /* the heuristic's seat rotates */
        kt_bot *seat[4] = {r, r, r, r};
        seat[hp] = h;
        if (!play(T, g, s, seat, 100000))
            break;
        kt_result res;
        kt_result_get(g, s, &res);
        wins += (int)(((unsigned)res.winners >> hp) & 1u);
    }
    double p = (double)wins / games, z = 1.96, n = games;
    double lo = (p + z * z / (2 * n) - z * sqrt(p * (1 - p) / n + z * z / (4 * n * n))) / (1 + z * z / n);
    printf("heuristic vs 3 random: %d of %d (%.1f%%, Wilson 95%% lower %.1f%%)\n", wins, games,
           100 * p, 100 * lo);
    KT_CHECK(p >= 0.70);
    kt_bot_free(h);
    kt_bot_free(r);
    kt_state_free(g, s);
    kt_game_free(g);
}

KT_TEST(fwm_heuristic_plays_every_mode_to_its_end_and_respects_winter)
{
    const char *modes[4] = {"mode=trading", "mode=nobility", "mode=manor", "mode=full"};
    for (int m = 0; m < 4; m++)
        for (int np = 2; np <= 6; np += 2) {
            kt_game *g = NULL;
            kt_err err;
            if (!KT_OKS(kt_game_new("fwm", modes[m], np, 9, NULL, &g, &err), &err))
                return;
            kt_state *s = kt_state_new(g);
            kt_bot *h = NULL;
            kt_bot_new(g, "heuristic", 3, &h, &err);
            kt_bot *seat[6] = {h, h, h, h, h, h};
            int lost = 0;
            long n = 0;
            for (; n < 400000 && !kt_is_over(g, s); n++) {
                kt_action a;
                if (!KT_OKS(kt_bot_choose(seat[kt_to_move(g, s)], s, &a, &err), &err))
                    break;
                kt_apply_trusted(g, s, a);
                for (int p = 0; p < np; p++)
                    lost += ((const fwm_state *)s)->pl[p].m[0].pos == FWM_LOST;
            }
            KT_CHECK(kt_is_over(g, s));
            if (lost)
                KT_FAIL("%s, %d players: a representative was lost at sea", modes[m], np);
            kt_result r;
            kt_result_get(g, s, &r);
            KT_CHECK(r.finished && r.winners);
            kt_bot_free(h);
            kt_state_free(g, s);
            kt_game_free(g);
        }
}
