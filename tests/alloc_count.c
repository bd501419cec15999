/*
 * alloc_count.c - counts the heap allocations made by the code linked into
 * kontor-tests, so that tests can check that rule code and bots' choose do
 * not allocate (DEVELOPERS.md: no allocation in legal/apply, determinize or
 * a bot's choose).  The test binary is linked with
 * -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc (Makefile): every call to
 * those from the library and the tests comes here first and goes on to the
 * real function (or to a sanitizer's or valgrind's, which replace it).
 *
 * Data layout: one process-wide atomic counter; tests read it before and
 * after a section that runs on one thread and compare.
 */
#include <stdatomic.h>
#include <stddef.h>

#include "harness.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);

static _Atomic long long alloc_calls;

void *__wrap_malloc(size_t n)
{
    atomic_fetch_add_explicit(&alloc_calls, 1, memory_order_relaxed);
    return __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t size)
{
    atomic_fetch_add_explicit(&alloc_calls, 1, memory_order_relaxed);
    return __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t n)
{
    atomic_fetch_add_explicit(&alloc_calls, 1, memory_order_relaxed);
    return __real_realloc(p, n);
}

long long kt_t_alloc_count(void)
{
    return atomic_load_explicit(&alloc_calls, memory_order_relaxed);
}
