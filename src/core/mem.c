/*
 * mem.c - the allocation gateway (mem.h).  No data of its own.
 */
#include "mem.h"

#include <stdlib.h>
#include <string.h>

void *kt_mem(const kt_allocator *a, void *p, size_t osize, size_t nsize)
{
    if (a && a->fn)
        return a->fn(a->ud, p, osize, nsize);
    if (nsize == 0) {
        free(p);
        return NULL;
    }
    return realloc(p, nsize);
}

void *kt_mem_zalloc(const kt_allocator *a, size_t n)
{
    void *p = kt_mem_alloc(a, n);
    if (p)
        memset(p, 0, n);
    return p;
}

/* A returned string is plain malloc memory whatever the allocator: kt_free
 * takes no allocator, and callers (and this project's tests) release with
 * kt_free strings of their own from malloc as well.  The text is built in
 * the caller's allocator's memory and copied out once. */
char *kt_str_dup(const kt_allocator *a, const char *s)
{
    (void)a;
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (p)
        memcpy(p, s, n);
    return p;
}

char *kt_str_take(kt_buf *b)
{
    if (!b->a || !b->a->fn)
        return kt_buf_take(b);
    char *s = b->oom ? NULL : kt_str_dup(NULL, b->p ? b->p : "");
    kt_buf_free(b);
    return s;
}

void kt_free(void *p) { free(p); }
