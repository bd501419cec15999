/*
 * kontor.h - the public C API of the kontor game engine.
 *
 * Model (after OpenSpiel's Game/State split, Lua's single-state style):
 *
 *   kt_game   immutable configuration: game name, validated options, player
 *             count, 64-bit seed, and whatever the game derives from them
 *             (e.g. the Dominion kingdom).  Created once, shared read-only by
 *             any number of threads.  Owned by the caller: kt_game_free().
 *
 *   kt_state  ONE flat block of kt_state_size(game) bytes without pointers.
 *             Copy = memcpy, compare/hash = bytes.  It holds its own PRNG, so
 *             the same seed and the same actions give the same game on every
 *             machine.  The caller owns the memory (kt_state_new/free are
 *             conveniences; any block of the right size aligned to
 *             KT_STATE_ALIGN (16) bytes works after kt_state_init or
 *             kt_state_copy).
 *
 *   kt_action 32-bit action code.  Its meaning is private to the game; the
 *             stable, human form is the action text ("buy Province",
 *             "discard Estate", "done"), which parses back.
 *
 * The state always says who must decide now (kt_to_move), which may differ
 * from whose turn it is (kt_turn_player), and what kind of decision it is
 * (kt_decision).  Legal actions are written to a caller buffer.
 *
 * Errors: every fallible call returns a kt_status and, when given a kt_err,
 * fills a readable message.  Bad input never crashes, exits or changes a
 * state.  Strings returned as `char *` are owned by the caller: release
 * each with kt_free (see kt_allocator for where their memory comes from).
 * No function keeps a pointer to caller memory
 * beyond the call unless its comment says so.
 *
 * Thread safety: no global mutable state.  Distinct states, bots and records
 * may be used from distinct threads concurrently; a kt_game may be shared.
 */
#ifndef KONTOR_KONTOR_H
#define KONTOR_KONTOR_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Everything declared here is the library's public API: the shared library
 * is built with hidden visibility and exports exactly these names. */
#if defined(__GNUC__) && !defined(KT_NO_VISIBILITY)
#pragma GCC visibility push(default)
#endif

/* KT_VERSION ("0.2.0") and KT_ABI_VERSION: see "version" at the end. */
#define KT_MAX_PLAYERS 6
/* A state block (kt_state_size bytes) must start at a multiple of this many
 * bytes: what malloc returns on 64-bit systems and more than any game's
 * state needs (8 today); kt_state_new's memory has it. */
#define KT_STATE_ALIGN 16
#define KT_ERRLEN 320
/* Upper bound of kt_game_max_legal() over all games; a caller buffer of this
 * many actions is always big enough. */
#define KT_LEGAL_MAX 4096

typedef enum kt_status {
    KT_OK = 0,
    KT_EINVAL,    /* invalid argument or option value */
    KT_EUNKNOWN,  /* unknown name: game, option, bot, card, command */
    KT_EILLEGAL,  /* action not legal in this state */
    KT_EPARSE,    /* malformed text or JSON */
    KT_ESTATE,    /* well-formed state JSON that breaks the game's rules */
    KT_ENOMEM,    /* allocation failed */
    KT_EOVER,     /* the game is over: nobody is to move */
    KT_EIO,       /* file could not be read or written */
    KT_EINTERNAL  /* engine invariant violated (a bug: please report) */
} kt_status;

/* Filled by fallible calls; `msg` is a full sentence naming the culprit. */
typedef struct kt_err {
    kt_status code;
    char msg[KT_ERRLEN];
} kt_err;

/* Short constant description of a status code ("illegal action"). */
const char *kt_strerror(kt_status s);

typedef uint32_t kt_action;
typedef struct kt_game kt_game;
typedef struct kt_state kt_state;
typedef struct kt_bot kt_bot;

/* Optional allocator (Lua's lua_Alloc): fn(ud, ptr, osize, nsize) allocates
 * when ptr == NULL, frees when nsize == 0, otherwise reallocates (the library
 * always passes the block's true size as osize).  NULL everywhere means
 * malloc/free.  Ownership: what a call creates belongs to the caller, and its
 * memory comes from the allocator of what it belongs to - a configuration
 * (kt_game_new, kt_load_json, kt_record_load) and everything made for it:
 * its option values (also while they are parsed, and for a refused
 * option), the data tables a game reads from its files (or the embedded
 * copies) while it is set up, states from kt_state_new, the scratch states
 * of views, loads and calls for a pending player other than the player to
 * move, records, bots (kt_bot_new: the bot, its spec and options, the
 * games' own bots such as "heuristic" and Dominion's rule-file bot, a
 * search bot's tree and worlds and the game's bots it asks), the text
 * buffers in which views, errors and replies are
 * written, and the strings it returns; and a session (kt_session_new) with
 * its games, states, history, parsed requests, replies and bots.  All of it
 * passes through one gateway (src/core/mem.h).
 *
 * Returned strings.  A `char *` the library returns lives in a block of the
 * allocator of the object it came from - the configuration for kt_observe,
 * kt_render_text, kt_prompt_as, kt_state_json, kt_events_json,
 * kt_reveal_text, kt_action_warning and kt_analysis_json, the record's
 * configuration for kt_record_json, the session for kt_session_request - behind a small
 * hidden header that remembers that allocator and the block's size, so
 * kt_free(p), which takes no allocator, gives the block back to it.  The
 * string may outlive its object, not its allocator.  Calls that have no
 * object (kt_game_components, kt_game_describe, kt_options_for_study) take
 * the allocator as an argument.  kt_free(NULL) does nothing; kt_free
 * releases only strings the library returned (debug builds stop on any
 * other pointer).  Nothing goes around the allocator: a session keeps one
 * "nomem" reply in reserve (from its allocator) for when it fails.
 *
 * Analyses (kt_analysis_new, kt_analysis_new_position) and learning
 * environments (kt_vec_new) take their memory from the allocator of the
 * configuration they are made for; the allocator must then be safe to call
 * from the analysis's threads (threads= > 1).  Nothing allocates during
 * play: rule code, legal/apply, determinize and rollouts never do. */
typedef struct kt_allocator {
    void *(*fn)(void *ud, void *ptr, size_t osize, size_t nsize);
    void *ud;
} kt_allocator;

/* Release a string the library returned (NULL: nothing), into the
 * allocator it came from (above).  Never free() such a string. */
void kt_free(void *p);
/* Marks the calls that return a string for kt_free: GCC 11 and later then
 * warn about free() of such a string, and about kt_free of other memory
 * (-Wmismatched-dealloc, on by default). */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 11
#define KT_STRING __attribute__((malloc, malloc(kt_free, 1)))
#else
#define KT_STRING
#endif

enum { KT_LANG_EN = 0, KT_LANG_DE = 1 };

/* Viewers of views, action texts and the log: a player index (0-based), or */
#define KT_SPECTATOR (-1)  /* public information only */
#define KT_OMNISCIENT (-2) /* everything, hidden information included (records,
                            * referees, debugging): never show it to a player */

/* The player a call acts for (the `player` argument of kt_legal_as,
 * kt_apply_as, kt_prompt_as, kt_bot_choose_as, ...): a pending player's
 * index (see kt_pending), or KT_TO_MOVE for the player who must decide now,
 * which gives exactly what the alias without a player gives (section
 * "Aliases kept until kontor 2.0").  It equals KT_SPECTATOR in value but
 * means the actor, not a viewer.  A number that is no player (7 in a
 * 4-player game, -5) is refused: KT_EINVAL, or -1 / NULL / an empty or
 * zeroed result where the call returns no status, and nothing changes. */
#define KT_TO_MOVE (-1)

/* ---- games available ----------------------------------------------------- */

/* KT_OPT_PATH is text naming a file or folder the engine will read: hosts
 * that serve untrusted clients refuse such options (see kt_options_read_files). */
typedef enum kt_opttype { KT_OPT_INT, KT_OPT_BOOL, KT_OPT_ENUM, KT_OPT_STR, KT_OPT_PATH } kt_opttype;

typedef struct kt_optinfo {
    const char *name;
    kt_opttype type;
    const char *def;     /* default value in text form ("" = empty) */
    long long min, max;  /* KT_OPT_INT range */
    const char *choices; /* KT_OPT_ENUM: "a|b|c" */
    const char *help;
} kt_optinfo;

typedef struct kt_botinfo {
    const char *name;
    const char *help;
    const kt_optinfo *opts;
    int nopts;
} kt_botinfo;

typedef struct kt_gameinfo {
    const char *name;  /* "dominion" */
    const char *title; /* "Dominion (2nd edition) + Plunder" */
    const char *summary;
    int min_players, max_players, default_players;
    const kt_optinfo *opts;
    int nopts;
} kt_gameinfo;

int kt_game_count(void);
const kt_gameinfo *kt_game_info(int index);    /* NULL when out of range */
const kt_gameinfo *kt_game_find(const char *name);
/* Options every game accepts in addition to its own (turn_limit). */
const kt_optinfo *kt_common_options(int *n);
/* Bot i available for the game: its own bots first, then the generic ones
 * every game has (random, mcts).  NULL past the end. */
const kt_botinfo *kt_game_bot(const char *game, int i);
/* The game's component listing (cards, tiles...) as readable text, in a
 * block of `alloc` (NULL: malloc/free; as for kt_game_new), released with
 * kt_free; NULL for an unknown game or out of memory. */
KT_STRING char *kt_game_components(const char *name, int lang, const kt_allocator *alloc);

/* Explain one component of a game (card, tile, character, ...) by its English
 * or German name, in `lang`.  KT_EUNKNOWN with suggestions when no component
 * has that name.  *out is in a block of `alloc` (NULL: malloc/free),
 * released with kt_free. */
kt_status kt_game_describe(const char *game, const char *name, int lang,
                           const kt_allocator *alloc, char **out, kt_err *err);
/* Help text of option i of a game (as in kt_gameinfo.opts; i = nopts + k is
 * common option k) in `lang`; falls back to English.  NULL when out of range. */
const char *kt_option_help(const char *game, int i, int lang);
/* Title and summary of a game in `lang` (falls back to English). */
const char *kt_game_title(const char *game, int lang);
const char *kt_game_summary(const char *game, int lang);
/* What kt_result.turns counts for a game ("rounds", "turns"; German
 * "Runden", "Züge"), to label lengths on screens and in reports. */
const char *kt_game_length_unit(const char *game, int lang);
/* One-line notice about the game's data (e.g. reconstructed components), or
 * NULL. */
const char *kt_game_notice(const char *game);
/* Options that studies (simulation, tournaments, benchmarks, learning
 * environments) add to a game unless the user set them: finite bounds that
 * the rules leave open but random play and search need (e.g. how many trade
 * offers a turn may hold).  Human play never gets them; a study's report
 * names them.  NULL when the game has none or is unknown. */
const char *kt_game_study_options(const char *game);
/* The options a study plays with: `options` (as for kt_game_new; NULL or ""
 * for none) followed by each of the game's study options whose name
 * `options` does not set (the user's value wins).  *out gets the combined
 * options; *added (when not NULL) the study options that were added, ""
 * when none, for the study's report ("trade_offers=3").  Both are in blocks
 * of `alloc` (NULL: malloc/free) and released with kt_free; on error both
 * are NULL.  KT_EUNKNOWN for an unknown game, KT_EPARSE when `options` has
 * an entry without '=' (kt_game_new would refuse it too). */
kt_status kt_options_for_study(const char *game, const char *options, const kt_allocator *alloc,
                               char **out, char **added, kt_err *err);
/* The bot spec behind a level name ("easy", "medium", "hard") for a game, or
 * NULL when `level` is not a level name.  kt_bot_new accepts level names. */
const char *kt_game_level(const char *game, const char *level);

/* ---- configuration ------------------------------------------------------- */

/* Create a configuration.  `options` is "key=value;key=value" (';' or newline
 * separated; list values use ','), NULL or "" for defaults.  Unknown keys and
 * bad values are rejected with a message listing what is accepted. */
kt_status kt_game_new(const char *name, const char *options, int nplayers,
                      uint64_t seed, const kt_allocator *alloc, kt_game **out,
                      kt_err *err);
void kt_game_free(kt_game *g);

const kt_gameinfo *kt_game_def(const kt_game *g);
const char *kt_game_name(const kt_game *g);
int kt_game_players(const kt_game *g);
uint64_t kt_game_seed(const kt_game *g);
/* Canonical options: passing them with the same seed and player count to
 * kt_game_new recreates an identical configuration. */
const char *kt_game_options(const kt_game *g);
size_t kt_state_size(const kt_game *g);
int kt_game_max_legal(const kt_game *g);

/* ---- states -------------------------------------------------------------- */

kt_state *kt_state_new(const kt_game *g); /* at the start position; NULL on OOM */
void kt_state_free(const kt_game *g, kt_state *s);
void kt_state_init(const kt_game *g, kt_state *s); /* start position */
/* Start position dealt with `seed` instead of the configuration's seed:
 * kt_state_init(g, s) == kt_state_init_seed(g, s, kt_game_seed(g)).  When
 * the options fix every random setup choice (e.g. an explicit kingdom), this
 * is exactly the start position of kt_game_new(..., seed) + kt_state_init,
 * so simulators can play many seeds on one configuration. */
void kt_state_init_seed(const kt_game *g, kt_state *s, uint64_t seed);
/* kt_state_init_seed for a buffer that already holds a state of g (made by
 * kt_state_new, kt_state_copy, kt_state_load_json... at any position): the
 * same start position, but a game may clear only the parts of the old
 * state in use instead of the whole buffer, which matters to simulators
 * dealing millions of short games into one buffer (Dominion: a few hundred
 * bytes instead of 12 KB).  Never pass uninitialised memory: use
 * kt_state_init or kt_state_init_seed for that. */
void kt_state_restart(const kt_game *g, kt_state *s, uint64_t seed);
void kt_state_copy(const kt_game *g, kt_state *dst, const kt_state *src);
int kt_state_equal(const kt_game *g, const kt_state *a, const kt_state *b);
uint64_t kt_state_hash(const kt_game *g, const kt_state *s);

/* Player who must decide now, or -1 when the game is over. */
int kt_to_move(const kt_game *g, const kt_state *s);
/* Player whose turn it is (-1 before the first turn / after the end). */
int kt_turn_player(const kt_game *g, const kt_state *s);
int kt_is_over(const kt_game *g, const kt_state *s);
/* Kind of the pending decision: a short snake_case name ("action", "buy",
 * "discard", "reaction", ...), "over" at the end. */
const char *kt_decision(const kt_game *g, const kt_state *s);
/* One-line human prompt for `player`'s pending decision ("Discard 2 more
 * cards"); KT_TO_MOVE: the player to move's ("The game is over." at the
 * end).  A player with nothing to decide gets the player to move's prompt;
 * NULL for a bad player or when out of memory. */
KT_STRING char *kt_prompt_as(const kt_game *g, const kt_state *s, int player, int lang);
/* Number of actions applied since the start. */
uint64_t kt_action_count(const kt_game *g, const kt_state *s);
/* Game-specific turn counter (Dominion: turns taken; Catan: player turns). */
uint32_t kt_turn_number(const kt_game *g, const kt_state *s);

/* Write `player`'s legal actions into buf (at most cap); returns how many
 * exist (may exceed cap).  KT_TO_MOVE: the player to move's, 0 only when
 * the game is over.  0 for a player with nothing to decide now, -1 for a
 * bad player.  Order is deterministic.  kt_legal_as(g, s, KT_TO_MOVE,
 * NULL, 0) only counts them. */
int kt_legal_as(const kt_game *g, const kt_state *s, int player, kt_action *buf, int cap);
/* Is `a` a legal action of the player to move? */
int kt_is_legal(const kt_game *g, const kt_state *s, kt_action a);

/* Apply an action of `player` (KT_TO_MOVE: the player to move).  An
 * illegal action returns KT_EILLEGAL (KT_EOVER after the end) with an
 * explanation, a player with nothing to decide now KT_EILLEGAL, a bad
 * player KT_EINVAL; the state is then unchanged. */
kt_status kt_apply_as(const kt_game *g, kt_state *s, int player, kt_action a, kt_err *err);
/* Fast path for simulators: `a` MUST be a legal action of the player to
 * move (kt_legal_as with KT_TO_MOVE; checked by assert in debug builds
 * only). */
void kt_apply_trusted(const kt_game *g, kt_state *s, kt_action a);

/* Text of action `a` of `player` (KT_TO_MOVE: the player to move; a
 * player with nothing to decide is served as the player to move) as
 * `viewer` may see it: KT_OMNISCIENT (-2) is the full form used by records;
 * a player index gives the form that player may see and KT_SPECTATOR (-1)
 * the public form (hidden details redacted).  Note the two -1s: player -1
 * is the actor KT_TO_MOVE, viewer -1 the spectator.  Returns the length
 * written (always NUL terminated; 0 and "" for a bad player). */
size_t kt_action_text_as(const kt_game *g, const kt_state *s, int player, kt_action a,
                         int viewer, int lang, char *buf, size_t cap);
/* How an action appears in a menu, for front ends that fold long lists:
 * items sort by `rank` (stable; equal ranks keep the legal order), items with
 * the same `group` form a submenu ("buy", "bonus actions: die 3"), and an
 * item with a `key` is picked by typing that key (Catan: the vertex number
 * printed on the map) instead of a menu number.  Keys are unique among the
 * legal actions.  All zero/empty when the game says nothing. */
typedef struct kt_menu_item {
    int rank;
    char group[64];
    char key[16];
} kt_menu_item;
/* For action `a` of `player` (KT_TO_MOVE: the player to move; all zero for
 * a bad player). */
void kt_menu_item_get_as(const kt_game *g, const kt_state *s, int player, kt_action a, int lang,
                         kt_menu_item *out);
/* What an action acts on, as data, for front ends that choose and highlight
 * by clicking the table (never by reading action text).  `verb` is a stable,
 * language-free word of the game's vocabulary ("play", "buy", "build_road",
 * "move", "bid", "done", ...; docs/targets.md lists every game's); each target
 * is a kind ("card", "pile", "vertex", "edge", "hex", "space", "town",
 * "route", "merchant", "die", "player", "amount", "good", "landscape", ...)
 * with an id that the game's observation JSON uses for the same thing; each
 * cost is what the action spends ("coins", "gold", "money", a good's name)
 * and how much.  All zero/empty when the game says nothing.  Same contract
 * as kt_action_text_as: any code is accepted, legal or not. */
#define KT_TARGETS_MAX 6
#define KT_COSTS_MAX 6
typedef struct kt_target {
    char kind[16];
    int id;
} kt_target;
typedef struct kt_cost {
    char what[16];
    int amount;
} kt_cost;
typedef struct kt_action_info {
    char verb[24];
    int ntargets;
    kt_target targets[KT_TARGETS_MAX];
    int ncosts;
    kt_cost costs[KT_COSTS_MAX];
} kt_action_info;
/* For the action of pending player `player` (KT_TO_MOVE: kt_to_move; all
 * zero for a bad player). */
void kt_action_info_get(const kt_game *g, const kt_state *s, int player, kt_action a,
                        kt_action_info *out);
/* The name of the current decision kind in `lang` ("Kaufen" for "buy"), for
 * people; kt_decision gives the stable name for programs.  Never NULL. */
const char *kt_decision_label(const kt_game *g, const kt_state *s, int lang);
/* Parse action text (either language, case-insensitive) into a legal
 * action of `player` (KT_TO_MOVE: the player to move).  Unknown or illegal
 * text gets KT_EUNKNOWN/KT_EILLEGAL with a message; a player with nothing
 * to decide KT_EILLEGAL, a bad player KT_EINVAL. */
kt_status kt_action_parse_as(const kt_game *g, const kt_state *s, int player, const char *text,
                             kt_action *out, kt_err *err);
/* kt_action_parse_as with the error message in `lang` (KT_LANG_EN or
 * KT_LANG_DE, whatever language was typed): for front ends that speak one
 * language to their player. */
kt_status kt_action_parse_lang(const kt_game *g, const kt_state *s, int player, const char *text,
                               int lang, kt_action *out, kt_err *err);

/* ---- several players deciding at once ------------------------------------ */

/* Some decisions are taken by several players at the same time (sealed bids
 * in Fugger, Welser, Medici).  kt_pending gives the set of players (bit p)
 * with a decision pending now; it always contains kt_to_move while the game
 * runs and is 0 at the end.  Games with one decider at a time return just
 * that player.  Simple clients may keep answering for KT_TO_MOVE (the next
 * pending player becomes kt_to_move after each answer); hosts that let every
 * seat answer in its own time pass the pending player's index as `player`
 * to the calls that take one (kt_legal_as, kt_apply_as, kt_action_parse_as,
 * kt_action_text_as, kt_prompt_as, kt_bot_choose_as, kt_record_add_as,
 * ...).  A committed choice stays hidden from the others until the rules
 * reveal it. */
uint32_t kt_pending(const kt_game *g, const kt_state *s);

/* ---- learning: fixed action spaces and numeric observations -------------- */

/* Size of the game's fixed action space (0: the game has none).  Every action
 * the configuration can ever offer has a stable index, the same in every state
 * and every kontor version (each game's page documents the layout). */
int kt_action_space(const kt_game *g);
/* For `player` (KT_TO_MOVE: the player to move; or a pending player, see
 * kt_pending, who may decide at the same time): the index of one of their
 * legal actions (-1 if none or a bad player); their legal action of an
 * index (KT_EILLEGAL when none or when the player has nothing to decide,
 * KT_EINVAL for an index outside the space or a bad player); the indices
 * of their legal actions in kt_legal_as order (returns how many, may
 * exceed cap; 0 when the player has nothing to decide, -1 when the game
 * has no action space or for a bad player). */
int kt_action_index_as(const kt_game *g, const kt_state *s, int player, kt_action a);
kt_status kt_index_action_as(const kt_game *g, const kt_state *s, int player, int index,
                             kt_action *out, kt_err *err);
int kt_legal_indices_as(const kt_game *g, const kt_state *s, int player, int *out, int cap);
/* Length of the game's numeric observation (0: none). */
int kt_obs_size(const kt_game *g);
/* The numeric observation of `player` (-1 spectator): kt_obs_size floats into
 * out (cap floats available); returns the size, or -1 when cap is too small or
 * the game has none.  Only what that player may see. */
int kt_obs_vector(const kt_game *g, const kt_state *s, int player, float *out, int cap);

/* ---- batches: many actions per call ---------------------------------------- */

/* For hosts where a call costs more than an action (Python through ctypes,
 * vectorised learning environments).  The states are the caller's; nothing
 * is kept between calls and nothing allocates. */

/* Apply legal action number i (0-based, in kt_legal_as order) and return how
 * many legal actions the new state has (0 at the end): one call per action
 * for a host that picks by position.  -1 (state unchanged) when i is out of
 * range or the game is over. */
int kt_step_nth(const kt_game *g, kt_state *s, int i);
/* (The fixed-space indices of the legal actions: kt_legal_indices_as.) */
/* Random play: in each of the n states apply up to max_actions (< 0: no
 * limit) uniformly random legal actions, stopping at the end of the game.
 * State k draws from a generator seeded with (seed, k), so the call is
 * reproducible.  over[k] (when over is not NULL) tells whether state k has
 * ended.  Returns the number of actions applied. */
long long kt_play_random(const kt_game *g, kt_state *const *states, int n,
                         long long max_actions, uint64_t seed, uint8_t *over);
/* One step in each of n states: apply the legal action whose fixed-space
 * index is actions[k], or a uniformly random legal action when actions[k] is
 * negative (drawn from (seed, k): vary the seed between calls).  status[k]
 * (when not NULL) is KT_BATCH_APPLIED, KT_BATCH_ILLEGAL (no legal action has
 * that index; the state is unchanged) or KT_BATCH_OVER (the game had ended).
 * Returns the number of states that moved. */
enum { KT_BATCH_APPLIED = 0, KT_BATCH_ILLEGAL = 1, KT_BATCH_OVER = 2 };
int kt_step_indices(const kt_game *g, kt_state *const *states, int n, const int *actions,
                    uint64_t seed, int *status);
/* Observation vectors of n states, one after the other into out
 * (n * kt_obs_size floats): of players[k], or of the player to move when
 * players is NULL (the spectator's once the game is over).  Returns
 * kt_obs_size, or -1 when the game has none or a player is out of range. */
int kt_obs_batch(const kt_game *g, const kt_state *const *states, int n, const int *players,
                 float *out);

/* ---- learning environments: game metadata (src/core/vector.c) ----------- */

/* What a learning framework asks of a game before it plays (OpenSpiel's
 * GameType and Game queries): sizes of the spaces, the reward range and how
 * long a game can last.  Filled for any configuration. */
typedef struct kt_game_meta {
    int players;
    int action_space;      /* distinct actions: the fixed action space (0: none) */
    int obs_size;          /* observation shape: (obs_size,) floats (0: none) */
    int max_legal;         /* most legal actions in one position */
    double min_utility;    /* the range of kt_result.reward per player: 0 ... */
    double max_utility;    /* ... 1 */
    double utility_sum;    /* rewards of a finished game add up to this (1: a win
                            * is shared); a stopped game gives everybody 0 */
    long long max_turns;   /* no game lasts longer than this, counted as
                            * kt_turn_number / kt_result.turns: the turn_limit
                            * option when set, else the bound the game's rules
                            * give; 0: unbounded (the rules let play go on for
                            * ever: set turn_limit for a bound) */
    long long max_actions; /* a bound of the actions in one game; 0: none known */
} kt_game_meta;
void kt_game_meta_get(const kt_game *g, kt_game_meta *out);
/* An information-state string of `player` (OpenSpiel's
 * InformationStateString) is the game log as that player saw it: the
 * environments in python/kontor/env.py keep one from kt_events_json. */

/* ---- vectorised environments (src/core/vector.c) ------------------------- */

/* N games of one configuration stepped in one call, for reinforcement
 * learning at millions of steps a second (docs/python.md, "Vector
 * environments"; Python: kontor.vector).  In every game one seat is the
 * learner; the other seats are played by kontor bots inside the library.
 * A step applies the learner's action (an index of the fixed action space,
 * kt_action_space) in each game, lets the bots move until the learner has a
 * decision pending again or the game ends, and writes the learner's
 * observation (kt_obs_size floats), its action mask (kt_action_space int8,
 * 1 = legal), the reward and the end flags into buffers the caller owns
 * (kt_vec_bind).  Ended games are dealt anew (auto-reset).  Nothing
 * allocates after kt_vec_new and kt_vec_reset; nothing per step reaches the
 * caller but those buffers.
 *
 * Semantics are Gymnasium's VectorEnv (gymnasium.vector, version 1.x):
 *   reward      the learner's kt_result.reward at the end of a finished game
 *               (1 win, 1/k for a k-way shared win, 0 loss), 0 before and
 *               when the game was stopped; illegal_reward for an illegal
 *               action;
 *   terminated  the game ended by its rules, or by an illegal action of
 *               the learner (which ends the game at once, nothing applied);
 *   truncated   stopped by the turn_limit option or after max_steps steps
 *               of the learner.
 * Auto-reset modes (Gymnasium's AutoresetMode): */
enum {
    KT_VEC_NEXT_STEP = 0, /* the step after an end deals the new game: its action is
                           * ignored, reward 0, flags 0 (Gymnasium's default, EnvPool's) */
    KT_VEC_SAME_STEP = 1, /* the step that ends a game deals the new one at once: obs is
                           * the new game's, final_obs (if bound) the ended one's */
    KT_VEC_DISABLED = 2   /* no auto-reset: deal with kt_vec_reset_env; stepping an
                           * ended game is an error */
};

typedef struct kt_vec kt_vec;

typedef struct kt_vec_config {
    int num_envs;          /* games, >= 1 */
    int seat;              /* the learner's seat; -1: drawn at random for each game */
    const char *opponents; /* bot spec of every other seat (kt_bot_new: "random",
                            * "heuristic", a level...); NULL: "random" */
    int autoreset;         /* KT_VEC_NEXT_STEP, KT_VEC_SAME_STEP or KT_VEC_DISABLED */
    int normalize;         /* 1: observations multiplied by kt_vec_obs_scale */
    long long max_steps;   /* truncate a game after this many learner steps; 0: never */
    float illegal_reward;  /* reward of an illegal action (ends the game) */
} kt_vec_config;
/* Defaults: 1 game, seat 0, random opponents, KT_VEC_NEXT_STEP, raw
 * observations, no max_steps, illegal_reward -1. */
void kt_vec_config_init(kt_vec_config *c);

/* The caller's buffers, row k for game k.  kt_vec_bind zeroes the mask and
 * obs rows; afterwards a step changes only the mask entries it set before
 * and sets, and, where the game's encoder marks what it writes (Marco Polo
 * II, Fugger Welser Medici), only the observation cells it set before and
 * sets; FWM's encoder rewrites a card's cells only when that card moved
 * since the row's last observation.  So the rows are the library's between
 * calls: do not write into them (a value written there may stay in later
 * observations); to use them otherwise, copy them, or call kt_vec_bind
 * again, which zeroes them and forgets what they held.
 * final_obs (KT_VEC_SAME_STEP only, may be NULL): row k holds game k's last
 * observation when it ended in this step.  seat (may be NULL): the learner's
 * seat in the game each row belongs to. */
typedef struct kt_vec_buffers {
    float *obs;          /* num_envs x kt_obs_size */
    int8_t *mask;        /* num_envs x kt_action_space */
    float *reward;       /* num_envs */
    uint8_t *terminated; /* num_envs */
    uint8_t *truncated;  /* num_envs */
    float *final_obs;    /* num_envs x kt_obs_size, or NULL */
    int8_t *seat;        /* num_envs, or NULL */
} kt_vec_buffers;

/* Create num_envs games of g (which must outlive the vector environment and
 * have a fixed action space and an observation), with generators seeded from
 * `seed`.  Bots are created here (a bad spec is KT_EUNKNOWN/KT_EINVAL with
 * kt_bot_new's message).  Games are dealt by kt_vec_reset. */
kt_status kt_vec_new(const kt_game *g, const kt_vec_config *c, uint64_t seed, kt_vec **out,
                     kt_err *err);
void kt_vec_free(kt_vec *v);
/* Bind the buffers (every pointer but final_obs and seat required).  The
 * library keeps the pointers until the next kt_vec_bind or kt_vec_free. */
kt_status kt_vec_bind(kt_vec *v, const kt_vec_buffers *b, kt_err *err);
/* Deal a new game everywhere: game k from a generator seeded with (seed, k),
 * bots reseeded, so the same seed and the same actions give the same games.
 * Writes every row; rewards and flags 0. */
kt_status kt_vec_reset(kt_vec *v, uint64_t seed, kt_err *err);
/* Deal a new game in game k only (its generator goes on); writes row k. */
kt_status kt_vec_reset_env(kt_vec *v, int k, kt_err *err);
/* One step of every game: actions[k] is the learner's action index in game
 * k (ignored where KT_VEC_NEXT_STEP deals a new game); a negative action
 * is a uniformly random legal one, drawn from game k's generator (for
 * benchmarks and exploration).  An index that is not legal ends the game
 * (terminated, illegal_reward); one outside -1 .. kt_action_space - 1 is
 * KT_EINVAL and nothing changes.  int64 as numpy's and Gymnasium's
 * MultiDiscrete actions are, so Python hands its array over as it is.  KT_EOVER (nothing
 * changed) when, without auto-reset, a game that has ended is stepped;
 * KT_EINTERNAL if a bot fails (a bug). */
kt_status kt_vec_step(kt_vec *v, const int64_t *actions, kt_err *err);
int kt_vec_num_envs(const kt_vec *v);
/* The kt_obs_size factors observations are multiplied by when normalising:
 * per field 1 / the largest magnitude it reached in a calibration of random
 * games of this configuration (at least 1, so flags and small counts keep
 * their values), computed once in kt_vec_new.  kt_vec_set_obs_scale puts
 * the caller's own (e.g. saved with a trained policy). */
const float *kt_vec_obs_scale(const kt_vec *v);
kt_status kt_vec_set_obs_scale(kt_vec *v, const float *scale, kt_err *err);
/* Game k's state (read only, valid until the next call on v). */
const kt_state *kt_vec_state(const kt_vec *v, int k);
/* Actions applied so far by learner and bots together, and games ended. */
long long kt_vec_actions(const kt_vec *v);
long long kt_vec_episodes(const kt_vec *v);

/* ---- the game log ------------------------------------------------------------ */

/* What applying `a` (by `actor`, normally kt_to_move(before)) to `before`
 * did, giving `after`, as `viewer` may see it (a player, KT_SPECTATOR or
 * KT_OMNISCIENT), in `lang`: a JSON array of events
 *   [{"kind":"action","player":0,"text":"buy Silver"},
 *    {"kind":"roll","player":1,"text":"Player 2 rolls 3 + 4 = 7."}, ...]
 * The first event is always the action itself (its text as `viewer` may
 * see it); the game adds what followed (dice, production, cards drawn and
 * gained, attacks, trades, hidden choices revealed, final points).  Private
 * events reach only the players allowed to see them.  NULL on bad arguments
 * or when out of memory (see kt_err when given). */
KT_STRING char *kt_events_json(const kt_game *g, const kt_state *before, int actor, kt_action a,
                               const kt_state *after, int viewer, int lang, kt_err *err);

/* ---- taking moves back, moves to confirm ------------------------------------ */

/* What a player has seen cannot be unseen (Board Game Arena's rule for
 * undo): did applying `a` by `actor` (the pending player who took it;
 * -1 = kt_to_move(before)) to `before`, giving `after`, show `player`
 * anything that was hidden from them or left to chance - a card drawn,
 * looked at or revealed (also from another player's hand or deck), a die
 * rolled, a shuffle, a tile or card turned, a sealed choice revealed, or
 * another player's move that only something hidden from `player` allowed?
 * Returns 1 if so, 0 if not, -1 on bad arguments (then treat it as 1).
 * A host that lets `player` take moves back never goes back past such an
 * action, whoever took it (kt_session's "undo" with "player" does this).
 * The answer depends only on what `player` can see, so it reveals nothing
 * itself.  Games without their own rule are judged by the core: 1 when the
 * PRNG moved or `player`'s observation of `after` differs from that of the
 * same action applied to sampled determinizations of `before` (cost: a few
 * observations per call; the five games of kontor have their own rule). */
int kt_action_reveals(const kt_game *g, const kt_state *before, int actor, kt_action a,
                      const kt_state *after, int player);
/* What that action showed `player`, for the message refusing an undo: the
 * game log's sentences for `player` in `lang` ("Player 2 rolls 3 + 4 =
 * 7."), or the action's own text when the log says nothing more.  *out is
 * released with kt_free; NULL on error. */
kt_status kt_reveal_text(const kt_game *g, const kt_state *before, int actor, kt_action a,
                         const kt_state *after, int player, int lang, char **out, kt_err *err);

/* A move the player must confirm before a front end sends it (Anno 1701:
 * spending the last gold loses the game at once): the sentence to show for
 * action `a` of pending player `player` (KT_TO_MOVE: the player to move), in
 * `lang`, as that player sees it; *out = NULL when `a` needs no
 * confirmation.  KT_EILLEGAL (*out NULL) when `a` is not a legal action of
 * `player` now, KT_EINVAL for a bad player.  Front ends ask "Really?"
 * before they apply such an action; kt_session refuses it from a player's
 * seat without "confirm": true.  *out is released with kt_free. */
kt_status kt_action_warning(const kt_game *g, const kt_state *s, int player, kt_action a,
                            int lang, char **out, kt_err *err);

/* ---- results and evaluation --------------------------------------------- */

typedef struct kt_result {
    int nplayers;
    int finished;                 /* 1 ended by the rules; 0 stopped (turn limit) or running */
    double score[KT_MAX_PLAYERS]; /* final points (VP) */
    int rank[KT_MAX_PLAYERS];     /* 0 = first; tied players share a rank */
    uint32_t winners;             /* bit p set when player p shares first place */
    uint32_t turns;               /* game-specific length (see kt_turn_number) */
    double reward[KT_MAX_PLAYERS];/* 1 win, 1/k for a k-way shared win, 0 loss; all 0 if unfinished */
} kt_result;

void kt_result_get(const kt_game *g, const kt_state *s, kt_result *out);
/* Heuristic estimate in [0,1] of each player's chance to win (sums to about 1);
 * exact rewards when the game is over.  Used to cut rollouts short. */
void kt_evaluate(const kt_game *g, const kt_state *s, double out[KT_MAX_PLAYERS]);

/* ---- hidden information --------------------------------------------------- */

/* dst := a copy of src where everything `player` cannot see is resampled
 * consistently with what they know, and the state's PRNG is reseeded from
 * `seed` (so future shuffles and dice are unknown too).  dst may equal src. */
void kt_determinize(const kt_game *g, const kt_state *src, int player,
                    uint64_t seed, kt_state *dst);

/* ---- views ------------------------------------------------------------------ */

/* Per-player observation as JSON into *out (kt_free); player -1 =
 * spectator (public info only).  KT_EINVAL for a bad player, KT_ENOMEM;
 * *out is NULL then. */
kt_status kt_observe(const kt_game *g, const kt_state *s, int player, int lang, char **out,
                     kt_err *err);
/* Full-state JSON: {"kontor":1,"game":..,"players":..,"seed":..,"options":..,"state":{..}}. */
KT_STRING char *kt_state_json(const kt_game *g, const kt_state *s);
/* Readable text view for a terminal into *out (kt_free), as seen
 * by `viewer` (a player, KT_SPECTATOR, or KT_OMNISCIENT for everything).
 * `lang` may carry KT_COLOR: the terminal shows ANSI colours.  KT_EINVAL
 * for a bad viewer, KT_ENOMEM; *out is NULL then. */
#define KT_COLOR 0x100
kt_status kt_render_text(const kt_game *g, const kt_state *s, int viewer, int lang, char **out,
                         kt_err *err);

/* Load a full-state JSON: creates a configuration and a state, validating
 * every field; on error nothing is returned and the message names the field. */
kt_status kt_load_json(const char *json, const kt_allocator *alloc,
                       kt_game **game_out, kt_state **state_out, kt_err *err);
/* Load only the "state" part into an existing configuration (the JSON's game,
 * players, seed and options must match g).  `out` is untouched on error. */
kt_status kt_state_load_json(const kt_game *g, const char *json, kt_state *out,
                             kt_err *err);
/* Self-check of the game's invariants (card conservation, counts...).
 * Returns KT_OK or KT_EINTERNAL with a description. */
kt_status kt_check(const kt_game *g, const kt_state *s, kt_err *err);


/* ---- bots ------------------------------------------------------------------- */

/* spec: "name[:key=value]..." e.g. "random", "bmu", "mcts:iters=2000:c=0.7",
 * "file=my.bot" (= bot "file" with option file=my.bot).  Game-specific bots
 * are looked up first, then the generic ones. */
kt_status kt_bot_new(const kt_game *g, const char *spec, uint64_t seed,
                     kt_bot **out, kt_err *err);
/* Choose an action for `player` (KT_TO_MOVE: the player to move; or a
 * pending player, see kt_pending).  The bot sees only what that player may
 * see: search bots work on determinized copies, and a game's own bots are
 * given a copy of the state in which everything hidden from their player
 * is resampled.  KT_EOVER after the end, KT_EILLEGAL for a player with
 * nothing to decide, KT_EINVAL for a bad player (the bot is not asked). */
kt_status kt_bot_choose_as(kt_bot *b, const kt_state *s, int player, kt_action *out,
                           kt_err *err);
/* The simulators' choice for the player to move (bots against bots, millions
 * of games: `kontor sim`, `kontor bench`, search rollouts): the bot's action
 * is not checked for legality (debug builds assert it), its thinking and
 * progress are not published, and a game's own bot reads the state as it
 * is instead of a copy with everything hidden from its player resampled.
 * tests/bots/test_no_peeking.c shows that every bot chooses the same
 * either way; still, a host that puts a bot against people uses
 * kt_bot_choose_as.  KT_EOVER after the end. */
kt_status kt_bot_choose_fast(kt_bot *b, const kt_state *s, kt_action *out, kt_err *err);
const char *kt_bot_spec(const kt_bot *b);
/* From any thread: end the bot's current decision as soon as possible (it
 * returns the best action found so far); a cancel that arrives between
 * decisions ends the next one at once.  Bots that do not search ignore it. */
void kt_bot_cancel(kt_bot *b);
/* From any thread: is the bot deciding now, and how many simulations has the
 * current (or last) decision run?  For "thinking..." displays. */
typedef struct kt_bot_progress {
    int thinking;
    long long simulations;
} kt_bot_progress;
void kt_bot_progress_get(const kt_bot *b, kt_bot_progress *out);
/* Cap every decision's thinking time at `ms` milliseconds (0: no cap), over
 * whatever budget the spec gives.  Set it before kt_bot_choose_as, not during. */
void kt_bot_set_time_cap(kt_bot *b, long long ms);
/* Does this spec name a bot option that reads files (KT_OPT_PATH, e.g.
 * "file=my.bot")?  Hosts serving untrusted clients refuse such specs.
 * Returns 0 for unknown bots (kt_bot_new reports those). */
int kt_bot_spec_reads_files(const kt_game *g, const char *spec);
/* Do these options (as for kt_game_new) name an option of type KT_OPT_PATH?
 * Check before kt_game_new: reading happens while the game is set up. */
int kt_options_read_files(const char *game, const char *options);
/* Were options of type KT_OPT_PATH given to this configuration? */
int kt_game_reads_files(const kt_game *g);
/* Search iterations (simulations) the bot has run since it was created,
 * over all its threads; 0 for bots that do not search. */
long long kt_bot_simulations(const kt_bot *b);
void kt_bot_free(kt_bot *b);

/* Bots re-seeded between games (for simulators that play many games of one
 * configuration, such as `kontor sim`): the bot from now on chooses exactly
 * as kt_bot_new(its game, kt_bot_spec(b), seed, ...) would have made it,
 * without being created again (its memory is kept).  Call it
 * between decisions.  KT_EINVAL when this kind of bot cannot be re-seeded
 * (nothing changes: make a new one with kt_bot_new). */
kt_status kt_bot_reseed(kt_bot *b, uint64_t seed, kt_err *err);
/* Fill `err` (when not NULL) with `code` and the printf-style message (cut
 * at KT_ERRLEN) and return `code`, as the library does: for hosts that
 * report their own errors in a kt_err (the `kontor` command's simulations). */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
kt_status kt_seterr(kt_err *err, kt_status code, const char *fmt, ...);

/* ---- records ------------------------------------------------------------------ */

/* A record is options + seed + player count + actions (as text).  Replaying
 * it gives the identical final state. */
typedef struct kt_record kt_record;

kt_record *kt_record_new(const kt_game *g);
/* Append an action of `player` that is about to be applied to `before`
 * (KT_TO_MOVE or the player to move: the plain form; another pending
 * player, see kt_pending: stored with its player).  Keeps a copy of the
 * text; KT_ENOMEM on allocation failure, KT_EINVAL for a bad player (the
 * record is unchanged). */
kt_status kt_record_add_as(kt_record *r, const kt_state *before, int player, kt_action a);
/* The player who took action i when it was not the player to move, else -1. */
int kt_record_actor(const kt_record *r, int i);
/* Optional per-seat labels ("human", "bot:bmu"). */
kt_status kt_record_set_seat(kt_record *r, int seat, const char *label);
int kt_record_length(const kt_record *r);
const char *kt_record_action(const kt_record *r, int i);
const char *kt_record_seat(const kt_record *r, int seat);
void kt_record_truncate(kt_record *r, int n);
KT_STRING char *kt_record_json(const kt_record *r);
/* Parse a record and rebuild its configuration.  The record keeps its own
 * copy of everything it needs.  Actions are not applied yet. */
kt_status kt_record_load(const char *json, const kt_allocator *alloc,
                         kt_record **rec_out, kt_game **game_out, kt_err *err);
/* Replay the first n actions (n < 0: all) from the start position into s. */
kt_status kt_record_replay(const kt_record *r, const kt_game *g, int n,
                           kt_state *s, kt_err *err);
void kt_record_free(kt_record *r);

/* ---- sessions --------------------------------------------------------------------- */

/* A session is one game being played: its configuration and state, the
 * history of states before each action (undo, the game log), the record and
 * a cache of bots, driven by JSON requests that return JSON replies, one line
 * each (docs/protocol.md).  `kontor protocol`, `kontor play`, `kontor serve`
 * and the Python package all use it.
 *
 * Every request is made on behalf of a `seat`:
 *   KT_OMNISCIENT  the host: every command, any player (a trusted program);
 *   0..players-1   a player's connection: sees only that player's view and
 *                  the events they may see, acts only for that player, may
 *                  not start, load, undo or read the full state;
 *   KT_SPECTATOR   a spectator: public views and events only, no actions.
 * A session is used by one thread at a time, except kt_session_cancel and
 * kt_session_progress, which may be called from any thread. */
typedef struct kt_session kt_session;

typedef struct kt_session_limits {
    int allow_files;      /* options and bots that read files (KT_OPT_PATH) */
    int allow_full_state; /* "state", "load", omniscient views, logs and records */
    int max_undo;         /* actions that can be taken back; 0 = all */
    size_t max_request;   /* bytes of one request; 0 = 16 MiB */
    long long max_bot_ms; /* cap on a bot's thinking time per decision; 0 = none */
    size_t max_history;   /* bytes of past states kept (undo, log); 0 = 256 MiB;
                             older log entries are rebuilt by replaying */
} kt_session_limits;

/* Limits for a trusted local host: everything allowed. */
void kt_session_limits_trusted(kt_session_limits *l);
/* Limits for a server facing untrusted clients: no files, no full state,
 * undo depth 100, requests up to 1 MiB, bots at most 10 s per decision. */
void kt_session_limits_server(kt_session_limits *l);

/* lim NULL: trusted.  The allocator (NULL: malloc) is used for the session's
 * own memory, its games, states and bots, and its replies. */
kt_status kt_session_new(const kt_session_limits *lim, const kt_allocator *alloc,
                         kt_session **out, kt_err *err);
void kt_session_free(kt_session *s);

/* Handle one request (JSON text of `len` bytes, no trailing newline needed)
 * for `seat`; returns the reply as one line of JSON without a newline
 * (kt_free).  Out of memory gives a short error reply
 * {"ok":false,"error":"nomem",...} (the session keeps one in reserve, made
 * from its allocator), or NULL when the allocator fails again before that
 * reserve could be made anew (callers must check).  *quit (if given) is set to 1 after a
 * "quit" request. */
KT_STRING char *kt_session_request(kt_session *s, int seat, const char *req, size_t len,
                                   int *quit);

/* From any thread: end the bot decision running in this session (the bot
 * answers with its best action so far). */
void kt_session_cancel(kt_session *s);
/* From any thread: progress of the bot decision running now. */
void kt_session_progress(kt_session *s, kt_bot_progress *out);

/* Direct read access for C hosts (NULL before "new"/"load").  The pointers
 * stay valid until the next request. */
const kt_game *kt_session_game(const kt_session *s);
const kt_state *kt_session_state(const kt_session *s);
const kt_record *kt_session_record(const kt_session *s);

/* ---- component statistics ---------------------------------------------------------- */

/* Some games can say which components a configuration has and which of them
 * an action acquires (Dominion: the kingdom cards, Events, Traits and base
 * piles, and the card an action buys), so that studies can count how often
 * acquiring each goes with winning (`kontor sim --cards`).  A Trait-like
 * component rides on another: acquiring `on` counts for it as well. */
#define KT_STAT_NAME 48
typedef struct kt_stat_item {
    char name[KT_STAT_NAME];
    int kind;               /* index into the game's kinds (kt_stats_kind) */
    char on[KT_STAT_NAME];  /* "" or the component whose acquisition counts for this one */
} kt_stat_item;

/* What a game's statistics are about: the kinds of component (kinds[k]:
 * "kingdom", "event", ...; kt_stat_item.kind indexes them), a caption per
 * kind for charts and a heading.  NULL when the game has no component
 * statistics. */
#define KT_STAT_KINDS 8
typedef struct kt_stats_info {
    const char *heading;
    int nkinds;
    const char *kinds[KT_STAT_KINDS];
    const char *captions[KT_STAT_KINDS];
} kt_stats_info;
const kt_stats_info *kt_stats_info_of(const char *game);
/* The components of g's configuration: up to `cap` into out, their number in
 * *n.  KT_EUNKNOWN when the game has no component statistics. */
kt_status kt_stats_items(const kt_game *g, kt_stat_item *out, int cap, int *n, kt_err *err);
/* The component `a` acquires in s (name into `name`): 1, or 0 when none (or
 * the game has no statistics).  Depends on the action code alone. */
int kt_stats_acquired(const kt_game *g, const kt_state *s, kt_action a, char *name, size_t cap);

/* ---- post-game analysis ------------------------------------------------------------ */

/* How well did one seat play (docs/analysis.md)?  For each decision of that
 * seat with more than one legal action:
 *   1. a search (the bot "mcts") from the seat's information only finds the
 *      action it prefers - it samples everything the seat could not see
 *      (kt_determinize), so nothing hidden from the player is ever read;
 *   2. the action played and the preferred one are each played on to the
 *      end of the game by the game's heuristic bot for every player, in the
 *      same sampled worlds (the same unseen cards, the same future dice and
 *      shuffles for both), which gives the seat's chance to win after each,
 *      the difference ("loss") and its standard error from the paired
 *      results.  A loss that is not clearly above the noise (z standard
 *      errors) is not a mistake.
 * "Win chance" is the seat's expected share of the win: 1 for winning
 * alone, 1/k for a win shared by k players, 0 otherwise (kt_result.reward),
 * the quantity the bots maximise.  Where the playouts reach the end, the
 * expected final points, place and the chance to win alone are given too.
 *
 * Options, "key=value;key=value" (kt_analysis_options lists them with their
 * help): budget (simulations per decision, default 1000: half for the
 * search, half for the playouts), search and worlds (the two halves set
 * one by one), seed, threads, depth (playout length; -1 = to the end),
 * policy (heuristic|random: who plays the playouts), z, from and to (the
 * part of the record), mcts (further options of the search, "c=1.5:depth=10")
 * and time (milliseconds per decision instead of a budget).
 *
 * Reproducible: the same record, seat, options and engine give the same
 * result, whatever the number of threads (each decision draws from its own
 * generator, seeded by the seed and the decision's action number) - except
 * with time=, whose amount of work depends on the machine.
 *
 * Memory: an analysis keeps a copy of the state before each analysed
 * decision; it, its states and its search bots use the configuration's
 * allocator (called from the analysis's threads when threads= > 1).  Threads: one analysis is driven from one thread at a time;
 * kt_analysis_cancel and kt_analysis_progress_get may be called from any. */
typedef struct kt_analysis kt_analysis;

enum {
    KT_MOVE_OK = 0,          /* no loss beyond the noise, or below 5 points of win chance */
    KT_MOVE_INACCURACY = 1,  /* lost 5 or more percentage points of win chance */
    KT_MOVE_MISTAKE = 2,     /* 10 or more */
    KT_MOVE_BLUNDER = 3      /* 15 or more (lichess's limits, see docs/analysis.md) */
};

/* One analysed decision.  Win chances are in [0, 1]; values that could not
 * be measured are NaN (score, place and win-alone when playouts were cut
 * by depth=; everything about the played action in a position analysis
 * without one). */
typedef struct kt_analysis_move {
    int index;             /* actions applied before it (in a record: its number, 0-based) */
    uint32_t turn;         /* kt_turn_number there */
    int legal;             /* how many legal actions the seat had */
    int done;              /* 1 once analysed (0: not yet, or cancelled) */
    int has_played;        /* 0 only for a position analysed without a move */
    kt_action played;      /* the action taken */
    kt_action best;        /* the action the search preferred (may equal played) */
    double win_played;     /* win chance after the action taken */
    double win_best;       /* win chance after the preferred action */
    double win_before;     /* the position's value: the larger of the two */
    double loss;           /* win_best - win_played over the same worlds (may be < 0) */
    double loss_se;        /* its standard error (0 when the two are the same action) */
    double score_played, score_best; /* expected final points */
    double place_played, place_best; /* expected place, 1 = first */
    double alone_played, alone_best; /* chance to win without sharing the win */
    int worlds;            /* sampled worlds both actions were played in */
    long long simulations; /* search iterations + playouts spent on it */
    int severity;          /* KT_MOVE_* */
} kt_analysis_move;

typedef struct kt_analysis_progress {
    int decisions;         /* decisions to analyse */
    int done;              /* analysed so far */
    long long simulations; /* spent so far */
    int running;           /* kt_analysis_run is working */
    int cancelled;         /* the last run was cancelled before the end */
} kt_analysis_progress;

/* The options an analysis accepts (name, type, default, range, help). */
const kt_optinfo *kt_analysis_options(int *n);
/* Prepare the analysis of `seat`'s decisions in a record (g and r from
 * kt_record_load; the record is replayed and checked here, and may end
 * before the game does).  Nothing is searched yet.  Errors: a bad seat or
 * option, a record that does not replay.  g must outlive the analysis. */
kt_status kt_analysis_new(const kt_game *g, const kt_record *r, int seat, const char *options,
                          kt_analysis **out, kt_err *err);
/* The same for one position: player `player` (who must have a decision
 * pending in s) and, when `played` is not NULL, the action they took or
 * consider (it must be legal).  Without it the result is the search's
 * choice and its win chance: "what would the bot do?".  A position with
 * a single legal action is analysed too. */
kt_status kt_analysis_new_position(const kt_game *g, const kt_state *s, int player,
                                   const kt_action *played, const char *options,
                                   kt_analysis **out, kt_err *err);
/* Analyse every decision not analysed yet (threads= of them at once; the
 * calling thread waits and calls `progress`, when not NULL, after each
 * decision; a non-zero return cancels).  Returns KT_OK also when cancelled
 * (what was done stays; kt_analysis_progress_get says cancelled, and a
 * later call goes on with the rest).  Errors: out of memory, a failing bot. */
typedef int (*kt_analysis_cb)(void *ud, const kt_analysis_progress *p);
kt_status kt_analysis_run(kt_analysis *a, kt_analysis_cb progress, void *ud, kt_err *err);
/* From any thread: end the running (or the next) kt_analysis_run soon;
 * decisions in progress are dropped, not half done. */
void kt_analysis_cancel(kt_analysis *a);
void kt_analysis_progress_get(const kt_analysis *a, kt_analysis_progress *out);
int kt_analysis_seat(const kt_analysis *a);
/* Canonical options: every option that shapes the result, with its value
 * ("budget=1000;search=500;...": not threads, which does not). */
const char *kt_analysis_options_text(const kt_analysis *a);
/* Decisions with a choice in the analysed part (in record order), and
 * those with a single legal action, which are skipped. */
int kt_analysis_count(const kt_analysis *a);
int kt_analysis_forced(const kt_analysis *a);
/* Decision i (0 <= i < count), NULL out of range.  Valid until free. */
const kt_analysis_move *kt_analysis_move_at(const kt_analysis *a, int i);
/* The TRUE state before decision i (hidden information included: show it
 * to the seat only through views with viewer = the seat). */
const kt_state *kt_analysis_position(const kt_analysis *a, int i);
/* The decision that lost the k-th most (k = 0: the costliest), counting
 * only analysed ones; -1 past the end. */
int kt_analysis_ranked(const kt_analysis *a, int k);
/* Everything as JSON for programs and web views (docs/analysis.md: the
 * moves with their texts as the seat saw them, in `lang`, the ranking,
 * the record's result).  Released with kt_free (the configuration's
 * allocator); NULL when out of memory. */
KT_STRING char *kt_analysis_json(const kt_analysis *a, int lang);
void kt_analysis_free(kt_analysis *a);

/* ---- reproducible randomness for hosts -------------------------------------------- */

/* kontor's own generator (xoroshiro128++ seeded through splitmix64, integer
 * arithmetic only: the same seed gives the same numbers on every machine),
 * for hosts whose own random picks must be reproducible: a simulator's
 * random play, a benchmark, a calibration's noise.  It is the generator
 * inside every state (which the state keeps for itself). */
typedef struct kt_random {
    uint64_t s[2];
} kt_random;
void kt_random_seed(kt_random *r, uint64_t seed);
/* kt_random_next and kt_random_below are defined here as inline functions
 * (C99 `inline`: the library exports the same functions, for bindings and
 * for calls the compiler does not inline), so that a host's loop draws
 * without a call: one call per random action was a measurable part of
 * kontor bench's random games.  The engine's own draws (src/core/rng.h)
 * are these functions. */
#if defined(__cplusplus) || (defined(__STDC_VERSION__) && __STDC_VERSION__ >= 199901L && \
                             !defined(__GNUC_GNU_INLINE__))
#define KT_INLINE inline
#else /* GNU89 inline semantics: "extern inline" is the inline-only definition */
#define KT_INLINE extern __inline__ __attribute__((__gnu_inline__))
#endif
/* The next 64 bits (one xoroshiro128++ step). */
KT_INLINE uint64_t kt_random_next(kt_random *r)
{
    uint64_t s0 = r->s[0], s1 = r->s[1], sum = s0 + s1;
    uint64_t out = ((sum << 17) | (sum >> 47)) + s0;
    s1 ^= s0;
    r->s[0] = ((s0 << 49) | (s0 >> 15)) ^ s1 ^ (s1 << 21);
    r->s[1] = (s1 << 28) | (s1 >> 36);
    return out;
}
/* Uniform integer in [0, n) without modulo bias (Lemire's multiply-and-
 * reject method on the high 32 bits); n >= 1 (0 for n == 0, drawing
 * nothing). */
KT_INLINE uint32_t kt_random_below(kt_random *r, uint32_t n)
{
    uint64_t m;
    uint32_t lo;
    if (n == 0)
        return 0;
    m = (kt_random_next(r) >> 32) * (uint64_t)n;
    lo = (uint32_t)m;
    if (lo < n) {
        uint32_t t = (uint32_t)(0u - n) % n;
        while (lo < t) {
            m = (kt_random_next(r) >> 32) * (uint64_t)n;
            lo = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}
/* Uniform double in [0, 1). */
double kt_random_unit(kt_random *r);
/* An independent seed for stream `stream` of `seed` (game k of a study:
 * kt_seed_mix(seed, k)); touches no generator. */
uint64_t kt_seed_mix(uint64_t seed, uint64_t stream);

/* ---- Aliases kept until kontor 2.0 ------------------------------------------------- */

/* Every operation above has one form.  These older names of the same
 * operations stay exported, with the same behaviour, so that programs
 * written for kontor 0.x keep building and linking; kontor 2.0 removes
 * them.  New code uses the one forms (scripts/refactor/issue27-one-form.sh
 * rewrites calls to the aliases). */
/* = kt_legal_as(g, s, KT_TO_MOVE, buf, cap) */
int kt_legal(const kt_game *g, const kt_state *s, kt_action *buf, int cap);
/* = kt_apply_as(g, s, KT_TO_MOVE, a, err) */
kt_status kt_apply(const kt_game *g, kt_state *s, kt_action a, kt_err *err);
/* = kt_action_parse_as(g, s, KT_TO_MOVE, text, out, err) */
kt_status kt_action_parse(const kt_game *g, const kt_state *s, const char *text,
                          kt_action *out, kt_err *err);
/* = kt_action_text_as(g, s, KT_TO_MOVE, a, viewer, lang, buf, cap) */
size_t kt_action_text(const kt_game *g, const kt_state *s, kt_action a,
                      int viewer, int lang, char *buf, size_t cap);
/* = kt_prompt_as(g, s, KT_TO_MOVE, lang) */
KT_STRING char *kt_prompt(const kt_game *g, const kt_state *s, int lang);
/* = kt_menu_item_get_as(g, s, KT_TO_MOVE, a, lang, out) */
void kt_menu_item_get(const kt_game *g, const kt_state *s, kt_action a, int lang,
                      kt_menu_item *out);
/* = kt_action_index_as(g, s, KT_TO_MOVE, a) */
int kt_action_index(const kt_game *g, const kt_state *s, kt_action a);
/* = kt_index_action_as(g, s, KT_TO_MOVE, index, out, err) */
kt_status kt_index_action(const kt_game *g, const kt_state *s, int index, kt_action *out,
                          kt_err *err);
/* = kt_legal_indices_as(g, s, KT_TO_MOVE, out, cap) */
int kt_legal_indices(const kt_game *g, const kt_state *s, int *out, int cap);
/* = kt_bot_choose_as(b, s, KT_TO_MOVE, out, err) */
kt_status kt_bot_choose(kt_bot *b, const kt_state *s, kt_action *out, kt_err *err);
/* = kt_record_add_as(r, before, KT_TO_MOVE, a) */
kt_status kt_record_add(kt_record *r, const kt_state *before, kt_action a);
/* = kt_observe(g, s, player, lang, &out, NULL), returning out (NULL on error) */
KT_STRING char *kt_observe_json(const kt_game *g, const kt_state *s, int player, int lang);
/* = kt_render_text(g, s, viewer, lang, &out, NULL), returning out (NULL on error) */
KT_STRING char *kt_render(const kt_game *g, const kt_state *s, int viewer, int lang);

/* ---- version ------------------------------------------------------------------------ */

/* The one place of the version numbers: the Makefile (soname, kontor.pc),
 * the install test and the Python package read them from here (Python in
 * the source tree reads this header; `make install` copies the numbers
 * into the installed package's kontor/_install.py). */
#define KT_VERSION_MAJOR 0
#define KT_VERSION_MINOR 2
#define KT_VERSION_PATCH 0
/* The ABI version: the shared library's soname is libkontor.so.KT_ABI_VERSION;
 * it changes whenever a program built against the previous library would
 * break (docs/embedding.md, "Versions and the ABI policy"). */
#define KT_ABI_VERSION 2
#define KT_STR_(x) #x
#define KT_STR(x) KT_STR_(x)
/* "MAJOR.MINOR.PATCH" */
#define KT_VERSION KT_STR(KT_VERSION_MAJOR) "." KT_STR(KT_VERSION_MINOR) "." KT_STR(KT_VERSION_PATCH)
/* The library's version at run time ("0.2.0"), to compare with the header's. */
const char *kt_version(void);
/* Major * 10000 + minor * 100 + patch. */
int kt_version_number(void);

#if defined(__GNUC__) && !defined(KT_NO_VISIBILITY)
#pragma GCC visibility pop
#endif

#ifdef __cplusplus
}
#endif
#endif
