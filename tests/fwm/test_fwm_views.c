/*
 * test_fwm_views.c - Fugger, Welser, Medici: the terminal view fits 120 x
 * 30 in every mode and both languages, action texts parse back in English
 * and German for every pending player, menus fold long lists, every
 * component has help in both languages, observations are valid JSON.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/game.h"
#include "../../src/util/json.h"
#include "fwm_helpers.h"

static void size_of(const char *t, int *lines, int *width)
{
    *lines = *width = 0;
    for (const char *p = t; *p;) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        char line[1024];
        if (len >= sizeof line)
            len = sizeof line - 1;
        memcpy(line, p, len);
        line[len] = '\0';
        int w = (int)kt_utf8_width(line);
        if (w > *width)
            *width = w;
        (*lines)++;
        if (!e)
            break;
        p = e + 1;
    }
}

/* Plays heuristic and random seats through a game, calling fn at every
 * position. */
static void walk(kt_t *T, const char *opts, int np, uint64_t seed, int every,
                 void (*fn)(kt_t *T, kt_scn *c))
{
    kt_scn c = {NULL, NULL};
    kt_err err;
    if (!KT_OKS(kt_game_new("fwm", opts, np, seed, NULL, &c.g, &err), &err))
        return;
    c.s = kt_state_new(c.g);
    kt_bot *h = NULL, *r = NULL;
    kt_bot_new(c.g, "heuristic", seed, &h, &err);
    kt_bot_new(c.g, "random", seed, &r, &err);
    for (long n = 0; !kt_is_over(c.g, c.s) && n < 20000; n++) {
        if (n % every == 0)
            fn(T, &c);
        kt_action a;
        int p = kt_to_move(c.g, c.s);
        if (kt_bot_choose(p % 2 ? r : h, c.s, &a, &err) != KT_OK)
            break;
        kt_apply_trusted(c.g, c.s, a);
    }
    fn(T, &c);
    kt_bot_free(h);
    kt_bot_free(r);
    kt_scn_free(&c);
}

static int worst_lines, worst_width;

static void check_render(kt_t *T, kt_scn *c)
{
    KT_UNUSED(T);
    for (int v = -2; v < kt_game_players(c->g); v++)
        for (int lang = 0; lang < 2; lang++) {
            char *t = kt_render(c->g, c->s, v, lang | (v == 0 ? KT_COLOR : 0));
            int lines, width;
            size_of(t, &lines, &width);
            if (lines > worst_lines)
                worst_lines = lines;
            if (width > worst_width)
                worst_width = width;
            if (width > 120 || lines > 30)
                fprintf(stderr, "%s\n", t);
            kt_free(t);
        }
}

KT_TEST(fwm_render_fits_120_columns_and_30_lines_in_every_mode)
{
    const char *modes[4] = {"mode=trading", "mode=nobility", "mode=manor", "mode=full;turn_limit=60"};
    worst_lines = worst_width = 0;
    for (int m = 0; m < 4; m++)
        walk(T, modes[m], 6, 3 + (uint64_t)m, 7, check_render);
    KT_CHECK(worst_lines <= 30);
    KT_CHECK(worst_width <= 120);
    KT_CHECK(worst_lines > 20); /* the walk reached real positions */
}

typedef struct norm_text {
    char t[96];
    int i;
} norm_text;

static int norm_cmp(const void *a, const void *b)
{
    return strcmp(((const norm_text *)a)->t, ((const norm_text *)b)->t);
}

/* The normalized texts of all n actions in both languages: no text may name
 * two actions (the parser matches English first, then German).  Returns 1
 * when they are unique. */
static int texts_unique(kt_t *T, kt_scn *c, int p, const kt_action *buf, int n)
{
    static norm_text all[2 * KT_LEGAL_MAX];
    int m = 0;
    for (int i = 0; i < n; i++)
        for (int lang = 0; lang < 2; lang++) {
            char t[256];
            kt_action_text_as(c->g, c->s, p, buf[i], KT_OMNISCIENT, lang, t, sizeof t);
            kt_text_norm(t, all[m].t, sizeof all[m].t);
            all[m++].i = i;
        }
    qsort(all, (size_t)m, sizeof all[0], norm_cmp);
    for (int k = 1; k < m; k++)
        if (strcmp(all[k].t, all[k - 1].t) == 0 && all[k].i != all[k - 1].i) {
            KT_FAIL("'%s' names two actions (%s)", all[k].t, kt_decision(c->g, c->s));
            return 0;
        }
    return 1;
}

static void check_texts(kt_t *T, kt_scn *c)
{
    uint32_t pend = kt_pending(c->g, c->s);
    for (int p = 0; p < kt_game_players(c->g); p++) {
        if (!(((unsigned)pend >> p) & 1u))
            continue;
        kt_action buf[KT_LEGAL_MAX];
        int n = kt_legal_as(c->g, c->s, p, buf, KT_LEGAL_MAX);
        if (!texts_unique(T, c, p, buf, n))
            return;
        /* a sealed bid lists thousands of prices: parse back a spread of them
         * (the parser is linear in the list; all of them would be quadratic) */
        int step = n > 200 ? n / 97 : 1;
        for (int i = 0; i < n; i = i == n - 1 ? n : i + step < n ? i + step : n - 1)
            for (int lang = 0; lang < 2; lang++) {
                char t[256];
                kt_action back = 0;
                kt_err err;
                kt_action_text_as(c->g, c->s, p, buf[i], KT_OMNISCIENT, lang, t, sizeof t);
                if (kt_action_parse_as(c->g, c->s, p, t, &back, &err) != KT_OK || back != buf[i]) {
                    KT_FAIL("'%s' (lang %d, %s) does not parse back: %s", t, lang,
                            kt_decision(c->g, c->s), err.msg);
                    return;
                }
            }
        char *pr = kt_prompt_as(c->g, c->s, p, KT_LANG_DE);
        KT_CHECK(pr && strlen(pr) > 10 && strstr(pr, "?") != pr);
        kt_free(pr);
    }
}

KT_TEST(fwm_action_texts_parse_back_in_english_and_german_in_every_mode)
{
    const char *modes[4] = {"mode=trading", "mode=nobility", "mode=manor", "mode=full;turn_limit=60"};
    for (int m = 0; m < 4; m++)
        walk(T, modes[m], 4, 11 + (uint64_t)m, 3, check_texts);
}

static void check_menu(kt_t *T, kt_scn *c)
{
    if (strcmp(kt_decision(c->g, c->s), "move") != 0)
        return;
    kt_action buf[KT_LEGAL_MAX];
    int n = kt_legal(c->g, c->s, buf, KT_LEGAL_MAX), top = 0;
    char groups[64][64];
    int ng = 0;
    for (int i = 0; i < n; i++) {
        kt_menu_item it;
        kt_menu_item_get(c->g, c->s, buf[i], KT_LANG_EN, &it);
        if (!it.group[0]) {
            top++;
            continue;
        }
        int seen = 0;
        for (int k = 0; k < ng; k++)
            seen |= strcmp(groups[k], it.group) == 0;
        if (!seen && ng < 64)
            snprintf(groups[ng++], sizeof groups[0], "%s", it.group);
        for (int j = 0; j < i; j++) {
            kt_menu_item o;
            kt_menu_item_get(c->g, c->s, buf[j], KT_LANG_EN, &o);
            if (it.key[0] && strcmp(it.key, o.key) == 0)
                KT_FAIL("menu key %s twice", it.key);
        }
    }
    KT_CHECK(top + ng <= 12);
}

KT_TEST(fwm_menus_fold_the_movement_turn)
{
    walk(T, "mode=nobility", 5, 21, 1, check_menu);
}

KT_TEST(fwm_observation_is_valid_json_for_every_viewer)
{
    kt_scn c = fwm_draw(T, NULL, 3, "N07,E04", NULL, NULL);
    KT_REQUIRE(c.s);
    for (int v = -1; v < 3; v++) {
        char *o = kt_observe_json(c.g, c.s, v, KT_LANG_DE);
        KT_REQUIRE(o);
        kt_jdoc d;
        kt_err err;
        KT_OKS(kt_json_parse(o, strlen(o), &d, &err), &err);
        kt_json_free(&d);
        kt_free(o);
    }
    kt_scn_free(&c);
}

static void help_ok(kt_t *T, const char *name)
{
    char *en = NULL, *de = NULL;
    kt_err err;
    if (!KT_OKS(kt_game_describe("fwm", name, KT_LANG_EN, NULL, &en, &err), &err) ||
        !KT_OKS(kt_game_describe("fwm", name, KT_LANG_DE, NULL, &de, &err), &err)) {
        kt_free(en);
        return;
    }
    KT_CHECK(strlen(en) > 20 && strlen(de) > 20);
    kt_free(en);
    kt_free(de);
}

KT_TEST(fwm_help_for_every_component_in_both_languages)
{
    kt_scn c = fwm_scn(T, NULL, 3, NULL);
    KT_REQUIRE(c.s);
    const fwm_cfg *cf = C(&c);
    for (int i = 0; i < cf->ncard; i++)
        help_ok(T, cf->card[i].id);
    for (int i = 0; i < cf->nsp; i++) {
        help_ok(T, cf->sp[i].en);
        help_ok(T, cf->sp[i].de);
        help_ok(T, cf->sp[i].code);
    }
    for (int a = 0; a < cf->narea; a++)
        help_ok(T, cf->area[a].de);
    for (int k = 0; k < cf->ncal; k++) {
        help_ok(T, cf->cal[k].en);
        help_ok(T, cf->cal[k].de);
    }
    for (int e = 1; e < EV_N; e++) {
        help_ok(T, fwm_event_name(e, KT_LANG_EN));
        help_ok(T, fwm_event_name(e, KT_LANG_DE));
    }
    const char *topics[] = {"payday", "Zahltag", "forced sale", "Zwangsverkauf", "free passage",
                            "Seegeleit", "IOU", "Schuldschein", "nobility track", "Adelsleiste",
                            "noble demand", "urgent deal", "Messe", "manor", "Landgut",
                            "representative", "winter", "toll", "Unfall", "queue", "sealed bid",
                            "demand", "Angebot", "honour", "cloth", "Gewürz", "metal"};
    for (size_t i = 0; i < sizeof topics / sizeof topics[0]; i++)
        help_ok(T, topics[i]);
    char *out = NULL;
    kt_err err;
    KT_EQ(kt_game_describe("fwm", "Zauberschwert", KT_LANG_EN, NULL, &out, &err), KT_EUNKNOWN);
    kt_free(out);
    char *k = NULL;
    KT_OKS(kt_game_describe("fwm", "koeln", KT_LANG_DE, NULL, &k, &err), &err);
    KT_CHECK(k && strstr(k, "Zollstadt"));
    kt_free(k);
    char *comp = kt_game_components("fwm", KT_LANG_EN, NULL);
    KT_CHECK(comp && strstr(comp, "N24") && strstr(comp, "Augsburg"));
    kt_free(comp);
    KT_CHECK(kt_game_notice("fwm") && strstr(kt_game_notice("fwm"), "reconstructed"));
    KT_STREQ(kt_game_level("fwm", "medium"), "heuristic");
    kt_scn_free(&c);
}
