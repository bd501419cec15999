/*
 * data.c - loading and validating Marco Polo II's component data files.
 *
 * Data layout: five text files (map.txt, board.txt, cards.txt,
 * contracts.txt, tiles.txt) under data/mp2/, embedded into the library, or
 * read from the directory given by the data_dir option.  Each line is one
 * record "<kind> <name> [<name2>] key=value ... src=<provenance>".  A file
 * is first split into records by the shared reader (core/datarec.h, which
 * also checks kinds, provenance and unknown fields; kt_drec, heap-allocated
 * during setup only), then each kind is interpreted in a fixed order so that later records may
 * refer to earlier ones (routes to locations, goal cards to cities).
 * Everything lands in the pointer-free mp2_cfg; bundles become mp2_reward
 * entries in cfg->rw[] referred to by index.
 *
 * Every error names the file, line, record kind and field, e.g.
 *   "mp2/map.txt line 40 (city): field 'shield': unknown shield key".
 * Errors never quote the files' contents (names, values, words): data_dir
 * may point anywhere, and a message must not disclose what a file holds.
 * Only our own words appear: known record kinds, our field names, limits
 * (the reader's KT_DR_QUIET).  Files are read by core/datafile.c (regular files of at most
 * KT_DATAFILE_MAX bytes).
 *
 * No mutable globals and no strtok: several threads may create games at
 * once (kontor.h), so lists inside a value are split with split_plus().
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/datarec.h"
#include "mp2.h"

typedef struct ld_t {
    mp2_cfg *c;
    const kt_allocator *a; /* the configuration's: what reading allocates (NULL: malloc) */
    kt_dr dr;      /* the file being read (quiet: messages quote nothing) */
    kt_drec *recs; /* all records of the file */
    int nrec;
    int loc_line[MP2_MAXLOC]; /* line of each location's record (errors) */
} ld_t;

static const char *const src_names[] = {"seed", "rulebook", "public", "recon"};

const char *mp2_src_name(int src)
{
    return src >= 0 && src < 4 ? src_names[src] : "?";
}

/* ------------------------------------------------------------ fields */

/* The record readers below name the file, line and record kind through r. */
#define rfail(L, r, field, ...) kt_dr_fail(&(L)->dr, r, field, __VA_ARGS__)
#define fget(r, key) kt_dr_get(r, key)
#define freq(L, r, key) kt_dr_need(&(L)->dr, r, key)

/* After a record is interpreted: every field must have been used and the
 * provenance mark must be valid. */
static int rdone(ld_t *L, kt_drec *r, uint8_t *src) { return kt_dr_done(&L->dr, r, src); }

static int fint(ld_t *L, kt_drec *r, const char *key, int lo, int hi, int def, int required,
                int *out)
{
    return kt_dr_int(&L->dr, r, key, lo, hi, def, required, out);
}

static int copy_name(ld_t *L, kt_drec *r, const char *field, const char *v, char *out)
{
    return kt_dr_text(&L->dr, r, field, v, out, MP2_NAME);
}

/* ------------------------------------------------------------ bundles */

static const struct {
    const char *code;
    int item;
} item_codes[] = {
    {"c", IT_COIN},     {"cam", IT_CAMEL},   {"jade", IT_JADE},       {"pep", IT_PEPPER},
    {"silk", IT_SILK},  {"gold", IT_GOLD},   {"vp", IT_VP},           {"good", IT_GOOD},
    {"draw", IT_DRAW},  {"contract", IT_CONTRACT}, {"black", IT_BLACK}, {"move", IT_MOVE},
    {"xpost", IT_XPOST}, {"shield", IT_SHIELD},
};

const char *mp2_item_code(int item)
{
    for (size_t i = 0; i < sizeof item_codes / sizeof item_codes[0]; i++)
        if (item_codes[i].item == item)
            return item_codes[i].code;
    return "?";
}

enum { BF_ALT = 1, BF_SPECIAL = 2, BF_EMPTY = 4 };

/* Parse "2c+1cam/1jade" into a new reward; returns its index or 0 on
 * failure (index 0 is the shared empty reward, returned for "none"). */
static int parse_reward(ld_t *L, kt_drec *r, const char *field, const char *text, int flags)
{
    mp2_cfg *c = L->c;
    if (strcmp(text, "none") == 0) {
        if (!(flags & BF_EMPTY))
            return rfail(L, r, field, "must not be empty");
        return 0;
    }
    if (c->nrw >= MP2_MAXRW)
        return rfail(L, r, field, "too many bundles in the data (max %d)", MP2_MAXRW);
    mp2_reward rw;
    memset(&rw, 0, sizeof rw);
    const char *p = text;
    for (;;) {
        if (rw.nalt == MP2_MAXALT)
            return rfail(L, r, field, "at most %d alternatives", MP2_MAXALT);
        mp2_bundle *b = &rw.alt[rw.nalt++];
        int any = 0;
        for (;;) {
            if (!isdigit((unsigned char)*p))
                return rfail(L, r, field, "expected a count such as 2c");
            int n = 0;
            while (isdigit((unsigned char)*p) && n < 1000)
                n = n * 10 + (*p++ - '0');
            char code[16];
            size_t k = 0;
            while (isalpha((unsigned char)*p) && k + 1 < sizeof code)
                code[k++] = *p++;
            code[k] = '\0';
            int item = -1;
            for (size_t i = 0; i < sizeof item_codes / sizeof item_codes[0]; i++)
                if (strcmp(item_codes[i].code, code) == 0)
                    item = item_codes[i].item;
            if (item < 0)
                return rfail(L, r, field, "unknown item (use c, cam, jade, pep, silk, gold, vp, "
                                          "good, draw, contract, black, move, xpost, shield)");
            if (n < 1 || n > 30)
                return rfail(L, r, field, "count of %s outside 1..30", mp2_item_code(item));
            if (item >= MP2_NRES && !(flags & BF_SPECIAL))
                return rfail(L, r, field, "%s is not allowed here (only coins, camels, jade, "
                                          "goods and points)",
                             mp2_item_code(item));
            if (b->n[item])
                return rfail(L, r, field, "item %s given twice", mp2_item_code(item));
            b->n[item] = (int8_t)n;
            any = 1;
            if (*p == '+') {
                p++;
                continue;
            }
            break;
        }
        if (!any)
            return rfail(L, r, field, "empty alternative");
        if (b->n[IT_XPOST] && !b->n[IT_MOVE])
            return rfail(L, r, field, "xpost needs a move in the same bundle");
        if (b->n[IT_XPOST] > 1)
            return rfail(L, r, field, "at most 1 xpost");
        if (*p == '/') {
            if (!(flags & BF_ALT))
                return rfail(L, r, field, "alternatives ('/') are not allowed here");
            p++;
            continue;
        }
        if (*p)
            return rfail(L, r, field, "unexpected text after a bundle");
        break;
    }
    for (int i = 0; i < rw.nalt; i++)
        for (int j = 0; j < i; j++)
            if (memcmp(&rw.alt[i], &rw.alt[j], sizeof rw.alt[i]) == 0)
                return rfail(L, r, field, "alternatives %d and %d are the same", j + 1, i + 1);
    c->rw[c->nrw] = rw;
    return c->nrw++;
}

static int freward(ld_t *L, kt_drec *r, const char *key, int flags, int required, uint16_t *out)
{
    const char *v = fget(r, key);
    if (!v) {
        if (required)
            return rfail(L, r, key, "missing");
        *out = 0;
        return 1;
    }
    int k = parse_reward(L, r, key, v, flags);
    if (L->dr.failed)
        return 0;
    *out = (uint16_t)k;
    return 1;
}

/* ------------------------------------------------------------ lookups */

static int find_loc(const mp2_cfg *c, const char *name)
{
    char n[MP2_NAME];
    size_t k = strlen(name);
    if (k >= MP2_NAME)
        return -1;
    for (size_t i = 0; i <= k; i++)
        n[i] = name[i] == '_' ? ' ' : name[i];
    for (int i = 0; i < c->nloc; i++)
        if (strcmp(c->loc[i].name, n) == 0)
            return i;
    return -1;
}

static const char *const guild_keys[MP2_NGUILD] = {"farmer", "spicer", "tailor", "jeweler"};

static int find_guild(const char *s)
{
    for (int g = 0; g < MP2_NGUILD; g++)
        if (strcmp(s, guild_keys[g]) == 0)
            return g;
    return -1;
}

static int find_shield(const mp2_cfg *c, const char *s, const char keys[][MP2_NAME])
{
    KT_UNUSED(c);
    for (int i = 0; i < MP2_NSHIELD; i++)
        if (keys[i][0] && strcmp(keys[i], s) == 0)
            return i;
    return -1;
}

/* ------------------------------------------------------------ map.txt */

/* Next '+'-separated word of *p into out (truncated to cap - 1 bytes;
 * values are shorter than KT_DR_VAL, so with cap >= KT_DR_VAL nothing is lost),
 * advancing *p past it; *p becomes NULL after the last word.  Returns 0
 * when there is nothing left.  Replaces strtok, whose hidden position is
 * shared by all threads. */
static int split_plus(const char **p, char *out, size_t cap)
{
    const char *s = *p;
    if (!s)
        return 0;
    const char *e = strchr(s, '+');
    size_t n = e ? (size_t)(e - s) : strlen(s);
    if (n >= cap)
        n = cap - 1;
    memcpy(out, s, n);
    out[n] = '\0';
    *p = e ? e + 1 : NULL;
    return 1;
}

typedef struct mapctx {
    char shield_key[MP2_NSHIELD][MP2_NAME];
    int nshield;
} mapctx;

static int load_loc(ld_t *L, mapctx *M, kt_drec *r, int kind)
{
    mp2_cfg *c = L->c;
    if (r->nnames != 1)
        return rfail(L, r, NULL, "needs exactly one name");
    if (c->nloc >= MP2_MAXLOC)
        return rfail(L, r, NULL, "more than %d locations", MP2_MAXLOC);
    if (find_loc(c, r->name[0]) >= 0)
        return rfail(L, r, NULL, "location defined twice");
    mp2_loc *l = &c->loc[c->nloc];
    memset(l, 0, sizeof *l);
    l->kind = (uint8_t)kind;
    if (!copy_name(L, r, "name", r->name[0], l->name))
        return 0;
    const char *de = fget(r, "de");
    if (!copy_name(L, r, "de", de ? de : r->name[0], l->de))
        return 0;
    const char *at = freq(L, r, "at");
    if (!at)
        return 0;
    int x, y;
    char tail;
    if (sscanf(at, "%d,%d%c", &x, &y, &tail) != 2 || x < 0 || x >= MP2_MAPW || y < 0 ||
        y >= MP2_MAPH)
        return rfail(L, r, "at", "must be x,y with x in 0..%d and y in 0..%d", MP2_MAPW - 1,
                     MP2_MAPH - 1);
    for (int i = 0; i < c->nloc; i++)
        if (c->loc[i].x == x && c->loc[i].y == y)
            return rfail(L, r, "at", "position taken by the location on line %d", L->loc_line[i]);
    l->x = (uint8_t)x;
    l->y = (uint8_t)y;
    l->shield = MP2_NONE;
    if (kind == LK_CITY) {
        const char *sz = freq(L, r, "size");
        if (!sz)
            return 0;
        if (strcmp(sz, "large") == 0)
            l->large = 1;
        else if (strcmp(sz, "regional") != 0)
            return rfail(L, r, "size", "must be large or regional");
        const char *sh = freq(L, r, "shield");
        if (!sh)
            return 0;
        int k = find_shield(c, sh, M->shield_key);
        if (k < 0)
            return rfail(L, r, "shield", "unknown shield key");
        l->shield = (uint8_t)k;
        const char *has = fget(r, "has");
        char t[KT_DR_VAL];
        for (const char *q = has; q && split_plus(&q, t, sizeof t);) {
            {
                uint8_t *flag = strcmp(t, "bonus") == 0       ? &l->bonus
                                : strcmp(t, "card") == 0      ? &l->card
                                : strcmp(t, "contracts") == 0 ? &l->ccity
                                : strcmp(t, "outpost") == 0   ? &l->outpost
                                : strcmp(t, "special") == 0   ? &l->special
                                                              : NULL;
                if (!flag)
                    return rfail(L, r, "has", "unknown role (bonus, card, contracts, outpost, "
                                              "special)");
                if (*flag)
                    return rfail(L, r, "has", "role given twice");
                *flag = 1; /* numbered after the whole file is read */
            }
        }
    }
    if (!rdone(L, r, &l->src))
        return 0;
    L->loc_line[c->nloc] = r->line;
    c->nloc++;
    return 1;
}

static int load_route(ld_t *L, kt_drec *r)
{
    mp2_cfg *c = L->c;
    if (r->nnames != 2)
        return rfail(L, r, NULL, "a route needs two location names");
    int a = find_loc(c, r->name[0]), b = find_loc(c, r->name[1]);
    if (a < 0 || b < 0)
        return rfail(L, r, NULL, "%s location unknown", a < 0 ? "first" : "second");
    if (a == b)
        return rfail(L, r, NULL, "a route must join two different locations");
    if (c->nroute >= MP2_MAXROUTE)
        return rfail(L, r, NULL, "more than %d routes", MP2_MAXROUTE);
    for (int i = 0; i < c->nroute; i++)
        if ((c->route[i].a == a && c->route[i].b == b) ||
            (c->route[i].a == b && c->route[i].b == a))
            return rfail(L, r, NULL, "route given twice");
    if (c->loc[a].nadj >= MP2_MAXADJ || c->loc[b].nadj >= MP2_MAXADJ)
        return rfail(L, r, NULL, "more than %d routes at the %s location", MP2_MAXADJ,
                     c->loc[a].nadj >= MP2_MAXADJ ? "first" : "second");
    mp2_route *ro = &c->route[c->nroute];
    memset(ro, 0, sizeof *ro);
    ro->a = (uint8_t)a;
    ro->b = (uint8_t)b;
    uint16_t k = 0;
    if (!freward(L, r, "cost", BF_EMPTY, 1, &k))
        return 0;
    const mp2_bundle *cb = &c->rw[k].alt[0];
    for (int i = 0; i < MP2_NRES; i++)
        if (cb->n[i] && i != IT_COIN && i != IT_CAMEL && i != IT_JADE)
            return rfail(L, r, "cost", "routes cost only coins, camels and jade");
    ro->coins = (uint8_t)cb->n[IT_COIN];
    ro->camels = (uint8_t)cb->n[IT_CAMEL];
    ro->jade = (uint8_t)cb->n[IT_JADE];
    const char *seal = fget(r, "seal");
    if (seal) {
        int g = find_guild(seal);
        if (g <= G_FARMER)
            return rfail(L, r, "seal", "must be spicer, tailor or jeweler");
        ro->seal = (uint8_t)(1 + g);
    }
    if (!rdone(L, r, &ro->src))
        return 0;
    mp2_loc *la = &c->loc[a], *lb = &c->loc[b];
    la->adj[la->nadj] = (uint8_t)b;
    la->route[la->nadj++] = (uint8_t)c->nroute;
    lb->adj[lb->nadj] = (uint8_t)a;
    lb->route[lb->nadj++] = (uint8_t)c->nroute;
    c->nroute++;
    return 1;
}

static int number_roles(ld_t *L)
{
    mp2_cfg *c = L->c;
    int ns = 0, nb = 0, nc = 0, nk = 0, no = 0;
    for (int i = 0; i < c->nloc; i++) {
        mp2_loc *l = &c->loc[i];
        if (l->special) {
            if (ns == MP2_NSPECIAL)
                return rfail(L, NULL, NULL, "more than %d special cities", MP2_NSPECIAL);
            c->special_loc[ns] = (uint8_t)i;
            l->special = (uint8_t)++ns;
            if (!l->bonus)
                return rfail(L, NULL, NULL, "the special city on line %d needs a bonus marker "
                                            "(has=bonus)",
                             L->loc_line[i]);
        }
        if (l->bonus) {
            if (nb == MP2_NBONUSCITY)
                return rfail(L, NULL, NULL, "more than %d cities with a bonus marker",
                             MP2_NBONUSCITY);
            c->bonus_loc[nb] = (uint8_t)i;
            l->bonus = (uint8_t)++nb;
        }
        if (l->card) {
            if (nc == MP2_NCARDCITY)
                return rfail(L, NULL, NULL, "more than %d cities with a city card",
                             MP2_NCARDCITY);
            c->card_loc[nc] = (uint8_t)i;
            l->card = (uint8_t)++nc;
        }
        if (l->ccity) {
            if (nk == MP2_NCCITY)
                return rfail(L, NULL, NULL, "more than %d contract cities", MP2_NCCITY);
            c->ccity_loc[nk] = (uint8_t)i;
            l->ccity = (uint8_t)++nk;
        }
        if (l->outpost) {
            if (no == MP2_NOUTPOSTS)
                return rfail(L, NULL, NULL, "more than %d outpost cities", MP2_NOUTPOSTS);
            c->outpost_loc[no] = (uint8_t)i;
            l->outpost = (uint8_t)++no;
        }
    }
    const struct {
        int have, want;
        const char *what;
    } roles[] = {{ns, MP2_NSPECIAL, "special cities"},
                 {nb, MP2_NBONUSCITY, "cities with a bonus marker"},
                 {nc, MP2_NCARDCITY, "cities with a city card"},
                 {nk, MP2_NCCITY, "contract cities"},
                 {no, MP2_NOUTPOSTS, "cities with an outpost tile"}};
    for (size_t i = 0; i < sizeof roles / sizeof roles[0]; i++)
        if (roles[i].have != roles[i].want)
            return rfail(L, NULL, NULL, "the board needs %d %s (has %d)", roles[i].want,
                         roles[i].what, roles[i].have);
    return 1;
}

static int check_map(ld_t *L)
{
    mp2_cfg *c = L->c;
    int nstart = 0;
    for (int i = 0; i < c->nloc; i++) {
        if (c->loc[i].kind == LK_START) {
            c->start = i;
            nstart++;
        }
        if (c->loc[i].kind == LK_CITY)
            c->city_mask |= 1ull << i;
        if (c->loc[i].kind == LK_OASIS)
            c->oasis_mask |= 1ull << i;
        if (c->loc[i].nadj == 0)
            return rfail(L, NULL, NULL, "the location on line %d has no route", L->loc_line[i]);
    }
    if (nstart != 1)
        return rfail(L, NULL, NULL, "exactly one start location needed (found %d)", nstart);
    /* every location reachable from the start */
    uint64_t seen = 1ull << c->start, frontier = seen;
    while (frontier) {
        uint64_t next = 0;
        for (int i = 0; i < c->nloc; i++)
            if (frontier >> i & 1)
                for (int k = 0; k < c->loc[i].nadj; k++)
                    next |= 1ull << c->loc[i].adj[k];
        frontier = next & ~seen;
        seen |= next;
    }
    for (int i = 0; i < c->nloc; i++)
        if (!(seen >> i & 1))
            return rfail(L, NULL, NULL, "the location on line %d cannot be reached from the start",
                         L->loc_line[i]);
    for (int s = 0; s < MP2_NSHIELD; s++) {
        for (int i = 0; i < c->nloc; i++)
            if (c->loc[i].kind == LK_CITY && c->loc[i].shield == s)
                c->shield_mask[s] |= 1ull << i;
        if (!c->shield_mask[s])
            return rfail(L, NULL, NULL, "no city carries shield %d (in file order)", s + 1);
    }
    return number_roles(L);
}

static int load_map(ld_t *L)
{
    mp2_cfg *c = L->c;
    mapctx M;
    memset(&M, 0, sizeof M);
    for (int i = 0; i < L->nrec && !L->dr.failed; i++) {
        kt_drec *r = &L->recs[i];
        if (strcmp(r->kind, "shield") == 0) {
            if (r->nnames != 1)
                return rfail(L, r, NULL, "needs exactly one key name");
            if (M.nshield == MP2_NSHIELD)
                return rfail(L, r, NULL, "there are exactly %d shields", MP2_NSHIELD);
            if (strlen(r->name[0]) >= MP2_NAME || find_shield(c, r->name[0], M.shield_key) >= 0)
                return rfail(L, r, NULL, "shield key too long or given twice");
            strcpy(M.shield_key[M.nshield], r->name[0]);
            const char *en = freq(L, r, "en"), *de = freq(L, r, "de");
            if (!en || !de || !copy_name(L, r, "en", en, c->shield[M.nshield]) ||
                !copy_name(L, r, "de", de, c->shield_de[M.nshield]) || !rdone(L, r, NULL))
                return 0;
            M.nshield++;
        }
    }
    if (!L->dr.failed && M.nshield != MP2_NSHIELD)
        return rfail(L, NULL, NULL, "needs %d shield records, found %d", MP2_NSHIELD, M.nshield);
    for (int i = 0; i < L->nrec && !L->dr.failed; i++) {
        kt_drec *r = &L->recs[i];
        if (strcmp(r->kind, "start") == 0)
            load_loc(L, &M, r, LK_START);
        else if (strcmp(r->kind, "city") == 0)
            load_loc(L, &M, r, LK_CITY);
        else if (strcmp(r->kind, "oasis") == 0)
            load_loc(L, &M, r, LK_OASIS);
        else if (strcmp(r->kind, "route") != 0 && strcmp(r->kind, "shield") != 0)
            return rfail(L, r, NULL, "unknown record kind (shield, start, city, oasis, route)");
    }
    for (int i = 0; i < L->nrec && !L->dr.failed; i++)
        if (strcmp(L->recs[i].kind, "route") == 0)
            load_route(L, &L->recs[i]);
    return !L->dr.failed && check_map(L);
}

/* ------------------------------------------------------------ board.txt */

static const char *const space_keys[MP2_NBASESP] = {
    "book1", "book2", "book3a", "book3b", "khan", "seals", "contracts",
    "travel1", "travel2", "travel3"};

/* A guild's plain numbers (all required). */
static const kt_drfield guild_fields[] = {
    {.key = "take", KT_DRF(mp2_guild, take), .lo = 1, .hi = 6, .required = 1},
    {.key = "jade", KT_DRF(mp2_guild, jade), .lo = 0, .hi = 9, .required = 1},
    {.key = "copies", KT_DRF(mp2_guild, copies), .lo = 1, .hi = 8, .required = 1},
};
#define NGUILD_FIELDS ((int)(sizeof guild_fields / sizeof guild_fields[0]))

static int load_board(ld_t *L)
{
    mp2_cfg *c = L->c;
    uint32_t have_space = 0, have_book = 0, have_guild = 0, have_special = 0, have_track = 0;
    for (int i = 0; i < L->nrec && !L->dr.failed; i++) {
        kt_drec *r = &L->recs[i];
        if (strcmp(r->kind, "space") == 0) {
            int k = -1;
            for (int j = 0; j < MP2_NBASESP; j++)
                if (r->nnames == 1 && strcmp(r->name[0], space_keys[j]) == 0)
                    k = j;
            if (k < 0)
                return rfail(L, r, NULL, "unknown space (book1, book2, book3a, book3b, khan, "
                                         "seals, contracts, travel1, travel2, travel3)");
            if (have_space >> k & 1)
                return rfail(L, r, NULL, "space given twice");
            have_space |= 1u << k;
            int dice, min, stack;
            int maxd = k == SP_SEALS ? 2 : k >= SP_TRAVEL1 ? k - SP_TRAVEL1 + 1 : 1;
            if (!fint(L, r, "dice", maxd, maxd, 0, 1, &dice) || !fint(L, r, "min", 1, 6, 1, 1, &min) ||
                !fint(L, r, "stack", 0, 1, 0, 1, &stack))
                return 0;
            if (k == SP_KHAN && stack)
                return rfail(L, r, "stack", "the Khan's Favor has its own rule (stack=0)");
            c->space[k].dice = (uint8_t)dice;
            c->space[k].min = (uint8_t)min;
            c->space[k].stack = (uint8_t)stack;
            if (!rdone(L, r, &c->space[k].src))
                return 0;
        } else if (strcmp(r->kind, "book") == 0) {
            int b = r->nnames == 1 && r->name[0][1] == 0 ? r->name[0][0] - '1' : -1;
            if (b < 0 || b > 2)
                return rfail(L, r, NULL, "book must be 1, 2 or 3");
            if (have_book >> b & 1)
                return rfail(L, r, NULL, "book given twice");
            have_book |= 1u << b;
            fget(r, "de");
            if (!freward(L, r, "top1", 0, 1, &c->book_top[b][0]) ||
                !freward(L, r, "top2", 0, 1, &c->book_top[b][1]))
                return 0;
            if (memcmp(&c->rw[c->book_top[b][0]], &c->rw[c->book_top[b][1]], sizeof(mp2_reward)) ==
                0)
                return rfail(L, r, "top2", "must differ from top1");
            if (!rdone(L, r, &c->book_src[b]))
                return 0;
        } else if (strcmp(r->kind, "guild") == 0) {
            int g = r->nnames == 1 ? find_guild(r->name[0]) : -1;
            if (g < 0)
                return rfail(L, r, NULL, "guild must be farmer, spicer, tailor or jeweler");
            if (have_guild >> g & 1)
                return rfail(L, r, NULL, "guild given twice");
            have_guild |= 1u << g;
            mp2_guild *gd = &c->guild[g];
            const char *de = freq(L, r, "de");
            if (!de || !copy_name(L, r, "name", r->name[0], gd->name) ||
                !copy_name(L, r, "de", de, gd->de) ||
                !kt_dr_fields(&L->dr, r, guild_fields, NGUILD_FIELDS, gd) ||
                !freward(L, r, "improve", 0, 1, &gd->improve) ||
                !freward(L, r, "income", BF_ALT, 1, &gd->income))
                return 0;
            if (!rdone(L, r, &gd->src))
                return 0;
        } else if (strcmp(r->kind, "special") == 0) {
            int loc = r->nnames == 1 ? find_loc(c, r->name[0]) : -1;
            if (loc < 0 || !c->loc[loc].special)
                return rfail(L, r, NULL, "not a special city of the map");
            int k = c->loc[loc].special - 1;
            if (have_special >> k & 1)
                return rfail(L, r, NULL, "special city given twice");
            have_special |= 1u << k;
            mp2_special *sp = &c->special[k];
            sp->loc = (uint8_t)loc;
            const char *gs = freq(L, r, "guild");
            if (!gs)
                return 0;
            int g = find_guild(gs);
            if (g < 0)
                return rfail(L, r, "guild", "unknown guild (farmer, spicer, tailor, jeweler)");
            for (int j = 0; j < MP2_NSPECIAL; j++)
                if ((have_special >> j & 1) && j != k && c->special[j].guild == g)
                    return rfail(L, r, "guild", "the %s guild already belongs to another special city",
                                 guild_keys[g]);
            sp->guild = (uint8_t)g;
            int t1, t2;
            if (!freward(L, r, "space1", BF_ALT | BF_SPECIAL, 1, &sp->reward[0]) ||
                !freward(L, r, "space2", BF_ALT | BF_SPECIAL, 1, &sp->reward[1]) ||
                !fint(L, r, "twice1", 1, 7, 7, 1, &t1) || !fint(L, r, "twice2", 1, 7, 7, 1, &t2))
                return 0;
            sp->twice[0] = (uint8_t)t1;
            sp->twice[1] = (uint8_t)t2;
            if (!rdone(L, r, &sp->src))
                return 0;
        } else if (strcmp(r->kind, "track") == 0) {
            if (have_track)
                return rfail(L, r, NULL, "track given twice");
            have_track = 1;
            int v[MP2_TRACK], n = kt_dr_ints(&L->dr, r, "shields", 0, 200, v, MP2_TRACK);
            if (!n)
                return 0;
            if (n != MP2_TRACK)
                return rfail(L, r, "shields", "needs exactly %d values (0..13 shields)", MP2_TRACK);
            for (int k = 0; k < n; k++) {
                if (k && v[k] < v[k - 1])
                    return rfail(L, r, "shields", "values must not decrease (value %d)", k + 1);
                c->track[k] = (int16_t)v[k];
            }
            if (!rdone(L, r, &c->track_src))
                return 0;
        } else {
            return rfail(L, r, NULL, "unknown record kind (space, book, guild, special, track)");
        }
    }
    if (L->dr.failed)
        return 0;
    if (have_space != (1u << MP2_NBASESP) - 1)
        return rfail(L, NULL, NULL, "all 10 action spaces must be defined");
    if (have_book != 7 || have_guild != 15 || have_special != 7 || !have_track)
        return rfail(L, NULL, NULL, "needs books 1-3, the 4 guilds, the 3 special cities and "
                                    "the track");
    return 1;
}

/* ------------------------------------------------------------ cards.txt */

static int check_id(ld_t *L, kt_drec *r, char *out, size_t cap)
{
    if (r->nnames != 1 || strlen(r->name[0]) >= cap)
        return rfail(L, r, NULL, "needs one id of at most %d characters", (int)cap - 1);
    strcpy(out, r->name[0]);
    return 1;
}

static int load_cards(ld_t *L)
{
    mp2_cfg *c = L->c;
    int n = 0;
    for (int i = 0; i < L->nrec && !L->dr.failed; i++) {
        kt_drec *r = &L->recs[i];
        if (strcmp(r->kind, "card") != 0)
            return rfail(L, r, NULL, "unknown record kind (card)");
        if (n == MP2_NCARDS)
            return rfail(L, r, NULL, "there are exactly %d city cards", MP2_NCARDS);
        mp2_card *cd = &c->card[n];
        if (!check_id(L, r, cd->id, sizeof cd->id))
            return 0;
        for (int j = 0; j < n; j++)
            if (strcmp(c->card[j].id, cd->id) == 0)
                return rfail(L, r, NULL, "id given twice");
        const char *k = freq(L, r, "kind");
        if (!k)
            return 0;
        static const char *const kinds[] = {"trade", "either", "percontract", "perpost",
                                            "bonuses", "seals"};
        int kind = -1;
        for (int j = 0; j < 6; j++)
            if (strcmp(k, kinds[j]) == 0)
                kind = j;
        if (kind < 0)
            return rfail(L, r, "kind", "must be trade, either, percontract, perpost, bonuses or "
                                       "seals");
        cd->kind = (uint8_t)kind;
        const char *t = fget(r, "times");
        cd->times = CT_DIE;
        if (t) {
            if (kind != CK_TRADE && kind != CK_EITHER)
                return rfail(L, r, "times", "only trade and either cards repeat by choice");
            if (strcmp(t, "die") == 0)
                cd->times = CT_DIE;
            else if (strcmp(t, "half") == 0)
                cd->times = CT_HALF;
            else if (strcmp(t, "one") == 0)
                cd->times = CT_ONE;
            else
                return rfail(L, r, "times", "must be die, half or one");
        }
        int min;
        if (!fint(L, r, "min", 1, 6, 1, 0, &min))
            return 0;
        cd->min = (uint8_t)min;
        switch (kind) {
        case CK_TRADE:
            if (!freward(L, r, "pay", BF_EMPTY, 1, &cd->pay) ||
                !freward(L, r, "gain", BF_SPECIAL, 1, &cd->gain))
                return 0;
            break;
        case CK_EITHER:
            if (!freward(L, r, "pay", BF_EMPTY, 1, &cd->pay) ||
                !freward(L, r, "gain", BF_SPECIAL, 1, &cd->gain) ||
                !freward(L, r, "pay2", BF_EMPTY, 1, &cd->pay2) ||
                !freward(L, r, "gain2", BF_SPECIAL, 1, &cd->gain2))
                return 0;
            break;
        case CK_PERCONTRACT:
        case CK_PERPOST:
            if (!freward(L, r, "gain", 0, 1, &cd->gain))
                return 0;
            break;
        case CK_SEALS:
            if (!freward(L, r, "pay", BF_EMPTY, 1, &cd->pay))
                return 0;
            break;
        default:
            break;
        }
        if ((kind == CK_TRADE || kind == CK_EITHER) && cd->pay == 0 &&
            c->rw[cd->gain].alt[0].n[IT_MOVE] && cd->times != CT_ONE)
            return rfail(L, r, "times", "a move card is used once (times=one)");
        if (!rdone(L, r, &cd->src))
            return 0;
        n++;
    }
    if (!L->dr.failed && n != MP2_NCARDS)
        return rfail(L, NULL, NULL, "there are exactly %d city cards, found %d", MP2_NCARDS, n);
    return !L->dr.failed;
}

/* ------------------------------------------------------------ contracts.txt */

static int load_contracts(ld_t *L)
{
    mp2_cfg *c = L->c;
    int n = 0, nst = 0;
    for (int i = 0; i < L->nrec && !L->dr.failed; i++) {
        kt_drec *r = &L->recs[i];
        if (strcmp(r->kind, "contract") != 0)
            return rfail(L, r, NULL, "unknown record kind (contract)");
        if (n == MP2_NCONTRACTS)
            return rfail(L, r, NULL, "there are exactly %d contracts", MP2_NCONTRACTS);
        mp2_contract *k = &c->contract[n];
        if (!check_id(L, r, k->id, sizeof k->id))
            return 0;
        for (int j = 0; j < n; j++)
            if (strcmp(c->contract[j].id, k->id) == 0)
                return rfail(L, r, NULL, "id given twice");
        int st;
        if (!fint(L, r, "starter", 0, 1, 0, 0, &st) || !freward(L, r, "cost", 0, 1, &k->cost) ||
            !freward(L, r, "reward", BF_SPECIAL, 1, &k->reward))
            return 0;
        k->starter = (uint8_t)st;
        const mp2_bundle *cb = &c->rw[k->cost].alt[0];
        if (cb->n[IT_COIN] || cb->n[IT_VP])
            return rfail(L, r, "cost", "contracts cost camels, goods and jade only");
        if (c->rw[k->reward].alt[0].n[IT_VP] <= 0)
            return rfail(L, r, "reward", "a contract always gives points");
        if (!rdone(L, r, &k->src))
            return 0;
        nst += st;
        n++;
    }
    if (!L->dr.failed && (n != MP2_NCONTRACTS || nst != MP2_NSTARTERS))
        return rfail(L, NULL, NULL, "needs %d contracts of which %d starting ones (found %d, %d)",
                     MP2_NCONTRACTS, MP2_NSTARTERS, n, nst);
    return !L->dr.failed;
}

/* ------------------------------------------------------------ tiles.txt */

static int load_goal(ld_t *L, kt_drec *r, int n)
{
    mp2_cfg *c = L->c;
    mp2_goal *gl = &c->goal[n];
    if (!check_id(L, r, gl->id, sizeof gl->id))
        return 0;
    const char *cs = fget(r, "cities"), *ss = fget(r, "seals");
    char t[KT_DR_VAL];
    for (int k = 1; cs && split_plus(&cs, t, sizeof t); k++) {
        {
            int loc = find_loc(c, t);
            if (loc < 0 || c->loc[loc].kind != LK_CITY)
                return rfail(L, r, "cities", "name %d is not a city of the map", k);
            if (gl->ncity + gl->nseal >= 4)
                return rfail(L, r, "cities", "a goal card shows 4 icons");
            gl->city[gl->ncity++] = (uint8_t)loc;
        }
    }
    for (int k = 1; ss && split_plus(&ss, t, sizeof t); k++) {
        {
            char *colon = strchr(t, ':');
            int g = -1;
            long vp = 0;
            if (colon) {
                *colon = '\0';
                g = find_guild(t);
                char *end;
                vp = strtol(colon + 1, &end, 10);
                if (end == colon + 1 || *end)
                    vp = 0;
            }
            if (g < 0 || vp < 1 || vp > 20)
                return rfail(L, r, "seals", "expected guild:points such as spicer:4");
            for (int j = 0; j < gl->nseal; j++)
                if (gl->seal[j] == g)
                    return rfail(L, r, "seals", "the %s guild given twice", guild_keys[g]);
            if (gl->ncity + gl->nseal >= 4)
                return rfail(L, r, "seals", "a goal card shows 4 icons");
            gl->seal[gl->nseal] = (uint8_t)g;
            gl->sealvp[gl->nseal++] = (uint8_t)vp;
        }
    }
    if (gl->ncity + gl->nseal != 4)
        return rfail(L, r, NULL, "a goal card shows exactly 4 icons (has %d)",
                     gl->ncity + gl->nseal);
    return rdone(L, r, &gl->src);
}

static int load_tiles(ld_t *L)
{
    mp2_cfg *c = L->c;
    int noff = 0, ngoal = 0, nmark = 0, nout = 0, ncopy = 0;
    int perbook[3] = {0, 0, 0};
    for (int i = 0; i < L->nrec && !L->dr.failed; i++) {
        kt_drec *r = &L->recs[i];
        if (strcmp(r->kind, "offer") == 0) {
            if (noff == MP2_NOFFERS)
                return rfail(L, r, NULL, "there are exactly %d offer tiles", MP2_NOFFERS);
            mp2_offer *o = &c->offer[noff];
            int book;
            if (!check_id(L, r, o->id, sizeof o->id) || !fint(L, r, "book", 1, 3, 1, 1, &book) ||
                !freward(L, r, "jade1", 0, 1, &o->jade1) || !freward(L, r, "jade2", 0, 1, &o->jade2))
                return 0;
            if (perbook[book - 1] == 6)
                return rfail(L, r, "book", "book %d already has 6 offer tiles", book);
            if (memcmp(&c->rw[o->jade1], &c->rw[o->jade2], sizeof(mp2_reward)) == 0)
                return rfail(L, r, "jade2", "must differ from jade1");
            for (int j = 0; j < noff; j++)
                if (strcmp(c->offer[j].id, o->id) == 0)
                    return rfail(L, r, NULL, "id given twice");
            o->book = (uint8_t)(book - 1);
            c->offer_pile[book - 1][perbook[book - 1]++] = (uint8_t)noff;
            if (!rdone(L, r, &o->src))
                return 0;
            noff++;
        } else if (strcmp(r->kind, "goal") == 0) {
            if (ngoal == MP2_NGOALS)
                return rfail(L, r, NULL, "there are exactly %d goal cards", MP2_NGOALS);
            if (!load_goal(L, r, ngoal))
                return 0;
            for (int j = 0; j < ngoal; j++)
                if (strcmp(c->goal[j].id, c->goal[ngoal].id) == 0)
                    return rfail(L, r, NULL, "id given twice");
            ngoal++;
        } else if (strcmp(r->kind, "marker") == 0 || strcmp(r->kind, "outpost") == 0) {
            int is_m = r->kind[0] == 'm';
            int *cnt = is_m ? &nmark : &nout;
            int cap = is_m ? MP2_NMARKERS : MP2_NOUTPOSTS;
            if (*cnt == cap)
                return rfail(L, r, NULL, "there are exactly %d %s", cap,
                             is_m ? "city-bonus markers" : "outpost tiles");
            mp2_tilerec *t = is_m ? &c->marker[*cnt] : &c->outpost[*cnt];
            if (!check_id(L, r, t->id, sizeof t->id))
                return 0;
            for (int j = 0; j < *cnt; j++)
                if (strcmp((is_m ? c->marker : c->outpost)[j].id, t->id) == 0)
                    return rfail(L, r, NULL, "id given twice");
            const char *gv = fget(r, "gain");
            if (is_m && gv && strcmp(gv, "copy") == 0) {
                t->copy = 1;
                ncopy++;
            } else if (!freward(L, r, "gain", BF_ALT | BF_SPECIAL, 1, &t->reward)) {
                return 0;
            } else if (c->rw[t->reward].alt[0].n[IT_MOVE]) {
                return rfail(L, r, "gain", "movement is not a %s bonus",
                             is_m ? "city-bonus" : "outpost");
            }
            if (!rdone(L, r, &t->src))
                return 0;
            (*cnt)++;
        } else if (strcmp(r->kind, "rtile") == 0) {
            if (c->nrtile == MP2_MAXTILES)
                return rfail(L, r, NULL, "at most %d route tiles", MP2_MAXTILES);
            mp2_rtile *t = &c->rtile[c->nrtile];
            if (!check_id(L, r, t->id, sizeof t->id))
                return 0;
            const char *cr = freq(L, r, "crests");
            if (!cr)
                return 0;
            char tmp[KT_DR_VAL];
            snprintf(tmp, sizeof tmp, "%s", cr);
            char *plus = strchr(tmp, '+');
            int a = -1, b = -1;
            if (plus) {
                *plus = '\0';
                for (int s = 0; s < MP2_NSHIELD; s++) {
                    char key[MP2_NAME];
                    snprintf(key, sizeof key, "%s", c->shield[s]);
                    for (char *q = key; *q; q++)
                        *q = (char)tolower((unsigned char)*q);
                    if (strcmp(key, tmp) == 0)
                        a = s;
                    if (strcmp(key, plus + 1) == 0)
                        b = s;
                }
            }
            if (a < 0 || b < 0 || a == b)
                return rfail(L, r, "crests", "expected two different shields such as dragon+moon");
            if (!c->shield_mask[a] || !c->shield_mask[b]) /* map.txt is read first */
                return rfail(L, r, "crests", "a crest is on no city of the map");
            t->crest[0] = (uint8_t)a;
            t->crest[1] = (uint8_t)b;
            for (int j = 0; j < c->nrtile; j++)
                if (strcmp(c->rtile[j].id, t->id) == 0)
                    return rfail(L, r, NULL, "id given twice");
            if (!rdone(L, r, &t->src))
                return 0;
            c->nrtile++;
        } else {
            return rfail(L, r, NULL, "unknown record kind (offer, goal, marker, outpost, rtile)");
        }
    }
    if (L->dr.failed)
        return 0;
    if (noff != MP2_NOFFERS || ngoal != MP2_NGOALS || nmark != MP2_NMARKERS ||
        nout != MP2_NOUTPOSTS || c->nrtile < 1)
        return rfail(L, NULL, NULL,
                     "needs %d offer tiles (found %d), %d goal cards (%d), %d city-bonus markers "
                     "(%d), %d outpost tiles (%d) and at least one route tile (%d)",
                     MP2_NOFFERS, noff, MP2_NGOALS, ngoal, MP2_NMARKERS, nmark, MP2_NOUTPOSTS,
                     nout, c->nrtile);
    if (ncopy != 1)
        return rfail(L, NULL, NULL, "exactly one city-bonus marker copies others (gain=copy), "
                                    "found %d",
                     ncopy);
    return 1;
}

/* ------------------------------------------------------------ driver */

/* The bundles the rules give (not data): read with the bundle reader so
 * they land in cfg->rw[] like the files' own. */
static const kt_drspec mp2_builtin = {.game = "mp2", .file = "", .kinds = "builtin",
                                      .src = src_names, .nsrc = 4, .flags = KT_DR_QUIET};

static int builtin(ld_t *L, const char *text, int flags, uint16_t *out)
{
    kt_drec r;
    memset(&r, 0, sizeof r);
    snprintf(r.kind, sizeof r.kind, "builtin");
    int k = parse_reward(L, &r, "bundle", text, flags);
    *out = (uint16_t)k;
    return !L->dr.failed;
}

/* The five files in the order they are read (later ones refer to earlier
 * ones: routes to locations, goal cards to cities), each with its reader. */
static const struct mp2_file {
    kt_drspec spec;
    int (*load)(ld_t *);
} mp2_files[] = {
#define MP2_SPEC(f, k) {.game = "mp2", .file = f, .kinds = k, .src = src_names, .nsrc = 4, \
                        .min_names = 0, .max_names = 2, .flags = KT_DR_QUIET}
    {.spec = MP2_SPEC("map.txt", "shield,start,city,oasis,route"), .load = load_map},
    {.spec = MP2_SPEC("board.txt", "space,book,guild,special,track"), .load = load_board},
    {.spec = MP2_SPEC("cards.txt", "card"), .load = load_cards},
    {.spec = MP2_SPEC("contracts.txt", "contract"), .load = load_contracts},
    {.spec = MP2_SPEC("tiles.txt", "offer,goal,marker,outpost,rtile"), .load = load_tiles},
#undef MP2_SPEC
};

/* Records are read whole first: a file's kinds are interpreted in passes. */
static int load_file(ld_t *L, const char *dir, const struct mp2_file *f, kt_err *err)
{
    if (!kt_dr_open(&L->dr, &f->spec, L->a, dir, err))
        return 0;
    int ok = kt_dr_all(&L->dr, &L->recs, &L->nrec) && f->load(L);
    if (L->recs)
        kt_dr_all_free(&L->dr, L->recs);
    L->recs = NULL;
    kt_dr_close(&L->dr);
    return ok && !L->dr.failed;
}

kt_status mp2_load_data(mp2_cfg *c, const kt_allocator *a, const char *dir, kt_err *err)
{
    ld_t L;
    memset(&L, 0, sizeof L);
    L.c = c;
    L.a = a;
    L.dr.spec = &mp2_builtin;
    L.dr.err = err;
    c->nrw = 1; /* rw[0]: the empty reward */
    c->rw[0].nalt = 1;
    snprintf(L.dr.name, sizeof L.dr.name, "mp2 built-in");
    if (!builtin(&L, "3c/2cam/1jade", BF_ALT, &c->rw_bag) ||
        !builtin(&L, "2c/1cam", BF_ALT, &c->rw_mongke) || !builtin(&L, "4c+2cam", 0, &c->rw_khan) ||
        !builtin(&L, "3c", 0, &c->rw_contract_coins))
        return KT_EINTERNAL;
    for (size_t i = 0; i < sizeof mp2_files / sizeof mp2_files[0]; i++)
        if (!load_file(&L, dir, &mp2_files[i], err))
            return L.dr.code != KT_OK ? L.dr.code : KT_EINVAL;
    mp2_derive(c);
    return KT_OK;
}

/* Tables the legal-move generator reads instead of re-deriving them on
 * every call (a pure function of the loaded data). */
void mp2_derive(mp2_cfg *c)
{
    for (int sp = 0; sp < MP2_NSPACES; sp++) {
        int base = sp < MP2_NBASESP;
        c->sp_dice[sp] = base ? c->space[sp].dice : 1;
        c->sp_min[sp] = base ? c->space[sp].min : 1;
        c->sp_single[sp] = (uint8_t)(!base || (!c->space[sp].stack && sp != SP_KHAN));
        c->sp_fee[sp] = (uint8_t)(base && c->space[sp].stack && sp != SP_KHAN);
    }
    for (int v = 0; v <= 6; v++) {
        c->seal_die[v] = 0;
        for (int g = 0; g < MP2_NGUILD; g++)
            if (c->guild[g].take <= v)
                c->seal_die[v] |= (uint8_t)(1 << g);
    }
    c->bonus_mask = 0;
    for (int b = 0; b < MP2_NBONUSCITY; b++)
        c->bonus_mask |= 1ull << c->bonus_loc[b];
}

/* ------------------------------------------------------------ characters */

static const char *const char_names[MP2_NCHAR][2] = {
    {"Mongke Khan", "Möngke Khan"},
    {"De Wu", "De Wu"},
    {"Abha Basu", "Abha Basu"},
    {"Mailin & Tian Chin", "Mailin & Tian Chin"},
    {"Filippo Vitello", "Filippo Vitello"},
    {"Isabella Donati", "Isabella Donati"},
    {"Gantulga Od", "Gantulga Od"},
    {"Tebaldo Visconti", "Tebaldo Visconti"},
    {"Piedro Tartarino", "Piedro Tartarino"},
    {"Vidal Badoer", "Vidal Badoer"},
    {"Donata Badoer", "Donata Badoer"},
};

const char *mp2_char_name(int ch, int lang)
{
    if (ch < 0 || ch >= MP2_NCHAR)
        return "?";
    return char_names[ch][lang == KT_LANG_DE ? 1 : 0];
}

/* Letters only, lowercase: "Möngke Khan" -> "mongkekhan" (ö folds to o). */
static void slug(const char *in, char *out, size_t cap)
{
    size_t o = 0;
    for (const unsigned char *p = (const unsigned char *)in; *p && o + 1 < cap; p++) {
        if (*p == 0xC3 && p[1]) {
            unsigned char d = p[1];
            out[o++] = d == 0xB6 || d == 0x96 ? 'o' : d == 0xA4 || d == 0x84 ? 'a' : 'u';
            p++;
        } else if (isalpha(*p)) {
            out[o++] = (char)tolower(*p);
        }
    }
    out[o] = '\0';
}

int mp2_char_find(const char *name)
{
    char want[64], have[64];
    slug(name, want, sizeof want);
    if (!want[0])
        return -1;
    for (int i = 0; i < MP2_NCHAR; i++) {
        slug(char_names[i][0], have, sizeof have);
        if (strcmp(have, want) == 0)
            return i;
        /* the first name alone ("mongke", "vidal") */
        char first[32];
        slug(char_names[i][0], first, sizeof first);
        const char *sp = strchr(char_names[i][0], ' ');
        size_t fl = sp ? (size_t)(sp - char_names[i][0]) : strlen(char_names[i][0]);
        if (fl < sizeof first) {
            char tmp[32];
            memcpy(tmp, char_names[i][0], fl);
            tmp[fl] = '\0';
            slug(tmp, first, sizeof first);
            if (strcmp(first, want) == 0)
                return i;
        }
    }
    return -1;
}
