/*
 * view.c - what one Marco Polo II player (or a spectator) sees, as JSON
 * (gamedef.observe): the public state, the viewer's own hidden cards, and
 * the "table" object front ends draw from (view_table.c).
 */
#include <stdio.h>
#include <string.h>

#include "mp2.h"

void mp2_observe(const kt_game *g, const kt_state *st, int player, int lang, kt_jw *w)
{
    const mp2_cfg *c = mp2_config(g);
    const mp2_state *s = (const mp2_state *)st;
    kt_jw_key(w, "board");
    kt_jw_obj(w);
    mp2_w_board(w, c, s);
    kt_jw_kint(w, "cards_in_deck", MP2_NCARDS - s->cc_next);
    kt_jw_kint(w, "contract_pile", s->pile_len);
    /* the known bottom of the pile: contracts discarded during the game */
    kt_jw_key(w, "pile_bottom");
    kt_jw_arr(w);
    for (int i = s->pile_unknown; i < s->pile_len; i++)
        kt_jw_str(w, c->contract[s->pile[i]].id);
    kt_jw_arr_end(w);
    /* offer tiles: this round's and, face up on the piles, next round's */
    kt_jw_key(w, "offers");
    kt_jw_arr(w);
    for (int b = 0; b < 3; b++) {
        kt_jw_obj(w);
        kt_jw_kstr(w, "now", c->offer[s->offers[b][s->round]].id);
        mp2_w_name_or_null(w, "next",
                       s->round + 1 < MP2_ROUNDS ? c->offer[s->offers[b][s->round + 1]].id : NULL);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    mp2_observe_labels(s, lang, w);
    kt_jw_obj_end(w);
    mp2_observe_table(g, st, player, lang, w);
    kt_jw_key(w, "seats"); /* "players" is the core's player count */
    kt_jw_arr(w);
    for (int p = 0; p < c->np; p++) {
        mp2_w_player(w, c, s, p, mp2_goal_visible(s, p, player));
    }
    kt_jw_arr_end(w);
    if (s->h.status != KT_RUNNING) {
        int score[MP2_MAXP], det[MP2_MAXP][8];
        mp2_final_scores(c, s, score, det);
        kt_jw_key(w, "final");
        kt_jw_arr(w);
        for (int p = 0; p < c->np; p++) {
            kt_jw_obj(w);
            static const char *const k[8] = {"during_game", "goal_seals", "shields", "goods",
                                             "coins", "contracts", "caravans", "total"};
            for (int i = 0; i < 8; i++)
                kt_jw_kint(w, k[i], det[p][i]);
            kt_jw_obj_end(w);
        }
        kt_jw_arr_end(w);
    }
    if (s->nstack && s->stack[s->nstack - 1].p == player) {
        /* the pending effect is the player's own decision: its details */
        const mp2_eff *e = &s->stack[s->nstack - 1];
        kt_jw_key(w, "pending");
        kt_jw_obj(w);
        kt_jw_kstr(w, "effect", mp2_eff_names[e->type]);
        kt_jw_kint(w, "a", e->a);
        kt_jw_kint(w, "b", e->b);
        mp2_observe_pending(c, s, e, lang, w);
        kt_jw_obj_end(w);
    }
}
