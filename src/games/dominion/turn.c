/*
 * turn.c - Dominion's turn machine with an empty effect stack (split from
 * rules.c): start of turn, Action and Buy phase, Clean-up and end of turn,
 * the fast path for plain turn ends (plain_turn_end / fast_turn_end), and the
 * turn player's actions outside effects (play, "play treasures" with its
 * batched path play_plain_treasures, buy, end of phase).
 *
 * dom_run (rules.c) resolves the effect stack and, when it is empty, calls
 * dom_phase_step, which advances dom_state.phase (sub-step pstep) until a
 * player must decide or the game ends.  No data of its own: everything is in
 * dom_state (see dominion.h); nothing here allocates.
 */
#include <stddef.h>
#include <string.h>

#include "dominion.h"

static void start_turn(dom_state *s, int p, int extra)
{
    dom_player *P = &s->pl[p];
    s->run = (uint8_t)(p == s->h.turn_player && s->run < 255 ? s->run + 1 : 1);
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
    s->tflags = 0;
    s->phase = DOM_PH_START;
    s->pstep = 0;
}

/* Does the in-play card with this uid wait for something (a "next time"
 * watcher or Frigate's attack)? */
static int watched(const dom_state *s, int uid)
{
    for (int i = 0; i < s->nwatch; i++)
        if (s->watch[i].uid == uid && s->watch[i].life != DOM_LIFE_TURN)
            return 1;
    return 0;
}

/* Which cards in play stay through this Clean-up (keep[i] for play[i]):
 * Durations with effects still to come, cards that never leave play, cards
 * waiting for a "next time", Journey's turn player's cards, and - following
 * `by` and `link` - a card that played a staying card several times
 * (Throne Room, King's Cache, Flagship). */
int dom_keep_mask(const dom_state *s, uint8_t *keep)
{
    int any = 0, journey = (s->tflags & DOM_TF_JOURNEY) != 0, tp = s->h.turn_player;
    if (!s->nold && !s->nwatch && !journey) {
        /* nothing from earlier turns and nothing waiting: only Durations
         * played this turn can stay (pend) */
        for (int i = 0; i < s->nplay; i++) {
            keep[i] = s->play[i].pend != 0 || (s->play[i].flags & DOM_IP_FOREVER);
            any |= keep[i];
        }
    } else {
        for (int i = 0; i < s->nplay; i++) {
            const dom_inplay *e = &s->play[i];
            keep[i] = (uint8_t)(e->pend || (e->flags & DOM_IP_FOREVER) ||
                                (journey && e->owner == tp) ||
                                (s->nwatch && watched(s, e->uid)));
            any |= keep[i];
        }
    }
    if (!any)
        return 0;
    /* players come before what they play, so one backward pass propagates
     * along chains */
    for (int i = s->nplay - 1; i >= 0; i--) {
        if (!keep[i])
            continue;
        for (int j = 0; j < i; j++)
            if (s->play[j].uid == s->play[i].by ||
                (s->play[j].link && s->play[j].link == s->play[i].uid))
                keep[j] = 1;
    }
    return 1;
}

/* Clean-up of play when some cards may stay (keep mask) or Traits act on
 * discarding (Reckless, Tireless); 0 and no change when nothing stays and
 * there are no Traits.  Every card that has done all it will do
 * is discarded by its owner (also Durations that finished on this turn for
 * another player, seed 004: Secluded Shrine, Cutthroat); Reckless cards go
 * back to their pile, Tireless ones wait to go onto the deck. */
static int DOM_NOINLINE cleanup_play_keep(const dom_cfg *c, dom_state *s)
{
    uint8_t keep[DOM_MAXC];
    /* without cards that can stay (no Duration, no Journey) nothing stays */
    int any = c->stays && dom_keep_mask(s, keep);
    if (!any && !c->ntraits)
        return 0; /* everything goes: cleanup_play's common path */
    if (!any)
        memset(keep, 0, (size_t)s->nplay);
    int o = 0, nold = 0;
    for (int i = 0; i < s->nplay; i++) {
        dom_inplay e = s->play[i];
        if (!keep[i]) {
            int t = c->trait_of[e.card];
            if (t == DOM_RECKLESS) {
                dom_supply_put(c, s, e.card);
                dom_own_del(&s->pl[e.owner], e.card);
                DOM_TRACE(s, DOM_TE_RETURN, e.owner, e.card, 0);
            } else if (t == DOM_TIRELESS) {
                dom_aside_add(s, e.owner, e.card, DOM_A_DECKEND, 0);
            } else {
                dom_discard_card(s, e.owner, e.card);
            }
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
    return 1;
}

/* Clean-up of play when every card goes to its owner's discard pile, one by
 * one in play order (a traced game log reports each). */
static void DOM_NOINLINE cleanup_play_each(dom_state *s)
{
    for (int i = 0; i < s->nplay; i++) {
        dom_inplay e = s->play[i];
        s->play[i] = (dom_inplay){0};
        dom_discard_card(s, e.owner, e.card);
    }
}

/* The n cards cleanup_play copied onto the turn player's discard pile (not
 * counted yet) when some belong to others (Reactions played on this turn):
 * each to its owner's pile in play order instead. */
static void DOM_NOINLINE discard_to_owners(dom_state *s, const uint8_t *owner, int n)
{
    dom_player *T = &s->pl[s->h.turn_player];
    uint8_t cards[DOM_MAXC];
    memcpy(cards, T->disc + T->ndisc, (size_t)n);
    memset(T->disc + T->ndisc, 0, (size_t)n);
    for (int i = 0; i < n; i++)
        dom_discard_card(s, (int8_t)owner[i], cards[i]);
}

/* Clean-up of the cards in play.  Without cards that stay and without
 * Traits everything goes to its owner's discard pile: usually every card is
 * the turn player's, and they go onto its pile at once (checked while
 * copying; the others' cards, Reactions played on this turn, are sorted out
 * by cleanup_play_each only if there are any). */
static void cleanup_play(const kt_game *g, dom_state *s)
{
    const dom_cfg *c = dom_config(g);
    if ((c->stays || c->ntraits) && cleanup_play_keep(c, s))
        return;
    int tp = s->h.turn_player, n = s->nplay;
    if (tp < 0 || s->trace) {
        cleanup_play_each(s);
    } else {
        dom_player *T = &s->pl[tp];
        uint8_t *d = T->disc + T->ndisc, owner[DOM_MAXC];
        int other = 0;
        KT_ASSERT(T->ndisc + n <= DOM_MAXC);
        for (int i = 0; i < n; i++) {
            dom_inplay e = s->play[i];
            s->play[i] = (dom_inplay){0}; /* here, not by a memset call */
            d[i] = e.card;
            owner[i] = (uint8_t)e.owner;
            other |= e.owner ^ tp;
        }
        if (!other)
            T->ndisc = (uint16_t)(T->ndisc + n);
        else
            discard_to_owners(s, owner, n);
    }
    s->nplay = 0;
    s->nold = 0;
}

/* Discard hand and play; draw the next hand. */
static void cleanup(const kt_game *g, dom_state *s)
{
    int p = s->h.turn_player;
    dom_player *P = &s->pl[p];
    /* hand first, then play, so the visible top of the discard pile is a
     * card everyone saw being played */
    /* the counts live in locals: through P (which the byte stores may
     * alias) every step waited for the store of the one before */
    int left = P->nhand, nd = P->ndisc;
    /* in id order, 16 hand counts at a time (a hand holds few kinds); the
     * pubhand counts are zero wherever the hand's are (pubhand <= hand).
     * A kind's copies are one 8-byte store of its id (the next kind
     * overwrites the surplus, the last surplus is cleared after the loop):
     * how many copies a random hand holds is a coin toss for the branch
     * predictor.  More than 8 copies, or too little room: a loop. */
    int wide = nd + left + 8 <= DOM_MAXC;
    for (int w = 0; w < DOM_NIDS && left; w += 16) {
        uint32_t m = dom_nonzero16(P->hand + w);
        if (!m)
            continue;
        do {
            int id = w + __builtin_ctz(m), k = P->hand[id];
            if (wide && k <= 8) {
                uint64_t rep = 0x0101010101010101ULL * (uint8_t)id;
                memcpy(P->disc + nd, &rep, 8);
            } else {
                for (int j = 0; j < k; j++)
                    P->disc[nd + j] = (uint8_t)id;
            }
            nd += k;
            left -= k;
            m &= m - 1;
        } while (m);
        memset(P->hand + w, 0, 16);
        memset(P->pubhand + w, 0, 16);
    }
    if (wide)
        memset(P->disc + nd, 0, 8); /* the surplus of the last 8-byte store */
    P->nhand = (uint16_t)left;
    P->ndisc = (uint16_t)nd;
    P->hand_act = 0;
    P->hand_tre = 0;
    cleanup_play(g, s);
    s->actions = 0;
    s->buys = 0;
    s->coins = 0;
    dom_draw(g, s, p, 5);
}

/* End of turn: set-aside cards go to hand (Cage, Trickster, Deliver, Puzzle
 * Box) after the new hand is drawn, Tireless cards onto the deck. */
static void end_of_turn(dom_state *s)
{
    /* "this turn" ends only now: the Clean-up draw is still part of the
     * turn (Avoid's shuffle) */
    for (int i = 0; i < s->nwatch; i++)
        if (s->watch[i].life == DOM_LIFE_TURN)
            dom_watch_del(s, i--);
    for (int i = 0; i < s->naside;) {
        dom_aside *a = &s->aside[i];
        int p = a->owner, card = a->card;
        if (a->kind == DOM_A_ENDTURN || a->kind == DOM_A_HANDEND) {
            int pub = a->kind == DOM_A_HANDEND;
            dom_aside_del(s, i);
            dom_hand_add(&s->pl[p], card);
            if (pub)
                s->pl[p].pubhand[card]++;
            DOM_TRACE(s, DOM_TE_TOHAND, p, card, pub);
        } else if (a->kind == DOM_A_DECKEND) {
            dom_aside_del(s, i);
            dom_put_on_deck(s, p, card, 1);
        } else {
            i++;
        }
    }
}

/* Can the turn player do anything but end the turn in the Buy phase? */
static int buy_has_choice(const kt_game *g, const dom_state *s)
{
    const dom_cfg *c = dom_config(g);
    const dom_player *P = &s->pl[s->h.turn_player];
    if (!s->bought && P->hand_tre)
        return 1;
    if (!s->buys)
        return 0;
    if (s->supply[DOM_COPPER] || s->supply[DOM_CURSE])
        return 1; /* they cost $0 */
    for (int i = 0; i < c->nevents; i++)
        if (c->cost[c->events[i]] <= s->coins && dom_event_ok(c, s, c->events[i]))
            return 1;
    kt_action buf[DOM_MAX_LEGAL];
    return dom_legal(g, (const kt_state *)s, buf) > 1;
}

static void start_of_turn(const kt_game *g, dom_state *s, int p)
{
    const dom_cfg *c = dom_config(g);
    /* Frigate's attack lasts until its owner's next turn starts */
    for (int i = 0; i < s->nwatch; i++)
        if (s->watch[i].life == DOM_LIFE_NEXT && s->watch[i].owner == p)
            dom_watch_del(s, i--);
    /* cards that never leave play act again on every turn (they are all
     * from earlier turns: nold counts them) */
    for (int i = 0; s->nold && i < s->nplay; i++) {
        dom_inplay *e = &s->play[i];
        if (e->owner == p && (e->flags & DOM_IP_FOREVER) && (e->flags & DOM_IP_OLD))
            e->pend = e->mult;
    }
    /* Prepare: set-aside cards that cannot be played are discarded */
    for (int i = 0; i < s->naside;) {
        dom_aside *a = &s->aside[i];
        if (a->owner == p && a->kind == DOM_A_NEXTTURN &&
            !dom_is(a->card, DOM_T_ACTION | DOM_T_TREASURE)) {
            int card = a->card;
            dom_aside_del(s, i);
            dom_discard_card(s, p, card);
        } else {
            i++;
        }
    }
    if ((s->nold || s->naside || (c->hooks & DOM_H_START)) && dom_start_pending(g, s, p))
        dom_push(s, DOM_FX_START, p, DOM_NONE);
}

/* Can this Clean-up and the next turn's start take the fast path: no
 * choices at Clean-up, start of turn or shuffling, nothing that stays in
 * play or waits (watchers, set-aside cards, cards from earlier turns), no
 * Traits, no extra turn, no game log being traced? */
static int plain_turn_end(const dom_cfg *c, const dom_state *s)
{
    return c->plain_end && !s->nwatch && !s->naside && !s->nold && !s->trace &&
           !(s->tflags & DOM_TF_XTURN);
}

/* Clean-up, end of turn, the game-end checks and the next player's start of
 * turn up to the Action phase, for a plain turn end (plain_turn_end): the
 * same state as the steps of phase_step (end_of_turn and start_of_turn find
 * nothing to do, cleanup pushes no shuffle frame), in one go.  0 when a
 * decision is pending or the game is over, as phase_step. */
static int fast_turn_end(const kt_game *g, dom_state *s)
{
    const dom_cfg *c = dom_config(g);
    cleanup(g, s);
    if (s->supply[DOM_PROVINCE] == 0) {
        dom_finish(s, DOM_END_PROVINCES);
        return 0;
    }
    if (s->nempty >= 3) {
        dom_finish(s, DOM_END_PILES);
        return 0;
    }
    int q = s->h.turn_player + 1 < c->np ? s->h.turn_player + 1 : 0; /* no division */
    start_turn(s, q, 0);
    s->phase = DOM_PH_ACTION; /* pstep stays 0 */
    if (s->actions && s->pl[q].hand_act) {
        s->h.to_move = (int8_t)q;
        s->h.decision = DOM_D_ACTION;
        return 0;
    }
    /* the Buy phase's step of dom_phase_step, without another pass */
    s->phase = DOM_PH_BUY;
    if (buy_has_choice(g, s)) {
        s->h.to_move = (int8_t)q;
        s->h.decision = DOM_D_BUY;
        return 0;
    }
    s->phase = DOM_PH_CLEANUP;
    return 1;
}

/* One step of the turn machine with an empty stack; 0 when a decision is
 * pending (or the game is over). */
int dom_phase_step(const kt_game *g, dom_state *s)
{
    const dom_cfg *c = dom_config(g);
    int p = s->h.turn_player;
    switch (s->phase) {
    case DOM_PH_SETUP:
        if (s->pstep == 0) {
            /* Inherited: choices first, then shuffle and draw */
            int inh = 0;
            for (int i = 0; i < c->ntraits; i++)
                inh |= c->traits[i] == DOM_INHERITED;
            s->pstep = 1;
            if (inh) {
                dom_push(s, DOM_FX_SETUP, 0, DOM_INHERITED);
                return 1;
            }
        }
        s->pstep = 0;
        s->h.turn_player = -1;
        start_turn(s, 0, 0);
        return 1;
    case DOM_PH_START:
        if (s->pstep == 0) {
            s->pstep = 1;
            start_of_turn(g, s, p);
            if (s->nstack)
                return 1;
        }
        s->phase = DOM_PH_ACTION;
        s->pstep = 0;
        /* fall through */
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
        s->pstep = 0;
        /* Clean-up comes next */
        /* fall through */
    case DOM_PH_CLEANUP:
        if (s->pstep == 0 && plain_turn_end(c, s))
            return fast_turn_end(g, s);
        switch (s->pstep) {
        case 0:
            /* start-of-Clean-up choices (Friendly, Patient) and Trickster */
            s->pstep = 1;
            if (c->hooks & DOM_H_CLEANUP) {
                dom_push(s, DOM_FX_CLEANUP, p, DOM_NONE);
                return 1;
            }
            /* fall through */
        case 1:
            s->pstep = 2;
            cleanup(g, s);
            if (s->nstack)
                return 1; /* a shuffle with choices finishes the draw */
            break;
        default:
            break;
        }
        end_of_turn(s);
        if (s->supply[DOM_PROVINCE] == 0) {
            dom_finish(s, DOM_END_PROVINCES);
            return 0;
        }
        if (s->nempty >= 3) {
            dom_finish(s, DOM_END_PILES);
            return 0;
        }
        if (s->tflags & DOM_TF_XTURN)
            start_turn(s, p, 1); /* Journey */
        else
            start_turn(s, (p + 1) % c->np, 0);
        return 1;
    default:
        return 0;
    }
}

/* ------------------------------------------------------------ phase actions */

/* In-play entry {card, owner, uid} (the other fields 0) as one 8-byte and
 * one 4-byte store where the byte order allows (the compiler writes each
 * field on its own otherwise: five overlapping stores per entry). */
static inline void put_inplay(dom_inplay *e, int card, int owner, int uid)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    _Static_assert(offsetof(dom_inplay, owner) == 1 && offsetof(dom_inplay, uid) == 6 &&
                       offsetof(dom_inplay, by) == 8 && sizeof(dom_inplay) == 12,
                   "put_inplay writes this layout");
    uint64_t lo = (uint64_t)(uint8_t)card | (uint64_t)(uint8_t)owner << 8 |
                  (uint64_t)(uint16_t)uid << 48;
    uint32_t hi = 0;
    memcpy(e, &lo, 8);
    memcpy((char *)e + 8, &hi, 4);
#else
    *e = (dom_inplay){.card = (uint8_t)card, .owner = (int8_t)owner, .uid = (uint16_t)uid};
#endif
}

/* Every plain Treasure (no program, not slow: c->fast_tre) in p's hand
 * into play at once: the state playing them one by one with play_treasure
 * gives, kind after kind in c->fast_tre order, for a turn without watchers
 * (nothing reacts to a play) and when no game log is being traced (that
 * reports each play).  "play treasures" of Big Money is the hottest action
 * of bot games: the counters live in locals and are written once.  0 and
 * no change when uids could wrap, cards from earlier turns hold uids
 * (dom_new_uid must then avoid them), a plain Treasure is odd (fast_odd)
 * or the hand holds more than 32 Treasures: play_treasure does it. */
static int play_plain_treasures(const dom_cfg *c, dom_state *s, int p)
{
    dom_player *P = &s->pl[p];
    int most = P->hand_tre; /* at least the cards played */
    if (c->fast_odd || s->nold || s->next_uid > UINT16_MAX - most || most > 32)
        return 0;
    KT_ASSERT(!s->nwatch && !s->trace && s->nplay + most <= DOM_MAXC);
    /* The cards played, in order, as a byte sequence: each kind's copies
     * are one 8-byte store of its id at the end of the ones before (the
     * next kind overwrites the surplus; more than 8 copies need a loop).
     * Which kinds a random hand holds and how many of each are coin tosses
     * for the branch predictor: this way only the number of cards decides
     * a branch, once. */
    uint8_t seq[32 + 8];
    int total = 0;
    uint64_t inc = 0; /* c->fast_inc fields summed over the cards played */
    for (int i = 0; i < c->nfast_tre; i++) {
        int t = c->fast_tre[i], n = P->hand[t];
        uint64_t rep = 0x0101010101010101ULL * (uint8_t)t;
        memcpy(seq + total, &rep, 8);
        for (int k = 8; k < n; k++)
            seq[total + k] = (uint8_t)t;
        total += n;
        inc += (uint64_t)n * c->fast_inc[i];
        P->hand[t] = 0;
        P->pubhand[t] = 0;
    }
    dom_inplay *e = &s->play[s->nplay];
    int uid = s->next_uid;
    for (int k = 0; k < total; k++)
        put_inplay(&e[k], seq[k], p, uid + 1 + k);
    P->nhand = (uint16_t)(P->nhand - total);
    P->hand_tre = (uint16_t)(P->hand_tre - total);
    s->nplay = (uint16_t)(s->nplay + total);
    s->next_uid = (uint16_t)(uid + total);
    if (p == s->h.turn_player) { /* count_play */
        s->played = (uint16_t)(s->played + total);
        s->silvers = (uint16_t)(s->silvers + (inc >> 48));
    }
    s->coins = (uint16_t)(s->coins + (inc & 0xffff));
    if (inc & 0xffffffff0000ULL) {
        s->actions = (uint16_t)(s->actions + ((inc >> 16) & 0xffff));
        s->buys = (uint16_t)(s->buys + ((inc >> 32) & 0xffff));
    }
    return 1;
}

static void play_treasure(const kt_game *g, dom_state *s, int p, int card)
{
    const dom_cfg *c = dom_config(g);
    dom_player *P = &s->pl[p];
    dom_hand_del(P, card);
    if (c->slow[card]) {
        dom_play_card(g, s, p, card, 0);
        return;
    }
    /* the common case, kept off the stack for speed */
    const dom_card *d = &dom_cards[card];
    dom_inplay_add(s, p, card, 0);
    dom_count_play(s, p, card);
    DOM_TRACE(s, DOM_TE_PLAY, p, card, 0);
    s->coins = (uint16_t)(s->coins + d->coins);
    s->actions = (uint16_t)(s->actions + d->actions);
    s->buys = (uint16_t)(s->buys + d->buys);
    if (s->nwatch)
        dom_fire_play(g, s, p, card);
}

/* "play treasures": every Treasure in hand that it plays.  Those without
 * programs are played first, in id order (all copies of one at once when no
 * watcher reacts to plays and no game log is traced); those with programs
 * are played one after the other through FX_TREASURES, each resolving
 * completely first. */
static void play_all(const kt_game *g, dom_state *s, int p)
{
    const dom_cfg *c = dom_config(g);
    dom_player *P = &s->pl[p];
    if (s->nwatch || s->trace || !play_plain_treasures(c, s, p)) {
        /* one by one: a watcher may react to each play (Merchant) */
        for (int i = 0; i < c->nfast_tre; i++) {
            int t = c->fast_tre[i];
            while (P->hand[t])
                play_treasure(g, s, p, t);
        }
    }
    for (int i = 0; i < c->nslow_tre; i++) {
        if (P->hand[c->slow_tre[i]]) {
            dom_push(s, DOM_FX_TREASURES, p, DOM_NONE);
            return;
        }
    }
}

int dom_event_ok(const dom_cfg *c, const dom_state *s, int ev)
{
    switch (ev) {
    case DOM_LAUNCH:
        return !(s->tflags & DOM_TF_LAUNCH);
    case DOM_JOURNEY:
        return !c->journey_errata || !(s->tflags & DOM_TF_JBOUGHT);
    default:
        return 1;
    }
}

/* "play treasures", then the Buy phase's step of dom_phase_step when
 * nothing is pending; 1 when the next decision is published. */
static int DOM_NOINLINE phase_playall(const kt_game *g, dom_state *s, int p)
{
    play_all(g, s, p);
    if (!s->nstack && s->phase == DOM_PH_BUY && s->h.status == KT_RUNNING &&
        buy_has_choice(g, s)) {
        s->h.to_move = (int8_t)p;
        s->h.decision = DOM_D_BUY;
        return 1;
    }
    return 0;
}

/* Buying a card or an Event; 1 when the next decision is published. */
static int DOM_NOINLINE phase_buy(const kt_game *g, dom_state *s, int p, int card)
{
    const dom_cfg *c = dom_config(g);
    dom_player *P = &s->pl[p];
    s->buys--;
    s->bought = 1;
    if (dom_cards[card].kind == DOM_K_EVENT) {
        /* an Event is not a card: no gain; its cost ignores modifiers */
        s->coins = (uint16_t)(s->coins - c->cost[card]);
        dom_push(s, DOM_FX_EVENT, p, card);
    } else {
        s->coins = (uint16_t)(s->coins - dom_cost(c, s, card));
        if (c->plain_gain && !s->trace && s->supply[card]) {
            /* what dom_gain does when nothing reacts to gains */
            dom_supply_take(c, s, card);
            dom_own_add(P, card);
            KT_ASSERT(P->ndisc < DOM_MAXC);
            P->disc[P->ndisc++] = (uint8_t)card;
        } else {
            dom_gain(g, s, p, card, DOM_TO_DISCARD);
        }
    }
    /* the last Buy used and nothing pending: the Buy phase's step of
     * dom_phase_step finds no choice (no Buy left, no Treasure may be
     * played after buying), so the Clean-up follows at once */
    if (!s->buys && !s->nstack && s->h.status == KT_RUNNING && plain_turn_end(c, s)) {
        s->phase = DOM_PH_CLEANUP;
        s->pstep = 0;
        return !fast_turn_end(g, s);
    }
    return 0;
}

/* The turn player's actions with an empty stack: a small dispatcher (the
 * two hottest actions of bot games are tail calls, so it saves no
 * registers). */
int dom_phase_action(const kt_game *g, dom_state *s, kt_action a)
{
    int v = DOM_VERB(a), card = DOM_CARD(a), p = s->h.turn_player;
    switch (v) {
    case DOM_V_PLAY:
        if (s->phase == DOM_PH_ACTION) {
            s->actions--;
            dom_hand_del(&s->pl[p], card);
            dom_play_card(g, s, p, card, 0);
        } else {
            play_treasure(g, s, p, card);
        }
        return 0;
    case DOM_V_PLAYALL:
        return phase_playall(g, s, p);
    case DOM_V_BUY:
        return phase_buy(g, s, p, card);
    case DOM_V_ENDACT:
        s->phase = DOM_PH_BUY;
        return 0;
    case DOM_V_ENDTURN:
        s->phase = DOM_PH_CLEANUP;
        s->pstep = 0;
        return 0;
    default:
        return 0;
    }
}
