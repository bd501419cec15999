/*
 * view.c - Dominion's views: action texts, explanations of refused actions,
 * prompts, per-player observations, full-state save/load with validation,
 * terminal rendering and the component listing.
 *
 * Action texts are "<verb> <card>" with English verbs and the card name in
 * the view's language ("buy Province", "buy Provinz", "resolve Gondel");
 * modes read "choose now", "choose next turn", "choose +$2", "choose +1 Buy
 * +$3"; both languages parse back.
 *
 * Full-state JSON ("state" object; every card by English name on save, any
 * language on load):
 *   phase, pstep, turn {actions, buys, coins, played, silvers, bought, extra,
 *   cost_mod, flags, run}, supply {card: count} (may be omitted: then it is
 *   whatever of each pile is not elsewhere), trash [cards], loot [cards, top
 *   first], removed (Estates out of the game), players {"0": {hand,
 *   hand_known, deck (top first), discard (top first), known_top, pub_top,
 *   turns, extra_turns, shuffles}, ...}, in_play [{card, owner, uid, by,
 *   link, flags, pend, mult}], aside [{card, owner, kind, host}], watchers
 *   [{event, owner, card, life, arg, n, fired, uid}], stack [{fx, step,
 *   player, who, card, n, x, y, immune, decision, src, verb, may, cap, only,
 *   flags, types, uid, trig, pos, c0, loc, k, z, tc, tp}], next_uid, ended,
 *   winner.
 * Players are an object keyed by seat so that a scenario's merge patch can
 * change one player without restating the others; fields added with
 * Plunder may be left out (they default to zero).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dominion.h"

static const char *const phase_names[DOM_NPHASES] = {"setup", "start", "action",
                                                     "buy",   "cleanup", "over"};
static const char *const fx_names[DOM_NFX] = {"none", "play",    "react",    "gain",
                                              "event", "duration", "start",   "cleanup",
                                              "shuffle", "treasures", "setup"};
static const char *const src_names[DOM_NSRC] = {"hand", "supply", "discard", "look",
                                                "kept", "reveal", "x",       "react",
                                                "trash", "lookall", "custom"};
static const char *const verb_names[DOM_NVERBS] = {
    "",        "play",    "play treasures", "buy",     "end actions", "end turn",
    "done",    "discard", "trash",          "gain",    "topdeck",     "reveal",
    "set aside", "keep",  "put",            "resolve", "choose",      "take",
    "bottom",  "replace"};
static const char *const aside_names[DOM_NASIDE] = {
    "look",   "kept",    "reveal",  "library", "under",   "on",      "endturn", "nextturn",
    "placed", "handend", "deckend", "avoid",   "fatetop", "fatebot", "wait"};
static const char *const ev_names[DOM_NEVENTS] = {"play", "gain", "shuffle", "pile_empty",
                                                  "discard"};
static const char *const life_names[DOM_NLIVES] = {"turn", "trigger", "game", "next"};
static const char *const end_names[] = {"none", "provinces", "piles", "until"};
static const char *const loc_names[DOM_NLOCS] = {"none", "discard", "deck", "hand", "aside"};
const char *const dom_mode_names[DOM_NMODES] = {"", "now", "next turn", "+$2", "+1 Buy +$3"};

const char *dom_phase_name(int ph) { return ph >= 0 && ph < DOM_NPHASES ? phase_names[ph] : "?"; }
const char *dom_fx_name(int fx) { return fx >= 0 && fx < DOM_NFX ? fx_names[fx] : "?"; }

static int name_index(const char *const *names, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], s) == 0)
            return i;
    return -1;
}

static const char *P_(int lang, const char *en, const char *de)
{
    return lang == KT_LANG_DE ? de : en;
}

void dom_types_text(int types, int lang, kt_buf *out)
{
    static const char *const en[] = {"Treasure", "Victory", "Curse", "Action", "Attack",
                                     "Reaction", "Duration", "Command", "Loot",  "Event",
                                     "Trait"};
    static const char *const de[] = {"Geld",  "Punkte",  "Fluch",        "Aktion",   "Angriff",
                                     "Reaktion", "Dauer", "Befehl", "Kostbarkeit", "Ereignis",
                                     "Merkmal"};
    int first = 1;
    for (int i = 0; i < 11; i++) {
        if (!(types & (1 << i)))
            continue;
        kt_buf_printf(out, "%s%s", first ? "" : "-", lang == KT_LANG_DE ? de[i] : en[i]);
        first = 0;
    }
}

/* ------------------------------------------------------------ action text */

static const dom_frame *top_frame(const dom_state *s)
{
    return s->nstack ? &s->stack[s->nstack - 1] : NULL;
}

/* Is the card named by this action hidden from `viewer`?  Keeping,
 * ordering or taking looked-at cards, putting cards from hand or discard
 * pile onto or under the deck, and setting cards aside face down are
 * private; Bureaucrat's Victory card, Insignia's gained card and Fated cards
 * are revealed. */
static int action_hidden(const dom_state *s, int v, int viewer)
{
    const dom_frame *f = top_frame(s);
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
        kt_buf_puts(out, verb_names[v]);
        break;
    case DOM_V_ORDER:
        kt_buf_printf(out, "put %s on top", name);
        break;
    default:
        kt_buf_printf(out, "%s %s", verb_names[v], name);
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
    const dom_frame *f = top_frame(s);
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
    const dom_frame *f = top_frame(s);
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

/* ------------------------------------------------------------ JSON helpers */

static void jw_cards_counts(kt_jw *w, const dom_cfg *c, const uint8_t *cnt, int lang)
{
    kt_jw_arr(w);
    for (int i = 0; i < c->nids; i++)
        for (int k = 0; k < cnt[c->ids[i]]; k++)
            kt_jw_str(w, dom_name(c->ids[i], lang));
    kt_jw_arr_end(w);
}

static void jw_cards_topfirst(kt_jw *w, const uint8_t *a, int n, int lang)
{
    kt_jw_arr(w);
    for (int i = n - 1; i >= 0; i--)
        kt_jw_str(w, dom_name(a[i], lang));
    kt_jw_arr_end(w);
}

static void jw_card_or_null(kt_jw *w, const char *key, int id)
{
    kt_jw_key(w, key);
    if (id)
        kt_jw_str(w, dom_cards[id].en);
    else
        kt_jw_null(w);
}

/* ------------------------------------------------------------ observe */

void dom_observe(const kt_game *g, const kt_state *st, int player, int lang, kt_jw *w)
{
    const dom_state *s = dom_cst(st);
    const dom_cfg *c = dom_cfgof(g);
    kt_jw_kstr(w, "phase", dom_phase_name(s->phase));
    kt_jw_key(w, "kingdom");
    kt_jw_arr(w);
    for (int i = 0; i < c->nkingdom; i++)
        kt_jw_str(w, dom_name(c->kingdom[i], lang));
    kt_jw_arr_end(w);
    kt_jw_key(w, "events");
    kt_jw_arr(w);
    for (int i = 0; i < c->nevents; i++) {
        kt_jw_obj(w);
        kt_jw_kstr(w, "event", dom_name(c->events[i], lang));
        kt_jw_kint(w, "cost", c->cost[c->events[i]]);
        kt_jw_kbool(w, "buyable", dom_event_ok(c, s, c->events[i]));
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "traits");
    kt_jw_arr(w);
    for (int i = 0; i < c->ntraits; i++) {
        kt_jw_obj(w);
        kt_jw_kstr(w, "trait", dom_name(c->traits[i], lang));
        kt_jw_kstr(w, "pile", dom_name(c->trait_pile[i], lang));
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    if (c->loot)
        kt_jw_kint(w, "loot_pile", s->nloot); /* face down: only its size */
    kt_jw_kstr(w, "journey", c->journey_errata ? "errata" : "printed");
    kt_jw_key(w, "turn_state");
    kt_jw_obj(w);
    kt_jw_kint(w, "actions", s->actions);
    kt_jw_kint(w, "buys", s->buys);
    kt_jw_kint(w, "coins", s->coins);
    kt_jw_kbool(w, "bought", s->bought);
    kt_jw_kbool(w, "extra_turn", s->extra);
    kt_jw_kint(w, "flags", s->tflags);
    kt_jw_obj_end(w);
    kt_jw_key(w, "supply");
    kt_jw_arr(w);
    for (int i = 0; i < c->npiles; i++) {
        int id = c->piles[i];
        kt_jw_obj(w);
        kt_jw_kstr(w, "card", dom_name(id, lang));
        kt_jw_kint(w, "count", s->supply[id]);
        kt_jw_kint(w, "cost", dom_cost(c, s, id));
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_kint(w, "empty_piles", dom_empty_piles(c, s));
    kt_jw_key(w, "trash");
    jw_cards_counts(w, c, s->trash, lang);
    kt_jw_key(w, "seats"); /* "players" is the envelope's player count */
    kt_jw_arr(w);
    for (int p = 0; p < c->np; p++) {
        const dom_player *P = &s->pl[p];
        int me = p == player;
        kt_jw_obj(w);
        kt_jw_kint(w, "vp", dom_score(c, s, p));
        kt_jw_kint(w, "cards", P->ncards);
        kt_jw_kint(w, "turns", P->turns);
        kt_jw_kint(w, "extra_turns", P->xturns);
        kt_jw_key(w, "owned"); /* every gain and trash is public */
        jw_cards_counts(w, c, P->own, lang);
        kt_jw_kint(w, "hand_size", P->nhand);
        kt_jw_key(w, me ? "hand" : "hand_known");
        jw_cards_counts(w, c, me ? P->hand : P->pubhand, lang);
        kt_jw_kint(w, "deck_size", P->ndeck);
        kt_jw_key(w, "deck_top_known"); /* top first */
        int known = me ? P->known_top : P->pub_top;
        jw_cards_topfirst(w, P->deck + P->ndeck - known, known, lang);
        if (me) {
            /* the composition of your own deck follows from what you own */
            uint8_t cnt[DOM_NIDS];
            memset(cnt, 0, sizeof cnt);
            for (int i = 0; i < P->ndeck; i++)
                cnt[P->deck[i]]++;
            kt_jw_key(w, "deck_cards");
            jw_cards_counts(w, c, cnt, lang);
            kt_jw_key(w, "discard");
            jw_cards_topfirst(w, P->disc, P->ndisc, lang);
        }
        kt_jw_kint(w, "discard_size", P->ndisc);
        kt_jw_key(w, "discard_top");
        if (P->ndisc)
            kt_jw_str(w, dom_name(P->disc[P->ndisc - 1], lang));
        else
            kt_jw_null(w);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "in_play");
    kt_jw_arr(w);
    for (int i = 0; i < s->nplay; i++) {
        const dom_inplay *e = &s->play[i];
        kt_jw_obj(w);
        kt_jw_kstr(w, "card", dom_name(e->card, lang));
        kt_jw_kint(w, "owner", e->owner);
        kt_jw_kint(w, "uid", e->uid);
        /* what keeps it in play is public: pending Duration effects, cards
         * that never leave play, earlier turns */
        kt_jw_kint(w, "pending", e->pend);
        kt_jw_kbool(w, "forever", (e->flags & DOM_IP_FOREVER) != 0);
        kt_jw_kbool(w, "old", (e->flags & DOM_IP_OLD) != 0);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "aside");
    kt_jw_arr(w);
    for (int i = 0; i < s->naside; i++) {
        const dom_aside *a = &s->aside[i];
        kt_jw_obj(w);
        kt_jw_key(w, "card");
        if (dom_aside_hidden(a->kind) && a->owner != player)
            kt_jw_null(w);
        else
            kt_jw_str(w, dom_name(a->card, lang));
        kt_jw_kint(w, "owner", a->owner);
        kt_jw_kstr(w, "kind", aside_names[a->kind]);
        if (a->host)
            kt_jw_kint(w, "host", a->host);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "watchers"); /* every "next time" effect is public */
    kt_jw_arr(w);
    for (int i = 0; i < s->nwatch; i++) {
        const dom_watch *x = &s->watch[i];
        kt_jw_obj(w);
        kt_jw_kstr(w, "card", dom_name(x->card, lang));
        kt_jw_kint(w, "owner", x->owner);
        kt_jw_kint(w, "n", x->n);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    if (s->nstack) {
        const dom_frame *f = top_frame(s);
        kt_jw_key(w, "pending");
        kt_jw_obj(w);
        kt_jw_kstr(w, "card", dom_name(f->card, lang));
        kt_jw_kint(w, "player", f->pl);
        kt_jw_kint(w, "decider", f->who);
        kt_jw_obj_end(w);
    }
    if (s->h.status != KT_RUNNING)
        kt_jw_kstr(w, "ended_by", end_names[s->ended < 4 ? s->ended : 0]);
    kt_buf pb;
    kt_buf_init(&pb);
    if (s->h.status == KT_RUNNING)
        dom_prompt(g, st, lang, &pb);
    kt_jw_kstr(w, "prompt", pb.p ? pb.p : "");
    kt_buf_free(&pb);
}

/* ------------------------------------------------------------ save */

void dom_save(const kt_game *g, const kt_state *st, kt_jw *w)
{
    const dom_state *s = dom_cst(st);
    const dom_cfg *c = dom_cfgof(g);
    kt_jw_obj(w);
    kt_jw_kstr(w, "phase", dom_phase_name(s->phase));
    kt_jw_kint(w, "pstep", s->pstep);
    kt_jw_key(w, "turn");
    kt_jw_obj(w);
    kt_jw_kint(w, "actions", s->actions);
    kt_jw_kint(w, "buys", s->buys);
    kt_jw_kint(w, "coins", s->coins);
    kt_jw_kint(w, "played", s->played);
    kt_jw_kint(w, "silvers", s->silvers);
    kt_jw_kbool(w, "bought", s->bought);
    kt_jw_kbool(w, "extra", s->extra);
    kt_jw_kint(w, "cost_mod", s->cost_mod);
    kt_jw_kint(w, "flags", s->tflags);
    kt_jw_kint(w, "run", s->run);
    kt_jw_obj_end(w);
    kt_jw_key(w, "supply");
    kt_jw_obj(w);
    for (int i = 0; i < c->npiles; i++)
        kt_jw_kint(w, dom_cards[c->piles[i]].en, s->supply[c->piles[i]]);
    kt_jw_obj_end(w);
    kt_jw_key(w, "trash");
    jw_cards_counts(w, c, s->trash, KT_LANG_EN);
    kt_jw_key(w, "loot");
    jw_cards_topfirst(w, s->loot, s->nloot, KT_LANG_EN);
    kt_jw_kint(w, "removed", s->removed);
    kt_jw_key(w, "players");
    kt_jw_obj(w);
    for (int p = 0; p < c->np; p++) {
        const dom_player *P = &s->pl[p];
        char k[16];
        snprintf(k, sizeof k, "%d", p);
        kt_jw_key(w, k);
        kt_jw_obj(w);
        kt_jw_key(w, "hand");
        jw_cards_counts(w, c, P->hand, KT_LANG_EN);
        kt_jw_key(w, "hand_known");
        jw_cards_counts(w, c, P->pubhand, KT_LANG_EN);
        kt_jw_key(w, "deck");
        jw_cards_topfirst(w, P->deck, P->ndeck, KT_LANG_EN);
        kt_jw_key(w, "discard");
        jw_cards_topfirst(w, P->disc, P->ndisc, KT_LANG_EN);
        kt_jw_kint(w, "known_top", P->known_top);
        kt_jw_kint(w, "pub_top", P->pub_top);
        kt_jw_kint(w, "turns", P->turns);
        kt_jw_kint(w, "extra_turns", P->xturns);
        kt_jw_kint(w, "shuffles", P->shuf);
        kt_jw_obj_end(w);
    }
    kt_jw_obj_end(w);
    kt_jw_key(w, "in_play");
    kt_jw_arr(w);
    for (int i = 0; i < s->nplay; i++) {
        const dom_inplay *e = &s->play[i];
        kt_jw_obj(w);
        kt_jw_kstr(w, "card", dom_cards[e->card].en);
        kt_jw_kint(w, "owner", e->owner);
        kt_jw_kint(w, "uid", e->uid);
        kt_jw_kint(w, "by", e->by);
        kt_jw_kint(w, "link", e->link);
        kt_jw_kint(w, "flags", e->flags);
        kt_jw_kint(w, "pend", e->pend);
        kt_jw_kint(w, "mult", e->mult);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "aside");
    kt_jw_arr(w);
    for (int i = 0; i < s->naside; i++) {
        const dom_aside *a = &s->aside[i];
        kt_jw_obj(w);
        kt_jw_kstr(w, "card", dom_cards[a->card].en);
        kt_jw_kint(w, "owner", a->owner);
        kt_jw_kstr(w, "kind", aside_names[a->kind]);
        kt_jw_kint(w, "host", a->host);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "watchers");
    kt_jw_arr(w);
    for (int i = 0; i < s->nwatch; i++) {
        const dom_watch *x = &s->watch[i];
        kt_jw_obj(w);
        kt_jw_kstr(w, "event", ev_names[x->ev]);
        kt_jw_kint(w, "owner", x->owner);
        kt_jw_kstr(w, "card", dom_cards[x->card].en);
        kt_jw_kstr(w, "life", life_names[x->life]);
        if (x->card == DOM_FRIGATE)
            kt_jw_kint(w, "arg", x->arg); /* the players it does not affect */
        else
            jw_card_or_null(w, "arg", x->arg);
        kt_jw_kint(w, "n", x->n);
        kt_jw_kint(w, "fired", x->fired);
        kt_jw_kint(w, "uid", x->uid);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "stack");
    kt_jw_arr(w);
    for (int i = 0; i < s->nstack; i++) {
        const dom_frame *f = &s->stack[i];
        kt_jw_obj(w);
        kt_jw_kstr(w, "fx", fx_names[f->fx]);
        kt_jw_kint(w, "step", f->step);
        kt_jw_kint(w, "player", f->pl);
        kt_jw_kint(w, "who", f->who);
        jw_card_or_null(w, "card", f->card);
        kt_jw_kint(w, "n", f->n);
        if (f->fx == DOM_FX_SHUFFLE) /* x - 1: the aside kind a look goes to */
            kt_jw_kstr(w, "x", f->x && f->x <= DOM_NASIDE ? aside_names[f->x - 1] : "hand");
        else
            jw_card_or_null(w, "x", f->x);
        kt_jw_kint(w, "y", f->y);
        kt_jw_kint(w, "immune", f->immune);
        kt_jw_kstr(w, "decision", dom_decision_name(f->dec));
        kt_jw_kstr(w, "src", src_names[f->src]);
        kt_jw_kstr(w, "verb", verb_names[f->verb]);
        kt_jw_kbool(w, "may", f->may);
        kt_jw_kint(w, "cap", f->cap);
        jw_card_or_null(w, "only", f->only);
        kt_jw_kint(w, "flags", f->flags);
        kt_jw_kint(w, "types", f->tmask);
        kt_jw_kint(w, "uid", f->uid);
        kt_jw_kint(w, "trig", f->trig);
        kt_jw_kint(w, "pos", f->pos);
        kt_jw_kint(w, "c0", f->c0);
        kt_jw_kstr(w, "loc", loc_names[f->loc < DOM_NLOCS ? f->loc : 0]);
        kt_jw_kint(w, "k", f->k);
        kt_jw_kint(w, "z", f->z);
        jw_card_or_null(w, "tc", f->tc);
        kt_jw_kint(w, "tp", f->tp);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_kint(w, "next_uid", s->next_uid);
    kt_jw_kstr(w, "ended", end_names[s->ended < 4 ? s->ended : 0]);
    kt_jw_kint(w, "winner", s->winner);
    kt_jw_obj_end(w);
}

/* ------------------------------------------------------------ load */

/* A card name in this game. */
static int jr_card(kt_jr *r, const dom_cfg *c, const kt_jv *v, int allow_null, int any_card)
{
    if (allow_null && v && v->type == KT_JNULL)
        return 0;
    if (!v || v->type != KT_JSTR)
        return kt_jr_fail(r, "expected a card name"), -1;
    int id = dom_card_find(v->s);
    if (!id)
        return kt_jr_fail(r, "unknown card '%s'", v->s), -1;
    if (!any_card && !c->total[id])
        return kt_jr_fail(r, "%s is not in this game", dom_cards[id].en), -1;
    return id;
}

static int jr_card_field(kt_jr *r, const dom_cfg *c, const kt_jv *obj, const char *key,
                         int allow_null, int any_card)
{
    const kt_jv *v = kt_jr_get(r, obj, key, -1);
    if (!v)
        return -1;
    kt_jr_push(r, key);
    int id = jr_card(r, c, v, allow_null, any_card);
    kt_jr_pop(r);
    return id;
}

/* Array of card names into counts (cnt != NULL) or an ordered list stored
 * top-first in JSON, bottom-first in `list`. */
static int jr_cards(kt_jr *r, const dom_cfg *c, const kt_jv *obj, const char *key, uint8_t *cnt,
                    uint8_t *list, int cap, int *n_out)
{
    const kt_jv *a = kt_jr_arr(r, obj, key, 0, cap);
    if (!a)
        return 0;
    kt_jr_push(r, key);
    int i = 0;
    for (const kt_jv *e = a->child; e; e = e->next, i++) {
        kt_jr_push_i(r, i);
        int id = jr_card(r, c, e, 0, 0);
        kt_jr_pop(r);
        if (id < 0) {
            kt_jr_pop(r);
            return 0;
        }
        if (cnt) {
            if (cnt[id] == 255) {
                kt_jr_fail(r, "too many copies");
                kt_jr_pop(r);
                return 0;
            }
            cnt[id]++;
        } else {
            list[a->n - 1 - i] = (uint8_t)id;
        }
    }
    kt_jr_pop(r);
    if (n_out)
        *n_out = i;
    return 1;
}

static int jr_named(kt_jr *r, const kt_jv *obj, const char *key, const char *const *names, int n,
                    int *out)
{
    const char *v = kt_jr_str(r, obj, key);
    if (!v)
        return 0;
    int i = name_index(names, n, v);
    if (i < 0) {
        kt_jr_push(r, key);
        kt_buf b;
        kt_buf_init(&b);
        for (int k = 0; k < n; k++)
            kt_buf_printf(&b, "%s%s", k ? ", " : "", names[k]);
        kt_jr_fail(r, "unknown value '%s' (expected one of: %s)", v, b.p ? b.p : "");
        kt_buf_free(&b);
        kt_jr_pop(r);
        return 0;
    }
    *out = i;
    return 1;
}

static int jr_i(kt_jr *r, const kt_jv *obj, const char *key, long long lo, long long hi, int *out)
{
    long long x;
    if (!kt_jr_int(r, obj, key, lo, hi, &x))
        return 0;
    *out = (int)x;
    return 1;
}

/* An integer field added with Plunder: absent means 0. */
static int jr_opt(kt_jr *r, const kt_jv *obj, const char *key, long long lo, long long hi,
                  int *out)
{
    if (!kt_jv_get(obj, key)) {
        *out = 0;
        return 0 >= lo && 0 <= hi ? 1 : kt_jr_fail(r, "field '%s' is missing", key);
    }
    return jr_i(r, obj, key, lo, hi, out);
}

static int load_player(kt_jr *r, const dom_cfg *c, const kt_jv *o, dom_player *P)
{
    if (!kt_jr_only(r, o, "hand,hand_known,deck,discard,known_top,pub_top,turns,extra_turns,"
                          "shuffles"))
        return 0;
    int n, x;
    if (!jr_cards(r, c, o, "hand", P->hand, NULL, DOM_MAXC, NULL) ||
        !jr_cards(r, c, o, "hand_known", P->pubhand, NULL, DOM_MAXC, NULL))
        return 0;
    for (int id = 0; id < DOM_NIDS; id++)
        if (P->pubhand[id] > P->hand[id]) {
            kt_jr_push(r, "hand_known");
            kt_jr_fail(r, "lists %s more often than the hand holds it", dom_cards[id].en);
            kt_jr_pop(r);
            return 0;
        }
    if (!jr_cards(r, c, o, "deck", NULL, P->deck, DOM_MAXC, &n))
        return 0;
    P->ndeck = (uint16_t)n;
    if (!jr_cards(r, c, o, "discard", NULL, P->disc, DOM_MAXC, &n))
        return 0;
    P->ndisc = (uint16_t)n;
    if (!jr_i(r, o, "known_top", 0, P->ndeck, &x))
        return 0;
    P->known_top = (uint16_t)x;
    if (!jr_i(r, o, "pub_top", 0, P->known_top, &x))
        return 0;
    P->pub_top = (uint16_t)x;
    if (!jr_i(r, o, "turns", 0, 65535, &x))
        return 0;
    P->turns = (uint16_t)x;
    if (!jr_i(r, o, "extra_turns", 0, 65535, &x))
        return 0;
    P->xturns = (uint16_t)x;
    if (!jr_opt(r, o, "shuffles", 0, 65535, &x))
        return 0;
    P->shuf = (uint16_t)x;
    return 1;
}

/* A shuffle frame's x: where the cards drawn after the shuffle go, "hand"
 * (a draw) or an aside kind (a look).  Older saves wrote it as the card
 * with id kind + 1 (null for a draw); those still load. */
static int jr_shuffle_x(kt_jr *r, const kt_jv *o, int *out)
{
    const kt_jv *v = kt_jr_get(r, o, "x", -1);
    if (!v)
        return 0;
    kt_jr_push(r, "x");
    int ok = 1;
    if (v->type == KT_JNULL) {
        *out = 0;
    } else if (v->type != KT_JSTR) {
        ok = kt_jr_fail(r, "expected \"hand\" or an aside kind");
    } else if (!strcmp(v->s, "hand")) {
        *out = 0;
    } else {
        int k = name_index(aside_names, DOM_NASIDE, v->s), id = dom_card_find(v->s);
        if (k >= 0)
            *out = k + 1;
        else if (id > 0 && id <= DOM_NASIDE)
            *out = id;
        else
            ok = kt_jr_fail(r, "expected \"hand\" or an aside kind (look, kept, ...)");
    }
    kt_jr_pop(r);
    return ok;
}

static int load_frame(kt_jr *r, const dom_cfg *c, const kt_jv *o, dom_frame *f)
{
    if (!kt_jr_only(r, o, "fx,step,player,who,card,n,x,y,immune,decision,src,verb,may,cap,only,"
                          "flags,types,uid,trig,pos,c0,loc,k,z,tc,tp"))
        return 0;
    int v;
    if (!jr_named(r, o, "fx", fx_names, DOM_NFX, &v))
        return 0;
    f->fx = (uint8_t)v;
    if (!jr_i(r, o, "step", 0, 255, &v))
        return 0;
    f->step = (uint8_t)v;
    if (!jr_i(r, o, "player", 0, c->np - 1, &v))
        return 0;
    f->pl = (int8_t)v;
    if (!jr_i(r, o, "who", 0, c->np - 1, &v))
        return 0;
    f->who = (int8_t)v;
    if ((v = jr_card_field(r, c, o, "card", 1, 1)) < 0)
        return 0;
    f->card = (uint8_t)v;
    if (!jr_i(r, o, "n", 0, 255, &v))
        return 0;
    f->n = (uint8_t)v;
    if (f->fx == DOM_FX_SHUFFLE) {
        if (!jr_shuffle_x(r, o, &v))
            return 0;
    } else if ((v = jr_card_field(r, c, o, "x", 1, 1)) < 0) {
        return 0;
    }
    f->x = (uint8_t)v;
    if (!jr_i(r, o, "y", 0, 255, &v))
        return 0;
    f->y = (uint8_t)v;
    if (!jr_i(r, o, "immune", 0, (1 << c->np) - 1, &v))
        return 0;
    f->immune = (uint8_t)v;
    int dv;
    const char *nm[DOM_NDECISIONS]; /* decision names live in game.c */
    for (int i = 0; i < DOM_NDECISIONS; i++)
        nm[i] = dom_decision_name(i);
    if (!jr_named(r, o, "decision", nm, DOM_NDECISIONS, &dv))
        return 0;
    f->dec = (uint8_t)dv;
    if (!jr_named(r, o, "src", src_names, DOM_NSRC, &v))
        return 0;
    f->src = (uint8_t)v;
    if (!jr_named(r, o, "verb", verb_names, DOM_NVERBS, &v))
        return 0;
    f->verb = (uint8_t)v;
    int b;
    if (!kt_jr_bool(r, o, "may", &b))
        return 0;
    f->may = (uint8_t)b;
    if (!jr_i(r, o, "cap", 0, 255, &v))
        return 0;
    f->cap = (uint8_t)v;
    if ((v = jr_card_field(r, c, o, "only", 1, 1)) < 0)
        return 0;
    f->only = (uint8_t)v;
    if (!jr_i(r, o, "flags", 0, 255, &v))
        return 0;
    f->flags = (uint8_t)v;
    if (!jr_i(r, o, "types", 0, 2047, &v))
        return 0;
    f->tmask = (uint16_t)v;
    if (!jr_i(r, o, "uid", 0, 65535, &v))
        return 0;
    f->uid = (uint16_t)v;
    if (!jr_opt(r, o, "trig", 0, 65535, &v))
        return 0;
    f->trig = (uint16_t)v;
    if (!jr_opt(r, o, "pos", 0, 65535, &v))
        return 0;
    f->pos = (uint16_t)v;
    if (!jr_opt(r, o, "c0", 0, 65535, &v))
        return 0;
    f->c0 = (uint16_t)v;
    if (kt_jv_get(o, "loc")) {
        if (!jr_named(r, o, "loc", loc_names, DOM_NLOCS, &v))
            return 0;
        f->loc = (uint8_t)v;
    }
    if (!jr_opt(r, o, "k", 0, 255, &v))
        return 0;
    f->k = (uint8_t)v;
    if (!jr_opt(r, o, "z", 0, 255, &v))
        return 0;
    f->z = (uint8_t)v;
    if (kt_jv_get(o, "tc")) {
        if ((v = jr_card_field(r, c, o, "tc", 1, 1)) < 0)
            return 0;
        f->tc = (uint8_t)v;
    }
    if (!jr_opt(r, o, "tp", 0, c->np - 1, &v))
        return 0;
    f->tp = (uint8_t)v;
    return 1;
}

/* Element loaders for kt_jr_each: the state's arrays of records. */
typedef struct dom_loadctx {
    const dom_cfg *c;
    dom_state *s;
} dom_loadctx;

static int load_inplay(kt_jr *r, const kt_jv *e, int i, void *ctx)
{
    const dom_cfg *c = ((dom_loadctx *)ctx)->c;
    dom_inplay *x = &((dom_loadctx *)ctx)->s->play[i];
    int v, ok = kt_jr_only(r, e, "card,owner,uid,by,link,flags,pend,mult");
    if (ok && (ok = (v = jr_card_field(r, c, e, "card", 0, 0)) >= 0))
        x->card = (uint8_t)v;
    if (ok && (ok = jr_i(r, e, "owner", 0, c->np - 1, &v)))
        x->owner = (int8_t)v;
    if (ok && (ok = jr_i(r, e, "uid", 1, 65535, &v)))
        x->uid = (uint16_t)v;
    if (ok && (ok = jr_i(r, e, "by", 0, 65535, &v)))
        x->by = (uint16_t)v;
    if (ok && (ok = jr_opt(r, e, "link", 0, 65535, &v)))
        x->link = (uint16_t)v;
    if (ok && (ok = jr_i(r, e, "flags", 0, DOM_IP_FLAGS, &v)))
        x->flags = (uint8_t)v;
    if (ok && (ok = jr_i(r, e, "pend", 0, 255, &v)))
        x->pend = (uint8_t)v;
    if (ok && (ok = jr_opt(r, e, "mult", 0, 255, &v)))
        x->mult = (uint8_t)v;
    return ok;
}

static int load_aside(kt_jr *r, const kt_jv *e, int i, void *ctx)
{
    const dom_cfg *c = ((dom_loadctx *)ctx)->c;
    dom_aside *x = &((dom_loadctx *)ctx)->s->aside[i];
    int v, ok = kt_jr_only(r, e, "card,owner,kind,host");
    if (ok && (ok = (v = jr_card_field(r, c, e, "card", 0, 0)) >= 0))
        x->card = (uint8_t)v;
    if (ok && (ok = jr_i(r, e, "owner", 0, c->np - 1, &v)))
        x->owner = (int8_t)v;
    if (ok && (ok = jr_named(r, e, "kind", aside_names, DOM_NASIDE, &v)))
        x->kind = (uint8_t)v;
    if (ok && (ok = jr_i(r, e, "host", 0, 65535, &v)))
        x->host = (uint16_t)v;
    return ok;
}

static int load_watch(kt_jr *r, const kt_jv *e, int i, void *ctx)
{
    const dom_cfg *c = ((dom_loadctx *)ctx)->c;
    dom_watch *x = &((dom_loadctx *)ctx)->s->watch[i];
    int v, ok = kt_jr_only(r, e, "event,owner,card,life,arg,n,fired,uid");
    if (ok && (ok = jr_named(r, e, "event", ev_names, DOM_NEVENTS, &v)))
        x->ev = (uint8_t)v;
    if (ok && (ok = jr_i(r, e, "owner", 0, c->np - 1, &v)))
        x->owner = (int8_t)v;
    if (ok && (ok = (v = jr_card_field(r, c, e, "card", 0, 1)) >= 0))
        x->card = (uint8_t)v;
    if (ok && (ok = jr_named(r, e, "life", life_names, DOM_NLIVES, &v)))
        x->life = (uint8_t)v;
    /* arg is a number or a card name, depending on the watcher */
    const kt_jv *av = kt_jv_get(e, "arg");
    if (ok && av && av->type == KT_JNUM) {
        if ((ok = jr_i(r, e, "arg", 0, 255, &v)))
            x->arg = (uint8_t)v;
    } else if (ok && (ok = (v = jr_card_field(r, c, e, "arg", 1, 1)) >= 0)) {
        x->arg = (uint8_t)v;
    }
    if (ok && (ok = jr_i(r, e, "n", 1, 255, &v)))
        x->n = (uint8_t)v;
    if (ok && (ok = jr_opt(r, e, "fired", 0, DOM_STACK, &v)))
        x->fired = (uint8_t)v;
    if (ok && (ok = jr_i(r, e, "uid", 0, 65535, &v)))
        x->uid = (uint16_t)v;
    return ok;
}

static int load_stack(kt_jr *r, const kt_jv *e, int i, void *ctx)
{
    return load_frame(r, ((dom_loadctx *)ctx)->c, e, &((dom_loadctx *)ctx)->s->stack[i]);
}

int dom_load(const kt_game *g, const kt_jv *o, kt_state *st, kt_jr *r)
{
    dom_state *s = dom_st(st);
    const dom_cfg *c = dom_cfgof(g);
    if (!kt_jr_only(r, o, "phase,pstep,turn,supply,trash,loot,removed,players,in_play,aside,"
                          "watchers,stack,next_uid,ended,winner"))
        return 0;
    int v, b;
    if (!jr_named(r, o, "phase", phase_names, DOM_NPHASES, &v))
        return 0;
    s->phase = (uint8_t)v;
    if (!jr_opt(r, o, "pstep", 0, 2, &v))
        return 0;
    s->pstep = (uint8_t)v;
    if (!jr_opt(r, o, "removed", 0, 4 * DOM_MAXP, &v))
        return 0;
    s->removed = (uint8_t)v;
    const kt_jv *t = kt_jr_get(r, o, "turn", KT_JOBJ);
    if (!t)
        return 0;
    kt_jr_push(r, "turn");
    int ok = kt_jr_only(r, t, "actions,buys,coins,played,silvers,bought,extra,cost_mod,flags,run");
    if (ok && (ok = jr_i(r, t, "actions", 0, 65535, &v)))
        s->actions = (uint16_t)v;
    if (ok && (ok = jr_i(r, t, "buys", 0, 65535, &v)))
        s->buys = (uint16_t)v;
    if (ok && (ok = jr_i(r, t, "coins", 0, 65535, &v)))
        s->coins = (uint16_t)v;
    if (ok && (ok = jr_i(r, t, "played", 0, 65535, &v)))
        s->played = (uint16_t)v;
    if (ok && (ok = jr_i(r, t, "silvers", 0, 65535, &v)))
        s->silvers = (uint16_t)v;
    if (ok && (ok = kt_jr_bool(r, t, "bought", &b)))
        s->bought = (uint8_t)b;
    if (ok && (ok = kt_jr_bool(r, t, "extra", &b)))
        s->extra = (uint8_t)b;
    if (ok && (ok = jr_i(r, t, "cost_mod", -20, 20, &v)))
        s->cost_mod = (int16_t)v;
    if (ok && (ok = jr_opt(r, t, "flags", 0, DOM_TF_ALL, &v)))
        s->tflags = (uint16_t)v;
    if (ok && (ok = jr_opt(r, t, "run", 0, 255, &v)))
        s->run = (uint8_t)v;
    kt_jr_pop(r);
    if (!ok)
        return 0;

    if (!jr_cards(r, c, o, "trash", s->trash, NULL, DOM_MAXC, NULL))
        return 0;
    int n;
    if (!jr_cards(r, c, o, "loot", NULL, s->loot, DOM_LOOTS, &n))
        return 0;
    s->nloot = (uint8_t)n;

    const kt_jv *ps = kt_jr_get(r, o, "players", KT_JOBJ);
    if (!ps)
        return 0;
    kt_jr_push(r, "players");
    if (ps->n != c->np) {
        kt_jr_fail(r, "expected %d players, got %d", c->np, ps->n);
        kt_jr_pop(r);
        return 0;
    }
    for (int p = 0; p < c->np; p++) {
        char k[16];
        snprintf(k, sizeof k, "%d", p);
        const kt_jv *po = kt_jr_get(r, ps, k, KT_JOBJ);
        if (!po) {
            kt_jr_pop(r);
            return 0;
        }
        kt_jr_push(r, k);
        ok = load_player(r, c, po, &s->pl[p]);
        kt_jr_pop(r);
        if (!ok) {
            kt_jr_pop(r);
            return 0;
        }
    }
    kt_jr_pop(r);

    dom_loadctx lc = {c, s};
    if ((n = kt_jr_each(r, o, "in_play", DOM_MAXC, load_inplay, &lc)) < 0)
        return 0;
    s->nplay = (uint16_t)n;
    if ((n = kt_jr_each(r, o, "aside", DOM_MAXC, load_aside, &lc)) < 0)
        return 0;
    s->naside = (uint16_t)n;
    if ((n = kt_jr_each(r, o, "watchers", DOM_WATCH, load_watch, &lc)) < 0)
        return 0;
    s->nwatch = (uint8_t)n;
    if ((n = kt_jr_each(r, o, "stack", DOM_STACK, load_stack, &lc)) < 0)
        return 0;
    s->nstack = (uint8_t)n;

    if (!jr_i(r, o, "next_uid", 0, 65535, &v))
        return 0;
    s->next_uid = (uint16_t)v;
    if (!jr_named(r, o, "ended", end_names, 4, &v))
        return 0;
    s->ended = (uint8_t)v;
    if (!jr_i(r, o, "winner", -1, c->np - 1, &v))
        return 0;
    s->winner = (int8_t)v;

    /* supply last: when omitted it is what is left of each pile */
    const kt_jv *sup = kt_jv_get(o, "supply");
    int elsewhere[DOM_NIDS];
    memset(elsewhere, 0, sizeof elsewhere);
    for (int id = 0; id < DOM_NIDS; id++)
        elsewhere[id] = s->trash[id];
    elsewhere[DOM_ESTATE] += s->removed;
    for (int k = 0; k < s->nloot; k++)
        elsewhere[s->loot[k]]++;
    for (int p = 0; p < c->np; p++) {
        const dom_player *P = &s->pl[p];
        for (int id = 0; id < DOM_NIDS; id++)
            elsewhere[id] += P->hand[id];
        for (int k = 0; k < P->ndeck; k++)
            elsewhere[P->deck[k]]++;
        for (int k = 0; k < P->ndisc; k++)
            elsewhere[P->disc[k]]++;
    }
    for (int k = 0; k < s->nplay; k++)
        elsewhere[s->play[k].card]++;
    for (int k = 0; k < s->naside; k++)
        elsewhere[s->aside[k].card]++;
    if (!sup || sup->type == KT_JNULL) {
        for (int k = 0; k < c->npiles; k++) {
            int id = c->piles[k];
            int left = c->total[id] - elsewhere[id];
            if (left < 0 || left > 255) {
                kt_jr_push(r, "supply");
                kt_jr_fail(r, "%d %s placed outside the Supply, the game has only %d", elsewhere[id],
                           dom_cards[id].en, c->total[id]);
                kt_jr_pop(r);
                return 0;
            }
            s->supply[id] = (uint8_t)left;
        }
    } else {
        if (sup->type != KT_JOBJ) {
            kt_jr_push(r, "supply");
            kt_jr_fail(r, "expected an object of card: count (or null)");
            kt_jr_pop(r);
            return 0;
        }
        kt_jr_push(r, "supply");
        for (const kt_jv *e = sup->child; e; e = e->next) {
            int id = dom_card_find(e->key);
            kt_jr_push(r, e->key);
            if (!id || !c->in_supply[id]) {
                kt_jr_fail(r, "not a Supply pile of this game");
                kt_jr_pop(r);
                kt_jr_pop(r);
                return 0;
            }
            long long x;
            if (!kt_jr_int_val(r, e, 0, 255, &x)) {
                kt_jr_pop(r);
                kt_jr_pop(r);
                return 0;
            }
            s->supply[id] = (uint8_t)x;
            kt_jr_pop(r);
        }
        for (int k = 0; k < c->npiles; k++) {
            int id = c->piles[k];
            if (!kt_jv_get(sup, dom_cards[id].en) && s->supply[id] == 0) {
                /* a pile may also be named in German; only complain if absent */
                int named = 0;
                for (const kt_jv *e = sup->child; e; e = e->next)
                    named |= dom_card_find(e->key) == id;
                if (!named) {
                    kt_jr_fail(r, "the %s pile is missing", dom_cards[id].en);
                    kt_jr_pop(r);
                    return 0;
                }
            }
        }
        kt_jr_pop(r);
    }
    dom_derive(g, s);
    return !r->failed;
}

/* ------------------------------------------------------------ render */

static void render_counts(kt_buf *out, const dom_cfg *c, const uint8_t *cnt, int lang)
{
    int first = 1;
    for (int i = 0; i < c->nids; i++) {
        int id = c->ids[i];
        if (!cnt[id])
            continue;
        kt_buf_printf(out, "%s%s", first ? "" : ", ", dom_name(id, lang));
        if (cnt[id] > 1)
            kt_buf_printf(out, " x%d", cnt[id]);
        first = 0;
    }
    if (first)
        kt_buf_puts(out, "-");
}

void dom_render(const kt_game *g, const kt_state *st, int viewer, int lang, kt_buf *out)
{
    const dom_state *s = dom_cst(st);
    const dom_cfg *c = dom_cfgof(g);
    int de = lang == KT_LANG_DE;
    static const char *const ph_de[DOM_NPHASES] = {"Vorbereitung", "Zugbeginn", "Aktionsphase",
                                                    "Kaufphase",    "Aufräumen", "Spielende"};
    static const char *const ph_en[DOM_NPHASES] = {"setup", "start of turn", "Action phase",
                                                    "Buy phase", "Clean-up", "game over"};
    if (s->h.status == KT_RUNNING)
        kt_buf_printf(out, "%s %u - %s %d%s - %s (%s %d, %s %d, %s %d)\n", de ? "Zug" : "Turn",
                      s->h.turn, de ? "Spieler" : "player", s->h.turn_player + 1,
                      s->h.turn_player == viewer ? (de ? " (du)" : " (you)") : "",
                      (de ? ph_de : ph_en)[s->phase], de ? "Aktionen" : "Actions", s->actions,
                      de ? "Käufe" : "Buys", s->buys, de ? "Geld" : "$", s->coins);
    else
        kt_buf_printf(out, "%s\n", de ? "Spielende" : "Game over");
    kt_buf_puts(out, de ? "Vorrat:\n" : "Supply:\n");
    for (int i = 0; i < c->npiles; i++) {
        int id = c->piles[i], col = i % 3;
        if (col == 0)
            kt_buf_puts(out, "  ");
        else
            kt_buf_pad_to(out, (size_t)(2 + col * 27));
        kt_buf_printf(out, "%s %s%d%s x%d", dom_name(id, lang), de ? "" : "$", dom_cost(c, s, id),
                      de ? "G" : "", s->supply[id]);
        if (col == 2 || i == c->npiles - 1)
            kt_buf_putc(out, '\n');
    }
    if (c->nevents || c->ntraits) {
        kt_buf_puts(out, de ? "Landschaften: " : "Landscapes: ");
        for (int i = 0; i < c->nevents; i++)
            kt_buf_printf(out, "%s%s %s%d%s", i ? ", " : "", dom_name(c->events[i], lang),
                          de ? "" : "$", c->cost[c->events[i]], de ? "G" : "");
        for (int i = 0; i < c->ntraits; i++)
            kt_buf_printf(out, "%s%s (%s)", i || c->nevents ? ", " : "",
                          dom_name(c->traits[i], lang), dom_name(c->trait_pile[i], lang));
        kt_buf_putc(out, '\n');
    }
    if (c->loot)
        kt_buf_printf(out, "%s: %d\n", de ? "Kostbarkeiten (verdeckt)" : "Loot pile (face down)",
                      s->nloot);
    kt_buf_printf(out, "%s: ", de ? "Müll" : "Trash");
    render_counts(out, c, s->trash, lang);
    kt_buf_putc(out, '\n');
    for (int p = 0; p < c->np; p++) {
        const dom_player *P = &s->pl[p];
        kt_buf_printf(out, "%s %d%s: %d %s, %d %s, %s %d, %s %d", de ? "Spieler" : "Player", p + 1,
                      p == viewer ? (de ? " (du)" : " (you)") : "", dom_score(c, s, p),
                      de ? "Punkte" : "VP", P->ncards, de ? "Karten" : "cards",
                      de ? "Nachziehstapel" : "deck", P->ndeck, de ? "Ablage" : "discard", P->ndisc);
        if (P->ndisc)
            kt_buf_printf(out, " (%s %s)", de ? "oben" : "top", dom_name(P->disc[P->ndisc - 1], lang));
        kt_buf_printf(out, ", %s %d\n", de ? "Hand" : "hand", P->nhand);
        int in = 0;
        for (int i = 0; i < s->nplay; i++) {
            if (s->play[i].owner != p)
                continue;
            const dom_inplay *e = &s->play[i];
            kt_buf_printf(out, "%s%s%s", in ? ", " : (de ? "    im Spiel: " : "    in play: "),
                          dom_name(e->card, lang),
                          (e->flags & DOM_IP_FOREVER) ? " (+)" : e->pend ? " (*)" : "");
            in = 1;
        }
        if (in)
            kt_buf_putc(out, '\n');
        for (int i = 0; i < s->naside; i++) {
            const dom_aside *a = &s->aside[i];
            if (a->owner != p)
                continue;
            int hid = dom_aside_hidden(a->kind) && viewer != p && viewer != KT_OMNISCIENT;
            kt_buf_printf(out, "    %s (%s): %s\n", de ? "zur Seite" : "aside", aside_names[a->kind],
                          hid ? (de ? "(verdeckt)" : "(hidden)") : dom_name(a->card, lang));
        }
        if (viewer == KT_OMNISCIENT || viewer == p) {
            kt_buf_puts(out, de ? "    Hand: " : "    hand: ");
            render_counts(out, c, P->hand, lang);
            kt_buf_putc(out, '\n');
        }
    }
    if (s->h.status == KT_RUNNING) {
        kt_buf_puts(out, "> ");
        dom_prompt(g, st, lang, out);
        kt_buf_putc(out, '\n');
    } else {
        kt_result r;
        memset(&r, 0, sizeof r);
        kt_result_get(g, st, &r);
        /* one line: "Player 2 wins", or for a shared victory (a tie on
         * points and turns) "Players 1, 2 share the victory"; none when
         * the turn limit stopped the game (no winner) */
        int nwin = 0;
        for (int p = 0; p < c->np; p++)
            nwin += (int)((r.winners >> p) & 1u);
        if (nwin == 0)
            return;
        kt_buf_puts(out, de ? "Spieler" : (nwin > 1 ? "Players" : "Player"));
        for (int p = 0, k = 0; p < c->np; p++)
            if ((r.winners >> p) & 1)
                kt_buf_printf(out, "%s%d", k++ ? ", " : " ", p + 1);
        kt_buf_puts(out, nwin > 1 ? (de ? " teilen sich den Sieg\n" : " share the victory\n")
                                  : (de ? " gewinnt\n" : " wins\n"));
    }
}

/* ------------------------------------------------------------ components */

void dom_components(int lang, kt_buf *out)
{
    int de = lang == KT_LANG_DE;
    static const char *const heads_en[] = {
        "", "Basic cards", "Kingdom cards",
        ("Loots (2 of each, face-down pile, not in the Supply)"), "Events", "Traits"};
    static const char *const heads_de[] = {
        "", "Basiskarten", "Königreichkarten",
        ("Kostbarkeiten (je 2, verdeckter Stapel, nicht im Vorrat)"), "Ereignisse", "Merkmale"};
    kt_buf_puts(out, de ? "Karten (Name / englisch, Kosten, Typen, Edition, Effekt):\n"
                        : "Cards (name / German, cost, types, set, effect):\n");
    for (int kind = DOM_K_BASIC; kind <= DOM_K_TRAIT; kind++) {
        kt_buf_printf(out, "%s:\n", de ? heads_de[kind] : heads_en[kind]);
        for (int id = 1; id < DOM_NCARDS; id++) {
            const dom_card *d = &dom_cards[id];
            if (d->kind != kind)
                continue;
            kt_buf_printf(out, "  %s / %s", de ? d->de : d->en, de ? d->en : d->de);
            kt_buf_pad_to(out, 44);
            if (kind == DOM_K_TRAIT)
                kt_buf_puts(out, "    ");
            else
                kt_buf_printf(out, "$%d%s ", d->cost, kind == DOM_K_LOOT ? "*" : " ");
            dom_types_text(d->types, lang, out);
            kt_buf_pad_to(out, 78);
            kt_buf_printf(out, "%s  %s\n", d->set == DOM_SET_PLUNDER ? "Plunder" : "Base 2E",
                          de && d->text_de ? d->text_de : d->text);
        }
    }
    kt_buf_puts(out, de ? "Empfohlene Königreiche (preset=...):\n"
                        : "Recommended kingdoms (preset=...):\n");
    for (int i = 0; i < dom_npresets; i++) {
        const dom_preset *p = &dom_presets[i];
        if (!p->cards)
            continue;
        kt_buf_printf(out, "  %s", p->name);
        if (p->name_de && strcmp(p->name_de, p->name))
            kt_buf_printf(out, " / %s", p->name_de);
        kt_buf_printf(out, ": %s", p->cards);
        if (p->events[0])
            kt_buf_printf(out, "; %s %s", de ? "Ereignis" : "Event", p->events);
        if (p->traits[0])
            kt_buf_printf(out, "; %s %s", de ? "Merkmal" : "Trait", p->traits);
        kt_buf_putc(out, '\n');
    }
    kt_buf_puts(out, de ? "Empfohlene Plünderer-Königreiche mit anderen Erweiterungen (nicht "
                          "verfügbar):\n"
                        : "Recommended Plunder kingdoms with other expansions (not available):\n");
    for (int i = 0; i < dom_npresets; i++) {
        const dom_preset *p = &dom_presets[i];
        if (p->cards)
            continue;
        kt_buf_printf(out, "  %s / %s: %s %s\n", p->name, p->name_de ? p->name_de : p->name,
                      de ? "braucht" : "needs", p->missing);
    }
}
