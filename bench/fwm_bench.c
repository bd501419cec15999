/*
 * fwm_bench.c - standalone driver for Fugger, Welser, Medici (not linked
 * into kontor): the plausibility figures of docs/fugger_welser_medici.md
 * (game length in rounds and calendar years per mode, wins by home city,
 * money at the end) and bot matches.
 *
 * Build (after `make GAMES=fwm BUILD=build/fwm`):
 *   cc -O2 -Iinclude -Isrc bench/fwm_bench.c build/fwm/libkontor.a -lm -lpthread -o build/fwm/fwm-bench
 * Usage:
 *   fwm-bench plausibility <games> <players> <options>
 *       heuristic bots in every seat: rounds and years, wins by home city
 *       (with 95% Wilson intervals), money and goods value at the end
 *   fwm-bench match <games> <players> <options> <bot0> <bot1> ...
 *       bots by seat, rotated each game; wins with 95% Wilson intervals
 * Data layout: no state beyond local variables; results are printed.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "games/fwm/fwm.h"

static void wilson(int k, int n, double *lo, double *hi)
{
    double z = 1.96, p = n ? (double)k / n : 0, d = 1 + z * z / n;
    double c = p + z * z / (2.0 * n), r = z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n));
    *lo = n ? (c - r) / d : 0;
    *hi = n ? (c + r) / d : 0;
}

static int play(const kt_game *g, kt_state *s, kt_bot **seat, long cap)
{
    kt_err err;
    for (long n = 0; n < cap && !kt_is_over(g, s); n++) {
        kt_action a;
        if (kt_bot_choose(seat[kt_to_move(g, s)], s, &a, &err) != KT_OK) {
            fprintf(stderr, "bot error: %s\n", err.msg);
            return 0;
        }
        kt_apply_trusted(g, s, a);
    }
    return kt_is_over(g, s);
}

static int plausibility(int games, int np, const char *opts)
{
    kt_game *g;
    kt_err err;
    if (kt_game_new("fwm", opts, np, 1, NULL, &g, &err) != KT_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    const fwm_cfg *c = fwm_config(g);
    kt_bot *h;
    kt_bot_new(g, "heuristic", 1, &h, &err);
    kt_bot *seat[FWM_MAXP] = {h, h, h, h, h, h};
    kt_state *s = kt_state_new(g);
    int wins[FWM_MAXSP] = {0}, seen[FWM_MAXSP] = {0}, done = 0, lost_reps = 0;
    double rounds = 0, rounds2 = 0, money = 0, value = 0, winval = 0;
    for (int k = 0; k < games; k++) {
        kt_state_init_seed(g, s, 7000u + (uint64_t)k);
        if (!play(g, s, seat, 2000000))
            continue;
        const fwm_state *fs = (const fwm_state *)s;
        kt_result r;
        kt_result_get(g, s, &r);
        done++;
        rounds += fs->round + 1;
        rounds2 += (double)(fs->round + 1) * (fs->round + 1);
        for (int p = 0; p < np; p++) {
            seen[fs->pl[p].home]++;
            /* shared wins count for each winner */
            if ((r.winners >> p) & 1u) {
                wins[fs->pl[p].home]++;
                winval += r.score[p];
            }
            money += fs->pl[p].money;
            value += r.score[p];
            lost_reps += fs->pl[p].m[0].pos == FWM_LOST;
        }
    }
    double mr = rounds / done, sd = sqrt(rounds2 / done - mr * mr);
    printf("fwm %s, %d players, heuristic bots: %d of %d games ended\n", opts, np, done, games);
    printf("  length: %.1f rounds (sd %.1f) = %.2f calendar years (%d spaces a year)\n", mr, sd,
           mr / c->ncal, c->ncal);
    printf("  end: money %.0f FL, money + goods at bank prices %.0f FL per player; winners %.0f FL\n",
           money / (done * np), value / (done * np), winval / done);
    printf("  representatives lost at sea: %d\n", lost_reps);
    for (int i = 0; i < c->nhomes; i++) {
        int hsp = c->homes[i];
        double lo, hi;
        wilson(wins[hsp], seen[hsp], &lo, &hi);
        printf("  home %-10s %4d players, win rate %5.1f%% [%.1f-%.1f] (fair share %.1f%%)\n",
               c->sp[hsp].en, seen[hsp], seen[hsp] ? 100.0 * wins[hsp] / seen[hsp] : 0, 100 * lo,
               100 * hi, 100.0 / np);
    }
    kt_state_free(g, s);
    kt_bot_free(h);
    kt_game_free(g);
    return 0;
}

static int match(int games, int np, const char *opts, char **specs, int nspecs)
{
    kt_game *g;
    kt_err err;
    if (kt_game_new("fwm", opts, np, 1, NULL, &g, &err) != KT_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    kt_bot *bots[FWM_MAXP];
    for (int i = 0; i < nspecs; i++)
        if (kt_bot_new(g, specs[i], 100u + (uint64_t)i, &bots[i], &err) != KT_OK) {
            fprintf(stderr, "%s\n", err.msg);
            return 1;
        }
    kt_state *s = kt_state_new(g);
    int wins[FWM_MAXP] = {0};
    double score[FWM_MAXP] = {0};
    for (int k = 0; k < games; k++) {
        kt_bot *seat[FWM_MAXP];
        for (int p = 0; p < np; p++)
            seat[p] = bots[(p + k) % nspecs];
        kt_state_init_seed(g, s, 9000u + (uint64_t)k);
        if (!play(g, s, seat, 2000000))
            continue;
        kt_result r;
        kt_result_get(g, s, &r);
        for (int p = 0; p < np; p++) {
            int b = (p + k) % nspecs;
            wins[b] += (int)((r.winners >> p) & 1u);
            score[b] += r.score[p];
        }
    }
    for (int b = 0; b < nspecs; b++) {
        double lo, hi;
        wilson(wins[b], games, &lo, &hi);
        printf("%-28s wins %3d/%d = %5.1f%% [%.1f-%.1f], mean score %.0f\n", specs[b], wins[b],
               games, 100.0 * wins[b] / games, 100 * lo, 100 * hi, score[b] / games);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 5 && strcmp(argv[1], "plausibility") == 0)
        return plausibility(atoi(argv[2]), atoi(argv[3]), argv[4]);
    if (argc >= 7 && strcmp(argv[1], "match") == 0)
        return match(atoi(argv[2]), atoi(argv[3]), argv[4], argv + 5, argc - 5);
    fprintf(stderr, "usage: fwm-bench plausibility <games> <players> <options>\n"
                    "       fwm-bench match <games> <players> <options> <bot0> <bot1> ...\n");
    return 2;
}
