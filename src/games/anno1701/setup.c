/*
 * setup.c - a new game of Anno 1701: the configuration from the options
 * (gamedef.setup: load and validate the component data into an_cfg, copy
 * the rule flags) and the initial state (gamedef.init: card sets, start
 * gold, the shuffled era piles and voyage deck; the rules then roll for
 * the start player and run the opening tasks, an_begin in rules.c).
 */
#include <stdlib.h>
#include <string.h>

#include "anno1701.h"

kt_status an_setup(kt_game *g, kt_err *err)
{
    an_cfg *c = kt_game_alloc(g, sizeof *c);
    if (!c)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    kt_status st = an_load_data(c, &g->alloc, kt_game_opt_str(g, "data_dir"), err);
    if (st != KT_OK)
        return st;
    c->settler_example = (uint8_t)kt_game_opt_int(g, "settler_cost");
    c->hunt_steal = (uint8_t)kt_game_opt_int(g, "pirate_hunt");
    c->bishop_church = (uint8_t)kt_game_opt_int(g, "bishop_church");
    c->tax_marks = (uint8_t)kt_game_opt_int(g, "tax");
    c->voyage_min = (uint8_t)kt_game_opt_int(g, "voyage_min");
    c->trader_one_way = (uint8_t)kt_game_opt_int(g, "trader");
    const char *bound = kt_game_opt_str(g, "trade_offers");
    if (strcmp(bound, "any") == 0) {
        c->offers = AN_ANY;
    } else {
        char *end;
        long n = strtol(bound, &end, 10);
        if (!*bound || *end || n < 0 || n > 100)
            return kt_seterr(err, KT_EINVAL,
                             "anno1701 option 'trade_offers': '%.20s' is neither 'any' nor a "
                             "number 0-100 (e.g. trade_offers=3)",
                             bound);
        c->offers = (uint8_t)n;
    }
    c->pay_auto = (uint8_t)kt_game_opt_int(g, "gold_pay");
    c->lion = (uint8_t)kt_game_opt_int(g, "lion");
    c->last_gold = (uint8_t)kt_game_opt_int(g, "last_gold");
    c->against[AC_POISONER] = c->against[AC_REVOLUTIONARY] = 1;
    c->against[AC_SPY] = c->against[AC_PICKPOCKET] = 1;
    g->state_size = sizeof(an_state);
    g->max_legal = an_max_legal();
    return KT_OK;
}

void an_init(const kt_game *g, kt_state *st)
{
    const an_cfg *c = an_config(g);
    an_state *s = (an_state *)st;
    int lion = c->lion == 1 ? 0 : c->lion == 2 ? 1 : (int)kt_rng_below(&s->h.rng, 2);
    for (int p = 0; p < AN_NP; p++) {
        an_player *pl = &s->pl[p];
        pl->set = (uint8_t)(p == lion ? 0 : 1);
        memset(pl->land, c->k.land_start, AN_NLAND);
        pl->gold[0] = c->k.centre_start[0];
        pl->gold[1] = c->k.centre_start[1];
        pl->ship = c->set[pl->set].ship_start;
        pl->lvl[0] = AN_NINH;
    }
    for (int l = 1; l < AN_NLEVEL; l++)
        s->supply[l] = c->level[l].copies;
    for (int e = 0; e < AN_NERA; e++) {
        uint8_t all[AN_ERA_CARDS];
        int n = 0;
        for (int i = 0; i < c->n_era_defs[e]; i++)
            for (int k = 0; k < c->def[c->era_defs[e][i]].copies; k++)
                all[n++] = c->era_defs[e][i];
        kt_shuffle_u8(&s->h.rng, all, (uint32_t)n);
        int half = c->k.pile_size;
        memcpy(s->pile[2 * e], all, (size_t)half);
        memcpy(s->pile[2 * e + 1], all + half, (size_t)half);
        s->plen[2 * e] = s->plen[2 * e + 1] = (uint8_t)half;
    }
    memcpy(s->voy, c->vdeck, AN_NVOY);
    s->vcard = AN_NONE;
    s->trade_power = s->sea_power = -1;
    an_begin(c, s);
}
