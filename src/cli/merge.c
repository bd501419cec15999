/*
 * merge.c - `kontor merge FILES...`: add up the JSON outputs of
 * `kontor sim/tournament --shard I/N --json` into the result of the whole
 * experiment, printed exactly as the command itself would have (text,
 * --json, --csv, --svg).
 *
 * Each file is loaded with rn_load (which recreates the configuration and
 * checks that its counts add up); all must be shards of one experiment
 * (same game, options, seed, bots, games and shard count), each shard
 * exactly once and none missing.  Counters are integers, so the merged
 * result is exactly that of a single run; only the timing differs (wall
 * times are summed, i.e. reported per machine).
 *
 * Row files (`--rows` of the shards, recognised by their first line) are
 * merged in game order into the file of --rows (rows.h), checked against
 * the merged experiment: every game once, each with its seed.  Card
 * statistics (--cards) are added up by name like the other counters.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "rows.h"
#include "runner.h"

static void usage(FILE *f)
{
    fprintf(f, "usage: kontor merge FILE... [--json | --csv] [--svg FILE] [--rows FILE]\n"
               "                    [--cards FILE]\n\n"
               "Merges the --json outputs of `kontor sim/tournament --shard I/N` into the\n"
               "result of the whole experiment.  Every shard 1..N must be given once.\n"
               "Row files of the shards (--rows: .csv or .jsonl) among the FILEs are merged\n"
               "in game order into the --rows FILE; --cards FILE writes the merged card\n"
               "statistics (Dominion; .csv, .json, .svg, else text; up to 4 times).\n");
}

/* Is `path` a rows file (its first line a CSV header or a JSON row)? */
static int is_rows_file(const char *path)
{
    FILE *f = fopen(path, "r");
    char head[32] = "";
    if (!f)
        return 0;
    size_t n = fread(head, 1, sizeof head - 1, f);
    fclose(f);
    head[n] = '\0';
    return !strncmp(head, "game,seed,setup,", 16) || !strncmp(head, "{\"game\":", 8);
}

int merge_main(int argc, char **argv, FILE *out, FILE *err, const rn_games *games)
{
    int json = 0, csv = 0, nfiles = 0, nrows = 0;
    const char *svg = NULL, *rows_out = NULL;
    rn_out o = {0, 0, NULL, {NULL}, 0};
    const char **files = calloc((size_t)(argc > 0 ? argc : 1), sizeof *files);
    const char **rows = calloc((size_t)(argc > 0 ? argc : 1), sizeof *rows);
    if (!files || !rows)
        return free(files), free(rows), fprintf(err, "kontor merge: out of memory\n"), 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--json"))
            json = 1;
        else if (!strcmp(argv[i], "--csv"))
            csv = 1;
        else if (!strcmp(argv[i], "--svg") && i + 1 < argc)
            svg = argv[++i];
        else if (!strcmp(argv[i], "--rows") && i + 1 < argc)
            rows_out = argv[++i];
        else if (!strcmp(argv[i], "--cards") && i + 1 < argc && o.ncards < RN_MAX_CARD_FILES)
            o.cards[o.ncards++] = argv[++i];
        else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return free(files), free(rows), usage(out), 0;
        else if (argv[i][0] == '-' && argv[i][1])
            return free(files), free(rows),
                   fprintf(err, "kontor merge: unknown option '%s' or a value missing (see "
                                "kontor merge --help)\n",
                           argv[i]),
                   2;
        else if (is_rows_file(argv[i]))
            rows[nrows++] = argv[i];
        else
            files[nfiles++] = argv[i];
    }
    int rc = merge_files(files, nfiles, rows, nrows, rows_out, json, csv, svg, &o, out, err, games);
    free(files);
    free(rows);
    return rc;
}

int merge_files(const char **files, int nfiles, const char **rows, int nrows,
                const char *rows_out, int json, int csv, const char *svg, rn_out *o, FILE *out,
                FILE *err, const rn_games *games)
{
    if (!nfiles && !nrows)
        return usage(err), 2;
    if (json && csv)
        return fprintf(err, "kontor merge: choose one of --json and --csv\n"), 2;
    if (nrows && !rows_out)
        return fprintf(err, "kontor merge: %s is a rows file: name the merged one with --rows "
                            "FILE\n",
                       rows[0]),
               2;
    if (rows_out && !nrows)
        return fprintf(err, "kontor merge: --rows %s: no rows files (written by --rows) given\n",
                       rows_out),
               2;
    rn_exp acc_e, e;
    rn_result acc, r;
    unsigned char *seen = NULL;
    int rc = 0, have = 0;
    for (int i = 0; i < nfiles && !rc; i++) {
        char *text = cli_read_file(files[i], NULL);
        kt_err ke = {KT_OK, ""};
        if (!text) {
            fprintf(err, "kontor merge: cannot read %s\n", files[i]);
            rc = 2;
            break;
        }
        rn_exp *ce = have ? &e : &acc_e;
        rn_result *cr = have ? &r : &acc;
        int bad = rn_load(text, games, ce, cr, &ke);
        free(text);
        if (bad) {
            fprintf(err, "kontor merge: %s: %s\n", files[i], ke.msg);
            rc = 2;
            break;
        }
        if (!have) {
            have = 1;
            if (ce->shard_n > 0 && !(seen = calloc((size_t)ce->shard_n + 1, 1)))
                rc = 1, fprintf(err, "kontor merge: out of memory\n");
        }
        if (!rc && ce->shard_n == 0 && nfiles > 1)
            rc = 2, fprintf(err, "kontor merge: %s is a whole experiment, not a shard "
                                 "(--shard I/N)\n", files[i]);
        if (!rc && ce != &acc_e && rn_merge(&acc_e, &acc, ce, cr, &ke) != 0)
            rc = 2, fprintf(err, "kontor merge: %s: %s\n", files[i], ke.msg);
        /* rn_merge checked the shard count, so the index fits `seen` */
        if (!rc && ce->shard_n > 0 && seen[ce->shard_i]++)
            rc = 2, fprintf(err, "kontor merge: %s: shard %d/%d is given twice\n", files[i],
                            ce->shard_i, ce->shard_n);
        if (ce != &acc_e) {
            rn_result_free(cr);
            rn_exp_free(ce);
        }
    }
    for (int s = 1; !rc && have && acc_e.shard_n > 0 && s <= acc_e.shard_n; s++)
        if (!seen[s])
            rc = 2, fprintf(err, "kontor merge: shard %d/%d is missing\n", s, acc_e.shard_n);
    free(seen);
    if (!rc && o->ncards && have && !acc_e.cards)
        rc = 2, fprintf(err, "kontor merge: --cards: the shards were run without --cards\n");
    if (!rc && o->ncards && !have)
        rc = 2, fprintf(err, "kontor merge: --cards needs the --json results of the shards\n");
    if (have)
        acc_e.shard_i = acc_e.shard_n = 0; /* the merged result is the whole experiment */
    kt_err ke = {KT_OK, ""};
    if (!rc && nrows && rw_merge(rows, nrows, have ? &acc_e : NULL, rows_out, &ke) != 0)
        rc = 2, fprintf(err, "kontor merge: %s\n", ke.msg);
    if (!rc && have) {
        o->json = json, o->csv = csv, o->svg = svg;
        rc = acc_e.kind == RN_SIM ? sim_report(&acc_e, &acc, o, out, err)
                                  : tour_report(&acc_e, &acc, o, out, err);
        if (!rc && rn_cards_report(&acc_e, &acc, o, err) != 0)
            rc = 1;
    }
    if (have) {
        rn_result_free(&acc);
        rn_exp_free(&acc_e);
    }
    return rc;
}

int cli_merge(int argc, char **argv) { return merge_main(argc, argv, stdout, stderr, NULL); }
