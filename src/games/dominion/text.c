/*
 * text.c - Dominion's words: action texts, prompts, explanations of refused
 * actions, menu items.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dominion.h"

static const char *P_(int lang, const char *en, const char *de)
{
    return lang == KT_LANG_DE ? de : en;
}

/* ------------------------------------------------------------ action text */

/* Is the card named by this action hidden from `viewer`?  Keeping,
 * ordering or taking looked-at cards, putting cards from hand or discard
 * pile onto or under the deck, and setting cards aside face down are
 * private; Bureaucrat's Victory card, Insignia's gained card and Fated cards
 * are revealed. */
static int action_hidden(const dom_state *s, int v, int viewer)
{
    const dom_frame *f = dom_top(s);
    /* only the omniscient reader and the decider see it; a spectator
     * (KT_SPECTATOR) sees public information only */
    if (viewer == KT_OMNISCIENT || !f || f->who == viewer)
        return 0;
    switch (v) {
    case DOM_V_KEEP:
    case DOM_V_ORDER:
    case DOM_V_TAKE:
        return 1;
    case DOM_V_TOPDECK:
        return f->card != DOM_BUREAUCRAT && f->fx != DOM_FX_GAIN && f->fx != DOM_FX_SHUFFLE;
    case DOM_V_BOTTOM:
        return f->fx != DOM_FX_SHUFFLE;
    case DOM_V_ASIDE:
        return f->card == DOM_CAGE || f->card == DOM_GROTTO || f->card == DOM_PUZZLE_BOX;
    default:
        return 0;
    }
}

void dom_action_text(const kt_game *g, const kt_state *st, kt_action a, int viewer, int lang,
                     kt_buf *out)
{
    KT_UNUSED(g);
    const dom_state *s = dom_cst(st);
    int v = DOM_VERB(a), c = DOM_CARD(a);
    if (v <= DOM_V_NONE || v >= DOM_NVERBS || c >= DOM_NCARDS || (a >> 16) ||
        (v == DOM_V_CHOOSE && (c <= DOM_M_NONE || c >= DOM_NMODES))) {
        kt_buf_printf(out, "action #%u", (unsigned)a);
        return;
    }
    if (v == DOM_V_CHOOSE) {
        kt_buf_printf(out, "choose %s", dom_mode_names[c]);
        return;
    }
    const char *name = c ? dom_name(c, lang) : "";
    int hide = action_hidden(s, v, viewer);
    if (hide)
        name = P_(lang, "a card", "eine Karte");
    switch (v) {
    case DOM_V_PLAYALL:
    case DOM_V_ENDACT:
    case DOM_V_ENDTURN:
    case DOM_V_DONE:
        kt_buf_puts(out, dom_verb_names[v]);
        break;
    case DOM_V_ORDER:
        kt_buf_printf(out, "put %s on top", name);
        break;
    default:
        kt_buf_printf(out, "%s %s", dom_verb_names[v], name);
        break;
    }
}

/* ------------------------------------------------------------ prompt */

static void card_word(kt_buf *out, int card, int lang)
{
    kt_buf_puts(out, dom_name(card, lang));
}

static int aside_left(const dom_frame *f, int max)
{
    int n = f->n;
    return max > n ? max - n : 0;
}

/* The prompt of a pending pick: what the card asks for, in EN or DE. */
static void prompt_frame(const kt_game *g, const dom_state *s, const dom_frame *f, int lang,
                         kt_buf *out)
{
    const dom_cfg *c = dom_cfgof(g);
    int de = lang == KT_LANG_DE;
#define SAY(en, ger) kt_buf_puts(out, de ? (ger) : (en))
    switch (f->dec) {
    case DOM_D_DISCARD:
        if (f->card == DOM_MILITIA || f->card == DOM_CUTTHROAT || f->card == DOM_SWORD ||
            (f->fx == DOM_FX_PLAY && f->step > DOM_STEP_POST)) {
            int keep = f->card == DOM_MILITIA || f->card == DOM_CUTTHROAT ? 3 : 4;
            if (f->fx == DOM_FX_PLAY && f->step > DOM_STEP_POST)
                keep = 4; /* Frigate */
            kt_buf_printf(out, de ? "lege ab, bis du %d Karten hast (noch %d)"
                                  : "discard down to %d cards (%d to go)",
                          keep, s->pl[f->who].nhand - keep);
        } else if (f->card == DOM_POACHER) {
            kt_buf_printf(out, de ? "lege noch %d Karte(n) ab" : "discard %d more card(s)", f->n);
        } else if (f->card == DOM_FORAY) {
            kt_buf_printf(out, de ? "lege noch %d Karte(n) offen ab" : "discard %d more card(s)",
                          3 - f->n);
        } else if (f->card == DOM_FIGURINE) {
            SAY("you may discard an Action card for +1 Buy and +$1 (or done)",
                "du darfst eine Aktionskarte für +1 Kauf und +1 Geld ablegen (oder done)");
        } else if (f->card == DOM_SEXTANT) {
            SAY("discard any of the looked-at cards, then done",
                "lege beliebige der angesehenen Karten ab, dann done");
        } else if (f->fx == DOM_FX_CLEANUP) {
            SAY("Friendly: you may discard one to gain one (or done)",
                "Freundlich: du darfst eine ablegen, um eine zu nehmen (oder done)");
        } else {
            SAY("discard any number of cards, then done",
                "lege beliebig viele Karten ab, dann fertig (done)");
        }
        break;
    case DOM_D_TRASH:
        if (f->card == DOM_CHAPEL)
            kt_buf_printf(out, de ? "entsorge bis zu %d weitere Karten oder fertig (done)"
                                  : "trash up to %d more cards, or done",
                          4 - f->n);
        else if (f->card == DOM_BANDIT)
            SAY("which revealed Treasure is trashed?", "welche aufgedeckte Geldkarte wird entsorgt?");
        else if (f->fx == DOM_FX_GAIN && f->card == DOM_SIREN && (f->tmask & DOM_T_ACTION))
            SAY("trash an Action card from your hand, or done to trash the Siren you gained",
                "entsorge eine Aktionskarte aus der Hand, oder done: die genommene Sirene wird "
                "entsorgt");
        else if (f->card == DOM_MAELSTROM && f->who != f->pl)
            SAY("Maelstrom: trash a card from your hand", "Mahlstrom: entsorge eine Handkarte");
        else if (f->may)
            SAY("you may trash a card (or done)", "entsorge eine Karte oder fertig (done)");
        else
            SAY("trash a card from your hand", "entsorge eine Karte aus deiner Hand");
        break;
    case DOM_D_GAIN:
        if (f->src == DOM_S_TRASH)
            kt_buf_printf(out, de ? "nimm eine Karte bis %d Geld aus dem Müll"
                                  : "gain a card costing up to $%d from the trash",
                          f->cap);
        else if (f->flags & DOM_FF_INPLAY)
            SAY("gain a copy of a card someone has in play",
                "nimm eine Karte, von der jemand eine gleiche im Spiel hat");
        else if (f->src == DOM_S_CUSTOM)
            SAY("gain a Treasure with a name not gained yet, or done",
                "nimm eine Geldkarte mit noch nicht genommenem Namen, oder done");
        else if (f->flags & DOM_FF_LESS)
            kt_buf_printf(out, de ? "nimm eine Karte, die weniger als %d kostet"
                                  : "gain a card costing less than $%d",
                          f->cap);
        else if (f->cap == 255)
            SAY("gain a card", "nimm eine Karte");
        else
            kt_buf_printf(out, de ? "nimm eine Karte, die bis zu %d kostet"
                                  : "gain a card costing up to $%d",
                          f->cap);
        if (f->tmask & DOM_T_TREASURE)
            SAY(" (a Treasure)", " (Geldkarte)");
        else if (f->tmask & DOM_T_DURATION)
            SAY(" (a Duration card)", " (Dauerkarte)");
        else if (f->tmask & DOM_T_ACTION)
            SAY(" (an Action card, onto your deck)", " (Aktionskarte, auf den Nachziehstapel)");
        break;
    case DOM_D_TOPDECK:
        if (f->card == DOM_BUREAUCRAT)
            SAY("put a Victory card from your hand onto your deck",
                "lege eine Punktekarte auf deinen Nachziehstapel");
        else if (f->card == DOM_BURY)
            SAY("put a card from your discard pile on the bottom of your deck",
                "lege eine Karte aus dem Ablagestapel unter deinen Nachziehstapel");
        else if (f->fx == DOM_FX_GAIN) {
            SAY("Insignia: you may put ", "Insignien: du darfst ");
            card_word(out, f->x, lang);
            SAY(" onto your deck (or done)", " auf deinen Nachziehstapel legen (oder done)");
        } else if (f->src == DOM_S_DISCARD)
            SAY("you may put a card from your discard pile onto your deck (or done)",
                "du darfst eine Karte aus dem Ablagestapel auf den Nachziehstapel legen (oder "
                "done)");
        else
            SAY("put a card from your hand onto your deck",
                "lege eine Handkarte auf deinen Nachziehstapel");
        break;
    case DOM_D_PLAY:
        if (f->card == DOM_THRONE_ROOM && f->fx == DOM_FX_PLAY && f->step < DOM_STEP_POST)
            SAY("choose an Action card to play twice (or done)",
                "wähle eine Aktionskarte, die zweimal gespielt wird (oder done)");
        else if (f->card == DOM_KINGS_CACHE && f->fx == DOM_FX_PLAY && f->step < DOM_STEP_POST)
            SAY("choose a Treasure to play three times (or done)",
                "wähle eine Geldkarte, die dreimal gespielt wird (oder done)");
        else if (f->src == DOM_S_X) {
            SAY("you may play ", "du darfst ");
            card_word(out, f->x, lang);
            SAY(" (or done)", " spielen (oder done)");
        } else if (f->fx == DOM_FX_PLAY && f->step > DOM_STEP_POST)
            SAY("Inspiring: you may play an Action card you have no copy of in play (or done)",
                "Inspirierend: du darfst eine Aktionskarte spielen, von der du keine im Spiel "
                "hast (oder done)");
        else if (f->tmask & DOM_T_ATTACK)
            SAY("you may play an Attack from your hand (or done)",
                "du darfst einen Angriff aus der Hand spielen (oder done)");
        else if (f->tmask & DOM_T_TREASURE)
            SAY("you may play one of the Treasures you look at (or done)",
                "du darfst eine der angesehenen Geldkarten spielen (oder done)");
        else
            SAY("you may play an Action card from your hand (or done)",
                "du darfst eine Aktionskarte aus der Hand spielen (oder done)");
        break;
    case DOM_D_REACT:
        SAY("an Attack! Reveal a Reaction, or done", "ein Angriff! Reaktion aufdecken oder done");
        break;
    case DOM_D_LIBRARY: {
        int i = dom_aside_find(s, f->who, DOM_A_LOOK);
        SAY("drew ", "gezogen: ");
        if (i >= 0)
            card_word(out, s->aside[i].card, lang);
        SAY(" - set it aside or keep it?", " - zur Seite legen oder behalten?");
        break;
    }
    case DOM_D_SENTRY: {
        int i = dom_aside_find(s, f->who, DOM_A_LOOK);
        SAY("looking at ", "oberste Karte ");
        if (i >= 0)
            card_word(out, s->aside[i].card, lang);
        SAY(": trash, discard or keep it?", ": entsorgen, ablegen oder behalten?");
        break;
    }
    case DOM_D_ORDER:
        SAY("which card goes on top (next from the top)?",
            "welche Karte kommt (als nächste von oben) nach oben?");
        break;
    case DOM_D_START:
        SAY("start of turn: choose the next effect", "Zugbeginn: wähle den nächsten Effekt");
        if (f->may)
            SAY(" (or done)", " (oder done)");
        break;
    case DOM_D_SETUP:
        SAY("Inherited: choose the starting card to replace with ",
            "Geerbt: wähle die Startkarte, die ersetzt wird durch ");
        for (int i = 0; i < c->ntraits; i++)
            if (c->traits[i] == DOM_INHERITED)
                card_word(out, c->trait_pile[i], lang);
        break;
    case DOM_D_CHOOSE:
        switch (f->card) {
        case DOM_GONDOLA:
            SAY("+$2 now or at the start of your next turn?",
                "+2 Geld jetzt oder zu Beginn deines nächsten Zuges?");
            break;
        case DOM_AMPHORA:
            SAY("+1 Buy +$3 now or at the start of your next turn?",
                "+1 Kauf +3 Geld jetzt oder zu Beginn deines nächsten Zuges?");
            break;
        case DOM_CABIN_BOY:
            SAY("+$2, or trash it to gain a Duration card?",
                "+2 Geld, oder entsorgen und eine Dauerkarte nehmen?");
            break;
        case DOM_QUARTERMASTER:
            SAY("gain a card up to $4 onto it, or take a card from it into your hand",
                "nimm eine Karte bis 4 Geld auf ihn, oder nimm eine Karte von ihm auf die Hand");
            break;
        case DOM_ORB:
            SAY("play an Action or Treasure from your discard pile, or +1 Buy +$3",
                "spiele eine Aktions- oder Geldkarte aus dem Ablagestapel, oder +1 Kauf +3 Geld");
            break;
        case DOM_SCROUNGE:
            SAY("trash a card from your hand, or gain an Estate from the trash",
                "entsorge eine Handkarte, oder nimm ein Anwesen aus dem Müll");
            break;
        default:
            SAY("choose", "wähle");
            break;
        }
        break;
    case DOM_D_TRIGGER:
        SAY("you gained ", "genommen: ");
        card_word(out, f->card, lang);
        SAY(": which effect resolves next?", ": welcher Effekt zuerst?");
        break;
    case DOM_D_TAKE:
        kt_buf_printf(out, de ? "nimm eine angesehene Karte auf die Hand (noch %d)"
                              : "put a looked-at card into your hand (%d to go)",
                      2 - f->n);
        break;
    case DOM_D_SHUFFLE:
        if (f->verb == DOM_V_KEEP)
            kt_buf_printf(out, de ? "Ausweichen: lasse bis zu %d Karte(n) im Ablagestapel (oder "
                                    "done)"
                                  : "Avoid: keep up to %d card(s) out of the shuffle (or done)",
                          f->z);
        else
            SAY("Fated: put a Fated card on top or at the bottom, or done to shuffle",
                "Vorherbestimmt: lege eine Karte oben oder unten hin, oder done zum Mischen");
        break;
    case DOM_D_ASIDE:
        if (f->card == DOM_CAGE || f->card == DOM_GROTTO)
            kt_buf_printf(out, de ? "lege bis zu %d weitere Karte(n) zur Seite (oder done)"
                                  : "set aside up to %d more card(s) (or done)",
                          aside_left(f, 4));
        else if (f->card == DOM_PUZZLE_BOX)
            SAY("you may set aside a card until the end of the turn (or done)",
                "du darfst eine Karte bis zum Zugende zur Seite legen (oder done)");
        else if (f->fx == DOM_FX_CLEANUP && f->src == DOM_S_CUSTOM)
            SAY("Trickster: you may set aside a Treasure from play (or done)",
                "Gauner: du darfst eine Geldkarte aus dem Spiel zur Seite legen (oder done)");
        else
            SAY("Patient: you may set aside cards to play next turn (or done)",
                "Geduldig: du darfst Karten für den nächsten Zug zur Seite legen (oder done)");
        break;
    case DOM_D_REACTGAIN:
        card_word(out, f->card, lang);
        SAY(" was gained: you may play ", " wurde genommen: du darfst ");
        card_word(out, f->only, lang);
        SAY(" (or done)", " spielen (oder done)");
        break;
    default:
        SAY("decide", "entscheide");
        break;
    }
#undef SAY
}

void dom_prompt(const kt_game *g, const kt_state *st, int lang, kt_buf *out)
{
    const dom_state *s = dom_cst(st);
    int de = lang == KT_LANG_DE;
    const dom_frame *f = dom_top(s);
    kt_buf_printf(out, "%s %d: ", de ? "Spieler" : "Player", s->h.to_move + 1);
    if (!f) {
        if (s->phase == DOM_PH_ACTION)
            kt_buf_printf(out,
                          de ? "Spiele eine Aktionskarte (%d Aktion%s) oder beende die Aktionen"
                             : "play an Action card (%d Action%s left) or end actions",
                          s->actions, de ? (s->actions == 1 ? "" : "en") : (s->actions == 1 ? "" : "s"));
        else
            kt_buf_printf(out,
                          de ? "%d Geld, %d Kauf: spiele Geldkarten, kaufe eine Karte oder beende "
                               "den Zug"
                             : "$%d, %d Buy%s: play Treasures, buy a card or end the turn",
                          s->coins, s->buys, de ? "" : (s->buys == 1 ? "" : "s"));
        return;
    }
    if (f->card) {
        card_word(out, f->card, lang);
        kt_buf_puts(out, ": ");
    }
    prompt_frame(g, s, f, lang, out);
}

/* ------------------------------------------------------------ explain */

static const char *const verb_words[] = {"play", "buy",     "discard", "trash",  "gain",
                                         "topdeck", "reveal", "set aside", "keep", "resolve",
                                         "take",  "bottom",  "replace", "choose"};

kt_status dom_explain(const kt_game *g, const kt_state *st, const char *text, kt_buf *out)
{
    const dom_state *s = dom_cst(st);
    const dom_cfg *c = dom_cfgof(g);
    const char *rest = NULL, *verb = NULL;
    for (size_t i = 0; i < sizeof verb_words / sizeof verb_words[0]; i++) {
        size_t l = strlen(verb_words[i]);
        if (strncmp(text, verb_words[i], l) == 0 && text[l] == ' ') {
            verb = verb_words[i];
            rest = text + l + 1;
            break;
        }
    }
    char name[128] = "";
    if (!verb && strncmp(text, "put ", 4) == 0) {
        const char *e = strstr(text, " on top");
        if (e && e[7] == '\0') {
            verb = "put";
            size_t l = (size_t)(e - (text + 4));
            if (l >= sizeof name)
                l = sizeof name - 1;
            memcpy(name, text + 4, l);
            name[l] = '\0';
            rest = name;
        }
    }
    if (!verb) {
        static const char *const fixed[] = {"play treasures", "end actions", "end turn", "done",
                                            "choose now", "choose next turn", "choose +$2",
                                            "choose +1 buy +$3"};
        for (int i = 0; i < 8; i++)
            if (strcmp(text, fixed[i]) == 0) {
                kt_buf_printf(out, "'%s' is not possible now; ", text);
                dom_prompt(g, st, KT_LANG_EN, out);
                return KT_EILLEGAL;
            }
        kt_buf_printf(out, "unknown action '%s' (actions look like: play Village, buy Province, "
                           "discard Estate, trash Copper, gain Silver, reveal Moat, resolve "
                           "Longship, choose now, done)",
                      text);
        return KT_EUNKNOWN;
    }
    int id = dom_card_find(rest);
    if (!id) {
        kt_buf b;
        kt_buf_init(&b);
        dom_card_suggest(rest, &b);
        kt_buf_printf(out, "unknown card '%s'%s%s%s", rest, b.len ? " (did you mean " : "",
                      b.len ? b.p : "", b.len ? "?)" : "");
        kt_buf_free(&b);
        return KT_EUNKNOWN;
    }
    const char *en = dom_cards[id].en;
    int p = s->h.to_move;
    const dom_player *P = &s->pl[p];
    const dom_frame *f = dom_top(s);
    if (f) {
        kt_buf_printf(out, "'%s' is not a choice now; ", text);
        dom_prompt(g, st, KT_LANG_EN, out);
        return KT_EILLEGAL;
    }
    if (strcmp(verb, "buy") == 0 && dom_cards[id].kind == DOM_K_EVENT) {
        int in = 0;
        for (int i = 0; i < c->nevents; i++)
            in |= c->events[i] == id;
        if (!in)
            kt_buf_printf(out, "%s is not an Event of this game", en);
        else if (s->phase != DOM_PH_BUY)
            kt_buf_printf(out, "Events are bought in your Buy phase ('end actions' first)");
        else if (!s->buys)
            kt_buf_printf(out, "you have no Buys left");
        else if (c->cost[id] > s->coins)
            kt_buf_printf(out, "%s costs $%d, you have $%d", en, c->cost[id], s->coins);
        else if (!dom_event_ok(c, s, id))
            kt_buf_printf(out, "%s can be bought only once per turn", en);
        else
            kt_buf_printf(out, "you cannot buy %s now", en);
        return KT_EILLEGAL;
    }
    if (strcmp(verb, "buy") == 0) {
        if (dom_cards[id].kind == DOM_K_LOOT)
            kt_buf_printf(out, "%s is a Loot: Loots are not in the Supply and cannot be bought",
                          en);
        else if (dom_cards[id].kind == DOM_K_TRAIT)
            kt_buf_printf(out, "%s is a Trait: it changes a pile and cannot be bought", en);
        else if (!c->in_supply[id])
            kt_buf_printf(out, "%s is not in the Supply of this game", en);
        else if (s->phase != DOM_PH_BUY)
            kt_buf_printf(out, "you can buy only in your Buy phase ('end actions' first)");
        else if (!s->buys)
            kt_buf_printf(out, "you have no Buys left");
        else if (!s->supply[id])
            kt_buf_printf(out, "the %s pile is empty", en);
        else if (dom_cost(c, s, id) > s->coins)
            kt_buf_printf(out, "%s costs $%d, you have $%d", en, dom_cost(c, s, id), s->coins);
        else
            kt_buf_printf(out, "you cannot buy %s now", en);
        return KT_EILLEGAL;
    }
    if (strcmp(verb, "play") == 0) {
        int t = dom_cards[id].types;
        if (!(t & (DOM_T_ACTION | DOM_T_TREASURE)))
            kt_buf_printf(out, "%s cannot be played", en);
        else if (!P->hand[id])
            kt_buf_printf(out, "you have no %s in hand", en);
        else if (s->phase == DOM_PH_ACTION && !(t & DOM_T_ACTION))
            kt_buf_printf(out, "Treasures are played in the Buy phase ('end actions' first)");
        else if (s->phase == DOM_PH_ACTION && !s->actions)
            kt_buf_printf(out, "you have no Actions left");
        else if (s->phase == DOM_PH_BUY && !(t & DOM_T_TREASURE))
            kt_buf_printf(out, "Action cards can only be played in your Action phase");
        else if (s->phase == DOM_PH_BUY && s->bought)
            kt_buf_printf(out, "no more Treasures can be played after buying");
        else
            kt_buf_printf(out, "you cannot play %s now", en);
        return KT_EILLEGAL;
    }
    kt_buf_printf(out, "'%s' is not a choice now; ", text);
    dom_prompt(g, st, KT_LANG_EN, out);
    return KT_EILLEGAL;
}
