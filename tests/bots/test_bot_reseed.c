/*
 * test_bot_reseed.c - kt_bot_reseed (kontor.h): a re-seeded bot chooses
 * exactly as a bot made with kt_bot_new and that seed, in every registered
 * game; a bot that cannot be re-seeded is refused and left as it was.
 * `kontor sim` keeps its bots between games this way (src/cli/runner.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../harness.h"

#define RESEED_ACTIONS 400

/* Up to RESEED_ACTIONS actions of bot b for every seat from the start
 * position of state seed `seed`, into acts; returns how many. */
static int play(kt_t *T, const kt_game *g, kt_bot *b, uint64_t seed, kt_action *acts)
{
    kt_state *s = kt_state_new(g);
    if (!KT_CHECK(s != NULL))
        return 0;
    kt_state_init_seed(g, s, seed);
    int n = 0;
    kt_err err;
    while (n < RESEED_ACTIONS && !kt_is_over(g, s)) {
        if (!KT_OKS(kt_bot_choose_fast(b, s, &acts[n], &err), &err))
            break;
        kt_apply_trusted(g, s, acts[n++]);
    }
    kt_state_free(g, s);
    return n;
}

KT_TEST(bot_reseed_chooses_as_a_new_bot_with_that_seed_in_every_game)
{
    static kt_action a1[RESEED_ACTIONS], a2[RESEED_ACTIONS];
    KT_REQUIRE(kt_game_count() > 0);
    for (int i = 0; i < kt_game_count(); i++) {
        const kt_gameinfo *gi = kt_game_info(i);
        kt_game *g;
        kt_err err;
        KT_REQUIRE(KT_OKS(kt_game_new(gi->name, NULL, gi->default_players, 5, NULL, &g, &err),
                          &err));
        kt_bot *old, *fresh;
        KT_REQUIRE(KT_OKS(kt_bot_new(g, "random", 1, &old, &err), &err));
        KT_REQUIRE(KT_OKS(kt_bot_new(g, "random", 2, &fresh, &err), &err));
        play(T, g, old, 11, a1); /* the bot's generator has moved on */
        KT_CHECK(KT_OKS(kt_bot_reseed(old, 2, &err), &err));
        int n1 = play(T, g, old, 12, a1), n2 = play(T, g, fresh, 12, a2);
        if (!KT_EQ(n1, n2) || !KT_CHECK(memcmp(a1, a2, (size_t)n1 * sizeof a1[0]) == 0))
            printf("      %s: the re-seeded bot chose differently\n", gi->name);
        KT_CHECK(n1 > 10);
        kt_bot_free(old);
        kt_bot_free(fresh);
        kt_game_free(g);
    }
}

KT_TEST(bot_reseed_refuses_a_bot_that_cannot_and_changes_nothing)
{
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("dominion", NULL, 2, 5, NULL, &g, &err), &err));
    kt_bot *b;
    KT_REQUIRE(KT_OKS(kt_bot_new(g, "mcts:iters=20", 3, &b, &err), &err));
    KT_EQ(kt_bot_reseed(b, 4, &err), KT_EINVAL);
    KT_CHECK(strstr(err.msg, "cannot be re-seeded") != NULL);
    KT_EQ(kt_bot_reseed(b, 4, NULL), KT_EINVAL); /* err may be NULL */
    KT_STREQ(kt_bot_spec(b), "mcts:iters=20");
    kt_bot_free(b);
    kt_game_free(g);
}
