/*
 * learn.h - Anno 1701's fixed action space and numeric observation for
 * learning (learn.c; layout in docs/python.md, "Anno 1701").
 */
#ifndef AN_LEARN_H
#define AN_LEARN_H

#include "../../core/game.h"

int an_action_space(const kt_game *g);
int an_action_index(const kt_game *g, const kt_state *s, kt_action a);
kt_action an_index_action(const kt_game *g, const kt_state *s, int index);
int an_obs_size(const kt_game *g);
void an_obs_vector(const kt_game *g, const kt_state *s, int player, float *out);

#endif
