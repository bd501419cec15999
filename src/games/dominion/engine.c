/*
 * engine.c - Dominion's rules engine: zone moves, the effect stack, the turn
 * machine, legal actions and apply.
 *
 * Control flow (after Provincial's event stack): dom_run() advances the game
 * until someone must decide.  While the stack is not empty its top frame
 * runs: a card program (cards.c) either finishes (DOM_R_DONE: popped),
 * pushes further frames and asks to be resumed (DOM_R_CONT), or sets up a
 * pick (DOM_R_ASK).  A pick with two or more options waits: the frame keeps
 * `dec` set and hdr.to_move/decision name the decider.  A pick with one
 * option (or none) is answered at once, because the rules leave no choice.
 * With an empty stack the turn phase (dom_state.phase) decides what comes
 * next: start of turn, Action phase, Buy phase, Clean-up.
 *
 * Hook points for Plunder are marked "Plunder:" below: start-of-turn effects
 * of cards in play across turns (DOM_IP_STAY), start-of-Clean-up choices,
 * watchers on gains/shuffles/pile-outs, setup decisions, extra turns.
 *
 * Nothing here allocates; all arrays are bounded by DOM_MAXC (see
 * dominion.h) or DOM_STACK / DOM_WATCH (see dom_push / dom_watch_add).
 */
#include <string.h>

#include "dominion.h"

/* ------------------------------------------------------------ zones */

static void own_add(dom_player *P, int card)
{
    const dom_card *c = &dom_cards[card];
    P->own[card]++;
    P->ncards++;
    P->vp = (int16_t)(P->vp + c->vp);
    if (c->types & DOM_T_TREASURE)
        P->money = (uint16_t)(P->money + c->coins);
}

static void own_del(dom_player *P, int card)
{
    const dom_card *c = &dom_cards[card];
    KT_ASSERT(P->own[card] > 0);
    P->own[card]--;
    P->ncards--;
    P->vp = (int16_t)(P->vp - c->vp);
    if (c->types & DOM_T_TREASURE)
        P->money = (uint16_t)(P->money - c->coins);
}

/* Shuffle the discard pile into the (empty) deck.  Plunder: watchers on
 * DOM_EV_SHUFFLE (Avoid) and Fated placement hook in here. */
static void reshuffle(dom_state *s, int p)
{
    dom_player *P = &s->pl[p];
    KT_ASSERT(P->ndeck == 0);
    memcpy(P->deck, P->disc, P->ndisc);
    memset(P->disc, 0, P->ndisc); /* unused slots stay zero: states compare byte-wise */
    P->ndeck = P->ndisc;
    P->ndisc = 0;
    kt_shuffle_u8(&s->h.rng, P->deck, P->ndeck);
    P->known_top = 0;
    P->pub_top = 0;
}

int dom_take_top(dom_state *s, int p, int *pub)
{
    dom_player *P = &s->pl[p];
    if (!P->ndeck) {
        if (!P->ndisc)
            return 0;
        reshuffle(s, p);
    }
    int c = P->deck[--P->ndeck];
    P->deck[P->ndeck] = 0;
    if (pub)
        *pub = P->pub_top > 0;
    if (P->known_top)
        P->known_top--;
    if (P->pub_top)
        P->pub_top--;
    return c;
}

int dom_draw(dom_state *s, int p, int n)
{
    dom_player *P = &s->pl[p];
    int k = 0;
    while (k < n) {
        if (!P->ndeck) {
            if (!P->ndisc)
                break;
            reshuffle(s, p);
        }
        if (!P->known_top) {
            /* the common case: nobody knows these cards, no bookkeeping */
            int m = n - k < P->ndeck ? n - k : P->ndeck;
            for (int j = 0; j < m; j++) {
                int c = P->deck[--P->ndeck];
                P->deck[P->ndeck] = 0;
                dom_hand_add(P, c);
            }
            k += m;
            continue;
        }
        int pub;
        int c = dom_take_top(s, p, &pub);
        dom_hand_add(P, c);
        if (pub)
            P->pubhand[c]++;
        k++;
    }
    return k;
}

void dom_put_on_deck(dom_state *s, int p, int card, int public_)
{
    dom_player *P = &s->pl[p];
    KT_ASSERT(P->ndeck < DOM_MAXC);
    P->deck[P->ndeck++] = (uint8_t)card;
    P->known_top++;
    /* pub_top counts publicly known cards from the top down: a hidden card
     * on top ends that run (we forget what lies below, never invent) */
    P->pub_top = public_ ? (uint16_t)(P->pub_top + 1) : 0;
}

void dom_discard_card(dom_state *s, int p, int card)
{
    dom_player *P = &s->pl[p];
    KT_ASSERT(P->ndisc < DOM_MAXC);
    P->disc[P->ndisc++] = (uint8_t)card;
}

/* ------------------------------------------------------------ game end */

int dom_empty_piles(const dom_cfg *c, const dom_state *s)
{
    int n = 0;
    for (int i = 0; i < c->npiles; i++)
        n += s->supply[c->piles[i]] == 0;
    return n;
}

int dom_score(const dom_cfg *c, const dom_state *s, int p)
{
    KT_UNUSED(c);
    const dom_player *P = &s->pl[p];
    return P->vp + P->own[DOM_GARDENS] * (P->ncards / 10);
}

static void finish(dom_state *s, int why)
{
    s->h.status = KT_FINISHED;
    s->h.to_move = -1;
    s->h.turn_player = -1;
    s->h.decision = DOM_D_NONE;
    s->phase = DOM_PH_OVER;
    s->ended = (uint8_t)why;
    s->nstack = 0;
    memset(s->stack, 0, sizeof s->stack);
}

/* ------------------------------------------------------------ gains, trash */

int dom_gain(const kt_game *g, dom_state *s, int p, int card, int dest)
{
    const dom_cfg *c = dom_cfgof(g);
    if (!card || !s->supply[card])
        return 0;
    dom_player *P = &s->pl[p];
    s->supply[card]--;
    own_add(P, card);
    switch (dest) {
    case DOM_TO_DECK:
        dom_put_on_deck(s, p, card, 1);
        break;
    case DOM_TO_HAND:
        dom_hand_add(P, card);
        P->pubhand[card]++; /* gained cards are public */
        break;
    default:
        dom_discard_card(s, p, card);
        break;
    }
    /* `until` option: the game ends the moment a player owns enough. */
    if (c->until_n && card == c->until_card && P->own[card] >= c->until_n) {
        s->winner = (int8_t)p;
        finish(s, DOM_END_UNTIL);
        return 1;
    }
    /* Plunder: when cfg->hooks has DOM_H_GAIN, push the on-gain frame here
     * (the card's own on-gain effect, Traits of its pile, watchers on
     * DOM_EV_GAIN of any player, Reactions like Stowaway/Mapmaker), and
     * DOM_EV_PILE_EMPTY watchers when the pile just emptied.  Card programs
     * always return DOM_R_CONT after a gain so such frames resolve first. */
    return 1;
}

void dom_trash_card(const kt_game *g, dom_state *s, int p, int card)
{
    KT_UNUSED(g);
    s->trash[card]++;
    own_del(&s->pl[p], card);
    /* Plunder: DOM_CF_ONTRASH cards (Jewelled Egg) push their effect here. */
}

int dom_trash_from_hand(const kt_game *g, dom_state *s, int p, int card)
{
    if (!dom_hand_del(&s->pl[p], card))
        return 0;
    dom_trash_card(g, s, p, card);
    return 1;
}

/* ------------------------------------------------------------ in play, aside */

static int uid_used(const dom_state *s, int uid)
{
    for (int i = 0; i < s->nplay; i++)
        if (s->play[i].uid == uid)
            return 1;
    return 0;
}

static uint16_t new_uid(dom_state *s)
{
    /* Only cards staying in play across turns can still hold an old uid when
     * the counter wraps; with none of them (always in base games) the scan
     * is skipped. */
    for (;;) {
        s->next_uid++;
        if (s->next_uid == 0)
            continue;
        if (s->nold == 0 || !uid_used(s, s->next_uid))
            return s->next_uid;
    }
}

int dom_inplay_add(dom_state *s, int p, int card, int by)
{
    KT_ASSERT(s->nplay < DOM_MAXC);
    dom_inplay *e = &s->play[s->nplay++];
    e->card = (uint8_t)card;
    e->owner = (int8_t)p;
    e->flags = 0;
    e->pend = 0;
    e->uid = new_uid(s);
    e->by = (uint16_t)by;
    return e->uid;
}

int dom_aside_add(dom_state *s, int p, int card, int kind, int host)
{
    KT_ASSERT(s->naside < DOM_MAXC);
    dom_aside *a = &s->aside[s->naside++];
    a->card = (uint8_t)card;
    a->owner = (int8_t)p;
    a->kind = (uint8_t)kind;
    a->pad = 0;
    a->host = (uint16_t)host;
    return s->naside - 1;
}

void dom_aside_del(dom_state *s, int i)
{
    KT_ASSERT(i >= 0 && i < s->naside);
    memmove(&s->aside[i], &s->aside[i + 1], sizeof s->aside[0] * (size_t)(s->naside - i - 1));
    s->naside--;
    memset(&s->aside[s->naside], 0, sizeof s->aside[0]);
}

int dom_aside_find(const dom_state *s, int p, int kind)
{
    for (int i = 0; i < s->naside; i++)
        if (s->aside[i].owner == p && s->aside[i].kind == kind)
            return i;
    return -1;
}

/* ------------------------------------------------------------ stack, watchers */

/* Bound: frames nest only through cards that play other cards (Throne Room,
 * Vassal); each nesting level holds at most an FX_PLAY and an FX_REACT frame,
 * and a card being resolved is in play, so the depth is at most 2 x (number
 * of such cards + 1) = 42 in base games.  A full stack refuses the push
 * (the effect is lost) rather than overflow. */
dom_frame *dom_push(dom_state *s, int fx, int pl, int card)
{
    if (s->nstack >= DOM_STACK)
        return NULL;
    dom_frame *f = &s->stack[s->nstack++];
    memset(f, 0, sizeof *f);
    f->fx = (uint8_t)fx;
    f->pl = (int8_t)pl;
    f->who = (int8_t)pl;
    f->card = (uint8_t)card;
    f->cap = 255;
    return f;
}

/* Watchers merge when everything but the count matches (Merchant played
 * twice fires twice), so base games hold at most one per player; Plunder's
 * instance-bound watchers are bounded by the cards in play.  A full table
 * refuses (returns 0). */
int dom_watch_add(dom_state *s, int ev, int owner, int card, int life, int arg, int uid)
{
    for (int i = 0; i < s->nwatch; i++) {
        dom_watch *w = &s->watch[i];
        if (w->ev == ev && w->owner == owner && w->card == card && w->life == life &&
            w->arg == arg && w->uid == uid && w->n < 255) {
            w->n++;
            return 1;
        }
    }
    if (s->nwatch >= DOM_WATCH)
        return 0;
    dom_watch *w = &s->watch[s->nwatch++];
    w->ev = (uint8_t)ev;
    w->owner = (int8_t)owner;
    w->card = (uint8_t)card;
    w->life = (uint8_t)life;
    w->arg = (uint8_t)arg;
    w->n = 1;
    w->uid = (uint16_t)uid;
    return 1;
}

static void watch_del(dom_state *s, int i)
{
    memmove(&s->watch[i], &s->watch[i + 1], sizeof s->watch[0] * (size_t)(s->nwatch - i - 1));
    s->nwatch--;
    memset(&s->watch[s->nwatch], 0, sizeof s->watch[0]);
}

/* A card was played by p: run the matching DOM_EV_PLAY watchers. */
void dom_fire_play(const kt_game *g, dom_state *s, int p, int card)
{
    KT_UNUSED(g);
    for (int i = 0; i < s->nwatch; i++) {
        dom_watch *w = &s->watch[i];
        if (w->ev != DOM_EV_PLAY || w->owner != p || w->arg != card)
            continue;
        switch (w->card) {
        case DOM_MERCHANT:
            /* "the first time you play a Silver this turn" */
            if (card == DOM_SILVER && s->silvers == 1) {
                s->coins = (uint16_t)(s->coins + w->n);
                watch_del(s, i--);
            }
            break;
        default:
            break;
        }
    }
}

/* Move a card (already out of its zone) into play and start resolving it. */
int dom_play_card(const kt_game *g, dom_state *s, int p, int card, int by)
{
    KT_UNUSED(g);
    int uid = dom_inplay_add(s, p, card, by);
    s->played++;
    if (card == DOM_SILVER)
        s->silvers++;
    dom_frame *f = dom_push(s, DOM_FX_PLAY, p, card);
    if (!f)
        return 0;
    f->uid = (uint16_t)uid;
    return 1;
}

/* FX_PLAY: reactions to an Attack, vanilla bonuses, the card's program,
 * then after-play hooks. */
static int fx_play(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    const dom_cfg *c = dom_cfgof(g);
    switch (f->step) {
    case 0:
        f->step = 1;
        if ((dom_cards[f->card].types & DOM_T_ATTACK) && c->np > 1) {
            dom_push(s, DOM_FX_REACT, f->pl, f->card);
            return DOM_R_CONT;
        }
        /* fall through */
    case 1: {
        const dom_card *d = &dom_cards[f->card];
        if (d->cards)
            dom_draw(s, f->pl, d->cards);
        s->actions = (uint16_t)(s->actions + d->actions);
        s->buys = (uint16_t)(s->buys + d->buys);
        s->coins = (uint16_t)(s->coins + d->coins);
        f->step = (d->flags & DOM_CF_SPECIAL) ? 2 : DOM_STEP_POST;
        return DOM_R_CONT;
    }
    case DOM_STEP_POST:
        /* Plunder: after-play hooks (Harbor Village, Frigate, Inspiring,
         * Flagship's replay) go here. */
        if (s->nwatch)
            dom_fire_play(g, s, f->pl, f->card);
        return DOM_R_DONE;
    default:
        if (f->step > DOM_STEP_POST)
            return DOM_R_DONE;
        return dom_card_program(g, s, f, in);
    }
}

static int step_frame(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->fx) {
    case DOM_FX_PLAY:
        return fx_play(g, s, f, in);
    case DOM_FX_REACT:
        return dom_react_program(g, s, f, in);
    default:
        return DOM_R_DONE;
    }
}

int dom_ask(dom_frame *f, int who, int dec, int src, int verb, int may, int next_step)
{
    f->who = (int8_t)who;
    f->dec = (uint8_t)dec;
    f->src = (uint8_t)src;
    f->verb = (uint8_t)verb;
    f->may = (uint8_t)may;
    f->step = (uint8_t)next_step;
    return DOM_R_ASK;
}

/* Handle a program's result; answers picks that leave no choice. */
static void settle(const kt_game *g, dom_state *s, dom_frame *f, int r)
{
    kt_action buf[DOM_MAX_LEGAL];
    for (;;) {
        if (s->h.status != KT_RUNNING) {
            /* a program may have touched its frame after the game ended */
            memset(s->stack, 0, sizeof s->stack);
            return;
        }
        if (r == DOM_R_DONE) {
            KT_ASSERT(f == &s->stack[s->nstack - 1]);
            s->nstack--;
            memset(f, 0, sizeof *f);
            return;
        }
        if (r == DOM_R_CONT)
            return;
        int n = dom_frame_legal(g, s, f, buf);
        if (n >= 2)
            return; /* waits: f->dec stays set */
        f->dec = 0;
        r = step_frame(g, s, f, n ? buf[0] : DOM_ACT(DOM_V_DONE, 0));
    }
}

/* ------------------------------------------------------------ turns */

static void start_turn(dom_state *s, int p, int extra)
{
    dom_player *P = &s->pl[p];
    s->h.turn_player = (int8_t)p;
    s->h.turn++;
    if (extra)
        P->xturns++;
    else
        P->turns++;
    s->extra = (uint8_t)extra;
    s->actions = 1;
    s->buys = 1;
    s->coins = 0;
    s->played = 0;
    s->silvers = 0;
    s->bought = 0;
    s->cost_mod = 0;
    s->phase = DOM_PH_START;
}

/* Does the card at play[i] stay in play through this Clean-up? */
static int watched(const dom_state *s, int uid)
{
    for (int i = 0; i < s->nwatch; i++)
        if (s->watch[i].uid == uid && s->watch[i].life != DOM_LIFE_TURN)
            return 1;
    return 0;
}

static void cleanup_play(dom_state *s, int p)
{
    uint8_t keep[DOM_MAXC];
    int any = 0;
    for (int i = 0; i < s->nplay; i++) {
        const dom_inplay *e = &s->play[i];
        keep[i] = (uint8_t)(e->owner != p || (e->flags & (DOM_IP_STAY | DOM_IP_FOREVER)) ||
                            (s->nwatch && watched(s, e->uid)));
        any |= keep[i];
    }
    if (any) {
        /* A card that played a staying card stays too (Throne Room on a
         * Duration); players come before what they play, so one backward
         * pass propagates along chains. */
        for (int i = s->nplay - 1; i >= 0; i--) {
            if (!keep[i] || !s->play[i].by || s->play[i].owner != p)
                continue;
            for (int j = 0; j < i; j++)
                if (s->play[j].uid == s->play[i].by)
                    keep[j] = 1;
        }
    }
    int o = 0, nold = 0;
    for (int i = 0; i < s->nplay; i++) {
        dom_inplay e = s->play[i];
        if (!keep[i]) {
            dom_discard_card(s, p, e.card);
            continue;
        }
        e.flags |= DOM_IP_OLD; /* it has lived through a Clean-up */
        nold++;
        s->play[o++] = e;
    }
    for (int i = o; i < s->nplay; i++)
        memset(&s->play[i], 0, sizeof s->play[i]);
    s->nplay = (uint16_t)o;
    s->nold = (uint16_t)nold;
}

static void cleanup(const kt_game *g, dom_state *s)
{
    const dom_cfg *c = dom_cfgof(g);
    int p = s->h.turn_player;
    dom_player *P = &s->pl[p];
    /* Plunder: start-of-Clean-up choices (Friendly, Patient) are pushed as
     * frames before this point. */
    /* hand first, then play, so the visible top of the discard pile is a
     * card everyone saw being played */
    for (int i = 0; i < c->nids && P->nhand; i++) {
        int id = c->ids[i];
        for (int k = P->hand[id]; k > 0; k--)
            P->disc[P->ndisc++] = (uint8_t)id;
        P->nhand = (uint16_t)(P->nhand - P->hand[id]);
        P->hand[id] = 0;
        P->pubhand[id] = 0;
    }
    P->hand_act = 0;
    P->hand_tre = 0;
    cleanup_play(s, p);
    for (int i = 0; i < s->nwatch; i++)
        if (s->watch[i].life == DOM_LIFE_TURN && s->watch[i].owner == p)
            watch_del(s, i--);
    dom_draw(s, p, 5);
    /* Plunder: cards set aside "until end of turn" go to hand here. */
    s->actions = 0;
    s->buys = 0;
    s->coins = 0;
}

/* Can the turn player do anything but end the turn in the Buy phase? */
static int buy_has_choice(const kt_game *g, const dom_state *s)
{
    const dom_player *P = &s->pl[s->h.turn_player];
    if (!s->bought && P->hand_tre)
        return 1;
    if (!s->buys)
        return 0;
    if (s->supply[DOM_COPPER] || s->supply[DOM_CURSE])
        return 1; /* they cost $0 */
    kt_action buf[DOM_MAX_LEGAL];
    return dom_legal(g, (const kt_state *)s, buf) > 1;
}

/* One step of the turn machine with an empty stack; 0 when a decision is
 * pending (or the game is over). */
static int phase_step(const kt_game *g, dom_state *s)
{
    const dom_cfg *c = dom_cfgof(g);
    int p = s->h.turn_player;
    switch (s->phase) {
    case DOM_PH_SETUP:
        /* Plunder: setup choices (Inherited) in turn order come here. */
        start_turn(s, 0, 0);
        return 1;
    case DOM_PH_START:
        /* Plunder: cards in play with DOM_IP_STAY resolve their
         * start-of-turn effects here; with several, the player orders them
         * (decision DOM_D_START, verb DOM_V_RESOLVE). */
        s->phase = DOM_PH_ACTION;
        return 1;
    case DOM_PH_ACTION:
        if (s->actions && s->pl[p].hand_act) {
            s->h.to_move = (int8_t)p;
            s->h.decision = DOM_D_ACTION;
            return 0;
        }
        s->phase = DOM_PH_BUY;
        return 1;
    case DOM_PH_BUY:
        if (buy_has_choice(g, s)) {
            s->h.to_move = (int8_t)p;
            s->h.decision = DOM_D_BUY;
            return 0;
        }
        s->phase = DOM_PH_CLEANUP;
        return 1;
    case DOM_PH_CLEANUP:
        cleanup(g, s);
        if (s->supply[DOM_PROVINCE] == 0) {
            finish(s, DOM_END_PROVINCES);
            return 0;
        }
        if (dom_empty_piles(c, s) >= 3) {
            finish(s, DOM_END_PILES);
            return 0;
        }
        /* Plunder: an extra turn (Journey) would start here for p. */
        start_turn(s, (p + 1) % c->np, 0);
        return 1;
    default:
        return 0;
    }
}

void dom_run(const kt_game *g, dom_state *s)
{
    while (s->h.status == KT_RUNNING) {
        if (s->nstack) {
            dom_frame *f = &s->stack[s->nstack - 1];
            if (f->dec) {
                s->h.to_move = f->who;
                s->h.decision = f->dec;
                return;
            }
            settle(g, s, f, step_frame(g, s, f, 0));
            continue;
        }
        if (!phase_step(g, s))
            return;
    }
}

/* ------------------------------------------------------------ phase actions */

static void play_treasure(const kt_game *g, dom_state *s, int p, int card)
{
    dom_player *P = &s->pl[p];
    dom_hand_del(P, card);
    const dom_card *d = &dom_cards[card];
    if (d->flags & DOM_CF_SPECIAL) {
        dom_play_card(g, s, p, card, 0);
        return;
    }
    /* the common case, kept off the stack for speed */
    dom_inplay_add(s, p, card, 0);
    s->played++;
    s->coins = (uint16_t)(s->coins + d->coins);
    s->actions = (uint16_t)(s->actions + d->actions);
    s->buys = (uint16_t)(s->buys + d->buys);
    if (card == DOM_SILVER)
        s->silvers++;
    if (s->nwatch)
        dom_fire_play(g, s, p, card);
}

static void phase_action(const kt_game *g, dom_state *s, kt_action a)
{
    const dom_cfg *c = dom_cfgof(g);
    int v = DOM_VERB(a), card = DOM_CARD(a), p = s->h.turn_player;
    dom_player *P = &s->pl[p];
    switch (v) {
    case DOM_V_PLAY:
        if (s->phase == DOM_PH_ACTION) {
            s->actions--;
            dom_hand_del(P, card);
            dom_play_card(g, s, p, card, 0);
        } else {
            play_treasure(g, s, p, card);
        }
        break;
    case DOM_V_PLAYALL:
        for (int i = 0; i < c->ntre; i++) {
            int t = c->tre_ids[i];
            if (!(dom_cards[t].flags & DOM_CF_AUTO))
                continue;
            while (P->hand[t])
                play_treasure(g, s, p, t);
        }
        break;
    case DOM_V_BUY:
        /* Plunder: an Event (DOM_T_EVENT) runs its program instead of a gain. */
        s->buys--;
        s->coins = (uint16_t)(s->coins - dom_cost(c, s, card));
        s->bought = 1;
        dom_gain(g, s, p, card, DOM_TO_DISCARD);
        break;
    case DOM_V_ENDACT:
        s->phase = DOM_PH_BUY;
        break;
    case DOM_V_ENDTURN:
        s->phase = DOM_PH_CLEANUP;
        break;
    default:
        break;
    }
}

void dom_apply(const kt_game *g, kt_state *st, kt_action a)
{
    dom_state *s = dom_st(st);
    if (s->nstack) {
        dom_frame *f = &s->stack[s->nstack - 1];
        KT_ASSERT(f->dec);
        f->dec = 0;
        settle(g, s, f, step_frame(g, s, f, a));
    } else {
        phase_action(g, s, a);
    }
    dom_run(g, s);
}

/* ------------------------------------------------------------ legal actions */

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

int dom_frame_legal(const kt_game *g, const dom_state *s, const dom_frame *f, kt_action *buf)
{
    const dom_cfg *c = dom_cfgof(g);
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
    case DOM_S_REVEAL: {
        int kind = f->src == DOM_S_KEPT ? DOM_A_KEPT : DOM_A_REVEAL;
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
    const dom_cfg *c = dom_cfgof(g);
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
        /* Plunder: Events (cfg->events) are bought here too. */
    }
    buf[n++] = DOM_ACT(DOM_V_ENDTURN, 0);
    return n;
}

/* ------------------------------------------------------------ setup */

void dom_derive(const kt_game *g, dom_state *s)
{
    const dom_cfg *c = dom_cfgof(g);
    for (int p = 0; p < c->np; p++) {
        dom_player *P = &s->pl[p];
        memset(P->own, 0, sizeof P->own);
        P->ncards = 0;
        P->vp = 0;
        P->money = 0;
        P->nhand = 0;
        P->hand_act = 0;
        P->hand_tre = 0;
        for (int id = 1; id < DOM_NIDS; id++) {
            for (int k = 0; k < P->hand[id]; k++) {
                own_add(P, id);
                P->nhand++;
                if (dom_cards[id].types & DOM_T_ACTION)
                    P->hand_act++;
                if (dom_cards[id].types & DOM_T_TREASURE)
                    P->hand_tre++;
            }
        }
        for (int i = 0; i < P->ndeck; i++)
            own_add(P, P->deck[i]);
        for (int i = 0; i < P->ndisc; i++)
            own_add(P, P->disc[i]);
    }
    int nold = 0;
    for (int i = 0; i < s->nplay; i++) {
        own_add(&s->pl[s->play[i].owner], s->play[i].card);
        nold += (s->play[i].flags & DOM_IP_OLD) != 0;
    }
    s->nold = (uint16_t)nold;
    for (int i = 0; i < s->naside; i++)
        own_add(&s->pl[s->aside[i].owner], s->aside[i].card);
}

void dom_init(const kt_game *g, kt_state *st)
{
    dom_state *s = dom_st(st);
    const dom_cfg *c = dom_cfgof(g);
    s->winner = -1;
    memcpy(s->supply, c->pile0, sizeof s->supply);
    for (int p = 0; p < c->np; p++) {
        dom_player *P = &s->pl[p];
        for (int i = 0; i < c->nids; i++) {
            int id = c->ids[i];
            for (int k = 0; k < c->start[id]; k++) {
                P->deck[P->ndeck++] = (uint8_t)id;
                own_add(P, id);
            }
        }
        kt_shuffle_u8(&s->h.rng, P->deck, P->ndeck);
    }
    for (int p = 0; p < c->np; p++)
        dom_draw(s, p, 5);
    s->phase = DOM_PH_SETUP;
    dom_run(g, s);
}
