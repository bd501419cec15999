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

static int is_event(const dom_cfg *c, int id)
{
    for (int i = 0; i < c->nevents; i++)
        if (c->events[i] == id)
            return 1;
    return 0;
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

/* Action texts by verb: English, German ("%s" is the card).  Both parse
 * back (the core matches typed text against the texts of the legal actions
 * in either language, case and umlauts folded).  The English ones are also
 * the form records keep, so they never change. */
static const char *const verb_text[DOM_NVERBS][2] = {
    [DOM_V_PLAY] = {"play %s", "spiele %s"},
    [DOM_V_PLAYALL] = {"play treasures", "spiele Geldkarten"},
    [DOM_V_BUY] = {"buy %s", "kaufe %s"},
    [DOM_V_ENDACT] = {"end actions", "Aktionen beenden"},
    [DOM_V_ENDTURN] = {"end turn", "Zug beenden"},
    [DOM_V_DONE] = {"done", "fertig"},
    [DOM_V_DISCARD] = {"discard %s", "lege %s ab"},
    [DOM_V_TRASH] = {"trash %s", "entsorge %s"},
    [DOM_V_GAIN] = {"gain %s", "nimm %s"},
    [DOM_V_TOPDECK] = {"topdeck %s", "lege %s auf den Nachziehstapel"},
    [DOM_V_REVEAL] = {"reveal %s", "zeige %s"},
    [DOM_V_ASIDE] = {"set aside %s", "lege %s zur Seite"},
    [DOM_V_KEEP] = {"keep %s", "behalte %s"},
    [DOM_V_ORDER] = {"put %s on top", "lege %s nach oben"},
    [DOM_V_RESOLVE] = {"resolve %s", "führe %s aus"},
    [DOM_V_CHOOSE] = {"choose %s", "wähle %s"},
    [DOM_V_TAKE] = {"take %s", "nimm %s auf die Hand"},
    [DOM_V_BOTTOM] = {"bottom %s", "lege %s unter den Nachziehstapel"},
    [DOM_V_REPLACE] = {"replace %s", "ersetze %s"},
};
static const char *const mode_de[DOM_NMODES] = {"", "jetzt", "nächster Zug", "+2 Geld",
                                                "+1 Kauf +3 Geld"};

void dom_put_pattern(kt_buf *out, const char *pat, const char *name)
{
    const char *p = strstr(pat, "%s");
    if (!p) {
        kt_buf_puts(out, pat);
        return;
    }
    kt_buf_printf(out, "%.*s%s%s", (int)(p - pat), pat, name, p + 2);
}

const char *dom_verb_text(int verb, int lang)
{
    if (verb <= DOM_V_NONE || verb >= DOM_NVERBS)
        return "?";
    return verb_text[verb][lang == KT_LANG_DE];
}

void dom_action_text(const kt_game *g, const kt_state *st, kt_action a, int viewer, int lang,
                     kt_buf *out)
{
    KT_UNUSED(g);
    const dom_state *s = dom_cst(st);
    int v = DOM_VERB(a), c = DOM_CARD(a), de = lang == KT_LANG_DE;
    if (v <= DOM_V_NONE || v >= DOM_NVERBS || c >= DOM_NCARDS || (a >> 16) ||
        (v == DOM_V_CHOOSE && (c <= DOM_M_NONE || c >= DOM_NMODES))) {
        kt_buf_printf(out, de ? "Aktion #%u" : "action #%u", (unsigned)a);
        return;
    }
    const char *name = c ? dom_name(c, lang) : "";
    if (v == DOM_V_CHOOSE)
        name = de ? mode_de[c] : dom_mode_names[c];
    else if (action_hidden(s, v, viewer))
        name = P_(lang, "a card", "eine Karte");
    dom_put_pattern(out, verb_text[v][de], name);
}

/* ------------------------------------------------------------ prompt */

static void card_word(kt_buf *out, int card, int lang)
{
    kt_buf_puts(out, dom_name(card, lang));
}

/* A card only the decider may know of ("a card" for everyone else). */
static void priv_word(kt_buf *out, int card, int lang, int priv)
{
    kt_buf_puts(out, priv ? dom_name(card, lang) : P_(lang, "a card", "eine Karte"));
}

static int aside_left(const dom_frame *f, int max)
{
    int n = f->n;
    return max > n ? max - n : 0;
}

#define SAY(en, ger) kt_buf_puts(out, de ? (ger) : (en))

/* The prompt of a discard decision (part of prompt_frame). */
static void prompt_discard(const dom_state *s, const dom_frame *f, int lang, kt_buf *out)
{
    int de = lang == KT_LANG_DE;
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
            "du darfst eine Aktionskarte für +1 Kauf und +1 Geld ablegen (oder fertig)");
    } else if (f->card == DOM_SEXTANT) {
        SAY("discard any of the looked-at cards, then done",
            "lege beliebige der angesehenen Karten ab, dann fertig");
    } else if (f->fx == DOM_FX_CLEANUP) {
        SAY("Friendly: you may discard one to gain one (or done)",
            "Freundlich: du darfst eine ablegen, um eine zu nehmen (oder fertig)");
    } else {
        SAY("discard any number of cards, then done",
            "lege beliebig viele Karten ab, dann fertig");
    }
}

/* The prompt of a trash decision (part of prompt_frame). */
static void prompt_trash(const dom_frame *f, int lang, kt_buf *out)
{
    int de = lang == KT_LANG_DE;
    if (f->card == DOM_CHAPEL)
        kt_buf_printf(out, de ? "entsorge bis zu %d weitere Karten oder fertig"
                              : "trash up to %d more cards, or done",
                      4 - f->n);
    else if (f->card == DOM_BANDIT)
        SAY("which revealed Treasure is trashed?", "welche aufgedeckte Geldkarte wird entsorgt?");
    else if (f->fx == DOM_FX_GAIN && f->card == DOM_SIREN && (f->tmask & DOM_T_ACTION))
        SAY("trash an Action card from your hand, or done to trash the Siren you gained",
            "entsorge eine Aktionskarte aus der Hand, oder fertig: die genommene Sirene wird "
            "entsorgt");
    else if (f->card == DOM_MAELSTROM && f->who != f->pl)
        SAY("Maelstrom: trash a card from your hand", "Mahlstrom: entsorge eine Handkarte");
    else if (f->may)
        SAY("you may trash a card (or done)", "entsorge eine Karte oder fertig");
    else
        SAY("trash a card from your hand", "entsorge eine Karte aus deiner Hand");
}

/* The prompt of a gain decision (part of prompt_frame). */
static void prompt_gain(const dom_frame *f, int lang, kt_buf *out)
{
    int de = lang == KT_LANG_DE;
    if (f->src == DOM_S_TRASH)
        kt_buf_printf(out, de ? "nimm eine Karte bis %d Geld aus dem Müll"
                              : "gain a card costing up to $%d from the trash",
                      f->cap);
    else if (f->flags & DOM_FF_INPLAY)
        SAY("gain a copy of a card someone has in play",
            "nimm eine Karte, von der jemand eine gleiche im Spiel hat");
    else if (f->src == DOM_S_CUSTOM)
        SAY("gain a Treasure with a name not gained yet, or done",
            "nimm eine Geldkarte mit noch nicht genommenem Namen, oder fertig");
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
}

/* The prompt of a topdeck decision (part of prompt_frame). */
static void prompt_topdeck(const dom_frame *f, int lang, kt_buf *out)
{
    int de = lang == KT_LANG_DE;
    if (f->card == DOM_BUREAUCRAT)
        SAY("put a Victory card from your hand onto your deck",
            "lege eine Punktekarte auf deinen Nachziehstapel");
    else if (f->card == DOM_BURY)
        SAY("put a card from your discard pile on the bottom of your deck",
            "lege eine Karte aus dem Ablagestapel unter deinen Nachziehstapel");
    else if (f->fx == DOM_FX_GAIN) {
        SAY("Insignia: you may put ", "Insignien: du darfst ");
        card_word(out, f->x, lang);
        SAY(" onto your deck (or done)", " auf deinen Nachziehstapel legen (oder fertig)");
    } else if (f->src == DOM_S_DISCARD)
        SAY("you may put a card from your discard pile onto your deck (or done)",
            "du darfst eine Karte aus dem Ablagestapel auf den Nachziehstapel legen (oder "
            "fertig)");
    else
        SAY("put a card from your hand onto your deck",
            "lege eine Handkarte auf deinen Nachziehstapel");
}

/* The prompt of a play decision (part of prompt_frame). */
static void prompt_play(const dom_frame *f, int lang, kt_buf *out)
{
    int de = lang == KT_LANG_DE;
    if (f->card == DOM_THRONE_ROOM && f->fx == DOM_FX_PLAY && f->step < DOM_STEP_POST)
        SAY("choose an Action card to play twice (or done)",
            "wähle eine Aktionskarte, die zweimal gespielt wird (oder fertig)");
    else if (f->card == DOM_KINGS_CACHE && f->fx == DOM_FX_PLAY && f->step < DOM_STEP_POST)
        SAY("choose a Treasure to play three times (or done)",
            "wähle eine Geldkarte, die dreimal gespielt wird (oder fertig)");
    else if (f->src == DOM_S_X) {
        SAY("you may play ", "du darfst ");
        card_word(out, f->x, lang);
        SAY(" (or done)", " spielen (oder fertig)");
    } else if (f->fx == DOM_FX_PLAY && f->step > DOM_STEP_POST)
        SAY("Inspiring: you may play an Action card you have no copy of in play (or done)",
            "Inspirierend: du darfst eine Aktionskarte spielen, von der du keine im Spiel "
            "hast (oder fertig)");
    else if (f->tmask & DOM_T_ATTACK)
        SAY("you may play an Attack from your hand (or done)",
            "du darfst einen Angriff aus der Hand spielen (oder fertig)");
    else if (f->tmask & DOM_T_TREASURE)
        SAY("you may play one of the Treasures you look at (or done)",
            "du darfst eine der angesehenen Geldkarten spielen (oder fertig)");
    else
        SAY("you may play an Action card from your hand (or done)",
            "du darfst eine Aktionskarte aus der Hand spielen (oder fertig)");
}

/* The prompt of a choose decision (part of prompt_frame). */
static void prompt_choose(const dom_frame *f, int lang, kt_buf *out)
{
    int de = lang == KT_LANG_DE;
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
}

/* The prompt of a pending pick: what the card asks for, in EN or DE. */
static void prompt_frame(const kt_game *g, const dom_state *s, const dom_frame *f, int lang,
                         int priv, kt_buf *out)
{
    const dom_cfg *c = dom_config(g);
    int de = lang == KT_LANG_DE;
    switch (f->dec) {
    case DOM_D_DISCARD:
        prompt_discard(s, f, lang, out);
        break;
    case DOM_D_TRASH:
        prompt_trash(f, lang, out);
        break;
    case DOM_D_GAIN:
        prompt_gain(f, lang, out);
        break;
    case DOM_D_TOPDECK:
        prompt_topdeck(f, lang, out);
        break;
    case DOM_D_PLAY:
        prompt_play(f, lang, out);
        break;
    case DOM_D_REACT:
        SAY("an Attack! Reveal a Reaction, or done", "ein Angriff! zeige eine Reaktion oder fertig");
        break;
    case DOM_D_LIBRARY: {
        int i = dom_aside_find(s, f->who, DOM_A_LOOK);
        SAY("drew ", "gezogen: ");
        if (i >= 0)
            priv_word(out, s->aside[i].card, lang, priv);
        SAY(" - set it aside or keep it?", " - zur Seite legen oder behalten?");
        break;
    }
    case DOM_D_SENTRY: {
        int i = dom_aside_find(s, f->who, DOM_A_LOOK);
        SAY("looking at ", "oberste Karte ");
        if (i >= 0)
            priv_word(out, s->aside[i].card, lang, priv);
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
            SAY(" (or done)", " (oder fertig)");
        break;
    case DOM_D_SETUP:
        SAY("Inherited: choose the starting card to replace with ",
            "Geerbt: wähle die Startkarte, die ersetzt wird durch ");
        for (int i = 0; i < c->ntraits; i++)
            if (c->traits[i] == DOM_INHERITED)
                card_word(out, c->trait_pile[i], lang);
        break;
    case DOM_D_CHOOSE:
        prompt_choose(f, lang, out);
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
                                    "fertig)"
                                  : "Avoid: keep up to %d card(s) out of the shuffle (or done)",
                          f->z);
        else
            SAY("Fated: put a Fated card on top or at the bottom, or done to shuffle",
                "Vorherbestimmt: lege eine Karte oben oder unten hin, oder fertig zum Mischen");
        break;
    case DOM_D_ASIDE:
        if (f->card == DOM_CAGE || f->card == DOM_GROTTO)
            kt_buf_printf(out, de ? "lege bis zu %d weitere Karte(n) zur Seite (oder fertig)"
                                  : "set aside up to %d more card(s) (or done)",
                          aside_left(f, 4));
        else if (f->card == DOM_PUZZLE_BOX)
            SAY("you may set aside a card until the end of the turn (or done)",
                "du darfst eine Karte bis zum Zugende zur Seite legen (oder fertig)");
        else if (f->fx == DOM_FX_CLEANUP && f->src == DOM_S_CUSTOM)
            SAY("Trickster: you may set aside a Treasure from play (or done)",
                "Gauner: du darfst eine Geldkarte aus dem Spiel zur Seite legen (oder fertig)");
        else
            SAY("Patient: you may set aside cards to play next turn (or done)",
                "Geduldig: du darfst Karten für den nächsten Zug zur Seite legen (oder fertig)");
        break;
    case DOM_D_REACTGAIN:
        card_word(out, f->card, lang);
        SAY(" was gained: you may play ", " wurde genommen: du darfst ");
        priv_word(out, f->only, lang, priv); /* the card in the decider's hand */
        SAY(" (or done)", " spielen (oder fertig)");
        break;
    default:
        SAY("decide", "entscheide");
        break;
    }
#undef SAY
}

/* The prompt as `viewer` may see it: the decider (and KT_OMNISCIENT) see
 * the cards the decision is about, everyone else sees "a card" where the
 * card is private (Library's and Sentry's drawn card, a Reaction in hand). */
void dom_prompt_view(const kt_game *g, const kt_state *st, int viewer, int lang, kt_buf *out)
{
    const dom_state *s = dom_cst(st);
    int de = lang == KT_LANG_DE, priv = viewer == KT_OMNISCIENT || viewer == s->h.to_move;
    const dom_frame *f = dom_top(s);
    kt_buf_printf(out, "%s %d: ", de ? "Spieler" : "Player", s->h.to_move + 1);
    if (!f && s->phase == DOM_PH_ACTION) {
        if (de)
            kt_buf_printf(out, "spiele eine Aktionskarte (noch %d Aktion%s) oder 'Aktionen beenden'",
                          s->actions, s->actions == 1 ? "" : "en");
        else
            kt_buf_printf(out, "play an Action card (%d Action%s left) or 'end actions'",
                          s->actions, s->actions == 1 ? "" : "s");
        return;
    }
    if (!f) {
        const dom_cfg *c = dom_config(g);
        /* Treasures are offered while some are in hand and nothing is
         * bought; only the decider knows whether the hand holds any */
        int tre = priv && s->pl[s->h.to_move].hand_tre && !s->bought;
        int ev = 0;
        for (int i = 0; i < c->nevents; i++)
            ev |= dom_event_ok(c, s, c->events[i]) && c->cost[c->events[i]] <= s->coins;
        if (de)
            kt_buf_printf(out, "%d Geld, %d %s: %skaufe eine Karte%s oder 'Zug beenden'", s->coins,
                          s->buys, s->buys == 1 ? "Kauf" : "Käufe",
                          tre ? "spiele Geldkarten, " : "", ev ? " oder ein Ereignis" : "");
        else
            kt_buf_printf(out, "$%d, %d Buy%s: %sbuy a card%s or 'end turn'", s->coins, s->buys,
                          s->buys == 1 ? "" : "s", tre ? "play Treasures, " : "",
                          ev ? " or an Event" : "");
        return;
    }
    if (f->card) {
        card_word(out, f->card, lang);
        kt_buf_puts(out, ": ");
    }
    prompt_frame(g, s, f, lang, priv, out);
}

void dom_prompt(const kt_game *g, const kt_state *st, int lang, kt_buf *out)
{
    dom_prompt_view(g, st, dom_cst(st)->h.to_move, lang, out);
}

/* ------------------------------------------------------------ explain */

/* Match normalized text against a verb pattern in either language
 * ("kaufe %s"; the pattern is normalized too): the card part goes to
 * `name`.  Returns 1 (English) or 2 (German) on a match. */
static int match_verb(const char *text, int verb, char *name, size_t cap)
{
    for (int de = 0; de <= 1; de++) {
        char pat[96];
        kt_text_norm(verb_text[verb][de], pat, sizeof pat);
        const char *hole = strstr(pat, "%s");
        if (!hole)
            continue;
        size_t pre = (size_t)(hole - pat), post = strlen(hole + 2), len = strlen(text);
        if (len <= pre + post || strncmp(text, pat, pre) || strcmp(text + len - post, hole + 2))
            continue;
        size_t n = len - pre - post;
        if (n >= cap)
            n = cap - 1;
        memcpy(name, text + pre, n);
        name[n] = '\0';
        return de + 1;
    }
    return 0;
}

/* Why `verb` on card `id` is not possible now (the phase actions; choices
 * inside an effect are explained by the prompt). */
static void why_not(const kt_game *g, const dom_state *s, int verb, int id, int de, kt_buf *out)
{
    const dom_cfg *c = dom_config(g);
    const dom_player *P = &s->pl[s->h.to_move];
    const char *nm = dom_name(id, de ? KT_LANG_DE : KT_LANG_EN);
    int kind = dom_cards[id].kind, t = dom_cards[id].types;
#define SAY(en, ger) kt_buf_puts(out, de ? (ger) : (en))
    if (verb == DOM_V_BUY) {
        int cost = kind == DOM_K_EVENT ? c->cost[id] : dom_cost(c, s, id);
        if (kind == DOM_K_LOOT)
            kt_buf_printf(out, de ? "%s ist eine Kostbarkeit: nicht im Vorrat, nicht käuflich"
                                  : "%s is a Loot: Loots are not in the Supply and cannot be bought",
                          nm);
        else if (kind == DOM_K_TRAIT)
            kt_buf_printf(out, de ? "%s ist ein Merkmal: es verändert einen Stapel, man kauft es nicht"
                                  : "%s is a Trait: it changes a pile and cannot be bought",
                          nm);
        else if (kind == DOM_K_EVENT && !is_event(c, id))
            kt_buf_printf(out, de ? "%s ist kein Ereignis dieses Spiels" : "%s is not an Event of this game", nm);
        else if (kind != DOM_K_EVENT && !c->in_supply[id])
            kt_buf_printf(out, de ? "%s ist nicht im Vorrat dieses Spiels" : "%s is not in the Supply of this game", nm);
        else if (s->phase != DOM_PH_BUY)
            SAY("you buy in your Buy phase ('end actions' first)",
                "gekauft wird in der Kaufphase (erst 'Aktionen beenden')");
        else if (!s->buys)
            SAY("you have no Buys left", "du hast keinen Kauf mehr");
        else if (kind != DOM_K_EVENT && !s->supply[id])
            kt_buf_printf(out, de ? "der Stapel %s ist leer" : "the %s pile is empty", nm);
        else if (cost > s->coins)
            kt_buf_printf(out, de ? "%s kostet %d Geld, du hast %d" : "%s costs $%d, you have $%d",
                          nm, cost, s->coins);
        else if (kind == DOM_K_EVENT && !dom_event_ok(c, s, id))
            kt_buf_printf(out, de ? "%s kann nur einmal pro Zug gekauft werden"
                                  : "%s can be bought only once per turn",
                          nm);
        else
            kt_buf_printf(out, de ? "du kannst %s jetzt nicht kaufen" : "you cannot buy %s now", nm);
    } else if (verb == DOM_V_PLAY) {
        if (!(t & (DOM_T_ACTION | DOM_T_TREASURE)))
            kt_buf_printf(out, de ? "%s kann man nicht spielen" : "%s cannot be played", nm);
        else if (!P->hand[id])
            kt_buf_printf(out, de ? "du hast kein %s auf der Hand" : "you have no %s in hand", nm);
        else if (s->phase == DOM_PH_ACTION && !(t & DOM_T_ACTION))
            SAY("Treasures are played in the Buy phase ('end actions' first)",
                "Geldkarten spielst du in der Kaufphase (erst 'Aktionen beenden')");
        else if (s->phase == DOM_PH_ACTION && !s->actions)
            SAY("you have no Actions left", "du hast keine Aktion mehr");
        else if (s->phase == DOM_PH_BUY && !(t & DOM_T_TREASURE))
            SAY("Action cards can only be played in your Action phase",
                "Aktionskarten spielst du nur in der Aktionsphase");
        else if (s->phase == DOM_PH_BUY && s->bought)
            SAY("no more Treasures can be played after buying",
                "nach einem Kauf kannst du keine Geldkarten mehr spielen");
        else
            kt_buf_printf(out, de ? "du kannst %s jetzt nicht spielen" : "you cannot play %s now", nm);
    } else {
        kt_buf_puts(out, de ? "das geht jetzt nicht; " : "not possible now; ");
        dom_prompt(g, (const kt_state *)s, de ? KT_LANG_DE : KT_LANG_EN, out);
    }
#undef SAY
}

/* The verbless actions: why they are not possible now. */
static int explain_fixed(const kt_game *g, const dom_state *s, const char *text, int lang,
                         kt_buf *out)
{
    static const int fixed[] = {DOM_V_PLAYALL, DOM_V_ENDACT, DOM_V_ENDTURN, DOM_V_DONE};
    for (int i = 0; i < 4; i++)
        for (int typed = 0; typed <= 1; typed++) {
            char pat[64];
            kt_text_norm(verb_text[fixed[i]][typed], pat, sizeof pat);
            if (strcmp(text, pat))
                continue;
            int de = lang >= 0 ? lang == KT_LANG_DE : typed;
            const dom_player *P = &s->pl[s->h.to_move];
#define SAY(en, ger) kt_buf_puts(out, de ? (ger) : (en))
            if (fixed[i] == DOM_V_PLAYALL && !s->nstack && s->phase == DOM_PH_ACTION)
                SAY("Treasures are played in the Buy phase ('end actions' first)",
                    "Geldkarten spielst du in der Kaufphase (erst 'Aktionen beenden')");
            else if (fixed[i] == DOM_V_PLAYALL && !s->nstack && !P->hand_tre)
                SAY("you have no Treasures in hand", "du hast keine Geldkarten auf der Hand");
            else if (fixed[i] == DOM_V_PLAYALL && !s->nstack && s->bought)
                SAY("no more Treasures can be played after buying",
                    "nach einem Kauf kannst du keine Geldkarten mehr spielen");
            else if (fixed[i] == DOM_V_ENDACT && !s->nstack && s->phase == DOM_PH_BUY)
                SAY("the Action phase is over already: buy, or 'end turn'",
                    "die Aktionsphase ist schon vorbei: kaufe, oder 'Zug beenden'");
            else {
                kt_buf_printf(out, de ? "'%s' geht jetzt nicht; " : "'%s' is not possible now; ",
                              verb_text[fixed[i]][de]);
                dom_prompt(g, (const kt_state *)s, de ? KT_LANG_DE : KT_LANG_EN, out);
            }
#undef SAY
            return 1;
        }
    return 0;
}

kt_status dom_explain(const kt_game *g, const kt_state *st, const char *text, int lang,
                      kt_buf *out)
{
    const dom_state *s = dom_cst(st);
    if (explain_fixed(g, s, text, lang, out))
        return KT_EILLEGAL;
    char name[128];
    /* patterns with words after the card first: "nimm X auf die Hand" is
     * a take, not a gain of "X auf die Hand" */
    static const int order[] = {DOM_V_TAKE,  DOM_V_BOTTOM, DOM_V_TOPDECK, DOM_V_ASIDE,
                                DOM_V_ORDER, DOM_V_DISCARD, DOM_V_RESOLVE, DOM_V_PLAY,
                                DOM_V_BUY,   DOM_V_TRASH,  DOM_V_GAIN,    DOM_V_REVEAL,
                                DOM_V_KEEP,  DOM_V_CHOOSE, DOM_V_REPLACE};
    int verb = 0, typed = 0;
    for (size_t i = 0; i < sizeof order / sizeof order[0] && !typed; i++)
        if ((typed = match_verb(text, order[i], name, sizeof name)) != 0)
            verb = order[i];
    /* the message in the language asked for, else in the words typed */
    int de = lang >= 0 ? lang == KT_LANG_DE : typed == 2;
    if (!verb && lang == KT_LANG_DE) {
        kt_buf_printf(out, "unbekannter Zug '%s' (Züge lauten etwa: spiele Dorf, kaufe Provinz, "
                           "lege Anwesen ab, entsorge Kupfer, nimm Silber, zeige Burggraben, "
                           "Zug beenden, fertig)",
                      text);
        return KT_EUNKNOWN;
    }
    if (!verb && lang == KT_LANG_EN) {
        kt_buf_printf(out, "unknown action '%s' (actions look like: play Village, buy Province, "
                           "discard Estate, trash Copper, gain Silver, reveal Moat, end turn, "
                           "done)",
                      text);
        return KT_EUNKNOWN;
    }
    if (!verb) {
        /* no verb of either language and no language asked for: examples
         * in both */
        kt_buf_printf(out, "unknown action '%s' (actions look like: play Village, buy Province, "
                           "discard Estate, trash Copper, gain Silver, reveal Moat, end turn, "
                           "done; auf Deutsch: spiele Dorf, kaufe Provinz, lege Anwesen ab, "
                           "Zug beenden, fertig)",
                      text);
        return KT_EUNKNOWN;
    }
    if (verb == DOM_V_CHOOSE) {
        kt_buf_puts(out, de ? "diese Wahl gibt es jetzt nicht; " : "no such choice now; ");
        dom_prompt(g, st, de ? KT_LANG_DE : KT_LANG_EN, out);
        return KT_EILLEGAL;
    }
    int id = dom_card_find(name);
    if (!id) {
        kt_buf b;
        kt_buf_init_alloc(&b, &g->alloc);
        dom_card_suggest(name, de ? KT_LANG_DE : KT_LANG_EN, &b);
        kt_buf_printf(out, de ? "unbekannte Karte '%s'%s%s%s" : "unknown card '%s'%s%s%s", name,
                      b.len ? (de ? " (meintest du " : " (did you mean ") : "",
                      b.len ? b.p : "", b.len ? "?)" : "");
        kt_buf_free(&b);
        return KT_EUNKNOWN;
    }
    /* an English verb with a German name (or the other way round) names a
     * legal action in words the texts do not use */
    kt_action legal[DOM_MAX_LEGAL];
    int n = dom_legal(g, st, legal);
    for (int i = 0; i < n; i++)
        if (legal[i] == DOM_ACT(verb, id)) {
            kt_buf b;
            kt_buf_init_alloc(&b, &g->alloc);
            if (lang >= 0) { /* one language: the text of the legal action in it */
                dom_put_pattern(&b, verb_text[verb][de], de ? dom_cards[id].de : dom_cards[id].en);
                kt_buf_printf(out, de ? "meintest du '%s'?" : "did you mean '%s'?",
                              b.p ? b.p : "");
                kt_buf_free(&b);
                return KT_EUNKNOWN;
            }
            dom_put_pattern(&b, verb_text[verb][0], dom_cards[id].en);
            kt_buf_printf(out, de ? "meintest du '" : "did you mean '");
            kt_buf_puts(out, b.p ? b.p : "");
            kt_buf_reset(&b);
            dom_put_pattern(&b, verb_text[verb][1], dom_cards[id].de);
            kt_buf_printf(out, "' / '%s'?", b.p ? b.p : "");
            kt_buf_free(&b);
            return KT_EUNKNOWN;
        }
    if (s->nstack) {
        kt_buf_printf(out, de ? "'%s' ist jetzt keine Wahl; " : "'%s' is not a choice now; ", text);
        dom_prompt(g, st, de ? KT_LANG_DE : KT_LANG_EN, out);
        return KT_EILLEGAL;
    }
    why_not(g, s, verb, id, de, out);
    return KT_EILLEGAL;
}

/* ------------------------------------------------------------ menu items */

/* Menus (kt_menu_item): the Buy menu lists the dearest cards first, Copper
 * and Curse last, Events after the cards; "play treasures" comes first and
 * ending the turn or phase last.  When there are more than a dozen choices
 * they fold into submenus: buys and gains by cost band, Events, single
 * Treasures, and picks from a hand by card type.  The legal order (random
 * play, the bench fingerprint) is not touched. */
#define MENU_FOLD 12

static int cost_rank(const dom_cfg *c, const dom_state *s, int id)
{
    if (id == DOM_COPPER || id == DOM_CURSE)
        return 190;
    int cost = dom_cards[id].kind == DOM_K_EVENT ? c->cost[id] : dom_cost(c, s, id);
    return (dom_cards[id].kind == DOM_K_EVENT ? 200 : 100) + 30 - (cost > 30 ? 30 : cost);
}

static void cost_band(const dom_cfg *c, const dom_state *s, int id, int verb, int de,
                      kt_menu_item *out)
{
    int cost = dom_cost(c, s, id);
    const char *v = verb == DOM_V_BUY ? (de ? "kaufen" : "buy") : (de ? "nehmen" : "gain");
    if (cost >= 6)
        snprintf(out->group, sizeof out->group, de ? "%s: ab 6 Geld" : "%s: $6 and more", v);
    else if (cost >= 3)
        snprintf(out->group, sizeof out->group, de ? "%s: 3 bis 5 Geld" : "%s: $3 to $5", v);
    else
        snprintf(out->group, sizeof out->group, de ? "%s: bis 2 Geld" : "%s: up to $2", v);
}

static const char *type_group(int id, int de)
{
    int t = dom_cards[id].types;
    if (t & DOM_T_ACTION)
        return de ? "Aktionskarten" : "Action cards";
    if (t & DOM_T_TREASURE)
        return de ? "Geldkarten" : "Treasures";
    if (t & (DOM_T_VICTORY | DOM_T_CURSE))
        return de ? "Punkte- und Fluchkarten" : "Victory cards and Curses";
    return de ? "andere" : "others";
}

void dom_menu_item(const kt_game *g, const kt_state *st, kt_action a, int lang,
                   kt_menu_item *out)
{
    const dom_state *s = dom_cst(st);
    const dom_cfg *c = dom_config(g);
    int v = DOM_VERB(a), id = DOM_CARD(a), de = lang == KT_LANG_DE;
    if (v <= DOM_V_NONE || v >= DOM_NVERBS || id >= DOM_NCARDS || (a >> 16))
        return;
    kt_action buf[DOM_MAX_LEGAL];
    int many = s->h.status == KT_RUNNING && dom_legal(g, st, buf) > MENU_FOLD;
    int phase = !s->nstack;
    switch (v) {
    case DOM_V_PLAYALL:
        out->rank = 0;
        return;
    case DOM_V_ENDACT:
    case DOM_V_ENDTURN:
    case DOM_V_DONE:
        out->rank = 300;
        return;
    case DOM_V_BUY:
        out->rank = cost_rank(c, s, id);
        if (!many)
            return;
        if (dom_cards[id].kind == DOM_K_EVENT)
            snprintf(out->group, sizeof out->group, "%s", de ? "Ereignis kaufen" : "buy an Event");
        else
            cost_band(c, s, id, v, de, out);
        return;
    case DOM_V_GAIN:
        if (id && c->in_supply[id] && s->supply[id]) {
            out->rank = cost_rank(c, s, id);
            if (many)
                cost_band(c, s, id, v, de, out);
            return;
        }
        break;
    case DOM_V_PLAY:
        if (phase && s->phase == DOM_PH_BUY) {
            out->rank = 10;
            if (many)
                snprintf(out->group, sizeof out->group, "%s",
                         de ? "eine Geldkarte spielen" : "play one Treasure");
            return;
        }
        break;
    default:
        break;
    }
    out->rank = 50;
    if (many && id && dom_cards[id].kind != DOM_K_EVENT)
        snprintf(out->group, sizeof out->group, "%s", type_group(id, de));
}
