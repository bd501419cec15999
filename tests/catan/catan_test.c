/*
 * catan_test.c - scenario helpers for the catan_* tests (see catan_test.h).
 * Data: positions are built as JSON text (start position + merge patches)
 * and loaded through the public validating loader.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan_test.h"

static char *merge(kt_t *T, char *base, const char *patch)
{
    kt_err err = {0, ""};
    char *m = kt_json_merge_patch(base, patch, &err);
    if (!m)
        KT_FAIL("bad scenario patch: %s", err.msg);
    free(base);
    return m;
}

/* Fill the progress decks with every card not held or revealed. */
static char *fill_decks(kt_t *T, char *json)
{
    kt_jdoc d;
    kt_err err;
    if (kt_json_parse(json, strlen(json), &d, &err) != KT_OK)
        return json;
    int used[CAT_NPROG] = {0};
    const kt_jv *players = kt_jv_get(kt_jv_get(d.root, "state"), "players");
    for (const kt_jv *p = players ? players->child : NULL; p; p = p->next) {
        const kt_jv *pr = kt_jv_get(p, "progress");
        for (const kt_jv *c = pr ? pr->child : NULL; c; c = c->next)
            for (int i = 0; i < CAT_NPROG; i++)
                if (c->type == KT_JSTR && !strcmp(c->s, cat_progress[i].key))
                    used[i]++;
        const kt_jv *vp = kt_jv_get(p, "vp_cards");
        for (const kt_jv *c = vp ? vp->child : NULL; c; c = c->next)
            for (int i = 0; i < CAT_NPROG; i++)
                if (c->type == KT_JSTR && !strcmp(c->s, cat_progress[i].key))
                    used[i]++;
    }
    kt_json_free(&d);
    char patch[8192];
    int n = snprintf(patch, sizeof patch, "{\"state\":{\"decks\":{");
    for (int col = 0; col < 3; col++) {
        n += snprintf(patch + n, sizeof patch - (size_t)n, "%s\"%s\":[", col ? "," : "",
                      cat_track_key[col]);
        int first = 1;
        for (int i = 0; i < CAT_NPROG; i++)
            if (cat_progress[i].colour == col)
                for (int k = used[i]; k < cat_progress[i].count; k++) {
                    n += snprintf(patch + n, sizeof patch - (size_t)n, "%s\"%s\"", first ? "" : ",",
                                  cat_progress[i].key);
                    first = 0;
                }
        n += snprintf(patch + n, sizeof patch - (size_t)n, "]");
    }
    n += snprintf(patch + n, sizeof patch - (size_t)n, "},\"deck_known\":{");
    for (int col = 0; col < 3; col++) {
        n += snprintf(patch + n, sizeof patch - (size_t)n, "%s\"%s\":[", col ? "," : "",
                      cat_track_key[col]);
        int first = 1;
        for (int i = 0; i < CAT_NPROG; i++)
            if (cat_progress[i].colour == col)
                for (int k = used[i]; k < cat_progress[i].count; k++) {
                    n += snprintf(patch + n, sizeof patch - (size_t)n, "%s0", first ? "" : ",");
                    first = 0;
                }
        n += snprintf(patch + n, sizeof patch - (size_t)n, "]");
    }
    snprintf(patch + n, sizeof patch - (size_t)n, "}}}");
    return merge(T, json, patch);
}

static kt_scn build(kt_t *T, const char *options, int players, int main_phase, const char *patch,
                    const char *patch2)
{
    kt_scn c = {NULL, NULL};
    kt_err err = {0, ""};
    char opts[512];
    snprintf(opts, sizeof opts, "%s%s%s", strstr(options ? options : "", "layout=") ? "" : "layout=beginner",
             options && *options && !strstr(options, "layout=") ? ";" : "", options ? options : "");
    kt_game *g;
    if (!KT_OKS(kt_game_new("catan", opts, players, 1, NULL, &g, &err), &err))
        return c;
    kt_state *s = kt_state_new(g);
    /* a malloc copy: the merges below free() what they replace */
    char *saved = kt_state_json(g, s), *js = saved ? strdup(saved) : NULL;
    kt_free(saved);
    int ck = cat_config(g)->ck;
    if (main_phase) {
        char mp[512];
        snprintf(mp, sizeof mp,
                 "{\"header\":{\"turn\":5,\"to_move\":0,\"turn_player\":0,\"decision\":\"main\"},"
                 "\"state\":{\"setup\":%d,\"dice\":[2,3,%d],\"stack\":[{\"kind\":\"main\","
                 "\"player\":0,\"a\":0,\"b\":0}]}}",
                 2 * players, ck ? 1 : 0);
        js = merge(T, js, mp);
    }
    if (patch)
        js = merge(T, js, patch);
    if (patch2 && js)
        js = merge(T, js, patch2);
    if (js && ck && !(patch && strstr(patch, "\"decks\"")) && !(patch2 && strstr(patch2, "\"decks\"")))
        js = fill_decks(T, js);
    if (!js || !KT_OKS(kt_state_load_json(g, js, s, &err), &err)) {
        if (js)
            printf("      scenario JSON: %.900s\n", js);
        free(js);
        kt_state_free(g, s);
        kt_game_free(g);
        return c;
    }
    free(js);
    c.g = g;
    c.s = s;
    return c;
}

kt_scn cat_scn(kt_t *T, const char *options, int players, const char *patch)
{
    return build(T, options, players, 1, patch, NULL);
}

kt_scn cat_scn2(kt_t *T, const char *options, int players, const char *patch, const char *patch2)
{
    return build(T, options, players, 1, patch, patch2);
}

kt_scn cat_scn_raw(kt_t *T, const char *options, int players, const char *patch)
{
    return build(T, options, players, 0, patch, NULL);
}

int cat_t_hand(kt_scn *c, int p, int k)
{
    return c->s ? CS(c)->pl[p].hand[k] : -1;
}

int cat_t_has_card(kt_scn *c, int p, int card)
{
    int n = 0;
    if (!c->s)
        return -1;
    for (int i = 0; i < CS(c)->pl[p].nprog; i++)
        n += CS(c)->pl[p].prog[i] == card;
    return n;
}

int cat_t_decision_is(kt_scn *c, const char *name)
{
    return c->s && !strcmp(kt_decision(c->g, c->s), name);
}

int cat_t_edge(int a, int b)
{
    return cat_edge_of(a < b ? a : b, a < b ? b : a);
}

void cat_t_reseed(kt_scn *c, uint64_t seed)
{
    if (c->s)
        kt_rng_seed(&CS(c)->h.rng, seed);
}

int cat_t_roll(kt_t *T, kt_scn *c, int red, int yellow, int event)
{
    return cat_t_rig_roll(T, c, red, yellow, event) && kt_t_do(T, c, "roll", __FILE__, __LINE__);
}

int cat_t_rig_roll(kt_t *T, kt_scn *c, int red, int yellow, int event)
{
    if (!c->s)
        return 0;
    int ck = cat_config(c->g)->ck;
    for (uint64_t seed = 1; seed < 100000; seed++) {
        kt_rng r;
        kt_rng_seed(&r, seed);
        int a = 1 + (int)kt_rng_below(&r, 6), b = 1 + (int)kt_rng_below(&r, 6);
        int e = 0;
        if (ck) {
            int f = (int)kt_rng_below(&r, 6);
            e = f < 3 ? EV_SHIP : EV_GATE_TRADE + (f - 3);
        }
        if (a == red && b == yellow && (!ck || e == event)) {
            kt_rng_seed(&CS(c)->h.rng, seed);
            return 1;
        }
    }
    KT_FAIL("no generator seed gives the roll %d %d %d", red, yellow, event);
    return 0;
}
