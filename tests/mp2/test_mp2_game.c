/*
 * test_mp2_game.c - Marco Polo II as a whole: random-play soaks through the
 * generic conformance suite for 2/3/4 players with and without the
 * Caravans expansion and with the rule flags switched, the 2-player board,
 * views (nothing hidden leaks), loader messages, determinization, and the
 * heuristic bot against random play.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/conformance.h"
#include "mp2_helpers.h"

KT_TEST(mp2_soak_base_game_2_3_4_players)
{
    for (int np = 2; np <= 4; np++)
        kt_conformance_run(T, "mp2", NULL, np, kt_t_scaled(30), kt_t_scaled(4), 200000);
}

KT_TEST(mp2_soak_caravans_2_3_4_players)
{
    for (int np = 2; np <= 4; np++)
        kt_conformance_run(T, "mp2", "caravans=1", np, kt_t_scaled(30), kt_t_scaled(4), 200000);
}

KT_TEST(mp2_soak_every_character_fixed)
{
    /* each character in play, including the caravan ones */
    const char *sets[] = {"characters=mongke,dewu,abha,mailin", "characters=filippo,isabella,gantulga,dewu",
                          "caravans=1;characters=tebaldo,piedro,vidal,donata",
                          "caravans=1;characters=mailin,piedro,donata,mongke"};
    for (int i = 0; i < 4; i++)
        kt_conformance_run(T, "mp2", sets[i], 4, kt_t_scaled(12), kt_t_scaled(3), 200000);
}

KT_TEST(mp2_soak_rule_flags_switched)
{
    kt_conformance_run(T, "mp2",
                       "first_player=last;mongke_end_oasis=1;extra_post_bonus=0;filippo_own=use;"
                       "isabella_reroll=1;mailin_posts=last;goal_match=shield;caravans=1",
                       3, kt_t_scaled(15), kt_t_scaled(3), 200000);
}

KT_TEST(mp2_two_player_neutral_dice_block_and_charge)
{
    kt_scn c = mp2_scn(T, "characters=filippo,isabella", 2,
                       "{\"state\":{\"players\":{\"0\":{\"dice\":[1,5,5,6,6],\"coins\":10,"
                       "\"posts\":[\"Hormuz\"]}}}}");
    KT_REQUIRE(c.g);
    /* one action space of each special city holds a neutral 1 */
    KT_CHECK(!LEGAL(&c, "Hormuz 1 with 5"));
    KT_CHECK(LEGAL(&c, "Hormuz 2 with 5"));
    /* the neutral 5 on the lower gold space makes it cost a fee */
    KT_DO(&c, "gold book lower with 5");
    KT_EQ(PL(&c, 0).res[IT_COIN], 5);
    /* two neutral 1s on the Khan's Favor: the third space is next */
    KT_DO(&c, "take 2 gold");
    KT_EQ(MS(&c)->sp[SP_KHAN].used, 2);
    kt_scn_free(&c);
}

KT_TEST(mp2_views_hide_other_goal_cards_and_piles)
{
    kt_scn c = mp2_scn(T, "characters=filippo,isabella,abha", 3, NULL);
    KT_REQUIRE(c.g);
    char *o0 = kt_observe_json(c.g, c.s, 0, KT_LANG_EN);
    KT_REQUIRE(o0);
    const mp2_cfg *cf = MC(&c);
    /* own goal options visible, the others' not; no contract pile order */
    KT_CHECK(strstr(o0, "\"goal_options\"") != NULL);
    char *p1 = kt_json_at(o0, "seats.1");
    KT_CHECK(p1 && !strstr(p1, "goal"));
    char *p0 = kt_json_at(o0, "seats.0.goal_options");
    KT_CHECK(p0 && strstr(p0, cf->goal[PL(&c, 0).goal_opt[0]].id));
    KT_CHECK(strstr(o0, "\"card_deck\"") == NULL && strstr(o0, "\"pile\"") == NULL);
    free(p1);
    free(p0);
    kt_free(o0);
    /* the spectator sees no goal card at all */
    char *os = kt_observe_json(c.g, c.s, -1, KT_LANG_DE);
    KT_CHECK(os && !strstr(os, "goal_options"));
    kt_free(os);
    /* render: map, routes, boards; the other players' goals not shown */
    char *r = kt_render(c.g, c.s, 1, KT_LANG_EN);
    KT_CHECK(r && strstr(r, "Kas") && strstr(r, "Bei") && strstr(r, "3 G Abha Basu"));
    char want[64];
    snprintf(want, sizeof want, "goal %s", cf->goal[PL(&c, 0).goal_opt[PL(&c, 0).goal]].id);
    KT_CHECK(r && !strstr(r, want));
    kt_free(r);
    /* a spectator sees no goal card either (issue 16: -1 was omniscient) */
    char *rde = kt_render(c.g, c.s, KT_SPECTATOR, KT_LANG_DE);
    snprintf(want, sizeof want, "%s", cf->goal[PL(&c, 0).goal_opt[PL(&c, 0).goal]].id);
    KT_CHECK(rde && strstr(rde, "Runde 1/5") && strstr(rde, "Pek") && !strstr(rde, want));
    kt_free(rde);
    /* the omniscient view (records, referees) shows it */
    kt_buf ob;
    kt_buf_init(&ob);
    c.g->def->render(c.g, c.s, KT_OMNISCIENT, KT_LANG_DE, &ob);
    KT_CHECK(ob.p && strstr(ob.p, want));
    kt_buf_free(&ob);
    kt_scn_free(&c);
}

KT_TEST(mp2_determinize_resamples_only_hidden)
{
    kt_scn c = mp2_scn(T, "characters=filippo,isabella,abha", 3, NULL);
    KT_REQUIRE(c.g);
    kt_state *d = kt_state_new(c.g);
    int pile_changed = 0, goal_changed = 0;
    for (int i = 0; i < 20; i++) {
        kt_determinize(c.g, c.s, 0, (uint64_t)i, d);
        const mp2_state *a = MS(&c), *b = (const mp2_state *)d;
        KT_CHECK(memcmp(a->pl[0].goal_opt, b->pl[0].goal_opt, 3) == 0);
        KT_EQ(a->pl[0].goal, b->pl[0].goal);
        KT_CHECK(memcmp(a->cboard, b->cboard, sizeof a->cboard) == 0);
        KT_CHECK(memcmp(a->card_slot, b->card_slot, sizeof a->card_slot) == 0);
        for (int k = 0; k < 3; k++) {
            KT_EQ(a->offers[k][0], b->offers[k][0]); /* this round's tile */
            KT_EQ(a->offers[k][1], b->offers[k][1]); /* next round's, face up */
        }
        pile_changed |= memcmp(a->pile, b->pile, a->pile_len) != 0;
        goal_changed |= memcmp(a->pl[1].goal_opt, b->pl[1].goal_opt, 3) != 0;
        /* another player's options never include a card player 1 has seen */
        for (int k = 0; k < 3; k++)
            for (int j = 0; j < 3; j++)
                KT_CHECK(b->pl[1].goal_opt[k] != a->pl[0].goal_opt[j]);
    }
    KT_CHECK(pile_changed && goal_changed);
    kt_state_free(c.g, d);
    kt_scn_free(&c);
}

KT_TEST(mp2_load_rejects_bad_fields_with_their_path)
{
    kt_scn c = mp2_scn(T, NULL, 3, NULL);
    KT_REQUIRE(c.g);
    char *js = kt_state_json(c.g, c.s);
    struct {
        const char *patch, *want;
    } cases[] = {
        {"{\"state\":{\"players\":{\"1\":{\"posts\":[\"Kabol\"]}}}}", "'state.players.1.posts[0]': unknown city 'Kabol'"},
        {"{\"state\":{\"players\":{\"0\":{\"dice\":[1,2,7]}}}}", "state.players.0.dice"},
        {"{\"state\":{\"players\":{\"2\":{\"coins\":-1}}}}", "state.players.2.coins"},
        {"{\"state\":{\"card_slots\":[\"K99\",null,null,null,null,null,null,null]}}", "unknown city card 'K99'"},
        {"{\"state\":{\"phase\":\"lunch\"}}", "state.phase"},
        {"{\"state\":{\"players\":{\"0\":{\"posts\":[\"Beijing\"]}}}}", "unknown city 'Beijing'"},
        {"{\"state\":{\"stack\":[{\"type\":\"reward\",\"player\":0,\"a\":999,\"b\":1,\"c\":0,\"d\":0}]}}",
         "state.stack[0]"},
        {"{\"state\":{\"offers\":[[\"II1\",\"I2\",\"I3\",\"I4\",\"I5\",\"I6\"],[\"II1\",\"II2\",\"II3\","
         "\"II4\",\"II5\",\"II6\"],[\"III1\",\"III2\",\"III3\",\"III4\",\"III5\",\"III6\"]]}}",
         "belongs to book 2"},
        {"{\"state\":{\"players\":{\"0\":{\"completed\":[\"C01\"]}}}}", "in 2 places"},
    };
    kt_state *t = kt_state_new(c.g);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        kt_err err = {0, ""};
        char *m = kt_json_merge_patch(js, cases[i].patch, &err);
        KT_REQUIRE(m);
        kt_state_copy(c.g, t, c.s);
        KT_CHECK(kt_state_load_json(c.g, m, t, &err) != KT_OK);
        if (!strstr(err.msg, cases[i].want))
            KT_FAIL("case %zu: '%s' does not mention '%s'", i, err.msg, cases[i].want);
        KT_CHECK(kt_state_equal(c.g, t, c.s)); /* untouched */
        free(m);
    }
    kt_state_free(c.g, t);
    kt_free(js);
    kt_scn_free(&c);
}

KT_TEST(mp2_action_texts_german_parse_back)
{
    kt_scn c = mp2_scn(T, "characters=filippo,isabella,abha", 3,
                       "{\"state\":{\"players\":{\"0\":{\"dice\":[1,2,3,4,5],\"placed\":0,\"coins\":10}}}}");
    KT_REQUIRE(c.g);
    kt_action a;
    kt_err err;
    KT_OKS(kt_action_parse(c.g, c.s, "Reise 1 mit 3", &a, &err), &err);
    KT_OKS(kt_action_parse(c.g, c.s, "Gunst des Khans mit 2", &a, &err), &err);
    KT_OKS(kt_action_parse(c.g, c.s, "geldsack mit 5 für 3 münzen", &a, &err), &err);
    KT_DO(&c, "Pfefferbuch mit 1");
    KT_DO(&c, "nimm 2 Pfeffer");
    KT_EQ(PL(&c, 0).res[IT_PEPPER], 2);
    KT_DO(&c, "Zug beenden");
    kt_scn_free(&c);
}

/* Heuristic against two random players: win rate over seeded games. */
KT_TEST(mp2_heuristic_beats_random_by_far)
{
    int games = kt_t_scaled(12), wins = 0;
    double hs = 0, rs = 0;
    for (int i = 0; i < games; i++) {
        kt_game *g;
        kt_err err;
        KT_REQUIRE(KT_OKS(kt_game_new("mp2", i % 2 ? "caravans=1" : NULL, 3, (uint64_t)i + 7, NULL, &g,
                                      &err),
                          &err));
        kt_bot *b[3];
        int hseat = i % 3;
        for (int p = 0; p < 3; p++)
            KT_REQUIRE(KT_OKS(kt_bot_new(g, p == hseat ? "heuristic" : "random", (uint64_t)(i * 3 + p),
                                         &b[p], &err),
                              &err));
        kt_state *s = kt_state_new(g);
        while (!kt_is_over(g, s)) {
            kt_action a;
            if (!KT_OKS(kt_bot_choose(b[kt_to_move(g, s)], s, &a, &err), &err))
                break;
            kt_apply_trusted(g, s, a);
        }
        kt_result r;
        kt_result_get(g, s, &r);
        wins += (int)((r.winners >> hseat) & 1u);
        for (int p = 0; p < 3; p++) {
            if (p == hseat)
                hs += r.score[p];
            else
                rs += r.score[p];
        }
        for (int p = 0; p < 3; p++)
            kt_bot_free(b[p]);
        kt_state_free(g, s);
        kt_game_free(g);
    }
    printf("    heuristic won %d of %d; mean score %.1f vs random %.1f\n", wins, games, hs / games,
           rs / (2 * games));
    KT_CHECK(wins >= games - games / 6);
    KT_CHECK(hs / games > 2 * rs / (2 * games));
}

KT_TEST(mp2_evaluate_favours_the_leader)
{
    kt_scn c = mp2_scn(T, "characters=filippo,isabella,abha", 3,
                       "{\"state\":{\"players\":{\"2\":{\"vp\":40}}}}");
    KT_REQUIRE(c.g);
    double e[KT_MAX_PLAYERS];
    kt_evaluate(c.g, c.s, e);
    KT_CHECK(e[2] > e[0] && e[2] > e[1]);
    KT_CHECK(e[0] + e[1] + e[2] > 0.99 && e[0] + e[1] + e[2] < 1.01);
    kt_scn_free(&c);
}

KT_TEST(mp2_heuristic_tune_option_validated)
{
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("mp2", NULL, 3, 1, NULL, &g, &err), &err));
    kt_bot *b = NULL;
    KT_OKS(kt_bot_new(g, "heuristic:tune=reach=0.6,gstep=5", 1, &b, &err), &err);
    KT_CHECK(b != NULL);
    kt_bot_free(b);
    /* bad items are refused with a message naming them, and no bot */
    const char *bad[] = {"heuristic:tune=bogus=1", "heuristic:tune=reach", "heuristic:tune=reach=x",
                         "heuristic:tune=reach=1,"};
    const char *name[] = {"bogus=1", "reach", "reach=x", ""};
    for (int i = 0; i < 4; i++) {
        b = NULL;
        kt_status st = kt_bot_new(g, bad[i], 1, &b, &err);
        KT_EQ(st, KT_EINVAL);
        KT_CHECK(b == NULL);
        KT_CHECK(strstr(err.msg, "tune") != NULL && strstr(err.msg, name[i]) != NULL);
    }
    kt_game_free(g);
}

/* The character-specific parts of the heuristic at work: Gantulga Od, who
 * may use only the lower travel space, still spreads his posts, and
 * caravans complete routes (their start choices are made together). */
KT_TEST(mp2_heuristic_uses_character_abilities)
{
    int games = kt_t_scaled(6), gposts = 0, routes = 0;
    for (int i = 0; i < games; i++) {
        kt_game *g;
        kt_err err;
        KT_REQUIRE(KT_OKS(kt_game_new("mp2", "caravans=1;characters=gantulga,tebaldo,piedro", 3,
                                      (uint64_t)i + 11, NULL, &g, &err),
                          &err));
        kt_bot *b[3];
        for (int p = 0; p < 3; p++)
            KT_REQUIRE(KT_OKS(kt_bot_new(g, "heuristic", (uint64_t)(i * 3 + p), &b[p], &err), &err));
        kt_state *s = kt_state_new(g);
        while (!kt_is_over(g, s)) {
            kt_action a;
            if (!KT_OKS(kt_bot_choose(b[kt_to_move(g, s)], s, &a, &err), &err))
                break;
            const mp2_state *ms = (const mp2_state *)s;
            routes += ms->nstack == 0 && MP2_AKIND(a) == A_CVDONE;
            kt_apply_trusted(g, s, a);
        }
        gposts += ((const mp2_state *)s)->pl[0].nposts;
        for (int p = 0; p < 3; p++)
            kt_bot_free(b[p]);
        kt_state_free(g, s);
        kt_game_free(g);
    }
    printf("    Gantulga Od: %.1f posts per game; %.1f caravan routes completed per game\n",
           (double)gposts / games, (double)routes / games);
    /* before the travel potential he stalled at about 4 posts */
    KT_CHECK(gposts >= 6 * games);
    KT_CHECK(routes >= 3 * games);
}

/* The save writes back the same bytes after loading, at every position of
 * random walks with 2, 3 and 4 players (save.c's shared list/set writers
 * and item readers are exact inverses). */
KT_TEST(mp2_save_load_save_is_byte_identical_along_random_walks)
{
    long positions = 0;
    for (int np = 2; np <= 4; np++) {
        kt_game *g;
        kt_err err = {0, ""};
        if (!KT_OKS(kt_game_new("mp2", "", np, 3, NULL, &g, &err), &err))
            return;
        kt_state *s = kt_state_new(g), *t = kt_state_new(g);
        KT_REQUIRE(s && t);
        kt_action buf[KT_LEGAL_MAX];
        for (uint64_t seed = 1; seed <= 3; seed++) {
            kt_rng r;
            kt_rng_seed(&r, 40 + seed);
            kt_state_restart(g, s, seed);
            while (!kt_is_over(g, s)) {
                char *js = kt_state_json(g, s);
                KT_REQUIRE(js);
                KT_OKS(kt_state_load_json(g, js, t, &err), &err);
                char *js2 = kt_state_json(g, t);
                if (!js2 || strcmp(js, js2) != 0 || !kt_state_equal(g, s, t))
                    KT_FAIL("%d players, seed %llu: save -> load -> save differs", np,
                            (unsigned long long)seed);
                kt_free(js);
                kt_free(js2);
                positions++;
                int m = kt_legal(g, s, buf, KT_LEGAL_MAX);
                KT_REQUIRE(m > 0);
                kt_apply_trusted(g, s, buf[kt_rng_below(&r, (uint32_t)m)]);
            }
        }
        kt_state_free(g, s);
        kt_state_free(g, t);
        kt_game_free(g);
    }
    KT_CHECK(positions > 500);
}
