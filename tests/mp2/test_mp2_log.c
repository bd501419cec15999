/*
 * test_mp2_log.c - the Marco Polo II game log (gamedef.events): scenario
 * positions tell what happened (fees, travel legs and their routes, posts,
 * contracts, the round start with its bonuses and dice, the final scoring),
 * in English and German, and no player ever reads another player's
 * private event (the goal card they keep).
 *
 * Data layout: each check asks kt_events_json for one action from a
 * before-state (a copy kept by the test) and searches the JSON text.
 * KT_MP2_LOG=1 prints the log of a random game (for reading, not checked).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mp2_helpers.h"

/* Apply `text` to c and return the log of that action for `viewer`. */
static char *do_log(kt_t *T, kt_scn *c, const char *text, int viewer, int lang)
{
    kt_action a;
    kt_err err = {0, ""};
    if (!KT_OKS(kt_action_parse(c->g, c->s, text, &a, &err), &err))
        return NULL;
    kt_state *b = kt_state_new(c->g);
    kt_state_copy(c->g, b, c->s);
    int actor = kt_to_move(c->g, c->s);
    KT_OKS(kt_apply(c->g, c->s, a, &err), &err);
    char *js = kt_events_json(c->g, b, actor, a, c->s, viewer, lang, &err);
    KT_CHECK(js != NULL);
    kt_state_free(c->g, b);
    return js;
}

static void want(kt_t *T, const char *log, const char *what)
{
    if (!log || !strstr(log, what))
        KT_FAIL("log does not say '%s': %s", what, log ? log : "(null)");
}

KT_TEST(mp2_log_fee_and_gain_of_a_placement)
{
    /* the pepper book already used by player 2 with a 2: player 1's 4 pays 4
     * (4 players: no neutral dice on the board) */
    kt_scn c = mp2_scn(T, "characters=mongke,dewu,abha,filippo", 4,
                       "{\"state\":{\"spaces\":[[1,2,1,2],[0,0,-1,0],[0,0,-1,0],[0,0,-1,0],"
                       "[0,0,-1,0],[0,0,-1,0],[0,0,-1,0],[0,0,-1,0],[0,0,-1,0],[0,0,-1,0],"
                       "[0,0,-1,0],[0,0,-1,0],[0,0,-1,0],[0,0,-1,0],[0,0,-1,0],[0,0,-1,0],"
                       "[0,0,-1,0],[0,0,-1,0],[0,0,-1,0],[0,0,-1,0],[0,0,-1,0],[0,0,-1,0],"
                       "[0,0,-1,0],[0,0,-1,0],[0,0,-1,0]],"
                       "\"players\":{\"0\":{\"dice\":[4,4,5,5,6],\"coins\":8},"
                       "\"1\":{\"dice\":[1,3,3,4],\"placed\":1}}}}");
    KT_REQUIRE(c.g);
    char *en = do_log(T, &c, "pepper book with 4", KT_SPECTATOR, KT_LANG_EN);
    want(T, en, "\"kind\":\"fee\"");
    want(T, en, "Player 1 pays a fee of 4 coins");
    kt_free(en);
    char *de = do_log(T, &c, "nimm 2 Pfeffer", 1, KT_LANG_DE);
    want(T, de, "Spieler 1 erhält 2 Pfeffer");
    kt_free(de);
    kt_scn_free(&c);
}

KT_TEST(mp2_log_travel_route_cost_and_post)
{
    kt_scn c = mp2_scn(T, "characters=dewu,mongke,abha", 3,
                       "{\"state\":{\"players\":{\"0\":{\"dice\":[1,2,3,4,5],\"coins\":20}}}}");
    KT_REQUIRE(c.g);
    kt_free(do_log(T, &c, "travel 2 with 2+3", 0, KT_LANG_EN)); /* 2 steps */
    char *leg = do_log(T, &c, "to Shangdu", 2, KT_LANG_EN);
    want(T, leg, "\"kind\":\"travel\"");
    want(T, leg, "Player 1 travels from Beijing to Shangdu (2 coins)");
    kt_free(leg);
    char *stop = do_log(T, &c, "fertig", 1, KT_LANG_DE);
    want(T, stop, "Spieler 1 baut einen Handelsposten in Shangdu (1 von 11)");
    want(T, stop, "Handelsplättchen"); /* Shangdu's outpost tile */
    kt_free(stop);
    /* one step: the leg and the arrival in one action, the cost still told */
    kt_scn_free(&c);
    c = mp2_scn(T, "characters=dewu,mongke,abha", 3,
                "{\"state\":{\"players\":{\"0\":{\"dice\":[1,2,3,4,5],\"coins\":20}}}}");
    KT_REQUIRE(c.g);
    kt_free(do_log(T, &c, "travel 1 with 1", 0, KT_LANG_EN));
    leg = do_log(T, &c, "to Shangdu", KT_SPECTATOR, KT_LANG_EN);
    want(T, leg, "Player 1 travels from Beijing to Shangdu (2 coins)");
    want(T, leg, "Player 1 builds a trading post in Shangdu");
    kt_free(leg);
    kt_scn_free(&c);
}

KT_TEST(mp2_log_contract_taken_and_fulfilled)
{
    kt_scn c = mp2_scn(T, "characters=dewu,mongke,abha", 3,
                       "{\"state\":{\"players\":{\"0\":{\"posts\":[\"Kabul\"],\"dice\":[1,2,3,4,5],"
                       "\"pepper\":9,\"silk\":9,\"gold\":9,\"camels\":9,\"jade\":9}}}}");
    KT_REQUIRE(c.g);
    const mp2_cfg *cf = MC(&c);
    int kab = mp2_t_loc(&c, "Kabul");
    int k = MS(&c)->cboard[cf->loc[kab].ccity - 1][0];
    KT_REQUIRE(k != MP2_NONE);
    kt_free(do_log(T, &c, "contracts with 1", 0, KT_LANG_EN));
    char take[64];
    snprintf(take, sizeof take, "take %s from Kabul", cf->contract[k].id);
    char *log = do_log(T, &c, take, KT_SPECTATOR, KT_LANG_EN);
    char said[96];
    snprintf(said, sizeof said, "Player 1 takes contract %s from Kabul", cf->contract[k].id);
    want(T, log, said);
    kt_free(log);
    kt_free(do_log(T, &c, "done", 0, KT_LANG_EN));
    char done[64];
    snprintf(done, sizeof done, "complete %s", cf->contract[k].id);
    log = do_log(T, &c, done, 2, KT_LANG_EN);
    snprintf(said, sizeof said, "Player 1 fulfils contract %s", cf->contract[k].id);
    want(T, log, said);
    want(T, log, "\"kind\":\"resources\"");
    kt_free(log);
    kt_scn_free(&c);
}

/* The last turn of a round: the new round, its city bonuses, every
 * player's dice and the next turn. */
KT_TEST(mp2_log_round_start_bonuses_and_dice)
{
    kt_scn c = mp2_scn(T, "characters=dewu,mongke,abha", 3,
                       "{\"header\":{\"to_move\":2,\"turn_player\":2},\"state\":{\"main_done\":1,"
                       "\"markers\":[\"M1\",\"M2\",\"M3\",\"M4\",\"M5\",\"M7\"],"
                       "\"unused_marker\":\"M6\","
                       "\"players\":{\"0\":{\"dice\":[],\"placed\":5,\"posts\":[\"Kashgar\"]},"
                       "\"1\":{\"dice\":[],\"placed\":5},\"2\":{\"dice\":[],\"placed\":5}}}}");
    KT_REQUIRE(c.g);
    char *log = do_log(T, &c, "end turn", KT_SPECTATOR, KT_LANG_EN);
    want(T, log, "Round 2 of 5 begins");
    want(T, log, "New city cards in the action area");
    want(T, log, "Player 1 collects the bonus of Kashgar (4 coins)");
    want(T, log, "Player 3 collects 2 coins (Abha Basu)");
    want(T, log, "Player 1 gets 4 coins");
    for (int p = 0; p < 3; p++) { /* every player's dice, from the first player */
        char r[32];
        snprintf(r, sizeof r, "Player %d rolls ", p + 1);
        want(T, log, r);
    }
    if (!MS(&c)->nstack)
        want(T, log, "\"kind\":\"turn\"");
    kt_free(log);
    kt_scn_free(&c);
}

/* The goal card a player keeps: told to them, not to the others, not to a
 * spectator; an omniscient reader sees it. */
KT_TEST(mp2_log_goal_choice_is_private)
{
    kt_game *g;
    kt_err err = {0, ""};
    KT_REQUIRE(KT_OKS(kt_game_new("mp2", "characters=dewu,mongke,abha", 3, 9, NULL, &g, &err), &err));
    kt_scn c = {g, kt_state_new(g)};
    KT_REQUIRE(strcmp(kt_decision(g, c.s), "goal") == 0);
    int p = kt_to_move(g, c.s);
    const char *id = MC(&c)->goal[PL(&c, p).goal_opt[1]].id;
    for (int viewer = KT_OMNISCIENT; viewer < 3; viewer++) {
        kt_scn d = {g, kt_state_new(g)};
        kt_state_copy(g, d.s, c.s);
        kt_action a[8];
        KT_REQUIRE(kt_legal(g, d.s, a, 8) == 3);
        kt_state *b = kt_state_new(g);
        kt_state_copy(g, b, d.s);
        kt_apply_trusted(g, d.s, a[1]);
        for (int lang = 0; lang < 2; lang++) {
            char *js = kt_events_json(g, b, p, a[1], d.s, viewer, lang, &err);
            KT_REQUIRE(js);
            int sees = strstr(js, id) != NULL;
            if (sees != (viewer == p || viewer == KT_OMNISCIENT))
                KT_FAIL("viewer %d %s goal %s: %s", viewer, sees ? "sees" : "does not see", id, js);
            kt_free(js);
        }
        kt_state_free(g, b);
        kt_state_free(g, d.s);
    }
    kt_state_free(g, c.s);
    kt_game_free(g);
}

/* Random games: no player's log shows another player's goal cards before
 * the end, each action's log starts with the action, and the last action
 * reveals every goal card and the scoring of every player. */
KT_TEST(mp2_log_random_games_private_events_and_final_scoring)
{
    const char *opts[] = {"caravans=1", NULL};
    int print = getenv("KT_MP2_LOG") != NULL;
    for (int gi = 0; gi < 2; gi++) {
        kt_game *g;
        kt_err err = {0, ""};
        int np = 3 + gi;
        KT_REQUIRE(KT_OKS(kt_game_new("mp2", opts[gi], np, (uint64_t)gi + 21, NULL, &g, &err), &err));
        kt_state *s = kt_state_new(g), *b = kt_state_new(g);
        const mp2_cfg *cf = g->cfg;
        kt_rng rng;
        kt_rng_seed(&rng, (uint64_t)gi);
        kt_action buf[KT_LEGAL_MAX];
        int steps = 0, leaks = 0;
        while (!kt_is_over(g, s) && steps++ < 5000) {
            int n = kt_legal(g, s, buf, KT_LEGAL_MAX);
            kt_action a = buf[kt_rng_below(&rng, (uint32_t)n)];
            int actor = kt_to_move(g, s);
            kt_state_copy(g, b, s);
            kt_apply_trusted(g, s, a);
            int over = kt_is_over(g, s);
            for (int v = KT_SPECTATOR; v < np; v++) {
                char *js = kt_events_json(g, b, actor, a, s, v, v == 1 ? KT_LANG_DE : KT_LANG_EN, &err);
                KT_REQUIRE(js);
                if (strncmp(js, "[{\"kind\":\"action\"", 17) != 0)
                    KT_FAIL("log does not start with the action: %s", js);
                for (int q = 0; q < np && !over; q++)
                    for (int i = 0; i < 3 && q != v; i++) {
                        char id[16];
                        snprintf(id, sizeof id, "%s:", cf->goal[((const mp2_state *)s)->pl[q].goal_opt[i]].id);
                        char id2[16];
                        snprintf(id2, sizeof id2, "%s\"", cf->goal[((const mp2_state *)s)->pl[q].goal_opt[i]].id);
                        leaks += strstr(js, id) != NULL || strstr(js, id2) != NULL;
                    }
                if (print && v == KT_SPECTATOR)
                    printf("%s\n", js);
                if (over && v == KT_SPECTATOR) {
                    for (int q = 0; q < np; q++) {
                        const mp2_player *pl = &((const mp2_state *)s)->pl[q];
                        want(T, js, cf->goal[pl->goal_opt[pl->goal]].id);
                        char sc[32];
                        snprintf(sc, sizeof sc, "Player %d: ", q + 1);
                        want(T, js, sc);
                    }
                    want(T, js, "\"kind\":\"winner\"");
                }
                kt_free(js);
            }
        }
        KT_CHECK(kt_is_over(g, s));
        KT_EQ(leaks, 0);
        kt_state_free(g, s);
        kt_state_free(g, b);
        kt_game_free(g);
    }
}
