/*
 * dominion.h - Dominion (2nd edition base game; laid out for Plunder): the
 * state, the card table format and the internal interfaces of the game.
 *
 * Data layout
 * -----------
 * Cards are uint8 ids indexing the const table dom_cards[] (data.c); id 0 is
 * "no card".  Landscapes (Plunder Events and Traits) live in the same table
 * with their own types, so names resolve the same way everywhere.
 *
 * The state (dom_state) is one flat block without pointers:
 *   - kt_state_hdr, then the turn resources (actions, buys, coins, phase);
 *   - supply[id] and trash[id] as counts (their order never matters);
 *   - loot[]: the face-down Loot pile (Plunder; empty in base games);
 *   - stack[]: pending effects (dom_frame), the top one is running or
 *     waiting for a decision;
 *   - watch[]: "the next time X happens" watchers (dom_watch) with owner and
 *     lifetime; they may fire on other players' turns;
 *   - play[]: every card in play of every player (dom_inplay), with a
 *     per-instance uid, the uid of the card that played it (a Throne Room
 *     stays in play as long as a Duration it played) and flags for cards
 *     staying across turns;
 *   - aside[]: set-aside cards (dom_aside): looked-at cards, Library's
 *     skipped Actions, revealed cards, and (Plunder) cards under a specific
 *     in-play card instance (host uid: Cage, Grotto, Quartermaster);
 *   - pl[np]: per player, the hand and what is public about it as counts per
 *     id, cards owned per id (kept incrementally for bots and Gardens), and
 *     deck and discard as ordered byte arrays (top = last element).
 * Derived per-player fields (own, ncards, vp, money, hand_act, hand_tre) are
 * not saved; load recomputes them from the zones.
 *
 * Capacities: every zone holds at most DOM_MAXC cards, the bound on the
 * number of cards in one game (4 players, base + Plunder: 60 Copper, 40
 * Silver, 30 Gold, 24 Estates, 12 Duchies, 12 Provinces, 30 Curses, 10
 * kingdom piles of at most 12, 30 Loots = 340); setup refuses a
 * configuration with more.  The state ends with pl[] so that state_size
 * covers only the players of the game.
 *
 * All structs are laid out without padding bytes (checked by static
 * asserts): states are hashed and compared byte-wise.
 */
#ifndef DOM_DOMINION_H
#define DOM_DOMINION_H

#include <stddef.h>
#include <stdint.h>

#include "../../core/game.h"

#define DOM_MAXP 4
#define DOM_NIDS 128    /* card ids are < DOM_NIDS */
#define DOM_MAXC 352    /* cards in one game, see above */
#define DOM_STACK 64    /* pending effects; see dom_push for the bound */
#define DOM_WATCH 64    /* watchers; identical ones merge into a counter */
#define DOM_MAXPILES 32 /* supply piles */
#define DOM_LOOTS 32    /* Loot pile (30 in Plunder) */
#define DOM_MAX_LEGAL (2 * DOM_NIDS + 44)

/* ------------------------------------------------------------ card table */

enum {
    DOM_T_TREASURE = 1 << 0,
    DOM_T_VICTORY = 1 << 1,
    DOM_T_CURSE = 1 << 2,
    DOM_T_ACTION = 1 << 3,
    DOM_T_ATTACK = 1 << 4,
    DOM_T_REACTION = 1 << 5,
    DOM_T_DURATION = 1 << 6,
    DOM_T_COMMAND = 1 << 7,
    DOM_T_LOOT = 1 << 8,
    DOM_T_EVENT = 1 << 9,
    DOM_T_TRAIT = 1 << 10,
};

/* Where a card comes from / how its pile is sized. */
enum {
    DOM_K_NONE = 0, /* id 0 */
    DOM_K_BASIC,    /* Copper..Curse: sizes by rule (dom_setup) */
    DOM_K_KINGDOM,  /* 10 per pile; Victory kingdom cards 8/12 */
    DOM_K_LOOT,     /* Plunder: non-supply mixed pile, 2 of each */
    DOM_K_EVENT,    /* Plunder: landscape bought with a Buy */
    DOM_K_TRAIT,    /* Plunder: landscape attached to a kingdom pile */
};

/* Card flags: which engine paths a card needs. */
enum {
    DOM_CF_SPECIAL = 1 << 0, /* has an effect program beyond the vanilla bonuses */
    DOM_CF_AUTO = 1 << 1,    /* Treasure played by "play treasures" (no choices) */
    DOM_CF_BLOCK = 1 << 2,   /* Reaction that makes its owner unaffected by an Attack */
    DOM_CF_ONGAIN = 1 << 3,  /* has a "when you gain this" effect (Plunder) */
    DOM_CF_ONTRASH = 1 << 4, /* has a "when you trash this" effect (Plunder) */
};

/* Provenance of a record. */
enum {
    DOM_SRC_PUBLIC = 0, /* public card databases (reference dominion.md §1.1) */
    DOM_SRC_RULEBOOK,   /* the game's rulebook */
    DOM_SRC_SEED,       /* the seed documents (../shared/seeds) */
};

enum { DOM_SET_NONE = 0, DOM_SET_BASE2, DOM_SET_PLUNDER };

typedef struct dom_card {
    const char *en, *de; /* names */
    uint8_t cost;        /* coins */
    uint8_t kind;        /* DOM_K_* */
    uint16_t types;      /* DOM_T_* */
    int8_t cards, actions, buys, coins; /* vanilla "+" bonuses, applied first when played */
    int8_t vp;           /* printed VP (Curse -1); Gardens is computed */
    uint8_t flags;       /* DOM_CF_* */
    uint8_t set;         /* DOM_SET_* */
    uint8_t src;         /* DOM_SRC_* */
    const char *text;    /* effect in our own words (English) */
    const char *text_de; /* the same in German */
} dom_card;

/* Card ids.  Plunder appends after DOM_ARTISAN (ids < DOM_NIDS). */
enum {
    DOM_NONE = 0,
    DOM_COPPER, DOM_SILVER, DOM_GOLD, DOM_ESTATE, DOM_DUCHY, DOM_PROVINCE, DOM_CURSE,
    DOM_CELLAR, DOM_CHAPEL, DOM_MOAT, DOM_HARBINGER, DOM_MERCHANT, DOM_VASSAL, DOM_VILLAGE,
    DOM_WORKSHOP, DOM_BUREAUCRAT, DOM_GARDENS, DOM_MILITIA, DOM_MONEYLENDER, DOM_POACHER,
    DOM_REMODEL, DOM_SMITHY, DOM_THRONE_ROOM, DOM_BANDIT, DOM_COUNCIL_ROOM, DOM_FESTIVAL,
    DOM_LABORATORY, DOM_LIBRARY, DOM_MARKET, DOM_MINE, DOM_SENTRY, DOM_WITCH, DOM_ARTISAN,
    DOM_NCARDS /* number of table entries */
};

/* Sized DOM_NIDS so any id indexes safely; entries past DOM_NCARDS are zero. */
extern const dom_card dom_cards[DOM_NIDS];

typedef struct dom_preset {
    const char *name;  /* "First Game" */
    const char *cards; /* comma list, English */
    uint8_t src;
    const char *ref;   /* where the list comes from */
} dom_preset;

extern const dom_preset dom_presets[];
extern const int dom_npresets;

/* Card lookup by English or German name, case/umlaut/space-insensitive
 * (already normalized with kt_text_norm, or raw).  0 when unknown. */
int dom_card_find(const char *name);
/* Up to `cap` closest names (English) to an unknown name, for messages. */
void dom_card_suggest(const char *name, kt_buf *out);
static inline const char *dom_name(int id, int lang)
{
    return lang == KT_LANG_DE ? dom_cards[id].de : dom_cards[id].en;
}

/* ------------------------------------------------------------ state */

enum { /* turn phases (stack empty) */
       DOM_PH_SETUP = 0, /* setup decisions before turn 1 (Plunder: Inherited) */
       DOM_PH_START,     /* start of turn: Durations, "at the start of your turn" */
       DOM_PH_ACTION,
       DOM_PH_BUY,
       DOM_PH_CLEANUP,
       DOM_PH_OVER,
       DOM_NPHASES
};

enum { /* decision kinds: hdr.decision, names in view.c */
       DOM_D_NONE = 0,
       DOM_D_ACTION,  /* action phase: play an Action or end actions */
       DOM_D_BUY,     /* buy phase: play Treasures, buy, end turn */
       DOM_D_DISCARD, /* pick cards to discard */
       DOM_D_TRASH,   /* pick cards to trash */
       DOM_D_GAIN,    /* pick a card to gain */
       DOM_D_TOPDECK, /* pick a card to put onto the deck */
       DOM_D_PLAY,    /* pick a card to play (Throne Room, Vassal) */
       DOM_D_REACT,   /* reveal a Reaction to an Attack */
       DOM_D_LIBRARY, /* set a drawn Action aside or keep it */
       DOM_D_SENTRY,  /* trash, discard or keep a looked-at card */
       DOM_D_ORDER,   /* which card goes on top */
       DOM_D_START,   /* order of start-of-turn effects (Plunder) */
       DOM_D_SETUP,   /* setup choice (Plunder: Inherited) */
       DOM_NDECISIONS
};

enum { /* where the options of a pick come from */
       DOM_S_HAND = 0, /* cards in the decider's hand (filtered) */
       DOM_S_SUPPLY,   /* supply piles (cost cap, type filter) */
       DOM_S_DISCARD,  /* the decider's discard pile */
       DOM_S_LOOK,     /* the decider's first looked-at card (aside, kind LOOK) */
       DOM_S_KEPT,     /* the decider's kept looked-at cards (aside, kind KEPT) */
       DOM_S_REVEAL,   /* the decider's revealed cards (aside, kind REVEAL) */
       DOM_S_X,        /* the single card f->x */
       DOM_S_REACT,    /* blocking Reactions in the decider's hand */
       DOM_NSRC
};

enum { /* action verbs: action = verb << 8 | card */
       DOM_V_NONE = 0,
       DOM_V_PLAY,     /* play X */
       DOM_V_PLAYALL,  /* play treasures */
       DOM_V_BUY,      /* buy X (a card or an Event) */
       DOM_V_ENDACT,   /* end actions */
       DOM_V_ENDTURN,  /* end turn */
       DOM_V_DONE,     /* done / decline */
       DOM_V_DISCARD,  /* discard X */
       DOM_V_TRASH,    /* trash X */
       DOM_V_GAIN,     /* gain X */
       DOM_V_TOPDECK,  /* topdeck X */
       DOM_V_REVEAL,   /* reveal X */
       DOM_V_ASIDE,    /* set aside X */
       DOM_V_KEEP,     /* keep X */
       DOM_V_ORDER,    /* put X on top */
       DOM_V_RESOLVE,  /* resolve X (start-of-turn order, Plunder) */
       DOM_NVERBS
};
#define DOM_ACT(v, c) ((kt_action)(((uint32_t)(v) << 8) | (uint32_t)(c)))
#define DOM_VERB(a) ((int)(((a) >> 8) & 0xff))
#define DOM_CARD(a) ((int)((a) & 0xff))

enum { /* effect programs on the stack */
       DOM_FX_NONE = 0,
       DOM_FX_PLAY,  /* a card being played: reactions, vanilla, its program, hooks */
       DOM_FX_REACT, /* reaction window of an Attack, player by player */
       DOM_NFX
};
#define DOM_STEP_POST 200 /* FX_PLAY step after the card's own program */

enum { /* aside kinds */
       DOM_A_LOOK = 0, /* being looked at by its owner (hidden from others) */
       DOM_A_KEPT,     /* looked at and kept, waiting to go back (hidden) */
       DOM_A_REVEAL,   /* revealed to everyone, resolving */
       DOM_A_LIBRARY,  /* skipped by Library, discarded when it finishes */
       DOM_A_UNDER,    /* Plunder: face down under the host instance (Cage, Grotto) */
       DOM_A_ON,       /* Plunder: face up on the host instance (Quartermaster) */
       DOM_A_ENDTURN,  /* Plunder: to hand at end of turn (Deliver, Trickster, Puzzle Box) */
       DOM_A_NEXTTURN, /* Plunder: played next turn (Hasty, Patient, Prepare) */
       DOM_NASIDE
};
/* Is an aside kind hidden from players other than its owner? */
static inline int dom_aside_hidden(int kind)
{
    return kind == DOM_A_LOOK || kind == DOM_A_KEPT || kind == DOM_A_UNDER ||
           kind == DOM_A_ENDTURN;
}

enum { /* watcher events */
       DOM_EV_PLAY = 0,   /* a card named `arg` is played by the owner */
       DOM_EV_GAIN,       /* any player gains a card (Plunder: Cutthroat, Abundance...) */
       DOM_EV_SHUFFLE,    /* the owner shuffles (Plunder: Avoid) */
       DOM_EV_PILE_EMPTY, /* a supply pile becomes empty (Plunder: Search) */
       DOM_NEVENTS
};
enum { /* watcher lifetimes */
       DOM_LIFE_TURN = 0, /* ends at the owner's clean-up */
       DOM_LIFE_TRIGGER,  /* ends when it fires; keeps its card (uid) in play */
       DOM_LIFE_GAME,     /* never ends */
       DOM_NLIVES
};

enum { /* in-play flags */
       DOM_IP_STAY = 1 << 0,    /* has effects at the start of its owner's next turn */
       DOM_IP_OLD = 1 << 1,     /* played on an earlier turn */
       DOM_IP_FOREVER = 1 << 2, /* never leaves play (Plunder: Quartermaster) */
};

enum { DOM_END_NONE = 0, DOM_END_PROVINCES, DOM_END_PILES, DOM_END_UNTIL };

typedef struct dom_frame {
    uint8_t fx;     /* DOM_FX_* */
    uint8_t step;   /* resume point of the program */
    int8_t pl;      /* player whose effect this is */
    int8_t who;     /* player the current step concerns (victim, decider) */
    uint8_t card;   /* card whose effect this is */
    uint8_t n;      /* counter (cards picked, plays left...) */
    uint8_t x;      /* scratch: a chosen card id, a cost... */
    uint8_t y;      /* scratch */
    uint8_t immune; /* players unaffected by this Attack (bit set) */
    uint8_t dec;    /* pending decision (DOM_D_*) or 0 when not waiting */
    uint8_t src;    /* pick: DOM_S_* */
    uint8_t verb;   /* pick: DOM_V_* offered */
    uint8_t may;    /* pick: "done" allowed */
    uint8_t cap;    /* pick: max cost (255: none) */
    uint8_t only;   /* pick: only this card id (0: any) */
    uint8_t flags;  /* DOM_FF_* */
    uint16_t tmask; /* pick: card must have one of these types (0: any) */
    uint16_t uid;   /* in-play instance this effect belongs to */
} dom_frame;

enum {
    DOM_FF_REPLAY = 1 << 0, /* FX_PLAY: the card is played again, it does not move */
    DOM_FF_EXACT = 1 << 1,  /* pick from supply: cost must equal cap */
    DOM_FF_NOT = 1 << 2,    /* pick: `only` names the one card NOT allowed */
};

typedef struct dom_watch {
    uint8_t ev;   /* DOM_EV_* */
    int8_t owner; /* whose effect fires */
    uint8_t card; /* card that made it (its effect runs) */
    uint8_t life; /* DOM_LIFE_* */
    uint8_t arg;  /* filter, e.g. a card id */
    uint8_t n;    /* how many times it fires (merged duplicates) */
    uint16_t uid; /* in-play instance kept in play while waiting (0: none) */
} dom_watch;

typedef struct dom_inplay {
    uint8_t card;
    int8_t owner;
    uint8_t flags; /* DOM_IP_* */
    uint8_t pend;  /* start-of-turn resolutions pending (Plunder: 2 for a Throne Room'd Duration) */
    uint16_t uid; /* instance id, unique among cards in play */
    uint16_t by;  /* uid of the card that played it (Throne Room), 0 = none */
} dom_inplay;

typedef struct dom_aside {
    uint8_t card;
    int8_t owner;
    uint8_t kind; /* DOM_A_* */
    uint8_t pad;
    uint16_t host; /* in-play uid it lies under/on (Plunder), 0 = none */
} dom_aside;

typedef struct dom_player {
    uint16_t ndeck, ndisc, nhand;
    uint16_t known_top; /* top cards of the deck this player knows */
    uint16_t pub_top;   /* top cards of the deck everyone knows */
    uint16_t turns;     /* turns taken (counts for the tie-break) */
    uint16_t xturns;    /* extra turns taken (Plunder: Journey) */
    /* derived, recomputed on load: */
    uint16_t ncards;    /* cards owned */
    int16_t vp;         /* printed VP of owned cards (Gardens excluded) */
    uint16_t money;     /* coin value of owned Treasures */
    uint16_t hand_act;  /* Action cards in hand */
    uint16_t hand_tre;  /* Treasure cards in hand */
    uint8_t hand[DOM_NIDS];    /* counts */
    uint8_t pubhand[DOM_NIDS]; /* of which everyone knows (revealed Moat, gained to hand) */
    uint8_t own[DOM_NIDS];     /* cards owned, derived */
    uint8_t deck[DOM_MAXC];    /* deck[ndeck-1] is the top */
    uint8_t disc[DOM_MAXC];    /* disc[ndisc-1] is the top, the visible card */
} dom_player;

typedef struct dom_state {
    kt_state_hdr h;
    uint8_t phase;  /* DOM_PH_* */
    uint8_t bought; /* bought a card/Event this turn: no more Treasures */
    uint8_t ended;  /* DOM_END_* */
    uint8_t extra;  /* this turn is an extra turn (Plunder: Journey) */
    uint8_t nstack, nwatch, nloot;
    int8_t winner;  /* `until` winner, -1 */
    uint16_t actions, buys, coins;
    uint16_t played;  /* cards played this turn */
    uint16_t silvers; /* Silvers played this turn (Merchant) */
    uint16_t nplay, naside;
    uint16_t next_uid;
    int16_t cost_mod; /* cost modifier hook: added to card costs this turn (>= 0 floor) */
    uint16_t nold;    /* in-play entries from earlier turns (uid reuse check) */
    uint8_t supply[DOM_NIDS];
    uint8_t trash[DOM_NIDS];
    uint8_t loot[DOM_LOOTS];
    dom_frame stack[DOM_STACK];
    dom_watch watch[DOM_WATCH];
    dom_inplay play[DOM_MAXC];
    dom_aside aside[DOM_MAXC];
    dom_player pl[DOM_MAXP];
} dom_state;

_Static_assert(sizeof(dom_frame) == 20, "dom_frame has padding");
_Static_assert(sizeof(dom_watch) == 8, "dom_watch has padding");
_Static_assert(sizeof(dom_inplay) == 8, "dom_inplay has padding");
_Static_assert(sizeof(dom_aside) == 6, "dom_aside has padding");
_Static_assert(sizeof(dom_player) == 24 + 3 * DOM_NIDS + 2 * DOM_MAXC, "dom_player has padding");
_Static_assert(offsetof(dom_state, supply) == sizeof(kt_state_hdr) + 28, "dom_state has padding");

/* ------------------------------------------------------------ configuration */

enum { DOM_H_GAIN = 1 << 0 }; /* dom_cfg.hooks: optional engine paths in use */

typedef struct dom_cfg {
    int np;        /* players; 1 = goldfish, with the 2-player supply */
    int nkingdom;
    uint8_t kingdom[10];
    int npiles;
    uint8_t piles[DOM_MAXPILES]; /* supply piles: basic cards, then kingdom by cost */
    int nids, nact, ntre;
    uint8_t ids[DOM_NIDS];     /* every card id that can exist in this game, ascending */
    uint8_t act_ids[DOM_NIDS]; /* ... of which Actions */
    uint8_t tre_ids[DOM_NIDS]; /* ... of which Treasures */
    uint8_t start[DOM_NIDS];   /* starting deck of each player */
    uint8_t pile0[DOM_NIDS];   /* initial supply counts */
    uint16_t total[DOM_NIDS];  /* copies in the game (supply + starting decks + Loot) */
    uint8_t cost[DOM_NIDS];    /* printed cost after static modifiers (Plunder: Cheap) */
    uint8_t trait_of[DOM_NIDS]; /* Plunder: Trait card id attached to each pile (0: none) */
    uint8_t in_supply[DOM_NIDS];
    int nevents;
    uint8_t events[16];        /* Plunder Events in the game (none yet) */
    uint8_t until_card, until_n; /* `until`: game ends when a player owns n of card */
    uint16_t ncards;
    uint32_t hooks;            /* DOM_H_* */
    int preset;                /* index into dom_presets or -1 */
} dom_cfg;

static inline const dom_cfg *dom_cfgof(const kt_game *g) { return (const dom_cfg *)g->cfg; }
static inline dom_state *dom_st(kt_state *s) { return (dom_state *)s; }
static inline const dom_state *dom_cst(const kt_state *s) { return (const dom_state *)s; }

/* Current cost of a card (cost-modifier hook: cfg static part, state part). */
static inline int dom_cost(const dom_cfg *c, const dom_state *s, int card)
{
    int v = (int)c->cost[card] + s->cost_mod;
    return v < 0 ? 0 : v;
}

/* ------------------------------------------------------------ engine (engine.c) */

enum { DOM_R_DONE = 0, DOM_R_CONT, DOM_R_ASK };

/* Zones (all keep the derived counters up to date).  The hand helpers are
 * inline: drawing is the hottest path of random play. */
static inline void dom_hand_add(dom_player *P, int card)
{
    P->hand[card]++;
    P->nhand++;
    uint16_t t = dom_cards[card].types;
    P->hand_act = (uint16_t)(P->hand_act + ((t & DOM_T_ACTION) != 0));
    P->hand_tre = (uint16_t)(P->hand_tre + ((t & DOM_T_TREASURE) != 0));
}

/* 0 (and no change) if the card is not in hand: a loaded state could name a
 * card the hand lacks, and counts must never wrap. */
static inline int dom_hand_del(dom_player *P, int card)
{
    if (!P->hand[card])
        return 0;
    P->hand[card]--;
    P->nhand--;
    /* what others know about the hand can only shrink with it */
    if (P->pubhand[card] > P->hand[card])
        P->pubhand[card] = P->hand[card];
    uint16_t t = dom_cards[card].types;
    P->hand_act = (uint16_t)(P->hand_act - ((t & DOM_T_ACTION) != 0));
    P->hand_tre = (uint16_t)(P->hand_tre - ((t & DOM_T_TREASURE) != 0));
    return 1;
}
/* Take the top card of p's deck, shuffling the discard pile in if needed;
 * 0 when both are empty.  *pub: the card was public knowledge. */
int dom_take_top(dom_state *s, int p, int *pub);
int dom_draw(dom_state *s, int p, int n);
void dom_put_on_deck(dom_state *s, int p, int card, int public_);
void dom_discard_card(dom_state *s, int p, int card);
/* Ownership changes: gains come from the supply; dest DOM_TO_*. */
enum { DOM_TO_DISCARD = 0, DOM_TO_DECK, DOM_TO_HAND };
int dom_gain(const kt_game *g, dom_state *s, int p, int card, int dest);
int dom_trash_from_hand(const kt_game *g, dom_state *s, int p, int card);
void dom_trash_card(const kt_game *g, dom_state *s, int p, int card); /* card already removed */
/* In play / aside. */
int dom_inplay_add(dom_state *s, int p, int card, int by);
int dom_aside_add(dom_state *s, int p, int card, int kind, int host);
void dom_aside_del(dom_state *s, int i);
int dom_aside_find(const dom_state *s, int p, int kind); /* first index or -1 */
/* Stack. */
dom_frame *dom_push(dom_state *s, int fx, int pl, int card);
int dom_play_card(const kt_game *g, dom_state *s, int p, int card, int by);
/* Watchers: add (merging duplicates), fire for an event. */
int dom_watch_add(dom_state *s, int ev, int owner, int card, int life, int arg, int uid);
void dom_fire_play(const kt_game *g, dom_state *s, int p, int card);

/* The turn machine and the public entry points. */
void dom_init(const kt_game *g, kt_state *st);
void dom_apply(const kt_game *g, kt_state *st, kt_action a);
int dom_legal(const kt_game *g, const kt_state *st, kt_action *buf);
int dom_frame_legal(const kt_game *g, const dom_state *s, const dom_frame *f, kt_action *buf);
void dom_run(const kt_game *g, dom_state *s);
int dom_empty_piles(const dom_cfg *c, const dom_state *s);
int dom_score(const dom_cfg *c, const dom_state *s, int p);
/* Recompute derived fields from the zones (after load / determinize). */
void dom_derive(const kt_game *g, dom_state *s);

/* Card programs (cards.c): one FX_PLAY step of card f->card. */
int dom_card_program(const kt_game *g, dom_state *s, dom_frame *f, kt_action in);
int dom_react_program(const kt_game *g, dom_state *s, dom_frame *f, kt_action in);
/* Set up a pick on frame f and return DOM_R_ASK. */
int dom_ask(dom_frame *f, int who, int dec, int src, int verb, int may, int next_step);

/* ------------------------------------------------------------ the rest */

/* view.c */
const char *dom_decision_name(int d);
const char *dom_phase_name(int ph);
const char *dom_fx_name(int fx);
void dom_action_text(const kt_game *g, const kt_state *s, kt_action a, int viewer, int lang,
                     kt_buf *out);
kt_status dom_explain(const kt_game *g, const kt_state *s, const char *text, kt_buf *out);
void dom_prompt(const kt_game *g, const kt_state *s, int lang, kt_buf *out);
void dom_observe(const kt_game *g, const kt_state *s, int player, int lang, kt_jw *w);
void dom_save(const kt_game *g, const kt_state *s, kt_jw *w);
int dom_load(const kt_game *g, const kt_jv *v, kt_state *s, kt_jr *r);
void dom_render(const kt_game *g, const kt_state *s, int viewer, int lang, kt_buf *out);
void dom_components(int lang, kt_buf *out);
void dom_types_text(int types, int lang, kt_buf *out);

/* determinize.c */
void dom_determinize(const kt_game *g, kt_state *s, int player, kt_rng *rng);

/* bots.c */
#define DOM_NBOTS 4
extern const kt_botdef dom_bots[DOM_NBOTS];
void dom_evaluate(const kt_game *g, const kt_state *s, double *out);

/* game.c */
int dom_check(const kt_game *g, const kt_state *s, kt_buf *why);

#endif
