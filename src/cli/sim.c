/*
 * sim.c - `kontor sim GAME --seats bot:a,bot:b --games N`: mass simulation.
 *
 * The seats are experiment entries (runner.h); unless --fixed-seats they
 * rotate through the positions from game to game, so each entry's rates are
 * free of the seat advantage, which is reported per position separately.
 * Rates are over all games: a game stopped by a turn limit is neither a win
 * nor a tie of anyone ("unfinished").  Lengths are of finished games.
 *
 * The report exists as text, one JSON object (derived figures plus the
 * "experiment" and "raw" members that `kontor merge` reads), CSV, and an SVG
 * chart.  sim_report() is also what `kontor merge` prints for sim shards.
 */
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
            "usage: kontor sim GAME --seats bot:A[,bot:B...] [--games N] [--seed S]\n"
            "                 [--threads T] [--players N] [--fixed-seats] [--shard I/N]\n"
            "                 [--setup fresh|fixed] [--rows FILE] [--cards FILE]\n"
            "                 [--json | --csv] [--svg FILE] [--no-progress] [game options]\n\n"
            "Plays N games (default 1000) between bots and reports each seat's win and tie\n"
            "rate with 95%% confidence intervals, rates by position, game length, speed.\n"
            "  --seats        one bot spec per player (bot:NAME[:key=value...]); one spec\n"
            "                 with --players N seats it N times\n"
            "  --fixed-seats  keep seat i in position i (default: rotate every game)\n"
            "  --threads      worker threads (default: all cores)\n"
            "  --shard I/N    play only the I-th of N slices (needs --json; see kontor merge)\n"
            "  --setup        fresh: a new random setup (kingdom, board) for every game, drawn\n"
            "                 from its seed (the default when the setup has random parts);\n"
            "                 fixed: the one drawn from --seed for all games\n"
            "  --rows FILE    one row per game: .csv or .jsonl (JSON Lines)\n"
            "  --cards FILE   Dominion: statistics of every card, Event and Trait (.csv,\n"
            "                 .json, .svg chart, else a text table; may be given 4 times)\n"
            "  --json, --csv  machine-readable output;  --svg FILE  charts\n"
            "Game options go as --key value (e.g. --kingdom ..., --until provinces=4) or\n"
            "-o key=value.  Every game's seed derives from --seed and its index, so\n"
            "results do not depend on --threads.\n");
}

/* ------------------------------------------------------------ report */

typedef struct sim_fig {
    rn_tot ent[RN_MAX_ENTRIES], pos[KT_MAX_PLAYERS];
    rn_counts all;
    double mean, sd, half;
} sim_fig;

static void figures(const rn_exp *e, const rn_result *r, sim_fig *f)
{
    rn_entry_totals(e, r, f->ent);
    rn_position_totals(e, r, f->pos);
    rn_total(e, r, &f->all);
    rn_lengths(&f->all, &f->mean, &f->sd, &f->half);
}

static double rate(uint64_t k, uint64_t n) { return n ? (double)k / (double)n : 0; }

/* "win_rate": k/n and "win_ci": its Wilson interval */
static void json_rate(kt_jw *w, const char *key, const char *cikey, uint64_t k, uint64_t n)
{
    double lo, hi;
    st_wilson((double)k, (double)n, &lo, &hi);
    kt_jw_knum(w, key, rate(k, n));
    kt_jw_key(w, cikey);
    kt_jw_arr(w);
    kt_jw_num(w, lo);
    kt_jw_num(w, hi);
    kt_jw_arr_end(w);
}

static double ms_per_decision(const rn_result *r, int i)
{
    return r->choose_n[i] ? r->choose_s[i] * 1e3 / (double)r->choose_n[i] : 0;
}

static void write_json(const rn_exp *e, const rn_result *r, const sim_fig *f, kt_buf *b)
{
    kt_jw w;
    kt_jw_init(&w, b);
    kt_jw_obj(&w);
    kt_jw_kstr(&w, "command", "sim");
    kt_jw_kstr(&w, "game", e->game);
    kt_jw_kstr(&w, "options", e->options);
    kt_jw_kstr(&w, "setup", e->fresh ? "fresh" : "fixed");
    kt_jw_kint(&w, "players", e->players);
    kt_jw_key(&w, "seed");
    rn_json_u64(&w, e->seed);
    kt_jw_key(&w, "games");
    rn_json_u64(&w, r->games);
    kt_jw_kbool(&w, "fixed_seats", e->fixed_seats || e->nlineups == 1);
    kt_jw_key(&w, "seats");
    kt_jw_arr(&w);
    for (int i = 0; i < e->nentries; i++) {
        const rn_tot *t = &f->ent[i];
        kt_jw_obj(&w);
        kt_jw_kstr(&w, "name", e->labels[i]);
        kt_jw_kstr(&w, "spec", e->entries[i]);
        kt_jw_key(&w, "games");
        rn_json_u64(&w, t->games);
        kt_jw_key(&w, "wins");
        rn_json_u64(&w, t->sole);
        json_rate(&w, "win_rate", "win_ci", t->sole, t->games);
        kt_jw_key(&w, "ties");
        rn_json_u64(&w, t->shared);
        json_rate(&w, "tie_rate", "tie_ci", t->shared, t->games);
        kt_jw_key(&w, "losses");
        rn_json_u64(&w, t->finished - t->sole - t->shared);
        kt_jw_key(&w, "unfinished");
        rn_json_u64(&w, t->games - t->finished);
        kt_jw_knum(&w, "mean_score",
                   t->finished ? (double)t->score_milli / 1000.0 / (double)t->finished : 0);
        kt_jw_knum(&w, "decision_ms", ms_per_decision(r, i));
        kt_jw_obj_end(&w);
    }
    kt_jw_arr_end(&w);
    kt_jw_key(&w, "positions");
    kt_jw_arr(&w);
    for (int p = 0; p < e->players; p++) {
        const rn_tot *t = &f->pos[p];
        kt_jw_obj(&w);
        kt_jw_kint(&w, "position", p + 1);
        kt_jw_key(&w, "wins");
        rn_json_u64(&w, t->sole);
        json_rate(&w, "win_rate", "win_ci", t->sole, t->games);
        kt_jw_key(&w, "ties");
        rn_json_u64(&w, t->shared);
        json_rate(&w, "tie_rate", "tie_ci", t->shared, t->games);
        kt_jw_obj_end(&w);
    }
    kt_jw_arr_end(&w);
    kt_jw_key(&w, "ties");
    rn_json_u64(&w, f->all.tied);
    json_rate(&w, "tie_rate", "tie_ci", f->all.tied, r->games);
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
    kt_jw_arr(&w);
    kt_jw_num(&w, f->mean - f->half);
    kt_jw_num(&w, f->mean + f->half);
    kt_jw_arr_end(&w);
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

static void csv_row(kt_buf *b, const char *kind, const char *name, const rn_tot *t, double ms)
{
    double wl, wh, tl, th;
    st_wilson((double)t->sole, (double)t->games, &wl, &wh);
    st_wilson((double)t->shared, (double)t->games, &tl, &th);
    kt_buf_printf(b, "%s,\"%s\",%llu,%llu,%.6f,%.6f,%.6f,%llu,%.6f,%.6f,%.6f,%llu,%llu,%.3f,%.6f,\n",
                  kind, name, (unsigned long long)t->games, (unsigned long long)t->sole,
                  rate(t->sole, t->games), wl, wh, (unsigned long long)t->shared,
                  rate(t->shared, t->games), tl, th,
                  (unsigned long long)(t->finished - t->sole - t->shared),
                  (unsigned long long)(t->games - t->finished),
                  t->finished ? (double)t->score_milli / 1000.0 / (double)t->finished : 0, ms);
}

static void write_csv(const rn_exp *e, const rn_result *r, const sim_fig *f, kt_buf *b)
{
    kt_buf_puts(b, "kind,name,games,wins,win_rate,win_lo,win_hi,ties,tie_rate,tie_lo,tie_hi,"
                   "losses,unfinished,mean_score,decision_ms,mean_turns\n");
    for (int i = 0; i < e->nentries; i++)
        csv_row(b, "seat", e->labels[i], &f->ent[i], ms_per_decision(r, i));
    for (int p = 0; p < e->players; p++) {
        char name[32];
        snprintf(name, sizeof name, "position %d", p + 1);
        csv_row(b, "position", name, &f->pos[p], 0);
    }
    /* the "all" row: games, games with a shared win, unfinished, mean length */
    double tl, th;
    st_wilson((double)f->all.tied, (double)r->games, &tl, &th);
    kt_buf_printf(b, "all,\"all games\",%llu,,,,,%llu,%.6f,%.6f,%.6f,,%llu,,,",
                  (unsigned long long)r->games, (unsigned long long)f->all.tied,
                  rate(f->all.tied, r->games), tl, th,
                  (unsigned long long)(r->games - f->all.finished));
    if (f->all.finished)
        kt_buf_printf(b, "%.4f", f->mean);
    kt_buf_putc(b, '\n');
}

/* "27.0% [22.3-32.3]": a rate and its 95% interval, in percent */
static void rate_text(char *out, size_t cap, uint64_t k, uint64_t n)
{
    double lo, hi;
    st_wilson((double)k, (double)n, &lo, &hi);
    snprintf(out, cap, "%.1f%% [%.1f-%.1f]", 100 * rate(k, n), 100 * lo, 100 * hi);
}

static void text_row(kt_buf *b, int lw, const char *name, const rn_tot *t, int score, double ms)
{
    char wr[48], tr[48];
    rate_text(wr, sizeof wr, t->sole, t->games);
    rate_text(tr, sizeof tr, t->shared, t->games);
    kt_buf_printf(b, "%-*s %9llu  %-21s  %8llu  %-*s", lw, name, (unsigned long long)t->sole, wr,
                  (unsigned long long)t->shared, score ? 21 : 0, tr);
    if (score)
        kt_buf_printf(b, "  %10.2f  %11s",
                      t->finished ? (double)t->score_milli / 1000.0 / (double)t->finished : 0,
                      rn_ms_text(ms).s);
    kt_buf_putc(b, '\n');
}

static void write_text(const rn_exp *e, const rn_result *r, const sim_fig *f, kt_buf *b)
{
    char rs[32], as[32], seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)e->seed);
    kt_buf_printf(b, "kontor sim %s: %llu games, %d player%s, %s, seed %s", e->game,
                  (unsigned long long)r->games, e->players, e->players == 1 ? "" : "s",
                  e->nlineups == 1 ? "fixed seats" : "seats rotate", seed);
    if (e->shard_n)
        kt_buf_printf(b, ", shard %d/%d", e->shard_i, e->shard_n);
    kt_buf_printf(b, "\noptions: %s\n", e->options[0] ? e->options : "(defaults)");
    rn_study_text(e, b);
    rn_setup_line(e, b);
    kt_buf_putc(b, '\n');
    int lw = 10;
    for (int i = 0; i < e->nentries; i++) {
        int l = (int)kt_utf8_width(e->labels[i]);
        lw = l > lw ? l : lw;
    }
    if (e->players > 1) {
        kt_buf_printf(b, "%-*s %9s  %-21s  %8s  %-21s  %10s  %11s\n", lw, "seat", "wins",
                      "win rate [95% CI]", "ties", "tie rate [95% CI]", "mean score",
                      "ms/decision");
        for (int i = 0; i < e->nentries; i++)
            text_row(b, lw, e->labels[i], &f->ent[i], 1, ms_per_decision(r, i));
        kt_buf_putc(b, '\n');
        kt_buf_printf(b, "%-*s %9s  %-21s  %8s  %s\n", lw, "by position", "wins",
                      "win rate [95% CI]", "ties", "tie rate [95% CI]");
        for (int p = 0; p < e->players; p++) {
            char name[32];
            snprintf(name, sizeof name, "position %d", p + 1);
            text_row(b, lw, name, &f->pos[p], 0, 0);
        }
        kt_buf_putc(b, '\n');
    } else {
        kt_buf_printf(b, "%s: mean score %.2f, %s ms/decision\n\n", e->labels[0],
                      f->ent[0].finished ? (double)f->ent[0].score_milli / 1000.0 /
                                               (double)f->ent[0].finished
                                         : 0,
                      rn_ms_text(ms_per_decision(r, 0)).s);
    }
    uint64_t unf = r->games - f->all.finished;
    kt_buf_printf(b, "games: %llu finished, %llu unfinished (stopped by the turn limit or after 1,000,000 actions)",
                  (unsigned long long)f->all.finished, (unsigned long long)unf);
    if (e->players > 1)
        kt_buf_printf(b, "; shared wins in %llu (%.1f%%)", (unsigned long long)f->all.tied,
                      100 * rate(f->all.tied, r->games));
    kt_buf_putc(b, '\n');
    if (f->all.finished)
        kt_buf_printf(b, "length: %.2f turns on average (95%% CI %.2f-%.2f, sd %.2f) over "
                         "finished games\n",
                      f->mean, f->mean - f->half, f->mean + f->half, f->sd);
    double s = r->seconds > 0 ? r->seconds : 1e-9;
    rn_human((double)r->games / s, rs, sizeof rs);
    rn_human((double)f->all.actions / s, as, sizeof as);
    kt_buf_printf(b, "speed: %llu games in %.2f s = %s games/s, %s actions/s (%d thread%s)\n",
                  (unsigned long long)r->games, r->seconds, rs, as, r->threads,
                  r->threads == 1 ? "" : "s");
}

static int write_svg(const rn_exp *e, const rn_result *r, const sim_fig *f, const char *path,
                     FILE *err)
{
    char *const *labels = e->labels;
    const char *pos_labels[KT_MAX_PLAYERS];
    char pos_text[KT_MAX_PLAYERS][32];
    double val[RN_MAX_ENTRIES], lo[RN_MAX_ENTRIES], hi[RN_MAX_ENTRIES];
    double pval[KT_MAX_PLAYERS], plo[KT_MAX_PLAYERS], phi[KT_MAX_PLAYERS];
    for (int i = 0; i < e->nentries; i++) {
        val[i] = rate(f->ent[i].sole, f->ent[i].games);
        st_wilson((double)f->ent[i].sole, (double)f->ent[i].games, &lo[i], &hi[i]);
    }
    for (int p = 0; p < e->players; p++) {
        snprintf(pos_text[p], sizeof pos_text[p], "position %d", p + 1);
        pos_labels[p] = pos_text[p];
        pval[p] = rate(f->pos[p].sole, f->pos[p].games);
        st_wilson((double)f->pos[p].sole, (double)f->pos[p].games, &plo[p], &phi[p]);
    }
    double fair = 1.0 / e->players;
    svg_bars seats = {"Win rate by seat (sole wins, 95% CI)", e->nentries,
                      (const char *const *)labels, val, lo, hi, 0, 1, fair, "fair share",
                      SVG_PERCENT};
    svg_bars pos = {"Win rate by position (first-seat advantage)", e->players, pos_labels, pval,
                    plo, phi, 0, 1, fair, "fair share", SVG_PERCENT};
    uint32_t first = 0;
    while (first < r->nhist && !r->hist[first])
        first++;
    uint32_t last = r->nhist;
    while (last > first && !r->hist[last - 1])
        last--;
    svg_hist hist = {"Game length (finished games)", "turns", first, last - first,
                     r->hist ? r->hist + first : NULL, f->mean};
    char title[512], sub[1024];
    snprintf(title, sizeof title, "kontor sim %s: %llu games", e->game,
             (unsigned long long)r->games);
    snprintf(sub, sizeof sub, "%d players, %s, seed %llu%s%s%s", e->players,
             e->nlineups == 1 ? "fixed seats" : "seats rotate", (unsigned long long)e->seed,
             e->fresh ? ", a fresh setup every game" : "", e->options[0] ? ", options: " : "",
             e->options);
    if (e->study && *e->study) /* the study's bounds, as the text report names them */
        snprintf(sub + strlen(sub), sizeof sub - strlen(sub), " (study options: %s)", e->study);
    /* a long options string (a kingdom) wraps below the title */
    double W = 760, y = 56 + 14.0 * svg_paragraph(NULL, 0, 0, 11, 14, NULL, W - 40, sub);
    double H = y + svg_hist_height(&hist) + 20;
    if (e->players > 1)
        H += svg_bars_height(&seats) + svg_bars_height(&pos) + 30;
    kt_buf b;
    kt_buf_init(&b);
    svg_begin(&b, W, H, title);
    svg_text(&b, 20, 30, "start", 18, 1, "#222222", title);
    svg_paragraph(&b, 20, 50, 11, 14, "#666666", W - 40, sub);
    if (e->players > 1) {
        svg_draw_bars(&b, 20, y, W - 40, &seats);
        y += svg_bars_height(&seats) + 15;
        svg_draw_bars(&b, 20, y, W - 40, &pos);
        y += svg_bars_height(&pos) + 15;
    }
    svg_draw_hist(&b, 20, y, W - 40, &hist);
    svg_end(&b);
    int bad = b.oom || svg_write_file(path, &b) != 0;
    kt_buf_free(&b);
    if (bad)
        fprintf(err, "kontor sim: cannot write %s\n", path);
    return bad;
}

int sim_report(const rn_exp *e, const rn_result *r, const rn_out *o, FILE *out, FILE *err)
{
    sim_fig *f = calloc(1, sizeof *f);
    if (!f)
        return fprintf(err, "kontor sim: out of memory\n"), 1;
    figures(e, r, f);
    kt_buf b;
    kt_buf_init(&b);
    if (o->json)
        write_json(e, r, f, &b);
    else if (o->csv)
        write_csv(e, r, f, &b);
    else
        write_text(e, r, f, &b);
    int rc = 0;
    if (b.oom)
        rc = 1, fprintf(err, "kontor sim: out of memory\n");
    else
        fputs(b.p ? b.p : "", out);
    kt_buf_free(&b);
    if (!rc && o->svg)
        rc = write_svg(e, r, f, o->svg, err);
    free(f);
    return rc;
}

/* ------------------------------------------------------------ command */

int sim_main(int argc, char **argv, FILE *out, FILE *err, const rn_games *games)
{
    cli_game_args a;
    if (cli_parse_game_args(argc, argv, &a, "sim",
                            "--seats,--games,--threads,--svg,--shard,--setup,--rows,--cards",
                            "--json,--csv,--fixed-seats,--no-progress,--help,-h"))
        return 2;
    rn_flags rf;
    const kt_gameinfo *info;
    rf.games = 1000;
    switch (rn_parse_flags(&a, "sim", "--seats", "bot:random,bot:mcts", 1, "", &rf, games, &info, err)) {
    case RN_FLAGS_OK:
        break;
    case RN_FLAGS_HELP:
        return usage(out), 0;
    case RN_FLAGS_USAGE:
        return usage(err), 2;
    default:
        return 2;
    }
    char seatbuf[4096];
    char *seat[RN_MAX_ENTRIES + 1];
    snprintf(seatbuf, sizeof seatbuf, "%s", rf.list);
    int ns = cli_split(seatbuf, ',', seat, RN_MAX_ENTRIES + 1);
    int players = a.players ? a.players : ns > 1 ? ns : info->default_players;
    if (ns > 1 && ns != players)
        return fprintf(err, "kontor sim: --seats lists %d seats but there are %d players\n", ns,
                       players),
               2;
    rn_exp e;
    kt_err ke = {KT_OK, ""};
    if (rn_exp_init(&e, RN_SIM, games, a.game, a.options, players, a.seed, rf.setup, &ke) != 0)
        return fprintf(err, "kontor sim: %s\n", ke.msg), 2;
    e.cards = rf.ncards > 0;
    int rc = 0;
    for (int p = 0; p < players && !rc; p++)
        if (rn_add_entry(&e, seat[ns > 1 ? p : 0], "--seats", &ke) != 0)
            rc = 2;
    if (!rc && rn_sim_lineups(&e, (uint64_t)rf.games, rf.fixed, &ke) != 0)
        rc = 2;
    if (!rc && rf.shard && rn_parse_shard(&e, rf.shard, &ke) != 0)
        rc = 2;
    if (!rc && rn_ready(&e, "--seats", &ke) != 0)
        rc = 2;
    if (rc) {
        fprintf(err, "kontor sim: %s\n", ke.msg);
        rn_exp_free(&e);
        return rc;
    }
    rc = rn_execute(&e, &rf, "sim", sim_report, out, err);
    rn_exp_free(&e);
    return rc;
}

int cli_sim(int argc, char **argv) { return sim_main(argc, argv, stdout, stderr, NULL); }
