/*
 * text.c - Marco Polo II as words: action texts (EN/DE), prompts, decision
 * names and menu items (the component listing is in help.c).  The observation is in
 * view.c, save/load in save.c, the terminal render in render.c.
 *
 * Data layout: no state of its own; everything is written into kt_buf /
 * kt_jw from the state and the config tables.  Texts name components by
 * their data ids (contracts C12, cards K05, tiles P03) and cities by name,
 * so an action text is unique among the legal actions in both languages.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mp2.h"

#define L(en, de) (lang == KT_LANG_DE ? (de) : (en))

static const char *const dec_names[MP2_NDEC] = {
    "turn",      "character", "goal",       "double_bonus", "copy_bonus", "compensation",
    "doubles",   "reward",    "good",       "market",       "guild_seal", "contract",
    "discard",   "move",      "move_post",  "extra_post",   "city_card",  "city_bonus",
    "caravan_move", "caravan_load", "route_tile", "caravan_city", "caravan_goods",
    "return_tile", "over"};

const char *mp2_decision_name(int d) { return d >= 0 && d < MP2_NDEC ? dec_names[d] : NULL; }

static const char *const colour_en[MP2_MAXP] = {"blue", "yellow", "green", "red"};
static const char *const colour_de[MP2_MAXP] = {"blau", "gelb", "grün", "rot"};

const char *mp2_good_name(int item, int lang)
{
    switch (item) {
    case IT_PEPPER: return L("pepper", "Pfeffer");
    case IT_SILK: return L("silk", "Seide");
    case IT_GOLD: return L("gold", "Gold");
    case IT_JADE: return L("jade", "Jade");
    case IT_COIN: return L("coins", "Münzen");
    case IT_CAMEL: return L("camels", "Kamele");
    case IT_VP: return L("VP", "SP");
    }
    return "?";
}

const char *mp2_loc_name(const mp2_cfg *c, int loc, int lang)
{
    if (loc < 0 || loc >= c->nloc)
        return "?";
    return lang == KT_LANG_DE ? c->loc[loc].de : c->loc[loc].name;
}

const char *mp2_guild_name(const mp2_cfg *c, int g, int lang)
{
    return lang == KT_LANG_DE ? c->guild[g].de : c->guild[g].name;
}

void mp2_bundle_text(const mp2_cfg *c, const mp2_bundle *b, int lang, kt_buf *out)
{
    KT_UNUSED(c);
    int any = 0;
    for (int i = 0; i < MP2_NITEMS; i++) {
        int n = b->n[i];
        if (!n)
            continue;
        if (any)
            kt_buf_puts(out, " + ");
        any = 1;
        switch (i) {
        case IT_COIN: kt_buf_printf(out, "%d %s", n, n == 1 ? L("coin", "Münze") : L("coins", "Münzen")); break;
        case IT_CAMEL: kt_buf_printf(out, "%d %s", n, n == 1 ? L("camel", "Kamel") : L("camels", "Kamele")); break;
        case IT_JADE: kt_buf_printf(out, "%d %s", n, L("jade", "Jade")); break;
        case IT_PEPPER: kt_buf_printf(out, "%d %s", n, L("pepper", "Pfeffer")); break;
        case IT_SILK: kt_buf_printf(out, "%d %s", n, L("silk", "Seide")); break;
        case IT_GOLD: kt_buf_printf(out, "%d %s", n, L("gold", "Gold")); break;
        case IT_VP: kt_buf_printf(out, "%d %s", n, L("VP", "SP")); break;
        case IT_GOOD: kt_buf_printf(out, "%d %s", n, n == 1 ? L("good of choice", "Ware nach Wahl") : L("goods of choice", "Waren nach Wahl")); break;
        case IT_DRAW: kt_buf_printf(out, "%s %d", L("draw contract", "Auftrag ziehen"), n); break;
        case IT_CONTRACT: kt_buf_printf(out, "%d %s", n, n == 1 ? L("contract", "Auftrag") : L("contracts", "Aufträge")); break;
        case IT_BLACK: kt_buf_printf(out, "%d %s", n, n == 1 ? L("black die", "schwarzer Würfel") : L("black dice", "schwarze Würfel")); break;
        case IT_MOVE: kt_buf_printf(out, "%s %d", L("move", "Bewegung"), n); break;
        case IT_XPOST: kt_buf_puts(out, L("extra post", "zusätzlicher Handelsposten")); break;
        case IT_SHIELD: kt_buf_printf(out, "%d %s", n, L("shield", "Wappen")); break;
        }
    }
    if (!any)
        kt_buf_puts(out, L("nothing", "nichts"));
}

void mp2_rw_text(const mp2_cfg *c, int rw, int lang, kt_buf *out)
{
    const mp2_reward *r = &c->rw[rw];
    for (int i = 0; i < r->nalt; i++) {
        if (i)
            kt_buf_puts(out, " / ");
        mp2_bundle_text(c, &r->alt[i], lang, out);
    }
}

/* What a city card does, in a few words ("1 camel -> 3 coins or 1 coin ->
 * 1 camel, per pip"). */
void mp2_card_text(const mp2_cfg *c, int card, int lang, kt_buf *out)
{
    const mp2_card *cd = &c->card[card];
    const char *times = cd->times == CT_ONE    ? L("once", "einmal")
                        : cd->times == CT_HALF ? L("per 2 pips", "je 2 Augen")
                                               : L("per pip", "je Auge");
    switch (cd->kind) {
    case CK_TRADE:
    case CK_EITHER:
        if (cd->pay) {
            mp2_rw_text(c, cd->pay, lang, out);
            kt_buf_puts(out, " -> ");
        }
        mp2_rw_text(c, cd->gain, lang, out);
        if (cd->kind == CK_EITHER) {
            kt_buf_printf(out, " %s ", L("or", "oder"));
            mp2_rw_text(c, cd->pay2, lang, out);
            kt_buf_puts(out, " -> ");
            mp2_rw_text(c, cd->gain2, lang, out);
        }
        kt_buf_printf(out, ", %s", times);
        break;
    case CK_PERCONTRACT:
        mp2_rw_text(c, cd->gain, lang, out);
        kt_buf_printf(out, " %s", L("per completed contract (up to the die)",
                                    "je erfülltem Auftrag (bis zur Augenzahl)"));
        break;
    case CK_PERPOST:
        mp2_rw_text(c, cd->gain, lang, out);
        kt_buf_printf(out, " %s", L("per trading post (up to the die)",
                                    "je Handelsposten (bis zur Augenzahl)"));
        break;
    case CK_BONUSES:
        kt_buf_puts(out, L("bonuses of your bonus cities, each once (up to the die)",
                           "Boni eigener Bonusstädte, je einmal (bis zur Augenzahl)"));
        break;
    case CK_SEALS:
        mp2_rw_text(c, cd->pay, lang, out);
        kt_buf_printf(out, ": %s", L("Guild Seals action with this die", "Gildensiegel-Aktion mit diesem Würfel"));
        break;
    }
    if (cd->min > 1)
        kt_buf_printf(out, " (%s %d+)", L("die", "Würfel"), cd->min);
}

void mp2_space_name(const mp2_cfg *c, int sp, int lang, kt_buf *out)
{
    static const char *const en[MP2_NBASESP] = {
        "pepper book", "silk book", "gold book upper", "gold book lower", "Khan's favor",
        "guild seals", "contracts", "travel 1", "travel 2", "travel 3"};
    static const char *const de[MP2_NBASESP] = {
        "Pfefferbuch", "Seidenbuch", "Goldbuch oben", "Goldbuch unten", "Gunst des Khans",
        "Gildensiegel", "Aufträge", "Reise 1", "Reise 2", "Reise 3"};
    if (sp < MP2_NBASESP)
        kt_buf_puts(out, lang == KT_LANG_DE ? de[sp] : en[sp]);
    else if (sp < SP_CARD)
        kt_buf_printf(out, "%s %d", mp2_loc_name(c, c->special_loc[(sp - SP_SPECIAL) / 2], lang),
                      (sp - SP_SPECIAL) % 2 + 1);
    else if (sp < SP_CARD + MP2_NCARDCITY)
        kt_buf_printf(out, "%s %s", L("card", "Karte"),
                      mp2_loc_name(c, c->card_loc[sp - SP_CARD], lang));
    else if (sp < SP_BAG)
        kt_buf_printf(out, "%s %c", L("card", "Karte"), 'A' + (sp - SP_CARD - MP2_NCARDCITY));
    else
        kt_buf_puts(out, L("money bag", "Geldsack"));
}

static void die_text(int d, int lang, kt_buf *out)
{
    switch (MP2_DTYPE(d)) {
    case DT_OWN: kt_buf_printf(out, "%d", MP2_DVAL(d)); break;
    case DT_BLACK: kt_buf_printf(out, "%s %d", L("black", "schwarz"), MP2_DVAL(d)); break;
    default:
        kt_buf_printf(out, "%s %s", L(colour_en[MP2_DVAL(d) - 1], colour_de[MP2_DVAL(d) - 1]),
                      L("piece", "Figur"));
        break;
    }
}

static const char *contract_city(const mp2_cfg *c, int i, int lang)
{
    return mp2_loc_name(c, c->ccity_loc[i], lang);
}

static void pick_text(const mp2_cfg *c, const mp2_state *s, const mp2_eff *e, int x, int viewer,
                      int lang, kt_buf *out)
{
    const mp2_player *pl = &s->pl[e->p];
    switch (e->type) {
    case EF_DRAFT:
        kt_buf_printf(out, "%s %s", L("choose", "wähle"), mp2_char_name(s->draft[x], lang));
        break;
    case EF_GOAL:
        /* which card is kept stays private until the end: only its owner
         * and an omniscient reader (records) see it, not a spectator */
        if (viewer != KT_OMNISCIENT && viewer != e->p)
            kt_buf_printf(out, "%s %d", L("keep goal card", "behalte Zielkarte"), x + 1);
        else
            kt_buf_printf(out, "%s %s", L("keep goal", "behalte Ziel"), c->goal[pl->goal_opt[x]].id);
        break;
    case EF_MAILIN:
        if (x < 8)
            kt_buf_printf(out, "%s %s", L("double bonus of", "verdopple Bonus von"),
                          mp2_loc_name(c, c->bonus_loc[x], lang));
        else
            kt_buf_printf(out, "%s %s", L("double seal", "verdopple Siegel"),
                          mp2_guild_name(c, x - 8, lang));
        break;
    case EF_COPY:
        kt_buf_printf(out, "%s %s (", L("copy bonus of", "kopiere Bonus von"),
                      mp2_loc_name(c, c->bonus_loc[x], lang));
        mp2_rw_text(c, c->marker[s->marker[x]].reward, lang, out);
        kt_buf_putc(out, ')');
        break;
    case EF_COMP:
        kt_buf_printf(out, "%s %d %s %s %d %s", L("take", "nimm"), x, L("coins", "Münzen"),
                      L("and", "und"), e->a - x, L("camels", "Kamele"));
        break;
    case EF_ISABELLA:
        if (!x)
            kt_buf_puts(out, L("no doubles bonus", "kein Paschbonus"));
        else
            kt_buf_printf(out, "%s %d%s %s", L("double", "Pasch"), x, L("s for", " für"),
                          x == 1 || x == 6 ? L("1 jade", "1 Jade")
                          : x == 2 || x == 5 ? L("1 silk", "1 Seide")
                                             : L("1 gold", "1 Gold"));
        break;
    case EF_ALT:
        kt_buf_printf(out, "%s ", L("take", "nimm"));
        mp2_bundle_text(c, &c->rw[e->a].alt[x], lang, out);
        break;
    case EF_GOOD:
        kt_buf_printf(out, "%s %s", L("take", "nimm"), mp2_good_name(x, lang));
        break;
    case EF_MARKET: {
        const mp2_offer *o = &c->offer[s->offers[e->a][s->round]];
        int rw = x < 2 ? c->book_top[e->a][x] : x == 2 ? o->jade1 : o->jade2;
        if (x >= 2)
            kt_buf_printf(out, "%s %d %s: ", L("pay", "zahle"), x - 1, L("jade", "Jade"));
        kt_buf_printf(out, "%s ", L("take", "nimm"));
        mp2_rw_text(c, rw, lang, out);
        break;
    }
    case EF_SEAL:
        kt_buf_printf(out, "%s %s %s", L("take", "nimm"), mp2_guild_name(c, x, lang),
                      L("seal", "Siegel"));
        break;
    case EF_CONTRACT:
        kt_buf_printf(out, "%s %s %s %s", L("take", "nimm"), c->contract[s->cboard[x / 2][x % 2]].id,
                      L("from", "aus"), contract_city(c, x / 2, lang));
        break;
    case EF_DISCARD:
        kt_buf_printf(out, "%s %s", L("discard", "wirf ab"),
                      c->contract[x == 2 ? e->a : pl->con[x]].id);
        break;
    case EF_MOVEPOST:
        kt_buf_printf(out, "%s %s", L("move post from", "versetze Handelsposten aus"),
                      mp2_loc_name(c, x, lang));
        break;
    case EF_XPOST:
        kt_buf_printf(out, "%s %s", L("extra post in", "zusätzlicher Handelsposten in"),
                      mp2_loc_name(c, x, lang));
        break;
    case EF_CARD: {
        const mp2_card *cd = &c->card[e->a];
        int dir = x >> 4, k = x & 15;
        kt_buf_printf(out, "%s ", L("pay", "zahle"));
        mp2_rw_text(c, dir ? cd->pay2 : cd->pay, lang, out);
        kt_buf_printf(out, " %s ", L("for", "für"));
        mp2_rw_text(c, dir ? cd->gain2 : cd->gain, lang, out);
        kt_buf_printf(out, " x%d", k);
        break;
    }
    case EF_CARDBONUS:
        kt_buf_printf(out, "%s %s", L("bonus of", "Bonus von"),
                      mp2_loc_name(c, c->bonus_loc[x], lang));
        break;
    case EF_CVLOAD:
        kt_buf_printf(out, "%s %s", L("load", "lade"), mp2_good_name(x, lang));
        break;
    case EF_CVTILE:
        kt_buf_printf(out, "%s %s (%s+%s)", L("route tile", "Routenplättchen"), c->rtile[x].id,
                      lang == KT_LANG_DE ? c->shield_de[c->rtile[x].crest[0]] : c->shield[c->rtile[x].crest[0]],
                      lang == KT_LANG_DE ? c->shield_de[c->rtile[x].crest[1]] : c->shield[c->rtile[x].crest[1]]);
        break;
    case EF_CVCITY:
        kt_buf_printf(out, "%s %s", L("caravan starts in", "Karawane beginnt in"),
                      mp2_loc_name(c, x, lang));
        break;
    case EF_CVSELL: {
        int gd = pl->cv_goods[e->a][e->b];
        const char *gn = mp2_good_name(gd, lang);
        if (x == 0)
            kt_buf_printf(out, "%s %s %s %d %s", L("sell", "verkaufe"), gn, L("for", "für"),
                          gd == IT_GOLD ? 6 : gd == IT_SILK ? 4 : 2, L("VP", "SP"));
        else if (x == 1)
            kt_buf_printf(out, "%s %s %s %s", L("upgrade", "werte"), gn, L("to", "auf zu"),
                          mp2_good_name(gd + 1, lang));
        else
            kt_buf_printf(out, "%s %s", L("double", "verdopple"), gn);
        break;
    }
    case EF_CVRETURN:
        kt_buf_printf(out, "%s %s", L("return tile", "gib Plättchen zurück"),
                      c->rtile[pl->cv_tile[x == 0 ? e->a : 1 - e->a]].id);
        break;
    default:
        kt_buf_printf(out, "option %d", x);
        break;
    }
}

int mp2_goal_visible(const mp2_state *s, int p, int viewer)
{
    return viewer == KT_OMNISCIENT || viewer == p || s->h.status == KT_FINISHED;
}

/* The core also asks for texts of illegal actions (error messages), so
 * every field is range-checked before it indexes a table. */
static int die_ok(uint32_t d)
{
    int t = MP2_DTYPE(d), v = MP2_DVAL(d);
    return (t == DT_OWN || t == DT_BLACK) ? v >= 1 && v <= 6 : t == DT_PIECE && v >= 1 && v <= 4;
}

static int pick_ok(const mp2_cfg *c, const mp2_state *s, const mp2_eff *e, uint32_t x)
{
    const mp2_player *pl = &s->pl[e->p];
    switch (e->type) {
    case EF_DRAFT: return x <= MP2_MAXP && s->draft[x] < MP2_NCHAR;
    case EF_GOAL: return x < 3;
    case EF_MAILIN: return x < MP2_NBONUSCITY || (x >= 8 && x < 12);
    case EF_COPY:
    case EF_CARDBONUS: return x < MP2_NBONUSCITY;
    case EF_COMP: return x <= e->a;
    case EF_ISABELLA: return x <= 6;
    case EF_ALT: return x < c->rw[e->a].nalt;
    case EF_GOOD:
    case EF_CVLOAD: return x >= IT_PEPPER && x <= IT_GOLD;
    case EF_MARKET: return x < 4;
    case EF_SEAL: return x < MP2_NGUILD;
    case EF_CONTRACT: return x < 2 * MP2_NCCITY && s->cboard[x / 2][x % 2] < MP2_NCONTRACTS;
    case EF_DISCARD: return x == 2 || (x < 2 && pl->con[x] < MP2_NCONTRACTS);
    case EF_MOVEPOST:
    case EF_XPOST:
    case EF_CVCITY: return x < (uint32_t)c->nloc;
    case EF_CARD: return (x & 15) >= 1 && (x >> 4) <= 1;
    case EF_CVTILE: return x < (uint32_t)c->nrtile;
    case EF_CVSELL: return x < 3 && pl->cv_goods[e->a][e->b] >= IT_PEPPER && pl->cv_goods[e->a][e->b] <= IT_GOLD;
    case EF_CVRETURN: return x < 2 && pl->cv_tile[x == 0 ? e->a : 1 - e->a] < c->nrtile;
    }
    return 0;
}

int mp2_action_ok(const mp2_cfg *c, const mp2_state *s, kt_action a)
{
    uint32_t x = MP2_AARG(a);
    const mp2_eff *e = s->nstack ? &s->stack[s->nstack - 1] : NULL;
    int tp = s->h.turn_player;
    switch (MP2_AKIND(a)) {
    case A_PLACE: {
        if ((x & 0xff) >= SP_BAG || (x >> 23))
            return 0;
        for (int i = 0; i < 3; i++) {
            uint32_t d = (x >> (8 + 5 * i)) & 31;
            if (d ? !die_ok(d) : i == 0)
                return 0;
        }
        return 1;
    }
    case A_BAG: return die_ok(x & 31) && MP2_DTYPE(x & 31) != DT_PIECE && (x >> 5) < 3;
    case A_REROLL: return x < 32 && die_ok(x) && MP2_DTYPE(x) != DT_PIECE;
    case A_SHIFT: return x < 64 && die_ok(x & 31) && MP2_DTYPE(x & 31) != DT_PIECE;
    case A_COMPLETE: return x < 4 && tp >= 0 && s->pl[tp].con[x & 1] < MP2_NCONTRACTS;
    case A_IMPROVE: return x < MP2_NGUILD;
    case A_FILIPPO: return x < MP2_NOUTPOSTS;
    case A_CVSTART:
    case A_CVDONE: return x < 2;
    case A_BUYBLACK:
    case A_VIDAL:
    case A_END:
    case A_DONE: return x == 0;
    case A_MOVE: return (x & 0xff) < (uint32_t)c->nloc && (x >> 8) < 2 && e;
    case A_PICK: return e && pick_ok(c, s, e, x);
    }
    return 0;
}

void mp2_action_text(const kt_game *g, const kt_state *st, kt_action a, int viewer, int lang,
                     kt_buf *out)
{
    const mp2_cfg *c = mp2_config(g);
    const mp2_state *s = (const mp2_state *)st;
    uint32_t x = MP2_AARG(a);
    const mp2_eff *e = s->nstack ? &s->stack[s->nstack - 1] : NULL;
    if (!mp2_action_ok(c, s, a)) {
        kt_buf_printf(out, "%s %u", L("unknown action", "unbekannte Aktion"), a);
        return;
    }
    switch (MP2_AKIND(a)) {
    case A_PLACE: {
        mp2_space_name(c, (int)(x & 0xff), lang, out);
        kt_buf_printf(out, " %s ", L("with", "mit"));
        uint32_t codes = x >> 8;
        for (int i = 0; i < 3; i++) {
            int d = (int)((codes >> (5 * i)) & 31);
            if (!d)
                continue;
            if (i)
                kt_buf_putc(out, '+');
            die_text(d, lang, out);
        }
        return;
    }
    case A_BAG:
        kt_buf_printf(out, "%s ", L("money bag with", "Geldsack mit"));
        die_text((int)(x & 31), lang, out);
        kt_buf_printf(out, " %s ", L("for", "für"));
        mp2_bundle_text(c, &c->rw[c->rw_bag].alt[x >> 5], lang, out);
        return;
    case A_REROLL:
        kt_buf_printf(out, "%s ", L("reroll", "würfle neu"));
        die_text((int)(x & 31), lang, out);
        return;
    case A_SHIFT: {
        int d = (int)(x & 31), v = MP2_DVAL(d);
        kt_buf_printf(out, "%s ", L("turn", "drehe"));
        die_text(d, lang, out);
        kt_buf_printf(out, " %s %d", L("to", "auf"), (x & 32) ? v + 1 : v - 1);
        return;
    }
    case A_BUYBLACK:
        kt_buf_puts(out, L("buy a black die", "kaufe einen schwarzen Würfel"));
        return;
    case A_COMPLETE: {
        int k = s->pl[s->h.turn_player >= 0 ? s->h.turn_player : 0].con[x & 1];
        kt_buf_printf(out, "%s %s", L("complete", "erfülle"), k < MP2_NCONTRACTS ? c->contract[k].id : "?");
        if (x & 2)
            kt_buf_puts(out, L(" without paying", " ohne Bezahlung"));
        return;
    }
    case A_IMPROVE:
        kt_buf_printf(out, "%s %s %s", L("improve", "verbessere"), mp2_guild_name(c, (int)x & 3, lang),
                      L("seal", "Siegel"));
        return;
    case A_FILIPPO:
        kt_buf_printf(out, "%s %s (", L("use outpost tile", "nutze Handelsplättchen"),
                      x < MP2_NOUTPOSTS ? c->outpost[x].id : "?");
        if (x < MP2_NOUTPOSTS)
            mp2_rw_text(c, c->outpost[x].reward, lang, out);
        kt_buf_putc(out, ')');
        return;
    case A_VIDAL:
        kt_buf_puts(out, L("pay pepper, silk and gold for 5 VP", "zahle Pfeffer, Seide und Gold für 5 SP"));
        return;
    case A_CVSTART:
        kt_buf_printf(out, "%s %u", L("start caravan", "starte Karawane"), x + 1);
        return;
    case A_CVDONE:
        kt_buf_printf(out, "%s %u", L("complete route of caravan", "schließe Route ab von Karawane"), x + 1);
        return;
    case A_END:
        kt_buf_puts(out, L("end turn", "Zug beenden"));
        return;
    case A_DONE:
        /* the shared verb of every game; the prompt says what it ends
         * (stop moving, no more contracts, no extra post, ...) */
        kt_buf_puts(out, L("done", "fertig"));
        return;
    case A_MOVE:
        if (e && e->type == EF_CVMOVE) {
            kt_buf_printf(out, "%s %s", L("caravan to", "Karawane nach"),
                          mp2_loc_name(c, (int)x & 0xff, lang));
        } else {
            int f = (int)(x >> 8);
            int two = e && s->pl[e->p].fig[1] != MP2_NOLOC;
            if (two)
                kt_buf_printf(out, "%s %d ", L("figure", "Figur"), f + 1);
            kt_buf_printf(out, "%s %s", L("to", "nach"), mp2_loc_name(c, (int)x & 0xff, lang));
        }
        return;
    case A_PICK:
        if (e)
            pick_text(c, s, e, (int)x, viewer, lang, out);
        else
            kt_buf_printf(out, "option %u", x);
        return;
    default:
        kt_buf_printf(out, "action %u", a);
        return;
    }
}

void mp2_prompt(const kt_game *g, const kt_state *st, int lang, kt_buf *out)
{
    const mp2_cfg *c = mp2_config(g);
    const mp2_state *s = (const mp2_state *)st;
    int p = s->h.to_move;
    /* before the draft a player has no character yet: no empty "(-)" */
    if (s->pl[p].character < MP2_NCHAR)
        kt_buf_printf(out, "%s %d (%s): ", L("Player", "Spieler"), p + 1,
                      mp2_char_name(s->pl[p].character, lang));
    else
        kt_buf_printf(out, "%s %d: ", L("Player", "Spieler"), p + 1);
    static const char *const en[MP2_NDEC] = {
        "bonus actions and one normal action, then 'end turn'", "choose your character",
        "keep one goal card", "choose the bonus to receive twice", "choose a city bonus to copy",
        "choose coins and camels as compensation", "use doubles?", "choose a reward",
        "choose a good", "choose an offer", "choose a guild seal",
        "take a contract ('done': no more)", "discard a contract", "move your figure",
        "choose a trading post to move", "place an extra trading post? ('done': none)",
        "use the city card how often?", "choose a city bonus ('done': no more)",
        "move your caravan ('done': it stops)", "load goods on your caravan ('done': no more)",
        "choose a route tile", "choose the caravan's city", "sell, upgrade or double each good",
        "return a route tile", "game over"};
    static const char *const de[MP2_NDEC] = {
        "Bonusaktionen und eine normale Aktion, dann 'Zug beenden'", "wähle deinen Charakter",
        "behalte eine Zielkarte", "wähle den doppelten Bonus", "wähle einen Stadtbonus zum Kopieren",
        "wähle Münzen und Kamele als Ausgleich", "Pasch nutzen?", "wähle eine Belohnung",
        "wähle eine Ware", "wähle ein Angebot", "wähle ein Gildensiegel",
        "nimm einen Auftrag ('fertig': keinen weiteren)", "wirf einen Auftrag ab",
        "bewege deine Figur", "wähle einen Handelsposten zum Versetzen",
        "zusätzlichen Handelsposten setzen? ('fertig': keinen)", "wie oft die Stadtkarte nutzen?",
        "wähle einen Stadtbonus ('fertig': keinen weiteren)",
        "bewege deine Karawane ('fertig': sie hält)", "belade deine Karawane ('fertig': nichts mehr)",
        "wähle ein Routenplättchen", "wähle die Stadt der Karawane",
        "verkaufe, veredle oder verdopple jede Ware", "gib ein Routenplättchen zurück",
        "Spielende"};
    int d = s->h.decision < MP2_NDEC ? s->h.decision : 0;
    kt_buf_puts(out, lang == KT_LANG_DE ? de[d] : en[d]);
    if (d == DEC_MOVE && s->mv.on)
        kt_buf_printf(out, " (%d %s)", s->mv.steps,
                      s->mv.steps == 1
                          ? L("step left; 'done' stops here", "Schritt übrig; 'fertig' hält hier")
                          : L("steps left; 'done' stops here", "Schritte übrig; 'fertig' hält hier"));
    KT_UNUSED(c);
}

/* ------------------------------------------------------------ components */
/* ------------------------------------------------------------ menu items
 *
 * How actions appear in a menu (gamedef.menu_item).
 * A turn offers every open space with every way to put dice on it, and
 * for every die a money bag (3 choices), a reroll and a turn by one: often
 * 50-70 actions.  The menu folds them by die: the group "die 5" holds
 * everything done with one 5 (the one-die spaces and its bonus actions),
 * "black die 2" the same for a black die; placements of two or three dice
 * and of Donata's pieces are grouped by space; contracts, seals, tiles and
 * caravans have a group each when there is more than one of a kind; taking
 * a black die and "end turn" stay at the top level.  So the top level
 * shows one entry per die value held plus a few others.
 *
 * Data layout: none of its own.  Ranks order the top level: dice in
 * ascending value (own before black), then several-dice spaces, pieces,
 * contracts, seals, tiles, caravans, the black die, "end turn" last; inside
 * a die group the spaces come first, then the bonus actions.  Decisions
 * (a short list each) keep the legal order and no groups.  The legal order
 * itself is untouched (random play and the bench fingerprint use it).
 */


/* Sort key of a die kind: own 1..6, then black 1..6. */
static int die_rank(int d) { return (MP2_DTYPE(d) == DT_BLACK ? 6 : 0) + MP2_DVAL(d); }

static void die_group(const kt_game *g, int d, int lang, kt_menu_item *out)
{
    kt_buf b;
    kt_buf_init_alloc(&b, &g->alloc);
    if (MP2_DTYPE(d) == DT_BLACK)
        kt_buf_printf(&b, "%s %d", L("black die", "schwarzer Würfel"), MP2_DVAL(d));
    else
        kt_buf_printf(&b, "%s %d", L("die", "Würfel"), MP2_DVAL(d));
    snprintf(out->group, sizeof out->group, "%s", b.p ? b.p : "");
    kt_buf_free(&b);
}

static void space_group(const kt_game *g, int sp, const char *suffix, int lang,
                        kt_menu_item *out)
{
    const mp2_cfg *c = mp2_config(g);
    kt_buf b;
    kt_buf_init_alloc(&b, &g->alloc);
    mp2_space_name(c, sp, lang, &b);
    kt_buf_puts(&b, suffix);
    snprintf(out->group, sizeof out->group, "%s", b.p ? b.p : "");
    kt_buf_free(&b);
}

/* How many legal actions of kind `kind` the state offers (to decide
 * whether a kind gets a group of its own). */
static int count_kind(const kt_game *g, const kt_state *s, int kind)
{
    kt_action buf[MP2_MAXLEGAL];
    int n = mp2_legal(g, s, buf), k = 0;
    for (int i = 0; i < n; i++)
        k += MP2_AKIND(buf[i]) == kind;
    return k;
}

static void place_item(const kt_game *g, uint32_t x, int lang, kt_menu_item *out)
{
    int sp = (int)(x & 0xff), dice = 0, piece = 0;
    int d0 = (int)((x >> 8) & 31);
    for (int i = 0; i < 3; i++) {
        int d = (int)((x >> (8 + 5 * i)) & 31);
        dice += d != 0;
        piece |= d && MP2_DTYPE(d) == DT_PIECE;
    }
    if (piece) {
        snprintf(out->group, sizeof out->group, "%s", L("Donata's pieces", "Donatas Figuren"));
        out->rank = 3500 + sp;
    } else if (dice == 1) {
        die_group(g, d0, lang, out);
        out->rank = 100 * die_rank(d0) + sp;
    } else {
        space_group(g, sp, dice == 2 ? L(" (2 dice)", " (2 Würfel)") : L(" (3 dice)", " (3 Würfel)"),
                    lang, out);
        out->rank = 3000 + 20 * sp;
    }
}

void mp2_menu_item(const kt_game *g, const kt_state *st, kt_action a, int lang, kt_menu_item *out)
{
    const mp2_cfg *c = mp2_config(g);
    const mp2_state *s = (const mp2_state *)st;
    if (s->h.status != KT_RUNNING || s->nstack || !mp2_action_ok(c, s, a))
        return;
    uint32_t x = MP2_AARG(a);
    switch (MP2_AKIND(a)) {
    case A_PLACE:
        place_item(g, x, lang, out);
        return;
    case A_BAG:
    case A_REROLL:
    case A_SHIFT: {
        int d = (int)(x & 31);
        die_group(g, d, lang, out);
        int sub = MP2_AKIND(a) == A_BAG ? 60 + (int)(x >> 5) : MP2_AKIND(a) == A_REROLL ? 70 : 80 + (int)(x >> 5);
        out->rank = 100 * die_rank(d) + sub;
        return;
    }
    case A_COMPLETE:
        out->rank = 4000 + (int)x;
        if (count_kind(g, st, A_COMPLETE) > 1)
            snprintf(out->group, sizeof out->group, "%s", L("complete a contract", "Auftrag erfüllen"));
        return;
    case A_IMPROVE:
        out->rank = 4100 + (int)x;
        if (count_kind(g, st, A_IMPROVE) > 1)
            snprintf(out->group, sizeof out->group, "%s", L("improve a seal", "Siegel verbessern"));
        return;
    case A_FILIPPO:
        out->rank = 4200 + (int)x;
        if (count_kind(g, st, A_FILIPPO) > 1)
            snprintf(out->group, sizeof out->group, "%s", L("use an outpost tile", "Handelsplättchen nutzen"));
        return;
    case A_VIDAL:
        out->rank = 4300;
        return;
    case A_CVSTART:
    case A_CVDONE:
        out->rank = 4400 + (MP2_AKIND(a) == A_CVDONE) * 10 + (int)x;
        if (count_kind(g, st, A_CVSTART) + count_kind(g, st, A_CVDONE) > 1)
            snprintf(out->group, sizeof out->group, "%s", L("caravans", "Karawanen"));
        return;
    case A_BUYBLACK:
        out->rank = 4500;
        return;
    case A_END:
        out->rank = 9000;
        return;
    default:
        return;
    }
}
