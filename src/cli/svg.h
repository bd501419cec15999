/*
 * svg.h - hand-written SVG charts for `kontor sim` and `kontor tournament`.
 *
 * A chart document is a column of panels drawn into one kt_buf.  Each panel
 * function draws inside the box (x, y, w, h) it is given, in user units
 * (1 unit = 1 px at 100%), and takes plain arrays owned by the caller.
 * Text is escaped here; colours come from one small palette so that all
 * charts look alike.
 */
#ifndef KT_CLI_SVG_H
#define KT_CLI_SVG_H

#include <stdint.h>

#include "util/buf.h"

void svg_begin(kt_buf *b, double w, double h, const char *title);
void svg_end(kt_buf *b);
/* Text; anchor is "start", "middle" or "end"; bold 0/1. */
void svg_text(kt_buf *b, double x, double y, const char *anchor, double size, int bold,
              const char *fill, const char *text);
void svg_rect(kt_buf *b, double x, double y, double w, double h, const char *fill,
              const char *stroke);
/* Text wrapped at spaces to lines at most maxw wide, lh apart from
 * baseline y (b NULL: only count); returns the number of lines. */
int svg_paragraph(kt_buf *b, double x, double y, double size, double lh, const char *fill,
                  double maxw, const char *text);
void svg_line(kt_buf *b, double x1, double y1, double x2, double y2, const char *stroke,
              double width, int dashed);
/* A line through the points (x[i], y[i]); a non-finite y breaks it into
 * separate pieces.  A circle, stroke may be NULL. */
void svg_polyline(kt_buf *b, const double *x, const double *y, int n, const char *stroke,
                  double width);
void svg_circle(kt_buf *b, double cx, double cy, double r, const char *fill, const char *stroke);
/* Diverging red-white-blue colour for v in [0,1] (0.5 = white), as
 * "#rrggbb" into out[8]. */
void svg_diverging(double v, char out[8]);
/* Colour i of the categorical palette. */
const char *svg_color(int i);

/* How bar values are printed. */
enum { SVG_PERCENT, /* 0.253 -> "25.3%" */ SVG_SIGNED /* 12.4 -> "+12" */ };

/* Horizontal bars with 95% intervals (lo/hi may be NULL): one row per
 * label on a value axis from min to max, an optional dashed reference line
 * at `ref` (outside [min, max]: none). */
typedef struct svg_bars {
    const char *title;
    int n;
    const char *const *labels;
    const double *value, *lo, *hi;
    double min, max, ref;
    const char *ref_label;
    int style;
} svg_bars;
double svg_bars_height(const svg_bars *c);
void svg_draw_bars(kt_buf *b, double x, double y, double w, const svg_bars *c);

/* Square matrix heat map: cell[i*n+j] in [0,1] (NaN = empty/diagonal),
 * with text in each cell (cell_text[i*n+j], may be NULL). */
typedef struct svg_matrix {
    const char *title, *row_caption, *col_caption;
    int n;
    const char *const *labels;
    const double *cell;
    const char *const *cell_text;
} svg_matrix;
double svg_matrix_height(const svg_matrix *c, double w);
void svg_draw_matrix(kt_buf *b, double x, double y, double w, const svg_matrix *c);

/* Histogram of integer values: counts[k] games of length first + k.
 * Bins are widened automatically to at most ~40 bars; `mean` is marked. */
typedef struct svg_hist {
    const char *title, *xlabel;
    uint32_t first;
    uint32_t n;
    const uint64_t *counts;
    double mean;
} svg_hist;
double svg_hist_height(const svg_hist *c);
void svg_draw_hist(kt_buf *b, double x, double y, double w, const svg_hist *c);

/* Write the buffer to `path`; returns 0 on success (errno set otherwise). */
int svg_write_file(const char *path, const kt_buf *b);

#endif
