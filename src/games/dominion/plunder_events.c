/*
 * plunder_events.c - the programs of the Plunder Events.
 *
 * An Event is bought in the Buy phase with a Buy and coins (rules.c:
 * phase_action); it is not a card: nothing is gained, its cost ignores cost
 * modifiers, and buying it ends the playing of Treasures in this Buy phase
 * (seed 004, "Ereignisse").  Its effect runs in an FX_EVENT frame, steps
 * from 2, ending with dom_post().  Frame fields: n, z (counters), x, y
 * (cards), who (a victim), trig|c0 (Prosper: piles already gained), tracked
 * card (Invasion: the Loot it gains and plays).
 *
 * Effects paraphrased from ../shared/reference/dominion.md §1.8; the
 * per-Event clarifications of seed 004 are noted where they shape the code.
 */
#include <string.h>

#include "dominion.h"

#define post dom_post

static int ask(dom_frame *f, int who, int dec, int src, int verb, int may, int tmask, int next)
{
    dom_pick_reset(f);
    f->tmask = (uint16_t)tmask;
    return dom_ask(f, who, dec, src, verb, may, next);
}

/* Bury: taking the card is not optional (seed 004). */
static int bury(dom_state *s, dom_frame *f, kt_action in)
{
    if (f->step == 2) {
        s->buys++;
        return ask(f, f->pl, DOM_D_TOPDECK, DOM_S_DISCARD, DOM_V_BOTTOM, 0, 0, 3);
    }
    if (DOM_VERB(in) == DOM_V_BOTTOM) {
        dom_player *P = &s->pl[f->pl];
        for (int i = P->ndisc - 1; i >= 0; i--)
            if (P->disc[i] == DOM_CARD(in)) {
                dom_disc_remove(s, f->pl, i);
                dom_put_under_deck(s, f->pl, DOM_CARD(in));
                break;
            }
    }
    return post(f);
}

/* Foray: 3 cards (all of them if fewer), a Loot only for 3 different
 * names (seed 004). */
static int foray(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    dom_player *P = &s->pl[f->pl];
    if (f->step == 2) {
        f->n = 0;
        f->x = f->y = f->z = 0;
    } else if (DOM_VERB(in) == DOM_V_DISCARD && dom_hand_del(P, DOM_CARD(in))) {
        dom_discard_card(s, f->pl, DOM_CARD(in));
        if (f->n == 0)
            f->x = (uint8_t)DOM_CARD(in);
        else if (f->n == 1)
            f->y = (uint8_t)DOM_CARD(in);
        else
            f->z = (uint8_t)DOM_CARD(in);
        f->n++;
    }
    if (f->n < 3 && P->nhand)
        return ask(f, f->pl, DOM_D_DISCARD, DOM_S_HAND, DOM_V_DISCARD, 0, 0, 3);
    post(f);
    if (f->n == 3 && f->x != f->y && f->y != f->z && f->x != f->z)
        dom_gain_loot(g, s, f->pl, DOM_TO_DISCARD, NULL);
    return DOM_R_CONT;
}

/* Journey.  Printed wording (default): cards in play stay through this
 * Clean-up, and an extra turn follows unless it would be the 3rd turn in a
 * row.  2023 errata: once per turn, and only if the previous turn was not
 * this player's (then both effects; else nothing).  The extra turn does not
 * count for the tie-break (seed 004). */
static int journey(const kt_game *g, dom_state *s, dom_frame *f)
{
    if (dom_config(g)->journey_errata) {
        s->tflags |= DOM_TF_JBOUGHT;
        if (s->run == 1)
            s->tflags |= DOM_TF_JOURNEY | DOM_TF_XTURN;
    } else {
        s->tflags |= DOM_TF_JOURNEY;
        if (s->run < 2)
            s->tflags |= DOM_TF_XTURN;
    }
    return post(f);
}

/* Maelstrom: not an Attack, so no Reaction can stop it (seed 004). */
static int maelstrom(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->step) {
    case 2:
        f->n = 0;
        f->step = 3;
        /* fall through */
    case 3:
        if (f->n < 3 && s->pl[f->pl].nhand)
            return ask(f, f->pl, DOM_D_TRASH, DOM_S_HAND, DOM_V_TRASH, 0, 0, 4);
        f->who = f->pl;
        f->step = 5;
        return DOM_R_CONT;
    case 4:
        if (DOM_VERB(in) == DOM_V_TRASH && dom_trash_from_hand(g, s, f->pl, DOM_CARD(in)))
            f->n++;
        else
            f->n = 3;
        f->step = 3;
        return DOM_R_CONT;
    case 5: {
        int np = dom_config(g)->np;
        int q = (f->who + 1) % np;
        if (q == f->pl)
            return post(f);
        f->who = (int8_t)q;
        if (s->pl[q].nhand >= 5)
            return ask(f, q, DOM_D_TRASH, DOM_S_HAND, DOM_V_TRASH, 0, 0, 6);
        return DOM_R_CONT;
    }
    case 6:
        if (DOM_VERB(in) == DOM_V_TRASH)
            dom_trash_from_hand(g, s, f->who, DOM_CARD(in));
        f->step = 5;
        return DOM_R_CONT;
    }
    return post(f);
}

/* Invasion: in this order; only playing the Attack is optional (seed 004). */
static int invasion(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->step) {
    case 2:
        return ask(f, f->pl, DOM_D_PLAY, DOM_S_HAND, DOM_V_PLAY, 1, DOM_T_ATTACK, 3);
    case 3:
        f->step = 4;
        if (DOM_VERB(in) == DOM_V_PLAY && dom_hand_del(&s->pl[f->pl], DOM_CARD(in)))
            dom_play_card(g, s, f->pl, DOM_CARD(in), 0);
        return DOM_R_CONT;
    case 4:
        f->step = 5;
        dom_gain(g, s, f->pl, DOM_DUCHY, DOM_TO_DISCARD);
        return DOM_R_CONT;
    case 5:
        dom_pick_reset(f);
        f->tmask = DOM_T_ACTION;
        return dom_ask(f, f->pl, DOM_D_GAIN, DOM_S_SUPPLY, DOM_V_GAIN, 0, 6);
    case 6:
        f->step = 7;
        if (DOM_VERB(in) == DOM_V_GAIN)
            dom_gain(g, s, f->pl, DOM_CARD(in), DOM_TO_DECK);
        return DOM_R_CONT;
    case 7:
        f->step = 8;
        f->x = (uint8_t)dom_gain_loot(g, s, f->pl, DOM_TO_DISCARD, f);
        return DOM_R_CONT;
    case 8:
        post(f);
        if (f->x && dom_tracked_take(s, f))
            dom_play_card(g, s, f->pl, f->x, 0);
        return DOM_R_CONT;
    }
    return post(f);
}

/* Prosper: the Loot first, then one Treasure at a time, each gain's effects
 * resolving before the next choice (seed 004). */
static int prosper(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    const dom_cfg *c = dom_config(g);
    switch (f->step) {
    case 2:
        f->trig = 0;
        f->c0 = 0;
        f->step = 3;
        dom_gain_loot(g, s, f->pl, DOM_TO_DISCARD, NULL);
        return DOM_R_CONT;
    case 3:
        dom_pick_reset(f);
        return dom_ask(f, f->pl, DOM_D_GAIN, DOM_S_CUSTOM, DOM_V_GAIN, 1, 4);
    case 4:
        if (DOM_VERB(in) != DOM_V_GAIN)
            return post(f);
        for (int i = 0; i < c->npiles && i < 32; i++)
            if (c->piles[i] == DOM_CARD(in)) {
                uint32_t had = (uint32_t)f->trig | ((uint32_t)f->c0 << 16);
                had |= 1u << i;
                f->trig = (uint16_t)(had & 0xffff);
                f->c0 = (uint16_t)(had >> 16);
            }
        f->step = 3;
        dom_gain(g, s, f->pl, DOM_CARD(in), DOM_TO_DISCARD);
        return DOM_R_CONT;
    }
    return post(f);
}

/* Scrounge: choosing the Estate mode with no Estate in the trash does
 * nothing, so "done" is offered then. */
static int scrounge(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->step) {
    case 2:
        dom_pick_reset(f);
        return dom_ask(f, f->pl, DOM_D_CHOOSE, DOM_S_CUSTOM, DOM_V_TRASH,
                       s->trash[DOM_ESTATE] == 0, 3);
    case 3:
        if (DOM_VERB(in) == DOM_V_TRASH) {
            dom_trash_from_hand(g, s, f->pl, DOM_CARD(in));
            return post(f);
        }
        if (DOM_VERB(in) == DOM_V_GAIN &&
            dom_gain_ex(g, s, f->pl, DOM_ESTATE, DOM_TO_DISCARD, DOM_FROM_TRASH, 0, NULL)) {
            f->step = 4;
            return DOM_R_CONT;
        }
        return post(f);
    case 4:
        dom_pick_reset(f);
        f->cap = 5;
        return dom_ask(f, f->pl, DOM_D_GAIN, DOM_S_SUPPLY, DOM_V_GAIN, 0, 5);
    case 5:
        post(f);
        if (DOM_VERB(in) == DOM_V_GAIN)
            dom_gain(g, s, f->pl, DOM_CARD(in), DOM_TO_DISCARD);
        return DOM_R_CONT;
    }
    return post(f);
}

int dom_event_program(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->card) {
    case DOM_BURY: return bury(s, f, in);
    case DOM_AVOID:
        s->buys++;
        dom_watch_add(s, DOM_EV_SHUFFLE, f->pl, DOM_AVOID, DOM_LIFE_TURN, 0, 0);
        return post(f);
    case DOM_DELIVER:
        s->buys++;
        /* buying it again this turn adds nothing (seed 004) */
        if (!dom_watch_count(s, f->pl, DOM_DELIVER))
            dom_watch_add(s, DOM_EV_GAIN, f->pl, DOM_DELIVER, DOM_LIFE_TURN, 0, 0);
        return post(f);
    case DOM_PERIL:
        if (f->step == 2)
            return ask(f, f->pl, DOM_D_TRASH, DOM_S_HAND, DOM_V_TRASH, 1, DOM_T_ACTION, 3);
        post(f);
        /* the Loot only if an Action was trashed (seed 004) */
        if (DOM_VERB(in) == DOM_V_TRASH && dom_trash_from_hand(g, s, f->pl, DOM_CARD(in)))
            dom_gain_loot(g, s, f->pl, DOM_TO_DISCARD, NULL);
        return DOM_R_CONT;
    case DOM_RUSH:
        s->buys++;
        dom_watch_add(s, DOM_EV_GAIN, f->pl, DOM_RUSH, DOM_LIFE_TURN, 0, 0);
        return post(f);
    case DOM_FORAY: return foray(g, s, f, in);
    case DOM_LAUNCH:
        /* back to the Action phase (no start-of-turn effects); a new Buy
         * phase follows, in which Treasures may be played again */
        s->tflags |= DOM_TF_LAUNCH;
        s->phase = DOM_PH_ACTION;
        s->bought = 0;
        s->actions++;
        s->buys++;
        post(f);
        dom_draw(g, s, f->pl, 1);
        return DOM_R_CONT;
    case DOM_MIRROR:
        s->buys++;
        dom_watch_add(s, DOM_EV_GAIN, f->pl, DOM_MIRROR, DOM_LIFE_TURN, 0, 0);
        return post(f);
    case DOM_PREPARE: {
        const dom_cfg *c = dom_config(g);
        dom_player *P = &s->pl[f->pl];
        for (int i = 0; i < c->nids; i++) {
            int id = c->ids[i];
            while (P->hand[id] && dom_hand_del(P, id))
                dom_aside_add(s, f->pl, id, DOM_A_NEXTTURN, 0);
        }
        return post(f);
    }
    case DOM_SCROUNGE: return scrounge(g, s, f, in);
    case DOM_JOURNEY: return journey(g, s, f);
    case DOM_MAELSTROM: return maelstrom(g, s, f, in);
    case DOM_LOOTING:
        post(f);
        dom_gain_loot(g, s, f->pl, DOM_TO_DISCARD, NULL);
        return DOM_R_CONT;
    case DOM_INVASION: return invasion(g, s, f, in);
    case DOM_PROSPER: return prosper(g, s, f, in);
    default:
        return post(f);
    }
}
