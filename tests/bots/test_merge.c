/*
 * test_merge.c - shards plus `kontor merge` reproduce the single-machine
 * result exactly (sim and tournament), and merge refuses shards that do not
 * belong together, duplicates, gaps and damaged files.  Compiles merge.c
 * into the test binary (see cli_run.h).
 */
#include "../../src/cli/merge.c"

#include "../harness.h"
#include "cli_run.h"
#include "duel.h"

/* Run `fn ARGS --shard i/n --json` for every i into temp files, merge them;
 * returns the merged JSON (malloc'd) and fills names (caller removes). */
static char *run_shards(kt_t *T, cli_body fn, const char *cmd, const char *args, int n,
                        char names[][64])
{
    char margs[2048] = "";
    for (int i = 1; i <= n; i++) {
        char a[1024];
        snprintf(a, sizeof a, "%s --shard %d/%d --json", args, i, n);
        cli_cap c = cli_run(fn, cmd, a, &kt_test_duel_games);
        KT_EQ(c.rc, 0);
        cli_tmpname(names[i - 1], 64);
        KT_CHECK(c.out && cli_write(names[i - 1], c.out) == 0);
        cli_cap_free(&c);
    }
    /* merge in a shuffled order: the result must not depend on it */
    for (int i = 0; i < n; i++) {
        size_t l = strlen(margs);
        snprintf(margs + l, sizeof margs - l, " %s", names[(i * 3 + 1) % n]);
    }
    size_t l = strlen(margs);
    snprintf(margs + l, sizeof margs - l, " --json");
    cli_cap m = cli_run(merge_main, "merge", margs, &kt_test_duel_games);
    KT_EQ(m.rc, 0);
    if (m.rc)
        printf("    merge: %s\n", m.err ? m.err : "");
    char *out = m.out;
    free(m.err);
    return out;
}

static void check_same(kt_t *T, const char *whole, const char *merged)
{
    char *a = cli_strip_timing(whole), *b = cli_strip_timing(merged);
    KT_REQUIRE(a && b);
    KT_STREQ(a, b);
    free(a);
    free(b);
}

KT_TEST(merge_sim_shards_equal_the_single_run)
{
    const char *args = "duel --seats heuristic,random,mcts:iters=20 --games 61 --seed 77";
    char full[256];
    snprintf(full, sizeof full, "%s --json --threads 2", args);
    cli_cap w = cli_run(sim_main, "sim", full, &kt_test_duel_games);
    KT_EQ(w.rc, 0);
    char names[5][64];
    char *m = run_shards(T, sim_main, "sim", args, 5, names);
    KT_REQUIRE(m && w.out);
    check_same(T, w.out, m);
    /* merged text output is the sim report of all 61 games */
    char targs[512];
    snprintf(targs, sizeof targs, "%s %s %s %s %s", names[0], names[1], names[2], names[3],
             names[4]);
    cli_cap t = cli_run(merge_main, "merge", targs, &kt_test_duel_games);
    KT_EQ(t.rc, 0);
    KT_CHECK(t.out && strstr(t.out, "kontor sim duel: 61 games") && !strstr(t.out, "shard"));
    cli_cap_free(&t);
    for (int i = 0; i < 5; i++)
        remove(names[i]);
    free(m);
    cli_cap_free(&w);
}

KT_TEST(merge_tournament_shards_equal_the_single_run)
{
    const char *args = "duel --bots heuristic,random,mcts:iters=20 --players 2 --games 9 --seed 5";
    char full[256];
    snprintf(full, sizeof full, "%s --json", args);
    cli_cap w = cli_run(tour_main, "tournament", full, &kt_test_duel_games);
    KT_EQ(w.rc, 0);
    char names[4][64];
    char *m = run_shards(T, tour_main, "tournament", args, 4, names);
    KT_REQUIRE(m && w.out);
    check_same(T, w.out, m);
    for (int i = 0; i < 4; i++)
        remove(names[i]);
    free(m);
    cli_cap_free(&w);
}

static void expect_merge_error(kt_t *T, const char *args, const char *needle)
{
    cli_cap c = cli_run(merge_main, "merge", args, &kt_test_duel_games);
    KT_EQ(c.rc, 2);
    if (!c.err || !strstr(c.err, needle))
        KT_FAIL("merge %s: error does not mention '%s': %s", args, needle, c.err ? c.err : "");
    cli_cap_free(&c);
}

KT_TEST(merge_rejects_foreign_duplicate_missing_and_damaged_shards)
{
    char a[3][64], b[3][64], bad[64], args[512];
    const char *base = "duel --seats heuristic,random --games 12";
    for (int i = 0; i < 3; i++) {
        char x[256];
        snprintf(x, sizeof x, "%s --seed 1 --shard %d/3 --json", base, i + 1);
        cli_cap c = cli_run(sim_main, "sim", x, &kt_test_duel_games);
        cli_tmpname(a[i], 64);
        KT_CHECK(c.rc == 0 && cli_write(a[i], c.out) == 0);
        cli_cap_free(&c);
        snprintf(x, sizeof x, "%s --seed 2 --shard %d/3 --json", base, i + 1);
        c = cli_run(sim_main, "sim", x, &kt_test_duel_games);
        cli_tmpname(b[i], 64);
        KT_CHECK(c.rc == 0 && cli_write(b[i], c.out) == 0);
        cli_cap_free(&c);
    }
    snprintf(args, sizeof args, "%s %s %s", a[0], b[1], a[2]);
    expect_merge_error(T, args, "the seed differ");
    snprintf(args, sizeof args, "%s %s %s", a[0], a[1], a[1]);
    expect_merge_error(T, args, "given twice");
    snprintf(args, sizeof args, "%s %s", a[0], a[2]);
    expect_merge_error(T, args, "shard 2/3 is missing");
    expect_merge_error(T, "/nonexistent/kt_shard.json", "cannot read");
    /* a shard whose counts were edited no longer adds up */
    char *text = cli_read_file(a[0], NULL);
    KT_REQUIRE(text != NULL);
    char *p = strstr(text, "\"raw\":{\"games\":");
    KT_REQUIRE(p != NULL);
    p += strlen("\"raw\":{\"games\":");
    *p = *p == '9' ? '8' : '9';
    cli_tmpname(bad, sizeof bad);
    KT_CHECK(cli_write(bad, text) == 0);
    free(text);
    snprintf(args, sizeof args, "%s %s %s", bad, a[1], a[2]);
    expect_merge_error(T, args, "do not add up");
    KT_CHECK(cli_write(bad, "{\"experiment\": 3}") == 0);
    expect_merge_error(T, bad, "experiment");
    KT_CHECK(cli_write(bad, "not json") == 0);
    expect_merge_error(T, bad, bad);
    for (int i = 0; i < 3; i++)
        remove(a[i]), remove(b[i]);
    remove(bad);
}
