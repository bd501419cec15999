/*
 * test_mp2_rules.c - Marco Polo II base rules as scenarios from exact
 * positions: set-up, placement and fees, the seven normal actions, bonus
 * actions, rounds and the first player.  Scoring is in test_mp2_scoring.c,
 * characters in test_mp2_chars.c, the Caravans expansion in
 * test_mp2_caravans.c.
 *
 * Board order used by the patches (data/mp2/map.txt order):
 *   bonus markers:   Kashgar Balkh Baghdad Hormuz Dali Khotan
 *   outpost tiles:   Kashgar Pagan Shangdu Kaifeng Chengdu Dunhuang Calicut
 *                    Bukhara Herat Kerman
 *   city-card slots: Kashgar Xian Guangzhou Lhasa Samarkand Delhi, A, B
 *   contract cities: Fuzhou Jaipur Kabul Karakorum Tabriz
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mp2_helpers.h"

/* Markers: Kashgar 3 coins, Balkh 2 camels, Baghdad 1 jade, Hormuz 1 silk,
 * Dali 2 pepper, Khotan copy.  Outposts P01..P10 in city order above
 * (Kashgar 2 gold, Pagan 3 camels, Shangdu 5 coins, Kaifeng jade+2c,
 * Chengdu 2 silk, Dunhuang 3 pepper, Calicut 4 VP, Bukhara shield, Herat
 * draw+2c, Kerman black die+camel).  Cards K01..K08 on the slots. */
#define BOARD                                                                                      \
    "\"markers\":[\"M1\",\"M2\",\"M3\",\"M4\",\"M5\",\"M7\"],\"unused_marker\":\"M6\","        \
    "\"outposts\":[\"P01\",\"P02\",\"P03\",\"P04\",\"P05\",\"P06\",\"P07\",\"P08\",\"P09\","  \
    "\"P10\"]"
/* player 0 is Filippo Vitello: his ability only concerns outpost tiles */
#define CHARS3 "characters=filippo,isabella,abha"

/* Cards on the 8 slots given in order; the rest of the deck after them. */
static void cards_patch(char *out, size_t n, const char *const slots[8])
{
    size_t k = (size_t)snprintf(out, n, "\"card_next\":8,\"card_slots\":[");
    for (int i = 0; i < 8; i++)
        k += (size_t)snprintf(out + k, n - k, "%s\"%s\"", i ? "," : "", slots[i]);
    k += (size_t)snprintf(out + k, n - k, "],\"card_deck\":[");
    int first = 1;
    for (int i = 0; i < 8; i++) {
        k += (size_t)snprintf(out + k, n - k, "%s\"%s\"", first ? "" : ",", slots[i]);
        first = 0;
    }
    for (int c = 1; c <= 25; c++) {
        char id[16];
        snprintf(id, sizeof id, "K%02d", c);
        int used = 0;
        for (int i = 0; i < 8; i++)
            used |= strcmp(slots[i], id) == 0;
        if (!used)
            k += (size_t)snprintf(out + k, n - k, ",\"%s\"", id);
    }
    snprintf(out + k, n - k, "]");
}

/* Every player starts the scenario with dice 1-5, 10 coins, 5 camels and
 * nothing else unless the test's player patch says otherwise. */
#define P0 "\"coins\":10,\"camels\":5,\"jade\":0,\"pepper\":0,\"silk\":0,\"gold\":0,\"vp\":0"
static kt_scn scn_opts(kt_t *T, const char *opts, int np, const char *players, const char *extra)
{
    char patch[8192];
    size_t k = (size_t)snprintf(patch, sizeof patch, "{\"state\":{%s%s%s,\"players\":{", BOARD,
                                extra ? "," : "", extra ? extra : "");
    for (int p = 0; p < np; p++)
        k += (size_t)snprintf(patch + k, sizeof patch - k,
                              "%s\"%d\":{\"dice\":[1,2,3,4,5],\"placed\":0," P0 "}", p ? "," : "", p);
    snprintf(patch + k, sizeof patch - k, "}}}");
    kt_err err;
    char *base = kt_json_merge_patch(patch, players ? players : "{}", &err);
    if (!base) {
        KT_FAIL("bad test patch: %s", err.msg);
        kt_scn none = {NULL, NULL};
        return none;
    }
    kt_scn c = mp2_scn(T, opts, np, base);
    free(base);
    return c;
}

/* A players patch: PS("\"0\":{...},\"1\":{...}") */
#define PS(x) "{\"state\":{\"players\":{" x "}}}"

static kt_scn scn3(kt_t *T, const char *players, const char *extra)
{
    return scn_opts(T, CHARS3, 3, players, extra);
}

/* Contract on the board at contract city `ci`, space j. */
static const char *board_contract(kt_scn *c, int ci, int j)
{
    int k = MS(c)->cboard[ci][j];
    return k < MP2_NCONTRACTS ? MC(c)->contract[k].id : "-";
}

/* ------------------------------------------------------------ set-up */

KT_TEST(mp2_setup_start_position)
{
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("mp2", NULL, 4, 9, NULL, &g, &err), &err));
    kt_state *st = kt_state_new(g);
    const mp2_state *s = (const mp2_state *)st;
    const mp2_cfg *c = g->cfg;
    for (int p = 0; p < 4; p++) {
        KT_EQ(s->pl[p].res[IT_COIN], 8);
        KT_EQ(s->pl[p].res[IT_CAMEL], 3);
        KT_EQ(s->pl[p].fig[0], c->start);
        KT_CHECK(s->pl[p].con[0] < MP2_NCONTRACTS && c->contract[s->pl[p].con[0]].starter);
        KT_EQ(s->pl[p].con[1], MP2_NONE);
        KT_EQ(s->pl[p].nposts, 0);
    }
    for (int i = 0; i < MP2_NCCITY; i++)
        KT_CHECK(s->cboard[i][0] != MP2_NONE && s->cboard[i][1] != MP2_NONE);
    for (int i = 0; i < 8; i++)
        KT_CHECK(s->card_slot[i] != MP2_NONE);
    int offered = 0;
    for (int i = 0; i <= MP2_MAXP; i++)
        offered += s->draft[i] != MP2_NONE;
    KT_EQ(offered, 5); /* players + 1 characters shown */
    /* reverse seat order: the last player chooses first */
    KT_STREQ(kt_decision(g, st), "character");
    KT_EQ(kt_to_move(g, st), 3);
    kt_action buf[KT_LEGAL_MAX];
    KT_EQ(kt_legal(g, st, buf, KT_LEGAL_MAX), 5);
    kt_apply_trusted(g, st, buf[0]);
    KT_EQ(kt_to_move(g, st), 2);
    KT_EQ(kt_legal(g, st, buf, KT_LEGAL_MAX), 4);
    for (int p = 2; p >= 0; p--) {
        KT_EQ(kt_to_move(g, st), p);
        kt_legal(g, st, buf, KT_LEGAL_MAX);
        kt_apply_trusted(g, st, buf[0]);
    }
    /* then every player keeps one of 3 goal cards, in seat order */
    KT_STREQ(kt_decision(g, st), "goal");
    KT_EQ(kt_to_move(g, st), 0);
    KT_EQ(kt_legal(g, st, buf, KT_LEGAL_MAX), 3);
    kt_state_free(g, st);
    kt_game_free(g);
}

KT_TEST(mp2_setup_player_count_changes)
{
    /* black dice: 6 with 4, 5 with 3, 4 with 2 players; neutral dice on the
     * Khan's Favor (1 with 3, 2 with 2 players), in each special city and on
     * the lower space of the gold book (2 players) */
    for (int np = 2; np <= 4; np++) {
        kt_scn c = mp2_scn(T, NULL, np, NULL);
        KT_REQUIRE(c.g);
        const mp2_state *s = MS(&c);
        KT_EQ(s->black_pool, np == 2 ? 4 : np == 3 ? 5 : 6);
        int neutral_khan = 0;
        for (int i = 0; i < 4; i++)
            neutral_khan += s->khan_by[i] == -2 && s->khan[i] == 1;
        KT_EQ(neutral_khan, np == 2 ? 2 : np == 3 ? 1 : 0);
        for (int k = 0; k < MP2_NSPECIAL; k++)
            KT_EQ(s->sp[SP_SPECIAL + 2 * k].last == -2, np == 2);
        KT_EQ(s->sp[SP_BOOK3B].last == -2 && s->sp[SP_BOOK3B].low == 5, np == 2);
        kt_scn_free(&c);
    }
}

KT_TEST(mp2_setup_fixed_characters_by_option)
{
    kt_scn c = mp2_scn(T, "characters=mailin,isabella,gantulga", 3, NULL);
    KT_REQUIRE(c.g);
    KT_EQ(PL(&c, 0).character, CH_MAILIN);
    KT_EQ(PL(&c, 1).character, CH_ISABELLA);
    KT_EQ(PL(&c, 2).character, CH_GANTULGA);
    KT_CHECK(PL(&c, 0).res[IT_COIN] >= 11); /* 8 + 3 (plus any compensation) */
    KT_EQ(PL(&c, 0).fig[1], MC(&c)->start);
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ placement */

KT_TEST(mp2_place_fee_is_lowest_die_of_the_placer)
{
    kt_scn c = scn3(T, PS("\"1\":{\"dice\":[2,4,4,5,6]}"), NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "pepper book with 5"); /* empty space: no fee */
    KT_EQ(PL(&c, 0).res[IT_COIN], 10);
    KT_DO(&c, "take 2 pepper");
    KT_DO(&c, "end turn");
    /* occupied: player 2 pays the lowest die they place (4), not the 5 there */
    KT_DO(&c, "pepper book with 4");
    KT_EQ(PL(&c, 1).res[IT_COIN], 6);
    kt_scn_free(&c);
}

KT_TEST(mp2_place_single_use_spaces_are_blocked_once_used)
{
    const char *sl[8] = {"K01", "K02", "K03", "K04", "K05", "K08", "K06", "K07"};
    char cards[1024];
    cards_patch(cards, sizeof cards, sl);
    kt_scn c = scn3(T, PS("\"0\":{\"posts\":[\"Hormuz\"]},\"1\":{\"posts\":[\"Hormuz\"]}"), cards);
    KT_REQUIRE(c.g);
    KT_DO(&c, "card A with 2"); /* K06: 2 coins per pip, no post needed */
    KT_EQ(PL(&c, 0).res[IT_COIN], 14);
    KT_DO(&c, "end turn");
    KT_CHECK(!LEGAL(&c, "card A with 3")); /* used this round by someone else */
    KT_CHECK(LEGAL(&c, "Hormuz 2 with 3"));
    KT_DO(&c, "Hormuz 1 with 3");
    KT_DO(&c, "end turn");
    KT_DO(&c, "pepper book with 1");
    KT_DO(&c, "take 2 pepper");
    KT_DO(&c, "end turn");
    /* player 1: Hormuz 1 is taken (brown space), Hormuz 2 is free */
    KT_CHECK(!LEGAL(&c, "Hormuz 1 with 3"));
    KT_CHECK(LEGAL(&c, "Hormuz 2 with 3"));
    kt_scn_free(&c);
}

KT_TEST(mp2_place_colour_once_per_space_black_dice_exempt)
{
    kt_scn c = scn3(T, PS("\"0\":{\"black\":[2,6]}"), "\"black_pool\":3");
    KT_REQUIRE(c.g);
    KT_DO(&c, "travel 2 with 3+4");
    KT_DO(&c, "to Shangdu");
    KT_DO(&c, "done");
    KT_DO(&c, "end turn");
    KT_DO(&c, "pepper book with 1");
    KT_DO(&c, "take 2 pepper");
    KT_DO(&c, "end turn");
    KT_DO(&c, "pepper book with 1");
    KT_DO(&c, "take 2 pepper");
    KT_DO(&c, "end turn");
    /* own colour already on travel 2: only black dice may go there again */
    KT_CHECK(!LEGAL(&c, "travel 2 with 1+2"));
    KT_CHECK(!LEGAL(&c, "travel 2 with 1+black 6"));
    KT_CHECK(LEGAL(&c, "travel 2 with black 2+black 6"));
    /* and own dice may be mixed with black dice on a fresh space */
    KT_CHECK(LEGAL(&c, "travel 3 with 1+2+black 6"));
    kt_scn_free(&c);
}

KT_TEST(mp2_place_exact_dice_and_minimum_values)
{
    kt_scn c = scn3(T, PS("\"0\":{\"dice\":[1,2,3,5,6]}"), NULL);
    KT_REQUIRE(c.g);
    KT_CHECK(LEGAL(&c, "pepper book with 1"));
    KT_CHECK(!LEGAL(&c, "silk book with 2")); /* silk book needs at least a 3 */
    KT_CHECK(LEGAL(&c, "silk book with 3"));
    KT_CHECK(!LEGAL(&c, "gold book upper with 3")); /* gold book: at least a 5 */
    KT_CHECK(LEGAL(&c, "gold book upper with 5"));
    KT_CHECK(LEGAL(&c, "gold book lower with 6"));
    KT_CHECK(!LEGAL(&c, "guild seals with 3")); /* exactly 2 dice */
    KT_CHECK(LEGAL(&c, "guild seals with 3+5"));
    KT_CHECK(!LEGAL(&c, "travel 3 with 3+5"));  /* exactly 3 dice */
    KT_CHECK(LEGAL(&c, "travel 3 with 3+5+6"));
    KT_CHECK(!LEGAL(&c, "end turn"));           /* a normal action is owed */
    kt_scn_free(&c);
}

KT_TEST(mp2_place_lowest_die_decides_travel_distance)
{
    kt_scn c = scn3(T, PS("\"0\":{\"dice\":[2,5,6,6,6],\"coins\":30,\"camels\":10}"), NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "travel 3 with 2+5+6");
    KT_EQ(MS(&c)->mv.steps, 2);
    KT_DO(&c, "to Shangdu");
    KT_DO(&c, "to Xian");
    /* no steps left: the move ends by itself */
    KT_CHECK(!MS(&c)->mv.on);
    KT_EQ(PL(&c, 0).fig[0], mp2_t_loc(&c, "Xian"));
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ books */

KT_TEST(mp2_books_offers_fixed_and_jade_priced)
{
    kt_scn c = scn3(T, PS("\"0\":{\"jade\":1}"), NULL);
    KT_REQUIRE(c.g);
    const mp2_cfg *cf = MC(&c);
    KT_DO(&c, "pepper book with 1");
    KT_STREQ(kt_decision(c.g, c.s), "market");
    /* two free offers and the 1-jade offer of this round's tile; not the
     * 2-jade one with a single jade */
    KT_EQ(kt_scn_nlegal(&c), 3);
    const mp2_offer *o = &cf->offer[MS(&c)->offers[0][0]];
    char txt[200];
    kt_buf b;
    kt_buf_init(&b);
    mp2_bundle_text(cf, &cf->rw[o->jade1].alt[0], KT_LANG_EN, &b);
    snprintf(txt, sizeof txt, "pay 1 jade: take %s", b.p);
    kt_buf_free(&b);
    int pep = cf->rw[o->jade1].alt[0].n[IT_PEPPER];
    KT_DO(&c, txt);
    KT_EQ(PL(&c, 0).res[IT_JADE], 0);
    KT_EQ(PL(&c, 0).res[IT_PEPPER], pep);
    /* next round shows the next tile of each pile */
    KT_CHECK(MS(&c)->offers[0][1] != MS(&c)->offers[0][0]);
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ Khan's Favor */

KT_TEST(mp2_khan_favor_ascending_rule)
{
    kt_scn c = scn3(T, PS("\"1\":{\"dice\":[1,2,2,3,6]},\"2\":{\"dice\":[4,4,4,4,4]}"), NULL);
    KT_REQUIRE(c.g);
    /* 3 players: a neutral 1 already lies on the first space */
    KT_EQ(MS(&c)->khan[0], 1);
    KT_DO(&c, "Khan's favor with 3");
    KT_EQ(PL(&c, 0).res[IT_COIN], 14); /* 4 coins and 2 camels */
    KT_EQ(PL(&c, 0).res[IT_CAMEL], 7);
    KT_EQ(MS(&c)->khan[1], 3);
    KT_DO(&c, "end turn");
    KT_CHECK(!LEGAL(&c, "Khan's favor with 2")); /* must be at least the last die */
    KT_CHECK(LEGAL(&c, "Khan's favor with 3"));  /* equal is fine */
    KT_DO(&c, "Khan's favor with 6");
    KT_DO(&c, "end turn");
    KT_CHECK(!LEGAL(&c, "Khan's favor with 4"));
    KT_DO(&c, "pepper book with 4");
    KT_DO(&c, "take 2 pepper");
    KT_DO(&c, "end turn");
    /* player 1 again: own colour already there */
    KT_CHECK(!LEGAL(&c, "Khan's favor with 5"));
    kt_scn_free(&c);
}

KT_TEST(mp2_khan_favor_four_spaces_only)
{
    kt_scn c = scn_opts(T, "characters=dewu,abha,filippo,mongke", 4,
                        PS("\"0\":{\"dice\":[1,1,1,1,1]},\"1\":{\"dice\":[1,1,1,1,1]},"
                           "\"2\":{\"dice\":[1,1,1,1,1]},\"3\":{\"dice\":[1,1,1,1,1],\"black\":[1]}"),
                        "\"black_pool\":5");
    KT_REQUIRE(c.g);
    for (int p = 0; p < 4; p++) {
        KT_DO(&c, "Khan's favor with 1");
        KT_DO(&c, "end turn");
    }
    KT_CHECK(!LEGAL(&c, "Khan's favor with 1"));
    KT_CHECK(!LEGAL(&c, "Khan's favor with black 1")); /* all 4 spaces full */
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ guild seals */

KT_TEST(mp2_guild_seals_thresholds_and_jade)
{
    kt_scn c = scn3(T, PS("\"0\":{\"dice\":[1,2,3,4,6]}"), NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "guild seals with 2+6");
    /* lowest die 2: farmer or spicer */
    KT_EQ(kt_scn_nlegal(&c), 2);
    KT_CHECK(LEGAL(&c, "take farmer seal") && LEGAL(&c, "take spicer seal"));
    KT_DO(&c, "take spicer seal");
    KT_EQ(PL(&c, 0).res[IT_JADE], 1);
    KT_EQ(PL(&c, 0).seals, 1 << G_SPICER);
    kt_scn_free(&c);
    c = scn3(T, PS("\"0\":{\"dice\":[4,4,3,4,6],\"seals\":[\"jeweler\"]}"), NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "guild seals with 4+4");
    /* one seal per guild: the jeweler is held already */
    KT_CHECK(!LEGAL(&c, "take jeweler seal"));
    KT_DO(&c, "take tailor seal");
    KT_EQ(PL(&c, 0).res[IT_JADE], 2);
    kt_scn_free(&c);
    c = scn3(T, PS("\"0\":{\"seals\":[\"farmer\",\"spicer\",\"tailor\",\"jeweler\"]}"), NULL);
    KT_REQUIRE(c.g);
    KT_CHECK(!LEGAL(&c, "guild seals with 4+5")); /* all four held: action unavailable */
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ contracts */

KT_TEST(mp2_contracts_action_needs_post_and_pays_three_coins)
{
    kt_scn c = scn3(T, NULL, NULL);
    KT_REQUIRE(c.g);
    KT_CHECK(!LEGAL(&c, "contracts with 1")); /* no post in a contract city */
    kt_scn_free(&c);
    c = scn3(T, PS("\"0\":{\"posts\":[\"Kabul\",\"Tabriz\"]}"), NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "contracts with 1");
    /* the 4 contracts of Kabul and Tabriz are on offer; at least one must be taken */
    KT_EQ(kt_scn_nlegal(&c), 4);
    char a[64], b[64];
    snprintf(a, sizeof a, "take %s from Kabul", board_contract(&c, 2, 0));
    snprintf(b, sizeof b, "take %s from Tabriz", board_contract(&c, 4, 1));
    int ka = MS(&c)->cboard[2][0], kb = MS(&c)->cboard[4][1];
    int starter = PL(&c, 0).con[0];
    KT_DO(&c, a);
    /* the second one may come from another city; the board space stays
     * empty until the end of the turn */
    KT_EQ(MS(&c)->cboard[2][0], MP2_NONE);
    KT_CHECK(LEGAL(&c, "done"));
    KT_DO(&c, b);
    /* both spaces full: the starting contract must go (not the new one) */
    KT_STREQ(kt_decision(c.g, c.s), "discard");
    KT_EQ(kt_scn_nlegal(&c), 1);
    char d[64];
    snprintf(d, sizeof d, "discard %s", MC(&c)->contract[starter].id);
    KT_DO(&c, d);
    KT_CHECK((MS(&c)->removed >> starter) & 1); /* starting contracts leave the game */
    KT_EQ(PL(&c, 0).con[0], kb);
    KT_EQ(PL(&c, 0).con[1], ka);
    KT_EQ(PL(&c, 0).res[IT_COIN], 13); /* +3 coins after taking */
    KT_DO(&c, "end turn");
    KT_CHECK(MS(&c)->cboard[2][0] != MP2_NONE && MS(&c)->cboard[4][1] != MP2_NONE);
    kt_scn_free(&c);
}

KT_TEST(mp2_contracts_new_ones_cannot_be_discarded_at_once)
{
    kt_scn c = scn3(T, PS("\"0\":{\"posts\":[\"Kabul\"]}"), NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "contracts with 2");
    char a[64];
    int starter = PL(&c, 0).con[0];
    snprintf(a, sizeof a, "take %s from Kabul", board_contract(&c, 2, 0));
    KT_DO(&c, a);
    snprintf(a, sizeof a, "take %s from Kabul", board_contract(&c, 2, 1));
    KT_DO(&c, a);
    /* slot 0: starter (may go), slot 1: taken in this action (may not) */
    KT_EQ(kt_scn_nlegal(&c), 1);
    snprintf(a, sizeof a, "discard %s", MC(&c)->contract[starter].id);
    KT_CHECK(LEGAL(&c, a));
    KT_CHECK(!LEGAL(&c, "end turn"));
    kt_scn_free(&c);
}

KT_TEST(mp2_contracts_discarded_to_pile_bottom)
{
    kt_scn c = scn3(T, PS("\"0\":{\"posts\":[\"Kabul\"]}"), NULL);
    KT_REQUIRE(c.g);
    char a[64];
    KT_DO(&c, "contracts with 2");
    int ka = MS(&c)->cboard[2][0];
    snprintf(a, sizeof a, "take %s from Kabul", board_contract(&c, 2, 0));
    KT_DO(&c, a);
    KT_DO(&c, "done");
    KT_DO(&c, "end turn");
    KT_DO(&c, "pepper book with 1");
    KT_DO(&c, "take 2 pepper");
    KT_DO(&c, "end turn");
    KT_DO(&c, "pepper book with 2");
    KT_DO(&c, "take 2 pepper");
    KT_DO(&c, "end turn");
    /* player 1 travels to Karakorum, a contract city, and takes one there:
     * the red contract from Kabul goes to the bottom of the pile */
    KT_DO(&c, "travel 2 with 3+4");
    KT_DO(&c, "to Karakorum");
    KT_DO(&c, "done"); /* 2 of 3 steps left unused */
    KT_STREQ(kt_decision(c.g, c.s), "contract");
    int n0 = MS(&c)->pile_len;
    snprintf(a, sizeof a, "take %s from Karakorum", board_contract(&c, 3, 0));
    KT_DO(&c, a);
    KT_EQ(kt_scn_nlegal(&c), 2);
    snprintf(a, sizeof a, "discard %s", MC(&c)->contract[ka].id);
    KT_DO(&c, a);
    KT_EQ(MS(&c)->pile_len, n0 + 1);
    KT_EQ(MS(&c)->pile[MS(&c)->pile_len - 1], ka);
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ travel */

KT_TEST(mp2_travel_lower_space_one_step_for_two_coins)
{
    kt_scn c = scn3(T, NULL, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "travel 1 with 5");
    KT_EQ(PL(&c, 0).res[IT_COIN], 8); /* the lower space costs 2 coins */
    KT_CHECK(!LEGAL(&c, "done"));      /* at least one step */
    KT_DO(&c, "to Kaifeng");           /* route: 3 coins + 1 camel */
    KT_CHECK(!MS(&c)->mv.on);          /* one step only */
    KT_EQ(PL(&c, 0).res[IT_COIN], 5);
    KT_EQ(PL(&c, 0).res[IT_CAMEL], 4);
    KT_CHECK((PL(&c, 0).posts >> mp2_t_loc(&c, "Kaifeng")) & 1);
    kt_scn_free(&c);
}

KT_TEST(mp2_travel_middle_space_at_most_three)
{
    kt_scn c = scn3(T, PS("\"0\":{\"dice\":[5,6,6,6,6],\"coins\":20}"), NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "travel 2 with 5+6");
    KT_EQ(MS(&c)->mv.steps, 3); /* lowest die 5, but the space allows 3 */
    kt_scn_free(&c);
    c = scn3(T, PS("\"0\":{\"dice\":[2,6,6,6,6],\"coins\":20}"), NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "travel 2 with 2+6");
    KT_EQ(MS(&c)->mv.steps, 2);
    kt_scn_free(&c);
}

KT_TEST(mp2_travel_oasis_and_beijing_get_no_post)
{
    kt_scn c = scn3(T, PS("\"0\":{\"dice\":[2,6,6,6,6]}"), NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "travel 2 with 2+6");
    KT_DO(&c, "to Shangdu");
    KT_DO(&c, "to Beijing"); /* back and forth is allowed */
    KT_EQ(PL(&c, 0).nposts, 0); /* passing Shangdu places nothing either */
    KT_EQ(PL(&c, 0).fig[0], MC(&c)->start);
    kt_scn_free(&c);
    c = scn3(T, PS("\"0\":{\"figures\":[\"Xian\"]}"), NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "travel 1 with 1");
    KT_DO(&c, "to Yunnan");
    KT_EQ(PL(&c, 0).nposts, 0);
    KT_EQ(PL(&c, 0).res[IT_CAMEL], 4);
    KT_EQ(PL(&c, 0).res[IT_COIN], 6);
    kt_scn_free(&c);
}

KT_TEST(mp2_travel_arrival_bonus_marker_and_first_outpost_only)
{
    kt_scn c = scn3(T, PS("\"1\":{\"figures\":[\"Yunnan\"]},\"2\":{\"figures\":[\"Beijing\"]}"), NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "pepper book with 1");
    KT_DO(&c, "take 2 pepper");
    KT_DO(&c, "end turn");
    /* Dali carries the bonus marker 2 pepper + 1 coin: gained at once */
    KT_DO(&c, "travel 1 with 1");
    KT_DO(&c, "to Dali");
    KT_EQ(PL(&c, 1).res[IT_PEPPER], 2);
    KT_DO(&c, "end turn");
    /* Shangdu's outpost tile (6 coins) goes to the first player to post
     * there; Filippo Vitello (player 1) keeps the tile */
    KT_DO(&c, "travel 1 with 1");
    KT_DO(&c, "to Shangdu");
    /* 1 coin fee (travel 1 is occupied), 2 for the space, 2 for the route */
    KT_EQ(PL(&c, 2).res[IT_COIN], 10 - 1 - 2 - 2 + 6);
    KT_EQ(MS(&c)->outpost[2], MP2_NONE);
    KT_CHECK((PL(&c, 0).kept >> 2) & 1);
    kt_scn_free(&c);
}

KT_TEST(mp2_travel_contract_city_offers_one_contract)
{
    kt_scn c = scn3(T, NULL, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "travel 1 with 1");
    KT_DO(&c, "to Karakorum");
    KT_STREQ(kt_decision(c.g, c.s), "contract");
    KT_EQ(kt_scn_nlegal(&c), 3); /* one of the two, or none */
    KT_DO(&c, "done");
    KT_STREQ(kt_decision(c.g, c.s), "turn");
    kt_scn_free(&c);
}

KT_TEST(mp2_travel_upper_space_extra_post_in_city_passed)
{
    for (int flag = 0; flag < 2; flag++) {
        char patch[512];
        snprintf(patch, sizeof patch, "%s;extra_post_bonus=%d", CHARS3, flag);
        kt_scn c = scn_opts(T, patch, 3, PS("\"0\":{\"dice\":[3,3,3,6,6]}"), NULL);
        KT_REQUIRE(c.g);
        KT_DO(&c, "travel 3 with 3+3+3");
        KT_DO(&c, "to Shangdu");
        KT_DO(&c, "to Xian");
        KT_DO(&c, "to Yunnan"); /* ends on an oasis: no post at the end */
        KT_STREQ(kt_decision(c.g, c.s), "extra_post");
        KT_EQ(kt_scn_nlegal(&c), 3); /* Shangdu or Xian (cities passed), or none */
        KT_DO(&c, "extra post in Shangdu");
        KT_EQ(PL(&c, 0).nposts, 1);
        /* with the bonus rule the extra post claims Shangdu's outpost tile
         * (kept by Filippo); without it the tile stays */
        KT_EQ(MS(&c)->outpost[2] == MP2_NONE, flag);
        kt_scn_free(&c);
    }
}

KT_TEST(mp2_travel_ninth_tenth_eleventh_post_score)
{
    kt_scn c = scn3(T, PS("\"0\":{\"dice\":[3,3,3,6,6],\"posts\":[\"Kashgar\",\"Khotan\",\"Balkh\","
                          "\"Herat\",\"Kabul\",\"Delhi\",\"Jaipur\",\"Calicut\"]}"),
                    NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "travel 3 with 3+3+3");
    KT_DO(&c, "to Shangdu");
    KT_DO(&c, "to Xian");
    KT_DO(&c, "to Chengdu");
    KT_EQ(PL(&c, 0).res[IT_VP], 5); /* 9th post */
    KT_DO(&c, "extra post in Shangdu");
    KT_EQ(PL(&c, 0).res[IT_VP], 10); /* 10th post */
    kt_scn_free(&c);
    c = scn3(T, PS("\"0\":{\"posts\":[\"Kashgar\",\"Khotan\",\"Balkh\",\"Herat\",\"Kabul\",\"Delhi\","
                   "\"Jaipur\",\"Calicut\",\"Tabriz\",\"Pagan\"]}"),
             NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "travel 1 with 1");
    KT_DO(&c, "to Kaifeng");
    KT_EQ(PL(&c, 0).res[IT_VP], 10); /* 11th post */
    KT_EQ(PL(&c, 0).nposts, 11);
    kt_scn_free(&c);
}

KT_TEST(mp2_travel_all_posts_placed_moves_one)
{
    kt_scn c = scn3(T, PS("\"0\":{\"posts\":[\"Kashgar\",\"Khotan\",\"Balkh\",\"Herat\",\"Kabul\","
                          "\"Delhi\",\"Jaipur\",\"Calicut\",\"Tabriz\",\"Pagan\",\"Lhasa\"]}"),
                    NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "travel 1 with 1");
    KT_DO(&c, "to Kaifeng");
    KT_STREQ(kt_decision(c.g, c.s), "move_post");
    KT_EQ(kt_scn_nlegal(&c), 11);
    KT_DO(&c, "move post from Lhasa");
    KT_EQ(PL(&c, 0).nposts, 11);
    KT_CHECK((PL(&c, 0).posts >> mp2_t_loc(&c, "Kaifeng")) & 1);
    KT_CHECK(!((PL(&c, 0).posts >> mp2_t_loc(&c, "Lhasa")) & 1));
    KT_EQ(PL(&c, 0).res[IT_VP], 0); /* no new post, no post reward */
    kt_scn_free(&c);
}

KT_TEST(mp2_travel_seal_routes_need_the_seal)
{
    kt_scn c = scn3(T, NULL, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "travel 1 with 1");
    KT_CHECK(!LEGAL(&c, "to Fuzhou")); /* sea route of the jewelers */
    kt_scn_free(&c);
    c = scn3(T, PS("\"0\":{\"seals\":[\"jeweler\"]}"), NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "travel 1 with 1");
    KT_DO(&c, "to Fuzhou");
    KT_EQ(PL(&c, 0).seals, 1 << G_JEWELER); /* the seal is not spent */
    kt_scn_free(&c);
}

KT_TEST(mp2_travel_costs_must_be_payable_jade_fills_in)
{
    /* from Xian with 3 coins and 1 camel: after the 2-coin space fee only
     * Shangdu (1 coin + 1 camel) is affordable, not Kaifeng or Chengdu (2
     * coins) or the oasis Yunnan and Dunhuang (2 coins + 1 camel) */
    kt_scn c = scn3(T, PS("\"0\":{\"coins\":3,\"camels\":1,\"figures\":[\"Xian\"]}"), NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "travel 1 with 1");
    KT_EQ(kt_scn_nlegal(&c), 1);
    KT_CHECK(LEGAL(&c, "to Shangdu"));
    kt_scn_free(&c);
    c = scn3(T, PS("\"0\":{\"coins\":2,\"camels\":0,\"figures\":[\"Xian\"]}"), NULL);
    KT_REQUIRE(c.g);
    KT_CHECK(!LEGAL(&c, "travel 1 with 1")); /* no first step is affordable */
    kt_scn_free(&c);
    /* jade stands in for the missing coins and camels */
    c = scn3(T, PS("\"0\":{\"coins\":0,\"camels\":0,\"jade\":4,\"figures\":[\"Xian\"]}"), NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "travel 1 with 1");
    KT_EQ(PL(&c, 0).res[IT_JADE], 2);
    KT_DO(&c, "to Shangdu");
    KT_EQ(PL(&c, 0).res[IT_JADE], 0);
    kt_scn_free(&c);
}

KT_TEST(mp2_first_player_highest_travel_space_last_on_ties)
{
    kt_scn c = scn3(T, PS("\"0\":{\"dice\":[2,3,3,3,6]},\"2\":{\"dice\":[1,1,2,5,6]}"), NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "travel 3 with 3+3+3");
    KT_DO(&c, "to Shangdu");
    KT_DO(&c, "done");
    KT_DO(&c, "end turn");
    KT_DO(&c, "travel 1 with 1");
    KT_DO(&c, "to Shangdu");
    KT_DO(&c, "end turn");
    KT_EQ(MS(&c)->next_first, 0); /* the lower space does not beat the upper one */
    KT_DO(&c, "travel 3 with 1+1+2"); /* lowest die 1: one step */
    KT_DO(&c, "to Shangdu");
    KT_EQ(MS(&c)->next_first, 2); /* equal space, later: player 3 */
    kt_scn_free(&c);
    /* rule flag first_player=last: simply the last traveller */
    c = scn_opts(T, CHARS3 ";first_player=last", 3, PS("\"0\":{\"dice\":[2,3,3,3,6]}"), NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "travel 3 with 3+3+3");
    KT_DO(&c, "to Shangdu");
    KT_DO(&c, "done");
    KT_DO(&c, "end turn");
    KT_DO(&c, "travel 1 with 1");
    KT_DO(&c, "to Shangdu");
    KT_EQ(MS(&c)->next_first, 1);
    kt_scn_free(&c);
}

/* The last turn of a round: everyone else is out of dice. */
#define LAST_TURN                                                                                  \
    "\"1\":{\"dice\":[],\"placed\":5},\"2\":{\"dice\":[],\"placed\":5}"

static void finish_round_start(kt_t *T, kt_scn *c)
{
    kt_action buf[KT_LEGAL_MAX];
    for (int i = 0; i < 40 && strcmp(kt_decision(c->g, c->s), "turn") != 0; i++) {
        /* compensation: the option with 0 coins comes first */
        KT_CHECK(kt_legal(c->g, c->s, buf, KT_LEGAL_MAX) > 0);
        kt_apply_trusted(c->g, c->s, buf[0]);
    }
}

KT_TEST(mp2_first_player_changes_at_round_start_or_stays)
{
    kt_scn c = scn3(T, PS(LAST_TURN ",\"0\":{\"dice\":[4]," "\"placed\":4}"), NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "pepper book with 4");
    KT_DO(&c, "take 2 pepper");
    KT_DO(&c, "end turn");
    finish_round_start(T, &c);
    KT_EQ(MS(&c)->round, 1);
    KT_EQ(MS(&c)->first, 0); /* nobody travelled: unchanged */
    kt_scn_free(&c);
    c = scn3(T, PS(LAST_TURN ",\"0\":{\"dice\":[4],\"placed\":4}"), "\"first\":2,\"next_first\":2");
    KT_REQUIRE(c.g);
    KT_DO(&c, "travel 1 with 4");
    KT_DO(&c, "to Shangdu");
    KT_DO(&c, "end turn");
    finish_round_start(T, &c);
    KT_EQ(MS(&c)->first, 0);
    KT_EQ(c.s->h.turn_player, 0);
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ round start */

KT_TEST(mp2_round_start_income_and_refresh)
{
    kt_scn c = scn3(T, PS(LAST_TURN ",\"0\":{\"dice\":[],\"placed\":5,\"posts\":[\"Kashgar\","
                          "\"Dali\"],\"seals\":[\"farmer\"],\"improved\":[\"farmer\"]}"),
                    "\"main_done\":1");
    KT_REQUIRE(c.g);
    int a = MS(&c)->cc_deck[8], b = MS(&c)->cc_deck[9];
    int abha = PL(&c, 2).res[IT_COIN];
    KT_DO(&c, "end turn");
    finish_round_start(T, &c);
    const mp2_state *s = MS(&c);
    KT_EQ(s->round, 1);
    /* bonus markers of Kashgar (4 coins) and Dali (2 pepper + 1 coin), the
     * improved farmer seal (1 pepper + 2 coins); compensation as camels */
    KT_EQ(PL(&c, 0).res[IT_COIN], 10 + 4 + 1 + 2);
    KT_EQ(PL(&c, 0).res[IT_PEPPER], 3);
    KT_EQ(PL(&c, 2).res[IT_COIN], abha + 2); /* Abha Basu: 2 coins each round */
    /* new city cards in the action area, this round's offer tiles, all dice
     * back and rolled, black dice on the board */
    KT_EQ(s->card_slot[6], a);
    KT_EQ(s->card_slot[7], b);
    KT_EQ(s->cc_next, 10);
    KT_EQ(s->black_pool, 5);
    for (int p = 0; p < 3; p++) {
        int n = 0;
        for (int v = 1; v <= 6; v++)
            n += s->pl[p].own[v];
        KT_EQ(n, 5);
        KT_EQ(s->pl[p].nplaced, 0);
    }
    for (int i = 0; i < MP2_NSPACES; i++)
        KT_CHECK(s->sp[i].occ == 0);
    kt_scn_free(&c);
}

KT_TEST(mp2_round_start_compensation_below_fifteen)
{
    /* random games: every compensation offers exactly 15 - sum of the dice,
     * as any mix of coins and camels */
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("mp2", NULL, 4, 3, NULL, &g, &err), &err));
    kt_state *st = kt_state_new(g);
    kt_rng r;
    kt_rng_seed(&r, 5);
    kt_action buf[KT_LEGAL_MAX];
    int seen = 0;
    for (int game = 0; game < kt_t_scaled(30); game++) {
        kt_state_init_seed(g, st, (uint64_t)game + 100);
        while (!kt_is_over(g, st)) {
            int n = kt_legal(g, st, buf, KT_LEGAL_MAX);
            const mp2_state *s = (const mp2_state *)st;
            if (strcmp(kt_decision(g, st), "compensation") == 0) {
                const mp2_player *pl = &s->pl[s->stack[s->nstack - 1].p];
                int sum = 0;
                for (int v = 1; v <= 6; v++)
                    sum += v * pl->own[v];
                KT_CHECK(sum < 15);
                KT_EQ(n, 15 - sum + 1);
                int c0 = pl->res[IT_COIN], m0 = pl->res[IT_CAMEL];
                int k = (int)kt_rng_below(&r, (uint32_t)n);
                const mp2_player *q = pl;
                kt_apply_trusted(g, st, buf[k]);
                KT_EQ(q->res[IT_COIN] - c0 + q->res[IT_CAMEL] - m0, 15 - sum);
                seen++;
                continue;
            }
            kt_apply_trusted(g, st, buf[kt_rng_below(&r, (uint32_t)n)]);
        }
    }
    KT_CHECK(seen > 0);
    kt_state_free(g, st);
    kt_game_free(g);
}

KT_TEST(mp2_game_ends_after_five_rounds)
{
    kt_scn c = scn3(T, PS(LAST_TURN ",\"0\":{\"dice\":[],\"placed\":5}"), "\"main_done\":1,\"round\":4");
    KT_REQUIRE(c.g);
    KT_DO(&c, "end turn");
    KT_CHECK(kt_is_over(c.g, c.s));
    KT_EQ(kt_to_move(c.g, c.s), -1);
    kt_result res;
    kt_result_get(c.g, c.s, &res);
    KT_CHECK(res.finished);
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ special cities */

KT_TEST(mp2_special_city_reward_and_improved_seal_bonus)
{
    kt_scn c = scn3(T, PS("\"0\":{\"dice\":[2,5,6,6,6],\"posts\":[\"Hormuz\"],\"seals\":[\"spicer\"],"
                          "\"improved\":[\"spicer\"],\"black\":[5]}"),
                    "\"black_pool\":4");
    KT_REQUIRE(c.g);
    /* Hormuz space 1: 2 pepper + 2 coins; improved spicer seal bonus
     * (2 pepper + 1 coin) once with a 2 (twice from a 4) */
    KT_DO(&c, "Hormuz 1 with 2");
    KT_EQ(PL(&c, 0).res[IT_PEPPER], 4);
    KT_EQ(PL(&c, 0).res[IT_COIN], 13);
    /* own colour once in the whole city; a black die may use the other space */
    KT_DO(&c, "end turn");
    kt_scn_free(&c);
    c = scn3(T, PS("\"0\":{\"dice\":[2,5,6,6,6],\"posts\":[\"Hormuz\"],\"seals\":[\"spicer\"],"
                   "\"improved\":[\"spicer\"],\"black\":[5]}"),
             "\"black_pool\":4,\"main_done\":0");
    KT_REQUIRE(c.g);
    KT_DO(&c, "Hormuz 2 with 5");
    /* space 2: 1 silk + 1 camel + 1 coin, seal bonus twice (die 5) */
    KT_EQ(PL(&c, 0).res[IT_SILK], 1);
    KT_EQ(PL(&c, 0).res[IT_PEPPER], 4);
    KT_EQ(PL(&c, 0).res[IT_COIN], 13);
    KT_DO(&c, "end turn");
    for (int p = 1; p < 3; p++) {
        KT_DO(&c, "pepper book with 1");
        KT_DO(&c, "take 2 pepper");
        KT_DO(&c, "end turn");
    }
    KT_CHECK(!LEGAL(&c, "Hormuz 1 with 6"));
    KT_CHECK(LEGAL(&c, "Hormuz 1 with black 5"));
    kt_scn_free(&c);
    c = scn3(T, NULL, NULL);
    KT_REQUIRE(c.g);
    KT_CHECK(!LEGAL(&c, "Hormuz 1 with 2")); /* needs a trading post there */
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ city cards */

static kt_scn card_scn(kt_t *T, const char *a_card, const char *players)
{
    const char *sl[8] = {"K06", "K09", "K10", "K12", "K13", "K14", a_card, "K15"};
    char cards[1024];
    cards_patch(cards, sizeof cards, sl);
    return scn3(T, players, cards);
}

KT_TEST(mp2_city_card_needs_post_action_area_does_not)
{
    kt_scn c = card_scn(T, "K17", NULL);
    KT_REQUIRE(c.g);
    KT_CHECK(!LEGAL(&c, "card Kashgar with 3")); /* no post in Kashgar */
    KT_DO(&c, "card A with 3");                  /* K17: 1 camel per pip */
    KT_EQ(PL(&c, 0).res[IT_CAMEL], 8);
    kt_scn_free(&c);
    c = card_scn(T, "K17", PS("\"0\":{\"posts\":[\"Kashgar\"]}"));
    KT_REQUIRE(c.g);
    KT_DO(&c, "card Kashgar with 3"); /* K06: 2 coins per pip */
    KT_EQ(PL(&c, 0).res[IT_COIN], 16);
    kt_scn_free(&c);
}

KT_TEST(mp2_city_card_exchange_one_direction_die_caps)
{
    kt_scn c = card_scn(T, "K01", NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "card A with 3");
    KT_EQ(kt_scn_nlegal(&c), 6); /* camels->coins or coins->camels, 1 to 3 times */
    KT_DO(&c, "pay 1 camel for 3 coins x3");
    KT_EQ(PL(&c, 0).res[IT_CAMEL], 2);
    KT_EQ(PL(&c, 0).res[IT_COIN], 19);
    kt_scn_free(&c);
    /* half the die rounded up, and only as often as affordable */
    c = card_scn(T, "K11", PS("\"0\":{\"dice\":[1,2,5,5,5],\"coins\":7}"));
    KT_REQUIRE(c.g);
    KT_DO(&c, "card A with 5");
    KT_EQ(kt_scn_nlegal(&c), 1); /* 5 coins -> 1 gold: 3 times allowed, 7 coins pay once */
    KT_DO(&c, "pay 5 coins for 1 gold x1");
    KT_EQ(PL(&c, 0).res[IT_GOLD], 1);
    kt_scn_free(&c);
}

KT_TEST(mp2_city_card_minimum_die_and_move)
{
    kt_scn c = card_scn(T, "K20", NULL);
    KT_REQUIRE(c.g);
    KT_CHECK(!LEGAL(&c, "card A with 2")); /* needs at least a 3 */
    KT_DO(&c, "card A with 3");
    KT_STREQ(kt_decision(c.g, c.s), "move");
    KT_CHECK(LEGAL(&c, "done")); /* "move up to 2": no travel fee, may stop */
    KT_DO(&c, "to Shangdu");
    KT_DO(&c, "to Xian");
    KT_EQ(PL(&c, 0).res[IT_COIN], 7); /* route costs only: 2 + 1 (and a camel) */
    KT_EQ(PL(&c, 0).res[IT_CAMEL], 4);
    KT_EQ(PL(&c, 0).fig[0], mp2_t_loc(&c, "Xian"));
    KT_EQ(PL(&c, 0).nposts, 1); /* one post where the move ends */
    kt_scn_free(&c);
}

KT_TEST(mp2_city_card_per_post_and_guild_seal_card)
{
    kt_scn c = card_scn(T, "K03", PS("\"0\":{\"posts\":[\"Kabul\",\"Delhi\",\"Jaipur\",\"Calicut\"]}"));
    KT_REQUIRE(c.g);
    KT_DO(&c, "card A with 3");
    KT_EQ(PL(&c, 0).res[IT_VP], 3); /* 4 posts, capped by the die */
    kt_scn_free(&c);
    c = card_scn(T, "K03", PS("\"0\":{\"dice\":[1,2,3,4,6],\"posts\":[\"Kabul\",\"Delhi\",\"Jaipur\","
                              "\"Calicut\"]}"));
    KT_REQUIRE(c.g);
    KT_DO(&c, "card A with 6");
    KT_EQ(PL(&c, 0).res[IT_VP], 4);
    kt_scn_free(&c);
    c = card_scn(T, "K07", NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "card A with 4"); /* a Guild Seals action with one die for 1 camel */
    KT_EQ(PL(&c, 0).res[IT_CAMEL], 4);
    KT_DO(&c, "take jeweler seal");
    KT_EQ(PL(&c, 0).res[IT_JADE], 3);
    kt_scn_free(&c);
}

KT_TEST(mp2_city_card_bonuses_of_own_cities_each_different)
{
    kt_scn c = card_scn(T, "K04", PS("\"0\":{\"posts\":[\"Kashgar\",\"Dali\",\"Baghdad\"]}"));
    KT_REQUIRE(c.g);
    KT_DO(&c, "card A with 2");
    KT_EQ(kt_scn_nlegal(&c), 3);
    KT_DO(&c, "bonus of Kashgar");
    KT_CHECK(!LEGAL(&c, "bonus of Kashgar")); /* different bonuses each time */
    KT_CHECK(LEGAL(&c, "done"));
    KT_DO(&c, "bonus of Dali");
    KT_STREQ(kt_decision(c.g, c.s), "turn"); /* the die (2) allows two */
    KT_EQ(PL(&c, 0).res[IT_COIN], 15); /* 4 coins + 1 coin */
    KT_EQ(PL(&c, 0).res[IT_PEPPER], 2);
    kt_scn_free(&c);
}

KT_TEST(mp2_city_card_per_completed_contract)
{
    /* three contracts completed earlier (taken from the end of the pile) */
    kt_scn base = scn3(T, NULL, NULL);
    KT_REQUIRE(base.g);
    const mp2_state *bs = MS(&base);
    char pile[1024], done[128];
    size_t k = (size_t)snprintf(pile, sizeof pile, "\"pile_unknown\":%d,\"pile\":[", bs->pile_len - 3);
    for (int i = 0; i < bs->pile_len - 3; i++)
        k += (size_t)snprintf(pile + k, sizeof pile - k, "%s\"%s\"", i ? "," : "",
                              MC(&base)->contract[bs->pile[i]].id);
    snprintf(pile + k, sizeof pile - k, "]");
    snprintf(done, sizeof done, "\"%s\",\"%s\",\"%s\"", MC(&base)->contract[bs->pile[bs->pile_len - 1]].id,
             MC(&base)->contract[bs->pile[bs->pile_len - 2]].id,
             MC(&base)->contract[bs->pile[bs->pile_len - 3]].id);
    kt_scn_free(&base);
    const char *sl[8] = {"K06", "K09", "K10", "K12", "K13", "K14", "K02", "K15"};
    char extra[2048], players[256];
    cards_patch(extra, sizeof extra, sl);
    snprintf(extra + strlen(extra), sizeof extra - strlen(extra), ",%s", pile);
    snprintf(players, sizeof players, PS("\"0\":{\"completed\":[%s]}"), done);
    kt_scn c = scn3(T, players, extra);
    KT_REQUIRE(c.g);
    KT_EQ(PL(&c, 0).ndone, 3);
    KT_DO(&c, "card A with 2");
    KT_EQ(PL(&c, 0).res[IT_VP], 2); /* capped by the die */
    kt_scn_free(&c);
}

/* ------------------------------------------------------------ bonus actions */

KT_TEST(mp2_bonus_money_bag_no_fee_repeatable_not_a_normal_action)
{
    kt_scn c = scn3(T, NULL, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "money bag with 3 for 3 coins");
    KT_EQ(PL(&c, 0).res[IT_COIN], 13);
    KT_CHECK(!LEGAL(&c, "end turn")); /* the normal action is still owed */
    KT_DO(&c, "money bag with 4 for 1 jade"); /* own die there already: fine, no fee */
    KT_EQ(PL(&c, 0).res[IT_COIN], 13);
    KT_EQ(PL(&c, 0).res[IT_JADE], 1);
    KT_DO(&c, "money bag with 5 for 2 camels");
    KT_EQ(PL(&c, 0).res[IT_CAMEL], 7);
    KT_DO(&c, "pepper book with 1");
    KT_DO(&c, "take 2 pepper");
    KT_DO(&c, "money bag with 2 for 3 coins"); /* after the normal action too */
    KT_EQ(mp2_dice_left(&PL(&c, 0)), 0);
    KT_DO(&c, "end turn");
    kt_scn_free(&c);
    /* out of dice after the money bag: the turn may end without a normal action */
    c = scn3(T, PS("\"0\":{\"dice\":[6],\"placed\":4}"), NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "money bag with 6 for 1 jade");
    KT_CHECK(LEGAL(&c, "end turn"));
    kt_scn_free(&c);
}

KT_TEST(mp2_bonus_reroll_and_change_a_die)
{
    kt_scn c = scn3(T, PS("\"0\":{\"dice\":[1,1,5,6,6]}"), NULL);
    KT_REQUIRE(c.g);
    KT_CHECK(LEGAL(&c, "turn 1 to 2"));
    KT_CHECK(!LEGAL(&c, "turn 1 to 0"));
    KT_CHECK(LEGAL(&c, "turn 6 to 5"));
    KT_CHECK(!LEGAL(&c, "turn 6 to 1")); /* no wrap from 6 to 1 */
    KT_DO(&c, "turn 5 to 6");
    KT_EQ(PL(&c, 0).res[IT_CAMEL], 3); /* 2 camels */
    KT_EQ(PL(&c, 0).own[6], 3);
    KT_EQ(PL(&c, 0).own[5], 0);
    KT_DO(&c, "reroll 1");
    KT_EQ(PL(&c, 0).res[IT_CAMEL], 2); /* 1 camel */
    KT_EQ(mp2_dice_left(&PL(&c, 0)), 5);
    kt_scn_free(&c);
    /* jade stands in for a missing camel */
    c = scn3(T, PS("\"0\":{\"camels\":0,\"jade\":1}"), NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "reroll 3");
    KT_EQ(PL(&c, 0).res[IT_JADE], 0);
    KT_CHECK(!LEGAL(&c, "reroll 4"));
    kt_scn_free(&c);
}

KT_TEST(mp2_bonus_black_die_once_per_turn)
{
    kt_scn c = scn3(T, PS("\"0\":{\"camels\":7}"), NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "buy a black die");
    KT_EQ(PL(&c, 0).res[IT_CAMEL], 4);
    KT_EQ(MS(&c)->black_pool, 4);
    int held = 0;
    for (int v = 1; v <= 6; v++)
        held += PL(&c, 0).blk[v];
    KT_EQ(held, 1); /* rolled at once */
    KT_CHECK(!LEGAL(&c, "buy a black die")); /* once per turn */
    kt_scn_free(&c);
}

KT_TEST(mp2_bonus_complete_contract_and_improve_seal)
{
    kt_scn c = scn3(T, PS("\"0\":{\"contracts\":[\"S1\",null],\"pepper\":4,\"seals\":[\"farmer\"]},"
                          "\"1\":{\"contracts\":[\"S2\",null]},\"2\":{\"contracts\":[\"S3\",null]}"),
                    "\"removed\":[\"S4\",\"S5\",\"S6\",\"S7\"]");
    KT_REQUIRE(c.g);
    KT_CHECK(!LEGAL(&c, "complete S2")); /* only contracts on one's own board */
    KT_DO(&c, "complete S1");            /* 2 pepper -> 2 VP + 1 camel */
    KT_EQ(PL(&c, 0).res[IT_PEPPER], 2);
    KT_EQ(PL(&c, 0).res[IT_VP], 2);
    KT_EQ(PL(&c, 0).res[IT_CAMEL], 6);
    KT_EQ(PL(&c, 0).ndone, 1);
    KT_EQ(PL(&c, 0).con[0], MP2_NONE);
    /* farmer seal: 2 pepper + 1 camel + 3 coins; its bonus (1 pepper + 2
     * coins) at once */
    KT_DO(&c, "improve farmer seal");
    KT_EQ(PL(&c, 0).res[IT_PEPPER], 1);
    KT_EQ(PL(&c, 0).res[IT_CAMEL], 5);
    KT_EQ(PL(&c, 0).res[IT_COIN], 9);
    KT_CHECK(PL(&c, 0).seals & (16 << G_FARMER));
    kt_scn_free(&c);
}

KT_TEST(mp2_copy_marker_takes_any_other_bonus)
{
    kt_scn c = scn3(T, PS("\"0\":{\"figures\":[\"Lop Nur\"]}"), NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "travel 1 with 1");
    KT_DO(&c, "to Khotan"); /* the "?" marker */
    KT_STREQ(kt_decision(c.g, c.s), "copy_bonus");
    KT_EQ(kt_scn_nlegal(&c), 5); /* every other marker on the board, posts or not */
    KT_DO(&c, "copy bonus of Kashgar (4 coins)");
    /* the space's 2 coins, the route's 1 coin (and a camel), the copied 4 */
    KT_EQ(PL(&c, 0).res[IT_COIN], 10 - 2 - 1 + 4);
    kt_scn_free(&c);
}

KT_TEST(mp2_draw_contract_may_discard_the_new_one)
{
    /* Herat's outpost tile: draw a contract + 4 coins; both contract spaces
     * full, so the drawn contract or an old one goes (supplement icon) */
    kt_scn c = scn_opts(T, "characters=isabella,abha,dewu", 3,
                        "{\"state\":{\"removed\":[\"S4\",\"S5\",\"S6\",\"S7\",\"S3\"],\"players\":{"
                        "\"0\":{\"contracts\":[\"S1\",\"S2\"],\"figures\":[\"Merv\"]},"
                        "\"1\":{\"contracts\":[null,null]},\"2\":{\"contracts\":[null,null]}}}}",
                        NULL);
    KT_REQUIRE(c.g);
    int top = MS(&c)->pile[0], n0 = MS(&c)->pile_len;
    KT_DO(&c, "travel 1 with 1");
    KT_DO(&c, "to Herat");
    KT_STREQ(kt_decision(c.g, c.s), "discard");
    KT_EQ(kt_scn_nlegal(&c), 3);
    char a[64];
    snprintf(a, sizeof a, "discard %s", MC(&c)->contract[top].id);
    KT_DO(&c, a);
    KT_EQ(MS(&c)->pile_len, n0);              /* drawn from the top ... */
    KT_EQ(MS(&c)->pile[n0 - 1], top);          /* ... and put under the pile */
    KT_EQ(PL(&c, 0).con[0], mp2_t_contract(&c, "S1"));
    KT_EQ(PL(&c, 0).res[IT_COIN], 10 - 2 - 2 + 4);
    kt_scn_free(&c);
}

KT_TEST(mp2_no_bonus_action_during_a_normal_action)
{
    kt_scn c = scn_opts(T, "characters=isabella,abha,dewu", 3,
                        "{\"state\":{\"removed\":[\"S4\",\"S5\",\"S6\",\"S7\"],\"players\":{"
                        "\"0\":{\"contracts\":[\"S1\",null],\"pepper\":2,\"dice\":[3,3,3,4,5]},"
                        "\"1\":{\"contracts\":[\"S2\",null]},\"2\":{\"contracts\":[\"S3\",null]}}}}",
                        NULL);
    KT_REQUIRE(c.g);
    KT_CHECK(LEGAL(&c, "complete S1"));
    KT_DO(&c, "travel 2 with 3+3");
    KT_DO(&c, "to Shangdu");
    /* mid-move: only moves and stopping */
    KT_CHECK(!LEGAL(&c, "complete S1"));
    KT_CHECK(!LEGAL(&c, "reroll 4"));
    KT_CHECK(!LEGAL(&c, "buy a black die"));
    KT_DO(&c, "done");
    KT_CHECK(LEGAL(&c, "complete S1")); /* afterwards again */
    kt_scn_free(&c);
}

KT_TEST(mp2_black_dice_return_at_round_end)
{
    kt_scn c = scn3(T, PS(LAST_TURN ",\"0\":{\"dice\":[],\"placed\":5}"),
                    "\"main_done\":1,\"black_pool\":2,\"black_placed\":3");
    KT_REQUIRE(c.g);
    KT_DO(&c, "end turn");
    finish_round_start(T, &c);
    KT_EQ(MS(&c)->round, 1);
    KT_EQ(MS(&c)->black_pool, 5);
    KT_EQ(MS(&c)->black_placed, 0);
    kt_scn_free(&c);
}

/* Issue 27: a full decision stack refuses a push and marks the state, and
 * kt_check reports it (before, release builds dropped the frame silently
 * and the state passed every check). */
KT_TEST(mp2_a_full_effect_stack_is_reported_by_check)
{
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("mp2", NULL, 2, 1, NULL, &g, &err), &err));
    kt_state *st = kt_state_new(g);
    KT_REQUIRE(st != NULL);
    KT_OKS(kt_check(g, st, &err), &err);
    mp2_state *s = (mp2_state *)st;
    int depth = s->nstack;
    s->nstack = MP2_STACK; /* full (the frames' contents do not matter here) */
    mp2_push(s, 1, 0, 0, 0, 0, 0);
    KT_CHECK(s->nstack == MP2_STACK); /* refused, nothing written past the end */
    s->nstack = (uint8_t)depth;
    KT_CHECK(kt_check(g, st, &err) == KT_EINTERNAL);
    KT_CHECK(strstr(err.msg, "stack overflowed") != NULL);
    kt_state_free(g, st);
    kt_game_free(g);
}
