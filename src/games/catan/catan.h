/*
 * catan.h - Catan: Cities & Knights (default) with the base game as a
 * variant: state layout, constants and the functions shared by the files of
 * src/games/catan/.
 *
 * Data layout
 * -----------
 * The board is the standard 19-hex island (pointy-top hexes, axial
 * coordinates, see data.c): 19 hexes lettered A..S in reading order, 54
 * vertices numbered 0..53 in reading order (top to bottom, left to right)
 * and 72 edges numbered by their endpoints.  Geometry is const data; the
 * layout (terrain, number tokens, harbours) lives in the state because the
 * Inventor moves tokens and scenario tests patch layouts.
 *
 * The state (cat_state) is one flat struct:
 *   - pieces per vertex: v_owner (-1 none), v_piece (empty, settlement,
 *     city, knight) and v_aux (wall / sideways / metropolis track for
 *     buildings; level and turn flags for knights); owner per edge (roads);
 *   - per player (cat_player): resources and commodities in one 8-slot hand
 *     (0..4 brick lumber wool grain ore, 5..7 paper cloth coin), improvement
 *     levels, progress hand with a per-card mask of the players who know the
 *     card (for determinization), revealed VP cards, Defender cards, base
 *     development cards (total and bought this turn);
 *   - progress decks: per colour an array with the top card last and a
 *     parallel "known to" mask per card (played cards go face up under the
 *     deck, so everybody knows them); the development deck (top last);
 *   - the pending decisions: a small stack of frames.  A frame is either a
 *     decision (hdr.to_move decides; the top frame is always one at rest) or
 *     a procedure that the engine steps through automatically (resolving a
 *     roll, an attack, progress draws, trade responses).  Big choices are
 *     sequences of small picks.
 *   - derived data (piece counts, bit masks of buildings/knights/roads,
 *     road lengths, bank, production per roll) recomputed by
 *     cat_recompute() after a load and maintained incrementally during
 *     play; check() verifies them.  prod[sum - 2][p] is the card vector
 *     (hand slots as bytes of a word, see hand.h) that player p is owed
 *     when the dice show sum, from every building next to a hex with that
 *     token except the robber's hex: a roll then pays from one table row
 *     instead of walking hexes and vertices (a roll is a seventh of the
 *     decisions of random play).  Kept in step by every change of a
 *     building (tally in board.c), of the robber (cat_move_robber) and of
 *     the tokens (cat_prod_hex around the Inventor's swap).
 * Everything is plain integers without padding (static asserts below):
 * copy = memcpy, equality = memcmp.
 */
#ifndef CAT_CATAN_H
#define CAT_CATAN_H

#include <stddef.h>
#include <stdint.h>

#include "../../core/game.h"
#include "../../core/stack.h"

#define CAT_MAGIC 0xCA7A4E01u
#define CAT_NH 19
#define CAT_NV 54
#define CAT_NE 72
#define CAT_NPORT 9
#define CAT_MAXP 4
#define CAT_NRES 5
#define CAT_NKIND 8
#define CAT_NPROG 25
#define CAT_NDEV 5
#define CAT_DECK 18
#define CAT_DEVDECK 25
#define CAT_HANDCAP 8 /* progress hand: 4 + the turn's draws (see check) */
#define CAT_STACK 24
#define CAT_MAXLEGAL 1024

/* card kinds in a hand */
enum { K_BRICK, K_LUMBER, K_WOOL, K_GRAIN, K_ORE, K_PAPER, K_CLOTH, K_COIN };
/* terrain */
enum { T_DESERT, T_HILLS, T_FOREST, T_PASTURE, T_FIELDS, T_MOUNTAINS, T_COUNT };
/* harbour types: 0..4 a resource at 2:1, 5 = any at 3:1 */
enum { PORT_ANY = 5 };
/* improvement tracks / progress colours */
enum { TR_TRADE, TR_POLITICS, TR_SCIENCE };
/* event die faces as stored in dice[2] (0 = not rolled) */
enum { EV_NONE, EV_SHIP, EV_GATE_TRADE, EV_GATE_POLITICS, EV_GATE_SCIENCE };

/* progress cards (trade 0..5, politics 6..14, science 15..24) */
enum {
    PC_COMMERCIAL_HARBOR, PC_MASTER_MERCHANT, PC_MERCHANT, PC_MERCHANT_FLEET,
    PC_RESOURCE_MONOPOLY, PC_TRADE_MONOPOLY,
    PC_BISHOP, PC_CONSTITUTION, PC_DESERTER, PC_DIPLOMAT, PC_INTRIGUE, PC_SABOTEUR,
    PC_SPY, PC_WARLORD, PC_WEDDING,
    PC_ALCHEMIST, PC_CRANE, PC_ENGINEER, PC_INVENTOR, PC_IRRIGATION, PC_MEDICINE,
    PC_MINING, PC_PRINTER, PC_ROAD_BUILDING, PC_SMITH
};
/* base development cards */
enum { DV_KNIGHT, DV_VP, DV_ROAD_BUILDING, DV_PLENTY, DV_MONOPOLY };

/* vertex pieces */
enum { VP_NONE, VP_SETTLE, VP_CITY, VP_KNIGHT };
/* v_aux for buildings */
#define AUX_WALL 0x01
#define AUX_SIDEWAYS 0x02   /* settlement made of a city piece laid on its side */
#define AUX_METRO_SHIFT 2    /* 2 bits: 0 none, 1 + track */
#define AUX_METRO_MASK 0x0C
/* v_aux for knights */
#define KN_LEVEL 0x03       /* 1 basic, 2 strong, 3 mighty */
#define KN_ACTIVE 0x04
#define KN_FRESH 0x08       /* activated this turn: may not act this turn */
#define KN_USED 0x10        /* acted this turn */
#define KN_PROMOTED 0x20    /* promoted this turn */

/* frames: decisions first (their index is hdr.decision), then procedures */
enum {
    F_SETUP_BUILD, F_SETUP_ROAD, F_ROLL, F_ALCHEMIST, F_MAIN, F_DISCARD, F_ROBBER, F_STEAL,
    F_AQUEDUCT, F_PDISCARD, F_CITY_LOSS, F_DEFENDER_DRAW, F_METROPOLIS, F_TRADE_COMPOSE,
    F_TRADE_RESPOND, F_TRADE_CHOOSE, F_RELOCATE, F_TARGET, F_SPY_PICK, F_MM_PICK,
    F_DESERTER_REMOVE, F_DESERTER_PLACE, F_DIPLOMAT, F_DIPLOMAT_REBUILD, F_INTRIGUE,
    F_INVENTOR_FIRST, F_INVENTOR_SECOND, F_MERCHANT, F_MONO_RESOURCE, F_MONO_COMMODITY,
    F_FLEET_TRADE, F_CRANE, F_MEDICINE, F_ENGINEER, F_SMITH, F_ROAD_BUILDING, F_GIVE,
    F_HARBOR_OFFER, F_HARBOR_GIVE, F_PLENTY,
    F_NDECISIONS,
    /* procedures */
    P_ROLL = F_NDECISIONS, P_ATTACK, P_DRAWS, P_TRADE, P_HARBOR, P_ENDTURN,
    F_NKINDS
};

/* action codes: kind | x << 8 | y << 16 | z << 24 */
enum {
    A_ROLL = 1, A_END, A_DONE, A_SETTLE, A_CITY, A_ROAD, A_WALL, A_RECRUIT, A_PROMOTE,
    A_ACTIVATE, A_KMOVE, A_CHASE, A_IMPROVE, A_BANK, A_PLAY, A_BUYDEV, A_PLAYDEV, A_DISCARD,
    A_ROBBER, A_STEAL, A_TAKE, A_DICE, A_PROPOSE, A_OFFER, A_ASK, A_SEND, A_ACCEPT,
    A_DECLINE, A_DEAL, A_CANCEL, A_RELOCATE, A_LOSE, A_DECK, A_PDISCARD, A_TARGET,
    A_SPYTAKE, A_REMOVE_KNIGHT, A_PLACE_KNIGHT, A_REMOVE_ROAD, A_DISPLACE, A_SWAP1, A_SWAP2,
    A_MERCHANT, A_MONO, A_METRO, A_GIVE, A_HOFFER, A_SKIP,
    A_NKINDS
};
#define ACT(k, x, y, z) \
    ((kt_action)(k) | ((kt_action)(x) << 8) | ((kt_action)(y) << 16) | ((kt_action)(z) << 24))
#define ACT_K(a) ((int)((a) & 0xffu))
#define ACT_X(a) ((int)(((a) >> 8) & 0xffu))
#define ACT_Y(a) ((int)(((a) >> 16) & 0xffu))
#define ACT_Z(a) ((int)(((a) >> 24) & 0xffu))
#define SEND_ALL 15

/* options resolved once at setup (g->cfg) */
typedef struct cat_cfg {
    int ck;              /* 1 Cities & Knights, 0 base game */
    int vp_target;
    int trade_cap;       /* trade proposals per turn */
    int shortage_partial;/* bank shortage: 0 rulebook (nobody), 1 pay in turn order */
    int deserter_lower;  /* Deserter: place equal (0) or equal-or-lower (1) strength */
    int fleet_named;     /* Merchant Fleet: any kind (0) or the kind first traded (1) */
    int open_road_owner; /* Diplomat: open end judged by the seed (0) or owner's pieces (1) */
    int crane_repeat;    /* Crane: once per track per turn (0) or again (1) */
    int plimit_immediate;/* progress hand limit on own turn: end of turn (0) / at once (1) */
    int barb_double;     /* barbarian strength counts metropolises twice */
    int l5_holder;       /* level 5 allowed for the metropolis holder without a free city */
    /* initial layout */
    uint8_t terrain[CAT_NH], number[CAT_NH], port[CAT_NPORT];
} cat_cfg;

typedef struct cat_frame {
    uint8_t kind, player, a, b, c, d;
} cat_frame;

/* Per player.  64-bit members first so that the struct has no padding. */
typedef struct cat_player {
    uint64_t bld;      /* derived: vertices with this player's buildings */
    uint64_t kn;       /* derived: vertices with this player's knights */
    uint64_t roadv;    /* derived: vertices touched by this player's roads */
    uint64_t road[2];  /* derived: edges with this player's roads */
    uint8_t hand[CAT_NKIND];
    uint8_t prog[CAT_HANDCAP];
    uint8_t prog_known[CAT_HANDCAP];
    uint8_t dev[CAT_NDEV], dev_new[CAT_NDEV];
    uint8_t impr[3];
    uint8_t nprog;
    uint8_t vpcards;   /* bit 0 Constitution, bit 1 Printer */
    uint8_t defender;  /* Defender of Catan cards */
    uint8_t knights_played;
    /* derived */
    uint8_t ncards, n_settle, n_city, n_sideways, n_road, n_wall, n_metro, road_len;
    uint8_t n_knight[4]; /* by level 1..3 (index 0 unused); includes a knight being relocated */
    uint8_t ports;       /* harbour types touched by the player's buildings (bit 0..5) */
    uint8_t pad[2];
} cat_player;

typedef struct cat_state {
    kt_state_hdr h;
    uint64_t occ;                /* derived: vertices with any piece */
    uint64_t blocked;            /* derived: no settlement here (occupied or next to a building) */
    uint64_t prod[11][CAT_MAXP]; /* derived: cards owed per roll 2..12 and player (see above) */
    cat_player pl[CAT_MAXP];
    int8_t v_owner[CAT_NV];
    uint8_t v_piece[CAT_NV];
    uint8_t v_aux[CAT_NV];
    int8_t e_owner[CAT_NE];
    uint8_t terrain[CAT_NH], number[CAT_NH], port[CAT_NPORT];
    uint8_t deck[3][CAT_DECK], deck_known[3][CAT_DECK], deck_n[3];
    uint8_t devdeck[CAT_DEVDECK], devdeck_n;
    uint8_t bank[CAT_NKIND];     /* derived */
    int8_t robber, merchant, merchant_owner, lr_holder, la_holder;
    uint8_t barb, attacks;
    uint8_t dice[3];             /* red, yellow, event face of the last roll */
    uint8_t setup_step;          /* placements done in the setup rounds */
    /* turn-scoped */
    uint8_t fleet;               /* 0 off, 1 any kind, 2 + kind: named kind */
    uint8_t crane_mask;          /* tracks improved with a Crane this turn */
    uint8_t proposals;           /* trade proposals this turn */
    uint8_t dev_played;          /* development card played this turn (base) */
    /* domestic trade */
    uint8_t tr_state;            /* 0 none, 1 composing, 2 open (cards escrowed) */
    int8_t tr_to;                /* -1 everybody, else one player */
    uint8_t tr_accept;           /* players who accepted (their part escrowed) */
    uint8_t tr_give[CAT_NKIND], tr_get[CAT_NKIND];
    int8_t winner;               /* player who won, -1 while running / stopped */
    uint8_t nstack;
    cat_frame stack[CAT_STACK];
    /* derived, while a trade is composed (else 0): the kinds that may be
     * offered and asked for next (bit k = kind k) and the number of sends
     * listed (the players, once both sides hold a card).  Kept by each
     * pick, so that the most frequent list of random play is three table
     * rows; see cat_compose_masks. */
    uint8_t tr_offer, tr_ask, tr_nsend;
    uint8_t overflow;            /* 0; 1 once a push found the stack full (core/stack.h) */
    uint8_t pad[6];              /* zero; rounds the struct up to its 8-byte alignment */
} cat_state;

/* No padding anywhere: states are hashed and compared byte-wise, and the
 * core zeroes them only before init and load.  Each member must start
 * where the previous one ends. */
#define CAT_NEXT(T, a, b) (offsetof(T, b) == offsetof(T, a) + sizeof(((T *)0)->a))
_Static_assert(CAT_NEXT(cat_player, bld, kn) && CAT_NEXT(cat_player, kn, roadv) &&
                   CAT_NEXT(cat_player, roadv, road) && CAT_NEXT(cat_player, road, hand) &&
                   CAT_NEXT(cat_player, hand, prog) && CAT_NEXT(cat_player, prog, prog_known) &&
                   CAT_NEXT(cat_player, prog_known, dev) && CAT_NEXT(cat_player, dev, dev_new) &&
                   CAT_NEXT(cat_player, dev_new, impr) && CAT_NEXT(cat_player, impr, nprog) &&
                   CAT_NEXT(cat_player, nprog, vpcards) &&
                   CAT_NEXT(cat_player, vpcards, defender) &&
                   CAT_NEXT(cat_player, defender, knights_played) &&
                   CAT_NEXT(cat_player, knights_played, ncards) &&
                   CAT_NEXT(cat_player, ncards, n_settle) &&
                   CAT_NEXT(cat_player, n_settle, n_city) &&
                   CAT_NEXT(cat_player, n_city, n_sideways) &&
                   CAT_NEXT(cat_player, n_sideways, n_road) &&
                   CAT_NEXT(cat_player, n_road, n_wall) && CAT_NEXT(cat_player, n_wall, n_metro) &&
                   CAT_NEXT(cat_player, n_metro, road_len) &&
                   CAT_NEXT(cat_player, road_len, n_knight) &&
                   CAT_NEXT(cat_player, n_knight, ports) && CAT_NEXT(cat_player, ports, pad) &&
                   sizeof(cat_player) == offsetof(cat_player, pad) + sizeof(((cat_player *)0)->pad),
               "cat_player has no padding");
_Static_assert(CAT_NEXT(cat_state, h, occ) && CAT_NEXT(cat_state, occ, blocked) &&
                   CAT_NEXT(cat_state, blocked, prod) && CAT_NEXT(cat_state, prod, pl) &&
                   CAT_NEXT(cat_state, pl, v_owner) && CAT_NEXT(cat_state, v_owner, v_piece) &&
                   CAT_NEXT(cat_state, v_piece, v_aux) && CAT_NEXT(cat_state, v_aux, e_owner) &&
                   CAT_NEXT(cat_state, e_owner, terrain) && CAT_NEXT(cat_state, terrain, number) &&
                   CAT_NEXT(cat_state, number, port) && CAT_NEXT(cat_state, port, deck) &&
                   CAT_NEXT(cat_state, deck, deck_known) &&
                   CAT_NEXT(cat_state, deck_known, deck_n) &&
                   CAT_NEXT(cat_state, deck_n, devdeck) && CAT_NEXT(cat_state, devdeck, devdeck_n) &&
                   CAT_NEXT(cat_state, devdeck_n, bank) && CAT_NEXT(cat_state, bank, robber) &&
                   CAT_NEXT(cat_state, robber, merchant) &&
                   CAT_NEXT(cat_state, merchant, merchant_owner) &&
                   CAT_NEXT(cat_state, merchant_owner, lr_holder) &&
                   CAT_NEXT(cat_state, lr_holder, la_holder) &&
                   CAT_NEXT(cat_state, la_holder, barb) && CAT_NEXT(cat_state, barb, attacks) &&
                   CAT_NEXT(cat_state, attacks, dice) && CAT_NEXT(cat_state, dice, setup_step) &&
                   CAT_NEXT(cat_state, setup_step, fleet) && CAT_NEXT(cat_state, fleet, crane_mask) &&
                   CAT_NEXT(cat_state, crane_mask, proposals) &&
                   CAT_NEXT(cat_state, proposals, dev_played) &&
                   CAT_NEXT(cat_state, dev_played, tr_state) && CAT_NEXT(cat_state, tr_state, tr_to) &&
                   CAT_NEXT(cat_state, tr_to, tr_accept) && CAT_NEXT(cat_state, tr_accept, tr_give) &&
                   CAT_NEXT(cat_state, tr_give, tr_get) && CAT_NEXT(cat_state, tr_get, winner) &&
                   CAT_NEXT(cat_state, winner, nstack) && CAT_NEXT(cat_state, nstack, stack) &&
                   CAT_NEXT(cat_state, stack, tr_offer) && CAT_NEXT(cat_state, tr_offer, tr_ask) &&
                   CAT_NEXT(cat_state, tr_ask, tr_nsend) && CAT_NEXT(cat_state, tr_nsend, overflow) &&
                   CAT_NEXT(cat_state, overflow, pad) &&
                   sizeof(cat_state) == offsetof(cat_state, pad) + sizeof(((cat_state *)0)->pad),
               "cat_state has no padding");
#undef CAT_NEXT

/* ---- const data (data.c) ---- */
extern const int8_t cat_hex_qr[CAT_NH][2];
extern const uint8_t cat_hex_v[CAT_NH][6];
extern const int8_t cat_v_xy[CAT_NV][2];
extern const int8_t cat_v_hex[CAT_NV][3];
extern const int8_t cat_v_adj[CAT_NV][3];
extern const int8_t cat_v_edge[CAT_NV][3];
extern const uint8_t cat_e_v[CAT_NE][2];
extern const int8_t cat_hex_adj[CAT_NH][6];
extern const uint8_t cat_port_v[CAT_NPORT][2];
extern const uint8_t cat_ring_order[CAT_NH];
extern const uint64_t cat_v_nbrmask[CAT_NV];
extern const uint64_t cat_v_emask[CAT_NV][2];
extern const uint64_t cat_hex_vmask[CAT_NH];

extern const uint8_t cat_terrain_count[T_COUNT];
extern const int8_t cat_terrain_res[T_COUNT];
extern const int8_t cat_terrain_com[T_COUNT];
extern const uint8_t cat_spiral_numbers[CAT_NH - 1];
extern const uint8_t cat_beginner_terrain[CAT_NH];
extern const uint8_t cat_beginner_number[CAT_NH];
extern const uint8_t cat_beginner_port[CAT_NPORT];
extern const uint8_t cat_port_count[6];
extern const uint8_t cat_number_count[13];
extern const uint8_t cat_track_commodity[3];

typedef struct cat_card_info {
    const char *key;   /* JSON / id name */
    const char *en, *de;
    uint8_t colour;    /* TR_* */
    uint8_t count;
} cat_card_info;
extern const cat_card_info cat_progress[CAT_NPROG];
extern const cat_card_info cat_devcards[CAT_NDEV];
extern const char *const cat_kind_key[CAT_NKIND];
extern const char *const cat_kind_en[CAT_NKIND];
extern const char *const cat_kind_de[CAT_NKIND];
extern const char *const cat_terrain_key[T_COUNT];
extern const char *const cat_terrain_en[T_COUNT];
extern const char *const cat_terrain_de[T_COUNT];
extern const char *const cat_track_key[3];
extern const char *const cat_track_en[3];
extern const char *const cat_track_de[3];
extern const char *const cat_level_en[3][5];
extern const char *const cat_level_de[3][5];
extern const char *const cat_frame_key[F_NKINDS];

/* Keeps a big, rarer path out of a hot dispatcher, so that the dispatcher
 * stays small (no register saves for paths it does not take). */
#define CAT_NOINLINE __attribute__((noinline))
/* The opposite, for a small step on a hot path that gcc -O2 would call. */
#define CAT_INLINE inline __attribute__((always_inline))

/* ---- small inline helpers ---- */
static inline const cat_cfg *cat_config(const kt_game *g) { return (const cat_cfg *)g->cfg; }
static inline int cat_np(const kt_game *g) { return g->nplayers; }
/* portable SWAR popcount: __builtin_popcountll becomes a library call
 * without -mpopcnt, and this is on the hot path */
static inline int cat_popc(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
static inline int cat_ctz(uint64_t x) { return __builtin_ctzll(x); }
static inline int cat_edge_has(const uint64_t m[2], int e)
{
    return (int)((m[e >> 6] >> (e & 63)) & 1u);
}
static inline cat_frame *cat_top(cat_state *s) { return &s->stack[s->nstack - 1]; }
static inline const cat_frame *cat_ctop(const cat_state *s) { return &s->stack[s->nstack - 1]; }
static inline int cat_knight_level(const cat_state *s, int v) { return s->v_aux[v] & KN_LEVEL; }
static inline int cat_is_city(const cat_state *s, int v) { return s->v_piece[v] == VP_CITY; }

/* Victory points visible to everybody / including hidden base VP cards.
 * Inline: the engine loop checks the win after every action. */
static inline int cat_vp_public(const kt_game *g, const cat_state *s, int p)
{
    (void)g;
    const cat_player *pl = &s->pl[p];
    int v = pl->n_settle + pl->n_sideways + 2 * (pl->n_city + pl->n_metro) + pl->defender +
            (pl->vpcards & 1) + (pl->vpcards >> 1 & 1);
    v += 2 * (s->lr_holder == p) + 2 * (s->la_holder == p);
    v += s->merchant >= 0 && s->merchant_owner == p;
    return v;
}
static inline int cat_vp_total(const kt_game *g, const cat_state *s, int p)
{
    return cat_vp_public(g, s, p) + s->pl[p].dev[DV_VP];
}

/* ---- board.c ---- */
int cat_edge_of(int a, int b);                 /* edge joining two vertices, or -1 */
void cat_recompute(const kt_game *g, cat_state *s);
void cat_update_blocked(cat_state *s);
int cat_road_length(const cat_state *s, int p);
void cat_update_longest(const kt_game *g, cat_state *s);
uint64_t cat_reach(const cat_state *s, int p, int from);
uint64_t cat_road_spots_v(const cat_state *s, int p);  /* vertices roads may start from */
void cat_road_edges(const cat_state *s, int p, uint64_t out[2]);
uint64_t cat_settle_spots(const cat_state *s, int p);
uint64_t cat_knight_spots(const cat_state *s, int p);
void cat_make_layout(const kt_game *g, int beginner, uint64_t seed, uint8_t *terrain,
                     uint8_t *number, uint8_t *port);
int cat_layout_ok(const uint8_t *terrain, const uint8_t *number);
void cat_place(const kt_game *g, cat_state *s, int v, int p, int piece, int aux);
void cat_remove(const kt_game *g, cat_state *s, int v);
void cat_replace(const kt_game *g, cat_state *s, int v, int piece, int aux);
/* production cache (prod): add (sign +1) or take away (-1) what hex h
 * yields to the buildings around it (nothing on the robber's hex) */
void cat_prod_hex(const kt_game *g, cat_state *s, int h, int sign);
void cat_move_robber(const kt_game *g, cat_state *s, int h);
void cat_put_road(cat_state *s, int e, int p);
void cat_take_road(cat_state *s, int e);

/* ---- rules.c ---- */
int cat_legal(const kt_game *g, const kt_state *ks, kt_action *out);
void cat_apply(const kt_game *g, kt_state *ks, kt_action a);
void cat_advance(const kt_game *g, cat_state *s);
/* the derived composition masks (tr_offer, tr_ask, tr_nsend) from the
 * trade and the proposer's hand: after a load and a determinization */
void cat_compose_masks(const kt_game *g, cat_state *s);
void cat_push(cat_state *s, int kind, int player, int a, int b, int c, int d);
void cat_pop(cat_state *s);
int cat_bank_rate(const kt_game *g, const cat_state *s, int p, int kind);
void cat_bank_rates(const kt_game *g, const cat_state *s, int p, int *rates);
void cat_gain(cat_state *s, int p, int kind, int n);   /* from the bank */
void cat_lose(cat_state *s, int p, int kind, int n);   /* to the bank */
void cat_move(cat_state *s, int from, int to, int kind, int n);
int cat_random_card(cat_state *s, int p);              /* a random kind in p's hand */
int cat_can_improve(const kt_game *g, const cat_state *s, int p, int track, int discount);
void cat_do_improve(const kt_game *g, cat_state *s, int p, int track, int discount);
void cat_draw_progress(const kt_game *g, cat_state *s, int p, int colour);
void cat_prog_remove(cat_state *s, int p, int idx);
void cat_prog_under(cat_state *s, int card, uint8_t known);
int cat_steal_candidates(const cat_state *s, int p, int hex);
void cat_after_robber(const kt_game *g, cat_state *s, int p, int bishop);
int cat_relocation_targets(const cat_state *s, int owner, int from, uint64_t *out);
void cat_start_relocation(const kt_game *g, cat_state *s, int owner, int from, int aux);
void cat_build_city(const kt_game *g, cat_state *s, int p, int v);
uint64_t cat_city_spots(const cat_state *s, int p);
uint64_t cat_wall_spots(const cat_state *s, int p);
int cat_knight_can_promote(const cat_state *s, int p, int v);
int cat_turn_active(const cat_state *s, int p);
uint64_t cat_pillage_spots(const cat_state *s, int p);   /* cities without a metropolis */
uint64_t cat_metro_spots(const cat_state *s, int p);
int cat_metro_vertex(const cat_state *s, int track);     /* -1 when nobody holds it */
/* legal actions of any decision frame (not only the top one) */
int cat_frame_legal(const kt_game *g, const cat_state *s, const cat_frame *f, kt_action *out);
/* a decision that has become empty and would be dropped instead of asked */
int cat_frame_vacuous(const kt_game *g, const cat_state *s, const cat_frame *f);

/* ---- cards.c ---- */
int cat_card_playable(const kt_game *g, const cat_state *s, int p, int card);
void cat_card_play(const kt_game *g, cat_state *s, int p, int card);
int cat_card_legal(const kt_game *g, const cat_state *s, const cat_frame *f, kt_action *out);
int cat_card_apply(const kt_game *g, cat_state *s, cat_frame *f, kt_action a);
int cat_open_road(const kt_game *g, const cat_state *s, int e);
int cat_inventor_token(int number);  /* may the Inventor move this token? */
int cat_dev_playable(const kt_game *g, const cat_state *s, int p, int card);
void cat_dev_play(const kt_game *g, cat_state *s, int p, int card);

/* ---- text.c ---- */
void cat_action_text(const kt_game *g, const kt_state *ks, kt_action a, int viewer, int lang,
                     kt_buf *out);
void cat_prompt(const kt_game *g, const kt_state *ks, int lang, kt_buf *out);
void cat_menu_item(const kt_game *g, const kt_state *ks, kt_action a, int lang, kt_menu_item *out);
const char *cat_decision_name(int d);
void cat_hex_name(int h, char *out);
const char *cat_kind_name(int k, int lang);
const char *cat_card_name(int c, int lang);

/* ---- view.c ---- */
void cat_observe(const kt_game *g, const kt_state *ks, int player, int lang, kt_jw *w);
/* A player's record: the save's full form, or the observation's for viewer. */
typedef enum cat_rec { CAT_REC_SAVE, CAT_REC_VIEW } cat_rec;
void cat_write_player(const kt_game *g, const cat_state *s, int p, int viewer, cat_rec form,
                      kt_jw *w);

/* ---- save.c ---- */
/* Pieces of the full-state JSON that the observation (view.c) writes too. */
extern const char *const cat_trade_state_key[3];
void cat_write_hand(kt_jw *w, const uint8_t *hand);
void cat_write_dev(kt_jw *w, const uint8_t *d);
void cat_write_board(const cat_state *s, kt_jw *w);
void cat_write_turn(const cat_state *s, kt_jw *w);
void cat_write_trade(const cat_state *s, int with_from, kt_jw *w);
void cat_save(const kt_game *g, const kt_state *ks, kt_jw *w);
int cat_load(const kt_game *g, const kt_jv *v, kt_state *ks, kt_jr *r);

/* ---- targets.c ---- */
/* what an action acts on (gamedef.action_info); decision names for people */
void cat_action_info(const kt_game *g, const kt_state *ks, kt_action a, kt_action_info *out);
const char *cat_decision_label(int d, int lang);

/* ---- render.c ---- */
void cat_render(const kt_game *g, const kt_state *ks, int viewer, int lang, kt_buf *out);
void cat_components(int lang, kt_buf *out);

/* ---- determinize.c ---- */
void cat_determinize(const kt_game *g, kt_state *ks, int player, kt_rng *rng);
/* gamedef.reveals: the undo barrier (determinize.c). */
int cat_reveals(const kt_game *g, const kt_state *before, kt_action a, const kt_state *after,
                int player);

/* ---- bots.c ---- */
#define CAT_NBOTS 1
extern const kt_botdef cat_bots[CAT_NBOTS];
void cat_evaluate(const kt_game *g, const kt_state *ks, double *out);

/* ---- check.c ---- */
int cat_check(const kt_game *g, const kt_state *ks, kt_buf *why);

/* ---- setup.c ---- */
kt_status cat_setup(kt_game *g, kt_err *err);
void cat_init(const kt_game *g, kt_state *ks);

/* ---- help.c ---- */
int cat_describe(const char *name, int lang, kt_buf *out);

/* ---- log.c ---- */
void cat_events(const kt_game *g, const kt_state *before, kt_action a, const kt_state *after,
                kt_log *log);

/* ---- check.c ---- */
/* Is the stack of pending frames one that play produces (each frame's kind,
 * place, player and fields)?  While running, every decision on it must have
 * a legal action or be empty.  Returns 1, else 0 with the reason in why. */
int cat_check_stack(const kt_game *g, const cat_state *s, kt_buf *why);
/* the player placing at setup step k */
int cat_setup_player(int nplayers, int k);

#endif
