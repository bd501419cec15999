/*
 * help.c - help for every Marco Polo II component (gamedef.describe):
 * characters, goal cards, contracts, city cards, cities and oases (with
 * their routes), special cities, guild seals, offer tiles, city-bonus
 * markers, outpost tiles, route tiles, the action spaces and bonus actions,
 * and a few rules terms (fee, shields, final scoring, the screen's
 * letters).  English and German, in the project's own words.
 *
 * Data layout: describe() gets only a name (normalized by kt_text_norm,
 * either language), no game, so it loads the built-in component data into
 * a temporary mp2_cfg (heap, freed before returning) and writes the
 * components' values from it.  A request matches a component by id
 * ("G02", "C12", "K05", "T03", "P01", "M4", "II3"), by name in either
 * language, by the 3-letter code of the map, or with a leading word such
 * as "goal", "contract", "card", "keep goal" (so the text of an action
 * like "keep goal G02" finds its card).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mp2.h"
#include "../../core/mem.h"

#define L(en, de) (lang == KT_LANG_DE ? (de) : (en))

/* ------------------------------------------------------------ matching */

static int same(const char *want, const char *name)
{
    char n[128];
    kt_text_norm(name, n, sizeof n);
    return strcmp(want, n) == 0;
}

/* `want` without one of the leading words, or NULL. */
static const char *strip(const char *want, const char *const *words)
{
    for (int i = 0; words[i]; i++) {
        size_t n = strlen(words[i]);
        if (strncmp(want, words[i], n) == 0 && want[n] == ' ')
            return want + n + 1;
    }
    return NULL;
}

static const char *const prefixes[] = {
    "keep goal card", "behalte zielkarte", "keep goal", "behalte ziel", "goal card", "zielkarte",
    "goal", "ziel", "contract", "auftrag", "city card", "stadtkarte", "card", "karte",
    "route tile", "routenplaettchen", "outpost tile", "handelsplaettchen", "offer tile",
    "angebotsplaettchen", "bonus marker", "bonusplaettchen", "tile", "plaettchen", "character",
    "charakter", "choose", "waehle", "city", "stadt", "oasis", "oase", NULL};

/* ------------------------------------------------------------ helpers */

static void rw(const mp2_cfg *c, int r, int lang, kt_buf *out)
{
    for (int i = 0; i < c->rw[r].nalt; i++) {
        if (i)
            kt_buf_puts(out, L(" or ", " oder "));
        mp2_bundle_text(c, &c->rw[r].alt[i], lang, out);
    }
}

static const char *shield_name(const mp2_cfg *c, int k, int lang)
{
    return lang == KT_LANG_DE ? c->shield_de[k] : c->shield[k];
}

static const char *guild(const mp2_cfg *c, int g, int lang)
{
    return lang == KT_LANG_DE ? c->guild[g].de : c->guild[g].name;
}

static void source_note(int src, int lang, kt_buf *out)
{
    if (src == SRC_RECON)
        kt_buf_puts(out, L(" (Values reconstructed for kontor; see docs/marco_polo_2.md.)",
                           " (Werte für kontor rekonstruiert; siehe docs/marco_polo_2.md.)"));
}

/* ------------------------------------------------------------ characters */

static const char *const char_help[MP2_NCHAR][2] = {
    {"Moves through oases without spending steps on them: leaving an oasis entered in the same "
     "move is free. For every oasis passed this way in one move: 3 VP and 2 coins or 1 camel.",
     "Zieht durch Oasen, ohne dafür Schritte zu brauchen: eine im selben Zug betretene Oase zu "
     "verlassen ist frei. Für jede so durchquerte Oase eines Zugs: 3 SP und 2 Münzen oder 1 Kamel."},
    {"Takes a guild seal with a single die instead of two. Gets 1 jade whenever he improves a "
     "seal, and 1 extra shield at the final scoring.",
     "Nimmt ein Gildensiegel mit einem einzigen Würfel statt zwei. Erhält 1 Jade bei jeder "
     "Siegelverbesserung und 1 zusätzliches Wappen in der Endwertung."},
    {"Scores 1 VP for every jade she gains, from any source. Collects 2 coins at the start of "
     "each round and 1 jade for every contract she fulfils.",
     "Erhält 1 SP für jede Jade, die sie bekommt, gleich woher. Kassiert zu Beginn jeder Runde 2 "
     "Münzen und 1 Jade für jeden erfüllten Auftrag."},
    {"Two figures (the second starts in Beijing too) and 3 extra coins at the start. A move may "
     "be split between both figures. Each round one of her income bonuses counts twice. A caravan "
     "may not start towards a city with one of her figures.",
     "Zwei Figuren (die zweite beginnt ebenfalls in Peking) und 3 Münzen extra zu Beginn. Eine "
     "Bewegung darf auf beide Figuren verteilt werden. Jede Runde zählt einer ihrer Einkommensboni "
     "doppelt. Eine Karawane darf nicht in eine Stadt mit einer ihrer Figuren starten."},
    {"When another player takes an outpost tile, Filippo gets it too and keeps it; as a bonus "
     "action he may use a kept tile once for its reward. Tiles he takes himself are also kept for "
     "later (option filippo_own).",
     "Nimmt ein anderer ein Handelsplättchen, erhält Filippo es ebenfalls und behält es; als "
     "Bonusaktion kann er ein behaltenes Plättchen einmal für dessen Ertrag nutzen. Selbst "
     "genommene Plättchen behält er ebenso für später (Option filippo_own)."},
    {"For every die she rolls (round start, black dice): 1 or 6 gives 2 coins, 2 or 5 gives 1 VP, "
     "3 or 4 gives 1 camel. Once per roll a pair may instead give 1 jade (1s, 6s), 1 silk (2s, 5s) "
     "or 1 gold (3s, 4s).",
     "Für jeden Würfel, den sie würfelt (Rundenbeginn, schwarze Würfel): 1 oder 6 bringt 2 Münzen, "
     "2 oder 5 1 SP, 3 oder 4 1 Kamel. Einmal je Wurf darf ein Pasch stattdessen 1 Jade (1er, 6er), "
     "1 Seide (2er, 5er) oder 1 Gold (3er, 4er) bringen."},
    {"Pays no coins or camels for routes (jade costs still apply), but may travel only with the "
     "first travel space.",
     "Zahlt auf Routen keine Münzen und Kamele (Jadekosten bleiben), darf aber nur das erste "
     "Reisefeld nutzen."},
    {"Caravans expansion. His caravans move 2 steps further after a book action, improving a seal "
     "costs him no coins, and he has 1 extra shield at the final scoring.",
     "Karawanen-Erweiterung. Seine Karawanen ziehen nach einer Buchaktion 2 Schritte weiter, "
     "Siegelverbesserungen kosten ihn keine Münzen, und er hat 1 zusätzliches Wappen in der "
     "Endwertung."},
    {"Caravans expansion. Runs two caravans. Completing a route gives him 3 VP and 1 jade; with both "
     "routes running he chooses which of his two route tiles goes back.",
     "Karawanen-Erweiterung. Führt zwei Karawanen. Eine abgeschlossene Route bringt ihm 3 SP und "
     "1 Jade; laufen beide Routen, wählt er, welches seiner Routenplättchen zurückgeht."},
    {"Caravans expansion. Once per turn: 1 pepper + 1 silk + 1 gold for 5 VP. May fulfil a contract "
     "without paying its cost (then without its points); counts as 4 fulfilled contracts for the "
     "majority; the Contracts action gives him only one contract.",
     "Karawanen-Erweiterung. Einmal je Zug: 1 Pfeffer + 1 Seide + 1 Gold für 5 SP. Darf einen "
     "Auftrag ohne Bezahlung erfüllen (dann ohne dessen Punkte); zählt für die Mehrheit als 4 "
     "erfüllte Aufträge; die Auftragsaktion bringt ihm nur einen Auftrag."},
    {"Caravans expansion. Has one piece of each other colour: placed on a free space it counts as "
     "a 6 and leaves the game; it opens the city card of a city with a post of its colour. Gets 2 "
     "camels when her own dice go onto an occupied space.",
     "Karawanen-Erweiterung. Hat je eine Figur der anderen Farben: auf ein freies Feld gesetzt zählt "
     "sie als 6 und verlässt das Spiel; sie öffnet die Stadtkarte einer Stadt mit einem Posten "
     "ihrer Farbe. Erhält 2 Kamele, wenn ihre eigenen Würfel auf ein besetztes Feld kommen."},
};

static int describe_character(const char *want, int lang, kt_buf *out)
{
    int ch = -1;
    for (int i = 0; i < MP2_NCHAR && ch < 0; i++)
        if (same(want, mp2_char_name(i, KT_LANG_EN)) || same(want, mp2_char_name(i, KT_LANG_DE)))
            ch = i;
    if (ch < 0)
        ch = mp2_char_find(want);
    if (ch < 0)
        return 0;
    kt_buf_printf(out, "%s (%s): %s\n", mp2_char_name(ch, lang), L("character", "Charakter"),
                  char_help[ch][lang == KT_LANG_DE]);
    return 1;
}

/* ------------------------------------------------------------ cards and tiles */

static void goal_text(const mp2_cfg *c, int k, int lang, kt_buf *out)
{
    const mp2_goal *gl = &c->goal[k];
    kt_buf_printf(out, "%s %s: %s", L("Goal card", "Zielkarte"), gl->id,
                  L("kept secret until the final scoring. Each city shown gives 1 extra shield if "
                    "you have a trading post there:",
                    "bleibt bis zur Endwertung geheim. Jede gezeigte Stadt bringt 1 zusätzliches "
                    "Wappen, wenn du dort einen Handelsposten hast:"));
    for (int i = 0; i < gl->ncity; i++)
        kt_buf_printf(out, "%s %s", i ? "," : "", mp2_loc_name(c, gl->city[i], lang));
    kt_buf_printf(out, ". %s", L("Each seal shown scores its points if you improved it:",
                               "Jedes gezeigte Siegel bringt seine Punkte, wenn du es verbessert hast:"));
    for (int i = 0; i < gl->nseal; i++)
        kt_buf_printf(out, "%s %s %d %s", i ? "," : "", guild(c, gl->seal[i], lang), gl->sealvp[i],
                      L("VP", "SP"));
    kt_buf_puts(out, ".");
    source_note(gl->src, lang, out);
    kt_buf_putc(out, '\n');
}

static void contract_text(const mp2_cfg *c, int k, int lang, kt_buf *out)
{
    const mp2_contract *ct = &c->contract[k];
    kt_buf_printf(out, "%s %s%s: %s ", L("Contract", "Auftrag"), ct->id,
                  ct->starter ? L(" (starting contract)", " (Startauftrag)") : "",
                  L("as a bonus action, pay", "als Bonusaktion zahle"));
    rw(c, ct->cost, lang, out);
    kt_buf_printf(out, " %s ", L("and get", "und erhalte"));
    rw(c, ct->reward, lang, out);
    kt_buf_puts(out, L(". Fulfilled contracts also count for the majority at the end (8 and 4 VP).",
                       ". Erfüllte Aufträge zählen am Ende auch für die Mehrheit (8 und 4 SP)."));
    if (ct->starter)
        kt_buf_puts(out, L(" A starting contract leaves the game when discarded.",
                           " Ein Startauftrag verlässt beim Abwerfen das Spiel."));
    source_note(ct->src, lang, out);
    kt_buf_putc(out, '\n');
}

static void card_text(const mp2_cfg *c, int k, int lang, kt_buf *out)
{
    const mp2_card *cd = &c->card[k];
    kt_buf_printf(out, "%s %s: ", L("City card", "Stadtkarte"), cd->id);
    mp2_card_text(c, k, lang, out);
    kt_buf_printf(out, ". %s", L("Use it by placing one die on it: on a card beside a city you need a "
                                 "trading post there (Donata: a piece of a fitting colour), the two "
                                 "cards of the action area are open to all. Once per round.",
                                 "Nutze sie mit einem Würfel: für eine Karte neben einer Stadt brauchst "
                                 "du dort einen Handelsposten (Donata: eine Figur passender Farbe), die "
                                 "zwei Karten des Aktionsbereichs stehen allen offen. Einmal je Runde."));
    source_note(cd->src, lang, out);
    kt_buf_putc(out, '\n');
}

static int describe_id(const mp2_cfg *c, const char *want, int lang, kt_buf *out)
{
    for (int k = 0; k < MP2_NGOALS; k++)
        if (same(want, c->goal[k].id))
            return goal_text(c, k, lang, out), 1;
    for (int k = 0; k < MP2_NCONTRACTS; k++)
        if (same(want, c->contract[k].id))
            return contract_text(c, k, lang, out), 1;
    for (int k = 0; k < MP2_NCARDS; k++)
        if (same(want, c->card[k].id))
            return card_text(c, k, lang, out), 1;
    for (int k = 0; k < c->nrtile; k++)
        if (same(want, c->rtile[k].id)) {
            kt_buf_printf(out, "%s %s (%s + %s): %s\n", L("Route tile", "Routenplättchen"), c->rtile[k].id,
                          shield_name(c, c->rtile[k].crest[0], lang), shield_name(c, c->rtile[k].crest[1], lang),
                          L("starting a caravan takes a face-up tile with the shield of a city where "
                            "your figure stands; the caravan starts in a city with the other shield. "
                            "The tile lies face down until the next round once the route is done.",
                            "Wer eine Karawane startet, nimmt ein offenes Plättchen mit dem Wappen "
                            "einer Stadt, in der seine Figur steht; die Karawane beginnt in einer Stadt "
                            "mit dem anderen Wappen. Nach der Route liegt das Plättchen bis zur nächsten "
                            "Runde verdeckt."));
            return 1;
        }
    for (int k = 0; k < MP2_NOUTPOSTS; k++)
        if (same(want, c->outpost[k].id)) {
            kt_buf_printf(out, "%s %s: ", L("Outpost tile", "Handelsplättchen"), c->outpost[k].id);
            rw(c, c->outpost[k].reward, lang, out);
            kt_buf_printf(out, ". %s\n", L("The first trading post in its city takes it (Filippo "
                                           "Vitello keeps a copy for later).",
                                           "Der erste Handelsposten in seiner Stadt nimmt es (Filippo "
                                           "Vitello behält eine Kopie für später)."));
            return 1;
        }
    for (int k = 0; k < MP2_NMARKERS; k++)
        if (same(want, c->marker[k].id)) {
            kt_buf_printf(out, "%s %s: ", L("City-bonus marker", "Stadtbonus"), c->marker[k].id);
            if (c->marker[k].copy)
                kt_buf_puts(out, L("copies the bonus of another bonus city", "kopiert den Bonus einer anderen Bonusstadt"));
            else
                rw(c, c->marker[k].reward, lang, out);
            kt_buf_printf(out, ". %s\n", L("A trading post in its city gives it once when placed and "
                                           "again at the start of every round.",
                                           "Ein Handelsposten in seiner Stadt bringt ihn einmal beim "
                                           "Bauen und erneut zu Beginn jeder Runde."));
            return 1;
        }
    for (int k = 0; k < MP2_NOFFERS; k++)
        if (same(want, c->offer[k].id)) {
            kt_buf_printf(out, "%s %s (%s %d): %s ", L("Offer tile", "Angebotsplättchen"), c->offer[k].id,
                          L("book", "Buch"), c->offer[k].book + 1, L("for 1 jade", "für 1 Jade"));
            rw(c, c->offer[k].jade1, lang, out);
            kt_buf_printf(out, ", %s ", L("for 2 jade", "für 2 Jade"));
            rw(c, c->offer[k].jade2, lang, out);
            kt_buf_printf(out, ". %s\n", L("One tile per book and round adds these two offers.",
                                           "Je Buch und Runde ergänzt ein Plättchen diese zwei Angebote."));
            return 1;
        }
    return 0;
}

/* ------------------------------------------------------------ the map */

static void location_text(const mp2_cfg *c, int l, int lang, kt_buf *out)
{
    const mp2_loc *lc = &c->loc[l];
    char codes[MP2_MAXLOC][4];
    mp2_loc_codes(c, lang, codes);
    kt_buf_printf(out, "%s (%s): ", mp2_loc_name(c, l, lang), codes[l]);
    if (lc->kind == LK_START)
        kt_buf_puts(out, L("the start of every figure; no trading posts here.",
                           "Start aller Figuren; hier gibt es keine Handelsposten."));
    else if (lc->kind == LK_OASIS)
        kt_buf_puts(out, L("an oasis: travel passes through it, no trading posts (Mongke Khan crosses it "
                           "without spending a step).",
                           "eine Oase: Reisen führen hindurch, keine Handelsposten (Möngke Khan "
                           "durchquert sie ohne Schritt)."));
    else
        kt_buf_printf(out, "%s %s %s.", lc->large ? L("a large city", "eine große Stadt")
                                                  : L("a regional city", "eine Regionalstadt"),
                      L("with the shield", "mit dem Wappen"), shield_name(c, lc->shield, lang));
    if (lc->special) {
        const mp2_special *sp = &c->special[lc->special - 1];
        kt_buf_printf(out, " %s ", L("Special city: with a trading post here you may use its two "
                                     "spaces (one die each, one colour per city):",
                                     "Sonderstadt: mit einem Handelsposten hier darfst du ihre zwei "
                                     "Felder nutzen (je ein Würfel, eine Farbe je Stadt):"));
        for (int j = 0; j < 2; j++) {
            if (j)
                kt_buf_puts(out, L(" and ", " und "));
            rw(c, sp->reward[j], lang, out);
        }
        kt_buf_printf(out, "; %s %s%s", L("with the improved", "mit verbessertem"), guild(c, sp->guild, lang),
                      L(" seal also its bonus (twice from die", "-Siegel zusätzlich dessen Bonus (doppelt ab"));
        kt_buf_printf(out, " %d/%d).", sp->twice[0], sp->twice[1]);
    }
    if (lc->bonus)
        kt_buf_puts(out, L(" Bonus city: a marker (drawn at set-up) paid to each post here when built "
                           "and at every round start.",
                           " Bonusstadt: ein Marker (beim Aufbau gezogen) zahlt jedem Posten hier beim "
                           "Bauen und zu jedem Rundenbeginn."));
    if (lc->outpost)
        kt_buf_puts(out, L(" Outpost city: the first trading post takes its tile.",
                           " Außenposten: der erste Handelsposten nimmt sein Plättchen."));
    if (lc->card)
        kt_buf_puts(out, L(" A city card lies beside it (for players with a post here).",
                           " Neben ihr liegt eine Stadtkarte (für Spieler mit Posten hier)."));
    if (lc->ccity)
        kt_buf_puts(out, L(" Contract city: two face-up contracts; arriving with a new post you may "
                           "take one.",
                           " Auftragsstadt: zwei offene Aufträge; wer hier einen neuen Posten baut, "
                           "darf einen nehmen."));
    kt_buf_printf(out, " %s", L("Routes:", "Routen:"));
    for (int j = 0; j < lc->nadj; j++) {
        const mp2_route *r = &c->route[lc->route[j]];
        mp2_bundle b;
        memset(&b, 0, sizeof b);
        b.n[IT_COIN] = (int8_t)r->coins;
        b.n[IT_CAMEL] = (int8_t)r->camels;
        b.n[IT_JADE] = (int8_t)r->jade;
        kt_buf_printf(out, "%s %s ", j ? "," : "", mp2_loc_name(c, lc->adj[j], lang));
        mp2_bundle_text(c, &b, lang, out);
        if (r->seal)
            kt_buf_printf(out, " (%s %s%s)", L("needs the", "braucht das"), guild(c, r->seal - 1, lang),
                          L(" seal", "-Siegel"));
    }
    kt_buf_puts(out, ".\n");
}

static int describe_location(const mp2_cfg *c, const char *want, int lang, kt_buf *out)
{
    /* a special city's space: "Balkh 1", "Balch 2" */
    size_t n = strlen(want);
    char base[64];
    if (n > 2 && n < sizeof base && want[n - 2] == ' ' && (want[n - 1] == '1' || want[n - 1] == '2')) {
        memcpy(base, want, n - 2);
        base[n - 2] = '\0';
        for (int l = 0; l < c->nloc; l++)
            if (c->loc[l].special && (same(base, c->loc[l].name) || same(base, c->loc[l].de))) {
                location_text(c, l, lang, out);
                return 1;
            }
    }
    char codes[2][MP2_MAXLOC][4];
    mp2_loc_codes(c, KT_LANG_EN, codes[0]);
    mp2_loc_codes(c, KT_LANG_DE, codes[1]);
    for (int l = 0; l < c->nloc; l++)
        if (same(want, c->loc[l].name) || same(want, c->loc[l].de) || same(want, codes[0][l]) ||
            same(want, codes[1][l])) {
            location_text(c, l, lang, out);
            return 1;
        }
    return 0;
}

static int describe_guild(const mp2_cfg *c, const char *want, int lang, kt_buf *out)
{
    static const char *const seal_words[] = {"seal", "siegel", "guild", "gilde", NULL};
    for (int g = 0; g < MP2_NGUILD; g++) {
        char en[64], de[64];
        snprintf(en, sizeof en, "%s seal", c->guild[g].name);
        snprintf(de, sizeof de, "%s siegel", c->guild[g].de);
        const char *w = strip(want, seal_words);
        if (!same(want, c->guild[g].name) && !same(want, c->guild[g].de) && !same(want, en) &&
            !same(want, de) && !(w && (same(w, c->guild[g].name) || same(w, c->guild[g].de))))
            continue;
        const mp2_guild *gd = &c->guild[g];
        kt_buf_printf(out, "%s (%s): %s %d%s %d %s ", guild(c, g, lang), L("guild seal", "Gildensiegel"),
                      L("the Guild Seals action takes it with a lower die of at least", "die Gildensiegel-Aktion nimmt es mit einem niedrigeren Würfel von mindestens"),
                      gd->take, L("; it gives", "; es bringt"), gd->jade, L("jade", "Jade"));
        kt_buf_printf(out, L("(%d copies). Seals open sea routes. Improve it as a bonus action for ",
                             "(%d Exemplare). Siegel öffnen Seerouten. Verbessere es als Bonusaktion für "),
                      gd->copies);
        rw(c, gd->improve, lang, out);
        kt_buf_printf(out, ": %s ", L("then it pays", "dann bringt es"));
        rw(c, gd->income, lang, out);
        kt_buf_puts(out, L(" at once and at each round start, and goal cards score it.\n",
                           " sofort und zu jedem Rundenbeginn, und Zielkarten werten es.\n"));
        return 1;
    }
    return 0;
}

/* ------------------------------------------------------------ spaces and terms */

typedef struct topic {
    const char *names; /* normalized names, '|' between them */
    const char *en, *de;
} topic;

static const topic topics[] = {
    {"khan's favor|khans favor|khan|gunst des khans|khan's favour",
     "Khan's Favor: one die, at least as high as the last die there; at most four per round and no "
     "fee. Gives 4 coins and 2 camels.",
     "Gunst des Khans: ein Würfel, mindestens so hoch wie der letzte dort; höchstens vier je Runde, "
     "keine Gebühr. Bringt 4 Münzen und 2 Kamele."},
    {"guild seals|gildensiegel|seals",
     "Guild Seals: two dice (De Wu: one). Take a seal of a guild whose threshold the lower die "
     "reaches and that you do not hold yet, with its jade. Occupied: pay the fee.",
     "Gildensiegel: zwei Würfel (De Wu: einer). Nimm das Siegel einer Gilde, deren Schwelle der "
     "niedrigere Würfel erreicht und die du noch nicht hast, samt Jade. Besetzt: zahle die Gebühr."},
    {"contracts|auftraege|contracts action|auftragsaktion",
     "Contracts: one die. Get 3 coins and take one or two face-up contracts from contract cities "
     "where you have a trading post (Vidal Badoer: one). You may hold two; a third makes you discard "
     "one not taken in this action.",
     "Aufträge: ein Würfel. Erhalte 3 Münzen und nimm einen oder zwei offene Aufträge aus "
     "Auftragsstädten mit deinem Handelsposten (Vidal Badoer: einen). Du hältst höchstens zwei; "
     "beim dritten wirfst du einen ab, der nicht in dieser Aktion kam."},
    {"travel 1|reise 1",
     "Travel 1: one die, pay 2 coins, move 1 step. Routes cost their coins, camels and jade; "
     "where you stop you build a trading post.",
     "Reise 1: ein Würfel, zahle 2 Münzen, ziehe 1 Schritt. Routen kosten ihre Münzen, Kamele und "
     "Jade; wo du anhältst, baust du einen Handelsposten."},
    {"travel 2|reise 2",
     "Travel 2: two dice, move up to as many steps as the lower die, at most 3.",
     "Reise 2: zwei Würfel, ziehe bis zu so viele Schritte wie der niedrigere Würfel, höchstens 3."},
    {"travel 3|reise 3",
     "Travel 3: three dice, move up to as many steps as the lowest die; also build an extra trading "
     "post in one city you passed.",
     "Reise 3: drei Würfel, ziehe bis zu so viele Schritte wie der niedrigste Würfel; baue zusätzlich "
     "einen Handelsposten in einer durchquerten Stadt."},
    {"travel|reise|routes|routen|route",
     "Travel: the three travel spaces move your figure along routes; each route costs what the "
     "routes line of the screen shows (c coins, m camels, j jade; jade also pays for missing coins or "
     "camels); sea routes (~) need the guild seal shown. Whoever uses the highest travel space (the "
     "last of them on a tie) becomes the next first player.",
     "Reisen: die drei Reisefelder bewegen deine Figur entlang der Routen; jede Route kostet, was die "
     "Routenzeile des Bildschirms zeigt (c Münzen, m Kamele, j Jade; Jade zahlt auch fehlende Münzen "
     "oder Kamele); Seerouten (~) brauchen das gezeigte Gildensiegel. Wer das höchste Reisefeld nutzt "
     "(bei Gleichstand der Letzte), wird nächster Startspieler."},
    {"money bag|geldsack|bag",
     "Money bag (bonus action): give up any die, own or black, for 3 coins, 2 camels or 1 jade. "
     "As often as you like, no fee.",
     "Geldsack (Bonusaktion): gib einen beliebigen Würfel, eigen oder schwarz, für 3 Münzen, 2 Kamele "
     "oder 1 Jade ab. Beliebig oft, ohne Gebühr."},
    {"reroll|wuerfle neu|neu wuerfeln",
     "Reroll (bonus action): 1 camel to roll one of your dice again.",
     "Neu würfeln (Bonusaktion): 1 Kamel, um einen deiner Würfel neu zu würfeln."},
    {"turn|drehe|turn a die|wuerfel drehen",
     "Turn a die (bonus action): 2 camels to change one die by 1 up or down.",
     "Würfel drehen (Bonusaktion): 2 Kamele, um einen Würfel um 1 zu erhöhen oder zu senken."},
    {"black die|black dice|schwarzer wuerfel|schwarze wuerfel|take a black die|nimm einen schwarzen wuerfel",
     "Black die (bonus action): once per turn, 3 camels for a black die from the supply, rolled at "
     "once. It is placed like your own dice but ignores the one-colour rule.",
     "Schwarzer Würfel (Bonusaktion): einmal je Zug 3 Kamele für einen schwarzen Würfel aus dem "
     "Vorrat, sofort gewürfelt. Er wird wie eigene Würfel gesetzt, aber ohne die Farbregel."},
    {"end turn|zug beenden",
     "End turn: after your normal action (or when your dice are gone) you end your turn; bonus "
     "actions may come before it.",
     "Zug beenden: nach deiner normalen Aktion (oder ohne Würfel) beendest du den Zug; Bonusaktionen "
     "dürfen davor kommen."},
    {"fee|gebuehr",
     "Fee: a space others used this round may still be used (books, contracts, seals, travel): pay as "
     "many coins as your lowest die there. One colour per space and round; black dice are exempt.",
     "Gebühr: ein diese Runde schon belegtes Feld (Bücher, Aufträge, Siegel, Reisen) darf weiter genutzt "
     "werden: zahle so viele Münzen wie dein niedrigster Würfel dort. Eine Farbe je Feld und Runde; "
     "schwarze Würfel sind ausgenommen."},
    {"shields|shield|wappen",
     "Shields: at the end, count the different shields of cities with your trading posts, plus +1 "
     "shields from rewards, your goal card's cities with a post and De Wu's or Tebaldo's extra one; "
     "the track turns them into points (13 or more: 43).",
     "Wappen: am Ende zählen die verschiedenen Wappen deiner Städte mit Handelsposten, dazu +1-Wappen "
     "aus Belohnungen, die Städte deiner Zielkarte mit Posten und das Extra von De Wu oder Tebaldo; "
     "die Leiste macht daraus Punkte (13 oder mehr: 43)."},
    {"final scoring|endwertung|scoring|wertung",
     "Final scoring after round 5: points from the game, goal seals improved, the shield track, 1 VP "
     "per 2 goods and jade, 1 VP per 10 coins, 8 and 4 VP for most and second most fulfilled "
     "contracts, goods on running caravans; ties go to the most camels.",
     "Endwertung nach Runde 5: Punkte aus dem Spiel, verbesserte Zielsiegel, die Wappenleiste, 1 SP je "
     "2 Waren und Jade, 1 SP je 10 Münzen, 8 und 4 SP für die meisten und zweitmeisten erfüllten "
     "Aufträge, Waren auf laufenden Karawanen; bei Gleichstand entscheiden die Kamele."},
    {"compensation|ausgleich",
     "Compensation: if your five dice show less than 15 pips, take the difference in any mix of coins "
     "and camels.",
     "Ausgleich: zeigen deine fünf Würfel weniger als 15 Augen, nimm die Differenz als beliebige "
     "Mischung aus Münzen und Kamelen."},
    {"trading post|trading posts|handelsposten|posten|post",
     "Trading post: built where a move ends (not in Beijing or oases). Gives the city's bonus, outpost "
     "tile and a contract there; the 9th and 10th give 5 VP, the 11th 10 VP; with all 11 placed you "
     "move one.",
     "Handelsposten: wird gebaut, wo eine Bewegung endet (nicht in Peking oder Oasen). Bringt Bonus, "
     "Handelsplättchen und einen Auftrag der Stadt; der 9. und 10. bringen 5 SP, der 11. 10 SP; sind "
     "alle 11 gesetzt, versetzt du einen."},
    {"caravan|caravans|karawane|karawanen",
     "Caravans (expansion): as a bonus action load 1-2 goods and take a route tile whose shield "
     "matches your figure's city; the caravan starts in a city with the other shield. After each book "
     "action it moves (book 1: 2 steps, 2: 3, 3: 4); back at your figure you complete the route: "
     "sell each good (2/4/6 VP), upgrade it or double it.",
     "Karawanen (Erweiterung): als Bonusaktion 1-2 Waren laden und ein Routenplättchen nehmen, dessen "
     "Wappen zur Stadt deiner Figur passt; die Karawane beginnt in einer Stadt mit dem anderen Wappen. "
     "Nach jeder Buchaktion zieht sie (Buch 1: 2 Schritte, 2: 3, 3: 4); erreicht deine Figur sie, "
     "schließt du die Route ab: jede Ware verkaufen (2/4/6 SP), veredeln oder verdoppeln."},
    {"legend|legende|letters|buchstaben|symbols|symbole",
     "Screen letters: c coin, m camel, j jade, p pepper, s silk, g gold, v VP, ? a good of your choice, "
     "d draw a contract, k take a contract, b black die, t step, x extra post, h shield. \"2p1m\" is 2 "
     "pepper and 1 camel, a|b a choice, a:b pay a for b, /d per pip of the die. On the map: BYGR trading "
     "posts, 1-4 figures, bygr caravans, * a long route (listed with the routes), ~ a sea route.",
     "Bildschirmbuchstaben: c Münze, m Kamel, j Jade, p Pfeffer, s Seide, g Gold, v SP, ? Ware nach Wahl, "
     "d Auftrag ziehen, k Auftrag nehmen, b schwarzer Würfel, t Schritt, x zusätzlicher Posten, h Wappen. "
     "\"2p1m\" sind 2 Pfeffer und 1 Kamel, a|b eine Wahl, a:b zahle a für b, /d je Würfelauge. Auf der "
     "Karte: BYGR Handelsposten, 1-4 Figuren, bygr Karawanen, * eine lange Route (bei den Routen "
     "gelistet), ~ eine Seeroute."},
    {"jade",
     "Jade: a resource worth half a point at the end; it pays any missing coin or camel (only the "
     "shortfall), buys the offer-tile choices of the books and is needed on some routes.",
     "Jade: am Ende einen halben Punkt wert; zahlt fehlende Münzen oder Kamele (nur den Fehlbetrag), "
     "kauft die Angebote der Buchplättchen und wird auf manchen Routen gebraucht."},
};

static int topic_match(const char *want, const char *names)
{
    const char *p = names;
    while (*p) {
        const char *e = strchr(p, '|');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        if (strlen(want) == n && strncmp(want, p, n) == 0)
            return 1;
        p = e ? e + 1 : p + n;
    }
    return 0;
}

/* The books: one die with a minimum; the two printed offers, the round's
 * offer tile for 1 or 2 jade. */
static int describe_book(const mp2_cfg *c, const char *want, int lang, kt_buf *out)
{
    static const char *const names[3] = {
        "pepper book|book 1|pfefferbuch|buch 1|pepper|pfeffer",
        "silk book|book 2|seidenbuch|buch 2|silk|seide",
        "gold book|book 3|goldbuch|buch 3|gold book upper|gold book lower|goldbuch oben|goldbuch unten|gold",
    };
    for (int b = 0; b < 3; b++) {
        if (!topic_match(want, names[b]))
            continue;
        int sp = b < 2 ? b : SP_BOOK3A;
        kt_buf_printf(out, "%s %d: %s %d%s ", L("Book", "Buch"), b + 1, L("one die of at least", "ein Würfel ab"),
                      c->space[sp].min, L("; choose one offer:", "; wähle ein Angebot:"));
        rw(c, c->book_top[b][0], lang, out);
        kt_buf_puts(out, L(", or ", ", oder "));
        rw(c, c->book_top[b][1], lang, out);
        kt_buf_puts(out, L(", or one of the round's offer tile for 1 or 2 jade.",
                           ", oder eines des Rundenplättchens für 1 oder 2 Jade."));
        if (b == 2)
            kt_buf_puts(out, L(" The gold book has two spaces.", " Das Goldbuch hat zwei Felder."));
        kt_buf_puts(out, L(" With caravans, your caravans move afterwards.\n",
                           " Mit Karawanen ziehen danach deine Karawanen.\n"));
        return 1;
    }
    return 0;
}

static int describe_topic(const mp2_cfg *c, const char *want, int lang, kt_buf *out)
{
    if (describe_book(c, want, lang, out))
        return 1;
    for (size_t i = 0; i < sizeof topics / sizeof topics[0]; i++)
        if (topic_match(want, topics[i].names)) {
            kt_buf_printf(out, "%s\n", lang == KT_LANG_DE ? topics[i].de : topics[i].en);
            return 1;
        }
    if (topic_match(want, "card a|card b|karte a|karte b|action area|aktionsbereich")) {
        kt_buf_puts(out, L("Cards A and B: the two city cards of the action area, open to every player; "
                           "two new ones each round.\n",
                           "Karten A und B: die zwei Stadtkarten des Aktionsbereichs, offen für alle; "
                           "jede Runde zwei neue.\n"));
        return 1;
    }
    return 0;
}

/* ------------------------------------------------------------ entry */

int mp2_describe(const char *name, int lang, kt_buf *out)
{
    mp2_cfg *c = kt_mem_zalloc(out->a, sizeof *c);
    kt_err err = {KT_ENOMEM, ""};
    if (c)
        c->np = MP2_MAXP;
    if (!c || mp2_load_data(c, out->a, NULL, &err) != KT_OK) {
        out->oom |= err.code == KT_ENOMEM; /* out of memory, not "no such component" */
        kt_mem_free(out->a, c, sizeof *c);
        return 0;
    }
    lang = lang == KT_LANG_DE ? KT_LANG_DE : KT_LANG_EN;
    const char *want = name;
    int found = 0;
    for (int pass = 0; pass < 2 && !found; pass++) {
        found = describe_id(c, want, lang, out) || describe_character(want, lang, out) ||
                describe_location(c, want, lang, out) || describe_guild(c, want, lang, out) ||
                describe_topic(c, want, lang, out);
        /* "keep goal G02", "contract C12", "choose Mongke Khan": the words after */
        const char *rest = strip(want, prefixes);
        if (!rest)
            break;
        want = rest;
    }
    kt_mem_free(out->a, c, sizeof *c);
    return found;
}

void mp2_components(int lang, kt_buf *out)
{
    mp2_cfg *c = kt_mem_zalloc(out->a, sizeof *c);
    kt_err err = {KT_ENOMEM, "out of memory"};
    if (!c || mp2_load_data(c, out->a, NULL, &err) != KT_OK) {
        out->oom |= err.code == KT_ENOMEM; /* kt_game_components gives NULL */
        kt_buf_printf(out, "data error: %s\n", err.msg);
        kt_mem_free(out->a, c, sizeof *c);
        return;
    }
    kt_buf_printf(out, "%s\n", L("Marco Polo II - components (provenance in brackets)",
                                 "Marco Polo II - Material (Herkunft in Klammern)"));
    kt_buf_printf(out, "\n%s\n", L("Cities:", "Städte:"));
    for (int i = 0; i < c->nloc; i++) {
        const mp2_loc *l = &c->loc[i];
        kt_buf_printf(out, "  %-12s %-8s %s", lang == KT_LANG_DE ? l->de : l->name,
                      l->kind == LK_CITY ? (l->large ? L("large", "groß") : L("regional", "regional"))
                      : l->kind == LK_OASIS ? L("oasis", "Oase") : "start",
                      l->kind == LK_CITY ? (lang == KT_LANG_DE ? c->shield_de[l->shield] : c->shield[l->shield]) : "");
        kt_buf_printf(out, "%s%s%s%s%s [%s]\n", l->special ? " special" : "", l->bonus ? " bonus" : "",
                      l->card ? " card" : "", l->ccity ? " contracts" : "", l->outpost ? " outpost" : "",
                      mp2_src_name(l->src));
    }
    kt_buf_printf(out, "\n%s\n", L("Routes:", "Routen:"));
    for (int i = 0; i < c->nroute; i++) {
        const mp2_route *r = &c->route[i];
        kt_buf_printf(out, "  %s - %s: %dc %dcam %djade%s%s [%s]\n", mp2_loc_name(c, r->a, lang),
                      mp2_loc_name(c, r->b, lang), r->coins, r->camels, r->jade,
                      r->seal ? " seal " : "", r->seal ? mp2_guild_name(c, r->seal - 1, lang) : "",
                      mp2_src_name(r->src));
    }
    kt_buf_printf(out, "\n%s\n", L("City cards:", "Stadtkarten:"));
    for (int i = 0; i < MP2_NCARDS; i++) {
        const mp2_card *cd = &c->card[i];
        static const char *const kinds[] = {"trade", "either", "per contract", "per post",
                                            "city bonuses", "guild seal"};
        kt_buf_printf(out, "  %s %s min %d: ", cd->id, kinds[cd->kind], cd->min);
        if (cd->pay) {
            mp2_rw_text(c, cd->pay, lang, out);
            kt_buf_puts(out, " -> ");
        }
        if (cd->gain)
            mp2_rw_text(c, cd->gain, lang, out);
        if (cd->kind == CK_EITHER) {
            kt_buf_puts(out, " | ");
            mp2_rw_text(c, cd->pay2, lang, out);
            kt_buf_puts(out, " -> ");
            mp2_rw_text(c, cd->gain2, lang, out);
        }
        kt_buf_printf(out, " [%s]\n", mp2_src_name(cd->src));
    }
    kt_buf_printf(out, "\n%s\n", L("Contracts:", "Aufträge:"));
    for (int i = 0; i < MP2_NCONTRACTS; i++) {
        const mp2_contract *k = &c->contract[i];
        kt_buf_printf(out, "  %s%s: ", k->id, k->starter ? L(" (start)", " (Start)") : "");
        mp2_rw_text(c, k->cost, lang, out);
        kt_buf_puts(out, " -> ");
        mp2_rw_text(c, k->reward, lang, out);
        kt_buf_printf(out, " [%s]\n", mp2_src_name(k->src));
    }
    kt_buf_printf(out, "\n%s\n", L("Guilds:", "Gilden:"));
    for (int g = 0; g < MP2_NGUILD; g++) {
        kt_buf_printf(out, "  %s: %s %d, +%d jade; ", mp2_guild_name(c, g, lang), L("die", "Würfel"),
                      c->guild[g].take, c->guild[g].jade);
        mp2_rw_text(c, c->guild[g].improve, lang, out);
        kt_buf_puts(out, " -> ! ");
        mp2_rw_text(c, c->guild[g].income, lang, out);
        kt_buf_printf(out, " [%s]\n", mp2_src_name(c->guild[g].src));
    }
    kt_buf_printf(out, "\n%s", L("Characters:", "Charaktere:"));
    for (int i = 0; i < MP2_NCHAR; i++)
        kt_buf_printf(out, "%s %s", i ? "," : "", mp2_char_name(i, lang));
    kt_buf_putc(out, '\n');
    kt_mem_free(out->a, c, sizeof *c);
}
