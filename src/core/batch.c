/*
 * batch.c - many actions per call (kontor.h, "batches"): for hosts where a
 * call costs more than an action (Python through ctypes, vectorised
 * learning environments, simulators in other languages).
 *
 * Nothing here keeps state between calls: the states are the caller's, the
 * random actions come from a generator seeded from the caller's seed and the
 * state's position in the batch, so a batch call is reproducible.  The legal
 * list lives on the stack (KT_LEGAL_MAX actions); nothing allocates.
 */
#include <string.h>

#include "game.h"

int kt_step_nth(const kt_game *g, kt_state *s, int i)
{
    kt_action buf[KT_LEGAL_MAX];
    int n = kt_legal_to_move(g, s, buf, KT_LEGAL_MAX);
    if (i < 0 || i >= n)
        return -1;
    kt_apply_trusted(g, s, buf[i]);
    return kt_legal_to_move(g, s, NULL, 0);
}

int kt_legal_indices_to_move(const kt_game *g, const kt_state *s, int *out, int cap)
{
    if (!g->def->action_index)
        return -1;
    kt_action buf[KT_LEGAL_MAX];
    int n = kt_legal_to_move(g, s, buf, KT_LEGAL_MAX);
    for (int i = 0; i < n && i < cap; i++)
        out[i] = g->def->action_index(g, s, buf[i]);
    return n;
}

/* One random game step of state k: a uniformly random legal action. */
static int step_random(const kt_game *g, kt_state *s, kt_rng *rng, kt_action *buf)
{
    int n = kt_legal_to_move(g, s, buf, KT_LEGAL_MAX);
    if (n <= 0)
        return 0;
    kt_apply_trusted(g, s, buf[n == 1 ? 0 : kt_rng_below(rng, (uint32_t)n)]);
    return 1;
}

long long kt_play_random(const kt_game *g, kt_state *const *states, int n,
                         long long max_actions, uint64_t seed, uint8_t *over)
{
    kt_action buf[KT_LEGAL_MAX];
    long long total = 0;
    for (int k = 0; k < n; k++) {
        kt_rng rng;
        kt_rng_seed(&rng, kt_seed_derive(seed, (uint64_t)k));
        long long done = 0;
        while ((max_actions < 0 || done < max_actions) && step_random(g, states[k], &rng, buf))
            done++;
        total += done;
        if (over)
            over[k] = (uint8_t)kt_is_over(g, states[k]);
    }
    return total;
}

int kt_step_indices(const kt_game *g, kt_state *const *states, int n, const int *actions,
                    uint64_t seed, int *status)
{
    kt_action buf[KT_LEGAL_MAX];
    int applied = 0;
    for (int k = 0; k < n; k++) {
        kt_state *s = states[k];
        int st = KT_BATCH_APPLIED;
        if (s->h.status != KT_RUNNING) {
            st = KT_BATCH_OVER;
        } else if (actions[k] < 0) {
            kt_rng rng;
            kt_rng_seed(&rng, kt_seed_derive(seed, (uint64_t)k));
            step_random(g, s, &rng, buf);
        } else {
            int m = g->def->action_index ? kt_legal_to_move(g, s, buf, KT_LEGAL_MAX) : 0, i = 0;
            while (i < m && g->def->action_index(g, s, buf[i]) != actions[k])
                i++;
            if (i < m)
                kt_apply_trusted(g, s, buf[i]);
            else
                st = KT_BATCH_ILLEGAL;
        }
        applied += st == KT_BATCH_APPLIED;
        if (status)
            status[k] = st;
    }
    return applied;
}

int kt_obs_batch(const kt_game *g, const kt_state *const *states, int n, const int *players,
                 float *out)
{
    int size = kt_obs_size(g);
    if (size <= 0)
        return -1;
    for (int k = 0; k < n; k++) {
        int p = players ? players[k] : kt_to_move(g, states[k]);
        if (kt_obs_vector(g, states[k], p < 0 ? KT_SPECTATOR : p, out + (size_t)k * (size_t)size,
                          size) != size)
            return -1;
    }
    return size;
}
