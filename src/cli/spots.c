/*
 * spots.c - the hexes a board's vertex touches, named for people: the note
 * a menu shows beside "settlement 23" ("forest 8, hills 5, sea"), so that a
 * spot can be judged before it is chosen.  The action text itself (which
 * records store) never changes; the note is only shown.
 *
 * Data layout: cli_spots (spots.h) holds the three arrays of the player's
 * observation that describe the board - "terrain" (a key per hex),
 * "numbers" (a number per hex, 0 for none) and "vertex_hexes" (the land
 * hexes of each vertex, in the ids that kt_action_info_get's "vertex"
 * targets use).  They are read by a small reader that walks the top level
 * of the observation object and skips every other member whole, so new
 * fields in an observation do not disturb it; it never reads past the NUL
 * and gives up (0) on anything it does not expect.
 */
#include <stdlib.h>
#include <string.h>

#include "spots.h"

#define SP_DEPTH 32 /* nesting the skipper follows before it gives up */

static const char *sp_ws(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
    return p;
}

/* Past a JSON string starting at its quote, or NULL. */
static const char *sp_skip_string(const char *p)
{
    for (p++; *p; p++) {
        if (*p == '\\') {
            if (!p[1])
                return NULL;
            p++;
        } else if (*p == '"') {
            return p + 1;
        }
    }
    return NULL;
}

/* Past one JSON value, or NULL when it is malformed or nested too deep. */
static const char *sp_skip_value(const char *p, int depth)
{
    p = sp_ws(p);
    if (depth > SP_DEPTH)
        return NULL;
    if (*p == '"')
        return sp_skip_string(p);
    if (*p == '[' || *p == '{') {
        char close = *p == '[' ? ']' : '}';
        int obj = *p == '{';
        p = sp_ws(p + 1);
        if (*p == close)
            return p + 1;
        for (;;) {
            if (obj) {
                if (*p != '"' || !(p = sp_skip_string(p)))
                    return NULL;
                p = sp_ws(p);
                if (*p++ != ':')
                    return NULL;
            }
            if (!(p = sp_skip_value(p, depth + 1)))
                return NULL;
            p = sp_ws(p);
            if (*p == close)
                return p + 1;
            if (*p++ != ',')
                return NULL;
            p = sp_ws(p);
        }
    }
    const char *q = p;
    while (*q && strchr("+-.0123456789eEtrufalsn", *q))
        q++;
    return q > p ? q : NULL;
}

/* The value of member `key` of the top-level object, or NULL. */
static const char *sp_member(const char *json, const char *key)
{
    const char *p = sp_ws(json);
    if (*p++ != '{')
        return NULL;
    size_t kl = strlen(key);
    for (;;) {
        p = sp_ws(p);
        if (*p != '"')
            return NULL;
        const char *name = p + 1, *end = sp_skip_string(p);
        if (!end)
            return NULL;
        p = sp_ws(end);
        if (*p++ != ':')
            return NULL;
        p = sp_ws(p);
        if ((size_t)(end - 1 - name) == kl && !strncmp(name, key, kl))
            return p;
        if (!(p = sp_skip_value(p, 1)))
            return NULL;
        p = sp_ws(p);
        if (*p++ != ',')
            return NULL;
    }
}

/* An integer at p (JSON has no leading '+'); NULL when there is none. */
static const char *sp_int(const char *p, int *out)
{
    char *end;
    long v = strtol(p, &end, 10);
    if (end == p || v < -1000000 || v > 1000000)
        return NULL;
    *out = (int)v;
    return end;
}

/* Items of an array at p, each read by `item` (which returns the position
 * after it, or NULL); returns how many were read, -1 when malformed or
 * longer than cap. */
typedef const char *(*sp_item_fn)(const char *p, int i, void *ctx);
static int sp_array(const char *p, int cap, sp_item_fn item, void *ctx)
{
    if (!p || *(p = sp_ws(p)) != '[')
        return -1;
    p = sp_ws(p + 1);
    if (*p == ']')
        return 0;
    for (int n = 0;; n++) {
        if (n >= cap || !(p = item(sp_ws(p), n, ctx)))
            return -1;
        p = sp_ws(p);
        if (*p == ']')
            return n + 1;
        if (*p++ != ',')
            return -1;
    }
}

static const char *sp_terrain(const char *p, int i, void *ctx)
{
    cli_spots *sp = ctx;
    const char *end = *p == '"' ? sp_skip_string(p) : NULL;
    size_t len = end ? (size_t)(end - p - 2) : 0;
    if (!end || len >= sizeof sp->terrain[0] || memchr(p + 1, '\\', len))
        return NULL;
    memcpy(sp->terrain[i], p + 1, len);
    sp->terrain[i][len] = '\0';
    return end;
}

static const char *sp_number(const char *p, int i, void *ctx)
{
    return sp_int(p, &((cli_spots *)ctx)->number[i]);
}

typedef struct sp_vctx {
    cli_spots *sp;
    int v;
} sp_vctx;

static const char *sp_vhex_item(const char *p, int i, void *ctx)
{
    sp_vctx *c = ctx;
    int h;
    if (!(p = sp_int(p, &h)) || h < 0 || h >= c->sp->nhex)
        return NULL;
    c->sp->vhex[c->v][i] = (signed char)h;
    return p;
}

static const char *sp_vertex(const char *p, int i, void *ctx)
{
    cli_spots *sp = ctx;
    sp_vctx c = {.sp = sp, .v = i};
    memset(sp->vhex[i], -1, sizeof sp->vhex[i]);
    if (sp_array(p, 3, sp_vhex_item, &c) < 0)
        return NULL;
    return sp_skip_value(p, 1);
}

int cli_spots_parse(cli_spots *sp, const char *obs_json)
{
    memset(sp, 0, sizeof *sp);
    if (!obs_json)
        return 0;
    int nt = sp_array(sp_member(obs_json, "terrain"), CLI_SPOT_HEXES, sp_terrain, sp);
    int nn = sp_array(sp_member(obs_json, "numbers"), CLI_SPOT_HEXES, sp_number, sp);
    if (nt <= 0 || nn != nt)
        return 0;
    sp->nhex = nt;
    int nv = sp_array(sp_member(obs_json, "vertex_hexes"), CLI_SPOT_VERTICES, sp_vertex, sp);
    if (nv <= 0) {
        memset(sp, 0, sizeof *sp);
        return 0;
    }
    sp->nvert = nv;
    return 1;
}

/* A terrain key as the board names it (the German names are those of the
 * Catan board's legend); an unknown key is shown as it is. */
static const char *sp_terrain_name(const char *key, int lang)
{
    static const struct {
        const char *key, *en, *de;
    } names[] = {
        {.key = "hills", .en = "hills", .de = "Hügel"},
        {.key = "forest", .en = "forest", .de = "Wald"},
        {.key = "pasture", .en = "pasture", .de = "Weide"},
        {.key = "fields", .en = "fields", .de = "Acker"},
        {.key = "mountains", .en = "mountains", .de = "Gebirge"},
        {.key = "desert", .en = "desert", .de = "Wüste"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(names[i].key, key))
            return lang == KT_LANG_DE ? names[i].de : names[i].en;
    return key;
}

void cli_spots_note(const cli_spots *sp, int v, int lang, char *out, size_t cap)
{
    if (!cap)
        return;
    out[0] = '\0';
    if (v < 0 || v >= sp->nvert)
        return;
    size_t len = 0;
    int land = 0;
    for (int i = 0; i < 3 && len < cap; i++) {
        int h = sp->vhex[v][i];
        if (h < 0)
            continue;
        const char *name = sp_terrain_name(sp->terrain[h], lang);
        if (sp->number[h] > 0)
            len += (size_t)snprintf(out + len, cap - len, "%s%s %d", land ? ", " : "", name,
                                    sp->number[h]);
        else
            len += (size_t)snprintf(out + len, cap - len, "%s%s", land ? ", " : "", name);
        land++;
    }
    if (land < 3 && len < cap) /* the rest of the three hexes is water */
        snprintf(out + len, cap - len, "%s%s", land ? ", " : "",
                 lang == KT_LANG_DE ? "Meer" : "sea");
}
