/*
 * learn.c - Marco Polo II for learning: a fixed action space and a numeric
 * observation per player (docs/python.md, "Marco Polo II", documents both).
 *
 * Action space (16146 indices).  Die kinds: 0..5 own dice showing 1..6,
 * 6..11 black dice showing 1..6, 12..15 Donata's pieces of colours 1..4.
 *   0 end turn, 1 done, 2 buy a black die, 3 Vidal's exchange,
 *   4..7 complete contract slot 0/1 (+2: Vidal's way),
 *   8..11 improve guild 0..3, 12..21 use kept outpost tile 0..9 (Filippo),
 *   22..23 start caravan 0/1, 24..25 finish caravan 0/1,
 *   26..61 bag bonus: 26 + die kind * 3 + choice (kinds 0..11),
 *   62..73 reroll a die (kind), 74..97 shift a die: 74 + kind * 2 + up,
 *   98..6241 picks and moves of decision slot d (0..31, the position of
 *       the decision in ML_DECISIONS; room for 8 more):
 *       98 + d * 192 + x for "pick x" (x < 64: the meaning depends on the
 *       decision and is listed in docs/python.md), + 64 + figure * 64 +
 *       location for "move" (a caravan moves as figure 0),
 *   6242..16145 placements: on a board space sp < 10 (books, Khan, seals,
 *       contracts, travel) 6242 + sp * 968 + rank of the multiset of die
 *       kinds (1 die: kind; 2 dice: 16 + rank among the 136 pairs; 3 dice:
 *       152 + rank among the 816 triples; lexicographic order); on the
 *       special-city and city-card spaces 10..23 (one die each)
 *       15922 + (sp - 10) * 16 + kind.
 * The layout does not depend on the data files (a space's dice count only
 * decides which of its indices can occur).
 *
 * Observation (floats; seats relative to the observer, 0 = the observer; a
 * spectator sees it as seat 0 without the private parts): see the enum
 * below and docs/python.md for every field.
 *
 * Memo (the first ML_MEMO = 128 of obs_vector_marked's KT_OBS_MEMO bytes,
 * game.h; FWM uses more): one byte per one-hot group the row holds without
 * marks, 1 + the set cell's place in its group, 0 when none is set (an
 * all-zero memo is a zeroed row).  Bytes
 * [0, ML_MBOARD): the Khan's four die owners, the 8 city-card slots, the
 * 10 contract-board spaces, the 6 city-bonus markers, a byte never set
 * (the state's unused marker lies there), the 10 outpost tiles, the 5
 * draft places, the 6 book offers (this round's and the next's per
 * book); then the route tiles, four to a byte, two bits each
 * (1 + the tile's state, 0: none); then per relative seat k, in the order
 * of the player struct's bytes from fig (bytes of other fields there are
 * never set): 2 figures, the character, (seals), 2 contracts, (fresh,
 * ndone, nposts) and, for seat 0 only (the observer's goals are the only
 * ones shown), 3 goal options and the goal; then 2 caravan places,
 * 2 caravan tiles and 4 caravan goods.  That fills all 128 bytes.  Those
 * groups change a few times a game, so a call compares 16 bytes at a time
 * and touches only the groups that changed, where marking them cost two
 * stores, a mark and its clearing per group and call.
 */
#include <stddef.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "learn.h"
#include "mp2.h"

/* Decision slots, named by the engine's constants so that a decision added
 * to the engine anywhere cannot move the others (append new ones). */
#define ML_DECISIONS(X) \
    X(TURN) X(DRAFT) X(GOAL) X(MAILIN) X(COPY) X(COMP) X(ISABELLA) X(ALT) X(GOOD) X(MARKET) \
    X(SEAL) X(CONTRACT) X(DISCARD) X(MOVE) X(MOVEPOST) X(XPOST) X(CARD) X(CARDBONUS) X(CVMOVE) \
    X(CVLOAD) X(CVTILE) X(CVCITY) X(CVSELL) X(CVRETURN)
enum {
#define X(n) ML_D_##n,
    ML_DECISIONS(X)
#undef X
    ML_NDECISIONS
};
/* decision slot + 1 of each engine decision (0: none) */
static const uint8_t dec_slot1[MP2_NDEC] = {
#define X(n) [DEC_##n] = ML_D_##n + 1,
    ML_DECISIONS(X)
#undef X
};
_Static_assert((int)ML_NDECISIONS == (int)MP2_NDEC - 1,
               "ML_DECISIONS must name every decision but 'over' (append new ones)");

enum {
    ML_END = 0, ML_DONE, ML_BUYBLACK, ML_VIDAL, ML_COMPLETE = 4, ML_IMPROVE = 8, ML_FILIPPO = 12,
    ML_CVSTART = 22, ML_CVDONE = 24, ML_BAG = 26, ML_REROLL = 62, ML_SHIFT = 74, ML_DEC = 98,
    ML_DECW = 192, ML_DECSLOTS = 32, ML_PLACE = ML_DEC + ML_DECSLOTS * ML_DECW, ML_KINDS = 16,
    ML_MULTI = ML_KINDS + ML_KINDS * (ML_KINDS + 1) / 2 +
               ML_KINDS * (ML_KINDS + 1) * (ML_KINDS + 2) / 6, /* 968 */
    ML_PLACE1 = ML_PLACE + MP2_NBASESP * ML_MULTI,
    ML_SPACE = ML_PLACE1 + (SP_BAG - MP2_NBASESP) * ML_KINDS
};
_Static_assert(ML_SHIFT + 24 == ML_DEC, "fixed block overlaps");
_Static_assert(ML_SPACE == 16146, "the documented size");
_Static_assert((int)ML_NDECISIONS <= (int)ML_DECSLOTS, "decision slots full: a new block is needed");
_Static_assert((int)SP_BAG - (int)MP2_NBASESP == 14 && MP2_MAXP == 4, "the documented spaces");

int mp2_action_space(const kt_game *g)
{
    KT_UNUSED(g);
    return ML_SPACE;
}

/* Die code (type << 3 | value) to die kind 0..15; -1 for none.  The type
 * and value are its low five bits (MP2_DTYPE, MP2_DVAL), so a table of 32
 * answers for every code: the mask asks once per legal placement. */
#define ML_DIN(d, t, hi) (MP2_DTYPE(d) == (t) && MP2_DVAL(d) >= 1 && MP2_DVAL(d) <= (hi))
#define ML_DK(d) \
    (ML_DIN(d, DT_OWN, 6) ? MP2_DVAL(d) - 1 \
     : ML_DIN(d, DT_BLACK, 6) ? 6 + MP2_DVAL(d) - 1 \
     : ML_DIN(d, DT_PIECE, MP2_MAXP) ? 12 + MP2_DVAL(d) - 1 : -1)
#define X4(d) ML_DK(d), ML_DK(d + 1), ML_DK(d + 2), ML_DK(d + 3)
static const int8_t die_kinds[32] = {X4(0), X4(4), X4(8), X4(12), X4(16), X4(20), X4(24), X4(28)};
#undef X4

static inline int die_kind(int d) { return die_kinds[d & 31]; }

/* Multisets before the first one whose smallest kind is a: pairs x <= y
 * and triples x <= y <= z with x < a.  With T(m) = m(m+1)/2 and the
 * tetrahedral Te(m) = m(m+1)(m+2)/6 these are T(N) - T(N-a) and
 * Te(N) - Te(N-a) (sums of N-x and T(N-x) over x < a).  Tables, because the
 * mask needs an index per legal placement and the loops they replace ran
 * once per kind. */
#define ML_T(m) ((m) * ((m) + 1) / 2)
#define ML_TE(m) ((m) * ((m) + 1) * ((m) + 2) / 6)
#define ML_BEFORE(a) [a] = {ML_T(ML_KINDS) - ML_T(ML_KINDS - (a)), \
                            ML_TE(ML_KINDS) - ML_TE(ML_KINDS - (a))},
static const uint16_t before[ML_KINDS + 1][2] = {
    ML_BEFORE(0) ML_BEFORE(1) ML_BEFORE(2) ML_BEFORE(3) ML_BEFORE(4) ML_BEFORE(5) ML_BEFORE(6)
    ML_BEFORE(7) ML_BEFORE(8) ML_BEFORE(9) ML_BEFORE(10) ML_BEFORE(11) ML_BEFORE(12)
    ML_BEFORE(13) ML_BEFORE(14) ML_BEFORE(15) ML_BEFORE(16)
};

/* Rank of a sorted multiset of 1..3 die kinds among all multisets of up to
 * three of the 16 kinds (sizes in increasing order, then lexicographic). */
static int multiset_rank(const int *k, int n)
{
    enum { N = ML_KINDS };
    if (n == 1)
        return k[0];
    if (n == 2)
        return N + before[k[0]][0] + k[1] - k[0];
    /* triples starting below k[0], then pairs k[0] <= b <= c with b < k[1] */
    int r = before[k[0]][1] + before[k[1]][0] - before[k[0]][0];
    return N + N * (N + 1) / 2 + r + k[2] - k[1];
}

static inline void sort2(int *a, int *b)
{
    int lo = *a < *b ? *a : *b, hi = *a < *b ? *b : *a;
    *a = lo;
    *b = hi;
}

/* A placement's index.  The dice are the leading non-zero 5-bit fields
 * of codes (1 to 3; none may follow a zero); decoded field by field
 * without a loop, as the mask asks once per legal placement. */
static int place_index(uint32_t arg)
{
    int sp = (int)(arg & 0xff);
    uint32_t codes = arg >> 8;
    int d0 = (int)(codes & 31), d1 = (int)(codes >> 5 & 31), d2 = (int)(codes >> 10 & 31);
    int n = !d0 ? 0 : !d1 ? 1 : !d2 ? 2 : 3;
    if (n == 0 || (codes >> (5 * n)) != 0)
        return -1;
    int k[3] = {die_kind(d0), die_kind(d1), die_kind(d2)}; /* die_kind(0) is -1 */
    if (k[0] < 0)
        return -1;
    if (n == 1) {
        if (sp < MP2_NBASESP)
            return ML_PLACE + sp * ML_MULTI + k[0];
        return sp < SP_BAG ? ML_PLACE1 + (sp - MP2_NBASESP) * ML_KINDS + k[0] : -1;
    }
    if (k[1] < 0 || (n == 3 && k[2] < 0) || sp >= MP2_NBASESP)
        return -1;
    /* canonical order (the engine already lists kinds in order): a sorting
     * network of min/max, without the branches an insertion sort mispredicts */
    sort2(&k[0], &k[1]);
    if (n == 3) {
        sort2(&k[1], &k[2]);
        sort2(&k[0], &k[1]);
    }
    return ML_PLACE + sp * ML_MULTI + multiset_rank(k, n);
}

int mp2_action_index(const kt_game *g, const kt_state *st, kt_action a)
{
    KT_UNUSED(g);
    const mp2_state *s = (const mp2_state *)st;
    uint32_t x = MP2_AARG(a);
    int kd;
    if (MP2_AKIND(a) == A_PLACE) /* most legal actions: before the switch's jump */
        return place_index(x);
    switch (MP2_AKIND(a)) {
    case A_END: return x ? -1 : ML_END;
    case A_DONE: return x ? -1 : ML_DONE;
    case A_BUYBLACK: return x ? -1 : ML_BUYBLACK;
    case A_VIDAL: return x ? -1 : ML_VIDAL;
    case A_COMPLETE: return x < 4 ? ML_COMPLETE + (int)x : -1;
    case A_IMPROVE: return x < MP2_NGUILD ? ML_IMPROVE + (int)x : -1;
    case A_FILIPPO: return x < MP2_NOUTPOSTS ? ML_FILIPPO + (int)x : -1;
    case A_CVSTART: return x < 2 ? ML_CVSTART + (int)x : -1;
    case A_CVDONE: return x < 2 ? ML_CVDONE + (int)x : -1;
    case A_BAG:
        kd = die_kind((int)(x & 31));
        return kd >= 0 && kd < 12 && (x >> 5) < 3 ? ML_BAG + kd * 3 + (int)(x >> 5) : -1;
    case A_REROLL:
        kd = die_kind((int)(x & 31));
        return kd >= 0 && kd < 12 && !(x >> 5) ? ML_REROLL + kd : -1;
    case A_SHIFT:
        kd = die_kind((int)(x & 31));
        return kd >= 0 && kd < 12 && !(x >> 6) ? ML_SHIFT + kd * 2 + (int)(x >> 5 & 1) : -1;
    case A_PICK:
    case A_MOVE: {
        int d = s->h.decision < MP2_NDEC ? dec_slot1[s->h.decision] - 1 : -1;
        uint32_t f = x >> 8, loc = x & 0xff;
        if (d < 0)
            return -1;
        if (MP2_AKIND(a) == A_PICK)
            return x < 64 ? ML_DEC + d * ML_DECW + (int)x : -1;
        if (f > 1 || loc >= MP2_MAXLOC)
            return -1;
        return ML_DEC + d * ML_DECW + 64 + (int)(f * 64 + loc);
    }
    }
    return -1;
}

/* Searched in the legal list: several codes decode to one index only when
 * they are the same placement, which the engine lists once. */
kt_action mp2_index_action(const kt_game *g, const kt_state *s, int index)
{
    kt_action buf[KT_LEGAL_MAX];
    int n = mp2_legal(g, s, buf);
    for (int i = 0; i < n; i++)
        if (mp2_action_index(g, s, buf[i]) == index)
            return buf[i];
    return 0;
}

/* ------------------------------------------------------------ observation */

enum { /* general block */
       G_RUNNING = 0, G_PLAYERS, G_SEAT, G_TOMOVE_ME = 6, G_TURN, G_TURNPL, G_TOMOVE = 12,
       G_PHASE = 16, G_ROUND = 20, G_FIRST, G_NEXTFIRST = 25, G_FPRANK = 29, G_MAINDONE,
       G_BLACKPOOL, G_BLACKPLACED, G_CARDSLEFT, G_PILE, G_CARAVANS, G_UNUSEDMARKER,
       G_DECISION = 64, G_PENDING = G_DECISION + 32, G_GENSIZE = G_PENDING + 8
};
enum { /* per-player block */
       P_PRESENT = 0, P_CHAR, P_RES = P_CHAR + MP2_NCHAR, P_OWN = P_RES + MP2_NRES,
       P_BLACK = P_OWN + 6, P_PLACED = P_BLACK + 6, P_FIG = P_PLACED + 1,
       P_POSTS = P_FIG + 2 * MP2_MAXLOC, P_SEALS = P_POSTS + MP2_MAXLOC, P_IMPROVED = P_SEALS + 4,
       P_CON = P_IMPROVED + 4, P_FRESH = P_CON + 2 * MP2_NCONTRACTS, P_DONE = P_FRESH + 2,
       P_PLUS = P_DONE + MP2_NCONTRACTS, P_PIECES, P_KEPT = P_PIECES + MP2_MAXP,
       P_TFLAGS = P_KEPT + MP2_NOUTPOSTS, P_CV = P_TFLAGS + 2,
       P_CVW = MP2_MAXLOC + 1 + MP2_MAXTILES + 6, /* at, at home, tile, goods */
       P_GOALSET = P_CV + 2 * P_CVW, P_GOALOPT, P_GOAL = P_GOALOPT + 3 * MP2_NGOALS,
       P_SIZE = P_GOAL + 3
};
enum { /* layout */
       O_GEN = 0, O_SPACE = G_GENSIZE, O_SPACEW = 8, O_KHAN = O_SPACE + MP2_NSPACES * O_SPACEW,
       O_CARDS = O_KHAN + 4 * 6, O_CBOARD = O_CARDS + 8 * MP2_NCARDS,
       O_MARKERS = O_CBOARD + 2 * MP2_NCCITY * MP2_NCONTRACTS,
       O_OUTPOSTS = O_MARKERS + MP2_NBONUSCITY * MP2_NMARKERS,
       O_RTILES = O_OUTPOSTS + MP2_NOUTPOSTS * MP2_NOUTPOSTS,
       O_DRAFT = O_RTILES + MP2_MAXTILES * 3, O_OFFERS = O_DRAFT + (MP2_MAXP + 1) * MP2_NCHAR,
       O_PILEKNOWN = O_OFFERS + 3 * 2 * MP2_NOFFERS, O_PL = O_PILEKNOWN + MP2_NCONTRACTS,
       O_SIZE = O_PL + MP2_MAXP * P_SIZE
};
_Static_assert(G_UNUSEDMARKER < G_DECISION && MP2_NDEC <= 32, "general block overflows");

int mp2_obs_size(const kt_game *g)
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
static inline void onehot(float *o, int i, int n)
{
    if (i >= 0 && i < n)
        o[i] = 1;
}

/* The memo's bytes (the opening comment): the board's groups, the route
 * tiles, then the seats. */
enum {
    ML_MKHAN = 0, ML_MCARD = ML_MKHAN + 4, ML_MCBOARD = ML_MCARD + 8,
    /* a byte for the unused marker between (never set): the state's order */
    ML_MMARKER = ML_MCBOARD + 2 * MP2_NCCITY, ML_MOUTPOST = ML_MMARKER + MP2_NBONUSCITY + 1,
    ML_MDRAFT = ML_MOUTPOST + MP2_NOUTPOSTS, ML_MOFFER = ML_MDRAFT + MP2_MAXP + 1,
    ML_MBOARD = ML_MOFFER + 6,
    ML_MRTILE = ML_MBOARD, /* 2 bits per route tile */
    ML_MSEATS = ML_MRTILE + MP2_MAXTILES / 4,
    /* a seat: the bytes of mp2_player from fig (ML_MA0 for seat 0, with
     * the goals; ML_MA for the others), then the caravans' ML_MB */
    ML_MFIG = 0, ML_MCHAR = 2, ML_MCON = 4, ML_MGOALOPT = 9, ML_MGOAL = 12, ML_MA0 = 13,
    ML_MA = 9, ML_MCVLOC = 0, ML_MCVTILE = 2, ML_MCVGOODS = 4, ML_MB = 8,
    ML_MUSED = ML_MSEATS + ML_MA0 + ML_MB + (MP2_MAXP - 1) * (ML_MA + ML_MB)
};
/* the memo bytes used: ML_MUSED rounded up to whole 16-byte compares */
enum { ML_MEMO = (ML_MUSED + 15) / 16 * 16 };
_Static_assert(ML_MEMO <= KT_OBS_MEMO && ML_MEMO == 128, "the memo's groups fit");
_Static_assert(offsetof(mp2_player, character) == offsetof(mp2_player, fig) + ML_MCHAR &&
               offsetof(mp2_player, con) == offsetof(mp2_player, fig) + ML_MCON &&
               offsetof(mp2_player, goal_opt) == offsetof(mp2_player, fig) + ML_MGOALOPT &&
               offsetof(mp2_player, goal) == offsetof(mp2_player, fig) + ML_MGOAL &&
               offsetof(mp2_player, cv_tile) == offsetof(mp2_player, cv_loc) + ML_MCVTILE &&
               offsetof(mp2_player, cv_goods) == offsetof(mp2_player, cv_loc) + ML_MCVGOODS,
               "a seat's memo bytes follow the player struct");

/* First memo byte of relative seat k. */
static inline int seat_memo(int k)
{
    return k ? ML_MSEATS + ML_MA0 + ML_MB + (k - 1) * (ML_MA + ML_MB) : ML_MSEATS;
}
_Static_assert(MP2_MAXTILES % 4 == 0, "four route tiles per memo byte");

/* First cell of each memo byte's group in the row. */
#define S2(b, w) (b), (b) + (w)
#define S4(b, w) S2(b, w), S2((b) + 2 * (w), w)
#define S8(b, w) S4(b, w), S4((b) + 4 * (w), w)
#define ML_CVG(b) (b) + MP2_MAXLOC + 1 + MP2_MAXTILES, (b) + MP2_MAXLOC + 1 + MP2_MAXTILES + 3
/* a seat's bytes from fig (0: a byte never set), its goals, its caravans */
#define ML_PLA(b) S2((b) + P_FIG, MP2_MAXLOC), (b) + P_CHAR, 0, S2((b) + P_CON, MP2_NCONTRACTS), \
    0, 0, 0
#define ML_PLGOALS(b) S2((b) + P_GOALOPT, MP2_NGOALS), (b) + P_GOALOPT + 2 * MP2_NGOALS, \
    (b) + P_GOAL
#define ML_PLB(b) S2((b) + P_CV, P_CVW), S2((b) + P_CV + MP2_MAXLOC + 1, P_CVW), ML_CVG((b) + P_CV), \
    ML_CVG((b) + P_CV + P_CVW)
#define ML_PL(k) ML_PLA(O_PL + (k) * P_SIZE), ML_PLB(O_PL + (k) * P_SIZE)
static const uint16_t group_at[ML_MEMO] = {
    S4(O_KHAN + 1, 6), S8(O_CARDS, MP2_NCARDS),
    S8(O_CBOARD, MP2_NCONTRACTS), S2(O_CBOARD + 8 * MP2_NCONTRACTS, MP2_NCONTRACTS),
    S4(O_MARKERS, MP2_NMARKERS), S2(O_MARKERS + 4 * MP2_NMARKERS, MP2_NMARKERS), 0,
    S8(O_OUTPOSTS, MP2_NOUTPOSTS), S2(O_OUTPOSTS + 8 * MP2_NOUTPOSTS, MP2_NOUTPOSTS),
    S4(O_DRAFT, MP2_NCHAR), O_DRAFT + 4 * MP2_NCHAR,
    S4(O_OFFERS, MP2_NOFFERS), S2(O_OFFERS + 4 * MP2_NOFFERS, MP2_NOFFERS),
    [ML_MSEATS] = ML_PLA(O_PL), ML_PLGOALS(O_PL), ML_PLB(O_PL), ML_PL(1), ML_PL(2), ML_PL(3)
};
#undef ML_PL
#undef ML_PLB
#undef ML_PLGOALS
#undef ML_PLA
#undef ML_CVG
#undef S8
#undef S4
#undef S2
_Static_assert(MP2_NCCITY == 5 && MP2_NBONUSCITY == 6 && MP2_NOUTPOSTS == 10 && MP2_MAXP == 4,
               "group_at lists the groups by these counts");

/* The row being written and the marks of where (obs_vector_marked in
 * game.h): a cell set only in some positions is marked, a block of them
 * is one mark; a cell every call writes needs none (each call overwrites
 * it).  The one-hot groups of the memo are gathered in want (1 + the cell
 * to set in the group, 0: none) and written at the end (put_groups).  With
 * cap 0 (mp2_obs_vector) the marks are only counted. */
typedef struct ml_out {
    float *row;
    uint32_t *marks;
    int n, cap;
    uint8_t want[ML_MEMO + 16]; /* 16 more: a seat's wide stores may run past */
} ml_out;

static inline void mark(ml_out *m, const float *p, int n)
{
    if (m->n < m->cap)
        m->marks[m->n] = KT_OBS_MARK(p - m->row, n);
    m->n++;
}

/* A group's memo byte: cell v of n is set (v < n), or none. */
static inline uint8_t want1(unsigned v, unsigned n) { return v < n ? (uint8_t)(v + 1) : 0; }

/* The route tiles of memo byte `at` (4 to a byte, 2 bits each) from
 * what the row holds (old) to what it must (now). */
static void put_rtiles(float *row, int at, unsigned old, unsigned now)
{
    float *o = row + O_RTILES + at * 4 * 3;
    for (unsigned diff = old ^ now; diff; diff &= ~(3u << (__builtin_ctz(diff) & ~1))) {
        int t = __builtin_ctz(diff) >> 1;
        unsigned was = old >> 2 * t & 3, is = now >> 2 * t & 3;
        if (was)
            o[t * 3 + (int)was - 1] = 0;
        if (is)
            o[t * 3 + (int)is - 1] = 1;
    }
}

/* The groups' cells into the row.  With a memo only the groups whose byte
 * changed (sixteen compared at once where SSE2 is there): the old cell
 * cleared, the new one set, nothing marked.  Without one the row is zeros
 * there: each set cell is written and marked. */
static void put_groups(ml_out *m, uint8_t *memo)
{
    float *row = m->row;
    const uint8_t *want = m->want;
    if (!memo) {
        for (int e = 0; e < ML_MUSED; e++)
            if (want[e] && (e < ML_MRTILE || e >= ML_MSEATS)) {
                row[group_at[e] + want[e] - 1] = 1;
                mark(m, row + group_at[e] + want[e] - 1, 1);
            }
        for (int e = ML_MRTILE; e < ML_MSEATS; e++)
            for (int t = 0; t < 4; t++)
                if (want[e] >> 2 * t & 3) {
                    float *o = row + O_RTILES + ((e - ML_MRTILE) * 4 + t) * 3;
                    o[(want[e] >> 2 * t & 3) - 1] = 1;
                    mark(m, o + (want[e] >> 2 * t & 3) - 1, 1);
                }
        return;
    }
    for (int i = 0; i < ML_MEMO; i += 16) {
#ifdef __SSE2__
        __m128i w = _mm_loadu_si128((const __m128i *)(want + i));
        __m128i have = _mm_loadu_si128((const __m128i *)(memo + i));
        unsigned diff = ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(w, have)) & 0xffffu;
        if (!diff)
            continue;
#else
        unsigned diff = 0;
        for (int j = 0; j < 16; j++)
            diff |= (unsigned)(want[i + j] != memo[i + j]) << j;
#endif
        for (; diff; diff &= diff - 1) {
            int e = i + __builtin_ctz(diff);
            if (e >= ML_MRTILE && e < ML_MSEATS) {
                put_rtiles(row, e - ML_MRTILE, memo[e], want[e]);
            } else {
                if (memo[e])
                    row[group_at[e] + memo[e] - 1] = 0;
                if (want[e])
                    row[group_at[e] + want[e] - 1] = 1;
            }
            memo[e] = want[e];
        }
    }
}

static void obs_general(ml_out *m, const mp2_cfg *c, const mp2_state *s, int player, float *o)
{
    int np = c->np, base = player >= 0 ? player : 0;
    mark(m, o, G_GENSIZE); /* written as a whole */
    o[G_RUNNING] = s->h.status == KT_RUNNING;
    o[G_PLAYERS] = (float)np;
    if (player >= 0)
        o[G_SEAT + player] = 1;
    o[G_TOMOVE_ME] = player >= 0 && s->h.to_move == player;
    o[G_TURN] = (float)s->h.turn;
    if (s->h.turn_player >= 0)
        o[G_TURNPL + rel(s->h.turn_player, base, np)] = 1;
    if (s->h.to_move >= 0)
        o[G_TOMOVE + rel(s->h.to_move, base, np)] = 1;
    onehot(o + G_PHASE, s->phase, 4);
    o[G_ROUND] = s->round;
    if (s->first < np)
        o[G_FIRST + rel(s->first, base, np)] = 1;
    if (s->next_first < np)
        o[G_NEXTFIRST + rel(s->next_first, base, np)] = 1;
    o[G_FPRANK] = s->fp_rank;
    o[G_MAINDONE] = s->main_done;
    o[G_BLACKPOOL] = s->black_pool;
    o[G_BLACKPLACED] = s->black_placed;
    o[G_CARDSLEFT] = (float)(MP2_NCARDS - s->cc_next);
    o[G_PILE] = s->pile_len;
    o[G_CARAVANS] = c->caravans;
    o[G_UNUSEDMARKER] = s->unused_marker;
    if (s->h.status == KT_RUNNING)
        onehot(o + G_DECISION, s->h.decision, 32);
    /* the details of a pending decision, to the player who takes it */
    if (s->nstack && player >= 0 && s->stack[s->nstack - 1].p == player) {
        const mp2_eff *e = &s->stack[s->nstack - 1];
        o[G_PENDING] = e->a;
        o[G_PENDING + 1] = e->b;
    }
}

/* The spaces that are not empty (used 0, occ 0, last -1, low 0: most
 * spaces, most of a round) as bits, four compared at once where SSE2 is
 * there. */
static uint32_t spaces_not_empty(const mp2_state *s)
{
    static const mp2_space empty = {.used = 0, .occ = 0, .last = -1, .low = 0};
    _Static_assert(sizeof empty == 4, "a space is one 32-bit word");
    uint32_t empty_word, same = 0;
    memcpy(&empty_word, &empty, sizeof empty_word);
    int i = 0;
#ifdef __SSE2__
    __m128i e = _mm_set1_epi32((int)empty_word);
    for (; i + 4 <= MP2_NSPACES; i += 4) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)&s->sp[i]);
        same |= (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(x, e))) << i;
    }
#endif
    for (; i < MP2_NSPACES; i++) {
        uint32_t word;
        memcpy(&word, &s->sp[i], sizeof word);
        same |= (uint32_t)(word == empty_word) << i;
    }
    return ~same & ((UINT32_C(1) << MP2_NSPACES) - 1);
}
_Static_assert(MP2_NSPACES < 32, "a bit per space");

/* The spaces' cells; a run of neighbouring spaces written is one mark. */
static void obs_spaces(ml_out *m, const mp2_cfg *c, const mp2_state *s, int player, float *o)
{
    int np = c->np, base = player >= 0 ? player : 0, run = -1, end = -1;
    /* o is zero: only what is not zero is written (base >= 0, so an empty
     * space's last -1 is not base: nothing to write) */
    for (uint32_t b = spaces_not_empty(s); b; b &= b - 1) {
        int i = __builtin_ctz(b);
        const mp2_space *x = &s->sp[i];
        float *v = o + O_SPACE + i * O_SPACEW;
        if (!x->used && !(x->occ & ((1u << np) - 1)) && x->last != base && x->last != -2 &&
            !x->low)
            continue; /* nothing to write */
        if (i != end) {
            if (run >= 0)
                mark(m, o + O_SPACE + run * O_SPACEW, (end - run) * O_SPACEW);
            run = i;
        }
        end = i + 1;
        if (x->used)
            v[0] = x->used;
        for (unsigned occ = x->occ & ((1u << np) - 1); occ; occ &= occ - 1)
            v[1 + rel(__builtin_ctz(occ), base, np)] = 1;
        if (x->last == base)
            v[5] = x->last < np;
        if (x->last == -2)
            v[6] = 1;
        if (x->low)
            v[7] = x->low;
    }
    if (run >= 0)
        mark(m, o + O_SPACE + run * O_SPACEW, (end - run) * O_SPACEW);
}

#ifdef __SSE2__
/* Four tiles' bytes of each 32-bit lane of w (each 0..3) packed into one
 * byte per lane, in the low four bytes of the result. */
static inline uint32_t pack2(__m128i w)
{
    __m128i p = _mm_or_si128(_mm_or_si128(w, _mm_srli_epi32(w, 6)),
                             _mm_or_si128(_mm_srli_epi32(w, 12), _mm_srli_epi32(w, 18)));
    p = _mm_and_si128(p, _mm_set1_epi32(0xff));
    return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(_mm_packs_epi32(p, p), p));
}
#endif

/* The route tiles' memo bytes (1 + state, 0: none; two bits a tile, four
 * tiles a byte), sixteen tiles at once where SSE2 is there: one by one
 * they were a twentieth of the encoder. */
static void rtile_wants(const mp2_cfg *c, const mp2_state *s, uint8_t *w)
{
    int n = c->nrtile < MP2_MAXTILES ? c->nrtile : MP2_MAXTILES;
#ifdef __SSE2__
    _Static_assert(MP2_MAXTILES == 24, "one 16-byte and one 8-byte load");
    const __m128i lane = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m128i two = _mm_set1_epi8(2), one = _mm_set1_epi8(1);
    __m128i v[2] = {_mm_loadu_si128((const __m128i *)(const void *)s->rtile),
                    _mm_loadl_epi64((const __m128i *)(const void *)(s->rtile + 16))};
    for (int h = 0; h < 2; h++) {
        /* a tile below n whose state is 0..2 */
        __m128i ok = _mm_and_si128(_mm_cmpeq_epi8(_mm_min_epu8(v[h], two), v[h]),
                                   _mm_cmplt_epi8(lane, _mm_set1_epi8((char)(n - 16 * h))));
        uint32_t packed = pack2(_mm_and_si128(_mm_add_epi8(v[h], one), ok));
        memcpy(w + 4 * h, &packed, h ? 2 : 4);
    }
#else
    for (int t = 0; t < n; t++)
        w[t / 4] |= (uint8_t)(want1(s->rtile[t], 3) << 2 * (t % 4));
#endif
}

#ifdef __SSE2__
/* The memo bytes of 16 state bytes v: 1 + v where v is below the lane's
 * limit, else 0 (a limit of 0: never). */
static inline __m128i wants16(__m128i v, __m128i lim)
{
    __m128i out = _mm_cmpeq_epi8(_mm_subs_epu8(lim, v), _mm_setzero_si128());
    return _mm_andnot_si128(out, _mm_add_epi8(v, _mm_set1_epi8(1)));
}
#endif

/* The memo bytes of the city cards, contract board, markers, outposts and
 * draft, sixteen at once where SSE2 is there (the state keeps each group's
 * bytes together, and the memo keeps the state's order).  A wide store
 * may run into the next group's bytes, which the next store writes. */
static void board_wants(const mp2_state *s, uint8_t *w)
{
#ifdef __SSE2__
    _Static_assert(offsetof(mp2_state, unused_marker) == offsetof(mp2_state, marker) + 6 &&
                   offsetof(mp2_state, outpost) == offsetof(mp2_state, unused_marker) + 1 &&
                   offsetof(mp2_state, cboard) + 16 <= sizeof(mp2_state) &&
                   offsetof(mp2_state, draft) + 8 <= sizeof(mp2_state) &&
                   ML_MCBOARD + 16 <= ML_MOUTPOST && ML_MDRAFT + 8 <= ML_MBOARD,
                   "the loads stay inside the state and the stores inside the board's bytes");
#define L(x) (char)(x)
    const __m128i cards = _mm_set1_epi8(MP2_NCARDS);
    const __m128i cbd = _mm_setr_epi8(L(MP2_NCONTRACTS), L(MP2_NCONTRACTS), L(MP2_NCONTRACTS),
                                      L(MP2_NCONTRACTS), L(MP2_NCONTRACTS), L(MP2_NCONTRACTS),
                                      L(MP2_NCONTRACTS), L(MP2_NCONTRACTS), L(MP2_NCONTRACTS),
                                      L(MP2_NCONTRACTS), 0, 0, 0, 0, 0, 0);
    const __m128i mko = _mm_setr_epi8(L(MP2_NMARKERS), L(MP2_NMARKERS), L(MP2_NMARKERS),
                                      L(MP2_NMARKERS), L(MP2_NMARKERS), L(MP2_NMARKERS), 0,
                                      L(MP2_NOUTPOSTS), L(MP2_NOUTPOSTS), L(MP2_NOUTPOSTS),
                                      L(MP2_NOUTPOSTS), L(MP2_NOUTPOSTS), L(MP2_NOUTPOSTS),
                                      L(MP2_NOUTPOSTS), L(MP2_NOUTPOSTS), L(MP2_NOUTPOSTS));
    const __m128i drf = _mm_setr_epi8(L(MP2_NCHAR), L(MP2_NCHAR), L(MP2_NCHAR), L(MP2_NCHAR),
                                      L(MP2_NCHAR), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
#undef L
    _mm_storel_epi64((__m128i *)(void *)(w + ML_MCARD),
                     wants16(_mm_loadl_epi64((const __m128i *)(const void *)s->card_slot), cards));
    _mm_storeu_si128((__m128i *)(void *)(w + ML_MCBOARD),
                     wants16(_mm_loadu_si128((const __m128i *)(const void *)s->cboard), cbd));
    _mm_storeu_si128((__m128i *)(void *)(w + ML_MMARKER),
                     wants16(_mm_loadu_si128((const __m128i *)(const void *)s->marker), mko));
    w[ML_MOUTPOST + 9] = want1(s->outpost[9], MP2_NOUTPOSTS);
    _mm_storel_epi64((__m128i *)(void *)(w + ML_MDRAFT),
                     wants16(_mm_loadl_epi64((const __m128i *)(const void *)s->draft), drf));
    _Static_assert(MP2_NCCITY == 5 && MP2_NBONUSCITY == 6 && MP2_NOUTPOSTS == 10 &&
                   MP2_MAXP == 4, "the lanes of each load");
#else
    for (int i = 0; i < 8; i++)
        w[ML_MCARD + i] = want1(s->card_slot[i], MP2_NCARDS);
    for (int i = 0; i < MP2_NCCITY; i++)
        for (int j = 0; j < 2; j++)
            w[ML_MCBOARD + i * 2 + j] = want1(s->cboard[i][j], MP2_NCONTRACTS);
    for (int i = 0; i < MP2_NBONUSCITY; i++)
        w[ML_MMARKER + i] = want1(s->marker[i], MP2_NMARKERS);
    for (int i = 0; i < MP2_NOUTPOSTS; i++)
        w[ML_MOUTPOST + i] = want1(s->outpost[i], MP2_NOUTPOSTS);
    for (int i = 0; i <= MP2_MAXP; i++)
        w[ML_MDRAFT + i] = want1(s->draft[i], MP2_NCHAR);
#endif
}

static void obs_board(ml_out *m, const mp2_cfg *c, const mp2_state *s, int player, float *o)
{
    int np = c->np, base = player >= 0 ? player : 0;
    obs_spaces(m, c, s, player, o);
    for (int i = 0; i < 4; i++) { /* v[0] and v[5] written by every call */
        float *v = o + O_KHAN + i * 6;
        v[0] = s->khan[i];
        if (s->khan_by[i] >= 0 && s->khan_by[i] < np)
            m->want[ML_MKHAN + i] = (uint8_t)(rel(s->khan_by[i], base, np) + 1);
        v[5] = s->khan[i] && s->khan_by[i] == -2;
    }
    uint8_t *w = m->want;
    board_wants(s, w);
    rtile_wants(c, s, w + ML_MRTILE);
    /* this round's offer tile per book and the one face up for the next */
    for (int b = 0; b < 3; b++) {
        if (s->round < MP2_ROUNDS)
            w[ML_MOFFER + b * 2] = want1(s->offers[b][s->round], MP2_NOFFERS);
        if (s->round + 1 < MP2_ROUNDS)
            w[ML_MOFFER + b * 2 + 1] = want1(s->offers[b][s->round + 1], MP2_NOFFERS);
    }
    for (int i = s->pile_unknown; i < s->pile_len && i < MP2_NCONTRACTS; i++)
        if (s->pile[i] < MP2_NCONTRACTS) {
            o[O_PILEKNOWN + s->pile[i]] += 1;
            mark(m, o + O_PILEKNOWN + s->pile[i], 1);
        }
}

/* o[i] = 1 for each set bit i < n of `bits` (o is zero before): the
 * loop runs once per set bit, not once per bit. */
static inline void set_bits(ml_out *m, float *o, uint64_t bits, int n)
{
    if (n < 64)
        bits &= (UINT64_C(1) << n) - 1;
    for (; bits; bits &= bits - 1) {
        o[__builtin_ctzll(bits)] = 1;
        mark(m, o + __builtin_ctzll(bits), 1);
    }
}

/* Four bits as four cells, one copy instead of a conversion per bit. */
#define B4(x) {(float)((x) & 1), (float)((x) >> 1 & 1), (float)((x) >> 2 & 1), (float)((x) >> 3 & 1)}
static const float bits4[16][4] = {B4(0),  B4(1),  B4(2),  B4(3), B4(4),  B4(5),
                                   B4(6),  B4(7),  B4(8),  B4(9), B4(10), B4(11),
                                   B4(12), B4(13), B4(14), B4(15)};
#undef B4
_Static_assert(MP2_NGUILD == 4 && MP2_MAXP == 4, "seals, improvements and pieces: 4 bits each");

/* A player's resources and unplaced own and black dice (cells P_RES to
 * P_BLACK + 5), four cells per conversion where SSE2 is there: 19 cells
 * per seat and call were a tenth of the encoder.  The wide stores write
 * past a run into cells written again after (a resource store reaches
 * P_OWN, a dice store P_BLACK), never past P_BLACK + 5. */
#ifdef __SSE2__
/* bytes [k, k + 4) of x as four floats (k a constant: a byte shift) */
#define ML_U8F4(x, k) \
    _mm_cvtepi32_ps(_mm_unpacklo_epi16( \
        _mm_unpacklo_epi8(_mm_srli_si128(x, k), _mm_setzero_si128()), _mm_setzero_si128()))
#endif
static inline void counts(float *o, const mp2_player *pl)
{
#ifdef __SSE2__
    _Static_assert(P_OWN == P_RES + MP2_NRES && P_BLACK == P_OWN + 6 && MP2_NRES == 7,
                   "the counts' cells are one run");
    _Static_assert(offsetof(mp2_player, res) + 16 <= sizeof(mp2_player) &&
                   offsetof(mp2_player, blk) == offsetof(mp2_player, own) + 7 &&
                   offsetof(mp2_player, own) + 16 <= sizeof(mp2_player),
                   "the 16-byte loads stay inside the player");
    __m128i r = _mm_loadu_si128((const __m128i *)(const void *)pl->res); /* 7 + kept */
    _mm_storeu_ps(o + P_RES, _mm_cvtepi32_ps(_mm_srai_epi32(_mm_unpacklo_epi16(r, r), 16)));
    _mm_storeu_ps(o + P_RES + 4, _mm_cvtepi32_ps(_mm_srai_epi32(_mm_unpackhi_epi16(r, r), 16)));
    /* own[0..6], blk[0..6], 2 more: cells own[1..6] then blk[1..6] */
    __m128i d = _mm_loadu_si128((const __m128i *)(const void *)pl->own);
    _mm_storeu_ps(o + P_OWN, ML_U8F4(d, 1));
    _mm_storeu_ps(o + P_OWN + 4, ML_U8F4(d, 5));
    _mm_storeu_ps(o + P_BLACK, ML_U8F4(d, 8));
    _mm_storeu_ps(o + P_BLACK + 2, ML_U8F4(d, 10));
#else
    for (int i = 0; i < MP2_NRES; i++)
        o[P_RES + i] = pl->res[i];
    for (int v = 1; v <= 6; v++) {
        o[P_OWN + v - 1] = pl->own[v];
        o[P_BLACK + v - 1] = pl->blk[v];
    }
#endif
}

/* A seat's memo bytes: w its bytes from fig (the goals only with `goals`:
 * the observer's own seat), wb its caravans'.  Sixteen at once where SSE2
 * is there; the wide store of w runs into wb's bytes, written after. */
static void seat_wants(const mp2_cfg *c, const mp2_player *pl, int goals, uint8_t *w,
                       uint8_t *wb)
{
#ifdef __SSE2__
    _Static_assert(offsetof(mp2_player, cv_loc) == offsetof(mp2_player, fig) + 16 &&
                   offsetof(mp2_player, cv_loc) + 8 <= sizeof(mp2_player),
                   "the 16 bytes from fig and the caravans' 8 inside the player");
    char nl = (char)c->nloc, nr = (char)c->nrtile, g = (char)(goals ? MP2_NGOALS : 0),
         g3 = (char)(goals ? 3 : 0), nc = MP2_NCHAR, nk = MP2_NCONTRACTS, p = IT_PEPPER;
    _mm_storeu_si128((__m128i *)(void *)w,
                     wants16(_mm_loadu_si128((const __m128i *)(const void *)pl->fig),
                             _mm_setr_epi8(nl, nl, nc, 0, nk, nk, 0, 0, 0, g, g, g, g3, 0, 0, 0)));
    /* goods as pepper..gold = 0..2; a caravan at home is the cell after
     * the locations */
    __m128i v = _mm_loadl_epi64((const __m128i *)(const void *)pl->cv_loc);
    __m128i b = wants16(_mm_sub_epi8(v, _mm_setr_epi8(0, 0, 0, 0, p, p, p, p, 0, 0, 0, 0, 0, 0, 0, 0)),
                        _mm_setr_epi8(nl, nl, nr, nr, 3, 3, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0));
    __m128i home = _mm_and_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)MP2_NOLOC)),
                                 _mm_setr_epi8(MP2_MAXLOC + 1, MP2_MAXLOC + 1, 0, 0, 0, 0, 0, 0,
                                               0, 0, 0, 0, 0, 0, 0, 0));
    _mm_storel_epi64((__m128i *)(void *)wb, _mm_or_si128(b, home));
#else
    for (int f = 0; f < 2; f++)
        w[ML_MFIG + f] = want1(pl->fig[f], (unsigned)c->nloc);
    w[ML_MCHAR] = want1(pl->character, MP2_NCHAR);
    for (int i = 0; i < 2; i++)
        w[ML_MCON + i] = want1(pl->con[i], MP2_NCONTRACTS);
    if (goals) {
        for (int i = 0; i < 3; i++)
            w[ML_MGOALOPT + i] = want1(pl->goal_opt[i], MP2_NGOALS);
        w[ML_MGOAL] = want1(pl->goal, 3);
    }
    for (int i = 0; i < 2; i++) {
        wb[ML_MCVLOC + i] = pl->cv_loc[i] == MP2_NOLOC ? (uint8_t)(MP2_MAXLOC + 1)
                                                       : want1(pl->cv_loc[i], (unsigned)c->nloc);
        wb[ML_MCVTILE + i] = want1(pl->cv_tile[i], (unsigned)c->nrtile);
        for (int j = 0; j < 2; j++)
            wb[ML_MCVGOODS + i * 2 + j] = want1(pl->cv_goods[i][j] - (unsigned)IT_PEPPER, 3);
    }
#endif
}

static void obs_player(ml_out *m, const mp2_cfg *c, const mp2_state *s, int q, float *o)
{
    const mp2_player *pl = &s->pl[q];
    /* the counts and flags of a player block are written by every call
     * (np is fixed): unmarked; cells set only sometimes are marked */
    o[P_PRESENT] = 1;
    counts(o, pl);
    o[P_PLACED] = pl->nplaced;
    int nloc = c->nloc < MP2_MAXLOC ? c->nloc : MP2_MAXLOC;
    set_bits(m, o + P_POSTS, pl->posts, nloc);
    /* seals and improvements: P_SEALS and P_IMPROVED are adjacent */
    memcpy(o + P_SEALS, bits4[pl->seals & 15], sizeof bits4[0]);
    memcpy(o + P_IMPROVED, bits4[pl->seals >> 4 & 15], sizeof bits4[0]);
    memcpy(o + P_FRESH, bits4[pl->fresh & 3], 2 * sizeof bits4[0][0]);
    set_bits(m, o + P_DONE, pl->done, MP2_NCONTRACTS);
    o[P_PLUS] = pl->plus;
    memcpy(o + P_PIECES, bits4[pl->pieces & 15], sizeof bits4[0]);
    set_bits(m, o + P_KEPT, pl->kept, MP2_NOUTPOSTS);
    _Static_assert(TF_BLACK == 1 && TF_VIDAL == 2, "the turn flags are bits 0 and 1");
    memcpy(o + P_TFLAGS, bits4[pl->tflags & 3], 2 * sizeof bits4[0][0]);
    o[P_GOALSET] = pl->goal != MP2_NONE;
}

int mp2_obs_vector_marked(const kt_game *g, const kt_state *st, int player, float *out,
                          uint32_t *marks, int cap, uint8_t *memo)
{
    const mp2_cfg *c = mp2_config(g);
    const mp2_state *s = (const mp2_state *)st;
    int base = player >= 0 ? player : 0;
    ml_out m = {.row = out, .marks = marks, .cap = cap};
    /* out is zero already (kt_obs_vector and the vector environment clear
     * it) but for the memo's groups, which put_groups brings up to date */
    obs_general(&m, c, s, player, out + O_GEN);
    obs_board(&m, c, s, player, out);
    for (int k = 0; k < c->np; k++) {
        int q = base + k; /* (base + k) % np without the division */
        q = q < c->np ? q : q < 2 * c->np ? q - c->np : q % c->np;
        obs_player(&m, c, s, q, out + O_PL + k * P_SIZE);
        /* goal cards are secret: only the observer's, always seat 0 */
        uint8_t *w = m.want + seat_memo(k);
        seat_wants(c, &s->pl[q], q == player, w, w + (k ? ML_MA : ML_MA0));
    }
    put_groups(&m, memo);
    return m.n <= cap ? m.n : -1;
}

void mp2_obs_vector(const kt_game *g, const kt_state *st, int player, float *out)
{
    mp2_obs_vector_marked(g, st, player, out, NULL, 0, NULL);
}
