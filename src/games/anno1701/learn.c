/*
 * learn.c - Anno 1701 for learning: a fixed action space and a numeric
 * observation per player (docs/python.md, "Anno 1701", documents both).
 *
 * Card slots.  An era card is named by its definition number: its position
 * in data/anno1701/era.txt (0 = the first line, L01 Lumberjack's Hut), at
 * most 64 (AN_MAXDEF).  Copies of a card are interchangeable in the engine
 * too, so one slot per definition is exact.  New cards are appended to the
 * data file, so a slot never changes meaning.  Voyage cards likewise have
 * slots 0..15 by their position in voyages.txt.
 *
 * Action space (749 indices).  An engine action is a kind and up to two
 * argument bytes (anno1701.h: kind << 24 | x << 16 | y << 8).  Each kind has
 * a block of its own; inside a block, index = base + xi * yn + yi, where xi
 * and yi are the arguments as positions (AL_BLOCKS below):
 *     0 end turn / done drawing, 1 no (decline, done, stay home),
 *     2 repair ship, 3 cancel with the theatre, 4 accept the offer,
 *     5 sail on, 6 pay the pirates, 7 fight them,
 *     8..13    take the start hand from pile x (0..5; era I: 8, 9),
 *     14..16   upgrade an inhabitant of level x to x + 1 (0 pioneer,
 *              1 settler, 2 citizen; 17 unused),
 *     18..53   bank trade: 18 + give kind * 6 + get kind (kinds: wood,
 *              cloth, food, brick, tools, gold),
 *     54..77   unused (the offers of 1-2 units before the free trade),
 *     78..83   draw from pile x, 84..89 search pile x,
 *     90..97   pay: x gold from the left village centre (the rest from the
 *              right one),
 *     98..102 good of choice, 103..107 buy a good from the trader,
 *     108..112 sell a good to the trader, 113..117 steal a good,
 *     118..122 lose a good (all: 5 goods),
 *     123..147 harbour: 123 + give good * 5 + get good,
 *     148..149 buy the voyage trader's offer 0/1,
 *     150..213 build card slot, 214..277 play card slot,
 *     278..342 sail: 278 without a card, 279 + card slot with Captain or
 *              Commander,
 *     343..470 exchange: 343 + card slot * 2 + which of the card's era's
 *              two piles it goes under (pile - 2 * (era - 1)),
 *     471..598 lodge: the same, 471 + card slot * 2 + pile of the era,
 *     599..662 take a card from the spied hand, 663..726 pick a card from a
 *              searched pile,
 *     727      offer a trade (begin composing), 728..733 give one more unit
 *              of kind x, 734..739 ask for one more unit of kind x,
 *     740      make the offer, 741..748 put the good onto landscape x.
 * Bases are numbers, not sums of engine capacities, so they cannot move;
 * static assertions check that every capacity fits its block and that each
 * engine action kind has a block (a new kind fails the build until it gets
 * a block appended at the end).
 *
 * Observation (AL_SIZE = 865 floats, raw counts and flags), for observer p
 * (a spectator sees it as seat 0 without the private parts); seats are
 * relative to p (0 = p, 1 = the opponent):
 *   [0, 192)    general: the enum G_* below (turn, phase, decision, dice,
 *               power tokens, the pending offer and decision, the voyage,
 *               inhabitant supply, pile sizes, the end);
 *   [192, 256)  discard pile per card slot;
 *   [256, 320)  the pile p is searching right now, per card slot (p only);
 *   [320, 832)  two player blocks (p, then the opponent), 256 each: 64
 *               scalars (P_* below) then three fields of 64 card slots:
 *               buildings, hand cards p can see (p's own hand; of the
 *               opponent's only those a Spy showed p), and hand cards known
 *               to the other seat (p's cards the opponent saw);
 *   [832, 865)  the trade (T_* below; appended in a later version).
 * The opponent's hand shows as a size and counts per era (card backs);
 * piles as sizes; the voyage deck as the cards turned so far.  Nothing of an
 * order of hidden cards goes in (tests/anno1701/test_an_learn.c changes the
 * hidden part with kt_determinize and compares).
 */
#include <string.h>

#include "anno1701.h"
#include "learn.h"

/* How an argument byte becomes a position inside its block. */
enum {
    AR_NONE,    /* no argument: the byte is 0 */
    AR_PLAIN,   /* the byte itself, 0 .. n-1 */
    AR_CARD0,   /* AN_NONE -> 0, card slot d -> d + 1 */
    AR_ERAPILE  /* one of the two piles of the x card's era: 0 or 1 */
};

typedef struct al_block {
    uint16_t base;
    uint8_t xn, xm, yn, ym; /* positions and argument mode of x and y */
} al_block;

#define AL_SLOTS 64  /* card slots (AN_MAXDEF) */
#define AL_VSLOTS 16 /* voyage card slots (AN_MAXVDEF) */
#define AL_SPACE 749
_Static_assert(AN_MAXDEF <= AL_SLOTS && AN_MAXVDEF <= AL_VSLOTS, "card slots must fit");
_Static_assert(AN_NPILE <= 6 && AN_NLEVEL <= 4 && AN_NKINDS <= 6 && AN_NGOODS <= 5,
               "the documented block sizes");
_Static_assert(AN_NACT == 33, "every action kind needs a block (append new ones at the end)");

/* The blocks, keyed by the engine's kind constants (renumbering kinds
 * inside the engine cannot move an index). */
static const al_block blocks[AN_NACT] = {
    [A_END] = {.base = 0, .xn = 1, .xm = AR_NONE, .yn = 1, .ym = AR_NONE},
    [A_NO] = {.base = 1, .xn = 1, .xm = AR_NONE, .yn = 1, .ym = AR_NONE},
    [A_REPAIR] = {.base = 2, .xn = 1, .xm = AR_NONE, .yn = 1, .ym = AR_NONE},
    [A_CANCEL] = {.base = 3, .xn = 1, .xm = AR_NONE, .yn = 1, .ym = AR_NONE},
    [A_ACCEPT] = {.base = 4, .xn = 1, .xm = AR_NONE, .yn = 1, .ym = AR_NONE},
    [A_CONT] = {.base = 5, .xn = 1, .xm = AR_NONE, .yn = 1, .ym = AR_NONE},
    [A_PAYOFF] = {.base = 6, .xn = 1, .xm = AR_NONE, .yn = 1, .ym = AR_NONE},
    [A_FIGHT] = {.base = 7, .xn = 1, .xm = AR_NONE, .yn = 1, .ym = AR_NONE},
    [A_PILE] = {.base = 8, .xn = 6, .xm = AR_PLAIN, .yn = 1, .ym = AR_NONE},
    [A_UPGRADE] = {.base = 14, .xn = 4, .xm = AR_PLAIN, .yn = 1, .ym = AR_NONE},
    [A_BANK] = {.base = 18, .xn = 6, .xm = AR_PLAIN, .yn = 6, .ym = AR_PLAIN},
    [A_DRAW] = {.base = 78, .xn = 6, .xm = AR_PLAIN, .yn = 1, .ym = AR_NONE},
    [A_SEARCH] = {.base = 84, .xn = 6, .xm = AR_PLAIN, .yn = 1, .ym = AR_NONE},
    [A_PAY] = {.base = 90, .xn = 8, .xm = AR_PLAIN, .yn = 1, .ym = AR_NONE},
    [A_GOOD] = {.base = 98, .xn = 5, .xm = AR_PLAIN, .yn = 1, .ym = AR_NONE},
    [A_BUYG] = {.base = 103, .xn = 5, .xm = AR_PLAIN, .yn = 1, .ym = AR_NONE},
    [A_SELLG] = {.base = 108, .xn = 5, .xm = AR_PLAIN, .yn = 1, .ym = AR_NONE},
    [A_STEAL] = {.base = 113, .xn = 5, .xm = AR_PLAIN, .yn = 1, .ym = AR_NONE},
    [A_LOSE] = {.base = 118, .xn = 5, .xm = AR_PLAIN, .yn = 1, .ym = AR_NONE},
    [A_HARB] = {.base = 123, .xn = 5, .xm = AR_PLAIN, .yn = 5, .ym = AR_PLAIN},
    [A_BUY] = {.base = 148, .xn = 2, .xm = AR_PLAIN, .yn = 1, .ym = AR_NONE},
    [A_BUILD] = {.base = 150, .xn = AL_SLOTS, .xm = AR_PLAIN, .yn = 1, .ym = AR_NONE},
    [A_PLAY] = {.base = 214, .xn = AL_SLOTS, .xm = AR_PLAIN, .yn = 1, .ym = AR_NONE},
    [A_SAIL] = {.base = 278, .xn = AL_SLOTS + 1, .xm = AR_CARD0, .yn = 1, .ym = AR_NONE},
    [A_EXCH] = {.base = 343, .xn = AL_SLOTS, .xm = AR_PLAIN, .yn = 2, .ym = AR_ERAPILE},
    [A_LODGE] = {.base = 471, .xn = AL_SLOTS, .xm = AR_PLAIN, .yn = 2, .ym = AR_ERAPILE},
    [A_TAKE] = {.base = 599, .xn = AL_SLOTS, .xm = AR_PLAIN, .yn = 1, .ym = AR_NONE},
    [A_PICK] = {.base = 663, .xn = AL_SLOTS, .xm = AR_PLAIN, .yn = 1, .ym = AR_NONE},
    /* the free trade and the choice of landscape (issue 26); 54..77 stay unused */
    [A_OFFER] = {.base = 727, .xn = 1, .xm = AR_NONE, .yn = 1, .ym = AR_NONE},
    [A_GIVE] = {.base = 728, .xn = 6, .xm = AR_PLAIN, .yn = 1, .ym = AR_NONE},
    [A_ASK] = {.base = 734, .xn = 6, .xm = AR_PLAIN, .yn = 1, .ym = AR_NONE},
    [A_SEND] = {.base = 740, .xn = 1, .xm = AR_NONE, .yn = 1, .ym = AR_NONE},
    [A_PLACE] = {.base = 741, .xn = AN_NLAND, .xm = AR_PLAIN, .yn = 1, .ym = AR_NONE},
};
_Static_assert(741 + AN_NLAND == AL_SPACE, "the documented size");

int an_action_space(const kt_game *g)
{
    KT_UNUSED(g);
    return AL_SPACE;
}

/* First pile of the era of card x (-1 when x is no card of the game). */
static int era_pile0(const an_cfg *c, int x)
{
    if (x >= c->ndef || c->def[x].era < 1 || c->def[x].era > AN_NERA)
        return -1;
    return 2 * (c->def[x].era - 1);
}

/* Position of argument byte v in mode m (x: the action's first byte, for
 * AR_ERAPILE); -1 when it is out of range. */
static int arg_pos(const an_cfg *c, int m, int n, int v, int x)
{
    int pos;
    switch (m) {
    case AR_NONE:
        return v == 0 ? 0 : -1;
    case AR_CARD0:
        pos = v == AN_NONE ? 0 : v + 1;
        break;
    case AR_ERAPILE: {
        int p0 = era_pile0(c, x);
        pos = p0 < 0 ? -1 : v - p0;
        break;
    }
    default:
        pos = v;
    }
    return pos >= 0 && pos < n ? pos : -1;
}

/* The argument byte at position pos in mode m (the inverse of arg_pos);
 * -1 when there is none. */
static int arg_val(const an_cfg *c, int m, int pos, int x)
{
    switch (m) {
    case AR_NONE:
        return 0;
    case AR_CARD0:
        return pos == 0 ? AN_NONE : pos - 1;
    case AR_ERAPILE: {
        int p0 = era_pile0(c, x);
        return p0 < 0 ? -1 : p0 + pos;
    }
    default:
        return pos;
    }
}

int an_action_index(const kt_game *g, const kt_state *s, kt_action a)
{
    KT_UNUSED(s);
    const an_cfg *c = an_config(g);
    int k = AN_AK(a);
    if (k >= AN_NACT || AN_AZ(a))
        return -1;
    const al_block *b = &blocks[k];
    int xi = arg_pos(c, b->xm, b->xn, AN_AX(a), 0);
    int yi = arg_pos(c, b->ym, b->yn, AN_AY(a), AN_AX(a));
    if (xi < 0 || yi < 0)
        return -1;
    return b->base + xi * b->yn + yi;
}

kt_action an_index_action(const kt_game *g, const kt_state *s, int index)
{
    KT_UNUSED(s);
    const an_cfg *c = an_config(g);
    for (int k = 0; k < AN_NACT; k++) {
        const al_block *b = &blocks[k];
        int off = index - b->base;
        if (off < 0 || off >= b->xn * b->yn)
            continue;
        int x = arg_val(c, b->xm, off / b->yn, 0);
        int y = x < 0 ? -1 : arg_val(c, b->ym, off % b->yn, x);
        if (x < 0 || y < 0)
            return 0;
        return AN_ACT(k, x, y, 0);
    }
    return 0;
}

/* ------------------------------------------------------------ observation */

enum {
    AL_GEN = 0,
    AL_DISC = 192,
    AL_SEARCHED = AL_DISC + AL_SLOTS,
    AL_PLAYERS = AL_SEARCHED + AL_SLOTS,
    AL_PSCAL = 64,
    AL_PSIZE = AL_PSCAL + 3 * AL_SLOTS,
    AL_TRADE = AL_PLAYERS + AN_NP * AL_PSIZE, /* appended for the free trade (issue 26) */
    AL_SIZE = AL_TRADE + 33
};
enum { /* the trade block: the offer composed or answered, the landscape choice */
       T_COMPOSING = 0, T_GIVE = 1, T_GET = 7, T_MAKER = 13, T_UNBOUNDED = 15, T_PLACE = 16,
       T_DECLINED_GIVE = 21, T_DECLINED_GET = 27, T_USED = 33
};
_Static_assert(AL_TRADE + T_USED == AL_SIZE, "the trade block");
enum { /* general fields */
       G_RUNNING = 0, G_SEAT = 1, G_ME_TO_MOVE = 3, G_TURN = 4, G_TURNPL = 5, G_TOMOVE = 7,
       G_FIRST = 9, G_PHASE = 11, G_DECISION = 19, G_DIE = 43, G_EVENT = 49, G_TRADEPOW = 55,
       G_SEAPOW = 57, G_CLAIMED = 59, G_OFFERS = 61, G_OFFERS_LEFT = 62, G_OFFER = 63,
       /* 64..77 and 98..104 held the offers of 1-2 units (now in the trade block): 0 */
       G_TASK_PL = 78, G_TASK_AMOUNT = 80, G_TASK_TO = 81, G_TASK_PILE = 83,
       G_TASK_AGAINST = 89, G_TASK_VCARD = 105,
       G_VOYAGE = 121, G_VSPEED = 122, G_VBONUS = 123, G_VSTRENGTH = 124, G_VLEFT = 125,
       G_VBOUGHT = 126, G_FIGHT = 128, G_VCARD = 130, G_VTURNED = 146, G_SUPPLY = 162,
       G_PILES = 165, G_WINNER = 171, G_END = 173, G_USED = 177
};
enum { /* per-player scalars, then the three card fields */
       P_PRESENT = 0, P_SET = 1, P_LAND = 3, P_GOODS = 11, P_GOLD = 16, P_GOLDSUM = 18,
       P_CHAOS = 19, P_DISCONTENT = 21, P_RUM = 22, P_TOB = 23, P_SHIP = 24, P_SAILS = 29,
       P_CANNONS = 30, P_LEVELS = 31, P_QUEEN = 35, P_BAGS = 36, P_CANNON_MARKS = 37,
       P_HAPPY_BUILDINGS = 38, P_HAPPY_MARKS = 39, P_NBUILD = 40, P_FREE = 41, P_HAND = 42,
       P_HAND_ERA = 43, P_HAND_KNOWN = 46, P_OPEN = 47, P_USED = 55,
       PF_BUILD = AL_PSCAL, PF_SEEN = PF_BUILD + AL_SLOTS, PF_SHOWN = PF_SEEN + AL_SLOTS
};
_Static_assert((int)G_USED <= (int)AL_DISC && (int)P_USED <= (int)AL_PSCAL,
               "fields overflow their block");
/* The one-hots below use the engine's numbers of phases, decisions,
 * events, action-card kinds and ends in the order docs/python.md lists;
 * a change there must update the page (and append, not insert). */
_Static_assert(PH_OVER == 4 && AN_NDEC == 21 && AN_NEVENTS == 6 && AC_COMMANDER == 8 &&
                   END_CHAOS == 3 && DEC_OVER == 19 && DEC_PLACE == 20 && DEC_COMPOSE == 11,
               "the documented one-hots");
_Static_assert(AL_SIZE == 865, "the documented size");

int an_obs_size(const kt_game *g)
{
    KT_UNUSED(g);
    return AL_SIZE;
}

/* seat q relative to the observer's base seat (0 = base) */
static inline int rel(int q, int base) { return (q - base + AN_NP) % AN_NP; }

/* o[i] = 1 when 0 <= i < n (a loaded state is validated, but an encoder
 * never writes outside its field) */
static inline void onehot(float *o, int i, int n)
{
    if (i >= 0 && i < n)
        o[i] = 1;
}
static inline void bump(float *o, int i, int n)
{
    if (i >= 0 && i < n)
        o[i] += 1;
}

static void obs_turn(const an_cfg *c, const an_state *s, int player, int base, float *o)
{
    o[G_RUNNING] = s->h.status == KT_RUNNING;
    if (player >= 0)
        o[G_SEAT + player] = 1;
    o[G_ME_TO_MOVE] = player >= 0 && s->h.to_move == player;
    o[G_TURN] = (float)s->h.turn;
    if (s->h.turn_player >= 0 && s->h.turn_player < AN_NP)
        o[G_TURNPL + rel(s->h.turn_player, base)] = 1;
    if (s->h.to_move >= 0 && s->h.to_move < AN_NP)
        o[G_TOMOVE + rel(s->h.to_move, base)] = 1;
    onehot(o + G_FIRST, rel(s->first, base), AN_NP);
    onehot(o + G_PHASE, s->phase, 8);
    onehot(o + G_DECISION, s->h.decision, AN_NDEC);
    if (s->die >= 1 && s->die <= 6) {
        o[G_DIE + s->die - 1] = 1;
        onehot(o + G_EVENT, s->event, AN_NEVENTS);
    }
    if (s->trade_power >= 0)
        o[G_TRADEPOW + rel(s->trade_power, base)] = 1;
    if (s->sea_power >= 0)
        o[G_SEAPOW + rel(s->sea_power, base)] = 1;
    o[G_CLAIMED] = s->claimed & 1;
    o[G_CLAIMED + 1] = (s->claimed >> 1) & 1;
    o[G_OFFERS] = s->offers;
    if (c->offers != AN_ANY)
        o[G_OFFERS_LEFT] = s->offers < c->offers ? (float)(c->offers - s->offers) : 0.0f;
}

/* The trade block: the offer being composed or answered (what its maker
 * gives and asks for, the maker relative to the observer), whether offers
 * are unbounded, the good waiting for a landscape, the offer declined last
 * in this action phase.  All public. */
static void obs_trade(const an_cfg *c, const an_state *s, int base, float *o)
{
    const an_task *t = s->nstack && s->h.status == KT_RUNNING ? &s->stack[s->nstack - 1] : NULL;
    o[T_UNBOUNDED] = c->offers == AN_ANY;
    for (int k = 0; k < AN_NKINDS; k++) {
        o[T_DECLINED_GIVE + k] = s->declined[0][k];
        o[T_DECLINED_GET + k] = s->declined[1][k];
    }
    if (t && t->t == K_PLACE)
        onehot(o + T_PLACE, t->x, AN_NGOODS);
    if (!t || (t->t != K_COMPOSE && t->t != K_OFFER))
        return;
    o[T_COMPOSING] = t->t == K_COMPOSE;
    for (int k = 0; k < AN_NKINDS; k++) {
        o[T_GIVE + k] = s->give[k];
        o[T_GET + k] = s->get[k];
    }
    int maker = t->t == K_COMPOSE ? t->p : 1 - t->p;
    o[T_MAKER + rel(maker, base)] = 1;
}

/* The top task: who decides and its public arguments (the JSON view's
 * "pending" and "offer"). */
static void obs_task(const an_state *s, int base, float *o)
{
    const an_task *t = s->nstack ? &s->stack[s->nstack - 1] : NULL;
    if (!t || !an_is_decision(t->t) || s->h.status != KT_RUNNING)
        return;
    o[G_TASK_PL + rel(t->p, base)] = 1;
    switch (t->t) {
    case K_PAY:
        o[G_TASK_AMOUNT] = t->x;
        if (t->y >= 1 && t->y <= AN_NP)
            o[G_TASK_TO + rel(t->y - 1, base)] = 1;
        break;
    case K_GOOD:
    case K_LOSE:
        o[G_TASK_AMOUNT] = t->x;
        break;
    case K_SEARCH:
        onehot(o + G_TASK_PILE, t->x, AN_NPILE);
        break;
    case K_THEATRE:
        onehot(o + G_TASK_AGAINST, t->x, 9);
        break;
    case K_PLACE:
        o[G_TASK_AMOUNT] = t->y;
        break;
    case K_PIRATE:
    case K_BUY:
        onehot(o + G_TASK_VCARD, t->x, AL_VSLOTS);
        break;
    case K_OFFER:
        o[G_OFFER] = 1;
        break;
    default:
        break;
    }
}

static void obs_shared(const an_cfg *c, const an_state *s, int base, float *o)
{
    if (s->phase == PH_VOYAGE && s->h.status == KT_RUNNING) {
        const an_player *tp = &s->pl[s->h.turn_player];
        o[G_VOYAGE] = 1;
        o[G_VSPEED] = s->vspeed;
        o[G_VBONUS] = s->vbonus;
        o[G_VSTRENGTH] = (float)(an_cannons(c, tp) + s->vbonus);
        o[G_VLEFT] = (float)(AN_NVOY - s->vpos);
        o[G_VBOUGHT] = s->vbought[0];
        o[G_VBOUGHT + 1] = s->vbought[1];
        o[G_FIGHT] = s->fight[0];
        o[G_FIGHT + 1] = s->fight[1];
        onehot(o + G_VCARD, s->vcard, AL_VSLOTS); /* AN_NONE: none */
        for (int i = 0; i < s->vpos && i < AN_NVOY; i++)
            bump(o + G_VTURNED, s->voy[i], AL_VSLOTS);
    }
    for (int l = 1; l < AN_NLEVEL; l++)
        o[G_SUPPLY + l - 1] = s->supply[l];
    for (int k = 0; k < AN_NPILE; k++)
        o[G_PILES + k] = s->plen[k];
    if (s->h.status == KT_FINISHED) {
        if (s->winner < AN_NP)
            o[G_WINNER + rel(s->winner, base)] = 1;
        onehot(o + G_END, s->end, 4);
    }
}

/* Public cards and what only the searcher sees. */
static void obs_cards(const an_cfg *c, const an_state *s, int player, float *o)
{
    for (int d = 0; d < c->ndef; d++)
        o[AL_DISC + d] = s->disc[d];
    const an_task *t = s->nstack ? &s->stack[s->nstack - 1] : NULL;
    if (player >= 0 && t && t->t == K_SEARCH && t->p == player && t->x < AN_NPILE)
        for (int i = 0; i < s->plen[t->x]; i++)
            bump(o + AL_SEARCHED, s->pile[t->x][i], AL_SLOTS);
}

static void obs_settlement(const an_cfg *c, const an_player *pl, float *o)
{
    o[P_PRESENT] = 1;
    onehot(o + P_SET, pl->set, 2);
    for (int l = 0; l < AN_NLAND; l++)
        o[P_LAND + l] = pl->land[l];
    for (int g = 0; g < AN_NGOODS; g++)
        o[P_GOODS + g] = (float)an_goods(c, pl, g);
    for (int k = 0; k < AN_NCENTRE; k++) {
        o[P_GOLD + k] = pl->gold[k];
        o[P_CHAOS + k] = pl->gold[k] == 0;
    }
    o[P_GOLDSUM] = (float)an_gold(pl);
    o[P_DISCONTENT] = (float)an_discontent(c, pl);
    o[P_RUM] = pl->rum;
    o[P_TOB] = pl->tob;
    onehot(o + P_SHIP, pl->ship, 5);
    o[P_SAILS] = (float)an_sails(c, pl);
    o[P_CANNONS] = (float)an_cannons(c, pl);
    for (int l = 0; l < AN_NLEVEL; l++)
        o[P_LEVELS + l] = pl->lvl[l];
    o[P_QUEEN] = (float)an_queen(c, pl);
    o[P_BAGS] = (float)an_bags(c, pl);
    o[P_CANNON_MARKS] = (float)an_cannon_marks(c, pl);
    o[P_HAPPY_BUILDINGS] = (float)an_happy_buildings(c, pl, 0);
    o[P_HAPPY_MARKS] = (float)an_happy_buildings(c, pl, 1);
    o[P_NBUILD] = pl->nb;
    o[P_FREE] = pl->nb < c->k.spaces ? (float)(c->k.spaces - pl->nb) : 0.0f;
    for (int l = 0; l < AN_NLAND; l++)
        o[P_OPEN + l] = an_land_status(c, pl, l) == AN_LAND_OPEN;
    for (int i = 0; i < pl->nb; i++)
        bump(o + PF_BUILD, pl->build[i], AL_SLOTS);
}

/* Seat q's hand as `player` sees it: size and eras always; the cards
 * themselves for the owner, and those the other seat knows (after a Spy)
 * for that seat; which cards the other seat knows, for the owner. */
static void obs_hand(const an_cfg *c, const an_player *pl, int q, int player, float *o)
{
    o[P_HAND] = pl->nh;
    for (int i = 0; i < pl->nh; i++) {
        int d = pl->hand[i], known = (pl->known >> i) & 1;
        bump(o + P_HAND_ERA, c->def[d].era - 1, AN_NERA);
        o[P_HAND_KNOWN] += (float)known;
        if (player == q) {
            bump(o + PF_SEEN, d, AL_SLOTS);
            if (known)
                bump(o + PF_SHOWN, d, AL_SLOTS);
        } else if (player == 1 - q && known) {
            bump(o + PF_SEEN, d, AL_SLOTS);
        }
    }
}

void an_obs_vector(const kt_game *g, const kt_state *st, int player, float *out)
{
    const an_cfg *c = an_config(g);
    const an_state *s = (const an_state *)st;
    int base = player >= 0 ? player : 0;
    memset(out, 0, sizeof *out * AL_SIZE);
    obs_turn(c, s, player, base, out + AL_GEN);
    obs_task(s, base, out + AL_GEN);
    obs_shared(c, s, base, out + AL_GEN);
    obs_cards(c, s, player, out);
    obs_trade(c, s, base, out + AL_TRADE);
    for (int k = 0; k < AN_NP; k++) {
        int q = (base + k) % AN_NP;
        float *o = out + AL_PLAYERS + k * AL_PSIZE;
        obs_settlement(c, &s->pl[q], o);
        obs_hand(c, &s->pl[q], q, player, o);
    }
}
