/*
 * auction.c - sealed bids and what follows them: the goods lines of deal
 * cards, manors and the event auctions (IOUs, Rechentrick, Fuggerei,
 * Korruption), the allocation with its tie-breaks and payments, the noble
 * demand's discount and 2d6 roll, and free-passage cubes.
 *
 * Layout: s->auc describes the auction in progress (who may bid, their
 * quantity bounds, the price bounds; after the reveal the bids, the
 * allocation order and what each bidder got).  A sealed bid is one action,
 * quantity and unit price together (FWM_BID; quantity 0 = pass), kept in
 * s->pl[p].bstage/bqty/bprice until the reveal: a pass and a bid are the
 * same one step, so the action count, the turn, the pending set and every
 * line of the log look the same to the others whichever was chosen.  Every
 * entitled player is pending at once (fwm_pending); hdr.to_move is always
 * the lowest pending player, so the order of the answers never matters.
 * The reveal copies the bids into s->auc and clears them.
 */
#include <string.h>

#include "rules.h"

#define FINE 300

static int lowest(uint32_t set)
{
    for (int p = 0; p < FWM_MAXP; p++)
        if (((unsigned)set >> p) & 1u)
            return p;
    return -1;
}

static int deal_kind(int kind) { return kind == AK_DEMAND || kind == AK_SUPPLY || kind == AK_MANOR; }

void fwm_auction_open(fx *x, int kind, int card, int good, int qtot, int32_t lo, int32_t hi)
{
    fwm_state *s = x->s;
    fwm_auc *u = &s->auc;
    memset(u, 0, sizeof *u);
    u->kind = (uint8_t)kind;
    u->card = (uint8_t)card;
    u->line = s->line;
    u->good = (uint8_t)good;
    u->qtot = u->left = (uint8_t)qtot;
    u->lo = lo;
    u->hi = hi;
    int town = deal_kind(kind) ? x->c->card[card].town : FWM_NONE;
    for (int p = 0; p < x->g->nplayers; p++) {
        int q = 0;
        if (kind == AK_DEMAND) {
            int have = fwm_entitled(s, p, town) ? fwm_pool(s, p, town, good) : 0;
            q = have < qtot ? have : qtot;
        } else if (kind == AK_SUPPLY) {
            q = fwm_entitled(s, p, town) ? qtot : 0;
        } else if (kind == AK_MANOR) {
            q = fwm_entitled(s, p, town) && s->pl[p].noble;
        } else if (kind == AK_IOU) {
            q = qtot < 2 ? qtot : 2;
        } else {
            q = 1;
        }
        u->qmax[p] = (uint8_t)q;
        if (q)
            u->ent |= (uint8_t)(1u << p);
        s->pl[p].bstage = 0;
        s->pl[p].bqty = 0;
        s->pl[p].bprice = 0;
    }
    if (!u->ent) {
        if (deal_kind(kind))
            EV(x, KT_VIS_ALL, "bids", -1, "Nobody may bid for %s.", "Niemand darf auf %s bieten.",
               kind == AK_MANOR ? (LANG(x) == KT_LANG_DE ? "das Landgut" : "the manor")
                                : fwm_good_name(good, LANG(x)));
        return;
    }
    fwm_decide(x, FS_BID, lowest(u->ent));
}

/* ------------------------------------------------------------ price picks (offers) */

/* Possible digits at a pick of an offer's price: stage 1 thousands, 2
 * hundreds, 3 twenties (0-4); `base` is the price chosen so far. */
int fwm_price_options(int32_t lo, int32_t hi, int stage, int32_t base, uint8_t *digits)
{
    int n = 0;
    if (stage == 1) {
        for (int32_t t = lo / 1000; t <= hi / 1000 && n < 100; t++)
            digits[n++] = (uint8_t)t;
    } else if (stage == 2) {
        for (int h = 0; h < 10; h++) {
            int32_t a = base + h * 100, b = a + 80;
            if (b >= lo && a <= hi)
                digits[n++] = (uint8_t)h;
        }
    } else if (stage == 3) {
        for (int k = 0; k < 5; k++) {
            int32_t v = base + 20 * k;
            if (v >= lo && v <= hi)
                digits[n++] = (uint8_t)k;
        }
    }
    return n;
}

int32_t fwm_price_pick(int stage, int32_t base, int digit)
{
    return base + (stage == 1 ? digit * 1000 : stage == 2 ? digit * 100 : digit * 20);
}

/* ------------------------------------------------------------ bids */

int fwm_bid_prices(const fwm_auc *u) { return (int)((u->hi - u->lo) / 20) + 1; }

/* The bids of quantity q at the nk unit prices, FWM_BID(q, k) for k in
 * order.  A list can hold 4,000 bids, so they are written four at a time
 * from the first one's code: the price index sits in bits 8-23 (k < 2^16),
 * so the next price's bid is 256 more. */
static int bid_row(kt_action *buf, int n, int q, int nk)
{
    _Static_assert(FWM_NBIDK < 1 << 16, "a price index fits bits 8-23");
    kt_action v = FWM_BID(q, 0), *out = buf + n;
    int k = 0;
    for (; k + 4 <= nk; k += 4, v += 4 << 8) {
        out[k] = v;
        out[k + 1] = v + (1 << 8);
        out[k + 2] = v + (2 << 8);
        out[k + 3] = v + (3 << 8);
    }
    for (; k < nk; k++, v += 1 << 8)
        out[k] = v;
    return n + nk;
}

/* A pass, then every quantity from 1 to the player's bound at every unit
 * price from the lower to the upper bound in 20 FL steps (at most
 * 1 + FWM_MAXQ * FWM_NBIDK actions). */
int fwm_legal_bid(const fx *x, int p, kt_action *buf)
{
    const fwm_auc *u = &x->s->auc;
    if (!(((unsigned)u->ent >> p) & 1u) || (((unsigned)u->done >> p) & 1u))
        return 0;
    int n = 0, nk = fwm_bid_prices(u);
    buf[n++] = FWM_BID(0, 0);
    for (int q = 1; q <= u->qmax[p]; q++)
        n = bid_row(buf, n, q, nk);
    return n;
}

static void reveal(fx *x);

void fwm_apply_bid(fx *x, kt_action a)
{
    fwm_state *s = x->s;
    fwm_auc *u = &s->auc;
    int p = s->h.to_move;
    fwm_player *pl = &s->pl[p];
    pl->bqty = (uint8_t)ACT_C(a);
    pl->bprice = pl->bqty ? u->lo + 20 * BID_K(a) : 0;
    pl->bstage = 4;
    u->done |= (uint8_t)(1u << p);
    if (pl->bqty)
        EV(x, KT_VIS_ONLY(p), "bid", p, "Your sealed bid: %d at %d FL each.",
           "Dein verdecktes Gebot: %d zu je %d FL.", pl->bqty, (int)pl->bprice);
    else
        EV(x, KT_VIS_ONLY(p), "bid", p, "You pass (sealed)." "%s", "Du passt (verdeckt)." "%s", "");
    EV(x, KT_VIS_EXCEPT(p), "bid", p, "%s %d has handed in a sealed bid.",
       "%s %d hat ein verdecktes Gebot abgegeben.", PN(x), p + 1);
    if (u->done == u->ent) {
        reveal(x);
        return;
    }
    fwm_decide(x, FS_BID, lowest((uint32_t)(u->ent & ~u->done)));
}

/* ------------------------------------------------------------ reveal, order */

/* Rolls written as their sequence, e.g. "3-5" for a 3 and a re-roll 5. */
static void roll_text(long v, char *out, size_t cap)
{
    char d[24];
    int n = 0;
    while (v > 0 && n < 20) {
        d[n++] = (char)('0' + v % 10);
        v /= 10;
    }
    size_t k = 0;
    for (int i = n - 1; i >= 0 && k + 2 < cap; i--) {
        if (i != n - 1)
            out[k++] = '-';
        out[k++] = d[i];
    }
    out[k] = '\0';
}

/* Dice decide the order of a group of equal bids: everybody rolls, those
 * still tied roll again (a re-roll only splits a tie: values are kept as
 * digit sequences).  After 8 rounds of ties the seat order decides.
 * Writes the group back in descending roll order. */
static void dice_order(fx *x, uint8_t *grp, int m)
{
    long roll[FWM_MAXP] = {0};
    int again = (1 << m) - 1;
    for (int round = 0; again && round < 8; round++) {
        for (int i = 0; i < m; i++) {
            roll[i] *= 10;
            if ((again >> i) & 1)
                roll[i] += fwm_roll(x);
        }
        again = 0;
        for (int i = 0; i < m; i++)
            for (int j = 0; j < m; j++)
                if (i != j && roll[i] == roll[j])
                    again |= 1 << i;
    }
    for (int i = 1; i < m; i++) /* insertion sort, descending; stable for seats */
        for (int j = i; j > 0 && roll[j] > roll[j - 1]; j--) {
            long t = roll[j];
            roll[j] = roll[j - 1];
            roll[j - 1] = t;
            uint8_t g = grp[j];
            grp[j] = grp[j - 1];
            grp[j - 1] = g;
        }
    if (x->log) {
        kt_buf t;
        kt_buf_init_alloc(&t, kt_log_alloc(x->log));
        for (int i = 0; i < m; i++) {
            char r[24];
            roll_text(roll[i], r, sizeof r);
            kt_buf_printf(&t, "%s%s %d: %s", i ? ", " : "", PN(x), grp[i] + 1, r);
        }
        EV(x, KT_VIS_ALL, "tie", -1, "Tie broken by dice (%s).",
           "Gleichstand, die Würfel entscheiden (%s).", t.p ? t.p : "");
        kt_buf_free(&t);
    }
}

/* Keys of the tie-break: deals - home players first (dice among them),
 * then the queue (earlier arrival first, the Black Sheep's holder last);
 * event auctions - lower on the nobility track first, then dice. */
static long tie_key(fx *x, int p, int *dice)
{
    const fwm_state *s = x->s;
    const fwm_auc *u = &s->auc;
    *dice = 0;
    if (!deal_kind(u->kind)) {
        *dice = 1;
        return s->pl[p].track;
    }
    int town = x->c->card[u->card].town;
    if (s->pl[p].home == town) {
        *dice = x->c->fl_home_tie_dice;
        return x->c->fl_home_tie_dice ? 0 : p; /* flag off: seat order among home players */
    }
    long k = 100000;
    if (s->sheep == p)
        k += 200000;
    long st = 70000;
    for (int m = 0; m < FWM_NM; m++)
        if (s->pl[p].m[m].pos == town && s->pl[p].m[m].stamp < st)
            st = s->pl[p].m[m].stamp;
    return k + st;
}

/* Equal prices, however many: the order the tie-break gave and why (the
 * dice, when they decided, have their own line).  Log only. */
static void explain_ties(fx *x, const long *k1, int n)
{
    const fwm_auc *u = &x->s->auc;
    if (!x->log)
        return;
    int de = LANG(x) == KT_LANG_DE;
    for (int i = 0; i < n;) {
        int j = i + 1;
        while (j < n && k1[u->order[j]] == k1[u->order[i]])
            j++;
        if (j - i > 1) {
            kt_buf t;
            kt_buf_init_alloc(&t, kt_log_alloc(x->log));
            for (int k = i; k < j; k++)
                kt_buf_printf(&t, "%s%s %d", k == i ? "" : ", ", PN(x), u->order[k] + 1);
            const char *why =
                deal_kind(u->kind)
                    ? (de ? "Heimatspieler zuerst, dann wer früher ankam, der Inhaber des Schwarzen "
                            "Schafs zuletzt"
                          : "home players first, then earlier arrival, the Black Sheep's holder "
                            "last")
                    : (de ? "wer auf der Adelsleiste tiefer steht zuerst, dann die Würfel"
                          : "lower on the nobility track first, then dice");
            EV(x, KT_VIS_ALL, "tie", -1, "%d bids of %d FL tie (%s): %s.",
               "%d Gebote zu %d FL gleich (%s): %s.", j - i, (int)u->price[u->order[i]], why,
               t.p ? t.p : "");
            kt_buf_free(&t);
        }
        i = j;
    }
}

static void order_bids(fx *x)
{
    fwm_auc *u = &x->s->auc;
    long k1[FWM_MAXP], k2[FWM_MAXP];
    int dice[FWM_MAXP];
    int n = 0;
    for (int p = 0; p < x->g->nplayers; p++) {
        if (!(((unsigned)u->ent >> p) & 1u) || !u->qty[p])
            continue;
        k1[p] = u->kind == AK_DEMAND ? u->price[p] : -(long)u->price[p];
        k2[p] = tie_key(x, p, &dice[p]);
        int j = n++;
        for (; j > 0; j--) {
            int q = u->order[j - 1];
            if (k1[q] < k1[p] || (k1[q] == k1[p] && k2[q] <= k2[p]))
                break;
            u->order[j] = u->order[j - 1];
        }
        u->order[j] = (uint8_t)p;
    }
    u->norder = (uint8_t)n;
    for (int i = 0; i < n;) {
        int j = i + 1, p = u->order[i];
        while (j < n && k1[u->order[j]] == k1[p] && k2[u->order[j]] == k2[p])
            j++;
        if (j - i > 1 && dice[p])
            dice_order(x, u->order + i, j - i);
        i = j;
    }
    explain_ties(x, k1, n);
}

static void reveal(fx *x)
{
    fwm_state *s = x->s;
    fwm_auc *u = &s->auc;
    for (int p = 0; p < x->g->nplayers; p++) {
        if (!(((unsigned)u->ent >> p) & 1u))
            continue;
        u->qty[p] = s->pl[p].bqty;
        u->price[p] = s->pl[p].bqty ? s->pl[p].bprice : 0;
        s->pl[p].bstage = 0;
        s->pl[p].bqty = 0;
        s->pl[p].bprice = 0;
    }
    if (x->log) {
        kt_buf t;
        kt_buf_init_alloc(&t, kt_log_alloc(x->log));
        int de = LANG(x) == KT_LANG_DE;
        for (int p = 0; p < x->g->nplayers; p++) {
            if (!(((unsigned)u->ent >> p) & 1u))
                continue;
            if (u->qty[p])
                kt_buf_printf(&t, "%s%s %d %d x %d FL", t.len ? ", " : "", PN(x), p + 1,
                              u->qty[p], (int)u->price[p]);
            else
                kt_buf_printf(&t, "%s%s %d %s", t.len ? ", " : "", PN(x), p + 1,
                              de ? "passt" : "passes");
        }
        EV(x, KT_VIS_ALL, "reveal_bids", -1, "Bids revealed: %s.", "Gebote aufgedeckt: %s.",
           t.p ? t.p : "");
        kt_buf_free(&t);
    }
    order_bids(x);
    u->idx = 0;
    s->paying = 0;
    s->stage = FS_ALLOC;
}

/* ------------------------------------------------------------ allocation */

/* Pays `cost` for bidder p: 1 paid, 0 not (fined, the bid drops out),
 * 2 a forced-sale decision is pending (come back with s->paying set). */
static int pay_bid(fx *x, int p, int32_t cost)
{
    fwm_state *s = x->s;
    if (!s->paying && s->pl[p].money < cost) {
        s->paying = 1;
        if (fwm_start_force(x, p, cost, FS_ALLOC))
            return 2;
    }
    s->paying = 0;
    if (s->pl[p].money >= cost) {
        s->pl[p].money -= cost;
        return 1;
    }
    EV(x, KT_VIS_ALL, "fine", p, "%s %d cannot pay %d FL: fine of %d FL, the bid is dropped.",
       "%s %d kann %d FL nicht zahlen: %d FL Strafe, das Gebot entfällt.", PN(x), p + 1,
       (int)cost, FINE);
    fwm_charge(x, p, FINE);
    return 0;
}

static void auction_done(fx *x);

static int winner_found(const fwm_auc *u)
{
    for (int i = 0; i < u->norder; i++)
        if (u->got[u->order[i]])
            return 1;
    return 0;
}

int fwm_alloc_step(fx *x)
{
    fwm_state *s = x->s;
    fwm_auc *u = &s->auc;
    int town = deal_kind(u->kind) ? x->c->card[u->card].town : FWM_NONE;
    while (u->idx < u->norder) {
        int p = u->order[u->idx];
        int32_t price = u->price[p];
        int n = u->qty[p] < u->left ? u->qty[p] : u->left;
        if (u->kind == AK_DEMAND) {
            if (n) {
                fwm_take(s, p, town, u->good, n);
                fwm_gain(x, p, n * price);
                u->got[p] = (uint8_t)n;
                u->paid[p] = n * price;
                u->left = (uint8_t)(u->left - n);
                EV(x, KT_VIS_ALL, "sale", p, "%s %d sells %d %s at %d FL.",
                   "%s %d verkauft %d %s zu %d FL.", PN(x), p + 1, n,
                   fwm_good_name(u->good, LANG(x)), (int)price);
            }
            u->idx++;
            continue;
        }
        if (u->kind == AK_TRICK || u->kind == AK_MANOR) {
            if (winner_found(u)) {
                u->idx++;
                continue;
            }
            n = 1;
        } else if (u->kind == AK_FUGGEREI || u->kind == AK_CORRUPTION) {
            n = 1; /* everybody pays the bid */
        }
        if (!n) {
            u->idx++;
            continue;
        }
        int r = pay_bid(x, p, n * price);
        if (r == 2)
            return 1;
        if (r == 1) {
            u->got[p] = (uint8_t)n;
            u->paid[p] = n * price;
            if (u->kind == AK_SUPPLY || u->kind == AK_IOU)
                u->left = (uint8_t)(u->left - n);
            if (u->kind == AK_SUPPLY)
                fwm_put(s, p, town, u->good, n);
            EV(x, KT_VIS_ALL, "buy", p, "%s %d pays %d FL (%d at %d FL).",
               "%s %d zahlt %d FL (%d zu %d FL).", PN(x), p + 1, (int)(n * price), n, (int)price);
        }
        u->idx++;
    }
    auction_done(x);
    return 0;
}

static void auction_done(fx *x)
{
    fwm_state *s = x->s;
    fwm_auc *u = &s->auc;
    switch (u->kind) {
    case AK_DEMAND:
        if (x->c->card[u->card].type == CT_NOBLE) {
            s->pidx = 0;
            s->stage = FS_NOBLENEXT;
            return;
        }
        s->line++;
        s->stage = FS_LINE;
        return;
    case AK_SUPPLY:
        for (int p = 0; p < x->g->nplayers; p++)
            if (u->got[p])
                s->buyers |= (uint8_t)(1u << p);
        s->line++;
        s->stage = FS_LINE;
        return;
    case AK_MANOR:
        for (int i = 0; i < u->norder; i++) {
            int p = u->order[i];
            if (!u->got[p])
                continue;
            s->where[u->card] = W_HELD;
            s->hold[u->card] = (uint8_t)(p + 1);
            s->pl[p].manors++;
            if (s->manor_first < 0)
                s->manor_first = (int8_t)p;
            EV(x, KT_VIS_ALL, "manor", p, "%s %d buys the manor %s.",
               "%s %d kauft das Landgut %s.", PN(x), p + 1, x->c->card[u->card].id);
        }
        s->stage = FS_POST;
        return;
    default: fwm_auction_event_done(x); return;
    }
}

/* ------------------------------------------------------------ noble demand */

int fwm_noble_next(fx *x)
{
    fwm_state *s = x->s;
    fwm_auc *u = &s->auc;
    if (x->c->mode == MODE_NOBILITY && fwm_over_check(x))
        return 1;
    while (s->pidx < u->norder) {
        int p = u->order[s->pidx];
        if (u->got[p]) {
            fwm_decide(x, FS_NOBLE, p);
            return 1;
        }
        s->pidx++;
    }
    s->line++;
    s->stage = FS_LINE;
    return 0;
}

int fwm_legal_noble(const fx *x, kt_action *buf)
{
    const fwm_state *s = x->s;
    int p = s->h.to_move, n = 0;
    int32_t paid = s->auc.paid[p];
    buf[n++] = FWM_ACT(A_DISCOUNT, 0, 0, 0);
    if (paid >= 500)
        buf[n++] = FWM_ACT(A_DISCOUNT, 0, 0, 1);
    if (paid >= 1000)
        buf[n++] = FWM_ACT(A_DISCOUNT, 0, 0, 2);
    if (s->trick == p && paid >= 600)
        buf[n++] = FWM_ACT(A_DISCOUNT, 0, 0, 3);
    return n;
}

void fwm_apply_noble(fx *x, kt_action a)
{
    fwm_state *s = x->s;
    const fwm_cfg *c = x->c;
    int p = s->h.to_move, d = ACT_C(a);
    s->pidx++;
    s->stage = FS_NOBLENEXT;
    if (d == 0) {
        EV(x, KT_VIS_ALL, "noble", p, "%s %d grants the noble no discount.",
           "%s %d gewährt dem Adligen keinen Nachlass.", PN(x), p + 1);
        return;
    }
    int32_t amount = d == 1 ? 500 : d == 2 ? 1000 : 600;
    int ious = d == 1 ? 1 : 2;
    s->pl[p].money -= amount;
    if (d == 3) {
        s->trick = -1;
        for (int i = 0; i < c->ncard; i++)
            if (c->card[i].type == CT_EVENT && c->card[i].event == EV_TRICK &&
                s->where[i] == W_HELD)
                s->where[i] = W_GONE;
    }
    int r1 = fwm_roll(x), r2 = fwm_roll(x), pos = s->pl[p].track;
    if (pos >= c->track_end)
        pos = c->track_end - 1;
    int o = c->track[pos][r1 + r2];
    EV(x, KT_VIS_ALL, "noble_roll", p,
       "%s %d grants %d FL%s and rolls %d+%d at track position %d: %s.",
       "%s %d gewährt %d FL%s und würfelt %d+%d auf Position %d: %s.", PN(x), p + 1,
       d == 3 ? 1000 : (int)amount,
       d == 3 ? (LANG(x) == KT_LANG_DE ? " (Rechentrick: zahlt 600)" : " (Reckoning Trick: pays 600)")
              : "",
       r1, r2, s->pl[p].track, fwm_outcome_name(o, LANG(x)));
    switch (o) {
    case NO_IOU:
        s->pl[p].ious = (uint8_t)(s->pl[p].ious + ious);
        fwm_track(x, p, 2 * ious);
        break;
    case NO_HONOUR: fwm_track(x, p, 3); break;
    case NO_SEA:
        fwm_track(x, p, 2);
        fwm_start_cube(x, p, 1, FS_NOBLENEXT);
        break;
    default:
        fwm_track(x, p, 1);
        fwm_start_cube(x, p, 0, FS_NOBLENEXT);
        break;
    }
}

/* ------------------------------------------------------------ cubes */

static int cube_options(const fx *x, int p, int sea, uint8_t *out)
{
    const fwm_player *pl = &x->s->pl[p];
    int used = 0, n = 0;
    for (int a = 0; a < x->c->narea; a++)
        used += (int)(((unsigned)pl->cubes >> a) & 1u);
    if (used >= FWM_CUBES)
        return 0;
    for (int a = 0; a < x->c->narea; a++)
        if (x->c->area[a].sea == sea && !(((unsigned)pl->cubes >> a) & 1u))
            out[n++] = (uint8_t)a;
    return n;
}

static void cube_put(fx *x, int p, int a)
{
    x->s->pl[p].cubes |= 1u << a;
    EV(x, KT_VIS_ALL, "cube", p, "%s %d places a cube in %s.", "%s %d setzt einen Würfel nach %s.",
       PN(x), p + 1, fwm_area_name(x->c, a, LANG(x)));
}

int fwm_start_cube(fx *x, int p, int sea, int ret)
{
    uint8_t opt[FWM_MAXAREA];
    int n = cube_options(x, p, sea, opt);
    if (n == 0) {
        EV(x, KT_VIS_ALL, "cube", p, "%s %d has no cube to place there.",
           "%s %d hat dafür keinen Würfel mehr.", PN(x), p + 1);
        return 0;
    }
    if (n == 1) {
        cube_put(x, p, opt[0]);
        return 0;
    }
    x->s->cube_player = (uint8_t)p;
    x->s->cube_sea = (uint8_t)sea;
    x->s->cube_ret = (uint8_t)ret;
    fwm_decide(x, FS_CUBE, p);
    return 1;
}

int fwm_legal_cube(const fx *x, kt_action *buf)
{
    uint8_t opt[FWM_MAXAREA];
    int n = cube_options(x, x->s->cube_player, x->s->cube_sea, opt);
    for (int i = 0; i < n; i++)
        buf[i] = FWM_ACT(A_AREA, 0, 0, opt[i]);
    return n;
}

void fwm_apply_cube(fx *x, kt_action a)
{
    cube_put(x, x->s->cube_player, ACT_C(a));
    x->s->stage = x->s->cube_ret;
}

/* Discovery of America: every buyer places a free-passage cube, in seat
 * order from the start player. */
int fwm_america_next(fx *x)
{
    fwm_state *s = x->s;
    int np = x->g->nplayers;
    while (s->pidx < np) {
        int p = (s->start + s->pidx) % np;
        s->pidx++;
        if ((((unsigned)s->buyers >> p) & 1u) && x->c->mode != MODE_TRADING &&
            fwm_start_cube(x, p, 0, FS_AMERICA))
            return 1;
    }
    s->stage = FS_POST;
    return 0;
}
