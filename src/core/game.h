/*
 * game.h - the contract between the engine core and each game / bot.
 *
 * Every game lives in src/games/<name>/ and defines exactly one
 *     const kt_gamedef kt_game_<name>;
 * (the build generates the registry from the folder names).  The core
 * implements the public API (kontor.h) on top of this table; bots use only
 * the public API, so every bot works for every game.
 *
 * State layout: a game's state struct begins with a kt_state_hdr, followed
 * by the game's own fields.  It contains no pointers; everything refers to
 * the game's const tables by index.  The core zeroes the whole block before
 * init/load, so padding bytes are always zero and byte-wise hashing and
 * comparison are meaningful.
 *
 * Rule code (legal, apply, determinize, evaluate, bots' choose) must not
 * allocate and must not touch anything outside the state and const config.
 */
#ifndef KT_GAME_H
#define KT_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "util/buf.h"
#include "util/json.h"
#include "kontor/kontor.h"
#include "opts.h"
#include "rng.h"

/* Debug-build invariant checks; documentation in release builds. */
#ifdef NDEBUG
#define KT_ASSERT(c) ((void)0)
#else
#include <assert.h>
#define KT_ASSERT(c) assert(c)
#endif

#define KT_UNUSED(x) ((void)(x))
/* A mark of obs_vector_marked (below): cells [at, at + n) of an
 * observation, at and n under 65536. */
#define KT_OBS_MARK(at, n) ((uint32_t)(at) | (uint32_t)(n) << 16)
/* Bytes of an observation row's memo (obs_vector_marked, below): FWM
 * keeps there what its cards and player blocks were made of (learn.c). */
#define KT_OBS_MEMO 1024

enum { KT_RUNNING = 0, KT_FINISHED = 1, KT_STOPPED = 2 };

typedef struct kt_state_hdr {
    uint32_t magic;      /* the game's magic: a state of another game is rejected */
    uint32_t size;       /* bytes of the whole state struct */
    kt_rng rng;          /* all randomness of the game */
    uint64_t nactions;   /* actions applied since the start */
    uint32_t turn;       /* game-specific turn counter (see kt_turn_number) */
    int8_t to_move;      /* player who decides now; -1 when over */
    int8_t turn_player;  /* whose turn it is; -1 outside turns */
    uint8_t decision;    /* game-specific decision kind, index into decision_names */
    uint8_t status;      /* KT_RUNNING, KT_FINISHED, KT_STOPPED */
} kt_state_hdr;

/* The opaque public kt_state is any game's state; the header comes first.
 * A game's state struct must not need more alignment than KT_STATE_ALIGN. */
struct kt_state {
    kt_state_hdr h;
};
_Static_assert(_Alignof(kt_state_hdr) <= KT_STATE_ALIGN, "states are KT_STATE_ALIGN aligned");

typedef struct kt_gamedef kt_gamedef;
typedef struct kt_statsdef kt_statsdef;
/* Sink for game-log events (see kt_log_add); the core owns it and filters
 * by viewer. */
typedef struct kt_log kt_log;

/* Immutable configuration; games read their options and cfg from here. */
struct kt_game {
    const kt_gamedef *def;
    int nplayers;
    uint64_t seed;
    kt_optval *opts;        /* one per def->info.opts entry */
    long long turn_limit;   /* common option; 0 = none */
    char *canon;            /* canonical options string */
    void *cfg;              /* game's derived configuration (kt_game_alloc) */
    size_t cfg_size;
    size_t state_size;      /* set by setup */
    int max_legal;          /* set by setup; <= KT_LEGAL_MAX */
    kt_allocator alloc;
};

/* Bots: game-specific ones are listed in the gamedef, generic ones in
 * src/bots.  `ud` is the bot's private data (allocated in create, the only
 * place a bot may allocate, through g->alloc (core/mem.h); destroy gets
 * only ud, so the bot keeps a copy of the allocator to free it with). */
/* Host control of a running bot, shared between the thread that asks the bot
 * and any other thread (cancel, progress).  It lives in the kt_bot; search
 * bots receive a pointer at creation (botdef.control). */
typedef struct kt_botctl {
    _Atomic int cancel;             /* set: end the current (or next) decision now */
    _Atomic long long progress;     /* simulations of the current decision so far */
    _Atomic int thinking;           /* 1 while a decision is being searched */
    long long max_ms;               /* host's cap on a decision's thinking time; 0 none */
} kt_botctl;

typedef struct kt_botdef {
    kt_botinfo info;
    kt_status (*create)(const kt_game *g, const kt_optval *opts, uint64_t seed, void **ud,
                        kt_err *err);
    /* Choose for kt_to_move(s).  Must return a legal action. */
    kt_status (*choose)(void *ud, const kt_game *g, const kt_state *s, kt_action *out,
                        kt_err *err);
    void (*destroy)(void *ud);
    /* Optional: receive the host control block (bots that think long). */
    void (*control)(void *ud, kt_botctl *ctl);
    /* Optional: turn ud into exactly what create() with the same game and
     * options would have made with `seed`, reusing its memory, so that a
     * host playing many games of one configuration (kontor sim) need not
     * create and destroy the bots for every game.  Never allocates. */
    void (*reseed)(void *ud, uint64_t seed);
} kt_botdef;

struct kt_gamedef {
    kt_gameinfo info;
    uint32_t magic;
    const kt_botdef *bots;
    int nbots;

    /* Build the configuration: read options (g->opts), allocate g->cfg with
     * kt_game_alloc, set g->state_size (>= sizeof hdr) and g->max_legal.  May
     * fix options drawn at random (kt_game_set_opt) so that the canonical
     * options reproduce the configuration.  Errors name the bad option. */
    kt_status (*setup)(kt_game *g, kt_err *err);

    /* Start position.  The core has zeroed s and filled magic, size and rng
     * (seeded from the game seed, or the seed of kt_state_init_seed); init
     * sets everything else and draws randomness only from hdr.rng, never
     * from g->seed (so one configuration can deal many games). */
    void (*init)(const kt_game *g, kt_state *s);

    /* Optional: zero a state of this game that the engine wrote (any
     * position, running or over) by clearing only the parts in use (counted
     * zones, the header, fixed fields): every byte of g->state_size must be
     * zero afterwards, as the engine keeps unused slots zero.  Used by
     * kt_state_restart for simulators that deal many games into one buffer;
     * must stay memory-safe for any bytes (clamp counts to capacities).
     * NULL: the core clears the whole state. */
    void (*clear)(const kt_game *g, kt_state *s);

    /* Legal actions for hdr.to_move into buf (capacity g->max_legal);
     * returns the count, > 0 while running.  Deterministic order. */
    int (*legal)(const kt_game *g, const kt_state *s, kt_action *buf);

    /* Apply a legal action and run the rules until the next decision or the
     * end (status FINISHED, to_move -1).  Updates hdr.to_move/decision/turn. */
    void (*apply)(const kt_game *g, kt_state *s, kt_action a);

    /* Text of an action as `viewer` may see it (-1 omniscient), in `lang`.
     * Must accept ANY code, legal or not (error messages and the protocol
     * pass arbitrary ones): range-check every field and print something
     * like "unknown action" rather than index a table out of bounds. */
    void (*action_text)(const kt_game *g, const kt_state *s, kt_action a, int viewer, int lang,
                        kt_buf *out);

    /* Optional: explain why normalized `text` matches no legal action; return
     * KT_EUNKNOWN when the words are not understood, KT_EILLEGAL when they
     * are but not allowed now.  `lang`: the language of the message
     * (KT_LANG_EN/KT_LANG_DE), or -1 for the language of the words typed.
     * NULL: the core lists the legal actions. */
    kt_status (*explain)(const kt_game *g, const kt_state *s, const char *text, int lang,
                         kt_buf *out);

    /* Name of decision kind i; NULL for every i past the last kind (the
     * loader enumerates names until NULL). */
    const char *(*decision_name)(int decision);
    void (*prompt)(const kt_game *g, const kt_state *s, int lang, kt_buf *out);

    /* Scores, ranks, winners and length.  The core sets nplayers, finished
     * and reward.  Called only when the status is not RUNNING. */
    void (*result)(const kt_game *g, const kt_state *s, kt_result *r);

    /* Heuristic win chances in [0,1] for a running state. */
    void (*evaluate)(const kt_game *g, const kt_state *s, double *out);

    /* Resample in place everything `player` cannot see, consistently with
     * what they know, using only `rng`.  The core reseeds hdr.rng after.
     * The result must depend only on the player's information set and rng:
     * two states that differ only in hidden information must give the same
     * determinization for the same rng (e.g. sort hidden cards into a
     * canonical order before shuffling them), so search bots cannot peek. */
    void (*determinize)(const kt_game *g, kt_state *s, int player, kt_rng *rng);

    /* Views.  observe writes the game's members into an object the core has
     * opened (player -1: spectator) and already filled with the reserved
     * keys game, players, you, status, to_move, turn_player, decision and
     * turn (a game must not write these again: duplicate keys make the
     * JSON invalid).  save writes the full "state" object;
     * load reads it back into a zeroed state whose header the core has
     * filled, validating every field (return 1 on success, else kt_jr_fail).
     * The core then runs check() and rejects states that fail it. */
    void (*observe)(const kt_game *g, const kt_state *s, int player, int lang, kt_jw *w);
    void (*save)(const kt_game *g, const kt_state *s, kt_jw *w);
    int (*load)(const kt_game *g, const kt_jv *state, kt_state *s, kt_jr *r);
    void (*render)(const kt_game *g, const kt_state *s, int viewer, int lang, kt_buf *out);
    void (*components)(int lang, kt_buf *out);

    /* Invariants (conservation, ranges, consistency of the pending decision).
     * Returns 1 when fine, else 0 with a description in why. */
    int (*check)(const kt_game *g, const kt_state *s, kt_buf *why);

    /* Optional: the game log.  Describe what applying `a` to `before`
     * (which gave `after`) did, as events (kt_log_add), each with the set
     * of players allowed to see it: dice rolled and what they produced,
     * cards drawn/gained/trashed/revealed and why, attacks and their
     * outcome, trades, hidden choices revealed, final points.  The core
     * writes the action itself first (kind "action"); the game adds what
     * followed.  Not on the hot path: may compare the two states, or
     * re-run the rules on a copy of `before` with its own tracing.  NULL:
     * the log holds only the actions. */
    void (*events)(const kt_game *g, const kt_state *before, kt_action a, const kt_state *after,
                   kt_log *out);

    /* Optional: several players deciding at once (sealed bids).  Returns
     * the set of players (bit p) who have a decision pending now; the set
     * always contains hdr.to_move while running.  A pending player p other
     * than hdr.to_move is served by the same legal/apply/prompt/action_text
     * functions on a copy of the state whose hdr.to_move is p (the core
     * does this; see kt_legal_as), so the game writes its rules for
     * "the player to move" only.  apply must then pick the next hdr.to_move
     * among those still pending, and the order in which pending players
     * answer must not change the outcome.  A committed but unrevealed
     * choice stays out of other players' views and action texts, and
     * determinize resamples it.  NULL: only hdr.to_move decides. */
    uint32_t (*pending)(const kt_game *g, const kt_state *s);

    /* Optional: explain one component (card, Trait, Event, tile, character,
     * goal card, progress card ...) named `name` (normalized by
     * kt_text_norm; English or German name) in `lang`, in the project's own
     * words.  Returns 1 when found.  Backs `help NAME` in play and
     * `kontor games GAME NAME`. */
    int (*describe)(const char *name, int lang, kt_buf *out);

    /* Optional: how an action appears in a menu (kt_menu_item in kontor.h):
     * a sort rank, a submenu group and an optional key typed to pick it
     * (Catan: the vertex number printed on the map).  Front ends sort by
     * rank (stable), fold groups, and number the items without a key.
     * Keys must be unique among the legal actions.  Leaves *out zeroed to
     * say nothing.  Same contract as action_text (any code).  Not used by
     * kt_legal: the legal order (and so random play) stays as it is. */
    void (*menu_item)(const kt_game *g, const kt_state *s, kt_action a, int lang,
                      kt_menu_item *out);

    /* Optional: what action `a` acts on (kt_action_info in kontor.h): a
     * stable verb, targets (kind + the id the observation JSON uses for
     * that thing) and costs.  Same contract as action_text (any code; a
     * state already copied as the acting player's).  Leaves *out zeroed
     * to say nothing; the core bounds ntargets/ncosts and terminates the
     * strings. */
    void (*action_info)(const kt_game *g, const kt_state *s, kt_action a, kt_action_info *out);

    /* Optional: decision kind i's name for people in `lang` (NULL past the
     * last kind or when untranslated: the core falls back to the stable
     * decision_name). */
    const char *(*decision_label)(int decision, int lang);

    /* Bot specs behind the level names "easy", "medium" and "hard" (e.g.
     * "random", "heuristic", "mcts:time=1000"); NULL entries fall back to
     * random / heuristic / mcts:time=1000. */
    const char *levels[3];

    /* Optional one-line notice shown on the start screen and by `kontor
     * games`, e.g. that component data was reconstructed (with the doc). */
    const char *notice;

    /* Optional: a fixed action space for learning (docs/python.md): every
     * action the configuration can ever offer has a stable index in
     * [0, action_space(g)), the same in every state and every kontor version
     * (documented in the game's page).  action_index maps a legal action of
     * `s` to its index (-1 if none); index_action maps back (0 when the
     * index means no legal action of `s`). */
    int (*action_space)(const kt_game *g);
    int (*action_index)(const kt_game *g, const kt_state *s, kt_action a);
    kt_action (*index_action)(const kt_game *g, const kt_state *s, int index);
    /* Optional: a numeric observation of fixed length obs_size(g) for
     * `player` (only what that player may see; -1 spectator), documented
     * field by field in the game's page.  The core hands obs_vector a
     * buffer of obs_size(g) zeros (kt_obs_vector, the vector environment),
     * so an encoder writes only what is not zero. */
    int (*obs_size)(const kt_game *g);
    void (*obs_vector)(const kt_game *g, const kt_state *s, int player, float *out);
    /* Optional, beside obs_vector: the same observation (out is zeros), and
     * up to `cap` marks KT_OBS_MARK(first cell, cells) of where it may have
     * written anything not zero that another call (any position or player
     * of the configuration) might not write again; a cell every call writes
     * needs no mark.  Returns the marks, or -1 when it needed more than cap.
     * The vector environment then clears only the marked cells before the
     * row's next observation instead of the whole row (16 KB in Marco Polo
     * II, a fifth of a step); with obs_size(g) over 65535 it is not asked.
     * memo (NULL: none) is KT_OBS_MEMO bytes kept with the row by the
     * caller and written by nothing but this hook: all zero when the caller
     * knows nothing of the row (it was zeroed, or a call gave -1); not zero
     * only when out holds this hook's last observation with that memo, its
     * marked cells zeroed.  An encoder may note there which cells it wrote
     * and leave those the row already holds (FWM: its cards, player and
     * area blocks when what they are made of did not change; Marco Polo
     * II: its one-hot groups); out is then not zeros, but every cell that
     * differs from the new observation must be marked or be one the memo
     * says is to be rewritten. */
    int (*obs_vector_marked)(const kt_game *g, const kt_state *s, int player, float *out,
                             uint32_t *marks, int cap, uint8_t *memo);

    /* German help for the options: opt_help_de[i] belongs to info.opts[i]
     * (NULL array or entry: the English help is shown). */
    const char *const *opt_help_de;
    /* German title and summary (NULL: the English ones). */
    const char *title_de, *summary_de;
    /* What kt_result.turns counts, plural, in English and German ("rounds",
     * "Runden"); NULL: "turns", "Züge".  Screens, logs, end screens and sim
     * reports name the length with it. */
    const char *length_unit[2];

    /* Optional: did applying `a` to `before` (giving `after`) show `player`
     * anything that was hidden from them or random: a card drawn or
     * revealed, a die rolled, a shuffle, a tile turned, a sealed choice
     * revealed?  Returns 1 if so.  Undo never goes back past such an action
     * for that player (Board Game Arena's rule: what you have seen cannot be
     * unseen), whoever took it.  Must be exact, never guess "no": when in
     * doubt return 1.  NULL: the core treats every action as revealing
     * unless hdr.rng is unchanged and the player's observation equals that
     * of every sampled determinization (src/core/session.c). */
    int (*reveals)(const kt_game *g, const kt_state *before, kt_action a, const kt_state *after,
                   int player);

    /* Optional: a sentence the front end shows and asks the player to
     * confirm before it sends `a` (e.g. Anno 1701: spending the last gold
     * loses the game at once), in `lang`, as the player to move sees it.
     * Writes nothing when the action needs no confirmation.  Same contract
     * as action_text (any code). */
    void (*warn)(const kt_game *g, const kt_state *s, kt_action a, int lang, kt_buf *out);

    /* Optional: options that studies add unless the user set them (kontor
     * sim, tournament, bench, the learning environments): finite bounds
     * that the rules leave open but random play and search need, e.g.
     * "trade_offers=3".  Human play never gets them.  Every study report
     * names them.  NULL: none. */
    const char *study_options;

    /* Learning metadata (kt_game_meta_get): a bound of kt_turn_number that
     * the rules give for every configuration (e.g. a fixed number of
     * rounds when the turn counter counts rounds); 0: the rules give none. */
    uint32_t max_turns;

    /* Optional: component statistics (kt_stats_*, `kontor sim --cards`):
     * which components a configuration has and which one an action
     * acquires.  NULL: the game has none. */
    const kt_statsdef *stats;
};

/* Component statistics of a game (kontor.h "component statistics"). */
struct kt_statsdef {
    /* The kinds of component in report order, their chart captions and the
     * charts' heading (kt_stats_info_of). */
    kt_stats_info info;
    /* The components of g's configuration: writes up to `cap` items and
     * returns how many there are (-1: out of memory). */
    int (*items)(const kt_game *g, kt_stat_item *out, int cap);
    /* The component that `a` acquires in `s` (its name into out, 1), or 0.
     * The answer must depend on the action code alone (callers cache it). */
    int (*acquires)(const kt_game *g, const kt_state *s, kt_action a, char *out, size_t cap);
};

/* A copy of s (allocated with the game's allocator) whose hdr.to_move is
 * `player`: how the core serves a pending player other than to_move.
 * NULL when out of memory.  Free with kt_state_as_free (NULL is fine). */
kt_state *kt_state_as_copy(const kt_game *g, const kt_state *s, int player);
void kt_state_as_free(const kt_game *g, kt_state *s);

/* The one forms of kontor.h take a `player`: KT_TO_MOVE (-1) or a player
 * index.  kt_player_role says how such a call serves it in s: */
typedef enum kt_role {
    KT_ROLE_MOVER, /* KT_TO_MOVE, or kt_to_move(s): the plain code on s itself */
    KT_ROLE_OTHER, /* another pending player (kt_pending): on kt_state_as_copy */
    KT_ROLE_IDLE,  /* a player with nothing to decide now (or the game is over) */
    KT_ROLE_BAD    /* no player of this game: refused, nothing changes */
} kt_role;
kt_role kt_player_role(const kt_game *g, const kt_state *s, int player);
/* The refusal of a call for a KT_ROLE_BAD (KT_EINVAL) or KT_ROLE_IDLE
 * player (KT_EOVER after the end, else KT_EILLEGAL), with its message. */
kt_status kt_player_refuse(const kt_game *g, const kt_state *s, int player, kt_err *err);

/* The one forms for the player to move, without the role check: the bodies
 * behind KT_ROLE_MOVER and behind the aliases kept until kontor 2.0
 * (aliases.c), and the fast path of the core's own loops (hidden symbols,
 * called directly). */
int kt_legal_to_move(const kt_game *g, const kt_state *s, kt_action *buf, int cap);
kt_status kt_apply_to_move(const kt_game *g, kt_state *s, kt_action a, kt_err *err);
kt_status kt_action_parse_to_move(const kt_game *g, const kt_state *s, const char *text,
                                  kt_action *out, kt_err *err);
size_t kt_action_text_to_move(const kt_game *g, const kt_state *s, kt_action a, int viewer,
                              int lang, char *buf, size_t cap);
char *kt_prompt_to_move(const kt_game *g, const kt_state *s, int lang);
void kt_menu_item_to_move(const kt_game *g, const kt_state *s, kt_action a, int lang,
                          kt_menu_item *out);
int kt_action_index_to_move(const kt_game *g, const kt_state *s, kt_action a);
kt_status kt_index_action_to_move(const kt_game *g, const kt_state *s, int index, kt_action *out,
                                  kt_err *err);
int kt_legal_indices_to_move(const kt_game *g, const kt_state *s, int *out, int cap);
kt_status kt_bot_choose_to_move(kt_bot *b, const kt_state *s, kt_action *out, kt_err *err);
kt_status kt_record_add_to_move(kt_record *r, const kt_state *before, kt_action a);
/* kt_action_parse_to_move with the message in `lang` (-1: the game's choice
 * by the words typed). */
kt_status kt_action_parse_in(const kt_game *g, const kt_state *s, const char *text, int lang,
                             kt_action *out, kt_err *err);

/* ---- the game log (events) ---- */

/* Visibility of an event: bit p = player p may see it; KT_VIS_SPECTATOR =
 * spectators may see it.  An omniscient reader (records, referees) sees
 * every event. */
#define KT_VIS_SPECTATOR 0x80000000u
#define KT_VIS_ALL 0xffffffffu
#define KT_VIS_ONLY(p) (1u << (p))
#define KT_VIS_EXCEPT(p) (KT_VIS_ALL & ~(1u << (p)))

/* Add an event: `kind` a short snake_case tag ("roll", "produce", "draw",
 * "gain", "trash", "reveal", "attack", "trade", "score" ...), `player` the
 * player it is about (-1: none), and the sentence in English and German
 * (`de` NULL: the English one is used).  Events the log's viewer may not
 * see are dropped here, so a game may always add both the private and the
 * public form of an event (KT_VIS_ONLY(p) and KT_VIS_EXCEPT(p)). */
void kt_log_add(kt_log *log, uint32_t vis, const char *kind, int player, const char *en,
                const char *de);
#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
/* kt_log_add with one printf-formatted text in the log's language; games
 * call it once per language they write, see kt_log_lang. */
void kt_log_addf(kt_log *log, uint32_t vis, const char *kind, int player, const char *fmt, ...);
/* The language (KT_LANG_EN/DE) and viewer (KT_SPECTATOR, KT_OMNISCIENT or a
 * player) the log is written for: games may skip building text nobody reads. */
int kt_log_lang(const kt_log *log);
int kt_log_viewer(const kt_log *log);
/* The allocator of the text the log is written into (for a hook's scratch
 * buffers: mem.h). */
const kt_allocator *kt_log_alloc(const kt_log *log);
/* Would an event of this visibility be kept? */
int kt_log_visible(const kt_log *log, uint32_t vis);

/* ---- helpers for games ---- */

/* kt_game_new for a definition that is not in the registry (tests use this
 * for small test-only games). */
kt_status kt_game_new_def(const kt_gamedef *d, const char *options, int nplayers, uint64_t seed,
                          const kt_allocator *alloc, kt_game **out, kt_err *err);

/* kt_options_for_study for a definition that is not in the registry (tests,
 * and the study commands, which hold the definition). */
kt_status kt_options_for_study_def(const kt_gamedef *d, const char *options,
                                   const kt_allocator *alloc, char **out, char **added,
                                   kt_err *err);

/* Give a session a configuration and its state made outside it (tests of
 * test-only games, which "new" cannot name): like "new", with a record.
 * The session owns both afterwards, also when this fails (out of memory). */
kt_status kt_session_adopt(kt_session *S, kt_game *g, kt_state *s, kt_err *err);

/* The refusal of an undo in `lang` (guard.c): that an action showed player
 * `saw` (== asker: "you") something hidden or random, `what` it showed as
 * the asker saw it (clipped to a readable length), and how many actions can
 * still be taken back. */
void kt_undo_refusal(kt_buf *out, int lang, int asker, int saw, const char *what, size_t left);

/* Allocate zeroed memory owned by the configuration (freed with it).  Only
 * for setup. */
void *kt_game_alloc(kt_game *g, size_t n);
/* Replace an option value during setup (validated like user input). */
kt_status kt_game_set_opt(kt_game *g, const char *name, const char *value, kt_err *err);
/* Option accessors by name (abort-free: unknown names return 0 / ""). */
long long kt_game_opt_int(const kt_game *g, const char *name);
const char *kt_game_opt_str(const kt_game *g, const char *name);
int kt_game_opt_given(const kt_game *g, const char *name);

/* Generic ranking: players ordered by key1 descending, then key2
 * descending; equal (key1, key2) share a rank and, at the top, the win.
 * key2 may be NULL. */
void kt_result_rank(kt_result *r, int nplayers, const double *key1, const double *key2);

/* Normalize action text for matching: lowercase ASCII, umlauts folded to
 * ae/oe/ue/ss, whitespace collapsed and trimmed. */
void kt_text_norm(const char *in, char *out, size_t cap);

/* Generic bot i (src/bots), usable in every game; NULL past the end. */
const kt_botdef *kt_generic_bot(int i);
/* Simulations an mcts bot (its create() result) has run (src/bots/mcts.c). */
long long kt_mcts_simulations(const void *ud);

/* Registry (generated). */
const kt_gamedef *kt_gamedef_find(const char *name);
int kt_gamedef_count(void);
const kt_gamedef *kt_gamedef_at(int i);

struct kt_bot {
    const kt_botdef *def;
    void *ud;
    const kt_game *g;
    char *spec;
    kt_botctl ctl;
};

/* (kt_bot_choose_fast, the simulators' bot call, is public: kontor.h.) */

#endif
