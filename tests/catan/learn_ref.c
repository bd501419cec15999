/*
 * learn_ref.c - the catan observation encoder as it was before the vector
 * environment's speed work (issue 30), kept as the reference the optimised
 * encoder in src/games/catan/learn.c must match exactly: the test below plays
 * random games and compares both vectors for every player and the spectator
 * at every position.  Only renamed (ref_ prefix); do not edit.
 */
#include <string.h>

#include "../learn_ref.h"

#include "../../src/games/catan/catan.h"
#include "../../src/games/catan/learn.h"

/* argument types of action kinds and their block sizes */
enum {
    CLT_NONE, CLT_VERT, CLT_EDGE, CLT_HEX, CLT_KIND, CLT_SEAT, CLT_SEND, CLT_PROG, CLT_DEV,
    CLT_TRACK, CLT_DICE, CLT_BANK, CLT_KMOVE, CLT_PLACE
};
enum {
    CL_SZ_NONE = 1, CL_SZ_VERT = CAT_NV, CL_SZ_EDGE = CAT_NE, CL_SZ_HEX = CAT_NH,
    CL_SZ_KIND = CAT_NKIND, CL_SZ_SEAT = CAT_MAXP, CL_SZ_SEND = CAT_MAXP + 1,
    CL_SZ_PROG = CAT_NPROG, CL_SZ_DEV = CAT_NDEV, CL_SZ_TRACK = 3, CL_SZ_DICE = 36,
    CL_SZ_BANK = CAT_NKIND * CAT_NKIND, CL_SZ_KMOVE = CAT_NV * CAT_NV, CL_SZ_PLACE = CAT_NV * 3
};

#define CL_KINDS(X) \
    X(ROLL, NONE) X(END, NONE) X(DONE, NONE) X(SETTLE, VERT) X(CITY, VERT) X(ROAD, EDGE)     \
    X(WALL, VERT) X(RECRUIT, VERT) X(PROMOTE, VERT) X(ACTIVATE, VERT) X(KMOVE, KMOVE)       \
    X(CHASE, VERT) X(IMPROVE, TRACK) X(BANK, BANK) X(PLAY, PROG) X(BUYDEV, NONE)            \
    X(PLAYDEV, DEV) X(DISCARD, KIND) X(ROBBER, HEX) X(STEAL, SEAT) X(TAKE, KIND)           \
    X(DICE, DICE) X(PROPOSE, NONE) X(OFFER, KIND) X(ASK, KIND) X(SEND, SEND)               \
    X(ACCEPT, NONE) X(DECLINE, NONE) X(DEAL, SEAT) X(CANCEL, NONE) X(RELOCATE, VERT)       \
    X(LOSE, VERT) X(DECK, TRACK) X(PDISCARD, PROG) X(TARGET, SEAT) X(SPYTAKE, PROG)        \
    X(REMOVE_KNIGHT, VERT) X(PLACE_KNIGHT, PLACE) X(REMOVE_ROAD, EDGE) X(DISPLACE, VERT)   \
    X(SWAP1, HEX) X(SWAP2, HEX) X(MERCHANT, HEX) X(MONO, KIND) X(METRO, VERT)              \
    X(GIVE, KIND) X(HOFFER, KIND) X(SKIP, NONE)

/* CL_OFF_k: first index of kind k's block (blocks follow each other). */
enum {
#define X(k, t) CL_OFF_##k, CL_LAST_##k = CL_OFF_##k + CL_SZ_##t - 1,
    CL_KINDS(X)
#undef X
    CL_SPACE
};

typedef struct cl_kind {
    uint16_t off;
    uint8_t type;
    uint8_t known; /* 1: a kind of the list */
} cl_kind;
static const cl_kind kinds[A_NKINDS] = {
#define X(k, t) [A_##k] = {CL_OFF_##k, CLT_##t, 1},
    CL_KINDS(X)
#undef X
};
#define X(k, t) +1
_Static_assert(0 CL_KINDS(X) == A_NKINDS - 1, "CL_KINDS must name every action kind");
#undef X

int ref_cat_action_space(const kt_game *g)
{
    KT_UNUSED(g);
    return CL_SPACE;
}

/* Position of the arguments inside a block of type t; -1 out of range. */
static int arg_slot(int t, int x, int y)
{
    switch (t) {
    case CLT_NONE: return 0;
    case CLT_VERT: return x < CAT_NV ? x : -1;
    case CLT_EDGE: return x < CAT_NE ? x : -1;
    case CLT_HEX: return x < CAT_NH ? x : -1;
    case CLT_KIND: return x < CAT_NKIND ? x : -1;
    case CLT_SEAT: return x < CAT_MAXP ? x : -1;
    case CLT_SEND: return x == SEND_ALL ? CAT_MAXP : x < CAT_MAXP ? x : -1;
    case CLT_PROG: return x < CAT_NPROG ? x : -1;
    case CLT_DEV: return x < CAT_NDEV ? x : -1;
    case CLT_TRACK: return x < 3 ? x : -1;
    case CLT_DICE: return x >= 1 && x <= 6 && y >= 1 && y <= 6 ? (x - 1) * 6 + y - 1 : -1;
    case CLT_BANK: return x < CAT_NKIND && y < CAT_NKIND ? x * CAT_NKIND + y : -1;
    case CLT_KMOVE: return x < CAT_NV && y < CAT_NV ? x * CAT_NV + y : -1;
    case CLT_PLACE: return x < CAT_NV && y >= 1 && y <= 3 ? x * 3 + y - 1 : -1;
    }
    return -1;
}

int ref_cat_action_index(const kt_game *g, const kt_state *s, kt_action a)
{
    KT_UNUSED(g);
    KT_UNUSED(s);
    int k = ACT_K(a);
    if (k <= 0 || k >= A_NKINDS || !kinds[k].known)
        return -1;
    int slot = arg_slot(kinds[k].type, ACT_X(a), ACT_Y(a));
    return slot < 0 ? -1 : kinds[k].off + slot;
}

/* The legal action with that index (a bank trade's rate comes from the
 * state, so the legal list is searched rather than the index decoded). */
kt_action ref_cat_index_action(const kt_game *g, const kt_state *s, int index)
{
    kt_action buf[CAT_MAXLEGAL];
    int n = cat_legal(g, s, buf);
    for (int i = 0; i < n; i++)
        if (ref_cat_action_index(g, s, buf[i]) == index)
            return buf[i];
    return 0;
}

/* ------------------------------------------------------------ observation */

enum {
    O_GEN = 0, O_DEC = 64, O_FRAME = 112, O_HEX = 128, O_HEXW = 9, O_PORT = O_HEX + CAT_NH * O_HEXW,
    O_VERT = O_PORT + CAT_NPORT * 6, O_VERTW = 11, O_EDGE = O_VERT + CAT_NV * O_VERTW,
    O_PL = O_EDGE + CAT_NE * 4, O_PLW = 90, O_DECKS = O_PL + CAT_MAXP * O_PLW,
    O_SIZE = O_DECKS + CAT_NPROG
};
_Static_assert(F_NDECISIONS <= O_FRAME - O_DEC, "decision one-hot too small");
enum { /* general */
       G_RUNNING = 0, G_PLAYERS, G_SEAT, G_TOMOVE_ME = 6, G_TURN, G_TURNPL, G_TOMOVE = 12,
       G_CK = 16, G_VPT, G_BARB, G_ATTACKS, G_RED, G_YELLOW, G_EVENT, G_FLEET = 27, G_CRANE,
       G_PROPOSALS = 31, G_DEVPLAYED, G_TRSTATE, G_TRTO, G_TRACC = 39, G_GIVE = 43,
       G_GET = 51, G_DEVDECK = 59, G_DECKN, G_SETUP = 63
};
enum { /* per player */
       P_PRESENT = 0, P_CARDS, P_VP, P_ROADLEN, P_SETTLE, P_CITY, P_SIDEWAYS, P_KNIGHT, P_ROADS = 10,
       P_WALLS, P_METRO, P_IMPR, P_DEFENDER = 16, P_CONST, P_PRINTER, P_KPLAYED, P_NPROG,
       P_PROGC, P_DEV = 24, P_DEVNEW, P_LR, P_LA, P_MERCH, P_PORTS, P_HAND = 32,
       P_PROG = P_HAND + CAT_NKIND, P_MYDEV = P_PROG + CAT_NPROG, P_MYDEVNEW = P_MYDEV + CAT_NDEV
};
_Static_assert(P_MYDEVNEW + CAT_NDEV <= O_PLW, "player block too small");

int ref_cat_obs_size(const kt_game *g)
{
    KT_UNUSED(g);
    return O_SIZE;
}

static inline int rel(int q, int base, int np) { return (q - base + np) % np; }

static void obs_general(const kt_game *g, const cat_state *s, int player, float *o)
{
    const cat_cfg *cf = cat_config(g);
    int np = cat_np(g), base = player >= 0 ? player : 0;
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
    o[G_CK] = (float)cf->ck;
    o[G_VPT] = (float)cf->vp_target;
    o[G_BARB] = s->barb;
    o[G_ATTACKS] = s->attacks;
    o[G_RED] = s->dice[0];
    o[G_YELLOW] = s->dice[1];
    if (s->dice[2] < 5)
        o[G_EVENT + s->dice[2]] = 1;
    o[G_FLEET] = s->fleet;
    for (int t = 0; t < 3; t++)
        o[G_CRANE + t] = (float)(s->crane_mask >> t & 1);
    o[G_PROPOSALS] = s->proposals;
    o[G_DEVPLAYED] = s->dev_played;
    o[G_TRSTATE] = s->tr_state;
    if (s->tr_state) {
        o[G_TRTO + (s->tr_to < 0 ? 4 : rel(s->tr_to, base, np))] = 1;
        for (int q = 0; q < np; q++)
            if (s->tr_accept >> q & 1)
                o[G_TRACC + rel(q, base, np)] = 1;
        for (int k = 0; k < CAT_NKIND; k++) {
            o[G_GIVE + k] = s->tr_give[k];
            o[G_GET + k] = s->tr_get[k];
        }
    }
    o[G_DEVDECK] = s->devdeck_n;
    for (int c = 0; c < 3; c++)
        o[G_DECKN + c] = s->deck_n[c];
    o[G_SETUP] = s->setup_step;
}

static void obs_board(const kt_game *g, const cat_state *s, int player, float *o)
{
    int np = cat_np(g), base = player >= 0 ? player : 0;
    if (s->nstack && s->h.status == KT_RUNNING) {
        const cat_frame *f = cat_ctop(s);
        if (f->kind < F_NDECISIONS)
            o[O_DEC + f->kind] = 1;
        if (f->player < np)
            o[O_FRAME + rel(f->player, base, np)] = 1;
        o[O_FRAME + 4] = f->a;
        o[O_FRAME + 5] = f->b;
    }
    for (int h = 0; h < CAT_NH; h++) {
        float *x = o + O_HEX + h * O_HEXW;
        if (s->terrain[h] < T_COUNT)
            x[s->terrain[h]] = 1;
        x[6] = s->number[h];
        x[7] = s->robber == h;
        x[8] = s->merchant == h;
    }
    for (int i = 0; i < CAT_NPORT; i++)
        if (s->port[i] < 6)
            o[O_PORT + i * 6 + s->port[i]] = 1;
    for (int v = 0; v < CAT_NV; v++) {
        float *x = o + O_VERT + v * O_VERTW;
        if (s->v_owner[v] < 0 || s->v_owner[v] >= np)
            continue;
        x[rel(s->v_owner[v], base, np)] = 1;
        int piece = s->v_piece[v], aux = s->v_aux[v];
        if (piece >= VP_SETTLE && piece <= VP_KNIGHT)
            x[4 + piece - VP_SETTLE] = 1;
        if (piece == VP_KNIGHT) {
            x[9] = (float)(aux & KN_LEVEL);
            x[10] = (aux & KN_ACTIVE) != 0;
        } else {
            x[7] = (aux & AUX_WALL) != 0;
            x[8] = (aux & AUX_METRO_MASK) != 0;
        }
    }
    for (int e = 0; e < CAT_NE; e++)
        if (s->e_owner[e] >= 0 && s->e_owner[e] < np)
            o[O_EDGE + e * 4 + rel(s->e_owner[e], base, np)] = 1;
}

static void obs_player(const kt_game *g, const cat_state *s, int q, int player, float *x)
{
    const cat_player *pl = &s->pl[q];
    x[P_PRESENT] = 1;
    x[P_CARDS] = pl->ncards;
    x[P_VP] = (float)cat_vp_public(g, s, q);
    x[P_ROADLEN] = pl->road_len;
    x[P_SETTLE] = pl->n_settle;
    x[P_CITY] = pl->n_city;
    x[P_SIDEWAYS] = pl->n_sideways;
    for (int l = 1; l <= 3; l++)
        x[P_KNIGHT + l - 1] = pl->n_knight[l];
    x[P_ROADS] = pl->n_road;
    x[P_WALLS] = pl->n_wall;
    x[P_METRO] = pl->n_metro;
    for (int t = 0; t < 3; t++)
        x[P_IMPR + t] = pl->impr[t];
    x[P_DEFENDER] = pl->defender;
    x[P_CONST] = pl->vpcards & 1;
    x[P_PRINTER] = pl->vpcards >> 1 & 1;
    x[P_KPLAYED] = pl->knights_played;
    x[P_NPROG] = pl->nprog;
    int devs = 0, fresh = 0;
    for (int d = 0; d < CAT_NDEV; d++) {
        devs += pl->dev[d];
        fresh += pl->dev_new[d];
    }
    x[P_DEV] = (float)devs;
    x[P_DEVNEW] = (float)fresh;
    x[P_LR] = s->lr_holder == q;
    x[P_LA] = s->la_holder == q;
    x[P_MERCH] = s->merchant >= 0 && s->merchant_owner == q;
    x[P_PORTS] = (float)cat_popc(pl->ports);
    for (int i = 0; i < pl->nprog && i < CAT_HANDCAP; i++) {
        int c = pl->prog[i];
        if (c >= CAT_NPROG)
            continue;
        x[P_PROGC + cat_progress[c].colour] += 1;
        if (q == player || (player >= 0 && pl->prog_known[i] >> player & 1))
            x[P_PROG + c] += 1;
    }
    const cat_frame *f = s->nstack && s->h.status == KT_RUNNING ? cat_ctop(s) : NULL;
    int picks_here = f && f->kind == F_MM_PICK && f->player == player && f->a == q;
    if (q == player || picks_here)
        for (int k = 0; k < CAT_NKIND; k++)
            x[P_HAND + k] = pl->hand[k];
    if (q == player)
        for (int d = 0; d < CAT_NDEV; d++) {
            x[P_MYDEV + d] = pl->dev[d];
            x[P_MYDEVNEW + d] = pl->dev_new[d];
        }
    /* the Spy sees the victim's whole progress hand */
    if (f && f->kind == F_SPY_PICK && f->player == player && f->a == q && q != player) {
        memset(x + P_PROG, 0, sizeof *x * CAT_NPROG);
        for (int i = 0; i < pl->nprog && i < CAT_HANDCAP; i++)
            if (pl->prog[i] < CAT_NPROG)
                x[P_PROG + pl->prog[i]] += 1;
    }
}

void ref_cat_obs_vector(const kt_game *g, const kt_state *ks, int player, float *out)
{
    const cat_state *s = (const cat_state *)ks;
    int np = cat_np(g), base = player >= 0 ? player : 0;
    memset(out, 0, sizeof *out * O_SIZE);
    obs_general(g, s, player, out + O_GEN);
    obs_board(g, s, player, out);
    for (int k = 0; k < np; k++)
        obs_player(g, s, (base + k) % np, player, out + O_PL + k * O_PLW);
    if (player < 0)
        return;
    for (int c = 0; c < 3; c++)
        for (int i = 0; i < s->deck_n[c] && i < CAT_DECK; i++)
            if (s->deck_known[c][i] >> player & 1 && s->deck[c][i] < CAT_NPROG)
                out[O_DECKS + s->deck[c][i]] += 1;
}
