/*
 * test_plunder_bots.c - the Dominion bots in Plunder games: whole games on
 * many Plunder kingdoms (with Loot, Events and Traits) without getting
 * stuck and with checks after every action, and sensible answers at the
 * decisions Plunder adds.
 */
#include <stdio.h>
#include <string.h>

#include "../../src/core/rng.h"
#include "../../src/games/dominion/dominion.h"
#include "helpers.h"

/* The bot's answer in the scenario, as text. */
static void bot_says(kt_t *T, kt_scn *c, const char *bot, char *out, size_t cap)
{
    kt_bot *b;
    kt_err err;
    out[0] = '\0';
    if (!KT_OKS(kt_bot_new(c->g, bot, 1, &b, &err), &err))
        return;
    kt_action a;
    if (KT_OKS(kt_bot_choose(b, c->s, &a, &err), &err))
        kt_action_text(c->g, c->s, a, KT_OMNISCIENT, KT_LANG_EN, out, cap);
    kt_bot_free(b);
}

#define BOT_SAYS(c, bot, want)                                                                    \
    do {                                                                                          \
        char said_[128];                                                                          \
        bot_says(T, (c), (bot), said_, sizeof said_);                                             \
        KT_STREQ(said_, (want));                                                                  \
    } while (0)

static const char *const all_bots[] = {"heuristic", "bmu", "random"};

KT_TEST(dominion_plunder_bots_play_whole_games_everywhere)
{
    kt_rng r;
    kt_rng_seed(&r, 31);
    int games = 0, target = 4 + kt_t_scaled(36);
    for (int i = 0; i < target; i++) {
        /* every Plunder card and landscape over the first games, then mixes */
        char opts[900];
        int base = DOM_FIRST_PLUNDER + 10 * (i % 4);
        snprintf(opts, sizeof opts, "kingdom=");
        for (int k = 0; k < 10; k++) {
            int id = i < 4 ? base + k
                           : DOM_CELLAR + (int)kt_rng_below(&r, DOM_FIRST_LOOT - DOM_CELLAR);
            if (strstr(opts, dom_cards[id].en))
                continue;
            strncat(opts, dom_cards[id].en, sizeof opts - strlen(opts) - 1);
            strncat(opts, ",", sizeof opts - strlen(opts) - 1);
        }
        strncat(opts, ";landscapes=0;events=", sizeof opts - strlen(opts) - 1);
        for (int k = 0; k < 4; k++) {
            int e = DOM_FIRST_EVENT + (i * 4 + k) % 15;
            strncat(opts, dom_cards[e].en, sizeof opts - strlen(opts) - 1);
            strncat(opts, ",", sizeof opts - strlen(opts) - 1);
        }
        strncat(opts, ";traits=", sizeof opts - strlen(opts) - 1);
        for (int k = 0; k < 3; k++) {
            int t = DOM_FIRST_TRAIT + (i * 3 + k) % 15;
            strncat(opts, dom_cards[t].en, sizeof opts - strlen(opts) - 1);
            strncat(opts, ",", sizeof opts - strlen(opts) - 1);
        }
        int np = 2 + i % 3;
        kt_game *g;
        kt_err err;
        if (kt_game_new("dominion", opts, np, (uint64_t)i, NULL, &g, &err) != KT_OK) {
            /* a random mix may leave no pile for three Traits: fine */
            KT_CHECK(strstr(err.msg, "traits") != NULL);
            continue;
        }
        kt_bot *b[4];
        for (int p = 0; p < np; p++)
            KT_OKS(kt_bot_new(g, all_bots[(i + p) % 3], (uint64_t)(i * 4 + p), &b[p], &err),
                   &err);
        kt_state *s = kt_state_new(g);
        long n = 0;
        int ok = 1;
        while (!kt_is_over(g, s) && ok && n++ < 200000) {
            kt_action a;
            ok = kt_bot_choose(b[kt_to_move(g, s)], s, &a, &err) == KT_OK &&
                 kt_apply(g, s, a, &err) == KT_OK && kt_check(g, s, &err) == KT_OK;
            if (!ok)
                KT_FAIL("%s, %d players: %s", opts, np, err.msg);
        }
        if (ok && !kt_is_over(g, s))
            KT_FAIL("%s: bots did not finish in 200000 actions", opts);
        games += ok && kt_is_over(g, s);
        for (int p = 0; p < np; p++)
            kt_bot_free(b[p]);
        kt_state_free(g, s);
        kt_game_free(g);
    }
    KT_CHECK(games >= target / 2);
}

KT_TEST(dominion_plunder_bots_finish_the_presets_heuristic_beats_random)
{
    static const char *const presets[] = {"preset=Treibgut", "preset=Strandgut",
                                          "preset=Erste Plünderung", "preset=Voodoo"};
    int heur = 0, total = 0;
    for (int i = 0; i < 4; i++) {
        kt_game *g;
        kt_err err;
        KT_REQUIRE(KT_OKS(kt_game_new("dominion", presets[i], 2, 1, NULL, &g, &err), &err));
        kt_state *s = kt_state_new(g);
        for (int game = 0; game < kt_t_scaled(10); game++) {
            kt_bot *b[2];
            KT_OKS(kt_bot_new(g, game % 2 ? "random" : "heuristic", 1, &b[0], &err), &err);
            KT_OKS(kt_bot_new(g, game % 2 ? "heuristic" : "random", 2, &b[1], &err), &err);
            kt_state_init_seed(g, s, (uint64_t)(game + 100 * i));
            long n = 0;
            while (!kt_is_over(g, s) && n++ < 100000) {
                kt_action a;
                if (kt_bot_choose(b[kt_to_move(g, s)], s, &a, &err) != KT_OK) {
                    KT_FAIL("%s", err.msg);
                    break;
                }
                kt_apply_trusted(g, s, a);
            }
            kt_result res;
            kt_result_get(g, s, &res);
            int hseat = game % 2 ? 1 : 0;
            heur += (int)((res.winners >> hseat) & 1u);
            total++;
            kt_bot_free(b[0]);
            kt_bot_free(b[1]);
        }
        kt_state_free(g, s);
        kt_game_free(g);
    }
    printf("    heuristic won %d of %d games against random\n", heur, total);
    KT_CHECK(heur * 10 >= total * 8);
}

KT_TEST(dominion_plunder_bots_gondola_now_when_it_lifts_the_buy)
{
    kt_scn c = dom_t_scene(T, "kingdom=Gondola,Village,Smithy,Cellar,Moat,Market,Festival,Mine,"
                              "Laboratory,Workshop",
                           2, 0, "buy", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Gondola\",\"Gold\",\"Gold\"],\"deck\":[],"
                           "\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Gondola");
    /* $6 in hand: +$2 now reaches a Province */
    BOT_SAYS(&c, "bmu", "choose now");
    kt_scn_free(&c);
    c = dom_t_scene(T, "kingdom=Gondola,Village,Smithy,Cellar,Moat,Market,Festival,Mine,Laboratory,"
                       "Workshop",
                    2, 0, "buy", 0,
                    "\"players\":{\"0\":{\"hand\":[\"Gondola\",\"Gold\",\"Gold\",\"Gold\"],"
                    "\"deck\":[],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Gondola");
    /* $9 already buys a Province: keep the $2 for next turn */
    BOT_SAYS(&c, "heuristic", "choose next turn");
    kt_scn_free(&c);
}

KT_TEST(dominion_plunder_bots_cabin_boy_quartermaster_enlarge)
{
    kt_scn c = dom_t_scene(T, "kingdom=Cabin Boy,Crew,Village,Smithy,Cellar,Moat,Market,Festival,"
                              "Mine,Laboratory",
                           1, 0, "buy", 0,
                           "\"players\":{\"0\":{\"hand\":[],\"deck\":[\"Copper\",\"Copper\",\"Copper\","
                           "\"Copper\",\"Copper\"],\"discard\":[]}},"
                           "\"in_play\":[{\"card\":\"Cabin Boy\",\"owner\":0,\"uid\":1,\"by\":0,"
                           "\"flags\":0,\"pend\":1}],\"next_uid\":1");
    KT_REQUIRE(c.g);
    KT_DO(&c, "end turn");
    /* early, with Crew ($5 Duration) available: trade up */
    BOT_SAYS(&c, "heuristic", "trash Cabin Boy");
    KT_DO(&c, "trash Cabin Boy");
    BOT_SAYS(&c, "heuristic", "gain Crew");
    kt_scn_free(&c);
    c = dom_t_scene(T, "kingdom=Quartermaster,Village,Smithy,Cellar,Moat,Market,Festival,Mine,"
                       "Laboratory,Workshop",
                    1, 0, "buy", 0,
                    "\"players\":{\"0\":{\"hand\":[],\"deck\":[\"Copper\",\"Copper\",\"Estate\","
                    "\"Estate\",\"Estate\"],\"discard\":[]}},"
                    "\"in_play\":[{\"card\":\"Quartermaster\",\"owner\":0,\"uid\":1,\"by\":0,"
                    "\"flags\":6,\"pend\":0,\"mult\":1}],"
                    "\"aside\":[{\"card\":\"Gold\",\"owner\":0,\"kind\":\"on\",\"host\":1}],"
                    "\"next_uid\":1");
    KT_REQUIRE(c.g);
    KT_DO(&c, "end turn");
    /* a poor hand ($2): take the Gold from it */
    BOT_SAYS(&c, "bmu", "take Gold");
    kt_scn_free(&c);
    c = dom_t_scene(T, "kingdom=Enlarge,Village,Smithy,Cellar,Moat,Market,Festival,Mine,Laboratory,"
                       "Workshop",
                    1, 0, "action", 0,
                    "\"players\":{\"0\":{\"hand\":[\"Enlarge\",\"Estate\",\"Gold\"],\"deck\":[],"
                    "\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Enlarge");
    BOT_SAYS(&c, "heuristic", "trash Estate");
    KT_DO(&c, "trash Estate");
    /* up to $4: the heuristic's terminal (Smithy), Big Money a Silver */
    BOT_SAYS(&c, "heuristic", "gain Smithy");
    BOT_SAYS(&c, "bmu", "gain Silver");
    kt_scn_free(&c);
}

KT_TEST(dominion_plunder_bots_treasure_gains_take_money_not_dear_weak_cards)
{
    /* Silver Mine may gain Abundance ($4) or Silver ($3): a money deck
     * wants the Silver, Abundance pays only when Actions are gained */
    kt_scn c = dom_t_scene(T, "preset=Treibgut", 2, 0, "buy", 0,
                           "\"players\":{\"0\":{\"hand\":[\"Silver Mine\",\"Copper\"],"
                           "\"deck\":[],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Silver Mine");
    for (size_t i = 0; i < 2; i++)
        BOT_SAYS(&c, all_bots[i], "gain Silver");
    kt_scn_free(&c);
    /* Mine on a Silver with King's Cache out of reach: Gold */
    c = dom_t_scene(T, "kingdom=Mine,King's Cache,Abundance,Village,Smithy,Cellar,Moat,Market,"
                       "Festival,Workshop",
                    2, 0, "action", 0,
                    "\"players\":{\"0\":{\"hand\":[\"Mine\",\"Silver\"],\"deck\":[],"
                    "\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Mine");
    KT_DO(&c, "trash Silver");
    BOT_SAYS(&c, "heuristic", "gain Gold");
    kt_scn_free(&c);
    /* the heuristic's $5 card in a kingdom without Laboratory or Market */
    c = dom_t_scene(T, "preset=Voodoo", 2, 0, "buy", 0,
                    "\"players\":{\"0\":{\"hand\":[\"Silver\",\"Silver\",\"Copper\"],"
                    "\"deck\":[],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play treasures");
    BOT_SAYS(&c, "heuristic", "buy Buried Treasure");
    BOT_SAYS(&c, "bmu", "buy Silver");
    kt_scn_free(&c);
}

KT_TEST(dominion_plunder_bots_inherited_fated_start_order_siren_insignia)
{
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("dominion", "preset=First Game;traits=Inherited:Market", 2, 1,
                                  NULL, &g, &err),
                      &err));
    kt_state *s = kt_state_new(g);
    kt_bot *b;
    KT_REQUIRE(KT_OKS(kt_bot_new(g, "bmu", 1, &b, &err), &err));
    kt_action a;
    char t[64];
    KT_OKS(kt_bot_choose(b, s, &a, &err), &err);
    kt_action_text(g, s, a, KT_OMNISCIENT, KT_LANG_EN, t, sizeof t);
    KT_STREQ(t, "replace Estate");
    kt_bot_free(b);
    kt_state_free(g, s);
    kt_game_free(g);
    /* Fated: a good card on top */
    kt_scn c = dom_t_scene(T, "kingdom=Laboratory,Village,Smithy,Cellar,Moat,Market,Festival,Mine,"
                              "Workshop,Longship;traits=Fated:Laboratory",
                           1, 0, "buy", 0,
                           "\"players\":{\"0\":{\"hand\":[],\"deck\":[],\"discard\":[\"Laboratory\","
                           "\"Copper\",\"Estate\"]}}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "end turn");
    BOT_SAYS(&c, "heuristic", "topdeck Laboratory");
    kt_scn_free(&c);
    /* start of turn: the coins first */
    c = dom_t_scene(T, "kingdom=Gondola,Longship,Village,Smithy,Cellar,Moat,Market,Festival,Mine,"
                       "Laboratory",
                    1, 0, "buy", 0,
                    "\"players\":{\"0\":{\"hand\":[],\"deck\":[\"Copper\",\"Copper\",\"Copper\","
                    "\"Copper\",\"Copper\",\"Copper\",\"Copper\"],\"discard\":[]}},"
                    "\"in_play\":[{\"card\":\"Longship\",\"owner\":0,\"uid\":1,\"by\":0,"
                    "\"flags\":0,\"pend\":1},{\"card\":\"Gondola\",\"owner\":0,\"uid\":2,\"by\":0,"
                    "\"flags\":0,\"pend\":1}],\"next_uid\":2");
    KT_REQUIRE(c.g);
    KT_DO(&c, "end turn");
    BOT_SAYS(&c, "heuristic", "resolve Gondola");
    kt_scn_free(&c);
    /* a gained Siren: Insignia saves it before its own effect */
    char loot[2048], m[4096];
    dom_t_loot(loot, sizeof loot, "", "Insignia");
    snprintf(m, sizeof m,
             "\"players\":{\"0\":{\"hand\":[\"Insignia\"],\"deck\":[],\"discard\":[]}},%s",
             loot);
    c = dom_t_scene(T, "kingdom=Siren,Sack of Loot,Village,Smithy,Cellar,Moat,Market,Festival,Mine,"
                       "Laboratory",
                    2, 0, "buy", 0, m);
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Insignia|buy Siren");
    BOT_SAYS(&c, "heuristic", "resolve Insignia");
    kt_scn_free(&c);
}

KT_TEST(dominion_plunder_bots_treasure_order_kings_cache_and_pendant)
{
    kt_scn c = dom_t_scene(T, "kingdom=King's Cache,Pendant,Village,Smithy,Cellar,Moat,Market,"
                              "Festival,Mine,Laboratory",
                           1, 0, "buy", 0,
                           "\"players\":{\"0\":{\"hand\":[\"King's Cache\",\"Pendant\",\"Gold\","
                           "\"Copper\"],\"deck\":[],\"discard\":[]}}");
    KT_REQUIRE(c.g);
    BOT_SAYS(&c, "bmu", "play King's Cache");
    KT_DO(&c, "play King's Cache");
    BOT_SAYS(&c, "bmu", "play Gold");
    KT_DO(&c, "play Gold");
    BOT_SAYS(&c, "bmu", "play treasures");
    KT_DO(&c, "play treasures");
    BOT_SAYS(&c, "bmu", "play Pendant");
    kt_scn_free(&c);
}

KT_TEST(dominion_plunder_bots_smithy_and_file_bots_in_a_plunder_game)
{
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("dominion",
                                  "kingdom=Smithy,Gondola,Pickaxe,Cutthroat,Siren,Cage,Search,"
                                  "Quartermaster,Mapmaker,Stowaway;landscapes=0;events=Looting,"
                                  "Journey,Avoid;traits=Fated:Gondola,Shy:Pickaxe",
                                  3, 5, NULL, &g, &err),
                      &err));
    static const char *const specs[] = {"smithy", "heuristic", "bmu"};
    int finished = 0;
    for (int game = 0; game < kt_t_scaled(8); game++) {
        kt_bot *b[3];
        for (int p = 0; p < 3; p++)
            KT_REQUIRE(KT_OKS(kt_bot_new(g, specs[(p + game) % 3], (uint64_t)p, &b[p], &err),
                              &err));
        kt_state *s = kt_state_new(g);
        kt_state_init_seed(g, s, (uint64_t)game);
        long n = 0;
        while (!kt_is_over(g, s) && n++ < 100000) {
            kt_action a;
            if (kt_bot_choose(b[kt_to_move(g, s)], s, &a, &err) != KT_OK ||
                kt_apply(g, s, a, &err) != KT_OK || kt_check(g, s, &err) != KT_OK) {
                KT_FAIL("%s", err.msg);
                break;
            }
        }
        finished += kt_is_over(g, s);
        kt_state_free(g, s);
        for (int p = 0; p < 3; p++)
            kt_bot_free(b[p]);
    }
    KT_EQ(finished, kt_t_scaled(8));
    kt_game_free(g);
}

KT_TEST(dominion_plunder_evaluate_values_loot_and_stays_a_distribution)
{
    char loot[2048], m[4096];
    dom_t_loot(loot, sizeof loot, "", "Hammer,Hammer,Sword,Sword,Orb,Orb");
    snprintf(m, sizeof m,
             "\"players\":{\"0\":{\"hand\":[],\"deck\":[\"Hammer\",\"Hammer\",\"Sword\",\"Sword\","
             "\"Orb\",\"Orb\",\"Copper\",\"Copper\"],\"discard\":[]},\"1\":{\"hand\":[],"
             "\"deck\":[\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\","
             "\"Copper\",\"Copper\"],\"discard\":[]}},%s",
             loot);
    kt_scn c = dom_t_scene(T, "kingdom=Sack of Loot,Village,Smithy,Cellar,Moat,Market,Festival,"
                              "Mine,Laboratory,Pendant",
                           2, 0, "buy", 0, m);
    KT_REQUIRE(c.g);
    double ev[KT_MAX_PLAYERS];
    kt_evaluate(c.g, c.s, ev);
    KT_CHECK(ev[0] > ev[1]);
    KT_CHECK(ev[0] + ev[1] > 0.999 && ev[0] + ev[1] < 1.001);
    kt_scn_free(&c);
}
