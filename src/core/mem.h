/*
 * mem.h - the library's one allocation gateway.  Every allocation of the
 * library (configurations and their option values, states, records,
 * sessions, bots (the games' own included: they keep the game's allocator
 * in their struct, since destroy gets only the bot), the data tables read
 * while a configuration is set up (datafile.c, datarec.c and the games'
 * data.c), text buffers, parsed JSON, returned strings) goes through
 * kt_mem with the allocator of what it belongs to; NULL (or an allocator
 * without fn) means malloc/realloc/free.  Analyses (src/bots/analyze.c)
 * and learning environments (vector.c) use their configuration's.
 *
 * Strings the API returns (kontor.h: released with kt_free, which takes no
 * allocator) come from the allocator of the object they came from, or, for
 * calls without an object, the one they are given (NULL: malloc).  Their block starts with a
 * hidden header (kt_strhdr) that remembers the allocator and the block's
 * true size, so kt_free(p) can hand the block back where it came from:
 *
 *     block: [ kt_strhdr: allocator fn, ud, size, tag ][ text ... '\0' ]
 *                                                        ^ p (returned)
 *
 * The tag (KT_STR_TAG ^ size) marks a block as a library string; kt_free
 * checks it (an assertion in debug builds) so that a pointer which is not
 * one is caught rather than handed to the wrong allocator.
 */
#ifndef KT_MEM_H
#define KT_MEM_H

#include <stddef.h>
#include <stdint.h>

#include "util/buf.h"
#include "kontor/kontor.h"

/* fn(ud, p, osize, nsize) of `a`, or realloc/free: allocate (p NULL),
 * resize, or free (nsize 0: returns NULL). */
void *kt_mem(const kt_allocator *a, void *p, size_t osize, size_t nsize);

static inline void *kt_mem_alloc(const kt_allocator *a, size_t n) { return kt_mem(a, NULL, 0, n); }
static inline void *kt_mem_realloc(const kt_allocator *a, void *p, size_t osize, size_t nsize)
{
    return kt_mem(a, p, osize, nsize);
}
static inline void kt_mem_free(const kt_allocator *a, void *p, size_t size)
{
    if (p)
        kt_mem(a, p, size, 0);
}
/* n zero bytes */
void *kt_mem_zalloc(const kt_allocator *a, size_t n);

/* The hidden header of a returned string (above); its size is a multiple
 * of 16 on LP64 (32 bytes), so the text after it stays as aligned as the
 * allocator's block. */
typedef struct kt_strhdr {
    kt_allocator a; /* where the block came from (fn NULL: malloc) */
    size_t size;    /* the block's true size, header included */
    uint64_t tag;   /* KT_STR_TAG ^ size */
} kt_strhdr;
#define KT_STR_TAG 0x6b6f6e746f725354ULL /* "kontorST" */

/* A string to return from the API (kt_free): the buffer's text in a block
 * of the buffer's own allocator, or NULL when out of memory; the buffer is
 * reset either way. */
char *kt_str_take(kt_buf *b);
/* A copy of s to return from the API (kt_free), in a block of `a` (NULL:
 * malloc); NULL when out of memory. */
char *kt_str_dup(const kt_allocator *a, const char *s);
/* Whether p (not NULL) is a string made by kt_str_take/kt_str_dup: its
 * header carries the tag.  For kt_free's check and the tests. */
int kt_str_is_ours(const char *p);

#endif
