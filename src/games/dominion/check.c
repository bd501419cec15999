/*
 * check.c - Dominion's invariants (kt_check, also run by the loader after
 * every load): ranges of every field, card conservation against the
 * configuration's totals, the derived per-player counters, cross-references
 * between zones (cards lying on an instance in play, watchers bound to an
 * instance, effects bound to an instance) and the consistency of the effect
 * stack with the pending decision, ending with "the player to move has a
 * legal action".
 *
 * A state that passes must be safe for legal/apply: the loader accepts
 * nothing else, and random play from any accepted state keeps passing
 * (tests/dominion/test_load_mutations.c).
 */
#include <stdarg.h>
#include <string.h>

#include "dominion.h"

static int fail(kt_buf *why, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(kt_buf *why, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    kt_buf_vprintf(why, fmt, ap);
    va_end(ap);
    return 0;
}

static int valid_card(int id) { return id > 0 && id < DOM_NCARDS; }

/* Is `card` a card of this game (supply, starting cards, Loot)? */
static int in_game(const dom_cfg *c, int card)
{
    return card > 0 && card < DOM_NCARDS && c->total[card];
}

static int is_event_of(const dom_cfg *c, int card)
{
    for (int i = 0; i < c->nevents; i++)
        if (c->events[i] == card)
            return 1;
    return 0;
}


/* A watcher latched by an effect (fired = its stack index + 1) is one that
 * effect resolves: a play resolves Harbor Village, Flagship and Landing
 * Party of the player playing; a gain resolves Cutthroat, Search, and Rush,
 * Mirror and Secluded Shrine of the player gaining. */
static int latch_fits(const dom_state *s, const dom_watch *w)
{
    const dom_frame *f = &s->stack[w->fired - 1];
    if (w->ev == DOM_EV_PLAY)
        return f->fx == DOM_FX_PLAY && f->pl == w->owner &&
               (w->card == DOM_HARBOR_VILLAGE || w->card == DOM_FLAGSHIP ||
                w->card == DOM_LANDING_PARTY);
    if (w->ev == DOM_EV_PILE_EMPTY)
        return f->fx == DOM_FX_GAIN && w->card == DOM_SEARCH;
    if (w->ev == DOM_EV_GAIN)
        return f->fx == DOM_FX_GAIN &&
               (w->card == DOM_CUTTHROAT ||
                (f->pl == w->owner && (w->card == DOM_RUSH || w->card == DOM_MIRROR ||
                                       w->card == DOM_SECLUDED_SHRINE)));
    return 0;
}

/* Instance ids are given out in increasing order (next_uid is the last
 * one, wrapping at 65535); an id from the future cannot be referred to.
 * A card that has lived through a Clean-up (DOM_IP_OLD: a Duration, a card
 * waiting for "the next time", one that never leaves play) may keep its id
 * for any number of plays, so after 32,768 more ids it looks like one from
 * the future: an id of such a card in play counts as given out (found by
 * the KT_SCALE=20 soak: a watched card waited through about 66,000 actions
 * of a random 1-player game that never ended). */
static int issued(const dom_state *s, int uid)
{
    if (uid == 0 || (uint16_t)(s->next_uid - (uint16_t)uid) < 32768)
        return 1;
    int k = dom_inplay_find(s, uid);
    return k >= 0 && (s->play[k].flags & DOM_IP_OLD);
}

/* The watchers the rules create: what they wait for, how long, and their
 * argument (Merchant: Silver; Frigate: the players it leaves alone). */
static const struct {
    uint8_t card, ev, life;
} watch_kinds[] = {
    {DOM_MERCHANT, DOM_EV_PLAY, DOM_LIFE_TURN},
    {DOM_HARBOR_VILLAGE, DOM_EV_PLAY, DOM_LIFE_TURN},
    {DOM_FLAGSHIP, DOM_EV_PLAY, DOM_LIFE_TRIGGER},
    {DOM_LANDING_PARTY, DOM_EV_PLAY, DOM_LIFE_TRIGGER},
    {DOM_FRIGATE, DOM_EV_PLAY, DOM_LIFE_NEXT},
    {DOM_CAGE, DOM_EV_GAIN, DOM_LIFE_TRIGGER},
    {DOM_CUTTHROAT, DOM_EV_GAIN, DOM_LIFE_TRIGGER},
    {DOM_SECLUDED_SHRINE, DOM_EV_GAIN, DOM_LIFE_TRIGGER},
    {DOM_ABUNDANCE, DOM_EV_GAIN, DOM_LIFE_TRIGGER},
    {DOM_TASKMASTER, DOM_EV_GAIN, DOM_LIFE_TURN},
    {DOM_MINING_ROAD, DOM_EV_GAIN, DOM_LIFE_TURN},
    {DOM_INSIGNIA, DOM_EV_GAIN, DOM_LIFE_TURN},
    {DOM_DELIVER, DOM_EV_GAIN, DOM_LIFE_TURN},
    {DOM_RUSH, DOM_EV_GAIN, DOM_LIFE_TURN},
    {DOM_MIRROR, DOM_EV_GAIN, DOM_LIFE_TURN},
    {DOM_AVOID, DOM_EV_SHUFFLE, DOM_LIFE_TURN},
    {DOM_SEARCH, DOM_EV_PILE_EMPTY, DOM_LIFE_TRIGGER},
    {DOM_TRICKSTER, DOM_EV_DISCARD, DOM_LIFE_TURN},
};

static int watch_kind_ok(const dom_cfg *c, const dom_watch *w)
{
    if (!in_game(c, w->card) && !is_event_of(c, w->card))
        return 0;
    int arg = w->card == DOM_MERCHANT ? DOM_SILVER : 0;
    if (w->card == DOM_FRIGATE ? (w->arg >> c->np) != 0 : w->arg != arg)
        return 0;
    for (size_t i = 0; i < sizeof watch_kinds / sizeof watch_kinds[0]; i++)
        if (watch_kinds[i].card == w->card)
            return watch_kinds[i].ev == w->ev && watch_kinds[i].life == w->life;
    return 0;
}

/* Does a watcher keep the instance uid in play? */
static int bound_watcher(const dom_state *s, int uid)
{
    for (int i = 0; i < s->nwatch; i++)
        if (s->watch[i].uid == uid && s->watch[i].life != DOM_LIFE_TURN)
            return 1;
    return 0;
}

/* Effects and watchers bound to an instance in play (uid) agree with it:
 * an effect of card X by player p names an instance of X owned by p, or
 * one that has left play (Throne Room's second play of a card that trashed
 * itself); a watcher that keeps its card in play (every lifetime but "this
 * turn") names an instance in play of its card and owner.  Programs take
 * the owner and card from the frame or watcher and the cards from the
 * instance, so a mismatch would move cards between players. */
static int check_bindings(const kt_game *g, const dom_state *s, kt_buf *why)
{
    const dom_cfg *c = dom_config(g);
    for (int i = 0; i < s->nstack; i++) {
        const dom_frame *f = &s->stack[i];
        if (f->uid && f->fx != DOM_FX_PLAY && f->fx != DOM_FX_DUR)
            return fail(why, "stack[%d]: a %s effect is bound to instance %d", i,
                        dom_fx_name(f->fx), f->uid);
        if (!issued(s, f->uid))
            return fail(why, "stack[%d]: instance id %d was never given out (next_uid %d)", i,
                        f->uid, s->next_uid);
        /* Throne Room, King's Cache: the instance played again (n, y) */
        int tuid = f->n | (f->y << 8);
        if (f->fx == DOM_FX_PLAY && (f->card == DOM_THRONE_ROOM || f->card == DOM_KINGS_CACHE) &&
            f->step == 4 && tuid) {
            int t = dom_inplay_find(s, tuid);
            if (!issued(s, tuid) || (t >= 0 && (s->play[t].card != f->x ||
                                                 s->play[t].owner != f->pl)))
                return fail(why, "stack[%d]: %s plays instance %d, which is not its %s", i,
                            dom_cards[f->card].en, tuid, dom_cards[f->x].en);
        }
        int k = dom_inplay_find(s, f->uid);
        if ((f->fx == DOM_FX_PLAY || f->fx == DOM_FX_DUR) && k >= 0 &&
            (s->play[k].card != f->card || s->play[k].owner != f->pl))
            return fail(why, "stack[%d]: instance %d in play is not %s of player %d", i, f->uid,
                        dom_cards[f->card].en, f->pl);
    }
    for (int i = 0; i < s->nwatch; i++) {
        const dom_watch *w = &s->watch[i];
        if (!watch_kind_ok(c, w))
            return fail(why, "watchers[%d]: %s does not wait for that (event %d, life %d, "
                             "arg %d)",
                        i, dom_cards[w->card].en, w->ev, w->life, w->arg);
        /* identical waiting watchers are one entry with a count */
        for (int j = 0; j < i; j++) {
            const dom_watch *v = &s->watch[j];
            if (!w->fired && !v->fired && v->ev == w->ev && v->owner == w->owner &&
                v->card == w->card && v->life == w->life && v->arg == w->arg && v->uid == w->uid &&
                v->n < 255)
                return fail(why, "watchers[%d]: repeats watchers[%d]", i, j);
        }
        if (w->fired && !latch_fits(s, w))
            return fail(why, "watchers[%d]: %s cannot be resolved by the effect stack[%d]", i,
                        dom_cards[w->card].en, w->fired - 1);
        if (!issued(s, w->uid))
            return fail(why, "watchers[%d]: instance id %d was never given out", i, w->uid);
        if (!w->uid || w->life == DOM_LIFE_TURN)
            continue;
        int k = dom_inplay_find(s, w->uid);
        if (k < 0 || s->play[k].card != w->card || s->play[k].owner != w->owner)
            return fail(why, "watchers[%d]: %s of player %d is not in play as instance %d", i,
                        dom_cards[w->card].en, w->owner, w->uid);
    }
    /* cards under an instance wait for it: it stays in play (a Duration
     * with effects to come, a watcher) or is resolving now */
    for (int i = 0; i < s->naside; i++) {
        const dom_aside *a = &s->aside[i];
        int k = dom_inplay_find(s, a->host);
        if (a->kind == DOM_A_ON && k >= 0 && s->play[k].card != DOM_QUARTERMASTER)
            return fail(why, "aside[%d]: cards lie on a Quartermaster, not on %s", i,
                        dom_cards[s->play[k].card].en);
        if (a->kind != DOM_A_UNDER)
            continue;
        int resolving = 0;
        if (k >= 0 && s->play[k].card != DOM_CAGE && s->play[k].card != DOM_GROTTO)
            return fail(why, "aside[%d]: cards lie under a Cage or a Grotto, not under %s", i,
                        dom_cards[s->play[k].card].en);
        for (int j = 0; j < s->nstack; j++)
            resolving |= s->stack[j].uid == a->host;
        if (k >= 0 && !resolving && !s->play[k].pend && !(s->play[k].flags & DOM_IP_FOREVER) &&
            !bound_watcher(s, a->host))
            return fail(why, "aside[%d]: %s lies under %s, which will leave play", i,
                        dom_cards[a->card].en, dom_cards[s->play[k].card].en);
    }
    return 1;
}

/* The card an effect kind belongs to: the card played (an Action or
 * Treasure of the game), the Attack answered, the card gained, the Event
 * bought, the Duration (or Shaman) resolving; the turn-structure effects
 * belong to no card (Inherited's setup to Inherited). */
static int frame_card_ok(const dom_cfg *c, const dom_frame *f)
{
    switch (f->fx) {
    case DOM_FX_PLAY:
        return in_game(c, f->card) && dom_is(f->card, DOM_T_ACTION | DOM_T_TREASURE);
    case DOM_FX_REACT: return in_game(c, f->card) && dom_is(f->card, DOM_T_ATTACK);
    case DOM_FX_GAIN: return in_game(c, f->card);
    case DOM_FX_EVENT: return is_event_of(c, f->card);
    case DOM_FX_DUR:
        return in_game(c, f->card) && (dom_is(f->card, DOM_T_DURATION) || f->card == DOM_SHAMAN);
    case DOM_FX_SETUP: return f->card == DOM_INHERITED;
    default: return f->card == DOM_NONE;
    }
}

/* A frame waiting for a decision is at the step that takes the answer:
 * card programs start at 2 (Durations at DOM_STEP_DUR) and always ask for
 * a later step; the after-play hooks ask at POST+3 (Frigate) and POST+6
 * (Inspiring); a reaction window answers at 1. */
static int wait_step_ok(const dom_frame *f)
{
    int st = f->step;
    switch (f->fx) {
    case DOM_FX_PLAY:
        return (st > 2 && st < DOM_STEP_DUR) || st == DOM_STEP_POST + 3 || st == DOM_STEP_POST + 6;
    case DOM_FX_EVENT: return st > 2 && st < DOM_STEP_DUR;
    case DOM_FX_DUR: return st > DOM_STEP_DUR && st < DOM_STEP_POST;
    case DOM_FX_REACT:
    case DOM_FX_START: return st == 1;
    default: return st > 0;
    }
}

/* Turn-structure effects lie at the bottom of the stack in their phase. */
static int frame_place_ok(const dom_state *s, const dom_frame *f, int i)
{
    switch (f->fx) {
    case DOM_FX_START: return i == 0 && s->phase == DOM_PH_START && s->pstep == 1;
    case DOM_FX_CLEANUP: return i == 0 && s->phase == DOM_PH_CLEANUP && s->pstep == 1;
    case DOM_FX_TREASURES: return i == 0 && s->phase == DOM_PH_BUY;
    case DOM_FX_SETUP: return i == 0 && s->phase == DOM_PH_SETUP && s->pstep == 1;
    case DOM_FX_REACT: {
        const dom_frame *a = i > 0 ? &s->stack[i - 1] : NULL;
        return a && a->fx == DOM_FX_PLAY && a->card == f->card && a->pl == f->pl;
    }
    default: return 1;
    }
}

static int check_frame_shapes(const kt_game *g, const dom_state *s, kt_buf *why)
{
    const dom_cfg *c = dom_config(g);
    for (int i = 0; i < s->nstack; i++) {
        const dom_frame *f = &s->stack[i];
        if (!frame_card_ok(c, f))
            return fail(why, "stack[%d]: a %s effect cannot belong to %s", i, dom_fx_name(f->fx),
                        f->card ? dom_cards[f->card].en : "no card");
        if (!frame_place_ok(s, f, i))
            return fail(why, "stack[%d]: a %s effect cannot stand here in phase %s", i,
                        dom_fx_name(f->fx), dom_phase_name(s->phase));
        int pend = f->flags & (DOM_FF_ASKPEND | DOM_FF_DONEPEND);
        if ((f->dec || (pend & DOM_FF_ASKPEND)) && !wait_step_ok(f))
            return fail(why, "stack[%d]: step %d does not take the answer of a decision", i,
                        f->step);
        /* deferred results belong to frames below the top, one at a time */
        if (pend && (f->dec || i == s->nstack - 1 || pend == (DOM_FF_ASKPEND | DOM_FF_DONEPEND)))
            return fail(why, "stack[%d]: deferred result flags %d out of place", i, pend);
        /* card programs finish only through their after-play part */
        if ((pend & DOM_FF_DONEPEND) && f->step < DOM_STEP_POST &&
            (f->fx == DOM_FX_PLAY || f->fx == DOM_FX_EVENT || f->fx == DOM_FX_DUR))
            return fail(why, "stack[%d]: finished at step %d, before its end", i, f->step);
        if (f->fx == DOM_FX_SETUP && (f->n >= c->np || (f->dec && f->who != f->n)))
            return fail(why, "stack[%d]: Inherited's setup asks player %d, not %d", i, f->who,
                        f->n);
        if (f->fx == DOM_FX_SHUFFLE && f->x > DOM_NASIDE)
            return fail(why, "stack[%d]: shuffle into aside kind %d out of range", i, f->x - 1);
        if (f->fx != DOM_FX_SHUFFLE && f->x && !in_game(c, f->x) && !is_event_of(c, f->x))
            return fail(why, "stack[%d]: x names %s, not a card of this game", i,
                        f->x < DOM_NCARDS ? dom_cards[f->x].en : "?");
    }
    return 1;
}

static int check_frames(const kt_game *g, const dom_state *s, kt_buf *why)
{
    const dom_cfg *c = dom_config(g);
    if (s->nstack > DOM_STACK)
        return fail(why, "stack depth %d out of range", s->nstack);
    for (int i = 0; i < s->nstack; i++) {
        const dom_frame *f = &s->stack[i];
        if (f->fx == DOM_FX_NONE || f->fx >= DOM_NFX)
            return fail(why, "stack[%d]: unknown effect %d", i, f->fx);
        if (f->pl < 0 || f->pl >= c->np || f->who < 0 || f->who >= c->np)
            return fail(why, "stack[%d]: player out of range", i);
        if ((f->card && !valid_card(f->card)) || (f->x && !valid_card(f->x)) ||
            (f->only && !valid_card(f->only)) || (f->tc && !valid_card(f->tc)))
            return fail(why, "stack[%d]: card out of range", i);
        if ((f->fx == DOM_FX_PLAY || f->fx == DOM_FX_REACT || f->fx == DOM_FX_GAIN ||
             f->fx == DOM_FX_EVENT) &&
            !f->card)
            return fail(why, "stack[%d]: no card", i);
        if (f->fx == DOM_FX_EVENT && dom_cards[f->card].kind != DOM_K_EVENT)
            return fail(why, "stack[%d]: %s is not an Event", i, dom_cards[f->card].en);
        if (f->loc >= DOM_NLOCS || (f->loc && (f->tp >= c->np || !f->tc)))
            return fail(why, "stack[%d]: tracked card out of range", i);
        /* a tracked card was gained by the effect's player (a gain effect
         * tracks the card it is about) */
        if (f->loc && (f->tp != f->pl || (f->fx == DOM_FX_GAIN && f->tc != f->card)))
            return fail(why, "stack[%d]: tracks %s of player %d", i, dom_cards[f->tc].en, f->tp);
        if (f->fx == DOM_FX_REACT && (f->step > 1 || i == 0 || s->stack[i - 1].fx != DOM_FX_PLAY))
            return fail(why, "stack[%d]: a reaction window must sit on the Attack it answers", i);
        if (f->fx == DOM_FX_PLAY && f->step > DOM_STEP_END)
            return fail(why, "stack[%d]: step %d out of range", i, f->step);
        if (f->dec >= DOM_NDECISIONS || f->src >= DOM_NSRC || f->verb >= DOM_NVERBS || f->may > 1)
            return fail(why, "stack[%d]: pick fields out of range", i);
        if (f->dec && i != s->nstack - 1)
            return fail(why, "stack[%d]: only the top effect may wait for a decision", i);
        if (f->immune >> c->np)
            return fail(why, "stack[%d]: immune names a player not in the game", i);
    }
    if (!check_bindings(g, s, why) || !check_frame_shapes(g, s, why))
        return 0;
    if (s->h.status == KT_RUNNING) {
        if (s->nstack) {
            const dom_frame *t = &s->stack[s->nstack - 1];
            if (!t->dec)
                return fail(why, "the top effect (%s) is not waiting for a decision",
                            dom_cards[t->card].en);
            if (s->h.decision != t->dec || s->h.to_move != t->who)
                return fail(why, "pending decision %s by player %d does not match the effect "
                                 "stack (%s by player %d)",
                            dom_decision_name(s->h.decision), s->h.to_move,
                            dom_decision_name(t->dec), t->who);
        } else {
            int want = s->phase == DOM_PH_ACTION ? DOM_D_ACTION
                       : s->phase == DOM_PH_BUY  ? DOM_D_BUY
                                                 : -1;
            if (want < 0)
                return fail(why, "running game waits in phase %s", dom_phase_name(s->phase));
            if (s->h.decision != want || s->h.to_move != s->h.turn_player)
                return fail(why, "pending decision %s by player %d does not match the %s phase "
                                 "of player %d",
                            dom_decision_name(s->h.decision), s->h.to_move,
                            dom_phase_name(s->phase), s->h.turn_player);
        }
        kt_action buf[DOM_MAX_LEGAL];
        if (dom_legal(g, (const kt_state *)s, buf) <= 0)
            return fail(why, "no legal action in a running game");
    } else if (s->nstack) {
        return fail(why, "a finished game has pending effects");
    }
    return 1;
}

/* Card conservation: every copy of every card is in exactly one zone, and the totals match the configuration. */
static int check_conservation(kt_buf *why, const dom_state *s, const dom_cfg *c)
{
    /* card conservation */
    int cnt[DOM_NIDS];
    memset(cnt, 0, sizeof cnt);
    for (int id = 0; id < DOM_NIDS; id++)
        cnt[id] = s->supply[id] + s->trash[id];
    cnt[DOM_ESTATE] += s->removed; /* Inherited: out of the game */
    for (int i = 0; i < s->nloot; i++) {
        if (dom_cards[s->loot[i] < DOM_NIDS ? s->loot[i] : 0].kind != DOM_K_LOOT)
            return fail(why, "the Loot pile holds a card that is not a Loot");
        cnt[s->loot[i]]++;
    }
    for (int id = 1; id < DOM_NIDS; id++)
        if (s->supply[id] && !c->in_supply[id])
            return fail(why, "supply holds %s, which has no pile in this game",
                        valid_card(id) ? dom_cards[id].en : "?");
    for (int p = 0; p < c->np; p++) {
        const dom_player *P = &s->pl[p];
        if (P->ndeck > DOM_MAXC || P->ndisc > DOM_MAXC)
            return fail(why, "player %d: zone size out of range", p);
        if (P->known_top > P->ndeck || P->pub_top > P->known_top)
            return fail(why, "player %d: known deck cards out of range", p);
        int nh = 0, act = 0, tre = 0;
        for (int id = 0; id < DOM_NIDS; id++) {
            cnt[id] += P->hand[id];
            nh += P->hand[id];
            if (P->pubhand[id] > P->hand[id])
                return fail(why, "player %d: more known %s in hand than held", p,
                            valid_card(id) ? dom_cards[id].en : "?");
            if (P->hand[id] && (dom_cards[id < DOM_NCARDS ? id : 0].types & DOM_T_ACTION))
                act += P->hand[id];
            if (P->hand[id] && (dom_cards[id < DOM_NCARDS ? id : 0].types & DOM_T_TREASURE))
                tre += P->hand[id];
        }
        if (nh != P->nhand || act != P->hand_act || tre != P->hand_tre)
            return fail(why, "player %d: hand counters out of date", p);
        for (int i = 0; i < P->ndeck; i++)
            cnt[P->deck[i]]++;
        for (int i = 0; i < P->ndisc; i++)
            cnt[P->disc[i]]++;
        /* unused slots are zero: states compare byte-wise, and the draw
         * clears 8 slots at once relying on it */
        for (int i = P->ndeck; i < DOM_MAXC; i++)
            if (P->deck[i])
                return fail(why, "player %d: a card past the end of the deck", p);
        for (int i = P->ndisc; i < DOM_MAXC; i++)
            if (P->disc[i])
                return fail(why, "player %d: a card past the end of the discard pile", p);
    }
    for (int i = 0; i < s->nplay; i++) {
        const dom_inplay *e = &s->play[i];
        if (e->owner < 0 || e->owner >= c->np || !e->uid)
            return fail(why, "in_play[%d]: bad owner or instance", i);
        if ((e->flags & ~DOM_IP_FLAGS) || e->pad || (e->mult && !(e->flags & DOM_IP_FOREVER)))
            return fail(why, "in_play[%d]: flags out of range", i);
        /* cards played this turn got the latest instance ids (the engine
         * looks for free ids only when older cards are in play) */
        if (!(e->flags & DOM_IP_OLD) && (uint16_t)(s->next_uid - e->uid) >= 32768)
            return fail(why, "in_play[%d]: instance id %d is newer than next_uid %d", i, e->uid,
                        s->next_uid);
        if (!issued(s, e->by) || !issued(s, e->link))
            return fail(why, "in_play[%d]: refers to an instance id never given out", i);
        for (int j = 0; j < i; j++)
            if (s->play[j].uid == e->uid)
                return fail(why, "in_play[%d]: instance id %d used twice", i, e->uid);
        cnt[e->card]++;
    }
    for (int i = 0; i < s->naside; i++) {
        const dom_aside *a = &s->aside[i];
        if (a->owner < 0 || a->owner >= c->np || a->kind >= DOM_NASIDE || a->pad)
            return fail(why, "aside[%d]: bad owner or kind", i);
        /* cards under / on a card lie on an instance in play of their owner */
        int hosted = a->kind == DOM_A_UNDER || a->kind == DOM_A_ON;
        if (hosted != (a->host != 0))
            return fail(why, "aside[%d]: host does not fit kind %d", i, a->kind);
        if (hosted) {
            int h = dom_inplay_find(s, a->host);
            if (h < 0 || s->play[h].owner != a->owner)
                return fail(why, "aside[%d]: lies on instance %d, which is not in play", i,
                            a->host);
        }
        cnt[a->card]++;
    }
    if (cnt[0])
        return fail(why, "a zone holds %d empty card slots", cnt[0]);
    for (int id = 1; id < DOM_NIDS; id++) {
        int want = id < DOM_NCARDS ? c->total[id] : 0;
        if (cnt[id] != want)
            return fail(why, "card conservation: %d %s in the game, expected %d", cnt[id],
                        id < DOM_NCARDS ? dom_cards[id].en : "?", want);
    }
    return 1;
}

/* The incremental per-player counters and the watchers match the zones. */
static int check_counters(kt_buf *why, const dom_state *s, const dom_cfg *c)
{
    /* incremental per-player counters match the zones */
    for (int p = 0; p < c->np; p++) {
        const dom_player *P = &s->pl[p];
        int own[DOM_NIDS];
        memset(own, 0, sizeof own);
        for (int id = 0; id < DOM_NIDS; id++)
            own[id] = P->hand[id];
        for (int i = 0; i < P->ndeck; i++)
            own[P->deck[i]]++;
        for (int i = 0; i < P->ndisc; i++)
            own[P->disc[i]]++;
        for (int i = 0; i < s->nplay; i++)
            if (s->play[i].owner == p)
                own[s->play[i].card]++;
        for (int i = 0; i < s->naside; i++)
            if (s->aside[i].owner == p)
                own[s->aside[i].card]++;
        int n = 0, vp = 0, money = 0;
        for (int id = 1; id < DOM_NIDS; id++) {
            if (own[id] != P->own[id])
                return fail(why, "player %d: owned-card counter of %s out of date", p,
                            dom_cards[id].en);
            n += own[id];
            vp += own[id] * dom_cards[id].vp;
            if (dom_cards[id].types & DOM_T_TREASURE)
                money += own[id] * dom_cards[id].coins;
        }
        if (n != P->ncards || vp != P->vp || money != P->money)
            return fail(why, "player %d: card/VP/money counters out of date", p);
    }
    for (int i = 0; i < s->nwatch; i++) {
        const dom_watch *w = &s->watch[i];
        if (w->ev >= DOM_NEVENTS || w->life >= DOM_NLIVES || w->owner < 0 || w->owner >= c->np ||
            !valid_card(w->card) || !w->n || w->pad || w->fired > s->nstack)
            return fail(why, "watchers[%d]: field out of range", i);
    }
    return 1;
}

int dom_check(const kt_game *g, const kt_state *st, kt_buf *why)
{
    const dom_state *s = dom_cst(st);
    const dom_cfg *c = dom_config(g);
    if (s->phase >= DOM_NPHASES)
        return fail(why, "phase %d out of range", s->phase);
    /* a game stopped by the turn limit keeps the phase it was in */
    if (s->h.status != KT_STOPPED && (s->h.status == KT_RUNNING) != (s->phase != DOM_PH_OVER))
        return fail(why, "phase %s does not match the game status", dom_phase_name(s->phase));
    if (s->h.status == KT_STOPPED && s->phase == DOM_PH_OVER)
        return fail(why, "a game stopped by the turn limit cannot be in phase over");
    /* before turn 1 (Inherited's choices) nobody has a turn yet */
    if (s->h.status == KT_RUNNING && s->phase != DOM_PH_SETUP &&
        (s->h.turn_player < 0 || s->h.turn_player >= c->np))
        return fail(why, "no valid player whose turn it is");
    if (s->phase == DOM_PH_SETUP && (s->h.turn_player != -1 || !s->nstack))
        return fail(why, "setup waits for Inherited choices before turn 1");
    if (s->nplay > DOM_MAXC || s->naside > DOM_MAXC || s->nwatch > DOM_WATCH ||
        s->nloot > DOM_LOOTS)
        return fail(why, "zone size out of range");
    if (s->tflags & ~DOM_TF_ALL)
        return fail(why, "turn flags %d out of range", s->tflags);
    if (s->pstep > 2 || s->trace)
        return fail(why, "phase step out of range");
    if (!KT_STACK_CHECK(s, why))
        return 0;
    if (s->nempty != dom_empty_piles(c, s))
        return fail(why, "empty-pile count out of date");
    if (!c->loot && s->nloot)
        return fail(why, "a Loot pile in a game without Loot");
    if (!check_conservation(why, s, c))
        return 0;
    if (!check_counters(why, s, c))
        return 0;
    return check_frames(g, s, why);
}

