/*
 * test_mcts.c - tests of bot:mcts on the test-only game "duel" (duel.h):
 * it never peeks (its choices do not change when only hidden information
 * changes), is deterministic with a fixed seed and one thread, rejects bad
 * options with clear messages, and actually searches (beats random play).
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "../../src/core/game.h"
#include "../harness.h"
#include "duel.h"

static kt_game *duel_game(kt_t *T, const kt_gamedef *d, const char *opts, int players,
                          uint64_t seed)
{
    kt_game *g = NULL;
    kt_err err = {0, ""};
    KT_OKS(kt_game_new_def(d, opts, players, seed, NULL, &g, &err), &err);
    return g;
}

static kt_bot *bot(kt_t *T, const kt_game *g, const char *spec, uint64_t seed)
{
    kt_bot *b = NULL;
    kt_err err = {0, ""};
    KT_OKS(kt_bot_new(g, spec, seed, &b, &err), &err);
    return b;
}

/* Play s to the end with one bot per seat; returns 0 on a bot error. */
static int play_out(kt_t *T, const kt_game *g, kt_state *s, kt_bot **seats)
{
    return kt_t_bot_game(T, g, s, seats, 1000000);
}

/* A player who peeks: scores each action by playing the TRUE state out
 * with the heuristic for everyone.  Used only to show that the test
 * positions are ones where seeing hidden cards changes the choice. */
static kt_action peeking_choice(const kt_game *g, const kt_state *s, kt_bot *heur)
{
    kt_action legal[KT_LEGAL_MAX], best = 0;
    int n = kt_legal(g, s, legal, KT_LEGAL_MAX), me = kt_to_move(g, s);
    double bestv = -1;
    kt_state *c = kt_state_new(g);
    for (int i = 0; i < n; i++) {
        kt_state_copy(g, c, s);
        kt_apply_trusted(g, c, legal[i]);
        while (!kt_is_over(g, c)) {
            kt_action a;
            kt_bot_choose(heur, c, &a, NULL);
            kt_apply_trusted(g, c, a);
        }
        kt_result r;
        kt_result_get(g, c, &r);
        double v = r.score[me] - r.score[1 - me];
        if (v > bestv) {
            bestv = v;
            best = legal[i];
        }
    }
    kt_state_free(g, c);
    return best;
}

/* Two states that differ only in what the player to move cannot see get
 * identical choices from identically seeded bots.  The positions do not
 * depend on `spec`; at least 5 are checked, and they are sensitive: a player
 * who sees the hidden cards chooses differently in some of them. */
static void no_peeking(kt_t *T, const char *spec)
{
    int positions = 0, peeker_differs = 0;
    kt_game *g = duel_game(T, &kt_test_duel, "hand=4", 2, 99);
    if (!g)
        return;
    kt_state *a = kt_state_new(g), *b = kt_state_new(g);
    kt_bot *heur = bot(T, g, "heuristic", 1);
    kt_rng r;
    kt_rng_seed(&r, 2024);
    for (int game = 0; game < 16; game++) { /* cheap: not scaled */
        kt_state_init(g, a);
        /* walk a random number of random actions into the game */
        int steps = (int)kt_rng_below(&r, 10);
        kt_action legal[KT_LEGAL_MAX];
        for (int i = 0; i < steps && !kt_is_over(g, a); i++) {
            int n = kt_legal(g, a, legal, KT_LEGAL_MAX);
            kt_apply_trusted(g, a, legal[kt_rng_below(&r, (uint32_t)n)]);
        }
        if (kt_is_over(g, a) || kt_legal(g, a, legal, KT_LEGAL_MAX) < 2)
            continue;
        int p = kt_to_move(g, a);
        kt_determinize(g, a, p, kt_rng_next(&r), b);
        if (kt_state_equal(g, a, b))
            continue; /* nothing hidden left to change */
        /* b really is the same information set for p */
        char *oa = kt_observe_json(g, a, p, KT_LANG_EN), *ob = kt_observe_json(g, b, p, KT_LANG_EN);
        KT_STREQ(oa, ob);
        kt_free(oa);
        kt_free(ob);
        kt_bot *ba = bot(T, g, spec, 5), *bb = bot(T, g, spec, 5);
        kt_action ca = 0, cb = 1;
        kt_err err = {0, ""};
        if (ba && bb && KT_OKS(kt_bot_choose(ba, a, &ca, &err), &err) &&
            KT_OKS(kt_bot_choose(bb, b, &cb, &err), &err)) {
            if (ca != cb)
                KT_FAIL("game %d: %s chose %u on the true state but %u on a state differing "
                        "only in hidden cards",
                        game, spec, ca, cb);
            positions++;
        }
        kt_bot_free(ba);
        kt_bot_free(bb);
        if (heur && peeking_choice(g, a, heur) != peeking_choice(g, b, heur))
            peeker_differs++;
    }
    KT_CHECK(positions >= 5);
    KT_CHECK(peeker_differs >= 1);
    kt_bot_free(heur);
    kt_state_free(g, a);
    kt_state_free(g, b);
    kt_game_free(g);
}

KT_TEST(mcts_no_peeking_random_rollouts)
{
    no_peeking(T, "mcts:iters=300:rollout=random:prior=0");
}

KT_TEST(mcts_no_peeking_heuristic_rollouts_and_cutoff)
{
    no_peeking(T, "mcts:iters=200:rollout=heuristic:depth=3:c=1.2");
}

static uint64_t self_play_hash(kt_t *T, const char *spec, uint64_t seed, uint64_t rseed)
{
    kt_game *g = duel_game(T, &kt_test_duel, NULL, 3, 7);
    if (!g)
        return 0;
    kt_state *s = kt_state_new(g);
    kt_bot *seats[3] = {bot(T, g, spec, seed), bot(T, g, spec, seed + 1),
                        bot(T, g, "random", rseed)};
    uint64_t h = 0;
    if (seats[0] && seats[1] && seats[2] && play_out(T, g, s, seats))
        h = kt_state_hash(g, s);
    for (int i = 0; i < 3; i++)
        kt_bot_free(seats[i]);
    kt_state_free(g, s);
    kt_game_free(g);
    return h;
}

KT_TEST(mcts_deterministic_with_fixed_seed_and_one_thread)
{
    uint64_t h1 = self_play_hash(T, "mcts:iters=150:threads=1", 11, 5);
    uint64_t h2 = self_play_hash(T, "mcts:iters=150:threads=1", 11, 5);
    KT_CHECK(h1 != 0);
    KT_CHECK(h1 == h2);
    /* the seed option overrides the creation seed */
    uint64_t h3 = self_play_hash(T, "mcts:iters=150:seed=77", 1, 5);
    uint64_t h4 = self_play_hash(T, "mcts:iters=150:seed=77", 2, 5);
    KT_CHECK(h3 != 0 && h3 == h4);
}

static void expect_error(kt_t *T, const kt_gamedef *d, const char *spec, kt_status code,
                         const char *needle)
{
    kt_game *g = duel_game(T, d, NULL, 2, 1);
    if (!g)
        return;
    kt_bot *b = NULL;
    kt_err err = {KT_OK, ""};
    kt_status st = kt_bot_new(g, spec, 1, &b, &err);
    KT_EQ(st, code);
    KT_CHECK(b == NULL);
    if (!strstr(err.msg, needle))
        KT_FAIL("error for '%s' does not mention '%s': %s", spec, needle, err.msg);
    kt_bot_free(b);
    kt_game_free(g);
}

KT_TEST(mcts_bad_options_give_clear_errors)
{
    expect_error(T, &kt_test_duel, "mcts:c=abc", KT_EINVAL, "'c'");
    expect_error(T, &kt_test_duel, "mcts:c=-1", KT_EINVAL, ">= 0");
    expect_error(T, &kt_test_duel, "mcts:c=", KT_EINVAL, "'c'");
    expect_error(T, &kt_test_duel, "mcts:iters=0", KT_EINVAL, "iters");
    expect_error(T, &kt_test_duel, "mcts:iters=ten", KT_EINVAL, "not an integer");
    expect_error(T, &kt_test_duel, "mcts:threads=0", KT_EINVAL, "threads");
    expect_error(T, &kt_test_duel, "mcts:threads=4:iters=3", KT_EINVAL, "per thread");
    expect_error(T, &kt_test_duel, "mcts:depth=-2", KT_EINVAL, "depth");
    expect_error(T, &kt_test_duel, "mcts:time=-5", KT_EINVAL, "time");
    expect_error(T, &kt_test_duel, "mcts:rollout=smart", KT_EINVAL, "random|heuristic");
    expect_error(T, &kt_test_duel, "mcts:seed=x1", KT_EINVAL, "seed");
    expect_error(T, &kt_test_duel, "mcts:seed=-3", KT_EINVAL, "seed");
    expect_error(T, &kt_test_duel, "mcts:nodes=3", KT_EINVAL, "nodes");
    expect_error(T, &kt_test_duel, "mcts:speed=3", KT_EUNKNOWN, "iters");
    expect_error(T, &kt_test_duel, "mcts:iters", KT_EINVAL, "key=value");
    expect_error(T, &kt_test_duel_plain, "mcts:rollout=heuristic", KT_EINVAL,
                 "duel_plain has no heuristic bot");
    expect_error(T, &kt_test_duel, "mcts:clock=gpu", KT_EINVAL, "wall|cpu");
    expect_error(T, &kt_test_duel, "mcts:prior=1.5", KT_EINVAL, "'prior'");
    expect_error(T, &kt_test_duel, "mcts:prior=half", KT_EINVAL, "'prior'");
    expect_error(T, &kt_test_duel, "mcts:root=best", KT_EINVAL, "puct|halving");
    expect_error(T, &kt_test_duel, "mcts:root=halving:width=1", KT_EINVAL, "width");
    expect_error(T, &kt_test_duel, "mcts:opp=model", KT_EINVAL, "tree|policy");
    expect_error(T, &kt_test_duel_plain, "mcts:prior=0.3", KT_EINVAL,
                 "duel_plain has no heuristic bot to take a prior from");
}

KT_TEST(mcts_defaults_work_without_a_heuristic_bot)
{
    /* rollout=auto and the default prior fall back to random and uniform */
    kt_game *g = duel_game(T, &kt_test_duel_plain, NULL, 2, 6);
    KT_REQUIRE(g != NULL);
    kt_state *s = kt_state_new(g);
    kt_bot *seats[2] = {bot(T, g, "mcts:iters=100", 1), bot(T, g, "mcts:iters=100:prior=0", 2)};
    KT_REQUIRE(seats[0] && seats[1]);
    KT_CHECK(play_out(T, g, s, seats));
    KT_CHECK(kt_is_over(g, s));
    for (int p = 0; p < 2; p++)
        kt_bot_free(seats[p]);
    kt_state_free(g, s);
    kt_game_free(g);
}

/* mcts and random alternate seats; returns mcts's points share of games
 * (ties count half). */
static double versus(kt_t *T, const char *spec, const char *other, int games, int players)
{
    double score = 0;
    int played = 0;
    for (int i = 0; i < games; i++) {
        kt_game *g = duel_game(T, &kt_test_duel, NULL, players, 500u + (uint64_t)i);
        if (!g)
            return 0;
        kt_state *s = kt_state_new(g);
        kt_bot *seats[DUEL_MAXP] = {NULL};
        int me = i % players;
        for (int p = 0; p < players; p++)
            seats[p] = bot(T, g, p == me ? spec : other, 900u + (uint64_t)(i * 7 + p));
        if (play_out(T, g, s, seats)) {
            kt_result r;
            kt_result_get(g, s, &r);
            score += r.reward[me];
            played++;
        }
        for (int p = 0; p < players; p++)
            kt_bot_free(seats[p]);
        kt_state_free(g, s);
        kt_game_free(g);
    }
    return played ? score / played : 0;
}

/* mcts with 400 iterations and the options `variant` (e.g. ":opp=policy",
 * or "") must clearly beat random play (with random rollouts and no prior)
 * and the heuristic bot (with the defaults: the search must add to the
 * heuristic's rollouts and prior). */
static void beats_random(kt_t *T, const char *variant)
{
    char spec[128];
    snprintf(spec, sizeof spec, "mcts:iters=400%s:rollout=random:prior=0", variant);
    int n = kt_t_scaled(60);
    double r = versus(T, spec, "random", n, 2);
    printf("    %s vs random, %d games: %.3f\n", spec, n, r);
    KT_CHECK(r > 0.7);
}

static void beats_heuristic(kt_t *T, const char *variant)
{
    char spec[128];
    snprintf(spec, sizeof spec, "mcts:iters=400%s", variant);
    int n = kt_t_scaled(60);
    double r = versus(T, spec, "heuristic", n, 2);
    printf("    %s vs heuristic, %d games: %.3f\n", spec, n, r);
    KT_CHECK(r > 0.55);
}

KT_TEST(mcts_beats_random_play)
{
    beats_random(T, "");
}

KT_TEST(mcts_improves_on_the_heuristic_bot)
{
    beats_heuristic(T, "");
}

KT_TEST(mcts_heuristic_rollouts_play_three_players)
{
    int n = kt_t_scaled(24);
    double r = versus(T, "mcts:iters=300:rollout=heuristic:depth=-1", "random", n, 3);
    printf("    mcts(300, heuristic rollouts) vs 2 random, %d games: %.3f\n", n, r);
    KT_CHECK(r > 0.45); /* a third would be chance */
}

KT_TEST(mcts_threads_and_time_budget)
{
    kt_game *g = duel_game(T, &kt_test_duel, NULL, 2, 3);
    KT_REQUIRE(g != NULL);
    kt_state *s = kt_state_new(g);
    kt_bot *seats[2] = {bot(T, g, "mcts:threads=3:time=15", 1),
                        bot(T, g, "mcts:threads=2:iters=500:depth=0", 2)};
    KT_REQUIRE(seats[0] && seats[1]);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    kt_action a;
    kt_err err = {0, ""};
    KT_OKS(kt_bot_choose(seats[0], s, &a, &err), &err);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-6;
    KT_CHECK(ms >= 15.0); /* it searched for its whole budget */
    KT_CHECK(kt_is_legal(g, s, a));
    KT_CHECK(play_out(T, g, s, seats));
    KT_CHECK(kt_is_over(g, s));
    for (int p = 0; p < 2; p++)
        kt_bot_free(seats[p]);
    kt_state_free(g, s);
    kt_game_free(g);
}

KT_TEST(mcts_cpu_clock_budget)
{
    /* clock=cpu counts the search thread's CPU time: at least the budget */
    kt_game *g = duel_game(T, &kt_test_duel, NULL, 2, 3);
    KT_REQUIRE(g != NULL);
    kt_state *s = kt_state_new(g);
    kt_bot *b = bot(T, g, "mcts:time=20:clock=cpu:stop=0", 1);
    KT_REQUIRE(b != NULL);
    struct timespec t0, t1;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
    kt_action a;
    kt_err err = {0, ""};
    KT_OKS(kt_bot_choose(b, s, &a, &err), &err);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1);
    double ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-6;
    KT_CHECK(ms >= 20.0);
    KT_CHECK(kt_is_legal(g, s, a));
    kt_bot_free(b);
    kt_state_free(g, s);
    kt_game_free(g);
}

KT_TEST(mcts_full_node_pool_and_turn_limit)
{
    /* a tiny pool fills at once; the search must go on without expanding */
    kt_game *g = duel_game(T, &kt_test_duel, "hand=6;turn_limit=3", 2, 4);
    KT_REQUIRE(g != NULL);
    kt_state *s = kt_state_new(g);
    kt_bot *seats[2] = {bot(T, g, "mcts:iters=3000:nodes=64", 1),
                        bot(T, g, "mcts:time=5:nodes=64:depth=-1", 2)};
    KT_REQUIRE(seats[0] && seats[1]);
    KT_CHECK(play_out(T, g, s, seats));
    kt_result r;
    kt_result_get(g, s, &r);
    KT_EQ(r.finished, 0); /* stopped by the turn limit */
    for (int p = 0; p < 2; p++)
        kt_bot_free(seats[p]);
    kt_state_free(g, s);
    kt_game_free(g);
}

KT_TEST(mcts_is_a_generic_bot)
{
    int found = 0;
    for (int i = 0; kt_generic_bot(i); i++)
        found |= strcmp(kt_generic_bot(i)->info.name, "mcts") == 0;
    KT_CHECK(found);
}

/* stop=1 ends a search once the most visited root action cannot be
 * overtaken in the iterations left.  Under an iteration budget that must
 * never change the move: along games of every registered game (and duel),
 * the stopping bot and a bot that always spends its budget, with the same
 * seed, choose the same action at every position, and the stopping one
 * runs fewer simulations in all. */
static void early_stop_same_choices(kt_t *T, kt_game *g, int plies)
{
    const char *base = "mcts:iters=400:rollout=random:depth=20";
    char s1[96], s0[96];
    snprintf(s1, sizeof s1, "%s:stop=1", base);
    snprintf(s0, sizeof s0, "%s:stop=0", base);
    kt_state *s = kt_state_new(g);
    kt_bot *rnd = bot(T, g, "random", 5);
    kt_err err = {0, ""};
    long long with = 0, without = 0;
    int positions = 0, differ = 0;
    for (int ply = 0; ply < plies && s && rnd && !kt_is_over(g, s); ply++) {
        kt_action a, b1, b0;
        if (kt_legal(g, s, NULL, 0) > 1 && ply % 3 == 0) {
            kt_bot *stop = bot(T, g, s1, 77 + (uint64_t)ply), *full = bot(T, g, s0, 77 + (uint64_t)ply);
            if (stop && full && KT_OKS(kt_bot_choose(stop, s, &b1, &err), &err) &&
                KT_OKS(kt_bot_choose(full, s, &b0, &err), &err)) {
                positions++;
                differ += b1 != b0;
                with += kt_bot_simulations(stop);
                without += kt_bot_simulations(full);
            }
            kt_bot_free(stop);
            kt_bot_free(full);
        }
        if (!KT_OKS(kt_bot_choose(rnd, s, &a, &err), &err) || !KT_OKS(kt_apply(g, s, a, &err), &err))
            break;
    }
    printf("    %s: %d positions, %d different choices, %lld of %lld simulations\n",
           kt_game_name(g), positions, differ, with, without);
    KT_CHECK(positions >= 5);
    KT_CHECK(differ == 0);
    KT_CHECK(without == 400LL * positions); /* stop=0 spends every iteration */
    KT_CHECK(with < without);
    kt_bot_free(rnd);
    kt_state_free(g, s);
}

KT_TEST(mcts_early_stop_never_changes_the_choice)
{
    kt_game *g = duel_game(T, &kt_test_duel, NULL, 2, 3);
    KT_REQUIRE(g != NULL);
    early_stop_same_choices(T, g, 60);
    kt_game_free(g);
    for (int i = 0; i < kt_game_count(); i++) {
        kt_err err = {0, ""};
        kt_game *gg = NULL;
        KT_REQUIRE(KT_OKS(kt_game_new(kt_game_info(i)->name, NULL, 0, 9, NULL, &gg, &err), &err));
        early_stop_same_choices(T, gg, 90);
        kt_game_free(gg);
    }
}

/* Simulations `spec` (seed 4) runs for its first decision in a fresh duel
 * with game options `opts`; -1 if the bot could not be made or choose. */
static long long first_decision_sims(kt_t *T, const char *opts, const char *spec)
{
    kt_game *g = duel_game(T, &kt_test_duel, opts, 2, 3);
    if (!g)
        return -1;
    kt_state *s = kt_state_new(g);
    kt_bot *b = bot(T, g, spec, 4);
    long long sims = -1;
    kt_action a;
    kt_err err = {0, ""};
    if (b && KT_OKS(kt_bot_choose(b, s, &a, &err), &err))
        sims = kt_bot_simulations(b);
    kt_bot_free(b);
    kt_state_free(g, s);
    kt_game_free(g);
    return sims;
}

KT_TEST(mcts_early_stop_is_off_with_threads)
{
    /* root-parallel trees are summed only at the end, so no single thread
     * knows the choice is decided: threads=2 always spends its budget */
    KT_CHECK(first_decision_sims(T, NULL, "mcts:iters=600:threads=2:stop=1") == 600);
    KT_CHECK(kt_bot_simulations(NULL) == 0);
}

/* ---- root=halving ---- */

KT_TEST(mcts_halving_no_peeking)
{
    no_peeking(T, "mcts:iters=300:root=halving");
    /* with the PUCT pilot that preselects the candidates (width < legal) */
    no_peeking(T, "mcts:iters=300:root=halving:width=2:rollout=random");
}

KT_TEST(mcts_halving_deterministic_with_fixed_seed)
{
    uint64_t h1 = self_play_hash(T, "mcts:iters=200:root=halving", 11, 5);
    uint64_t h2 = self_play_hash(T, "mcts:iters=200:root=halving", 11, 5);
    KT_CHECK(h1 != 0 && h1 == h2);
    uint64_t h3 = self_play_hash(T, "mcts:iters=200:root=halving:width=2", 3, 5);
    uint64_t h4 = self_play_hash(T, "mcts:iters=200:root=halving:width=2", 3, 5);
    KT_CHECK(h3 != 0 && h3 == h4);
}

KT_TEST(mcts_halving_spends_its_budget_and_plays_well)
{
    /* 6 candidates: 3 rounds (6, 3, 2); every iteration of the budget is
     * spent except what the rounding of the rounds leaves */
    long long sims = first_decision_sims(T, "hand=6", "mcts:iters=600:root=halving");
    printf("    600-iteration budget, 6 candidates: %lld simulations\n", sims);
    KT_CHECK(sims > 540 && sims <= 600);
    beats_random(T, ":root=halving");
    beats_heuristic(T, ":root=halving");
}

KT_TEST(mcts_halving_with_threads_and_time)
{
    kt_game *g = duel_game(T, &kt_test_duel, NULL, 2, 3);
    KT_REQUIRE(g != NULL);
    kt_state *s = kt_state_new(g);
    kt_bot *seats[2] = {bot(T, g, "mcts:root=halving:threads=2:time=10", 1),
                        bot(T, g, "mcts:root=halving:threads=2:iters=300:width=2", 2)};
    KT_REQUIRE(seats[0] && seats[1]);
    KT_CHECK(play_out(T, g, s, seats));
    KT_CHECK(kt_bot_simulations(seats[0]) > 0 && kt_bot_simulations(seats[1]) > 0);
    kt_bot_free(seats[0]);
    kt_bot_free(seats[1]);
    kt_state_free(g, s);
    kt_game_free(g);
}

/* ---- opp=policy ---- */

KT_TEST(mcts_opp_policy_no_peeking)
{
    no_peeking(T, "mcts:iters=300:opp=policy");
}

KT_TEST(mcts_opp_policy_deterministic_and_plays_well)
{
    uint64_t h1 = self_play_hash(T, "mcts:iters=200:opp=policy", 11, 5);
    uint64_t h2 = self_play_hash(T, "mcts:iters=200:opp=policy", 11, 5);
    KT_CHECK(h1 != 0 && h1 == h2);
    /* the other player's decisions are no nodes, so the same budget gives a
     * different search than opp=tree, and some games go differently */
    int differ = 0;
    for (uint64_t seed = 1; seed <= 6; seed++)
        differ += self_play_hash(T, "mcts:iters=200:opp=policy", seed, 5) !=
                  self_play_hash(T, "mcts:iters=200", seed, 5);
    printf("    games of 6 that opp=policy plays differently from opp=tree: %d\n", differ);
    KT_CHECK(differ >= 1);
    beats_random(T, ":opp=policy");
    beats_heuristic(T, ":opp=policy");
}
