/*
 * test_no_peeking.c - every bot of every registered game (its own bots and
 * the generic ones) chooses the same action in a position and in a copy where
 * everything hidden from the player to move is resampled (kt_determinize):
 * what it cannot see does not change what it does.  Two fresh bots with the
 * same seed decide, one on each state, through the raw choose (no core-side
 * protection), so the bot's own code is what is tested.
 */
#include <stdio.h>
#include <string.h>

#include "../../src/core/game.h"
#include "../harness.h"

static kt_status raw_choose(kt_bot *b, const kt_state *s, kt_action *a, kt_err *err)
{
    return b->def->choose(b->ud, b->g, s, a, err);
}

static void check_bot_opts(kt_t *T, const char *game, const char *opts, int players,
                           const char *spec)
{
    kt_game *g;
    kt_err err;
    if (!KT_OKS(kt_game_new(game, opts, players, 21, NULL, &g, &err), &err))
        return;
    kt_bot *probe;
    if (kt_bot_new(g, spec, 1, &probe, &err) != KT_OK) {
        /* bots that need an option (a rule file) are tested where it exists */
        printf("    %s %s: not constructible without options (%s)\n", game, spec, err.msg);
        KT_CHECK(strstr(err.msg, "file") != NULL);
        kt_game_free(g);
        return;
    }
    kt_bot_free(probe);
    kt_state *s = kt_state_new(g), *d = kt_state_new(g);
    kt_rng r;
    kt_rng_seed(&r, 5);
    kt_action acts[KT_LEGAL_MAX];
    int positions = 0, differing = 0, want = kt_t_scaled(24);
    for (int k = 0; k < 40 && positions < want; k++) {
        kt_state_init_seed(g, s, 300u + (uint64_t)k);
        for (long n = 0; n < 3000 && !kt_is_over(g, s) && positions < want; n++) {
            int m = kt_legal(g, s, acts, KT_LEGAL_MAX);
            if (m > 1 && kt_rng_below(&r, 12) == 0) {
                int p = kt_to_move(g, s);
                kt_determinize(g, s, p, kt_rng_next(&r), d);
                differing += !kt_state_equal(g, s, d);
                kt_bot *b1, *b2;
                kt_action a1 = 0, a2 = 1;
                if (KT_OKS(kt_bot_new(g, spec, 9, &b1, &err), &err) &&
                    KT_OKS(kt_bot_new(g, spec, 9, &b2, &err), &err)) {
                    KT_OKS(raw_choose(b1, s, &a1, &err), &err);
                    KT_OKS(raw_choose(b2, d, &a2, &err), &err);
                    if (a1 != a2) {
                        char t1[256], t2[256];
                        kt_action_text(g, s, a1, p, KT_LANG_EN, t1, sizeof t1);
                        kt_action_text(g, s, a2, p, KT_LANG_EN, t2, sizeof t2);
                        KT_FAIL("%s %s peeks: '%s' in the true position, '%s' when what "
                                "player %d cannot see is resampled (decision %s, action %llu)",
                                game, spec, t1, t2, p, kt_decision(g, s),
                                (unsigned long long)kt_action_count(g, s));
                        kt_bot_free(b1);
                        kt_bot_free(b2);
                        goto out;
                    }
                    kt_bot_free(b1);
                    kt_bot_free(b2);
                }
                positions++;
            }
            kt_apply_trusted(g, s, acts[kt_rng_below(&r, (uint32_t)m)]);
        }
    }
    printf("    %s%s%s %s: same choice in %d positions (%d with hidden information resampled)\n",
           game, opts ? " " : "", opts ? opts : "", spec, positions, differing);
    KT_CHECK(positions >= want / 2);
out:
    kt_state_free(g, s);
    kt_state_free(g, d);
    kt_game_free(g);
}

static void check_bot(kt_t *T, const char *game, int players, const char *spec)
{
    check_bot_opts(T, game, NULL, players, spec);
}

KT_TEST(bots_no_bot_of_any_game_peeks)
{
    for (int gi = 0; gi < kt_game_count(); gi++) {
        const kt_gameinfo *info = kt_game_info(gi);
        for (int i = 0; kt_game_bot(info->name, i); i++) {
            const char *name = kt_game_bot(info->name, i)->name;
            char spec[64];
            snprintf(spec, sizeof spec, "%s", strcmp(name, "mcts") ? name : "mcts:iters=40");
            check_bot(T, info->name, info->default_players, spec);
        }
    }
}

KT_TEST(bots_mp2_rollout_policy_does_not_peek_in_any_setup)
{
    /* Marco Polo II's rollout policy decides on the state it is given
     * without determinizing it (a search hands it determinized worlds), so
     * it must read only what its player sees; also with 4 players and the
     * Caravans (more hidden goal cards, route decisions) */
    if (!kt_game_find("mp2"))
        return;
    check_bot_opts(T, "mp2", NULL, 2, "rollout");
    check_bot_opts(T, "mp2", NULL, 4, "rollout");
    check_bot_opts(T, "mp2", "caravans=1", 4, "rollout");
    check_bot_opts(T, "mp2", "caravans=1", 3, "mcts:iters=40:policy=rollout");
}

KT_TEST(bots_game_bots_are_given_a_fair_copy)
{
    /* the public call gives a game's own bot a resampled world, so its choice
     * is the same as the raw choice exactly when it does not peek; here only
     * that it works and is legal in the true state */
    for (int gi = 0; gi < kt_game_count(); gi++) {
        const kt_gameinfo *info = kt_game_info(gi);
        kt_game *g;
        kt_err err;
        if (!KT_OKS(kt_game_new(info->name, NULL, 0, 4, NULL, &g, &err), &err))
            continue;
        kt_state *s = kt_state_new(g);
        kt_bot *b;
        KT_OKS(kt_bot_new(g, "heuristic", 3, &b, &err), &err);
        for (int n = 0; n < 200 && !kt_is_over(g, s); n++) {
            kt_action a;
            if (!KT_OKS(kt_bot_choose(b, s, &a, &err), &err))
                break;
            KT_CHECK(kt_is_legal(g, s, a));
            kt_apply_trusted(g, s, a);
        }
        kt_bot_free(b);
        kt_state_free(g, s);
        kt_game_free(g);
    }
}
