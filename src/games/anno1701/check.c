/*
 * check.c - the invariants of an Anno 1701 state (kt_check, and the loader
 * after every load): ranges of every counter, conservation of every card
 * (each era-card definition's copies are in exactly one of the hands,
 * settlements, piles and the discard pile; inhabitant cards in the supply
 * plus those in the settlements; the voyage deck a permutation of the voyage
 * cards), the tokens agreeing with the marks, and the pending decision
 * agreeing with the task stack.
 */
#include <string.h>

#include "anno1701.h"

#define WHY(...) (kt_buf_printf(why, __VA_ARGS__), 0)

static int check_player(const an_cfg *c, const an_player *pl, int p, kt_buf *why)
{
    for (int l = 0; l < AN_NLAND; l++)
        if (pl->land[l] > c->k.land_cap)
            return WHY("player %d: landscape %d holds %d goods (at most %d)", p + 1, l + 1,
                       pl->land[l], c->k.land_cap);
    if (pl->set > 1 || pl->gold[0] > c->k.centre_cap || pl->gold[1] > c->k.centre_cap ||
        pl->rum > c->k.ware_cap || pl->tob > c->k.ware_cap || pl->ship > 4)
        return WHY("player %d: set, gold, rum, tobacco or ship out of range", p + 1);
    if (pl->lvl[0] + pl->lvl[1] + pl->lvl[2] + pl->lvl[3] != AN_NINH)
        return WHY("player %d: %d inhabitants instead of %d", p + 1,
                   pl->lvl[0] + pl->lvl[1] + pl->lvl[2] + pl->lvl[3], AN_NINH);
    if (pl->nb > c->k.spaces || pl->nh > AN_MAXHAND)
        return WHY("player %d: %d buildings, %d hand cards", p + 1, pl->nb, pl->nh);
    if (pl->known >> pl->nh)
        return WHY("player %d: known-card bits beyond the hand", p + 1);
    for (int i = 0; i < AN_MAXSPACE; i++)
        if (i < pl->nb ? pl->build[i] >= c->ndef || c->def[pl->build[i]].family != FAM_BUILDING
                       : pl->build[i] != 0)
            return WHY("player %d: building space %d holds a bad card", p + 1, i + 1);
    for (int i = 0; i < AN_MAXHAND; i++)
        if (i < pl->nh ? pl->hand[i] >= c->ndef : pl->hand[i] != 0)
            return WHY("player %d: hand slot %d holds a bad card", p + 1, i + 1);
    if (an_count_func(c, pl, FN_FIRE) > c->k.fire_max)
        return WHY("player %d: more fire stations than allowed", p + 1);
    return 1;
}

static int check_cards(const an_cfg *c, const an_state *s, kt_buf *why)
{
    int n[AN_MAXDEF] = {0};
    for (int p = 0; p < AN_NP; p++) {
        for (int i = 0; i < s->pl[p].nh; i++)
            n[s->pl[p].hand[i]]++;
        for (int i = 0; i < s->pl[p].nb; i++)
            n[s->pl[p].build[i]]++;
    }
    for (int k = 0; k < AN_NPILE; k++) {
        if (s->plen[k] > AN_PILE_MAX)
            return WHY("pile %d has %d cards", k + 1, s->plen[k]);
        for (int i = 0; i < AN_PILE_MAX; i++) {
            int d = s->pile[k][i];
            if (i >= s->plen[k]) {
                if (d)
                    return WHY("pile %d: slot %d beyond its end is not empty", k + 1, i + 1);
                continue;
            }
            if (d >= c->ndef || c->def[d].era != an_pile_era(k))
                return WHY("pile %d holds a card of another era", k + 1);
            n[d]++;
        }
    }
    for (int d = 0; d < AN_MAXDEF; d++) {
        if (d >= c->ndef) {
            if (s->disc[d])
                return WHY("discard pile holds an unknown card");
            continue;
        }
        if (s->disc[d] && c->def[d].family != FAM_ACTION)
            return WHY("a building (%s) lies on the discard pile", c->def[d].id);
        if (n[d] + s->disc[d] != c->def[d].copies)
            return WHY("card %s: %d copies in play, %d exist", c->def[d].id, n[d] + s->disc[d],
                       c->def[d].copies);
    }
    for (int l = 1; l < AN_NLEVEL; l++) {
        int used = 0;
        for (int p = 0; p < AN_NP; p++)
            for (int m = l; m < AN_NLEVEL; m++)
                used += s->pl[p].lvl[m];
        if (used + s->supply[l] != c->level[l].copies)
            return WHY("%s cards: %d in settlements + %d in the supply, %d exist",
                       c->level[l].id, used, s->supply[l], c->level[l].copies);
    }
    uint8_t a[AN_NVOY], b[AN_NVOY];
    memcpy(a, s->voy, AN_NVOY);
    memcpy(b, c->vdeck, AN_NVOY);
    int cnt[256] = {0};
    for (int i = 0; i < AN_NVOY; i++)
        cnt[a[i]]++, cnt[b[i]]--;
    for (int i = 0; i < 256; i++)
        if (cnt[i])
            return WHY("the voyage deck is not the %d voyage cards", AN_NVOY);
    return 1;
}

static int check_tokens(const an_cfg *c, const an_state *s, kt_buf *why)
{
    for (int t = 0; t < 2; t++) {
        int m0 = t ? an_cannon_marks(c, &s->pl[0]) : an_bags(c, &s->pl[0]);
        int m1 = t ? an_cannon_marks(c, &s->pl[1]) : an_bags(c, &s->pl[1]);
        int h = t ? s->sea_power : s->trade_power;
        int claimed = (s->claimed >> t) & 1;
        int want;
        if (claimed)
            want = m0 > m1 ? 0 : m1 > m0 ? 1 : -1;
        else
            want = -1;
        if (!claimed && (m0 >= c->k.token_marks || m1 >= c->k.token_marks))
            return WHY("%s: a player has %d marks but nobody ever took the token",
                       t ? "sea power" : "trade power", m0 > m1 ? m0 : m1);
        if (h != want)
            return WHY("%s is held by %d, the marks say %d", t ? "sea power" : "trade power", h,
                       want);
    }
    if (s->claimed > 3)
        return WHY("bad token flags");
    return 1;
}

static int check_task(const an_cfg *c, const an_task *t, kt_buf *why)
{
    if (t->t == K_NONE || t->t >= K_COUNT || t->p >= AN_NP)
        return WHY("bad task %d", t->t);
    switch (t->t) {
    case K_PAY:
        if (t->x == 0 || t->x > 16 || t->y > AN_NP || t->y == t->p + 1)
            return WHY("bad payment task");
        break;
    case K_GOOD:
    case K_LOSE:
        if (t->x == 0 || t->x > 8)
            return WHY("bad goods task");
        break;
    case K_PLACE:
        if (t->x >= AN_NGOODS || t->y == 0 || t->y > AN_NLAND * c->k.land_cap)
            return WHY("bad placement task");
        break;
    case K_SEARCH:
        if (t->x >= AN_NPILE)
            return WHY("bad search task");
        break;
    case K_PIRATE:
    case K_BUY:
    case K_FIGHT:
        if (t->x >= c->nvdef)
            return WHY("bad voyage task");
        if ((t->t == K_PIRATE && c->vdef[t->x].kind != VK_PIRATE) ||
            (t->t == K_BUY && c->vdef[t->x].kind != VK_TRADER && c->vdef[t->x].kind != VK_PEOPLE))
            return WHY("voyage task on the wrong card");
        break;
    case K_THEATRE:
    case K_ACT:
        if (t->x < AC_BISHOP || t->x > AC_COMMANDER)
            return WHY("bad action-card task");
        break;
    case K_PRODUCE:
        if (t->x < 1 || t->x > 6)
            return WHY("bad production task");
        break;
    case K_EVENT:
        if (t->x >= AN_NEVENTS)
            return WHY("bad event task");
        break;
    default:
        break;
    }
    return 1;
}

static int check_voyage(const an_state *s, kt_buf *why)
{
    /* a game may end during a voyage (a player bankrupt by pirates) */
    if (s->phase == PH_VOYAGE || s->phase == PH_OVER) {
        if (s->vpos > AN_NVOY || s->vpos > s->vspeed)
            return WHY("voyage: %d cards turned at speed %d", s->vpos, s->vspeed);
        if (s->vbonus > 9)
            return WHY("voyage bonus out of range");
        return 1;
    }
    if (s->vpos || s->vspeed || s->vbonus || s->vcard != AN_NONE || s->vbought[0] ||
        s->vbought[1] || s->fight[0] || s->fight[1])
        return WHY("voyage fields set outside a voyage");
    return 1;
}

/* The phases each task can stand in, from the engine's flow (rules.c):
 * setup is the start task under the two pile choices; the dice phase and
 * the actions run in PH_ACTION; drawing, searching or exchanging puts the
 * end of the turn at the bottom in PH_FINAL; a voyage keeps "sail on" or
 * "after this card" at the bottom in PH_VOYAGE. */
#define PHB(ph) (1u << (ph))
static const uint8_t task_phases[K_COUNT] = {
    [K_PILE] = PHB(PH_SETUP),    [K_START] = PHB(PH_SETUP),
    [K_PAY] = PHB(PH_ACTION) | PHB(PH_FINAL) | PHB(PH_VOYAGE),
    [K_GOOD] = PHB(PH_ACTION) | PHB(PH_VOYAGE),
    [K_TRADER] = PHB(PH_ACTION), [K_STEAL] = PHB(PH_ACTION),   [K_LOSE] = PHB(PH_ACTION),
    [K_HARBOUR] = PHB(PH_ACTION), [K_LODGE] = PHB(PH_ACTION),  [K_THEATRE] = PHB(PH_ACTION),
    [K_SPY] = PHB(PH_ACTION),    [K_COMPOSE] = PHB(PH_ACTION), [K_OFFER] = PHB(PH_ACTION),
    [K_PLACE] = PHB(PH_ACTION) | PHB(PH_VOYAGE),
    [K_ROLL] = PHB(PH_ACTION),   [K_PRODUCE] = PHB(PH_ACTION), [K_EVENT] = PHB(PH_ACTION),
    [K_ACT] = PHB(PH_ACTION),    [K_REFILL] = PHB(PH_FINAL),   [K_XDRAW] = PHB(PH_FINAL),
    [K_SEARCH] = PHB(PH_FINAL),  [K_ENDTURN] = PHB(PH_FINAL),  [K_SAIL] = PHB(PH_VOYAGE),
    [K_PIRATE] = PHB(PH_VOYAGE), [K_BUY] = PHB(PH_VOYAGE),     [K_VTURN] = PHB(PH_VOYAGE),
    [K_VAFTER] = PHB(PH_VOYAGE), [K_FIGHT] = PHB(PH_VOYAGE),
};

/* Tasks of the turn player only, and tasks that occur at most once. */
static int turn_players_task(int t)
{
    return t == K_COMPOSE || t == K_SPY || t == K_REFILL || t == K_XDRAW || t == K_SEARCH ||
           t == K_ENDTURN || t == K_SAIL || t == K_PIRATE || t == K_BUY || t == K_VAFTER ||
           t == K_ACT || t == K_EVENT;
}

static int single_task(int t)
{
    return t != K_PAY && t != K_GOOD && t != K_TRADER && t != K_PILE && t != K_HARBOUR &&
           t != K_LODGE && t != K_PLACE;
}

/* The shape of the task stack for the phase (a loaded state must be one the
 * engine can reach and continue from: a wrong shape passes the per-task
 * checks but breaks an invariant a few actions later). */
static int check_stack_shape(const an_state *s, kt_buf *why)
{
    int tp = s->h.turn_player, n = s->nstack;
    uint8_t count[K_COUNT] = {0};
    for (int i = 0; i < n; i++) {
        const an_task *t = &s->stack[i];
        if (!(task_phases[t->t] & PHB(s->phase)))
            return WHY("task %d (kind %d) cannot occur in phase %d", i, t->t, s->phase);
        if (++count[t->t] > 1 && single_task(t->t))
            return WHY("task kind %d twice on the stack", t->t);
        if (s->phase != PH_SETUP && turn_players_task(t->t) && t->p != tp)
            return WHY("task %d (kind %d) belongs to the turn player", i, t->t);
        if (i > 0 &&
            (t->t == K_ENDTURN || t->t == K_SAIL || t->t == K_VAFTER || t->t == K_START))
            return WHY("task %d (kind %d) belongs at the bottom of the stack", i, t->t);
    }
    if (s->phase == PH_SETUP && n && s->stack[0].t != K_START)
        return WHY("setup needs the start task at the bottom");
    if (s->phase == PH_FINAL && (!n || s->stack[0].t != K_ENDTURN))
        return WHY("the final phase needs the end of the turn at the bottom");
    if (s->phase == PH_VOYAGE &&
        (!n || (s->stack[0].t != K_SAIL && s->stack[0].t != K_VAFTER) ||
         (s->stack[0].t == K_SAIL && n != 1)))
        return WHY("a voyage needs 'sail on' alone or 'after this card' at the bottom");
    if ((count[K_COMPOSE] || count[K_OFFER]) && n != 1)
        return WHY("a trade offer is the only task");
    if (n && s->stack[n - 1].t != K_PLACE)
        for (int i = 0; i < n; i++)
            if (s->stack[i].t == K_PLACE)
                return WHY("a choice of landscape waits under another task");
    if (count[K_OFFER] && s->stack[0].p != 1 - tp)
        return WHY("a trade offer is answered by the other player");
    return 1;
}

/* The offer fields: in use only while an offer is composed or answered;
 * then never a kind on both sides, each side held by its giver and taken
 * by its receiver (as the composer allows), both sides given when made.
 * The declined offer is one that was made. */
static int check_offer(const an_cfg *c, const an_state *s, kt_buf *why)
{
    const an_task *t = s->nstack ? &s->stack[s->nstack - 1] : NULL;
    int tt = t && s->h.status == KT_RUNNING ? t->t : K_NONE, ng = 0, nt = 0;
    for (int k = 0; k < AN_NKINDS; k++) {
        ng += s->give[k];
        nt += s->get[k];
        if (s->give[k] && s->get[k])
            return WHY("the offer has %s on both sides", k == AN_GOLD ? "gold" : "a good");
        if ((s->declined[0][k] && s->declined[1][k]) || s->declined[0][k] > 32 ||
            s->declined[1][k] > 32)
            return WHY("bad declined offer");
    }
    if (tt != K_COMPOSE && tt != K_OFFER && ng + nt)
        return WHY("an offer is set but none is composed or answered");
    if (tt == K_OFFER && (!ng || !nt))
        return WHY("an offer was made with an empty side");
    if (tt == K_COMPOSE || tt == K_OFFER) {
        int p = tt == K_COMPOSE ? t->p : 1 - t->p;
        const an_player *me = &s->pl[p], *op = &s->pl[1 - p];
        for (int k = 0; k < AN_NGOODS; k++)
            if (s->give[k] > an_goods(c, me, k) || s->give[k] > an_room(c, op, k) ||
                s->get[k] > an_goods(c, op, k) || s->get[k] > an_room(c, me, k))
                return WHY("the offer moves more %s than one side holds or the other can take",
                           an_good_name(k, 0));
        if (s->give[AN_GOLD] > an_gold(me) || s->get[AN_GOLD] > an_gold(op))
            return WHY("the offer moves more gold than its payer holds");
    }
    int dg = 0, dt = 0;
    for (int k = 0; k < AN_NKINDS; k++)
        dg += s->declined[0][k], dt += s->declined[1][k];
    if (!dg != !dt)
        return WHY("the declined offer has an empty side");
    return 1;
}

static int check_flow(const kt_game *g, const an_state *s, kt_buf *why)
{
    const an_cfg *c = an_config(g);
    if (s->phase > PH_OVER || s->first > 1 || s->die > 6 || s->event >= AN_NEVENTS ||
        (c->offers != AN_ANY && s->offers > c->offers) || s->nstack > AN_STACK || s->trade_power < -1 ||
        s->trade_power > 1 || s->sea_power < -1 || s->sea_power > 1)
        return WHY("phase, first player, dice, offers or tokens out of range");
    if (!check_offer(c, s, why))
        return 0;
    if (s->vcard != AN_NONE && s->vcard >= c->nvdef)
        return WHY("bad voyage card");
    for (int i = 0; i < s->nstack; i++)
        if (!check_task(c, &s->stack[i], why))
            return 0;
    for (int i = s->nstack; i < AN_STACK; i++)
        if (s->stack[i].t || s->stack[i].p || s->stack[i].x || s->stack[i].y)
            return WHY("task slot %d beyond the stack is not empty", i);
    if (s->h.status != KT_RUNNING) {
        if (s->h.status == KT_FINISHED &&
            (s->phase != PH_OVER || s->winner > 1 || s->end == END_NONE || s->end > END_CHAOS))
            return WHY("a finished game needs its winner and reason");
        return 1;
    }
    if (s->phase == PH_OVER || s->end != END_NONE || s->winner)
        return WHY("a running game has an end");
    for (int p = 0; p < AN_NP; p++)
        if (s->pl[p].gold[0] == 0 && s->pl[p].gold[1] == 0)
            return WHY("player %d has both village centres in chaos but the game runs", p + 1);
    if (s->phase != PH_SETUP && (s->h.turn_player < 0 || s->h.turn_player > 1))
        return WHY("no turn player");
    if (s->nstack == 0) {
        if (s->phase != PH_ACTION || s->h.to_move != s->h.turn_player ||
            s->h.decision != DEC_ACTION)
            return WHY("the action decision must be the turn player's");
    } else {
        const an_task *t = &s->stack[s->nstack - 1];
        if (!an_is_decision(t->t) || s->h.to_move != t->p || s->h.decision != an_task_dec(t->t))
            return WHY("the decision on top of the stack is not the pending one");
    }
    if (!check_stack_shape(s, why))
        return 0;
    if (s->phase == PH_SETUP && s->h.turn != 0)
        return WHY("setup after the first turn");
    kt_action buf[KT_LEGAL_MAX];
    if (an_legal(g, (const kt_state *)s, buf) <= 0)
        return WHY("no legal action in a running game");
    return 1;
}

int an_check(const kt_game *g, const kt_state *st, kt_buf *why)
{
    const an_cfg *c = an_config(g);
    const an_state *s = (const an_state *)st;
    if (!KT_STACK_CHECK(s, why))
        return 0;
    for (int p = 0; p < AN_NP; p++)
        if (!check_player(c, &s->pl[p], p, why))
            return 0;
    if (s->pl[0].set == s->pl[1].set)
        return WHY("both players have the same start set");
    return check_cards(c, s, why) && check_tokens(c, s, why) && check_voyage(s, why) &&
           check_flow(g, s, why);
}
