/*
 * test_savefmt.c - the shared reader of a saved state's "players" object
 * (src/core/savefmt.c), through the two games that use it (Dominion and
 * Marco Polo II): a seat missing, a seat too many, a seat that is not an
 * object and "players" that is not an object are refused naming the path,
 * and the state loaded into stays as it was; a good save loads back to the
 * same bytes and saves to the same JSON.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/util/json.h"
#include "../harness.h"

static void players_refused(kt_t *T, const char *game, const char *opts, int np)
{
    kt_game *g = NULL;
    kt_err err = {0, ""};
    if (!KT_OKS(kt_game_new(game, opts, np, 7, NULL, &g, &err), &err))
        return;
    kt_state *s = kt_state_new(g), *t = kt_state_new(g);
    char *js = kt_state_json(g, s);
    KT_REQUIRE(s && t && js);
    /* a good save: load -> same bytes, save -> same JSON */
    KT_OKS(kt_state_load_json(g, js, t, &err), &err);
    KT_CHECK(memcmp(s, t, kt_state_size(g)) == 0);
    char *again = kt_state_json(g, t);
    KT_CHECK(again && strcmp(again, js) == 0);
    kt_free(again);
    static const struct {
        const char *patch, *want;
    } bad[] = {
        {"{\"state\":{\"players\":{\"1\":null}}}", "players"},
        {"{\"state\":{\"players\":{\"7\":{}}}}", "players.7"},
        {"{\"state\":{\"players\":{\"0\":3}}}", "players.0"},
        {"{\"state\":{\"players\":[]}}", "players"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *m = kt_json_merge_patch(js, bad[i].patch, &err);
        if (!KT_CHECK(m != NULL))
            continue;
        memset(t, 0xA5, kt_state_size(g));
        kt_state *before = kt_state_new(g);
        KT_REQUIRE(before);
        memcpy(before, t, kt_state_size(g));
        err.msg[0] = '\0';
        KT_CHECK(kt_state_load_json(g, m, t, &err) != KT_OK);
        if (!strstr(err.msg, bad[i].want))
            KT_FAIL("%s %s: message '%s' lacks '%s'", game, bad[i].patch, err.msg, bad[i].want);
        KT_CHECK(memcmp(before, t, kt_state_size(g)) == 0); /* untouched */
        kt_state_free(g, before);
        free(m); /* a helper string (util/json.c), not a library one */
    }
    kt_free(js);
    kt_state_free(g, s);
    kt_state_free(g, t);
    kt_game_free(g);
}

KT_TEST(core_savefmt_players_object_checked_once_for_dominion_and_mp2)
{
    players_refused(T, "dominion", "", 2);
    players_refused(T, "dominion", "", 4);
    players_refused(T, "mp2", "", 3);
    players_refused(T, "mp2", "caravans=1", 4);
}
