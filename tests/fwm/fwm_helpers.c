/*
 * fwm_helpers.c - scenario helpers for the Fugger, Welser, Medici tests
 * (see fwm_helpers.h).  No tests here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/util/buf.h"
#include "../../src/util/json.h"
#include "fwm_helpers.h"

static const char *const homes[3] = {"AUG", "NUR", "FLO"};

static char *base_patch(const kt_game *g)
{
    const fwm_cfg *c = fwm_config(g);
    int np = kt_game_players(g);
    kt_buf b;
    kt_buf_init(&b);
    kt_buf_printf(&b, "{\"header\":{\"to_move\":%d,\"turn_player\":%d,\"decision\":\"move\","
                      "\"turn\":1},\"state\":{\"stage\":\"move\",\"start\":0,\"nturn\":%d,"
                      "\"round\":0,\"fair\":\"none\",\"open\":[],\"deck\":[],\"seq\":0,\"stampc\":%d,"
                      "\"where\":{",
                  np - 1, np - 1, np - 1, np);
    for (int i = 0; i < c->ncard; i++)
        kt_buf_printf(&b, "%s\"%s\":\"box\"", i ? "," : "", c->card[i].id);
    kt_buf_puts(&b, "},\"known\":{");
    for (int i = 0; i < c->ncard; i++)
        kt_buf_printf(&b, "%s\"%s\":0", i ? "," : "", c->card[i].id);
    kt_buf_puts(&b, "},\"players\":{");
    for (int p = 0; p < np; p++) {
        const char *h = homes[p % 3];
        kt_buf_printf(&b, "%s\"%d\":{\"home\":\"%s\",\"merchants\":{"
                          "\"A\":{\"at\":\"%s\",\"stamp\":%d},\"B\":{\"at\":\"%s\",\"stamp\":%d}}}",
                      p ? "," : "", p, h, h, p + 1, h, p + 1);
    }
    kt_buf_puts(&b, "}}}");
    return kt_buf_take(&b);
}

kt_scn fwm_scn(kt_t *T, const char *opts, int np, const char *patch)
{
    kt_scn c = {NULL, NULL};
    kt_err err = {0, ""};
    kt_game *g;
    if (!KT_OKS(kt_game_new("fwm", opts, np, 1, NULL, &g, &err), &err))
        return c;
    kt_state *s = kt_state_new(g);
    char *base = kt_state_json(g, s), *bp = base_patch(g);
    char *m1 = kt_json_merge_patch(base, bp, &err);
    char *m2 = m1 && patch ? kt_json_merge_patch(m1, patch, &err) : m1;
    kt_state *s2 = kt_state_new(g);
    if (!m2) {
        KT_FAIL("scenario patch is not valid JSON: %s", err.msg);
        kt_state_free(g, s2);
        s2 = NULL;
    } else if (!KT_OKS(kt_state_load_json(g, m2, s2, &err), &err)) {
        kt_state_free(g, s2);
        s2 = NULL;
    }
    if (m2 != m1)
        free(m2);
    free(m1);
    free(bp);
    kt_free(base);
    kt_state_free(g, s);
    if (!s2) {
        kt_game_free(g);
        return c;
    }
    c.g = g;
    c.s = s2;
    return c;
}

int fwm_as(kt_t *T, kt_scn *c, int p, const char *text, const char *file, int line)
{
    kt_err err;
    kt_action a;
    if (kt_action_parse_as(c->g, c->s, p, text, &a, &err) != KT_OK ||
        kt_apply_as(c->g, c->s, p, a, &err) != KT_OK) {
        kt_t_fail(T, file, line, "player %d: '%s' refused: %s", p + 1, text, err.msg);
        return 0;
    }
    kt_t_check(T, kt_check(c->g, c->s, &err) == KT_OK, "state passes kt_check", file, line);
    return 1;
}

int fwm_legal_for(kt_scn *c, int p, const char *text)
{
    kt_err err;
    kt_action a;
    return kt_action_parse_as(c->g, c->s, p, text, &a, &err) == KT_OK;
}

static int roll(kt_rng *r) { return (int)kt_rng_below(r, 6) + 1; }

void fwm_dice(kt_t *T, kt_scn *c, const int *dice, int n)
{
    for (uint64_t seed = 1; seed < 50000000; seed++) {
        kt_rng r;
        kt_rng_seed(&r, seed);
        kt_rng copy = r;
        int k = 0;
        while (k < n && roll(&r) == dice[k])
            k++;
        if (k == n) {
            ((kt_state_hdr *)c->s)->rng = copy;
            return;
        }
    }
    KT_FAIL("no generator state gives the %d wanted dice", n);
}

char *fwm_log(kt_t *T, kt_scn *c, int p, const char *text, int viewer, int lang)
{
    kt_err err;
    kt_action a;
    kt_state *before = kt_state_new(c->g);
    kt_state_copy(c->g, before, c->s);
    char *out = NULL;
    if (kt_action_parse_as(c->g, c->s, p, text, &a, &err) == KT_OK &&
        kt_apply_as(c->g, c->s, p, a, &err) == KT_OK)
        out = kt_events_json(c->g, before, p, a, c->s, viewer, lang, &err);
    else
        KT_FAIL("player %d: '%s' refused: %s", p + 1, text, err.msg);
    kt_state_free(c->g, before);
    return out;
}

int fwm_sp(const kt_scn *c, const char *code) { return fwm_space_find(C(c), code); }
int fwm_cd(const kt_scn *c, const char *id) { return fwm_card_find(C(c), id); }

void fwm_end_round(kt_t *T, kt_scn *c)
{
    uint32_t r0 = kt_turn_number(c->g, c->s);
    for (int i = 0; i < 12 && kt_turn_number(c->g, c->s) == r0 && !kt_is_over(c->g, c->s); i++)
        if (!AS(c, kt_to_move(c->g, c->s), "end turn"))
            return;
    fwm_no_trades(T, c);
}

void fwm_no_trades(kt_t *T, kt_scn *c)
{
    for (int i = 0; i < 12 && !kt_is_over(c->g, c->s) && S(c)->stage == FS_TRADE; i++)
        if (!AS(c, kt_to_move(c->g, c->s), "done trading"))
            return;
}

void fwm_bid(kt_t *T, kt_scn *c, int p, int q, int price, const char *file, int line)
{
    char t[64];
    const fwm_state *s = S(c);
    if (q == 0)
        snprintf(t, sizeof t, "pass");
    else if (s->auc.qtot == 1 && s->auc.kind != AK_DEMAND && s->auc.kind != AK_SUPPLY)
        snprintf(t, sizeof t, "bid %d", price);
    else
        snprintf(t, sizeof t, "bid %d at %d", q, price);
    fwm_as(T, c, p, t, file, line);
}

kt_scn fwm_draw(kt_t *T, const char *opts, int np, const char *deck, const char *where,
                const char *more)
{
    kt_buf b;
    kt_buf_init(&b);
    kt_buf_puts(&b, "{\"state\":{\"open\":[{\"card\":\"N12\",\"due\":1,\"seq\":1},"
                    "{\"card\":\"A03\",\"due\":5,\"seq\":2},{\"card\":\"N09\",\"due\":6,\"seq\":3},"
                    "{\"card\":\"N01\",\"due\":7,\"seq\":4}],\"seq\":4,\"deck\":[");
    char ids[512];
    snprintf(ids, sizeof ids, "%s", deck);
    int first = 1;
    for (char *p = ids; *p;) {
        char *e = strchr(p, ',');
        if (e)
            *e = '\0';
        kt_buf_printf(&b, "%s\"%s\"", first ? "" : ",", p);
        first = 0;
        p = e ? e + 1 : p + strlen(p);
    }
    kt_buf_puts(&b, "],\"where\":{\"N12\":\"open\",\"A03\":\"open\",\"N09\":\"open\",\"N01\":\"open\"");
    snprintf(ids, sizeof ids, "%s", deck);
    for (char *p = ids; *p;) {
        char *e = strchr(p, ',');
        if (e)
            *e = '\0';
        kt_buf_printf(&b, ",\"%s\":\"deck\"", p);
        p = e ? e + 1 : p + strlen(p);
    }
    if (where && *where)
        kt_buf_printf(&b, ",%s", where);
    kt_buf_puts(&b, "},\"known\":{\"N12\":1,\"A03\":1,\"N09\":1,\"N01\":1");
    if (where && *where) { /* cards placed outside the box are known */
        char w[1024];
        snprintf(w, sizeof w, "%s", where);
        for (char *p = w; (p = strchr(p, '"')) != NULL;) {
            char *q = strchr(p + 1, '"');
            if (!q)
                break;
            *q = '\0';
            if (strlen(p + 1) == 3 && strcmp(p + 1, "box") != 0)
                kt_buf_printf(&b, ",\"%s\":1", p + 1);
            p = strchr(q + 1, '"');
            if (!p)
                break;
            p = strchr(p + 1, '"');
            if (!p)
                break;
            p++;
        }
    }
    kt_buf_printf(&b, "}%s%s}}", more && *more ? "," : "", more ? more : "");
    char *patch = kt_buf_take(&b);
    kt_scn c = fwm_scn(T, opts, np, patch);
    free(patch); /* kt_buf_take: malloc */
    if (c.s)
        fwm_end_round(T, &c);
    return c;
}
