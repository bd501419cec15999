/*
 * view.c - what one player of Fugger, Welser, Medici (or a spectator) sees,
 * as JSON (gamedef.observe): what everybody sees plus the viewer's own bid
 * in progress; other players' bids show only whether they are in, and the
 * draw deck, the reserve and the box show only their sizes.  The parts a
 * table draws from are added by view_table.c.
 */
#include <stdio.h>
#include <string.h>

#include "rules.h"

void fwm_observe(const kt_game *g, const kt_state *st, int player, int lang, kt_jw *w)
{
    const fwm_cfg *c = fwm_config(g);
    const fwm_state *s = (const fwm_state *)st;
    int np = g->nplayers;
    kt_jw_kstr(w, "mode", fwm_mode_name(c->mode));
    kt_jw_kstr(w, "stage", fwm_decision_name(s->stage));
    int cal = fwm_cal_at(c, s->round);
    kt_jw_kint(w, "round", s->round + 1);
    kt_jw_kstr(w, "calendar", lang == KT_LANG_DE ? c->cal[cal].de : c->cal[cal].en);
    kt_jw_kint(w, "year", (c->cal_start + s->round) / c->ncal + 1);
    kt_jw_kint(w, "start_player", s->start);
    kt_jw_kint(w, "deck", s->ndeck);
    int res = 0;
    for (int i = 0; i < c->ncard; i++)
        res += s->where[i] == W_RESERVE;
    kt_jw_kint(w, "reserve", res);
    kt_jw_kint(w, "boom", s->boom);
    fwm_w_card(w, c, "blockade", s->blockade == FWM_NONE ? -1 : s->blockade);
    fwm_w_card(w, c, "fair", s->fair == FWM_NONE ? -1 : s->fair);
    kt_jw_kint(w, "sheep", s->sheep);
    kt_jw_kint(w, "corruption", s->corrupt);
    kt_jw_kint(w, "reckoning_trick", s->trick);
    kt_jw_kint(w, "manor_first", s->manor_first);
    fwm_w_areas(w, c, "robbers", s->robarea);
    fwm_w_open(w, c, s);
    kt_jw_key(w, "players_view");
    kt_jw_arr(w);
    for (int p = 0; p < np; p++) {
        const fwm_player *pl = &s->pl[p];
        kt_jw_obj(w);
        kt_jw_kint(w, "id", p);
        kt_jw_kint(w, "money", pl->money);
        fwm_w_goods(w, "warehouse", pl->ware);
        fwm_w_pos(w, c, "home", pl->home == FWM_NONE ? 253 : pl->home);
        kt_jw_key(w, "merchants");
        kt_jw_arr(w);
        for (int k = 0; k < FWM_NM; k++) {
            kt_jw_obj(w);
            kt_jw_kint(w, "id", k);
            fwm_w_pos(w, c, "at", pl->m[k].pos);
            /* the space's map id; -1 in reserve, -2 lost at sea */
            kt_jw_kint(w, "space", pl->m[k].pos < c->nsp ? pl->m[k].pos
                                   : pl->m[k].pos == FWM_LOST ? -2 : -1);
            fwm_w_goods(w, "cargo", pl->m[k].cargo);
            kt_jw_kint(w, "queue", pl->m[k].stamp);
            kt_jw_obj_end(w);
        }
        kt_jw_arr_end(w);
        kt_jw_kint(w, "home_space", pl->home < c->nsp ? pl->home : -1);
        kt_jw_kint(w, "track", pl->track);
        kt_jw_kbool(w, "noble", pl->noble);
        kt_jw_kint(w, "ious", pl->ious);
        kt_jw_kint(w, "manors", pl->manors);
        fwm_w_areas(w, c, "cubes", pl->cubes);
        if (s->stage == FS_BID && (((unsigned)s->auc.ent >> p) & 1u)) {
            kt_jw_kbool(w, "has_bid", (s->auc.done >> p) & 1u);
            if (p == player) {
                kt_jw_kint(w, "bid_stage", pl->bstage);
                kt_jw_kint(w, "bid_qty", pl->bqty);
                kt_jw_kint(w, "bid_price", pl->bprice);
            }
        }
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    if (s->stage == FS_TRADE || s->stage == FS_COMPOSE || s->stage == FS_PRICE ||
        s->stage == FS_REPLY)
        fwm_w_offer(w, c, s, np, player == s->of_from && s->stage != FS_TRADE);
    if (s->stage == FS_BID || s->stage == FS_NOBLE || s->stage == FS_FORCE) {
        const fwm_auc *u = &s->auc;
        kt_jw_key(w, "auction");
        kt_jw_obj(w);
        kt_jw_kstr(w, "kind", fwm_auc_names[u->kind < 8 ? u->kind : 0]);
        fwm_w_card(w, c, "card", u->card);
        kt_jw_kint(w, "deal", u->card);
        kt_jw_kstr(w, "good", fwm_good_name(u->good, lang));
        kt_jw_kint(w, "good_id", u->good);
        fwm_w_u8s(w, "qmax", u->qmax, np);
        kt_jw_kint(w, "quantity", u->qtot);
        kt_jw_kint(w, "lo", u->lo);
        kt_jw_kint(w, "hi", u->hi);
        fwm_w_players(w, "entitled", u->ent, np);
        fwm_w_players(w, "handed_in", u->done, np);
        kt_jw_obj_end(w);
    }
    fwm_observe_table(g, st, lang, w);
}
