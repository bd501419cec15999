/*
 * test_simul.c - several players deciding at once (kt_pending and the *_as
 * calls), hidden commitments, records with actors, and the game log's
 * visibility, on the test-only game "sealed" (tests/core/sealed.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../harness.h"
#include "sealed.h"

static kt_game *sealed_game(kt_t *T, int players)
{
    kt_game *g = NULL;
    kt_err err;
    KT_OKS(kt_game_new_def(&kt_test_sealed, NULL, players, 7, NULL, &g, &err), &err);
    return g;
}

static kt_action parse_as(kt_t *T, kt_game *g, kt_state *s, int p, const char *text)
{
    kt_action a = 0;
    kt_err err;
    KT_OKS(kt_action_parse_as(g, s, p, text, &a, &err), &err);
    return a;
}

KT_TEST(simul_pending_is_everyone_who_has_not_answered)
{
    kt_game *g = sealed_game(T, 3);
    KT_REQUIRE(g);
    kt_state *s = kt_state_new(g);
    KT_EQ(kt_pending(g, s), 7);
    KT_EQ(kt_to_move(g, s), 0);
    kt_action buf[8];
    KT_EQ(kt_legal_as(g, s, 2, buf, 8), 4);
    kt_err err;
    KT_OKS(kt_apply_as(g, s, 2, parse_as(T, g, s, 2, "bid 3"), &err), &err);
    KT_EQ(kt_pending(g, s), 3);
    KT_EQ(kt_to_move(g, s), 0);
    KT_EQ(kt_legal_as(g, s, 2, buf, 8), 0); /* player 3 has answered */
    /* answering again is refused and changes nothing */
    kt_state *copy = kt_state_new(g);
    kt_state_copy(g, copy, s);
    KT_EQ(kt_apply_as(g, s, 2, 1, &err), KT_EILLEGAL);
    KT_CHECK(strstr(err.msg, "player 3 has nothing to decide") != NULL);
    KT_EQ(kt_apply_as(g, s, 5, 1, &err), KT_EINVAL);
    KT_EQ(kt_apply_as(g, s, 1, 9, &err), KT_EILLEGAL);
    KT_CHECK(kt_state_equal(g, copy, s));
    KT_OKS(kt_check(g, s, &err), &err);
    kt_state_free(g, copy);
    kt_state_free(g, s);
    kt_game_free(g);
}

KT_TEST(simul_answer_order_does_not_change_the_outcome)
{
    kt_game *g = sealed_game(T, 3);
    KT_REQUIRE(g);
    kt_state *a = kt_state_new(g), *b = kt_state_new(g);
    kt_err err;
    const char *bids[3] = {"bid 2", "bid 2", "bid 1"};
    for (int p = 0; p < 3; p++) /* in order 1, 2, 3 */
        KT_OKS(kt_apply_as(g, a, p, parse_as(T, g, a, p, bids[p]), &err), &err);
    for (int p = 2; p >= 0; p--) /* in order 3, 2, 1 */
        KT_OKS(kt_apply_as(g, b, p, parse_as(T, g, b, p, bids[p]), &err), &err);
    KT_CHECK(kt_state_equal(g, a, b));
    KT_EQ(kt_turn_number(g, a), 2);
    char *obs = kt_observe_json(g, a, 2, KT_LANG_EN);
    KT_REQUIRE(obs);
    KT_CHECK(strstr(obs, "\"coins\":4,\"points\":1") != NULL); /* unique high bid 1 won */
    kt_free(obs);
    kt_state_free(g, a);
    kt_state_free(g, b);
    kt_game_free(g);
}

KT_TEST(simul_committed_bid_is_hidden_from_the_others)
{
    kt_game *g = sealed_game(T, 2);
    KT_REQUIRE(g);
    kt_state *lo = kt_state_new(g), *hi = kt_state_new(g);
    kt_err err;
    KT_OKS(kt_apply_as(g, lo, 1, parse_as(T, g, lo, 1, "bid 0"), &err), &err);
    KT_OKS(kt_apply_as(g, hi, 1, parse_as(T, g, hi, 1, "bid 3"), &err), &err);
    KT_CHECK(!kt_state_equal(g, lo, hi));
    for (int v = KT_SPECTATOR; v <= 0; v++) {
        char *a = kt_observe_json(g, lo, v, KT_LANG_EN), *b = kt_observe_json(g, hi, v, KT_LANG_EN);
        KT_REQUIRE(a && b);
        KT_STREQ(a, b);
        kt_free(a);
        kt_free(b);
        a = kt_render(g, lo, v, KT_LANG_EN);
        b = kt_render(g, hi, v, KT_LANG_EN);
        KT_REQUIRE(a && b);
        KT_STREQ(a, b);
        kt_free(a);
        kt_free(b);
    }
    /* the owner sees it */
    char *own = kt_observe_json(g, hi, 1, KT_LANG_EN);
    KT_REQUIRE(own);
    KT_CHECK(strstr(own, "\"bid\":3") != NULL);
    kt_free(own);
    /* a determinized copy for player 1 does not depend on player 2's bid */
    kt_state *d1 = kt_state_new(g), *d2 = kt_state_new(g);
    kt_determinize(g, lo, 0, 99, d1);
    kt_determinize(g, hi, 0, 99, d2);
    KT_CHECK(kt_state_equal(g, d1, d2));
    kt_state_free(g, d1);
    kt_state_free(g, d2);
    kt_state_free(g, lo);
    kt_state_free(g, hi);
    kt_game_free(g);
}

KT_TEST(simul_log_private_event_only_to_its_owner)
{
    kt_game *g = sealed_game(T, 2);
    KT_REQUIRE(g);
    kt_state *before = kt_state_new(g), *s = kt_state_new(g);
    kt_err err;
    kt_action a = parse_as(T, g, s, 1, "bid 2");
    KT_OKS(kt_apply_as(g, s, 1, a, &err), &err);
    char *own = kt_events_json(g, before, 1, a, s, 1, KT_LANG_EN, &err);
    char *other = kt_events_json(g, before, 1, a, s, 0, KT_LANG_EN, &err);
    char *spec = kt_events_json(g, before, 1, a, s, KT_SPECTATOR, KT_LANG_DE, &err);
    char *all = kt_events_json(g, before, 1, a, s, KT_OMNISCIENT, KT_LANG_EN, &err);
    KT_REQUIRE(own && other && spec && all);
    KT_CHECK(strstr(own, "\"text\":\"bid 2\"") && strstr(own, "You bid 2."));
    KT_CHECK(!strstr(other, "2") || !strstr(other, "bid 2"));
    KT_CHECK(strstr(other, "bids secretly") && !strstr(other, "You bid"));
    KT_CHECK(strstr(spec, "bietet verdeckt") && !strstr(spec, "Du bietest"));
    KT_CHECK(strstr(all, "You bid 2."));
    kt_free(own);
    kt_free(other);
    kt_free(spec);
    kt_free(all);
    /* the reveal is public */
    kt_state_copy(g, before, s);
    a = parse_as(T, g, s, 0, "bid 1");
    KT_OKS(kt_apply_as(g, s, 0, a, &err), &err);
    spec = kt_events_json(g, before, 0, a, s, KT_SPECTATOR, KT_LANG_EN, &err);
    KT_REQUIRE(spec);
    KT_CHECK(strstr(spec, "player 1 1, player 2 2. Player 2 wins the round.") != NULL);
    kt_free(spec);
    KT_CHECK(kt_events_json(g, before, 0, a, s, 2, KT_LANG_EN, &err) == NULL);
    KT_EQ(err.code, KT_EINVAL);
    kt_state_free(g, before);
    kt_state_free(g, s);
    kt_game_free(g);
}

KT_TEST(simul_record_keeps_the_actor_and_replays)
{
    kt_game *g = sealed_game(T, 3);
    KT_REQUIRE(g);
    kt_state *s = kt_state_new(g);
    kt_record *r = kt_record_new(g);
    kt_bot *bot = NULL;
    kt_err err;
    KT_OKS(kt_bot_new(g, "random", 3, &bot, &err), &err);
    KT_REQUIRE(bot && r);
    int steps = 0;
    while (!kt_is_over(g, s) && steps++ < 50) {
        /* the highest pending player answers first: not the player to move */
        uint32_t m = kt_pending(g, s);
        int p = 2;
        while (!((m >> p) & 1u))
            p--;
        kt_action a;
        KT_OKS(kt_bot_choose_as(bot, s, p, &a, &err), &err);
        KT_OKS(kt_record_add_as(r, s, p, a), NULL);
        KT_OKS(kt_apply_as(g, s, p, a, &err), &err);
    }
    KT_CHECK(kt_is_over(g, s));
    KT_EQ(kt_record_actor(r, 0), 2);
    char *json = kt_record_json(r);
    KT_REQUIRE(json);
    KT_CHECK(strstr(json, "{\"player\":2,\"action\":\"bid") != NULL);
    kt_record *r2 = NULL;
    kt_game *g2 = NULL;
    /* the loader needs the game registered; replay through the same gamedef */
    KT_EQ(kt_record_load(json, NULL, &r2, &g2, &err), KT_EUNKNOWN);
    kt_state *t = kt_state_new(g);
    KT_OKS(kt_record_replay(r, g, -1, t, &err), &err);
    KT_CHECK(kt_state_equal(g, s, t));
    kt_free(json);
    kt_state_free(g, t);
    kt_record_free(r);
    kt_bot_free(bot);
    kt_state_free(g, s);
    kt_game_free(g);
}

KT_TEST(simul_sequential_clients_still_work)
{
    /* a client that only knows kt_to_move/kt_apply plays the game through */
    kt_game *g = sealed_game(T, 4);
    KT_REQUIRE(g);
    kt_state *s = kt_state_new(g);
    kt_bot *bot = NULL;
    kt_err err;
    KT_OKS(kt_bot_new(g, "mcts:iters=50", 1, &bot, &err), &err);
    int steps = 0;
    while (!kt_is_over(g, s) && steps++ < 100) {
        kt_action a;
        KT_OKS(kt_bot_choose(bot, s, &a, &err), &err);
        KT_OKS(kt_apply(g, s, a, &err), &err);
        KT_OKS(kt_check(g, s, &err), &err);
    }
    KT_CHECK(kt_is_over(g, s));
    KT_EQ(steps, 12);
    kt_bot_free(bot);
    kt_state_free(g, s);
    kt_game_free(g);
}

KT_TEST(core_bot_levels_resolve_for_every_game)
{
    for (int i = 0; i < kt_game_count(); i++) {
        const char *name = kt_game_info(i)->name;
        kt_game *g = NULL;
        kt_err err;
        KT_OKS(kt_game_new(name, NULL, 0, 1, NULL, &g, &err), &err);
        KT_REQUIRE(g);
        const char *levels[3] = {"easy", "medium", "hard"};
        for (int k = 0; k < 3; k++) {
            const char *spec = kt_game_level(name, levels[k]);
            KT_CHECK(spec && *spec);
            kt_bot *b = NULL;
            KT_OKS(kt_bot_new(g, levels[k], 1, &b, &err), &err);
            KT_CHECK(b && strcmp(kt_bot_spec(b), spec) == 0);
            kt_bot_free(b);
        }
        KT_CHECK(kt_game_level(name, "expert") == NULL);
        char *text = NULL;
        KT_EQ(kt_game_describe(name, "No Such Thing", KT_LANG_EN, NULL, &text, &err), KT_EUNKNOWN);
        KT_CHECK(text == NULL && strstr(err.msg, "no component called 'No Such Thing'"));
        kt_game_free(g);
    }
}

KT_TEST(core_long_option_values_are_kept_whole)
{
    /* the option parser cut items at 1,023 characters without a word */
    static const kt_optinfo defs[] = {
        {"list", KT_OPT_STR, "", 0, 0, NULL, "a long text"},
    };
    char text[3100] = "list=";
    size_t n = strlen(text);
    for (; n < 3000; n++)
        text[n] = (char)('a' + n % 26);
    text[n] = '\0';
    kt_optval v[1];
    kt_err err;
    KT_OKS(kt_opts_parse(defs, 1, text, ";", "test option", v, &err), &err);
    KT_EQ(strlen(v[0].s), 3000 - 5);
    KT_STREQ(v[0].s, text + 5);
    kt_opts_free(v, 1);
}
