/*
 * test_play.c - the play experience (issue 18): help for every component
 * in both languages, menu keys that are the numbers printed on the map,
 * German input for every kind of action, bot levels, and screens that fit
 * 120 columns and 30 lines at positions of random games.
 *
 * Data: random games driven by a fixed kt_rng; positions are sampled every
 * few actions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan_test.h"

#define J(...) #__VA_ARGS__

static int described(kt_t *T, const char *name, int lang)
{
    char *out = NULL;
    kt_err err = {0, ""};
    if (kt_game_describe("catan", name, lang, NULL, &out, &err) != KT_OK || !out ||
        strlen(out) < 40) {
        KT_FAIL("no %s help for '%s': %s", lang ? "German" : "English", name, err.msg);
        kt_free(out);
        return 0;
    }
    kt_free(out);
    return 1;
}

KT_TEST(catan_describe_every_component_in_both_languages)
{
    static const char *const more[] = {
        "basic knight", "strong knight", "mighty knight", "einfacher Ritter", "starker Ritter",
        "mächtiger Ritter", "merchant", "Händler", "barbarians", "Barbaren", "harbour", "Hafen",
        "3:1 harbour", "robber", "Räuber", "city wall", "Stadtmauer", "metropolis", "Metropole",
        "settlement", "city", "road", "Longest Road", "Largest Army", "Defender of Catan",
        "event die", "progress card", "development card", "number token", "commodity", "resource",
        "Constitution", "Printer", "Road Building", "Straßenbau", "Embassy", "School"};
    int n = 0;
    for (int lang = 0; lang < 2; lang++) {
        for (int c = 0; c < CAT_NPROG; c++)
            n += described(T, cat_progress[c].en, lang) + described(T, cat_progress[c].de, lang);
        for (int d = 0; d < CAT_NDEV; d++)
            n += described(T, cat_devcards[d].en, lang) + described(T, cat_devcards[d].de, lang);
        for (int t = 0; t < 3; t++)
            for (int l = 0; l < 5; l++)
                n += described(T, cat_level_en[t][l], lang) + described(T, cat_level_de[t][l], lang);
        for (int k = 0; k < CAT_NKIND; k++)
            n += described(T, cat_kind_en[k], lang) + described(T, cat_kind_de[k], lang);
        for (int t = 0; t < T_COUNT; t++)
            n += described(T, cat_terrain_en[t], lang) + described(T, cat_terrain_de[t], lang);
        for (size_t i = 0; i < sizeof more / sizeof more[0]; i++)
            n += described(T, more[i], lang);
    }
    printf("    %d descriptions\n", n);
    /* the two languages differ, and unknown names are refused */
    char *en = NULL, *de = NULL;
    kt_err err;
    KT_REQUIRE(kt_game_describe("catan", "Spy", KT_LANG_EN, NULL, &en, &err) == KT_OK);
    KT_REQUIRE(kt_game_describe("catan", "spion", KT_LANG_DE, NULL, &de, &err) == KT_OK);
    KT_CHECK(strstr(en, "Politics progress card") && strstr(de, "Politikkarte"));
    kt_free(en);
    kt_free(de);
    char *none = NULL;
    KT_CHECK(kt_game_describe("catan", "Dragon", KT_LANG_EN, NULL, &none, &err) != KT_OK);
    kt_free(none);
}

KT_TEST(catan_levels_are_named_bots)
{
    const char *e = kt_game_level("catan", "easy"), *m = kt_game_level("catan", "medium");
    const char *h = kt_game_level("catan", "hard");
    KT_REQUIRE(e && m && h);
    KT_STREQ(e, "heuristic");
    KT_STREQ(m, "mcts:time=100");
    KT_STREQ(h, "mcts:time=1000");
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("catan", "", 4, 1, NULL, &g, &err), &err));
    kt_bot *b;
    KT_CHECK(KT_OKS(kt_bot_new(g, "easy", 1, &b, &err), &err));
    kt_bot_free(b);
    kt_game_free(g);
}

KT_TEST(catan_german_title_summary_and_option_help)
{
    KT_CHECK(strstr(kt_game_title("catan", KT_LANG_DE), "Städte & Ritter") != NULL);
    KT_CHECK(strstr(kt_game_summary("catan", KT_LANG_DE), "Barbaren") != NULL);
    int n = 0;
    for (int i = 0; kt_option_help("catan", i, KT_LANG_EN); i++, n++) {
        const char *de = kt_option_help("catan", i, KT_LANG_DE);
        KT_CHECK(de && strcmp(de, kt_option_help("catan", i, KT_LANG_EN)) != 0);
    }
    KT_CHECK(n >= 12);
}

/* The first prompt: typing the number printed on the map builds there
 * (it used to be a numbered list whose numbers were off by one). */
KT_TEST(catan_menu_keys_are_the_numbers_on_the_map)
{
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("catan", "layout=beginner", 4, 1, NULL, &g, &err), &err));
    kt_state *s = kt_state_new(g);
    kt_action buf[CAT_MAXLEGAL];
    int n = kt_legal(g, s, buf, CAT_MAXLEGAL), found = 0;
    KT_EQ(n, 54);
    for (int i = 0; i < n; i++) {
        kt_menu_item m;
        memset(&m, 0, sizeof m);
        kt_menu_item_get(g, s, buf[i], KT_LANG_EN, &m);
        char txt[64], want[64];
        kt_action_text(g, s, buf[i], 0, KT_LANG_EN, txt, sizeof txt);
        snprintf(want, sizeof want, "build settlement %s", m.key);
        KT_STREQ(txt, want);
        found += !strcmp(m.key, "8");
        KT_CHECK(m.group[0] != 0); /* 54 sites fold into map rows */
    }
    KT_EQ(found, 1);
    kt_state_free(g, s);
    kt_game_free(g);
}

/* Keys are unique among the legal actions and the top level of a menu
 * stays short, at positions of random games. */
KT_TEST(catan_menu_keys_unique_and_menus_folded)
{
    const char *opts[2] = {"", "variant=base"};
    int worst = 0, positions = 0;
    for (int v = 0; v < 2; v++) {
        kt_game *g;
        kt_err err;
        KT_REQUIRE(KT_OKS(kt_game_new("catan", opts[v], 4, 3, NULL, &g, &err), &err));
        kt_state *s = kt_state_new(g);
        kt_rng r;
        kt_rng_seed(&r, 9);
        kt_action buf[CAT_MAXLEGAL];
        for (int gi = 0; gi < kt_t_scaled(3); gi++) {
            kt_state_init_seed(g, s, 40 + (uint64_t)gi);
            while (!kt_is_over(g, s)) {
                int n = kt_legal(g, s, buf, CAT_MAXLEGAL);
                char keys[CAT_MAXLEGAL][16], groups[64][64];
                int ng = 0, top = 0;
                for (int i = 0; i < n; i++) {
                    kt_menu_item m;
                    memset(&m, 0, sizeof m);
                    kt_menu_item_get(g, s, buf[i], KT_LANG_DE, &m);
                    memcpy(keys[i], m.key, sizeof keys[i]);
                    for (int j = 0; j < i && m.key[0]; j++)
                        if (!strcmp(keys[j], m.key)) {
                            KT_FAIL("key '%s' twice in decision %s", m.key, kt_decision(g, s));
                            break;
                        }
                    if (!m.group[0]) {
                        top++;
                        continue;
                    }
                    int seen = 0;
                    for (int j = 0; j < ng; j++)
                        seen |= !strcmp(groups[j], m.group);
                    if (!seen && ng < 64)
                        snprintf(groups[ng++], sizeof groups[0], "%s", m.group);
                }
                top += ng;
                worst = top > worst ? top : worst;
                positions++;
                kt_apply_trusted(g, s, buf[kt_rng_below(&r, (uint32_t)n)]);
            }
        }
        kt_state_free(g, s);
        kt_game_free(g);
    }
    printf("    %d positions, at most %d entries at the top of a menu\n", positions, worst);
    KT_CHECK(worst <= 16);
}

/* Every kind of action, typed in German, is accepted (random games until
 * each kind has come up; the rare ones from scenarios). */
KT_TEST(catan_german_input_for_every_action_kind)
{
    int seen[A_NKINDS] = {0};
    const char *opts[2] = {"", "variant=base"};
    for (int v = 0; v < 2; v++) {
        kt_game *g;
        kt_err err;
        KT_REQUIRE(KT_OKS(kt_game_new("catan", opts[v], 4, 5, NULL, &g, &err), &err));
        kt_state *s = kt_state_new(g);
        kt_rng r;
        kt_rng_seed(&r, 17 + (uint64_t)v);
        kt_action buf[CAT_MAXLEGAL];
        for (int gi = 0; gi < (v ? 3 : 12); gi++) {
            kt_state_init_seed(g, s, 60 + (uint64_t)gi);
            while (!kt_is_over(g, s)) {
                int n = kt_legal(g, s, buf, CAT_MAXLEGAL);
                for (int i = 0; i < n; i++) {
                    int k = ACT_K(buf[i]);
                    if (seen[k] > 3)
                        continue;
                    char txt[128];
                    kt_action back;
                    kt_action_text(g, s, buf[i], KT_OMNISCIENT, KT_LANG_DE, txt, sizeof txt);
                    if (kt_action_parse(g, s, txt, &back, &err) != KT_OK || back != buf[i])
                        KT_FAIL("German '%s' not accepted: %s", txt, err.msg);
                    else
                        seen[k]++;
                }
                kt_apply_trusted(g, s, buf[kt_rng_below(&r, (uint32_t)n)]);
            }
        }
        kt_state_free(g, s);
        kt_game_free(g);
    }
    /* the metropolis choice is rare in random play: two cities, level 4 */
    kt_scn m = cat_scn(T, "", 4, J({"state":{"buildings":{"12":{"player":0,"kind":"city"},
        "30":{"player":0,"kind":"city"}},"roads":{"12-17":0,"30-35":0},
        "players":{"0":{"improvements":{"politics":3},"hand":{"coin":4}}}}}));
    KT_REQUIRE(m.s);
    KT_DO(&m, "Politik ausbauen");
    KT_CHECK(cat_t_decision_is(&m, "metropolis"));
    if (KT_DO(&m, "Metropole auf 30"))
        seen[A_METRO]++;
    kt_scn_free(&m);
    int missing = 0;
    for (int k = A_ROLL; k < A_NKINDS; k++)
        if (!seen[k]) {
            printf("      action kind %d never came up\n", k);
            missing++;
        }
    KT_EQ(missing, 0);
    /* the shared verbs */
    kt_scn c = cat_scn(T, "", 4, J({"state":{"players":{"0":{"hand":{"brick":1,"lumber":1},
        "progress":["warlord"],"progress_known":[1]}},"buildings":{"12":{"player":0,"kind":"city"}},
        "knights":{"17":{"player":0,"level":1}},"roads":{"12-17":0}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(kt_scn_legal(&c, "baue Straße 17-22") && kt_scn_legal(&c, "spiele Kriegsherr"));
    KT_DO(&c, "Zug beenden");
    kt_scn_free(&c);
}

/* Display lines of a rendered screen: count and widest (ANSI ignored). */
static void measure(const char *r, int *lines, int *width)
{
    *lines = 0;
    *width = 0;
    const char *p = r;
    while (*p) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        char line[2048];
        if (n >= sizeof line)
            n = sizeof line - 1;
        memcpy(line, p, n);
        line[n] = '\0';
        int w = (int)kt_utf8_width(line);
        *width = w > *width ? w : *width;
        (*lines)++;
        p = e ? e + 1 : p + n;
    }
}

KT_TEST(catan_render_fits_120_columns_and_30_lines)
{
    const char *opts[3] = {"", "variant=base", "vp=20"};
    int maxw = 0, maxh = 0, screens = 0;
    for (int v = 0; v < 3; v++) {
        for (int np = 3; np <= 4; np++) {
            kt_game *g;
            kt_err err;
            KT_REQUIRE(KT_OKS(kt_game_new("catan", opts[v], np, 11, NULL, &g, &err), &err));
            kt_state *s = kt_state_new(g);
            kt_rng r;
            kt_rng_seed(&r, 3 + (uint64_t)v);
            kt_action buf[CAT_MAXLEGAL];
            for (int gi = 0; gi < kt_t_scaled(2); gi++) {
                kt_state_init_seed(g, s, 90 + (uint64_t)gi);
                for (long i = 0;; i++) {
                    if (i % 37 == 0 || kt_is_over(g, s)) {
                        for (int viewer = KT_SPECTATOR; viewer < np; viewer++)
                            for (int lang = 0; lang < 2; lang++) {
                                char *rd = kt_render(g, s, viewer, lang | (i % 2 ? KT_COLOR : 0));
                                if (!rd) {
                                    KT_FAIL("no render");
                                    continue;
                                }
                                int h, w;
                                measure(rd, &h, &w);
                                screens++;
                                if (w > 120 || h > 30) {
                                    KT_FAIL("screen of %d lines, %d columns (viewer %d, lang %d)", h, w,
                                            viewer, lang);
                                    printf("%s\n", rd);
                                }
                                maxw = w > maxw ? w : maxw;
                                maxh = h > maxh ? h : maxh;
                                kt_free(rd);
                            }
                    }
                    if (kt_is_over(g, s))
                        break;
                    int n = kt_legal(g, s, buf, CAT_MAXLEGAL);
                    kt_apply_trusted(g, s, buf[kt_rng_below(&r, (uint32_t)n)]);
                }
            }
            kt_state_free(g, s);
            kt_game_free(g);
        }
    }
    printf("    %d screens, at most %d lines and %d columns\n", screens, maxh, maxw);
    KT_CHECK(screens > 0);
}
