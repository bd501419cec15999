/*
 * cards.c - the effect programs of the kingdom cards.
 *
 * Each card with DOM_CF_SPECIAL has a small resumable program run inside its
 * FX_PLAY frame (rules.c), after the vanilla "+" bonuses of its table
 * record.  Steps start at 2; a program ends by setting DOM_STEP_POST.  Frame
 * fields used as program state: who (victim / decider), n (counter), x (a
 * card id), y (scratch), immune (players a Reaction protected), uid (this
 * card's instance in play).  A pick is set up with dom_ask(); the answer
 * arrives as `in` at the step named there ("done" when nothing could be
 * picked).  Hidden cards being looked at live in the aside zone, never in
 * frame fields, so determinization can resample them consistently.
 *
 * Drawing or looking at cards may have to pause for a shuffle with choices
 * (Plunder: Avoid, Fated; see dom_draw), so a step that draws or looks
 * returns right after and uses the cards in its next step.
 *
 * Rules follow the 2nd-edition card texts as summarized in
 * ../shared/reference/dominion.md §1.5; rulings where the text is silent are
 * listed in docs/dominion.md.
 */
#include <string.h>

#include "dominion.h"

#define pick_reset dom_pick_reset
#define post dom_post

/* Next player after f->who (clockwise from the card's owner) not protected
 * by a Reaction; -1 after the last one. */
int dom_next_victim(const kt_game *g, const dom_frame *f)
{
    int np = dom_config(g)->np;
    for (int q = f->who;;) {
        q = (q + 1) % np;
        if (q == f->pl)
            return -1;
        if (!((f->immune >> q) & 1))
            return q;
    }
}

void dom_discard_aside(dom_state *s, int p, int kind)
{
    for (int i = 0; i < s->naside;) {
        if (s->aside[i].owner == p && s->aside[i].kind == kind) {
            int c = s->aside[i].card;
            dom_aside_del(s, i);
            dom_discard_card(s, p, c);
        } else {
            i++;
        }
    }
}

int dom_find_aside_card(const dom_state *s, int p, int kind, int card)
{
    for (int i = 0; i < s->naside; i++)
        if (s->aside[i].owner == p && s->aside[i].kind == kind && s->aside[i].card == card)
            return i;
    return -1;
}

/* The reaction window of an Attack: each other player in turn order may
 * reveal a blocking Reaction (Moat; Plunder: Shield) and is then unaffected.
 * The protection is written into the Attack's FX_PLAY frame just below. */
int dom_react_program(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    int idx = (int)(f - s->stack);
    dom_frame *atk = idx > 0 ? &s->stack[idx - 1] : NULL;
    switch (f->step) {
    case 0: {
        int q = dom_next_victim(g, f);
        if (q < 0 || !atk)
            return DOM_R_DONE;
        f->who = (int8_t)q;
        if ((atk->immune >> q) & 1)
            return DOM_R_CONT;
        return dom_ask(f, q, DOM_D_REACT, DOM_S_REACT, DOM_V_REVEAL, 1, 1);
    }
    case 1:
        if (DOM_VERB(in) == DOM_V_REVEAL && atk) {
            int c = DOM_CARD(in);
            dom_player *P = &s->pl[f->who];
            atk->immune |= (uint8_t)(1u << f->who);
            DOM_TRACE(s, DOM_TE_REVEAL, f->who, c, 0);
            /* the revealed card is now known to be in that hand */
            if (!P->pubhand[c] && P->hand[c])
                P->pubhand[c] = 1;
        }
        f->step = 0;
        return DOM_R_CONT;
    default:
        return DOM_R_DONE;
    }
}

static int cellar(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->step) {
    case 2:
        f->n = 0;
        pick_reset(f);
        return dom_ask(f, f->pl, DOM_D_DISCARD, DOM_S_HAND, DOM_V_DISCARD, 1, 3);
    case 3:
        if (DOM_VERB(in) == DOM_V_DISCARD && dom_hand_del(&s->pl[f->pl], DOM_CARD(in))) {
            dom_discard_card(s, f->pl, DOM_CARD(in));
            f->n++;
            return dom_ask(f, f->pl, DOM_D_DISCARD, DOM_S_HAND, DOM_V_DISCARD, 1, 3);
        }
        post(f);
        dom_draw(g, s, f->pl, f->n);
        return DOM_R_CONT;
    }
    return post(f);
}

static int chapel(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->step) {
    case 2:
        f->n = 0;
        pick_reset(f);
        return dom_ask(f, f->pl, DOM_D_TRASH, DOM_S_HAND, DOM_V_TRASH, 1, 3);
    case 3:
        if (DOM_VERB(in) == DOM_V_TRASH && dom_trash_from_hand(g, s, f->pl, DOM_CARD(in))) {
            if (++f->n < 4)
                return dom_ask(f, f->pl, DOM_D_TRASH, DOM_S_HAND, DOM_V_TRASH, 1, 3);
        }
        return post(f);
    }
    return post(f);
}

static int harbinger(dom_state *s, dom_frame *f, kt_action in)
{
    dom_player *P = &s->pl[f->pl];
    switch (f->step) {
    case 2:
        pick_reset(f);
        return dom_ask(f, f->pl, DOM_D_TOPDECK, DOM_S_DISCARD, DOM_V_TOPDECK, 1, 3);
    case 3:
        if (DOM_VERB(in) == DOM_V_TOPDECK) {
            int c = DOM_CARD(in);
            /* take the most recently discarded copy; the rest keep their order */
            for (int i = P->ndisc - 1; i >= 0; i--) {
                if (P->disc[i] == c) {
                    dom_disc_remove(s, f->pl, i);
                    dom_put_on_deck(s, f->pl, c, 0);
                    break;
                }
            }
        }
        return post(f);
    }
    return post(f);
}

static int merchant(dom_state *s, dom_frame *f)
{
    /* once a Silver has been played this turn, "the first time" is past */
    if (s->silvers == 0)
        dom_watch_add(s, DOM_EV_PLAY, f->pl, DOM_MERCHANT, DOM_LIFE_TURN, DOM_SILVER, 0);
    return post(f);
}

static int vassal(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    dom_player *P = &s->pl[f->pl];
    switch (f->step) {
    case 2:
        f->step = 3;
        dom_look(g, s, f->pl, 1, DOM_A_REVEAL);
        return DOM_R_CONT;
    case 3: {
        int i = dom_aside_find(s, f->pl, DOM_A_REVEAL);
        if (i < 0)
            return post(f);
        int c = s->aside[i].card;
        dom_aside_del(s, i);
        dom_discard_card(s, f->pl, c);
        if (!(dom_cards[c].types & DOM_T_ACTION))
            return post(f);
        pick_reset(f);
        f->x = (uint8_t)c;
        return dom_ask(f, f->pl, DOM_D_PLAY, DOM_S_X, DOM_V_PLAY, 1, 4);
    }
    case 4:
        if (DOM_VERB(in) == DOM_V_PLAY && P->ndisc && P->disc[P->ndisc - 1] == f->x) {
            dom_disc_remove(s, f->pl, P->ndisc - 1);
            f->step = DOM_STEP_POST;
            dom_play_card(g, s, f->pl, f->x, 0); /* uses no Action */
            return DOM_R_CONT;
        }
        return post(f);
    }
    return post(f);
}

static int workshop(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->step) {
    case 2:
        pick_reset(f);
        f->cap = 4;
        return dom_ask(f, f->pl, DOM_D_GAIN, DOM_S_SUPPLY, DOM_V_GAIN, 0, 3);
    case 3:
        if (DOM_VERB(in) == DOM_V_GAIN)
            dom_gain(g, s, f->pl, DOM_CARD(in), DOM_TO_DISCARD);
        return post(f);
    }
    return post(f);
}

static int bureaucrat(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->step) {
    case 2:
        dom_gain(g, s, f->pl, DOM_SILVER, DOM_TO_DECK);
        f->step = 3;
        return DOM_R_CONT;
    case 3: {
        int q = dom_next_victim(g, f);
        if (q < 0)
            return post(f);
        pick_reset(f);
        f->tmask = DOM_T_VICTORY;
        /* no Victory card: the hand is revealed, nothing else happens */
        return dom_ask(f, q, DOM_D_TOPDECK, DOM_S_HAND, DOM_V_TOPDECK, 0, 4);
    }
    case 4:
        if (DOM_VERB(in) == DOM_V_TOPDECK && dom_hand_del(&s->pl[f->who], DOM_CARD(in)))
            dom_put_on_deck(s, f->who, DOM_CARD(in), 1);
        f->step = 3;
        return DOM_R_CONT;
    }
    return post(f);
}

static int militia(dom_state *s, dom_frame *f, kt_action in, const kt_game *g)
{
    switch (f->step) {
    case 2: {
        int q = dom_next_victim(g, f);
        if (q < 0)
            return post(f);
        f->who = (int8_t)q;
        f->step = 3;
        return DOM_R_CONT;
    }
    case 3:
        if (s->pl[f->who].nhand <= 3) {
            f->step = 2;
            return DOM_R_CONT;
        }
        pick_reset(f);
        return dom_ask(f, f->who, DOM_D_DISCARD, DOM_S_HAND, DOM_V_DISCARD, 0, 4);
    case 4:
        if (DOM_VERB(in) == DOM_V_DISCARD && dom_hand_del(&s->pl[f->who], DOM_CARD(in)))
            dom_discard_card(s, f->who, DOM_CARD(in));
        f->step = 3;
        return DOM_R_CONT;
    }
    return post(f);
}

static int moneylender(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->step) {
    case 2:
        pick_reset(f);
        f->only = DOM_COPPER;
        return dom_ask(f, f->pl, DOM_D_TRASH, DOM_S_HAND, DOM_V_TRASH, 1, 3);
    case 3:
        if (DOM_VERB(in) == DOM_V_TRASH && dom_trash_from_hand(g, s, f->pl, DOM_COPPER))
            s->coins = (uint16_t)(s->coins + 3);
        return post(f);
    }
    return post(f);
}

static int poacher(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->step) {
    case 2:
        f->n = (uint8_t)dom_empty_piles(dom_config(g), s);
        f->step = 3;
        return DOM_R_CONT;
    case 3:
        if (!f->n || !s->pl[f->pl].nhand)
            return post(f);
        pick_reset(f);
        return dom_ask(f, f->pl, DOM_D_DISCARD, DOM_S_HAND, DOM_V_DISCARD, 0, 4);
    case 4:
        if (DOM_VERB(in) == DOM_V_DISCARD && dom_hand_del(&s->pl[f->pl], DOM_CARD(in)))
            dom_discard_card(s, f->pl, DOM_CARD(in));
        if (f->n)
            f->n--;
        f->step = 3;
        return DOM_R_CONT;
    }
    return post(f);
}

static int remodel(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    const dom_cfg *c = dom_config(g);
    switch (f->step) {
    case 2:
        pick_reset(f);
        return dom_ask(f, f->pl, DOM_D_TRASH, DOM_S_HAND, DOM_V_TRASH, 0, 3);
    case 3:
        if (DOM_VERB(in) != DOM_V_TRASH || !dom_trash_from_hand(g, s, f->pl, DOM_CARD(in)))
            return post(f);
        pick_reset(f);
        f->cap = (uint8_t)(dom_cost(c, s, DOM_CARD(in)) + 2);
        return dom_ask(f, f->pl, DOM_D_GAIN, DOM_S_SUPPLY, DOM_V_GAIN, 0, 4);
    case 4:
        if (DOM_VERB(in) == DOM_V_GAIN)
            dom_gain(g, s, f->pl, DOM_CARD(in), DOM_TO_DISCARD);
        return post(f);
    }
    return post(f);
}

/* Throne Room (times 2) and, for Plunder, King's Cache (times 3, a
 * Treasure): the first play moves the card into play; the others replay
 * the same instance even if it has left play meanwhile.  The target's uid
 * is kept in f->n | f->y << 8. */
int dom_multiplay(const kt_game *g, dom_state *s, dom_frame *f, kt_action in, int times,
                  int type)
{
    int tuid = f->n | (f->y << 8);
    switch (f->step) {
    case 2:
        pick_reset(f);
        f->tmask = (uint16_t)type;
        return dom_ask(f, f->pl, DOM_D_PLAY, DOM_S_HAND, DOM_V_PLAY, 1, 3);
    case 3: {
        if (DOM_VERB(in) != DOM_V_PLAY)
            return post(f);
        int c = DOM_CARD(in);
        if (!dom_hand_del(&s->pl[f->pl], c))
            return post(f);
        f->x = (uint8_t)c;
        f->z = (uint8_t)(times - 1);
        f->step = 4;
        if (dom_play_card(g, s, f->pl, c, f->uid)) {
            /* remember the target's instance for the other plays */
            tuid = s->stack[s->nstack - 1].uid;
            f->n = (uint8_t)(tuid & 0xff);
            f->y = (uint8_t)(tuid >> 8);
        }
        return DOM_R_CONT;
    }
    case 4:
        if (!f->z)
            return post(f);
        f->z--;
        dom_replay(g, s, f->pl, f->x, tuid);
        return DOM_R_CONT;
    }
    return post(f);
}

static int bandit(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->step) {
    case 2:
        dom_gain(g, s, f->pl, DOM_GOLD, DOM_TO_DISCARD);
        f->step = 3;
        return DOM_R_CONT;
    case 3: {
        int q = dom_next_victim(g, f);
        if (q < 0)
            return post(f);
        f->who = (int8_t)q;
        f->step = 4;
        dom_look(g, s, q, 2, DOM_A_REVEAL);
        return DOM_R_CONT;
    }
    case 4:
        pick_reset(f);
        f->tmask = DOM_T_TREASURE;
        f->only = DOM_COPPER;
        f->flags |= DOM_FF_NOT;
        return dom_ask(f, f->who, DOM_D_TRASH, DOM_S_REVEAL, DOM_V_TRASH, 0, 5);
    case 5:
        if (DOM_VERB(in) == DOM_V_TRASH) {
            int i = dom_find_aside_card(s, f->who, DOM_A_REVEAL, DOM_CARD(in));
            if (i >= 0) {
                dom_aside_del(s, i);
                dom_trash_card(g, s, f->who, DOM_CARD(in));
            }
        }
        dom_discard_aside(s, f->who, DOM_A_REVEAL);
        f->step = 3;
        return DOM_R_CONT;
    }
    return post(f);
}

static int council_room(const kt_game *g, dom_state *s, dom_frame *f)
{
    /* one other player per step: a draw may pause for a shuffle */
    int q = dom_next_victim(g, f);
    if (q < 0)
        return post(f);
    f->who = (int8_t)q;
    dom_draw(g, s, q, 1);
    return DOM_R_CONT;
}

static int library(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    dom_player *P = &s->pl[f->pl];
    switch (f->step) {
    case 2: {
        /* the card looked at last (one at a time) */
        int i = dom_aside_find(s, f->pl, DOM_A_LOOK);
        if (i >= 0) {
            int c = s->aside[i].card;
            if (dom_cards[c].types & DOM_T_ACTION) {
                pick_reset(f);
                return dom_ask(f, f->pl, DOM_D_LIBRARY, DOM_S_LOOK, DOM_V_ASIDE, 0, 3);
            }
            dom_aside_del(s, i);
            dom_hand_add(P, c);
            DOM_TRACE(s, DOM_TE_DRAW, f->pl, c, 0);
        }
        int before = s->nstack;
        if (P->nhand >= 7 ||
            (dom_look(g, s, f->pl, 1, DOM_A_LOOK) == 0 && s->nstack == before)) {
            /* seven cards, or nothing left to draw (a shuffle with choices
             * would have pushed its frame and finishes the look itself) */
            dom_discard_aside(s, f->pl, DOM_A_LIBRARY);
            return post(f);
        }
        return DOM_R_CONT;
    }
    case 3: {
        int i = dom_aside_find(s, f->pl, DOM_A_LOOK);
        if (i >= 0) {
            if (DOM_VERB(in) == DOM_V_ASIDE) {
                s->aside[i].kind = DOM_A_LIBRARY; /* set aside face up */
            } else {
                int c = s->aside[i].card;
                dom_aside_del(s, i);
                dom_hand_add(P, c);
                DOM_TRACE(s, DOM_TE_DRAW, f->pl, c, 0);
            }
        }
        f->step = 2;
        return DOM_R_CONT;
    }
    }
    return post(f);
}

static int mine(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    const dom_cfg *c = dom_config(g);
    switch (f->step) {
    case 2:
        pick_reset(f);
        f->tmask = DOM_T_TREASURE;
        return dom_ask(f, f->pl, DOM_D_TRASH, DOM_S_HAND, DOM_V_TRASH, 1, 3);
    case 3:
        if (DOM_VERB(in) != DOM_V_TRASH || !dom_trash_from_hand(g, s, f->pl, DOM_CARD(in)))
            return post(f);
        pick_reset(f);
        f->tmask = DOM_T_TREASURE;
        f->cap = (uint8_t)(dom_cost(c, s, DOM_CARD(in)) + 3);
        return dom_ask(f, f->pl, DOM_D_GAIN, DOM_S_SUPPLY, DOM_V_GAIN, 0, 4);
    case 4:
        if (DOM_VERB(in) == DOM_V_GAIN)
            dom_gain(g, s, f->pl, DOM_CARD(in), DOM_TO_HAND);
        return post(f);
    }
    return post(f);
}

static int sentry(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->step) {
    case 2:
        f->step = 3;
        dom_look(g, s, f->pl, 2, DOM_A_LOOK);
        return DOM_R_CONT;
    case 3:
        if (dom_aside_find(s, f->pl, DOM_A_LOOK) < 0) {
            f->step = 5;
            return DOM_R_CONT;
        }
        pick_reset(f);
        return dom_ask(f, f->pl, DOM_D_SENTRY, DOM_S_LOOK, DOM_V_TRASH, 0, 4);
    case 4: {
        int i = dom_aside_find(s, f->pl, DOM_A_LOOK);
        if (i >= 0) {
            int c = s->aside[i].card;
            switch (DOM_VERB(in)) {
            case DOM_V_TRASH:
                dom_aside_del(s, i);
                dom_trash_card(g, s, f->pl, c);
                break;
            case DOM_V_DISCARD:
                dom_aside_del(s, i);
                dom_discard_card(s, f->pl, c);
                break;
            default:
                s->aside[i].kind = DOM_A_KEPT;
                break;
            }
        }
        f->step = 3;
        return DOM_R_CONT;
    }
    case 5: {
        int a = dom_aside_find(s, f->pl, DOM_A_KEPT);
        if (a < 0)
            return post(f);
        pick_reset(f);
        /* two different cards: the player picks the one to end on top */
        return dom_ask(f, f->pl, DOM_D_ORDER, DOM_S_KEPT, DOM_V_ORDER, 0, 6);
    }
    case 6: {
        int top = DOM_VERB(in) == DOM_V_ORDER ? DOM_CARD(in) : 0;
        int ti = top ? dom_find_aside_card(s, f->pl, DOM_A_KEPT, top) : -1;
        int topcard = ti >= 0 ? s->aside[ti].card : 0;
        if (ti >= 0)
            dom_aside_del(s, ti);
        for (int i; (i = dom_aside_find(s, f->pl, DOM_A_KEPT)) >= 0;) {
            int c = s->aside[i].card;
            dom_aside_del(s, i);
            dom_put_on_deck(s, f->pl, c, 0);
        }
        if (topcard)
            dom_put_on_deck(s, f->pl, topcard, 0);
        return post(f);
    }
    }
    return post(f);
}

static int witch(const kt_game *g, dom_state *s, dom_frame *f)
{
    for (;;) {
        int q = dom_next_victim(g, f);
        if (q < 0)
            return post(f);
        f->who = (int8_t)q;
        dom_gain(g, s, q, DOM_CURSE, DOM_TO_DISCARD);
        if (s->h.status != KT_RUNNING)
            return DOM_R_DONE;
        /* Plunder: gains can have reactions; resume here afterwards */
        if (dom_config(g)->hooks & DOM_H_GAIN)
            return DOM_R_CONT;
    }
}

static int artisan(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->step) {
    case 2:
        pick_reset(f);
        f->cap = 5;
        return dom_ask(f, f->pl, DOM_D_GAIN, DOM_S_SUPPLY, DOM_V_GAIN, 0, 3);
    case 3:
        if (DOM_VERB(in) == DOM_V_GAIN)
            dom_gain(g, s, f->pl, DOM_CARD(in), DOM_TO_HAND);
        f->step = 4;
        return DOM_R_CONT;
    case 4:
        pick_reset(f);
        return dom_ask(f, f->pl, DOM_D_TOPDECK, DOM_S_HAND, DOM_V_TOPDECK, 0, 5);
    case 5:
        if (DOM_VERB(in) == DOM_V_TOPDECK && dom_hand_del(&s->pl[f->pl], DOM_CARD(in)))
            dom_put_on_deck(s, f->pl, DOM_CARD(in), 0);
        return post(f);
    }
    return post(f);
}

int dom_card_program(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->card) {
    case DOM_CELLAR: return cellar(g, s, f, in);
    case DOM_CHAPEL: return chapel(g, s, f, in);
    case DOM_HARBINGER: return harbinger(s, f, in);
    case DOM_MERCHANT: return merchant(s, f);
    case DOM_VASSAL: return vassal(g, s, f, in);
    case DOM_WORKSHOP: return workshop(g, s, f, in);
    case DOM_BUREAUCRAT: return bureaucrat(g, s, f, in);
    case DOM_MILITIA: return militia(s, f, in, g);
    case DOM_MONEYLENDER: return moneylender(g, s, f, in);
    case DOM_POACHER: return poacher(g, s, f, in);
    case DOM_REMODEL: return remodel(g, s, f, in);
    case DOM_THRONE_ROOM: return dom_multiplay(g, s, f, in, 2, DOM_T_ACTION);
    case DOM_BANDIT: return bandit(g, s, f, in);
    case DOM_COUNCIL_ROOM: return council_room(g, s, f);
    case DOM_LIBRARY: return library(g, s, f, in);
    case DOM_MINE: return mine(g, s, f, in);
    case DOM_SENTRY: return sentry(g, s, f, in);
    case DOM_WITCH: return witch(g, s, f);
    case DOM_ARTISAN: return artisan(g, s, f, in);
    default: return post(f);
    }
}
