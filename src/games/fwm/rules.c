/*
 * rules.c - Fugger, Welser, Medici: the automaton that runs the
 * rounds, phase 1 (which deal resolves next, drawing cards, dates), payday,
 * rent, the calendar phase, forced sales and the ends of the four modes.
 *
 * Layout: apply() performs one decision (dispatched on s->stage) and then
 * run() steps through transient stages (FS_P1, FS_LINE, FS_ALLOC, ...)
 * until the next decision or the end.  Each step function returns 1 when
 * it left a decision for hdr.to_move (fwm_decide), 0 to go on.  Sealed
 * bids are the one decision several players hold at once (fwm_pending).
 * The sequence of a round follows the seed: trades between players
 * (trade.c), urgent deals, due demand, fair demand, fair supply, manors,
 * due supply, payday, (rent); then the movement turns from the start
 * player; then the calendar.
 */
#include <stdlib.h>
#include <string.h>

#include "rules.h"

const int32_t fwm_force_price[FWM_NG] = {500, 800, 1100};
#define IOU_SALE 300

/* ------------------------------------------------------------ helpers */

int fwm_roll(fx *x) { return (int)kt_rng_below(&x->s->h.rng, 6) + 1; }

void fwm_decide(fx *x, int stage, int player)
{
    x->s->stage = (uint8_t)stage;
    x->s->h.decision = (uint8_t)stage;
    x->s->h.to_move = (int8_t)player;
}

void fwm_gain(fx *x, int p, int32_t amount) { x->s->pl[p].money += amount; }

void fwm_charge(fx *x, int p, int32_t amount)
{
    fwm_player *pl = &x->s->pl[p];
    if (pl->money >= amount || x->c->fl_debt) {
        pl->money -= amount;
        return;
    }
    EV(x, KT_VIS_ALL, "waived", p, "%s %d cannot pay %d FL more; the rest is waived.",
       "%s %d kann %d FL nicht mehr zahlen; der Rest wird erlassen.", PN(x), p + 1,
       (int)(amount - (pl->money > 0 ? pl->money : 0)));
    if (pl->money > 0)
        pl->money = 0;
}

/* Sold goods leave the merchants first (lighter merchants travel safer),
 * then the warehouse; the player may rearrange goods later anyway. */
void fwm_take(fwm_state *s, int p, int sp, int good, int n)
{
    for (int k = 0; k < FWM_NM && n; k++)
        if (s->pl[p].m[k].pos == sp) {
            int t = s->pl[p].m[k].cargo[good] < n ? s->pl[p].m[k].cargo[good] : n;
            s->pl[p].m[k].cargo[good] = (uint8_t)(s->pl[p].m[k].cargo[good] - t);
            n -= t;
        }
    if (n && s->pl[p].home == sp)
        s->pl[p].ware[good] = (uint8_t)(s->pl[p].ware[good] - n);
}

/* Bought goods go to the first merchant there, else to the warehouse. */
void fwm_put(fwm_state *s, int p, int sp, int good, int n)
{
    for (int k = 0; k < FWM_NM; k++)
        if (s->pl[p].m[k].pos == sp) {
            s->pl[p].m[k].cargo[good] = (uint8_t)(s->pl[p].m[k].cargo[good] + n);
            return;
        }
    s->pl[p].ware[good] = (uint8_t)(s->pl[p].ware[good] + n);
}

int fwm_entitled(const fwm_state *s, int p, int sp)
{
    return s->pl[p].home == sp || fwm_merch_at(s, p, sp) != 0;
}

int32_t fwm_liquid(const fwm_state *s, int p)
{
    const fwm_player *pl = &s->pl[p];
    int32_t v = pl->ious * IOU_SALE;
    for (int g = 0; g < FWM_NG; g++) {
        int n = pl->ware[g];
        for (int k = 0; k < FWM_NM; k++)
            n += pl->m[k].cargo[g];
        v += n * fwm_force_price[g];
    }
    return v;
}

int32_t fwm_value(const fwm_cfg *c, const fwm_state *s, int p)
{
    int32_t v = s->pl[p].money + fwm_liquid(s, p);
    if (c->mode == MODE_FULL)
        for (int i = 0; i < c->ncard; i++)
            if (c->card[i].type == CT_MANOR && s->where[i] == W_HELD && s->hold[i] == p + 1)
                v += c->card[i].min;
    return v;
}

int fwm_card_counts(const fwm_card *cd)
{
    return cd->type == CT_DEMAND || cd->type == CT_SUPPLY || cd->type == CT_NOBLE ||
           (cd->type == CT_EVENT && cd->event == EV_AMERICA);
}

int fwm_open_counted(const fwm_cfg *c, const fwm_state *s)
{
    int n = 0;
    for (int i = 0; i < s->nopen; i++)
        n += fwm_card_counts(&c->card[s->open[i].card]);
    return n;
}

static int is_demand(const fwm_card *cd) { return cd->type == CT_DEMAND || cd->type == CT_NOBLE; }

/* Moves the nobility marker (not in the trading-house game; nobles stay
 * at the end). */
void fwm_track(fx *x, int p, int steps)
{
    fwm_player *pl = &x->s->pl[p];
    if (x->c->mode == MODE_TRADING || pl->noble || steps == 0)
        return;
    int t = pl->track + steps;
    if (t < 0)
        t = 0;
    if (t > x->c->track_end)
        t = x->c->track_end;
    pl->track = (int8_t)t;
    EV(x, KT_VIS_ALL, "track", p, "%s %d: nobility track %+d, now %d of %d.",
       "%s %d: Adelsleiste %+d, jetzt %d von %d.", PN(x), p + 1, steps, t, x->c->track_end);
    if (t == x->c->track_end) {
        pl->noble = 1;
        x->s->ennobled |= (uint8_t)(1u << p);
        EV(x, KT_VIS_ALL, "noble", p, "%s %d is ennobled.", "%s %d wird geadelt.", PN(x), p + 1);
    }
}

void fwm_card_away(fx *x, int card)
{
    const fwm_card *cd = &x->c->card[card];
    fwm_state *s = x->s;
    s->known[card] = 1;
    if (x->c->mode == MODE_TRADING || cd->after == AF_REMOVE)
        s->where[card] = W_GONE;
    else if (cd->after == AF_KEEP)
        s->where[card] = W_HELD;
    else
        s->where[card] = W_RESERVE;
}

static void open_remove(fwm_state *s, int card)
{
    int j = 0;
    for (int i = 0; i < s->nopen; i++)
        if (s->open[i].card != card)
            s->open[j++] = s->open[i];
    if (j < s->nopen)
        memset(&s->open[j], 0, sizeof s->open[0] * (size_t)(s->nopen - j));
    s->nopen = (uint8_t)j;
}

void fwm_place(fx *x, int card, int due)
{
    fwm_state *s = x->s;
    if (s->nopen == FWM_MAXOPEN) { /* cannot happen with the data's bounds */
        fwm_card_away(x, card);
        return;
    }
    fwm_open *o = &s->open[s->nopen++];
    o->card = (uint8_t)card;
    o->due = (uint16_t)due;
    o->seq = ++s->seq;
    s->where[card] = W_OPEN;
    s->known[card] = 1;
    if (x->log) {
        kt_buf t;
        kt_buf_init_alloc(&t, kt_log_alloc(x->log));
        fwm_card_title(x->c, card, LANG(x), &t);
        int cal = fwm_cal_at(x->c, due);
        EV(x, KT_VIS_ALL, "reveal", -1, "Revealed: %s, due %s (round %d).",
           "Aufgedeckt: %s, fällig %s (Runde %d).", t.p ? t.p : "",
           LANG(x) == KT_LANG_DE ? x->c->cal[cal].de : x->c->cal[cal].en, due + 1);
        kt_buf_free(&t);
    }
}

/* Date base: the second marker on the calendar among the counted deals
 * (fairs and manors do not count); one deal: its date; none: today. */
static int date_base(fx *x)
{
    const fwm_state *s = x->s;
    int a = 0x7fff, b = 0x7fff, n = 0;
    for (int i = 0; i < s->nopen; i++) {
        if (!fwm_card_counts(&x->c->card[s->open[i].card]))
            continue;
        int d = s->open[i].due;
        n++;
        if (d < a)
            b = a, a = d;
        else if (d < b)
            b = d;
    }
    return n >= 2 ? b : n == 1 ? a : s->round;
}

void fwm_end_game(fx *x)
{
    fwm_state *s = x->s;
    s->stage = FS_OVER;
    s->h.decision = FS_OVER;
    s->h.status = KT_FINISHED;
    s->h.to_move = -1;
    s->h.turn_player = -1;
    if (x->log)
        for (int p = 0; p < x->g->nplayers; p++)
            EV(x, KT_VIS_ALL, "score", p,
               "End: %s %d has %d FL after the forced sale of everything%s.",
               "Ende: %s %d hat %d FL nach dem Zwangsverkauf von allem%s.", PN(x), p + 1,
               (int)fwm_value(x->c, s, p),
               s->pl[p].noble ? (LANG(x) == KT_LANG_DE ? " und ist adlig" : " and is a noble")
                              : "");
}

/* Ruined: no money for even the smallest payment (20 FL), no goods, no IOUs. */
static int ruined(const fwm_state *s, int p)
{
    return s->pl[p].money < 20 && fwm_liquid(s, p) == 0;
}

/* Nothing can change any more: every player is ruined and nobody receives
 * manor rent.  Every way up the nobility track and to a manor costs money or
 * needs goods to sell, so no player can reach the mode's goal again (the
 * seed is silent; see the doc). */
static int dead_end(fx *x)
{
    const fwm_state *s = x->s;
    if (s->manor_first >= 0)
        return 0;
    for (int p = 0; p < x->g->nplayers; p++)
        if (!ruined(s, p))
            return 0;
    return 1;
}

/* The full game with one manor owner: every other player is ruined, so no
 * second owner can come (the seed is silent; see the doc). */
static int no_second_owner(const fwm_state *s, int np)
{
    for (int p = 0; p < np; p++)
        if (!s->pl[p].manors && !ruined(s, p))
            return 0;
    return 1;
}

/* The mode's end: 1 when the game is over now. */
int fwm_over_check(fx *x)
{
    const fwm_state *s = x->s;
    int np = x->g->nplayers, owners = 0;
    for (int p = 0; p < np; p++)
        owners += s->pl[p].manors > 0;
    int over = 0;
    switch (x->c->mode) {
    case MODE_TRADING: {
        int demand = 0;
        for (int i = 0; i < s->nopen; i++)
            demand += is_demand(&x->c->card[s->open[i].card]);
        over = s->ndeck == 0 && demand == 0;
        break;
    }
    case MODE_NOBILITY: over = s->ennobled != 0; break;
    case MODE_MANOR: over = owners >= 1; break;
    default: {
        /* two owners; or every manor owned, or every other player ruined (by one
         * player: no second owner can ever come, the seed is silent on this, see
         * the doc) */
        int free_manors = 0;
        for (int i = 0; i < x->c->ncard; i++)
            free_manors += x->c->card[i].type == CT_MANOR && x->c->card[i].level <= x->c->levels &&
                           s->where[i] != W_HELD;
        over = owners >= 2 || (owners >= 1 && free_manors == 0);
        if (!over && owners == 1 && no_second_owner(s, np)) {
            over = 1;
            x->s->ended = 1;
            EV(x, KT_VIS_ALL, "dead_end", -1,
               "Every player without a manor is ruined: no second owner can come, the game "
               "ends." "%s",
               "Alle Spieler ohne Landgut sind ruiniert: kein zweiter Besitzer kann kommen, das "
               "Spiel endet." "%s", "");
        }
        break;
    }
    }
    if (!over && x->c->mode != MODE_TRADING && dead_end(x)) {
        over = 1;
        x->s->ended = 1;
        EV(x, KT_VIS_ALL, "dead_end", -1,
           "Nobody has money, goods or IOUs left: nobody can rise any more, the game ends." "%s",
           "Niemand hat mehr Geld, Waren oder Schuldscheine: keiner kann mehr aufsteigen, das "
           "Spiel endet." "%s", "");
    }
    if (over)
        fwm_end_game(x);
    return over;
}

/* ------------------------------------------------------------ phase 1 */

/* An urgent deal triggers before its date when a merchant able to trade
 * is in its town (for a demand: carrying one of its goods). */
static int urgent_ready(fx *x, const fwm_card *cd)
{
    const fwm_state *s = x->s;
    for (int p = 0; p < x->g->nplayers; p++)
        for (int k = 0; k < FWM_NM; k++) {
            const fwm_merch *m = &s->pl[p].m[k];
            if (m->pos != cd->town)
                continue;
            if (!is_demand(cd))
                return 1;
            for (int l = 0; l < cd->nlines; l++)
                if (m->cargo[cd->line[l].good])
                    return 1;
        }
    return 0;
}

/* The next card to resolve in the seed's order, or -1; *half = fair half. */
static int next_card(fx *x, int *half)
{
    const fwm_state *s = x->s;
    const fwm_cfg *c = x->c;
    *half = 0;
    for (int i = 0; i < s->nopen; i++) {
        const fwm_card *cd = &c->card[s->open[i].card];
        if (cd->urgent && fwm_card_counts(cd) && urgent_ready(x, cd))
            return s->open[i].card;
    }
    for (int i = 0; i < s->nopen; i++)
        if (s->open[i].due <= s->round && is_demand(&c->card[s->open[i].card]))
            return s->open[i].card;
    if (s->fair != FWM_NONE && fwm_cal_at(c, s->round) == c->cal_fair) {
        if (!(s->rflags & RF_FAIR_D))
            return s->fair;
        if (!(s->rflags & RF_FAIR_S)) {
            *half = 1;
            return s->fair;
        }
    }
    for (int i = 0; i < s->nopen; i++)
        if (s->open[i].due <= s->round && c->card[s->open[i].card].type == CT_MANOR)
            return s->open[i].card;
    for (int i = 0; i < s->nopen; i++)
        if (s->open[i].due <= s->round && fwm_card_counts(&c->card[s->open[i].card]))
            return s->open[i].card;
    return -1;
}

static void start_payday(fx *x)
{
    fwm_state *s = x->s;
    EV(x, KT_VIS_ALL, "payday", -1, "Payday." "%s", "Zahltag." "%s", "");
    for (int p = 0; p < x->g->nplayers; p++) {
        int onmap = 0;
        for (int k = 1; k < FWM_NM; k++)
            onmap += s->pl[p].m[k].pos < FWM_LOST;
        s->pl[p].hired = (uint8_t)(onmap <= 1 ? 2 - onmap : 0); /* hires left */
    }
    s->pidx = 0;
    s->mv_xfers = 0;
    fwm_decide(x, FS_PAYDAY, s->start);
}

static void rent(fx *x)
{
    fwm_state *s = x->s;
    int p = s->manor_first;
    if (p < 0)
        return;
    int32_t r = 0;
    for (int i = 0; i < x->c->ncard; i++)
        if (x->c->card[i].type == CT_MANOR && s->where[i] == W_HELD && s->hold[i] == p + 1)
            r += x->c->card[i].rent;
    fwm_gain(x, p, r);
    EV(x, KT_VIS_ALL, "rent", p, "%s %d receives %d FL rent for the manor.",
       "%s %d erhält %d FL Pacht für das Landgut.", PN(x), p + 1, (int)r);
}

static void start_card(fx *x, int card, int half)
{
    fwm_state *s = x->s;
    s->cur = (uint8_t)card;
    s->half = (uint8_t)half;
    s->line = 0;
    s->buyers = 0;
    if (card == s->fair)
        s->rflags |= (uint8_t)(half ? RF_FAIR_S : RF_FAIR_D);
    if (x->log) {
        kt_buf t;
        kt_buf_init_alloc(&t, kt_log_alloc(x->log));
        fwm_card_title(x->c, card, LANG(x), &t);
        EV(x, KT_VIS_ALL, "deal", -1, "Deal: %s%s.", "Geschäft: %s%s.", t.p ? t.p : "",
           card != s->fair ? "" : half ? (LANG(x) == KT_LANG_DE ? ", Angebote" : ", supply half")
                                       : (LANG(x) == KT_LANG_DE ? ", Nachfrage" : ", demand half"));
        kt_buf_free(&t);
    }
    s->stage = FS_LINE;
}

static int p1_step(fx *x)
{
    fwm_state *s = x->s;
    if (fwm_over_check(x))
        return 1;
    if (!(s->rflags & RF_TRADE)) { /* trades between players open phase 1 */
        s->rflags |= RF_TRADE;
        if (fwm_trade_window(x))
            return 1;
    }
    int half, card = next_card(x, &half);
    if (card >= 0) {
        start_card(x, card, half);
        return 0;
    }
    int cal = fwm_cal_at(x->c, s->round);
    if (cal == x->c->cal_payday && !(s->rflags & RF_PAYDAY)) {
        s->rflags |= RF_PAYDAY;
        start_payday(x);
        return 1;
    }
    if (cal == x->c->cal_rent && !(s->rflags & RF_RENT)) {
        s->rflags |= RF_RENT;
        rent(x);
    }
    fwm_move_start(x);
    return 1;
}

/* The card's goods lines of the current half: first index and count. */
static int card_lines(const fwm_card *cd, int half, int *first)
{
    *first = half ? cd->nlines : 0;
    return half ? cd->nlines2 : cd->nlines;
}

static int line_step(fx *x)
{
    fwm_state *s = x->s;
    const fwm_card *cd = &x->c->card[s->cur];
    if (cd->type == CT_MANOR) {
        if (s->line == 0) {
            s->line = 1;
            fwm_auction_open(x, AK_MANOR, s->cur, 0, 1, cd->min, cd->min + FWM_MAXPRICE);
            return s->stage == FS_BID;
        }
        s->stage = FS_POST;
        return 0;
    }
    int first, n = card_lines(cd, s->half, &first);
    int demand = is_demand(cd) || (cd->type == CT_FAIR && s->half == 0);
    while (s->line < n) {
        const fwm_line *ln = &cd->line[first + s->line];
        fwm_auction_open(x, demand ? AK_DEMAND : AK_SUPPLY, s->cur, ln->good, ln->qty,
                         demand ? 20 : ln->bound, demand ? ln->bound : ln->bound + FWM_MAXPRICE);
        if (s->stage == FS_BID)
            return 1;
        s->line++;
    }
    if (cd->type == CT_EVENT && cd->event == EV_AMERICA) {
        s->pidx = 0;
        s->stage = FS_AMERICA;
    } else {
        s->stage = FS_POST;
    }
    return 0;
}

/* Trades after the card's last line: the card leaves the display (a fair
 * stays), then the display is refilled. */
static int post_step(fx *x)
{
    fwm_state *s = x->s;
    int card = s->cur;
    const fwm_card *cd = &x->c->card[card];
    s->cur = FWM_NONE;
    if (card == s->fair) {
        s->stage = FS_P1;
        return 0;
    }
    open_remove(s, card);
    if (cd->type == CT_MANOR) {
        if (s->where[card] != W_HELD)
            fwm_card_away(x, card); /* unsold: back to the reserve */
    } else {
        fwm_card_away(x, card);
    }
    if (fwm_card_counts(cd) && s->boom) {
        s->boom = 0; /* Hochkonjunktur: no card is drawn; back to 4 */
        EV(x, KT_VIS_ALL, "boom", -1, "The boom ends: no new card is drawn." "%s", "Die Hochkonjunktur endet: keine neue Karte." "%s", "");
    }
    s->stage = FS_REFILL;
    return 0;
}

/* When the draw deck is empty the reserve, shuffled, becomes the deck. */
static int reshuffle(fx *x)
{
    fwm_state *s = x->s;
    if (x->c->mode == MODE_TRADING)
        return 0;
    int n = 0;
    for (int i = 0; i < x->c->ncard; i++)
        if (s->where[i] == W_RESERVE) {
            s->deck[n++] = (uint8_t)i;
            s->where[i] = W_DECK;
        }
    kt_shuffle_u8(&s->h.rng, s->deck, (uint32_t)n);
    s->ndeck = (uint8_t)n;
    if (n)
        EV(x, KT_VIS_ALL, "reshuffle", -1, "The reserve (%d cards) becomes the draw deck.",
           "Der Vorrat (%d Karten) wird zum Spielstapel.", n);
    return n;
}

static int refill_step(fx *x)
{
    fwm_state *s = x->s;
    const fwm_cfg *c = x->c;
    if (fwm_over_check(x))
        return 1;
    while (fwm_open_counted(c, s) < 4 + s->boom) {
        if (!s->ndeck && !reshuffle(x))
            break;
        int card = s->deck[--s->ndeck];
        s->deck[s->ndeck] = 0;
        const fwm_card *cd = &c->card[card];
        s->known[card] = 1;
        if (cd->type == CT_EVENT && cd->event != EV_AMERICA) {
            s->where[card] = W_OPEN;
            if (fwm_event(x, card))
                return 1;
            if (s->h.status != KT_RUNNING)
                return 1;
            continue;
        }
        if (s->blockade != FWM_NONE && is_demand(cd) && c->sp[cd->town].blockade) {
            EV(x, KT_VIS_ALL, "blockade", -1, "The blockade removes %s (%s) with itself.",
               "Die Blockade entfernt %s (%s) mit sich.", cd->id,
               fwm_sp_name(c, cd->town, LANG(x)));
            s->where[card] = W_GONE;
            s->where[s->blockade] = W_GONE;
            s->blockade = FWM_NONE;
            continue;
        }
        fwm_place(x, card, date_base(x) + cd->plus);
    }
    if (fwm_over_check(x))
        return 1;
    s->stage = FS_P1;
    return 0;
}

/* ------------------------------------------------------------ payday */

static int wages(const fwm_state *s, int p)
{
    int n = 0;
    for (int k = 1; k < FWM_NM; k++)
        n += s->pl[p].m[k].pos < FWM_LOST;
    return n == 0 ? 0 : n == 1 ? 100 : 500;
}

static int tax(fx *x, int p)
{
    const fwm_state *s = x->s;
    if (s->corrupt == p || s->manor_first == p)
        return 0;
    return x->c->sp[s->pl[p].home].tax;
}

static int paycharge_step(fx *x)
{
    fwm_state *s = x->s;
    int np = x->g->nplayers;
    if (s->pidx >= np) {
        s->stage = FS_P1;
        return 0;
    }
    int p = (s->start + s->pidx) % np;
    int32_t total = wages(s, p) + tax(x, p);
    if (!s->paying) {
        int mult = s->manor_first == p ? 300 : 200;
        if (s->pl[p].ious) {
            fwm_gain(x, p, s->pl[p].ious * mult);
            EV(x, KT_VIS_ALL, "interest", p, "%s %d receives %d FL interest on %d IOUs.",
               "%s %d erhält %d FL Zinsen für %d Schuldscheine.", PN(x), p + 1,
               s->pl[p].ious * mult, s->pl[p].ious);
        }
        if (s->pl[p].money < total) {
            s->paying = 1;
            if (fwm_start_force(x, p, total, FS_PAYCHARGE))
                return 1;
        }
    }
    s->paying = 0;
    int w = wages(s, p), t = tax(x, p);
    fwm_charge(x, p, w);
    int32_t before = s->pl[p].money;
    fwm_charge(x, p, t);
    int32_t paid_tax = before - s->pl[p].money;
    if (s->manor_first >= 0 && s->manor_first != p && paid_tax > 0)
        fwm_gain(x, s->manor_first, paid_tax);
    EV(x, KT_VIS_ALL, "wages", p, "%s %d pays %d FL wages and %d FL taxes%s.",
       "%s %d zahlt %d FL Lohn und %d FL Steuern%s.", PN(x), p + 1, w, (int)paid_tax,
       s->manor_first >= 0 && s->manor_first != p && paid_tax > 0
           ? (LANG(x) == KT_LANG_DE ? " (an den Landgutbesitzer)" : " (to the manor owner)")
           : "");
    s->pidx++;
    return 0;
}

/* A merchant arriving in a town joins its player's place in the queue, or
 * the end of the queue. */
static uint16_t town_stamp(fwm_state *s, int p, int sp, int except)
{
    for (int k = 0; k < FWM_NM; k++)
        if (k != except && s->pl[p].m[k].pos == sp)
            return s->pl[p].m[k].stamp;
    return ++s->stampc;
}

void fwm_arrive(fwm_state *s, int p, int k, int sp)
{
    s->pl[p].m[k].stamp = s->pl[p].m[k].pos == sp ? s->pl[p].m[k].stamp : town_stamp(s, p, sp, k);
    s->pl[p].m[k].pos = (uint8_t)sp;
}

static void apply_payday(fx *x, kt_action a)
{
    fwm_state *s = x->s;
    int p = s->h.to_move;
    fwm_player *pl = &s->pl[p];
    switch (ACT_K(a)) {
    case A_HIRE:
        for (int k = 1; k < FWM_NM; k++)
            if (pl->m[k].pos == FWM_OFF) {
                memset(pl->m[k].cargo, 0, sizeof pl->m[k].cargo);
                fwm_arrive(s, p, k, pl->home);
                pl->hired--;
                EV(x, KT_VIS_ALL, "hire", p, "%s %d hires merchant %c at home.",
                   "%s %d stellt Händler %c zu Hause ein.", PN(x), p + 1, 'A' + k);
                break;
            }
        break;
    case A_FIRE: {
        int k = ACT_C(a);
        EV(x, KT_VIS_ALL, "fire", p, "%s %d fires merchant %c; its %d goods are lost.",
           "%s %d entlässt Händler %c; seine %d Waren gehen verloren.", PN(x), p + 1, 'A' + k,
           fwm_cargo(&pl->m[k]));
        memset(&pl->m[k], 0, sizeof pl->m[k]);
        pl->m[k].pos = FWM_OFF;
        break;
    }
    case A_XFER:
        fwm_do_xfer(s, p, a);
        s->mv_xfers++;
        break;
    default: /* done */
        s->mv_xfers = 0;
        if (++s->pidx >= x->g->nplayers) {
            s->pidx = 0;
            s->paying = 0;
            s->stage = FS_PAYCHARGE;
        } else {
            fwm_decide(x, FS_PAYDAY, (s->start + s->pidx) % x->g->nplayers);
        }
    }
}

/* ------------------------------------------------------------ goods moves, sales */

void fwm_do_xfer(fwm_state *s, int p, kt_action a)
{
    uint8_t *from = fwm_slot(s, p, ACT_A(a)), *to = fwm_slot(s, p, ACT_B(a));
    from[ACT_C(a)]--;
    to[ACT_C(a)]++;
}

void fwm_do_sell(fx *x, int p, kt_action a)
{
    fwm_state *s = x->s;
    int g = ACT_C(a);
    int32_t price;
    if (g == 3) {
        s->pl[p].ious--;
        price = IOU_SALE;
    } else {
        fwm_slot(s, p, ACT_B(a))[g]--;
        price = fwm_force_price[g];
    }
    fwm_gain(x, p, price);
    EV(x, KT_VIS_ALL, "forced_sale", p, "%s %d sells %s to the bank for %d FL.",
       "%s %d verkauft %s an die Bank für %d FL.", PN(x), p + 1,
       g == 3 ? (LANG(x) == KT_LANG_DE ? "einen Schuldschein" : "an IOU")
              : fwm_good_name(g, LANG(x)),
       (int)price);
}

int fwm_start_force(fx *x, int p, int32_t need, int ret)
{
    fwm_state *s = x->s;
    int32_t short_by = need - s->pl[p].money;
    if (short_by <= 0)
        return 0;
    if (fwm_liquid(s, p) <= short_by) { /* everything must go: no choice to make */
        kt_action buf[32];
        for (;;) {
            int n = fwm_legal_sell(s, p, buf, 0);
            if (!n)
                break;
            fwm_do_sell(x, p, buf[0]);
        }
        return 0;
    }
    s->fs_player = (uint8_t)p;
    s->fs_need = need;
    s->fs_ret = (uint8_t)ret;
    EV(x, KT_VIS_ALL, "forced_sale", p, "%s %d is %d FL short and must sell goods.",
       "%s %d fehlen %d FL; Waren müssen verkauft werden.", PN(x), p + 1, (int)short_by);
    fwm_decide(x, FS_FORCE, p);
    return 1;
}

static void apply_force(fx *x, kt_action a)
{
    fwm_state *s = x->s;
    int p = s->fs_player;
    fwm_do_sell(x, p, a);
    if (s->pl[p].money >= s->fs_need || fwm_liquid(s, p) == 0)
        s->stage = s->fs_ret;
}

/* ------------------------------------------------------------ calendar */

static int cal_step(fx *x)
{
    fwm_state *s = x->s;
    const fwm_cfg *c = x->c;
    s->round++;
    s->h.turn = (uint32_t)s->round + 1;
    s->rflags = 0;
    for (int i = 0; i < c->nrobcards; i++)
        if (s->where[c->robcards[i]] == W_OPEN)
            fwm_card_away(x, c->robcards[i]);
    s->robarea = 0;
    int np = x->g->nplayers;
    for (int p = 0; p < np; p++)
        s->pl[p].robbed = 0;
    s->start = (uint8_t)((s->start + 1) % np);
    int cal = fwm_cal_at(c, s->round);
    EV(x, KT_VIS_ALL, "calendar", -1, "Round %d: %s; start player %d.",
       "Runde %d: %s; Startspieler %d.", s->round + 1,
       LANG(x) == KT_LANG_DE ? c->cal[cal].de : c->cal[cal].en, s->start + 1);
    if (c->cal[cal].winter)
        for (int p = 0; p < np; p++)
            for (int k = 0; k < FWM_NM; k++) {
                fwm_merch *m = &s->pl[p].m[k];
                if (m->pos >= FWM_LOST || c->sp[m->pos].kind != SK_SEA)
                    continue;
                EV(x, KT_VIS_ALL, "winter", p,
                   "Winter storms: merchant %c of %s %d is lost at sea with %d goods%s.",
                   "Winterstürme: Händler %c von %s %d geht mit %d Waren auf See verloren%s.",
                   'A' + k, PN(x), p + 1, fwm_cargo(m),
                   k == 0 ? (LANG(x) == KT_LANG_DE ? " (der Vertreter kehrt nie zurück)"
                                                   : " (the representative never returns)")
                          : "");
                memset(m, 0, sizeof *m);
                m->pos = k == 0 ? FWM_LOST : FWM_OFF;
            }
    s->stage = FS_P1;
    s->h.turn_player = (int8_t)s->start;
    return 0;
}

/* ------------------------------------------------------------ dispatch */

static void run(fx *x)
{
    fwm_state *s = x->s;
    for (;;) {
        int wait;
        switch (s->stage) {
        case FS_P1: wait = p1_step(x); break;
        case FS_LINE: wait = line_step(x); break;
        case FS_ALLOC: wait = fwm_alloc_step(x); break;
        case FS_NOBLENEXT: wait = fwm_noble_next(x); break;
        case FS_AMERICA: wait = fwm_america_next(x); break;
        case FS_POST: wait = post_step(x); break;
        case FS_REFILL: wait = refill_step(x); break;
        case FS_PAYCHARGE: wait = paycharge_step(x); break;
        case FS_MOVEX: wait = fwm_movex_step(x); break;
        case FS_TURNEND: wait = fwm_turnend_step(x); break;
        case FS_CAL: wait = cal_step(x); break;
        default: wait = 1;
        }
        if (wait || s->h.status != KT_RUNNING)
            return;
    }
}

uint32_t fwm_pending(const kt_game *g, const kt_state *st)
{
    const fwm_state *s = (const fwm_state *)st;
    KT_UNUSED(g);
    if (s->h.status != KT_RUNNING || s->h.to_move < 0)
        return 0;
    if (s->stage == FS_BID)
        return (uint32_t)(s->auc.ent & ~s->auc.done);
    return 1u << s->h.to_move;
}

static void apply_home(fx *x, kt_action a)
{
    fwm_state *s = x->s;
    int p = s->h.to_move, home = x->c->homes[ACT_C(a)];
    fwm_player *pl = &s->pl[p];
    pl->home = (uint8_t)home;
    fwm_arrive(s, p, 0, home);
    fwm_arrive(s, p, 1, home);
    if (x->c->mode != MODE_TRADING && x->c->sp[home].ahead)
        pl->track = (int8_t)(x->c->track_start + x->c->track_florenz);
    EV(x, KT_VIS_ALL, "home", p, "%s %d makes %s the home city.",
       "%s %d wählt %s als Heimatstadt.", PN(x), p + 1, fwm_sp_name(x->c, home, LANG(x)));
    if (++s->nturn == x->g->nplayers) {
        s->nturn = 0;
        s->stage = FS_P1;
    } else {
        fwm_decide(x, FS_HOME, (p + 1) % x->g->nplayers);
    }
}

void fwm_apply_log(const kt_game *g, kt_state *st, kt_action a, kt_log *log)
{
    fx x = {g, fwm_config(g), (fwm_state *)st, log};
    switch (x.s->stage) {
    case FS_HOME: apply_home(&x, a); break;
    case FS_BID: fwm_apply_bid(&x, a); break;
    case FS_FORCE: apply_force(&x, a); break;
    case FS_NOBLE: fwm_apply_noble(&x, a); break;
    case FS_CUBE: fwm_apply_cube(&x, a); break;
    case FS_SHEEP: fwm_apply_sheep(&x, a); break;
    case FS_LOTTERY: fwm_apply_lottery(&x, a); break;
    case FS_PAYDAY: apply_payday(&x, a); break;
    case FS_MOVE: fwm_apply_move(&x, a); break;
    case FS_TRADE: fwm_apply_trade(&x, a); break;
    case FS_COMPOSE: fwm_apply_compose(&x, a); break;
    case FS_PRICE: fwm_apply_price(&x, a); break;
    case FS_REPLY: fwm_apply_reply(&x, a); break;
    case FS_PASSAGE: fwm_apply_passage(&x, a); break;
    case FS_DROP: fwm_apply_drop(&x, a); break;
    case FS_ROBPAY: fwm_apply_robpay(&x, a); break;
    case FS_ROBLOSE: fwm_apply_roblose(&x, a); break;
    default: return;
    }
    run(&x);
}

void fwm_apply(const kt_game *g, kt_state *st, kt_action a) { fwm_apply_log(g, st, a, NULL); }
