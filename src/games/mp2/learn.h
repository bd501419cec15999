/*
 * learn.h - Marco Polo II's fixed action space and numeric observation for
 * learning (learn.c; layout in docs/python.md, "Marco Polo II").
 */
#ifndef MP2_LEARN_H
#define MP2_LEARN_H

#include "../../core/game.h"

int mp2_action_space(const kt_game *g);
int mp2_action_index(const kt_game *g, const kt_state *s, kt_action a);
kt_action mp2_index_action(const kt_game *g, const kt_state *s, int index);
int mp2_obs_size(const kt_game *g);
void mp2_obs_vector(const kt_game *g, const kt_state *s, int player, float *out);
int mp2_obs_vector_marked(const kt_game *g, const kt_state *s, int player, float *out,
                           uint32_t *marks, int cap, uint8_t *memo);

#endif
