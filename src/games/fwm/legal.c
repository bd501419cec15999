/*
 * legal.c - the legal actions of Fugger, Welser, Medici (gamedef.legal):
 * the dispatcher on the decision stage, and the lists of the payday and the
 * goods transfers and sales; the other stages' lists sit with their rules
 * (auction.c, move.c, trade.c, eventcards.c).  The order of every list is
 * part of the behaviour (random play and the bench fingerprint use it).
 */
#include "rules.h"

int fwm_legal_payday(const fx *x, kt_action *buf)
{
    const fwm_state *s = x->s;
    int p = s->h.to_move, n = 0;
    const fwm_player *pl = &s->pl[p];
    int off = 0;
    for (int k = 1; k < FWM_NM; k++)
        off += pl->m[k].pos == FWM_OFF;
    if (pl->hired && off)
        buf[n++] = FWM_ACT(A_HIRE, 0, 0, 0);
    for (int k = 1; k < FWM_NM; k++)
        if (pl->m[k].pos < FWM_LOST)
            buf[n++] = FWM_ACT(A_FIRE, 0, 0, k);
    if (s->mv_xfers < FWM_MAXXFER)
        n = fwm_legal_xfer(s, p, buf, n);
    buf[n++] = FWM_ACT(A_DONE, 0, 0, 0);
    return n;
}

/* Player p's slots read once: the goods of each (0 the warehouse) and its
 * space (FWM_NONE off the map), as fwm_slot and fwm_slot_space give them;
 * the lists below ask for them per pair of slots. */
typedef struct slots {
    const uint8_t *goods[FWM_NSLOT];
    int sp[FWM_NSLOT];
} slots;

static slots slots_of(const fwm_state *s, int p)
{
    const fwm_player *pl = &s->pl[p];
    slots w;
    w.goods[0] = pl->ware;
    w.sp[0] = pl->home;
    for (int k = 0; k < FWM_NM; k++) {
        w.goods[k + 1] = pl->m[k].cargo;
        w.sp[k + 1] = pl->m[k].pos < FWM_LOST ? pl->m[k].pos : FWM_NONE;
    }
    return w;
}

/* Do two slots stand on one space?  Goods move only between such slots,
 * and mostly there are none: six comparisons instead of the sixteen pairs. */
static int shared_space(const slots *w)
{
    int shared = 0;
    for (int i = 0; i < FWM_NSLOT; i++)
        for (int j = i + 1; j < FWM_NSLOT; j++)
            shared |= w->sp[i] == w->sp[j] && w->sp[i] != FWM_NONE;
    return shared;
}

int fwm_legal_xfer(const fwm_state *s, int p, kt_action *buf, int n)
{
    slots w = slots_of(s, p);
    if (!shared_space(&w))
        return n;
    /* the warehouse gives or takes only with a merchant in the home city */
    int home_merch = w.sp[0] != FWM_NONE && fwm_merch_at(s, p, w.sp[0]);
    for (int from = 0; from < FWM_NSLOT; from++) {
        int sp = w.sp[from];
        if (sp == FWM_NONE)
            continue;
        const uint8_t *gf = w.goods[from];
        for (int to = 0; to < FWM_NSLOT; to++) {
            if (to == from || w.sp[to] != sp)
                continue;
            if ((from == 0 || to == 0) && !home_merch)
                continue;
            for (int g = 0; g < FWM_NG; g++)
                if (gf[g])
                    buf[n++] = FWM_ACT(A_XFER, from, to, g);
        }
    }
    return n;
}

int fwm_legal_sell(const fwm_state *s, int p, kt_action *buf, int n)
{
    const fwm_player *pl = &s->pl[p];
    for (int slot = 0; slot < FWM_NSLOT; slot++) {
        if (slot && pl->m[slot - 1].pos >= FWM_LOST)
            continue;
        const uint8_t *gd = slot ? pl->m[slot - 1].cargo : pl->ware;
        for (int g = 0; g < FWM_NG; g++)
            if (gd[g])
                buf[n++] = FWM_ACT(A_SELL, 0, slot, g);
    }
    if (pl->ious)
        buf[n++] = FWM_ACT(A_SELL, 0, 0, 3);
    return n;
}

int fwm_legal(const kt_game *g, const kt_state *st, kt_action *buf)
{
    fx x = {g, fwm_config(g), (fwm_state *)st, NULL};
    const fwm_state *s = x.s;
    if (s->h.status != KT_RUNNING)
        return 0;
    int p = s->h.to_move, n = 0;
    switch (s->stage) {
    case FS_HOME:
        for (int i = 0; i < x.c->nhomes; i++)
            buf[n++] = FWM_ACT(A_HOME, 0, 0, i);
        return n;
    case FS_BID: return fwm_legal_bid(&x, p, buf);
    case FS_FORCE: return fwm_legal_sell(s, p, buf, 0);
    case FS_NOBLE: return fwm_legal_noble(&x, buf);
    case FS_CUBE: return fwm_legal_cube(&x, buf);
    case FS_SHEEP: return fwm_legal_sheep(&x, buf);
    case FS_LOTTERY: return fwm_legal_lottery(&x, buf);
    case FS_PAYDAY: return fwm_legal_payday(&x, buf);
    case FS_MOVE: return fwm_legal_move(&x, buf);
    case FS_TRADE: return fwm_legal_trade(&x, buf);
    case FS_COMPOSE: return fwm_legal_compose(&x, buf);
    case FS_PRICE: return fwm_legal_price(&x, buf);
    case FS_REPLY: return fwm_legal_reply(&x, buf);
    case FS_PASSAGE: return fwm_legal_passage(&x, buf);
    case FS_DROP: return fwm_legal_drop(&x, buf);
    case FS_ROBPAY: return fwm_legal_robpay(&x, buf);
    case FS_ROBLOSE: return fwm_legal_roblose(&x, buf);
    default: return 0;
    }
}
