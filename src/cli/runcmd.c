/*
 * runcmd.c - what `kontor sim` and `kontor tournament` share around the
 * runner (runner.h): reading their flags, and running a prepared
 * experiment with its outputs (the rows file, the report, the card
 * statistics files).  No data of its own: everything lives in rn_flags,
 * rn_exp and rn_result.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "rows.h"
#include "runner.h"

/* ------------------------------------------------------------ flags */

/* One flag of a->rest; returns how many arguments it used (1 or 2), or 0
 * after an error message. */
static int rn_flag(const cli_game_args *a, int i, const char *cmd, const char *list_flag,
                   int allow_fixed, const char *games_note, rn_flags *rf, FILE *err)
{
    const char *f = a->rest[i], *v = i + 1 < a->nrest ? a->rest[i + 1] : NULL;
    int *on = !strcmp(f, "--json")          ? &rf->json
              : !strcmp(f, "--csv")         ? &rf->csv
              : !strcmp(f, "--no-progress") ? &rf->noprog
              : allow_fixed && !strcmp(f, "--fixed-seats") ? &rf->fixed
                                                           : NULL;
    const char **val = !strcmp(f, list_flag)  ? &rf->list
                       : !strcmp(f, "--svg")   ? &rf->svg
                       : !strcmp(f, "--shard") ? &rf->shard
                       : !strcmp(f, "--rows")  ? &rf->rows
                                               : NULL;
    if (on)
        return *on = 1, 1;
    if (val)
        return *val = v, 2;
    if (!strcmp(f, "--cards")) {
        if (rf->ncards < RN_MAX_CARD_FILES && v && *v)
            return rf->cards[rf->ncards++] = v, 2;
        fprintf(err, "kontor %s: --cards FILE at most %d times (.csv, .json, .svg, else text)\n",
                cmd, RN_MAX_CARD_FILES);
    } else if (!strcmp(f, "--setup")) {
        rf->setup = v && !strcmp(v, "fresh")   ? RN_SETUP_FRESH
                    : v && !strcmp(v, "fixed") ? RN_SETUP_FIXED
                                               : -1;
        if (rf->setup >= 0)
            return 2;
        fprintf(err, "kontor %s: --setup needs fresh (a new random setup for every game) or fixed "
                     "(one for all games)\n",
                cmd);
    } else if (!strcmp(f, "--games")) {
        if (cli_parse_int(v, 1, 1000000000000LL, &rf->games))
            return 2;
        fprintf(err, "kontor %s: --games needs a number from 1 to 10^12%s\n", cmd, games_note);
    } else if (!strcmp(f, "--threads")) {
        if (cli_parse_int(v, 1, 1024, &rf->threads))
            return 2;
        fprintf(err, "kontor %s: --threads needs a number from 1 to 1024\n", cmd);
    } else {
        fprintf(err, "kontor %s: unexpected argument '%s' (see kontor %s --help)\n", cmd, f, cmd);
    }
    return 0;
}

/* The titles of the games with component statistics ("A, B"). */
static const char *stats_games(char *out, size_t cap)
{
    size_t n = 0;
    out[0] = '\0';
    for (int i = 0; i < kt_game_count() && n < cap; i++) {
        const kt_gameinfo *gi = kt_game_info(i);
        if (kt_stats_info_of(gi->name))
            n += (size_t)snprintf(out + n, cap - n, "%s%s", n ? ", " : "", gi->title);
    }
    return out;
}

int rn_parse_flags(const cli_game_args *a, const char *cmd, const char *list_flag,
                   const char *list_example, int allow_fixed, const char *games_note,
                   rn_flags *rf, const rn_games *games, const kt_gameinfo **info, FILE *err)
{
    rf->list = rf->svg = rf->shard = rf->rows = NULL;
    rf->threads = rn_default_threads();
    rf->json = rf->csv = rf->fixed = rf->noprog = rf->ncards = 0;
    rf->setup = RN_SETUP_AUTO;
    for (int i = 0; i < a->nrest;) {
        if (!strcmp(a->rest[i], "--help") || !strcmp(a->rest[i], "-h"))
            return RN_FLAGS_HELP;
        int used = rn_flag(a, i, cmd, list_flag, allow_fixed, games_note, rf, err);
        if (!used)
            return RN_FLAGS_ERROR;
        i += used;
    }
    if (!a->game)
        return RN_FLAGS_USAGE;
    if (!games)
        games = rn_registry();
    *info = games->find(games->ctx, a->game);
    if (!*info || strcmp((*info)->name, a->game) != 0) {
        fprintf(err, "kontor %s: unknown game '%s' (available:", cmd, a->game);
        for (int i = 0; kt_game_info(i); i++)
            fprintf(err, " %s", kt_game_info(i)->name);
        return fprintf(err, ")\n"), RN_FLAGS_ERROR;
    }
    if (!rf->list || !*rf->list)
        return fprintf(err, "kontor %s: %s is required, e.g. %s %s\n", cmd, list_flag, list_flag,
                       list_example),
               RN_FLAGS_ERROR;
    if (rf->json && rf->csv)
        return fprintf(err, "kontor %s: choose one of --json and --csv\n", cmd), RN_FLAGS_ERROR;
    if (rf->rows && !rw_format_of(rf->rows))
        return fprintf(err, "kontor %s: --rows %s: name the file .csv (CSV) or .jsonl (JSON "
                            "Lines)\n",
                       cmd, rf->rows),
               RN_FLAGS_ERROR;
    char names[512];
    if (rf->ncards && !kt_stats_info_of(a->game))
        return fprintf(err, "kontor %s: --cards: %s has no component statistics; they are for "
                            "%s\n",
                       cmd, a->game, stats_games(names, sizeof names)),
               RN_FLAGS_ERROR;
    if (rf->shard && !rf->json)
        return fprintf(err, "kontor %s: --shard writes a partial result for kontor merge; add "
                            "--json\n",
                       cmd),
               RN_FLAGS_ERROR;
    return RN_FLAGS_OK;
}

/* ------------------------------------------------------------ running a command */

int rn_cards_report(const rn_exp *e, const rn_result *r, const rn_out *o, FILE *err)
{
    char title[512], entries[256] = "";
    for (int i = 0; i < e->nentries; i++) {
        size_t l = strlen(entries);
        snprintf(entries + l, sizeof entries - l, "%s%s", i ? ", " : "", e->labels[i]);
    }
    snprintf(title, sizeof title, "kontor %s %s: %llu games, %d players, %s, seed %llu; %s",
             e->kind == RN_SIM ? "sim" : "tournament", e->game, (unsigned long long)r->games,
             e->players, e->fresh ? "a fresh setup every game" : "one setup",
             (unsigned long long)e->seed, entries);
    rn_counts all;
    rn_total(e, r, &all);
    double ref = all.finished ? (double)(all.finished - all.tied) / (double)all.finished /
                                    e->players
                              : 1.0 / e->players;
    for (int i = 0; i < o->ncards; i++)
        if (cs_report(&r->cards, e->players, ref, title, o->cards[i], err) != 0)
            return 1;
    return 0;
}

int rn_execute(rn_exp *e, const rn_flags *rf, const char *cmd,
               int (*report)(const rn_exp *, const rn_result *, const rn_out *, FILE *, FILE *),
               FILE *out, FILE *err)
{
    rw_out rows;
    kt_err ke = {KT_OK, ""};
    if (rf->setup == RN_SETUP_FRESH && !e->seeded)
        fprintf(err, "kontor %s: note: nothing in the configuration of these options is drawn "
                     "from its seed, so --setup fresh changes nothing; what a game deals in its "
                     "start position (cards, tiles) is new in every game anyway\n",
                cmd);
    if (rf->rows && rw_open(&rows, rf->rows, &ke) != 0)
        return fprintf(err, "kontor %s: %s\n", cmd, ke.msg), 2;
    rn_result r;
    FILE *prog = !rf->noprog && isatty(fileno(err)) ? err : NULL;
    int bad = rn_run(e, (int)rf->threads, prog, rf->rows ? &rows : NULL, &r, &ke) != 0;
    if (rf->rows && rw_close(&rows, !bad, bad ? NULL : &ke) != 0 && !bad) {
        rn_result_free(&r);
        bad = 1;
    }
    if (bad)
        return fprintf(err, "kontor %s: %s\n", cmd, ke.msg), 1;
    rn_out o = {rf->json, rf->csv, rf->svg, {NULL}, rf->ncards};
    for (int i = 0; i < rf->ncards; i++)
        o.cards[i] = rf->cards[i];
    int rc = report(e, &r, &o, out, err);
    if (!rc && rn_cards_report(e, &r, &o, err) != 0)
        rc = 1;
    rn_result_free(&r);
    return rc;
}
