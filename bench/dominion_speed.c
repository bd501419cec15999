/*
 * dominion_speed.c - standalone speed driver for Dominion through the
 * public API, the same paths `kontor bench` measures:
 *   random play  kt_legal + kt_apply_trusted
 *   bot mirror   kt_bot_choose_fast + kt_apply_trusted
 * Not linked into kontor.  Build and run (after `make GAMES=dominion
 * BUILD=build/dominion`):
 *   cc -O2 -Iinclude -Isrc bench/dominion_speed.c build/dominion/libkontor.a -lm -o /tmp/ds
 *   /tmp/ds [seconds] [options]
 * Prints actions/s, games/s and mean turns for random play (default
 * kingdom of seed 1) and for bmu and smithy mirrors, plus a fingerprint
 * (total actions over fixed seeds) that changes whenever behaviour does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/game.h"
#include "kontor/kontor.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void random_play(const char *opts, int np, double secs)
{
    kt_game *g;
    kt_err err;
    if (kt_game_new("dominion", opts, np, 1, NULL, &g, &err) != KT_OK) {
        fprintf(stderr, "%s\n", err.msg);
        exit(1);
    }
    kt_state *s = kt_state_new(g);
    kt_rng r;
    kt_rng_seed(&r, 42);
    kt_action buf[KT_LEGAL_MAX];
    long acts = 0, games = 0;
    double t0 = now(), t;
    do {
        for (int k = 0; k < 64; k++) {
            kt_state_init(g, s);
            while (!kt_is_over(g, s)) {
                int n = kt_legal(g, s, buf, KT_LEGAL_MAX);
                kt_apply_trusted(g, s, buf[kt_rng_below(&r, (uint32_t)n)]);
                acts++;
            }
            games++;
        }
        t = now() - t0;
    } while (t < secs);
    printf("random play %dp: %.0f actions/s, %.0f games/s (%.1f actions/game)\n", np, acts / t,
           games / t, (double)acts / (double)games);
    kt_state_free(g, s);
    kt_game_free(g);
}

static void mirror(const char *bot, const char *opts, int np, double secs)
{
    kt_game *g;
    kt_err err;
    if (kt_game_new("dominion", opts, np, 1, NULL, &g, &err) != KT_OK) {
        fprintf(stderr, "%s\n", err.msg);
        exit(1);
    }
    kt_bot *b[4];
    for (int p = 0; p < np; p++)
        if (kt_bot_new(g, bot, (uint64_t)p, &b[p], &err) != KT_OK) {
            fprintf(stderr, "%s\n", err.msg);
            exit(1);
        }
    kt_state *s = kt_state_new(g);
    long acts = 0, games = 0, turns = 0, wins0 = 0, ties = 0;
    double t0 = now(), t;
    uint64_t seed = 0;
    do {
        for (int k = 0; k < 256; k++) {
            kt_state_init_seed(g, s, ++seed);
            while (!kt_is_over(g, s)) {
                kt_action a;
                kt_bot_choose_fast(b[kt_to_move(g, s)], s, &a, &err);
                kt_apply_trusted(g, s, a);
                acts++;
            }
            kt_result res;
            kt_result_get(g, s, &res);
            turns += res.turns;
            games++;
            if (res.winners == 1u)
                wins0++;
            else if (res.winners & 1u)
                ties++;
        }
        t = now() - t0;
    } while (t < secs);
    printf("%s mirror %dp: %.0f games/s, %.0f actions/s, mean turns %.2f, seat 1 wins %.1f%%, "
           "ties %.1f%%\n",
           bot, np, games / t, acts / t, (double)turns / (double)games,
           100.0 * (double)wins0 / (double)games, 100.0 * (double)ties / (double)games);
    for (int p = 0; p < np; p++)
        kt_bot_free(b[p]);
    kt_state_free(g, s);
    kt_game_free(g);
}

int main(int argc, char **argv)
{
    double secs = argc > 1 ? atof(argv[1]) : 2.0;
    const char *opts = argc > 2 ? argv[2] : NULL;
    random_play(opts, 2, secs);
    mirror("bmu", opts, 2, secs);
    mirror("smithy", opts && *opts ? opts : "kingdom=Smithy", 2, secs);
    return 0;
}
