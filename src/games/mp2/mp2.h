/*
 * mp2.h - Marco Polo II: In the Service of the Khan (+ characters, + Caravans).
 *
 * Data layout.
 *
 *   Configuration (mp2_cfg, one pointer-free block from kt_game_alloc):
 *   every component table parsed from the text files in data/mp2/ (or from
 *   the data_dir option): locations and routes of the map, the normal action
 *   spaces, books and offer tiles, guilds, special cities, city cards,
 *   contracts, goal cards, city-bonus markers, outpost tiles, route tiles
 *   and the shield track.  Everything that grants or costs something is an
 *   mp2_reward (up to three alternative mp2_bundles) stored once in
 *   cfg->rw[] and referred to by index, so effects on the pending stack are
 *   a few small integers.  Rule flags (seed/rulebook disagreements) are
 *   copied from the options into cfg->flag_*.
 *
 *   State (mp2_state): one flat struct after kt_state_hdr.  Players hold
 *   resources as int16 counters (victory points may go negative), their
 *   unplaced dice as counts per pip value (own and black kept apart: dice of
 *   one colour and value are interchangeable, which keeps placements
 *   canonical), posts and completed contracts as bit sets.  The board holds
 *   per action space who used it this round, the Khan's Favor slots, city
 *   cards on their slots and the undrawn city-card deck, contracts on the
 *   contract cities and the face-down pile, the offer-tile piles, bonus
 *   markers, outpost tiles and route tiles.  Decisions that are not "your
 *   turn" live on a small stack of pending effects (mp2_eff); the top entry
 *   names the player to move and the decision.  A move in progress keeps
 *   its bookkeeping in mp2_move.
 *
 * Hidden information: other players' goal cards (and goal options), the
 * unknown part of the contract pile, the city-card deck, offer tiles below
 * the visible top of each pile.  determinize.c resamples exactly those.
 */
#ifndef MP2_H
#define MP2_H

#include <stdint.h>

#include "../../core/game.h"
#include "../../core/stack.h"

#define MP2_MAGIC 0x4d503221u /* "MP2!" */
#define MP2_MAXP 4
#define MP2_ROUNDS 5
#define MP2_POSTS 11
#define MP2_NOLOC 255
#define MP2_NONE 255

/* ---- items of bundles: the first NRES are counters on the player board ---- */
enum {
    IT_COIN, IT_CAMEL, IT_JADE, IT_PEPPER, IT_SILK, IT_GOLD, IT_VP,
    MP2_NRES,
    IT_GOOD = MP2_NRES, /* one good of choice (pepper/silk/gold) */
    IT_DRAW,            /* top contract of the pile */
    IT_CONTRACT,        /* a face-up contract from a contract city with your post */
    IT_BLACK,           /* a black die */
    IT_MOVE,            /* move up to n locations */
    IT_XPOST,           /* extra post in a city passed through (with IT_MOVE) */
    IT_SHIELD,          /* +1 shield for final scoring */
    MP2_NITEMS
};

typedef struct mp2_bundle {
    int8_t n[MP2_NITEMS];
} mp2_bundle;

#define MP2_MAXALT 3
typedef struct mp2_reward {
    uint8_t nalt;
    mp2_bundle alt[MP2_MAXALT];
} mp2_reward;

/* ---- capacities (validated by the loader) ---- */
#define MP2_MAXLOC 64
#define MP2_MAXROUTE 160
#define MP2_MAXADJ 10
#define MP2_NSHIELD 9
#define MP2_NGUILD 4
#define MP2_NSPECIAL 3
#define MP2_NCARDS 25
#define MP2_NCONTRACTS 49
#define MP2_NSTARTERS 7
#define MP2_NCCITY 5     /* contract cities, 2 spaces each */
#define MP2_NCARDCITY 6  /* city-card spaces beside cities */
#define MP2_NBONUSCITY 6 /* cities with a city-bonus marker */
#define MP2_NMARKERS 7
#define MP2_NOUTPOSTS 10
#define MP2_NOFFERS 18
#define MP2_NGOALS 14
#define MP2_MAXTILES 24 /* caravan route tiles */
#define MP2_NAME 24
/* The terminal map: a grid of MP2_MAPW x MP2_MAPH cells (render.c). */
#define MP2_MAPW 12
#define MP2_MAPH 6
#define MP2_MAXRW 400
#define MP2_TRACK 14 /* shield track values for 0..13 shields */
/* Legal actions at most: 21 one-die spaces x 13 die kinds + 91 pairs x 2 +
 * 455 triples, plus bonus actions; decisions are far smaller. */
#define MP2_MAXLEGAL 1100

enum { LK_START, LK_CITY, LK_OASIS };
enum { SRC_SEED, SRC_RULEBOOK, SRC_PUBLIC, SRC_RECON };
enum { G_FARMER, G_SPICER, G_TAILOR, G_JEWELER };

typedef struct mp2_loc {
    char name[MP2_NAME], de[MP2_NAME];
    uint8_t kind, large, shield, x, y, src;
    uint8_t special;   /* 1 + index into cfg->special, or 0 */
    uint8_t bonus;     /* 1 + bonus-city index, or 0 */
    uint8_t card;      /* 1 + city-card slot, or 0 */
    uint8_t ccity;     /* 1 + contract-city index, or 0 */
    uint8_t outpost;   /* 1 + outpost index, or 0 */
    uint8_t nadj;
    uint8_t adj[MP2_MAXADJ];   /* neighbour locations */
    uint8_t route[MP2_MAXADJ]; /* route index for each neighbour */
} mp2_loc;

typedef struct mp2_route {
    uint8_t a, b, coins, camels, jade, seal; /* seal: 1 + guild, or 0 */
    uint8_t src;
} mp2_route;

/* Normal action spaces (the fixed board); special cities and city cards
 * follow as further space indices. */
enum {
    SP_BOOK1, SP_BOOK2, SP_BOOK3A, SP_BOOK3B, SP_KHAN, SP_SEALS, SP_CONTRACTS,
    SP_TRAVEL1, SP_TRAVEL2, SP_TRAVEL3,
    MP2_NBASESP,
    SP_SPECIAL = MP2_NBASESP,            /* 3 cities x 2 spaces */
    SP_CARD = SP_SPECIAL + 2 * MP2_NSPECIAL, /* 6 city slots + 2 action area */
    SP_BAG = SP_CARD + 8,
    MP2_NSPACES
};

typedef struct mp2_spacedef {
    uint8_t dice, min, stack, src;
} mp2_spacedef;

typedef struct mp2_guild {
    char name[MP2_NAME], de[MP2_NAME];
    uint8_t take, jade, copies, src;
    uint16_t improve; /* reward index used as a cost (first alternative) */
    uint16_t income;  /* reward index of the "!" bonus */
} mp2_guild;

typedef struct mp2_special {
    uint8_t loc, guild, src;
    uint16_t reward[2];
    uint8_t twice[2]; /* die value from which the seal bonus counts twice */
} mp2_special;

enum { CK_TRADE, CK_EITHER, CK_PERCONTRACT, CK_PERPOST, CK_BONUSES, CK_SEALS };
enum { CT_DIE, CT_HALF, CT_ONE };

typedef struct mp2_card {
    char id[8];
    uint8_t kind, times, min, src;
    uint16_t pay, gain, pay2, gain2; /* reward indices (0 = nothing) */
} mp2_card;

typedef struct mp2_contract {
    char id[8];
    uint8_t starter, src;
    uint16_t cost, reward;
} mp2_contract;

typedef struct mp2_goal {
    char id[8];
    uint8_t ncity, nseal, src;
    uint8_t city[4];
    uint8_t seal[4], sealvp[4];
} mp2_goal;

typedef struct mp2_tilerec {
    char id[8];
    uint8_t src, copy;    /* copy: the "?" city-bonus marker */
    uint16_t reward;
} mp2_tilerec;

typedef struct mp2_offer {
    char id[8];
    uint8_t book, src;
    uint16_t jade1, jade2;
} mp2_offer;

typedef struct mp2_rtile {
    char id[8];
    uint8_t crest[2], src;
} mp2_rtile;

/* Characters (rules in code; names here). */
enum {
    CH_MONGKE, CH_DEWU, CH_ABHA, CH_MAILIN, CH_FILIPPO, CH_ISABELLA, CH_GANTULGA,
    CH_TEBALDO, CH_PIEDRO, CH_VIDAL, CH_DONATA,
    MP2_NCHAR
};
#define MP2_NBASECHAR 7

typedef struct mp2_cfg {
    int np;
    /* options and rule flags */
    uint8_t caravans, draft;
    uint8_t fixed_char[MP2_MAXP];
    uint8_t flag_first_last;     /* first player: last traveller instead of highest space */
    uint8_t flag_mongke_end;     /* Möngke: an oasis ended on also rewards */
    uint8_t flag_xpost_bonus;    /* extra post of the upper travel space gets arrival bonuses */
    uint8_t flag_filippo_use;    /* Filippo gains his own outpost tiles at once (and keeps them) */
    uint8_t flag_isa_reroll;     /* Isabella's die bonus also on rerolls */
    uint8_t flag_mailin_both;    /* both of Mailin's figures place posts */
    uint8_t flag_goal_shield;    /* goal shields match any city with that shield */
    /* map */
    int nloc, nroute, start;
    mp2_loc loc[MP2_MAXLOC];
    mp2_route route[MP2_MAXROUTE];
    char shield[MP2_NSHIELD][MP2_NAME], shield_de[MP2_NSHIELD][MP2_NAME];
    uint8_t special_loc[MP2_NSPECIAL];
    uint8_t bonus_loc[MP2_NBONUSCITY];
    uint8_t card_loc[MP2_NCARDCITY];
    uint8_t ccity_loc[MP2_NCCITY];
    uint8_t outpost_loc[MP2_NOUTPOSTS];
    uint64_t city_mask, oasis_mask;
    uint64_t shield_mask[MP2_NSHIELD]; /* cities bearing each shield */
    /* board */
    mp2_spacedef space[MP2_NBASESP];
    uint16_t book_top[3][2];
    uint8_t book_src[3];
    mp2_guild guild[MP2_NGUILD];
    mp2_special special[MP2_NSPECIAL];
    int16_t track[MP2_TRACK];
    uint8_t track_src;
    /* cards and tiles */
    mp2_card card[MP2_NCARDS];
    mp2_contract contract[MP2_NCONTRACTS];
    mp2_goal goal[MP2_NGOALS];
    mp2_tilerec marker[MP2_NMARKERS];
    mp2_tilerec outpost[MP2_NOUTPOSTS];
    mp2_offer offer[MP2_NOFFERS];
    uint8_t offer_pile[3][6]; /* offer indices per book, data order */
    int nrtile;
    mp2_rtile rtile[MP2_MAXTILES];
    /* rewards; rw[0] is the empty reward */
    int nrw;
    mp2_reward rw[MP2_MAXRW];
    uint16_t rw_bag, rw_mongke, rw_khan, rw_contract_coins;
    /* derived after loading (mp2_derive), for the legal-move generator */
    uint8_t sp_dice[MP2_NSPACES];   /* dice a placement takes */
    uint8_t sp_min[MP2_NSPACES];    /* lowest die allowed by the space */
    uint8_t sp_single[MP2_NSPACES]; /* closed once used (Khan's Favor: own rule) */
    uint8_t sp_fee[MP2_NSPACES];    /* later users pay the fee */
    uint8_t seal_die[7];            /* guilds a die of each value can take */
    uint64_t bonus_mask;            /* cities with a city-bonus marker */
} mp2_cfg;

/* ---- state ---- */

typedef struct mp2_eff {
    uint8_t type, p, b, c;
    uint16_t a, d;
} mp2_eff;

enum { MV_TRAVEL = 1, MV_XPOST = 2 };

typedef struct mp2_move {
    uint64_t passed;  /* cities entered and left during this move */
    uint64_t skipped; /* oases skipped by Möngke Khan */
    uint8_t on, p, steps, flags;
    uint8_t legs;     /* legs taken */
    uint8_t moved;    /* figures moved (bit per figure) */
    uint8_t pend;     /* figures on an oasis entered during this move (Möngke) */
    uint8_t last;     /* figure moved last */
} mp2_move;

typedef struct mp2_player {
    uint64_t posts;      /* locations with this player's trading post */
    uint64_t done;       /* completed contracts */
    int16_t res[MP2_NRES];
    uint16_t kept;       /* Filippo: outpost tiles kept */
    uint8_t own[7];      /* unplaced own dice per value 1..6 */
    uint8_t blk[7];      /* held black dice per value 1..6 */
    uint8_t fig[2];      /* figure locations; fig[1] only for Mailin & Tian Chin */
    uint8_t character;
    uint8_t seals;       /* bit g: has guild g; bit 4+g: improved */
    uint8_t con[2];      /* active contracts, MP2_NONE = empty */
    uint8_t fresh;       /* bit i: con[i] taken in the current action */
    uint8_t ndone, nposts;
    uint8_t goal_opt[3];
    uint8_t goal;        /* chosen index 0..2, MP2_NONE before the choice */
    uint8_t plus;        /* +1 shields from rewards */
    uint8_t pieces;      /* Donata: unused pieces, bit = player colour */
    uint8_t tflags;      /* per turn: black die bought, Vidal's exchange used */
    uint8_t cv_loc[2];   /* caravan positions, MP2_NOLOC = at home */
    uint8_t cv_tile[2];  /* route tile of each running caravan */
    uint8_t cv_goods[2][2]; /* loaded goods (IT_PEPPER..IT_GOLD) or 0 */
    uint8_t nplaced;     /* own dice on the board this round */
    uint8_t pad_[2];
} mp2_player;

enum { TF_BLACK = 1, TF_VIDAL = 2 };

typedef struct mp2_space {
    uint8_t used;  /* placements this round (neutral dice count) */
    uint8_t occ;   /* bit p: a die of player p's colour is here */
    int8_t last;   /* last user: player, -1 none, -2 neutral */
    uint8_t low;   /* lowest die of the last placement */
} mp2_space;

enum { PH_SETUP, PH_ROUND, PH_PLAY, PH_OVER };
enum { RT_UP, RT_HELD, RT_DOWN };

#define MP2_STACK 48

typedef struct mp2_state {
    kt_state_hdr h;
    mp2_move mv;
    mp2_player pl[MP2_MAXP];
    mp2_space sp[MP2_NSPACES];
    mp2_eff stack[MP2_STACK];
    uint64_t removed;          /* contracts out of the game */
    uint64_t xmask;            /* cities passed by the move that earned an extra post */
    uint8_t nstack;
    uint8_t phase, round, first, next_first, fp_rank, main_done, black_pool;
    uint8_t khan[4];           /* die values on the Khan's Favor, 0 = empty */
    int8_t khan_by[4];         /* player, -2 neutral */
    uint8_t card_slot[8];      /* city card on each slot, MP2_NONE = none */
    uint8_t cc_deck[MP2_NCARDS];
    uint8_t cc_next;           /* next card of cc_deck to draw */
    uint8_t cboard[MP2_NCCITY][2];
    uint8_t pile[MP2_NCONTRACTS];
    uint8_t pile_len, pile_unknown; /* the first pile_unknown are face down unknown */
    uint8_t offers[3][6];      /* per book: tile shown in round r is offers[b][r]; [5] removed */
    uint8_t marker[MP2_NBONUSCITY];
    uint8_t unused_marker;
    uint8_t outpost[MP2_NOUTPOSTS]; /* tile on each outpost city, MP2_NONE = taken */
    uint8_t rtile[MP2_MAXTILES];    /* RT_UP / RT_HELD / RT_DOWN */
    uint8_t draft[MP2_MAXP + 1];    /* characters offered */
    uint8_t final_done;
    uint8_t black_placed;      /* black dice on the board */
    uint8_t overflow;          /* 0; 1 once a push found the stack full (core/stack.h) */
    uint8_t pad_[3];
} mp2_state;

/* Decisions (hdr.decision).  DEC_TURN when the stack is empty. */
enum {
    DEC_TURN, DEC_DRAFT, DEC_GOAL, DEC_MAILIN, DEC_COPY, DEC_COMP, DEC_ISABELLA, DEC_ALT,
    DEC_GOOD, DEC_MARKET, DEC_SEAL, DEC_CONTRACT, DEC_DISCARD, DEC_MOVE, DEC_MOVEPOST,
    DEC_XPOST, DEC_CARD, DEC_CARDBONUS, DEC_CVMOVE, DEC_CVLOAD, DEC_CVTILE, DEC_CVCITY,
    DEC_CVSELL, DEC_CVRETURN, DEC_OVER,
    MP2_NDEC
};

/* Effects on the pending stack.  Those before EF_AUTO wait for a decision
 * of player p; the others run automatically. */
enum {
    EF_NONE,
    EF_DRAFT, EF_GOAL, EF_MAILIN, EF_COPY, EF_COMP, EF_ISABELLA, EF_ALT, EF_GOOD,
    EF_MARKET, EF_SEAL, EF_CONTRACT, EF_DISCARD, EF_MOVE, EF_MOVEPOST, EF_XPOST, EF_CARD,
    EF_CARDBONUS, EF_CVMOVE, EF_CVLOAD, EF_CVTILE, EF_CVCITY, EF_CVSELL, EF_CVRETURN,
    EF_AUTO,
    EF_GAIN = EF_AUTO, EF_INCOME, EF_ROLL, EF_ARRIVE, EF_ARRIVE2, EF_DRAW, EF_BLACK,
    EF_MONGKE, EF_CVMOVES, EF_CVFINISH, EF_STARTPLAY,
    EF_COUNT
};

/* ---- actions: kind in the top 4 bits ---- */
enum {
    A_PLACE, A_BAG, A_REROLL, A_SHIFT, A_BUYBLACK, A_COMPLETE, A_IMPROVE, A_FILIPPO,
    A_VIDAL, A_CVSTART, A_CVDONE, A_END, A_PICK, A_MOVE, A_DONE
};
#define MP2_ACT(k, x) (((kt_action)(k) << 28) | (kt_action)(x))
#define MP2_AKIND(a) ((int)((a) >> 28))
#define MP2_AARG(a) ((uint32_t)(a) & 0x0fffffffu)

/* A die in an action: 5 bits (type << 3 | value); type 1 own, 2 black,
 * 3 Donata's piece (value = colour + 1, counts as a 6). */
enum { DT_OWN = 1, DT_BLACK = 2, DT_PIECE = 3 };
#define MP2_DIE(t, v) ((uint32_t)(((t) << 3) | (v)))
#define MP2_DTYPE(d) ((int)((d) >> 3) & 3)
#define MP2_DVAL(d) ((int)(d) & 7)

/* ---- shared functions ---- */

/* data.c */
kt_status mp2_load_data(mp2_cfg *c, const kt_allocator *a, const char *dir, kt_err *err);
void mp2_derive(mp2_cfg *c);
const char *mp2_item_code(int item);
const char *mp2_char_name(int ch, int lang);
int mp2_char_find(const char *name);
const char *mp2_src_name(int src);
void mp2_components(int lang, kt_buf *out);

/* setup.c */
kt_status mp2_setup(kt_game *g, kt_err *err);
void mp2_init(const kt_game *g, kt_state *s);
void mp2_take_character(const mp2_cfg *c, mp2_state *s, int p, int ch); /* its set-up effects */

/* rules.c */
/* Push an effect (effects run top first: push in reverse order). */
void mp2_push(mp2_state *s, int type, int p, int a, int b, int cc, int d);
/* Resolve the effect stack until a decision or the end. */
void mp2_run(const mp2_cfg *c, mp2_state *s);
void mp2_refill_board(mp2_state *s); /* the board's contract offer */
int mp2_legal(const kt_game *g, const kt_state *s, kt_action *buf);
void mp2_apply(const kt_game *g, kt_state *s, kt_action a);
void mp2_final_scores(const mp2_cfg *c, const mp2_state *s, int score[MP2_MAXP],
                      int detail[MP2_MAXP][8]);
int mp2_shields(const mp2_cfg *c, const mp2_state *s, int p);
int mp2_max_legal(const mp2_cfg *c);
int mp2_die_value(int d);
int mp2_dice_left(const mp2_player *pl);
int mp2_can_pay(const mp2_player *pl, int coins, int camels, int jade);
int mp2_step_cost(const mp2_cfg *c, const mp2_state *s, int p, int fig);
void mp2_decision_sync(const mp2_cfg *c, mp2_state *s);
int mp2_black_total(const mp2_cfg *c);

/* check.c: the invariants (also run after every load) */
int mp2_check(const kt_game *g, const kt_state *s, kt_buf *why);
/* The fields of one pending effect are in range for its type (unused
 * fields zero); *why says what is wrong.  The loader calls it per entry
 * (for an error naming the entry), mp2_check again with the context. */
int mp2_eff_valid(const mp2_cfg *c, const mp2_eff *e, const char **why);

/* view.c */
void mp2_action_text(const kt_game *g, const kt_state *s, kt_action a, int viewer, int lang,
                     kt_buf *out);
const char *mp2_decision_name(int d);
void mp2_prompt(const kt_game *g, const kt_state *s, int lang, kt_buf *out);
void mp2_observe(const kt_game *g, const kt_state *s, int player, int lang, kt_jw *w);
/* save.c: pieces of the saved JSON the observation (view.c) writes too */
extern const char *const mp2_eff_names[EF_COUNT];
void mp2_w_name_or_null(kt_jw *w, const char *key, const char *name);
void mp2_w_player(kt_jw *w, const mp2_cfg *c, const mp2_state *s, int p, int full);
void mp2_w_board(kt_jw *w, const mp2_cfg *c, const mp2_state *s);
void mp2_save(const kt_game *g, const kt_state *s, kt_jw *w);
int mp2_load(const kt_game *g, const kt_jv *v, kt_state *s, kt_jr *r);
void mp2_bundle_text(const mp2_cfg *c, const mp2_bundle *b, int lang, kt_buf *out);
const char *mp2_guild_name(const mp2_cfg *c, int g, int lang);
void mp2_rw_text(const mp2_cfg *c, int rw, int lang, kt_buf *out); /* a reward, in words */
void mp2_card_text(const mp2_cfg *c, int card, int lang, kt_buf *out);
const char *mp2_loc_name(const mp2_cfg *c, int loc, int lang);
const char *mp2_good_name(int item, int lang);
/* Name of action space sp ("travel 3", "card Kashgar", "money bag"). */
void mp2_space_name(const mp2_cfg *c, int sp, int lang, kt_buf *out);
/* Every field of action a indexes its tables (a may be any code). */
int mp2_action_ok(const mp2_cfg *c, const mp2_state *s, kt_action a);

/* view_table.c: the observation's "table" object, round/phase labels and
 * the options of the viewer's pending decision */
void mp2_observe_table(const kt_game *g, const kt_state *s, int viewer, int lang, kt_jw *w);
void mp2_observe_labels(const mp2_state *s, int lang, kt_jw *w);
void mp2_observe_pending(const mp2_cfg *c, const mp2_state *s, const mp2_eff *e, int lang,
                         kt_jw *w);

/* render.c: the terminal screen; the map's 3-letter location codes */
void mp2_render(const kt_game *g, const kt_state *s, int viewer, int lang, kt_buf *out);
void mp2_loc_codes(const mp2_cfg *c, int lang, char out[][4]);

/* help.c: help for a component (gamedef.describe) */
int mp2_describe(const char *name, int lang, kt_buf *out);

/* text.c: menu items (gamedef.menu_item) */
void mp2_menu_item(const kt_game *g, const kt_state *s, kt_action a, int lang, kt_menu_item *out);
/* May `viewer` (a player, KT_SPECTATOR or KT_OMNISCIENT) see player p's
 * goal cards?  Their owner and omniscient readers; everyone once the game
 * has ended (final scoring reveals them). */
int mp2_goal_visible(const mp2_state *s, int p, int viewer);

/* targets.c: what an action acts on (gamedef.action_info) and the decision
 * kinds' names (gamedef.decision_label) */
void mp2_action_info(const kt_game *g, const kt_state *s, kt_action a, kt_action_info *out);
const char *mp2_decision_label(int d, int lang);

/* log.c: the game log (gamedef.events) */
void mp2_events(const kt_game *g, const kt_state *before, kt_action a, const kt_state *after,
                kt_log *log);

/* determinize.c */
void mp2_determinize(const kt_game *g, kt_state *s, int player, kt_rng *rng);
/* gamedef.reveals: the undo barrier (determinize.c). */
int mp2_reveals(const kt_game *g, const kt_state *before, kt_action a, const kt_state *after,
                int player);

/* bots.c */
#define MP2_NBOTS 2
extern const kt_botdef mp2_bots[MP2_NBOTS];
/* rollout.c: the cheap rollout policy (bot "rollout", second in mp2_bots) */
kt_status mp2_rollout_create(const kt_game *g, const kt_optval *opts, uint64_t seed, void **ud,
                             kt_err *err);
kt_status mp2_rollout_choose(void *ud, const kt_game *g, const kt_state *st, kt_action *out,
                             kt_err *err);
void mp2_rollout_destroy(void *ud);
void mp2_rollout_reseed(void *ud, uint64_t seed);
void mp2_evaluate(const kt_game *g, const kt_state *s, double *out);

static inline const mp2_cfg *mp2_config(const kt_game *g) { return (const mp2_cfg *)g->cfg; }
static inline int mp2_popc64(uint64_t x) { return __builtin_popcountll(x); }

/* Small rule queries shared by rules.c and legal.c. */
static inline int mp2_has_char(const mp2_state *s, int p, int ch) { return s->pl[p].character == ch; }
static inline int mp2_has_seal(const mp2_player *pl, int g) { return (pl->seals >> g) & 1; }
static inline int mp2_nfigs(const mp2_state *s, int p) { return s->pl[p].fig[1] != MP2_NOLOC ? 2 : 1; }
static inline int mp2_card_times(const mp2_card *cd, int die)
{
    return cd->times == CT_ONE ? 1 : cd->times == CT_HALF ? (die + 1) / 2 : die;
}
static inline int mp2_bonus_posts(const mp2_cfg *c, const mp2_state *s, int p)
{
    return mp2_popc64(s->pl[p].posts & c->bonus_mask);
}
static inline int mp2_can_pay_b(const mp2_player *pl, const mp2_bundle *b, int times)
{
    for (int i = IT_PEPPER; i <= IT_GOLD; i++)
        if (b->n[i] * times > pl->res[i])
            return 0;
    return mp2_can_pay(pl, b->n[IT_COIN] * times, b->n[IT_CAMEL] * times, b->n[IT_JADE] * times);
}

/* rules.c / legal.c internals: route legs, contracts, income, and the
 * generator of a decision effect's options (run() skips empty ones). */
int mp2_leg_ok(const mp2_cfg *c, const mp2_state *s, int p, const mp2_route *r, int owed);
int mp2_first_leg_exists(const mp2_cfg *c, const mp2_state *s, int p, int owed);
int mp2_contract_avail(const mp2_cfg *c, const mp2_state *s, int p, int loc);
int mp2_income_sources(const mp2_cfg *c, const mp2_state *s, int p, uint16_t *out);
int mp2_gen_decision(const mp2_cfg *c, const mp2_state *s, const mp2_eff *e, kt_action *buf);

#endif
