/*
 * game.c - the Dominion gamedef: options, setup of the configuration
 * (dom_cfg: kingdom, piles, pile sizes, card totals), invariant checks and
 * results.
 *
 * dom_cfg is derived once per configuration from the validated options:
 * the kingdom (explicit list, preset, or drawn at random from the seed and
 * written back so the canonical options reproduce it), the supply piles in
 * display order with their sizes for the player count (1 player = goldfish
 * with 2-player sizes), and `total[id]`, the number of copies of each card
 * in the game, which check() uses for card conservation.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dominion.h"

#define DOM_MAGIC 0x444f4d32u /* "DOM2" */

static const kt_optinfo dom_opts[] = {
    {"kingdom", KT_OPT_STR, "", 0, 0, NULL,
     "comma list of up to 10 kingdom cards (English or German names; case, spaces and umlauts "
     "do not matter); missing ones are drawn at random from the seed"},
    {"preset", KT_OPT_STR, "", 0, 0, NULL,
     "a recommended kingdom by name: First Game, Size Distortion, Deck Top, Sleight of Hand, "
     "Improvements, Silver & Gold"},
    {"until", KT_OPT_STR, "", 0, 0, NULL,
     "end the game as soon as a player owns N copies of a card, e.g. provinces=4 (that player "
     "wins); for goldfish studies with --players 1"},
};
#define NOPTS ((int)(sizeof dom_opts / sizeof dom_opts[0]))

static const char *const dnames[DOM_NDECISIONS] = {
    "none",    "action", "buy",       "discard", "trash", "gain",          "topdeck",
    "play",    "reaction", "set_aside", "sentry", "order", "start_of_turn", "setup",
};

const char *dom_decision_name(int d)
{
    return d >= 0 && d < DOM_NDECISIONS ? dnames[d] : NULL;
}

/* ------------------------------------------------------------ options */

static int is_kingdom(int id)
{
    return id > 0 && id < DOM_NCARDS && dom_cards[id].kind == DOM_K_KINGDOM &&
           dom_cards[id].set == DOM_SET_BASE2;
}

static kt_status parse_kingdom(const char *text, uint8_t *out, int *n, kt_err *err)
{
    *n = 0;
    const char *p = text;
    while (*p) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        char name[96];
        if (len >= sizeof name)
            len = sizeof name - 1;
        memcpy(name, p, len);
        name[len] = '\0';
        char norm[96];
        kt_text_norm(name, norm, sizeof norm);
        p = e ? e + 1 : p + strlen(p);
        if (!norm[0])
            continue;
        int id = dom_card_find(name);
        if (!id) {
            kt_buf b;
            kt_buf_init(&b);
            dom_card_suggest(name, &b);
            kt_status st = kt_seterr(err, KT_EUNKNOWN,
                                     "dominion option 'kingdom': unknown card '%s'%s%s%s", norm,
                                     b.len ? " (did you mean " : "", b.len ? b.p : "",
                                     b.len ? "?)" : "");
            kt_buf_free(&b);
            return st;
        }
        if (!is_kingdom(id))
            return kt_seterr(err, KT_EINVAL,
                             "dominion option 'kingdom': %s is not a kingdom card of the base "
                             "game (2nd edition)",
                             dom_cards[id].en);
        for (int i = 0; i < *n; i++)
            if (out[i] == id)
                return kt_seterr(err, KT_EINVAL, "dominion option 'kingdom': %s is listed twice",
                                 dom_cards[id].en);
        if (*n >= 10)
            return kt_seterr(err, KT_EINVAL,
                             "dominion option 'kingdom': more than 10 cards listed");
        out[(*n)++] = (uint8_t)id;
    }
    return KT_OK;
}

/* Letters only: "first-game", "First Game" and "firstgame" all match. */
static void preset_key(const char *in, char *out, size_t cap)
{
    char t[96];
    kt_text_norm(in, t, sizeof t);
    size_t o = 0;
    for (const char *q = t; *q && o + 1 < cap; q++)
        if (*q >= 'a' && *q <= 'z')
            out[o++] = *q;
    out[o] = '\0';
}

static int preset_find(const char *name)
{
    char a[96], b[96];
    preset_key(name, a, sizeof a);
    for (int i = 0; i < dom_npresets; i++) {
        preset_key(dom_presets[i].name, b, sizeof b);
        if (strcmp(a, b) == 0)
            return i;
    }
    if (strcmp(a, "silverandgold") == 0) /* "&" spelled out */
        return preset_find("Silver & Gold");
    return -1;
}

static kt_status parse_until(const char *text, dom_cfg *c, kt_err *err)
{
    const char *eq = strchr(text, '=');
    if (!eq)
        return kt_seterr(err, KT_EINVAL,
                         "dominion option 'until': expected CARD=N such as provinces=4, got '%s'",
                         text);
    char name[64];
    size_t len = (size_t)(eq - text);
    if (len >= sizeof name)
        len = sizeof name - 1;
    memcpy(name, text, len);
    name[len] = '\0';
    int id = dom_card_find(name);
    if (!id) { /* plural: provinces, duchies, golds */
        char norm[64];
        kt_text_norm(name, norm, sizeof norm);
        size_t l = strlen(norm);
        if (l > 3 && strcmp(norm + l - 3, "ies") == 0) {
            norm[l - 3] = 'y';
            norm[l - 2] = '\0';
            id = dom_card_find(norm);
        }
        if (!id && l > 1 && norm[l - 1] == 's') {
            norm[l - 1] = '\0';
            id = dom_card_find(norm);
        }
    }
    if (!id || dom_cards[id].kind == DOM_K_EVENT || dom_cards[id].kind == DOM_K_TRAIT)
        return kt_seterr(err, KT_EUNKNOWN, "dominion option 'until': unknown card '%s'", name);
    char *end;
    long n = strtol(eq + 1, &end, 10);
    if (!eq[1] || *end || n < 1 || n > 60)
        return kt_seterr(err, KT_EINVAL,
                         "dominion option 'until': '%s' is not a count from 1 to 60", eq + 1);
    c->until_card = (uint8_t)id;
    c->until_n = (uint8_t)n;
    return KT_OK;
}

static int by_cost_name(const void *a, const void *b)
{
    int x = *(const uint8_t *)a, y = *(const uint8_t *)b;
    if (dom_cards[x].cost != dom_cards[y].cost)
        return dom_cards[x].cost - dom_cards[y].cost;
    return strcmp(dom_cards[x].en, dom_cards[y].en);
}

static kt_status dom_setup(kt_game *g, kt_err *err)
{
    dom_cfg tmp;
    memset(&tmp, 0, sizeof tmp);
    dom_cfg *c = &tmp;
    c->np = g->nplayers;
    c->preset = -1;
    const char *ktext = kt_game_opt_str(g, "kingdom");
    const char *ptext = kt_game_opt_str(g, "preset");
    kt_status st;
    if (ptext[0]) {
        if (ktext[0])
            return kt_seterr(err, KT_EINVAL,
                             "dominion options 'kingdom' and 'preset' exclude each other");
        int pi = preset_find(ptext);
        if (pi < 0) {
            char list[400] = "";
            for (int i = 0; i < dom_npresets; i++) {
                size_t l = strlen(list);
                snprintf(list + l, sizeof list - l, "%s%s", i ? ", " : "", dom_presets[i].name);
            }
            return kt_seterr(err, KT_EUNKNOWN, "dominion option 'preset': unknown preset '%s' "
                                               "(available: %s)",
                             ptext, list);
        }
        c->preset = pi;
        st = parse_kingdom(dom_presets[pi].cards, c->kingdom, &c->nkingdom, err);
        if (st != KT_OK)
            return st;
    } else {
        st = parse_kingdom(ktext, c->kingdom, &c->nkingdom, err);
        if (st != KT_OK)
            return st;
        if (c->nkingdom < 10) {
            /* fill up at random from the seed, then write the whole list
             * back so the canonical options name the kingdom */
            uint8_t pool[DOM_NCARDS];
            int np = 0;
            for (int id = 1; id < DOM_NCARDS; id++) {
                int taken = 0;
                for (int i = 0; i < c->nkingdom; i++)
                    taken |= c->kingdom[i] == id;
                if (is_kingdom(id) && !taken)
                    pool[np++] = (uint8_t)id;
            }
            kt_rng r;
            kt_rng_seed(&r, kt_seed_derive(g->seed, 0x6b696e67)); /* "king" */
            kt_shuffle_u8(&r, pool, (uint32_t)np);
            for (int i = 0; c->nkingdom < 10 && i < np; i++)
                c->kingdom[c->nkingdom++] = pool[i];
        }
        qsort(c->kingdom, (size_t)c->nkingdom, 1, by_cost_name);
        char list[400] = "";
        for (int i = 0; i < c->nkingdom; i++) {
            size_t l = strlen(list);
            snprintf(list + l, sizeof list - l, "%s%s", i ? "," : "", dom_cards[c->kingdom[i]].en);
        }
        st = kt_game_set_opt(g, "kingdom", list, err);
        if (st != KT_OK)
            return st;
    }
    qsort(c->kingdom, (size_t)c->nkingdom, 1, by_cost_name);
    const char *utext = kt_game_opt_str(g, "until");
    if (utext[0] && (st = parse_until(utext, c, err)) != KT_OK)
        return st;

    /* Supply sizes (reference §1.3); 1 player uses the 2-player sizes. */
    int sz = c->np < 2 ? 2 : c->np;
    int vic = sz <= 2 ? 8 : 12;
    c->start[DOM_COPPER] = 7;
    c->start[DOM_ESTATE] = 3;
    c->pile0[DOM_COPPER] = (uint8_t)(60 - 7 * sz);
    c->pile0[DOM_SILVER] = 40;
    c->pile0[DOM_GOLD] = 30;
    c->pile0[DOM_ESTATE] = (uint8_t)vic;
    c->pile0[DOM_DUCHY] = (uint8_t)vic;
    c->pile0[DOM_PROVINCE] = (uint8_t)vic;
    c->pile0[DOM_CURSE] = (uint8_t)(10 * (sz - 1));
    for (int id = DOM_COPPER; id <= DOM_CURSE; id++)
        c->piles[c->npiles++] = (uint8_t)id;
    for (int i = 0; i < c->nkingdom; i++) {
        int id = c->kingdom[i];
        c->piles[c->npiles++] = (uint8_t)id;
        c->pile0[id] = (uint8_t)((dom_cards[id].types & DOM_T_VICTORY) ? vic : 10);
    }
    for (int i = 0; i < c->npiles; i++)
        c->in_supply[c->piles[i]] = 1;
    for (int id = 1; id < DOM_NCARDS; id++) {
        if (!c->in_supply[id] && !c->start[id])
            continue;
        c->ids[c->nids++] = (uint8_t)id;
        if (dom_cards[id].types & DOM_T_ACTION)
            c->act_ids[c->nact++] = (uint8_t)id;
        if (dom_cards[id].types & DOM_T_TREASURE)
            c->tre_ids[c->ntre++] = (uint8_t)id;
        c->total[id] = (uint16_t)(c->pile0[id] + c->np * c->start[id]);
        c->ncards = (uint16_t)(c->ncards + c->total[id]);
    }
    for (int id = 0; id < DOM_NCARDS; id++)
        c->cost[id] = dom_cards[id].cost;
    if (c->ncards > DOM_MAXC)
        return kt_seterr(err, KT_EINTERNAL, "dominion: %d cards exceed the capacity %d",
                         c->ncards, DOM_MAXC);

    dom_cfg *cfg = kt_game_alloc(g, sizeof *cfg);
    if (!cfg)
        return kt_seterr(err, KT_ENOMEM, "out of memory");
    memcpy(cfg, c, sizeof *cfg);
    /* only the players of this game; rounded up to 8 so that arrays of
     * states (history buffers) keep every state aligned */
    size_t bytes = offsetof(dom_state, pl) + (size_t)c->np * sizeof(dom_player);
    g->state_size = (bytes + 7) & ~(size_t)7;
    g->max_legal = DOM_MAX_LEGAL;
    return KT_OK;
}

/* ------------------------------------------------------------ check */

static int fail(kt_buf *why, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(kt_buf *why, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    kt_buf_vprintf(why, fmt, ap);
    va_end(ap);
    return 0;
}

static int valid_card(int id) { return id > 0 && id < DOM_NCARDS; }

static int check_frames(const kt_game *g, const dom_state *s, kt_buf *why)
{
    const dom_cfg *c = dom_cfgof(g);
    if (s->nstack > DOM_STACK)
        return fail(why, "stack depth %d out of range", s->nstack);
    for (int i = 0; i < s->nstack; i++) {
        const dom_frame *f = &s->stack[i];
        if (f->fx != DOM_FX_PLAY && f->fx != DOM_FX_REACT)
            return fail(why, "stack[%d]: unknown effect %d", i, f->fx);
        if (f->pl < 0 || f->pl >= c->np || f->who < 0 || f->who >= c->np)
            return fail(why, "stack[%d]: player out of range", i);
        if (!valid_card(f->card) || (f->x && !valid_card(f->x)) ||
            (f->only && !valid_card(f->only)))
            return fail(why, "stack[%d]: card out of range", i);
        if (f->fx == DOM_FX_REACT && (f->step > 1 || i == 0 || s->stack[i - 1].fx != DOM_FX_PLAY))
            return fail(why, "stack[%d]: a reaction window must sit on the Attack it answers", i);
        if (f->fx == DOM_FX_PLAY && f->step > DOM_STEP_POST)
            return fail(why, "stack[%d]: step %d out of range", i, f->step);
        if (f->dec >= DOM_NDECISIONS || f->src >= DOM_NSRC || f->verb >= DOM_NVERBS || f->may > 1)
            return fail(why, "stack[%d]: pick fields out of range", i);
        if (f->dec && i != s->nstack - 1)
            return fail(why, "stack[%d]: only the top effect may wait for a decision", i);
        if (f->immune >> c->np)
            return fail(why, "stack[%d]: immune names a player not in the game", i);
    }
    if (s->h.status == KT_RUNNING) {
        if (s->nstack) {
            const dom_frame *t = &s->stack[s->nstack - 1];
            if (!t->dec)
                return fail(why, "the top effect (%s) is not waiting for a decision",
                            dom_cards[t->card].en);
            if (s->h.decision != t->dec || s->h.to_move != t->who)
                return fail(why, "pending decision %s by player %d does not match the effect "
                                 "stack (%s by player %d)",
                            dom_decision_name(s->h.decision), s->h.to_move,
                            dom_decision_name(t->dec), t->who);
        } else {
            int want = s->phase == DOM_PH_ACTION ? DOM_D_ACTION
                       : s->phase == DOM_PH_BUY  ? DOM_D_BUY
                                                 : -1;
            if (want < 0)
                return fail(why, "running game waits in phase %s", dom_phase_name(s->phase));
            if (s->h.decision != want || s->h.to_move != s->h.turn_player)
                return fail(why, "pending decision %s by player %d does not match the %s phase "
                                 "of player %d",
                            dom_decision_name(s->h.decision), s->h.to_move,
                            dom_phase_name(s->phase), s->h.turn_player);
        }
        kt_action buf[DOM_MAX_LEGAL];
        if (dom_legal(g, (const kt_state *)s, buf) <= 0)
            return fail(why, "no legal action in a running game");
    } else if (s->nstack) {
        return fail(why, "a finished game has pending effects");
    }
    return 1;
}

int dom_check(const kt_game *g, const kt_state *st, kt_buf *why)
{
    const dom_state *s = dom_cst(st);
    const dom_cfg *c = dom_cfgof(g);
    if (s->phase >= DOM_NPHASES)
        return fail(why, "phase %d out of range", s->phase);
    if ((s->h.status == KT_RUNNING) != (s->phase != DOM_PH_OVER))
        return fail(why, "phase %s does not match the game status", dom_phase_name(s->phase));
    if (s->h.status == KT_RUNNING && (s->h.turn_player < 0 || s->h.turn_player >= c->np))
        return fail(why, "no valid player whose turn it is");
    if (s->nplay > DOM_MAXC || s->naside > DOM_MAXC || s->nwatch > DOM_WATCH ||
        s->nloot > DOM_LOOTS)
        return fail(why, "zone size out of range");
    /* card conservation */
    int cnt[DOM_NIDS];
    memset(cnt, 0, sizeof cnt);
    for (int id = 0; id < DOM_NIDS; id++)
        cnt[id] = s->supply[id] + s->trash[id];
    for (int i = 0; i < s->nloot; i++)
        cnt[s->loot[i]]++;
    for (int p = 0; p < c->np; p++) {
        const dom_player *P = &s->pl[p];
        if (P->ndeck > DOM_MAXC || P->ndisc > DOM_MAXC)
            return fail(why, "player %d: zone size out of range", p);
        if (P->known_top > P->ndeck || P->pub_top > P->known_top)
            return fail(why, "player %d: known deck cards out of range", p);
        int nh = 0, act = 0, tre = 0;
        for (int id = 0; id < DOM_NIDS; id++) {
            cnt[id] += P->hand[id];
            nh += P->hand[id];
            if (P->pubhand[id] > P->hand[id])
                return fail(why, "player %d: more known %s in hand than held", p,
                            valid_card(id) ? dom_cards[id].en : "?");
            if (P->hand[id] && (dom_cards[id < DOM_NCARDS ? id : 0].types & DOM_T_ACTION))
                act += P->hand[id];
            if (P->hand[id] && (dom_cards[id < DOM_NCARDS ? id : 0].types & DOM_T_TREASURE))
                tre += P->hand[id];
        }
        if (nh != P->nhand || act != P->hand_act || tre != P->hand_tre)
            return fail(why, "player %d: hand counters out of date", p);
        for (int i = 0; i < P->ndeck; i++)
            cnt[P->deck[i]]++;
        for (int i = 0; i < P->ndisc; i++)
            cnt[P->disc[i]]++;
    }
    for (int i = 0; i < s->nplay; i++) {
        const dom_inplay *e = &s->play[i];
        if (e->owner < 0 || e->owner >= c->np || !e->uid)
            return fail(why, "in_play[%d]: bad owner or instance", i);
        for (int j = 0; j < i; j++)
            if (s->play[j].uid == e->uid)
                return fail(why, "in_play[%d]: instance id %d used twice", i, e->uid);
        cnt[e->card]++;
    }
    for (int i = 0; i < s->naside; i++) {
        const dom_aside *a = &s->aside[i];
        if (a->owner < 0 || a->owner >= c->np || a->kind >= DOM_NASIDE)
            return fail(why, "aside[%d]: bad owner or kind", i);
        cnt[a->card]++;
    }
    if (cnt[0])
        return fail(why, "a zone holds %d empty card slots", cnt[0]);
    for (int id = 1; id < DOM_NIDS; id++) {
        int want = id < DOM_NCARDS ? c->total[id] : 0;
        if (cnt[id] != want)
            return fail(why, "card conservation: %d %s in the game, expected %d", cnt[id],
                        id < DOM_NCARDS ? dom_cards[id].en : "?", want);
    }
    /* incremental per-player counters match the zones */
    for (int p = 0; p < c->np; p++) {
        const dom_player *P = &s->pl[p];
        int own[DOM_NIDS];
        memset(own, 0, sizeof own);
        for (int id = 0; id < DOM_NIDS; id++)
            own[id] = P->hand[id];
        for (int i = 0; i < P->ndeck; i++)
            own[P->deck[i]]++;
        for (int i = 0; i < P->ndisc; i++)
            own[P->disc[i]]++;
        for (int i = 0; i < s->nplay; i++)
            if (s->play[i].owner == p)
                own[s->play[i].card]++;
        for (int i = 0; i < s->naside; i++)
            if (s->aside[i].owner == p)
                own[s->aside[i].card]++;
        int n = 0, vp = 0, money = 0;
        for (int id = 1; id < DOM_NIDS; id++) {
            if (own[id] != P->own[id])
                return fail(why, "player %d: owned-card counter of %s out of date", p,
                            dom_cards[id].en);
            n += own[id];
            vp += own[id] * dom_cards[id].vp;
            if (dom_cards[id].types & DOM_T_TREASURE)
                money += own[id] * dom_cards[id].coins;
        }
        if (n != P->ncards || vp != P->vp || money != P->money)
            return fail(why, "player %d: card/VP/money counters out of date", p);
    }
    for (int i = 0; i < s->nwatch; i++) {
        const dom_watch *w = &s->watch[i];
        if (w->ev >= DOM_NEVENTS || w->life >= DOM_NLIVES || w->owner < 0 || w->owner >= c->np ||
            !valid_card(w->card) || !w->n)
            return fail(why, "watchers[%d]: field out of range", i);
    }
    return check_frames(g, s, why);
}

/* ------------------------------------------------------------ results */

static void dom_result(const kt_game *g, const kt_state *st, kt_result *r)
{
    const dom_state *s = dom_cst(st);
    const dom_cfg *c = dom_cfgof(g);
    double k1[KT_MAX_PLAYERS], k2[KT_MAX_PLAYERS];
    uint32_t turns = 0;
    for (int p = 0; p < c->np; p++) {
        r->score[p] = dom_score(c, s, p);
        k1[p] = s->ended == DOM_END_UNTIL ? (p == s->winner) : r->score[p];
        k2[p] = -(double)s->pl[p].turns; /* fewer turns wins a tie */
        if (s->pl[p].turns > turns)
            turns = s->pl[p].turns;
    }
    r->turns = turns;
    kt_result_rank(r, c->np, k1, k2);
}

static void dom_decision_prompt(const kt_game *g, const kt_state *s, int lang, kt_buf *out)
{
    dom_prompt(g, s, lang, out);
}

const kt_gamedef kt_game_dominion = {
    {"dominion", "Dominion (2nd edition)",
     "The deck-building game: base game, 2nd edition, 26 kingdom cards; 1 player = goldfish.", 1,
     4, 2, dom_opts, NOPTS},
    DOM_MAGIC,
    dom_bots,
    DOM_NBOTS,
    dom_setup,
    dom_init,
    dom_legal,
    dom_apply,
    dom_action_text,
    dom_explain,
    dom_decision_name,
    dom_decision_prompt,
    dom_result,
    dom_evaluate,
    dom_determinize,
    dom_observe,
    dom_save,
    dom_load,
    dom_render,
    dom_components,
    dom_check,
};
