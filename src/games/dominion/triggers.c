/*
 * triggers.c - what happens around gains, at the start of a turn and at the
 * start of Clean-up (Plunder): "when you gain" effects, "the next time you
 * gain" watchers and out-of-turn Reactions; start-of-turn effects in the
 * order the player chooses; Friendly, Patient and Trickster at Clean-up;
 * "play treasures" for Treasures with programs; Jewelled Egg's trash effect.
 *
 * A gain (rules.c: dom_gain_ex) first applies the effects that need no
 * decision and cannot depend on order (Nearby, Abundance, Taskmaster, Cage),
 * then, if anything else triggers, pushes one FX_GAIN frame:
 *   - trig: the gaining player's own triggers (DOM_TG_*).  With two or more
 *     that are still possible, that player picks which resolves next
 *     ("resolve X") - so a Siren can be put onto the deck with Insignia
 *     before its own effect would trash it (seed 004);
 *   - then every player in turn order from the turn player: Cutthroat and
 *     Search watchers (latched when the gain happened, so the Loots they
 *     gain cannot trigger them again), and Stowaway / Mapmaker Reactions of
 *     the other players.
 * The gained card is tracked (frame tc/tp/loc/pos): effects that move it
 * ("play it", "put it onto your deck", "set it aside", "trash it") only work
 * while it is still where it was gained.
 */
#include <string.h>

#include "dominion.h"

#define post dom_post

static int latch_of(const dom_state *s, const dom_frame *f) { return (int)(f - s->stack) + 1; }

static int holds(const dom_state *s, int p, int card) { return s->pl[p].hand[card] != 0; }

/* Pile carrying a Trait, or 0. */
static int trait_pile(const dom_cfg *c, int trait)
{
    for (int i = 0; i < c->ntraits; i++)
        if (c->traits[i] == trait)
            return c->trait_pile[i];
    return 0;
}

/* Cage: trash it from play; its cards go to hand at end of this turn. */
static void cage_fires(const kt_game *g, dom_state *s, const dom_watch *w)
{
    int p = w->owner, uid = w->uid;
    if (uid && dom_inplay_take(s, uid) == DOM_CAGE)
        dom_trash_card(g, s, p, DOM_CAGE);
    for (int i = 0; i < s->naside; i++)
        if (s->aside[i].kind == DOM_A_UNDER && s->aside[i].host == uid && uid &&
            s->aside[i].owner == p) {
            s->aside[i].kind = DOM_A_ENDTURN;
            s->aside[i].host = 0;
        }
}

void dom_gain_hooks(const kt_game *g, dom_state *s, int p, int card, const dom_frame *where,
                    int emptied)
{
    const dom_cfg *c = dom_config(g);
    int tp = s->h.turn_player, types = dom_cards[card].types, cost = dom_cost(c, s, card);
    int trait = c->trait_of[card];
    /* no decisions, order does not matter: resolve at once */
    if (trait == DOM_NEARBY && p == tp)
        s->buys++;
    for (int i = 0; i < s->nwatch; i++) {
        dom_watch *w = &s->watch[i];
        if (w->ev != DOM_EV_GAIN || w->owner != p || w->fired)
            continue;
        if (w->card == DOM_ABUNDANCE && (types & DOM_T_ACTION)) {
            /* its +Buy and +$ are wasted on another player's turn (seed 004) */
            if (p == tp) {
                s->buys = (uint16_t)(s->buys + w->n);
                s->coins = (uint16_t)(s->coins + 3 * w->n);
            }
        } else if (w->card == DOM_TASKMASTER && cost == 5) {
            int e = dom_inplay_find(s, w->uid);
            if (e >= 0 && s->play[e].pend < 255 - w->n)
                s->play[e].pend = (uint8_t)(s->play[e].pend + w->n);
        } else if (w->card == DOM_CAGE && (types & DOM_T_VICTORY)) {
            dom_watch cw = *w;
            dom_watch_del(s, i--);
            cage_fires(g, s, &cw);
            continue;
        } else {
            continue;
        }
        dom_watch_del(s, i--);
    }
    if (s->h.status != KT_RUNNING)
        return;
    /* the gaining player's triggers */
    unsigned trig = 0;
    if (dom_cards[card].flags & DOM_CF_ONGAIN)
        trig |= DOM_TG_SELF;
    if (trait == DOM_CURSED || trait == DOM_HASTY || trait == DOM_PIOUS || trait == DOM_RICH)
        trig |= DOM_TG_TRAIT;
    if (card == DOM_PROVINCE && trait_pile(c, DOM_FAWNING))
        trig |= DOM_TG_FAWN;
    int others = 0;
    for (int i = 0; i < s->nwatch; i++) {
        const dom_watch *w = &s->watch[i];
        if (w->fired)
            continue;
        if (w->ev == DOM_EV_PILE_EMPTY && emptied)
            others = 1;
        if (w->ev != DOM_EV_GAIN)
            continue;
        if (w->card == DOM_CUTTHROAT && (types & DOM_T_TREASURE) && cost >= 5)
            others = 1;
        if (w->owner != p)
            continue;
        switch (w->card) {
        case DOM_INSIGNIA: trig |= DOM_TG_INSIGNIA; break;
        case DOM_DELIVER: trig |= DOM_TG_DELIVER; break;
        case DOM_RUSH: trig |= (types & DOM_T_ACTION) ? DOM_TG_RUSH : 0; break;
        case DOM_MIRROR: trig |= (types & DOM_T_ACTION) ? DOM_TG_MIRROR : 0; break;
        case DOM_MINING_ROAD: trig |= (types & DOM_T_TREASURE) ? DOM_TG_MINING : 0; break;
        case DOM_SECLUDED_SHRINE: trig |= (types & DOM_T_TREASURE) ? DOM_TG_SHRINE : 0; break;
        default: break;
        }
    }
    if ((types & DOM_T_DURATION) && c->in_supply[DOM_STOWAWAY]) {
        for (int q = 0; q < c->np; q++)
            if (holds(s, q, DOM_STOWAWAY)) {
                if (q == p)
                    trig |= DOM_TG_STOW;
                else
                    others = 1;
            }
    }
    if ((types & DOM_T_VICTORY) && c->in_supply[DOM_MAPMAKER]) {
        for (int q = 0; q < c->np; q++)
            if (holds(s, q, DOM_MAPMAKER)) {
                if (q == p)
                    trig |= DOM_TG_MAP;
                else
                    others = 1;
            }
    }
    if (!trig && !others)
        return;
    dom_frame *f = dom_push(s, DOM_FX_GAIN, p, card);
    if (!f)
        return;
    f->trig = (uint16_t)trig;
    f->tc = where->tc;
    f->tp = where->tp;
    f->loc = where->loc;
    f->pos = where->pos;
    f->z = (uint8_t)emptied;
    /* latch the "next time" watchers this gain uses up */
    int latch = latch_of(s, f);
    for (int i = 0; i < s->nwatch; i++) {
        dom_watch *w = &s->watch[i];
        if (w->fired)
            continue;
        if ((w->ev == DOM_EV_PILE_EMPTY && emptied) ||
            (w->ev == DOM_EV_GAIN && w->card == DOM_CUTTHROAT && (types & DOM_T_TREASURE) &&
             cost >= 5) ||
            (w->ev == DOM_EV_GAIN && w->owner == p &&
             (((w->card == DOM_RUSH || w->card == DOM_MIRROR) && (types & DOM_T_ACTION)) ||
              (w->card == DOM_SECLUDED_SHRINE && (types & DOM_T_TREASURE)))))
            w->fired = (uint8_t)latch;
    }
}

void dom_trash_hooks(const kt_game *g, dom_state *s, int p, int card)
{
    /* Jewelled Egg: its owner gains the Loot, whoever made them trash it */
    if (card == DOM_JEWELLED_EGG)
        dom_gain_loot(g, s, p, DOM_TO_DISCARD, NULL);
}

/* ------------------------------------------------------------ FX_GAIN */

static int latched(const dom_state *s, int latch, int owner, int card)
{
    int n = 0;
    for (int i = 0; i < s->nwatch; i++)
        if (s->watch[i].fired == latch && s->watch[i].owner == owner &&
            s->watch[i].card == card)
            n += s->watch[i].n;
    return n;
}

static const uint8_t tg_card[DOM_NTG] = {
    0, 0, DOM_FAWNING, DOM_INSIGNIA, DOM_DELIVER, DOM_RUSH, DOM_MIRROR, DOM_MINING_ROAD,
    DOM_SECLUDED_SHRINE, DOM_STOWAWAY, DOM_MAPMAKER};

/* The card that names trigger kind k in "resolve X". */
static int trig_card(const dom_cfg *c, const dom_frame *f, int k)
{
    if (k == 0)
        return f->card;
    if (k == 1)
        return c->trait_of[f->card];
    return tg_card[k];
}

/* Drop triggers that can no longer do anything. */
static void prune(const kt_game *g, const dom_state *s, dom_frame *f)
{
    const dom_cfg *c = dom_config(g);
    const dom_player *P = &s->pl[f->pl];
    int here = dom_tracked_here(s, f);
    unsigned t = f->trig;
    if (t & DOM_TG_SELF) {
        int ok = 1;
        switch (f->card) {
        case DOM_GONDOLA: ok = P->hand_act > 0; break;
        case DOM_BURIED_TREASURE: ok = here; break;
        case DOM_WEALTHY_VILLAGE: ok = dom_treasure_names_in_play(s, f->pl) >= 3; break;
        default: break;
        }
        if (!ok)
            t &= ~(unsigned)DOM_TG_SELF;
    }
    if (t & DOM_TG_TRAIT) {
        int tr = c->trait_of[f->card];
        if ((tr == DOM_PIOUS && !P->nhand) || (tr == DOM_HASTY && !here))
            t &= ~(unsigned)DOM_TG_TRAIT;
    }
    if (!here)
        t &= ~(unsigned)(DOM_TG_INSIGNIA | DOM_TG_DELIVER | DOM_TG_RUSH | DOM_TG_MINING);
    if ((t & DOM_TG_MINING) && !dom_watch_count(s, f->pl, DOM_MINING_ROAD))
        t &= ~(unsigned)DOM_TG_MINING;
    if ((t & DOM_TG_SHRINE) && !P->nhand)
        t &= ~(unsigned)DOM_TG_SHRINE;
    if ((t & DOM_TG_STOW) && !P->hand[DOM_STOWAWAY])
        t &= ~(unsigned)DOM_TG_STOW;
    if ((t & DOM_TG_MAP) && !P->hand[DOM_MAPMAKER])
        t &= ~(unsigned)DOM_TG_MAP;
    f->trig = (uint16_t)t;
}

static int ask_gain_pick(dom_frame *f, int who, int dec, int src, int verb, int may, int tmask,
                         int next)
{
    dom_pick_reset(f);
    f->tmask = (uint16_t)tmask;
    return dom_ask(f, who, dec, src, verb, may, next);
}

#define G_KIND DOM_G_KIND
#define G_OTHERS DOM_G_OTHERS

static int start_kind(dom_frame *f, int k)
{
    f->trig &= (uint16_t)~(1u << k);
    f->step = (uint8_t)(G_KIND + 2 * k);
    f->k = 0;
    return DOM_R_CONT;
}

/* resolve_kind 0: the gained card's own "when you gain this". */
static int gain_own(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    int p = f->pl, second = (f->step - G_KIND) & 1;
    int v = DOM_VERB(in), x = DOM_CARD(in);
    switch (f->card) {
    case DOM_SIREN:
        /* trash it unless an Action from hand is trashed; if it has
         * moved meanwhile it stays (seed 004) */
        if (!second && s->pl[p].hand_act)
            return ask_gain_pick(f, p, DOM_D_TRASH, DOM_S_HAND, DOM_V_TRASH, 1, DOM_T_ACTION,
                                 f->step + 1);
        f->step = 0;
        if (v == DOM_V_TRASH && dom_trash_from_hand(g, s, p, x))
            return DOM_R_CONT;
        if (dom_tracked_take(s, f))
            dom_trash_card(g, s, p, DOM_SIREN);
        return DOM_R_CONT;
    case DOM_GONDOLA:
        if (!second)
            return ask_gain_pick(f, p, DOM_D_PLAY, DOM_S_HAND, DOM_V_PLAY, 1, DOM_T_ACTION,
                                 f->step + 1);
        f->step = 0;
        if (v == DOM_V_PLAY && dom_hand_del(&s->pl[p], x))
            dom_play_card(g, s, p, x, 0);
        return DOM_R_CONT;
    case DOM_BURIED_TREASURE:
        f->step = 0;
        if (dom_tracked_take(s, f))
            dom_play_card(g, s, p, DOM_BURIED_TREASURE, 0);
        return DOM_R_CONT;
    case DOM_DOUBLOONS:
        f->step = 0;
        dom_gain(g, s, p, DOM_GOLD, DOM_TO_DISCARD);
        return DOM_R_CONT;
    case DOM_WEALTHY_VILLAGE:
        f->step = 0;
        if (dom_treasure_names_in_play(s, p) >= 3)
            dom_gain_loot(g, s, p, DOM_TO_DISCARD, NULL);
        return DOM_R_CONT;
    default:
        f->step = 0;
        return DOM_R_CONT;
    }
}

/* resolve_kind 1: the Trait of the gained card's pile. */
static int gain_trait(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    const dom_cfg *c = dom_config(g);
    int p = f->pl, second = (f->step - G_KIND) & 1;
    int v = DOM_VERB(in), x = DOM_CARD(in);
    switch (c->trait_of[f->card]) {
    case DOM_CURSED:
        /* a Loot, then a Curse (just the Loot if no Curse is left) */
        if (!second) {
            f->step++;
            dom_gain_loot(g, s, p, DOM_TO_DISCARD, NULL);
            return DOM_R_CONT;
        }
        f->step = 0;
        dom_gain(g, s, p, DOM_CURSE, DOM_TO_DISCARD);
        return DOM_R_CONT;
    case DOM_HASTY:
        f->step = 0;
        if (dom_tracked_take(s, f))
            dom_aside_add(s, p, f->card, DOM_A_NEXTTURN, 0);
        return DOM_R_CONT;
    case DOM_PIOUS:
        if (!second)
            return ask_gain_pick(f, p, DOM_D_TRASH, DOM_S_HAND, DOM_V_TRASH, 1, 0,
                                 f->step + 1);
        f->step = 0;
        if (v == DOM_V_TRASH)
            dom_trash_from_hand(g, s, p, x);
        return DOM_R_CONT;
    case DOM_RICH:
        f->step = 0;
        dom_gain(g, s, p, DOM_SILVER, DOM_TO_DISCARD);
        return DOM_R_CONT;
    default:
        f->step = 0;
        return DOM_R_CONT;
    }
}

/* resolve_kind 7: Mining Road may play the gained Treasure. */
static int gain_mining_road(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    int p = f->pl, second = (f->step - G_KIND) & 1;
    int v = DOM_VERB(in);
    if (!second) {
        dom_pick_reset(f);
        f->x = f->tc;
        return dom_ask(f, p, DOM_D_PLAY, DOM_S_X, DOM_V_PLAY, 1, f->step + 1);
    }
    f->step = 0;
    if (v == DOM_V_PLAY && dom_tracked_take(s, f)) {
        for (int i = 0; i < s->nwatch; i++)
            if (s->watch[i].card == DOM_MINING_ROAD && s->watch[i].owner == p &&
                !s->watch[i].fired) {
                if (--s->watch[i].n == 0)
                    dom_watch_del(s, i);
                break;
            }
        dom_play_card(g, s, p, f->tc, 0);
    }
    return DOM_R_CONT;
}

/* resolve_kind 8: Secluded Shrine trashes up to 2 cards. */
static int gain_shrine(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    int p = f->pl, second = (f->step - G_KIND) & 1;
    int latch = latch_of(s, f), v = DOM_VERB(in), x = DOM_CARD(in);
    if (!second) {
        int n = 2 * latched(s, latch, p, DOM_SECLUDED_SHRINE);
        f->z = (uint8_t)(n > 255 ? 255 : n);
    } else if (v == DOM_V_TRASH && dom_trash_from_hand(g, s, p, x)) {
        f->z--;
    } else {
        f->z = 0;
    }
    if (f->z && s->pl[p].nhand)
        return ask_gain_pick(f, p, DOM_D_TRASH, DOM_S_HAND, DOM_V_TRASH, 1, 0,
                             G_KIND + 2 * 8 + 1);
    f->step = 0;
    return DOM_R_CONT;
}

static int resolve_kind(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    const dom_cfg *c = dom_config(g);
    int p = f->pl, k = (f->step - G_KIND) / 2, second = (f->step - G_KIND) & 1;
    int latch = latch_of(s, f), v = DOM_VERB(in);
    switch (k) {
    case 0:
        return gain_own(g, s, f, in);
    case 1:
        return gain_trait(g, s, f, in);
    case 2: /* Fawning: a Province brings a Fawning card (not optional) */
        f->step = 0;
        dom_gain(g, s, p, trait_pile(c, DOM_FAWNING), DOM_TO_DISCARD);
        return DOM_R_CONT;
    case 3: /* Insignia */
        if (!second) {
            dom_pick_reset(f);
            f->x = f->tc;
            return dom_ask(f, p, DOM_D_TOPDECK, DOM_S_X, DOM_V_TOPDECK, 1, f->step + 1);
        }
        f->step = 0;
        if (v == DOM_V_TOPDECK && dom_tracked_take(s, f))
            dom_put_on_deck(s, p, f->tc, 1);
        return DOM_R_CONT;
    case 4: /* Deliver */
        f->step = 0;
        if (dom_tracked_take(s, f))
            dom_aside_add(s, p, f->tc, DOM_A_HANDEND, 0);
        return DOM_R_CONT;
    case 5: /* Rush: however many were bought, the card is played once */
        f->step = 0;
        if (dom_tracked_take(s, f))
            dom_play_card(g, s, p, f->tc, 0);
        return DOM_R_CONT;
    case 6: /* Mirror: one more copy per Mirror bought, one gain at a time */
        if (!second) {
            f->z = (uint8_t)latched(s, latch, p, DOM_MIRROR);
            f->step++;
        }
        if (!f->z) {
            f->step = 0;
            return DOM_R_CONT;
        }
        f->z--;
        dom_gain(g, s, p, f->card, DOM_TO_DISCARD);
        return DOM_R_CONT;
    case 7:
        return gain_mining_road(g, s, f, in);
    case 8:
        return gain_shrine(g, s, f, in);
    case 9:  /* Stowaway (the gaining player) */
    case 10: /* Mapmaker */
    {
        int rc = k == 9 ? DOM_STOWAWAY : DOM_MAPMAKER;
        if (second && v == DOM_V_PLAY && dom_hand_del(&s->pl[p], rc)) {
            /* then it may play another, even one it just drew (seed 004) */
            f->step = (uint8_t)(G_KIND + 2 * k);
            dom_play_card(g, s, p, rc, 0);
            return DOM_R_CONT;
        }
        if (second && v != DOM_V_PLAY) {
            f->step = 0;
            return DOM_R_CONT;
        }
        if (!s->pl[p].hand[rc]) {
            f->step = 0;
            return DOM_R_CONT;
        }
        dom_pick_reset(f);
        f->only = (uint8_t)rc;
        return dom_ask(f, p, DOM_D_REACTGAIN, DOM_S_HAND, DOM_V_PLAY, 1,
                       G_KIND + 2 * k + 1);
    }
    default:
        f->step = 0;
        return DOM_R_CONT;
    }
}

/* Other players, in turn order from the turn player: Cutthroat and Search
 * (also the gaining player's own), then Stowaway / Mapmaker of the others.
 * f->n: index of the player; f->k: sub-step; f->z: Loots still to gain. */
static int others(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    const dom_cfg *c = dom_config(g);
    int latch = latch_of(s, f);
    for (;;) {
        if (f->n >= c->np)
            return DOM_R_DONE;
        int q = (s->h.turn_player + f->n) % c->np;
        if (q < 0)
            q = 0;
        switch (f->k) {
        case 0: {
            /* Search trashes itself, then each latched watcher gains a Loot */
            int n = latched(s, latch, q, DOM_CUTTHROAT) + latched(s, latch, q, DOM_SEARCH);
            for (int i = 0; i < s->nwatch; i++) {
                dom_watch *w = &s->watch[i];
                if (w->fired == latch && w->owner == q && w->card == DOM_SEARCH && w->uid &&
                    dom_inplay_take(s, w->uid) == DOM_SEARCH) {
                    dom_trash_card(g, s, q, DOM_SEARCH);
                    w->uid = 0;
                }
            }
            f->z = (uint8_t)(n > 255 ? 255 : n);
            f->k = 1;
            break;
        }
        case 1:
            if (f->z) {
                f->z--;
                dom_gain_loot(g, s, q, DOM_TO_DISCARD, NULL);
                return DOM_R_CONT;
            }
            f->k = 2;
            break;
        case 2:
        case 4: {
            /* Reactions of the other players: Stowaway for a Duration,
             * Mapmaker for a Victory card */
            int rc = f->k == 2 ? DOM_STOWAWAY : DOM_MAPMAKER;
            int type = f->k == 2 ? DOM_T_DURATION : DOM_T_VICTORY;
            if (q == f->pl || !dom_is(f->card, type) || !s->pl[q].hand[rc]) {
                f->k = (uint8_t)(f->k + 2);
                break;
            }
            dom_pick_reset(f);
            f->only = (uint8_t)rc;
            f->step = G_OTHERS;
            return dom_ask(f, q, DOM_D_REACTGAIN, DOM_S_HAND, DOM_V_PLAY, 1, G_OTHERS + 1);
        }
        case 3:
        case 5: {
            int rc = f->k == 3 ? DOM_STOWAWAY : DOM_MAPMAKER;
            if (DOM_VERB(in) == DOM_V_PLAY && dom_hand_del(&s->pl[q], rc)) {
                f->k--; /* may play another one afterwards */
                in = 0;
                dom_play_card(g, s, q, rc, 0);
                return DOM_R_CONT;
            }
            f->k++;
            in = 0;
            break;
        }
        default:
            f->n++;
            f->k = 0;
            break;
        }
    }
}

int dom_gain_program(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    switch (f->step) {
    case 0: {
        prune(g, s, f);
        int n = 0, last = 0;
        for (int k = 0; k < DOM_NTG; k++)
            if ((f->trig >> k) & 1) {
                n++;
                last = k;
            }
        if (n == 0) {
            f->step = G_OTHERS;
            f->n = 0;
            f->k = 0;
            return DOM_R_CONT;
        }
        if (n == 1)
            return start_kind(f, last);
        dom_pick_reset(f);
        return dom_ask(f, f->pl, DOM_D_TRIGGER, DOM_S_CUSTOM, DOM_V_RESOLVE, 0, 1);
    }
    case 1: {
        const dom_cfg *c = dom_config(g);
        for (int k = 0; k < DOM_NTG; k++)
            if (((f->trig >> k) & 1) && DOM_CARD(in) == trig_card(c, f, k))
                return start_kind(f, k);
        f->step = 0;
        return DOM_R_CONT;
    }
    case G_OTHERS:
        return others(g, s, f, 0);
    case G_OTHERS + 1:
        f->step = G_OTHERS;
        f->k++;
        return others(g, s, f, in);
    default:
        if (f->step >= G_KIND && f->step < G_KIND + 2 * DOM_NTG)
            return resolve_kind(g, s, f, in);
        return DOM_R_DONE;
    }
}

/* ------------------------------------------------------------ start of turn */

static int shy_pile(const dom_cfg *c) { return trait_pile(c, DOM_SHY); }

static int shaman_due(const kt_game *g, const dom_state *s)
{
    const dom_cfg *c = dom_config(g);
    if (!c->shaman || (s->tflags & DOM_TF_SHAMAN))
        return 0;
    for (int i = 0; i < c->nids; i++)
        if (s->trash[c->ids[i]] && dom_cost(c, s, c->ids[i]) <= 6)
            return 1;
    return 0;
}

int dom_start_pending(const kt_game *g, const dom_state *s, int p)
{
    const dom_cfg *c = dom_config(g);
    for (int i = 0; i < s->nplay; i++)
        if (s->play[i].owner == p && s->play[i].pend && (s->play[i].flags & DOM_IP_OLD))
            return 1;
    if (dom_aside_find(s, p, DOM_A_NEXTTURN) >= 0)
        return 1;
    if (shaman_due(g, s))
        return 1;
    int shy = shy_pile(c);
    return shy && !(s->tflags & DOM_TF_SHY) && s->pl[p].hand[shy];
}

static int add_unique(kt_action *buf, int n, kt_action a)
{
    for (int i = 0; i < n; i++)
        if (buf[i] == a)
            return n;
    buf[n] = a;
    return n + 1;
}

/* Start-of-turn items: "resolve X" (a Duration in play, Shaman's gain),
 * "play X" (a card set aside for this turn), "discard X" (Shy, optional). */
static int start_items(const kt_game *g, const dom_state *s, int p, kt_action *buf, int *mand)
{
    const dom_cfg *c = dom_config(g);
    int n = 0;
    for (int i = 0; i < s->nplay; i++)
        if (s->play[i].owner == p && s->play[i].pend && (s->play[i].flags & DOM_IP_OLD))
            n = add_unique(buf, n, DOM_ACT(DOM_V_RESOLVE, s->play[i].card));
    for (int i = 0; i < s->naside; i++)
        if (s->aside[i].owner == p && s->aside[i].kind == DOM_A_NEXTTURN)
            n = add_unique(buf, n, DOM_ACT(DOM_V_PLAY, s->aside[i].card));
    if (shaman_due(g, s))
        n = add_unique(buf, n, DOM_ACT(DOM_V_RESOLVE, DOM_SHAMAN));
    *mand = n;
    int shy = shy_pile(c);
    if (shy && !(s->tflags & DOM_TF_SHY) && s->pl[p].hand[shy])
        buf[n++] = DOM_ACT(DOM_V_DISCARD, shy);
    return n;
}

int dom_start_program(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    int p = f->pl;
    if (f->step == 0) {
        kt_action buf[DOM_MAX_LEGAL];
        int mand, n = start_items(g, s, p, buf, &mand);
        if (n == 0)
            return DOM_R_DONE;
        if (n == 1 && mand == 1) {
            in = buf[0];
        } else {
            dom_pick_reset(f);
            return dom_ask(f, p, DOM_D_START, DOM_S_CUSTOM, DOM_V_RESOLVE, mand == 0, 1);
        }
    }
    f->step = 0;
    int v = DOM_VERB(in), x = DOM_CARD(in);
    switch (v) {
    case DOM_V_RESOLVE: {
        for (int i = 0; i < s->nplay; i++) {
            dom_inplay *e = &s->play[i];
            if (e->owner == p && e->pend && (e->flags & DOM_IP_OLD) && e->card == x) {
                e->pend--;
                DOM_TRACE(s, DOM_TE_DURATION, p, x, 0);
                dom_frame *d = dom_push(s, DOM_FX_DUR, p, x);
                if (d)
                    d->uid = e->uid;
                return DOM_R_CONT;
            }
        }
        if (x == DOM_SHAMAN) {
            s->tflags |= DOM_TF_SHAMAN;
            DOM_TRACE(s, DOM_TE_DURATION, p, x, 0);
            dom_push(s, DOM_FX_DUR, p, DOM_SHAMAN);
        }
        return DOM_R_CONT;
    }
    case DOM_V_PLAY: {
        int i = dom_find_aside_card(s, p, DOM_A_NEXTTURN, x);
        if (i >= 0) {
            dom_aside_del(s, i);
            dom_play_card(g, s, p, x, 0);
        }
        return DOM_R_CONT;
    }
    case DOM_V_DISCARD:
        s->tflags |= DOM_TF_SHY;
        if (dom_hand_del(&s->pl[p], x)) {
            dom_discard_card(s, p, x);
            dom_draw(g, s, p, 2);
        }
        return DOM_R_CONT;
    default:
        return DOM_R_DONE; /* done: the optional rest is declined */
    }
}

/* ------------------------------------------------------------ Clean-up */

/* Trickster's options: Treasures of p in play that this Clean-up discards. */
static int trickster_options(const dom_state *s, int p, kt_action *buf)
{
    uint8_t keep[DOM_MAXC];
    if (!dom_keep_mask(s, keep))
        memset(keep, 0, (size_t)s->nplay);
    int n = 0;
    for (int i = 0; i < s->nplay; i++)
        if (!keep[i] && s->play[i].owner == p && dom_is(s->play[i].card, DOM_T_TREASURE))
            n = add_unique(buf, n, DOM_ACT(DOM_V_ASIDE, s->play[i].card));
    return n;
}

/* FX_CLEANUP, turn player p: Friendly (once per turn, seed 004), Patient
 * (any number), then one Treasure per Trickster played this turn among
 * those about to be discarded from play. */
int dom_cleanup_program(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    const dom_cfg *c = dom_config(g);
    int p = f->pl, v = DOM_VERB(in), x = DOM_CARD(in);
    dom_player *P = &s->pl[p];
    switch (f->step) {
    case 0: {
        int fr = trait_pile(c, DOM_FRIENDLY);
        f->step = 2;
        if (fr && !(s->tflags & DOM_TF_FRIENDLY) && P->hand[fr]) {
            dom_pick_reset(f);
            f->only = (uint8_t)fr;
            return dom_ask(f, p, DOM_D_DISCARD, DOM_S_HAND, DOM_V_DISCARD, 1, 1);
        }
        return DOM_R_CONT;
    }
    case 1:
        f->step = 2;
        if (v == DOM_V_DISCARD && dom_hand_del(P, x)) {
            s->tflags |= DOM_TF_FRIENDLY;
            dom_discard_card(s, p, x);
            dom_gain(g, s, p, x, DOM_TO_DISCARD);
        }
        return DOM_R_CONT;
    case 2: {
        int pa = trait_pile(c, DOM_PATIENT);
        if (pa && P->hand[pa]) {
            dom_pick_reset(f);
            f->only = (uint8_t)pa;
            return dom_ask(f, p, DOM_D_ASIDE, DOM_S_HAND, DOM_V_ASIDE, 1, 3);
        }
        f->step = 4;
        return DOM_R_CONT;
    }
    case 3:
        if (v == DOM_V_ASIDE && dom_hand_del(P, x)) {
            dom_aside_add(s, p, x, DOM_A_NEXTTURN, 0);
            f->step = 2;
        } else {
            f->step = 4;
        }
        return DOM_R_CONT;
    case 4:
        f->z = (uint8_t)dom_watch_count(s, p, DOM_TRICKSTER);
        break;
    case 5:
        if (v == DOM_V_ASIDE) {
            uint8_t keep[DOM_MAXC];
            if (!dom_keep_mask(s, keep))
                memset(keep, 0, (size_t)s->nplay);
            for (int i = s->nplay - 1; i >= 0; i--)
                if (!keep[i] && s->play[i].owner == p && s->play[i].card == x) {
                    dom_inplay_take(s, s->play[i].uid);
                    dom_aside_add(s, p, x, DOM_A_HANDEND, 0);
                    f->z--;
                    break;
                }
        } else {
            f->z = 0;
        }
        break;
    default:
        return DOM_R_DONE;
    }
    /* Trickster: ask while set-asides are left and Treasures qualify */
    kt_action buf[DOM_MAX_LEGAL];
    if (f->z && trickster_options(s, p, buf)) {
        dom_pick_reset(f);
        return dom_ask(f, p, DOM_D_ASIDE, DOM_S_CUSTOM, DOM_V_ASIDE, 1, 5);
    }
    return DOM_R_DONE;
}

/* ------------------------------------------------------------ play treasures */

int dom_treasures_program(const kt_game *g, dom_state *s, dom_frame *f, kt_action in)
{
    KT_UNUSED(in);
    const dom_cfg *c = dom_config(g);
    dom_player *P = &s->pl[f->pl];
    for (int i = 0; i < c->ntre; i++) {
        int t = c->tre_ids[i];
        if ((dom_cards[t].flags & DOM_CF_AUTO) && P->hand[t]) {
            dom_hand_del(P, t);
            dom_play_card(g, s, f->pl, t, 0);
            return DOM_R_CONT;
        }
    }
    return DOM_R_DONE;
}

/* ------------------------------------------------------------ custom picks */

int dom_custom_legal(const kt_game *g, const dom_state *s, const dom_frame *f, kt_action *buf)
{
    const dom_cfg *c = dom_config(g);
    int n = 0;
    switch (f->fx) {
    case DOM_FX_GAIN:
        for (int k = 0; k < DOM_NTG; k++)
            if ((f->trig >> k) & 1)
                buf[n++] = DOM_ACT(DOM_V_RESOLVE, trig_card(c, f, k));
        return n;
    case DOM_FX_START: {
        int mand;
        return start_items(g, s, f->pl, buf, &mand);
    }
    case DOM_FX_SHUFFLE: {
        const dom_player *P = &s->pl[f->pl];
        for (int i = 0; i < P->ndisc; i++)
            if (c->trait_of[P->disc[i]] == DOM_FATED) {
                n = add_unique(buf, n, DOM_ACT(DOM_V_TOPDECK, P->disc[i]));
                n = add_unique(buf, n, DOM_ACT(DOM_V_BOTTOM, P->disc[i]));
            }
        return n;
    }
    case DOM_FX_SETUP: {
        /* in card order, not deck order: the order of the unshuffled deck
         * is no part of the choice, and a determinized world (which
         * shuffles it) must offer the same list */
        const dom_player *P = &s->pl[f->who];
        uint8_t in_deck[DOM_NIDS] = {0};
        for (int i = 0; i < P->ndeck; i++)
            in_deck[P->deck[i]] = 1;
        for (int i = 0; i < c->nids; i++)
            if (in_deck[c->ids[i]])
                buf[n++] = DOM_ACT(DOM_V_REPLACE, c->ids[i]);
        return n;
    }
    case DOM_FX_CLEANUP:
        return trickster_options(s, f->pl, buf);
    case DOM_FX_PLAY:
        if (f->step >= DOM_STEP_POST) {
            /* Inspiring: an Action from hand with no copy in play */
            const dom_player *P = &s->pl[f->who];
            for (int i = 0; i < c->nact; i++) {
                int id = c->act_ids[i];
                if (!P->hand[id])
                    continue;
                int inplay = 0;
                for (int j = 0; j < s->nplay && !inplay; j++)
                    inplay = s->play[j].owner == f->who && s->play[j].card == id;
                if (!inplay)
                    buf[n++] = DOM_ACT(DOM_V_PLAY, id);
            }
            return n;
        }
        return dom_plunder_custom(g, s, f, buf);
    default:
        return dom_plunder_custom(g, s, f, buf);
    }
}
