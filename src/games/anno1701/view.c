/*
 * view.c - Anno 1701 as JSON for one player (or a spectator): the
 * observation (gamedef.observe).
 *
 * Observation: public fields of both settlements ("tableau"), the shared
 * display (piles as sizes, supply, discard pile, tokens, dice), the voyage
 * in progress, a pending offer and the pending task; a hand shows its cards
 * to its owner, to the opponent only where they are known (after a Spy),
 * otherwise only the era of each card; a pile being searched shows its cards
 * to the searcher.
 */
#include <stdio.h>
#include <string.h>

#include "anno1701.h"

static const char *const kind_keys[] = {"wood", "cloth", "food", "brick", "tools", "gold"};

static const char *const func_keys[] = {"", "chapel", "church", "harbour", "fire_station",
                                        "lodge", "theatre"};

/* A card with what it does (public data): cost, die number, marks. */
static void card_obj(kt_jw *w, const an_cfg *c, int d, int lang)
{
    const an_def *df = &c->def[d];
    kt_jw_obj(w);
    kt_jw_kint(w, "def", d); /* the id action targets use (kind "card") */
    kt_jw_kstr(w, "id", df->id);
    kt_jw_kstr(w, "name", lang == KT_LANG_DE ? df->de : df->name);
    kt_jw_kint(w, "era", df->era);
    kt_jw_kstr(w, "family", df->family == FAM_ACTION ? "action" : "building");
    if (df->family == FAM_ACTION) {
        kt_jw_kstr(w, "action", an_act_key(df->act));
        kt_jw_obj_end(w);
        return;
    }
    kt_jw_key(w, "cost");
    kt_jw_obj(w);
    for (int g = 0; g < AN_NGOODS; g++)
        if (df->cost[g])
            kt_jw_kint(w, kind_keys[g], df->cost[g]);
    kt_jw_obj_end(w);
    if (df->die)
        kt_jw_kint(w, "die", df->die);
    if (df->prod != AN_NONE)
        kt_jw_kstr(w, "produces", df->prod == AN_PROD_ANY ? "any" : kind_keys[df->prod]);
    static const char *const mk[] = {"sails", "cannons", "money_bags", "happy", "gold_when_built",
                                     "queen_marks"};
    const uint8_t v[] = {df->sails, df->cannons, df->bags, df->happy, df->gold, df->queen};
    for (int i = 0; i < 6; i++)
        if (v[i])
            kt_jw_kint(w, mk[i], v[i]);
    if (df->func)
        kt_jw_kstr(w, "function", func_keys[df->func]);
    kt_jw_obj_end(w);
}

static void obs_player(const an_cfg *c, const an_state *s, int p, int viewer, int lang, kt_jw *w)
{
    const an_player *pl = &s->pl[p];
    const an_set *st = &c->set[pl->set];
    kt_jw_obj(w);
    kt_jw_kint(w, "player", p);
    kt_jw_kstr(w, "set", an_set_keys[pl->set]);
    kt_jw_kint(w, "queen_marks", an_queen(c, pl));
    kt_jw_kint(w, "gold", an_gold(pl));
    kt_jw_kint(w, "discontent", an_discontent(c, pl));
    kt_jw_key(w, "centres");
    kt_jw_arr(w);
    for (int k = 0; k < AN_NCENTRE; k++) {
        kt_jw_obj(w);
        kt_jw_kint(w, "id", k);
        kt_jw_kstr(w, "side", k ? "right" : "left");
        kt_jw_kint(w, "gold", pl->gold[k]);
        kt_jw_kbool(w, "chaos", pl->gold[k] == 0);
        kt_jw_kint(w, "discontent", c->k.discontent[pl->gold[k]]);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "landscapes");
    kt_jw_arr(w);
    for (int l = 0; l < AN_NLAND; l++) {
        kt_jw_obj(w);
        char letter[2] = {st->land[l].letter, 0};
        kt_jw_kint(w, "id", l);
        kt_jw_kstr(w, "letter", letter);
        kt_jw_kstr(w, "good", kind_keys[st->land[l].good]);
        kt_jw_kint(w, "die", st->land[l].die);
        kt_jw_kstr(w, "centre", st->land[l].centre ? "right" : "left");
        kt_jw_kint(w, "goods", pl->land[l]);
        /* both marks from the rule every gain follows */
        int status = an_land_status(c, pl, l);
        kt_jw_kbool(w, "blocked", status == AN_LAND_BLOCKED);
        kt_jw_kbool(w, "open", status == AN_LAND_OPEN);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "goods");
    kt_jw_obj(w);
    for (int g = 0; g < AN_NGOODS; g++)
        kt_jw_kint(w, kind_keys[g], an_goods(c, pl, g));
    kt_jw_obj_end(w);
    kt_jw_kint(w, "rum", pl->rum);
    kt_jw_kint(w, "tobacco", pl->tob);
    kt_jw_key(w, "ship");
    kt_jw_obj(w);
    kt_jw_kint(w, "id", p);
    kt_jw_kint(w, "state", pl->ship);
    kt_jw_kbool(w, "damaged", pl->ship == 0);
    kt_jw_kint(w, "die", st->ship_die);
    kt_jw_kint(w, "speed", an_speed(c, pl));
    kt_jw_kint(w, "strength", an_cannons(c, pl));
    kt_jw_obj_end(w);
    kt_jw_key(w, "inhabitants");
    kt_jw_obj(w);
    for (int l = 0; l < AN_NLEVEL; l++)
        kt_jw_kint(w, c->level[l].id, pl->lvl[l]);
    kt_jw_obj_end(w);
    kt_jw_key(w, "buildings");
    kt_jw_arr(w);
    for (int i = 0; i < pl->nb; i++)
        card_obj(w, c, pl->build[i], lang);
    kt_jw_arr_end(w);
    /* the building spaces: building i stands on space i (build order) */
    kt_jw_key(w, "spaces");
    kt_jw_arr(w);
    for (int i = 0; i < c->k.spaces; i++) {
        kt_jw_obj(w);
        kt_jw_kint(w, "id", i);
        if (i < pl->nb)
            kt_jw_kint(w, "def", pl->build[i]);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "marks");
    kt_jw_obj(w);
    kt_jw_kint(w, "money_bags", an_bags(c, pl));
    kt_jw_kint(w, "cannons", an_cannon_marks(c, pl));
    kt_jw_kint(w, "happy_buildings", an_happy_buildings(c, pl, 0));
    kt_jw_kint(w, "happy_marks", an_happy_buildings(c, pl, 1));
    kt_jw_obj_end(w);
    kt_jw_kint(w, "hand_count", pl->nh);
    kt_jw_key(w, "hand");
    kt_jw_arr(w);
    for (int i = 0; i < pl->nh; i++) {
        int see = viewer == p || (viewer == 1 - p && ((pl->known >> i) & 1));
        if (see) {
            card_obj(w, c, pl->hand[i], lang);
        } else {
            kt_jw_obj(w);
            kt_jw_kint(w, "era", c->def[pl->hand[i]].era);
            kt_jw_obj_end(w);
        }
    }
    kt_jw_arr_end(w);
    kt_jw_obj_end(w);
}

static void obs_shared(const an_cfg *c, const an_state *s, int viewer, int lang, kt_jw *w)
{
    const an_task *t = s->nstack ? &s->stack[s->nstack - 1] : NULL;
    kt_jw_key(w, "piles");
    kt_jw_arr(w);
    for (int k = 0; k < AN_NPILE; k++) {
        kt_jw_obj(w);
        kt_jw_kint(w, "id", k);
        kt_jw_kstr(w, "name", an_pile_name(k));
        kt_jw_kint(w, "era", an_pile_era(k));
        if (viewer >= 0 && viewer < AN_NP) /* the viewer's inhabitants allow this era */
            kt_jw_kbool(w, "may_draw", an_pile_allowed(&s->pl[viewer], k));
        kt_jw_kint(w, "cards", s->plen[k]);
        if (t && t->t == K_SEARCH && t->x == k && viewer == t->p) {
            kt_jw_key(w, "contents");
            kt_jw_arr(w);
            for (int i = 0; i < s->plen[k]; i++)
                card_obj(w, c, s->pile[k][i], lang);
            kt_jw_arr_end(w);
        }
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
    kt_jw_key(w, "supply");
    kt_jw_obj(w);
    for (int l = 1; l < AN_NLEVEL; l++)
        kt_jw_kint(w, c->level[l].id, s->supply[l]);
    kt_jw_obj_end(w);
    kt_jw_key(w, "discard");
    kt_jw_arr(w);
    for (int d = 0; d < c->ndef; d++)
        for (int i = 0; i < s->disc[d]; i++)
            card_obj(w, c, d, lang);
    kt_jw_arr_end(w);
    /* what each upgrade costs under the rule options of this game */
    kt_jw_key(w, "upgrades");
    kt_jw_obj(w);
    for (int l = 1; l < AN_NLEVEL; l++) {
        uint8_t cost[AN_NGOODS];
        int rum, tob;
        an_upgrade_cost(c, l, cost, &rum, &tob);
        kt_jw_key(w, c->level[l].id);
        kt_jw_obj(w);
        kt_jw_key(w, "cost");
        kt_jw_obj(w);
        for (int g = 0; g < AN_NGOODS; g++)
            if (cost[g])
                kt_jw_kint(w, kind_keys[g], cost[g]);
        if (rum)
            kt_jw_kint(w, "rum", rum);
        if (tob)
            kt_jw_kint(w, "tobacco", tob);
        kt_jw_obj_end(w);
        kt_jw_kint(w, "queen_marks", c->level[l].queen);
        kt_jw_obj_end(w);
    }
    kt_jw_obj_end(w);
}

/* One side of an offer: {"wood": 2, "gold": 1} (kinds with units only). */
static void offer_side(kt_jw *w, const char *key, const uint8_t *v)
{
    kt_jw_key(w, key);
    kt_jw_obj(w);
    for (int k = 0; k < AN_NKINDS; k++)
        if (v[k])
            kt_jw_kint(w, kind_keys[k], v[k]);
    kt_jw_obj_end(w);
}

static const char *const voyage_kinds[] = {"pirate", "siege", "trader", "people",
                                            "cliffs", "hurricane", "flotsam", "rescue"};

/* A voyage trader's offers (the ids "buy" targets as kind "offer"). */
static void buy_offers(const an_cfg *c, const an_state *s, const an_task *t, kt_jw *w)
{
    const an_vdef *v = &c->vdef[t->x];
    kt_jw_key(w, "offers");
    kt_jw_arr(w);
    for (int i = 0; i < v->noffer && i < 2; i++) {
        kt_jw_obj(w);
        kt_jw_kint(w, "id", i);
        kt_jw_kstr(w, "item", v->offer_item[i] == IT_RUM ? "rum" : "tobacco");
        kt_jw_kint(w, "price", v->offer_price[i]);
        kt_jw_kint(w, "left", v->offer_max[i] > s->vbought[i] ? v->offer_max[i] - s->vbought[i]
                                                               : 0);
        kt_jw_obj_end(w);
    }
    kt_jw_arr_end(w);
}

static void obs_situation(const an_cfg *c, const an_state *s, int lang, kt_jw *w)
{
    const an_task *t = s->nstack ? &s->stack[s->nstack - 1] : NULL;
    if (s->phase == PH_VOYAGE && s->h.status == KT_RUNNING) {
        int p = s->h.turn_player;
        kt_jw_key(w, "voyage");
        kt_jw_obj(w);
        kt_jw_kint(w, "player", p);
        kt_jw_kint(w, "speed", s->vspeed);
        kt_jw_kint(w, "strength", an_cannons(c, &s->pl[p]) + s->vbonus);
        kt_jw_kint(w, "bonus", s->vbonus);
        kt_jw_kint(w, "deck_left", AN_NVOY - s->vpos);
        kt_jw_key(w, "turned");
        kt_jw_arr(w);
        for (int i = 0; i < s->vpos; i++) {
            const an_vdef *v = &c->vdef[s->voy[i]];
            kt_jw_obj(w);
            kt_jw_kint(w, "def", s->voy[i]);
            kt_jw_kstr(w, "kind", voyage_kinds[v->kind]);
            if (v->strength)
                kt_jw_kint(w, "strength", v->strength);
            if (v->demand)
                kt_jw_kint(w, "demand", v->demand);
            kt_jw_kstr(w, "id", c->vdef[s->voy[i]].id);
            kt_jw_kstr(w, "name", lang == KT_LANG_DE ? c->vdef[s->voy[i]].de
                                                     : c->vdef[s->voy[i]].name);
            kt_jw_obj_end(w);
        }
        kt_jw_arr_end(w);
        kt_jw_key(w, "last_fight");
        kt_jw_u8s(w, s->fight, 2);
        kt_jw_obj_end(w);
    }
    if (t && (t->t == K_OFFER || t->t == K_COMPOSE)) {
        kt_jw_key(w, "offer");
        kt_jw_obj(w);
        kt_jw_kint(w, "from", t->t == K_OFFER ? 1 - t->p : t->p);
        kt_jw_kbool(w, "made", t->t == K_OFFER);
        offer_side(w, "give", s->give);
        offer_side(w, "get", s->get);
        kt_jw_obj_end(w);
    }
    if (t) {
        kt_jw_key(w, "pending");
        kt_jw_obj(w);
        kt_jw_kstr(w, "task", an_task_names[t->t]);
        kt_jw_kint(w, "player", t->p);
        if (t->t == K_PAY || t->t == K_GOOD || t->t == K_LOSE)
            kt_jw_kint(w, "amount", t->x);
        if (t->t == K_PLACE) {
            kt_jw_kstr(w, "good", kind_keys[t->x]);
            kt_jw_kint(w, "amount", t->y);
        }
        if (t->t == K_SEARCH)
            kt_jw_kstr(w, "pile", an_pile_name(t->x));
        if (t->t == K_PIRATE || t->t == K_BUY) {
            kt_jw_kstr(w, "card", c->vdef[t->x].id);
            kt_jw_kint(w, "demand", c->vdef[t->x].demand);
            kt_jw_kint(w, "strength", c->vdef[t->x].strength);
        }
        if (t->t == K_BUY)
            buy_offers(c, s, t, w);
        if (t->t == K_THEATRE)
            kt_jw_kstr(w, "against", an_act_key(t->x));
        kt_jw_obj_end(w);
    }
    kt_jw_kint(w, "offers_made", s->offers);
    if (c->offers != AN_ANY)
        kt_jw_kint(w, "offers_left", s->offers < c->offers ? c->offers - s->offers : 0);
    int declined = 0;
    for (int k = 0; k < AN_NKINDS; k++)
        declined += s->declined[0][k];
    if (declined) {
        kt_jw_key(w, "declined");
        kt_jw_obj(w);
        offer_side(w, "give", s->declined[0]);
        offer_side(w, "get", s->declined[1]);
        kt_jw_obj_end(w);
    }
    if (s->h.status == KT_FINISHED) {
        kt_jw_key(w, "end");
        kt_jw_obj(w);
        kt_jw_kint(w, "winner", s->winner);
        kt_jw_kstr(w, "reason", an_end_names[s->end]);
        kt_jw_obj_end(w);
    }
}

void an_observe(const kt_game *g, const kt_state *st, int player, int lang, kt_jw *w)
{
    const an_cfg *c = an_config(g);
    const an_state *s = (const an_state *)st;
    kt_jw_kstr(w, "phase", an_phase_names[s->phase]);
    kt_jw_kstr(w, "phase_label", an_phase_label(s->phase, lang));
    kt_jw_kstr(w, "decision_label",
               s->h.status == KT_RUNNING ? an_decision_label(s->h.decision, lang)
                                         : an_decision_label(DEC_OVER, lang));
    /* the ids of kind "good" and "level" in action targets index these */
    kt_jw_key(w, "kinds");
    kt_jw_arr(w);
    for (int k = 0; k < AN_NKINDS; k++)
        kt_jw_str(w, kind_keys[k]);
    kt_jw_arr_end(w);
    kt_jw_key(w, "levels");
    kt_jw_arr(w);
    for (int l = 0; l < AN_NLEVEL; l++)
        kt_jw_str(w, c->level[l].id);
    kt_jw_arr_end(w);
    kt_jw_kint(w, "first_player", s->first);
    if (s->die) {
        kt_jw_key(w, "dice");
        kt_jw_obj(w);
        kt_jw_kint(w, "number", s->die);
        kt_jw_kstr(w, "event", an_event_key(s->event));
        kt_jw_kstr(w, "event_text", an_event_name(s->event, lang));
        kt_jw_obj_end(w);
    }
    kt_jw_key(w, "trade_power");
    s->trade_power < 0 ? kt_jw_null(w) : kt_jw_int(w, s->trade_power);
    kt_jw_key(w, "sea_power");
    s->sea_power < 0 ? kt_jw_null(w) : kt_jw_int(w, s->sea_power);
    kt_jw_key(w, "tableau");
    kt_jw_arr(w);
    for (int p = 0; p < AN_NP; p++)
        obs_player(c, s, p, player, lang, w);
    kt_jw_arr_end(w);
    obs_shared(c, s, player, lang, w);
    obs_situation(c, s, lang, w);
}
