/*
 * test_base.c - the base game as a variant (variant=base): development
 * cards, Largest Army, the robber from the start, hidden VP cards, 10 VP.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan_test.h"

#define J(...) #__VA_ARGS__

/* The development deck as a JSON patch: every card not counted in `held`
 * (per type: in hands or played knights), with `top` drawn first. */
static void dev_patch(char *out, size_t cap, const int *held, int top)
{
    int n = snprintf(out, cap, "{\"state\":{\"dev_deck\":[");
    int first = 1, left[CAT_NDEV];
    for (int d = 0; d < CAT_NDEV; d++)
        left[d] = cat_devcards[d].count - held[d];
    if (top >= 0 && left[top] > 0) {
        n += snprintf(out + n, cap - (size_t)n, "\"%s\"", cat_devcards[top].key);
        left[top]--;
        first = 0;
    }
    for (int d = 0; d < CAT_NDEV; d++)
        for (int i = 0; i < left[d]; i++) {
            n += snprintf(out + n, cap - (size_t)n, "%s\"%s\"", first ? "" : ",", cat_devcards[d].key);
            first = 0;
        }
    snprintf(out + n, cap - (size_t)n, "]}}");
}

static const char *BB = J({"state":{
    "buildings":{"12":{"player":0,"kind":"settlement"},"30":{"player":0,"kind":"settlement"},
                 "4":{"player":1,"kind":"settlement"},"41":{"player":1,"kind":"settlement"},
                 "20":{"player":2,"kind":"settlement"},"44":{"player":3,"kind":"settlement"}},
    "roads":{"12-17":0,"30-35":0,"4-8":1,"41-45":1,"20-25":2,"44-48":3}}});

KT_TEST(catan_base_development_card_not_played_the_turn_it_is_bought)
{
    int held[CAT_NDEV] = {0};
    char dp[2048];
    dev_patch(dp, sizeof dp, held, DV_KNIGHT);
    kt_scn c = cat_scn2(T, "variant=base", 4, dp, J({"state":{"players":{"0":{"hand":{"wool":1,"grain":1,"ore":1}}}}}));
    KT_REQUIRE(c.s);
    /* no Cities & Knights actions here */
    char *o = kt_observe_json(c.g, c.s, 0, KT_LANG_EN);
    KT_CHECK(o && strstr(o, "\"variant\":\"base\""));
    kt_free(o);
    KT_DO(&c, "buy development card");
    KT_EQ(CS(&c)->pl[0].dev[DV_KNIGHT], 1);
    KT_EQ(CS(&c)->pl[0].dev_new[DV_KNIGHT], 1);
    KT_CHECK(!kt_scn_legal(&c, "play Knight"));
    KT_DO(&c, "end turn");
    KT_EQ(CS(&c)->pl[0].dev_new[DV_KNIGHT], 0); /* playable from the next turn on */
    kt_scn_free(&c);
}

KT_TEST(catan_base_one_development_card_per_turn_even_before_the_roll)
{
    kt_scn c = cat_scn2(T, "variant=base", 4, BB, J({"header":{"decision":"roll"},"state":{
        "stack":[{"kind":"roll","player":0,"a":0,"b":0}],
        "dev_deck":["knight","knight","knight","knight","knight","knight","knight","knight","knight","knight",
            "knight","knight","knight","victory_point","victory_point","victory_point","victory_point",
            "victory_point","road_building","road_building","year_of_plenty","monopoly","monopoly"],
        "players":{"0":{"dev":{"knight":1,"year_of_plenty":1}},"1":{"hand":{"brick":1}}}}}));
    KT_REQUIRE(c.s);
    KT_CHECK(kt_scn_legal(&c, "play Knight") && kt_scn_legal(&c, "play Year of Plenty"));
    KT_DO(&c, "play Knight");
    KT_CHECK(cat_t_decision_is(&c, "robber"));
    KT_DO(&c, "robber to B"); /* player 2 (4) is the only victim */
    KT_EQ(cat_t_hand(&c, 0, K_BRICK), 1);
    KT_CHECK(cat_t_decision_is(&c, "roll"));
    KT_EQ(kt_scn_nlegal(&c), 1); /* one card per turn */
    KT_EQ(CS(&c)->pl[0].knights_played, 1);
    kt_scn_free(&c);
}

KT_TEST(catan_base_largest_army)
{
    kt_scn c = cat_scn2(T, "variant=base", 4, BB, J({"state":{
        "dev_deck":["knight","knight","knight","knight","knight","knight","knight","knight","knight",
            "victory_point","victory_point","victory_point","victory_point",
            "victory_point","road_building","road_building","year_of_plenty","year_of_plenty","monopoly","monopoly"],
        "players":{"0":{"dev":{"knight":1},"knights_played":2},"1":{"knights_played":2}}}}));
    KT_REQUIRE(c.s);
    KT_EQ(CS(&c)->la_holder, -1);
    KT_DO(&c, "play Knight");
    KT_DO(&c, "robber to S");
    KT_EQ(CS(&c)->la_holder, 0);
    KT_EQ(cat_vp_public(c.g, CS(&c), 0), 4);
    kt_scn_free(&c);
    /* equal is not enough to take it away */
    c = cat_scn2(T, "variant=base", 4, BB, J({"header":{"to_move":1,"turn_player":1},"state":{
        "stack":[{"kind":"main","player":1,"a":0,"b":0}],"largest_army":0,
        "dev_deck":["knight","knight","knight","knight","knight","knight","knight","knight",
            "victory_point","victory_point","victory_point","victory_point",
            "victory_point","road_building","road_building","year_of_plenty","year_of_plenty","monopoly","monopoly"],
        "players":{"0":{"knights_played":3},"1":{"dev":{"knight":1},"knights_played":2}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Knight");
    KT_DO(&c, "robber to S");
    KT_EQ(CS(&c)->la_holder, 0);
    kt_scn_free(&c);
}

KT_TEST(catan_base_year_of_plenty_monopoly_road_building)
{
    kt_scn c = cat_scn2(T, "variant=base", 4, BB, J({"state":{
        "dev_deck":["knight","knight","knight","knight","knight","knight","knight","knight","knight","knight",
            "knight","knight","knight","knight","victory_point","victory_point","victory_point","victory_point",
            "victory_point","road_building","year_of_plenty","monopoly"],
        "players":{"0":{"dev":{"year_of_plenty":1,"monopoly":1,"road_building":1}},
                   "1":{"hand":{"ore":5}},"2":{"hand":{"ore":2}}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Year of Plenty");
    KT_DO(&c, "take grain");
    KT_DO(&c, "take grain");
    KT_EQ(cat_t_hand(&c, 0, K_GRAIN), 2);
    KT_CHECK(!kt_scn_legal(&c, "play Monopoly")); /* one per turn */
    KT_DO(&c, "end turn");
    /* skip to player 1's next turn */
    for (int guard = 0; guard < 400 && kt_turn_player(c.g, c.s) != 0; guard++) {
        kt_action a[KT_LEGAL_MAX];
        int n = kt_legal(c.g, c.s, a, KT_LEGAL_MAX);
        KT_REQUIRE(n > 0);
        /* prefer ending turns and declining; keep the hands intact */
        kt_action pick = a[0];
        char t[128];
        for (int i = 0; i < n; i++) {
            kt_action_text(c.g, c.s, a[i], -1, KT_LANG_EN, t, sizeof t);
            if (!strcmp(t, "end turn") || !strcmp(t, "roll"))
                pick = a[i];
        }
        kt_apply(c.g, c.s, pick, NULL);
    }
    while (!cat_t_decision_is(&c, "main") && !kt_is_over(c.g, c.s)) {
        kt_action a[KT_LEGAL_MAX];
        KT_REQUIRE(kt_legal(c.g, c.s, a, KT_LEGAL_MAX) > 0);
        kt_apply(c.g, c.s, a[0], NULL);
    }
    int before = cat_t_hand(&c, 1, K_ORE) + cat_t_hand(&c, 2, K_ORE) + cat_t_hand(&c, 0, K_ORE);
    KT_DO(&c, "play Monopoly");
    KT_DO(&c, "monopoly on ore");
    KT_EQ(cat_t_hand(&c, 0, K_ORE), before); /* every ore of every player */
    KT_EQ(cat_t_hand(&c, 1, K_ORE), 0);
    kt_scn_free(&c);
    c = cat_scn2(T, "variant=base", 4, BB, J({"state":{
        "dev_deck":["knight","knight","knight","knight","knight","knight","knight","knight","knight","knight",
            "knight","knight","knight","knight","victory_point","victory_point","victory_point","victory_point",
            "victory_point","road_building","year_of_plenty","year_of_plenty","monopoly","monopoly"],
        "players":{"0":{"dev":{"road_building":1}}}}}));
    KT_REQUIRE(c.s);
    KT_DO(&c, "play Road Building");
    KT_DO(&c, "build road 17-23");
    KT_DO(&c, "build road 23-29");
    KT_EQ(CS(&c)->pl[0].n_road, 4);
    KT_CHECK(cat_t_decision_is(&c, "main"));
    kt_scn_free(&c);
}

KT_TEST(catan_base_hidden_vp_cards_win_on_own_turn)
{
    /* 7 public VP + 2 VP cards; buying a third VP card wins at once */
    kt_scn c = cat_scn2(T, "variant=base", 4, BB, J({"state":{
        "buildings":{"12":{"player":0,"kind":"city"},"30":{"player":0,"kind":"city"},
                     "2":{"player":0,"kind":"city"},"50":{"player":0,"kind":"settlement"}},
        "roads":{"2-6":0,"50-53":0},
        "dev_deck":["victory_point","knight","knight","knight","knight","knight","knight","knight","knight",
            "knight","knight","knight","knight","knight","knight","victory_point","victory_point",
            "road_building","road_building","year_of_plenty","year_of_plenty","monopoly","monopoly"],
        "players":{"0":{"dev":{"victory_point":2},"hand":{"wool":1,"grain":1,"ore":1}}}}}));
    KT_REQUIRE(c.s);
    KT_EQ(cat_vp_public(c.g, CS(&c), 0), 7);
    KT_EQ(cat_vp_total(c.g, CS(&c), 0), 9);
    /* others see only the public points */
    char *o = kt_observe_json(c.g, c.s, 1, KT_LANG_EN);
    char *vp = kt_json_at(o, "boards.0.vp");
    KT_STREQ(vp, "7");
    free(vp);
    kt_free(o);
    KT_DO(&c, "buy development card");
    KT_CHECK(kt_is_over(c.g, c.s));
    kt_result r;
    kt_result_get(c.g, c.s, &r);
    KT_EQ(r.score[0], 10);
    KT_EQ(r.winners, 1u);
    kt_scn_free(&c);
}

KT_TEST(catan_base_robber_from_the_start)
{
    kt_scn c = cat_scn2(T, "variant=base", 4, BB, J({"header":{"decision":"roll"},"state":{
        "stack":[{"kind":"roll","player":0,"a":0,"b":0}],"players":{"1":{"hand":{"ore":1}}}}}));
    KT_REQUIRE(c.s);
    KT_REQUIRE(cat_t_roll(T, &c, 1, 6, 0));
    KT_CHECK(cat_t_decision_is(&c, "robber"));
    KT_DO(&c, "robber to B");
    KT_EQ(cat_t_hand(&c, 0, K_ORE), 1);
    kt_scn_free(&c);
}
