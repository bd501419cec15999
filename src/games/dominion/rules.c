/*
 * rules.c - Dominion's rules engine: zone moves, gains and trashing, the
 * effect stack, playing cards (with their before/after hooks), dom_run and
 * apply (the turn machine itself is in turn.c, the legal lists in legal.c).
 *
 * Control flow (after Provincial's event stack): dom_run() advances the game
 * until someone must decide.  While the stack is not empty its top frame
 * runs: a program (cards.c, plunder.c, triggers.c) either finishes
 * (DOM_R_DONE: popped), asks to be resumed (DOM_R_CONT), or sets up a pick
 * (DOM_R_ASK).  A pick with two or more options waits: the frame keeps `dec`
 * set and hdr.to_move/decision name the decider.  A pick with one option (or
 * none) is answered at once, because the rules leave no choice.  A program
 * step may push frames (a gain whose "when gained" effects must resolve, a
 * card played, a shuffle that needs choices); its result is then deferred
 * until those frames are done (DOM_FF_ASKPEND / DOM_FF_DONEPEND), so every
 * effect resolves completely before the step that caused it goes on.  With
 * an empty stack the turn phase (dom_state.phase, sub-step pstep) decides
 * what comes next: start of turn, Action phase, Buy phase, Clean-up (the
 * turn machine and the turn player's own actions are in turn.c).
 *
 * Nothing here allocates; all arrays are bounded by DOM_MAXC (see
 * dominion.h) or DOM_STACK / DOM_WATCH (see dom_push / dom_watch_add).
 */
#include <string.h>

#include "dominion.h"

/* ------------------------------------------------------------ zones */

void dom_own_del(dom_player *P, int card)
{
    const dom_card *c = &dom_cards[card];
    KT_ASSERT(P->own[card] > 0);
    P->own[card]--;
    P->ncards--;
    P->vp = (int16_t)(P->vp - c->vp);
    if (c->types & DOM_T_TREASURE)
        P->money = (uint16_t)(P->money - c->coins);
}

/* Tracked cards (just gained, see dom_tracked_here) keep their position in
 * the ordered zones as cards around them move. */
static void track_disc_removed(dom_state *s, int p, int i)
{
    for (int k = 0; k < s->nstack; k++) {
        dom_frame *f = &s->stack[k];
        if (f->loc != DOM_L_DISCARD || f->tp != p)
            continue;
        if (f->pos == i)
            f->loc = DOM_L_NONE;
        else if (f->pos > i)
            f->pos--;
    }
}

static void track_lose(dom_state *s, int p, int loc)
{
    for (int k = 0; k < s->nstack; k++)
        if (s->stack[k].loc == loc && s->stack[k].tp == p)
            s->stack[k].loc = DOM_L_NONE;
}

static void track_deck_taken(dom_state *s, int p)
{
    int n = s->pl[p].ndeck;
    for (int k = 0; k < s->nstack; k++) {
        dom_frame *f = &s->stack[k];
        if (f->loc == DOM_L_DECK && f->tp == p && f->pos >= n)
            f->loc = DOM_L_NONE;
    }
}

/* Shuffle the discard pile into the (empty) deck. */
static void reshuffle(dom_state *s, int p)
{
    dom_player *P = &s->pl[p];
    KT_ASSERT(P->ndeck == 0);
    /* unused slots stay zero (states compare byte-wise): the deck is empty,
     * so copying 32 bytes of a smaller pile copies zeros after it, and a
     * fixed size compiles to a few moves instead of two library calls */
    if (P->ndisc <= 32) {
        memcpy(P->deck, P->disc, 32);
        memset(P->disc, 0, 32);
    } else {
        memcpy(P->deck, P->disc, P->ndisc);
        memset(P->disc, 0, P->ndisc);
    }
    P->ndeck = P->ndisc;
    P->ndisc = 0;
    kt_shuffle_u8(&s->h.rng, P->deck, P->ndeck);
    P->known_top = 0;
    P->pub_top = 0;
    P->shuf++;
    DOM_TRACE(s, DOM_TE_SHUFFLE, p, 0, 0);
    if (s->nstack)
        track_lose(s, p, DOM_L_DISCARD);
}

/* Does shuffling p's discard pile now involve p's choices (Avoid, Fated)? */
static int shuffle_has_choice(const kt_game *g, const dom_state *s, int p)
{
    const dom_cfg *c = dom_config(g);
    if (!(c->hooks & DOM_H_SHUFFLE))
        return 0;
    for (int i = 0; i < s->nwatch; i++)
        if (s->watch[i].ev == DOM_EV_SHUFFLE && s->watch[i].owner == p)
            return 1;
    const dom_player *P = &s->pl[p];
    for (int i = 0; i < P->ndisc; i++)
        if (c->trait_of[P->disc[i]] == DOM_FATED)
            return 1;
    return 0;
}

/* Push the shuffle frame that finishes a draw (x = 0) or a look into aside
 * kind x-1 after the choices; 0 if the stack is full. */
static int push_shuffle(dom_state *s, int p, int left, int kind)
{
    dom_frame *f = dom_push(s, DOM_FX_SHUFFLE, p, DOM_NONE);
    if (!f)
        return 0;
    f->n = (uint8_t)(left > 255 ? 255 : left);
    f->x = (uint8_t)(kind < 0 ? 0 : kind + 1);
    return 1;
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
    if (s->trace)
        dom_trace_take(s, P->known_top > 0, P->pub_top > 0);
    if (P->known_top)
        P->known_top--;
    if (P->pub_top)
        P->pub_top--;
    if (s->nstack)
        track_deck_taken(s, p);
    return c;
}

/* m unknown cards from the top of p's deck to hand: dom_hand_add for each,
 * with the counters summed once. */
static inline void draw_unknown(const dom_cfg *cf, dom_player *P, int m)
{
    uint32_t inc = 0; /* Actions in the low half, Treasures in the high */
    const uint8_t *top = P->deck + P->ndeck;
    for (int j = 1; j <= m; j++) {
        int c = top[-j];
        P->hand[c]++;
        inc += cf->hand_inc[c];
    }
    int act = (int)(inc & 0xffff), tre = (int)(inc >> 16);
    P->ndeck = (uint16_t)(P->ndeck - m);
    /* unused slots stay zero; those from the old ndeck up are zero already,
     * so up to 8 drawn slots are cleared with one 8-byte store (the
     * common 5-card draw) */
    static const uint8_t zero8[8] = {0};
    if (m <= 8 && P->ndeck + 8 <= DOM_MAXC)
        memcpy(P->deck + P->ndeck, zero8, 8);
    else
        memset(P->deck + P->ndeck, 0, (size_t)m);
    P->nhand = (uint16_t)(P->nhand + m);
    P->hand_act = (uint16_t)(P->hand_act + act);
    P->hand_tre = (uint16_t)(P->hand_tre + tre);
}

/* dom_draw when the deck has too few cards, some are known, or a game log
 * is traced (out of line: the common draw then saves no registers). */
static int DOM_NOINLINE draw_slow(const kt_game *g, dom_state *s, int p, int n)
{
    dom_player *P = &s->pl[p];
    if (!P->known_top && !s->trace && !(dom_config(g)->hooks & DOM_H_SHUFFLE)) {
        /* the rest of the deck, a shuffle without choices, the rest of the
         * draw: what the loop below does for unknown cards */
        int k = P->ndeck < n ? P->ndeck : n;
        draw_unknown(dom_config(g), P, k);
        if (k < n && P->ndisc) {
            reshuffle(s, p);
            int m = n - k < P->ndeck ? n - k : P->ndeck;
            draw_unknown(dom_config(g), P, m);
            k += m;
        }
        return k;
    }
    int k = 0;
    while (k < n) {
        if (!P->ndeck) {
            if (!P->ndisc)
                break;
            if (shuffle_has_choice(g, s, p) && push_shuffle(s, p, n - k, -1))
                return k;
            reshuffle(s, p);
        }
        if (!P->known_top) {
            /* nobody knows these cards: no bookkeeping */
            int m = n - k < P->ndeck ? n - k : P->ndeck;
            if (!s->trace) {
                draw_unknown(dom_config(g), P, m);
            } else {
                /* the game log's traced replay reports every card */
                for (int j = 0; j < m; j++) {
                    int c = P->deck[--P->ndeck];
                    P->deck[P->ndeck] = 0;
                    dom_hand_add(P, c);
                    DOM_TRACE(s, DOM_TE_DRAW, p, c, 0);
                }
            }
            k += m;
            continue;
        }
        int pub;
        int c = dom_take_top(s, p, &pub);
        dom_hand_add(P, c);
        if (pub)
            P->pubhand[c]++;
        DOM_TRACE(s, DOM_TE_DRAW, p, c, pub);
        k++;
    }
    return k;
}

int dom_draw(const kt_game *g, dom_state *s, int p, int n)
{
    dom_player *P = &s->pl[p];
    if (n <= P->ndeck && !P->known_top && !s->trace) {
        /* the common case: enough cards, nobody knows them, no bookkeeping
         * (and no game log being traced: that reports card by card) */
        draw_unknown(dom_config(g), P, n);
        return n;
    }
    return draw_slow(g, s, p, n);
}

int dom_look(const kt_game *g, dom_state *s, int p, int n, int kind)
{
    dom_player *P = &s->pl[p];
    int k = 0;
    for (; k < n; k++) {
        if (!P->ndeck) {
            if (!P->ndisc)
                break;
            if (shuffle_has_choice(g, s, p) && push_shuffle(s, p, n - k, kind))
                return k;
            reshuffle(s, p);
        }
        dom_aside_add(s, p, dom_take_top(s, p, NULL), kind, 0);
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
    DOM_TRACE(s, DOM_TE_TOPDECK, p, card, public_);
}

void dom_put_under_deck(dom_state *s, int p, int card)
{
    dom_player *P = &s->pl[p];
    KT_ASSERT(P->ndeck < DOM_MAXC);
    memmove(P->deck + 1, P->deck, P->ndeck);
    P->deck[0] = (uint8_t)card;
    P->ndeck++;
    DOM_TRACE(s, DOM_TE_BOTTOM, p, card, 0);
    /* known_top counts from the top, so the known cards stay known */
    for (int k = 0; k < s->nstack; k++)
        if (s->stack[k].loc == DOM_L_DECK && s->stack[k].tp == p)
            s->stack[k].pos++;
}

void dom_discard_card(dom_state *s, int p, int card)
{
    dom_player *P = &s->pl[p];
    KT_ASSERT(P->ndisc < DOM_MAXC);
    P->disc[P->ndisc++] = (uint8_t)card;
    DOM_TRACE(s, DOM_TE_DISCARD, p, card, 0);
}

int dom_disc_remove(dom_state *s, int p, int i)
{
    dom_player *P = &s->pl[p];
    if (i < 0 || i >= P->ndisc)
        return 0;
    int c = P->disc[i];
    memmove(&P->disc[i], &P->disc[i + 1], (size_t)(P->ndisc - i - 1));
    P->ndisc--;
    P->disc[P->ndisc] = 0;
    if (s->nstack)
        track_disc_removed(s, p, i);
    return c;
}

/* ------------------------------------------------------------ tracked cards */

int dom_tracked_here(const dom_state *s, const dom_frame *f)
{
    const dom_player *P = &s->pl[f->tp];
    switch (f->loc) {
    case DOM_L_DISCARD:
        return f->pos < P->ndisc && P->disc[f->pos] == f->tc;
    case DOM_L_DECK:
        return f->pos < P->ndeck && P->deck[f->pos] == f->tc;
    case DOM_L_HAND:
        return P->hand[f->tc] > 0;
    case DOM_L_ASIDE:
        for (int i = 0; i < s->naside; i++)
            if (s->aside[i].owner == f->tp && s->aside[i].kind == DOM_A_ON &&
                s->aside[i].host == f->pos && s->aside[i].card == f->tc)
                return 1;
        return 0;
    default:
        return 0;
    }
}

int dom_tracked_take(dom_state *s, dom_frame *f)
{
    if (!dom_tracked_here(s, f)) {
        f->loc = DOM_L_NONE;
        return 0;
    }
    dom_player *P = &s->pl[f->tp];
    int loc = f->loc;
    f->loc = DOM_L_NONE;
    switch (loc) {
    case DOM_L_DISCARD:
        dom_disc_remove(s, f->tp, f->pos);
        return 1;
    case DOM_L_DECK: {
        int i = f->pos, fromtop = P->ndeck - 1 - i;
        memmove(&P->deck[i], &P->deck[i + 1], (size_t)(P->ndeck - i - 1));
        P->ndeck--;
        P->deck[P->ndeck] = 0;
        if (fromtop < P->known_top)
            P->known_top--;
        if (fromtop < P->pub_top)
            P->pub_top--;
        if (P->pub_top > P->known_top)
            P->pub_top = P->known_top;
        for (int k = 0; k < s->nstack; k++) {
            dom_frame *o = &s->stack[k];
            if (o->loc == DOM_L_DECK && o->tp == f->tp && o->pos > i)
                o->pos--;
        }
        return 1;
    }
    case DOM_L_HAND:
        return dom_hand_del(P, f->tc);
    case DOM_L_ASIDE:
        for (int i = 0; i < s->naside; i++)
            if (s->aside[i].owner == f->tp && s->aside[i].kind == DOM_A_ON &&
                s->aside[i].host == f->pos && s->aside[i].card == f->tc) {
                dom_aside_del(s, i);
                return 1;
            }
        return 0;
    default:
        return 0;
    }
}

/* ------------------------------------------------------------ game end */

int dom_empty_piles(const dom_cfg *c, const dom_state *s)
{
    /* 16 supply counts at a time (asked at the end of every turn) */
#ifdef __SSE2__
    /* per chunk: 1 in each byte of a pile that is empty, summed bytewise
     * into the two 64-bit halves of acc */
    const __m128i zero = _mm_setzero_si128();
    __m128i acc = zero;
    for (int i = 0; i < c->npc; i++) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s->supply + 16 * c->pc_idx[i]));
        __m128i m = _mm_loadu_si128((const __m128i *)(const void *)c->pc_mask[i]);
        __m128i e = _mm_and_si128(_mm_cmpeq_epi8(v, zero), m);
        acc = _mm_add_epi64(acc, _mm_sad_epu8(e, zero));
    }
    return _mm_cvtsi128_si32(acc) + _mm_cvtsi128_si32(_mm_unpackhi_epi64(acc, acc));
#else
    int n = 0;
    for (int i = 0; i < c->npc; i++) {
        const uint8_t *v = s->supply + 16 * c->pc_idx[i];
        for (int b = 0; b < 16; b++)
            n += c->pc_mask[i][b] && !v[b];
    }
    return n;
#endif
}

int dom_score(const dom_cfg *c, const dom_state *s, int p)
{
    KT_UNUSED(c);
    const dom_player *P = &s->pl[p];
    return P->vp + P->own[DOM_GARDENS] * (P->ncards / 10);
}

void dom_finish(dom_state *s, int why)
{
    s->h.status = KT_FINISHED;
    s->h.to_move = -1;
    s->h.turn_player = -1;
    s->h.decision = DOM_D_NONE;
    s->phase = DOM_PH_OVER;
    s->pstep = 0;
    s->ended = (uint8_t)why;
    memset(s->stack, 0, sizeof s->stack[0] * s->nstack); /* frames above are zero */
    s->nstack = 0;
    for (int i = 0; i < s->nwatch; i++)
        s->watch[i].fired = 0; /* no effect is resolving them any more */
}

/* ------------------------------------------------------------ gains, trash */

int dom_gain_ex(const kt_game *g, dom_state *s, int p, int card, int dest, int from, int host,
                dom_frame *track)
{
    const dom_cfg *c = dom_config(g);
    int emptied = 0;
    if (!card)
        return 0;
    switch (from) {
    case DOM_FROM_TRASH:
        if (!s->trash[card])
            return 0;
        s->trash[card]--;
        break;
    case DOM_FROM_LOOT:
        if (!s->nloot || s->loot[s->nloot - 1] != card)
            return 0;
        s->loot[--s->nloot] = 0;
        break;
    default:
        if (!s->supply[card])
            return 0;
        dom_supply_take(c, s, card);
        emptied = s->supply[card] == 0 && c->in_supply[card];
        break;
    }
    dom_player *P = &s->pl[p];
    dom_own_add(P, card);
    int loc, pos;
    /* the log reports the gain, not the placing that is part of it */
    uint8_t tracing = s->trace;
    s->trace = 0;
    if (dest == DOM_TO_ASIDE) {
        /* onto an instance of p in play (Quartermaster); without one (only
         * a loaded state) the card goes to the discard pile */
        int h = dom_inplay_find(s, host);
        if (h < 0 || s->play[h].owner != p)
            dest = DOM_TO_DISCARD;
    }
    switch (dest) {
    case DOM_TO_DECK:
        dom_put_on_deck(s, p, card, 1);
        loc = DOM_L_DECK;
        pos = P->ndeck - 1;
        break;
    case DOM_TO_HAND:
        dom_hand_add(P, card);
        P->pubhand[card]++; /* gained cards are public */
        loc = DOM_L_HAND;
        pos = 0;
        break;
    case DOM_TO_ASIDE:
        dom_aside_add(s, p, card, DOM_A_ON, host);
        loc = DOM_L_ASIDE;
        pos = host;
        break;
    default:
        dom_discard_card(s, p, card);
        loc = DOM_L_DISCARD;
        pos = P->ndisc - 1;
        break;
    }
    s->trace = tracing;
    DOM_TRACE(s, DOM_TE_GAIN, p, card, dest | from << 4);
    if (track) {
        track->tc = (uint8_t)card;
        track->tp = (uint8_t)p;
        track->loc = (uint8_t)loc;
        track->pos = (uint16_t)pos;
    }
    /* `until` option: the game ends the moment a player owns enough. */
    if (c->until_n && card == c->until_card && P->own[card] >= c->until_n) {
        s->winner = (int8_t)p;
        dom_finish(s, DOM_END_UNTIL);
        return 1;
    }
    if (c->hooks & DOM_H_GAIN) {
        dom_frame where;
        where.tc = (uint8_t)card;
        where.tp = (uint8_t)p;
        where.loc = (uint8_t)loc;
        where.pos = (uint16_t)pos;
        dom_gain_hooks(g, s, p, card, &where, emptied);
    }
    return 1;
}

int dom_gain_loot(const kt_game *g, dom_state *s, int p, int dest, dom_frame *track)
{
    if (!s->nloot)
        return 0;
    int card = s->loot[s->nloot - 1];
    return dom_gain_ex(g, s, p, card, dest, DOM_FROM_LOOT, 0, track) ? card : 0;
}

void dom_trash_card(const kt_game *g, dom_state *s, int p, int card)
{
    s->trash[card]++;
    dom_own_del(&s->pl[p], card);
    DOM_TRACE(s, DOM_TE_TRASH, p, card, 0);
    if (dom_cards[card].flags & DOM_CF_ONTRASH)
        dom_trash_hooks(g, s, p, card);
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

uint16_t dom_new_uid(dom_state *s)
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
    memset(e, 0, sizeof *e);
    e->card = (uint8_t)card;
    e->owner = (int8_t)p;
    e->uid = dom_new_uid(s);
    e->by = (uint16_t)by;
    return e->uid;
}

int dom_inplay_find(const dom_state *s, int uid)
{
    if (!uid)
        return -1;
    for (int i = s->nplay - 1; i >= 0; i--)
        if (s->play[i].uid == uid)
            return i;
    return -1;
}

int dom_inplay_take(dom_state *s, int uid)
{
    int i = dom_inplay_find(s, uid);
    if (i < 0)
        return 0;
    int card = s->play[i].card;
    if (s->play[i].flags & DOM_IP_OLD)
        s->nold--;
    memmove(&s->play[i], &s->play[i + 1], sizeof s->play[0] * (size_t)(s->nplay - i - 1));
    s->nplay--;
    memset(&s->play[s->nplay], 0, sizeof s->play[0]);
    return card;
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
    DOM_TRACE(s, DOM_TE_ASIDE, p, card, kind);
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

int dom_aside_count(const dom_state *s, int p, int kind, int host)
{
    int n = 0;
    for (int i = 0; i < s->naside; i++)
        n += s->aside[i].owner == p && s->aside[i].kind == kind && s->aside[i].host == host;
    return n;
}

int dom_treasure_names_in_play(const dom_state *s, int p)
{
    uint8_t seen[DOM_NIDS];
    memset(seen, 0, sizeof seen);
    int n = 0;
    for (int i = 0; i < s->nplay; i++) {
        int c = s->play[i].card;
        if (s->play[i].owner == p && dom_is(c, DOM_T_TREASURE) && !seen[c]) {
            seen[c] = 1;
            n++;
        }
    }
    return n;
}

/* ------------------------------------------------------------ stack, watchers */

/* Bound: frames nest through cards that play other cards (Throne Room,
 * King's Cache, Flagship...) and through gains whose effects gain again
 * (Cursed, Doubloons, Mirror); each level holds a few frames and is driven
 * by a card in play or a card gained, so deep nesting needs many of them.
 * A full stack refuses the push rather than overflow memory, and marks the
 * state (overflow, core/stack.h) so that kt_check - run after every action by the soaks
 * and on every load - reports it instead of the effect vanishing silently;
 * DOM_STACK is far above the depth reached in long soaks. */
dom_frame *dom_push(dom_state *s, int fx, int pl, int card)
{
    dom_frame *f = KT_STACK_PUSH(s);
    if (!f)
        return NULL;
    memset(f, 0, sizeof *f);
    f->fx = (uint8_t)fx;
    f->pl = (int8_t)pl;
    f->who = (int8_t)pl;
    f->card = (uint8_t)card;
    f->cap = 255;
    return f;
}

/* Watchers merge when everything but the count matches (Merchant played
 * twice fires twice); instance-bound watchers are bounded by the cards in
 * play.  A full table refuses (returns 0). */
int dom_watch_add(dom_state *s, int ev, int owner, int card, int life, int arg, int uid)
{
    for (int i = 0; i < s->nwatch; i++) {
        dom_watch *w = &s->watch[i];
        if (w->ev == ev && w->owner == owner && w->card == card && w->life == life &&
            w->arg == arg && w->uid == uid && w->n < 255 && !w->fired) {
            w->n++;
            return 1;
        }
    }
    if (s->nwatch >= DOM_WATCH)
        return 0;
    dom_watch *w = &s->watch[s->nwatch++];
    memset(w, 0, sizeof *w);
    w->ev = (uint8_t)ev;
    w->owner = (int8_t)owner;
    w->card = (uint8_t)card;
    w->life = (uint8_t)life;
    w->arg = (uint8_t)arg;
    w->n = 1;
    w->uid = (uint16_t)uid;
    return 1;
}

int dom_watch_count(const dom_state *s, int owner, int card)
{
    int n = 0;
    for (int i = 0; i < s->nwatch; i++)
        if (s->watch[i].owner == owner && s->watch[i].card == card && !s->watch[i].fired)
            n += s->watch[i].n;
    return n;
}

void dom_watch_del(dom_state *s, int i)
{
    memmove(&s->watch[i], &s->watch[i + 1], sizeof s->watch[0] * (size_t)(s->nwatch - i - 1));
    s->nwatch--;
    memset(&s->watch[s->nwatch], 0, sizeof s->watch[0]);
}

/* Landing Party: the first card p played this turn was a Treasure and has
 * resolved; each waiting Landing Party goes onto p's deck. */
static void landing_party(dom_state *s, int p, int latch)
{
    for (int i = 0; i < s->nwatch; i++) {
        dom_watch *w = &s->watch[i];
        if (w->card != DOM_LANDING_PARTY || w->owner != p || w->fired != latch)
            continue;
        if (dom_inplay_take(s, w->uid) == DOM_LANDING_PARTY)
            dom_put_on_deck(s, p, DOM_LANDING_PARTY, 1);
        dom_watch_del(s, i--);
    }
}

/* A Treasure without a frame was played by p: Merchant, Landing Party. */
void dom_fire_play(const kt_game *g, dom_state *s, int p, int card)
{
    KT_UNUSED(g);
    for (int i = 0; i < s->nwatch; i++) {
        dom_watch *w = &s->watch[i];
        if (w->ev != DOM_EV_PLAY || w->owner != p || w->fired)
            continue;
        switch (w->card) {
        case DOM_MERCHANT:
            /* "the first time you play a Silver this turn" */
            if (card == DOM_SILVER && s->silvers == 1) {
                s->coins = (uint16_t)(s->coins + w->n);
                dom_watch_del(s, i--);
            }
            break;
        default:
            break;
        }
    }
    if (p == s->h.turn_player && s->played == 1 && dom_is(card, DOM_T_TREASURE)) {
        for (int i = 0; i < s->nwatch; i++)
            if (s->watch[i].card == DOM_LANDING_PARTY && s->watch[i].owner == p &&
                !s->watch[i].fired) {
                landing_party(s, p, 0);
                break;
            }
    }
}

/* ------------------------------------------------------------ playing cards */

void dom_count_play(dom_state *s, int p, int card)
{
    /* only the turn player's plays count ("this turn": Merchant, Landing
     * Party); Reactions played on other turns do not */
    if (p != s->h.turn_player)
        return;
    s->played++;
    if (card == DOM_SILVER)
        s->silvers++;
}

int dom_play_card(const kt_game *g, dom_state *s, int p, int card, int by)
{
    KT_UNUSED(g);
    int uid = dom_inplay_add(s, p, card, by);
    dom_count_play(s, p, card);
    DOM_TRACE(s, DOM_TE_PLAY, p, card, 0);
    dom_frame *f = dom_push(s, DOM_FX_PLAY, p, card);
    if (!f)
        return 0;
    f->uid = (uint16_t)uid;
    return 1;
}

int dom_replay(const kt_game *g, dom_state *s, int p, int card, int uid)
{
    KT_UNUSED(g);
    dom_count_play(s, p, card);
    DOM_TRACE(s, DOM_TE_PLAY, p, card, 1);
    dom_frame *f = dom_push(s, DOM_FX_PLAY, p, card);
    if (!f)
        return 0;
    f->uid = (uint16_t)uid;
    f->flags |= DOM_FF_REPLAY;
    return 1;
}

/* Before a card resolves: latch the watchers its play triggers, so that
 * effects it causes cannot consume them again (Harbor Village, Flagship,
 * Landing Party). */
static void play_hooks_pre(dom_state *s, dom_frame *f)
{
    int latch = (int)(f - s->stack) + 1, p = f->pl, card = f->card;
    int action = dom_is(card, DOM_T_ACTION);
    int first_tre = p == s->h.turn_player && s->played == 1 && dom_is(card, DOM_T_TREASURE);
    f->c0 = s->coins;
    for (int i = 0; i < s->nwatch; i++) {
        dom_watch *w = &s->watch[i];
        if (w->ev != DOM_EV_PLAY || w->owner != p || w->fired)
            continue;
        if ((w->card == DOM_HARBOR_VILLAGE && action) ||
            (w->card == DOM_FLAGSHIP && action && !dom_is(card, DOM_T_COMMAND)) ||
            (w->card == DOM_LANDING_PARTY && first_tre))
            w->fired = (uint8_t)latch;
    }
}

/* Is p hit by a Frigate (of another player, not blocked)? */
static int frigate_hits(const dom_state *s, int p)
{
    for (int i = 0; i < s->nwatch; i++) {
        const dom_watch *w = &s->watch[i];
        if (w->card == DOM_FRIGATE && w->owner != p && !((w->arg >> p) & 1))
            return 1;
    }
    return 0;
}

/* After a card resolved (steps POST..END): Reckless' second run, Harbor
 * Village, Landing Party, Frigate, Flagship's replays, Inspiring, Merchant. */
static int play_hooks_post(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    const dom_cfg *c = dom_config(g);
    int latch = (int)(f - s->stack) + 1, p = f->pl;
    switch (f->step) {
    case DOM_STEP_POST:
        if (c->trait_of[f->card] == DOM_RECKLESS && !(f->flags & DOM_FF_TWICE)) {
            /* follow its instructions a second time (not a second play) */
            f->flags |= DOM_FF_TWICE;
            f->step = 1;
            return DOM_R_CONT;
        }
        if (!s->nwatch && !(c->hooks & DOM_H_PLAY))
            return DOM_R_DONE;
        f->step = DOM_STEP_POST + 1;
        /* fall through */
    case DOM_STEP_POST + 1:
        for (int i = 0; i < s->nwatch; i++) {
            dom_watch *w = &s->watch[i];
            if (w->fired != latch || w->card != DOM_HARBOR_VILLAGE)
                continue;
            if (s->coins > f->c0)
                s->coins = (uint16_t)(s->coins + w->n);
            dom_watch_del(s, i--);
        }
        landing_party(s, p, latch);
        f->step = DOM_STEP_POST + 2;
        /* fall through */
    case DOM_STEP_POST + 2:
        /* Frigate: after each Action another player plays, they discard
         * down to 4 */
        if (dom_is(f->card, DOM_T_ACTION) && s->pl[p].nhand > 4 && frigate_hits(s, p)) {
            dom_pick_reset(f);
            return dom_ask(f, p, DOM_D_DISCARD, DOM_S_HAND, DOM_V_DISCARD, 0,
                           DOM_STEP_POST + 3);
        }
        f->step = DOM_STEP_POST + 4;
        return DOM_R_CONT;
    case DOM_STEP_POST + 3:
        if (DOM_VERB(in) == DOM_V_DISCARD && dom_hand_del(&s->pl[p], DOM_CARD(in)))
            dom_discard_card(s, p, DOM_CARD(in));
        f->step = DOM_STEP_POST + 2;
        return DOM_R_CONT;
    case DOM_STEP_POST + 4: {
        /* Flagship: replay the card once per Flagship that waited for it */
        int n = 0;
        for (int i = 0; i < s->nwatch; i++) {
            dom_watch *w = &s->watch[i];
            if (w->fired != latch || w->card != DOM_FLAGSHIP)
                continue;
            int fi = dom_inplay_find(s, w->uid);
            if (fi >= 0)
                s->play[fi].link = f->uid; /* stays as long as a Duration it replays */
            n += w->n;
            dom_watch_del(s, i--);
        }
        f->step = DOM_STEP_POST + 5;
        for (int k = 0; k < n; k++)
            dom_replay(g, s, p, f->card, f->uid);
        return DOM_R_CONT;
    }
    case DOM_STEP_POST + 5:
        if (c->trait_of[f->card] == DOM_INSPIRING && p == s->h.turn_player &&
            s->pl[p].hand_act) {
            dom_pick_reset(f);
            f->x = 0;
            return dom_ask(f, p, DOM_D_PLAY, DOM_S_CUSTOM, DOM_V_PLAY, 1, DOM_STEP_POST + 6);
        }
        f->step = DOM_STEP_POST + 7;
        return DOM_R_CONT;
    case DOM_STEP_POST + 6:
        f->step = DOM_STEP_POST + 7;
        if (DOM_VERB(in) == DOM_V_PLAY && dom_hand_del(&s->pl[p], DOM_CARD(in)))
            dom_play_card(g, s, p, DOM_CARD(in), 0);
        return DOM_R_CONT;
    default:
        if (s->nwatch && dom_is(f->card, DOM_T_TREASURE))
            dom_fire_play(g, s, p, f->card);
        return DOM_R_DONE;
    }
}

/* FX_PLAY: reactions to an Attack, vanilla bonuses, the card's program,
 * then after-play hooks. */
static int fx_play(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    const dom_cfg *c = dom_config(g);
    switch (f->step) {
    case 0:
        f->step = 1;
        if (s->nwatch)
            play_hooks_pre(s, f);
        if (dom_is(f->card, DOM_T_ATTACK) && c->np > 1) {
            dom_push(s, DOM_FX_REACT, f->pl, f->card);
            return DOM_R_CONT;
        }
        /* fall through */
    case 1: {
        const dom_card *d = &dom_cards[f->card];
        s->actions = (uint16_t)(s->actions + d->actions);
        s->buys = (uint16_t)(s->buys + d->buys);
        s->coins = (uint16_t)(s->coins + d->coins);
        f->step = (d->flags & DOM_CF_SPECIAL) ? 2 : DOM_STEP_POST;
        if (d->cards)
            dom_draw(g, s, f->pl, d->cards);
        return DOM_R_CONT;
    }
    default:
        if (f->step >= DOM_STEP_POST)
            return play_hooks_post(g, s, f, in);
        if (f->card >= DOM_FIRST_PLUNDER)
            return dom_plunder_program(g, s, f, in);
        return dom_card_program(g, s, f, in);
    }
}

/* FX_EVENT and FX_DUR run a program to its end. */
static int fx_program(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    if (f->step == 0)
        f->step = f->fx == DOM_FX_DUR ? DOM_STEP_DUR : 2;
    if (f->step >= DOM_STEP_POST)
        return DOM_R_DONE;
    if (f->fx == DOM_FX_EVENT)
        return dom_event_program(g, s, f, in);
    return dom_plunder_program(g, s, f, in);
}

static int step_frame(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->fx) {
    case DOM_FX_PLAY: return fx_play(g, s, f, in);
    case DOM_FX_REACT: return dom_react_program(g, s, f, in);
    case DOM_FX_GAIN: return dom_gain_program(g, s, f, in);
    case DOM_FX_EVENT:
    case DOM_FX_DUR: return fx_program(g, s, f, in);
    case DOM_FX_START: return dom_start_program(g, s, f, in);
    case DOM_FX_CLEANUP: return dom_cleanup_program(g, s, f, in);
    case DOM_FX_SHUFFLE: return dom_shuffle_program(g, s, f, in);
    case DOM_FX_TREASURES: return dom_treasures_program(g, s, f, in);
    case DOM_FX_SETUP: return dom_setup_program(g, s, f, in);
    default: return DOM_R_DONE;
    }
}

void dom_pick_reset(dom_frame *f)
{
    f->tmask = 0;
    f->cap = 255;
    f->only = 0;
    f->flags &= (uint8_t)~(DOM_FF_EXACT | DOM_FF_NOT | DOM_FF_INPLAY | DOM_FF_LESS);
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

int dom_post(dom_frame *f)
{
    f->step = DOM_STEP_POST;
    return DOM_R_CONT;
}

static void pop(dom_state *s)
{
    dom_frame *f = &s->stack[s->nstack - 1];
    /* watchers latched by this frame are resolved with it */
    int latch = s->nstack;
    for (int i = 0; i < s->nwatch; i++)
        if (s->watch[i].fired == latch)
            dom_watch_del(s, i--);
    s->nstack--;
    memset(f, 0, sizeof *f);
}

/* Handle a program's result; answers picks that leave no choice. */
static void settle(const kt_game *g, dom_state *s, dom_frame *f, int r)
{
    kt_action buf[DOM_MAX_LEGAL];
    for (;;) {
        if (s->h.status != KT_RUNNING) {
            /* a program may have touched its frame after the game ended */
            memset(s->stack, 0, sizeof s->stack);
            s->nstack = 0;
            return;
        }
        if (f != &s->stack[s->nstack - 1]) {
            /* the step pushed effects that resolve first */
            if (r == DOM_R_DONE)
                f->flags |= DOM_FF_DONEPEND;
            else if (r == DOM_R_ASK) {
                f->dec = 0;
                f->flags |= DOM_FF_ASKPEND;
            }
            return;
        }
        if (r == DOM_R_DONE) {
            pop(s);
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

/* ------------------------------------------------------------ the turn machine */

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
            if (f->flags & DOM_FF_DONEPEND) {
                pop(s);
                continue;
            }
            if (f->flags & DOM_FF_ASKPEND) {
                f->flags &= (uint8_t)~DOM_FF_ASKPEND;
                settle(g, s, f, DOM_R_ASK);
                continue;
            }
            settle(g, s, f, step_frame(g, s, f, 0));
            continue;
        }
        if (!dom_phase_step(g, s))
            return;
    }
}

/* ------------------------------------------------------------ phase actions */

void dom_apply(const kt_game *g, kt_state *st, kt_action a)
{
    dom_state *s = dom_st(st);
    if (s->nstack) {
        dom_frame *f = &s->stack[s->nstack - 1];
        KT_ASSERT(f->dec);
        f->dec = 0;
        settle(g, s, f, step_frame(g, s, f, a));
    } else if (dom_phase_action(g, s, a)) {
        return;
    }
    dom_run(g, s);
}

/* ------------------------------------------------------------ shuffling */

/* FX_SHUFFLE: p's deck is empty and a draw (x = 0) or a look into aside
 * kind x-1 needs n more cards; the shuffle involves p's choices.
 *   Avoid (seed 004): up to 3 cards per Avoid bought this turn stay in the
 *   discard pile; the draw then takes only what the new deck holds (no
 *   second shuffle).
 *   Fated: any Fated cards may be revealed and put on top or under the
 *   shuffled cards; each pick is placed at once, so of the cards put on top
 *   the last one picked ends on top, of those put under the last one ends at
 *   the bottom. */
int dom_shuffle_program(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    const dom_cfg *c = dom_config(g);
    int p = f->pl;
    dom_player *P = &s->pl[p];
    switch (f->step) {
    case 0: {
        int n = 0;
        for (int i = 0; i < s->nwatch; i++)
            if (s->watch[i].ev == DOM_EV_SHUFFLE && s->watch[i].owner == p)
                n += s->watch[i].n;
        f->z = (uint8_t)(n * 3 > 255 ? 255 : n * 3);
        f->step = 2;
        if (!f->z)
            return DOM_R_CONT;
        f->step = 1;
    }
        /* fall through */
    case 1:
        if (DOM_VERB(in) == DOM_V_KEEP) {
            for (int i = P->ndisc - 1; i >= 0; i--)
                if (P->disc[i] == DOM_CARD(in)) {
                    dom_aside_add(s, p, dom_disc_remove(s, p, i), DOM_A_AVOID, 0);
                    f->z--;
                    break;
                }
        } else if (DOM_VERB(in) == DOM_V_DONE) {
            f->z = 0;
        }
        if (f->z && P->ndisc) {
            dom_pick_reset(f);
            return dom_ask(f, p, DOM_D_SHUFFLE, DOM_S_DISCARD, DOM_V_KEEP, 1, 1);
        }
        f->step = 2;
        return DOM_R_CONT;
    case 2:
        for (int i = 0; i < s->nwatch; i++)
            if (s->watch[i].ev == DOM_EV_SHUFFLE && s->watch[i].owner == p)
                dom_watch_del(s, i--); /* "the next time you shuffle" is now */
        f->step = 3;
        /* fall through */
    case 3:
        if (DOM_VERB(in) == DOM_V_TOPDECK || DOM_VERB(in) == DOM_V_BOTTOM) {
            for (int i = P->ndisc - 1; i >= 0; i--)
                if (P->disc[i] == DOM_CARD(in)) {
                    dom_aside_add(s, p, dom_disc_remove(s, p, i),
                                  DOM_VERB(in) == DOM_V_TOPDECK ? DOM_A_FATETOP : DOM_A_FATEBOT,
                                  0);
                    break;
                }
        } else if (DOM_VERB(in) == DOM_V_DONE && f->step == 3 && f->y) {
            f->step = 4;
            return DOM_R_CONT;
        }
        for (int i = 0; i < P->ndisc; i++)
            if (c->trait_of[P->disc[i]] == DOM_FATED) {
                dom_pick_reset(f);
                f->y = 1;
                return dom_ask(f, p, DOM_D_SHUFFLE, DOM_S_CUSTOM, DOM_V_TOPDECK, 1, 3);
            }
        f->step = 4;
        /* fall through */
    case 4: {
        if (P->ndisc && !P->ndeck)
            reshuffle(s, p);
        for (int i = 0; i < s->naside;) {
            dom_aside *a = &s->aside[i];
            if (a->owner == p && a->kind == DOM_A_FATEBOT) {
                int card = a->card;
                dom_aside_del(s, i);
                dom_put_under_deck(s, p, card);
            } else {
                i++;
            }
        }
        for (int i = 0; i < s->naside;) {
            dom_aside *a = &s->aside[i];
            if (a->owner == p && (a->kind == DOM_A_FATETOP || a->kind == DOM_A_AVOID)) {
                int card = a->card, top = a->kind == DOM_A_FATETOP;
                dom_aside_del(s, i);
                if (top)
                    dom_put_on_deck(s, p, card, 1);
                else
                    dom_discard_card(s, p, card);
            } else {
                i++;
            }
        }
        /* finish the draw or look from the new deck only */
        for (int k = 0; k < f->n && P->ndeck; k++) {
            int pub;
            int card = dom_take_top(s, p, &pub);
            if (f->x) {
                dom_aside_add(s, p, card, f->x - 1, 0);
            } else {
                dom_hand_add(P, card);
                if (pub)
                    P->pubhand[card]++;
                DOM_TRACE(s, DOM_TE_DRAW, p, card, pub);
            }
        }
        return DOM_R_DONE;
    }
    }
    return DOM_R_DONE;
}

/* ------------------------------------------------------------ Inherited */

/* FX_SETUP: in turn order each player replaces a starting card of their
 * choice with a card of the Inherited pile (taken, not gained); a replaced
 * Copper goes back to the Supply, an Estate leaves the game (seed 004).
 * Then the decks are shuffled and the first hands drawn. */
int dom_setup_program(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    const dom_cfg *c = dom_config(g);
    int inh = 0;
    for (int i = 0; i < c->ntraits; i++)
        if (c->traits[i] == DOM_INHERITED)
            inh = c->trait_pile[i];
    switch (f->step) {
    case 0:
        if (f->n >= c->np || !inh) {
            dom_deal(g, s);
            return DOM_R_DONE;
        }
        dom_pick_reset(f);
        return dom_ask(f, f->n, DOM_D_SETUP, DOM_S_CUSTOM, DOM_V_REPLACE, 0, 1);
    case 1: {
        dom_player *P = &s->pl[f->n];
        int card = DOM_CARD(in);
        if (DOM_VERB(in) == DOM_V_REPLACE && s->supply[inh]) {
            for (int i = 0; i < P->ndeck; i++) {
                if (P->deck[i] != card)
                    continue;
                P->deck[i] = (uint8_t)inh;
                DOM_TRACE(s, DOM_TE_REPLACE, f->n, card, inh);
                dom_own_del(P, card);
                dom_own_add(P, inh);
                dom_supply_take(dom_config(g), s, inh);
                if (card == DOM_COPPER)
                    dom_supply_put(dom_config(g), s, DOM_COPPER);
                else
                    s->removed++;
                break;
            }
        }
        f->n++;
        f->step = 0;
        return DOM_R_CONT;
    }
    }
    return DOM_R_DONE;
}
