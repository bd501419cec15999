/*
 * bots.h - Dominion's game bots: shared decision logic and the buy-rule
 * language of rule files (docs/bot-files.md).
 *
 * A bot (dom_bot, allocated at creation) holds its kind, its own PRNG, the
 * heuristic's plan for the kingdom, and for file bots the compiled rules:
 * each rule is a card plus a condition compiled to a small stack program
 * (dom_op[]), evaluated without allocation.
 */
#ifndef DOM_BOTS_H
#define DOM_BOTS_H

#include "dominion.h"

enum { DOM_BOT_HEURISTIC, DOM_BOT_BMU, DOM_BOT_SMITHY, DOM_BOT_FILE };

enum { /* rule-program opcodes */
       DOM_OP_NUM,      /* push val */
       DOM_OP_VAR,      /* push variable arg (DOM_VAR_*) */
       DOM_OP_COUNT,    /* push cards owned with id arg */
       DOM_OP_SUPPLY,   /* push supply count of id arg */
       DOM_OP_HAND,     /* push copies of id arg in hand */
       DOM_OP_ADD, DOM_OP_SUB, DOM_OP_MUL, DOM_OP_DIV,
       DOM_OP_LT, DOM_OP_LE, DOM_OP_GT, DOM_OP_GE, DOM_OP_EQ, DOM_OP_NE,
       DOM_OP_AND, DOM_OP_OR, DOM_OP_NOT,
};

enum { /* variables of rule conditions */
       DOM_VAR_MONEY,    /* coin value of owned Treasures */
       DOM_VAR_COINS,    /* coins available now */
       DOM_VAR_BUYS,     /* buys left now */
       DOM_VAR_CARDS,    /* cards owned */
       DOM_VAR_TREASURES,/* Treasure cards owned */
       DOM_VAR_ACTIONS,  /* Action cards owned */
       DOM_VAR_VP,       /* own score */
       DOM_VAR_LEAD,     /* own score minus the best other score */
       DOM_VAR_TURN,     /* own turns taken, this one included */
       DOM_VAR_EMPTY,    /* empty Supply piles */
       DOM_VAR_PLAYERS,  /* players in the game */
       DOM_NVARS
};

typedef struct dom_op {
    uint8_t op;
    uint8_t arg;
    double val;
} dom_op;

#define DOM_RULE_OPS 48
#define DOM_RULES 64

typedef struct dom_rule {
    uint8_t card;
    int nops;
    dom_op ops[DOM_RULE_OPS];
    int line;
} dom_rule;

typedef struct dom_rules {
    char name[64];
    int guard; /* skip a game-ending buy that would lose */
    int n;
    dom_rule r[DOM_RULES];
} dom_rules;

/* Parse rule-file text; errors name the file, line and token (a suggestion
 * in one is written through `a`, the game's allocator; NULL: malloc). */
kt_status dom_rules_parse(const char *text, const char *fname, const kt_allocator *a,
                          dom_rules *out, kt_err *err);
double dom_rules_eval(const dom_rule *r, const kt_game *g, const dom_state *s, int p);

#endif
