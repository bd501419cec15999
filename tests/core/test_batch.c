/*
 * test_batch.c - the batch calls of kontor.h (kt_step_nth, kt_legal_indices,
 * kt_play_random, kt_step_indices, kt_obs_batch) agree with the one-action
 * calls they stand for, are reproducible and reject bad input.
 */
#include <stdlib.h>
#include <string.h>

#include "../harness.h"

/* A game of every registered game with a fixed action space, or NULL. */
static kt_game *any_learn_game(int i)
{
    kt_game *g = NULL;
    const kt_gameinfo *gi = kt_game_info(i);
    if (!gi || kt_game_new(gi->name, NULL, gi->default_players, 9, NULL, &g, NULL) != KT_OK)
        return NULL;
    if (kt_action_space(g) > 0)
        return g;
    kt_game_free(g);
    return NULL;
}

KT_TEST(core_batch_step_nth_is_legal_then_apply)
{
    for (int gi = 0; gi < kt_game_count(); gi++) {
        kt_game *g = NULL;
        const kt_gameinfo *inf = kt_game_info(gi);
        KT_REQUIRE(kt_game_new(inf->name, NULL, inf->default_players, 3, NULL, &g, NULL) == KT_OK);
        kt_state *a = kt_state_new(g), *b = kt_state_new(g);
        kt_action legal[KT_LEGAL_MAX];
        int n = kt_legal(g, a, NULL, 0);
        for (int k = 0; k < 300 && n > 0; k++) {
            int i = (k * 7) % n;
            KT_REQUIRE(kt_legal(g, b, legal, KT_LEGAL_MAX) == n);
            kt_apply_trusted(g, b, legal[i]);
            n = kt_step_nth(g, a, i);
            KT_REQUIRE(kt_state_equal(g, a, b));
            KT_REQUIRE(n == kt_legal(g, a, NULL, 0));
        }
        /* out of range: nothing changes */
        kt_state_copy(g, b, a);
        KT_EQ(kt_step_nth(g, a, -1), -1);
        KT_EQ(kt_step_nth(g, a, KT_LEGAL_MAX), -1);
        KT_CHECK(kt_state_equal(g, a, b));
        kt_state_free(g, a);
        kt_state_free(g, b);
        kt_game_free(g);
    }
}

KT_TEST(core_batch_play_random_reproducible_and_complete)
{
    for (int gi = 0; gi < kt_game_count(); gi++) {
        kt_game *g = NULL;
        const kt_gameinfo *inf = kt_game_info(gi);
        KT_REQUIRE(kt_game_new(inf->name, NULL, inf->default_players, 4, NULL, &g, NULL) == KT_OK);
        enum { N = 3 };
        kt_state *a[N], *b[N];
        for (int k = 0; k < N; k++) {
            a[k] = kt_state_new(g);
            b[k] = kt_state_new(g);
            kt_state_init_seed(g, a[k], 50 + (uint64_t)k);
            kt_state_init_seed(g, b[k], 50 + (uint64_t)k);
        }
        uint8_t over[N];
        long long n1 = kt_play_random(g, a, N, 25, 11, over);
        long long n2 = kt_play_random(g, b, N, 25, 11, NULL);
        KT_EQ(n1, n2);
        long long counted = 0;
        for (int k = 0; k < N; k++) {
            KT_CHECK(kt_state_equal(g, a[k], b[k]));
            KT_EQ(over[k], kt_is_over(g, a[k]));
            counted += (long long)kt_action_count(g, a[k]);
        }
        KT_EQ(n1, counted);
        /* to the end */
        long long rest = kt_play_random(g, a, N, -1, 12, over);
        KT_CHECK(rest > 0);
        for (int k = 0; k < N; k++) {
            KT_CHECK(over[k]);
            KT_CHECK(kt_check(g, a[k], NULL) == KT_OK);
            kt_state_free(g, a[k]);
            kt_state_free(g, b[k]);
        }
        kt_game_free(g);
    }
}

KT_TEST(core_batch_step_indices_and_observations)
{
    int tested = 0;
    for (int gi = 0; gi < kt_game_count(); gi++) {
        kt_game *g = any_learn_game(gi);
        if (!g)
            continue;
        tested++;
        enum { N = 2 };
        kt_state *s[N], *ref[N];
        int size = kt_obs_size(g), idx[KT_LEGAL_MAX];
        float *o = malloc(sizeof *o * (size_t)size * N), *one = malloc(sizeof *one * (size_t)size);
        KT_REQUIRE(o && one);
        for (int k = 0; k < N; k++) {
            s[k] = kt_state_new(g);
            ref[k] = kt_state_new(g);
            kt_state_init_seed(g, s[k], 70 + (uint64_t)k);
            kt_state_init_seed(g, ref[k], 70 + (uint64_t)k);
        }
        for (int step = 0; step < 200; step++) {
            int acts[N], st[N];
            for (int k = 0; k < N; k++) {
                int n = kt_legal_indices(g, s[k], idx, KT_LEGAL_MAX);
                kt_action legal[KT_LEGAL_MAX];
                KT_REQUIRE(n == kt_legal(g, s[k], legal, KT_LEGAL_MAX));
                for (int i = 0; i < n; i++)
                    KT_REQUIRE(idx[i] == kt_action_index(g, s[k], legal[i]));
                acts[k] = n ? idx[(step * 5 + k) % n] : 0;
                if (n) {
                    kt_action a;
                    KT_REQUIRE(kt_index_action(g, ref[k], acts[k], &a, NULL) == KT_OK);
                    kt_apply_trusted(g, ref[k], a);
                }
            }
            int moved = kt_step_indices(g, s, N, acts, 1, st);
            int want = 0;
            for (int k = 0; k < N; k++) {
                KT_CHECK(kt_state_equal(g, s[k], ref[k]));
                want += st[k] == KT_BATCH_APPLIED;
            }
            KT_EQ(moved, want);
            KT_REQUIRE(kt_obs_batch(g, (const kt_state *const *)s, N, NULL, o) == size);
            for (int k = 0; k < N; k++) {
                int p = kt_to_move(g, s[k]);
                KT_REQUIRE(kt_obs_vector(g, s[k], p, one, size) == size);
                KT_CHECK(!memcmp(one, o + (size_t)k * (size_t)size, sizeof *one * (size_t)size));
            }
        }
        /* an index that is not legal changes nothing; a random step moves */
        kt_state_copy(g, ref[0], s[0]);
        int bad = -5, st = -1;
        int n = kt_legal_indices(g, s[0], idx, KT_LEGAL_MAX);
        for (int i = 0; i < kt_action_space(g) && bad < 0; i++) {
            int used = 0;
            for (int j = 0; j < n; j++)
                used |= idx[j] == i;
            if (!used)
                bad = i;
        }
        if (!kt_is_over(g, s[0])) {
            KT_EQ(kt_step_indices(g, s, 1, &bad, 2, &st), 0);
            KT_EQ(st, KT_BATCH_ILLEGAL);
            KT_CHECK(kt_state_equal(g, s[0], ref[0]));
            int rnd = -1;
            KT_EQ(kt_step_indices(g, s, 1, &rnd, 2, &st), 1);
            KT_EQ(st, KT_BATCH_APPLIED);
        }
        kt_play_random(g, s, 1, -1, 3, NULL);
        int any = 0;
        KT_EQ(kt_step_indices(g, s, 1, &any, 2, &st), 0);
        KT_EQ(st, KT_BATCH_OVER);
        int badp = kt_game_players(g);
        KT_EQ(kt_obs_batch(g, (const kt_state *const *)s, 1, &badp, o), -1);
        for (int k = 0; k < N; k++) {
            kt_state_free(g, s[k]);
            kt_state_free(g, ref[k]);
        }
        free(o);
        free(one);
        kt_game_free(g);
    }
    KT_CHECK(tested > 0);
}
