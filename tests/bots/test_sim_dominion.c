/*
 * test_sim_dominion.c - `kontor sim` and `kontor tournament` with the real
 * Dominion (when it is compiled in): one-player goldfish runs report the
 * turns needed, game options pass through as --key value, shards merge.
 * Without Dominion in the build the tests check that the game is reported
 * as unknown, so they still assert something true.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../harness.h"
#include "cli_run.h"

#define FIRST_GAME "Cellar,Market,Merchant,Militia,Mine,Moat,Remodel,Smithy,Village,Workshop"

static double jnum(const char *json, const char *path)
{
    char *v = kt_json_at(json, path);
    double d = v ? atof(v) : NAN;
    free(v);
    return d;
}

static int have_dominion(kt_t *T)
{
    if (kt_game_find("dominion"))
        return 1;
    cli_cap c = cli_run(sim_main, "sim", "dominion --seats bot:random", NULL);
    KT_EQ(c.rc, 2);
    KT_CHECK(c.err && strstr(c.err, "unknown game 'dominion'"));
    cli_cap_free(&c);
    return 0;
}

KT_TEST(sim_dominion_goldfish_reports_turns_to_the_goal)
{
    if (!have_dominion(T))
        return;
    cli_cap c = cli_run(sim_main, "sim",
                        "dominion --seats bot:bmu --players 1 --until provinces=4 --kingdom " FIRST_GAME
                        " --games 300 --seed 9 --json",
                        NULL);
    KT_EQ(c.rc, 0);
    KT_EQ(jnum(c.out, "players"), 1);
    KT_EQ(jnum(c.out, "games"), 300);
    KT_EQ(jnum(c.out, "finished"), 300); /* the goal ends every game */
    double mt = jnum(c.out, "mean_turns");
    printf("    BMU goldfish to 4 Provinces: %.2f turns on average\n", mt);
    KT_CHECK(mt > 0 && mt < 100);
    KT_CHECK(jnum(c.out, "turns_ci.0") <= mt && jnum(c.out, "turns_ci.1") >= mt);
    char *opts = kt_json_at(c.out, "options");
    KT_CHECK(opts && strstr(opts, "until=provinces=4"));
    free(opts);
    cli_cap_free(&c);
}

KT_TEST(sim_dominion_mcts_and_shards)
{
    if (!have_dominion(T))
        return;
    const char *args = "dominion --seats bot:mcts:iters=200,bot:heuristic --kingdom " FIRST_GAME
                       " --games 6 --seed 4";
    char full[512], s1[512], s2[512];
    snprintf(full, sizeof full, "%s --json", args);
    snprintf(s1, sizeof s1, "%s --json --shard 1/2", args);
    snprintf(s2, sizeof s2, "%s --json --shard 2/2", args);
    cli_cap w = cli_run(sim_main, "sim", full, NULL);
    cli_cap a = cli_run(sim_main, "sim", s1, NULL);
    cli_cap b = cli_run(sim_main, "sim", s2, NULL);
    KT_EQ(w.rc, 0);
    KT_EQ(a.rc, 0);
    KT_EQ(b.rc, 0);
    KT_EQ(jnum(w.out, "finished") + jnum(w.out, "unfinished"), 6);
    char fa[64], fb[64], margs[200];
    cli_tmpname(fa, sizeof fa);
    cli_tmpname(fb, sizeof fb);
    KT_CHECK(cli_write(fa, a.out ? a.out : "") == 0 && cli_write(fb, b.out ? b.out : "") == 0);
    snprintf(margs, sizeof margs, "%s %s --json", fb, fa);
    cli_cap m = cli_run(merge_main, "merge", margs, NULL);
    KT_EQ(m.rc, 0);
    char *x = cli_strip_timing(w.out), *y = cli_strip_timing(m.out);
    KT_CHECK(x && y);
    if (x && y)
        KT_STREQ(x, y);
    free(x);
    free(y);
    remove(fa);
    remove(fb);
    cli_cap_free(&w), cli_cap_free(&a), cli_cap_free(&b), cli_cap_free(&m);
}

KT_TEST(tournament_dominion_bots)
{
    if (!have_dominion(T))
        return;
    cli_cap c = cli_run(tour_main, "tournament",
                        "dominion --bots random,bmu,heuristic --kingdom " FIRST_GAME
                        " --games 20 --seed 3 --json",
                        NULL);
    KT_EQ(c.rc, 0);
    KT_EQ(jnum(c.out, "games"), 60);
    /* random never beats a money strategy: its rating is the lowest */
    double r0 = jnum(c.out, "bots.0.rating"), r1 = jnum(c.out, "bots.1.rating"),
           r2 = jnum(c.out, "bots.2.rating");
    KT_CHECK(r0 < r1 && r0 < r2);
    cli_cap_free(&c);
}

/* The simulator keeps each seat's bot from game to game and re-seeds it
 * (Dominion's bots can): the results must not depend on which games one
 * thread played, nor on the shard. */
KT_TEST(sim_dominion_reused_bots_same_results_for_threads_and_shards)
{
    if (!have_dominion(T))
        return;
    const char *args = "dominion --seats bot:heuristic,bot:bmu,bot:smithy --kingdom "
                       FIRST_GAME " --games 45 --seed 12 --json";
    char a1[400], a3[400], s1[400], s2[400];
    snprintf(a1, sizeof a1, "%s --threads 1", args);
    snprintf(a3, sizeof a3, "%s --threads 3", args);
    snprintf(s1, sizeof s1, "%s --shard 1/2", args);
    snprintf(s2, sizeof s2, "%s --shard 2/2 --threads 2", args);
    cli_cap x = cli_run(sim_main, "sim", a1, NULL);
    cli_cap y = cli_run(sim_main, "sim", a3, NULL);
    cli_cap a = cli_run(sim_main, "sim", s1, NULL);
    cli_cap b = cli_run(sim_main, "sim", s2, NULL);
    KT_EQ(x.rc, 0);
    KT_EQ(y.rc, 0);
    KT_EQ(a.rc, 0);
    KT_EQ(b.rc, 0);
    KT_EQ(jnum(x.out, "games"), 45);
    char fa[64], fb[64], margs[200];
    cli_tmpname(fa, sizeof fa);
    cli_tmpname(fb, sizeof fb);
    KT_CHECK(cli_write(fa, a.out ? a.out : "") == 0 && cli_write(fb, b.out ? b.out : "") == 0);
    snprintf(margs, sizeof margs, "%s %s --json", fa, fb);
    cli_cap m = cli_run(merge_main, "merge", margs, NULL);
    KT_EQ(m.rc, 0);
    char *px = cli_strip_timing(x.out), *py = cli_strip_timing(y.out), *pm = cli_strip_timing(m.out);
    KT_CHECK(px && py && pm);
    if (px && py && pm) {
        KT_STREQ(px, py);
        KT_STREQ(px, pm);
    }
    free(px);
    free(py);
    free(pm);
    remove(fa);
    remove(fb);
    cli_cap_free(&x), cli_cap_free(&y), cli_cap_free(&a), cli_cap_free(&b), cli_cap_free(&m);
}
