/*
 * dominion.h - Dominion (2nd edition base game + Plunder): the state, the
 * card table format and the internal interfaces of the game.
 *
 * Data layout
 * -----------
 * Cards are uint8 ids indexing the const table dom_cards[] (data.c); id 0 is
 * "no card".  Loots, Events and Traits live in the same table with their own
 * kinds, so names resolve the same way everywhere.
 *
 * The state (dom_state) is one flat block without pointers:
 *   - kt_state_hdr, then the turn resources (actions, buys, coins, phase,
 *     per-turn flags, the sub-step of the phase machine);
 *   - supply[id] and trash[id] as counts (their order never matters);
 *   - loot[]: the face-down Loot pile (top = last), empty unless a card,
 *     Event or Trait of the game refers to Loot;
 *   - stack[]: pending effects (dom_frame), the top one is running or
 *     waiting for a decision;
 *   - watch[]: "the next time X happens" watchers (dom_watch) with owner,
 *     lifetime and a latch (the effect frame that is resolving them);
 *   - play[]: every card in play of every player (dom_inplay), with a
 *     per-instance uid, the uid of the card that played it (`by`: Throne
 *     Room, King's Cache), the card a Flagship replayed (`link`), start-of-
 *     turn resolutions pending (`pend`) and per-turn multiplicity of cards
 *     that never leave play (`mult`: Quartermaster, Endless Chalice);
 *   - aside[]: set-aside cards (dom_aside): looked-at cards, Library's
 *     skipped Actions, revealed cards, cards under / on a specific in-play
 *     instance (host uid: Cage, Grotto, Quartermaster), cards going to hand
 *     or deck at end of turn, cards played at the start of the next turn;
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
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "../../core/game.h"
#include "../../core/stack.h"

#define DOM_MAXP 4
#define DOM_NIDS 128    /* card ids are < DOM_NIDS */
#define DOM_MAXC 352    /* cards in one game, see above */
#define DOM_STACK 64    /* pending effects; see dom_push for the bound */
#define DOM_WATCH 128   /* watchers; identical ones merge into a counter */
#define DOM_MAXPILES 32 /* supply piles */
#define DOM_LOOTS 32    /* Loot pile (30 in Plunder) */
#define DOM_MAXEV 16    /* Events in one game */
#define DOM_MAX_LEGAL (2 * DOM_NIDS + 44)

/* Keeps a big, rarer path out of a hot function, so that the hot one stays
 * small (no register saves or stack frame for paths it does not take). */
#if defined(__GNUC__)
#define DOM_NOINLINE __attribute__((noinline))
#else
#define DOM_NOINLINE
#endif
/* ... and the opposite: a small function inlined into its hot caller. */
#if defined(__GNUC__)
#define DOM_INLINE inline __attribute__((always_inline))
#else
#define DOM_INLINE inline
#endif

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
    DOM_NTYPES = 11
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
    DOM_CF_ONGAIN = 1 << 3,  /* has a "when you gain this" effect */
    DOM_CF_ONTRASH = 1 << 4, /* has a "when you trash this" effect (Jewelled Egg) */
    DOM_CF_LOOTREF = 1 << 5, /* refers to Loot: the Loot pile is set up */
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
    uint8_t cost;        /* coins (Loots: 7, shown as 7*) */
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

/* Card ids.  Plunder follows the base game; Loots, Events and Traits last. */
enum {
    DOM_NONE = 0,
    DOM_COPPER, DOM_SILVER, DOM_GOLD, DOM_ESTATE, DOM_DUCHY, DOM_PROVINCE, DOM_CURSE,
    DOM_CELLAR, DOM_CHAPEL, DOM_MOAT, DOM_HARBINGER, DOM_MERCHANT, DOM_VASSAL, DOM_VILLAGE,
    DOM_WORKSHOP, DOM_BUREAUCRAT, DOM_GARDENS, DOM_MILITIA, DOM_MONEYLENDER, DOM_POACHER,
    DOM_REMODEL, DOM_SMITHY, DOM_THRONE_ROOM, DOM_BANDIT, DOM_COUNCIL_ROOM, DOM_FESTIVAL,
    DOM_LABORATORY, DOM_LIBRARY, DOM_MARKET, DOM_MINE, DOM_SENTRY, DOM_WITCH, DOM_ARTISAN,
    /* Plunder kingdom cards, by cost then name */
    DOM_CAGE, DOM_GROTTO, DOM_JEWELLED_EGG, DOM_SEARCH, DOM_SHAMAN,
    DOM_SECLUDED_SHRINE, DOM_SIREN, DOM_STOWAWAY, DOM_TASKMASTER,
    DOM_ABUNDANCE, DOM_CABIN_BOY, DOM_CRUCIBLE, DOM_FLAGSHIP, DOM_FORTUNE_HUNTER, DOM_GONDOLA,
    DOM_HARBOR_VILLAGE, DOM_LANDING_PARTY, DOM_MAPMAKER, DOM_MAROON, DOM_ROPE, DOM_SWAMP_SHACKS,
    DOM_TOOLS,
    DOM_BURIED_TREASURE, DOM_CREW, DOM_CUTTHROAT, DOM_ENLARGE, DOM_FIGURINE, DOM_FIRST_MATE,
    DOM_FRIGATE, DOM_LONGSHIP, DOM_MINING_ROAD, DOM_PENDANT, DOM_PICKAXE, DOM_PILGRIM,
    DOM_QUARTERMASTER, DOM_SILVER_MINE, DOM_TRICKSTER, DOM_WEALTHY_VILLAGE,
    DOM_SACK_OF_LOOT, DOM_KINGS_CACHE,
    /* Loots */
    DOM_AMPHORA, DOM_DOUBLOONS, DOM_ENDLESS_CHALICE, DOM_FIGUREHEAD, DOM_HAMMER, DOM_INSIGNIA,
    DOM_JEWELS, DOM_ORB, DOM_PRIZE_GOAT, DOM_PUZZLE_BOX, DOM_SEXTANT, DOM_SHIELD,
    DOM_SPELL_SCROLL, DOM_STAFF, DOM_SWORD,
    /* Events, by cost */
    DOM_BURY, DOM_AVOID, DOM_DELIVER, DOM_PERIL, DOM_RUSH, DOM_FORAY, DOM_LAUNCH, DOM_MIRROR,
    DOM_PREPARE, DOM_SCROUNGE, DOM_JOURNEY, DOM_MAELSTROM, DOM_LOOTING, DOM_INVASION,
    DOM_PROSPER,
    /* Traits */
    DOM_CHEAP, DOM_CURSED, DOM_FATED, DOM_FAWNING, DOM_FRIENDLY, DOM_HASTY, DOM_INHERITED,
    DOM_INSPIRING, DOM_NEARBY, DOM_PATIENT, DOM_PIOUS, DOM_RECKLESS, DOM_RICH, DOM_SHY,
    DOM_TIRELESS,
    DOM_NCARDS /* number of table entries */
};
#define DOM_FIRST_PLUNDER DOM_CAGE
#define DOM_FIRST_LOOT DOM_AMPHORA
#define DOM_FIRST_EVENT DOM_BURY
#define DOM_FIRST_TRAIT DOM_CHEAP
_Static_assert(DOM_NCARDS <= DOM_NIDS, "card ids must fit DOM_NIDS");

/* Sized DOM_NIDS so any id indexes safely; entries past DOM_NCARDS are zero. */
extern const dom_card dom_cards[DOM_NIDS];

typedef struct dom_preset {
    const char *name;    /* "First Game" */
    const char *name_de; /* "Erste Plünderung" (NULL: same as name) */
    const char *cards;   /* comma list, English; NULL: needs missing expansions */
    const char *events;  /* comma list of Events, or "" */
    const char *traits;  /* "Trait:Pile" list, or "" */
    uint8_t src;
    const char *ref;     /* where the list comes from */
    const char *missing; /* cards and expansion it needs that kontor lacks */
} dom_preset;

extern const dom_preset dom_presets[];
extern const int dom_npresets;

/* Card lookup by English or German name, case/umlaut/space-insensitive
 * (already normalized with kt_text_norm, or raw).  0 when unknown. */
int dom_card_find(const char *name);
/* Up to 3 closest names (English) to an unknown name, for messages. */
/* Up to three card names close to `name`, in `lang`. */
void dom_card_suggest(const char *name, int lang, kt_buf *out);
static inline const char *dom_name(int id, int lang)
{
    return lang == KT_LANG_DE ? dom_cards[id].de : dom_cards[id].en;
}
static inline int dom_is(int card, int type) { return (dom_cards[card].types & type) != 0; }
/* Number of card types a card has (Maroon). */
int dom_ntypes(int card);

/* ------------------------------------------------------------ state */

enum { /* turn phases (stack empty) */
       DOM_PH_SETUP = 0, /* setup decisions before turn 1 (Inherited) */
       DOM_PH_START,     /* start of turn: Durations, "at the start of your turn" */
       DOM_PH_ACTION,
       DOM_PH_BUY,
       DOM_PH_CLEANUP,
       DOM_PH_OVER,
       DOM_NPHASES
};

enum { /* decision kinds: hdr.decision, names in game.c */
       DOM_D_NONE = 0,
       DOM_D_ACTION,  /* action phase: play an Action or end actions */
       DOM_D_BUY,     /* buy phase: play Treasures, buy, end turn */
       DOM_D_DISCARD, /* pick cards to discard */
       DOM_D_TRASH,   /* pick cards to trash */
       DOM_D_GAIN,    /* pick a card to gain */
       DOM_D_TOPDECK, /* pick a card to put onto the deck */
       DOM_D_PLAY,    /* pick a card to play (Throne Room, Vassal...) */
       DOM_D_REACT,   /* reveal a Reaction to an Attack */
       DOM_D_LIBRARY, /* set a drawn Action aside or keep it */
       DOM_D_SENTRY,  /* trash, discard or keep a looked-at card */
       DOM_D_ORDER,   /* which card goes on top */
       DOM_D_START,   /* order of start-of-turn effects */
       DOM_D_SETUP,   /* setup choice (Inherited) */
       DOM_D_CHOOSE,  /* pick one of a card's modes (Gondola now/later...) */
       DOM_D_TRIGGER, /* order of "when you gain" effects */
       DOM_D_TAKE,    /* pick a card to put into your hand (Mapmaker) */
       DOM_D_SHUFFLE, /* choices while shuffling (Avoid, Fated) */
       DOM_D_ASIDE,   /* pick cards to set aside (Cage, Grotto, Patient...) */
       DOM_D_REACTGAIN, /* play a Reaction to a gain (Stowaway, Mapmaker) */
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
       DOM_S_TRASH,    /* cards in the trash (cost cap, type filter) */
       DOM_S_LOOKALL,  /* all of the decider's looked-at cards (kind LOOK) */
       DOM_S_CUSTOM,   /* a card-specific list (cards.c: dom_custom_legal) */
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
       DOM_V_RESOLVE,  /* resolve X (start of turn, gain triggers) */
       DOM_V_CHOOSE,   /* choose <mode>: the card field is a DOM_M_* mode */
       DOM_V_TAKE,     /* take X (into hand) */
       DOM_V_BOTTOM,   /* bottom X (Fated: under the shuffled cards) */
       DOM_V_REPLACE,  /* replace X (Inherited) */
       DOM_NVERBS
};
#define DOM_ACT(v, c) ((kt_action)(((uint32_t)(v) << 8) | (uint32_t)(c)))
#define DOM_VERB(a) ((int)(((a) >> 8) & 0xff))
#define DOM_CARD(a) ((int)((a) & 0xff))

enum { /* modes of DOM_V_CHOOSE */
       DOM_M_NONE = 0,
       DOM_M_NOW,      /* "now" (Gondola, Amphora) */
       DOM_M_LATER,    /* "next turn" */
       DOM_M_COINS2,   /* "+$2" (Cabin Boy) */
       DOM_M_BUYCOINS, /* "+1 Buy +$3" (Orb) */
       DOM_NMODES
};
extern const char *const dom_mode_names[DOM_NMODES];

enum { /* effect programs on the stack */
       DOM_FX_NONE = 0,
       DOM_FX_PLAY,      /* a card being played: reactions, vanilla, its program, hooks */
       DOM_FX_REACT,     /* reaction window of an Attack, player by player */
       DOM_FX_GAIN,      /* the "when gained" effects of one gain */
       DOM_FX_EVENT,     /* an Event being bought */
       DOM_FX_DUR,       /* a card's start-of-turn (Duration) effect */
       DOM_FX_START,     /* start of turn: ordering the effects */
       DOM_FX_CLEANUP,   /* start-of-Clean-up choices and Trickster */
       DOM_FX_SHUFFLE,   /* shuffling with choices (Avoid, Fated), then the draw */
       DOM_FX_TREASURES, /* "play treasures" of Treasures that have programs */
       DOM_FX_SETUP,     /* Inherited: each player replaces a starting card */
       DOM_NFX
};
/* Step ranges of card programs: the play part starts at 2, the start-of-
 * turn (Duration) part at DOM_STEP_DUR; DOM_STEP_POST ends the program and
 * runs the after-play hooks (up to DOM_STEP_END). */
#define DOM_STEP_DUR 100
#define DOM_STEP_POST 200
#define DOM_STEP_END 212

enum { /* aside kinds */
       DOM_A_LOOK = 0, /* being looked at by its owner (hidden from others) */
       DOM_A_KEPT,     /* looked at and kept, waiting to go back (hidden) */
       DOM_A_REVEAL,   /* revealed to everyone, resolving */
       DOM_A_LIBRARY,  /* skipped by Library, discarded when it finishes */
       DOM_A_UNDER,    /* face down under the host instance (Cage, Grotto) */
       DOM_A_ON,       /* face up on the host instance (Quartermaster) */
       DOM_A_ENDTURN,  /* face down, to hand at end of turn (Cage, Puzzle Box) */
       DOM_A_NEXTTURN, /* face up, played at the start of the owner's next turn */
       DOM_A_PLACED,   /* looked at, order chosen, going back onto the deck (hidden) */
       DOM_A_HANDEND,  /* face up, to hand at end of turn (Trickster, Deliver) */
       DOM_A_DECKEND,  /* face up, onto the deck at end of turn (Tireless) */
       DOM_A_AVOID,    /* kept out of a shuffle, back to the discard pile (hidden) */
       DOM_A_FATETOP,  /* Fated, revealed, goes on top after the shuffle */
       DOM_A_FATEBOT,  /* Fated, revealed, goes under the shuffled cards */
       DOM_A_WAIT,     /* looked at, waiting while a card they revealed resolves (hidden) */
       DOM_NASIDE
};
/* Is an aside kind hidden from players other than its owner? */
static inline int dom_aside_hidden(int kind)
{
    return kind == DOM_A_LOOK || kind == DOM_A_KEPT || kind == DOM_A_UNDER ||
           kind == DOM_A_ENDTURN || kind == DOM_A_PLACED || kind == DOM_A_AVOID ||
           kind == DOM_A_WAIT;
}

enum { /* watcher events */
       DOM_EV_PLAY = 0,   /* a card is played (Merchant, Harbor Village, Flagship...) */
       DOM_EV_GAIN,       /* a card is gained (Cutthroat, Abundance, Insignia...) */
       DOM_EV_SHUFFLE,    /* the owner shuffles (Avoid) */
       DOM_EV_PILE_EMPTY, /* a supply pile becomes empty (Search) */
       DOM_EV_DISCARD,    /* the owner discards a Treasure from play (Trickster) */
       DOM_NEVENTS
};
enum { /* watcher lifetimes */
       DOM_LIFE_TURN = 0, /* ends at the end of the turn (Clean-up) */
       DOM_LIFE_TRIGGER,  /* ends when it fires; keeps its card (uid) in play */
       DOM_LIFE_GAME,     /* never ends */
       DOM_LIFE_NEXT,     /* ends at the start of the owner's next turn (Frigate) */
       DOM_NLIVES
};

enum { /* in-play flags */
       DOM_IP_OLD = 1 << 1,     /* has lived through a Clean-up */
       DOM_IP_FOREVER = 1 << 2, /* never leaves play (Quartermaster, Endless Chalice) */
       DOM_IP_FLAGS = DOM_IP_OLD | DOM_IP_FOREVER
};

enum { DOM_END_NONE = 0, DOM_END_PROVINCES, DOM_END_PILES, DOM_END_UNTIL };

enum { /* where a tracked card (just gained) lies */
       DOM_L_NONE = 0, /* lost track: it has moved */
       DOM_L_DISCARD,  /* disc[pos] of its owner */
       DOM_L_DECK,     /* deck[pos] */
       DOM_L_HAND,     /* in hand (copies are interchangeable) */
       DOM_L_ASIDE,    /* on a Quartermaster (aside ON, host f->uid) */
       DOM_NLOCS
};

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
    uint16_t trig;  /* FX_GAIN: pending trigger kinds (DOM_TG_*); else scratch */
    uint16_t pos;   /* tracked card: index in deck/discard */
    uint16_t c0;    /* FX_PLAY: coins when the play began (Harbor Village) */
    uint8_t loc;    /* tracked card: DOM_L_* */
    uint8_t ep;     /* tracked card: owner's shuffle count (low byte) when tracked */
    uint8_t k;      /* scratch counter */
    uint8_t z;      /* scratch counter */
    uint8_t tc;     /* tracked card id */
    uint8_t tp;     /* tracked card owner */
} dom_frame;

enum {
    DOM_FF_REPLAY = 1 << 0, /* FX_PLAY: the card is played again, it does not move */
    DOM_FF_EXACT = 1 << 1,  /* pick from supply: cost must equal cap */
    DOM_FF_NOT = 1 << 2,    /* pick: `only` names the one card NOT allowed */
    DOM_FF_TWICE = 1 << 3,  /* FX_PLAY: second run of a Reckless card's instructions */
    DOM_FF_INPLAY = 1 << 4, /* pick from supply: a card someone has in play (Tools) */
    DOM_FF_LESS = 1 << 5,   /* pick from supply: cost must be below cap */
    DOM_FF_ALL = 0x3f,
    /* set by the engine on a frame whose step pushed frames above it */
    DOM_FF_ASKPEND = 1 << 6,  /* a pick is set up, ask when on top again */
    DOM_FF_DONEPEND = 1 << 7, /* finished, pop when on top again */
};

enum { /* FX_GAIN: trigger kinds of the gaining player, ordered by them */
       DOM_TG_SELF = 1 << 0,     /* the card's own "when you gain this" */
       DOM_TG_TRAIT = 1 << 1,    /* its pile's Trait (Cursed, Hasty, Pious, Rich) */
       DOM_TG_FAWN = 1 << 2,     /* Fawning, on gaining a Province */
       DOM_TG_INSIGNIA = 1 << 3, /* may put it onto your deck */
       DOM_TG_DELIVER = 1 << 4,  /* set it aside, to hand at end of turn */
       DOM_TG_RUSH = 1 << 5,     /* play it */
       DOM_TG_MIRROR = 1 << 6,   /* gain another copy */
       DOM_TG_MINING = 1 << 7,   /* Mining Road: may play the Treasure */
       DOM_TG_SHRINE = 1 << 8,   /* Secluded Shrine: trash up to 2 */
       DOM_TG_STOW = 1 << 9,     /* may play Stowaway from hand */
       DOM_TG_MAP = 1 << 10,     /* may play Mapmaker from hand */
       DOM_NTG = 11
};

/* Steps of FX_GAIN: 0 choose, 1 answer, G_KIND+2k / G_KIND+2k+1 resolve
 * trigger kind k (bit k of DOM_TG_*), G_OTHERS.. the other players. */
#define DOM_G_KIND 10
#define DOM_G_OTHERS 50

enum { /* dom_state.tflags: per-turn flags */
       DOM_TF_LAUNCH = 1 << 0,  /* Launch bought this turn */
       DOM_TF_JOURNEY = 1 << 1, /* Journey: keep cards in play, extra turn */
       DOM_TF_JBOUGHT = 1 << 2, /* Journey bought this turn (errata: once per turn) */
       DOM_TF_SHY = 1 << 3,     /* Shy used this turn */
       DOM_TF_SHAMAN = 1 << 4,  /* Shaman's gain from the trash done this turn */
       DOM_TF_FRIENDLY = 1 << 5,/* Friendly used this Clean-up */
       DOM_TF_XTURN = 1 << 6,   /* an extra turn follows this one */
       DOM_TF_ALL = 0x7f
};

typedef struct dom_watch {
    uint8_t ev;    /* DOM_EV_* */
    int8_t owner;  /* whose effect fires */
    uint8_t card;  /* card that made it (its effect runs) */
    uint8_t life;  /* DOM_LIFE_* */
    uint8_t arg;   /* filter (a card id) or, for Frigate, the immune players */
    uint8_t n;     /* how many times it fires (merged duplicates) */
    uint8_t fired; /* latched by the effect frame at stack index fired-1 (0: free) */
    uint8_t pad;
    uint16_t uid;  /* in-play instance kept in play while waiting (0: none) */
} dom_watch;

typedef struct dom_inplay {
    uint8_t card;
    int8_t owner;
    uint8_t flags; /* DOM_IP_* */
    uint8_t pend;  /* start-of-turn resolutions pending at the owner's next turn */
    uint8_t mult;  /* resolutions per turn of a card that never leaves play */
    uint8_t pad;
    uint16_t uid;  /* instance id, unique among cards in play */
    uint16_t by;   /* uid of the card that played it (Throne Room), 0 = none */
    uint16_t link; /* uid of the card this one replayed (Flagship), 0 = none */
} dom_inplay;

typedef struct dom_aside {
    uint8_t card;
    int8_t owner;
    uint8_t kind; /* DOM_A_* */
    uint8_t pad;
    uint16_t host; /* in-play uid it lies under/on, 0 = none */
} dom_aside;

typedef struct dom_player {
    uint16_t ndeck, ndisc, nhand;
    uint16_t known_top; /* top cards of the deck this player knows */
    uint16_t pub_top;   /* top cards of the deck everyone knows */
    uint16_t turns;     /* turns taken (counts for the tie-break) */
    uint16_t xturns;    /* extra turns taken (Journey; not for the tie-break) */
    uint16_t shuf;      /* reshuffles so far (tracked cards lose track) */
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
    uint8_t bought; /* bought a card/Event in this Buy phase: no more Treasures */
    uint8_t ended;  /* DOM_END_* */
    uint8_t extra;  /* this turn is an extra turn (Journey) */
    uint8_t nstack, nwatch, nloot;
    int8_t winner;  /* `until` winner, -1 */
    uint16_t actions, buys, coins;
    uint16_t played;  /* cards the turn player played this turn */
    uint16_t silvers; /* Silvers played this turn (Merchant) */
    uint16_t nplay, naside;
    uint16_t next_uid;
    int16_t cost_mod; /* cost modifier hook: added to card costs this turn (>= 0 floor) */
    uint16_t nold;    /* in-play entries from earlier turns (uid reuse check) */
    uint16_t tflags;  /* DOM_TF_* */
    uint8_t pstep;    /* sub-step of the phase machine */
    uint8_t run;      /* consecutive turns of the turn player, this one included */
    uint8_t removed;  /* Estates taken out of the game (Inherited) */
    uint8_t trace;    /* 0; 1 only in the game log's private copy (log.c) */
    uint8_t nempty;   /* derived: empty supply piles (dom_empty_piles), kept by
                       * dom_supply_take / dom_supply_put, recomputed on load */
    uint8_t overflow; /* 0; 1 once dom_push found the stack full and an effect
                       * was refused (core/stack.h): kt_check reports it (never a silent loss),
                       * and the byte keeps the struct free of padding */
    uint8_t supply[DOM_NIDS];
    uint8_t trash[DOM_NIDS];
    uint8_t loot[DOM_LOOTS];
    dom_frame stack[DOM_STACK];
    dom_watch watch[DOM_WATCH];
    dom_inplay play[DOM_MAXC];
    dom_aside aside[DOM_MAXC];
    dom_player pl[DOM_MAXP];
} dom_state;

_Static_assert(sizeof(dom_frame) == 32, "dom_frame has padding");
_Static_assert(sizeof(dom_watch) == 10, "dom_watch has padding");
_Static_assert(sizeof(dom_inplay) == 12, "dom_inplay has padding");
_Static_assert(sizeof(dom_aside) == 6, "dom_aside has padding");
_Static_assert(sizeof(dom_player) == 26 + 3 * DOM_NIDS + 2 * DOM_MAXC, "dom_player has padding");
_Static_assert(offsetof(dom_state, supply) == sizeof(kt_state_hdr) + 36, "dom_state has padding");

/* ------------------------------------------------------------ configuration */

enum { /* dom_cfg.hooks: optional engine paths in use */
       DOM_H_GAIN = 1 << 0,    /* "when gained" effects exist */
       DOM_H_START = 1 << 1,   /* game-wide start-of-turn effects (Shaman, Shy) */
       DOM_H_SHUFFLE = 1 << 2, /* choices while shuffling (Avoid, Fated) */
       DOM_H_CLEANUP = 1 << 3, /* Clean-up choices (Friendly, Patient, Trickster...) */
       DOM_H_PLAY = 1 << 4,    /* play hooks (Reckless, Inspiring) */
};

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
    uint8_t cost[DOM_NIDS];    /* cost after static modifiers (Cheap); Events printed */
    uint8_t trait_of[DOM_NIDS];/* Trait card id attached to each pile (0: none) */
    uint8_t in_supply[DOM_NIDS];
    uint8_t slow[DOM_NIDS];    /* Treasure played through an effect frame */
    int nevents;
    uint8_t events[DOM_MAXEV]; /* Events in the game */
    int ntraits;
    uint8_t traits[DOM_MAXEV]; /* Traits in the game ... */
    uint8_t trait_pile[DOM_MAXEV]; /* ... and the pile each lies under */
    uint8_t loot;              /* the Loot pile is in use */
    uint8_t journey_errata;    /* Journey: 2023 errata wording (else printed) */
    uint8_t shaman;            /* Shaman is in the kingdom */
    uint8_t stays;             /* some card may stay in play (Durations, Journey) */
    /* "play treasures": fast_tre, the Treasures it plays without an effect
     * frame (in tre_ids order, below), and slow_tre, those it plays one
     * after the other through FX_TREASURES */
    uint8_t nfast_tre, nslow_tre;
    uint8_t slow_tre[DOM_NIDS];
    uint8_t fast_odd;          /* a plain Treasure is an Action or has a negative bonus */
    uint8_t nmanual_tre;       /* Treasures "play treasures" does not play ... */
    uint8_t manual_tre[DOM_NIDS]; /* ... (played one by one: Figurine, King's Cache...) */
    uint8_t fast_tre[DOM_NIDS];
    /* per fast_tre[i], what one play adds, in 16-bit fields: coins,
     * actions, buys, and 1 for Silver (counted for Merchant) */
    uint64_t fast_inc[DOM_NIDS];
    uint8_t plain_gain;        /* a gain has no effects beyond moving the card (no hooks, no `until`) */
    uint32_t hand_inc[DOM_NIDS]; /* per card: 1 if an Action, + 1 << 16 if a Treasure (drawing) */
    /* a player at the start, before the shuffle: deck in id order and the
     * derived counters (own[] is start[]) */
    uint8_t nstart_deck;
    uint8_t start_deck[32];
    int16_t start_vp;
    uint16_t start_money;
    uint8_t plain_end;         /* no Clean-up, start-of-turn or shuffle choices, no Durations or Traits */
    uint8_t until_card, until_n; /* `until`: game ends when a player owns n of card */
    uint16_t ncards;
    uint32_t hooks;            /* DOM_H_* */
    int preset;                /* index into dom_presets or -1 */
    /* supply piles as 16-byte chunks of dom_state.supply (dom_empty_piles
     * counts empty piles a chunk at a time): chunk pc_idx[i] holds piles in
     * the bytes where pc_mask[i] is 1 */
    int npc;
    uint8_t pc_idx[DOM_NIDS / 16];
    uint8_t pc_mask[DOM_NIDS / 16][16];
} dom_cfg;

static inline const dom_cfg *dom_config(const kt_game *g) { return (const dom_cfg *)g->cfg; }

/* One card from / back to a pile of the supply (piles of cards not in
 * c->in_supply do not count as empty piles); the empty-pile count follows. */
static inline void dom_supply_take(const dom_cfg *c, dom_state *s, int card)
{
    KT_ASSERT(s->supply[card] > 0);
    s->supply[card]--;
    s->nempty = (uint8_t)(s->nempty + (s->supply[card] == 0 && c->in_supply[card]));
}

static inline void dom_supply_put(const dom_cfg *c, dom_state *s, int card)
{
    s->nempty = (uint8_t)(s->nempty - (s->supply[card] == 0 && c->in_supply[card]));
    s->supply[card]++;
}
static inline dom_state *dom_st(kt_state *s) { return (dom_state *)s; }
static inline const dom_state *dom_cst(const kt_state *s) { return (const dom_state *)s; }

/* Current cost of a card (cost-modifier hook: cfg static part, state part). */
static inline int dom_cost(const dom_cfg *c, const dom_state *s, int card)
{
    int v = (int)c->cost[card] + s->cost_mod;
    return v < 0 ? 0 : v;
}
/* The effect on top of the stack (running or waiting), NULL when empty. */
static inline const dom_frame *dom_top(const dom_state *s)
{
    return s->nstack ? &s->stack[s->nstack - 1] : NULL;
}
/* Trait of the pile a card comes from (0: none). */
static inline int dom_trait(const dom_cfg *c, int card) { return c->trait_of[card]; }

/* ------------------------------------------------------------ engine (rules.c) */

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

/* Bit i set where p[i] != 0, for the 16 bytes from p: two SSE2
 * instructions where the compiler offers SSE2 (every x86-64), a loop
 * elsewhere.  For scans of per-card counts that are mostly zero. */
static inline uint32_t dom_nonzero16(const uint8_t *p)
{
#ifdef __SSE2__
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
    return ~(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128())) & 0xffffu;
#else
    uint32_t m = 0;
    for (int i = 0; i < 16; i++)
        m |= (uint32_t)(p[i] != 0) << i;
    return m;
#endif
}

/* One card more owned by P: the derived counters follow. */
static inline void dom_own_add(dom_player *P, int card)
{
    const dom_card *c = &dom_cards[card];
    P->own[card]++;
    P->ncards++;
    P->vp = (int16_t)(P->vp + c->vp);
    if (c->types & DOM_T_TREASURE)
        P->money = (uint16_t)(P->money + c->coins);
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

/* Drawing and looking.  A reshuffle that needs the player's choices (Avoid,
 * Fated) pushes an FX_SHUFFLE frame that finishes the draw afterwards, so a
 * card program must return DOM_R_CONT right after a draw or look and use its
 * result in the next step.  dom_draw returns the cards drawn so far. */
int dom_draw(const kt_game *g, dom_state *s, int p, int n);
/* Move up to n top cards of p's deck into the aside zone (kind). */
int dom_look(const kt_game *g, dom_state *s, int p, int n, int kind);
/* Take the top card without reshuffle choices (base-game paths only). */
int dom_take_top(dom_state *s, int p, int *pub);
void dom_put_on_deck(dom_state *s, int p, int card, int public_);
void dom_put_under_deck(dom_state *s, int p, int card);
void dom_discard_card(dom_state *s, int p, int card);
/* Remove disc[i] (keeping tracked positions right); returns the card. */
int dom_disc_remove(dom_state *s, int p, int i);
/* Ownership changes.  dest DOM_TO_*, from DOM_FROM_*. */
enum { DOM_TO_DISCARD = 0, DOM_TO_DECK, DOM_TO_HAND, DOM_TO_ASIDE };
enum { DOM_FROM_SUPPLY = 0, DOM_FROM_TRASH, DOM_FROM_LOOT };
/* Gain; returns 1 if a card was gained.  `track` (may be NULL) receives
 * where it went, so a program can later ask whether it is still there. */
int dom_gain_ex(const kt_game *g, dom_state *s, int p, int card, int dest, int from, int host,
                dom_frame *track);
static inline int dom_gain(const kt_game *g, dom_state *s, int p, int card, int dest)
{
    return dom_gain_ex(g, s, p, card, dest, DOM_FROM_SUPPLY, 0, NULL);
}
/* Gain the top Loot (revealed); returns its id or 0. */
int dom_gain_loot(const kt_game *g, dom_state *s, int p, int dest, dom_frame *track);
int dom_trash_from_hand(const kt_game *g, dom_state *s, int p, int card);
void dom_trash_card(const kt_game *g, dom_state *s, int p, int card); /* card already removed */
/* Is the card tracked by f still where it was gained?  Take it from there. */
int dom_tracked_here(const dom_state *s, const dom_frame *f);
int dom_tracked_take(dom_state *s, dom_frame *f);
/* In play / aside. */
int dom_inplay_add(dom_state *s, int p, int card, int by);
int dom_inplay_find(const dom_state *s, int uid); /* index or -1 */
/* Remove an in-play instance (it moves elsewhere); returns its card or 0. */
int dom_inplay_take(dom_state *s, int uid);
int dom_aside_add(dom_state *s, int p, int card, int kind, int host);
void dom_aside_del(dom_state *s, int i);
int dom_aside_find(const dom_state *s, int p, int kind); /* first index or -1 */
int dom_aside_count(const dom_state *s, int p, int kind, int host);
/* Stack. */
dom_frame *dom_push(dom_state *s, int fx, int pl, int card);
/* Move a card (already out of its zone) into play and start resolving it;
 * `by` is the uid of the card that played it (0: none). */
int dom_play_card(const kt_game *g, dom_state *s, int p, int card, int by);
/* Play the instance `uid` again (Throne Room's second play, Flagship). */
int dom_replay(const kt_game *g, dom_state *s, int p, int card, int uid);
/* Watchers: add (merging duplicates); count the owner's watchers of a card. */
int dom_watch_add(dom_state *s, int ev, int owner, int card, int life, int arg, int uid);
int dom_watch_count(const dom_state *s, int owner, int card);
void dom_watch_del(dom_state *s, int i);
void dom_fire_play(const kt_game *g, dom_state *s, int p, int card);
/* Different Treasure names p has in play (Pendant, Wealthy Village). */
int dom_treasure_names_in_play(const dom_state *s, int p);

/* A new game (setup.c): the configuration and the start position. */
kt_status dom_setup(kt_game *g, kt_err *err);
void dom_init(const kt_game *g, kt_state *st);
void dom_clear(const kt_game *g, kt_state *st);

/* The turn machine and the public entry points. */
void dom_apply(const kt_game *g, kt_state *st, kt_action a);
int dom_legal(const kt_game *g, const kt_state *st, kt_action *buf);
int dom_frame_legal(const kt_game *g, const dom_state *s, const dom_frame *f, kt_action *buf);
void dom_run(const kt_game *g, dom_state *s);
int dom_empty_piles(const dom_cfg *c, const dom_state *s);
int dom_score(const dom_cfg *c, const dom_state *s, int p);
/* Is an Event buyable now (once-per-turn rules)? */
int dom_event_ok(const dom_cfg *c, const dom_state *s, int ev);
/* Recompute derived fields from the zones (after load / determinize). */
void dom_derive(const kt_game *g, dom_state *s);
/* Shuffle the starting decks and draw the first hands. */
void dom_deal(const kt_game *g, dom_state *s);
/* keep[i]: does play[i] stay in play through this Clean-up?  Returns
 * whether any does. */
int dom_keep_mask(const dom_state *s, uint8_t *keep);
/* One step of the turn machine with an empty stack (turn.c); 0 when a
 * decision is pending or the game is over. */
int dom_phase_step(const kt_game *g, dom_state *s);
/* End the game now (DOM_END_*): nobody to move, the stack cleared. */
void dom_finish(dom_state *s, int why);
/* One card fewer owned by P: the derived counters follow. */
void dom_own_del(dom_player *P, int card);
/* The turn player's action a with an empty stack (turn.c); 1 when it has
 * already published the next decision (dom_run has nothing to do). */
int dom_phase_action(const kt_game *g, dom_state *s, kt_action a);
/* A fresh in-play uid (never 0, none in use). */
uint16_t dom_new_uid(dom_state *s);
/* Count a card p plays (this turn's "played" and Silver counts). */
void dom_count_play(dom_state *s, int p, int card);

/* Card programs (cards.c, plunder.c): one step of card f->card. */
int dom_card_program(const kt_game *g, dom_state *s, dom_frame *f, kt_action in);
int dom_plunder_program(const kt_game *g, dom_state *s, dom_frame *f, kt_action in);
int dom_event_program(const kt_game *g, dom_state *s, dom_frame *f, kt_action in);
int dom_react_program(const kt_game *g, dom_state *s, dom_frame *f, kt_action in);
/* Next player after f->who (clockwise from f->pl) not protected from the
 * Attack by a Reaction; -1 after the last one. */
int dom_next_victim(const kt_game *g, const dom_frame *f);
/* Discard p's aside cards of a kind; find one card of a kind. */
void dom_discard_aside(dom_state *s, int p, int kind);
int dom_find_aside_card(const dom_state *s, int p, int kind, int card);
/* Throne Room / King's Cache: play a card of `type` from hand `times` times. */
int dom_multiplay(const kt_game *g, dom_state *s, dom_frame *f, kt_action in, int times,
                  int type);
/* Effects of gains, turn structure, shuffling (triggers.c). */
int dom_gain_program(const kt_game *g, dom_state *s, dom_frame *f, kt_action in);
int dom_start_program(const kt_game *g, dom_state *s, dom_frame *f, kt_action in);
int dom_cleanup_program(const kt_game *g, dom_state *s, dom_frame *f, kt_action in);
int dom_shuffle_program(const kt_game *g, dom_state *s, dom_frame *f, kt_action in);
int dom_setup_program(const kt_game *g, dom_state *s, dom_frame *f, kt_action in);
int dom_treasures_program(const kt_game *g, dom_state *s, dom_frame *f, kt_action in);
/* Push the "when gained" frame of a gain if anything triggers (rules.c). */
void dom_gain_hooks(const kt_game *g, dom_state *s, int p, int card, const dom_frame *where,
                    int emptied);
/* When a card is trashed (Jewelled Egg). */
void dom_trash_hooks(const kt_game *g, dom_state *s, int p, int card);
/* Start-of-turn effects pending for p (FX_START needed?). */
int dom_start_pending(const kt_game *g, const dom_state *s, int p);
/* Card-specific pick lists (DOM_S_CUSTOM): engine/trigger frames
 * (triggers.c) and card/Event programs (plunder.c). */
int dom_custom_legal(const kt_game *g, const dom_state *s, const dom_frame *f, kt_action *buf);
int dom_plunder_custom(const kt_game *g, const dom_state *s, const dom_frame *f, kt_action *buf);
/* Put the kept looked-at cards (aside KEPT) back onto the deck in an order
 * the player picks, top card first (steps `step` and `step`+1). */
int dom_order_back(dom_state *s, dom_frame *f, kt_action in, int step);
/* Set up a pick on frame f and return DOM_R_ASK. */
int dom_ask(dom_frame *f, int who, int dec, int src, int verb, int may, int next_step);
/* Reset the pick filters before setting up a new pick. */
void dom_pick_reset(dom_frame *f);
/* End a card program: go on with the after-play hooks (returns DOM_R_CONT). */
int dom_post(dom_frame *f);

/* ------------------------------------------------------------ game log */

/* What the engine reports while it runs on the game log's private copy of
 * a state (s->trace set; log.c turns the reports into sentences).  A state
 * in play never has trace set, so the reports cost one test of a byte. */
enum {
    DOM_TE_DRAW = 1, /* card drawn into the hand (arg: its identity was public) */
    DOM_TE_SHUFFLE,  /* discard pile shuffled into the deck */
    DOM_TE_GAIN,     /* arg: destination DOM_TO_* | source DOM_FROM_* << 4 */
    DOM_TE_TRASH,
    DOM_TE_DISCARD,
    DOM_TE_TOPDECK,  /* arg: public */
    DOM_TE_ASIDE,    /* arg: aside kind */
    DOM_TE_PLAY,     /* arg: 1 = played again (Throne Room, Flagship...) */
    DOM_TE_REVEAL,   /* a Reaction revealed against an Attack */
    DOM_TE_RETURN,   /* a Reckless card back to its pile */
    DOM_TE_DURATION, /* a start-of-turn effect resolves */
    DOM_TE_TOHAND,   /* a set-aside card into the hand (arg: public) */
    DOM_TE_REPLACE,  /* Inherited: a starting card replaced (arg: the new card) */
    DOM_TE_BOTTOM,   /* put under the deck (arg: public) */
    DOM_NTE
};
/* Where a reported card came from when it left the top of its owner's deck
 * (dom_take_top): for the undo barrier (determinize.c, dom_reveals). */
enum { DOM_TK_DECK = 1, DOM_TK_KNOWN = 2 /* to its owner */, DOM_TK_PUBLIC = 4 };
#define DOM_TRACE_MAX 2048
typedef struct dom_tev {
    uint8_t kind; /* DOM_TE_* */
    int8_t p;
    uint8_t card;
    uint8_t arg;
    uint8_t why;  /* card of the effect running then (0: the turn itself) */
    uint8_t fx;   /* its kind (DOM_FX_*, 0: none) */
    uint8_t step; /* its step (FX_GAIN: which trigger resolves) */
    uint8_t phase;
    uint8_t deck; /* DOM_TK_* when the card was just taken from a deck, else 0 */
} dom_tev;
typedef struct dom_tracer {
    dom_state s; /* first: the engine's reports find the list from the state */
    int n, lost;
    uint8_t take; /* DOM_TK_* of the card dom_take_top just took, for the next report */
    dom_tev ev[DOM_TRACE_MAX];
} dom_tracer;
void dom_trace_ev(dom_state *s, int kind, int p, int card, int arg);
/* dom_take_top on a traced state: the next report is of a card from a deck. */
void dom_trace_take(dom_state *s, int known, int pub);
/* Apply `a` to a traced copy of `before`: the reports of everything that
 * moved (from the configuration's allocator, dom_trace_free; NULL when out
 * of memory). */
dom_tracer *dom_trace_run(const kt_game *g, const kt_state *before, kt_action a);
void dom_trace_free(const kt_game *g, dom_tracer *t);
/* gamedef.events: the game log of one action. */
void dom_events(const kt_game *g, const kt_state *before, kt_action a, const kt_state *after,
                kt_log *log);
#define DOM_TRACE(s, kind, p, card, arg)                                                         \
    do {                                                                                         \
        if ((s)->trace)                                                                          \
            dom_trace_ev((s), (kind), (p), (card), (arg));                                       \
    } while (0)

/* ------------------------------------------------------------ the rest */

/* view.c: names of the state's enumerations (JSON and texts) */
extern const char *const dom_phase_names[DOM_NPHASES];
extern const char *const dom_fx_names[DOM_NFX];
extern const char *const dom_src_names[DOM_NSRC];
extern const char *const dom_verb_names[DOM_NVERBS];
extern const char *const dom_aside_names[DOM_NASIDE];
extern const char *const dom_ev_names[DOM_NEVENTS];
extern const char *const dom_life_names[DOM_NLIVES];
extern const char *const dom_end_names[4];
extern const char *const dom_loc_names[DOM_NLOCS];
int dom_name_index(const char *const *names, int n, const char *s);
/* Where a set-aside card of this kind lies, in words ("under", "played next
 * turn", ...). */
const char *dom_aside_place(int kind, int lang);
/* save.c: card lists in JSON (counts per id in table order; top first) */
void dom_jw_cards_counts(kt_jw *w, const dom_cfg *c, const uint8_t *cnt, int lang);
void dom_jw_cards_topfirst(kt_jw *w, const uint8_t *a, int n, int lang);
void dom_jw_card_or_null(kt_jw *w, const char *key, int id);

const char *dom_decision_name(int d);
const char *dom_phase_name(int ph);
const char *dom_fx_name(int fx);
void dom_action_text(const kt_game *g, const kt_state *s, kt_action a, int viewer, int lang,
                     kt_buf *out);
/* The text pattern of a verb ("buy %s", "kaufe %s"); write a pattern with
 * its "%s" (if any) replaced by name. */
const char *dom_verb_text(int verb, int lang);
void dom_put_pattern(kt_buf *out, const char *pat, const char *name);
kt_status dom_explain(const kt_game *g, const kt_state *s, const char *text, int lang,
                      kt_buf *out);
void dom_menu_item(const kt_game *g, const kt_state *s, kt_action a, int lang,
                   kt_menu_item *out);
void dom_prompt(const kt_game *g, const kt_state *s, int lang, kt_buf *out);
/* The prompt as `viewer` may see it (private cards named only for the
 * decider and KT_OMNISCIENT). */
void dom_prompt_view(const kt_game *g, const kt_state *s, int viewer, int lang, kt_buf *out);
void dom_observe(const kt_game *g, const kt_state *s, int player, int lang, kt_jw *w);
/* targets.c: what an action acts on (gamedef.action_info), decision and
 * phase names for people */
void dom_action_info(const kt_game *g, const kt_state *s, kt_action a, kt_action_info *out);
const char *dom_decision_label(int d, int lang);
const char *dom_phase_label(int ph, int lang);
void dom_save(const kt_game *g, const kt_state *s, kt_jw *w);
int dom_load(const kt_game *g, const kt_jv *v, kt_state *s, kt_jr *r);
void dom_render(const kt_game *g, const kt_state *s, int viewer, int lang, kt_buf *out);
void dom_components(int lang, kt_buf *out);
void dom_types_text(int types, int lang, kt_buf *out);

/* help.c: explain a card, Loot, Event, Trait, card type or screen mark */
int dom_describe(const char *name, int lang, kt_buf *out);

/* determinize.c */
void dom_determinize(const kt_game *g, kt_state *s, int player, kt_rng *rng);
/* gamedef.reveals: the undo barrier (determinize.c). */
int dom_reveals(const kt_game *g, const kt_state *before, kt_action a, const kt_state *after,
                int player);

/* bots.c */
#define DOM_NBOTS 4
extern const kt_botdef dom_bots[DOM_NBOTS];
void dom_evaluate(const kt_game *g, const kt_state *s, double *out);

/* game.c */
int dom_check(const kt_game *g, const kt_state *s, kt_buf *why);

#endif
