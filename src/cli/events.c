/*
 * events.c - the game log for the terminal (the JSON array that
 * kt_events_json returns, read into a list of events) and the text helpers
 * of the screens: widths of UTF-8 with colours, a growing string, matching.
 *
 * Data layout: a cli_event holds one event (kind, player, text) in fixed
 * buffers; texts longer than the buffer are cut at a character boundary.
 * The reader accepts exactly what the engine writes (an array of flat
 * objects with string and integer members) and skips any other member, so
 * new fields in the log do not break it.  It never reads past the NUL.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"

static const char *ev_ws(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
    return p;
}

static int ev_hex(const char *p, unsigned *out)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        unsigned d;
        if (c >= '0' && c <= '9')
            d = (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f')
            d = (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            d = (unsigned)(c - 'A' + 10);
        else
            return 0;
        v = v * 16 + d;
    }
    *out = v;
    return 1;
}

/* Append code point cp as UTF-8 if it fits (keeping room for the NUL). */
static void ev_put_utf8(char *out, size_t cap, size_t *n, unsigned cp)
{
    char b[4];
    size_t k;
    if (cp < 0x80) {
        b[0] = (char)cp;
        k = 1;
    } else if (cp < 0x800) {
        b[0] = (char)(0xc0 | (cp >> 6));
        b[1] = (char)(0x80 | (cp & 0x3f));
        k = 2;
    } else if (cp < 0x10000) {
        b[0] = (char)(0xe0 | (cp >> 12));
        b[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
        b[2] = (char)(0x80 | (cp & 0x3f));
        k = 3;
    } else {
        b[0] = (char)(0xf0 | (cp >> 18));
        b[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
        b[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
        b[3] = (char)(0x80 | (cp & 0x3f));
        k = 4;
    }
    if (*n + k < cap) {
        memcpy(out + *n, b, k);
        *n += k;
    }
}

/* A JSON string at p (at its opening quote) into out (cut to cap-1 bytes at
 * a character boundary); returns the position after it, NULL if malformed. */
static const char *ev_string(const char *p, char *out, size_t cap)
{
    size_t n = 0;
    if (*p != '"')
        return NULL;
    for (p++; *p != '"'; p++) {
        unsigned char c = (unsigned char)*p;
        if (!c)
            return NULL;
        if (c != '\\') {
            if (n + 1 < cap)
                out[n++] = (char)c;
            continue;
        }
        p++;
        unsigned cp;
        switch (*p) {
        case 'n': cp = '\n'; break;
        case 't': cp = '\t'; break;
        case 'r': cp = '\r'; break;
        case 'b': cp = '\b'; break;
        case 'f': cp = '\f'; break;
        case '"': case '\\': case '/': cp = (unsigned char)*p; break;
        case 'u':
            if (!ev_hex(p + 1, &cp))
                return NULL;
            p += 4;
            if (cp >= 0xd800 && cp < 0xdc00 && p[1] == '\\' && p[2] == 'u') {
                unsigned lo;
                if (ev_hex(p + 3, &lo) && lo >= 0xdc00 && lo < 0xe000) {
                    cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                    p += 6;
                }
            }
            break;
        default: return NULL;
        }
        if (cap)
            ev_put_utf8(out, cap, &n, cp);
    }
    if (cap) {
        /* a text cut short must not end inside a character */
        size_t lead = n;
        while (lead > 0 && lead + 4 > n && ((unsigned char)out[lead - 1] & 0xc0) == 0x80)
            lead--;
        if (lead > 0 && ((unsigned char)out[lead - 1] & 0xc0) == 0xc0) {
            unsigned char b = (unsigned char)out[lead - 1];
            size_t len = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
            if (lead - 1 + len > n)
                n = lead - 1;
        }
        out[n] = '\0';
    }
    return p + 1;
}

/* Skip any JSON value; NULL if malformed.  Depth-limited. */
static const char *ev_skip(const char *p, int depth)
{
    p = ev_ws(p);
    if (depth > 64)
        return NULL;
    if (*p == '"')
        return ev_string(p, NULL, 0);
    if (*p == '{' || *p == '[') {
        char close = *p == '{' ? '}' : ']';
        p = ev_ws(p + 1);
        if (*p == close)
            return p + 1;
        for (;;) {
            if (close == '}') {
                p = ev_string(ev_ws(p), NULL, 0);
                if (!p || *(p = ev_ws(p)) != ':')
                    return NULL;
                p++;
            }
            p = ev_skip(p, depth + 1);
            if (!p)
                return NULL;
            p = ev_ws(p);
            if (*p == close)
                return p + 1;
            if (*p != ',')
                return NULL;
            p++;
        }
    }
    const char *s = p;
    while (*p && strchr("-+.eE0123456789truefalsn", *p))
        p++;
    return p > s ? p : NULL;
}

int cli_events_parse(const char *json, cli_event *out, int cap)
{
    const char *p = ev_ws(json ? json : "");
    int n = 0;
    if (*p++ != '[')
        return -1;
    p = ev_ws(p);
    if (*p == ']')
        return 0;
    for (;;) {
        if (*(p = ev_ws(p)) != '{')
            return -1;
        cli_event ev = {.player = -1};
        p = ev_ws(p + 1);
        while (*p != '}') {
            char key[16];
            p = ev_string(p, key, sizeof key);
            if (!p || *(p = ev_ws(p)) != ':')
                return -1;
            p = ev_ws(p + 1);
            if (!strcmp(key, "text") && *p == '"')
                p = ev_string(p, ev.text, sizeof ev.text);
            else if (!strcmp(key, "kind") && *p == '"')
                p = ev_string(p, ev.kind, sizeof ev.kind);
            else if (!strcmp(key, "player") && (*p == '-' || (*p >= '0' && *p <= '9'))) {
                char *end;
                long v = strtol(p, &end, 10);
                ev.player = v >= -1 && v < KT_MAX_PLAYERS ? (int)v : -1;
                p = end;
            } else
                p = ev_skip(p, 0);
            if (!p)
                return -1;
            p = ev_ws(p);
            if (*p == ',')
                p = ev_ws(p + 1);
            else if (*p != '}')
                return -1;
        }
        if (n < cap)
            out[n] = ev;
        n++;
        p = ev_ws(p + 1);
        if (*p == ']')
            return n < cap ? n : cap;
        if (*p++ != ',')
            return -1;
    }
}

/* ------------------------------------------------------------ widths */

size_t cli_width(const char *s)
{
    size_t w = 0;
    while (*s) {
        unsigned char c = (unsigned char)*s;
        if (c == 0x1b && s[1] == '[') { /* ANSI SGR: no width */
            s += 2;
            while (*s && !(*s >= '@' && *s <= '~'))
                s++;
            if (*s)
                s++;
            continue;
        }
        if ((c & 0xc0) != 0x80)
            w++;
        s++;
    }
    return w;
}

/* Byte offset in s where `cols` visible columns end (ANSI kept whole). */
size_t cli_width_cut(const char *s, size_t cols)
{
    size_t w = 0, i = 0;
    while (s[i]) {
        unsigned char c = (unsigned char)s[i];
        if (c == 0x1b && s[i + 1] == '[') {
            i += 2;
            while (s[i] && !(s[i] >= '@' && s[i] <= '~'))
                i++;
            if (s[i])
                i++;
            continue;
        }
        if ((c & 0xc0) != 0x80) {
            if (w == cols)
                break;
            w++;
        }
        i++;
    }
    return i;
}

/* ------------------------------------------------------------ matching */

void cli_norm(const char *in, char *out, size_t cap)
{
    static const struct {
        const char *utf8, *ascii;
    } fold[] = {
        {.utf8 = "\xc3\xa4", .ascii = "ae"}, {.utf8 = "\xc3\xb6", .ascii = "oe"},
        {.utf8 = "\xc3\xbc", .ascii = "ue"}, {.utf8 = "\xc3\x84", .ascii = "ae"},
        {.utf8 = "\xc3\x96", .ascii = "oe"}, {.utf8 = "\xc3\x9c", .ascii = "ue"},
        {.utf8 = "\xc3\x9f", .ascii = "ss"},
    };
    size_t o = 0;
    int space = 0;
    if (!cap)
        return;
    for (const char *p = in; *p && o + 3 < cap;) {
        unsigned char c = (unsigned char)*p;
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            space = o > 0;
            p++;
            continue;
        }
        if (space)
            out[o++] = ' ';
        space = 0;
        size_t k = 0;
        for (; k < sizeof fold / sizeof fold[0]; k++)
            if (!strncmp(p, fold[k].utf8, 2))
                break;
        if (k < sizeof fold / sizeof fold[0]) {
            out[o++] = fold[k].ascii[0];
            out[o++] = fold[k].ascii[1];
            p += 2;
            continue;
        }
        out[o++] = c < 0x80 && c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : (char)c;
        p++;
    }
    out[o] = '\0';
}

/* ------------------------------------------------------------ strings */

void cli_sb_put(cli_sb *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p)
            return; /* out of memory: the text is cut, never overrun */
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

void cli_sb_printf(cli_sb *b, const char *fmt, ...)
{
    char small[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        cli_sb_put(b, small, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big)
        return;
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    cli_sb_put(b, big, (size_t)n);
    free(big);
}

void cli_sb_free(cli_sb *b)
{
    free(b->p);
    memset(b, 0, sizeof *b);
}

int cli_count_lines(const char *s)
{
    int n = 0;
    if (!s || !*s)
        return 0;
    for (; *s; s++)
        n += *s == '\n';
    return n + (s[-1] != '\n');
}

size_t cli_max_width(const char *s)
{
    size_t best = 0;
    char line[1024];
    while (s && *s) {
        size_t n = strcspn(s, "\n");
        size_t k = n < sizeof line - 1 ? n : sizeof line - 1;
        memcpy(line, s, k);
        line[k] = '\0';
        size_t w = cli_width(line) + (n - k);
        best = w > best ? w : best;
        s += n + (s[n] == '\n');
    }
    return best;
}
