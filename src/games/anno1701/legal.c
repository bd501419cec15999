/*
 * legal.c - queries on a settlement (goods, gold, marks, speed) and the
 * legal actions of every decision of Anno 1701.
 *
 * The turn player's action decision (empty task stack) lists, in this
 * order: builds, upgrades, ship improvement, action cards, bank trades,
 * offers to the opponent, voyages, draws and searches, exchanges, end turn.
 * Every other decision is the top task of the stack (an_task) and lists the
 * answers of its player.  Cards in hands and piles are listed once per
 * definition (copies are interchangeable), in the order they lie.
 */
#include <string.h>

#include "anno1701.h"

/* ------------------------------------------------------------ queries */

int an_goods(const an_cfg *c, const an_player *pl, int good)
{
    const an_land *ld = c->set[pl->set].land;
    int n = 0;
    for (int l = 0; l < AN_NLAND; l++)
        if (ld[l].good == good)
            n += pl->land[l];
    return n;
}

/* Goods of a kind the settlement can take now (landscapes that are open). */
int an_room(const an_cfg *c, const an_player *pl, int good)
{
    const an_land *ld = c->set[pl->set].land;
    int n = 0;
    for (int l = 0; l < AN_NLAND; l++)
        if (ld[l].good == good && an_land_status(c, pl, l) == AN_LAND_OPEN)
            n += c->k.land_cap - pl->land[l];
    return n;
}

/* Landscapes of a good that may take one now; the first of them in *first
 * (-1 when there is none).  Two or more: the player chooses (K_PLACE). */
int an_open_lands(const an_cfg *c, const an_player *pl, int good, int *first)
{
    const an_land *ld = c->set[pl->set].land;
    int n = 0;
    *first = -1;
    for (int l = 0; l < AN_NLAND; l++)
        if (ld[l].good == good && an_land_status(c, pl, l) == AN_LAND_OPEN) {
            if (!n++)
                *first = l;
        }
    return n;
}

int an_gold(const an_player *pl) { return pl->gold[0] + pl->gold[1]; }

int an_queen(const an_cfg *c, const an_player *pl)
{
    int q = 0;
    for (int l = 1; l < AN_NLEVEL; l++)
        q += pl->lvl[l] * c->level[l].queen;
    for (int i = 0; i < pl->nb; i++)
        q += c->def[pl->build[i]].queen;
    return q;
}

int an_discontent(const an_cfg *c, const an_player *pl)
{
    return c->k.discontent[pl->gold[0]] + c->k.discontent[pl->gold[1]];
}

/* Sails and cannons of the buildings, plus the ship's for its state. */
int an_sails(const an_cfg *c, const an_player *pl)
{
    int n = c->set[pl->set].sails[pl->ship];
    for (int i = 0; i < pl->nb; i++)
        n += c->def[pl->build[i]].sails;
    return n;
}

int an_speed(const an_cfg *c, const an_player *pl) { return an_sails(c, pl); }

int an_cannons(const an_cfg *c, const an_player *pl)
{
    int n = c->set[pl->set].cannons[pl->ship];
    for (int i = 0; i < pl->nb; i++)
        n += c->def[pl->build[i]].cannons;
    return n;
}

/* Sea power counts the cannon marks of buildings only. */
int an_cannon_marks(const an_cfg *c, const an_player *pl)
{
    int n = 0;
    for (int i = 0; i < pl->nb; i++)
        n += c->def[pl->build[i]].cannons;
    return n;
}

int an_bags(const an_cfg *c, const an_player *pl)
{
    int n = 0;
    for (int i = 0; i < pl->nb; i++)
        n += c->def[pl->build[i]].bags;
    return n;
}

int an_count_func(const an_cfg *c, const an_player *pl, int func)
{
    int n = 0;
    for (int i = 0; i < pl->nb; i++)
        n += c->def[pl->build[i]].func == func;
    return n;
}

/* Buildings with happy inhabitants, or their marks (tax). */
int an_happy_buildings(const an_cfg *c, const an_player *pl, int marks)
{
    int n = 0;
    for (int i = 0; i < pl->nb; i++) {
        int h = c->def[pl->build[i]].happy;
        n += marks ? h : h > 0;
    }
    return n;
}

int an_pile_era(int pile) { return pile / 2 + 1; }

/* Only pioneers: era I; a settler or better: I-II; a citizen or better: all. */
int an_pile_allowed(const an_player *pl, int pile)
{
    int era = an_pile_era(pile);
    if (era == 1)
        return 1;
    if (era == 2)
        return pl->lvl[1] + pl->lvl[2] + pl->lvl[3] > 0;
    return pl->lvl[2] + pl->lvl[3] > 0;
}

int an_can_pay(const an_cfg *c, const an_player *pl, const uint8_t *cost, int rum, int tob)
{
    for (int g = 0; g < AN_NGOODS; g++)
        if (cost[g] && an_goods(c, pl, g) < cost[g])
            return 0;
    return pl->rum >= rum && pl->tob >= tob;
}

/* Cost of an inhabitant of level `to` (1..3); the settler's follows the
 * settler_cost rule option. */
int an_upgrade_cost(const an_cfg *c, int to, uint8_t cost[AN_NGOODS], int *rum, int *tob)
{
    const an_level *lv = &c->level[to];
    int alt = to == 1 && c->settler_example;
    memcpy(cost, alt ? lv->alt : lv->cost, AN_NGOODS);
    *rum = alt ? lv->alt_rum : lv->rum;
    *tob = alt ? lv->alt_tob : lv->tob;
    return 1;
}

int an_is_decision(int t) { return t > K_NONE && t < K_AUTO; }

/* May a player holding `have` gold pay n of it by choice?  Paying all of it
 * empties both village centres and loses at once (the seed: with 1 gold
 * left, spending means defeat): a legal move by default, not offered with
 * last_gold=refuse.  Forced losses are not asked. */
int an_can_spend(const an_cfg *c, int have, int n)
{
    return c->last_gold == LG_REFUSE ? have > n : have >= n;
}

/* Does `a`, as an answer to the decision of s, cost its player their last
 * gold, so that both village centres fall into chaos and they lose at
 * once, as far as the engine can know when the move is made (no dice, no
 * opponent's choice)?  LG_SPENDS: a payment of all their gold (the bank,
 * a search, the pirates, the trader, a voyage's offer, the Theatre,
 * accepting an offer that asks for it); LG_IF_ACCEPTED: making an offer
 * that gives all of it; LG_TAKEN: letting a Revolutionary or Pickpocket
 * take it instead of cancelling it; LG_NO otherwise, also for codes that
 * answer nothing here.  The split between the centres that follows is not
 * counted again: it has one answer then.  The warn hook and the heuristic
 * ask this. */
int an_last_gold(const an_cfg *c, const an_state *s, kt_action a)
{
    if (s->h.status != KT_RUNNING || s->h.to_move < 0 || s->h.to_move >= AN_NP)
        return 0;
    const an_task *t = s->nstack ? &s->stack[s->nstack - 1] : NULL;
    int tt = t ? t->t : K_NONE, x = AN_AX(a), cost = 0;
    int gold = an_gold(&s->pl[s->h.to_move]);
    switch (AN_AK(a)) {
    case A_BANK:
        cost = tt == K_NONE && x == AN_GOLD ? c->k.bank_rate : 0;
        break;
    case A_SEARCH:
        cost = tt == K_NONE || tt == K_REFILL || tt == K_XDRAW ? c->k.search_cost : 0;
        break;
    case A_BUYG:
        cost = tt == K_TRADER;
        break;
    case A_CANCEL:
        cost = tt == K_THEATRE ? c->k.theatre_cost : 0;
        break;
    case A_PAYOFF:
        cost = tt == K_PIRATE && t->x < c->nvdef ? c->vdef[t->x].demand : 0;
        break;
    case A_BUY:
        if (tt == K_BUY && t->x < c->nvdef && x < c->vdef[t->x].noffer)
            cost = c->vdef[t->x].offer_price[x];
        break;
    case A_ACCEPT:
        cost = tt == K_OFFER ? s->get[AN_GOLD] : 0;
        break;
    case A_SEND:
        return tt == K_COMPOSE && s->give[AN_GOLD] && s->give[AN_GOLD] >= gold ? LG_IF_ACCEPTED
                                                                              : LG_NO;
    case A_NO: { /* let the card happen */
        int hurt = tt != K_THEATRE              ? 0
                   : t->x == AC_REVOLUTIONARY ? c->k.revolutionary
                   : t->x == AC_PICKPOCKET    ? c->k.pickpocket
                                              : 0;
        return hurt > 0 && hurt >= gold ? LG_TAKEN : LG_NO;
    }
    default:
        break;
    }
    return cost > 0 && cost >= gold ? LG_SPENDS : LG_NO;
}

/* ------------------------------------------------------------ helpers */

static int first_of(const uint8_t *cards, int i)
{
    for (int j = 0; j < i; j++)
        if (cards[j] == cards[i])
            return 0;
    return 1;
}

static int playable(const an_cfg *c, const an_state *s, int p, const an_def *d)
{
    const an_player *pl = &s->pl[p], *op = &s->pl[1 - p];
    switch (d->act) {
    case AC_BISHOP:
        return an_count_func(c, pl, FN_CHAPEL) + an_count_func(c, pl, FN_CHURCH) > 0;
    case AC_INVENTOR:
        for (int g = 0; g < AN_NGOODS; g++)
            if (an_room(c, pl, g))
                return 1;
        return 0;
    case AC_POISONER: {
        int goods = 0;
        for (int g = 0; g < AN_NGOODS; g++)
            goods += an_goods(c, op, g);
        return op->lvl[2] + op->lvl[3] > 0 && goods > 0;
    }
    case AC_SPY:
        return op->nh > 0;
    case AC_REVOLUTIONARY:
    case AC_PICKPOCKET:
        return 1;
    default:
        return 0; /* captain and commander go with a voyage */
    }
}

static int fire_stations(const an_cfg *c, const an_player *pl)
{
    return an_count_func(c, pl, FN_FIRE);
}

/* What a player holds, counted once per call of the turn's generator:
 * kinds 0..4 are the goods, 5 is gold; room per good on the landscapes
 * that may take goods now (an_land_status). */
typedef struct stock_t {
    int have[AN_NKINDS];
    int room[AN_NGOODS];
} stock_t;

static void stock(const an_cfg *c, const an_player *pl, stock_t *k)
{
    const an_land *ld = c->set[pl->set].land;
    memset(k, 0, sizeof *k);
    for (int l = 0; l < AN_NLAND; l++) {
        k->have[ld[l].good] += pl->land[l];
        if (an_land_status(c, pl, l) == AN_LAND_OPEN)
            k->room[ld[l].good] += c->k.land_cap - pl->land[l];
    }
    k->have[AN_GOLD] = an_gold(pl);
}

/* May the maker of the offer in s (holding `me`; the opponent `op`) add one
 * unit of `kind` to what they give (side 0) or ask for (side 1)?  The
 * giver must hold it (gold: pay it by choice, an_can_spend), the receiver
 * must be able to take a good (room on landscapes that may take it: gold
 * above the centres' capacity is lost, so gold always fits), and a kind is
 * never on both sides.  The one rule of the composer and of the action
 * decision's "offer a trade". */
static inline int offer_fits(const an_cfg *c, const an_state *s, const stock_t *me,
                             const stock_t *op, int side, int kind)
{
    const uint8_t *mine = side ? s->get : s->give, *other = side ? s->give : s->get;
    const stock_t *from = side ? op : me, *to = side ? me : op;
    if (other[kind])
        return 0;
    if (kind == AN_GOLD)
        return an_can_spend(c, from->have[AN_GOLD], mine[kind] + 1);
    return from->have[kind] > mine[kind] && to->room[kind] > mine[kind];
}

static int affordable(const stock_t *k, const uint8_t *cost)
{
    for (int g = 0; g < AN_NGOODS; g++)
        if (k->have[g] < cost[g])
            return 0;
    return 1;
}

static int can_build(const an_cfg *c, const an_player *pl, const stock_t *k, const an_def *d)
{
    if (d->family != FAM_BUILDING || pl->nb >= c->k.spaces)
        return 0;
    if (d->func == FN_FIRE && fire_stations(c, pl) >= c->k.fire_max)
        return 0;
    return affordable(k, d->cost);
}

/* ------------------------------------------------------------ the turn */

static int draw_options(const an_cfg *c, const an_state *s, int p, kt_action *buf, int n)
{
    const an_player *pl = &s->pl[p];
    for (int k = 0; k < AN_NPILE; k++)
        if (s->plen[k] && an_pile_allowed(pl, k))
            buf[n++] = AN_ACT(A_DRAW, k, 0, 0);
    for (int k = 0; k < AN_NPILE; k++)
        if (s->plen[k] && an_pile_allowed(pl, k) && an_can_spend(c, an_gold(pl), c->k.search_cost))
            buf[n++] = AN_ACT(A_SEARCH, k, 0, 0);
    return n;
}

static int trade_options(const an_cfg *c, const an_state *s, const stock_t *me,
                         const stock_t *op, kt_action *buf, int n)
{
    int rate = c->k.bank_rate;
    for (int gv = 0; gv < AN_NKINDS; gv++) {
        if (gv == AN_GOLD ? !an_can_spend(c, me->have[gv], rate) : me->have[gv] < rate)
            continue;
        for (int gt = 0; gt < AN_NKINDS; gt++) {
            if (gt == gv)
                continue;
            if (gt == AN_GOLD ? me->have[AN_GOLD] >= 2 * c->k.centre_cap : !me->room[gt])
                continue;
            buf[n++] = AN_ACT(A_BANK, gv, gt, 0);
        }
    }
    if (c->offers != AN_ANY && s->offers >= c->offers)
        return n;
    /* an offer is composed unit by unit (K_COMPOSE): begun only when some
     * kind can be given and another one asked for (nothing is given yet) */
    int gv = 0, gt = 0;
    for (int k = 0; k < AN_NKINDS; k++) {
        gv |= offer_fits(c, s, me, op, 0, k) << k;
        gt |= offer_fits(c, s, me, op, 1, k) << k;
    }
    if (gv && gt && !(gv == gt && (gv & (gv - 1)) == 0))
        buf[n++] = AN_ACT(A_OFFER, 0, 0, 0);
    return n;
}

static int turn_legal(const an_cfg *c, const an_state *s, kt_action *buf)
{
    int p = s->h.turn_player, n = 0;
    const an_player *pl = &s->pl[p];
    stock_t me, op;
    stock(c, pl, &me);
    stock(c, &s->pl[1 - p], &op);
    for (int i = 0; i < pl->nh; i++)
        if (first_of(pl->hand, i) && can_build(c, pl, &me, &c->def[pl->hand[i]]))
            buf[n++] = AN_ACT(A_BUILD, pl->hand[i], 0, 0);
    for (int l = 0; l < AN_NLEVEL - 1; l++) {
        uint8_t cost[AN_NGOODS];
        int rum, tob;
        if (!pl->lvl[l] || !s->supply[l + 1])
            continue;
        an_upgrade_cost(c, l + 1, cost, &rum, &tob);
        if (affordable(&me, cost) && pl->rum >= rum && pl->tob >= tob)
            buf[n++] = AN_ACT(A_UPGRADE, l, 0, 0);
    }
    if (pl->ship < 4 && me.have[GD_WOOD])
        buf[n++] = AN_ACT(A_REPAIR, 0, 0, 0);
    for (int i = 0; i < pl->nh; i++) {
        const an_def *d = &c->def[pl->hand[i]];
        if (d->family == FAM_ACTION && first_of(pl->hand, i) && playable(c, s, p, d))
            buf[n++] = AN_ACT(A_PLAY, pl->hand[i], 0, 0);
    }
    n = trade_options(c, s, &me, &op, buf, n);
    if (pl->ship >= c->voyage_min) {
        buf[n++] = AN_ACT(A_SAIL, AN_NONE, 0, 0);
        for (int i = 0; i < pl->nh; i++) {
            const an_def *d = &c->def[pl->hand[i]];
            if (first_of(pl->hand, i) &&
                (d->act == AC_CAPTAIN || d->act == AC_COMMANDER))
                buf[n++] = AN_ACT(A_SAIL, pl->hand[i], 0, 0);
        }
    }
    if (pl->nh < c->k.hand_size)
        n = draw_options(c, s, p, buf, n);
    else
        for (int i = 0; i < pl->nh; i++)
            if (first_of(pl->hand, i)) {
                int e = c->def[pl->hand[i]].era;
                for (int k = 2 * (e - 1); k < 2 * e; k++)
                    buf[n++] = AN_ACT(A_EXCH, pl->hand[i], k, 0);
            }
    buf[n++] = AN_ACT(A_END, 0, 0, 0);
    return n;
}

/* ------------------------------------------------------------ decisions */

static int pay_options(const an_cfg *c, const an_state *s, const an_task *t, kt_action *buf)
{
    const an_player *pl = &s->pl[t->p];
    int g0 = pl->gold[0], g1 = pl->gold[1];
    int n = t->x < g0 + g1 ? t->x : g0 + g1;
    if (n == 0)
        return 0;
    int lo = n - g1 > 0 ? n - g1 : 0, hi = n < g0 ? n : g0;
    if (c->pay_auto) {
        /* the richer centre pays each gold, the left one on ties */
        int a = g0, b = g1, k = 0;
        for (int i = 0; i < n; i++) {
            if (a >= b)
                a--, k++;
            else
                b--;
        }
        buf[0] = AN_ACT(A_PAY, k, 0, 0);
        return 1;
    }
    int m = 0;
    for (int k = hi; k >= lo; k--)
        buf[m++] = AN_ACT(A_PAY, k, 0, 0);
    return m;
}

static int units(const uint8_t *side)
{
    int n = 0;
    for (int k = 0; k < AN_NKINDS; k++)
        n += side[k];
    return n;
}

static int goods_where(const an_cfg *c, const an_player *pl, int room, int kind, kt_action *buf,
                       int n)
{
    stock_t k;
    stock(c, pl, &k);
    for (int g = 0; g < AN_NGOODS; g++)
        if (room ? k.room[g] > 0 : k.have[g] > 0)
            buf[n++] = AN_ACT(kind, g, 0, 0);
    return n;
}

static int hand_cards(const an_cfg *c, const an_player *pl, int kind, int with_pile,
                      kt_action *buf, int n)
{
    for (int i = 0; i < pl->nh; i++) {
        if (!first_of(pl->hand, i))
            continue;
        if (!with_pile) {
            buf[n++] = AN_ACT(kind, pl->hand[i], 0, 0);
            continue;
        }
        int e = c->def[pl->hand[i]].era;
        for (int k = 2 * (e - 1); k < 2 * e; k++)
            buf[n++] = AN_ACT(kind, pl->hand[i], k, 0);
    }
    return n;
}

static int voyage_options(const an_cfg *c, const an_state *s, const an_task *t, kt_action *buf)
{
    const an_player *pl = &s->pl[t->p];
    const an_vdef *v = &c->vdef[t->x];
    int n = 0;
    if (t->t == K_PIRATE) {
        if (an_can_spend(c, an_gold(pl), v->demand))
            buf[n++] = AN_ACT(A_PAYOFF, 0, 0, 0);
        buf[n++] = AN_ACT(A_FIGHT, 0, 0, 0);
        return n;
    }
    for (int i = 0; i < v->noffer; i++) {
        int have = v->offer_item[i] == IT_RUM ? pl->rum : pl->tob;
        if (s->vbought[i] < v->offer_max[i] && have < c->k.ware_cap &&
            an_can_spend(c, an_gold(pl), v->offer_price[i]))
            buf[n++] = AN_ACT(A_BUY, i, 0, 0);
    }
    buf[n++] = AN_ACT(A_NO, 0, 0, 0);
    return n;
}

static int misc_options(const an_cfg *c, const an_state *s, const an_task *t, kt_action *buf)
{
    const an_player *pl = &s->pl[t->p], *op = &s->pl[1 - t->p];
    int n = 0;
    switch (t->t) {
    case K_PILE:
        for (int k = 0; k < 2; k++)
            if (s->plen[k])
                buf[n++] = AN_ACT(A_PILE, k, 0, 0);
        return n;
    case K_TRADER:
        if (an_can_spend(c, an_gold(pl), 1))
            n = goods_where(c, pl, 1, A_BUYG, buf, n);
        if (!c->trader_one_way)
            n = goods_where(c, pl, 0, A_SELLG, buf, n);
        if (n)
            buf[n++] = AN_ACT(A_NO, 0, 0, 0);
        return n;
    case K_HARBOUR:
        for (int gv = 0; gv < AN_NGOODS; gv++)
            for (int gt = 0; gt < AN_NGOODS; gt++)
                if (gv != gt && an_goods(c, pl, gv) && an_room(c, pl, gt))
                    buf[n++] = AN_ACT(A_HARB, gv, gt, 0);
        if (n)
            buf[n++] = AN_ACT(A_NO, 0, 0, 0);
        return n;
    case K_LODGE:
        n = hand_cards(c, pl, A_LODGE, 1, buf, 0);
        if (n)
            buf[n++] = AN_ACT(A_NO, 0, 0, 0);
        return n;
    case K_THEATRE:
        if (!an_can_spend(c, an_gold(pl), c->k.theatre_cost))
            return 0;
        buf[n++] = AN_ACT(A_CANCEL, 0, 0, 0);
        buf[n++] = AN_ACT(A_NO, 0, 0, 0);
        return n;
    case K_SPY:
        return hand_cards(c, op, A_TAKE, 0, buf, 0);
    case K_COMPOSE: {
        stock_t me, ot;
        stock(c, pl, &me);
        stock(c, op, &ot);
        for (int side = 0; side < 2; side++)
            for (int k = 0; k < AN_NKINDS; k++)
                if (offer_fits(c, s, &me, &ot, side, k))
                    buf[n++] = AN_ACT(side ? A_ASK : A_GIVE, k, 0, 0);
        if (units(s->give) && units(s->get))
            buf[n++] = AN_ACT(A_SEND, 0, 0, 0);
        buf[n++] = AN_ACT(A_NO, 0, 0, 0);
        return n;
    }
    case K_OFFER:
        if (!s->get[AN_GOLD] || an_can_spend(c, an_gold(pl), s->get[AN_GOLD]))
            buf[n++] = AN_ACT(A_ACCEPT, 0, 0, 0);
        buf[n++] = AN_ACT(A_NO, 0, 0, 0);
        return n;
    case K_REFILL:
        if (pl->nh < c->k.hand_size)
            n = draw_options(c, s, t->p, buf, 0);
        if (n)
            buf[n++] = AN_ACT(A_END, 0, 0, 0);
        return n;
    case K_XDRAW:
        return draw_options(c, s, t->p, buf, 0);
    case K_SEARCH:
        for (int i = 0; i < s->plen[t->x]; i++)
            if (first_of(s->pile[t->x], i))
                buf[n++] = AN_ACT(A_PICK, s->pile[t->x][i], 0, 0);
        return n;
    case K_SAIL:
        buf[n++] = AN_ACT(A_CONT, 0, 0, 0);
        buf[n++] = AN_ACT(A_NO, 0, 0, 0);
        return n;
    default:
        return 0;
    }
}

/* Legal answers to task t; 0 when it has none (the rules then skip it). */
int an_task_legal(const an_cfg *c, const an_state *s, const an_task *t, kt_action *buf)
{
    const an_player *pl = &s->pl[t->p], *op = &s->pl[1 - t->p];
    switch (t->t) {
    case K_PAY:
        return pay_options(c, s, t, buf);
    case K_GOOD:
        return goods_where(c, pl, 1, A_GOOD, buf, 0);
    case K_STEAL: { /* a good the opponent has and p may take */
        int n = 0;
        for (int g = 0; g < AN_NGOODS; g++)
            if (an_goods(c, op, g) && an_room(c, pl, g))
                buf[n++] = AN_ACT(A_STEAL, g, 0, 0);
        return n;
    }
    case K_PLACE: { /* the open landscapes of the good */
        const an_land *ld = c->set[pl->set].land;
        int n = 0;
        for (int l = 0; l < AN_NLAND; l++)
            if (ld[l].good == t->x && an_land_status(c, pl, l) == AN_LAND_OPEN)
                buf[n++] = AN_ACT(A_PLACE, l, 0, 0);
        return n;
    }
    case K_LOSE:
        return goods_where(c, pl, 0, A_LOSE, buf, 0);
    case K_PIRATE:
    case K_BUY:
        return voyage_options(c, s, t, buf);
    default:
        return misc_options(c, s, t, buf);
    }
}

int an_legal(const kt_game *g, const kt_state *st, kt_action *buf)
{
    const an_cfg *c = an_config(g);
    const an_state *s = (const an_state *)st;
    if (s->h.status != KT_RUNNING)
        return 0;
    if (s->nstack == 0)
        return turn_legal(c, s, buf);
    return an_task_legal(c, s, &s->stack[s->nstack - 1], buf);
}

/* The action decision is the longest list: at most 6 builds, 3 upgrades,
 * the ship, 6 action cards, 36 bank trades, the offer, 7 ways to sail, 12
 * draws or exchanges and the end: 73. */
int an_max_legal(void) { return 128; }
