/*
 * learn.h - Catan's fixed action space and numeric observation for
 * learning (learn.c; layout in docs/python.md, "Catan").
 */
#ifndef CAT_LEARN_H
#define CAT_LEARN_H

#include "../../core/game.h"

int cat_action_space(const kt_game *g);
int cat_action_index(const kt_game *g, const kt_state *s, kt_action a);
kt_action cat_index_action(const kt_game *g, const kt_state *s, int index);
int cat_obs_size(const kt_game *g);
void cat_obs_vector(const kt_game *g, const kt_state *s, int player, float *out);

#endif
