/*
 * svg.c - SVG chart panels (see svg.h).  Plain SVG 1.1 with inline
 * attributes, no scripts or external fonts, so files open in any browser
 * and convert with rsvg-convert or Inkscape.
 */
#include "svg.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define FONT "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\""
#define INK "#222222"
#define GRID "#dddddd"
#define MUTED "#666666"

static const char *const palette[] = {"#4c78a8", "#f58518", "#54a24b", "#e45756",
                                      "#72b7b2", "#b279a2", "#eeca3b", "#9d755d"};

const char *svg_color(int i) { return palette[(unsigned)i % 8u]; }

static void esc(kt_buf *b, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': kt_buf_puts(b, "&amp;"); break;
        case '<': kt_buf_puts(b, "&lt;"); break;
        case '>': kt_buf_puts(b, "&gt;"); break;
        case '"': kt_buf_puts(b, "&quot;"); break;
        default: kt_buf_putc(b, *s);
        }
    }
}

void svg_begin(kt_buf *b, double w, double h, const char *title)
{
    kt_buf_printf(b,
                  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                  "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
                  "viewBox=\"0 0 %.0f %.0f\">\n<title>",
                  w, h, w, h);
    esc(b, title);
    kt_buf_puts(b, "</title>\n");
    svg_rect(b, 0, 0, w, h, "#ffffff", NULL);
}

void svg_end(kt_buf *b) { kt_buf_puts(b, "</svg>\n"); }

void svg_text(kt_buf *b, double x, double y, const char *anchor, double size, int bold,
              const char *fill, const char *text)
{
    kt_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%.1f\" %s%s "
                  "fill=\"%s\">",
                  x, y, anchor, size, FONT, bold ? " font-weight=\"bold\"" : "", fill);
    esc(b, text);
    kt_buf_puts(b, "</text>\n");
}

void svg_rect(kt_buf *b, double x, double y, double w, double h, const char *fill,
              const char *stroke)
{
    kt_buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"", x,
                  y, w < 0 ? 0 : w, h < 0 ? 0 : h, fill);
    if (stroke)
        kt_buf_printf(b, " stroke=\"%s\"", stroke);
    kt_buf_puts(b, "/>\n");
}

void svg_line(kt_buf *b, double x1, double y1, double x2, double y2, const char *stroke,
              double width, int dashed)
{
    kt_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                  "stroke-width=\"%.1f\"%s/>\n",
                  x1, y1, x2, y2, stroke, width, dashed ? " stroke-dasharray=\"4 3\"" : "");
}

void svg_polyline(kt_buf *b, const double *x, const double *y, int n, const char *stroke,
                  double width)
{
    int open = 0;
    for (int i = 0; i <= n; i++) {
        int ok = i < n && isfinite(x[i]) && isfinite(y[i]);
        if (ok && !open)
            kt_buf_puts(b, "<polyline points=\"");
        if (ok)
            kt_buf_printf(b, "%s%.1f,%.1f", open ? " " : "", x[i], y[i]);
        if (!ok && open)
            kt_buf_printf(b, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\" "
                             "stroke-linejoin=\"round\"/>\n",
                          stroke, width);
        open = ok;
    }
}

void svg_circle(kt_buf *b, double cx, double cy, double r, const char *fill, const char *stroke)
{
    kt_buf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"", cx, cy, r, fill);
    if (stroke)
        kt_buf_printf(b, " stroke=\"%s\"", stroke);
    kt_buf_puts(b, "/>\n");
}

void svg_diverging(double v, char out[8])
{
    /* red (#d6604d) - white (#f7f7f7) - blue (#4393c3) */
    static const double lo[3] = {214, 96, 77}, mid[3] = {247, 247, 247}, hi[3] = {67, 147, 195};
    if (!(v >= 0))
        v = 0;
    if (v > 1)
        v = 1;
    const double *a = v < 0.5 ? lo : mid, *c = v < 0.5 ? mid : hi;
    double t = v < 0.5 ? v / 0.5 : (v - 0.5) / 0.5;
    int rgb[3];
    for (int i = 0; i < 3; i++)
        rgb[i] = (int)lround(a[i] + (c[i] - a[i]) * t);
    snprintf(out, 8, "#%02x%02x%02x", rgb[0] & 255, rgb[1] & 255, rgb[2] & 255);
}

static void fmt_value(char *t, size_t cap, int style, double v)
{
    if (style == SVG_PERCENT)
        snprintf(t, cap, "%.1f%%", v * 100);
    else if (fabs(v) < 0.5)
        snprintf(t, cap, "0"); /* not "+0" or "-0" */
    else
        snprintf(t, cap, "%+.0f", v);
}

static double label_width(const char *const *labels, int n, double size)
{
    size_t m = 0;
    for (int i = 0; i < n; i++) {
        size_t l = kt_utf8_width(labels[i]);
        m = l > m ? l : m;
    }
    return (double)m * size * 0.6 + 10;
}

/* A round tick step for an axis spanning `span`: 1, 2 or 5 times a power
 * of ten, giving 4 to 10 intervals. */
static double nice_step(double span)
{
    double step = pow(10, floor(log10(span / 4)));
    if (span / step >= 20) /* span / step is in [4, 40) here */
        step *= 5;
    else if (span / step >= 10)
        step *= 2;
    return step;
}

/* Greedy line breaking at spaces for text of `size` in a box `maxw` wide
 * (the same width estimate as the labels: 0.6 em a character).  Draws
 * the lines from baseline y, `lh` apart, when b is not NULL; returns the
 * number of lines either way, so callers can size the document first. */
int svg_paragraph(kt_buf *b, double x, double y, double size, double lh, const char *fill,
                  double maxw, const char *text)
{
    size_t cap = (size_t)(maxw / (size * 0.6));
    if (cap < 8)
        cap = 8;
    int lines = 0;
    const char *p = text;
    char line[1024];
    while (*p) {
        size_t len = strlen(p), cut = len;
        if (kt_utf8_width(p) > cap) {
            /* the last break that keeps the line within cap characters:
             * after a list separator (options are comma lists whose card
             * names have spaces) if one is in the second half, else at a
             * space */
            size_t chars = 0, space = 0, sep = 0;
            for (size_t i = 0; p[i] && chars <= cap; i++) {
                if (((unsigned char)p[i] & 0xC0) != 0x80)
                    chars++;
                if (chars > cap)
                    break;
                if (p[i] == ' ')
                    space = i;
                else if (p[i] == ',' || p[i] == ';')
                    sep = i + 1;
            }
            cut = sep > cap / 2 ? sep : space ? space : len; /* one long word: whole */
        }
        if (cut >= sizeof line)
            cut = sizeof line - 1;
        if (b) {
            memcpy(line, p, cut);
            line[cut] = 0;
            svg_text(b, x, y + lh * lines, "start", size, 0, fill, line);
        }
        lines++;
        p += cut;
        while (*p == ' ')
            p++;
    }
    return lines ? lines : 1;
}

/* ------------------------------------------------------------ bars */

double svg_bars_height(const svg_bars *c) { return 40 + 26.0 * c->n + 44; }

void svg_draw_bars(kt_buf *b, double x, double y, double w, const svg_bars *c)
{
    char t[64];
    svg_text(b, x, y + 18, "start", 15, 1, INK, c->title);
    double lw = label_width(c->labels, c->n, 12);
    if (lw > w * 0.45)
        lw = w * 0.45;
    double x0 = x + lw, pw = w - lw - 70, top = y + 34;
    /* round ticks: a step of 1, 2 or 5 times a power of ten giving 4 to 10
     * intervals, and the axis widened to whole steps */
    double span = c->max - c->min > 0 ? c->max - c->min : 1;
    double step = nice_step(span);
    double amin = floor(c->min / step + 1e-9) * step, amax = ceil(c->max / step - 1e-9) * step;
    span = amax - amin > 0 ? amax - amin : 1;
#define XPOS(v) (x0 + ((v) - amin) / span * pw)
    for (double v = amin; v <= amax + step * 1e-6; v += step) {
        double gx = XPOS(v);
        svg_line(b, gx, top - 4, gx, top + 26.0 * c->n, GRID, 1, 0);
        fmt_value(t, sizeof t, c->style, fabs(v) < step * 1e-6 ? 0 : v);
        svg_text(b, gx, top + 26.0 * c->n + 14, "middle", 10, 0, MUTED, t);
    }
    for (int i = 0; i < c->n; i++) {
        double ry = top + 26.0 * i;
        svg_text(b, x0 - 8, ry + 15, "end", 12, 0, INK, c->labels[i]);
        double v0 = amin < 0 && amax > 0 ? 0 : amin;
        double a = XPOS(v0), z = XPOS(c->value[i]);
        svg_rect(b, a < z ? a : z, ry + 4, fabs(z - a), 16, svg_color(i), NULL);
        if (c->lo && c->hi) {
            double l = XPOS(c->lo[i]), h = XPOS(c->hi[i]);
            svg_line(b, l, ry + 12, h, ry + 12, INK, 1.5, 0);
            svg_line(b, l, ry + 7, l, ry + 17, INK, 1.5, 0);
            svg_line(b, h, ry + 7, h, ry + 17, INK, 1.5, 0);
        }
        fmt_value(t, sizeof t, c->style, c->value[i]);
        if (c->value[i] >= v0) {
            double tx = c->hi && c->hi[i] > c->value[i] ? XPOS(c->hi[i]) : z;
            svg_text(b, tx + 6, ry + 16, "start", 11, 0, INK, t);
        } else { /* negative bar: the value goes to its left */
            double tx = c->lo && c->lo[i] < c->value[i] ? XPOS(c->lo[i]) : z;
            svg_text(b, tx - 6, ry + 16, "end", 11, 0, INK, t);
        }
    }
    if (c->ref >= amin && c->ref <= amax) {
        double rx = XPOS(c->ref);
        svg_line(b, rx, top - 4, rx, top + 26.0 * c->n + 16, "#888888", 1.2, 1);
        if (c->ref_label) /* under the axis, clear of the title and the bars */
            svg_text(b, rx, top + 26.0 * c->n + 27, "middle", 10, 0, MUTED, c->ref_label);
    }
#undef XPOS
}

/* ------------------------------------------------------------ matrix */

static double cell_size(const svg_matrix *c, double w)
{
    double lw = label_width(c->labels, c->n, 12);
    double cs = (w - lw - 20) / (c->n ? c->n : 1);
    return cs > 110 ? 110 : cs;
}

double svg_matrix_height(const svg_matrix *c, double w)
{
    return 40 + 60 + cell_size(c, w) * c->n + 30;
}

void svg_draw_matrix(kt_buf *b, double x, double y, double w, const svg_matrix *c)
{
    svg_text(b, x, y + 18, "start", 15, 1, INK, c->title);
    double lw = label_width(c->labels, c->n, 12), cs = cell_size(c, w);
    double x0 = x + lw, y0 = y + 40 + 60;
    if (c->col_caption)
        svg_text(b, x0 + cs * c->n / 2, y + 40, "middle", 11, 0, MUTED, c->col_caption);
    for (int j = 0; j < c->n; j++) {
        /* column labels, rotated so long bot specs fit */
        double cx = x0 + cs * j + cs / 2, cy = y0 - 6;
        kt_buf_printf(b, "<g transform=\"rotate(-30 %.1f %.1f)\">\n", cx, cy);
        svg_text(b, cx, cy, "start", 11, 0, INK, c->labels[j]);
        kt_buf_puts(b, "</g>\n");
    }
    for (int i = 0; i < c->n; i++) {
        svg_text(b, x0 - 8, y0 + cs * i + cs / 2 + 4, "end", 12, 0, INK, c->labels[i]);
        for (int j = 0; j < c->n; j++) {
            double v = c->cell[i * c->n + j], cx = x0 + cs * j, cy = y0 + cs * i;
            char col[8];
            if (isnan(v)) {
                svg_rect(b, cx, cy, cs, cs, "#eeeeee", "#ffffff");
                continue;
            }
            svg_diverging(v, col);
            svg_rect(b, cx, cy, cs, cs, col, "#ffffff");
            const char *txt = c->cell_text ? c->cell_text[i * c->n + j] : NULL;
            if (txt && cs >= 36) {
                /* two lines: value, then the interval */
                const char *nl = strchr(txt, '\n');
                char first[64];
                size_t l = nl ? (size_t)(nl - txt) : strlen(txt);
                if (l >= sizeof first)
                    l = sizeof first - 1;
                memcpy(first, txt, l);
                first[l] = '\0';
                const char *ink = fabs(v - 0.5) > 0.35 ? "#ffffff" : INK;
                svg_text(b, cx + cs / 2, cy + cs / 2 + (nl ? 0 : 4), "middle", cs >= 70 ? 14 : 11,
                         1, ink, first);
                if (nl && cs >= 60)
                    svg_text(b, cx + cs / 2, cy + cs / 2 + 15, "middle", 9.5, 0, ink, nl + 1);
            }
        }
    }
    if (c->row_caption)
        svg_text(b, x, y0 + cs * c->n + 20, "start", 11, 0, MUTED, c->row_caption);
}

/* ------------------------------------------------------------ histogram */

double svg_hist_height(const svg_hist *c)
{
    (void)c;
    return 40 + 180 + 40;
}

/* Count of value first + i in the (padded) display range starting at
 * `from`. */
static uint64_t hist_at(const svg_hist *c, uint32_t from, uint32_t i)
{
    uint32_t v = from + i;
    return v >= c->first && v - c->first < c->n ? c->counts[v - c->first] : 0;
}

void svg_draw_hist(kt_buf *b, double x, double y, double w, const svg_hist *c)
{
    char t[64];
    svg_text(b, x, y + 18, "start", 15, 1, INK, c->title);
    double x0 = x + 50, pw = w - 70, top = y + 36, ph = 180;
    /* show at least 12 values so that a narrow distribution keeps context */
    uint32_t from = c->first, span = c->n;
    if (span < 12) {
        uint32_t pad = (12 - span) / 2;
        from = c->first > pad ? c->first - pad : 0;
        span = 12;
    }
    uint32_t width = 1;
    while (span / width > 40)
        width++;
    uint32_t nb = c->n ? (span + width - 1) / width : 0;
    uint64_t peak = 0;
    for (uint32_t k = 0; k < nb; k++) {
        uint64_t s = 0;
        for (uint32_t i = k * width; i < (k + 1) * width; i++)
            s += hist_at(c, from, i);
        peak = s > peak ? s : peak;
    }
    if (!nb || !peak) {
        svg_text(b, x0, top + 40, "start", 12, 0, MUTED, "no finished games");
        return;
    }
    /* whole-number ticks at a round step; the axis ends on a tick */
    /* the smallest of 1, 2, 5, 10, 20, ... games giving at most 5 intervals */
    double ystep = 1;
    for (int k = 0; (double)peak / ystep > 5; k++)
        ystep *= k % 3 == 1 ? 2.5 : 2;
    double top_v = ceil((double)peak / ystep - 1e-9) * ystep;
    for (double v = 0; v <= top_v + ystep * 1e-6; v += ystep) {
        double gy = top + ph - ph * v / top_v;
        svg_line(b, x0, gy, x0 + pw, gy, GRID, 1, 0);
        snprintf(t, sizeof t, "%.0f", v);
        svg_text(b, x0 - 6, gy + 4, "end", 10, 0, MUTED, t);
    }
    double bw = pw / nb;
    uint32_t step = nb > 20 ? (nb + 9) / 10 : 1;
    for (uint32_t k = 0; k < nb; k++) {
        uint64_t s = 0;
        for (uint32_t i = k * width; i < (k + 1) * width; i++)
            s += hist_at(c, from, i);
        double bh = ph * (double)s / top_v;
        svg_rect(b, x0 + bw * k + 0.5, top + ph - bh, bw - 1, bh, palette[0], NULL);
        if (k % step == 0) {
            uint32_t v = from + k * width;
            if (width > 1)
                snprintf(t, sizeof t, "%u-%u", v, v + width - 1);
            else
                snprintf(t, sizeof t, "%u", v);
            svg_text(b, x0 + bw * k + bw / 2, top + ph + 14, "middle", 10, 0, MUTED, t);
        }
    }
    /* the mean, at its place on the value axis (bin k covers from + k*width ...) */
    double mx = x0 + (c->mean - from + 0.5) / ((double)nb * width) * pw;
    if (mx >= x0 && mx <= x0 + pw) {
        svg_line(b, mx, top - 2, mx, top + ph, palette[3], 1.5, 1);
        snprintf(t, sizeof t, "mean %.1f", c->mean);
        svg_text(b, mx, top - 5, "middle", 11, 0, palette[3], t);
    }
    svg_text(b, x0 + pw / 2, top + ph + 32, "middle", 11, 0, MUTED, c->xlabel);
}

int svg_write_file(const char *path, const kt_buf *b)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    size_t n = b->p ? b->len : 0;
    int bad = fwrite(b->p ? b->p : "", 1, n, f) != n;
    bad |= fclose(f) != 0;
    return bad ? -1 : 0;
}
