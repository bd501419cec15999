/*
 * bots.c - Dominion's game bots and the evaluation for search bots.
 *
 *   bmu       "Big Money Ultimate" (Geronimoo DominionSim, by WanderingWinder)
 *   smithy    "Smithy" Big Money (Geronimoo DominionSim, by HiveMindEmulator)
 *   heuristic Big Money with the kingdom's best terminal (Witch, Library,
 *             Smithy, ...) bought by the Smithy bot's density rule, plus
 *             Laboratory/Market, sensible play order and choices
 *   file      buy rules from a rule file (docs/bot-files.md)
 * Buy rules (reference dominion.md §3.1) are coded directly, reading the
 * incremental counters of the state (total money, cards owned, supply), so
 * a choice costs no legal-move generation.  Every bot answers every other
 * decision with the shared logic below (card values for discarding,
 * trashing, gaining, ordering...).  All bots apply the "suicide guard":
 * never take a game-ending buy that would lose (or tie with more turns).
 *
 * Bots only read what their player may see: their hand and looked-at
 * cards, public zones and counters.  A bot's private data (dom_bot) is
 * allocated in create; choose never allocates.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots.h"
#include "../../core/mem.h"

typedef struct dom_bot {
    int kind;
    kt_rng rng;
    uint8_t term;      /* heuristic: the terminal it builds around (0: none) */
    uint8_t term_max;  /* ... at most this many (0: by treasure density) */
    uint8_t lab;       /* heuristic: non-terminal it adds at $5 (0: none) */
    uint8_t moat;      /* heuristic: buys a Moat with $2 against attacks */
    int prov_money;    /* Province once total money exceeds this */
    dom_rules *rules;  /* file bot */
    kt_allocator a;    /* the game's: the bot and its rules are made and freed through it */
} dom_bot;

/* ------------------------------------------------------------ helpers */

static int late(const dom_state *s) { return s->supply[DOM_PROVINCE] <= 4; }

static int own_type(const dom_cfg *c, const dom_player *P, int type)
{
    int n = 0;
    if (type == DOM_T_TREASURE) { /* the common question: c->tre_ids lists them */
        for (int i = 0; i < c->ntre; i++)
            n += P->own[c->tre_ids[i]];
        return n;
    }
    for (int i = 0; i < c->nids; i++)
        if (dom_cards[c->ids[i]].types & type)
            n += P->own[c->ids[i]];
    return n;
}

/* Score of p after gaining one `card`. */
static int score_with(const dom_state *s, int p, int card)
{
    const dom_player *P = &s->pl[p];
    int gardens = P->own[DOM_GARDENS] + (card == DOM_GARDENS);
    return P->vp + dom_cards[card].vp + gardens * ((P->ncards + 1) / 10);
}

/* Would gaining `card` now end the game? */
static int ends_game(const dom_cfg *c, const dom_state *s, int card)
{
    if (s->supply[card] != 1 || !c->in_supply[card])
        return 0;
    return card == DOM_PROVINCE || s->nempty >= 2;
}

/* The suicide guard: 0 if gaining `card` ends the game with p losing, or
 * tying while having taken more turns (the tie-break loses). */
static int guard_ok(const kt_game *g, const dom_state *s, int p, int card)
{
    const dom_cfg *c = dom_config(g);
    if (c->np < 2 || c->until_n || !ends_game(c, s, card))
        return 1;
    int mine = score_with(s, p, card), best = -100000, best_turns = 0;
    for (int q = 0; q < c->np; q++) {
        if (q == p)
            continue;
        int v = dom_score(c, s, q);
        if (v > best || (v == best && s->pl[q].turns < best_turns)) {
            best = v;
            best_turns = s->pl[q].turns;
        }
    }
    if (mine < best)
        return 0;
    if (mine == best && s->pl[p].turns > best_turns)
        return 0;
    return 1;
}

static int affordable(const dom_cfg *c, const dom_state *s, int card, int budget)
{
    /* the price first: it rules out most of Big Money's wishes */
    return card && dom_cost(c, s, card) <= budget && c->in_supply[card] && s->supply[card];
}

/* How much a card is worth keeping in hand / in the deck (discard and trash
 * the lowest first). */
static int keep_value(const dom_state *s, int card)
{
    const dom_card *d = &dom_cards[card];
    if (d->types & DOM_T_CURSE)
        return -20;
    if ((d->types & DOM_T_VICTORY) && !(d->types & (DOM_T_ACTION | DOM_T_TREASURE)))
        return -10;
    if (d->types & DOM_T_TREASURE)
        return d->coins ? 4 * d->coins + d->cost / 2 : 2 * d->cost; /* Loots ~ Gold */
    /* Actions: by cost, a bit above Silver for the good ones */
    (void)s;
    return 2 + 2 * d->cost;
}

/* What a Treasure is worth to a money deck, in half coins a play.  The
 * Plunder Treasures whose value is not their coins are rated by what they
 * usually give a Big Money deck (Abundance and Cage do little there), so a
 * Treasure gain does not take a dear but weak card over a Silver. */
static int money_worth(int card)
{
    switch (card) {
    case DOM_KINGS_CACHE: return 8;
    case DOM_BURIED_TREASURE: return 6;
    case DOM_FIGURINE:
    case DOM_SILVER_MINE:
    case DOM_SACK_OF_LOOT: return 5;
    case DOM_PENDANT:
    case DOM_GONDOLA: return 4;
    case DOM_ROPE:
    case DOM_PICKAXE:
    case DOM_TOOLS: return 3;
    case DOM_JEWELLED_EGG:
    case DOM_CRUCIBLE:
    case DOM_ABUNDANCE: return 2;
    case DOM_CAGE: return 1;
    default: break;
    }
    const dom_card *d = &dom_cards[card];
    if (d->types & DOM_T_LOOT)
        return 6;
    return d->coins ? 2 * d->coins : d->cost / 2;
}

/* Priority of playing an Action now (0: do not play). */
static int play_value(const kt_game *g, const dom_state *s, int p, int card)
{
    const dom_player *P = &s->pl[p];
    const dom_cfg *c = dom_config(g);
    switch (card) {
    case DOM_VILLAGE: return 100;
    case DOM_FESTIVAL: return 95;
    case DOM_LABORATORY: return 90;
    case DOM_MARKET: return 88;
    case DOM_SENTRY: return 85;
    case DOM_MERCHANT: return 84;
    case DOM_POACHER: return 80;
    case DOM_HARBINGER: return 78;
    case DOM_CELLAR: {
        int junk = 0;
        for (int i = 0; i < c->nids; i++)
            if (keep_value(s, c->ids[i]) < 0)
                junk += P->hand[c->ids[i]];
        return junk ? 70 : 0;
    }
    case DOM_THRONE_ROOM: return P->hand_act > P->hand[DOM_THRONE_ROOM] ? 75 : 0;
    case DOM_WITCH: return 66;
    case DOM_LIBRARY: return P->nhand <= 5 ? 64 : 30;
    case DOM_COUNCIL_ROOM: return 63;
    case DOM_SMITHY: return 62;
    case DOM_MILITIA: return 61;
    case DOM_BANDIT: return 60;
    case DOM_ARTISAN: return 59;
    case DOM_MONEYLENDER: return P->hand[DOM_COPPER] ? 58 : 0;
    case DOM_MINE: return (P->hand[DOM_COPPER] || P->hand[DOM_SILVER]) ? 57 : 0;
    case DOM_VASSAL: return 56;
    case DOM_BUREAUCRAT: return 55;
    case DOM_MOAT: return 54;
    case DOM_WORKSHOP: return 52;
    case DOM_REMODEL: return P->nhand > 1 ? 50 : 0;
    case DOM_CHAPEL:
        return (P->hand[DOM_CURSE] || P->hand[DOM_ESTATE] || P->hand[DOM_COPPER]) ? 45 : 0;
    /* Plunder: villages and cantrips first, then draw, then the rest */
    case DOM_WEALTHY_VILLAGE: return 100;
    case DOM_HARBOR_VILLAGE: return 99;
    case DOM_LONGSHIP: return 98;
    case DOM_SWAMP_SHACKS: return 97;
    case DOM_LANDING_PARTY: return 96;
    case DOM_TASKMASTER: return 92;
    case DOM_MINING_ROAD: return 91;
    case DOM_SHAMAN: return 90;
    case DOM_CABIN_BOY: return 89;
    case DOM_GROTTO: return 86;
    case DOM_QUARTERMASTER: return 65;
    case DOM_PILGRIM: return 64;
    case DOM_CREW: return 63;
    case DOM_FRIGATE: return 62;
    case DOM_CUTTHROAT: return 61;
    case DOM_SIREN: return 60;
    case DOM_FIRST_MATE: return 59;
    case DOM_TRICKSTER: return 58;
    case DOM_FORTUNE_HUNTER: return 57;
    case DOM_MAPMAKER: return 56;
    case DOM_STOWAWAY: return 55;
    case DOM_FLAGSHIP: return 53;
    case DOM_SEARCH: return 52;
    case DOM_SECLUDED_SHRINE: return 51;
    case DOM_ENLARGE: return P->nhand > 1 ? 50 : 0;
    case DOM_MAROON: return P->nhand > 1 ? 49 : 0;
    case DOM_SPELL_SCROLL: return 0; /* better as a Treasure in the Buy phase */
    default: return (dom_cards[card].types & DOM_T_ACTION) ? 10 : 0;
    }
}

/* How much a card gains from being played twice (Throne Room). */
static int throne_value(const dom_state *s, int p, int card, int other_actions)
{
    const dom_card *d = &dom_cards[card];
    const dom_player *P = &s->pl[p];
    int v = 2 * d->cards + 2 * d->coins + 2 * d->buys;
    if (other_actions > 0)
        v += 3 * d->actions; /* extra Actions only help with more to play */
    switch (card) {
    case DOM_WITCH: v += 8; break;
    case DOM_BANDIT: v += 7; break;
    case DOM_LIBRARY: v += P->nhand <= 4 ? 8 : 3; break;
    case DOM_ARTISAN: v += 6; break;
    case DOM_MILITIA: v += 3; break;
    case DOM_MONEYLENDER: v += P->hand[DOM_COPPER] >= 2 ? 6 : 2; break;
    case DOM_MINE: v += 4; break;
    case DOM_WORKSHOP: v += 4; break;
    case DOM_SENTRY: v += 3; break;
    case DOM_THRONE_ROOM: v = other_actions >= 2 ? 6 : 0; break;
    default: break;
    }
    return v;
}

/* ------------------------------------------------------------ buy rules */

/* Big Money Ultimate and Smithy (reference §3.1), in the given budget; the
 * `ok` callback restricts to allowed cards (gains) or NULL (buys). */
typedef int (*allow_fn)(const kt_action *opts, int n, int card);

static int allowed(const kt_action *opts, int n, int card)
{
    if (!opts)
        return 1;
    for (int i = 0; i < n; i++)
        if (DOM_CARD(opts[i]) == card && DOM_VERB(opts[i]) != DOM_V_DONE)
            return 1;
    return 0;
}

/* The guard can only object to taking the last card of a pile. */
#define TRY(card)                                                                              \
    do {                                                                                       \
        int c_ = (card);                                                                       \
        if (affordable(c, s, c_, budget) && allowed(opts, nopts, c_) &&                        \
            (s->supply[c_] != 1 || guard_ok(g, s, p, c_)))                                     \
            return c_;                                                                         \
    } while (0)

static DOM_INLINE int bm_buy(const kt_game *g, const dom_state *s, int p, int budget, int smithy,
                             const kt_action *opts, int nopts)
{
    const dom_cfg *c = dom_config(g);
    const dom_player *P = &s->pl[p];
    int pl = s->supply[DOM_PROVINCE];
    if (P->money > (smithy ? 15 : 18))
        TRY(DOM_PROVINCE);
    if (pl <= 4)
        TRY(DOM_DUCHY);
    if (pl <= 2)
        TRY(DOM_ESTATE);
    TRY(DOM_GOLD);
    if (pl <= 6)
        TRY(DOM_DUCHY);
    if (smithy && P->own[DOM_SMITHY] * 11 < own_type(c, P, DOM_T_TREASURE))
        TRY(DOM_SMITHY);
    TRY(DOM_SILVER);
    return 0;
}

static int heur_buy(const kt_game *g, const dom_bot *b, const dom_state *s, int p, int budget,
                    const kt_action *opts, int nopts)
{
    const dom_cfg *c = dom_config(g);
    const dom_player *P = &s->pl[p];
    int pl = s->supply[DOM_PROVINCE];
    if (P->money > b->prov_money)
        TRY(DOM_PROVINCE);
    if (pl <= 4)
        TRY(DOM_DUCHY);
    if (pl <= 2)
        TRY(DOM_ESTATE);
    int treasures = own_type(c, P, DOM_T_TREASURE);
    int want_term = b->term && (b->term_max ? P->own[b->term] < b->term_max
                                            : P->own[b->term] * 11 < treasures);
    if (b->term == DOM_WITCH && want_term)
        TRY(DOM_WITCH); /* the first Witches come before Gold */
    TRY(DOM_GOLD);
    if (want_term && pl > 2)
        TRY(b->term);
    if (pl <= 6)
        TRY(DOM_DUCHY);
    if (b->lab && P->own[b->lab] < 1 + treasures / 6)
        TRY(b->lab);
    TRY(DOM_SILVER);
    if (b->moat && !P->own[DOM_MOAT] && budget == 2) {
        for (int q = 0; q < c->np; q++)
            if (q != p && own_type(c, &s->pl[q], DOM_T_ATTACK))
                TRY(DOM_MOAT);
    }
    return 0;
}

static int file_buy(const kt_game *g, const dom_bot *b, const dom_state *s, int p, int budget,
                    const kt_action *opts, int nopts)
{
    const dom_cfg *c = dom_config(g);
    const dom_rules *R = b->rules;
    for (int i = 0; i < R->n; i++) {
        int card = R->r[i].card;
        if (!affordable(c, s, card, budget) || !allowed(opts, nopts, card))
            continue;
        if (R->guard && !guard_ok(g, s, p, card))
            continue;
        if (dom_rules_eval(&R->r[i], g, s, p) != 0)
            return card;
    }
    return 0;
}

#undef TRY

/* What the bot would take with `budget` coins among `opts` (NULL: buying). */
static int bot_buy(const kt_game *g, const dom_bot *b, const dom_state *s, int p, int budget,
                   const kt_action *opts, int nopts)
{
    switch (b->kind) {
    case DOM_BOT_BMU: return bm_buy(g, s, p, budget, 0, opts, nopts);
    case DOM_BOT_SMITHY: return bm_buy(g, s, p, budget, 1, opts, nopts);
    case DOM_BOT_FILE: return file_buy(g, b, s, p, budget, opts, nopts);
    default: return heur_buy(g, b, s, p, budget, opts, nopts);
    }
}

/* ------------------------------------------------------------ decisions */

static kt_action pick_first(const kt_action *o, int n, int verb)
{
    for (int i = 0; i < n; i++)
        if (DOM_VERB(o[i]) == verb)
            return o[i];
    return o[0];
}

static int has_done(const kt_action *o, int n)
{
    for (int i = 0; i < n; i++)
        if (DOM_VERB(o[i]) == DOM_V_DONE)
            return 1;
    return 0;
}

/* The option (not "done") with the lowest keep value; ties: first. */
static kt_action pick_lowest(const dom_state *s, const kt_action *o, int n, int *value)
{
    kt_action best = o[0];
    int bv = 1 << 20;
    for (int i = 0; i < n; i++) {
        if (DOM_VERB(o[i]) == DOM_V_DONE)
            continue;
        int v = keep_value(s, DOM_CARD(o[i]));
        if (v < bv) {
            bv = v;
            best = o[i];
        }
    }
    if (value)
        *value = bv;
    return best;
}

static kt_action pick_highest(const dom_state *s, const kt_action *o, int n, int *value)
{
    kt_action best = o[0];
    int bv = -(1 << 20);
    for (int i = 0; i < n; i++) {
        if (DOM_VERB(o[i]) == DOM_V_DONE)
            continue;
        int v = keep_value(s, DOM_CARD(o[i]));
        if (v > bv) {
            bv = v;
            best = o[i];
        }
    }
    if (value)
        *value = bv;
    return best;
}

static kt_action find(const kt_action *o, int n, int verb, int card)
{
    for (int i = 0; i < n; i++)
        if (DOM_VERB(o[i]) == verb && DOM_CARD(o[i]) == card)
            return o[i];
    return 0;
}

/* Is this card junk worth trashing for p now? */
static int trash_worthy(const dom_state *s, int p, int card, int copper_budget)
{
    const dom_player *P = &s->pl[p];
    if (card == DOM_CURSE)
        return 1;
    if (card == DOM_ESTATE)
        return !late(s);
    if (card == DOM_COPPER)
        return copper_budget > 0 && P->money - P->own[DOM_COPPER] >= 6;
    return 0;
}

/* Coins the Treasures left in p's hand would make (vanilla values). */
static int hand_money(const dom_cfg *c, const dom_state *s, int p)
{
    const dom_player *P = &s->pl[p];
    int m = 0;
    for (int i = 0; i < c->ntre; i++)
        m += P->hand[c->tre_ids[i]] * dom_cards[c->tre_ids[i]].coins;
    return m;
}

/* Buying power steps that matter to Big Money. */
static int money_step(int m) { return m >= 8 ? 4 : m >= 6 ? 3 : m >= 5 ? 2 : m >= 3 ? 1 : 0; }

/* The option playing the Treasure with most coins (KC, Fortune Hunter). */
static kt_action best_treasure(const kt_action *o, int n)
{
    kt_action best = 0;
    int bv = -1;
    for (int i = 0; i < n; i++) {
        int c = DOM_CARD(o[i]);
        if (DOM_VERB(o[i]) != DOM_V_PLAY)
            continue;
        int v = 4 * dom_cards[c].coins + dom_cards[c].cost;
        if (v > bv) {
            bv = v;
            best = o[i];
        }
    }
    return best;
}

/* An Action worth playing now from hand (Gondola, Staff, Invasion...): in
 * the Buy phase only cards that still give money or Buys. */
static kt_action best_action(const kt_game *g, const dom_state *s, int p, const kt_action *o,
                             int n)
{
    kt_action best = 0;
    int bv = 0;
    for (int i = 0; i < n; i++) {
        int c = DOM_CARD(o[i]);
        if (DOM_VERB(o[i]) != DOM_V_PLAY)
            continue;
        int v = play_value(g, s, p, c);
        if (s->phase != DOM_PH_ACTION && !dom_cards[c].coins && !dom_cards[c].buys &&
            !dom_is(c, DOM_T_ATTACK))
            v = 0;
        if (v > bv) {
            bv = v;
            best = o[i];
        }
    }
    return best ? best : DOM_ACT(DOM_V_DONE, 0);
}

static kt_action decide_choose(const kt_game *g, const dom_bot *b, const dom_state *s,
                               const dom_frame *f, const kt_action *o, int n)
{
    const dom_cfg *c = dom_config(g);
    int p = f->who;
    switch (f->card) {
    case DOM_GONDOLA:
    case DOM_AMPHORA: {
        /* now if it lifts this turn's buy, else next turn */
        int m = s->coins + hand_money(c, s, p), add = f->card == DOM_GONDOLA ? 2 : 3;
        int now = s->phase == DOM_PH_BUY && money_step(m + add) > money_step(m);
        return find(o, n, DOM_V_CHOOSE, now ? DOM_M_NOW : DOM_M_LATER);
    }
    case DOM_CABIN_BOY: {
        kt_action t = find(o, n, DOM_V_TRASH, DOM_CABIN_BOY);
        if (t && !late(s))
            for (int i = 0; i < c->npiles; i++) {
                int id = c->piles[i];
                if (s->supply[id] && dom_is(id, DOM_T_DURATION) && dom_cost(c, s, id) >= 5)
                    return t; /* swap it for a stronger Duration */
            }
        return find(o, n, DOM_V_CHOOSE, DOM_M_COINS2);
    }
    case DOM_QUARTERMASTER: {
        /* take a good card when the hand is short of money, else stock up */
        kt_action take = 0;
        for (int i = 0; i < n; i++)
            if (DOM_VERB(o[i]) == DOM_V_TAKE &&
                (!take || keep_value(s, DOM_CARD(o[i])) > keep_value(s, DOM_CARD(take))))
                take = o[i];
        if (take && hand_money(c, s, p) < 6 && keep_value(s, DOM_CARD(take)) >=
                                                    keep_value(s, DOM_SILVER))
            return take;
        int card = bot_buy(g, b, s, p, 4, o, n);
        kt_action gain = card ? find(o, n, DOM_V_GAIN, card) : find(o, n, DOM_V_GAIN, DOM_SILVER);
        return gain ? gain : take ? take : o[0];
    }
    case DOM_SCROUNGE: {
        int v;
        kt_action a = pick_lowest(s, o, n, &v);
        if (DOM_VERB(a) == DOM_V_TRASH && v < 0)
            return a;
        kt_action e = find(o, n, DOM_V_GAIN, DOM_ESTATE);
        return e ? e : (has_done(o, n) ? DOM_ACT(DOM_V_DONE, 0) : a);
    }
    case DOM_ORB: {
        /* a Treasure from the discard pile is worth at most the +$3, which
         * comes with a Buy */
        kt_action bc = find(o, n, DOM_V_CHOOSE, DOM_M_BUYCOINS);
        return bc ? bc : o[0];
    }
    default:
        return o[0];
    }
}

/* A trash decision: junk first, never what the bot still needs. */
static kt_action decide_trash(const dom_state *s, const dom_frame *f, const kt_action *o, int n)
{
    int p = f->who;
    if (f->card == DOM_BANDIT) /* lose the cheaper Treasure */
        return pick_lowest(s, o, n, NULL);
    if (f->fx == DOM_FX_GAIN && f->card == DOM_SIREN && (f->tmask & DOM_T_ACTION)) {
        /* keep the Siren unless a cheaper Action can go instead */
        int v;
        kt_action a = pick_lowest(s, o, n, &v);
        return DOM_VERB(a) == DOM_V_TRASH && v < keep_value(s, DOM_SIREN)
                   ? a
                   : DOM_ACT(DOM_V_DONE, 0);
    }
    if (f->card == DOM_MONEYLENDER)
        return pick_first(o, n, DOM_V_TRASH);
    if (f->card == DOM_MINE) {
        kt_action a = find(o, n, DOM_V_TRASH, DOM_SILVER);
        if (!a)
            a = find(o, n, DOM_V_TRASH, DOM_COPPER);
        if (!a && late(s))
            a = find(o, n, DOM_V_TRASH, DOM_GOLD);
        return a ? a : DOM_ACT(DOM_V_DONE, 0);
    }
    if (f->card == DOM_CHAPEL) {
        int coppers = 4;
        kt_action worst = 0;
        for (int i = 0; i < n; i++) {
            int cc = DOM_CARD(o[i]);
            if (DOM_VERB(o[i]) == DOM_V_TRASH && cc != DOM_COPPER &&
                trash_worthy(s, p, cc, coppers) &&
                (!worst || keep_value(s, cc) < keep_value(s, DOM_CARD(worst))))
                worst = o[i];
        }
        if (worst)
            return worst;
        kt_action cu = find(o, n, DOM_V_TRASH, DOM_COPPER);
        if (cu && trash_worthy(s, p, DOM_COPPER, coppers))
            return cu;
        return DOM_ACT(DOM_V_DONE, 0);
    }
    if (f->card == DOM_REMODEL && late(s)) {
        kt_action gold = find(o, n, DOM_V_TRASH, DOM_GOLD);
        if (gold && s->supply[DOM_PROVINCE])
            return gold;
    }
    if (has_done(o, n)) {
        int v;
        kt_action a = pick_lowest(s, o, n, &v);
        return v < 0 ? a : DOM_ACT(DOM_V_DONE, 0);
    }
    return pick_lowest(s, o, n, NULL);
}

/* A gain decision: the best money, the bot's buy list, else the dearest non-junk card. */
static kt_action decide_gain(const kt_game *g, const dom_bot *b, const dom_state *s,
                             const dom_frame *f, const kt_action *o, int n)
{
    const dom_cfg *c = dom_config(g);
    int p = f->who;
    if (f->tmask & DOM_T_TREASURE) { /* Mine, Silver Mine: the best money */
        kt_action best = o[0];
        for (int i = 0; i < n; i++)
            if (DOM_VERB(o[i]) == DOM_V_GAIN &&
                money_worth(DOM_CARD(o[i])) > money_worth(DOM_CARD(best)))
                best = o[i];
        return best;
    }
    if (f->src == DOM_S_CUSTOM) { /* Prosper: every Treasure better than Copper */
        kt_action best = 0;
        for (int i = 0; i < n; i++)
            if (DOM_VERB(o[i]) == DOM_V_GAIN && DOM_CARD(o[i]) != DOM_COPPER &&
                (!best || dom_cards[DOM_CARD(o[i])].cost > dom_cards[DOM_CARD(best)].cost))
                best = o[i];
        return best ? best : DOM_ACT(DOM_V_DONE, 0);
    }
    int card = f->src == DOM_S_SUPPLY ? bot_buy(g, b, s, p, f->cap, o, n) : 0;
    if (card)
        return find(o, n, DOM_V_GAIN, card);
    /* nothing on the bot's list: the dearest non-junk card */
    kt_action best = 0;
    int bv = -1000;
    for (int i = 0; i < n; i++) {
        int cc = DOM_CARD(o[i]);
        if (DOM_VERB(o[i]) != DOM_V_GAIN)
            continue;
        int v = dom_cost(c, s, cc) * 4 + (keep_value(s, cc) < 0 ? -100 : 0) +
                (cc == DOM_CURSE ? -1000 : 0);
        if (v > bv) {
            bv = v;
            best = o[i];
        }
    }
    return best ? best : o[0];
}

/* A decision to put a card onto the deck. */
static kt_action decide_topdeck(const kt_game *g, const dom_state *s, const dom_frame *f,
                                const kt_action *o, int n)
{
    int p = f->who;
    if (f->card == DOM_BUREAUCRAT) /* any Victory card: give up the cheapest */
        return pick_lowest(s, o, n, NULL);
    if (f->fx == DOM_FX_GAIN) { /* Insignia: good cards onto the deck */
        kt_action a = pick_first(o, n, DOM_V_TOPDECK);
        return keep_value(s, DOM_CARD(a)) >= keep_value(s, DOM_SILVER)
                   ? a
                   : DOM_ACT(DOM_V_DONE, 0);
    }
    if (f->card == DOM_BURY) /* Bury: the best card for later */
        return pick_highest(s, o, n, NULL);
    if (f->src == DOM_S_DISCARD) { /* Harbinger: a good card, else nothing */
        int v;
        kt_action a = pick_highest(s, o, n, &v);
        return v >= keep_value(s, DOM_SILVER) ? a : DOM_ACT(DOM_V_DONE, 0);
    }
    /* Artisan, Pilgrim: an Action that cannot be played this turn, else
     * the cheapest Treasure, else whatever is least useful */
    if (!s->actions) {
        kt_action best = 0;
        int bv = -1;
        for (int i = 0; i < n; i++)
            if (dom_cards[DOM_CARD(o[i])].types & DOM_T_ACTION &&
                play_value(g, s, p, DOM_CARD(o[i])) > bv) {
                bv = play_value(g, s, p, DOM_CARD(o[i]));
                best = o[i];
            }
        if (best)
            return best;
    }
    kt_action cheap = 0;
    for (int i = 0; i < n; i++)
        if ((dom_cards[DOM_CARD(o[i])].types & DOM_T_TREASURE) &&
            (!cheap || dom_cards[DOM_CARD(o[i])].coins < dom_cards[DOM_CARD(cheap)].coins))
            cheap = o[i];
    return cheap ? cheap : pick_highest(s, o, n, NULL);
}

/* A decision to play a card from hand. */
static kt_action decide_play(const kt_game *g, const dom_state *s, const dom_frame *f,
                             const kt_action *o, int n)
{
    int p = f->who;
    const dom_player *P = &s->pl[p];
    if (f->src == DOM_S_X) /* Vassal, Mining Road, Spell Scroll: yes */
        return pick_first(o, n, DOM_V_PLAY);
    if (f->card == DOM_KINGS_CACHE && f->fx == DOM_FX_PLAY && f->step < DOM_STEP_POST) {
        kt_action t = best_treasure(o, n);
        return t ? t : DOM_ACT(DOM_V_DONE, 0);
    }
    if (f->card == DOM_FORTUNE_HUNTER && f->fx == DOM_FX_PLAY) {
        kt_action t = best_treasure(o, n);
        return t ? t : DOM_ACT(DOM_V_DONE, 0);
    }
    if (f->card == DOM_THRONE_ROOM && f->fx == DOM_FX_PLAY && f->step < DOM_STEP_POST) {
        /* the card that gains most from a second play */
        kt_action best = DOM_ACT(DOM_V_DONE, 0);
        int bv = 0, others = P->hand_act - 1; /* besides the target */
        for (int i = 0; i < n; i++) {
            if (DOM_VERB(o[i]) != DOM_V_PLAY)
                continue;
            int v = throne_value(s, p, DOM_CARD(o[i]), others);
            if (v > bv) {
                bv = v;
                best = o[i];
            }
        }
        return DOM_CARD(best) ? best : pick_first(o, n, DOM_V_PLAY);
    }
    /* Gondola, Staff, Invasion, First Mate, Inspiring */
    return best_action(g, s, p, o, n);
}

static kt_action decide_frame(const kt_game *g, const dom_bot *b, const dom_state *s,
                              const dom_frame *f, const kt_action *o, int n)
{
    int p = f->who;
    const dom_player *P = &s->pl[p];
    switch (f->dec) {
    case DOM_D_REACT:
        return pick_first(o, n, DOM_V_REVEAL);
    case DOM_D_REACTGAIN: /* Stowaway and Mapmaker cost nothing to play */
        return pick_first(o, n, DOM_V_PLAY);
    case DOM_D_DISCARD: {
        if (f->fx == DOM_FX_CLEANUP) /* Friendly: swap a used copy for a new one */
            return pick_first(o, n, DOM_V_DISCARD);
        if (f->card == DOM_FIGURINE) { /* Actions are dead in the Buy phase */
            kt_action a = pick_lowest(s, o, n, NULL);
            return DOM_VERB(a) == DOM_V_DISCARD ? a : DOM_ACT(DOM_V_DONE, 0);
        }
        if (!has_done(o, n)) /* Militia, Poacher: discard the least useful */
            return pick_lowest(s, o, n, NULL);
        int v;
        kt_action a = pick_lowest(s, o, n, &v); /* Cellar: junk only */
        return v < 0 ? a : DOM_ACT(DOM_V_DONE, 0);
    }
    case DOM_D_TRASH:
        return decide_trash(s, f, o, n);
    case DOM_D_GAIN:
        return decide_gain(g, b, s, f, o, n);
    case DOM_D_TOPDECK:
        return decide_topdeck(g, s, f, o, n);
    case DOM_D_PLAY:
        return decide_play(g, s, f, o, n);
    case DOM_D_LIBRARY:
        /* skip Actions that could not be played anyway */
        return s->actions ? pick_first(o, n, DOM_V_KEEP) : pick_first(o, n, DOM_V_ASIDE);
    case DOM_D_SENTRY: {
        int cc = DOM_CARD(o[0]);
        if (trash_worthy(s, p, cc, 1) && !(cc == DOM_COPPER && P->money - P->own[DOM_COPPER] < 7))
            return find(o, n, DOM_V_TRASH, cc);
        if (keep_value(s, cc) < 0)
            return find(o, n, DOM_V_DISCARD, cc);
        return find(o, n, DOM_V_KEEP, cc);
    }
    case DOM_D_ORDER:
    case DOM_D_TAKE:
        return pick_highest(s, o, n, NULL);
    case DOM_D_START: {
        /* money first (it is spent this turn), then the rest; Shy: discard
         * a weak Shy card for +2 Cards */
        for (int i = 0; i < n; i++) {
            int cc = DOM_CARD(o[i]);
            if (DOM_VERB(o[i]) == DOM_V_RESOLVE &&
                (cc == DOM_GONDOLA || cc == DOM_BURIED_TREASURE || cc == DOM_AMPHORA ||
                 cc == DOM_ENDLESS_CHALICE))
                return o[i];
        }
        for (int i = 0; i < n; i++)
            if (DOM_VERB(o[i]) == DOM_V_RESOLVE || DOM_VERB(o[i]) == DOM_V_PLAY)
                return o[i];
        for (int i = 0; i < n; i++)
            if (DOM_VERB(o[i]) == DOM_V_DISCARD &&
                keep_value(s, DOM_CARD(o[i])) <= keep_value(s, DOM_SILVER) &&
                !(dom_is(DOM_CARD(o[i]), DOM_T_ACTION) && play_value(g, s, p, DOM_CARD(o[i])) > 60))
                return o[i];
        return has_done(o, n) ? DOM_ACT(DOM_V_DONE, 0) : o[0];
    }
    case DOM_D_SETUP: { /* Inherited: an Estate makes way (never a Copper first) */
        kt_action e = find(o, n, DOM_V_REPLACE, DOM_ESTATE);
        return e ? e : o[0];
    }
    case DOM_D_CHOOSE:
        return decide_choose(g, b, s, f, o, n);
    case DOM_D_TRIGGER: {
        /* move a gained Siren before its own effect would trash it */
        if (f->card == DOM_SIREN)
            for (int i = 0; i < n; i++) {
                int cc = DOM_CARD(o[i]);
                if (cc == DOM_INSIGNIA || cc == DOM_DELIVER || cc == DOM_RUSH)
                    return o[i];
            }
        return o[0];
    }
    case DOM_D_SHUFFLE: {
        if (f->verb == DOM_V_KEEP) { /* Avoid: keep junk out of the new deck */
            int v;
            kt_action a = pick_lowest(s, o, n, &v);
            return v < 0 ? a : DOM_ACT(DOM_V_DONE, 0);
        }
        /* Fated: good ones on top, weak ones under */
        kt_action best = 0, worst = 0;
        for (int i = 0; i < n; i++) {
            int cc = DOM_CARD(o[i]);
            if (DOM_VERB(o[i]) == DOM_V_TOPDECK &&
                keep_value(s, cc) >= keep_value(s, DOM_SILVER))
                best = o[i];
            if (DOM_VERB(o[i]) == DOM_V_BOTTOM && keep_value(s, cc) < keep_value(s, DOM_SILVER))
                worst = o[i];
        }
        return best ? best : worst ? worst : DOM_ACT(DOM_V_DONE, 0);
    }
    case DOM_D_ASIDE: {
        if (f->card == DOM_GROTTO) { /* junk set aside is replaced next turn */
            int v;
            kt_action a = pick_lowest(s, o, n, &v);
            return DOM_VERB(a) == DOM_V_ASIDE && v < 0 ? a : DOM_ACT(DOM_V_DONE, 0);
        }
        if (f->card == DOM_PUZZLE_BOX) { /* an Action it cannot use now */
            for (int i = 0; i < n; i++)
                if (DOM_VERB(o[i]) == DOM_V_ASIDE && dom_is(DOM_CARD(o[i]), DOM_T_ACTION) &&
                    s->phase != DOM_PH_ACTION)
                    return o[i];
            return DOM_ACT(DOM_V_DONE, 0);
        }
        if (f->fx == DOM_FX_CLEANUP) /* Patient cards, Trickster's best Treasure */
            return pick_highest(s, o, n, NULL);
        return DOM_ACT(DOM_V_DONE, 0); /* Cage: keep the hand */
    }
    default:
        return o[0];
    }
}

/* Which Treasure to play next in the Buy phase (0: none worth playing):
 * draw first, then King's Cache, then "play treasures", the rest, and
 * Pendant last (it counts what is in play). */
static kt_action DOM_NOINLINE mixed_treasure(const kt_game *g, const dom_state *s, int p,
                                              int others);

static kt_action next_treasure(const kt_game *g, const dom_state *s, int p)
{
    /* the Treasures "play treasures" does not play, in hand (none in the
     * common case: Copper, Silver, Gold...); every other Treasure in hand
     * is one it plays */
    const dom_cfg *c = dom_config(g);
    const dom_player *P = &s->pl[p];
    int others = 0;
    for (int i = 0; i < c->nmanual_tre; i++)
        others += P->hand[c->manual_tre[i]];
    if (!others)
        return P->hand_tre ? DOM_ACT(DOM_V_PLAYALL, 0) : 0;
    return mixed_treasure(g, s, p, others);
}

/* next_treasure when the hand holds `others` (> 0) Treasures "play
 * treasures" does not play (Figurine, King's Cache, Crucible...). */
static kt_action DOM_NOINLINE mixed_treasure(const kt_game *g, const dom_state *s, int p,
                                              int others)
{
    const dom_cfg *c = dom_config(g);
    const dom_player *P = &s->pl[p];
    int autos = P->hand_tre > others;
    if (P->hand[DOM_FIGURINE])
        return DOM_ACT(DOM_V_PLAY, DOM_FIGURINE);
    if (P->hand[DOM_KINGS_CACHE] && P->hand_tre > P->hand[DOM_KINGS_CACHE])
        return DOM_ACT(DOM_V_PLAY, DOM_KINGS_CACHE);
    if (autos)
        return DOM_ACT(DOM_V_PLAYALL, 0);
    for (int i = 0; i < c->ntre; i++) {
        int t = c->tre_ids[i];
        if (!P->hand[t] || t == DOM_PENDANT || t == DOM_CAGE)
            continue;
        if (t == DOM_CRUCIBLE && !P->hand[DOM_ESTATE] && !P->hand[DOM_CURSE])
            continue; /* only worth it with junk to melt down */
        return DOM_ACT(DOM_V_PLAY, t);
    }
    if (P->hand[DOM_PENDANT])
        return DOM_ACT(DOM_V_PLAY, DOM_PENDANT);
    return 0;
}

/* A decision inside an effect (a pick of a card program, a reaction...):
 * the frame's legal list and the shared choice logic.  Kept out of
 * bot_choose so that the phase decisions of simulations do not pay for
 * this one's stack frame. */
static kt_status DOM_NOINLINE frame_choose(const dom_bot *b, const kt_game *g,
                                            const dom_state *s, kt_action *out, kt_err *err)
{
    kt_action o[DOM_MAX_LEGAL];
    const dom_frame *f = &s->stack[s->nstack - 1];
    int n = dom_frame_legal(g, s, f, o);
    if (n <= 0)
        return kt_seterr(err, KT_EINTERNAL, "dominion bot: no legal action");
    kt_action a = decide_frame(g, b, s, f, o, n);
    /* never answer with something that is not an option */
    int ok = 0;
    for (int i = 0; i < n; i++)
        ok |= o[i] == a;
    *out = ok ? a : o[0];
    return KT_OK;
}

/* The Action phase: the Action in hand the bot values most, if any. */
static kt_status DOM_NOINLINE action_choose(const dom_bot *b, const kt_game *g,
                                             const dom_state *s, kt_action *out)
{
    (void)b;
    const dom_cfg *c = dom_config(g);
    int p = s->h.to_move, best = 0, bv = 0;
    const dom_player *P = &s->pl[p];
    for (int i = 0; i < c->nact; i++) {
        int id = c->act_ids[i];
        if (!P->hand[id])
            continue;
        int v = play_value(g, s, p, id);
        if (v > bv) {
            bv = v;
            best = id;
        }
    }
    *out = best && s->actions ? DOM_ACT(DOM_V_PLAY, best) : DOM_ACT(DOM_V_ENDACT, 0);
    return KT_OK;
}

/* What to buy (or end the turn), out of line so that bot_choose saves no
 * registers for "play treasures". */
static kt_action DOM_NOINLINE buy_choose(const dom_bot *b, const kt_game *g, const dom_state *s,
                                         int p)
{
    int card = 0;
    if (s->buys) {
        /* the money bots' rules with every card allowed, inlined here */
        if (b->kind == DOM_BOT_BMU || b->kind == DOM_BOT_SMITHY)
            card = bm_buy(g, s, p, s->coins, b->kind == DOM_BOT_SMITHY, NULL, 0);
        else
            card = bot_buy(g, b, s, p, s->coins, NULL, 0);
    }
    return card ? DOM_ACT(DOM_V_BUY, card) : DOM_ACT(DOM_V_ENDTURN, 0);
}

/* Decisions of the Buy phase (the hottest of simulations: kept small) and
 * the dispatch to the others. */
static kt_status bot_choose(void *ud, const kt_game *g, const kt_state *st, kt_action *out,
                            kt_err *err)
{
    const dom_bot *b = ud;
    const dom_state *s = dom_cst(st);
    if (s->nstack)
        return frame_choose(b, g, s, out, err);
    if (s->phase == DOM_PH_ACTION)
        return action_choose(b, g, s, out);
    if (s->phase != DOM_PH_BUY)
        return kt_seterr(err, KT_EINTERNAL, "dominion bot: nothing to decide");
    int p = s->h.to_move;
    if (!s->bought && s->pl[p].hand_tre) {
        kt_action t = next_treasure(g, s, p);
        if (t) {
            *out = t;
            return KT_OK;
        }
    }
    *out = buy_choose(b, g, s, p);
    return KT_OK;
}

/* ------------------------------------------------------------ creation */

static dom_bot *bot_alloc(const kt_game *g, int kind, uint64_t seed)
{
    dom_bot *b = kt_mem_zalloc(&g->alloc, sizeof *b);
    if (!b)
        return NULL;
    b->a = g->alloc;
    b->kind = kind;
    kt_rng_seed(&b->rng, kt_seed_derive(seed, 0xd0b0));
    b->prov_money = 18;
    return b;
}

static kt_status bmu_create(const kt_game *g, const kt_optval *o, uint64_t seed, void **ud,
                            kt_err *err)
{
    KT_UNUSED(o);
    dom_bot *b = bot_alloc(g, DOM_BOT_BMU, seed);
    if (!b)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    *ud = b;
    return KT_OK;
}

static kt_status smithy_create(const kt_game *g, const kt_optval *o, uint64_t seed, void **ud,
                               kt_err *err)
{
    KT_UNUSED(o);
    if (!dom_config(g)->in_supply[DOM_SMITHY])
        return kt_seterr(err, KT_EINVAL,
                         "bot smithy plays Smithy Big Money and needs Smithy in the kingdom, "
                         "which this game's kingdom lacks: add the option kingdom=Smithy "
                         "(kontor sim/play: --kingdom Smithy; the other cards stay random) or "
                         "use preset=\"First Game\"");
    dom_bot *b = bot_alloc(g, DOM_BOT_SMITHY, seed);
    if (!b)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    *ud = b;
    return KT_OK;
}

static kt_status heur_create(const kt_game *g, const kt_optval *o, uint64_t seed, void **ud,
                             kt_err *err)
{
    KT_UNUSED(o);
    const dom_cfg *c = dom_config(g);
    dom_bot *b = bot_alloc(g, DOM_BOT_HEURISTIC, seed);
    if (!b)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    /* the terminal to build around, best first (Big Money + X); Smithy
     * before Library because $4 is reachable on the first two turns */
    static const uint8_t terms[] = {DOM_WITCH,   DOM_SMITHY,    DOM_LIBRARY, DOM_COUNCIL_ROOM,
                                    DOM_PILGRIM, DOM_CREW,      DOM_MILITIA, DOM_CUTTHROAT,
                                    DOM_FRIGATE, DOM_BANDIT,    DOM_MOAT};
    for (size_t i = 0; i < sizeof terms && !b->term; i++) {
        /* Witch has nobody to curse in a goldfish game */
        if (c->in_supply[terms[i]] && !(terms[i] == DOM_WITCH && c->np < 2))
            b->term = terms[i];
    }
    b->term_max = b->term == DOM_WITCH ? 2 : 0;
    int draws = b->term == DOM_WITCH || b->term == DOM_LIBRARY || b->term == DOM_SMITHY ||
                b->term == DOM_COUNCIL_ROOM || b->term == DOM_PILGRIM || b->term == DOM_CREW;
    b->prov_money = draws ? 15 : 18;
    /* the $5 card added beside the money, best first; the Plunder ones are
     * Treasures or non-terminals that beat a Silver at $5 in Big Money */
    static const uint8_t labs[] = {DOM_LABORATORY, DOM_MARKET, DOM_FIGURINE, DOM_BURIED_TREASURE,
                                   DOM_SILVER_MINE};
    for (size_t i = 0; i < sizeof labs && !b->lab; i++)
        if (c->in_supply[labs[i]])
            b->lab = labs[i];
    b->moat = c->in_supply[DOM_MOAT] && b->term != DOM_MOAT;
    *ud = b;
    return KT_OK;
}

static kt_status file_create(const kt_game *g, const kt_optval *o, uint64_t seed, void **ud,
                             kt_err *err)
{
    const char *path = o[0].s;
    if (!path || !path[0])
        return kt_seterr(err, KT_EINVAL, "bot file needs a rule file: file=PATH");
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return kt_seterr(err, KT_EIO, "bot file: cannot read '%s'", path);
    const kt_allocator *A = &g->alloc;
    char *text = kt_mem_alloc(A, 65537);
    if (!text) {
        fclose(fp);
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    }
    size_t n = fread(text, 1, 65536, fp);
    int more = fgetc(fp) != EOF;
    fclose(fp);
    text[n] = '\0';
    if (more || memchr(text, '\0', n)) {
        kt_mem_free(A, text, 65537);
        return kt_seterr(err, KT_EPARSE, "bot file '%s': not a text file of at most 64 KiB",
                         path);
    }
    dom_bot *b = bot_alloc(g, DOM_BOT_FILE, seed);
    dom_rules *r = kt_mem_alloc(A, sizeof *r);
    kt_status st = b && r ? dom_rules_parse(text, path, A, r, err)
                          : kt_seterr(err, KT_ENOMEM, "out of memory");
    kt_mem_free(A, text, 65537);
    if (st != KT_OK) {
        kt_mem_free(A, r, sizeof *r);
        kt_mem_free(A, b, sizeof *b);
        return st;
    }
    b->rules = r;
    *ud = b;
    return KT_OK;
}

static void bot_destroy(void *ud)
{
    dom_bot *b = ud;
    if (!b)
        return;
    kt_allocator a = b->a;
    kt_mem_free(&a, b->rules, sizeof *b->rules);
    kt_mem_free(&a, b, sizeof *b);
}

/* Everything else in dom_bot follows from the game and the options, and
 * choose never changes the bot: a new seed is all a new game needs. */
static void bot_reseed(void *ud, uint64_t seed)
{
    dom_bot *b = ud;
    kt_rng_seed(&b->rng, kt_seed_derive(seed, 0xd0b0));
}

static const kt_optinfo file_opts[] = {
    {"file", KT_OPT_PATH, "", 0, 0, NULL, "path of the rule file (docs/bot-files.md)"},
};

const kt_botdef dom_bots[DOM_NBOTS] = {
    {.info = {"heuristic",
              "Big Money with the kingdom's best terminal (Witch, Library, Smithy...), "
              "Laboratory or Market, sensible play order and choices",
              NULL, 0},
     .create = heur_create, .choose = bot_choose, .destroy = bot_destroy,
     .reseed = bot_reseed},
    {.info = {"bmu", "Big Money Ultimate (Geronimoo's DominionSim definition)", NULL, 0},
     .create = bmu_create, .choose = bot_choose, .destroy = bot_destroy,
     .reseed = bot_reseed},
    {.info = {"smithy", "Smithy Big Money (Geronimoo's DominionSim definition); needs Smithy",
              NULL, 0},
     .create = smithy_create, .choose = bot_choose, .destroy = bot_destroy,
     .reseed = bot_reseed},
    {.info = {"file", "buy rules from a rule file: file=PATH (docs/bot-files.md)", file_opts, 1},
     .create = file_create, .choose = bot_choose, .destroy = bot_destroy,
     .reseed = bot_reseed},
};

/* ------------------------------------------------------------ evaluation */

/* Win chances from the score, each deck's buying power and how far the game
 * is: remaining Province/Duchy VP are shared out by economic strength, and
 * the spread narrows as the game nears its end. */
void dom_evaluate(const kt_game *g, const kt_state *st, double *out)
{
    const dom_state *s = dom_cst(st);
    const dom_cfg *c = dom_config(g);
    int np = c->np;
    if (np == 1) {
        out[0] = 1;
        return;
    }
    double prov0 = c->pile0[DOM_PROVINCE];
    double progress = 1.0 - s->supply[DOM_PROVINCE] / prov0;
    /* three-pile pressure: how empty the three emptiest piles are */
    double low[3] = {1, 1, 1};
    for (int i = 0; i < c->npiles; i++) {
        int id = c->piles[i];
        double f = c->pile0[id] ? (double)s->supply[id] / c->pile0[id] : 1;
        for (int k = 0; k < 3; k++)
            if (f < low[k]) {
                for (int m = 2; m > k; m--)
                    low[m] = low[m - 1];
                low[k] = f;
                break;
            }
    }
    double piles = 1.0 - (low[0] + low[1] + low[2]) / 3.0;
    if (piles > progress)
        progress = piles;
    double left = 6.0 * s->supply[DOM_PROVINCE] + 3.0 * s->supply[DOM_DUCHY];
    double econ[KT_MAX_PLAYERS], sum = 0;
    for (int p = 0; p < np; p++) {
        const dom_player *P = &s->pl[p];
        double draw = 0;
        for (int i = 0; i < c->nact; i++)
            draw += P->own[c->act_ids[i]] * (dom_cards[c->act_ids[i]].cards + 1.5 * dom_cards[c->act_ids[i]].coins);
        /* Treasures whose worth is not printed as coins (Plunder: Pendant,
         * King's Cache, Loots with effects...) count by their cost */
        for (int i = 0; i < c->ntre; i++) {
            const dom_card *d = &dom_cards[c->tre_ids[i]];
            if (!d->coins && !(d->types & DOM_T_ACTION))
                draw += P->own[c->tre_ids[i]] * d->cost / 3.0;
        }
        double per = (P->money + draw) / (P->ncards ? P->ncards : 1);
        econ[p] = per * per;
        sum += econ[p];
    }
    double strength[KT_MAX_PLAYERS], best = -1e9;
    for (int p = 0; p < np; p++) {
        strength[p] = dom_score(c, s, p) + 0.6 * left * (sum > 0 ? econ[p] / sum : 1.0 / np);
        if (strength[p] > best)
            best = strength[p];
    }
    double temp = 3.0 + 9.0 * (1.0 - progress), tot = 0;
    for (int p = 0; p < np; p++) {
        out[p] = exp((strength[p] - best) / temp);
        tot += out[p];
    }
    for (int p = 0; p < np; p++)
        out[p] /= tot;
}
