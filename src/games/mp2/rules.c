/*
 * rules.c - Marco Polo II rules: the effects of actions and the effect
 * stack (the legal lists are in legal.c, the new game in setup.c).
 *
 * Data layout: see mp2.h.  Control flow: an action is applied, then mp2_run()
 * resolves the pending-effect stack (s->stack) until an effect needs a
 * decision (its type is below EF_AUTO) or the stack is empty; with an empty
 * stack the turn player decides what to do next (DEC_TURN: bonus actions,
 * one normal action while dice are left, "end turn" afterwards).  Effects
 * are pushed in reverse order of execution.  Every decision effect has a
 * generator in legal(); mp2_run() skips a decision that has no option at all,
 * so no sequence of legal actions can get stuck.
 *
 * No allocation here; randomness only from hdr.rng.
 */
#include <string.h>

#include "mp2.h"

/* ------------------------------------------------------------ small helpers */

int mp2_dice_left(const mp2_player *pl)
{
    int n = 0;
    for (int v = 1; v <= 6; v++)
        n += pl->own[v] + pl->blk[v];
    return n;
}

int mp2_die_value(int d) { return MP2_DTYPE(d) == DT_PIECE ? 6 : MP2_DVAL(d); }

static int roll(mp2_state *s) { return 1 + (int)kt_rng_below(&s->h.rng, 6); }


static int char_owner(const mp2_cfg *c, const mp2_state *s, int ch)
{
    for (int p = 0; p < c->np; p++)
        if (s->pl[p].character == ch)
            return p;
    return -1;
}

/* Jade may stand in for any missing coin or camel (BGA pays it only for
 * the shortfall, which the seed describes; kontor does the same). */
int mp2_can_pay(const mp2_player *pl, int coins, int camels, int jade)
{
    int need = jade;
    if (coins > pl->res[IT_COIN])
        need += coins - pl->res[IT_COIN];
    if (camels > pl->res[IT_CAMEL])
        need += camels - pl->res[IT_CAMEL];
    return need <= pl->res[IT_JADE];
}

static void pay_cc(mp2_player *pl, int coins, int camels, int jade)
{
    int short_c = coins > pl->res[IT_COIN] ? coins - pl->res[IT_COIN] : 0;
    int short_m = camels > pl->res[IT_CAMEL] ? camels - pl->res[IT_CAMEL] : 0;
    pl->res[IT_COIN] = (int16_t)(pl->res[IT_COIN] - (coins - short_c));
    pl->res[IT_CAMEL] = (int16_t)(pl->res[IT_CAMEL] - (camels - short_m));
    pl->res[IT_JADE] = (int16_t)(pl->res[IT_JADE] - (jade + short_c + short_m));
}


static void pay_b(mp2_player *pl, const mp2_bundle *b, int times)
{
    for (int i = IT_PEPPER; i <= IT_GOLD; i++)
        pl->res[i] = (int16_t)(pl->res[i] - b->n[i] * times);
    pl->res[IT_VP] = (int16_t)(pl->res[IT_VP] - b->n[IT_VP] * times);
    pay_cc(pl, b->n[IT_COIN] * times, b->n[IT_CAMEL] * times, b->n[IT_JADE] * times);
}

/* Abha Basu scores 1 point per jade gained from any source. */
static void add_jade(mp2_state *s, int p, int n)
{
    s->pl[p].res[IT_JADE] = (int16_t)(s->pl[p].res[IT_JADE] + n);
    if (mp2_has_char(s, p, CH_ABHA))
        s->pl[p].res[IT_VP] = (int16_t)(s->pl[p].res[IT_VP] + n);
}

/* A full stack refuses the effect and marks the state (core/stack.h), which
 * mp2_check reports; MP2_STACK is above the deepest nesting of play. */
void mp2_push(mp2_state *s, int type, int p, int a, int b, int cc, int d)
{
    mp2_eff *e = KT_STACK_PUSH(s);
    if (!e)
        return;
    e->type = (uint8_t)type;
    e->p = (uint8_t)p;
    e->a = (uint16_t)a;
    e->b = (uint8_t)b;
    e->c = (uint8_t)cc;
    e->d = (uint16_t)d;
}

static void gain_bundle(const mp2_cfg *c, mp2_state *s, int p, const mp2_bundle *b, int times);

static void gain_rw(const mp2_cfg *c, mp2_state *s, int p, int rw, int times)
{
    if (times <= 0 || rw == 0)
        return;
    if (c->rw[rw].nalt == 1)
        gain_bundle(c, s, p, &c->rw[rw].alt[0], times);
    else
        mp2_push(s, EF_ALT, p, rw, times, 0, 0);
}

static void start_move(mp2_state *s, int p, int steps, int flags)
{
    mp2_push(s, EF_MOVE, p, 0, steps, flags, 0);
}

static void gain_bundle(const mp2_cfg *c, mp2_state *s, int p, const mp2_bundle *b, int times)
{
    mp2_player *pl = &s->pl[p];
    for (int i = 0; i < MP2_NRES; i++)
        if (b->n[i] && i != IT_JADE)
            pl->res[i] = (int16_t)(pl->res[i] + b->n[i] * times);
    if (b->n[IT_JADE])
        add_jade(s, p, b->n[IT_JADE] * times);
    if (b->n[IT_SHIELD])
        pl->plus = (uint8_t)(pl->plus + b->n[IT_SHIELD] * times);
    /* pushed in reverse of the reading order: goods, contracts, dice, move */
    if (b->n[IT_MOVE])
        start_move(s, p, b->n[IT_MOVE] * times, b->n[IT_XPOST] ? MV_XPOST : 0);
    for (int i = 0; i < b->n[IT_BLACK] * times; i++)
        mp2_push(s, EF_BLACK, p, 0, 0, 0, 0);
    for (int i = 0; i < b->n[IT_CONTRACT] * times; i++)
        mp2_push(s, EF_CONTRACT, p, MP2_NOLOC, 1, 0, 0);
    for (int i = 0; i < b->n[IT_DRAW] * times; i++)
        mp2_push(s, EF_DRAW, p, 0, 0, 0, 0);
    if (b->n[IT_GOOD])
        mp2_push(s, EF_GOOD, p, 0, b->n[IT_GOOD] * times, 0, 0);
    KT_UNUSED(c);
}

/* ------------------------------------------------------------ map helpers */

static int improved(const mp2_player *pl, int g) { return (pl->seals >> (4 + g)) & 1; }

/* Steps a leg costs for figure `fig`: Möngke Khan leaves an oasis he
 * entered during this move for free, so a city-oasis-city hop is 1 step. */
int mp2_step_cost(const mp2_cfg *c, const mp2_state *s, int p, int fig)
{
    KT_UNUSED(c);
    if (mp2_has_char(s, p, CH_MONGKE) && s->mv.on && ((s->mv.pend >> fig) & 1))
        return 0;
    return 1;
}

/* Can player p travel along route r now, given extra coins already owed? */
int mp2_leg_ok(const mp2_cfg *c, const mp2_state *s, int p, const mp2_route *r, int owed)
{
    const mp2_player *pl = &s->pl[p];
    if (r->seal && !mp2_has_seal(pl, r->seal - 1))
        return 0;
    if (mp2_has_char(s, p, CH_GANTULGA))
        return mp2_can_pay(pl, owed, 0, r->jade);
    KT_UNUSED(c);
    return mp2_can_pay(pl, owed + r->coins, r->camels, r->jade);
}


int mp2_first_leg_exists(const mp2_cfg *c, const mp2_state *s, int p, int owed)
{
    for (int f = 0; f < mp2_nfigs(s, p); f++) {
        const mp2_loc *l = &c->loc[s->pl[p].fig[f]];
        for (int k = 0; k < l->nadj; k++)
            if (mp2_leg_ok(c, s, p, &c->route[l->route[k]], owed))
                return 1;
    }
    return 0;
}

/* ------------------------------------------------------------ contracts */

static void contract_to_bottom(const mp2_cfg *c, mp2_state *s, int k)
{
    if (c->contract[k].starter) {
        s->removed |= 1ull << k; /* starting contracts leave the game */
        return;
    }
    s->pile[s->pile_len++] = (uint8_t)k;
}

static int draw_pile(mp2_state *s)
{
    if (s->pile_len == 0)
        return MP2_NONE;
    int k = s->pile[0];
    memmove(s->pile, s->pile + 1, (size_t)(s->pile_len - 1));
    s->pile_len--;
    s->pile[s->pile_len] = 0;
    if (s->pile_unknown)
        s->pile_unknown--;
    return k;
}

void mp2_refill_board(mp2_state *s)
{
    for (int i = 0; i < MP2_NCCITY; i++)
        for (int j = 0; j < 2; j++)
            if (s->cboard[i][j] == MP2_NONE)
                s->cboard[i][j] = (uint8_t)draw_pile(s);
}

int mp2_contract_avail(const mp2_cfg *c, const mp2_state *s, int p, int loc)
{
    for (int i = 0; i < MP2_NCCITY; i++) {
        int l = c->ccity_loc[i];
        if ((loc != MP2_NOLOC && l != loc) || !((s->pl[p].posts >> l) & 1))
            continue;
        if (s->cboard[i][0] != MP2_NONE || s->cboard[i][1] != MP2_NONE)
            return 1;
    }
    return 0;
}

/* Put contract k on p's board; when both spaces are full the player picks
 * one to discard (EF_DISCARD, b = 1 when the new one may go too). */
static void receive_contract(mp2_state *s, int p, int k, int fresh, int may_drop_new)
{
    mp2_player *pl = &s->pl[p];
    for (int i = 0; i < 2; i++)
        if (pl->con[i] == MP2_NONE) {
            pl->con[i] = (uint8_t)k;
            if (fresh)
                pl->fresh |= (uint8_t)(1 << i);
            return;
        }
    mp2_push(s, EF_DISCARD, p, k, may_drop_new, fresh, 0);
}

/* ------------------------------------------------------------ posts */

static void push_arrive(mp2_state *s, int p, int loc, int extra)
{
    mp2_push(s, EF_ARRIVE, p, loc, extra, 0, 0);
}

static void place_post(mp2_state *s, int p, int loc)
{
    mp2_player *pl = &s->pl[p];
    pl->posts |= 1ull << loc;
    pl->nposts++;
    /* 9th and 10th post: 5 points each; 11th: 10 points */
    if (pl->nposts == 9 || pl->nposts == 10)
        pl->res[IT_VP] = (int16_t)(pl->res[IT_VP] + 5);
    else if (pl->nposts == 11)
        pl->res[IT_VP] = (int16_t)(pl->res[IT_VP] + 10);
}

static void gain_marker(const mp2_cfg *c, mp2_state *s, int p, int m, int times)
{
    if (c->marker[m].copy)
        mp2_push(s, EF_COPY, p, 0, times, 0, 0);
    else
        gain_rw(c, s, p, c->marker[m].reward, times);
}

/* Arrival bonuses of a newly placed post, in reading order: bonus marker,
 * outpost tile, contract of the city. */
static void arrive2(const mp2_cfg *c, mp2_state *s, int p, int loc)
{
    const mp2_loc *l = &c->loc[loc];
    if (l->ccity && mp2_contract_avail(c, s, p, loc))
        mp2_push(s, EF_CONTRACT, p, loc, 1, 0, 0);
    if (l->outpost && s->outpost[l->outpost - 1] != MP2_NONE) {
        int t = s->outpost[l->outpost - 1];
        s->outpost[l->outpost - 1] = MP2_NONE;
        int f = char_owner(c, s, CH_FILIPPO);
        if (f == p) {
            /* Filippo keeps his own tiles for later (seed); with the rule
             * flag he also gains them at once. */
            s->pl[f].kept |= (uint16_t)(1u << t);
            if (c->flag_filippo_use)
                gain_rw(c, s, p, c->outpost[t].reward, 1);
        } else {
            if (f >= 0)
                s->pl[f].kept |= (uint16_t)(1u << t);
            gain_rw(c, s, p, c->outpost[t].reward, 1);
        }
    }
    if (l->bonus)
        gain_marker(c, s, p, s->marker[l->bonus - 1], 1);
}

/* ------------------------------------------------------------ moves */

static void finish_move(const mp2_cfg *c, mp2_state *s)
{
    mp2_move *mv = &s->mv;
    int p = mv->p;
    mp2_player *pl = &s->pl[p];
    int oases = mp2_popc64(mv->skipped);
    if (c->flag_mongke_end && mp2_has_char(s, p, CH_MONGKE))
        for (int f = 0; f < mp2_nfigs(s, p); f++)
            if (((mv->pend >> f) & 1) && !((mv->skipped >> pl->fig[f]) & 1))
                oases++;
    /* Order of resolution: posts (end city, then the extra post), Möngke's
     * reward.  Pushed in reverse. */
    if (oases > 0)
        mp2_push(s, EF_MONGKE, p, 0, oases, 0, 0);
    if ((mv->flags & MV_XPOST) && mv->passed) {
        s->xmask = mv->passed;
        mp2_push(s, EF_XPOST, p, 0, 0, 0, 0);
    }
    int figs = mp2_nfigs(s, p);
    for (int f = figs - 1; f >= 0; f--) {
        if (!((mv->moved >> f) & 1))
            continue;
        if (figs == 2 && !c->flag_mailin_both && f != mv->last)
            continue;
        push_arrive(s, p, pl->fig[f], 0);
    }
    memset(mv, 0, sizeof *mv);
}

static void move_leg(const mp2_cfg *c, mp2_state *s, int fig, int dest)
{
    mp2_move *mv = &s->mv;
    int p = mv->p;
    mp2_player *pl = &s->pl[p];
    int from = pl->fig[fig];
    const mp2_loc *l = &c->loc[from];
    const mp2_route *r = NULL;
    for (int k = 0; k < l->nadj; k++)
        if (l->adj[k] == dest)
            r = &c->route[l->route[k]];
    KT_ASSERT(r);
    if (!r)
        return;
    if (mp2_has_char(s, p, CH_GANTULGA))
        pay_cc(pl, 0, 0, r->jade);
    else
        pay_cc(pl, r->coins, r->camels, r->jade);
    int cost = mp2_step_cost(c, s, p, fig);
    if ((mv->moved >> fig) & 1) {
        if (c->loc[from].kind == LK_CITY)
            mv->passed |= 1ull << from;
        if (cost == 0)
            mv->skipped |= 1ull << from;
    }
    mv->steps = (uint8_t)(mv->steps - cost);
    mv->moved |= (uint8_t)(1 << fig);
    mv->last = (uint8_t)fig;
    mv->legs++;
    pl->fig[fig] = (uint8_t)dest;
    if (mp2_has_char(s, p, CH_MONGKE) && c->loc[dest].kind == LK_OASIS)
        mv->pend |= (uint8_t)(1 << fig);
    else
        mv->pend &= (uint8_t)~(1 << fig);
}

/* ------------------------------------------------------------ round flow */

static void place_neutral(const mp2_cfg *c, mp2_state *s)
{
    /* 3 players: a neutral 1 on the first Khan's Favor space; 2 players:
     * on the first two, one on a space of each special city, a 5 on the
     * lower space of the third book (rulebook). */
    int nk = c->np == 3 ? 1 : c->np == 2 ? 2 : 0;
    for (int i = 0; i < nk; i++) {
        s->khan[i] = 1;
        s->khan_by[i] = -2;
    }
    if (nk) {
        s->sp[SP_KHAN].used = (uint8_t)nk;
        s->sp[SP_KHAN].last = -2;
        s->sp[SP_KHAN].low = 1;
    }
    if (c->np == 2) {
        for (int k = 0; k < MP2_NSPECIAL; k++) {
            mp2_space *sp = &s->sp[SP_SPECIAL + 2 * k];
            sp->used = 1;
            sp->last = -2;
            sp->low = 1;
        }
        s->sp[SP_BOOK3B].used = 1;
        s->sp[SP_BOOK3B].last = -2;
        s->sp[SP_BOOK3B].low = 5;
    }
}

int mp2_black_total(const mp2_cfg *c) { return c->np == 2 ? 4 : c->np == 3 ? 5 : 6; }

static void start_round(const mp2_cfg *c, mp2_state *s, int r)
{
    s->round = (uint8_t)r;
    s->phase = PH_ROUND;
    if (r > 0)
        s->first = s->next_first;
    s->next_first = s->first;
    s->fp_rank = 0;
    memset(s->sp, 0, sizeof s->sp);
    for (int i = 0; i < MP2_NSPACES; i++)
        s->sp[i].last = -1;
    memset(s->khan, 0, sizeof s->khan);
    for (int i = 0; i < 4; i++)
        s->khan_by[i] = -1;
    place_neutral(c, s);
    s->black_pool = (uint8_t)mp2_black_total(c);
    s->black_placed = 0;
    for (int p = 0; p < c->np; p++) {
        memset(s->pl[p].own, 0, sizeof s->pl[p].own);
        memset(s->pl[p].blk, 0, sizeof s->pl[p].blk);
        s->pl[p].nplaced = 0;
        s->pl[p].tflags = 0;
        s->pl[p].fresh = 0;
    }
    if (r > 0)
        for (int i = 6; i < 8; i++)
            s->card_slot[i] = s->cc_next < MP2_NCARDS ? s->cc_deck[s->cc_next++] : MP2_NONE;
    for (int t = 0; t < c->nrtile; t++)
        if (s->rtile[t] == RT_DOWN)
            s->rtile[t] = RT_UP;
    mp2_push(s, EF_STARTPLAY, 0, 0, 0, 0, 0);
    mp2_push(s, EF_ROLL, s->first, 0, 0, 0, 0);
    for (int i = c->np - 1; i >= 0; i--)
        mp2_push(s, EF_INCOME, (s->first + i) % c->np, 0, 0, 0, 0);
}

/* Income sources of the "!" step: 0..5 bonus-city markers, 8..11 improved
 * seals.  Mailin & Tian Chin double one of them. */
int mp2_income_sources(const mp2_cfg *c, const mp2_state *s, int p, uint16_t *out)
{
    int n = 0;
    for (int b = 0; b < MP2_NBONUSCITY; b++)
        if ((s->pl[p].posts >> c->bonus_loc[b]) & 1)
            out[n++] = (uint16_t)b;
    for (int g = 0; g < MP2_NGUILD; g++)
        if (improved(&s->pl[p], g))
            out[n++] = (uint16_t)(8 + g);
    return n;
}

static void give_income(const mp2_cfg *c, mp2_state *s, int p, int twice)
{
    uint16_t src[16];
    int n = mp2_income_sources(c, s, p, src);
    for (int i = n - 1; i >= 0; i--) {
        int times = src[i] == twice ? 2 : 1;
        if (src[i] < 8)
            gain_marker(c, s, p, s->marker[src[i]], times);
        else
            gain_rw(c, s, p, c->guild[src[i] - 8].income, times);
    }
    if (mp2_has_char(s, p, CH_ABHA))
        s->pl[p].res[IT_COIN] = (int16_t)(s->pl[p].res[IT_COIN] + 2);
}

/* Isabella Donati's bonus for one rolled die. */
static void isabella_die(mp2_state *s, int p, int v, int n)
{
    mp2_player *pl = &s->pl[p];
    if (v == 1 || v == 6)
        pl->res[IT_COIN] = (int16_t)(pl->res[IT_COIN] + 2 * n);
    else if (v == 2 || v == 5)
        pl->res[IT_VP] = (int16_t)(pl->res[IT_VP] + n);
    else
        pl->res[IT_CAMEL] = (int16_t)(pl->res[IT_CAMEL] + n);
}

static int isabella_pair(const mp2_player *pl)
{
    for (int v = 1; v <= 6; v++)
        if (pl->own[v] >= 2)
            return 1;
    return 0;
}

static void roll_all(const mp2_cfg *c, mp2_state *s)
{
    for (int p = 0; p < c->np; p++)
        for (int i = 0; i < 5; i++)
            s->pl[p].own[roll(s)]++;
    for (int i = c->np - 1; i >= 0; i--) {
        int p = (s->first + i) % c->np;
        mp2_player *pl = &s->pl[p];
        if (mp2_has_char(s, p, CH_ISABELLA)) {
            if (isabella_pair(pl))
                mp2_push(s, EF_ISABELLA, p, 0, 0, 0, 0);
            else
                for (int v = 1; v <= 6; v++)
                    isabella_die(s, p, v, pl->own[v]);
        }
        int sum = 0;
        for (int v = 1; v <= 6; v++)
            sum += v * pl->own[v];
        if (sum < 15)
            mp2_push(s, EF_COMP, p, 15 - sum, 0, 0, 0);
    }
}

static void final_scoring(const mp2_cfg *c, mp2_state *s);

static int next_with_dice(const mp2_cfg *c, const mp2_state *s, int from)
{
    for (int i = 0; i < c->np; i++) {
        int p = (from + i) % c->np;
        if (mp2_dice_left(&s->pl[p]) > 0)
            return p;
    }
    return -1;
}

static void begin_turn(mp2_state *s, int p)
{
    s->h.turn_player = (int8_t)p;
    s->h.turn++;
    s->main_done = 0;
    s->pl[p].tflags = 0;
    s->pl[p].fresh = 0;
}

static void end_round(const mp2_cfg *c, mp2_state *s)
{
    if (s->round + 1 >= MP2_ROUNDS) {
        s->phase = PH_OVER;
        s->h.turn_player = -1;
        final_scoring(c, s);
        return;
    }
    start_round(c, s, s->round + 1);
}

static void end_turn(const mp2_cfg *c, mp2_state *s)
{
    int p = s->h.turn_player;
    s->pl[p].tflags = 0;
    s->pl[p].fresh = 0;
    mp2_refill_board(s);
    int q = next_with_dice(c, s, (p + 1) % c->np);
    if (q < 0)
        end_round(c, s);
    else
        begin_turn(s, q);
}

/* ------------------------------------------------------------ final scoring */

static int goal_city_hit(const mp2_cfg *c, const mp2_state *s, int p, int city)
{
    if (c->flag_goal_shield)
        return (s->pl[p].posts & c->shield_mask[c->loc[city].shield]) != 0;
    return (s->pl[p].posts >> city) & 1;
}

int mp2_shields(const mp2_cfg *c, const mp2_state *s, int p)
{
    const mp2_player *pl = &s->pl[p];
    int n = 0;
    for (int k = 0; k < MP2_NSHIELD; k++)
        n += (pl->posts & c->shield_mask[k]) != 0;
    n += pl->plus;
    if (pl->character == CH_DEWU || pl->character == CH_TEBALDO)
        n++;
    if (pl->goal < 3) {
        const mp2_goal *gl = &c->goal[pl->goal_opt[pl->goal]];
        for (int i = 0; i < gl->ncity; i++)
            n += goal_city_hit(c, s, p, gl->city[i]);
    }
    return n;
}

void mp2_final_scores(const mp2_cfg *c, const mp2_state *s, int score[MP2_MAXP],
                      int detail[MP2_MAXP][8])
{
    int cnt[MP2_MAXP], best = 0, second = 0;
    for (int p = 0; p < c->np; p++) {
        cnt[p] = s->pl[p].character == CH_VIDAL ? 4 : s->pl[p].ndone;
        if (cnt[p] > best)
            best = cnt[p];
    }
    for (int p = 0; p < c->np; p++)
        if (cnt[p] < best && cnt[p] > second)
            second = cnt[p];
    for (int p = 0; p < c->np; p++) {
        const mp2_player *pl = &s->pl[p];
        int d[8] = {0};
        d[0] = pl->res[IT_VP];
        if (pl->goal < 3) {
            const mp2_goal *gl = &c->goal[pl->goal_opt[pl->goal]];
            for (int i = 0; i < gl->nseal; i++)
                if (improved(pl, gl->seal[i]))
                    d[1] += gl->sealvp[i];
        }
        int sh = mp2_shields(c, s, p);
        d[2] = c->track[sh > MP2_TRACK - 1 ? MP2_TRACK - 1 : sh];
        d[3] = (pl->res[IT_PEPPER] + pl->res[IT_SILK] + pl->res[IT_GOLD] + pl->res[IT_JADE]) / 2;
        d[4] = pl->res[IT_COIN] / 10;
        if (best > 0 && cnt[p] == best)
            d[5] = 8;
        else if (c->np > 2 && second > 0 && cnt[p] == second)
            d[5] = 4;
        for (int k = 0; k < 2; k++)
            if (pl->cv_loc[k] != MP2_NOLOC)
                for (int j = 0; j < 2; j++) {
                    int gd = pl->cv_goods[k][j];
                    d[6] += gd == IT_GOLD ? 3 : gd == IT_SILK ? 2 : gd == IT_PEPPER ? 1 : 0;
                }
        d[7] = d[0] + d[1] + d[2] + d[3] + d[4] + d[5] + d[6];
        score[p] = d[7];
        if (detail)
            memcpy(detail[p], d, sizeof d);
    }
}

static void final_scoring(const mp2_cfg *c, mp2_state *s)
{
    KT_UNUSED(c);
    s->final_done = 1;
    s->h.status = KT_FINISHED;
    s->h.to_move = -1;
    s->h.decision = DEC_OVER;
}

/* ------------------------------------------------------------ apply: turn */

static void take_die(mp2_state *s, int p, int d)
{
    mp2_player *pl = &s->pl[p];
    int v = MP2_DVAL(d);
    switch (MP2_DTYPE(d)) {
    case DT_OWN:
        pl->own[v]--;
        pl->nplaced++;
        break;
    case DT_BLACK:
        pl->blk[v]--;
        s->black_placed++;
        break;
    default:
        pl->pieces &= (uint8_t)~(1 << (v - 1)); /* a used piece leaves the game */
        break;
    }
}

static void resolve_card(const mp2_cfg *c, mp2_state *s, int p, int card, int die)
{
    const mp2_card *cd = &c->card[card];
    mp2_player *pl = &s->pl[p];
    int t = mp2_card_times(cd, die);
    switch (cd->kind) {
    case CK_TRADE:
        if (cd->pay == 0)
            gain_rw(c, s, p, cd->gain, t); /* free gains: always the most */
        else
            mp2_push(s, EF_CARD, p, card, die, 0, 0);
        break;
    case CK_EITHER:
        mp2_push(s, EF_CARD, p, card, die, 0, 0);
        break;
    case CK_PERCONTRACT:
        gain_rw(c, s, p, cd->gain, pl->ndone < die ? pl->ndone : die);
        break;
    case CK_PERPOST:
        gain_rw(c, s, p, cd->gain, pl->nposts < die ? pl->nposts : die);
        break;
    case CK_BONUSES: {
        int n = mp2_bonus_posts(c, s, p);
        mp2_push(s, EF_CARDBONUS, p, 0, n < die ? n : die, 0, 0);
        break;
    }
    case CK_SEALS:
        pay_b(pl, &c->rw[cd->pay].alt[0], 1);
        mp2_push(s, EF_SEAL, p, 0, die, 0, 0);
        break;
    }
}

static void do_place(const mp2_cfg *c, mp2_state *s, int p, uint32_t arg)
{
    int spi = (int)(arg & 0xff);
    uint32_t codes = arg >> 8;
    mp2_player *pl = &s->pl[p];
    mp2_space *sp = &s->sp[spi];
    int low = 7, nown = 0;
    for (int i = 0; i < 3; i++) {
        int d = (int)((codes >> (5 * i)) & 31);
        if (!d)
            continue;
        int v = mp2_die_value(d);
        if (v < low)
            low = v;
        nown += MP2_DTYPE(d) == DT_OWN;
        take_die(s, p, d);
    }
    pl->fresh = 0;
    int stack = spi < MP2_NBASESP ? c->space[spi].stack : 0;
    if (sp->used && stack)
        pay_cc(pl, low, 0, 0);
    if (sp->used && nown && mp2_has_char(s, p, CH_DONATA))
        pl->res[IT_CAMEL] = (int16_t)(pl->res[IT_CAMEL] + 2);
    if (spi == SP_TRAVEL1)
        pay_cc(pl, 2, 0, 0);
    int slot = sp->used;
    sp->used++;
    if (nown)
        sp->occ |= (uint8_t)(1 << p);
    sp->last = (int8_t)p;
    sp->low = (uint8_t)low;
    s->main_done = 1;
    switch (spi) {
    case SP_BOOK1:
    case SP_BOOK2:
    case SP_BOOK3A:
    case SP_BOOK3B: {
        int book = spi < SP_BOOK3A ? spi : 2;
        if (c->caravans)
            mp2_push(s, EF_CVMOVES, p, book, 0, 0, 0);
        mp2_push(s, EF_MARKET, p, book, 0, 0, 0);
        break;
    }
    case SP_KHAN:
        s->khan[slot] = (uint8_t)low;
        s->khan_by[slot] = (int8_t)p;
        gain_rw(c, s, p, c->rw_khan, 1);
        break;
    case SP_SEALS:
        mp2_push(s, EF_SEAL, p, 0, low, 0, 0);
        break;
    case SP_CONTRACTS:
        mp2_push(s, EF_GAIN, p, c->rw_contract_coins, 1, 0, 0);
        mp2_push(s, EF_CONTRACT, p, MP2_NOLOC, mp2_has_char(s, p, CH_VIDAL) ? 1 : 2, 1, 0);
        break;
    case SP_TRAVEL1:
    case SP_TRAVEL2:
    case SP_TRAVEL3: {
        int k = spi - SP_TRAVEL1;
        int steps = k == 0 ? 1 : k == 1 ? (low < 3 ? low : 3) : low;
        if (c->flag_first_last || k + 1 >= s->fp_rank) {
            s->fp_rank = (uint8_t)(k + 1);
            s->next_first = (uint8_t)p;
        }
        start_move(s, p, steps, MV_TRAVEL | (k == 2 ? MV_XPOST : 0));
        break;
    }
    default:
        if (spi >= SP_SPECIAL && spi < SP_CARD) {
            int k = (spi - SP_SPECIAL) / 2, j = (spi - SP_SPECIAL) % 2;
            const mp2_special *sd = &c->special[k];
            if (improved(pl, sd->guild))
                gain_rw(c, s, p, c->guild[sd->guild].income, low >= sd->twice[j] ? 2 : 1);
            gain_rw(c, s, p, sd->reward[j], 1);
        } else if (spi >= SP_CARD && spi < SP_BAG) {
            resolve_card(c, s, p, s->card_slot[spi - SP_CARD], low);
        }
        break;
    }
}

static void apply_turn(const mp2_cfg *c, mp2_state *s, kt_action a)
{
    int p = s->h.turn_player;
    mp2_player *pl = &s->pl[p];
    uint32_t x = MP2_AARG(a);
    switch (MP2_AKIND(a)) {
    case A_PLACE:
        do_place(c, s, p, x);
        break;
    case A_BAG: {
        take_die(s, p, (int)(x & 31));
        s->sp[SP_BAG].used++;
        s->sp[SP_BAG].last = (int8_t)p;
        gain_bundle(c, s, p, &c->rw[c->rw_bag].alt[x >> 5], 1);
        break;
    }
    case A_REROLL:
    case A_SHIFT: {
        int d = (int)(x & 31), v = MP2_DVAL(d);
        uint8_t *arr = MP2_DTYPE(d) == DT_OWN ? pl->own : pl->blk;
        int nv;
        if (MP2_AKIND(a) == A_REROLL) {
            pay_cc(pl, 0, 1, 0);
            nv = roll(s);
            if (c->flag_isa_reroll && mp2_has_char(s, p, CH_ISABELLA))
                isabella_die(s, p, nv, 1);
        } else {
            pay_cc(pl, 0, 2, 0);
            nv = (x & 32) ? v + 1 : v - 1;
        }
        arr[v]--;
        arr[nv]++;
        break;
    }
    case A_BUYBLACK:
        pay_cc(pl, 0, 3, 0);
        pl->tflags |= TF_BLACK;
        mp2_push(s, EF_BLACK, p, 0, 0, 0, 0);
        break;
    case A_COMPLETE: {
        int slot = (int)(x & 1), k = pl->con[slot];
        const mp2_contract *ct = &c->contract[k];
        mp2_bundle rew = c->rw[ct->reward].alt[0];
        if (x & 2)
            rew.n[IT_VP] = 0; /* Vidal Badoer: free, but without the points */
        else
            pay_b(pl, &c->rw[ct->cost].alt[0], 1);
        pl->con[slot] = MP2_NONE;
        pl->fresh &= (uint8_t)~(1 << slot);
        pl->done |= 1ull << k;
        pl->ndone++;
        gain_bundle(c, s, p, &rew, 1);
        if (mp2_has_char(s, p, CH_ABHA))
            add_jade(s, p, 1);
        break;
    }
    case A_IMPROVE: {
        int gi = (int)x;
        mp2_bundle cost = c->rw[c->guild[gi].improve].alt[0];
        if (mp2_has_char(s, p, CH_TEBALDO))
            cost.n[IT_COIN] = 0;
        pay_b(pl, &cost, 1);
        pl->seals |= (uint8_t)(16 << gi);
        if (mp2_has_char(s, p, CH_DEWU))
            add_jade(s, p, 1);
        gain_rw(c, s, p, c->guild[gi].income, 1);
        break;
    }
    case A_FILIPPO:
        pl->kept &= (uint16_t)~(1u << x);
        gain_rw(c, s, p, c->outpost[x].reward, 1);
        break;
    case A_VIDAL:
        pl->res[IT_PEPPER]--;
        pl->res[IT_SILK]--;
        pl->res[IT_GOLD]--;
        pl->res[IT_VP] = (int16_t)(pl->res[IT_VP] + 5);
        pl->tflags |= TF_VIDAL;
        break;
    case A_CVSTART:
        mp2_push(s, EF_CVTILE, p, (int)x, 0, 0, 0);
        mp2_push(s, EF_CVLOAD, p, (int)x, 0, 0, 0);
        break;
    case A_CVDONE:
        mp2_push(s, EF_CVFINISH, p, (int)x, 0, 0, 0);
        for (int j = 1; j >= 0; j--)
            if (pl->cv_goods[x][j])
                mp2_push(s, EF_CVSELL, p, (int)x, j, 0, 0);
        break;
    case A_END:
        end_turn(c, s);
        break;
    default:
        KT_ASSERT(0);
        break;
    }
}

/* ------------------------------------------------------------ apply: decisions */

static void pop(mp2_state *s) { KT_STACK_POP(s); }

/* The caravan decisions (the rest of apply_decision). */
static void apply_caravan_decision(mp2_state *s, kt_action a)
{
    mp2_eff e = s->stack[s->nstack - 1];
    mp2_eff *top = &s->stack[s->nstack - 1];
    int p = e.p;
    mp2_player *pl = &s->pl[p];
    int kind = MP2_AKIND(a);
    int x = (int)MP2_AARG(a);
    switch (e.type) {
    case EF_CVMOVE:
        if (kind == A_DONE) {
            pop(s);
            break;
        }
        pl->cv_loc[e.a] = (uint8_t)x;
        if (--top->b == 0)
            pop(s);
        break;
    case EF_CVLOAD:
        if (kind == A_DONE) {
            pop(s);
            break;
        }
        pl->res[x]--;
        pl->cv_goods[e.a][e.b] = (uint8_t)x;
        if (++top->b == 2)
            pop(s);
        break;
    case EF_CVTILE:
        pop(s);
        s->rtile[x] = RT_HELD;
        pl->cv_tile[e.a] = (uint8_t)x;
        mp2_push(s, EF_CVCITY, p, e.a, 0, 0, x);
        break;
    case EF_CVCITY:
        pop(s);
        pl->cv_loc[e.a] = (uint8_t)x;
        break;
    case EF_CVSELL: {
        pop(s);
        int gd = pl->cv_goods[e.a][e.b];
        pl->cv_goods[e.a][e.b] = 0;
        if (x == 0)
            pl->res[IT_VP] = (int16_t)(pl->res[IT_VP] + (gd == IT_GOLD ? 6 : gd == IT_SILK ? 4 : 2));
        else if (x == 1)
            pl->res[gd + 1]++;
        else
            pl->res[gd] = (int16_t)(pl->res[gd] + 2);
        break;
    }
    case EF_CVRETURN: {
        pop(s);
        int i = e.a, o = 1 - i;
        int ret = pl->cv_tile[i];
        if (x == 1) { /* return the running caravan's tile; it keeps this one */
            ret = pl->cv_tile[o];
            pl->cv_tile[o] = pl->cv_tile[i];
        }
        s->rtile[ret] = RT_DOWN;
        pl->cv_tile[i] = MP2_NONE;
        break;
    }
    default:
        KT_ASSERT(0);
        break;
    }
}

static void apply_decision(const mp2_cfg *c, mp2_state *s, kt_action a)
{
    mp2_eff e = s->stack[s->nstack - 1];
    mp2_eff *top = &s->stack[s->nstack - 1];
    int p = e.p;
    mp2_player *pl = &s->pl[p];
    int kind = MP2_AKIND(a);
    int x = (int)MP2_AARG(a);
    switch (e.type) {
    case EF_DRAFT:
        pop(s);
        mp2_take_character(c, s, p, s->draft[x]);
        s->draft[x] = MP2_NONE;
        break;
    case EF_GOAL:
        pop(s);
        pl->goal = (uint8_t)x;
        break;
    case EF_MAILIN:
        pop(s);
        give_income(c, s, p, x);
        break;
    case EF_COPY:
        if (--top->b == 0)
            pop(s);
        gain_rw(c, s, p, c->marker[s->marker[x]].reward, 1);
        break;
    case EF_COMP:
        pop(s);
        pl->res[IT_COIN] = (int16_t)(pl->res[IT_COIN] + x);
        pl->res[IT_CAMEL] = (int16_t)(pl->res[IT_CAMEL] + e.a - x);
        break;
    case EF_ISABELLA:
        pop(s);
        for (int v = 1; v <= 6; v++)
            isabella_die(s, p, v, pl->own[v] - (v == x ? 2 : 0));
        if (x == 1 || x == 6)
            add_jade(s, p, 1);
        else if (x == 2 || x == 5)
            pl->res[IT_SILK]++;
        else if (x)
            pl->res[IT_GOLD]++;
        break;
    case EF_ALT:
        if (--top->b == 0)
            pop(s);
        gain_bundle(c, s, p, &c->rw[e.a].alt[x], 1);
        break;
    case EF_GOOD:
        if (--top->b == 0)
            pop(s);
        pl->res[x]++;
        break;
    case EF_MARKET: {
        pop(s);
        const mp2_offer *o = &c->offer[s->offers[e.a][s->round]];
        int rw = x < 2 ? c->book_top[e.a][x] : x == 2 ? o->jade1 : o->jade2;
        if (x >= 2)
            pl->res[IT_JADE] = (int16_t)(pl->res[IT_JADE] - (x - 1));
        gain_rw(c, s, p, rw, 1);
        break;
    }
    case EF_SEAL:
        pop(s);
        pl->seals |= (uint8_t)(1 << x);
        if (c->guild[x].jade)
            add_jade(s, p, c->guild[x].jade);
        break;
    case EF_CONTRACT: {
        if (kind == A_DONE) {
            pop(s);
            break;
        }
        int k = s->cboard[x / 2][x % 2];
        s->cboard[x / 2][x % 2] = MP2_NONE;
        top->c |= 2;
        if (--top->b == 0)
            pop(s);
        receive_contract(s, p, k, 1, 0);
        break;
    }
    case EF_DISCARD:
        pop(s);
        if (x == 2) {
            contract_to_bottom(c, s, e.a);
        } else {
            contract_to_bottom(c, s, pl->con[x]);
            pl->con[x] = (uint8_t)e.a;
            pl->fresh = (uint8_t)((pl->fresh & ~(1 << x)) | (e.c ? 1 << x : 0));
        }
        break;
    case EF_MOVE:
        if (kind == A_DONE) {
            pop(s);
            finish_move(c, s);
        } else {
            move_leg(c, s, x >> 8, x & 0xff);
        }
        break;
    case EF_MOVEPOST:
        pop(s);
        pl->posts &= ~(1ull << x);
        pl->posts |= 1ull << e.a;
        break;
    case EF_XPOST:
        pop(s);
        s->xmask = 0;
        if (kind != A_DONE)
            push_arrive(s, p, x, 1);
        break;
    case EF_CARD: {
        pop(s);
        const mp2_card *cd = &c->card[e.a];
        int dir = x >> 4, k = x & 15;
        pay_b(pl, &c->rw[dir ? cd->pay2 : cd->pay].alt[0], k);
        gain_rw(c, s, p, dir ? cd->gain2 : cd->gain, k);
        break;
    }
    case EF_CARDBONUS:
        if (kind == A_DONE) {
            pop(s);
            break;
        }
        top->d |= (uint16_t)(1 << x);
        top->c++;
        if (--top->b == 0)
            pop(s);
        gain_marker(c, s, p, s->marker[x], 1);
        break;
    default:
        apply_caravan_decision(s, a);
        return;
    }
}

/* ------------------------------------------------------------ automatic effects */

static void auto_effect(const mp2_cfg *c, mp2_state *s, const mp2_eff *e)
{
    int p = e->p;
    mp2_player *pl = &s->pl[p];
    switch (e->type) {
    case EF_GAIN:
        gain_rw(c, s, p, e->a, e->b);
        break;
    case EF_INCOME: {
        uint16_t src[16];
        if (mp2_has_char(s, p, CH_MAILIN) && mp2_income_sources(c, s, p, src) > 0)
            mp2_push(s, EF_MAILIN, p, 0, 0, 0, 0);
        else
            give_income(c, s, p, -1);
        break;
    }
    case EF_ROLL:
        roll_all(c, s);
        break;
    case EF_ARRIVE: {
        int loc = e->a;
        if (!((c->city_mask >> loc) & 1) || ((pl->posts >> loc) & 1))
            break;
        int bonuses = !(e->b && !c->flag_xpost_bonus);
        if (pl->nposts >= MP2_POSTS) {
            if (bonuses)
                mp2_push(s, EF_ARRIVE2, p, loc, 0, 0, 0);
            mp2_push(s, EF_MOVEPOST, p, loc, 0, 0, 0);
        } else {
            place_post(s, p, loc);
            if (bonuses)
                arrive2(c, s, p, loc);
        }
        break;
    }
    case EF_ARRIVE2:
        arrive2(c, s, p, e->a);
        break;
    case EF_DRAW: {
        int k = draw_pile(s);
        if (k != MP2_NONE)
            receive_contract(s, p, k, 0, 1);
        break;
    }
    case EF_BLACK:
        if (s->black_pool > 0) {
            s->black_pool--;
            int v = roll(s);
            pl->blk[v]++;
            if (mp2_has_char(s, p, CH_ISABELLA))
                isabella_die(s, p, v, 1);
        }
        break;
    case EF_MONGKE:
        pl->res[IT_VP] = (int16_t)(pl->res[IT_VP] + 3 * e->b);
        gain_rw(c, s, p, c->rw_mongke, e->b);
        break;
    case EF_CVMOVES: {
        int steps = e->a + 1 + (mp2_has_char(s, p, CH_TEBALDO) ? 2 : 0);
        for (int i = 1; i >= 0; i--)
            if (pl->cv_loc[i] != MP2_NOLOC)
                mp2_push(s, EF_CVMOVE, p, i, steps, 0, 0);
        break;
    }
    case EF_CVFINISH: {
        int i = e->a;
        pl->cv_loc[i] = MP2_NOLOC;
        if (mp2_has_char(s, p, CH_PIEDRO)) {
            pl->res[IT_VP] = (int16_t)(pl->res[IT_VP] + 3);
            add_jade(s, p, 1);
            if (pl->cv_loc[1 - i] != MP2_NOLOC) {
                mp2_push(s, EF_CVRETURN, p, i, 0, 0, 0);
                break;
            }
        }
        s->rtile[pl->cv_tile[i]] = RT_DOWN;
        pl->cv_tile[i] = MP2_NONE;
        break;
    }
    case EF_STARTPLAY: {
        s->phase = PH_PLAY;
        int q = next_with_dice(c, s, s->first);
        if (q < 0)
            end_round(c, s);
        else
            begin_turn(s, q);
        break;
    }
    default:
        KT_ASSERT(0);
        break;
    }
}

/* A decision without any option is skipped (e.g. no contract left to take
 * on a second pick, a move that cannot go on). */
static void skip_effect(const mp2_cfg *c, mp2_state *s)
{
    int type = s->stack[s->nstack - 1].type;
    pop(s);
    if (type == EF_MOVE && s->mv.on)
        finish_move(c, s);
    else if (type == EF_XPOST)
        s->xmask = 0;
}

void mp2_run(const mp2_cfg *c, mp2_state *s)
{
    kt_action tmp[256];
    for (;;) {
        if (s->h.status != KT_RUNNING)
            return;
        if (s->nstack) {
            mp2_eff *e = &s->stack[s->nstack - 1];
            if (e->type == EF_MOVE && !s->mv.on) {
                memset(&s->mv, 0, sizeof s->mv);
                s->mv.on = 1;
                s->mv.p = e->p;
                s->mv.steps = e->b;
                s->mv.flags = e->c;
            }
            if (e->type < EF_AUTO) {
                /* only these decisions can run out of options (the others
                 * always offer at least one: fixed choices, or checked when
                 * the effect was created) */
                int may_be_empty = e->type == EF_CONTRACT || e->type == EF_MOVE ||
                                   e->type == EF_XPOST || e->type == EF_CARDBONUS ||
                                   e->type == EF_CVMOVE || e->type == EF_CVLOAD ||
                                   e->type == EF_CVTILE || e->type == EF_CVCITY;
                KT_ASSERT(may_be_empty || mp2_gen_decision(c, s, e, tmp) > 0);
                if (may_be_empty && mp2_gen_decision(c, s, e, tmp) == 0) {
                    skip_effect(c, s);
                    continue;
                }
                s->h.decision = e->type;
                s->h.to_move = (int8_t)e->p;
                return;
            }
            mp2_eff ef = *e;
            pop(s);
            auto_effect(c, s, &ef);
            continue;
        }
        if (s->phase == PH_SETUP) {
            start_round(c, s, 0);
            continue;
        }
        if (s->phase == PH_PLAY) {
            s->h.decision = DEC_TURN;
            s->h.to_move = s->h.turn_player;
            return;
        }
        KT_ASSERT(0);
        return;
    }
}

void mp2_apply(const kt_game *g, kt_state *st, kt_action a)
{
    const mp2_cfg *c = mp2_config(g);
    mp2_state *s = (mp2_state *)st;
    if (s->nstack)
        apply_decision(c, s, a);
    else
        apply_turn(c, s, a);
    mp2_run(c, s);
}

void mp2_decision_sync(const mp2_cfg *c, mp2_state *s)
{
    KT_UNUSED(c);
    if (s->h.status != KT_RUNNING) {
        s->h.to_move = -1;
        s->h.decision = DEC_OVER;
    } else if (s->nstack) {
        s->h.decision = s->stack[s->nstack - 1].type;
        s->h.to_move = (int8_t)s->stack[s->nstack - 1].p;
    } else {
        s->h.decision = DEC_TURN;
        s->h.to_move = s->h.turn_player;
    }
}
