/*
 * mem.c - the allocation gateway (mem.h).  No data of its own.
 */
#include "mem.h"

#include <assert.h>
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

/* The block of a returned string: header, then text (mem.h). */
static kt_strhdr *str_hdr(const char *p) { return (kt_strhdr *)(void *)(p - sizeof(kt_strhdr)); }

static char *str_seal(char *blk, const kt_allocator *a, size_t size)
{
    kt_strhdr *h = (kt_strhdr *)(void *)blk;
    h->a.fn = a ? a->fn : NULL;
    h->a.ud = a && a->fn ? a->ud : NULL;
    h->size = size;
    h->tag = KT_STR_TAG ^ (uint64_t)size;
    return blk + sizeof *h;
}

char *kt_str_dup(const kt_allocator *a, const char *s)
{
    size_t n = strlen(s) + 1, size = sizeof(kt_strhdr) + n;
    char *blk = kt_mem_alloc(a, size);
    if (!blk)
        return NULL;
    char *p = str_seal(blk, a, size);
    memcpy(p, s, n);
    return p;
}

/* The buffer's block grows by the header (usually in place: buffers double,
 * so there is room) and the text moves up behind it: no second block. */
char *kt_str_take(kt_buf *b)
{
    if (b->oom) {
        kt_buf_free(b);
        return NULL;
    }
    size_t len = b->p ? b->len : 0, size = sizeof(kt_strhdr) + len + 1;
    char *blk = kt_mem_realloc(b->a, b->p, b->p ? b->cap : 0, size);
    if (!blk) {
        kt_buf_free(b);
        return NULL;
    }
    memmove(blk + sizeof(kt_strhdr), blk, len);
    blk[sizeof(kt_strhdr) + len] = '\0';
    const kt_allocator *a = b->a;
    kt_buf_init_alloc(b, a);
    return str_seal(blk, a, size);
}

int kt_str_is_ours(const char *p)
{
    const kt_strhdr *h = str_hdr(p);
    return h->tag == (KT_STR_TAG ^ (uint64_t)h->size) && h->size > sizeof *h;
}

/* kt_free takes no allocator: the header says where the block came from.
 * A pointer that is not a library string is a caller's mistake (kontor.h);
 * debug builds stop on it, release builds hand it to free() as before the
 * header existed. */
void kt_free(void *p)
{
    if (!p)
        return;
    const int library_string = kt_str_is_ours(p);
    assert(library_string && "kt_free: not a string the library returned");
    if (!library_string) {
        free(p);
        return;
    }
    kt_strhdr *h = str_hdr(p);
    kt_allocator a = h->a;
    size_t size = h->size;
    kt_mem(&a, h, size, 0);
}
