/*
 * botfile.c - the buy-rule language of Dominion rule files (format in
 * docs/bot-files.md): parser (at bot creation) and evaluator (allocation
 * free, used during play).
 *
 * Grammar (one statement per line, '#' starts a comment):
 *   name TEXT
 *   guard on|off
 *   buy CARD [if COND]
 *   COND := AND ('or' AND)* ; AND := NOT ('and' NOT)* ; NOT := ['not'] CMP
 *   CMP  := SUM [('<'|'<='|'>'|'>='|'=='|'!=') SUM]
 *   SUM  := PROD (('+'|'-') PROD)* ; PROD := ATOM (('*'|'/') ATOM)*
 *   ATOM := NUMBER | VARIABLE | count(CARD) | supply(CARD) | hand(CARD) | '(' COND ')'
 * Conditions compile to postfix dom_op programs.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots.h"

static const char *const var_names[DOM_NVARS] = {
    "money", "coins", "buys", "cards", "treasures", "actions",
    "vp",    "lead",  "turn", "empty_piles", "players"};

typedef struct lexer {
    const char *p;    /* current position in the line */
    const char *line0; /* start of the line (columns are counted from it) */
    const char *fname;
    int line;
    kt_err *err;
    int failed;
    dom_rule *rule;
    const kt_allocator *a; /* the game's: an unknown name's suggestion is written through it */
} lexer;

/* Record the first error: the file, line and column of `at` and what was
 * expected there.  Never the text of the file: a rule file may be any file
 * the user can name (file=/etc/shadow), and its contents must not come back
 * in a message.  `what` is our own wording (card names from our table). */
static int lfail(lexer *L, const char *at, const char *what)
{
    if (!L->failed) {
        long col = at && L->line0 && at >= L->line0 ? (long)(at - L->line0) + 1 : 1;
        kt_seterr(L->err, KT_EPARSE, "bot file '%s' line %d, column %ld: %s", L->fname, L->line,
                  col, what);
    }
    L->failed = 1;
    return 0;
}

static void skip_ws(lexer *L)
{
    while (*L->p == ' ' || *L->p == '\t' || *L->p == '\r')
        L->p++;
}

static int emit(lexer *L, int op, int arg, double val)
{
    dom_rule *r = L->rule;
    if (r->nops >= DOM_RULE_OPS)
        return lfail(L, L->p, "condition too long (at most 64 steps)");
    r->ops[r->nops].op = (uint8_t)op;
    r->ops[r->nops].arg = (uint8_t)arg;
    r->ops[r->nops].val = val;
    r->nops++;
    return 1;
}

/* A word: letters, digits, '_' (card names may contain spaces only inside
 * parentheses, handled by read_card). */
static size_t word_len(const char *p)
{
    size_t n = 0;
    while (isalnum((unsigned char)p[n]) || p[n] == '_')
        n++;
    return n;
}

static int word_is(lexer *L, const char *w)
{
    skip_ws(L);
    size_t n = strlen(w);
    return strncmp(L->p, w, n) == 0 && word_len(L->p) == n;
}

/* Card name up to ')' (inside parentheses) or to " if"/end of line. */
static int read_card(lexer *L, int in_parens, int *out)
{
    skip_ws(L);
    const char *start = L->p, *end;
    if (in_parens) {
        end = strchr(start, ')');
        if (!end)
            return lfail(L, start, "expected a card name and ')'");
    } else {
        end = start + strlen(start);
        const char *q = start;
        while ((q = strstr(q, " if")) != NULL) {
            if (q[3] == ' ' || q[3] == '\t' || q[3] == '\0') {
                end = q;
                break;
            }
            q += 3;
        }
    }
    char name[96];
    size_t n = (size_t)(end - start);
    while (n && isspace((unsigned char)start[n - 1]))
        n--;
    if (n == 0)
        return lfail(L, start, "expected a card name");
    if (n >= sizeof name)
        n = sizeof name - 1;
    memcpy(name, start, n);
    name[n] = '\0';
    int id = dom_card_find(name);
    if (!id && !in_parens) {
        /* "buy Gold when ...": the longest leading words that name a card;
         * the caller then complains about what follows */
        for (size_t k = n; k > 0 && !id; k--) {
            if (name[k - 1] != ' ' || k == 1)
                continue;
            char pre[96];
            memcpy(pre, name, k - 1);
            pre[k - 1] = '\0';
            if ((id = dom_card_find(pre)) != 0)
                end = start + (k - 1);
        }
    }
    if (!id) {
        /* the closest names of our own table help without echoing the file */
        kt_buf b;
        kt_buf_init_alloc(&b, L->a);
        dom_card_suggest(name, KT_LANG_EN, &b);
        char what[200];
        snprintf(what, sizeof what, "unknown card name%s%s%s", b.len ? " (did you mean " : "",
                 b.len ? b.p : "", b.len ? "?)" : "");
        kt_buf_free(&b);
        return lfail(L, start, what);
    }
    *out = id;
    L->p = in_parens ? end + 1 : end;
    return 1;
}

static int parse_or(lexer *L);

static int parse_atom(lexer *L)
{
    skip_ws(L);
    const char *t = L->p;
    if (*t == '(') {
        L->p++;
        if (!parse_or(L))
            return 0;
        skip_ws(L);
        if (*L->p != ')')
            return lfail(L, L->p, "expected ')'");
        L->p++;
        return 1;
    }
    if (isdigit((unsigned char)*t) || (*t == '.' && isdigit((unsigned char)t[1]))) {
        char *end;
        double v = strtod(t, &end);
        L->p = end;
        return emit(L, DOM_OP_NUM, 0, v);
    }
    size_t n = word_len(t);
    if (!n)
        return lfail(L, t, "expected a number, a variable or count(CARD)");
    static const struct {
        const char *w;
        int op;
    } fns[] = {{"count", DOM_OP_COUNT}, {"supply", DOM_OP_SUPPLY}, {"hand", DOM_OP_HAND}};
    for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++) {
        if (n == strlen(fns[i].w) && strncmp(t, fns[i].w, n) == 0) {
            L->p = t + n;
            skip_ws(L);
            if (*L->p != '(')
                return lfail(L, L->p, "expected '(' after count, supply or hand");
            L->p++;
            int id;
            if (!read_card(L, 1, &id))
                return 0;
            return emit(L, fns[i].op, id, 0);
        }
    }
    for (int v = 0; v < DOM_NVARS; v++) {
        if (n == strlen(var_names[v]) && strncmp(t, var_names[v], n) == 0) {
            L->p = t + n;
            return emit(L, DOM_OP_VAR, v, 0);
        }
    }
    return lfail(L, t,
                 "unknown variable (known: money, coins, buys, cards, treasures, actions, vp, "
                 "lead, turn, empty_piles, players, count(C), supply(C), hand(C))");
}

static int parse_prod(lexer *L)
{
    if (!parse_atom(L))
        return 0;
    for (;;) {
        skip_ws(L);
        char c = *L->p;
        if (c != '*' && c != '/')
            return 1;
        L->p++;
        if (!parse_atom(L) || !emit(L, c == '*' ? DOM_OP_MUL : DOM_OP_DIV, 0, 0))
            return 0;
    }
}

static int parse_sum(lexer *L)
{
    if (!parse_prod(L))
        return 0;
    for (;;) {
        skip_ws(L);
        char c = *L->p;
        if (c != '+' && c != '-')
            return 1;
        L->p++;
        if (!parse_prod(L) || !emit(L, c == '+' ? DOM_OP_ADD : DOM_OP_SUB, 0, 0))
            return 0;
    }
}

static int parse_cmp(lexer *L)
{
    if (!parse_sum(L))
        return 0;
    skip_ws(L);
    static const struct {
        const char *s;
        int op;
    } ops[] = {{"<=", DOM_OP_LE}, {">=", DOM_OP_GE}, {"==", DOM_OP_EQ}, {"!=", DOM_OP_NE},
               {"<", DOM_OP_LT},  {">", DOM_OP_GT}};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        size_t n = strlen(ops[i].s);
        if (strncmp(L->p, ops[i].s, n) == 0) {
            L->p += n;
            return parse_sum(L) && emit(L, ops[i].op, 0, 0);
        }
    }
    if (*L->p == '=')
        return lfail(L, L->p, "a single '=' is not an operator (use ==)");
    return 1;
}

static int parse_not(lexer *L)
{
    if (word_is(L, "not")) {
        L->p += 3;
        return parse_cmp(L) && emit(L, DOM_OP_NOT, 0, 0);
    }
    return parse_cmp(L);
}

static int parse_and(lexer *L)
{
    if (!parse_not(L))
        return 0;
    while (word_is(L, "and")) {
        L->p += 3;
        if (!parse_not(L) || !emit(L, DOM_OP_AND, 0, 0))
            return 0;
    }
    return 1;
}

static int parse_or(lexer *L)
{
    if (!parse_and(L))
        return 0;
    while (word_is(L, "or")) {
        L->p += 2;
        if (!parse_and(L) || !emit(L, DOM_OP_OR, 0, 0))
            return 0;
    }
    return 1;
}

static int parse_line(lexer *L, dom_rules *out, char *line)
{
    L->p = line;
    L->line0 = line;
    skip_ws(L);
    if (!*L->p)
        return 1;
    if (word_is(L, "name")) {
        L->p += 4;
        skip_ws(L);
        snprintf(out->name, sizeof out->name, "%s", L->p);
        size_t n = strlen(out->name);
        while (n && isspace((unsigned char)out->name[n - 1]))
            out->name[--n] = '\0';
        return 1;
    }
    if (word_is(L, "guard")) {
        L->p += 5;
        if (word_is(L, "on"))
            out->guard = 1, L->p += 2;
        else if (word_is(L, "off"))
            out->guard = 0, L->p += 3;
        else
            return lfail(L, L->p, "expected 'on' or 'off' after guard");
        skip_ws(L);
        return *L->p ? lfail(L, L->p, "expected the end of the line after guard on/off") : 1;
    }
    if (!word_is(L, "buy"))
        return lfail(L, L->p, "expected 'buy', 'name' or 'guard' at the start of the line");
    L->p += 3;
    if (out->n >= DOM_RULES)
        return lfail(L, L->p, "too many rules (at most 64)");
    dom_rule *r = &out->r[out->n];
    memset(r, 0, sizeof *r);
    r->line = L->line;
    L->rule = r;
    int id;
    if (!read_card(L, 0, &id))
        return 0;
    if (dom_cards[id].kind == DOM_K_TRAIT)
        return lfail(L, L->p, "a Trait cannot be bought");
    r->card = (uint8_t)id;
    skip_ws(L);
    if (word_is(L, "if")) {
        L->p += 2;
        if (!parse_or(L))
            return 0;
        skip_ws(L);
        if (*L->p)
            return lfail(L, L->p, "expected the end of the line after the condition");
    } else if (*L->p) {
        return lfail(L, L->p, "expected 'if' or the end of the line after the card name");
    }
    out->n++;
    return 1;
}

kt_status dom_rules_parse(const char *text, const char *fname, const kt_allocator *a,
                          dom_rules *out, kt_err *err)
{
    memset(out, 0, sizeof *out);
    out->guard = 1;
    lexer L;
    memset(&L, 0, sizeof L);
    L.fname = fname;
    L.a = a;
    L.err = err;
    const char *p = text;
    char line[512];
    while (*p && !L.failed) {
        L.line++;
        size_t n = strcspn(p, "\n");
        if (n >= sizeof line) {
            L.line0 = NULL;
            lfail(&L, NULL, "line longer than 511 characters");
            break;
        }
        memcpy(line, p, n);
        line[n] = '\0';
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        parse_line(&L, out, line);
        p += n;
        if (*p == '\n')
            p++;
    }
    if (L.failed)
        return KT_EPARSE;
    if (out->n == 0)
        return kt_seterr(err, KT_EPARSE, "bot file '%s': no 'buy' rules", fname);
    return KT_OK;
}

static double var_value(int v, const kt_game *g, const dom_state *s, int p)
{
    const dom_cfg *c = dom_config(g);
    const dom_player *P = &s->pl[p];
    switch (v) {
    case DOM_VAR_MONEY: return P->money;
    case DOM_VAR_COINS: return s->coins;
    case DOM_VAR_BUYS: return s->buys;
    case DOM_VAR_CARDS: return P->ncards;
    case DOM_VAR_TREASURES:
    case DOM_VAR_ACTIONS: {
        int t = v == DOM_VAR_TREASURES ? DOM_T_TREASURE : DOM_T_ACTION, n = 0;
        for (int i = 0; i < c->nids; i++)
            if (dom_cards[c->ids[i]].types & t)
                n += P->own[c->ids[i]];
        return n;
    }
    case DOM_VAR_VP: return dom_score(c, s, p);
    case DOM_VAR_LEAD: {
        int best = -1000;
        for (int q = 0; q < c->np; q++)
            if (q != p && dom_score(c, s, q) > best)
                best = dom_score(c, s, q);
        return c->np > 1 ? dom_score(c, s, p) - best : dom_score(c, s, p);
    }
    case DOM_VAR_TURN: return P->turns;
    case DOM_VAR_EMPTY: return dom_empty_piles(c, s);
    case DOM_VAR_PLAYERS: return c->np;
    default: return 0;
    }
}

double dom_rules_eval(const dom_rule *r, const kt_game *g, const dom_state *s, int p)
{
    if (!r->nops)
        return 1;
    double st[DOM_RULE_OPS];
    int sp = 0;
    const dom_player *P = &s->pl[p];
    for (int i = 0; i < r->nops; i++) {
        const dom_op *o = &r->ops[i];
        double a, b;
        switch (o->op) {
        case DOM_OP_NUM: st[sp++] = o->val; continue;
        case DOM_OP_VAR: st[sp++] = var_value(o->arg, g, s, p); continue;
        case DOM_OP_COUNT: st[sp++] = P->own[o->arg]; continue;
        case DOM_OP_SUPPLY: st[sp++] = s->supply[o->arg]; continue;
        case DOM_OP_HAND: st[sp++] = P->hand[o->arg]; continue;
        case DOM_OP_NOT: st[sp - 1] = st[sp - 1] == 0; continue;
        default: break;
        }
        if (sp < 2)
            return 0; /* cannot happen for parsed programs */
        b = st[--sp];
        a = st[--sp];
        double v = 0;
        switch (o->op) {
        case DOM_OP_ADD: v = a + b; break;
        case DOM_OP_SUB: v = a - b; break;
        case DOM_OP_MUL: v = a * b; break;
        case DOM_OP_DIV: v = b != 0 ? a / b : 0; break;
        case DOM_OP_LT: v = a < b; break;
        case DOM_OP_LE: v = a <= b; break;
        case DOM_OP_GT: v = a > b; break;
        case DOM_OP_GE: v = a >= b; break;
        case DOM_OP_EQ: v = a == b; break;
        case DOM_OP_NE: v = a != b; break;
        case DOM_OP_AND: v = a != 0 && b != 0; break;
        case DOM_OP_OR: v = a != 0 || b != 0; break;
        default: break;
        }
        st[sp++] = v;
    }
    return sp ? st[sp - 1] : 0;
}
