/*
 * test_rows.c - per-game rows (--rows), fresh setups (--setup), distinct
 * labels for identical bots and Dominion card statistics (--cards) of
 * `kontor sim` and `kontor tournament`, and their merge by `kontor merge`.
 * Compiles rows.c and cards.c into the test binary (see cli_run.h).
 *
 * The test-only game "duel" has a random setup when hand=0: the hand size
 * is drawn from the configuration's seed and written back, like a random
 * Dominion kingdom.
 */
#include "../../src/cli/cards.c"
#include "../../src/cli/rows.c"
#include "../../src/cli/cli.h"

#include <math.h>
#include <stdlib.h>

#include "../harness.h"
#include "cli_run.h"
#include "duel.h"

static double jnum(const char *json, const char *path)
{
    char *v = kt_json_at(json, path);
    double d = v ? atof(v) : NAN;
    free(v);
    return d;
}

static char *jstr(const char *json, const char *path) { return kt_json_at(json, path); }

static cli_cap run(cli_body fn, const char *cmd, const char *args)
{
    return cli_run(fn, cmd, args, &kt_test_duel_games);
}

/* Lines of a file (malloc'd array of malloc'd strings, without '\n'). */
typedef struct lines {
    char **l;
    int n;
} lines;

static lines read_lines(const char *path)
{
    lines r = {NULL, 0};
    char *text = cli_read_file(path, NULL);
    if (!text)
        return r;
    int cap = 0;
    for (char *p = text, *e; *p; p = e + 1) {
        e = strchr(p, '\n');
        if (!e)
            e = p + strlen(p) - 1;
        if (r.n == cap) {
            cap = cap ? 2 * cap : 64;
            r.l = realloc(r.l, sizeof *r.l * (size_t)cap);
        }
        size_t n = (size_t)(e - p) + (*e != '\n');
        r.l[r.n] = malloc(n + 1);
        memcpy(r.l[r.n], p, n);
        r.l[r.n++][n] = 0;
        if (!e[0] || !e[1])
            break;
    }
    free(text);
    return r;
}

static void free_lines(lines *r)
{
    for (int i = 0; i < r->n; i++)
        free(r->l[i]);
    free(r->l);
    r->l = NULL;
    r->n = 0;
}

/* Field i of a CSV line (quotes removed), into out. */
static void csv_field(const char *line, int i, char *out, size_t cap)
{
    size_t n = 0;
    int q = 0, f = 0;
    for (const char *p = line; *p; p++) {
        if (*p == '"') {
            if (q && p[1] == '"') {
                if (f == i && n + 1 < cap)
                    out[n++] = '"';
                p++;
            } else {
                q = !q;
            }
        } else if (*p == ',' && !q) {
            f++;
        } else if (f == i && n + 1 < cap) {
            out[n++] = *p;
        }
    }
    out[n] = 0;
}

static int files_equal(const char *a, const char *b)
{
    char *x = cli_read_file(a, NULL), *y = cli_read_file(b, NULL);
    int eq = x && y && !strcmp(x, y);
    free(x);
    free(y);
    return eq;
}

static int exists(const char *path)
{
    FILE *f = fopen(path, "r");
    if (f)
        fclose(f);
    return f != NULL;
}

/* A rows file name with the given extension (the file does not exist). */
static void rows_name(char *out, size_t cap, const char *ext)
{
    char base[64];
    cli_tmpname(base, sizeof base);
    remove(base);
    snprintf(out, cap, "%s%s", base, ext);
}

/* ------------------------------------------------------------ rows */

KT_TEST(rows_csv_one_row_per_game_in_order_for_any_thread_count)
{
    char a[80], b[80], args[512];
    rows_name(a, sizeof a, ".csv");
    rows_name(b, sizeof b, ".csv");
    const char *base = "duel --seats heuristic,random --games 57 --seed 31 --json";
    snprintf(args, sizeof args, "%s --threads 1 --rows %s", base, a);
    cli_cap x = run(sim_main, "sim", args);
    snprintf(args, sizeof args, "%s --threads 3 --rows %s", base, b);
    cli_cap y = run(sim_main, "sim", args);
    KT_EQ(x.rc, 0);
    KT_EQ(y.rc, 0);
    KT_CHECK(files_equal(a, b)); /* the same bytes whatever the threads */
    char part[96];
    snprintf(part, sizeof part, "%s.part", a);
    KT_CHECK(!exists(part) && exists(a));
    lines L = read_lines(a);
    KT_REQUIRE(L.n == 58);
    KT_STREQ(L.l[0], "game,seed,setup,seat_1,seat_2,score_1,score_2,rank_1,rank_2,winners,turns,"
                     "actions,finished");
    int wins[2] = {0, 0}, ties = 0;
    uint64_t actions = 0;
    for (int k = 0; k < 57; k++) {
        const char *row = L.l[k + 1];
        char f[13][128];
        for (int i = 0; i < 13; i++)
            csv_field(row, i, f[i], sizeof f[i]);
        KT_EQ(atoll(f[0]), k);
        char seed[32];
        snprintf(seed, sizeof seed, "%llu", (unsigned long long)kt_seed_derive(31, (uint64_t)k));
        KT_STREQ(f[1], seed);
        KT_STREQ(f[2], "");                 /* duel's default options, nothing drawn */
        /* seats rotate: game k has entry k mod 2 at position 1 */
        KT_STREQ(f[3], k % 2 ? "random" : "heuristic");
        KT_STREQ(f[4], k % 2 ? "heuristic" : "random");
        KT_STREQ(f[12], "1");
        /* ranks follow the scores */
        int s1 = atoi(f[5]), s2 = atoi(f[6]), r1 = atoi(f[7]), r2 = atoi(f[8]);
        KT_CHECK(s1 > s2 ? r1 == 1 && r2 == 2 : s1 < s2 ? r1 == 2 && r2 == 1 : r1 == 1 && r2 == 1);
        if (strchr(f[9], ';'))
            ties++;
        else
            wins[!strcmp(f[9], "random")]++;
        actions += (uint64_t)atoll(f[11]);
    }
    /* the rows add up to the report's totals */
    KT_EQ(wins[0], jnum(x.out, "seats.0.wins"));
    KT_EQ(wins[1], jnum(x.out, "seats.1.wins"));
    KT_EQ(ties, jnum(x.out, "ties"));
    KT_EQ(actions, jnum(x.out, "actions"));
    free_lines(&L);
    remove(a), remove(b);
    cli_cap_free(&x), cli_cap_free(&y);
}

KT_TEST(rows_jsonl_rows_parse_and_match_the_csv)
{
    char c[80], j[80], args[512];
    rows_name(c, sizeof c, ".csv");
    rows_name(j, sizeof j, ".jsonl");
    snprintf(args, sizeof args, "duel --seats heuristic,random,random --games 20 --seed 8 "
                                "--rows %s --no-progress", c);
    cli_cap x = run(sim_main, "sim", args);
    snprintf(args, sizeof args, "duel --seats heuristic,random,random --games 20 --seed 8 "
                                "--rows %s --no-progress", j);
    cli_cap y = run(sim_main, "sim", args);
    KT_EQ(x.rc, 0);
    KT_EQ(y.rc, 0);
    lines C = read_lines(c), J = read_lines(j);
    KT_REQUIRE(C.n == 21 && J.n == 20);
    for (int k = 0; k < 20; k++) {
        const char *r = J.l[k];
        char path[64], f[16][128], want[160];
        for (int i = 0; i < 16; i++)
            csv_field(C.l[k + 1], i, f[i], sizeof f[i]);
        KT_EQ(jnum(r, "game"), k);
        char *seed = jstr(r, "seed");
        snprintf(want, sizeof want, "\"%s\"", f[1]); /* a string: no reader rounds it */
        KT_STREQ(seed, want);
        free(seed);
        for (int p = 0; p < 3; p++) {
            snprintf(path, sizeof path, "seats.%d", p);
            char *s = jstr(r, path);
            snprintf(want, sizeof want, "\"%s\"", f[3 + p]);
            KT_STREQ(s, want);
            free(s);
            snprintf(path, sizeof path, "scores.%d", p);
            KT_EQ(jnum(r, path), atoi(f[6 + p]));
            snprintf(path, sizeof path, "ranks.%d", p);
            KT_EQ(jnum(r, path), atoi(f[9 + p]));
        }
        KT_EQ(jnum(r, "turns"), atoi(f[13]));
        KT_EQ(jnum(r, "actions"), atoi(f[14]));
        char *fin = jstr(r, "finished");
        KT_STREQ(fin, "true");
        free(fin);
    }
    free_lines(&C), free_lines(&J);
    remove(c), remove(j);
    cli_cap_free(&x), cli_cap_free(&y);
}

KT_TEST(rows_of_unfinished_games_have_no_ranks_or_winners)
{
    char j[80], args[256];
    rows_name(j, sizeof j, ".jsonl");
    snprintf(args, sizeof args, "duel --seats heuristic,random --games 4 --seed 2 "
                                "-o turn_limit=2 --rows %s", j);
    cli_cap x = run(sim_main, "sim", args);
    KT_EQ(x.rc, 0);
    lines J = read_lines(j);
    KT_REQUIRE(J.n == 4);
    for (int k = 0; k < 4; k++) {
        char *rk = jstr(J.l[k], "ranks"), *w = jstr(J.l[k], "winners"),
             *f = jstr(J.l[k], "finished");
        KT_STREQ(rk, "null");
        KT_STREQ(w, "[]");
        KT_STREQ(f, "false");
        free(rk), free(w), free(f);
    }
    free_lines(&J);
    remove(j);
    cli_cap_free(&x);
}

/* Shards with their rows, merged: the rows of the single run. */
static void shard_rows(kt_t *T, cli_body fn, const char *cmd, const char *args, const char *ext,
                       int n, char res[][80], char rows[][80])
{
    for (int i = 0; i < n; i++) {
        char a[1024];
        cli_tmpname(res[i], 80);
        rows_name(rows[i], 80, ext);
        snprintf(a, sizeof a, "%s --shard %d/%d --json --rows %s", args, i + 1, n, rows[i]);
        cli_cap c = run(fn, cmd, a);
        KT_EQ(c.rc, 0);
        KT_CHECK(c.out && cli_write(res[i], c.out) == 0);
        cli_cap_free(&c);
    }
}

static void expect_merge_error(kt_t *T, const char *args, const char *needle, const char *out)
{
    cli_cap c = run(merge_main, "merge", args);
    KT_EQ(c.rc, 2);
    if (!c.err || !strstr(c.err, needle))
        KT_FAIL("merge %s: error does not mention '%s': %s", args, needle, c.err ? c.err : "");
    KT_CHECK(c.out && !c.out[0]);
    if (out)
        KT_CHECK(!exists(out)); /* a failed merge writes nothing */
    cli_cap_free(&c);
}

KT_TEST(rows_merge_of_shards_equals_the_single_run)
{
    const char *exts[2] = {".csv", ".jsonl"};
    for (int x = 0; x < 2; x++) {
        const char *args = "duel --seats heuristic,random,mcts:iters=10 --games 23 --seed 5";
        char whole[80], merged[80], res[4][80], rows[4][80], a[1024];
        rows_name(whole, sizeof whole, exts[x]);
        rows_name(merged, sizeof merged, exts[x]);
        snprintf(a, sizeof a, "%s --rows %s", args, whole);
        cli_cap w = run(sim_main, "sim", a);
        KT_EQ(w.rc, 0);
        shard_rows(T, sim_main, "sim", args, exts[x], 4, res, rows);
        /* results and rows in a shuffled order */
        snprintf(a, sizeof a, "%s %s %s %s %s %s %s %s --rows %s --json", rows[2], res[1],
                 rows[0], res[3], res[0], rows[3], rows[1], res[2], merged);
        cli_cap m = run(merge_main, "merge", a);
        KT_EQ(m.rc, 0);
        KT_CHECK(files_equal(whole, merged));
        remove(merged);
        /* rows alone merge too (without the experiment nothing checks seeds) */
        snprintf(a, sizeof a, "%s %s %s %s --rows %s", rows[3], rows[1], rows[2], rows[0], merged);
        cli_cap r = run(merge_main, "merge", a);
        KT_EQ(r.rc, 0);
        KT_CHECK(files_equal(whole, merged));
        remove(merged);
        /* a missing rows file, a duplicate, no --rows */
        snprintf(a, sizeof a, "%s %s %s %s %s %s %s --rows %s", res[0], res[1], res[2], res[3],
                 rows[0], rows[1], rows[3], merged);
        expect_merge_error(T, a, "game 11 is missing", merged); /* shard 3: 11..16 */
        snprintf(a, sizeof a, "%s %s %s --rows %s", rows[0], rows[1], rows[1], merged);
        expect_merge_error(T, a, "given twice", merged);
        snprintf(a, sizeof a, "%s %s", rows[0], rows[1]);
        expect_merge_error(T, a, "--rows", NULL);
        snprintf(a, sizeof a, "%s --rows %s.txt", rows[0], merged);
        expect_merge_error(T, a, ".csv", NULL);
        for (int i = 0; i < 4; i++)
            remove(res[i]), remove(rows[i]);
        remove(whole);
        cli_cap_free(&w), cli_cap_free(&m), cli_cap_free(&r);
    }
}

KT_TEST(rows_of_another_experiment_are_refused_by_merge)
{
    char res[2][80], rows[2][80], other[2][80], ores[2][80], merged[80], a[1024];
    shard_rows(T, sim_main, "sim", "duel --seats heuristic,random --games 10 --seed 1", ".csv", 2,
               res, rows);
    shard_rows(T, sim_main, "sim", "duel --seats heuristic,random --games 10 --seed 2", ".csv", 2,
               ores, other);
    rows_name(merged, sizeof merged, ".csv");
    snprintf(a, sizeof a, "%s %s %s %s --rows %s", res[0], res[1], rows[0], other[1], merged);
    expect_merge_error(T, a, "seed", merged);
    /* a damaged row */
    char *text = cli_read_file(rows[1], NULL);
    KT_REQUIRE(text != NULL);
    char *nl = strchr(text, '\n');
    KT_REQUIRE(nl && nl[1]);
    nl[1] = 'x';
    KT_CHECK(cli_write(rows[1], text) == 0);
    free(text);
    snprintf(a, sizeof a, "%s %s %s %s --rows %s", res[0], res[1], rows[0], rows[1], merged);
    expect_merge_error(T, a, "not a row", merged);
    for (int i = 0; i < 2; i++)
        remove(res[i]), remove(rows[i]), remove(other[i]), remove(ores[i]);
}

KT_TEST(rows_bad_names_and_a_failed_run_leave_no_file)
{
    cli_cap c = run(sim_main, "sim", "duel --seats random,random --rows /tmp/kt_rows.txt");
    KT_EQ(c.rc, 2);
    KT_CHECK(c.err && strstr(c.err, ".jsonl"));
    cli_cap_free(&c);
    char r[80], a[256];
    rows_name(r, sizeof r, ".csv");
    /* an unwritable place */
    c = run(sim_main, "sim", "duel --seats random,random --rows /nonexistent/dir/r.csv");
    KT_EQ(c.rc, 2);
    KT_CHECK(c.err && strstr(c.err, "cannot write"));
    cli_cap_free(&c);
    /* a bad bot option fails before anything is written */
    snprintf(a, sizeof a, "duel --seats random,mcts:c=x --rows %s", r);
    c = run(sim_main, "sim", a);
    KT_EQ(c.rc, 2);
    KT_CHECK(!exists(r));
    cli_cap_free(&c);
}

/* ------------------------------------------------------------ labels */

KT_TEST(labels_tell_identical_bots_apart_in_every_report)
{
    char r[80], a[256];
    rows_name(r, sizeof r, ".csv");
    snprintf(a, sizeof a, "duel --seats heuristic --players 3 --games 9 --seed 4 --json --rows %s",
             r);
    cli_cap j = run(sim_main, "sim", a);
    KT_EQ(j.rc, 0);
    for (int i = 0; i < 3; i++) {
        char path[32], want[32];
        snprintf(path, sizeof path, "seats.%d.name", i);
        snprintf(want, sizeof want, "\"heuristic#%d\"", i + 1);
        char *s = jstr(j.out, path);
        KT_STREQ(s, want);
        free(s);
        snprintf(path, sizeof path, "seats.%d.spec", i);
        s = jstr(j.out, path);
        KT_STREQ(s, "\"heuristic\"");
        free(s);
    }
    lines L = read_lines(r);
    KT_REQUIRE(L.n == 10);
    KT_CHECK(strstr(L.l[1], "\"heuristic#1\",\"heuristic#2\",\"heuristic#3\"") != NULL);
    KT_CHECK(strstr(L.l[2], "\"heuristic#2\",\"heuristic#3\",\"heuristic#1\"") != NULL);
    free_lines(&L);
    remove(r);
    cli_cap t = run(sim_main, "sim", "duel --seats heuristic,random,heuristic --games 6");
    KT_CHECK(t.out && strstr(t.out, "heuristic#1") && strstr(t.out, "heuristic#2") &&
             strstr(t.out, "\nrandom "));
    cli_cap c = run(sim_main, "sim", "duel --seats heuristic,random,heuristic --games 6 --csv");
    KT_CHECK(c.out && strstr(c.out, "seat,\"heuristic#1\"") &&
             strstr(c.out, "seat,\"heuristic#2\"") && strstr(c.out, "seat,\"random\""));
    cli_cap o = run(tour_main, "tournament",
                    "duel --bots random,heuristic,random --games 4 --seed 1 --json");
    KT_EQ(o.rc, 0);
    char *b0 = jstr(o.out, "bots.0.name"), *b2 = jstr(o.out, "bots.2.name"),
         *b1 = jstr(o.out, "bots.1.name");
    KT_STREQ(b0, "\"random#1\"");
    KT_STREQ(b1, "\"heuristic\"");
    KT_STREQ(b2, "\"random#2\"");
    free(b0), free(b1), free(b2);
    cli_cap_free(&j), cli_cap_free(&t), cli_cap_free(&c), cli_cap_free(&o);
}

/* ------------------------------------------------------------ fresh setups */

/* Play game k of an experiment again through the public API: its own
 * configuration (game seed), bots seeded as the runner seeds them. */
static void replay_game(kt_t *T, const char *options, int players, const char *const *specs,
                        uint64_t seed, int k, kt_result *res, char *setup, size_t cap)
{
    uint64_t gs = kt_seed_derive(seed, (uint64_t)k);
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new_def(&kt_test_duel, options, players, gs, NULL, &g, &err),
                      &err));
    snprintf(setup, cap, "%s", kt_game_options(g));
    kt_bot *b[4];
    for (int p = 0; p < players; p++)
        KT_OKS(kt_bot_new(g, specs[(p + k) % players], kt_seed_derive(gs, 0xb07u + (uint64_t)p),
                          &b[p], &err),
               &err);
    kt_state *s = kt_state_new(g);
    while (!kt_is_over(g, s)) {
        kt_action a;
        KT_OKS(kt_bot_choose_fast(b[kt_to_move(g, s)], s, &a, &err), &err);
        KT_OKS(kt_apply(g, s, a, &err), &err);
    }
    kt_result_get(g, s, res);
    kt_state_free(g, s);
    for (int p = 0; p < players; p++)
        kt_bot_free(b[p]);
    kt_game_free(g);
}

KT_TEST(fresh_setup_is_the_default_when_setup_draws_and_each_game_replays)
{
    char r[80], a[256];
    rows_name(r, sizeof r, ".csv");
    snprintf(a, sizeof a, "duel --seats heuristic,random --games 30 --seed 12 -o hand=0 --json "
                          "--rows %s", r);
    cli_cap c = run(sim_main, "sim", a);
    KT_EQ(c.rc, 0);
    char *setup = jstr(c.out, "setup"), *opts = jstr(c.out, "options");
    KT_STREQ(setup, "\"fresh\"");
    KT_STREQ(opts, "\"hand=0\""); /* the options as given; each game draws its own */
    free(setup), free(opts);
    lines L = read_lines(r);
    KT_REQUIRE(L.n == 31);
    const char *specs[2] = {"heuristic", "random"};
    char seen[9] = {0};
    for (int k = 0; k < 30; k++) {
        char f[13][64], mine[64];
        for (int i = 0; i < 13; i++)
            csv_field(L.l[k + 1], i, f[i], sizeof f[i]);
        kt_result res;
        replay_game(T, "hand=0", 2, specs, 12, k, &res, mine, sizeof mine);
        KT_STREQ(f[2], mine); /* the setup is the configuration of the game seed */
        KT_EQ(atoi(f[5]), res.score[0]);
        KT_EQ(atoi(f[6]), res.score[1]);
        KT_EQ(atoi(f[10]), res.turns);
        if (!strncmp(f[2], "hand=", 5) && atoi(f[2] + 5) >= 1 && atoi(f[2] + 5) <= 8)
            seen[atoi(f[2] + 5)] = 1;
    }
    int kinds = 0;
    for (int h = 1; h <= 8; h++)
        kinds += seen[h];
    KT_CHECK(kinds >= 4); /* 30 draws of 8 hand sizes: a new setup every game */
    free_lines(&L);
    /* --setup fixed: one drawn from the experiment seed for all games */
    snprintf(a, sizeof a, "duel --seats heuristic,random --games 10 --seed 12 -o hand=0 --json "
                          "--setup fixed --rows %s", r);
    cli_cap f = run(sim_main, "sim", a);
    KT_EQ(f.rc, 0);
    setup = jstr(f.out, "setup");
    KT_STREQ(setup, "\"fixed\"");
    free(setup);
    L = read_lines(r);
    KT_REQUIRE(L.n == 11);
    char s0[64], sk[64];
    csv_field(L.l[1], 2, s0, sizeof s0);
    KT_CHECK(!strncmp(s0, "hand=", 5) && strcmp(s0, "hand=0") != 0);
    for (int k = 1; k < 10; k++) {
        csv_field(L.l[k + 1], 2, sk, sizeof sk);
        KT_STREQ(sk, s0);
    }
    free_lines(&L);
    remove(r);
    /* nothing drawn: fixed, and the text says nothing about setups */
    cli_cap d = run(sim_main, "sim", "duel --seats heuristic,random --games 4 --seed 3 --json");
    setup = jstr(d.out, "setup");
    KT_STREQ(setup, "\"fixed\"");
    free(setup);
    cli_cap t = run(sim_main, "sim", "duel --seats heuristic,random --games 4 -o hand=0");
    KT_CHECK(t.out && strstr(t.out, "setup: a new one for every game"));
    /* asking for fresh setups where nothing is drawn: a note, the same games */
    cli_cap n = run(sim_main, "sim",
                    "duel --seats heuristic,random --games 4 --seed 3 --setup fresh --json");
    KT_EQ(n.rc, 0);
    KT_CHECK(n.err && strstr(n.err, "--setup fresh changes nothing"));
    char *x = cli_strip_timing(n.out), *y = cli_strip_timing(d.out);
    KT_CHECK(x && y && !strcmp(x, y));
    free(x), free(y);
    cli_cap_free(&n);
    cli_cap_free(&c), cli_cap_free(&f), cli_cap_free(&d), cli_cap_free(&t);
}

KT_TEST(fresh_setups_do_not_depend_on_threads_and_shards_merge)
{
    const char *args = "duel --seats heuristic,random,mcts:iters=10 --games 25 --seed 9 -o hand=0";
    char a[512];
    snprintf(a, sizeof a, "%s --json --threads 1", args);
    cli_cap one = run(sim_main, "sim", a);
    snprintf(a, sizeof a, "%s --json --threads 3", args);
    cli_cap three = run(sim_main, "sim", a);
    KT_EQ(one.rc, 0);
    KT_EQ(three.rc, 0);
    char *x = cli_strip_timing(one.out), *y = cli_strip_timing(three.out);
    KT_CHECK(x && y && !strcmp(x, y));
    char res[3][80], rows[3][80], m[1024];
    shard_rows(T, sim_main, "sim", args, ".jsonl", 3, res, rows);
    char merged[80];
    rows_name(merged, sizeof merged, ".jsonl");
    snprintf(m, sizeof m, "%s %s %s %s %s %s --rows %s --json", res[2], res[0], res[1], rows[1],
             rows[2], rows[0], merged);
    cli_cap mg = run(merge_main, "merge", m);
    KT_EQ(mg.rc, 0);
    char *z = cli_strip_timing(mg.out);
    KT_CHECK(z && x && !strcmp(x, z));
    lines L = read_lines(merged);
    KT_EQ(L.n, 25);
    free_lines(&L);
    /* a fixed-setup shard does not merge with fresh ones */
    char fx[80];
    cli_tmpname(fx, sizeof fx);
    snprintf(a, sizeof a, "%s --shard 2/3 --json --setup fixed", args);
    cli_cap f = run(sim_main, "sim", a);
    KT_CHECK(f.rc == 0 && cli_write(fx, f.out) == 0);
    snprintf(m, sizeof m, "%s %s %s", res[0], fx, res[2]);
    expect_merge_error(T, m, "not shards of the same experiment", NULL);
    for (int i = 0; i < 3; i++)
        remove(res[i]), remove(rows[i]);
    remove(merged), remove(fx);
    free(x), free(y), free(z);
    cli_cap_free(&one), cli_cap_free(&three), cli_cap_free(&mg), cli_cap_free(&f);
}

KT_TEST(fresh_setups_in_tournaments)
{
    char r[80], a[256];
    rows_name(r, sizeof r, ".csv");
    snprintf(a, sizeof a, "duel --bots heuristic,random,mcts:iters=10 --games 4 --seed 3 -o hand=0 "
                          "--json --rows %s", r);
    cli_cap c = run(tour_main, "tournament", a);
    KT_EQ(c.rc, 0);
    char *setup = jstr(c.out, "setup");
    KT_STREQ(setup, "\"fresh\"");
    free(setup);
    lines L = read_lines(r);
    KT_REQUIRE(L.n == 13);
    int differ = 0;
    char s0[64], sk[64];
    csv_field(L.l[1], 2, s0, sizeof s0);
    for (int k = 1; k < 12; k++) {
        csv_field(L.l[k + 1], 2, sk, sizeof sk);
        differ |= strcmp(sk, s0) != 0;
        char seed[32], want[32];
        csv_field(L.l[k + 1], 1, seed, sizeof seed);
        snprintf(want, sizeof want, "%llu", (unsigned long long)kt_seed_derive(3, (uint64_t)k));
        KT_STREQ(seed, want);
    }
    KT_CHECK(differ);
    free_lines(&L);
    remove(r);
    cli_cap_free(&c);
}

KT_TEST(setup_and_cards_flags_give_clear_errors)
{
    static const char *const cases[][2] = {
        {"duel --seats random,random --setup sometimes", "--setup needs fresh"},
        {"duel --seats random,random --cards x.csv", "for Dominion"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cli_cap c = run(sim_main, "sim", cases[i][0]);
        KT_EQ(c.rc, 2);
        if (!c.err || !strstr(c.err, cases[i][1]))
            KT_FAIL("'%s': error does not mention '%s': %s", cases[i][0], cases[i][1],
                    c.err ? c.err : "");
        cli_cap_free(&c);
    }
}

/* ------------------------------------------------------------ card statistics */

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

#define FIRST_GAME "Cellar,Market,Merchant,Militia,Mine,Moat,Remodel,Smithy,Village,Workshop"

/* The item `name` of a --cards JSON file (its index in "cards"), or -1. */
static int card_index(const char *json, const char *name)
{
    for (int i = 0;; i++) {
        char path[48];
        snprintf(path, sizeof path, "cards.%d.name", i);
        char *n = kt_json_at(json, path);
        if (!n)
            return -1;
        char want[64];
        snprintf(want, sizeof want, "\"%s\"", name);
        int same = !strcmp(n, want);
        free(n);
        if (same)
            return i;
    }
}

static double card_num(const char *json, const char *name, const char *key)
{
    int i = card_index(json, name);
    char path[64];
    snprintf(path, sizeof path, "cards.%d.%s", i, key);
    return i < 0 ? NAN : jnum(json, path);
}

KT_TEST(cards_goldfish_gives_the_known_answers)
{
    if (!have_dominion(T))
        return;
    char j[80], a[512];
    cli_tmpname(j, sizeof j);
    remove(j);
    strcat(j, ".json");
    snprintf(a, sizeof a, "dominion --seats bot:bmu --players 1 --until provinces=4 --kingdom "
                          FIRST_GAME " --games 40 --seed 6 --cards %s", j);
    cli_cap c = cli_run(sim_main, "sim", a, NULL);
    KT_EQ(c.rc, 0);
    char *s = cli_read_file(j, NULL);
    KT_REQUIRE(s != NULL);
    /* one player, who wins every game and buys exactly the 4 Provinces */
    KT_EQ(card_num(s, "Province", "games"), 40);
    KT_EQ(card_num(s, "Province", "top_games"), 40);
    KT_EQ(card_num(s, "Province", "top_wins"), 40);
    KT_CHECK(fabs(card_num(s, "Province", "top_win_rate") - 1) < 1e-12);
    KT_CHECK(fabs(card_num(s, "Province", "winner_copies_mean") - 4) < 1e-12);
    KT_CHECK(fabs(card_num(s, "Province", "copies_per_player") - 4) < 1e-12);
    /* Big Money buys no kingdom card, but every one was in every game */
    static const char *const k[] = {"Cellar", "Market", "Merchant", "Militia", "Mine",
                                    "Moat",   "Remodel", "Smithy", "Village", "Workshop"};
    for (int i = 0; i < 10; i++) {
        KT_EQ(card_num(s, k[i], "games"), 40);
        KT_EQ(card_num(s, k[i], "bought"), 0);
        KT_EQ(card_num(s, k[i], "top_games"), 0);
    }
    KT_EQ(card_index(s, "Witch"), -1); /* not in the kingdom: not listed */
    char *kind = kt_json_at(s, "cards.0.kind");
    KT_STREQ(kind, "\"kingdom\"");
    free(kind);
    free(s);
    remove(j);
    cli_cap_free(&c);
}

/* Count what the runner counts, independently: replay every game of the
 * experiment through the public API and read the "buy" texts. */
/* Is `card` in the game of configuration g (base piles always)? */
static int in_game(const kt_game *g, const char *card)
{
    static const char *const base[] = {"Copper", "Silver", "Gold", "Estate",
                                       "Duchy",  "Province", "Curse"};
    for (int i = 0; i < 7; i++)
        if (!strcmp(card, base[i]))
            return 1;
    const char *o = kt_game_options(g), *k = strstr(o, "kingdom=");
    if (!k)
        return 0;
    char list[1024], want[80];
    snprintf(list, sizeof list, ",%s", k + 8);
    char *end = strchr(list, ';');
    if (end)
        *end = 0;
    strcat(list, ",");
    snprintf(want, sizeof want, ",%s,", card);
    return strstr(list, want) != NULL;
}

typedef struct recount {
    int games, top, top_wins, sole, winner_copies, copies;
} recount;

static void recount_games(kt_t *T, int ngames, uint64_t seed, const char *card, recount *out)
{
    memset(out, 0, sizeof *out);
    const char *specs[2] = {"heuristic", "bmu"};
    for (int k = 0; k < ngames; k++) {
        uint64_t gs = kt_seed_derive(seed, (uint64_t)k);
        kt_game *g;
        kt_err err;
        KT_REQUIRE(KT_OKS(kt_game_new("dominion", "", 2, gs, NULL, &g, &err), &err));
        int in = in_game(g, card);
        kt_bot *b[2];
        for (int p = 0; p < 2; p++)
            KT_OKS(kt_bot_new(g, specs[(p + k) % 2], kt_seed_derive(gs, 0xb07u + (uint64_t)p),
                              &b[p], &err),
                   &err);
        kt_state *s = kt_state_new(g);
        int cnt[2] = {0, 0};
        char want[80], text[128];
        snprintf(want, sizeof want, "buy %s", card);
        while (!kt_is_over(g, s)) {
            kt_action a;
            int p = kt_to_move(g, s);
            KT_OKS(kt_bot_choose_fast(b[p], s, &a, &err), &err);
            kt_action_text(g, s, a, KT_OMNISCIENT, KT_LANG_EN, text, sizeof text);
            cnt[p] += !strcmp(text, want);
            kt_apply_trusted(g, s, a);
        }
        kt_result res;
        kt_result_get(g, s, &res);
        if (in) {
            out->games++;
            int top = cnt[0] > cnt[1] ? 0 : cnt[1] > cnt[0] ? 1 : -1;
            out->copies += cnt[0] + cnt[1];
            if (top >= 0 && res.finished) {
                out->top++;
                out->top_wins += res.winners == (1u << top);
            }
            if (res.finished && (res.winners == 1u || res.winners == 2u)) {
                out->sole++;
                out->winner_copies += cnt[res.winners == 2u];
            }
        }
        kt_state_free(g, s);
        kt_bot_free(b[0]);
        kt_bot_free(b[1]);
        kt_game_free(g);
    }
}

KT_TEST(cards_counts_match_an_independent_recount_over_fresh_kingdoms)
{
    if (!have_dominion(T))
        return;
    char j[80], a[512];
    cli_tmpname(j, sizeof j);
    remove(j);
    strcat(j, ".json");
    int n = 60;
    snprintf(a, sizeof a, "dominion --seats bot:heuristic,bot:bmu --games %d --seed 17 --json "
                          "--cards %s --threads 2", n, j);
    cli_cap c = cli_run(sim_main, "sim", a, NULL);
    KT_EQ(c.rc, 0);
    char *s = cli_read_file(j, NULL);
    KT_REQUIRE(s != NULL);
    /* Gold: every game; and the kingdom card the heuristic bought most often */
    static const char *const cards[] = {"Gold", "Province", "Silver", "Duchy"};
    for (size_t i = 0; i < sizeof cards / sizeof cards[0]; i++) {
        recount want;
        recount_games(T, n, 17, cards[i], &want);
        if (!strcmp(cards[i], "Gold"))
            KT_EQ(want.games, n);
        KT_EQ(card_num(s, cards[i], "top_games"), want.top);
        KT_EQ(card_num(s, cards[i], "top_wins"), want.top_wins);
        KT_EQ(card_num(s, cards[i], "sole_games"), want.sole);
        KT_CHECK(fabs(card_num(s, cards[i], "winner_copies_mean") -
                      (want.sole ? (double)want.winner_copies / want.sole : 0)) < 1e-4);
    }
    /* a kingdom card: "games" are the games whose kingdom had it */
    int best = -1;
    double most = 0;
    for (int i = 0; i < 200; i++) {
        char path[48];
        snprintf(path, sizeof path, "cards.%d.kind", i);
        char *k = kt_json_at(s, path);
        if (!k)
            break;
        snprintf(path, sizeof path, "cards.%d.bought", i);
        if (!strcmp(k, "\"kingdom\"") && jnum(s, path) > most)
            most = jnum(s, path), best = i;
        free(k);
    }
    KT_REQUIRE(best >= 0); /* the heuristic bot buys kingdom cards */
    char path[48];
    snprintf(path, sizeof path, "cards.%d.name", best);
    char *name = kt_json_at(s, path);
    KT_REQUIRE(name != NULL);
    name[strlen(name) - 1] = 0;
    recount want;
    recount_games(T, n, 17, name + 1, &want);
    KT_EQ(card_num(s, name + 1, "games"), want.games);
    KT_EQ(card_num(s, name + 1, "top_games"), want.top);
    KT_EQ(card_num(s, name + 1, "top_wins"), want.top_wins);
    KT_CHECK(want.games > 0 && want.games < n);
    free(name);
    free(s);
    remove(j);
    cli_cap_free(&c);
}

KT_TEST(cards_outputs_and_merge_of_shards)
{
    if (!have_dominion(T))
        return;
    char base[64], f[4][80], a[1024], res[2][80];
    cli_tmpname(base, sizeof base);
    remove(base);
    static const char *const ext[4] = {".csv", ".json", ".svg", ".txt"};
    for (int i = 0; i < 4; i++)
        snprintf(f[i], sizeof f[i], "%s%s", base, ext[i]);
    const char *args = "dominion --seats bot:heuristic,bot:bmu --games 30 --seed 23 "
                       "--sets plunder";
    snprintf(a, sizeof a, "%s --json --cards %s --cards %s --cards %s --cards %s", args, f[0],
             f[1], f[2], f[3]);
    cli_cap w = cli_run(sim_main, "sim", a, NULL);
    KT_EQ(w.rc, 0);
    char *csv = cli_read_file(f[0], NULL), *svg = cli_read_file(f[2], NULL),
         *txt = cli_read_file(f[3], NULL), *js = cli_read_file(f[1], NULL);
    KT_CHECK(csv && !strncmp(csv, "kind,name,games,finished,bought,top_games", 41) &&
             strstr(csv, "\nbase,\"Province\","));
    KT_CHECK(svg && strstr(svg, "<svg") && strstr(svg, "</svg>") && strstr(svg, "Base cards"));
    KT_CHECK(txt && strstr(txt, "top win rate [95% CI]") && strstr(txt, "Province"));
    /* Plunder kingdoms bring Events and Traits */
    KT_CHECK(js && (strstr(js, "\"kind\":\"event\"") || strstr(js, "\"kind\":\"trait\"")));
    /* shards with --cards merge into the same statistics */
    for (int i = 0; i < 2; i++) {
        cli_tmpname(res[i], sizeof res[i]);
        snprintf(a, sizeof a, "%s --json --cards %s --shard %d/2", args, f[1], i + 1);
        cli_cap c = cli_run(sim_main, "sim", a, NULL);
        KT_EQ(c.rc, 0);
        KT_CHECK(c.out && cli_write(res[i], c.out) == 0);
        cli_cap_free(&c);
    }
    char merged[96];
    snprintf(merged, sizeof merged, "%s.merged.json", base);
    snprintf(a, sizeof a, "%s %s --json --cards %s", res[1], res[0], merged);
    cli_cap m = cli_run(merge_main, "merge", a, NULL);
    KT_EQ(m.rc, 0);
    char *x = cli_strip_timing(w.out), *y = cli_strip_timing(m.out);
    KT_CHECK(x && y && !strcmp(x, y)); /* raw.cards included */
    char *mj = cli_read_file(merged, NULL);
    KT_CHECK(mj && js && !strcmp(strstr(mj, "\"cards\""), strstr(js, "\"cards\"")));
    free(x), free(y), free(mj);
    free(csv), free(svg), free(txt), free(js);
    for (int i = 0; i < 4; i++)
        remove(f[i]);
    remove(res[0]), remove(res[1]), remove(merged);
    cli_cap_free(&w), cli_cap_free(&m);
}

KT_TEST(cards_in_tournaments_and_presets)
{
    if (!have_dominion(T))
        return;
    char j[80], a[512];
    cli_tmpname(j, sizeof j);
    remove(j);
    strcat(j, ".json");
    snprintf(a, sizeof a, "dominion --bots heuristic,bmu,random --games 4 --seed 2 --cards %s "
                          "--preset Improvements", j);
    cli_cap c = cli_run(tour_main, "tournament", a, NULL);
    KT_EQ(c.rc, 0);
    char *s = cli_read_file(j, NULL);
    KT_REQUIRE(s != NULL);
    /* the preset's kingdom comes from the view: 3 matchups x 4 games */
    KT_EQ(card_num(s, "Province", "games"), 12);
    int kingdom = 0;
    for (int i = 0; i < 40; i++) {
        char path[48];
        snprintf(path, sizeof path, "cards.%d.kind", i);
        char *k = kt_json_at(s, path);
        if (!k)
            break;
        kingdom += !strcmp(k, "\"kingdom\"");
        free(k);
    }
    KT_EQ(kingdom, 10);
    free(s);
    remove(j);
    cli_cap_free(&c);
}

KT_TEST(fresh_kingdoms_in_dominion_and_bots_that_need_a_card)
{
    if (!have_dominion(T))
        return;
    char r[80], a[512];
    rows_name(r, sizeof r, ".csv");
    snprintf(a, sizeof a, "dominion --seats bot:bmu --players 2 --games 12 --seed 4 --rows %s", r);
    cli_cap c = cli_run(sim_main, "sim", a, NULL);
    KT_EQ(c.rc, 0);
    lines L = read_lines(r);
    KT_REQUIRE(L.n == 13);
    int differ = 0;
    char s0[512], sk[512];
    csv_field(L.l[1], 2, s0, sizeof s0);
    for (int k = 0; k < 12; k++) {
        csv_field(L.l[k + 1], 2, sk, sizeof sk);
        differ |= strcmp(sk, s0) != 0;
        kt_game *g;
        kt_err err;
        KT_OKS(kt_game_new("dominion", "", 2, kt_seed_derive(4, (uint64_t)k), NULL, &g, &err),
               &err);
        KT_STREQ(sk, kt_game_options(g)); /* `kontor play --seed <seed>` deals this kingdom */
        KT_CHECK(!strncmp(sk, "kingdom=", 8));
        kt_game_free(g);
    }
    KT_CHECK(differ);
    free_lines(&L);
    /* a bot that needs a card: a clear error naming --kingdom, unless the
     * bot plays without it */
    cli_cap s;
    for (int seed = 1; seed <= 5; seed++) {
        /* seeds 1-4 fail on the experiment seed's own kingdom, 5 on game 1's */
        snprintf(a, sizeof a, "dominion --seats bot:bmu,bot:smithy --games 40 --seed %d", seed);
        s = cli_run(sim_main, "sim", a, NULL);
        KT_CHECK(s.rc == 0 || (s.rc == 2 && s.err && strstr(s.err, "--kingdom Smithy")));
        cli_cap_free(&s);
    }
    snprintf(a, sizeof a, "dominion --seats bot:bmu,bot:smithy --games 10 --kingdom Smithy "
                          "--rows %s", r);
    s = cli_run(sim_main, "sim", a, NULL);
    KT_EQ(s.rc, 0);
    L = read_lines(r);
    KT_REQUIRE(L.n == 11);
    for (int k = 1; k < L.n; k++)
        KT_CHECK(strstr(L.l[k], "Smithy") != NULL); /* kingdoms drawn around Smithy */
    free_lines(&L);
    remove(r);
    cli_cap_free(&s), cli_cap_free(&c);
}
