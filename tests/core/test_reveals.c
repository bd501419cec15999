/*
 * test_reveals.c - the undo barrier of every game (issue 26) judged against
 * the definition: during random play, for every action and every player p,
 *   - an action kt_action_reveals calls harmless for p must look the same
 *     to p in every world p cannot tell from the real one: applied to
 *     determinizations of the state before it (for p), it is legal and
 *     gives p the same observation;
 *   - the answer itself depends only on what p can see: the same action in
 *     such a world gets the same answer (so asking reveals nothing and a
 *     bot or search could learn nothing from it).
 * Worlds are sampled, so this can miss a leak but never invents one.  The
 * environment variable KT_REVEALS_GAMES (default 1) multiplies the games
 * played, for a longer soak.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/game.h"
#include "../harness.h"

#define WORLDS 3

typedef struct rv_stats {
    long actions, checks, revealing, failures;
} rv_stats;

static void fail_once(kt_t *T, rv_stats *st, const kt_game *g, const kt_state *from, kt_action a,
                      int p, const char *what)
{
    if (st->failures++ >= 6)
        return;
    char txt[200];
    kt_action_text(g, from, a, KT_OMNISCIENT, KT_LANG_EN, txt, sizeof txt);
    KT_FAIL("%s: action %llu '%s' by player %d, viewer %d: %s", kt_game_name(g),
            (unsigned long long)kt_action_count(g, from), txt, from->h.to_move, p, what);
}

/* One action (the actor's state `from`, giving `after`) for viewer p. */
static void check_viewer(kt_t *T, rv_stats *st, const kt_game *g, const kt_state *from,
                         kt_action a, const kt_state *after, int p, kt_state *w)
{
    int actor = from->h.to_move;
    int r = kt_action_reveals(g, from, actor, a, after, p);
    if (r != 0 && r != 1) {
        fail_once(T, st, g, from, a, p, "answer is not 0 or 1");
        return;
    }
    st->revealing += r;
    char *real = r ? NULL : kt_observe_json(g, after, p, KT_LANG_EN);
    for (int k = 0; k < WORLDS; k++) {
        kt_determinize(g, from, p, kt_action_count(g, from) * 31u + (uint64_t)k * 7u + 1u, w);
        st->checks++;
        if (!kt_is_legal(g, w, a)) {
            if (!r)
                fail_once(T, st, g, from, a, p, "harmless, yet illegal in a world the viewer "
                                                "cannot tell apart");
            continue;
        }
        kt_state *w2 = kt_state_new(g);
        kt_state_copy(g, w2, w);
        kt_apply(g, w2, a, NULL);
        if (kt_action_reveals(g, w, actor, a, w2, p) != r) {
            char what[300];
            snprintf(what, sizeof what, "the answer differs in a world the viewer cannot tell "
                     "apart (it depends on hidden information): real %d then %s of player %d, "
                     "world %d then %s of player %d", r, kt_decision(g, after), after->h.to_move,
                     !r, kt_decision(g, w2), w2->h.to_move);
            fail_once(T, st, g, from, a, p, what);
        }
        if (!r) {
            char *o = kt_observe_json(g, w2, p, KT_LANG_EN);
            if (!o || !real || strcmp(o, real)) {
                size_t d = 0;
                while (o && real && o[d] && o[d] == real[d])
                    d++;
                char what[400];
                snprintf(what, sizeof what, "harmless, yet the viewer's observation differs in a "
                         "world they cannot tell apart (decision %s; real ...%.60s, world ...%.60s)",
                         kt_decision(g, from), real ? real + (d > 40 ? d - 40 : 0) : "",
                         o ? o + (d > 40 ? d - 40 : 0) : "");
                fail_once(T, st, g, from, a, p, what);
            }
            kt_free(o);
        }
        kt_state_free(g, w2);
    }
    kt_free(real);
}

static void check_game(kt_t *T, const char *name, const char *options, int players, int games,
                       long max_actions)
{
    kt_game *g;
    kt_err err;
    rv_stats st = {0, 0, 0, 0};
    const char *mul = getenv("KT_REVEALS_GAMES");
    if (mul && atoi(mul) > 1)
        games *= atoi(mul);
    for (int gi = 0; gi < games; gi++) {
        if (!KT_OKS(kt_game_new(name, options, players, 100u + (uint64_t)gi, NULL, &g, &err), &err))
            return;
        kt_state *s = kt_state_new(g), *from = kt_state_new(g), *w = kt_state_new(g);
        kt_rng rng;
        kt_rng_seed(&rng, 77u + (uint64_t)gi);
        kt_action acts[KT_LEGAL_MAX];
        for (long n = 0; n < max_actions && !kt_is_over(g, s); n++) {
            /* any pending player may act (sealed choices): pick one */
            uint32_t pend = kt_pending(g, s);
            int cand[KT_MAX_PLAYERS], nc = 0;
            for (int p = 0; p < kt_game_players(g); p++)
                if (pend >> p & 1u)
                    cand[nc++] = p;
            int actor = cand[kt_rng_below(&rng, (uint32_t)nc)];
            int nl = kt_legal_as(g, s, actor, acts, KT_LEGAL_MAX);
            kt_action a = acts[kt_rng_below(&rng, (uint32_t)nl)];
            kt_state_copy(g, from, s);
            from->h.to_move = (int8_t)actor;
            if (!KT_OKS(kt_apply_as(g, s, actor, a, &err), &err))
                break;
            st.actions++;
            for (int p = 0; p < kt_game_players(g); p++)
                check_viewer(T, &st, g, from, a, s, p, w);
        }
        kt_state_free(g, s);
        kt_state_free(g, from);
        kt_state_free(g, w);
        kt_game_free(g);
    }
    printf("      %s%s%s: %ld actions, %ld worlds checked, %ld revealing (action, player)\n",
           name, options ? " " : "", options ? options : "", st.actions, st.checks, st.revealing);
    KT_CHECK(st.actions > 0 && st.failures == 0);
}

KT_TEST(core_reveals_dominion)
{
    check_game(T, "dominion", NULL, 3, 6, kt_t_scaled(400));
    check_game(T, "dominion", "preset=First Game", 2, 1, kt_t_scaled(300));
    check_game(T, "dominion", "preset=Flotsam", 2, 1, kt_t_scaled(400));
}

KT_TEST(core_reveals_catan)
{
    check_game(T, "catan", NULL, 4, 6, kt_t_scaled(500));
    check_game(T, "catan", "variant=base", 3, 1, kt_t_scaled(500));
}

KT_TEST(core_reveals_mp2) { check_game(T, "mp2", NULL, 3, 6, kt_t_scaled(400)); }

KT_TEST(core_reveals_anno1701) { check_game(T, "anno1701", NULL, 2, 6, kt_t_scaled(500)); }

KT_TEST(core_reveals_fwm)
{
    check_game(T, "fwm", NULL, 4, 6, kt_t_scaled(500));
    check_game(T, "fwm", "mode=full", 3, 1, kt_t_scaled(600));
}
