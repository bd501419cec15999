/*
 * buf.h - growable text buffer for views (JSON, rendering, listings).
 *
 * Part of src/util: game-independent utilities that the library, the server
 * and the `kontor` command all use (DEVELOPERS.md, "Layout").  They know
 * nothing of games or states; their headers include only kontor/kontor.h
 * (status codes, kt_err, kt_allocator) and each other.
 *
 * Views are not on the hot path, so they may allocate; rule code never does.
 * A failed allocation sets `oom` and later writes become no-ops, so callers
 * check once at the end (kt_buf_take returns NULL then).  The buffer is
 * always NUL terminated when p != NULL.
 */
#ifndef KT_BUF_H
#define KT_BUF_H

#include <stdarg.h>
#include <stddef.h>

struct kt_allocator;
typedef struct kt_buf {
    char *p;
    size_t len, cap;
    int oom;
    int color; /* the reader's terminal shows ANSI colours (set by kt_render) */
    const struct kt_allocator *a; /* where the memory comes from (NULL: malloc) */
} kt_buf;

void kt_buf_init(kt_buf *b);
/* A buffer whose memory comes from `a` (mem.h; a must outlive it). */
void kt_buf_init_alloc(kt_buf *b, const struct kt_allocator *a);
void kt_buf_free(kt_buf *b);
void kt_buf_reset(kt_buf *b); /* len = 0, keeps memory */
void kt_buf_putc(kt_buf *b, char c);
void kt_buf_put(kt_buf *b, const char *s, size_t n);
void kt_buf_puts(kt_buf *b, const char *s);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void kt_buf_printf(kt_buf *b, const char *fmt, ...);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 0)))
#endif
void kt_buf_vprintf(kt_buf *b, const char *fmt, va_list ap);
/* Pad with spaces up to display column `col` counted from the last '\n'
 * (UTF-8 aware), for aligned tables. */
void kt_buf_pad_to(kt_buf *b, size_t col);
/* Hand the string to the caller (free with free() for a malloc buffer;
 * strings the API returns are made with kt_str_take, mem.h); resets b.
 * Returns NULL if an allocation failed. */
char *kt_buf_take(kt_buf *b);

/* Start an ANSI SGR attribute ("1" bold, "31" red, "0" reset...) when the
 * buffer's reader wants colour (b->color); nothing otherwise. */
void kt_buf_sgr(kt_buf *b, const char *code);

/* Number of UTF-8 code points in s (display width for our text); ANSI
 * colour sequences count zero. */
size_t kt_utf8_width(const char *s);

#endif
