/*
 * save.c - Catan's full-state JSON (save/load with validation; the
 * per-player observation is in view.c, and so is the writer of a player's
 * record, which both use).
 *
 * Full state ("state" member of kt_state_json), designed for merge-patch
 * scenarios: collections that tests patch piece by piece are objects keyed
 * by place or player, e.g.
 *   "buildings": {"12": {"player": 0, "kind": "city", "wall": true,
 *                        "metropolis": "trade"}},
 *   "knights":   {"20": {"player": 1, "level": 2, "active": true}},
 *   "roads":     {"12-17": 0},
 *   "players":   {"0": {"hand": {"brick": 1, ...}, "progress": ["spy"], ...}},
 * decks list the top card first; "stack" lists the pending frames bottom
 * first ({"kind": "main", "player": 0, "a": 0, "b": 0}).  Derived data
 * (bank, piece counts, masks, road lengths) is not stored: it is recomputed
 * after loading, so a patch that gives a player cards takes them from the
 * bank.  The loader checks every field's type and range and names the
 * offending field; the core then runs check() for the global invariants.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan.h"

static const char *const metro_key[4] = {"none", "trade", "politics", "science"};
static const char *const port_key[6] = {"brick", "lumber", "wool", "grain", "ore", "any"};
const char *const cat_trade_state_key[3] = {"none", "compose", "open"};

/* ------------------------------------------------------------ writing */

static void hex_str(kt_jw *w, int h)
{
    char t[2];
    cat_hex_name(h, t);
    kt_jw_str(w, t);
}

void cat_write_hand(kt_jw *w, const uint8_t *hand)
{
    kt_jw_obj(w);
    for (int k = 0; k < CAT_NKIND; k++)
        kt_jw_kint(w, cat_kind_key[k], hand[k]);
    kt_jw_obj_end(w);
}

void cat_write_dev(kt_jw *w, const uint8_t *d)
{
    kt_jw_obj(w);
    for (int k = 0; k < CAT_NDEV; k++)
        kt_jw_kint(w, cat_devcards[k].key, d[k]);
    kt_jw_obj_end(w);
}

/* The turn's flags ("turn" in the save, "turn_state" in the view). */
void cat_write_turn(const cat_state *s, kt_jw *w)
{
    kt_jw_obj(w);
    kt_jw_kstr(w, "fleet", s->fleet == 0 ? "off" : s->fleet == 1 ? "any" : cat_kind_key[s->fleet - 2]);
    kt_jw_kint(w, "crane", s->crane_mask);
    kt_jw_kint(w, "proposals", s->proposals);
    kt_jw_kbool(w, "dev_played", s->dev_played);
    kt_jw_obj_end(w);
}

/* The trade on the table; the view adds who offers it ("from": the turn
 * player, which the save's header holds already). */
void cat_write_trade(const cat_state *s, int with_from, kt_jw *w)
{
    kt_jw_obj(w);
    kt_jw_kstr(w, "state", cat_trade_state_key[s->tr_state]);
    if (with_from)
        kt_jw_kint(w, "from", s->h.turn_player);
    kt_jw_kint(w, "to", s->tr_to);
    kt_jw_kint(w, "accepted", s->tr_accept);
    kt_jw_key(w, "give");
    cat_write_hand(w, s->tr_give);
    kt_jw_key(w, "get");
    cat_write_hand(w, s->tr_get);
    kt_jw_obj_end(w);
}

void cat_write_board(const cat_state *s, kt_jw *w)
{
    kt_jw_key(w, "terrain");
    kt_jw_arr(w);
    for (int h = 0; h < CAT_NH; h++)
        kt_jw_str(w, cat_terrain_key[s->terrain[h]]);
    kt_jw_arr_end(w);
    kt_jw_key(w, "numbers");
    kt_jw_u8s(w, s->number, CAT_NH);
    kt_jw_key(w, "harbors");
    kt_jw_arr(w);
    for (int i = 0; i < CAT_NPORT; i++)
        kt_jw_str(w, port_key[s->port[i]]);
    kt_jw_arr_end(w);
    kt_jw_key(w, "robber");
    hex_str(w, s->robber);
    kt_jw_key(w, "merchant");
    if (s->merchant < 0)
        kt_jw_str(w, "none");
    else
        hex_str(w, s->merchant);
    kt_jw_kint(w, "merchant_owner", s->merchant_owner);
    kt_jw_kint(w, "barbarians", s->barb);
    kt_jw_kint(w, "attacks", s->attacks);
    kt_jw_key(w, "dice");
    kt_jw_u8s(w, s->dice, 3);
    kt_jw_kint(w, "longest_road", s->lr_holder);
    kt_jw_kint(w, "largest_army", s->la_holder);
    kt_jw_key(w, "buildings");
    kt_jw_obj(w);
    char k[16];
    for (int v = 0; v < CAT_NV; v++) {
        if (s->v_piece[v] != VP_SETTLE && s->v_piece[v] != VP_CITY)
            continue;
        snprintf(k, sizeof k, "%d", v);
        kt_jw_key(w, k);
        kt_jw_obj(w);
        kt_jw_kint(w, "player", s->v_owner[v]);
        kt_jw_kstr(w, "kind", s->v_piece[v] == VP_CITY ? "city" : "settlement");
        if (s->v_aux[v] & AUX_WALL)
            kt_jw_kbool(w, "wall", 1);
        if (s->v_aux[v] & AUX_SIDEWAYS)
            kt_jw_kbool(w, "sideways", 1);
        if (s->v_aux[v] & AUX_METRO_MASK)
            kt_jw_kstr(w, "metropolis", metro_key[(s->v_aux[v] & AUX_METRO_MASK) >> AUX_METRO_SHIFT]);
        kt_jw_obj_end(w);
    }
    kt_jw_obj_end(w);
    kt_jw_key(w, "knights");
    kt_jw_obj(w);
    for (int v = 0; v < CAT_NV; v++) {
        if (s->v_piece[v] != VP_KNIGHT)
            continue;
        snprintf(k, sizeof k, "%d", v);
        kt_jw_key(w, k);
        kt_jw_obj(w);
        int a = s->v_aux[v];
        kt_jw_kint(w, "player", s->v_owner[v]);
        kt_jw_kint(w, "level", a & KN_LEVEL);
        kt_jw_kbool(w, "active", !!(a & KN_ACTIVE));
        if (a & KN_FRESH)
            kt_jw_kbool(w, "fresh", 1);
        if (a & KN_USED)
            kt_jw_kbool(w, "used", 1);
        if (a & KN_PROMOTED)
            kt_jw_kbool(w, "promoted", 1);
        kt_jw_obj_end(w);
    }
    kt_jw_obj_end(w);
    kt_jw_key(w, "roads");
    kt_jw_obj(w);
    for (int e = 0; e < CAT_NE; e++) {
        if (s->e_owner[e] < 0)
            continue;
        snprintf(k, sizeof k, "%d-%d", cat_e_v[e][0], cat_e_v[e][1]);
        kt_jw_kint(w, k, s->e_owner[e]);
    }
    kt_jw_obj_end(w);
}

void cat_save(const kt_game *g, const kt_state *ks, kt_jw *w)
{
    const cat_state *s = (const cat_state *)ks;
    kt_jw_obj(w);
    cat_write_board(s, w);
    kt_jw_kint(w, "setup", s->setup_step);
    kt_jw_kint(w, "winner", s->winner);
    kt_jw_key(w, "decks");
    kt_jw_obj(w);
    for (int c = 0; c < 3; c++) {
        kt_jw_key(w, cat_track_key[c]);
        kt_jw_arr(w);
        for (int i = s->deck_n[c] - 1; i >= 0; i--)
            kt_jw_str(w, cat_progress[s->deck[c][i]].key);
        kt_jw_arr_end(w);
    }
    kt_jw_obj_end(w);
    kt_jw_key(w, "deck_known");
    kt_jw_obj(w);
    for (int c = 0; c < 3; c++) {
        kt_jw_key(w, cat_track_key[c]);
        kt_jw_arr(w);
        for (int i = s->deck_n[c] - 1; i >= 0; i--)
            kt_jw_int(w, s->deck_known[c][i]);
        kt_jw_arr_end(w);
    }
    kt_jw_obj_end(w);
    kt_jw_key(w, "dev_deck");
    kt_jw_arr(w);
    for (int i = s->devdeck_n - 1; i >= 0; i--)
        kt_jw_str(w, cat_devcards[s->devdeck[i]].key);
    kt_jw_arr_end(w);
    kt_jw_key(w, "players");
    kt_jw_obj(w);
    for (int p = 0; p < cat_np(g); p++) {
        char k[12];
        snprintf(k, sizeof k, "%d", p);
        kt_jw_key(w, k);
        cat_write_player(g, s, p, KT_OMNISCIENT, CAT_REC_SAVE, w);
    }
    kt_jw_obj_end(w);
    kt_jw_key(w, "turn");
    cat_write_turn(s, w);
    kt_jw_key(w, "trade");
    cat_write_trade(s, 0, w);
    kt_jw_key(w, "stack");
    kt_jw_arr(w);
    for (int i = 0; i < s->nstack; i++) {
        const cat_frame *f = &s->stack[i];
        kt_jw_obj(w);
        kt_jw_kstr(w, "kind", cat_frame_key[f->kind]);
        kt_jw_kint(w, "player", f->player);
        kt_jw_kint(w, "a", f->a);
        kt_jw_kint(w, "b", f->b);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_obj_end(w);
}

/* ------------------------------------------------------------ reading */

static int find_name(const char *s, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    return -1;
}

static int name_of(kt_jr *r, const kt_jv *v, const char *const *names, int n, const char *what)
{
    if (!v || v->type != KT_JSTR)
        return kt_jr_fail(r, "expected a %s name", what), -1;
    int i = find_name(v->s, names, n);
    if (i < 0)
        kt_jr_fail(r, "unknown %s '%s'", what, v->s);
    return i;
}

static int field_name(kt_jr *r, const kt_jv *obj, const char *key, const char *const *names, int n,
                      const char *what)
{
    const kt_jv *v = kt_jr_get(r, obj, key, KT_JSTR);
    if (!v)
        return -1;
    kt_jr_push(r, key);
    int i = name_of(r, v, names, n, what);
    kt_jr_pop(r);
    return i;
}

static int prog_index(const char *s)
{
    for (int i = 0; i < CAT_NPROG; i++)
        if (strcmp(s, cat_progress[i].key) == 0)
            return i;
    return -1;
}

/* The card a name in a list of cards stands for, or -1 where the list may
 * not hold it (read_cards below; arg: the deck's colour, or unused). */
static int deck_card(const char *s, int colour)
{
    int i = prog_index(s);
    return i >= 0 && cat_progress[i].colour == colour ? i : -1;
}

static int held_card(const char *s, int unused)
{
    KT_UNUSED(unused);
    int i = prog_index(s);
    return i == PC_CONSTITUTION || i == PC_PRINTER ? -1 : i; /* VP cards lie face up */
}

static int dev_card(const char *s, int unused)
{
    KT_UNUSED(unused);
    for (int i = 0; i < CAT_NDEV; i++)
        if (strcmp(s, cat_devcards[i].key) == 0)
            return i;
    return -1;
}

/* obj[key], a list of at most maxn card names, into out[] and *n: in list
 * order, or reversed (a deck: the list's first card is its top, out[n-1]).
 * card(name, arg) names the card or refuses it; `expected` says what the
 * list holds when it does. */
static int read_cards(kt_jr *r, const kt_jv *obj, const char *key, int maxn,
                      int (*card)(const char *name, int arg), int arg, const char *expected,
                      int reversed, uint8_t *out, uint8_t *n)
{
    const kt_jv *a = kt_jr_arr(r, obj, key, 0, maxn);
    if (!a)
        return 0;
    kt_jr_push(r, key);
    *n = (uint8_t)a->n;
    for (int i = 0; i < a->n && !r->failed; i++) {
        const kt_jv *v = kt_jv_at(a, i);
        kt_jr_push_i(r, i);
        int k = v && v->type == KT_JSTR ? card(v->s, arg) : -1;
        if (k < 0)
            kt_jr_fail(r, "%s", expected);
        else
            out[reversed ? a->n - 1 - i : i] = (uint8_t)k;
        kt_jr_pop(r);
    }
    kt_jr_pop(r);
    return !r->failed;
}

static int hex_of(kt_jr *r, const kt_jv *obj, const char *key, int allow_none, int *out)
{
    const kt_jv *v = kt_jr_get(r, obj, key, KT_JSTR);
    if (!v)
        return 0;
    if (allow_none && strcmp(v->s, "none") == 0) {
        *out = -1;
        return 1;
    }
    kt_jr_push(r, key);
    int ok = v->s[0] >= 'A' && v->s[0] < 'A' + CAT_NH && !v->s[1];
    if (ok)
        *out = v->s[0] - 'A';
    else
        kt_jr_fail(r, "expected a hex letter A..S%s", allow_none ? " or \"none\"" : "");
    kt_jr_pop(r);
    return ok;
}

static int read_int(kt_jr *r, const kt_jv *obj, const char *key, long long lo, long long hi, int *out)
{
    long long x;
    if (!kt_jr_int(r, obj, key, lo, hi, &x))
        return 0;
    *out = (int)x;
    return 1;
}

static int opt_bool(kt_jr *r, const kt_jv *obj, const char *key, int *out)
{
    *out = 0;
    if (!kt_jv_get(obj, key))
        return 1;
    return kt_jr_bool(r, obj, key, out);
}

static int read_counts(kt_jr *r, const kt_jv *obj, const char *key, const char *const *names,
                       int n, int hi, uint8_t *out)
{
    const kt_jv *o = kt_jr_get(r, obj, key, KT_JOBJ);
    if (!o)
        return 0;
    kt_jr_push(r, key);
    int ok = 1;
    char allowed[256] = "";
    for (int i = 0; i < n; i++) {
        size_t l = strlen(allowed);
        snprintf(allowed + l, sizeof allowed - l, "%s%s", i ? "," : "", names[i]);
    }
    ok = kt_jr_only(r, o, allowed);
    for (int i = 0; i < n && ok; i++) {
        int x = 0;
        ok = read_int(r, o, names[i], 0, hi, &x);
        out[i] = (uint8_t)x;
    }
    kt_jr_pop(r);
    return ok && !r->failed;
}

static int parse_uint(const char *s, int max, int *out)
{
    if (!*s)
        return 0;
    int v = 0;
    for (const char *p = s; *p; p++) {
        if (*p < '0' || *p > '9' || (p == s && *p == '0' && p[1]))
            return 0;
        v = v * 10 + (*p - '0');
        if (v > max)
            return 0;
    }
    *out = v;
    return 1;
}

static int load_board(const kt_game *g, const kt_jv *st, cat_state *s, kt_jr *r)
{
    int n = cat_np(g);
    const kt_jv *a = kt_jr_arr(r, st, "terrain", CAT_NH, CAT_NH);
    if (!a)
        return 0;
    kt_jr_push(r, "terrain");
    for (int h = 0; h < CAT_NH; h++) {
        kt_jr_push_i(r, h);
        int t = name_of(r, kt_jv_at(a, h), cat_terrain_key, T_COUNT, "terrain");
        kt_jr_pop(r);
        if (t < 0)
            break;
        s->terrain[h] = (uint8_t)t;
    }
    kt_jr_pop(r);
    int cnt;
    if (r->failed || !kt_jr_u8s(r, st, "numbers", s->number, CAT_NH, CAT_NH, 0, 12, &cnt))
        return 0;
    if (!cat_layout_ok(s->terrain, s->number)) {
        kt_jr_push(r, "numbers");
        kt_jr_fail(r, "terrain and number tokens are not the standard set (desert without token)");
        kt_jr_pop(r);
        return 0;
    }
    a = kt_jr_arr(r, st, "harbors", CAT_NPORT, CAT_NPORT);
    if (!a)
        return 0;
    kt_jr_push(r, "harbors");
    int pc[6] = {0};
    for (int i = 0; i < CAT_NPORT && !r->failed; i++) {
        kt_jr_push_i(r, i);
        int t = name_of(r, kt_jv_at(a, i), port_key, 6, "harbor");
        kt_jr_pop(r);
        if (t >= 0) {
            s->port[i] = (uint8_t)t;
            pc[t]++;
        }
    }
    for (int t = 0; t < 6 && !r->failed; t++)
        if (pc[t] != cat_port_count[t])
            kt_jr_fail(r, "expected one 2:1 harbor per resource and four 3:1 harbors");
    kt_jr_pop(r);
    int x;
    if (r->failed || !hex_of(r, st, "robber", 0, &x))
        return 0;
    s->robber = (int8_t)x;
    if (!hex_of(r, st, "merchant", 1, &x))
        return 0;
    s->merchant = (int8_t)x;
    if (!read_int(r, st, "merchant_owner", -1, n - 1, &x))
        return 0;
    s->merchant_owner = (int8_t)x;
    if ((s->merchant < 0) != (s->merchant_owner < 0)) {
        kt_jr_push(r, "merchant_owner");
        kt_jr_fail(r, "must be -1 exactly when the merchant is not on the board");
        kt_jr_pop(r);
        return 0;
    }
    if (!read_int(r, st, "barbarians", 0, 7, &x))
        return 0;
    s->barb = (uint8_t)x;
    if (!read_int(r, st, "attacks", 0, 255, &x))
        return 0;
    s->attacks = (uint8_t)x;
    if (!kt_jr_u8s(r, st, "dice", s->dice, 3, 3, 0, 6, &cnt))
        return 0;
    if (s->dice[2] > EV_GATE_SCIENCE || (s->dice[0] == 0) != (s->dice[1] == 0)) {
        kt_jr_push(r, "dice");
        kt_jr_fail(r, "expected [red 0..6, yellow 0..6, event 0..4], both dice rolled or neither");
        kt_jr_pop(r);
        return 0;
    }
    if (!read_int(r, st, "longest_road", -1, n - 1, &x))
        return 0;
    s->lr_holder = (int8_t)x;
    if (!read_int(r, st, "largest_army", -1, n - 1, &x))
        return 0;
    s->la_holder = (int8_t)x;
    return 1;
}

/* Every member of the object st[key] (pieces keyed by their place), read
 * by each() with the path extended by key and the member's name; stops at
 * the first error. */
typedef void (*member_fn)(const kt_game *g, const kt_jv *m, cat_state *s, kt_jr *r);

static int load_members(const kt_game *g, const kt_jv *st, const char *key, member_fn each,
                        cat_state *s, kt_jr *r)
{
    const kt_jv *o = kt_jr_get(r, st, key, KT_JOBJ);
    if (!o)
        return 0;
    kt_jr_push(r, key);
    for (const kt_jv *c = o->child; c && !r->failed; c = c->next) {
        kt_jr_push(r, c->key);
        each(g, c, s, r);
        kt_jr_pop(r);
    }
    kt_jr_pop(r);
    return !r->failed;
}

/* The vertex a member keyed by vertex number stands on, its value being
 * an object; -1 (and the error) otherwise. */
static int vertex_member(const kt_jv *c, kt_jr *r)
{
    int v;
    if (!parse_uint(c->key, CAT_NV - 1, &v))
        return kt_jr_fail(r, "expected a vertex number 0..53 as key"), -1;
    if (c->type != KT_JOBJ)
        return kt_jr_fail(r, "expected an object"), -1;
    return v;
}

static void load_building(const kt_game *g, const kt_jv *c, cat_state *s, kt_jr *r)
{
    static const char *const kinds[2] = {"settlement", "city"};
    int ck = cat_config(g)->ck, x, wall, side, metro = 0;
    int v = vertex_member(c, r);
    if (v < 0 || !kt_jr_only(r, c, "player,kind,wall,sideways,metropolis") ||
        !read_int(r, c, "player", 0, cat_np(g) - 1, &x))
        return;
    int kind = field_name(r, c, "kind", kinds, 2, "building");
    if (kind < 0 || !opt_bool(r, c, "wall", &wall) || !opt_bool(r, c, "sideways", &side))
        return;
    if (kt_jv_get(c, "metropolis"))
        metro = field_name(r, c, "metropolis", metro_key, 4, "metropolis");
    if (r->failed)
        return;
    if (kind == 0 && (wall || metro))
        kt_jr_fail(r, "a settlement has no wall or metropolis");
    else if (kind == 1 && side)
        kt_jr_fail(r, "only a settlement can be a city piece on its side");
    else if (!ck && (wall || side || metro))
        kt_jr_fail(r, "walls, metropolises and sideways cities need Cities & Knights");
    else {
        s->v_owner[v] = (int8_t)x;
        s->v_piece[v] = (uint8_t)(kind ? VP_CITY : VP_SETTLE);
        s->v_aux[v] = (uint8_t)((wall ? AUX_WALL : 0) | (side ? AUX_SIDEWAYS : 0) |
                                metro << AUX_METRO_SHIFT);
    }
}

static void load_knight(const kt_game *g, const kt_jv *c, cat_state *s, kt_jr *r)
{
    int x, lvl, act, fresh, used, prom;
    int v = vertex_member(c, r);
    if (v < 0)
        return;
    if (!cat_config(g)->ck) {
        kt_jr_fail(r, "knights need Cities & Knights");
    } else if (s->v_piece[v] != VP_NONE) {
        kt_jr_fail(r, "the vertex already holds a building");
    } else if (kt_jr_only(r, c, "player,level,active,fresh,used,promoted") &&
               read_int(r, c, "player", 0, cat_np(g) - 1, &x) &&
               read_int(r, c, "level", 1, 3, &lvl) && opt_bool(r, c, "active", &act) &&
               opt_bool(r, c, "fresh", &fresh) && opt_bool(r, c, "used", &used) &&
               opt_bool(r, c, "promoted", &prom)) {
        s->v_owner[v] = (int8_t)x;
        s->v_piece[v] = VP_KNIGHT;
        s->v_aux[v] = (uint8_t)(lvl | (act ? KN_ACTIVE : 0) | (fresh ? KN_FRESH : 0) |
                                (used ? KN_USED : 0) | (prom ? KN_PROMOTED : 0));
    }
}

/* A road: "a-b" (two neighbouring vertices) -> its owner. */
static void load_road(const kt_game *g, const kt_jv *c, cat_state *s, kt_jr *r)
{
    char a[8], b[8];
    int va, vb, e = -1;
    const char *dash = strchr(c->key, '-');
    if (dash && dash - c->key < 8 && strlen(dash + 1) < 8) {
        memcpy(a, c->key, (size_t)(dash - c->key));
        a[dash - c->key] = '\0';
        strcpy(b, dash + 1);
        if (parse_uint(a, CAT_NV - 1, &va) && parse_uint(b, CAT_NV - 1, &vb))
            e = cat_edge_of(va, vb);
    }
    long long y;
    if (e < 0)
        kt_jr_fail(r, "expected \"a-b\" naming two neighbouring vertices");
    else if (s->e_owner[e] >= 0)
        kt_jr_fail(r, "this road is listed twice");
    else if (kt_jr_int_val(r, c, 0, cat_np(g) - 1, &y))
        s->e_owner[e] = (int8_t)y;
}

static int load_pieces(const kt_game *g, const kt_jv *st, cat_state *s, kt_jr *r)
{
    memset(s->v_owner, -1, sizeof s->v_owner);
    memset(s->e_owner, -1, sizeof s->e_owner);
    return load_members(g, st, "buildings", load_building, s, r) &&
           load_members(g, st, "knights", load_knight, s, r) &&
           load_members(g, st, "roads", load_road, s, r);
}

static int load_decks(const kt_game *g, const kt_jv *st, cat_state *s, kt_jr *r)
{
    int ck = cat_config(g)->ck;
    const kt_jv *d = kt_jr_get(r, st, "decks", KT_JOBJ);
    const kt_jv *dk = d ? kt_jr_get(r, st, "deck_known", KT_JOBJ) : NULL;
    if (!dk)
        return 0;
    kt_jr_push(r, "decks");
    kt_jr_only(r, d, "trade,politics,science");
    for (int c = 0; c < 3 && !r->failed; c++) {
        char expected[48];
        snprintf(expected, sizeof expected, "expected a %s progress card name", cat_track_key[c]);
        if (!read_cards(r, d, cat_track_key[c], ck ? CAT_DECK : 0, deck_card, c, expected, 1,
                        s->deck[c], &s->deck_n[c]))
            break;
    }
    kt_jr_pop(r);
    if (r->failed)
        return 0;
    kt_jr_push(r, "deck_known");
    kt_jr_only(r, dk, "trade,politics,science");
    for (int c = 0; c < 3 && !r->failed; c++) {
        const kt_jv *a = kt_jr_arr(r, dk, cat_track_key[c], s->deck_n[c], s->deck_n[c]);
        if (!a)
            break;
        kt_jr_push(r, cat_track_key[c]);
        for (int i = 0; i < a->n && !r->failed; i++) {
            long long m;
            if (kt_jr_int_at(r, a, i, 0, (1 << cat_np(g)) - 1, &m))
                s->deck_known[c][a->n - 1 - i] = (uint8_t)m;
        }
        kt_jr_pop(r);
    }
    kt_jr_pop(r);
    if (r->failed)
        return 0;
    return read_cards(r, st, "dev_deck", ck ? 0 : CAT_DEVDECK, dev_card, 0,
                      "expected a development card name", 1, s->devdeck, &s->devdeck_n);
}

static int load_player(const kt_game *g, const kt_jv *o, cat_player *pl, kt_jr *r)
{
    int ck = cat_config(g)->ck, x;
    if (!kt_jr_only(r, o,
                    "hand,progress,progress_known,vp_cards,defender,improvements,dev,dev_new,"
                    "knights_played"))
        return 0;
    if (!read_counts(r, o, "hand", cat_kind_key, CAT_NKIND, 19, pl->hand))
        return 0;
    if (!ck && (pl->hand[K_PAPER] | pl->hand[K_CLOTH] | pl->hand[K_COIN])) {
        kt_jr_push(r, "hand");
        kt_jr_fail(r, "commodities need Cities & Knights");
        kt_jr_pop(r);
        return 0;
    }
    if (!read_cards(r, o, "progress", ck ? CAT_HANDCAP : 0, held_card, 0,
                    "expected a progress card that can be held (not a VP card)", 0, pl->prog,
                    &pl->nprog))
        return 0;
    int cnt;
    if (!kt_jr_u8s(r, o, "progress_known", pl->prog_known, pl->nprog, pl->nprog, 0,
                   (1 << cat_np(g)) - 1, &cnt))
        return 0;
    const kt_jv *a = kt_jr_arr(r, o, "vp_cards", 0, ck ? 2 : 0);
    if (!a)
        return 0;
    kt_jr_push(r, "vp_cards");
    static const char *const vpk[2] = {"constitution", "printer"};
    for (int i = 0; i < a->n && !r->failed; i++) {
        kt_jr_push_i(r, i);
        int c = name_of(r, kt_jv_at(a, i), vpk, 2, "VP card");
        if (c >= 0 && (pl->vpcards >> c & 1))
            kt_jr_fail(r, "listed twice");
        else if (c >= 0)
            pl->vpcards |= (uint8_t)(1u << c);
        kt_jr_pop(r);
    }
    kt_jr_pop(r);
    if (r->failed || !read_int(r, o, "defender", 0, ck ? 60 : 0, &x))
        return 0;
    pl->defender = (uint8_t)x;
    if (!read_counts(r, o, "improvements", cat_track_key, 3, ck ? 5 : 0, pl->impr))
        return 0;
    const char *devk[CAT_NDEV];
    for (int i = 0; i < CAT_NDEV; i++)
        devk[i] = cat_devcards[i].key;
    if (!read_counts(r, o, "dev", devk, CAT_NDEV, ck ? 0 : 14, pl->dev) ||
        !read_counts(r, o, "dev_new", devk, CAT_NDEV, ck ? 0 : 14, pl->dev_new))
        return 0;
    for (int i = 0; i < CAT_NDEV; i++)
        if (pl->dev_new[i] > pl->dev[i]) {
            kt_jr_push(r, "dev_new");
            kt_jr_fail(r, "more new %s cards than held", cat_devcards[i].key);
            kt_jr_pop(r);
            return 0;
        }
    if (!read_int(r, o, "knights_played", 0, ck ? 0 : 14, &x))
        return 0;
    pl->knights_played = (uint8_t)x;
    return 1;
}

/* argument ranges per frame kind (a, b) so that legal/apply never index
 * out of bounds; deeper consistency is check()'s job */
static int frame_args_ok(const kt_game *g, const cat_frame *f)
{
    int n = cat_np(g), a = f->a, b = f->b;
    switch (f->kind) {
    case F_SETUP_ROAD: return a < CAT_NV && b == 0;
    case F_DISCARD: return a >= 1 && b <= 1;
    case F_ROBBER: return a <= 1 && b == 0;
    case F_STEAL: return a >= 1 && a < (1 << n) && b == 0;
    case F_METROPOLIS: return a < 3 && b == 0;
    case F_RELOCATE:
        return a < CAT_NV && (b & KN_LEVEL) >= 1 && b < 64 && !(b & (KN_FRESH)) ;
    case F_TARGET:
        return (a == PC_MASTER_MERCHANT || a == PC_DESERTER || a == PC_SPY) && b == 0;
    case F_SPY_PICK: return a < n && b == 0;
    case F_MM_PICK: return a < n && b >= 1 && b <= 2;
    case F_DESERTER_REMOVE: return a < n && b == 0;
    case F_DESERTER_PLACE: return a >= 1 && a <= 3 && b <= 1;
    case F_DIPLOMAT_REBUILD: return a < CAT_NE && b == 0;
    case F_INVENTOR_SECOND: return a < CAT_NH && b == 0;
    case F_MONO_RESOURCE: return a <= 1 && b == 0;
    case F_SMITH: return a <= 1 && b == 0;
    case F_ROAD_BUILDING: return a >= 1 && a <= 2 && b == 0;
    case F_GIVE: return a < n && b >= 1 && b <= 2;
    case F_HARBOR_OFFER:
    case F_HARBOR_GIVE: return a < n && b == 0;
    case F_PLENTY: return a >= 1 && a <= 2 && b == 0;
    case P_ROLL: return a <= 3 && b == 0;
    case P_ATTACK: return a <= 1 && b == 0;
    case P_DRAWS: return a < 3 && b <= n;
    case P_TRADE:
    case P_HARBOR: return a <= n - 1 && b == 0;
    case P_ENDTURN: return a <= 1 && b == 0;
    default: return a == 0 && b == 0;
    }
}

static int load_rest(const kt_game *g, const kt_jv *st, cat_state *s, kt_jr *r)
{
    int n = cat_np(g), x;
    const kt_jv *t = kt_jr_get(r, st, "turn", KT_JOBJ);
    if (!t)
        return 0;
    kt_jr_push(r, "turn");
    if (kt_jr_only(r, t, "fleet,crane,proposals,dev_played")) {
        const kt_jv *fv = kt_jr_get(r, t, "fleet", KT_JSTR);
        if (fv) {
            if (strcmp(fv->s, "off") == 0)
                s->fleet = 0;
            else if (strcmp(fv->s, "any") == 0)
                s->fleet = 1;
            else {
                kt_jr_push(r, "fleet");
                int k = name_of(r, fv, cat_kind_key, CAT_NKIND, "fleet kind (off, any or a card kind)");
                kt_jr_pop(r);
                s->fleet = (uint8_t)(k + 2);
            }
        }
        int b;
        if (!r->failed && read_int(r, t, "crane", 0, 7, &x))
            s->crane_mask = (uint8_t)x;
        if (!r->failed && read_int(r, t, "proposals", 0, 255, &x))
            s->proposals = (uint8_t)x;
        if (!r->failed && kt_jr_bool(r, t, "dev_played", &b))
            s->dev_played = (uint8_t)b;
    }
    kt_jr_pop(r);
    if (r->failed)
        return 0;
    t = kt_jr_get(r, st, "trade", KT_JOBJ);
    if (!t)
        return 0;
    kt_jr_push(r, "trade");
    if (kt_jr_only(r, t, "state,to,accepted,give,get")) {
        int ts = field_name(r, t, "state", cat_trade_state_key, 3, "trade state");
        if (ts >= 0)
            s->tr_state = (uint8_t)ts;
        if (!r->failed && read_int(r, t, "to", -1, n - 1, &x))
            s->tr_to = (int8_t)x;
        if (!r->failed && read_int(r, t, "accepted", 0, (1 << n) - 1, &x))
            s->tr_accept = (uint8_t)x;
        if (!r->failed)
            read_counts(r, t, "give", cat_kind_key, CAT_NKIND, 5, s->tr_give);
        if (!r->failed)
            read_counts(r, t, "get", cat_kind_key, CAT_NKIND, 5, s->tr_get);
    }
    kt_jr_pop(r);
    if (r->failed)
        return 0;
    const kt_jv *a = kt_jr_arr(r, st, "stack", 1, CAT_STACK);
    if (!a)
        return 0;
    kt_jr_push(r, "stack");
    s->nstack = (uint8_t)a->n;
    for (int i = 0; i < a->n && !r->failed; i++) {
        const kt_jv *fo = kt_jv_at(a, i);
        kt_jr_push_i(r, i);
        if (!fo || fo->type != KT_JOBJ) {
            kt_jr_fail(r, "expected an object");
        } else if (kt_jr_only(r, fo, "kind,player,a,b")) {
            int kind = field_name(r, fo, "kind", cat_frame_key, F_NKINDS, "frame kind");
            int p = 0, fa = 0, fb = 0;
            if (kind >= 0 && read_int(r, fo, "player", 0, n - 1, &p) &&
                read_int(r, fo, "a", 0, 255, &fa) && read_int(r, fo, "b", 0, 255, &fb)) {
                cat_frame *f = &s->stack[i];
                f->kind = (uint8_t)kind;
                f->player = (uint8_t)p;
                f->a = (uint8_t)fa;
                f->b = (uint8_t)fb;
                if (!frame_args_ok(g, f))
                    kt_jr_fail(r, "arguments a=%d b=%d are out of range for a %s frame", fa, fb,
                               cat_frame_key[kind]);
            }
        }
        kt_jr_pop(r);
    }
    kt_jr_pop(r);
    return !r->failed;
}

int cat_load(const kt_game *g, const kt_jv *st, kt_state *ks, kt_jr *r)
{
    cat_state *s = (cat_state *)ks;
    int n = cat_np(g), x;
    const cat_cfg *cf = cat_config(g);
    if (!st || !kt_jr_only(r, st,
                           "terrain,numbers,harbors,robber,merchant,merchant_owner,barbarians,"
                           "attacks,dice,longest_road,largest_army,buildings,knights,roads,setup,"
                           "winner,decks,deck_known,dev_deck,players,turn,trade,stack"))
        return 0;
    s->winner = -1;
    if (!load_board(g, st, s, r) || !load_pieces(g, st, s, r) || !load_decks(g, st, s, r))
        return 0;
    if (!read_int(r, st, "setup", 0, 2 * n, &x))
        return 0;
    s->setup_step = (uint8_t)x;
    if (!read_int(r, st, "winner", -1, n - 1, &x))
        return 0;
    s->winner = (int8_t)x;
    const kt_jv *po = kt_jr_get(r, st, "players", KT_JOBJ);
    if (!po)
        return 0;
    kt_jr_push(r, "players");
    char allowed[32] = "";
    for (int p = 0; p < n; p++) {
        size_t l = strlen(allowed);
        snprintf(allowed + l, sizeof allowed - l, "%s%d", p ? "," : "", p);
    }
    if (kt_jr_only(r, po, allowed)) {
        for (int p = 0; p < n && !r->failed; p++) {
            char k[12];
            snprintf(k, sizeof k, "%d", p);
            const kt_jv *o = kt_jr_get(r, po, k, KT_JOBJ);
            if (!o)
                break;
            kt_jr_push(r, k);
            load_player(g, o, &s->pl[p], r);
            kt_jr_pop(r);
        }
    }
    kt_jr_pop(r);
    if (r->failed || !load_rest(g, st, s, r))
        return 0;
    /* conservation before deriving the bank: a patch that hands out more
     * cards than exist is an error, not a silently negative bank */
    int accepted = cat_popc(s->tr_accept);
    for (int k = 0; k < CAT_NKIND; k++) {
        int total = k < CAT_NRES ? 19 : (cf->ck ? 12 : 0), used = 0;
        for (int p = 0; p < n; p++)
            used += s->pl[p].hand[k];
        if (s->tr_state == 2)
            used += s->tr_give[k] + accepted * s->tr_get[k];
        if (used > total) {
            kt_jr_push(r, "players");
            kt_jr_fail(r, "%d %s cards in hands and trades but only %d exist", used, cat_kind_key[k],
                       total);
            kt_jr_pop(r);
            return 0;
        }
    }
    cat_recompute(g, s);
    return 1;
}
