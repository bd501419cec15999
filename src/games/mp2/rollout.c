/*
 * rollout.c - Marco Polo II: the rollout policy (bot "rollout"), a cheap
 * stand-in for the heuristic bot inside search.
 *
 * The heuristic bot (bots.c) applies every legal action to a copy and
 * plans routes, about 200 k instructions a decision; a search rollout makes
 * some 40 decisions, so it needs a policy that is some hundred times
 * cheaper.  This one never applies an action: it scores each legal action
 * straight from the action code and the position, with features that cost
 * a few operations each, and plays the best score plus a little noise (so
 * that rollouts from one position differ).
 *
 *   turn      complete a held contract if it can be paid (its reward less
 *             its cost), Vidal's exchange, improve a seal, then one main
 *             placement, then end the turn; rerolls and shifts never; the
 *             money bag only when no placement is possible.  A placement
 *             is worth what its space yields at fixed prices (goods the
 *             held contracts need are worth more) less the dice it uses
 *             (high dice kept for travel) and any fee.
 *   move      go towards the best city without an own post within the
 *             steps left (cities with a bonus marker, a special city, a
 *             contract city or the player's goal city weigh more), and
 *             stop on such a city.
 *   choices   the reward alternative, good, market row, contract, city
 *             card use, ... worth most at the same prices; the rest
 *             (draft, goal card, seals, caravans' details) uniformly.
 *
 * Hidden information: it reads only what its player sees (the public
 * board, its own contracts and goal card), never the contract pile, the
 * city-card deck or other players' goals, so it needs no determinization.
 *
 * Data layout: the bot's private block (rbot) holds its generator and the
 * step distances between all locations along routes (seals and fees
 * ignored), computed once at creation; choosing never allocates.
 */
#include <stdlib.h>
#include <string.h>

#include "mp2.h"
#include "../../core/mem.h"

typedef struct rbot {
    kt_rng rng;
    kt_allocator a; /* the game's: the bot is made and freed through it */
    uint8_t dist[MP2_MAXLOC][MP2_MAXLOC]; /* legs between locations, 255 unreachable */
} rbot;

/* Fixed prices of one position: resources in victory-point equivalents
 * (falling as rounds pass, like the heuristic bot's) with a premium for
 * what the held contracts still need. */
typedef struct rctx {
    const mp2_cfg *c;
    const mp2_state *s;
    const rbot *rb;
    int p, left;
    double price[MP2_NRES];
    double step; /* worth of one step of movement */
    /* space_worth(sp, low) of this position, computed on first use: a turn
     * lists up to hundreds of placements on some 30 spaces */
    uint8_t known[MP2_NSPACES][7];
    double spw[MP2_NSPACES][7];
} rctx;

/* Noise added to every score, so rollouts from one position differ. */
#define R_NOISE 0.25

static void set_prices(rctx *x)
{
    const mp2_cfg *c = x->c;
    const mp2_state *s = x->s;
    const mp2_player *pl = &s->pl[x->p];
    int R = MP2_ROUNDS - 1 - s->round;
    x->left = R;
    x->price[IT_COIN] = 0.15 + 0.06 * R;
    x->price[IT_CAMEL] = 0.1 + 0.09 * R;
    x->price[IT_JADE] = 0.5 + 0.12 * R;
    x->price[IT_PEPPER] = 0.5 + 0.1 * R;
    x->price[IT_SILK] = 0.5 + 0.2 * R;
    x->price[IT_GOLD] = 0.5 + 0.3 * R;
    x->price[IT_VP] = 1.0;
    /* what the held contracts cost beyond what the player has */
    int need[MP2_NRES] = {0};
    for (int i = 0; i < 2; i++)
        if (pl->con[i] != MP2_NONE) {
            const mp2_bundle *b = &c->rw[c->contract[pl->con[i]].cost].alt[0];
            for (int k = 0; k < IT_VP; k++)
                need[k] += b->n[k];
        }
    for (int k = 0; k < IT_VP; k++)
        if (need[k] > pl->res[k])
            x->price[k] += 0.7;
    x->step = R > 0 ? 1.0 : 0.5;
}

static double bundle_worth(const rctx *x, const mp2_bundle *b)
{
    double v = 0;
    for (int i = 0; i < MP2_NRES; i++)
        v += b->n[i] * x->price[i];
    double good = x->price[IT_PEPPER];
    if (x->price[IT_SILK] > good)
        good = x->price[IT_SILK];
    if (x->price[IT_GOLD] > good)
        good = x->price[IT_GOLD];
    v += b->n[IT_GOOD] * good;
    v += (b->n[IT_DRAW] + b->n[IT_CONTRACT]) * (x->left > 0 ? 1.5 : 0.2);
    v += b->n[IT_BLACK] * 1.5 + b->n[IT_MOVE] * x->step + b->n[IT_XPOST] * 2.0;
    v += b->n[IT_SHIELD] * 3.0;
    return v;
}

/* The best alternative of reward rw. */
static double reward_worth(const rctx *x, int rw)
{
    const mp2_reward *r = &x->c->rw[rw];
    double best = 0;
    for (int i = 0; i < r->nalt; i++) {
        double v = bundle_worth(x, &r->alt[i]);
        if (i == 0 || v > best)
            best = v;
    }
    return best;
}

/* How often the player can pay bundle b, up to `most`. */
static int times_payable(const mp2_player *pl, const mp2_bundle *b, int most)
{
    int t = most;
    for (int i = 0; i < MP2_NRES; i++)
        if (b->n[i] > 0 && pl->res[i] / b->n[i] < t)
            t = pl->res[i] / b->n[i];
    return t < 0 ? 0 : t;
}

/* ------------------------------------------------------------ places */

/* Worth of a city for a new post of player p: every city counts, those
 * with something more (bonus marker, special city, contract city, the
 * player's goal) more; 0 for a post already there or a non-city. */
static double city_worth(const rctx *x, int loc)
{
    const mp2_cfg *c = x->c;
    const mp2_player *pl = &x->s->pl[x->p];
    if (loc >= c->nloc || c->loc[loc].kind != LK_CITY || ((pl->posts >> loc) & 1))
        return 0;
    const mp2_loc *l = &c->loc[loc];
    double v = 2.0 + (l->bonus ? 1.0 : 0) + (l->special ? 1.0 : 0) + (l->ccity ? 1.0 : 0) +
               (l->outpost ? 0.5 : 0);
    if (pl->goal < 3) {
        const mp2_goal *gd = &c->goal[pl->goal_opt[pl->goal]];
        for (int i = 0; i < gd->ncity; i++)
            if (gd->city[i] == loc)
                v += 3.0;
    }
    return v;
}

/* The best city worth reachable from `from` within `steps` legs, less a
 * little per leg. */
static double reach_worth(const rctx *x, int from, int steps)
{
    double best = 0;
    const uint8_t *d = x->rb->dist[from];
    for (int l = 0; l < x->c->nloc; l++)
        if (d[l] <= steps) {
            double v = city_worth(x, l) - 0.1 * d[l];
            if (v > best)
                best = v;
        }
    return best;
}

/* Worth of placing on travel space k with lowest die `low`. */
static double travel_worth(const rctx *x, int k, int low)
{
    int steps = k == 0 ? 1 : k == 1 ? (low < 3 ? low : 3) : low;
    const mp2_player *pl = &x->s->pl[x->p];
    double best = 0;
    for (int f = 0; f < 2; f++)
        if (pl->fig[f] != MP2_NOLOC) {
            double v = reach_worth(x, pl->fig[f], steps);
            if (v > best)
                best = v;
        }
    return 0.5 * best * (x->left > 0 ? 1.0 : 0.8) + (k == 2 ? 0.5 : 0);
}

static double card_worth(const rctx *x, int card, int die)
{
    const mp2_cfg *c = x->c;
    const mp2_card *cd = &c->card[card];
    const mp2_player *pl = &x->s->pl[x->p];
    int t = cd->times == CT_ONE ? 1 : cd->times == CT_HALF ? (die + 1) / 2 : die;
    switch (cd->kind) {
    case CK_TRADE:
    case CK_EITHER: {
        double best = 0;
        for (int dir = 0; dir < (cd->kind == CK_EITHER ? 2 : 1); dir++) {
            int pay = dir ? cd->pay2 : cd->pay, gain = dir ? cd->gain2 : cd->gain;
            int k = pay ? times_payable(pl, &c->rw[pay].alt[0], t) : t;
            double v = k * (reward_worth(x, gain) - (pay ? reward_worth(x, pay) : 0));
            if (v > best)
                best = v;
        }
        return best;
    }
    case CK_PERCONTRACT:
        return (pl->ndone < die ? pl->ndone : die) * reward_worth(x, cd->gain);
    case CK_PERPOST:
        return (pl->nposts < die ? pl->nposts : die) * reward_worth(x, cd->gain);
    case CK_BONUSES:
        return 1.5 * (die < 3 ? die : 3);
    default: /* CK_SEALS: a guild seal for its cost */
        return 3.0 - reward_worth(x, cd->pay);
    }
}

/* What space sp yields, apart from the dice: `low` is the lowest die. */
static double space_worth(const rctx *x, int sp, int low)
{
    const mp2_cfg *c = x->c;
    const mp2_state *s = x->s;
    const mp2_player *pl = &s->pl[x->p];
    if (sp <= SP_BOOK3B) {
        int book = sp < SP_BOOK3A ? sp : 2;
        double a = reward_worth(x, c->book_top[book][0]), b = reward_worth(x, c->book_top[book][1]);
        return a > b ? a : b;
    }
    switch (sp) {
    case SP_KHAN:
        return reward_worth(x, c->rw_khan);
    case SP_SEALS:
        return 2.0 + 0.5 * x->left;
    case SP_CONTRACTS: {
        int free = (pl->con[0] == MP2_NONE) + (pl->con[1] == MP2_NONE);
        return reward_worth(x, c->rw_contract_coins) + (x->left > 0 ? 1.0 + 2.0 * free : 0);
    }
    case SP_TRAVEL1:
    case SP_TRAVEL2:
    case SP_TRAVEL3:
        return travel_worth(x, sp - SP_TRAVEL1, low);
    default:
        break;
    }
    if (sp >= SP_SPECIAL && sp < SP_CARD) {
        int k = (sp - SP_SPECIAL) / 2, j = (sp - SP_SPECIAL) % 2;
        const mp2_special *sd = &c->special[k];
        double v = reward_worth(x, sd->reward[j]);
        if ((pl->seals >> (4 + sd->guild)) & 1)
            v += (low >= sd->twice[j] ? 2 : 1) * reward_worth(x, c->guild[sd->guild].income);
        return v;
    }
    if (sp >= SP_CARD && sp < SP_BAG && s->card_slot[sp - SP_CARD] != MP2_NONE)
        return card_worth(x, s->card_slot[sp - SP_CARD], low);
    return 0;
}

/* A placement: the space's yield less the dice (a die's worth grows with
 * its value: high dice move further) and the fee. */
static double place_worth(rctx *x, uint32_t arg)
{
    const mp2_cfg *c = x->c;
    int sp = (int)(arg & 0xff);
    uint32_t codes = arg >> 8;
    int low = 7, ndice = 0, sum = 0;
    for (int i = 0; i < 3; i++) {
        int d = (int)((codes >> (5 * i)) & 31);
        if (!d)
            continue;
        int v = mp2_die_value(d);
        low = v < low ? v : low;
        sum += v;
        ndice += MP2_DTYPE(d) != DT_PIECE;
    }
    if (!x->known[sp][low]) {
        x->spw[sp][low] = space_worth(x, sp, low);
        x->known[sp][low] = 1;
    }
    double v = x->spw[sp][low];
    v -= 0.6 * ndice + 0.08 * sum;
    if (sp < MP2_NBASESP && x->s->sp[sp].used && c->space[sp].stack)
        v -= low * x->price[IT_COIN];
    if (sp == SP_TRAVEL1)
        v -= 2 * x->price[IT_COIN];
    return v;
}

/* ------------------------------------------------------------ decisions */

static double turn_worth(rctx *x, kt_action a, int has_place)
{
    const mp2_cfg *c = x->c;
    const mp2_player *pl = &x->s->pl[x->p];
    uint32_t arg = MP2_AARG(a);
    switch (MP2_AKIND(a)) {
    case A_PLACE:
        return 5.0 + place_worth(x, arg);
    case A_COMPLETE: {
        const mp2_contract *ct = &c->contract[pl->con[arg & 1]];
        double gain = bundle_worth(x, &c->rw[ct->reward].alt[0]);
        if (arg & 2) /* Vidal: free, but without the points */
            return 20.0 + gain - c->rw[ct->reward].alt[0].n[IT_VP];
        return 20.0 + gain - bundle_worth(x, &c->rw[ct->cost].alt[0]);
    }
    case A_VIDAL:
        return 12.0;
    case A_IMPROVE:
        return x->left > 0 ? 10.0 : -1.0;
    case A_FILIPPO:
        return 11.0;
    case A_CVDONE:
        return 11.0;
    case A_CVSTART:
        return x->left > 0 ? 9.0 : -1.0;
    case A_BUYBLACK:
        return x->s->main_done ? -4.0 : 4.0 + 0.2 * x->left;
    case A_BAG: /* a die for little: only when no placement is possible */
        return has_place || x->s->main_done ? -10.0 : 1.0;
    case A_END:
        return 0.0;
    default: /* rerolls and shifts: never (a placement scores above -5) */
        return -8.0;
    }
}

/* A leg of a move to `dest` with `left` steps after it, against stopping
 * where the figure stands. */
static double move_worth(const rctx *x, kt_action a)
{
    const mp2_state *s = x->s;
    const mp2_player *pl = &s->pl[x->p];
    if (MP2_AKIND(a) == A_DONE) {
        double v = 0;
        for (int f = 0; f < 2; f++)
            if (pl->fig[f] != MP2_NOLOC && ((s->mv.moved >> f) & 1))
                v += city_worth(x, pl->fig[f]);
        return v + 0.05;
    }
    uint32_t arg = MP2_AARG(a);
    int f = (int)(arg >> 8) & 1, dest = (int)(arg & 0xff);
    int left = (int)s->mv.steps - mp2_step_cost(x->c, s, x->p, f);
    const mp2_route *r = NULL;
    const mp2_loc *l = &x->c->loc[pl->fig[f]];
    for (int k = 0; k < l->nadj; k++)
        if (l->adj[k] == dest)
            r = &x->c->route[l->route[k]];
    double cost = r ? r->coins * x->price[IT_COIN] + r->camels * x->price[IT_CAMEL] +
                          r->jade * x->price[IT_JADE]
                    : 0;
    double here = city_worth(x, dest), there = left > 0 ? reach_worth(x, dest, left) : 0;
    return (here > there ? here : there) - cost;
}

static double pick_worth(const rctx *x, const mp2_eff *e, kt_action a)
{
    const mp2_cfg *c = x->c;
    const mp2_state *s = x->s;
    const mp2_player *pl = &s->pl[x->p];
    int done = MP2_AKIND(a) == A_DONE;
    int v = (int)MP2_AARG(a);
    switch (e->type) {
    case EF_ALT:
        return bundle_worth(x, &c->rw[e->a].alt[v]);
    case EF_GOOD:
        return x->price[v];
    case EF_MARKET: {
        const mp2_offer *o = &c->offer[s->offers[e->a][s->round]];
        if (v < 2)
            return reward_worth(x, c->book_top[e->a][v]);
        return reward_worth(x, v == 2 ? o->jade1 : o->jade2) - (v - 1) * x->price[IT_JADE];
    }
    case EF_CONTRACT: {
        if (done)
            return pl->con[0] != MP2_NONE && pl->con[1] != MP2_NONE ? 0.5 : -1.0;
        const mp2_contract *ct = &c->contract[s->cboard[v / 2][v % 2]];
        return bundle_worth(x, &c->rw[ct->reward].alt[0]) -
               0.8 * bundle_worth(x, &c->rw[ct->cost].alt[0]);
    }
    case EF_DISCARD: {
        if (v == 2 || pl->con[v] >= MP2_NCONTRACTS)
            return 0;
        const mp2_contract *ct = &c->contract[pl->con[v]];
        return -(bundle_worth(x, &c->rw[ct->reward].alt[0]) -
                 0.8 * bundle_worth(x, &c->rw[ct->cost].alt[0]));
    }
    case EF_CARD: {
        const mp2_card *cd = &c->card[e->a];
        int dir = v >> 4, k = v & 15;
        int pay = dir ? cd->pay2 : cd->pay, gain = dir ? cd->gain2 : cd->gain;
        return k * (reward_worth(x, gain) - reward_worth(x, pay));
    }
    case EF_XPOST:
    case EF_CARDBONUS:
    case EF_CVLOAD:
        return done ? -1.0 : e->type == EF_XPOST ? city_worth(x, v) : 0;
    default:
        return 0;
    }
}

/* ------------------------------------------------------------ the bot */

kt_status mp2_rollout_create(const kt_game *g, const kt_optval *opts, uint64_t seed, void **ud,
                           kt_err *err)
{
    KT_UNUSED(opts);
    const mp2_cfg *c = mp2_config(g);
    rbot *rb = kt_mem_alloc(&g->alloc, sizeof *rb);
    if (!rb)
        return kt_seterr(err, KT_ENOMEM, "bot rollout: out of memory");
    rb->a = g->alloc;
    kt_rng_seed(&rb->rng, seed);
    /* breadth-first search from every location along all routes */
    memset(rb->dist, 255, sizeof rb->dist);
    for (int a = 0; a < c->nloc; a++) {
        uint8_t queue[MP2_MAXLOC];
        int head = 0, tail = 0;
        rb->dist[a][a] = 0;
        queue[tail++] = (uint8_t)a;
        while (head < tail) {
            int u = queue[head++];
            for (int k = 0; k < c->loc[u].nadj; k++) {
                int w = c->loc[u].adj[k];
                if (rb->dist[a][w] == 255) {
                    rb->dist[a][w] = (uint8_t)(rb->dist[a][u] + 1);
                    queue[tail++] = (uint8_t)w;
                }
            }
        }
    }
    *ud = rb;
    return KT_OK;
}

void mp2_rollout_destroy(void *ud)
{
    rbot *rb = ud;
    if (rb) {
        kt_allocator a = rb->a;
        kt_mem_free(&a, rb, sizeof *rb);
    }
}

/* The distances depend on the game only: a new seed is a new generator. */
void mp2_rollout_reseed(void *ud, uint64_t seed)
{
    rbot *rb = ud;
    kt_rng_seed(&rb->rng, seed);
}

kt_status mp2_rollout_choose(void *ud, const kt_game *g, const kt_state *st, kt_action *out,
                           kt_err *err)
{
    rbot *rb = ud;
    kt_action legal[KT_LEGAL_MAX];
    int n = g->def->legal(g, st, legal);
    if (n <= 0)
        return kt_seterr(err, KT_EINTERNAL, "no legal action");
    if (n == 1) {
        *out = legal[0];
        return KT_OK;
    }
    const mp2_state *s = (const mp2_state *)st;
    rctx x; /* not zeroed as a whole: the cache is cleared only for turns */
    x.c = mp2_config(g);
    x.s = s;
    x.rb = rb;
    x.p = s->h.to_move;
    int dec = s->h.decision;
    const mp2_eff *e = s->nstack ? &s->stack[s->nstack - 1] : NULL;
    int scored = dec == DEC_TURN || dec == DEC_MOVE ||
                 (e && (e->type == EF_ALT || e->type == EF_GOOD || e->type == EF_MARKET ||
                        e->type == EF_CONTRACT || e->type == EF_DISCARD || e->type == EF_CARD ||
                        e->type == EF_XPOST || e->type == EF_CARDBONUS || e->type == EF_CVLOAD));
    if (!scored) {
        *out = legal[kt_rng_below(&rb->rng, (uint32_t)n)];
        return KT_OK;
    }
    set_prices(&x);
    if (dec == DEC_TURN)
        memset(x.known, 0, sizeof x.known);
    int has_place = 0;
    if (dec == DEC_TURN)
        for (int i = 0; i < n && !has_place; i++)
            has_place = MP2_AKIND(legal[i]) == A_PLACE;
    double best = -1e300;
    int bi = 0;
    for (int i = 0; i < n; i++) {
        double v = dec == DEC_TURN   ? turn_worth(&x, legal[i], has_place)
                   : dec == DEC_MOVE ? move_worth(&x, legal[i])
                                     : pick_worth(&x, e, legal[i]);
        v += R_NOISE * kt_rng_unit(&rb->rng);
        if (v > best) {
            best = v;
            bi = i;
        }
    }
    *out = legal[bi];
    return KT_OK;
}
