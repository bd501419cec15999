/*
 * data.c - loading and validating the component data of Anno 1701: The Card
 * Game.
 *
 * Data layout: five text files under data/anno1701/ (game.txt, start.txt,
 * inhabitants.txt, era.txt, voyages.txt), embedded into the library or read
 * from the directory of the data_dir option.  Every line is one record
 * "<kind> <name> key=value ... src=<provenance> [ref=<note>]"; '#' starts a
 * comment.  The shared reader (core/datarec.h) splits a line into a record
 * (kt_drec, on the stack) and checks its kind, provenance and unknown
 * fields; the readers here map its fields into the pointer-free an_cfg at
 * once.  Whole-file and cross-file rules (counts per era, 120 cards, unique
 * names, the start-set layout) run after each file.
 *
 * Every error names the file, line, record and field, e.g.
 *   "anno1701/era.txt line 40 (building M08): field 'cost': unknown good 'x'".
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/datarec.h"
#include "anno1701.h"

typedef struct an_ld {
    an_cfg *c;
    const kt_allocator *a; /* the configuration's: what reading allocates (NULL: malloc) */
    kt_dr dr;      /* the file being read */
    kt_drec *r;    /* record being read, NULL between records */
    /* counters across one file */
    int nstart[2], nface, nlevel;
    uint32_t scalars; /* bit per scalar given */
} an_ld;

static const char *const src_names[] = {"seed", "public", "recon", "analogy"};

const char *an_src_name(int src) { return src >= 0 && src < 4 ? src_names[src] : "?"; }

/* ------------------------------------------------------------ names */

static const char *const good_en[] = {"wood", "cloth", "food", "brick", "tools"};
static const char *const good_de[] = {"Holz", "Tuch", "Nahrung", "Ziegel", "Werkzeug"};
static const char *const good_code[] = {"w", "c", "f", "b", "t"};

const char *an_good_name(int g, int lang)
{
    if (g >= 0 && g < AN_NGOODS)
        return lang == KT_LANG_DE ? good_de[g] : good_en[g];
    if (g == AN_GOLD)
        return "Gold";
    return "?";
}

const char *an_item_name(int item, int lang)
{
    int de = lang == KT_LANG_DE;
    switch (item) {
    case IT_GOLD: return de ? "Gold" : "gold";
    case IT_RUM: return "Rum";
    case IT_TOB: return de ? "Tabak" : "tobacco";
    case IT_SHIP: return de ? "Schiffsstufe" : "ship state";
    case IT_ANY: return de ? "Ware nach Wahl" : "good of choice";
    default: return an_good_name(item, lang);
    }
}

static const char *const ev_key[] = {"fire", "queen", "tax", "trader", "trade_advantage",
                                     "pirate_hunt"};
static const char *const ev_en[] = {"fire", "queen", "tax", "trader", "trade advantage",
                                    "pirate hunt"};
static const char *const ev_de[] = {"Feuer", "Königin", "Steuern", "Händler", "Handelsvorteil",
                                    "Piratenjagd"};

const char *an_event_key(int ev) { return ev >= 0 && ev < AN_NEVENTS ? ev_key[ev] : "?"; }

const char *an_event_name(int ev, int lang)
{
    if (ev < 0 || ev >= AN_NEVENTS)
        return "?";
    return lang == KT_LANG_DE ? ev_de[ev] : ev_en[ev];
}

static const char *const act_keys[] = {"",    "bishop", "inventor",   "poisoner", "revolutionary",
                                       "spy", "pickpocket", "captain", "commander"};

const char *an_act_key(int act) { return act > 0 && act <= AC_COMMANDER ? act_keys[act] : ""; }

static const char *const func_keys[] = {"", "chapel", "church", "harbour", "fire", "lodge",
                                        "theatre"};

/* ------------------------------------------------------------ fields */

/* The record readers below name the file, line and record through L->r. */
#define fail(L, field, ...) kt_dr_fail(&(L)->dr, (L)->r, field, __VA_ARGS__)
#define fget(L, key) kt_dr_get((L)->r, key)

static int fu8(an_ld *L, const char *key, int lo, int hi, int def, int req, uint8_t *out)
{
    return kt_dr_u8(&L->dr, L->r, key, lo, hi, def, req, out);
}

/* Comma-separated numbers; returns how many were read (0 on failure). */
static int flist(an_ld *L, const char *key, int lo, int hi, uint8_t *out, int cap)
{
    int v[8], n = kt_dr_ints(&L->dr, L->r, key, lo, hi, v, cap < 8 ? cap : 8);
    for (int i = 0; i < n; i++)
        out[i] = (uint8_t)v[i];
    return n;
}

/* A display name: '_' stands for a space. */
static int fname(an_ld *L, const char *key, char *out)
{
    return kt_dr_text(&L->dr, L->r, key, fget(L, key), out, AN_NAME);
}

static int good_code_find(const char *s, size_t n)
{
    for (int g = 0; g < AN_NGOODS; g++)
        if (strlen(good_code[g]) == n && strncmp(s, good_code[g], n) == 0)
            return g;
    if (n == 3 && strncmp(s, "rum", 3) == 0)
        return IT_RUM;
    if (n == 3 && strncmp(s, "tob", 3) == 0)
        return IT_TOB;
    return -1;
}

/* Goods like "2c+2f+1rum" into cost[], rum, tob (rum/tob NULL: not allowed). */
static int fgoods(an_ld *L, const char *key, int req, uint8_t *cost, uint8_t *rum, uint8_t *tob)
{
    memset(cost, 0, AN_NGOODS);
    if (rum)
        *rum = *tob = 0;
    const char *v = fget(L, key);
    if (!v)
        return req ? fail(L, key, "missing") : 1;
    const char *p = v;
    while (*p) {
        int n = 0;
        while (isdigit((unsigned char)*p))
            n = n * 10 + (*p++ - '0');
        const char *e = p;
        while (*e && *e != '+')
            e++;
        int g = good_code_find(p, (size_t)(e - p));
        if (n < 1 || n > 9 || g < 0 || (g >= AN_NGOODS && !rum))
            return fail(L, key, "'%.40s' is not like 2c+1f (w c f b t%s)", v,
                        rum ? " rum tob" : "");
        if (g == IT_RUM)
            *rum = (uint8_t)(*rum + n);
        else if (g == IT_TOB)
            *tob = (uint8_t)(*tob + n);
        else
            cost[g] = (uint8_t)(cost[g] + n);
        p = *e ? e + 1 : e;
    }
    return 1;
}

static int item_find(const char *s, size_t n)
{
    static const char *const names[] = {"wood", "cloth", "food", "brick", "tools",
                                        "gold", "rum",   "tob",  "ship",  "good"};
    for (int i = 0; i < AN_NITEMS; i++)
        if (strlen(names[i]) == n && strncmp(s, names[i], n) == 0)
            return i;
    return -1;
}

/* Effects like "gold+1,ship-1" or "none". */
static int feff(an_ld *L, const char *key, an_eff *out)
{
    memset(out, 0, sizeof *out);
    const char *v = fget(L, key);
    if (!v)
        return fail(L, key, "missing");
    if (strcmp(v, "none") == 0)
        return 1;
    const char *p = v;
    while (*p) {
        const char *s = p;
        while (*p && *p != '+' && *p != '-')
            p++;
        int item = item_find(s, (size_t)(p - s));
        int sign = *p == '-' ? -1 : 1;
        if (item < 0 || !*p || !isdigit((unsigned char)p[1]))
            return fail(L, key, "'%.40s' is not like gold+1,ship-1", v);
        p++;
        int n = 0;
        while (isdigit((unsigned char)*p))
            n = n * 10 + (*p++ - '0');
        if (n < 1 || n > 4)
            return fail(L, key, "amounts are 1..4");
        if ((item == IT_ANY || item < AN_NGOODS || item == IT_RUM || item == IT_TOB) && sign < 0)
            return fail(L, key, "only gold and ship can be lost");
        if (out->n == AN_MAXEFF)
            return fail(L, key, "at most %d items", AN_MAXEFF);
        out->item[out->n] = (uint8_t)item;
        out->amount[out->n] = (int8_t)(sign * n);
        out->n++;
        if (*p == ',')
            p++;
        else if (*p)
            return fail(L, key, "'%.40s' is not like gold+1,ship-1", v);
    }
    return 1;
}

static int fenum(an_ld *L, const char *key, const char *const *names, int n, int req, int def,
                 uint8_t *out)
{
    return kt_dr_enum(&L->dr, L->r, key, names, n, req, def, out);
}

/* The end of a record: a valid provenance and no unknown fields. */
static int finish(an_ld *L, uint8_t *src) { return kt_dr_done(&L->dr, L->r, src); }

/* ------------------------------------------------------------ game.txt */

typedef struct scalar_def {
    const char *name;
    size_t off;
    int lo, hi, count; /* count > 1: a list of exactly count values */
} scalar_def;

#define SC(n, f, l, h) {.name = n, .off = offsetof(an_scalars, f), .lo = l, .hi = h, .count = 1}
static const scalar_def scalar_defs[] = {
    SC("landscape_cap", land_cap, 1, 3),
    SC("warehouse_cap", ware_cap, 1, 9),
    SC("landscape_start", land_start, 0, 3),
    SC("centre_cap", centre_cap, 4, 4),
    {.name = "centre_start", .off = offsetof(an_scalars, centre_start), .lo = 1, .hi = 4,
     .count = 2},
    {.name = "discontent", .off = offsetof(an_scalars, discontent), .lo = 0, .hi = 9, .count = 5},
    SC("queen_discontent", queen_discontent, 0, 18),
    SC("token_marks", token_marks, 1, 20),
    SC("hand_size", hand_size, 1, AN_MAXHAND - 1),
    SC("start_hand", start_hand, 0, AN_MAXHAND - 1),
    SC("bank_rate", bank_rate, 1, 3),
    SC("search_cost", search_cost, 0, 4),
    SC("theatre_cost", theatre_cost, 0, 4),
    SC("queen_goal", queen_goal, 1, 60),
    SC("merchant_goal", merchant_goal, 1, AN_NINH),
    SC("pile_size", pile_size, 9, 9),
    SC("building_spaces", spaces, 1, AN_MAXSPACE),
    SC("fire_stations", fire_max, 1, AN_MAXSPACE),
    SC("captain_bonus", captain, 0, 4),
    SC("commander_bonus", commander, 0, 4),
    SC("bishop_chapel", bishop_chapel, 0, 4),
    SC("inventor_goods", inventor, 1, 4),
    SC("poisoner_goods", poisoner, 1, 4),
    SC("revolutionary_gold", revolutionary, 1, 8),
    SC("pickpocket_gold", pickpocket, 1, 8),
    SC("rescue_gold", rescue, 1, 4),
    SC("cliffs_damage", cliffs, 1, 4),
    SC("hurricane_damage", hurricane, 1, 4),
};
#define NSCALAR ((int)(sizeof scalar_defs / sizeof scalar_defs[0]))

static int rec_game(an_ld *L)
{
    an_cfg *c = L->c;
    if (strcmp(L->r->kind, "scalar") == 0) {
        for (int i = 0; i < NSCALAR; i++) {
            const scalar_def *d = &scalar_defs[i];
            if (strcmp(d->name, L->r->name[0]) != 0)
                continue;
            if (L->scalars & (1u << i))
                return fail(L, NULL, "given twice");
            L->scalars |= 1u << i;
            uint8_t *dst = (uint8_t *)&c->k + d->off;
            if (d->count == 1)
                return fu8(L, "value", d->lo, d->hi, 0, 1, dst) && finish(L, NULL);
            uint8_t tmp[8];
            int n = flist(L, "value", d->lo, d->hi, tmp, 8);
            if (n && n != d->count)
                return fail(L, "value", "needs exactly %d numbers", d->count);
            memcpy(dst, tmp, (size_t)d->count);
            return n && finish(L, NULL);
        }
        return fail(L, NULL, "unknown scalar");
    }
    if (strcmp(L->r->kind, "face") == 0) {
        int f = L->r->name[0][0] - '1';
        if (f < 0 || f > 5 || L->r->name[0][1])
            return fail(L, NULL, "faces are 1..6");
        if ((L->nface >> f) & 1)
            return fail(L, NULL, "face given twice");
        L->nface |= 1 << f;
        return fenum(L, "event", ev_key, AN_NEVENTS, 1, 0, &c->face[f]) &&
               finish(L, &c->src_face[f]);
    }
    return fail(L, NULL, "unknown record kind (scalar, face)");
}

static int check_game(an_ld *L)
{
    for (int i = 0; i < NSCALAR; i++)
        if (!(L->scalars & (1u << i)))
            return fail(L, NULL, "scalar %s is missing", scalar_defs[i].name);
    if (L->nface != 0x3f)
        return fail(L, NULL, "the event die needs faces 1..6");
    uint8_t seen[AN_NEVENTS] = {0};
    for (int f = 0; f < 6; f++)
        seen[L->c->face[f]]++;
    for (int e = 0; e < AN_NEVENTS; e++)
        if (seen[e] != 1)
            return fail(L, NULL, "event %s must be on exactly one face", ev_key[e]);
    const an_scalars *k = &L->c->k;
    if (k->start_hand > k->hand_size)
        return fail(L, NULL, "start_hand is larger than hand_size");
    return 1;
}

/* ------------------------------------------------------------ start.txt */

static const char *const set_keys[] = {"lion", "dragon"};
/* index = SK_* (the tobacco warehouse is told apart by its good) */
static const char *const sk_keys[] = {"pioneer", "centre", "overview", "landscape", "warehouse",
                                      "ship"};
static const char *const good_keys[] = {"wood", "cloth", "food", "brick", "tools", "", "rum",
                                        "tobacco"};

static int rec_start(an_ld *L)
{
    an_cfg *c = L->c;
    char letter = L->r->name[0][0];
    if (letter < 'A' || letter >= 'A' + AN_NSTART || L->r->name[0][1])
        return fail(L, NULL, "a start card's name is a letter A..%c", 'A' + AN_NSTART - 1);
    uint8_t si, kind;
    if (!fenum(L, "set", set_keys, 2, 1, 0, &si) || !fenum(L, "kind", sk_keys, 6, 1, 0, &kind))
        return 0;
    an_set *st = &c->set[si];
    int idx = letter - 'A';
    if (st->letters[idx])
        return fail(L, NULL, "letter %c given twice in the %s set", letter, set_keys[si]);
    st->letters[idx] = letter;
    st->kinds[idx] = kind;
    L->nstart[si]++;
    if (kind == SK_LANDSCAPE) {
        int nl = 0;
        for (int i = 0; i < AN_NSTART; i++)
            nl += st->letters[i] && st->kinds[i] == SK_LANDSCAPE && i != idx;
        if (nl >= AN_NLAND)
            return fail(L, NULL, "more than %d landscapes", AN_NLAND);
        an_land *ld = &st->land[nl];
        const char *cv = fget(L, "centre");
        ld->letter = letter;
        if (!fenum(L, "good", good_keys, AN_NGOODS, 1, 0, &ld->good) ||
            !fu8(L, "die", 1, 6, 0, 1, &ld->die))
            return 0;
        if (!cv || cv[1] || cv[0] < 'A' || cv[0] >= 'A' + AN_NSTART)
            return fail(L, "centre", "needs the letter of a village centre");
        ld->centre = (uint8_t)cv[0]; /* resolved in check_start */
    } else if (kind == SK_RUM) {
        uint8_t g;
        if (!fenum(L, "good", good_keys, 8, 1, 0, &g))
            return 0;
        if (g != IT_RUM && g != IT_TOB)
            return fail(L, "good", "a warehouse holds rum or tobacco");
        st->kinds[idx] = g == IT_TOB ? SK_TOB : SK_RUM;
    } else if (kind == SK_SHIP) {
        uint8_t s4[4], c4[4];
        int ns = flist(L, "sails", 0, 9, s4, 4), nc = ns ? flist(L, "cannons", 0, 9, c4, 4) : 0;
        if (!nc)
            return 0;
        if (ns != 4 || nc != 4)
            return fail(L, ns != 4 ? "sails" : "cannons", "needs 4 values (states I-IV)");
        memcpy(st->sails + 1, s4, 4);
        memcpy(st->cannons + 1, c4, 4);
        if (!fu8(L, "die", 1, 6, 0, 1, &st->ship_die) ||
            !fu8(L, "start", 1, 4, 1, 1, &st->ship_start))
            return 0;
    }
    return finish(L, &st->src[idx]);
}

static int check_start(an_ld *L)
{
    an_cfg *c = L->c;
    for (int si = 0; si < 2; si++) {
        an_set *st = &c->set[si];
        snprintf(st->name, sizeof st->name, "%s", si ? "Dragon" : "Lion");
        snprintf(st->de, sizeof st->de, "%s", si ? "Drache" : "Löwe");
        if (L->nstart[si] != AN_NSTART)
            return fail(L, NULL, "the %s set needs %d cards A..%c, found %d", set_keys[si],
                        AN_NSTART, 'A' + AN_NSTART - 1, L->nstart[si]);
        int count[SK_COUNT] = {0}, centre_no = 0;
        char centre_letter[2] = {0, 0};
        for (int i = 0; i < AN_NSTART; i++) {
            int k = st->kinds[i];
            count[k]++;
            if (k == SK_CENTRE && centre_no < 2)
                centre_letter[centre_no++] = st->letters[i];
        }
        if (count[SK_PIONEER] != AN_NINH || count[SK_CENTRE] != AN_NCENTRE ||
            count[SK_OVERVIEW] != 1 || count[SK_LANDSCAPE] != AN_NLAND || count[SK_RUM] != 1 ||
            count[SK_TOB] != 1 ||
            count[SK_SHIP] != 1)
            return fail(L, NULL,
                        "the %s set needs 4 pioneers, 2 village centres, 1 overview, %d "
                        "landscapes, a rum and a tobacco warehouse and 1 ship",
                        set_keys[si], AN_NLAND);
        int per_good[AN_NGOODS] = {0};
        for (int l = 0; l < AN_NLAND; l++) {
            an_land *ld = &st->land[l];
            if (ld->centre == (uint8_t)centre_letter[0])
                ld->centre = 0;
            else if (ld->centre == (uint8_t)centre_letter[1])
                ld->centre = 1;
            else
                return fail(L, NULL, "%s landscape %c: centre %c is not a village centre",
                            set_keys[si], ld->letter, ld->centre);
            per_good[ld->good]++;
        }
        for (int g = 0; g < AN_NGOODS; g++)
            if (!per_good[g])
                return fail(L, NULL, "the %s set has no %s landscape", set_keys[si],
                            good_keys[g]);
    }
    return 1;
}

/* ------------------------------------------------------------ inhabitants.txt */

static const char *const level_keys[] = {"pioneer", "settler", "citizen", "merchant"};

static int rec_inhabitant(an_ld *L)
{
    an_cfg *c = L->c;
    uint8_t lv;
    if (!fu8(L, "level", 1, 3, 0, 1, &lv))
        return 0;
    an_level *e = &c->level[lv];
    if (e->id[0])
        return fail(L, "level", "level %d given twice", lv);
    if (strcmp(L->r->name[0], level_keys[lv]) != 0)
        return fail(L, NULL, "level %d is the %s", lv, level_keys[lv]);
    snprintf(e->id, sizeof e->id, "%.11s", L->r->name[0]);
    L->nlevel++;
    if (!fname(L, "name", e->name) || !fname(L, "de", e->de) ||
        !fu8(L, "copies", 1, 12, 0, 1, &e->copies) || !fu8(L, "queen", 0, 9, 0, 1, &e->queen) ||
        !fgoods(L, "cost", 1, e->cost, &e->rum, &e->tob))
        return 0;
    /* the settler carries the seed's second cost (its worked example) */
    if (lv == 1 && !fgoods(L, "example_cost", 1, e->alt, &e->alt_rum, &e->alt_tob))
        return 0;
    if (lv != 1 && fget(L, "example_cost"))
        return fail(L, "example_cost", "only the settler has an example cost");
    return finish(L, &e->src);
}

static int check_inhabitants(an_ld *L)
{
    if (L->nlevel != 3)
        return fail(L, NULL, "needs the settler, citizen and merchant");
    an_level *p = &L->c->level[0];
    snprintf(p->id, sizeof p->id, "pioneer");
    snprintf(p->name, sizeof p->name, "Pioneer");
    snprintf(p->de, sizeof p->de, "Pionier");
    return 1;
}

/* ------------------------------------------------------------ era.txt */

static const char *const act_names[] = {"",           "bishop",  "inventor",
                                        "poisoner",   "revolutionary", "spy",
                                        "pickpocket", "captain", "commander"};
static const char *const prod_keys[] = {"wood", "cloth", "food", "brick", "tools", "any"};

/* A building's plain numbers (all optional, 0 when not given). */
static const kt_drfield building_fields[] = {
    {.key = "die", KT_DRF(an_def, die), .lo = 1, .hi = 6},
    {.key = "sails", KT_DRF(an_def, sails), .lo = 0, .hi = 9},
    {.key = "cannons", KT_DRF(an_def, cannons), .lo = 0, .hi = 9},
    {.key = "bags", KT_DRF(an_def, bags), .lo = 0, .hi = 9},
    {.key = "happy", KT_DRF(an_def, happy), .lo = 0, .hi = 9},
};
#define NBUILDING_FIELDS ((int)(sizeof building_fields / sizeof building_fields[0]))

static int rec_era(an_ld *L)
{
    an_cfg *c = L->c;
    int building = strcmp(L->r->kind, "building") == 0;
    if (c->ndef == AN_MAXDEF)
        return fail(L, NULL, "more than %d card definitions", AN_MAXDEF);
    if (strlen(L->r->name[0]) >= sizeof c->def[0].id)
        return fail(L, NULL, "an id has at most 7 characters");
    an_def *d = &c->def[c->ndef];
    memset(d, 0, sizeof *d);
    snprintf(d->id, sizeof d->id, "%.7s", L->r->name[0]);
    d->prod = AN_NONE;
    d->family = building ? FAM_BUILDING : FAM_ACTION;
    if (!fname(L, "name", d->name) || !fname(L, "de", d->de) ||
        !fu8(L, "era", 1, 3, 0, 1, &d->era) || !fu8(L, "copies", 1, 9, 1, 0, &d->copies))
        return 0;
    if (!building) {
        if (!fenum(L, "act", act_names, 9, 1, 0, &d->act))
            return 0;
    } else {
        uint8_t prod = AN_NONE;
        if (fget(L, "prod") && !fenum(L, "prod", prod_keys, 6, 1, 0, &prod))
            return 0;
        d->prod = prod;
        if (!fgoods(L, "cost", 1, d->cost, NULL, NULL) ||
            !kt_dr_fields(&L->dr, L->r, building_fields, NBUILDING_FIELDS, d) ||
            !fu8(L, "gold", 0, 9, d->happy, 0, &d->gold) || /* default: the happy marks */
            !fu8(L, "queen", 0, 9, 0, 0, &d->queen) ||
            !fenum(L, "func", func_keys, 7, 0, FN_NONE, &d->func))
            return 0;
        int needs_die = d->prod != AN_NONE || d->func == FN_HARBOUR || d->func == FN_LODGE;
        if (needs_die != (d->die != 0))
            return fail(L, "die", needs_die ? "production, harbour and lodge need a die number"
                                            : "only production, harbour and lodge have a die "
                                              "number");
        if (d->prod != AN_NONE && (d->func == FN_HARBOUR || d->func == FN_LODGE))
            return fail(L, "prod", "a harbour or lodge produces nothing");
    }
    if (!finish(L, &d->src))
        return 0;
    c->ndef++;
    return 1;
}

static int same_name(const char *a, const char *b)
{
    char na[64], nb[64];
    kt_text_norm(a, na, sizeof na);
    kt_text_norm(b, nb, sizeof nb);
    return strcmp(na, nb) == 0;
}

static int check_era(an_ld *L)
{
    an_cfg *c = L->c;
    int per_era[AN_NERA] = {0}, acts = 0;
    for (int i = 0; i < c->ndef; i++) {
        const an_def *d = &c->def[i];
        per_era[d->era - 1] += d->copies;
        c->era_defs[d->era - 1][c->n_era_defs[d->era - 1]++] = (uint8_t)i;
        if (d->family == FAM_ACTION)
            acts |= 1 << d->act;
        for (int j = 0; j < i; j++) {
            const an_def *e = &c->def[j];
            if (strcmp(d->id, e->id) == 0)
                return fail(L, NULL, "id %s is used twice", d->id);
            if (same_name(d->name, e->name) || same_name(d->de, e->de) ||
                same_name(d->name, e->de) || same_name(d->de, e->name))
                return fail(L, NULL, "cards %s and %s have the same name", e->id, d->id);
            if (d->family == FAM_ACTION && e->family == FAM_ACTION && d->act == e->act)
                return fail(L, NULL, "action kind %s is on two cards (%s and %s): give one card "
                                     "more copies",
                            act_names[d->act], e->id, d->id);
        }
    }
    for (int e = 0; e < AN_NERA; e++)
        if (per_era[e] != 2 * c->k.pile_size)
            return fail(L, NULL, "era %d has %d cards; two piles of %d need %d", e + 1, per_era[e],
                        c->k.pile_size, 2 * c->k.pile_size);
    for (int a = AC_BISHOP; a <= AC_COMMANDER; a++)
        if (!(acts & (1 << a)))
            return fail(L, NULL, "the action card %s is missing (the seed has eight)", act_names[a]);
    return 1;
}

/* ------------------------------------------------------------ voyages.txt */

static const char *const vk_keys[] = {"pirate", "siege",   "trader",  "people",
                                      "cliffs", "hurricane", "flotsam", "rescue"};

static int offer(an_ld *L, const char *key, an_vdef *v, int i)
{
    const char *s = fget(L, key);
    if (!s)
        return 0;
    char good[8];
    int price, max, used = 0;
    if (sscanf(s, "%3[a-z]:%d:%d%n", good, &price, &max, &used) != 3 || s[used] ||
        (strcmp(good, "rum") != 0 && strcmp(good, "tob") != 0))
        return fail(L, key, "'%.30s' is not like rum:1:2 (good:price:max)", s);
    if (price < 1 || price > 3)
        return fail(L, key, "prices are 1..3 gold (seed)");
    if (max < 1 || max > 3)
        return fail(L, key, "a trader sells 1..3");
    v->offer_item[i] = strcmp(good, "rum") == 0 ? IT_RUM : IT_TOB;
    v->offer_price[i] = (uint8_t)price;
    v->offer_max[i] = (uint8_t)max;
    v->noffer = (uint8_t)(i + 1);
    return 1;
}

static int rec_voyage(an_ld *L)
{
    an_cfg *c = L->c;
    if (c->nvdef == AN_MAXVDEF)
        return fail(L, NULL, "more than %d voyage definitions", AN_MAXVDEF);
    an_vdef *v = &c->vdef[c->nvdef];
    memset(v, 0, sizeof *v);
    snprintf(v->id, sizeof v->id, "%.7s", L->r->name[0]);
    if (!fname(L, "name", v->name) || !fname(L, "de", v->de) ||
        !fenum(L, "kind", vk_keys, 8, 1, 0, &v->kind) ||
        !fu8(L, "copies", 1, AN_NVOY, 1, 0, &v->copies))
        return 0;
    switch (v->kind) {
    case VK_PIRATE:
        if (!fu8(L, "demand", 1, 3, 0, 1, &v->demand))
            return 0;
        /* fall through */
    case VK_SIEGE:
        if (!fu8(L, "strength", 0, 9, 0, 1, &v->strength) || !feff(L, "win", &v->win) ||
            !feff(L, "lose", &v->lose))
            return 0;
        break;
    case VK_TRADER:
    case VK_PEOPLE:
        if (!offer(L, "offer1", v, 0))
            return L->dr.failed ? 0 : fail(L, "offer1", "missing");
        if (!offer(L, "offer2", v, 1) && L->dr.failed)
            return 0;
        break;
    case VK_FLOTSAM:
        for (int i = 0; i < 6; i++) {
            char key[16];
            snprintf(key, sizeof key, "roll%d", i + 1);
            if (!feff(L, key, &v->roll[i]))
                return 0;
        }
        break;
    default:
        break;
    }
    if (!finish(L, &v->src))
        return 0;
    c->nvdef++;
    return 1;
}

static int check_voyages(an_ld *L)
{
    an_cfg *c = L->c;
    int n = 0;
    for (int i = 0; i < c->nvdef; i++) {
        for (int j = 0; j < i; j++) {
            /* saves name voyage cards by id: two with one id would not load back */
            if (strcmp(c->vdef[i].id, c->vdef[j].id) == 0)
                return fail(L, NULL, "voyage id %s is used twice (ids are told apart by their "
                                     "first 7 characters)",
                            c->vdef[i].id);
            if (same_name(c->vdef[i].name, c->vdef[j].name) || same_name(c->vdef[i].de, c->vdef[j].de))
                return fail(L, NULL, "voyage cards %s and %s have the same name", c->vdef[j].id,
                            c->vdef[i].id);
        }
        for (int k = 0; k < c->vdef[i].copies && n < AN_NVOY; k++)
            c->vdeck[n++] = (uint8_t)i;
    }
    int total = 0;
    for (int i = 0; i < c->nvdef; i++)
        total += c->vdef[i].copies;
    if (total != AN_NVOY)
        return fail(L, NULL, "the voyage deck has %d cards; this build holds %d", total, AN_NVOY);
    int inh = c->level[1].copies + c->level[2].copies + c->level[3].copies;
    int all = 3 * 2 * c->k.pile_size + 2 * AN_NSTART + inh + total;
    if (all != 120)
        return fail(L, NULL, "the game has 120 cards; the data give %d (54 era + 36 start + %d "
                             "inhabitants + %d voyages)",
                    all, inh, total);
    return 1;
}

/* ------------------------------------------------------------ driver */

/* The five files in the order they are read (later files refer to earlier
 * ones: the voyage check counts the inhabitants), each with its record
 * reader and its whole-file check. */
static const struct an_file {
    kt_drspec spec;
    int (*rec)(an_ld *);
    int (*check)(an_ld *);
} an_files[] = {
#define AN_SPEC(f, k) {.game = "anno1701", .file = f, .kinds = k, .src = src_names, .nsrc = 4, \
                       .min_names = 1, .max_names = 1, .flags = KT_DR_REF}
    {.spec = AN_SPEC("game.txt", "scalar,face"), .rec = rec_game, .check = check_game},
    {.spec = AN_SPEC("start.txt", "start"), .rec = rec_start, .check = check_start},
    {.spec = AN_SPEC("inhabitants.txt", "inhabitant"), .rec = rec_inhabitant,
     .check = check_inhabitants},
    {.spec = AN_SPEC("era.txt", "building,action"), .rec = rec_era, .check = check_era},
    {.spec = AN_SPEC("voyages.txt", "voyage"), .rec = rec_voyage, .check = check_voyages},
#undef AN_SPEC
};

static int load_file(an_ld *L, const char *dir, const struct an_file *f, kt_err *err)
{
    if (!kt_dr_open(&L->dr, &f->spec, L->a, dir, err))
        return 0;
    kt_drec r;
    int t;
    while ((t = kt_dr_next(&L->dr, &r)) > 0) {
        L->r = &r;
        f->rec(L);
        L->r = NULL;
    }
    int ok = t == 0 && !L->dr.failed && f->check(L);
    kt_dr_close(&L->dr);
    return ok;
}

kt_status an_load_data(an_cfg *c, const kt_allocator *a, const char *dir, kt_err *err)
{
    an_ld L;
    memset(&L, 0, sizeof L);
    L.c = c;
    L.a = a;
    for (size_t i = 0; i < sizeof an_files / sizeof an_files[0]; i++)
        if (!load_file(&L, dir, &an_files[i], err))
            return L.dr.code != KT_OK ? L.dr.code : KT_EINVAL;
    return KT_OK;
}

int an_def_find(const an_cfg *c, const char *norm)
{
    char n[64];
    for (int i = 0; i < c->ndef; i++) {
        kt_text_norm(c->def[i].name, n, sizeof n);
        if (strcmp(n, norm) == 0)
            return i;
        kt_text_norm(c->def[i].de, n, sizeof n);
        if (strcmp(n, norm) == 0)
            return i;
    }
    return -1;
}
