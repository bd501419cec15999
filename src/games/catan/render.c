/*
 * render.c - the terminal view (fits 120 columns and 30 lines)
 * (the component listing is in help.c).
 *
 * Screen: the map on the left (19 rows, 75 columns), a status panel to its
 * right (turn, dice, barbarians, decks, one or two lines per player), then
 * full-width lines: the bank, the viewer's own cards, an open trade, a
 * hand the viewer may look into (Master Merchant, Spy), a legend of every
 * mark, the winner.
 *
 * Map grid: vertex (x, y) of data.c sits at column 5 * (x + 5) + MX and row
 * y + 9, so vertex rows are adjacent where hex edges slant and one row
 * apart where they stand upright.  A slanted edge is one character on its
 * upper vertex's row, two columns towards the lower one; an upright edge
 * is the character between its two vertices; slanted ones sit three
 * columns from their upper vertex, clear of its label.  Edges show / \ |
 * when free and the owner's digit when a road stands there.  A vertex shows
 * its number when empty, else player digit + piece (1S, 1s, 1C, 1W, 1M,
 * 1k2 / 1K2).  Inside a hex (N vertex at column c, row r): row r+1 its
 * letter and number token (6 and 8 in red), row r+2 its terrain, row r+3
 * robber R and merchant $.  Harbours are written off the coast.
 * Colours (when the reader wants them): every cell remembers the player
 * whose piece it shows (attribute grid `who`), written with kt_buf_sgr.
 */
#include <stdio.h>
#include <string.h>

#include "catan.h"

#define GW 75 /* map columns */
#define GH 19 /* map rows */
#define MX 11 /* column of x = -5 */
#define PANEL 75 /* the panel's column; its lines stay within 44 columns */

typedef struct grid {
    char c[GH][GW + 1];
    int8_t who[GH][GW]; /* player whose piece a cell shows; -1 none, -2 robber, -3 a 6 or 8 */
} grid;

/* A grid cell is one column: an ASCII byte, or for the German letters
 * (UTF-8 C3 xx: ä ö ü Ä Ö Ü ß) the byte xx alone, which put_row writes
 * back as C3 xx.  So "Wüste" takes five cells, as on the screen. */
static void put(grid *gr, int row, int col, const char *s, int who)
{
    if (row < 0 || row >= GH)
        return;
    for (int i = 0, k = 0; s[k]; i++) {
        unsigned char ch = (unsigned char)s[k];
        if (ch == 0xC3 && s[k + 1])
            ch = (unsigned char)s[++k];
        k++;
        if (col + i >= 0 && col + i < GW) {
            gr->c[row][col + i] = (char)ch;
            gr->who[row][col + i] = (int8_t)who;
        }
    }
}

/* Columns of s (the German letters count one). */
static int cols(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

static int vcol(int v) { return 5 * (cat_v_xy[v][0] + 5) + MX; }
static int vrow(int v) { return cat_v_xy[v][1] + 9; }

/* terrain words of at most 9 columns fit a hex */
static const char *const terr_en[T_COUNT] = {"desert", "hills", "forest", "pasture", "fields",
                                             "mountains"};
static const char *const terr_de[T_COUNT] = {"Wüste", "Hügel", "Wald", "Weide", "Acker", "Gebirge"};
static const char *const port_en[6] = {"2:1 brick", "2:1 lumber", "2:1 wool", "2:1 grain", "2:1 ore",
                                       "3:1 any"};
static const char *const port_de[6] = {"2:1 Lehm", "2:1 Holz", "2:1 Wolle", "2:1 Getr.", "2:1 Erz",
                                       "3:1 alle"};
/* player colours: red, blue, white, orange */
static const char *const player_sgr[CAT_MAXP] = {"1;31", "1;34", "1;37", "1;33"};

static void draw_edges(const cat_state *s, grid *gr)
{
    for (int e = 0; e < CAT_NE; e++) {
        int a = cat_e_v[e][0], b = cat_e_v[e][1];
        if (vrow(a) > vrow(b)) {
            int t = a;
            a = b;
            b = t;
        }
        int own = s->e_owner[e];
        char d[2] = {own >= 0 ? (char)('1' + own) : 0, 0};
        if (vcol(a) == vcol(b)) {
            put(gr, vrow(a) + 1, vcol(a), own >= 0 ? d : "|", own);
        } else {
            int right = vcol(b) > vcol(a);
            put(gr, vrow(a), vcol(a) + (right ? 3 : -3), own >= 0 ? d : right ? "\\" : "/", own);
        }
    }
}

static void draw_hexes(const cat_state *s, int lang, grid *gr)
{
    for (int h = 0; h < CAT_NH; h++) {
        int v = cat_hex_v[h][0], c = vcol(v), r = vrow(v);
        char t[24];
        if (s->number[h])
            snprintf(t, sizeof t, "%c %d", 'A' + h, s->number[h]);
        else
            snprintf(t, sizeof t, "%c", 'A' + h);
        put(gr, r + 1, c - (int)strlen(t) / 2, t, s->number[h] == 6 || s->number[h] == 8 ? -3 : -1);
        const char *name = (lang == KT_LANG_DE ? terr_de : terr_en)[s->terrain[h]];
        put(gr, r + 2, c - cols(name) / 2, name, -1);
        char marks[8] = "";
        if (s->robber == h)
            strcat(marks, "R");
        if (s->merchant == h)
            strcat(marks, marks[0] ? " $" : "$");
        put(gr, r + 3, c - (int)strlen(marks) / 2, marks, s->robber == h ? -2 : s->merchant_owner);
    }
}

static void draw_vertices(const cat_state *s, grid *gr)
{
    for (int v = 0; v < CAT_NV; v++) {
        char t[32];
        int p = s->v_owner[v], a = s->v_aux[v];
        switch (s->v_piece[v]) {
        case VP_NONE: snprintf(t, sizeof t, "%2d", v); break;
        case VP_SETTLE: snprintf(t, sizeof t, "%d%c", p + 1, (a & AUX_SIDEWAYS) ? 's' : 'S'); break;
        case VP_CITY:
            snprintf(t, sizeof t, "%d%c", p + 1,
                     (a & AUX_METRO_MASK) ? 'M' : (a & AUX_WALL) ? 'W' : 'C');
            break;
        default:
            snprintf(t, sizeof t, "%d%c%d", p + 1, (a & KN_ACTIVE) ? 'K' : 'k', a & KN_LEVEL);
            break;
        }
        put(gr, vrow(v), vcol(v) - 1, t, p);
    }
}

static void draw_ports(const cat_state *s, int lang, grid *gr)
{
    for (int i = 0; i < CAT_NPORT; i++) {
        int a = cat_port_v[i][0], b = cat_port_v[i][1];
        const char *lab = (lang == KT_LANG_DE ? port_de : port_en)[s->port[i]];
        int len = cols(lab), ca = vcol(a), cb = vcol(b), ra = vrow(a), rb = vrow(b);
        int mx = (cat_v_xy[a][0] + cat_v_xy[b][0]), my = (cat_v_xy[a][1] + cat_v_xy[b][1]);
        int lo_c = ca < cb ? ca : cb, hi_c = ca > cb ? ca : cb;
        int lo_r = ra < rb ? ra : rb, hi_r = ra > rb ? ra : rb;
        if (mx >= 7 || mx <= -7) { /* a side of the island: beside the edge */
            int row = ca == cb ? lo_r + 1 : (mx > 0 ? (ca > cb ? ra : rb) : (ca < cb ? ra : rb));
            put(gr, row, mx > 0 ? hi_c + 3 : lo_c - 3 - len, lab, -1);
        } else { /* top or bottom: above or below it */
            put(gr, my < 0 ? lo_r - 1 : hi_r + 1, (lo_c + hi_c) / 2 - len / 2, lab, -1);
        }
    }
}

/* One map row with its colours, without trailing blanks. */
static void put_row(const grid *gr, int r, kt_buf *out)
{
    int end = GW, cur = -1;
    while (end > 0 && gr->c[r][end - 1] == ' ')
        end--;
    for (int i = 0; i < end; i++) {
        int w = gr->who[r][i];
        if (w != cur) {
            kt_buf_sgr(out, w >= 0 ? player_sgr[w] : w == -2 ? "1;7" : w == -3 ? "1;31" : "0");
            cur = w;
        }
        unsigned char ch = (unsigned char)gr->c[r][i];
        if (ch >= 0x80) /* a German letter: see put() */
            kt_buf_putc(out, (char)0xC3);
        kt_buf_putc(out, (char)ch);
    }
    if (cur != -1)
        kt_buf_sgr(out, "0");
}

/* ------------------------------------------------------------ panel */

typedef struct panel {
    kt_buf line[GH];
    int n;
} panel;

static kt_buf *pl_next(panel *pn)
{
    return pn->n < GH ? &pn->line[pn->n++] : &pn->line[GH - 1];
}

static void panel_header(const kt_game *g, const cat_state *s, int lang, panel *pn)
{
    const cat_cfg *cf = cat_config(g);
    int de = lang == KT_LANG_DE, n = cat_np(g);
    kt_buf *b = pl_next(pn);
    if (s->setup_step < 2 * n)
        kt_buf_printf(b, de ? "Gründung, Platz %d von %d" : "Setup, placement %d of %d",
                      s->setup_step + 1, 2 * n);
    else
        kt_buf_printf(b, de ? "Zug %u (Runde %u), Spieler %d am Zug" : "Turn %u (round %u), player %d's turn",
                      s->h.turn, (s->h.turn + (uint32_t)n - 1) / (uint32_t)n, s->h.turn_player + 1);
    b = pl_next(pn);
    if (s->dice[0]) {
        kt_buf_printf(b, de ? "Wurf: rot %d + gelb %d = %d" : "Roll: red %d + yellow %d = %d", s->dice[0],
                      s->dice[1], s->dice[0] + s->dice[1]);
        static const char *const ev_en[5] = {"", "ship", "yellow gate", "blue gate", "green gate"};
        static const char *const ev_de[5] = {"", "Schiff", "gelbes Tor", "blaues Tor", "grünes Tor"};
        if (cf->ck && s->dice[2] <= EV_GATE_SCIENCE && s->dice[2])
            kt_buf_printf(b, ", %s", (de ? ev_de : ev_en)[s->dice[2]]);
    } else {
        kt_buf_puts(b, de ? "Noch nicht gewürfelt" : "No roll yet");
    }
    b = pl_next(pn);
    if (cf->ck) {
        kt_buf_printf(b, de ? "Barbaren %d/7, Angriffe %d%s" : "Barbarians %d/7, attacks %d%s", s->barb,
                      s->attacks, s->attacks ? "" : (de ? ", Räuber gesperrt" : ", robber locked"));
        b = pl_next(pn);
        kt_buf_printf(b, de ? "Stapel: Handel %d, Politik %d, Wiss. %d" : "Decks: trade %d, politics %d, science %d",
                      s->deck_n[0], s->deck_n[1], s->deck_n[2]);
    } else {
        kt_buf_printf(b, de ? "Entwicklungskarten im Stapel: %d" : "Development cards left: %d",
                      s->devdeck_n);
    }
    b = pl_next(pn);
    kt_buf_printf(b, de ? "Ziel: %d Siegpunkte" : "Goal: %d victory points", cf->vp_target);
}

static void panel_player(const kt_game *g, const cat_state *s, int p, int viewer, int lang, panel *pn)
{
    const cat_cfg *cf = cat_config(g);
    const cat_player *pl = &s->pl[p];
    int de = lang == KT_LANG_DE;
    kt_buf *b = pl_next(pn);
    kt_buf_puts(b, p == viewer ? ">" : " ");
    kt_buf_sgr(b, player_sgr[p]);
    kt_buf_printf(b, "%s %d", de ? "Spieler" : "Player", p + 1);
    kt_buf_sgr(b, "0");
    kt_buf_printf(b, "%s: %d %s, %s %d, %s %d", s->h.turn_player == p ? "*" : "", cat_vp_public(g, s, p),
                  de ? "SP" : "VP", de ? "Hand" : "hand", pl->ncards, de ? "Str." : "road", pl->road_len);
    if (s->lr_holder == p || s->la_holder == p || (s->merchant >= 0 && s->merchant_owner == p))
        kt_buf_puts(b, ",");
    if (s->lr_holder == p)
        kt_buf_puts(b, " LR");
    if (s->la_holder == p)
        kt_buf_puts(b, de ? " GR" : " LA");
    if (s->merchant >= 0 && s->merchant_owner == p)
        kt_buf_puts(b, " $");
    b = pl_next(pn);
    if (cf->ck) {
        int byc[3] = {0};
        for (int i = 0; i < pl->nprog; i++)
            byc[cat_progress[pl->prog[i]].colour]++;
        kt_buf_printf(b, de ? "   H%d P%d W%d  Fort %d/%d/%d" : "   T%d P%d S%d  prog %d/%d/%d", pl->impr[0],
                      pl->impr[1], pl->impr[2], byc[0], byc[1], byc[2]);
        if (pl->defender)
            kt_buf_printf(b, de ? "  Vert %d" : "  def %d", pl->defender);
        if (pl->vpcards)
            kt_buf_puts(b, " ");
        if (pl->vpcards & 1)
            kt_buf_puts(b, de ? " Verf" : " Const");
        if (pl->vpcards & 2)
            kt_buf_puts(b, de ? " Druck" : " Print");
    } else {
        int devs = 0;
        for (int d = 0; d < CAT_NDEV; d++)
            devs += pl->dev[d];
        kt_buf_printf(b, de ? "   Entwicklungskarten %d, Ritter gespielt %d"
                            : "   development cards %d, knights played %d",
                      devs, pl->knights_played);
    }
}

/* ------------------------------------------------------------ lines below */

static void wrap(kt_buf *out, const char *text, size_t width);

static void cards_line(const uint8_t *hand, int ck, int lang, kt_buf *out)
{
    for (int k = 0, any = 0; k < (ck ? CAT_NKIND : CAT_NRES); k++)
        kt_buf_printf(out, "%s%s %d", any++ ? ", " : "", cat_kind_name(k, lang), hand[k]);
}

static void own_cards(const kt_game *g, const cat_state *s, int p, int lang, kt_buf *out)
{
    const cat_cfg *cf = cat_config(g);
    const cat_player *pl = &s->pl[p];
    int de = lang == KT_LANG_DE;
    kt_buf t;
    kt_buf_init_alloc(&t, &g->alloc);
    kt_buf_printf(&t, de ? "Hand von Spieler %d: " : "Hand of player %d: ", p + 1);
    cards_line(pl->hand, cf->ck, lang, &t);
    if (cf->ck && pl->nprog) {
        kt_buf_puts(&t, de ? "; Fortschritt: " : "; progress: ");
        for (int i = 0; i < pl->nprog; i++)
            kt_buf_printf(&t, "%s%s", i ? ", " : "", cat_card_name(pl->prog[i], lang));
    }
    if (!cf->ck)
        for (int d = 0, any = 0; d < CAT_NDEV; d++)
            if (pl->dev[d])
                kt_buf_printf(&t, "%s%s %d", any++ ? ", " : (de ? "; Entwicklung: " : "; development: "),
                              de ? cat_devcards[d].de : cat_devcards[d].en, pl->dev[d]);
    wrap(out, t.p ? t.p : "", 118);
    kt_buf_free(&t);
}

/* Write `text` wrapped at `width` display columns, continuation lines
 * indented by two spaces (text is one paragraph, words split at spaces). */
static void wrap(kt_buf *out, const char *text, size_t width)
{
    size_t col = 0;
    const char *p = text;
    while (*p) {
        const char *e = p;
        while (*e && *e != ' ')
            e++;
        char word[256];
        size_t n = (size_t)(e - p) < sizeof word - 1 ? (size_t)(e - p) : sizeof word - 1;
        memcpy(word, p, n);
        word[n] = '\0';
        size_t w = kt_utf8_width(word);
        if (col && col + 1 + w > width) {
            kt_buf_puts(out, "\n  ");
            col = 2;
        } else if (col) {
            kt_buf_putc(out, ' ');
            col++;
        }
        kt_buf_puts(out, word);
        col += w;
        p = *e ? e + 1 : e;
    }
    kt_buf_putc(out, '\n');
}

static void legend(const kt_game *g, int lang, kt_buf *out)
{
    int ck = cat_config(g)->ck;
    kt_buf t;
    kt_buf_init_alloc(&t, &g->alloc);
    if (lang == KT_LANG_DE) {
        kt_buf_puts(&t, ck ? "Legende: 1S Siedlung, 1C Stadt, 1s Stadt auf der Seite, 1W Stadt mit Mauer, "
                             "1M Metropole, 1k2/1K2 Ritter inaktiv/aktiv der Stärke 2 (erste Ziffer = "
                             "Spieler); Ziffer auf einer Kante = Straße des Spielers; R Räuber, $ Händler; "
                             "6 und 8 fallen am häufigsten. > du, * am Zug, Str. längste eigene Straße, "
                             "LR längste Handelsstraße; H/P/W Ausbaustufen; Fort = Fortschrittskarten "
                             "Handel/Politik/Wissenschaft; Vert Verteidiger."
                           : "Legende: 1S Siedlung, 1C Stadt (erste Ziffer = Spieler); Ziffer auf einer "
                             "Kante = Straße des Spielers; R Räuber; 6 und 8 fallen am häufigsten. > du, "
                             "* am Zug, Str. längste eigene Straße, LR längste Handelsstraße, GR größte "
                             "Rittermacht.");
    } else {
        kt_buf_puts(&t, ck ? "Legend: 1S settlement, 1C city, 1s city on its side, 1W walled city, "
                             "1M metropolis, 1k2/1K2 knight inactive/active of strength 2 (first digit = "
                             "player); a digit on an edge = that player's road; R robber, $ merchant; 6 "
                             "and 8 come up most. > you, * turn, road = longest own road, LR Longest Road; "
                             "T/P/S improvement levels; prog = progress cards trade/politics/science; def "
                             "Defender."
                           : "Legend: 1S settlement, 1C city (first digit = player); a digit on an edge = "
                             "that player's road; R robber; 6 and 8 come up most. > you, * turn, road = "
                             "longest own road, LR Longest Road, LA Largest Army.");
    }
    wrap(out, t.p ? t.p : "", 118);
    kt_buf_free(&t);
}

static void lines_below(const kt_game *g, const cat_state *s, int viewer, int lang, kt_buf *out)
{
    const cat_cfg *cf = cat_config(g);
    int de = lang == KT_LANG_DE;
    kt_buf_puts(out, "Bank: ");
    cards_line(s->bank, cf->ck, lang, out);
    kt_buf_putc(out, '\n');
    for (int p = 0; p < cat_np(g); p++)
        if (p == viewer || viewer == KT_OMNISCIENT)
            own_cards(g, s, p, lang, out);
    if (s->tr_state) {
        kt_buf_puts(out, de ? "Handelsangebot: gibt " : "Trade offer: gives ");
        for (int k = 0, any = 0; k < CAT_NKIND; k++)
            if (s->tr_give[k])
                kt_buf_printf(out, "%s%d %s", any++ ? ", " : "", s->tr_give[k], cat_kind_name(k, lang));
        kt_buf_puts(out, de ? "; verlangt " : "; wants ");
        for (int k = 0, any = 0; k < CAT_NKIND; k++)
            if (s->tr_get[k])
                kt_buf_printf(out, "%s%d %s", any++ ? ", " : "", s->tr_get[k], cat_kind_name(k, lang));
        kt_buf_putc(out, '\n');
    }
    if (s->nstack && s->h.status == KT_RUNNING && viewer >= 0) {
        const cat_frame *f = cat_ctop(s);
        if (f->kind == F_MM_PICK && f->player == viewer && f->a < cat_np(g)) {
            kt_buf_printf(out, de ? "Hand von Spieler %d: " : "Hand of player %d: ", f->a + 1);
            cards_line(s->pl[f->a].hand, cf->ck, lang, out);
            kt_buf_putc(out, '\n');
        }
        if (f->kind == F_SPY_PICK && f->player == viewer && f->a < cat_np(g)) {
            kt_buf_printf(out, de ? "Fortschrittskarten von Spieler %d: " : "Progress cards of player %d: ",
                          f->a + 1);
            for (int i = 0; i < s->pl[f->a].nprog; i++)
                kt_buf_printf(out, "%s%s", i ? ", " : "", cat_card_name(s->pl[f->a].prog[i], lang));
            kt_buf_putc(out, '\n');
        }
    }
    legend(g, lang, out);
    if (s->h.status == KT_FINISHED && s->winner >= 0)
        kt_buf_printf(out, de ? "Spieler %d gewinnt mit %d Siegpunkten.\n" : "Player %d wins with %d victory points.\n",
                      s->winner + 1, cat_vp_total(g, s, s->winner));
}

void cat_render(const kt_game *g, const kt_state *ks, int viewer, int lang, kt_buf *out)
{
    const cat_state *s = (const cat_state *)ks;
    grid gr;
    for (int r = 0; r < GH; r++) {
        memset(gr.c[r], ' ', GW);
        gr.c[r][GW] = '\0';
        memset(gr.who[r], -1, GW);
    }
    draw_edges(s, &gr);
    draw_hexes(s, lang, &gr);
    draw_vertices(s, &gr);
    draw_ports(s, lang, &gr);
    panel pn;
    pn.n = 0;
    for (int i = 0; i < GH; i++) {
        kt_buf_init_alloc(&pn.line[i], &g->alloc);
        pn.line[i].color = out->color;
    }
    panel_header(g, s, lang, &pn);
    for (int p = 0; p < cat_np(g); p++)
        panel_player(g, s, p, viewer, lang, &pn);
    for (int r = 0; r < GH; r++) {
        put_row(&gr, r, out);
        if (r < pn.n && pn.line[r].p) {
            kt_buf_pad_to(out, PANEL);
            kt_buf_puts(out, pn.line[r].p);
        }
        kt_buf_putc(out, '\n');
    }
    for (int i = 0; i < GH; i++)
        kt_buf_free(&pn.line[i]);
    lines_below(g, s, viewer, lang, out);
}
