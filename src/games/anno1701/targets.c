/*
 * targets.c - what each Anno 1701 action acts on, as data (the action_info
 * hook: a verb, targets {kind, id} and costs), and the decision names for
 * people in English and German (the decision_label hook), plus the phase
 * names the observation carries.
 *
 * Ids are the observation's (save.c writes them; docs/targets.md lists
 * where):
 *   card       a card definition index: "def" of a hand card
 *              (tableau[p].hand[i].def), of a searched pile's card
 *              (piles[k].contents[i].def) or of a turned voyage card;
 *   space      tableau[p].spaces[i].id, the building space a build fills;
 *   pile       piles[k].id (0..5 = I-a, I-b, II-a, II-b, III-a, III-b);
 *   centre     tableau[p].centres[k].id (0 left, 1 right);
 *   landscape  tableau[p].landscapes[l].id;
 *   good       an index into the observation's "kinds" (0..4 goods, 5 gold);
 *   level      an index into "levels" (1 settler .. 3 merchant);
 *   ship, player  a tableau index (a player);
 *   offer      pending.offers[i].id (a voyage trader's rum/tobacco offer).
 * Costs: a kind's name ("wood" .. "tools", "gold"), "rum", "tobacco", and
 * for a payment split "gold_left"/"gold_right".
 *
 * Everything is computed from the state as the acting player sees it (the
 * core hands over their copy): the hand, the searched pile and a spied hand
 * are theirs to see; no unturned voyage card or pile order is read.
 */
#include <stdio.h>
#include <string.h>

#include "anno1701.h"
#include "../../core/targets_util.h"

static const char *const kind_keys[] = {"wood", "cloth", "food", "brick", "tools", "gold"};

/* Only what is actually paid is listed. */
static void cost(kt_action_info *o, const char *what, int amount)
{
    if (amount > 0)
        kt_info_cost(o, what, amount);
}

static void goods_cost(kt_action_info *o, const uint8_t *v, int kinds)
{
    for (int k = 0; k < kinds; k++)
        cost(o, kind_keys[k], v[k]);
}

static int def_ok(const an_cfg *c, int d) { return d >= 0 && d < c->ndef; }

/* Actions of the turn decision (empty stack); 0 when `a` is none of them. */
static int turn_info(const an_cfg *c, const an_state *s, int p, kt_action a, kt_action_info *o)
{
    int k = AN_AX(a), y = AN_AY(a);
    const an_player *pl = &s->pl[p];
    switch (AN_AK(a)) {
    case A_BUILD:
        kt_info_verb(o, "build");
        if (!def_ok(c, k))
            return 1;
        kt_info_target(o, "card", k);
        if (pl->nb < c->k.spaces)
            kt_info_target(o, "space", pl->nb);
        goods_cost(o, c->def[k].cost, AN_NGOODS);
        return 1;
    case A_UPGRADE: {
        kt_info_verb(o, "upgrade");
        if (k < 0 || k >= AN_NLEVEL - 1)
            return 1;
        uint8_t cs[AN_NGOODS];
        int rum, tob;
        an_upgrade_cost(c, k + 1, cs, &rum, &tob);
        kt_info_target(o, "level", k + 1);
        goods_cost(o, cs, AN_NGOODS);
        cost(o, "rum", rum);
        cost(o, "tobacco", tob);
        return 1;
    }
    case A_REPAIR:
        kt_info_verb(o, pl->ship == 0 ? "repair_ship" : "improve_ship");
        kt_info_target(o, "ship", p);
        cost(o, "wood", 1);
        return 1;
    case A_PLAY:
        kt_info_verb(o, "play");
        if (!def_ok(c, k))
            return 1;
        kt_info_target(o, "card", k);
        if (c->against[c->def[k].act])
            kt_info_target(o, "player", 1 - p);
        return 1;
    case A_BANK:
        kt_info_verb(o, "bank");
        if (k >= AN_NKINDS || y >= AN_NKINDS)
            return 1;
        kt_info_target(o, "good", y);
        cost(o, kind_keys[k], c->k.bank_rate);
        return 1;
    case A_OFFER:
        kt_info_verb(o, "offer");
        kt_info_target(o, "player", 1 - p);
        return 1;
    case A_SAIL:
        kt_info_verb(o, "sail");
        kt_info_target(o, "ship", p);
        if (def_ok(c, k))
            kt_info_target(o, "card", k);
        return 1;
    case A_EXCH:
        kt_info_verb(o, "exchange");
        if (def_ok(c, k))
            kt_info_target(o, "card", k);
        if (y < AN_NPILE)
            kt_info_target(o, "pile", y);
        return 1;
    case A_PILE:
        kt_info_verb(o, "start_pile");
        if (k < AN_NPILE)
            kt_info_target(o, "pile", k);
        return 1;
    default:
        return 0;
    }
}

/* A payment: which centres give how much (the decision's amount, at most
 * what there is). */
static void pay_info(const an_state *s, const an_task *t, int k, kt_action_info *o)
{
    kt_info_verb(o, "pay");
    if (!t || t->t != K_PAY)
        return;
    int have = an_gold(&s->pl[t->p]), n = t->x < have ? t->x : have;
    if (k > n)
        return;
    if (k)
        kt_info_target(o, "centre", 0);
    if (n - k)
        kt_info_target(o, "centre", 1);
    cost(o, "gold_left", k);
    cost(o, "gold_right", n - k);
}

/* The "no" of each decision says what it means there. */
static const char *no_verb(int tt)
{
    switch (tt) {
    case K_THEATRE: return "let_happen";
    case K_SAIL: return "return";
    case K_BUY: return "done";
    case K_COMPOSE: return "withdraw";
    default: return "decline";
    }
}

/* Goods-only answers: take, steal, give up, the trader, the harbour. */
static int good_info(const an_state *s, const an_task *t, kt_action a, kt_action_info *o)
{
    int k = AN_AX(a), y = AN_AY(a), p = t ? t->p : s->h.to_move;
    static const struct { int ak; const char *v; } gv[] = {
        {A_GOOD, "take_good"}, {A_STEAL, "steal"},       {A_LOSE, "lose_good"},
        {A_BUYG, "trader_buy"}, {A_SELLG, "trader_sell"}, {A_HARB, "harbour"},
    };
    int i = 0;
    while (i < (int)(sizeof gv / sizeof gv[0]) && gv[i].ak != AN_AK(a))
        i++;
    if (i == (int)(sizeof gv / sizeof gv[0]))
        return 0;
    kt_info_verb(o, gv[i].v);
    if (k >= AN_NGOODS)
        return 1;
    switch (AN_AK(a)) {
    case A_STEAL:
        kt_info_target(o, "good", k);
        kt_info_target(o, "player", 1 - p);
        break;
    case A_LOSE:
    case A_SELLG:
        kt_info_target(o, "good", k);
        cost(o, kind_keys[k], 1);
        if (AN_AK(a) == A_SELLG)
            kt_info_target(o, "good", AN_GOLD);
        break;
    case A_BUYG:
        kt_info_target(o, "good", k);
        cost(o, "gold", 1);
        break;
    case A_HARB:
        if (y < AN_NGOODS)
            kt_info_target(o, "good", y);
        cost(o, kind_keys[k], 1);
        break;
    default:
        kt_info_target(o, "good", k);
        break;
    }
    return 1;
}

/* The trade composer, the answer to an offer, the voyage. */
static int trade_voyage_info(const an_cfg *c, const an_state *s, const an_task *t, kt_action a,
                             kt_action_info *o)
{
    int k = AN_AX(a), p = t ? t->p : s->h.to_move;
    switch (AN_AK(a)) {
    case A_GIVE:
    case A_ASK:
        kt_info_verb(o, AN_AK(a) == A_GIVE ? "give" : "ask");
        if (k < AN_NKINDS)
            kt_info_target(o, "good", k);
        return 1;
    case A_SEND:
        kt_info_verb(o, "send");
        kt_info_target(o, "player", 1 - p);
        goods_cost(o, s->give, AN_NKINDS);
        return 1;
    case A_ACCEPT:
        kt_info_verb(o, "accept");
        kt_info_target(o, "player", 1 - p);
        goods_cost(o, s->get, AN_NKINDS);
        return 1;
    case A_CONT:
        kt_info_verb(o, "sail_on");
        kt_info_target(o, "ship", p);
        return 1;
    case A_PAYOFF:
        kt_info_verb(o, "pay_pirates");
        if (t && t->t == K_PIRATE && t->x < c->nvdef)
            cost(o, "gold", c->vdef[t->x].demand);
        return 1;
    case A_FIGHT:
        kt_info_verb(o, "fight");
        return 1;
    case A_BUY:
        kt_info_verb(o, "buy");
        if (t && t->t == K_BUY && t->x < c->nvdef && k < c->vdef[t->x].noffer) {
            kt_info_target(o, "offer", k);
            cost(o, "gold", c->vdef[t->x].offer_price[k]);
        }
        return 1;
    default:
        return 0;
    }
}

/* Answers to a task on top of the stack. */
static void answer_info(const an_cfg *c, const an_state *s, kt_action a, kt_action_info *o)
{
    const an_task *t = s->nstack ? &s->stack[s->nstack - 1] : NULL;
    int k = AN_AX(a), y = AN_AY(a), tt = t ? t->t : K_NONE;
    if (good_info(s, t, a, o) || trade_voyage_info(c, s, t, a, o))
        return;
    switch (AN_AK(a)) {
    case A_PAY:
        pay_info(s, t, k, o);
        break;
    case A_PLACE:
        kt_info_verb(o, "place");
        if (k < AN_NLAND)
            kt_info_target(o, "landscape", k);
        if (tt == K_PLACE && t->x < AN_NGOODS)
            kt_info_target(o, "good", t->x);
        break;
    case A_LODGE:
        kt_info_verb(o, "lodge");
        if (def_ok(c, k))
            kt_info_target(o, "card", k);
        if (y < AN_NPILE)
            kt_info_target(o, "pile", y);
        break;
    case A_CANCEL:
        kt_info_verb(o, "cancel");
        cost(o, "gold", c->k.theatre_cost);
        break;
    case A_TAKE:
    case A_PICK:
        kt_info_verb(o, AN_AK(a) == A_TAKE ? "spy_take" : "pick");
        if (def_ok(c, k))
            kt_info_target(o, "card", k);
        if (AN_AK(a) == A_PICK && tt == K_SEARCH)
            kt_info_target(o, "pile", t->x);
        break;
    case A_DRAW:
        kt_info_verb(o, "draw");
        if (k < AN_NPILE)
            kt_info_target(o, "pile", k);
        break;
    case A_SEARCH:
        kt_info_verb(o, "search");
        if (k < AN_NPILE)
            kt_info_target(o, "pile", k);
        cost(o, "gold", c->k.search_cost);
        break;
    case A_END:
        kt_info_verb(o, tt == K_REFILL ? "done" : "end_turn");
        break;
    case A_NO:
        kt_info_verb(o, no_verb(tt));
        break;
    default:
        break;
    }
}

void an_action_info(const kt_game *g, const kt_state *st, kt_action a, kt_action_info *out)
{
    const an_cfg *c = an_config(g);
    const an_state *s = (const an_state *)st;
    if (AN_AK(a) >= AN_NACT)
        return;
    int p = s->nstack ? s->stack[s->nstack - 1].p : s->h.turn_player;
    if (p < 0 || p >= AN_NP)
        p = 0;
    /* draws, searches and the end of the turn are asked in the turn
     * decision and in the refill after it: answer_info names them for both */
    if (!turn_info(c, s, p, a, out))
        answer_info(c, s, a, out);
}

/* ------------------------------------------------------------ names */

static const char *const dec_en[AN_NDEC] = {
    [DEC_ACTION] = "Your turn: actions",  [DEC_PILE] = "Start pile",
    [DEC_PAY] = "Pay gold",               [DEC_GOOD] = "Choose a good",
    [DEC_TRADER] = "Trader",              [DEC_STEAL] = "Take a good",
    [DEC_LOSE] = "Give up goods",         [DEC_HARBOUR] = "Harbour",
    [DEC_LODGE] = "Lodge",                [DEC_THEATRE] = "Theatre",
    [DEC_SPY] = "Spy",                    [DEC_COMPOSE] = "Compose an offer",
    [DEC_OFFER] = "Answer an offer",      [DEC_REFILL] = "Draw cards",
    [DEC_XDRAW] = "Draw after exchange",  [DEC_SEARCH] = "Search a pile",
    [DEC_SAIL] = "Voyage",                [DEC_PIRATE] = "Pirates",
    [DEC_BUY] = "Buy rum or tobacco",     [DEC_OVER] = "Game over",
    [DEC_PLACE] = "Place a good",
};
static const char *const dec_de[AN_NDEC] = {
    [DEC_ACTION] = "Dein Zug: Aktionen",      [DEC_PILE] = "Startstapel",
    [DEC_PAY] = "Gold zahlen",                [DEC_GOOD] = "Ware wählen",
    [DEC_TRADER] = "Händler",                 [DEC_STEAL] = "Ware rauben",
    [DEC_LOSE] = "Waren abgeben",             [DEC_HARBOUR] = "Hafen",
    [DEC_LODGE] = "Loge",                     [DEC_THEATRE] = "Theater",
    [DEC_SPY] = "Spion",                      [DEC_COMPOSE] = "Angebot zusammenstellen",
    [DEC_OFFER] = "Angebot beantworten",      [DEC_REFILL] = "Karten nachziehen",
    [DEC_XDRAW] = "Ziehen nach dem Tausch",   [DEC_SEARCH] = "Stapel durchsuchen",
    [DEC_SAIL] = "Handelsfahrt",              [DEC_PIRATE] = "Piraten",
    [DEC_BUY] = "Rum oder Tabak kaufen",      [DEC_OVER] = "Spielende",
    [DEC_PLACE] = "Ware ablegen",
};

const char *an_decision_label(int d, int lang)
{
    if (d < 0 || d >= AN_NDEC)
        return NULL;
    return lang == KT_LANG_DE ? dec_de[d] : dec_en[d];
}

static const char *const phase_en[] = {"Setup", "Action phase", "End of turn", "Voyage",
                                       "Game over"};
static const char *const phase_de[] = {"Aufbau", "Aktionsphase", "Zugende", "Handelsfahrt",
                                       "Spielende"};

const char *an_phase_label(int phase, int lang)
{
    if (phase < 0 || phase > PH_OVER)
        return "?";
    return lang == KT_LANG_DE ? phase_de[phase] : phase_en[phase];
}
