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
