/*
 * save.c - Anno 1701's full state as JSON (save/load; the observation is
 * in view.c).
 *
 * Full state: cards by their data ids ("L07"), tasks by name; load checks
 * every value's range and type and names the field that is wrong; the core
 * then runs an_check (conservation and consistency).
 */
#include <stdio.h>
#include <string.h>

#include "anno1701.h"

const char *const an_phase_names[5] = {"setup", "action", "final", "voyage", "over"};
const char *const an_end_names[4] = {"none", "queen", "merchants", "chaos"};
const char *const an_set_keys[2] = {"lion", "dragon"};
const char *const an_task_names[K_COUNT] = {
    "none",  "pile",   "pay",   "good",   "trader", "steal",    "lose",   "harbour",
    "lodge", "theatre", "spy",  "compose", "offer", "refill", "xdraw",  "search", "sail",
    "pirate", "buy",   "place", "start", "roll",   "produce", "event",   "act",    "vturn",
    "vafter", "endturn", "fight"};

/* ------------------------------------------------------------ save */

static void ids(kt_jw *w, const an_cfg *c, const uint8_t *d, int n)
{
    kt_jw_arr(w);
    for (int i = 0; i < n; i++)
        kt_jw_str(w, c->def[d[i]].id);
    kt_jw_arr_end(w);
}

void an_save(const kt_game *g, const kt_state *st, kt_jw *w)
{
    const an_cfg *c = an_config(g);
    const an_state *s = (const an_state *)st;
    kt_jw_obj(w);
    kt_jw_kstr(w, "phase", an_phase_names[s->phase]);
    kt_jw_kint(w, "first", s->first);
    kt_jw_kint(w, "die", s->die);
    kt_jw_kint(w, "event", s->event);
    kt_jw_kint(w, "trade_power", s->trade_power);
    kt_jw_kint(w, "sea_power", s->sea_power);
    kt_jw_kint(w, "claimed", s->claimed);
    kt_jw_key(w, "players");
    kt_jw_arr(w);
    for (int p = 0; p < AN_NP; p++) {
        const an_player *pl = &s->pl[p];
        kt_jw_obj(w);
        kt_jw_kstr(w, "set", an_set_keys[pl->set]);
        kt_jw_key(w, "land");
        kt_jw_u8s(w, pl->land, AN_NLAND);
        kt_jw_key(w, "gold");
        kt_jw_u8s(w, pl->gold, AN_NCENTRE);
        kt_jw_kint(w, "rum", pl->rum);
        kt_jw_kint(w, "tobacco", pl->tob);
        kt_jw_kint(w, "ship", pl->ship);
        kt_jw_key(w, "inhabitants");
        kt_jw_u8s(w, pl->lvl, AN_NLEVEL);
        kt_jw_key(w, "buildings");
        ids(w, c, pl->build, pl->nb);
        kt_jw_key(w, "hand");
        ids(w, c, pl->hand, pl->nh);
        kt_jw_kint(w, "known", pl->known);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "piles");
    kt_jw_arr(w);
    for (int k = 0; k < AN_NPILE; k++)
        ids(w, c, s->pile[k], s->plen[k]);
    kt_jw_arr_end(w);
    kt_jw_key(w, "supply");
    kt_jw_u8s(w, s->supply + 1, AN_NLEVEL - 1);
    kt_jw_key(w, "discard");
    kt_jw_arr(w);
    for (int d = 0; d < c->ndef; d++)
        for (int i = 0; i < s->disc[d]; i++)
            kt_jw_str(w, c->def[d].id);
    kt_jw_arr_end(w);
    kt_jw_key(w, "voyage_deck");
    kt_jw_arr(w);
    for (int i = 0; i < AN_NVOY; i++)
        kt_jw_str(w, c->vdef[s->voy[i]].id);
    kt_jw_arr_end(w);
    kt_jw_kint(w, "turned", s->vpos);
    kt_jw_kint(w, "speed", s->vspeed);
    kt_jw_kint(w, "bonus", s->vbonus);
    /* "" = none (a merge patch cannot set null) */
    kt_jw_kstr(w, "card", s->vcard == AN_NONE ? "" : c->vdef[s->vcard].id);
    kt_jw_key(w, "bought");
    kt_jw_u8s(w, s->vbought, 2);
    kt_jw_key(w, "fight");
    kt_jw_u8s(w, s->fight, 2);
    kt_jw_kint(w, "offers", s->offers);
    kt_jw_key(w, "give");
    kt_jw_u8s(w, s->give, AN_NKINDS);
    kt_jw_key(w, "get");
    kt_jw_u8s(w, s->get, AN_NKINDS);
    kt_jw_key(w, "declined_give");
    kt_jw_u8s(w, s->declined[0], AN_NKINDS);
    kt_jw_key(w, "declined_get");
    kt_jw_u8s(w, s->declined[1], AN_NKINDS);
    kt_jw_kstr(w, "end", an_end_names[s->end]);
    kt_jw_kint(w, "winner", s->winner);
    kt_jw_key(w, "stack");
    kt_jw_arr(w);
    for (int i = 0; i < s->nstack; i++) {
        const an_task *t = &s->stack[i];
        kt_jw_arr(w);
        kt_jw_str(w, an_task_names[t->t]);
        kt_jw_int(w, t->p);
        kt_jw_int(w, t->x);
        kt_jw_int(w, t->y);
        kt_jw_arr_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_obj_end(w);
}

/* ------------------------------------------------------------ load */

static int name_index(kt_jr *r, const kt_jv *v, const char *key, const char *const *names, int n,
                      uint8_t *out)
{
    const char *s = kt_jr_str(r, v, key);
    if (!s)
        return 0;
    for (int i = 0; i < n; i++)
        if (strcmp(s, names[i]) == 0) {
            *out = (uint8_t)i;
            return 1;
        }
    kt_jr_push(r, key);
    kt_jr_fail(r, "unknown value '%.40s'", s);
    kt_jr_pop(r);
    return 0;
}

typedef struct card_ctx {
    const an_cfg *c;
    uint8_t *out;
    int voyage;
} card_ctx;

static int load_card(kt_jr *r, const kt_jv *e, int i, void *vctx)
{
    card_ctx *x = vctx;
    if (e->type != KT_JSTR)
        return kt_jr_fail(r, "expected a card id");
    int n = x->voyage ? x->c->nvdef : x->c->ndef;
    for (int d = 0; d < n; d++)
        if (strcmp(e->s, x->voyage ? x->c->vdef[d].id : x->c->def[d].id) == 0) {
            x->out[i] = (uint8_t)d;
            return 1;
        }
    return kt_jr_fail(r, "unknown card id '%.20s'", e->s);
}

static int cards(kt_jr *r, const an_cfg *c, const kt_jv *v, const char *key, uint8_t *out,
                 int max, int voyage)
{
    card_ctx x = {c, out, voyage};
    return kt_jr_each(r, v, key, max, load_card, &x);
}

/* Context of the loaders of players, piles and tasks. */
typedef struct ld_ctx {
    const an_cfg *c;
    an_state *s;
} ld_ctx;

static int load_player(kt_jr *r, const kt_jv *v, int i, void *vctx)
{
    const an_cfg *c = ((ld_ctx *)vctx)->c;
    an_state *s = ((ld_ctx *)vctx)->s;
    an_player *pl = &s->pl[i];
    long long x;
    int n;
    if (!kt_jr_only(r, v, "set,land,gold,rum,tobacco,ship,inhabitants,buildings,hand,known") ||
        !name_index(r, v, "set", an_set_keys, 2, &pl->set) ||
        !kt_jr_u8s(r, v, "land", pl->land, AN_NLAND, AN_NLAND, 0, c->k.land_cap, &n) ||
        !kt_jr_u8s(r, v, "gold", pl->gold, AN_NCENTRE, AN_NCENTRE, 0, c->k.centre_cap, &n) ||
        !kt_jr_int(r, v, "rum", 0, c->k.ware_cap, &x))
        return 0;
    pl->rum = (uint8_t)x;
    if (!kt_jr_int(r, v, "tobacco", 0, c->k.ware_cap, &x))
        return 0;
    pl->tob = (uint8_t)x;
    if (!kt_jr_int(r, v, "ship", 0, 4, &x))
        return 0;
    pl->ship = (uint8_t)x;
    if (!kt_jr_u8s(r, v, "inhabitants", pl->lvl, AN_NLEVEL, AN_NLEVEL, 0, AN_NINH, &n))
        return 0;
    int nb = cards(r, c, v, "buildings", pl->build, c->k.spaces, 0);
    int nh = nb < 0 ? -1 : cards(r, c, v, "hand", pl->hand, AN_MAXHAND, 0);
    if (nh < 0)
        return 0;
    pl->nb = (uint8_t)nb;
    pl->nh = (uint8_t)nh;
    if (!kt_jr_int(r, v, "known", 0, (1 << nh) - 1, &x))
        return 0;
    pl->known = (uint8_t)x;
    return 1;
}

static int load_pile(kt_jr *r, const kt_jv *v, int i, void *vctx)
{
    ld_ctx *x = vctx;
    an_state *s = x->s;
    card_ctx y = {x->c, s->pile[i], 0};
    if (v->type != KT_JARR)
        return kt_jr_fail(r, "expected a list of card ids");
    if (v->n > AN_PILE_MAX)
        return kt_jr_fail(r, "more than %d cards", AN_PILE_MAX);
    int k = 0;
    for (const kt_jv *e = v->child; e; e = e->next, k++) {
        kt_jr_push_i(r, k);
        int ok = load_card(r, e, k, &y);
        kt_jr_pop(r);
        if (!ok)
            return 0;
    }
    s->plen[i] = (uint8_t)k;
    return 1;
}

static int load_task(kt_jr *r, const kt_jv *v, int i, void *vctx)
{
    an_state *s = ((ld_ctx *)vctx)->s;
    if (v->type != KT_JARR || v->n != 4 || !v->child || v->child->type != KT_JSTR)
        return kt_jr_fail(r, "expected [task, player, x, y]");
    an_task *t = &s->stack[i];
    int found = 0;
    for (int k = 1; k < K_COUNT; k++)
        if (strcmp(v->child->s, an_task_names[k]) == 0)
            t->t = (uint8_t)k, found = 1;
    if (!found)
        return kt_jr_fail(r, "unknown task '%.20s'", v->child->s);
    long long p, a, b;
    if (!kt_jr_int_at(r, v, 1, 0, AN_NP - 1, &p) || !kt_jr_int_at(r, v, 2, 0, 255, &a) ||
        !kt_jr_int_at(r, v, 3, 0, 255, &b))
        return 0;
    t->p = (uint8_t)p;
    t->x = (uint8_t)a;
    t->y = (uint8_t)b;
    return 1;
}

static int load_discard(kt_jr *r, const an_cfg *c, const kt_jv *v, an_state *s)
{
    uint8_t tmp[AN_ERA_CARDS * AN_NERA];
    int n = cards(r, c, v, "discard", tmp, AN_ERA_CARDS * AN_NERA, 0);
    if (n < 0)
        return 0;
    for (int i = 0; i < n; i++)
        s->disc[tmp[i]]++;
    return 1;
}

static int load_voyage(kt_jr *r, const an_cfg *c, const kt_jv *v, an_state *s)
{
    long long x;
    int n;
    card_ctx vx = {c, s->voy, 1};
    if (kt_jr_each(r, v, "voyage_deck", AN_NVOY, load_card, &vx) != AN_NVOY) {
        if (!r->failed) {
            kt_jr_push(r, "voyage_deck");
            kt_jr_fail(r, "needs the %d voyage cards", AN_NVOY);
            kt_jr_pop(r);
        }
        return 0;
    }
    if (!kt_jr_int(r, v, "turned", 0, AN_NVOY, &x))
        return 0;
    s->vpos = (uint8_t)x;
    if (!kt_jr_int(r, v, "speed", 0, 60, &x))
        return 0;
    s->vspeed = (uint8_t)x;
    if (!kt_jr_int(r, v, "bonus", 0, 9, &x))
        return 0;
    s->vbonus = (uint8_t)x;
    const kt_jv *cv = kt_jr_get(r, v, "card", KT_JSTR);
    if (!cv)
        return 0;
    s->vcard = AN_NONE;
    if (cv->slen) {
        kt_jr_push(r, "card");
        int ok = load_card(r, cv, 0, &(card_ctx){c, &s->vcard, 1});
        kt_jr_pop(r);
        if (!ok)
            return 0;
    }
    return kt_jr_u8s(r, v, "bought", s->vbought, 2, 2, 0, 3, &n) &&
           kt_jr_u8s(r, v, "fight", s->fight, 2, 2, 0, 6, &n);
}

int an_load(const kt_game *g, const kt_jv *v, kt_state *st, kt_jr *r)
{
    const an_cfg *c = an_config(g);
    an_state *s = (an_state *)st;
    long long x;
    int n;
    if (!kt_jr_only(r, v,
                    "phase,first,die,event,trade_power,sea_power,claimed,players,piles,supply,"
                    "discard,voyage_deck,turned,speed,bonus,card,bought,fight,offers,give,get,"
                    "declined_give,declined_get,end,winner,stack") ||
        !name_index(r, v, "phase", an_phase_names, 5, &s->phase) ||
        !kt_jr_int(r, v, "first", 0, 1, &x))
        return 0;
    s->first = (uint8_t)x;
    if (!kt_jr_int(r, v, "die", 0, 6, &x))
        return 0;
    s->die = (uint8_t)x;
    if (!kt_jr_int(r, v, "event", 0, AN_NEVENTS - 1, &x))
        return 0;
    s->event = (uint8_t)x;
    if (!kt_jr_int(r, v, "trade_power", -1, 1, &x))
        return 0;
    s->trade_power = (int8_t)x;
    if (!kt_jr_int(r, v, "sea_power", -1, 1, &x))
        return 0;
    s->sea_power = (int8_t)x;
    if (!kt_jr_int(r, v, "claimed", 0, 3, &x))
        return 0;
    s->claimed = (uint8_t)x;
    ld_ctx sx = {c, s};
    if (kt_jr_each(r, v, "players", AN_NP, load_player, &sx) != AN_NP) {
        if (!r->failed)
            kt_jr_fail(r, "players: needs 2 players");
        return 0;
    }
    if (kt_jr_each(r, v, "piles", AN_NPILE, load_pile, &sx) != AN_NPILE) {
        if (!r->failed)
            kt_jr_fail(r, "piles: needs 6 piles");
        return 0;
    }
    if (!kt_jr_u8s(r, v, "supply", s->supply + 1, AN_NLEVEL - 1, AN_NLEVEL - 1, 0, 12, &n) ||
        !load_discard(r, c, v, s) || !load_voyage(r, c, v, s) ||
        !kt_jr_int(r, v, "offers", 0, 255, &x))
        return 0;
    s->offers = (uint8_t)x;
    if (!kt_jr_u8s(r, v, "give", s->give, AN_NKINDS, AN_NKINDS, 0, 32, &n) ||
        !kt_jr_u8s(r, v, "get", s->get, AN_NKINDS, AN_NKINDS, 0, 32, &n) ||
        !kt_jr_u8s(r, v, "declined_give", s->declined[0], AN_NKINDS, AN_NKINDS, 0, 32, &n) ||
        !kt_jr_u8s(r, v, "declined_get", s->declined[1], AN_NKINDS, AN_NKINDS, 0, 32, &n) ||
        !name_index(r, v, "end", an_end_names, 4, &s->end) ||
        !kt_jr_int(r, v, "winner", 0, 1, &x))
        return 0;
    s->winner = (uint8_t)x;
    int ns = kt_jr_each(r, v, "stack", AN_STACK, load_task, &sx);
    if (ns < 0)
        return 0;
    s->nstack = (uint8_t)ns;
    return 1;
}
