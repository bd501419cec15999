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

static const char *loc_key(const mp2_cfg *c, int l) { return l < c->nloc ? c->loc[l].name : NULL; }

static void w_locs(kt_jw *w, const mp2_cfg *c, const char *key, uint64_t m)
{
    kt_jw_key(w, key);
    kt_jw_arr(w);
    for (int l = 0; l < c->nloc; l++)
        if ((m >> l) & 1)
            kt_jw_str(w, c->loc[l].name);
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
    mp2_w_name_or_null(w, "character",
                   pl->character < MP2_NCHAR ? mp2_char_name(pl->character, KT_LANG_EN) : NULL);
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
    w_locs(w, c, "posts", pl->posts);
    kt_jw_key(w, "seals");
    kt_jw_arr(w);
    for (int g = 0; g < MP2_NGUILD; g++)
        if ((pl->seals >> g) & 1)
            kt_jw_str(w, guild_keys[g]);
    kt_jw_arr_end(w);
    kt_jw_key(w, "improved");
    kt_jw_arr(w);
    for (int g = 0; g < MP2_NGUILD; g++)
        if ((pl->seals >> (4 + g)) & 1)
            kt_jw_str(w, guild_keys[g]);
    kt_jw_arr_end(w);
    kt_jw_key(w, "contracts");
    kt_jw_arr(w);
    for (int i = 0; i < 2; i++)
        mp2_w_name_or_null(w, NULL, pl->con[i] < MP2_NCONTRACTS ? c->contract[pl->con[i]].id : NULL);
    kt_jw_arr_end(w);
    kt_jw_kint(w, "fresh", pl->fresh);
    kt_jw_key(w, "completed");
    kt_jw_arr(w);
    for (int k = 0; k < MP2_NCONTRACTS; k++)
        if ((pl->done >> k) & 1)
            kt_jw_str(w, c->contract[k].id);
    kt_jw_arr_end(w);
    if (full) {
        kt_jw_key(w, "goal_options");
        kt_jw_arr(w);
        for (int i = 0; i < 3; i++)
            kt_jw_str(w, c->goal[pl->goal_opt[i]].id);
        kt_jw_arr_end(w);
        kt_jw_kint(w, "goal", pl->goal == MP2_NONE ? -1 : pl->goal);
    }
    kt_jw_kint(w, "plus_shields", pl->plus);
    kt_jw_key(w, "pieces");
    kt_jw_arr(w);
    for (int col = 0; col < MP2_MAXP; col++)
        if ((pl->pieces >> col) & 1)
            kt_jw_str(w, colour_keys[col]);
    kt_jw_arr_end(w);
    kt_jw_key(w, "kept");
    kt_jw_arr(w);
    for (int t = 0; t < MP2_NOUTPOSTS; t++)
        if ((pl->kept >> t) & 1)
            kt_jw_str(w, c->outpost[t].id);
    kt_jw_arr_end(w);
    kt_jw_kint(w, "turn_flags", pl->tflags);
    kt_jw_key(w, "caravans");
    kt_jw_arr(w);
    for (int i = 0; i < 2; i++) {
        kt_jw_obj(w);
        mp2_w_name_or_null(w, "at", pl->cv_loc[i] == MP2_NOLOC ? NULL : loc_key(c, pl->cv_loc[i]));
        mp2_w_name_or_null(w, "tile", pl->cv_tile[i] < c->nrtile ? c->rtile[pl->cv_tile[i]].id : NULL);
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
    kt_jw_key(w, "card_slots");
    kt_jw_arr(w);
    for (int i = 0; i < 8; i++)
        mp2_w_name_or_null(w, NULL, s->card_slot[i] < MP2_NCARDS ? c->card[s->card_slot[i]].id : NULL);
    kt_jw_arr_end(w);
    kt_jw_key(w, "contract_board");
    kt_jw_arr(w);
    for (int i = 0; i < MP2_NCCITY; i++) {
        kt_jw_arr(w);
        for (int j = 0; j < 2; j++)
            mp2_w_name_or_null(w, NULL,
                           s->cboard[i][j] < MP2_NCONTRACTS ? c->contract[s->cboard[i][j]].id : NULL);
        kt_jw_arr_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "markers");
    kt_jw_arr(w);
    for (int i = 0; i < MP2_NBONUSCITY; i++)
        kt_jw_str(w, c->marker[s->marker[i]].id);
    kt_jw_arr_end(w);
    kt_jw_key(w, "outposts");
    kt_jw_arr(w);
    for (int i = 0; i < MP2_NOUTPOSTS; i++)
        mp2_w_name_or_null(w, NULL, s->outpost[i] < MP2_NOUTPOSTS ? c->outpost[s->outpost[i]].id : NULL);
    kt_jw_arr_end(w);
    kt_jw_key(w, "route_tiles");
    kt_jw_arr(w);
    for (int t = 0; t < c->nrtile; t++)
        kt_jw_str(w, rtile_keys[s->rtile[t] <= RT_DOWN ? s->rtile[t] : 0]);
    kt_jw_arr_end(w);
    kt_jw_key(w, "draft");
    kt_jw_arr(w);
    for (int i = 0; i <= MP2_MAXP; i++)
        mp2_w_name_or_null(w, NULL, s->draft[i] < MP2_NCHAR ? mp2_char_name(s->draft[i], KT_LANG_EN) : NULL);
    kt_jw_arr_end(w);
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
    w_locs(w, c, "passed", mv->passed);
    w_locs(w, c, "skipped", mv->skipped);
    kt_jw_obj_end(w);
    w_locs(w, c, "xmask", s->xmask);
}

void mp2_save(const kt_game *g, const kt_state *st, kt_jw *w)
{
    const mp2_cfg *c = mp2_config(g);
    const mp2_state *s = (const mp2_state *)st;
    kt_jw_obj(w);
    mp2_w_board(w, c, s);
    kt_jw_key(w, "card_deck");
    kt_jw_arr(w);
    for (int i = 0; i < MP2_NCARDS; i++)
        kt_jw_str(w, c->card[s->cc_deck[i]].id);
    kt_jw_arr_end(w);
    kt_jw_kint(w, "card_next", s->cc_next);
    kt_jw_key(w, "pile");
    kt_jw_arr(w);
    for (int i = 0; i < s->pile_len; i++)
        kt_jw_str(w, c->contract[s->pile[i]].id);
    kt_jw_arr_end(w);
    kt_jw_kint(w, "pile_unknown", s->pile_unknown);
    kt_jw_key(w, "removed");
    kt_jw_arr(w);
    for (int k = 0; k < MP2_NCONTRACTS; k++)
        if ((s->removed >> k) & 1)
            kt_jw_str(w, c->contract[k].id);
    kt_jw_arr_end(w);
    kt_jw_key(w, "offers");
    kt_jw_arr(w);
    for (int b = 0; b < 3; b++) {
        kt_jw_arr(w);
        for (int i = 0; i < 6; i++)
            kt_jw_str(w, c->offer[s->offers[b][i]].id);
        kt_jw_arr_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_kstr(w, "unused_marker", c->marker[s->unused_marker].id);
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

/* Array of names -> bit set (each at most once). */
static int r_set(kt_jr *r, const mp2_cfg *c, const kt_jv *obj, const char *key, lookup_fn fn,
                 const char *what, int maxn, uint64_t *out)
{
    const kt_jv *a = kt_jr_arr(r, obj, key, 0, maxn);
    if (!a)
        return 0;
    kt_jr_push(r, key);
    uint64_t m = 0;
    int i = 0;
    for (const kt_jv *v = a->child; v; v = v->next, i++) {
        kt_jr_push_i(r, i);
        int k;
        int ok = r_lookup(r, c, v, fn, what, 0, &k);
        if (ok && ((m >> k) & 1))
            ok = kt_jr_fail(r, "%s '%s' listed twice", what, v->s);
        kt_jr_pop(r);
        if (!ok) {
            kt_jr_pop(r);
            return 0;
        }
        m |= 1ull << k;
    }
    kt_jr_pop(r);
    *out = m;
    return 1;
}

/* Array of names -> indices (fixed or bounded length; null allowed). */
static int r_list(kt_jr *r, const mp2_cfg *c, const kt_jv *obj, const char *key, lookup_fn fn,
                  const char *what, int minn, int maxn, int allow_null, uint8_t *out, int *nout)
{
    const kt_jv *a = kt_jr_arr(r, obj, key, minn, maxn);
    if (!a)
        return 0;
    kt_jr_push(r, key);
    int i = 0;
    for (const kt_jv *v = a->child; v; v = v->next, i++) {
        kt_jr_push_i(r, i);
        int k;
        int ok = r_lookup(r, c, v, fn, what, allow_null, &k);
        kt_jr_pop(r);
        if (!ok) {
            kt_jr_pop(r);
            return 0;
        }
        out[i] = k < 0 ? MP2_NONE : (uint8_t)k;
    }
    kt_jr_pop(r);
    if (nout)
        *nout = i;
    return 1;
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
    const kt_jv *cv = kt_jr_arr(r, o, "caravans", 2, 2);
    if (!cv)
        return 0;
    kt_jr_push(r, "caravans");
    int i = 0;
    for (const kt_jv *v = cv->child; v; v = v->next, i++) {
        kt_jr_push_i(r, i);
        int at, tile, ok = v->type == KT_JOBJ || kt_jr_fail(r, "expected an object");
        ok = ok && kt_jr_only(r, v, "at,tile,goods") &&
             r_key_lookup(r, c, v, "at", lk_loc, "location", 1, &at) &&
             r_key_lookup(r, c, v, "tile", lk_rtile, "route tile", 1, &tile);
        uint8_t gd[2] = {0, 0};
        int ng = 0;
        ok = ok && r_list(r, c, v, "goods", lk_good, "good", 0, 2, 0, gd, &ng);
        if (ok) {
            pl->cv_loc[i] = at < 0 ? MP2_NOLOC : (uint8_t)at;
            pl->cv_tile[i] = tile < 0 ? MP2_NONE : (uint8_t)tile;
            pl->cv_goods[i][0] = ng > 0 ? gd[0] : 0;
            pl->cv_goods[i][1] = ng > 1 ? gd[1] : 0;
        }
        kt_jr_pop(r);
        if (!ok) {
            kt_jr_pop(r);
            return 0;
        }
    }
    kt_jr_pop(r);
    return 1;
}

static int r_stack(kt_jr *r, const mp2_cfg *c, const kt_jv *o, mp2_state *s)
{
    const kt_jv *a = kt_jr_arr(r, o, "stack", 0, MP2_STACK);
    if (!a)
        return 0;
    kt_jr_push(r, "stack");
    int i = 0;
    for (const kt_jv *v = a->child; v; v = v->next, i++) {
        kt_jr_push_i(r, i);
        int ok = v->type == KT_JOBJ || kt_jr_fail(r, "expected an object");
        ok = ok && kt_jr_only(r, v, "type,player,a,b,c,d");
        const char *tn = ok ? kt_jr_str(r, v, "type") : NULL;
        int type = tn ? lk_key(mp2_eff_names, EF_COUNT, tn) : -1;
        if (ok && tn && type <= 0) {
            kt_jr_push(r, "type");
            ok = kt_jr_fail(r, "unknown effect '%.40s'", tn);
            kt_jr_pop(r);
        }
        ok = ok && tn;
        int p = 0, ea = 0, eb = 0, ec = 0, ed = 0;
        ok = ok && r_int(r, v, "player", 0, c->np - 1, &p) && r_int(r, v, "a", 0, 65535, &ea) &&
             r_int(r, v, "b", 0, 255, &eb) && r_int(r, v, "c", 0, 255, &ec) &&
             r_int(r, v, "d", 0, 65535, &ed);
        if (ok) {
            mp2_eff *e = &s->stack[i];
            e->type = (uint8_t)type;
            e->p = (uint8_t)p;
            e->a = (uint16_t)ea;
            e->b = (uint8_t)eb;
            e->c = (uint8_t)ec;
            e->d = (uint16_t)ed;
            const char *why;
            if (!mp2_eff_valid(c, e, &why))
                ok = kt_jr_fail(r, "%s", why);
        }
        kt_jr_pop(r);
        if (!ok) {
            kt_jr_pop(r);
            return 0;
        }
    }
    s->nstack = (uint8_t)i;
    kt_jr_pop(r);
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

static int r_spaces(kt_jr *r, const mp2_cfg *c, const kt_jv *o, mp2_state *s)
{
    const kt_jv *a = kt_jr_arr(r, o, "spaces", MP2_NSPACES, MP2_NSPACES);
    if (!a)
        return 0;
    kt_jr_push(r, "spaces");
    int i = 0;
    for (const kt_jv *v = a->child; v; v = v->next, i++) {
        kt_jr_push_i(r, i);
        long long x[4];
        int ok = (v->type == KT_JARR && v->n == 4) || kt_jr_fail(r, "expected [used, occ, last, low]");
        ok = ok && kt_jr_int_at(r, v, 0, 0, 30, &x[0]) &&
             kt_jr_int_at(r, v, 1, 0, (1 << c->np) - 1, &x[1]) &&
             kt_jr_int_at(r, v, 2, -2, c->np - 1, &x[2]) && kt_jr_int_at(r, v, 3, 0, 6, &x[3]);
        kt_jr_pop(r);
        if (!ok) {
            kt_jr_pop(r);
            return 0;
        }
        s->sp[i].used = (uint8_t)x[0];
        s->sp[i].occ = (uint8_t)x[1];
        s->sp[i].last = (int8_t)x[2];
        s->sp[i].low = (uint8_t)x[3];
    }
    kt_jr_pop(r);
    return 1;
}

/* The contracts on the board, per contract city. */
static int load_contract_board(const kt_jv *o, kt_jr *r, const mp2_cfg *c, mp2_state *s)
{
    const kt_jv *cb = kt_jr_arr(r, o, "contract_board", MP2_NCCITY, MP2_NCCITY);
    if (!cb)
        return 0;
    kt_jr_push(r, "contract_board");
    int i = 0;
    for (const kt_jv *e = cb->child; e; e = e->next, i++) {
        kt_jr_push_i(r, i);
        int ok = 1, j = 0;
        if (e->type != KT_JARR || e->n != 2)
            ok = kt_jr_fail(r, "expected two contracts (or null)");
        for (const kt_jv *f = ok ? e->child : NULL; f && ok; f = f->next, j++) {
            kt_jr_push_i(r, j);
            int k = -1; /* r_lookup leaves it unset when it fails */
            ok = r_lookup(r, c, f, lk_contract, "contract", 1, &k);
            s->cboard[i][j] = k < 0 ? MP2_NONE : (uint8_t)k;
            kt_jr_pop(r);
        }
        kt_jr_pop(r);
        if (!ok) {
            kt_jr_pop(r);
            return 0;
        }
    }
    kt_jr_pop(r);
    return 1;
}

/* Where each route tile is (up, held, down). */
static int load_route_tiles(const kt_jv *o, kt_jr *r, const mp2_cfg *c, mp2_state *s)
{
    const kt_jv *rt = kt_jr_arr(r, o, "route_tiles", c->nrtile, c->nrtile);
    if (!rt)
        return 0;
    kt_jr_push(r, "route_tiles");
    int i = 0;
    for (const kt_jv *e = rt->child; e; e = e->next, i++) {
        int k = e->type == KT_JSTR ? lk_key(rtile_keys, 3, e->s) : -1;
        if (k < 0) {
            kt_jr_push_i(r, i);
            kt_jr_fail(r, "expected up, held or down");
            kt_jr_pop(r);
            kt_jr_pop(r);
            return 0;
        }
        s->rtile[i] = (uint8_t)k;
    }
    kt_jr_pop(r);
    return 1;
}

/* The offer tiles per book and round. */
static int load_offers(const kt_jv *o, kt_jr *r, const mp2_cfg *c, mp2_state *s)
{
    const kt_jv *of = kt_jr_arr(r, o, "offers", 3, 3);
    if (!of)
        return 0;
    kt_jr_push(r, "offers");
    int i = 0;
    for (const kt_jv *e = of->child; e; e = e->next, i++) {
        kt_jr_push_i(r, i);
        int ok = (e->type == KT_JARR && e->n == 6) || kt_jr_fail(r, "expected 6 offer tiles");
        int j = 0;
        for (const kt_jv *f = ok ? e->child : NULL; f && ok; f = f->next, j++) {
            kt_jr_push_i(r, j);
            int k = -1; /* r_lookup leaves it unset when it fails */
            ok = r_lookup(r, c, f, lk_offer, "offer tile", 0, &k);
            if (ok && c->offer[k].book != i)
                ok = kt_jr_fail(r, "offer tile %s belongs to book %d", c->offer[k].id,
                                c->offer[k].book + 1);
            if (ok)
                s->offers[i][j] = (uint8_t)k;
            kt_jr_pop(r);
        }
        kt_jr_pop(r);
        if (!ok) {
            kt_jr_pop(r);
            return 0;
        }
    }
    kt_jr_pop(r);
    return 1;
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
    if (!r_spaces(r, c, o, s))
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
    if (!load_contract_board(o, r, c, s))
        return 0;
    if (!r_list(r, c, o, "markers", lk_marker, "city-bonus marker", MP2_NBONUSCITY, MP2_NBONUSCITY,
                0, s->marker, NULL) ||
        !r_key_lookup(r, c, o, "unused_marker", lk_marker, "city-bonus marker", 0, &v[0]) ||
        !r_list(r, c, o, "outposts", lk_outpost, "outpost tile", MP2_NOUTPOSTS, MP2_NOUTPOSTS, 1,
                s->outpost, NULL))
        return 0;
    s->unused_marker = (uint8_t)v[0];
    if (!load_route_tiles(o, r, c, s))
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
    if (!load_offers(o, r, c, s))
        return 0;
    if (!r_stack(r, c, o, s))
        return 0;
    const kt_jv *ps = kt_jr_get(r, o, "players", KT_JOBJ);
    if (!ps)
        return 0;
    kt_jr_push(r, "players");
    char keys[40] = "";
    for (int p = 0; p < c->np; p++)
        snprintf(keys + strlen(keys), sizeof keys - strlen(keys), "%s%d", p ? "," : "", p);
    if (!kt_jr_only(r, ps, keys)) {
        kt_jr_pop(r);
        return 0;
    }
    for (int p = 0; p < c->np; p++) {
        char k[12];
        snprintf(k, sizeof k, "%d", p);
        const kt_jv *po = kt_jr_get(r, ps, k, KT_JOBJ);
        if (!po) {
            kt_jr_pop(r);
            return 0;
        }
        kt_jr_push(r, k);
        int ok = r_player(r, c, po, s, p);
        kt_jr_pop(r);
        if (!ok) {
            kt_jr_pop(r);
            return 0;
        }
    }
    kt_jr_pop(r);
    return 1;
}
