/*
 * rating.c - ratings per game for accounts (docs/server.md, "Ratings").
 *
 * Elo, generalised to several players pairwise (as Board Game Arena does
 * for its multi-player games): every pair of players in a game counts as
 * one two-player match decided by their final places, and each player's
 * change is the sum over the others scaled by K / (n - 1):
 *
 *   E_ij = 1 / (1 + 10^((R_j - R_i) / 400))        expected score of i against j
 *   S_ij = 1 if i placed above j, 1/2 if level, 0 if below
 *   R_i' = R_i + K / (n - 1) * sum over j != i of (S_ij - E_ij)
 *
 * With two players this is plain Elo.  K = 32; every account starts at
 * 1500, the strength of each game's medium bot.  Why pairwise Elo and not
 * TrueSkill: it needs nothing but the places, one number per player that a
 * player can check by hand, and it is what the players of these games know
 * from Board Game Arena; TrueSkill's uncertainty would help new accounts
 * converge faster, at the price of a model nobody can follow.
 *
 * Bots take part with fixed ratings that never change: calibrated per game
 * by kontor's own tournaments (the figures and commands are below and in
 * docs/server.md) and anchored so that the medium level is 1500.  So a
 * player who beats the medium bot half the time settles near 1500.
 *
 * Which games are rated: created as rated (the page asks; only players who
 * are logged in may create one), every seat an account or a bot whose
 * rating is known, at least one account, ended by the game's rules or by a
 * player running out of time, and no move taken back (rated games refuse
 * undo).  A seat that ran out of time ranks below every other seat
 * whatever its score.  Every finished game with an account seat gets a
 * result row (rated or not) for the profile.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/srv_int.h"

#define ELO_K 32.0
#define START_RATING 1500.0

/* Fixed ratings of the bots: Bradley-Terry ratings (Elo scale) of kontor's
 * own round robins (`kontor tournament`, one thread; commands, scores and
 * intervals in docs/server.md, "Ratings"; scripts/calibrate-bots.sh),
 * shifted so that each game's medium level is 1500.  A level and the bot it
 * names have the same number.  Measured 2026-11-29:
 *   dominion  random,bmu,heuristic 60 games/pair: +361 -> 1500, +206, -566
 *   mp2       random,heuristic 40 games:          +382 -> 1500, -382
 *   anno1701  random,heuristic 60 games:          +417 -> 1500, -417
 *   fwm       random,heuristic 60 games:          +274 -> 1500, -274
 *   catan     random,heuristic,mcts:time=100 (3 players) 12 games per seating:
 *             +272 -> 1500, +112, -384
 * The hard level (mcts:time=1000, searching 1 s a decision) against the
 * medium one, seed 2, CPU time (clock=cpu):
 *   dominion  6 games at its own 1000 ms: 6-0, +446 over heuristic
 *   mp2       12 games at its own 1000 ms: 11-1, +354 over heuristic
 *   anno1701  12 games at its own 1000 ms: 12-0, +560 (a sweep: the
 *             tournament's prior keeps the figure finite)
 *   fwm       12 games at 100 ms (a tenth of its search, because a game of
 *             about 140 hard decisions takes most of an hour here): 10-2,
 *             +250, a lower bound (`bound`)
 *   catan     12 3-player games at its own 1000 ms with the easy and medium
 *             levels, seed 4: +131 over the medium level (70.8 % against it)
 *             -> 1631, measured at the bot's real budget (not a bound). */
typedef struct bot_rating {
    const char *game, *spec;
    double rating;
    int bound; /* measured with less search than the bot has: a lower bound */
} bot_rating;

static const bot_rating bot_ratings[] = {
    {.game = "dominion", .spec = "random", .rating = 573},
    {.game = "dominion", .spec = "easy", .rating = 1345},
    {.game = "dominion", .spec = "bmu", .rating = 1345},
    {.game = "dominion", .spec = "medium", .rating = 1500},
    {.game = "dominion", .spec = "heuristic", .rating = 1500},
    {.game = "mp2", .spec = "random", .rating = 736},
    {.game = "mp2", .spec = "easy", .rating = 736},
    {.game = "mp2", .spec = "medium", .rating = 1500},
    {.game = "mp2", .spec = "heuristic", .rating = 1500},
    {.game = "anno1701", .spec = "random", .rating = 666},
    {.game = "anno1701", .spec = "easy", .rating = 666},
    {.game = "anno1701", .spec = "medium", .rating = 1500},
    {.game = "anno1701", .spec = "heuristic", .rating = 1500},
    {.game = "fwm", .spec = "random", .rating = 952},
    {.game = "fwm", .spec = "easy", .rating = 952},
    {.game = "fwm", .spec = "medium", .rating = 1500},
    {.game = "fwm", .spec = "heuristic", .rating = 1500},
    {.game = "catan", .spec = "random", .rating = 844},
    {.game = "catan", .spec = "easy", .rating = 1340},
    {.game = "catan", .spec = "heuristic", .rating = 1340},
    {.game = "catan", .spec = "medium", .rating = 1500},
    {.game = "catan", .spec = "mcts:time=100", .rating = 1500},
    {.game = "dominion", .spec = "hard", .rating = 1946},
    {.game = "dominion", .spec = "mcts:time=1000", .rating = 1946},
    {.game = "mp2", .spec = "hard", .rating = 1854},
    {.game = "mp2", .spec = "mcts:time=1000", .rating = 1854},
    {.game = "anno1701", .spec = "hard", .rating = 2060},
    {.game = "anno1701", .spec = "mcts:time=1000", .rating = 2060},
    {.game = "fwm", .spec = "hard", .rating = 1750, .bound = 1},
    {.game = "fwm", .spec = "mcts:time=1000", .rating = 1750, .bound = 1},
    {.game = "catan", .spec = "hard", .rating = 1631},
    {.game = "catan", .spec = "mcts:time=1000", .rating = 1631},
};

static const bot_rating *find_bot(const char *game, const char *spec)
{
    for (size_t i = 0; i < sizeof bot_ratings / sizeof *bot_ratings; i++)
        if (!strcmp(bot_ratings[i].game, game) && !strcmp(bot_ratings[i].spec, spec))
            return &bot_ratings[i];
    return NULL;
}

double srv_bot_rating(const char *game, const char *spec)
{
    const bot_rating *b = find_bot(game, spec);
    return b ? b->rating : -1;
}

int srv_bot_rating_is_bound(const char *game, const char *spec)
{
    const bot_rating *b = find_bot(game, spec);
    return b && b->bound;
}

void srv_elo(int n, const double *r, const int *rank, const int *fixed, double k, double *out)
{
    for (int i = 0; i < n; i++) {
        out[i] = r[i];
        if (fixed[i] || n < 2)
            continue;
        double sum = 0;
        for (int j = 0; j < n; j++) {
            if (j == i)
                continue;
            double e = 1.0 / (1.0 + pow(10.0, (r[j] - r[i]) / 400.0));
            double sc = rank[i] < rank[j] ? 1.0 : rank[i] == rank[j] ? 0.5 : 0.0;
            sum += sc - e;
        }
        out[i] = r[i] + k / (n - 1) * sum;
    }
}

int srv_rating_possible(const sgame *g)
{
    int accounts = 0;
    for (int p = 0; p < g->row.players; p++) {
        const srv_seat_row *s = &g->row.seats[p];
        int replaced = s->bot && ((g->row.forfeit >> p) & 1u); /* its account lost on time */
        if (s->account)
            accounts++;
        else if (!s->bot || replaced || srv_bot_rating(g->row.game, s->spec) < 0)
            return 0;
    }
    return accounts > 0;
}

/* Places at the end: the game's own ranks when it ended by its rules, all
 * level when a forfeit stopped it; a seat that ran out of time below all. */
static void final_ranks(const sgame *g, int *rank)
{
    int n = g->row.players;
    kt_result res;
    memset(&res, 0, sizeof res);
    int by_rules = g->S && kt_is_over(kt_session_game(g->S), kt_session_state(g->S));
    if (by_rules)
        kt_result_get(kt_session_game(g->S), kt_session_state(g->S), &res);
    for (int p = 0; p < n; p++) {
        rank[p] = by_rules ? res.rank[p] : 0;
        if ((g->row.forfeit >> p) & 1u)
            rank[p] = KT_MAX_PLAYERS; /* last */
    }
}

void srv_rating_game_over(srv *S, sgame *g)
{
    if (g->rating_done || g->row.over != SRV_FINISHED)
        return;
    g->rating_done = 1;
    int n = g->row.players, rank[SRV_SEATS] = {0}, fixed[SRV_SEATS] = {0}, acc = 0;
    double r[SRV_SEATS] = {0}, out[SRV_SEATS] = {0};
    if (n < 1 || n > SRV_SEATS)
        return;
    srv_rating_row rows[SRV_SEATS];
    srv_result_row res[SRV_SEATS];
    int rated = g->row.rated && srv_rating_possible(g);
    final_ranks(g, rank);
    for (int p = 0; p < n; p++) {
        const srv_seat_row *s = &g->row.seats[p];
        fixed[p] = !s->account;
        r[p] = START_RATING;
        if (s->account) {
            srv_rating_row *row = &rows[acc];
            int got = srv_store_rating_get(S->st, s->account, g->row.game, row);
            if (got < 0) {
                srv_log(S, "game %s: ratings not updated: %s", g->row.id, SRV_STORE_ERROR(S->st));
                return;
            }
            if (!got) {
                memset(row, 0, sizeof *row);
                row->account = s->account;
                snprintf(row->game, sizeof row->game, "%s", g->row.game);
                row->rating = START_RATING;
            }
            r[p] = row->rating;
            acc++;
        } else if (s->bot) {
            double b = srv_bot_rating(g->row.game, s->spec);
            r[p] = b >= 0 ? b : START_RATING;
        }
    }
    srv_elo(n, r, rank, fixed, ELO_K, out);
    int k = 0, best = KT_MAX_PLAYERS + 1, firsts = 0;
    for (int p = 0; p < n; p++)
        best = rank[p] < best ? rank[p] : best;
    for (int p = 0; p < n; p++)
        firsts += rank[p] == best;
    for (int p = 0; p < n; p++) {
        const srv_seat_row *s = &g->row.seats[p];
        if (!s->account)
            continue;
        srv_result_row *x = &res[k];
        memset(x, 0, sizeof *x);
        snprintf(x->game_id, sizeof x->game_id, "%s", g->row.id);
        x->seat = p;
        x->account = s->account;
        x->rank = rank[p];
        x->rated = rated;
        x->before = r[p];
        x->after = rated ? out[p] : r[p];
        srv_rating_row *row = &rows[k];
        row->rating = x->after;
        row->games++;
        if (rank[p] == best && firsts == 1)
            row->wins++;
        else if (rank[p] == best)
            row->draws++;
        else
            row->losses++;
        k++;
    }
    if (!srv_store_game_results(S->st, res, k, rows, rated ? k : 0))
        srv_log(S, "game %s: results not stored: %s", g->row.id, SRV_STORE_ERROR(S->st));
}
