/*
 * render.c - the Marco Polo II terminal screen (gamedef.render): at most
 * 30 lines of at most 120 columns at every position of a normal game.
 *
 * Layout, top to bottom:
 *   header    round r/5, turn (hdr.turn, as in the log and the results),
 *             first player, black dice left
 *   map       the locations on a MP2_MAPW x MP2_MAPH grid of cells 10
 *             characters wide and 2 rows high: even rows hold the labels
 *             (a 3-letter code, then trading posts B Y G R, figures 1-4 and
 *             caravans b y g r), odd rows the connectors.  A route is drawn
 *             (- | / \, ~ : for routes that need a guild seal) when its ends
 *             lie on one straight line with only empty cells between; the
 *             few others ("long routes") are marked * at their ends and
 *             listed under "routes" for the player to move.
 *   board     city bonuses, outpost tiles, contracts on the contract
 *             cities, city cards, the books with this round's offers, the
 *             other action spaces with the dice on them (fee = that die)
 *   players   two lines each: resources, dice, posts, seals; contracts,
 *             goal card (its owner only), caravans, tiles, pieces
 *   context   what the current decision is about (routes and their cost
 *             from the mover's figures, contracts on offer, ...)
 *   legend    every mark and the letters of the compact bundles
 *
 * Bundles are written compactly: a count and a letter per item ("2p1m1c"
 * = 2 pepper, 1 camel, 1 coin), alternatives with "|", a cost before ":".
 * Colour (kt_buf_sgr, only when out->color) marks the players' colours.
 */
#include <stdio.h>
#include <string.h>

#include "mp2.h"

#define L(en, de) (lang == KT_LANG_DE ? (de) : (en))
#define CELL 10
#define ROWS (2 * MP2_MAPH - 1)
#define COLS (CELL * MP2_MAPW)

static const char seat_letter[MP2_MAXP] = {'B', 'Y', 'G', 'R'};
static const char *const seat_sgr[MP2_MAXP] = {"1;34", "1;33", "1;32", "1;31"};
/* item letters of compact bundles, in item order (mp2.h) */
static const char item_letter[MP2_NITEMS] = {'c', 'm', 'j', 'p', 's', 'g', 'v',
                                             '?', 'd', 'k', 'b', 't', 'x', 'h'};

/* ------------------------------------------------------------ compact text */

/* Append `line` (one line, no newline) cut to `maxw` columns: lists (routes,
 * contracts, a player's tiles) can be long; "..." shows that something was cut.
 * Colour sequences and UTF-8 characters are never split. */
static void put_cut(kt_buf *out, const char *line, size_t maxw)
{
    if (kt_utf8_width(line) <= maxw) {
        kt_buf_puts(out, line);
        return;
    }
    size_t w = 0, i = 0;
    while (line[i] && w + 3 < maxw) {
        if (line[i] == '\033' && line[i + 1] == '[') {
            size_t j = i + 2;
            while (line[j] && !(line[j] >= '@' && line[j] <= '~'))
                j++;
            kt_buf_put(out, line + i, line[j] ? j + 1 - i : j - i);
            i = line[j] ? j + 1 : j;
            continue;
        }
        size_t n = 1;
        while (((unsigned char)line[i + n] & 0xC0) == 0x80)
            n++;
        kt_buf_put(out, line + i, n);
        i += n;
        w++;
    }
    kt_buf_sgr(out, "0");
    kt_buf_puts(out, "...");
}


static void cbundle(const mp2_bundle *b, kt_buf *out)
{
    int any = 0;
    for (int i = 0; i < MP2_NITEMS; i++) {
        if (!b->n[i])
            continue;
        if (i == IT_XPOST)
            kt_buf_putc(out, 'x');
        else
            kt_buf_printf(out, "%d%c", b->n[i], item_letter[i]);
        any = 1;
    }
    if (!any)
        kt_buf_putc(out, '-');
}

static void creward(const mp2_cfg *c, int rw, kt_buf *out)
{
    for (int i = 0; i < c->rw[rw].nalt; i++) {
        if (i)
            kt_buf_putc(out, '|');
        cbundle(&c->rw[rw].alt[i], out);
    }
}

static void ccontract(const mp2_cfg *c, int k, kt_buf *out)
{
    kt_buf_printf(out, "%s ", c->contract[k].id);
    creward(c, c->contract[k].cost, out);
    kt_buf_putc(out, ':');
    creward(c, c->contract[k].reward, out);
}

/* A city card in a few characters: "1m>3c|1c>1m/d" (/d: per pip of the
 * die, /2d: per two pips, nothing: once), "1v/contract", "1v/post". */
static void ccard(const mp2_cfg *c, int card, int lang, kt_buf *out)
{
    const mp2_card *cd = &c->card[card];
    switch (cd->kind) {
    case CK_TRADE:
    case CK_EITHER:
        for (int dir = 0; dir < (cd->kind == CK_EITHER ? 2 : 1); dir++) {
            if (dir)
                kt_buf_putc(out, '|');
            int pay = dir ? cd->pay2 : cd->pay;
            if (pay) {
                creward(c, pay, out);
                kt_buf_putc(out, '>');
            }
            creward(c, dir ? cd->gain2 : cd->gain, out);
        }
        kt_buf_puts(out, cd->times == CT_ONE ? "" : cd->times == CT_HALF ? "/2d" : "/d");
        break;
    case CK_PERCONTRACT:
        creward(c, cd->gain, out);
        kt_buf_puts(out, L("/contract", "/Auftrag"));
        break;
    case CK_PERPOST:
        creward(c, cd->gain, out);
        kt_buf_puts(out, L("/post", "/Posten"));
        break;
    case CK_BONUSES:
        kt_buf_puts(out, L("bonuses", "Boni"));
        break;
    case CK_SEALS:
        creward(c, cd->pay, out);
        kt_buf_puts(out, L(":seal", ":Siegel"));
        break;
    }
    if (cd->min > 1)
        kt_buf_printf(out, " %d+", cd->min);
}

/* ------------------------------------------------------------ location codes */

typedef struct codes {
    char s[MP2_MAXLOC][4];
} codes;

/* ASCII letters of a name, umlauts folded (Täbris -> Tabris). */
static int fold_letters(const char *name, char *out, int cap)
{
    int n = 0;
    for (const unsigned char *p = (const unsigned char *)name; *p && n < cap - 1; p++) {
        if (*p == 0xC3 && p[1]) {
            unsigned char d = p[1];
            out[n++] = d == 0xA4 || d == 0x84 ? 'a' : d == 0xB6 || d == 0x96 ? 'o' : d == 0x9F ? 's' : 'u';
            p++;
        } else if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')) {
            out[n++] = (char)*p;
        }
    }
    out[n] = '\0';
    return n;
}

/* Three letters per location, unique in the language shown: the first
 * three letters of the name, else a later letter as the third. */
static void make_codes(const mp2_cfg *c, int lang, codes *k);

void mp2_loc_codes(const mp2_cfg *c, int lang, char out[][4])
{
    codes k;
    make_codes(c, lang, &k);
    memcpy(out, k.s, sizeof k.s);
}

static void make_codes(const mp2_cfg *c, int lang, codes *k)
{
    for (int l = 0; l < c->nloc; l++) {
        char f[MP2_NAME];
        int n = fold_letters(mp2_loc_name(c, l, lang), f, sizeof f);
        char *s = k->s[l];
        for (int j = 0; j < 3; j++)
            s[j] = j < n ? f[j] : 'x';
        s[3] = '\0';
        for (int j = 3;; j++) {
            int clash = 0;
            for (int m = 0; m < l; m++)
                clash |= strcmp(k->s[m], s) == 0;
            if (!clash)
                break;
            s[2] = (char)(j < n ? f[j] : '0' + l % 10);
            if (j > n + 1)
                break;
        }
        int oasis = c->loc[l].kind == LK_OASIS;
        for (int j = 0; j < 3; j++) {
            char ch = s[j];
            if (ch >= 'A' && ch <= 'Z' && (oasis || j))
                ch = (char)(ch + 32);
            if (ch >= 'a' && ch <= 'z' && !oasis && !j)
                ch = (char)(ch - 32);
            s[j] = ch;
        }
    }
}

/* ------------------------------------------------------------ the map */

enum { A_PLAIN, A_ROUTE, A_SEAL, A_CITY, A_LONG, A_P0 }; /* A_P0 + p: player colours */

typedef struct canvas {
    char ch[ROWS][COLS + 1];
    uint8_t at[ROWS][COLS + 1];
} canvas;

static void put(canvas *cv, int r, int col, char ch, int at)
{
    if (r < 0 || r >= ROWS || col < 0 || col >= COLS)
        return;
    char old = cv->ch[r][col];
    if ((old == '/' && ch == '\\') || (old == '\\' && ch == '/'))
        ch = 'X';
    else if ((old == '-' || old == '~') && (ch == '|' || ch == ':'))
        ch = '+';
    cv->ch[r][col] = ch;
    cv->at[r][col] = (uint8_t)at;
}

static int occupied(const mp2_cfg *c, int x, int y)
{
    for (int l = 0; l < c->nloc; l++)
        if (c->loc[l].x == x && c->loc[l].y == y)
            return 1;
    return 0;
}

/* Is route r drawn on the map (one straight line, empty cells between)? */
static int route_drawn(const mp2_cfg *c, const mp2_route *r)
{
    int ax = c->loc[r->a].x, ay = c->loc[r->a].y, bx = c->loc[r->b].x, by = c->loc[r->b].y;
    int dx = bx - ax, dy = by - ay;
    if (dx && dy && dx != dy && dx != -dy)
        return 0;
    int n = dx < 0 ? -dx : dx;
    if ((dy < 0 ? -dy : dy) > n)
        n = dy < 0 ? -dy : dy;
    int sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0);
    for (int k = 1; k < n; k++)
        if (occupied(c, ax + sx * k, ay + sy * k))
            return 0;
    return 1;
}

static void draw_route(canvas *cv, const mp2_cfg *c, const mp2_route *r)
{
    int ax = c->loc[r->a].x, ay = c->loc[r->a].y, bx = c->loc[r->b].x, by = c->loc[r->b].y;
    if (ay > by || (ay == by && ax > bx)) { /* draw top to bottom, left to right */
        int t = ax;
        ax = bx;
        bx = t;
        t = ay;
        ay = by;
        by = t;
    }
    int at = r->seal ? A_SEAL : A_ROUTE;
    int sx = (bx > ax) - (bx < ax), sy = by > ay;
    int n = sy ? by - ay : (bx - ax) * sx;
    if (!sy) { /* horizontal, along the label row */
        for (int col = CELL * ax + 1; col < CELL * bx; col++)
            put(cv, 2 * ay, col, r->seal ? '~' : '-', at);
        return;
    }
    for (int k = 0; k < n; k++) {
        int x = ax + sx * k, y = ay + k;
        if (!sx) {
            put(cv, 2 * y + 1, CELL * x + 1, r->seal ? ':' : '|', at);
            if (k + 1 < n)
                put(cv, 2 * y + 2, CELL * x + 1, r->seal ? ':' : '|', at);
        } else {
            char d = sx > 0 ? '\\' : '/';
            put(cv, 2 * y + 1, CELL * x + (sx > 0 ? 5 : -5), d, at);
            if (k + 1 < n)
                put(cv, 2 * y + 2, CELL * (x + sx) + 1, d, at);
        }
    }
}

static void draw_label(canvas *cv, const mp2_cfg *c, const mp2_state *s, const codes *k, int l)
{
    const mp2_loc *lc = &c->loc[l];
    int r = 2 * lc->y, col = CELL * lc->x, end = col + CELL - 1;
    int long_route = 0;
    for (int j = 0; j < lc->nadj; j++)
        long_route |= !route_drawn(c, &c->route[lc->route[j]]);
    for (int j = 0; j < 3; j++)
        put(cv, r, col++, k->s[l][j], lc->kind == LK_OASIS ? A_PLAIN : A_CITY);
    if (long_route)
        put(cv, r, col++, '*', A_LONG);
    char marks[16];
    uint8_t who[16];
    int n = 0;
    for (int p = 0; p < c->np; p++)
        if ((s->pl[p].posts >> l) & 1)
            marks[n] = seat_letter[p], who[n++] = (uint8_t)p;
    for (int p = 0; p < c->np; p++)
        for (int f = 0; f < 2; f++)
            if (s->pl[p].fig[f] == l)
                marks[n] = (char)('1' + p), who[n++] = (uint8_t)p;
    for (int p = 0; p < c->np; p++)
        for (int i = 0; i < 2; i++)
            if (s->pl[p].cv_loc[i] == l)
                marks[n] = (char)(seat_letter[p] + 32), who[n++] = (uint8_t)p;
    if (n && col < end)
        put(cv, r, col++, ' ', A_PLAIN);
    for (int i = 0; i < n && col <= end; i++, col++) /* '+': more than fit */
        put(cv, r, col, i == n - 1 || col < end ? marks[i] : '+', A_P0 + who[i]);
}

static void emit_row(const canvas *cv, int r, kt_buf *out)
{
    int last = COLS - 1;
    while (last >= 0 && cv->ch[r][last] == ' ')
        last--;
    int cur = -1;
    for (int col = 0; col <= last; col++) {
        int at = cv->ch[r][col] == ' ' ? A_PLAIN : cv->at[r][col];
        if (at != cur) {
            kt_buf_sgr(out, "0");
            if (at == A_CITY)
                kt_buf_sgr(out, "1");
            else if (at == A_SEAL)
                kt_buf_sgr(out, "36");
            else if (at == A_ROUTE)
                kt_buf_sgr(out, "2");
            else if (at == A_LONG)
                kt_buf_sgr(out, "35");
            else if (at >= A_P0)
                kt_buf_sgr(out, seat_sgr[at - A_P0]);
            cur = at;
        }
        kt_buf_putc(out, cv->ch[r][col]);
    }
    kt_buf_sgr(out, "0");
    kt_buf_putc(out, '\n');
}

static void render_map(const mp2_cfg *c, const mp2_state *s, const codes *k, kt_buf *out)
{
    canvas cv;
    memset(cv.ch, ' ', sizeof cv.ch);
    memset(cv.at, 0, sizeof cv.at);
    for (int i = 0; i < c->nroute; i++)
        if (route_drawn(c, &c->route[i]))
            draw_route(&cv, c, &c->route[i]);
    for (int l = 0; l < c->nloc; l++)
        draw_label(&cv, c, s, k, l);
    for (int r = 0; r < ROWS; r++)
        emit_row(&cv, r, out);
}

/* ------------------------------------------------------------ the board */

static const char *guild_short(const mp2_cfg *c, int g, int lang, char out[4])
{
    const char *n = lang == KT_LANG_DE ? c->guild[g].de : c->guild[g].name;
    out[0] = n[0] >= 'a' && n[0] <= 'z' ? (char)(n[0] - 32) : n[0];
    out[1] = n[1] ? n[1] : ' ';
    out[2] = '\0';
    return out;
}

static void section(kt_buf *out, const char *title)
{
    kt_buf_sgr(out, "1");
    kt_buf_puts(out, title);
    kt_buf_sgr(out, "0");
}

/* Who used a space this round and with which die: "[B3]", "[n5]". */
static void space_dice(const mp2_state *s, int sp, kt_buf *out)
{
    const mp2_space *x = &s->sp[sp];
    if (!x->used || sp == SP_BAG)
        return;
    kt_buf_putc(out, '[');
    if (x->last >= 0) {
        kt_buf_sgr(out, seat_sgr[x->last]);
        kt_buf_printf(out, "%c%d", seat_letter[x->last], x->low);
        kt_buf_sgr(out, "0");
    } else {
        kt_buf_printf(out, "n%d", x->low);
    }
    if (x->used > 1)
        kt_buf_printf(out, " x%d", x->used);
    kt_buf_putc(out, ']');
}

static void render_bonuses(const mp2_cfg *c, const mp2_state *s, const codes *k, int lang,
                           kt_buf *out)
{
    section(out, L("Bonus:", "Bonus:"));
    for (int b = 0; b < MP2_NBONUSCITY; b++) {
        const mp2_tilerec *m = &c->marker[s->marker[b]];
        kt_buf_printf(out, " %s ", k->s[c->bonus_loc[b]]);
        if (m->copy)
            kt_buf_puts(out, L("copy", "kopie"));
        else
            creward(c, m->reward, out);
    }
    kt_buf_putc(out, '\n');
    section(out, L("Outpost tiles:", "Außenposten:"));
    for (int i = 0; i < MP2_NOUTPOSTS; i++) {
        if (s->outpost[i] == MP2_NONE)
            continue;
        kt_buf_printf(out, " %s ", k->s[c->outpost_loc[i]]);
        creward(c, c->outpost[s->outpost[i]].reward, out);
    }
    kt_buf_putc(out, '\n');
}

static void render_cards(const mp2_cfg *c, const mp2_state *s, const codes *k, int lang,
                         kt_buf *out)
{
    section(out, L("Contracts:", "Aufträge:"));
    for (int i = 0; i < MP2_NCCITY; i++) {
        kt_buf_printf(out, " %s", k->s[c->ccity_loc[i]]);
        for (int j = 0; j < 2; j++)
            kt_buf_printf(out, " %s", s->cboard[i][j] == MP2_NONE ? "-" : c->contract[s->cboard[i][j]].id);
    }
    /* the action area's two cards here, the six city cards below */
    for (int pass = 0; pass < 2; pass++) {
        if (pass)
            section(out, L("City cards:", "Stadtkarten:"));
        else
            section(out, L("  Cards", "  Karten"));
        for (int i = pass ? 0 : MP2_NCARDCITY; i < (pass ? MP2_NCARDCITY : 8); i++) {
            int card = s->card_slot[i];
            if (card == MP2_NONE)
                continue;
            if (i < MP2_NCARDCITY)
                kt_buf_printf(out, " %s ", k->s[c->card_loc[i]]);
            else
                kt_buf_printf(out, " %c: ", 'A' + i - MP2_NCARDCITY);
            ccard(c, card, lang, out);
            space_dice(s, SP_CARD + i, out);
        }
        kt_buf_putc(out, '\n');
    }
}

static void render_spaces(const mp2_cfg *c, const mp2_state *s, const codes *k, int lang,
                          kt_buf *out)
{
    static const char *const books_en[3] = {"Pepper", "Silk", "Gold"};
    static const char *const books_de[3] = {"Pfeffer", "Seide", "Gold"};
    for (int b = 0; b < 3; b++) {
        const mp2_offer *o = &c->offer[s->offers[b][s->round]];
        if (b)
            kt_buf_puts(out, "  ");
        section(out, lang == KT_LANG_DE ? books_de[b] : books_en[b]);
        kt_buf_putc(out, ' ');
        creward(c, c->book_top[b][0], out);
        kt_buf_putc(out, '|');
        creward(c, c->book_top[b][1], out);
        kt_buf_puts(out, "|1j:");
        creward(c, o->jade1, out);
        kt_buf_puts(out, "|2j:");
        creward(c, o->jade2, out);
        space_dice(s, b < 2 ? b : SP_BOOK3A, out);
        if (b == 2)
            space_dice(s, SP_BOOK3B, out);
    }
    kt_buf_putc(out, '\n');
    section(out, L("Khan", "Khan"));
    kt_buf_putc(out, ' ');
    creward(c, c->rw_khan, out);
    kt_buf_putc(out, '[');
    for (int i = 0; i < 4; i++) {
        if (i)
            kt_buf_putc(out, ' ');
        if (!s->khan[i]) {
            kt_buf_putc(out, '_');
        } else if (s->khan_by[i] < 0) {
            kt_buf_printf(out, "n%d", s->khan[i]);
        } else {
            kt_buf_sgr(out, seat_sgr[s->khan_by[i]]);
            kt_buf_printf(out, "%c%d", seat_letter[s->khan_by[i]], s->khan[i]);
            kt_buf_sgr(out, "0");
        }
    }
    kt_buf_putc(out, ']');
    static const int sp_list[] = {SP_SEALS, SP_CONTRACTS, SP_TRAVEL1, SP_TRAVEL2, SP_TRAVEL3};
    static const char *const sp_en[] = {" Seals", " Contracts", " Travel 1", " 2", " 3"};
    static const char *const sp_de[] = {" Siegel", " Aufträge", " Reise 1", " 2", " 3"};
    for (int i = 0; i < 5; i++) {
        kt_buf_puts(out, lang == KT_LANG_DE ? sp_de[i] : sp_en[i]);
        space_dice(s, sp_list[i], out);
    }
    for (int i = 0; i < MP2_NSPECIAL; i++) {
        kt_buf_printf(out, " %s ", k->s[c->special_loc[i]]);
        for (int j = 0; j < 2; j++) {
            if (j)
                kt_buf_putc(out, '|');
            creward(c, c->special[i].reward[j], out);
            space_dice(s, SP_SPECIAL + 2 * i + j, out);
        }
    }
    kt_buf_putc(out, '\n');
}

/* ------------------------------------------------------------ players */

/* Shields for the final scoring as `viewer` may know them: the goal
 * card's cities count only where the goal card is visible. */
static int shields_seen(const mp2_cfg *c, const mp2_state *s, int p, int viewer)
{
    int n = mp2_shields(c, s, p);
    const mp2_player *pl = &s->pl[p];
    if (pl->goal < 3 && !mp2_goal_visible(s, p, viewer)) {
        const mp2_goal *gl = &c->goal[pl->goal_opt[pl->goal]];
        for (int i = 0; i < gl->ncity; i++)
            n -= c->flag_goal_shield ? (pl->posts & c->shield_mask[c->loc[gl->city[i]].shield]) != 0
                                     : (int)((pl->posts >> gl->city[i]) & 1);
    }
    return n;
}

static void render_goal(const mp2_cfg *c, const mp2_state *s, const codes *k, int p, int goal,
                        int lang, kt_buf *out)
{
    const mp2_goal *gl = &c->goal[goal];
    kt_buf_printf(out, "%s", gl->id);
    for (int i = 0; i < gl->ncity; i++)
        kt_buf_printf(out, " %s%s", k->s[gl->city[i]], (s->pl[p].posts >> gl->city[i]) & 1 ? "+" : "");
    for (int i = 0; i < gl->nseal; i++) {
        char g[4];
        kt_buf_printf(out, " %s*%d", guild_short(c, gl->seal[i], lang, g), gl->sealvp[i]);
    }
}

/* Move the last line of `tmp` to `out`, cut to 120 columns. */
static void flush_line(kt_buf *tmp, kt_buf *out)
{
    if (tmp->p && tmp->len) {
        put_cut(out, tmp->p, 120);
        kt_buf_putc(out, '\n');
    }
    kt_buf_reset(tmp);
}

static void player_lines(const mp2_cfg *c, const mp2_state *s, const codes *k, int p, int viewer,
                         int lang, kt_buf *out, kt_buf *final)
{
    const mp2_player *pl = &s->pl[p];
    kt_buf_sgr(out, seat_sgr[p]);
    kt_buf_printf(out, "%d %c %s", p + 1, seat_letter[p],
                  pl->character < MP2_NCHAR ? mp2_char_name(pl->character, lang) : "-");
    kt_buf_sgr(out, "0");
    kt_buf_puts(out, s->h.to_move == p ? " <" : "  ");
    kt_buf_pad_to(out, 24);
    static const int order[] = {IT_VP, IT_COIN, IT_CAMEL, IT_JADE, IT_PEPPER, IT_SILK, IT_GOLD};
    for (int i = 0; i < 7; i++)
        kt_buf_printf(out, "%3d%c", pl->res[order[i]], item_letter[order[i]]);
    kt_buf_printf(out, "  %s", L("dice", "Würfel"));
    int nd = 0;
    for (int v = 1; v <= 6; v++)
        for (int n = 0; n < pl->own[v]; n++, nd++)
            kt_buf_printf(out, " %d", v);
    for (int v = 1; v <= 6; v++)
        for (int n = 0; n < pl->blk[v]; n++, nd++)
            kt_buf_printf(out, " b%d", v);
    if (!nd)
        kt_buf_puts(out, " -");
    kt_buf_printf(out, "  %s %d/%d  %s", L("posts", "Posten"), pl->nposts, MP2_POSTS,
                  L("seals", "Siegel"));
    int ns = 0;
    for (int g = 0; g < MP2_NGUILD; g++)
        if ((pl->seals >> g) & 1) {
            char gs[4];
            kt_buf_printf(out, " %s%s", guild_short(c, g, lang, gs), (pl->seals >> (4 + g)) & 1 ? "*" : "");
            ns++;
        }
    if (!ns)
        kt_buf_puts(out, " -");
    flush_line(out, final);
    /* second line: contracts, goal, caravans, tiles */
    kt_buf_puts(out, "  ");
    int any = 0;
    for (int i = 0; i < 2; i++)
        if (pl->con[i] != MP2_NONE) {
            kt_buf_puts(out, any++ ? " " : "");
            ccontract(c, pl->con[i], out);
        }
    kt_buf_printf(out, "%s%s %d", any ? "  " : "", L("done", "erfüllt"), pl->ndone);
    if (pl->goal < 3 && mp2_goal_visible(s, p, viewer)) {
        kt_buf_printf(out, "  %s ", L("goal", "Ziel"));
        render_goal(c, s, k, p, pl->goal_opt[pl->goal], lang, out);
    }
    for (int i = 0, n = 0; i < 2; i++)
        if (pl->cv_loc[i] != MP2_NOLOC) {
            kt_buf_printf(out, "%s %s(", n++ ? "," : L("  caravan", "  Karawane"), k->s[pl->cv_loc[i]]);
            for (int j = 0; j < 2; j++)
                if (pl->cv_goods[i][j])
                    kt_buf_putc(out, item_letter[pl->cv_goods[i][j]]);
            kt_buf_putc(out, ')');
            if (pl->cv_tile[i] < c->nrtile)
                kt_buf_printf(out, " %s", c->rtile[pl->cv_tile[i]].id);
        }
    for (int t = 0; t < MP2_NOUTPOSTS; t++)
        if ((pl->kept >> t) & 1) {
            kt_buf_printf(out, " %s ", c->outpost[t].id);
            creward(c, c->outpost[t].reward, out);
        }
    if (pl->pieces) {
        kt_buf_printf(out, "  %s", L("pieces", "Figuren"));
        for (int col = 0; col < MP2_MAXP; col++)
            if ((pl->pieces >> col) & 1)
                kt_buf_printf(out, " %c", seat_letter[col]);
    }
    kt_buf_printf(out, "  %s %d", L("shields", "Wappen"), shields_seen(c, s, p, viewer));
    flush_line(out, final);
}

static void render_player(const mp2_cfg *c, const mp2_state *s, const codes *k, int p, int viewer,
                          int lang, kt_buf *out)
{
    kt_buf tmp;
    kt_buf_init_alloc(&tmp, out->a);
    tmp.color = out->color;
    player_lines(c, s, k, p, viewer, lang, &tmp, out);
    kt_buf_free(&tmp);
}

/* ------------------------------------------------------------ context */

/* Routes from location l: "Kab: Bal 1c1m, Del 3c1m, Sis 1c1m" (a seal
 * needed: "~Sp"). */
static void routes_from(const mp2_cfg *c, const codes *k, int l, int lang, kt_buf *out)
{
    const mp2_loc *lc = &c->loc[l];
    kt_buf_printf(out, "%s:", k->s[l]);
    for (int j = 0; j < lc->nadj; j++) {
        const mp2_route *r = &c->route[lc->route[j]];
        mp2_bundle b;
        memset(&b, 0, sizeof b);
        b.n[IT_COIN] = (int8_t)r->coins;
        b.n[IT_CAMEL] = (int8_t)r->camels;
        b.n[IT_JADE] = (int8_t)r->jade;
        kt_buf_printf(out, " %s ", k->s[lc->adj[j]]);
        cbundle(&b, out);
        if (r->seal) {
            char g[4];
            kt_buf_printf(out, "~%s", guild_short(c, r->seal - 1, lang, g));
        }
    }
}

/* One line on what the decision of the player to move is about. */
static void context_line(const mp2_cfg *c, const mp2_state *s, const codes *k, int viewer,
                           int lang, kt_buf *out)
{
    int p = s->h.to_move;
    if (p < 0)
        return;
    const mp2_player *pl = &s->pl[p];
    const mp2_eff *e = s->nstack ? &s->stack[s->nstack - 1] : NULL;
    int d = e ? e->type : DEC_TURN;
    if (d == DEC_CONTRACT) {
        section(out, L("On offer:", "Im Angebot:"));
        for (int i = 0; i < MP2_NCCITY; i++) {
            int l = c->ccity_loc[i];
            if ((e->a != MP2_NOLOC && e->a != l) || !((pl->posts >> l) & 1))
                continue;
            for (int j = 0; j < 2; j++)
                if (s->cboard[i][j] != MP2_NONE) {
                    kt_buf_printf(out, "  %s ", k->s[l]);
                    ccontract(c, s->cboard[i][j], out);
                }
        }
        kt_buf_putc(out, '\n');
        return;
    }
    if (d == DEC_DISCARD) {
        section(out, L("New contract:", "Neuer Auftrag:"));
        kt_buf_putc(out, ' ');
        ccontract(c, e->a, out);
        kt_buf_putc(out, '\n');
        return;
    }
    if (d == DEC_GOAL) {
        section(out, L("Goal cards:", "Zielkarten:"));
        for (int i = 0; i < 3; i++) {
            kt_buf_puts(out, "  ");
            if (viewer == KT_OMNISCIENT || viewer == p)
                render_goal(c, s, k, p, pl->goal_opt[i], lang, out);
            else
                kt_buf_puts(out, "?");
        }
        kt_buf_putc(out, '\n');
        return;
    }
    if (d == DEC_CVTILE || d == DEC_CVCITY) {
        section(out, L("Route tiles:", "Routenplättchen:"));
        for (int t = 0; t < c->nrtile; t++)
            if (s->rtile[t] == RT_UP)
                kt_buf_printf(out, " %s %.3s+%.3s", c->rtile[t].id,
                              lang == KT_LANG_DE ? c->shield_de[c->rtile[t].crest[0]] : c->shield[c->rtile[t].crest[0]],
                              lang == KT_LANG_DE ? c->shield_de[c->rtile[t].crest[1]] : c->shield[c->rtile[t].crest[1]]);
        kt_buf_putc(out, '\n');
        return;
    }
    if (d == DEC_CVMOVE) {
        section(out, L("Caravan routes:", "Karawanenrouten:"));
        kt_buf_putc(out, ' ');
        routes_from(c, k, pl->cv_loc[e->a], lang, out);
        kt_buf_putc(out, '\n');
        return;
    }
    if (s->phase != PH_PLAY)
        return;
    section(out, L("Routes from", "Routen ab"));
    kt_buf_putc(out, ' ');
    for (int f = 0; f < 2; f++)
        if (pl->fig[f] != MP2_NOLOC) {
            if (f)
                kt_buf_puts(out, "  ");
            routes_from(c, k, pl->fig[f], lang, out);
        }
    kt_buf_putc(out, '\n');
}

static void render_final(const mp2_cfg *c, const mp2_state *s, int lang, kt_buf *out)
{
    int score[MP2_MAXP], det[MP2_MAXP][8];
    mp2_final_scores(c, s, score, det);
    for (int p = 0; p < c->np; p++) {
        kt_buf_sgr(out, seat_sgr[p]);
        kt_buf_printf(out, "%s %d", L("Player", "Spieler"), p + 1);
        kt_buf_sgr(out, "0");
        kt_buf_printf(out, ": %d %s = %d %s + %d %s + %d %s (%d) + %d %s + %d %s + %d %s + %d %s\n",
                      det[p][7], L("VP", "SP"), det[p][0], L("in the game", "im Spiel"), det[p][1],
                      L("goal seals", "Zielsiegel"), det[p][2], L("shields", "Wappen"),
                      mp2_shields(c, s, p), det[p][3], L("goods", "Waren"), det[p][4],
                      L("coins", "Münzen"), det[p][5], L("contracts", "Aufträge"), det[p][6],
                      L("caravans", "Karawanen"));
    }
}

static void render_legend(int lang, kt_buf *out)
{
    kt_buf_sgr(out, "2");
    kt_buf_puts(out, L("Abc city, abc oasis, * long route, BYGR trading posts, 1-4 figures, bygr caravans, "
                       "-|/\\ routes, ~ seal route, < to move\n",
                       "Abc Stadt, abc Oase, * lange Route, BYGR Posten, 1-4 Figuren, bygr Karawanen, "
                       "-|/\\ Routen, ~ Siegelroute, < am Zug\n"));
    kt_buf_puts(out, L("c coin m camel j jade p pepper s silk g gold v VP ? any good d draw k contract "
                       "b black die t step x extra post h shield\n",
                       "c Münze m Kamel j Jade p Pfeffer s Seide g Gold v SP ? Ware d ziehen k Auftrag "
                       "b schwarz t Schritt x +Posten h Wappen\n"));
    kt_buf_puts(out, L("a|b a or b, a:b pay a for b, a>b trade, /d per pip, /2d per 2 pips, 3+ die 3 or more, "
                       "[B3] fee 3, n neutral, * improved",
                       "a|b a oder b, a:b zahle a für b, a>b Tausch, /d je Auge, /2d je 2 Augen, 3+ ab 3, "
                       "[B3] Gebühr 3, n neutral, * verbessert"));
    kt_buf_sgr(out, "0");
    kt_buf_putc(out, '\n');
}

static void render_context(const mp2_cfg *c, const mp2_state *s, const codes *k, int viewer,
                           int lang, kt_buf *out)
{
    kt_buf line;
    kt_buf_init_alloc(&line, out->a);
    line.color = out->color;
    context_line(c, s, k, viewer, lang, &line);
    if (line.p && line.len) {
        if (line.p[line.len - 1] == '\n')
            line.p[--line.len] = '\0';
        put_cut(out, line.p, 120);
        kt_buf_putc(out, '\n');
    }
    kt_buf_free(&line);
}

void mp2_render(const kt_game *g, const kt_state *st, int viewer, int lang, kt_buf *out)
{
    const mp2_cfg *c = mp2_config(g);
    const mp2_state *s = (const mp2_state *)st;
    codes k;
    make_codes(c, lang, &k);
    section(out, "Marco Polo II");
    kt_buf_printf(out, " - %s %d/%d, %s %u, %s %d, %s %d, %s %d", L("round", "Runde"),
                  s->round + 1, MP2_ROUNDS, L("turn", "Zug"), s->h.turn,
                  L("first player", "Startspieler"), s->first + 1,
                  L("black dice left", "schwarze Würfel übrig"), s->black_pool,
                  L("contracts in the pile", "Aufträge im Stapel"), s->pile_len);
    if (s->phase == PH_SETUP)
        kt_buf_printf(out, " (%s)", L("set-up", "Aufbau"));
    if (s->h.status != KT_RUNNING)
        kt_buf_printf(out, " - %s", L("game over", "Spielende"));
    kt_buf_putc(out, '\n');
    render_map(c, s, &k, out);
    if (s->h.status == KT_RUNNING) {
        /* board lines are cut to 120 columns should some data be longer */
        kt_buf tmp;
        kt_buf_init_alloc(&tmp, &g->alloc);
        tmp.color = out->color;
        render_bonuses(c, s, &k, lang, &tmp);
        render_cards(c, s, &k, lang, &tmp);
        render_spaces(c, s, &k, lang, &tmp);
        for (const char *p = tmp.p; p && *p;) {
            const char *e = strchr(p, '\n');
            size_t n = e ? (size_t)(e - p) : strlen(p);
            char line[1024];
            snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), p);
            put_cut(out, line, 120);
            kt_buf_putc(out, '\n');
            p = e ? e + 1 : p + n;
        }
        kt_buf_free(&tmp);
    }
    for (int p = 0; p < c->np; p++)
        render_player(c, s, &k, p, viewer, lang, out);
    if (s->h.status == KT_RUNNING)
        render_context(c, s, &k, viewer, lang, out);
    else
        render_final(c, s, lang, out);
    render_legend(lang, out);
}
