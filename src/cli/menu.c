/*
 * menu.c - a player's legal actions as a menu that fits the screen.
 *
 * Data layout: `items` are the legal actions sorted by the game's menu rank
 * (kt_menu_item_get; equal ranks keep the legal order), each with its text
 * as the player may see it, its key (typed to pick it, e.g. a Catan vertex
 * number printed on the map) and a group id.  Groups are the game's menu
 * groups; when those do not make the top level short enough, items without
 * a group are grouped by the first word of their text ("buy", "play").
 * `top` holds the entries of the top level: an item, or a folded group
 * (a submenu, opened by its selector or its name); `sub` the entries of the
 * open submenu.
 *
 * Selectors: an item with a key is chosen by its key, wherever it is
 * folded; every other entry gets a number 1, 2, ... - or a letter a, b, ...
 * when some key is a number, so that a number typed is always the one
 * printed on the board.  When the game gives no keys but every action ends
 * in a number of its own ("settlement 17"), those numbers are the keys.
 *
 * An item's text is the action's text, with its costs when the game gives
 * them ("(3 coins)"); its note is shown beside it: the hexes a vertex
 * target touches ("settlement 23: forest 8, hills 5, sea", spots.c; ASCII
 * punctuation, so that the German vocabulary test reads no word in it).
 * Typed text is parsed by the engine, so a note never reaches a record.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"
#include "spots.h"

static int mn_cmp(const void *x, const void *y)
{
    const cli_mitem *a = x, *b = y;
    if (a->rank != b->rank)
        return a->rank < b->rank ? -1 : 1;
    return a->legal < b->legal ? -1 : a->legal > b->legal;
}

static int mn_is_number(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s))
            return 0;
    return 1;
}

/* Case-insensitive equality of ASCII selectors and keys. */
static int mn_eq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return 0;
    return *a == *b;
}

static int mn_group_id(cli_menu *m, const char *name)
{
    for (int i = 0; i < m->ngroups; i++)
        if (!strcmp(m->gname[i], name))
            return i;
    snprintf(m->gname[m->ngroups], sizeof m->gname[0], "%s", name);
    m->gsize[m->ngroups] = 0;
    return m->ngroups++;
}

void cli_menu_free(cli_menu *m)
{
    free(m->items);
    free(m->gname);
    free(m->gsize);
    free(m->top);
    free(m->sub);
    memset(m, 0, sizeof *m);
}

static int mn_key_taken(const cli_menu *m, const char *sel)
{
    for (int i = 0; i < m->n; i++)
        if (m->items[i].key[0] && mn_eq(m->items[i].key, sel))
            return 1;
    return 0;
}

/* The k-th selector (0-based) for entries without a key, skipping keys. */
static void mn_selector(const cli_menu *m, int *k, char *out, size_t cap)
{
    for (;;) {
        int i = (*k)++;
        if (!m->letters) {
            snprintf(out, cap, "%d", i + 1);
        } else if (i < 26) {
            snprintf(out, cap, "%c", 'a' + i);
        } else {
            snprintf(out, cap, "%c%c", 'a' + i / 26 - 1, 'a' + i % 26);
        }
        if (!mn_key_taken(m, out))
            return;
    }
}

static void mn_entry_sel(const cli_menu *m, cli_mentry *e, int *k)
{
    if (e->item >= 0 && m->items[e->item].key[0])
        snprintf(e->sel, sizeof e->sel, "%s", m->items[e->item].key);
    else
        mn_selector(m, k, e->sel, sizeof e->sel);
}

/* Entries of the top level from the folded flags. */
static void mn_layout_top(cli_menu *m)
{
    int k = 0;
    m->ntop = 0;
    unsigned char *placed = calloc((size_t)m->ngroups + 1, 1);
    for (int i = 0; i < m->n; i++) {
        cli_mentry e = {.item = i, .group = -1};
        if (m->items[i].folded) {
            int gr = m->items[i].group;
            if (placed && placed[gr])
                continue;
            if (placed)
                placed[gr] = 1;
            e.item = -1;
            e.group = gr;
        }
        mn_entry_sel(m, &e, &k);
        m->top[m->ntop++] = e;
    }
    free(placed);
}

static int mn_count_top(const cli_menu *m, const int *fold)
{
    int count = 0;
    unsigned char *seen = calloc((size_t)m->ngroups + 1, 1);
    for (int i = 0; i < m->n; i++) {
        int gr = m->items[i].group;
        if (gr >= 0 && fold[gr]) {
            if (seen && seen[gr])
                continue; /* a folded group counts once */
            if (seen)
                seen[gr] = 1;
        }
        count++;
    }
    free(seen);
    return count;
}

/* Fold the biggest unfolded groups (of at least two items) until the top
 * level has at most max_top entries.  Items are folded by group id. */
static void mn_fold_groups(cli_menu *m, int *fold, int max_top, int from_group)
{
    int count = mn_count_top(m, fold);
    while (count > max_top) {
        int best = -1;
        for (int gr = from_group; gr < m->ngroups; gr++)
            if (!fold[gr] && m->gsize[gr] >= 2 && (best < 0 || m->gsize[gr] > m->gsize[best]))
                best = gr;
        if (best < 0)
            return;
        fold[best] = 1;
        count -= m->gsize[best] - 1;
    }
}

/* Items without a group: group them by the first word of their text. */
static void mn_word_groups(cli_menu *m)
{
    for (int i = 0; i < m->n; i++) {
        if (m->items[i].group >= 0)
            continue;
        char word[64];
        size_t w = strcspn(m->items[i].text, " ");
        if (w == 0 || w >= sizeof word || !m->items[i].text[w])
            continue; /* one-word actions ("done", "pass") stay alone */
        memcpy(word, m->items[i].text, w);
        word[w] = '\0';
        int gr = mn_group_id(m, word);
        m->items[i].group = gr;
        m->gsize[gr]++;
    }
}

/* Do all items of group gr have a key that is a number? */
static int mn_group_numbered(const cli_menu *m, int gr)
{
    for (int i = 0; i < m->n; i++)
        if (m->items[i].group == gr && !mn_is_number(m->items[i].key))
            return 0;
    return 1;
}

void cli_menu_refold(cli_menu *m, int max_top, int level)
{
    size_t nfold = 2 * ((size_t)m->n + 1); /* group ids: game groups + first words */
    int *fold = calloc(nfold, sizeof *fold);
    if (!fold)
        return;
    for (int i = 0; i < m->n; i++)
        if (m->items[i].folded)
            fold[m->items[i].group] = 1;
    mn_fold_groups(m, fold, max_top, 0);
    if (level >= 1 && mn_count_top(m, fold) > max_top) {
        int before = m->ngroups;
        mn_word_groups(m);
        mn_fold_groups(m, fold, max_top, before);
    }
    /* one folded group alone is no menu: show its items - unless the screen
     * has no room for them and they are picked by the numbers on the board */
    if (mn_count_top(m, fold) == 1 && !(level >= 2 && m->n > 0 && m->items[0].group >= 0 &&
                                         mn_group_numbered(m, m->items[0].group)))
        memset(fold, 0, sizeof *fold * nfold);
    for (int i = 0; i < m->n; i++)
        m->items[i].folded = m->items[i].group >= 0 && fold[m->items[i].group];
    free(fold);
    m->open = -1;
    m->nsub = 0;
    mn_layout_top(m);
}

int cli_menu_alloc(cli_menu *m, int n)
{
    memset(m, 0, sizeof *m);
    m->open = -1;
    size_t cap = (size_t)(n > 0 ? n : 0) + 1;
    m->items = calloc(cap, sizeof *m->items);
    m->gname = calloc(cap * 2, sizeof *m->gname);
    m->gsize = calloc(cap * 2, sizeof *m->gsize);
    m->top = calloc(cap, sizeof *m->top);
    m->sub = calloc(cap, sizeof *m->sub);
    if (!m->items || !m->gname || !m->gsize || !m->top || !m->sub) {
        cli_menu_free(m);
        return 0;
    }
    return 1;
}

void cli_menu_add(cli_menu *m, kt_action a, int rank, const char *text, const char *group,
                  const char *key)
{
    cli_mitem *it = &m->items[m->n];
    it->a = a;
    it->legal = m->n;
    it->rank = rank;
    snprintf(it->text, sizeof it->text, "%s", text);
    snprintf(it->key, sizeof it->key, "%s", key ? key : "");
    it->note[0] = '\0';
    it->group = group && *group ? mn_group_id(m, group) : -1;
    if (it->group >= 0)
        m->gsize[it->group]++;
    if (mn_is_number(it->key))
        m->letters = 1;
    m->n++;
}

/* The number a text ends with (" 17"), or -1. */
static long mn_trailing_number(const char *text)
{
    size_t n = strlen(text), k = n;
    while (k > 0 && isdigit((unsigned char)text[k - 1]))
        k--;
    if (k == n || k == 0 || text[k - 1] != ' ' || n - k > 6)
        return -1;
    return strtol(text + k, NULL, 10);
}

/* A game that gives no keys but whose every action ends in its own number
 * ("settlement 17", "bid 3") gets those numbers as keys: the number typed
 * is then the number on the board, never the position in the list. */
static void mn_auto_keys(cli_menu *m)
{
    if (m->n < 2)
        return;
    for (int i = 0; i < m->n; i++) {
        long v = mn_trailing_number(m->items[i].text);
        if (m->items[i].key[0] || v < 0)
            return;
        for (int j = 0; j < i; j++)
            if (mn_trailing_number(m->items[j].text) == v)
                return;
    }
    for (int i = 0; i < m->n; i++)
        snprintf(m->items[i].key, sizeof m->items[i].key, "%ld",
                 mn_trailing_number(m->items[i].text));
    m->letters = 1;
}

void cli_menu_finish(cli_menu *m, int max_top)
{
    mn_auto_keys(m);
    qsort(m->items, (size_t)m->n, sizeof *m->items, mn_cmp);
    cli_menu_refold(m, max_top, 1);
}

/* Cost names of kt_action_info (docs/targets.md) in German; names not
 * listed are shown as the game gives them.  `game` for the one word two
 * games say differently in German (Catan's brick is Lehm, Anno's Ziegel). */
static const char *mn_cost_name(const char *game, const char *what, int amount, int lang)
{
    if (lang == KT_LANG_DE && !strcmp(what, "brick") && !strcmp(game, "catan"))
        return "Lehm";
    static const struct {
        const char *key, *en1, *en, *de, *de1; /* en NULL: the key is the plural */
    } names[] = {
        {.key = "coins", .en1 = "coin", .de = "Münzen", .de1 = "Münze"},
        {.key = "coin", .en1 = "coin", .de = "Münzen", .de1 = "Münze"},
        {.key = "camels", .en1 = "camel", .de = "Kamele", .de1 = "Kamel"},
        {.key = "gold", .en1 = "gold", .de = "Gold", .de1 = "Gold"},
        {.key = "gold_left", .en1 = "gold (left)", .de = "Gold (links)", .de1 = "Gold (links)"},
        {.key = "gold_right", .en1 = "gold (right)", .de = "Gold (rechts)", .de1 = "Gold (rechts)"},
        {.key = "jade", .en1 = "jade", .de = "Jade", .de1 = "Jade"},
        {.key = "pepper", .en1 = "pepper", .de = "Pfeffer", .de1 = "Pfeffer"},
        {.key = "silk", .en1 = "silk", .de = "Seide", .de1 = "Seide"},
        {.key = "wood", .en1 = "wood", .de = "Holz", .de1 = "Holz"},
        {.key = "cloth", .en1 = "cloth", .de = "Tuch", .de1 = "Tuch"},
        {.key = "food", .en1 = "food", .de = "Nahrung", .de1 = "Nahrung"},
        {.key = "brick", .en1 = "brick", .de = "Ziegel", .de1 = "Ziegel"},
        {.key = "tools", .en1 = "tools", .de = "Werkzeug", .de1 = "Werkzeug"},
        {.key = "rum", .en1 = "rum", .de = "Rum", .de1 = "Rum"},
        {.key = "tobacco", .en1 = "tobacco", .de = "Tabak", .de1 = "Tabak"},
        {.key = "lumber", .en1 = "lumber", .de = "Holz", .de1 = "Holz"},
        {.key = "wool", .en1 = "wool", .de = "Wolle", .de1 = "Wolle"},
        {.key = "grain", .en1 = "grain", .de = "Getreide", .de1 = "Getreide"},
        {.key = "ore", .en1 = "ore", .de = "Erz", .de1 = "Erz"},
        {.key = "paper", .en1 = "paper", .de = "Papier", .de1 = "Papier"},
        {.key = "money", .en1 = "FL", .en = "FL", .de = "FL", .de1 = "FL"},
        {.key = "iou", .en1 = "IOU", .en = "IOUs", .de = "Schuldscheine", .de1 = "Schuldschein"},
        {.key = "vp", .en1 = "VP", .en = "VP", .de = "SP", .de1 = "SP"},
        {.key = "spice", .en1 = "spice", .de = "Gewürz", .de1 = "Gewürz"},
        {.key = "metal", .en1 = "metal", .de = "Metall", .de1 = "Metall"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(names[i].key, what)) {
            if (lang == KT_LANG_DE)
                return amount == 1 ? names[i].de1 : names[i].de;
            return amount == 1 ? names[i].en1 : names[i].en ? names[i].en : what;
        }
    return what;
}

/* " (3 coins, 1 camel)": what the action spends, when the game says (the
 * Buys and Actions every buy and play spends are no news) and the text
 * does not say it already (a parenthesis). */
static void mn_costs(const kt_game *g, const kt_state *s, int player, kt_action a, int lang,
                     char *text, size_t cap)
{
    kt_action_info in;
    kt_action_info_get(g, s, player, a, &in);
    if (!in.ncosts || strchr(text, '('))
        return;
    size_t len = strlen(text);
    int n = 0;
    for (int i = 0; i < in.ncosts && len + 2 < cap; i++) {
        const char *w = in.costs[i].what;
        if (!strcmp(w, "buys") || !strcmp(w, "actions") || in.costs[i].amount <= 0)
            continue;
        if (!strcmp(w, "risk_pct")) /* a chance, not a price (FWM: an accident) */
            len += (size_t)snprintf(text + len, cap - len, "%s%d%% %s", n++ ? ", " : " (",
                                    in.costs[i].amount, lang == KT_LANG_DE ? "Risiko" : "risk");
        else
            len += (size_t)snprintf(text + len, cap - len, "%s%d %s", n++ ? ", " : " (",
                                    in.costs[i].amount,
                                    mn_cost_name(kt_game_name(g), w, in.costs[i].amount, lang));
    }
    if (n && len + 2 < cap)
        snprintf(text + len, cap - len, ")");
}

/* The first "vertex" target of an action, or -1. */
static int mn_vertex_target(const kt_game *g, const kt_state *s, int player, kt_action a)
{
    kt_action_info in;
    kt_action_info_get(g, s, player, a, &in);
    for (int i = 0; i < in.ntargets; i++)
        if (!strcmp(in.targets[i].kind, "vertex"))
            return in.targets[i].id;
    return -1;
}

/* "forest 8, hills 5, sea": the hexes a vertex target touches (spots.c),
 * read from the player's observation once per menu (sp->nvert < 0: not
 * read yet, 0: this board has none). */
static void mn_vertex_note(const kt_game *g, const kt_state *s, int player, kt_action a,
                           int lang, cli_spots *sp, char *note, size_t cap)
{
    int v = mn_vertex_target(g, s, player, a);
    if (v < 0)
        return;
    if (sp->nvert < 0) {
        char *obs;
        kt_observe(g, s, player, lang, &obs, NULL);
        cli_spots_parse(sp, obs);
        kt_free(obs);
    }
    cli_spots_note(sp, v, lang, note, cap);
}

int cli_menu_build(cli_menu *m, const kt_game *g, const kt_state *s, int player, int lang,
                   int max_top)
{
    kt_action *acts = malloc(sizeof *acts * KT_LEGAL_MAX);
    cli_spots *sp = malloc(sizeof *sp);
    int n = acts ? kt_legal_as(g, s, player, acts, KT_LEGAL_MAX) : 0;
    if (n < 0) /* no such player: an empty menu */
        n = 0;
    if (n > KT_LEGAL_MAX)
        n = KT_LEGAL_MAX;
    if (!acts || !sp || !cli_menu_alloc(m, n)) {
        free(acts);
        free(sp);
        return 0;
    }
    sp->nvert = -1;
    for (int i = 0; i < n; i++) {
        kt_menu_item mi;
        char text[200];
        kt_menu_item_get_as(g, s, player, acts[i], lang, &mi);
        kt_action_text_as(g, s, player, acts[i], player, lang, text, sizeof text);
        mn_costs(g, s, player, acts[i], lang, text, sizeof text);
        cli_menu_add(m, acts[i], mi.rank, text, mi.group, mi.key);
        mn_vertex_note(g, s, player, acts[i], lang, sp, m->items[m->n - 1].note,
                       sizeof m->items[0].note);
    }
    free(acts);
    free(sp);
    cli_menu_finish(m, max_top);
    return 1;
}

static int mn_open(cli_menu *m, int gr)
{
    int k = 0;
    m->open = gr;
    m->nsub = 0;
    for (int i = 0; i < m->n; i++) {
        if (m->items[i].group != gr || !m->items[i].folded)
            continue;
        cli_mentry e = {.item = i, .group = -1};
        mn_entry_sel(m, &e, &k);
        m->sub[m->nsub++] = e;
    }
    return 2;
}

/* The first word of an item's text, normalized. */
static void mn_first_word(const char *text, char *out, size_t cap)
{
    char word[64];
    size_t w = strcspn(text, " ");
    snprintf(word, sizeof word, "%.*s", (int)(w < sizeof word - 1 ? w : sizeof word - 1), text);
    cli_norm(word, out, cap);
}

/* A word typed that names a group not folded ("buy" while every buy is on
 * the top level): a submenu of the items of that group or with that first
 * word, as the docs promise for `buy`.  2 when opened, 0 when fewer than
 * two items have that name. */
static int mn_open_word(cli_menu *m, const char *want)
{
    if (!want[0] || strchr(want, ' '))
        return 0;
    int k = 0, n = 0, j = 0;
    char have[128];
    for (int pass = 0; pass < 2; pass++) { /* count, then fill when two or more */
        for (int i = 0; i < m->n; i++) {
            int hit = 0;
            if (m->items[i].group >= 0) {
                cli_norm(m->gname[m->items[i].group], have, sizeof have);
                hit = !strcmp(have, want);
            }
            if (!hit && strchr(m->items[i].text, ' ')) {
                mn_first_word(m->items[i].text, have, sizeof have);
                hit = !strcmp(have, want);
            }
            if (!hit)
                continue;
            if (pass == 0) {
                n++;
                continue;
            }
            cli_mentry e = {.item = i, .group = -1};
            mn_entry_sel(m, &e, &k);
            m->sub[j++] = e;
        }
        if (n < 2) /* one item is no submenu: the word may be that action */
            return 0;
    }
    /* the submenu's title: the group typed, else the word as the items
     * write it */
    int gr = -1;
    for (int i = 0; i < m->ngroups && gr < 0; i++) {
        cli_norm(m->gname[i], have, sizeof have);
        if (!strcmp(have, want))
            gr = i;
    }
    if (gr < 0) {
        char word[64];
        const char *t = m->items[m->sub[0].item].text;
        size_t w = strcspn(t, " ");
        snprintf(word, sizeof word, "%.*s", (int)(w < sizeof word - 1 ? w : sizeof word - 1), t);
        gr = mn_group_id(m, word);
    }
    m->open = gr;
    m->nsub = n;
    return 2;
}

int cli_menu_pick(cli_menu *m, const char *input, kt_action *out)
{
    const cli_mentry *lv = m->open >= 0 ? m->sub : m->top;
    int nlv = m->open >= 0 ? m->nsub : m->ntop;
    for (int i = 0; i < nlv; i++) {
        if (!mn_eq(lv[i].sel, input))
            continue;
        if (lv[i].item >= 0) {
            *out = m->items[lv[i].item].a;
            return 1;
        }
        return mn_open(m, lv[i].group);
    }
    for (int i = 0; i < m->n; i++)
        if (m->items[i].key[0] && mn_eq(m->items[i].key, input)) {
            *out = m->items[i].a;
            return 1;
        }
    char want[128], have[128];
    cli_norm(input, want, sizeof want);
    for (int i = 0; i < m->ntop; i++)
        if (m->top[i].item < 0) {
            cli_norm(m->gname[m->top[i].group], have, sizeof have);
            if (want[0] && !strcmp(want, have))
                return mn_open(m, m->top[i].group);
        }
    return mn_open_word(m, want);
}

/* Text of an entry: the action, or "group (k) >" for a submenu. */
static void mn_entry_text(const cli_menu *m, const cli_mentry *e, int lang, char *out,
                          size_t cap)
{
    if (e->item >= 0) {
        const cli_mitem *it = &m->items[e->item];
        if (it->note[0])
            snprintf(out, cap, "%s: %s", it->text, it->note);
        else
            snprintf(out, cap, "%s", it->text);
        return;
    }
    int k = 0;
    for (int i = 0; i < m->n; i++)
        k += m->items[i].group == e->group && m->items[i].folded;
    if (mn_group_numbered(m, e->group)) /* say that the board's numbers work */
        snprintf(out, cap, "%s (%d) > %s", m->gname[e->group], k,
                 lang == KT_LANG_DE ? "oder Nummer vom Brett" : "or a number from the board");
    else
        snprintf(out, cap, "%s (%d) >", m->gname[e->group], k);
}

int cli_menu_render(const cli_menu *m, int width, int color, int lang, cli_sb *out)
{
    const cli_mentry *lv = m->open >= 0 ? m->sub : m->top;
    int nlv = m->open >= 0 ? m->nsub : m->ntop, lines = 0;
    if (m->open >= 0) {
        cli_sb_printf(out, "%s%s%s: %s\n", color ? "\033[1m" : "", m->gname[m->open],
                      color ? "\033[0m" : "",
                      lang == KT_LANG_DE ? "Auswahl (leere Eingabe: zurück zum Menü)"
                                         : "choose (empty line: back to the menu)");
        lines++;
    }
    size_t selw = 1, textw = 1;
    char txt[320];
    for (int i = 0; i < nlv; i++) {
        mn_entry_text(m, &lv[i], lang, txt, sizeof txt);
        size_t sw = strlen(lv[i].sel), tw = cli_width(txt);
        selw = sw > selw ? sw : selw;
        textw = tw > textw ? tw : textw;
    }
    size_t colw = selw + 2 + textw + 3;
    size_t maxtext = (size_t)width - selw - 4;
    if (colw > (size_t)width)
        colw = (size_t)width;
    int cols = (int)((size_t)width / colw);
    if (cols < 1)
        cols = 1;
    int rows = (nlv + cols - 1) / cols;
    for (int r = 0; r < rows; r++) {
        size_t used = 0;
        for (int c = 0; c < cols; c++) {
            int i = c * rows + r; /* down the columns, then across */
            if (i >= nlv)
                break;
            mn_entry_text(m, &lv[i], lang, txt, sizeof txt);
            if (cli_width(txt) > maxtext)
                strcpy(txt + cli_width_cut(txt, maxtext - 1), "~");
            if (c > 0)
                cli_sb_printf(out, "%*s", (int)((size_t)c * colw - used), "");
            cli_sb_printf(out, "%*s%s%s%s) %s", (int)(selw - strlen(lv[i].sel)), "",
                          color ? "\033[1;36m" : "", lv[i].sel, color ? "\033[0m" : "", txt);
            used = (size_t)c * colw + selw + 2 + cli_width(txt);
        }
        cli_sb_put(out, "\n", 1);
        lines++;
    }
    return lines;
}
