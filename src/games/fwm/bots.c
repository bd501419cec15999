/*
 * bots.c - Fugger, Welser, Medici: the evaluation for search bots and the
 * heuristic bot.  (Provisional while the rules are being tested.)
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

void fwm_evaluate(const kt_game *g, const kt_state *st, double *out)
{
    const fwm_cfg *c = fwm_c(g);
    const fwm_state *s = (const fwm_state *)st;
    double w[FWM_MAXP], sum = 0;
    for (int p = 0; p < g->nplayers; p++) {
        double v = fwm_value(c, s, p) / 2500.0;
        if (c->mode != MODE_TRADING)
            v = 3.0 * s->pl[p].track * 10.0 / c->track_end + v / 4;
        w[p] = exp(v);
        sum += w[p];
    }
    for (int p = 0; p < g->nplayers; p++)
        out[p] = w[p] / sum;
}

typedef struct hbot {
    kt_rng rng;
} hbot;

static kt_status h_create(const kt_game *g, const kt_optval *opts, uint64_t seed, void **ud,
                          kt_err *err)
{
    KT_UNUSED(g);
    KT_UNUSED(opts);
    hbot *b = malloc(sizeof *b);
    if (!b)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    kt_rng_seed(&b->rng, seed);
    *ud = b;
    return KT_OK;
}

static kt_status h_choose(void *ud, const kt_game *g, const kt_state *s, kt_action *out,
                          kt_err *err)
{
    KT_UNUSED(err);
    hbot *b = ud;
    kt_action buf[KT_LEGAL_MAX];
    int n = fwm_legal(g, s, buf);
    *out = buf[kt_rng_below(&b->rng, (uint32_t)n)];
    return KT_OK;
}

static void h_destroy(void *ud) { free(ud); }

const kt_botdef fwm_bots[FWM_NBOTS] = {
    {.info = {"heuristic", "plans routes to deals, bids from the forced-sale values", NULL, 0},
     .create = h_create,
     .choose = h_choose,
     .destroy = h_destroy},
};
