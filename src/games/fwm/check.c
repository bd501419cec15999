/*
 * check.c - the invariants of a Fugger, Welser, Medici state: every card
 * in exactly one place and consistent with the display and its holders,
 * merchants on the map or off it with nothing on them, nobility and
 * cubes only in the modes that use them, a decision stage with the right
 * player to move (sealed bids: the pending players and their picks), and
 * at least one legal action while the game runs.  Used after every load
 * and by the random-play tests after every action.
 */
#include <string.h>

#include "rules.h"

#define WHY(...) (kt_buf_printf(why, __VA_ARGS__), 0)

static int popcount(uint32_t v)
{
    int n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

static int is_decision(int st)
{
    switch (st) {
    case FS_HOME: case FS_BID: case FS_FORCE: case FS_NOBLE: case FS_CUBE: case FS_SHEEP:
    case FS_LOTTERY: case FS_PAYDAY: case FS_MOVE: case FS_PRICE: case FS_REPLY:
    case FS_PASSAGE: case FS_DROP: case FS_ROBPAY: case FS_ROBLOSE: case FS_TRADE:
    case FS_COMPOSE: return 1;
    default: return 0;
    }
}

static int check_players(const kt_game *g, const fwm_state *s, kt_buf *why)
{
    const fwm_cfg *c = fwm_config(g);
    for (int p = 0; p < g->nplayers; p++) {
        const fwm_player *pl = &s->pl[p];
        if (pl->money < 0 && !c->fl_debt)
            return WHY("player %d has negative money", p + 1);
        if (pl->home == FWM_NONE) {
            if (s->stage != FS_HOME && s->h.status == KT_RUNNING)
                return WHY("player %d has no home city", p + 1);
        } else if (pl->home >= c->nsp || !c->sp[pl->home].tax) {
            return WHY("player %d's home is not a home city", p + 1);
        }
        for (int k = 0; k < FWM_NM; k++) {
            const fwm_merch *m = &pl->m[k];
            if (m->pos == FWM_OFF || m->pos == FWM_LOST) {
                if (m->pos == FWM_LOST && k != 0)
                    return WHY("only a representative can be lost for good");
                if (fwm_cargo(m) || m->stamp)
                    return WHY("player %d's merchant %c is off the map but has goods", p + 1,
                               'A' + k);
            } else if (m->pos >= c->nsp) {
                return WHY("player %d's merchant %c is on no space", p + 1, 'A' + k);
            } else if (pl->home == FWM_NONE) {
                return WHY("player %d has merchants before choosing a home", p + 1);
            }
        }
        if (c->mode == MODE_TRADING) {
            /* IOUs or cubes could come from events an owner's data puts at level 1 */
            if (pl->track || pl->noble || pl->manors)
                return WHY("player %d has nobility items in the trading-house game", p + 1);
        } else {
            if (pl->track > c->track_end || (pl->noble != 0) != (pl->track == c->track_end))
                return WHY("player %d's nobility track is inconsistent", p + 1);
        }
        if (popcount(pl->cubes) > FWM_CUBES || (pl->cubes >> c->narea))
            return WHY("player %d has impossible cubes", p + 1);
        int manors = 0;
        for (int i = 0; i < c->ncard; i++)
            manors += s->hold[i] == p + 1;
        if (manors != pl->manors)
            return WHY("player %d holds %d manors, counted %d", p + 1, manors, pl->manors);
    }
    return 1;
}

static int on_display(const fwm_cfg *c, const fwm_state *s, int i)
{
    for (int k = 0; k < s->nopen; k++)
        if (s->open[k].card == i)
            return 1;
    const fwm_card *cd = &c->card[i];
    if (i == s->fair || i == s->blockade || i == s->evcard)
        return 1;
    return cd->type == CT_EVENT && (cd->event == EV_ROBBERS || cd->event == EV_PIRATES) &&
           (((unsigned)s->robarea >> cd->area) & 1u);
}

static int held_ok(const fwm_card *cd, const fwm_state *s, int i)
{
    if (cd->type == CT_MANOR)
        return s->hold[i] != 0;
    if (cd->type != CT_EVENT)
        return 0;
    return (cd->event == EV_SHEEP && s->sheep >= 0) || (cd->event == EV_CORRUPTION && s->corrupt >= 0) ||
           (cd->event == EV_TRICK && s->trick >= 0);
}

static int check_cards(const kt_game *g, const fwm_state *s, kt_buf *why)
{
    const fwm_cfg *c = fwm_config(g);
    uint8_t seen[FWM_MAXCARDS] = {0};
    for (int k = 0; k < s->ndeck; k++) {
        int i = s->deck[k];
        if (i >= c->ncard || s->where[i] != W_DECK || seen[i]++)
            return WHY("draw deck entry %d is inconsistent", k);
    }
    for (int k = 0; k < s->nopen; k++) {
        int i = s->open[k].card;
        if (i >= c->ncard || s->where[i] != W_OPEN || seen[i]++ || i == s->fair ||
            !(fwm_card_counts(&c->card[i]) || c->card[i].type == CT_MANOR))
            return WHY("open deal %d is inconsistent", k);
    }
    for (int i = 0; i < c->ncard; i++) {
        const fwm_card *cd = &c->card[i];
        int w = s->where[i];
        if (w > W_GONE)
            return WHY("card %s has no place", cd->id);
        if (w == W_DECK && !seen[i])
            return WHY("card %s is marked in the deck but is not", cd->id);
        if (w == W_OPEN && !on_display(c, s, i))
            return WHY("card %s is marked open but is not displayed", cd->id);
        if (w == W_HELD && !held_ok(cd, s, i))
            return WHY("card %s is held by nobody", cd->id);
        if (w != W_HELD && s->hold[i])
            return WHY("card %s has a holder but is not held", cd->id);
        if (cd->level > c->levels && w != W_BOX)
            return WHY("card %s is not used in this mode", cd->id);
        if (c->mode == MODE_TRADING && w == W_RESERVE)
            return WHY("the trading-house game has no reserve (card %s)", cd->id);
        if (w != W_BOX && w != W_DECK && w != W_RESERVE && !s->known[i])
            return WHY("card %s was seen but is not marked known", cd->id);
    }
    if (s->fair != FWM_NONE && (s->fair >= c->ncard || c->card[s->fair].type != CT_FAIR ||
                                s->where[s->fair] != W_OPEN))
        return WHY("the fair is inconsistent");
    if (s->blockade != FWM_NONE &&
        (s->blockade >= c->ncard || c->card[s->blockade].event != EV_BLOCKADE ||
         s->where[s->blockade] != W_OPEN))
        return WHY("the blockade is inconsistent");
    int held[3] = {s->sheep, s->corrupt, s->trick}, ev[3] = {EV_SHEEP, EV_CORRUPTION, EV_TRICK};
    for (int k = 0; k < 3; k++) {
        if (held[k] < 0)
            continue;
        int found = 0;
        for (int i = 0; i < c->ncard; i++)
            found += c->card[i].type == CT_EVENT && c->card[i].event == ev[k] &&
                     s->where[i] == W_HELD;
        if (!found)
            return WHY("a holder of %s without the card", fwm_event_name(ev[k], KT_LANG_EN));
    }
    for (int a = 0; a < c->narea; a++) {
        if (!(((unsigned)s->robarea >> a) & 1u))
            continue;
        int found = 0;
        for (int i = 0; i < c->ncard; i++)
            found += s->where[i] == W_OPEN && c->card[i].area == a &&
                     (c->card[i].event == EV_ROBBERS || c->card[i].event == EV_PIRATES);
        if (!found)
            return WHY("robbers in %s without their card", c->area[a].key);
    }
    return 1;
}

static int check_bid(const kt_game *g, const fwm_state *s, kt_buf *why)
{
    const fwm_auc *u = &s->auc;
    uint32_t all = (1u << g->nplayers) - 1u;
    if (s->stage != FS_BID) {
        for (int p = 0; p < g->nplayers; p++)
            if (s->pl[p].bstage || s->pl[p].bqty || s->pl[p].bprice)
                return WHY("player %d has a bid outside the bidding", p + 1);
        return 1;
    }
    if (!u->ent || (u->ent & ~all) || (u->done & ~u->ent) || u->done == u->ent)
        return WHY("the bidding has no player left to bid");
    if (u->kind == AK_NONE || u->kind > AK_MANOR || u->lo > u->hi || u->lo % 20 ||
        u->hi - u->lo > FWM_MAXPRICE || (u->hi - u->lo) % 20)
        return WHY("the auction is inconsistent");
    uint32_t left = (uint32_t)(u->ent & ~u->done);
    int low = 0;
    while (!(((unsigned)left >> low) & 1u))
        low++;
    if (s->h.status == KT_RUNNING && s->h.to_move != low)
        return WHY("the lowest pending bidder must be to move");
    for (int p = 0; p < g->nplayers; p++) {
        const fwm_player *pl = &s->pl[p];
        int in = (u->ent >> p) & 1u, done = (u->done >> p) & 1u;
        if (!in && (pl->bstage || pl->bqty || pl->bprice || u->qmax[p]))
            return WHY("player %d bids without being entitled", p + 1);
        if (in && (!u->qmax[p] || u->qmax[p] > FWM_MAXQ))
            return WHY("player %d's quantity bound is out of range", p + 1);
        if (done != (pl->bstage == 4) || pl->bqty > u->qmax[p] || (pl->bstage != 0 && pl->bstage != 4) ||
            (!done && (pl->bqty || pl->bprice)))
            return WHY("player %d's bid is inconsistent", p + 1);
        if (pl->bqty ? pl->bprice < u->lo || pl->bprice > u->hi || (pl->bprice - u->lo) % 20
                     : pl->bprice != 0)
            return WHY("player %d's bid is outside the bounds", p + 1);
    }
    return 1;
}

/* Phase 1's trades: the window's player decides, the offer is between two
 * players who meet, holds goods the seller has, and only while it is made. */
static int check_trade(const kt_game *g, const fwm_state *s, kt_buf *why)
{
    const fwm_cfg *c = fwm_config(g);
    int np = g->nplayers, st = s->stage;
    for (int p = 0; p < np; p++)
        if ((c->trade_offers && s->tw_offers[p] > c->trade_offers) || (s->tw_declined[p] >> np))
            return WHY("player %d's offers of this phase are out of range", p + 1);
    if (s->tw_idx > np)
        return WHY("the trading window is out of range");
    int offer = st == FS_COMPOSE || st == FS_PRICE || st == FS_REPLY, turn = (s->start + s->tw_idx) % np;
    if ((st == FS_TRADE || offer) && s->tw_idx >= np)
        return WHY("the trade is out of turn");
    if (st == FS_TRADE && s->h.to_move != turn)
        return WHY("the trade is out of turn");
    if (!offer) {
        int idle = !s->of_from && !s->of_to && !s->of_buy && !s->of_at && !s->of_stage &&
                   !s->of_price;
        for (int g2 = 0; g2 <= FWM_NG; g2++)
            idle = idle && !s->of_goods[g2];
        return idle || WHY("an offer outside the trades");
    }
    if (s->of_from != turn)
        return WHY("the trade is out of turn");
    if (s->of_to >= np) /* before anything reads that player */
        return WHY("an offer to a player who is not in the game");
    int seller = s->of_buy ? s->of_to : s->of_from, units = 0;
    if (s->of_at >= c->nsp || !fwm_meet(s, s->of_from, s->of_to, s->of_at))
        return WHY("an offer between players who do not meet");
    for (int g2 = 0; g2 <= FWM_NG; g2++) {
        int have = g2 == FWM_NG ? s->pl[seller].ious : fwm_pool(s, seller, s->of_at, g2);
        if (s->of_goods[g2] > have)
            return WHY("an offer of goods the seller does not have there");
        units += s->of_goods[g2];
    }
    if (s->h.to_move != (st == FS_REPLY ? s->of_to : s->of_from))
        return WHY("an offer decided by the wrong player");
    if ((st == FS_COMPOSE) != (s->of_stage == 0) || (st == FS_REPLY) != (s->of_stage == 4) ||
        (st != FS_COMPOSE && !units) || s->of_price > FWM_MAXTRADEP || s->of_price % 20)
        return WHY("the offer is inconsistent");
    return 1;
}

int fwm_check(const kt_game *g, const kt_state *st, kt_buf *why)
{
    const fwm_state *s = (const fwm_state *)st;
    const fwm_cfg *c = fwm_config(g);
    if (!check_players(g, s, why) || !check_cards(g, s, why) || !check_bid(g, s, why))
        return 0;
    if (s->nturn > g->nplayers || s->start >= g->nplayers)
        return WHY("turn bookkeeping out of range");
    if (s->h.status == KT_FINISHED && s->stage != FS_OVER)
        return WHY("a finished game must be at its end");
    if (s->h.status != KT_RUNNING)
        return 1;
    if (!is_decision(s->stage) || s->h.decision != s->stage)
        return WHY("a running game must wait for a decision (stage %s)",
                   fwm_decision_name(s->stage) ? fwm_decision_name(s->stage) : "?");
    if (s->h.to_move < 0 || s->h.to_move >= g->nplayers)
        return WHY("nobody to move");
    if (s->stage == FS_HOME) {
        if (s->nturn >= g->nplayers || s->h.to_move != (s->start + s->nturn) % g->nplayers)
            return WHY("the home choice is out of turn");
        for (int k = 0; k < g->nplayers; k++)
            if ((s->pl[(s->start + k) % g->nplayers].home != FWM_NONE) != (k < s->nturn))
                return WHY("home cities chosen out of order");
    }
    if ((s->stage == FS_MOVE || s->stage == FS_PASSAGE ||
         s->stage == FS_DROP || s->stage == FS_ROBPAY || s->stage == FS_ROBLOSE) &&
        s->h.to_move != (s->start + s->nturn) % g->nplayers)
        return WHY("the movement turn is out of order");
    if (s->stage == FS_MOVE && s->mv_len &&
        (s->mv_merch >= FWM_NM || s->pl[s->h.to_move].m[s->mv_merch].pos >= FWM_LOST))
        return WHY("a planned move without its merchant");
    if (s->stage == FS_FORCE && (s->h.to_move != s->fs_player || s->pl[s->fs_player].money >= s->fs_need))
        return WHY("a forced sale without a shortfall");
    if ((s->stage == FS_DROP || s->stage == FS_ROBLOSE || s->stage == FS_ROBPAY) &&
        (s->x_merch >= FWM_NM || s->pl[s->h.to_move].m[s->x_merch].pos >= FWM_LOST))
        return WHY("an accident or robbery without its merchant");
    if (s->stage == FS_PASSAGE && (s->x_nfee == 0 || s->x_fee[0] >= c->narea))
        return WHY("a passage fee without a region");
    if (!check_trade(g, s, why))
        return 0;
    if ((s->stage == FS_SHEEP && s->h.to_move != s->sh_at) ||
        (s->stage == FS_LOTTERY && s->h.to_move != s->lot_turn) ||
        (s->stage == FS_CUBE && s->h.to_move != s->cube_player))
        return WHY("the wrong player decides");
    if ((s->stage == FS_SHEEP || s->stage == FS_LOTTERY) &&
        (s->evcard >= c->ncard || s->where[s->evcard] != W_OPEN))
        return WHY("an event decision without its card");
    if (s->stage == FS_NOBLE && (s->auc.kind != AK_DEMAND || !s->auc.got[s->h.to_move]))
        return WHY("a noble discount without a sale");
    kt_action buf[KT_LEGAL_MAX];
    if (fwm_legal(g, st, buf) < 1)
        return WHY("no legal action");
    return 1;
}
