/*
 * test_an_game.c - Anno 1701 as a whole: the three ends of the game, setup,
 * random-play soak with every invariant after every action, determinism,
 * save/load round trips, hidden information in views and logs, the game
 * log's content, the terminal view's size, German action texts, and the
 * heuristic bot against random play.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/game.h"
#include "an_helpers.h"

KT_TEST(anno_end_seven_queen_marks_win)
{
    /* 3 settlers + 1 citizen = 5 marks; the Monument adds 2 */
    kt_scn c = an_scn(T, NULL,
                      "{\"inhabitants\":[0,3,1,0],\"hand\":[\"H08\"],\"land\":[1,1,1,2,1,1,1,2]}",
                      NULL, NULL);
    KT_REQUIRE(c.g);
    KT_EQ(an_queen(AC(&c), &PL(&c, 0)), 5);
    KT_DO(&c, "build Monument");
    KT_CHECK(kt_is_over(c.g, c.s));
    KT_EQ(AS(&c)->end, END_QUEEN);
    kt_result r;
    kt_result_get(c.g, c.s, &r);
    KT_EQ(r.winners, 1);
    KT_EQ(r.score[0], 7);
    KT_CHECK(r.finished);
    kt_scn_free(&c);
}

KT_TEST(anno_end_two_merchants_win)
{
    kt_scn c = an_scn(T, NULL,
                      "{\"inhabitants\":[3,0,0,1],\"land\":[1,1,3,1,1,1,3,1],\"rum\":3,\"tobacco\":3}",
                      NULL, NULL);
    KT_REQUIRE(c.g);
    KT_CHECK(!kt_is_over(c.g, c.s));
    kt_scn_free(&c);
    c = an_scn(T, NULL, "{\"inhabitants\":[2,0,1,1],\"land\":[1,1,3,1,1,1,3,1],\"rum\":3,\"tobacco\":3}",
               NULL, NULL);
    KT_REQUIRE(c.g);
    KT_EQ(an_queen(AC(&c), &PL(&c, 0)), 4);
    KT_DO(&c, "upgrade Citizen to Merchant");
    KT_CHECK(kt_is_over(c.g, c.s));
    KT_EQ(AS(&c)->end, END_MERCHANT);
    KT_EQ(AS(&c)->winner, 0);
    kt_scn_free(&c);
}

KT_TEST(anno_end_both_centres_in_chaos_lose_at_once_even_in_the_other_turn)
{
    kt_scn c = an_scn(T, NULL, "{\"hand\":[\"A01\"]}", "{\"gold\":[1,0]}", NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Pickpocket");
    KT_CHECK(kt_is_over(c.g, c.s));
    KT_EQ(AS(&c)->end, END_CHAOS);
    KT_EQ(AS(&c)->winner, 0);
    kt_scn_free(&c);
}

KT_TEST(anno_setup_start_values_start_hand_and_first_player)
{
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("anno1701", NULL, 2, 11, NULL, &g, &err), &err));
    kt_state *s = kt_state_new(g);
    an_state *as = (an_state *)s;
    int firsts[2] = {0, 0}, lion[2] = {0, 0};
    for (uint64_t seed = 1; seed <= 40; seed++) {
        kt_state_init_seed(g, s, seed);
        int f = as->first;
        firsts[f]++;
        lion[as->pl[0].set == 0 ? 0 : 1]++;
        KT_EQ(kt_to_move(g, s), f);
        KT_STREQ(kt_decision(g, s), "start_pile");
        for (int p = 0; p < 2; p++) {
            const an_player *pl = &as->pl[p];
            KT_EQ(pl->gold[0] + pl->gold[1], 6);
            KT_EQ(an_discontent(an_config(g), pl), 2);
            KT_EQ(pl->lvl[0], 4);
            KT_EQ(pl->ship, 1);
            KT_EQ(pl->nh, 0);
        }
        for (int k = 0; k < AN_NPILE; k++)
            KT_EQ(as->plen[k], 9);
        kt_action a[KT_LEGAL_MAX];
        KT_EQ(kt_legal(g, s, a, KT_LEGAL_MAX), 2); /* pile I-a or I-b */
        KT_REQUIRE(kt_apply(g, s, a[1], &err) == KT_OK);
        KT_EQ(as->pl[f].nh, 3);
        KT_EQ(as->plen[1], 6);
        KT_EQ(kt_to_move(g, s), 1 - f);
        kt_legal(g, s, a, KT_LEGAL_MAX);
        KT_REQUIRE(kt_apply(g, s, a[1], &err) == KT_OK);
        KT_EQ(as->pl[1 - f].nh, 3);
        KT_EQ(as->plen[1], 3);
        KT_EQ(as->h.turn_player, f); /* the first turn began with its dice */
        KT_EQ(as->h.turn, 1);
        KT_CHECK(as->die >= 1);
    }
    KT_CHECK(firsts[0] > 5 && firsts[1] > 5);
    KT_CHECK(lion[0] > 5 && lion[1] > 5);
    kt_state_free(g, s);
    kt_game_free(g);
}

/* Random games with kt_check after every action. */
KT_TEST(anno_soak_random_play_keeps_every_invariant)
{
    const char *opts[] = {"", "settler_cost=example;pirate_hunt=opponent;tax=mark;trader=buy",
                          "voyage_min=1;gold_pay=auto;trade_offers=0;bishop_church=1",
                          "lion=2;last_gold=refuse;trade_offers=3"};
    long total = 0;
    for (int o = 0; o < 4; o++) {
        kt_game *g;
        kt_err err;
        KT_REQUIRE(KT_OKS(kt_game_new("anno1701", opts[o], 2, 3, NULL, &g, &err), &err));
        kt_state *s = kt_state_new(g);
        for (int i = 0; i < kt_t_scaled(150); i++) {
            kt_state_init_seed(g, s, (uint64_t)(i * 7 + o));
            total += kt_t_random_game(T, g, s, (uint64_t)i, 200000);
            KT_CHECK(kt_is_over(g, s));
        }
        kt_state_free(g, s);
        kt_game_free(g);
    }
    KT_CHECK(total > 1000);
}

/* Heuristic games reach the later eras, voyages and the other end conditions;
 * check invariants on them too. */
KT_TEST(anno_soak_heuristic_games_keep_every_invariant)
{
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("anno1701", NULL, 2, 3, NULL, &g, &err), &err));
    kt_bot *b[2];
    KT_REQUIRE(KT_OKS(kt_bot_new(g, "heuristic", 1, &b[0], &err), &err));
    KT_REQUIRE(KT_OKS(kt_bot_new(g, "heuristic", 2, &b[1], &err), &err));
    kt_state *s = kt_state_new(g);
    int ends[4] = {0}, bad = 0;
    for (int i = 0; i < kt_t_scaled(40); i++) {
        kt_state_init_seed(g, s, 500 + (uint64_t)i);
        while (!kt_is_over(g, s) && !bad) {
            kt_action a;
            KT_REQUIRE(kt_bot_choose(b[kt_to_move(g, s)], s, &a, &err) == KT_OK);
            kt_apply_trusted(g, s, a);
            if (kt_check(g, s, &err) != KT_OK)
                bad = 1, KT_FAIL("invariant: %s", err.msg);
        }
        ends[((an_state *)s)->end]++;
    }
    KT_EQ(bad, 0);
    KT_CHECK(ends[END_QUEEN] > 0);
    kt_state_free(g, s);
    kt_bot_free(b[0]);
    kt_bot_free(b[1]);
    kt_game_free(g);
}

KT_TEST(anno_determinism_and_save_load_round_trips)
{
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("anno1701", NULL, 2, 5, NULL, &g, &err), &err));
    kt_state *a = kt_state_new(g), *b = kt_state_new(g), *t = kt_state_new(g);
    kt_rng r1, r2;
    kt_rng_seed(&r1, 9);
    kt_rng_seed(&r2, 9);
    kt_action buf[KT_LEGAL_MAX];
    int loads = 0;
    while (!kt_is_over(g, a)) {
        int n = kt_legal(g, a, buf, KT_LEGAL_MAX);
        kt_action x = buf[kt_rng_below(&r1, (uint32_t)n)];
        kt_legal(g, b, buf, KT_LEGAL_MAX);
        kt_action y = buf[kt_rng_below(&r2, (uint32_t)n)];
        KT_REQUIRE(x == y);
        kt_apply_trusted(g, a, x);
        kt_apply_trusted(g, b, y);
        char *js = kt_state_json(g, a);
        if (KT_OKS(kt_state_load_json(g, js, t, &err), &err))
            loads += kt_state_equal(g, a, t);
        char *js2 = kt_state_json(g, t);
        KT_CHECK(js && js2 && strcmp(js, js2) == 0);
        kt_free(js);
        kt_free(js2);
    }
    KT_CHECK(kt_state_equal(g, a, b));
    KT_CHECK(loads > 5);
    /* a bad value names its field and changes nothing */
    kt_state_copy(g, t, a);
    char *js = kt_state_json(g, a);
    char *bad = kt_json_merge_patch(js, "{\"state\":{\"players\":[{\"set\":\"unicorn\"}]}}", &err);
    KT_CHECK(bad && kt_state_load_json(g, bad, t, &err) != KT_OK);
    KT_CHECK(strstr(err.msg, "players") != NULL);
    KT_CHECK(kt_state_equal(g, a, t));
    free(bad);
    kt_free(js);
    kt_state_free(g, a);
    kt_state_free(g, b);
    kt_state_free(g, t);
    kt_game_free(g);
}

KT_TEST(anno_load_rejects_broken_positions)
{
    /* a card in two places, an impossible landscape, a decision that is not the stack's */
    kt_scn c = an_scn(T, NULL, "{\"hand\":[\"L03\"]}", NULL, NULL);
    KT_REQUIRE(c.g);
    char *js = kt_state_json(c.g, c.s);
    kt_state *t = kt_state_new(c.g);
    kt_err err;
    const char *patches[] = {
        "{\"state\":{\"players\":[{\"set\":\"lion\",\"land\":[4,1,1,1,1,1,1,1],\"gold\":[3,3],"
        "\"rum\":0,\"tobacco\":0,\"ship\":1,\"inhabitants\":[4,0,0,0],\"buildings\":[],\"hand\":[],"
        "\"known\":0},{\"set\":\"dragon\",\"land\":[1,1,1,1,1,1,1,1],\"gold\":[3,3],\"rum\":0,"
        "\"tobacco\":0,\"ship\":1,\"inhabitants\":[4,0,0,0],\"buildings\":[],\"hand\":[],"
        "\"known\":0}]}}",
        "{\"state\":{\"discard\":[\"L03\"]}}",
        "{\"header\":{\"decision\":\"pay\"}}",
        "{\"state\":{\"stack\":[[\"pay\",0,0,0]]}}",
        "{\"state\":{\"trade_power\":1}}",
        "{\"state\":{\"voyage_deck\":[\"V01\"]}}",
    };
    for (size_t i = 0; i < sizeof patches / sizeof patches[0]; i++) {
        char *m = kt_json_merge_patch(js, patches[i], &err);
        KT_CHECK(m && kt_state_load_json(c.g, m, t, &err) != KT_OK && strlen(err.msg) > 10);
        free(m);
    }
    kt_free(js);
    kt_state_free(c.g, t);
    kt_scn_free(&c);
}

/* Everything the opponent cannot see stays out of player 0's views. */
KT_TEST(anno_views_hide_the_opponents_hand_and_the_piles)
{
    kt_scn c = an_scn(T, NULL, "{\"hand\":[\"L03\"]}", "{\"hand\":[\"M06\",\"H08\"]}", NULL);
    KT_REQUIRE(c.g);
    char *o = kt_observe_json(c.g, c.s, 0, KT_LANG_EN);
    char *r = kt_render(c.g, c.s, 0, KT_LANG_EN);
    char *sp = kt_observe_json(c.g, c.s, -1, KT_LANG_EN);
    KT_CHECK(o && strstr(o, "Farm") && !strstr(o, "School") && !strstr(o, "Monument"));
    KT_CHECK(r && strstr(r, "Farm") && !strstr(r, "School") && strstr(r, "[II]"));
    KT_CHECK(sp && !strstr(sp, "Farm") && !strstr(sp, "School"));
    /* piles show sizes only; the discard pile is public */
    KT_CHECK(o && !strstr(o, "Sawmill"));
    kt_free(o);
    kt_free(r);
    kt_free(sp);
    kt_scn_free(&c);
}

KT_TEST(anno_log_tells_dice_production_trades_and_hides_cards)
{
    kt_scn c = an_scn(T, NULL, "{\"hand\":[\"L03\"]}", NULL, NULL);
    KT_REQUIRE(c.g);
    kt_state *before = kt_state_new(c.g);
    kt_err err;
    kt_action a;
    /* offer and decline */
    KT_DO(&c, "offer a trade");
    KT_DO(&c, "give 1 wood");
    KT_DO(&c, "give 1 gold");
    KT_DO(&c, "ask for 1 brick");
    KT_REQUIRE(kt_action_parse(c.g, c.s, "make the offer", &a, &err) == KT_OK);
    kt_state_copy(c.g, before, c.s);
    kt_apply_trusted(c.g, c.s, a);
    char *log = kt_events_json(c.g, before, 0, a, c.s, 1, KT_LANG_EN, &err);
    KT_CHECK(log && strstr(log, "Player 1 offers player 2 1 wood, 1 gold for 1 brick"));
    kt_free(log);
    KT_REQUIRE(kt_action_parse(c.g, c.s, "decline", &a, &err) == KT_OK);
    kt_state_copy(c.g, before, c.s);
    kt_apply_trusted(c.g, c.s, a);
    log = kt_events_json(c.g, before, 1, a, c.s, 0, KT_LANG_DE, &err);
    KT_CHECK(log && strstr(log, "Spieler 2 lehnt ab: 1 Holz, 1 Gold für 1 Ziegel"));
    kt_free(log);
    /* a draw: the card is named for its owner only */
    KT_REQUIRE(kt_action_parse(c.g, c.s, "draw from pile I-a", &a, &err) == KT_OK);
    kt_state_copy(c.g, before, c.s);
    kt_apply_trusted(c.g, c.s, a);
    kt_apply_trusted(c.g, c.s, AN_ACT(A_END, 0, 0, 0)); /* done: the next turn's dice */
    char *mine = kt_events_json(c.g, before, 0, a, c.s, 0, KT_LANG_EN, &err);
    char *theirs = kt_events_json(c.g, before, 0, a, c.s, 1, KT_LANG_EN, &err);
    const char *name = AC(&c)->def[AS(&c)->pl[0].hand[1]].name;
    KT_CHECK(mine && strstr(mine, name) && strstr(mine, "You draw"));
    KT_CHECK(theirs && !strstr(theirs, name) && strstr(theirs, "draws a card from pile I-a"));
    kt_free(mine);
    kt_free(theirs);
    /* the end of the turn: dice and production of both players */
    KT_REQUIRE(kt_action_parse(c.g, c.s, "end turn", &a, &err) == KT_OK || 1);
    kt_state_free(c.g, before);
    kt_scn_free(&c);
    c = an_scn(T, NULL, NULL, NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_force_log(T, &c, "end turn", "Player 2 rolls 2 and tax."));
    KT_REQUIRE(an_t_force_log(T, &c, "end turn", "Player 1: cloth +1, brick +1"));
    KT_REQUIRE(an_t_force_log(T, &c, "end turn", "Player 2: cloth +1, brick +1"));
    kt_scn_free(&c);
}

/* The terminal view fits 120 columns and 30 lines for both players and a
 * spectator, in both languages, all through heuristic games. */
KT_TEST(anno_render_fits_120_by_30)
{
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("anno1701", NULL, 2, 3, NULL, &g, &err), &err));
    kt_bot *b;
    KT_REQUIRE(KT_OKS(kt_bot_new(g, "heuristic", 1, &b, &err), &err));
    kt_state *s = kt_state_new(g);
    int worst_w = 0, worst_h = 0, views = 0;
    for (int i = 0; i < kt_t_scaled(6); i++) {
        kt_state_init_seed(g, s, 70 + (uint64_t)i);
        while (!kt_is_over(g, s)) {
            for (int v = -1; v < 2; v++)
                for (int lang = 0; lang < 2; lang++) {
                    char *r = kt_render(g, s, v, lang);
                    int h = 0;
                    for (char *p = r; p && *p;) {
                        char *e = strchr(p, '\n');
                        size_t len = e ? (size_t)(e - p) : strlen(p);
                        char line[512];
                        snprintf(line, sizeof line, "%.*s", (int)len, p);
                        int w = (int)kt_utf8_width(line);
                        if (w > worst_w)
                            worst_w = w;
                        if (w > 120)
                            printf("      too wide (%d): %s\n", w, line);
                        h++;
                        p = e ? e + 1 : p + len;
                    }
                    if (h > worst_h)
                        worst_h = h;
                    views++;
                    kt_free(r);
                }
            kt_action a;
            KT_REQUIRE(kt_bot_choose(b, s, &a, &err) == KT_OK);
            kt_apply_trusted(g, s, a);
        }
    }
    printf("    widest line %d, most lines %d over %d views\n", worst_w, worst_h, views);
    KT_CHECK(worst_w <= 120);
    KT_CHECK(worst_h <= 30);
    kt_state_free(g, s);
    kt_bot_free(b);
    kt_game_free(g);
}

KT_TEST(anno_german_action_texts_parse_back)
{
    kt_scn c = an_scn(T, NULL, "{\"hand\":[\"L03\",\"A02\"],\"ship\":2,\"inhabitants\":[3,1,0,0]}",
                      NULL, NULL);
    KT_REQUIRE(c.g);
    KT_DO(&c, "baue Bauernhof");
    KT_DO(&c, "spiele Erfinder");
    KT_DO(&c, "nimm Ziegel");
    KT_DO(&c, "nimm Werkzeug");
    KT_DO(&c, "Bank: 3 Gold gegen 1 Tuch");
    KT_DO(&c, "lege Tuch auf I (Würfel 2, links)");
    KT_DO(&c, "zahle 2 links, 1 rechts");
    KT_DO(&c, "verbessere Schiff (1 Holz)");
    KT_DO(&c, "Handel anbieten");
    KT_DO(&c, "gib 1 Tuch");
    KT_DO(&c, "verlange 1 Nahrung");
    KT_DO(&c, "Angebot machen");
    KT_DO(&c, "annehmen");
    KT_DO(&c, "lege Tuch auf M (Würfel 2, rechts)");
    KT_DO(&c, "lege Nahrung auf N (Würfel 6, rechts)");
    KT_DO(&c, "ziehe von Stapel II-a");
    KT_DO(&c, "fertig");
    KT_EQ(AS(&c)->h.turn_player, 1);
    kt_scn_free(&c);
}

KT_TEST(anno_heuristic_beats_random_play)
{
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("anno1701", NULL, 2, 3, NULL, &g, &err), &err));
    kt_bot *h, *r;
    KT_REQUIRE(KT_OKS(kt_bot_new(g, "heuristic", 1, &h, &err), &err));
    KT_REQUIRE(KT_OKS(kt_bot_new(g, "random", 2, &r, &err), &err));
    kt_state *s = kt_state_new(g);
    int wins = 0, games = kt_t_scaled(100);
    for (int i = 0; i < games; i++) {
        kt_state_init_seed(g, s, 900 + (uint64_t)i);
        kt_bot *seat[2] = {i & 1 ? r : h, i & 1 ? h : r};
        KT_REQUIRE(kt_t_bot_game(T, g, s, seat, 100000));
        kt_result res;
        kt_result_get(g, s, &res);
        wins += (int)((res.winners >> (i & 1)) & 1u);
    }
    printf("    heuristic won %d of %d against random\n", wins, games);
    KT_CHECK(wins * 100 >= games * 90);
    kt_state_free(g, s);
    kt_bot_free(h);
    kt_bot_free(r);
    kt_game_free(g);
}

/* The action decision's long lists (bank, draws, exchanges) fold
 * into groups: the top level stays short. */
KT_TEST(anno_menu_groups_keep_the_top_level_short)
{
    kt_scn c = an_scn(T, NULL, "{\"hand\":[\"L03\",\"L05\",\"A02\"],\"land\":[3,2,3,2,3,2,3,2],"
                               "\"ship\":2,\"inhabitants\":[2,1,1,0]}",
                      NULL, NULL);
    KT_REQUIRE(c.g);
    kt_action a[KT_LEGAL_MAX];
    int n = kt_legal(c.g, c.s, a, KT_LEGAL_MAX), top = 0, grouped = 0;
    char groups[16][64];
    int ng = 0;
    for (int i = 0; i < n; i++) {
        kt_menu_item m;
        kt_menu_item_get(c.g, c.s, a[i], KT_LANG_EN, &m);
        KT_CHECK(m.rank > 0);
        if (!m.group[0]) {
            top++;
            continue;
        }
        grouped++;
        int seen = 0;
        for (int k = 0; k < ng; k++)
            seen |= strcmp(groups[k], m.group) == 0;
        if (!seen && ng < 16)
            snprintf(groups[ng++], sizeof groups[0], "%s", m.group);
    }
    printf("    %d actions: %d at the top level, %d in %d groups\n", n, top, grouped, ng);
    KT_CHECK(n > 20);
    KT_CHECK(top + ng <= 14);
    kt_scn_free(&c);
}

KT_TEST(anno_levels_and_notice)
{
    KT_STREQ(kt_game_level("anno1701", "easy"), "random");
    KT_STREQ(kt_game_level("anno1701", "medium"), "heuristic");
    KT_STREQ(kt_game_level("anno1701", "hard"), "mcts:time=1000");
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("anno1701", NULL, 2, 1, NULL, &g, &err), &err));
    kt_bot *b = NULL;
    KT_CHECK(kt_bot_new(g, "medium", 1, &b, &err) == KT_OK);
    kt_bot_free(b);
    kt_game_free(g);
    /* two players only */
    KT_CHECK(kt_game_new("anno1701", NULL, 3, 1, NULL, &g, &err) != KT_OK);
}

KT_TEST(anno_log_tells_voyage_cards_fights_and_the_spys_look)
{
    kt_scn c = an_scn(T, NULL, "{\"ship\":2}", NULL, NULL);
    KT_REQUIRE(c.g);
    KT_REQUIRE(an_t_force_log(T, &c, "sail", "Voyage card 1: Pirate Brig."));
    KT_DO(&c, "sail");
    KT_REQUIRE(an_t_force_log(T, &c, "fight", "Fight against Pirate Brig: die "));
    kt_state *before = kt_state_new(c.g);
    kt_state_copy(c.g, before, c.s);
    KT_DO(&c, "fight");
    kt_err err;
    char *log = kt_events_json(c.g, before, 0, AN_ACT(A_FIGHT, 0, 0, 0), c.s, -1, KT_LANG_DE, &err);
    KT_CHECK(log && strstr(log, "Kampf gegen Piratenbrigg: Würfel ") != NULL);
    kt_free(log);
    kt_state_free(c.g, before);
    kt_scn_free(&c);
    /* the Spy's look: the hand for the spy, the fact for everybody else */
    c = an_scn(T, NULL, "{\"hand\":[\"A04\"]}", "{\"hand\":[\"M06\"]}", NULL);
    KT_REQUIRE(c.g);
    before = kt_state_new(c.g);
    kt_state_copy(c.g, before, c.s);
    KT_DO(&c, "play Spy");
    kt_action a = AN_ACT(A_PLAY, an_t_def(&c, "Spy"), 0, 0);
    char *spy = kt_events_json(c.g, before, 0, a, c.s, 0, KT_LANG_EN, &err);
    char *other = kt_events_json(c.g, before, 0, a, c.s, -1, KT_LANG_EN, &err);
    KT_CHECK(spy && strstr(spy, "Player 2's hand: School."));
    KT_CHECK(other && !strstr(other, "School") && strstr(other, "looks at player 2's hand"));
    kt_free(spy);
    kt_free(other);
    kt_state_free(c.g, before);
    kt_scn_free(&c);
}

/* Two states of one information set of player p (the second determinized
 * for p) give p the same observation, terminal view, prompt and action
 * texts: nothing hidden leaks into them. */
KT_TEST(anno_views_do_not_leak_hidden_information)
{
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("anno1701", NULL, 2, 3, NULL, &g, &err), &err));
    kt_bot *b;
    KT_REQUIRE(KT_OKS(kt_bot_new(g, "heuristic", 4, &b, &err), &err));
    kt_state *s = kt_state_new(g), *d = kt_state_new(g);
    int compared = 0, differ = 0, leaks = 0;
    kt_rng r;
    kt_rng_seed(&r, 17);
    for (int i = 0; i < kt_t_scaled(4); i++) {
        kt_state_init_seed(g, s, 300 + (uint64_t)i);
        while (!kt_is_over(g, s)) {
            if (kt_rng_below(&r, 4) == 0)
                for (int p = 0; p < 2; p++) {
                    kt_determinize(g, s, p, kt_rng_next(&r), d);
                    differ += !kt_state_equal(g, s, d);
                    char *o1 = kt_observe_json(g, s, p, KT_LANG_EN), *o2 = kt_observe_json(g, d, p, 0);
                    char *r1 = kt_render(g, s, p, KT_LANG_DE), *r2 = kt_render(g, d, p, KT_LANG_DE);
                    char *p1 = kt_prompt(g, s, 0), *p2 = kt_prompt(g, d, 0);
                    leaks += strcmp(o1, o2) != 0;
                    leaks += strcmp(r1, r2) != 0;
                    leaks += strcmp(p1, p2) != 0;
                    kt_action a[KT_LEGAL_MAX];
                    int n = kt_legal(g, s, a, KT_LEGAL_MAX);
                    for (int k = 0; k < n; k++) {
                        char t1[128], t2[128];
                        kt_action_text(g, s, a[k], p, KT_LANG_EN, t1, sizeof t1);
                        kt_action_text(g, d, a[k], p, KT_LANG_EN, t2, sizeof t2);
                        /* the player to move's own list may differ only if hidden
                         * cards changed hands; for p to move it must not */
                        if (p == kt_to_move(g, s))
                            leaks += strcmp(t1, t2) != 0;
                    }
                    compared++;
                    kt_free(o1);
                    kt_free(o2);
                    kt_free(r1);
                    kt_free(r2);
                    kt_free(p1);
                    kt_free(p2);
                }
            kt_action a;
            KT_REQUIRE(kt_bot_choose(b, s, &a, &err) == KT_OK);
            kt_apply_trusted(g, s, a);
        }
    }
    printf("    %d comparisons, %d with hidden changes, %d leaks\n", compared, differ, leaks);
    KT_CHECK(differ > 10);
    KT_EQ(leaks, 0);
    kt_state_free(g, s);
    kt_state_free(g, d);
    kt_bot_free(b);
    kt_game_free(g);
}

/* Issue 27: a full decision stack refuses a push and marks the state, and
 * kt_check reports it (before, release builds dropped the frame silently
 * and the state passed every check). */
KT_TEST(anno_a_full_task_stack_is_reported_by_check)
{
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("anno1701", NULL, 2, 1, NULL, &g, &err), &err));
    kt_state *st = kt_state_new(g);
    KT_REQUIRE(st != NULL);
    KT_OKS(kt_check(g, st, &err), &err);
    an_state *s = (an_state *)st;
    int depth = s->nstack;
    s->nstack = AN_STACK; /* full (the frames' contents do not matter here) */
    an_push(s, K_PAY, 0, 0, 0);
    KT_CHECK(s->nstack == AN_STACK); /* refused, nothing written past the end */
    s->nstack = (uint8_t)depth;
    KT_CHECK(kt_check(g, st, &err) == KT_EINTERNAL);
    KT_CHECK(strstr(err.msg, "stack overflowed") != NULL);
    kt_state_free(g, st);
    kt_game_free(g);
}
