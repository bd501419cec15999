/*
 * test_games.h - test-only games (made from a kt_gamedef, never registered:
 * duel in tests/bots, guard in tests/core) as the `kontor` command's runner
 * finds its games (rn_games, src/cli/runner.h).  The CLI knows games only
 * through the public API; the tests hand it theirs this way.
 *
 *     static const rn_games duel_games = KT_T_GAMES(kt_test_duel);
 *     sim_main(argc, argv, out, err, &duel_games);
 */
#ifndef KT_TEST_GAMES_H
#define KT_TEST_GAMES_H

#include "../src/cli/runner.h"
#include "../src/core/game.h"

/* The calls of an rn_games whose ctx is a const kt_gamedef *: find() knows
 * only that game's name. */
const kt_gameinfo *kt_t_def_find(const void *ctx, const char *name);
kt_status kt_t_def_study(const void *ctx, const char *name, const char *options, char **out,
                         char **added, kt_err *err);
kt_status kt_t_def_make(const void *ctx, const char *name, const char *options, int players,
                        uint64_t seed, kt_game **out, kt_err *err);

/* An rn_games initializer for the game of definition `def` (an lvalue). */
#define KT_T_GAMES(def)                                                                        \
    {.ctx = &(def), .find = kt_t_def_find, .study = kt_t_def_study, .make = kt_t_def_make}

#endif
