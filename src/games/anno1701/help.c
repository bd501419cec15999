/*
 * help.c - `help NAME` and the component listing of Anno 1701, in English
 * and German, in the project's own words.
 *
 * Cards are explained from their data (cost, die number, marks, function),
 * so the text stays right when an owner loads other values; the components
 * that are not cards of the data files (start-set cards, dice, tokens,
 * goods, events) have fixed texts in the table below.  describe() has no
 * configuration, so it loads the built-in data into a temporary block.
 */
#include <stdlib.h>
#include <string.h>

#include "anno1701.h"
#include "../../core/mem.h"

static const char *const roman[] = {"", "I", "II", "III", "IV"};

static void cost_text(const uint8_t *cost, int rum, int tob, int de, kt_buf *out)
{
    int any = 0;
    for (int g = 0; g < AN_NGOODS; g++)
        if (cost[g])
            kt_buf_printf(out, "%s%d %s", any++ ? ", " : "", cost[g], an_good_name(g, de));
    if (rum)
        kt_buf_printf(out, "%s%d Rum", any++ ? ", " : "", rum);
    if (tob)
        kt_buf_printf(out, "%s%d %s", any++ ? ", " : "", tob, de ? "Tabak" : "tobacco");
    if (!any)
        kt_buf_puts(out, de ? "nichts" : "nothing");
}

static void act_text(const an_cfg *c, int act, int de, kt_buf *out)
{
    switch (act) {
    case AC_BISHOP:
        kt_buf_printf(out, de ? "Du erhältst %d Gold je Kapelle und %d Gold je Kirche in deiner "
                                "Siedlung."
                              : "You receive %d gold for every chapel and %d gold for every "
                                "church in your settlement.",
                      c->k.bishop_chapel, c->bishop_church);
        break;
    case AC_INVENTOR:
        kt_buf_printf(out, de ? "Nimm dir %d Landschaftswaren deiner Wahl."
                              : "Take %d landscape goods of your choice.",
                      c->k.inventor);
        break;
    case AC_POISONER:
        kt_buf_printf(out, de ? "Nur wenn dein Gegner schon einen Bürger oder Kaufmann hat: er "
                                "gibt %d Landschaftswaren seiner Wahl ab."
                              : "Only when your opponent already has a citizen or merchant: "
                                "they give up %d landscape goods of their choice.",
                      c->k.poisoner);
        break;
    case AC_REVOLUTIONARY:
        kt_buf_printf(out, de ? "Dein Gegner verliert %d Gold." : "Your opponent loses %d gold.",
                      c->k.revolutionary);
        break;
    case AC_SPY:
        kt_buf_puts(out, de ? "Sieh dir die Hand deines Gegners an und nimm eine Karte daraus."
                            : "Look at your opponent's hand and take one card from it.");
        break;
    case AC_PICKPOCKET:
        kt_buf_printf(out, de ? "Nimm deinem Gegner %d Gold weg." : "Take %d gold from your "
                                                                     "opponent.",
                      c->k.pickpocket);
        break;
    case AC_CAPTAIN:
    case AC_COMMANDER: {
        int n = act == AC_CAPTAIN ? c->k.captain : c->k.commander;
        kt_buf_printf(out, de ? "Spiele sie, wenn du in See stichst: diese Handelsfahrt hat %d "
                                "Segel und %d Kanonen mehr. Nicht zusammen mit %s; danach "
                                "liegt sie auf dem Ablagestapel (einmal im Spiel)."
                              : "Play it as you set sail: this voyage gets %d sail(s) and %d "
                                "cannon(s) more. Not together with the %s; afterwards it is "
                                "discarded (once per game).",
                      n, n,
                      act == AC_CAPTAIN ? (de ? "dem Kommandanten" : "Commander")
                                        : (de ? "dem Kapitän" : "Captain"));
        break;
    }
    default:
        break;
    }
    if (c->against[act])
        kt_buf_printf(out, de ? " Ein Gegner mit Theater kann sie für %d Gold abwehren."
                              : " An opponent with a Theatre may cancel it for %d gold.",
                      c->k.theatre_cost);
}

static void func_text(const an_cfg *c, const an_def *d, int de, kt_buf *out)
{
    switch (d->func) {
    case FN_CHAPEL:
        kt_buf_printf(out, de ? " Zählt als Kapelle für den Bischof (%d Gold)."
                              : " Counts as a chapel for the Bishop (%d gold).",
                      c->k.bishop_chapel);
        break;
    case FN_CHURCH:
        kt_buf_printf(out, de ? " Zählt als Kirche für den Bischof (%d Gold)."
                              : " Counts as a church for the Bishop (%d gold).",
                      c->bishop_church);
        break;
    case FN_HARBOUR:
        kt_buf_printf(out, de ? " Bei einer %d (auch im Zug des Gegners) darfst du eine deiner "
                                "Landschaftswaren gegen eine andere tauschen."
                              : " On a roll of %d (in either player's turn) you may exchange "
                                "one of your landscape goods for another.",
                      d->die);
        break;
    case FN_FIRE:
        kt_buf_printf(out, de ? " Zeigt der Ereigniswürfel Feuer, zahlst du nichts. Höchstens %d "
                                "je Spieler."
                              : " When the event die shows fire you pay nothing. At most %d "
                                "per player.",
                      c->k.fire_max);
        break;
    case FN_LODGE:
        kt_buf_printf(out, de ? " Bei einer %d (auch im Zug des Gegners) darfst du eine "
                                "Handkarte unter einen Stapel ihrer Epoche legen und dessen "
                                "oberste Karte nehmen."
                              : " On a roll of %d (in either player's turn) you may put a hand "
                                "card under a pile of its era and take that pile's top card.",
                      d->die);
        break;
    case FN_THEATRE:
        kt_buf_printf(out, de ? " Spielt dein Gegner eine Aktionskarte gegen dich, darfst du "
                                "sie für %d Gold abwehren."
                              : " When your opponent plays an action card against you, you may "
                                "pay %d gold to cancel it.",
                      c->k.theatre_cost);
        break;
    default:
        break;
    }
}

void an_def_help(const an_cfg *c, int i, int de, kt_buf *out)
{
    const an_def *d = &c->def[i];
    kt_buf_printf(out, "%s (%s) - ", de ? d->de : d->name, de ? d->name : d->de);
    if (d->family == FAM_ACTION) {
        kt_buf_printf(out, de ? "Aktionskarte der Epoche %s, %d im Spiel. "
                              : "action card of era %s, %d in the game. ",
                      roman[d->era], d->copies);
        act_text(c, d->act, de, out);
    } else {
        kt_buf_printf(out, de ? "Gebäude der Epoche %s, %d im Spiel. Kosten: "
                              : "building of era %s, %d in the game. Cost: ",
                      roman[d->era], d->copies);
        cost_text(d->cost, 0, 0, de, out);
        kt_buf_putc(out, '.');
        if (d->prod != AN_NONE)
            kt_buf_printf(out, de ? " Bei einer %d (auch im Zug des Gegners) erhältst du 1 %s."
                                  : " On a roll of %d (in either player's turn) you gain 1 %s.",
                          d->die,
                          d->prod == AN_PROD_ANY ? (de ? "Ware deiner Wahl" : "good of your choice")
                                                 : an_good_name(d->prod, de));
        if (d->happy)
            kt_buf_printf(out, de ? " %d Zeichen zufriedener Einwohner (Steuern)."
                                  : " %d happy-inhabitant mark(s) (tax).",
                          d->happy);
        if (d->gold)
            kt_buf_printf(out, de ? " Beim Bau %d Gold." : " %d gold when built.", d->gold);
        if (d->sails)
            kt_buf_printf(out, de ? " %d Segel (Tempo)." : " %d sail(s) (speed).", d->sails);
        if (d->cannons)
            kt_buf_printf(out, de ? " %d Kanone(n) (Stärke, Seemacht)."
                                  : " %d cannon(s) (strength, sea power).",
                          d->cannons);
        if (d->bags)
            kt_buf_printf(out, de ? " %d Geldsack/-säcke (Handelsmacht)."
                                  : " %d money bag(s) (trade power).",
                          d->bags);
        if (d->queen)
            kt_buf_printf(out, de ? " %d Königinnen-Zeichen." : " %d queen mark(s).", d->queen);
        func_text(c, d, de, out);
    }
    kt_buf_printf(out, de ? " [Daten: %s]" : " [data: %s]", an_src_name(d->src));
}

static void voyage_help(const an_cfg *c, int i, int de, kt_buf *out)
{
    const an_vdef *v = &c->vdef[i];
    kt_buf_printf(out, "%s (%s) - %s", de ? v->de : v->name, de ? v->name : v->de,
                  de ? "Handelsfahrtkarte" : "voyage card");
    kt_buf_printf(out, de ? ", %d im Stapel. " : ", %d in the deck. ", v->copies);
    switch (v->kind) {
    case VK_PIRATE:
    case VK_SIEGE:
        if (v->kind == VK_PIRATE)
            kt_buf_printf(out, de ? "Zahle %d Gold oder kämpfe: " : "Pay %d gold or fight: ",
                          v->demand);
        else
            kt_buf_puts(out, de ? "Du musst kämpfen (Zahlen geht nicht): "
                                : "You must fight (paying is not allowed): ");
        kt_buf_printf(out, de ? "Würfel + deine Kanonen gegen Würfel + %d, Gleichstand wird "
                                "neu gewürfelt. Sieg: "
                              : "die + your cannons against die + %d, ties are rolled again. "
                                "Win: ",
                      v->strength);
        an_eff_text(&v->win, de, out);
        kt_buf_puts(out, de ? ". Niederlage: " : ". Loss: ");
        an_eff_text(&v->lose, de, out);
        kt_buf_putc(out, '.');
        break;
    case VK_TRADER:
    case VK_PEOPLE:
        kt_buf_puts(out, de ? "Du darfst kaufen:" : "You may buy:");
        for (int k = 0; k < v->noffer; k++)
            kt_buf_printf(out, de ? "%s bis zu %d %s für je %d Gold" : "%s up to %d %s at %d gold "
                                                                       "each",
                          k ? (de ? " und" : " and") : "", v->offer_max[k],
                          an_item_name(v->offer_item[k], de), v->offer_price[k]);
        kt_buf_putc(out, '.');
        break;
    case VK_CLIFFS:
        kt_buf_printf(out, de ? "Dein Schiff verliert %d Stufe(n)." : "Your ship loses %d "
                                                                      "state(s).",
                      c->k.cliffs);
        break;
    case VK_HURRICANE:
        kt_buf_printf(out, de ? "Ist dein Tempo nicht höher als das deines Gegners, verliert "
                                "dein Schiff %d Stufen."
                              : "If your speed is not higher than your opponent's, your ship "
                                "loses %d states.",
                      c->k.hurricane);
        break;
    case VK_RESCUE:
        kt_buf_printf(out, de ? "Ist dein Tempo mindestens so hoch wie das deines Gegners, "
                                "erhältst du %d Gold."
                              : "If your speed is at least your opponent's, you gain %d gold.",
                      c->k.rescue);
        break;
    case VK_FLOTSAM:
        kt_buf_puts(out, de ? "Würfle:" : "Roll the number die:");
        for (int r = 0; r < 6; r++) {
            kt_buf_printf(out, " %d: ", r + 1);
            an_eff_text(&v->roll[r], de, out);
            kt_buf_putc(out, r < 5 ? ';' : '.');
        }
        break;
    default:
        break;
    }
    kt_buf_printf(out, de ? " [Daten: %s]" : " [data: %s]", an_src_name(v->src));
}

static void level_help(const an_cfg *c, int l, int de, kt_buf *out)
{
    const an_level *lv = &c->level[l];
    kt_buf_printf(out, "%s (%s) - ", de ? lv->de : lv->name, de ? lv->name : lv->de);
    if (l == 0) {
        kt_buf_printf(out, de ? "Einwohnerkarte; jeder Spieler beginnt mit %d. Über und unter "
                                "jedem Einwohner ist Platz für je 2 Gebäude."
                              : "inhabitant card; each player starts with %d. Each inhabitant "
                                "has room for 2 buildings above and 2 below it.",
                      AN_NINH);
        return;
    }
    kt_buf_printf(out, de ? "Einwohnerkarte (%d im Vorrat), wird auf einen %s gelegt. Kosten: "
                          : "inhabitant card (%d in the supply), laid on a %s. Cost: ",
                  lv->copies, de ? c->level[l - 1].de : c->level[l - 1].name);
    cost_text(lv->cost, lv->rum, lv->tob, de, out);
    if (l == 1) {
        kt_buf_puts(out, de ? " (Regel settler_cost=example: " : " (rule settler_cost=example: ");
        cost_text(lv->alt, lv->alt_rum, lv->alt_tob, de, out);
        kt_buf_putc(out, ')');
    }
    kt_buf_printf(out, de ? ". %d Königinnen-Zeichen." : ". %d queen mark(s).", lv->queen);
    if (l == 1)
        kt_buf_puts(out, de ? " Mit einem Siedler darfst du von den Stapeln I und II ziehen."
                            : " With a settler you may draw from the era I and II piles.");
    if (l == 2)
        kt_buf_puts(out, de ? " Mit einem Bürger darfst du von allen Stapeln ziehen; bei Feuer "
                              "kostet er 1 Gold."
                            : " With a citizen you may draw from every pile; fire costs 1 gold "
                              "for each.");
    if (l == 3)
        kt_buf_printf(out, de ? " Wer %d Kaufleute hat, gewinnt. Bei Feuer kostet er 1 Gold."
                              : " Whoever has %d merchants wins. Fire costs 1 gold for each.",
                      c->k.merchant_goal);
    kt_buf_printf(out, de ? " [Daten: %s]" : " [data: %s]", an_src_name(lv->src));
}

/* Components that are not records of the card files. */
typedef struct fixed_t {
    const char *en, *de, *text_en, *text_de;
} fixed_t;

static const fixed_t fixed[] = {
    {"Village Centre", "Dorfzentrum",
     "each settlement has two; they hold its gold (0-4 each, 8 in all, shown by turning the "
     "card) and show how many inhabitants are discontented (4 minus the gold). Gold you spend "
     "comes from the centre you choose; gold you receive goes to the poorer one. A centre "
     "without gold is in chaos (face down): the landscapes beside it cannot gain goods. Both in "
     "chaos: you lose at once - so spending your last gold loses the game (you are asked to "
     "confirm such a move; rule last_gold=refuse does not offer it).",
     "jede Siedlung hat zwei; sie halten ihr Gold (je 0-4, zusammen 8, durch Drehen der Karte "
     "angezeigt) und zeigen, wie viele Einwohner unzufrieden sind (4 minus Gold). Ausgegebenes "
     "Gold kommt aus dem Zentrum deiner Wahl, erhaltenes geht ins ärmere. Ein Zentrum ohne Gold "
     "ist im Chaos (verdeckt): die Landschaften daneben können keine Waren bekommen. Beide im "
     "Chaos: du verlierst sofort - wer sein letztes Gold ausgibt, verliert also das Spiel (ein "
     "solcher Zug muss bestätigt werden; Regel last_gold=refuse bietet ihn nicht an)."},
    {"Chaos", "Chaos",
     "a village centre without gold: the landscapes beside it cannot gain goods in any way "
     "(dice, buildings, goods of choice, trades, voyages) and it counts 4 discontented "
     "inhabitants; the next gold it receives ends the chaos. Both centres in chaos: that "
     "player loses.",
     "ein Dorfzentrum ohne Gold: die Landschaften daneben können auf keine Weise Waren bekommen "
     "(Würfel, Gebäude, Waren nach Wahl, Handel, Handelsfahrten) und es zählt 4 unzufriedene "
     "Einwohner; das nächste Gold beendet das Chaos. Beide Zentren im Chaos: der Spieler "
     "verliert."},
    {"Trade", "Handel",
     "in your action phase you may offer your opponent any landscape goods and gold for any "
     "landscape goods and gold (never rum or tobacco), one unit at a time, as often as you like "
     "(rule trade_offers); they accept or decline. Goods only go onto landscapes that may take "
     "them; where two may, their new owner chooses. The bank trades 3 equal goods or 3 gold "
     "for 1.",
     "in deiner Aktionsphase darfst du dem Gegner beliebige Landschaftswaren und Gold gegen "
     "beliebige Landschaftswaren und Gold anbieten (nie Rum oder Tabak), Stück für Stück, so "
     "oft du willst (Regel trade_offers); er nimmt an oder lehnt ab. Waren kommen nur auf "
     "Landschaften, die sie aufnehmen können; passen zwei, wählt der neue Besitzer. Die Bank "
     "tauscht 3 gleiche Waren oder 3 Gold gegen 1."},
    {"Overview", "Übersicht",
     "the overview card in the middle of each settlement: the results of the event die.",
     "die Übersichtskarte in der Mitte jeder Siedlung: die Ergebnisse des Ereigniswürfels."},
    {"Forest", "Wald", "landscape producing wood (0-3 on the card) on its die number.",
     "Landschaft, die bei ihrer Würfelzahl Holz erzeugt (0-3 auf der Karte)."},
    {"Pasture", "Weide", "landscape producing cloth (0-3) on its die number.",
     "Landschaft, die bei ihrer Würfelzahl Tuch erzeugt (0-3)."},
    {"Fields", "Felder", "landscape producing food (0-3) on its die number.",
     "Landschaft, die bei ihrer Würfelzahl Nahrung erzeugt (0-3)."},
    {"Clay Pit", "Lehmgrube", "landscape producing brick (0-3) on its die number.",
     "Landschaft, die bei ihrer Würfelzahl Ziegel erzeugt (0-3)."},
    {"Ore Mine", "Erzmine", "landscape producing tools (0-3) on its die number.",
     "Landschaft, die bei ihrer Würfelzahl Werkzeug erzeugt (0-3)."},
    {"Rum Warehouse", "Rumlager", "holds 0-3 rum, bought on voyages, spent on upgrades.",
     "hält 0-3 Rum, auf Handelsfahrten gekauft, für Aufwertungen ausgegeben."},
    {"Tobacco Warehouse", "Tabaklager", "holds 0-3 tobacco, bought on voyages, spent on upgrades.",
     "hält 0-3 Tabak, auf Handelsfahrten gekauft, für Aufwertungen ausgegeben."},
    {"Ship", "Schiff",
     "your trade ship: states I-IV (better with its die number or 1 wood each), sails per "
     "state; below I it is damaged and face down (1 wood turns it up again; dice do not help "
     "it then). Voyages need state II or better (rule voyage_min).",
     "dein Handelsschiff: Stufen I-IV (besser bei seiner Würfelzahl oder für je 1 Holz), Segel "
     "je Stufe; unter I ist es beschädigt und verdeckt (1 Holz dreht es wieder um; Würfel "
     "helfen dann nicht). Handelsfahrten brauchen Stufe II oder besser (Regel voyage_min)."},
    {"Number Die", "Zahlenwürfel",
     "rolled first every turn: every landscape, ship and production building of both players "
     "with that number produces; harbours and lodges with it may be used.",
     "wird jeden Zug zuerst geworfen: jede Landschaft, jedes Schiff und jedes "
     "Produktionsgebäude beider Spieler mit dieser Zahl erzeugt; Häfen und Logen damit dürfen "
     "genutzt werden."},
    {"Event Die", "Ereigniswürfel",
     "rolled with the number die, resolved after it, for both players: fire, queen, tax, "
     "trader, trade advantage, pirate hunt.",
     "wird mit dem Zahlenwürfel geworfen und danach für beide Spieler ausgewertet: Feuer, "
     "Königin, Steuern, Händler, Handelsvorteil, Piratenjagd."},
    {"Fire", "Feuer", "event: each player pays 1 gold per citizen and merchant (a fire station "
                      "protects).",
     "Ereignis: jeder Spieler zahlt 1 Gold je Bürger und Kaufmann (eine Feuerwehr schützt)."},
    {"Queen", "Königin", "event: each player with at most 4 discontented inhabitants takes 1 "
                         "landscape good of choice.",
     "Ereignis: jeder Spieler mit höchstens 4 unzufriedenen Einwohnern nimmt 1 "
     "Landschaftsware nach Wahl."},
    {"Tax", "Steuern", "event: 1 gold per building with happy inhabitants (rule tax=mark: per "
                       "happy mark).",
     "Ereignis: 1 Gold je Gebäude mit zufriedenen Einwohnern (Regel tax=mark: je Zeichen)."},
    {"Trader", "Händler", "event: each player may swap 1 gold for 1 landscape good or the other "
                          "way round.",
     "Ereignis: jeder Spieler darf 1 Gold gegen 1 Landschaftsware tauschen oder umgekehrt."},
    {"Trade Advantage", "Handelsvorteil", "event: the holder of the trade power takes 1 "
                                          "landscape good of choice from the opponent.",
     "Ereignis: wer die Handelsmacht hat, nimmt dem Gegner 1 Landschaftsware nach Wahl."},
    {"Pirate Hunt", "Piratenjagd", "event: the holder of the sea power takes 1 landscape good of "
                                   "choice from the supply (rule pirate_hunt=opponent: from the "
                                   "opponent).",
     "Ereignis: wer die Seemacht hat, nimmt 1 Landschaftsware nach Wahl aus dem Vorrat (Regel "
     "pirate_hunt=opponent: vom Gegner)."},
    {"Trade Power", "Handelsmacht", "token: the first player with 3 money bags takes it, then "
                                    "whoever has more; on a tie nobody holds it.",
     "Spielfigur: wer zuerst 3 Geldsäcke hat, nimmt sie, danach wer mehr hat; bei Gleichstand "
     "niemand."},
    {"Sea Power", "Seemacht", "token: the first player with 3 cannon marks on buildings takes "
                              "it, then whoever has more; on a tie nobody holds it.",
     "Spielfigur: wer zuerst 3 Kanonen auf Gebäuden hat, nimmt sie, danach wer mehr hat; bei "
     "Gleichstand niemand."},
    {"Wood", "Holz", "landscape good (forests); also improves or repairs the ship.",
     "Landschaftsware (Wald); verbessert oder repariert auch das Schiff."},
    {"Cloth", "Tuch", "landscape good (pastures).", "Landschaftsware (Weide)."},
    {"Food", "Nahrung", "landscape good (fields).", "Landschaftsware (Felder)."},
    {"Brick", "Ziegel", "landscape good (clay pits).", "Landschaftsware (Lehmgrube)."},
    {"Tools", "Werkzeug", "landscape good (ore mines).", "Landschaftsware (Erzmine)."},
    {"Rum", "Rum", "trade good from voyages, never traded; for citizens and merchants.",
     "Handelsware von Handelsfahrten, nie getauscht; für Bürger und Kaufleute."},
    {"Tobacco", "Tabak", "trade good from voyages, never traded; for citizens and merchants.",
     "Handelsware von Handelsfahrten, nie getauscht; für Bürger und Kaufleute."},
    {"Gold", "Gold", "money on the village centres: buys rum and tobacco, pays pirates, bank "
                     "trades (3 for 1), searches (1 per card) and trades with the opponent. "
                     "Spending your last gold loses the game at once.",
     "Geld auf den Dorfzentren: kauft Rum und Tabak, zahlt Piraten, Banktausch (3 für 1), "
     "Durchsuchen (1 je Karte) und Handel mit dem Gegner. Wer sein letztes Gold ausgibt, "
     "verliert sofort."},
};
#define NFIXED ((int)(sizeof fixed / sizeof fixed[0]))

static void set_help(const an_cfg *c, int si, int de, kt_buf *out)
{
    const an_set *st = &c->set[si];
    kt_buf_printf(out, de ? "%s (%s) - Startset, 18 Karten A-R: 4 Pioniere, 2 Dorfzentren (je "
                            "%d Gold), Übersicht, Rum- und Tabaklager, Schiff (Würfel %d), "
                            "Landschaften:"
                          : "%s (%s) - start set, 18 cards A-R: 4 pioneers, 2 village centres "
                            "(%d gold each), overview, rum and tobacco warehouses, ship (die %d), "
                            "landscapes:",
                  de ? st->de : st->name, de ? st->name : st->de, c->k.centre_start[0],
                  st->ship_die);
    for (int l = 0; l < AN_NLAND; l++)
        kt_buf_printf(out, " %c %s %d (%s)%s", st->land[l].letter,
                      an_good_name(st->land[l].good, de), st->land[l].die,
                      st->land[l].centre ? (de ? "rechts" : "right") : (de ? "links" : "left"),
                      l < AN_NLAND - 1 ? "," : ".");
}

static int norm_eq(const char *a, const char *want)
{
    char n[80];
    kt_text_norm(a, n, sizeof n);
    return strcmp(n, want) == 0;
}

static int describe_in(const an_cfg *c, const char *name, int de, kt_buf *out)
{
    for (int i = 0; i < c->ndef; i++)
        if (norm_eq(c->def[i].name, name) || norm_eq(c->def[i].de, name) ||
            norm_eq(c->def[i].id, name)) {
            an_def_help(c, i, de, out);
            return 1;
        }
    for (int i = 0; i < c->nvdef; i++)
        if (norm_eq(c->vdef[i].name, name) || norm_eq(c->vdef[i].de, name) ||
            norm_eq(c->vdef[i].id, name)) {
            voyage_help(c, i, de, out);
            return 1;
        }
    for (int l = 0; l < AN_NLEVEL; l++)
        if (norm_eq(c->level[l].name, name) || norm_eq(c->level[l].de, name)) {
            level_help(c, l, de, out);
            return 1;
        }
    for (int si = 0; si < 2; si++)
        if (norm_eq(c->set[si].name, name) || norm_eq(c->set[si].de, name)) {
            set_help(c, si, de, out);
            return 1;
        }
    for (int i = 0; i < NFIXED; i++)
        if (norm_eq(fixed[i].en, name) || norm_eq(fixed[i].de, name) ||
            (i == 0 && norm_eq("Village Center", name))) {
            kt_buf_printf(out, "%s (%s) - %s", de ? fixed[i].de : fixed[i].en,
                          de ? fixed[i].en : fixed[i].de, de ? fixed[i].text_de : fixed[i].text_en);
            return 1;
        }
    return 0;
}

/* Default rule flags for texts outside a game (help has no options). */
static void default_flags(an_cfg *c)
{
    c->bishop_church = 2;
    c->voyage_min = 2;
    c->against[AC_POISONER] = c->against[AC_REVOLUTIONARY] = 1;
    c->against[AC_SPY] = c->against[AC_PICKPOCKET] = 1;
}

int an_describe(const char *name, int lang, kt_buf *out)
{
    an_cfg *c = kt_mem_zalloc(out->a, sizeof *c);
    kt_err err = {KT_ENOMEM, ""};
    int found = 0;
    if (c && an_load_data(c, out->a, NULL, &err) == KT_OK) {
        default_flags(c);
        found = describe_in(c, name, lang == KT_LANG_DE, out);
    } else {
        out->oom |= err.code == KT_ENOMEM; /* out of memory, not "no such component" */
    }
    kt_mem_free(out->a, c, sizeof *c);
    return found;
}

void an_components(int lang, kt_buf *out)
{
    an_cfg *c = kt_mem_zalloc(out->a, sizeof *c);
    kt_err err = {KT_ENOMEM, ""};
    int de = lang == KT_LANG_DE;
    if (!c || an_load_data(c, out->a, NULL, &err) != KT_OK) {
        out->oom |= err.code == KT_ENOMEM; /* kt_game_components gives NULL */
        kt_buf_puts(out, de ? "Daten nicht lesbar\n" : "data not readable\n");
        kt_mem_free(out->a, c, sizeof *c);
        return;
    }
    default_flags(c);
    kt_buf_puts(out, de ? "Anno 1701 - Das Kartenspiel: 120 Karten (rekonstruiert, siehe "
                          "docs/anno_1701.md), 2 Würfel, 2 Spielfiguren.\n"
                        : "Anno 1701 - The Card Game: 120 cards (reconstructed, see "
                          "docs/anno_1701.md), 2 dice, 2 tokens.\n");
    for (int e = 1; e <= AN_NERA; e++) {
        kt_buf_printf(out, de ? "\nEpoche %s (18 Karten, zwei Stapel zu 9):\n"
                              : "\nEra %s (18 cards, two piles of 9):\n",
                      roman[e]);
        for (int i = 0; i < c->ndef; i++)
            if (c->def[i].era == e) {
                kt_buf_printf(out, "  %-4s ", c->def[i].id);
                an_def_help(c, i, de, out);
                kt_buf_putc(out, '\n');
            }
    }
    kt_buf_puts(out, de ? "\nStartsets (je 18 Karten):\n" : "\nStart sets (18 cards each):\n");
    for (int si = 0; si < 2; si++) {
        kt_buf_puts(out, "  ");
        set_help(c, si, de, out);
        kt_buf_putc(out, '\n');
    }
    kt_buf_puts(out, de ? "\nEinwohner:\n" : "\nInhabitants:\n");
    for (int l = 0; l < AN_NLEVEL; l++) {
        kt_buf_puts(out, "  ");
        level_help(c, l, de, out);
        kt_buf_putc(out, '\n');
    }
    kt_buf_printf(out, de ? "\nHandelsfahrtkarten (%d):\n" : "\nVoyage cards (%d):\n", AN_NVOY);
    for (int i = 0; i < c->nvdef; i++) {
        kt_buf_printf(out, "  %-4s ", c->vdef[i].id);
        voyage_help(c, i, de, out);
        kt_buf_putc(out, '\n');
    }
    kt_buf_puts(out, de ? "\nWeitere Bestandteile:\n" : "\nOther components:\n");
    for (int i = 0; i < NFIXED; i++)
        kt_buf_printf(out, "  %s: %s\n", de ? fixed[i].de : fixed[i].en,
                      de ? fixed[i].text_de : fixed[i].text_en);
    kt_mem_free(out->a, c, sizeof *c);
}
