/*
 * text.c - text the server accepts and sends: well-formed UTF-8 (RFC 3629:
 * no overlong forms, no surrogates, nothing past U+10FFFF) and names
 * without control characters.  Browsers drop a WebSocket whose text frame
 * is not UTF-8, so one bad name stored and sent back would break every
 * page showing it (issue 31.2): client text is checked on the way in, and
 * every message on the way out.
 */
#include <string.h>

#include "server/srv_int.h"

/* Length of the well-formed sequence at p (1..4), or 0; *cp gets its code
 * point. */
static size_t utf8_seq(const unsigned char *p, size_t left, unsigned *cp)
{
    unsigned c = p[0];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    size_t more = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc2 ? 1 : 0;
    if (!more || c > 0xf4 || left <= more)
        return 0;
    unsigned v = c & (0x3fu >> more);
    for (size_t i = 1; i <= more; i++) {
        if ((p[i] & 0xc0) != 0x80)
            return 0;
        v = v << 6 | (p[i] & 0x3fu);
    }
    if ((more == 2 && v < 0x800) || (more == 3 && (v < 0x10000 || v > 0x10ffff)) ||
        (v >= 0xd800 && v < 0xe000))
        return 0;
    *cp = v;
    return more + 1;
}

int srv_utf8_ok(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    while (i < n) {
        if (p[i] < 0x80) { /* the common case: plain ASCII */
            i++;
            continue;
        }
        unsigned cp;
        size_t k = utf8_seq(p + i, n - i, &cp);
        if (!k)
            return 0;
        i += k;
    }
    return 1;
}

static int control(unsigned cp) { return cp < 0x20 || (cp >= 0x7f && cp < 0xa0); }

int srv_name_ok(const char *s, size_t n, size_t cap, const char **why)
{
    if (n >= cap) {
        *why = "is too long";
        return 0;
    }
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        unsigned cp;
        size_t k = utf8_seq(p + i, n - i, &cp);
        if (!k) {
            *why = "is not valid UTF-8 text";
            return 0;
        }
        if (control(cp)) {
            *why = "contains a control character";
            return 0;
        }
        i += k;
    }
    return 1;
}

int srv_seat_name_ok(srv_conn *c, const kt_jv *name, const char *ref)
{
    const char *why = "must be a text";
    if (!name || (name->type == KT_JSTR && srv_name_ok(name->s, name->slen, SRV_NAME_LEN, &why)))
        return 1;
    srv_reply_error(c, ref, "invalid", "\"name\" %s (at most %d bytes of UTF-8 text)", why,
                    SRV_NAME_LEN - 1);
    return 0;
}

int srv_text_repair(char *s, size_t cap)
{
    static const char fffd[] = "\xef\xbf\xbd";
    char out[512];
    size_t n = strlen(s), o = 0;
    int changed = 0;
    if (cap > sizeof out)
        cap = sizeof out;
    for (size_t i = 0; i < n && o + 1 < cap;) {
        unsigned cp;
        size_t k = utf8_seq((const unsigned char *)s + i, n - i, &cp);
        if (k && !control(cp)) {
            if (o + k >= cap)
                break;
            memcpy(out + o, s + i, k);
            o += k;
            i += k;
            continue;
        }
        changed = 1;
        i += k ? k : 1;
        if (o + 3 >= cap)
            break;
        memcpy(out + o, fffd, 3);
        o += 3;
    }
    out[o] = '\0';
    if (changed || o != n)
        memcpy(s, out, o + 1);
    return changed || o != n;
}
