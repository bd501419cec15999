/*
 * rules.c - Marco Polo II rules: setup, legal actions and their effects.
 *
 * Data layout: see mp2.h.  Control flow: an action is applied, then run()
 * resolves the pending-effect stack (s->stk) until an effect needs a
 * decision (its type is below EF_AUTO) or the stack is empty; with an empty
 * stack the turn player decides what to do next (DEC_TURN: bonus actions,
 * one normal action while dice are left, "end turn" afterwards).  Effects
 * are pushed in reverse order of execution.  Every decision effect has a
 * generator in legal(); run() skips a decision that has no option at all,
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

static int has_char(const mp2_state *s, int p, int ch) { return s->pl[p].character == ch; }

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

static int can_pay_b(const mp2_player *pl, const mp2_bundle *b, int times)
{
    for (int i = IT_PEPPER; i <= IT_GOLD; i++)
        if (b->n[i] * times > pl->res[i])
            return 0;
    return mp2_can_pay(pl, b->n[IT_COIN] * times, b->n[IT_CAMEL] * times, b->n[IT_JADE] * times);
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
    if (has_char(s, p, CH_ABHA))
        s->pl[p].res[IT_VP] = (int16_t)(s->pl[p].res[IT_VP] + n);
}

static void push(mp2_state *s, int type, int p, int a, int b, int cc, int d)
{
    KT_ASSERT(s->nstk < MP2_STACK);
    if (s->nstk >= MP2_STACK)
        return;
    mp2_eff *e = &s->stk[s->nstk++];
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
        push(s, EF_ALT, p, rw, times, 0, 0);
}

static void start_move(mp2_state *s, int p, int steps, int flags)
{
    push(s, EF_MOVE, p, 0, steps, flags, 0);
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
        push(s, EF_BLACK, p, 0, 0, 0, 0);
    for (int i = 0; i < b->n[IT_CONTRACT] * times; i++)
        push(s, EF_CONTRACT, p, MP2_NOLOC, 1, 0, 0);
    for (int i = 0; i < b->n[IT_DRAW] * times; i++)
        push(s, EF_DRAW, p, 0, 0, 0, 0);
    if (b->n[IT_GOOD])
        push(s, EF_GOOD, p, 0, b->n[IT_GOOD] * times, 0, 0);
    KT_UNUSED(c);
}

/* ------------------------------------------------------------ map helpers */

static int has_seal(const mp2_player *pl, int g) { return (pl->seals >> g) & 1; }
static int improved(const mp2_player *pl, int g) { return (pl->seals >> (4 + g)) & 1; }

/* Steps a leg costs for figure `fig`: Möngke Khan leaves an oasis he
 * entered during this move for free, so a city-oasis-city hop is 1 step. */
int mp2_step_cost(const mp2_cfg *c, const mp2_state *s, int p, int fig)
{
    KT_UNUSED(c);
    if (has_char(s, p, CH_MONGKE) && s->mv.on && ((s->mv.pend >> fig) & 1))
        return 0;
    return 1;
}

/* Can player p travel along route r now, given extra coins already owed? */
static int leg_ok(const mp2_cfg *c, const mp2_state *s, int p, const mp2_route *r, int owed)
{
    const mp2_player *pl = &s->pl[p];
    if (r->seal && !has_seal(pl, r->seal - 1))
        return 0;
    if (has_char(s, p, CH_GANTULGA))
        return mp2_can_pay(pl, owed, 0, r->jade);
    KT_UNUSED(c);
    return mp2_can_pay(pl, owed + r->coins, r->camels, r->jade);
}

static int nfigs(const mp2_state *s, int p) { return s->pl[p].fig[1] != MP2_NOLOC ? 2 : 1; }

static int first_leg_exists(const mp2_cfg *c, const mp2_state *s, int p, int owed)
{
    for (int f = 0; f < nfigs(s, p); f++) {
        const mp2_loc *l = &c->loc[s->pl[p].fig[f]];
        for (int k = 0; k < l->nadj; k++)
            if (leg_ok(c, s, p, &c->route[l->route[k]], owed))
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

static void refill_board(mp2_state *s)
{
    for (int i = 0; i < MP2_NCCITY; i++)
        for (int j = 0; j < 2; j++)
            if (s->cboard[i][j] == MP2_NONE)
                s->cboard[i][j] = (uint8_t)draw_pile(s);
}

static int contract_avail(const mp2_cfg *c, const mp2_state *s, int p, int loc)
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
    push(s, EF_DISCARD, p, k, may_drop_new, fresh, 0);
}

/* ------------------------------------------------------------ posts */

static void push_arrive(mp2_state *s, int p, int loc, int extra)
{
    push(s, EF_ARRIVE, p, loc, extra, 0, 0);
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
        push(s, EF_COPY, p, 0, times, 0, 0);
    else
        gain_rw(c, s, p, c->marker[m].reward, times);
}

/* Arrival bonuses of a newly placed post, in reading order: bonus marker,
 * outpost tile, contract of the city. */
static void arrive2(const mp2_cfg *c, mp2_state *s, int p, int loc)
{
    const mp2_loc *l = &c->loc[loc];
    if (l->ccity && contract_avail(c, s, p, loc))
        push(s, EF_CONTRACT, p, loc, 1, 0, 0);
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
    if (c->flag_mongke_end && has_char(s, p, CH_MONGKE))
        for (int f = 0; f < nfigs(s, p); f++)
            if (((mv->pend >> f) & 1) && !((mv->skipped >> pl->fig[f]) & 1))
                oases++;
    /* Order of resolution: posts (end city, then the extra post), Möngke's
     * reward.  Pushed in reverse. */
    if (oases > 0)
        push(s, EF_MONGKE, p, 0, oases, 0, 0);
    if ((mv->flags & MV_XPOST) && mv->passed) {
        s->xmask = mv->passed;
        push(s, EF_XPOST, p, 0, 0, 0, 0);
    }
    int figs = nfigs(s, p);
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
    if (has_char(s, p, CH_GANTULGA))
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
    if (has_char(s, p, CH_MONGKE) && c->loc[dest].kind == LK_OASIS)
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
    push(s, EF_STARTPLAY, 0, 0, 0, 0, 0);
    push(s, EF_ROLL, s->first, 0, 0, 0, 0);
    for (int i = c->np - 1; i >= 0; i--)
        push(s, EF_INCOME, (s->first + i) % c->np, 0, 0, 0, 0);
}

/* Income sources of the "!" step: 0..5 bonus-city markers, 8..11 improved
 * seals.  Mailin & Tian Chin double one of them. */
static int income_sources(const mp2_cfg *c, const mp2_state *s, int p, uint16_t *out)
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
    int n = income_sources(c, s, p, src);
    for (int i = n - 1; i >= 0; i--) {
        int times = src[i] == twice ? 2 : 1;
        if (src[i] < 8)
            gain_marker(c, s, p, s->marker[src[i]], times);
        else
            gain_rw(c, s, p, c->guild[src[i] - 8].income, times);
    }
    if (has_char(s, p, CH_ABHA))
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
        if (has_char(s, p, CH_ISABELLA)) {
            if (isabella_pair(pl))
                push(s, EF_ISABELLA, p, 0, 0, 0, 0);
            else
                for (int v = 1; v <= 6; v++)
                    isabella_die(s, p, v, pl->own[v]);
        }
        int sum = 0;
        for (int v = 1; v <= 6; v++)
            sum += v * pl->own[v];
        if (sum < 15)
            push(s, EF_COMP, p, 15 - sum, 0, 0, 0);
    }
}

static void final_scoring(const mp2_cfg *c, mp2_state *s);
static void run(const mp2_cfg *c, mp2_state *s);

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
    refill_board(s);
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

/* ------------------------------------------------------------ init */

static void init_player(mp2_state *s, int p)
{
    mp2_player *pl = &s->pl[p];
    pl->res[IT_COIN] = 8;
    pl->res[IT_CAMEL] = 3;
    pl->fig[1] = MP2_NOLOC;
    pl->character = MP2_NONE;
    pl->con[0] = pl->con[1] = MP2_NONE;
    pl->goal = MP2_NONE;
    pl->cv_loc[0] = pl->cv_loc[1] = MP2_NOLOC;
    pl->cv_tile[0] = pl->cv_tile[1] = MP2_NONE;
}

/* Character set-up effects when a character is taken. */
static void take_character(const mp2_cfg *c, mp2_state *s, int p, int ch)
{
    mp2_player *pl = &s->pl[p];
    pl->character = (uint8_t)ch;
    if (ch == CH_MAILIN) {
        pl->fig[1] = (uint8_t)c->start;
        pl->res[IT_COIN] = (int16_t)(pl->res[IT_COIN] + 3);
    }
    if (ch == CH_DONATA)
        for (int col = 0; col < MP2_MAXP; col++)
            if (col != p)
                pl->pieces |= (uint8_t)(1 << col);
}

void mp2_init(const kt_game *g, kt_state *st)
{
    const mp2_cfg *c = mp2_c(g);
    mp2_state *s = (mp2_state *)st;
    kt_rng *rng = &s->h.rng;
    for (int p = 0; p < c->np; p++) {
        init_player(s, p);
        s->pl[p].fig[0] = (uint8_t)c->start;
    }
    /* contracts: one random starter each, the rest of the starters out */
    uint8_t st_[MP2_NSTARTERS], red[MP2_NCONTRACTS];
    int nst = 0, nred = 0;
    for (int k = 0; k < MP2_NCONTRACTS; k++) {
        if (c->contract[k].starter)
            st_[nst++] = (uint8_t)k;
        else
            red[nred++] = (uint8_t)k;
    }
    kt_shuffle_u8(rng, st_, (uint32_t)nst);
    for (int p = 0; p < c->np; p++)
        s->pl[p].con[0] = st_[p];
    for (int i = c->np; i < nst; i++)
        s->removed |= 1ull << st_[i];
    kt_shuffle_u8(rng, red, (uint32_t)nred);
    memcpy(s->pile, red, (size_t)nred);
    s->pile_len = (uint8_t)nred;
    s->pile_unknown = (uint8_t)nred;
    for (int i = 0; i < MP2_NCCITY; i++)
        s->cboard[i][0] = s->cboard[i][1] = MP2_NONE;
    refill_board(s);
    /* city cards */
    for (int i = 0; i < MP2_NCARDS; i++)
        s->cc_deck[i] = (uint8_t)i;
    kt_shuffle_u8(rng, s->cc_deck, MP2_NCARDS);
    for (int i = 0; i < 8; i++)
        s->card_slot[i] = s->cc_deck[s->cc_next++];
    /* offer tiles: each pile shuffled, the last one stays unseen */
    for (int b = 0; b < 3; b++) {
        memcpy(s->offers[b], c->offer_pile[b], 6);
        kt_shuffle_u8(rng, s->offers[b], 6);
    }
    /* bonus markers and outpost tiles */
    uint8_t m[MP2_NMARKERS];
    for (int i = 0; i < MP2_NMARKERS; i++)
        m[i] = (uint8_t)i;
    kt_shuffle_u8(rng, m, MP2_NMARKERS);
    memcpy(s->marker, m, MP2_NBONUSCITY);
    s->unused_marker = m[MP2_NMARKERS - 1];
    for (int i = 0; i < MP2_NOUTPOSTS; i++)
        s->outpost[i] = (uint8_t)i;
    kt_shuffle_u8(rng, s->outpost, MP2_NOUTPOSTS);
    /* goal cards: three each */
    uint8_t gl[MP2_NGOALS];
    for (int i = 0; i < MP2_NGOALS; i++)
        gl[i] = (uint8_t)i;
    kt_shuffle_u8(rng, gl, MP2_NGOALS);
    for (int p = 0; p < c->np; p++)
        memcpy(s->pl[p].goal_opt, gl + 3 * p, 3);
    s->first = 0;
    s->next_first = 0;
    s->phase = PH_SETUP;
    s->h.turn_player = -1;
    for (int i = 0; i < MP2_NSPACES; i++)
        s->sp[i].last = -1;
    for (int i = 0; i < 4; i++)
        s->khan_by[i] = -1;
    /* stack: characters in reverse seat order, then goal cards in seat order */
    for (int p = c->np - 1; p >= 0; p--)
        push(s, EF_GOAL, p, 0, 0, 0, 0);
    if (c->draft) {
        uint8_t pool[MP2_NCHAR];
        int n = c->caravans ? MP2_NCHAR : MP2_NBASECHAR;
        for (int i = 0; i < n; i++)
            pool[i] = (uint8_t)i;
        kt_shuffle_u8(rng, pool, (uint32_t)n);
        for (int i = 0; i <= c->np; i++)
            s->draft[i] = pool[i];
        for (int i = c->np + 1; i <= MP2_MAXP; i++)
            s->draft[i] = MP2_NONE;
        for (int p = 0; p < c->np; p++)
            push(s, EF_DRAFT, p, 0, 0, 0, 0);
    } else {
        for (int i = 0; i <= MP2_MAXP; i++)
            s->draft[i] = MP2_NONE;
        for (int p = 0; p < c->np; p++)
            take_character(c, s, p, c->fixed_char[p]);
    }
    run(c, s);
}

/* ------------------------------------------------------------ legal: turn */

/* The turn decision is the hot path of random play (about four in five
 * decisions): every open space times every way to put its dice down.  So
 * the player's dice are summarised once per call as "kinds" (own 1..6,
 * black 1..6, Donata's pieces), each kind already a one-die placement;
 * pairs and triples are built from them by plain arithmetic, and only
 * when a space needs them.  The order of the generated actions is part of
 * the behaviour (random play picks by index) and is: spaces in index
 * order; per space the multisets of kinds in lexicographic order. */

typedef struct combo {
    uint32_t code;  /* dice codes, 5 bits each, in kind order */
    uint8_t low;    /* lowest value (a piece counts as 6) */
    uint8_t nown;   /* own dice in it */
    uint8_t npiece; /* pieces in it */
    uint8_t pieces; /* colours of the pieces used */
} combo;

typedef struct dkinds {
    int n;           /* kinds; Donata's pieces are the last npiece */
    int npiece;
    combo one[16];   /* each kind as a one-die placement */
    uint8_t cnt[16]; /* dice of that kind */
    int own, black;  /* unplaced own / black dice */
    /* kinds as bit sets (bit i = kind i), for one-die spaces */
    uint32_t own_set, piece_set;
    uint32_t ge[8]; /* kinds with value >= v (ge[7] empty) */
} dkinds;

/* Written without data-dependent branches where it is cheap: dice values
 * are random, so branches on them are mispredicted in random play. */
static void die_kinds(const mp2_player *pl, dkinds *d)
{
    int n = 0, own = 0, black = 0;
    /* a kind is written at slot n whether or not it exists; n advances only
     * for kinds present (no branch on the dice) */
    for (int v = 1; v <= 6; v++) {
        combo x = {MP2_DIE(DT_OWN, v), (uint8_t)v, 1, 0, 0};
        d->one[n] = x;
        d->cnt[n] = pl->own[v];
        own += pl->own[v];
        n += pl->own[v] != 0;
    }
    d->own_set = (1u << n) - 1;
    for (int v = 1; v <= 6; v++) {
        combo x = {MP2_DIE(DT_BLACK, v), (uint8_t)v, 0, 0, 0};
        d->one[n] = x;
        d->cnt[n] = pl->blk[v];
        black += pl->blk[v];
        n += pl->blk[v] != 0;
    }
    int first_piece = n;
    if (pl->pieces)
        for (int col = 0; col < MP2_MAXP; col++)
            if ((pl->pieces >> col) & 1) {
                combo *x = &d->one[n];
                x->code = MP2_DIE(DT_PIECE, col + 1);
                x->low = 6;
                x->nown = 0;
                x->npiece = 1;
                x->pieces = (uint8_t)(1 << col);
                d->cnt[n++] = 1;
            }
    d->n = n;
    d->own = own;
    d->black = black;
    d->npiece = n - first_piece;
    d->piece_set = ((1u << n) - 1) & ~((1u << first_piece) - 1);
}

/* d->ge[]: only the placement generator needs it. */
static void die_kinds_ge(dkinds *d)
{
    uint32_t ge[8] = {0};
    for (int i = 0; i < d->n; i++)
        ge[d->one[i].low] |= 1u << i;
    d->ge[7] = 0;
    for (int v = 6; v >= 0; v--)
        d->ge[v] = ge[v] | d->ge[v + 1];
}

/* a followed by b, b's codes shifted to bit `shift` */
static inline combo combine(const combo *a, const combo *b, int shift)
{
    combo r;
    r.code = a->code | b->code << shift;
    r.low = a->low < b->low ? a->low : b->low;
    r.nown = (uint8_t)(a->nown + b->nown);
    r.npiece = (uint8_t)(a->npiece + b->npiece);
    r.pieces = (uint8_t)(a->pieces | b->pieces);
    return r;
}

/* All multisets of 2 dice, in lexicographic order of kinds. */
static int combos2(const dkinds *d, combo *out)
{
    int n = 0;
    for (int i = 0; i < d->n; i++)
        for (int j = d->cnt[i] >= 2 ? i : i + 1; j < d->n; j++)
            out[n++] = combine(&d->one[i], &d->one[j], 5);
    return n;
}

/* All multisets of 3 dice, in lexicographic order of kinds. */
static int combos3(const dkinds *d, combo *out)
{
    int n = 0;
    for (int i = 0; i < d->n; i++)
        for (int j = d->cnt[i] >= 2 ? i : i + 1; j < d->n; j++) {
            combo ij = combine(&d->one[i], &d->one[j], 5);
            /* the third die may repeat kind j if enough dice of it remain */
            int need = 2 + (j == i);
            for (int l = d->cnt[j] >= need ? j : j + 1; l < d->n; l++)
                out[n++] = combine(&ij, &d->one[l], 10);
        }
    return n;
}

/* Guilds player p may still take whatever the die (not held, copies
 * left), as a bit mask. */
static int seals_open(const mp2_cfg *c, const mp2_state *s, int p)
{
    /* holders per guild, one nibble each */
    unsigned held = 0;
    for (int q = 0; q < c->np; q++) {
        unsigned x = s->pl[q].seals & 15u;
        held += (x & 1u) | (x & 2u) << 3 | (x & 4u) << 6 | (x & 8u) << 9;
    }
    int m = 0;
    for (int g = 0; g < MP2_NGUILD; g++)
        if (((held >> (4 * g)) & 15u) < c->guild[g].copies)
            m |= 1 << g;
    return m & ~s->pl[p].seals & 15;
}

static int card_times(const mp2_card *cd, int die)
{
    return cd->times == CT_ONE ? 1 : cd->times == CT_HALF ? (die + 1) / 2 : die;
}

static int bonus_cities_with_post(const mp2_cfg *c, const mp2_state *s, int p)
{
    return mp2_popc64(s->pl[p].posts & c->bonus_mask);
}

/* Can city card `cd` be resolved at least once?  Cards are single-use
 * spaces, so no fee is ever paid; the die matters only for the minimum
 * (checked by the caller) and for the guild-seal card (seal_any: some
 * guild takeable with a 6). */
static int card_usable(const mp2_cfg *c, const mp2_state *s, int p, const mp2_card *cd,
                       int seal_any)
{
    const mp2_player *pl = &s->pl[p];
    switch (cd->kind) {
    case CK_TRADE:
        return can_pay_b(pl, &c->rw[cd->pay].alt[0], 1);
    case CK_EITHER:
        return can_pay_b(pl, &c->rw[cd->pay].alt[0], 1) ||
               can_pay_b(pl, &c->rw[cd->pay2].alt[0], 1);
    case CK_PERCONTRACT:
        return pl->ndone > 0;
    case CK_PERPOST:
        return pl->nposts > 0;
    case CK_BONUSES:
        return bonus_cities_with_post(c, s, p) > 0;
    case CK_SEALS:
        return seal_any && can_pay_b(pl, &c->rw[cd->pay].alt[0], 1);
    }
    return 0;
}

/* Donata's pieces open a city card of a city where a post of the piece's
 * colour stands, or (colours nobody plays) a city without posts. */
static int pieces_open_city(const mp2_cfg *c, const mp2_state *s, uint8_t pieces, int loc)
{
    int anyone = 0;
    for (int q = 0; q < c->np; q++)
        anyone |= (int)((s->pl[q].posts >> loc) & 1);
    for (int col = 0; col < MP2_MAXP; col++) {
        if (!((pieces >> col) & 1))
            continue;
        if (col < c->np ? (int)((s->pl[col].posts >> loc) & 1) : !anyone)
            return 1;
    }
    return 0;
}

typedef struct tctx {
    const mp2_cfg *c;
    const mp2_state *s;
    int p;
    kt_action *buf;
    int n;
    int own, black;      /* unplaced own / black dice of the player */
    int seals;           /* -1 unknown, else seals_open() */
    int travel_ok[3][7]; /* -1 unknown, else whether a first leg exists for fee f */
} tctx;

static int seal_ok(tctx *t, int die)
{
    if (t->seals < 0)
        t->seals = seals_open(t->c, t->s, t->p);
    return (t->seals & t->c->seal_die[die]) != 0;
}

static void emit(tctx *t, kt_action a) { t->buf[t->n++] = a; }

static void gen_space(tctx *t, int sp, const combo *cbs, int ncb)
{
    const mp2_cfg *c = t->c;
    const mp2_state *s = t->s;
    int p = t->p;
    const mp2_player *pl = &s->pl[p];
    const mp2_space *x = &s->sp[sp];
    const mp2_card *cd = NULL;
    int card_loc = -1;
    /* everything that depends only on the space, hoisted out of the loop */
    int lowmin = c->sp_min[sp];
    if (sp == SP_KHAN && x->used && s->khan[x->used - 1] > lowmin)
        lowmin = s->khan[x->used - 1];
    int own_blocked = (x->occ >> p) & 1;
    int piece_blocked = x->used && sp != SP_KHAN;
    int fee_applies = x->used && c->sp_fee[sp];
    /* the most a fee may be (coins, or jade for the shortfall) */
    int maxfee = fee_applies ? pl->res[IT_COIN] + pl->res[IT_JADE] : 6;
    enum { K_PLAIN, K_SEALS, K_TRAVEL, K_SPECIAL, K_CARD } kind = K_PLAIN;
    int other_own = 0;
    if (sp == SP_SEALS) {
        kind = K_SEALS;
    } else if (sp >= SP_TRAVEL1 && sp <= SP_TRAVEL3) {
        kind = K_TRAVEL;
    } else if (sp >= SP_SPECIAL && sp < SP_CARD) {
        int k = (sp - SP_SPECIAL) / 2, other = SP_SPECIAL + 2 * k + (1 - (sp - SP_SPECIAL) % 2);
        kind = K_SPECIAL;
        other_own = (s->sp[other].occ >> p) & 1; /* one colour per special city */
    } else if (sp >= SP_CARD) {
        cd = &c->card[s->card_slot[sp - SP_CARD]];
        if (cd->min > lowmin)
            lowmin = cd->min;
        if (sp - SP_CARD < MP2_NCARDCITY && !((pl->posts >> c->card_loc[sp - SP_CARD]) & 1))
            card_loc = c->card_loc[sp - SP_CARD]; /* open only through a piece */
        if (cd->kind == CK_SEALS || card_loc >= 0)
            kind = K_CARD;
    }
    /* dice kinds a placement may not contain here */
    int no_own = own_blocked || (kind == K_SPECIAL && other_own);
    for (int i = 0; i < ncb; i++) {
        const combo *cb = &cbs[i];
        if (cb->low < lowmin || cb->low > maxfee || (no_own && cb->nown) ||
            (piece_blocked && cb->npiece))
            continue;
        switch (kind) {
        case K_SEALS:
            if (!seal_ok(t, cb->low))
                continue;
            break;
        case K_TRAVEL: {
            int fee = fee_applies ? cb->low : 0;
            int *cache = &t->travel_ok[sp - SP_TRAVEL1][fee];
            if (*cache < 0)
                *cache = first_leg_exists(c, s, p, fee + (sp == SP_TRAVEL1 ? 2 : 0));
            if (!*cache)
                continue;
            break;
        }
        case K_CARD:
            if ((cd->kind == CK_SEALS && !seal_ok(t, cb->low)) ||
                (card_loc >= 0 && !(cb->npiece && pieces_open_city(c, s, cb->pieces, card_loc))))
                continue;
            break;
        default:
            break;
        }
        emit(t, MP2_ACT(A_PLACE, (uint32_t)sp | (cb->code << 8)));
    }
}

static int can_start_route(const mp2_cfg *c, const mp2_state *s, int p, int tile);
static uint64_t route_targets(const mp2_cfg *c, const mp2_state *s, int p, int tile);

/* Some route tile can be started now (checked on every turn decision of a
 * Caravans game, so the common case is decided on shields alone). */
static int route_start_ok(const mp2_cfg *c, const mp2_state *s, int p)
{
    const mp2_player *pl = &s->pl[p];
    unsigned figsh = 0; /* shields of the cities where a figure stands */
    for (int f = 0; f < nfigs(s, p); f++)
        if (c->loc[pl->fig[f]].kind == LK_CITY)
            figsh |= 1u << c->loc[pl->fig[f]].shield;
    if (!figsh)
        return 0;
    for (int tl = 0; tl < c->nrtile; tl++) {
        const mp2_rtile *rt = &c->rtile[tl];
        if (s->rtile[tl] != RT_UP || !(figsh & (1u << rt->crest[0] | 1u << rt->crest[1])))
            continue;
        /* every crest is on some city (checked by the loader), so only
         * Mailin & Tian Chin's exclusion can leave no target */
        if (!has_char(s, p, CH_MAILIN) || route_targets(c, s, p, tl))
            return 1;
    }
    return 0;
}

/* gen_space for a one-die space: the same conditions, as bit sets over
 * the kinds (most open spaces take one die). */
static void gen_space1(tctx *t, int sp, const dkinds *d)
{
    const mp2_cfg *c = t->c;
    const mp2_state *s = t->s;
    int p = t->p;
    const mp2_player *pl = &s->pl[p];
    const mp2_space *x = &s->sp[sp];
    int lowmin = c->sp_min[sp];
    if (sp == SP_KHAN && x->used && s->khan[x->used - 1] > lowmin)
        lowmin = s->khan[x->used - 1];
    int fee_applies = x->used && c->sp_fee[sp];
    int no_own = (x->occ >> p) & 1;
    int seals = sp == SP_SEALS; /* De Wu's one-die Guild Seals, or the seal card */
    uint32_t ok = 0;
    if (sp >= SP_CARD) {
        const mp2_card *cd = &c->card[s->card_slot[sp - SP_CARD]];
        if (cd->min > lowmin)
            lowmin = cd->min;
        ok = d->ge[lowmin];
        if (sp - SP_CARD < MP2_NCARDCITY && !((pl->posts >> c->card_loc[sp - SP_CARD]) & 1)) {
            /* open only through a piece of a fitting colour */
            uint32_t pc = ok & d->piece_set, keep = 0;
            for (; pc; pc &= pc - 1) {
                int i = __builtin_ctz(pc);
                if (pieces_open_city(c, s, d->one[i].pieces, c->card_loc[sp - SP_CARD]))
                    keep |= 1u << i;
            }
            ok = keep;
        }
        seals = cd->kind == CK_SEALS;
    } else {
        ok = d->ge[lowmin];
        if (sp >= SP_SPECIAL) {
            int k = (sp - SP_SPECIAL) / 2, other = SP_SPECIAL + 2 * k + (1 - (sp - SP_SPECIAL) % 2);
            no_own |= (s->sp[other].occ >> p) & 1; /* one colour per special city */
        }
        if (fee_applies) {
            int maxfee = pl->res[IT_COIN] + pl->res[IT_JADE];
            if (maxfee < 6)
                ok &= ~d->ge[maxfee < 0 ? 0 : maxfee + 1];
        }
    }
    if (no_own)
        ok &= ~d->own_set;
    if (x->used && sp != SP_KHAN)
        ok &= ~d->piece_set; /* pieces only on free spaces */
    if (seals)
        for (uint32_t m = ok; m; m &= m - 1) {
            int i = __builtin_ctz(m);
            if (!seal_ok(t, d->one[i].low))
                ok &= ~(1u << i);
        }
    if (sp == SP_TRAVEL1)
        for (uint32_t m = ok; m; m &= m - 1) {
            int i = __builtin_ctz(m);
            int fee = fee_applies ? d->one[i].low : 0;
            int *cache = &t->travel_ok[0][fee];
            if (*cache < 0)
                *cache = first_leg_exists(c, s, p, fee + 2);
            if (!*cache)
                ok &= ~(1u << i);
        }
    for (; ok; ok &= ok - 1)
        emit(t, MP2_ACT(A_PLACE, (uint32_t)sp | (d->one[__builtin_ctz(ok)].code << 8)));
}

/* Pairs and triples of dice, built when the first space needs them. */
typedef struct multi {
    int n2, n3;
    combo c2[160], c3[600];
} multi;

static void gen_k(tctx *t, int sp, int k, const dkinds *d, multi *m)
{
    if (k == 1) {
        gen_space1(t, sp, d);
    } else if (k == 2) {
        if (m->n2 < 0)
            m->n2 = combos2(d, m->c2);
        gen_space(t, sp, m->c2, m->n2);
    } else {
        if (m->n3 < 0)
            m->n3 = combos3(d, m->c3);
        gen_space(t, sp, m->c3, m->n3);
    }
}

/* Not closed for this player: a single-use space already used, or the
 * player's colour there and no black die to put beside it. */
static inline int space_free(const tctx *t, int sp)
{
    const mp2_space *x = &t->s->sp[sp];
    return !(t->c->sp_single[sp] && x->used) && !(((x->occ >> t->p) & 1) && t->black == 0);
}

/* Placements on every space, in space order.  Each space is its own
 * statement rather than one loop with a switch: the conditions differ per
 * space, and separate branches are predicted separately. */
static void gen_places(tctx *t, const dkinds *d)
{
    const mp2_cfg *c = t->c;
    const mp2_state *s = t->s;
    int p = t->p;
    const mp2_player *pl = &s->pl[p];
    multi m;
    m.n2 = m.n3 = -1;
    memset(t->travel_ok, 0xff, sizeof t->travel_ok);
    /* a placement made only of Donata's pieces is fine while dice remain */
    for (int sp = SP_BOOK1; sp <= SP_BOOK3B; sp++)
        if (space_free(t, sp))
            gen_k(t, sp, c->sp_dice[sp], d, &m);
    if (space_free(t, SP_KHAN) && s->sp[SP_KHAN].used < 4)
        gen_k(t, SP_KHAN, c->sp_dice[SP_KHAN], d, &m);
    if (space_free(t, SP_SEALS) && seal_ok(t, 6))
        gen_k(t, SP_SEALS, has_char(s, p, CH_DEWU) ? 1 : c->sp_dice[SP_SEALS], d, &m);
    if (space_free(t, SP_CONTRACTS) && contract_avail(c, s, p, MP2_NOLOC))
        gen_k(t, SP_CONTRACTS, c->sp_dice[SP_CONTRACTS], d, &m);
    if (space_free(t, SP_TRAVEL1))
        gen_k(t, SP_TRAVEL1, c->sp_dice[SP_TRAVEL1], d, &m);
    if (!has_char(s, p, CH_GANTULGA))
        for (int sp = SP_TRAVEL2; sp <= SP_TRAVEL3; sp++)
            if (space_free(t, sp))
                gen_k(t, sp, c->sp_dice[sp], d, &m);
    /* special cities: a post there */
    for (int k = 0; k < MP2_NSPECIAL; k++)
        if ((pl->posts >> c->special_loc[k]) & 1)
            for (int sp = SP_SPECIAL + 2 * k; sp < SP_SPECIAL + 2 * k + 2; sp++)
                if (space_free(t, sp))
                    gen_space1(t, sp, d);
    /* city cards: a post there or one of Donata's pieces; the two of the
     * action area are open to all */
    for (int slot = 0; slot < 8; slot++) {
        int card = s->card_slot[slot], sp = SP_CARD + slot;
        if (card == MP2_NONE || !space_free(t, sp))
            continue;
        if (slot < MP2_NCARDCITY && !((pl->posts >> c->card_loc[slot]) & 1) && !pl->pieces)
            continue;
        const mp2_card *cd = &c->card[card];
        if (card_usable(c, s, p, cd, cd->kind == CK_SEALS && seal_ok(t, 6)))
            gen_space1(t, sp, d);
    }
}

static void gen_turn(tctx *t)
{
    const mp2_cfg *c = t->c;
    const mp2_state *s = t->s;
    int p = t->p;
    const mp2_player *pl = &s->pl[p];
    dkinds dk;
    die_kinds(pl, &dk);
    t->own = dk.own;
    t->black = dk.black;
    t->seals = -1;
    int dice = t->own + t->black;
    if (!s->main_done && dice > 0) {
        die_kinds_ge(&dk);
        gen_places(t, &dk);
    }
    /* bonus actions: Donata's pieces are the last kinds and take no part */
    int ndice = dk.n - dk.npiece;
    for (int i = 0; i < ndice; i++)
        for (int ch = 0; ch < 3; ch++)
            emit(t, MP2_ACT(A_BAG, dk.one[i].code | (uint32_t)ch << 5));
    if (mp2_can_pay(pl, 0, 1, 0))
        for (int i = 0; i < ndice; i++)
            emit(t, MP2_ACT(A_REROLL, dk.one[i].code));
    if (mp2_can_pay(pl, 0, 2, 0))
        for (int i = 0; i < ndice; i++) {
            if (dk.one[i].low > 1)
                emit(t, MP2_ACT(A_SHIFT, dk.one[i].code));
            if (dk.one[i].low < 6)
                emit(t, MP2_ACT(A_SHIFT, dk.one[i].code | 32u));
        }
    if (!(pl->tflags & TF_BLACK) && s->black_pool > 0 && mp2_can_pay(pl, 0, 3, 0))
        emit(t, MP2_ACT(A_BUYBLACK, 0));
    for (int i = 0; i < 2; i++) {
        int k = pl->con[i];
        if (k == MP2_NONE)
            continue;
        if (can_pay_b(pl, &c->rw[c->contract[k].cost].alt[0], 1))
            emit(t, MP2_ACT(A_COMPLETE, (uint32_t)i));
        if (has_char(s, p, CH_VIDAL))
            emit(t, MP2_ACT(A_COMPLETE, (uint32_t)i | 2u));
    }
    int unimproved = pl->seals & ~(pl->seals >> 4) & 15;
    for (int g = 0; g < MP2_NGUILD && unimproved; g++) {
        if (!((unimproved >> g) & 1))
            continue;
        mp2_bundle cost = c->rw[c->guild[g].improve].alt[0];
        if (has_char(s, p, CH_TEBALDO))
            cost.n[IT_COIN] = 0;
        if (can_pay_b(pl, &cost, 1))
            emit(t, MP2_ACT(A_IMPROVE, (uint32_t)g));
    }
    if (pl->kept)
        for (int i = 0; i < MP2_NOUTPOSTS; i++)
            if ((pl->kept >> i) & 1)
                emit(t, MP2_ACT(A_FILIPPO, (uint32_t)i));
    if (has_char(s, p, CH_VIDAL) && !(pl->tflags & TF_VIDAL) && pl->res[IT_PEPPER] > 0 &&
        pl->res[IT_SILK] > 0 && pl->res[IT_GOLD] > 0)
        emit(t, MP2_ACT(A_VIDAL, 0));
    if (c->caravans) {
        int ncv = has_char(s, p, CH_PIEDRO) ? 2 : 1;
        for (int i = 0; i < ncv; i++) {
            if (pl->cv_loc[i] == MP2_NOLOC) {
                if (pl->res[IT_PEPPER] + pl->res[IT_SILK] + pl->res[IT_GOLD] == 0)
                    continue;
                if (route_start_ok(c, s, p))
                    emit(t, MP2_ACT(A_CVSTART, (uint32_t)i));
            } else {
                for (int f = 0; f < nfigs(s, p); f++)
                    if (pl->fig[f] == pl->cv_loc[i]) {
                        emit(t, MP2_ACT(A_CVDONE, (uint32_t)i));
                        break;
                    }
            }
        }
    }
    if (s->main_done || dice == 0)
        emit(t, MP2_ACT(A_END, 0));
}

/* ------------------------------------------------------------ caravans */

/* Cities where a caravan on route tile `tile` may start: a figure stands
 * in a city with one crest of the tile, the caravan goes to a city with
 * the other (Mailin & Tian Chin: not a city with one of her figures). */
static uint64_t route_targets(const mp2_cfg *c, const mp2_state *s, int p, int tile)
{
    const mp2_player *pl = &s->pl[p];
    uint64_t figs = 0, cand = 0;
    for (int f = 0; f < nfigs(s, p); f++)
        figs |= 1ull << pl->fig[f];
    for (int k = 0; k < 2; k++) {
        int here = c->rtile[tile].crest[k], there = c->rtile[tile].crest[1 - k];
        if (figs & c->shield_mask[here])
            cand |= c->shield_mask[there];
    }
    if (has_char(s, p, CH_MAILIN))
        cand &= ~figs;
    return cand;
}

/* Route tile `tile` can be started now: face up and with a target city. */
static int can_start_route(const mp2_cfg *c, const mp2_state *s, int p, int tile)
{
    return s->rtile[tile] == RT_UP && route_targets(c, s, p, tile) != 0;
}

/* ------------------------------------------------------------ legal: decisions */

static int gen_decision(const mp2_cfg *c, const mp2_state *s, const mp2_eff *e, kt_action *buf)
{
    int n = 0;
    int p = e->p;
    const mp2_player *pl = &s->pl[p];
#define PICK(x) (buf[n++] = MP2_ACT(A_PICK, (uint32_t)(x)))
    switch (e->type) {
    case EF_DRAFT:
        for (int i = 0; i <= c->np; i++)
            if (s->draft[i] != MP2_NONE)
                PICK(i);
        break;
    case EF_GOAL:
        for (int i = 0; i < 3; i++)
            PICK(i);
        break;
    case EF_MAILIN: {
        uint16_t src[16];
        int k = income_sources(c, s, p, src);
        for (int i = 0; i < k; i++)
            PICK(src[i]);
        break;
    }
    case EF_COPY:
        for (int b = 0; b < MP2_NBONUSCITY; b++)
            if (!c->marker[s->marker[b]].copy && !((e->d >> b) & 1))
                PICK(b);
        break;
    case EF_COMP:
        for (int i = 0; i <= e->a; i++)
            PICK(i);
        break;
    case EF_ISABELLA:
        PICK(0);
        for (int v = 1; v <= 6; v++)
            if (pl->own[v] >= 2)
                PICK(v);
        break;
    case EF_ALT:
        for (int i = 0; i < c->rw[e->a].nalt; i++)
            PICK(i);
        break;
    case EF_GOOD:
        for (int i = IT_PEPPER; i <= IT_GOLD; i++)
            PICK(i);
        break;
    case EF_MARKET:
        PICK(0);
        PICK(1);
        if (pl->res[IT_JADE] >= 1)
            PICK(2);
        if (pl->res[IT_JADE] >= 2)
            PICK(3);
        break;
    case EF_SEAL: {
        int m = seals_open(c, s, p) & c->seal_die[e->b];
        for (int g = 0; g < MP2_NGUILD; g++)
            if ((m >> g) & 1)
                PICK(g);
        break;
    }
    case EF_CONTRACT:
        for (int i = 0; i < MP2_NCCITY; i++) {
            int l = c->ccity_loc[i];
            if ((e->a != MP2_NOLOC && l != e->a) || !((pl->posts >> l) & 1))
                continue;
            for (int j = 0; j < 2; j++)
                if (s->cboard[i][j] != MP2_NONE)
                    PICK(i * 2 + j);
        }
        /* the Contracts action takes at least one; rewards and arrivals may
         * take none */
        if (n > 0 && !(e->c & 1 && !(e->c & 2)))
            buf[n++] = MP2_ACT(A_DONE, 0);
        break;
    case EF_DISCARD:
        for (int i = 0; i < 2; i++)
            if (!((pl->fresh >> i) & 1))
                PICK(i);
        if (e->b || n == 0)
            PICK(2);
        break;
    case EF_MOVE: {
        const mp2_move *mv = &s->mv;
        if (!mv->on)
            break;
        for (int f = 0; f < nfigs(s, p); f++) {
            const mp2_loc *l = &c->loc[pl->fig[f]];
            int cost = mp2_step_cost(c, s, p, f);
            if (cost > mv->steps)
                continue;
            for (int k = 0; k < l->nadj; k++)
                if (leg_ok(c, s, p, &c->route[l->route[k]], 0))
                    buf[n++] = MP2_ACT(A_MOVE, (uint32_t)f << 8 | l->adj[k]);
        }
        if (n > 0 && (mv->legs > 0 || !(mv->flags & MV_TRAVEL)))
            buf[n++] = MP2_ACT(A_DONE, 0);
        break;
    }
    case EF_MOVEPOST:
        for (int l = 0; l < c->nloc; l++)
            if ((pl->posts >> l) & 1)
                PICK(l);
        break;
    case EF_XPOST:
        for (int l = 0; l < c->nloc; l++)
            if (((s->xmask >> l) & 1) && !((pl->posts >> l) & 1))
                PICK(l);
        if (n > 0)
            buf[n++] = MP2_ACT(A_DONE, 0);
        break;
    case EF_CARD: {
        const mp2_card *cd = &c->card[e->a];
        int tmax = card_times(cd, e->b);
        for (int dir = 0; dir < (cd->kind == CK_EITHER ? 2 : 1); dir++) {
            const mp2_bundle *pay = &c->rw[dir ? cd->pay2 : cd->pay].alt[0];
            for (int k = 1; k <= tmax; k++)
                if (can_pay_b(pl, pay, k))
                    PICK(dir << 4 | k);
        }
        break;
    }
    case EF_CARDBONUS:
        for (int b = 0; b < MP2_NBONUSCITY; b++)
            if (((pl->posts >> c->bonus_loc[b]) & 1) && !((e->d >> b) & 1))
                PICK(b);
        if (n > 0 && e->c > 0)
            buf[n++] = MP2_ACT(A_DONE, 0);
        break;
    case EF_CVMOVE: {
        int loc = pl->cv_loc[e->a];
        const mp2_loc *l = &c->loc[loc];
        for (int k = 0; k < l->nadj; k++) {
            const mp2_route *r = &c->route[l->route[k]];
            if (!r->seal || has_seal(pl, r->seal - 1))
                buf[n++] = MP2_ACT(A_MOVE, l->adj[k]);
        }
        if (n > 0)
            buf[n++] = MP2_ACT(A_DONE, 0);
        break;
    }
    case EF_CVLOAD:
        for (int i = IT_PEPPER; i <= IT_GOLD; i++)
            if (pl->res[i] > 0)
                PICK(i);
        if (n > 0 && e->b > 0)
            buf[n++] = MP2_ACT(A_DONE, 0);
        break;
    case EF_CVTILE:
        for (int t = 0; t < c->nrtile; t++)
            if (can_start_route(c, s, p, t))
                PICK(t);
        break;
    case EF_CVCITY: {
        uint64_t m = route_targets(c, s, p, e->d);
        for (int l = 0; l < c->nloc; l++)
            if ((m >> l) & 1)
                PICK(l);
        break;
    }
    case EF_CVSELL: {
        int gd = pl->cv_goods[e->a][e->b];
        PICK(0);
        if (gd != IT_GOLD)
            PICK(1);
        PICK(2);
        break;
    }
    case EF_CVRETURN:
        PICK(0);
        PICK(1);
        break;
    default:
        break;
    }
#undef PICK
    return n;
}

/* ------------------------------------------------------------ legal */

int mp2_max_legal(const mp2_cfg *c)
{
    KT_UNUSED(c);
    return MP2_MAXLEGAL;
}

int mp2_legal(const kt_game *g, const kt_state *st, kt_action *buf)
{
    const mp2_cfg *c = mp2_c(g);
    const mp2_state *s = (const mp2_state *)st;
    if (s->h.status != KT_RUNNING)
        return 0;
    if (s->nstk)
        return gen_decision(c, s, &s->stk[s->nstk - 1], buf);
    tctx t;
    t.c = c;
    t.s = s;
    t.p = s->h.turn_player;
    t.buf = buf;
    t.n = 0;
    gen_turn(&t);
    return t.n;
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
    int t = card_times(cd, die);
    switch (cd->kind) {
    case CK_TRADE:
        if (cd->pay == 0)
            gain_rw(c, s, p, cd->gain, t); /* free gains: always the most */
        else
            push(s, EF_CARD, p, card, die, 0, 0);
        break;
    case CK_EITHER:
        push(s, EF_CARD, p, card, die, 0, 0);
        break;
    case CK_PERCONTRACT:
        gain_rw(c, s, p, cd->gain, pl->ndone < die ? pl->ndone : die);
        break;
    case CK_PERPOST:
        gain_rw(c, s, p, cd->gain, pl->nposts < die ? pl->nposts : die);
        break;
    case CK_BONUSES: {
        int n = bonus_cities_with_post(c, s, p);
        push(s, EF_CARDBONUS, p, 0, n < die ? n : die, 0, 0);
        break;
    }
    case CK_SEALS:
        pay_b(pl, &c->rw[cd->pay].alt[0], 1);
        push(s, EF_SEAL, p, 0, die, 0, 0);
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
    if (sp->used && nown && has_char(s, p, CH_DONATA))
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
            push(s, EF_CVMOVES, p, book, 0, 0, 0);
        push(s, EF_MARKET, p, book, 0, 0, 0);
        break;
    }
    case SP_KHAN:
        s->khan[slot] = (uint8_t)low;
        s->khan_by[slot] = (int8_t)p;
        gain_rw(c, s, p, c->rw_khan, 1);
        break;
    case SP_SEALS:
        push(s, EF_SEAL, p, 0, low, 0, 0);
        break;
    case SP_CONTRACTS:
        push(s, EF_GAIN, p, c->rw_contract_coins, 1, 0, 0);
        push(s, EF_CONTRACT, p, MP2_NOLOC, has_char(s, p, CH_VIDAL) ? 1 : 2, 1, 0);
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
            if (c->flag_isa_reroll && has_char(s, p, CH_ISABELLA))
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
        push(s, EF_BLACK, p, 0, 0, 0, 0);
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
        if (has_char(s, p, CH_ABHA))
            add_jade(s, p, 1);
        break;
    }
    case A_IMPROVE: {
        int gi = (int)x;
        mp2_bundle cost = c->rw[c->guild[gi].improve].alt[0];
        if (has_char(s, p, CH_TEBALDO))
            cost.n[IT_COIN] = 0;
        pay_b(pl, &cost, 1);
        pl->seals |= (uint8_t)(16 << gi);
        if (has_char(s, p, CH_DEWU))
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
        push(s, EF_CVTILE, p, (int)x, 0, 0, 0);
        push(s, EF_CVLOAD, p, (int)x, 0, 0, 0);
        break;
    case A_CVDONE:
        push(s, EF_CVFINISH, p, (int)x, 0, 0, 0);
        for (int j = 1; j >= 0; j--)
            if (pl->cv_goods[x][j])
                push(s, EF_CVSELL, p, (int)x, j, 0, 0);
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

static void pop(mp2_state *s)
{
    s->nstk--;
    memset(&s->stk[s->nstk], 0, sizeof s->stk[0]);
}

static void apply_decision(const mp2_cfg *c, mp2_state *s, kt_action a)
{
    mp2_eff e = s->stk[s->nstk - 1];
    mp2_eff *top = &s->stk[s->nstk - 1];
    int p = e.p;
    mp2_player *pl = &s->pl[p];
    int kind = MP2_AKIND(a);
    int x = (int)MP2_AARG(a);
    switch (e.type) {
    case EF_DRAFT:
        pop(s);
        take_character(c, s, p, s->draft[x]);
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
        push(s, EF_CVCITY, p, e.a, 0, 0, x);
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
        if (has_char(s, p, CH_MAILIN) && income_sources(c, s, p, src) > 0)
            push(s, EF_MAILIN, p, 0, 0, 0, 0);
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
                push(s, EF_ARRIVE2, p, loc, 0, 0, 0);
            push(s, EF_MOVEPOST, p, loc, 0, 0, 0);
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
            if (has_char(s, p, CH_ISABELLA))
                isabella_die(s, p, v, 1);
        }
        break;
    case EF_MONGKE:
        pl->res[IT_VP] = (int16_t)(pl->res[IT_VP] + 3 * e->b);
        gain_rw(c, s, p, c->rw_mongke, e->b);
        break;
    case EF_CVMOVES: {
        int steps = e->a + 1 + (has_char(s, p, CH_TEBALDO) ? 2 : 0);
        for (int i = 1; i >= 0; i--)
            if (pl->cv_loc[i] != MP2_NOLOC)
                push(s, EF_CVMOVE, p, i, steps, 0, 0);
        break;
    }
    case EF_CVFINISH: {
        int i = e->a;
        pl->cv_loc[i] = MP2_NOLOC;
        if (has_char(s, p, CH_PIEDRO)) {
            pl->res[IT_VP] = (int16_t)(pl->res[IT_VP] + 3);
            add_jade(s, p, 1);
            if (pl->cv_loc[1 - i] != MP2_NOLOC) {
                push(s, EF_CVRETURN, p, i, 0, 0, 0);
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
    int type = s->stk[s->nstk - 1].type;
    pop(s);
    if (type == EF_MOVE && s->mv.on)
        finish_move(c, s);
    else if (type == EF_XPOST)
        s->xmask = 0;
}

static void run(const mp2_cfg *c, mp2_state *s)
{
    kt_action tmp[256];
    for (;;) {
        if (s->h.status != KT_RUNNING)
            return;
        if (s->nstk) {
            mp2_eff *e = &s->stk[s->nstk - 1];
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
                KT_ASSERT(may_be_empty || gen_decision(c, s, e, tmp) > 0);
                if (may_be_empty && gen_decision(c, s, e, tmp) == 0) {
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
    const mp2_cfg *c = mp2_c(g);
    mp2_state *s = (mp2_state *)st;
    if (s->nstk)
        apply_decision(c, s, a);
    else
        apply_turn(c, s, a);
    run(c, s);
}

void mp2_decision_sync(const mp2_cfg *c, mp2_state *s)
{
    KT_UNUSED(c);
    if (s->h.status != KT_RUNNING) {
        s->h.to_move = -1;
        s->h.decision = DEC_OVER;
    } else if (s->nstk) {
        s->h.decision = s->stk[s->nstk - 1].type;
        s->h.to_move = (int8_t)s->stk[s->nstk - 1].p;
    } else {
        s->h.decision = DEC_TURN;
        s->h.to_move = s->h.turn_player;
    }
}
