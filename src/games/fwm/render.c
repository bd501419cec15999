/*
 * render.c - the terminal view of Fugger, Welser, Medici (120 columns, at
 * most 30 lines): a header, the calendar strip with the dates of the open
 * deals, the map (drawn from the data at setup, with the merchants on
 * roads and at sea) beside the list of open deals and events, one line
 * per player (money, warehouse, merchants and their goods, nobility), and
 * a legend.
 *
 * What the viewer may not see stays out: other players' bids show only
 * whether they are handed in; the draw deck and reserve only their sizes.
 */
#include <stdio.h>
#include <string.h>

#include "rules.h"

#define DE(lang) ((lang) == KT_LANG_DE)
#define TR(lang, en, de) (DE(lang) ? (de) : (en))
#define MAPW 64

static const char *const pcolor[FWM_MAXP] = {"1;31", "1;34", "1;32", "1;33", "1;35", "1;36"};

static void goods_short(kt_buf *out, const uint8_t *g, int lang)
{
    static const char en[FWM_NG] = {'c', 's', 'm'}, de[FWM_NG] = {'T', 'G', 'M'};
    int any = 0;
    for (int i = 0; i < FWM_NG; i++)
        if (g[i]) {
            kt_buf_printf(out, "%d%c", g[i], DE(lang) ? de[i] : en[i]);
            any = 1;
        }
    if (!any)
        kt_buf_puts(out, "-");
}

/* Which players have merchants on each space (bit sets). */
static void occupancy(const kt_game *g, const fwm_state *s, uint8_t *occ)
{
    memset(occ, 0, FWM_MAXSP);
    for (int p = 0; p < g->nplayers; p++)
        for (int k = 0; k < FWM_NM; k++)
            if (s->pl[p].m[k].pos < FWM_LOST)
                occ[s->pl[p].m[k].pos] |= (uint8_t)(1u << p);
}

static void header(const kt_game *g, const fwm_state *s, int lang, kt_buf *out)
{
    const fwm_cfg *c = fwm_config(g);
    static const char *const en[MODE_N] = {"trading-house game", "nobility game", "manor game",
                                           "full game"};
    static const char *const de[MODE_N] = {"Handelshaus-Spiel", "Adelsspiel", "Landgut-Spiel",
                                           "Vollspiel"};
    int cal = fwm_cal_at(c, s->round), year = (c->cal_start + s->round) / c->ncal + 1;
    int res = 0;
    for (int i = 0; i < c->ncard; i++)
        res += s->where[i] == W_RESERVE;
    kt_buf_sgr(out, "1");
    kt_buf_printf(out, "Fugger, Welser, Medici");
    kt_buf_sgr(out, "0");
    /* the start player is starred in the player lines */
    kt_buf_printf(out, ": %s, %s %d, %s, %s %d%s, %s %d", DE(lang) ? de[c->mode] : en[c->mode],
                  TR(lang, "round", "Runde"), s->round + 1, DE(lang) ? c->cal[cal].de : c->cal[cal].en,
                  TR(lang, "year", "Jahr"), year,
                  c->cal[cal].winter ? TR(lang, " (winter: no sea)", " (Winter: keine See)") : "",
                  TR(lang, "deck", "Stapel"), s->ndeck);
    if (c->mode != MODE_TRADING)
        kt_buf_printf(out, ", %s %d", TR(lang, "reserve", "Vorrat"), res);
    kt_buf_putc(out, '\n');
}

static void calendar(const kt_game *g, const fwm_state *s, int lang, kt_buf *out)
{
    const fwm_cfg *c = fwm_config(g);
    kt_buf line2;
    kt_buf_init_alloc(&line2, &g->alloc);
    for (int k = 0; k < c->ncal; k++) {
        int r = s->round + k, cal = fwm_cal_at(c, r);
        if (k == 0)
            kt_buf_sgr(out, "7");
        kt_buf_printf(out, "%s", DE(lang) ? c->cal[cal].sde : c->cal[cal].sen);
        if (k == 0)
            kt_buf_sgr(out, "0");
        kt_buf_putc(out, ' ');
        char marks[8] = "";
        size_t m = 0;
        for (int i = 0; i < s->nopen && m + 2 < sizeof marks; i++)
            if (s->open[i].due == r || (k == 0 && s->open[i].due < r))
                marks[m++] = (char)(i < 9 ? '1' + i : 'a' + i - 9);
        if (cal == c->cal_fair && s->fair != FWM_NONE && m + 1 < sizeof marks)
            marks[m++] = 'F';
        if (cal == c->cal_payday && m + 1 < sizeof marks)
            marks[m++] = '$';
        marks[m] = '\0';
        kt_buf_printf(&line2, "%-4.4s", marks);
    }
    kt_buf_putc(out, '\n');
    if (line2.p)
        kt_buf_puts(out, line2.p);
    kt_buf_putc(out, '\n');
    kt_buf_free(&line2);
}

/* A deal in one short line: "N24 FLO! 2m<=1540 2s<=1160". */
static void deal_short(const fwm_cfg *c, int card, int lang, kt_buf *out)
{
    static const char en[FWM_NG] = {'c', 's', 'm'}, de[FWM_NG] = {'T', 'G', 'M'};
    const fwm_card *cd = &c->card[card];
    kt_buf_printf(out, "%s %s%s", cd->id, c->sp[cd->town].code, cd->urgent ? "!" : "");
    if (cd->type == CT_MANOR) {
        kt_buf_printf(out, " >=%d %s %d", cd->min, TR(lang, "rent", "Pacht"), cd->rent);
        return;
    }
    int first = cd->type == CT_FAIR ? 0 : 0, n = cd->nlines + (cd->type == CT_FAIR ? cd->nlines2 : 0);
    for (int i = first; i < n; i++) {
        const fwm_line *l = &cd->line[i];
        int demand = cd->type == CT_DEMAND || cd->type == CT_NOBLE || (cd->type == CT_FAIR && i < cd->nlines);
        if (cd->type == CT_FAIR && i == cd->nlines)
            kt_buf_puts(out, " |");
        kt_buf_printf(out, " %d%c%s%d", l->qty, DE(lang) ? de[l->good] : en[l->good], demand ? "<=" : ">=",
                      l->bound);
    }
}

/* The right column: open deals, the fair, events on display. */
static int side_lines(const kt_game *g, const fwm_state *s, int viewer, int lang, kt_buf *side,
                      size_t *starts, int max)
{
    const fwm_cfg *c = fwm_config(g);
    int n = 0;
#define NEWLINE() \
    do { \
        if (n < max) \
            starts[n++] = side->len; \
    } while (0)
    NEWLINE();
    kt_buf_puts(side, TR(lang, "Deals: N demand A supply D noble H manor !urgent",
                         "Geschäfte: N Nachfrage A Angebot D Adel H Gut !eilig"));
    for (int i = 0; i < s->nopen; i++) {
        NEWLINE();
        int card = s->open[i].card, cal = fwm_cal_at(c, s->open[i].due);
        kt_buf_printf(side, "%c %s ", i < 9 ? '1' + i : 'a' + i - 9,
                      DE(lang) ? c->cal[cal].sde : c->cal[cal].sen);
        deal_short(c, card, lang, side);
    }
    if (s->fair != FWM_NONE) {
        NEWLINE();
        kt_buf_printf(side, "F %s ", DE(lang) ? c->cal[c->cal_fair].sde : c->cal[c->cal_fair].sen);
        deal_short(c, s->fair, lang, side);
    }
    int any = 0;
    for (int i = 0; i < c->ncard; i++) {
        const fwm_card *cd = &c->card[i];
        if (s->where[i] != W_OPEN || cd->type != CT_EVENT || cd->event == EV_AMERICA)
            continue;
        if (!any++) {
            NEWLINE();
            kt_buf_puts(side, TR(lang, "On display:", "Ausliegend:"));
        }
        NEWLINE();
        kt_buf t;
        kt_buf_init_alloc(&t, &g->alloc);
        fwm_card_title(c, i, lang, &t);
        kt_buf_printf(side, "  %.50s", t.p ? t.p : "");
        kt_buf_free(&t);
    }
    if (s->boom) {
        NEWLINE();
        kt_buf_puts(side, TR(lang, "  boom: 5 deals open", "  Hochkonjunktur: 5 Geschäfte"));
    }
    if (s->stage == FS_BID && s->h.status == KT_RUNNING) {
        const fwm_auc *u = &s->auc;
        NEWLINE();
        kt_buf_puts(side, TR(lang, "Sealed bids:", "Verdeckte Gebote:"));
        int k = 0;
        for (int p = 0; p < g->nplayers; p++) {
            if (!(((unsigned)u->ent >> p) & 1u))
                continue;
            if (k++ == 3) { /* six bids do not fit beside the map */
                NEWLINE();
                kt_buf_puts(side, "            ");
            }
            kt_buf_printf(side, " %d:", p + 1);
            const fwm_player *pl = &s->pl[p];
            if ((viewer == p || viewer == KT_OMNISCIENT) && pl->bstage == 4)
                kt_buf_printf(side, "%dx%d", pl->bqty, (int)pl->bprice);
            else
                kt_buf_puts(side, (u->done >> p) & 1u ? TR(lang, "in", "ab") : "...");
        }
    }
#undef NEWLINE
    return n;
}

static void map_and_side(const kt_game *g, const fwm_state *s, int viewer, int lang, kt_buf *out)
{
    const fwm_cfg *c = fwm_config(g);
    uint8_t occ[FWM_MAXSP];
    occupancy(g, s, occ);
    kt_buf side;
    kt_buf_init_alloc(&side, &g->alloc);
    size_t starts[40];
    int ns = side_lines(g, s, viewer, lang, &side, starts, 40);
    int rows = c->arth > ns ? c->arth : ns;
    for (int y = 0; y < rows; y++) {
        size_t line0 = out->len;
        if (y < c->arth) {
            const char *row = c->art[y];
            for (int x = 0; row[x]; x++) {
                int sp = -1;
                for (int i = 0; i < c->nsp && sp < 0; i++)
                    if (c->sp[i].y == y && c->sp[i].x == x && c->sp[i].kind != SK_TOWN && occ[i])
                        sp = i;
                if (sp < 0) {
                    kt_buf_putc(out, row[x]);
                    continue;
                }
                int who = occ[sp], p = 0;
                while (!((who >> p) & 1))
                    p++;
                int several = (who & (who - 1)) != 0;
                kt_buf_sgr(out, several ? "1" : pcolor[p]);
                kt_buf_putc(out, several ? '*' : (char)('1' + p));
                kt_buf_sgr(out, "0");
            }
        }
        (void)line0;
        if (y < ns) {
            kt_buf_pad_to(out, MAPW + 1);
            size_t a = starts[y], b = y + 1 < ns ? starts[y + 1] : side.len;
            kt_buf_put(out, side.p + a, b - a);
        }
        kt_buf_putc(out, '\n');
    }
    kt_buf_free(&side);
}

static void players(const kt_game *g, const fwm_state *s, int lang, kt_buf *out)
{
    const fwm_cfg *c = fwm_config(g);
    for (int p = 0; p < g->nplayers; p++) {
        const fwm_player *pl = &s->pl[p];
        kt_buf_sgr(out, pcolor[p]);
        kt_buf_printf(out, "%c%d", s->h.to_move == p ? '>' : ' ', p + 1);
        kt_buf_sgr(out, "0");
        kt_buf_printf(out, "%c %-3s %6d FL %s ", s->start == p ? '*' : ' ',
                      pl->home == FWM_NONE ? "---" : c->sp[pl->home].code, (int)pl->money,
                      TR(lang, "wh", "La"));
        goods_short(out, pl->ware, lang);
        for (int k = 0; k < FWM_NM; k++) {
            const fwm_merch *m = &pl->m[k];
            kt_buf_printf(out, "  %c:", 'A' + k);
            if (m->pos == FWM_OFF)
                kt_buf_puts(out, TR(lang, "off", "frei"));
            else if (m->pos == FWM_LOST)
                kt_buf_puts(out, TR(lang, "lost", "verloren"));
            else {
                kt_buf_printf(out, "%s ", c->sp[m->pos].code);
                goods_short(out, m->cargo, lang);
            }
        }
        if (c->mode != MODE_TRADING) {
            kt_buf_printf(out, "  %s %d/%d%s", TR(lang, "nob", "Adel"), pl->track, c->track_end,
                          pl->noble ? "!" : "");
            if (pl->ious)
                kt_buf_printf(out, " IOU %d", pl->ious);
            if (pl->cubes) {
                kt_buf_puts(out, " ");
                int first = 1;
                for (int a = 0; a < c->narea; a++)
                    if (((unsigned)pl->cubes >> a) & 1u) {
                        kt_buf_printf(out, "%s%.3s", first ? "" : ",", c->area[a].key);
                        first = 0;
                    }
            }
            if (pl->manors)
                kt_buf_printf(out, " %s %d", TR(lang, "manor", "Gut"), pl->manors);
        }
        if (s->sheep == p)
            kt_buf_puts(out, TR(lang, " sheep", " Schaf"));
        if (s->corrupt == p)
            kt_buf_puts(out, TR(lang, " tax-free", " steuerfrei"));
        if (s->trick == p)
            kt_buf_puts(out, TR(lang, " trick", " Trick"));
        kt_buf_putc(out, '\n');
    }
}

void fwm_render(const kt_game *g, const kt_state *st, int viewer, int lang, kt_buf *out)
{
    const fwm_state *s = (const fwm_state *)st;
    header(g, s, lang, out);
    calendar(g, s, lang, out);
    map_and_side(g, s, viewer, lang, out);
    players(g, s, lang, out);
    kt_buf_puts(out, TR(lang,
                        "o road  = bridge (toll)  ~ sea  1-6 merchants of a player, * several; "
                        "goods c cloth s spice m metal; * start player",
                        "o Weg  = Brücke (Zoll)  ~ See  1-6 Händler eines Spielers, * mehrere; "
                        "Waren T Tuch G Gewürz M Metall; * Startspieler"));
    kt_buf_putc(out, '\n');
}
