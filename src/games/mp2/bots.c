/*
 * bots.c - Marco Polo II evaluation (placeholder until the heuristic bot).
 */
#include <math.h>

#include "mp2.h"

void mp2_evaluate(const kt_game *g, const kt_state *st, double *out)
{
    const mp2_cfg *c = mp2_c(g);
    const mp2_state *s = (const mp2_state *)st;
    int score[MP2_MAXP];
    mp2_final_scores(c, s, score, NULL);
    double sum = 0, e[MP2_MAXP];
    for (int p = 0; p < c->np; p++)
        sum += e[p] = exp(score[p] / 10.0);
    for (int p = 0; p < c->np; p++)
        out[p] = e[p] / sum;
}
