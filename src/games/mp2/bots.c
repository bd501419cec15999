/*
 * bots.c - Marco Polo II: the heuristic bot and the evaluation for search.
 *
 * Data layout: the bot's private block (hbot) holds its generator, the
 * step distances between all locations (computed once at creation) and
 * scratch states for look-ahead, so choosing never allocates.
 *
 * Method.  value() estimates a player's final score from a position in
 * victory-point equivalents: points so far, the shield track, goods, coins
 * and camels at prices that fall towards their end-game worth as rounds
 * pass, active contracts (almost their net reward once affordable), round
 * income from bonus markers and improved seals, goal cards, unplaced dice
 * (what a die is still worth this round) and the reach of the figures.
 * The bot works on a determinized copy of the state (it never sees hidden
 * cards).  For every legal action it applies the action to a copy, lets
 * its own follow-up decisions be made greedily (moves by a small route
 * planner) until the turn is back at the "turn" decision or someone else
 * is to move, and takes the action with the best value.  Chance actions
 * (rerolls, black dice) are valued by their expectation, not by peeking at
 * the generator.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mp2.h"
#include "../../core/mem.h"

/* Weights of the bot's estimate that are not plain prices.  Defaults
 * below; `heuristic:tune=name=value,...` overrides them for experiments
 * (how the defaults were found: docs/marco_polo_2.md). */
enum {
    W_REACH,  /* weight of the best city within reach of a figure */
    W_GREACH, /* Gantulga Od: weight of his travel potential */
    W_GSTEP,  /* Gantulga Od: points a step nearer to a good city is worth */
    W_GBLACK, /* Gantulga Od: extra worth of a black die (another travel) */
    W_VSET,   /* Vidal Badoer: share of a goods set's exchange gain counted */
    W_VFREE,  /* Vidal Badoer: share of a free contract's reward counted */
    W_CVIDLE, /* a caravan at home while rounds remain: a better route later */
    W_MOASIS, /* Möngke Khan: extra worth of an oasis skipped, beyond its reward */
    W_CVBASE, /* share of a running caravan's sale gain counted however far */
    W_CVNEAR, /* ... and the more, the nearer a figure is */
    W_TCV,    /* Tebaldo Visconti: factor on that share */
    W_SHFUT,  /* distinct shields a player still gains per round left */
    W_MREACH2, /* Mailin & Tian Chin: share of the second figure's reach */
    W_MDOUBLE, /* Mailin & Tian Chin: share of the doubled round income counted */
    W_GCITY,  /* goal card choice: worth of a goal city next to Beijing */
    W_GSEAL,  /* goal card choice: share of a goal seal's points counted */
    W_NW
};

static const char *const w_name[W_NW] = {"reach",  "greach", "gstep",   "gblack",  "vset",
                                         "vfree",  "cvidle", "moasis",  "cvbase",  "cvnear",
                                         "tcv",    "shfut",  "mreach2", "mdouble", "gcity",
                                         "gseal"};
static const double w_default[W_NW] = {0.5, 0.5, 8.0, 1.0, 0.9, 0.8, 0.0, 0.0,
                                       0.4, 0.5, 1.0, 1.2, 0.7, 1.0, 4.0, 0.45};

/* Step distances between locations for one set of guild seals held
 * (spicer, tailor, jeweler: the seals that open routes) and with or
 * without Möngke Khan's free steps out of oases: 16 tables. */
#define DIST_TABLES 16

typedef struct hbot {
    kt_rng rng;
    int np;
    double w[W_NW];
    uint8_t dist[DIST_TABLES][MP2_MAXLOC][MP2_MAXLOC];
    kt_state *base, *tmp, *tmp2, *tmp3; /* state_size bytes each */
    size_t state_size;
    kt_allocator a; /* the game's: the bot is made and freed through it */
} hbot;

/* Distance table for player p (seals held, character). */
static const uint8_t (*dist_for(const hbot *hb, const mp2_state *s, int p))[MP2_MAXLOC]
{
    const mp2_player *pl = &s->pl[p];
    int k = ((pl->seals >> G_SPICER) & 7) | (pl->character == CH_MONGKE ? 8 : 0);
    return hb->dist[k];
}

/* ------------------------------------------------------------ prices */

typedef struct prices {
    double res[MP2_NRES];
    double die[7];
    int left;     /* rounds after the current one */
    double shfut; /* distinct shields still expected (see shield_worth) */
} prices;

static void set_prices(const double *w, const mp2_state *s, prices *pr)
{
    int R = MP2_ROUNDS - 1 - s->round;
    pr->left = R;
    pr->shfut = w[W_SHFUT] * R;
    pr->res[IT_COIN] = 0.1 + 0.06 * R;
    pr->res[IT_CAMEL] = 0.05 + 0.09 * R;
    pr->res[IT_JADE] = 0.5 + 0.12 * R;
    pr->res[IT_PEPPER] = 0.5 + 0.1 * R;
    pr->res[IT_SILK] = 0.5 + 0.2 * R;
    pr->res[IT_GOLD] = 0.5 + 0.3 * R;
    pr->res[IT_VP] = 1.0;
    /* a die is worth about what a one-die action yields now (a book, the
     * Khan's Favor), which falls as goods lose their use towards the end */
    for (int v = 1; v <= 6; v++)
        pr->die[v] = (1.0 + 0.2 * R) + (0.15 + 0.03 * R) * v;
    pr->die[0] = 0;
}

static double bundle_value(const mp2_cfg *c, const prices *pr, const mp2_bundle *b)
{
    double v = 0;
    for (int i = 0; i < MP2_NRES; i++)
        v += b->n[i] * pr->res[i];
    v += b->n[IT_GOOD] * pr->res[IT_SILK];
    v += b->n[IT_DRAW] * 1.5 + b->n[IT_CONTRACT] * 1.5;
    v += b->n[IT_BLACK] * 1.8 + b->n[IT_MOVE] * 0.8 + b->n[IT_XPOST] * 2.0;
    v += b->n[IT_SHIELD] * 3.5;
    KT_UNUSED(c);
    return v;
}

static double reward_value(const mp2_cfg *c, const prices *pr, int rw)
{
    const mp2_reward *r = &c->rw[rw];
    double best = -1e9;
    for (int i = 0; i < r->nalt; i++) {
        double v = bundle_value(c, pr, &r->alt[i]);
        if (v > best)
            best = v;
    }
    return r->nalt ? best : 0;
}

/* ------------------------------------------------------------ position value */

static int has_post(const mp2_state *s, int p, int loc) { return (int)((s->pl[p].posts >> loc) & 1); }

static int shield_count(const mp2_cfg *c, const mp2_state *s, int p) { return mp2_shields(c, s, p); }

/* The shield track at a fractional count (linear between the points),
 * capped at its last value. */
static double track_at(const mp2_cfg *c, double x)
{
    if (x >= MP2_TRACK - 1)
        return c->track[MP2_TRACK - 1];
    int i = (int)x;
    return c->track[i] + (x - i) * (c->track[i + 1] - c->track[i]);
}

/* Worth of n distinct shields now.  The track is convex, so a shield is
 * worth the slope where the player will end, not where they stand: count
 * the shields still expected this game (pr->shfut) below them. */
static double shield_worth(const mp2_cfg *c, const prices *pr, double n)
{
    return track_at(c, n + pr->shfut) - track_at(c, pr->shfut);
}

static double marker_value(const mp2_cfg *c, const mp2_state *s, const prices *pr, int m)
{
    if (c->marker[m].copy) {
        double best = 0;
        for (int b = 0; b < MP2_NBONUSCITY; b++)
            if (!c->marker[s->marker[b]].copy) {
                double v = reward_value(c, pr, c->marker[s->marker[b]].reward);
                if (v > best)
                    best = v;
            }
        return best;
    }
    return reward_value(c, pr, c->marker[m].reward);
}

/* What post_value needs besides the place, for one position, player and
 * prices: the player's shield count, the worth of `add` more shields, the
 * city-bonus markers and outpost tiles at these prices.  Valuing many places
 * of one position (the move planner, the reach term) computes each once, on
 * first use, with the very expressions post_value used, so the values are
 * the same to the last bit. */
#define PV_MAXADD 7
typedef struct pvctx {
    const mp2_cfg *c;
    const mp2_state *s;
    const prices *pr;
    int p, n;
    unsigned have_sw, have_marker, have_outpost;
    double sw[PV_MAXADD + 1];
    double marker[MP2_NBONUSCITY];
    double outpost[MP2_NOUTPOSTS];
} pvctx;

static void pv_init(pvctx *x, const mp2_cfg *c, const mp2_state *s, const prices *pr, int p)
{
    x->c = c;
    x->s = s;
    x->pr = pr;
    x->p = p;
    x->n = shield_count(c, s, p);
    x->have_sw = x->have_marker = x->have_outpost = 0;
}

/* Value for player p of a new trading post in `loc` now. */
static double post_value(pvctx *x, int loc)
{
    const mp2_cfg *c = x->c;
    const mp2_state *s = x->s;
    const prices *pr = x->pr;
    int p = x->p;
    const mp2_loc *l = &c->loc[loc];
    if (l->kind != LK_CITY || has_post(s, p, loc))
        return 0;
    const mp2_player *pl = &s->pl[p];
    double v = 0.5;
    int n = x->n;
    int add = (pl->posts & c->shield_mask[l->shield]) == 0;
    if (pl->goal < 3) {
        const mp2_goal *gl = &c->goal[pl->goal_opt[pl->goal]];
        for (int i = 0; i < gl->ncity; i++) {
            int gc = gl->city[i];
            int hit = c->flag_goal_shield ? c->loc[gc].shield == l->shield &&
                                                !(pl->posts & c->shield_mask[l->shield])
                                          : gc == loc;
            add += hit;
        }
    }
    if (add > PV_MAXADD) {
        v += shield_worth(c, pr, n + add) - shield_worth(c, pr, n);
    } else if (add) {
        if (!((x->have_sw >> add) & 1)) {
            x->sw[add] = shield_worth(c, pr, n + add) - shield_worth(c, pr, n);
            x->have_sw |= 1u << add;
        }
        v += x->sw[add];
    }
    if (pl->nposts >= MP2_POSTS)
        v -= 3; /* a post has to be moved away */
    else if (pl->nposts + 1 >= 9)
        v += pl->nposts + 1 == 11 ? 10 : 5;
    else if (pr->left > 0)
        v += 20.0 / MP2_POSTS; /* progress towards the 9th-11th post bonuses */
    if (l->bonus) {
        int b = l->bonus - 1;
        if (!((x->have_marker >> b) & 1)) {
            x->marker[b] = marker_value(c, s, pr, s->marker[b]);
            x->have_marker |= 1u << b;
        }
        v += x->marker[b] * (1 + 0.9 * pr->left);
    }
    if (l->outpost && s->outpost[l->outpost - 1] != MP2_NONE) {
        int o = l->outpost - 1;
        if (!((x->have_outpost >> o) & 1)) {
            x->outpost[o] = reward_value(c, pr, c->outpost[s->outpost[o]].reward);
            x->have_outpost |= 1u << o;
        }
        v += x->outpost[o];
    }
    if (l->ccity)
        v += 1.0 + 0.6 * pr->left;
    if (l->card && s->card_slot[l->card - 1] != MP2_NONE)
        v += 0.5 + 0.7 * pr->left;
    if (l->special)
        v += 1.0 + 1.0 * pr->left;
    return v;
}

/* Worth of active contract k: most of its net reward once affordable,
 * less the more goods are missing.  Vidal Badoer may also complete it for
 * free (no VP of the reward), which is a floor. */
static double contract_value(const mp2_cfg *c, const double *w, const mp2_state *s,
                             const prices *pr, int p, int k)
{
    const mp2_contract *ct = &c->contract[k];
    const mp2_bundle *cost = &c->rw[ct->cost].alt[0];
    const mp2_player *pl = &s->pl[p];
    int vidal = pl->character == CH_VIDAL;
    /* + share of the majority (Vidal's count is fixed) */
    double rv = bundle_value(c, pr, &c->rw[ct->reward].alt[0]) + (vidal ? 0.2 : 1.2);
    double cv = bundle_value(c, pr, cost);
    double net = rv - cv, v;
    int missing = 0;
    for (int i = IT_PEPPER; i <= IT_GOLD; i++)
        if (cost->n[i] > pl->res[i])
            missing += cost->n[i] - pl->res[i];
    if (!mp2_can_pay(pl, 0, cost->n[IT_CAMEL], cost->n[IT_JADE]))
        missing++;
    if (missing == 0) {
        v = 0.9 * net;
    } else {
        double f = pr->left > 0 ? 0.55 - 0.08 * missing : 0.15 - 0.05 * missing;
        v = f > 0 ? f * net : 0;
    }
    if (vidal) {
        double free_ = w[W_VFREE] * (rv - c->rw[ct->reward].alt[0].n[IT_VP]);
        if (free_ > v)
            v = free_;
    }
    return v;
}

/* Best post within reach of player p's figures.  Gantulga Od moves one
 * step per travel action, so for him every step nearer to a good city
 * counts (a potential: the city's worth less gstep per further step);
 * the others cover several steps per action, so the distance only
 * discounts. */
static double reach_value(const mp2_cfg *c, const hbot *hb, const double *w, const mp2_state *s,
                          const prices *pr, int p)
{
    const mp2_player *pl = &s->pl[p];
    const uint8_t(*D)[MP2_MAXLOC] = dist_for(hb, s, p);
    int gantulga = pl->character == CH_GANTULGA;
    double best[2] = {0, 0};
    pvctx px;
    pv_init(&px, c, s, pr, p);
    for (int f = 0; f < 2; f++) {
        int at = pl->fig[f];
        if (at == MP2_NOLOC)
            continue;
        for (int l = 0; l < c->nloc; l++) {
            int d = D[at][l];
            if (d == 0 || d > (gantulga ? 6 : 4) || !((c->city_mask >> l) & 1) || has_post(s, p, l))
                continue;
            double pv = post_value(&px, l);
            pv = gantulga ? w[W_GREACH] * (pv - w[W_GSTEP] * (d - 1)) : w[W_REACH] * pv / (0.5 + d);
            if (pv > best[f])
                best[f] = pv;
        }
    }
    /* Mailin & Tian Chin: both figures travel, so the other one's reach
     * counts too (in part: the two may aim at the same city) */
    double hi = best[0] > best[1] ? best[0] : best[1], lo = best[0] > best[1] ? best[1] : best[0];
    return hi + w[W_MREACH2] * lo;
}

/* Estimated final points of player p.  hb may be NULL (evaluation for
 * search): then default weights and no distance terms. */
static double value(const mp2_cfg *c, const hbot *hb, const mp2_state *s, int p)
{
    const mp2_player *pl = &s->pl[p];
    const double *w = hb ? hb->w : w_default;
    prices pr;
    set_prices(w, s, &pr);
    double v = pl->res[IT_VP];
    if (s->phase == PH_OVER) {
        int score[MP2_MAXP];
        mp2_final_scores(c, s, score, NULL);
        return score[p];
    }
    for (int i = 0; i < IT_VP; i++)
        v += pl->res[i] * pr.res[i];
    v += shield_worth(c, &pr, shield_count(c, s, p));
    for (int i = 0; i < 2; i++)
        if (pl->con[i] != MP2_NONE)
            v += contract_value(c, w, s, &pr, p, pl->con[i]);
    /* completed contracts: the majority (not for Vidal, who counts 4) */
    v += (pl->character == CH_VIDAL ? 0.3 : 1.3) * pl->ndone;
    for (int g = 0; g < MP2_NGUILD; g++) {
        if (!((pl->seals >> g) & 1))
            continue;
        v += 0.6;
        if ((pl->seals >> (4 + g)) & 1)
            v += reward_value(c, &pr, c->guild[g].income) * pr.left;
    }
    if (pl->goal < 3) {
        const mp2_goal *gl = &c->goal[pl->goal_opt[pl->goal]];
        for (int i = 0; i < gl->nseal; i++) {
            int g = gl->seal[i];
            if ((pl->seals >> (4 + g)) & 1)
                v += gl->sealvp[i];
            else if ((pl->seals >> g) & 1)
                v += 0.35 * gl->sealvp[i] * (pr.left > 0);
        }
    }
    double best_income = 0; /* Mailin & Tian Chin receive one source twice */
    for (int g = 0; g < MP2_NGUILD; g++)
        if ((pl->seals >> (4 + g)) & 1) {
            double iv = reward_value(c, &pr, c->guild[g].income);
            best_income = iv > best_income ? iv : best_income;
        }
    for (int b = 0; b < MP2_NBONUSCITY; b++)
        if (has_post(s, p, c->bonus_loc[b])) {
            double mv = marker_value(c, s, &pr, s->marker[b]);
            v += mv * 0.9 * pr.left;
            best_income = mv > best_income ? mv : best_income;
        }
    if (pl->character == CH_MAILIN)
        v += w[W_MDOUBLE] * best_income * pr.left;
    /* kept outpost tiles are worth less than their bonus, so that cashing
     * one is an improvement (and nothing once the game is over) */
    for (int t = 0; t < MP2_NOUTPOSTS; t++)
        if ((pl->kept >> t) & 1)
            v += reward_value(c, &pr, c->outpost[t].reward) * (pr.left > 0 ? 0.8 : 0.2);
    if (s->phase == PH_PLAY || s->phase == PH_ROUND)
        for (int d = 1; d <= 6; d++)
            v += (pl->own[d] + pl->blk[d]) * pr.die[d];
    v += 1.5 * mp2_popc64((uint64_t)pl->pieces);
    /* Vidal Badoer turns a set of pepper, silk and gold into 5 VP (once
     * per turn, plenty of turns): sets count at part of that gain */
    if (pl->character == CH_VIDAL) {
        int sets = pl->res[IT_PEPPER];
        if (pl->res[IT_SILK] < sets)
            sets = pl->res[IT_SILK];
        if (pl->res[IT_GOLD] < sets)
            sets = pl->res[IT_GOLD];
        double gain = 5 - pr.res[IT_PEPPER] - pr.res[IT_SILK] - pr.res[IT_GOLD];
        if (sets > 0 && gain > 0)
            v += w[W_VSET] * gain * sets;
    }
    /* a running caravan: its goods are worth between their end value and
     * their sale value, the more the nearer it is to one of the figures */
    for (int i = 0; i < 2; i++)
        if (pl->cv_loc[i] != MP2_NOLOC) {
            double near = 0.5;
            if (hb) {
                const uint8_t(*D)[MP2_MAXLOC] = hb->dist[(pl->seals >> G_SPICER) & 7];
                int d = 99;
                for (int f = 0; f < 2; f++)
                    if (pl->fig[f] != MP2_NOLOC && D[pl->fig[f]][pl->cv_loc[i]] < d)
                        d = D[pl->fig[f]][pl->cv_loc[i]];
                near = d >= 6 ? 0 : (6 - d) / 6.0;
            }
            for (int j = 0; j < 2; j++) {
                int gd = pl->cv_goods[i][j];
                if (!gd)
                    continue;
                double endv = gd == IT_GOLD ? 3 : gd == IT_SILK ? 2 : 1;
                double sale = gd == IT_GOLD ? 6 : gd == IT_SILK ? 4 : 2;
                double share = pr.left > 0 ? w[W_CVBASE] + w[W_CVNEAR] * near : 0.3 * near;
                if (pl->character == CH_TEBALDO)
                    share *= w[W_TCV];
                v += endv + (sale - endv) * share;
            }
        }
    if (c->caravans && pr.left > 0)
        for (int i = 0; i < (pl->character == CH_PIEDRO ? 2 : 1); i++)
            if (pl->cv_loc[i] == MP2_NOLOC)
                v += w[W_CVIDLE];
    if (hb && (pr.left > 0 || s->phase == PH_PLAY))
        v += reach_value(c, hb, w, s, &pr, p);
    return v;
}

/* ------------------------------------------------------------ move planner */

typedef struct plan {
    double best;
    int fig, dest; /* first leg; dest -1 = stop */
} plan;

typedef struct pctx {
    const mp2_cfg *c;
    const mp2_state *s;
    const prices *pr;
    int p, mongke, gantulga, xpost;
    double passed_best; /* best extra-post city passed so far */
    uint64_t skipped;
    double mongke_val;
    int fig;
    uint8_t seals;
    double pv[MP2_MAXLOC];  /* worth of a new post in each location */
    double pot[MP2_MAXLOC]; /* reach from each location (value()'s reach term) */
} pctx;

static double node_value(const pctx *x, int loc) { return x->pv[loc]; }

/* pv[] and pot[] for player p: ending a move where further good cities
 * are near counts, as it does in value() once the move is over. */
static void plan_tables(pctx *x, const hbot *hb)
{
    const mp2_cfg *c = x->c;
    const mp2_state *s = x->s;
    int p = x->p;
    pvctx px;
    pv_init(&px, c, s, x->pr, p);
    for (int l = 0; l < c->nloc; l++)
        x->pv[l] = post_value(&px, l);
    const uint8_t(*D)[MP2_MAXLOC] = dist_for(hb, s, p);
    int maxd = x->gantulga ? 6 : 4;
    /* only places worth a post can be the best target: list them once (in
     * order, so ties resolve as over all places) */
    uint8_t cand[MP2_MAXLOC];
    int nc = 0;
    for (int l = 0; l < c->nloc; l++)
        if (x->pv[l] > 0)
            cand[nc++] = (uint8_t)l;
    for (int from = 0; from < c->nloc; from++) {
        double best = 0;
        for (int i = 0; i < nc; i++) {
            int l = cand[i], d = D[from][l];
            if (d == 0 || d > maxd)
                continue;
            double v = x->gantulga ? hb->w[W_GREACH] * (x->pv[l] - hb->w[W_GSTEP] * (d - 1))
                                   : hb->w[W_REACH] * x->pv[l] / (0.5 + d);
            if (v > best)
                best = v;
        }
        x->pot[from] = s->round + 1 < MP2_ROUNDS || s->phase == PH_PLAY ? best : 0;
    }
}

static void dfs(pctx *x, int loc, int steps, int coins, int camels, int jade, int pend, int depth,
                double spent, double passed, uint64_t skipped, int first, double *best,
                int *best_first)
{
    const mp2_cfg *c = x->c;
    if (depth > 0) {
        double v = node_value(x, loc) - spent + x->pot[loc];
        if (x->xpost)
            v += 0.9 * passed;
        v += mp2_popc64(skipped) * x->mongke_val;
        if (v > *best) {
            *best = v;
            *best_first = first;
        }
    }
    if (depth >= 7)
        return;
    const mp2_loc *l = &c->loc[loc];
    double here = (depth > 0 && l->kind == LK_CITY) ? node_value(x, loc) : 0;
    for (int k = 0; k < l->nadj; k++) {
        const mp2_route *r = &c->route[l->route[k]];
        if (r->seal && !((x->seals >> (r->seal - 1)) & 1))
            continue;
        int cost = (x->mongke && pend) ? 0 : 1;
        if (cost > steps)
            continue;
        int rc = x->gantulga ? 0 : r->coins, rm = x->gantulga ? 0 : r->camels;
        int nc = coins - rc, nm = camels - rm, nj = jade - r->jade;
        if (nc < 0) {
            nj += nc;
            nc = 0;
        }
        if (nm < 0) {
            nj += nm;
            nm = 0;
        }
        if (nj < 0)
            continue;
        double sp = spent + (coins - nc) * x->pr->res[IT_COIN] + (camels - nm) * x->pr->res[IT_CAMEL] +
                    (jade - nj) * x->pr->res[IT_JADE];
        int dest = l->adj[k];
        uint64_t sk = skipped;
        if (cost == 0 && depth > 0)
            sk |= 1ull << loc;
        double ps = passed;
        if (here > ps)
            ps = here;
        int npend = x->mongke && c->loc[dest].kind == LK_OASIS;
        dfs(x, dest, steps - cost, nc, nm, nj, npend, depth + 1, sp, ps, sk,
            depth == 0 ? dest : first, best, best_first);
    }
}

/* Best continuation of the current move for one figure: value of the best
 * reachable end point (or of stopping where it is). */
static plan plan_figure(const hbot *hb, const mp2_cfg *c, const mp2_state *s, const prices *pr,
                        int p, int f)
{
    const mp2_player *pl = &s->pl[p];
    const mp2_move *mv = &s->mv;
    pctx x;
    memset(&x, 0, sizeof x);
    x.c = c;
    x.s = s;
    x.pr = pr;
    x.p = p;
    x.mongke = pl->character == CH_MONGKE;
    x.gantulga = pl->character == CH_GANTULGA;
    x.xpost = (mv->flags & MV_XPOST) != 0;
    x.seals = pl->seals;
    plan_tables(&x, hb);
    x.mongke_val = x.mongke ? 3 + 2 * pr->res[IT_COIN] + hb->w[W_MOASIS] : 0;
    double passed = 0;
    for (int l = 0; l < c->nloc; l++)
        if ((mv->passed >> l) & 1) {
            double v = x.pv[l]; /* post_value of l, from plan_tables */
            if (v > passed)
                passed = v;
        }
    double best = -1e9;
    int first = -1;
    int at = pl->fig[f];
    int moved = (mv->moved >> f) & 1;
    /* stopping: the current place counts only if this figure has moved */
    double stop = (moved ? node_value(&x, at) : 0) + x.pot[at];
    if (x.xpost)
        stop += 0.9 * passed;
    stop += mp2_popc64(mv->skipped) * x.mongke_val;
    dfs(&x, at, mv->steps, pl->res[IT_COIN], pl->res[IT_CAMEL], pl->res[IT_JADE], (mv->pend >> f) & 1,
        0, 0, passed, mv->skipped, -1, &best, &first);
    /* the best first leg, and by how much it beats stopping (may be less
     * than zero: a travel must still take one leg) */
    plan pl_;
    pl_.fig = f;
    pl_.dest = first;
    pl_.best = best - stop;
    return pl_;
}

static kt_action choose_move(const hbot *hb, const mp2_cfg *c, const mp2_state *s, int p,
                             const kt_action *legal, int n)
{
    prices pr;
    set_prices(hb->w, s, &pr);
    plan best = {0, 0, -1};
    for (int f = 0; f < (s->pl[p].fig[1] != MP2_NOLOC ? 2 : 1); f++) {
        plan q = plan_figure(hb, c, s, &pr, p, f);
        if (q.dest >= 0 && (best.dest < 0 || q.best > best.best))
            best = q;
    }
    int stop_ok = 0;
    for (int i = 0; i < n; i++)
        stop_ok |= MP2_AKIND(legal[i]) == A_DONE;
    if (stop_ok && (best.dest < 0 || best.best <= 0))
        for (int i = 0; i < n; i++)
            if (MP2_AKIND(legal[i]) == A_DONE)
                return legal[i];
    for (int i = 0; i < n; i++)
        if (best.dest >= 0 && MP2_AKIND(legal[i]) == A_MOVE &&
            MP2_AARG(legal[i]) == ((uint32_t)best.fig << 8 | (uint32_t)best.dest))
            return legal[i];
    /* no plan (nothing affordable beyond one leg): the first leg on offer */
    for (int i = 0; i < n; i++)
        if (MP2_AKIND(legal[i]) == A_MOVE)
            return legal[i];
    return legal[0];
}

/* ------------------------------------------------------------ greedy policy */

static int is_chance(kt_action a)
{
    int k = MP2_AKIND(a);
    return k == A_REROLL || k == A_BUYBLACK;
}

static double chance_delta(const mp2_cfg *c, const hbot *hb, const mp2_state *s, int p,
                           kt_action a)
{
    prices pr;
    set_prices(hb->w, s, &pr);
    double mean = 0;
    for (int v = 1; v <= 6; v++)
        mean += pr.die[v] / 6;
    const mp2_player *pl = &s->pl[p];
    double camel = pl->res[IT_CAMEL] > 0 ? pr.res[IT_CAMEL] : pr.res[IT_JADE];
    if (MP2_AKIND(a) == A_REROLL)
        return mean - pr.die[MP2_DVAL(MP2_AARG(a))] - camel - 0.05;
    KT_UNUSED(c);
    /* Gantulga Od may use only the lower travel space, once per round with
     * his own dice: a black die is one more step */
    double extra = pl->character == CH_GANTULGA ? hb->w[W_GBLACK] : 0;
    return mean - 3 * camel - 0.2 + extra;
}

static void greedy_complete(const mp2_cfg *c, const kt_game *g, hbot *hb, kt_state *st, int p,
                            int depth);

/* Value of taking action a in state st for player p, following up with
 * the bot's own decisions until the turn decision comes back. */
static double action_value(const mp2_cfg *c, const kt_game *g, hbot *hb, const kt_state *st, int p,
                           kt_action a, kt_state *work, int depth)
{
    memcpy(work, st, g->state_size);
    g->def->apply(g, work, a);
    greedy_complete(c, g, hb, work, p, depth);
    return value(c, hb, (const mp2_state *)work, p);
}

static kt_action pick_sub(const mp2_cfg *c, const kt_game *g, hbot *hb, const kt_state *st, int p,
                          const kt_action *legal, int n, int depth, kt_state *work);

/* Follow the player's own sub-decisions greedily (depth-limited). */
static void greedy_complete(const mp2_cfg *c, const kt_game *g, hbot *hb, kt_state *st, int p,
                            int depth)
{
    kt_action legal[256];
    kt_state *scratch = depth == 0 ? hb->tmp2 : NULL;
    for (int guard = 0; guard < 40; guard++) {
        const mp2_state *s = (const mp2_state *)st;
        if (s->h.status != KT_RUNNING || s->h.to_move != p || s->nstack == 0)
            return;
        int n = g->def->legal(g, st, legal);
        if (n <= 0)
            return;
        kt_action a;
        if (s->stack[s->nstack - 1].type == EF_MOVE)
            a = choose_move(hb, c, s, p, legal, n);
        else if (scratch && n > 1)
            a = pick_sub(c, g, hb, st, p, legal, n, depth + 1, scratch);
        else
            a = legal[0];
        g->def->apply(g, st, a);
    }
}

/* Decisions that only make sense together: starting a caravan route is
 * load, load, route tile, start city; the tile is worth what its best
 * start city is worth. */
static int chained(const mp2_state *s, int p)
{
    if (s->h.status != KT_RUNNING || s->h.to_move != p || s->nstack == 0)
        return 0;
    int t = s->stack[s->nstack - 1].type;
    return t == EF_CVLOAD || t == EF_CVTILE || t == EF_CVCITY;
}

/* Finish a chain of such decisions in st greedily (one step each). */
static void chain_complete(const mp2_cfg *c, const kt_game *g, hbot *hb, kt_state *st, int p)
{
    kt_action legal[256];
    for (int guard = 0; guard < 8 && chained((const mp2_state *)st, p); guard++) {
        int n = g->def->legal(g, st, legal);
        double best = -1e18;
        kt_action ba = legal[0];
        for (int i = 0; i < n && n > 1; i++) {
            memcpy(hb->tmp3, st, g->state_size);
            g->def->apply(g, hb->tmp3, legal[i]);
            double v = value(c, hb, (const mp2_state *)hb->tmp3, p);
            if (v > best) {
                best = v;
                ba = legal[i];
            }
        }
        g->def->apply(g, st, ba);
    }
}

static kt_action pick_sub(const mp2_cfg *c, const kt_game *g, hbot *hb, const kt_state *st, int p,
                          const kt_action *legal, int n, int depth, kt_state *work)
{
    const mp2_state *s = (const mp2_state *)st;
    if (s->nstack && s->stack[s->nstack - 1].type == EF_MOVE)
        return choose_move(hb, c, s, p, legal, n);
    int chain = chained(s, p);
    double best = -1e18;
    kt_action ba = legal[0];
    for (int i = 0; i < n; i++) {
        memcpy(work, st, g->state_size);
        g->def->apply(g, work, legal[i]);
        if (chain)
            chain_complete(c, g, hb, work, p);
        double v = value(c, hb, (const mp2_state *)work, p);
        if (v > best) {
            best = v;
            ba = legal[i];
        }
    }
    KT_UNUSED(depth);
    return ba;
}

static int is_minor_bonus(kt_action a)
{
    int k = MP2_AKIND(a);
    return k == A_BAG || k == A_SHIFT || k == A_REROLL || k == A_BUYBLACK;
}

static kt_action choose_turn(const mp2_cfg *c, const kt_game *g, hbot *hb, const kt_state *st,
                             int p, const kt_action *legal, int n)
{
    const mp2_state *s = (const mp2_state *)st;
    double base = value(c, hb, s, p);
    int has_place = 0;
    for (int i = 0; i < n; i++)
        has_place |= MP2_AKIND(legal[i]) == A_PLACE;
    double best = -1e18;
    kt_action ba = legal[0];
    for (int i = 0; i < n; i++) {
        kt_action a = legal[i];
        int k = MP2_AKIND(a);
        double v;
        /* the money bag only when no normal action is possible */
        if (k == A_BAG && has_place)
            continue;
        if (is_chance(a)) {
            v = base + chance_delta(c, hb, s, p, a);
        } else {
            v = action_value(c, g, hb, st, p, a, hb->tmp, 0);
            if (is_minor_bonus(a))
                v -= 0.1;
        }
        if (k == A_END)
            v += 0.05; /* ties: stop fiddling */
        if (v > best) {
            best = v;
            ba = a;
        }
    }
    return ba;
}

/* ------------------------------------------------------------ set-up choices */

static kt_action choose_goal(const mp2_cfg *c, hbot *hb, const mp2_state *s, int p,
                             const kt_action *legal, int n)
{
    double best = -1e9;
    kt_action ba = legal[0];
    for (int i = 0; i < n; i++) {
        const mp2_goal *gl = &c->goal[s->pl[p].goal_opt[MP2_AARG(legal[i])]];
        double v = 0;
        for (int k = 0; k < gl->nseal; k++)
            v += hb->w[W_GSEAL] * gl->sealvp[k];
        for (int k = 0; k < gl->ncity; k++)
            v += hb->w[W_GCITY] / (1.0 + 0.5 * hb->dist[0][c->start][gl->city[k]]);
        if (v > best) {
            best = v;
            ba = legal[i];
        }
    }
    return ba;
}

/* Draft preference, highest first: the measured win rates of heuristic
 * self-play with random characters, relative to the fair share and
 * averaged over 2-4 players with and without Caravans (docs/marco_polo_2.md
 * §6). */
static const uint8_t char_pref[MP2_NCHAR] = {
    CH_ISABELLA, CH_DONATA, CH_ABHA, CH_PIEDRO, CH_GANTULGA, CH_FILIPPO, CH_MAILIN,
    CH_DEWU, CH_MONGKE, CH_TEBALDO, CH_VIDAL};

static kt_action choose_draft(const mp2_state *s, const kt_action *legal, int n)
{
    for (int r = 0; r < MP2_NCHAR; r++)
        for (int i = 0; i < n; i++)
            if (s->draft[MP2_AARG(legal[i])] == char_pref[r])
                return legal[i];
    return legal[0];
}

/* ------------------------------------------------------------ bot glue */

static void hb_destroy(void *ud)
{
    hbot *hb = ud;
    if (!hb)
        return;
    kt_allocator a = hb->a;
    kt_mem_free(&a, hb->base, hb->state_size);
    kt_mem_free(&a, hb->tmp, hb->state_size);
    kt_mem_free(&a, hb->tmp2, hb->state_size);
    kt_mem_free(&a, hb->tmp3, hb->state_size);
    kt_mem_free(&a, hb, sizeof *hb);
}

/* Step distances for one table (see DIST_TABLES): 0-1 breadth first
 * search, routes needing a seal not in `seals` left out, and for Möngke
 * Khan leaving an oasis free. */
static void fill_dist(const mp2_cfg *c, int seals, int mongke, uint8_t (*D)[MP2_MAXLOC])
{
    for (int i = 0; i < c->nloc; i++) {
        for (int j = 0; j < c->nloc; j++)
            D[i][j] = 255;
        D[i][i] = 0;
        /* deque of locations: 0-cost steps to the front */
        int dq[2 * MP2_MAXLOC * MP2_MAXADJ + 2], head = MP2_MAXLOC * MP2_MAXADJ, tail = head;
        dq[tail++] = i;
        while (head < tail) {
            int u = dq[head++];
            int step = mongke && c->loc[u].kind == LK_OASIS && u != i ? 0 : 1;
            for (int k = 0; k < c->loc[u].nadj; k++) {
                const mp2_route *r = &c->route[c->loc[u].route[k]];
                if (r->seal && !((seals >> (r->seal - 1 - G_SPICER)) & 1))
                    continue;
                int w = c->loc[u].adj[k];
                if (D[i][u] + step < D[i][w]) {
                    D[i][w] = (uint8_t)(D[i][u] + step);
                    if (step == 0)
                        dq[--head] = w;
                    else
                        dq[tail++] = w;
                }
            }
        }
    }
}

/* tune=name=value,...: weight overrides (see w_name).  Every item must
 * be name=number (an empty item, e.g. after a trailing comma, is an
 * error too). */
static kt_status parse_tune(hbot *hb, const char *text, kt_err *err)
{
    if (!*text)
        return KT_OK;
    const char *q = text;
    for (;;) {
        const char *eq = strchr(q, '='), *end = strchr(q, ',');
        if (!end)
            end = q + strlen(q);
        if (!eq || eq > end)
            return kt_seterr(err, KT_EINVAL, "bot heuristic: tune item '%.*s' is not name=value",
                             (int)(end - q), q);
        int k = -1;
        for (int i = 0; i < W_NW; i++)
            if ((size_t)(eq - q) == strlen(w_name[i]) && strncmp(q, w_name[i], (size_t)(eq - q)) == 0)
                k = i;
        char *stop;
        double x = strtod(eq + 1, &stop);
        if (k < 0 || stop != end || stop == eq + 1)
            return kt_seterr(err, KT_EINVAL, "bot heuristic: bad tune item '%.*s'", (int)(end - q),
                             q);
        hb->w[k] = x;
        if (!*end)
            return KT_OK;
        q = end + 1;
    }
}

static kt_status hb_create(const kt_game *g, const kt_optval *opts, uint64_t seed, void **ud,
                           kt_err *err)
{
    const mp2_cfg *c = mp2_config(g);
    hbot *hb = kt_mem_zalloc(&g->alloc, sizeof *hb);
    if (!hb)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    hb->a = g->alloc;
    hb->state_size = g->state_size;
    hb->base = kt_mem_alloc(&hb->a, g->state_size);
    hb->tmp = kt_mem_alloc(&hb->a, g->state_size);
    hb->tmp2 = kt_mem_alloc(&hb->a, g->state_size);
    hb->tmp3 = kt_mem_alloc(&hb->a, g->state_size);
    if (!hb->base || !hb->tmp || !hb->tmp2 || !hb->tmp3) {
        hb_destroy(hb);
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    }
    hb->np = c->np;
    memcpy(hb->w, w_default, sizeof hb->w);
    kt_status st = parse_tune(hb, opts[0].s ? opts[0].s : "", err);
    if (st != KT_OK) {
        hb_destroy(hb);
        return st;
    }
    kt_rng_seed(&hb->rng, kt_seed_derive(seed, 0x6d7032));
    for (int t = 0; t < DIST_TABLES; t++)
        fill_dist(c, t & 7, t >> 3, hb->dist[t]);
    *ud = hb;
    return KT_OK;
}


static kt_status hb_choose(void *ud, const kt_game *g, const kt_state *st, kt_action *out,
                           kt_err *err)
{
    hbot *hb = ud;
    const mp2_cfg *c = mp2_config(g);
    kt_action legal[KT_LEGAL_MAX];
    int n = g->def->legal(g, st, legal);
    if (n <= 0)
        return kt_seterr(err, KT_EINTERNAL, "no legal action");
    if (n == 1) {
        *out = legal[0];
        return KT_OK;
    }
    int p = st->h.to_move;
    /* decide on what the player can see: a determinized copy */
    kt_determinize(g, st, p, kt_rng_next(&hb->rng), hb->base);
    const mp2_state *s = (const mp2_state *)hb->base;
    switch (s->h.decision) {
    case DEC_DRAFT:
        *out = choose_draft(s, legal, n);
        break;
    case DEC_GOAL:
        *out = choose_goal(c, hb, s, p, legal, n);
        break;
    case DEC_TURN:
        *out = choose_turn(c, g, hb, hb->base, p, legal, n);
        break;
    case DEC_MOVE:
        *out = choose_move(hb, c, s, p, legal, n);
        break;
    default:
        *out = pick_sub(c, g, hb, hb->base, p, legal, n, 1, hb->tmp);
        break;
    }
    return KT_OK;
}

static const kt_optinfo hb_opts[] = {
    {"tune", KT_OPT_STR, "", 0, 0, NULL,
     "weight overrides for experiments, e.g. 'reach=0.5,gstep=3' (names: reach greach gstep "
     "gblack vset vfree cvidle moasis cvbase cvnear tcv shfut mreach2 mdouble gcity gseal)"},
};

const kt_botdef mp2_bots[MP2_NBOTS] = {
    {.info = {"heuristic", "greedy one-turn look-ahead on an estimate of final points", hb_opts, 1},
     .create = hb_create,
     .choose = hb_choose,
     .destroy = hb_destroy},
    /* a cheap policy for search rollouts (bot:mcts with policy=rollout):
     * rollout.c */
    {.info = {"rollout", "cheap rollout policy: scores each action from the position, no "
                         "look-ahead (for search)", NULL, 0},
     .create = mp2_rollout_create,
     .choose = mp2_rollout_choose,
     .destroy = mp2_rollout_destroy,
     .reseed = mp2_rollout_reseed},
};

/* ------------------------------------------------------------ evaluation */

void mp2_evaluate(const kt_game *g, const kt_state *st, double *out)
{
    const mp2_cfg *c = mp2_config(g);
    const mp2_state *s = (const mp2_state *)st;
    /* without a bot there are no distance tables: value() then leaves out
     * the reach terms, which is fine for a quick estimate */
    double v[MP2_MAXP], mx = -1e18, sum = 0;
    for (int p = 0; p < c->np; p++) {
        v[p] = value(c, NULL, s, p);
        if (v[p] > mx)
            mx = v[p];
    }
    /* spread of final scores shrinks as the game nears its end */
    double temp = 4.0 + 2.0 * (MP2_ROUNDS - 1 - s->round);
    for (int p = 0; p < c->np; p++)
        sum += v[p] = exp((v[p] - mx) / temp);
    for (int p = 0; p < c->np; p++)
        out[p] = v[p] / sum;
}
