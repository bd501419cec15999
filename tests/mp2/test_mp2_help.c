/*
 * test_mp2_help.c - help for every Marco Polo II component (issue 18):
 * kt_game_describe answers, in English and German, for every goal card,
 * character, contract, city card, city and oasis (by name in both
 * languages and by its map code), special city, guild seal, route tile,
 * outpost tile, bonus marker, offer tile, action space and bonus action,
 * and for the words of choices as the menus show them ("keep goal G02").
 *
 * Data layout: names come from the configuration of a game (mp2_cfg);
 * each answer is checked to exist, to differ between the languages and to
 * name what was asked for.  KT_MP2_HELP=NAME prints one answer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mp2_helpers.h"

static int nmiss;

static void need(kt_t *T, const char *name, const char *mention)
{
    char *en = NULL, *de = NULL;
    kt_err err = {0, ""};
    if (kt_game_describe("mp2", name, KT_LANG_EN, NULL, &en, &err) != KT_OK ||
        kt_game_describe("mp2", name, KT_LANG_DE, NULL, &de, &err) != KT_OK) {
        if (nmiss++ < 20)
            KT_FAIL("no help for '%s': %s", name, err.msg);
    } else {
        KT_CHECK(strlen(en) > 20 && strlen(de) > 20 && strcmp(en, de) != 0);
        if (mention && (!strstr(en, mention) || !strstr(de, mention)))
            KT_FAIL("help for '%s' does not name '%s': %s", name, mention, en);
    }
    kt_free(en);
    kt_free(de);
}

KT_TEST(mp2_help_for_every_component_in_both_languages)
{
    kt_game *g;
    kt_err err = {0, ""};
    KT_REQUIRE(KT_OKS(kt_game_new("mp2", "caravans=1", 4, 1, NULL, &g, &err), &err));
    const mp2_cfg *c = g->cfg;
    nmiss = 0;
    for (int k = 0; k < MP2_NGOALS; k++)
        need(T, c->goal[k].id, c->goal[k].id);
    for (int k = 0; k < MP2_NCONTRACTS; k++)
        need(T, c->contract[k].id, c->contract[k].id);
    for (int k = 0; k < MP2_NCARDS; k++)
        need(T, c->card[k].id, c->card[k].id);
    for (int k = 0; k < c->nrtile; k++)
        need(T, c->rtile[k].id, c->rtile[k].id);
    for (int k = 0; k < MP2_NOUTPOSTS; k++)
        need(T, c->outpost[k].id, c->outpost[k].id);
    for (int k = 0; k < MP2_NMARKERS; k++)
        need(T, c->marker[k].id, c->marker[k].id);
    for (int k = 0; k < MP2_NOFFERS; k++)
        need(T, c->offer[k].id, c->offer[k].id);
    char codes[2][MP2_MAXLOC][4];
    mp2_loc_codes(c, KT_LANG_EN, codes[0]);
    mp2_loc_codes(c, KT_LANG_DE, codes[1]);
    for (int l = 0; l < c->nloc; l++) {
        need(T, c->loc[l].name, NULL);
        need(T, c->loc[l].de, NULL);
        need(T, codes[0][l], NULL);
        need(T, codes[1][l], NULL);
    }
    for (int ch = 0; ch < MP2_NCHAR; ch++) {
        need(T, mp2_char_name(ch, KT_LANG_EN), NULL);
        need(T, mp2_char_name(ch, KT_LANG_DE), NULL);
    }
    for (int gi = 0; gi < MP2_NGUILD; gi++) {
        need(T, c->guild[gi].name, NULL);
        need(T, c->guild[gi].de, NULL);
    }
    /* every action space by the name action texts use, both languages */
    for (int sp = 0; sp < MP2_NSPACES; sp++)
        for (int lang = 0; lang < 2; lang++) {
            kt_buf b;
            kt_buf_init(&b);
            mp2_space_name(c, sp, lang, &b);
            need(T, b.p, NULL);
            kt_buf_free(&b);
        }
    static const char *const words[] = {
        "money bag", "Geldsack", "reroll", "würfle neu", "black die", "schwarzer Würfel",
        "end turn", "Zug beenden", "fee", "Gebühr", "shields", "Wappen", "final scoring",
        "Endwertung", "compensation", "Ausgleich", "trading post", "Handelsposten", "caravan",
        "Karawane", "legend", "Legende", "jade", "routes", "Routen", "travel", "turn a die",
        "keep goal G02", "behalte Ziel G02", "choose Mongke Khan", "wähle Möngke Khan",
        "contract C12", "card K05", "route tile T03", "spicer seal", "Gewürzhändler Siegel",
        "mongke", "vidal", "Khan's favor", "Gunst des Khans"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        need(T, words[i], NULL);
    need(T, "keep goal G02", "G02");
    char *x = NULL;
    KT_CHECK(kt_game_describe("mp2", "Atlantis", KT_LANG_EN, NULL, &x, &err) == KT_EUNKNOWN && !x);
    const char *show = getenv("KT_MP2_HELP");
    if (show) {
        for (int lang = 0; lang < 2; lang++) {
            KT_OKS(kt_game_describe("mp2", show, lang, NULL, &x, &err), &err);
            printf("%s", x ? x : "");
            kt_free(x);
        }
    }
    kt_game_free(g);
}
