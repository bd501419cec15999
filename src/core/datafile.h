/*
 * datafile.h - the text of a game's component data file, from a directory
 * the user named (a game's data_dir option) or from the copy embedded in
 * the library (embed.h), so that every game reads its files the same way.
 *
 * Data layout: a kt_datafile holds the name messages use ("<dir>/<file>"
 * on disk, "<game>/<file>" embedded), the text (NUL-terminated, no NUL
 * inside) and, when the text was read from disk or copied, the block to
 * free with its size and the allocator it came from (the configuration's
 * being set up, so that this too goes through the caller's allocator).  Files on disk are read only when they are regular files (never a
 * device or a pipe that could block or never end) of at most
 * KT_DATAFILE_MAX bytes.  Every error names the file; the games' record
 * parsers add the line.
 */
#ifndef KT_DATAFILE_H
#define KT_DATAFILE_H

#include <stddef.h>

#include "kontor/kontor.h"

#define KT_DATAFILE_MAX (256 * 1024) /* largest data file read from a directory */

typedef struct kt_datafile {
    char name[512]; /* the file's name in messages */
    const char *text;
    char *owned;    /* freed by kt_datafile_close */
    size_t owned_size;
    kt_allocator a; /* of `owned` (fn NULL: malloc) */
} kt_datafile;

/* Open data file `file` of `game`: from `dir` when it is non-empty, else the
 * embedded data/<game>/<file>.  With `writable` the text is a private copy
 * the caller may change (a parser that splits lines in place).  Memory
 * comes from `a` (NULL: malloc).  KT_OK, or an error naming the file
 * (df->text NULL). */
kt_status kt_datafile_open(kt_datafile *df, const kt_allocator *a, const char *game,
                           const char *dir, const char *file, int writable, kt_err *err);
void kt_datafile_close(kt_datafile *df);

#endif
