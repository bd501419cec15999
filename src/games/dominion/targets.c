/*
 * targets.c - what a Dominion action acts on, as data (kt_action_info), and
 * the decision and phase names for people in English and German.
 *
 * An action is verb << 8 | card (dominion.h).  The verb becomes a stable
 * word ("play", "buy", "discard", ...; docs/targets.md lists them) and the
 * card a target whose kind says where the card lies, with the card id that
 * the observation (view.c) writes next to the same card:
 *   card     a card in the acting player's hand   seats[me].hand_ids
 *   pile     a Supply pile                        supply[].id
 *   event    an Event                             events[].id
 *   trait    a Trait                              traits[].id
 *   trash    a card in the trash                  trash_ids
 *   discard  a card in the acting player's discard pile  seats[me].discard_ids
 *   deck     a card in the acting player's deck   seats[me].deck_ids
 *   aside    a card set aside / looked at / revealed     aside[].id
 *   in_play  a card in play                       in_play[].id
 *   watcher  a "next time" effect                 watchers[].id
 *   mode     a mode of a card (Gondola now/later) pending.modes[].id
 * Where the card lies follows from the pending pick's source (DOM_S_*);
 * card-specific picks (DOM_S_X, DOM_S_CUSTOM) look the card up in the
 * acting player's zones, in an order that depends on the verb.  Only zones
 * the acting player sees are consulted, so a determinized copy (which keeps
 * them) gives the same answer.
 */
#include <stdio.h>
#include <string.h>

#include "dominion.h"
#include "../../core/targets_util.h"

static const char *const verb_word[DOM_NVERBS] = {
    [DOM_V_NONE] = "",         [DOM_V_PLAY] = "play",       [DOM_V_PLAYALL] = "play_treasures",
    [DOM_V_BUY] = "buy",       [DOM_V_ENDACT] = "end_actions", [DOM_V_ENDTURN] = "end_turn",
    [DOM_V_DONE] = "done",     [DOM_V_DISCARD] = "discard", [DOM_V_TRASH] = "trash",
    [DOM_V_GAIN] = "gain",     [DOM_V_TOPDECK] = "topdeck", [DOM_V_REVEAL] = "reveal",
    [DOM_V_ASIDE] = "set_aside", [DOM_V_KEEP] = "keep",     [DOM_V_ORDER] = "put_on_top",
    [DOM_V_RESOLVE] = "resolve", [DOM_V_CHOOSE] = "choose", [DOM_V_TAKE] = "take",
    [DOM_V_BOTTOM] = "bottom", [DOM_V_REPLACE] = "replace",
};

enum { Z_HAND, Z_PILE, Z_EVENT, Z_TRAIT, Z_TRASH, Z_DISC, Z_DECK, Z_ASIDE, Z_PLAY, Z_WATCH, Z_N };
static const char *const zone_kind[Z_N] = {"card",    "pile", "event",   "trait",
                                           "trash",   "discard", "deck", "aside",
                                           "in_play", "watcher"};

/* Is card `id` in zone z, as player p sees it? */
static int in_zone(const dom_cfg *c, const dom_state *s, int p, int z, int id)
{
    const dom_player *P = &s->pl[p];
    switch (z) {
    case Z_HAND: return P->hand[id] > 0;
    case Z_PILE:
        for (int i = 0; i < c->npiles; i++)
            if (c->piles[i] == id)
                return 1;
        return 0;
    case Z_EVENT:
        for (int i = 0; i < c->nevents; i++)
            if (c->events[i] == id)
                return 1;
        return 0;
    case Z_TRAIT:
        for (int i = 0; i < c->ntraits; i++)
            if (c->traits[i] == id)
                return 1;
        return 0;
    case Z_TRASH: return s->trash[id] > 0;
    case Z_DISC:
        for (int i = 0; i < P->ndisc; i++)
            if (P->disc[i] == id)
                return 1;
        return 0;
    case Z_DECK:
        for (int i = 0; i < P->ndeck; i++)
            if (P->deck[i] == id)
                return 1;
        return 0;
    case Z_ASIDE:
        for (int i = 0; i < s->naside; i++)
            if (s->aside[i].card == id && (s->aside[i].owner == p || !dom_aside_hidden(s->aside[i].kind)))
                return 1;
        return 0;
    case Z_PLAY:
        for (int i = 0; i < s->nplay; i++)
            if (s->play[i].card == id)
                return 1;
        return 0;
    case Z_WATCH:
        for (int i = 0; i < s->nwatch; i++)
            if (s->watch[i].card == id)
                return 1;
        return 0;
    default: return 0;
    }
}

/* The first zone of `order` (ended by -1) that holds the card; the first
 * entry when none does (the id still names the card). */
static int locate(const dom_cfg *c, const dom_state *s, int p, int id, const int *order)
{
    for (int i = 0; order[i] >= 0; i++)
        if (in_zone(c, s, p, order[i], id))
            return order[i];
    return order[0];
}

/* Where the card of a pending pick's action lies. */
static int pick_zone(const dom_cfg *c, const dom_state *s, const dom_frame *f, int verb, int id)
{
    static const int resolve[] = {Z_PLAY, Z_WATCH, Z_TRAIT, Z_EVENT, Z_HAND, Z_ASIDE, Z_PILE, -1};
    static const int play[] = {Z_HAND, Z_ASIDE, Z_DISC, Z_PLAY, Z_PILE, -1};
    static const int trash[] = {Z_HAND, Z_PLAY, Z_ASIDE, Z_DISC, -1};
    static const int any[] = {Z_HAND, Z_ASIDE, Z_DISC, Z_PLAY, Z_PILE, Z_TRASH, Z_DECK, -1};
    switch (f->src) {
    case DOM_S_HAND:
    case DOM_S_REACT: return Z_HAND;
    case DOM_S_SUPPLY: return Z_PILE;
    case DOM_S_TRASH: return Z_TRASH;
    case DOM_S_DISCARD: return Z_DISC;
    case DOM_S_LOOK:
    case DOM_S_KEPT:
    case DOM_S_REVEAL:
    case DOM_S_LOOKALL: return Z_ASIDE;
    default: break;
    }
    switch (verb) {
    case DOM_V_RESOLVE: return locate(c, s, f->who, id, resolve);
    case DOM_V_REPLACE: return Z_DECK;
    case DOM_V_TAKE: return Z_ASIDE;
    case DOM_V_GAIN: return f->card == DOM_SCROUNGE ? Z_TRASH : Z_PILE;
    case DOM_V_BOTTOM: return Z_DISC;
    case DOM_V_TOPDECK:
        if (f->fx == DOM_FX_SHUFFLE)
            return Z_DISC;
        break;
    case DOM_V_ASIDE:
        if (f->fx == DOM_FX_CLEANUP)
            return Z_PLAY; /* Trickster: a Treasure from play */
        break;
    case DOM_V_PLAY: return locate(c, s, f->who, id, play);
    case DOM_V_TRASH: return locate(c, s, f->who, id, trash);
    default: break;
    }
    return locate(c, s, f->who, id, any);
}

void dom_action_info(const kt_game *g, const kt_state *st, kt_action a, kt_action_info *out)
{
    const dom_state *s = dom_cst(st);
    const dom_cfg *c = dom_config(g);
    int verb = DOM_VERB(a), id = DOM_CARD(a);
    if (verb <= DOM_V_NONE || verb >= DOM_NVERBS || id >= DOM_NIDS)
        return;
    kt_info_verb(out, verb_word[verb]);
    if (verb == DOM_V_CHOOSE) {
        if (id > DOM_M_NONE && id < DOM_NMODES)
            kt_info_target(out, "mode", id);
        return;
    }
    if (!id || verb == DOM_V_PLAYALL || verb == DOM_V_ENDACT || verb == DOM_V_ENDTURN ||
        verb == DOM_V_DONE)
        return;
    if (!s->nstack) { /* a phase action of the turn player */
        if (verb == DOM_V_BUY) {
            int ev = dom_cards[id].kind == DOM_K_EVENT;
            kt_info_target(out, ev ? "event" : "pile", id);
            kt_info_cost(out, "coins", ev ? c->cost[id] : dom_cost(c, s, id));
            kt_info_cost(out, "buys", 1);
        } else {
            kt_info_target(out, "card", id);
            if (verb == DOM_V_PLAY && s->phase == DOM_PH_ACTION)
                kt_info_cost(out, "actions", 1);
        }
        return;
    }
    kt_info_target(out, zone_kind[pick_zone(c, s, dom_top(s), verb, id)], id);
}

/* ------------------------------------------------------------ names */

static const char *const dec_en[DOM_NDECISIONS] = {
    [DOM_D_NONE] = "waiting",         [DOM_D_ACTION] = "Action phase",
    [DOM_D_BUY] = "Buy phase",        [DOM_D_DISCARD] = "Discard",
    [DOM_D_TRASH] = "Trash",          [DOM_D_GAIN] = "Gain a card",
    [DOM_D_TOPDECK] = "Put onto your deck", [DOM_D_PLAY] = "Play a card",
    [DOM_D_REACT] = "Reaction",       [DOM_D_LIBRARY] = "Keep or set aside",
    [DOM_D_SENTRY] = "Trash, discard or keep", [DOM_D_ORDER] = "Order cards",
    [DOM_D_START] = "Start of turn",  [DOM_D_SETUP] = "Setup choice",
    [DOM_D_CHOOSE] = "Choose",        [DOM_D_TRIGGER] = "When-gain effects",
    [DOM_D_TAKE] = "Take into hand",  [DOM_D_SHUFFLE] = "Shuffle",
    [DOM_D_ASIDE] = "Set aside",      [DOM_D_REACTGAIN] = "React to a gain",
};
static const char *const dec_de[DOM_NDECISIONS] = {
    [DOM_D_NONE] = "warten",          [DOM_D_ACTION] = "Aktionsphase",
    [DOM_D_BUY] = "Kaufphase",        [DOM_D_DISCARD] = "Ablegen",
    [DOM_D_TRASH] = "Entsorgen",      [DOM_D_GAIN] = "Karte nehmen",
    [DOM_D_TOPDECK] = "Auf den Nachziehstapel", [DOM_D_PLAY] = "Karte spielen",
    [DOM_D_REACT] = "Reaktion",       [DOM_D_LIBRARY] = "Behalten oder zur Seite legen",
    [DOM_D_SENTRY] = "Entsorgen, ablegen oder behalten",
    [DOM_D_ORDER] = "Reihenfolge",    [DOM_D_START] = "Zugbeginn",
    [DOM_D_SETUP] = "Vorbereitung",   [DOM_D_CHOOSE] = "Wählen",
    [DOM_D_TRIGGER] = "Effekte beim Nehmen", [DOM_D_TAKE] = "Auf die Hand nehmen",
    [DOM_D_SHUFFLE] = "Mischen",      [DOM_D_ASIDE] = "Zur Seite legen",
    [DOM_D_REACTGAIN] = "Reaktion auf das Nehmen",
};

const char *dom_decision_label(int d, int lang)
{
    if (d < 0 || d >= DOM_NDECISIONS)
        return NULL;
    return lang == KT_LANG_DE ? dec_de[d] : dec_en[d];
}

const char *dom_phase_label(int ph, int lang)
{
    static const char *const en[DOM_NPHASES] = {"Setup",   "Start of turn", "Action phase",
                                                "Buy phase", "Clean-up",    "Game over"};
    static const char *const de[DOM_NPHASES] = {"Vorbereitung", "Zugbeginn", "Aktionsphase",
                                                "Kaufphase",    "Aufräumen", "Spielende"};
    if (ph < 0 || ph >= DOM_NPHASES)
        return "?";
    return lang == KT_LANG_DE ? de[ph] : en[ph];
}
