/*
 * data.c - loading and validating the component data of Fugger, Welser,
 * Medici.
 *
 * Data layout: five text files under data/fwm/ (map.txt, calendar.txt,
 * cards.txt, track.txt, decks.txt), embedded into the library, or read
 * from the directory given by the data_dir option.  Each line is one
 * record "<kind> <name> [<name2>] key=value ... src=<provenance>"; '#'
 * starts a comment and '_' in a value stands for a space.  The shared reader
 * (core/datarec.h) splits a file into records (kt_drec, on the stack) and
 * checks kinds, provenance and unknown fields; each record is mapped at
 * once into the pointer-free fwm_cfg.  After all
 * files, the cross checks run (routes join towns, every card names a town
 * that exists, the map is connected, the decks can be dealt) and the
 * terminal map is drawn into cfg->art.
 *
 * Every error names the file, line, record and field, e.g.
 *   "fwm/cards.txt line 40 (card N07): field 'town': unknown town 'XYZ'".
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/datarec.h"
#include "../../core/mem.h"
#include "fwm.h"

typedef struct ld_t {
    fwm_cfg *c;
    const kt_allocator *a; /* the configuration's: what reading allocates (NULL: malloc) */
    kt_err *err;
    kt_dr dr;     /* the file being read; its name stays for the cross checks */
    kt_drec *r;   /* record being read, for messages */
} ld_t;

static const char *const src_names[] = {"seed", "rulebook", "public", "recon"};

const char *fwm_src_name(int src) { return src >= 0 && src < 4 ? src_names[src] : "?"; }

/* ------------------------------------------------------------ fields */

/* The record readers below name the file, line and record through L->r. */
#define fail(L, field, ...) kt_dr_fail(&(L)->dr, (L)->r, field, __VA_ARGS__)
#define fld(r, key) kt_dr_get(r, key)
#define need(L, key) kt_dr_need(&(L)->dr, (L)->r, key)

/* A number that must be there. */
static int num(ld_t *L, const char *key, long lo, long hi, long *out)
{
    int x = 0;
    if (!kt_dr_int(&L->dr, L->r, key, (int)lo, (int)hi, 0, 1, &x))
        return 0;
    *out = x;
    return 1;
}

/* Optional number with a default. */
static int opt_num(ld_t *L, const char *key, long lo, long hi, long def, long *out)
{
    int x = 0;
    if (!kt_dr_int(&L->dr, L->r, key, (int)lo, (int)hi, (int)def, 0, &x))
        return 0;
    *out = x;
    return 1;
}

static int name_copy(ld_t *L, const char *key, char *dst, size_t cap)
{
    return kt_dr_text(&L->dr, L->r, key, fld(L->r, key), dst, cap);
}

/* src= and no unknown fields: every record ends with these checks. */
static int finish(ld_t *L, uint8_t *src) { return kt_dr_done(&L->dr, L->r, src); }

static int want_names(ld_t *L, int n)
{
    if (L->r->nnames != n)
        return fail(L, NULL, "a %s record needs %d name%s", L->r->kind, n, n > 1 ? "s" : "");
    return 1;
}

/* ------------------------------------------------------------ lookups */

int fwm_area_find(const fwm_cfg *c, const char *key)
{
    for (int i = 0; i < c->narea; i++)
        if (strcmp(c->area[i].key, key) == 0)
            return i;
    return -1;
}

int fwm_space_find(const fwm_cfg *c, const char *code)
{
    for (int i = 0; i < c->nsp; i++)
        if (strcmp(c->sp[i].code, code) == 0)
            return i;
    return -1;
}

int fwm_card_find(const fwm_cfg *c, const char *id)
{
    for (int i = 0; i < c->ncard; i++)
        if (strcmp(c->card[i].id, id) == 0)
            return i;
    return -1;
}

static int good_find(const char *s)
{
    static const char *const g[FWM_NG] = {"cloth", "spice", "metal"};
    for (int i = 0; i < FWM_NG; i++)
        if (strcmp(s, g[i]) == 0)
            return i;
    return -1;
}

static int pick(const char *v, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (v && strcmp(v, names[i]) == 0)
            return i;
    return -1;
}

/* ------------------------------------------------------------ map.txt */

static int rd_area(ld_t *L)
{
    fwm_cfg *c = L->c;
    if (!want_names(L, 1))
        return 0;
    if (c->narea == FWM_MAXAREA)
        return fail(L, NULL, "more than %d areas", FWM_MAXAREA);
    if (fwm_area_find(c, L->r->name[0]) >= 0)
        return fail(L, NULL, "area '%s' given twice", L->r->name[0]);
    fwm_area *a = &c->area[c->narea];
    if (strlen(L->r->name[0]) >= sizeof a->key)
        return fail(L, NULL, "area key too long");
    strcpy(a->key, L->r->name[0]);
    static const char *const kinds[2] = {"land", "sea"};
    int k = pick(need(L, "kind"), kinds, 2);
    if (k < 0)
        return L->dr.failed ? 0 : fail(L, "kind", "expected land or sea");
    a->sea = (uint8_t)k;
    if (a->sea) /* narea < FWM_MAXAREA == 32 here */
        c->sea_areas |= 1u << c->narea;
    if (!name_copy(L, "en", a->en, sizeof a->en) || !name_copy(L, "de", a->de, sizeof a->de) ||
        !finish(L, &a->src))
        return 0;
    c->narea++;
    return 1;
}

static int new_space(ld_t *L, int kind)
{
    fwm_cfg *c = L->c;
    if (!want_names(L, 1))
        return -1;
    if (c->nsp == FWM_MAXSP)
        return fail(L, NULL, "more than %d spaces", FWM_MAXSP) - 1;
    const char *code = L->r->name[0];
    if (strlen(code) != 3 || !isupper((unsigned char)code[0]) ||
        !(isupper((unsigned char)code[1]) || isdigit((unsigned char)code[1])) ||
        !(isupper((unsigned char)code[2]) || isdigit((unsigned char)code[2])))
        return fail(L, NULL, "a space code is a capital letter and two capitals or digits, "
                             "not '%.20s'", code) - 1;
    if (fwm_space_find(c, code) >= 0)
        return fail(L, NULL, "space '%s' given twice", code) - 1;
    fwm_space *sp = &c->sp[c->nsp];
    memcpy(sp->code, code, 4);
    sp->kind = (uint8_t)kind;
    sp->x = sp->y = FWM_NONE;
    if (!name_copy(L, "en", sp->en, sizeof sp->en) || !name_copy(L, "de", sp->de, sizeof sp->de))
        return -1;
    const char *av = need(L, "area");
    int a = av ? fwm_area_find(c, av) : -1;
    if (a < 0)
        return L->dr.failed ? -1 : fail(L, "area", "unknown area '%.20s'", av) - 1;
    sp->area = (uint8_t)a;
    if (c->area[a].sea != (kind == SK_SEA))
        return fail(L, "area", "a %s space must lie in a %s area", kind == SK_SEA ? "sea" : "land",
                    kind == SK_SEA ? "sea" : "land") - 1;
    return c->nsp++;
}

/* A town's plain numbers (all optional, 0 when not given). */
static const kt_drfield town_fields[] = {
    {.key = "home", KT_DRF(fwm_space, tax), .lo = 0, .hi = 5000}, /* payday tax */
    {.key = "toll", KT_DRF(fwm_space, toll), .lo = 0, .hi = 1},
    {.key = "ahead", KT_DRF(fwm_space, ahead), .lo = 0, .hi = 1},
    {.key = "blockade", KT_DRF(fwm_space, blockade), .lo = 0, .hi = 1},
};
#define NTOWN_FIELDS ((int)(sizeof town_fields / sizeof town_fields[0]))

static int rd_town(ld_t *L)
{
    fwm_cfg *c = L->c;
    int i = new_space(L, SK_TOWN);
    if (i < 0)
        return 0;
    fwm_space *sp = &c->sp[i];
    const char *at = need(L, "at");
    int x, y, n = 0;
    if (!at)
        return 0;
    if (sscanf(at, "%d,%d%n", &x, &y, &n) != 2 || at[n] || x < 0 || x > FWM_ARTW - 3 || y < 0 ||
        y >= FWM_ARTH)
        return fail(L, "at", "expected col,row inside %dx%d", FWM_ARTW, FWM_ARTH);
    sp->x = (uint8_t)x;
    sp->y = (uint8_t)y;
    if (!kt_dr_fields(&L->dr, L->r, town_fields, NTOWN_FIELDS, sp))
        return 0;
    if (sp->ahead && !sp->tax)
        return fail(L, "ahead", "only a home city starts ahead on the track");
    if (sp->tax) {
        if (c->nhomes == 3)
            return fail(L, "home", "more than three home cities");
        c->homes[c->nhomes++] = (uint8_t)i;
    }
    return finish(L, &sp->src);
}

static int rd_space(ld_t *L)
{
    static const char *const kinds[3] = {"road", "bridge", "sea"};
    const char *kv = fld(L->r, "kind");
    int k = pick(kv, kinds, 3);
    if (k < 0)
        return fail(L, "kind", "expected road, bridge or sea");
    int i = new_space(L, k + 1);
    if (i < 0)
        return 0;
    return finish(L, &L->c->sp[i].src);
}

static int link(ld_t *L, int a, int b)
{
    fwm_cfg *c = L->c;
    for (int i = 0; i < c->sp[a].nadj; i++)
        if (c->sp[a].adj[i] == b)
            return fail(L, NULL, "%s and %s are joined twice", c->sp[a].code, c->sp[b].code);
    if (c->sp[a].nadj == FWM_MAXADJ || c->sp[b].nadj == FWM_MAXADJ)
        return fail(L, NULL, "a space has more than %d neighbours", FWM_MAXADJ);
    c->sp[a].adj[c->sp[a].nadj++] = (uint8_t)b;
    c->sp[b].adj[c->sp[b].nadj++] = (uint8_t)a;
    return 1;
}

static int rd_route(ld_t *L)
{
    fwm_cfg *c = L->c;
    if (!want_names(L, 2))
        return 0;
    if (c->nroute == FWM_MAXROUTE)
        return fail(L, NULL, "more than %d routes", FWM_MAXROUTE);
    int a = fwm_space_find(c, L->r->name[0]), b = fwm_space_find(c, L->r->name[1]);
    if (a < 0 || b < 0 || c->sp[a].kind != SK_TOWN || c->sp[b].kind != SK_TOWN || a == b)
        return fail(L, NULL, "a route joins two different towns");
    int r = c->nroute, prev = a, n = 0;
    const char *via = fld(L->r, "via");
    char buf[KT_DR_VAL];
    snprintf(buf, sizeof buf, "%s", via ? via : "");
    char *save = NULL;
    for (char *t = via ? strtok_r(buf, ",", &save) : NULL; t; t = strtok_r(NULL, ",", &save)) {
        int v = fwm_space_find(c, t);
        if (v < 0 || c->sp[v].kind == SK_TOWN)
            return fail(L, "via", "'%.20s' is not a road, bridge or sea space", t);
        if (c->sp[v].nadj)
            return fail(L, "via", "space %s lies on two routes", t);
        if (n == FWM_MAXVIA)
            return fail(L, "via", "more than %d spaces", FWM_MAXVIA);
        c->route_via[r][n++] = (uint8_t)v;
        if (!link(L, prev, v))
            return 0;
        prev = v;
    }
    if (!link(L, prev, b))
        return 0;
    c->route_a[r] = (uint8_t)a;
    c->route_b[r] = (uint8_t)b;
    c->route_n[r] = (uint8_t)n;
    c->nroute++;
    return finish(L, NULL);
}

/* ------------------------------------------------------------ calendar.txt */

static int rd_cal(ld_t *L)
{
    fwm_cfg *c = L->c;
    if (!want_names(L, 1))
        return 0;
    if (c->ncal == FWM_MAXCAL)
        return fail(L, NULL, "more than %d calendar spaces", FWM_MAXCAL);
    fwm_cal *k = &c->cal[c->ncal];
    if (strlen(L->r->name[0]) >= sizeof k->key)
        return fail(L, NULL, "key too long");
    strcpy(k->key, L->r->name[0]);
    long month, winter, start, fair, payday, rent;
    if (!name_copy(L, "en", k->en, sizeof k->en) || !name_copy(L, "de", k->de, sizeof k->de) ||
        !name_copy(L, "short", k->sen, sizeof k->sen) ||
        !name_copy(L, "shortde", k->sde, sizeof k->sde) ||
        !num(L, "month", 1, 12, &month) ||
        !opt_num(L, "winter", 0, 1, 0, &winter) || !opt_num(L, "start", 0, 1, 0, &start) ||
        !opt_num(L, "fair", 0, 1, 0, &fair) || !opt_num(L, "payday", 0, 1, 0, &payday) ||
        !opt_num(L, "rent", 0, 1, 0, &rent))
        return 0;
    if (kt_utf8_width(k->sen) != 3 || kt_utf8_width(k->sde) != 3)
        return fail(L, "short", "short labels are three characters wide");
    k->month = (uint8_t)month;
    k->winter = (uint8_t)winter;
    struct { long v; int *slot; const char *f; } marks[4] = {
        {start, &c->cal_start, "start"}, {fair, &c->cal_fair, "fair"},
        {payday, &c->cal_payday, "payday"}, {rent, &c->cal_rent, "rent"}};
    for (int i = 0; i < 4; i++)
        if (marks[i].v) {
            if (*marks[i].slot >= 0)
                return fail(L, marks[i].f, "a second %s space", marks[i].f);
            *marks[i].slot = c->ncal;
        }
    if (!finish(L, &k->src))
        return 0;
    c->ncal++;
    return 1;
}

/* ------------------------------------------------------------ cards.txt */

static int rd_goods(ld_t *L, const char *key, const char *v, fwm_line *out, int cap, int *n)
{
    char buf[KT_DR_VAL];
    snprintf(buf, sizeof buf, "%s", v);
    char *save = NULL;
    *n = 0;
    for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        char gname[16];
        int qty, bound, k = 0;
        if (sscanf(t, "%15[a-z]:%d:%d%n", gname, &qty, &bound, &k) != 3 || t[k])
            return fail(L, key, "'%.30s' is not good:quantity:price", t);
        int gd = good_find(gname);
        if (gd < 0)
            return fail(L, key, "unknown good '%.15s' (cloth, spice, metal)", gname);
        if (qty < 1 || qty > FWM_MAXQ) /* a sealed bid lists every quantity x price */
            return fail(L, key, "quantity %d is not from 1 to %d", qty, FWM_MAXQ);
        if (bound < 20 || bound > 5000 || bound % 20)
            return fail(L, key, "price %d is not a multiple of 20 FL from 20 to 5000", bound);
        if (*n == cap)
            return fail(L, key, "more than %d goods lines", cap);
        out[*n].good = (uint8_t)gd;
        out[*n].qty = (uint8_t)qty;
        out[*n].bound = (uint16_t)bound;
        (*n)++;
    }
    if (*n == 0)
        return fail(L, key, "no goods");
    return 1;
}

static int rd_town_ref(ld_t *L, fwm_card *cd)
{
    const char *v = need(L, "town");
    int t = v ? fwm_space_find(L->c, v) : -1;
    if (t < 0 || L->c->sp[t].kind != SK_TOWN)
        return L->dr.failed ? 0 : fail(L, "town", "unknown town '%.20s'", v);
    cd->town = (uint8_t)t;
    return 1;
}

static int rd_deal_fields(ld_t *L, fwm_card *cd)
{
    long plus, urgent;
    int n;
    if (!rd_town_ref(L, cd) || !num(L, "plus", 1, 12, &plus) ||
        !opt_num(L, "urgent", 0, 1, 0, &urgent))
        return 0;
    const char *gv = need(L, "goods");
    if (!gv || !rd_goods(L, "goods", gv, cd->line, FWM_MAXLINES, &n))
        return 0;
    cd->plus = (uint8_t)plus;
    cd->urgent = (uint8_t)urgent;
    cd->nlines = (uint8_t)n;
    if (cd->type == CT_NOBLE && n != 1)
        return fail(L, "goods", "a noble demand has one goods line");
    return 1;
}

static int rd_after(ld_t *L, fwm_card *cd)
{
    static const char *const af[3] = {"reserve", "remove", "keep"};
    int k = pick(need(L, "after"), af, 3);
    if (k < 0)
        return L->dr.failed ? 0 : fail(L, "after", "expected reserve, remove or keep");
    cd->after = (uint8_t)k;
    return 1;
}

static int rd_event(ld_t *L, fwm_card *cd)
{
    static const char *const ev[EV_N] = {"",        "robbers", "pirates",  "sheep",
                                         "boom",    "lottery", "army",     "trick",
                                         "america", "coronation", "fuggerei", "corruption",
                                         "blockade"};
    int k = pick(need(L, "event"), ev, EV_N);
    if (k <= 0)
        return L->dr.failed ? 0 : fail(L, "event", "unknown event kind");
    cd->event = (uint8_t)k;
    if (k == EV_ROBBERS || k == EV_PIRATES || k == EV_FUGGEREI) {
        const char *av = need(L, "area");
        int a = av ? fwm_area_find(L->c, av) : -1;
        if (a < 0)
            return L->dr.failed ? 0 : fail(L, "area", "unknown area '%.20s'", av);
        if (L->c->area[a].sea != (k == EV_PIRATES))
            return fail(L, "area", "robbers and the Fuggerei need a land region, pirates a sea "
                                   "area");
        cd->area = (uint8_t)a;
    }
    if (k == EV_AMERICA && !rd_deal_fields(L, cd))
        return 0;
    return rd_after(L, cd);
}

static int rd_card(ld_t *L)
{
    fwm_cfg *c = L->c;
    if (!want_names(L, 1))
        return 0;
    if (c->ncard == FWM_MAXCARDS)
        return fail(L, NULL, "more than %d cards", FWM_MAXCARDS);
    const char *id = L->r->name[0];
    if (strlen(id) != 3 || !isupper((unsigned char)id[0]) || !isdigit((unsigned char)id[1]) ||
        !isdigit((unsigned char)id[2]))
        return fail(L, NULL, "a card id is a capital letter and two digits, not '%.20s'", id);
    if (fwm_card_find(c, id) >= 0)
        return fail(L, NULL, "card '%s' given twice", id);
    fwm_card *cd = &c->card[c->ncard];
    memcpy(cd->id, id, 4);
    cd->town = cd->area = FWM_NONE;
    static const char *const types[CT_NTYPES] = {"demand", "supply", "noble",
                                                 "fair",   "manor",  "event"};
    long level;
    if (!num(L, "level", 1, 3, &level))
        return 0;
    cd->level = (uint8_t)level;
    int t = pick(need(L, "type"), types, CT_NTYPES);
    if (t < 0)
        return L->dr.failed ? 0 : fail(L, "type", "unknown card type");
    cd->type = (uint8_t)t;
    int ok = 1, n;
    long v1 = 0, v2 = 0;
    if (t == CT_DEMAND || t == CT_SUPPLY || t == CT_NOBLE) {
        ok = rd_deal_fields(L, cd) && rd_after(L, cd);
    } else if (t == CT_FAIR) {
        const char *dv = need(L, "demand"), *sv = dv ? need(L, "supply") : NULL;
        ok = rd_town_ref(L, cd) && sv && rd_goods(L, "demand", dv, cd->line, FWM_MAXLINES, &n);
        if (ok) {
            cd->nlines = (uint8_t)n;
            ok = rd_goods(L, "supply", sv, cd->line + n, FWM_MAXLINES, &n);
            cd->nlines2 = (uint8_t)n;
        }
        cd->after = AF_KEEP;
    } else if (t == CT_MANOR) {
        ok = rd_town_ref(L, cd) && num(L, "plus", 1, 12, &v1) &&
             num(L, "min", 20, 60000, &v2);
        cd->plus = (uint8_t)v1;
        cd->min = (uint16_t)v2;
        if (ok && v2 % 20)
            ok = fail(L, "min", "a multiple of 20 FL");
        ok = ok && num(L, "rent", 0, 5000, &v1);
        cd->rent = (uint16_t)v1;
        cd->after = AF_RESERVE;
    } else {
        ok = rd_event(L, cd);
    }
    if (!ok || !finish(L, &cd->src))
        return 0;
    c->ncard++;
    return 1;
}

/* ------------------------------------------------------------ track.txt */

static int rd_track(ld_t *L)
{
    fwm_cfg *c = L->c;
    long end, start, flo;
    if (!want_names(L, 0) ||
        !num(L, "end", 2, FWM_MAXTRACK - 1, &end) ||
        !num(L, "start", 0, FWM_MAXTRACK - 1, &start) ||
        !num(L, "florenz", 0, 5, &flo))
        return 0;
    if (start + flo >= end)
        return fail(L, "start", "the start (plus the Florenz steps) must lie before the end");
    c->track_end = (int)end;
    c->track_start = (int)start;
    c->track_florenz = (int)flo;
    return finish(L, NULL);
}

static int rd_row(ld_t *L, uint8_t covered[FWM_MAXTRACK])
{
    fwm_cfg *c = L->c;
    long from, to;
    if (!want_names(L, 0) || !num(L, "from", 0, FWM_MAXTRACK - 1, &from) ||
        !num(L, "to", from, FWM_MAXTRACK - 1, &to))
        return 0;
    static const char *const oc[NO_N] = {"iou", "honour", "sea", "land"};
    int seen[13] = {0};
    for (int o = 0; o < NO_N; o++) {
        const char *v = need(L, oc[o]);
        int lo, hi, k = 0;
        if (!v)
            return 0;
        if (sscanf(v, "%d-%d%n", &lo, &hi, &k) != 2 || v[k] || lo < 2 || hi > 12 || lo > hi)
            return fail(L, oc[o], "expected a range of 2d6 sums such as 7-9");
        for (int d = lo; d <= hi; d++) {
            if (seen[d])
                return fail(L, oc[o], "the sum %d has two outcomes", d);
            seen[d] = 1;
            for (long p = from; p <= to; p++)
                c->track[p][d] = (uint8_t)o;
        }
    }
    for (int d = 2; d <= 12; d++)
        if (!seen[d])
            return fail(L, NULL, "the sum %d has no outcome", d);
    for (long p = from; p <= to; p++) {
        if (covered[p])
            return fail(L, "from", "position %ld is in two rows", p);
        covered[p] = 1;
    }
    return finish(L, NULL);
}

/* ------------------------------------------------------------ decks.txt */

static const char *const mode_names[MODE_N] = {"trading", "nobility", "manor", "full"};

static int rd_mode(ld_t *L, int levels[MODE_N])
{
    long lv;
    if (!want_names(L, 1))
        return 0;
    int m = pick(L->r->name[0], mode_names, MODE_N);
    if (m < 0)
        return fail(L, NULL, "unknown mode '%.20s'", L->r->name[0]);
    if (!num(L, "levels", 1, 3, &lv))
        return 0;
    levels[m] = (int)lv;
    return finish(L, NULL);
}

static int rd_deck(ld_t *L, fwm_deckrow rows[MODE_N][CT_NTYPES])
{
    static const char *const types[CT_NTYPES] = {"demand", "supply", "noble",
                                                 "fair",   "manor",  "event"};
    if (!want_names(L, 2))
        return 0;
    int m = pick(L->r->name[0], mode_names, MODE_N), t = pick(L->r->name[1], types, CT_NTYPES);
    if (m < 0 || t < 0)
        return fail(L, NULL, "expected a mode and a card type");
    fwm_deckrow *d = &rows[m][t];
    if (d->used)
        return fail(L, NULL, "deck line given twice");
    const char *pv = need(L, "pile");
    int base, k = 0;
    long open, res;
    if (!pv)
        return 0;
    if (sscanf(pv, "%d%n", &base, &k) != 1 || base < 0 || base > 60)
        return fail(L, "pile", "expected a count or <count>-p");
    if (strcmp(pv + k, "-p") == 0)
        d->minus_p = 1;
    else if (pv[k])
        return fail(L, "pile", "expected a count or <count>-p");
    if (!opt_num(L, "open", 0, 4, 0, &open) || !opt_num(L, "reserve", 0, 60, 0, &res))
        return 0;
    if (open > base - (d->minus_p ? FWM_MAXP : 0))
        return fail(L, "open", "more cards open than in the pile");
    if ((open != 0) != (t == CT_DEMAND || t == CT_SUPPLY) && open)
        return fail(L, "open", "only demand and supply cards start face up");
    d->used = 1;
    d->pile = (uint8_t)base;
    d->open = (uint8_t)open;
    d->reserve = (uint8_t)res;
    return finish(L, &d->src);
}

/* ------------------------------------------------------------ files */

typedef int (*rec_fn)(ld_t *L, void *ctx);

/* The five files: their record kinds; every record has 0..2 names and '_'
 * in a value stands for a space. */
enum { F_MAP, F_CAL, F_CARDS, F_TRACK, F_DECKS };
#define FWM_SPEC(f, k) {.game = "fwm", .file = f, .kinds = k, .src = src_names, .nsrc = 4, \
                        .min_names = 0, .max_names = 2, .flags = KT_DR_SPACES}
static const kt_drspec fwm_files[] = {
    [F_MAP] = FWM_SPEC("map.txt", "area,town,space,route"),
    [F_CAL] = FWM_SPEC("calendar.txt", "cal"),
    [F_CARDS] = FWM_SPEC("cards.txt", "card"),
    [F_TRACK] = FWM_SPEC("track.txt", "track,row"),
    [F_DECKS] = FWM_SPEC("decks.txt", "mode,deck"),
};
#undef FWM_SPEC

/* Runs fn over every record of a file (the shared reader has checked its
 * kind); stops at the first error. */
static int each_record(ld_t *L, const char *dir, int file, rec_fn fn, void *ctx)
{
    L->r = NULL;
    if (!kt_dr_open(&L->dr, &fwm_files[file], L->a, dir, L->err))
        return 0;
    kt_drec rec;
    int t, ok = 1;
    while (ok && (t = kt_dr_next(&L->dr, &rec)) > 0) {
        L->r = &rec;
        ok = fn(L, ctx);
        L->r = NULL;
    }
    kt_dr_close(&L->dr);
    return ok && !L->dr.failed;
}

static int map_rec(ld_t *L, void *ctx)
{
    KT_UNUSED(ctx);
    const char *k = L->r->kind;
    return strcmp(k, "area") == 0    ? rd_area(L)
           : strcmp(k, "town") == 0  ? rd_town(L)
           : strcmp(k, "space") == 0 ? rd_space(L)
                                     : rd_route(L);
}

static int cal_rec(ld_t *L, void *ctx) { KT_UNUSED(ctx); return rd_cal(L); }
static int card_rec(ld_t *L, void *ctx) { KT_UNUSED(ctx); return rd_card(L); }

static int track_rec(ld_t *L, void *ctx)
{
    return strcmp(L->r->kind, "track") == 0 ? rd_track(L) : rd_row(L, (uint8_t *)ctx);
}

typedef struct deck_ctx {
    int levels[MODE_N];
    fwm_deckrow rows[MODE_N][CT_NTYPES];
} deck_ctx;

static int deck_rec(ld_t *L, void *ctx)
{
    deck_ctx *d = ctx;
    return strcmp(L->r->kind, "mode") == 0 ? rd_mode(L, d->levels) : rd_deck(L, d->rows);
}

/* ------------------------------------------------------------ cross checks */

static int check_map(ld_t *L)
{
    fwm_cfg *c = L->c;
    L->r = NULL;
    snprintf(L->dr.name, sizeof L->dr.name, "fwm/map.txt");
    if (c->nhomes != 3)
        return fail(L, NULL, "needs exactly three home cities (home=), found %d", c->nhomes);
    for (int i = 0; i < c->nsp; i++)
        if (c->sp[i].nadj == 0)
            return fail(L, NULL, "space %s lies on no route", c->sp[i].code);
    /* connected: flood fill from space 0 */
    uint8_t seen[FWM_MAXSP] = {0}, q[FWM_MAXSP];
    int head = 0, tail = 0;
    seen[0] = 1;
    q[tail++] = 0;
    while (head < tail) {
        int v = q[head++];
        for (int k = 0; k < c->sp[v].nadj; k++)
            if (!seen[c->sp[v].adj[k]]) {
                seen[c->sp[v].adj[k]] = 1;
                q[tail++] = c->sp[v].adj[k];
            }
    }
    if (tail != c->nsp)
        return fail(L, NULL, "the map is not connected (%d of %d spaces reachable)", tail, c->nsp);
    return 1;
}

/* Draws towns, the spaces between them (evenly on the line from town to
 * town) and connectors into cfg->art, recording each space's place. */
static int draw_map(ld_t *L)
{
    fwm_cfg *c = L->c;
    int owner[FWM_ARTH][FWM_ARTW];
    for (int y = 0; y < FWM_ARTH; y++) {
        memset(c->art[y], ' ', FWM_ARTW);
        c->art[y][FWM_ARTW] = '\0';
        for (int x = 0; x < FWM_ARTW; x++)
            owner[y][x] = -1;
    }
    c->arth = 0;
    for (int i = 0; i < c->nsp; i++) {
        const fwm_space *sp = &c->sp[i];
        if (sp->kind != SK_TOWN)
            continue;
        for (int k = 0; k < 3; k++) {
            if (owner[sp->y][sp->x + k] >= 0)
                return fail(L, NULL, "towns %s and %s overlap on the map", sp->code,
                            c->sp[owner[sp->y][sp->x + k]].code);
            owner[sp->y][sp->x + k] = i;
            c->art[sp->y][sp->x + k] = sp->code[k];
        }
        if (sp->y + 1 > c->arth)
            c->arth = sp->y + 1;
    }
    for (int r = 0; r < c->nroute; r++) {
        const fwm_space *a = &c->sp[c->route_a[r]], *b = &c->sp[c->route_b[r]];
        int x0 = a->x + 1, y0 = a->y, x1 = b->x + 1, y1 = b->y, n = c->route_n[r] + 1;
        for (int i = 1; i < n; i++) {
            int v = c->route_via[r][i - 1];
            double fx = x0 + (double)(x1 - x0) * i / n, fy = y0 + (double)(y1 - y0) * i / n;
            int x = (int)(fx + (fx < 0 ? -0.5 : 0.5)), y = (int)(fy + 0.5);
            if (owner[y][x] >= 0)
                return fail(L, NULL, "space %s falls on %s on the map (move a town)",
                            c->sp[v].code, c->sp[owner[y][x]].code);
            owner[y][x] = v;
            c->sp[v].x = (uint8_t)x;
            c->sp[v].y = (uint8_t)y;
            c->art[y][x] = c->sp[v].kind == SK_SEA ? '~' : c->sp[v].kind == SK_BRIDGE ? '=' : 'o';
        }
    }
    for (int r = 0; r < c->nroute; r++) {
        const fwm_space *a = &c->sp[c->route_a[r]], *b = &c->sp[c->route_b[r]];
        int x0 = a->x + 1, y0 = a->y, x1 = b->x + 1, y1 = b->y;
        int dx = x1 - x0, dy = y1 - y0, adx = dx < 0 ? -dx : dx, ady = dy < 0 ? -dy : dy;
        int n = adx > ady ? adx : ady, sea = c->route_n[r] && c->sp[c->route_via[r][0]].kind == SK_SEA;
        char ch = sea                    ? '.'
                  : dy == 0 || adx > 5 * ady / 2 ? '-'
                  : 5 * adx / 2 < ady   ? '|'
                  : (dx > 0) == (dy > 0) ? '\\'
                                         : '/';
        for (int i = 1; i < n; i++) {
            double fx = x0 + (double)dx * i / n, fy = y0 + (double)dy * i / n;
            int x = (int)(fx + 0.5), y = (int)(fy + 0.5);
            if (owner[y][x] < 0 && c->art[y][x] == ' ')
                c->art[y][x] = ch;
        }
    }
    for (int y = 0; y < c->arth; y++) /* trim */
        for (int x = FWM_ARTW - 1; x >= 0 && c->art[y][x] == ' '; x--)
            c->art[y][x] = '\0';
    return 1;
}

/* Breadth-first distances from every space, with and without the sea. */
static void distances(fwm_cfg *c)
{
    for (int land = 0; land < 2; land++)
        for (int a = 0; a < c->nsp; a++) {
            uint8_t *d = c->dist[land][a], q[FWM_MAXSP];
            memset(d, 255, FWM_MAXSP);
            int head = 0, tail = 0;
            d[a] = 0;
            q[tail++] = (uint8_t)a;
            while (head < tail) {
                int v = q[head++];
                for (int k = 0; k < c->sp[v].nadj; k++) {
                    int w = c->sp[v].adj[k];
                    if (d[w] != 255 || (land && c->sp[w].kind == SK_SEA))
                        continue;
                    d[w] = (uint8_t)(d[v] + 1);
                    q[tail++] = (uint8_t)w;
                }
            }
        }
}

/* Which neighbours of each space are sea spaces, so that the legal steps
 * of a winter round skip them without looking up every neighbour. */
static void sea_neighbours(fwm_cfg *c)
{
    _Static_assert(FWM_MAXADJ <= 8, "adj_sea holds a bit per neighbour");
    for (int a = 0; a < c->nsp; a++) {
        fwm_space *sp = &c->sp[a];
        sp->adj_sea = 0;
        for (int k = 0; k < sp->nadj; k++)
            if (c->sp[sp->adj[k]].kind == SK_SEA)
                sp->adj_sea |= (uint8_t)(1u << k);
    }
}

/* The robber and pirate cards, so that the calendar looks only at them. */
static void robber_cards(fwm_cfg *c)
{
    c->nrobcards = 0;
    for (int i = 0; i < c->ncard; i++)
        if (c->card[i].type == CT_EVENT &&
            (c->card[i].event == EV_ROBBERS || c->card[i].event == EV_PIRATES))
            c->robcards[c->nrobcards++] = (uint8_t)i;
}

static int count_pool(const fwm_cfg *c, int type, int levels)
{
    int n = 0;
    for (int i = 0; i < c->ncard; i++)
        n += c->card[i].type == type && c->card[i].level <= levels;
    return n;
}

static int check_decks(ld_t *L, deck_ctx *d)
{
    fwm_cfg *c = L->c;
    L->r = NULL;
    snprintf(L->dr.name, sizeof L->dr.name, "fwm/decks.txt");
    for (int m = 0; m < MODE_N; m++) {
        if (!d->levels[m])
            return fail(L, NULL, "no mode line for %s", mode_names[m]);
        if (!d->rows[m][CT_DEMAND].used || !d->rows[m][CT_SUPPLY].used ||
            !d->rows[m][CT_FAIR].used)
            return fail(L, NULL, "mode %s needs demand, supply and fair lines", mode_names[m]);
        if (d->rows[m][CT_DEMAND].open < 1 || d->rows[m][CT_SUPPLY].open < 1)
            return fail(L, NULL, "mode %s must start with demand and supply face up",
                        mode_names[m]);
        if (m == MODE_TRADING) {
            for (int t = 0; t < CT_NTYPES; t++)
                if (d->rows[m][t].reserve)
                    return fail(L, NULL, "the trading-house game has no reserve deck");
        } else if (m >= MODE_MANOR && !d->rows[m][CT_MANOR].used) {
            return fail(L, NULL, "mode %s needs manor cards", mode_names[m]);
        }
        for (int t = 0; t < CT_NTYPES; t++) {
            const fwm_deckrow *r = &d->rows[m][t];
            if (!r->used)
                continue;
            int want = r->pile + r->reserve, have = count_pool(c, t, d->levels[m]);
            if (want > have)
                return fail(L, NULL, "mode %s wants %d cards of a type of which %d exist",
                            mode_names[m], want, have);
            if (r->minus_p && r->pile - FWM_MAXP < r->open)
                return fail(L, NULL, "mode %s: too few cards left with 6 players",
                            mode_names[m]);
        }
        if (d->rows[m][CT_FAIR].pile != 1)
            return fail(L, NULL, "mode %s: exactly one fair is used", mode_names[m]);
    }
    c->levels = d->levels[c->mode];
    memcpy(c->deck, d->rows[c->mode], sizeof c->deck);
    return 1;
}

static int check_cards(ld_t *L)
{
    fwm_cfg *c = L->c;
    L->r = NULL;
    snprintf(L->dr.name, sizeof L->dr.name, "fwm/cards.txt");
    for (int i = 0; i < c->ncard; i++) {
        const fwm_card *cd = &c->card[i];
        if ((cd->type == CT_FAIR || cd->type == CT_MANOR) && cd->level != 1 &&
            cd->type == CT_FAIR)
            return fail(L, NULL, "card %s: fairs are level 1", cd->id);
        if (cd->type == CT_MANOR && cd->level != 3)
            return fail(L, NULL, "card %s: manors are level 3", cd->id);
        if (cd->type == CT_NOBLE && cd->level < 2)
            return fail(L, NULL, "card %s: noble demands are level 2 or 3", cd->id);
    }
    int l1[CT_NTYPES] = {0};
    for (int i = 0; i < c->ncard; i++)
        if (c->card[i].level == 1)
            l1[c->card[i].type]++;
    /* the seed's level [1] counts */
    if (l1[CT_DEMAND] != 24 || l1[CT_SUPPLY] != 11 || l1[CT_EVENT] != 6 || l1[CT_FAIR] != 2)
        return fail(L, NULL, "level 1 must hold 24 demand, 11 supply, 6 event and 2 fair cards "
                             "(found %d, %d, %d, %d)",
                    l1[CT_DEMAND], l1[CT_SUPPLY], l1[CT_EVENT], l1[CT_FAIR]);
    return 1;
}

kt_status fwm_load_data(fwm_cfg *c, const kt_allocator *a, const char *dir, kt_err *err)
{
    ld_t L = {.c = c, .a = a, .err = err};
    c->cal_start = c->cal_fair = c->cal_payday = c->cal_rent = -1;
    uint8_t covered[FWM_MAXTRACK] = {0};
    deck_ctx *dk = kt_mem_zalloc(a, sizeof *dk);
    if (!dk)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    int ok = each_record(&L, dir, F_MAP, map_rec, NULL) && check_map(&L) &&
             each_record(&L, dir, F_CAL, cal_rec, NULL) &&
             each_record(&L, dir, F_CARDS, card_rec, NULL) && check_cards(&L) &&
             each_record(&L, dir, F_TRACK, track_rec, covered) &&
             each_record(&L, dir, F_DECKS, deck_rec, dk) &&
             check_decks(&L, dk) && draw_map(&L);
    kt_mem_free(a, dk, sizeof *dk);
    if (ok) {
        distances(c);
        sea_neighbours(c);
        robber_cards(c);
    }
    if (ok) {
        L.r = NULL;
        snprintf(L.dr.name, sizeof L.dr.name, "fwm/calendar.txt");
        if (c->cal_start < 0 || c->cal_fair < 0 || c->cal_payday < 0 || c->cal_rent < 0)
            ok = fail(&L, NULL, "needs one start, fair, payday and rent space");
        else if (!c->cal[0].winter || c->cal[c->cal_fair].winter)
            ok = fail(&L, NULL, "the first space is winter and the fair is not");
        snprintf(L.dr.name, sizeof L.dr.name, "fwm/track.txt");
        if (ok && !c->track_end)
            ok = fail(&L, NULL, "no track record");
        for (int p = 0; ok && p < c->track_end; p++)
            if (!covered[p])
                ok = fail(&L, NULL, "position %d has no table row", p);
    }
    if (!ok && !L.dr.failed)
        L.dr.code = kt_seterr(err, KT_EINVAL, "fwm data: invalid");
    return ok ? KT_OK : L.dr.code;
}
