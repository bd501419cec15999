/*
 * test_leaks.c - generic tests every registered game must pass, present and
 * future:
 *   - information leaks: at random positions, change only what player p
 *     cannot see (a determinization for p: other hands, deck order,
 *     face-down piles, unrevealed choices resampled) and require that
 *     everything p is shown - observation, legal actions and their texts,
 *     prompt, render - stays byte-identical; the same for spectators under a
 *     determinization for any player;
 *   - save -> load -> save round trips at random points, also of determinized
 *     states (which must pass the game's check).
 * Positions come from random games of every player count.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/game.h"
#include "../harness.h"

/* Everything `viewer` is shown about s, as one text. */
static char *shown(const kt_game *g, const kt_state *s, int viewer)
{
    kt_buf b;
    kt_buf_init(&b);
    for (int lang = 0; lang < 2; lang++) {
        char *o = kt_observe_json(g, s, viewer, lang);
        char *r = kt_render(g, s, viewer, lang);
        kt_buf_printf(&b, "observe:%s\nrender:%s\n", o ? o : "(null)", r ? r : "(null)");
        kt_free(o);
        kt_free(r);
        if (viewer < 0)
            continue;
        kt_action acts[KT_LEGAL_MAX];
        int n = kt_legal_as(g, s, viewer, acts, KT_LEGAL_MAX);
        char *pr = n > 0 ? kt_prompt_as(g, s, viewer, lang) : NULL;
        kt_buf_printf(&b, "prompt:%s\nlegal %d:", pr ? pr : "", n);
        kt_free(pr);
        for (int i = 0; i < n; i++) {
            char txt[256];
            kt_action_text_as(g, s, viewer, acts[i], viewer, lang, txt, sizeof txt);
            kt_buf_printf(&b, " [%u %s]", acts[i], txt);
        }
        kt_buf_putc(&b, '\n');
    }
    return kt_buf_take(&b);
}

/* First differing line of two texts, for the failure message. */
static void show_diff(const char *a, const char *b)
{
    int line = 1;
    const char *la = a, *lb = b;
    while (*a && *a == *b) {
        if (*a == '\n')
            line++, la = a + 1, lb = b + 1;
        a++, b++;
    }
    printf("      line %d:\n        true:   %.200s\n        resampled: %.200s\n", line, la, lb);
}

typedef struct leak_stats {
    long positions, checks, changed;
} leak_stats;

static int leak_position(kt_t *T, const kt_game *g, const kt_state *s, kt_state *d, kt_rng *r,
                         leak_stats *st)
{
    int np = kt_game_players(g);
    for (int p = -1; p < np; p++) {
        /* a player's view under resampling for that player; a spectator's
         * under resampling for a random player */
        int for_whom = p >= 0 ? p : (int)kt_rng_below(r, (uint32_t)np);
        kt_determinize(g, s, for_whom, kt_rng_next(r), d);
        d->h.rng = s->h.rng; /* the future is not what a view shows */
        if (!kt_state_equal(g, s, d))
            st->changed++;
        char *a = shown(g, s, p), *b = shown(g, d, p);
        st->checks++;
        int same = a && b && !strcmp(a, b);
        if (!same) {
            KT_FAIL("%s, %d players, action %llu: %s %d is shown something hidden from them "
                    "(decision %s)",
                    kt_game_name(g), np, (unsigned long long)kt_action_count(g, s),
                    p >= 0 ? "player" : "spectator (resampled for player)", p >= 0 ? p : for_whom,
                    kt_decision(g, s));
            if (a && b)
                show_diff(a, b);
        }
        free(a); /* kt_buf_take: malloc */
        free(b);
        if (!same)
            return 0;
    }
    st->positions++;
    return 1;
}

KT_TEST(leaks_no_view_shows_hidden_information)
{
    for (int gi = 0; gi < kt_game_count(); gi++) {
        const kt_gameinfo *info = kt_game_info(gi);
        leak_stats st = {0, 0, 0};
        int ok = 1;
        for (int np = info->min_players; np <= info->max_players && ok; np++) {
            kt_game *g;
            kt_err err;
            if (!KT_OKS(kt_game_new(info->name, NULL, np, 11u + (uint64_t)np, NULL, &g, &err),
                        &err))
                continue;
            kt_state *s = kt_state_new(g), *d = kt_state_new(g);
            kt_rng r;
            kt_rng_seed(&r, 77u + (uint64_t)np);
            kt_action acts[KT_LEGAL_MAX];
            /* more games while too few positions were sampled: random play
             * of a game may end early by its rules (Anno 1701: the last gold
             * is spent within ~40 actions) */
            int games = kt_t_scaled(2);
            for (int k = 0; (k < games || st.positions < 10) && k < 200 && ok; k++) {
                kt_state_init_seed(g, s, 500u + (uint64_t)k);
                for (long n = 0; !kt_is_over(g, s) && n < 20000 && ok; n++) {
                    if (kt_rng_below(&r, 40) == 0)
                        ok = leak_position(T, g, s, d, &r, &st);
                    int m = kt_legal(g, s, acts, KT_LEGAL_MAX);
                    kt_apply_trusted(g, s, acts[kt_rng_below(&r, (uint32_t)m)]);
                }
            }
            kt_state_free(g, s);
            kt_state_free(g, d);
            kt_game_free(g);
        }
        printf("    %s: %ld positions, %ld views compared, %ld resamplings changed the state\n",
               info->name, st.positions, st.checks, st.changed);
        /* the test is only meaningful when resampling changes something */
        KT_CHECK(!ok || st.changed > 0);
        KT_CHECK(!ok || st.positions >= 5);
    }
}

KT_TEST(leaks_save_load_round_trip_of_true_and_determinized_states)
{
    for (int gi = 0; gi < kt_game_count(); gi++) {
        const kt_gameinfo *info = kt_game_info(gi);
        long trips = 0;
        for (int np = info->min_players; np <= info->max_players; np++) {
            kt_game *g;
            kt_err err;
            if (!KT_OKS(kt_game_new(info->name, NULL, np, 3u + (uint64_t)np, NULL, &g, &err), &err))
                continue;
            kt_state *s = kt_state_new(g), *d = kt_state_new(g), *t = kt_state_new(g);
            kt_rng r;
            kt_rng_seed(&r, 91u + (uint64_t)np);
            kt_action acts[KT_LEGAL_MAX];
            int bad = 0;
            long games = 1;
            for (long n = 0; n < 20000 && !bad; n++) {
                /* another game while too few round trips were made: random
                 * play may end early by the rules (Anno 1701: the last gold
                 * is spent within ~40 actions) */
                if (kt_is_over(g, s)) {
                    if (trips >= 12 || games >= 100)
                        break;
                    kt_state_init_seed(g, s, 40u + (uint64_t)games++);
                }
                if (kt_rng_below(&r, 25) == 0) {
                    for (int which = 0; which < 2 && !bad; which++) {
                        const kt_state *x = s;
                        if (which) {
                            kt_determinize(g, s, (int)kt_rng_below(&r, (uint32_t)np),
                                           kt_rng_next(&r), d);
                            x = d;
                            if (kt_check(g, d, &err) != KT_OK) {
                                KT_FAIL("%s %dp: a determinized state fails check: %s",
                                        info->name, np, err.msg);
                                bad = 1;
                                break;
                            }
                        }
                        char *a = kt_state_json(g, x);
                        char *b = NULL;
                        if (!a || kt_state_load_json(g, a, t, &err) != KT_OK) {
                            KT_FAIL("%s %dp: a %s state it wrote does not load: %s", info->name,
                                    np, which ? "determinized" : "true", err.msg);
                            bad = 1;
                        } else if (!kt_state_equal(g, x, t) || !(b = kt_state_json(g, t)) ||
                                   strcmp(a, b)) {
                            KT_FAIL("%s %dp: save -> load -> save of a %s state differs",
                                    info->name, np, which ? "determinized" : "true");
                            bad = 1;
                        }
                        trips++;
                        kt_free(a);
                        kt_free(b);
                    }
                }
                int m = kt_legal(g, s, acts, KT_LEGAL_MAX);
                kt_apply_trusted(g, s, acts[kt_rng_below(&r, (uint32_t)m)]);
            }
            kt_state_free(g, s);
            kt_state_free(g, d);
            kt_state_free(g, t);
            kt_game_free(g);
        }
        printf("    %s: %ld round trips\n", info->name, trips);
        KT_CHECK(trips > 10);
    }
}

/* Games created, played and viewed from several threads at once (run under
 * ThreadSanitizer by make test): kontor.h promises no shared mutable state. */
typedef struct par_ctx {
    int game;
    uint64_t hash;
    int ok;
} par_ctx;

#include <pthread.h>

static void *par_main(void *arg)
{
    par_ctx *c = arg;
    const kt_gameinfo *info = kt_game_info(c->game);
    kt_game *g;
    if (kt_game_new(info->name, NULL, 0, 5, NULL, &g, NULL) != KT_OK)
        return NULL;
    kt_state *s = kt_state_new(g);
    kt_bot *b = NULL;
    kt_bot_new(g, "heuristic", 1, &b, NULL);
    for (int i = 0; i < 200 && s && b && !kt_is_over(g, s); i++) {
        kt_action a;
        if (kt_bot_choose(b, s, &a, NULL) != KT_OK)
            break;
        kt_apply_trusted(g, s, a);
        char *o = kt_observe_json(g, s, 0, KT_LANG_DE);
        kt_free(o);
    }
    c->hash = s ? kt_state_hash(g, s) : 0;
    c->ok = s && b;
    kt_bot_free(b);
    kt_state_free(g, s);
    kt_game_free(g);
    return NULL;
}

KT_TEST(core_games_created_and_played_in_parallel_threads)
{
    enum { PER = 3 };
    int n = kt_game_count();
    KT_REQUIRE(n > 0 && n <= 16);
    pthread_t th[16 * PER];
    par_ctx ctx[16 * PER];
    for (int i = 0; i < n * PER; i++) {
        ctx[i] = (par_ctx){i % n, 0, 0};
        KT_REQUIRE(pthread_create(&th[i], NULL, par_main, &ctx[i]) == 0);
    }
    for (int i = 0; i < n * PER; i++)
        pthread_join(th[i], NULL);
    /* the same game from the same seed gives the same result in every thread */
    for (int i = 0; i < n * PER; i++) {
        KT_CHECK(ctx[i].ok);
        KT_EQ(ctx[i].hash, ctx[i % n].hash);
    }
}
