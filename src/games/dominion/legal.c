/*
 * legal.c - Dominion's legal actions (gamedef.legal): those of the effect
 * frame on top of the stack (dom_frame_legal) or, with an empty stack, of
 * the turn player's phase.  The order of the list is part of the
 * behaviour: random play and the bench fingerprint depend on it.
 */
#include <string.h>

#include "dominion.h"

static int pick_ok(const dom_frame *f, int card)
{
    if (f->only) {
        if (f->flags & DOM_FF_NOT) {
            if (card == f->only)
                return 0;
        } else if (card != f->only) {
            return 0;
        }
    }
    return !f->tmask || (dom_cards[card].types & f->tmask);
}

static int in_play_anywhere(const dom_state *s, int card)
{
    for (int i = 0; i < s->nplay; i++)
        if (s->play[i].card == card)
            return 1;
    return 0;
}

int dom_frame_legal(const kt_game *g, const dom_state *s, const dom_frame *f, kt_action *buf)
{
    const dom_cfg *c = dom_config(g);
    const dom_player *P = &s->pl[f->who];
    int n = 0;
    switch (f->src) {
    case DOM_S_HAND:
        for (int i = 0; i < c->nids; i++) {
            int id = c->ids[i];
            if (P->hand[id] && pick_ok(f, id))
                buf[n++] = DOM_ACT(f->verb, id);
        }
        break;
    case DOM_S_SUPPLY:
        for (int i = 0; i < c->npiles; i++) {
            int id = c->piles[i], cost = dom_cost(c, s, id);
            if (!s->supply[id] || cost > f->cap || !pick_ok(f, id))
                continue;
            if ((f->flags & DOM_FF_EXACT) && cost != f->cap)
                continue;
            if ((f->flags & DOM_FF_LESS) && cost >= f->cap)
                continue;
            if ((f->flags & DOM_FF_INPLAY) && !in_play_anywhere(s, id))
                continue;
            buf[n++] = DOM_ACT(f->verb, id);
        }
        break;
    case DOM_S_TRASH:
        for (int i = 0; i < c->nids; i++) {
            int id = c->ids[i];
            if (s->trash[id] && dom_cost(c, s, id) <= f->cap && pick_ok(f, id))
                buf[n++] = DOM_ACT(f->verb, id);
        }
        break;
    case DOM_S_DISCARD: {
        uint8_t seen[DOM_NIDS];
        memset(seen, 0, sizeof seen);
        for (int i = 0; i < P->ndisc; i++)
            seen[P->disc[i]] = 1;
        for (int i = 0; i < c->nids; i++)
            if (seen[c->ids[i]] && pick_ok(f, c->ids[i]))
                buf[n++] = DOM_ACT(f->verb, c->ids[i]);
        break;
    }
    case DOM_S_LOOK: {
        int i = dom_aside_find(s, f->who, DOM_A_LOOK);
        if (i < 0)
            break;
        int id = s->aside[i].card;
        if (f->dec == DOM_D_LIBRARY) {
            buf[n++] = DOM_ACT(DOM_V_ASIDE, id);
            buf[n++] = DOM_ACT(DOM_V_KEEP, id);
        } else {
            buf[n++] = DOM_ACT(DOM_V_TRASH, id);
            buf[n++] = DOM_ACT(DOM_V_DISCARD, id);
            buf[n++] = DOM_ACT(DOM_V_KEEP, id);
        }
        break;
    }
    case DOM_S_KEPT:
    case DOM_S_REVEAL:
    case DOM_S_LOOKALL: {
        int kind = f->src == DOM_S_KEPT ? DOM_A_KEPT : f->src == DOM_S_REVEAL ? DOM_A_REVEAL
                                                                               : DOM_A_LOOK;
        uint8_t seen[DOM_NIDS];
        memset(seen, 0, sizeof seen);
        for (int i = 0; i < s->naside; i++)
            if (s->aside[i].owner == f->who && s->aside[i].kind == kind)
                seen[s->aside[i].card] = 1;
        for (int i = 0; i < c->nids; i++)
            if (seen[c->ids[i]] && pick_ok(f, c->ids[i]))
                buf[n++] = DOM_ACT(f->verb, c->ids[i]);
        break;
    }
    case DOM_S_X:
        if (f->x)
            buf[n++] = DOM_ACT(f->verb, f->x);
        break;
    case DOM_S_REACT:
        for (int i = 0; i < c->nids; i++) {
            int id = c->ids[i];
            if (P->hand[id] && (dom_cards[id].flags & DOM_CF_BLOCK))
                buf[n++] = DOM_ACT(DOM_V_REVEAL, id);
        }
        break;
    case DOM_S_CUSTOM:
        n = dom_custom_legal(g, s, f, buf);
        break;
    default:
        break;
    }
    if (f->may)
        buf[n++] = DOM_ACT(DOM_V_DONE, 0);
    return n;
}

int dom_legal(const kt_game *g, const kt_state *st, kt_action *buf)
{
    const dom_state *s = dom_cst(st);
    const dom_cfg *c = dom_config(g);
    if (s->h.status != KT_RUNNING)
        return 0;
    if (s->nstack)
        return dom_frame_legal(g, s, &s->stack[s->nstack - 1], buf);
    const dom_player *P = &s->pl[s->h.turn_player];
    int n = 0;
    if (s->phase == DOM_PH_ACTION) {
        if (s->actions)
            for (int i = 0; i < c->nact; i++)
                if (P->hand[c->act_ids[i]])
                    buf[n++] = DOM_ACT(DOM_V_PLAY, c->act_ids[i]);
        buf[n++] = DOM_ACT(DOM_V_ENDACT, 0);
        return n;
    }
    if (s->phase != DOM_PH_BUY)
        return 0;
    if (!s->bought && P->hand_tre) {
        int autos = 0;
        for (int i = 0; i < c->ntre; i++) {
            int t = c->tre_ids[i];
            if (P->hand[t]) {
                buf[n++] = DOM_ACT(DOM_V_PLAY, t);
                autos |= (dom_cards[t].flags & DOM_CF_AUTO) != 0;
            }
        }
        if (autos)
            buf[n++] = DOM_ACT(DOM_V_PLAYALL, 0);
    }
    if (s->buys) {
        for (int i = 0; i < c->npiles; i++) {
            int id = c->piles[i];
            if (s->supply[id] && dom_cost(c, s, id) <= s->coins)
                buf[n++] = DOM_ACT(DOM_V_BUY, id);
        }
        for (int i = 0; i < c->nevents; i++) {
            int ev = c->events[i];
            if (c->cost[ev] <= s->coins && dom_event_ok(c, s, ev))
                buf[n++] = DOM_ACT(DOM_V_BUY, ev);
        }
    }
    buf[n++] = DOM_ACT(DOM_V_ENDTURN, 0);
    return n;
}
