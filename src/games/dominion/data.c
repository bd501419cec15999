/*
 * data.c - Dominion's const component tables: every card, Loot, Event and
 * Trait (id = index, see dominion.h), the named kingdom presets, and name
 * lookup.
 *
 * Layout of a dom_card record: English and German name, cost in coins, kind
 * (basic / kingdom / Loot / Event / Trait), types, the vanilla "+" bonuses a
 * card gives first when played (Treasures: their coin value), printed VP,
 * engine flags (has a program, auto-played Treasure, blocking Reaction,
 * "when gained" / "when trashed" effects, refers to Loot), set, provenance
 * mark, and the effect in our own words in English and German (never card
 * text).
 *
 * Facts (names, costs, types, pile sizes) come from ../shared/reference/
 * dominion.md §1.4-§1.10, which cross-checks sgraaf/dominion-setup
 * (base.json, plunder.json), sumpfork/dominiontabs (cards_db.json,
 * de/cards_de.json) and blakevanlan/KingdomCreator; the German names of the
 * six landscapes found in one data source only, and Fawning = Aufdringlich,
 * are confirmed by the German rulebook supplement (seed 004).  Rulings are in
 * docs/dominion.md (base game) and docs/plunder.md.
 */
#include <string.h>

#include "dominion.h"

#define T_ DOM_T_TREASURE
#define V_ DOM_T_VICTORY
#define C_ DOM_T_CURSE
#define A_ DOM_T_ACTION
#define AT DOM_T_ATTACK
#define R_ DOM_T_REACTION
#define D_ DOM_T_DURATION
#define CM DOM_T_COMMAND
#define L_ DOM_T_LOOT
#define E_ DOM_T_EVENT
#define R2 DOM_T_TRAIT
#define SP DOM_CF_SPECIAL
#define LR DOM_CF_LOOTREF
#define B2 DOM_SET_BASE2
#define PL DOM_SET_PLUNDER
#define PUB DOM_SRC_PUBLIC
#define KD DOM_K_KINGDOM
#define LO DOM_K_LOOT
#define EV DOM_K_EVENT
#define TR DOM_K_TRAIT

const dom_card dom_cards[DOM_NIDS] = {
    [DOM_NONE] = {"(none)", "(keine)", 0, DOM_K_NONE, 0, 0, 0, 0, 0, 0, 0, DOM_SET_NONE, PUB, "", ""},
    /* basic cards (reference §1.4) */
    [DOM_COPPER] = {"Copper", "Kupfer", 0, DOM_K_BASIC, T_, 0, 0, 0, 1, 0, DOM_CF_AUTO, B2, PUB,
                    "worth $1", "bringt 1 Geld"},
    [DOM_SILVER] = {"Silver", "Silber", 3, DOM_K_BASIC, T_, 0, 0, 0, 2, 0, DOM_CF_AUTO, B2, PUB,
                    "worth $2", "bringt 2 Geld"},
    [DOM_GOLD] = {"Gold", "Gold", 6, DOM_K_BASIC, T_, 0, 0, 0, 3, 0, DOM_CF_AUTO, B2, PUB,
                  "worth $3", "bringt 3 Geld"},
    [DOM_ESTATE] = {"Estate", "Anwesen", 2, DOM_K_BASIC, V_, 0, 0, 0, 0, 1, 0, B2, PUB,
                    "1 VP", "1 Siegpunkt"},
    [DOM_DUCHY] = {"Duchy", "Herzogtum", 5, DOM_K_BASIC, V_, 0, 0, 0, 0, 3, 0, B2, PUB,
                   "3 VP", "3 Siegpunkte"},
    [DOM_PROVINCE] = {"Province", "Provinz", 8, DOM_K_BASIC, V_, 0, 0, 0, 0, 6, 0, B2, PUB,
                      "6 VP", "6 Siegpunkte"},
    [DOM_CURSE] = {"Curse", "Fluch", 0, DOM_K_BASIC, C_, 0, 0, 0, 0, -1, 0, B2, PUB,
                   "-1 VP", "-1 Siegpunkt"},
    /* base game 2nd edition kingdom cards (reference §1.5) */
    [DOM_CELLAR] = {"Cellar", "Keller", 2, DOM_K_KINGDOM, A_, 0, 1, 0, 0, 0, SP, B2, PUB,
                    "+1 Action; discard any number of cards from your hand, then draw as many",
                    "+1 Aktion; lege beliebig viele Handkarten ab und ziehe ebenso viele nach"},
    [DOM_CHAPEL] = {"Chapel", "Kapelle", 2, DOM_K_KINGDOM, A_, 0, 0, 0, 0, 0, SP, B2, PUB,
                    "trash up to 4 cards from your hand",
                    "entsorge bis zu 4 Handkarten"},
    [DOM_MOAT] = {"Moat", "Burggraben", 2, DOM_K_KINGDOM, A_ | R_, 2, 0, 0, 0, 0, DOM_CF_BLOCK, B2,
                  PUB,
                  "+2 Cards; when another player plays an Attack, you may first reveal this from "
                  "your hand to be unaffected by it",
                  "+2 Karten; spielt jemand anderes einen Angriff, darfst du dies vorher aus der "
                  "Hand aufdecken und bist nicht betroffen"},
    [DOM_HARBINGER] = {"Harbinger", "Vorbotin", 3, DOM_K_KINGDOM, A_, 1, 1, 0, 0, 0, SP, B2, PUB,
                       "+1 Card +1 Action; you may put a card from your discard pile onto your deck",
                       "+1 Karte +1 Aktion; du darfst eine Karte aus deinem Ablagestapel auf "
                       "deinen Nachziehstapel legen"},
    [DOM_MERCHANT] = {"Merchant", "Händlerin", 3, DOM_K_KINGDOM, A_, 1, 1, 0, 0, 0, SP, B2, PUB,
                      "+1 Card +1 Action; the first time you play a Silver this turn, +$1",
                      "+1 Karte +1 Aktion; wenn du in diesem Zug zum ersten Mal ein Silber "
                      "spielst, +1 Geld"},
    [DOM_VASSAL] = {"Vassal", "Vasall", 3, DOM_K_KINGDOM, A_, 0, 0, 0, 2, 0, SP, B2, PUB,
                    "+$2; discard the top card of your deck; if it is an Action you may play it",
                    "+2 Geld; lege die oberste Karte deines Nachziehstapels ab; ist es eine "
                    "Aktion, darfst du sie spielen"},
    [DOM_VILLAGE] = {"Village", "Dorf", 3, DOM_K_KINGDOM, A_, 1, 2, 0, 0, 0, 0, B2, PUB,
                     "+1 Card +2 Actions", "+1 Karte +2 Aktionen"},
    [DOM_WORKSHOP] = {"Workshop", "Werkstatt", 3, DOM_K_KINGDOM, A_, 0, 0, 0, 0, 0, SP, B2, PUB,
                      "gain a card costing up to $4", "nimm eine Karte, die bis zu 4 kostet"},
    [DOM_BUREAUCRAT] = {"Bureaucrat", "Bürokrat", 4, DOM_K_KINGDOM, A_ | AT, 0, 0, 0, 0, 0, SP, B2,
                        PUB,
                        "gain a Silver onto your deck; each other player puts a Victory card from "
                        "their hand onto their deck (or reveals a hand without one)",
                        "nimm ein Silber auf deinen Nachziehstapel; alle anderen legen eine "
                        "Punktekarte aus der Hand auf ihren Nachziehstapel (oder zeigen eine Hand "
                        "ohne)"},
    [DOM_GARDENS] = {"Gardens", "Gärten", 4, DOM_K_KINGDOM, V_, 0, 0, 0, 0, 0, 0, B2, PUB,
                     "worth 1 VP per 10 cards you own (rounded down)",
                     "1 Siegpunkt je volle 10 Karten, die du besitzt"},
    [DOM_MILITIA] = {"Militia", "Miliz", 4, DOM_K_KINGDOM, A_ | AT, 0, 0, 0, 2, 0, SP, B2, PUB,
                     "+$2; each other player discards down to 3 cards in hand",
                     "+2 Geld; alle anderen legen Handkarten ab, bis sie nur noch 3 haben"},
    [DOM_MONEYLENDER] = {"Moneylender", "Geldverleiher", 4, DOM_K_KINGDOM, A_, 0, 0, 0, 0, 0, SP,
                         B2, PUB, "you may trash a Copper from your hand; if you do, +$3",
                         "du darfst ein Kupfer aus der Hand entsorgen; wenn du das tust, +3 Geld"},
    [DOM_POACHER] = {"Poacher", "Wilddiebin", 4, DOM_K_KINGDOM, A_, 1, 1, 0, 1, 0, SP, B2, PUB,
                     "+1 Card +1 Action +$1; discard a card per empty Supply pile",
                     "+1 Karte +1 Aktion +1 Geld; lege je leerem Vorratsstapel eine Karte ab"},
    [DOM_REMODEL] = {"Remodel", "Umbau", 4, DOM_K_KINGDOM, A_, 0, 0, 0, 0, 0, SP, B2, PUB,
                     "trash a card from your hand; gain a card costing up to $2 more than it",
                     "entsorge eine Handkarte; nimm eine Karte, die bis zu 2 mehr kostet"},
    [DOM_SMITHY] = {"Smithy", "Schmiede", 4, DOM_K_KINGDOM, A_, 3, 0, 0, 0, 0, 0, B2, PUB,
                    "+3 Cards", "+3 Karten"},
    [DOM_THRONE_ROOM] = {"Throne Room", "Thronsaal", 4, DOM_K_KINGDOM, A_, 0, 0, 0, 0, 0, SP, B2,
                         PUB, "you may play an Action card from your hand twice",
                         "du darfst eine Aktionskarte aus der Hand zweimal spielen"},
    [DOM_BANDIT] = {"Bandit", "Banditin", 5, DOM_K_KINGDOM, A_ | AT, 0, 0, 0, 0, 0, SP, B2, PUB,
                    "gain a Gold; each other player reveals their top 2 cards, trashes one of "
                    "them that is a Treasure other than Copper, and discards the rest",
                    "nimm ein Gold; alle anderen decken ihre obersten 2 Karten auf, entsorgen "
                    "davon eine Geldkarte außer Kupfer und legen den Rest ab"},
    [DOM_COUNCIL_ROOM] = {"Council Room", "Ratsversammlung", 5, DOM_K_KINGDOM, A_, 4, 0, 1, 0, 0,
                          SP, B2, PUB, "+4 Cards +1 Buy; each other player draws a card",
                          "+4 Karten +1 Kauf; alle anderen ziehen eine Karte"},
    [DOM_FESTIVAL] = {"Festival", "Jahrmarkt", 5, DOM_K_KINGDOM, A_, 0, 2, 1, 2, 0, 0, B2, PUB,
                      "+2 Actions +1 Buy +$2", "+2 Aktionen +1 Kauf +2 Geld"},
    [DOM_LABORATORY] = {"Laboratory", "Laboratorium", 5, DOM_K_KINGDOM, A_, 2, 1, 0, 0, 0, 0, B2,
                        PUB, "+2 Cards +1 Action", "+2 Karten +1 Aktion"},
    [DOM_LIBRARY] = {"Library", "Bibliothek", 5, DOM_K_KINGDOM, A_, 0, 0, 0, 0, 0, SP, B2, PUB,
                     "draw until you have 7 cards in hand; you may set aside any Action drawn "
                     "this way, and discard the set-aside cards afterwards",
                     "ziehe, bis du 7 Karten auf der Hand hast; gezogene Aktionen darfst du zur "
                     "Seite legen und legst sie danach ab"},
    [DOM_MARKET] = {"Market", "Markt", 5, DOM_K_KINGDOM, A_, 1, 1, 1, 1, 0, 0, B2, PUB,
                    "+1 Card +1 Action +1 Buy +$1", "+1 Karte +1 Aktion +1 Kauf +1 Geld"},
    [DOM_MINE] = {"Mine", "Mine", 5, DOM_K_KINGDOM, A_, 0, 0, 0, 0, 0, SP, B2, PUB,
                  "you may trash a Treasure from your hand; gain a Treasure to your hand costing "
                  "up to $3 more than it",
                  "du darfst eine Geldkarte aus der Hand entsorgen; nimm eine Geldkarte, die bis "
                  "zu 3 mehr kostet, auf die Hand"},
    [DOM_SENTRY] = {"Sentry", "Torwächterin", 5, DOM_K_KINGDOM, A_, 1, 1, 0, 0, 0, SP, B2, PUB,
                    "+1 Card +1 Action; look at your top 2 cards; trash and/or discard any of "
                    "them, put the rest back in any order",
                    "+1 Karte +1 Aktion; sieh dir deine obersten 2 Karten an, entsorge und/oder "
                    "lege beliebige davon ab, den Rest zurück in beliebiger Reihenfolge"},
    [DOM_WITCH] = {"Witch", "Hexe", 5, DOM_K_KINGDOM, A_ | AT, 2, 0, 0, 0, 0, SP, B2, PUB,
                   "+2 Cards; each other player gains a Curse",
                   "+2 Karten; alle anderen nehmen einen Fluch"},
    [DOM_ARTISAN] = {"Artisan", "Töpferei", 6, DOM_K_KINGDOM, A_, 0, 0, 0, 0, 0, SP, B2, PUB,
                     "gain a card to your hand costing up to $5; put a card from your hand onto "
                     "your deck",
                     "nimm eine Karte, die bis zu 5 kostet, auf die Hand; lege eine Handkarte auf "
                     "deinen Nachziehstapel"},
    /* Plunder kingdom cards (reference §1.6; rulings: seed 004) */
    [DOM_CAGE] = {"Cage", "Käfig", 2, KD, T_ | D_, 0, 0, 0, 0, 0, SP, PL, PUB,
                  "set aside up to 4 cards from your hand face down under this; the next time you "
                  "gain a Victory card, trash this and take the set-aside cards into your hand at "
                  "the end of that turn",
                  "lege bis zu 4 Handkarten verdeckt unter diese Karte; nimmst du das nächste Mal "
                  "eine Punktekarte, entsorge diese Karte und nimm die Karten darunter am Ende "
                  "jenes Zuges auf die Hand"},
    [DOM_GROTTO] = {"Grotto", "Grotte", 2, KD, A_ | D_, 0, 1, 0, 0, 0, SP, PL, PUB,
                    "+1 Action; set aside up to 4 cards from your hand face down; at the start of "
                    "your next turn discard them, then draw as many",
                    "+1 Aktion; lege bis zu 4 Handkarten verdeckt zur Seite; lege sie zu Beginn "
                    "deines nächsten Zuges ab und ziehe ebenso viele Karten"},
    [DOM_JEWELLED_EGG] = {"Jewelled Egg", "Juwelen-Ei", 2, KD, T_, 0, 0, 1, 1, 0,
                          DOM_CF_AUTO | DOM_CF_ONTRASH | LR, PL, PUB,
                          "worth $1, +1 Buy; when you trash it, gain a Loot",
                          "bringt 1 Geld, +1 Kauf; wird es entsorgt, nimm eine Kostbarkeit"},
    [DOM_SEARCH] = {"Search", "Suche", 2, KD, A_ | D_, 0, 0, 0, 2, 0, SP | LR, PL, PUB,
                    "+$2; the next time a Supply pile becomes empty, trash this and gain a Loot",
                    "+2 Geld; wird das nächste Mal ein Vorratsstapel leer, entsorge diese Karte "
                    "und nimm eine Kostbarkeit"},
    [DOM_SHAMAN] = {"Shaman", "Schamanin", 2, KD, A_, 0, 1, 0, 1, 0, SP, PL, PUB,
                    "+1 Action +$1; you may trash a card from your hand. In games with Shaman, "
                    "every player gains a card costing up to $6 from the trash at the start of "
                    "each of their turns (if there is one)",
                    "+1 Aktion +1 Geld; du darfst eine Handkarte entsorgen. In Spielen mit ihr "
                    "nimmt jeder zu Beginn jedes seiner Züge eine Karte bis 6 Geld aus dem Müll "
                    "(falls es eine gibt)"},
    [DOM_SECLUDED_SHRINE] = {"Secluded Shrine", "Einsamer Schrein", 3, KD, A_ | D_, 0, 0, 0, 1, 0,
                             SP, PL, PUB,
                             "+$1; the next time you gain a Treasure, trash up to 2 cards from "
                             "your hand",
                             "+1 Geld; nimmst du das nächste Mal eine Geldkarte, entsorge bis zu "
                             "2 Handkarten"},
    [DOM_SIREN] = {"Siren", "Sirene", 3, KD, A_ | D_ | AT, 0, 0, 0, 0, 0, SP | DOM_CF_ONGAIN, PL,
                   PUB,
                   "each other player gains a Curse; at the start of your next turn draw until "
                   "you hold 8 cards. When you gain it, trash it unless you trash an Action card "
                   "from your hand",
                   "alle anderen nehmen einen Fluch; ziehe zu Beginn deines nächsten Zuges, bis "
                   "du 8 Karten hast. Nimmst du sie, entsorge sie, außer du entsorgst eine "
                   "Aktionskarte aus der Hand"},
    [DOM_STOWAWAY] = {"Stowaway", "Blinder Passagier", 3, KD, A_ | D_ | R_, 0, 0, 0, 0, 0, SP, PL,
                      PUB,
                      "at the start of your next turn, +2 Cards. When anyone gains a Duration "
                      "card, you may play this from your hand",
                      "zu Beginn deines nächsten Zuges +2 Karten. Nimmt jemand eine Dauerkarte, "
                      "darfst du diese Karte aus der Hand spielen"},
    [DOM_TASKMASTER] = {"Taskmaster", "Vorarbeiter", 3, KD, A_ | D_, 0, 1, 0, 1, 0, SP, PL, PUB,
                        "+1 Action +$1; if you gain a card costing exactly $5 later this turn, "
                        "repeat this at the start of your next turn",
                        "+1 Aktion +1 Geld; nimmst du danach in diesem Zug eine Karte, die genau "
                        "5 kostet, wiederhole dies zu Beginn deines nächsten Zuges"},
    [DOM_ABUNDANCE] = {"Abundance", "Überfluss", 4, KD, T_ | D_, 0, 0, 0, 0, 0, SP | DOM_CF_AUTO,
                       PL, PUB, "the next time you gain an Action card, +1 Buy and +$3",
                       "nimmst du das nächste Mal eine Aktionskarte, +1 Kauf und +3 Geld"},
    [DOM_CABIN_BOY] = {"Cabin Boy", "Schiffsjunge", 4, KD, A_ | D_, 1, 1, 0, 0, 0, SP, PL, PUB,
                       "+1 Card +1 Action; at the start of your next turn choose: +$2, or trash "
                       "this to gain a Duration card",
                       "+1 Karte +1 Aktion; wähle zu Beginn deines nächsten Zuges: +2 Geld, oder "
                       "entsorge diese Karte und nimm eine Dauerkarte"},
    [DOM_CRUCIBLE] = {"Crucible", "Schmelztiegel", 4, KD, T_, 0, 0, 0, 0, 0, SP, PL, PUB,
                      "trash a card from your hand; +$1 for each $1 it costs",
                      "entsorge eine Handkarte; +1 Geld je 1 Geld ihrer Kosten"},
    [DOM_FLAGSHIP] = {"Flagship", "Flaggschiff", 4, KD, A_ | D_ | CM, 0, 0, 0, 2, 0, SP, PL, PUB,
                      "+$2; the next time you play an Action card that is not a Command, play it "
                      "again",
                      "+2 Geld; spielst du das nächste Mal eine Aktionskarte ohne Befehl, spiele "
                      "sie noch einmal"},
    [DOM_FORTUNE_HUNTER] = {"Fortune Hunter", "Abenteurerin", 4, KD, A_, 0, 0, 0, 2, 0, SP, PL,
                            PUB,
                            "+$2; look at your top 3 cards; you may play a Treasure among them; "
                            "put the rest back in any order",
                            "+2 Geld; sieh dir deine obersten 3 Karten an; du darfst eine "
                            "Geldkarte davon spielen; lege den Rest in beliebiger Reihenfolge "
                            "zurück"},
    [DOM_GONDOLA] = {"Gondola", "Gondel", 4, KD, T_ | D_, 0, 0, 0, 0, 0, SP | DOM_CF_ONGAIN, PL,
                     PUB,
                     "choose: +$2 now, or at the start of your next turn. When you gain it, you "
                     "may play an Action card from your hand",
                     "wähle: +2 Geld jetzt oder zu Beginn deines nächsten Zuges. Nimmst du sie, "
                     "darfst du eine Aktionskarte aus der Hand spielen"},
    [DOM_HARBOR_VILLAGE] = {"Harbor Village", "Hafendorf", 4, KD, A_, 1, 2, 0, 0, 0, SP, PL, PUB,
                            "+1 Card +2 Actions; after the next Action you play this turn, +$1 if "
                            "it gave you money",
                            "+1 Karte +2 Aktionen; bringt dir deine nächste Aktionskarte in "
                            "diesem Zug Geld, danach +1 Geld"},
    [DOM_LANDING_PARTY] = {"Landing Party", "Landungstrupp", 4, KD, A_ | D_, 2, 2, 0, 0, 0, SP, PL,
                           PUB,
                           "+2 Cards +2 Actions; the next time the first card you play in a turn "
                           "is a Treasure, put this onto your deck after it",
                           "+2 Karten +2 Aktionen; ist das nächste Mal die erste Karte, die du in "
                           "einem Zug spielst, eine Geldkarte, lege diese Karte danach auf deinen "
                           "Nachziehstapel"},
    [DOM_MAPMAKER] = {"Mapmaker", "Kartenzeichnerin", 4, KD, A_ | R_, 0, 0, 0, 0, 0, SP, PL, PUB,
                      "look at your top 4 cards, put 2 of them into your hand and discard the "
                      "rest. When anyone gains a Victory card, you may play this from your hand",
                      "sieh dir deine obersten 4 Karten an, nimm 2 davon auf die Hand und lege "
                      "den Rest ab. Nimmt jemand eine Punktekarte, darfst du diese Karte aus der "
                      "Hand spielen"},
    [DOM_MAROON] = {"Maroon", "Ausgesetzter", 4, KD, A_, 0, 0, 0, 0, 0, SP, PL, PUB,
                    "trash a card from your hand; +2 Cards for each type it has",
                    "entsorge eine Handkarte; +2 Karten je Kartentyp, den sie hat"},
    [DOM_ROPE] = {"Rope", "Seil", 4, KD, T_ | D_, 0, 0, 1, 1, 0, SP | DOM_CF_AUTO, PL, PUB,
                  "worth $1, +1 Buy; at the start of your next turn +1 Card, then you may trash a "
                  "card from your hand",
                  "bringt 1 Geld, +1 Kauf; zu Beginn deines nächsten Zuges +1 Karte, dann darfst "
                  "du eine Handkarte entsorgen"},
    [DOM_SWAMP_SHACKS] = {"Swamp Shacks", "Sumpfhütten", 4, KD, A_, 0, 2, 0, 0, 0, SP, PL, PUB,
                          "+2 Actions; +1 Card for every 3 cards you have in play (rounded down)",
                          "+2 Aktionen; +1 Karte je 3 Karten, die du im Spiel hast (abgerundet)"},
    [DOM_TOOLS] = {"Tools", "Werkzeug", 4, KD, T_, 0, 0, 0, 0, 0, SP, PL, PUB,
                   "gain a copy of a card anyone has in play",
                   "nimm eine Karte, von der jemand eine gleiche im Spiel hat"},
    [DOM_BURIED_TREASURE] = {"Buried Treasure", "Vergrabener Schatz", 5, KD, T_ | D_, 0, 0, 0, 0,
                             0, SP | DOM_CF_AUTO | DOM_CF_ONGAIN, PL, PUB,
                             "at the start of your next turn, +1 Buy and +$3. When you gain it, "
                             "play it",
                             "zu Beginn deines nächsten Zuges +1 Kauf und +3 Geld. Nimmst du "
                             "ihn, spiele ihn"},
    [DOM_CREW] = {"Crew", "Mannschaft", 5, KD, A_ | D_, 3, 0, 0, 0, 0, SP, PL, PUB,
                  "+3 Cards; at the start of your next turn put this onto your deck",
                  "+3 Karten; lege diese Karte zu Beginn deines nächsten Zuges auf deinen "
                  "Nachziehstapel"},
    [DOM_CUTTHROAT] = {"Cutthroat", "Meuchlerin", 5, KD, A_ | D_ | AT, 0, 0, 0, 0, 0, SP | LR, PL,
                       PUB,
                       "each other player discards down to 3 cards in hand; the next time anyone "
                       "gains a Treasure costing $5 or more, gain a Loot",
                       "alle anderen legen ab, bis sie 3 Handkarten haben; nimmt das nächste Mal "
                       "jemand eine Geldkarte, die 5 oder mehr kostet, nimm eine Kostbarkeit"},
    [DOM_ENLARGE] = {"Enlarge", "Vergrößerung", 5, KD, A_ | D_, 0, 0, 0, 0, 0, SP, PL, PUB,
                     "now and at the start of your next turn: trash a card from your hand and "
                     "gain one costing up to $2 more",
                     "jetzt und zu Beginn deines nächsten Zuges: entsorge eine Handkarte und "
                     "nimm eine Karte, die bis zu 2 mehr kostet"},
    [DOM_FIGURINE] = {"Figurine", "Figurine", 5, KD, T_, 2, 0, 0, 0, 0, SP, PL, PUB,
                      "+2 Cards; you may discard an Action card for +1 Buy and +$1",
                      "+2 Karten; du darfst eine Aktionskarte ablegen für +1 Kauf und +1 Geld"},
    [DOM_FIRST_MATE] = {"First Mate", "Erste Maatin", 5, KD, A_, 0, 0, 0, 0, 0, SP, PL, PUB,
                        "play any number of Action cards with one name from your hand, then draw "
                        "until you hold 6 cards",
                        "spiele beliebig viele gleichnamige Aktionskarten aus der Hand, dann "
                        "ziehe, bis du 6 Karten hast"},
    [DOM_FRIGATE] = {"Frigate", "Fregatte", 5, KD, A_ | D_ | AT, 0, 0, 0, 3, 0, SP, PL, PUB,
                     "+$3; until your next turn, each time another player plays an Action card "
                     "they discard down to 4 cards in hand afterwards",
                     "+3 Geld; bis zu deinem nächsten Zug legt jeder andere nach jeder "
                     "gespielten Aktionskarte ab, bis er 4 Handkarten hat"},
    [DOM_LONGSHIP] = {"Longship", "Langschiff", 5, KD, A_ | D_, 0, 2, 0, 0, 0, SP, PL, PUB,
                      "+2 Actions; at the start of your next turn, +2 Cards",
                      "+2 Aktionen; zu Beginn deines nächsten Zuges +2 Karten"},
    [DOM_MINING_ROAD] = {"Mining Road", "Bergbaustraße", 5, KD, A_, 0, 1, 1, 2, 0, SP, PL, PUB,
                         "+1 Action +1 Buy +$2; once this turn, when you gain a Treasure, you may "
                         "play it",
                         "+1 Aktion +1 Kauf +2 Geld; einmal in diesem Zug darfst du eine Geldkarte "
                         "gleich spielen, wenn du sie nimmst"},
    [DOM_PENDANT] = {"Pendant", "Anhänger", 5, KD, T_, 0, 0, 0, 0, 0, SP, PL, PUB,
                     "+$1 for each differently named Treasure you have in play",
                     "+1 Geld je Geldkarte mit anderem Namen, die du im Spiel hast"},
    [DOM_PICKAXE] = {"Pickaxe", "Spitzhacke", 5, KD, T_, 0, 0, 0, 1, 0, SP | LR, PL, PUB,
                     "worth $1; trash a card from your hand; if it costs $3 or more, gain a Loot "
                     "into your hand",
                     "bringt 1 Geld; entsorge eine Handkarte; kostet sie 3 oder mehr, nimm eine "
                     "Kostbarkeit auf die Hand"},
    [DOM_PILGRIM] = {"Pilgrim", "Pilger", 5, KD, A_, 4, 0, 0, 0, 0, SP, PL, PUB,
                     "+4 Cards; put a card from your hand onto your deck",
                     "+4 Karten; lege eine Handkarte auf deinen Nachziehstapel"},
    [DOM_QUARTERMASTER] = {"Quartermaster", "Quartiermeister", 5, KD, A_ | D_, 0, 0, 0, 0, 0, SP,
                           PL, PUB,
                           "stays in play for the rest of the game; at the start of each of your "
                           "turns choose: gain a card costing up to $4 and set it aside on this, "
                           "or put a card from on this into your hand",
                           "bleibt bis Spielende im Spiel; wähle zu Beginn jedes deiner Züge: "
                           "nimm eine Karte bis 4 Geld und lege sie auf diese Karte, oder nimm "
                           "eine Karte von ihr auf die Hand"},
    [DOM_SILVER_MINE] = {"Silver Mine", "Silbermine", 5, KD, T_, 0, 0, 0, 0, 0, SP, PL, PUB,
                         "gain a Treasure costing less than this into your hand",
                         "nimm eine Geldkarte, die weniger als diese Karte kostet, auf die Hand"},
    [DOM_TRICKSTER] = {"Trickster", "Gauner", 5, KD, A_ | AT, 0, 0, 0, 0, 0, SP, PL, PUB,
                       "each other player gains a Curse; once this turn, when you discard a "
                       "Treasure from play, you may set it aside and take it into your hand at "
                       "end of turn",
                       "alle anderen nehmen einen Fluch; einmal in diesem Zug darfst du eine "
                       "Geldkarte, die du aus dem Spiel ablegst, zur Seite legen und am Zugende "
                       "auf die Hand nehmen"},
    [DOM_WEALTHY_VILLAGE] = {"Wealthy Village", "Wohlhabendes Dorf", 5, KD, A_, 1, 2, 0, 0, 0,
                             DOM_CF_ONGAIN | LR, PL, PUB,
                             "+1 Card +2 Actions. When you gain it, if you have at least 3 "
                             "differently named Treasures in play, gain a Loot",
                             "+1 Karte +2 Aktionen. Nimmst du es und hast mindestens 3 "
                             "verschiedene Geldkarten im Spiel, nimm eine Kostbarkeit"},
    [DOM_SACK_OF_LOOT] = {"Sack of Loot", "Sack voll Kostbarkeiten", 6, KD, T_, 0, 0, 1, 1, 0,
                          SP | DOM_CF_AUTO | LR, PL, PUB, "worth $1, +1 Buy; gain a Loot",
                          "bringt 1 Geld, +1 Kauf; nimm eine Kostbarkeit"},
    [DOM_KINGS_CACHE] = {"King's Cache", "Königstruhe", 7, KD, T_, 0, 0, 0, 0, 0, SP, PL, PUB,
                         "you may play a Treasure from your hand three times",
                         "du darfst eine Geldkarte aus der Hand dreimal spielen"},
    /* Loots (reference §1.7): cost 7*, not in the Supply */
    [DOM_AMPHORA] = {"Amphora", "Amphore", 7, LO, T_ | D_ | L_, 0, 0, 0, 0, 0, SP, PL, PUB,
                     "choose: +1 Buy and +$3 now, or at the start of your next turn",
                     "wähle: +1 Kauf und +3 Geld jetzt oder zu Beginn deines nächsten Zuges"},
    [DOM_DOUBLOONS] = {"Doubloons", "Dublonen", 7, LO, T_ | L_, 0, 0, 0, 3, 0,
                       DOM_CF_AUTO | DOM_CF_ONGAIN, PL, PUB,
                       "worth $3. When you gain it, gain a Gold",
                       "bringen 3 Geld. Nimmst du sie, nimm ein Gold"},
    [DOM_ENDLESS_CHALICE] = {"Endless Chalice", "Endloser Kelch", 7, LO, T_ | D_ | L_, 0, 0, 1, 1,
                             0, SP | DOM_CF_AUTO, PL, PUB,
                             "worth $1, +1 Buy, now and at the start of each of your turns for "
                             "the rest of the game (never leaves play)",
                             "bringt 1 Geld, +1 Kauf, jetzt und zu Beginn jedes deiner Züge bis "
                             "Spielende (bleibt im Spiel)"},
    [DOM_FIGUREHEAD] = {"Figurehead", "Galionsfigur", 7, LO, T_ | D_ | L_, 0, 0, 0, 3, 0,
                        SP | DOM_CF_AUTO, PL, PUB,
                        "worth $3; at the start of your next turn, +2 Cards",
                        "bringt 3 Geld; zu Beginn deines nächsten Zuges +2 Karten"},
    [DOM_HAMMER] = {"Hammer", "Hammer", 7, LO, T_ | L_, 0, 0, 0, 3, 0, SP, PL, PUB,
                    "worth $3; gain a card costing up to $4",
                    "bringt 3 Geld; nimm eine Karte, die bis zu 4 kostet"},
    [DOM_INSIGNIA] = {"Insignia", "Insignien", 7, LO, T_ | L_, 0, 0, 0, 3, 0, SP | DOM_CF_AUTO,
                      PL, PUB,
                      "worth $3; for the rest of this turn you may put each card you gain onto "
                      "your deck",
                      "bringen 3 Geld; in diesem Zug darfst du jede Karte, die du nimmst, auf "
                      "deinen Nachziehstapel legen"},
    [DOM_JEWELS] = {"Jewels", "Juwelen", 7, LO, T_ | D_ | L_, 0, 0, 1, 3, 0, SP | DOM_CF_AUTO, PL,
                    PUB,
                    "worth $3, +1 Buy; at the start of your next turn put this on the bottom of "
                    "your deck",
                    "bringen 3 Geld, +1 Kauf; lege sie zu Beginn deines nächsten Zuges unter "
                    "deinen Nachziehstapel"},
    [DOM_ORB] = {"Orb", "Kugel", 7, LO, T_ | L_, 0, 0, 0, 0, 0, SP, PL, PUB,
                 "look through your discard pile; choose: play an Action or Treasure from it, or "
                 "+1 Buy and +$3",
                 "sieh deinen Ablagestapel durch; wähle: spiele eine Aktions- oder Geldkarte "
                 "daraus, oder +1 Kauf und +3 Geld"},
    [DOM_PRIZE_GOAT] = {"Prize Goat", "Zuchtziege", 7, LO, T_ | L_, 0, 0, 1, 3, 0, SP, PL, PUB,
                        "worth $3, +1 Buy; you may trash a card from your hand",
                        "bringt 3 Geld, +1 Kauf; du darfst eine Handkarte entsorgen"},
    [DOM_PUZZLE_BOX] = {"Puzzle Box", "Rätselschatulle", 7, LO, T_ | L_, 0, 0, 1, 3, 0, SP, PL,
                        PUB,
                        "worth $3, +1 Buy; you may set aside a card from your hand face down and "
                        "take it back into your hand at end of turn",
                        "bringt 3 Geld, +1 Kauf; du darfst eine Handkarte verdeckt zur Seite "
                        "legen und am Zugende wieder auf die Hand nehmen"},
    [DOM_SEXTANT] = {"Sextant", "Sextant", 7, LO, T_ | L_, 0, 0, 1, 3, 0, SP, PL, PUB,
                     "worth $3, +1 Buy; look at your top 5 cards, discard any of them and put "
                     "the rest back in any order",
                     "bringt 3 Geld, +1 Kauf; sieh dir deine obersten 5 Karten an, lege beliebige "
                     "davon ab und den Rest in beliebiger Reihenfolge zurück"},
    [DOM_SHIELD] = {"Shield", "Schild", 7, LO, T_ | R_ | L_, 0, 0, 1, 3, 0,
                    DOM_CF_AUTO | DOM_CF_BLOCK, PL, PUB,
                    "worth $3, +1 Buy. When another player plays an Attack, you may first reveal "
                    "this from your hand to be unaffected by it",
                    "bringt 3 Geld, +1 Kauf. Spielt jemand anderes einen Angriff, darfst du dies "
                    "vorher aus der Hand aufdecken und bist nicht betroffen"},
    [DOM_SPELL_SCROLL] = {"Spell Scroll", "Zauberrolle", 7, LO, A_ | T_ | L_, 0, 0, 0, 0, 0, SP,
                          PL, PUB,
                          "trash this; if you did, gain a cheaper card, and if that is an Action "
                          "or Treasure you may play it",
                          "entsorge diese Karte; wenn du das tust, nimm eine billigere Karte; ist "
                          "sie eine Aktions- oder Geldkarte, darfst du sie spielen"},
    [DOM_STAFF] = {"Staff", "Stab", 7, LO, T_ | L_, 0, 0, 1, 3, 0, SP, PL, PUB,
                   "worth $3, +1 Buy; you may play an Action card from your hand",
                   "bringt 3 Geld, +1 Kauf; du darfst eine Aktionskarte aus der Hand spielen"},
    [DOM_SWORD] = {"Sword", "Schwert", 7, LO, T_ | AT | L_, 0, 0, 1, 3, 0, SP, PL, PUB,
                   "worth $3, +1 Buy; each other player discards down to 4 cards in hand",
                   "bringt 3 Geld, +1 Kauf; alle anderen legen ab, bis sie 4 Handkarten haben"},
    /* Events (reference §1.8) */
    [DOM_BURY] = {"Bury", "Vergraben", 1, EV, E_, 0, 0, 0, 0, 0, SP, PL, PUB,
                  "+1 Buy; put a card from your discard pile on the bottom of your deck",
                  "+1 Kauf; lege eine Karte aus deinem Ablagestapel unter deinen Nachziehstapel"},
    [DOM_AVOID] = {"Avoid", "Ausweichen", 2, EV, E_, 0, 0, 0, 0, 0, SP, PL, PUB,
                   "+1 Buy; the next time you shuffle this turn, pick up to 3 of the cards to "
                   "leave in your discard pile",
                   "+1 Kauf; mischst du in diesem Zug das nächste Mal, lasse bis zu 3 der Karten "
                   "in deinem Ablagestapel"},
    [DOM_DELIVER] = {"Deliver", "Zustellung", 2, EV, E_, 0, 0, 0, 0, 0, SP, PL, PUB,
                     "+1 Buy; for the rest of this turn set aside each card you gain and take it "
                     "into your hand at end of turn",
                     "+1 Kauf; lege in diesem Zug jede Karte, die du nimmst, zur Seite und nimm "
                     "sie am Zugende auf die Hand"},
    [DOM_PERIL] = {"Peril", "Riskieren", 2, EV, E_, 0, 0, 0, 0, 0, SP | LR, PL, PUB,
                   "you may trash an Action card from your hand; if you do, gain a Loot",
                   "du darfst eine Aktionskarte aus der Hand entsorgen; wenn du das tust, nimm "
                   "eine Kostbarkeit"},
    [DOM_RUSH] = {"Rush", "Beeilung", 2, EV, E_, 0, 0, 0, 0, 0, SP, PL, PUB,
                  "+1 Buy; the next time you gain an Action card this turn, play it",
                  "+1 Kauf; nimmst du in diesem Zug das nächste Mal eine Aktionskarte, spiele "
                  "sie"},
    [DOM_FORAY] = {"Foray", "Brandschatzung", 3, EV, E_, 0, 0, 0, 0, 0, SP | LR, PL, PUB,
                   "discard 3 cards, revealing them; if they have 3 different names, gain a Loot",
                   "lege 3 Handkarten offen ab; haben sie 3 verschiedene Namen, nimm eine "
                   "Kostbarkeit"},
    [DOM_LAUNCH] = {"Launch", "In See stechen", 3, EV, E_, 0, 0, 0, 0, 0, SP, PL, PUB,
                    "once per turn: go back to your Action phase; +1 Card +1 Action +1 Buy",
                    "einmal pro Zug: kehre in deine Aktionsphase zurück; +1 Karte +1 Aktion +1 "
                    "Kauf"},
    [DOM_MIRROR] = {"Mirror", "Spiegeln", 3, EV, E_, 0, 0, 0, 0, 0, SP, PL, PUB,
                    "+1 Buy; the next time you gain an Action card this turn, gain another copy "
                    "of it",
                    "+1 Kauf; nimmst du in diesem Zug das nächste Mal eine Aktionskarte, nimm "
                    "eine weitere gleiche"},
    [DOM_PREPARE] = {"Prepare", "Vorbereitung", 3, EV, E_, 0, 0, 0, 0, 0, SP, PL, PUB,
                     "set your hand aside face up; at the start of your next turn play its "
                     "Actions and Treasures in any order, then discard the rest",
                     "lege deine Handkarten offen zur Seite; spiele zu Beginn deines nächsten "
                     "Zuges ihre Aktions- und Geldkarten in beliebiger Reihenfolge und lege den "
                     "Rest ab"},
    [DOM_SCROUNGE] = {"Scrounge", "Herumsuchen", 3, EV, E_, 0, 0, 0, 0, 0, SP, PL, PUB,
                      "choose: trash a card from your hand; or gain an Estate from the trash "
                      "and, if you did, gain a card costing up to $5",
                      "wähle: entsorge eine Handkarte; oder nimm ein Anwesen aus dem Müll und, "
                      "wenn du das tust, eine Karte bis 5 Geld"},
    [DOM_JOURNEY] = {"Journey", "Reise", 4, EV, E_, 0, 0, 0, 0, 0, SP, PL, PUB,
                     "keep your cards in play through this Clean-up and take an extra turn after "
                     "this one (printed: not a 3rd turn in a row; 2023 errata: once per turn, "
                     "only if the previous turn was not yours)",
                     "lege in dieser Aufräumphase nichts aus dem Spiel ab und mache danach einen "
                     "zusätzlichen Zug (gedruckt: nicht der 3. Zug in Folge; Errata 2023: einmal "
                     "pro Zug und nur, wenn der vorige Zug nicht deiner war)"},
    [DOM_MAELSTROM] = {"Maelstrom", "Mahlstrom", 4, EV, E_, 0, 0, 0, 0, 0, SP, PL, PUB,
                       "trash 3 cards from your hand; each other player with 5 or more cards in "
                       "hand trashes one of them",
                       "entsorge 3 Handkarten; alle anderen mit 5 oder mehr Handkarten entsorgen "
                       "eine davon"},
    [DOM_LOOTING] = {"Looting", "Plünderung", 6, EV, E_, 0, 0, 0, 0, 0, SP | LR, PL, PUB,
                     "gain a Loot", "nimm eine Kostbarkeit"},
    [DOM_INVASION] = {"Invasion", "Invasion", 10, EV, E_, 0, 0, 0, 0, 0, SP | LR, PL, PUB,
                      "you may play an Attack from your hand; gain a Duchy; gain an Action card "
                      "onto your deck; gain a Loot and play it",
                      "du darfst einen Angriff aus der Hand spielen; nimm ein Herzogtum; nimm "
                      "eine Aktionskarte auf deinen Nachziehstapel; nimm eine Kostbarkeit und "
                      "spiele sie"},
    [DOM_PROSPER] = {"Prosper", "Aufblühen", 10, EV, E_, 0, 0, 0, 0, 0, SP | LR, PL, PUB,
                     "gain a Loot, then any number of Treasures with different names, one at a "
                     "time",
                     "nimm eine Kostbarkeit, dann nacheinander beliebig viele Geldkarten mit "
                     "verschiedenen Namen"},
    /* Traits (reference §1.9); "X card" = a card from the pile carrying it */
    [DOM_CHEAP] = {"Cheap", "Billig", 0, TR, R2, 0, 0, 0, 0, 0, 0, PL, PUB,
                   "cards of this pile cost $1 less (not below $0)",
                   "Karten dieses Stapels kosten 1 weniger (nicht unter 0)"},
    [DOM_CURSED] = {"Cursed", "Verflucht", 0, TR, R2, 0, 0, 0, 0, 0, LR, PL, PUB,
                    "when you gain one, also gain a Loot and a Curse",
                    "nimmst du eine davon, nimm auch eine Kostbarkeit und einen Fluch"},
    [DOM_FATED] = {"Fated", "Vorherbestimmt", 0, TR, R2, 0, 0, 0, 0, 0, 0, PL, PUB,
                   "when you shuffle, you may reveal cards of this pile and put them on top or at "
                   "the bottom",
                   "beim Mischen darfst du Karten dieses Stapels aufdecken und oben oder unten "
                   "hinlegen"},
    [DOM_FAWNING] = {"Fawning", "Aufdringlich", 0, TR, R2, 0, 0, 0, 0, 0, 0, PL, PUB,
                     "when you gain a Province, also gain a card of this pile",
                     "nimmst du eine Provinz, nimm auch eine Karte dieses Stapels"},
    [DOM_FRIENDLY] = {"Friendly", "Freundlich", 0, TR, R2, 0, 0, 0, 0, 0, 0, PL, PUB,
                      "at the start of your Clean-up you may discard one of them to gain one",
                      "zu Beginn deiner Aufräumphase darfst du eine davon ablegen, um eine zu "
                      "nehmen"},
    [DOM_HASTY] = {"Hasty", "Eilig", 0, TR, R2, 0, 0, 0, 0, 0, 0, PL, PUB,
                   "when you gain one, set it aside and play it at the start of your next turn",
                   "nimmst du eine davon, lege sie zur Seite und spiele sie zu Beginn deines "
                   "nächsten Zuges"},
    [DOM_INHERITED] = {"Inherited", "Geerbt", 0, TR, R2, 0, 0, 0, 0, 0, 0, PL, PUB,
                       "setup: each player replaces a starting card of their choice with one of "
                       "these",
                       "Spielvorbereitung: jeder ersetzt eine Startkarte seiner Wahl durch eine "
                       "davon"},
    [DOM_INSPIRING] = {"Inspiring", "Inspirierend", 0, TR, R2, 0, 0, 0, 0, 0, 0, PL, PUB,
                       "after playing one on your turn, you may play an Action from your hand "
                       "that you have no copy of in play",
                       "nachdem du eine davon in deinem Zug gespielt hast, darfst du eine "
                       "Aktionskarte aus der Hand spielen, von der du keine gleiche im Spiel hast"},
    [DOM_NEARBY] = {"Nearby", "Benachbart", 0, TR, R2, 0, 0, 0, 0, 0, 0, PL, PUB,
                    "when you gain one, +1 Buy", "nimmst du eine davon, +1 Kauf"},
    [DOM_PATIENT] = {"Patient", "Geduldig", 0, TR, R2, 0, 0, 0, 0, 0, 0, PL, PUB,
                     "at the start of your Clean-up you may set aside any of them from your hand "
                     "to play them at the start of your next turn",
                     "zu Beginn deiner Aufräumphase darfst du beliebige davon aus der Hand zur "
                     "Seite legen und zu Beginn deines nächsten Zuges spielen"},
    [DOM_PIOUS] = {"Pious", "Fromm", 0, TR, R2, 0, 0, 0, 0, 0, 0, PL, PUB,
                   "when you gain one, you may trash a card from your hand",
                   "nimmst du eine davon, darfst du eine Handkarte entsorgen"},
    [DOM_RECKLESS] = {"Reckless", "Waghalsig", 0, TR, R2, 0, 0, 0, 0, 0, 0, PL, PUB,
                      "follow the instructions of a played one twice; when one is discarded from "
                      "play, return it to its pile",
                      "führe gespielte davon zweimal aus; wird eine aus dem Spiel abgelegt, kommt "
                      "sie zurück auf ihren Stapel"},
    [DOM_RICH] = {"Rich", "Reich", 0, TR, R2, 0, 0, 0, 0, 0, 0, PL, PUB,
                  "when you gain one, also gain a Silver",
                  "nimmst du eine davon, nimm auch ein Silber"},
    [DOM_SHY] = {"Shy", "Scheu", 0, TR, R2, 0, 0, 0, 0, 0, 0, PL, PUB,
                 "at the start of your turn you may discard one of them for +2 Cards",
                 "zu Beginn deines Zuges darfst du eine davon ablegen für +2 Karten"},
    [DOM_TIRELESS] = {"Tireless", "Unermüdlich", 0, TR, R2, 0, 0, 0, 0, 0, 0, PL, PUB,
                      "when one is discarded from play, set it aside and put it onto your deck "
                      "at end of turn",
                      "wird eine davon aus dem Spiel abgelegt, lege sie zur Seite und am "
                      "Zugende auf deinen Nachziehstapel"},
};

/* Recommended kingdoms.  Base game: the 2nd-edition rulebook, as listed by
 * kieranmillar/extra-recommended-sets (officialKingdoms.js); First Game also
 * matches a second public kingdom list, Size Distortion the DominionStrategy
 * wiki page "Size Distortion" (Second Edition).  Plunder: the German rulebook
 * supplement (seed 004, "Empfohlene Kartensätze"), the English names and the
 * same card/landscape lists in Fabian-Balzer/Randomkingdominion
 * (static/kingdoms/recommended.yml).  Sets that need expansions kontor does
 * not have keep no card list but name what is missing, so that asking for
 * them gives a clear refusal. */
#define RB DOM_SRC_RULEBOOK
#define SD DOM_SRC_SEED
#define REF_BASE "Dominion 2E rulebook; kieranmillar/extra-recommended-sets"
#define REF_PL "seed 004 (Plunder rulebook supplement); Fabian-Balzer/Randomkingdominion"
const dom_preset dom_presets[] = {
    {"First Game", NULL,
     "Cellar,Market,Merchant,Militia,Mine,Moat,Remodel,Smithy,Village,Workshop", "", "", RB,
     "Dominion 2E rulebook; kieranmillar/extra-recommended-sets", NULL},
    {"Size Distortion", NULL,
     "Artisan,Bandit,Bureaucrat,Chapel,Festival,Gardens,Sentry,Throne Room,Witch,Workshop", "", "",
     RB, "Dominion 2E rulebook; DominionStrategy wiki; kieranmillar/extra-recommended-sets", NULL},
    {"Deck Top", NULL,
     "Artisan,Bureaucrat,Council Room,Festival,Harbinger,Laboratory,Moneylender,Sentry,Vassal,"
     "Village",
     "", "", RB, REF_BASE, NULL},
    {"Sleight of Hand", NULL,
     "Cellar,Council Room,Festival,Gardens,Harbinger,Library,Militia,Poacher,Smithy,Throne Room",
     "", "", RB, REF_BASE, NULL},
    {"Improvements", NULL,
     "Artisan,Cellar,Market,Merchant,Mine,Moat,Moneylender,Poacher,Remodel,Witch", "", "", RB,
     REF_BASE, NULL},
    {"Silver & Gold", NULL,
     "Bandit,Bureaucrat,Chapel,Harbinger,Laboratory,Merchant,Mine,Moneylender,Throne Room,Vassal",
     "", "", RB, REF_BASE, NULL},
    /* Plunder alone */
    {"Flotsam", "Treibgut",
     "Abundance,Crucible,First Mate,Fortune Hunter,Jewelled Egg,Landing Party,Mining Road,"
     "Secluded Shrine,Silver Mine,Wealthy Village",
     "", "Hasty:First Mate", SD, REF_PL, NULL},
    {"Jetsam", "Strandgut",
     "Crew,Cutthroat,Gondola,Grotto,Longship,Pickaxe,Quartermaster,Search,Siren,Stowaway",
     "Prepare", "Pious:Grotto", SD, REF_PL, NULL},
    /* Plunder and the base game */
    {"Basic Looting", "Erste Plünderung",
     "Cellar,Frigate,Harbor Village,Market,Maroon,Mine,Moat,Pilgrim,Sack of Loot,Vassal", "",
     "Tireless:Harbor Village", SD, REF_PL, NULL},
    {"Voodoo", "Voodoo",
     "Artisan,Bureaucrat,Buried Treasure,Festival,First Mate,Flagship,Gondola,Moneylender,Remodel,"
     "Shaman",
     "Maelstrom", "Cursed:Festival", SD, REF_PL, NULL},
    /* Plunder with other expansions: listed, refused */
    {"Breaking Eggs", "Eier aufschlagen", NULL, "", "", SD, REF_PL,
     "Intrigue (2nd edition): Courtier/Höflinge, Harem (Farm), Mining Village/Bergwerk, "
     "Nobles/Adlige, Replace/Austausch"},
    {"Landlubbers", "Landratten", NULL, "", "", SD, REF_PL,
     "Intrigue (2nd edition): Conspirator/Verschwörer, Mill/Mühle, Pawn/Handlanger, Secret "
     "Passage/Geheimgang, Wishing Well/Wunschbrunnen"},
    {"Wine-dark Seas", "Weinrote Meere", NULL, "", "", SD, REF_PL,
     "Seaside (2nd edition): Astrolabe/Astrolabium, Caravan/Karawane, Fishing Village/Fischerdorf, "
     "Sailor/Seefahrerin, Sea Witch/Meerhexe"},
    {"Treasure Island", "Schatzinseln", NULL, "", "", SD, REF_PL,
     "Seaside (2nd edition): Corsair/Korsarenschiff, Island/Insel, Lookout/Ausguck, Sea "
     "Chart/Seekarte, Treasure Map/Schatzkarte"},
    {"Special Delivery", "Speziallieferung", NULL, "", "", SD, REF_PL,
     "Alchemy: Alchemist, Apothecary/Apotheker, Golem, Transmute/Verwandlung, Potion/Trank"},
    {"Pretty Trinkets", "Hübscher Schmuck", NULL, "", "", SD, REF_PL,
     "Prosperity (2nd edition): Bank, Crystal Ball/Kristallkugel, Investment/Geldanlage, "
     "Tiara/Brautkrone, War Chest/Waffenkiste, Platinum/Platin, Colony/Kolonie"},
    {"Buying Happiness", "Gekauftes Glück", NULL, "", "", SD, REF_PL,
     "Prosperity (2nd edition): Anvil/Amboss, Bishop/Bischof, Clerk/Buchhalterin, "
     "Magnate/Magnatin, Workers' Village/Arbeiterdorf, Platinum/Platin, Colony/Kolonie"},
    {"Of Heralds and Hunters", "Herolde & Abenteurer", NULL, "", "", SD, REF_PL,
     "Cornucopia & Guilds: Fairgrounds/Festplatz, Herald/Herold, Infirmary/Arzt, "
     "Soothsayer/Hellseherin, Stonemason/Steinmetz"},
    {"Through the Swamp", "Durch den Sumpf", NULL, "", "", SD, REF_PL,
     "Cornucopia & Guilds: Baker/Bäcker, Hamlet/Weiler, Horn of Plenty/Füllhorn, Menagerie, "
     "Merchant Guild/Kaufmannsgilde"},
    {"Desert Dreams", "Wüstenträume", NULL, "", "", SD, REF_PL,
     "Hinterlands (2nd edition): Haggler/Feilscher, Nomads/Nomaden, Oasis/Oase, Souk, "
     "Weaver/Weberin"},
    {"Viking Schemes", "Wikinger-Komplott", NULL, "", "", SD, REF_PL,
     "Hinterlands (2nd edition): Berserker, Cauldron/Hexenkessel, Fool's Gold/Katzengold, "
     "Scheme/Komplott, Stables/Stallungen"},
    {"Dad's Rats", "Vaters Ratten", NULL, "", "", SD, REF_PL,
     "Dark Ages: Death Cart/Leichenkarren, Poor House/Armenhaus, Rats/Ratten, Squire/Knappe, "
     "Vagrant/Landstreicher, Shelters/Unterschlüpfe"},
    {"Ravagers", "Verwüstungen", NULL, "", "", SD, REF_PL,
     "Dark Ages: Counterfeit/Falschgeld, Forager/Mundraub, Ironmonger/Eisenhändler, "
     "Pillage/Raubzug, Storeroom/Lagerraum"},
    {"Set Sail", "Segel setzen", NULL, "", "", SD, REF_PL,
     "Adventures: Artificer/Kunsthandwerker, Distant Lands/Ferne Lande, Port/Hafenstadt, "
     "Ratcatcher/Rattenfänger, Treasure Trove/Schatz, Ferry/Überfahrt"},
    {"Rush Job", "Schneller Job", NULL, "", "", SD, REF_PL,
     "Adventures: Coin of the Realm/Königliche Münzen, Gear/Ausrüstung, Haunted "
     "Woods/Geisterwald, Hireling/Gefolgsmann, Wine Merchant/Weinhändler"},
    {"City Builders", "Stadtgründer", NULL, "", "", SD, REF_PL,
     "Empires: City Quarter/Stadtviertel, Farmers' Market/Bauernmarkt, Groundskeeper/Gärtnerin, "
     "Patrician/Emporium (Patrizier/Handelsplatz), Wild Hunt/Wilde Jagd, Museum"},
    {"Plenty", "Viel, viel, viel", NULL, "", "", SD, REF_PL,
     "Empires: Charm/Zauber, Crown/Krone, Enchantress/Zauberin, Gladiator/Fortune, "
     "Sacrifice/Opfer"},
    {"Night of the Loot", "Nacht der Plünderung", NULL, "", "", SD, REF_PL,
     "Nocturne: Blessed Village/Seliges Dorf, Crypt/Krypta, Faithful Hound/Getreuer Hund, Tragic "
     "Hero/Tragischer Held, Werewolf/Werwolf"},
    {"Skeleton Isle", "Skelettinsel", NULL, "", "", SD, REF_PL,
     "Nocturne: Devil's Workshop/Teufelswerkstatt, Ghost Town/Geisterstadt, Idol/Götze, "
     "Skulk/Attentäter, Tracker/Fährtensucher"},
    {"Circle of Life", "Kreislauf des Lebens", NULL, "", "", SD, REF_PL,
     "Renaissance: Acting Troupe/Schauspieltruppe, Experiment, Patron, Scholar/Gelehrte, "
     "Swashbuckler/Freibeuterin, Cathedral/Kathedrale"},
    {"Mirror Masters", "Herr der Spiegel", NULL, "", "", SD, REF_PL,
     "Renaissance: Border Guard/Grenzposten, Cargo Ship/Frachtschiff, Flag Bearer/Fahnenträger, "
     "Seer/Seher, Spices/Gewürze"},
    {"Going Home", "Nach Hause gehen", NULL, "", "", SD, REF_PL,
     "Menagerie: Barge/Lastkahn, Gatekeeper/Wache, Kiln/Brennofen, Snowy Village/Verschneites "
     "Dorf, Supplies/Nachschub, Way of the Squirrel/Weg des Eichhörnchens"},
    {"Going Big", "Groß rauskommen", NULL, "", "", SD, REF_PL,
     "Menagerie: Animal Fair/Viehmarkt, Camel Train/Kamelzug, Mastermind/Drahtzieher, "
     "Sanctuary/Zufluchtsort, Sheepdog/Hirtenhund"},
    {"Shipmates", "Schiffskameraden", NULL, "", "", SD, REF_PL,
     "Allies: Broker/Mittelsmann, Forts/Bastionen, Innkeeper/Wirtin, Modify/Umgestaltung, "
     "Sycophant/Schmeichler, Cave Dwellers/Höhlenbewohner"},
    {"Buried and Sunk", "Vergraben & vergessen", NULL, "", "", SD, REF_PL,
     "Allies: Courier/Botin, Highwayman/Wegelagerer, Merchant Camp/Händlerlager, "
     "Odysseys/Irrfahrten, Skirmisher/Aufwiegler"},
};
const int dom_npresets = (int)(sizeof dom_presets / sizeof dom_presets[0]);

int dom_ntypes(int card)
{
    int n = 0;
    for (int t = dom_cards[card].types; t; t &= t - 1)
        n++;
    return n;
}

/* Lookup key: normalized (case, umlauts) with spaces, hyphens, apostrophes
 * and '&' dropped, so "throne room", "ThroneRoom" and "Thronsaal" all work. */
static void name_key(const char *in, char *out, size_t cap)
{
    char tmp[128];
    kt_text_norm(in, tmp, sizeof tmp);
    size_t o = 0;
    for (const char *p = tmp; *p && o + 1 < cap; p++)
        if (*p != ' ' && *p != '-' && *p != '\'' && *p != '&' && *p != '_')
            out[o++] = *p;
    out[o] = '\0';
}

int dom_card_find(const char *name)
{
    /* the exact English name first: canonical options (every configuration
     * of a study with fresh setups parses them) spell names this way */
    for (int i = 1; i < DOM_NCARDS; i++)
        if (strcmp(dom_cards[i].en, name) == 0)
            return i;
    char want[128], have[128];
    name_key(name, want, sizeof want);
    if (!want[0])
        return 0;
    for (int i = 1; i < DOM_NCARDS; i++) {
        name_key(dom_cards[i].en, have, sizeof have);
        if (strcmp(have, want) == 0)
            return i;
        name_key(dom_cards[i].de, have, sizeof have);
        if (strcmp(have, want) == 0)
            return i;
    }
    return 0;
}

static int lev(const char *a, const char *b)
{
    int la = (int)strlen(a), lb = (int)strlen(b);
    if (la > 60 || lb > 60)
        return 99;
    int d[61];
    for (int j = 0; j <= lb; j++)
        d[j] = j;
    for (int i = 1; i <= la; i++) {
        int prev = d[0];
        d[0] = i;
        for (int j = 1; j <= lb; j++) {
            int cur = d[j];
            int best = prev + (a[i - 1] != b[j - 1]);
            if (d[j] + 1 < best)
                best = d[j] + 1;
            if (d[j - 1] + 1 < best)
                best = d[j - 1] + 1;
            d[j] = best;
            prev = cur;
        }
    }
    return d[lb];
}

void dom_card_suggest(const char *name, int lang, kt_buf *out)
{
    char want[128], have[128];
    name_key(name, want, sizeof want);
    int best[3] = {0, 0, 0}, bd[3] = {99, 99, 99};
    for (int i = 1; i < DOM_NCARDS; i++) {
        for (int l = 0; l < 2; l++) {
            name_key(l ? dom_cards[i].de : dom_cards[i].en, have, sizeof have);
            int d = lev(want, have);
            /* a prefix is a good hint too ("thro" -> Throne Room) */
            if (want[0] && strncmp(have, want, strlen(want)) == 0 && d > 1)
                d = 1;
            int dup = 0;
            for (int k = 0; k < 3; k++)
                if (best[k] == i) {
                    dup = 1;
                    if (d < bd[k])
                        bd[k] = d;
                }
            if (dup)
                continue;
            for (int k = 0; k < 3; k++) {
                if (d < bd[k]) {
                    for (int m = 2; m > k; m--) {
                        best[m] = best[m - 1];
                        bd[m] = bd[m - 1];
                    }
                    best[k] = i;
                    bd[k] = d;
                    break;
                }
            }
        }
    }
    int limit = (int)strlen(want) / 3 + 1;
    if (limit < 2)
        limit = 2;
    int n = 0;
    for (int k = 0; k < 3; k++) {
        if (!best[k] || bd[k] > limit)
            continue;
        kt_buf_printf(out, "%s%s", n ? ", " : "",
                      lang == KT_LANG_DE ? dom_cards[best[k]].de : dom_cards[best[k]].en);
        n++;
    }
}
