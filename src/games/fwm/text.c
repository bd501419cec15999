/*
 * text.c - the words of Fugger, Welser, Medici in English and German:
 * names of goods, places and events, card titles, action texts (which
 * parse back: each text is unique among the legal actions in both
 * languages), prompts, decision names and menu items.  Help texts for
 * `help NAME` are in help.c.
 *
 * Action texts of a sealed bid are hidden from everybody but the bidder
 * (and omniscient readers): they read "bids secretly".
 */
#include <stdio.h>
#include <string.h>

#include "rules.h"

#define DE(lang) ((lang) == KT_LANG_DE)
#define TR(lang, en, de) (DE(lang) ? (de) : (en))

const char *fwm_good_name(int g, int lang)
{
    static const char *const en[FWM_NG] = {"cloth", "spice", "metal"};
    static const char *const de[FWM_NG] = {"Tuch", "Gewürz", "Metall"};
    if (g < 0 || g >= FWM_NG)
        return "?";
    return DE(lang) ? de[g] : en[g];
}

const char *fwm_sp_name(const fwm_cfg *c, int sp, int lang)
{
    if (sp < 0 || sp >= c->nsp)
        return "?";
    return DE(lang) ? c->sp[sp].de : c->sp[sp].en;
}

const char *fwm_area_name(const fwm_cfg *c, int a, int lang)
{
    if (a < 0 || a >= c->narea)
        return "?";
    return DE(lang) ? c->area[a].de : c->area[a].en;
}

const char *fwm_mode_name(int mode)
{
    static const char *const m[MODE_N] = {"trading", "nobility", "manor", "full"};
    return mode >= 0 && mode < MODE_N ? m[mode] : "?";
}

const char *fwm_event_name(int ev, int lang)
{
    static const char *const en[EV_N] = {
        "",      "Robbers",    "Pirates",          "Black Sheep",
        "Boom",  "Lottery",    "Army Costs",       "Reckoning Trick",
        "Discovery of America", "Imperial Coronation", "Fuggerei and Patronage",
        "Corruption", "Mediterranean Blockade"};
    static const char *const de[EV_N] = {
        "",             "Räuber",     "Piraten",      "Schwarzes Schaf",
        "Hochkonjunktur", "Lotterie", "Heereskosten", "Rechentrick",
        "Entdeckung Amerikas", "Kaiserkrönung", "Fuggerei und Kunstmäzen",
        "Korruption", "Mittelmeerblockade"};
    if (ev <= 0 || ev >= EV_N)
        return "?";
    return DE(lang) ? de[ev] : en[ev];
}

const char *fwm_outcome_name(int o, int lang)
{
    static const char *const en[NO_N] = {"IOUs", "honour", "sea escort", "free passage"};
    static const char *const de[NO_N] = {"Schuldscheine", "Ehre", "Seegeleit", "Freies Geleit"};
    if (o < 0 || o >= NO_N)
        return "?";
    return DE(lang) ? de[o] : en[o];
}

static const char *type_name(int t, int lang)
{
    static const char *const en[CT_NTYPES] = {"demand", "supply", "noble demand",
                                              "fair",   "manor",  "event"};
    static const char *const de[CT_NTYPES] = {"Nachfrage", "Angebot", "adlige Nachfrage",
                                              "Messe",     "Landgut", "Ereignis"};
    return t >= 0 && t < CT_NTYPES ? (DE(lang) ? de[t] : en[t]) : "?";
}

/* "cloth 3 up to 800 FL, spice 2 up to 1200 FL" */
static void goods_list(const fwm_card *cd, int first, int n, int demand, int lang, kt_buf *out)
{
    for (int i = 0; i < n; i++) {
        const fwm_line *l = &cd->line[first + i];
        kt_buf_printf(out, "%s%s %d %s %d FL", i ? ", " : "", fwm_good_name(l->good, lang), l->qty,
                      demand ? TR(lang, "up to", "bis") : TR(lang, "from", "ab"), l->bound);
    }
}

void fwm_card_goods(const fwm_cfg *c, int card, int lang, kt_buf *out)
{
    if (card < 0 || card >= c->ncard)
        return;
    const fwm_card *cd = &c->card[card];
    switch (cd->type) {
    case CT_DEMAND:
    case CT_NOBLE: goods_list(cd, 0, cd->nlines, 1, lang, out); break;
    case CT_SUPPLY: goods_list(cd, 0, cd->nlines, 0, lang, out); break;
    case CT_FAIR:
        goods_list(cd, 0, cd->nlines, 1, lang, out);
        kt_buf_puts(out, " | ");
        goods_list(cd, cd->nlines, cd->nlines2, 0, lang, out);
        break;
    case CT_MANOR:
        kt_buf_printf(out, TR(lang, "from %d FL, rent %d FL", "ab %d FL, Pacht %d FL"), cd->min,
                      cd->rent);
        break;
    default:
        if (cd->event == EV_AMERICA)
            goods_list(cd, 0, cd->nlines, 0, lang, out);
    }
}

void fwm_card_title(const fwm_cfg *c, int card, int lang, kt_buf *out)
{
    if (card < 0 || card >= c->ncard) {
        kt_buf_puts(out, "?");
        return;
    }
    const fwm_card *cd = &c->card[card];
    if (cd->type == CT_EVENT) {
        kt_buf_printf(out, "%s %s", cd->id, fwm_event_name(cd->event, lang));
        if (cd->area != FWM_NONE)
            kt_buf_printf(out, " (%s)", fwm_area_name(c, cd->area, lang));
        if (cd->event != EV_AMERICA)
            return;
    } else {
        kt_buf_printf(out, "%s %s %s %s", cd->id, type_name(cd->type, lang), TR(lang, "at", "in"),
                      fwm_sp_name(c, cd->town, lang));
    }
    if (cd->urgent)
        kt_buf_puts(out, TR(lang, " (urgent)", " (eilig)"));
    kt_buf_puts(out, ": ");
    fwm_card_goods(c, card, lang, out);
}

/* ------------------------------------------------------------ actions */

static void slot_name(int slot, int lang, kt_buf *out)
{
    if (slot == 0)
        kt_buf_puts(out, TR(lang, "warehouse", "Lager"));
    else
        kt_buf_printf(out, "%c", 'A' + slot - 1);
}

/* The price range a pick stands for, clipped to the bounds. */
static void price_text(int32_t lo, int32_t hi, int stage, int32_t base, int d, int lang,
                       kt_buf *out)
{
    int32_t a = fwm_price_pick(stage, base, d);
    int32_t b = stage == 1 ? a + 980 : stage == 2 ? a + 80 : a;
    if (a < lo)
        a = lo;
    if (b > hi)
        b = hi;
    if (a == b)
        kt_buf_printf(out, "%s %d", TR(lang, "price", "Preis"), (int)a);
    else
        kt_buf_printf(out, "%s %d-%d", TR(lang, "price", "Preis"), (int)a, (int)b);
}

static int bid_hidden(const fwm_state *s, int viewer)
{
    return s->stage == FS_BID && viewer != KT_OMNISCIENT && viewer != s->h.to_move;
}

/* The texts of movement, payday, event and answer actions (the rest of fwm_action_text). */
static void action_text_rest(const kt_game *g, const kt_state *st, kt_action a, int lang,
                             kt_buf *out)
{
    const fwm_cfg *c = fwm_config(g);
    const fwm_state *s = (const fwm_state *)st;
    int k = ACT_K(a), xb = ACT_B(a), xc = ACT_C(a), np = g->nplayers;
    switch (k) {
    case A_STEP:
        if (xb < FWM_NM && xc < c->nsp) {
            kt_buf_printf(out, "%c %s %s", 'A' + xb, TR(lang, "to", "nach"),
                          fwm_sp_name(c, xc, lang));
            return;
        }
        break;
    case A_GO: kt_buf_puts(out, TR(lang, "go", "los")); return;
    case A_CANCEL:
        if (s->stage == FS_COMPOSE)
            kt_buf_puts(out, TR(lang, "cancel the offer", "Angebot verwerfen"));
        else
            kt_buf_puts(out, TR(lang, "cancel the move", "Zug verwerfen"));
        return;
    case A_END: kt_buf_puts(out, TR(lang, "end turn", "Zug beenden")); return;
    case A_DONE:
        if (s->stage == FS_TRADE)
            kt_buf_puts(out, TR(lang, "done trading", "Handel beenden"));
        else
            kt_buf_puts(out, TR(lang, "done", "fertig"));
        return;
    case A_HIRE: kt_buf_puts(out, TR(lang, "hire a merchant", "Händler einstellen")); return;
    case A_FIRE:
        if (xc >= 1 && xc < FWM_NM) {
            kt_buf_printf(out, "%s %c", TR(lang, "fire", "entlasse"), 'A' + xc);
            return;
        }
        break;
    case A_DISCOUNT:
        if (xc <= 3) {
            static const char *const en[4] = {"no discount", "discount 500", "discount 1000",
                                              "discount 1000 by Reckoning Trick"};
            static const char *const de[4] = {"kein Nachlass", "Nachlass 500", "Nachlass 1000",
                                              "Nachlass 1000 per Rechentrick"};
            kt_buf_puts(out, DE(lang) ? de[xc] : en[xc]);
            return;
        }
        break;
    case A_AREA:
        if (xc < c->narea) {
            kt_buf_printf(out, "%s %s",
                          c->area[xc].sea ? TR(lang, "sea escort in", "Seegeleit in")
                                          : TR(lang, "free passage in", "freies Geleit in"),
                          fwm_area_name(c, xc, lang));
            return;
        }
        break;
    case A_LOSE:
        if (xc < FWM_NG) {
            kt_buf_printf(out, "%s %s", TR(lang, "lose", "verliere"), fwm_good_name(xc, lang));
            return;
        }
        break;
    case A_BRIBE: kt_buf_puts(out, TR(lang, "pay 100 FL for +1", "zahle 100 FL für +1")); return;
    case A_ROLL: kt_buf_puts(out, TR(lang, "roll", "würfeln")); return;
    case A_PAYTO:
        if (xc < np) {
            kt_buf_printf(out, "%s %d", TR(lang, "pay player", "zahle Spieler"), xc + 1);
            return;
        }
        break;
    case A_KEEP: kt_buf_puts(out, TR(lang, "keep the sheep", "Schaf behalten")); return;
    case A_PASSTO:
        if (xc < np) {
            kt_buf_printf(out, TR(lang, "pass the sheep to player %d",
                                  "Schaf an Spieler %d weitergeben"),
                          xc + 1);
            return;
        }
        break;
    case A_BET:
        if (xc >= 1 && xc <= 6) {
            kt_buf_printf(out, "%s %d", TR(lang, "bet on", "setze auf"), xc);
            return;
        }
        break;
    case A_ACCEPT: kt_buf_puts(out, TR(lang, "accept", "annehmen")); return;
    case A_DECLINE: kt_buf_puts(out, TR(lang, "decline", "ablehnen")); return;
    default: break;
    }
    kt_buf_puts(out, TR(lang, "unknown action", "unbekannte Aktion"));
}

void fwm_action_text(const kt_game *g, const kt_state *st, kt_action a, int viewer, int lang,
                     kt_buf *out)
{
    const fwm_cfg *c = fwm_config(g);
    const fwm_state *s = (const fwm_state *)st;
    int k = ACT_K(a), xa = ACT_A(a), xb = ACT_B(a), xc = ACT_C(a), np = g->nplayers;
    switch (k) {
    case A_HOME:
        if (xc < c->nhomes) {
            kt_buf_printf(out, "%s %s", TR(lang, "home", "Heimat"),
                          fwm_sp_name(c, c->homes[xc], lang));
            return;
        }
        break;
    case A_BID: {
        if (bid_hidden(s, viewer)) {
            kt_buf_puts(out, TR(lang, "bids secretly", "bietet verdeckt"));
            return;
        }
        int32_t price = s->auc.lo + 20 * BID_K(a);
        if (xc == 0)
            kt_buf_puts(out, TR(lang, "pass", "passen"));
        else if (s->auc.qtot == 1 && s->auc.kind != AK_DEMAND && s->auc.kind != AK_SUPPLY)
            kt_buf_printf(out, "%s %d", TR(lang, "bid", "biete"), (int)price);
        else
            kt_buf_printf(out, TR(lang, "bid %d at %d", "biete %d zu %d"), xc, (int)price);
        return;
    }
    case A_PRICE:
        if (xb < 1 || xb > 3 || xc > 99)
            break;
        if (viewer != KT_OMNISCIENT && viewer != s->of_from && s->stage == FS_PRICE) {
            /* the price is the proposer's until the offer is made (as in its views) */
            kt_buf_puts(out, TR(lang, "picks a price", "wählt einen Preis"));
            return;
        }
        price_text(20, fwm_trade_price_hi(s, s->of_buy ? s->of_from : s->of_to), xb, s->of_price,
                   xc, lang, out);
        return;
    case A_SELL:
        if (xb < FWM_NSLOT && xc <= FWM_NG) {
            if (xc == FWM_NG) {
                kt_buf_puts(out, TR(lang, "sell an IOU", "verkaufe Schuldschein"));
                return;
            }
            kt_buf_printf(out, "%s %s (", TR(lang, "sell", "verkaufe"), fwm_good_name(xc, lang));
            slot_name(xb, lang, out);
            kt_buf_puts(out, ")");
            return;
        }
        break;
    case A_XFER:
        if (xa < FWM_NSLOT && xb < FWM_NSLOT && xc < FWM_NG) {
            kt_buf_printf(out, "%s %s %s ", TR(lang, "shift", "verlade"), fwm_good_name(xc, lang),
                          TR(lang, "from", "von"));
            slot_name(xa, lang, out);
            kt_buf_printf(out, " %s ", TR(lang, "to", "nach"));
            slot_name(xb, lang, out);
            return;
        }
        break;
    case A_TRADE:
        if (xa < np && xb <= 1 && xc < FWM_NSLOT) {
            int me = s->h.to_move >= 0 && s->h.to_move < np ? s->h.to_move : 0;
            int sp = fwm_slot_space(s, me, xc);
            const char *at = sp < c->nsp ? fwm_sp_name(c, sp, lang) : "?";
            if (DE(lang))
                kt_buf_printf(out, "%s Spieler %d in %s %s", xb ? "von" : "an", xa + 1, at,
                              xb ? "kaufen" : "verkaufen");
            else
                kt_buf_printf(out, "%s player %d in %s", xb ? "buy from" : "sell to", xa + 1, at);
            return;
        }
        break;
    case A_TGOOD:
        if (xc < FWM_NG) {
            kt_buf_printf(out, TR(lang, "add %s", "%s dazu"), fwm_good_name(xc, lang));
            return;
        }
        if (xc == FWM_NG) {
            kt_buf_puts(out, TR(lang, "add an IOU", "Schuldschein dazu"));
            return;
        }
        break;
    default:
        action_text_rest(g, st, a, lang, out);
        return;
    }
    kt_buf_puts(out, TR(lang, "unknown action", "unbekannte Aktion"));
}

/* ------------------------------------------------------------ decisions, prompts */

const char *fwm_decision_name(int d)
{
    static const char *const n[FS_N] = {
        "home",    "phase1",  "bid",     "allocate", "forced_sale", "noble_discount",
        "cube",    "refill",  "sheep",   "lottery",  "payday",      "payday_charges",
        "move",    "offer_price", "offer_reply", "moving", "passage_fee", "accident_loss",
        "robbery", "robbery_loss", "calendar", "line", "after_deal", "noble_next",
        "america", "turn_end", "trade", "offer_goods", "over"};
    return d >= 0 && d < FS_N ? n[d] : NULL;
}

static void bid_prompt(const fwm_cfg *c, const fwm_state *s, int lang, kt_buf *out)
{
    const fwm_auc *u = &s->auc;
    switch (u->kind) {
    case AK_DEMAND:
    case AK_SUPPLY:
        kt_buf_printf(out,
                      u->kind == AK_DEMAND
                          ? TR(lang, "sealed bid: sell %s at %s (up to %d, at most %d FL each)",
                               "verdecktes Gebot: %s in %s verkaufen (bis %d, höchstens %d FL)")
                          : TR(lang, "sealed bid: buy %s at %s (up to %d, at least %d FL each)",
                               "verdecktes Gebot: %s in %s kaufen (bis %d, mindestens %d FL)"),
                      fwm_good_name(u->good, lang), fwm_sp_name(c, c->card[u->card].town, lang),
                      u->qmax[s->h.to_move], (int)(u->kind == AK_DEMAND ? u->hi : u->lo));
        break;
    case AK_MANOR:
        kt_buf_printf(out, TR(lang, "sealed bid for the manor %s (at least %d FL)",
                              "verdecktes Gebot für das Landgut %s (mindestens %d FL)"),
                      c->card[u->card].id, (int)u->lo);
        break;
    case AK_IOU:
        kt_buf_printf(out, TR(lang, "sealed bid: %d IOUs on offer, up to 2 each, at least 500 FL",
                              "verdecktes Gebot: %d Schuldscheine, bis 2 je Spieler, ab 500 FL"),
                      u->qtot);
        break;
    default:
        kt_buf_printf(out, TR(lang, "sealed bid for %s (at least 20 FL)",
                              "verdecktes Gebot für %s (mindestens 20 FL)"),
                      fwm_event_name(c->card[u->card].event, lang));
    }
    if (u->qtot == 1 && u->kind != AK_DEMAND && u->kind != AK_SUPPLY)
        kt_buf_printf(out, TR(lang, "; e.g. 'bid %d'", "; z. B. 'biete %d'"), (int)u->lo);
    else
        kt_buf_printf(out, TR(lang, "; e.g. 'bid 1 at %d'", "; z. B. 'biete 1 zu %d'"),
                      (int)(u->kind == AK_DEMAND ? u->hi : u->lo));
}

/* The offer being made, as its proposer composes it or its partner reads it
 * (short: the goods list can be long and the screen is 120 columns). */
static void offer_prompt(const fwm_cfg *c, const fwm_state *s, int lang, kt_buf *out)
{
    kt_buf goods;
    kt_buf_init_alloc(&goods, out->a);
    fwm_offer_goods(s, lang, &goods);
    const char *what = goods.p && goods.len ? goods.p : TR(lang, "nothing yet", "noch nichts");
    const char *at = fwm_sp_name(c, s->of_at, lang);
    if (s->stage == FS_REPLY)
        kt_buf_printf(out, s->of_buy ? TR(lang, "player %d buys from you (%s): %s for %d FL",
                                          "Spieler %d kauft dir ab (%s): %s für %d FL")
                                     : TR(lang, "player %d sells you (%s): %s for %d FL",
                                          "Spieler %d verkauft dir (%s): %s für %d FL"),
                      s->of_from + 1, at, what, (int)s->of_price);
    else if (s->stage == FS_COMPOSE)
        kt_buf_printf(out, s->of_buy ? TR(lang, "buy from player %d in %s: %s; add goods or done",
                                          "Kauf von Spieler %d in %s: %s; dazu oder fertig")
                                     : TR(lang, "sell to player %d in %s: %s; add goods or done",
                                          "Verkauf an Spieler %d in %s: %s; dazu oder fertig"),
                      s->of_to + 1, at, what);
    else
        kt_buf_printf(out, TR(lang, "price for player %d (%s), so far %d FL",
                              "Preis für Spieler %d (%s), bisher %d FL"),
                      s->of_to + 1, what, (int)s->of_price);
    kt_buf_free(&goods);
}

void fwm_prompt(const kt_game *g, const kt_state *st, int lang, kt_buf *out)
{
    const fwm_cfg *c = fwm_config(g);
    const fwm_state *s = (const fwm_state *)st;
    int p = s->h.to_move;
    if (p < 0) {
        kt_buf_puts(out, TR(lang, "the game is over", "das Spiel ist vorbei"));
        return;
    }
    kt_buf_printf(out, "%s %d: ", TR(lang, "Player", "Spieler"), p + 1);
    switch (s->stage) {
    case FS_HOME: kt_buf_puts(out, TR(lang, "choose a home city", "wähle eine Heimatstadt")); break;
    case FS_BID: bid_prompt(c, s, lang, out); break;
    case FS_FORCE:
        kt_buf_printf(out, TR(lang, "forced sale: raise %d FL", "Zwangsverkauf: %d FL beschaffen"),
                      (int)(s->fs_need - s->pl[p].money));
        break;
    case FS_NOBLE:
        kt_buf_printf(out, TR(lang, "grant the noble a discount? (you received %d FL)",
                              "dem Adligen Nachlass gewähren? (du hast %d FL erhalten)"),
                      (int)s->auc.paid[p]);
        break;
    case FS_CUBE:
        kt_buf_puts(out, s->cube_sea ? TR(lang, "choose a sea area for your sea escort",
                                          "wähle ein Seegebiet für dein Seegeleit")
                                     : TR(lang, "choose a region for your free passage",
                                          "wähle eine Region für dein freies Geleit"));
        break;
    case FS_SHEEP:
        kt_buf_printf(out, TR(lang, "the Black Sheep (%d FL on it): keep it or pass it on for %d FL",
                              "das Schwarze Schaf (%d FL darauf): behalten oder für %d FL weitergeben"),
                      (int)s->sh_stake, (int)(s->sh_stake ? s->sh_stake : 20));
        break;
    case FS_LOTTERY:
        kt_buf_puts(out, TR(lang, "lottery: bet 100 FL on numbers or stop",
                            "Lotterie: 100 FL auf Zahlen setzen oder aufhören"));
        break;
    case FS_PAYDAY:
        kt_buf_puts(out, TR(lang, "payday: hire, fire, shift goods, then done",
                            "Zahltag: einstellen, entlassen, verladen, dann fertig"));
        break;
    case FS_MOVE:
        if (s->mv_len)
            kt_buf_printf(out, TR(lang, "move %c further (%d of 3 spaces), go or cancel",
                                  "%c weiterziehen (%d von 3 Feldern), los oder verwerfen"),
                          'A' + s->mv_merch, s->mv_len);
        else
            kt_buf_puts(out, TR(lang, "movement: move your merchants, then end turn",
                                "Bewegung: Händler ziehen, dann Zug beenden"));
        break;
    case FS_TRADE:
        kt_buf_puts(out, TR(lang, "trades: offer goods to a player you meet, or buy theirs; "
                                  "then done trading",
                            "Handel: einem Spieler, den du triffst, Waren anbieten oder seine "
                            "kaufen; dann Handel beenden"));
        break;
    case FS_COMPOSE:
    case FS_PRICE:
    case FS_REPLY: offer_prompt(c, s, lang, out); break;
    case FS_PASSAGE:
        kt_buf_printf(out, TR(lang, "pay 100 FL for entering %s to whom?",
                              "wem 100 FL für die Einreise nach %s zahlen?"),
                      fwm_area_name(c, s->x_fee[0], lang));
        break;
    case FS_DROP:
        kt_buf_printf(out, TR(lang, "accident: %c keeps only 3 goods; choose one to lose",
                              "Unfall: %c behält nur 3 Waren; wähle eine zum Verlieren"),
                      'A' + s->x_merch);
        break;
    case FS_ROBPAY:
        kt_buf_printf(out, TR(lang, "robbers attack %c: buy +1 for 100 FL or roll (bonus %+d)",
                              "Räuber greifen %c an: +1 für 100 FL kaufen oder würfeln (Bonus %+d)"),
                      'A' + s->x_merch, s->x_robbonus);
        break;
    case FS_ROBLOSE:
        kt_buf_printf(out, TR(lang, "the robbers take %d more goods from %c: choose",
                              "die Räuber nehmen noch %d Waren von %c: wähle"),
                      s->x_robloss, 'A' + s->x_merch);
        break;
    default: kt_buf_puts(out, "?");
    }
}

/* ------------------------------------------------------------ menus */

void fwm_menu_item(const kt_game *g, const kt_state *st, kt_action a, int lang, kt_menu_item *out)
{
    const fwm_cfg *c = fwm_config(g);
    const fwm_state *s = (const fwm_state *)st;
    int k = ACT_K(a);
    if (s->stage == FS_BID && k == A_BID) { /* the prices folded per quantity */
        out->rank = ACT_C(a) ? 1 : 0;
        if (ACT_C(a))
            snprintf(out->group, sizeof out->group, TR(lang, "bid %d at ...", "biete %d zu ..."),
                     ACT_C(a));
        return;
    }
    if (s->stage != FS_MOVE && s->stage != FS_PAYDAY && s->stage != FS_FORCE)
        return;
    switch (k) {
    case A_STEP:
        if (ACT_C(a) >= c->nsp || ACT_B(a) >= FWM_NM)
            return;
        out->rank = 0;
        if (s->mv_len) {
            snprintf(out->key, sizeof out->key, "%c%c%c", c->sp[ACT_C(a)].code[0] + 32,
                     c->sp[ACT_C(a)].code[1] + 32, c->sp[ACT_C(a)].code[2] + 32);
        } else {
            snprintf(out->group, sizeof out->group, "%s %c", TR(lang, "move", "ziehe"),
                     'A' + ACT_B(a));
        }
        return;
    case A_GO: out->rank = 1; return;
    case A_CANCEL: out->rank = 2; return;
    case A_END: out->rank = 3; return;
    case A_SELL:
        out->rank = 5;
        if (s->stage == FS_MOVE)
            snprintf(out->group, sizeof out->group, "%s",
                     TR(lang, "sell to the bank", "an die Bank verkaufen"));
        return;
    case A_XFER:
        out->rank = 6;
        snprintf(out->group, sizeof out->group, "%s", TR(lang, "shift goods", "Waren verladen"));
        return;

    default: out->rank = 4; return;
    }
}
