/*
 * opts.c - option parsing and validation (see opts.h).
 */
#include "opts.h"

#include "mem.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

kt_status kt_seterr(kt_err *err, kt_status code, const char *fmt, ...)
{
    if (err) {
        err->code = code;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return code;
}

int kt_opt_index(const kt_optinfo *defs, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(defs[i].name, name) == 0)
            return i;
    return -1;
}

static int choice_index(const char *choices, const char *v)
{
    size_t vl = strlen(v);
    int idx = 0;
    for (const char *p = choices; *p; idx++) {
        const char *e = strchr(p, '|');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        if (n == vl && strncmp(p, v, n) == 0)
            return idx;
        if (!e)
            break;
        p = e + 1;
    }
    return -1;
}

static int parse_bool(const char *v, long long *out)
{
    static const char *const yes[] = {"1", "true", "yes", "on"};
    static const char *const no[] = {"0", "false", "no", "off"};
    for (int i = 0; i < 4; i++) {
        if (strcmp(v, yes[i]) == 0) return *out = 1, 1;
        if (strcmp(v, no[i]) == 0) return *out = 0, 1;
    }
    return 0;
}

kt_status kt_opt_set(const kt_optinfo *d, kt_optval *val, const char *text, const char *what,
                     kt_err *err)
{
    long long x = 0;
    switch (d->type) {
    case KT_OPT_INT: {
        char *end;
        errno = 0;
        x = strtoll(text, &end, 10);
        if (!*text || *end || errno)
            return kt_seterr(err, KT_EINVAL, "%s '%s': '%s' is not an integer", what, d->name, text);
        if (x < d->min || x > d->max)
            return kt_seterr(err, KT_EINVAL, "%s '%s': %lld is out of range %lld..%lld", what,
                             d->name, x, d->min, d->max);
        break;
    }
    case KT_OPT_BOOL:
        if (!parse_bool(text, &x))
            return kt_seterr(err, KT_EINVAL, "%s '%s': '%s' is not a boolean (use 1/0, true/false)",
                             what, d->name, text);
        break;
    case KT_OPT_ENUM:
        x = choice_index(d->choices, text);
        if (x < 0)
            return kt_seterr(err, KT_EINVAL, "%s '%s': '%s' is not one of %s", what, d->name, text,
                             d->choices);
        break;
    case KT_OPT_STR:
    case KT_OPT_PATH:
        break;
    }
    size_t len = strlen(text) + 1;
    char *s = kt_mem_alloc(val->a, len);
    if (!s)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    memcpy(s, text, len);
    if (val->s)
        kt_mem_free(val->a, val->s, strlen(val->s) + 1);
    val->s = s;
    val->i = x;
    return KT_OK;
}

void kt_opts_free(kt_optval *vals, int n)
{
    for (int i = 0; i < n; i++) {
        if (vals[i].s)
            kt_mem_free(vals[i].a, vals[i].s, strlen(vals[i].s) + 1);
        vals[i].s = NULL;
    }
}

static void trim(char *s)
{
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    size_t i = 0;
    while (s[i] && isspace((unsigned char)s[i]))
        i++;
    memmove(s, s + i, n - i + 1);
}

static void list_keys(const kt_optinfo *defs, int n, char *out, size_t cap)
{
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        size_t l = strlen(out);
        snprintf(out + l, cap - l, "%s%s", i ? ", " : "", defs[i].name);
    }
    if (!n)
        snprintf(out, cap, "(none)");
}

kt_status kt_opts_parse(const kt_optinfo *defs, int n, const char *text, const char *seps,
                        const char *what, kt_optval *out, kt_err *err)
{
    return kt_opts_parse_alloc(defs, n, text, seps, what, NULL, out, err);
}

kt_status kt_opts_parse_alloc(const kt_optinfo *defs, int n, const char *text, const char *seps,
                              const char *what, const kt_allocator *alloc, kt_optval *out,
                              kt_err *err)
{
    memset(out, 0, sizeof *out * (size_t)n);
    for (int i = 0; i < n; i++)
        out[i].a = alloc;
    kt_status st = KT_OK;
    for (int i = 0; i < n && st == KT_OK; i++)
        st = kt_opt_set(&defs[i], &out[i], defs[i].def ? defs[i].def : "", what, err);
    if (st != KT_OK) {
        kt_opts_free(out, n);
        if (st == KT_ENOMEM)
            return st; /* the allocator refused a default's copy: err says so */
        char why[sizeof err->msg];
        snprintf(why, sizeof why, "%s", err ? err->msg : ""); /* err->msg is rewritten */
        return kt_seterr(err, KT_EINTERNAL, "%s: bad default (%s)", what, why);
    }
    size_t len = text ? strlen(text) : 0;
    char *copy = kt_mem_alloc(alloc, len + 1);
    if (!copy) {
        kt_opts_free(out, n);
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    }
    memcpy(copy, text ? text : "", len + 1);
    char *p = copy;
    while (st == KT_OK && *p) {
        size_t seg = strcspn(p, seps);
        char save = p[seg];
        p[seg] = '\0';
        char *item = p; /* the segment of our own copy: no length limit */
        trim(item);
        if (item[0]) {
            char *eq = strchr(item, '=');
            if (!eq) {
                st = kt_seterr(err, KT_EINVAL, "%s '%s': expected key=value", what, item);
                break;
            }
            *eq = '\0';
            trim(item);
            char *val = eq + 1;
            trim(val);
            int k = kt_opt_index(defs, n, item);
            if (k < 0) {
                char keys[600];
                list_keys(defs, n, keys, sizeof keys);
                st = kt_seterr(err, KT_EUNKNOWN, "unknown %s '%s' (known: %s)", what, item, keys);
                break;
            }
            if (out[k].set) {
                st = kt_seterr(err, KT_EINVAL, "%s '%s' given twice", what, item);
                break;
            }
            st = kt_opt_set(&defs[k], &out[k], val, what, err);
            out[k].set = 1;
        }
        if (!save)
            break;
        p += seg + 1;
    }
    kt_mem_free(alloc, copy, len + 1);
    if (st != KT_OK)
        kt_opts_free(out, n);
    return st;
}

void kt_opts_canon(const kt_optinfo *defs, int n, const kt_optval *vals, char sep, kt_buf *out)
{
    int first = 1;
    for (int i = 0; i < n; i++) {
        if (!vals[i].set || strcmp(vals[i].s, defs[i].def ? defs[i].def : "") == 0)
            continue;
        if (!first)
            kt_buf_putc(out, sep);
        first = 0;
        kt_buf_puts(out, defs[i].name);
        kt_buf_putc(out, '=');
        kt_buf_puts(out, vals[i].s);
    }
}
