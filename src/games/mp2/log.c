/*
 * log.c - the Marco Polo II game log (gamedef.events): what an action
 * did, told in sentences, in the log's language.
 *
 * Data layout: none of its own.  The rules keep no trace, so the log
 * compares the state before the action with the state after it: what the
 * action itself shows (a fee, a travel leg, a die rerolled), then per
 * player what changed on their board (posts, contracts, seals, caravans,
 * tiles, dice, resources), then what the flow of the game did (a new
 * turn, a new round with its city bonuses and the dice rolled, the final
 * scoring broken down).  Everything is public except the goal cards: the
 * one a player keeps is told only to them (KT_VIS_ONLY) until the final
 * scoring reveals all of them.  Turn and round numbers are those of the
 * render and the results: round r of 5, turn = hdr.turn (turns started).
 *
 * Not on the hot path: called only when a host asks for the log.
 */
#include <stdio.h>
#include <string.h>

#include "mp2.h"

#define L(en, de) (lang == KT_LANG_DE ? (de) : (en))

typedef struct ev {
    const kt_game *g;
    const mp2_cfg *c;
    const mp2_state *b, *a; /* before, after */
    kt_log *log;
    int lang;
    kt_buf t; /* text being built */
} ev;

static void emit(ev *e, uint32_t vis, const char *kind, int player)
{
    if (e->t.p && kt_log_visible(e->log, vis))
        kt_log_add(e->log, vis, kind, player, e->t.p, NULL);
    kt_buf_reset(&e->t);
}

#define SAY(...) kt_buf_printf(&e->t, __VA_ARGS__)

static void player_word(ev *e, int p)
{
    int lang = e->lang;
    SAY("%s %d", L("Player", "Spieler"), p + 1);
}

static const char *loc(ev *e, int l) { return mp2_loc_name(e->c, l, e->lang); }

static const char *guild(ev *e, int g)
{
    return e->lang == KT_LANG_DE ? e->c->guild[g].de : e->c->guild[g].name;
}

/* "2 pepper + 1 camel" for the positive (sign 1) or negative (sign -1)
 * part of a resource change; 0 when that part is empty. */
static int delta_text(ev *e, const int16_t *before, const int16_t *after, int sign)
{
    mp2_bundle bd;
    memset(&bd, 0, sizeof bd);
    int any = 0;
    for (int i = 0; i < MP2_NRES; i++) {
        int d = (after[i] - before[i]) * sign;
        if (d > 0) {
            bd.n[i] = (int8_t)(d > 127 ? 127 : d);
            any = 1;
        }
    }
    if (any)
        mp2_bundle_text(e->c, &bd, e->lang, &e->t);
    return any;
}

static void reward_text(ev *e, int rw)
{
    const mp2_reward *r = &e->c->rw[rw];
    for (int i = 0; i < r->nalt; i++) {
        if (i)
            SAY(" %s ", e->lang == KT_LANG_DE ? "oder" : "or");
        mp2_bundle_text(e->c, &r->alt[i], e->lang, &e->t);
    }
}

static void dice_list(ev *e, const uint8_t *cnt)
{
    int first = 1;
    for (int v = 1; v <= 6; v++)
        for (int k = 0; k < cnt[v]; k++) {
            SAY("%s%d", first ? "" : ", ", v);
            first = 0;
        }
}

/* ------------------------------------------------------------ the action */

/* What a travel leg from `from` to `to` cost player p (before it): the
 * route's coins and camels, jade for a shortfall (as the rules pay it),
 * Gantulga Od only the jade.  The state after the action may already hold
 * the arrival's bonuses, so the cost comes from the route. */
static int leg_cost(ev *e, int p, int from, int to)
{
    const mp2_cfg *c = e->c;
    const mp2_loc *l = &c->loc[from];
    const mp2_route *r = NULL;
    for (int k = 0; k < l->nadj; k++)
        if (l->adj[k] == to)
            r = &c->route[l->route[k]];
    if (!r)
        return 0;
    const mp2_player *pl = &e->b->pl[p];
    int gant = pl->character == CH_GANTULGA;
    int coins = gant ? 0 : r->coins, camels = gant ? 0 : r->camels;
    int sc = coins > pl->res[IT_COIN] ? coins - pl->res[IT_COIN] : 0;
    int sm = camels > pl->res[IT_CAMEL] ? camels - pl->res[IT_CAMEL] : 0;
    mp2_bundle bd;
    memset(&bd, 0, sizeof bd);
    bd.n[IT_COIN] = (int8_t)(coins - sc);
    bd.n[IT_CAMEL] = (int8_t)(camels - sm);
    bd.n[IT_JADE] = (int8_t)(r->jade + sc + sm);
    if (!bd.n[IT_COIN] && !bd.n[IT_CAMEL] && !bd.n[IT_JADE])
        return 0;
    mp2_bundle_text(c, &bd, e->lang, &e->t);
    return 1;
}

/* What the action itself shows beyond its text: the fee of an occupied
 * space, a rerolled or new black die, a travel leg with its route. */
static void action_events(ev *e, int p, kt_action act)
{
    const mp2_cfg *c = e->c;
    const mp2_state *b = e->b, *a = e->a;
    int lang = e->lang;
    uint32_t x = MP2_AARG(act);
    const mp2_eff *top = b->nstack ? &b->stack[b->nstack - 1] : NULL;
    switch (top ? -1 : MP2_AKIND(act)) {
    case A_PLACE: {
        int sp = (int)(x & 0xff), low = 7;
        for (int i = 0; i < 3; i++) {
            int d = (int)((x >> (8 + 5 * i)) & 31);
            if (d && mp2_die_value(d) < low)
                low = mp2_die_value(d);
        }
        if (sp < MP2_NBASESP && b->sp[sp].used && c->space[sp].stack) {
            player_word(e, p);
            SAY(" %s %d %s %s", L("pays a fee of", "zahlt eine Gebühr von"), low,
                low == 1 ? L("coin", "Münze") : L("coins", "Münzen"),
                L("(the space was taken)", "(das Feld war besetzt)"));
            emit(e, KT_VIS_ALL, "fee", p);
        }
        if (sp == SP_TRAVEL1) {
            player_word(e, p);
            SAY(" %s", L("pays 2 coins for the first travel space", "zahlt 2 Münzen für das erste Reisefeld"));
            emit(e, KT_VIS_ALL, "fee", p);
        }
        return;
    }
    case A_REROLL:
    case A_BUYBLACK: {
        /* the die that was rerolled (none for a new black die) and the
         * value that appeared: the one whose count grew */
        int buy = MP2_AKIND(act) == A_BUYBLACK;
        int was = buy ? 0 : MP2_DVAL(x & 31);
        int black = buy || MP2_DTYPE(x & 31) == DT_BLACK;
        const uint8_t *bc = black ? b->pl[p].blk : b->pl[p].own;
        const uint8_t *ac = black ? a->pl[p].blk : a->pl[p].own;
        int now = 0;
        for (int v = 1; v <= 6; v++)
            if (ac[v] > bc[v] - (v == was))
                now = v;
        if (!now)
            now = was; /* the same value again */
        player_word(e, p);
        if (buy)
            SAY(" %s %d", L("rolls the black die:", "würfelt den schwarzen Würfel:"), now);
        else
            SAY(" %s %d %s %d", L("rerolls a", "würfelt eine"), was, L("and gets a", "neu und erhält eine"), now);
        emit(e, KT_VIS_ALL, "roll", p);
        return;
    }
    default:
        break;
    }
    if (!top)
        return;
    if (top->type == EF_MOVE && MP2_AKIND(act) == A_MOVE) {
        int f = (int)(x >> 8), to = (int)(x & 0xff), from = b->pl[p].fig[f];
        player_word(e, p);
        SAY(" %s %s %s %s (", L("travels from", "reist von"), loc(e, from), L("to", "nach"),
            loc(e, to));
        if (!leg_cost(e, p, from, to))
            SAY("%s", L("free", "frei"));
        SAY(")");
        emit(e, KT_VIS_ALL, "travel", p);
    }
    if (top->type == EF_GOAL && MP2_AKIND(act) == A_PICK && x < 3) {
        const mp2_goal *gl = &c->goal[b->pl[p].goal_opt[x]];
        SAY("%s %s:", L("You keep goal card", "Du behältst die Zielkarte"), gl->id);
        for (int i = 0; i < gl->ncity; i++)
            SAY("%s %s", i ? "," : "", loc(e, gl->city[i]));
        for (int i = 0; i < gl->nseal; i++)
            SAY("%s %s %s %d %s", gl->ncity || i ? "," : "", guild(e, gl->seal[i]),
                L("seal improved:", "Siegel verbessert:"), gl->sealvp[i], L("VP", "SP"));
        emit(e, KT_VIS_ONLY(p), "goal", p);
    }
}

/* ------------------------------------------------------------ a player's board */

static void posts_events(ev *e, int q)
{
    const mp2_player *pb = &e->b->pl[q], *pa = &e->a->pl[q];
    int lang = e->lang;
    uint64_t gone = pb->posts & ~pa->posts, added = pa->posts & ~pb->posts;
    for (int l = 0; l < e->c->nloc; l++) {
        if (!((added >> l) & 1))
            continue;
        player_word(e, q);
        SAY(" %s %s (%d %s %d)", L("builds a trading post in", "baut einen Handelsposten in"),
            loc(e, l), pa->nposts, L("of", "von"), MP2_POSTS);
        for (int m = 0; m < e->c->nloc; m++)
            if ((gone >> m) & 1)
                SAY(", %s %s", L("moved from", "versetzt aus"), loc(e, m));
        emit(e, KT_VIS_ALL, "post", q);
    }
    for (int k = 0; k < MP2_NOUTPOSTS; k++) {
        int loc_i = e->c->outpost_loc[k];
        if (e->b->outpost[k] == MP2_NONE || e->a->outpost[k] != MP2_NONE || !((added >> loc_i) & 1))
            continue;
        const mp2_tilerec *t = &e->c->outpost[e->b->outpost[k]];
        player_word(e, q);
        SAY(" %s %s (", L("takes outpost tile", "nimmt Handelsplättchen"), t->id);
        reward_text(e, t->reward);
        SAY(")");
        emit(e, KT_VIS_ALL, "outpost", q);
    }
}

/* Where a contract new on a player's board came from. */
static void contract_source(ev *e, int k)
{
    int lang = e->lang;
    for (int i = 0; i < MP2_NCCITY; i++)
        for (int j = 0; j < 2; j++)
            if (e->b->cboard[i][j] == k) {
                SAY(" %s %s", L("from", "aus"), loc(e, e->c->ccity_loc[i]));
                return;
            }
    SAY(" %s", L("from the pile", "vom Stapel"));
}

static int holds(const mp2_player *pl, int k) { return pl->con[0] == k || pl->con[1] == k; }

static void contract_events(ev *e, int q)
{
    const mp2_player *pb = &e->b->pl[q], *pa = &e->a->pl[q];
    const mp2_cfg *c = e->c;
    int lang = e->lang;
    /* a contract taken while both spaces are full waits in a discard
     * decision: told when it is taken, not again when it lands */
    const mp2_eff *btop = e->b->nstack ? &e->b->stack[e->b->nstack - 1] : NULL;
    const mp2_eff *atop = e->a->nstack ? &e->a->stack[e->a->nstack - 1] : NULL;
    int waiting = btop && btop->type == EF_DISCARD && btop->p == q ? btop->a : -1;
    int taken[3] = {-1, -1, -1};
    for (int i = 0; i < 2; i++)
        if (pa->con[i] != MP2_NONE && !holds(pb, pa->con[i]) && pa->con[i] != waiting)
            taken[i] = pa->con[i];
    if (atop && atop->type == EF_DISCARD && atop->p == q &&
        !(btop && btop->type == EF_DISCARD && btop->a == atop->a))
        taken[2] = atop->a;
    for (int i = 0; i < 3; i++) {
        int k = taken[i];
        if (k < 0)
            continue;
        player_word(e, q);
        SAY(" %s %s", L("takes contract", "nimmt Auftrag"), c->contract[k].id);
        contract_source(e, k);
        SAY(": ");
        mp2_bundle_text(c, &c->rw[c->contract[k].cost].alt[0], lang, &e->t);
        SAY(" -> ");
        mp2_bundle_text(c, &c->rw[c->contract[k].reward].alt[0], lang, &e->t);
        if (i == 2)
            SAY(" %s", L("(both spaces full: one contract must go)",
                         "(beide Felder voll: ein Auftrag muss weg)"));
        emit(e, KT_VIS_ALL, "contract", q);
    }
    for (int k = 0; k < MP2_NCONTRACTS; k++) {
        int was = holds(pb, k), now = holds(pa, k), done = (int)((pa->done >> k) & 1) &&
                                                            !((pb->done >> k) & 1);
        if (done) {
            player_word(e, q);
            SAY(" %s %s (%d %s)", L("fulfils contract", "erfüllt Auftrag"), c->contract[k].id,
                pa->ndone, L("fulfilled", "erfüllt"));
            emit(e, KT_VIS_ALL, "complete", q);
        } else if (was && !now) {
            player_word(e, q);
            SAY(" %s %s", L("discards contract", "wirft Auftrag ab"), c->contract[k].id);
            emit(e, KT_VIS_ALL, "discard", q);
        }
    }
    /* the contract that waited may be the one that goes */
    if (waiting >= 0 && !holds(pa, waiting)) {
        player_word(e, q);
        SAY(" %s %s", L("discards contract", "wirft Auftrag ab"), c->contract[waiting].id);
        emit(e, KT_VIS_ALL, "discard", q);
    }
}

static void seal_events(ev *e, int q)
{
    const mp2_player *pb = &e->b->pl[q], *pa = &e->a->pl[q];
    int lang = e->lang;
    for (int g = 0; g < MP2_NGUILD; g++) {
        if (((pa->seals >> g) & 1) && !((pb->seals >> g) & 1)) {
            player_word(e, q);
            SAY(" %s %s %s", L("takes the", "nimmt das"), guild(e, g), L("seal", "Siegel"));
            emit(e, KT_VIS_ALL, "seal", q);
        }
        if (((pa->seals >> (4 + g)) & 1) && !((pb->seals >> (4 + g)) & 1)) {
            player_word(e, q);
            SAY(" %s %s %s", L("improves the", "verbessert das"), guild(e, g), L("seal", "Siegel"));
            emit(e, KT_VIS_ALL, "seal", q);
        }
    }
}

static void caravan_events(ev *e, int q)
{
    const mp2_player *pb = &e->b->pl[q], *pa = &e->a->pl[q];
    const mp2_cfg *c = e->c;
    int lang = e->lang;
    for (int i = 0; i < 2; i++) {
        int was = pb->cv_loc[i], now = pa->cv_loc[i];
        if (was == now)
            continue;
        player_word(e, q);
        if (was == MP2_NOLOC) {
            SAY(" %s %d %s %s", L("starts caravan", "startet Karawane"), i + 1, L("in", "in"), loc(e, now));
            if (pa->cv_tile[i] < c->nrtile)
                SAY(" (%s %s)", L("route tile", "Routenplättchen"), c->rtile[pa->cv_tile[i]].id);
            SAY(" %s", L("carrying", "mit"));
            for (int j = 0; j < 2; j++)
                if (pa->cv_goods[i][j])
                    SAY("%s %s", j ? "," : "", mp2_good_name(pa->cv_goods[i][j], lang));
        } else if (now == MP2_NOLOC) {
            SAY(" %s %d %s", L("completes the route of caravan", "schließt die Route von Karawane"), i + 1,
                L("(back home)", "ab (zurück)"));
        } else {
            SAY(" %s %d %s %s", L("moves caravan", "bewegt Karawane"), i + 1, L("to", "nach"), loc(e, now));
        }
        emit(e, KT_VIS_ALL, "caravan", q);
    }
}

/* Dice gained or lost other than by placing (black dice, rerolls are told
 * by the action), tiles kept, pieces used, extra shields. */
static void misc_events(ev *e, int q, int actor_placed)
{
    const mp2_player *pb = &e->b->pl[q], *pa = &e->a->pl[q];
    const mp2_cfg *c = e->c;
    int lang = e->lang;
    int bb = 0, ba = 0;
    for (int v = 1; v <= 6; v++) {
        bb += pb->blk[v];
        ba += pa->blk[v];
    }
    if (ba > bb && !actor_placed) {
        player_word(e, q);
        SAY(" %s", L("gets a black die:", "erhält einen schwarzen Würfel:"));
        for (int v = 1; v <= 6; v++)
            for (int k = 0; k < pa->blk[v] - pb->blk[v]; k++)
                SAY(" %d", v);
        emit(e, KT_VIS_ALL, "black_die", q);
    }
    for (int t = 0; t < MP2_NOUTPOSTS; t++)
        if (((pa->kept >> t) & 1) && !((pb->kept >> t) & 1)) {
            player_word(e, q);
            SAY(" %s %s %s", L("(Filippo Vitello) keeps outpost tile", "(Filippo Vitello) behält Handelsplättchen"),
                c->outpost[t].id, L("for later", "für später"));
            emit(e, KT_VIS_ALL, "outpost", q);
        }
    if (pa->plus > pb->plus) {
        player_word(e, q);
        SAY(" %s %d", L("gains extra shields: +", "erhält zusätzliche Wappen: +"), pa->plus - pb->plus);
        emit(e, KT_VIS_ALL, "shield", q);
    }
}

/* "Player 2 gets 2 pepper; pays 3 coins": every resource that changed. */
static void resource_events(ev *e, int q)
{
    const mp2_player *pb = &e->b->pl[q], *pa = &e->a->pl[q];
    int lang = e->lang, gets = 0, pays = 0;
    for (int i = 0; i < MP2_NRES; i++) {
        gets |= pa->res[i] > pb->res[i];
        pays |= pa->res[i] < pb->res[i];
    }
    if (!gets && !pays)
        return;
    player_word(e, q);
    if (gets) {
        SAY(" %s ", L("gets", "erhält"));
        delta_text(e, pb->res, pa->res, 1);
    }
    if (pays) {
        SAY("%s%s ", gets ? ";" : "", L(" pays", " zahlt"));
        delta_text(e, pb->res, pa->res, -1);
    }
    emit(e, KT_VIS_ALL, "resources", q);
}

/* ------------------------------------------------------------ the flow */

static int round_started(const mp2_state *b, const mp2_state *a)
{
    return a->phase != PH_SETUP && a->phase != PH_OVER &&
           (b->phase == PH_SETUP || a->round != b->round);
}

static int rolled(const mp2_state *b, const mp2_state *a)
{
    int pb = b->phase == PH_ROUND && b->nstack >= 2 && b->stack[1].type == EF_ROLL;
    int pa = a->phase == PH_ROUND && a->nstack >= 2 && a->stack[1].type == EF_ROLL;
    return !pa && (pb || (round_started(b, a) && a->phase != PH_OVER));
}

/* A new round: its number and first player, the new city cards, and the
 * city bonuses and improved seals each player collects. */
static void round_events(ev *e)
{
    const mp2_cfg *c = e->c;
    const mp2_state *a = e->a;
    int lang = e->lang;
    SAY("%s %d %s %d %s; %s %d %s", L("Round", "Runde"), a->round + 1, L("of", "von"), MP2_ROUNDS,
        L("begins", "beginnt"), L("player", "Spieler"), a->first + 1,
        L("is first player", "ist Startspieler"));
    emit(e, KT_VIS_ALL, "round", -1);
    if (a->round > 0) {
        SAY("%s", L("New city cards in the action area:", "Neue Stadtkarten im Aktionsbereich:"));
        for (int i = 6; i < 8; i++)
            if (a->card_slot[i] != MP2_NONE) {
                SAY(" %s (", c->card[a->card_slot[i]].id);
                mp2_card_text(c, a->card_slot[i], lang, &e->t);
                SAY(")%s", i == 6 ? "," : "");
            }
        emit(e, KT_VIS_ALL, "cards", -1);
    }
    for (int q = 0; q < c->np; q++) {
        const mp2_player *pl = &a->pl[q];
        int n = 0;
        player_word(e, q);
        SAY(" %s", L("collects", "kassiert"));
        for (int k = 0; k < MP2_NBONUSCITY; k++) {
            if (!((pl->posts >> c->bonus_loc[k]) & 1))
                continue;
            const mp2_tilerec *m = &c->marker[a->marker[k]];
            SAY("%s %s %s (", n++ ? "," : "", L("the bonus of", "den Bonus von"), loc(e, c->bonus_loc[k]));
            if (m->copy)
                SAY("%s", L("copy another", "einen anderen kopieren"));
            else
                reward_text(e, m->reward);
            SAY(")");
        }
        for (int g = 0; g < MP2_NGUILD; g++)
            if ((pl->seals >> (4 + g)) & 1) {
                SAY("%s %s %s (", n++ ? "," : "", L("the improved", "das verbesserte"), guild(e, g));
                reward_text(e, c->guild[g].income);
                SAY(")");
            }
        if (pl->character == CH_ABHA)
            SAY("%s %s", n++ ? "," : "", L("2 coins (Abha Basu)", "2 Münzen (Abha Basu)"));
        if (!n) {
            kt_buf_reset(&e->t);
            continue;
        }
        if (pl->character == CH_MAILIN && a->nstack && a->stack[a->nstack - 1].type == EF_MAILIN &&
            a->stack[a->nstack - 1].p == q)
            SAY(" %s", L("(after choosing which one counts twice)", "(nach der Wahl, welcher doppelt zählt)"));
        emit(e, KT_VIS_ALL, "income", q);
    }
}

static void roll_events(ev *e)
{
    const mp2_cfg *c = e->c;
    int lang = e->lang;
    for (int i = 0; i < c->np; i++) {
        int q = (e->a->first + i) % c->np;
        const mp2_player *pl = &e->a->pl[q];
        int sum = 0;
        for (int v = 1; v <= 6; v++)
            sum += v * pl->own[v];
        player_word(e, q);
        SAY(" %s ", L("rolls", "würfelt"));
        dice_list(e, pl->own);
        SAY(" (%s %d", L("sum", "Summe"), sum);
        if (sum < 15)
            SAY("; %s %d", L("compensation", "Ausgleich"), 15 - sum);
        SAY(")");
        emit(e, KT_VIS_ALL, "roll", q);
    }
}

static void turn_events(ev *e)
{
    const mp2_state *a = e->a;
    int lang = e->lang;
    int p = a->h.turn_player;
    if (p < 0)
        return;
    SAY("%s %u (%s %d): ", L("Turn", "Zug"), a->h.turn, L("round", "Runde"), a->round + 1);
    player_word(e, p);
    SAY(" (%s)", mp2_char_name(a->pl[p].character, lang));
    emit(e, KT_VIS_ALL, "turn", p);
}

static void final_events(ev *e)
{
    const mp2_cfg *c = e->c;
    const mp2_state *a = e->a;
    int lang = e->lang;
    int score[MP2_MAXP], det[MP2_MAXP][8];
    mp2_final_scores(c, a, score, det);
    SAY("%s", L("Final scoring.", "Endwertung."));
    emit(e, KT_VIS_ALL, "score", -1);
    for (int q = 0; q < c->np; q++) {
        const mp2_player *pl = &a->pl[q];
        if (pl->goal < 3) {
            const mp2_goal *gl = &c->goal[pl->goal_opt[pl->goal]];
            player_word(e, q);
            SAY(" %s %s:", L("reveals goal card", "deckt Zielkarte auf"), gl->id);
            for (int i = 0; i < gl->ncity; i++)
                SAY("%s %s %s", i ? "," : "", loc(e, gl->city[i]),
                    (pl->posts >> gl->city[i]) & 1 ? L("(post: +1 shield)", "(Posten: +1 Wappen)")
                                                   : L("(no post)", "(kein Posten)"));
            for (int i = 0; i < gl->nseal; i++)
                SAY("%s %s %s", gl->ncity || i ? "," : "", guild(e, gl->seal[i]),
                    (pl->seals >> (4 + gl->seal[i])) & 1 ? L("seal improved", "Siegel verbessert")
                                                         : L("seal not improved", "Siegel nicht verbessert"));
            emit(e, KT_VIS_ALL, "reveal", q);
        }
        player_word(e, q);
        SAY(": %d %s, %s %d, %s %d (%d), %s %d, %s %d, %s %d, %s %d = %d %s", det[q][0],
            L("VP during the game", "SP im Spiel"), L("goal seals", "Zielsiegel"), det[q][1],
            L("shields", "Wappen"), det[q][2], mp2_shields(c, a, q), L("goods and jade", "Waren und Jade"),
            det[q][3], L("coins", "Münzen"), det[q][4], L("contracts", "Aufträge"), det[q][5],
            L("caravans", "Karawanen"), det[q][6], det[q][7], L("VP", "SP"));
        emit(e, KT_VIS_ALL, "score", q);
    }
    kt_result r;
    memset(&r, 0, sizeof r);
    e->g->def->result(e->g, (const kt_state *)a, &r);
    int nw = 0, best = -1;
    for (int q = 0; q < c->np; q++)
        if ((r.winners >> q) & 1) {
            nw++;
            best = q;
        }
    if (best < 0)
        return;
    SAY("%s", nw > 1 ? L("Shared win:", "Geteilter Sieg:") : L("Winner:", "Sieg:"));
    for (int q = 0, k = 0; q < c->np; q++)
        if ((r.winners >> q) & 1) {
            SAY("%s ", k++ ? L(" and", " und") : "");
            player_word(e, q);
        }
    SAY(" %s %d %s%s", L("with", "mit"), score[best], L("VP", "SP"),
        nw > 1 ? L(" (equal points and camels)", " (gleiche Punkte und Kamele)") : "");
    emit(e, KT_VIS_ALL, "winner", best);
}

/* ------------------------------------------------------------ the hook */

void mp2_events(const kt_game *g, const kt_state *before, kt_action act, const kt_state *after,
                kt_log *log)
{
    ev e;
    e.g = g;
    e.c = mp2_config(g);
    e.b = (const mp2_state *)before;
    e.a = (const mp2_state *)after;
    e.log = log;
    e.lang = kt_log_lang(log) == KT_LANG_DE ? KT_LANG_DE : KT_LANG_EN;
    kt_buf_init_alloc(&e.t, &g->alloc);
    int p = e.b->h.to_move;
    if (p >= 0 && p < e.c->np && e.b->h.status == KT_RUNNING) {
        action_events(&e, p, act);
        int placed = !e.b->nstack && MP2_AKIND(act) == A_BUYBLACK;
        for (int i = 0; i < e.c->np; i++) {
            int q = (p + i) % e.c->np;
            posts_events(&e, q);
            contract_events(&e, q);
            seal_events(&e, q);
            caravan_events(&e, q);
            misc_events(&e, q, q == p && placed);
        }
        if (round_started(e.b, e.a))
            round_events(&e);
        for (int i = 0; i < e.c->np; i++)
            resource_events(&e, (p + i) % e.c->np);
        if (rolled(e.b, e.a))
            roll_events(&e);
        if (e.a->h.status == KT_RUNNING && e.a->h.turn != e.b->h.turn)
            turn_events(&e);
        if (e.a->h.status == KT_FINISHED)
            final_events(&e);
    }
    kt_buf_free(&e.t);
}
