/*
 * anno_bench.c - standalone driver for Anno 1701 (not linked into kontor):
 * bot matches with the balance figures of docs/anno_1701.md: win rate of
 * each bot, of the Lion and the Dragon start set and of the first player
 * (Wilson 95% intervals), how the games ended (7 queen marks, 2 merchants,
 * chaos), and their length in turns.
 *
 * Build (after `make GAMES=anno1701 BUILD=build/anno`):
 *   cc -O2 -Iinclude -Isrc bench/anno_bench.c build/anno/libkontor.a -lm -lpthread \
 *      -o build/anno/anno-bench
 * Usage:
 *   anno-bench <games> <bot0> <bot1> [options] [first-seed]
 *       bot0 sits in seat 1 in even games and seat 2 in odd ones; game i is
 *       dealt from seed first-seed + i (default 1000).
 * Data layout: no state beyond local variables; results are printed.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "games/anno1701/anno1701.h"

/* Wilson score interval of k successes in n at 95%. */
static void wilson(int k, int n, double *lo, double *hi)
{
    double z = 1.96, p = n ? (double)k / n : 0, d = 1 + z * z / n;
    double mid = (p + z * z / (2.0 * n)) / d;
    double w = z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / d;
    *lo = mid - w > 0 ? 100 * (mid - w) : 0;
    *hi = mid + w < 1 ? 100 * (mid + w) : 100;
}

static void rate(const char *what, int k, int n)
{
    double lo, hi;
    wilson(k, n, &lo, &hi);
    printf("  %-26s %5d of %5d = %5.1f%%  [%.1f-%.1f]\n", what, k, n, n ? 100.0 * k / n : 0.0, lo,
           hi);
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: anno-bench <games> <bot0> <bot1> [options] [first-seed]\n");
        return 2;
    }
    int n = atoi(argv[1]);
    const char *spec[2] = {argv[2], argv[3]};
    const char *opts = argc > 4 ? argv[4] : "";
    uint64_t first = argc > 5 ? strtoull(argv[5], NULL, 10) : 1000;
    kt_game *g;
    kt_err err;
    if (kt_game_new("anno1701", opts, 2, 1, NULL, &g, &err) != KT_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    kt_bot *bot[2];
    for (int b = 0; b < 2; b++)
        if (kt_bot_new(g, spec[b], 11 + (uint64_t)b, &bot[b], &err) != KT_OK) {
            fprintf(stderr, "%s\n", err.msg);
            return 1;
        }
    kt_state *s = kt_state_new(g);
    int wins[2] = {0}, lion = 0, firstp = 0, finished = 0, ends[4] = {0}, hist[8] = {0};
    long turns = 0, actions = 0;
    for (int i = 0; i < n; i++) {
        kt_state_init_seed(g, s, first + (uint64_t)i);
        int swap = i & 1; /* seat p is played by bot p ^ swap */
        while (!kt_is_over(g, s)) {
            kt_action a;
            if (kt_bot_choose(bot[kt_to_move(g, s) ^ swap], s, &a, &err) != KT_OK) {
                fprintf(stderr, "bot error: %s\n", err.msg);
                return 1;
            }
            kt_apply_trusted(g, s, a);
            actions++;
        }
        const an_state *as = (const an_state *)s;
        if (as->h.status != KT_FINISHED)
            continue;
        finished++;
        ends[as->end]++;
        turns += as->h.turn;
        hist[as->h.turn / 10 < 7 ? as->h.turn / 10 : 7]++;
        wins[as->winner ^ swap]++;
        lion += as->pl[as->winner].set == 0;
        firstp += as->winner == as->first;
        fprintf(stderr, "\r%d/%d", i + 1, n);
    }
    fprintf(stderr, "\n");
    printf("anno1701 %s: %d games (%d finished), options '%s', seeds %llu..%llu\n",
           "bot match", n, finished, opts, (unsigned long long)first,
           (unsigned long long)(first + (uint64_t)n - 1));
    char what[80];
    snprintf(what, sizeof what, "%s wins", spec[0]);
    rate(what, wins[0], finished);
    snprintf(what, sizeof what, "%s wins", spec[1]);
    rate(what, wins[1], finished);
    rate("Lion set wins", lion, finished);
    rate("first player wins", firstp, finished);
    rate("ended by 7 queen marks", ends[END_QUEEN], finished);
    rate("ended by 2 merchants", ends[END_MERCHANT], finished);
    rate("ended by chaos", ends[END_CHAOS], finished);
    printf("  length: %.1f turns on average (both players' turns), %.0f actions per game\n",
           finished ? (double)turns / finished : 0.0, n ? (double)actions / n : 0.0);
    printf("  turns  0-9:%d 10-19:%d 20-29:%d 30-39:%d 40-49:%d 50-59:%d 60-69:%d 70+:%d\n",
           hist[0], hist[1], hist[2], hist[3], hist[4], hist[5], hist[6], hist[7]);
    kt_state_free(g, s);
    kt_bot_free(bot[0]);
    kt_bot_free(bot[1]);
    kt_game_free(g);
    return 0;
}
