/*
 * data.c - Dominion's const component tables: every card (id = index, see
 * dominion.h), the named kingdom presets, and name lookup.
 *
 * Layout of a dom_card record: English and German name, cost in coins, kind
 * (basic / kingdom / Loot / Event / Trait), types, the vanilla "+" bonuses a
 * card gives first when played (Treasures: their coin value), printed VP,
 * engine flags (has a program, auto-played Treasure, blocking Reaction...),
 * set, provenance mark, and the effect in our own words (never card text).
 *
 * Facts (names, costs, types, pile sizes) come from ../shared/reference/
 * dominion.md §1.4/§1.5, which cross-checks sgraaf/dominion-setup
 * (base.json), sumpfork/dominiontabs (cards_db.json, de/cards_de.json) and
 * blakevanlan/KingdomCreator; see docs/dominion.md.  Adding Plunder means
 * appending records here (ids after DOM_ARTISAN) and programs in cards.c.
 */
#include <string.h>

#include "dominion.h"

#define T_ DOM_T_TREASURE
#define V_ DOM_T_VICTORY
#define C_ DOM_T_CURSE
#define A_ DOM_T_ACTION
#define AT DOM_T_ATTACK
#define R_ DOM_T_REACTION
#define SP DOM_CF_SPECIAL
#define B2 DOM_SET_BASE2
#define PUB DOM_SRC_PUBLIC

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
};

/* Recommended kingdoms of the 2nd-edition rulebook.  Card lists as given by
 * kieranmillar/extra-recommended-sets (officialKingdoms.js); First Game also
 * matches a second public kingdom list, Size Distortion the DominionStrategy
 * wiki page "Size Distortion" (Second Edition). */
const dom_preset dom_presets[] = {
    {"First Game",
     "Cellar,Market,Merchant,Militia,Mine,Moat,Remodel,Smithy,Village,Workshop",
     DOM_SRC_RULEBOOK, "Dominion 2E rulebook; kieranmillar/extra-recommended-sets"},
    {"Size Distortion",
     "Artisan,Bandit,Bureaucrat,Chapel,Festival,Gardens,Sentry,Throne Room,Witch,Workshop",
     DOM_SRC_RULEBOOK, "Dominion 2E rulebook; DominionStrategy wiki; kieranmillar/extra-recommended-sets"},
    {"Deck Top",
     "Artisan,Bureaucrat,Council Room,Festival,Harbinger,Laboratory,Moneylender,Sentry,Vassal,"
     "Village",
     DOM_SRC_RULEBOOK, "Dominion 2E rulebook; kieranmillar/extra-recommended-sets"},
    {"Sleight of Hand",
     "Cellar,Council Room,Festival,Gardens,Harbinger,Library,Militia,Poacher,Smithy,Throne Room",
     DOM_SRC_RULEBOOK, "Dominion 2E rulebook; kieranmillar/extra-recommended-sets"},
    {"Improvements",
     "Artisan,Cellar,Market,Merchant,Mine,Moat,Moneylender,Poacher,Remodel,Witch",
     DOM_SRC_RULEBOOK, "Dominion 2E rulebook; kieranmillar/extra-recommended-sets"},
    {"Silver & Gold",
     "Bandit,Bureaucrat,Chapel,Harbinger,Laboratory,Merchant,Mine,Moneylender,Throne Room,Vassal",
     DOM_SRC_RULEBOOK, "Dominion 2E rulebook; kieranmillar/extra-recommended-sets"},
};
const int dom_npresets = (int)(sizeof dom_presets / sizeof dom_presets[0]);

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

void dom_card_suggest(const char *name, kt_buf *out)
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
        kt_buf_printf(out, "%s%s", n ? ", " : "", dom_cards[best[k]].en);
        n++;
    }
}
