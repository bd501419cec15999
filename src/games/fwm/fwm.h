/*
 * fwm.h - Fugger, Welser, Medici (Doris & Frank): all four modes (trading
 * house, nobility, manor, full game) for 2-6 players.
 *
 * Data layout.
 *
 *   Configuration (fwm_cfg, one pointer-free block from kt_game_alloc):
 *   the component tables parsed from the data/fwm text files (or the data_dir
 *   option): areas (land regions and the four sea areas), spaces (towns,
 *   roads, bridges, sea spaces) with their neighbours, the calendar, every
 *   card, the nobility track with its 2d6 table and the deck table of the
 *   chosen mode, plus the terminal map drawn once from the data and what
 *   the rules ask often, derived at load (distances, each space's sea
 *   neighbours, the robber and pirate cards).  Rule flags (where the seed
 *   is unsure or silent) are copied from the options into cfg->fl_*.
 *
 *   State (fwm_state): one flat struct after kt_state_hdr.  Players hold
 *   money (int32 FL), goods in the home warehouse and on each of their
 *   three merchants (index 0 is the representative), IOUs, the nobility
 *   marker, free-passage cubes as an area bit set and their sealed bid in
 *   progress (fwm_auc, per player).  Cards are small indices into cfg->card;
 *   where[] says where each one is (box, draw deck, reserve, display,
 *   held, gone), deck[] is the draw order (top = last), open[] the deals on
 *   display with their due round and reveal order.  The rules are an
 *   automaton: `stage` is the position (a decision of hdr.to_move, or a
 *   transient step run() passes through), with a few small context blocks
 *   for the step in progress (the card being resolved and its auction, the
 *   forced sale, the move being carried out, the robbery, the offer between
 *   players in phase 1, the Black Sheep, the lottery).
 *
 * Hidden information: other players' bids (picks in progress and committed
 * bids until the reveal), the order and the unseen part of the draw deck,
 * the reserve's unseen cards and the cards left in the box.
 * determinize.c resamples exactly those.
 */
#ifndef FWM_H
#define FWM_H

#include <stdint.h>

#include "../../core/game.h"

#define FWM_MAGIC 0x46574d21u /* "FWM!" */
#define FWM_MAXP 6
#define FWM_NG 3      /* goods: cloth, spice, metal */
#define FWM_NM 3      /* merchants per player; 0 = representative */
#define FWM_NSLOT 4   /* warehouse + 3 merchants */
#define FWM_MAXSP 96
#define FWM_MAXADJ 8
#define FWM_MAXAREA 32
#define FWM_MAXROUTE 64
#define FWM_MAXVIA 4
#define FWM_MAXCAL 24
#define FWM_MAXCARDS 120
#define FWM_MAXLINES 3
#define FWM_MAXOPEN 16
#define FWM_MAXTRACK 32
#define FWM_NAME 32
#define FWM_ARTW 64
#define FWM_ARTH 18
#define FWM_CUBES 8        /* free-passage cubes per player (seed) */
#define FWM_NONE 255
#define FWM_OFF 255        /* merchant position: in reserve (off the map) */
#define FWM_LOST 254       /* representative lost at sea: never returns */
#define FWM_MAXPRICE 9980  /* highest bid above a bound (engine limit, see doc) */
#define FWM_MAXQ 8         /* largest quantity of a goods line (keeps a bid list < 4096) */
#define FWM_NBIDK (FWM_MAXPRICE / 20 + 1) /* unit prices of a bid: lo, lo + 20, ... */
#define FWM_MAXTRADEP 99980 /* highest price of a trade between players (engine limit) */
#define FWM_MAXXFER 12     /* goods shifted per movement turn or payday (engine limit) */
#define FWM_MAXCANCEL 2    /* planned moves cancelled per turn (engine limit) */

enum { G_CLOTH, G_SPICE, G_METAL };
enum { SRC_SEED, SRC_RULEBOOK, SRC_PUBLIC, SRC_RECON };
enum { SK_TOWN, SK_ROAD, SK_BRIDGE, SK_SEA };
enum { CT_DEMAND, CT_SUPPLY, CT_NOBLE, CT_FAIR, CT_MANOR, CT_EVENT, CT_NTYPES };
enum {
    EV_NONE, EV_ROBBERS, EV_PIRATES, EV_SHEEP, EV_BOOM, EV_LOTTERY, EV_ARMY, EV_TRICK,
    EV_AMERICA, EV_CORONATION, EV_FUGGEREI, EV_CORRUPTION, EV_BLOCKADE, EV_N
};
enum { AF_RESERVE, AF_REMOVE, AF_KEEP };
enum { MODE_TRADING, MODE_NOBILITY, MODE_MANOR, MODE_FULL, MODE_N };
/* nobility-table outcomes */
enum { NO_IOU, NO_HONOUR, NO_SEA, NO_LAND, NO_N };

/* ---- configuration ---- */

typedef struct fwm_area {
    char key[16], en[FWM_NAME], de[FWM_NAME];
    uint8_t sea, src;
} fwm_area;

typedef struct fwm_space {
    char code[4], en[FWM_NAME], de[FWM_NAME];
    uint8_t kind, area, toll, src;
    uint8_t ahead;       /* home city whose players start ahead on the track */
    uint8_t blockade;    /* its demand cards fall to the Mediterranean blockade */
    uint16_t tax;        /* home city: payday tax; 0 otherwise */
    uint8_t x, y;        /* terminal map position (towns: first letter) */
    uint8_t nadj;
    uint8_t adj[FWM_MAXADJ];
    uint8_t adj_sea;     /* bit k: adj[k] is a sea space (derived at load: winter steps) */
} fwm_space;

typedef struct fwm_line {
    uint8_t good, qty;
    uint16_t bound; /* demand: highest price; supply: lowest bid */
} fwm_line;

typedef struct fwm_card {
    char id[4];
    uint8_t level, type, event, after, urgent, town, plus, area, src;
    uint8_t nlines, nlines2;          /* fair: demand lines, supply lines */
    fwm_line line[2 * FWM_MAXLINES];  /* fair: demand lines then supply lines */
    uint16_t min, rent;               /* manor */
} fwm_card;

typedef struct fwm_cal {
    char key[8], en[FWM_NAME], de[FWM_NAME], sen[4], sde[8];
    uint8_t month, winter, src;
} fwm_cal;

typedef struct fwm_deckrow {
    uint8_t used, pile, minus_p, open, reserve, src;
} fwm_deckrow;

typedef struct fwm_cfg {
    int np, mode;
    /* rule flags (options; see docs/fugger_welser_medici.md) */
    uint8_t fl_sea_fee_space;   /* sea fee per sea space entered (else once per move) */
    uint8_t fl_accident_refund; /* after an accident pay only the space moved */
    uint8_t fl_sheep_2p_forced; /* 2 players: the other must take a passed sheep */
    uint8_t fl_lottery_excl;    /* a number may be bet on only once */
    uint8_t fl_debt;            /* unpaid charges leave negative money (else waived) */
    uint8_t fl_auction_iou_track; /* IOUs won at event auctions move the track */
    uint8_t fl_home_tie_dice;   /* home players tie among themselves by dice */
    uint8_t trade_offers;       /* offers a player may make in one phase 1; 0 = no limit */

    int narea, nsp, ncal, ncard, nroute;
    uint32_t sea_areas;                /* bit a: area[a].sea */
    fwm_area area[FWM_MAXAREA];
    fwm_space sp[FWM_MAXSP];
    fwm_cal cal[FWM_MAXCAL];
    fwm_card card[FWM_MAXCARDS];
    uint8_t route_a[FWM_MAXROUTE], route_b[FWM_MAXROUTE], route_n[FWM_MAXROUTE];
    uint8_t route_via[FWM_MAXROUTE][FWM_MAXVIA];
    int cal_start, cal_fair, cal_payday, cal_rent;
    int levels;                        /* highest card level of the mode */
    fwm_deckrow deck[CT_NTYPES];       /* the mode's deck table */
    int track_end, track_start, track_florenz;
    uint8_t track[FWM_MAXTRACK][13];   /* [pos][2d6 sum] -> NO_* */
    uint8_t homes[3];                  /* home-city spaces in data order */
    int nhomes;
    char art[FWM_ARTH][FWM_ARTW + 1];  /* terminal map without pieces */
    int arth;
    /* shortest distances in spaces: [0] any route, [1] without sea spaces
     * (winter); 255 = unreachable.  For the bots' route planning. */
    uint8_t dist[2][FWM_MAXSP][FWM_MAXSP];
    /* the robber and pirate event cards in card order (derived at load):
     * the calendar clears them from the display every round */
    int nrobcards;
    uint8_t robcards[FWM_MAXCARDS];
} fwm_cfg;

static inline const fwm_cfg *fwm_config(const kt_game *g) { return (const fwm_cfg *)g->cfg; }

/* ---- state ---- */

typedef struct fwm_merch {
    uint8_t pos;                /* space, FWM_OFF or FWM_LOST */
    uint8_t cargo[FWM_NG];
    uint16_t stamp;             /* arrival order in its town (queue) */
} fwm_merch;

typedef struct fwm_player {
    int32_t money;
    uint8_t ware[FWM_NG];       /* home warehouse */
    uint8_t home;               /* space; FWM_NONE until chosen */
    fwm_merch m[FWM_NM];
    int8_t track;
    uint8_t noble, ious, manors, hired, robbed; /* robbed: merchant bits this round */
    uint32_t cubes;             /* areas with this player's free-passage cube */
    /* sealed bid, hidden from the others until the reveal */
    uint8_t bstage;             /* 0 not yet, 4 handed in (1-3: picks of old saves, dropped) */
    uint8_t bqty;               /* 0 = pass */
    int32_t bprice;             /* unit price (0 with a pass) */
} fwm_player;

typedef struct fwm_open {
    uint8_t card;
    uint8_t pad;
    uint16_t due;               /* round of its date */
    uint16_t seq;               /* reveal order */
} fwm_open;

/* kinds of auction */
enum { AK_NONE, AK_DEMAND, AK_SUPPLY, AK_IOU, AK_TRICK, AK_FUGGEREI, AK_CORRUPTION, AK_MANOR };

typedef struct fwm_auc {
    uint8_t kind, card, line, good;
    uint8_t ent, done;          /* players entitled / committed (bit sets) */
    uint8_t qtot, left;         /* quantity offered / still to allocate */
    uint8_t qmax[FWM_MAXP];     /* per player quantity bound */
    int32_t lo, hi;             /* price bounds */
    uint8_t order[FWM_MAXP], norder, idx, paying;
    uint8_t got[FWM_MAXP];      /* quantity allocated */
    int32_t paid[FWM_MAXP];     /* money received (demand) or paid */
    uint8_t qty[FWM_MAXP];      /* revealed bids */
    int32_t price[FWM_MAXP];
} fwm_auc;

/* automaton positions: decisions (D) and transient steps (T) */
enum {
    FS_HOME,     /* D choose a home city */
    FS_P1,       /* T phase 1: next card, payday, rent */
    FS_BID,      /* D sealed bids (several players) */
    FS_ALLOC,    /* T allocate a revealed auction */
    FS_FORCE,    /* D forced sale */
    FS_NOBLE,    /* D noble discount */
    FS_CUBE,     /* D place a free-passage or sea-escort cube */
    FS_REFILL,   /* T draw cards until the display is full */
    FS_SHEEP,    /* D keep or pass the Black Sheep */
    FS_LOTTERY,  /* D lottery bets */
    FS_PAYDAY,   /* D hire, fire, move goods */
    FS_PAYCHARGE,/* T interest, wages, taxes */
    FS_MOVE,     /* D movement turn */
    FS_PRICE,    /* D price of an offer to another player (after FS_COMPOSE) */
    FS_REPLY,    /* D accept or decline an offer */
    FS_MOVEX,    /* T carry out a move */
    FS_PASSAGE,  /* D which holder gets the free-passage fee */
    FS_DROP,     /* D goods lost in an accident */
    FS_ROBPAY,   /* D buy +1 on the robbery roll or roll */
    FS_ROBLOSE,  /* D goods taken by robbers */
    FS_CAL,      /* T calendar phase */
    FS_LINE,     /* T next goods line of the card being resolved */
    FS_POST,     /* T after the card's last line: discard, refill */
    FS_NOBLENEXT,/* T next seller of a noble demand */
    FS_AMERICA,  /* T next buyer of the Discovery of America */
    FS_TURNEND,  /* T robbers attack the merchants that stood still */
    FS_TRADE,    /* D phase 1: offer a trade to a player met, or done trading */
    FS_COMPOSE,  /* D the goods of an offer, one by one, then done */
    FS_OVER,
    FS_N
};

/* card locations */
enum { W_BOX, W_DECK, W_RESERVE, W_OPEN, W_HELD, W_GONE };

/* round flags */
enum { RF_PAYDAY = 1, RF_RENT = 2, RF_FAIR_D = 4, RF_FAIR_S = 8, RF_TRADE = 16 };

typedef struct fwm_state {
    kt_state_hdr h;
    uint8_t stage, fs_ret, start, nturn;
    uint16_t round, seq, stampc;
    uint8_t rflags, boom, blockade, nopen;
    uint8_t fair;               /* the fair's card or FWM_NONE */
    int8_t sheep, corrupt, trick, manor_first; /* holders, -1 none */
    uint8_t ndeck, ennobled, ended, mv_xfers; /* mv_xfers: goods shifted this turn */
    uint32_t robarea;           /* areas with robbers/pirates this round */
    fwm_player pl[FWM_MAXP];
    uint8_t where[FWM_MAXCARDS];
    uint8_t known[FWM_MAXCARDS];  /* 1: everybody knows where the card is */
    uint8_t hold[FWM_MAXCARDS];   /* holder + 1 of a held manor */
    uint8_t deck[FWM_MAXCARDS];   /* draw order, top = deck[ndeck-1] */
    fwm_open open[FWM_MAXOPEN];
    /* the card being resolved */
    uint8_t cur, half, line, pidx;  /* card, fair half, goods line, player index in a loop */
    uint8_t buyers, paying, mv_ending, mv_cancels; /* card's buyers; payment after a forced sale */
    fwm_auc auc;
    /* forced sale */
    uint8_t fs_player, fs_why, cube_player, cube_sea;
    int32_t fs_need;
    /* movement: mover, planned path, move being carried out */
    uint8_t mv_merch, mv_len, mv_moved, mv_started;
    uint8_t mv_path[3];
    uint8_t tw_idx;             /* players done trading in this phase 1 (from the start player) */
    uint8_t x_merch, x_len, x_step, x_acc;   /* executing: merchant, spaces, progress, accident */
    uint8_t x_path[3], x_from;
    uint8_t x_fee[3];           /* areas whose free-passage fee is still to be paid */
    uint8_t x_nfee, x_drop, x_rob, x_robbonus;
    uint8_t x_robloss, x_robarea, evcard, cube_ret;
    /* the offer being made: from, to, 1 if `from` buys, the space where they
     * meet, 0 goods being chosen / 1-3 price picks / 4 made; the goods
     * (cloth, spice, metal, IOUs) and the price of the whole */
    uint8_t of_from, of_to, of_buy, of_at, of_stage;
    uint8_t of_goods[FWM_NG + 1];
    int32_t of_price;
    uint8_t tw_offers[FWM_MAXP];   /* offers each player made in this phase 1 */
    uint8_t tw_declined[FWM_MAXP]; /* players who declined one of them (bits; for the bots) */
    /* Black Sheep and lottery */
    uint8_t sh_at, lot_turn, lot_idle, lot_bet;
    int32_t sh_stake;
    uint8_t lot_owner[6];       /* bit set of bettors per number */
    uint8_t pad2[2];
} fwm_state;

/* ---- internal API ---- */

/* data.c */
kt_status fwm_load_data(fwm_cfg *c, const kt_allocator *a, const char *dir, kt_err *err);
const char *fwm_src_name(int src);
int fwm_space_find(const fwm_cfg *c, const char *name);
int fwm_card_find(const fwm_cfg *c, const char *id);
int fwm_area_find(const fwm_cfg *c, const char *key);

/* names (text.c) */
const char *fwm_good_name(int g, int lang);
const char *fwm_sp_name(const fwm_cfg *c, int sp, int lang);
const char *fwm_area_name(const fwm_cfg *c, int a, int lang);
const char *fwm_mode_name(int mode);
const char *fwm_event_name(int ev, int lang);
const char *fwm_outcome_name(int o, int lang);
void fwm_card_title(const fwm_cfg *c, int card, int lang, kt_buf *out);
void fwm_card_goods(const fwm_cfg *c, int card, int lang, kt_buf *out);
int fwm_describe(const char *name, int lang, kt_buf *out);
void fwm_action_text(const kt_game *g, const kt_state *s, kt_action a, int viewer, int lang,
                     kt_buf *out);
const char *fwm_decision_name(int d);
void fwm_prompt(const kt_game *g, const kt_state *s, int lang, kt_buf *out);
void fwm_menu_item(const kt_game *g, const kt_state *s, kt_action a, int lang,
                   kt_menu_item *out);
void fwm_components(int lang, kt_buf *out);

/* setup.c */
kt_status fwm_setup(kt_game *g, kt_err *err);
void fwm_init(const kt_game *g, kt_state *s);

/* rules.c and friends (log.c: fwm_events) */
int fwm_legal(const kt_game *g, const kt_state *s, kt_action *buf);
void fwm_apply(const kt_game *g, kt_state *s, kt_action a);
void fwm_apply_log(const kt_game *g, kt_state *s, kt_action a, kt_log *log);
uint32_t fwm_pending(const kt_game *g, const kt_state *s);
void fwm_events(const kt_game *g, const kt_state *before, kt_action a, const kt_state *after,
                kt_log *out);
int fwm_card_counts(const fwm_card *cd);   /* counts toward the display of 4 */
int fwm_open_counted(const fwm_cfg *c, const fwm_state *s);
int32_t fwm_value(const fwm_cfg *c, const fwm_state *s, int p); /* money after forced sale */
/* The calendar space of a round, whether it is winter, the merchant bits
 * of player p at a space and the goods p can use there: inline, as the
 * legal lists and the learner's observation ask them in every step. */
static inline int fwm_cal_at(const fwm_cfg *c, int round)
{
    return (c->cal_start + round) % c->ncal;
}
static inline int fwm_winter(const fwm_cfg *c, int round)
{
    return c->cal[fwm_cal_at(c, round)].winter;
}
static inline int fwm_merch_at(const fwm_state *s, int p, int sp)
{
    int bits = 0;
    for (int k = 0; k < FWM_NM; k++)
        if (s->pl[p].m[k].pos == sp)
            bits |= 1 << k;
    return bits;
}
static inline int fwm_pool(const fwm_state *s, int p, int sp, int good)
{
    int n = s->pl[p].home == sp ? s->pl[p].ware[good] : 0;
    for (int k = 0; k < FWM_NM; k++)
        if (s->pl[p].m[k].pos == sp)
            n += s->pl[p].m[k].cargo[good];
    return n;
}
int fwm_path_cost(const kt_game *g, const fwm_state *s, int p, int m, const uint8_t *path,
                  int len);
extern const int32_t fwm_force_price[FWM_NG];

/* targets.c */
void fwm_action_info(const kt_game *g, const kt_state *s, kt_action a, kt_action_info *out);
const char *fwm_decision_label(int decision, int lang);
int fwm_route_of(const fwm_cfg *c, int a, int b); /* route joining neighbours a, b; -1 */
/* view_table.c: the board, open deals, planned move and last auction (observation) */
void fwm_observe_table(const kt_game *g, const kt_state *s, int lang, kt_jw *w);

/* view.c */
void fwm_observe(const kt_game *g, const kt_state *s, int player, int lang, kt_jw *w);
/* save.c: JSON writers shared with the observation (view.c) */
extern const char *const fwm_auc_names[8];
void fwm_w_goods(kt_jw *w, const char *key, const uint8_t *g);
void fwm_w_card(kt_jw *w, const fwm_cfg *c, const char *key, int card);
void fwm_w_pos(kt_jw *w, const fwm_cfg *c, const char *key, int pos);
void fwm_w_players(kt_jw *w, const char *key, uint32_t bits, int np);
void fwm_w_areas(kt_jw *w, const fwm_cfg *c, const char *key, uint32_t bits);
void fwm_w_u8s(kt_jw *w, const char *key, const uint8_t *v, int n);
void fwm_w_open(kt_jw *w, const fwm_cfg *c, const fwm_state *s);
void fwm_w_offer(kt_jw *w, const fwm_cfg *c, const fwm_state *s, int np, int full);
/* save.c, check.c, render.c */
void fwm_save(const kt_game *g, const kt_state *s, kt_jw *w);
int fwm_load(const kt_game *g, const kt_jv *v, kt_state *s, kt_jr *r);
int fwm_check(const kt_game *g, const kt_state *s, kt_buf *why);
void fwm_render(const kt_game *g, const kt_state *s, int viewer, int lang, kt_buf *out);

/* determinize.c, bots.c */
void fwm_determinize(const kt_game *g, kt_state *s, int player, kt_rng *rng);
int fwm_reveals(const kt_game *g, const kt_state *before, kt_action a, const kt_state *after,
                int player); /* gamedef.reveals: the undo barrier (determinize.c) */
void fwm_evaluate(const kt_game *g, const kt_state *s, double *out);
extern const kt_botdef fwm_bots[];
#define FWM_NBOTS 1

/* ---- action codes: kind << 24 | a << 16 | b << 8 | c ---- */
enum {
    A_HOME = 1,   /* c = index in cfg->homes */
    A_BID,        /* a sealed bid in one action: c = quantity (0 = pass), a << 8 | b =
                   * k, the unit price lo + 20 k of the auction's bounds (FWM_BID) */
    A_PRICE,      /* an offer's price: b = stage (1 thousands, 2 hundreds, 3 twenties), c = digit */
    A_SELL,       /* b = slot (0 warehouse, 1-3 merchants), c = good; 3 = an IOU */
    A_XFER,       /* a = from slot, b = to slot, c = good */
    A_TRADE,      /* start an offer: a = partner, b = 1 buy / 0 sell, c = the proposer's
                   * slot (0 home warehouse, 1-3 merchant) where they meet */
    A_STEP,       /* b = merchant, c = space */
    A_GO,
    A_CANCEL,
    A_END,
    A_DONE,
    A_HIRE,
    A_FIRE,       /* c = merchant */
    A_DISCOUNT,   /* c = 0 none, 1 500, 2 1000, 3 Rechentrick */
    A_AREA,       /* c = area */
    A_LOSE,       /* c = good */
    A_BRIBE,
    A_ROLL,
    A_PAYTO,      /* c = player */
    A_KEEP,
    A_PASSTO,     /* c = player */
    A_BET,        /* c = number 1-6 */
    A_ACCEPT,
    A_DECLINE,
    A_TGOOD,      /* add one unit to the offer: c = good (3 = an IOU) */
    A_NKINDS
};
#define FWM_ACT(k, a, b, c) \
    ((kt_action)(((uint32_t)(k) << 24) | ((uint32_t)(a) << 16) | ((uint32_t)(b) << 8) | (uint32_t)(c)))
#define ACT_K(x) ((int)((x) >> 24))
#define ACT_A(x) ((int)(((x) >> 16) & 0xff))
#define ACT_B(x) ((int)(((x) >> 8) & 0xff))
#define ACT_C(x) ((int)((x) & 0xff))
#define FWM_BID(q, k) FWM_ACT(A_BID, (k) >> 8, (k) & 0xff, (q))
#define BID_K(x) (ACT_A(x) << 8 | ACT_B(x))

#endif
