/*
 * setup.c - a new game of Catan: the configuration (gamedef.setup: cat_cfg
 * in g->cfg, the resolved options and the initial layout drawn from the
 * game seed, so the options string and the seed recreate it) and the start
 * position (gamedef.init).
 */
#include <string.h>

#include "catan.h"

kt_status cat_setup(kt_game *g, kt_err *err)
{
    KT_UNUSED(err);
    cat_cfg *cf = kt_game_alloc(g, sizeof *cf);
    if (!cf)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    cf->ck = strcmp(kt_game_opt_str(g, "variant"), "ck") == 0;
    int vp = (int)kt_game_opt_int(g, "vp");
    cf->vp_target = vp ? vp : (cf->ck ? 13 : 10);
    cf->trade_cap = (int)kt_game_opt_int(g, "trade_cap");
    cf->shortage_partial = strcmp(kt_game_opt_str(g, "shortage"), "partial") == 0;
    cf->deserter_lower = strcmp(kt_game_opt_str(g, "deserter"), "lower") == 0;
    cf->fleet_named = strcmp(kt_game_opt_str(g, "fleet"), "named") == 0;
    cf->open_road_owner = strcmp(kt_game_opt_str(g, "open_road"), "owner") == 0;
    cf->crane_repeat = strcmp(kt_game_opt_str(g, "crane"), "repeat") == 0;
    cf->plimit_immediate = strcmp(kt_game_opt_str(g, "progress_limit"), "immediate") == 0;
    cf->barb_double = strcmp(kt_game_opt_str(g, "barbarian_strength"), "cities") != 0;
    cf->l5_holder = (int)kt_game_opt_int(g, "level5_holder");
    cat_make_layout(g, strcmp(kt_game_opt_str(g, "layout"), "beginner") == 0, g->seed, cf->terrain,
                    cf->number, cf->port);
    g->state_size = sizeof(cat_state);
    g->max_legal = CAT_MAXLEGAL;
    return KT_OK;
}

void cat_init(const kt_game *g, kt_state *ks)
{
    cat_state *s = (cat_state *)ks;
    const cat_cfg *cf = cat_config(g);
    memset(s->v_owner, -1, sizeof s->v_owner);
    memset(s->e_owner, -1, sizeof s->e_owner);
    memcpy(s->terrain, cf->terrain, CAT_NH);
    memcpy(s->number, cf->number, CAT_NH);
    memcpy(s->port, cf->port, CAT_NPORT);
    for (int h = 0; h < CAT_NH; h++)
        if (s->terrain[h] == T_DESERT)
            s->robber = (int8_t)h;
    s->merchant = -1;
    s->merchant_owner = -1;
    s->lr_holder = -1;
    s->la_holder = -1;
    s->winner = -1;
    if (cf->ck) {
        for (int c = 0; c < CAT_NPROG; c++) {
            int col = cat_progress[c].colour;
            for (int i = 0; i < cat_progress[c].count; i++)
                s->deck[col][s->deck_n[col]++] = (uint8_t)c;
        }
        for (int col = 0; col < 3; col++)
            kt_shuffle_u8(&s->h.rng, s->deck[col], s->deck_n[col]);
    } else {
        for (int d = 0; d < CAT_NDEV; d++)
            for (int i = 0; i < cat_devcards[d].count; i++)
                s->devdeck[s->devdeck_n++] = (uint8_t)d;
        kt_shuffle_u8(&s->h.rng, s->devdeck, s->devdeck_n);
    }
    cat_recompute(g, s);
    s->h.turn_player = 0;
    s->h.turn = 0;
    cat_push(s, F_SETUP_BUILD, 0, 0, 0, 0, 0);
    cat_advance(g, s);
}
