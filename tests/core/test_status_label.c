/*
 * test_status_label.c - `{"cmd":"status","lang":..}` names the decision kind
 * for people (kt_decision_label) beside its internal name: the browser's
 * spectators have no `legal` reply to read it from (issue 29: a spectator
 * must read whose turn it is and what is decided, in German too).  Without
 * "lang" the reply is as before; a bad "lang" is refused.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/util/json.h"
#include "../harness.h"

static char *rq(kt_session *S, int seat, const char *json)
{
    return kt_session_request(S, seat, json, strlen(json), NULL);
}

/* The string member `key` of a JSON reply, copied into out ("" if absent). */
static void member(const char *reply, const char *key, char *out, size_t cap)
{
    out[0] = 0;
    kt_jdoc d;
    if (!reply || kt_json_parse(reply, strlen(reply), &d, NULL) != KT_OK)
        return;
    const kt_jv *v = d.root->type == KT_JOBJ ? kt_jv_get(d.root, key) : NULL;
    if (v && v->type == KT_JSTR)
        snprintf(out, cap, "%s", v->s);
    kt_json_free(&d);
}

KT_TEST(status_with_lang_names_the_decision_for_spectators)
{
    const char *games[] = {"dominion", "catan", "mp2", "anno1701", "fwm"};
    for (int i = 0; i < 5; i++) {
        kt_session_limits lim;
        kt_session_limits_server(&lim);
        kt_session *S = NULL;
        kt_err err;
        KT_OKS(kt_session_new(&lim, NULL, &S, &err), &err);
        KT_REQUIRE(S);
        char q[160];
        snprintf(q, sizeof q, "{\"cmd\":\"new\",\"game\":\"%s\",\"seed\":5}", games[i]);
        kt_free(rq(S, KT_OMNISCIENT, q));
        for (int l = 0; l < 2; l++) {
            const char *lang = l ? "de" : "en";
            snprintf(q, sizeof q, "{\"cmd\":\"status\",\"lang\":\"%s\"}", lang);
            char *st = rq(S, KT_SPECTATOR, q);
            snprintf(q, sizeof q, "{\"cmd\":\"legal\",\"lang\":\"%s\"}", lang);
            char *lg = rq(S, KT_OMNISCIENT, q);
            char a[128], b[128], raw[128];
            member(st, "decision_label", a, sizeof a);
            member(lg, "decision_label", b, sizeof b);
            member(st, "decision", raw, sizeof raw);
            /* the same label the deciding player's legal reply carries */
            if (!KT_CHECK(a[0] && raw[0] && !strcmp(a, b)))
                printf("      %s %s: status '%s' legal '%s'\n", games[i], lang, a, b);
            kt_free(st);
            kt_free(lg);
        }
        char *plain = rq(S, KT_SPECTATOR, "{\"cmd\":\"status\"}");
        KT_CHECK(plain && strstr(plain, "\"ok\":true") && !strstr(plain, "decision_label"));
        kt_free(plain);
        char *bad = rq(S, KT_SPECTATOR, "{\"cmd\":\"status\",\"lang\":\"fr\"}");
        KT_CHECK(bad && strstr(bad, "\"ok\":false") && strstr(bad, "lang"));
        kt_free(bad);
        kt_session_free(S);
    }
}
