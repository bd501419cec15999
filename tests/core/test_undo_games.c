/*
 * test_undo_games.c - the undo barrier in a session, game by game (issue
 * 26).  Bots play every seat through the session (the host applies their
 * moves); player 1 (index 0) is the one who wants to take moves back.  In
 * each game the test finds, in a fixed seeded game:
 *   - a move of player 1 after which nothing hidden or random was shown:
 *     "undo" with "player": 0 takes it back (the state is the one before);
 *   - an action that showed player 1 something of the game's typical kind
 *     (Dominion: a reshuffle before a draw; Catan, Marco Polo II, Anno 1701:
 *     dice; Fugger, Welser, Medici: sealed bids revealed or a card drawn):
 *     the undo is refused, the message says what was seen, nothing changes;
 *   - an action of another seat (a bot) that showed player 1 something:
 *     the barrier holds all the same ("revealed": {"by": that seat}).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/util/json.h"
#include "../harness.h"

typedef struct ug_case {
    const char *game, *options;
    int players;
    const char *words[3]; /* what the refusal must name (any one) */
} ug_case;

static const ug_case cases[] = {
    {"dominion", "preset=First Game", 2, {"shuffles their discard pile", NULL, NULL}},
    {"catan", NULL, 3, {"rolls red", NULL, NULL}},
    {"mp2", NULL, 2, {"rolls", NULL, NULL}},
    {"anno1701", NULL, 2, {" rolls ", NULL, NULL}},
    {"fwm", NULL, 3, {"Bids revealed", "Event drawn", "dice"}},
};

typedef struct ug_reply {
    kt_jdoc d;
    char *text;
} ug_reply;

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static const kt_jv *rq(kt_t *T, kt_session *S, ug_reply *r, const char *fmt, ...)
{
    char m[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m, sizeof m, fmt, ap);
    va_end(ap);
    r->text = kt_session_request(S, KT_OMNISCIENT, m, strlen(m), NULL);
    if (!KT_CHECK(r->text && kt_json_parse(r->text, strlen(r->text), &r->d, NULL) == KT_OK)) {
        r->d.root = NULL;
        return NULL;
    }
    return r->d.root;
}

static void done(ug_reply *r)
{
    if (r->d.root)
        kt_json_free(&r->d);
    kt_free(r->text);
    memset(r, 0, sizeof *r);
}

static int okv(const kt_jv *v)
{
    const kt_jv *o = v ? kt_jv_get(v, "ok") : NULL;
    return o && o->type == KT_JBOOL && o->b;
}

static long long num(const kt_jv *v, const char *key)
{
    const kt_jv *x = v ? kt_jv_get(v, key) : NULL;
    return x && x->type == KT_JNUM ? (x->neg ? -(long long)x->u : (long long)x->u) : -99;
}

static char *state_of(kt_t *T, kt_session *S)
{
    ug_reply r;
    const kt_jv *v = rq(T, S, &r, "{\"cmd\":\"state\"}");
    const kt_jv *inner = v ? kt_jv_get(v, "state") : NULL; /* the full state, header too */
    char *out = NULL;
    if (inner) {
        kt_buf b;
        kt_buf_init(&b);
        kt_jw w;
        kt_jw_init(&w, &b);
        kt_jw_value(&w, inner);
        out = kt_buf_take(&b);
    }
    done(&r);
    return out;
}

static int has_word(const ug_case *c, const char *s)
{
    for (int i = 0; i < 3 && c->words[i]; i++)
        if (s && strstr(s, c->words[i]))
            return 1;
    return 0;
}

static void check_game(kt_t *T, const ug_case *c)
{
    kt_session *S;
    kt_err err;
    KT_OKS(kt_session_new(NULL, NULL, &S, &err), &err);
    ug_reply r;
    const kt_jv *v = rq(T, S, &r, "{\"cmd\":\"new\",\"game\":\"%s\",\"players\":%d,\"seed\":7%s%s%s}",
                        c->game, c->players, c->options ? ",\"options\":\"" : "",
                        c->options ? c->options : "", c->options ? "\"" : "");
    KT_REQUIRE(okv(v));
    done(&r);
    int allowed = 0, named = 0, by_bot = 0;
    for (int k = 0; k < 3000 && !(allowed && named && by_bot); k++) {
        v = rq(T, S, &r, "{\"cmd\":\"status\"}");
        long long actor = num(v, "to_move");
        done(&r);
        if (actor < 0)
            break;
        char *before = state_of(T, S);
        v = rq(T, S, &r, "{\"cmd\":\"bot\",\"spec\":\"random\",\"seed\":%d,\"apply\":true}", k + 1);
        KT_REQUIRE(okv(v));
        const kt_jv *applied = kt_jv_get(v, "applied");
        char text[300];
        snprintf(text, sizeof text, "%s", applied && applied->type == KT_JSTR ? applied->s : "");
        done(&r);
        v = rq(T, S, &r, "{\"cmd\":\"undo\",\"player\":0,\"steps\":1}");
        if (okv(v)) { /* nothing shown: back to the state before, then the move again */
            done(&r);
            char *back = state_of(T, S);
            KT_CHECK(back && before && !strcmp(back, before));
            free(back);
            allowed += actor == 0;
            v = rq(T, S, &r, "{\"cmd\":\"apply\",\"player\":%lld,\"action\":\"%s\"}", actor, text);
            KT_REQUIRE(okv(v));
        } else {
            const kt_jv *rev = kt_jv_get(v, "revealed");
            const kt_jv *msg = kt_jv_get(v, "message");
            KT_CHECK(rev && msg && msg->type == KT_JSTR && strstr(msg->s, "cannot take that back") &&
                     num(v, "undoable") == 0 && num(rev, "by") == actor);
            named += msg && has_word(c, msg->s);
            by_bot += actor != 0;
            done(&r);
            char *now = state_of(T, S);
            KT_CHECK(now && before && strcmp(now, before) != 0); /* nothing was taken back */
            free(now);
            v = rq(T, S, &r, "{\"cmd\":\"status\"}");
            KT_CHECK(num(v, "actions") == k + 1);
        }
        done(&r);
        free(before);
    }
    if (!KT_CHECK(allowed && named && by_bot))
        printf("      %s: allowed %d, named %d, by a bot %d\n", c->game, allowed, named, by_bot);
    kt_session_free(S);
}

KT_TEST(core_undo_dominion) { check_game(T, &cases[0]); }
KT_TEST(core_undo_catan) { check_game(T, &cases[1]); }
KT_TEST(core_undo_mp2) { check_game(T, &cases[2]); }
KT_TEST(core_undo_anno1701) { check_game(T, &cases[3]); }
KT_TEST(core_undo_fwm) { check_game(T, &cases[4]); }
