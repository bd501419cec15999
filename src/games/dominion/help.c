/*
 * help.c - Dominion's component help (gamedef.describe: `help NAME` in play,
 * `kontor games dominion NAME`): every card, Loot, Event and Trait, the card
 * types, and every mark the terminal view prints, in English and German, in
 * the project's own words.
 *
 * Cards come from the card table (name, cost, types, set and the effect
 * paraphrased in data.c); a line on what the kind of component is follows.
 * Marks and types are a small table of their own, looked up by any of a
 * few spellings (normalized as kt_text_norm does: lower case, umlauts
 * folded).
 */
#include <string.h>

#include "dominion.h"

typedef struct help_entry {
    const char *keys; /* '|'-separated normalized spellings */
    const char *en, *de;
} help_entry;

static const help_entry marks[] = {
    {"(*)|*",
     "(*) after a card in play: a Duration (or a card set to act later) that does something at the "
     "start of its owner's next turn; it stays in play until then.",
     "(*) hinter einer Karte im Spiel: eine Dauerkarte (oder eine Karte mit späterer Wirkung), die "
     "zu Beginn des nächsten Zuges ihres Besitzers etwas tut; bis dahin bleibt sie im Spiel."},
    {"(+)|+",
     "(+) after a card in play: it never leaves play again (Quartermaster, Endless Chalice) and "
     "acts at the start of each of its owner's turns.",
     "(+) hinter einer Karte im Spiel: sie verlässt das Spiel nicht mehr (Quartiermeister, "
     "Endloser Kelch) und wirkt zu Beginn jedes Zuges ihres Besitzers."},
    {"xn|x|n",
     "xN: N copies (in the Supply: cards left in the pile; elsewhere: how many of that card).",
     "xN: N Exemplare (im Vorrat: so viele Karten liegen noch im Stapel; sonst: so viele dieser "
     "Karte)."},
    {"$n|$|cost|coins",
     "$N: a cost or an amount of coins ($ is the coin symbol). The header shows the coins you "
     "have to spend this turn.",
     "$N (deutsch NG): Kosten oder Geld. Die Kopfzeile zeigt das Geld, das du in diesem Zug "
     "ausgeben kannst."},
    {"ng|g|geld|kosten",
     "NG: costs N coins (German view; the English view writes $N).",
     "NG: kostet N Geld (G steht für Geld; die englische Ansicht schreibt $N)."},
    {"known|bekannt",
     "known: cards in another player's hand that everybody saw go there (a revealed Moat, a card "
     "gained into the hand).",
     "bekannt: Karten in der Hand eines anderen Spielers, die alle dorthin gelangen sahen (ein "
     "aufgedeckter Burggraben, eine auf die Hand genommene Karte)."},
    {"face down|verdeckt",
     "face down: set-aside cards only their owner may look at; others see how many.",
     "verdeckt: zur Seite gelegte Karten, die nur ihr Besitzer ansehen darf; die anderen sehen "
     "nur die Anzahl."},
    {"round|runde|rounds|runden",
     "Round N: every player's N-th turn belongs to round N (an extra turn from Journey belongs "
     "to the round it follows). Results give the game's length in rounds.",
     "Runde N: der N-te Zug jedes Spielers gehört zu Runde N (ein Extrazug durch Reise gehört zur "
     "Runde davor). Ergebnisse geben die Spiellänge in Runden an."},
    {"top|oben",
     "(top X) after a discard pile: X is its top card, the one everybody can see.",
     "(oben X) hinter einem Ablagestapel: X ist die oberste Karte, die alle sehen."},
    {"(you)|you|(du)|du",
     "(you): the seat you play.",
     "(du): dein Platz am Tisch."},
    {"marks|zeichen|legend|legende",
     "Marks on the board: (*) acts at its owner's next turn, (+) stays in play for good, xN "
     "copies, $N or NG cost, known cards in another hand, face-down set-aside cards, (top X) of a "
     "discard pile, Round N. Ask for each one by name, e.g. help (*).",
     "Zeichen auf dem Spielbrett: (*) wirkt im nächsten Zug des Besitzers, (+) bleibt dauerhaft "
     "im Spiel, xN Exemplare, $N oder NG Kosten, bekannte Karten einer anderen Hand, verdeckt zur "
     "Seite gelegte Karten, (oben X) eines Ablagestapels, Runde N. Jedes einzeln erfragen, z. B. "
     "help (*)."},
};

static const help_entry kinds[] = {
    {"treasure|treasures|geld|geldkarte|geldkarten",
     "Treasure: played in your Buy phase for coins (\"play treasures\" plays all of them).",
     "Geldkarte: wird in der Kaufphase für Geld gespielt (\"spiele Geldkarten\" spielt alle)."},
    {"victory|victory card|punkte|punktekarte",
     "Victory card: worth points at the end; does nothing in your hand.",
     "Punktekarte: zählt am Spielende Punkte; auf der Hand nutzlos."},
    {"curse|fluch",
     "Curse: -1 point; Attacks such as Witch give them to other players.",
     "Fluch: -1 Punkt; Angriffe wie die Hexe geben sie anderen Spielern."},
    {"action|aktion|aktionskarte",
     "Action card: played in your Action phase, one per Action you have (you start a turn with "
     "one).",
     "Aktionskarte: wird in der Aktionsphase gespielt, eine je Aktion (jeder Zug beginnt mit "
     "einer)."},
    {"attack|angriff",
     "Attack: also hurts the other players; a player holding a Reaction such as Moat may reveal "
     "it first and is then unaffected.",
     "Angriff: trifft auch die anderen Spieler; wer eine Reaktion wie den Burggraben hält, darf "
     "sie vorher zeigen und bleibt verschont."},
    {"reaction|reaktion",
     "Reaction: can be revealed or played from your hand when something happens, even on "
     "another player's turn (Moat against an Attack; Stowaway and Mapmaker on gains).",
     "Reaktion: kann aus der Hand gezeigt oder gespielt werden, wenn etwas geschieht, auch im Zug "
     "eines anderen (Burggraben gegen Angriffe; Blinder Passagier und Kartenzeichnerin, wenn "
     "Karten genommen werden)."},
    {"duration|dauer|dauerkarte",
     "Duration: stays in play until the Clean-up after the turn in which it has done "
     "everything; shown with (*) while it still has something to do.",
     "Dauerkarte: bleibt im Spiel bis zum Aufräumen nach dem Zug, in dem sie alles getan hat; "
     "mit (*) markiert, solange sie noch etwas tut."},
    {"command|befehl",
     "Command: a card that plays other cards; Flagship does not replay Commands.",
     "Befehl: eine Karte, die andere Karten spielt; das Flaggschiff wiederholt keine Befehle."},
    {"loot|loots|kostbarkeit|kostbarkeiten",
     "Loot: Treasures worth a lot that are not in the Supply; some cards, Events and Traits let "
     "you gain the top card of the face-down Loot pile (30 cards, 2 of each).",
     "Kostbarkeit: wertvolle Geldkarten außerhalb des Vorrats; manche Karten, Ereignisse und "
     "Merkmale lassen dich die oberste Karte des verdeckten Stapels nehmen (30 Karten, je 2)."},
    {"event|events|ereignis|ereignisse",
     "Event: bought in your Buy phase with a Buy and its cost like a card, but you do what it "
     "says instead of gaining it.",
     "Ereignis: wird in der Kaufphase mit einem Kauf und seinen Kosten gekauft wie eine Karte, "
     "doch statt es zu nehmen tust du, was es sagt."},
    {"trait|traits|merkmal|merkmale",
     "Trait: lies on one Action or Treasure pile of the kingdom and changes every card of that "
     "pile for the whole game.",
     "Merkmal: liegt auf einem Aktions- oder Geldkartenstapel des Königreichs und verändert jede "
     "Karte dieses Stapels für das ganze Spiel."},
};

static int key_match(const char *keys, const char *name)
{
    size_t n = strlen(name);
    for (const char *k = keys; *k;) {
        const char *e = strchr(k, '|');
        size_t l = e ? (size_t)(e - k) : strlen(k);
        if (l == n && !strncmp(k, name, n))
            return 1;
        if (!e)
            break;
        k = e + 1;
    }
    return 0;
}

static int table(const help_entry *t, size_t n, const char *name, int lang, kt_buf *out)
{
    for (size_t i = 0; i < n; i++)
        if (key_match(t[i].keys, name)) {
            kt_buf_printf(out, "%s\n", lang == KT_LANG_DE ? t[i].de : t[i].en);
            return 1;
        }
    return 0;
}

static void card_help(int id, int lang, kt_buf *out)
{
    const dom_card *d = &dom_cards[id];
    int de = lang == KT_LANG_DE;
    kt_buf_printf(out, "%s (%s) - ", de ? d->de : d->en, de ? d->en : d->de);
    dom_types_text(d->types, lang, out);
    /* a Loot's $7 is its cost (Remodel, Sailor count it), not what it
     * makes when played: said as a cost, with "never bought" */
    if (d->kind == DOM_K_LOOT)
        kt_buf_printf(out, de ? ", kostet %d Geld (nie gekauft)" : ", costs $%d (never bought)",
                      d->cost);
    else if (d->kind != DOM_K_TRAIT)
        kt_buf_printf(out, de ? ", kostet %d Geld" : ", costs $%d", d->cost);
    kt_buf_printf(out, ", %s\n", d->set == DOM_SET_PLUNDER ? (de ? "Plünderer" : "Plunder")
                                                            : (de ? "Basisspiel" : "base game"));
    kt_buf_printf(out, "%s.\n", de && d->text_de ? d->text_de : d->text);
    switch (d->kind) {
    case DOM_K_LOOT:
        kt_buf_puts(out, de ? "Kostbarkeiten liegen nicht im Vorrat: du nimmst die oberste des "
                              "verdeckten Stapels, wenn eine Karte es sagt.\n"
                            : "Loots are not in the Supply: you gain the top one of the "
                              "face-down Loot pile when something tells you to.\n");
        break;
    case DOM_K_EVENT:
        kt_buf_puts(out, de ? "Ein Ereignis kaufst du mit einem Kauf in der Kaufphase; du nimmst "
                              "keine Karte.\n"
                            : "An Event is bought with a Buy in your Buy phase; no card is "
                              "gained.\n");
        break;
    case DOM_K_TRAIT:
        kt_buf_puts(out, de ? "Ein Merkmal gilt für jede Karte des Stapels, auf dem es liegt.\n"
                            : "A Trait applies to every card of the pile it lies on.\n");
        break;
    default:
        break;
    }
}

int dom_describe(const char *name, int lang, kt_buf *out)
{
    if (table(marks, sizeof marks / sizeof marks[0], name, lang, out) ||
        table(kinds, sizeof kinds / sizeof kinds[0], name, lang, out))
        return 1;
    int id = dom_card_find(name);
    if (!id)
        return 0;
    card_help(id, lang, out);
    return 1;
}

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
