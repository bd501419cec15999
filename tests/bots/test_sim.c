/*
 * test_sim.c - `kontor sim` on the test-only game "duel": the JSON report
 * and its totals, independence of the thread count, seat rotation, turn
 * limits (unfinished games are never wins), CSV/SVG output and clear
 * errors; plus the statistics (Wilson intervals, Bradley-Terry).
 *
 * This file compiles the shared command sources into the test binary (see
 * cli_run.h); test_tournament.c and test_merge.c include the others.
 */
#include "../../src/cli/runcmd.c"
#include "../../src/cli/runner.c"
#include "../../src/cli/sim.c"
#include "../../src/cli/stats.c"
#include "../../src/cli/svg.c"
#include "../../src/cli/util.c"

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

static cli_cap sim(const char *args) { return cli_run(sim_main, "sim", args, &kt_test_duel_games); }

KT_TEST(sim_json_report_has_the_documented_keys_and_consistent_totals)
{
    cli_cap c = sim("duel --seats bot:heuristic,bot:random --games 200 --seed 5 --threads 2 "
                    "--json --no-progress");
    KT_EQ(c.rc, 0);
    KT_REQUIRE(c.out && c.out[0] == '{');
    KT_EQ(jnum(c.out, "games"), 200);
    KT_EQ(jnum(c.out, "players"), 2);
    char *name = kt_json_at(c.out, "seats.0.name");
    KT_STREQ(name, "\"bot:heuristic\"");
    free(name);
    double w0 = jnum(c.out, "seats.0.wins"), w1 = jnum(c.out, "seats.1.wins");
    double ties = jnum(c.out, "ties"), fin = jnum(c.out, "finished");
    KT_EQ(fin, 200);
    KT_EQ(w0 + w1 + ties, fin); /* two players: every finished game is a win or a tie */
    KT_CHECK(fabs(jnum(c.out, "seats.0.win_rate") - w0 / 200) < 1e-5);
    KT_CHECK(jnum(c.out, "seats.0.win_ci.0") <= jnum(c.out, "seats.0.win_rate"));
    KT_CHECK(jnum(c.out, "seats.0.win_ci.1") >= jnum(c.out, "seats.0.win_rate"));
    KT_CHECK(jnum(c.out, "mean_turns") > 0);
    KT_CHECK(jnum(c.out, "games_per_s") > 0);
    KT_CHECK(jnum(c.out, "actions_per_s") > 0);
    /* positions add up to the same games */
    KT_EQ(jnum(c.out, "positions.0.wins") + jnum(c.out, "positions.1.wins") + ties, fin);
    /* the cheap-winning-card heuristic beats random play */
    KT_CHECK(w0 > w1);
    cli_cap_free(&c);
}

KT_TEST(sim_results_do_not_depend_on_the_thread_count)
{
    cli_cap a = sim("duel --seats heuristic,random,random --games 90 --seed 11 --threads 1 "
                    "--json");
    cli_cap b = sim("duel --seats heuristic,random,random --games 90 --seed 11 --threads 3 "
                    "--json");
    KT_EQ(a.rc, 0);
    KT_EQ(b.rc, 0);
    char *sa = cli_strip_timing(a.out), *sb = cli_strip_timing(b.out);
    KT_REQUIRE(sa && sb);
    KT_STREQ(sa, sb);
    /* a different seed gives a different experiment */
    cli_cap d = sim("duel --seats heuristic,random,random --games 90 --seed 12 --json");
    char *sd = cli_strip_timing(d.out);
    KT_CHECK(sd && strcmp(sa, sd) != 0);
    free(sa), free(sb), free(sd);
    cli_cap_free(&a), cli_cap_free(&b), cli_cap_free(&d);
}

KT_TEST(sim_seats_rotate_unless_fixed)
{
    cli_cap r = sim("duel --seats heuristic,random --games 40 --seed 3 --json");
    cli_cap f = sim("duel --seats heuristic,random --games 40 --seed 3 --json --fixed-seats");
    KT_EQ(r.rc, 0);
    KT_EQ(f.rc, 0);
    /* rotation: two lineups of 20 games; fixed: one of 40 */
    KT_EQ(jnum(r.out, "raw.lineups.0.games"), 20);
    KT_EQ(jnum(r.out, "raw.lineups.1.games"), 20);
    KT_EQ(jnum(f.out, "raw.lineups.0.games"), 40);
    char *l1 = kt_json_at(f.out, "raw.lineups.1");
    KT_CHECK(l1 == NULL);
    free(l1);
    /* with fixed seats the heuristic is always position 1 */
    KT_EQ(jnum(f.out, "seats.0.wins"), jnum(f.out, "positions.0.wins"));
    cli_cap_free(&r), cli_cap_free(&f);
}

KT_TEST(sim_one_spec_fills_every_seat)
{
    cli_cap c = sim("duel --seats bot:random --players 3 --games 30 --seed 1 --json");
    KT_EQ(c.rc, 0);
    KT_EQ(jnum(c.out, "players"), 3);
    char *s2 = kt_json_at(c.out, "seats.2.name");
    KT_STREQ(s2, "\"bot:random#3\"");
    free(s2);
    cli_cap_free(&c);
}

KT_TEST(sim_turn_limit_games_are_unfinished_never_wins)
{
    cli_cap c = sim("duel --seats heuristic,random --games 50 --seed 2 -o turn_limit=2 --json");
    KT_EQ(c.rc, 0);
    KT_EQ(jnum(c.out, "unfinished"), 50);
    KT_EQ(jnum(c.out, "finished"), 0);
    KT_EQ(jnum(c.out, "seats.0.wins"), 0);
    KT_EQ(jnum(c.out, "seats.1.wins"), 0);
    KT_EQ(jnum(c.out, "seats.0.unfinished"), 50);
    KT_EQ(jnum(c.out, "ties"), 0);
    char *mt = kt_json_at(c.out, "mean_turns");
    KT_STREQ(mt, "null");
    free(mt);
    /* some finished, some not: only finished games count as wins */
    cli_cap t = sim("duel --seats heuristic,random --games 50 --seed 2 --json");
    KT_EQ(jnum(t.out, "unfinished"), 0);
    cli_cap_free(&c), cli_cap_free(&t);
}

KT_TEST(sim_text_csv_and_svg_outputs)
{
    char svg[64];
    cli_tmpname(svg, sizeof svg);
    char args[256];
    snprintf(args, sizeof args, "duel --seats heuristic,mcts:iters=50 --games 20 --seed 4 --svg %s",
             svg);
    cli_cap t = sim(args);
    KT_EQ(t.rc, 0);
    KT_CHECK(t.out && strstr(t.out, "win rate [95% CI]") && strstr(t.out, "position 2") &&
             strstr(t.out, "games/s"));
    char *s = cli_read_file(svg, NULL);
    KT_CHECK(s && !strncmp(s, "<?xml", 5) && strstr(s, "<svg") && strstr(s, "</svg>") &&
             strstr(s, "Win rate by seat") && strstr(s, "Game length"));
    free(s);
    remove(svg);
    cli_cap c = sim("duel --seats heuristic,random --games 20 --seed 4 --csv");
    KT_EQ(c.rc, 0);
    KT_CHECK(c.out && !strncmp(c.out, "kind,name,games,wins,win_rate", 29));
    int lines = 0, commas_first = -1, bad = 0;
    for (const char *p = c.out; p && *p;) {
        const char *e = strchr(p, '\n');
        if (!e)
            break;
        int commas = 0;
        for (const char *q = p; q < e; q++)
            commas += *q == ',';
        if (commas_first < 0)
            commas_first = commas;
        bad |= commas != commas_first;
        lines++;
        p = e + 1;
    }
    KT_EQ(lines, 1 + 2 + 2 + 1); /* header, 2 seats, 2 positions, all */
    KT_CHECK(!bad);
    cli_cap_free(&t), cli_cap_free(&c);
}

static void expect_err(kt_t *T, const char *args, const char *needle)
{
    cli_cap c = sim(args);
    KT_EQ(c.rc, 2);
    if (!c.err || !strstr(c.err, needle))
        KT_FAIL("'%s': error does not mention '%s': %s", args, needle, c.err ? c.err : "");
    KT_CHECK(c.out && c.out[0] == '\0'); /* nothing printed as a result */
    cli_cap_free(&c);
}

KT_TEST(sim_bad_options_give_clear_errors)
{
    expect_err(T, "duel --games 10", "--seats is required");
    expect_err(T, "duel --seats random,random --games 0", "--games");
    expect_err(T, "duel --seats random,random --games ten", "--games");
    expect_err(T, "duel --seats random,random --threads 0", "--threads");
    expect_err(T, "duel --seats human,random", "not a bot");
    expect_err(T, "duel --seats random,bmu", "unknown bot 'bmu'");
    expect_err(T, "duel --seats random,mcts:c=x", "'c'");
    expect_err(T, "duel --seats random,random --players 3", "2 seats but there are 3 players");
    expect_err(T, "duel --seats random,random --shard 1/2", "add --json");
    expect_err(T, "duel --seats random,random --shard 0/2 --json", "numbered from 1");
    expect_err(T, "duel --seats random,random --shard 3/2 --json", "--shard");
    expect_err(T, "duel --seats random,random --shard x --json", "I/N");
    expect_err(T, "duel --seats random,random --json --csv", "one of --json and --csv");
    expect_err(T, "duel --seats random,random -o hand=9", "hand");
    cli_cap x = sim("duel --seats random,random --frobnicate"); /* util.c reports it */
    KT_EQ(x.rc, 2);
    cli_cap_free(&x);
    cli_cap u = cli_run(sim_main, "sim", "nosuchgame --seats random", NULL);
    KT_EQ(u.rc, 2);
    KT_CHECK(u.err && strstr(u.err, "unknown game 'nosuchgame'"));
    cli_cap_free(&u);
}

/* ---- statistics ---- */

KT_TEST(stats_wilson_interval)
{
    double lo, hi;
    st_wilson(50, 100, &lo, &hi);
    KT_CHECK(fabs(lo - 0.4038) < 1e-3 && fabs(hi - 0.5962) < 1e-3);
    st_wilson(0, 10, &lo, &hi);
    KT_CHECK(lo == 0 && hi > 0.25 && hi < 0.35);
    st_wilson(10, 10, &lo, &hi);
    KT_CHECK(hi == 1 && lo > 0.65 && lo < 0.75);
    st_wilson(0, 0, &lo, &hi);
    KT_CHECK(lo == 0 && hi == 1);
}

KT_TEST(stats_bradley_terry_two_players_matches_the_closed_form)
{
    /* 75 wins to 25: with one virtual tie the estimate is the log-odds of
     * 75.5 : 25.5, split evenly around 0; the standard error follows from
     * the binomial information n p (1 - p) of the difference */
    double wins[4] = {0, 75, 25, 0}, games[4] = {0, 100, 100, 0}, r[2], se[2];
    KT_EQ(st_bradley_terry(2, wins, games, 1.0, r, se), 0);
    double scale = 400 / log(10), d = scale * log(75.5 / 25.5);
    KT_CHECK(fabs(r[0] - d / 2) < 0.01 && fabs(r[1] + d / 2) < 0.01);
    double p = 75.5 / 101, sd = scale * sqrt(1 / (101 * p * (1 - p))) / 2;
    KT_CHECK(fabs(se[0] - sd) < 0.01 && fabs(se[1] - sd) < 0.01);
    KT_CHECK(fabs(st_elo_expect(d) - p) < 1e-9);
}

KT_TEST(stats_bradley_terry_orders_three_players_and_stays_finite)
{
    /* a beats everyone always, b beats c 60:40 */
    double wins[9] = {0, 50, 50, 0, 0, 30, 0, 20, 0};
    double games[9] = {0, 50, 50, 50, 0, 50, 50, 50, 0};
    double r[3], se[3];
    KT_EQ(st_bradley_terry(3, wins, games, 1.0, r, se), 0);
    KT_CHECK(r[0] > r[1] && r[1] > r[2]);
    KT_CHECK(isfinite(r[0]) && se[0] > 0 && isfinite(se[0]));
    KT_CHECK(fabs(r[0] + r[1] + r[2]) < 1e-6); /* mean zero */
}

/* The text of every <text> element of an SVG, in order, one per line. */
static void svg_texts(const char *svg, char *out, size_t cap)
{
    size_t n = 0;
    for (const char *p = svg; (p = strstr(p, "<text")) != NULL;) {
        const char *s = strchr(p, '>'), *e = s ? strstr(s, "</text>") : NULL;
        if (!e)
            break;
        for (s++; s < e && n + 2 < cap; s++)
            out[n++] = *s;
        out[n++] = '\n';
        p = e;
    }
    out[n] = 0;
}

KT_TEST(svg_paragraph_wraps_a_long_options_line_at_list_separators)
{
    const char *sub = "2-player games, 10 per matchup, seed 1, options: kingdom=Moat,Secluded "
                      "Shrine,Village,Abundance,Gardens,Harbor Village,Mapmaker,Militia,Poacher,"
                      "Tools;events=Peril,Invasion;traits=Cheap:Village";
    int counted = svg_paragraph(NULL, 0, 0, 11, 14, NULL, 300, sub);
    kt_buf b;
    kt_buf_init(&b);
    int drawn = svg_paragraph(&b, 20, 50, 11, 14, "#666666", 300, sub);
    KT_EQ(counted, drawn);
    KT_CHECK(drawn >= 4); /* 300 px hold about 45 characters of 11 px text */
    char texts[2048], joined[2048] = "", want[2048];
    svg_texts(b.p, texts, sizeof texts);
    int lines = 0;
    for (char *line = strtok(texts, "\n"); line; line = strtok(NULL, "\n"), lines++) {
        KT_CHECK(kt_utf8_width(line) <= (size_t)(300 / (11 * 0.6)));
        strcat(joined, line);
    }
    KT_EQ(lines, drawn);
    /* nothing lost or reordered but the spaces at the breaks */
    size_t k = 0;
    for (const char *p = sub; *p; p++)
        if (*p != ' ')
            want[k++] = *p;
    want[k] = 0;
    k = 0;
    for (const char *p = joined; *p; p++)
        if (*p != ' ')
            joined[k++] = *p;
    joined[k] = 0;
    KT_STREQ(joined, want);
    /* card names with spaces stay whole when a separator is near the end */
    KT_CHECK(!strstr(texts, "Secluded\n") && !strstr(b.p, ">Shrine"));
    kt_buf_free(&b);
    /* a short line is one line */
    KT_EQ(svg_paragraph(NULL, 0, 0, 11, 14, NULL, 780, "2 players, seed 3"), 1);
}

KT_TEST(svg_histogram_ticks_are_round_whole_numbers)
{
    /* a peak of 9 gave ticks 0, 2, 4, 7, 9 (quarters of the peak, rounded) */
    uint64_t counts[6] = {3, 9, 4, 0, 1, 2};
    svg_hist h = {"Game length", "turns", 14, 6, counts, 15.2};
    kt_buf b;
    kt_buf_init(&b);
    svg_draw_hist(&b, 0, 0, 600, &h);
    char texts[4096];
    svg_texts(b.p, texts, sizeof texts);
    KT_CHECK(strstr(texts, "\n0\n2\n4\n6\n8\n10\n") != NULL);
    KT_CHECK(!strstr(texts, "\n7\n") && !strstr(texts, "\n9\n"));
    kt_buf_free(&b);
    /* small counts: a tick per game */
    uint64_t few[3] = {1, 2, 1};
    svg_hist s = {"Game length", "turns", 20, 3, few, 21};
    kt_buf_init(&b);
    svg_draw_hist(&b, 0, 0, 600, &s);
    svg_texts(b.p, texts, sizeof texts);
    KT_CHECK(strstr(texts, "\n0\n1\n2\n") != NULL);
    kt_buf_free(&b);
}
