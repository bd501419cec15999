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

typedef struct hbot {
    kt_rng rng;
    int np;
    uint8_t dist[MP2_MAXLOC][MP2_MAXLOC];
    kt_state *base, *tmp, *tmp2;
} hbot;

/* ------------------------------------------------------------ prices */

typedef struct prices {
    double res[MP2_NRES];
    double die[7];
    int left; /* rounds after the current one */
} prices;

static void set_prices(const mp2_state *s, prices *pr)
{
    int R = MP2_ROUNDS - 1 - s->round;
    pr->left = R;
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

static double track_gain(const mp2_cfg *c, int n, int add)
{
    int a = n > MP2_TRACK - 1 ? MP2_TRACK - 1 : n;
    int b = n + add > MP2_TRACK - 1 ? MP2_TRACK - 1 : n + add;
    return c->track[b] - c->track[a];
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

/* Value for player p of a new trading post in `loc` now. */
static double post_value(const mp2_cfg *c, const mp2_state *s, const prices *pr, int p, int loc)
{
    const mp2_loc *l = &c->loc[loc];
    if (l->kind != LK_CITY || has_post(s, p, loc))
        return 0;
    const mp2_player *pl = &s->pl[p];
    double v = 0.5;
    int n = shield_count(c, s, p);
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
    /* the track is convex: early shields score little now but raise the
     * slope of later ones, so a new shield is worth at least the track's
     * average slope around 8 shields while rounds remain */
    if (add) {
        double g = track_gain(c, n, add);
        double floor = add * (c->track[8] / 8.0);
        v += pr->left > 0 && g < floor ? floor : g;
    }
    if (pl->nposts >= MP2_POSTS)
        v -= 3; /* a post has to be moved away */
    else if (pl->nposts + 1 >= 9)
        v += pl->nposts + 1 == 11 ? 10 : 5;
    else if (pr->left > 0)
        v += 20.0 / MP2_POSTS; /* progress towards the 9th-11th post bonuses */
    if (l->bonus)
        v += marker_value(c, s, pr, s->marker[l->bonus - 1]) * (1 + 0.9 * pr->left);
    if (l->outpost && s->outpost[l->outpost - 1] != MP2_NONE)
        v += reward_value(c, pr, c->outpost[s->outpost[l->outpost - 1]].reward);
    if (l->ccity)
        v += 1.0 + 0.6 * pr->left;
    if (l->card && s->card_slot[l->card - 1] != MP2_NONE)
        v += 0.5 + 0.7 * pr->left;
    if (l->special)
        v += 1.0 + 1.0 * pr->left;
    return v;
}

static double contract_value(const mp2_cfg *c, const mp2_state *s, const prices *pr, int p, int k)
{
    const mp2_contract *ct = &c->contract[k];
    const mp2_bundle *cost = &c->rw[ct->cost].alt[0];
    const mp2_player *pl = &s->pl[p];
    double rv = bundle_value(c, pr, &c->rw[ct->reward].alt[0]) + 1.2; /* + majority share */
    double cv = bundle_value(c, pr, cost);
    double net = rv - cv;
    int missing = 0;
    for (int i = IT_PEPPER; i <= IT_GOLD; i++)
        if (cost->n[i] > pl->res[i])
            missing += cost->n[i] - pl->res[i];
    if (!mp2_can_pay(pl, 0, cost->n[IT_CAMEL], cost->n[IT_JADE]))
        missing++;
    if (missing == 0)
        return 0.9 * net;
    double f = pr->left > 0 ? 0.55 - 0.08 * missing : 0.15 - 0.05 * missing;
    return f > 0 ? f * net : 0;
}

static double value(const mp2_cfg *c, const hbot *hb, const mp2_state *s, int p)
{
    const mp2_player *pl = &s->pl[p];
    prices pr;
    set_prices(s, &pr);
    double v = pl->res[IT_VP];
    if (s->phase == PH_OVER) {
        int score[MP2_MAXP];
        mp2_final_scores(c, s, score, NULL);
        return score[p];
    }
    for (int i = 0; i < IT_VP; i++)
        v += pl->res[i] * pr.res[i];
    int n = shield_count(c, s, p);
    v += c->track[n > MP2_TRACK - 1 ? MP2_TRACK - 1 : n];
    for (int i = 0; i < 2; i++)
        if (pl->con[i] != MP2_NONE)
            v += contract_value(c, s, &pr, p, pl->con[i]);
    v += 1.3 * pl->ndone;
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
    for (int b = 0; b < MP2_NBONUSCITY; b++)
        if (has_post(s, p, c->bonus_loc[b]))
            v += marker_value(c, s, &pr, s->marker[b]) * 0.9 * pr.left;
    /* kept outpost tiles are worth less than their bonus, so that cashing
     * one is an improvement (and nothing once the game is over) */
    for (int t = 0; t < MP2_NOUTPOSTS; t++)
        if ((pl->kept >> t) & 1)
            v += reward_value(c, &pr, c->outpost[t].reward) * (pr.left > 0 ? 0.8 : 0.2);
    if (s->phase == PH_PLAY || s->phase == PH_ROUND)
        for (int d = 1; d <= 6; d++)
            v += (pl->own[d] + pl->blk[d]) * pr.die[d];
    v += 1.5 * mp2_popc64((uint64_t)pl->pieces);
    /* a running caravan: its goods are worth between their end value and
     * their sale value, the more the nearer it is to one of the figures */
    for (int i = 0; i < 2; i++)
        if (pl->cv_loc[i] != MP2_NOLOC) {
            int d = 99;
            for (int f = 0; f < 2; f++)
                if (pl->fig[f] != MP2_NOLOC && hb->dist[pl->fig[f]][pl->cv_loc[i]] < d)
                    d = hb->dist[pl->fig[f]][pl->cv_loc[i]];
            double near = hb->dist[0][0] == 0 && d < 99 ? (d >= 6 ? 0 : (6 - d) / 6.0) : 0.5;
            for (int j = 0; j < 2; j++) {
                int gd = pl->cv_goods[i][j];
                if (!gd)
                    continue;
                double endv = gd == IT_GOLD ? 3 : gd == IT_SILK ? 2 : 1;
                double sale = gd == IT_GOLD ? 6 : gd == IT_SILK ? 4 : 2;
                v += endv + (sale - endv) * (pr.left > 0 ? 0.4 + 0.5 * near : 0.3 * near);
            }
        }
    /* reach: the best city within four steps of a figure, discounted by distance */
    if (pr.left > 0 || s->phase == PH_PLAY) {
        double best = 0;
        for (int f = 0; f < 2; f++) {
            int at = pl->fig[f];
            if (at == MP2_NOLOC)
                continue;
            for (int l = 0; l < c->nloc; l++) {
                int d = hb->dist[at][l];
                if (d == 0 || d > 4 || !((c->city_mask >> l) & 1) || has_post(s, p, l))
                    continue;
                double pv = post_value(c, s, &pr, p, l) / (0.5 + d);
                if (pv > best)
                    best = pv;
            }
        }
        v += 0.5 * best;
    }
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
} pctx;

static double node_value(const pctx *x, int loc)
{
    return post_value(x->c, x->s, x->pr, x->p, loc);
}

static void dfs(pctx *x, int loc, int steps, int coins, int camels, int jade, int pend, int depth,
                double spent, double passed, uint64_t skipped, int first, double *best,
                int *best_first)
{
    const mp2_cfg *c = x->c;
    if (depth > 0) {
        double v = node_value(x, loc) - spent;
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
static plan plan_figure(const mp2_cfg *c, const mp2_state *s, const prices *pr, int p, int f)
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
    x.mongke_val = x.mongke ? 3 + 2 * pr->res[IT_COIN] : 0;
    double passed = 0;
    for (int l = 0; l < c->nloc; l++)
        if ((mv->passed >> l) & 1) {
            double v = post_value(c, s, pr, p, l);
            if (v > passed)
                passed = v;
        }
    double best = -1e9;
    int first = -1;
    int at = pl->fig[f];
    int moved = (mv->moved >> f) & 1;
    /* stopping: the current place counts only if this figure has moved */
    double stop = moved ? node_value(&x, at) : 0;
    if (x.xpost)
        stop += 0.9 * passed;
    stop += mp2_popc64(mv->skipped) * x.mongke_val;
    dfs(&x, at, mv->steps, pl->res[IT_COIN], pl->res[IT_CAMEL], pl->res[IT_JADE], (mv->pend >> f) & 1,
        0, 0, passed, mv->skipped, -1, &best, &first);
    plan pl_;
    pl_.fig = f;
    if (first >= 0 && best > stop) {
        pl_.best = best - stop;
        pl_.dest = first;
    } else {
        pl_.best = 0;
        pl_.dest = -1;
    }
    return pl_;
}

static kt_action choose_move(const mp2_cfg *c, const mp2_state *s, int p, const kt_action *legal,
                             int n)
{
    prices pr;
    set_prices(s, &pr);
    plan best = {0, 0, -1};
    for (int f = 0; f < (s->pl[p].fig[1] != MP2_NOLOC ? 2 : 1); f++) {
        plan q = plan_figure(c, s, &pr, p, f);
        if (q.dest >= 0 && (best.dest < 0 || q.best > best.best))
            best = q;
    }
    for (int i = 0; i < n; i++) {
        if (best.dest < 0 && MP2_AKIND(legal[i]) == A_DONE)
            return legal[i];
        if (best.dest >= 0 && MP2_AKIND(legal[i]) == A_MOVE &&
            MP2_AARG(legal[i]) == ((uint32_t)best.fig << 8 | (uint32_t)best.dest))
            return legal[i];
    }
    /* no plan: the first leg on offer (a travel must move at least once) */
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

static double chance_delta(const mp2_cfg *c, const mp2_state *s, int p, kt_action a)
{
    prices pr;
    set_prices(s, &pr);
    double mean = 0;
    for (int v = 1; v <= 6; v++)
        mean += pr.die[v] / 6;
    const mp2_player *pl = &s->pl[p];
    double camel = pl->res[IT_CAMEL] > 0 ? pr.res[IT_CAMEL] : pr.res[IT_JADE];
    if (MP2_AKIND(a) == A_REROLL)
        return mean - pr.die[MP2_DVAL(MP2_AARG(a))] - camel - 0.05;
    KT_UNUSED(c);
    return mean - 3 * camel - 0.2;
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
        if (s->h.status != KT_RUNNING || s->h.to_move != p || s->nstk == 0)
            return;
        int n = g->def->legal(g, st, legal);
        if (n <= 0)
            return;
        kt_action a;
        if (s->stk[s->nstk - 1].type == EF_MOVE)
            a = choose_move(c, s, p, legal, n);
        else if (scratch && n > 1)
            a = pick_sub(c, g, hb, st, p, legal, n, depth + 1, scratch);
        else
            a = legal[0];
        g->def->apply(g, st, a);
    }
}

static kt_action pick_sub(const mp2_cfg *c, const kt_game *g, hbot *hb, const kt_state *st, int p,
                          const kt_action *legal, int n, int depth, kt_state *work)
{
    const mp2_state *s = (const mp2_state *)st;
    if (s->nstk && s->stk[s->nstk - 1].type == EF_MOVE)
        return choose_move(c, s, p, legal, n);
    double best = -1e18;
    kt_action ba = legal[0];
    for (int i = 0; i < n; i++) {
        memcpy(work, st, g->state_size);
        g->def->apply(g, work, legal[i]);
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
            v = base + chance_delta(c, s, p, a);
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
            v += 0.45 * gl->sealvp[k];
        for (int k = 0; k < gl->ncity; k++)
            v += 4.0 / (1.0 + 0.5 * hb->dist[c->start][gl->city[k]]);
        if (v > best) {
            best = v;
            ba = legal[i];
        }
    }
    return ba;
}

/* Draft preference, highest first: the measured win rates of heuristic
 * self-play with random characters (docs/marco_polo_2.md). */
static const uint8_t char_pref[MP2_NCHAR] = {
    CH_PIEDRO, CH_ISABELLA, CH_ABHA, CH_DONATA, CH_MAILIN, CH_DEWU, CH_MONGKE,
    CH_FILIPPO, CH_TEBALDO, CH_VIDAL, CH_GANTULGA};

static kt_action choose_draft(const mp2_state *s, const kt_action *legal, int n)
{
    for (int r = 0; r < MP2_NCHAR; r++)
        for (int i = 0; i < n; i++)
            if (s->draft[MP2_AARG(legal[i])] == char_pref[r])
                return legal[i];
    return legal[0];
}

/* ------------------------------------------------------------ bot glue */

static kt_status hb_create(const kt_game *g, const kt_optval *opts, uint64_t seed, void **ud,
                           kt_err *err)
{
    KT_UNUSED(opts);
    const mp2_cfg *c = mp2_c(g);
    hbot *hb = calloc(1, sizeof *hb);
    kt_state *a = malloc(g->state_size), *b = malloc(g->state_size), *d = malloc(g->state_size);
    if (!hb || !a || !b || !d) {
        free(hb);
        free(a);
        free(b);
        free(d);
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    }
    hb->base = a;
    hb->tmp = b;
    hb->tmp2 = d;
    hb->np = c->np;
    kt_rng_seed(&hb->rng, kt_seed_derive(seed, 0x6d7032));
    /* all-pairs step distances (breadth first from each location) */
    for (int i = 0; i < c->nloc; i++) {
        for (int j = 0; j < c->nloc; j++)
            hb->dist[i][j] = 255;
        hb->dist[i][i] = 0;
        int queue[MP2_MAXLOC], qh = 0, qt = 0;
        queue[qt++] = i;
        while (qh < qt) {
            int u = queue[qh++];
            for (int k = 0; k < c->loc[u].nadj; k++) {
                int w = c->loc[u].adj[k];
                if (hb->dist[i][w] == 255) {
                    hb->dist[i][w] = (uint8_t)(hb->dist[i][u] + 1);
                    queue[qt++] = w;
                }
            }
        }
    }
    *ud = hb;
    return KT_OK;
}

static void hb_destroy(void *ud)
{
    hbot *hb = ud;
    if (!hb)
        return;
    free(hb->base);
    free(hb->tmp);
    free(hb->tmp2);
    free(hb);
}

static kt_status hb_choose(void *ud, const kt_game *g, const kt_state *st, kt_action *out,
                           kt_err *err)
{
    hbot *hb = ud;
    const mp2_cfg *c = mp2_c(g);
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
        *out = choose_move(c, s, p, legal, n);
        break;
    default:
        *out = pick_sub(c, g, hb, hb->base, p, legal, n, 1, hb->tmp);
        break;
    }
    return KT_OK;
}

const kt_botdef mp2_bots[MP2_NBOTS] = {
    {{"heuristic", "greedy one-turn look-ahead on an estimate of final points", NULL, 0},
     hb_create, hb_choose, hb_destroy},
};

/* ------------------------------------------------------------ evaluation */

void mp2_evaluate(const kt_game *g, const kt_state *st, double *out)
{
    const mp2_cfg *c = mp2_c(g);
    const mp2_state *s = (const mp2_state *)st;
    /* value() needs distances only for the reach term; a zero table makes
     * that term vanish, which is fine for a quick estimate */
    static const hbot zero_hb;
    double v[MP2_MAXP], mx = -1e18, sum = 0;
    for (int p = 0; p < c->np; p++) {
        v[p] = value(c, &zero_hb, s, p);
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
