/*
 * plunder.c - the effect programs of the Plunder kingdom cards and Loots.
 *
 * A program runs in an FX_PLAY frame (when the card is played; steps from 2
 * on, after the vanilla bonuses of its table record) and, for Durations, in
 * an FX_DUR frame at the start of a later turn (steps from DOM_STEP_DUR on).
 * Both end with dom_post().  Frame fields used as program state: who
 * (victim / decider), n and z (counters), x (a card id), uid (this card's
 * instance in play; a replay of a card that has left play finds no
 * instance, so effects on "this" card do nothing).
 *
 * How a Duration stays in play: `pend` on its in-play entry counts the
 * start-of-turn resolutions still to come (a Throne Room'd Longship has 2);
 * "the next time ..." cards stay because a watcher names their uid; cards
 * that never leave play carry DOM_IP_FOREVER and resolve `mult` times each
 * turn.  Clean-up (rules.c) keeps exactly those and what played them.
 *
 * Effects paraphrased from ../shared/reference/dominion.md §1.6-§1.7; the
 * clarifications of the German rulebook supplement (seed 004) are noted
 * where they shape the code, other rulings are listed in docs/plunder.md.
 */
#include <string.h>

#include "dominion.h"

#define post dom_post

/* The in-play entry of this program's card, or NULL when it has left play. */
static dom_inplay *self(dom_state *s, const dom_frame *f)
{
    int i = dom_inplay_find(s, f->uid);
    return i >= 0 ? &s->play[i] : NULL;
}

/* The card does something at the start of its owner's next turn. */
static void stay(dom_state *s, const dom_frame *f)
{
    dom_inplay *e = self(s, f);
    if (e && e->pend < 255)
        e->pend++;
}

/* "The next time ..." / "this turn" watchers bound to this card. */
static void watch_self(dom_state *s, const dom_frame *f, int ev, int life)
{
    dom_watch_add(s, ev, f->pl, f->card, life, 0, self(s, f) ? f->uid : 0);
}

static int ask_hand(dom_frame *f, int dec, int verb, int may, int tmask, int next)
{
    dom_pick_reset(f);
    f->tmask = (uint16_t)tmask;
    return dom_ask(f, f->pl, dec, DOM_S_HAND, verb, may, next);
}

static int ask_supply(dom_frame *f, int cap, int tmask, int flags, int next)
{
    dom_pick_reset(f);
    f->cap = (uint8_t)(cap < 0 ? 0 : cap > 255 ? 255 : cap);
    f->tmask = (uint16_t)tmask;
    f->flags |= (uint8_t)flags;
    return dom_ask(f, f->pl, DOM_D_GAIN, DOM_S_SUPPLY, DOM_V_GAIN, 0, next);
}

static int ask_custom(dom_frame *f, int dec, int may, int next)
{
    dom_pick_reset(f);
    return dom_ask(f, f->pl, dec, DOM_S_CUSTOM, DOM_V_CHOOSE, may, next);
}

/* Attack: each other player (not protected) discards down to `keep` cards.
 * Steps at..at+1; continues at `next`. */
static int discard_down(const kt_game *g, dom_state *s, dom_frame *f, kt_action in, int keep,
                        int at, int next)
{
    if (f->step == at + 1) {
        if (DOM_VERB(in) == DOM_V_DISCARD && dom_hand_del(&s->pl[f->who], DOM_CARD(in)))
            dom_discard_card(s, f->who, DOM_CARD(in));
        if (s->pl[f->who].nhand > keep) {
            dom_pick_reset(f);
            return dom_ask(f, f->who, DOM_D_DISCARD, DOM_S_HAND, DOM_V_DISCARD, 0, at + 1);
        }
    }
    for (;;) {
        int q = dom_next_victim(g, f);
        if (q < 0) {
            f->who = f->pl;
            f->step = (uint8_t)next;
            return DOM_R_CONT;
        }
        f->who = (int8_t)q;
        if (s->pl[q].nhand > keep) {
            dom_pick_reset(f);
            return dom_ask(f, q, DOM_D_DISCARD, DOM_S_HAND, DOM_V_DISCARD, 0, at + 1);
        }
    }
}

/* Attack: each other player (not protected) gains a Curse, one per step so
 * that each gain's effects resolve first. */
static int curse_others(const kt_game *g, dom_state *s, dom_frame *f, int next)
{
    int q = dom_next_victim(g, f);
    if (q < 0) {
        f->who = f->pl;
        f->step = (uint8_t)next;
        return DOM_R_CONT;
    }
    f->who = (int8_t)q;
    dom_gain(g, s, q, DOM_CURSE, DOM_TO_DISCARD);
    return DOM_R_CONT;
}

/* Set aside up to `max` cards from hand as `kind` (under this card for
 * DOM_A_UNDER); f->n counts them.  Steps at, at+1; then `next`. */
static int set_aside_some(dom_state *s, dom_frame *f, kt_action in, int max, int kind, int at,
                          int next)
{
    if (kind == DOM_A_UNDER && !self(s, f)) {
        /* nothing to put the cards under (only a loaded state gets here) */
        f->step = (uint8_t)next;
        return DOM_R_CONT;
    }
    if (f->step == at) {
        f->n = 0;
    } else if (DOM_VERB(in) == DOM_V_ASIDE && dom_hand_del(&s->pl[f->pl], DOM_CARD(in))) {
        dom_aside_add(s, f->pl, DOM_CARD(in), kind, kind == DOM_A_UNDER ? f->uid : 0);
        f->n++;
    } else {
        f->step = (uint8_t)next;
        return DOM_R_CONT;
    }
    if (f->n < max && s->pl[f->pl].nhand)
        return ask_hand(f, DOM_D_ASIDE, DOM_V_ASIDE, 1, 0, at + 1);
    f->step = (uint8_t)next;
    return DOM_R_CONT;
}

int dom_order_back(dom_state *s, dom_frame *f, kt_action in, int step)
{
    int p = f->who;
    if (f->step == step + 1 && DOM_VERB(in) == DOM_V_ORDER) {
        int i = dom_find_aside_card(s, p, DOM_A_KEPT, DOM_CARD(in));
        if (i >= 0) {
            int c = s->aside[i].card;
            dom_aside_del(s, i);
            dom_aside_add(s, p, c, DOM_A_PLACED, 0);
        }
    }
    /* ask while two different cards are left */
    int first = -1, distinct = 0;
    for (int i = 0; i < s->naside; i++)
        if (s->aside[i].owner == p && s->aside[i].kind == DOM_A_KEPT) {
            if (first < 0)
                first = s->aside[i].card;
            else if (s->aside[i].card != first)
                distinct = 1;
        }
    if (distinct) {
        dom_pick_reset(f);
        return dom_ask(f, p, DOM_D_ORDER, DOM_S_KEPT, DOM_V_ORDER, 0, step + 1);
    }
    /* the rest goes in first (lowest), then the picks, the first one on top */
    for (int i; (i = dom_aside_find(s, p, DOM_A_KEPT)) >= 0;) {
        int c = s->aside[i].card;
        dom_aside_del(s, i);
        dom_put_on_deck(s, p, c, 0);
    }
    for (int i = s->naside - 1; i >= 0; i--)
        if (s->aside[i].owner == p && s->aside[i].kind == DOM_A_PLACED) {
            int c = s->aside[i].card;
            dom_aside_del(s, i);
            dom_put_on_deck(s, p, c, 0);
        }
    return post(f);
}

static void looked_to(dom_state *s, int p, int from, int to)
{
    for (int i = 0; i < s->naside; i++)
        if (s->aside[i].owner == p && s->aside[i].kind == from)
            s->aside[i].kind = (uint8_t)to;
}

/* ------------------------------------------------------------ the cards */

static int cage(dom_state *s, dom_frame *f, kt_action in)
{
    if (f->step == 2 && !self(s, f))
        return post(f); /* nothing to put the cards under */
    if (f->step < 4)
        return set_aside_some(s, f, in, 4, DOM_A_UNDER, 2, 4);
    watch_self(s, f, DOM_EV_GAIN, DOM_LIFE_TRIGGER);
    return post(f);
}

static int grotto(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    if (f->step >= DOM_STEP_DUR) {
        /* discard the cards set aside under it, draw as many */
        int n = 0;
        for (int i = 0; i < s->naside;) {
            dom_aside *a = &s->aside[i];
            if (a->kind == DOM_A_UNDER && a->host == f->uid && a->owner == f->pl) {
                int c = a->card;
                dom_aside_del(s, i);
                dom_discard_card(s, f->pl, c);
                n++;
            } else {
                i++;
            }
        }
        post(f);
        dom_draw(g, s, f->pl, n);
        return DOM_R_CONT;
    }
    if (f->step == 2 && !self(s, f))
        return post(f);
    if (f->step < 4)
        return set_aside_some(s, f, in, 4, DOM_A_UNDER, 2, 4);
    /* with nothing set aside it has nothing to do next turn; cards under it
     * that no earlier play will pick up (only in a loaded state) count too */
    dom_inplay *e = self(s, f);
    if (f->n || (e && !e->pend && dom_aside_count(s, f->pl, DOM_A_UNDER, f->uid)))
        stay(s, f);
    return post(f);
}

static int shaman(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->step) {
    case 2:
        return ask_hand(f, DOM_D_TRASH, DOM_V_TRASH, 1, 0, 3);
    case 3:
        if (DOM_VERB(in) == DOM_V_TRASH)
            dom_trash_from_hand(g, s, f->pl, DOM_CARD(in));
        return post(f);
    case DOM_STEP_DUR:
        /* the game-wide part: gain a card costing up to $6 from the trash */
        dom_pick_reset(f);
        f->cap = 6;
        return dom_ask(f, f->pl, DOM_D_GAIN, DOM_S_TRASH, DOM_V_GAIN, 0, DOM_STEP_DUR + 1);
    case DOM_STEP_DUR + 1:
        post(f);
        if (DOM_VERB(in) == DOM_V_GAIN)
            dom_gain_ex(g, s, f->pl, DOM_CARD(in), DOM_TO_DISCARD, DOM_FROM_TRASH, 0, NULL);
        return DOM_R_CONT;
    }
    return post(f);
}

static int siren(const kt_game *g, dom_state *s, dom_frame *f)
{
    if (f->step >= DOM_STEP_DUR) {
        int n = 8 - s->pl[f->pl].nhand;
        post(f);
        if (n > 0)
            dom_draw(g, s, f->pl, n);
        return DOM_R_CONT;
    }
    if (f->step == 2)
        return curse_others(g, s, f, 3);
    stay(s, f);
    return post(f);
}

static int taskmaster(dom_state *s, dom_frame *f)
{
    if (f->step >= DOM_STEP_DUR) {
        /* repeat the whole ability */
        s->actions++;
        s->coins++;
    }
    /* a $5 gain later this turn (rules.c) makes it stay */
    watch_self(s, f, DOM_EV_GAIN, DOM_LIFE_TURN);
    return post(f);
}

static int cabin_boy(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->step) {
    case 2:
        stay(s, f);
        return post(f);
    case DOM_STEP_DUR:
        return ask_custom(f, DOM_D_CHOOSE, 0, DOM_STEP_DUR + 1);
    case DOM_STEP_DUR + 1:
        if (DOM_VERB(in) == DOM_V_TRASH && self(s, f)) {
            dom_inplay_take(s, f->uid);
            dom_trash_card(g, s, f->pl, DOM_CABIN_BOY);
            f->step = DOM_STEP_DUR + 2;
            return DOM_R_CONT;
        }
        s->coins = (uint16_t)(s->coins + 2);
        return post(f);
    case DOM_STEP_DUR + 2:
        return ask_supply(f, 255, DOM_T_DURATION, 0, DOM_STEP_DUR + 3);
    case DOM_STEP_DUR + 3:
        post(f);
        if (DOM_VERB(in) == DOM_V_GAIN)
            dom_gain(g, s, f->pl, DOM_CARD(in), DOM_TO_DISCARD);
        return DOM_R_CONT;
    }
    return post(f);
}

static int crucible(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->step) {
    case 2:
        return ask_hand(f, DOM_D_TRASH, DOM_V_TRASH, 0, 0, 3);
    case 3:
        if (DOM_VERB(in) == DOM_V_TRASH) {
            int cost = dom_cost(dom_config(g), s, DOM_CARD(in));
            if (dom_trash_from_hand(g, s, f->pl, DOM_CARD(in)))
                s->coins = (uint16_t)(s->coins + cost);
        }
        return post(f);
    }
    return post(f);
}

/* Fortune Hunter: the played Treasure resolves completely before the rest
 * goes back (seed 004). */
static int fortune_hunter(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->step) {
    case 2:
        f->step = 3;
        dom_look(g, s, f->pl, 3, DOM_A_LOOK);
        return DOM_R_CONT;
    case 3:
        dom_pick_reset(f);
        f->tmask = DOM_T_TREASURE;
        return dom_ask(f, f->pl, DOM_D_PLAY, DOM_S_LOOKALL, DOM_V_PLAY, 1, 4);
    case 4: {
        f->step = 5;
        int i = DOM_VERB(in) == DOM_V_PLAY
                    ? dom_find_aside_card(s, f->pl, DOM_A_LOOK, DOM_CARD(in))
                    : -1;
        if (i >= 0) {
            int c = s->aside[i].card;
            /* the others wait face down while it resolves (a Figurine
             * played this way draws other cards, seed 004) */
            dom_aside_del(s, i);
            looked_to(s, f->pl, DOM_A_LOOK, DOM_A_WAIT);
            dom_play_card(g, s, f->pl, c, 0);
        }
        return DOM_R_CONT;
    }
    case 5:
        looked_to(s, f->pl, DOM_A_LOOK, DOM_A_KEPT);
        looked_to(s, f->pl, DOM_A_WAIT, DOM_A_KEPT);
        f->who = f->pl;
        f->step = 6;
        /* fall through */
    default:
        return dom_order_back(s, f, in, 6);
    }
}

static int now_or_later(dom_state *s, dom_frame *f, kt_action in, int buys, int coins)
{
    if (f->step >= DOM_STEP_DUR) {
        s->buys = (uint16_t)(s->buys + buys);
        s->coins = (uint16_t)(s->coins + coins);
        return post(f);
    }
    if (f->step == 2)
        return ask_custom(f, DOM_D_CHOOSE, 0, 3);
    if (DOM_VERB(in) == DOM_V_CHOOSE && DOM_CARD(in) == DOM_M_LATER) {
        stay(s, f);
    } else {
        s->buys = (uint16_t)(s->buys + buys);
        s->coins = (uint16_t)(s->coins + coins);
    }
    return post(f);
}

static int mapmaker(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->step) {
    case 2:
        f->step = 3;
        f->n = 0;
        dom_look(g, s, f->pl, 4, DOM_A_LOOK);
        return DOM_R_CONT;
    case 3:
        dom_pick_reset(f);
        return dom_ask(f, f->pl, DOM_D_TAKE, DOM_S_LOOKALL, DOM_V_TAKE, 0, 4);
    case 4: {
        int i = DOM_VERB(in) == DOM_V_TAKE
                    ? dom_find_aside_card(s, f->pl, DOM_A_LOOK, DOM_CARD(in))
                    : -1;
        if (i >= 0) {
            int c = s->aside[i].card;
            dom_aside_del(s, i);
            dom_hand_add(&s->pl[f->pl], c);
            DOM_TRACE(s, DOM_TE_TOHAND, f->pl, c, 0);
            f->n++;
        }
        if (i >= 0 && f->n < 2 && dom_aside_find(s, f->pl, DOM_A_LOOK) >= 0) {
            f->step = 3;
            return DOM_R_CONT;
        }
        dom_discard_aside(s, f->pl, DOM_A_LOOK);
        return post(f);
    }
    }
    return post(f);
}

static int maroon(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    if (f->step == 2)
        return ask_hand(f, DOM_D_TRASH, DOM_V_TRASH, 0, 0, 3);
    post(f);
    if (DOM_VERB(in) == DOM_V_TRASH && dom_trash_from_hand(g, s, f->pl, DOM_CARD(in)))
        dom_draw(g, s, f->pl, 2 * dom_ntypes(DOM_CARD(in)));
    return DOM_R_CONT;
}

static int rope(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->step) {
    case 2:
        stay(s, f);
        return post(f);
    case DOM_STEP_DUR:
        f->step = DOM_STEP_DUR + 1;
        dom_draw(g, s, f->pl, 1);
        return DOM_R_CONT;
    case DOM_STEP_DUR + 1:
        return ask_hand(f, DOM_D_TRASH, DOM_V_TRASH, 1, 0, DOM_STEP_DUR + 2);
    case DOM_STEP_DUR + 2:
        if (DOM_VERB(in) == DOM_V_TRASH)
            dom_trash_from_hand(g, s, f->pl, DOM_CARD(in));
        return post(f);
    }
    return post(f);
}

static int swamp_shacks(const kt_game *g, dom_state *s, dom_frame *f)
{
    /* every card of the player in play counts, itself, Durations from
     * earlier turns and cards that never leave play included (seed 004) */
    int n = 0;
    for (int i = 0; i < s->nplay; i++)
        n += s->play[i].owner == f->pl;
    post(f);
    dom_draw(g, s, f->pl, n / 3);
    return DOM_R_CONT;
}

static int gain_step(const kt_game *g, dom_state *s, dom_frame *f, kt_action in, int dest)
{
    post(f);
    if (DOM_VERB(in) == DOM_V_GAIN)
        dom_gain(g, s, f->pl, DOM_CARD(in), dest);
    return DOM_R_CONT;
}

static int crew(dom_state *s, dom_frame *f)
{
    if (f->step >= DOM_STEP_DUR) {
        if (dom_inplay_take(s, f->uid) == DOM_CREW)
            dom_put_on_deck(s, f->pl, DOM_CREW, 1);
        return post(f);
    }
    stay(s, f);
    return post(f);
}

static int cutthroat(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    if (f->step < 4)
        return discard_down(g, s, f, in, 3, 2, 4);
    watch_self(s, f, DOM_EV_GAIN, DOM_LIFE_TRIGGER);
    return post(f);
}

static int enlarge(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    int base = f->step >= DOM_STEP_DUR ? DOM_STEP_DUR : 2;
    switch (f->step - base) {
    case 0:
        return ask_hand(f, DOM_D_TRASH, DOM_V_TRASH, 0, 0, base + 1);
    case 1:
        if (DOM_VERB(in) != DOM_V_TRASH || !dom_trash_from_hand(g, s, f->pl, DOM_CARD(in))) {
            f->step = (uint8_t)(base + 3);
            return DOM_R_CONT;
        }
        return ask_supply(f, dom_cost(dom_config(g), s, DOM_CARD(in)) + 2, 0, 0, base + 2);
    case 2:
        f->step = (uint8_t)(base + 3);
        if (DOM_VERB(in) == DOM_V_GAIN)
            dom_gain(g, s, f->pl, DOM_CARD(in), DOM_TO_DISCARD);
        return DOM_R_CONT;
    default:
        if (base == 2)
            stay(s, f);
        return post(f);
    }
}

static int figurine(dom_state *s, dom_frame *f, kt_action in)
{
    if (f->step == 2)
        return ask_hand(f, DOM_D_DISCARD, DOM_V_DISCARD, 1, DOM_T_ACTION, 3);
    if (DOM_VERB(in) == DOM_V_DISCARD && dom_hand_del(&s->pl[f->pl], DOM_CARD(in))) {
        dom_discard_card(s, f->pl, DOM_CARD(in));
        s->buys++;
        s->coins++;
    }
    return post(f);
}

/* First Mate: the first card played fixes the name; copies drawn by those
 * plays may be played too (seed 004). */
static int first_mate(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->step) {
    case 2:
        f->x = 0;
        f->step = 3;
        /* fall through */
    case 3:
        dom_pick_reset(f);
        f->tmask = DOM_T_ACTION;
        f->only = f->x;
        return dom_ask(f, f->pl, DOM_D_PLAY, DOM_S_HAND, DOM_V_PLAY, 1, 4);
    case 4:
        if (DOM_VERB(in) == DOM_V_PLAY && dom_hand_del(&s->pl[f->pl], DOM_CARD(in))) {
            f->x = (uint8_t)DOM_CARD(in);
            f->step = 3;
            dom_play_card(g, s, f->pl, f->x, 0);
            return DOM_R_CONT;
        }
        f->step = 5;
        /* fall through */
    default: {
        int n = 6 - s->pl[f->pl].nhand;
        post(f);
        if (n > 0)
            dom_draw(g, s, f->pl, n);
        return DOM_R_CONT;
    }
    }
}

static int frigate(dom_state *s, dom_frame *f)
{
    /* the players who blocked it stay unaffected until it ends */
    dom_watch_add(s, DOM_EV_PLAY, f->pl, DOM_FRIGATE, DOM_LIFE_NEXT, f->immune,
                  self(s, f) ? f->uid : 0);
    return post(f);
}

static int pickaxe(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    if (f->step == 2)
        return ask_hand(f, DOM_D_TRASH, DOM_V_TRASH, 0, 0, 3);
    post(f);
    if (DOM_VERB(in) == DOM_V_TRASH) {
        int cost = dom_cost(dom_config(g), s, DOM_CARD(in));
        if (dom_trash_from_hand(g, s, f->pl, DOM_CARD(in)) && cost >= 3)
            dom_gain_loot(g, s, f->pl, DOM_TO_HAND, NULL);
    }
    return DOM_R_CONT;
}

static int pilgrim(dom_state *s, dom_frame *f, kt_action in)
{
    if (f->step == 2)
        return ask_hand(f, DOM_D_TOPDECK, DOM_V_TOPDECK, 0, 0, 3);
    if (DOM_VERB(in) == DOM_V_TOPDECK && dom_hand_del(&s->pl[f->pl], DOM_CARD(in)))
        dom_put_on_deck(s, f->pl, DOM_CARD(in), 0);
    return post(f);
}

static int quartermaster(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->step) {
    case 2: {
        dom_inplay *e = self(s, f);
        if (e) {
            e->flags |= DOM_IP_FOREVER;
            if (e->mult < 255)
                e->mult++;
        }
        return post(f);
    }
    case DOM_STEP_DUR:
        return ask_custom(f, DOM_D_CHOOSE, 0, DOM_STEP_DUR + 1);
    case DOM_STEP_DUR + 1:
        post(f);
        if (DOM_VERB(in) == DOM_V_GAIN) {
            dom_gain_ex(g, s, f->pl, DOM_CARD(in), DOM_TO_ASIDE, DOM_FROM_SUPPLY, f->uid, NULL);
        } else if (DOM_VERB(in) == DOM_V_TAKE) {
            for (int i = 0; i < s->naside; i++) {
                dom_aside *a = &s->aside[i];
                if (a->kind == DOM_A_ON && a->host == f->uid && a->card == DOM_CARD(in) &&
                    a->owner == f->pl) {
                    int c = a->card;
                    dom_aside_del(s, i);
                    dom_hand_add(&s->pl[f->pl], c);
                    s->pl[f->pl].pubhand[c]++; /* it lay face up */
                    DOM_TRACE(s, DOM_TE_TOHAND, f->pl, c, 1);
                    break;
                }
            }
        }
        return DOM_R_CONT;
    }
    return post(f);
}

static int silver_mine(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    if (f->step == 2)
        return ask_supply(f, dom_cost(dom_config(g), s, DOM_SILVER_MINE), DOM_T_TREASURE,
                          DOM_FF_LESS, 3);
    return gain_step(g, s, f, in, DOM_TO_HAND);
}

static int trickster(const kt_game *g, dom_state *s, dom_frame *f)
{
    if (f->step == 2)
        return curse_others(g, s, f, 3);
    /* Clean-up (triggers.c) offers the Treasures being discarded */
    dom_watch_add(s, DOM_EV_DISCARD, f->pl, DOM_TRICKSTER, DOM_LIFE_TURN, 0, 0);
    return post(f);
}

static int forever(dom_state *s, dom_frame *f)
{
    dom_inplay *e = self(s, f);
    if (e) {
        e->flags |= DOM_IP_FOREVER;
        if (e->mult < 255)
            e->mult++;
    }
    return post(f);
}

static int orb(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    if (f->step == 2)
        return ask_custom(f, DOM_D_CHOOSE, 0, 3);
    post(f);
    if (DOM_VERB(in) == DOM_V_PLAY) {
        dom_player *P = &s->pl[f->pl];
        for (int i = P->ndisc - 1; i >= 0; i--)
            if (P->disc[i] == DOM_CARD(in)) {
                dom_disc_remove(s, f->pl, i);
                dom_play_card(g, s, f->pl, DOM_CARD(in), 0);
                break;
            }
    } else {
        s->buys++;
        s->coins = (uint16_t)(s->coins + 3);
    }
    return DOM_R_CONT;
}

static int sextant(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->step) {
    case 2:
        f->step = 3;
        dom_look(g, s, f->pl, 5, DOM_A_LOOK);
        return DOM_R_CONT;
    case 3:
        dom_pick_reset(f);
        return dom_ask(f, f->pl, DOM_D_DISCARD, DOM_S_LOOKALL, DOM_V_DISCARD, 1, 4);
    case 4:
        if (DOM_VERB(in) == DOM_V_DISCARD) {
            int i = dom_find_aside_card(s, f->pl, DOM_A_LOOK, DOM_CARD(in));
            if (i >= 0) {
                int c = s->aside[i].card;
                dom_aside_del(s, i);
                dom_discard_card(s, f->pl, c);
            }
            if (dom_aside_find(s, f->pl, DOM_A_LOOK) >= 0) {
                f->step = 3;
                return DOM_R_CONT;
            }
        }
        looked_to(s, f->pl, DOM_A_LOOK, DOM_A_KEPT);
        f->who = f->pl;
        f->step = 5;
        /* fall through */
    default:
        return dom_order_back(s, f, in, 5);
    }
}

static int spell_scroll(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->step) {
    case 2:
        if (!self(s, f))
            return post(f); /* "if you did" */
        dom_inplay_take(s, f->uid);
        dom_trash_card(g, s, f->pl, DOM_SPELL_SCROLL);
        f->uid = 0;
        return ask_supply(f, dom_cost(dom_config(g), s, DOM_SPELL_SCROLL), 0, DOM_FF_LESS, 3);
    case 3:
        f->step = 4;
        f->x = 0;
        if (DOM_VERB(in) == DOM_V_GAIN &&
            dom_gain_ex(g, s, f->pl, DOM_CARD(in), DOM_TO_DISCARD, DOM_FROM_SUPPLY, 0, f))
            f->x = (uint8_t)DOM_CARD(in);
        return DOM_R_CONT;
    case 4:
        if (!f->x || !dom_is(f->x, DOM_T_ACTION | DOM_T_TREASURE) || !dom_tracked_here(s, f))
            return post(f);
        dom_pick_reset(f);
        return dom_ask(f, f->pl, DOM_D_PLAY, DOM_S_X, DOM_V_PLAY, 1, 5);
    case 5:
        post(f);
        if (DOM_VERB(in) == DOM_V_PLAY && dom_tracked_take(s, f))
            dom_play_card(g, s, f->pl, f->x, 0);
        return DOM_R_CONT;
    }
    return post(f);
}

static int play_action_from_hand(const kt_game *g, dom_state *s, dom_frame *f, kt_action in,
                                 int tmask)
{
    if (f->step == 2)
        return ask_hand(f, DOM_D_PLAY, DOM_V_PLAY, 1, tmask, 3);
    post(f);
    if (DOM_VERB(in) == DOM_V_PLAY && dom_hand_del(&s->pl[f->pl], DOM_CARD(in)))
        dom_play_card(g, s, f->pl, DOM_CARD(in), 0);
    return DOM_R_CONT;
}

int dom_plunder_program(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->card) {
    case DOM_CAGE: return cage(s, f, in);
    case DOM_GROTTO: return grotto(g, s, f, in);
    case DOM_SEARCH: watch_self(s, f, DOM_EV_PILE_EMPTY, DOM_LIFE_TRIGGER); return post(f);
    case DOM_SHAMAN: return shaman(g, s, f, in);
    case DOM_SECLUDED_SHRINE: watch_self(s, f, DOM_EV_GAIN, DOM_LIFE_TRIGGER); return post(f);
    case DOM_SIREN: return siren(g, s, f);
    case DOM_STOWAWAY:
        if (f->step >= DOM_STEP_DUR) {
            post(f);
            dom_draw(g, s, f->pl, 2);
            return DOM_R_CONT;
        }
        stay(s, f);
        return post(f);
    case DOM_TASKMASTER: return taskmaster(s, f);
    case DOM_ABUNDANCE: watch_self(s, f, DOM_EV_GAIN, DOM_LIFE_TRIGGER); return post(f);
    case DOM_CABIN_BOY: return cabin_boy(g, s, f, in);
    case DOM_CRUCIBLE: return crucible(g, s, f, in);
    case DOM_FLAGSHIP: watch_self(s, f, DOM_EV_PLAY, DOM_LIFE_TRIGGER); return post(f);
    case DOM_FORTUNE_HUNTER: return fortune_hunter(g, s, f, in);
    case DOM_GONDOLA: return now_or_later(s, f, in, 0, 2);
    case DOM_HARBOR_VILLAGE:
        dom_watch_add(s, DOM_EV_PLAY, f->pl, DOM_HARBOR_VILLAGE, DOM_LIFE_TURN, 0, 0);
        return post(f);
    case DOM_LANDING_PARTY: watch_self(s, f, DOM_EV_PLAY, DOM_LIFE_TRIGGER); return post(f);
    case DOM_MAPMAKER: return mapmaker(g, s, f, in);
    case DOM_MAROON: return maroon(g, s, f, in);
    case DOM_ROPE: return rope(g, s, f, in);
    case DOM_SWAMP_SHACKS: return swamp_shacks(g, s, f);
    case DOM_TOOLS:
        if (f->step == 2)
            return ask_supply(f, 255, 0, DOM_FF_INPLAY, 3);
        return gain_step(g, s, f, in, DOM_TO_DISCARD);
    case DOM_BURIED_TREASURE:
        if (f->step >= DOM_STEP_DUR) {
            s->buys++;
            s->coins = (uint16_t)(s->coins + 3);
            return post(f);
        }
        stay(s, f);
        return post(f);
    case DOM_CREW: return crew(s, f);
    case DOM_CUTTHROAT: return cutthroat(g, s, f, in);
    case DOM_ENLARGE: return enlarge(g, s, f, in);
    case DOM_FIGURINE: return figurine(s, f, in);
    case DOM_FIRST_MATE: return first_mate(g, s, f, in);
    case DOM_FRIGATE: return frigate(s, f);
    case DOM_LONGSHIP:
    case DOM_FIGUREHEAD:
        if (f->step >= DOM_STEP_DUR) {
            post(f);
            dom_draw(g, s, f->pl, 2);
            return DOM_R_CONT;
        }
        stay(s, f);
        return post(f);
    case DOM_MINING_ROAD:
        dom_watch_add(s, DOM_EV_GAIN, f->pl, DOM_MINING_ROAD, DOM_LIFE_TURN, 0, 0);
        return post(f);
    case DOM_PENDANT:
        s->coins = (uint16_t)(s->coins + dom_treasure_names_in_play(s, f->pl));
        return post(f);
    case DOM_PICKAXE: return pickaxe(g, s, f, in);
    case DOM_PILGRIM: return pilgrim(s, f, in);
    case DOM_QUARTERMASTER: return quartermaster(g, s, f, in);
    case DOM_SILVER_MINE: return silver_mine(g, s, f, in);
    case DOM_TRICKSTER: return trickster(g, s, f);
    case DOM_SACK_OF_LOOT:
        post(f);
        dom_gain_loot(g, s, f->pl, DOM_TO_DISCARD, NULL);
        return DOM_R_CONT;
    case DOM_KINGS_CACHE: return dom_multiplay(g, s, f, in, 3, DOM_T_TREASURE);
    /* Loots */
    case DOM_AMPHORA: return now_or_later(s, f, in, 1, 3);
    case DOM_ENDLESS_CHALICE:
        if (f->step >= DOM_STEP_DUR) {
            s->buys++;
            s->coins++;
            return post(f);
        }
        return forever(s, f);
    case DOM_HAMMER:
        if (f->step == 2)
            return ask_supply(f, 4, 0, 0, 3);
        return gain_step(g, s, f, in, DOM_TO_DISCARD);
    case DOM_INSIGNIA:
        dom_watch_add(s, DOM_EV_GAIN, f->pl, DOM_INSIGNIA, DOM_LIFE_TURN, 0, 0);
        return post(f);
    case DOM_JEWELS:
        if (f->step >= DOM_STEP_DUR) {
            if (dom_inplay_take(s, f->uid) == DOM_JEWELS)
                dom_put_under_deck(s, f->pl, DOM_JEWELS);
            return post(f);
        }
        stay(s, f);
        return post(f);
    case DOM_ORB: return orb(g, s, f, in);
    case DOM_PRIZE_GOAT:
        if (f->step == 2)
            return ask_hand(f, DOM_D_TRASH, DOM_V_TRASH, 1, 0, 3);
        if (DOM_VERB(in) == DOM_V_TRASH)
            dom_trash_from_hand(g, s, f->pl, DOM_CARD(in));
        return post(f);
    case DOM_PUZZLE_BOX:
        if (f->step == 2)
            return ask_hand(f, DOM_D_ASIDE, DOM_V_ASIDE, 1, 0, 3);
        if (DOM_VERB(in) == DOM_V_ASIDE && dom_hand_del(&s->pl[f->pl], DOM_CARD(in)))
            dom_aside_add(s, f->pl, DOM_CARD(in), DOM_A_ENDTURN, 0);
        return post(f);
    case DOM_SEXTANT: return sextant(g, s, f, in);
    case DOM_SPELL_SCROLL: return spell_scroll(g, s, f, in);
    case DOM_STAFF: return play_action_from_hand(g, s, f, in, DOM_T_ACTION);
    case DOM_SWORD:
        if (f->step < 4)
            return discard_down(g, s, f, in, 4, 2, 4);
        return post(f);
    default:
        return post(f);
    }
}

/* ------------------------------------------------------------ custom picks */

static int add_unique(kt_action *buf, int n, kt_action a)
{
    for (int i = 0; i < n; i++)
        if (buf[i] == a)
            return n;
    buf[n] = a;
    return n + 1;
}

int dom_plunder_custom(const kt_game *g, const dom_state *s, const dom_frame *f, kt_action *buf)
{
    const dom_cfg *c = dom_config(g);
    const dom_player *P = &s->pl[f->who];
    int n = 0;
    switch (f->card) {
    case DOM_GONDOLA:
    case DOM_AMPHORA:
        buf[n++] = DOM_ACT(DOM_V_CHOOSE, DOM_M_NOW);
        buf[n++] = DOM_ACT(DOM_V_CHOOSE, DOM_M_LATER);
        break;
    case DOM_CABIN_BOY:
        buf[n++] = DOM_ACT(DOM_V_CHOOSE, DOM_M_COINS2);
        if (dom_inplay_find(s, f->uid) >= 0)
            buf[n++] = DOM_ACT(DOM_V_TRASH, DOM_CABIN_BOY);
        break;
    case DOM_QUARTERMASTER:
        for (int i = 0; i < c->npiles; i++) {
            int id = c->piles[i];
            if (s->supply[id] && dom_cost(c, s, id) <= 4)
                buf[n++] = DOM_ACT(DOM_V_GAIN, id);
        }
        for (int i = 0; i < s->naside; i++)
            if (s->aside[i].kind == DOM_A_ON && s->aside[i].host == f->uid)
                n = add_unique(buf, n, DOM_ACT(DOM_V_TAKE, s->aside[i].card));
        break;
    case DOM_ORB:
        for (int i = 0; i < P->ndisc; i++)
            if (dom_is(P->disc[i], DOM_T_ACTION | DOM_T_TREASURE))
                n = add_unique(buf, n, DOM_ACT(DOM_V_PLAY, P->disc[i]));
        buf[n++] = DOM_ACT(DOM_V_CHOOSE, DOM_M_BUYCOINS);
        break;
    case DOM_SCROUNGE:
        for (int i = 0; i < c->nids; i++)
            if (P->hand[c->ids[i]])
                buf[n++] = DOM_ACT(DOM_V_TRASH, c->ids[i]);
        if (s->trash[DOM_ESTATE])
            buf[n++] = DOM_ACT(DOM_V_GAIN, DOM_ESTATE);
        break;
    case DOM_PROSPER: {
        uint32_t had = (uint32_t)f->trig | ((uint32_t)f->c0 << 16);
        for (int i = 0; i < c->npiles; i++) {
            int id = c->piles[i];
            if (s->supply[id] && dom_is(id, DOM_T_TREASURE) && !((had >> i) & 1))
                buf[n++] = DOM_ACT(DOM_V_GAIN, id);
        }
        break;
    }
    default:
        break;
    }
    return n;
}
