/*
 * test_stats.c - statistics over many seeded games and rolls: barbarian
 * arrival (negative binomial, mean 14 rolls), progress-draw frequency
 * (L + 1) / 36 per roll, random-play soaks under every rule flag, the
 * heuristic bot's strength, evaluate().
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/conformance.h"
#include "catan_test.h"

#define J(...) #__VA_ARGS__

KT_TEST(catan_stats_barbarians_arrive_every_14_rolls_on_average)
{
    /* An empty island (nobody can score, so the game never ends and no
     * interval is cut short): roll and end turns for a long time and
     * measure the rolls between attacks. */
    kt_scn c = cat_scn(T, "", 4, J({"header":{"decision":"roll"},"state":{
        "stack":[{"kind":"roll","player":0,"a":0,"b":0}]}}));
    KT_REQUIRE(c.s);
    cat_t_reseed(&c, 2024);
    kt_action buf[KT_LEGAL_MAX];
    long intervals = 0, sum = 0, minimum = 1000, at7 = 0, le13 = 0, rolls = 0;
    long total = kt_t_scaled(40000);
    for (long step = 0; step < 4 * total && !kt_is_over(c.g, c.s); step++) {
        const cat_state *cs = CS(&c);
        int d = cs->h.decision, before = cs->attacks;
        int n = kt_legal(c.g, c.s, buf, KT_LEGAL_MAX);
        kt_action a = buf[0];
        for (int i = 0; i < n; i++)
            if (ACT_K(buf[i]) == A_ROLL || ACT_K(buf[i]) == A_END)
                a = buf[i];
        kt_apply_trusted(c.g, c.s, a);
        rolls += d == F_ROLL;
        if (cs->attacks != before || cs->attacks == 255) {
            sum += rolls;
            intervals++;
            minimum = rolls < minimum ? rolls : minimum;
            at7 += rolls == 7;
            le13 += rolls <= 13;
            rolls = 0;
            if (cs->attacks == 255)
                CS(&c)->attacks = 1;
        }
    }
    double mean = (double)sum / (double)intervals;
    /* NegBin(7, 1/2): mean 14, variance 14; P(<= 13) = 1/2; P(7) = 1/128 */
    double se = sqrt(14.0 / (double)intervals);
    printf("    %ld attacks, mean %.2f rolls (se %.2f), min %ld, P(<=13) %.3f, P(7) %.4f\n", intervals,
           mean, se, minimum, (double)le13 / (double)intervals, (double)at7 / (double)intervals);
    KT_CHECK(intervals > total / 20);
    KT_CHECK(fabs(mean - 14.0) < 4 * se);
    KT_EQ(minimum, 7);
    KT_CHECK(fabs((double)le13 / (double)intervals - 0.5) < 4 * sqrt(0.25 / (double)intervals));
    KT_CHECK(at7 <= intervals / 30);
    kt_scn_free(&c);
}

KT_TEST(catan_stats_progress_draws_follow_the_red_die)
{
    /* politics levels 1..4 for players 1..4, science 5 for player 1 */
    kt_scn c = cat_scn(T, "", 4, J({"header":{"decision":"roll"},"state":{
        "stack":[{"kind":"roll","player":0,"a":0,"b":0}],
        "buildings":{"12":{"player":0,"kind":"city","metropolis":"science"},"30":{"player":1,"kind":"city"},
                     "41":{"player":2,"kind":"city"},"20":{"player":3,"kind":"city","metropolis":"politics"}},
        "players":{"0":{"improvements":{"politics":1,"science":5}},"1":{"improvements":{"politics":2}},
                   "2":{"improvements":{"politics":3}},"3":{"improvements":{"politics":4}}}}}));
    KT_REQUIRE(c.s);
    kt_state *t = kt_state_new(c.g);
    int n = kt_t_scaled(30000);
    long draws[5] = {0}, sci = 0;
    for (int i = 0; i < n; i++) {
        kt_state_copy(c.g, t, c.s);
        kt_rng_seed(&((cat_state *)t)->h.rng, 1000003u * (uint64_t)i + 17);
        kt_action a;
        KT_REQUIRE(kt_action_parse(c.g, t, "roll", &a, NULL) == KT_OK);
        kt_apply(c.g, t, a, NULL);
        const cat_state *x = (const cat_state *)t;
        for (int p = 0; p < 4; p++) {
            int got = x->pl[p].nprog + cat_popc(x->pl[p].vpcards);
            if (got && x->dice[2] == EV_GATE_POLITICS)
                draws[p + 1]++;
            if (got && x->dice[2] == EV_GATE_SCIENCE && p == 0)
                sci++;
        }
    }
    for (int L = 1; L <= 4; L++) {
        double p = (L + 1) / 36.0, f = (double)draws[L] / n, se = sqrt(p * (1 - p) / n);
        printf("    level %d: %.4f per roll (expected %.4f)\n", L, f, p);
        KT_CHECK(fabs(f - p) < 4 * se);
    }
    double p5 = 6 / 36.0, f5 = (double)sci / n;
    printf("    level 5: %.4f per roll (expected %.4f)\n", f5, p5);
    KT_CHECK(fabs(f5 - p5) < 4 * sqrt(p5 * (1 - p5) / n));
    kt_state_free(c.g, t);
    kt_scn_free(&c);
}

KT_TEST(catan_conformance_base_variant)
{
    kt_conformance_run(T, "catan", "variant=base", 4, kt_t_scaled(20), kt_t_scaled(4), 2000000);
    kt_conformance_run(T, "catan", "variant=base", 3, kt_t_scaled(10), kt_t_scaled(2), 2000000);
}

KT_TEST(catan_conformance_every_rule_flag_switched)
{
    kt_conformance_run(T, "catan",
                       "shortage=partial;deserter=lower;fleet=named;open_road=owner;crane=repeat;"
                       "progress_limit=immediate;barbarian_strength=metropolis_double;level5_holder=0;"
                       "trade_cap=4;layout=beginner",
                       4, kt_t_scaled(20), kt_t_scaled(4), 2000000);
    kt_conformance_run(T, "catan", "trade_cap=0;vp=8", 3, kt_t_scaled(10), kt_t_scaled(2), 2000000);
}

KT_TEST(catan_soak_random_games_end_and_hold_invariants)
{
    const char *opts[2] = {"", "variant=base"};
    for (int v = 0; v < 2; v++) {
        kt_game *g;
        kt_err err;
        KT_REQUIRE(KT_OKS(kt_game_new("catan", opts[v], 4, 3, NULL, &g, &err), &err));
        kt_state *s = kt_state_new(g);
        long total = 0, games = kt_t_scaled(30), maxa = 0;
        for (int i = 0; i < games; i++) {
            kt_state_init(g, s);
            long n = kt_t_random_game(T, g, s, 100 + (uint64_t)i, 2000000);
            KT_CHECK(kt_is_over(g, s));
            total += n;
            maxa = n > maxa ? n : maxa;
        }
        printf("    %s: %.0f actions per random game (max %ld)\n", v ? "base" : "ck",
               (double)total / (double)games, maxa);
        kt_state_free(g, s);
        kt_game_free(g);
    }
}

static double match(kt_t *T, const char *opts, int games, const char *hero, const char *other,
                    double *turns)
{
    double wins = 0;
    *turns = 0;
    for (int i = 0; i < games; i++) {
        kt_game *g;
        kt_err err;
        if (!KT_OKS(kt_game_new("catan", opts, 4, 500 + (uint64_t)i, NULL, &g, &err), &err))
            return 0;
        kt_bot *b[4];
        int seat = i % 4;
        for (int p = 0; p < 4; p++)
            if (!KT_OKS(kt_bot_new(g, p == seat ? hero : other, 31 * (uint64_t)i + (uint64_t)p, &b[p], &err),
                        &err))
                return 0;
        kt_state *s = kt_state_new(g);
        kt_t_bot_game(T, g, s, b, 100000);
        kt_result r;
        kt_result_get(g, s, &r);
        KT_CHECK(r.finished);
        wins += r.reward[seat];
        *turns += r.turns;
        for (int p = 0; p < 4; p++)
            kt_bot_free(b[p]);
        kt_state_free(g, s);
        kt_game_free(g);
    }
    *turns /= games;
    return wins / games;
}

KT_TEST(catan_bot_heuristic_beats_random)
{
    double turns;
    int n = kt_t_scaled(24);
    double w = match(T, "", n, "heuristic", "random", &turns);
    printf("    C&K: heuristic wins %.0f%% against three random bots (%.0f turns)\n", 100 * w, turns);
    KT_CHECK(w >= 0.8);
    w = match(T, "variant=base", n, "heuristic", "random", &turns);
    printf("    base: heuristic wins %.0f%% against three random bots (%.0f turns)\n", 100 * w, turns);
    KT_CHECK(w >= 0.8);
}

KT_TEST(catan_bot_heuristic_self_play_finishes_in_plausible_time)
{
    double turns;
    int n = kt_t_scaled(16);
    /* every game must finish (checked in match); the length is the test */
    match(T, "", n, "heuristic", "heuristic", &turns);
    printf("    C&K self-play: %.1f player turns per game\n", turns);
    KT_CHECK(turns > 40 && turns < 250);
    match(T, "variant=base", n, "heuristic", "heuristic", &turns);
    printf("    base self-play: %.1f player turns per game\n", turns);
    KT_CHECK(turns > 30 && turns < 200);
}

KT_TEST(catan_bot_heuristic_sees_only_its_own_information)
{
    /* the bot's choice must not change when hidden information is
     * resampled (same bot seed, determinized copy) */
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("catan", "", 4, 8, NULL, &g, &err), &err));
    kt_state *s = kt_state_new(g), *d = kt_state_new(g);
    kt_action buf[KT_LEGAL_MAX];
    kt_rng r;
    kt_rng_seed(&r, 3);
    int compared = 0, differ = 0;
    for (int step = 0; step < kt_t_scaled(3000) && !kt_is_over(g, s); step++) {
        int p = kt_to_move(g, s);
        if (step % 7 == 0) {
            kt_bot *b1, *b2;
            KT_REQUIRE(KT_OKS(kt_bot_new(g, "heuristic", 9, &b1, &err), &err));
            KT_REQUIRE(KT_OKS(kt_bot_new(g, "heuristic", 9, &b2, &err), &err));
            kt_determinize(g, s, p, (uint64_t)step, d);
            kt_action a1, a2;
            KT_OKS(kt_bot_choose(b1, s, &a1, &err), &err);
            KT_OKS(kt_bot_choose(b2, d, &a2, &err), &err);
            compared++;
            differ += a1 != a2;
            kt_bot_free(b1);
            kt_bot_free(b2);
        }
        int n = kt_legal(g, s, buf, KT_LEGAL_MAX);
        kt_apply_trusted(g, s, buf[kt_rng_below(&r, (uint32_t)n)]);
    }
    KT_CHECK(compared > 50);
    KT_EQ(differ, 0);
    kt_state_free(g, s);
    kt_state_free(g, d);
    kt_game_free(g);
}

KT_TEST(catan_evaluate_is_a_distribution_favouring_the_leader)
{
    kt_scn c = cat_scn(T, "", 4, J({"state":{"buildings":{"12":{"player":0,"kind":"city"},
        "30":{"player":0,"kind":"city"},"41":{"player":1,"kind":"settlement"}},
        "attacks":9,"players":{"0":{"defender":3}}}}));
    KT_REQUIRE(c.s);
    double e[KT_MAX_PLAYERS];
    kt_evaluate(c.g, c.s, e);
    double sum = 0;
    for (int p = 0; p < 4; p++) {
        KT_CHECK(e[p] >= 0 && e[p] <= 1);
        sum += e[p];
    }
    KT_CHECK(fabs(sum - 1) < 1e-9);
    KT_CHECK(e[0] > e[1] && e[1] > e[2]);
    kt_scn_free(&c);
}
