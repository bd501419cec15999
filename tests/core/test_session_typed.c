/*
 * test_session_typed.c - the typed session calls (src/core/session.h) that
 * the server uses instead of writing requests as text: each answers byte for
 * byte what kt_session_request answers for the same request, with the
 * status as a code and a failure's message whole.
 *
 * Two sessions play the same game side by side: one driven by typed calls,
 * the other by JSON text; after every step their replies must be equal.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/session.h"
#include "../harness.h"

static kt_session *fresh(kt_t *T)
{
    kt_session_limits lim;
    kt_session_limits_server(&lim);
    kt_session *S = NULL;
    kt_err err;
    KT_OKS(kt_session_new(&lim, NULL, &S, &err), &err);
    return S;
}

/* The text reply of `json` on J equals the typed reply r. */
static void same(kt_t *T, kt_session *J, int seat, const char *json, const kt_sreply *r)
{
    char *t = kt_session_request(J, seat, json, strlen(json), NULL);
    KT_REQUIRE(t && r->json.p);
    if (!KT_STREQ(r->json.p, t))
        printf("      request: %s\n", json);
    kt_free(t);
}

static void views_equal(kt_t *T, kt_session *S, kt_session *J, int seat, int lang)
{
    const char *ls = lang == KT_LANG_DE ? "de" : "en";
    char q[200];
    kt_sreply r;
    kt_sreply_init(&r);
    kt_session_status(S, seat, lang, &r);
    snprintf(q, sizeof q, "{\"cmd\":\"status\",\"lang\":\"%s\"}", ls);
    same(T, J, seat, q, &r);
    kt_session_status(S, seat, -1, &r);
    same(T, J, seat, "{\"cmd\":\"status\"}", &r);
    kt_session_observe(S, seat, seat, lang, &r);
    snprintf(q, sizeof q, "{\"cmd\":\"observe\",\"lang\":\"%s\"}", ls);
    same(T, J, seat, q, &r);
    kt_session_legal(S, seat, seat, lang, &r);
    snprintf(q, sizeof q, "{\"cmd\":\"legal\",\"lang\":\"%s\"}", ls);
    same(T, J, seat, q, &r);
    kt_session_log(S, seat, seat, 0, 100000, lang, &r);
    snprintf(q, sizeof q, "{\"cmd\":\"log\",\"since\":0,\"limit\":100000,\"lang\":\"%s\"}", ls);
    same(T, J, seat, q, &r);
    kt_sreply_free(&r);
}

KT_TEST(session_typed_calls_answer_byte_for_byte_as_the_protocol)
{
    kt_session *S = fresh(T), *J = fresh(T);
    kt_sreply r;
    kt_sreply_init(&r);
    KT_EQ(kt_session_start(S, "dominion", "preset=First Game", 2, 7, &r), KT_OK);
    same(T, J, KT_OMNISCIENT,
         "{\"cmd\":\"new\",\"game\":\"dominion\",\"options\":\"preset=First Game\",\"players\":2,"
         "\"seed\":7}",
         &r);
    kt_bot *b = NULL;
    kt_err err;
    KT_OKS(kt_bot_new(kt_session_game(S), "random", 3, &b, &err), &err);
    for (int i = 0; i < 40 && !kt_is_over(kt_session_game(S), kt_session_state(S)); i++) {
        int p = kt_to_move(kt_session_game(S), kt_session_state(S));
        kt_action a;
        KT_OKS(kt_bot_choose_as(b, kt_session_state(S), p, &a, &err), &err);
        KT_EQ(kt_session_apply(S, p, a, &r), KT_OK);
        char q[120];
        snprintf(q, sizeof q, "{\"cmd\":\"apply\",\"id\":%u,\"player\":%d}", (unsigned)a, p);
        same(T, J, KT_OMNISCIENT, q, &r);
        if (i % 10 == 9)
            for (int seat = -1; seat < 2; seat++)
                views_equal(T, S, J, seat, i % 20 == 9 ? KT_LANG_DE : KT_LANG_EN);
    }
    KT_EQ(kt_session_undo(S, 2, 0, 1, KT_LANG_EN, &r), KT_OK);
    same(T, J, KT_OMNISCIENT, "{\"cmd\":\"undo\",\"steps\":2,\"dry_run\":true}", &r);
    KT_EQ(kt_session_undo(S, 2, 0, 0, KT_LANG_EN, &r), KT_OK);
    same(T, J, KT_OMNISCIENT, "{\"cmd\":\"undo\",\"steps\":2}", &r);
    /* a barrier: player 0 saw new cards since; refused with the reason */
    kt_status st = kt_session_undo(S, 30, 1u, 0, KT_LANG_DE, &r);
    KT_CHECK(st != KT_OK);
    KT_CHECK(strlen(kt_sreply_message(&r)) > 0);
    same(T, J, KT_OMNISCIENT, "{\"cmd\":\"undo\",\"steps\":30,\"players\":[0],\"lang\":\"de\"}", &r);
    /* failures: the status as a code, the message as the protocol says it */
    KT_EQ(kt_session_apply(S, 5, 0, &r), KT_EINVAL);
    same(T, J, KT_OMNISCIENT, "{\"cmd\":\"apply\",\"id\":0,\"player\":5}", &r);
    KT_EQ(kt_session_apply(S, 0, 0xFFFFFFu, &r), KT_EILLEGAL);
    same(T, J, KT_OMNISCIENT, "{\"cmd\":\"apply\",\"id\":16777215,\"player\":0}", &r);
    KT_EQ(kt_session_legal(S, KT_SPECTATOR, 0, KT_LANG_EN, &r), KT_EINVAL);
    same(T, J, KT_SPECTATOR, "{\"cmd\":\"legal\",\"player\":0}", &r);
    KT_EQ(kt_session_observe(S, 1, 0, KT_LANG_EN, &r), KT_EINVAL); /* another's view */
    same(T, J, 1, "{\"cmd\":\"observe\",\"player\":0}", &r);
    KT_EQ(kt_session_start(S, "nosuchgame", "", 0, 1, &r), KT_EUNKNOWN);
    same(T, J, KT_OMNISCIENT, "{\"cmd\":\"new\",\"game\":\"nosuchgame\",\"seed\":1}", &r);
    KT_CHECK(!strncmp(kt_sreply_message(&r), "unknown game 'nosuchgame'", 25));
    for (int seat = -1; seat < 2; seat++) /* the failed "new" changed nothing */
        views_equal(T, S, J, seat, KT_LANG_EN);
    kt_sreply_free(&r);
    kt_bot_free(b);
    kt_session_free(S);
    kt_session_free(J);
}

KT_TEST(session_typed_calls_need_a_game_and_a_real_seat)
{
    kt_session *S = fresh(T);
    kt_sreply r;
    kt_sreply_init(&r);
    KT_EQ(kt_session_apply(S, 0, 0, &r), KT_EINVAL);
    KT_CHECK(strstr(kt_sreply_message(&r), "no game yet") != NULL);
    KT_EQ(kt_session_start(S, "fwm", "", 0, 1, NULL), KT_OK);
    KT_EQ(kt_session_status(S, 9, KT_LANG_EN, &r), KT_EINVAL);
    KT_STREQ(kt_sreply_message(&r), "no such seat 9");
    KT_EQ(kt_session_log(S, 0, 0, 0, 0, KT_LANG_EN, &r), KT_EINVAL);
    KT_EQ(kt_session_undo(S, 1, 0, 0, KT_LANG_EN, &r), KT_EINVAL); /* nothing to take back */
    kt_sreply_free(&r);
    kt_session_free(S);
}
