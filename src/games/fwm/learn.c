/*
 * learn.c - Fugger, Welser, Medici for learning: a fixed action space and a
 * numeric observation per player (docs/python.md, "Fugger, Welser, Medici",
 * documents both).
 *
 * Action space (4650 indices).  An engine action is a kind and three small
 * arguments (fwm.h: kind << 24 | a << 16 | b << 8 | c).  Each kind owns a
 * block sized by the ranges of its arguments (blocks[] below, in index
 * order; new kinds are appended at the end, and an index once given keeps
 * its meaning: retired ones are never legal again):
 *     0 +   3  home city (c = index among the three home cities)
 *     3        pass a sealed bid
 *     4 +   9  retired (bid quantities 1..9 of the old sequential bid)
 *    13 + 100  price pick, thousands (c = 0..99 thousand FL) of an offer
 *   113 +  10  price pick, hundreds (c = 0..9)
 *   123 +   5  price pick, twenties (c = 0..4, i.e. +0..80 FL)
 *   128 +  16  sell: slot * 4 + good (slot 0 warehouse, 1..3 merchants;
 *              good 3 = an IOU, from slot 0 only)
 *   144 +  48  shift goods: (from slot * 4 + to slot) * 3 + good
 *   192 +  48  retired (offers of one good in the movement turn)
 *   240 + 288  step: merchant * 96 + space (data order of map.txt)
 *   528 ..537  go, cancel, end turn, done, hire, bribe, roll, keep the
 *              sheep, accept, decline
 *   538 +   3  fire merchant 0..2
 *   541 +   4  noble discount 0..3 (none, 500, 1000, Rechentrick)
 *   545 +  32  area (free-passage or escort cube; data order)
 *   577 +   3  good lost (accident or robbers)
 *   580 +   6  pay the passage fee to seat 0..5
 *   586 +   6  pass the Black Sheep to seat 0..5
 *   592 +   6  bet on lottery number 1..6
 *   598 + 4000 a sealed bid of quantity q (1..8) at the unit price lo + 20 k
 *              (k = 0..499; lo the auction's lower bound): 598 + (q-1)*500 + k
 *  4598 +  48  start an offer to another player in phase 1: (partner * 2 +
 *              buy) * 4 + slot (partner an absolute seat, buy 0 = sell to,
 *              1 = buy from; slot 0 the home city, 1..3 the merchant where
 *              they meet)
 *  4646 +   4  add a unit to the offer: cloth, spice, metal, an IOU
 * An offer is then finished with "done" (531) and priced with the digit
 * picks (13..127); the answer is accept / decline (536, 537).  The trades'
 * study bound (option trade_offers) limits how often these recur, not the
 * space: it is the same with and without it.
 * A sealed bid is one action (quantity and price together, like a pass), so
 * every bid the rules allow has exactly one index and the action space
 * needs no coarse price buckets; its price is relative to the auction's
 * lower bound, which every player sees.  The index of an action depends
 * only on the action code, so it is the same for every pending player.
 *
 * Observation (5226 floats, for observer p; seats relative to p, 0 = p; a
 * spectator sees the layout as seat 0 without the private parts):
 *   [0, 256)      general: running, players, p's seat, p pending, p to
 *                 move, pending and to-move seats, mode, round, calendar,
 *                 start player, deck and reserve sizes, event holders, the
 *                 decision, the public context of the auction, forced
 *                 sale, cube, movement turn, move being carried out, the
 *                 trades of phase 1 and the offer being made (its price
 *                 only to its proposer until it is made), Black Sheep,
 *                 lottery and noble demand (enum G_* below);
 *   [256, 576)    32 areas x 10: robbers, sea, cubes (relative, 6), passage
 *                 fee pending (position in the queue), robbery here;
 *   [576, 960)    96 spaces x 4: step of the planned move, step of the move
 *                 being carried out, its start, where the offer is made;
 *   [960, 3120)   120 cards x 18: location one-hot (unseen, box, deck,
 *                 reserve, display, held, gone; a card whose place nobody
 *                 knows is only "unseen"), holder (relative, 6), rounds
 *                 until due on the display, being resolved, the fair, the
 *                 blockade, the auction's card;
 *   [3120, 5226)  6 players x 351 (relative): money, goods, home, track,
 *                 noble, IOUs, manors, hires, robberies, 3 merchants (space
 *                 one-hot of 96 + reserve + lost, cargo, queue stamp),
 *                 auction entitlement, handed in, quantity bound, revealed
 *                 bid and allocation, the observer's own bid (observer only:
 *                 others' bids stay sealed), lottery numbers, offers made in
 *                 this phase 1 and who declined them (relative, 6).
 * Nothing here reads what determinize resamples except the observer's own
 * bid: others' picks and committed bids, the deck order and the place of
 * unseen cards never reach the vector.
 */
#include <assert.h>
#include <stddef.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "learn.h"
#include "rules.h"

/* ------------------------------------------------------------ action space */

enum {
    FL_HOME = 0, FL_PASS = 3, FL_RETIRED_QTY = 4, FL_THOU = 13, FL_HUND = 113, FL_TWEN = 123,
    FL_SELL = 128, FL_XFER = 144, FL_RETIRED_OFFER = 192, FL_STEP = 240, FL_GO = 528, FL_CANCEL, FL_END,
    FL_DONE, FL_HIRE, FL_BRIBE, FL_ROLL, FL_KEEP, FL_ACCEPT, FL_DECLINE, FL_FIRE = 538,
    FL_DISCOUNT = 541, FL_AREA = 545, FL_LOSE = 577, FL_PAYTO = 580, FL_PASSTO = 586,
    FL_BET = 592, FL_BID = 598, FL_TRADE = FL_BID + FWM_MAXQ * FWM_NBIDK, FL_TGOOD = FL_TRADE + 48,
    FL_SIZE = FL_TGOOD + 4
};
enum { FL_THOUMAX = 100 };

/* One block per action kind: base index and the ranges of a, b, c (the
 * index is base + (a * nb + b) * nc + c - c0).  A_PRICE has one block per
 * pick stage (b) and is handled apart. */
typedef struct fl_block {
    uint16_t base;
    uint8_t na, nb, nc, c0;
} fl_block;

static const fl_block blocks[A_NKINDS] = {
    [A_HOME] = {.base = FL_HOME, .na = 1, .nb = 1, .nc = 3},
    [A_SELL] = {.base = FL_SELL, .na = 1, .nb = FWM_NSLOT, .nc = FWM_NG + 1},
    [A_XFER] = {.base = FL_XFER, .na = FWM_NSLOT, .nb = FWM_NSLOT, .nc = FWM_NG},
    [A_TRADE] = {.base = FL_TRADE, .na = FWM_MAXP, .nb = 2, .nc = FWM_NSLOT},
    [A_STEP] = {.base = FL_STEP, .na = 1, .nb = FWM_NM, .nc = FWM_MAXSP},
    [A_GO] = {.base = FL_GO, .na = 1, .nb = 1, .nc = 1},
    [A_CANCEL] = {.base = FL_CANCEL, .na = 1, .nb = 1, .nc = 1},
    [A_END] = {.base = FL_END, .na = 1, .nb = 1, .nc = 1},
    [A_DONE] = {.base = FL_DONE, .na = 1, .nb = 1, .nc = 1},
    [A_HIRE] = {.base = FL_HIRE, .na = 1, .nb = 1, .nc = 1},
    [A_BRIBE] = {.base = FL_BRIBE, .na = 1, .nb = 1, .nc = 1},
    [A_ROLL] = {.base = FL_ROLL, .na = 1, .nb = 1, .nc = 1},
    [A_KEEP] = {.base = FL_KEEP, .na = 1, .nb = 1, .nc = 1},
    [A_ACCEPT] = {.base = FL_ACCEPT, .na = 1, .nb = 1, .nc = 1},
    [A_DECLINE] = {.base = FL_DECLINE, .na = 1, .nb = 1, .nc = 1},
    [A_FIRE] = {.base = FL_FIRE, .na = 1, .nb = 1, .nc = FWM_NM},
    [A_DISCOUNT] = {.base = FL_DISCOUNT, .na = 1, .nb = 1, .nc = 4},
    [A_AREA] = {.base = FL_AREA, .na = 1, .nb = 1, .nc = FWM_MAXAREA},
    [A_LOSE] = {.base = FL_LOSE, .na = 1, .nb = 1, .nc = FWM_NG},
    [A_PAYTO] = {.base = FL_PAYTO, .na = 1, .nb = 1, .nc = FWM_MAXP},
    [A_PASSTO] = {.base = FL_PASSTO, .na = 1, .nb = 1, .nc = FWM_MAXP},
    [A_BET] = {.base = FL_BET, .na = 1, .nb = 1, .nc = 6, .c0 = 1},
    [A_TGOOD] = {.base = FL_TGOOD, .na = 1, .nb = 1, .nc = FWM_NG + 1},
};
/* the price picks: stage 1..3 */
static const uint16_t price_base[4] = {[1] = FL_THOU, [2] = FL_HUND, [3] = FL_TWEN};
static const uint8_t price_n[4] = {[1] = FL_THOUMAX, [2] = 10, [3] = 5};

_Static_assert(A_NKINDS == 26, "a new action kind needs a block appended at the end");
_Static_assert(FWM_NSLOT == 4 && FWM_NG == 3 && FWM_NM == 3 && FWM_MAXP == 6 &&
                   FWM_MAXSP == 96 && FWM_MAXAREA == 32,
               "the documented block sizes");
_Static_assert(FL_PASS + 1 == FL_RETIRED_QTY && FL_RETIRED_QTY + 9 == FL_THOU &&
                   FL_THOU + FL_THOUMAX == FL_HUND &&
                   FL_HUND + 10 == FL_TWEN && FL_TWEN + 5 == FL_SELL &&
                   FL_SELL + 16 == FL_XFER && FL_XFER + 48 == FL_RETIRED_OFFER &&
                   FL_RETIRED_OFFER + 48 == FL_STEP && FL_STEP + 288 == FL_GO &&
                   FL_DECLINE + 1 == FL_FIRE && FL_FIRE + 3 == FL_DISCOUNT &&
                   FL_DISCOUNT + 4 == FL_AREA && FL_AREA + 32 == FL_LOSE &&
                   FL_LOSE + 3 == FL_PAYTO && FL_PAYTO + 6 == FL_PASSTO &&
                   FL_PASSTO + 6 == FL_BET && FL_BET + 6 == FL_BID && FL_TRADE == 4598 && FL_SIZE == 4650,
               "blocks overlap or leave gaps");

int fwm_action_space(const kt_game *g)
{
    KT_UNUSED(g);
    return FL_SIZE;
}

static int code_index(kt_action x)
{
    int k = ACT_K(x), a = ACT_A(x), b = ACT_B(x), c = ACT_C(x);
    if (k == A_STEP) /* most legal actions of a step are map steps: first */
        return a == 0 && b < FWM_NM && c < FWM_MAXSP ? FL_STEP + b * FWM_MAXSP + c : -1;
    if (k == A_PRICE)
        return a == 0 && b >= 1 && b <= 3 && c < price_n[b] ? price_base[b] + c : -1;
    if (k == A_BID) {
        int bk = a << 8 | b;
        if (c == 0)
            return bk == 0 ? FL_PASS : -1;
        return c <= FWM_MAXQ && bk < FWM_NBIDK ? FL_BID + (c - 1) * FWM_NBIDK + bk : -1;
    }
    if (k <= 0 || k >= A_NKINDS || !blocks[k].nc)
        return -1;
    const fl_block *bl = &blocks[k];
    c -= bl->c0;
    if (a >= bl->na || b >= bl->nb || c < 0 || c >= bl->nc)
        return -1;
    if (k == A_SELL && c == FWM_NG && b != 0)
        return -1; /* an IOU is sold from the warehouse slot only */
    return bl->base + (a * bl->nb + b) * bl->nc + c;
}

/* The code of an index (the inverse of code_index on its range). */
static kt_action index_code(int i)
{
    if (i == FL_PASS)
        return FWM_BID(0, 0);
    if (i >= FL_BID && i < FL_TRADE)
        return FWM_BID(1 + (i - FL_BID) / FWM_NBIDK, (i - FL_BID) % FWM_NBIDK);
    for (int st = 1; st <= 3; st++)
        if (i >= price_base[st] && i < price_base[st] + price_n[st])
            return FWM_ACT(A_PRICE, 0, st, i - price_base[st]);
    for (int k = 1; k < A_NKINDS; k++) {
        const fl_block *bl = &blocks[k];
        int n = bl->na * bl->nb * bl->nc;
        if (!bl->nc || i < bl->base || i >= bl->base + n)
            continue;
        int r = i - bl->base;
        return FWM_ACT(k, r / (bl->nb * bl->nc), r / bl->nc % bl->nb, r % bl->nc + bl->c0);
    }
    return 0;
}

int fwm_action_index(const kt_game *g, const kt_state *s, kt_action a)
{
    KT_UNUSED(g);
    KT_UNUSED(s);
    return code_index(a);
}

kt_action fwm_index_action(const kt_game *g, const kt_state *s, int index)
{
    if (index < 0 || index >= FL_SIZE)
        return 0;
    kt_action a = index_code(index), buf[KT_LEGAL_MAX];
    int n = fwm_legal(g, s, buf);
    for (int i = 0; i < n; i++)
        if (buf[i] == a)
            return a;
    return 0;
}

/* ------------------------------------------------------------ observation */

enum { /* general block */
       G_RUNNING = 0, G_PLAYERS, G_SEAT, G_PENDING_ME = 8, G_TOMOVE_ME, G_PENDING,
       G_TOMOVE = 16, G_MODE = 22, G_ROUND = 26, G_MONTH, G_WINTER, G_YEAR, G_RFLAGS,
       G_START = 34, G_NTURN = 40, G_DECK, G_RESERVE, G_BOOM, G_FAIR, G_BLOCKADE, G_SHEEP,
       G_CORRUPT = 52, G_TRICK = 58, G_MANORFIRST = 64, G_ENNOBLED = 70, G_ENDED,
       G_STAGE = 72, /* 32 */
       G_AUCKIND = 104, G_AUCGOOD = 112, G_AUCQTOT = 115, G_AUCLEFT, G_AUCLO, G_AUCHI,
       G_AUCLINE, G_AUCIDX, G_AUCPAYING,
       G_FSPLAYER = 122, G_FSWHY = 128, G_FSNEED,
       G_CUBEPLAYER = 130, G_CUBESEA = 136,
       G_MOVER = 137, G_MVMERCH = 143, G_MVLEN = 146, G_MVMOVED, G_MVSTARTED = 150,
       G_TWIDX, G_MVXFERS, G_MVCANCELS, G_MVENDING,
       G_XMERCH = 155, G_XLEN = 158, G_XSTEP, G_XACC, G_XNFEE, G_XDROP, G_XROB, G_XROBBONUS,
       G_XROBLOSS,
       G_OFTO = 166, G_OFGOODS = 172, G_OFBUY = 176, G_OFSTAGE, G_OFPRICE,
       G_SHAT = 179, G_SHSTAKE = 185,
       G_LOTTURN = 186, G_LOTIDLE = 192, G_LOTBET,
       G_PIDX = 194, G_BUYERS = 195, G_HALF = 201, G_OFFROM = 202, G_USED = G_OFFROM + FWM_MAXP,
       G_SIZE = 256
};
enum { /* per area */
       AR_ROBBERS = 0, AR_SEA, AR_CUBES, AR_FEE = AR_CUBES + FWM_MAXP, AR_ROBHERE, AR_W };
enum { /* per card */
       C_LOC = 0, C_HOLDER = 7, C_DUE = C_HOLDER + FWM_MAXP, C_CUR, C_FAIR, C_BLOCKADE,
       C_AUCTION, C_W };
enum { /* per player */
       P_PRESENT = 0, P_MONEY, P_WARE, P_HOME = P_WARE + FWM_NG, P_TRACK = P_HOME + 4,
       P_NOBLE, P_IOUS, P_MANORS, P_HIRED, P_ROBBED, P_MERCH = P_ROBBED + FWM_NM,
       M_CARGO = FWM_MAXSP + 2, M_STAMP = M_CARGO + FWM_NG, M_W,
       P_ENT = P_MERCH + FWM_NM * M_W, P_DONE, P_QMAX, P_RQTY, P_RPRICE, P_GOT, P_PAID,
       P_BSTAGE, P_BQTY = P_BSTAGE + 5, P_BPRICE, P_LOT, P_TWOFFERS = P_LOT + 6, P_TWDECLINED,
       P_W = P_TWDECLINED + FWM_MAXP + 1
};
enum { /* layout */
       O_GEN = 0, O_AREA = G_SIZE, O_SPACE = O_AREA + FWM_MAXAREA * AR_W, O_SPACEW = 4,
       O_CARD = O_SPACE + FWM_MAXSP * O_SPACEW, O_PL = O_CARD + FWM_MAXCARDS * C_W,
       O_SIZE = O_PL + FWM_MAXP * P_W
};
_Static_assert(G_USED <= G_SIZE && FS_N <= 32, "general block overflows");
_Static_assert(AR_W == 10 && C_W == 18 && P_W == 351 && O_SIZE == 5226,
               "the documented observation layout");

int fwm_obs_size(const kt_game *g)
{
    KT_UNUSED(g);
    return O_SIZE;
}

/* (q - base + np) % np without a division when q and base are seats, as
 * they always are (the division showed in the vector environment's profile). */
static inline int rel(int q, int base, int np)
{
    int d = q - base + np;
    return d >= 0 && d < 2 * np ? (d >= np ? d - np : d) : d % np;
}

/* One-hot of seat q (absolute, -1 or out of range: nothing) relative to base. */
static void seat_hot(float *o, int q, int base, int np)
{
    if (q >= 0 && q < np)
        o[rel(q, base, np)] = 1;
}

static void onehot(float *o, int i, int n)
{
    if (i >= 0 && i < n)
        o[i] = 1;
}

/* The row being written and the marks of where (obs_vector_marked in
 * game.h): the general and area blocks are marked as blocks, the sparse
 * cells of the spaces, of the merchants' positions and a few of the cards
 * one by one; a player's counts are zeroed here and written, every cell of
 * the game's cards is written by every call (each card has a location, so
 * its lines are touched anyway), as are the merchants' cargo and stamps:
 * those need no mark; the blocks of seats the game does not have are never
 * written.  So the vector environment clears about a seventh of the 20 KB
 * row instead of all of it.  With cap 0 (fwm_obs_vector) marks are only
 * counted.
 * With a memo (game.h; KT_OBS_MEMO bytes):
 *   [0, 120)    1 + card i's row in card_rows as the row holds it (0:
 *               unknown): only cards whose row changed are copied, and the
 *               five cells after a card's holder, which a call writes on a
 *               few cards only, are single cells instead (cards move a few
 *               times a game: copying all 120 rows was a quarter of an FWM
 *               vector step and 8.6 of its ~12 KB of stores);
 *   [120, 480)  the state's where, known and hold of the cards as the
 *               codes above were made from them, and [480] 1 when these
 *               and [481] base (the observer's seat or 0), [482] the
 *               players and [483] the reserve's count hold: a call whose
 *               cards did not move (most: cards move at a round's end)
 *               compares 360 bytes instead of making 120 codes and
 *               comparing them with the memo's (a tenth of a step);
 *   [484, 502)  1 + the cell of merchant j of the k-th seat from the
 *               observer (k * 3 + j) within its one-hot of 98 as the row
 *               holds it (0: none): a merchant that did not move costs a
 *               compare (merchants were a third of the single cells);
 *   [502, 910)  per seat from the observer, what its player block was
 *               made from (pl_key below): a block whose key is the
 *               memo's is left as the row holds it (most players do not
 *               change in a step; a block cost ~300 instructions);
 *   [910, 950)  what the area block was made of (area_key below), the same
 *               way: areas change a few times a round;
 *   [950, 952)  how many single cells the last call wrote (16 bits);
 *   [952, ...)  those cells (16 bits each, FL_NSINGLE at most; more are
 *               marked).
 * The single cells are zeroed by the next call itself, not marked: a mark
 * cost about 20 instructions (written, read back by the vector
 * environment, prefetched), a memo cell about 5. */

/* Everything a player block (obs_player) is made of, zeros where a field
 * is not shown; `one` is 1, so a zeroed memo never matches.  The padding
 * is named (pad), so that every byte compared is one the key sets; the
 * player is the state's bytes (states are compared byte for byte too). */
typedef struct pl_key {
    fwm_player pl;
    int32_t price, paid;
    uint8_t auc, ent, done, qmax, qty, got, bidding, lot, offers, declined, base, np, one;
    uint8_t pad[3];
} pl_key;
_Static_assert(sizeof(pl_key) == sizeof(fwm_player) + 24, "keys without unnamed padding");

/* Everything the area block is made of (obs_map), zeros where a field is
 * not shown; no padding. */
typedef struct area_key {
    uint32_t rob, cubes[FWM_MAXP];
    uint8_t fee[3], nfee, xrob, robarea, base, np, one, pad[3];
} area_key;
_Static_assert(sizeof(area_key) == 40, "keys without padding");

enum { MEMO_RAW = FWM_MAXCARDS, MEMO_RAWN = 3 * FWM_MAXCARDS, MEMO_VALID = MEMO_RAW + MEMO_RAWN,
       MEMO_BASE, MEMO_NP, MEMO_RESERVE, MEMO_MERCH,
       MEMO_PL = MEMO_MERCH + FWM_MAXP * FWM_NM,
       MEMO_AREA = MEMO_PL + FWM_MAXP * (int)sizeof(pl_key),
       MEMO_NSINGLE = MEMO_AREA + (int)sizeof(area_key), MEMO_SINGLE = MEMO_NSINGLE + 2,
       FL_NSINGLE = (KT_OBS_MEMO - MEMO_SINGLE) / 2 };
_Static_assert(FL_NSINGLE >= 8 + 4 + FWM_MAXOPEN,
               "room for every single cell a valid state has: spaces, cards");
_Static_assert(MEMO_AREA == 910 && MEMO_NSINGLE == 950, "the memo layout above");
_Static_assert(offsetof(fwm_state, known) == offsetof(fwm_state, where) + FWM_MAXCARDS &&
                   offsetof(fwm_state, hold) == offsetof(fwm_state, known) + FWM_MAXCARDS,
               "where, known and hold side by side: one compare");

typedef struct fl_out {
    float *row;
    uint32_t *marks;
    uint8_t *memo;
    int n, cap, nsingle;
} fl_out;

/* 16-bit memo entries (the memo is the caller's bytes: copied, one load
 * or store each) */
static inline int memo16(const uint8_t *p)
{
    uint16_t v;
    memcpy(&v, p, sizeof v);
    return v;
}
static inline void memo16_set(uint8_t *p, int v)
{
    uint16_t w = (uint16_t)v;
    memcpy(p, &w, sizeof w);
}

static inline void mark(fl_out *m, const float *p, int n)
{
    if (m->n < m->cap)
        m->marks[m->n] = KT_OBS_MARK(p - m->row, n);
    m->n++;
}

/* o[i] = v, a cell of a sparse block: noted in the memo, or marked */
static inline void put(fl_out *m, float *o, int i, float v)
{
    o[i] = v;
    if (m->memo && m->nsingle < FL_NSINGLE)
        memo16_set(m->memo + MEMO_SINGLE + 2 * m->nsingle++, (int)(o + i - m->row));
    else
        mark(m, o + i, 1);
}

/* The single cells the memo says the last call wrote, zeroed (a memo the
 * encoder did not write could name any cell: clipped to the row). */
static void singles_clear(fl_out *m)
{
    int n = memo16(m->memo + MEMO_NSINGLE);
    for (int i = 0; i < n && i < FL_NSINGLE; i++) {
        int cell = memo16(m->memo + MEMO_SINGLE + 2 * i);
        if (cell < O_SIZE)
            m->row[cell] = 0;
    }
}

static void seats_hot(float *o, uint32_t bits, int base, int np)
{
    /* the set bits below np only: most sets are empty or one seat */
    for (uint32_t b = bits & ((1u << np) - 1u); b; b &= b - 1)
        o[rel(__builtin_ctz(b), base, np)] = 1;
}

static void obs_header(const kt_game *g, const fwm_state *s, int player, float *o)
{
    const fwm_cfg *c = fwm_config(g);
    int np = g->nplayers, base = player >= 0 ? player : 0;
    uint32_t pend = fwm_pending(g, (const kt_state *)s);
    int cal = fwm_cal_at(c, s->round);
    o[G_RUNNING] = s->h.status == KT_RUNNING;
    o[G_PLAYERS] = (float)np;
    if (player >= 0) {
        o[G_SEAT + player] = 1;
        o[G_PENDING_ME] = (float)((pend >> player) & 1u);
        o[G_TOMOVE_ME] = s->h.to_move == player;
    }
    seats_hot(o + G_PENDING, pend, base, np);
    seat_hot(o + G_TOMOVE, s->h.to_move, base, np);
    onehot(o + G_MODE, c->mode, MODE_N);
    o[G_ROUND] = s->round;
    o[G_MONTH] = c->cal[cal].month;
    o[G_WINTER] = c->cal[cal].winter;
    o[G_YEAR] = (float)((c->cal_start + s->round) / c->ncal + 1);
    for (int k = 0; k < 4; k++)
        o[G_RFLAGS + k] = (float)((s->rflags >> k) & 1);
    seat_hot(o + G_START, s->start, base, np);
    o[G_NTURN] = s->nturn;
    o[G_DECK] = s->ndeck;
    /* G_RESERVE: written by obs_cards, which reads every card's place */
    o[G_BOOM] = s->boom;
    o[G_FAIR] = s->fair != FWM_NONE;
    o[G_BLOCKADE] = s->blockade != FWM_NONE;
    seat_hot(o + G_SHEEP, s->sheep, base, np);
    seat_hot(o + G_CORRUPT, s->corrupt, base, np);
    seat_hot(o + G_TRICK, s->trick, base, np);
    seat_hot(o + G_MANORFIRST, s->manor_first, base, np);
    o[G_ENNOBLED] = s->ennobled;
    o[G_ENDED] = s->ended;
    if (s->h.status == KT_RUNNING)
        onehot(o + G_STAGE, s->stage, 32);
}

/* The public context of the step in progress (auction bounds, forced sale,
 * movement, offer, sheep, lottery).  The offer's price is shown to the
 * others only once it is made (reply): while the mover picks it, it is the
 * mover's alone. */
static void obs_context(const kt_game *g, const fwm_state *s, int player, float *o)
{
    int np = g->nplayers, base = player >= 0 ? player : 0;
    const fwm_auc *u = &s->auc;
    onehot(o + G_AUCKIND, u->kind, 8);
    onehot(o + G_AUCGOOD, u->good, FWM_NG);
    o[G_AUCQTOT] = u->qtot;
    o[G_AUCLEFT] = u->left;
    o[G_AUCLO] = (float)u->lo;
    o[G_AUCHI] = (float)u->hi;
    o[G_AUCLINE] = u->line;
    o[G_AUCIDX] = u->idx;
    o[G_AUCPAYING] = u->paying;
    seat_hot(o + G_FSPLAYER, s->fs_player, base, np);
    o[G_FSWHY] = s->fs_why;
    o[G_FSNEED] = (float)s->fs_need;
    seat_hot(o + G_CUBEPLAYER, s->cube_player, base, np);
    o[G_CUBESEA] = s->cube_sea;
    int mover = (s->start + s->nturn) % np;
    seat_hot(o + G_MOVER, mover, base, np);
    onehot(o + G_MVMERCH, s->mv_merch, FWM_NM);
    o[G_MVLEN] = s->mv_len;
    for (int k = 0; k < FWM_NM; k++)
        o[G_MVMOVED + k] = (float)((s->mv_moved >> k) & 1);
    o[G_MVSTARTED] = s->mv_started;
    o[G_TWIDX] = s->tw_idx;
    o[G_MVXFERS] = s->mv_xfers;
    o[G_MVCANCELS] = s->mv_cancels;
    o[G_MVENDING] = s->mv_ending;
    onehot(o + G_XMERCH, s->x_merch, FWM_NM);
    o[G_XLEN] = s->x_len;
    o[G_XSTEP] = s->x_step;
    o[G_XACC] = s->x_acc;
    o[G_XNFEE] = s->x_nfee;
    o[G_XDROP] = s->x_drop;
    o[G_XROB] = s->x_rob;
    o[G_XROBBONUS] = s->x_robbonus;
    o[G_XROBLOSS] = s->x_robloss;
    if (s->stage == FS_COMPOSE || s->stage == FS_PRICE || s->stage == FS_REPLY) {
        seat_hot(o + G_OFFROM, s->of_from, base, np);
        seat_hot(o + G_OFTO, s->of_to, base, np);
        for (int k = 0; k <= FWM_NG; k++)
            o[G_OFGOODS + k] = s->of_goods[k];
        o[G_OFBUY] = s->of_buy;
        o[G_OFSTAGE] = s->of_stage;
        if (s->stage == FS_REPLY || player == s->of_from)
            o[G_OFPRICE] = (float)s->of_price;
    }
    seat_hot(o + G_SHAT, s->sh_at, base, np);
    o[G_SHSTAKE] = (float)s->sh_stake;
    seat_hot(o + G_LOTTURN, s->lot_turn, base, np);
    o[G_LOTIDLE] = s->lot_idle;
    o[G_LOTBET] = s->lot_bet;
    o[G_PIDX] = s->pidx;
    seats_hot(o + G_BUYERS, s->buyers, base, np);
    o[G_HALF] = s->half;
}

/* The area block's key (memo layout above). */
static area_key areas_key(const kt_game *g, const fwm_state *s, int base, uint32_t areas)
{
    area_key k = {.rob = s->robarea & areas, .base = (uint8_t)base,
                  .np = (uint8_t)g->nplayers, .one = 1};
    for (int q = 0; q < g->nplayers && q < FWM_MAXP; q++)
        k.cubes[q] = s->pl[q].cubes & areas;
    for (int i = 0; i < s->x_nfee && i < 3; i++)
        k.fee[i] = s->x_fee[i];
    k.nfee = s->x_nfee;
    if (s->x_rob) {
        k.xrob = 1;
        k.robarea = s->x_robarea;
    }
    return k;
}

/* The area block: marked whole and written over zeros; with a memo, left
 * as the row holds it when its key is the memo's, else zeroed here and
 * written (no mark). */
static void obs_areas(fl_out *m, const kt_game *g, const fwm_state *s, int player, float *o)
{
    const fwm_cfg *c = fwm_config(g);
    int np = g->nplayers, base = player >= 0 ? player : 0;
    int narea = c->narea < FWM_MAXAREA ? c->narea : FWM_MAXAREA;
    uint32_t areas = narea < 32 ? (1u << narea) - 1 : ~0u;
    if (m->memo) {
        area_key k = areas_key(g, s, base, areas);
        if (!memcmp(m->memo + MEMO_AREA, &k, sizeof k))
            return;
        memcpy(m->memo + MEMO_AREA, &k, sizeof k);
        memset(o + O_AREA, 0, sizeof *o * FWM_MAXAREA * AR_W);
    } else
        mark(m, o + O_AREA, FWM_MAXAREA * AR_W); /* written as a whole */
    /* the robbers' and the sea areas' ones only (the block is zeros), a
     * loop over their bits instead of the areas */
    for (uint32_t b = s->robarea & areas; b; b &= b - 1)
        o[O_AREA + __builtin_ctz(b) * AR_W + AR_ROBBERS] = 1;
    for (uint32_t b = c->sea_areas & areas; b; b &= b - 1)
        o[O_AREA + __builtin_ctz(b) * AR_W + AR_SEA] = 1;
    /* cubes: a loop over the cubes placed, not over areas x players */
    for (int q = 0; q < np; q++)
        for (uint32_t b = s->pl[q].cubes & areas; b; b &= b - 1)
            o[O_AREA + __builtin_ctz(b) * AR_W + AR_CUBES + rel(q, base, np)] = 1;
    for (int i = 0; i < s->x_nfee && i < 3; i++)
        if (s->x_fee[i] < FWM_MAXAREA)
            o[O_AREA + s->x_fee[i] * AR_W + AR_FEE] = (float)(i + 1);
    if (s->x_rob && s->x_robarea < FWM_MAXAREA)
        o[O_AREA + s->x_robarea * AR_W + AR_ROBHERE] = 1;
}

static void obs_map(fl_out *m, const kt_game *g, const fwm_state *s, int player, float *o)
{
    obs_areas(m, g, s, player, o);
    for (int i = 0; i < s->mv_len && i < 3; i++)
        if (s->mv_path[i] < FWM_MAXSP)
            put(m, o, O_SPACE + s->mv_path[i] * O_SPACEW, (float)(i + 1));
    for (int i = 0; i < s->x_len && i < 3; i++)
        if (s->x_path[i] < FWM_MAXSP)
            put(m, o, O_SPACE + s->x_path[i] * O_SPACEW + 1, (float)(i + 1));
    if (s->x_len && s->x_from < FWM_MAXSP)
        put(m, o, O_SPACE + s->x_from * O_SPACEW + 2, 1);
    if ((s->stage == FS_COMPOSE || s->stage == FS_PRICE || s->stage == FS_REPLY) &&
        s->of_at < FWM_MAXSP)
        put(m, o, O_SPACE + s->of_at * O_SPACEW + 3, 1);
}

/* All 18 cells of a card by its location (one-hot of 7) and its holder
 * (one-hot of 6; holder 6 = none), the last five zero: row loc * 7 +
 * holder, copied whole, so each card is one copy instead of stores behind
 * branches on the card. */
#define CR(l, h) {[l] = 1, [C_HOLDER + (h) % FWM_MAXP] = (h) < FWM_MAXP}
#define CR7(l) CR(l, 0), CR(l, 1), CR(l, 2), CR(l, 3), CR(l, 4), CR(l, 5), CR(l, 6)
static const float card_rows[7 * 7][C_W] = {CR7(0), CR7(1), CR7(2), CR7(3),
                                           CR7(4), CR7(5), CR7(6)};
#undef CR7
#undef CR
_Static_assert(C_LOC == 0 && C_HOLDER == 7 && C_DUE == C_HOLDER + FWM_MAXP &&
                   C_W == C_DUE + 5 && FWM_MAXP == 6,
               "a card's cells: location (7), holder (6), five more");

/* A cell of card `card`: a card of the game's is written whole by every
 * call without a memo; with one, and on another card (only a damaged state
 * names one), the cell is marked. */
static void card_cell(fl_out *m, float *o, int card, int ncard, int cell, float v)
{
    if (card < ncard && !m->memo)
        o[O_CARD + card * C_W + cell] = v;
    else if (card < FWM_MAXCARDS)
        put(m, o, O_CARD + card * C_W + cell, v);
}

#if !defined(__SSE2__) || !defined(NDEBUG)
/* Where a card is, as everybody knows it: a card whose place is not known
 * (box, deck or reserve unseen) is "unseen" (0) and nothing more. */
static int card_loc(const fwm_state *s, int i)
{
    _Static_assert(W_BOX == 0 && W_DECK == 1 && W_RESERVE == 2, "the places that can be unseen");
    int w = s->where[i], loc = w <= W_GONE ? 1 + w : 0;
    return w <= W_RESERVE && !s->known[i] ? 0 : loc; /* without branches on the cards */
}

/* Each card's row in card_rows (location * 7 + holder) for cards
 * [from, to), and how many of those below ncard lie in the reserve. */
static int card_codes_scalar(const fwm_state *s, int np, int base, int ncard, int from, int to,
                             uint8_t *code)
{
    int reserve = 0;
    for (int i = from; i < to; i++) {
        int h = FWM_MAXP, q = s->hold[i] - 1;
        if (s->where[i] == W_HELD && q >= 0 && q < np)
            h = rel(q, base, np);
        code[i] = (uint8_t)(card_loc(s, i) * 7 + h);
        reserve += s->where[i] == W_RESERVE && i < ncard;
    }
    return reserve;
}
#endif

#ifdef __SSE2__
/* Codes of cards [i, i + 16) into code[], and how many of them lie in the
 * reserve, are below ncard and at or after `from` (the last chunk
 * overlaps the one before, whose cards it must not count again).  ~2
 * instructions per card where the scalar loop took ~15 and three
 * branches (that loop was a quarter of an FWM vector step).  Bytes are
 * compared unsigned (min_epu8), so a damaged state's out-of-range place or
 * holder gives what card_loc and the scalar test give. */
static inline __m128i card_codes16(const fwm_state *s, int np, int base, int ncard, int i,
                                   int from, uint8_t *code)
{
    const __m128i one = _mm_set1_epi8(1), zero = _mm_setzero_si128();
    const __m128i gone = _mm_set1_epi8(W_GONE), resv = _mm_set1_epi8(W_RESERVE);
    const __m128i held = _mm_set1_epi8(W_HELD), six = _mm_set1_epi8(FWM_MAXP);
    const __m128i vnp = _mm_set1_epi8((char)np), last = _mm_set1_epi8((char)(np - 1));
    const __m128i vbase = _mm_set1_epi8((char)base);
    const __m128i lane = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m128i w = _mm_loadu_si128((const __m128i *)(s->where + i));
    __m128i kn = _mm_loadu_si128((const __m128i *)(s->known + i));
    __m128i q = _mm_sub_epi8(_mm_loadu_si128((const __m128i *)(s->hold + i)), one);
    /* location: 1 + w for w <= W_GONE, 0 beyond, 0 when unseen */
    __m128i loc = _mm_and_si128(_mm_add_epi8(w, one), _mm_cmpeq_epi8(_mm_min_epu8(w, gone), w));
    __m128i unseen = _mm_and_si128(_mm_cmpeq_epi8(_mm_min_epu8(w, resv), w),
                                   _mm_cmpeq_epi8(kn, zero));
    loc = _mm_andnot_si128(unseen, loc);
    /* holder: q relative to base when held by a seat, else FWM_MAXP */
    __m128i seat = _mm_and_si128(_mm_cmpeq_epi8(w, held),
                                 _mm_cmpeq_epi8(_mm_min_epu8(q, last), q));
    __m128i d = _mm_sub_epi8(q, vbase); /* q < base (both seats): add np */
    d = _mm_add_epi8(d, _mm_and_si128(vnp, _mm_cmplt_epi8(q, vbase)));
    __m128i h = _mm_or_si128(_mm_and_si128(seat, d), _mm_andnot_si128(seat, six));
    __m128i loc2 = _mm_add_epi8(loc, loc), loc4 = _mm_add_epi8(loc2, loc2);
    __m128i c7 = _mm_add_epi8(_mm_add_epi8(loc4, loc2), loc);
    _mm_storeu_si128((__m128i *)(code + i), _mm_add_epi8(c7, h));
    /* the reserve's cards of the game's in [from, ncard) (indices <= 120:
     * signed compares are safe) */
    __m128i idx = _mm_add_epi8(lane, _mm_set1_epi8((char)i));
    __m128i mine = _mm_and_si128(_mm_cmplt_epi8(idx, _mm_set1_epi8((char)ncard)),
                                 _mm_cmpgt_epi8(idx, _mm_set1_epi8((char)(from - 1))));
    __m128i inres = _mm_and_si128(_mm_cmpeq_epi8(w, resv), mine);
    return _mm_sad_epu8(_mm_and_si128(inres, one), zero);
}
#endif

/* The same for all FWM_MAXCARDS cards, sixteen at a time where SSE2 is
 * there: the last sixteen overlap the chunk before (120 is not a multiple
 * of 16), so no card goes through the scalar loop.  Without SSE2 the
 * scalar loop does all; debug builds check the two agree on every call,
 * so the tests (which run with asserts too) cover both. */
static int card_codes(const fwm_state *s, int np, int base, int ncard, uint8_t *code)
{
#ifdef __SSE2__
    _Static_assert(FWM_MAXCARDS >= 16 && FWM_MAXCARDS < 127, "chunks of 16 signed bytes");
    __m128i nres = _mm_setzero_si128();
    int i = 0;
    for (; i + 16 <= FWM_MAXCARDS; i += 16)
        nres = _mm_add_epi64(nres, card_codes16(s, np, base, ncard, i, i, code));
    if (i < FWM_MAXCARDS)
        nres = _mm_add_epi64(nres, card_codes16(s, np, base, ncard, FWM_MAXCARDS - 16, i, code));
    int reserve = _mm_cvtsi128_si32(nres) + _mm_cvtsi128_si32(_mm_unpackhi_epi64(nres, nres));
#ifndef NDEBUG
    uint8_t check[FWM_MAXCARDS];
    int r2 = card_codes_scalar(s, np, base, ncard, 0, FWM_MAXCARDS, check);
    assert(r2 == reserve && !memcmp(check, code, sizeof check) && "SSE2 and scalar card codes");
#endif
    return reserve;
#else
    return card_codes_scalar(s, np, base, ncard, 0, FWM_MAXCARDS, code);
#endif
}

/* The rows of cards [0, ncard) whose memo entry is not 1 + code, and the
 * memo updated (sixteen compared at once where SSE2 is there). */
static void copy_changed_cards(float *o, const uint8_t *code, int ncard, uint8_t *memo)
{
    int i = 0;
#ifdef __SSE2__
    const __m128i one = _mm_set1_epi8(1);
    for (; i + 16 <= ncard; i += 16) {
        __m128i want = _mm_add_epi8(_mm_loadu_si128((const __m128i *)(code + i)), one);
        __m128i have = _mm_loadu_si128((const __m128i *)(memo + i));
        unsigned diff = ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(want, have)) & 0xffffu;
        for (; diff; diff &= diff - 1) {
            int j = i + __builtin_ctz(diff);
            memcpy(o + j * C_W, card_rows[code[j]], sizeof card_rows[0]);
        }
        _mm_storeu_si128((__m128i *)(memo + i), want);
    }
#endif
    for (; i < ncard; i++)
        if (memo[i] != code[i] + 1) {
            memcpy(o + i * C_W, card_rows[code[i]], sizeof card_rows[0]);
            memo[i] = (uint8_t)(code[i] + 1);
        }
}

/* Every cell of the game's cards is written (zeros too), or with a memo
 * is already in the row, so the block needs no clearing and no mark but
 * for the cells of card_cell. */
static void obs_cards(fl_out *m, const kt_game *g, const fwm_state *s, int player, float *o)
{
    const fwm_cfg *c = fwm_config(g);
    int np = g->nplayers, base = player >= 0 ? player : 0;
    int ncard = c->ncard < FWM_MAXCARDS ? c->ncard : FWM_MAXCARDS;
    uint8_t code[FWM_MAXCARDS], *memo = m->memo;
    /* the header's count of the reserve, taken here with the cards */
    int reserve;
    if (memo && memo[MEMO_VALID] && memo[MEMO_BASE] == base && memo[MEMO_NP] == np &&
        !memcmp(memo + MEMO_RAW, s->where, MEMO_RAWN))
        reserve = memo[MEMO_RESERVE]; /* the row's cards are this call's */
    else {
        reserve = card_codes(s, np, base, ncard, code);
        if (memo) {
            copy_changed_cards(o + O_CARD, code, ncard, memo);
            memcpy(memo + MEMO_RAW, s->where, MEMO_RAWN);
            memo[MEMO_VALID] = 1;
            memo[MEMO_BASE] = (uint8_t)base;
            memo[MEMO_NP] = (uint8_t)np;
            memo[MEMO_RESERVE] = (uint8_t)reserve;
        } else
            for (int i = 0; i < ncard; i++)
                memcpy(o + O_CARD + i * C_W, card_rows[code[i]], sizeof card_rows[0]);
    }
    o[O_GEN + G_RESERVE] = (float)reserve;
    /* the fair's and the blockade's card */
    if (s->fair < c->ncard)
        card_cell(m, o, s->fair, ncard, C_FAIR, 1);
    if (s->blockade < c->ncard)
        card_cell(m, o, s->blockade, ncard, C_BLOCKADE, 1);
    for (int k = 0; k < s->nopen && k < FWM_MAXOPEN; k++)
        card_cell(m, o, s->open[k].card, ncard, C_DUE, (float)(s->open[k].due - s->round));
    if (s->stage != FS_HOME)
        card_cell(m, o, s->cur, ncard, C_CUR, 1);
    if (s->auc.kind != AK_NONE)
        card_cell(m, o, s->auc.card, ncard, C_AUCTION, 1);
}

/* A merchant's position one-hot: cell 0-95 its space, 96 in reserve, 97
 * lost, -1 none (a damaged state's other values). */
static int merch_cell(int pos)
{
    return pos < FWM_MAXSP ? pos : pos == FWM_OFF ? FWM_MAXSP : pos == FWM_LOST ? FWM_MAXSP + 1 : -1;
}

/* The merchants of the k-th seat from the observer: each position
 * one-hot marked cell by cell, or with a memo rewritten only when it
 * moved (memo layout above); cargo and stamp written by every call. */
static void obs_merchants(fl_out *mk, const fwm_player *pl, int k, float *o)
{
    for (int j = 0; j < FWM_NM; j++) {
        float *m = o + P_MERCH + j * M_W;
        int cell = merch_cell(pl->m[j].pos);
        if (mk->memo) {
            uint8_t *was = mk->memo + MEMO_MERCH + k * FWM_NM + j;
            if (*was != cell + 1) {
                if (*was && *was <= FWM_MAXSP + 2)
                    m[*was - 1] = 0;
                if (cell >= 0)
                    m[cell] = 1;
                *was = (uint8_t)(cell + 1);
            }
        } else if (cell >= 0)
            put(mk, m, cell, 1);
        for (int gd = 0; gd < FWM_NG; gd++)
            m[M_CARGO + gd] = pl->m[j].cargo[gd];
        m[M_STAMP] = pl->m[j].stamp;
    }
}

/* The seats with a bet on any lottery number. */
static uint32_t lot_bettors(const fwm_state *s)
{
    uint32_t any = 0;
    for (int k = 0; k < 6; k++)
        any |= s->lot_owner[k];
    return any;
}

/* Player q's block (the rq-th seat from the observer): public facts, and q's own bid in progress only when q
 * is the observer (others' picks and committed bids stay sealed; after the
 * reveal the bids are in s->auc, public). */
/* Player q's pl_key as seen by `player` (the fields obs_player shows). */
static void player_key(const kt_game *g, const fwm_state *s, int q, int player,
                       uint32_t bettors, pl_key *k)
{
    const fwm_auc *u = &s->auc;
    memset(k, 0, sizeof *k); /* padding too: keys are compared whole */
    k->pl = s->pl[q];
    if (u->kind != AK_NONE) {
        k->auc = 1;
        k->ent = (uint8_t)((u->ent >> q) & 1u);
        k->done = (uint8_t)((u->done >> q) & 1u);
        k->qmax = u->qmax[q];
        if (s->stage != FS_BID) {
            k->qty = u->qty[q];
            k->price = u->price[q];
            k->got = u->got[q];
            k->paid = u->paid[q];
        }
    }
    k->bidding = q == player && s->stage == FS_BID;
    if (bettors >> q & 1u)
        for (int n = 0; n < 6; n++)
            k->lot |= (uint8_t)(((s->lot_owner[n] >> q) & 1u) << n);
    k->offers = s->tw_offers[q];
    k->declined = s->tw_declined[q];
    k->base = (uint8_t)(player >= 0 ? player : 0);
    k->np = (uint8_t)g->nplayers;
    k->one = 1;
}

/* With a memo: is the block of the rq-th seat (player q) the one the row
 * holds?  If not, the memo takes the new key and the block is written. */
static int player_unchanged(const fl_out *m, const kt_game *g, const fwm_state *s, int q,
                            int rq, int player, uint32_t bettors)
{
    pl_key k;
    player_key(g, s, q, player, bettors, &k);
    uint8_t *was = m->memo + MEMO_PL + rq * (int)sizeof k;
    if (!memcmp(was, &k, sizeof k))
        return 1;
    memcpy(was, &k, sizeof k);
    return 0;
}

static void obs_player(fl_out *m, const kt_game *g, const fwm_state *s, int q, int rq,
                       int player, uint32_t bettors, float *o)
{
    if (m->memo && player_unchanged(m, g, s, q, rq, player, bettors))
        return;
    const fwm_cfg *c = fwm_config(g);
    const fwm_player *pl = &s->pl[q];
    const fwm_auc *u = &s->auc;
    /* the counts before the merchants and after them, zeroed here (sizes
     * known to the compiler: a few stores, where a mark cost a call of
     * memset and ~20 instructions more) */
    memset(o, 0, sizeof *o * P_MERCH);
    memset(o + P_ENT, 0, sizeof *o * (P_W - P_ENT));
    o[P_PRESENT] = 1;
    o[P_MONEY] = (float)pl->money;
    for (int gd = 0; gd < FWM_NG; gd++)
        o[P_WARE + gd] = pl->ware[gd];
    /* the last of the (up to 3) home cities that is pl->home, else 3 */
    int nh = c->nhomes, home = 3;
    home = nh > 0 && c->homes[0] == pl->home ? 0 : home;
    home = nh > 1 && c->homes[1] == pl->home ? 1 : home;
    home = nh > 2 && c->homes[2] == pl->home ? 2 : home;
    o[P_HOME + home] = 1;
    o[P_TRACK] = pl->track;
    o[P_NOBLE] = pl->noble;
    o[P_IOUS] = pl->ious;
    o[P_MANORS] = pl->manors;
    o[P_HIRED] = pl->hired;
    /* the counts were zeroed above: only the ones are written */
    for (uint32_t b = pl->robbed & ((1u << FWM_NM) - 1u); b; b &= b - 1)
        o[P_ROBBED + __builtin_ctz(b)] = 1;
    obs_merchants(m, pl, rq, o);
    if (u->kind != AK_NONE) {
        o[P_ENT] = (float)((u->ent >> q) & 1u);
        o[P_DONE] = (float)((u->done >> q) & 1u);
        o[P_QMAX] = u->qmax[q];
        if (s->stage != FS_BID) {
            o[P_RQTY] = u->qty[q];
            o[P_RPRICE] = (float)u->price[q];
            o[P_GOT] = u->got[q];
            o[P_PAID] = (float)u->paid[q];
        }
    }
    if (q == player && s->stage == FS_BID) {
        onehot(o + P_BSTAGE, pl->bstage, 5);
        o[P_BQTY] = pl->bqty;
        o[P_BPRICE] = (float)pl->bprice;
    }
    if (bettors >> q & 1u) /* no bets most of the game */
        for (int k = 0; k < 6; k++)
            o[P_LOT + k] = (float)((s->lot_owner[k] >> q) & 1u);
    int np = g->nplayers, base = player >= 0 ? player : 0;
    o[P_TWOFFERS] = s->tw_offers[q];
    seats_hot(o + P_TWDECLINED, s->tw_declined[q], base, np);
}

int fwm_obs_vector_marked(const kt_game *g, const kt_state *st, int player, float *out,
                          uint32_t *marks, int cap, uint8_t *memo)
{
    _Static_assert(FWM_MAXCARDS <= KT_OBS_MEMO, "a memo byte per card");
    const fwm_state *s = (const fwm_state *)st;
    int np = g->nplayers, base = player >= 0 ? player : 0;
    fl_out m = {.row = out, .marks = marks, .memo = memo, .cap = cap};
    if (memo)
        singles_clear(&m);
    /* out arrives zeroed (game.h: the core clears it, or the marked cells
     * of the last call; with a memo, the cards' rows are the memo's), so
     * only what is not zero is written: clearing 20 KB again cost a fifth
     * of a vector step */
    mark(&m, out + O_GEN, G_SIZE); /* written as a whole */
    obs_header(g, s, player, out + O_GEN);
    obs_context(g, s, player, out + O_GEN);
    obs_map(&m, g, s, player, out);
    obs_cards(&m, g, s, player, out);
    uint32_t bettors = lot_bettors(s);
    for (int k = 0, q = base; k < np; k++, q = q + 1 < np ? q + 1 : 0)
        obs_player(&m, g, s, q, k, player, bettors, out + O_PL + k * P_W);
    if (memo)
        memo16_set(memo + MEMO_NSINGLE, m.nsingle);
    return m.n <= cap ? m.n : -1;
}

void fwm_obs_vector(const kt_game *g, const kt_state *st, int player, float *out)
{
    fwm_obs_vector_marked(g, st, player, out, NULL, 0, NULL);
}
