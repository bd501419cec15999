/*
 * rules.c - the rules of Anno 1701: The Card Game: the task machine
 * that runs a turn (dice phase, action phase, final phase), and applying
 * actions.
 *
 * A turn is a sequence of tasks on the state's stack (an_task, top last):
 * K_START -> K_ROLL -> K_PRODUCE (number die, both players) -> K_EVENT (event
 * die, both players) -> the turn player's action decision (empty stack) ->
 * the final phase (voyage: K_VTURN/K_VAFTER per card; or refill: K_REFILL)
 * -> K_ENDTURN -> K_START of the other player.  Decisions of either player
 * (pay gold from a centre, choose a good, answer an offer, cancel with the
 * theatre, fight a pirate ...) are tasks too; run() executes automatic tasks
 * until a decision with at least one answer is on top, skipping decisions
 * that have none and taking decisions that have exactly one forced answer
 * (a payment that only one split of the centres can make).
 *
 * All rule code works through an_x (config, state, optional trace): the game
 * log re-runs an action on a copy of the state with a trace (log.c), the
 * hot path passes none.  No allocation here.
 */
#include <string.h>

#include "anno1701.h"

typedef struct an_x {
    const an_cfg *c;
    an_state *s;
    an_trace *tr;
} an_x;

static void tr(an_x *x, int type, int p, int a, int b, int c, int d)
{
    if (!x->tr || x->tr->n >= AN_TRACE)
        return;
    an_trace_ev *e = &x->tr->ev[x->tr->n++];
    e->type = (uint8_t)type;
    e->p = (uint8_t)p;
    e->a = (uint8_t)a;
    e->b = (uint8_t)b;
    e->c = (uint8_t)c;
    e->d = (uint8_t)d;
}

/* A full stack refuses the task and marks the state (core/stack.h), which
 * an_check reports; AN_STACK is above the deepest nesting of play. */
void an_push(an_state *s, int t, int p, int a, int b)
{
    an_task *k = KT_STACK_PUSH(s);
    if (!k)
        return;
    k->t = (uint8_t)t;
    k->p = (uint8_t)p;
    k->x = (uint8_t)a;
    k->y = (uint8_t)b;
}

static void push(an_x *x, int t, int p, int a, int b) { an_push(x->s, t, p, a, b); }

static an_task *top(an_x *x) { return KT_STACK_TOP(x->s); }
/* Freed slots are zeroed: states compare and hash byte-wise. */
static void pop(an_x *x) { KT_STACK_POP(x->s); }

static int die6(an_x *x) { return 1 + (int)kt_rng_below(&x->s->h.rng, 6); }

/* ------------------------------------------------------------ the end */

static void end_game(an_x *x, int winner, int why)
{
    an_state *s = x->s;
    if (s->h.status != KT_RUNNING)
        return;
    s->h.status = KT_FINISHED;
    s->h.to_move = -1;
    s->h.turn_player = -1;
    s->h.decision = DEC_OVER;
    s->nstack = 0;
    memset(s->stack, 0, sizeof s->stack);
    s->phase = PH_OVER;
    s->end = (uint8_t)why;
    s->winner = (uint8_t)winner;
    tr(x, TR_END, winner, why, 0, 0, 0);
}

/* Queen marks or merchants (after a build or an upgrade). */
static void check_goal(an_x *x, int p)
{
    const an_player *pl = &x->s->pl[p];
    if (pl->lvl[3] >= x->c->k.merchant_goal)
        end_game(x, p, END_MERCHANT);
    else if (an_queen(x->c, pl) >= x->c->k.queen_goal)
        end_game(x, p, END_QUEEN);
}

/* ------------------------------------------------------------ gold and goods */

/* Gold received goes to the centre with less gold (a centre in chaos first,
 * the left one on ties); what no centre can hold is lost. */
static void gain_gold(an_x *x, int p, int n)
{
    an_player *pl = &x->s->pl[p];
    int cap = x->c->k.centre_cap, got = 0;
    for (int i = 0; i < n; i++) {
        int k = pl->gold[1] < pl->gold[0] ? 1 : 0;
        if (pl->gold[k] >= cap)
            k = 1 - k;
        if (pl->gold[k] >= cap)
            break;
        pl->gold[k]++;
        got++;
    }
    if (n > 0)
        tr(x, TR_GOLD, p, got, n - got, 0, 0);
}

/* Pay k gold from the left centre and n - k from the right one; a player
 * with both centres in chaos loses at once. */
static void pay_split(an_x *x, int p, int k, int n, int to)
{
    an_player *pl = &x->s->pl[p];
    KT_ASSERT(k <= pl->gold[0] && n - k <= pl->gold[1]);
    pl->gold[0] = (uint8_t)(pl->gold[0] - k);
    pl->gold[1] = (uint8_t)(pl->gold[1] - (n - k));
    tr(x, TR_PAID, p, k, n - k, to + 1, 0);
    if (to >= 0)
        gain_gold(x, to, n);
    if (pl->gold[0] == 0 && pl->gold[1] == 0)
        end_game(x, 1 - p, END_CHAOS);
}

/* Goods arrive only on landscapes that may take them now (an_land_status:
 * not full, their village centre not in chaos); one that finds none is
 * lost.  With one such landscape it goes there; with two the player
 * chooses (the seed's player turns the card of their choice): the rest of
 * the goods wait in a K_PLACE task on top of the stack, which the caller
 * leaves on top, so the choice comes before anything else (a K_PLACE of
 * the same player and good just above is added to). */
static void gain_good(an_x *x, int p, int g, int n)
{
    an_player *pl = &x->s->pl[p];
    int got = 0, later = 0, l;
    for (; got < n; got++) {
        int open = an_open_lands(x->c, pl, g, &l);
        if (open == 0)
            break;
        if (open > 1) {
            later = n - got;
            an_task *t = x->s->nstack ? top(x) : NULL;
            if (t && t->t == K_PLACE && t->p == p && t->x == g)
                t->y = (uint8_t)(t->y + later);
            else
                push(x, K_PLACE, p, g, later);
            break;
        }
        pl->land[l]++;
    }
    tr(x, TR_GAIN, p, g, got, n - got - later, later);
}

static void spend_good(an_x *x, int p, int g, int n)
{
    an_player *pl = &x->s->pl[p];
    const an_land *ld = x->c->set[pl->set].land;
    for (int i = 0; i < n; i++) {
        int best = -1;
        for (int l = 0; l < AN_NLAND; l++)
            if (ld[l].good == g && pl->land[l] && (best < 0 || pl->land[l] > pl->land[best]))
                best = l;
        KT_ASSERT(best >= 0);
        if (best < 0)
            return;
        pl->land[best]--;
    }
}

static void spend_cost(an_x *x, int p, const uint8_t *cost, int rum, int tob)
{
    for (int g = 0; g < AN_NGOODS; g++)
        if (cost[g])
            spend_good(x, p, g, cost[g]);
    x->s->pl[p].rum = (uint8_t)(x->s->pl[p].rum - rum);
    x->s->pl[p].tob = (uint8_t)(x->s->pl[p].tob - tob);
}

static void gain_ware(an_x *x, int p, int item, int n)
{
    an_player *pl = &x->s->pl[p];
    uint8_t *w = item == IT_RUM ? &pl->rum : &pl->tob;
    int room = x->c->k.ware_cap - *w, got = n < room ? n : room;
    *w = (uint8_t)(*w + got);
    tr(x, TR_GAIN, p, item, got, n - got, 0);
}

static void ship_change(an_x *x, int p, int d)
{
    an_player *pl = &x->s->pl[p];
    int v = pl->ship + d;
    v = v < 0 ? 0 : v > 4 ? 4 : v;
    tr(x, TR_SHIP, p, pl->ship, v, 0, 0);
    pl->ship = (uint8_t)v;
}

/* Immediate items happen now; goods of choice and gold losses become
 * decisions (pushed, so they follow the immediate ones). */
static void apply_eff(an_x *x, int p, const an_eff *e)
{
    for (int i = e->n - 1; i >= 0; i--) {
        int item = e->item[i], n = e->amount[i];
        if (item == IT_ANY)
            push(x, K_GOOD, p, n, 0);
        else if (item == IT_GOLD && n < 0)
            push(x, K_PAY, p, -n, 0);
    }
    for (int i = 0; i < e->n; i++) {
        int item = e->item[i], n = e->amount[i];
        if (item == IT_GOLD && n > 0)
            gain_gold(x, p, n);
        else if (item == IT_SHIP)
            ship_change(x, p, n);
        else if (item == IT_RUM || item == IT_TOB)
            gain_ware(x, p, item, n);
        else if (item < AN_NGOODS)
            gain_good(x, p, item, n);
    }
}

/* ------------------------------------------------------------ cards */

static int hand_take(an_player *pl, int d)
{
    for (int i = 0; i < pl->nh; i++)
        if (pl->hand[i] == d) {
            uint8_t low = (uint8_t)((1u << i) - 1u);
            pl->known = (uint8_t)((pl->known & low) | ((pl->known >> 1) & ~low));
            memmove(pl->hand + i, pl->hand + i + 1, (size_t)(pl->nh - i - 1));
            pl->nh--;
            pl->hand[pl->nh] = 0;
            return 1;
        }
    return 0;
}

static void hand_add(an_player *pl, int d, int known)
{
    KT_ASSERT(pl->nh < AN_MAXHAND);
    if (pl->nh >= AN_MAXHAND)
        return;
    if (known)
        pl->known = (uint8_t)(pl->known | (1u << pl->nh));
    pl->hand[pl->nh++] = (uint8_t)d;
}

static int pile_draw(an_x *x, int k)
{
    an_state *s = x->s;
    int d = s->pile[k][0];
    memmove(s->pile[k], s->pile[k] + 1, (size_t)(s->plen[k] - 1));
    s->plen[k]--;
    s->pile[k][s->plen[k]] = 0;
    return d;
}

static void pile_under(an_x *x, int k, int d)
{
    an_state *s = x->s;
    KT_ASSERT(s->plen[k] < AN_PILE_MAX);
    s->pile[k][s->plen[k]++] = (uint8_t)d;
}

static void draw_card(an_x *x, int p, int k)
{
    int d = pile_draw(x, k);
    hand_add(&x->s->pl[p], d, 0);
    tr(x, TR_DRAW, p, k, d, 0, 0);
}

/* ------------------------------------------------------------ tokens */

/* First to token_marks marks takes a token; afterwards whoever has more;
 * nobody on a tie. */
static void tokens(an_x *x)
{
    an_state *s = x->s;
    for (int t = 0; t < 2; t++) {
        int m[AN_NP];
        for (int p = 0; p < AN_NP; p++)
            m[p] = t == 0 ? an_bags(x->c, &s->pl[p]) : an_cannon_marks(x->c, &s->pl[p]);
        int8_t *holder = t == 0 ? &s->trade_power : &s->sea_power;
        int h = *holder;
        if (!(s->claimed & (1u << t))) {
            for (int p = 0; p < AN_NP; p++)
                if (m[p] >= x->c->k.token_marks && (h < 0 || m[p] > m[h]))
                    h = p;
            if (h >= 0)
                s->claimed = (uint8_t)(s->claimed | (1u << t));
        } else {
            h = m[0] > m[1] ? 0 : m[1] > m[0] ? 1 : -1;
        }
        if (h != *holder) {
            tr(x, TR_TOKEN, h < 0 ? AN_NONE : h, t, *holder < 0 ? AN_NONE : *holder, 0, 0);
            *holder = (int8_t)h;
        }
    }
}

/* ------------------------------------------------------------ dice phase */

static void produce_player(an_x *x, int p, int n)
{
    an_player *pl = &x->s->pl[p];
    const an_cfg *c = x->c;
    const an_set *st = &c->set[pl->set];
    for (int l = 0; l < AN_NLAND; l++) {
        if (st->land[l].die != n)
            continue;
        int status = an_land_status(c, pl, l); /* the trace keeps AN_LAND_* */
        if (status == AN_LAND_OPEN)
            pl->land[l]++;
        tr(x, TR_LAND, p, l, status, 0, 0);
    }
    if (st->ship_die == n) {
        int up = pl->ship > 0 && pl->ship < 4;
        tr(x, TR_SHIPUP, p, pl->ship, up, 0, 0);
        if (up)
            pl->ship++;
    }
    for (int i = 0; i < pl->nb; i++) {
        const an_def *d = &c->def[pl->build[i]];
        if (d->die == n && d->prod < AN_NGOODS) {
            tr(x, TR_PRODB, p, pl->build[i], 0, 0, 0);
            gain_good(x, p, d->prod, 1);
        }
    }
}

/* Decisions a number gives player p: guilds, harbours, lodges (pushed so
 * that they come in that order). */
static void produce_decisions(an_x *x, int p, int n)
{
    const an_player *pl = &x->s->pl[p];
    for (int f = 2; f >= 0; f--)
        for (int i = pl->nb - 1; i >= 0; i--) {
            const an_def *d = &x->c->def[pl->build[i]];
            if (d->die != n)
                continue;
            if (f == 0 && d->prod == AN_PROD_ANY) {
                tr(x, TR_PRODB, p, pl->build[i], 1, 0, 0); /* 1: a good of choice */
                push(x, K_GOOD, p, 1, 0);
            } else if (f == 1 && d->func == FN_HARBOUR) {
                push(x, K_HARBOUR, p, 0, 0);
            } else if (f == 2 && d->func == FN_LODGE) {
                push(x, K_LODGE, p, 0, 0);
            }
        }
}

/* The decisions of the number go onto the stack first, so that the choice
 * of landscapes for the buildings' goods (K_PLACE, pushed by gain_good)
 * comes before them: the turn player's, then the opponent's, then the
 * turn player's guilds, harbours and lodges, then the opponent's. */
static void produce(an_x *x, int n)
{
    int tp = x->s->h.turn_player;
    produce_decisions(x, 1 - tp, n);
    produce_decisions(x, tp, n);
    produce_player(x, 1 - tp, n);
    produce_player(x, tp, n);
}

static void event(an_x *x, int ev)
{
    an_state *s = x->s;
    const an_cfg *c = x->c;
    int tp = s->h.turn_player;
    /* players in turn order; pushed in reverse so the turn player is first */
    for (int i = 1; i >= 0; i--) {
        int p = i == 0 ? tp : 1 - tp;
        const an_player *pl = &s->pl[p];
        switch (ev) {
        case EV_FIRE: {
            int n = pl->lvl[2] + pl->lvl[3];
            if (n && an_count_func(c, pl, FN_FIRE))
                tr(x, TR_NOFIRE, p, n, 0, 0, 0);
            else if (n)
                push(x, K_PAY, p, n, 0);
            break;
        }
        case EV_QUEEN:
            if (an_discontent(c, pl) <= c->k.queen_discontent)
                push(x, K_GOOD, p, 1, 0);
            break;
        case EV_TRADER:
            push(x, K_TRADER, p, 0, 0);
            break;
        case EV_TRADEADV:
            if (s->trade_power == p)
                push(x, K_STEAL, p, 0, 0);
            break;
        case EV_PIRATEHUNT:
            if (s->sea_power == p)
                push(x, c->hunt_steal ? K_STEAL : K_GOOD, p, 1, 0);
            break;
        default:
            break;
        }
    }
    if (ev == EV_TAX)
        for (int i = 0; i < AN_NP; i++) {
            int p = i == 0 ? tp : 1 - tp;
            int n = an_happy_buildings(c, &s->pl[p], c->tax_marks);
            tr(x, TR_TAX, p, n, 0, 0, 0);
            if (n)
                gain_gold(x, p, n);
        }
}

/* ------------------------------------------------------------ voyages */

static void voyage_end(an_x *x, int p)
{
    an_state *s = x->s;
    tr(x, TR_VEND, p, s->vpos, s->pl[p].ship, 0, 0);
    memcpy(s->voy, x->c->vdeck, AN_NVOY);
    s->vpos = 0;
    s->vspeed = s->vbonus = 0;
    s->vcard = AN_NONE;
    s->vbought[0] = s->vbought[1] = 0;
    s->fight[0] = s->fight[1] = 0;
    push(x, K_ENDTURN, p, 0, 0);
}

static void voyage_card(an_x *x, int p)
{
    an_state *s = x->s;
    const an_cfg *c = x->c;
    int d = s->voy[s->vpos++];
    const an_vdef *v = &c->vdef[d];
    s->vcard = (uint8_t)d;
    s->vbought[0] = s->vbought[1] = 0;
    tr(x, TR_VCARD, p, d, s->vpos, 0, 0);
    push(x, K_VAFTER, p, 0, 0);
    int opp = an_speed(c, &s->pl[1 - p]);
    switch (v->kind) {
    case VK_PIRATE:
        push(x, K_PIRATE, p, d, 0);
        break;
    case VK_SIEGE:
        push(x, K_FIGHT, p, d, 0);
        break;
    case VK_TRADER:
    case VK_PEOPLE:
        push(x, K_BUY, p, d, 0);
        break;
    case VK_CLIFFS:
        ship_change(x, p, -c->k.cliffs);
        break;
    case VK_HURRICANE:
        tr(x, TR_SPEEDCMP, p, s->vspeed, opp, 0, 0);
        if (s->vspeed <= opp)
            ship_change(x, p, -c->k.hurricane);
        break;
    case VK_RESCUE:
        tr(x, TR_SPEEDCMP, p, s->vspeed, opp, 0, 0);
        if (s->vspeed >= opp)
            gain_gold(x, p, c->k.rescue);
        break;
    case VK_FLOTSAM: {
        int r = die6(x);
        tr(x, TR_FLOTSAM, p, r, 0, 0, 0);
        apply_eff(x, p, &v->roll[r - 1]);
        break;
    }
    default:
        break;
    }
}

static void fight(an_x *x, int p, int d)
{
    an_state *s = x->s;
    const an_vdef *v = &x->c->vdef[d];
    int mine = an_cannons(x->c, &s->pl[p]) + s->vbonus, a, b;
    do {
        a = die6(x);
        b = die6(x);
    } while (a + mine == b + v->strength);
    s->fight[0] = (uint8_t)a;
    s->fight[1] = (uint8_t)b;
    int won = a + mine > b + v->strength;
    tr(x, TR_FIGHT, p, d, a, b, won);
    apply_eff(x, p, won ? &v->win : &v->lose);
}

/* ------------------------------------------------------------ action cards */

static void act(an_x *x, int p, int kind)
{
    an_state *s = x->s;
    const an_cfg *c = x->c;
    int o = 1 - p;
    switch (kind) {
    case AC_BISHOP:
        gain_gold(x, p,
                  an_count_func(c, &s->pl[p], FN_CHAPEL) * c->k.bishop_chapel +
                      an_count_func(c, &s->pl[p], FN_CHURCH) * c->bishop_church);
        break;
    case AC_INVENTOR:
        push(x, K_GOOD, p, c->k.inventor, 0);
        break;
    case AC_POISONER:
        push(x, K_LOSE, o, c->k.poisoner, 0);
        break;
    case AC_REVOLUTIONARY:
        push(x, K_PAY, o, c->k.revolutionary, 0);
        break;
    case AC_PICKPOCKET:
        push(x, K_PAY, o, c->k.pickpocket, p + 1);
        break;
    case AC_SPY:
        s->pl[o].known = (uint8_t)((1u << s->pl[o].nh) - 1u);
        tr(x, TR_REVEAL, p, o, 0, 0, 0);
        push(x, K_SPY, p, 0, 0);
        break;
    default:
        break;
    }
}

static void play_card(an_x *x, int p, int d)
{
    an_state *s = x->s;
    const an_cfg *c = x->c;
    int kind = c->def[d].act, o = 1 - p;
    hand_take(&s->pl[p], d);
    s->disc[d]++;
    push(x, K_ACT, p, kind, 0);
    if (c->against[kind] && an_count_func(c, &s->pl[o], FN_THEATRE) &&
        an_gold(&s->pl[o]) >= c->k.theatre_cost)
        push(x, K_THEATRE, o, kind, 0);
}

/* ------------------------------------------------------------ the task machine */

static void exec_auto(an_x *x, an_task t)
{
    an_state *s = x->s;
    int p = t.p;
    switch (t.t) {
    case K_START:
        s->h.turn_player = (int8_t)p;
        s->h.turn++;
        s->phase = PH_ACTION;
        s->offers = 0;
        memset(s->declined, 0, sizeof s->declined);
        tr(x, TR_START, p, 0, 0, 0, 0);
        push(x, K_ROLL, p, 0, 0);
        break;
    case K_ROLL: {
        s->die = (uint8_t)die6(x);
        s->event = x->c->face[die6(x) - 1];
        tr(x, TR_ROLL, p, s->die, s->event, 0, 0);
        push(x, K_EVENT, p, s->event, 0);
        push(x, K_PRODUCE, p, s->die, 0);
        break;
    }
    case K_PRODUCE:
        produce(x, t.x);
        break;
    case K_EVENT:
        tr(x, TR_EVENT, p, t.x, 0, 0, 0);
        event(x, t.x);
        break;
    case K_ACT:
        act(x, p, t.x);
        break;
    case K_VTURN:
        voyage_card(x, p);
        break;
    case K_VAFTER:
        if (s->pl[p].ship == 0 || s->vpos >= s->vspeed || s->vpos >= AN_NVOY)
            voyage_end(x, p);
        else
            push(x, K_SAIL, p, 0, 0);
        break;
    case K_FIGHT:
        fight(x, p, t.x);
        break;
    case K_ENDTURN:
        s->phase = PH_ACTION;
        push(x, K_START, 1 - p, 0, 0);
        break;
    default:
        break;
    }
}

static void apply_decision(an_x *x, kt_action a);

/* Run automatic tasks until a decision with answers is on top (or the turn
 * player's action decision, or the end). */
static void run(an_x *x)
{
    an_state *s = x->s;
    kt_action buf[64]; /* more than any decision other than the turn's lists */
    while (s->h.status == KT_RUNNING) {
        if (s->nstack == 0) {
            s->h.to_move = s->h.turn_player;
            s->h.decision = DEC_ACTION;
            return;
        }
        an_task t = *top(x);
        if (!an_is_decision(t.t)) {
            pop(x);
            exec_auto(x, t);
            continue;
        }
        /* these always have an answer: no need to list them here */
        int sure = t.t == K_OFFER || t.t == K_COMPOSE || t.t == K_SAIL || t.t == K_PIRATE ||
                   t.t == K_BUY;
        int n = sure ? 2 : an_task_legal(x->c, s, &t, buf);
        if (n == 0) {
            if (t.t == K_PLACE) /* no landscape may take the rest any more */
                tr(x, TR_GAIN, t.p, t.x, 0, t.y, 0);
            pop(x);
            continue;
        }
        /* a payment only one split can make, a good only one landscape
         * may take: no question */
        if (n == 1 && (t.t == K_PAY || t.t == K_PLACE)) {
            apply_decision(x, buf[0]);
            continue;
        }
        s->h.to_move = (int8_t)t.p;
        s->h.decision = (uint8_t)an_task_dec(t.t);
        return;
    }
}

/* ------------------------------------------------------------ setup */

/* The end of a new game's setup (an_init, setup.c): the number die decides
 * who starts (roll until one is higher), then both take their start cards. */
void an_begin(const an_cfg *c, an_state *s)
{
    an_x x = {c, s, NULL};
    int a, b;
    do {
        a = die6(&x);
        b = die6(&x);
    } while (a == b);
    s->first = (uint8_t)(a > b ? 0 : 1);
    s->phase = PH_SETUP;
    s->h.turn = 0;
    s->h.turn_player = -1;
    push(&x, K_START, s->first, 0, 0);
    push(&x, K_PILE, 1 - s->first, 0, 0);
    push(&x, K_PILE, s->first, 0, 0);
    run(&x);
}
/* ------------------------------------------------------------ actions */

/* The offer is accepted (o answered it): the goods change hands first,
 * with their landscape choices on top of the stack, then the gold (one
 * side at most), so a payment's chaos cannot block goods already agreed.
 * The offer was composed so that each side holds what it gives and has
 * room for what it gets. */
static void offer_accepted(an_x *x, int o)
{
    an_state *s = x->s;
    int p = 1 - o; /* the maker */
    uint8_t give[AN_NKINDS], get[AN_NKINDS];
    memcpy(give, s->give, sizeof give);
    memcpy(get, s->get, sizeof get);
    memset(s->give, 0, sizeof s->give);
    memset(s->get, 0, sizeof s->get);
    if (give[AN_GOLD])
        push(x, K_PAY, p, give[AN_GOLD], o + 1);
    if (get[AN_GOLD])
        push(x, K_PAY, o, get[AN_GOLD], p + 1);
    for (int k = 0; k < AN_NGOODS; k++) {
        if (give[k])
            spend_good(x, p, k, give[k]);
        if (get[k])
            spend_good(x, o, k, get[k]);
    }
    for (int k = AN_NGOODS - 1; k >= 0; k--) {
        if (get[k])
            gain_good(x, p, k, get[k]);
        if (give[k])
            gain_good(x, o, k, give[k]);
    }
}

/* The trade's picks: begin (the action decision), one more unit given or
 * asked for, make the offer, withdraw it; the answer. */
static void apply_trade(an_x *x, kt_action a)
{
    an_state *s = x->s;
    int k = AN_AX(a);
    switch (AN_AK(a)) {
    case A_OFFER: /* withdrawn offers count too: a bound keeps the turn finite */
        if (s->offers < 255)
            s->offers++;
        push(x, K_COMPOSE, s->h.turn_player, 0, 0);
        break;
    case A_GIVE:
        s->give[k]++;
        break;
    case A_ASK:
        s->get[k]++;
        break;
    case A_SEND:
        pop(x);
        push(x, K_OFFER, 1 - s->h.turn_player, 0, 0);
        break;
    case A_ACCEPT:
        pop(x);
        offer_accepted(x, s->h.to_move);
        break;
    default: /* A_NO: withdrawn or declined (remembered for this phase) */
        if (top(x)->t == K_OFFER) {
            memcpy(s->declined[0], s->give, AN_NKINDS);
            memcpy(s->declined[1], s->get, AN_NKINDS);
        }
        memset(s->give, 0, sizeof s->give);
        memset(s->get, 0, sizeof s->get);
        pop(x);
        break;
    }
}

static void apply_turn(an_x *x, kt_action a)
{
    an_state *s = x->s;
    const an_cfg *c = x->c;
    int p = s->h.turn_player, k = AN_AX(a);
    an_player *pl = &s->pl[p];
    switch (AN_AK(a)) {
    case A_BUILD: {
        const an_def *d = &c->def[k];
        spend_cost(x, p, d->cost, 0, 0);
        hand_take(pl, k);
        pl->build[pl->nb++] = (uint8_t)k;
        if (d->gold)
            gain_gold(x, p, d->gold);
        tokens(x);
        check_goal(x, p);
        break;
    }
    case A_UPGRADE: {
        uint8_t cost[AN_NGOODS];
        int rum, tob;
        an_upgrade_cost(c, k + 1, cost, &rum, &tob);
        spend_cost(x, p, cost, rum, tob);
        pl->lvl[k]--;
        pl->lvl[k + 1]++;
        s->supply[k + 1]--;
        check_goal(x, p);
        break;
    }
    case A_REPAIR:
        spend_good(x, p, GD_WOOD, 1);
        ship_change(x, p, 1);
        break;
    case A_PLAY:
        play_card(x, p, k);
        break;
    case A_BANK: { /* the payment first on the stack: a landscape choice comes first */
        int gt = AN_AY(a);
        if (k == AN_GOLD)
            push(x, K_PAY, p, c->k.bank_rate, 0);
        else
            spend_good(x, p, k, c->k.bank_rate);
        if (gt == AN_GOLD)
            gain_gold(x, p, 1);
        else
            gain_good(x, p, gt, 1);
        break;
    }
    case A_OFFER:
        apply_trade(x, a);
        break;
    case A_SAIL: {
        int bonus = 0;
        if (k != AN_NONE) {
            bonus = c->def[k].act == AC_COMMANDER ? c->k.commander : c->k.captain;
            hand_take(pl, k);
            s->disc[k]++;
        }
        s->phase = PH_VOYAGE;
        s->vbonus = (uint8_t)bonus;
        s->vspeed = (uint8_t)(an_speed(c, pl) + bonus);
        s->vpos = 0;
        kt_shuffle_u8(&s->h.rng, s->voy, AN_NVOY);
        if (s->vspeed)
            push(x, K_VTURN, p, 0, 0);
        else
            voyage_end(x, p);
        break;
    }
    case A_DRAW:
        s->phase = PH_FINAL;
        push(x, K_ENDTURN, p, 0, 0);
        push(x, K_REFILL, p, 0, 0);
        draw_card(x, p, k);
        break;
    case A_SEARCH:
        s->phase = PH_FINAL;
        push(x, K_ENDTURN, p, 0, 0);
        push(x, K_REFILL, p, 0, 0);
        push(x, K_SEARCH, p, k, 0);
        push(x, K_PAY, p, c->k.search_cost, 0);
        break;
    case A_EXCH:
        s->phase = PH_FINAL;
        hand_take(pl, k);
        pile_under(x, AN_AY(a), k);
        tr(x, TR_PUTUNDER, p, AN_AY(a), k, 0, 0);
        push(x, K_ENDTURN, p, 0, 0);
        push(x, K_XDRAW, p, 0, 0);
        break;
    case A_END:
        s->phase = PH_FINAL;
        push(x, K_ENDTURN, p, 0, 0);
        break;
    default:
        break;
    }
}

/* Answers to the task on top (an_task_legal listed them). */
static void apply_decision(an_x *x, kt_action a)
{
    an_state *s = x->s;
    const an_cfg *c = x->c;
    an_task *t = top(x);
    int p = t->p, o = 1 - p, k = AN_AX(a);
    an_player *pl = &s->pl[p];
    if (t->t == K_COMPOSE || t->t == K_OFFER) {
        apply_trade(x, a);
        return;
    }
    switch (AN_AK(a)) {
    case A_PILE:
        pop(x);
        for (int i = 0; i < c->k.start_hand && s->plen[k]; i++)
            draw_card(x, p, k);
        break;
    case A_PAY: {
        int n = t->x < an_gold(pl) ? t->x : an_gold(pl), to = t->y - 1;
        pop(x);
        pay_split(x, p, k, n, to);
        break;
    }
    case A_GOOD: /* the task is done with before the good may ask for a landscape */
        if (--t->x == 0)
            pop(x);
        gain_good(x, p, k, 1);
        break;
    case A_BUYG:
        pop(x);
        push(x, K_PAY, p, 1, 0);
        gain_good(x, p, k, 1);
        break;
    case A_PLACE: /* the next good of the task onto landscape k */
        s->pl[p].land[k]++;
        tr(x, TR_PLACE, p, k, t->x, 0, 0);
        if (--t->y == 0)
            pop(x);
        break;
    case A_SELLG:
        pop(x);
        spend_good(x, p, k, 1);
        gain_gold(x, p, 1);
        break;
    case A_STEAL:
        pop(x);
        spend_good(x, o, k, 1);
        tr(x, TR_STEAL, p, k, 0, 0, 0);
        gain_good(x, p, k, 1);
        break;
    case A_LOSE:
        spend_good(x, p, k, 1);
        tr(x, TR_LOSTGOOD, p, k, 0, 0, 0);
        if (--t->x == 0)
            pop(x);
        break;
    case A_HARB:
        pop(x);
        spend_good(x, p, k, 1);
        gain_good(x, p, AN_AY(a), 1);
        break;
    case A_LODGE:
        pop(x);
        hand_take(pl, k);
        pile_under(x, AN_AY(a), k);
        tr(x, TR_PUTUNDER, p, AN_AY(a), k, 1, 0);
        draw_card(x, p, AN_AY(a));
        break;
    case A_CANCEL:
        pop(x); /* the theatre decision */
        tr(x, TR_CANCELLED, p, top(x)->x, 0, 0, 0);
        pop(x); /* the action card's effect */
        push(x, K_PAY, p, c->k.theatre_cost, 0);
        break;
    case A_TAKE:
        pop(x);
        hand_take(&s->pl[o], k);
        hand_add(pl, k, 1);
        tr(x, TR_TOOK, p, k, 0, 0, 0);
        break;
    case A_DRAW:
        if (t->t == K_XDRAW)
            pop(x);
        draw_card(x, p, k);
        break;
    case A_SEARCH:
        if (t->t == K_XDRAW)
            pop(x);
        push(x, K_SEARCH, p, k, 0);
        push(x, K_PAY, p, c->k.search_cost, 0);
        break;
    case A_END: /* done drawing */
        pop(x);
        break;
    case A_PICK: {
        int pile = t->x;
        pop(x);
        for (int i = 0; i < s->plen[pile]; i++)
            if (s->pile[pile][i] == k) {
                memmove(s->pile[pile] + i, s->pile[pile] + i + 1,
                        (size_t)(s->plen[pile] - i - 1));
                s->plen[pile]--;
                s->pile[pile][s->plen[pile]] = 0;
                break;
            }
        hand_add(pl, k, 0);
        tr(x, TR_SEARCHED, p, pile, k, 0, 0);
        break;
    }
    case A_CONT:
        pop(x);
        push(x, K_VTURN, p, 0, 0);
        break;
    case A_PAYOFF: {
        int d = t->x;
        pop(x);
        push(x, K_PAY, p, c->vdef[d].demand, 0);
        break;
    }
    case A_FIGHT: {
        int d = t->x;
        pop(x);
        fight(x, p, d);
        break;
    }
    case A_BUY: {
        const an_vdef *v = &c->vdef[t->x];
        s->vbought[k]++;
        gain_ware(x, p, v->offer_item[k], 1);
        push(x, K_PAY, p, v->offer_price[k], 0);
        break;
    }
    case A_NO:
        if (t->t == K_SAIL) {
            pop(x);
            voyage_end(x, p);
            /* K_VAFTER already ran; the voyage ends here */
        } else {
            pop(x);
        }
        break;
    default:
        break;
    }
}

void an_apply_traced(const kt_game *g, an_state *s, kt_action a, an_trace *trace)
{
    an_x x = {an_config(g), s, trace};
    if (s->nstack == 0)
        apply_turn(&x, a);
    else
        apply_decision(&x, a);
    run(&x);
}

void an_apply(const kt_game *g, kt_state *s, kt_action a)
{
    an_apply_traced(g, (an_state *)s, a, NULL);
}
