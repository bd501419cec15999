/*
 * test_terminal.c - Dominion's texts as the terminal shows them (issue 29).
 */
#include <stdlib.h>
#include <string.h>

#include "../harness.h"

/* A Loot's $7 is its cost, said where every card says its cost; what it
 * makes when played is in its text ("hilfe Dublonen" said "Wert 7 Geld"
 * where other cards say "kostet", then "bringen 3 Geld"). */
KT_TEST(dominion_terminal_loot_help_says_cost_not_worth)
{
    char *en = NULL, *de = NULL;
    KT_OKS(kt_game_describe("dominion", "Doubloons", KT_LANG_EN, NULL, &en, NULL), NULL);
    KT_OKS(kt_game_describe("dominion", "Dublonen", KT_LANG_DE, NULL, &de, NULL), NULL);
    KT_REQUIRE(en && de);
    KT_CHECK(strstr(en, "costs $7 (never bought)") && !strstr(en, "worth $7"));
    KT_CHECK(strstr(de, "kostet 7 Geld (nie gekauft)") && !strstr(de, "Wert 7"));
    kt_free(en);
    kt_free(de);
}
