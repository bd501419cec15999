/*
 * tournament.c - `kontor tournament GAME --bots a,b,c --games N`: round
 * robin between bots.
 *
 * Every combination of `players` distinct bots (a matchup) plays N games,
 * cycling through all players! seatings, so every bot meets every other in
 * every seat order (runner.h describes the schedule and seeds).  From the
 * per-lineup counters the report derives:
 *   - pairwise results: for bots i, j the games they played together, in
 *     how many i ranked above j, below, level; score = (wins + ties/2) /
 *     games with a Wilson 95% interval (multi-player games contribute one
 *     comparison per pair of bots in them);
 *   - Bradley-Terry ratings on the Elo scale from all pairwise results, with
 *     95% intervals from the Fisher information (stats.h);
 *   - win rate by position (the first-seat advantage) against the fair share
 *     1/players; mean length; speed and time per decision per bot.
 * Output: a text table, --json (with what `kontor merge` needs), --csv, and
 * --svg charts (score matrix heat map, rating bars, seat bars, lengths).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "runner.h"
#include "stats.h"
#include "svg.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: kontor tournament GAME --bots A,B[,C...] [--games N] [--players P]\n"
            "                 [--seed S] [--threads T] [--shard I/N] [--json | --csv]\n"
            "                 [--svg FILE] [--setup fresh|fixed] [--rows FILE]\n"
            "                 [--cards FILE] [--no-progress] [game options]\n\n"
            "Round robin: every combination of P different bots (P = players, default 2)\n"
            "plays N games (default 100), cycling through all seatings.  Reports pairwise\n"
            "scores with 95%% confidence intervals, Bradley-Terry ratings (Elo scale, with\n"
            "95%% intervals), the first-seat advantage, game length and speed.\n"
            "Bots are specs such as random, heuristic, mcts:time=100 (a bot: prefix is\n"
            "accepted).  --shard I/N plays one slice of the games (with --json) for\n"
            "kontor merge.  --setup, --rows and --cards work as in kontor sim: a fresh\n"
            "random setup for every game where the setup has random parts, one row per\n"
            "game (.csv or .jsonl), Dominion card statistics (.csv, .json, .svg, text).\n");
}

typedef struct tour_fig {
    int n;
    double *games, *wins, *ties, *turns, *fin; /* n*n pairwise */
    double *rating, *se;
    rn_tot pos[KT_MAX_PLAYERS], ent[RN_MAX_ENTRIES];
    rn_counts all;
    double mean, sd, half;
    char *const *labels;
} tour_fig;

static void fig_free(tour_fig *f)
{
    free(f->games);
    free(f->wins);
    free(f->ties);
    free(f->turns);
    free(f->fin);
    free(f->rating);
    free(f->se);
}

static int figures(const rn_exp *e, const rn_result *r, tour_fig *f)
{
    int n = e->nentries;
    size_t nn = (size_t)n * (size_t)n;
    memset(f, 0, sizeof *f);
    f->n = n;
    f->games = malloc(sizeof(double) * nn);
    f->wins = malloc(sizeof(double) * nn);
    f->ties = malloc(sizeof(double) * nn);
    f->turns = malloc(sizeof(double) * nn);
    f->fin = malloc(sizeof(double) * nn);
    f->rating = malloc(sizeof(double) * (size_t)n);
    f->se = malloc(sizeof(double) * (size_t)n);
    if (!f->games || !f->wins || !f->ties || !f->turns || !f->fin || !f->rating || !f->se)
        return -1;
    rn_pair_totals(e, r, f->games, f->wins, f->ties, f->turns, f->fin);
    rn_position_totals(e, r, f->pos);
    rn_entry_totals(e, r, f->ent);
    rn_total(e, r, &f->all);
    rn_lengths(&f->all, &f->mean, &f->sd, &f->half);
    /* ratings from decided comparisons: a tie is half a win each */
    double *pts = malloc(sizeof(double) * nn);
    if (!pts)
        return -1;
    for (size_t k = 0; k < nn; k++)
        pts[k] = f->wins[k] + f->ties[k] / 2;
    int rc = st_bradley_terry(n, pts, f->fin, 1.0, f->rating, f->se);
    free(pts);
    return rc;
}

static double score_of(const tour_fig *f, int i, int j)
{
    int k = i * f->n + j;
    return f->games[k] > 0 ? (f->wins[k] + f->ties[k] / 2) / f->games[k] : NAN;
}

static void score_ci(const tour_fig *f, int i, int j, double *lo, double *hi)
{
    int k = i * f->n + j;
    st_wilson(f->wins[k] + f->ties[k] / 2, f->games[k], lo, hi);
}

/* A bot's overall score against everyone it met. */
static double overall(const tour_fig *f, int i, double *games)
{
    double g = 0, s = 0;
    for (int j = 0; j < f->n; j++) {
        int k = i * f->n + j;
        g += f->games[k];
        s += f->wins[k] + f->ties[k] / 2;
    }
    *games = g;
    return g > 0 ? s / g : 0;
}

static double ms_per_decision(const rn_result *r, int i)
{
    return r->choose_n[i] ? r->choose_s[i] * 1e3 / (double)r->choose_n[i] : 0;
}

/* Bots ordered by rating, best first. */
static void rank_order(const tour_fig *f, int *ord)
{
    for (int i = 0; i < f->n; i++)
        ord[i] = i;
    for (int i = 1; i < f->n; i++)
        for (int j = i; j > 0 && f->rating[ord[j]] > f->rating[ord[j - 1]]; j--) {
            int t = ord[j];
            ord[j] = ord[j - 1];
            ord[j - 1] = t;
        }
}

static void jw_pair(kt_jw *w, double a, double b)
{
    kt_jw_arr(w);
    kt_jw_num(w, a);
    kt_jw_num(w, b);
    kt_jw_arr_end(w);
}

static void write_json(const rn_exp *e, const rn_result *r, const tour_fig *f, kt_buf *b)
{
    kt_jw w;
    kt_jw_init(&w, b);
    kt_jw_obj(&w);
    kt_jw_kstr(&w, "command", "tournament");
    kt_jw_kstr(&w, "game", e->game);
    kt_jw_kstr(&w, "options", e->options);
    kt_jw_kstr(&w, "setup", e->fresh ? "fresh" : "fixed");
    kt_jw_kint(&w, "players", e->players);
    kt_jw_key(&w, "seed");
    rn_json_u64(&w, e->seed);
    kt_jw_key(&w, "games");
    rn_json_u64(&w, r->games);
    kt_jw_key(&w, "games_per_matchup");
    rn_json_u64(&w, e->per_matchup);
    kt_jw_kint(&w, "seatings_per_matchup", e->nperms);
    kt_jw_key(&w, "bots");
    kt_jw_arr(&w);
    for (int i = 0; i < f->n; i++) {
        double g, sc = overall(f, i, &g), lo, hi;
        st_wilson(sc * g, g, &lo, &hi);
        kt_jw_obj(&w);
        kt_jw_kstr(&w, "name", f->labels[i]);
        kt_jw_kstr(&w, "spec", e->specs[i]);
        kt_jw_knum(&w, "rating", f->rating[i]);
        kt_jw_knum(&w, "rating_se", f->se[i]);
        kt_jw_key(&w, "rating_ci");
        jw_pair(&w, f->rating[i] - ST_Z95 * f->se[i], f->rating[i] + ST_Z95 * f->se[i]);
        kt_jw_key(&w, "games");
        rn_json_u64(&w, f->ent[i].games);
        kt_jw_key(&w, "wins");
        rn_json_u64(&w, f->ent[i].sole);
        kt_jw_knum(&w, "win_rate", f->ent[i].games ? (double)f->ent[i].sole / (double)f->ent[i].games : 0);
        kt_jw_key(&w, "ties");
        rn_json_u64(&w, f->ent[i].shared);
        kt_jw_knum(&w, "score", sc);
        kt_jw_key(&w, "score_ci");
        jw_pair(&w, lo, hi);
        kt_jw_knum(&w, "decision_ms", ms_per_decision(r, i));
        kt_jw_obj_end(&w);
    }
    kt_jw_arr_end(&w);
    kt_jw_key(&w, "pairs");
    kt_jw_arr(&w);
    for (int i = 0; i < f->n; i++)
        for (int j = i + 1; j < f->n; j++) {
            int k = i * f->n + j, kk = j * f->n + i;
            double lo, hi;
            score_ci(f, i, j, &lo, &hi);
            kt_jw_obj(&w);
            kt_jw_kstr(&w, "a", f->labels[i]);
            kt_jw_kstr(&w, "b", f->labels[j]);
            kt_jw_knum(&w, "games", f->games[k]);
            kt_jw_knum(&w, "a_wins", f->wins[k]);
            kt_jw_knum(&w, "b_wins", f->wins[kk]);
            kt_jw_knum(&w, "ties", f->ties[k]);
            kt_jw_knum(&w, "unfinished", f->games[k] - f->fin[k]);
            kt_jw_knum(&w, "a_score", score_of(f, i, j));
            kt_jw_key(&w, "a_score_ci");
            jw_pair(&w, lo, hi);
            kt_jw_key(&w, "mean_turns");
            if (f->fin[k] > 0)
                kt_jw_num(&w, f->turns[k] / f->fin[k]);
            else
                kt_jw_null(&w);
            kt_jw_obj_end(&w);
        }
    kt_jw_arr_end(&w);
    kt_jw_key(&w, "positions");
    kt_jw_arr(&w);
    for (int p = 0; p < e->players; p++) {
        double lo, hi, g = (double)f->pos[p].games;
        st_wilson((double)f->pos[p].sole, g, &lo, &hi);
        kt_jw_obj(&w);
        kt_jw_kint(&w, "position", p + 1);
        kt_jw_key(&w, "wins");
        rn_json_u64(&w, f->pos[p].sole);
        kt_jw_knum(&w, "win_rate", g > 0 ? (double)f->pos[p].sole / g : 0);
        kt_jw_key(&w, "win_ci");
        jw_pair(&w, lo, hi);
        kt_jw_key(&w, "ties");
        rn_json_u64(&w, f->pos[p].shared);
        kt_jw_obj_end(&w);
    }
    kt_jw_arr_end(&w);
    {
        double g = (double)f->pos[0].games, lo, hi;
        st_wilson((double)f->pos[0].sole, g, &lo, &hi);
        kt_jw_key(&w, "first_seat");
        kt_jw_obj(&w);
        kt_jw_knum(&w, "win_rate", g > 0 ? (double)f->pos[0].sole / g : 0);
        kt_jw_key(&w, "win_ci");
        jw_pair(&w, lo, hi);
        kt_jw_knum(&w, "fair_share", 1.0 / e->players);
        kt_jw_obj_end(&w);
    }
    kt_jw_key(&w, "ties");
    rn_json_u64(&w, f->all.tied);
    kt_jw_key(&w, "finished");
    rn_json_u64(&w, f->all.finished);
    kt_jw_key(&w, "unfinished");
    rn_json_u64(&w, r->games - f->all.finished);
    kt_jw_key(&w, "mean_turns");
    if (f->all.finished)
        kt_jw_num(&w, f->mean);
    else
        kt_jw_null(&w);
    kt_jw_knum(&w, "turns_sd", f->sd);
    kt_jw_key(&w, "turns_ci");
    jw_pair(&w, f->mean - f->half, f->mean + f->half);
    kt_jw_key(&w, "actions");
    rn_json_u64(&w, f->all.actions);
    kt_jw_knum(&w, "seconds", r->seconds);
    kt_jw_kint(&w, "threads", r->threads);
    kt_jw_knum(&w, "games_per_s", r->seconds > 0 ? (double)r->games / r->seconds : 0);
    kt_jw_knum(&w, "actions_per_s", r->seconds > 0 ? (double)f->all.actions / r->seconds : 0);
    rn_json_write(&w, e, r);
    kt_jw_obj_end(&w);
    kt_buf_putc(b, '\n');
}

static void csv_quote(kt_buf *b, const char *s)
{
    kt_buf_putc(b, '"');
    for (; *s; s++) {
        if (*s == '"')
            kt_buf_putc(b, '"');
        kt_buf_putc(b, *s);
    }
    kt_buf_putc(b, '"');
}

static void write_csv(const rn_exp *e, const rn_result *r, const tour_fig *f, kt_buf *b)
{
    kt_buf_puts(b, "kind,bot,opponent,games,wins,losses,ties,unfinished,score,score_lo,score_hi,"
                   "rating,rating_lo,rating_hi,mean_turns,decision_ms\n");
    int ord[RN_MAX_ENTRIES];
    rank_order(f, ord);
    for (int k = 0; k < f->n; k++) {
        int i = ord[k];
        double g, sc = overall(f, i, &g), lo, hi, w = 0, l = 0, t = 0, fin = 0;
        for (int j = 0; j < f->n; j++) {
            w += f->wins[i * f->n + j];
            l += f->wins[j * f->n + i];
            t += f->ties[i * f->n + j];
            fin += f->fin[i * f->n + j];
        }
        st_wilson(sc * g, g, &lo, &hi);
        kt_buf_puts(b, "bot,");
        csv_quote(b, f->labels[i]);
        kt_buf_printf(b, ",,%.0f,%.0f,%.0f,%.0f,%.0f,%.6f,%.6f,%.6f,%.2f,%.2f,%.2f,,%.6f\n", g, w,
                      l, t, g - fin, sc, lo, hi, f->rating[i],
                      f->rating[i] - ST_Z95 * f->se[i], f->rating[i] + ST_Z95 * f->se[i],
                      ms_per_decision(r, i));
    }
    for (int i = 0; i < f->n; i++)
        for (int j = 0; j < f->n; j++) {
            int k = i * f->n + j;
            if (i == j || f->games[k] <= 0)
                continue;
            double lo, hi;
            score_ci(f, i, j, &lo, &hi);
            kt_buf_puts(b, "pair,");
            csv_quote(b, f->labels[i]);
            kt_buf_putc(b, ',');
            csv_quote(b, f->labels[j]);
            kt_buf_printf(b, ",%.0f,%.0f,%.0f,%.0f,%.0f,%.6f,%.6f,%.6f,,,,", f->games[k],
                          f->wins[k], f->wins[j * f->n + i], f->ties[k], f->games[k] - f->fin[k],
                          score_of(f, i, j), lo, hi);
            if (f->fin[k] > 0)
                kt_buf_printf(b, "%.4f", f->turns[k] / f->fin[k]);
            kt_buf_puts(b, ",\n");
        }
    for (int p = 0; p < e->players; p++) {
        double lo, hi, g = (double)f->pos[p].games;
        st_wilson((double)f->pos[p].sole, g, &lo, &hi);
        kt_buf_printf(b, "position,\"position %d\",,%.0f,%llu,,%llu,%.0f,%.6f,%.6f,%.6f,,,,,\n",
                      p + 1, g, (unsigned long long)f->pos[p].sole,
                      (unsigned long long)f->pos[p].shared, g - (double)f->pos[p].finished,
                      g > 0 ? (double)f->pos[p].sole / g : 0, lo, hi);
    }
}

static void write_text(const rn_exp *e, const rn_result *r, const tour_fig *f, kt_buf *b)
{
    int lw = 8, ord[RN_MAX_ENTRIES];
    for (int i = 0; i < f->n; i++) {
        int l = (int)kt_utf8_width(f->labels[i]);
        lw = l > lw ? l : lw;
    }
    rank_order(f, ord);
    kt_buf_printf(b, "kontor tournament %s: %d bots, %d-player games, %llu games (%llu per "
                     "matchup over %d seating%s), seed %llu",
                  e->game, f->n, e->players, (unsigned long long)r->games,
                  (unsigned long long)e->per_matchup, e->nperms, e->nperms == 1 ? "" : "s",
                  (unsigned long long)e->seed);
    if (e->shard_n)
        kt_buf_printf(b, ", shard %d/%d", e->shard_i, e->shard_n);
    kt_buf_printf(b, "\noptions: %s\n", e->options[0] ? e->options : "(defaults)");
    rn_study_text(e, b);
    rn_setup_line(e, b);
    kt_buf_putc(b, '\n');
    kt_buf_printf(b, "Ratings (Bradley-Terry, Elo scale, mean 0; 95%% intervals):\n");
    kt_buf_printf(b, "  #  %-*s  %14s  %8s  %-22s  %11s\n", lw, "bot", "rating", "games",
                  "score [95% CI]", "ms/decision");
    for (int k = 0; k < f->n; k++) {
        int i = ord[k];
        double g, sc = overall(f, i, &g), lo, hi;
        st_wilson(sc * g, g, &lo, &hi);
        char rt[32];
        snprintf(rt, sizeof rt, "%+.0f +/- %.0f", f->rating[i], ST_Z95 * f->se[i]);
        char st[48];
        snprintf(st, sizeof st, "%.1f%% [%.1f-%.1f]", 100 * sc, 100 * lo, 100 * hi);
        kt_buf_printf(b, "%3d  %-*s  %14s  %8.0f  %-22s  %11s\n", k + 1, lw, f->labels[i], rt,
                      g, st, rn_ms_text(ms_per_decision(r, i)).s);
    }
    kt_buf_printf(b, "\nPairwise score of row against column, (wins + ties/2) / games:\n");
    kt_buf_printf(b, "  %-*s", lw, "");
    for (int k = 0; k < f->n; k++)
        kt_buf_printf(b, "  %21.21s", f->labels[ord[k]]);
    kt_buf_putc(b, '\n');
    for (int a = 0; a < f->n; a++) {
        int i = ord[a];
        kt_buf_printf(b, "  %-*s", lw, f->labels[i]);
        for (int c = 0; c < f->n; c++) {
            int j = ord[c];
            if (i == j || f->games[i * f->n + j] <= 0) {
                kt_buf_printf(b, "  %21s", "-");
                continue;
            }
            double lo, hi;
            score_ci(f, i, j, &lo, &hi);
            char cell[40];
            snprintf(cell, sizeof cell, "%.1f%% [%.1f-%.1f]", 100 * score_of(f, i, j), 100 * lo,
                     100 * hi);
            kt_buf_printf(b, "  %21s", cell);
        }
        kt_buf_putc(b, '\n');
    }
    double g0 = (double)f->pos[0].games, lo, hi;
    st_wilson((double)f->pos[0].sole, g0, &lo, &hi);
    kt_buf_printf(b, "\nFirst seat: won %.1f%% [%.1f-%.1f] of %.0f games alone (fair share "
                     "%.1f%%)",
                  g0 > 0 ? 100 * (double)f->pos[0].sole / g0 : 0, 100 * lo, 100 * hi, g0,
                  100.0 / e->players);
    for (int p = 1; p < e->players; p++) {
        double g = (double)f->pos[p].games;
        kt_buf_printf(b, "%s seat %d %.1f%%", p == 1 ? "; by position:" : ",", p + 1,
                      g > 0 ? 100 * (double)f->pos[p].sole / g : 0);
    }
    kt_buf_printf(b, "\nGames: %llu finished, %llu unfinished (turn limit), %llu with a shared "
                     "win\n",
                  (unsigned long long)f->all.finished,
                  (unsigned long long)(r->games - f->all.finished),
                  (unsigned long long)f->all.tied);
    if (f->all.finished)
        kt_buf_printf(b, "Length: %.2f turns on average (95%% CI %.2f-%.2f, sd %.2f)\n", f->mean,
                      f->mean - f->half, f->mean + f->half, f->sd);
    char rs[32], as[32];
    double s = r->seconds > 0 ? r->seconds : 1e-9;
    rn_human((double)r->games / s, rs, sizeof rs);
    rn_human((double)f->all.actions / s, as, sizeof as);
    kt_buf_printf(b, "Speed: %llu games in %.2f s = %s games/s, %s actions/s (%d thread%s)\n",
                  (unsigned long long)r->games, r->seconds, rs, as, r->threads,
                  r->threads == 1 ? "" : "s");
}

static int write_svg(const rn_exp *e, const rn_result *r, const tour_fig *f, const char *path,
                     FILE *err)
{
    int n = f->n, ord[RN_MAX_ENTRIES];
    rank_order(f, ord);
    const char *lab[RN_MAX_ENTRIES];
    double cell[RN_MAX_ENTRIES * RN_MAX_ENTRIES];
    char *text[RN_MAX_ENTRIES * RN_MAX_ENTRIES];
    char store[RN_MAX_ENTRIES * RN_MAX_ENTRIES][40];
    double rv[RN_MAX_ENTRIES], rlo[RN_MAX_ENTRIES], rhi[RN_MAX_ENTRIES];
    double lo_all = 0, hi_all = 0;
    for (int a = 0; a < n; a++) {
        int i = ord[a];
        lab[a] = f->labels[i];
        rv[a] = f->rating[i];
        rlo[a] = f->rating[i] - ST_Z95 * f->se[i];
        rhi[a] = f->rating[i] + ST_Z95 * f->se[i];
        lo_all = rlo[a] < lo_all ? rlo[a] : lo_all;
        hi_all = rhi[a] > hi_all ? rhi[a] : hi_all;
        for (int c = 0; c < n; c++) {
            int j = ord[c], k = a * n + c;
            text[k] = NULL;
            cell[k] = i == j ? NAN : score_of(f, i, j);
            if (!isnan(cell[k])) {
                double lo, hi;
                score_ci(f, i, j, &lo, &hi);
                snprintf(store[k], sizeof store[k], "%.0f%%\n%.0f-%.0f", 100 * cell[k],
                         100 * lo, 100 * hi);
                text[k] = store[k];
            }
        }
    }
    /* a margin for the value labels; svg_draw_bars rounds the axis */
    lo_all -= 0.08 * (hi_all - lo_all) + 10;
    hi_all += 0.08 * (hi_all - lo_all) + 10;
    svg_matrix mx = {"Score of row against column (wins + ties/2), 95% CI", "row: bot",
                     "column: opponent", n, lab, cell, (const char *const *)text};
    svg_bars rb = {"Bradley-Terry rating (Elo scale, mean 0), 95% CI", n, lab, rv, rlo, rhi,
                   lo_all, hi_all, 0, NULL, SVG_SIGNED};
    const char *plab[KT_MAX_PLAYERS];
    char ptxt[KT_MAX_PLAYERS][24];
    double pv[KT_MAX_PLAYERS], plo[KT_MAX_PLAYERS], phi[KT_MAX_PLAYERS];
    for (int p = 0; p < e->players; p++) {
        double g = (double)f->pos[p].games;
        snprintf(ptxt[p], sizeof ptxt[p], "position %d", p + 1);
        plab[p] = ptxt[p];
        pv[p] = g > 0 ? (double)f->pos[p].sole / g : 0;
        st_wilson((double)f->pos[p].sole, g, &plo[p], &phi[p]);
    }
    svg_bars pb = {"Win rate by position (first-seat advantage), 95% CI", e->players, plab, pv,
                   plo, phi, 0, 1, 1.0 / e->players, "fair share", SVG_PERCENT};
    uint32_t first = 0, last = r->nhist;
    while (first < r->nhist && !r->hist[first])
        first++;
    while (last > first && !r->hist[last - 1])
        last--;
    svg_hist hg = {"Game length (finished games)", "turns", first, last - first,
                   r->hist ? r->hist + first : NULL, f->mean};
    char title[256], sub[1024];
    snprintf(title, sizeof title, "kontor tournament %s: %d bots, %llu games", e->game, n,
             (unsigned long long)r->games);
    snprintf(sub, sizeof sub, "%d-player games, %llu per matchup, seed %llu%s%s%s", e->players,
             (unsigned long long)e->per_matchup, (unsigned long long)e->seed,
             e->fresh ? ", a fresh setup every game" : "", e->options[0] ? ", options: " : "",
             e->options);
    if (e->study && *e->study) /* the study's bounds, as the text report names them */
        snprintf(sub + strlen(sub), sizeof sub - strlen(sub), " (study options: %s)", e->study);
    /* a long options string (a kingdom) wraps below the title */
    double W = 820, y = 56 + 14.0 * svg_paragraph(NULL, 0, 0, 11, 14, NULL, W - 40, sub);
    double H = y + svg_matrix_height(&mx, W - 40) + svg_bars_height(&rb) +
               svg_bars_height(&pb) + svg_hist_height(&hg) + 70;
    kt_buf b;
    kt_buf_init(&b);
    svg_begin(&b, W, H, title);
    svg_text(&b, 20, 30, "start", 18, 1, "#222222", title);
    svg_paragraph(&b, 20, 50, 11, 14, "#666666", W - 40, sub);
    svg_draw_matrix(&b, 20, y, W - 40, &mx);
    y += svg_matrix_height(&mx, W - 40) + 15;
    svg_draw_bars(&b, 20, y, W - 40, &rb);
    y += svg_bars_height(&rb) + 15;
    svg_draw_bars(&b, 20, y, W - 40, &pb);
    y += svg_bars_height(&pb) + 15;
    svg_draw_hist(&b, 20, y, W - 40, &hg);
    svg_end(&b);
    int bad = b.oom || svg_write_file(path, &b) != 0;
    kt_buf_free(&b);
    if (bad)
        fprintf(err, "kontor tournament: cannot write %s\n", path);
    return bad;
}

int tour_report(const rn_exp *e, const rn_result *r, const rn_out *o, FILE *out, FILE *err)
{
    tour_fig f;
    int rc = figures(e, r, &f);
    f.labels = e->labels;
    if (rc) {
        fig_free(&f);
        return fprintf(err, "kontor tournament: out of memory\n"), 1;
    }
    kt_buf b;
    kt_buf_init(&b);
    if (o->json)
        write_json(e, r, &f, &b);
    else if (o->csv)
        write_csv(e, r, &f, &b);
    else
        write_text(e, r, &f, &b);
    if (b.oom)
        rc = 1, fprintf(err, "kontor tournament: out of memory\n");
    else
        fputs(b.p ? b.p : "", out);
    kt_buf_free(&b);
    if (!rc && o->svg)
        rc = write_svg(e, r, &f, o->svg, err);
    fig_free(&f);
    return rc;
}

int tour_main(int argc, char **argv, FILE *out, FILE *err, const rn_games *games)
{
    cli_game_args a;
    if (cli_parse_game_args(argc, argv, &a, "tournament",
                            "--bots,--games,--threads,--svg,--shard,--setup,--rows,--cards",
                            "--json,--csv,--no-progress,--help,-h"))
        return 2;
    rn_flags rf;
    const kt_gameinfo *info;
    rf.games = 100;
    switch (rn_parse_flags(&a, "tournament", "--bots", "random,heuristic,mcts", 0,
                           " (games per matchup)", &rf, games, &info, err)) {
    case RN_FLAGS_OK:
        break;
    case RN_FLAGS_HELP:
        return usage(out), 0;
    case RN_FLAGS_USAGE:
        return usage(err), 2;
    default:
        return 2;
    }
    char botbuf[4096];
    char *bot[RN_MAX_ENTRIES + 1];
    snprintf(botbuf, sizeof botbuf, "%s", rf.list);
    int nb = cli_split(botbuf, ',', bot, RN_MAX_ENTRIES + 1);
    if (nb > RN_MAX_ENTRIES)
        return fprintf(err, "kontor tournament: at most %d bots\n", RN_MAX_ENTRIES), 2;
    int players = a.players;
    if (!players) {
        players = info->default_players < nb ? info->default_players : nb;
        if (players < info->min_players)
            players = info->min_players;
        if (players < 2) /* one bot named: the message below asks for a second */
            players = 2;
    }
    rn_exp e;
    kt_err ke = {KT_OK, ""};
    if (rn_exp_init(&e, RN_TOURNAMENT, games, a.game, a.options, players, a.seed, rf.setup, &ke) != 0)
        return fprintf(err, "kontor tournament: %s\n", ke.msg), 2;
    e.cards = rf.ncards > 0;
    int rc = 0;
    for (int i = 0; i < nb && !rc; i++)
        if (rn_add_entry(&e, bot[i], "--bots", &ke) != 0)
            rc = 2;
    if (!rc && rn_tournament_lineups(&e, (uint64_t)rf.games, &ke) != 0)
        rc = 2;
    if (!rc && rf.shard && rn_parse_shard(&e, rf.shard, &ke) != 0)
        rc = 2;
    if (!rc && rn_ready(&e, "--bots", &ke) != 0)
        rc = 2;
    if (rc) {
        fprintf(err, "kontor tournament: %s\n", ke.msg);
        rn_exp_free(&e);
        return rc;
    }
    if ((uint64_t)rf.games % (uint64_t)e.nperms)
        fprintf(err, "kontor tournament: note: %lld games per matchup is not a multiple of its "
                     "%d seatings; the first seatings play one game more\n",
                rf.games, e.nperms);
    rc = rn_execute(&e, &rf, "tournament", tour_report, out, err);
    rn_exp_free(&e);
    return rc;
}

int cli_tournament(int argc, char **argv)
{
    return tour_main(argc, argv, stdout, stderr, NULL);
}
