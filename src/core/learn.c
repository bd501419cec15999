/*
 * learn.c - fixed action spaces and numeric observations (kontor.h,
 * "learning"), forwarded to the games that define them.  Views for a player
 * go through a determinized copy, as kt_observe does, so even a wrong
 * encoder can only show resampled hidden information.
 */
#include <stdlib.h>
#include <string.h>

#include "game.h"

int kt_action_space(const kt_game *g)
{
    return g->def->action_space ? g->def->action_space(g) : 0;
}

int kt_action_index_to_move(const kt_game *g, const kt_state *s, kt_action a)
{
    if (!g->def->action_index || !kt_is_legal(g, s, a))
        return -1;
    return g->def->action_index(g, s, a);
}

kt_status kt_index_action_to_move(const kt_game *g, const kt_state *s, int index, kt_action *out,
                                  kt_err *err)
{
    int n = kt_action_space(g);
    if (index < 0 || index >= n)
        return kt_seterr(err, KT_EINVAL, "action index %d is outside 0..%d", index, n - 1);
    if (s->h.status != KT_RUNNING)
        return kt_seterr(err, KT_EOVER, "the game is over");
    kt_action a = g->def->index_action(g, s, index);
    if (!kt_is_legal(g, s, a) || g->def->action_index(g, s, a) != index)
        return kt_seterr(err, KT_EILLEGAL, "action index %d is not legal now", index);
    *out = a;
    return KT_OK;
}

/* The one forms (kontor.h; players sorted as in pending.c) run the game's
 * encoder on a copy whose to_move is the pending player, as kt_legal_as
 * does (the hooks are written for "the player to move"). */
int kt_action_index_as(const kt_game *g, const kt_state *s, int player, kt_action a)
{
    kt_role r = kt_player_role(g, s, player);
    if (r == KT_ROLE_MOVER)
        return kt_action_index_to_move(g, s, a);
    kt_state *c = r == KT_ROLE_OTHER && g->def->action_index ? kt_state_as_copy(g, s, player)
                                                             : NULL;
    int i = c ? kt_action_index_to_move(g, c, a) : -1;
    kt_state_as_free(g, c);
    return i;
}

kt_status kt_index_action_as(const kt_game *g, const kt_state *s, int player, int index,
                             kt_action *out, kt_err *err)
{
    kt_role r = kt_player_role(g, s, player);
    if (r == KT_ROLE_MOVER)
        return kt_index_action_to_move(g, s, index, out, err);
    if (r != KT_ROLE_OTHER)
        return kt_player_refuse(g, s, player, err);
    kt_state *c = kt_state_as_copy(g, s, player);
    if (!c)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    kt_status st = kt_index_action_to_move(g, c, index, out, err);
    kt_state_as_free(g, c);
    return st;
}

int kt_legal_indices_as(const kt_game *g, const kt_state *s, int player, int *out, int cap)
{
    kt_role r = kt_player_role(g, s, player);
    if (!g->def->action_index || r == KT_ROLE_BAD)
        return -1;
    if (r == KT_ROLE_MOVER)
        return kt_legal_indices_to_move(g, s, out, cap);
    kt_state *c = r == KT_ROLE_OTHER ? kt_state_as_copy(g, s, player) : NULL;
    int n = c ? kt_legal_indices_to_move(g, c, out, cap) : 0;
    kt_state_as_free(g, c);
    return n;
}

int kt_obs_size(const kt_game *g) { return g->def->obs_size ? g->def->obs_size(g) : 0; }

int kt_obs_vector(const kt_game *g, const kt_state *s, int player, float *out, int cap)
{
    int n = kt_obs_size(g);
    if (n <= 0 || cap < n || player < KT_SPECTATOR || player >= g->nplayers)
        return -1;
    const kt_state *v = s;
    kt_state *tmp = NULL;
    if (player >= 0) {
        tmp = kt_state_as_copy(g, s, s->h.to_move);
        if (!tmp)
            return -1;
        kt_determinize(g, s, player, kt_state_hash(g, s), tmp);
        v = tmp;
    }
    memset(out, 0, sizeof *out * (size_t)n);
    g->def->obs_vector(g, v, player, out);
    kt_state_as_free(g, tmp);
    return n;
}
