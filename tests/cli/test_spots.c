/*
 * test_spots.c - the terminal names the hexes a vertex touches (issue 29):
 * a Catan menu entry "settlement 23" shows "forest 8, hills 5, sea" beside
 * it (src/cli/spots.c, src/cli/menu.c), in English and German, from the
 * engine's data only (the action's vertex target and the observation's
 * "terrain", "numbers", "vertex_hexes"); the action text is unchanged.
 *
 * The whole-board check needs no copy of the engine's geometry: over the
 * 54 vertices of the first settlement every land hex is named once per
 * corner, so each terrain is named 6 times per hex of it (3 hills, 4
 * forest, 4 pasture, 4 fields, 3 mountains, 1 desert) and each number 6
 * times per token (one 2 and one 12, two of 3-6 and 8-11), and exactly the
 * 30 vertices of the coast touch the sea.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/cli/play.h"
#include "../../src/cli/spots.h"
#include "../harness.h"

/* A small made-up board: hex 0 forest 8, hex 1 hills 5, hex 2 desert;
 * vertex 0 touches all three, vertex 1 hexes 0 and 1, vertex 2 only the
 * desert; members before and after are skipped whole. */
static const char SP_OBS[] =
    "{\"game\":\"catan\",\"you\":0,\"x\":{\"terrain\":[\"pasture\"],\"s\":\"a\\\"]}\"},"
    "\"terrain\":[\"forest\",\"hills\",\"desert\"],\"numbers\":[8,5,0],"
    "\"vertex_hexes\":[[0,1,2],[0,1],[2]],\"tail\":[true,null,-1.5e3]}";

KT_TEST(cli_spots_note_names_terrain_number_and_sea)
{
    cli_spots sp;
    char note[128];
    KT_REQUIRE(cli_spots_parse(&sp, SP_OBS));
    KT_EQ(sp.nhex, 3);
    KT_EQ(sp.nvert, 3);
    cli_spots_note(&sp, 0, KT_LANG_EN, note, sizeof note);
    KT_STREQ(note, "forest 8, hills 5, desert");
    cli_spots_note(&sp, 1, KT_LANG_EN, note, sizeof note);
    KT_STREQ(note, "forest 8, hills 5, sea");
    cli_spots_note(&sp, 1, KT_LANG_DE, note, sizeof note);
    KT_STREQ(note, "Wald 8, Hügel 5, Meer");
    cli_spots_note(&sp, 2, KT_LANG_DE, note, sizeof note);
    KT_STREQ(note, "Wüste, Meer");
    cli_spots_note(&sp, 3, KT_LANG_EN, note, sizeof note); /* no such vertex */
    KT_STREQ(note, "");
    cli_spots_note(&sp, 1, KT_LANG_EN, note, 10); /* cut, still terminated */
    KT_CHECK(strlen(note) < 10);
}

/* Observations without a board, and broken ones, give no notes (and never
 * read past the text). */
KT_TEST(cli_spots_refuses_what_is_not_a_board)
{
    static const char *const bad[] = {
        "",
        "[]",
        "{\"game\":\"dominion\",\"supply\":[1,2]}",
        "{\"terrain\":[\"forest\"],\"numbers\":[8]}",                        /* no vertices */
        "{\"terrain\":[\"forest\"],\"numbers\":[8,9],\"vertex_hexes\":[[0]]}", /* lengths */
        "{\"terrain\":[\"forest\"],\"numbers\":[8],\"vertex_hexes\":[[1]]}",   /* no hex 1 */
        "{\"terrain\":[\"forest\"],\"numbers\":[8],\"vertex_hexes\":[[0,0,0,0]]}",
        "{\"terrain\":[\"forest\"],\"numbers\":[8],\"vertex_hexes\":[[0]",
        "{\"a\":\"unterminated",
        "{\"a\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cli_spots sp;
        if (!KT_CHECK(!cli_spots_parse(&sp, bad[i])))
            printf("      read as a board: %s\n", bad[i]);
        char note[64];
        cli_spots_note(&sp, 0, KT_LANG_EN, note, sizeof note);
        KT_STREQ(note, "");
    }
    cli_spots sp;
    KT_CHECK(!cli_spots_parse(&sp, NULL));
}

/* A 3-player Catan game with `options` and `seed` at its start, or NULL
 * (reported). */
static kt_state *sp_catan(kt_t *T, const char *options, uint64_t seed, kt_game **g)
{
    kt_err err;
    *g = NULL;
    if (!KT_OKS(kt_game_new("catan", options, 3, seed, NULL, g, &err), &err))
        return NULL;
    kt_state *s = kt_state_new(*g);
    if (!KT_CHECK(s != NULL)) {
        kt_game_free(*g);
        *g = NULL;
    }
    return s;
}

/* Every cut of a real observation (in a buffer of exactly that size, so
 * that ASan sees a read past its end) is refused or read as the same
 * board; the whole one is read. */
KT_TEST(cli_spots_cut_observations_are_refused_without_reading_past_them)
{
    if (!kt_game_find("catan"))
        return;
    kt_game *g;
    kt_state *s = sp_catan(T, NULL, 7, &g);
    if (!s)
        return;
    char *obs = kt_observe_json(g, s, 0, KT_LANG_EN);
    KT_REQUIRE(obs != NULL);
    size_t len = strlen(obs);
    cli_spots whole, cut;
    KT_CHECK(cli_spots_parse(&whole, obs));
    int read = 0;
    for (size_t n = 0; n < len; n += 3) {
        char *b = malloc(n + 1);
        if (!KT_CHECK(b != NULL))
            break;
        memcpy(b, obs, n);
        b[n] = '\0';
        if (cli_spots_parse(&cut, b)) { /* only a cut after the board is whole */
            read++;
            KT_CHECK(!memcmp(&cut, &whole, sizeof cut));
        }
        free(b);
    }
    KT_CHECK(read < (int)(len / 3));
    kt_free(obs);
    kt_state_free(g, s);
    kt_game_free(g);
}

typedef struct sp_tally {
    int terrain[7]; /* in the order of SP_WORDS */
    int number[13];
    int notes;
} sp_tally;

static const char *const SP_WORDS[2][7] = {
    {"hills", "forest", "pasture", "fields", "mountains", "desert", "sea"},
    {"Hügel", "Wald", "Weide", "Acker", "Gebirge", "Wüste", "Meer"},
};

/* Count the names and numbers of one note ("forest 8, hills 5, sea");
 * 0 when a part is not a terrain of this language (with its number). */
static int sp_count(const char *note, int de, sp_tally *t)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", note);
    int parts = 0;
    for (char *save = NULL, *part = strtok_r(buf, ",", &save); part;
         part = strtok_r(NULL, ",", &save)) {
        while (*part == ' ')
            part++;
        char *sp = strchr(part, ' ');
        int num = sp ? atoi(sp + 1) : 0;
        if (sp)
            *sp = '\0';
        int w = 0;
        while (w < 7 && strcmp(SP_WORDS[de][w], part))
            w++;
        if (w == 7 || num < 0 || num > 12 || (sp && (num < 2 || num == 7)))
            return 0;
        t->terrain[w]++;
        t->number[num]++;
        parts++;
    }
    t->notes++;
    return parts >= 1 && parts <= 3;
}

static void sp_check_first_settlement(kt_t *T, int lang)
{
    kt_game *g;
    kt_state *s = sp_catan(T, NULL, 7, &g);
    if (!s)
        return;
    int p = kt_to_move(g, s);
    cli_menu m;
    KT_REQUIRE(cli_menu_build(&m, g, s, p, lang, 20));
    sp_tally t;
    memset(&t, 0, sizeof t);
    int de = lang == KT_LANG_DE;
    for (int i = 0; i < m.n; i++) {
        char text[200];
        kt_action_text_as(g, s, p, m.items[i].a, p, lang, text, sizeof text);
        KT_STREQ(m.items[i].text, text); /* the action's text stays as it is */
        kt_action_info in;
        kt_action_info_get(g, s, p, m.items[i].a, &in);
        int vertex = in.ntargets > 0 && !strcmp(in.targets[0].kind, "vertex");
        KT_CHECK(vertex == (m.items[i].note[0] != '\0'));
        if (m.items[i].note[0] && !sp_count(m.items[i].note, de, &t))
            KT_FAIL("%s: not a list of hexes: \"%s\"", text, m.items[i].note);
    }
    KT_EQ(t.notes, 54);
    static const int hexes[6] = {3, 4, 4, 4, 3, 1};
    for (int w = 0; w < 6; w++)
        if (!KT_EQ(t.terrain[w], 6 * hexes[w]))
            printf("      %s\n", SP_WORDS[de][w]);
    KT_EQ(t.terrain[6], 30); /* the coast */
    for (int n = 2; n <= 12; n++)
        if (n != 7 && !KT_EQ(t.number[n], 6 * (n == 2 || n == 12 ? 1 : 2)))
            printf("      number %d\n", n);
    /* the notes are shown: the opened group lists them, within 120 columns */
    kt_action a;
    int opened = 0;
    for (int i = 0; i < m.ntop && !opened; i++)
        if (m.top[i].item < 0)
            opened = cli_menu_pick(&m, m.top[i].sel, &a) == 2;
    cli_sb out = {0};
    int lines = cli_menu_render(&m, 120, 0, lang, &out);
    KT_CHECK(lines >= 2);
    KT_CHECK(out.p && cli_max_width(out.p) <= 120);
    KT_CHECK(out.p && strstr(out.p, de ? "Meer" : "sea") && strstr(out.p, de ? "Siedlung 10: " : "settlement 10: "));
    if (out.p)
        printf("%s", out.p);
    cli_sb_free(&out);
    cli_menu_free(&m);
    kt_state_free(g, s);
    kt_game_free(g);
}

/* The Catan setup menu: every settlement names the hexes it touches. */
KT_TEST(cli_catan_setup_menu_names_the_hexes_of_each_spot)
{
    if (!kt_game_find("catan"))
        return;
    sp_check_first_settlement(T, KT_LANG_EN);
}

KT_TEST(cli_catan_setup_menu_names_the_hexes_of_each_spot_in_german)
{
    if (!kt_game_find("catan"))
        return;
    sp_check_first_settlement(T, KT_LANG_DE);
}

/* In the main phase too: every build, city, wall and knight choice (any
 * action with a vertex target) names its hexes, and the menu's text stays
 * the action's.  The positions come from random play of Cities & Knights
 * and of the base game. */
static int sp_main_menu(kt_t *T, const kt_game *g, const kt_state *s, int p, int lang)
{
    cli_menu m;
    if (!KT_CHECK(cli_menu_build(&m, g, s, p, lang, 20)))
        return 0;
    int notes = 0;
    for (int i = 0; i < m.n; i++) {
        kt_action_info in;
        kt_action_info_get(g, s, p, m.items[i].a, &in);
        if (in.ntargets < 1 || strcmp(in.targets[0].kind, "vertex"))
            continue;
        sp_tally t;
        memset(&t, 0, sizeof t);
        if (!sp_count(m.items[i].note, lang == KT_LANG_DE, &t))
            KT_FAIL("%s: no hexes named: \"%s\"", m.items[i].text, m.items[i].note);
        else if (notes++ == 0)
            printf("      %s: %s\n", m.items[i].text, m.items[i].note);
        if (lang == KT_LANG_DE && strstr(m.items[i].text, "Ziegel")) /* Anno's word */
            KT_FAIL("Catan's brick is Lehm: %s", m.items[i].text);
    }
    cli_menu_free(&m);
    return notes;
}

static void sp_check_main_phase(kt_t *T, const char *options, int lang)
{
    kt_game *g;
    kt_err err;
    kt_state *s = sp_catan(T, options, 11, &g);
    if (!s)
        return;
    kt_action *acts = malloc(sizeof *acts * KT_LEGAL_MAX);
    uint64_t rng = 0x9e3779b97f4a7c15u;
    int menus = 0;
    for (int step = 0; step < 20000 && menus < 4 && acts && !kt_is_over(g, s); step++) {
        int n = kt_legal(g, s, acts, KT_LEGAL_MAX), p = kt_to_move(g, s);
        n = n > KT_LEGAL_MAX ? KT_LEGAL_MAX : n;
        if (n <= 0 || p < 0)
            break;
        int vertex = 0;
        for (int i = 0; i < n && !strcmp(kt_decision(g, s), "main"); i++) {
            kt_action_info in;
            kt_action_info_get(g, s, p, acts[i], &in);
            vertex += in.ntargets > 0 && !strcmp(in.targets[0].kind, "vertex");
        }
        if (vertex > 0) {
            KT_EQ(sp_main_menu(T, g, s, p, lang), vertex);
            menus++;
        }
        rng = rng * 6364136223846793005u + 1442695040888963407u;
        KT_CHECK(kt_apply(g, s, acts[(rng >> 33) % (uint64_t)n], &err) == KT_OK);
    }
    if (!KT_CHECK(menus == 4))
        printf("      %s: only %d main-phase menus with a vertex choice\n", options, menus);
    free(acts);
    kt_state_free(g, s);
    kt_game_free(g);
}

KT_TEST(cli_catan_main_phase_builds_name_the_hexes_of_each_spot)
{
    if (!kt_game_find("catan"))
        return;
    sp_check_main_phase(T, NULL, KT_LANG_EN);
    sp_check_main_phase(T, "variant=base", KT_LANG_DE);
}
