/*
 * learn.h - Fugger, Welser, Medici's fixed action space and numeric
 * observation for learning (learn.c; layout in docs/python.md, "Fugger,
 * Welser, Medici").
 */
#ifndef FWM_LEARN_H
#define FWM_LEARN_H

#include "../../core/game.h"

int fwm_action_space(const kt_game *g);
int fwm_action_index(const kt_game *g, const kt_state *s, kt_action a);
kt_action fwm_index_action(const kt_game *g, const kt_state *s, int index);
int fwm_obs_size(const kt_game *g);
void fwm_obs_vector(const kt_game *g, const kt_state *s, int player, float *out);
int fwm_obs_vector_marked(const kt_game *g, const kt_state *s, int player, float *out,
                          uint32_t *marks, int cap, uint8_t *memo);

#endif
