/*
 * save.c - Fugger, Welser, Medici: the full-state JSON (save/load; the
 * per-player observation is in view.c, the invariants in check.c).
 *
 * Layout of the saved "state" (made for scenario patches: players and
 * merchants are objects keyed "0".."5" and "A".."C", card locations an
 * object keyed by card id, so a merge patch can change one of them):
 *   stage, ret, cube_ret         automaton position (decision names)
 *   start, nturn, round, seq, stampc, rflags, boom, blockade, fair,
 *   sheep, corrupt, trick, manor_first, ennobled, robbers
 *   deck [ids, bottom first], where {id: box|deck|reserve|open|held|gone},
 *   known {id: 0|1}, hold {manor id: player}, open [{card, due, seq}]
 *   players {"0": {money, warehouse{cloth,spice,metal}, home, merchants
 *            {"A": {at, cargo, stamp}}, track, noble, ious, manors, hired,
 *            robbed, cubes [areas], bid {stage 0|4 (handed in), qty, price}}}
 *   cur, half, line, pidx, buyers, paying, evcard
 *   auction {...}, force, cube, move, exec, trades {done, offers, declined},
 *   offer {from, to, buy, at, goods, ious, stage, price}, sheep_pass, lottery
 * Everything the rules keep in the state is saved (the round trip is
 * byte-exact); the loader checks every index and range and check() the
 * consistency of the whole.
 */
#include <stdio.h>
#include <string.h>

#include "rules.h"

static const char *const where_names[6] = {"box", "deck", "reserve", "open", "held", "gone"};
static const char *const good_keys[FWM_NG] = {"cloth", "spice", "metal"};
const char *const fwm_auc_names[8] = {"none", "demand", "supply", "iou", "trick",
                                         "fuggerei", "corruption", "manor"};

/* ------------------------------------------------------------ writing */

void fwm_w_goods(kt_jw *w, const char *key, const uint8_t *g)
{
    kt_jw_key(w, key);
    kt_jw_obj(w);
    for (int i = 0; i < FWM_NG; i++)
        kt_jw_kint(w, good_keys[i], g[i]);
    kt_jw_obj_end(w);
}

void fwm_w_card(kt_jw *w, const fwm_cfg *c, const char *key, int card)
{
    kt_jw_key(w, key);
    if (card >= 0 && card < c->ncard)
        kt_jw_str(w, c->card[card].id);
    else
        kt_jw_str(w, "none"); /* not null: a merge patch could not set null */
}

void fwm_w_pos(kt_jw *w, const fwm_cfg *c, const char *key, int pos)
{
    kt_jw_key(w, key);
    if (pos == FWM_OFF)
        kt_jw_str(w, "off");
    else if (pos == FWM_LOST)
        kt_jw_str(w, "lost");
    else if (pos < c->nsp)
        kt_jw_str(w, c->sp[pos].code);
    else
        kt_jw_str(w, "none");
}

void fwm_w_players(kt_jw *w, const char *key, uint32_t bits, int np)
{
    kt_jw_key(w, key);
    kt_jw_arr(w);
    for (int p = 0; p < np; p++)
        if (((unsigned)bits >> p) & 1u)
            kt_jw_int(w, p);
    kt_jw_arr_end(w);
}

void fwm_w_areas(kt_jw *w, const fwm_cfg *c, const char *key, uint32_t bits)
{
    kt_jw_key(w, key);
    kt_jw_arr(w);
    for (int a = 0; a < c->narea; a++)
        if (((unsigned)bits >> a) & 1u)
            kt_jw_str(w, c->area[a].key);
    kt_jw_arr_end(w);
}

static void w_i32s(kt_jw *w, const char *key, const int32_t *v, int n)
{
    kt_jw_key(w, key);
    kt_jw_i32s(w, v, (size_t)n);
}

void fwm_w_u8s(kt_jw *w, const char *key, const uint8_t *v, int n)
{
    kt_jw_key(w, key);
    kt_jw_u8s(w, v, (size_t)n);
}

static void w_player(kt_jw *w, const fwm_cfg *c, const fwm_player *pl, int full)
{
    kt_jw_obj(w);
    kt_jw_kint(w, "money", pl->money);
    fwm_w_goods(w, "warehouse", pl->ware);
    fwm_w_pos(w, c, "home", pl->home == FWM_NONE ? 253 : pl->home);
    kt_jw_key(w, "merchants");
    kt_jw_obj(w);
    for (int k = 0; k < FWM_NM; k++) {
        char key[2] = {(char)('A' + k), 0};
        kt_jw_key(w, key);
        kt_jw_obj(w);
        fwm_w_pos(w, c, "at", pl->m[k].pos);
        fwm_w_goods(w, "cargo", pl->m[k].cargo);
        kt_jw_kint(w, "stamp", pl->m[k].stamp);
        kt_jw_obj_end(w);
    }
    kt_jw_obj_end(w);
    kt_jw_kint(w, "track", pl->track);
    kt_jw_kint(w, "noble", pl->noble);
    kt_jw_kint(w, "ious", pl->ious);
    kt_jw_kint(w, "manors", pl->manors);
    kt_jw_kint(w, "hired", pl->hired);
    kt_jw_kint(w, "robbed", pl->robbed);
    fwm_w_areas(w, c, "cubes", pl->cubes);
    if (full) {
        kt_jw_key(w, "bid");
        kt_jw_obj(w);
        kt_jw_kint(w, "stage", pl->bstage);
        kt_jw_kint(w, "qty", pl->bqty);
        kt_jw_kint(w, "price", pl->bprice);
        kt_jw_obj_end(w);
    }
    kt_jw_obj_end(w);
}

void fwm_w_open(kt_jw *w, const fwm_cfg *c, const fwm_state *s)
{
    kt_jw_key(w, "open");
    kt_jw_arr(w);
    for (int i = 0; i < s->nopen; i++) {
        kt_jw_obj(w);
        fwm_w_card(w, c, "card", s->open[i].card);
        kt_jw_kint(w, "due", s->open[i].due);
        kt_jw_kint(w, "seq", s->open[i].seq);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
}

static void w_auction(kt_jw *w, const fwm_cfg *c, const fwm_auc *u, int np)
{
    kt_jw_key(w, "auction");
    kt_jw_obj(w);
    kt_jw_kstr(w, "kind", fwm_auc_names[u->kind < 8 ? u->kind : 0]);
    fwm_w_card(w, c, "card", u->kind ? u->card : -1);
    kt_jw_kint(w, "line", u->line);
    kt_jw_kint(w, "good", u->good);
    fwm_w_players(w, "ent", u->ent, np);
    fwm_w_players(w, "done", u->done, np);
    kt_jw_kint(w, "qtot", u->qtot);
    kt_jw_kint(w, "left", u->left);
    fwm_w_u8s(w, "qmax", u->qmax, np);
    kt_jw_kint(w, "lo", u->lo);
    kt_jw_kint(w, "hi", u->hi);
    fwm_w_u8s(w, "order", u->order, u->norder);
    kt_jw_kint(w, "idx", u->idx);
    fwm_w_u8s(w, "qty", u->qty, np);
    w_i32s(w, "price", u->price, np);
    fwm_w_u8s(w, "got", u->got, np);
    w_i32s(w, "paid", u->paid, np);
    kt_jw_obj_end(w);
}

/* The trades of phase 1: the window and the offer being made (`full`: with
 * the price while its proposer still picks it, which is the proposer's
 * alone until the offer is made). */
void fwm_w_offer(kt_jw *w, const fwm_cfg *c, const fwm_state *s, int np, int full)
{
    kt_jw_key(w, "trades");
    kt_jw_obj(w);
    kt_jw_kint(w, "done", s->tw_idx);
    fwm_w_u8s(w, "offers", s->tw_offers, np);
    fwm_w_u8s(w, "declined", s->tw_declined, np);
    kt_jw_obj_end(w);
    kt_jw_key(w, "offer");
    kt_jw_obj(w);
    kt_jw_kint(w, "from", s->of_from);
    kt_jw_kint(w, "to", s->of_to);
    kt_jw_kint(w, "buy", s->of_buy);
    fwm_w_pos(w, c, "at", s->of_at < c->nsp ? s->of_at : 0);
    fwm_w_goods(w, "goods", s->of_goods);
    kt_jw_kint(w, "ious", s->of_goods[FWM_NG]);
    kt_jw_kint(w, "stage", s->of_stage);
    if (full || s->of_stage == 4)
        kt_jw_kint(w, "price", s->of_price);
    kt_jw_obj_end(w);
}

/* The saved value of a stage field. */
static void w_stage(kt_jw *w, const char *key, int stage)
{
    const char *n = fwm_decision_name(stage);
    kt_jw_kstr(w, key, n ? n : "home");
}

void fwm_save(const kt_game *g, const kt_state *st, kt_jw *w)
{
    const fwm_cfg *c = fwm_config(g);
    const fwm_state *s = (const fwm_state *)st;
    int np = g->nplayers;
    kt_jw_obj(w);
    w_stage(w, "stage", s->stage);
    w_stage(w, "ret", s->fs_ret);
    w_stage(w, "cube_ret", s->cube_ret);
    kt_jw_kint(w, "start", s->start);
    kt_jw_kint(w, "nturn", s->nturn);
    kt_jw_kint(w, "round", s->round);
    kt_jw_kint(w, "seq", s->seq);
    kt_jw_kint(w, "stampc", s->stampc);
    kt_jw_kint(w, "rflags", s->rflags);
    kt_jw_kint(w, "boom", s->boom);
    fwm_w_card(w, c, "blockade", s->blockade == FWM_NONE ? -1 : s->blockade);
    fwm_w_card(w, c, "fair", s->fair == FWM_NONE ? -1 : s->fair);
    kt_jw_kint(w, "sheep", s->sheep);
    kt_jw_kint(w, "corrupt", s->corrupt);
    kt_jw_kint(w, "trick", s->trick);
    kt_jw_kint(w, "manor_first", s->manor_first);
    fwm_w_players(w, "ennobled", s->ennobled, np);
    kt_jw_kint(w, "ended", s->ended);
    fwm_w_areas(w, c, "robbers", s->robarea);
    kt_jw_key(w, "deck");
    kt_jw_arr(w);
    for (int i = 0; i < s->ndeck; i++)
        kt_jw_str(w, c->card[s->deck[i]].id);
    kt_jw_arr_end(w);
    kt_jw_key(w, "where");
    kt_jw_obj(w);
    for (int i = 0; i < c->ncard; i++)
        kt_jw_kstr(w, c->card[i].id, where_names[s->where[i] < 6 ? s->where[i] : 0]);
    kt_jw_obj_end(w);
    kt_jw_key(w, "known");
    kt_jw_obj(w);
    for (int i = 0; i < c->ncard; i++)
        kt_jw_kint(w, c->card[i].id, s->known[i]);
    kt_jw_obj_end(w);
    kt_jw_key(w, "hold");
    kt_jw_obj(w);
    for (int i = 0; i < c->ncard; i++)
        if (s->hold[i])
            kt_jw_kint(w, c->card[i].id, s->hold[i] - 1);
    kt_jw_obj_end(w);
    fwm_w_open(w, c, s);
    kt_jw_key(w, "players");
    kt_jw_obj(w);
    for (int p = 0; p < np; p++) {
        char key[16];
        snprintf(key, sizeof key, "%d", p);
        kt_jw_key(w, key);
        w_player(w, c, &s->pl[p], 1);
    }
    kt_jw_obj_end(w);
    fwm_w_card(w, c, "cur", s->cur == FWM_NONE ? -1 : s->cur);
    kt_jw_kint(w, "half", s->half);
    kt_jw_kint(w, "line", s->line);
    kt_jw_kint(w, "pidx", s->pidx);
    fwm_w_players(w, "buyers", s->buyers, np);
    kt_jw_kint(w, "paying", s->paying);
    fwm_w_card(w, c, "evcard", s->evcard == FWM_NONE ? -1 : s->evcard);
    w_auction(w, c, &s->auc, np);
    kt_jw_key(w, "force");
    kt_jw_obj(w);
    kt_jw_kint(w, "player", s->fs_player);
    kt_jw_kint(w, "need", s->fs_need);
    kt_jw_kint(w, "why", s->fs_why);
    kt_jw_obj_end(w);
    kt_jw_key(w, "cube");
    kt_jw_obj(w);
    kt_jw_kint(w, "player", s->cube_player);
    kt_jw_kint(w, "sea", s->cube_sea);
    kt_jw_obj_end(w);
    kt_jw_key(w, "move");
    kt_jw_obj(w);
    kt_jw_kint(w, "merchant", s->mv_merch == FWM_NONE ? -1 : s->mv_merch);
    fwm_w_u8s(w, "path", s->mv_path, 3);
    kt_jw_kint(w, "len", s->mv_len);
    kt_jw_kint(w, "moved", s->mv_moved);
    kt_jw_kint(w, "started", s->mv_started);
    kt_jw_kint(w, "ending", s->mv_ending);
    kt_jw_kint(w, "shifted", s->mv_xfers);
    kt_jw_kint(w, "cancelled", s->mv_cancels);
    kt_jw_obj_end(w);
    kt_jw_key(w, "exec");
    kt_jw_obj(w);
    kt_jw_kint(w, "merchant", s->x_merch);
    kt_jw_kint(w, "from", s->x_from);
    fwm_w_u8s(w, "path", s->x_path, 3);
    kt_jw_kint(w, "len", s->x_len);
    kt_jw_kint(w, "step", s->x_step);
    kt_jw_kint(w, "accident", s->x_acc);
    fwm_w_u8s(w, "fees", s->x_fee, 3);
    kt_jw_kint(w, "nfee", s->x_nfee);
    kt_jw_kint(w, "drop", s->x_drop);
    kt_jw_kint(w, "rob", s->x_rob);
    kt_jw_kint(w, "bonus", s->x_robbonus);
    kt_jw_kint(w, "loss", s->x_robloss);
    kt_jw_kint(w, "robarea", s->x_robarea);
    kt_jw_obj_end(w);
    fwm_w_offer(w, c, s, np, 1);
    kt_jw_key(w, "sheep_pass");
    kt_jw_obj(w);
    kt_jw_kint(w, "at", s->sh_at);
    kt_jw_kint(w, "stake", s->sh_stake);
    kt_jw_obj_end(w);
    kt_jw_key(w, "lottery");
    kt_jw_obj(w);
    kt_jw_kint(w, "turn", s->lot_turn);
    kt_jw_kint(w, "idle", s->lot_idle);
    kt_jw_kint(w, "bet", s->lot_bet);
    fwm_w_u8s(w, "owners", s->lot_owner, 6);
    kt_jw_obj_end(w);
    kt_jw_obj_end(w);
}

/* ------------------------------------------------------------ observation */

/* ------------------------------------------------------------ reading */

static int r_u8(kt_jr *r, const kt_jv *o, const char *k, int lo, int hi, uint8_t *out)
{
    long long x;
    if (!kt_jr_int(r, o, k, lo, hi, &x))
        return 0;
    *out = (uint8_t)x;
    return 1;
}

static int r_i8(kt_jr *r, const kt_jv *o, const char *k, int lo, int hi, int8_t *out)
{
    long long x;
    if (!kt_jr_int(r, o, k, lo, hi, &x))
        return 0;
    *out = (int8_t)x;
    return 1;
}

static int r_i32(kt_jr *r, const kt_jv *o, const char *k, long long lo, long long hi,
                 int32_t *out)
{
    long long x;
    if (!kt_jr_int(r, o, k, lo, hi, &x))
        return 0;
    *out = (int32_t)x;
    return 1;
}

static int r_u16(kt_jr *r, const kt_jv *o, const char *k, uint16_t *out)
{
    long long x;
    if (!kt_jr_int(r, o, k, 0, 65535, &x))
        return 0;
    *out = (uint16_t)x;
    return 1;
}

static int r_stage(kt_jr *r, const kt_jv *o, const char *k, uint8_t *out)
{
    const char *v = kt_jr_str(r, o, k);
    if (!v)
        return 0;
    for (int i = 0; i < FS_N; i++)
        if (strcmp(fwm_decision_name(i), v) == 0) {
            *out = (uint8_t)i;
            return 1;
        }
    kt_jr_push(r, k);
    kt_jr_fail(r, "unknown stage '%.40s'", v);
    kt_jr_pop(r);
    return 0;
}

/* A card id or "none" (FWM_NONE). */
static int r_card(kt_jr *r, const fwm_cfg *c, const kt_jv *o, const char *k, uint8_t *out)
{
    const kt_jv *v = kt_jr_get(r, o, k, -1);
    if (!v)
        return 0;
    if (v->type == KT_JNULL || (v->type == KT_JSTR && strcmp(v->s, "none") == 0)) {
        *out = FWM_NONE;
        return 1;
    }
    int i = v->type == KT_JSTR ? fwm_card_find(c, v->s) : -1;
    if (i < 0) {
        kt_jr_push(r, k);
        kt_jr_fail(r, "expected a card id or \"none\"");
        kt_jr_pop(r);
        return 0;
    }
    *out = (uint8_t)i;
    return 1;
}

/* A space code, "off", "lost" or (if allowed) "none". */
static int r_pos(kt_jr *r, const fwm_cfg *c, const kt_jv *o, const char *k, int null_ok,
                 uint8_t *out)
{
    const kt_jv *v = kt_jr_get(r, o, k, -1);
    if (!v)
        return 0;
    int i = -1;
    if (null_ok && (v->type == KT_JNULL || (v->type == KT_JSTR && strcmp(v->s, "none") == 0)))
        i = FWM_NONE;
    else if (v->type == KT_JSTR)
        i = strcmp(v->s, "off") == 0    ? FWM_OFF
            : strcmp(v->s, "lost") == 0 ? FWM_LOST
                                        : fwm_space_find(c, v->s);
    if (i < 0) {
        kt_jr_push(r, k);
        kt_jr_fail(r, null_ok ? "expected a space code or \"none\""
                              : "expected a space code, \"off\" or \"lost\"");
        kt_jr_pop(r);
        return 0;
    }
    *out = (uint8_t)i;
    return 1;
}

static int r_goods(kt_jr *r, const kt_jv *o, const char *k, uint8_t *g)
{
    const kt_jv *v = kt_jr_get(r, o, k, KT_JOBJ);
    if (!v)
        return 0;
    kt_jr_push(r, k);
    int ok = kt_jr_only(r, v, "cloth,spice,metal");
    for (int i = 0; ok && i < FWM_NG; i++)
        ok = r_u8(r, v, good_keys[i], 0, 99, &g[i]);
    kt_jr_pop(r);
    return ok;
}

static int r_players(kt_jr *r, const kt_jv *o, const char *k, int np, uint8_t *bits)
{
    uint8_t v[FWM_MAXP];
    int n;
    if (!kt_jr_u8s(r, o, k, v, 0, np, 0, np - 1, &n))
        return 0;
    *bits = 0;
    for (int i = 0; i < n; i++)
        *bits |= (uint8_t)(1u << v[i]);
    return 1;
}

static int r_areas(kt_jr *r, const fwm_cfg *c, const kt_jv *o, const char *k, uint32_t *bits)
{
    const kt_jv *a = kt_jr_arr(r, o, k, 0, c->narea);
    if (!a)
        return 0;
    *bits = 0;
    kt_jr_push(r, k);
    int i = 0;
    for (const kt_jv *e = a->child; e; e = e->next, i++) {
        int x = e->type == KT_JSTR ? fwm_area_find(c, e->s) : -1;
        if (x < 0 || ((*bits >> x) & 1u)) {
            kt_jr_push_i(r, i);
            kt_jr_fail(r, "unknown or repeated area");
            kt_jr_pop(r);
            kt_jr_pop(r);
            return 0;
        }
        *bits |= 1u << x;
    }
    kt_jr_pop(r);
    return 1;
}

static int r_i32s(kt_jr *r, const kt_jv *o, const char *k, int n, int32_t *out)
{
    const kt_jv *a = kt_jr_arr(r, o, k, n, n);
    if (!a)
        return 0;
    kt_jr_push(r, k);
    int ok = 1;
    for (int i = 0; ok && i < n; i++) {
        long long x;
        ok = kt_jr_int_at(r, a, i, -1000000, 1000000, &x);
        out[i] = (int32_t)x;
    }
    kt_jr_pop(r);
    return ok;
}

static int r_player(kt_jr *r, const fwm_cfg *c, const kt_jv *v, fwm_player *pl)
{
    if (!kt_jr_only(r, v, "money,warehouse,home,merchants,track,noble,ious,manors,hired,robbed,"
                          "cubes,bid"))
        return 0;
    if (!r_i32(r, v, "money", -10000000, 10000000, &pl->money) ||
        !r_goods(r, v, "warehouse", pl->ware) || !r_pos(r, c, v, "home", 1, &pl->home))
        return 0;
    if (pl->home != FWM_NONE && (pl->home >= c->nsp || !c->sp[pl->home].tax))
        return kt_jr_fail(r, "home is not a home city");
    const kt_jv *ms = kt_jr_get(r, v, "merchants", KT_JOBJ);
    if (!ms)
        return 0;
    kt_jr_push(r, "merchants");
    int ok = kt_jr_only(r, ms, "A,B,C");
    for (int k = 0; ok && k < FWM_NM; k++) {
        char key[2] = {(char)('A' + k), 0};
        const kt_jv *m = kt_jr_get(r, ms, key, KT_JOBJ);
        if (!m)
            return kt_jr_pop(r), 0;
        kt_jr_push(r, key);
        ok = kt_jr_only(r, m, "at,cargo,stamp") && r_pos(r, c, m, "at", 0, &pl->m[k].pos) &&
             r_goods(r, m, "cargo", pl->m[k].cargo) && r_u16(r, m, "stamp", &pl->m[k].stamp);
        kt_jr_pop(r);
    }
    kt_jr_pop(r);
    if (!ok || !r_i8(r, v, "track", 0, FWM_MAXTRACK - 1, &pl->track) ||
        !r_u8(r, v, "noble", 0, 1, &pl->noble) || !r_u8(r, v, "ious", 0, 99, &pl->ious) ||
        !r_u8(r, v, "manors", 0, 9, &pl->manors) || !r_u8(r, v, "hired", 0, 2, &pl->hired) ||
        !r_u8(r, v, "robbed", 0, 7, &pl->robbed) || !r_areas(r, c, v, "cubes", &pl->cubes))
        return 0;
    const kt_jv *b = kt_jr_get(r, v, "bid", KT_JOBJ);
    if (!b)
        return 0;
    kt_jr_push(r, "bid");
    ok = kt_jr_only(r, b, "stage,qty,price") && r_u8(r, b, "stage", 0, 4, &pl->bstage) &&
         r_u8(r, b, "qty", 0, 9, &pl->bqty) && r_i32(r, b, "price", 0, 200000, &pl->bprice);
    kt_jr_pop(r);
    if (ok && pl->bstage >= 1 && pl->bstage <= 3) {
        /* a bid half picked (quantity, then price digits) in a save of an older
         * version: not handed in, so it is dropped and the player bids anew */
        pl->bstage = pl->bqty = 0;
        pl->bprice = 0;
    }
    return ok;
}

static int r_cards(kt_jr *r, const fwm_cfg *c, const kt_jv *v, fwm_state *s)
{
    const kt_jv *wh = kt_jr_get(r, v, "where", KT_JOBJ), *kn = kt_jr_get(r, v, "known", KT_JOBJ);
    const kt_jv *ho = kt_jr_get(r, v, "hold", KT_JOBJ);
    if (!wh || !kn || !ho)
        return 0;
    for (int i = 0; i < c->ncard; i++) {
        kt_jr_push(r, "where");
        const char *w = kt_jr_str(r, wh, c->card[i].id);
        int k = -1;
        for (int j = 0; w && j < 6; j++)
            if (strcmp(w, where_names[j]) == 0)
                k = j;
        if (w && k < 0) {
            kt_jr_push(r, c->card[i].id);
            kt_jr_fail(r, "expected box, deck, reserve, open, held or gone");
            kt_jr_pop(r);
        }
        kt_jr_pop(r);
        if (k < 0)
            return 0;
        s->where[i] = (uint8_t)k;
        kt_jr_push(r, "known");
        int ok = r_u8(r, kn, c->card[i].id, 0, 1, &s->known[i]);
        kt_jr_pop(r);
        if (!ok)
            return 0;
    }
    if (wh->n != c->ncard || kn->n != c->ncard)
        return kt_jr_fail(r, "where and known list every card once");
    kt_jr_push(r, "hold");
    for (const kt_jv *e = ho->child; e; e = e->next) {
        int i = fwm_card_find(c, e->key);
        long long x;
        if (i < 0 || c->card[i].type != CT_MANOR)
            return kt_jr_fail(r, "'%.10s' is not a manor", e->key), kt_jr_pop(r), 0;
        kt_jr_push(r, e->key);
        int ok = kt_jr_int_val(r, e, 0, FWM_MAXP - 1, &x);
        kt_jr_pop(r);
        if (!ok)
            return kt_jr_pop(r), 0;
        s->hold[i] = (uint8_t)(x + 1);
    }
    kt_jr_pop(r);
    const kt_jv *d = kt_jr_arr(r, v, "deck", 0, FWM_MAXCARDS);
    if (!d)
        return 0;
    kt_jr_push(r, "deck");
    int n = 0;
    for (const kt_jv *e = d->child; e; e = e->next, n++) {
        int i = e->type == KT_JSTR ? fwm_card_find(c, e->s) : -1;
        if (i < 0) {
            kt_jr_push_i(r, n);
            kt_jr_fail(r, "unknown card");
            return kt_jr_pop(r), kt_jr_pop(r), 0;
        }
        s->deck[n] = (uint8_t)i;
    }
    kt_jr_pop(r);
    s->ndeck = (uint8_t)n;
    const kt_jv *o = kt_jr_arr(r, v, "open", 0, FWM_MAXOPEN);
    if (!o)
        return 0;
    kt_jr_push(r, "open");
    n = 0;
    for (const kt_jv *e = o->child; e; e = e->next, n++) {
        kt_jr_push_i(r, n);
        int ok = e->type == KT_JOBJ && kt_jr_only(r, e, "card,due,seq") &&
                 r_card(r, c, e, "card", &s->open[n].card) && r_u16(r, e, "due", &s->open[n].due) &&
                 r_u16(r, e, "seq", &s->open[n].seq);
        if (ok && s->open[n].card == FWM_NONE)
            ok = kt_jr_fail(r, "an open deal needs a card");
        if (!ok && !r->failed)
            kt_jr_fail(r, "expected {card, due, seq}");
        kt_jr_pop(r);
        if (!ok)
            return kt_jr_pop(r), 0;
    }
    kt_jr_pop(r);
    s->nopen = (uint8_t)n;
    return 1;
}

static int r_auction(kt_jr *r, const fwm_cfg *c, const kt_jv *v, int np, fwm_auc *u)
{
    const kt_jv *a = kt_jr_get(r, v, "auction", KT_JOBJ);
    if (!a)
        return 0;
    kt_jr_push(r, "auction");
    int ok = kt_jr_only(r, a, "kind,card,line,good,ent,done,qtot,left,qmax,lo,hi,order,idx,qty,"
                              "price,got,paid");
    const char *k = ok ? kt_jr_str(r, a, "kind") : NULL;
    int kind = -1;
    for (int i = 0; k && i < 8; i++)
        if (strcmp(k, fwm_auc_names[i]) == 0)
            kind = i;
    if (ok && kind < 0)
        ok = k ? kt_jr_fail(r, "unknown auction kind") : 0;
    u->kind = (uint8_t)(kind < 0 ? 0 : kind);
    int n = 0;
    ok = ok && r_card(r, c, a, "card", &u->card) && r_u8(r, a, "line", 0, 5, &u->line) &&
         r_u8(r, a, "good", 0, FWM_NG - 1, &u->good) && r_players(r, a, "ent", np, &u->ent) &&
         r_players(r, a, "done", np, &u->done) && r_u8(r, a, "qtot", 0, 9, &u->qtot) &&
         r_u8(r, a, "left", 0, 9, &u->left) &&
         kt_jr_u8s(r, a, "qmax", u->qmax, np, np, 0, 9, &n) &&
         r_i32(r, a, "lo", 0, 100000, &u->lo) && r_i32(r, a, "hi", 0, 200000, &u->hi) &&
         kt_jr_u8s(r, a, "order", u->order, 0, np, 0, np - 1, &n);
    u->norder = (uint8_t)n;
    ok = ok && r_u8(r, a, "idx", 0, np, &u->idx) &&
         kt_jr_u8s(r, a, "qty", u->qty, np, np, 0, 9, &n) && r_i32s(r, a, "price", np, u->price) &&
         kt_jr_u8s(r, a, "got", u->got, np, np, 0, 9, &n) && r_i32s(r, a, "paid", np, u->paid);
    if (ok && u->kind == AK_NONE && u->card != FWM_NONE)
        ok = kt_jr_fail(r, "no auction without a kind");
    if (ok && u->card == FWM_NONE)
        u->card = 0;
    kt_jr_pop(r);
    return ok;
}

static int r_sub(kt_jr *r, const kt_jv *v, const char *key, const char *fields, const kt_jv **out)
{
    *out = kt_jr_get(r, v, key, KT_JOBJ);
    if (!*out)
        return 0;
    kt_jr_push(r, key);
    int ok = kt_jr_only(r, *out, fields);
    if (!ok)
        kt_jr_pop(r);
    return ok;
}

/* The trades of phase 1.  A save of an older version has no "trades" and an
 * offer of one good from the movement turn; loaded idle, it is empty. */
static int r_offer(kt_jr *r, const fwm_cfg *c, const kt_jv *v, int np, fwm_state *s)
{
    const kt_jv *o;
    int n, ok;
    const kt_jv *old = kt_jv_get(v, "offer");
    if (!kt_jv_get(v, "trades") && old && old->type == KT_JOBJ && !kt_jv_get(old, "from")) {
        if (!r_sub(r, v, "offer", "to,good,buy,stage,price", &o))
            return 0;
        ok = r_u8(r, o, "stage", 0, 0, &s->of_stage);
        kt_jr_pop(r);
        return ok;
    }
    if (!r_sub(r, v, "trades", "done,offers,declined", &o))
        return 0;
    ok = r_u8(r, o, "done", 0, np, &s->tw_idx) &&
         kt_jr_u8s(r, o, "offers", s->tw_offers, np, np, 0, 255, &n) &&
         kt_jr_u8s(r, o, "declined", s->tw_declined, np, np, 0, (1 << np) - 1, &n);
    kt_jr_pop(r);
    if (!ok || !r_sub(r, v, "offer", "from,to,buy,at,goods,ious,stage,price", &o))
        return 0;
    ok = r_u8(r, o, "from", 0, np - 1, &s->of_from) && r_u8(r, o, "to", 0, np - 1, &s->of_to) &&
         r_u8(r, o, "buy", 0, 1, &s->of_buy) && r_pos(r, c, o, "at", 0, &s->of_at) &&
         r_goods(r, o, "goods", s->of_goods) && r_u8(r, o, "ious", 0, 99, &s->of_goods[FWM_NG]) &&
         r_u8(r, o, "stage", 0, 4, &s->of_stage) &&
         r_i32(r, o, "price", 0, FWM_MAXTRADEP, &s->of_price);
    if (ok && s->of_at >= c->nsp)
        ok = kt_jr_fail(r, "an offer is made on a space");
    kt_jr_pop(r);
    return ok;
}

static int r_scratch(kt_jr *r, const fwm_cfg *c, const kt_jv *v, int np, fwm_state *s)
{
    const kt_jv *o;
    int n, ok;
    long long x;
    if (!r_sub(r, v, "force", "player,need,why", &o))
        return 0;
    ok = r_u8(r, o, "player", 0, np - 1, &s->fs_player) &&
         r_i32(r, o, "need", 0, 1000000, &s->fs_need) && r_u8(r, o, "why", 0, 255, &s->fs_why);
    kt_jr_pop(r);
    if (!ok || !r_sub(r, v, "cube", "player,sea", &o))
        return 0;
    ok = r_u8(r, o, "player", 0, np - 1, &s->cube_player) && r_u8(r, o, "sea", 0, 1, &s->cube_sea);
    kt_jr_pop(r);
    /* "offers": the movement turn's offers of older versions (now in phase 1) */
    if (!ok || !r_sub(r, v, "move", "merchant,path,len,moved,started,offers,ending,shifted,cancelled",
                      &o))
        return 0;
    ok = kt_jr_int(r, o, "merchant", -1, FWM_NM - 1, &x) &&
         kt_jr_u8s(r, o, "path", s->mv_path, 3, 3, 0, c->nsp - 1, &n) &&
         r_u8(r, o, "len", 0, 3, &s->mv_len) && r_u8(r, o, "moved", 0, 7, &s->mv_moved) &&
         r_u8(r, o, "started", 0, 1, &s->mv_started) &&
         r_u8(r, o, "ending", 0, 1, &s->mv_ending) &&
         r_u8(r, o, "shifted", 0, FWM_MAXXFER, &s->mv_xfers) &&
         r_u8(r, o, "cancelled", 0, FWM_MAXCANCEL, &s->mv_cancels);
    s->mv_merch = (uint8_t)(x < 0 ? FWM_NONE : x);
    kt_jr_pop(r);
    if (!ok || !r_sub(r, v, "exec", "merchant,from,path,len,step,accident,fees,nfee,drop,rob,"
                                    "bonus,loss,robarea", &o))
        return 0;
    ok = r_u8(r, o, "merchant", 0, FWM_NM - 1, &s->x_merch) &&
         r_u8(r, o, "from", 0, c->nsp - 1, &s->x_from) &&
         kt_jr_u8s(r, o, "path", s->x_path, 3, 3, 0, c->nsp - 1, &n) &&
         r_u8(r, o, "len", 0, 3, &s->x_len) && r_u8(r, o, "step", 0, 3, &s->x_step) &&
         r_u8(r, o, "accident", 0, 1, &s->x_acc) &&
         kt_jr_u8s(r, o, "fees", s->x_fee, 3, 3, 0, c->narea - 1, &n) &&
         r_u8(r, o, "nfee", 0, 3, &s->x_nfee) && r_u8(r, o, "drop", 0, 1, &s->x_drop) &&
         r_u8(r, o, "rob", 0, 2, &s->x_rob) && r_u8(r, o, "bonus", 0, 8, &s->x_robbonus) &&
         r_u8(r, o, "loss", 0, 2, &s->x_robloss) &&
         r_u8(r, o, "robarea", 0, c->narea - 1, &s->x_robarea);
    kt_jr_pop(r);
    if (!ok || !r_offer(r, c, v, np, s) || !r_sub(r, v, "sheep_pass", "at,stake", &o))
        return 0;
    ok = r_u8(r, o, "at", 0, np - 1, &s->sh_at) && r_i32(r, o, "stake", 0, 1000000, &s->sh_stake);
    kt_jr_pop(r);
    if (!ok || !r_sub(r, v, "lottery", "turn,idle,bet,owners", &o))
        return 0;
    ok = r_u8(r, o, "turn", 0, np - 1, &s->lot_turn) && r_u8(r, o, "idle", 0, np, &s->lot_idle) &&
         r_u8(r, o, "bet", 0, 1, &s->lot_bet) &&
         kt_jr_u8s(r, o, "owners", s->lot_owner, 6, 6, 0, (1 << np) - 1, &n);
    kt_jr_pop(r);
    return ok;
}

int fwm_load(const kt_game *g, const kt_jv *v, kt_state *st, kt_jr *r)
{
    const fwm_cfg *c = fwm_config(g);
    fwm_state *s = (fwm_state *)st;
    int np = g->nplayers;
    if (!kt_jr_only(r, v, "stage,ret,cube_ret,start,nturn,round,seq,stampc,rflags,boom,blockade,"
                          "fair,sheep,corrupt,trick,manor_first,ennobled,ended,robbers,deck,where,"
                          "known,hold,open,players,cur,half,line,pidx,buyers,paying,evcard,"
                          "auction,force,cube,move,exec,trades,offer,sheep_pass,lottery"))
        return 0;
    if (!r_stage(r, v, "stage", &s->stage) || !r_stage(r, v, "ret", &s->fs_ret) ||
        !r_stage(r, v, "cube_ret", &s->cube_ret) || !r_u8(r, v, "start", 0, np - 1, &s->start) ||
        !r_u8(r, v, "nturn", 0, np, &s->nturn) || !r_u16(r, v, "round", &s->round) ||
        !r_u16(r, v, "seq", &s->seq) || !r_u16(r, v, "stampc", &s->stampc) ||
        !r_u8(r, v, "rflags", 0, 31, &s->rflags) || !r_u8(r, v, "boom", 0, 1, &s->boom) ||
        !r_card(r, c, v, "blockade", &s->blockade) || !r_card(r, c, v, "fair", &s->fair) ||
        !r_i8(r, v, "sheep", -1, np - 1, &s->sheep) ||
        !r_i8(r, v, "corrupt", -1, np - 1, &s->corrupt) ||
        !r_i8(r, v, "trick", -1, np - 1, &s->trick) ||
        !r_i8(r, v, "manor_first", -1, np - 1, &s->manor_first) ||
        !r_players(r, v, "ennobled", np, &s->ennobled) || !r_u8(r, v, "ended", 0, 1, &s->ended) ||
        !r_areas(r, c, v, "robbers", &s->robarea) || !r_cards(r, c, v, s))
        return 0;
    const kt_jv *ps = kt_jr_get(r, v, "players", KT_JOBJ);
    if (!ps)
        return 0;
    kt_jr_push(r, "players");
    if (ps->n != np)
        return kt_jr_fail(r, "expected %d players", np), kt_jr_pop(r), 0;
    for (int p = 0; p < np; p++) {
        char key[16];
        snprintf(key, sizeof key, "%d", p);
        const kt_jv *pv = kt_jr_get(r, ps, key, KT_JOBJ);
        if (!pv)
            return kt_jr_pop(r), 0;
        kt_jr_push(r, key);
        int ok = r_player(r, c, pv, &s->pl[p]);
        kt_jr_pop(r);
        if (!ok)
            return kt_jr_pop(r), 0;
    }
    kt_jr_pop(r);
    return r_card(r, c, v, "cur", &s->cur) && r_u8(r, v, "half", 0, 1, &s->half) &&
           r_u8(r, v, "line", 0, 2 * FWM_MAXLINES, &s->line) &&
           r_u8(r, v, "pidx", 0, np, &s->pidx) && r_players(r, v, "buyers", np, &s->buyers) &&
           r_u8(r, v, "paying", 0, 1, &s->paying) && r_card(r, c, v, "evcard", &s->evcard) &&
           r_auction(r, c, v, np, &s->auc) && r_scratch(r, c, v, np, s);
}
