/*
 * datarec.c - splitting a game's data file into records and reading their
 * fields (see datarec.h).
 *
 * Data layout: none of its own; a line is copied into a stack buffer, split
 * there and copied field by field into the caller's kt_drec, so the file's
 * text (possibly the embedded, read-only copy) is never changed.
 */
#include "datarec.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "mem.h"

/* ------------------------------------------------------------ errors */

/* Is the `n` bytes at `s` one of the comma-separated words of `list`? */
static int listed(const char *list, const char *s, size_t n)
{
    for (const char *p = list; p && *p;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len == n && strncmp(p, s, n) == 0)
            return 1;
        p = e ? e + 1 : NULL;
    }
    return 0;
}

/* The record's place: " line N (kind name)"; quiet: the kind only when it is
 * one of the spec's own words. */
static void where(const kt_dr *d, const kt_drec *r, char *out, size_t cap)
{
    out[0] = '\0';
    if (!r)
        return;
    int quiet = d->spec && (d->spec->flags & KT_DR_QUIET);
    const char *kind = r->kind;
    if (quiet && !(d->spec && listed(d->spec->kinds, kind, strlen(kind))))
        kind = "record";
    char what[80];
    if (!quiet && r->nnames)
        snprintf(what, sizeof what, "%s %.24s", kind, r->name[0]);
    else
        snprintf(what, sizeof what, "%s", kind);
    if (r->line > 0)
        snprintf(out, cap, " line %d (%s)", r->line, what);
    else
        snprintf(out, cap, " (%s)", what);
}

int kt_dr_fail(kt_dr *d, const kt_drec *r, const char *field, const char *fmt, ...)
{
    if (d->failed)
        return 0;
    d->failed = 1;
    d->code = KT_EINVAL;
    char msg[200], at[112], fld[48] = "";
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    where(d, r, at, sizeof at);
    if (field)
        snprintf(fld, sizeof fld, " field '%.20s':", field);
    kt_seterr(d->err, KT_EINVAL, "%.200s%s:%s %s", d->name, at, fld, msg);
    return 0;
}

static int quiet(const kt_dr *d) { return (d->spec->flags & KT_DR_QUIET) != 0; }

/* ------------------------------------------------------------ files */

int kt_dr_open(kt_dr *d, const kt_drspec *spec, const kt_allocator *a, const char *dir,
               kt_err *err)
{
    int failed = d->failed;
    kt_status code = d->code;
    memset(d, 0, sizeof *d);
    d->failed = failed;
    d->code = code;
    d->spec = spec;
    d->err = err;
    if (a)
        d->a = *a;
    kt_status st = kt_datafile_open(&d->df, &d->a, spec->game, dir, spec->file, 0, err);
    if (st != KT_OK) {
        d->failed = 1;
        d->code = st;
        return 0;
    }
    snprintf(d->name, sizeof d->name, "%s", d->df.name);
    d->pos = d->df.text;
    return 1;
}

void kt_dr_close(kt_dr *d)
{
    kt_datafile_close(&d->df);
    d->pos = NULL;
}

/* ------------------------------------------------------------ records */

/* Words of one line (split in place); '#' at the start of a word ends it. */
static int words(char *s, char **w, int cap)
{
    int n = 0;
    while (*s) {
        while (*s == ' ' || *s == '\t' || *s == '\r')
            s++;
        if (!*s || *s == '#')
            break;
        if (n == cap)
            return cap + 1;
        w[n++] = s;
        while (*s && *s != ' ' && *s != '\t' && *s != '\r')
            s++;
        if (*s)
            *s++ = '\0';
    }
    return n;
}

static int add_field(kt_dr *d, kt_drec *r, char *word, char *eq, int wi)
{
    *eq = '\0';
    const char *v = eq + 1;
    if (r->nf == KT_DR_MAXF || !word[0] || strlen(word) >= KT_DR_KEY || strlen(v) >= KT_DR_VAL)
        return kt_dr_fail(d, r, NULL, "word %d: a field with no key, too long, or too many "
                                      "fields (at most %d)", wi, KT_DR_MAXF);
    for (int k = 0; k < r->nf; k++)
        if (strcmp(r->key[k], word) == 0)
            return quiet(d) ? kt_dr_fail(d, r, NULL, "word %d: field given twice", wi)
                            : kt_dr_fail(d, r, word, "given twice");
    strcpy(r->key[r->nf], word);
    char *out = r->val[r->nf];
    strcpy(out, v);
    if (d->spec->flags & KT_DR_SPACES)
        for (char *q = out; *q; q++)
            if (*q == '_')
                *q = ' ';
    r->nf++;
    return 1;
}

/* One non-blank line into *r: 1, or 0 with the error set. */
static int split(kt_dr *d, kt_drec *r, char **w, int nw)
{
    const kt_drspec *sp = d->spec;
    if (strchr(w[0], '=') || strlen(w[0]) >= KT_DR_KIND || !listed(sp->kinds, w[0], strlen(w[0]))) {
        snprintf(r->kind, sizeof r->kind, "?");
        if (quiet(d) || strlen(w[0]) >= KT_DR_KIND)
            return kt_dr_fail(d, r, NULL, "a record starts with its kind (%s)", sp->kinds);
        return kt_dr_fail(d, r, NULL, "unknown record kind '%s' (expected %s)", w[0], sp->kinds);
    }
    strcpy(r->kind, w[0]);
    for (int i = 1; i < nw; i++) {
        char *eq = strchr(w[i], '=');
        if (eq) {
            if (!add_field(d, r, w[i], eq, i + 1))
                return 0;
        } else if (r->nf > 0) {
            return kt_dr_fail(d, r, NULL, "word %d: a name after the key=value fields", i + 1);
        } else if (r->nnames == sp->max_names || strlen(w[i]) >= KT_DR_NAME) {
            return kt_dr_fail(d, r, NULL, "word %d: more than %d name%s or a name longer than %d",
                              i + 1, sp->max_names, sp->max_names == 1 ? "" : "s",
                              KT_DR_NAME - 1);
        } else {
            strcpy(r->name[r->nnames++], w[i]);
        }
    }
    if (r->nnames < sp->min_names)
        return kt_dr_fail(d, r, NULL, "a %s record starts '%s <name> key=value ...'", r->kind,
                          r->kind);
    return 1;
}

int kt_dr_next(kt_dr *d, kt_drec *r)
{
    while (!d->failed && d->pos && *d->pos) {
        const char *p = d->pos, *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        d->pos = e ? e + 1 : p + n;
        d->line++;
        memset(r, 0, sizeof *r);
        r->line = d->line;
        char buf[KT_DR_LINE], *w[KT_DR_MAXF + 3];
        if (n >= sizeof buf) {
            snprintf(r->kind, sizeof r->kind, "?");
            return kt_dr_fail(d, r, NULL, "line longer than %d bytes", KT_DR_LINE - 1) - 1;
        }
        memcpy(buf, p, n);
        buf[n] = '\0';
        int nw = words(buf, w, KT_DR_MAXF + 3);
        if (nw == 0)
            continue;
        if (nw > KT_DR_MAXF + 2) {
            snprintf(r->kind, sizeof r->kind, "?");
            return kt_dr_fail(d, r, NULL, "too many words (at most %d fields)", KT_DR_MAXF) - 1;
        }
        return split(d, r, w, nw) ? 1 : -1;
    }
    return d->failed ? -1 : 0;
}

/* Out of memory: the first error too, but KT_ENOMEM (the caller's
 * allocator refused, the file is fine); always returns 0. */
static int nomem(kt_dr *d)
{
    if (d->failed)
        return 0;
    d->failed = 1;
    d->code = KT_ENOMEM;
    kt_seterr(d->err, KT_ENOMEM, "%.200s: out of memory", d->name);
    return 0;
}

int kt_dr_all(kt_dr *d, kt_drec **out, int *n)
{
    int cap = 64, k = 0;
    kt_drec *a = kt_mem_alloc(&d->a, sizeof *a * (size_t)cap);
    *out = NULL;
    *n = 0;
    if (!a)
        return nomem(d);
    for (;;) {
        if (k == cap) {
            size_t now = sizeof *a * (size_t)cap;
            kt_drec *b = kt_mem_realloc(&d->a, a, now, now * 2);
            if (!b) {
                kt_mem_free(&d->a, a, sizeof *a * (size_t)cap);
                return nomem(d);
            }
            a = b;
            cap *= 2;
        }
        int t = kt_dr_next(d, &a[k]);
        if (t < 0) {
            kt_mem_free(&d->a, a, sizeof *a * (size_t)cap);
            return 0;
        }
        if (t == 0)
            break;
        k++;
    }
    *out = a;
    *n = k;
    d->all_cap = cap;
    return 1;
}

void kt_dr_all_free(kt_dr *d, kt_drec *recs)
{
    kt_mem_free(&d->a, recs, sizeof *recs * (size_t)d->all_cap);
    d->all_cap = 0;
}

/* ------------------------------------------------------------ fields */

const char *kt_dr_get(kt_drec *r, const char *key)
{
    for (int i = 0; i < r->nf; i++)
        if (strcmp(r->key[i], key) == 0) {
            r->used |= 1u << i;
            return r->val[i];
        }
    return NULL;
}

const char *kt_dr_need(kt_dr *d, kt_drec *r, const char *key)
{
    const char *v = kt_dr_get(r, key);
    if (!v)
        kt_dr_fail(d, r, key, "missing");
    return v;
}

/* Parses a whole number into *x: 1, or 0 when `v` is not one. */
static int whole(const char *v, long *x)
{
    char *end;
    errno = 0;
    *x = strtol(v, &end, 10);
    return *v && !*end && !errno;
}

int kt_dr_int(kt_dr *d, kt_drec *r, const char *key, int lo, int hi, int def, int required,
              int *out)
{
    const char *v = kt_dr_get(r, key);
    if (!v) {
        if (required)
            return kt_dr_fail(d, r, key, "missing");
        *out = def;
        return 1;
    }
    long x;
    if (!whole(v, &x))
        return quiet(d) ? kt_dr_fail(d, r, key, "not a number")
                        : kt_dr_fail(d, r, key, "'%.40s' is not a number", v);
    if (x < lo || x > hi)
        return quiet(d) ? kt_dr_fail(d, r, key, "outside %d..%d", lo, hi)
                        : kt_dr_fail(d, r, key, "%ld is outside %d..%d", x, lo, hi);
    *out = (int)x;
    return 1;
}

int kt_dr_u8(kt_dr *d, kt_drec *r, const char *key, int lo, int hi, int def, int required,
             uint8_t *out)
{
    int x = 0;
    if (!kt_dr_int(d, r, key, lo, hi, def, required, &x))
        return 0;
    *out = (uint8_t)x;
    return 1;
}

int kt_dr_ints(kt_dr *d, kt_drec *r, const char *key, int lo, int hi, int *out, int cap)
{
    const char *v = kt_dr_need(d, r, key);
    if (!v)
        return 0;
    int n = 0;
    for (const char *p = v; *p;) {
        char *end;
        errno = 0;
        long x = strtol(p, &end, 10);
        if (end == p || errno || (*end && *end != ','))
            return quiet(d) ? kt_dr_fail(d, r, key, "value %d: not a list of numbers", n + 1)
                            : kt_dr_fail(d, r, key, "'%.40s' is not a list of numbers", v);
        if (x < lo || x > hi)
            return quiet(d) ? kt_dr_fail(d, r, key, "value %d is outside %d..%d", n + 1, lo, hi)
                            : kt_dr_fail(d, r, key, "%ld is outside %d..%d", x, lo, hi);
        if (n == cap)
            return kt_dr_fail(d, r, key, "more than %d numbers", cap);
        out[n++] = (int)x;
        p = *end ? end + 1 : end;
    }
    return n ? n : kt_dr_fail(d, r, key, "empty list");
}

int kt_dr_enum(kt_dr *d, kt_drec *r, const char *key, const char *const *names, int n,
               int required, int def, uint8_t *out)
{
    const char *v = kt_dr_get(r, key);
    if (!v) {
        if (required)
            return kt_dr_fail(d, r, key, "missing");
        *out = (uint8_t)def;
        return 1;
    }
    for (int i = 0; i < n; i++)
        if (names[i][0] && strcmp(v, names[i]) == 0) {
            *out = (uint8_t)i;
            return 1;
        }
    char list[200] = "";
    for (int i = 0; i < n; i++)
        if (names[i][0])
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
                     list[0] ? ", " : "", names[i]);
    return quiet(d) ? kt_dr_fail(d, r, key, "is not one of %s", list)
                    : kt_dr_fail(d, r, key, "'%.30s' is not one of %s", v, list);
}

int kt_dr_text(kt_dr *d, const kt_drec *r, const char *field, const char *v, char *out,
               size_t cap)
{
    if (!v)
        return kt_dr_fail(d, r, field, "missing");
    size_t n = strlen(v);
    if (n == 0 || n >= cap)
        return kt_dr_fail(d, r, field, "a name has 1..%d characters", (int)cap - 1);
    for (size_t i = 0; i < n; i++)
        out[i] = v[i] == '_' ? ' ' : v[i];
    out[n] = '\0';
    return 1;
}

int kt_dr_fields(kt_dr *d, kt_drec *r, const kt_drfield *f, int n, void *base)
{
    for (int i = 0; i < n; i++) {
        int x = 0;
        if (!kt_dr_int(d, r, f[i].key, f[i].lo, f[i].hi, f[i].def, f[i].required, &x))
            return 0;
        unsigned char *at = (unsigned char *)base + f[i].off;
        if (f[i].size == 1) {
            uint8_t v = (uint8_t)x;
            memcpy(at, &v, 1);
        } else {
            uint16_t v = (uint16_t)x;
            memcpy(at, &v, 2);
        }
    }
    return 1;
}

int kt_dr_done(kt_dr *d, kt_drec *r, uint8_t *src)
{
    if (d->failed)
        return 0;
    uint8_t k;
    if (!kt_dr_enum(d, r, "src", d->spec->src, d->spec->nsrc, 1, 0, &k))
        return 0;
    if (src)
        *src = k;
    if (d->spec->flags & KT_DR_REF) {
        const char *ref = kt_dr_get(r, "ref");
        if (ref && !*ref)
            return kt_dr_fail(d, r, "ref", "empty");
    }
    for (int i = 0; i < r->nf; i++)
        if (!(r->used & (1u << i)))
            return quiet(d) ? kt_dr_fail(d, r, NULL, "key=value field %d is not known for a %s "
                                                     "record", i + 1, r->kind)
                            : kt_dr_fail(d, r, r->key[i], "unknown field for a %s record",
                                         r->kind);
    return 1;
}
