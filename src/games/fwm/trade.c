/*
 * trade.c - trades between players in phase 1 of Fugger, Welser, Medici.
 *
 * The seed: in phase 1 a player whose merchant stands on the same space as
 * another player's merchant, or in another player's home city, may, if
 * they agree, buy and sell goods with that player at the agreed price -
 * only goods of those merchants or that home warehouse.  IOUs may be
 * traded between players too.
 *
 * Layout: the trading window opens once at the start of each round's
 * phase 1 (RF_TRADE), before any deal is resolved.  From the start player
 * clockwise (s->tw_idx counts the players done), every player who could
 * make an offer decides (FS_TRADE): offer a trade to a player met, or
 * "done trading"; any number of offers, each answered before the next
 * (tw_offers counts them; the option trade_offers bounds them for studies;
 * tw_declined remembers who declined whom, for the bots).  An offer is
 * composed by small picks: partner, direction and meeting place in one
 * (A_TRADE: "sell to player 2 in Augsburg"), then the goods one unit at a
 * time (A_TGOOD) ending in "done" (FS_COMPOSE), then the price of the
 * whole in digit picks (FS_PRICE: thousands, hundreds, twenties, a pick
 * with one value made automatically); the partner accepts or declines
 * (FS_REPLY).  s->of_* hold the offer.  Goods leave the seller's merchants
 * on that space first, then the home warehouse, and go to the buyer's
 * first merchant there, else the buyer's warehouse (the same convention as
 * deals; players may rearrange their goods later).
 */
#include <string.h>

#include "rules.h"

static int has_slot_at(const fwm_state *s, int p, int sp) { return fwm_entitled(s, p, sp); }

/* May p and q trade on space sp: both there (a merchant or the home city),
 * at least one of them with a merchant. */
int fwm_meet(const fwm_state *s, int p, int q, int sp)
{
    if (p == q || sp == FWM_NONE)
        return 0;
    return has_slot_at(s, p, sp) && has_slot_at(s, q, sp) &&
           (fwm_merch_at(s, p, sp) || fwm_merch_at(s, q, sp));
}

/* Has `seller` anything to sell on space sp (goods there, or an IOU)?
 * (fwm_pool of each good, summed in one pass over the slots.) */
static int can_sell(const fwm_state *s, int seller, int sp)
{
    const fwm_player *pl = &s->pl[seller];
    if (pl->ious)
        return 1;
    int n = pl->home == sp ? pl->ware[0] + pl->ware[1] + pl->ware[2] : 0;
    for (int k = 0; k < FWM_NM; k++)
        if (pl->m[k].pos == sp)
            n += fwm_cargo(&pl->m[k]);
    return n > 0;
}

/* The highest price a buyer can pay: its money, in 20 FL steps. */
int32_t fwm_trade_price_hi(const fwm_state *s, int buyer)
{
    int32_t m = s->pl[buyer].money;
    if (m > FWM_MAXTRADEP)
        m = FWM_MAXTRADEP;
    return m - m % 20;
}

static int bound_reached(const fx *x, int p)
{
    return x->c->trade_offers && x->s->tw_offers[p] >= x->c->trade_offers;
}

/* Who is where, for every map space: bit q of slot[sp] when player q has
 * its home or a merchant there (fwm_entitled), of merch[sp] when a
 * merchant (fwm_merch_at); spaces off the map are in neither.  Built once
 * for all the players a window asks (with fwm_meet's loops per slot and
 * player, trade_starts was 4 % of an FWM vector step). */
typedef struct places {
    uint8_t slot[FWM_MAXSP], merch[FWM_MAXSP];
} places;

static void places_all(const fwm_state *s, int np, places *w)
{
    _Static_assert(FWM_MAXP <= 8, "a player's bit in a byte");
    memset(w, 0, sizeof *w);
    for (int q = 0; q < np && q < FWM_MAXP; q++)
        for (int slot = 0; slot < FWM_NSLOT; slot++) {
            int sp = fwm_slot_space(s, q, slot);
            if (sp >= FWM_MAXSP)
                continue;
            w->slot[sp] |= (uint8_t)(1u << q);
            if (slot)
                w->merch[sp] |= (uint8_t)(1u << q);
        }
}

/* fwm_meet from the places; a space off the map (only a damaged state's)
 * asks fwm_meet. */
static int meet_at(const fwm_state *s, const places *w, int p, int q, int sp)
{
    if (sp >= FWM_MAXSP)
        return fwm_meet(s, p, q, sp);
    unsigned both = (1u << p) | (1u << q);
    return p != q && (w->slot[sp] & both) == both && (w->merch[sp] & both);
}

/* Does p meet anybody on its slot's space sp (meet_at for some q)?  Most
 * players meet nobody, and this spares them the loop over the players. */
static int meets_anybody(const places *w, int p, int sp)
{
    if (sp >= FWM_MAXSP)
        return 1; /* meet_at asks fwm_meet */
    unsigned me = 1u << p, others = w->slot[sp] & ~me;
    return (w->merch[sp] & me) ? others != 0 : (w->merch[sp] & ~me) != 0;
}

/* The spaces of p's slots, each only at the lowest slot on it (one action
 * per meeting place); FWM_NONE for the others and those off the map. */
static void slot_places(const fwm_state *s, int p, int *sp)
{
    int raw[FWM_NSLOT];
    for (int slot = 0; slot < FWM_NSLOT; slot++) {
        raw[slot] = sp[slot] = fwm_slot_space(s, p, slot);
        for (int k = 0; k < slot; k++)
            if (raw[k] == raw[slot])
                sp[slot] = FWM_NONE;
    }
}

/* The offers p could start now, from the places w: into buf and their
 * count, or without buf 1 as soon as there is one. */
static int trade_starts(const fx *x, const places *w, int p, kt_action *buf)
{
    const fwm_state *s = x->s;
    int n = 0, np = x->g->nplayers, sp[FWM_NSLOT];
    if (bound_reached(x, p))
        return 0;
    slot_places(s, p, sp);
    for (int slot = 0; slot < FWM_NSLOT; slot++) {
        if (sp[slot] == FWM_NONE || !meets_anybody(w, p, sp[slot]))
            continue;
        for (int q = 0; q < np; q++) {
            if (!meet_at(s, w, p, q, sp[slot]))
                continue;
            for (int buy = 0; buy < 2; buy++) {
                int seller = buy ? q : p, buyer = buy ? p : q;
                if (can_sell(s, seller, sp[slot]) && fwm_trade_price_hi(s, buyer) >= 20) {
                    if (!buf)
                        return 1;
                    buf[n++] = FWM_ACT(A_TRADE, q, buy, slot);
                }
            }
        }
    }
    return n;
}

static void clear_offer(fwm_state *s)
{
    s->of_from = s->of_to = s->of_buy = s->of_at = s->of_stage = 0;
    memset(s->of_goods, 0, sizeof s->of_goods);
    s->of_price = 0;
}

/* The next player of the window who could make an offer decides; with
 * none left the window closes and phase 1 goes on.  Returns 1 when a
 * decision waits. */
static int window_next(fx *x)
{
    fwm_state *s = x->s;
    int np = x->g->nplayers;
    places w;
    places_all(s, np, &w);
    for (; s->tw_idx < np; s->tw_idx++) {
        int p = (s->start + s->tw_idx) % np;
        if (trade_starts(x, &w, p, NULL)) {
            s->h.turn_player = (int8_t)p;
            fwm_decide(x, FS_TRADE, p);
            return 1;
        }
    }
    s->h.turn_player = (int8_t)s->start;
    s->stage = FS_P1;
    return 0;
}

/* After an offer: the proposer decides again, unless it can offer nothing
 * more (then "done trading" is the only choice and is made for it). */
static void back_to_window(fx *x, int p)
{
    places w;
    places_all(x->s, x->g->nplayers, &w);
    if (trade_starts(x, &w, p, NULL)) {
        fwm_decide(x, FS_TRADE, p);
        return;
    }
    x->s->tw_idx++;
    window_next(x);
}

int fwm_trade_window(fx *x)
{
    fwm_state *s = x->s;
    s->tw_idx = 0;
    memset(s->tw_offers, 0, sizeof s->tw_offers);
    memset(s->tw_declined, 0, sizeof s->tw_declined);
    return window_next(x);
}

int fwm_legal_trade(const fx *x, kt_action *buf)
{
    places w;
    places_all(x->s, x->g->nplayers, &w);
    int n = trade_starts(x, &w, x->s->h.to_move, buf);
    buf[n++] = FWM_ACT(A_DONE, 0, 0, 0);
    return n;
}

void fwm_apply_trade(fx *x, kt_action a)
{
    fwm_state *s = x->s;
    int p = s->h.to_move;
    if (ACT_K(a) == A_DONE) {
        s->tw_idx++;
        window_next(x);
        return;
    }
    clear_offer(s);
    s->of_from = (uint8_t)p;
    s->of_to = (uint8_t)ACT_A(a);
    s->of_buy = (uint8_t)ACT_B(a);
    s->of_at = (uint8_t)fwm_slot_space(s, p, ACT_C(a));
    s->tw_offers[p]++;
    fwm_decide(x, FS_COMPOSE, p);
}

/* ------------------------------------------------------------ composing */

static int seller_of(const fwm_state *s) { return s->of_buy ? s->of_to : s->of_from; }
static int buyer_of(const fwm_state *s) { return s->of_buy ? s->of_from : s->of_to; }

/* Units of good g (FWM_NG: IOUs) the seller still has for this offer. */
static int left_of(const fwm_state *s, int g)
{
    int seller = seller_of(s);
    int have = g == FWM_NG ? s->pl[seller].ious : fwm_pool(s, seller, s->of_at, g);
    return have - s->of_goods[g];
}

static int offer_units(const fwm_state *s)
{
    int n = 0;
    for (int g = 0; g <= FWM_NG; g++)
        n += s->of_goods[g];
    return n;
}

int fwm_legal_compose(const fx *x, kt_action *buf)
{
    const fwm_state *s = x->s;
    int n = 0;
    for (int g = 0; g <= FWM_NG; g++)
        if (left_of(s, g) > 0)
            buf[n++] = FWM_ACT(A_TGOOD, 0, 0, g);
    if (offer_units(s))
        buf[n++] = FWM_ACT(A_DONE, 0, 0, 0);
    buf[n++] = FWM_ACT(A_CANCEL, 0, 0, 0);
    return n;
}

/* Makes every price pick that has only one possible value. */
static void price_autopick(fwm_state *s)
{
    int32_t hi = fwm_trade_price_hi(s, buyer_of(s));
    while (s->of_stage >= 1 && s->of_stage <= 3) {
        uint8_t d[100];
        if (fwm_price_options(20, hi, s->of_stage, s->of_price, d) != 1)
            return;
        s->of_price = fwm_price_pick(s->of_stage, s->of_price, d[0]);
        s->of_stage++;
    }
}

/* "2 cloth, 1 IOU" */
void fwm_offer_goods(const fwm_state *s, int lang, kt_buf *out)
{
    int first = 1;
    for (int g = 0; g <= FWM_NG; g++) {
        if (!s->of_goods[g])
            continue;
        const char *name = g < FWM_NG ? fwm_good_name(g, lang)
                           : s->of_goods[g] == 1
                               ? (lang == KT_LANG_DE ? "Schuldschein" : "IOU")
                               : (lang == KT_LANG_DE ? "Schuldscheine" : "IOUs");
        kt_buf_printf(out, "%s%d %s", first ? "" : ", ", s->of_goods[g], name);
        first = 0;
    }
}

/* The price is chosen: the offer goes to the partner. */
static void offer_made(fx *x)
{
    fwm_state *s = x->s;
    if (x->log) {
        kt_buf t;
        kt_buf_init_alloc(&t, kt_log_alloc(x->log));
        fwm_offer_goods(s, LANG(x), &t);
        EV(x, KT_VIS_ALL, "offer", s->of_from, "%s %d offers to %s %s %d in %s: %s for %d FL.",
           "%s %d bietet an, %s %s %d in %s: %s für %d FL.", PN(x), s->of_from + 1,
           s->of_buy ? (LANG(x) == KT_LANG_DE ? "zu kaufen von" : "buy from")
                     : (LANG(x) == KT_LANG_DE ? "zu verkaufen an" : "sell to"),
           PN(x), s->of_to + 1, fwm_sp_name(x->c, s->of_at, LANG(x)), t.p ? t.p : "",
           (int)s->of_price);
        kt_buf_free(&t);
    }
    fwm_decide(x, FS_REPLY, s->of_to);
}

void fwm_apply_compose(fx *x, kt_action a)
{
    fwm_state *s = x->s;
    int p = s->h.to_move;
    switch (ACT_K(a)) {
    case A_TGOOD: s->of_goods[ACT_C(a)]++; return;
    case A_CANCEL:
        clear_offer(s);
        back_to_window(x, p);
        return;
    default: /* done: the price next */
        s->of_stage = 1;
        s->of_price = 0;
        price_autopick(s);
        if (s->of_stage == 4)
            offer_made(x);
        else
            fwm_decide(x, FS_PRICE, p);
    }
}

int fwm_legal_price(const fx *x, kt_action *buf)
{
    const fwm_state *s = x->s;
    uint8_t d[100];
    int32_t hi = fwm_trade_price_hi(s, buyer_of(s));
    int k = fwm_price_options(20, hi, s->of_stage, s->of_price, d);
    for (int i = 0; i < k; i++)
        buf[i] = FWM_ACT(A_PRICE, 0, s->of_stage, d[i]);
    return k;
}

void fwm_apply_price(fx *x, kt_action a)
{
    fwm_state *s = x->s;
    s->of_price = fwm_price_pick(s->of_stage, s->of_price, ACT_C(a));
    s->of_stage++;
    price_autopick(s);
    if (s->of_stage == 4)
        offer_made(x);
}

/* ------------------------------------------------------------ the answer */

int fwm_legal_reply(const fx *x, kt_action *buf)
{
    const fwm_state *s = x->s;
    int n = 0, ok = s->pl[buyer_of(s)].money >= s->of_price &&
                    fwm_meet(s, s->of_from, s->of_to, s->of_at);
    for (int g = 0; g <= FWM_NG; g++)
        ok = ok && left_of(s, g) >= 0;
    if (ok)
        buf[n++] = FWM_ACT(A_ACCEPT, 0, 0, 0);
    buf[n++] = FWM_ACT(A_DECLINE, 0, 0, 0);
    return n;
}

void fwm_apply_reply(fx *x, kt_action a)
{
    fwm_state *s = x->s;
    int from = s->of_from, seller = seller_of(s), buyer = buyer_of(s);
    if (ACT_K(a) == A_ACCEPT) {
        for (int g = 0; g < FWM_NG; g++) {
            fwm_take(s, seller, s->of_at, g, s->of_goods[g]);
            fwm_put(s, buyer, s->of_at, g, s->of_goods[g]);
        }
        s->pl[seller].ious = (uint8_t)(s->pl[seller].ious - s->of_goods[FWM_NG]);
        s->pl[buyer].ious = (uint8_t)(s->pl[buyer].ious + s->of_goods[FWM_NG]);
        s->pl[buyer].money -= s->of_price;
        fwm_gain(x, seller, s->of_price);
        EV(x, KT_VIS_ALL, "trade", s->of_to, "%s %d accepts: the goods go to %s %d for %d FL.",
           "%s %d nimmt an: die Waren gehen an %s %d für %d FL.", PN(x), s->of_to + 1, PN(x),
           buyer + 1, (int)s->of_price);
    } else {
        s->tw_declined[from] |= (uint8_t)(1u << s->of_to);
        EV(x, KT_VIS_ALL, "trade", s->of_to, "%s %d declines.", "%s %d lehnt ab.", PN(x),
           s->of_to + 1);
    }
    clear_offer(s);
    back_to_window(x, from);
}
