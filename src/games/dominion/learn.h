/*
 * learn.h - Dominion's fixed action space and numeric observation for
 * learning (learn.c; layout in docs/python.md, "Dominion").
 */
#ifndef DOM_LEARN_H
#define DOM_LEARN_H

#include "../../core/game.h"

int dom_action_space(const kt_game *g);
int dom_action_index(const kt_game *g, const kt_state *s, kt_action a);
kt_action dom_index_action(const kt_game *g, const kt_state *s, int index);
int dom_obs_size(const kt_game *g);
void dom_obs_vector(const kt_game *g, const kt_state *s, int player, float *out);

#endif
