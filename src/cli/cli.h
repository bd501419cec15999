/*
 * cli.h - subcommands of the `kontor` command and their shared helpers.
 */
#ifndef KT_CLI_H
#define KT_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "kontor/kontor.h"

int cli_games(int argc, char **argv);
int cli_play(int argc, char **argv);
int cli_sim(int argc, char **argv);
int cli_replay(int argc, char **argv);
int cli_protocol(int argc, char **argv);
int cli_bench(int argc, char **argv);
int cli_tournament(int argc, char **argv);
int cli_merge(int argc, char **argv);
int cli_analyze(int argc, char **argv);
int cli_serve(int argc, char **argv); /* serve.c (src/server) */

/* Common game arguments: GAME, --players N, --seed S, --option k=v (-o),
 * --lang en|de, and any other --key value pair that names a game option
 * (so `--kingdom a,b` and `--variant base` work). */
typedef struct cli_game_args {
    const char *game;
    int players;       /* 0 = derived from seats or the game default */
    uint64_t seed;
    int seed_given;
    int lang;
    char options[4096];
    int nrest;
    char *rest[128];
} cli_game_args;

/* `valflags`/`boolflags`: comma-separated flags of the command that take a
 * value / none; they are passed through in `rest` (flag, then value).
 * Returns 0 on success, prints an error and returns 2 otherwise. */
int cli_parse_game_args(int argc, char **argv, cli_game_args *a, const char *cmd,
                        const char *valflags, const char *boolflags);
int cli_flag_in(const char *flag, const char *list);
int cli_parse_u64(const char *s, uint64_t *out);
int cli_parse_int(const char *s, long long lo, long long hi, long long *out);
/* Split comma list in place; returns count. */
int cli_split(char *s, char sep, char **out, int cap);
/* Whole file (at most CLI_FILE_MAX bytes), NUL terminated; NULL on error. */
#define CLI_FILE_MAX ((size_t)256 << 20)
char *cli_read_file(const char *path, size_t *len);
/* The same with a limit and the reason for a failure in `why`. */
char *cli_read_file_max(const char *path, size_t max, size_t *len, char *why, size_t whycap);

/* Bounded line reader: a line longer than `max` is skipped, never held. */
typedef struct cli_lines {
    FILE *f;
    char *line;
    size_t cap, max;
} cli_lines;
void cli_lines_init(cli_lines *in, FILE *f, size_t max);
int cli_lines_next(cli_lines *in, size_t *len);
void cli_lines_free(cli_lines *in);
uint64_t cli_time_seed(void);
double cli_now(void);

#endif
