/*
 * learn_ref.c - the mp2 observation encoder as it was before the vector
 * environment's speed work (issue 30), kept as the reference the optimised
 * encoder in src/games/mp2/learn.c must match exactly: the test below plays
 * random games and compares both vectors for every player and the spectator
 * at every position.  Only renamed (ref_ prefix); do not edit.
 */
#include <string.h>

#include "../learn_ref.h"

#include "../../src/games/mp2/learn.h"
#include "../../src/games/mp2/mp2.h"

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

int ref_mp2_action_space(const kt_game *g)
{
    KT_UNUSED(g);
    return ML_SPACE;
}

/* Die code (type << 3 | value) to die kind 0..15; -1 for none. */
static int die_kind(int d)
{
    int t = MP2_DTYPE(d), v = MP2_DVAL(d);
    if (t == DT_OWN && v >= 1 && v <= 6)
        return v - 1;
    if (t == DT_BLACK && v >= 1 && v <= 6)
        return 6 + v - 1;
    if (t == DT_PIECE && v >= 1 && v <= MP2_MAXP)
        return 12 + v - 1;
    return -1;
}

/* Rank of a sorted multiset of 1..3 die kinds among all multisets of up to
 * three of the 16 kinds (sizes in increasing order, then lexicographic). */
static int multiset_rank(const int *k, int n)
{
    enum { N = ML_KINDS };
    if (n == 1)
        return k[0];
    if (n == 2) {
        int r = 0;
        for (int a = 0; a < k[0]; a++)
            r += N - a;
        return N + r + k[1] - k[0];
    }
    int r = 0;
    for (int a = 0; a < k[0]; a++)
        r += (N - a) * (N - a + 1) / 2; /* pairs b <= c from a on */
    for (int b = k[0]; b < k[1]; b++)
        r += N - b;
    return N + N * (N + 1) / 2 + r + k[2] - k[1];
}

static int place_index(uint32_t arg)
{
    int sp = (int)(arg & 0xff);
    uint32_t codes = arg >> 8;
    int k[3], n = 0;
    for (int i = 0; i < 4; i++) {
        int d = (int)(codes >> (5 * i) & 31);
        if (!d)
            break;
        if (i == 3 || (k[n] = die_kind(d)) < 0)
            return -1;
        n++;
    }
    if (n == 0 || (codes >> (5 * n)) != 0)
        return -1;
    /* canonical order (the engine already lists kinds in order) */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && k[j - 1] > k[j]; j--) {
            int t = k[j];
            k[j] = k[j - 1];
            k[j - 1] = t;
        }
    if (sp < MP2_NBASESP)
        return ML_PLACE + sp * ML_MULTI + multiset_rank(k, n);
    if (sp < SP_BAG && n == 1)
        return ML_PLACE1 + (sp - MP2_NBASESP) * ML_KINDS + k[0];
    return -1;
}

int ref_mp2_action_index(const kt_game *g, const kt_state *st, kt_action a)
{
    KT_UNUSED(g);
    const mp2_state *s = (const mp2_state *)st;
    uint32_t x = MP2_AARG(a);
    int kd;
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
    case A_PLACE: return place_index(x);
    }
    return -1;
}

/* Searched in the legal list: several codes decode to one index only when
 * they are the same placement, which the engine lists once. */
kt_action ref_mp2_index_action(const kt_game *g, const kt_state *s, int index)
{
    kt_action buf[KT_LEGAL_MAX];
    int n = mp2_legal(g, s, buf);
    for (int i = 0; i < n; i++)
        if (ref_mp2_action_index(g, s, buf[i]) == index)
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

int ref_mp2_obs_size(const kt_game *g)
{
    KT_UNUSED(g);
    return O_SIZE;
}

static inline int rel(int q, int base, int np) { return (q - base + np) % np; }
static inline void onehot(float *o, int i, int n)
{
    if (i >= 0 && i < n)
        o[i] = 1;
}

static void obs_general(const mp2_cfg *c, const mp2_state *s, int player, float *o)
{
    int np = c->np, base = player >= 0 ? player : 0;
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

static void obs_board(const mp2_cfg *c, const mp2_state *s, int player, float *o)
{
    int np = c->np, base = player >= 0 ? player : 0;
    for (int i = 0; i < MP2_NSPACES; i++) {
        const mp2_space *x = &s->sp[i];
        float *v = o + O_SPACE + i * O_SPACEW;
        v[0] = x->used;
        for (int q = 0; q < np; q++)
            if (x->occ >> q & 1)
                v[1 + rel(q, base, np)] = 1;
        v[5] = x->last >= 0 && x->last < np && rel(x->last, base, np) == 0;
        v[6] = x->last == -2;
        v[7] = x->low;
    }
    for (int i = 0; i < 4; i++) {
        float *v = o + O_KHAN + i * 6;
        v[0] = s->khan[i];
        if (s->khan_by[i] >= 0 && s->khan_by[i] < np)
            v[1 + rel(s->khan_by[i], base, np)] = 1;
        v[5] = s->khan[i] && s->khan_by[i] == -2;
    }
    for (int i = 0; i < 8; i++)
        onehot(o + O_CARDS + i * MP2_NCARDS, s->card_slot[i], MP2_NCARDS);
    for (int i = 0; i < MP2_NCCITY; i++)
        for (int j = 0; j < 2; j++)
            onehot(o + O_CBOARD + (i * 2 + j) * MP2_NCONTRACTS, s->cboard[i][j], MP2_NCONTRACTS);
    for (int i = 0; i < MP2_NBONUSCITY; i++)
        onehot(o + O_MARKERS + i * MP2_NMARKERS, s->marker[i], MP2_NMARKERS);
    for (int i = 0; i < MP2_NOUTPOSTS; i++)
        onehot(o + O_OUTPOSTS + i * MP2_NOUTPOSTS, s->outpost[i], MP2_NOUTPOSTS);
    for (int t = 0; t < c->nrtile && t < MP2_MAXTILES; t++)
        onehot(o + O_RTILES + t * 3, s->rtile[t], 3);
    for (int i = 0; i <= MP2_MAXP; i++)
        onehot(o + O_DRAFT + i * MP2_NCHAR, s->draft[i], MP2_NCHAR);
    /* this round's offer tile per book and the one face up for the next */
    for (int b = 0; b < 3; b++) {
        if (s->round < MP2_ROUNDS)
            onehot(o + O_OFFERS + (b * 2) * MP2_NOFFERS, s->offers[b][s->round], MP2_NOFFERS);
        if (s->round + 1 < MP2_ROUNDS)
            onehot(o + O_OFFERS + (b * 2 + 1) * MP2_NOFFERS, s->offers[b][s->round + 1],
                   MP2_NOFFERS);
    }
    for (int i = s->pile_unknown; i < s->pile_len && i < MP2_NCONTRACTS; i++)
        if (s->pile[i] < MP2_NCONTRACTS)
            o[O_PILEKNOWN + s->pile[i]] += 1;
}

static void obs_player(const mp2_cfg *c, const mp2_state *s, int q, int player, float *o)
{
    const mp2_player *pl = &s->pl[q];
    o[P_PRESENT] = 1;
    onehot(o + P_CHAR, pl->character, MP2_NCHAR);
    for (int i = 0; i < MP2_NRES; i++)
        o[P_RES + i] = pl->res[i];
    for (int v = 1; v <= 6; v++) {
        o[P_OWN + v - 1] = pl->own[v];
        o[P_BLACK + v - 1] = pl->blk[v];
    }
    o[P_PLACED] = pl->nplaced;
    for (int f = 0; f < 2; f++)
        onehot(o + P_FIG + f * MP2_MAXLOC, pl->fig[f], c->nloc);
    for (int l = 0; l < c->nloc && l < MP2_MAXLOC; l++)
        o[P_POSTS + l] = (float)(pl->posts >> l & 1);
    for (int g = 0; g < MP2_NGUILD; g++) {
        o[P_SEALS + g] = (float)(pl->seals >> g & 1);
        o[P_IMPROVED + g] = (float)(pl->seals >> (4 + g) & 1);
    }
    for (int i = 0; i < 2; i++) {
        onehot(o + P_CON + i * MP2_NCONTRACTS, pl->con[i], MP2_NCONTRACTS);
        o[P_FRESH + i] = (float)(pl->fresh >> i & 1);
    }
    for (int k = 0; k < MP2_NCONTRACTS; k++)
        o[P_DONE + k] = (float)(pl->done >> k & 1);
    o[P_PLUS] = pl->plus;
    for (int col = 0; col < MP2_MAXP; col++)
        o[P_PIECES + col] = (float)(pl->pieces >> col & 1);
    for (int t = 0; t < MP2_NOUTPOSTS; t++)
        o[P_KEPT + t] = (float)(pl->kept >> t & 1);
    o[P_TFLAGS] = (float)(pl->tflags & TF_BLACK ? 1 : 0);
    o[P_TFLAGS + 1] = (float)(pl->tflags & TF_VIDAL ? 1 : 0);
    for (int i = 0; i < 2; i++) {
        float *v = o + P_CV + i * P_CVW;
        if (pl->cv_loc[i] == MP2_NOLOC)
            v[MP2_MAXLOC] = 1;
        else
            onehot(v, pl->cv_loc[i], c->nloc);
        onehot(v + MP2_MAXLOC + 1, pl->cv_tile[i], c->nrtile);
        for (int j = 0; j < 2; j++) {
            int gd = pl->cv_goods[i][j];
            if (gd >= IT_PEPPER && gd <= IT_GOLD)
                v[MP2_MAXLOC + 1 + MP2_MAXTILES + j * 3 + gd - IT_PEPPER] = 1;
        }
    }
    o[P_GOALSET] = pl->goal != MP2_NONE;
    if (q != player)
        return; /* goal cards are secret */
    for (int i = 0; i < 3; i++)
        onehot(o + P_GOALOPT + i * MP2_NGOALS, pl->goal_opt[i], MP2_NGOALS);
    onehot(o + P_GOAL, pl->goal, 3);
}

void ref_mp2_obs_vector(const kt_game *g, const kt_state *st, int player, float *out)
{
    const mp2_cfg *c = mp2_config(g);
    const mp2_state *s = (const mp2_state *)st;
    int base = player >= 0 ? player : 0;
    memset(out, 0, sizeof *out * O_SIZE);
    obs_general(c, s, player, out + O_GEN);
    obs_board(c, s, player, out);
    for (int k = 0; k < c->np; k++)
        obs_player(c, s, (base + k) % c->np, player, out + O_PL + k * P_SIZE);
}
