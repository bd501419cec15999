/*
 * rows.c - per-game rows: formatting, collating the workers' files, and
 * merging the files of shards (see rows.h for the format).
 *
 * A row is one line; its game index is at a fixed place (the first CSV
 * field, or the value of the first key "game" in JSON Lines) and the seed
 * comes second, so collating and checking read only the line's start.
 */
#include "rows.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runner.h"

/* Longest row accepted when merging (a setup of a few hundred characters
 * and labels of bots are far below). */
#define RW_MAX_LINE ((size_t)1 << 20)

static int rw_ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && !strcmp(s + n - m, suffix);
}

int rw_format_of(const char *path)
{
    if (!path)
        return RW_NONE;
    if (rw_ends_with(path, ".csv"))
        return RW_CSV;
    if (rw_ends_with(path, ".jsonl") || rw_ends_with(path, ".ndjson") || rw_ends_with(path, ".json"))
        return RW_JSONL;
    return RW_NONE;
}

int rw_open(rw_out *o, const char *path, kt_err *err)
{
    memset(o, 0, sizeof *o);
    o->path = path;
    o->fmt = rw_format_of(path);
    if (!o->fmt)
        return kt_seterr(err, KT_EINVAL,
                         "--rows %s: name the file .csv (CSV) or .jsonl (JSON Lines)", path),
               -1;
    size_t n = strlen(path) + 6;
    o->part = malloc(n);
    if (!o->part)
        return kt_seterr(err, KT_ENOMEM, "out of memory"), -1;
    snprintf(o->part, n, "%s.part", path);
    o->f = fopen(o->part, "w");
    if (!o->f) {
        kt_seterr(err, KT_EIO, "--rows: cannot write %s: %s", o->part, strerror(errno));
        free(o->part);
        o->part = NULL;
        return -1;
    }
    return 0;
}

int rw_close(rw_out *o, int ok, kt_err *err)
{
    int rc = 0;
    if (o->f && fclose(o->f) != 0 && ok) {
        kt_seterr(err, KT_EIO, "cannot write %s: %s", o->part, strerror(errno));
        ok = 0, rc = -1;
    }
    o->f = NULL;
    if (o->part) {
        if (ok && rename(o->part, o->path) != 0) {
            kt_seterr(err, KT_EIO, "cannot rename %s to %s: %s", o->part, o->path,
                      strerror(errno));
            rc = -1, ok = 0;
        }
        if (!ok)
            remove(o->part);
    }
    free(o->part);
    o->part = NULL;
    return rc;
}

/* ------------------------------------------------------------ formatting */

/* Rows are written with plain stores into a buffer made large enough
 * beforehand (rw_row computes a bound), because a row is written for every
 * game: through kt_buf one character at a time it cost about 14% of a Big
 * Money game. */
static char *put_u64(char *o, uint64_t v)
{
    char t[24];
    int n = 0;
    do
        t[n++] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    while (n)
        *o++ = t[--n];
    return o;
}

static char *put_lit(char *o, const char *s)
{
    size_t n = strlen(s);
    memcpy(o, s, n);
    return o + n;
}

/* Points are whole numbers in every game so far: print them without a
 * fraction, anything else with ten significant digits. */
static char *put_score(char *o, double x)
{
    if (x == floor(x) && fabs(x) < 1e15) {
        if (x < 0)
            *o++ = '-';
        return put_u64(o, (uint64_t)fabs(x));
    }
    return o + snprintf(o, 32, "%.10g", x);
}

/* CSV field body: quotes doubled (at most 2 bytes per byte). */
static char *put_csv(char *o, const char *s)
{
    for (; *s; s++) {
        if (*s == '"')
            *o++ = '"';
        *o++ = *s;
    }
    return o;
}

/* JSON string with its quotes (at most 6 bytes per byte, + 2). */
static char *put_json(char *o, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    *o++ = '"';
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            *o++ = '\\';
            *o++ = (char)c;
        } else if (c < 0x20) {
            o = put_lit(o, "\\u00");
            *o++ = hex[c >> 4];
            *o++ = hex[c & 15];
        } else {
            *o++ = (char)c;
        }
    }
    *o++ = '"';
    return o;
}

void rw_header(kt_buf *b, int fmt, int players)
{
    if (fmt != RW_CSV)
        return;
    kt_buf_puts(b, "game,seed,setup");
    static const char *const cols[] = {"seat", "score", "rank"};
    for (int c = 0; c < 3; c++)
        for (int p = 0; p < players; p++)
            kt_buf_printf(b, ",%s_%d", cols[c], p + 1);
    kt_buf_puts(b, ",winners,turns,actions,finished\n");
}

static char *rw_csv_row(char *o, const rn_exp *e, uint64_t k, const char *setup, int l,
                        const kt_result *res, uint64_t actions)
{
    int np = e->players;
    o = put_u64(o, k);
    *o++ = ',';
    o = put_u64(o, rn_game_seed(e, k));
    o = put_lit(o, ",\"");
    o = put_csv(o, setup);
    *o++ = '"';
    for (int p = 0; p < np; p++) {
        o = put_lit(o, ",\"");
        o = put_csv(o, e->labels[e->lineup[l][p]]);
        *o++ = '"';
    }
    for (int p = 0; p < np; p++) {
        *o++ = ',';
        o = put_score(o, res->score[p]);
    }
    for (int p = 0; p < np; p++) {
        *o++ = ',';
        if (res->finished)
            o = put_u64(o, (uint64_t)res->rank[p] + 1);
    }
    o = put_lit(o, ",\"");
    for (int p = 0, first = 1; res->finished && p < np; p++) {
        if (!((res->winners >> p) & 1u))
            continue;
        if (!first)
            *o++ = ';';
        first = 0;
        o = put_csv(o, e->labels[e->lineup[l][p]]);
    }
    o = put_lit(o, "\",");
    o = put_u64(o, res->turns);
    *o++ = ',';
    o = put_u64(o, actions);
    return put_lit(o, res->finished ? ",1\n" : ",0\n");
}

static char *rw_json_row(char *o, const rn_exp *e, uint64_t k, const char *setup, int l,
                         const kt_result *res, uint64_t actions)
{
    int np = e->players;
    o = put_lit(o, "{\"game\":");
    o = put_u64(o, k);
    o = put_lit(o, ",\"seed\":\"");
    o = put_u64(o, rn_game_seed(e, k));
    o = put_lit(o, "\",\"setup\":");
    o = put_json(o, setup);
    o = put_lit(o, ",\"seats\":[");
    for (int p = 0; p < np; p++) {
        if (p)
            *o++ = ',';
        o = put_json(o, e->labels[e->lineup[l][p]]);
    }
    o = put_lit(o, "],\"scores\":[");
    for (int p = 0; p < np; p++) {
        if (p)
            *o++ = ',';
        o = put_score(o, res->score[p]);
    }
    o = put_lit(o, "],\"ranks\":");
    if (res->finished) {
        *o++ = '[';
        for (int p = 0; p < np; p++) {
            if (p)
                *o++ = ',';
            o = put_u64(o, (uint64_t)res->rank[p] + 1);
        }
        *o++ = ']';
    } else {
        o = put_lit(o, "null");
    }
    o = put_lit(o, ",\"winners\":[");
    for (int p = 0, first = 1; res->finished && p < np; p++) {
        if (!((res->winners >> p) & 1u))
            continue;
        if (!first)
            *o++ = ',';
        first = 0;
        o = put_json(o, e->labels[e->lineup[l][p]]);
    }
    o = put_lit(o, "],\"turns\":");
    o = put_u64(o, res->turns);
    o = put_lit(o, ",\"actions\":");
    o = put_u64(o, actions);
    return put_lit(o, res->finished ? ",\"finished\":true}\n" : ",\"finished\":false}\n");
}

size_t rw_row(rw_line *ln, int fmt, const rn_exp *e, uint64_t k, const char *setup, int lineup,
              const kt_result *res, uint64_t actions)
{
    /* a bound: 6 bytes per byte of text (JSON escapes), 32 per number */
    size_t need = 256 + 6 * strlen(setup);
    for (int p = 0; p < e->players; p++)
        need += 2 * (6 * strlen(e->labels[e->lineup[lineup][p]]) + 8) + 3 * 32;
    if (need > ln->cap) {
        char *q = realloc(ln->p, need);
        if (!q)
            return 0;
        ln->p = q;
        ln->cap = need;
    }
    char *end = fmt == RW_CSV ? rw_csv_row(ln->p, e, k, setup, lineup, res, actions)
                              : rw_json_row(ln->p, e, k, setup, lineup, res, actions);
    return (size_t)(end - ln->p);
}

/* ------------------------------------------------------------ reading */

/* Game index and seed at the start of a row; 0 if the line is not a row. */
static int rw_row_key(const char *line, int fmt, uint64_t *k, uint64_t *seed)
{
    const char *p = line;
    if (fmt == RW_JSONL) {
        static const char pre[] = "{\"game\":";
        if (strncmp(p, pre, sizeof pre - 1))
            return 0;
        p += sizeof pre - 1;
    }
    if (*p < '0' || *p > '9')
        return 0;
    char *end;
    errno = 0;
    *k = strtoull(p, &end, 10);
    if (errno)
        return 0;
    p = end;
    if (fmt == RW_JSONL) {
        static const char pre[] = ",\"seed\":\"";
        if (strncmp(p, pre, sizeof pre - 1))
            return 0;
        p += sizeof pre - 1;
    } else if (*p++ != ',') {
        return 0;
    }
    if (*p < '0' || *p > '9')
        return 0;
    *seed = strtoull(p, &end, 10);
    if (errno || (fmt == RW_JSONL ? *end != '"' : *end != ','))
        return 0;
    return 1;
}

/* One input stream: its current line and that line's game index. */
typedef struct rw_in {
    FILE *f;
    const char *name;
    char *line;
    size_t cap;
    ssize_t len;
    uint64_t k, seed;
    int lineno;
} rw_in;

/* Next row of `in` (0 at the end, -1 with a message for a bad line). */
static int rw_next_row(rw_in *in, int fmt, kt_err *err)
{
    in->len = getline(&in->line, &in->cap, in->f);
    if (in->len < 0)
        return 0;
    in->lineno++;
    if ((size_t)in->len > RW_MAX_LINE)
        return kt_seterr(err, KT_EPARSE, "%s:%d: line too long", in->name, in->lineno), -1;
    if (!rw_row_key(in->line, fmt, &in->k, &in->seed))
        return kt_seterr(err, KT_EPARSE, "%s:%d: not a row written by --rows", in->name,
                         in->lineno),
               -1;
    if (in->line[in->len - 1] != '\n')
        return kt_seterr(err, KT_EPARSE, "%s:%d: the last row is cut off", in->name, in->lineno),
               -1;
    return 1;
}

int rw_collate(FILE **parts, int n, rw_out *o, int players, kt_err *err)
{
    kt_buf h;
    kt_buf_init(&h);
    rw_header(&h, o->fmt, players);
    if (h.len && fwrite(h.p, 1, h.len, o->f) != h.len)
        return kt_buf_free(&h), kt_seterr(err, KT_EIO, "cannot write %s", o->part), -1;
    kt_buf_free(&h);
    rw_in *in = calloc((size_t)(n > 0 ? n : 1), sizeof *in);
    if (!in)
        return kt_seterr(err, KT_ENOMEM, "out of memory"), -1;
    int rc = 0, live = 0;
    for (int i = 0; i < n && !rc; i++) {
        in[i].f = parts[i];
        in[i].name = "(temporary rows)";
        rewind(parts[i]);
        int r = rw_next_row(&in[i], o->fmt, err);
        rc = r < 0 ? -1 : 0;
        if (r == 0)
            in[i].f = NULL;
        live += r > 0;
    }
    while (!rc && live) {
        int best = -1;
        for (int i = 0; i < n; i++)
            if (in[i].f && (best < 0 || in[i].k < in[best].k))
                best = i;
        if (fwrite(in[best].line, 1, (size_t)in[best].len, o->f) != (size_t)in[best].len) {
            rc = -1, kt_seterr(err, KT_EIO, "cannot write %s", o->part);
            break;
        }
        int r = rw_next_row(&in[best], o->fmt, err);
        if (r < 0)
            rc = -1;
        else if (r == 0)
            in[best].f = NULL, live--;
    }
    for (int i = 0; i < n; i++)
        free(in[i].line);
    free(in);
    return rc;
}

/* ------------------------------------------------------------ merge */

typedef struct rw_file {
    rw_in in;
    int have; /* in.line holds its first row */
} rw_file;

static int rw_by_first_game(const void *a, const void *b)
{
    const rw_file *x = a, *y = b;
    if (x->have != y->have)
        return x->have ? -1 : 1; /* files without rows last */
    return x->in.k < y->in.k ? -1 : x->in.k > y->in.k;
}

/* Open every file, check its format and header, read its first row. */
static int rw_open_inputs(rw_file *fs, const char *const *files, int n, int fmt, kt_err *err)
{
    char *head = NULL;
    size_t hcap = 0;
    for (int i = 0; i < n; i++) {
        rw_in *in = &fs[i].in;
        in->name = files[i];
        if (rw_format_of(files[i]) != fmt)
            return kt_seterr(err, KT_EINVAL, "%s: rows files and --rows must all be CSV (.csv) "
                                             "or all JSON Lines (.jsonl)",
                             files[i]),
                   -1;
        in->f = fopen(files[i], "r");
        if (!in->f)
            return kt_seterr(err, KT_EIO, "cannot read %s: %s", files[i], strerror(errno)), -1;
        if (fmt == RW_CSV) {
            ssize_t hl = getline(&head, &hcap, in->f);
            in->lineno = 1;
            if (hl < 0 || strncmp(head, "game,seed,setup,", 16) != 0) {
                free(head);
                return kt_seterr(err, KT_EPARSE, "%s: not a CSV file written by --rows",
                                 files[i]),
                       -1;
            }
            if (i > 0 && fs[0].in.line && strcmp(head, fs[0].in.line) != 0) {
                free(head);
                return kt_seterr(err, KT_EINVAL,
                                 "%s: its columns differ from those of %s (another player "
                                 "count?)",
                                 files[i], files[0]),
                       -1;
            }
            if (i == 0) {
                in->line = head; /* kept to compare the other headers with */
                in->cap = hcap;
                head = NULL, hcap = 0;
                fs[0].in.len = (ssize_t)strlen(in->line);
            }
        }
    }
    free(head);
    return 0;
}

static int rw_check_row(const rw_in *in, const rn_exp *e, uint64_t *next, int *any, uint64_t *last,
                     kt_err *err)
{
    if (*any && in->k <= *last)
        return kt_seterr(err, KT_EINVAL, "%s:%d: game %llu is given twice", in->name, in->lineno,
                         (unsigned long long)in->k),
               -1;
    if (e && in->k != *next)
        return kt_seterr(err, KT_EINVAL, "%s: game %llu is missing (the next row is game %llu)",
                         in->name, (unsigned long long)*next, (unsigned long long)in->k),
               -1;
    if (e && in->seed != rn_game_seed(e, in->k))
        return kt_seterr(err, KT_EINVAL,
                         "%s:%d: game %llu has seed %llu, not the experiment's %llu (rows of "
                         "another experiment?)",
                         in->name, in->lineno, (unsigned long long)in->k,
                         (unsigned long long)in->seed,
                         (unsigned long long)rn_game_seed(e, in->k)),
               -1;
    *any = 1;
    *last = in->k;
    *next = in->k + 1;
    return 0;
}

static int rw_copy_rows(rw_file *fs, int n, const rn_exp *e, rw_out *o, kt_err *err)
{
    uint64_t next = 0, last = 0;
    int any = 0;
    for (int i = 0; i < n; i++) {
        rw_in *in = &fs[i].in;
        for (int r = fs[i].have; r > 0; r = rw_next_row(in, o->fmt, err)) {
            if (rw_check_row(in, e, &next, &any, &last, err) != 0)
                return -1;
            if (fwrite(in->line, 1, (size_t)in->len, o->f) != (size_t)in->len)
                return kt_seterr(err, KT_EIO, "cannot write %s", o->part), -1;
        }
        if (err && err->code)
            return -1;
    }
    if (e && next != e->games)
        return kt_seterr(err, KT_EINVAL, "the rows end at game %llu of %llu: games are missing",
                         (unsigned long long)next, (unsigned long long)e->games),
               -1;
    return 0;
}

int rw_merge(const char *const *files, int n, const rn_exp *e, const char *out, kt_err *err)
{
    rw_file *fs = calloc((size_t)n, sizeof *fs);
    rw_out o;
    int fmt = rw_format_of(out);
    if (!fs)
        return kt_seterr(err, KT_ENOMEM, "out of memory"), -1;
    int rc = -1;
    if (fmt)
        rc = rw_open_inputs(fs, files, n, fmt, err);
    else
        kt_seterr(err, KT_EINVAL, "--rows %s: name the file .csv (CSV) or .jsonl (JSON Lines)",
                  out);
    int players = 0;
    if (!rc && fmt == RW_CSV) {
        /* the header names seat_1..seat_N: count them for rw_header */
        for (const char *p = fs[0].in.line; (p = strstr(p, ",seat_")) != NULL; p++)
            players++;
    }
    for (int i = 0; !rc && i < n; i++) {
        fs[i].in.lineno = fmt == RW_CSV ? 1 : 0;
        int r = rw_next_row(&fs[i].in, fmt, err);
        rc = r < 0 ? -1 : 0;
        fs[i].have = r > 0;
    }
    if (!rc)
        qsort(fs, (size_t)n, sizeof *fs, rw_by_first_game);
    if (!rc && rw_open(&o, out, err) == 0) {
        kt_buf h;
        kt_buf_init(&h);
        rw_header(&h, fmt, players);
        if (h.len && fwrite(h.p, 1, h.len, o.f) != h.len)
            rc = -1, kt_seterr(err, KT_EIO, "cannot write %s", o.part);
        kt_buf_free(&h);
        if (!rc)
            rc = rw_copy_rows(fs, n, e, &o, err);
        if (rw_close(&o, rc == 0, rc ? NULL : err) != 0)
            rc = -1;
    } else if (!rc) {
        rc = -1;
    }
    for (int i = 0; i < n; i++) {
        if (fs[i].in.f)
            fclose(fs[i].in.f);
        free(fs[i].in.line);
    }
    free(fs);
    return rc;
}
