/*
 * buf.c - growable text buffer (see buf.h).  Doubling growth; one byte is
 * always reserved for the terminating NUL.
 */
#include "buf.h"

#include "core/mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void kt_buf_init(kt_buf *b) { kt_buf_init_alloc(b, NULL); }

void kt_buf_init_alloc(kt_buf *b, const kt_allocator *a)
{
    b->p = NULL;
    b->len = b->cap = 0;
    b->oom = 0;
    b->color = 0;
    b->a = a;
}

void kt_buf_free(kt_buf *b)
{
    kt_mem_free(b->a, b->p, b->cap);
    kt_buf_init_alloc(b, b->a);
}

void kt_buf_reset(kt_buf *b)
{
    b->len = 0;
    if (b->p)
        b->p[0] = '\0';
}

static int buf_reserve(kt_buf *b, size_t extra)
{
    if (b->oom)
        return 0;
    if (b->len + extra + 1 <= b->cap)
        return 1;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1)
        cap *= 2;
    char *p = kt_mem_realloc(b->a, b->p, b->cap, cap);
    if (!p) {
        b->oom = 1;
        return 0;
    }
    b->p = p;
    b->cap = cap;
    return 1;
}

void kt_buf_put(kt_buf *b, const char *s, size_t n)
{
    if (!buf_reserve(b, n))
        return;
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

void kt_buf_putc(kt_buf *b, char c)
{
    kt_buf_put(b, &c, 1);
}

void kt_buf_puts(kt_buf *b, const char *s)
{
    kt_buf_put(b, s, strlen(s));
}

void kt_buf_vprintf(kt_buf *b, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0 || !buf_reserve(b, (size_t)n))
        return;
    vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
}

void kt_buf_printf(kt_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    kt_buf_vprintf(b, fmt, ap);
    va_end(ap);
}

size_t kt_utf8_width(const char *s)
{
    size_t w = 0;
    for (; *s; s++) {
        if (*s == '\033' && s[1] == '[') { /* ANSI colour (SGR): no width */
            s += 2;
            while (*s && !(*s >= '@' && *s <= '~'))
                s++;
            if (!*s)
                break;
            continue;
        }
        if (((unsigned char)*s & 0xC0) != 0x80)
            w++;
    }
    return w;
}

void kt_buf_sgr(kt_buf *b, const char *code)
{
    if (b->color)
        kt_buf_printf(b, "\033[%sm", code && *code ? code : "0");
}

void kt_buf_pad_to(kt_buf *b, size_t col)
{
    size_t start = b->len;
    while (start > 0 && b->p[start - 1] != '\n')
        start--;
    size_t w = b->p ? kt_utf8_width(b->p + start) : 0;
    while (w++ < col)
        kt_buf_putc(b, ' ');
}

char *kt_buf_take(kt_buf *b)
{
    if (b->oom) {
        kt_buf_free(b);
        return NULL;
    }
    if (!b->p)
        kt_buf_putc(b, '\0'), b->len = 0;
    char *p = b->p;
    kt_buf_init_alloc(b, b->a);
    return p;
}
