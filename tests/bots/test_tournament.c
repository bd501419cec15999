/*
 * test_tournament.c - `kontor tournament` on the test-only game "duel":
 * the round-robin schedule (every combination, every seating), pairwise
 * totals, ratings, outputs and errors.  Compiles tournament.c into the test
 * binary (see cli_run.h).
 */
#include "../../src/cli/tournament.c"

#include "../harness.h"
#include "cli_run.h"
#include "duel.h"

static cli_cap tour(const char *args)
{
    return cli_run(tour_main, "tournament", args, &kt_test_duel_games);
}

static double jnum(const char *json, const char *path)
{
    char *v = kt_json_at(json, path);
    double d = v ? atof(v) : NAN;
    free(v);
    return d;
}

KT_TEST(tournament_plays_every_seating_of_every_matchup)
{
    cli_cap c = tour("duel --bots heuristic,random,mcts:iters=30 --games 10 --seed 8 --json");
    KT_EQ(c.rc, 0);
    KT_REQUIRE(c.out && c.out[0] == '{');
    KT_EQ(jnum(c.out, "games"), 30);           /* 3 pairs x 10 */
    KT_EQ(jnum(c.out, "seatings_per_matchup"), 2);
    for (int l = 0; l < 6; l++) { /* 3 pairs x 2 seatings, 5 games each */
        char path[64];
        snprintf(path, sizeof path, "raw.lineups.%d.games", l);
        KT_EQ(jnum(c.out, path), 5);
    }
    /* each pair played 10 games; wins + ties add up */
    for (int k = 0; k < 3; k++) {
        char p[64], q[64], t[64], g[64];
        snprintf(g, sizeof g, "pairs.%d.games", k);
        snprintf(p, sizeof p, "pairs.%d.a_wins", k);
        snprintf(q, sizeof q, "pairs.%d.b_wins", k);
        snprintf(t, sizeof t, "pairs.%d.ties", k);
        KT_EQ(jnum(c.out, g), 10);
        KT_EQ(jnum(c.out, p) + jnum(c.out, q) + jnum(c.out, t), 10);
    }
    /* every bot sat first equally often: position totals cover all games */
    KT_EQ(jnum(c.out, "positions.0.wins") + jnum(c.out, "positions.1.wins") + jnum(c.out, "ties"),
          30);
    double r0 = jnum(c.out, "bots.0.rating"), r1 = jnum(c.out, "bots.1.rating"),
           r2 = jnum(c.out, "bots.2.rating");
    KT_CHECK(fabs(r0 + r1 + r2) < 0.01);
    KT_CHECK(jnum(c.out, "bots.0.rating_ci.0") < r0 && jnum(c.out, "bots.0.rating_ci.1") > r0);
    cli_cap_free(&c);
}

KT_TEST(tournament_ratings_rank_the_heuristic_above_random)
{
    cli_cap c = tour("duel --bots random,heuristic --games 300 --seed 21 --json");
    KT_EQ(c.rc, 0);
    double rr = jnum(c.out, "bots.0.rating"), rh = jnum(c.out, "bots.1.rating");
    KT_CHECK(rh > rr);
    /* the pair's score and its interval are on the heuristic's side */
    KT_CHECK(jnum(c.out, "pairs.0.a_score_ci.1") < 0.5); /* a = random */
    cli_cap_free(&c);
}

KT_TEST(tournament_three_player_games_and_outputs)
{
    char svg[64];
    cli_tmpname(svg, sizeof svg);
    char args[256];
    snprintf(args, sizeof args,
             "duel --bots heuristic,random,mcts:iters=20,random --players 3 --games 6 --seed 2 "
             "--svg %s",
             svg);
    cli_cap t = tour(args);
    KT_EQ(t.rc, 0);
    /* 4 combinations of 3 bots, 6 seatings each; duplicate specs get labels */
    KT_CHECK(t.out && strstr(t.out, "24 games") && strstr(t.out, "random#2") &&
             strstr(t.out, "First seat"));
    char *s = cli_read_file(svg, NULL);
    KT_CHECK(s && strstr(s, "<svg") && strstr(s, "</svg>") && strstr(s, "Bradley-Terry") &&
             strstr(s, "Score of row against column"));
    free(s);
    remove(svg);
    cli_cap c = tour("duel --bots heuristic,random --games 4 --seed 2 --csv");
    KT_EQ(c.rc, 0);
    KT_CHECK(c.out && !strncmp(c.out, "kind,bot,opponent,games", 23) && strstr(c.out, "\npair,") &&
             strstr(c.out, "\nposition,"));
    cli_cap_free(&t), cli_cap_free(&c);
}

KT_TEST(tournament_bad_options_give_clear_errors)
{
    static const char *const cases[][2] = {
        {"duel --games 5", "--bots is required"},
        {"duel --bots random", "tournament of 2-player games needs at least 2 different bots (got 1)"},
        {"duel --bots random,heuristic --players 3", "at least 3 different bots"},
        {"duel --bots random,nobot", "unknown bot 'nobot'"},
        {"duel --bots random,heuristic --games -1", "--games"},
        {"duel --bots random,heuristic --shard 2/2", "add --json"},
        {"duel --bots random,heuristic --players 5", "2 to 4 players"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cli_cap c = tour(cases[i][0]);
        KT_EQ(c.rc, 2);
        if (!c.err || !strstr(c.err, cases[i][1]))
            KT_FAIL("'%s': error does not mention '%s': %s", cases[i][0], cases[i][1],
                    c.err ? c.err : "");
        cli_cap_free(&c);
    }
}
