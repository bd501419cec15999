/*
 * setup.c - a new game of Fugger, Welser, Medici: the configuration
 * (gamedef.setup: load and validate the component data into fwm_cfg, see
 * fwm.h, and resolve the options) and the start position (gamedef.init:
 * money and goods, the start player, the decks dealt by card type, the
 * first open deals).
 */
#include <string.h>

#include "rules.h"

#define START_MONEY 9000 /* each player's money at the start */

kt_status fwm_setup(kt_game *g, kt_err *err)
{
    fwm_cfg *c = kt_game_alloc(g, sizeof *c);
    if (!c)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    c->np = g->nplayers;
    c->mode = (int)kt_game_opt_int(g, "mode");
    kt_status st = fwm_load_data(c, &g->alloc, kt_game_opt_str(g, "data_dir"), err);
    if (st != KT_OK)
        return st;
    c->fl_sea_fee_space = (uint8_t)kt_game_opt_int(g, "sea_fee");
    c->fl_accident_refund = (uint8_t)kt_game_opt_int(g, "accident_cost");
    c->fl_sheep_2p_forced = (uint8_t)kt_game_opt_int(g, "sheep_2p");
    c->fl_lottery_excl = (uint8_t)kt_game_opt_int(g, "lottery_exclusive");
    c->fl_debt = (uint8_t)kt_game_opt_int(g, "debt");
    c->fl_auction_iou_track = (uint8_t)kt_game_opt_int(g, "auction_iou_track");
    c->fl_home_tie_dice = 1; /* the seed: dice among home players */
    c->trade_offers = (uint8_t)kt_game_opt_int(g, "trade_offers");
    g->state_size = sizeof(fwm_state);
    /* the longest list is a sealed bid's: a pass and every quantity (at most
     * FWM_MAXQ, the loader's and check's bound) at every unit price */
    g->max_legal = 1 + FWM_MAXQ * FWM_NBIDK;
    return KT_OK;
}

static void deal_type(fx *x, int t, uint8_t *reveal, int *nrev, uint8_t *deck, int *ndeck)
{
    const fwm_cfg *c = x->c;
    fwm_state *s = x->s;
    const fwm_deckrow *row = &c->deck[t];
    if (!row->used)
        return;
    uint8_t pool[FWM_MAXCARDS];
    uint32_t n = 0;
    for (int i = 0; i < c->ncard; i++)
        if (c->card[i].type == t && c->card[i].level <= c->levels)
            pool[n++] = (uint8_t)i;
    kt_shuffle_u8(&s->h.rng, pool, n);
    int pile = row->pile - (row->minus_p ? x->g->nplayers : 0), k = 0;
    for (; k < row->open; k++)
        reveal[(*nrev)++] = pool[k];
    for (; k < pile; k++) {
        if (t == CT_FAIR) {
            s->fair = pool[k];
            s->where[pool[k]] = W_OPEN;
            s->known[pool[k]] = 1;
        } else {
            deck[(*ndeck)++] = pool[k];
            s->where[pool[k]] = W_DECK;
        }
    }
    for (int r = 0; r < row->reserve; r++, k++)
        s->where[pool[k]] = W_RESERVE;
}

void fwm_init(const kt_game *g, kt_state *st)
{
    fwm_state *s = (fwm_state *)st;
    const fwm_cfg *c = fwm_config(g);
    fx x = {g, c, s, NULL};
    s->fair = s->blockade = s->cur = FWM_NONE;
    s->sheep = s->corrupt = s->trick = s->manor_first = -1;
    for (int p = 0; p < g->nplayers; p++) {
        fwm_player *pl = &s->pl[p];
        pl->money = START_MONEY;
        pl->ware[G_CLOTH] = 2;
        pl->ware[G_SPICE] = 1;
        pl->ware[G_METAL] = 1;
        pl->home = FWM_NONE;
        for (int k = 0; k < FWM_NM; k++)
            pl->m[k].pos = FWM_OFF;
        pl->track = (int8_t)(c->mode == MODE_TRADING ? 0 : c->track_start);
    }
    s->start = (uint8_t)kt_rng_below(&s->h.rng, (uint32_t)g->nplayers);
    uint8_t reveal[16], deck[FWM_MAXCARDS];
    int nrev = 0, nd = 0;
    static const int order[CT_NTYPES] = {CT_DEMAND, CT_SUPPLY, CT_NOBLE,
                                         CT_EVENT,  CT_MANOR,  CT_FAIR};
    for (int i = 0; i < CT_NTYPES; i++)
        deal_type(&x, order[i], reveal, &nrev, deck, &nd);
    for (int i = 0; i < nrev; i++)
        fwm_place(&x, reveal[i], c->card[reveal[i]].plus); /* +n from Start Zeit */
    kt_shuffle_u8(&s->h.rng, deck, (uint32_t)nd);
    memcpy(s->deck, deck, (size_t)nd);
    s->ndeck = (uint8_t)nd;
    s->h.turn = 1;
    s->h.turn_player = (int8_t)s->start;
    fwm_decide(&x, FS_HOME, s->start);
}
