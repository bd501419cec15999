/*
 * json.c - JSON writer, recursive-descent parser and validating reader.
 *
 * The parser allocates nodes and decoded strings from a chain of arena
 * blocks hung off kt_jdoc (one free() per block at the end), so a parse is a
 * handful of mallocs regardless of document size.  Nesting is limited to
 * KT_JSON_MAX_DEPTH to keep recursion bounded on hostile input.
 */
#include "json.h"

#include "core/mem.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KT_JSON_MAX_DEPTH 64

/* ================================================================ writer */

void kt_jw_init(kt_jw *w, kt_buf *b)
{
    w->b = b;
    w->depth = 0;
    w->has_item = 0;
    w->after_key = 0;
}

/* Emit the separator before a new value or key at the current depth. */
static void jw_sep(kt_jw *w)
{
    if (w->after_key) {
        w->after_key = 0;
        return;
    }
    uint64_t bit = 1ULL << (w->depth & 63);
    if (w->has_item & bit)
        kt_buf_putc(w->b, ',');
    w->has_item |= bit;
}

static void jw_open(kt_jw *w, char c)
{
    jw_sep(w);
    kt_buf_putc(w->b, c);
    w->depth++;
    w->has_item &= ~(1ULL << (w->depth & 63));
}

static void jw_close(kt_jw *w, char c)
{
    w->depth--;
    kt_buf_putc(w->b, c);
}

void kt_jw_obj(kt_jw *w) { jw_open(w, '{'); }
void kt_jw_obj_end(kt_jw *w) { jw_close(w, '}'); }
void kt_jw_arr(kt_jw *w) { jw_open(w, '['); }
void kt_jw_arr_end(kt_jw *w) { jw_close(w, ']'); }

static void jw_quoted(kt_buf *b, const char *s, size_t n)
{
    kt_buf_putc(b, '"');
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (c) {
        case '"': kt_buf_puts(b, "\\\""); break;
        case '\\': kt_buf_puts(b, "\\\\"); break;
        case '\n': kt_buf_puts(b, "\\n"); break;
        case '\r': kt_buf_puts(b, "\\r"); break;
        case '\t': kt_buf_puts(b, "\\t"); break;
        default:
            if (c < 0x20)
                kt_buf_printf(b, "\\u%04x", c);
            else
                kt_buf_putc(b, (char)c);
        }
    }
    kt_buf_putc(b, '"');
}

void kt_jw_key(kt_jw *w, const char *k)
{
    jw_sep(w);
    jw_quoted(w->b, k, strlen(k));
    kt_buf_putc(w->b, ':');
    w->after_key = 1;
}

void kt_jw_strn(kt_jw *w, const char *s, size_t n)
{
    jw_sep(w);
    jw_quoted(w->b, s, n);
}

void kt_jw_str(kt_jw *w, const char *s) { kt_jw_strn(w, s, strlen(s)); }

void kt_jw_int(kt_jw *w, long long v)
{
    jw_sep(w);
    kt_buf_printf(w->b, "%lld", v);
}

void kt_jw_uint(kt_jw *w, unsigned long long v)
{
    jw_sep(w);
    kt_buf_printf(w->b, "%llu", v);
}

void kt_jw_num(kt_jw *w, double v)
{
    jw_sep(w);
    if (!isfinite(v))
        kt_buf_puts(w->b, "null");
    else if (v == floor(v) && fabs(v) < 1e15)
        kt_buf_printf(w->b, "%.0f", v);
    else
        kt_buf_printf(w->b, "%.6g", v);
}

void kt_jw_bool(kt_jw *w, int v)
{
    jw_sep(w);
    kt_buf_puts(w->b, v ? "true" : "false");
}

void kt_jw_null(kt_jw *w)
{
    jw_sep(w);
    kt_buf_puts(w->b, "null");
}

void kt_jw_raw(kt_jw *w, const char *json)
{
    jw_sep(w);
    /* NULL (an embedded reply that could not be allocated) writes null, so
     * the document stays valid JSON */
    kt_buf_puts(w->b, json ? json : "null");
}

void kt_jw_kint(kt_jw *w, const char *k, long long v) { kt_jw_key(w, k); kt_jw_int(w, v); }
void kt_jw_kstr(kt_jw *w, const char *k, const char *s) { kt_jw_key(w, k); kt_jw_str(w, s); }
void kt_jw_kbool(kt_jw *w, const char *k, int v) { kt_jw_key(w, k); kt_jw_bool(w, v); }
void kt_jw_knum(kt_jw *w, const char *k, double v) { kt_jw_key(w, k); kt_jw_num(w, v); }

void kt_jw_u8s(kt_jw *w, const uint8_t *a, size_t n)
{
    kt_jw_arr(w);
    for (size_t i = 0; i < n; i++)
        kt_jw_int(w, a[i]);
    kt_jw_arr_end(w);
}

void kt_jw_i32s(kt_jw *w, const int32_t *a, size_t n)
{
    kt_jw_arr(w);
    for (size_t i = 0; i < n; i++)
        kt_jw_int(w, a[i]);
    kt_jw_arr_end(w);
}

void kt_jw_value(kt_jw *w, const kt_jv *v)
{
    switch (v->type) {
    case KT_JNULL: kt_jw_null(w); break;
    case KT_JBOOL: kt_jw_bool(w, v->b); break;
    case KT_JNUM:
        if (v->s)
            kt_jw_raw(w, v->s); /* exactly as written */
        else if (v->isint && v->neg)
            kt_jw_int(w, v->u > (uint64_t)INT64_MAX ? INT64_MIN : -(long long)v->u);
        else if (v->isint)
            kt_jw_uint(w, v->u);
        else
            kt_jw_num(w, v->d);
        break;
    case KT_JSTR: kt_jw_strn(w, v->s, v->slen); break;
    case KT_JARR:
        kt_jw_arr(w);
        for (const kt_jv *c = v->child; c; c = c->next)
            kt_jw_value(w, c);
        kt_jw_arr_end(w);
        break;
    case KT_JOBJ:
        kt_jw_obj(w);
        for (const kt_jv *c = v->child; c; c = c->next) {
            kt_jw_key(w, c->key);
            kt_jw_value(w, c);
        }
        kt_jw_obj_end(w);
        break;
    }
}

/* ================================================================ arena */

typedef struct jblock {
    struct jblock *next;
    size_t used, cap;
    /* data follows, max_align_t aligned */
} jblock;

#define JBLOCK_HDR ((sizeof(jblock) + 15) & ~(size_t)15)

static void *arena_alloc(kt_jdoc *doc, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    jblock *b = doc->blocks;
    if (!b || b->used + n > b->cap) {
        size_t cap = n > 16384 ? n : 16384;
        jblock *nb = kt_mem_alloc(doc->a, JBLOCK_HDR + cap);
        if (!nb)
            return NULL;
        nb->next = b;
        nb->used = 0;
        nb->cap = cap;
        doc->blocks = nb;
        b = nb;
    }
    void *p = (char *)b + JBLOCK_HDR + b->used;
    b->used += n;
    return p;
}

void kt_json_free(kt_jdoc *doc)
{
    jblock *b = doc->blocks;
    while (b) {
        jblock *n = b->next;
        kt_mem_free(doc->a, b, JBLOCK_HDR + b->cap);
        b = n;
    }
    doc->blocks = NULL;
    doc->root = NULL;
}

/* ================================================================ parser */

typedef struct jparser {
    const char *p, *start, *end;
    kt_jdoc *doc;
    kt_err *err;
    int failed;
} jparser;

static int jp_fail(jparser *jp, const char *what)
{
    if (jp->failed)
        return 0;
    jp->failed = 1;
    int line = 1, col = 1;
    for (const char *q = jp->start; q < jp->p && q < jp->end; q++) {
        if (*q == '\n')
            line++, col = 1;
        else
            col++;
    }
    if (jp->err) {
        jp->err->code = KT_EPARSE;
        snprintf(jp->err->msg, sizeof jp->err->msg, "malformed JSON at line %d, column %d: %s",
                 line, col, what);
    }
    return 0;
}

static void jp_ws(jparser *jp)
{
    while (jp->p < jp->end && (*jp->p == ' ' || *jp->p == '\t' || *jp->p == '\n' || *jp->p == '\r'))
        jp->p++;
}

static kt_jv *jp_node(jparser *jp, kt_jtype t)
{
    kt_jv *v = arena_alloc(jp->doc, sizeof *v);
    if (!v) {
        jp_fail(jp, "out of memory");
        return NULL;
    }
    memset(v, 0, sizeof *v);
    v->type = t;
    return v;
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static int jp_hex4(jparser *jp, unsigned *out)
{
    if (jp->end - jp->p < 4)
        return jp_fail(jp, "truncated \\u escape");
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        int h = hexval(jp->p[i]);
        if (h < 0)
            return jp_fail(jp, "bad hex digit in \\u escape");
        v = v * 16 + (unsigned)h;
    }
    jp->p += 4;
    *out = v;
    return 1;
}

static size_t utf8_put(char *o, unsigned cp)
{
    if (cp < 0x80) { o[0] = (char)cp; return 1; }
    if (cp < 0x800) { o[0] = (char)(0xC0 | (cp >> 6)); o[1] = (char)(0x80 | (cp & 0x3F)); return 2; }
    if (cp < 0x10000) {
        o[0] = (char)(0xE0 | (cp >> 12)); o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        o[2] = (char)(0x80 | (cp & 0x3F)); return 3;
    }
    o[0] = (char)(0xF0 | (cp >> 18)); o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    o[2] = (char)(0x80 | ((cp >> 6) & 0x3F)); o[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* Parses a string starting at the opening quote; decoded text goes to the
 * arena (decoded length never exceeds the raw length). */
static int jp_string(jparser *jp, const char **out, size_t *outlen)
{
    jp->p++; /* opening quote */
    const char *q = jp->p;
    while (q < jp->end && *q != '"') {
        if (*q == '\\')
            q++;
        q++;
    }
    if (q >= jp->end)
        return jp_fail(jp, "unterminated string");
    char *o = arena_alloc(jp->doc, (size_t)(q - jp->p) + 1);
    if (!o)
        return jp_fail(jp, "out of memory");
    size_t n = 0;
    while (*jp->p != '"') {
        unsigned char c = (unsigned char)*jp->p;
        if (c < 0x20)
            return jp_fail(jp, "control character in string");
        if (c != '\\') {
            o[n++] = (char)c;
            jp->p++;
            continue;
        }
        jp->p++;
        char e = *jp->p++;
        switch (e) {
        case '"': o[n++] = '"'; break;
        case '\\': o[n++] = '\\'; break;
        case '/': o[n++] = '/'; break;
        case 'b': o[n++] = '\b'; break;
        case 'f': o[n++] = '\f'; break;
        case 'n': o[n++] = '\n'; break;
        case 'r': o[n++] = '\r'; break;
        case 't': o[n++] = '\t'; break;
        case 'u': {
            unsigned cp;
            if (!jp_hex4(jp, &cp))
                return 0;
            if (cp >= 0xD800 && cp < 0xDC00) {
                unsigned lo;
                if (jp->end - jp->p < 6 || jp->p[0] != '\\' || jp->p[1] != 'u')
                    return jp_fail(jp, "unpaired surrogate in \\u escape");
                jp->p += 2;
                if (!jp_hex4(jp, &lo))
                    return 0;
                if (lo < 0xDC00 || lo >= 0xE000)
                    return jp_fail(jp, "bad low surrogate in \\u escape");
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            } else if (cp >= 0xDC00 && cp < 0xE000) {
                return jp_fail(jp, "unpaired surrogate in \\u escape");
            }
            if (cp == 0)
                return jp_fail(jp, "NUL character in string");
            n += utf8_put(o + n, cp);
            break;
        }
        default:
            jp->p--;
            return jp_fail(jp, "bad escape in string");
        }
    }
    jp->p++; /* closing quote */
    o[n] = '\0';
    *out = o;
    *outlen = n;
    return 1;
}

static int jp_number(jparser *jp, kt_jv *v)
{
    const char *s = jp->p;
    int neg = 0;
    if (jp->p < jp->end && *jp->p == '-')
        neg = 1, jp->p++;
    if (jp->p >= jp->end || *jp->p < '0' || *jp->p > '9')
        return jp_fail(jp, "bad number");
    if (*jp->p == '0' && jp->p + 1 < jp->end && jp->p[1] >= '0' && jp->p[1] <= '9')
        return jp_fail(jp, "leading zero in number");
    uint64_t u = 0;
    int overflow = 0;
    while (jp->p < jp->end && *jp->p >= '0' && *jp->p <= '9') {
        unsigned d = (unsigned)(*jp->p - '0');
        if (u > (UINT64_MAX - d) / 10)
            overflow = 1;
        else
            u = u * 10 + d;
        jp->p++;
    }
    int frac = 0;
    if (jp->p < jp->end && *jp->p == '.') {
        frac = 1;
        jp->p++;
        if (jp->p >= jp->end || *jp->p < '0' || *jp->p > '9')
            return jp_fail(jp, "bad fraction in number");
        while (jp->p < jp->end && *jp->p >= '0' && *jp->p <= '9')
            jp->p++;
    }
    if (jp->p < jp->end && (*jp->p == 'e' || *jp->p == 'E')) {
        frac = 1;
        jp->p++;
        if (jp->p < jp->end && (*jp->p == '+' || *jp->p == '-'))
            jp->p++;
        if (jp->p >= jp->end || *jp->p < '0' || *jp->p > '9')
            return jp_fail(jp, "bad exponent in number");
        while (jp->p < jp->end && *jp->p >= '0' && *jp->p <= '9')
            jp->p++;
    }
    /* Keep the text as written: values are echoed exactly (protocol "ref"),
     * whatever their size or precision. */
    size_t n = (size_t)(jp->p - s);
    char *raw = arena_alloc(jp->doc, n + 1);
    if (!raw)
        return jp_fail(jp, "out of memory");
    memcpy(raw, s, n);
    raw[n] = '\0';
    v->s = raw;
    v->slen = n;
    v->d = strtod(raw, NULL);
    if (!frac && !overflow && (!neg || u <= (uint64_t)INT64_MAX + 1)) {
        v->isint = 1;
        v->neg = neg && u != 0;
        v->u = u;
    }
    return 1;
}

static int jp_lit(jparser *jp, const char *lit)
{
    size_t n = strlen(lit);
    if ((size_t)(jp->end - jp->p) < n || memcmp(jp->p, lit, n) != 0)
        return jp_fail(jp, "unexpected character");
    jp->p += n;
    return 1;
}

static kt_jv *jp_value(jparser *jp, int depth);

static kt_jv *jp_container(jparser *jp, int depth, int is_obj)
{
    kt_jv *v = jp_node(jp, is_obj ? KT_JOBJ : KT_JARR);
    if (!v)
        return NULL;
    char close = is_obj ? '}' : ']';
    jp->p++;
    jp_ws(jp);
    if (jp->p < jp->end && *jp->p == close) {
        jp->p++;
        return v;
    }
    kt_jv **tail = &v->child;
    for (;;) {
        const char *key = NULL;
        size_t klen = 0;
        if (is_obj) {
            jp_ws(jp);
            if (jp->p >= jp->end || *jp->p != '"')
                return jp_fail(jp, "expected member name"), NULL;
            if (!jp_string(jp, &key, &klen))
                return NULL;
            for (kt_jv *c = v->child; c; c = c->next)
                if (strcmp(c->key, key) == 0)
                    return jp_fail(jp, "duplicate member name"), NULL;
            jp_ws(jp);
            if (jp->p >= jp->end || *jp->p != ':')
                return jp_fail(jp, "expected ':'"), NULL;
            jp->p++;
        }
        kt_jv *c = jp_value(jp, depth + 1);
        if (!c)
            return NULL;
        c->key = key;
        *tail = c;
        tail = &c->next;
        v->n++;
        jp_ws(jp);
        if (jp->p < jp->end && *jp->p == ',') {
            jp->p++;
            continue;
        }
        if (jp->p < jp->end && *jp->p == close) {
            jp->p++;
            return v;
        }
        return jp_fail(jp, is_obj ? "expected ',' or '}'" : "expected ',' or ']'"), NULL;
    }
}

static kt_jv *jp_value(jparser *jp, int depth)
{
    if (depth > KT_JSON_MAX_DEPTH)
        return jp_fail(jp, "nesting too deep"), NULL;
    jp_ws(jp);
    if (jp->p >= jp->end)
        return jp_fail(jp, "unexpected end of input"), NULL;
    kt_jv *v;
    switch (*jp->p) {
    case '{': return jp_container(jp, depth, 1);
    case '[': return jp_container(jp, depth, 0);
    case '"':
        v = jp_node(jp, KT_JSTR);
        if (!v || !jp_string(jp, &v->s, &v->slen))
            return NULL;
        return v;
    case 't':
        v = jp_node(jp, KT_JBOOL);
        if (!v || !jp_lit(jp, "true"))
            return NULL;
        v->b = 1;
        return v;
    case 'f':
        v = jp_node(jp, KT_JBOOL);
        if (!v || !jp_lit(jp, "false"))
            return NULL;
        return v;
    case 'n':
        v = jp_node(jp, KT_JNULL);
        if (!v || !jp_lit(jp, "null"))
            return NULL;
        return v;
    default:
        if (*jp->p != '-' && (*jp->p < '0' || *jp->p > '9'))
            return jp_fail(jp, "unexpected character (expected a JSON value)"), NULL;
        v = jp_node(jp, KT_JNUM);
        if (!v || !jp_number(jp, v))
            return NULL;
        return v;
    }
}

kt_status kt_json_parse(const char *text, size_t len, kt_jdoc *doc, kt_err *err)
{
    return kt_json_parse_alloc(text, len, NULL, doc, err);
}

kt_status kt_json_parse_alloc(const char *text, size_t len, const kt_allocator *a, kt_jdoc *doc,
                              kt_err *err)
{
    jparser jp = {text, text, text + len, doc, err, 0};
    doc->a = a;
    doc->root = NULL;
    doc->blocks = NULL;
    if (!text)
        return jp_fail(&jp, "no input"), KT_EPARSE;
    kt_jv *v = jp_value(&jp, 0);
    if (v) {
        jp_ws(&jp);
        if (jp.p != jp.end)
            jp_fail(&jp, "trailing characters after the value");
    }
    if (jp.failed) {
        kt_json_free(doc);
        return KT_EPARSE;
    }
    doc->root = v;
    return KT_OK;
}

const kt_jv *kt_jv_get(const kt_jv *obj, const char *key)
{
    if (!obj || obj->type != KT_JOBJ)
        return NULL;
    for (const kt_jv *c = obj->child; c; c = c->next)
        if (strcmp(c->key, key) == 0)
            return c;
    return NULL;
}

const kt_jv *kt_jv_at(const kt_jv *arr, int i)
{
    if (!arr || (arr->type != KT_JARR && arr->type != KT_JOBJ) || i < 0)
        return NULL;
    const kt_jv *c = arr->child;
    while (c && i-- > 0)
        c = c->next;
    return c;
}

const char *kt_jtype_name(kt_jtype t)
{
    static const char *const names[] = {"null", "boolean", "number", "string", "array", "object"};
    return (unsigned)t < 6 ? names[t] : "?";
}

/* ================================================================ merge patch */

static void merge_write(kt_jw *w, const kt_jv *base, const kt_jv *patch)
{
    if (!patch || patch->type != KT_JOBJ) {
        kt_jw_value(w, patch ? patch : base);
        return;
    }
    kt_jw_obj(w);
    if (base && base->type == KT_JOBJ) {
        for (const kt_jv *c = base->child; c; c = c->next) {
            const kt_jv *pc = kt_jv_get(patch, c->key);
            if (pc && pc->type == KT_JNULL)
                continue;
            kt_jw_key(w, c->key);
            if (pc)
                merge_write(w, c, pc);
            else
                kt_jw_value(w, c);
        }
    }
    for (const kt_jv *pc = patch->child; pc; pc = pc->next) {
        if (pc->type == KT_JNULL || (base && base->type == KT_JOBJ && kt_jv_get(base, pc->key)))
            continue;
        kt_jw_key(w, pc->key);
        merge_write(w, NULL, pc);
    }
    kt_jw_obj_end(w);
}

char *kt_json_merge_patch(const char *base, const char *patch, kt_err *err)
{
    kt_jdoc db, dp;
    if (kt_json_parse(base, strlen(base), &db, err) != KT_OK)
        return NULL;
    if (kt_json_parse(patch, strlen(patch), &dp, err) != KT_OK) {
        kt_json_free(&db);
        return NULL;
    }
    kt_buf b;
    kt_buf_init(&b);
    kt_jw w;
    kt_jw_init(&w, &b);
    merge_write(&w, db.root, dp.root);
    kt_json_free(&db);
    kt_json_free(&dp);
    char *out = kt_buf_take(&b);
    if (!out && err) {
        err->code = KT_ENOMEM;
        snprintf(err->msg, sizeof err->msg, "out of memory");
    }
    return out;
}

/* ================================================================ reader */

void kt_jr_init(kt_jr *r, kt_err *err, const char *root)
{
    r->err = err;
    r->failed = 0;
    r->depth = 0;
    snprintf(r->path, sizeof r->path, "%s", root ? root : "");
}

static void jr_mark(kt_jr *r)
{
    if (r->depth < 32)
        r->mark[r->depth] = strlen(r->path);
    r->depth++;
}

void kt_jr_push(kt_jr *r, const char *key)
{
    jr_mark(r);
    size_t n = strlen(r->path);
    snprintf(r->path + n, sizeof r->path - n, "%s%s", n ? "." : "", key);
}

void kt_jr_push_i(kt_jr *r, int index)
{
    jr_mark(r);
    size_t n = strlen(r->path);
    snprintf(r->path + n, sizeof r->path - n, "[%d]", index);
}

void kt_jr_pop(kt_jr *r)
{
    if (r->depth <= 0)
        return;
    r->depth--;
    if (r->depth < 32)
        r->path[r->mark[r->depth]] = '\0';
}

int kt_jr_fail(kt_jr *r, const char *fmt, ...)
{
    if (r->failed)
        return 0;
    r->failed = 1;
    if (r->err) {
        char m[KT_ERRLEN];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(m, sizeof m, fmt, ap);
        va_end(ap);
        r->err->code = KT_ESTATE;
        snprintf(r->err->msg, sizeof r->err->msg, "field '%.120s': %.180s", r->path[0] ? r->path : "(root)", m);
    }
    return 0;
}

const kt_jv *kt_jr_get(kt_jr *r, const kt_jv *obj, const char *key, int type)
{
    if (r->failed)
        return NULL;
    if (!obj || obj->type != KT_JOBJ)
        return kt_jr_fail(r, "expected an object"), NULL;
    const kt_jv *v = kt_jv_get(obj, key);
    kt_jr_push(r, key);
    if (!v)
        kt_jr_fail(r, "missing");
    else if (type >= 0 && v->type != (kt_jtype)type)
        kt_jr_fail(r, "expected %s, got %s", kt_jtype_name((kt_jtype)type), kt_jtype_name(v->type));
    kt_jr_pop(r);
    return r->failed ? NULL : v;
}

int kt_jr_int_val(kt_jr *r, const kt_jv *v, long long lo, long long hi, long long *out)
{
    if (r->failed)
        return 0;
    if (v->type != KT_JNUM || !v->isint || (!v->neg && v->u > (uint64_t)INT64_MAX))
        return kt_jr_fail(r, "expected an integer in %lld..%lld", lo, hi);
    long long x = v->neg ? -(long long)(v->u - 1) - 1 : (long long)v->u;
    if (x < lo || x > hi)
        return kt_jr_fail(r, "%lld is out of range %lld..%lld", x, lo, hi);
    *out = x;
    return 1;
}

int kt_jr_int(kt_jr *r, const kt_jv *obj, const char *key, long long lo, long long hi, long long *out)
{
    const kt_jv *v = kt_jr_get(r, obj, key, -1);
    if (!v)
        return 0;
    kt_jr_push(r, key);
    int ok = kt_jr_int_val(r, v, lo, hi, out);
    kt_jr_pop(r);
    return ok;
}

int kt_jr_u64(kt_jr *r, const kt_jv *obj, const char *key, uint64_t *out)
{
    const kt_jv *v = kt_jr_get(r, obj, key, -1);
    if (!v)
        return 0;
    kt_jr_push(r, key);
    int ok = 1;
    if (v->type == KT_JNUM && v->isint && !v->neg) {
        *out = v->u;
    } else if (v->type == KT_JSTR) {
        /* decimal, or 0x-prefixed hexadecimal, for values beyond 2^53 */
        char *end = NULL;
        const char *s = v->s;
        int base = (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) ? 16 : 10;
        if (!*s || *s == '-' || *s == '+' || *s == ' ')
            ok = kt_jr_fail(r, "expected an unsigned 64-bit integer");
        else {
            unsigned long long x = strtoull(s, &end, base);
            if (*end)
                ok = kt_jr_fail(r, "expected an unsigned 64-bit integer");
            else
                *out = x;
        }
    } else {
        ok = kt_jr_fail(r, "expected an unsigned 64-bit integer");
    }
    kt_jr_pop(r);
    return ok;
}

int kt_jr_bool(kt_jr *r, const kt_jv *obj, const char *key, int *out)
{
    const kt_jv *v = kt_jr_get(r, obj, key, KT_JBOOL);
    if (!v)
        return 0;
    *out = v->b;
    return 1;
}

const char *kt_jr_str(kt_jr *r, const kt_jv *obj, const char *key)
{
    const kt_jv *v = kt_jr_get(r, obj, key, KT_JSTR);
    return v ? v->s : NULL;
}

const kt_jv *kt_jr_arr(kt_jr *r, const kt_jv *obj, const char *key, int minlen, int maxlen)
{
    const kt_jv *v = kt_jr_get(r, obj, key, KT_JARR);
    if (!v)
        return NULL;
    if (v->n < minlen || v->n > maxlen) {
        kt_jr_push(r, key);
        if (minlen == maxlen)
            kt_jr_fail(r, "expected %d elements, got %d", minlen, v->n);
        else
            kt_jr_fail(r, "expected %d..%d elements, got %d", minlen, maxlen, v->n);
        kt_jr_pop(r);
        return NULL;
    }
    return v;
}

int kt_jr_each(kt_jr *r, const kt_jv *obj, const char *key, int maxlen,
               int (*fn)(kt_jr *r, const kt_jv *e, int i, void *ctx), void *ctx)
{
    const kt_jv *a = kt_jr_arr(r, obj, key, 0, maxlen);
    if (!a)
        return -1;
    kt_jr_push(r, key);
    int i = 0, ok = 1;
    for (const kt_jv *e = a->child; e && ok; e = e->next, i++) {
        kt_jr_push_i(r, i);
        ok = fn(r, e, i, ctx);
        kt_jr_pop(r);
    }
    kt_jr_pop(r);
    return ok ? i : -1;
}

int kt_jr_int_at(kt_jr *r, const kt_jv *arr, int i, long long lo, long long hi, long long *out)
{
    const kt_jv *v = kt_jv_at(arr, i);
    kt_jr_push_i(r, i);
    int ok = v ? kt_jr_int_val(r, v, lo, hi, out) : kt_jr_fail(r, "missing");
    kt_jr_pop(r);
    return ok;
}

int kt_jr_only(kt_jr *r, const kt_jv *obj, const char *allowed)
{
    if (r->failed || !obj || obj->type != KT_JOBJ)
        return !r->failed;
    for (const kt_jv *c = obj->child; c; c = c->next) {
        size_t kl = strlen(c->key);
        const char *p = allowed;
        int found = 0;
        while (*p) {
            const char *e = strchr(p, ',');
            size_t n = e ? (size_t)(e - p) : strlen(p);
            if (n == kl && memcmp(p, c->key, n) == 0) {
                found = 1;
                break;
            }
            if (!e)
                break;
            p = e + 1;
        }
        if (!found) {
            kt_jr_push(r, c->key);
            kt_jr_fail(r, "unknown field (expected one of: %s)", allowed);
            kt_jr_pop(r);
            return 0;
        }
    }
    return 1;
}

int kt_jr_u8s(kt_jr *r, const kt_jv *obj, const char *key, uint8_t *out, int minlen, int maxlen,
              int lo, int hi, int *n_out)
{
    const kt_jv *a = kt_jr_arr(r, obj, key, minlen, maxlen);
    if (!a)
        return 0;
    kt_jr_push(r, key);
    int i = 0;
    for (const kt_jv *c = a->child; c; c = c->next, i++) {
        long long x;
        kt_jr_push_i(r, i);
        int ok = kt_jr_int_val(r, c, lo, hi, &x);
        kt_jr_pop(r);
        if (!ok) {
            kt_jr_pop(r);
            return 0;
        }
        out[i] = (uint8_t)x;
    }
    kt_jr_pop(r);
    if (n_out)
        *n_out = i;
    return 1;
}
