/*
 * embed.h - component data files compiled into the library.
 *
 * Every file under data/ is embedded at build time (scripts/embed.sh) so that
 * games can load their human-readable default data without knowing where
 * kontor is installed.  Games that accept a data directory option read files
 * from disk instead and validate them the same way.
 */
#ifndef KT_EMBED_H
#define KT_EMBED_H

#include <stddef.h>

typedef struct kt_embedded {
    const char *path;          /* relative to data/, e.g. "mp2/cities.txt" */
    const unsigned char *data; /* NUL terminated */
    size_t len;
} kt_embedded;

/* Table ending with a {NULL, NULL, 0} entry. */
const kt_embedded *kt_embedded_files(void);
/* The embedded file at `path`, or NULL. */
const kt_embedded *kt_embedded_find(const char *path);

#endif
