/*
 * anno1701.h - Anno 1701: The Card Game (Kosmos, Klaus Teuber), 2 players.
 *
 * Data layout.
 *
 *   Configuration (an_cfg, one pointer-free block from kt_game_alloc): the
 *   component tables parsed from the text files in data/anno1701/ (or the data_dir
 *   option): era-card definitions (buildings and action cards, each with
 *   its number of copies), the two start sets (landscapes, ship, village
 *   centres), the inhabitant levels, the voyage cards, the scalars and the
 *   event die; then the rule flags from the options.  Cards are referred to
 *   by definition index everywhere: copies of one card are interchangeable,
 *   so zones hold definition numbers and a state never says "which copy".
 *
 *   State (an_state): one flat struct after kt_state_hdr.  Per player: the
 *   goods on each of the 8 landscapes, gold on the two village centres (0 =
 *   chaos), rum and tobacco, the ship state (0 = damaged, face down; 1..4 =
 *   I..IV), inhabitants counted per level, buildings in build order, the
 *   hand (card definitions, with a bit per slot saying whether the opponent
 *   knows that card - after a Spy).  Shared: six era piles (index 0 = top),
 *   the inhabitant supply, the discard pile (played action cards, counts
 *   per definition), the voyage deck (shuffled when a voyage starts; cards
 *   before vpos are face up), the two power tokens, the dice of the current
 *   turn, the trade offer being composed or answered (units per kind given
 *   and asked for: goods, then gold), the offers begun in this action phase
 *   and the offer declined last in it.  Everything that is not "the turn
 *   player chooses an action" is a task on a small stack (an_task):
 *   automatic steps (roll, produce, event, voyage card) and decisions of one
 *   player (pay gold, choose a good, choose the landscape a good goes on,
 *   compose or answer an offer, cancel with the theatre ...); the top
 *   decision names the player to move.  A landscape choice (K_PLACE) is
 *   always on top of whatever its gain came with.
 *
 * Hidden information: the opponent's hand (except cards revealed by a Spy
 * or known because they were taken from you), the order and contents of
 * the era piles (a pile being searched is visible to the searcher), the
 * unturned voyage cards.  Card backs show the era, so the eras of the
 * opponent's hand are public.  determinize.c resamples exactly these.
 */
#ifndef ANNO1701_H
#define ANNO1701_H

#include <stdint.h>

#include "../../core/game.h"
#include "../../core/stack.h"

#define AN_MAGIC 0x414e4e4fu /* "ANNO" */
#define AN_NP 2

/* ---- goods ---- */
enum { GD_WOOD, GD_CLOTH, GD_FOOD, GD_BRICK, GD_TOOLS, AN_NGOODS };
/* Trade kinds: the five landscape goods, then gold. */
#define AN_GOLD AN_NGOODS
#define AN_NKINDS (AN_NGOODS + 1)
/* Items of effects and costs beyond the goods. */
enum { IT_GOLD = AN_NGOODS, IT_RUM, IT_TOB, IT_SHIP, IT_ANY, AN_NITEMS };
#define AN_PROD_ANY AN_NGOODS /* production "any good" (guild) */
#define AN_NONE 255
#define AN_ANY 255 /* trade_offers without a bound (the seed's rule) */

/* What a landscape can do with one more good now (an_land_status): the one
 * rule for every gain and for the views' marks. */
enum { AN_LAND_OPEN, AN_LAND_FULL, AN_LAND_BLOCKED };
/* The last_gold rule option: spending one's last gold is a legal move that
 * loses at once (the seed), or such moves are not offered. */
enum { LG_LOSE, LG_REFUSE };
/* How a move costs its player their last gold (an_last_gold): it spends
 * it, it gives it away if the opponent accepts the offer, or it lets an
 * action card played against the player take it. */
enum { LG_NO, LG_SPENDS, LG_IF_ACCEPTED, LG_TAKEN };

/* ---- capacities (validated by the loader) ---- */
#define AN_MAXDEF 64     /* era-card definitions */
#define AN_ERA_CARDS 18  /* cards per era (two piles of pile_size) */
#define AN_NERA 3
#define AN_NPILE 6
#define AN_PILE_MAX 18   /* a pile can grow to every card of its era */
#define AN_NLAND 8
#define AN_NCENTRE 2
#define AN_NINH 4        /* inhabitant cards in a settlement */
#define AN_NLEVEL 4      /* pioneer, settler, citizen, merchant */
#define AN_MAXSPACE 16
#define AN_MAXHAND 6
#define AN_MAXVDEF 16    /* voyage definitions */
#define AN_NVOY 14       /* voyage cards */
#define AN_MAXEFF 4      /* items in one effect list */
#define AN_NAME 32
#define AN_NSTART 18     /* start-set cards */

enum { SRC_SEED, SRC_PUBLIC, SRC_RECON, SRC_ANALOGY };

/* Era-card families and functions. */
enum { FAM_BUILDING, FAM_ACTION };
enum { FN_NONE, FN_CHAPEL, FN_CHURCH, FN_HARBOUR, FN_FIRE, FN_LODGE, FN_THEATRE };
enum {
    AC_NONE, AC_BISHOP, AC_INVENTOR, AC_POISONER, AC_REVOLUTIONARY, AC_SPY, AC_PICKPOCKET,
    AC_CAPTAIN, AC_COMMANDER
};

typedef struct an_def {
    char id[8];
    char name[AN_NAME], de[AN_NAME];
    uint8_t family, era, copies, src;
    uint8_t cost[AN_NGOODS];
    uint8_t die;   /* 0 = none */
    uint8_t prod;  /* AN_NONE, a good, or AN_PROD_ANY */
    uint8_t sails, cannons, bags, happy, gold, queen;
    uint8_t func, act;
} an_def;

/* An effect item: item (IT_* or a good) and a signed amount. */
typedef struct an_eff {
    uint8_t n;
    uint8_t item[AN_MAXEFF];
    int8_t amount[AN_MAXEFF];
} an_eff;

enum { VK_PIRATE, VK_SIEGE, VK_TRADER, VK_PEOPLE, VK_CLIFFS, VK_HURRICANE, VK_FLOTSAM, VK_RESCUE };

typedef struct an_vdef {
    char id[8];
    char name[AN_NAME], de[AN_NAME];
    uint8_t kind, copies, src;
    uint8_t strength, demand;
    an_eff win, lose;
    uint8_t noffer;
    uint8_t offer_item[2], offer_price[2], offer_max[2]; /* IT_RUM / IT_TOB */
    an_eff roll[6]; /* flotsam */
} an_vdef;

typedef struct an_land {
    uint8_t good, die, centre; /* centre 0 or 1 */
    char letter;
} an_land;

typedef struct an_set {
    char name[12], de[12];
    an_land land[AN_NLAND];
    uint8_t ship_die, ship_start;
    uint8_t sails[5], cannons[5]; /* by state; [0] = damaged = 0 */
    char letters[AN_NSTART];      /* letter of each start card in layout order */
    uint8_t kinds[AN_NSTART];     /* SK_* of each start card */
    uint8_t src[AN_NSTART];
} an_set;

enum { SK_PIONEER, SK_CENTRE, SK_OVERVIEW, SK_LANDSCAPE, SK_RUM, SK_SHIP, SK_TOB, SK_COUNT };

typedef struct an_level {
    char id[12], name[AN_NAME], de[AN_NAME];
    uint8_t copies, queen, src;
    uint8_t cost[AN_NGOODS], rum, tob;
    uint8_t alt[AN_NGOODS], alt_rum, alt_tob; /* the worked example's cost (settler) */
} an_level;

enum { EV_FIRE, EV_QUEEN, EV_TAX, EV_TRADER, EV_TRADEADV, EV_PIRATEHUNT, AN_NEVENTS };

/* Scalars (game.txt). */
typedef struct an_scalars {
    uint8_t land_cap, ware_cap, land_start, centre_cap, centre_start[2];
    uint8_t discontent[5], queen_discontent, token_marks, hand_size, start_hand;
    uint8_t bank_rate, search_cost, theatre_cost, queen_goal, merchant_goal, pile_size;
    uint8_t spaces, fire_max, captain, commander, bishop_chapel, inventor, poisoner;
    uint8_t revolutionary, pickpocket, rescue, cliffs, hurricane;
} an_scalars;

typedef struct an_cfg {
    /* data */
    int ndef;
    an_def def[AN_MAXDEF];
    uint8_t era_defs[AN_NERA][AN_MAXDEF]; /* definitions of each era */
    uint8_t n_era_defs[AN_NERA];
    int nvdef;
    an_vdef vdef[AN_MAXVDEF];
    uint8_t vdeck[AN_NVOY]; /* the deck as definitions, sorted */
    an_set set[2];          /* 0 lion, 1 dragon */
    an_level level[AN_NLEVEL]; /* [0] pioneer (name only) */
    an_scalars k;
    uint8_t face[6];        /* event of each event-die face */
    uint8_t src_face[6];
    /* rule flags (options) */
    uint8_t settler_example; /* settler cost from the worked example */
    uint8_t hunt_steal;      /* pirate hunt takes from the opponent */
    uint8_t bishop_church;   /* gold per church */
    uint8_t tax_marks;       /* tax per happy mark instead of per building */
    uint8_t voyage_min;      /* ship state needed to sail */
    uint8_t trader_one_way;  /* trader event: only gold -> good */
    uint8_t offers;          /* offers to the opponent per action phase (AN_ANY: no bound) */
    uint8_t pay_auto;        /* the richer centre pays without asking */
    uint8_t lion;            /* 0 random, 1 first player in seat order is Lion, 2 second */
    uint8_t last_gold;       /* LG_LOSE: spending the last gold is a move (it loses) */
    /* derived */
    uint8_t against[16];     /* action kinds played against the opponent */
} an_cfg;

/* ---- state ---- */

typedef struct an_task {
    uint8_t t, p, x, y;
} an_task;

typedef struct an_player {
    uint8_t set;                 /* 0 lion, 1 dragon */
    uint8_t land[AN_NLAND];      /* goods on each landscape */
    uint8_t gold[AN_NCENTRE];    /* 0 = chaos */
    uint8_t rum, tob;
    uint8_t ship;                /* 0 damaged, 1..4 */
    uint8_t lvl[AN_NLEVEL];      /* inhabitants per level */
    uint8_t nb;
    uint8_t build[AN_MAXSPACE];  /* building definitions in build order */
    uint8_t nh;
    uint8_t hand[AN_MAXHAND];    /* card definitions */
    uint8_t known;               /* bit i: the opponent knows hand[i] */
    uint8_t pad_[3];
} an_player;

enum { PH_SETUP, PH_ACTION, PH_FINAL, PH_VOYAGE, PH_OVER };
enum { END_NONE, END_QUEEN, END_MERCHANT, END_CHAOS };

#define AN_STACK 32

typedef struct an_state {
    kt_state_hdr h;
    an_player pl[AN_NP];
    uint8_t pile[AN_NPILE][AN_PILE_MAX];
    uint8_t plen[AN_NPILE];
    uint8_t supply[AN_NLEVEL];   /* inhabitant cards left per level ([0] unused) */
    uint8_t disc[AN_MAXDEF];     /* discarded copies per definition */
    uint8_t voy[AN_NVOY];        /* voyage deck (definitions) */
    uint8_t vpos;                /* cards turned on the current voyage */
    uint8_t vspeed, vbonus;      /* voyage speed and captain/commander bonus */
    uint8_t vcard;               /* card being resolved (definition) or AN_NONE */
    uint8_t vbought[2];          /* bought from the current trader's offers */
    uint8_t fight[2];            /* last fight's dice: own, pirate (0 = none) */
    uint8_t phase, first;
    uint8_t die, event;          /* this turn's dice (0 before the first roll) */
    int8_t trade_power, sea_power; /* holder or -1 */
    uint8_t claimed;             /* bit 0: trade power taken once, bit 1: sea power */
    uint8_t offers;              /* offers begun this action phase (stops at 255) */
    uint8_t give[AN_NKINDS];     /* the offer being composed or answered: the maker gives */
    uint8_t get[AN_NKINDS];      /*   ... and asks for (kinds: goods, then gold) */
    uint8_t declined[2][AN_NKINDS]; /* the last offer declined this action phase: give, get */
    uint8_t end, winner;
    uint8_t nstack;
    an_task stack[AN_STACK];
    uint8_t overflow; /* 0; 1 once a push found the stack full (core/stack.h); in what
                       * was the struct's tail padding, so the size stays the same */
} an_state;

/* Tasks.  Those before K_AUTO are decisions of player p. */
enum {
    K_NONE,
    K_PILE,    /* setup: era-I pile to draw the start hand from */
    K_PAY,     /* x gold (at most what is there), y = receiver + 1 or 0 */
    K_GOOD,    /* x goods of choice */
    K_TRADER,  /* trader event */
    K_STEAL,   /* take a good from the opponent */
    K_LOSE,    /* lose x goods of choice (Poisoner) */
    K_HARBOUR, K_LODGE,
    K_THEATRE, /* x = action kind played against p */
    K_SPY,     /* take a card from the opponent's revealed hand */
    K_COMPOSE, /* compose an offer (s->give, s->get) unit by unit; make or withdraw it */
    K_OFFER,   /* accept or decline the offer s->give / s->get */
    K_REFILL,  /* draw to the hand size, or stop */
    K_XDRAW,   /* the one draw after an exchange */
    K_SEARCH,  /* x = pile: pick a card */
    K_SAIL,    /* continue the voyage or return */
    K_PIRATE,  /* x = voyage definition: pay or fight */
    K_BUY,     /* x = voyage definition: buy rum/tobacco or done */
    K_PLACE,   /* x = good, y = how many: which landscape takes the next one */
    K_AUTO,
    K_START = K_AUTO, /* p starts a turn */
    K_ROLL, K_PRODUCE, K_EVENT, K_ACT, K_VTURN, K_VAFTER, K_ENDTURN, K_FIGHT,
    K_COUNT
};

/* Decisions (hdr.decision): DEC_ACTION when the stack is empty, else the
 * top task's kind (an_task_dec: the same number, except the placement
 * added after "over"; the numbers are the learning one-hot's, append only). */
enum {
    DEC_ACTION, DEC_PILE, DEC_PAY, DEC_GOOD, DEC_TRADER, DEC_STEAL, DEC_LOSE, DEC_HARBOUR,
    DEC_LODGE, DEC_THEATRE, DEC_SPY, DEC_COMPOSE, DEC_OFFER, DEC_REFILL, DEC_XDRAW, DEC_SEARCH,
    DEC_SAIL, DEC_PIRATE, DEC_BUY, DEC_OVER, DEC_PLACE,
    AN_NDEC
};
static inline int an_task_dec(int t) { return t == K_PLACE ? DEC_PLACE : t; }

/* ---- actions: kind in bits 24..31, arguments in three bytes ---- */
enum {
    A_PILE, A_BUILD, A_UPGRADE, A_REPAIR, A_PLAY, A_BANK, A_OFFER, A_SAIL, A_DRAW, A_SEARCH,
    A_EXCH, A_END, A_PAY, A_GOOD, A_BUYG, A_SELLG, A_NO, A_STEAL, A_LOSE, A_HARB, A_LODGE,
    A_CANCEL, A_TAKE, A_ACCEPT, A_CONT, A_PAYOFF, A_FIGHT, A_BUY, A_PICK, A_ASK,
    A_GIVE, A_SEND, A_PLACE,
    AN_NACT
};
/* The trade: A_OFFER begins an offer (the action decision), then each
 * A_GIVE x / A_ASK x adds one unit of kind x to what the maker gives / asks
 * for, A_SEND makes the offer and A_NO withdraws it; the opponent answers
 * A_ACCEPT or A_NO.  A_PLACE x: the next good goes onto landscape x. */
#define AN_ACT(k, x, y, z) \
    (((kt_action)(k) << 24) | ((kt_action)(x) << 16) | ((kt_action)(y) << 8) | (kt_action)(z))
#define AN_AK(a) ((int)((a) >> 24))
#define AN_AX(a) ((int)(((a) >> 16) & 0xffu))
#define AN_AY(a) ((int)(((a) >> 8) & 0xffu))
#define AN_AZ(a) ((int)((a) & 0xffu))

/* ---- trace of what the rules did (the game log re-runs apply with it) ---- */
enum {
    TR_START, TR_ROLL, TR_LAND, TR_SHIPUP, TR_PRODB, TR_EVENT, TR_GOLD, TR_PAID,
    TR_GAIN, TR_LOSTGOOD, TR_DRAW, TR_SEARCHED, TR_PUTUNDER, TR_REVEAL, TR_TOOK, TR_TOKEN,
    TR_VCARD, TR_FIGHT, TR_SHIP, TR_SPEEDCMP, TR_FLOTSAM, TR_CANCELLED, TR_END, TR_TAX,
    TR_NOFIRE, TR_VEND, TR_STEAL, TR_PLACE
};
typedef struct an_trace_ev {
    uint8_t type, p, a, b, c, d;
} an_trace_ev;
#define AN_TRACE 96
typedef struct an_trace {
    int n;
    an_trace_ev ev[AN_TRACE];
} an_trace;

/* ---- shared functions ---- */

/* data.c */
kt_status an_load_data(an_cfg *c, const kt_allocator *a, const char *dir, kt_err *err);
const char *an_src_name(int src);
const char *an_good_name(int g, int lang);
const char *an_item_name(int item, int lang);
const char *an_event_name(int ev, int lang);
const char *an_event_key(int ev); /* "trade_advantage" */
const char *an_act_key(int act);
int an_def_find(const an_cfg *c, const char *norm); /* by normalized EN/DE name */

/* setup.c */
kt_status an_setup(kt_game *g, kt_err *err);
void an_init(const kt_game *g, kt_state *s);

/* rules.c */
void an_begin(const an_cfg *c, an_state *s);
/* Push task t of player p; a full stack refuses it and marks s->overflow. */
void an_push(an_state *s, int t, int p, int a, int b);
void an_apply(const kt_game *g, kt_state *s, kt_action a);
void an_apply_traced(const kt_game *g, an_state *s, kt_action a, an_trace *tr);
int an_check(const kt_game *g, const kt_state *s, kt_buf *why);
int an_max_legal(void);

/* legal.c */
int an_legal(const kt_game *g, const kt_state *s, kt_action *buf);
int an_task_legal(const an_cfg *c, const an_state *s, const an_task *t, kt_action *buf);
int an_goods(const an_cfg *c, const an_player *pl, int good);
int an_room(const an_cfg *c, const an_player *pl, int good);
int an_open_lands(const an_cfg *c, const an_player *pl, int good, int *first);
int an_gold(const an_player *pl);
int an_queen(const an_cfg *c, const an_player *pl);
int an_discontent(const an_cfg *c, const an_player *pl);
int an_sails(const an_cfg *c, const an_player *pl);
int an_cannons(const an_cfg *c, const an_player *pl);
int an_bags(const an_cfg *c, const an_player *pl);
int an_cannon_marks(const an_cfg *c, const an_player *pl);
int an_count_func(const an_cfg *c, const an_player *pl, int func);
int an_happy_buildings(const an_cfg *c, const an_player *pl, int marks);
int an_pile_era(int pile);
int an_pile_allowed(const an_player *pl, int pile);
int an_can_pay(const an_cfg *c, const an_player *pl, const uint8_t *cost, int rum, int tob);
int an_upgrade_cost(const an_cfg *c, int to, uint8_t cost[AN_NGOODS], int *rum, int *tob);
int an_speed(const an_cfg *c, const an_player *pl);
int an_is_decision(int t);
int an_can_spend(const an_cfg *c, int have, int n);
int an_last_gold(const an_cfg *c, const an_state *s, kt_action a);

/* view.c */
void an_action_text(const kt_game *g, const kt_state *s, kt_action a, int viewer, int lang,
                    kt_buf *out);
const char *an_decision_name(int d);
void an_prompt(const kt_game *g, const kt_state *s, int lang, kt_buf *out);
void an_render(const kt_game *g, const kt_state *s, int viewer, int lang, kt_buf *out);
void an_menu_item(const kt_game *g, const kt_state *s, kt_action a, int lang,
                  kt_menu_item *out);
const char *an_def_name(const an_cfg *c, int d, int lang);
const char *an_pile_name(int pile);
const char *an_level_name(const an_cfg *c, int l, int lang); /* inhabitant level l (text.c) */
void an_eff_text(const an_eff *e, int lang, kt_buf *out);
void an_warn(const kt_game *g, const kt_state *s, kt_action a, int lang, kt_buf *out);
void an_offer_text(const uint8_t *give, const uint8_t *get, int lang, kt_buf *out);

/* targets.c */
void an_action_info(const kt_game *g, const kt_state *s, kt_action a, kt_action_info *out);
const char *an_decision_label(int d, int lang);
const char *an_phase_label(int phase, int lang);

/* save.c: the names of phases, game ends, card sets and tasks in the JSON
 * (shared by the save and the observation, view.c) */
extern const char *const an_phase_names[5], *const an_end_names[4], *const an_set_keys[2],
    *const an_task_names[K_COUNT];
void an_observe(const kt_game *g, const kt_state *s, int player, int lang, kt_jw *w);
void an_save(const kt_game *g, const kt_state *s, kt_jw *w);
int an_load(const kt_game *g, const kt_jv *v, kt_state *s, kt_jr *r);

/* help.c */
int an_describe(const char *name, int lang, kt_buf *out);
void an_components(int lang, kt_buf *out);
void an_def_help(const an_cfg *c, int d, int lang, kt_buf *out);

/* log.c */
void an_events(const kt_game *g, const kt_state *before, kt_action a, const kt_state *after,
               kt_log *out);

/* determinize.c */
void an_determinize(const kt_game *g, kt_state *s, int player, kt_rng *rng);
int an_reveals(const kt_game *g, const kt_state *before, kt_action a, const kt_state *after,
               int player); /* gamedef.reveals: the undo barrier (determinize.c) */

/* bots.c */
#define AN_NBOTS 1
extern const kt_botdef an_bots[AN_NBOTS];
void an_evaluate(const kt_game *g, const kt_state *s, double *out);

static inline const an_cfg *an_config(const kt_game *g) { return (const an_cfg *)g->cfg; }

/* What one more good would do on landscape l of pl now (AN_LAND_*).  Its
 * village centre in chaos blocks it (the seed: the landscapes above and
 * below a centre in chaos cannot increase their goods); a full one has no
 * room.  The one rule for every gain - dice, production buildings, goods of
 * choice, the trader, steals, the harbour, the bank, offers, voyages - and
 * for the views' marks (observation, learning vector), so that they cannot
 * disagree.  Inline: the legal lists ask it for every landscape. */
static inline int an_land_status(const an_cfg *c, const an_player *pl, int l)
{
    if (pl->gold[c->set[pl->set].land[l].centre] == 0)
        return AN_LAND_BLOCKED;
    return pl->land[l] >= c->k.land_cap ? AN_LAND_FULL : AN_LAND_OPEN;
}

#endif
