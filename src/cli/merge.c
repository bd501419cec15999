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
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "runner.h"

static void usage(FILE *f)
{
    fprintf(f, "usage: kontor merge FILE... [--json | --csv] [--svg FILE]\n\n"
               "Merges the --json outputs of `kontor sim/tournament --shard I/N` into the\n"
               "result of the whole experiment.  Every shard 1..N must be given once.\n");
}

int merge_main(int argc, char **argv, FILE *out, FILE *err, const kt_gamedef *def)
{
    int json = 0, csv = 0, nfiles = 0;
    const char *svg = NULL;
    const char **files = calloc((size_t)(argc > 0 ? argc : 1), sizeof *files);
    if (!files)
        return fprintf(err, "kontor merge: out of memory\n"), 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--json"))
            json = 1;
        else if (!strcmp(argv[i], "--csv"))
            csv = 1;
        else if (!strcmp(argv[i], "--svg") && i + 1 < argc)
            svg = argv[++i];
        else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return free(files), usage(out), 0;
        else if (argv[i][0] == '-' && argv[i][1])
            return free(files),
                   fprintf(err, "kontor merge: unknown option '%s' (see kontor merge --help)\n",
                           argv[i]),
                   2;
        else
            files[nfiles++] = argv[i];
    }
    if (!nfiles)
        return free(files), usage(err), 2;
    if (json && csv)
        return free(files), fprintf(err, "kontor merge: choose one of --json and --csv\n"), 2;
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
        int bad = rn_load(text, def, ce, cr, &ke);
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
    for (int s = 1; !rc && acc_e.shard_n > 0 && s <= acc_e.shard_n; s++)
        if (!seen[s])
            rc = 2, fprintf(err, "kontor merge: shard %d/%d is missing\n", s, acc_e.shard_n);
    free(seen);
    free(files);
    if (rc) {
        if (have) {
            rn_result_free(&acc);
            rn_exp_free(&acc_e);
        }
        return rc;
    }
    acc_e.shard_i = acc_e.shard_n = 0; /* the merged result is the whole experiment */
    rn_out o = {json, csv, svg};
    rc = acc_e.kind == RN_SIM ? sim_report(&acc_e, &acc, &o, out, err)
                              : tour_report(&acc_e, &acc, &o, out, err);
    rn_result_free(&acc);
    rn_exp_free(&acc_e);
    return rc;
}

int cli_merge(int argc, char **argv) { return merge_main(argc, argv, stdout, stderr, NULL); }
