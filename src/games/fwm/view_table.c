/*
 * view_table.c - Fugger, Welser, Medici: the parts of the observation JSON a
 * table draws from (added to fwm_observe in view.c).  Everything here is
 * public: the board (fixed by the configuration), the open deals' printed
 * contents, the planned move everybody watches being laid out, and the
 * bids of the last auction once revealed.
 *
 * Layout (ids are the indices targets.c uses, see docs/targets.md):
 *   map {goods [{id, key, name}], areas [{id, key, name, sea}],
 *        spaces [{id, code, name, kind town|road|bridge|sea, area, toll,
 *                 tax, home}], routes [{id, a, b, via [ids]}],
 *        calendar [{id, key, name, short, winter, fair, payday, rent}]}
 *   cal_index, winter, phase_label
 *   deals [{deal, card, type, level, town, plus, urgent, after, event,
 *           area, title, demand [{good, qty, bound}], supply [...], min,
 *           rent, due_in, due_cal}] in the order of "open"
 *   plan {merchant, path [ids], cost}   while a move is being planned
 *   last_auction {deal, kind, good, lo, hi, quantity, info {the deal as
 *                 in deals}, bids [{player, qty, price, got}]}
 *                                       after a reveal, until the next
 */
#include <string.h>

#include "rules.h"

static const char *const kind_keys[4] = {"town", "road", "bridge", "sea"};
static const char *const type_keys[CT_NTYPES] = {"demand", "supply", "noble", "fair",
                                                 "manor", "event"};
static const char *const auc_keys[8] = {"none", "demand", "supply", "iou", "trick",
                                        "fuggerei", "corruption", "manor"};
static const char *const good_keys[FWM_NG] = {"cloth", "spice", "metal"};

static void w_board(kt_jw *w, const fwm_cfg *c, int lang)
{
    int de = lang == KT_LANG_DE;
    kt_jw_key(w, "goods");
    kt_jw_arr(w);
    for (int g = 0; g < FWM_NG; g++) {
        kt_jw_obj(w);
        kt_jw_kint(w, "id", g);
        kt_jw_kstr(w, "key", good_keys[g]);
        kt_jw_kstr(w, "name", fwm_good_name(g, lang));
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "areas");
    kt_jw_arr(w);
    for (int a = 0; a < c->narea; a++) {
        kt_jw_obj(w);
        kt_jw_kint(w, "id", a);
        kt_jw_kstr(w, "key", c->area[a].key);
        kt_jw_kstr(w, "name", fwm_area_name(c, a, lang));
        kt_jw_kbool(w, "sea", c->area[a].sea);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "spaces");
    kt_jw_arr(w);
    for (int i = 0; i < c->nsp; i++) {
        const fwm_space *sp = &c->sp[i];
        kt_jw_obj(w);
        kt_jw_kint(w, "id", i);
        kt_jw_kstr(w, "code", sp->code);
        kt_jw_kstr(w, "name", fwm_sp_name(c, i, lang));
        kt_jw_kstr(w, "kind", kind_keys[sp->kind < 4 ? sp->kind : 0]);
        kt_jw_kint(w, "area", sp->area);
        kt_jw_kbool(w, "toll", sp->toll);
        kt_jw_kint(w, "tax", sp->tax);
        kt_jw_kbool(w, "blockade", sp->blockade);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "routes");
    kt_jw_arr(w);
    for (int r = 0; r < c->nroute; r++) {
        kt_jw_obj(w);
        kt_jw_kint(w, "id", r);
        kt_jw_kint(w, "a", c->route_a[r]);
        kt_jw_kint(w, "b", c->route_b[r]);
        kt_jw_key(w, "via");
        kt_jw_u8s(w, c->route_via[r], c->route_n[r]);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "calendar");
    kt_jw_arr(w);
    for (int i = 0; i < c->ncal; i++) {
        const fwm_cal *k = &c->cal[i];
        kt_jw_obj(w);
        kt_jw_kint(w, "id", i);
        kt_jw_kstr(w, "key", k->key);
        kt_jw_kstr(w, "name", de ? k->de : k->en);
        kt_jw_kstr(w, "short", de ? k->sde : k->sen);
        kt_jw_kbool(w, "winter", k->winter);
        kt_jw_kbool(w, "fair", i == c->cal_fair);
        kt_jw_kbool(w, "payday", i == c->cal_payday);
        kt_jw_kbool(w, "rent", i == c->cal_rent);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
}

static void w_lines(kt_jw *w, const char *key, const fwm_card *cd, int from, int n)
{
    kt_jw_key(w, key);
    kt_jw_arr(w);
    for (int i = from; i < from + n && i < 2 * FWM_MAXLINES; i++) {
        kt_jw_obj(w);
        kt_jw_kint(w, "good", cd->line[i].good);
        kt_jw_kint(w, "qty", cd->line[i].qty);
        kt_jw_kint(w, "bound", cd->line[i].bound);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
}

/* One card's printed contents (public once it lies open). */
static void w_deal(kt_jw *w, const fwm_cfg *c, int card, int lang)
{
    const fwm_card *cd = &c->card[card];
    kt_jw_kint(w, "deal", card);
    kt_jw_kstr(w, "card", cd->id);
    kt_jw_kstr(w, "type", type_keys[cd->type < CT_NTYPES ? cd->type : 0]);
    kt_jw_kint(w, "level", cd->level);
    kt_jw_kint(w, "town", cd->town == FWM_NONE ? -1 : cd->town);
    kt_jw_kint(w, "plus", cd->plus);
    kt_jw_kbool(w, "urgent", cd->urgent);
    kt_jw_kstr(w, "after", cd->after == AF_RESERVE ? "reserve" : cd->after == AF_KEEP ? "keep"
                                                                                     : "remove");
    kt_jw_kstr(w, "event", cd->type == CT_EVENT ? fwm_event_name(cd->event, lang) : "");
    kt_jw_kint(w, "area", cd->area == FWM_NONE ? -1 : cd->area);
    kt_buf t;
    kt_buf_init_alloc(&t, w->b->a);
    fwm_card_title(c, card, lang, &t);
    kt_jw_kstr(w, "title", t.p ? t.p : "");
    kt_buf_free(&t);
    int nd = 0, ns = 0, sfrom = 0;
    switch (cd->type) {
    case CT_DEMAND:
    case CT_NOBLE: nd = cd->nlines; break;
    case CT_SUPPLY:
    case CT_EVENT: ns = cd->nlines; break; /* events: the Discovery of America's goods */
    case CT_FAIR: nd = cd->nlines, ns = cd->nlines2, sfrom = cd->nlines; break;
    default: break;
    }
    w_lines(w, "demand", cd, 0, nd);
    w_lines(w, "supply", cd, sfrom, ns);
    kt_jw_kint(w, "min", cd->min);
    kt_jw_kint(w, "rent", cd->rent);
}

static void w_deals(kt_jw *w, const fwm_cfg *c, const fwm_state *s, int lang)
{
    kt_jw_key(w, "deals");
    kt_jw_arr(w);
    for (int i = 0; i < s->nopen; i++) {
        if (s->open[i].card >= c->ncard)
            continue;
        kt_jw_obj(w);
        w_deal(w, c, s->open[i].card, lang);
        kt_jw_kint(w, "due_in", (int)s->open[i].due - (int)s->round);
        kt_jw_kint(w, "due_cal", fwm_cal_at(c, s->open[i].due));
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    if (s->fair != FWM_NONE && s->fair < c->ncard) {
        kt_jw_key(w, "fair_deal");
        kt_jw_obj(w);
        w_deal(w, c, s->fair, lang);
        kt_jw_obj_end(w);
    }
}

static void w_plan(kt_jw *w, const kt_game *g, const fwm_state *s)
{
    if (s->stage != FS_MOVE || !s->mv_len || s->mv_merch >= FWM_NM)
        return;
    int p = s->h.to_move;
    kt_jw_key(w, "plan");
    kt_jw_obj(w);
    kt_jw_kint(w, "player", p);
    kt_jw_kint(w, "merchant", s->mv_merch);
    kt_jw_key(w, "path");
    kt_jw_u8s(w, s->mv_path, s->mv_len < 3 ? s->mv_len : 3);
    kt_jw_kint(w, "cost", fwm_path_cost(g, s, p, s->mv_merch, s->mv_path, s->mv_len));
    kt_jw_obj_end(w);
}

/* The last auction's bids once revealed (public: the reveal shows them). */
static void w_last(kt_jw *w, const kt_game *g, const fwm_state *s, int lang)
{
    const fwm_cfg *c = fwm_config(g);
    const fwm_auc *u = &s->auc;
    if (u->kind == AK_NONE || u->kind > AK_MANOR || s->stage == FS_BID)
        return;
    kt_jw_key(w, "last_auction");
    kt_jw_obj(w);
    kt_jw_kint(w, "deal", u->card);
    kt_jw_kstr(w, "kind", auc_keys[u->kind]);
    kt_jw_kint(w, "good", u->good);
    kt_jw_kint(w, "lo", u->lo);
    kt_jw_kint(w, "hi", u->hi);
    kt_jw_kint(w, "quantity", u->qtot);
    if (u->card < c->ncard) {
        kt_jw_key(w, "info");
        kt_jw_obj(w);
        w_deal(w, c, u->card, lang);
        kt_jw_obj_end(w);
    }
    kt_jw_key(w, "bids");
    kt_jw_arr(w);
    for (int p = 0; p < g->nplayers; p++) {
        if (!(((unsigned)u->ent >> p) & 1u))
            continue;
        kt_jw_obj(w);
        kt_jw_kint(w, "player", p);
        kt_jw_kint(w, "qty", u->qty[p]);
        kt_jw_kint(w, "price", u->price[p]);
        kt_jw_kint(w, "got", u->got[p]);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_obj_end(w);
}

void fwm_observe_table(const kt_game *g, const kt_state *st, int lang, kt_jw *w)
{
    const fwm_cfg *c = fwm_config(g);
    const fwm_state *s = (const fwm_state *)st;
    const char *pl = fwm_decision_label(s->stage, lang);
    kt_jw_kstr(w, "phase_label", pl ? pl : "");
    int cal = fwm_cal_at(c, s->round);
    kt_jw_kint(w, "cal_index", cal);
    kt_jw_kbool(w, "winter", fwm_winter(c, s->round));
    kt_jw_key(w, "map");
    kt_jw_obj(w);
    w_board(w, c, lang);
    kt_jw_obj_end(w);
    w_deals(w, c, s, lang);
    w_plan(w, g, s);
    w_last(w, g, s, lang);
}
