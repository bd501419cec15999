/*
 * an_helpers.c - scenario helpers for the Anno 1701 tests (see
 * an_helpers.h).  No tests here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/game.h"
#include "an_helpers.h"

static const char *default_player(int p)
{
    return p == 0 ? "{\"set\":\"lion\",\"land\":[1,1,1,1,1,1,1,1],\"gold\":[3,3],\"rum\":0,"
                    "\"tobacco\":0,\"ship\":1,\"inhabitants\":[4,0,0,0],\"buildings\":[],"
                    "\"hand\":[],\"known\":0}"
                  : "{\"set\":\"dragon\",\"land\":[1,1,1,1,1,1,1,1],\"gold\":[3,3],\"rum\":0,"
                    "\"tobacco\":0,\"ship\":1,\"inhabitants\":[4,0,0,0],\"buildings\":[],"
                    "\"hand\":[],\"known\":0}";
}

static char *merge(kt_t *T, const char *base, const char *patch)
{
    kt_err err = {0, ""};
    char *m = kt_json_merge_patch(base, patch && *patch ? patch : "{}", &err);
    if (!m)
        KT_FAIL("bad scenario patch: %s", err.msg);
    return m;
}

/* Count the cards named in an id array. */
static void count_ids(const an_cfg *c, const kt_jv *arr, int *used)
{
    if (!arr || arr->type != KT_JARR)
        return;
    for (const kt_jv *e = arr->child; e; e = e->next)
        if (e->type == KT_JSTR)
            for (int d = 0; d < c->ndef; d++)
                if (strcmp(c->def[d].id, e->s) == 0)
                    used[d]++;
}

/* The piles and supply patch for a merged envelope. */
static void fill(const an_cfg *c, const char *merged, int piles, int supply, kt_buf *out)
{
    kt_jdoc doc;
    kt_err err;
    int used[AN_MAXDEF] = {0}, lv[AN_NLEVEL] = {0};
    if (kt_json_parse(merged, strlen(merged), &doc, &err) != KT_OK)
        return;
    const kt_jv *st = kt_jv_get(doc.root, "state");
    const kt_jv *pls = kt_jv_get(st, "players");
    for (int p = 0; p < AN_NP; p++) {
        const kt_jv *pl = kt_jv_at(pls, p);
        count_ids(c, kt_jv_get(pl, "hand"), used);
        count_ids(c, kt_jv_get(pl, "buildings"), used);
        const kt_jv *inh = kt_jv_get(pl, "inhabitants");
        for (int l = 0; l < AN_NLEVEL; l++) {
            const kt_jv *v = kt_jv_at(inh, l);
            if (v && v->type == KT_JNUM)
                for (int m = 1; m <= l; m++)
                    lv[m] += (int)v->u;
        }
    }
    count_ids(c, kt_jv_get(st, "discard"), used);
    kt_json_free(&doc);
    kt_buf_puts(out, "{\"state\":{");
    if (piles) {
        kt_buf_puts(out, "\"piles\":[");
        for (int e = 1; e <= AN_NERA; e++) {
            int left[AN_ERA_CARDS * 2], n = 0;
            for (int d = 0; d < c->ndef; d++)
                for (int i = used[d]; c->def[d].era == e && i < c->def[d].copies; i++)
                    left[n++] = d;
            for (int half = 0; half < 2; half++) {
                int lo = half ? c->k.pile_size : 0, hi = half ? n : c->k.pile_size;
                kt_buf_puts(out, e > 1 || half ? ",[" : "[");
                for (int i = lo; i < hi && i < n; i++)
                    kt_buf_printf(out, "%s\"%s\"", i > lo ? "," : "", c->def[left[i]].id);
                kt_buf_puts(out, "]");
            }
        }
        kt_buf_puts(out, "]");
    }
    if (supply)
        kt_buf_printf(out, "%s\"supply\":[%d,%d,%d]", piles ? "," : "", c->level[1].copies - lv[1],
                      c->level[2].copies - lv[2], c->level[3].copies - lv[3]);
    kt_buf_puts(out, "}}");
}

kt_scn an_scn(kt_t *T, const char *opts, const char *p0, const char *p1, const char *rest)
{
    kt_scn none = {NULL, NULL};
    kt_game *g;
    kt_err err = {0, ""};
    if (!KT_OKS(kt_game_new("anno1701", opts, 2, 7, NULL, &g, &err), &err))
        return none;
    char *a = merge(T, default_player(0), p0), *b = merge(T, default_player(1), p1);
    kt_buf base;
    kt_buf_init(&base);
    kt_buf_printf(&base,
                  "{\"header\":{\"turn\":1,\"to_move\":0,\"turn_player\":0,\"decision\":\"action\","
                  "\"status\":\"running\"},\"state\":{\"phase\":\"action\",\"first\":0,\"die\":0,"
                  "\"event\":0,\"trade_power\":-1,\"sea_power\":-1,\"claimed\":0,\"players\":[%s,%s],"
                  "\"discard\":[],\"turned\":0,\"speed\":0,\"bonus\":0,\"card\":\"\","
                  "\"bought\":[0,0],\"fight\":[0,0],\"offers\":0,\"give\":[0,0,0,0,0,0],\"get\":[0,0,0,0,0,0],\"declined_give\":[0,0,0,0,0,0],\"declined_get\":[0,0,0,0,0,0],\"end\":\"none\","
                  "\"winner\":0,\"stack\":[]}}",
                  a ? a : "{}", b ? b : "{}");
    free(a);
    free(b);
    char *m = merge(T, base.p, rest);
    kt_buf_free(&base);
    kt_scn c = none;
    if (m) {
        int piles = !rest || !strstr(rest, "\"piles\"");
        int supply = !rest || !strstr(rest, "\"supply\"");
        kt_buf fix;
        kt_buf_init(&fix);
        fill((const an_cfg *)g->cfg, m, piles, supply, &fix);
        char *full = merge(T, m, fix.p);
        kt_buf_free(&fix);
        if (full)
            c = kt_scn_new(T, "anno1701", opts, 2, 7, full);
        free(full);
        free(m);
    }
    kt_game_free(g);
    return c;
}

int an_t_def(const kt_scn *c, const char *name)
{
    for (int d = 0; d < AC(c)->ndef; d++)
        if (strcmp(AC(c)->def[d].name, name) == 0)
            return d;
    return -1;
}

int an_t_vdef(const kt_scn *c, const char *name)
{
    for (int d = 0; d < AC(c)->nvdef; d++)
        if (strcmp(AC(c)->vdef[d].name, name) == 0)
            return d;
    return -1;
}

int an_t_goods(const kt_scn *c, int p, int good) { return an_goods(AC(c), &PL(c, p), good); }
int an_t_gold(const kt_scn *c, int p) { return an_gold(&PL(c, p)); }

int an_t_force(kt_t *T, kt_scn *c, const char *text, an_pred pred, void *ctx)
{
    kt_err err = {0, ""};
    kt_action a;
    if (!c->g || !KT_OKS(kt_action_parse(c->g, c->s, text, &a, &err), &err))
        return 0;
    kt_state *w = kt_state_new(c->g);
    kt_scn tmp = {c->g, w};
    for (uint64_t seed = 1; seed < 400000; seed++) {
        kt_state_copy(c->g, w, c->s);
        kt_rng_seed(&w->h.rng, seed);
        kt_apply_trusted(c->g, w, a);
        if (pred(&tmp, ctx)) {
            kt_rng_seed(&c->s->h.rng, seed);
            kt_state_free(c->g, w);
            return 1;
        }
    }
    kt_state_free(c->g, w);
    KT_FAIL("no generator state makes '%s' give the wanted outcome", text);
    return 0;
}

int an_t_pred_dice(const kt_scn *after, void *ctx)
{
    const int *want = ctx;
    return AS(after)->die == want[0] && AS(after)->event == want[1];
}

int an_t_pred_voyage(const kt_scn *after, void *ctx)
{
    const int *want = ctx;
    const an_state *s = AS(after);
    for (int i = 0; want[i] >= 0; i++)
        if (s->voy[i] != want[i])
            return 0;
    return 1;
}

int an_t_end_turn_with(kt_t *T, kt_scn *c, int number, int event)
{
    int want[2] = {number, event};
    return an_t_force(T, c, "end turn", an_t_pred_dice, want) && KT_DO(c, "end turn");
}

int an_t_force_log(kt_t *T, kt_scn *c, const char *text, const char *want)
{
    kt_err err = {0, ""};
    kt_action a;
    if (!c->g || !KT_OKS(kt_action_parse(c->g, c->s, text, &a, &err), &err))
        return 0;
    kt_state *w = kt_state_new(c->g), *b = kt_state_new(c->g);
    int actor = kt_to_move(c->g, c->s);
    for (uint64_t seed = 1; seed < 400000; seed++) {
        kt_state_copy(c->g, b, c->s);
        kt_rng_seed(&b->h.rng, seed);
        kt_state_copy(c->g, w, b);
        kt_apply_trusted(c->g, w, a);
        char *log = kt_events_json(c->g, b, actor, a, w, KT_OMNISCIENT, KT_LANG_EN, &err);
        int ok = log && strstr(log, want) != NULL;
        kt_free(log);
        if (ok) {
            kt_rng_seed(&c->s->h.rng, seed);
            kt_state_free(c->g, w);
            kt_state_free(c->g, b);
            return 1;
        }
    }
    kt_state_free(c->g, w);
    kt_state_free(c->g, b);
    KT_FAIL("no generator state puts '%s' into the log of '%s'", want, text);
    return 0;
}
