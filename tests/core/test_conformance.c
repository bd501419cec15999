/*
 * test_conformance.c - API conformance of every registered game (the
 * OpenSpiel api_test idea): random-play soak with invariants after every
 * action, determinism, save/load round trips, action text round trips,
 * illegal actions leaving the state untouched, determinization keeping
 * what the player knows, records replaying to the same state.
 *
 * Games may list extra configurations for these tests by adding tests of
 * their own that call kt_conformance_run with other options.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/game.h"
#include "../harness.h"
#include "conformance.h"

/* One random game with every check; returns the number of actions. */
static long conf_game(kt_t *T, const kt_game *g, uint64_t seed, long max_actions, int deep)
{
    kt_state *s = kt_state_new(g), *t = kt_state_new(g), *d = kt_state_new(g);
    kt_rng r;
    kt_rng_seed(&r, seed);
    kt_action buf[KT_LEGAL_MAX], buf2[KT_LEGAL_MAX];
    kt_err err = {0, ""};
    long n = 0;
    int fails = 0;
    if (!KT_CHECK(s && t && d))
        return 0;
    if (kt_check(g, s, &err) != KT_OK)
        KT_FAIL("start position fails its invariants: %s", err.msg), fails++;
    while (!kt_is_over(g, s) && n < max_actions && fails == 0) {
        int k = kt_legal(g, s, buf, KT_LEGAL_MAX);
        if (k <= 0 || k > kt_game_max_legal(g)) {
            KT_FAIL("%s: %d legal actions in a running state (decision %s)", kt_game_name(g), k,
                    kt_decision(g, s));
            break;
        }
        int p = kt_to_move(g, s);
        if (deep && kt_rng_below(&r, 8) == 0) {
            /* save/load round trip */
            char *js = kt_state_json(g, s);
            if (kt_state_load_json(g, js, t, &err) != KT_OK)
                KT_FAIL("%s: reload failed: %s", kt_game_name(g), err.msg), fails++;
            else if (!kt_state_equal(g, s, t))
                KT_FAIL("%s: save/load changed the state", kt_game_name(g)), fails++;
            kt_free(js);
            /* action texts parse back, in both languages */
            for (int i = 0; i < k && fails == 0; i++) {
                char txt[256];
                for (int lang = 0; lang < 2; lang++) {
                    kt_action back;
                    kt_action_text(g, s, buf[i], KT_OMNISCIENT, lang, txt, sizeof txt);
                    if (kt_action_parse(g, s, txt, &back, &err) != KT_OK || back != buf[i]) {
                        KT_FAIL("%s: action text '%s' (lang %d) does not parse back: %s",
                                kt_game_name(g), txt, lang, err.msg);
                        fails++;
                        break;
                    }
                }
            }
            /* determinization keeps the player's knowledge and options */
            kt_determinize(g, s, p, kt_rng_next(&r), d);
            if (kt_check(g, d, &err) != KT_OK)
                KT_FAIL("%s: determinized state breaks invariants: %s", kt_game_name(g), err.msg),
                    fails++;
            int k2 = kt_legal(g, d, buf2, KT_LEGAL_MAX);
            if (k2 != k || memcmp(buf, buf2, sizeof *buf * (size_t)k) != 0)
                KT_FAIL("%s: determinizing for the player to move changed their legal actions "
                        "(decision %s)",
                        kt_game_name(g), kt_decision(g, s)),
                    fails++;
            char *o1 = kt_observe_json(g, s, p, KT_LANG_EN);
            char *o2 = kt_observe_json(g, d, p, KT_LANG_EN);
            if (!o1 || !o2 || strcmp(o1, o2) != 0) {
                KT_FAIL("%s: determinizing changed what player %d observes", kt_game_name(g), p);
                printf("      before: %.400s\n      after:  %.400s\n", o1 ? o1 : "", o2 ? o2 : "");
                fails++;
            }
            kt_free(o1);
            kt_free(o2);
            /* an illegal action is refused and changes nothing */
            kt_action bad = 0;
            for (int tries = 0; tries < 64; tries++) {
                bad = (kt_action)kt_rng_next(&r);
                int legal = 0;
                for (int i = 0; i < k; i++)
                    legal |= buf[i] == bad;
                if (!legal)
                    break;
            }
            kt_state_copy(g, t, s);
            if (kt_apply(g, t, bad, &err) != KT_EILLEGAL || !kt_state_equal(g, s, t))
                KT_FAIL("%s: illegal action %u accepted or state changed", kt_game_name(g), bad),
                    fails++;
        }
        kt_apply_trusted(g, s, buf[kt_rng_below(&r, (uint32_t)k)]);
        n++;
        if (kt_check(g, s, &err) != KT_OK) {
            KT_FAIL("%s: invariant violated after action %ld: %s", kt_game_name(g), n, err.msg);
            fails++;
        }
    }
    if (fails == 0 && !kt_is_over(g, s))
        KT_FAIL("%s: random game did not end within %ld actions (%d players, options '%s', "
                "random-play seed %llu, turn %llu)",
                kt_game_name(g), max_actions, kt_game_players(g), kt_game_options(g),
                (unsigned long long)seed, (unsigned long long)kt_turn_number(g, s));
    else if (fails == 0) {
        kt_result res;
        kt_result_get(g, s, &res);
        double sum = 0;
        for (int q = 0; q < res.nplayers; q++)
            sum += res.reward[q];
        if (res.finished && (sum < 0.999 || sum > 1.001))
            KT_FAIL("%s: rewards of a finished game sum to %f", kt_game_name(g), sum);
        KT_CHECK(kt_to_move(g, s) == -1);
        KT_EQ(kt_legal(g, s, buf, KT_LEGAL_MAX), 0);
    }
    kt_state_free(g, s);
    kt_state_free(g, t);
    kt_state_free(g, d);
    return n;
}

void kt_conformance_run(kt_t *T, const char *game, const char *options, int players, int games,
                        int deep_games, long max_actions)
{
    kt_game *g;
    kt_err err = {0, ""};
    if (!KT_OKS(kt_game_new(game, options, players, 1234, NULL, &g, &err), &err))
        return;
    for (int i = 0; i < games; i++)
        conf_game(T, g, 1000u + (uint64_t)i, max_actions, i < deep_games);
    kt_game_free(g);
}

KT_TEST(core_conformance_all_games_random_play)
{
    int any = 0;
    for (int i = 0; i < kt_game_count(); i++) {
        const kt_gameinfo *gi = kt_game_info(i);
        for (int p = gi->min_players; p <= gi->max_players && p <= 4; p++)
            kt_conformance_run(T, gi->name, NULL, p, kt_t_scaled(40), kt_t_scaled(6), 2000000);
        any = 1;
    }
    if (!any)
        KT_CHECK(kt_game_count() == 0); /* nothing registered: still report */
}

static uint64_t play_hash(const kt_game *g, uint64_t seed, long *nact)
{
    kt_state *s = kt_state_new(g);
    kt_rng r;
    kt_rng_seed(&r, seed);
    kt_action buf[KT_LEGAL_MAX];
    long n = 0;
    while (!kt_is_over(g, s) && n < 2000000) {
        int k = kt_legal(g, s, buf, KT_LEGAL_MAX);
        kt_apply_trusted(g, s, buf[kt_rng_below(&r, (uint32_t)k)]);
        n++;
    }
    uint64_t h = kt_state_hash(g, s);
    kt_state_free(g, s);
    *nact = n;
    return h;
}

KT_TEST(core_conformance_determinism_same_seed_same_game)
{
    for (int i = 0; i < kt_game_count(); i++) {
        const kt_gameinfo *gi = kt_game_info(i);
        kt_game *g1, *g2;
        kt_err err;
        KT_REQUIRE(KT_OKS(kt_game_new(gi->name, NULL, 0, 99, NULL, &g1, &err), &err));
        KT_REQUIRE(KT_OKS(kt_game_new(gi->name, kt_game_options(g1), 0, 99, NULL, &g2, &err), &err));
        KT_STREQ(kt_game_options(g1), kt_game_options(g2));
        long n1, n2;
        uint64_t h1 = play_hash(g1, 5, &n1), h2 = play_hash(g2, 5, &n2);
        KT_EQ(h1, h2);
        KT_EQ(n1, n2);
        long n3;
        uint64_t h3 = play_hash(g1, 6, &n3);
        KT_CHECK(h3 != h1);
        kt_game_free(g1);
        kt_game_free(g2);
    }
    KT_CHECK(kt_game_count() > 0); /* the checks above ran for every game */
}

KT_TEST(core_conformance_record_replays_to_identical_state)
{
    for (int i = 0; i < kt_game_count(); i++) {
        const kt_gameinfo *gi = kt_game_info(i);
        kt_game *g;
        kt_err err;
        KT_REQUIRE(KT_OKS(kt_game_new(gi->name, NULL, 0, 31337, NULL, &g, &err), &err));
        kt_state *s = kt_state_new(g);
        kt_record *rec = kt_record_new(g);
        kt_record_set_seat(rec, 0, "bot:random");
        kt_rng r;
        kt_rng_seed(&r, 77);
        kt_action buf[KT_LEGAL_MAX];
        while (!kt_is_over(g, s) && kt_action_count(g, s) < 2000000) {
            int k = kt_legal(g, s, buf, KT_LEGAL_MAX);
            kt_action a = buf[kt_rng_below(&r, (uint32_t)k)];
            kt_record_add(rec, s, a);
            kt_apply_trusted(g, s, a);
        }
        char *js = kt_record_json(rec);
        kt_record *rec2;
        kt_game *g2;
        KT_REQUIRE(KT_OKS(kt_record_load(js, NULL, &rec2, &g2, &err), &err));
        kt_state *s2 = kt_state_new(g2);
        KT_OKS(kt_record_replay(rec2, g2, -1, s2, &err), &err);
        KT_EQ(kt_state_hash(g, s), kt_state_hash(g2, s2));
        KT_STREQ(kt_record_seat(rec2, 0), "bot:random");
        kt_free(js);
        kt_state_free(g2, s2);
        kt_record_free(rec2);
        kt_game_free(g2);
        kt_state_free(g, s);
        kt_record_free(rec);
        kt_game_free(g);
    }
    KT_CHECK(kt_game_count() > 0); /* the checks above ran for every game */
}

KT_TEST(core_conformance_legal_counts_and_caps)
{
    /* kt_legal(g, s, NULL, 0) counts; a small buffer gets the first cap
     * actions of the full list and the full count */
    for (int i = 0; i < kt_game_count(); i++) {
        kt_game *g;
        kt_err err;
        KT_REQUIRE(KT_OKS(kt_game_new(kt_game_info(i)->name, NULL, 0, 12, NULL, &g, &err), &err));
        kt_state *s = kt_state_new(g);
        kt_rng r;
        kt_rng_seed(&r, 3);
        kt_action all[KT_LEGAL_MAX], few[3];
        int positions = 0, bad = 0;
        while (!kt_is_over(g, s) && positions < 400) {
            int n = kt_legal(g, s, all, KT_LEGAL_MAX);
            bad += kt_legal(g, s, NULL, 0) != n;
            bad += kt_legal(g, s, few, 3) != n;
            for (int k = 0; k < 3 && k < n; k++)
                bad += few[k] != all[k];
            positions++;
            kt_apply_trusted(g, s, all[kt_rng_below(&r, (uint32_t)n)]);
        }
        KT_CHECK(positions > 10);
        KT_EQ(bad, 0);
        kt_state_free(g, s);
        kt_game_free(g);
    }
}

KT_TEST(core_conformance_turn_limit_stops_a_consistent_game)
{
    /* a game stopped by the turn limit is over without a winner, passes
     * the game's own checks after every action, and saves and loads back */
    for (int i = 0; i < kt_game_count(); i++) {
        kt_game *g;
        kt_err err;
        KT_REQUIRE(KT_OKS(kt_game_new(kt_game_info(i)->name, "turn_limit=3", 0, 21, NULL, &g, &err),
                          &err));
        kt_state *s = kt_state_new(g);
        kt_result r;
        /* a game that random play ends by its rules before the limit (Anno
         * 1701's last gold) is dealt again */
        for (uint64_t k = 0; k < 100; k++) {
            if (k)
                kt_state_init_seed(g, s, 21 + k);
            kt_t_random_game(T, g, s, 8 + k, 2000000);
            kt_result_get(g, s, &r);
            if (!r.finished)
                break;
        }
        KT_CHECK(kt_is_over(g, s) && !r.finished && r.winners == 0);
        char *js = kt_state_json(g, s);
        kt_game *g2 = NULL;
        kt_state *s2 = NULL;
        KT_REQUIRE(js);
        if (KT_OKS(kt_load_json(js, NULL, &g2, &s2, &err), &err))
            KT_EQ(kt_state_hash(g, s), kt_state_hash(g2, s2));
        kt_free(js);
        kt_state_free(g2, s2);
        kt_game_free(g2);
        kt_state_free(g, s);
        kt_game_free(g);
    }
}

KT_TEST(core_conformance_load_rejects_corrupted_states)
{
    /* Flip every number in a saved state one at a time (bounded): the
     * loader must either accept a state that passes the game's checks or
     * reject it with a message naming a field; never crash. */
    for (int i = 0; i < kt_game_count(); i++) {
        const kt_gameinfo *gi = kt_game_info(i);
        kt_game *g;
        kt_err err;
        KT_REQUIRE(KT_OKS(kt_game_new(gi->name, NULL, 0, 5, NULL, &g, &err), &err));
        kt_state *s = kt_state_new(g), *t = kt_state_new(g);
        kt_rng r;
        kt_rng_seed(&r, 9);
        kt_action buf[KT_LEGAL_MAX];
        for (int k = 0; k < 60 && !kt_is_over(g, s); k++) {
            int n = kt_legal(g, s, buf, KT_LEGAL_MAX);
            kt_apply_trusted(g, s, buf[kt_rng_below(&r, (uint32_t)n)]);
        }
        char *js = kt_state_json(g, s);
        size_t len = strlen(js);
        int rejected = 0, tried = 0;
        for (size_t pos = 0; pos < len && tried < kt_t_scaled(400); pos++) {
            if (js[pos] < '0' || js[pos] > '9')
                continue;
            tried++;
            char save = js[pos];
            js[pos] = save == '9' ? '0' : (char)(save + 7 > '9' ? save - 3 : save + 7);
            kt_state_copy(g, t, s);
            kt_status st = kt_state_load_json(g, js, t, &err);
            if (st != KT_OK) {
                rejected++;
                if (!KT_CHECK(strlen(err.msg) > 0))
                    break;
                if (!kt_state_equal(g, s, t)) {
                    KT_FAIL("%s: rejected load modified the target state", gi->name);
                    break;
                }
            } else if (kt_check(g, t, &err) != KT_OK) {
                KT_FAIL("%s: loader accepted a state that fails check: %s", gi->name, err.msg);
                break;
            }
            js[pos] = save;
        }
        KT_CHECK(rejected > 0);
        /* truncations are malformed JSON */
        for (size_t cut = 1; cut < len; cut += len / 17 + 1) {
            char save = js[cut];
            js[cut] = '\0';
            KT_CHECK(kt_state_load_json(g, js, t, &err) != KT_OK);
            js[cut] = save;
        }
        kt_free(js);
        kt_state_free(g, s);
        kt_state_free(g, t);
        kt_game_free(g);
    }
    KT_CHECK(kt_game_count() > 0); /* the checks above ran for every game */
}

/* kt_state_restart on a state at any position (mid-game, finished, loaded
 * from JSON, a copy) gives exactly kt_state_init_seed's start position,
 * byte for byte, for every game (Dominion clears only the parts in use). */
KT_TEST(core_conformance_restart_equals_fresh_init)
{
    int checked = 0;
    for (int i = 0; i < kt_game_count(); i++) {
        const kt_gameinfo *gi = kt_game_info(i);
        for (int np = gi->min_players; np <= gi->max_players && np <= 4; np++) {
            kt_game *g;
            kt_err err;
            KT_REQUIRE(KT_OKS(kt_game_new(gi->name, NULL, np, 17, NULL, &g, &err), &err));
            kt_state *s = kt_state_new(g), *fresh = kt_state_new(g), *t = kt_state_new(g);
            KT_REQUIRE(s && fresh && t);
            kt_rng r;
            kt_rng_seed(&r, 4242 + (uint64_t)np);
            kt_action buf[KT_LEGAL_MAX];
            int games = (int)kt_t_scaled(6);
            for (int k = 0; k < games; k++) {
                /* stop at a random point, or play to the end */
                long stop = k % 2 ? (long)kt_rng_below(&r, 400) : 2000000;
                for (long n = 0; !kt_is_over(g, s) && n < stop; n++) {
                    int m = kt_legal(g, s, buf, KT_LEGAL_MAX);
                    kt_apply_trusted(g, s, buf[kt_rng_below(&r, (uint32_t)m)]);
                }
                if (k % 3 == 2) { /* a loaded state, into the buffer */
                    char *js = kt_state_json(g, s);
                    KT_CHECK(js && kt_state_load_json(g, js, t, &err) == KT_OK);
                    kt_free(js);
                    kt_state_copy(g, s, t);
                }
                uint64_t seed = 1000 + (uint64_t)k;
                kt_state_restart(g, s, seed);
                kt_state_init_seed(g, fresh, seed);
                if (!kt_state_equal(g, s, fresh)) {
                    KT_FAIL("%s, %d players, game %d: restart differs from a fresh start",
                            gi->name, np, k);
                    break;
                }
                checked++;
            }
            kt_state_free(g, s);
            kt_state_free(g, fresh);
            kt_state_free(g, t);
            kt_game_free(g);
        }
    }
    KT_CHECK(checked > 0);
}
