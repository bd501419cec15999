/*
 * cli_run.h - run the sim/tournament/merge command bodies in-process for
 * tests (the kontor binary does not know the test-only game "duel": the
 * tests give it to the commands as kt_test_duel_games, an rn_games made
 * from its definition by tests/test_games.h; the CLI itself knows games
 * only through the public API).
 *
 * The command sources are compiled into the test binary by including them
 * in test_sim.c, test_tournament.c and test_merge.c (one each, so every
 * function is defined once).  Output and errors are captured in memory.
 */
#ifndef KT_TEST_CLI_RUN_H
#define KT_TEST_CLI_RUN_H

#include "../../src/cli/runner.h"

typedef int (*cli_body)(int argc, char **argv, FILE *out, FILE *err, const rn_games *games);

/* The test game "duel" (duel.h) as the commands find their games. */
extern const rn_games kt_test_duel_games;

typedef struct cli_cap {
    int rc;
    char *out; /* malloc'd */
    char *err; /* malloc'd */
} cli_cap;

/* Run `fn` with the space-separated words of `args` (argv[0] = cmd). */
cli_cap cli_run(cli_body fn, const char *cmd, const char *args, const rn_games *games);
void cli_cap_free(cli_cap *c);
/* The JSON text with timing members (seconds, threads, *_per_s,
 * decision_*) removed, re-encoded compactly; NULL if it does not parse. */
char *cli_strip_timing(const char *json);
/* A fresh temporary file name (the file exists, empty). */
void cli_tmpname(char *out, size_t cap);
/* Write text to a file; returns 0 on success. */
int cli_write(const char *path, const char *text);

#endif
