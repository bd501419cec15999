/*
 * profile_play.c - standalone driver (not linked into kontor) that plays a
 * fixed set of games through the public API, for instruction counts under
 * `valgrind --tool=callgrind` and CPU-time rates of any configuration and
 * bots, also of builds that predate `kontor bench --profile`.
 *
 * Build (after `make BUILD=build/release`; against a library older than
 * kt_state_restart add -Dkt_state_restart=kt_state_init_seed):
 *   cc -O2 -g -Iinclude -Isrc bench/profile_play.c build/release/libkontor.a -lm -lpthread \
 *      -o build/release/profile-play
 * Usage:
 *   profile-play GAME OPTIONS PLAYERS BOTS|- GAMES
 *     BOTS: comma list of bot specs by seat ("bmu,bmu"); "-" = uniform random
 *     play.  Games are dealt from seeds 500000, 500001, ... and bots are
 *     created once with seeds 99, 100, ... and random play draws from seed
 *     12345: the games of the speed pass of `kontor bench`.  Prints the games,
 *     actions, a hash of the final states (unless NOHASH is set in the
 *     environment: hashing costs instructions of its own; with JSONHASH, of
 *     their saved form and of every action, which builds with different
 *     state layouts can compare) and the CPU time.
 * Data layout: no state beyond local variables.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/game.h"
#include "kontor/kontor.h"

static double cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    if (argc < 6) {
        fprintf(stderr, "usage: profile-play GAME OPTIONS PLAYERS BOTS|- GAMES\n");
        return 2;
    }
    kt_game *g;
    kt_err e;
    if (kt_game_new(argv[1], argv[2], atoi(argv[3]), 1, NULL, &g, &e) != KT_OK) {
        fprintf(stderr, "%s\n", e.msg);
        return 1;
    }
    kt_state *s = kt_state_new(g);
    kt_bot *bots[KT_MAX_PLAYERS];
    int nb = 0;
    if (strcmp(argv[4], "-") != 0) {
        char buf[256], *save = NULL;
        snprintf(buf, sizeof buf, "%s", argv[4]);
        for (char *t = strtok_r(buf, ",", &save); t && nb < KT_MAX_PLAYERS;
             t = strtok_r(NULL, ",", &save)) {
            if (kt_bot_new(g, t, 99u + (uint64_t)nb, &bots[nb], &e) != KT_OK) {
                fprintf(stderr, "%s\n", e.msg);
                return 1;
            }
            nb++;
        }
    }
    kt_rng rng;
    kt_rng_seed(&rng, 12345);
    long n = atol(argv[5]);
    long long acts = 0;
    uint64_t h = 0;
    /* 0: none (NOHASH), 1: state bytes, 2: saved form and every action
     * (JSONHASH: equal for builds whose state layouts differ) */
    int hash = getenv("NOHASH") ? 0 : getenv("JSONHASH") ? 2 : 1;
    kt_action buf[KT_LEGAL_MAX];
    double t0 = cpu_now();
    for (long i = 0; i < n; i++) {
        kt_state_restart(g, s, 500000u + (uint64_t)i);
        for (int p; (p = kt_to_move(g, s)) >= 0;) { /* -1 once over, as kontor bench */
            kt_action a;
            if (nb) {
                if (kt_bot_choose_fast(bots[p < nb ? p : p % nb], s, &a, &e) != KT_OK) {
                    fprintf(stderr, "%s\n", e.msg);
                    return 1;
                }
            } else {
                int k = kt_legal(g, s, buf, KT_LEGAL_MAX);
                a = buf[kt_rng_below(&rng, (uint32_t)k)];
            }
            kt_apply_trusted(g, s, a);
            acts++;
            if (hash == 2)
                h = (h ^ a) * 0x100000001b3ULL;
        }
        if (hash == 1) {
            h = (h ^ kt_state_hash(g, s)) * 0x100000001b3ULL;
        } else if (hash == 2) {
            char *j = kt_state_json(g, s);
            for (const char *c = j; c && *c; c++)
                h = (h ^ (unsigned char)*c) * 0x100000001b3ULL;
            kt_free(j);
        }
    }
    double t = cpu_now() - t0;
    printf("%ld games, %lld actions, final-state hash %016llx, %.3f CPU s, %.1f games/s\n", n,
           acts, (unsigned long long)h, t, t > 0 ? (double)n / t : 0);
    for (int i = 0; i < nb; i++)
        kt_bot_free(bots[i]);
    kt_state_free(g, s);
    kt_game_free(g);
    return 0;
}
