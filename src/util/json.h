/*
 * json.h - JSON writer, parser and a path-tracking reader for validation.
 * Part of src/util (see buf.h).
 *
 * Writer: appends compact JSON to a kt_buf; commas are inserted
 * automatically from a per-depth bit set (depth <= 63).
 *
 * Parser: builds a read-only DOM of kt_jv nodes in an arena owned by a
 * kt_jdoc (freed at once by kt_json_free).  Numbers keep an exact 64-bit
 * integer form when the text is integral, so seeds survive.  Objects keep
 * member order; duplicate keys are rejected.
 *
 * Reader (kt_jr): helpers that fetch typed, range-checked fields and, on the
 * first failure, record a message naming the full field path, e.g.
 * "state.players[1].hand[3]: unknown card 'Vilage'".
 */
#ifndef KT_JSON_H
#define KT_JSON_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "kontor/kontor.h"

/* ---- writer ---- */
typedef struct kt_jw {
    kt_buf *b;
    int depth;
    uint64_t has_item; /* bit d: container at depth d already has an item */
    int after_key;
} kt_jw;

void kt_jw_init(kt_jw *w, kt_buf *b);
void kt_jw_obj(kt_jw *w);
void kt_jw_obj_end(kt_jw *w);
void kt_jw_arr(kt_jw *w);
void kt_jw_arr_end(kt_jw *w);
void kt_jw_key(kt_jw *w, const char *k);
void kt_jw_str(kt_jw *w, const char *s);
void kt_jw_strn(kt_jw *w, const char *s, size_t n);
void kt_jw_int(kt_jw *w, long long v);
void kt_jw_uint(kt_jw *w, unsigned long long v);
void kt_jw_num(kt_jw *w, double v);
void kt_jw_bool(kt_jw *w, int v);
void kt_jw_null(kt_jw *w);
void kt_jw_raw(kt_jw *w, const char *json); /* an already-encoded value */
/* key + value shorthands */
void kt_jw_kint(kt_jw *w, const char *k, long long v);
void kt_jw_kstr(kt_jw *w, const char *k, const char *s);
void kt_jw_kbool(kt_jw *w, const char *k, int v);
void kt_jw_knum(kt_jw *w, const char *k, double v);
void kt_jw_u8s(kt_jw *w, const uint8_t *a, size_t n);   /* [1,2,3] */
void kt_jw_i32s(kt_jw *w, const int32_t *a, size_t n);

/* ---- DOM ---- */
typedef enum kt_jtype { KT_JNULL, KT_JBOOL, KT_JNUM, KT_JSTR, KT_JARR, KT_JOBJ } kt_jtype;

typedef struct kt_jv {
    kt_jtype type;
    int b;           /* KT_JBOOL */
    int isint, neg;  /* KT_JNUM: exact integer (magnitude in u, sign in neg) */
    uint64_t u;
    double d;
    const char *s;   /* KT_JSTR: NUL terminated, UTF-8; KT_JNUM: the number as written */
    size_t slen;
    const char *key; /* member name when inside an object */
    struct kt_jv *child, *next;
    int n;           /* number of children */
} kt_jv;

typedef struct kt_jdoc {
    kt_jv *root;
    void *blocks; /* arena chain */
    const kt_allocator *a; /* the arena's memory (NULL: malloc) */
} kt_jdoc;

/* Parse `len` bytes of `text`.  Errors carry line:column. */
kt_status kt_json_parse(const char *text, size_t len, kt_jdoc *doc, kt_err *err);
/* The same with the arena's memory from `a` (mem.h; a outlives the doc). */
kt_status kt_json_parse_alloc(const char *text, size_t len, const kt_allocator *a, kt_jdoc *doc,
                              kt_err *err);
void kt_json_free(kt_jdoc *doc);
const kt_jv *kt_jv_get(const kt_jv *obj, const char *key);
const kt_jv *kt_jv_at(const kt_jv *arr, int i);
const char *kt_jtype_name(kt_jtype t);
/* Re-encode a DOM value (compact). */
void kt_jw_value(kt_jw *w, const kt_jv *v);
/* RFC 7386 merge patch: returns malloc'd JSON (base with patch applied). */
char *kt_json_merge_patch(const char *base, const char *patch, kt_err *err);

/* ---- validating reader ---- */
typedef struct kt_jr {
    kt_err *err;
    int failed;
    char path[256];
    size_t mark[32];
    int depth;
} kt_jr;

void kt_jr_init(kt_jr *r, kt_err *err, const char *root);
void kt_jr_push(kt_jr *r, const char *key);
void kt_jr_push_i(kt_jr *r, int index);
void kt_jr_pop(kt_jr *r);
/* Record a failure at the current path (first failure wins); returns 0. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
int kt_jr_fail(kt_jr *r, const char *fmt, ...);
/* Required member of the given type (or any type with type = -1). */
const kt_jv *kt_jr_get(kt_jr *r, const kt_jv *obj, const char *key, int type);
/* Typed required members; return 1 on success. */
int kt_jr_int(kt_jr *r, const kt_jv *obj, const char *key, long long lo, long long hi, long long *out);
int kt_jr_u64(kt_jr *r, const kt_jv *obj, const char *key, uint64_t *out);
int kt_jr_bool(kt_jr *r, const kt_jv *obj, const char *key, int *out);
const char *kt_jr_str(kt_jr *r, const kt_jv *obj, const char *key);
/* Array member with length in [minlen, maxlen]. */
const kt_jv *kt_jr_arr(kt_jr *r, const kt_jv *obj, const char *key, int minlen, int maxlen);
/* Array member `key` with at most maxlen elements, loaded element by
 * element: fn(r, element, index, ctx) runs with the element's path pushed
 * and returns 1 on success.  Returns the number of elements, or -1 after
 * the first failure (recorded in r). */
int kt_jr_each(kt_jr *r, const kt_jv *obj, const char *key, int maxlen,
               int (*fn)(kt_jr *r, const kt_jv *e, int i, void *ctx), void *ctx);
/* Element i of an array as an integer in [lo, hi] (path shows the index). */
int kt_jr_int_at(kt_jr *r, const kt_jv *arr, int i, long long lo, long long hi, long long *out);
/* Value as integer in range, path already pushed by the caller. */
int kt_jr_int_val(kt_jr *r, const kt_jv *v, long long lo, long long hi, long long *out);
/* Reject members not in the comma-separated list `allowed`. */
int kt_jr_only(kt_jr *r, const kt_jv *obj, const char *allowed);
/* Integer array member -> uint8 array, each value in [lo, hi]. */
int kt_jr_u8s(kt_jr *r, const kt_jv *obj, const char *key, uint8_t *out, int minlen, int maxlen, int lo, int hi, int *n_out);

#endif
