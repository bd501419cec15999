/*
 * cards.h - component statistics over many games (`--cards FILE` of
 * `kontor sim/tournament GAME`, merged by `kontor merge`), for the games
 * that have them (kt_stats_info_of; Dominion: cards, Events and Traits).
 *
 * For every component (cs_item, by name) the runner counts integers that add
 * up over games, threads and shards:
 *   games        games in which it was in the game (Dominion: kingdom card,
 *                Event, Trait; base cards: every game)
 *   finished     of those, games that ended by the rules
 *   bought       finished games in which somebody acquired it
 *   top_games    finished games in which one player acquired it more
 *                than every other player (a tie for the most does not count)
 *   top_wins     ... and that player won alone;  top_shared: shared the win
 *   sole_games   finished games with a single winner
 *   winner_copies copies the single winner acquired, summed over those
 *   copies       copies acquired by all players in finished games
 * What a game has and what an action acquires comes from the game
 * (kt_stats_items, kt_stats_acquired; Dominion: bought, an Event when
 * bought, a Trait when a card of its pile is bought; cards gained otherwise,
 * e.g. by Workshop or Loot, are not counted).  The answer for an action is
 * computed once per action code (debug builds check on every action that it
 * depends on the code alone).  No game state grows.
 */
#ifndef KT_CLI_CARDS_H
#define KT_CLI_CARDS_H

#include <stdint.h>
#include <stdio.h>

#include "util/json.h"
#include "kontor/kontor.h"

typedef struct cs_item {
    char name[48];
    int kind; /* index into the game's kinds (kt_stats_info); -1 while only seen acquired */
    uint64_t games, finished, bought, top_games, top_wins, top_shared, sole_games, winner_copies,
        copies;
} cs_item;

typedef struct cs_table {
    cs_item *it;
    int n, cap;
    const kt_stats_info *info; /* the game's kinds (NULL: not known yet) */
} cs_table;

/* Index of `name` (added with `kind` if new; a known kind is kept), -1 when
 * out of memory. */
int cs_find_add(cs_table *t, const char *name, int kind);
/* t += every item of u (by name); t takes u's info when it has none. */
int cs_merge(cs_table *t, const cs_table *u);
void cs_free(cs_table *t);

/* One worker's collector. */
typedef struct cs_worker cs_worker;
cs_worker *cs_worker_new(const kt_stats_info *info);
void cs_worker_free(cs_worker *w);
/* Start a game of configuration g (`same`: the configuration of the
 * previous game, whose cards are known already); -1 when out of memory. */
int cs_game_begin(cs_worker *w, const kt_game *g, int same);
/* `player` is about to apply `a` in s. */
void cs_action(cs_worker *w, const kt_game *g, const kt_state *s, int player, kt_action a);
/* The game ended with `res` (nplayers players). */
void cs_game_end(cs_worker *w, const kt_result *res);
/* The worker's counts (items seen in a game). */
const cs_table *cs_worker_table(const cs_worker *w);

/* The raw counters as a JSON array, and reading them back into t, whose
 * info must be set (kt_jr names the bad field). */
void cs_json_write(kt_jw *w, const cs_table *t);
int cs_json_read(kt_jr *jr, const kt_jv *arr, cs_table *t);

/* Write the statistics to `path`: CSV (.csv), JSON (.json), an SVG chart
 * (.svg) or a text table (anything else).  `title` heads the text, JSON and
 * chart; `ref` is the share of finished games an average player wins alone
 * ((1 - share of shared wins) / players), the mark to compare the top
 * player's win rate with.  Returns 0, or 1 after a message on err. */
int cs_report(const cs_table *t, int players, double ref, const char *title, const char *path,
              FILE *err);

#endif
