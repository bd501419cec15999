/*
 * save.c - Dominion's full-state JSON: save, and load with validation of
 * every field (ranges, names, card conservation through the supply); the
 * consistency of the whole state is dom_check's (check.c), which the core
 * runs after every load.
 *
 * Full-state JSON ("state" object; every card by English name on save, any
 * language on load):
 *   phase, pstep, turn {actions, buys, coins, played, silvers, bought, extra,
 *   cost_mod, flags, run}, supply {card: count} (may be omitted: then it is
 *   whatever of each pile is not elsewhere), trash [cards], loot [cards, top
 *   first], removed (Estates out of the game), players {"0": {hand,
 *   hand_known, deck (top first), discard (top first), known_top, pub_top,
 *   turns, extra_turns, shuffles}, ...}, in_play [{card, owner, uid, by,
 *   link, flags, pend, mult}], aside [{card, owner, kind, host}], watchers
 *   [{event, owner, card, life, arg, n, fired, uid}], stack [{fx, step,
 *   player, who, card, n, x, y, immune, decision, src, verb, may, cap, only,
 *   flags, types, uid, trig, pos, c0, loc, k, z, tc, tp}], next_uid, ended,
 *   winner.
 * Players are an object keyed by seat so that a scenario's merge patch can
 * change one player without restating the others; fields added with
 * Plunder may be left out (they default to zero).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/savefmt.h"
#include "dominion.h"

/* ------------------------------------------------------------ JSON helpers */

void dom_jw_cards_counts(kt_jw *w, const dom_cfg *c, const uint8_t *cnt, int lang)
{
    kt_jw_arr(w);
    for (int i = 0; i < c->nids; i++)
        for (int k = 0; k < cnt[c->ids[i]]; k++)
            kt_jw_str(w, dom_name(c->ids[i], lang));
    kt_jw_arr_end(w);
}

void dom_jw_cards_topfirst(kt_jw *w, const uint8_t *a, int n, int lang)
{
    kt_jw_arr(w);
    for (int i = n - 1; i >= 0; i--)
        kt_jw_str(w, dom_name(a[i], lang));
    kt_jw_arr_end(w);
}

void dom_jw_card_or_null(kt_jw *w, const char *key, int id)
{
    kt_jw_key(w, key);
    if (id)
        kt_jw_str(w, dom_cards[id].en);
    else
        kt_jw_null(w);
}

/* ------------------------------------------------------------ save */

void dom_save(const kt_game *g, const kt_state *st, kt_jw *w)
{
    const dom_state *s = dom_cst(st);
    const dom_cfg *c = dom_config(g);
    kt_jw_obj(w);
    kt_jw_kstr(w, "phase", dom_phase_name(s->phase));
    kt_jw_kint(w, "pstep", s->pstep);
    kt_jw_key(w, "turn");
    kt_jw_obj(w);
    kt_jw_kint(w, "actions", s->actions);
    kt_jw_kint(w, "buys", s->buys);
    kt_jw_kint(w, "coins", s->coins);
    kt_jw_kint(w, "played", s->played);
    kt_jw_kint(w, "silvers", s->silvers);
    kt_jw_kbool(w, "bought", s->bought);
    kt_jw_kbool(w, "extra", s->extra);
    kt_jw_kint(w, "cost_mod", s->cost_mod);
    kt_jw_kint(w, "flags", s->tflags);
    kt_jw_kint(w, "run", s->run);
    kt_jw_obj_end(w);
    kt_jw_key(w, "supply");
    kt_jw_obj(w);
    for (int i = 0; i < c->npiles; i++)
        kt_jw_kint(w, dom_cards[c->piles[i]].en, s->supply[c->piles[i]]);
    kt_jw_obj_end(w);
    kt_jw_key(w, "trash");
    dom_jw_cards_counts(w, c, s->trash, KT_LANG_EN);
    kt_jw_key(w, "loot");
    dom_jw_cards_topfirst(w, s->loot, s->nloot, KT_LANG_EN);
    kt_jw_kint(w, "removed", s->removed);
    kt_jw_key(w, "players");
    kt_jw_obj(w);
    for (int p = 0; p < c->np; p++) {
        const dom_player *P = &s->pl[p];
        char k[16];
        snprintf(k, sizeof k, "%d", p);
        kt_jw_key(w, k);
        kt_jw_obj(w);
        kt_jw_key(w, "hand");
        dom_jw_cards_counts(w, c, P->hand, KT_LANG_EN);
        kt_jw_key(w, "hand_known");
        dom_jw_cards_counts(w, c, P->pubhand, KT_LANG_EN);
        kt_jw_key(w, "deck");
        dom_jw_cards_topfirst(w, P->deck, P->ndeck, KT_LANG_EN);
        kt_jw_key(w, "discard");
        dom_jw_cards_topfirst(w, P->disc, P->ndisc, KT_LANG_EN);
        kt_jw_kint(w, "known_top", P->known_top);
        kt_jw_kint(w, "pub_top", P->pub_top);
        kt_jw_kint(w, "turns", P->turns);
        kt_jw_kint(w, "extra_turns", P->xturns);
        kt_jw_kint(w, "shuffles", P->shuf);
        kt_jw_obj_end(w);
    }
    kt_jw_obj_end(w);
    kt_jw_key(w, "in_play");
    kt_jw_arr(w);
    for (int i = 0; i < s->nplay; i++) {
        const dom_inplay *e = &s->play[i];
        kt_jw_obj(w);
        kt_jw_kstr(w, "card", dom_cards[e->card].en);
        kt_jw_kint(w, "owner", e->owner);
        kt_jw_kint(w, "uid", e->uid);
        kt_jw_kint(w, "by", e->by);
        kt_jw_kint(w, "link", e->link);
        kt_jw_kint(w, "flags", e->flags);
        kt_jw_kint(w, "pend", e->pend);
        kt_jw_kint(w, "mult", e->mult);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "aside");
    kt_jw_arr(w);
    for (int i = 0; i < s->naside; i++) {
        const dom_aside *a = &s->aside[i];
        kt_jw_obj(w);
        kt_jw_kstr(w, "card", dom_cards[a->card].en);
        kt_jw_kint(w, "owner", a->owner);
        kt_jw_kstr(w, "kind", dom_aside_names[a->kind]);
        kt_jw_kint(w, "host", a->host);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "watchers");
    kt_jw_arr(w);
    for (int i = 0; i < s->nwatch; i++) {
        const dom_watch *x = &s->watch[i];
        kt_jw_obj(w);
        kt_jw_kstr(w, "event", dom_ev_names[x->ev]);
        kt_jw_kint(w, "owner", x->owner);
        kt_jw_kstr(w, "card", dom_cards[x->card].en);
        kt_jw_kstr(w, "life", dom_life_names[x->life]);
        if (x->card == DOM_FRIGATE)
            kt_jw_kint(w, "arg", x->arg); /* the players it does not affect */
        else
            dom_jw_card_or_null(w, "arg", x->arg);
        kt_jw_kint(w, "n", x->n);
        kt_jw_kint(w, "fired", x->fired);
        kt_jw_kint(w, "uid", x->uid);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "stack");
    kt_jw_arr(w);
    for (int i = 0; i < s->nstack; i++) {
        const dom_frame *f = &s->stack[i];
        kt_jw_obj(w);
        kt_jw_kstr(w, "fx", dom_fx_names[f->fx]);
        kt_jw_kint(w, "step", f->step);
        kt_jw_kint(w, "player", f->pl);
        kt_jw_kint(w, "who", f->who);
        dom_jw_card_or_null(w, "card", f->card);
        kt_jw_kint(w, "n", f->n);
        if (f->fx == DOM_FX_SHUFFLE) /* x - 1: the aside kind a look goes to */
            kt_jw_kstr(w, "x", f->x && f->x <= DOM_NASIDE ? dom_aside_names[f->x - 1] : "hand");
        else
            dom_jw_card_or_null(w, "x", f->x);
        kt_jw_kint(w, "y", f->y);
        kt_jw_kint(w, "immune", f->immune);
        kt_jw_kstr(w, "decision", dom_decision_name(f->dec));
        kt_jw_kstr(w, "src", dom_src_names[f->src]);
        kt_jw_kstr(w, "verb", dom_verb_names[f->verb]);
        kt_jw_kbool(w, "may", f->may);
        kt_jw_kint(w, "cap", f->cap);
        dom_jw_card_or_null(w, "only", f->only);
        kt_jw_kint(w, "flags", f->flags);
        kt_jw_kint(w, "types", f->tmask);
        kt_jw_kint(w, "uid", f->uid);
        kt_jw_kint(w, "trig", f->trig);
        kt_jw_kint(w, "pos", f->pos);
        kt_jw_kint(w, "c0", f->c0);
        kt_jw_kstr(w, "loc", dom_loc_names[f->loc < DOM_NLOCS ? f->loc : 0]);
        kt_jw_kint(w, "k", f->k);
        kt_jw_kint(w, "z", f->z);
        dom_jw_card_or_null(w, "tc", f->tc);
        kt_jw_kint(w, "tp", f->tp);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_kint(w, "next_uid", s->next_uid);
    kt_jw_kstr(w, "ended", dom_end_names[s->ended < 4 ? s->ended : 0]);
    kt_jw_kint(w, "winner", s->winner);
    kt_jw_obj_end(w);
}

/* ------------------------------------------------------------ load */

/* A card name in this game. */
static int jr_card(kt_jr *r, const dom_cfg *c, const kt_jv *v, int allow_null, int any_card)
{
    if (allow_null && v && v->type == KT_JNULL)
        return 0;
    if (!v || v->type != KT_JSTR)
        return kt_jr_fail(r, "expected a card name"), -1;
    int id = dom_card_find(v->s);
    if (!id)
        return kt_jr_fail(r, "unknown card '%s'", v->s), -1;
    if (!any_card && !c->total[id])
        return kt_jr_fail(r, "%s is not in this game", dom_cards[id].en), -1;
    return id;
}

static int jr_card_field(kt_jr *r, const dom_cfg *c, const kt_jv *obj, const char *key,
                         int allow_null, int any_card)
{
    const kt_jv *v = kt_jr_get(r, obj, key, -1);
    if (!v)
        return -1;
    kt_jr_push(r, key);
    int id = jr_card(r, c, v, allow_null, any_card);
    kt_jr_pop(r);
    return id;
}

/* Array of card names into counts (cnt != NULL) or an ordered list stored
 * top-first in JSON, bottom-first in `list`. */
static int jr_cards(kt_jr *r, const dom_cfg *c, const kt_jv *obj, const char *key, uint8_t *cnt,
                    uint8_t *list, int cap, int *n_out)
{
    const kt_jv *a = kt_jr_arr(r, obj, key, 0, cap);
    if (!a)
        return 0;
    kt_jr_push(r, key);
    int i = 0;
    for (const kt_jv *e = a->child; e; e = e->next, i++) {
        kt_jr_push_i(r, i);
        int id = jr_card(r, c, e, 0, 0);
        kt_jr_pop(r);
        if (id < 0) {
            kt_jr_pop(r);
            return 0;
        }
        if (cnt) {
            if (cnt[id] == 255) {
                kt_jr_fail(r, "too many copies");
                kt_jr_pop(r);
                return 0;
            }
            cnt[id]++;
        } else {
            list[a->n - 1 - i] = (uint8_t)id;
        }
    }
    kt_jr_pop(r);
    if (n_out)
        *n_out = i;
    return 1;
}

static int jr_named(kt_jr *r, const kt_jv *obj, const char *key, const char *const *names, int n,
                    int *out)
{
    const char *v = kt_jr_str(r, obj, key);
    if (!v)
        return 0;
    int i = dom_name_index(names, n, v);
    if (i < 0) {
        /* the names in a fixed buffer: a refused save allocates nothing
         * (and so cannot bypass the caller's allocator) */
        kt_jr_push(r, key);
        char list[400] = "";
        for (int k = 0; k < n; k++) {
            size_t l = strlen(list);
            snprintf(list + l, sizeof list - l, "%s%s", k ? ", " : "", names[k]);
        }
        kt_jr_fail(r, "unknown value '%s' (expected one of: %s)", v, list);
        kt_jr_pop(r);
        return 0;
    }
    *out = i;
    return 1;
}

static int jr_i(kt_jr *r, const kt_jv *obj, const char *key, long long lo, long long hi, int *out)
{
    long long x;
    if (!kt_jr_int(r, obj, key, lo, hi, &x))
        return 0;
    *out = (int)x;
    return 1;
}

/* An integer field added with Plunder: absent means 0. */
static int jr_opt(kt_jr *r, const kt_jv *obj, const char *key, long long lo, long long hi,
                  int *out)
{
    if (!kt_jv_get(obj, key)) {
        *out = 0;
        return 0 >= lo && 0 <= hi ? 1 : kt_jr_fail(r, "field '%s' is missing", key);
    }
    return jr_i(r, obj, key, lo, hi, out);
}

static int load_player(kt_jr *r, const dom_cfg *c, const kt_jv *o, dom_player *P)
{
    if (!kt_jr_only(r, o, "hand,hand_known,deck,discard,known_top,pub_top,turns,extra_turns,"
                          "shuffles"))
        return 0;
    int n, x;
    if (!jr_cards(r, c, o, "hand", P->hand, NULL, DOM_MAXC, NULL) ||
        !jr_cards(r, c, o, "hand_known", P->pubhand, NULL, DOM_MAXC, NULL))
        return 0;
    for (int id = 0; id < DOM_NIDS; id++)
        if (P->pubhand[id] > P->hand[id]) {
            kt_jr_push(r, "hand_known");
            kt_jr_fail(r, "lists %s more often than the hand holds it", dom_cards[id].en);
            kt_jr_pop(r);
            return 0;
        }
    if (!jr_cards(r, c, o, "deck", NULL, P->deck, DOM_MAXC, &n))
        return 0;
    P->ndeck = (uint16_t)n;
    if (!jr_cards(r, c, o, "discard", NULL, P->disc, DOM_MAXC, &n))
        return 0;
    P->ndisc = (uint16_t)n;
    if (!jr_i(r, o, "known_top", 0, P->ndeck, &x))
        return 0;
    P->known_top = (uint16_t)x;
    if (!jr_i(r, o, "pub_top", 0, P->known_top, &x))
        return 0;
    P->pub_top = (uint16_t)x;
    if (!jr_i(r, o, "turns", 0, 65535, &x))
        return 0;
    P->turns = (uint16_t)x;
    if (!jr_i(r, o, "extra_turns", 0, 65535, &x))
        return 0;
    P->xturns = (uint16_t)x;
    if (!jr_opt(r, o, "shuffles", 0, 65535, &x))
        return 0;
    P->shuf = (uint16_t)x;
    return 1;
}

/* A shuffle frame's x: where the cards drawn after the shuffle go, "hand"
 * (a draw) or an aside kind (a look).  Older saves wrote it as the card
 * with id kind + 1 (null for a draw); those still load. */
static int jr_shuffle_x(kt_jr *r, const kt_jv *o, int *out)
{
    const kt_jv *v = kt_jr_get(r, o, "x", -1);
    if (!v)
        return 0;
    kt_jr_push(r, "x");
    int ok = 1;
    if (v->type == KT_JNULL) {
        *out = 0;
    } else if (v->type != KT_JSTR) {
        ok = kt_jr_fail(r, "expected \"hand\" or an aside kind");
    } else if (!strcmp(v->s, "hand")) {
        *out = 0;
    } else {
        int k = dom_name_index(dom_aside_names, DOM_NASIDE, v->s), id = dom_card_find(v->s);
        if (k >= 0)
            *out = k + 1;
        else if (id > 0 && id <= DOM_NASIDE)
            *out = id;
        else
            ok = kt_jr_fail(r, "expected \"hand\" or an aside kind (look, kept, ...)");
    }
    kt_jr_pop(r);
    return ok;
}

static int load_frame(kt_jr *r, const dom_cfg *c, const kt_jv *o, dom_frame *f)
{
    if (!kt_jr_only(r, o, "fx,step,player,who,card,n,x,y,immune,decision,src,verb,may,cap,only,"
                          "flags,types,uid,trig,pos,c0,loc,k,z,tc,tp"))
        return 0;
    int v;
    if (!jr_named(r, o, "fx", dom_fx_names, DOM_NFX, &v))
        return 0;
    f->fx = (uint8_t)v;
    if (!jr_i(r, o, "step", 0, 255, &v))
        return 0;
    f->step = (uint8_t)v;
    if (!jr_i(r, o, "player", 0, c->np - 1, &v))
        return 0;
    f->pl = (int8_t)v;
    if (!jr_i(r, o, "who", 0, c->np - 1, &v))
        return 0;
    f->who = (int8_t)v;
    if ((v = jr_card_field(r, c, o, "card", 1, 1)) < 0)
        return 0;
    f->card = (uint8_t)v;
    if (!jr_i(r, o, "n", 0, 255, &v))
        return 0;
    f->n = (uint8_t)v;
    if (f->fx == DOM_FX_SHUFFLE) {
        if (!jr_shuffle_x(r, o, &v))
            return 0;
    } else if ((v = jr_card_field(r, c, o, "x", 1, 1)) < 0) {
        return 0;
    }
    f->x = (uint8_t)v;
    if (!jr_i(r, o, "y", 0, 255, &v))
        return 0;
    f->y = (uint8_t)v;
    if (!jr_i(r, o, "immune", 0, (1 << c->np) - 1, &v))
        return 0;
    f->immune = (uint8_t)v;
    int dv;
    const char *nm[DOM_NDECISIONS]; /* decision names live in game.c */
    for (int i = 0; i < DOM_NDECISIONS; i++)
        nm[i] = dom_decision_name(i);
    if (!jr_named(r, o, "decision", nm, DOM_NDECISIONS, &dv))
        return 0;
    f->dec = (uint8_t)dv;
    if (!jr_named(r, o, "src", dom_src_names, DOM_NSRC, &v))
        return 0;
    f->src = (uint8_t)v;
    if (!jr_named(r, o, "verb", dom_verb_names, DOM_NVERBS, &v))
        return 0;
    f->verb = (uint8_t)v;
    int b;
    if (!kt_jr_bool(r, o, "may", &b))
        return 0;
    f->may = (uint8_t)b;
    if (!jr_i(r, o, "cap", 0, 255, &v))
        return 0;
    f->cap = (uint8_t)v;
    if ((v = jr_card_field(r, c, o, "only", 1, 1)) < 0)
        return 0;
    f->only = (uint8_t)v;
    if (!jr_i(r, o, "flags", 0, 255, &v))
        return 0;
    f->flags = (uint8_t)v;
    if (!jr_i(r, o, "types", 0, 2047, &v))
        return 0;
    f->tmask = (uint16_t)v;
    if (!jr_i(r, o, "uid", 0, 65535, &v))
        return 0;
    f->uid = (uint16_t)v;
    if (!jr_opt(r, o, "trig", 0, 65535, &v))
        return 0;
    f->trig = (uint16_t)v;
    if (!jr_opt(r, o, "pos", 0, 65535, &v))
        return 0;
    f->pos = (uint16_t)v;
    if (!jr_opt(r, o, "c0", 0, 65535, &v))
        return 0;
    f->c0 = (uint16_t)v;
    if (kt_jv_get(o, "loc")) {
        if (!jr_named(r, o, "loc", dom_loc_names, DOM_NLOCS, &v))
            return 0;
        f->loc = (uint8_t)v;
    }
    if (!jr_opt(r, o, "k", 0, 255, &v))
        return 0;
    f->k = (uint8_t)v;
    if (!jr_opt(r, o, "z", 0, 255, &v))
        return 0;
    f->z = (uint8_t)v;
    if (kt_jv_get(o, "tc")) {
        if ((v = jr_card_field(r, c, o, "tc", 1, 1)) < 0)
            return 0;
        f->tc = (uint8_t)v;
    }
    if (!jr_opt(r, o, "tp", 0, c->np - 1, &v))
        return 0;
    f->tp = (uint8_t)v;
    return 1;
}

/* Element loaders for kt_jr_each: the state's arrays of records. */
typedef struct dom_loadctx {
    const dom_cfg *c;
    dom_state *s;
} dom_loadctx;

/* Seat p of the "players" object (kt_saved_players). */
static int load_seat(kt_jr *r, const kt_jv *o, int p, void *ctx)
{
    dom_loadctx *lc = ctx;
    return load_player(r, lc->c, o, &lc->s->pl[p]);
}

static int load_inplay(kt_jr *r, const kt_jv *e, int i, void *ctx)
{
    const dom_cfg *c = ((dom_loadctx *)ctx)->c;
    dom_inplay *x = &((dom_loadctx *)ctx)->s->play[i];
    int v, ok = kt_jr_only(r, e, "card,owner,uid,by,link,flags,pend,mult");
    if (ok && (ok = (v = jr_card_field(r, c, e, "card", 0, 0)) >= 0))
        x->card = (uint8_t)v;
    if (ok && (ok = jr_i(r, e, "owner", 0, c->np - 1, &v)))
        x->owner = (int8_t)v;
    if (ok && (ok = jr_i(r, e, "uid", 1, 65535, &v)))
        x->uid = (uint16_t)v;
    if (ok && (ok = jr_i(r, e, "by", 0, 65535, &v)))
        x->by = (uint16_t)v;
    if (ok && (ok = jr_opt(r, e, "link", 0, 65535, &v)))
        x->link = (uint16_t)v;
    if (ok && (ok = jr_i(r, e, "flags", 0, DOM_IP_FLAGS, &v)))
        x->flags = (uint8_t)v;
    if (ok && (ok = jr_i(r, e, "pend", 0, 255, &v)))
        x->pend = (uint8_t)v;
    if (ok && (ok = jr_opt(r, e, "mult", 0, 255, &v)))
        x->mult = (uint8_t)v;
    return ok;
}

static int load_aside(kt_jr *r, const kt_jv *e, int i, void *ctx)
{
    const dom_cfg *c = ((dom_loadctx *)ctx)->c;
    dom_aside *x = &((dom_loadctx *)ctx)->s->aside[i];
    int v, ok = kt_jr_only(r, e, "card,owner,kind,host");
    if (ok && (ok = (v = jr_card_field(r, c, e, "card", 0, 0)) >= 0))
        x->card = (uint8_t)v;
    if (ok && (ok = jr_i(r, e, "owner", 0, c->np - 1, &v)))
        x->owner = (int8_t)v;
    if (ok && (ok = jr_named(r, e, "kind", dom_aside_names, DOM_NASIDE, &v)))
        x->kind = (uint8_t)v;
    if (ok && (ok = jr_i(r, e, "host", 0, 65535, &v)))
        x->host = (uint16_t)v;
    return ok;
}

static int load_watch(kt_jr *r, const kt_jv *e, int i, void *ctx)
{
    const dom_cfg *c = ((dom_loadctx *)ctx)->c;
    dom_watch *x = &((dom_loadctx *)ctx)->s->watch[i];
    int v, ok = kt_jr_only(r, e, "event,owner,card,life,arg,n,fired,uid");
    if (ok && (ok = jr_named(r, e, "event", dom_ev_names, DOM_NEVENTS, &v)))
        x->ev = (uint8_t)v;
    if (ok && (ok = jr_i(r, e, "owner", 0, c->np - 1, &v)))
        x->owner = (int8_t)v;
    if (ok && (ok = (v = jr_card_field(r, c, e, "card", 0, 1)) >= 0))
        x->card = (uint8_t)v;
    if (ok && (ok = jr_named(r, e, "life", dom_life_names, DOM_NLIVES, &v)))
        x->life = (uint8_t)v;
    /* arg is a number or a card name, depending on the watcher */
    const kt_jv *av = kt_jv_get(e, "arg");
    if (ok && av && av->type == KT_JNUM) {
        if ((ok = jr_i(r, e, "arg", 0, 255, &v)))
            x->arg = (uint8_t)v;
    } else if (ok && (ok = (v = jr_card_field(r, c, e, "arg", 1, 1)) >= 0)) {
        x->arg = (uint8_t)v;
    }
    if (ok && (ok = jr_i(r, e, "n", 1, 255, &v)))
        x->n = (uint8_t)v;
    if (ok && (ok = jr_opt(r, e, "fired", 0, DOM_STACK, &v)))
        x->fired = (uint8_t)v;
    if (ok && (ok = jr_i(r, e, "uid", 0, 65535, &v)))
        x->uid = (uint16_t)v;
    return ok;
}

static int load_stack(kt_jr *r, const kt_jv *e, int i, void *ctx)
{
    return load_frame(r, ((dom_loadctx *)ctx)->c, e, &((dom_loadctx *)ctx)->s->stack[i]);
}

/* The "turn" object: actions, buys, coins and the other counters of the turn. */
static int load_turn(const kt_jv *o, kt_jr *r, dom_state *s)
{
    int v, b;
    const kt_jv *t = kt_jr_get(r, o, "turn", KT_JOBJ);
    if (!t)
        return 0;
    kt_jr_push(r, "turn");
    int ok = kt_jr_only(r, t, "actions,buys,coins,played,silvers,bought,extra,cost_mod,flags,run");
    if (ok && (ok = jr_i(r, t, "actions", 0, 65535, &v)))
        s->actions = (uint16_t)v;
    if (ok && (ok = jr_i(r, t, "buys", 0, 65535, &v)))
        s->buys = (uint16_t)v;
    if (ok && (ok = jr_i(r, t, "coins", 0, 65535, &v)))
        s->coins = (uint16_t)v;
    if (ok && (ok = jr_i(r, t, "played", 0, 65535, &v)))
        s->played = (uint16_t)v;
    if (ok && (ok = jr_i(r, t, "silvers", 0, 65535, &v)))
        s->silvers = (uint16_t)v;
    if (ok && (ok = kt_jr_bool(r, t, "bought", &b)))
        s->bought = (uint8_t)b;
    if (ok && (ok = kt_jr_bool(r, t, "extra", &b)))
        s->extra = (uint8_t)b;
    if (ok && (ok = jr_i(r, t, "cost_mod", -20, 20, &v)))
        s->cost_mod = (int16_t)v;
    if (ok && (ok = jr_opt(r, t, "flags", 0, DOM_TF_ALL, &v)))
        s->tflags = (uint16_t)v;
    if (ok && (ok = jr_opt(r, t, "run", 0, 255, &v)))
        s->run = (uint8_t)v;
    kt_jr_pop(r);
    if (!ok)
        return 0;
    return 1;
}

/* The supply, read last: when omitted it is what is left of each pile after the cards elsewhere. */
static int load_supply(const kt_jv *o, kt_jr *r, dom_state *s, const dom_cfg *c)
{
    /* supply last: when omitted it is what is left of each pile */
    const kt_jv *sup = kt_jv_get(o, "supply");
    int elsewhere[DOM_NIDS];
    memset(elsewhere, 0, sizeof elsewhere);
    for (int id = 0; id < DOM_NIDS; id++)
        elsewhere[id] = s->trash[id];
    elsewhere[DOM_ESTATE] += s->removed;
    for (int k = 0; k < s->nloot; k++)
        elsewhere[s->loot[k]]++;
    for (int p = 0; p < c->np; p++) {
        const dom_player *P = &s->pl[p];
        for (int id = 0; id < DOM_NIDS; id++)
            elsewhere[id] += P->hand[id];
        for (int k = 0; k < P->ndeck; k++)
            elsewhere[P->deck[k]]++;
        for (int k = 0; k < P->ndisc; k++)
            elsewhere[P->disc[k]]++;
    }
    for (int k = 0; k < s->nplay; k++)
        elsewhere[s->play[k].card]++;
    for (int k = 0; k < s->naside; k++)
        elsewhere[s->aside[k].card]++;
    if (!sup || sup->type == KT_JNULL) {
        for (int k = 0; k < c->npiles; k++) {
            int id = c->piles[k];
            int left = c->total[id] - elsewhere[id];
            if (left < 0 || left > 255) {
                kt_jr_push(r, "supply");
                kt_jr_fail(r, "%d %s placed outside the Supply, the game has only %d", elsewhere[id],
                           dom_cards[id].en, c->total[id]);
                kt_jr_pop(r);
                return 0;
            }
            s->supply[id] = (uint8_t)left;
        }
    } else {
        if (sup->type != KT_JOBJ) {
            kt_jr_push(r, "supply");
            kt_jr_fail(r, "expected an object of card: count (or null)");
            kt_jr_pop(r);
            return 0;
        }
        kt_jr_push(r, "supply");
        for (const kt_jv *e = sup->child; e; e = e->next) {
            int id = dom_card_find(e->key);
            kt_jr_push(r, e->key);
            if (!id || !c->in_supply[id]) {
                kt_jr_fail(r, "not a Supply pile of this game");
                kt_jr_pop(r);
                kt_jr_pop(r);
                return 0;
            }
            long long x;
            if (!kt_jr_int_val(r, e, 0, 255, &x)) {
                kt_jr_pop(r);
                kt_jr_pop(r);
                return 0;
            }
            s->supply[id] = (uint8_t)x;
            kt_jr_pop(r);
        }
        for (int k = 0; k < c->npiles; k++) {
            int id = c->piles[k];
            if (!kt_jv_get(sup, dom_cards[id].en) && s->supply[id] == 0) {
                /* a pile may also be named in German; only complain if absent */
                int named = 0;
                for (const kt_jv *e = sup->child; e; e = e->next)
                    named |= dom_card_find(e->key) == id;
                if (!named) {
                    kt_jr_fail(r, "the %s pile is missing", dom_cards[id].en);
                    kt_jr_pop(r);
                    return 0;
                }
            }
        }
        kt_jr_pop(r);
    }
    return 1;
}

int dom_load(const kt_game *g, const kt_jv *o, kt_state *st, kt_jr *r)
{
    dom_state *s = dom_st(st);
    const dom_cfg *c = dom_config(g);
    if (!kt_jr_only(r, o, "phase,pstep,turn,supply,trash,loot,removed,players,in_play,aside,"
                          "watchers,stack,next_uid,ended,winner"))
        return 0;
    int v;
    if (!jr_named(r, o, "phase", dom_phase_names, DOM_NPHASES, &v))
        return 0;
    s->phase = (uint8_t)v;
    if (!jr_opt(r, o, "pstep", 0, 2, &v))
        return 0;
    s->pstep = (uint8_t)v;
    if (!jr_opt(r, o, "removed", 0, 4 * DOM_MAXP, &v))
        return 0;
    s->removed = (uint8_t)v;
    if (!load_turn(o, r, s))
        return 0;

    if (!jr_cards(r, c, o, "trash", s->trash, NULL, DOM_MAXC, NULL))
        return 0;
    int n;
    if (!jr_cards(r, c, o, "loot", NULL, s->loot, DOM_LOOTS, &n))
        return 0;
    s->nloot = (uint8_t)n;

    dom_loadctx lc = {c, s};
    if (!kt_saved_players(r, o, c->np, load_seat, &lc))
        return 0;

    if ((n = kt_jr_each(r, o, "in_play", DOM_MAXC, load_inplay, &lc)) < 0)
        return 0;
    s->nplay = (uint16_t)n;
    if ((n = kt_jr_each(r, o, "aside", DOM_MAXC, load_aside, &lc)) < 0)
        return 0;
    s->naside = (uint16_t)n;
    if ((n = kt_jr_each(r, o, "watchers", DOM_WATCH, load_watch, &lc)) < 0)
        return 0;
    s->nwatch = (uint8_t)n;
    if ((n = kt_jr_each(r, o, "stack", DOM_STACK, load_stack, &lc)) < 0)
        return 0;
    s->nstack = (uint8_t)n;

    if (!jr_i(r, o, "next_uid", 0, 65535, &v))
        return 0;
    s->next_uid = (uint16_t)v;
    if (!jr_named(r, o, "ended", dom_end_names, 4, &v))
        return 0;
    s->ended = (uint8_t)v;
    if (!jr_i(r, o, "winner", -1, c->np - 1, &v))
        return 0;
    s->winner = (int8_t)v;

    if (!load_supply(o, r, s, c))
        return 0;
    dom_derive(g, s);
    return !r->failed;
}
