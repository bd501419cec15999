/*
 * help.c - `help NAME` and the component listing of Fugger, Welser,
 * Medici, in English and German and in the project's own words: the rule
 * concepts and events (fixed texts below), every deal card, town, space,
 * region, sea area, calendar space and good (written from the data, so a
 * replaced data file explains itself).  Lookups compare names normalized
 * by kt_text_norm, so "Köln", "koeln", "KOL" and "Cologne" all work.
 */
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "../../core/mem.h"

#define DE(lang) ((lang) == KT_LANG_DE)
#define TR(lang, en, de) (DE(lang) ? (de) : (en))

typedef struct topic {
    const char *names; /* '|'-separated English and German names */
    const char *en, *de;
} topic;

static const topic topics[] = {
    {"payday|zahltag",
     "Payday comes in December. Players with at most one ordinary merchant on the map may hire "
     "(two with none, one with one; new merchants start empty at home), then fire merchants "
     "(their goods are lost). IOU interest is received first, then wages are paid (one "
     "merchant 100 FL, two 500 FL; the representative works for free) and the home city's tax "
     "(Augsburg and Nürnberg 300 FL, Florenz 400 FL).",
     "Zahltag ist im Dezember. Wer höchstens einen gewöhnlichen Händler auf der Karte hat, darf "
     "einstellen (zwei ohne, einen mit einem; neue Händler starten leer zu Hause), dann "
     "entlassen (deren Waren gehen verloren). Zuerst gibt es Zinsen für Schuldscheine, dann "
     "wird Lohn gezahlt (ein Händler 100 FL, zwei 500 FL; der Vertreter arbeitet umsonst) und "
     "die Steuer der Heimatstadt (Augsburg und Nürnberg 300 FL, Florenz 400 FL)."},
    {"forced sale|zwangsverkauf",
     "Goods sold to the bank at fixed prices: cloth 500, spice 800, metal 1,100 FL (an IOU "
     "300 FL). Compulsory when money is short at payday or after winning a purchase; allowed "
     "freely at the start of one's movement turn. Whoever cannot cover a purchase even then "
     "pays a 300 FL fine and the bid is dropped. At the end everything is sold this way.",
     "Waren gehen zu festen Preisen an die Bank: Tuch 500, Gewürz 800, Metall 1.100 FL (ein "
     "Schuldschein 300 FL). Pflicht, wenn am Zahltag oder nach einem gewonnenen Kauf Geld "
     "fehlt; freiwillig zu Beginn des eigenen Bewegungszugs. Wer einen Kauf auch dann nicht "
     "bezahlen kann, zahlt 300 FL Strafe und das Gebot entfällt. Am Ende wird alles so verkauft."},
    {"free passage|freies geleit",
     "A cube in a land region. There its owner pays no bridge tolls (Köln still costs), an "
     "accident only shortens the move without losing goods, robbery rolls get +2, and every "
     "player without free passage there pays the owner 100 FL on entering the region (with "
     "several owners, the payer picks one).",
     "Ein Würfel in einer Landregion. Dort zahlt sein Besitzer keinen Brückenzoll (Köln kostet "
     "weiter), ein Unfall verkürzt nur den Zug ohne Warenverlust, Räuberwürfe bekommen +2, und "
     "wer dort kein freies Geleit hat, zahlt dem Besitzer beim Betreten der Region 100 FL (bei "
     "mehreren Besitzern wählt der Zahler einen)."},
    {"sea escort|seegeleit",
     "A cube in one of the four sea areas: its owner pays no sea fee there and gets +2 against "
     "pirates there.",
     "Ein Würfel in einem der vier Seegebiete: sein Besitzer zahlt dort keine Seegebühr und "
     "bekommt dort +2 gegen Piraten."},
    {"iou|ious|schuldschein|schuldscheine",
     "A 500 FL IOU. Each moves its owner +2 on the nobility track when gained from a noble (or "
     "an Army Costs / Coronation auction), pays 200 FL interest every payday (300 FL to the "
     "first manor buyer), sells to the bank for 300 FL and may be traded between players "
     "(without track changes).",
     "Ein Schuldschein über 500 FL. Von einem Adligen (oder aus einer Versteigerung von "
     "Heereskosten oder Kaiserkrönung) bringt jeder +2 auf der Adelsleiste, am Zahltag 200 FL "
     "Zinsen (300 FL für den ersten Landgutkäufer), bei der Bank 300 FL und ist zwischen "
     "Spielern handelbar (ohne Änderung der Adelsleiste)."},
    {"nobility track|nobility|adelsleiste|adel",
     "The way to a title (not used in the trading-house game). Everybody starts at the start "
     "space, Florenz players one step ahead. Noble demands, IOU auctions, the lottery and "
     "Corruption move the marker up; taking the Black Sheep moves it down. Whoever reaches the "
     "end is ennobled.",
     "Der Weg zum Adelstitel (nicht im Handelshaus-Spiel). Alle beginnen auf dem Startfeld, "
     "Florentiner ein Feld weiter. Adlige Nachfrage, Schuldschein-Versteigerungen, Lotterie und "
     "Korruption bringen den Stein voran; das Schwarze Schaf wirft ihn zurück. Wer das Ende "
     "erreicht, wird geadelt."},
    {"noble demand|adlige nachfrage|adlige kunde",
     "A demand from a noble: resolved like any demand; then each seller may grant a discount of "
     "500 or 1,000 FL and roll two dice against their track position: IOUs (1 or 2, +2 each), "
     "honour (+3), sea escort (+2) or free passage (+1).",
     "Nachfrage eines Adligen: wie jede Nachfrage abgewickelt; danach darf jeder Verkäufer "
     "500 oder 1.000 FL Nachlass geben und mit zwei Würfeln auf seiner Adelsposition würfeln: "
     "Schuldscheine (1 oder 2, je +2), Ehre (+3), Seegeleit (+2) oder freies Geleit (+1)."},
    {"honour|honor|ehre", "Outcome of a noble's roll: +3 on the nobility track.",
     "Ergebnis des Adelswurfs: +3 auf der Adelsleiste."},
    {"urgent deal|urgent|eilgeschaeft|eilauftrag|eilig",
     "An urgent deal is resolved as soon as a merchant able to take part (for a demand: one "
     "carrying its goods) stands in its town at the start of a round, even before its date.",
     "Ein Eilgeschäft wird abgewickelt, sobald zu Rundenbeginn ein dafür geeigneter Händler (bei "
     "einer Nachfrage: einer mit der Ware) in seiner Stadt steht, auch vor seinem Datum."},
    {"fair|messe",
     "A fair is a demand and a supply in one town on one date: early May, every year. Its "
     "demand half is resolved before its supply half; it never leaves the display.",
     "Eine Messe ist Nachfrage und Angebot in einer Stadt am selben Tag: jedes Jahr Anfang Mai. "
     "Erst die Nachfrage, dann das Angebot; sie bleibt immer ausliegen."},
    {"manor|landgut|gut",
     "A manor is sold like a supply to nobles only, after the fair and before supply; it does "
     "not count toward the four open deals and goes back to the reserve when nobody buys it. "
     "The manor game ends with the first purchase; the full game when two players own one. "
     "The first buyer collects interest of 300 FL per IOU, pays no taxes, receives everybody "
     "else's and collects the rent every early July.",
     "Ein Landgut wird wie ein Angebot verkauft, nur an Adlige, nach der Messe und vor den "
     "Angeboten; es zählt nicht zu den vier offenen Geschäften und geht unverkauft in den Vorrat "
     "zurück. Das Landgut-Spiel endet mit dem ersten Kauf, das Vollspiel, wenn zwei Spieler eins "
     "besitzen. Der erste Käufer bekommt 300 FL Zinsen je Schuldschein, zahlt keine Steuern, "
     "erhält die der anderen und jeden Juli die Pacht."},
    {"representative|vertreter",
     "Merchant A, the round-headed one: free of wages and cannot be fired, but lost for good "
     "when caught at sea by winter.",
     "Händler A mit dem runden Kopf: ohne Lohn und nicht entlassbar, aber für immer verloren, "
     "wenn ihn der Winter auf See erwischt."},
    {"winter",
     "From November to January/February the sea is closed: no move may enter a sea space, and "
     "merchants at sea when winter begins are lost with their goods.",
     "Von November bis Januar/Februar ist die See gesperrt: kein Zug darf ein Seefeld betreten, "
     "und Händler auf See gehen bei Winterbeginn mit ihren Waren verloren."},
    {"toll|zoll|sea fee|seegebuehr",
     "Entering a bridge space or Köln costs 20 FL (40 FL with goods). Moving by sea costs the "
     "same fee once per move (option sea_fee=space: per sea space).",
     "Das Betreten eines Brückenfelds oder Kölns kostet 20 FL (40 FL mit Waren). Seereisen kosten "
     "einmal je Zug dieselbe Gebühr (Option sea_fee=space: je Seefeld)."},
    {"accident|unfall",
     "A merchant with goods that moves rolls two dice: 2 (one space), 2-3 (two) or 2-4 (three) "
     "is an accident. It moves only one space, and if that is not a town and it carries four or "
     "more goods, it keeps only three.",
     "Ein Händler mit Waren würfelt beim Ziehen mit zwei Würfeln: 2 (ein Feld), 2-3 (zwei) oder "
     "2-4 (drei) ist ein Unfall. Er zieht nur ein Feld, und ist das keine Stadt und trägt er vier "
     "oder mehr Waren, behält er nur drei."},
    {"movement|bewegung",
     "Each merchant moves 0-3 spaces a round. Without goods 3 spaces cost 20 FL; with goods 2 "
     "spaces cost 20 FL and 3 cost 60 FL. Tolls and fees come on top; a move must be paid in "
     "cash.",
     "Jeder Händler zieht je Runde 0-3 Felder. Ohne Waren kosten 3 Felder 20 FL; mit Waren 2 "
     "Felder 20 FL und 3 Felder 60 FL. Zölle und Gebühren kommen dazu; ein Zug muss bar bezahlt "
     "werden."},
    {"queue|warteschlange",
     "In a town the merchant who arrived first stands first; a player's further merchant joins "
     "that player's place. On equal bids players of the home city go first (dice among them), "
     "then the queue; the Black Sheep's holder is always last.",
     "In einer Stadt steht vorn, wer zuerst kam; ein weiterer Händler desselben Spielers stellt "
     "sich zu ihm. Bei gleichen Geboten gehen Spieler dieser Heimatstadt vor (Würfel unter ihnen), "
     "dann die Reihe; der Halter des Schwarzen Schafs ist immer letzter."},
    {"sealed bid|bid|verdecktes gebot|gebot",
     "Everybody entitled writes a quantity and a unit price at the same time (here one step: "
     "'bid 2 at 900', or 'pass'; nobody else can tell which until all are revealed). Demand "
     "buys the cheapest offers first, supply sells to the highest bids first, each at its own "
     "price, up to the card's quantity.",
     "Alle Berechtigten schreiben gleichzeitig Menge und Stückpreis (hier in einem Schritt: "
     "'biete 2 zu 900' oder 'passen'; niemand sonst sieht vor dem Aufdecken, was es war). "
     "Nachfrage kauft die billigsten Angebote zuerst, ein Angebot verkauft an die höchsten "
     "Gebote zuerst, jeweils zum eigenen Preis, bis zur Menge der Karte."},
    {"trade|trades|player trade|handel|tausch",
     "At the start of phase 1, before the deals, players trade with each other: whoever has a "
     "merchant on the same space as another player's merchant, or in another player's home "
     "city, may sell goods (and IOUs) to that player or buy theirs, any amount for one agreed "
     "price, as often as they like. Only the goods of those merchants or that home warehouse "
     "count. From the start player on, each offers in turn ('sell to player 2 in Augsburg', "
     "goods one by one, 'done', the price); the other accepts or declines.",
     "Zu Beginn von Phase 1, vor den Geschäften, handeln die Spieler untereinander: wer einen "
     "Händler auf demselben Feld wie ein Händler eines anderen Spielers hat oder in dessen "
     "Heimatstadt, darf diesem Spieler Waren (und Schuldscheine) verkaufen oder seine kaufen, "
     "beliebig viel zu einem vereinbarten Preis, so oft sie wollen. Es zählen nur die Waren "
     "dieser Händler oder dieses Heimatlagers. Ab dem Startspieler bietet jeder der Reihe nach "
     "an ('an Spieler 2 in Augsburg verkaufen', Waren einzeln, 'fertig', der Preis); der andere "
     "nimmt an oder lehnt ab."},
    {"demand|nachfrage",
     "A buyer in a town: players with a merchant there or whose home it is, and who have the "
     "goods there, bid to sell up to the quantity at no more than the printed highest price.",
     "Ein Käufer in einer Stadt: Spieler mit einem Händler dort oder mit Heimatstadt dort, die die "
     "Ware dort haben, bieten an, bis zur Menge höchstens zum gedruckten Höchstpreis."},
    {"supply|angebot",
     "A seller in a town: players with a merchant there or whose home it is bid to buy up to "
     "the quantity at no less than the printed lowest bid.",
     "Ein Verkäufer in einer Stadt: Spieler mit einem Händler dort oder mit Heimatstadt dort "
     "bieten, bis zur Menge mindestens zum gedruckten Mindestgebot."},
    {"robbers|raeuber|pirates|piraten|raeuber/piraten",
     "Robbers (in a land region) or pirates (in a sea area) for one round: every merchant with "
     "goods that stands there or moves through is attacked. Before rolling two dice it may buy "
     "+1 per 100 FL (+2 with its own cube there): 6 or less loses 2 goods, 7-9 one, 10 or more "
     "nothing; the owner chooses the goods.",
     "Räuber (in einer Landregion) oder Piraten (in einem Seegebiet) für eine Runde: jeder "
     "Händler mit Waren, der dort steht oder durchzieht, wird überfallen. Vor dem Wurf mit zwei "
     "Würfeln kann er +1 je 100 FL kaufen (+2 mit eigenem Würfel dort): bis 6 verliert er 2 "
     "Waren, 7-9 eine, ab 10 nichts; der Besitzer wählt die Waren."},
    {"black sheep|schwarzes schaf|sheep|schaf",
     "Goes first to the start player, who keeps it or puts money on it and passes it to anyone: "
     "20 FL the first time, afterwards as much as lies on it. Whoever keeps it takes the money, "
     "stands last in every queue from then on and loses a step on the nobility track (unless "
     "noble or at the bottom). With two players, a passed sheep must be taken (option sheep_2p).",
     "Geht zuerst an den Startspieler, der es behält oder Geld darauflegt und es jemandem gibt: "
     "beim ersten Mal 20 FL, danach so viel, wie darauf liegt. Wer es behält, nimmt das Geld, "
     "steht fortan in jeder Reihe hinten und verliert ein Feld auf der Adelsleiste (außer adlig "
     "oder ganz unten). Zu zweit muss ein weitergegebenes Schaf genommen werden (Option sheep_2p)."},
    {"boom|hochkonjunktur",
     "A fifth deal is revealed; after the next deal is resolved no card is drawn, so the display "
     "goes back to four. No effect when five are open already.",
     "Ein fünftes Geschäft wird aufgedeckt; nach dem nächsten abgewickelten Geschäft wird keine "
     "Karte gezogen, die Auslage sinkt wieder auf vier. Ohne Wirkung, wenn schon fünf offen sind."},
    {"lottery|lotterie",
     "From the start player in turn everybody bets 100 FL on numbers of a die or stops; a number "
     "once taken is gone (option lottery_exclusive). It ends when all six are taken or a whole "
     "round passes without a bet; one die is rolled and its bettor moves +2 on the track.",
     "Reihum ab dem Startspieler setzt jeder 100 FL auf Würfelzahlen oder hört auf; eine besetzte "
     "Zahl ist vergeben (Option lottery_exclusive). Schluss, wenn alle sechs besetzt sind oder eine "
     "Runde ohne Einsatz vergeht; ein Würfel entscheidet, sein Setzer bekommt +2 auf der Adelsleiste."},
    {"army costs|heereskosten",
     "As many IOUs as players minus one are auctioned by sealed bids: at most two each, at least "
     "500 FL apiece, highest first; equal bids go to the lower track position, then dice.",
     "So viele Schuldscheine wie Spieler minus eins werden verdeckt versteigert: höchstens zwei je "
     "Spieler, mindestens 500 FL pro Stück, die höchsten zuerst; bei Gleichstand gewinnt die "
     "niedrigere Adelsposition, dann der Würfel."},
    {"reckoning trick|rechentrick",
     "Auctioned by sealed bids (at least 20 FL; ties: lower track, then dice). Its holder may "
     "once, when selling to a noble, grant a discount of 600 FL that counts as 1,000 FL; then it "
     "leaves the game. Unsold it returns to the reserve.",
     "Verdeckt versteigert (mindestens 20 FL; Gleichstand: niedrigere Adelsposition, dann "
     "Würfel). Der Besitzer darf einmal beim Verkauf an einen Adligen 600 FL Nachlass geben, die "
     "als 1.000 FL zählen; danach ist er aus dem Spiel. Unverkauft geht er in den Vorrat."},
    {"discovery of america|entdeckung amerikas|america|amerika",
     "A supply in Portugal/Spain; everybody who buys at least one good from it also places a "
     "free-passage cube in a region of their choice. Single use.",
     "Ein Angebot in Portugal/Spanien; wer dort mindestens eine Ware kauft, setzt außerdem einen "
     "Würfel für freies Geleit in eine Region seiner Wahl. Nur einmal."},
    {"imperial coronation|coronation|kaiserkroenung",
     "Half as many IOUs as players (rounded down) are auctioned like the Army Costs. Single use.",
     "Halb so viele Schuldscheine wie Spieler (abgerundet) werden wie bei den Heereskosten "
     "versteigert. Nur einmal."},
    {"fuggerei and patronage|fuggerei|fuggerei und kunstmaezen|fuggerei und kunst",
     "Free passage in the Electoral Rhine (Kurrhein) is auctioned by sealed bids (at least "
     "20 FL; ties: lower track, then dice); every bidder pays their bid, winner or not. Single use.",
     "Freies Geleit im Kurrhein wird verdeckt versteigert (mindestens 20 FL; Gleichstand: "
     "niedrigere Adelsposition, dann Würfel); jeder Bieter zahlt sein Gebot, ob er gewinnt oder "
     "nicht. Nur einmal."},
    {"corruption|korruption",
     "Sealed bids (at least 20 FL) for +1 on the track and freedom from taxes for the rest of "
     "the game; equal bids cancel out, so the highest bid made by one player alone wins; "
     "everybody pays their bid. The winner keeps the card.",
     "Verdeckte Gebote (mindestens 20 FL) um +1 auf der Adelsleiste und Steuerfreiheit bis zum "
     "Spielende; gleiche Gebote heben sich auf, es gewinnt das höchste Gebot, das nur einer "
     "abgab; alle zahlen ihr Gebot. Der Gewinner behält die Karte."},
    {"mediterranean blockade|blockade|mittelmeerblockade",
     "Stays on display until the next demand card from Venedig or Süditalien is drawn; that card "
     "leaves the game together with the blockade.",
     "Bleibt liegen, bis die nächste Nachfrage aus Venedig oder Süditalien gezogen wird; diese "
     "Karte verlässt mit der Blockade das Spiel."},
    {"trading-house game|trading house|trading|handelshaus|handelshaus-spiel",
     "The basic mode: level [1] cards only. It ends when the deck is used up and the last "
     "demand is resolved; everything is sold to the bank and the richest player wins.",
     "Der Grundmodus: nur Karten der Stufe [1]. Er endet, wenn der Stapel aufgebraucht und die "
     "letzte Nachfrage abgewickelt ist; alles geht an die Bank, der Reichste gewinnt."},
};
#define NTOPICS ((int)(sizeof topics / sizeof topics[0]))

static int name_is(const char *want, const char *name)
{
    char n[128];
    kt_text_norm(name, n, sizeof n);
    return strcmp(want, n) == 0;
}

static int topic_match(const char *want, const char *names)
{
    char one[96];
    const char *p = names;
    while (*p) {
        const char *e = strchr(p, '|');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len < sizeof one) {
            memcpy(one, p, len);
            one[len] = '\0';
            if (name_is(want, one))
                return 1;
        }
        p += len + (e != NULL);
    }
    return 0;
}

static void src_note(int src, int lang, kt_buf *out)
{
    kt_buf_printf(out, TR(lang, " (Data: %s.)", " (Daten: %s.)"),
                  src == SRC_RECON ? TR(lang, "reconstructed for kontor", "für kontor rekonstruiert")
                                   : fwm_src_name(src));
}

static void describe_card(const fwm_cfg *c, int i, int lang, kt_buf *out)
{
    const fwm_card *cd = &c->card[i];
    fwm_card_title(c, i, lang, out);
    kt_buf_printf(out, TR(lang, ". Level [%d]", ". Stufe [%d]"), cd->level);
    if (cd->type != CT_EVENT && cd->type != CT_FAIR)
        kt_buf_printf(out, TR(lang, ", due %d rounds after the second date on the calendar "
                                    "(at the start: after Start Zeit)",
                                    ", fällig %d Runden nach dem zweiten Datum im Kalender "
                                    "(zu Beginn: nach Start Zeit)"),
                      cd->plus);
    if (cd->urgent)
        kt_buf_puts(out, TR(lang, ", urgent (resolved as soon as a merchant able to trade is in "
                                  "town)",
                            ", eilig (abgewickelt, sobald ein geeigneter Händler in der Stadt ist)"));
    if (cd->type != CT_FAIR && cd->type != CT_MANOR)
        kt_buf_puts(out, cd->after == AF_RESERVE ? TR(lang, ", back to the reserve after use",
                                                      ", nach Gebrauch in den Vorrat")
                         : cd->after == AF_REMOVE ? TR(lang, ", single use", ", nur einmal")
                                                  : TR(lang, ", kept by its holder",
                                                       ", bleibt beim Besitzer"));
    kt_buf_putc(out, '.');
    if (cd->type == CT_EVENT) {
        for (int t = 0; t < NTOPICS; t++) {
            char want[96];
            kt_text_norm(fwm_event_name(cd->event, KT_LANG_EN), want, sizeof want);
            if (topic_match(want, topics[t].names)) {
                kt_buf_printf(out, " %s", DE(lang) ? topics[t].de : topics[t].en);
                break;
            }
        }
    }
    src_note(cd->src, lang, out);
}

static void describe_space(const fwm_cfg *c, int i, int lang, kt_buf *out)
{
    const fwm_space *sp = &c->sp[i];
    static const char *const en[4] = {"town", "road space", "bridge space (toll)", "sea space"};
    static const char *const de[4] = {"Stadt", "Wegfeld", "Brückenfeld (Zoll)", "Seefeld"};
    kt_buf_printf(out, "%s (%s): %s %s %s", fwm_sp_name(c, i, lang), sp->code,
                  DE(lang) ? de[sp->kind] : en[sp->kind], TR(lang, "in", "in"),
                  fwm_area_name(c, sp->area, lang));
    if (sp->tax)
        kt_buf_printf(out, TR(lang, "; a home city, tax %d FL at payday",
                              "; eine Heimatstadt, Steuer %d FL am Zahltag"),
                      sp->tax);
    if (sp->ahead)
        kt_buf_puts(out, TR(lang, "; its players start one step ahead on the nobility track",
                            "; ihre Spieler starten ein Feld weiter auf der Adelsleiste"));
    if (sp->toll)
        kt_buf_puts(out, TR(lang, "; a toll town (20/40 FL on entering)",
                            "; eine Zollstadt (20/40 FL beim Betreten)"));
    if (sp->blockade)
        kt_buf_puts(out, TR(lang, "; its next demand falls to the Mediterranean blockade",
                            "; ihre nächste Nachfrage fällt der Mittelmeerblockade zum Opfer"));
    kt_buf_puts(out, TR(lang, ". Neighbours:", ". Nachbarn:"));
    for (int k = 0; k < sp->nadj; k++)
        kt_buf_printf(out, "%s %s", k ? "," : "", fwm_sp_name(c, sp->adj[k], lang));
    kt_buf_putc(out, '.');
    int deals = 0;
    for (int j = 0; j < c->ncard; j++)
        deals += c->card[j].town == i;
    if (deals)
        kt_buf_printf(out, TR(lang, " %d cards have deals here.", " %d Karten handeln hier."), deals);
    src_note(sp->src, lang, out);
}

static void describe_area(const fwm_cfg *c, int a, int lang, kt_buf *out)
{
    kt_buf_printf(out, "%s: %s", fwm_area_name(c, a, lang),
                  c->area[a].sea ? TR(lang, "a sea area (sea escort, pirates)",
                                      "ein Seegebiet (Seegeleit, Piraten)")
                                 : TR(lang, "a land region (free passage, robbers)",
                                      "eine Landregion (freies Geleit, Räuber)"));
    kt_buf_puts(out, TR(lang, ". Spaces:", ". Felder:"));
    int k = 0;
    for (int i = 0; i < c->nsp; i++)
        if (c->sp[i].area == a)
            kt_buf_printf(out, "%s %s", k++ ? "," : "", fwm_sp_name(c, i, lang));
    kt_buf_putc(out, '.');
    src_note(c->area[a].src, lang, out);
}

static void describe_cal(const fwm_cfg *c, int k, int lang, kt_buf *out)
{
    const fwm_cal *cl = &c->cal[k];
    kt_buf_printf(out, TR(lang, "Calendar space %d of %d: %s", "Kalenderfeld %d von %d: %s"), k + 1,
                  c->ncal, DE(lang) ? cl->de : cl->en);
    if (k == c->cal_start)
        kt_buf_puts(out, TR(lang, "; Start Zeit, where the game begins",
                            "; Start Zeit, hier beginnt das Spiel"));
    if (k == c->cal_fair)
        kt_buf_puts(out, TR(lang, "; the fair's date", "; Tag der Messe"));
    if (k == c->cal_payday)
        kt_buf_puts(out, TR(lang, "; payday", "; Zahltag"));
    if (k == c->cal_rent)
        kt_buf_puts(out, TR(lang, "; the manor rent is paid", "; die Landgutpacht wird gezahlt"));
    if (cl->winter)
        kt_buf_puts(out, TR(lang, "; winter: the sea is closed", "; Winter: die See ist gesperrt"));
    kt_buf_putc(out, '.');
    src_note(cl->src, lang, out);
}

static int describe_cfg(const fwm_cfg *c, const char *name, int lang, kt_buf *out)
{
    for (int t = 0; t < NTOPICS; t++)
        if (topic_match(name, topics[t].names)) {
            kt_buf_puts(out, DE(lang) ? topics[t].de : topics[t].en);
            return 1;
        }
    for (int i = 0; i < c->ncard; i++)
        if (name_is(name, c->card[i].id)) {
            describe_card(c, i, lang, out);
            return 1;
        }
    for (int i = 0; i < c->nsp; i++)
        if (name_is(name, c->sp[i].code) || name_is(name, c->sp[i].en) ||
            name_is(name, c->sp[i].de)) {
            describe_space(c, i, lang, out);
            return 1;
        }
    for (int a = 0; a < c->narea; a++)
        if (name_is(name, c->area[a].key) || name_is(name, c->area[a].en) ||
            name_is(name, c->area[a].de)) {
            describe_area(c, a, lang, out);
            return 1;
        }
    for (int k = 0; k < c->ncal; k++)
        if (name_is(name, c->cal[k].key) || name_is(name, c->cal[k].en) ||
            name_is(name, c->cal[k].de)) {
            describe_cal(c, k, lang, out);
            return 1;
        }
    for (int g = 0; g < FWM_NG; g++)
        if (name_is(name, fwm_good_name(g, KT_LANG_EN)) || name_is(name, fwm_good_name(g, KT_LANG_DE))) {
            kt_buf_printf(out, TR(lang, "%s: one of the three goods; the bank pays %d FL in a "
                                        "forced sale. Start: 2 cloth, 1 spice, 1 metal each.",
                                  "%s: eine der drei Waren; die Bank zahlt im Zwangsverkauf "
                                  "%d FL. Start: je 2 Tuch, 1 Gewürz, 1 Metall."),
                          fwm_good_name(g, lang), (int)fwm_force_price[g]);
            return 1;
        }
    return 0;
}

int fwm_describe(const char *name, int lang, kt_buf *out)
{
    fwm_cfg *c = kt_mem_zalloc(out->a, sizeof *c);
    kt_err err = {KT_ENOMEM, ""};
    int found = 0;
    char want[128];
    kt_text_norm(name ? name : "", want, sizeof want);
    if (c && fwm_load_data(c, out->a, NULL, &err) == KT_OK)
        found = describe_cfg(c, want, lang, out);
    else
        out->oom |= err.code == KT_ENOMEM; /* out of memory, not "no such component" */
    kt_mem_free(out->a, c, sizeof *c);
    return found;
}

void fwm_components(int lang, kt_buf *out)
{
    fwm_cfg *c = kt_mem_zalloc(out->a, sizeof *c);
    kt_err err = {KT_ENOMEM, ""};
    if (!c || fwm_load_data(c, out->a, NULL, &err) != KT_OK) {
        out->oom |= err.code == KT_ENOMEM; /* kt_game_components gives NULL */
        kt_buf_printf(out, "%s\n", err.msg);
        kt_mem_free(out->a, c, sizeof *c);
        return;
    }
    kt_buf_puts(out, TR(lang, "Cards (reconstructed; help ID explains one):\n",
                        "Karten (rekonstruiert; help ID erklärt eine):\n"));
    for (int i = 0; i < c->ncard; i++) {
        kt_buf_printf(out, "  [%d] ", c->card[i].level);
        fwm_card_title(c, i, lang, out);
        kt_buf_putc(out, '\n');
    }
    kt_buf_puts(out, TR(lang, "Towns:", "Städte:"));
    for (int i = 0; i < c->nsp; i++)
        if (c->sp[i].kind == SK_TOWN)
            kt_buf_printf(out, " %s (%s)", fwm_sp_name(c, i, lang), c->sp[i].code);
    kt_buf_puts(out, TR(lang, "\nRegions and seas:", "\nRegionen und Meere:"));
    for (int a = 0; a < c->narea; a++)
        kt_buf_printf(out, "%s %s", a ? "," : "", fwm_area_name(c, a, lang));
    kt_buf_puts(out, TR(lang, "\nTopics:", "\nThemen:"));
    for (int t = 0; t < NTOPICS; t++) {
        const char *e = strchr(topics[t].names, '|');
        kt_buf_printf(out, "%s %.*s", t ? "," : "", (int)(e ? e - topics[t].names : 40),
                      topics[t].names);
    }
    kt_buf_putc(out, '\n');
    kt_mem_free(out->a, c, sizeof *c);
}
