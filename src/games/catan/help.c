/*
 * help.c - help for every component (gamedef.describe): progress and
 * development cards, city improvements, knights, resources and
 * commodities, harbours, terrain, the merchant, the barbarians and the
 * other pieces, in English and German, in the project's own words.
 *
 * Data: one table row per component with its names (English, German and
 * further aliases separated by '|', matched after kt_text_norm) and the
 * two texts.  Names shared by two components (Road Building, Knight,
 * Merchant, Bank) get one row that explains both.
 */
#include <string.h>

#include "catan.h"

typedef struct cat_help {
    const char *names; /* "english|german|alias..." */
    const char *en, *de;
} cat_help;

static const cat_help HELP[] = {
    /* ---- trade (yellow) progress cards ---- */
    {.names = "Commercial Harbor|Handelshafen|commercial harbour",
     .en = "Trade progress card (yellow, 2). Offer each opponent in turn one of your resources; an "
           "opponent holding commodities must give you one of their choice for it (one without "
           "commodities hands your resource back). Needs a resource of yours and an opponent with cards.",
     .de = "Handelskarte (gelb, 2). Biete jedem Mitspieler der Reihe nach einen deiner Rohstoffe an; "
           "wer Waren hat, muss dir dafür eine Ware seiner Wahl geben (ohne Waren bekommst du den "
           "Rohstoff zurück). Nur mit eigenem Rohstoff und einem Mitspieler, der Karten hat."},
    {.names = "Master Merchant|Handelsmeister",
     .en = "Trade progress card (yellow, 2). Choose an opponent with more victory points than you, "
           "look at their resources and commodities and take two of those cards.",
     .de = "Handelskarte (gelb, 2). Wähle einen Mitspieler mit mehr Siegpunkten als du, sieh dir seine "
           "Rohstoffe und Waren an und nimm dir zwei dieser Karten."},
    {.names = "Merchant|Kaufmann|Händler",
     .en = "Trade progress card (yellow, 6) and the merchant piece. Playing the card puts the merchant on "
           "a land hex next to one of your buildings: while it is yours you trade that hex's resource "
           "2:1 with the bank and it is worth 1 victory point. The next Merchant played moves it to its "
           "new owner. On the map it shows as $.",
     .de = "Handelskarte (gelb, 6) und die Händlerfigur. Die Karte stellt den Händler auf ein Landfeld "
           "an einem deiner Gebäude: solange er dir gehört, tauschst du den Rohstoff dieses Feldes 2:1 "
           "mit der Bank, und er zählt 1 Siegpunkt. Der nächste ausgespielte Kaufmann holt ihn zu "
           "seinem Besitzer. Auf der Karte steht er als $."},
    {.names = "Merchant Fleet|Handelsflotte",
     .en = "Trade progress card (yellow, 2). For the rest of your turn you trade with the bank at 2:1 "
           "(any kind; with the rule option fleet=named only the kind of the first such trade). Playing "
           "it makes the first 2:1 trade at once.",
     .de = "Handelskarte (gelb, 2). Für den Rest deines Zuges tauschst du mit der Bank 2:1 (jede Sorte; "
           "mit der Regeloption fleet=named nur die Sorte des ersten Tauschs). Der erste 2:1-Tausch "
           "gehört zum Ausspielen."},
    {.names = "Resource Monopoly|Rohstoffmonopol",
     .en = "Trade progress card (yellow, 4). Name a resource: every opponent gives you up to two cards "
           "of it.",
     .de = "Handelskarte (gelb, 4). Nenne einen Rohstoff: jeder Mitspieler gibt dir bis zu zwei Karten "
           "davon."},
    {.names = "Trade Monopoly|Handelsmonopol",
     .en = "Trade progress card (yellow, 2). Name a commodity: every opponent holding one gives you one "
           "card of it.",
     .de = "Handelskarte (gelb, 2). Nenne eine Ware: jeder Mitspieler, der sie hat, gibt dir eine Karte "
           "davon."},
    /* ---- politics (blue) ---- */
    {.names = "Bishop|Bischof",
     .en = "Politics progress card (blue, 2). Move the robber (only after the barbarians' first attack) "
           "and take one random card from each player with a building on its new hex.",
     .de = "Politikkarte (blau, 2). Versetze den Räuber (erst nach dem ersten Barbarenangriff) und ziehe "
           "jedem Spieler mit einem Gebäude am neuen Feld eine zufällige Karte."},
    {.names = "Constitution|Verfassung",
     .en = "Politics progress card (blue, 1). Shown as soon as it is drawn and kept face up: 1 victory "
           "point for good. It never counts for the hand limit and cannot be taken.",
     .de = "Politikkarte (blau, 1). Wird sofort beim Ziehen aufgedeckt und bleibt offen liegen: 1 "
           "Siegpunkt für immer. Zählt nicht zum Handlimit und kann nicht genommen werden."},
    {.names = "Deserter|Deserteur",
     .en = "Politics progress card (blue, 2). An opponent with a knight removes one of their knights "
           "(they choose which); you may place one of yours of the same strength (option deserter=lower: "
           "or weaker), active if theirs was - even a mighty one without the Fortress.",
     .de = "Politikkarte (blau, 2). Ein Mitspieler mit Ritter nimmt einen seiner Ritter vom Brett (er "
           "wählt); du darfst einen eigenen gleicher Stärke einsetzen (Option deserter=lower: auch "
           "schwächer), aktiv, wenn seiner aktiv war - auch einen mächtigen ohne Festung."},
    {.names = "Diplomat",
     .en = "Politics progress card (blue, 2). Remove an open road: one with an end on which no other "
           "piece stands - no road, building or knight of any colour (option open_road=owner: none of "
           "its owner). Your own road you may rebuild elsewhere at once. A road whose removal would cut "
           "its owner's knight off is not open.",
     .de = "Politikkarte (blau, 2). Entferne eine offene Straße: eine mit einem Ende, an dem keine "
           "andere Figur steht - keine Straße, kein Gebäude, kein Ritter, gleich welcher Farbe (Option "
           "open_road=owner: keine des Besitzers). Eine eigene darfst du sofort woanders neu bauen. Eine "
           "Straße, ohne die ein Ritter ihres Besitzers abgeschnitten wäre, ist nicht offen."},
    {.names = "Intrigue|Intrige",
     .en = "Politics progress card (blue, 2). Drive off an opponent's knight standing on one of your "
           "roads without using a knight of yours; its owner moves it to a free place along their roads "
           "or takes it back.",
     .de = "Politikkarte (blau, 2). Vertreibe einen fremden Ritter, der an einer deiner Straßen steht, "
           "ohne eigenen Ritter; sein Besitzer versetzt ihn an einen freien Platz an seinen Straßen oder "
           "nimmt ihn zurück."},
    {.names = "Saboteur",
     .en = "Politics progress card (blue, 2). Every player with at least as many victory points as you "
           "discards half of their cards, rounded down, of their choice.",
     .de = "Politikkarte (blau, 2). Jeder Spieler mit mindestens so vielen Siegpunkten wie du wirft die "
           "Hälfte seiner Karten ab (abgerundet, nach Wahl)."},
    {.names = "Spy|Spion",
     .en = "Politics progress card (blue, 3). Look at an opponent's progress cards and take one of them.",
     .de = "Politikkarte (blau, 3). Sieh dir die Fortschrittskarten eines Mitspielers an und nimm dir "
           "eine davon."},
    {.names = "Warlord|Kriegsherr",
     .en = "Politics progress card (blue, 2). All your knights become active for free (knights "
           "activated this way still wait a turn before acting, unless they were active already).",
     .de = "Politikkarte (blau, 2). Alle deine Ritter werden kostenlos aktiv (so aktivierte Ritter "
           "handeln erst im nächsten Zug, außer sie waren schon aktiv)."},
    {.names = "Wedding|Hochzeit",
     .en = "Politics progress card (blue, 2). Each player with more victory points than you gives you "
           "two cards of their choice.",
     .de = "Politikkarte (blau, 2). Jeder Spieler mit mehr Siegpunkten als du gibt dir zwei Karten "
           "seiner Wahl."},
    /* ---- science (green) ---- */
    {.names = "Alchemist",
     .en = "Science progress card (green, 2). Played before your roll instead of rolling the red and "
           "yellow dice: you choose both numbers. The event die is rolled as usual.",
     .de = "Wissenschaftskarte (grün, 2). Statt den roten und gelben Würfel zu werfen, wählst du vor "
           "dem Wurf beide Zahlen. Der Ereigniswürfel wird normal geworfen."},
    {.names = "Crane|Kran",
     .en = "Science progress card (green, 2). Buy a city improvement for one commodity less (once per "
           "track and turn; option crane=repeat allows more).",
     .de = "Wissenschaftskarte (grün, 2). Kaufe einen Stadtausbau um eine Ware billiger (einmal pro "
           "Ausbaurichtung und Zug; Option crane=repeat erlaubt mehr)."},
    {.names = "Engineer|Ingenieur",
     .en = "Science progress card (green, 1). Build a city wall for free.",
     .de = "Wissenschaftskarte (grün, 1). Baue kostenlos eine Stadtmauer."},
    {.names = "Inventor|Erfinder",
     .en = "Science progress card (green, 2). Swap two number tokens on the map; 2, 12, 6 and 8 stay "
           "where they are.",
     .de = "Wissenschaftskarte (grün, 2). Tausche zwei Zahlenchips auf der Karte; 2, 12, 6 und 8 "
           "bleiben liegen."},
    {.names = "Irrigation|Bewässerung",
     .en = "Science progress card (green, 2). Take 2 grain for each fields hex next to at least one of "
           "your buildings.",
     .de = "Wissenschaftskarte (grün, 2). Nimm 2 Getreide für jedes Ackerland an mindestens einem "
           "deiner Gebäude."},
    {.names = "Medicine|Medizin",
     .en = "Science progress card (green, 2). Upgrade a settlement to a city for 2 ore and 1 grain.",
     .de = "Wissenschaftskarte (grün, 2). Mache eine Siedlung für 2 Erz und 1 Getreide zur Stadt."},
    {.names = "Mining|Bergbau",
     .en = "Science progress card (green, 2). Take 2 ore for each mountains hex next to at least one of "
           "your buildings.",
     .de = "Wissenschaftskarte (grün, 2). Nimm 2 Erz für jedes Gebirge an mindestens einem deiner "
           "Gebäude."},
    {.names = "Printer|Buchdruck",
     .en = "Science progress card (green, 1). Shown as soon as it is drawn and kept face up: 1 victory "
           "point for good.",
     .de = "Wissenschaftskarte (grün, 1). Wird beim Ziehen sofort aufgedeckt und bleibt offen liegen: "
           "1 Siegpunkt für immer."},
    {.names = "Road Building|Straßenbau",
     .en = "Builds two roads for free (one if only one fits). In Cities & Knights a science progress "
           "card (green, 2); in the base game a development card (2).",
     .de = "Baue kostenlos zwei Straßen (eine, wenn nur eine passt). Bei Städte & Ritter eine "
           "Wissenschaftskarte (grün, 2), im Basisspiel eine Entwicklungskarte (2)."},
    {.names = "Smith|Schmied",
     .en = "Science progress card (green, 2). Promote up to two of your knights for free (to mighty "
           "only with the Fortress).",
     .de = "Wissenschaftskarte (grün, 2). Befördere bis zu zwei deiner Ritter kostenlos (zum mächtigen "
           "nur mit der Festung)."},
    {.names = "progress card|Fortschrittskarte|progress cards|Fortschrittskarten",
     .en = "Cities & Knights: three decks of 18 - trade (yellow), politics (blue), science (green). When "
           "the event die shows a gate of a colour, every player whose improvement level in that colour "
           "is at least the red die minus 1 draws one, starting with the roller. Play any number on your "
           "turn after the roll (Alchemist before it). Hold at most 4 off your turn.",
     .de = "Städte & Ritter: drei Stapel zu 18 - Handel (gelb), Politik (blau), Wissenschaft (grün). "
           "Zeigt der Ereigniswürfel ein Tor einer Farbe, zieht jeder, dessen Ausbaustufe in dieser "
           "Farbe mindestens die rote Zahl minus 1 ist, eine Karte, beginnend beim Würfelnden. Im "
           "eigenen Zug nach dem Wurf beliebig viele spielen (Alchemist davor). Außerhalb des eigenen "
           "Zuges höchstens 4 halten."},
    /* the three colours by their names, as the board and the log call them
     * ("Wiss.", "science"): each is a deck and an improvement track */
    {.names = "science|Wissenschaft|science cards|Wissenschaftskarten|green|grün",
     .en = "Cities & Knights: the green colour. Its progress deck: Alchemist, Crane, Engineer, "
           "Inventor, Irrigation, Medicine, Mining, Printer, Road Building, Smith. Its city "
           "improvements are paid with paper (the forest's commodity); level 3 brings the Aqueduct. "
           "Type a card's name for what it does.",
     .de = "Städte & Ritter: die grüne Farbe. Ihr Fortschrittsstapel: Alchemist, Kran, Ingenieur, "
           "Erfinder, Bewässerung, Medizin, Bergbau, Buchdruck, Straßenbau, Schmied. Ihre "
           "Stadtausbauten bezahlt man mit Papier (der Ware des Waldes); Stufe 3 bringt das "
           "Aquädukt. Der Name einer Karte erklärt, was sie tut."},
    {.names = "politics|Politik|politics cards|Politikkarten|blue|blau",
     .en = "Cities & Knights: the blue colour. Its progress deck: Bishop, Constitution, Deserter, "
           "Diplomat, Intrigue, Saboteur, Spy, Warlord, Wedding. Its city improvements are paid "
           "with coin (the mountains' commodity); level 3 brings the Fortress. Type a card's name "
           "for what it does.",
     .de = "Städte & Ritter: die blaue Farbe. Ihr Fortschrittsstapel: Bischof, Verfassung, "
           "Deserteur, Diplomat, Intrige, Saboteur, Spion, Kriegsherr, Hochzeit. Ihre Stadtausbauten "
           "bezahlt man mit Münzen (der Ware des Gebirges); Stufe 3 bringt die Festung. Der Name "
           "einer Karte erklärt, was sie tut."},
    {.names = "trade|Handel|trade cards|Handelskarten|yellow|gelb",
     .en = "Cities & Knights: the yellow colour. Its progress deck: Commercial Harbor, Master "
           "Merchant, Merchant, Merchant Fleet, Resource Monopoly, Trade Monopoly. Its city "
           "improvements are paid with cloth (the pasture's commodity); level 3 brings the Merchant "
           "Guild. Type a card's name for what it does.",
     .de = "Städte & Ritter: die gelbe Farbe. Ihr Fortschrittsstapel: Handelshafen, "
           "Handelsmeister, Händler, Handelsflotte, Rohstoffmonopol, Handelsmonopol. Ihre "
           "Stadtausbauten bezahlt man mit Tuch (der Ware des Weidelands); Stufe 3 bringt die "
           "Gilde. Der Name einer Karte erklärt, was sie tut."},
    /* ---- base game development cards ---- */
    {.names = "Knight|Ritter|knights",
     .en = "Cities & Knights: a knight piece guards the island. Recruit one (wool + ore) on a free "
           "vertex of your roads; activate it with grain. Active knights count against the barbarians, "
           "may move along your roads, displace a weaker opposing knight or chase away the robber - "
           "acting makes them inactive. Strength 1 basic, 2 strong, 3 mighty (see those). Base game: "
           "a development card (14) that moves the robber; three played make you a candidate for the "
           "Largest Army.",
     .de = "Städte & Ritter: ein Ritter schützt die Insel. Anwerben (Wolle + Erz) auf einer freien Ecke "
           "an deinen Straßen, aktivieren mit Getreide. Aktive Ritter zählen gegen die Barbaren, ziehen "
           "entlang deiner Straßen, vertreiben schwächere fremde Ritter oder verjagen den Räuber - "
           "danach sind sie inaktiv. Stärke 1 einfach, 2 stark, 3 mächtig. Basisspiel: eine "
           "Entwicklungskarte (14), die den Räuber versetzt; wer drei gespielt hat, kann die größte "
           "Rittermacht bekommen."},
    {.names = "basic knight|einfacher Ritter|einfache Ritter",
     .en = "Knight of strength 1 (two per player). Recruited for wool + ore; promote it to strong for "
           "another wool + ore.",
     .de = "Ritter der Stärke 1 (zwei je Spieler). Anwerben für Wolle + Erz; für noch einmal Wolle + Erz "
           "wird er ein starker Ritter."},
    {.names = "strong knight|starker Ritter|starke Ritter",
     .en = "Knight of strength 2 (two per player). Promoted from a basic knight for wool + ore; promoting "
           "it to mighty needs the Fortress (politics level 3).",
     .de = "Ritter der Stärke 2 (zwei je Spieler). Aus einem einfachen Ritter für Wolle + Erz; zum "
           "mächtigen nur mit der Festung (Politik Stufe 3)."},
    {.names = "mighty knight|mächtiger Ritter|mächtige Ritter",
     .en = "Knight of strength 3 (two per player). Needs the Fortress (politics level 3) to be promoted "
           "to; the strongest defence against the barbarians.",
     .de = "Ritter der Stärke 3 (zwei je Spieler). Beförderung nur mit der Festung (Politik Stufe 3); "
           "die stärkste Verteidigung gegen die Barbaren."},
    {.names = "Victory Point|Siegpunkt|victory point card|Siegpunktkarte",
     .en = "Base game development card (5): 1 victory point, kept hidden until it wins you the game.",
     .de = "Entwicklungskarte im Basisspiel (5): 1 Siegpunkt, verdeckt bis er dir den Sieg bringt."},
    {.names = "Year of Plenty|Erfindung",
     .en = "Base game development card (2): take any two resources from the bank.",
     .de = "Entwicklungskarte im Basisspiel (2): nimm dir zwei beliebige Rohstoffe aus der Bank."},
    {.names = "Monopoly|Monopol",
     .en = "Base game development card (2): name a resource; every opponent gives you all of theirs.",
     .de = "Entwicklungskarte im Basisspiel (2): nenne einen Rohstoff; alle Mitspieler geben dir alle "
           "Karten davon."},
    {.names = "development card|Entwicklungskarte|development cards|Entwicklungskarten",
     .en = "Base game: buy one for wool, grain and ore. Play at most one per turn, not in the turn you "
           "bought it (victory point cards excepted).",
     .de = "Basisspiel: kostet Wolle, Getreide und Erz. Höchstens eine pro Zug ausspielen, nicht im Zug "
           "des Kaufs (Siegpunktkarten ausgenommen)."},
    /* ---- city improvements ---- */
    {.names = "city improvement|Stadtausbau|improvement|improvements|Ausbau",
     .en = "Cities & Knights: three tracks of five levels - trade (pay cloth), politics (coin), science "
           "(paper). Level n costs n commodities and needs a city. Each level lets you draw progress "
           "cards of its colour more often; level 3 gives an ability (Trading House, Fortress, "
           "Aqueduct); the first to level 4 builds a metropolis, the first to level 5 takes it from a "
           "level-4 holder for good.",
     .de = "Städte & Ritter: drei Richtungen zu fünf Stufen - Handel (mit Tuch), Politik (Münzen), "
           "Wissenschaft (Papier). Stufe n kostet n Waren und braucht eine Stadt. Jede Stufe lässt öfter "
           "Fortschrittskarten ihrer Farbe ziehen; Stufe 3 gibt eine Fähigkeit (Handelshaus, Festung, "
           "Aquädukt); wer zuerst Stufe 4 hat, baut eine Metropole, wer zuerst Stufe 5 hat, nimmt sie "
           "einem Inhaber der Stufe 4 für immer ab."},
    {.names = "Market|Markt",
     .en = "Trade improvement level 1 (1 cloth). Draw a trade card at a yellow gate when the red die "
           "shows 1 or 2.",
     .de = "Handel Stufe 1 (1 Tuch). Bei gelbem Tor eine Handelskarte, wenn der rote Würfel 1 oder 2 "
           "zeigt."},
    {.names = "Trading House|Handelshaus",
     .en = "Trade improvement level 2 (2 cloth): yellow-gate draws on red 1-3. (Older rulebooks give "
           "this name to the level-3 ability: commodities 2:1 with the bank.)",
     .de = "Handel Stufe 2 (2 Tuch): Handelskarten bei Rot 1-3. (Ältere Regelhefte nennen so die "
           "Fähigkeit der Stufe 3: Waren 2:1 mit der Bank.)"},
    {.names = "Merchant Guild|Gilde",
     .en = "Trade improvement level 3 (3 cloth): yellow-gate draws on red 1-4, and from now on you "
           "trade commodities 2:1 with the bank.",
     .de = "Handel Stufe 3 (3 Tuch): Handelskarten bei Rot 1-4, und ab jetzt tauschst du Waren 2:1 "
           "mit der Bank."},
    {.names = "Bank",
     .en = "Trade improvement level 4 (4 cloth; needs a city without a metropolis): yellow-gate draws on "
           "red 1-5; the first player there builds the trade metropolis. (The bank is also the supply of "
           "resource and commodity cards.)",
     .de = "Handel Stufe 4 (4 Tuch; braucht eine Stadt ohne Metropole): Handelskarten bei Rot 1-5; wer "
           "zuerst hier ist, baut die Handelsmetropole. (Die Bank ist auch der Vorrat an Rohstoff- und "
           "Warenkarten.)"},
    {.names = "Great Exchange|Großbörse",
     .en = "Trade improvement level 5 (5 cloth): yellow-gate draws on any red number; the first player at "
           "level 5 takes the trade metropolis from a level-4 holder and keeps it.",
     .de = "Handel Stufe 5 (5 Tuch): Handelskarten bei jeder roten Zahl; wer zuerst Stufe 5 hat, nimmt "
           "einem Inhaber der Stufe 4 die Handelsmetropole ab und behält sie."},
    {.names = "Town Hall|Rathaus",
     .en = "Politics improvement level 1 (1 coin): blue-gate draws on red 1-2.",
     .de = "Politik Stufe 1 (1 Münze): Politikkarten bei Rot 1-2."},
    {.names = "Church|Kirche|Embassy|Botschaft",
     .en = "Politics improvement level 2 (2 coins): blue-gate draws on red 1-3.",
     .de = "Politik Stufe 2 (2 Münzen): Politikkarten bei Rot 1-3."},
    {.names = "Fortress|Festung",
     .en = "Politics improvement level 3 (3 coins): blue-gate draws on red 1-4, and you may promote "
           "strong knights to mighty.",
     .de = "Politik Stufe 3 (3 Münzen): Politikkarten bei Rot 1-4, und du darfst starke Ritter zu "
           "mächtigen befördern."},
    {.names = "Cathedral|Kathedrale|Courthouse|Gericht",
     .en = "Politics improvement level 4 (4 coins; needs a city without a metropolis): blue-gate draws "
           "on red 1-5; first there builds the politics metropolis.",
     .de = "Politik Stufe 4 (4 Münzen; braucht eine Stadt ohne Metropole): Politikkarten bei Rot 1-5; "
           "wer zuerst hier ist, baut die Politikmetropole."},
    {.names = "High Assembly|Hohes Haus",
     .en = "Politics improvement level 5 (5 coins): blue-gate draws on any red number; first at level 5 "
           "takes the politics metropolis for good.",
     .de = "Politik Stufe 5 (5 Münzen): Politikkarten bei jeder roten Zahl; wer zuerst Stufe 5 hat, "
           "bekommt die Politikmetropole für immer."},
    {.names = "Abbey|Kloster|School|Schule",
     .en = "Science improvement level 1 (1 paper): green-gate draws on red 1-2.",
     .de = "Wissenschaft Stufe 1 (1 Papier): Wissenschaftskarten bei Rot 1-2."},
    {.names = "Library|Bibliothek",
     .en = "Science improvement level 2 (2 paper): green-gate draws on red 1-3.",
     .de = "Wissenschaft Stufe 2 (2 Papier): Wissenschaftskarten bei Rot 1-3."},
    {.names = "Aqueduct|Aquädukt",
     .en = "Science improvement level 3 (3 paper): green-gate draws on red 1-4, and whenever a roll "
           "other than 7 gives you nothing you take a resource of your choice.",
     .de = "Wissenschaft Stufe 3 (3 Papier): Wissenschaftskarten bei Rot 1-4, und bringt dir ein Wurf "
           "(außer 7) nichts, nimmst du dir einen Rohstoff nach Wahl."},
    {.names = "Theater",
     .en = "Science improvement level 4 (4 paper; needs a city without a metropolis): green-gate draws "
           "on red 1-5; first there builds the science metropolis.",
     .de = "Wissenschaft Stufe 4 (4 Papier; braucht eine Stadt ohne Metropole): Wissenschaftskarten bei "
           "Rot 1-5; wer zuerst hier ist, baut die Wissenschaftsmetropole."},
    {.names = "University|Universität",
     .en = "Science improvement level 5 (5 paper): green-gate draws on any red number; first at level 5 "
           "takes the science metropolis for good.",
     .de = "Wissenschaft Stufe 5 (5 Papier): Wissenschaftskarten bei jeder roten Zahl; wer zuerst Stufe "
           "5 hat, bekommt die Wissenschaftsmetropole für immer."},
    {.names = "Metropolis|Metropole",
     .en = "A city raised by the first player at level 4 of a track (one per track, 3 in all): worth 2 "
           "more victory points (4 with the city) and never pillaged by the barbarians. M on the map.",
     .de = "Eine Stadt, die der erste Spieler auf Stufe 4 einer Richtung ausbaut (eine je Richtung, "
           "3 insgesamt): 2 Siegpunkte mehr (4 mit der Stadt), von den Barbaren nie geplündert. M auf der "
           "Karte."},
    /* ---- resources and commodities ---- */
    {.names = "resource|Rohstoff|resources|Rohstoffe",
     .en = "Brick, lumber, wool, grain and ore (19 of each), produced by hills, forest, pasture, fields "
           "and mountains when their number is rolled.",
     .de = "Lehm, Holz, Wolle, Getreide und Erz (je 19), erzeugt von Hügelland, Wald, Weideland, "
           "Ackerland und Gebirge, wenn ihre Zahl fällt."},
    {.names = "commodity|Ware|commodities|Waren",
     .en = "Cities & Knights: paper, cloth and coin (12 of each). A city next to forest, pasture or "
           "mountains takes one commodity instead of its second resource. They pay for city "
           "improvements and count for the hand limit.",
     .de = "Städte & Ritter: Papier, Tuch und Münzen (je 12). Eine Stadt an Wald, Weideland oder "
           "Gebirge erhält statt des zweiten Rohstoffs eine Ware. Waren bezahlen Stadtausbauten und "
           "zählen zum Handlimit."},
    {.names = "paper|Papier",
     .en = "Commodity from forest (a city takes 1 lumber + 1 paper); pays for science improvements.",
     .de = "Ware aus dem Wald (eine Stadt erhält 1 Holz + 1 Papier); bezahlt Wissenschaftsausbauten."},
    {.names = "cloth|Tuch",
     .en = "Commodity from pasture (a city takes 1 wool + 1 cloth); pays for trade improvements.",
     .de = "Ware aus dem Weideland (eine Stadt erhält 1 Wolle + 1 Tuch); bezahlt Handelsausbauten."},
    {.names = "coin|Münze|coins|Münzen",
     .en = "Commodity from mountains (a city takes 1 ore + 1 coin); pays for politics improvements.",
     .de = "Ware aus dem Gebirge (eine Stadt erhält 1 Erz + 1 Münze); bezahlt Politikausbauten."},
    {.names = "brick|Lehm",
     .en = "Resource from hills; for roads, settlements and city walls (2 brick).",
     .de = "Rohstoff aus dem Hügelland; für Straßen, Siedlungen und Stadtmauern (2 Lehm)."},
    {.names = "lumber|Holz",
     .en = "Resource from forest; for roads and settlements.",
     .de = "Rohstoff aus dem Wald; für Straßen und Siedlungen."},
    {.names = "wool|Wolle",
     .en = "Resource from pasture; for settlements, knights and their promotion, development cards.",
     .de = "Rohstoff aus dem Weideland; für Siedlungen, Ritter und ihre Beförderung, "
           "Entwicklungskarten."},
    {.names = "grain|Getreide",
     .en = "Resource from fields; for settlements, cities (2), activating knights, development cards.",
     .de = "Rohstoff aus dem Ackerland; für Siedlungen, Städte (2), das Aktivieren von Rittern, "
           "Entwicklungskarten."},
    {.names = "ore|Erz",
     .en = "Resource from mountains; for cities (3), knights and their promotion, development cards.",
     .de = "Rohstoff aus dem Gebirge; für Städte (3), Ritter und ihre Beförderung, Entwicklungskarten."},
    /* ---- map ---- */
    {.names = "harbour|Hafen|harbor|harbours|Häfen|3:1 harbour|2:1 harbour",
     .en = "Nine harbours on the coast, each touching two vertices. A building on a 3:1 harbour trades "
           "three of one kind for any card with the bank; on a 2:1 harbour two of the kind it shows. "
           "Without a harbour the bank takes four.",
     .de = "Neun Häfen an der Küste, jeder an zwei Ecken. Ein Gebäude an einem 3:1-Hafen tauscht drei "
           "Karten einer Sorte gegen eine beliebige bei der Bank; an einem 2:1-Hafen zwei der gezeigten "
           "Sorte. Ohne Hafen nimmt die Bank vier."},
    {.names = "terrain|Landschaft|hex|Feld",
     .en = "19 land hexes: 3 hills (brick), 4 forest (lumber, paper), 4 pasture (wool, cloth), 4 fields "
           "(grain), 3 mountains (ore, coin) and the desert. Each but the desert carries a number token.",
     .de = "19 Landfelder: 3 Hügelland (Lehm), 4 Wald (Holz, Papier), 4 Weideland (Wolle, Tuch), 4 "
           "Ackerland (Getreide), 3 Gebirge (Erz, Münzen) und die Wüste. Alle außer der Wüste tragen "
           "einen Zahlenchip."},
    {.names = "hills|Hügelland|Hügel",
     .en = "Terrain (3): produces brick.",
     .de = "Landschaft (3): erzeugt Lehm."},
    {.names = "forest|Wald",
     .en = "Terrain (4): produces lumber; a city there also takes paper (Cities & Knights).",
     .de = "Landschaft (4): erzeugt Holz; eine Stadt erhält dort auch Papier (Städte & Ritter)."},
    {.names = "pasture|Weideland|Weide",
     .en = "Terrain (4): produces wool; a city there also takes cloth (Cities & Knights).",
     .de = "Landschaft (4): erzeugt Wolle; eine Stadt erhält dort auch Tuch (Städte & Ritter)."},
    {.names = "fields|Ackerland|Acker",
     .en = "Terrain (4): produces grain; a city takes two.",
     .de = "Landschaft (4): erzeugt Getreide; eine Stadt erhält zwei."},
    {.names = "mountains|Gebirge",
     .en = "Terrain (3): produces ore; a city there also takes coin (Cities & Knights).",
     .de = "Landschaft (3): erzeugt Erz; eine Stadt erhält dort auch Münzen (Städte & Ritter)."},
    {.names = "desert|Wüste",
     .en = "Terrain (1): produces nothing; the robber starts here.",
     .de = "Landschaft (1): erzeugt nichts; hier beginnt der Räuber."},
    {.names = "number token|Zahlenchip|number|Zahl",
     .en = "Tokens 2-12 (no 7) on the land hexes: when the two dice show a hex's number, buildings "
           "around it produce. 6 and 8 come up most often (5 of 36 rolls), 2 and 12 least (1 of 36).",
     .de = "Chips 2-12 (ohne 7) auf den Landfeldern: zeigen beide Würfel die Zahl eines Feldes, "
           "erzeugen die Gebäude daran. 6 und 8 fallen am häufigsten (5 von 36 Würfen), 2 und 12 am "
           "seltensten (1 von 36)."},
    {.names = "robber|Räuber",
     .en = "Stands on a hex, which then produces nothing. A 7, a knight chasing it or a Bishop moves it; "
           "the mover takes a random card from a player with a building there. After a 7 everybody with "
           "more than 7 cards (plus 2 per city wall) first discards half. In Cities & Knights it stays "
           "in the desert until the barbarians' first attack. R on the map.",
     .de = "Steht auf einem Feld, das dann nichts erzeugt. Eine 7, ein Ritter oder der Bischof versetzt "
           "ihn; wer ihn versetzt, zieht einem Spieler mit Gebäude dort eine zufällige Karte. Nach einer 7 "
           "wirft zuerst jeder mit mehr als 7 Karten (plus 2 je Stadtmauer) die Hälfte ab. Bei Städte & "
           "Ritter bleibt er bis zum ersten Barbarenangriff in der Wüste. R auf der Karte."},
    {.names = "barbarians|Barbaren|barbarian ship|Barbarenschiff",
     .en = "Cities & Knights: the ship on the event die moves the barbarians one step; on the 7th they "
           "attack at once. Their strength is the number of cities (a metropolis counts once; option "
           "barbarian_strength=metropolis_double twice) against all active knights. If the knights are "
           "at least as strong, the single strongest defender becomes Defender of Catan (1 VP) or the "
           "tied ones each draw a progress card. Otherwise each player with the weakest defence who has "
           "a city without a metropolis loses one city (it becomes a settlement). Then all knights turn "
           "inactive and the ship starts again. The robber may leave the desert after the first attack.",
     .de = "Städte & Ritter: das Schiff auf dem Ereigniswürfel rückt die Barbaren einen Schritt vor; "
           "beim 7. greifen sie sofort an. Ihre Stärke ist die Zahl der Städte (eine Metropole zählt "
           "einfach; Option barbarian_strength=metropolis_double doppelt) gegen alle aktiven Ritter. Sind "
           "die Ritter mindestens gleich stark, wird der stärkste Verteidiger allein Verteidiger Catans "
           "(1 SP), bei Gleichstand zieht jeder eine Fortschrittskarte. Sonst verliert jeder mit der "
           "schwächsten Verteidigung, der eine Stadt ohne Metropole hat, eine Stadt (sie wird zur "
           "Siedlung). Danach werden alle Ritter inaktiv, das Schiff beginnt von vorn. Der Räuber darf "
           "erst nach dem ersten Angriff die Wüste verlassen."},
    {.names = "event die|Ereigniswürfel",
     .en = "Cities & Knights: a third die, resolved before production: three ship faces move the "
           "barbarians, three gates (yellow, blue, green) let players draw progress cards of that colour "
           "according to the red die.",
     .de = "Städte & Ritter: ein dritter Würfel, der vor dem Ertrag gilt: drei Schiffe bewegen die "
           "Barbaren, drei Tore (gelb, blau, grün) lassen je nach roter Zahl Fortschrittskarten dieser "
           "Farbe ziehen."},
    {.names = "Defender of Catan|Verteidiger Catans|Verteidiger|defender",
     .en = "Cities & Knights: a card worth 1 victory point for the player who alone gave the most "
           "knight strength when the barbarians were beaten.",
     .de = "Städte & Ritter: eine Karte mit 1 Siegpunkt für den Spieler, der beim Sieg über die "
           "Barbaren allein die größte Ritterstärke stellte."},
    {.names = "city wall|Stadtmauer|wall|walls|Stadtmauern",
     .en = "Cities & Knights: built under a city for 2 brick (3 per player). Each raises your hand limit "
           "for a 7 by 2; it is lost when its city is pillaged.",
     .de = "Städte & Ritter: kostet 2 Lehm und kommt unter eine Stadt (3 je Spieler). Jede erhöht dein "
           "Handlimit bei einer 7 um 2; sie geht verloren, wenn ihre Stadt geplündert wird."},
    {.names = "settlement|Siedlung|settlements|Siedlungen",
     .en = "1 victory point; costs brick, lumber, wool and grain. Built on a free vertex at one of your "
           "roads, at least two edges away from every other building. Produces 1 card. S on the map.",
     .de = "1 Siegpunkt; kostet Lehm, Holz, Wolle und Getreide. Auf einer freien Ecke an einer deiner "
           "Straßen, mindestens zwei Kanten von jedem anderen Gebäude entfernt. Erzeugt 1 Karte. S auf "
           "der Karte."},
    {.names = "city|Stadt|cities|Städte",
     .en = "2 victory points; replaces one of your settlements for 2 grain and 3 ore. Produces 2 "
           "resources, or in Cities & Knights 1 resource + 1 commodity next to forest, pasture and "
           "mountains. C on the map (s: a city piece lying on its side as a settlement, raised first).",
     .de = "2 Siegpunkte; ersetzt eine deiner Siedlungen für 2 Getreide und 3 Erz. Erzeugt 2 "
           "Rohstoffe, bei Städte & Ritter an Wald, Weideland und Gebirge 1 Rohstoff + 1 Ware. C auf der "
           "Karte (s: eine umgelegte Stadt, die als Siedlung dient und zuerst wieder aufgebaut wird)."},
    {.names = "road|Straße|roads|Straßen",
     .en = "Costs brick and lumber; built on a free edge next to your road, building or (not through an "
           "opposing piece) knight. 15 per player. A digit on an edge of the map.",
     .de = "Kostet Lehm und Holz; auf einer freien Kante an deiner Straße, deinem Gebäude oder Ritter "
           "(nicht durch fremde Figuren hindurch). 15 je Spieler. Eine Ziffer auf einer Kante der Karte."},
    {.names = "Longest Road|längste Handelsstraße|längste Straße",
     .en = "2 victory points for the single longest road of at least 5 segments; an opposing building "
           "or knight cuts a road. A tie keeps it with its holder or leaves it with nobody.",
     .de = "2 Siegpunkte für die allein längste Straße aus mindestens 5 Teilen; fremde Gebäude und "
           "Ritter unterbrechen sie. Bei Gleichstand behält sie der Inhaber oder niemand bekommt sie."},
    {.names = "Largest Army|größte Rittermacht",
     .en = "Base game: 2 victory points for the first player with 3 knight cards played, until someone "
           "plays more.",
     .de = "Basisspiel: 2 Siegpunkte für den ersten mit 3 gespielten Ritterkarten, bis jemand mehr "
           "spielt."},
};

#define NHELP ((int)(sizeof HELP / sizeof HELP[0]))

/* Does normalized `want` equal one of the '|'-separated names? */
static int name_match(const char *names, const char *want)
{
    char one[64], norm[64];
    const char *p = names;
    while (*p) {
        size_t n = strcspn(p, "|");
        if (n < sizeof one) {
            memcpy(one, p, n);
            one[n] = '\0';
            kt_text_norm(one, norm, sizeof norm);
            if (strcmp(norm, want) == 0)
                return 1;
        }
        p += n;
        if (*p == '|')
            p++;
    }
    return 0;
}

int cat_describe(const char *name, int lang, kt_buf *out)
{
    char want[64];
    kt_text_norm(name ? name : "", want, sizeof want);
    for (char *c = want; *c; c++)
        if (*c == '_')
            *c = ' ';
    for (int i = 0; i < NHELP; i++) {
        if (!name_match(HELP[i].names, want))
            continue;
        const char *en = HELP[i].names, *de = strchr(en, '|');
        size_t enl = de ? (size_t)(de - en) : strlen(en);
        kt_buf_put(out, en, enl);
        if (de) {
            de++;
            kt_buf_puts(out, " / ");
            kt_buf_put(out, de, strcspn(de, "|"));
        }
        kt_buf_puts(out, ": ");
        kt_buf_puts(out, lang == KT_LANG_DE ? HELP[i].de : HELP[i].en);
        kt_buf_putc(out, '\n');
        return 1;
    }
    return 0;
}

void cat_components(int lang, kt_buf *out)
{
    int de = lang == KT_LANG_DE;
    kt_buf_puts(out, de ? "Landschaften: " : "Terrain: ");
    for (int t = 0; t < T_COUNT; t++)
        kt_buf_printf(out, "%s%s %d", t ? ", " : "", de ? cat_terrain_de[t] : cat_terrain_en[t],
                      cat_terrain_count[t]);
    kt_buf_puts(out, de ? "\nRohstoffe: je 19; Waren (Städte & Ritter): je 12\n"
                        : "\nResources: 19 each; commodities (Cities & Knights): 12 each\n");
    for (int c = 0; c < 3; c++) {
        kt_buf_printf(out, "%s:", de ? cat_track_de[c] : cat_track_en[c]);
        for (int i = 0; i < CAT_NPROG; i++)
            if (cat_progress[i].colour == c)
                kt_buf_printf(out, " %s x%d;", cat_card_name(i, lang), cat_progress[i].count);
        kt_buf_putc(out, '\n');
    }
    kt_buf_puts(out, de ? "Entwicklungskarten (Basisspiel):" : "Development cards (base game):");
    for (int d = 0; d < CAT_NDEV; d++)
        kt_buf_printf(out, " %s x%d;", de ? cat_devcards[d].de : cat_devcards[d].en,
                      cat_devcards[d].count);
    kt_buf_puts(out, de ? "\nJe Spieler: 5 Siedlungen, 4 Städte, 15 Straßen, 3 Stadtmauern, 6 Ritter\n"
                        : "\nPer player: 5 settlements, 4 cities, 15 roads, 3 city walls, 6 knights\n");
    kt_buf_puts(out, de ? "Hilfe zu jedem Teil: kontor games catan NAME (z. B. Spion, Stadtmauer, Barbaren)\n"
                        : "Help on any component: kontor games catan NAME (e.g. Spy, city wall, barbarians)\n");
}
