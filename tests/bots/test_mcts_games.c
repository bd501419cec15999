/*
 * test_mcts_games.c - bot:mcts against every registered game (whatever the
 * build compiled in): it plays legal moves to the end, it does not peek
 * (identical choices on states that differ only in what the player to move
 * cannot see), and a speed report (simulations per second, printed with -v;
 * never asserted, timings are not tests).
 *
 * Not peeking has two halves.  The bot's half: it reads the true state only
 * through kt_determinize, kt_legal and kt_to_move for the player to move.
 * The game's half: kt_determinize must depend only on what that player knows
 * and the seed - two states in one information set give the same
 * determinization for the same seed.  Both are checked, so a failure says
 * whose half broke.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "../../src/core/game.h"
#include "../harness.h"

static int test_players(const kt_gameinfo *gi)
{
    return gi->min_players <= 2 && gi->max_players >= 2 ? 2 : gi->min_players;
}

/* Random actions into a game until the player to move has a real choice
 * and something is hidden from them; returns 0 if none was found. */
static int find_position(const kt_game *g, kt_state *s, kt_rng *r, int steps)
{
    kt_action legal[KT_LEGAL_MAX];
    for (int i = 0; i < 100000 && !kt_is_over(g, s); i++) {
        int n = kt_legal(g, s, legal, KT_LEGAL_MAX);
        if (i >= steps && n >= 2)
            return 1;
        kt_apply_trusted(g, s, legal[kt_rng_below(r, (uint32_t)n)]);
    }
    return 0;
}

KT_TEST(mcts_no_peeking_in_every_registered_game)
{
    int checked = 0;
    for (int gi = 0; gi < kt_game_count(); gi++) {
        const kt_gameinfo *info = kt_game_info(gi);
        kt_game *g;
        kt_err err = {0, ""};
        if (!KT_OKS(kt_game_new(info->name, NULL, test_players(info), 31, NULL, &g, &err), &err))
            continue;
        kt_state *a = kt_state_new(g), *b = kt_state_new(g), *da = kt_state_new(g),
                 *db = kt_state_new(g);
        kt_rng r;
        kt_rng_seed(&r, 77);
        int positions = 0, game_fail = 0;
        for (int k = 0; k < 24 && positions < kt_t_scaled(8) && !game_fail; k++) {
            kt_state_init_seed(g, a, 1000 + (uint64_t)k);
            if (!find_position(g, a, &r, 5 + (int)kt_rng_below(&r, 60)))
                continue;
            int p = kt_to_move(g, a);
            kt_determinize(g, a, p, kt_rng_next(&r), b);
            if (kt_state_equal(g, a, b))
                continue; /* nothing hidden from p here */
            /* the game's half: same information set + same seed = same world */
            kt_determinize(g, a, p, 4242, da);
            kt_determinize(g, b, p, 4242, db);
            if (!kt_state_equal(g, da, db)) {
                KT_FAIL("%s: kt_determinize depends on hidden information (two states in one "
                        "information set of player %d give different worlds for one seed); "
                        "the game's determinize must use only what the player knows",
                        info->name, p + 1);
                game_fail = 1;
                break;
            }
            /* the bot's half */
            kt_bot *ba, *bb;
            /* PUCT, halving whose pilot preselects (width < legal), and
             * PUCT with the other players moved by the rollout policy */
            const char *spec = k % 3 == 1 ? "mcts:iters=200:depth=10:root=halving:width=2"
                             : k % 3 == 2 ? "mcts:iters=200:depth=10:opp=policy"
                                          : "mcts:iters=200:depth=10";
            if (!KT_OKS(kt_bot_new(g, spec, 9, &ba, &err), &err))
                break;
            if (!KT_OKS(kt_bot_new(g, spec, 9, &bb, &err), &err)) {
                kt_bot_free(ba);
                break;
            }
            kt_action ca = 0, cb = 0;
            if (KT_OKS(kt_bot_choose(ba, a, &ca, &err), &err) &&
                KT_OKS(kt_bot_choose(bb, b, &cb, &err), &err) && ca != cb) {
                KT_FAIL("%s: mcts chose %u on the true state but %u on a state differing only "
                        "in what player %d cannot see",
                        info->name, ca, cb, p + 1);
                game_fail = 1;
            }
            kt_bot_free(ba);
            kt_bot_free(bb);
            positions++;
            checked++;
        }
        printf("    %s: %d positions\n", info->name, positions);
        KT_CHECK(positions > 0 || game_fail);
        kt_state_free(g, a);
        kt_state_free(g, b);
        kt_state_free(g, da);
        kt_state_free(g, db);
        kt_game_free(g);
    }
    KT_CHECK(checked > 0 || kt_game_count() == 0);
}

KT_TEST(mcts_plays_every_registered_game_legally)
{
    int played = 0;
    for (int gi = 0; gi < kt_game_count(); gi++) {
        const kt_gameinfo *info = kt_game_info(gi);
        kt_game *g;
        kt_err err = {0, ""};
        /* a turn limit keeps long games short; stopped games are fine here.  A
         * game's study bounds too (kt_game_study_options): search against a
         * random player would trade with it without end where the rules allow
         * any number of trades (Fugger, Welser, Medici, issue 26) */
        char opts[256];
        const char *study = kt_game_study_options(info->name);
        snprintf(opts, sizeof opts, "turn_limit=20%s%s", study ? ";" : "", study ? study : "");
        if (!KT_OKS(kt_game_new(info->name, opts, test_players(info), 5, NULL, &g, &err), &err))
            continue;
        int np = kt_game_players(g);
        kt_bot *bots[KT_MAX_PLAYERS] = {NULL};
        int ok = 1;
        for (int p = 0; p < np && ok; p++)
            ok = KT_OKS(kt_bot_new(g, p == 0 ? "mcts:iters=100:depth=8"
                                   : p == 1 ? "mcts:iters=100:depth=8:root=halving:width=4"
                                            : "random",
                                   (uint64_t)p, &bots[p], &err),
                        &err);
        kt_state *s = kt_state_new(g);
        long n = 0;
        while (ok && !kt_is_over(g, s) && n < 200000) {
            kt_action a;
            /* kt_bot_choose checks legality in every build */
            ok = KT_OKS(kt_bot_choose(bots[kt_to_move(g, s)], s, &a, &err), &err);
            if (ok)
                kt_apply_trusted(g, s, a);
            n++;
        }
        KT_CHECK(!ok || kt_is_over(g, s));
        played += ok;
        for (int p = 0; p < np; p++)
            kt_bot_free(bots[p]);
        kt_state_free(g, s);
        kt_game_free(g);
    }
    KT_CHECK(played == kt_game_count());
}
