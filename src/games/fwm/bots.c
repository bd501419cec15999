/*
 * bots.c - Fugger, Welser, Medici: the heuristic bot and the evaluation
 * used by search bots.
 *
 * The heuristic reads only what its player may see (it never looks at
 * another player's bid in progress).  It values goods at the bank's
 * forced-sale price or, if higher, at a share of the best open demand for
 * them; it sells to demands no lower than the bank would pay and bids on
 * supplies below that value.  Each movement turn it gives every merchant
 * the most profitable deal it can reach by the deal's date (goods it
 * carries, or can load at home, for demands; money for supplies), loads
 * goods at home, and walks the shortest path (without the sea in winter or
 * just before it, around robbers when laden), going slower when laden and
 * time allows (the accident risk and the cost grow with the distance).
 * In the longer modes it also seeks noble demands and gives the largest
 * discount it can afford, buys IOUs, bids in the lottery, and buys a manor
 * once noble.  It is stateless: every decision is recomputed from the
 * state, so the picks of one bid and the steps of one move agree.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "../../core/mem.h"

/* ------------------------------------------------------------ values */

static int is_demand(const fwm_card *cd) { return cd->type == CT_DEMAND || cd->type == CT_NOBLE; }

/* What a unit of good g is worth: the bank's price or 80% of the best open
 * demand for it. */
static int32_t good_value(const fwm_cfg *c, const fwm_state *s, int g)
{
    int32_t v = fwm_force_price[g];
    for (int i = 0; i < s->nopen; i++) {
        const fwm_card *cd = &c->card[s->open[i].card];
        if (!is_demand(cd))
            continue;
        for (int l = 0; l < cd->nlines; l++)
            if (cd->line[l].good == g && cd->line[l].bound * 4 / 5 > v)
                v = cd->line[l].bound * 4 / 5;
    }
    return v;
}

static int32_t round20(int32_t x) { return x - x % 20; }

/* ------------------------------------------------------------ bids */

/* Quantity and unit price this player wants to bid (q 0: pass). */
static void bid_plan(const fwm_cfg *c, const fwm_state *s, int p, int *q, int32_t *price)
{
    const fwm_auc *u = &s->auc;
    const fwm_player *pl = &s->pl[p];
    int nobility = c->mode != MODE_TRADING;
    *q = 0;
    *price = u->lo;
    switch (u->kind) {
    case AK_DEMAND: {
        int32_t f = fwm_force_price[u->good], b = u->hi;
        int comp = 0;
        for (int o = 0; o < FWM_MAXP; o++)
            if (o != p && (((unsigned)u->ent >> o) & 1u))
                comp += u->qmax[o];
        *q = u->qmax[p];
        if (*q + comp <= u->qtot)
            *price = b; /* enough room for everybody: ask the most */
        else
            *price = round20(f + (b - f) * 2 / 5);
        if (*price < f + 20) {
            if (b >= f + 20)
                *price = f + 20;
            else
                *q = 0; /* the bank pays more */
        }
        if (c->card[u->card].type == CT_NOBLE && nobility && !pl->noble)
            *price = b; /* a noble: the sale itself matters more than the price */
        break;
    }
    case AK_SUPPLY: {
        int32_t v = good_value(c, s, u->good);
        if (v - 40 < u->lo)
            return;
        *price = round20(u->lo + (v - u->lo) / 3);
        int afford = *price > 0 ? (int)((pl->money - 300) / *price) : 0;
        *q = u->qmax[p] < afford ? u->qmax[p] : afford;
        break;
    }
    case AK_IOU:
        if (!nobility || pl->noble)
            return;
        *price = 680;
        *q = pl->money > 4000 ? 2 : pl->money > 2000 ? 1 : 0;
        if (*q > u->qmax[p])
            *q = u->qmax[p];
        break;
    case AK_TRICK:
        if (nobility && !pl->noble && pl->money > 1500)
            *q = 1, *price = 160;
        break;
    case AK_FUGGEREI:
        if (nobility && pl->money > 2000)
            *q = 1, *price = 80;
        break;
    case AK_CORRUPTION:
        if (pl->money > 2000)
            *q = 1, *price = nobility && !pl->noble ? 420 : 260;
        break;
    case AK_MANOR: {
        /* a winner short of money sells goods to the bank: bid with them */
        int32_t room = pl->money + fwm_liquid(s, p) - (c->mode == MODE_MANOR ? 0 : 1500);
        if (c->mode == MODE_FULL && pl->manors) {
            /* an owner bids the lowest price (the end values a manor at it): a
             * rival outbidding it is the second owner, else every manor bought
             * ends the game - without this a game whose other players went
             * broke never ended */
            if (room >= u->lo)
                *q = 1, *price = u->lo;
            break;
        }
        if (room >= u->lo) {
            *q = 1;
            *price = round20(c->mode == MODE_MANOR ? (room < u->lo + 2000 ? room : u->lo + 2000)
                                                   : u->lo + (room - u->lo) / 4);
        }
        break;
    }
    default: break;
    }
    if (*price < u->lo)
        *price = u->lo;
    if (*price > u->hi)
        *price = u->hi;
}

static kt_action bid_action(const fwm_cfg *c, const fwm_state *s, int p)
{
    int q;
    int32_t price;
    bid_plan(c, s, p, &q, &price);
    const fwm_auc *u = &s->auc;
    if (q > u->qmax[p])
        q = u->qmax[p];
    if (q <= 0)
        return FWM_BID(0, 0);
    int k = (int)((price - u->lo) / 20), nk = fwm_bid_prices(u);
    return FWM_BID(q, k < 0 ? 0 : k >= nk ? nk - 1 : k);
}

/* ------------------------------------------------------------ movement */

typedef struct mplan {
    int target;     /* space, or -1 to stay */
    int len;        /* spaces to move this turn */
    int load[FWM_NG]; /* goods to load at home first */
} mplan;

/* Winter now or within two rounds: no new sea voyages (an accident could
 * leave a merchant at sea when the storms come). */
static int winter_soon(const fwm_cfg *c, const fwm_state *s)
{
    return fwm_winter(c, s->round) || fwm_winter(c, s->round + 1) || fwm_winter(c, s->round + 2);
}

/* Distance avoiding the sea when winter is near (a merchant already at sea
 * may still sail to a port: the current round is not winter then). */
static int dist(const fwm_cfg *c, const fwm_state *s, int a, int b)
{
    return c->dist[winter_soon(c, s) && c->sp[a].kind != SK_SEA ? 1 : 0][a][b];
}

/* The fair's next date as a round. */
static int fair_due(const fwm_cfg *c, const fwm_state *s)
{
    int r = s->round;
    while (fwm_cal_at(c, r) != c->cal_fair)
        r++;
    return r;
}

/* Profit of merchant m of player p taking part in deal `card` (fair half
 * `half`); goods loadable at home count when the merchant is at home. */
static int32_t deal_value(const fwm_cfg *c, const fwm_state *s, int p, int m, int card, int half,
                          int load[FWM_NG])
{
    const fwm_card *cd = &c->card[card];
    const fwm_player *pl = &s->pl[p];
    const fwm_merch *mm = &pl->m[m];
    int athome = mm->pos == pl->home;
    int32_t v = 0;
    int demand = is_demand(cd) || (cd->type == CT_FAIR && half == 0);
    if (cd->type == CT_MANOR)
        return pl->noble && pl->money + fwm_liquid(s, p) >= cd->min
                   ? (c->mode == MODE_FULL && pl->manors ? 20000 : 50000)
                   : 0;
    int first = cd->type == CT_FAIR && half ? cd->nlines : 0;
    int nl = cd->type == CT_FAIR ? (half ? cd->nlines2 : cd->nlines) : cd->nlines;
    int32_t money = pl->money - 500;
    for (int l = first; l < first + nl; l++) {
        const fwm_line *ln = &cd->line[l];
        int g = ln->good;
        if (demand) {
            int have = mm->cargo[g], extra = athome ? pl->ware[g] : 0;
            int n = ln->qty < have ? ln->qty : have;
            int more = ln->qty - n < extra ? ln->qty - n : extra;
            if (load && more > 0)
                load[g] += more;
            n += more;
            int32_t margin = (int32_t)ln->bound - fwm_force_price[g];
            if (margin > 0)
                v += n * margin * 7 / 10;
            if (cd->type == CT_NOBLE && c->mode != MODE_TRADING && !pl->noble && n)
                v += 1500;
        } else {
            int32_t worth = good_value(c, s, g) - (int32_t)ln->bound;
            if (worth <= 0 || money <= 0)
                continue;
            int n = ln->qty, afford = (int)(money / ln->bound);
            if (n > afford)
                n = afford;
            money -= n * ln->bound;
            v += n * worth / 2;
        }
    }
    return v;
}

/* A target for each merchant: greedy over (merchant, deal) pairs by profit
 * less a little per space. */
static void plan_moves(const fwm_cfg *c, const fwm_state *s, int p, mplan *mp)
{
    const fwm_player *pl = &s->pl[p];
    int ncand = 0;
    int cards[FWM_MAXOPEN + 2], halves[FWM_MAXOPEN + 2], dues[FWM_MAXOPEN + 2];
    for (int i = 0; i < s->nopen && ncand < FWM_MAXOPEN; i++) {
        cards[ncand] = s->open[i].card;
        halves[ncand] = 0;
        dues[ncand++] = s->open[i].due;
    }
    if (s->fair != FWM_NONE) {
        int d = fair_due(c, s);
        for (int h = 0; h < 2; h++) {
            cards[ncand] = s->fair;
            halves[ncand] = h;
            dues[ncand++] = d;
        }
    }
    int32_t score[FWM_NM][FWM_MAXOPEN + 2];
    for (int m = 0; m < FWM_NM; m++) {
        memset(&mp[m], 0, sizeof mp[m]);
        mp[m].target = -1;
        for (int k = 0; k < ncand; k++) {
            score[m][k] = 0;
            const fwm_merch *mm = &pl->m[m];
            if (mm->pos >= FWM_LOST)
                continue;
            const fwm_card *cd = &c->card[cards[k]];
            int d = dist(c, s, mm->pos, cd->town), avail = dues[k] - s->round;
            if (d == 255 || avail < 1 || (!cd->urgent && d > 3 * avail) ||
                (cd->urgent && d > 3 * avail))
                continue;
            if (pl->home == cd->town && !is_demand(cd) && cd->type != CT_MANOR)
                continue; /* home players take part without a merchant */
            int32_t v = deal_value(c, s, p, m, cards[k], halves[k], NULL);
            if (v > 0)
                score[m][k] = v - 30 * d + 1;
        }
    }
    uint32_t used_m = 0, used_k = 0;
    for (;;) {
        int bm = -1, bk = -1;
        int32_t best = 0;
        for (int m = 0; m < FWM_NM; m++)
            for (int k = 0; k < ncand; k++)
                if (!(((unsigned)used_m >> m) & 1u) && !(((unsigned)used_k >> k) & 1u) && score[m][k] > best)
                    best = score[m][k], bm = m, bk = k;
        if (bm < 0)
            break;
        used_m |= 1u << bm;
        used_k |= 1u << bk;
        const fwm_card *cd = &c->card[cards[bk]];
        mp[bm].target = cd->town;
        deal_value(c, s, p, bm, cards[bk], halves[bk], mp[bm].load);
        const fwm_merch *mm = &pl->m[bm];
        int d = dist(c, s, mm->pos, cd->town), avail = dues[bk] - s->round;
        int need = (d + avail - 1) / (avail > 0 ? avail : 1);
        int laden = fwm_cargo(mm) + mp[bm].load[0] + mp[bm].load[1] + mp[bm].load[2] > 0;
        int len = laden && !cd->urgent ? (need > 2 ? need : 2) : 3;
        mp[bm].len = d < len ? d : len;
    }
    for (int m = 0; m < FWM_NM; m++) { /* at sea with winter coming: to the nearest port */
        const fwm_merch *mm = &pl->m[m];
        if (mm->pos >= FWM_LOST || c->sp[mm->pos].kind != SK_SEA || !winter_soon(c, s))
            continue;
        int best = -1;
        for (int t = 0; t < c->nsp; t++)
            if (c->sp[t].kind != SK_SEA &&
                (best < 0 || c->dist[0][mm->pos][t] < c->dist[0][mm->pos][best]))
                best = t;
        used_m |= 1u << m;
        mp[m].target = best;
        mp[m].len = c->dist[0][mm->pos][best];
    }
    for (int m = 0; m < FWM_NM; m++) { /* idle and empty: go home to reload */
        const fwm_merch *mm = &pl->m[m];
        if ((((unsigned)used_m >> m) & 1u) || mm->pos >= FWM_LOST || fwm_cargo(mm) || mm->pos == pl->home)
            continue;
        int d = dist(c, s, mm->pos, pl->home);
        if (d == 255)
            continue;
        mp[m].target = pl->home;
        mp[m].len = d < 3 ? d : 3;
    }
}

/* The next space toward `to` from `at` among the legal steps of merchant m. */
static int step_toward(const fwm_cfg *c, const fwm_state *s, int p, int m, int at, int to,
                       const kt_action *legal, int n)
{
    int laden = fwm_cargo(&s->pl[p].m[m]) > 0, best = -1, bestd = 255, bestrob = 1;
    for (int i = 0; i < n; i++) {
        if (ACT_K(legal[i]) != A_STEP || ACT_B(legal[i]) != m)
            continue;
        int nb = ACT_C(legal[i]), d = dist(c, s, nb, to);
        if (winter_soon(c, s) && c->sp[nb].kind == SK_SEA && c->sp[at].kind != SK_SEA)
            continue; /* never out to sea just before or in winter */
        if (d >= dist(c, s, at, to))
            continue;
        int rob = laden && (((unsigned)s->robarea >> c->sp[nb].area) & 1u);
        if (d < bestd || (d == bestd && rob < bestrob))
            best = nb, bestd = d, bestrob = rob;
    }
    return best;
}

/* ------------------------------------------------------------ trades between players */

/* A trade the bot would make: `n` units of good g from seller to buyer on
 * space sp at `unit` FL each; gain = what both sides win per unit. */
typedef struct tplan {
    int g, n;
    int32_t unit, gain;
} tplan;

/* Units of g that player p's merchants on sp carry to a planned demand for
 * g (they keep those); the rest there is surplus, worth the bank's price. */
static int kept_units(const fwm_cfg *c, const fwm_state *s, int p, int g, int sp)
{
    mplan mp[FWM_NM];
    plan_moves(c, s, p, mp);
    int kept = 0;
    for (int m = 0; m < FWM_NM; m++) {
        if (s->pl[p].m[m].pos != sp || mp[m].target < 0)
            continue;
        for (int i = 0; i < s->nopen; i++) {
            const fwm_card *cd = &c->card[s->open[i].card];
            if (!is_demand(cd) || cd->town != mp[m].target)
                continue;
            for (int l = 0; l < cd->nlines; l++)
                if (cd->line[l].good == g)
                    kept += cd->line[l].qty;
        }
    }
    return kept;
}

/* The best open demand for g that a merchant of p leaving sp now reaches by
 * its date (*qty: its quantity; 0: none).  On its own space and due now it
 * is resolved in this very phase 1. */
static int32_t reachable_demand(const fwm_cfg *c, const fwm_state *s, int p, int g, int sp,
                                int *qty)
{
    int32_t best = 0;
    *qty = 0;
    if (!fwm_merch_at(s, p, sp))
        return 0; /* nobody of p there to carry the goods */
    for (int i = 0; i < s->nopen; i++) {
        const fwm_card *cd = &c->card[s->open[i].card];
        int avail = s->open[i].due - s->round, d = dist(c, s, sp, cd->town);
        if (!is_demand(cd) || d == 255 || avail < 0 || d > 3 * avail)
            continue;
        for (int l = 0; l < cd->nlines; l++)
            if (cd->line[l].good == g && cd->line[l].bound > best)
                best = cd->line[l].bound, *qty = cd->line[l].qty;
    }
    return best;
}

/* Units of g player p keeps on sp: those its merchants there carry to a
 * planned demand, at least as many as the best demand it could reach from
 * there takes (so a bot never sells what it would buy). */
static int keeps(const fwm_cfg *c, const fwm_state *s, int p, int g, int sp)
{
    int qty, kept = kept_units(c, s, p, g, sp);
    reachable_demand(c, s, p, g, sp, &qty);
    return kept > qty ? kept : qty;
}

/* What buyer and seller on sp would trade of good g: the seller's surplus
 * (bank value) against what the buyer can carry to a demand (80% of its
 * price), when that is worth 200 FL a unit more.  The proposer leaves the
 * other side 100 FL a unit (it accepts from 60) and keeps the rest. */
static tplan trade_plan_good(const fwm_cfg *c, const fwm_state *s, int seller, int buyer, int sp,
                             int g, int buyer_proposes)
{
    tplan t = {g, 0, 0, 0};
    int qty, surplus = fwm_pool(s, seller, sp, g) - keeps(c, s, seller, g, sp);
    int32_t bound = reachable_demand(c, s, buyer, g, sp, &qty);
    int need = keeps(c, s, buyer, g, sp) - fwm_pool(s, buyer, sp, g);
    int32_t bank = fwm_force_price[g], worth = bound * 4 / 5;
    if (surplus <= 0 || need <= 0 || worth - bank < 200)
        return t;
    t.n = surplus < need ? surplus : need;
    t.unit = buyer_proposes ? round20(bank + 119) : round20(worth - 100);
    while (t.n > 0 && t.n * t.unit > s->pl[buyer].money - 1500)
        t.n--; /* the buyer keeps a reserve */
    t.gain = t.n * (worth - bank);
    return t;
}

static tplan trade_plan(const fwm_cfg *c, const fwm_state *s, int seller, int buyer, int sp,
                        int buyer_proposes)
{
    tplan best = {0, 0, 0, 0};
    for (int g = 0; g < FWM_NG; g++) {
        tplan t = trade_plan_good(c, s, seller, buyer, sp, g, buyer_proposes);
        if (t.n > 0 && t.gain > best.gain)
            best = t;
    }
    return best;
}

#define BOT_OFFERS 3 /* offers the heuristic makes in one phase 1 at most */

/* The window: the best trade with a player who did not decline the bot in
 * this phase, else done. */
static kt_action trade_action(const fwm_cfg *c, const fwm_state *s, int p, const kt_action *legal,
                              int n)
{
    kt_action best = FWM_ACT(A_DONE, 0, 0, 0);
    int32_t bestgain = 0;
    if (s->tw_offers[p] >= BOT_OFFERS)
        return best;
    for (int i = 0; i < n; i++) {
        if (ACT_K(legal[i]) != A_TRADE)
            continue;
        int q = ACT_A(legal[i]), buy = ACT_B(legal[i]);
        if ((s->tw_declined[p] >> q) & 1u)
            continue; /* a declined offer is not made again in this phase */
        int sp = fwm_slot_space(s, p, ACT_C(legal[i]));
        tplan t = trade_plan(c, s, buy ? q : p, buy ? p : q, sp, buy);
        if (t.n > 0 && t.gain > bestgain)
            bestgain = t.gain, best = legal[i];
    }
    return best;
}

static tplan current_plan(const fwm_cfg *c, const fwm_state *s)
{
    int seller = s->of_buy ? s->of_to : s->of_from, buyer = s->of_buy ? s->of_from : s->of_to;
    return trade_plan(c, s, seller, buyer, s->of_at, s->of_buy);
}

static kt_action compose_action(const fwm_cfg *c, const fwm_state *s)
{
    tplan t = current_plan(c, s);
    if (t.n <= 0)
        return FWM_ACT(A_CANCEL, 0, 0, 0);
    if (s->of_goods[t.g] < t.n)
        return FWM_ACT(A_TGOOD, 0, 0, t.g);
    return FWM_ACT(A_DONE, 0, 0, 0);
}

/* The digit pick whose range holds `want`, else the nearest. */
static kt_action pick_toward(int stage, int32_t base, int32_t want, const kt_action *legal, int n)
{
    kt_action best = legal[0];
    int32_t bestd = 0x7fffffff;
    for (int i = 0; i < n; i++) {
        int32_t a = fwm_price_pick(stage, base, ACT_C(legal[i]));
        int32_t b = stage == 1 ? a + 980 : stage == 2 ? a + 80 : a;
        int32_t d = want < a ? a - want : want > b ? want - b : 0;
        if (d < bestd)
            bestd = d, best = legal[i];
    }
    return best;
}

static kt_action price_action(const fwm_cfg *c, const fwm_state *s, const kt_action *legal, int n)
{
    tplan t = current_plan(c, s);
    return pick_toward(s->of_stage, s->of_price, t.n * t.unit, legal, n);
}

/* The answer: a buyer pays at most what the goods are worth to it (80% of a
 * demand it can reach for the units it lacks, else less than the bank's
 * price) less 60 FL a unit; a seller wants the bank's price for surplus and
 * the goods' value for the rest, plus 60 FL a unit. */
static kt_action reply_action(const fwm_cfg *c, const fwm_state *s, int p, const kt_action *legal)
{
    if (ACT_K(legal[0]) != A_ACCEPT)
        return FWM_ACT(A_DECLINE, 0, 0, 0);
    int buying = !s->of_buy, sp = s->of_at, units = 0;
    int32_t value = 0;
    for (int g = 0; g <= FWM_NG; g++) {
        int k = s->of_goods[g];
        units += k;
        if (!k)
            continue;
        if (g == FWM_NG) { /* IOUs: at what the bank pays */
            value += k * 300;
            continue;
        }
        int32_t bank = fwm_force_price[g];
        if (buying) {
            int qty;
            int32_t worth = reachable_demand(c, s, p, g, sp, &qty) * 4 / 5;
            int need = keeps(c, s, p, g, sp) - fwm_pool(s, p, sp, g);
            int use = need < k ? (need > 0 ? need : 0) : k;
            value += use * (worth > bank ? worth : bank) + (k - use) * bank * 9 / 10;
        } else {
            int surplus = fwm_pool(s, p, sp, g) - keeps(c, s, p, g, sp);
            int cheap = surplus < k ? (surplus > 0 ? surplus : 0) : k;
            value += cheap * bank + (k - cheap) * good_value(c, s, g);
        }
    }
    int ok = buying ? s->of_price <= value - 60 * units && s->pl[p].money - s->of_price >= 500
                    : s->of_price >= value + 60 * units;
    return FWM_ACT(ok ? A_ACCEPT : A_DECLINE, 0, 0, 0);
}

static kt_action move_action(const fwm_cfg *c, const fwm_state *s, int p, const kt_action *legal,
                             int n)
{
    mplan mp[FWM_NM];
    plan_moves(c, s, p, mp);
    const fwm_player *pl = &s->pl[p];
    if (s->mv_len) {
        int m = s->mv_merch;
        int at = s->mv_path[s->mv_len - 1];
        if (s->mv_len < mp[m].len && mp[m].target >= 0) {
            int nb = step_toward(c, s, p, m, at, mp[m].target, legal, n);
            if (nb >= 0)
                return FWM_ACT(A_STEP, 0, m, nb);
        }
        return FWM_ACT(A_GO, 0, 0, 0);
    }
    if (!s->mv_started) /* load goods at home for the planned demands */
        for (int m = 0; m < FWM_NM; m++)
            for (int g = 0; g < FWM_NG; g++)
                if (mp[m].load[g] > 0 && pl->m[m].pos == pl->home && pl->ware[g])
                    return FWM_ACT(A_XFER, 0, m + 1, g);
    for (int m = 0; m < FWM_NM; m++) {
        if ((((unsigned)s->mv_moved >> m) & 1u) || mp[m].target < 0 || mp[m].len < 1)
            continue;
        int nb = step_toward(c, s, p, m, pl->m[m].pos, mp[m].target, legal, n);
        if (nb >= 0)
            return FWM_ACT(A_STEP, 0, m, nb);
    }
    return FWM_ACT(A_END, 0, 0, 0);
}

/* ------------------------------------------------------------ the other decisions */

static kt_action cheapest_loss(const fwm_state *s, int p)
{
    const fwm_merch *m = &s->pl[p].m[s->x_merch];
    for (int g = 0; g < FWM_NG; g++)
        if (m->cargo[g])
            return FWM_ACT(A_LOSE, 0, 0, g);
    return 0;
}

/* Forced sale: an IOU first, then the cheapest goods. */
static kt_action sell_action(const kt_action *legal, int n)
{
    kt_action best = legal[0];
    int bestv = 1 << 30;
    for (int i = 0; i < n; i++) {
        int g = ACT_C(legal[i]), v = g == FWM_NG ? 0 : (int)fwm_force_price[g];
        if (ACT_K(legal[i]) == A_SELL && v < bestv)
            bestv = v, best = legal[i];
    }
    return best;
}

static kt_action cube_action(const fwm_cfg *c, const fwm_state *s, int p, const kt_action *legal,
                             int n)
{
    int want = s->pl[p].home != FWM_NONE ? c->sp[s->pl[p].home].area : -1;
    for (int i = 0; i < n; i++)
        if (ACT_C(legal[i]) == want)
            return legal[i];
    return legal[0];
}

/* The biggest discount affordable with 800 FL to spare: the Reckoning
 * Trick, then 1000, then 500 (nobles and the trading-house game: none). */
static kt_action noble_action(const fwm_cfg *c, const fwm_state *s, int p, const kt_action *legal,
                              int n)
{
    const fwm_player *pl = &s->pl[p];
    if (c->mode == MODE_TRADING || pl->noble)
        return FWM_ACT(A_DISCOUNT, 0, 0, 0);
    static const int pref[3] = {3, 2, 1};
    static const int32_t cost[4] = {0, 500, 1000, 600};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < n; i++)
            if (ACT_C(legal[i]) == pref[k] && pl->money - cost[pref[k]] >= 800)
                return legal[i];
    return FWM_ACT(A_DISCOUNT, 0, 0, 0);
}

static kt_action sheep_action(const fwm_cfg *c, const fwm_state *s, int p, const kt_action *legal,
                              int n)
{
    int32_t cost = s->sh_stake ? s->sh_stake : 20;
    int hurts = c->mode != MODE_TRADING && !s->pl[p].noble && s->pl[p].track > 0;
    if ((hurts ? cost <= 320 : cost <= 20) && s->pl[p].money > cost + 1500)
        for (int i = 0; i < n; i++) /* to the richest other player */
            if (ACT_K(legal[i]) == A_PASSTO) {
                int best = -1;
                for (int j = 0; j < n; j++)
                    if (ACT_K(legal[j]) == A_PASSTO &&
                        (best < 0 || s->pl[ACT_C(legal[j])].money > s->pl[best].money))
                        best = ACT_C(legal[j]);
                return FWM_ACT(A_PASSTO, 0, 0, best);
            }
    return FWM_ACT(A_KEEP, 0, 0, 0);
}

static kt_action choose(const fwm_cfg *c, const fwm_state *s, int np, const kt_action *legal,
                        int n)
{
    int p = s->h.to_move;
    const fwm_player *pl = &s->pl[p];
    switch (s->stage) {
    case FS_HOME: { /* the least crowded city; then the nobility head start, the lower tax */
        kt_action best = legal[0];
        int bestv = -1000000;
        for (int i = 0; i < n; i++) {
            int h = c->homes[ACT_C(legal[i])], crowd = 0;
            for (int q = 0; q < np; q++)
                crowd += s->pl[q].home == h;
            int v = -1000 * crowd - c->sp[h].tax + (c->mode != MODE_TRADING && c->sp[h].ahead ? 300 : 0);
            if (v > bestv)
                bestv = v, best = legal[i];
        }
        return best;
    }
    case FS_BID: return bid_action(c, s, p);
    case FS_FORCE: return sell_action(legal, n);
    case FS_NOBLE: return noble_action(c, s, p, legal, n);
    case FS_CUBE: return cube_action(c, s, p, legal, n);
    case FS_SHEEP: return sheep_action(c, s, p, legal, n);
    case FS_LOTTERY:
        if (c->mode != MODE_TRADING && !pl->noble && pl->money > 2500 && !s->lot_bet &&
            ACT_K(legal[0]) == A_BET)
            return legal[0];
        return FWM_ACT(A_DONE, 0, 0, 0);
    case FS_PAYDAY: {
        int onmap = 0;
        for (int k = 1; k < FWM_NM; k++)
            onmap += pl->m[k].pos < FWM_LOST;
        if (onmap < 2 && pl->money > 5000)
            for (int i = 0; i < n; i++)
                if (ACT_K(legal[i]) == A_HIRE)
                    return legal[i];
        return FWM_ACT(A_DONE, 0, 0, 0);
    }
    case FS_MOVE: return move_action(c, s, p, legal, n);
    case FS_TRADE: return trade_action(c, s, p, legal, n);
    case FS_COMPOSE: return compose_action(c, s);
    case FS_PRICE: return price_action(c, s, legal, n);
    case FS_REPLY: return reply_action(c, s, p, legal);
    case FS_DROP:
    case FS_ROBLOSE: return cheapest_loss(s, p);
    case FS_ROBPAY: {
        const fwm_merch *m = &pl->m[s->x_merch];
        int32_t v = 0;
        for (int g = 0; g < FWM_NG; g++)
            v += m->cargo[g] * fwm_force_price[g];
        if (v >= 2000 && s->x_robbonus < 3 && pl->money > 1500 && ACT_K(legal[0]) == A_BRIBE)
            return legal[0];
        return FWM_ACT(A_ROLL, 0, 0, 0);
    }
    default: return legal[0]; /* offer prices and passage fees: the first choice */
    }
}

/* ------------------------------------------------------------ the bot */

typedef struct hbot {
    kt_action legal[KT_LEGAL_MAX];
    kt_allocator a; /* the game's: the bot is made and freed through it */
} hbot;

static kt_status h_create(const kt_game *g, const kt_optval *opts, uint64_t seed, void **ud,
                          kt_err *err)
{
    KT_UNUSED(opts);
    KT_UNUSED(seed);
    hbot *b = kt_mem_alloc(&g->alloc, sizeof *b);
    if (!b)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    b->a = g->alloc;
    *ud = b;
    return KT_OK;
}

static kt_status h_choose(void *ud, const kt_game *g, const kt_state *st, kt_action *out,
                          kt_err *err)
{
    hbot *b = ud;
    const fwm_state *s = (const fwm_state *)st;
    int n = fwm_legal(g, st, b->legal);
    if (n <= 0)
        return kt_seterr(err, KT_EOVER, "the game is over");
    kt_action a = choose(fwm_config(g), s, g->nplayers, b->legal, n);
    for (int i = 0; i < n; i++)
        if (b->legal[i] == a) {
            *out = a;
            return KT_OK;
        }
    *out = b->legal[0]; /* a plan that is not legal here: the first legal action */
    return KT_OK;
}

static void h_destroy(void *ud)
{
    hbot *b = ud;
    if (b) {
        kt_allocator a = b->a;
        kt_mem_free(&a, b, sizeof *b);
    }
}

const kt_botdef fwm_bots[FWM_NBOTS] = {
    {.info = {"heuristic",
              "plans routes to the most profitable reachable deals, bids from the bank's "
              "forced-sale values, respects winter and cash",
              NULL, 0},
     .create = h_create,
     .choose = h_choose,
     .destroy = h_destroy},
};

/* ------------------------------------------------------------ evaluation */

/* What player p's merchants could still earn: for each merchant the best
 * deal it can reach in time, fading with the distance. */
static double potential(const fwm_cfg *c, const fwm_state *s, int p)
{
    const fwm_player *pl = &s->pl[p];
    double sum = 0;
    for (int m = 0; m < FWM_NM; m++) {
        const fwm_merch *mm = &pl->m[m];
        if (mm->pos >= FWM_LOST)
            continue;
        double best = 0;
        for (int i = 0; i < s->nopen; i++) {
            const fwm_card *cd = &c->card[s->open[i].card];
            int d = dist(c, s, mm->pos, cd->town), avail = s->open[i].due - s->round;
            if (d == 255 || avail < 1 || d > 3 * avail)
                continue;
            double v = deal_value(c, s, p, m, s->open[i].card, 0, NULL) * (1.0 - d / 12.0);
            if (v > best)
                best = v;
        }
        sum += best;
    }
    return sum;
}

void fwm_evaluate(const kt_game *g, const kt_state *st, double *out)
{
    const fwm_cfg *c = fwm_config(g);
    const fwm_state *s = (const fwm_state *)st;
    double w[FWM_MAXP], sum = 0, best = -1e18, v[FWM_MAXP];
    for (int p = 0; p < g->nplayers; p++) {
        double money = fwm_value(c, s, p) + 0.6 * potential(c, s, p), x = money / 2000.0;
        if (c->mode != MODE_TRADING)
            x = money / 6000.0 + 12.0 * s->pl[p].track / c->track_end +
                (s->pl[p].noble ? 4.0 : 0.0) + (c->mode >= MODE_MANOR ? 6.0 * s->pl[p].manors : 0.0);
        v[p] = x;
        if (x > best)
            best = x;
    }
    for (int p = 0; p < g->nplayers; p++) {
        w[p] = exp(v[p] - best);
        sum += w[p];
    }
    for (int p = 0; p < g->nplayers; p++)
        out[p] = w[p] / sum;
}
