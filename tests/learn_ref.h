/*
 * learn_ref.h - the observation encoders of Dominion, Catan and Marco Polo II
 * as they were before the vector environment's speed work (issue 30; kept
 * in tests/<game>/learn_ref.c, only renamed), and the check that an
 * optimised encoder writes exactly the same vector: random games of a
 * configuration, at every position the game's encoder and the reference
 * for every player and the spectator, compared float by float.
 */
#ifndef KT_LEARN_REF_H
#define KT_LEARN_REF_H

#include <stdlib.h>
#include <string.h>

#include "../src/core/game.h"
#include "harness.h"

typedef void (*kt_ref_obs_fn)(const kt_game *g, const kt_state *s, int player, float *out);
typedef int (*kt_ref_index_fn)(const kt_game *g, const kt_state *s, kt_action a);

void ref_dom_obs_vector(const kt_game *g, const kt_state *s, int player, float *out);
int ref_dom_obs_size(const kt_game *g);
int ref_dom_action_space(const kt_game *g);
int ref_dom_action_index(const kt_game *g, const kt_state *s, kt_action a);
kt_action ref_dom_index_action(const kt_game *g, const kt_state *s, int index);
void ref_cat_obs_vector(const kt_game *g, const kt_state *s, int player, float *out);
int ref_cat_obs_size(const kt_game *g);
int ref_cat_action_space(const kt_game *g);
int ref_cat_action_index(const kt_game *g, const kt_state *s, kt_action a);
kt_action ref_cat_index_action(const kt_game *g, const kt_state *s, int index);
void ref_mp2_obs_vector(const kt_game *g, const kt_state *s, int player, float *out);
int ref_mp2_obs_size(const kt_game *g);
int ref_mp2_action_space(const kt_game *g);
int ref_mp2_action_index(const kt_game *g, const kt_state *s, kt_action a);
kt_action ref_mp2_index_action(const kt_game *g, const kt_state *s, int index);

/* Plays `games` random games of (game, options, players) and compares at
 * every position the observations and (ref_index not NULL) the action
 * index of every legal action; returns the number of vectors compared.  The encoder is
 * called as kt_obs_vector calls it (on a zeroed buffer), the reference on a
 * buffer full of garbage (it clears its own). */
static inline long kt_ref_compare(kt_t *T, const char *game, const char *options, int players,
                                  int games, kt_ref_obs_fn ref, kt_ref_index_fn ref_index)
{
    long compared = 0;
    for (int gi = 0; gi < games && !T->failures; gi++) {
        kt_game *g = NULL;
        kt_err err;
        if (!KT_OKS(kt_game_new(game, options, players, (uint64_t)gi + 1, NULL, &g, &err), &err))
            return compared;
        int n = kt_obs_size(g);
        float *a = malloc(sizeof *a * (size_t)n), *b = malloc(sizeof *b * (size_t)n);
        kt_state *s = kt_state_new(g);
        kt_action buf[KT_LEGAL_MAX];
        kt_rng rng;
        kt_rng_seed(&rng, (uint64_t)gi * 7 + 3);
        while (!T->failures) {
            for (int p = KT_SPECTATOR; p < g->nplayers && !T->failures; p++) {
                memset(a, 0, sizeof *a * (size_t)n);
                g->def->obs_vector(g, s, p, a);
                memset(b, 0x7f, sizeof *b * (size_t)n);
                ref(g, s, p, b);
                for (int i = 0; i < n; i++)
                    if (memcmp(&a[i], &b[i], sizeof a[i])) {
                        KT_FAIL("%s seed %d action %llu player %d: field %d is %g, the "
                                "reference says %g", game, gi + 1,
                                (unsigned long long)kt_action_count(g, s), p, i, a[i], b[i]);
                        break;
                    }
                compared++;
            }
            int k = kt_legal(g, s, buf, KT_LEGAL_MAX);
            for (int i = 0; i < k && ref_index; i++)
                if (g->def->action_index(g, s, buf[i]) != ref_index(g, s, buf[i]))
                    KT_FAIL("%s seed %d: action %u has index %d, the reference says %d", game,
                            gi + 1, buf[i], g->def->action_index(g, s, buf[i]),
                            ref_index(g, s, buf[i]));
            if (k == 0 || kt_action_count(g, s) > 3000)
                break;
            kt_apply_trusted(g, s, buf[kt_rng_below(&rng, (uint32_t)k)]);
        }
        kt_state_free(g, s);
        free(a);
        free(b);
        kt_game_free(g);
    }
    return compared;
}

#endif
