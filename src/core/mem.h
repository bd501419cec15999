/*
 * mem.h - the library's one allocation gateway.  Every allocation of the
 * library (configurations, states, records, sessions, bots, text buffers,
 * parsed JSON, returned strings) goes through kt_mem with the allocator of
 * what it belongs to; NULL (or an allocator without fn) means
 * malloc/realloc/free.  Nowhere else in src/core and src/bots calls
 * malloc, realloc or free.
 *
 * The one exception: strings the API returns (kontor.h: released with
 * kt_free, which takes no allocator) are malloc memory; they are built in
 * the allocator's memory and copied out once (kt_str_take).
 */
#ifndef KT_MEM_H
#define KT_MEM_H

#include <stddef.h>

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

/* A string to return from the API (malloc, kt_free): the buffer's text, or
 * NULL when out of memory; the buffer is reset either way. */
char *kt_str_take(kt_buf *b);
/* A copy of s to return from the API (malloc, kt_free; `a` is for the day
 * kt_free learns allocators). */
char *kt_str_dup(const kt_allocator *a, const char *s);

#endif
