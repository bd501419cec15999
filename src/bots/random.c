/*
 * random.c - the uniform random bot: every legal action equally likely.
 * Its private data is its own generator (first, so the data is usable as
 * a kt_rng) and the allocator it came from, so two random bots with
 * different seeds in one game play independently.
 */
#include <stdlib.h>

#include "../core/game.h"
#include "../core/mem.h"

typedef struct rnd_bot {
    kt_rng r;
    const kt_allocator *a;
} rnd_bot;

static kt_status rnd_create(const kt_game *g, const kt_optval *opts, uint64_t seed, void **ud,
                            kt_err *err)
{
    KT_UNUSED(opts);
    rnd_bot *r = kt_mem_alloc(&g->alloc, sizeof *r);
    if (!r)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    r->a = &g->alloc;
    kt_rng_seed(&r->r, kt_seed_derive(seed, 0x7a4d));
    *ud = r;
    return KT_OK;
}

static kt_status rnd_choose(void *ud, const kt_game *g, const kt_state *s, kt_action *out,
                            kt_err *err)
{
    kt_action buf[KT_LEGAL_MAX];
    int n = g->def->legal(g, s, buf);
    if (n <= 0)
        return kt_seterr(err, KT_EINTERNAL, "no legal action in a running game");
    *out = buf[kt_rng_below(&((rnd_bot *)ud)->r, (uint32_t)n)];
    return KT_OK;
}

/* The same generator create() would have made with `seed` (vectorised
 * environments reseed their bots for every game they deal). */
static void rnd_reseed(void *ud, uint64_t seed)
{
    kt_rng_seed(&((rnd_bot *)ud)->r, kt_seed_derive(seed, 0x7a4d));
}

static void rnd_destroy(void *ud)
{
    rnd_bot *r = ud;
    kt_mem_free(r->a, r, sizeof *r);
}

const kt_botdef kt_bot_random = {
    .info = {"random", "uniformly random legal actions", NULL, 0},
    .create = rnd_create,
    .choose = rnd_choose,
    .destroy = rnd_destroy,
    .reseed = rnd_reseed,
};
