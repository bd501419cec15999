/*
 * text.c - Anno 1701 as text: action texts (English and German, unique among
 * the legal actions of a decision, parsed back by the core), decision names
 * and prompts, and menu items (the terminal view is in render.c).
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

const char *an_level_name(const an_cfg *c, int l, int lang)
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
                      an_level_name(c, k, lang), an_level_name(c, k + 1, lang));
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
    const an_task *t = s->nstack ? &s->stack[s->nstack - 1] : NULL;
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
    const an_cfg *c = an_config(g);
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
    int w = an_last_gold(an_config(g), (const an_state *)st, a), de = lang == KT_LANG_DE;
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
    const an_cfg *c = an_config(g);
    const an_state *s = (const an_state *)st;
    int de = lang == KT_LANG_DE, p = s->h.to_move;
    if (s->h.status != KT_RUNNING) {
        kt_buf_puts(out, de ? "Das Spiel ist vorbei" : "The game is over");
        return;
    }
    const an_task *t = s->nstack ? &s->stack[s->nstack - 1] : NULL;
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
    if (s->nstack) {
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
