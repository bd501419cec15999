/*
 * view_table.c - the part of the Marco Polo II observation that front ends
 * draw the table from: the "table" object (action spaces, the map's
 * locations and routes, guilds, resources, outpost tiles, the contracts,
 * goals and offers in sight, each with ids and a text in the viewer's
 * language), the translated round and phase names, and the options of the
 * viewer's own pending decision.  Observation only: the save format
 * (save.c) does not carry any of it.
 *
 * Data layout: no state of its own.  Ids are the indices the action
 * targets use (targets.c, docs/targets.md): table.spaces[i].id == i ==
 * the index into board.spaces, table.locations[i].id == i, and so on.
 */
#include <stdio.h>
#include <string.h>

#include "mp2.h"

#define L(en, de) (lang == KT_LANG_DE ? (de) : (en))

static const char *const guild_keys[MP2_NGUILD] = {"farmer", "spicer", "tailor", "jeweler"};
static const char *const res_keys[MP2_NRES] = {"coins", "camels", "jade", "pepper",
                                              "silk",  "gold",   "vp"};

static void rw_text(const mp2_cfg *c, int rw, int lang, kt_buf *out)
{
    const mp2_reward *r = &c->rw[rw];
    for (int i = 0; i < r->nalt; i++) {
        if (i)
            kt_buf_printf(out, " %s ", L("or", "oder"));
        mp2_bundle_text(c, &r->alt[i], lang, out);
    }
}

/* "key": text of reward rw (buffer reused). */
static void k_rw(kt_jw *w, kt_buf *b, const char *key, const mp2_cfg *c, int rw, int lang)
{
    kt_buf_reset(b);
    rw_text(c, rw, lang, b);
    kt_jw_kstr(w, key, b->p ? b->p : "");
}

static const char *space_kind(int sp)
{
    if (sp <= SP_BOOK3B)
        return "book";
    if (sp == SP_KHAN)
        return "khan";
    if (sp == SP_SEALS)
        return "seals";
    if (sp == SP_CONTRACTS)
        return "contracts";
    if (sp < MP2_NBASESP)
        return "travel";
    if (sp < SP_CARD)
        return "city";
    if (sp < SP_CARD + MP2_NCARDCITY)
        return "card";
    if (sp < SP_BAG)
        return "card_area";
    return "bag";
}

/* What a space gives, for people. */
static void space_text(const mp2_cfg *c, const mp2_state *s, int sp, int lang, kt_buf *b)
{
    switch (sp) {
    case SP_BOOK1:
    case SP_BOOK2:
    case SP_BOOK3A:
    case SP_BOOK3B:
        kt_buf_puts(b, L("the market: one of the book's offers", "der Markt: ein Angebot des Buchs"));
        return;
    case SP_KHAN:
        kt_buf_puts(b, L("Khan's favour: ", "Gunst des Khans: "));
        rw_text(c, c->rw_khan, lang, b);
        kt_buf_puts(b, L("; each die must show at least the one before",
                         "; jeder Würfel mindestens so hoch wie der vorige"));
        return;
    case SP_SEALS:
        kt_buf_puts(b, L("take a guild seal (the die decides which)",
                         "nimm ein Gildensiegel (der Würfel bestimmt welches)"));
        return;
    case SP_CONTRACTS:
        kt_buf_puts(b, L("coins, then take up to 2 contracts", "Münzen, dann bis zu 2 Aufträge nehmen"));
        return;
    case SP_TRAVEL1:
    case SP_TRAVEL2:
    case SP_TRAVEL3:
        kt_buf_printf(b, "%s", sp == SP_TRAVEL1 ? L("travel 1 step (pay 2 coins)", "reise 1 Schritt (zahle 2 Münzen)")
                               : sp == SP_TRAVEL2 ? L("travel up to 3 steps (die)", "reise bis zu 3 Schritte (Würfel)")
                                                  : L("travel as far as the die, extra post", "reise so weit wie der Würfel, zusätzlicher Posten"));
        return;
    case SP_BAG:
        kt_buf_puts(b, L("money bag: any die, no limit", "Geldsack: jeder Würfel, unbegrenzt"));
        return;
    default:
        break;
    }
    if (sp < SP_CARD) {
        const mp2_special *sd = &c->special[(sp - SP_SPECIAL) / 2];
        rw_text(c, sd->reward[(sp - SP_SPECIAL) % 2], lang, b);
        return;
    }
    int card = s->card_slot[sp - SP_CARD];
    if (card < MP2_NCARDS)
        mp2_card_text(c, card, lang, b);
}

static void w_space(kt_jw *w, kt_buf *b, const mp2_cfg *c, const mp2_state *s, int sp, int lang)
{
    const mp2_space *x = &s->sp[sp];
    kt_jw_obj(w);
    kt_jw_kint(w, "id", sp);
    kt_jw_kstr(w, "kind", space_kind(sp));
    kt_buf_reset(b);
    mp2_space_name(c, sp, lang, b);
    kt_jw_kstr(w, "name", b->p ? b->p : "");
    kt_buf_reset(b);
    space_text(c, s, sp, lang, b);
    kt_jw_kstr(w, "text", b->p ? b->p : "");
    kt_jw_kint(w, "dice", sp == SP_BAG ? 1 : c->sp_dice[sp]);
    kt_jw_kint(w, "min", sp == SP_BAG ? 1 : c->sp_min[sp]);
    kt_jw_kbool(w, "fee", sp < MP2_NBASESP && c->sp_fee[sp]);
    kt_jw_kbool(w, "single", sp < SP_BAG && c->sp_single[sp]);
    int loc = -1;
    if (sp >= SP_SPECIAL && sp < SP_CARD)
        loc = c->special_loc[(sp - SP_SPECIAL) / 2];
    else if (sp >= SP_CARD && sp < SP_CARD + MP2_NCARDCITY)
        loc = c->card_loc[sp - SP_CARD];
    kt_jw_kint(w, "town", loc);
    int card = sp >= SP_CARD && sp < SP_BAG ? s->card_slot[sp - SP_CARD] : MP2_NONE;
    if (card < MP2_NCARDS)
        kt_jw_kstr(w, "card", c->card[card].id);
    else {
        kt_jw_key(w, "card");
        kt_jw_null(w);
    }
    kt_jw_kint(w, "used", x->used);
    kt_jw_key(w, "players");
    kt_jw_arr(w);
    for (int p = 0; p < c->np; p++)
        if ((x->occ >> p) & 1)
            kt_jw_int(w, p);
    kt_jw_arr_end(w);
    kt_jw_kint(w, "last", x->last);
    kt_jw_kint(w, "low", x->low);
    if (sp == SP_BAG) {
        kt_jw_key(w, "options");
        kt_jw_arr(w);
        const mp2_reward *r = &c->rw[c->rw_bag];
        for (int i = 0; i < r->nalt; i++) {
            kt_buf_reset(b);
            mp2_bundle_text(c, &r->alt[i], lang, b);
            kt_jw_str(w, b->p ? b->p : "");
        }
        kt_jw_arr_end(w);
    }
    kt_jw_obj_end(w);
}

static void w_locations(kt_jw *w, const mp2_cfg *c, int lang)
{
    kt_jw_key(w, "locations");
    kt_jw_arr(w);
    for (int i = 0; i < c->nloc; i++) {
        const mp2_loc *l = &c->loc[i];
        kt_jw_obj(w);
        kt_jw_kint(w, "id", i);
        kt_jw_kstr(w, "key", l->name);
        kt_jw_kstr(w, "name", mp2_loc_name(c, i, lang));
        kt_jw_kstr(w, "kind", l->kind == LK_START ? "start" : l->kind == LK_OASIS ? "oasis" : "city");
        kt_jw_kbool(w, "large", l->large);
        if (l->kind == LK_CITY)
            kt_jw_kstr(w, "shield", lang == KT_LANG_DE ? c->shield_de[l->shield] : c->shield[l->shield]);
        kt_jw_kint(w, "special", l->special ? l->special - 1 : -1);
        kt_jw_kint(w, "marker", l->bonus ? l->bonus - 1 : -1);
        kt_jw_kint(w, "card_slot", l->card ? l->card - 1 : -1);
        kt_jw_kint(w, "contract_city", l->ccity ? l->ccity - 1 : -1);
        kt_jw_kint(w, "outpost", l->outpost ? l->outpost - 1 : -1);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "routes");
    kt_jw_arr(w);
    for (int i = 0; i < c->nroute; i++) {
        const mp2_route *r = &c->route[i];
        kt_jw_obj(w);
        kt_jw_kint(w, "id", i);
        kt_jw_kint(w, "a", r->a);
        kt_jw_kint(w, "b", r->b);
        kt_jw_kint(w, "coins", r->coins);
        kt_jw_kint(w, "camels", r->camels);
        kt_jw_kint(w, "jade", r->jade);
        kt_jw_kint(w, "seal", r->seal ? r->seal - 1 : -1);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
}

static void w_contract(kt_jw *w, kt_buf *b, const mp2_cfg *c, int k, int lang)
{
    kt_jw_key(w, c->contract[k].id);
    kt_jw_obj(w);
    k_rw(w, b, "cost", c, c->contract[k].cost, lang);
    k_rw(w, b, "reward", c, c->contract[k].reward, lang);
    kt_jw_obj_end(w);
}

/* Every contract in sight (board, players' open ones, the pending drawn
 * one of the viewer): code -> cost and reward. */
static void w_contracts(kt_jw *w, kt_buf *b, const mp2_cfg *c, const mp2_state *s, int viewer,
                        int lang)
{
    uint64_t seen = 0;
    for (int i = 0; i < MP2_NCCITY; i++)
        for (int j = 0; j < 2; j++)
            if (s->cboard[i][j] < MP2_NCONTRACTS)
                seen |= 1ull << s->cboard[i][j];
    for (int p = 0; p < c->np; p++)
        for (int i = 0; i < 2; i++)
            if (s->pl[p].con[i] < MP2_NCONTRACTS)
                seen |= 1ull << s->pl[p].con[i];
    if (s->nstack && s->stack[s->nstack - 1].type == EF_DISCARD && s->stack[s->nstack - 1].p == viewer &&
        s->stack[s->nstack - 1].a < MP2_NCONTRACTS)
        seen |= 1ull << s->stack[s->nstack - 1].a;
    kt_jw_key(w, "contracts");
    kt_jw_obj(w);
    for (int k = 0; k < MP2_NCONTRACTS; k++)
        if ((seen >> k) & 1)
            w_contract(w, b, c, k, lang);
    kt_jw_obj_end(w);
}

/* The viewer's goal options (the others' stay hidden until the end). */
static void w_goals(kt_jw *w, kt_buf *b, const mp2_cfg *c, const mp2_state *s, int viewer, int lang)
{
    kt_jw_key(w, "goals");
    kt_jw_obj(w);
    for (int p = 0; p < c->np; p++) {
        if (!mp2_goal_visible(s, p, viewer))
            continue;
        for (int i = 0; i < 3; i++) {
            const mp2_goal *gl = &c->goal[s->pl[p].goal_opt[i]];
            kt_jw_key(w, gl->id);
            kt_jw_obj(w);
            kt_jw_key(w, "towns");
            kt_jw_arr(w);
            for (int j = 0; j < gl->ncity; j++)
                kt_jw_int(w, gl->city[j]);
            kt_jw_arr_end(w);
            kt_buf_reset(b);
            for (int j = 0; j < gl->ncity; j++)
                kt_buf_printf(b, "%s%s", j ? ", " : "", mp2_loc_name(c, gl->city[j], lang));
            for (int j = 0; j < gl->nseal; j++)
                kt_buf_printf(b, "; %s %d %s", lang == KT_LANG_DE ? c->guild[gl->seal[j]].de
                                                                  : c->guild[gl->seal[j]].name,
                              gl->sealvp[j], L("VP", "SP"));
            kt_jw_kstr(w, "text", b->p ? b->p : "");
            kt_jw_obj_end(w);
        }
    }
    kt_jw_obj_end(w);
}

/* The three books: the printed top rewards and the offer tile's two jade
 * rewards of this round; next round's tile code. */
static void w_books(kt_jw *w, kt_buf *b, const mp2_cfg *c, const mp2_state *s, int lang)
{
    kt_jw_key(w, "books");
    kt_jw_arr(w);
    for (int k = 0; k < 3; k++) {
        const mp2_offer *o = &c->offer[s->offers[k][s->round]];
        kt_jw_obj(w);
        kt_jw_kint(w, "id", k);
        kt_jw_kstr(w, "offer", o->id);
        kt_jw_key(w, "options");
        kt_jw_arr(w);
        int rws[4] = {c->book_top[k][0], c->book_top[k][1], o->jade1, o->jade2};
        for (int i = 0; i < 4; i++) {
            kt_buf_reset(b);
            rw_text(c, rws[i], lang, b);
            kt_jw_str(w, b->p ? b->p : "");
        }
        kt_jw_arr_end(w);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
}

static void w_outposts(kt_jw *w, kt_buf *b, const mp2_cfg *c, int lang)
{
    kt_jw_key(w, "outpost_tiles");
    kt_jw_arr(w);
    for (int i = 0; i < MP2_NOUTPOSTS; i++) {
        kt_jw_obj(w);
        kt_jw_kint(w, "id", i);
        kt_jw_kstr(w, "code", c->outpost[i].id);
        k_rw(w, b, "text", c, c->outpost[i].reward, lang);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "markers");
    kt_jw_arr(w);
    for (int i = 0; i < MP2_NMARKERS; i++) {
        kt_jw_obj(w);
        kt_jw_kstr(w, "code", c->marker[i].id);
        k_rw(w, b, "text", c, c->marker[i].reward, lang);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
}

static void w_keys(kt_jw *w, const char *key, const char *const *k, int n)
{
    kt_jw_key(w, key);
    kt_jw_arr(w);
    for (int i = 0; i < n; i++)
        kt_jw_str(w, k[i]);
    kt_jw_arr_end(w);
}

void mp2_observe_table(const kt_game *g, const kt_state *st, int viewer, int lang, kt_jw *w)
{
    const mp2_cfg *c = mp2_config(g);
    const mp2_state *s = (const mp2_state *)st;
    kt_buf b;
    kt_buf_init_alloc(&b, &g->alloc);
    kt_jw_key(w, "table");
    kt_jw_obj(w);
    kt_jw_key(w, "spaces");
    kt_jw_arr(w);
    for (int sp = 0; sp < MP2_NSPACES; sp++)
        w_space(w, &b, c, s, sp, lang);
    kt_jw_arr_end(w);
    w_locations(w, c, lang);
    w_keys(w, "guilds", guild_keys, MP2_NGUILD);
    kt_jw_key(w, "guild_names");
    kt_jw_arr(w);
    for (int i = 0; i < MP2_NGUILD; i++)
        kt_jw_str(w, lang == KT_LANG_DE ? c->guild[i].de : c->guild[i].name);
    kt_jw_arr_end(w);
    w_keys(w, "resources", res_keys, MP2_NRES);
    w_outposts(w, &b, c, lang);
    w_contracts(w, &b, c, s, viewer, lang);
    w_goals(w, &b, c, s, viewer, lang);
    w_books(w, &b, c, s, lang);
    kt_jw_obj_end(w);
    kt_buf_free(&b);
}

/* board.round_label / phase_label: the round as the log counts it (1..5). */
void mp2_observe_labels(const mp2_state *s, int lang, kt_jw *w)
{
    char t[48];
    snprintf(t, sizeof t, "%s %d %s %d", L("Round", "Runde"), s->round + 1, L("of", "von"), MP2_ROUNDS);
    kt_jw_kstr(w, "round_label", t);
    static const char *const en[] = {"setup", "round start", "actions", "game over"};
    static const char *const de[] = {"Vorbereitung", "Rundenbeginn", "Aktionen", "Spielende"};
    int ph = s->phase <= PH_OVER ? s->phase : 0;
    kt_jw_kstr(w, "phase_label", lang == KT_LANG_DE ? de[ph] : en[ph]);
}

/* pending.options: what each "option" target of the viewer's own decision
 * means; pending.contract: the contract just drawn (discard). */
void mp2_observe_pending(const mp2_cfg *c, const mp2_state *s, const mp2_eff *e, int lang, kt_jw *w)
{
    kt_buf b;
    kt_buf_init_alloc(&b, w->b->a);
    const mp2_player *pl = &s->pl[e->p];
    switch (e->type) {
    case EF_ALT:
        kt_jw_key(w, "options");
        kt_jw_arr(w);
        for (int i = 0; i < c->rw[e->a].nalt; i++) {
            kt_buf_reset(&b);
            mp2_bundle_text(c, &c->rw[e->a].alt[i], lang, &b);
            kt_jw_str(w, b.p ? b.p : "");
        }
        kt_jw_arr_end(w);
        break;
    case EF_MARKET: {
        const mp2_offer *o = &c->offer[s->offers[e->a][s->round]];
        int rws[4] = {c->book_top[e->a][0], c->book_top[e->a][1], o->jade1, o->jade2};
        kt_jw_key(w, "options");
        kt_jw_arr(w);
        for (int i = 0; i < 4; i++) {
            kt_buf_reset(&b);
            rw_text(c, rws[i], lang, &b);
            kt_jw_str(w, b.p ? b.p : "");
        }
        kt_jw_arr_end(w);
        break;
    }
    case EF_CARD: {
        const mp2_card *cd = &c->card[e->a];
        kt_jw_key(w, "options");
        kt_jw_arr(w);
        for (int dir = 0; dir < (cd->kind == CK_EITHER ? 2 : 1); dir++) {
            kt_buf_reset(&b);
            rw_text(c, dir ? cd->pay2 : cd->pay, lang, &b);
            kt_buf_puts(&b, " -> ");
            rw_text(c, dir ? cd->gain2 : cd->gain, lang, &b);
            kt_jw_str(w, b.p ? b.p : "");
        }
        kt_jw_arr_end(w);
        break;
    }
    case EF_CVSELL: {
        static const char *const en[3] = {"sell for VP", "upgrade", "double"};
        static const char *const de[3] = {"für SP verkaufen", "veredeln", "verdoppeln"};
        kt_jw_key(w, "options");
        kt_jw_arr(w);
        for (int i = 0; i < 3; i++)
            kt_jw_str(w, lang == KT_LANG_DE ? de[i] : en[i]);
        kt_jw_arr_end(w);
        break;
    }
    case EF_CVRETURN: {
        kt_jw_key(w, "options");
        kt_jw_arr(w);
        kt_jw_str(w, L("return this caravan's tile", "Plättchen dieser Karawane zurückgeben"));
        kt_jw_str(w, L("return the other caravan's tile", "Plättchen der anderen Karawane zurückgeben"));
        kt_jw_arr_end(w);
        break;
    }
    case EF_DISCARD:
        if (e->a < MP2_NCONTRACTS)
            kt_jw_kstr(w, "contract", c->contract[e->a].id);
        break;
    default:
        break;
    }
    KT_UNUSED(pl);
    kt_buf_free(&b);
}
