/*
 * datarec.h - the records of a game's component data file: one reader for
 * the line format every game's data files share, with the provenance mark
 * of every record checked in one place.
 *
 * Format: one record per line, "<kind> [<name> [<name2>]] key=value ...
 * src=<provenance> [ref=<note>]"; words are separated by blanks, a word
 * starting with '#' begins a comment (to the end of the line), blank lines
 * are skipped.  What a kind means and which fields it has is the game's
 * table-specific mapping; this reader only splits, counts and checks.
 *
 * Data layout: a kt_drspec (static, per file) names the file's record kinds,
 * the game's provenance words (in the order of the game's SRC_* values),
 * how many names a record has and what messages may quote.  A kt_dr is the
 * reader of one file at a time (the kt_datafile, the line position, the
 * first error, the allocator of the configuration being set up); a kt_drec is one record, copied out of the line (fixed
 * arrays, no pointers into the text), with a bit per field that was read so
 * kt_dr_done can refuse unknown fields.
 *
 * Errors: the first error wins and later calls return 0 without changing
 * it.  Every message names the file, then " line N (<kind> <name>)" when a
 * record is at fault, then " field '<key>':" when a field is, e.g.
 *   "anno1701/era.txt line 40 (building M08): field 'cost': unknown good".
 * With KT_DR_QUIET messages never repeat what the file holds (names,
 * values, unknown words): a data_dir may point anywhere, so only the
 * file's name, line numbers, the spec's own kinds and the game's own field
 * names appear.
 */
#ifndef KT_DATAREC_H
#define KT_DATAREC_H

#include <stddef.h>
#include <stdint.h>

#include "datafile.h"

#define KT_DR_MAXF 16     /* key=value fields per record */
#define KT_DR_KIND 16     /* bytes of a kind, with its NUL */
#define KT_DR_NAME 40     /* bytes of a name */
#define KT_DR_KEY 16      /* bytes of a key */
#define KT_DR_VAL 200     /* bytes of a value */
#define KT_DR_LINE 1024   /* bytes of a line, with its NUL */

enum {
    KT_DR_QUIET = 1,  /* messages quote nothing from the file */
    KT_DR_SPACES = 2, /* '_' in a value stands for a space (converted on reading) */
    KT_DR_REF = 4,    /* a record may carry ref=<note> beside src= */
};

typedef struct kt_drspec {
    const char *game;             /* folder under data/ and in messages */
    const char *file;             /* e.g. "map.txt" */
    const char *kinds;            /* the file's record kinds, comma-separated */
    const char *const *src;       /* provenance words, index = the game's SRC_* value */
    int nsrc;
    int min_names, max_names;     /* words between the kind and the fields (0..2) */
    unsigned flags;               /* KT_DR_* */
} kt_drspec;

typedef struct kt_drec {
    int line; /* 1-based; 0 for a record that is not from a file */
    char kind[KT_DR_KIND];
    char name[2][KT_DR_NAME];
    int nnames;
    int nf;
    char key[KT_DR_MAXF][KT_DR_KEY];
    char val[KT_DR_MAXF][KT_DR_VAL];
    uint32_t used; /* bit i: field i was read */
} kt_drec;

typedef struct kt_dr {
    const kt_drspec *spec;
    kt_err *err;
    kt_datafile df;
    char name[sizeof ((kt_datafile *)0)->name]; /* the file in messages (kept after close) */
    const char *pos;                            /* next line of df.text */
    int line;
    int failed;
    kt_status code; /* of the first error */
    kt_allocator a; /* the file's text and kt_dr_all's array (fn NULL: malloc) */
    int all_cap;    /* records kt_dr_all's array has room for */
} kt_dr;

/* Open spec->file of spec->game (from `dir` when non-empty, else the
 * embedded copy).  The kt_dr is zeroed first except for `failed`/`code`,
 * which keep an earlier file's error.  Memory comes from `a` (NULL:
 * malloc).  1, or 0 with the error set. */
int kt_dr_open(kt_dr *d, const kt_drspec *spec, const kt_allocator *a, const char *dir,
               kt_err *err);
void kt_dr_close(kt_dr *d);

/* The next record into *r: 1, 0 at the end of the file, -1 on a malformed
 * line (error set).  The kind is one of spec->kinds and the number of names
 * within the spec's range. */
int kt_dr_next(kt_dr *d, kt_drec *r);

/* Every record of the file into a new array (*out, from the reader's
 * allocator: release it with kt_dr_all_free): 1, or 0 with the error set
 * and nothing to free. */
int kt_dr_all(kt_dr *d, kt_drec **out, int *n);
void kt_dr_all_free(kt_dr *d, kt_drec *recs);

/* Records the first error (KT_EINVAL) naming the file, record `r` (NULL: the
 * file as a whole) and `field` (NULL: none); always returns 0. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
int kt_dr_fail(kt_dr *d, const kt_drec *r, const char *field, const char *fmt, ...);

/* The value of field `key` (marking it read), or NULL. */
const char *kt_dr_get(kt_drec *r, const char *key);
/* The value of a field that must be there; NULL with "missing" set. */
const char *kt_dr_need(kt_dr *d, kt_drec *r, const char *key);

/* A whole decimal number in lo..hi; a field that is not there gives `def`
 * unless `required`.  1, or 0 with the error set. */
int kt_dr_int(kt_dr *d, kt_drec *r, const char *key, int lo, int hi, int def, int required,
              int *out);
/* The same into a byte (lo..hi must fit). */
int kt_dr_u8(kt_dr *d, kt_drec *r, const char *key, int lo, int hi, int def, int required,
             uint8_t *out);
/* Comma-separated numbers in lo..hi (at least one, at most cap): how many
 * were read, 0 with the error set. */
int kt_dr_ints(kt_dr *d, kt_drec *r, const char *key, int lo, int hi, int *out, int cap);
/* One of names[0..n-1] (empty names are never matched); a field that is not
 * there gives `def` unless `required`.  1, or 0 with the error set. */
int kt_dr_enum(kt_dr *d, kt_drec *r, const char *key, const char *const *names, int n,
               int required, int def, uint8_t *out);
/* A display name of 1..cap-1 bytes from value `v` ('_' stands for a space);
 * `v` NULL: "missing".  `field` names it in messages. */
int kt_dr_text(kt_dr *d, const kt_drec *r, const char *field, const char *v, char *out,
               size_t cap);

/* A table of a record's plain numeric fields: which key goes to which
 * member (a uint8_t or uint16_t at `off` of the game's struct), its range,
 * its default and whether it must be there.  Write the rows with named
 * initializers and KT_DRF(type, member) for the place. */
typedef struct kt_drfield {
    const char *key;
    size_t off;
    size_t size; /* 1 or 2 */
    int lo, hi, def;
    int required;
} kt_drfield;
#define KT_DRF(type, member) .off = offsetof(type, member), .size = sizeof(((type *)0)->member)

/* Reads every field of table f[0..n-1] into the struct at `base`, in table
 * order.  1, or 0 with the error set (the first failing field named). */
int kt_dr_fields(kt_dr *d, kt_drec *r, const kt_drfield *f, int n, void *base);

/* The end of a record: its provenance (src=, required; *src its index when
 * src is non-NULL), an optional non-empty ref= with KT_DR_REF, and no field
 * that was not read.  1, or 0 with the error set (also when an error was
 * set before). */
int kt_dr_done(kt_dr *d, kt_drec *r, uint8_t *src);

#endif
