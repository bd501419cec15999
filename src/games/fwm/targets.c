/*
 * targets.c - Fugger, Welser, Medici: what each action acts on, as data
 * (gamedef.action_info), and the decision names for people in English and
 * German (gamedef.decision_label).
 *
 * Ids (docs/targets.md, section Fugger, Welser, Medici): every id is an
 * index the observation JSON also carries (view.c, fwm_observe_map):
 *   town / space   map.spaces[i].id   (towns are kind "town", the road,
 *                                      bridge and sea spaces kind "space")
 *   route          map.routes[i].id   (the route a step runs along)
 *   area           map.areas[i].id
 *   good           map.goods[i].id    (0 cloth, 1 spice, 2 metal)
 *   deal           open[i].deal, auction.deal (the card's index)
 *   merchant       players_view[p].merchants[k].id (k; 0 = representative)
 *   warehouse      0 (the acting player's home warehouse)
 *   player         players_view[p].id (p)
 *   amount, price, number, iou: plain values (quantities, FL, a die face)
 * Costs name what the acting player spends: "money" (FL), a good's key
 * ("cloth", "spice", "metal", "iou") and "risk_pct", the chance in percent
 * that a laden merchant has an accident on the planned move (2d6 <= spaces
 * + 1: 3, 8, 17 %).
 *
 * Everything here is computed from the acting player's copy of the state
 * and from the action itself, so nothing hidden leaks: a sealed bid's
 * targets are its own quantity and price; an offer's price picks belong
 * to its proposer.
 */
#include <stdio.h>
#include <string.h>

#include "rules.h"
#include "../../core/targets_util.h"

static const char *const good_keys[FWM_NG + 1] = {"cloth", "spice", "metal", "iou"};

/* A space as a target: towns are "town", the spaces between them "space". */
static void tgt_space(kt_action_info *o, const fwm_cfg *c, int sp)
{
    if (sp >= 0 && sp < c->nsp)
        kt_info_target(o, c->sp[sp].kind == SK_TOWN ? "town" : "space", sp);
}

/* The route that joins neighbouring spaces a and b, -1 if none. */
int fwm_route_of(const fwm_cfg *c, int a, int b)
{
    for (int r = 0; r < c->nroute; r++) {
        int prev = c->route_a[r];
        for (int i = 0; i <= c->route_n[r]; i++) {
            int cur = i < c->route_n[r] ? c->route_via[r][i] : c->route_b[r];
            if ((prev == a && cur == b) || (prev == b && cur == a))
                return r;
            prev = cur;
        }
    }
    return -1;
}

/* Slot 0 is the home warehouse, 1-3 the merchants. */
static void tgt_slot(kt_action_info *o, int slot)
{
    if (slot == 0)
        kt_info_target(o, "warehouse", 0);
    else
        kt_info_target(o, "merchant", slot - 1);
}

static void tgt_good(kt_action_info *o, int good)
{
    if (good == FWM_NG)
        kt_info_target(o, "iou", 0);
    else
        kt_info_target(o, "good", good);
}

/* Percent chance of an accident on a move of `len` spaces (laden). */
static int risk_pct(int len) { return ((len + 1) * len / 2 * 100 + 18) / 36; }

/* A step of merchant m to sp (A_STEP) or the planned move (A_GO): the
 * whole planned move's money and, laden, its accident risk. */
static void move_info(const kt_game *g, const fwm_state *s, int m, int sp, int add,
                      kt_action_info *o)
{
    const fwm_cfg *c = fwm_config(g);
    int p = s->h.to_move;
    if (p < 0 || p >= g->nplayers || m >= FWM_NM)
        return;
    uint8_t path[4];
    int len = s->mv_len < 3 ? s->mv_len : 3;
    memcpy(path, s->mv_path, (size_t)len);
    if (add && len < 3)
        path[len++] = (uint8_t)sp;
    if (!len)
        return;
    int from = len >= 2 ? path[len - 2] : s->pl[p].m[m].pos;
    kt_info_target(o, "merchant", m);
    tgt_space(o, c, path[len - 1]);
    int r = from < c->nsp ? fwm_route_of(c, from, path[len - 1]) : -1;
    if (r >= 0)
        kt_info_target(o, "route", r);
    kt_info_cost(o, "money", fwm_path_cost(g, s, p, m, path, len));
    if (fwm_cargo(&s->pl[p].m[m]))
        kt_info_cost(o, "risk_pct", risk_pct(len));
}

static void bid_info(const fwm_state *s, kt_action a, kt_action_info *o)
{
    const fwm_auc *u = &s->auc;
    int q = ACT_C(a);
    int32_t price = u->lo + 20 * BID_K(a);
    kt_info_verb(o, q ? "bid" : "pass");
    kt_info_target(o, "deal", u->card);
    if (!q)
        return;
    kt_info_target(o, "amount", q);
    kt_info_target(o, "price", (int)price);
    if (u->kind == AK_DEMAND) /* selling: the goods are what it spends */
        kt_info_cost(o, good_keys[u->good < FWM_NG ? u->good : 0], q);
    else
        kt_info_cost(o, "money", (int)price * q);
}

static void pick_info(const kt_game *g, const fwm_state *s, kt_action a, kt_action_info *o)
{
    int xa = ACT_A(a), xb = ACT_B(a), xc = ACT_C(a), p = s->h.to_move;
    switch (ACT_K(a)) {
    case A_SELL: kt_info_verb(o, "sell"), tgt_slot(o, xb), tgt_good(o, xc), kt_info_cost(o, good_keys[xc], 1); break;
    case A_XFER: kt_info_verb(o, "shift"), tgt_slot(o, xa), tgt_slot(o, xb), tgt_good(o, xc); break;
    case A_TRADE:
        kt_info_verb(o, xb ? "buy_from" : "sell_to");
        kt_info_target(o, "player", xa);
        if (p >= 0 && p < g->nplayers)
            tgt_space(o, fwm_config(g), fwm_slot_space(s, p, xc));
        tgt_slot(o, xc);
        break;
    case A_TGOOD: kt_info_verb(o, "add_good"), tgt_good(o, xc); break;
    case A_PRICE:
        kt_info_verb(o, "price");
        kt_info_target(o, "place", xb);
        kt_info_target(o, "price", (int)fwm_price_pick(xb, s->of_price, xc));
        break;
    case A_LOSE: kt_info_verb(o, "lose"), tgt_good(o, xc), kt_info_cost(o, good_keys[xc < FWM_NG ? xc : 0], 1); break;
    default: break;
    }
}

void fwm_action_info(const kt_game *g, const kt_state *st, kt_action a, kt_action_info *o)
{
    const fwm_cfg *c = fwm_config(g);
    const fwm_state *s = (const fwm_state *)st;
    int xb = ACT_B(a), xc = ACT_C(a);
    memset(o, 0, sizeof *o);
    switch (ACT_K(a)) {
    case A_HOME:
        kt_info_verb(o, "home");
        if (xc < c->nhomes)
            tgt_space(o, c, c->homes[xc]);
        break;
    case A_BID: bid_info(s, a, o); break;
    case A_STEP:
        kt_info_verb(o, "move");
        if (xc < c->nsp)
            move_info(g, s, xb, xc, 1, o);
        break;
    case A_GO:
        kt_info_verb(o, "go");
        move_info(g, s, s->mv_merch, 0, 0, o);
        break;
    case A_CANCEL: kt_info_verb(o, "cancel"); break;
    case A_END: kt_info_verb(o, "end_turn"); break;
    case A_DONE: kt_info_verb(o, "done"); break;
    case A_HIRE: kt_info_verb(o, "hire"); break;
    case A_FIRE: kt_info_verb(o, "fire"), kt_info_target(o, "merchant", xc); break;
    case A_DISCOUNT:
        /* the Reckoning Trick's discount is its own verb (observation:
         * reckoning_trick names its holder) */
        kt_info_verb(o, xc == 3 ? "discount_trick" : "discount");
        kt_info_target(o, "amount", xc == 0 ? 0 : xc == 1 ? 500 : 1000);
        break;
    case A_AREA:
        kt_info_verb(o, "cube");
        if (xc < c->narea)
            kt_info_target(o, "area", xc);
        break;
    case A_BRIBE: kt_info_verb(o, "bribe"), kt_info_cost(o, "money", 100); break;
    case A_ROLL: kt_info_verb(o, "roll"); break;
    case A_PAYTO: kt_info_verb(o, "pay"), kt_info_target(o, "player", xc), kt_info_cost(o, "money", 100); break;
    case A_KEEP: kt_info_verb(o, "keep"); break;
    case A_PASSTO:
        kt_info_verb(o, "pass_to");
        kt_info_target(o, "player", xc);
        kt_info_cost(o, "money", s->sh_stake ? (int)s->sh_stake : 20);
        break;
    case A_BET: kt_info_verb(o, "bet"), kt_info_target(o, "number", xc), kt_info_cost(o, "money", 100); break;
    case A_ACCEPT: kt_info_verb(o, "accept"); break;
    case A_DECLINE: kt_info_verb(o, "decline"); break;
    default: pick_info(g, s, a, o); break;
    }
}

/* ------------------------------------------------------------ decision names */

typedef struct fwm_label {
    const char *en, *de;
} fwm_label;

static const fwm_label labels[FS_N] = {
    [FS_HOME] = {"Choose a home city", "Heimatstadt wählen"},
    [FS_P1] = {"Phase 1", "Phase 1"},
    [FS_BID] = {"Sealed bid", "Verdecktes Gebot"},
    [FS_ALLOC] = {"Allocating the deal", "Zuteilung des Geschäfts"},
    [FS_FORCE] = {"Forced sale", "Zwangsverkauf"},
    [FS_NOBLE] = {"Discount for the noble", "Nachlass für den Adligen"},
    [FS_CUBE] = {"Place free passage", "Freies Geleit setzen"},
    [FS_REFILL] = {"Refilling the deals", "Geschäfte auffüllen"},
    [FS_SHEEP] = {"Black Sheep", "Schwarzes Schaf"},
    [FS_LOTTERY] = {"Lottery", "Lotterie"},
    [FS_PAYDAY] = {"Payday", "Zahltag"},
    [FS_PAYCHARGE] = {"Payday charges", "Zahltag: Abgaben"},
    [FS_MOVE] = {"Movement", "Bewegung"},
    [FS_PRICE] = {"Price of the offer", "Preis des Angebots"},
    [FS_REPLY] = {"Answer the offer", "Angebot beantworten"},
    [FS_MOVEX] = {"Moving", "Unterwegs"},
    [FS_PASSAGE] = {"Free-passage fee", "Geleitgebühr"},
    [FS_DROP] = {"Goods lost in the accident", "Waren beim Unfall verloren"},
    [FS_ROBPAY] = {"Robbers: bribe or roll", "Räuber: bestechen oder würfeln"},
    [FS_ROBLOSE] = {"Goods taken by robbers", "Von Räubern geraubte Waren"},
    [FS_CAL] = {"Calendar", "Kalender"},
    [FS_LINE] = {"Next goods line", "Nächste Warenzeile"},
    [FS_POST] = {"After the deal", "Nach dem Geschäft"},
    [FS_NOBLENEXT] = {"Noble demand", "Adelsnachfrage"},
    [FS_AMERICA] = {"Discovery of America", "Entdeckung Amerikas"},
    [FS_TURNEND] = {"End of the turn", "Zugende"},
    [FS_TRADE] = {"Trading between players", "Handel zwischen Spielern"},
    [FS_COMPOSE] = {"Goods of the offer", "Waren des Angebots"},
    [FS_OVER] = {"Game over", "Spielende"},
};

const char *fwm_decision_label(int d, int lang)
{
    if (d < 0 || d >= FS_N || !labels[d].en)
        return NULL;
    return lang == KT_LANG_DE ? labels[d].de : labels[d].en;
}
