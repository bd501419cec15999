/*
 * render.c - terminal view: an ASCII hex map with coordinates, then the
 * public boards of all players and the viewer's own hand; and the component
 * listing for `kontor games catan`.
 *
 * Map layout: a character grid where vertex (x, y) of data.c sits at column
 * 6 * (x + 5) + 9 and row 2 * (y + 8) + 2, so hex edges fall on whole
 * characters: slanted edges one row and vertical edges three rows long.
 * A vertex shows its number when empty, else player digit + piece:
 *   1S settlement, 1s city laid on its side, 1C city, 1W city with wall,
 *   1M metropolis, 1k2 / 1K2 knight of strength 2 inactive / active.
 * A road shows its owner's digit in the middle of the edge.  Inside a hex:
 * its letter, terrain, number token, and [R] robber / [$] merchant.
 */
#include <stdio.h>
#include <string.h>

#include "catan.h"

#define GW 90
#define GH 38

typedef struct grid {
    char c[GH][GW + 1];
} grid;

static void put(grid *gr, int row, int col, const char *s)
{
    if (row < 0 || row >= GH)
        return;
    for (int i = 0; s[i]; i++)
        if (col + i >= 0 && col + i < GW)
            gr->c[row][col + i] = s[i];
}

static int vcol(int v) { return 6 * (cat_v_xy[v][0] + 5) + 9; }
static int vrow(int v) { return 2 * (cat_v_xy[v][1] + 8) + 2; }

/* ASCII-only terrain words keep the grid aligned */
static const char *const terr_en[T_COUNT] = {"desert", "hills", "forest", "pasture", "fields",
                                             "mountains"};
static const char *const terr_de[T_COUNT] = {"Wueste", "Huegel", "Wald", "Weide", "Acker", "Gebirge"};
static const char *const port_en[6] = {"2:1 brick", "2:1 lumber", "2:1 wool", "2:1 grain", "2:1 ore",
                                       "3:1"};
static const char *const port_de[6] = {"2:1 Lehm", "2:1 Holz", "2:1 Wolle", "2:1 Getr.", "2:1 Erz",
                                       "3:1"};

static void draw_map(const cat_state *s, int lang, kt_buf *out)
{
    grid gr;
    for (int r = 0; r < GH; r++) {
        memset(gr.c[r], ' ', GW);
        gr.c[r][GW] = '\0';
    }
    for (int e = 0; e < CAT_NE; e++) {
        int a = cat_e_v[e][0], b = cat_e_v[e][1];
        int ca = vcol(a), ra = vrow(a), cb = vcol(b), rb = vrow(b);
        char own[2] = {s->e_owner[e] >= 0 ? (char)('1' + s->e_owner[e]) : 0, 0};
        if (ca == cb) {
            for (int r = ra + 1; r < rb; r++)
                put(&gr, r, ca, own[0] ? own : "|");
        } else {
            const char *slash = (cb > ca) == (rb > ra) ? "\\" : "/";
            int mc = (ca + cb) / 2, mr = (ra + rb) / 2;
            if (own[0]) {
                put(&gr, mr, mc - 1, slash);
                put(&gr, mr, mc, own);
                put(&gr, mr, mc + 1, slash);
            } else {
                put(&gr, mr, mc, slash);
            }
        }
    }
    for (int h = 0; h < CAT_NH; h++) {
        int v = cat_hex_v[h][0];
        int c = vcol(v), r = vrow(v) + 2;
        char t[24];
        snprintf(t, sizeof t, "%c", 'A' + h);
        put(&gr, r, c, t);
        const char *name = (lang == KT_LANG_DE ? terr_de : terr_en)[s->terrain[h]];
        put(&gr, r + 1, c - (int)strlen(name) / 2, name);
        if (s->number[h]) {
            int pips = 6 - (s->number[h] > 7 ? s->number[h] - 7 : 7 - s->number[h]);
            char dots[8] = "";
            for (int i = 0; i < pips && i < 5; i++)
                dots[i] = '.';
            snprintf(t, sizeof t, "%d %s", s->number[h], dots);
            put(&gr, r + 2, c - (int)strlen(t) / 2, t);
        }
        char marks[16] = "";
        if (s->robber == h)
            strcat(marks, "[R]");
        if (s->merchant == h)
            strcat(marks, "[$]");
        put(&gr, r + 3, c - (int)strlen(marks) / 2, marks);
    }
    for (int v = 0; v < CAT_NV; v++) {
        char t[40];
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
        put(&gr, vrow(v), vcol(v) - 1, t);
    }
    for (int i = 0; i < CAT_NPORT; i++) {
        int a = cat_port_v[i][0], b = cat_port_v[i][1];
        int mc = (vcol(a) + vcol(b)) / 2, mr = (vrow(a) + vrow(b)) / 2;
        int dc = mc > 39 ? 1 : mc < 39 ? -1 : 0, dr = mr > 18 ? 1 : mr < 18 ? -1 : 0;
        const char *lab = (lang == KT_LANG_DE ? port_de : port_en)[s->port[i]];
        int col = mc + dc * 6 - (int)strlen(lab) / 2;
        if (dc > 0)
            col = mc + 4;
        else if (dc < 0)
            col = mc - 4 - (int)strlen(lab);
        put(&gr, mr + dr * 2, col, lab);
    }
    for (int r = 0; r < GH; r++) {
        int end = GW;
        while (end > 0 && gr.c[r][end - 1] == ' ')
            end--;
        kt_buf_put(out, gr.c[r], (size_t)end);
        kt_buf_putc(out, '\n');
    }
}

static void hand_line(const cat_player *pl, int ck, int lang, kt_buf *out)
{
    for (int k = 0; k < (ck ? CAT_NKIND : CAT_NRES); k++)
        kt_buf_printf(out, "%s%s %d", k ? ", " : "", cat_kind_name(k, lang), pl->hand[k]);
}

void cat_render(const kt_game *g, const kt_state *ks, int viewer, int lang, kt_buf *out)
{
    const cat_state *s = (const cat_state *)ks;
    const cat_cfg *cf = cat_cfg_of(g);
    int de = lang == KT_LANG_DE;
    draw_map(s, lang, out);
    if (s->dice[0])
        kt_buf_printf(out, de ? "Letzter Wurf: rot %d, gelb %d" : "Last roll: red %d, yellow %d",
                      s->dice[0], s->dice[1]);
    if (cf->ck && s->dice[2]) {
        static const char *const ev_en[5] = {"", "ship", "yellow gate", "blue gate", "green gate"};
        static const char *const ev_de[5] = {"", "Schiff", "gelbes Tor", "blaues Tor", "grünes Tor"};
        kt_buf_printf(out, ", %s %s", de ? "Ereignis" : "event", (de ? ev_de : ev_en)[s->dice[2]]);
    }
    if (s->dice[0])
        kt_buf_putc(out, '\n');
    if (cf->ck)
        kt_buf_printf(out,
                      de ? "Barbaren: %d/7, Angriffe bisher %d%s.  Stapel: Handel %d, Politik %d, "
                           "Wissenschaft %d\n"
                         : "Barbarians: %d/7, attacks so far %d%s.  Decks: trade %d, politics %d, "
                           "science %d\n",
                      s->barb, s->attacks,
                      s->attacks ? "" : (de ? " (Räuber noch gesperrt)" : " (robber still locked)"),
                      s->deck_n[0], s->deck_n[1], s->deck_n[2]);
    else
        kt_buf_printf(out, de ? "Entwicklungskarten im Stapel: %d\n" : "Development cards left: %d\n",
                      s->devdeck_n);
    kt_buf_puts(out, de ? "Bank: " : "Bank: ");
    for (int k = 0; k < (cf->ck ? CAT_NKIND : CAT_NRES); k++)
        kt_buf_printf(out, "%s%s %d", k ? ", " : "", cat_kind_name(k, lang), s->bank[k]);
    kt_buf_putc(out, '\n');
    for (int p = 0; p < cat_np(g); p++) {
        const cat_player *pl = &s->pl[p];
        kt_buf_printf(out, "%s %d%s%s: %d %s, %d %s", de ? "Spieler" : "Player", p + 1,
                      p == viewer ? (de ? " (du)" : " (you)") : "",
                      s->h.turn_player == p ? " *" : "", cat_vp_public(g, s, p), de ? "SP" : "VP",
                      pl->ncards, de ? "Karten" : "cards");
        if (s->lr_holder == p)
            kt_buf_puts(out, de ? ", längste Straße" : ", longest road");
        if (s->la_holder == p)
            kt_buf_puts(out, de ? ", größte Rittermacht" : ", largest army");
        if (s->merchant_owner == p && s->merchant >= 0)
            kt_buf_puts(out, de ? ", Händler" : ", merchant");
        kt_buf_printf(out, de ? ", Straße %d" : ", road %d", pl->road_len);
        if (cf->ck) {
            int byc[3] = {0};
            for (int i = 0; i < pl->nprog; i++)
                byc[cat_progress[pl->prog[i]].colour]++;
            kt_buf_printf(out,
                          de ? "\n    Ausbau Handel %d, Politik %d, Wissenschaft %d; Fortschritt "
                               "%d/%d/%d; Verteidiger %d"
                             : "\n    improvements trade %d, politics %d, science %d; progress "
                               "%d/%d/%d; defender %d",
                          pl->impr[0], pl->impr[1], pl->impr[2], byc[0], byc[1], byc[2], pl->defender);
            if (pl->vpcards & 1)
                kt_buf_printf(out, ", %s", cat_card_name(PC_CONSTITUTION, lang));
            if (pl->vpcards & 2)
                kt_buf_printf(out, ", %s", cat_card_name(PC_PRINTER, lang));
        } else {
            int devs = 0;
            for (int d = 0; d < CAT_NDEV; d++)
                devs += pl->dev[d];
            kt_buf_printf(out, de ? ", %d Entwicklungskarten, %d Ritter gespielt"
                                  : ", %d development cards, %d knights played",
                          devs, pl->knights_played);
        }
        kt_buf_putc(out, '\n');
        if (p == viewer || viewer == KT_OMNISCIENT) {
            kt_buf_puts(out, de ? "    Hand: " : "    hand: ");
            hand_line(pl, cf->ck, lang, out);
            if (cf->ck && pl->nprog) {
                kt_buf_puts(out, de ? "\n    Fortschrittskarten: " : "\n    progress cards: ");
                for (int i = 0; i < pl->nprog; i++)
                    kt_buf_printf(out, "%s%s", i ? ", " : "", cat_card_name(pl->prog[i], lang));
            }
            if (!cf->ck) {
                int any = 0;
                for (int d = 0; d < CAT_NDEV; d++)
                    if (pl->dev[d]) {
                        kt_buf_printf(out, "%s%s %d", any ? ", " : (de ? "\n    Entwicklung: "
                                                                      : "\n    development: "),
                                      de ? cat_devcards[d].de : cat_devcards[d].en, pl->dev[d]);
                        any = 1;
                    }
            }
            kt_buf_putc(out, '\n');
        }
    }
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
    if (s->nframes && s->h.status == KT_RUNNING && viewer >= 0) {
        const cat_frame *f = cat_ctop(s);
        if (f->kind == F_MM_PICK && f->player == viewer) {
            kt_buf_printf(out, de ? "Hand von Spieler %d: " : "Hand of player %d: ", f->a + 1);
            hand_line(&s->pl[f->a], cf->ck, lang, out);
            kt_buf_putc(out, '\n');
        }
        if (f->kind == F_SPY_PICK && f->player == viewer) {
            kt_buf_printf(out, de ? "Fortschrittskarten von Spieler %d: " : "Progress cards of player %d: ",
                          f->a + 1);
            for (int i = 0; i < s->pl[f->a].nprog; i++)
                kt_buf_printf(out, "%s%s", i ? ", " : "", cat_card_name(s->pl[f->a].prog[i], lang));
            kt_buf_putc(out, '\n');
        }
    }
    if (s->h.status == KT_FINISHED && s->winner >= 0)
        kt_buf_printf(out, de ? "Spieler %d gewinnt.\n" : "Player %d wins.\n", s->winner + 1);
}

void cat_components(int lang, kt_buf *out)
{
    int de = lang == KT_LANG_DE;
    kt_buf_puts(out, de ? "Landschaften: " : "Terrain: ");
    for (int t = 0; t < T_COUNT; t++)
        kt_buf_printf(out, "%s%s %d", t ? ", " : "", de ? cat_terrain_de[t] : cat_terrain_en[t],
                      cat_terrain_count[t]);
    kt_buf_puts(out, de ? "\nRohstoffe: je 19; Waren (Städte & Ritter): je 12\n"
                        : "\nResources: 19 each; commodities (Cities & Knights): 12 each\n");
    for (int c = 0; c < 3; c++) {
        kt_buf_printf(out, "%s:", de ? cat_track_de[c] : cat_track_en[c]);
        for (int i = 0; i < CAT_NPROG; i++)
            if (cat_progress[i].colour == c)
                kt_buf_printf(out, " %s x%d;", cat_card_name(i, lang), cat_progress[i].count);
        kt_buf_putc(out, '\n');
    }
    kt_buf_puts(out, de ? "Entwicklungskarten (Basisspiel):" : "Development cards (base game):");
    for (int d = 0; d < CAT_NDEV; d++)
        kt_buf_printf(out, " %s x%d;", de ? cat_devcards[d].de : cat_devcards[d].en,
                      cat_devcards[d].count);
    kt_buf_puts(out, de ? "\nJe Spieler: 5 Siedlungen, 4 Städte, 15 Straßen, 3 Stadtmauern, 6 Ritter\n"
                        : "\nPer player: 5 settlements, 4 cities, 15 roads, 3 city walls, 6 knights\n");
}
