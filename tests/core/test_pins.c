/*
 * test_pins.c - the behaviour of every game pinned (issue 27): the
 * fingerprint `kontor bench --quick --no-search` prints per game (50 games
 * per bench item from fixed seeds, each final state's saved form hashed)
 * and perft-style counts (the legal actions summed along fixed random
 * walks).  A commit that changes how a game plays must update the pinned
 * values here, in the same commit, and say why; a refactor that claims
 * "fingerprints unchanged" is checked instead of trusted.
 *
 * Games not compiled in (GAMES=...) are skipped, not failed.
 */
#include <stdio.h>
#include <string.h>

#include "../../src/cli/cli.h"
#include "../harness.h"

typedef struct pin {
    const char *game;
    uint64_t fingerprint;  /* kontor bench --quick --no-search */
    long long actions;     /* actions over those fingerprint games */
    long long perft;       /* legal actions summed over the walks below */
} pin;

static const pin pins[] = {
    {.game = "dominion", .fingerprint = 0x2af65176f4bf28f1ULL, .actions = 46724, .perft = 9034},
    {.game = "catan", .fingerprint = 0xa66bf084efa10512ULL, .actions = 283529, .perft = 18304},
    {.game = "mp2", .fingerprint = 0xd7cc15d42e465eabULL, .actions = 21334, .perft = 18983},
    {.game = "anno1701", .fingerprint = 0xf57f1ed428f9d2d9ULL, .actions = 16689, .perft = 3876},
    {.game = "fwm", .fingerprint = 0x072e33b7f5f6fdb2ULL, .actions = 30758, .perft = 27426},
};

/* Legal actions summed along 8 random walks of up to 300 actions from seeds
 * 1..8 of the game's default configuration with its study options (the
 * walk's choices come from a generator of its own, not the state's). */
static void perft_walks(kt_t *T, const char *name, long long *out)
{
    *out = -1;
    char *opts;
    kt_err err;
    kt_game *g;
    KT_OKS(kt_options_for_study(name, "", NULL, &opts, NULL, &err), &err);
    int players = kt_game_find(name)->default_players;
    kt_status st = kt_game_new(name, opts, players, 1, NULL, &g, &err);
    kt_free(opts);
    KT_OKS(st, &err);
    kt_state *s = kt_state_new(g);
    KT_REQUIRE(s != NULL);
    long long sum = 0;
    kt_action buf[KT_LEGAL_MAX];
    for (uint64_t seed = 1; seed <= 8; seed++) {
        kt_state_restart(g, s, seed);
        uint64_t x = 77 + seed; /* splitmix64: the walk's own choices */
        for (int k = 0; k < 300 && !kt_is_over(g, s); k++) {
            int n = kt_legal(g, s, buf, KT_LEGAL_MAX);
            sum += n;
            x += 0x9e3779b97f4a7c15ULL;
            uint64_t z = x;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
            z ^= z >> 31;
            kt_apply_trusted(g, s, buf[z % (uint64_t)n]);
        }
    }
    kt_state_free(g, s);
    kt_game_free(g);
    *out = sum;
}

KT_TEST(core_pins_fingerprints_and_perft_of_every_game)
{
    int checked = 0;
    for (size_t i = 0; i < sizeof pins / sizeof pins[0]; i++) {
        const pin *p = &pins[i];
        if (!kt_game_find(p->game)) {
            printf("      %s: not compiled in, skipped\n", p->game);
            continue;
        }
        uint64_t fp;
        long long acts;
        KT_REQUIRE(cli_bench_fingerprint(p->game, 50, &fp, &acts));
        long long perft;
        perft_walks(T, p->game, &perft);
        printf("      %-9s fingerprint %016llx over %lld actions, perft %lld\n", p->game,
               (unsigned long long)fp, acts, perft);
        if (!KT_CHECK(fp == p->fingerprint))
            printf("      %s: the fingerprint changed (pinned %016llx): if the game is meant to "
                   "play differently now, pin the new value here and say why in the commit\n",
                   p->game, (unsigned long long)p->fingerprint);
        KT_CHECK(acts == p->actions);
        KT_CHECK(perft == p->perft);
        checked++;
    }
    KT_CHECK(checked > 0);
}
