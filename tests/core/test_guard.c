/*
 * test_guard.c - issue 26 in the core, on the test-only game "guard"
 * (guard.c): the undo barrier of sessions (refused with the reason after a
 * roll or a peek, allowed when nothing was revealed, for the player who
 * saw it only, the same with the core's sampling fallback), moves that
 * need confirmation (kt_action_warning, "legal" warnings, "apply" refused
 * from a seat without "confirm"), and study options added unless the user
 * set them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/cli/runner.h"
#include "../../src/util/json.h"
#include "../harness.h"
#include "../test_games.h"
#include "guard.h"

static char *rq(kt_t *T, kt_session *S, int seat, const char *json)
{
    char *r = kt_session_request(S, seat, json, strlen(json), NULL);
    kt_jdoc d;
    if (!KT_CHECK(r && kt_json_parse(r, strlen(r), &d, NULL) == KT_OK))
        printf("      reply: %s\n", r ? r : "(null)");
    else
        kt_json_free(&d);
    return r;
}

static int ok(const char *reply) { return reply && !strncmp(reply, "{\"ok\":true", 10); }
static int has(const char *reply, const char *s) { return reply && strstr(reply, s) != NULL; }

/* A session playing "guard" (def: the game with or without its hook). */
static kt_session *guard_session(kt_t *T, const kt_gamedef *def)
{
    kt_session *S = NULL;
    kt_game *g;
    kt_err err;
    KT_OKS(kt_session_new(NULL, NULL, &S, &err), &err);
    KT_OKS(kt_game_new_def(def, NULL, 2, 5, NULL, &g, &err), &err);
    kt_state *s = kt_state_new(g);
    KT_OKS(kt_session_adopt(S, g, s, &err), &err);
    return S;
}

/* Apply `text` for `player` as the host; 1 when it was applied. */
static int host_do(kt_t *T, kt_session *S, int player, const char *text)
{
    char m[160];
    snprintf(m, sizeof m, "{\"cmd\":\"apply\",\"player\":%d,\"action\":\"%s\"}", player, text);
    char *r = rq(T, S, KT_OMNISCIENT, m);
    int applied = ok(r);
    if (!applied)
        printf("      %s: %s\n", text, r ? r : "(null)");
    kt_free(r);
    return applied;
}

static char *undo(kt_t *T, kt_session *S, const char *who, int steps)
{
    char m[160];
    snprintf(m, sizeof m, "{\"cmd\":\"undo\",\"steps\":%d%s%s}", steps, *who ? "," : "", who);
    return rq(T, S, KT_OMNISCIENT, m);
}

/* The barrier on one definition of the game (hook or core fallback). */
static void barrier_checks(kt_t *T, const kt_gamedef *def)
{
    kt_session *S = guard_session(T, def);
    KT_REQUIRE(S);
    /* nothing revealed: player 1 takes back their step and player 2's */
    KT_REQUIRE(host_do(T, S, 0, "step") && host_do(T, S, 1, "step"));
    char *r = undo(T, S, "\"player\":0", 2);
    KT_CHECK(ok(r) && has(r, "\"actions\":0"));
    kt_free(r);
    /* a roll after the player's move: refused, with what was seen */
    KT_REQUIRE(host_do(T, S, 0, "step") && host_do(T, S, 1, "roll"));
    r = undo(T, S, "\"player\":0", 2);
    KT_CHECK(!ok(r) && has(r, "\"error\":\"illegal\"") && has(r, "Player 2 rolls") &&
             has(r, "cannot be unseen") && has(r, "\"undoable\":0") &&
             has(r, "\"revealed\":{\"action\":1,\"by\":1,\"player\":0"));
    kt_free(r);
    r = undo(T, S, "\"player\":0,\"lang\":\"de\"", 2);
    KT_CHECK(!ok(r) && has(r, "Spieler 2 wuerfelt") && has(r, "bleibt gesehen"));
    kt_free(r);
    /* the state did not change; the host itself (no player) may go back */
    r = rq(T, S, KT_OMNISCIENT, "{\"cmd\":\"status\"}");
    KT_CHECK(has(r, "\"actions\":2"));
    kt_free(r);
    r = undo(T, S, "", 2);
    KT_CHECK(ok(r) && has(r, "\"actions\":0"));
    kt_free(r);
    /* a peek shows only the one who peeks */
    KT_REQUIRE(host_do(T, S, 0, "peek") && host_do(T, S, 1, "step"));
    r = undo(T, S, "\"player\":0", 2);
    KT_CHECK(!ok(r) && has(r, "You see the card"));
    kt_free(r);
    r = undo(T, S, "\"player\":1,\"dry_run\":true", 2);
    KT_CHECK(ok(r) && has(r, "\"undoable\":2") && has(r, "\"actions\":2"));
    kt_free(r);
    r = undo(T, S, "\"players\":[1,0]", 1);
    KT_CHECK(ok(r) && has(r, "\"actions\":1")); /* player 2's step: nothing seen since */
    kt_free(r);
    r = undo(T, S, "\"players\":[1,0]", 1);
    KT_CHECK(!ok(r) && has(r, "player 1 saw") && has(r, "Player 1: peek") &&
             !has(r, "You see the card")); /* told as player 2 (asking) saw it */
    kt_free(r);
    r = undo(T, S, "\"players\":[1,7]", 1);
    KT_CHECK(!ok(r) && has(r, "must be a list of players"));
    kt_free(r);
    kt_session_free(S);
}

KT_TEST(core_guard_undo_barrier_with_the_games_hook)
{
    barrier_checks(T, &kt_test_guard);
}

KT_TEST(core_guard_undo_barrier_with_the_core_fallback)
{
    kt_gamedef def = kt_test_guard;
    def.reveals = NULL; /* the core judges by sampling */
    barrier_checks(T, &def);
}

/* A bot's roll is a barrier like anyone's. */
KT_TEST(core_guard_undo_barrier_after_a_bots_roll)
{
    kt_session *S = guard_session(T, &kt_test_guard);
    KT_REQUIRE(S);
    KT_REQUIRE(host_do(T, S, 0, "step"));
    int rolled = 0; /* the random bot's seed that makes it roll */
    for (int seed = 1; seed < 200 && !rolled; seed++) {
        char m[160];
        snprintf(m, sizeof m, "{\"cmd\":\"bot\",\"spec\":\"random\",\"seed\":%d,\"apply\":true}",
                 seed);
        char *r = rq(T, S, KT_OMNISCIENT, m);
        rolled = has(r, "\"applied\":\"roll\"");
        kt_free(r);
        if (!rolled)
            kt_free(undo(T, S, "", 1));
    }
    KT_REQUIRE(rolled);
    char *r = undo(T, S, "\"player\":0", 2);
    KT_CHECK(!ok(r) && has(r, "rolls"));
    kt_free(r);
    kt_session_free(S);
}

KT_TEST(core_guard_reveals_api)
{
    kt_game *g;
    kt_err err;
    KT_OKS(kt_game_new_def(&kt_test_guard, NULL, 2, 5, NULL, &g, &err), &err);
    kt_state *a = kt_state_new(g), *b = kt_state_new(g);
    kt_action peek = 3;
    KT_OKS(kt_apply(g, b, peek, &err), &err);
    KT_EQ(kt_action_reveals(g, a, -1, peek, b, 0), 1);
    KT_EQ(kt_action_reveals(g, a, 0, peek, b, 1), 0);
    KT_EQ(kt_action_reveals(g, a, 0, peek, b, 2), -1);
    KT_EQ(kt_action_reveals(g, a, 5, peek, b, 0), -1);
    char *why = NULL;
    KT_OKS(kt_reveal_text(g, a, 0, peek, b, 0, KT_LANG_EN, &why, &err), &err);
    KT_CHECK(why && !strncmp(why, "You see the card ", 17));
    kt_free(why);
    KT_OKS(kt_reveal_text(g, a, 0, peek, b, 1, KT_LANG_DE, &why, &err), &err);
    KT_STREQ(why, "Spieler 1: nachsehen"); /* nothing more in player 2's log */
    kt_free(why);
    kt_state_free(g, a);
    kt_state_free(g, b);
    kt_game_free(g);
}

/* ------------------------------------------------------------ confirmation */

KT_TEST(core_guard_action_warning)
{
    kt_game *g;
    kt_err err;
    KT_OKS(kt_game_new_def(&kt_test_guard, NULL, 2, 5, NULL, &g, &err), &err);
    kt_state *s = kt_state_new(g);
    char *w = (char *)1;
    KT_OKS(kt_action_warning(g, s, 0, 4, KT_LANG_EN, &w, &err), &err);
    KT_CHECK(w == NULL); /* 3 coins: spending one is harmless */
    for (int i = 0; i < 4; i++) /* both spend twice: one coin left each */
        KT_OKS(kt_apply(g, s, 4, &err), &err);
    KT_OKS(kt_action_warning(g, s, 0, 4, KT_LANG_EN, &w, &err), &err);
    KT_STREQ(w, "This spends your last coin: you lose at once.");
    kt_free(w);
    KT_OKS(kt_action_warning(g, s, 0, 4, KT_LANG_DE, &w, &err), &err);
    KT_CHECK(w && strstr(w, "letzte Münze"));
    kt_free(w);
    KT_OKS(kt_action_warning(g, s, 0, 1, KT_LANG_EN, &w, &err), &err);
    KT_CHECK(w == NULL);
    KT_EQ(kt_action_warning(g, s, 1, 4, KT_LANG_EN, &w, &err), KT_EILLEGAL); /* not their turn */
    KT_CHECK(w == NULL);
    KT_EQ(kt_action_warning(g, s, 0, 99, KT_LANG_EN, &w, &err), KT_EILLEGAL);
    kt_state_free(g, s);
    kt_game_free(g);
}

/* Both players spend twice: one coin left each, the next spend loses. */
static kt_session *last_coins(kt_t *T)
{
    kt_session *S = guard_session(T, &kt_test_guard);
    for (int i = 0; S && i < 4; i++)
        if (!host_do(T, S, i % 2, "spend")) {
            kt_session_free(S);
            return NULL;
        }
    return S;
}

KT_TEST(core_guard_session_asks_a_seat_to_confirm)
{
    kt_session *S = last_coins(T);
    KT_REQUIRE(S);
    char *r = rq(T, S, 0, "{\"cmd\":\"legal\"}");
    /* the guard game says what "spend" costs (kt_action_info: verb, costs) */
    KT_CHECK(has(r, "{\"id\":4,\"text\":\"spend\",\"verb\":\"spend\",\"costs\":{\"coins\":1},"
                    "\"warning\":\"This spends your last coin: you lose at once.\"}") &&
             has(r, "{\"id\":1,\"text\":\"step\"}"));
    kt_free(r);
    r = rq(T, S, 0, "{\"cmd\":\"legal\",\"lang\":\"de\"}");
    KT_CHECK(has(r, "\"warning\":\"Das gibt deine letzte Münze aus"));
    kt_free(r);
    /* the seat's click alone does not lose the game */
    r = rq(T, S, 0, "{\"cmd\":\"apply\",\"action\":\"spend\"}");
    KT_CHECK(!ok(r) && has(r, "\"error\":\"confirm\"") &&
             has(r, "\"message\":\"This spends your last coin") && has(r, "\"id\":4"));
    kt_free(r);
    r = rq(T, S, 0, "{\"cmd\":\"apply\",\"id\":4,\"confirm\":\"yes\"}");
    KT_CHECK(!ok(r) && has(r, "must be true or false"));
    kt_free(r);
    r = rq(T, S, KT_OMNISCIENT, "{\"cmd\":\"status\"}");
    KT_CHECK(has(r, "\"status\":\"running\"") && has(r, "\"actions\":4"));
    kt_free(r);
    /* a harmless action needs no confirmation */
    r = rq(T, S, 0, "{\"cmd\":\"apply\",\"action\":\"step\"}");
    KT_CHECK(ok(r));
    kt_free(r);
    r = rq(T, S, 1, "{\"cmd\":\"apply\",\"id\":4,\"confirm\":true}");
    KT_CHECK(ok(r) && has(r, "\"status\":\"over\""));
    kt_free(r);
    kt_session_free(S);
}

KT_TEST(core_guard_host_is_not_asked_to_confirm)
{
    kt_session *S = last_coins(T);
    KT_REQUIRE(S);
    KT_CHECK(host_do(T, S, 0, "spend")); /* bots' moves and replays go through the host */
    kt_session_free(S);
}

/* ------------------------------------------------------------ study options */

KT_TEST(core_guard_study_options_added_unless_given)
{
    char *o, *a;
    kt_err err;
    KT_OKS(kt_options_for_study_def(&kt_test_guard, NULL, NULL, &o, &a, &err), &err);
    KT_STREQ(o, "offers=3");
    KT_STREQ(a, "offers=3");
    kt_free(o);
    kt_free(a);
    KT_OKS(kt_options_for_study_def(&kt_test_guard, " offers = 7 ", NULL, &o, &a, &err), &err);
    KT_STREQ(o, " offers = 7 "); /* the user's value wins */
    KT_STREQ(a, "");
    kt_free(o);
    kt_free(a);
    KT_OKS(kt_options_for_study_def(&kt_test_guard, "turn_limit=5\nx=1", NULL, &o, NULL, &err),
           &err);
    KT_STREQ(o, "turn_limit=5\nx=1;offers=3");
    kt_free(o);
    KT_EQ(kt_options_for_study_def(&kt_test_guard, "offers", NULL, &o, &a, &err), KT_EPARSE);
    KT_CHECK(o == NULL && a == NULL);
    /* the games of kontor: none without study options changes anything */
    for (int i = 0; i < kt_game_count(); i++) {
        const char *name = kt_game_info(i)->name;
        KT_OKS(kt_options_for_study(name, "", NULL, &o, &a, &err), &err);
        const char *so = kt_game_study_options(name);
        KT_STREQ(o, so ? so : "");
        kt_free(o);
        kt_free(a);
    }
    KT_EQ(kt_options_for_study("no-such-game", "", NULL, &o, &a, &err), KT_EUNKNOWN);
    /* the combined options make a configuration that has them */
    kt_game *g;
    KT_OKS(kt_options_for_study_def(&kt_test_guard, "", NULL, &o, NULL, &err), &err);
    KT_OKS(kt_game_new_def(&kt_test_guard, o, 2, 1, NULL, &g, &err), &err);
    KT_STREQ(kt_game_options(g), "offers=3");
    kt_game_free(g);
    kt_free(o);
}

/* kontor sim and tournament (the runner): the study option is added and
 * named in the text and JSON reports; the user's value wins and nothing is
 * named then; a report read back (kontor merge) keeps the name. */
static const rn_games guard_games = KT_T_GAMES(kt_test_guard);

KT_TEST(core_guard_study_options_in_sim_reports)
{
    rn_exp e;
    kt_err err;
    KT_REQUIRE(rn_exp_init(&e, RN_SIM, &guard_games, kt_test_guard.info.name, "", 2, 9,
                           RN_SETUP_FIXED, &err) == 0);
    KT_STREQ(e.study, "offers=3");
    KT_STREQ(e.options, "offers=3");
    KT_STREQ(kt_game_options(e.g), "offers=3");
    kt_buf b;
    kt_buf_init(&b);
    rn_study_text(&e, &b);
    KT_CHECK(b.p && strstr(b.p, "study options: offers=3 (bounds the rules leave open"));
    kt_buf_reset(&b);
    kt_jw w;
    kt_jw_init(&w, &b);
    kt_jw_obj(&w);
    rn_result r;
    int ready = rn_add_entry(&e, "random", "bot", &err) == 0 &&
                rn_add_entry(&e, "random", "bot", &err) == 0 &&
                rn_sim_lineups(&e, 4, 0, &err) == 0 && rn_ready(&e, "bot", &err) == 0;
    if (!KT_CHECK(ready))
        printf("      %s\n", err.msg);
    KT_REQUIRE(ready);
    KT_REQUIRE(rn_run(&e, 1, NULL, NULL, &r, &err) == 0);
    rn_json_write(&w, &e, &r);
    kt_jw_obj_end(&w);
    KT_CHECK(b.p && strstr(b.p, "\"options\":\"offers=3\",\"study_options\":\"offers=3\""));
    rn_exp e2;
    rn_result r2;
    KT_CHECK(b.p && rn_load(b.p, &guard_games, &e2, &r2, &err) == 0);
    KT_STREQ(e2.study, "offers=3"); /* kontor merge still names them */
    KT_STREQ(e2.options, "offers=3");
    rn_result_free(&r2);
    rn_exp_free(&e2);
    kt_buf_free(&b);
    rn_result_free(&r);
    rn_exp_free(&e);
    KT_REQUIRE(rn_exp_init(&e, RN_TOURNAMENT, &guard_games, kt_test_guard.info.name, "offers=5",
                           2, 9, RN_SETUP_FIXED, &err) == 0);
    KT_STREQ(e.study, "");
    KT_STREQ(e.options, "offers=5");
    kt_buf_init(&b);
    rn_study_text(&e, &b);
    KT_CHECK(b.len == 0);
    kt_buf_free(&b);
    rn_exp_free(&e);
}
