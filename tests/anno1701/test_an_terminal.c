/*
 * test_an_terminal.c - Anno 1701's questions as the terminal asks them
 * (issue 29): a trader's question names the goods it sells.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../harness.h"
#include "an_helpers.h"

static int an_tt_sail_into(kt_t *T, kt_scn *c, const char *name)
{
    int want[3] = {an_t_vdef(c, name), -1, -1};
    if (!KT_CHECK(want[0] >= 0))
        return 0;
    return an_t_force(T, c, "sail", an_t_pred_voyage, want) && KT_DO(c, "sail");
}

/* The Rum Smugglers sell only rum (data/anno1701/voyages.txt, V07): the
 * question asked "rum or tobacco?" and the menu had only rum.  The Free
 * Trader sells both and asks for both. */
KT_TEST(anno_terminal_trader_question_names_its_goods)
{
    const struct {
        const char *card, *en, *de;
    } cases[] = {
        {"Rum Smugglers", "Rum Smugglers: buy rum?", "Rumschmuggler: Rum kaufen?"},
        {"Free Trader", "Free Trader: buy rum or tobacco?", "Freier Händler: Rum oder Tabak kaufen?"},
        {"Natives", "Natives: buy tobacco?", "Eingeborene: Tabak kaufen?"},
    };
    for (int i = 0; i < 3; i++) {
        kt_scn c = an_scn(T, NULL, "{\"ship\":2,\"gold\":[3,3]}", NULL, NULL);
        KT_REQUIRE(c.g);
        KT_REQUIRE(an_tt_sail_into(T, &c, cases[i].card));
        KT_STREQ(kt_decision(c.g, c.s), "buy");
        char *en = kt_prompt(c.g, c.s, KT_LANG_EN), *de = kt_prompt(c.g, c.s, KT_LANG_DE);
        if (!KT_CHECK(en && strstr(en, cases[i].en)))
            printf("      prompt: %s\n", en ? en : "(none)");
        if (!KT_CHECK(de && strstr(de, cases[i].de)))
            printf("      prompt: %s\n", de ? de : "(none)");
        kt_free(en);
        kt_free(de);
        kt_scn_free(&c);
    }
}

/* Production lines list their items with commas, a building's good with
 * the building in parentheses; no line ends in a bare building name
 * (issue 29: "Player 1: cloth +1 brick +1 Guild House:"). */
KT_TEST(anno_terminal_production_lines_are_complete)
{
    kt_game *g;
    kt_err err;
    KT_OKS(kt_game_new("anno1701", NULL, 2, 5, NULL, &g, &err), &err);
    kt_bot *bot;
    KT_OKS(kt_bot_new(g, "heuristic", 2, &bot, &err), &err);
    kt_state *s = kt_state_new(g), *before = kt_state_new(g);
    int lines = 0, buildings = 0;
    for (uint64_t seed = 1; seed <= (uint64_t)kt_t_scaled(8); seed++) {
        kt_state_init_seed(g, s, seed);
        for (int k = 0; k < 3000 && !kt_is_over(g, s); k++) {
            kt_action a;
            int p = kt_to_move(g, s);
            KT_OKS(kt_bot_choose(bot, s, &a, &err), &err);
            kt_state_copy(g, before, s);
            KT_OKS(kt_apply(g, s, a, &err), &err);
            for (int lang = 0; lang < 2; lang++) {
                char *js = kt_events_json(g, before, p, a, s, 0, lang, NULL);
                for (const char *q = js ? js : ""; (q = strstr(q, "\"kind\":\"produce\"")); q++) {
                    const char *t = strstr(q, "\"text\":\"");
                    if (!t)
                        break;
                    t += 8;
                    size_t n = strcspn(t, "\"");
                    lines++;
                    const char *colon = memchr(t, ':', n);
                    /* one colon only: the one after "Player N" */
                    if (!KT_CHECK(colon && !memchr(colon + 1, ':', n - (size_t)(colon + 1 - t)) &&
                                  t[n - 1] != ':'))
                        printf("      %.*s\n", (int)n, t);
                    buildings += memchr(t, '(', n) != NULL;
                }
                kt_free(js);
            }
        }
    }
    printf("      %d production lines, %d with a building's good\n", lines, buildings);
    KT_CHECK(lines > 50 && buildings > 0);
    kt_state_free(g, before);
    kt_state_free(g, s);
    kt_bot_free(bot);
    kt_game_free(g);
}
