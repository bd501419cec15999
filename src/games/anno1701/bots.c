/*
 * bots.c - the heuristic bot of Anno 1701 and the evaluation used by search.
 *
 * The heuristic works towards the next inhabitant upgrades: its "needs" are
 * the goods of those upgrades plus the cheapest good building in hand, and
 * every decision follows from them: upgrade whenever possible, build cards
 * worth their goods (queen marks first), play action cards, offer the
 * opponent a surplus good for a needed one (at most two offers a phase,
 * never the one just declined), trade surplus goods at the bank for needed
 * ones, keep both village centres out of chaos (pay from the richer one,
 * never spend the last gold unless every move does), sail for rum and
 * tobacco once settlers wait for them, otherwise draw from the highest era
 * allowed.  It reads only what its player sees (the opponent's public
 * tableau; never hidden cards).  No allocation in choose.
 *
 * Data layout: the bot's private data is one generator, seeded per game
 * (no choice draws from it now: the bot is a function of the position);
 * everything else is computed per call.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "anno1701.h"
#include "../../core/mem.h"

typedef struct hb {
    kt_rng rng;
    kt_allocator a; /* the game's: the bot is made and freed through it */
} hb;

/* ------------------------------------------------------------ needs */

typedef struct need_t {
    int goods[AN_NGOODS];
    int rum, tob;
    int up;            /* level the next upgrade reaches (0 = none) */
} need_t;

static void add_cost(int *acc, const uint8_t *cost)
{
    for (int g = 0; g < AN_NGOODS; g++)
        acc[g] += cost[g];
}

static void needs(const an_cfg *c, const an_state *s, int p, need_t *n)
{
    const an_player *pl = &s->pl[p];
    memset(n, 0, sizeof *n);
    /* the next upgrade of each kind that is possible at all */
    for (int to = 3; to >= 1; to--) {
        if (!pl->lvl[to - 1] || !s->supply[to])
            continue;
        uint8_t cost[AN_NGOODS];
        int rum, tob;
        an_upgrade_cost(c, to, cost, &rum, &tob);
        add_cost(n->goods, cost);
        n->rum += rum;
        n->tob += tob;
        if (!n->up)
            n->up = to;
    }
}

static int surplus(const an_cfg *c, const an_player *pl, const need_t *n, int g)
{
    return an_goods(c, pl, g) - n->goods[g];
}

/* Gold the bot keeps for bad luck: fire costs 1 per citizen and merchant,
 * action cards take 1-2; both centres empty loses the game. */
static int floor_gold(const an_player *pl) { return 4 + pl->lvl[2] + pl->lvl[3]; }

/* ------------------------------------------------------------ card values */

static int card_value(const an_cfg *c, const an_state *s, int p, int d)
{
    const an_def *df = &c->def[d];
    const an_player *pl = &s->pl[p];
    if (df->family == FAM_ACTION)
        return df->act == AC_CAPTAIN || df->act == AC_COMMANDER ? 2 : 3;
    int v = 6 * df->queen + 2 * df->gold + 2 * df->happy + 2 * df->bags + 2 * df->cannons;
    if (df->prod != AN_NONE)
        v += 4;
    v += df->sails * (pl->lvl[1] ? 2 : 1);
    if (df->func == FN_FIRE)
        v += pl->lvl[2] + pl->lvl[3] ? 4 : 1;
    if (df->func == FN_CHAPEL || df->func == FN_CHURCH || df->func == FN_THEATRE)
        v += 1;
    if (df->func == FN_HARBOUR)
        v += 2;
    return v;
}

/* ------------------------------------------------------------ the turn */

static int find(const kt_action *a, int n, int kind, int x)
{
    for (int i = 0; i < n; i++)
        if (AN_AK(a[i]) == kind && (x < 0 || AN_AX(a[i]) == x))
            return i;
    return -1;
}

static int best_pile(const an_state *s, const kt_action *a, int n, int kind)
{
    int best = -1, be = -1;
    for (int i = 0; i < n; i++)
        if (AN_AK(a[i]) == kind) {
            int k = AN_AX(a[i]), e = an_pile_era(k) * 32 + s->plen[k];
            if (e > be)
                be = e, best = i;
        }
    return best;
}

static int cost_hurts(const an_cfg *c, const an_player *pl, const need_t *n, const uint8_t *cost)
{
    int hurt = 0;
    for (int g = 0; g < AN_NGOODS; g++)
        if (cost[g] && surplus(c, pl, n, g) < cost[g])
            hurt += cost[g] - (surplus(c, pl, n, g) > 0 ? surplus(c, pl, n, g) : 0);
    return hurt;
}

static int choose_build(const an_cfg *c, const an_state *s, int p, const need_t *nd,
                        const kt_action *a, int n)
{
    const an_player *pl = &s->pl[p];
    int best = -1, bv = 0;
    for (int i = 0; i < n; i++) {
        if (AN_AK(a[i]) != A_BUILD)
            continue;
        int d = AN_AX(a[i]);
        int v = card_value(c, s, p, d) * 2 - 3 * cost_hurts(c, pl, nd, c->def[d].cost);
        if (c->def[d].queen)
            v += 20;
        if (v > bv)
            bv = v, best = i;
    }
    return best;
}

static int choose_play(const an_cfg *c, const an_state *s, int p, const kt_action *a, int n)
{
    const an_player *pl = &s->pl[p];
    for (int i = 0; i < n; i++) {
        if (AN_AK(a[i]) != A_PLAY)
            continue;
        int act = c->def[AN_AX(a[i])].act;
        if (act == AC_BISHOP && an_gold(pl) >= 2 * c->k.centre_cap - 1)
            continue;
        if (act == AC_PICKPOCKET && an_gold(pl) >= 2 * c->k.centre_cap)
            continue;
        return i;
    }
    return -1;
}

/* A bank trade of a surplus kind for a needed good (gold only when rich). */
static int choose_bank(const an_cfg *c, const an_state *s, int p, const need_t *nd,
                       const kt_action *a, int n)
{
    const an_player *pl = &s->pl[p];
    int best = -1, bv = 0;
    for (int i = 0; i < n; i++) {
        if (AN_AK(a[i]) != A_BANK)
            continue;
        int gv = AN_AX(a[i]), gt = AN_AY(a[i]);
        if (gt == AN_GOLD) {
            int g = an_gold(pl);
            if ((g < floor_gold(pl) && surplus(c, pl, nd, gv) >= c->k.bank_rate) || g <= 2)
                return i;
            continue;
        }
        int give_ok = gv == AN_GOLD ? an_gold(pl) >= 2 * c->k.centre_cap
                                    : surplus(c, pl, nd, gv) >= c->k.bank_rate;
        int want = nd->goods[gt] - an_goods(c, pl, gt);
        if (give_ok && want > 0 && want * 10 + (gv == AN_GOLD ? 0 : 5) > bv)
            bv = want * 10 + (gv == AN_GOLD ? 0 : 5), best = i;
    }
    return best;
}

static int wants_voyage(const an_cfg *c, const an_state *s, int p, const need_t *nd)
{
    const an_player *pl = &s->pl[p];
    if (pl->ship < c->voyage_min || an_gold(pl) < floor_gold(pl) + 1)
        return 0;
    int have_settler = pl->lvl[1] + pl->lvl[2] > 0;
    return have_settler && ((nd->rum > pl->rum && pl->rum < c->k.ware_cap) ||
                            (nd->tob > pl->tob && pl->tob < c->k.ware_cap));
}

/* The offer the heuristic makes to the opponent: one good its next
 * upgrades lack and the opponent has to spare (the opponent's needs are
 * public: its inhabitants), for one of its own surplus goods - one the
 * opponent lacks if it has one - or 1 gold when it has gold to spare; once
 * that was declined this action phase, one unit more of what it gives.  0
 * when nothing fits or the offer would be the one just declined (it never
 * repeats that).  The same answer at every pick of the composition: it
 * reads only the holdings and the declined offer, which composing does not
 * change. */
static int offer_target(const an_cfg *c, const an_state *s, int p, const need_t *nd,
                        uint8_t *give, uint8_t *get)
{
    const an_player *pl = &s->pl[p], *op = &s->pl[1 - p];
    need_t od;
    needs(c, s, 1 - p, &od);
    int want = -1, wv = 0, pay = -1, pv = 0, spare = an_gold(pl) - floor_gold(pl) - 1;
    memset(give, 0, AN_NKINDS);
    memset(get, 0, AN_NKINDS);
    for (int g = 0; g < AN_NGOODS; g++) {
        int lack = nd->goods[g] - an_goods(c, pl, g);
        if (lack > wv && surplus(c, op, &od, g) > 0 && an_room(c, pl, g) > 0)
            wv = lack, want = g;
    }
    if (want < 0)
        return 0;
    for (int g = 0; g < AN_NGOODS; g++) {
        int v = surplus(c, pl, nd, g) + 8 * (surplus(c, op, &od, g) < 0);
        if (g != want && surplus(c, pl, nd, g) > 0 && an_room(c, op, g) > 0 && v > pv)
            pv = v, pay = g;
    }
    get[want] = 1;
    if (pay >= 0)
        give[pay] = 1;
    else if (spare >= 1)
        give[AN_GOLD] = 1;
    else
        return 0;
    if (memcmp(give, s->declined[0], AN_NKINDS) || memcmp(get, s->declined[1], AN_NKINDS))
        return 1;
    if (pay >= 0 && surplus(c, pl, nd, pay) >= 2 && an_room(c, op, pay) >= 2)
        give[pay] = 2;
    else if (spare > give[AN_GOLD])
        give[AN_GOLD]++;
    else
        return 0;
    return 1;
}

static int choose_turn(hb *b, const an_cfg *c, const an_state *s, const kt_action *a, int n)
{
    KT_UNUSED(b);
    int p = s->h.to_move, i;
    const an_player *pl = &s->pl[p];
    need_t nd;
    needs(c, s, p, &nd);
    for (int to = 3; to >= 1; to--)
        for (i = 0; i < n; i++)
            if (AN_AK(a[i]) == A_UPGRADE && AN_AX(a[i]) == to - 1)
                return i;
    if (an_gold(pl) <= 2)
        for (i = 0; i < n; i++)
            if (AN_AK(a[i]) == A_BANK && AN_AY(a[i]) == AN_GOLD)
                return i;
    if ((i = choose_build(c, s, p, &nd, a, n)) >= 0)
        return i;
    if ((i = choose_play(c, s, p, a, n)) >= 0)
        return i;
    uint8_t give[AN_NKINDS], get[AN_NKINDS];
    if (s->offers < 2 && (i = find(a, n, A_OFFER, -1)) >= 0 &&
        offer_target(c, s, p, &nd, give, get))
        return i;
    if ((i = choose_bank(c, s, p, &nd, a, n)) >= 0)
        return i;
    int wood_spare = surplus(c, pl, &nd, GD_WOOD);
    if ((pl->ship == 0 || (pl->ship < c->voyage_min + 1 && wood_spare > 0)) &&
        (i = find(a, n, A_REPAIR, -1)) >= 0 && an_goods(c, pl, GD_WOOD) > 0)
        return i;
    if (wants_voyage(c, s, p, &nd)) {
        int plain = -1;
        for (i = 0; i < n; i++)
            if (AN_AK(a[i]) == A_SAIL) {
                if (AN_AX(a[i]) != AN_NONE)
                    return i;
                plain = i;
            }
        if (plain >= 0)
            return plain;
    }
    if ((i = best_pile(s, a, n, A_DRAW)) >= 0)
        return i;
    if (pl->nh >= c->k.hand_size) {
        /* exchange the least useful card when it is not worth keeping */
        int worst = -1, wv = 5;
        for (i = 0; i < n; i++)
            if (AN_AK(a[i]) == A_EXCH && (AN_AY(a[i]) & 1) == 0) {
                int v = card_value(c, s, p, AN_AX(a[i]));
                if (v < wv)
                    wv = v, worst = i;
            }
        if (worst >= 0)
            return worst;
    }
    return find(a, n, A_END, -1);
}

/* ------------------------------------------------------------ decisions */

static int good_pick(const an_cfg *c, const an_player *pl, const need_t *nd, const kt_action *a,
                     int n, int most_needed)
{
    int best = 0, bv = -1000;
    for (int i = 0; i < n; i++) {
        int g = AN_AX(a[i]);
        if (g >= AN_NGOODS)
            continue;
        int v = most_needed ? nd->goods[g] - an_goods(c, pl, g) : an_goods(c, pl, g) - nd->goods[g];
        v = v * 8 - (most_needed ? an_goods(c, pl, g) : -an_goods(c, pl, g));
        if (v > bv)
            bv = v, best = i;
    }
    return best;
}

static int choose_pay(const an_player *pl, const kt_action *a, int n, int amount)
{
    int best = 0, bv = -1;
    for (int i = 0; i < n; i++) {
        int k = AN_AX(a[i]);
        int g0 = pl->gold[0] - k, g1 = pl->gold[1] - (amount - k);
        int v = (g0 > 0) + (g1 > 0);
        v = v * 10 + (g0 < g1 ? g0 : g1);
        if (v > bv)
            bv = v, best = i;
    }
    return best;
}

static int offer_value(const an_cfg *c, const an_player *pl, const need_t *nd, int kind, int cnt)
{
    if (kind == AN_GOLD)
        return cnt * (an_gold(pl) <= 3 ? 4 : 2);
    int want = nd->goods[kind] - an_goods(c, pl, kind);
    return cnt * (want > 0 ? 3 : 1);
}

static int choose_answer(hb *b, const an_cfg *c, const an_state *s, const kt_action *a, int n)
{
    KT_UNUSED(b);
    const an_task *t = &s->stack[s->nstack - 1];
    int p = t->p, i;
    const an_player *pl = &s->pl[p];
    need_t nd;
    needs(c, s, p, &nd);
    switch (t->t) {
    case K_PAY:
        return choose_pay(pl, a, n, t->x < an_gold(pl) ? t->x : an_gold(pl));
    case K_GOOD:
    case K_STEAL:
        return good_pick(c, pl, &nd, a, n, 1);
    case K_LOSE:
        return good_pick(c, pl, &nd, a, n, 0);
    case K_TRADER:
        for (i = 0; i < n; i++) {
            int g = AN_AX(a[i]);
            if (AN_AK(a[i]) == A_BUYG && an_gold(pl) >= floor_gold(pl) + 3 &&
                nd.goods[g] > an_goods(c, pl, g))
                return i;
            if (AN_AK(a[i]) == A_SELLG && an_gold(pl) < floor_gold(pl) + 1 &&
                (surplus(c, pl, &nd, g) > 0 || an_gold(pl) <= 2))
                return i;
        }
        return find(a, n, A_NO, -1);
    case K_HARBOUR:
        for (i = 0; i < n; i++)
            if (AN_AK(a[i]) == A_HARB && surplus(c, pl, &nd, AN_AX(a[i])) > 0 &&
                nd.goods[AN_AY(a[i])] > an_goods(c, pl, AN_AY(a[i])))
                return i;
        return find(a, n, A_NO, -1);
    case K_THEATRE: {
        int g = an_gold(pl), hurt = t->x == AC_REVOLUTIONARY ? c->k.revolutionary
                                    : t->x == AC_PICKPOCKET  ? c->k.pickpocket
                                                             : 0;
        int cancel = g > c->k.theatre_cost && (g >= floor_gold(pl) || hurt >= g);
        if (t->x == AC_PICKPOCKET && hurt <= c->k.theatre_cost && hurt < g)
            cancel = 0;
        return find(a, n, cancel ? A_CANCEL : A_NO, -1);
    }
    case K_SPY:
    case K_SEARCH: {
        int best = 0, bv = -1;
        for (i = 0; i < n; i++) {
            int v = card_value(c, s, p, AN_AX(a[i]));
            if (v > bv)
                bv = v, best = i;
        }
        return best;
    }
    case K_COMPOSE: { /* pick towards offer_target, make it, or withdraw */
        uint8_t give[AN_NKINDS], get[AN_NKINDS];
        if (!offer_target(c, s, p, &nd, give, get))
            return find(a, n, A_NO, -1);
        for (int k = 0; k < AN_NKINDS; k++) {
            if (s->give[k] > give[k] || s->get[k] > get[k])
                return find(a, n, A_NO, -1);
            if (s->give[k] < give[k])
                return (i = find(a, n, A_GIVE, k)) >= 0 ? i : find(a, n, A_NO, -1);
            if (s->get[k] < get[k])
                return (i = find(a, n, A_ASK, k)) >= 0 ? i : find(a, n, A_NO, -1);
        }
        return (i = find(a, n, A_SEND, -1)) >= 0 ? i : find(a, n, A_NO, -1);
    }
    case K_OFFER: { /* what it gets against what it gives, each by its needs */
        int gain = 0, cost = 0;
        for (int k = 0; k < AN_NKINDS; k++) {
            gain += offer_value(c, pl, &nd, k, s->give[k]);
            cost += offer_value(c, pl, &nd, k, s->get[k]);
            if (k < AN_NGOODS && s->get[k] && surplus(c, pl, &nd, k) < s->get[k])
                cost += 3;
        }
        if (s->get[AN_GOLD] && an_gold(pl) - s->get[AN_GOLD] < floor_gold(pl))
            cost += 10;
        return find(a, n, gain > cost ? A_ACCEPT : A_NO, -1);
    }
    case K_PLACE: { /* the landscape with the fewest goods: the most room left for dice */
        int best = 0, bv = 99;
        for (i = 0; i < n; i++)
            if (pl->land[AN_AX(a[i])] < bv)
                bv = pl->land[AN_AX(a[i])], best = i;
        return best;
    }
    case K_REFILL:
    case K_XDRAW:
        i = best_pile(s, a, n, A_DRAW);
        return i >= 0 ? i : 0;
    case K_SAIL:
        return find(a, n, pl->ship >= 2 ? A_CONT : A_NO, -1);
    case K_PIRATE: {
        int payoff = find(a, n, A_PAYOFF, -1);
        int strength = an_cannons(c, pl) + s->vbonus;
        int left = an_gold(pl) - c->vdef[t->x].demand;
        if (payoff >= 0 && (left >= floor_gold(pl) ||
                            (left >= 2 && strength + 1 < c->vdef[t->x].strength)))
            return payoff;
        return find(a, n, A_FIGHT, -1);
    }
    case K_BUY:
        for (i = 0; i < n; i++)
            if (AN_AK(a[i]) == A_BUY) {
                const an_vdef *v = &c->vdef[t->x];
                int item = v->offer_item[AN_AX(a[i])];
                int needed = item == IT_RUM ? nd.rum > pl->rum || pl->rum < 2
                                            : nd.tob > pl->tob || pl->tob < 2;
                if (needed && an_gold(pl) - v->offer_price[AN_AX(a[i])] >= floor_gold(pl) - 1)
                    return i;
            }
        return find(a, n, A_NO, -1);
    case K_PILE:
    case K_LODGE:
    default:
        return n - 1 >= 0 && AN_AK(a[n - 1]) == A_NO ? n - 1 : 0;
    }
}

static kt_status hb_choose(void *ud, const kt_game *g, const kt_state *st, kt_action *out,
                           kt_err *err)
{
    KT_UNUSED(err);
    hb *b = ud;
    const an_cfg *c = an_config(g);
    const an_state *s = (const an_state *)st;
    kt_action all[KT_LEGAL_MAX], a[KT_LEGAL_MAX];
    int na = an_legal(g, st, all), n = 0;
    if (na <= 0)
        return kt_seterr(err, KT_EOVER, "the game is over");
    /* never a move that spends the last gold (it loses at once) unless
     * every move does */
    for (int k = 0; k < na; k++)
        if (!an_last_gold(c, s, all[k]))
            a[n++] = all[k];
    if (n == 0)
        memcpy(a, all, sizeof *a * (size_t)(n = na));
    int i = s->nstack == 0 ? choose_turn(b, c, s, a, n) : choose_answer(b, c, s, a, n);
    *out = a[i >= 0 && i < n ? i : 0];
    return KT_OK;
}

static kt_status hb_create(const kt_game *g, const kt_optval *opts, uint64_t seed, void **ud,
                           kt_err *err)
{
    KT_UNUSED(opts);
    hb *b = kt_mem_zalloc(&g->alloc, sizeof *b);
    if (!b)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    b->a = g->alloc;
    kt_rng_seed(&b->rng, seed);
    *ud = b;
    return KT_OK;
}

static void hb_destroy(void *ud)
{
    hb *b = ud;
    if (b) {
        kt_allocator a = b->a;
        kt_mem_free(&a, b, sizeof *b);
    }
}

const kt_botdef an_bots[AN_NBOTS] = {
    {.info = {"heuristic", "works towards the next inhabitant upgrades: builds, trades surplus "
                           "goods with the opponent and the bank, sails for rum and tobacco, keeps "
                           "both village centres out of chaos, never spends its last gold",
              NULL, 0},
     .create = hb_create,
     .choose = hb_choose,
     .destroy = hb_destroy},
};

/* ------------------------------------------------------------ evaluation */

static double progress(const an_cfg *c, const an_state *s, int p)
{
    const an_player *pl = &s->pl[p];
    double v = an_queen(c, pl) + 0.8 * pl->lvl[3] + 0.3 * pl->lvl[2];
    int goods = 0;
    for (int g = 0; g < AN_NGOODS; g++)
        goods += an_goods(c, pl, g);
    v += 0.08 * goods + 0.12 * an_gold(pl) + 0.2 * (pl->rum + pl->tob) + 0.1 * pl->ship;
    v += 0.15 * pl->nh + 0.1 * pl->nb;
    int gold = an_gold(pl);
    if (gold <= 1)
        v -= 2.0;
    else if (gold == 2)
        v -= 0.6;
    if (pl->gold[0] == 0 || pl->gold[1] == 0)
        v -= 0.5;
    return v;
}

void an_evaluate(const kt_game *g, const kt_state *st, double *out)
{
    const an_cfg *c = an_config(g);
    const an_state *s = (const an_state *)st;
    if (s->h.status == KT_FINISHED) {
        out[0] = s->winner == 0;
        out[1] = s->winner == 1;
        return;
    }
    double d = progress(c, s, 0) - progress(c, s, 1);
    out[0] = 1.0 / (1.0 + exp(-0.6 * d));
    out[1] = 1.0 - out[0];
}
