/*
 * test_soak.c - random-play soaks of Dominion over many kingdoms and every
 * player count, through the generic conformance run (invariants after
 * every action; save/load, action texts in both languages, determinize and
 * illegal actions at random points), plus bot games with checks.
 */
#include <stdio.h>
#include <string.h>

#include "../../src/core/game.h"
#include "../core/conformance.h"
#include "helpers.h"

static const char *const base26[] = {
    "Cellar",     "Chapel",  "Moat",         "Harbinger", "Merchant",  "Vassal",   "Village",
    "Workshop",   "Bureaucrat", "Gardens",   "Militia",   "Moneylender", "Poacher", "Remodel",
    "Smithy",     "Throne Room", "Bandit",   "Council Room", "Festival", "Laboratory", "Library",
    "Market",     "Mine",    "Sentry",       "Witch",     "Artisan"};

/* Kingdoms that together hold every card, then random ones. */
static void kingdom(int k, kt_rng *r, char *out, size_t cap)
{
    int idx[26];
    for (int i = 0; i < 26; i++)
        idx[i] = i;
    if (k < 3) {
        /* 0: cards 0-9, 1: 10-19, 2: 20-25 + Throne Room, Vassal, Moat, Militia */
        static const int extra[4] = {15, 5, 2, 10};
        for (int i = 0; i < 10; i++)
            idx[i] = k < 2 ? 10 * k + i : (i < 6 ? 20 + i : extra[i - 6]);
    } else {
        for (int i = 25; i > 0; i--) {
            int j = (int)kt_rng_below(r, (uint32_t)(i + 1)), t = idx[i];
            idx[i] = idx[j];
            idx[j] = t;
        }
    }
    /* Random play can reach a position no rule ends: every player has
     * trashed all but a Chapel and the $0 piles (Copper, Curse) are empty,
     * so nobody can ever gain a card (found at KT_SCALE=5: Chapel,
     * Harbinger, Merchant, Gardens, Militia, Smithy, Throne Room, Bandit,
     * Witch, Artisan, 2 players, random-play seed 1068, after 34,287 turns
     * each).  The engine's turn limit stops such a game (KT_STOPPED, never
     * a win); random games otherwise end within a few hundred turns. */
    snprintf(out, cap, "turn_limit=3000;kingdom=");
    for (int i = 0; i < 10; i++) {
        strncat(out, base26[idx[i]], cap - strlen(out) - 1);
        if (i < 9)
            strncat(out, ",", cap - strlen(out) - 1);
    }
}

KT_TEST(dominion_soak_random_play_over_many_kingdoms)
{
    kt_rng r;
    kt_rng_seed(&r, 2024);
    int kingdoms = 3 + kt_t_scaled(17), ended = 0;
    for (int k = 0; k < kingdoms; k++) {
        char opts[400];
        kingdom(k, &r, opts, sizeof opts);
        for (int np = 1; np <= 4; np++)
            kt_conformance_run(T, "dominion", opts, np, kt_t_scaled(16), kt_t_scaled(4), 200000);
        /* every drawn kingdom is a valid configuration whose games end */
        kt_game *g;
        kt_err err;
        if (!KT_OKS(kt_game_new("dominion", opts, 2, 9, NULL, &g, &err), &err))
            continue;
        kt_state *s = kt_state_new(g);
        kt_t_random_game(T, g, s, 3, 200000);
        ended += kt_is_over(g, s);
        kt_state_free(g, s);
        kt_game_free(g);
    }
    KT_EQ(ended, kingdoms);
}

KT_TEST(dominion_soak_bots_with_checks_after_every_action)
{
    static const char *const specs[] = {"heuristic", "bmu", "random", "heuristic", "random"};
    kt_rng r;
    kt_rng_seed(&r, 77);
    int games = kt_t_scaled(40), done = 0;
    for (int i = 0; i < games; i++) {
        char opts[400];
        kingdom(i, &r, opts, sizeof opts);
        int np = 2 + i % 3;
        kt_game *g;
        kt_err err;
        if (!KT_OKS(kt_game_new("dominion", opts, np, (uint64_t)i, NULL, &g, &err), &err))
            break;
        kt_bot *b[4];
        for (int p = 0; p < np; p++)
            kt_bot_new(g, specs[(i + p) % 5], (uint64_t)(i * 4 + p), &b[p], &err);
        kt_state *s = kt_state_new(g);
        int ok = 1;
        while (!kt_is_over(g, s) && ok) {
            kt_action a;
            ok = kt_bot_choose(b[kt_to_move(g, s)], s, &a, &err) == KT_OK &&
                 kt_apply(g, s, a, &err) == KT_OK && kt_check(g, s, &err) == KT_OK;
            if (!ok)
                KT_FAIL("%s, %d players: %s", opts, np, err.msg);
        }
        done += ok;
        for (int p = 0; p < np; p++)
            kt_bot_free(b[p]);
        kt_state_free(g, s);
        kt_game_free(g);
    }
    KT_EQ(done, games);
}
