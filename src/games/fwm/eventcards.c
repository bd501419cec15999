/*
 * eventcards.c - the event cards of Fugger, Welser, Medici, resolved when they
 * are drawn: Räuber/Piraten, Schwarzes Schaf (pass-on auction),
 * Hochkonjunktur, Lotterie, Heereskosten, Rechentrick, Kaiserkrönung,
 * Fuggerei und Kunstmäzen, Korruption, Mittelmeerblockade.  (The
 * Entdeckung Amerikas is a supply card; auction.c gives its buyers their
 * cubes.)
 *
 * Layout: fwm_event() starts the event of the card just drawn; events
 * without decisions finish at once and return 0, the others leave a
 * decision (sealed bids, the Black Sheep, the lottery), remember the card
 * in s->evcard and call fwm_event_done() when finished, which puts the
 * card away and returns to the refill of the display (FS_REFILL).  The
 * Black Sheep keeps its holder and stake in sh_at/sh_stake, the lottery
 * the bettors of each number (lot_owner), whose turn it is (lot_turn),
 * whether that player has bet this turn (lot_bet) and how many players in
 * a row passed (lot_idle).
 */
#include <string.h>

#include "rules.h"

#define LOT_STAKE 100

void fwm_event_done(fx *x)
{
    fwm_state *s = x->s;
    int card = s->evcard;
    const fwm_card *cd = &x->c->card[card];
    switch (cd->event) {
    case EV_SHEEP: s->where[card] = W_HELD; break;
    case EV_TRICK:
        if (s->trick >= 0)
            s->where[card] = W_HELD;
        else
            fwm_card_away(x, card);
        break;
    case EV_CORRUPTION:
        if (s->corrupt >= 0)
            s->where[card] = W_HELD;
        else if (x->c->mode == MODE_TRADING)
            s->where[card] = W_GONE;
        else
            s->where[card] = W_RESERVE; /* nobody won it: back to the reserve */
        break;
    default: fwm_card_away(x, card);
    }
    s->known[card] = 1;
    s->evcard = FWM_NONE;
    s->stage = FS_REFILL;
}

static void log_event(fx *x, const fwm_card *cd)
{
    if (!x->log)
        return;
    const char *area = cd->area != FWM_NONE ? fwm_area_name(x->c, cd->area, LANG(x)) : "";
    EV(x, KT_VIS_ALL, "event", -1, "Event drawn: %s%s%s.", "Ereignis gezogen: %s%s%s.",
       fwm_event_name(cd->event, LANG(x)), *area ? (LANG(x) == KT_LANG_DE ? " in " : " in ") : "",
       area);
}

/* Starts an IOU or single-item auction for every player. */
static int event_auction(fx *x, int card, int kind, int qtot, int32_t lo)
{
    fwm_state *s = x->s;
    s->evcard = (uint8_t)card;
    if (qtot <= 0) {
        fwm_event_done(x);
        return 0;
    }
    fwm_auction_open(x, kind, card, 0, qtot, lo, lo + FWM_MAXPRICE);
    if (s->stage == FS_BID)
        return 1;
    fwm_event_done(x);
    return 0;
}

int fwm_event(fx *x, int card)
{
    fwm_state *s = x->s;
    const fwm_card *cd = &x->c->card[card];
    int np = x->g->nplayers;
    log_event(x, cd);
    s->evcard = (uint8_t)card;
    switch (cd->event) {
    case EV_ROBBERS:
    case EV_PIRATES:
        /* on display until the calendar phase (cal_step puts it away) */
        s->robarea |= 1u << cd->area;
        s->evcard = FWM_NONE;
        return 0;
    case EV_BLOCKADE:
        s->blockade = (uint8_t)card; /* stays on display */
        s->evcard = FWM_NONE;
        return 0;
    case EV_BOOM:
        if (!s->boom) {
            s->boom = 1;
            EV(x, KT_VIS_ALL, "boom", -1, "A fifth deal is revealed." "%s", "Ein fünftes Geschäft wird aufgedeckt." "%s", "");
        } else {
            EV(x, KT_VIS_ALL, "boom", -1, "Five deals are already open: no effect." "%s", "Schon fünf Geschäfte offen: keine Wirkung." "%s", "");
        }
        fwm_event_done(x);
        return 0;
    case EV_SHEEP:
        s->sh_at = s->start;
        s->sh_stake = 0;
        fwm_decide(x, FS_SHEEP, s->start);
        return 1;
    case EV_LOTTERY:
        memset(s->lot_owner, 0, sizeof s->lot_owner);
        s->lot_turn = s->start;
        s->lot_idle = 0;
        s->lot_bet = 0;
        fwm_decide(x, FS_LOTTERY, s->start);
        return 1;
    case EV_ARMY: return event_auction(x, card, AK_IOU, np - 1, 500);
    case EV_CORONATION: return event_auction(x, card, AK_IOU, np / 2, 500);
    case EV_TRICK: return event_auction(x, card, AK_TRICK, 1, 20);
    case EV_FUGGEREI: return event_auction(x, card, AK_FUGGEREI, 1, 20);
    case EV_CORRUPTION: return event_auction(x, card, AK_CORRUPTION, 1, 20);
    default: /* EV_AMERICA is placed as a supply by the refill */
        fwm_event_done(x);
        return 0;
    }
}

/* The results of an event auction once every bid is paid. */
void fwm_auction_event_done(fx *x)
{
    fwm_state *s = x->s;
    fwm_auc *u = &s->auc;
    const fwm_card *cd = &x->c->card[u->card];
    int np = x->g->nplayers;
    switch (u->kind) {
    case AK_IOU:
        for (int p = 0; p < np; p++)
            if (u->got[p]) {
                s->pl[p].ious = (uint8_t)(s->pl[p].ious + u->got[p]);
                EV(x, KT_VIS_ALL, "iou", p, "%s %d takes %d IOUs.", "%s %d nimmt %d Schuldscheine.",
                   PN(x), p + 1, u->got[p]);
                if (x->c->fl_auction_iou_track)
                    fwm_track(x, p, 2 * u->got[p]);
            }
        break;
    case AK_TRICK:
        for (int i = 0; i < u->norder; i++)
            if (u->got[u->order[i]]) {
                s->trick = (int8_t)u->order[i];
                EV(x, KT_VIS_ALL, "trick", s->trick, "%s %d wins the Reckoning Trick.",
                   "%s %d gewinnt den Rechentrick.", PN(x), s->trick + 1);
                break;
            }
        break;
    case AK_FUGGEREI:
        for (int i = 0; i < u->norder; i++) {
            int p = u->order[i];
            if (!u->got[p])
                continue;
            int used = 0;
            for (int a = 0; a < x->c->narea; a++)
                used += (int)(((unsigned)s->pl[p].cubes >> a) & 1u);
            EV(x, KT_VIS_ALL, "fuggerei", p, "%s %d wins free passage in %s.",
               "%s %d gewinnt freies Geleit in %s.", PN(x), p + 1,
               fwm_area_name(x->c, cd->area, LANG(x)));
            if (used < FWM_CUBES)
                s->pl[p].cubes |= 1u << cd->area;
            break;
        }
        break;
    case AK_CORRUPTION: {
        /* equal bids cancel out: the highest bid made by one player only wins */
        int win = -1;
        int32_t best = -1;
        for (int p = 0; p < np; p++) {
            if (!u->got[p] || u->price[p] <= best)
                continue;
            int k = 0;
            for (int q = 0; q < np; q++)
                k += u->got[q] && u->price[q] == u->price[p];
            if (k == 1)
                best = u->price[p], win = p;
        }
        if (win >= 0) {
            s->corrupt = (int8_t)win;
            EV(x, KT_VIS_ALL, "corruption", win,
               "%s %d wins the Corruption: +1 on the track and no more taxes.",
               "%s %d gewinnt die Korruption: +1 auf der Adelsleiste, keine Steuern mehr.", PN(x),
               win + 1);
            fwm_track(x, win, 1);
        } else {
            EV(x, KT_VIS_ALL, "corruption", -1, "No highest bid is unique: nobody wins." "%s", "Kein Gebot ist einzig das höchste: niemand gewinnt." "%s", "");
        }
        break;
    }
    default: break;
    }
    fwm_event_done(x);
}

/* ------------------------------------------------------------ Schwarzes Schaf */

static int32_t sheep_cost(const fwm_state *s) { return s->sh_stake ? s->sh_stake : 20; }

int fwm_legal_sheep(const fx *x, kt_action *buf)
{
    const fwm_state *s = x->s;
    int p = s->sh_at, n = 0;
    buf[n++] = FWM_ACT(A_KEEP, 0, 0, 0);
    if (s->pl[p].money >= sheep_cost(s))
        for (int q = 0; q < x->g->nplayers; q++)
            if (q != p)
                buf[n++] = FWM_ACT(A_PASSTO, 0, 0, q);
    return n;
}

static void sheep_keep(fx *x, int p)
{
    fwm_state *s = x->s;
    s->sheep = (int8_t)p;
    fwm_gain(x, p, s->sh_stake);
    EV(x, KT_VIS_ALL, "sheep", p, "%s %d keeps the Black Sheep and the %d FL on it.",
       "%s %d behält das Schwarze Schaf und die %d FL darauf.", PN(x), p + 1, (int)s->sh_stake);
    fwm_track(x, p, -1);
    s->sh_stake = 0;
    fwm_event_done(x);
}

void fwm_apply_sheep(fx *x, kt_action a)
{
    fwm_state *s = x->s;
    int p = s->sh_at;
    if (ACT_K(a) == A_KEEP) {
        sheep_keep(x, p);
        return;
    }
    int q = ACT_C(a);
    int32_t cost = sheep_cost(s);
    s->pl[p].money -= cost;
    s->sh_stake += cost;
    s->sh_at = (uint8_t)q;
    EV(x, KT_VIS_ALL, "sheep", p, "%s %d adds %d FL and passes the Black Sheep to %s %d.",
       "%s %d legt %d FL dazu und gibt das Schwarze Schaf an %s %d weiter.", PN(x), p + 1,
       (int)cost, PN(x), q + 1);
    if (x->g->nplayers == 2 && x->c->fl_sheep_2p_forced && s->sh_stake == 20) {
        sheep_keep(x, q); /* two players: the other must take it */
        return;
    }
    fwm_decide(x, FS_SHEEP, q);
}

/* ------------------------------------------------------------ Lotterie */

static int lot_all_taken(const fwm_state *s)
{
    for (int k = 0; k < 6; k++)
        if (!s->lot_owner[k])
            return 0;
    return 1;
}

int fwm_legal_lottery(const fx *x, kt_action *buf)
{
    const fwm_state *s = x->s;
    int p = s->lot_turn, n = 0;
    if (s->pl[p].money >= LOT_STAKE)
        for (int k = 0; k < 6; k++) {
            int taken = x->c->fl_lottery_excl ? s->lot_owner[k] != 0
                                              : (s->lot_owner[k] >> p) & 1;
            if (!taken)
                buf[n++] = FWM_ACT(A_BET, 0, 0, k + 1);
        }
    buf[n++] = FWM_ACT(A_DONE, 0, 0, 0);
    return n;
}

static void lottery_draw(fx *x)
{
    fwm_state *s = x->s;
    int d = fwm_roll(x);
    EV(x, KT_VIS_ALL, "lottery", -1, "The lottery die shows %d.", "Der Lotteriewürfel zeigt %d.", d);
    for (int p = 0; p < x->g->nplayers; p++)
        if ((s->lot_owner[d - 1] >> p) & 1)
            fwm_track(x, p, 2);
    memset(s->lot_owner, 0, sizeof s->lot_owner);
    s->lot_turn = s->lot_idle = s->lot_bet = 0;
    fwm_event_done(x);
}

void fwm_apply_lottery(fx *x, kt_action a)
{
    fwm_state *s = x->s;
    int p = s->lot_turn, np = x->g->nplayers;
    if (ACT_K(a) == A_BET) {
        int k = ACT_C(a);
        s->pl[p].money -= LOT_STAKE;
        s->lot_owner[k - 1] |= (uint8_t)(1u << p);
        s->lot_bet = 1;
        EV(x, KT_VIS_ALL, "lottery", p, "%s %d bets 100 FL on %d.", "%s %d setzt 100 FL auf %d.",
           PN(x), p + 1, k);
        if (lot_all_taken(s))
            lottery_draw(x);
        return;
    }
    s->lot_idle = s->lot_bet ? 0 : (uint8_t)(s->lot_idle + 1);
    s->lot_bet = 0;
    if (s->lot_idle >= np) { /* a whole round without a bet */
        lottery_draw(x);
        return;
    }
    s->lot_turn = (uint8_t)((p + 1) % np);
    fwm_decide(x, FS_LOTTERY, s->lot_turn);
}
