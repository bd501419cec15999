/*
 * analyze_svg.c - the chart of `kontor analyze --svg FILE`: the analysed
 * player's win chance over the game, lichess-style.  x is the action number
 * in the record (ticks labelled with the game's rounds or turns), y the win
 * chance from 0 to 100%.  Two lines: after the action played (solid) and
 * after the action the search preferred (thin, grey; the gap between them
 * is what a decision cost); a dashed line at the fair share (1 / players);
 * coloured dots on inaccuracies, mistakes and blunders, numbered like the
 * text report's list of the costliest decisions; a square at the end for
 * the result.  Everything is drawn from the analysis and the record (public
 * API) with the panel helpers of svg.c.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "svg.h"

#define W 900.0
#define H 440.0
#define PX 64.0  /* plot box */
#define PY 78.0
#define PW (W - PX - 30)
#define PH 260.0

static const char *const sev_color[4] = {"#4c78a8", "#eeca3b", "#f58518", "#d62728"};

typedef struct chart {
    kt_buf *b;
    double xmax; /* last action number */
} chart;

static double cx(const chart *c, double action) { return PX + action / c->xmax * PW; }
static double cy(double v) { return PY + (1 - v) * PH; }

static void axes(const chart *c, const kt_game *g, const kt_analysis *a, int lang)
{
    char t[64];
    for (int k = 0; k <= 4; k++) {
        double v = k / 4.0;
        svg_line(c->b, PX, cy(v), PX + PW, cy(v), "#dddddd", 1, 0);
        snprintf(t, sizeof t, "%d%%", k * 25);
        svg_text(c->b, PX - 6, cy(v) + 4, "end", 11, 0, "#666666", t);
    }
    double fair = 1.0 / kt_game_players(g);
    svg_line(c->b, PX, cy(fair), PX + PW, cy(fair), "#888888", 1, 1);
    snprintf(t, sizeof t, lang == KT_LANG_DE ? "fairer Anteil %.0f%%" : "fair share %.0f%%",
             100 * fair);
    svg_text(c->b, PX + PW - 4, cy(fair) - 4, "end", 10, 0, "#666666", t);
    /* ticks where the turn number changes, at least 45 px apart */
    double last = -1e9;
    uint32_t prev = 0;
    for (int i = 0; i < kt_analysis_count(a); i++) {
        const kt_analysis_move *m = kt_analysis_move_at(a, i);
        double x = cx(c, m->index);
        if ((i && m->turn == prev) || x - last < 45)
            continue;
        prev = m->turn;
        last = x;
        svg_line(c->b, x, PY + PH, x, PY + PH + 4, "#666666", 1, 0);
        snprintf(t, sizeof t, "%u", m->turn);
        svg_text(c->b, x, PY + PH + 16, "middle", 10, 0, "#666666", t);
    }
    svg_line(c->b, PX, PY + PH, PX + PW, PY + PH, "#222222", 1, 0);
    svg_text(c->b, PX + PW / 2, PY + PH + 32, "middle", 11, 0, "#222222",
             lang == KT_LANG_DE ? "Zug (wie in kontor replay --log)"
                                : "turn (as in kontor replay --log)");
}

/* The two lines and the marks; the list's numbers on the marks. */
static int lines_and_marks(const chart *c, const kt_analysis *a)
{
    int n = kt_analysis_count(a);
    double *x = malloc(sizeof *x * (size_t)(n + 1)), *yp = malloc(sizeof *yp * (size_t)(n + 1)),
           *yb = malloc(sizeof *yb * (size_t)(n + 1));
    if (!x || !yp || !yb) {
        free(x), free(yp), free(yb);
        return 0;
    }
    for (int i = 0; i < n; i++) {
        const kt_analysis_move *m = kt_analysis_move_at(a, i);
        x[i] = cx(c, m->index);
        yp[i] = m->done ? cy(m->win_played) : NAN;
        yb[i] = m->done ? cy(m->win_best) : NAN;
    }
    svg_polyline(c->b, x, yb, n, "#b0b0b0", 1.2);
    svg_polyline(c->b, x, yp, n, sev_color[0], 2.2);
    char t[16];
    for (int k = 0, shown = 0;; k++) {
        int i = kt_analysis_ranked(a, k);
        if (i < 0)
            break;
        const kt_analysis_move *m = kt_analysis_move_at(a, i);
        if (!m->severity)
            continue;
        svg_line(c->b, x[i], cy(m->win_best), x[i], yp[i], sev_color[m->severity], 1.5, 0);
        svg_circle(c->b, x[i], yp[i], 5, sev_color[m->severity], "#ffffff");
        snprintf(t, sizeof t, "%d", k + 1);
        if (shown++ < 12) /* the first of the text report's list */
            svg_text(c->b, x[i], yp[i] + 17, "middle", 10, 1, "#222222", t);
    }
    free(x), free(yp), free(yb);
    return 1;
}

static void result_mark(const chart *c, const kt_game *g, const kt_record *r, int seat)
{
    kt_state *s = kt_state_new(g);
    if (s && kt_record_replay(r, g, -1, s, NULL) == KT_OK && kt_is_over(g, s)) {
        kt_result res;
        kt_result_get(g, s, &res);
        double x = cx(c, kt_record_length(r)), y = cy(res.reward[seat]);
        svg_rect(c->b, x - 5, y - 5, 10, 10, "#222222", NULL);
    }
    kt_state_free(g, s);
}

static void legend(const chart *c, int lang)
{
    static const char *const en[] = {"after the action played", "after the preferred action",
                                     "inaccuracy", "mistake", "blunder", "result"};
    static const char *const de[] = {"nach der gespielten Aktion", "nach der bevorzugten Aktion",
                                     "Ungenauigkeit", "Fehler", "grober Fehler", "Ergebnis"};
    const char *const *L = lang == KT_LANG_DE ? de : en;
    double y = PY + PH + 56, x = PX;
    svg_line(c->b, x, y - 4, x + 24, y - 4, sev_color[0], 2.2, 0);
    svg_text(c->b, x + 30, y, "start", 11, 0, "#222222", L[0]);
    x += 210;
    svg_line(c->b, x, y - 4, x + 24, y - 4, "#b0b0b0", 1.2, 0);
    svg_text(c->b, x + 30, y, "start", 11, 0, "#222222", L[1]);
    x += 220;
    for (int sv = 1; sv <= 3; sv++) {
        svg_circle(c->b, x + 5, y - 4, 5, sev_color[sv], NULL);
        svg_text(c->b, x + 14, y, "start", 11, 0, "#222222", L[1 + sv]);
        x += 34 + 6.6 * (double)strlen(L[1 + sv]); /* about the text's width */
    }
    svg_rect(c->b, x, y - 9, 10, 10, "#222222", NULL);
    svg_text(c->b, x + 14, y, "start", 11, 0, "#222222", L[5]);
}

static void titles(const chart *c, const kt_game *g, const kt_record *r, const kt_analysis *a,
                   int lang)
{
    int seat = kt_analysis_seat(a), cnt[4] = {0, 0, 0, 0};
    for (int i = 0; i < kt_analysis_count(a); i++) {
        const kt_analysis_move *m = kt_analysis_move_at(a, i);
        cnt[m->done ? m->severity : 0]++;
    }
    const char *lab = kt_record_seat(r, seat);
    char t[512];
    snprintf(t, sizeof t, lang == KT_LANG_DE ? "Siegchance von Spieler %d (%s)"
                                             : "Win chance of player %d (%s)",
             seat + 1, lab && *lab ? lab : "?");
    svg_text(c->b, PX, 26, "start", 16, 1, "#222222", t);
    snprintf(t, sizeof t,
             lang == KT_LANG_DE ? "%s, %d Spieler, Seed %llu; grobe Fehler %d, Fehler %d, "
                                  "Ungenauigkeiten %d in %d Entscheidungen"
                                : "%s, %d players, seed %llu; blunders %d, mistakes %d, "
                                  "inaccuracies %d in %d decisions",
             kt_game_title(kt_game_name(g), lang), kt_game_players(g),
             (unsigned long long)kt_game_seed(g), cnt[3], cnt[2], cnt[1],
             kt_analysis_count(a));
    svg_text(c->b, PX, 46, "start", 12, 0, "#444444", t);
    snprintf(t, sizeof t, "%s", kt_analysis_options_text(a));
    svg_text(c->b, PX, 62, "start", 10, 0, "#888888", t);
}

int cli_analysis_svg(const char *path, const kt_game *g, const kt_record *r,
                     const kt_analysis *a, int lang)
{
    kt_buf b;
    kt_buf_init(&b);
    chart c = {&b, kt_record_length(r) > 0 ? kt_record_length(r) : 1};
    svg_begin(&b, W, H, lang == KT_LANG_DE ? "Siegchance über das Spiel" : "Win chance over the game");
    titles(&c, g, r, a, lang);
    axes(&c, g, a, lang);
    int ok = lines_and_marks(&c, a);
    result_mark(&c, g, r, kt_analysis_seat(a));
    legend(&c, lang);
    svg_end(&b);
    if (!ok || b.oom || svg_write_file(path, &b) != 0) {
        fprintf(stderr, "kontor analyze: cannot write the chart to '%s'\n", path);
        kt_buf_free(&b);
        return 2;
    }
    kt_buf_free(&b);
    return 0;
}
