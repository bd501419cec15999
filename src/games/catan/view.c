/*
 * view.c - what one player (or a spectator) of Catan sees, as JSON
 * (gamedef.observe): the board, the public counts of every player, the
 * viewer's own hand and progress cards, the pending decision, and the ids
 * that action targets use.  Hidden: other players' hands (sizes only) and
 * progress cards (count only), the decks' order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan.h"

/* The ids that action targets use (targets.c): vertices (with the hexes
 * each touches, for "which hexes does this spot touch"), edges as vertex
 * pairs, the robber's and the merchant's hex as numbers, the event die's
 * face by name, and the catalogues of goods, tracks and development cards
 * whose index is a target's id (progress card ids are those of
 * "my_progress_ids": listing every card's name here would put names in
 * every observation that the hidden-information tests look for). */
static void write_ids(const cat_state *s, kt_jw *w)
{
    static const char *const ev_key[5] = {"none", "ship", "trade", "politics", "science"};
    kt_jw_kint(w, "robber_hex", s->robber);
    kt_jw_kint(w, "merchant_hex", s->merchant);
    kt_jw_kstr(w, "event_die", ev_key[s->dice[2] < 5 ? s->dice[2] : 0]);
    kt_jw_key(w, "vertex_hexes");
    kt_jw_arr(w);
    for (int v = 0; v < CAT_NV; v++) {
        kt_jw_arr(w);
        for (int i = 0; i < 3; i++)
            if (cat_v_hex[v][i] >= 0)
                kt_jw_int(w, cat_v_hex[v][i]);
        kt_jw_arr_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "edges");
    kt_jw_arr(w);
    for (int e = 0; e < CAT_NE; e++)
        kt_jw_u8s(w, cat_e_v[e], 2);
    kt_jw_arr_end(w);
    kt_jw_key(w, "catalog");
    kt_jw_obj(w);
    kt_jw_key(w, "goods");
    kt_jw_arr(w);
    for (int k = 0; k < CAT_NKIND; k++)
        kt_jw_str(w, cat_kind_key[k]);
    kt_jw_arr_end(w);
    kt_jw_key(w, "tracks");
    kt_jw_arr(w);
    for (int t = 0; t < 3; t++)
        kt_jw_str(w, cat_track_key[t]);
    kt_jw_arr_end(w);
    kt_jw_key(w, "dev");
    kt_jw_arr(w);
    for (int d = 0; d < CAT_NDEV; d++)
        kt_jw_str(w, cat_devcards[d].key);
    kt_jw_arr_end(w);
    kt_jw_obj_end(w);
}

void cat_observe(const kt_game *g, const kt_state *ks, int player, int lang, kt_jw *w)
{
    const cat_state *s = (const cat_state *)ks;
    const cat_cfg *cf = cat_config(g);
    kt_jw_kstr(w, "variant", cf->ck ? "ck" : "base");
    kt_jw_kint(w, "vp_target", cf->vp_target);
    cat_write_board(s, w);
    write_ids(s, w);
    kt_jw_key(w, "bank");
    cat_write_hand(w, s->bank);
    kt_jw_key(w, "decks");
    kt_jw_obj(w);
    for (int c = 0; c < 3; c++)
        kt_jw_kint(w, cat_track_key[c], s->deck_n[c]);
    kt_jw_obj_end(w);
    kt_jw_kint(w, "dev_deck", s->devdeck_n);
    kt_jw_key(w, "boards"); /* "players" is the core's player count */
    kt_jw_arr(w);
    for (int p = 0; p < cat_np(g); p++) {
        const cat_player *pl = &s->pl[p];
        kt_jw_obj(w);
        kt_jw_kint(w, "vp", cat_vp_public(g, s, p));
        kt_jw_kint(w, "cards", pl->ncards);
        kt_jw_key(w, "progress");
        kt_jw_obj(w);
        int byc[3] = {0};
        for (int i = 0; i < pl->nprog; i++)
            byc[cat_progress[pl->prog[i]].colour]++;
        for (int c = 0; c < 3; c++)
            kt_jw_kint(w, cat_track_key[c], byc[c]);
        kt_jw_obj_end(w);
        if (p != player && player >= 0) {
            /* cards of this hand the viewer has seen (Spy) */
            kt_jw_key(w, "progress_seen");
            kt_jw_arr(w);
            for (int i = 0; i < pl->nprog; i++)
                if (pl->prog_known[i] >> player & 1)
                    kt_jw_str(w, cat_progress[pl->prog[i]].key);
            kt_jw_arr_end(w);
        }
        kt_jw_key(w, "vp_cards");
        kt_jw_arr(w);
        if (pl->vpcards & 1)
            kt_jw_str(w, "constitution");
        if (pl->vpcards & 2)
            kt_jw_str(w, "printer");
        kt_jw_arr_end(w);
        kt_jw_kint(w, "defender", pl->defender);
        kt_jw_key(w, "improvements");
        kt_jw_obj(w);
        for (int t = 0; t < 3; t++)
            kt_jw_kint(w, cat_track_key[t], pl->impr[t]);
        kt_jw_obj_end(w);
        int devs = 0;
        for (int d = 0; d < CAT_NDEV; d++)
            devs += pl->dev[d];
        kt_jw_kint(w, "dev_cards", devs);
        kt_jw_kint(w, "knights_played", pl->knights_played);
        kt_jw_kint(w, "road_length", pl->road_len);
        if (player == KT_OMNISCIENT) { /* referees and records see every hand */
            kt_jw_key(w, "hand");
            cat_write_hand(w, pl->hand);
            kt_jw_key(w, "progress_cards");
            kt_jw_arr(w);
            for (int i = 0; i < pl->nprog; i++)
                kt_jw_str(w, cat_progress[pl->prog[i]].key);
            kt_jw_arr_end(w);
            kt_jw_key(w, "dev");
            cat_write_dev(w, pl->dev);
        }
        kt_jw_key(w, "supply");
        kt_jw_obj(w);
        kt_jw_kint(w, "roads", 15 - pl->n_road);
        kt_jw_kint(w, "settlements", 5 - pl->n_settle);
        kt_jw_kint(w, "cities", 4 - pl->n_city - pl->n_sideways);
        if (cf->ck) {
            kt_jw_kint(w, "walls", 3 - pl->n_wall);
            kt_jw_kint(w, "basic_knights", 2 - pl->n_knight[1]);
            kt_jw_kint(w, "strong_knights", 2 - pl->n_knight[2]);
            kt_jw_kint(w, "mighty_knights", 2 - pl->n_knight[3]);
        }
        kt_jw_obj_end(w);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    if (player >= 0) {
        const cat_player *me = &s->pl[player];
        kt_jw_key(w, "hand");
        cat_write_hand(w, me->hand);
        kt_jw_key(w, "my_progress");
        kt_jw_arr(w);
        for (int i = 0; i < me->nprog; i++)
            kt_jw_str(w, cat_progress[me->prog[i]].key);
        kt_jw_arr_end(w);
        kt_jw_key(w, "my_progress_ids");
        kt_jw_u8s(w, me->prog, me->nprog);
        kt_jw_key(w, "my_dev");
        cat_write_dev(w, me->dev);
        kt_jw_key(w, "my_dev_new");
        cat_write_dev(w, me->dev_new);
    }
    kt_jw_key(w, "turn_state");
    kt_jw_obj(w);
    kt_jw_kstr(w, "fleet", s->fleet == 0 ? "off" : s->fleet == 1 ? "any" : cat_kind_key[s->fleet - 2]);
    kt_jw_kint(w, "crane", s->crane_mask);
    kt_jw_kint(w, "proposals", s->proposals);
    kt_jw_kbool(w, "dev_played", s->dev_played);
    kt_jw_obj_end(w);
    if (s->tr_state) {
        kt_jw_key(w, "trade");
        kt_jw_obj(w);
        kt_jw_kstr(w, "state", cat_trade_state_key[s->tr_state]);
        kt_jw_kint(w, "from", s->h.turn_player);
        kt_jw_kint(w, "to", s->tr_to);
        kt_jw_kint(w, "accepted", s->tr_accept);
        kt_jw_key(w, "give");
        cat_write_hand(w, s->tr_give);
        kt_jw_key(w, "get");
        cat_write_hand(w, s->tr_get);
        kt_jw_obj_end(w);
    }
    if (s->nstack && s->h.status == KT_RUNNING) {
        const cat_frame *f = cat_ctop(s);
        kt_jw_key(w, "pending");
        kt_jw_obj(w);
        kt_jw_kstr(w, "kind", cat_frame_key[f->kind]);
        const char *label = cat_decision_label(f->kind, lang);
        kt_jw_kstr(w, "label", label ? label : "");
        kt_jw_kint(w, "player", f->player);
        kt_jw_kint(w, "a", f->a);
        kt_jw_kint(w, "b", f->b);
        /* the chooser sees the victim's hand (Master Merchant, Spy) */
        if (f->kind == F_MM_PICK && player == f->player) {
            kt_jw_key(w, "victim_hand");
            cat_write_hand(w, s->pl[f->a].hand);
        }
        if (f->kind == F_SPY_PICK && player == f->player) {
            kt_jw_key(w, "victim_progress");
            kt_jw_arr(w);
            for (int i = 0; i < s->pl[f->a].nprog; i++)
                kt_jw_str(w, cat_progress[s->pl[f->a].prog[i]].key);
            kt_jw_arr_end(w);
            kt_jw_key(w, "victim_progress_ids");
            kt_jw_u8s(w, s->pl[f->a].prog, s->pl[f->a].nprog);
        }
        kt_jw_obj_end(w);
    }
}
