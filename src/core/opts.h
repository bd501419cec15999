/*
 * opts.h - validated key=value options (games and bots share the format).
 *
 * A definition table (kt_optinfo, public) lists each key with its type,
 * default and range.  Parsing fills one kt_optval per definition, in table
 * order; string values are copies owned by the value array, in the memory
 * of the allocator the array was parsed with (kt_opts_parse_alloc: a
 * configuration's options come from its allocator; NULL: malloc).
 */
#ifndef KT_OPTS_H
#define KT_OPTS_H

#include "util/buf.h"
#include "kontor/kontor.h"

typedef struct kt_optval {
    long long i; /* INT value, BOOL 0/1, ENUM choice index */
    char *s;     /* text form (always set after parsing) */
    int set;     /* given explicitly (not the default) */
    const struct kt_allocator *a; /* where s lives (NULL: malloc); outlives the value */
} kt_optval;

/* Parse `text` ("k=v<sep>k=v", separators from `seps`) against defs.
 * `what` names the owner in messages ("dominion option", "bot mcts").
 * Every allocation (the values, the scratch copy of text) comes from
 * `alloc` (NULL: malloc), which must outlive the values.  On error nothing
 * is allocated in out. */
kt_status kt_opts_parse_alloc(const kt_optinfo *defs, int n, const char *text, const char *seps,
                              const char *what, const kt_allocator *alloc, kt_optval *out,
                              kt_err *err);
/* kt_opts_parse_alloc with malloc (for values with no owner). */
kt_status kt_opts_parse(const kt_optinfo *defs, int n, const char *text, const char *seps,
                        const char *what, kt_optval *out, kt_err *err);
/* Set one value from text (validated), in the value's allocator (val->a);
 * used by games that resolve options. */
kt_status kt_opt_set(const kt_optinfo *def, kt_optval *val, const char *text, const char *what,
                     kt_err *err);
void kt_opts_free(kt_optval *vals, int n);
/* Canonical text of the explicitly set options, in table order. */
void kt_opts_canon(const kt_optinfo *defs, int n, const kt_optval *vals, char sep, kt_buf *out);
/* Index of the definition named `name`, or -1. */
int kt_opt_index(const kt_optinfo *defs, int n, const char *name);

/* Error helper used across the core: fills err (if any) and returns code. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
kt_status kt_seterr(kt_err *err, kt_status code, const char *fmt, ...);

#endif
