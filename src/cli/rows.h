/*
 * rows.h - one row per game (`kontor sim/tournament --rows FILE`) and the
 * merge of the row files of shards (`kontor merge --rows FILE`).
 *
 * Formats, chosen by the file name: CSV (".csv") or JSON Lines (".jsonl",
 * ".ndjson", ".json").  Every row has, in this order:
 *   game      index k of the game in the experiment (0-based)
 *   seed      the game seed (kt_seed_mix(experiment seed, k)); a decimal
 *             string in JSON, so that no reader rounds it
 *   setup     canonical options of the game's configuration (with a fresh
 *             setup: the kingdom, Events and Traits drawn for this game)
 *   seats     labels of the bots at positions 1..N (CSV: seat_1..seat_N)
 *   scores    final points by position (CSV: score_1..score_N)
 *   ranks     1 = first, equal points of tied players share a rank; empty
 *             (null) when the game did not finish (CSV: rank_1..rank_N)
 *   winners   labels of the players sharing first place (CSV: joined by
 *             ';'); none when the game did not finish
 *   turns     the game's length in its own turns (kt_result.turns)
 *   actions   actions applied
 *   finished  1/0 (true/false): ended by the rules, not by a turn limit or
 *             the cap of RN_MAX_ACTIONS actions
 *
 * While running, each worker thread writes its rows to its own temporary
 * file; its games come from one increasing counter, so each file is in game
 * order and rw_collate merges them by game index into the output: the file
 * is the same for any thread count.  Output goes to FILE.part and is renamed
 * to FILE only when the run succeeded, so a failed run changes nothing.
 */
#ifndef KT_CLI_ROWS_H
#define KT_CLI_ROWS_H

#include <stdint.h>
#include <stdio.h>

#include "util/buf.h"
#include "kontor/kontor.h"

enum { RW_NONE = 0, RW_CSV = 1, RW_JSONL = 2 };

struct rn_exp;

typedef struct rw_out {
    const char *path; /* final name */
    char *part;       /* PATH.part while writing (owned) */
    int fmt;          /* RW_CSV or RW_JSONL */
    FILE *f;
} rw_out;

/* RW_CSV, RW_JSONL or RW_NONE from the file name. */
int rw_format_of(const char *path);
/* Open PATH.part for writing (the header is written by rw_collate). */
int rw_open(rw_out *o, const char *path, kt_err *err);
/* Finish: with ok, rename PATH.part to PATH; otherwise remove it.  Returns
 * 0, or -1 with a message when writing or renaming failed. */
int rw_close(rw_out *o, int ok, kt_err *err);

/* A row's text (owned by the caller, grown by rw_row; free p). */
typedef struct rw_line {
    char *p;
    size_t cap;
} rw_line;

/* The header line (CSV; nothing for JSON Lines), and one game's row into ln:
 * its length, 0 when out of memory. */
void rw_header(kt_buf *b, int fmt, int players);
size_t rw_row(rw_line *ln, int fmt, const struct rn_exp *e, uint64_t k, const char *setup,
              int lineup, const kt_result *res, uint64_t actions);

/* Write the header, then the rows of the n part files (each in game
 * order, read from their start) merged by game index, to o. */
int rw_collate(FILE **parts, int n, rw_out *o, int players, kt_err *err);

/* `kontor merge`: the row files of shards into `out`, in game order.  With
 * an experiment (e not NULL, the merged whole) the rows must be exactly its
 * games 0..games-1, each with its game seed; without, no game may appear
 * twice.  The files must share one format and header, and `out` has that
 * format too. */
int rw_merge(const char *const *files, int n, const struct rn_exp *e, const char *out,
             kt_err *err);

#endif
