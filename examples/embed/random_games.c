/*
 * random_games.c - a small program embedding kontor: plays random games of
 * any registered game and prints how often each seat won.  Built against
 * an installed kontor:
 *     cc random_games.c $(pkg-config --cflags --libs kontor) -o random_games
 *     ./random_games dominion 1000
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kontor/kontor.h>

int main(int argc, char **argv)
{
    const char *name = argc > 1 ? argv[1] : "dominion";
    int games = argc > 2 ? atoi(argv[2]) : 100;
    if (strcmp(kt_version(), KT_VERSION) != 0) {
        fprintf(stderr, "header %s but library %s\n", KT_VERSION, kt_version());
        return 1;
    }
    kt_game *g;
    kt_err err;
    if (kt_game_new(name, NULL, 0, 42, NULL, &g, &err) != KT_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    kt_state *s = kt_state_new(g);
    kt_action *acts = malloc(sizeof *acts * (size_t)kt_game_max_legal(g));
    double wins[KT_MAX_PLAYERS] = {0};
    unsigned long long x = 0x9e3779b97f4a7c15ULL, actions = 0;
    for (int i = 0; s && acts && i < games; i++) {
        kt_state_init_seed(g, s, (uint64_t)i + 1);
        while (!kt_is_over(g, s)) {
            int n = kt_legal_as(g, s, KT_TO_MOVE, acts, kt_game_max_legal(g));
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            kt_apply_trusted(g, s, acts[x % (unsigned)n]);
            actions++;
        }
        kt_result r;
        kt_result_get(g, s, &r);
        for (int p = 0; p < r.nplayers; p++)
            wins[p] += r.reward[p];
    }
    printf("kontor %s, %s: %d games, %llu actions\n", kt_version(), kt_game_name(g), games,
           actions);
    for (int p = 0; p < kt_game_players(g); p++)
        printf("  seat %d won %.1f%%\n", p + 1, 100.0 * wins[p] / games);
    free(acts);
    kt_state_free(g, s);
    kt_game_free(g);
    return 0;
}
