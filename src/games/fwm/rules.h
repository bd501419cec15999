/*
 * rules.h - internals shared by the rule files of Fugger, Welser, Medici
 * (rules.c: the automaton, phase 1, payday, calendar; auction.c: sealed
 * bids and their allocation; eventcards.c: event cards; move.c: movement;
 * trade.c: trades between players).
 *
 * Every rule function works on an fx: the configuration, the state and an
 * optional game log.  The log is NULL during play and simulations; the
 * events hook re-runs an action on a copy of the state with a log, so the
 * rule code describes itself (EV) without costing anything otherwise.
 */
#ifndef FWM_RULES_H
#define FWM_RULES_H

#include "fwm.h"

typedef struct fx {
    const kt_game *g;
    const fwm_cfg *c;
    fwm_state *s;
    kt_log *log;
} fx;

/* A log event in the log's language; both formats take the same
 * arguments.  No cost without a log. */
#define EV(x, vis, kind, p, en, de, ...) \
    do { \
        if ((x)->log) \
            kt_log_addf((x)->log, (vis), (kind), (p), \
                        kt_log_lang((x)->log) == KT_LANG_DE ? de : en, __VA_ARGS__); \
    } while (0)
#define LANG(x) ((x)->log ? kt_log_lang((x)->log) : KT_LANG_EN)
#define PN(x) (LANG(x) == KT_LANG_DE ? "Spieler" : "Player")

/* rules.c */
int fwm_roll(fx *x);                      /* one die */
void fwm_decide(fx *x, int stage, int player);
void fwm_place(fx *x, int card, int due); /* open a deal card, due at round `due` */
void fwm_gain(fx *x, int p, int32_t amount);
void fwm_charge(fx *x, int p, int32_t amount); /* pays all or what the debt rule allows */
int32_t fwm_liquid(const fwm_state *s, int p);  /* forced-sale value of goods and IOUs */
int fwm_start_force(fx *x, int p, int32_t need, int ret); /* 1: decision needed */
void fwm_track(fx *x, int p, int steps);
/* Goods of a slot (0 the warehouse). */
static inline uint8_t *fwm_slot(fwm_state *s, int p, int slot)
{
    return slot == 0 ? s->pl[p].ware : s->pl[p].m[slot - 1].cargo;
}
/* Space of a slot, or FWM_NONE when the merchant is not on the map.  Inline
 * with fwm_cargo: the legal lists ask them for every slot of every player. */
static inline int fwm_slot_space(const fwm_state *s, int p, int slot)
{
    if (slot == 0)
        return s->pl[p].home;
    int pos = s->pl[p].m[slot - 1].pos;
    return pos < FWM_LOST ? pos : FWM_NONE;
}
static inline int fwm_cargo(const fwm_merch *m) { return m->cargo[0] + m->cargo[1] + m->cargo[2]; }
void fwm_take(fwm_state *s, int p, int sp, int good, int n);
void fwm_put(fwm_state *s, int p, int sp, int good, int n);
int fwm_entitled(const fwm_state *s, int p, int sp);
void fwm_card_away(fx *x, int card);       /* after use: reserve, box or held */
void fwm_end_game(fx *x);
int fwm_over_check(fx *x);                 /* the mode's end reached: 1 (game over) */
void fwm_arrive(fwm_state *s, int p, int k, int sp); /* merchant k enters sp (queue) */
int fwm_legal_xfer(const fwm_state *s, int p, kt_action *buf, int n);
void fwm_do_xfer(fwm_state *s, int p, kt_action a);
int fwm_legal_sell(const fwm_state *s, int p, kt_action *buf, int n);
int fwm_legal_payday(const fx *x, kt_action *buf); /* legal.c */
void fwm_do_sell(fx *x, int p, kt_action a);

/* auction.c */
void fwm_auction_open(fx *x, int kind, int card, int good, int qtot, int32_t lo, int32_t hi);
int fwm_legal_bid(const fx *x, int p, kt_action *buf);
int fwm_bid_prices(const fwm_auc *u);            /* unit prices a bid may name */
void fwm_apply_bid(fx *x, kt_action a);
int fwm_price_options(int32_t lo, int32_t hi, int stage, int32_t base, uint8_t *digits);
int32_t fwm_price_pick(int stage, int32_t base, int digit);
int fwm_alloc_step(fx *x);
int fwm_noble_next(fx *x);
int fwm_legal_noble(const fx *x, kt_action *buf);
void fwm_apply_noble(fx *x, kt_action a);
int fwm_legal_cube(const fx *x, kt_action *buf);
void fwm_apply_cube(fx *x, kt_action a);
int fwm_start_cube(fx *x, int p, int sea, int ret); /* 1: decision needed */
int fwm_america_next(fx *x);

/* eventcards.c */
int fwm_event(fx *x, int card);           /* 1: a decision is pending */
void fwm_event_done(fx *x);
int fwm_legal_sheep(const fx *x, kt_action *buf);
void fwm_apply_sheep(fx *x, kt_action a);
int fwm_legal_lottery(const fx *x, kt_action *buf);
void fwm_apply_lottery(fx *x, kt_action a);
void fwm_auction_event_done(fx *x);

/* move.c */
void fwm_move_start(fx *x);
int fwm_legal_move(const fx *x, kt_action *buf);
int32_t fwm_way_max(void); /* the most any way of 1-3 spaces can cost (bound of the fast steps) */
void fwm_apply_move(fx *x, kt_action a);
int fwm_movex_step(fx *x);
int fwm_turnend_step(fx *x);
int fwm_legal_passage(const fx *x, kt_action *buf);
void fwm_apply_passage(fx *x, kt_action a);
int fwm_legal_drop(const fx *x, kt_action *buf);
void fwm_apply_drop(fx *x, kt_action a);
int fwm_legal_robpay(const fx *x, kt_action *buf);
void fwm_apply_robpay(fx *x, kt_action a);
int fwm_legal_roblose(const fx *x, kt_action *buf);
void fwm_apply_roblose(fx *x, kt_action a);

/* trade.c */
int fwm_trade_window(fx *x);               /* phase 1's trades: 1 if a decision waits */
int fwm_meet(const fwm_state *s, int p, int q, int sp); /* may p and q trade on sp */
int fwm_legal_trade(const fx *x, kt_action *buf);
void fwm_apply_trade(fx *x, kt_action a);
int fwm_legal_compose(const fx *x, kt_action *buf);
void fwm_apply_compose(fx *x, kt_action a);
int fwm_legal_price(const fx *x, kt_action *buf);
void fwm_apply_price(fx *x, kt_action a);
int fwm_legal_reply(const fx *x, kt_action *buf);
void fwm_apply_reply(fx *x, kt_action a);
void fwm_offer_goods(const fwm_state *s, int lang, kt_buf *out); /* "2 cloth, 1 IOU" */
int32_t fwm_trade_price_hi(const fwm_state *s, int buyer);     /* highest price it can pay */

#endif
