/*
 * runner.h - the simulation engine behind `kontor sim`, `kontor tournament`
 * and `kontor merge`.
 *
 * An experiment (rn_exp) is one game configuration, a list of bot specs
 * ("entries"), a list of lineups (lineup[l][p] = the entry at position p)
 * and a schedule.  Game k (0 <= k < games) is played by lineup
 * rn_lineup_of(e, k), from the start position dealt with seed
 * kt_seed_mix(seed, k); the bot at position p is created fresh for the
 * game with seed kt_seed_mix(game seed, RN_BOT_STREAM + p).  So every game
 * is fixed by (seed, k) alone: results do not depend on the thread count,
 * and shard I of N (the games k in [games*(I-1)/N, games*I/N)) plays exactly
 * the games one machine would.
 *
 * Setup: with a fresh setup (e->fresh, the default when the game's
 * configuration draws something from its seed: a random Dominion kingdom, a
 * variable Catan board) game k gets its own configuration, made from the
 * options as given with the game seed as configuration seed; so `kontor
 * play GAME --seed <game seed>` with the same options starts the same game.
 * Otherwise every game shares e->g (the configuration of the experiment
 * seed).
 *
 * Results (rn_result) are integer counters per lineup plus a histogram of
 * finished game lengths and, when asked for, Dominion card statistics
 * (cards.h).  Sums of integers are exact in any order, so merged
 * shards equal a single run bit for bit.  Timing (wall seconds, time spent in
 * each entry's decisions) is a measurement, kept apart from the results.
 *
 * Report writers live with their command (sim.c, tournament.c) and are
 * declared here so that `kontor merge` can print merged results the same way.
 */
#ifndef KT_CLI_RUNNER_H
#define KT_CLI_RUNNER_H

#include <stdint.h>
#include <stdio.h>

#include "cards.h"
#include "kontor/kontor.h"
#include "util/json.h"

#define RN_MAX_ENTRIES 64
#define RN_MAX_LINEUPS 200000
#define RN_BOT_STREAM 0xb07u
/* A game still running after this many actions is stopped and counted as
 * unfinished (a random 1-player Dominion game may never end). */
#define RN_MAX_ACTIONS 1000000ULL

enum { RN_SIM = 1, RN_TOURNAMENT = 2 };
/* --setup: fresh when the configuration depends on its seed (auto), or as
 * asked. */
enum { RN_SETUP_AUTO = 0, RN_SETUP_FRESH = 1, RN_SETUP_FIXED = 2 };

/* Where the commands find their games: the library's registry
 * (rn_registry(): `kontor sim`, `kontor tournament`, `kontor merge`), or a
 * test's own game that the library does not list (tests/test_games.c gives
 * the test games "duel" and "guard" this way). */
typedef struct rn_games {
    const void *ctx; /* given to each call (the registry's: NULL) */
    /* The game called `name`, or NULL when there is none. */
    const kt_gameinfo *(*find)(const void *ctx, const char *name);
    /* kt_options_for_study and kt_game_new (allocator: malloc) of a game
     * that find() knows. */
    kt_status (*study)(const void *ctx, const char *name, const char *options, char **out,
                       char **added, kt_err *err);
    kt_status (*make)(const void *ctx, const char *name, const char *options, int players,
                      uint64_t seed, kt_game **out, kt_err *err);
} rn_games;
const rn_games *rn_registry(void);

/* Counters of the games of one lineup (positions p, q). */
typedef struct rn_counts {
    uint64_t games, finished, actions;
    uint64_t tied;                   /* finished games with a shared first place */
    uint64_t sole[KT_MAX_PLAYERS];   /* finished games p won alone */
    uint64_t shared[KT_MAX_PLAYERS]; /* finished games p shared first place in */
    uint64_t beat[KT_MAX_PLAYERS][KT_MAX_PLAYERS]; /* finished: p ranked above q */
    uint64_t turns, turns_sq;        /* finished games: sum of lengths, of squares */
    int64_t score_milli[KT_MAX_PLAYERS]; /* finished games: sum of round(1000 score) */
} rn_counts;

typedef struct rn_exp {
    int kind;
    const rn_games *source; /* where the game comes from */
    const kt_gameinfo *info; /* the game's */
    kt_game *g;      /* the configuration of the experiment seed (owned); every
                        game's unless fresh */
    char *game;      /* game name */
    char *options;   /* fresh: the options as given; else the canonical options of g */
    char *study;     /* the game's study options added to those given ("" none):
                        bounds the rules leave open (kt_options_for_study) */
    int fresh;       /* a new configuration for every game (seed = game seed) */
    int seeded;      /* the configuration depends on its seed (something is drawn) */
    int players;
    uint64_t seed;
    uint64_t games;       /* size of the whole experiment */
    uint64_t per_matchup; /* tournament: games per combination of bots */
    int nentries;
    char *entries[RN_MAX_ENTRIES]; /* as given ("bot:bmu"), used as labels */
    char *specs[RN_MAX_ENTRIES];   /* bot specs for kt_bot_new ("bmu") */
    char *labels[RN_MAX_ENTRIES];  /* distinct names for reports (rn_set_labels) */
    /* each entry's bot spec resolved once (kt_bot_spec: level names), so
     * that every game makes its bots from the same spec */
    char *bspec[RN_MAX_ENTRIES];   /* the resolved spec ("mcts:time=1000" for "hard") */
    int fixed_seats;
    int nlineups, nperms; /* nperms: seatings per matchup (tournament) */
    uint8_t (*lineup)[KT_MAX_PLAYERS];
    int shard_i, shard_n; /* 1-based shard of n; 0 = the whole experiment */
    int cards;            /* collect Dominion card statistics (cards.h) */
} rn_exp;

typedef struct rn_result {
    uint64_t games;  /* games played (the shard's range) */
    rn_counts *c;    /* [nlineups] */
    uint64_t *hist;  /* hist[t] = finished games that lasted t turns */
    uint32_t nhist;
    double seconds;  /* wall time of the run (sum over merged shards) */
    int threads;
    double choose_s[RN_MAX_ENTRIES]; /* seconds spent in each entry's decisions */
    uint64_t choose_n[RN_MAX_ENTRIES];
    cs_table cards;  /* Dominion card statistics (empty unless e->cards) */
} rn_result;

#define RN_MAX_CARD_FILES 4
/* Output choices shared by the commands. */
typedef struct rn_out {
    int json, csv;
    const char *svg; /* chart file or NULL */
    const char *cards[RN_MAX_CARD_FILES]; /* card statistics files (by extension) */
    int ncards;
} rn_out;

/* The sentence naming the study options of a report (nothing when none). */
void rn_study_text(const rn_exp *e, kt_buf *out);
/* Configuration of game `name` of `games`; options may be NULL; the game's
 * study options are added unless the options set them (e->study).  `setup` is
 * RN_SETUP_*; a fresh setup is used only when the configuration depends on
 * its seed (with nothing drawn, fresh and fixed are the same games). */
int rn_exp_init(rn_exp *e, int kind, const rn_games *games, const char *name, const char *options,
                int players, uint64_t seed, int setup, kt_err *err);
void rn_exp_free(rn_exp *e);
/* Add a bot entry ("bot:NAME:opts" or "NAME:opts"); the spec is checked by
 * creating the bot once.  `what` names the flag in messages. */
int rn_add_entry(rn_exp *e, const char *label, const char *what, kt_err *err);
/* Lineups: sim rotates the entries through the positions (one lineup per
 * rotation) unless fixed; the tournament plays every seating of every
 * combination of `players` distinct bots, per_matchup games each. */
int rn_sim_lineups(rn_exp *e, uint64_t games, int fixed, kt_err *err);
int rn_tournament_lineups(rn_exp *e, uint64_t per_matchup, kt_err *err);
int rn_lineup_of(const rn_exp *e, uint64_t k);
void rn_range(const rn_exp *e, uint64_t *lo, uint64_t *hi);
/* After the entries and lineups: distinct labels, and with a fresh setup a
 * check that every bot can play the setups of the first games (a bot that
 * needs a card, e.g. bot:smithy, fails clearly before the run). */
int rn_ready(rn_exp *e, const char *what, kt_err *err);
/* Seed of game k, and the configuration it is played with: e->g, or with a
 * fresh setup a new one in *own (free with kt_game_free). */
uint64_t rn_game_seed(const rn_exp *e, uint64_t k);
/* "setup: ..." line of the text reports (nothing when nothing is drawn). */
void rn_setup_line(const rn_exp *e, kt_buf *b);
kt_status rn_game_config(const rn_exp *e, uint64_t k, kt_game **own, const kt_game **g,
                         kt_err *err);
/* Parse "I/N" into the experiment (1 <= I <= N). */
int rn_parse_shard(rn_exp *e, const char *text, kt_err *err);

/* Play the experiment's games (its shard) on `threads` threads, drawing a
 * progress bar on `progress` when it is not NULL, writing one row per game
 * to `rows` when it is not NULL (rows.h; in game order whatever the thread
 * count). */
struct rw_out;
int rn_run(const rn_exp *e, int threads, FILE *progress, struct rw_out *rows, rn_result *r,
           kt_err *err);
int rn_result_alloc(const rn_exp *e, rn_result *r);
void rn_result_free(rn_result *r);

/* The "experiment" and "raw" members of a JSON report (everything merge
 * needs), and reading them back.  rn_load creates the configuration through
 * `games`, or the registry when games is NULL. */
void rn_json_write(kt_jw *w, const rn_exp *e, const rn_result *r);
int rn_load(const char *json, const rn_games *games, rn_exp *e, rn_result *r, kt_err *err);
/* acc += (e2, r2) after checking that both are shards of one experiment. */
int rn_merge(rn_exp *e, rn_result *acc, const rn_exp *e2, const rn_result *r2, kt_err *err);

/* ---- totals for reports ---- */
typedef struct rn_tot {
    uint64_t games, finished, sole, shared;
    int64_t score_milli;
} rn_tot;
/* Per entry (by entry index) and per position. */
void rn_entry_totals(const rn_exp *e, const rn_result *r, rn_tot *out);
void rn_position_totals(const rn_exp *e, const rn_result *r, rn_tot *out);
/* Pairwise between entries (n = nentries, arrays n*n): games played
 * together, wins[i*n+j] = finished games where i ranked above j,
 * ties[i*n+j] = finished games with equal rank; length sums over finished. */
void rn_pair_totals(const rn_exp *e, const rn_result *r, double *games, double *wins,
                    double *ties, double *turns, double *finished);
void rn_total(const rn_exp *e, const rn_result *r, rn_counts *all);
/* Standard length figures of finished games. */
void rn_lengths(const rn_counts *all, double *mean, double *sd, double *half);

/* ---- report writers (sim.c, tournament.c) ---- */
int sim_report(const rn_exp *e, const rn_result *r, const rn_out *o, FILE *out, FILE *err);
int tour_report(const rn_exp *e, const rn_result *r, const rn_out *o, FILE *out, FILE *err);

/* Command bodies with explicit streams; `games` (NULL: the registry) is
 * where they find the game (tests use a test-only game).  cli_sim() etc.
 * call these. */
int sim_main(int argc, char **argv, FILE *out, FILE *err, const rn_games *games);
int tour_main(int argc, char **argv, FILE *out, FILE *err, const rn_games *games);
int merge_main(int argc, char **argv, FILE *out, FILE *err, const rn_games *games);
/* merge_main after sorting its arguments: result files, rows files. */
int merge_files(const char **files, int nfiles, const char **rows, int nrows,
                const char *rows_out, int json, int csv, const char *svg, rn_out *o, FILE *out,
                FILE *err, const rn_games *games);

/* Card statistics files of o (cards.h) from the run; 0 or 1 after a
 * message. */
int rn_cards_report(const rn_exp *e, const rn_result *r, const rn_out *o, FILE *err);
struct rn_flags;
/* Run a prepared experiment as command `cmd` with the flags' outputs: the
 * rows file, `report` (sim_report / tour_report) on out, the card
 * statistics files.  Returns the command's exit code. */
int rn_execute(rn_exp *e, const struct rn_flags *rf, const char *cmd,
               int (*report)(const rn_exp *, const rn_result *, const rn_out *, FILE *, FILE *),
               FILE *out, FILE *err);

/* A u64 as a JSON number, or as a string beyond 2^53 (JavaScript-safe). */
void rn_json_u64(kt_jw *w, uint64_t v);
/* Labels of the entries for every report (e->labels): the spec as given,
 * and for a spec given several times "#1", "#2"... appended to each copy
 * ("bot:heuristic#1", "bot:heuristic#2").  Returns -1 when out of memory. */
int rn_set_labels(rn_exp *e);

/* Threads to use by default: the online processors. */
int rn_default_threads(void);

/* The command-line flags `kontor sim` and `kontor tournament` share. */
typedef struct rn_flags {
    const char *list; /* value of the command's list flag: --seats or --bots */
    const char *svg, *shard, *rows;
    const char *cards[RN_MAX_CARD_FILES];
    int ncards;
    long long games, threads;
    int json, csv, fixed, noprog;
    int setup; /* RN_SETUP_* */
} rn_flags;

/* What rn_parse_flags found. */
enum { RN_FLAGS_OK = 0, RN_FLAGS_HELP = 1, RN_FLAGS_ERROR = 2, RN_FLAGS_USAGE = 3 };

/* Read a->rest (from cli_parse_game_args): --json, --csv, --no-progress,
 * --svg FILE, --shard I/N, --games N, --threads T, --setup fresh|fixed,
 * --rows FILE, --cards FILE (repeatable), the command's list flag
 * (`list_flag`, required: `list_example` shows its use) and, when
 * allow_fixed, --fixed-seats; then find the game (*info, in `games`; NULL:
 * the registry) and
 * check that the flags fit together.  rf->games must hold the command's
 * default on entry; games_note is added to the --games message.  Returns
 * RN_FLAGS_OK, RN_FLAGS_HELP (print usage to stdout), RN_FLAGS_USAGE (no
 * game named: print usage to stderr, exit 2) or RN_FLAGS_ERROR after a
 * message "kontor CMD: ..." on err. */
struct cli_game_args;
int rn_parse_flags(const struct cli_game_args *a, const char *cmd, const char *list_flag,
                   const char *list_example, int allow_fixed, const char *games_note,
                   rn_flags *rf, const rn_games *games, const kt_gameinfo **info,
                   FILE *err);

/* Milliseconds with as many decimals as a small value needs ("0.00012",
 * "3.141", "1000.2"), as a value: use rn_ms_text(x).s within one
 * expression (C11 temporary lifetime). */
typedef struct rn_msbuf {
    char s[24];
} rn_msbuf;
rn_msbuf rn_ms_text(double ms);
/* Human-friendly rate: 1234567 -> "1.23M". */
void rn_human(double v, char *out, size_t cap);

#endif
