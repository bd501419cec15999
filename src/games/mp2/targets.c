/*
 * targets.c - what a Marco Polo II action acts on, as data
 * (gamedef.action_info), and the decision kinds' names for people
 * (gamedef.decision_label).
 *
 * Data layout: none of its own.  Every target id is one the observation
 * JSON uses for the same thing (docs/targets.md, section Marco Polo II):
 * "space" indexes board.spaces / table.spaces, "town" table.locations,
 * "route" table.routes, "die"/"black_die" are pip values found in the
 * seat's "dice"/"black" lists, "piece" a colour index (seat.pieces keys),
 * "contract" a slot of seat.contracts (2: pending.contract, the one just
 * drawn), "contract_slot" an index into the flattened
 * board.contract_board, "guild" table.guilds, "good" table.resources,
 * "character" board.draft, "goal" seat.goal_options, "marker"
 * board.markers, "book" board.offers, "tile" board.route_tiles,
 * "outpost_tile" table.outpost_tiles, "caravan" seat.caravans, "figure"
 * seat.figures, "option" pending.options (or the money bag's
 * table.spaces[id].options); "amount" is a number, not an id.
 * Costs are what the action spends at once: coins (jade pays a
 * shortfall), camels, jade, goods.
 */
#include <stdio.h>
#include <string.h>

#include "mp2.h"
#include "../../core/targets_util.h"

/* Only what is paid is listed; costs of one kind add up. */
static void cost(kt_action_info *o, const char *what, int amount)
{
    if (amount > 0)
        kt_info_cost_add(o, what, amount);
}

static const char *const res_keys[MP2_NRES] = {"coins", "camels", "jade", "pepper",
                                              "silk",  "gold",   "vp"};

static void cost_bundle(kt_action_info *o, const mp2_bundle *b)
{
    for (int i = 0; i < MP2_NRES; i++)
        if (i != IT_VP)
            cost(o, res_keys[i], b->n[i]);
}

static void die_tgt(kt_action_info *o, int d)
{
    switch (MP2_DTYPE(d)) {
    case DT_OWN: kt_info_target(o, "die", MP2_DVAL(d)); break;
    case DT_BLACK: kt_info_target(o, "black_die", MP2_DVAL(d)); break;
    default: kt_info_target(o, "piece", MP2_DVAL(d) - 1); break;
    }
}

/* The route between neighbours a and b, or -1. */
static int route_between(const mp2_cfg *c, int a, int b)
{
    if (a < 0 || a >= c->nloc)
        return -1;
    const mp2_loc *l = &c->loc[a];
    for (int k = 0; k < l->nadj; k++)
        if (l->adj[k] == b)
            return l->route[k];
    return -1;
}

static void place_info(const mp2_cfg *c, const mp2_state *s, int p, uint32_t x, kt_action_info *o)
{
    int sp = (int)(x & 0xff), low = 7;
    kt_info_verb(o, "place");
    kt_info_target(o, "space", sp);
    for (int i = 0; i < 3; i++) {
        int d = (int)((x >> (8 + 5 * i)) & 31);
        if (!d)
            continue;
        die_tgt(o, d);
        int v = mp2_die_value(d);
        low = v < low ? v : low;
    }
    int fee = s->sp[sp].used && c->sp_fee[sp] ? low : 0;
    if (sp == SP_TRAVEL1)
        fee += 2;
    cost(o, "coins", fee);
    KT_UNUSED(p);
}

static void turn_info(const mp2_cfg *c, const mp2_state *s, kt_action a, kt_action_info *o)
{
    uint32_t x = MP2_AARG(a);
    int p = s->h.turn_player >= 0 ? s->h.turn_player : 0;
    const mp2_player *pl = &s->pl[p];
    switch (MP2_AKIND(a)) {
    case A_PLACE:
        place_info(c, s, p, x, o);
        break;
    case A_BAG:
        kt_info_verb(o, "money_bag");
        kt_info_target(o, "space", SP_BAG);
        die_tgt(o, (int)(x & 31));
        kt_info_target(o, "option", (int)(x >> 5));
        break;
    case A_REROLL:
        kt_info_verb(o, "reroll");
        die_tgt(o, (int)(x & 31));
        cost(o, "camels", 1);
        break;
    case A_SHIFT:
        kt_info_verb(o, "turn_die");
        die_tgt(o, (int)(x & 31));
        kt_info_target(o, "amount", MP2_DVAL(x & 31) + ((x & 32) ? 1 : -1));
        cost(o, "camels", 2);
        break;
    case A_BUYBLACK:
        kt_info_verb(o, "buy_black_die");
        cost(o, "camels", 3);
        break;
    case A_COMPLETE: {
        int k = pl->con[x & 1];
        kt_info_verb(o, (x & 2) ? "complete_free" : "complete");
        kt_info_target(o, "contract", (int)(x & 1));
        if (!(x & 2) && k < MP2_NCONTRACTS)
            cost_bundle(o, &c->rw[c->contract[k].cost].alt[0]);
        break;
    }
    case A_IMPROVE: {
        mp2_bundle b = c->rw[c->guild[x & 3].improve].alt[0];
        if (pl->character == CH_TEBALDO)
            b.n[IT_COIN] = 0;
        kt_info_verb(o, "improve");
        kt_info_target(o, "guild", (int)(x & 3));
        cost_bundle(o, &b);
        break;
    }
    case A_FILIPPO:
        kt_info_verb(o, "use_outpost");
        kt_info_target(o, "outpost_tile", (int)x);
        break;
    case A_VIDAL:
        kt_info_verb(o, "exchange_goods");
        cost(o, "pepper", 1);
        cost(o, "silk", 1);
        cost(o, "gold", 1);
        break;
    case A_CVSTART:
        kt_info_verb(o, "start_caravan");
        kt_info_target(o, "caravan", (int)x);
        break;
    case A_CVDONE:
        kt_info_verb(o, "finish_caravan");
        kt_info_target(o, "caravan", (int)x);
        break;
    case A_END:
        kt_info_verb(o, "end_turn");
        break;
    }
}

/* A figure's (or a caravan's) step to a neighbour: the town, the route and
 * the route's cost (Gantulga pays no coins or camels on routes; caravans
 * pay nothing). */
static void move_info(const mp2_cfg *c, const mp2_state *s, const mp2_eff *e, uint32_t x,
                      kt_action_info *o)
{
    const mp2_player *pl = &s->pl[e->p];
    int to = (int)(x & 0xff), f = (int)(x >> 8);
    if (e->type == EF_CVMOVE) {
        kt_info_verb(o, "move_caravan");
        kt_info_target(o, "town", to);
        kt_info_target(o, "caravan", e->a);
        int r = route_between(c, pl->cv_loc[e->a & 1], to);
        if (r >= 0)
            kt_info_target(o, "route", r);
        return;
    }
    kt_info_verb(o, "move");
    kt_info_target(o, "town", to);
    kt_info_target(o, "figure", f);
    int r = route_between(c, pl->fig[f & 1], to);
    if (r < 0)
        return;
    kt_info_target(o, "route", r);
    const mp2_route *rt = &c->route[r];
    if (pl->character != CH_GANTULGA) {
        cost(o, "coins", rt->coins);
        cost(o, "camels", rt->camels);
    }
    cost(o, "jade", rt->jade);
}

static void pick_info(const mp2_cfg *c, const mp2_state *s, const mp2_eff *e, int x,
                      kt_action_info *o)
{
    const mp2_player *pl = &s->pl[e->p];
    switch (e->type) {
    case EF_DRAFT: kt_info_verb(o, "choose_character"); kt_info_target(o, "character", x); break;
    case EF_GOAL: kt_info_verb(o, "keep_goal"); kt_info_target(o, "goal", x); break;
    case EF_MAILIN:
        kt_info_verb(o, "double_bonus");
        if (x < 8) {
            kt_info_target(o, "town", c->bonus_loc[x]);
            kt_info_target(o, "marker", x);
        } else {
            kt_info_target(o, "guild", x - 8);
        }
        break;
    case EF_COPY:
    case EF_CARDBONUS:
        kt_info_verb(o, e->type == EF_COPY ? "copy_bonus" : "city_bonus");
        kt_info_target(o, "town", c->bonus_loc[x]);
        kt_info_target(o, "marker", x);
        break;
    case EF_COMP: kt_info_verb(o, "compensation"); kt_info_target(o, "amount", x); break;
    case EF_ISABELLA: kt_info_verb(o, "doubles"); kt_info_target(o, "amount", x); break;
    case EF_ALT: kt_info_verb(o, "reward"); kt_info_target(o, "option", x); break;
    case EF_GOOD: kt_info_verb(o, "take_good"); kt_info_target(o, "good", x); break;
    case EF_MARKET:
        kt_info_verb(o, "offer");
        kt_info_target(o, "book", e->a);
        kt_info_target(o, "option", x);
        cost(o, "jade", x >= 2 ? x - 1 : 0);
        break;
    case EF_SEAL: kt_info_verb(o, "take_seal"); kt_info_target(o, "guild", x); break;
    case EF_CONTRACT: kt_info_verb(o, "take_contract"); kt_info_target(o, "contract_slot", x); break;
    case EF_DISCARD: kt_info_verb(o, "discard_contract"); kt_info_target(o, "contract", x); break;
    case EF_MOVEPOST: kt_info_verb(o, "move_post"); kt_info_target(o, "town", x); break;
    case EF_XPOST: kt_info_verb(o, "extra_post"); kt_info_target(o, "town", x); break;
    case EF_CARD: {
        const mp2_card *cd = &c->card[e->a];
        int dir = x >> 4, k = x & 15;
        kt_info_verb(o, "use_card");
        kt_info_target(o, "option", dir);
        kt_info_target(o, "amount", k);
        const mp2_reward *pay = &c->rw[dir ? cd->pay2 : cd->pay];
        if (pay->nalt)
            for (int i = 0; i < MP2_NRES; i++)
                if (i != IT_VP)
                    cost(o, res_keys[i], pay->alt[0].n[i] * k);
        break;
    }
    case EF_CVLOAD:
        kt_info_verb(o, "load_good");
        kt_info_target(o, "good", x);
        kt_info_target(o, "caravan", e->a);
        cost(o, res_keys[x], 1);
        break;
    case EF_CVTILE: kt_info_verb(o, "take_route_tile"); kt_info_target(o, "tile", x); break;
    case EF_CVCITY: kt_info_verb(o, "caravan_city"); kt_info_target(o, "town", x); kt_info_target(o, "caravan", e->a); break;
    case EF_CVSELL:
        kt_info_verb(o, x == 0 ? "sell_good" : x == 1 ? "upgrade_good" : "double_good");
        kt_info_target(o, "caravan", e->a);
        kt_info_target(o, "good", pl->cv_goods[e->a & 1][e->b & 1]);
        kt_info_target(o, "option", x);
        break;
    case EF_CVRETURN:
        kt_info_verb(o, "return_tile");
        kt_info_target(o, "tile", pl->cv_tile[x == 0 ? e->a : 1 - e->a]);
        kt_info_target(o, "option", x);
        break;
    }
}

void mp2_action_info(const kt_game *g, const kt_state *st, kt_action a, kt_action_info *o)
{
    const mp2_cfg *c = mp2_config(g);
    const mp2_state *s = (const mp2_state *)st;
    if (!mp2_action_ok(c, s, a))
        return;
    const mp2_eff *e = s->nstack ? &s->stack[s->nstack - 1] : NULL;
    uint32_t x = MP2_AARG(a);
    switch (MP2_AKIND(a)) {
    case A_DONE: kt_info_verb(o, "done"); return;
    case A_MOVE:
        if (e)
            move_info(c, s, e, x, o);
        return;
    case A_PICK:
        if (e)
            pick_info(c, s, e, (int)x, o);
        return;
    default:
        turn_info(c, s, a, o);
        return;
    }
}

static const char *const dec_en[MP2_NDEC] = {
    "Your turn", "Choose a character", "Keep a goal card", "Double bonus", "Copy a city bonus",
    "Compensation", "Doubles", "Reward", "Good of choice", "Offer", "Guild seal", "Contract",
    "Discard a contract", "Travel", "Move a trading post", "Extra trading post", "City card",
    "City bonus", "Caravan move", "Load the caravan", "Route tile", "Caravan city",
    "Caravan goods", "Return a route tile", "Game over"};
static const char *const dec_de[MP2_NDEC] = {
    "Dein Zug", "Charakter wählen", "Zielkarte behalten", "Doppelter Bonus",
    "Stadtbonus kopieren", "Ausgleich", "Pasch", "Belohnung", "Ware nach Wahl", "Angebot",
    "Gildensiegel", "Auftrag", "Auftrag abwerfen", "Reise", "Handelsposten versetzen",
    "Zusätzlicher Handelsposten", "Stadtkarte", "Stadtbonus", "Karawane bewegen",
    "Karawane beladen", "Routenplättchen", "Stadt der Karawane", "Waren der Karawane",
    "Routenplättchen zurückgeben", "Spielende"};

const char *mp2_decision_label(int d, int lang)
{
    if (d < 0 || d >= MP2_NDEC)
        return NULL;
    return lang == KT_LANG_DE ? dec_de[d] : dec_en[d];
}
