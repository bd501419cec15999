/*
 * save.c - Marco Polo II: the full-state save/load (the observation is in
 * view.c, the terminal render in render.c).
 *
 * Data layout of the saved "state" object (all indices 0-based, seats as
 * in the header): global fields, then "players" as an object keyed by seat
 * ("0".."3") so that a scenario merge patch can change one field of one
 * player.  Components are written by their data names (cities, contract
 * and card ids, characters), dice as lists of pip values.  The loader reads
 * every field back with range and name checks (errors name the path, e.g.
 * "state.players.1.posts[2]: unknown city 'Kabol'"); the core then runs
 * mp2_check for the cross-field invariants.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/savefmt.h"
#include "mp2.h"

#define L(en, de) (lang == KT_LANG_DE ? (de) : (en))

static const char *const phase_names[] = {"setup", "round", "play", "over"};
static const char *const guild_keys[MP2_NGUILD] = {"farmer", "spicer", "tailor", "jeweler"};
static const char *const colour_keys[MP2_MAXP] = {"blue", "yellow", "green", "red"};
static const char *const rtile_keys[3] = {"up", "held", "down"};
static const char *const good_keys[3] = {"pepper", "silk", "gold"};
static const char *const res_keys[MP2_NRES] = {"coins", "camels", "jade", "pepper",
                                              "silk",  "gold",   "vp"};
const char *const mp2_eff_names[EF_COUNT] = {
    "none",    "draft",     "goal",      "mailin",   "copy",      "compensation", "isabella",
    "reward",  "good",      "market",    "seal",     "contract",  "discard",      "move",
    "movepost", "xpost",    "card",      "cardbonus", "cvmove",   "cvload",       "cvtile",
    "cvcity",  "cvsell",    "cvreturn",  "gain",     "income",    "roll",         "arrive",
    "arrive2", "draw",      "black",     "mongke",   "cvmoves",   "cvfinish",     "startplay"};

/* ------------------------------------------------------------ lookups */

typedef int (*lookup_fn)(const mp2_cfg *c, const char *name);

static int lk_loc(const mp2_cfg *c, const char *n)
{
    for (int i = 0; i < c->nloc; i++)
        if (strcmp(c->loc[i].name, n) == 0)
            return i;
    return -1;
}
static int lk_city(const mp2_cfg *c, const char *n)
{
    int i = lk_loc(c, n);
    return i >= 0 && c->loc[i].kind == LK_CITY ? i : -1;
}
/* Index of the record named n among `count` records of `stride` bytes, or
 * -1.  Every component record starts with its `char id[8]` (asserted
 * below), so one loop serves all the tables. */
static int lk_id(const void *recs, size_t stride, int count, const char *n)
{
    for (int i = 0; i < count; i++)
        if (strcmp((const char *)recs + (size_t)i * stride, n) == 0)
            return i;
    return -1;
}
#define LK_ID(arr, count, n) lk_id((arr), sizeof *(arr), (count), (n))
_Static_assert(offsetof(mp2_card, id) == 0 && offsetof(mp2_contract, id) == 0 &&
                   offsetof(mp2_goal, id) == 0 && offsetof(mp2_tilerec, id) == 0 &&
                   offsetof(mp2_offer, id) == 0 && offsetof(mp2_rtile, id) == 0,
               "lk_id reads the id at the start of each record");

static int lk_contract(const mp2_cfg *c, const char *n) { return LK_ID(c->contract, MP2_NCONTRACTS, n); }
static int lk_card(const mp2_cfg *c, const char *n) { return LK_ID(c->card, MP2_NCARDS, n); }
static int lk_goal(const mp2_cfg *c, const char *n) { return LK_ID(c->goal, MP2_NGOALS, n); }
static int lk_marker(const mp2_cfg *c, const char *n) { return LK_ID(c->marker, MP2_NMARKERS, n); }
static int lk_outpost(const mp2_cfg *c, const char *n) { return LK_ID(c->outpost, MP2_NOUTPOSTS, n); }
static int lk_offer(const mp2_cfg *c, const char *n) { return LK_ID(c->offer, MP2_NOFFERS, n); }
static int lk_rtile(const mp2_cfg *c, const char *n) { return LK_ID(c->rtile, c->nrtile, n); }
static int lk_char(const mp2_cfg *c, const char *n)
{
    KT_UNUSED(c);
    for (int i = 0; i < MP2_NCHAR; i++)
        if (strcmp(mp2_char_name(i, KT_LANG_EN), n) == 0)
            return i;
    return -1;
}
static int lk_key(const char *const *keys, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (strcmp(keys[i], s) == 0)
            return i;
    return -1;
}
static int lk_guild(const mp2_cfg *c, const char *n)
{
    KT_UNUSED(c);
    return lk_key(guild_keys, MP2_NGUILD, n);
}
static int lk_colour(const mp2_cfg *c, const char *n)
{
    KT_UNUSED(c);
    return lk_key(colour_keys, MP2_MAXP, n);
}
static int lk_good(const mp2_cfg *c, const char *n)
{
    KT_UNUSED(c);
    int k = lk_key(good_keys, 3, n);
    return k < 0 ? -1 : IT_PEPPER + k;
}

/* The names the lookups above read, for the writer: NULL for an index
 * that names nothing (an empty slot, written as null). */
typedef const char *(*name_fn)(const mp2_cfg *c, int i);

static const char *nm_loc(const mp2_cfg *c, int i) { return i < c->nloc ? c->loc[i].name : NULL; }
static const char *nm_contract(const mp2_cfg *c, int i)
{
    return i < MP2_NCONTRACTS ? c->contract[i].id : NULL;
}
static const char *nm_card(const mp2_cfg *c, int i) { return i < MP2_NCARDS ? c->card[i].id : NULL; }
static const char *nm_goal(const mp2_cfg *c, int i) { return i < MP2_NGOALS ? c->goal[i].id : NULL; }
static const char *nm_marker(const mp2_cfg *c, int i)
{
    return i < MP2_NMARKERS ? c->marker[i].id : NULL;
}
static const char *nm_outpost(const mp2_cfg *c, int i)
{
    return i < MP2_NOUTPOSTS ? c->outpost[i].id : NULL;
}
static const char *nm_offer(const mp2_cfg *c, int i) { return i < MP2_NOFFERS ? c->offer[i].id : NULL; }
static const char *nm_rtile(const mp2_cfg *c, int i) { return i < c->nrtile ? c->rtile[i].id : NULL; }
static const char *nm_char(const mp2_cfg *c, int i)
{
    KT_UNUSED(c);
    return i < MP2_NCHAR ? mp2_char_name(i, KT_LANG_EN) : NULL;
}
static const char *nm_guild(const mp2_cfg *c, int i)
{
    KT_UNUSED(c);
    return i < MP2_NGUILD ? guild_keys[i] : NULL;
}
static const char *nm_colour(const mp2_cfg *c, int i)
{
    KT_UNUSED(c);
    return i < MP2_MAXP ? colour_keys[i] : NULL;
}

/* ------------------------------------------------------------ writer helpers */

void mp2_w_name_or_null(kt_jw *w, const char *key, const char *name)
{
    if (key)
        kt_jw_key(w, key);
    if (name)
        kt_jw_str(w, name);
    else
        kt_jw_null(w);
}

/* A bit set of the first n components as the list of their names (the
 * loader's r_set reads it back). */
static void w_set(kt_jw *w, const mp2_cfg *c, const char *key, uint64_t m, int n, name_fn name)
{
    kt_jw_key(w, key);
    kt_jw_arr(w);
    for (int i = 0; i < n; i++)
        if ((m >> i) & 1)
            kt_jw_str(w, name(c, i));
    kt_jw_arr_end(w);
}

/* n component indices as a list of names, null for an empty slot (the
 * loader's r_list reads it back); key NULL inside an array. */
static void w_list(kt_jw *w, const mp2_cfg *c, const char *key, const uint8_t *idx, int n,
                   name_fn name)
{
    if (key)
        kt_jw_key(w, key);
    kt_jw_arr(w);
    for (int i = 0; i < n; i++)
        mp2_w_name_or_null(w, NULL, name(c, idx[i]));
    kt_jw_arr_end(w);
}

static void w_dice(kt_jw *w, const char *key, const uint8_t *cnt)
{
    kt_jw_key(w, key);
    kt_jw_arr(w);
    for (int v = 1; v <= 6; v++)
        for (int k = 0; k < cnt[v]; k++)
            kt_jw_int(w, v);
    kt_jw_arr_end(w);
}

void mp2_w_player(kt_jw *w, const mp2_cfg *c, const mp2_state *s, int p, int full)
{
    const mp2_player *pl = &s->pl[p];
    kt_jw_obj(w);
    mp2_w_name_or_null(w, "character", nm_char(c, pl->character));
    for (int i = 0; i < MP2_NRES; i++)
        kt_jw_kint(w, res_keys[i], pl->res[i]);
    w_dice(w, "dice", pl->own);
    w_dice(w, "black", pl->blk);
    kt_jw_kint(w, "placed", pl->nplaced);
    kt_jw_key(w, "figures");
    kt_jw_arr(w);
    kt_jw_str(w, c->loc[pl->fig[0]].name);
    if (pl->fig[1] != MP2_NOLOC)
        kt_jw_str(w, c->loc[pl->fig[1]].name);
    kt_jw_arr_end(w);
    w_set(w, c, "posts", pl->posts, c->nloc, nm_loc);
    w_set(w, c, "seals", pl->seals, MP2_NGUILD, nm_guild);
    w_set(w, c, "improved", (uint64_t)pl->seals >> 4, MP2_NGUILD, nm_guild);
    w_list(w, c, "contracts", pl->con, 2, nm_contract);
    kt_jw_kint(w, "fresh", pl->fresh);
    w_set(w, c, "completed", pl->done, MP2_NCONTRACTS, nm_contract);
    if (full) {
        w_list(w, c, "goal_options", pl->goal_opt, 3, nm_goal);
        kt_jw_kint(w, "goal", pl->goal == MP2_NONE ? -1 : pl->goal);
    }
    kt_jw_kint(w, "plus_shields", pl->plus);
    w_set(w, c, "pieces", pl->pieces, MP2_MAXP, nm_colour);
    w_set(w, c, "kept", pl->kept, MP2_NOUTPOSTS, nm_outpost);
    kt_jw_kint(w, "turn_flags", pl->tflags);
    kt_jw_key(w, "caravans");
    kt_jw_arr(w);
    for (int i = 0; i < 2; i++) {
        kt_jw_obj(w);
        mp2_w_name_or_null(w, "at", nm_loc(c, pl->cv_loc[i]));
        mp2_w_name_or_null(w, "tile", nm_rtile(c, pl->cv_tile[i]));
        kt_jw_key(w, "goods");
        kt_jw_arr(w);
        for (int j = 0; j < 2; j++)
            if (pl->cv_goods[i][j] >= IT_PEPPER && pl->cv_goods[i][j] <= IT_GOLD)
                kt_jw_str(w, good_keys[pl->cv_goods[i][j] - IT_PEPPER]);
        kt_jw_arr_end(w);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_obj_end(w);
}

void mp2_w_board(kt_jw *w, const mp2_cfg *c, const mp2_state *s)
{
    kt_jw_kstr(w, "phase", phase_names[s->phase]);
    kt_jw_kint(w, "round", s->round);
    kt_jw_kint(w, "first", s->first);
    kt_jw_kint(w, "next_first", s->next_first);
    kt_jw_kint(w, "fp_rank", s->fp_rank);
    kt_jw_kint(w, "main_done", s->main_done);
    kt_jw_kint(w, "black_pool", s->black_pool);
    kt_jw_kint(w, "black_placed", s->black_placed);
    kt_jw_key(w, "spaces");
    kt_jw_arr(w);
    for (int i = 0; i < MP2_NSPACES; i++) {
        kt_jw_arr(w);
        kt_jw_int(w, s->sp[i].used);
        kt_jw_int(w, s->sp[i].occ);
        kt_jw_int(w, s->sp[i].last);
        kt_jw_int(w, s->sp[i].low);
        kt_jw_arr_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "khan");
    kt_jw_u8s(w, s->khan, 4);
    kt_jw_key(w, "khan_by");
    kt_jw_arr(w);
    for (int i = 0; i < 4; i++)
        kt_jw_int(w, s->khan_by[i]);
    kt_jw_arr_end(w);
    w_list(w, c, "card_slots", s->card_slot, 8, nm_card);
    kt_jw_key(w, "contract_board");
    kt_jw_arr(w);
    for (int i = 0; i < MP2_NCCITY; i++)
        w_list(w, c, NULL, s->cboard[i], 2, nm_contract);
    kt_jw_arr_end(w);
    w_list(w, c, "markers", s->marker, MP2_NBONUSCITY, nm_marker);
    w_list(w, c, "outposts", s->outpost, MP2_NOUTPOSTS, nm_outpost);
    kt_jw_key(w, "route_tiles");
    kt_jw_arr(w);
    for (int t = 0; t < c->nrtile; t++)
        kt_jw_str(w, rtile_keys[s->rtile[t] <= RT_DOWN ? s->rtile[t] : 0]);
    kt_jw_arr_end(w);
    w_list(w, c, "draft", s->draft, MP2_MAXP + 1, nm_char);
}

static void w_stack(kt_jw *w, const mp2_cfg *c, const mp2_state *s)
{
    kt_jw_key(w, "stack");
    kt_jw_arr(w);
    for (int i = 0; i < s->nstack; i++) {
        const mp2_eff *e = &s->stack[i];
        kt_jw_obj(w);
        kt_jw_kstr(w, "type", e->type < EF_COUNT ? mp2_eff_names[e->type] : "?");
        kt_jw_kint(w, "player", e->p);
        kt_jw_kint(w, "a", e->a);
        kt_jw_kint(w, "b", e->b);
        kt_jw_kint(w, "c", e->c);
        kt_jw_kint(w, "d", e->d);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    const mp2_move *mv = &s->mv;
    kt_jw_key(w, "move");
    kt_jw_obj(w);
    kt_jw_kint(w, "on", mv->on);
    kt_jw_kint(w, "player", mv->p);
    kt_jw_kint(w, "steps", mv->steps);
    kt_jw_kint(w, "flags", mv->flags);
    kt_jw_kint(w, "legs", mv->legs);
    kt_jw_kint(w, "moved", mv->moved);
    kt_jw_kint(w, "pend", mv->pend);
    kt_jw_kint(w, "last", mv->last);
    w_set(w, c, "passed", mv->passed, c->nloc, nm_loc);
    w_set(w, c, "skipped", mv->skipped, c->nloc, nm_loc);
    kt_jw_obj_end(w);
    w_set(w, c, "xmask", s->xmask, c->nloc, nm_loc);
}

void mp2_save(const kt_game *g, const kt_state *st, kt_jw *w)
{
    const mp2_cfg *c = mp2_config(g);
    const mp2_state *s = (const mp2_state *)st;
    kt_jw_obj(w);
    mp2_w_board(w, c, s);
    w_list(w, c, "card_deck", s->cc_deck, MP2_NCARDS, nm_card);
    kt_jw_kint(w, "card_next", s->cc_next);
    w_list(w, c, "pile", s->pile, s->pile_len, nm_contract);
    kt_jw_kint(w, "pile_unknown", s->pile_unknown);
    w_set(w, c, "removed", s->removed, MP2_NCONTRACTS, nm_contract);
    kt_jw_key(w, "offers");
    kt_jw_arr(w);
    for (int b = 0; b < 3; b++)
        w_list(w, c, NULL, s->offers[b], 6, nm_offer);
    kt_jw_arr_end(w);
    mp2_w_name_or_null(w, "unused_marker", nm_marker(c, s->unused_marker));
    kt_jw_kint(w, "final_done", s->final_done);
    w_stack(w, c, s);
    kt_jw_key(w, "players");
    kt_jw_obj(w);
    for (int p = 0; p < c->np; p++) {
        char k[12];
        snprintf(k, sizeof k, "%d", p);
        kt_jw_key(w, k);
        mp2_w_player(w, c, s, p, 1);
    }
    kt_jw_obj_end(w);
    kt_jw_obj_end(w);
}

/* ------------------------------------------------------------ loader */

static int r_lookup(kt_jr *r, const mp2_cfg *c, const kt_jv *v, lookup_fn fn, const char *what,
                    int allow_null, int *out)
{
    if (allow_null && v && v->type == KT_JNULL) {
        *out = -1;
        return 1;
    }
    if (!v || v->type != KT_JSTR)
        return kt_jr_fail(r, "expected %s name%s", what, allow_null ? " or null" : "");
    int k = fn(c, v->s);
    if (k < 0)
        return kt_jr_fail(r, "unknown %s '%.60s'", what, v->s);
    *out = k;
    return 1;
}

static int r_key_lookup(kt_jr *r, const mp2_cfg *c, const kt_jv *obj, const char *key, lookup_fn fn,
                        const char *what, int allow_null, int *out)
{
    const kt_jv *v = kt_jr_get(r, obj, key, -1);
    if (!v)
        return 0;
    kt_jr_push(r, key);
    int ok = r_lookup(r, c, v, fn, what, allow_null, out);
    kt_jr_pop(r);
    return ok;
}

/* Every item of the array a, with the path extended by [i], until one
 * fails: each(r, c, item, i, ctx) is one item's reader.  Every array of
 * the saved state is read through here (or r_arr), so that the path is
 * pushed and popped in one place. */
typedef int (*item_fn)(kt_jr *r, const mp2_cfg *c, const kt_jv *v, int i, void *ctx);

static int r_items(kt_jr *r, const mp2_cfg *c, const kt_jv *a, item_fn each, void *ctx)
{
    int i = 0;
    for (const kt_jv *v = a->child; v; v = v->next, i++) {
        kt_jr_push_i(r, i);
        int ok = each(r, c, v, i, ctx);
        kt_jr_pop(r);
        if (!ok)
            return 0;
    }
    return 1;
}

/* The same for obj[key], an array of minn..maxn items (path extended by
 * key); *n (if not NULL) gets the number of items. */
static int r_arr(kt_jr *r, const mp2_cfg *c, const kt_jv *obj, const char *key, int minn, int maxn,
                 item_fn each, void *ctx, int *n)
{
    const kt_jv *a = kt_jr_arr(r, obj, key, minn, maxn);
    if (!a)
        return 0;
    kt_jr_push(r, key);
    int ok = r_items(r, c, a, each, ctx);
    kt_jr_pop(r);
    if (ok && n)
        *n = a->n;
    return ok;
}

/* A list of names: into a bit set (set) or indices (out). */
typedef struct names {
    lookup_fn fn;
    const char *what;
    int allow_null;
    uint8_t *out;
    uint64_t set;
} names;

static int set_item(kt_jr *r, const mp2_cfg *c, const kt_jv *v, int i, void *ctx)
{
    KT_UNUSED(i);
    names *nm = ctx;
    int k = 0; /* r_lookup leaves it unset when it fails */
    if (!r_lookup(r, c, v, nm->fn, nm->what, 0, &k))
        return 0;
    if ((nm->set >> k) & 1)
        return kt_jr_fail(r, "%s '%s' listed twice", nm->what, v->s);
    nm->set |= 1ull << k;
    return 1;
}

static int list_item(kt_jr *r, const mp2_cfg *c, const kt_jv *v, int i, void *ctx)
{
    names *nm = ctx;
    int k = -1; /* r_lookup leaves it unset when it fails */
    if (!r_lookup(r, c, v, nm->fn, nm->what, nm->allow_null, &k))
        return 0;
    nm->out[i] = k < 0 ? MP2_NONE : (uint8_t)k;
    return 1;
}

/* Array of names -> bit set (each at most once). */
static int r_set(kt_jr *r, const mp2_cfg *c, const kt_jv *obj, const char *key, lookup_fn fn,
                 const char *what, int maxn, uint64_t *out)
{
    names nm = {.fn = fn, .what = what};
    if (!r_arr(r, c, obj, key, 0, maxn, set_item, &nm, NULL))
        return 0;
    *out = nm.set;
    return 1;
}

/* Array of names -> indices (fixed or bounded length; null allowed). */
static int r_list(kt_jr *r, const mp2_cfg *c, const kt_jv *obj, const char *key, lookup_fn fn,
                  const char *what, int minn, int maxn, int allow_null, uint8_t *out, int *nout)
{
    names nm = {.fn = fn, .what = what, .allow_null = allow_null, .out = out};
    return r_arr(r, c, obj, key, minn, maxn, list_item, &nm, nout);
}

static int r_int(kt_jr *r, const kt_jv *obj, const char *key, long long lo, long long hi, int *out)
{
    long long x;
    if (!kt_jr_int(r, obj, key, lo, hi, &x))
        return 0;
    *out = (int)x;
    return 1;
}

static int r_dice(kt_jr *r, const kt_jv *obj, const char *key, int maxn, uint8_t *cnt)
{
    uint8_t vals[16];
    int n;
    if (!kt_jr_u8s(r, obj, key, vals, 0, maxn, 1, 6, &n))
        return 0;
    memset(cnt, 0, 7);
    for (int i = 0; i < n; i++)
        cnt[vals[i]]++;
    return 1;
}

/* One of a player's two caravans. */
static int caravan_item(kt_jr *r, const mp2_cfg *c, const kt_jv *v, int i, void *ctx)
{
    mp2_player *pl = ctx;
    int at = -1, tile = -1;
    if (v->type != KT_JOBJ)
        return kt_jr_fail(r, "expected an object");
    if (!kt_jr_only(r, v, "at,tile,goods") ||
        !r_key_lookup(r, c, v, "at", lk_loc, "location", 1, &at) ||
        !r_key_lookup(r, c, v, "tile", lk_rtile, "route tile", 1, &tile))
        return 0;
    uint8_t gd[2] = {0, 0};
    int ng = 0;
    if (!r_list(r, c, v, "goods", lk_good, "good", 0, 2, 0, gd, &ng))
        return 0;
    pl->cv_loc[i] = at < 0 ? MP2_NOLOC : (uint8_t)at;
    pl->cv_tile[i] = tile < 0 ? MP2_NONE : (uint8_t)tile;
    pl->cv_goods[i][0] = ng > 0 ? gd[0] : 0;
    pl->cv_goods[i][1] = ng > 1 ? gd[1] : 0;
    return 1;
}

static int r_player(kt_jr *r, const mp2_cfg *c, const kt_jv *o, mp2_state *s, int p)
{
    mp2_player *pl = &s->pl[p];
    int x = 0;
    if (!kt_jr_only(r, o, "character,coins,camels,jade,pepper,silk,gold,vp,dice,black,placed,"
                          "figures,posts,seals,improved,contracts,fresh,completed,goal_options,goal,"
                          "plus_shields,pieces,kept,turn_flags,caravans"))
        return 0;
    if (!r_key_lookup(r, c, o, "character", lk_char, "character", 1, &x))
        return 0;
    pl->character = x < 0 ? MP2_NONE : (uint8_t)x;
    for (int i = 0; i < MP2_NRES; i++) {
        if (!r_int(r, o, res_keys[i], i == IT_VP ? -9999 : 0, 9999, &x))
            return 0;
        pl->res[i] = (int16_t)x;
    }
    if (!r_dice(r, o, "dice", 5, pl->own) || !r_dice(r, o, "black", 6, pl->blk) ||
        !r_int(r, o, "placed", 0, 5, &x))
        return 0;
    pl->nplaced = (uint8_t)x;
    uint8_t figs[2];
    int nf;
    if (!r_list(r, c, o, "figures", lk_loc, "location", 1, 2, 0, figs, &nf))
        return 0;
    pl->fig[0] = figs[0];
    pl->fig[1] = nf == 2 ? figs[1] : MP2_NOLOC;
    uint64_t m;
    if (!r_set(r, c, o, "posts", lk_city, "city", MP2_POSTS, &m))
        return 0;
    pl->posts = m;
    pl->nposts = (uint8_t)mp2_popc64(m);
    uint64_t sl, im;
    if (!r_set(r, c, o, "seals", lk_guild, "guild", 4, &sl) ||
        !r_set(r, c, o, "improved", lk_guild, "guild", 4, &im))
        return 0;
    pl->seals = (uint8_t)(sl | im << 4);
    uint8_t con[2];
    if (!r_list(r, c, o, "contracts", lk_contract, "contract", 2, 2, 1, con, NULL))
        return 0;
    pl->con[0] = con[0];
    pl->con[1] = con[1];
    if (!r_int(r, o, "fresh", 0, 3, &x))
        return 0;
    pl->fresh = (uint8_t)x;
    if (!r_set(r, c, o, "completed", lk_contract, "contract", MP2_NCONTRACTS, &m))
        return 0;
    pl->done = m;
    pl->ndone = (uint8_t)mp2_popc64(m);
    if (!r_list(r, c, o, "goal_options", lk_goal, "goal card", 3, 3, 0, pl->goal_opt, NULL) ||
        !r_int(r, o, "goal", -1, 2, &x))
        return 0;
    pl->goal = x < 0 ? MP2_NONE : (uint8_t)x;
    if (!r_int(r, o, "plus_shields", 0, 40, &x))
        return 0;
    pl->plus = (uint8_t)x;
    if (!r_set(r, c, o, "pieces", lk_colour, "colour", 3, &m))
        return 0;
    pl->pieces = (uint8_t)m;
    if (!r_set(r, c, o, "kept", lk_outpost, "outpost tile", MP2_NOUTPOSTS, &m))
        return 0;
    pl->kept = (uint16_t)m;
    if (!r_int(r, o, "turn_flags", 0, 3, &x))
        return 0;
    pl->tflags = (uint8_t)x;
    return r_arr(r, c, o, "caravans", 2, 2, caravan_item, pl, NULL);
}

typedef struct pl_ctx {
    const mp2_cfg *c;
    mp2_state *s;
} pl_ctx;

/* Seat p of the "players" object (kt_saved_players). */
static int player_item(kt_jr *r, const kt_jv *o, int p, void *ctx)
{
    const pl_ctx *pc = ctx;
    return r_player(r, pc->c, o, pc->s, p);
}

/* One pending effect. */
static int effect_item(kt_jr *r, const mp2_cfg *c, const kt_jv *v, int i, void *ctx)
{
    mp2_state *s = ctx;
    if (v->type != KT_JOBJ)
        return kt_jr_fail(r, "expected an object");
    if (!kt_jr_only(r, v, "type,player,a,b,c,d"))
        return 0;
    const char *tn = kt_jr_str(r, v, "type");
    if (!tn)
        return 0;
    int type = lk_key(mp2_eff_names, EF_COUNT, tn);
    if (type <= 0) {
        kt_jr_push(r, "type");
        kt_jr_fail(r, "unknown effect '%.40s'", tn);
        kt_jr_pop(r);
        return 0;
    }
    int p = 0, ea = 0, eb = 0, ec = 0, ed = 0;
    if (!r_int(r, v, "player", 0, c->np - 1, &p) || !r_int(r, v, "a", 0, 65535, &ea) ||
        !r_int(r, v, "b", 0, 255, &eb) || !r_int(r, v, "c", 0, 255, &ec) ||
        !r_int(r, v, "d", 0, 65535, &ed))
        return 0;
    mp2_eff *e = &s->stack[i];
    e->type = (uint8_t)type;
    e->p = (uint8_t)p;
    e->a = (uint16_t)ea;
    e->b = (uint8_t)eb;
    e->c = (uint8_t)ec;
    e->d = (uint16_t)ed;
    const char *why;
    if (!mp2_eff_valid(c, e, &why))
        return kt_jr_fail(r, "%s", why);
    return 1;
}

static int r_stack(kt_jr *r, const mp2_cfg *c, const kt_jv *o, mp2_state *s)
{
    int n;
    if (!r_arr(r, c, o, "stack", 0, MP2_STACK, effect_item, s, &n))
        return 0;
    s->nstack = (uint8_t)n;
    const kt_jv *m = kt_jr_get(r, o, "move", KT_JOBJ);
    if (!m)
        return 0;
    kt_jr_push(r, "move");
    mp2_move *mv = &s->mv;
    int x[8];
    uint64_t pa, sk;
    int ok = kt_jr_only(r, m, "on,player,steps,flags,legs,moved,pend,last,passed,skipped") &&
             r_int(r, m, "on", 0, 1, &x[0]) && r_int(r, m, "player", 0, c->np - 1, &x[1]) &&
             r_int(r, m, "steps", 0, 30, &x[2]) && r_int(r, m, "flags", 0, 3, &x[3]) &&
             r_int(r, m, "legs", 0, 255, &x[4]) && r_int(r, m, "moved", 0, 3, &x[5]) &&
             r_int(r, m, "pend", 0, 3, &x[6]) && r_int(r, m, "last", 0, 1, &x[7]) &&
             r_set(r, c, m, "passed", lk_city, "city", 64, &pa) &&
             r_set(r, c, m, "skipped", lk_loc, "location", 64, &sk);
    if (ok) {
        mv->on = (uint8_t)x[0];
        mv->p = (uint8_t)x[1];
        mv->steps = (uint8_t)x[2];
        mv->flags = (uint8_t)x[3];
        mv->legs = (uint8_t)x[4];
        mv->moved = (uint8_t)x[5];
        mv->pend = (uint8_t)x[6];
        mv->last = (uint8_t)x[7];
        mv->passed = pa;
        mv->skipped = sk;
    }
    kt_jr_pop(r);
    return ok && r_set(r, c, o, "xmask", lk_city, "city", 64, &s->xmask);
}

/* One action space: [used, occupants, last, lowest die]. */
static int space_item(kt_jr *r, const mp2_cfg *c, const kt_jv *v, int i, void *ctx)
{
    mp2_state *s = ctx;
    long long x[4];
    if (v->type != KT_JARR || v->n != 4)
        return kt_jr_fail(r, "expected [used, occ, last, low]");
    if (!kt_jr_int_at(r, v, 0, 0, 30, &x[0]) || !kt_jr_int_at(r, v, 1, 0, (1 << c->np) - 1, &x[1]) ||
        !kt_jr_int_at(r, v, 2, -2, c->np - 1, &x[2]) || !kt_jr_int_at(r, v, 3, 0, 6, &x[3]))
        return 0;
    s->sp[i].used = (uint8_t)x[0];
    s->sp[i].occ = (uint8_t)x[1];
    s->sp[i].last = (int8_t)x[2];
    s->sp[i].low = (uint8_t)x[3];
    return 1;
}

/* The contracts on the board of one contract city: two, or null. */
static int cboard_item(kt_jr *r, const mp2_cfg *c, const kt_jv *v, int i, void *ctx)
{
    mp2_state *s = ctx;
    if (v->type != KT_JARR || v->n != 2)
        return kt_jr_fail(r, "expected two contracts (or null)");
    names nm = {.fn = lk_contract, .what = "contract", .allow_null = 1, .out = s->cboard[i]};
    return r_items(r, c, v, list_item, &nm);
}

/* Where one route tile is (up, held, down). */
static int rtile_item(kt_jr *r, const mp2_cfg *c, const kt_jv *v, int i, void *ctx)
{
    KT_UNUSED(c);
    mp2_state *s = ctx;
    int k = v->type == KT_JSTR ? lk_key(rtile_keys, 3, v->s) : -1;
    if (k < 0)
        return kt_jr_fail(r, "expected up, held or down");
    s->rtile[i] = (uint8_t)k;
    return 1;
}

/* One offer tile of a book, which must be of that book. */
typedef struct book {
    names nm;
    int book;
} book;

static int offer_item(kt_jr *r, const mp2_cfg *c, const kt_jv *v, int i, void *ctx)
{
    book *b = ctx;
    if (!list_item(r, c, v, i, &b->nm))
        return 0;
    const mp2_offer *of = &c->offer[b->nm.out[i]];
    if (of->book != b->book)
        return kt_jr_fail(r, "offer tile %s belongs to book %d", of->id, of->book + 1);
    return 1;
}

/* The offer tiles of book i (and round). */
static int book_item(kt_jr *r, const mp2_cfg *c, const kt_jv *v, int i, void *ctx)
{
    mp2_state *s = ctx;
    if (v->type != KT_JARR || v->n != 6)
        return kt_jr_fail(r, "expected 6 offer tiles");
    book b = {.nm = {.fn = lk_offer, .what = "offer tile", .out = s->offers[i]}, .book = i};
    return r_items(r, c, v, offer_item, &b);
}

int mp2_load(const kt_game *g, const kt_jv *o, kt_state *st, kt_jr *r)
{
    const mp2_cfg *c = mp2_config(g);
    mp2_state *s = (mp2_state *)st;
    if (!kt_jr_only(r, o, "phase,round,first,next_first,fp_rank,main_done,black_pool,black_placed,"
                          "spaces,khan,khan_by,card_slots,contract_board,markers,outposts,"
                          "route_tiles,draft,card_deck,card_next,pile,pile_unknown,removed,offers,"
                          "unused_marker,final_done,stack,move,xmask,players"))
        return 0;
    const char *ph = kt_jr_str(r, o, "phase");
    if (!ph)
        return 0;
    int x = lk_key(phase_names, 4, ph);
    if (x < 0) {
        kt_jr_push(r, "phase");
        kt_jr_fail(r, "expected setup, round, play or over");
        kt_jr_pop(r);
        return 0;
    }
    s->phase = (uint8_t)x;
    int v[8];
    if (!r_int(r, o, "round", 0, MP2_ROUNDS - 1, &v[0]) || !r_int(r, o, "first", 0, c->np - 1, &v[1]) ||
        !r_int(r, o, "next_first", 0, c->np - 1, &v[2]) || !r_int(r, o, "fp_rank", 0, 3, &v[3]) ||
        !r_int(r, o, "main_done", 0, 1, &v[4]) || !r_int(r, o, "black_pool", 0, 6, &v[5]) ||
        !r_int(r, o, "black_placed", 0, 6, &v[6]) || !r_int(r, o, "final_done", 0, 1, &v[7]))
        return 0;
    s->round = (uint8_t)v[0];
    s->first = (uint8_t)v[1];
    s->next_first = (uint8_t)v[2];
    s->fp_rank = (uint8_t)v[3];
    s->main_done = (uint8_t)v[4];
    s->black_pool = (uint8_t)v[5];
    s->black_placed = (uint8_t)v[6];
    s->final_done = (uint8_t)v[7];
    if (!r_arr(r, c, o, "spaces", MP2_NSPACES, MP2_NSPACES, space_item, s, NULL))
        return 0;
    int n;
    if (!kt_jr_u8s(r, o, "khan", s->khan, 4, 4, 0, 6, &n))
        return 0;
    const kt_jv *kb = kt_jr_arr(r, o, "khan_by", 4, 4);
    if (!kb)
        return 0;
    kt_jr_push(r, "khan_by");
    for (int i = 0; i < 4; i++) {
        long long y;
        if (!kt_jr_int_at(r, kb, i, -2, c->np - 1, &y)) {
            kt_jr_pop(r);
            return 0;
        }
        s->khan_by[i] = (int8_t)y;
    }
    kt_jr_pop(r);
    if (!r_list(r, c, o, "card_slots", lk_card, "city card", 8, 8, 1, s->card_slot, NULL) ||
        !r_list(r, c, o, "card_deck", lk_card, "city card", MP2_NCARDS, MP2_NCARDS, 0, s->cc_deck,
                NULL) ||
        !r_int(r, o, "card_next", 0, MP2_NCARDS, &v[0]))
        return 0;
    s->cc_next = (uint8_t)v[0];
    if (!r_arr(r, c, o, "contract_board", MP2_NCCITY, MP2_NCCITY, cboard_item, s, NULL))
        return 0;
    if (!r_list(r, c, o, "markers", lk_marker, "city-bonus marker", MP2_NBONUSCITY, MP2_NBONUSCITY,
                0, s->marker, NULL) ||
        !r_key_lookup(r, c, o, "unused_marker", lk_marker, "city-bonus marker", 0, &v[0]) ||
        !r_list(r, c, o, "outposts", lk_outpost, "outpost tile", MP2_NOUTPOSTS, MP2_NOUTPOSTS, 1,
                s->outpost, NULL))
        return 0;
    s->unused_marker = (uint8_t)v[0];
    if (!r_arr(r, c, o, "route_tiles", c->nrtile, c->nrtile, rtile_item, s, NULL))
        return 0;
    if (!r_list(r, c, o, "draft", lk_char, "character", MP2_MAXP + 1, MP2_MAXP + 1, 1, s->draft,
                NULL))
        return 0;
    uint8_t pile[MP2_NCONTRACTS];
    if (!r_list(r, c, o, "pile", lk_contract, "contract", 0, MP2_NCONTRACTS, 0, pile, &n))
        return 0;
    memcpy(s->pile, pile, (size_t)n);
    s->pile_len = (uint8_t)n;
    if (!r_int(r, o, "pile_unknown", 0, n, &v[0]))
        return 0;
    s->pile_unknown = (uint8_t)v[0];
    if (!r_set(r, c, o, "removed", lk_contract, "contract", MP2_NCONTRACTS, &s->removed))
        return 0;
    if (!r_arr(r, c, o, "offers", 3, 3, book_item, s, NULL))
        return 0;
    if (!r_stack(r, c, o, s))
        return 0;
    pl_ctx pc = {c, s};
    return kt_saved_players(r, o, c->np, player_item, &pc);
}
