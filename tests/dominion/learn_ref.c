/*
 * learn_ref.c - the dominion observation encoder as it was before the vector
 * environment's speed work (issue 30), kept as the reference the optimised
 * encoder in src/games/dominion/learn.c must match exactly: the test below plays
 * random games and compares both vectors for every player and the spectator
 * at every position.  Only renamed (ref_ prefix); do not edit.
 */
#include <string.h>

#include "../learn_ref.h"

#include "../../src/games/dominion/dominion.h"
#include "../../src/games/dominion/learn.h"

#define DL_CARDS(X) \
    X(COPPER) X(SILVER) X(GOLD) X(ESTATE) X(DUCHY) X(PROVINCE) X(CURSE) X(CELLAR) X(CHAPEL) \
    X(MOAT) X(HARBINGER) X(MERCHANT) X(VASSAL) X(VILLAGE) X(WORKSHOP) X(BUREAUCRAT)         \
    X(GARDENS) X(MILITIA) X(MONEYLENDER) X(POACHER) X(REMODEL) X(SMITHY) X(THRONE_ROOM)     \
    X(BANDIT) X(COUNCIL_ROOM) X(FESTIVAL) X(LABORATORY) X(LIBRARY) X(MARKET) X(MINE)        \
    X(SENTRY) X(WITCH) X(ARTISAN) X(CAGE) X(GROTTO) X(JEWELLED_EGG) X(SEARCH) X(SHAMAN)     \
    X(SECLUDED_SHRINE) X(SIREN) X(STOWAWAY) X(TASKMASTER) X(ABUNDANCE) X(CABIN_BOY)         \
    X(CRUCIBLE) X(FLAGSHIP) X(FORTUNE_HUNTER) X(GONDOLA) X(HARBOR_VILLAGE) X(LANDING_PARTY) \
    X(MAPMAKER) X(MAROON) X(ROPE) X(SWAMP_SHACKS) X(TOOLS) X(BURIED_TREASURE) X(CREW)       \
    X(CUTTHROAT) X(ENLARGE) X(FIGURINE) X(FIRST_MATE) X(FRIGATE) X(LONGSHIP)                \
    X(MINING_ROAD) X(PENDANT) X(PICKAXE) X(PILGRIM) X(QUARTERMASTER) X(SILVER_MINE)         \
    X(TRICKSTER) X(WEALTHY_VILLAGE) X(SACK_OF_LOOT) X(KINGS_CACHE) X(AMPHORA) X(DOUBLOONS) \
    X(ENDLESS_CHALICE) X(FIGUREHEAD) X(HAMMER) X(INSIGNIA) X(JEWELS) X(ORB) X(PRIZE_GOAT)   \
    X(PUZZLE_BOX) X(SEXTANT) X(SHIELD) X(SPELL_SCROLL) X(STAFF) X(SWORD) X(BURY) X(AVOID)   \
    X(DELIVER) X(PERIL) X(RUSH) X(FORAY) X(LAUNCH) X(MIRROR) X(PREPARE) X(SCROUNGE)        \
    X(JOURNEY) X(MAELSTROM) X(LOOTING) X(INVASION) X(PROSPER) X(CHEAP) X(CURSED) X(FATED)  \
    X(FAWNING) X(FRIENDLY) X(HASTY) X(INHERITED) X(INSPIRING) X(NEARBY) X(PATIENT) X(PIOUS) \
    X(RECKLESS) X(RICH) X(SHY) X(TIRELESS)

#define DL_VERBS(X) \
    X(PLAY) X(PLAYALL) X(BUY) X(ENDACT) X(ENDTURN) X(DONE) X(DISCARD) X(TRASH) X(GAIN) \
    X(TOPDECK) X(REVEAL) X(ASIDE) X(KEEP) X(ORDER) X(RESOLVE) X(CHOOSE) X(TAKE) X(BOTTOM) \
    X(REPLACE)

#define DL_MODES(X) X(NOW) X(LATER) X(COINS2) X(BUYCOINS)

/* Slot numbers: position in the lists (cards and modes from 1, verbs from 0). */
enum {
    DL_CARD0 = 0,
#define X(n) DL_C_##n,
    DL_CARDS(X)
#undef X
    DL_NCARDSLOTS
};
enum {
#define X(n) DL_V_##n,
    DL_VERBS(X)
#undef X
    DL_NVERBS
};
enum {
    DL_MODE0 = 0,
#define X(n) DL_M_##n,
    DL_MODES(X)
#undef X
    DL_NMODESLOTS
};

#define DL_ACT_SLOTS 256 /* card slots per verb in the action space */
#define DL_S 128         /* card slots in the observation */
_Static_assert(DL_NCARDSLOTS <= DL_S, "card slots must fit the observation");

static const uint8_t card_of_slot[DL_NCARDSLOTS] = {
#define X(n) [DL_C_##n] = DOM_##n,
    DL_CARDS(X)
#undef X
};
/* slot + 1 of each card id; 0 = the card has no slot (cannot happen while
 * the list above names every card, which the tests check) */
static const uint8_t slot_of_card[DOM_NIDS] = {
#define X(n) [DOM_##n] = DL_C_##n,
    DL_CARDS(X)
#undef X
};
static const uint8_t verb_of_slot[DL_NVERBS] = {
#define X(n) [DL_V_##n] = DOM_V_##n,
    DL_VERBS(X)
#undef X
};
/* verb slot + 1 of each verb (0: not an action verb) */
static const uint8_t slot1_of_verb[DOM_NVERBS] = {
#define X(n) [DOM_V_##n] = DL_V_##n + 1,
    DL_VERBS(X)
#undef X
};
static const uint8_t mode_of_slot[DL_NMODESLOTS] = {
#define X(n) [DL_M_##n] = DOM_M_##n,
    DL_MODES(X)
#undef X
};
static const uint8_t slot_of_mode[DOM_NMODES] = {
#define X(n) [DOM_M_##n] = DL_M_##n,
    DL_MODES(X)
#undef X
};

int ref_dom_action_space(const kt_game *g)
{
    KT_UNUSED(g);
    return DL_NVERBS * DL_ACT_SLOTS;
}

int ref_dom_action_index(const kt_game *g, const kt_state *s, kt_action a)
{
    KT_UNUSED(g);
    KT_UNUSED(s);
    int verb = DOM_VERB(a), card = DOM_CARD(a);
    if (a >> 16 || verb >= DOM_NVERBS || !slot1_of_verb[verb])
        return -1;
    int slot;
    if (verb == DOM_V_CHOOSE) {
        if (card >= DOM_NMODES || (card && !slot_of_mode[card]))
            return -1;
        slot = slot_of_mode[card];
    } else {
        if (card >= DOM_NIDS || (card && !slot_of_card[card]))
            return -1;
        slot = slot_of_card[card];
    }
    return (slot1_of_verb[verb] - 1) * DL_ACT_SLOTS + slot;
}

kt_action ref_dom_index_action(const kt_game *g, const kt_state *s, int index)
{
    KT_UNUSED(g);
    KT_UNUSED(s);
    int vs = index / DL_ACT_SLOTS, cs = index % DL_ACT_SLOTS;
    if (index < 0 || vs >= DL_NVERBS)
        return 0;
    int verb = verb_of_slot[vs], card;
    if (verb == DOM_V_CHOOSE) {
        if (cs >= DL_NMODESLOTS)
            return 0;
        card = mode_of_slot[cs];
    } else {
        if (cs >= DL_NCARDSLOTS)
            return 0;
        card = card_of_slot[cs];
    }
    return DOM_ACT(verb, card);
}

/* ------------------------------------------------------------ observation */

enum {
    DL_GEN = 0,
    DL_CARDF = 64,                    /* per-card fields */
    DL_NCARDF = 10,
    DL_PLAYERS = DL_CARDF + DL_NCARDF * DL_S,
    DL_PSCAL = 16,                    /* scalars per player */
    DL_NPF = 4,                       /* per-card fields per player */
    DL_PSIZE = DL_PSCAL + DL_NPF * DL_S,
    DL_SIZE = DL_PLAYERS + DOM_MAXP * DL_PSIZE
};
enum { /* general fields */
       G_RUNNING = 0, G_PLAYERS = 1, G_SEAT = 2, G_TOMOVE_ME = 6, G_TURN = 7, G_TURNPL = 8,
       G_TOMOVE = 12, G_DECISION = 16, G_PHASE = 48, G_ACTIONS = 56, G_BUYS, G_COINS, G_PLAYED,
       G_COSTMOD, G_BOUGHT, G_EXTRA, G_LOOT
};
enum { /* per-card fields */
       F_INGAME = 0, F_SUPPLY, F_TRASH, F_COST, F_ASKING, F_HAND, F_DECK, F_DISCARD, F_KNOWNTOP,
       F_ASIDE
};
enum { /* per-player scalars and fields */
       P_PRESENT = 0, P_HAND, P_DECK, P_DISC, P_VP, P_TURNS, P_INPLAY, P_PUBTOP, P_NCARDS,
       PF_OWN = DL_PSCAL, PF_PLAY = PF_OWN + DL_S, PF_PUBHAND = PF_PLAY + DL_S,
       PF_PUBLIC = PF_PUBHAND + DL_S
};
_Static_assert((int)G_LOOT < (int)DL_CARDF, "general fields overflow");
_Static_assert((int)DL_NCARDSLOTS == (int)DOM_NCARDS, "DL_CARDS must name every card (append new ones)");
_Static_assert((int)DL_NVERBS == (int)DOM_NVERBS - 1, "DL_VERBS must name every verb (append new ones)");
_Static_assert((int)DL_NMODESLOTS == (int)DOM_NMODES, "DL_MODES must name every mode (append new ones)");

int ref_dom_obs_size(const kt_game *g)
{
    KT_UNUSED(g);
    return DL_SIZE;
}

static inline int slot(int card) { return card > 0 && card < DOM_NIDS ? slot_of_card[card] : 0; }
static inline void bump(float *field, int card)
{
    int k = slot(card);
    if (k)
        field[k] += 1.0f;
}
/* seat q relative to `base` (0 = base) */
static inline int rel(int q, int base, int np) { return (q - base + np) % np; }

static void obs_general(const dom_cfg *c, const dom_state *s, int player, float *o)
{
    int np = c->np, base = player >= 0 ? player : 0;
    o[G_RUNNING] = s->h.status == KT_RUNNING;
    o[G_PLAYERS] = (float)np;
    if (player >= 0)
        o[G_SEAT + player] = 1;
    o[G_TOMOVE_ME] = player >= 0 && s->h.to_move == player;
    o[G_TURN] = (float)s->h.turn;
    if (s->h.turn_player >= 0)
        o[G_TURNPL + rel(s->h.turn_player, base, np)] = 1;
    if (s->h.to_move >= 0)
        o[G_TOMOVE + rel(s->h.to_move, base, np)] = 1;
    if (s->h.decision < 32)
        o[G_DECISION + s->h.decision] = 1;
    if (s->phase < 8)
        o[G_PHASE + s->phase] = 1;
    o[G_ACTIONS] = s->actions;
    o[G_BUYS] = s->buys;
    o[G_COINS] = s->coins;
    o[G_PLAYED] = s->played;
    o[G_COSTMOD] = s->cost_mod;
    o[G_BOUGHT] = s->bought;
    o[G_EXTRA] = s->extra;
    o[G_LOOT] = s->nloot;
}

static void obs_cards(const dom_cfg *c, const dom_state *s, int player, float *o)
{
    for (int i = 0; i < c->nids; i++)
        o[F_INGAME * DL_S + slot(c->ids[i])] = 1;
    for (int i = 0; i < c->nevents; i++)
        o[F_INGAME * DL_S + slot(c->events[i])] = 1;
    for (int i = 0; i < c->ntraits; i++)
        o[F_INGAME * DL_S + slot(c->traits[i])] = 1;
    o[F_INGAME * DL_S] = 0; /* slot 0: no card */
    for (int id = 1; id < DOM_NIDS; id++) {
        int k = slot(id);
        if (!k)
            continue;
        o[F_SUPPLY * DL_S + k] = s->supply[id];
        o[F_TRASH * DL_S + k] = s->trash[id];
        if (o[F_INGAME * DL_S + k] != 0)
            o[F_COST * DL_S + k] = (float)dom_cost(c, s, id);
    }
    if (s->nstack)
        bump(o + F_ASKING * DL_S, s->stack[s->nstack - 1].card);
    if (player < 0)
        return;
    const dom_player *P = &s->pl[player];
    for (int id = 1; id < DOM_NIDS; id++)
        if (P->hand[id])
            o[F_HAND * DL_S + slot(id)] += P->hand[id];
    for (int i = 0; i < P->ndeck; i++)
        bump(o + F_DECK * DL_S, P->deck[i]);
    for (int i = 0; i < P->ndisc; i++)
        bump(o + F_DISCARD * DL_S, P->disc[i]);
    for (int i = 0; i < P->known_top && i < P->ndeck; i++)
        bump(o + F_KNOWNTOP * DL_S, P->deck[P->ndeck - 1 - i]);
    for (int i = 0; i < s->naside; i++)
        if (s->aside[i].owner == player)
            bump(o + F_ASIDE * DL_S, s->aside[i].card);
}

static void obs_player(const dom_cfg *c, const dom_state *s, int q, float *o)
{
    const dom_player *Q = &s->pl[q];
    o[P_PRESENT] = 1;
    o[P_HAND] = Q->nhand;
    o[P_DECK] = Q->ndeck;
    o[P_DISC] = Q->ndisc;
    o[P_VP] = (float)dom_score(c, s, q);
    o[P_TURNS] = Q->turns;
    o[P_PUBTOP] = Q->pub_top;
    o[P_NCARDS] = Q->ncards;
    for (int id = 1; id < DOM_NIDS; id++) {
        int k = slot(id);
        if (!k)
            continue;
        o[PF_OWN + k] = Q->own[id];
        o[PF_PUBHAND + k] = Q->pubhand[id];
    }
    for (int i = 0; i < s->nplay; i++)
        if (s->play[i].owner == q) {
            bump(o + PF_PLAY, s->play[i].card);
            o[P_INPLAY] += 1;
        }
    if (Q->ndisc)
        bump(o + PF_PUBLIC, Q->disc[Q->ndisc - 1]);
    for (int i = 0; i < Q->pub_top && i < Q->ndeck; i++)
        bump(o + PF_PUBLIC, Q->deck[Q->ndeck - 1 - i]);
    for (int i = 0; i < s->naside; i++)
        if (s->aside[i].owner == q && !dom_aside_hidden(s->aside[i].kind))
            bump(o + PF_PUBLIC, s->aside[i].card);
}

void ref_dom_obs_vector(const kt_game *g, const kt_state *st, int player, float *out)
{
    const dom_cfg *c = dom_config(g);
    const dom_state *s = dom_cst(st);
    memset(out, 0, sizeof *out * DL_SIZE);
    obs_general(c, s, player, out + DL_GEN);
    obs_cards(c, s, player, out + DL_CARDF);
    int base = player >= 0 ? player : 0;
    for (int k = 0; k < c->np; k++)
        obs_player(c, s, (base + k) % c->np, out + DL_PLAYERS + k * DL_PSIZE);
}
