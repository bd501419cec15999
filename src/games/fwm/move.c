/*
 * move.c - the movement phase of Fugger, Welser, Medici: each player in
 * turn from the start player; at the start of the turn goods may be
 * rearranged and sold to the bank (the voluntary forced sale); then each
 * merchant moves 0-3 spaces.  (Trades with other players belong to phase
 * 1: trade.c.)
 *
 * Layout: a move is planned step by step (s->mv_path, the planned
 * merchant in mv_merch; a step that the player could not pay in cash is
 * not offered) and carried out with "go": the accident roll (laden
 * merchants), movement cost, tolls, sea fee, the free-passage fees of
 * regions entered (x_fee), the goods lost in an accident (x_drop) and the
 * robbery (x_rob: 1 buy bonuses, 2 choose the goods lost) are then worked
 * off by fwm_movex_step, pausing for the player's choices.  At "end turn"
 * the merchants that did not move but stand where robbers are get the
 * same robbery (FS_TURNEND).
 */
#include <string.h>

#include "rules.h"

#define REGION_FEE 100
#define BRIBE 100

static int mover(const fx *x) { return (x->s->start + x->s->nturn) % x->g->nplayers; }

static int popcount(uint32_t v)
{
    int n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

static void begin_turn(fx *x)
{
    fwm_state *s = x->s;
    s->mv_merch = FWM_NONE;
    s->mv_len = s->mv_moved = s->mv_started = s->mv_ending = 0;
    s->mv_xfers = s->mv_cancels = 0;
    memset(s->mv_path, 0, sizeof s->mv_path);
    int p = mover(x);
    s->h.turn_player = (int8_t)p;
    fwm_decide(x, FS_MOVE, p);
}

void fwm_move_start(fx *x)
{
    x->s->nturn = 0;
    begin_turn(x);
}

/* ------------------------------------------------------------ costs */

static int32_t base_cost(int len, int laden)
{
    if (laden)
        return len == 2 ? 20 : len == 3 ? 60 : 0;
    return len == 3 ? 20 : 0;
}

/* A region's 100 FL fee is due when others hold free passage there and
 * the mover does not. */
/* The tolls and fees of a way so far: money, whether a sea fee is due
 * once, the regions whose free-passage fee is due (bit set), and the last
 * space; and, fixed for the way, the areas where the mover has a cube and
 * those where only others have one (a land area's fee is due there: taken
 * once per way instead of a loop over the players per area entered).  A
 * way is summed one space at a time, so the legal steps extend the planned
 * path's sum by each neighbour instead of summing the whole path again per
 * neighbour (that was a tenth of an FWM vector step). */
typedef struct way_sum {
    int32_t cost;
    int sea, prev;
    uint32_t fees, own, others;
} way_sum;

static void way_enter(const fx *x, int32_t toll, way_sum *w, int to)
{
    const fwm_cfg *c = x->c;
    const fwm_space *sp = &c->sp[to];
    int free_here = (int)((w->own >> sp->area) & 1u);
    if (sp->toll || (sp->kind == SK_BRIDGE && !free_here))
        w->cost += toll;
    if (sp->kind == SK_SEA && !free_here) {
        if (c->fl_sea_fee_space)
            w->cost += toll;
        else
            w->sea = 1;
    }
    /* a land area where the mover has no cube and another player has one */
    if (sp->area != c->sp[w->prev].area && ((w->others >> sp->area) & 1u) &&
        !c->area[sp->area].sea)
        w->fees |= 1u << sp->area;
    w->prev = to;
}

static way_sum way_sum_of(const fx *x, int p, int from, const uint8_t *path, int len,
                          int32_t toll)
{
    const fwm_state *s = x->s;
    uint32_t own = (uint32_t)s->pl[p].cubes, others = 0;
    for (int q = 0; q < x->g->nplayers; q++)
        if (q != p)
            others |= (uint32_t)s->pl[q].cubes;
    way_sum w = {.cost = 0, .sea = 0, .prev = from, .fees = 0, .own = own,
                 .others = others & ~own};
    for (int i = 0; i < len; i++)
        way_enter(x, toll, &w, path[i]);
    return w;
}

static int32_t toll_of(int laden) { return laden ? 40 : 20; }

/* What a way of `len` spaces with these tolls costs in all. */
static int32_t way_total(const way_sum *w, int len, int laden)
{
    return base_cost(len, laden) + w->cost + (w->sea ? toll_of(laden) : 0) +
           REGION_FEE * popcount(w->fees);
}

/* Tolls and sea fees of entering the spaces of `path` from `from`, and the
 * regions whose free-passage fee is due (bit set). */
static int32_t way_cost(const fx *x, int p, int from, const uint8_t *path, int len, int laden,
                        uint32_t *fees)
{
    way_sum w = way_sum_of(x, p, from, path, len, toll_of(laden));
    *fees = w.fees;
    return w.cost + (w.sea ? toll_of(laden) : 0);
}

static int32_t plan_cost(const fx *x, int p, int m, const uint8_t *path, int len)
{
    const fwm_merch *mm = &x->s->pl[p].m[m];
    int laden = fwm_cargo(mm) > 0;
    way_sum w = way_sum_of(x, p, mm->pos, path, len, toll_of(laden));
    return way_total(&w, len, laden);
}

/* ------------------------------------------------------------ legal moves */

/* May merchant m's planned path (`len` spaces, tolls summed in `w`) go on
 * to `to`: not back to its start or a space of the path, no sea in winter,
 * and the whole way affordable. */
static int step_ok(const fx *x, int p, int m, const uint8_t *path, int len, const way_sum *w,
                   int to)
{
    const fwm_state *s = x->s;
    const fwm_merch *mm = &s->pl[p].m[m];
    if (to == mm->pos)
        return 0;
    for (int i = 0; i < len; i++)
        if (path[i] == to)
            return 0;
    if (x->c->sp[to].kind == SK_SEA && fwm_winter(x->c, s->round))
        return 0;
    int laden = fwm_cargo(mm) > 0;
    way_sum next = *w;
    way_enter(x, toll_of(laden), &next, to);
    return way_total(&next, len + 1, laden) <= s->pl[p].money;
}

int fwm_path_cost(const kt_game *g, const fwm_state *s, int p, int m, const uint8_t *path,
                  int len)
{
    fx x = {g, fwm_config(g), (fwm_state *)s, NULL}; /* the helpers only read */
    return (int)plan_cost(&x, p, m, path, len);
}

/* The most a way of at most three spaces can cost: the laden base cost,
 * toll and sea fee on every space, a sea fee once, and a region's fee
 * for every space (each space entered adds at most one region).  A mover
 * with this much money can afford every step, so the legal steps need not
 * sum the tolls (they are summed when the move is carried out). */
int32_t fwm_way_max(void)
{
    return base_cost(3, 1) + 3 * 2 * toll_of(1) + toll_of(1) + 3 * REGION_FEE;
}

/* The steps of merchant m by the map alone: at's neighbours in their
 * order, without the sea in winter, not back to the start or onto the
 * planned path (len < 3 spaces, so three comparisons; one before the first
 * step, the most frequent list). */
static int steps_by_map(const fx *x, int p, int m, int winter, kt_action *buf, int n)
{
    const fwm_state *s = x->s;
    int pos = s->pl[p].m[m].pos, len = s->mv_len;
    int at = len ? s->mv_path[len - 1] : pos;
    int x1 = len >= 1 ? s->mv_path[0] : pos, x2 = len >= 2 ? s->mv_path[1] : pos;
    const fwm_space *sp = &x->c->sp[at];
    unsigned skip = winter ? sp->adj_sea : 0u;
    kt_action base = FWM_ACT(A_STEP, 0, m, 0);
    if (!len) {
        for (int k = 0; k < sp->nadj; k++)
            if (!((skip >> k) & 1u) && sp->adj[k] != pos)
                buf[n++] = base | sp->adj[k];
        return n;
    }
    for (int k = 0; k < sp->nadj; k++) {
        int to = sp->adj[k];
        if (!((skip >> k) & 1u) && to != pos && to != x1 && to != x2)
            buf[n++] = base | (kt_action)to;
    }
    return n;
}

/* The steps of merchant m when the mover cannot afford every way: each
 * way's tolls summed (step_ok). */
static int steps_summed(const fx *x, int p, int m, kt_action *buf, int n)
{
    const fwm_state *s = x->s;
    int at = s->mv_len ? s->mv_path[s->mv_len - 1] : s->pl[p].m[m].pos;
    const fwm_space *sp = &x->c->sp[at];
    const fwm_merch *mm = &s->pl[p].m[m];
    way_sum w = way_sum_of(x, p, mm->pos, s->mv_path, s->mv_len, toll_of(fwm_cargo(mm) > 0));
    for (int k = 0; k < sp->nadj; k++)
        if (step_ok(x, p, m, s->mv_path, s->mv_len, &w, sp->adj[k]))
            buf[n++] = FWM_ACT(A_STEP, 0, m, sp->adj[k]);
    return n;
}

/* The steps of merchant m: by the map alone when the mover can afford any
 * way (by_map, decided once per list), else with the tolls summed. */
static int legal_steps(const fx *x, int p, int m, int winter, int by_map, kt_action *buf, int n)
{
    return by_map ? steps_by_map(x, p, m, winter, buf, n) : steps_summed(x, p, m, buf, n);
}

static int legal_premove(const fx *x, int p, kt_action *buf, int n)
{
    const fwm_state *s = x->s;
    n = fwm_legal_sell(s, p, buf, n);
    if (s->mv_xfers < FWM_MAXXFER)
        n = fwm_legal_xfer(s, p, buf, n);
    return n;
}

int fwm_legal_move(const fx *x, kt_action *buf)
{
    const fwm_state *s = x->s;
    int p = s->h.to_move, n = 0, winter = fwm_winter(x->c, s->round);
    int by_map = s->pl[p].money >= fwm_way_max();
    if (s->mv_len) {
        if (s->mv_len < 3)
            n = legal_steps(x, p, s->mv_merch, winter, by_map, buf, n);
        buf[n++] = FWM_ACT(A_GO, 0, 0, 0);
        if (s->mv_cancels < FWM_MAXCANCEL)
            buf[n++] = FWM_ACT(A_CANCEL, 0, 0, 0);
        return n;
    }
    if (!s->mv_started)
        n = legal_premove(x, p, buf, n);
    for (int m = 0; m < FWM_NM; m++)
        if (s->pl[p].m[m].pos < FWM_LOST && !(((unsigned)s->mv_moved >> m) & 1u))
            n = legal_steps(x, p, m, winter, by_map, buf, n);
    buf[n++] = FWM_ACT(A_END, 0, 0, 0);
    return n;
}

/* ------------------------------------------------------------ carrying out a move */

/* The first robber area among the spaces a merchant was in or passed. */
static int robber_area(const fx *x, int from, const uint8_t *path, int len)
{
    uint32_t r = x->s->robarea;
    if (!r)
        return -1;
    if (((unsigned)r >> x->c->sp[from].area) & 1u)
        return x->c->sp[from].area;
    for (int i = 0; i < len; i++)
        if (((unsigned)r >> x->c->sp[path[i]].area) & 1u)
            return x->c->sp[path[i]].area;
    return -1;
}

static void go(fx *x)
{
    fwm_state *s = x->s;
    const fwm_cfg *c = x->c;
    int p = s->h.to_move, m = s->mv_merch, len = s->mv_len;
    fwm_merch *mm = &s->pl[p].m[m];
    int laden = fwm_cargo(mm) > 0, acc = 0, from = mm->pos;
    if (laden) {
        int r1 = fwm_roll(x), r2 = fwm_roll(x);
        acc = r1 + r2 <= len + 1;
        EV(x, KT_VIS_ALL, "accident_roll", p, "Accident check for %d spaces: %d+%d%s.",
           "Unfallprobe für %d Felder: %d+%d%s.", len, r1, r2,
           acc ? (LANG(x) == KT_LANG_DE ? " - Unfall! Nur ein Feld weit" : " - accident! Only one space")
               : "");
    }
    int real = acc ? 1 : len;
    uint32_t fees;
    int32_t way = way_cost(x, p, from, s->mv_path, real, laden, &fees);
    int32_t base = base_cost(c->fl_accident_refund ? real : len, laden);
    s->pl[p].money -= base + way;
    int to = s->mv_path[real - 1];
    EV(x, KT_VIS_ALL, "move", p, "%s %d moves %c from %s to %s: %d FL%s, tolls and fees %d FL.",
       "%s %d zieht %c von %s nach %s: %d FL%s, Zölle und Gebühren %d FL.", PN(x), p + 1, 'A' + m,
       fwm_sp_name(c, from, LANG(x)), fwm_sp_name(c, to, LANG(x)), (int)base,
       laden ? (LANG(x) == KT_LANG_DE ? " (beladen)" : " (laden)") : "", (int)way);
    if (c->sp[to].kind == SK_TOWN)
        fwm_arrive(s, p, m, to);
    else
        mm->pos = (uint8_t)to;
    s->x_merch = (uint8_t)m;
    s->x_from = (uint8_t)from;
    s->x_len = (uint8_t)real;
    memcpy(s->x_path, s->mv_path, sizeof s->x_path);
    s->x_acc = (uint8_t)acc;
    s->x_nfee = 0;
    memset(s->x_fee, 0, sizeof s->x_fee);
    /* the regions in area order (bits of areas of the map: all < narea) */
    for (uint32_t f = fees; f && s->x_nfee < 3; f &= f - 1)
        s->x_fee[s->x_nfee++] = (uint8_t)__builtin_ctz(f);
    s->x_drop = (uint8_t)(acc && c->sp[to].kind != SK_TOWN && fwm_cargo(mm) >= 4 &&
                          !(((unsigned)s->pl[p].cubes >> c->sp[to].area) & 1u));
    int ra = robber_area(x, from, s->x_path, real);
    s->x_rob = (uint8_t)(ra >= 0 && !(((unsigned)s->pl[p].robbed >> m) & 1u));
    s->x_robarea = (uint8_t)(ra >= 0 ? ra : 0);
    s->x_robbonus = 0;
    s->x_robloss = 0;
    s->mv_moved |= (uint8_t)(1u << m);
    s->mv_len = 0;
    s->mv_merch = FWM_NONE;
    memset(s->mv_path, 0, sizeof s->mv_path);
    s->stage = FS_MOVEX;
}

static void rob_roll(fx *x)
{
    fwm_state *s = x->s;
    int p = s->h.to_move;
    int r1 = fwm_roll(x), r2 = fwm_roll(x);
    int bonus = s->x_robbonus + ((((unsigned)s->pl[p].cubes >> s->x_robarea) & 1u) ? 2 : 0);
    int sum = r1 + r2 + bonus, loss = sum <= 6 ? 2 : sum <= 9 ? 1 : 0;
    int have = fwm_cargo(&s->pl[p].m[s->x_merch]);
    s->x_robloss = (uint8_t)(loss < have ? loss : have);
    s->x_rob = 2;
    EV(x, KT_VIS_ALL, "robbery", p, "Robbers attack %c of %s %d: %d+%d%+d = %d, %d goods lost.",
       "Räuber überfallen %c von %s %d: %d+%d%+d = %d, %d Waren verloren.", 'A' + s->x_merch,
       PN(x), p + 1, r1, r2, bonus, sum, s->x_robloss);
}

/* Removes one good of the only kind the merchant carries, if it carries
 * only one kind (no choice to make); 1 if it did. */
static int lose_only_kind(fwm_merch *m)
{
    int kinds = 0, g0 = 0;
    for (int g = 0; g < FWM_NG; g++)
        if (m->cargo[g])
            kinds++, g0 = g;
    if (kinds != 1)
        return 0;
    m->cargo[g0]--;
    return 1;
}

int fwm_movex_step(fx *x)
{
    fwm_state *s = x->s;
    int p = s->h.to_move;
    fwm_merch *mm = &s->pl[p].m[s->x_merch];
    while (s->x_nfee) {
        int a = s->x_fee[0], holders = 0, q0 = -1;
        for (int q = 0; q < x->g->nplayers; q++)
            if (q != p && (((unsigned)s->pl[q].cubes >> a) & 1u))
                holders++, q0 = q;
        if (holders > 1) {
            fwm_decide(x, FS_PASSAGE, p);
            return 1;
        }
        s->pl[p].money -= REGION_FEE;
        fwm_gain(x, q0, REGION_FEE);
        EV(x, KT_VIS_ALL, "passage_fee", p, "%s %d pays %d FL to %s %d for entering %s.",
           "%s %d zahlt %d FL an %s %d für die Einreise nach %s.", PN(x), p + 1, REGION_FEE,
           PN(x), q0 + 1, fwm_area_name(x->c, a, LANG(x)));
        memmove(s->x_fee, s->x_fee + 1, 2);
        s->x_fee[2] = 0;
        s->x_nfee--;
    }
    while (s->x_drop) {
        if (fwm_cargo(mm) <= 3) {
            s->x_drop = 0;
            break;
        }
        if (!lose_only_kind(mm)) {
            fwm_decide(x, FS_DROP, p);
            return 1;
        }
    }
    if (s->x_rob == 1) {
        if (fwm_cargo(mm) == 0) {
            s->x_rob = 0; /* nothing to steal */
        } else {
            kt_action buf[4];
            if (fwm_legal_robpay(x, buf) > 1) {
                fwm_decide(x, FS_ROBPAY, p);
                return 1;
            }
            rob_roll(x);
        }
    }
    while (s->x_rob == 2 && s->x_robloss) {
        if (fwm_cargo(mm) <= s->x_robloss) {
            memset(mm->cargo, 0, sizeof mm->cargo);
            s->x_robloss = 0;
        } else if (lose_only_kind(mm)) {
            s->x_robloss--;
        } else {
            fwm_decide(x, FS_ROBLOSE, p);
            return 1;
        }
    }
    if (s->x_rob)
        s->pl[p].robbed |= (uint8_t)(1u << s->x_merch);
    s->x_rob = 0;
    if (s->mv_ending)
        s->stage = FS_TURNEND;
    else
        fwm_decide(x, FS_MOVE, p);
    return s->stage == FS_MOVE;
}

/* End of a movement turn: merchants standing where robbers are, then the
 * next player's turn or the calendar. */
int fwm_turnend_step(fx *x)
{
    fwm_state *s = x->s;
    int p = mover(x);
    for (int m = 0; m < FWM_NM; m++) {
        fwm_merch *mm = &s->pl[p].m[m];
        if (mm->pos >= FWM_LOST || (((unsigned)s->mv_moved >> m) & 1u) || (((unsigned)s->pl[p].robbed >> m) & 1u) ||
            !fwm_cargo(mm) || !(((unsigned)s->robarea >> x->c->sp[mm->pos].area) & 1u))
            continue;
        s->mv_moved |= (uint8_t)(1u << m);
        s->x_merch = (uint8_t)m;
        s->x_from = mm->pos;
        s->x_len = 0;
        s->x_acc = s->x_drop = 0;
        s->x_nfee = 0;
        s->x_rob = 1;
        s->x_robarea = x->c->sp[mm->pos].area;
        s->x_robbonus = s->x_robloss = 0;
        s->h.to_move = (int8_t)p;
        s->stage = FS_MOVEX;
        return 0;
    }
    if (++s->nturn >= x->g->nplayers) {
        s->nturn = 0;
        s->mv_ending = 0;
        s->stage = FS_CAL;
        return 0;
    }
    begin_turn(x);
    return 1;
}

/* ------------------------------------------------------------ the turn's actions */

void fwm_apply_move(fx *x, kt_action a)
{
    fwm_state *s = x->s;
    int p = s->h.to_move;
    switch (ACT_K(a)) {
    case A_STEP:
        if (!s->mv_len)
            s->mv_merch = (uint8_t)ACT_B(a);
        s->mv_started = 1;
        s->mv_path[s->mv_len++] = (uint8_t)ACT_C(a);
        break;
    case A_CANCEL:
        s->mv_cancels++;
        s->mv_len = 0;
        s->mv_merch = FWM_NONE;
        memset(s->mv_path, 0, sizeof s->mv_path);
        break;
    case A_GO: go(x); break;
    case A_END:
        s->mv_ending = 1;
        s->stage = FS_TURNEND;
        break;
    case A_SELL: fwm_do_sell(x, p, a); break;
    case A_XFER:
        fwm_do_xfer(s, p, a);
        s->mv_xfers++;
        break;
    default: break;
    }
}

/* ------------------------------------------------------------ interruptions */

int fwm_legal_passage(const fx *x, kt_action *buf)
{
    const fwm_state *s = x->s;
    int p = s->h.to_move, a = s->x_fee[0], n = 0;
    for (int q = 0; q < x->g->nplayers; q++)
        if (q != p && (((unsigned)s->pl[q].cubes >> a) & 1u))
            buf[n++] = FWM_ACT(A_PAYTO, 0, 0, q);
    return n;
}

void fwm_apply_passage(fx *x, kt_action a)
{
    fwm_state *s = x->s;
    int p = s->h.to_move, q = ACT_C(a);
    s->pl[p].money -= REGION_FEE;
    fwm_gain(x, q, REGION_FEE);
    EV(x, KT_VIS_ALL, "passage_fee", p, "%s %d pays %d FL to %s %d for entering %s.",
       "%s %d zahlt %d FL an %s %d für die Einreise nach %s.", PN(x), p + 1, REGION_FEE, PN(x),
       q + 1, fwm_area_name(x->c, s->x_fee[0], LANG(x)));
    memmove(s->x_fee, s->x_fee + 1, 2);
    s->x_fee[2] = 0;
    s->x_nfee--;
    s->stage = FS_MOVEX;
}

static int legal_lose(const fx *x, kt_action *buf)
{
    const fwm_merch *m = &x->s->pl[x->s->h.to_move].m[x->s->x_merch];
    int n = 0;
    for (int g = 0; g < FWM_NG; g++)
        if (m->cargo[g])
            buf[n++] = FWM_ACT(A_LOSE, 0, 0, g);
    return n;
}

int fwm_legal_drop(const fx *x, kt_action *buf) { return legal_lose(x, buf); }
int fwm_legal_roblose(const fx *x, kt_action *buf) { return legal_lose(x, buf); }

void fwm_apply_drop(fx *x, kt_action a)
{
    fwm_state *s = x->s;
    int p = s->h.to_move;
    s->pl[p].m[s->x_merch].cargo[ACT_C(a)]--;
    EV(x, KT_VIS_ALL, "accident", p, "%c of %s %d loses a %s in the accident.",
       "%c von %s %d verliert beim Unfall ein %s.", 'A' + s->x_merch, PN(x), p + 1,
       fwm_good_name(ACT_C(a), LANG(x)));
    s->stage = FS_MOVEX;
}

void fwm_apply_roblose(fx *x, kt_action a)
{
    fwm_state *s = x->s;
    int p = s->h.to_move;
    s->pl[p].m[s->x_merch].cargo[ACT_C(a)]--;
    s->x_robloss--;
    EV(x, KT_VIS_ALL, "robbery", p, "The robbers take a %s.", "Die Räuber nehmen ein %s.",
       fwm_good_name(ACT_C(a), LANG(x)));
    s->stage = FS_MOVEX;
}

int fwm_legal_robpay(const fx *x, kt_action *buf)
{
    const fwm_state *s = x->s;
    int p = s->h.to_move, n = 0;
    int bonus = s->x_robbonus + ((((unsigned)s->pl[p].cubes >> s->x_robarea) & 1u) ? 2 : 0);
    if (s->pl[p].money >= BRIBE && 2 + bonus < 10) /* more would be wasted */
        buf[n++] = FWM_ACT(A_BRIBE, 0, 0, 0);
    buf[n++] = FWM_ACT(A_ROLL, 0, 0, 0);
    return n;
}

void fwm_apply_robpay(fx *x, kt_action a)
{
    fwm_state *s = x->s;
    int p = s->h.to_move;
    if (ACT_K(a) == A_BRIBE) {
        s->pl[p].money -= BRIBE;
        s->x_robbonus++;
        EV(x, KT_VIS_ALL, "robbery", p, "%s %d pays %d FL for +1 against the robbers.",
           "%s %d zahlt %d FL für +1 gegen die Räuber.", PN(x), p + 1, BRIBE);
        s->stage = FS_MOVEX; /* decides again only while a further +1 is possible */
        return;
    }
    rob_roll(x);
    s->stage = FS_MOVEX;
}
