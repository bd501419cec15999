/*
 * analyze.h - the pieces of `kontor analyze` (analyze.c: the command and its
 * text report; analyze_svg.c: the chart; calibrate.c: --calibrate).
 * Public API only.
 */
#ifndef KT_CLI_ANALYZE_H
#define KT_CLI_ANALYZE_H

#include "cli.h"

/* Write the win-chance chart of an analysis of record r to `path`;
 * returns 0, or prints why not to stderr and returns 2. */
int cli_analysis_svg(const char *path, const kt_game *g, const kt_record *r,
                     const kt_analysis *a, int lang);
/* `kontor analyze --calibrate ...` (argv[0] is "analyze"). */
int cli_calibrate(int argc, char **argv);

#endif
