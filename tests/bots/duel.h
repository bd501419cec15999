/*
 * duel.h - "duel", a small test-only trick-taking game with hidden hands.
 *
 * It exists so that the search bot, the simulation runner and the tournament
 * code can be tested without depending on the real games (written in
 * parallel by others).  Created with kt_game_new_def; never registered.
 *
 * Rules: 16 cards valued 1..16.  Each of 2-4 players is dealt `hand` cards
 * (option, default 4); the rest form a face-down deck.  A trick: starting
 * with the leader, everyone plays one card face up; the highest card wins
 * the trick, scoring 1 point plus 1 for each even card in it, and the winner
 * leads next.  After a trick everyone draws one card if the deck still holds
 * at least one card per player.  When the hands are empty the most points
 * win; equal points share the win.
 *
 * Hidden information: the other players' hands and the deck.  Hands are kept
 * sorted, so a hand is a set and determinization (which deals the unseen
 * cards in value order before shuffling) depends only on what the player
 * knows and the seed - the property the no-peeking tests rely on.
 *
 * Two definitions share the rules: kt_test_duel has a "heuristic" bot (win
 * a trick as cheaply as possible, else throw the lowest card);
 * kt_test_duel_plain has no game bots at all.
 */
#ifndef KT_TEST_DUEL_H
#define KT_TEST_DUEL_H

#include <stdint.h>

#include "../../src/core/game.h"

#define DUEL_CARDS 16
#define DUEL_MAXP 4
#define DUEL_MAXHAND 8

typedef struct duel_state {
    kt_state_hdr h;
    uint8_t hand[DUEL_MAXP][DUEL_MAXHAND]; /* card values 1..16, ascending */
    uint8_t nhand[DUEL_MAXP];
    uint8_t deck[DUEL_CARDS]; /* top card = deck[ndeck - 1] */
    uint8_t ndeck;
    uint8_t trick[DUEL_MAXP]; /* cards of the current trick in play order */
    uint8_t ntrick;
    uint8_t leader;
    uint8_t out[DUEL_CARDS + 1]; /* out[v] = 1 when card v was in a finished trick */
    uint8_t score[DUEL_MAXP];
} duel_state;

extern const kt_gamedef kt_test_duel;
extern const kt_gamedef kt_test_duel_plain;

#endif
