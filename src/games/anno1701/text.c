/*
 * text.c - Anno 1701 as text: action texts (English and German, unique among
 * the legal actions of a decision, parsed back by the core), decision names
 * and prompts, menu items, and the terminal view (two settlements side by
 * side in 120 columns, at most 30 lines).
 *
 * What a viewer may not see never appears: the card taken from a searched
 * pile, put under a pile by an exchange or the lodge, or taken by the Spy is
 * named only for the player who acts (and the Spy's victim); the opponent's
 * hand shows as eras unless the viewer knows the cards.
 */
#include <stdio.h>
#include <string.h>

#include "anno1701.h"

static const char *const pile_names[AN_NPILE] = {"I-a", "I-b", "II-a", "II-b", "III-a", "III-b"};

const char *an_pile_name(int pile) { return pile >= 0 && pile < AN_NPILE ? pile_names[pile] : "?"; }

const char *an_def_name(const an_cfg *c, int d, int lang)
{
    if (d < 0 || d >= c->ndef)
        return "?";
    return lang == KT_LANG_DE ? c->def[d].de : c->def[d].name;
}

static const char *level_name(const an_cfg *c, int l, int lang)
{
    return lang == KT_LANG_DE ? c->level[l].de : c->level[l].name;
}

static const char *kind_name(int k, int lang)
{
    return k == AN_GOLD ? (lang == KT_LANG_DE ? "Gold" : "gold") : an_good_name(k, lang);
}

void an_eff_text(const an_eff *e, int lang, kt_buf *out)
{
    if (e->n == 0)
        kt_buf_puts(out, lang == KT_LANG_DE ? "nichts" : "nothing");
    for (int i = 0; i < e->n; i++)
        kt_buf_printf(out, "%s%+d %s", i ? ", " : "", e->amount[i],
                      an_item_name(e->item[i], lang));
}

/* ------------------------------------------------------------ action texts */

static int valid_def(const an_cfg *c, int d) { return d >= 0 && d < c->ndef; }

/* Context-free actions of the turn decision. */
static int turn_text(const an_cfg *c, const an_state *s, kt_action a, int see, int de,
                     kt_buf *out)
{
    int k = AN_AX(a), y = AN_AY(a), z = AN_AZ(a), lang = de ? KT_LANG_DE : KT_LANG_EN;
    switch (AN_AK(a)) {
    case A_BUILD:
        if (!valid_def(c, k))
            return 0;
        kt_buf_printf(out, de ? "baue %s" : "build %s", an_def_name(c, k, lang));
        return 1;
    case A_UPGRADE:
        if (k > 2)
            return 0;
        kt_buf_printf(out, de ? "werte %s zu %s auf" : "upgrade %s to %s",
                      level_name(c, k, lang), level_name(c, k + 1, lang));
        return 1;
    case A_REPAIR:
        if (s->pl[s->h.to_move < 0 ? 0 : s->h.to_move].ship == 0)
            kt_buf_puts(out, de ? "repariere Schiff (1 Holz)" : "repair ship (1 wood)");
        else
            kt_buf_puts(out, de ? "verbessere Schiff (1 Holz)" : "improve ship (1 wood)");
        return 1;
    case A_PLAY:
        if (!valid_def(c, k))
            return 0;
        kt_buf_printf(out, de ? "spiele %s" : "play %s", an_def_name(c, k, lang));
        return 1;
    case A_BANK:
        if (k >= AN_NKINDS || y >= AN_NKINDS)
            return 0;
        kt_buf_printf(out, de ? "Bank: %d %s gegen 1 %s" : "bank: %d %s for 1 %s", c->k.bank_rate,
                      kind_name(k, lang), kind_name(y, lang));
        return 1;
    case A_OFFER:
        if (k || y || z)
            return 0;
        kt_buf_puts(out, de ? "Handel anbieten" : "offer a trade");
        return 1;
    case A_SAIL:
        if (k == AN_NONE)
            kt_buf_puts(out, de ? "segle" : "sail");
        else if (valid_def(c, k))
            kt_buf_printf(out, de ? "segle mit %s" : "sail with %s", an_def_name(c, k, lang));
        else
            return 0;
        return 1;
    case A_DRAW:
        if (k >= AN_NPILE)
            return 0;
        kt_buf_printf(out, de ? "ziehe von Stapel %s" : "draw from pile %s", pile_names[k]);
        return 1;
    case A_SEARCH:
        if (k >= AN_NPILE)
            return 0;
        kt_buf_printf(out, de ? "durchsuche Stapel %s (%d Gold)" : "search pile %s (%d gold)",
                      pile_names[k], c->k.search_cost);
        return 1;
    case A_EXCH:
        if (!valid_def(c, k) || y >= AN_NPILE)
            return 0;
        if (see)
            kt_buf_printf(out, de ? "lege %s unter Stapel %s" : "exchange %s under pile %s",
                          an_def_name(c, k, lang), pile_names[y]);
        else
            kt_buf_printf(out, de ? "lege eine Karte unter Stapel %s" : "exchange a card under "
                                                                        "pile %s",
                          pile_names[y]);
        return 1;
    case A_PILE:
        if (k >= 2)
            return 0;
        kt_buf_printf(out, de ? "ziehe %d von Stapel %s" : "draw %d from pile %s",
                      c->k.start_hand, pile_names[k]);
        return 1;
    default:
        return -1;
    }
}

static int answer_text(const an_cfg *c, const an_state *s, kt_action a, int see, int de,
                       kt_buf *out)
{
    int k = AN_AX(a), y = AN_AY(a), lang = de ? KT_LANG_DE : KT_LANG_EN;
    const an_task *t = s->nstk ? &s->stk[s->nstk - 1] : NULL;
    switch (AN_AK(a)) {
    case A_PAY: {
        int n = t && t->t == K_PAY ? t->x : 0, have = t ? an_gold(&s->pl[t->p]) : 0;
        n = n < have ? n : have;
        if (k > n)
            return 0;
        kt_buf_printf(out, de ? "zahle %d links, %d rechts" : "pay %d left, %d right", k, n - k);
        return 1;
    }
    case A_GOOD:
    case A_STEAL:
    case A_LOSE:
    case A_BUYG:
    case A_SELLG: {
        if (k >= AN_NGOODS)
            return 0;
        const char *gn = an_good_name(k, lang);
        switch (AN_AK(a)) {
        case A_GOOD: kt_buf_printf(out, de ? "nimm %s" : "take %s", gn); break;
        case A_STEAL: kt_buf_printf(out, de ? "raube %s" : "steal %s", gn); break;
        case A_LOSE: kt_buf_printf(out, de ? "gib %s ab" : "give up %s", gn); break;
        case A_BUYG: kt_buf_printf(out, de ? "kaufe %s für 1 Gold" : "buy %s for 1 gold", gn); break;
        default: kt_buf_printf(out, de ? "verkaufe %s für 1 Gold" : "sell %s for 1 gold", gn); break;
        }
        return 1;
    }
    case A_HARB:
        if (k >= AN_NGOODS || y >= AN_NGOODS)
            return 0;
        kt_buf_printf(out, de ? "Hafen: %s gegen %s" : "harbour: %s for %s",
                      an_good_name(k, lang), an_good_name(y, lang));
        return 1;
    case A_LODGE:
        if (!valid_def(c, k) || y >= AN_NPILE)
            return 0;
        if (see)
            kt_buf_printf(out, de ? "Loge: %s unter Stapel %s" : "lodge: %s under pile %s",
                          an_def_name(c, k, lang), pile_names[y]);
        else
            kt_buf_printf(out, de ? "Loge: eine Karte unter Stapel %s"
                                  : "lodge: a card under pile %s",
                          pile_names[y]);
        return 1;
    case A_CANCEL:
        kt_buf_printf(out, de ? "mit dem Theater abwehren (%d Gold)"
                              : "cancel with the Theatre (%d gold)",
                      c->k.theatre_cost);
        return 1;
    case A_TAKE:
    case A_PICK:
        if (!valid_def(c, k))
            return 0;
        if (see)
            kt_buf_printf(out, de ? "nimm %s" : "take %s", an_def_name(c, k, lang));
        else
            kt_buf_puts(out, de ? "nimm eine Karte" : "take a card");
        return 1;
    case A_GIVE:
    case A_ASK:
        if (k >= AN_NKINDS || y)
            return 0;
        if (AN_AK(a) == A_GIVE)
            kt_buf_printf(out, de ? "gib 1 %s" : "give 1 %s", kind_name(k, lang));
        else
            kt_buf_printf(out, de ? "verlange 1 %s" : "ask for 1 %s", kind_name(k, lang));
        return 1;
    case A_SEND:
        kt_buf_puts(out, de ? "Angebot machen" : "make the offer");
        return 1;
    case A_PLACE: {
        if (k >= AN_NLAND || y)
            return 0;
        int p = t ? t->p : 0;
        const an_land *ld = &c->set[s->pl[p].set].land[k];
        kt_buf_printf(out, de ? "lege %s auf %c (Würfel %d, %s)" : "put %s on %c (die %d, %s)",
                      an_good_name(ld->good, lang), ld->letter, ld->die,
                      ld->centre ? (de ? "rechts" : "right") : (de ? "links" : "left"));
        return 1;
    }
    case A_ACCEPT:
        kt_buf_puts(out, de ? "annehmen" : "accept");
        return 1;
    case A_CONT:
        kt_buf_puts(out, de ? "weitersegeln" : "sail on");
        return 1;
    case A_PAYOFF: {
        int d = t && t->t == K_PIRATE ? t->x : -1;
        if (d < 0)
            return 0;
        kt_buf_printf(out, de ? "zahle %d Gold" : "pay %d gold", c->vdef[d].demand);
        return 1;
    }
    case A_FIGHT:
        kt_buf_puts(out, de ? "kämpfe" : "fight");
        return 1;
    case A_BUY: {
        int d = t && t->t == K_BUY ? t->x : -1;
        if (d < 0 || k >= c->vdef[d].noffer)
            return 0;
        kt_buf_printf(out, de ? "kaufe %s für %d Gold" : "buy %s for %d gold",
                      an_item_name(c->vdef[d].offer_item[k], lang), c->vdef[d].offer_price[k]);
        return 1;
    }
    case A_NO: {
        int tt = t ? t->t : K_NONE;
        const char *en = tt == K_THEATRE ? "let it happen" : tt == K_SAIL ? "return home"
                         : tt == K_BUY   ? "done"
                         : tt == K_COMPOSE ? "withdraw the offer"
                                           : "decline";
        const char *ge = tt == K_THEATRE ? "geschehen lassen" : tt == K_SAIL ? "heimkehren"
                         : tt == K_BUY   ? "fertig"
                         : tt == K_COMPOSE ? "Angebot zurückziehen"
                                           : "ablehnen";
        kt_buf_puts(out, de ? ge : en);
        return 1;
    }
    case A_END:
        if (t && t->t == K_REFILL)
            kt_buf_puts(out, de ? "fertig" : "done");
        else
            kt_buf_puts(out, de ? "Zug beenden" : "end turn");
        return 1;
    default:
        return 0;
    }
}

void an_action_text(const kt_game *g, const kt_state *st, kt_action a, int viewer, int lang,
                    kt_buf *out)
{
    const an_cfg *c = an_c(g);
    const an_state *s = (const an_state *)st;
    int de = lang == KT_LANG_DE;
    int actor = s->h.to_move;
    /* hidden card names: only for the actor; the Spy's victim sees what is taken */
    int see = viewer == KT_OMNISCIENT || (viewer >= 0 && viewer == actor) ||
              (AN_AK(a) == A_TAKE && viewer >= 0 && viewer == 1 - actor);
    if (AN_AK(a) >= AN_NACT) {
        kt_buf_puts(out, de ? "unbekannte Aktion" : "unknown action");
        return;
    }
    int r = turn_text(c, s, a, see, de, out);
    if (r < 0)
        r = answer_text(c, s, a, see, de, out);
    if (r == 0)
        kt_buf_puts(out, de ? "unbekannte Aktion" : "unknown action");
}

/* ------------------------------------------------------------ decisions */

static const char *const dec_names[AN_NDEC] = {
    "action", "start_pile", "pay",    "good",   "trader",        "steal",  "lose",
    "harbour", "lodge",     "theatre", "spy",   "offer_compose", "offer",     "refill", "exchange_draw",
    "search", "voyage",     "pirate", "buy",    "over",  "place"};

const char *an_decision_name(int d) { return d >= 0 && d < AN_NDEC ? dec_names[d] : NULL; }

/* "2 wood, 1 gold for 1 food": what the maker gives for what they ask. */
void an_offer_text(const uint8_t *give, const uint8_t *get, int lang, kt_buf *out)
{
    int de = lang == KT_LANG_DE;
    for (int side = 0; side < 2; side++) {
        const uint8_t *v = side ? get : give;
        int any = 0;
        if (side)
            kt_buf_puts(out, de ? " für " : " for ");
        for (int k = 0; k < AN_NKINDS; k++)
            if (v[k])
                kt_buf_printf(out, "%s%d %s", any++ ? ", " : "", v[k], kind_name(k, lang));
        if (!any)
            kt_buf_puts(out, de ? "nichts" : "nothing");
    }
}

/* The confirmation a front end asks before a move that costs the player
 * their last gold and so the game (an_last_gold); nothing for every other
 * move. */
void an_warn(const kt_game *g, const kt_state *st, kt_action a, int lang, kt_buf *out)
{
    int w = an_last_gold(an_c(g), (const an_state *)st, a), de = lang == KT_LANG_DE;
    if (w == LG_SPENDS)
        kt_buf_puts(out, de ? "Damit gibst du dein letztes Gold aus: beide Dorfzentren fallen ins "
                              "Chaos und du verlierst sofort das Spiel."
                            : "This spends your last gold: both village centres fall into chaos "
                              "and you lose the game at once.");
    else if (w == LG_IF_ACCEPTED)
        kt_buf_puts(out, de ? "Dieses Angebot gibt all dein Gold her: nimmt dein Gegner an, fallen "
                              "beide Dorfzentren ins Chaos und du verlierst sofort das Spiel."
                            : "This offer gives away all your gold: if your opponent accepts, "
                              "both village centres fall into chaos and you lose the game at "
                              "once.");
    else if (w == LG_TAKEN)
        kt_buf_puts(out, de ? "Lässt du die Karte geschehen, nimmt sie dein letztes Gold: beide "
                              "Dorfzentren fallen ins Chaos und du verlierst sofort das Spiel."
                            : "If you let the card happen, it takes your last gold: both village "
                              "centres fall into chaos and you lose the game at once.");
}

static int offer_empty(const an_state *s)
{
    for (int k = 0; k < AN_NKINDS; k++)
        if (s->give[k] || s->get[k])
            return 0;
    return 1;
}

void an_prompt(const kt_game *g, const kt_state *st, int lang, kt_buf *out)
{
    const an_cfg *c = an_c(g);
    const an_state *s = (const an_state *)st;
    int de = lang == KT_LANG_DE, p = s->h.to_move;
    if (s->h.status != KT_RUNNING) {
        kt_buf_puts(out, de ? "Das Spiel ist vorbei" : "The game is over");
        return;
    }
    const an_task *t = s->nstk ? &s->stk[s->nstk - 1] : NULL;
    kt_buf_printf(out, de ? "Spieler %d: " : "Player %d: ", p + 1);
    switch (t ? t->t : K_NONE) {
    case K_NONE:
        kt_buf_puts(out, de ? "bauen, handeln, Karten spielen; dann segeln, ziehen oder Zug "
                              "beenden"
                            : "build, trade, play cards; then sail, draw or end the turn");
        break;
    case K_PILE:
        kt_buf_printf(out, de ? "von welchem Stapel der Epoche I ziehst du %d Karten?"
                              : "which era-I pile do you draw %d cards from?",
                      c->k.start_hand);
        break;
    case K_PAY: {
        int n = t->x < an_gold(&s->pl[p]) ? t->x : an_gold(&s->pl[p]);
        kt_buf_printf(out, de ? "zahle %d Gold - aus welchem Dorfzentrum (links/rechts)?"
                              : "pay %d gold - from which village centre (left/right)?",
                      n);
        break;
    }
    case K_GOOD:
        kt_buf_printf(out, de ? "wähle %d Ware(n)" : "choose %d good(s)", t->x);
        break;
    case K_TRADER:
        kt_buf_puts(out, de ? "Händler: tausche 1 Gold und 1 Ware?"
                            : "trader: swap 1 gold and 1 good?");
        break;
    case K_STEAL:
        kt_buf_puts(out, de ? "welche Ware nimmst du dem Gegner?"
                            : "which good do you take from your opponent?");
        break;
    case K_LOSE:
        kt_buf_printf(out, de ? "Giftmischer: gib %d Ware(n) ab" : "Poisoner: give up %d good(s)",
                      t->x);
        break;
    case K_HARBOUR:
        kt_buf_puts(out, de ? "Hafen: tausche 1 Ware gegen eine andere?"
                            : "harbour: exchange 1 good for another?");
        break;
    case K_LODGE:
        kt_buf_puts(out, de ? "Loge: eine Handkarte unter ihren Stapel legen und dessen oberste "
                              "Karte nehmen?"
                            : "lodge: put a hand card under its pile and take that pile's top "
                              "card?");
        break;
    case K_THEATRE:
        kt_buf_printf(out, de ? "der Gegner spielt %s gegen dich: mit dem Theater abwehren?"
                              : "your opponent plays %s against you: cancel it with your "
                                "Theatre?",
                      an_act_key(t->x));
        break;
    case K_SPY:
        kt_buf_puts(out, de ? "Spion: nimm eine Karte aus der Hand des Gegners"
                            : "Spy: take a card from your opponent's hand");
        break;
    case K_COMPOSE:
        /* short: the whole offer must fit the prompt line */
        if (offer_empty(s)) {
            kt_buf_puts(out, de ? "dein Angebot: gib und verlange Waren oder Gold, Stück für Stück"
                                : "your offer: give and ask for goods or gold, one at a time");
            break;
        }
        kt_buf_puts(out, de ? "dein Angebot: " : "your offer: ");
        an_offer_text(s->give, s->get, lang, out);
        break;
    case K_OFFER:
        kt_buf_puts(out, de ? "Angebot an dich: " : "offered to you: ");
        an_offer_text(s->give, s->get, lang, out);
        kt_buf_puts(out, de ? " - annehmen?" : " - accept?");
        break;
    case K_PLACE:
        kt_buf_printf(out, de ? "auf welche Landschaft kommt %s (noch %d)?"
                              : "which landscape takes the %s (%d to place)?",
                      an_good_name(t->x, lang), t->y);
        break;
    case K_REFILL:
        kt_buf_printf(out, de ? "fülle die Hand auf %d Karten auf" : "refill your hand to %d "
                                                                     "cards",
                      c->k.hand_size);
        break;
    case K_XDRAW:
        kt_buf_puts(out, de ? "ziehe eine Karte als Ersatz" : "draw a card in exchange");
        break;
    case K_SEARCH:
        kt_buf_printf(out, de ? "wähle eine Karte aus Stapel %s" : "choose a card from pile %s",
                      pile_names[t->x]);
        break;
    case K_SAIL:
        kt_buf_printf(out, de ? "Handelsfahrt: %d von %d Karten aufgedeckt - weiter?"
                              : "voyage: %d of %d cards turned - sail on?",
                      s->vpos, s->vspeed);
        break;
    case K_PIRATE:
        kt_buf_printf(out, de ? "%s (Stärke %d) fordert %d Gold: zahlen oder kämpfen?"
                              : "%s (strength %d) demands %d gold: pay or fight?",
                      de ? c->vdef[t->x].de : c->vdef[t->x].name, c->vdef[t->x].strength,
                      c->vdef[t->x].demand);
        break;
    case K_BUY: {
        /* the goods this card offers (the Rum Smugglers only rum) */
        const an_vdef *v = &c->vdef[t->x];
        int rum = 0, tob = 0;
        for (int i = 0; i < v->noffer && i < 2; i++) {
            rum |= v->offer_item[i] == IT_RUM;
            tob |= v->offer_item[i] == IT_TOB;
        }
        const char *what = de ? (rum && tob ? "Rum oder Tabak" : tob ? "Tabak" : "Rum")
                              : (rum && tob ? "rum or tobacco" : tob ? "tobacco" : "rum");
        kt_buf_printf(out, de ? "%s: %s kaufen?" : "%s: buy %s?", de ? v->de : v->name, what);
        break;
    }
    default:
        break;
    }
}

/* ------------------------------------------------------------ menus */

void an_menu_item(const kt_game *g, const kt_state *st, kt_action a, int lang, kt_menu_item *out)
{
    KT_UNUSED(g);
    const an_state *s = (const an_state *)st;
    int de = lang == KT_LANG_DE;
    if (s->nstk) {
        if (AN_AK(a) == A_HARB && AN_AX(a) < AN_NGOODS) {
            out->rank = 1;
            snprintf(out->group, sizeof out->group, de ? "Hafen: %s abgeben" : "harbour: give %s",
                     an_good_name(AN_AX(a), lang));
        }
        return;
    }
    static const int rank[AN_NACT] = {
        [A_BUILD] = 1, [A_UPGRADE] = 2, [A_REPAIR] = 3, [A_PLAY] = 4, [A_BANK] = 5,
        [A_OFFER] = 6, [A_SAIL] = 7, [A_DRAW] = 8, [A_SEARCH] = 8, [A_EXCH] = 9, [A_END] = 10};
    int k = AN_AK(a);
    if (k >= AN_NACT)
        return;
    out->rank = rank[k];
    const char *grp = NULL;
    switch (k) {
    case A_BANK: grp = de ? "Tausch mit der Bank (3:1)" : "trade with the bank (3:1)"; break;
    case A_DRAW:
    case A_SEARCH: grp = de ? "Hand auffüllen (ziehen/durchsuchen)" : "refill the hand (draw/search)";
        break;
    case A_EXCH: grp = de ? "eine Handkarte austauschen" : "exchange a hand card"; break;
    default: break;
    }
    if (grp)
        snprintf(out->group, sizeof out->group, "%s", grp);
}

/* ------------------------------------------------------------ render */

#define COLW 61

static void good_line(const an_cfg *c, const an_player *pl, int centre, int de, kt_buf *b)
{
    const an_set *st = &c->set[pl->set];
    kt_buf_printf(b, "%s ", de ? (centre ? "rechts" : "links ") : (centre ? "right" : "left "));
    if (pl->gold[centre] == 0) {
        kt_buf_sgr(b, "1;31");
        kt_buf_puts(b, "CHAOS");
        kt_buf_sgr(b, "0");
    } else {
        kt_buf_printf(b, "%dg   ", pl->gold[centre]);
    }
    for (int l = 0; l < AN_NLAND; l++)
        if (st->land[l].centre == centre)
            kt_buf_printf(b, " %s(%d)=%d", an_good_name(st->land[l].good, de), st->land[l].die,
                          pl->land[l]);
    kt_buf_putc(b, '\n');
}

/* Words of `text` wrapped into lines of at most w columns after `lead`. */
static void wrapped(kt_buf *b, const char *lead, const char *text, size_t w)
{
    size_t col = kt_utf8_width(lead);
    kt_buf_puts(b, lead);
    const char *p = text;
    while (*p) {
        const char *e = strstr(p, ", ");
        size_t n = e ? (size_t)(e - p) + 1 : strlen(p);
        char word[80];
        snprintf(word, sizeof word, "%.*s", (int)(n < 79 ? n : 79), p);
        size_t ww = kt_utf8_width(word);
        if (col + ww + 1 > w && col > kt_utf8_width(lead)) {
            kt_buf_puts(b, "\n  ");
            col = 2;
        } else if (p != text) {
            kt_buf_putc(b, ' ');
            col++;
        }
        kt_buf_puts(b, word);
        col += ww;
        p += n;
        while (*p == ' ')
            p++;
    }
    kt_buf_putc(b, '\n');
}

static void hand_text(const an_cfg *c, const an_state *s, int p, int viewer, int de, kt_buf *b)
{
    const an_player *pl = &s->pl[p];
    kt_buf h;
    kt_buf_init(&h);
    for (int i = 0; i < pl->nh; i++) {
        int see = viewer == KT_OMNISCIENT || viewer == p ||
                  (viewer == 1 - p && ((pl->known >> i) & 1));
        static const char *const roman[] = {"", "I", "II", "III"};
        if (see)
            kt_buf_printf(&h, "%s%s", i ? ", " : "", an_def_name(c, pl->hand[i], de));
        else
            kt_buf_printf(&h, "%s[%s]", i ? ", " : "", roman[c->def[pl->hand[i]].era]);
    }
    wrapped(b, "Hand: ", pl->nh ? h.p : (de ? "leer" : "empty"), COLW - 2);
    kt_buf_free(&h);
}

static void player_block(const an_cfg *c, const an_state *s, int p, int viewer, int de, kt_buf *b)
{
    const an_player *pl = &s->pl[p];
    static const char *const roman[] = {"-", "I", "II", "III", "IV"};
    kt_buf_sgr(b, "1");
    kt_buf_printf(b, de ? "Spieler %d (%s)%s" : "Player %d (%s)%s", p + 1,
                  de ? c->set[pl->set].de : c->set[pl->set].name,
                  viewer == p ? (de ? " = du" : " = you") : "");
    kt_buf_sgr(b, "0");
    kt_buf_printf(b, de ? "  Königin %d/%d  Gold %d  Unmut %d\n" : "  queen %d/%d  gold %d  "
                                                                   "discontent %d\n",
                  an_queen(c, pl), c->k.queen_goal, an_gold(pl), an_discontent(c, pl));
    kt_buf_printf(b, "%s %d, %s %d, %s %d, %s %d\n", level_name(c, 0, de), pl->lvl[0],
                  level_name(c, 1, de), pl->lvl[1], level_name(c, 2, de), pl->lvl[2],
                  level_name(c, 3, de), pl->lvl[3]);
    good_line(c, pl, 0, de, b);
    good_line(c, pl, 1, de, b);
    kt_buf_puts(b, de ? "Waren:" : "goods:");
    for (int g = 0; g < AN_NGOODS; g++)
        kt_buf_printf(b, " %s %d", an_good_name(g, de), an_goods(c, pl, g));
    kt_buf_putc(b, '\n');
    kt_buf_printf(b, de ? "Schiff %s (Würfel %d) Tempo %d Stärke %d | Rum %d Tabak %d\n"
                        : "ship %s (die %d) speed %d strength %d | rum %d tobacco %d\n",
                  roman[pl->ship], c->set[pl->set].ship_die, an_speed(c, pl), an_cannons(c, pl),
                  pl->rum, pl->tob);
    kt_buf bl;
    kt_buf_init(&bl);
    for (int i = 0; i < pl->nb; i++) {
        const an_def *d = &c->def[pl->build[i]];
        kt_buf_printf(&bl, "%s%s", i ? ", " : "", de ? d->de : d->name);
        if (d->die)
            kt_buf_printf(&bl, "(%d)", d->die);
        if (d->queen)
            kt_buf_printf(&bl, "*%d", d->queen);
    }
    char lead[60];
    snprintf(lead, sizeof lead, de ? "Gebäude %d/%d, %d Säcke: " : "buildings %d/%d, %d bags: ",
             pl->nb, c->k.spaces, an_bags(c, pl));
    wrapped(b, lead, pl->nb ? bl.p : "-", COLW - 2);
    kt_buf_free(&bl);
    hand_text(c, s, p, viewer, de, b);
}

/* Two blocks side by side: left column padded to COLW. */
static void side_by_side(kt_buf *out, const char *a, const char *b)
{
    const char *pa = a, *pb = b;
    while (*pa || *pb) {
        const char *ea = strchr(pa, '\n'), *eb = strchr(pb, '\n');
        size_t na = ea ? (size_t)(ea - pa) : strlen(pa), nb = eb ? (size_t)(eb - pb) : strlen(pb);
        kt_buf_put(out, pa, na);
        kt_buf_pad_to(out, COLW);
        kt_buf_put(out, pb, nb);
        kt_buf_putc(out, '\n');
        pa += na + (ea ? 1 : 0);
        pb += nb + (eb ? 1 : 0);
    }
}

static void header(const an_cfg *c, const an_state *s, int de, kt_buf *out)
{
    kt_buf_printf(out, de ? "Anno 1701 - Zug %u" : "Anno 1701 - turn %u", s->h.turn);
    if (s->h.turn_player >= 0)
        kt_buf_printf(out, de ? ", Spieler %d am Zug" : ", player %d's turn", s->h.turn_player + 1);
    if (s->die)
        kt_buf_printf(out, de ? " | Würfel %d, Ereignis: %s" : " | die %d, event: %s", s->die,
                      an_event_name(s->event, de));
    kt_buf_puts(out, de ? " | Handelsmacht: " : " | trade power: ");
    kt_buf_printf(out, s->trade_power < 0 ? "-" : "P%d", s->trade_power + 1);
    kt_buf_puts(out, de ? ", Seemacht: " : ", sea power: ");
    kt_buf_printf(out, s->sea_power < 0 ? "-" : "P%d", s->sea_power + 1);
    kt_buf_putc(out, '\n');
    kt_buf_puts(out, de ? "Stapel:" : "piles:");
    for (int k = 0; k < AN_NPILE; k++)
        kt_buf_printf(out, " %s %d", pile_names[k], s->plen[k]);
    kt_buf_printf(out, de ? " | Vorrat: %s %d, %s %d, %s %d\nAblage:" : " | supply: %s %d, %s "
                                                                          "%d, %s %d\ndiscard:",
                  level_name(c, 1, de), s->supply[1], level_name(c, 2, de), s->supply[2],
                  level_name(c, 3, de), s->supply[3]);
    int any = 0;
    for (int d = 0; d < c->ndef; d++)
        if (s->disc[d])
            kt_buf_printf(out, "%s %s%s", any++ ? "," : "", an_def_name(c, d, de),
                          s->disc[d] > 1 ? (s->disc[d] > 2 ? " x3" : " x2") : "");
    if (!any)
        kt_buf_puts(out, " -");
    kt_buf_putc(out, '\n');
}

static void situation(const an_cfg *c, const an_state *s, int viewer, int de, kt_buf *out)
{
    if (s->phase == PH_VOYAGE && s->h.status == KT_RUNNING) {
        int p = s->h.turn_player;
        char lead[120];
        snprintf(lead, sizeof lead,
                 de ? "Handelsfahrt von Spieler %d: Tempo %d, Stärke %d, Karten: "
                    : "voyage of player %d: speed %d, strength %d, cards: ",
                 p + 1, s->vspeed, an_cannons(c, &s->pl[p]) + s->vbonus);
        kt_buf cards;
        kt_buf_init(&cards);
        for (int i = 0; i < s->vpos; i++)
            kt_buf_printf(&cards, "%s%s", i ? ", " : "",
                          de ? c->vdef[s->voy[i]].de : c->vdef[s->voy[i]].name);
        if (s->fight[0])
            kt_buf_printf(&cards, de ? ", letzter Kampf: %d gegen %d" : ", last fight: %d vs %d",
                          s->fight[0], s->fight[1]);
        wrapped(out, lead, cards.p ? cards.p : "-", 118);
        kt_buf_free(&cards);
    }
    const an_task *t = s->nstk ? &s->stk[s->nstk - 1] : NULL;
    if (t && t->t == K_SEARCH && (viewer == KT_OMNISCIENT || viewer == t->p)) {
        kt_buf_printf(out, de ? "Stapel %s von oben:" : "pile %s from the top:",
                      pile_names[t->x]);
        for (int i = 0; i < s->plen[t->x]; i++)
            kt_buf_printf(out, "%s %s", i ? "," : "", an_def_name(c, s->pile[t->x][i], de));
        kt_buf_putc(out, '\n');
    }
    if (t && (t->t == K_COMPOSE || t->t == K_OFFER)) { /* public, as at the table */
        int maker = t->t == K_COMPOSE ? t->p : 1 - t->p;
        kt_buf_printf(out, de ? "Angebot von Spieler %d%s: " : "offer of player %d%s: ", maker + 1,
                      t->t == K_COMPOSE ? (de ? " (entsteht)" : " (being made)") : "");
        an_offer_text(s->give, s->get, de ? KT_LANG_DE : KT_LANG_EN, out);
        kt_buf_putc(out, '\n');
    }
    if (s->h.status == KT_FINISHED) {
        static const char *const en[] = {"", "7 queen marks", "two merchants",
                                         "both village centres of the opponent in chaos"};
        static const char *const ge[] = {"", "7 Königinnen-Zeichen", "zwei Kaufleute",
                                         "beide Dorfzentren des Gegners im Chaos"};
        kt_buf_printf(out, de ? "Spielende: Spieler %d gewinnt (%s).\n"
                              : "Game over: player %d wins (%s).\n",
                      s->winner + 1, de ? ge[s->end] : en[s->end]);
    } else if (s->h.status == KT_STOPPED) {
        kt_buf_puts(out, de ? "Das Spiel wurde angehalten (Zuglimit): kein Sieger.\n"
                            : "The game was stopped (turn limit): no winner.\n");
    }
}

void an_render(const kt_game *g, const kt_state *st, int viewer, int lang, kt_buf *out)
{
    const an_cfg *c = an_c(g);
    const an_state *s = (const an_state *)st;
    int de = lang == KT_LANG_DE;
    header(c, s, de, out);
    kt_buf a, b;
    kt_buf_init(&a);
    kt_buf_init(&b);
    a.color = b.color = out->color;
    player_block(c, s, 0, viewer, de, &a);
    player_block(c, s, 1, viewer, de, &b);
    side_by_side(out, a.p ? a.p : "", b.p ? b.p : "");
    kt_buf_free(&a);
    kt_buf_free(&b);
    situation(c, s, viewer, de, out);
    kt_buf_puts(out, de ? "Legende: Ware(n)=k Landschaft mit Würfelzahl n und k Waren (höchstens 3), "
                          "ng Gold im Dorfzentrum,\n  CHAOS: kein Gold, Landschaften ohne "
                          "Zuwachs; (n) Würfelzahl, *k Königinnen-Zeichen, [I] Karte der "
                          "Epoche I, - kaputt\n"
                        : "legend: good(n)=k landscape with die number n holding k goods (at most "
                          "3), ng gold on the village centre,\n  CHAOS: no gold, its landscapes "
                          "take no goods; (n) die number, *k queen marks, [I] hidden card of era "
                          "I, - damaged\n");
}
