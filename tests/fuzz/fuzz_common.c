/*
 * fuzz_common.c - the consistency promises every harness checks (fuzz.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

void fz_require(int ok, const char *what, const char *detail)
{
    if (ok)
        return;
    fprintf(stderr, "kontor fuzz finding: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    abort();
}

void fz_exercise(const kt_game *g, kt_state *s, int steps, uint64_t seed)
{
    kt_err err;
    fz_require(kt_check(g, s, &err) == KT_OK, "accepted state fails check", err.msg);
    kt_action *acts = malloc(sizeof *acts * (size_t)kt_game_max_legal(g));
    fz_require(acts != NULL, "out of memory", NULL);
    char *js = kt_state_json(g, s);
    fz_require(js != NULL, "state_json failed", NULL);
    kt_state *t = kt_state_new(g);
    fz_require(t && kt_state_load_json(g, js, t, &err) == KT_OK, "written state does not load back",
               err.msg);
    char *js2 = kt_state_json(g, t);
    fz_require(js2 && !strcmp(js, js2), "save -> load -> save differs", NULL);
    fz_require(kt_state_equal(g, s, t), "loaded state differs from the saved one", NULL);
    kt_free(js2);
    kt_free(js);
    uint64_t x = seed | 1;
    for (int i = 0; i < steps && !kt_is_over(g, s); i++) {
        int n = kt_legal(g, s, acts, kt_game_max_legal(g));
        fz_require(n > 0, "running game without a legal action", NULL);
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        fz_require(kt_apply(g, s, acts[x % (uint64_t)n], &err) == KT_OK, "legal action refused",
                   err.msg);
        fz_require(kt_check(g, s, &err) == KT_OK, "check fails after a legal action", err.msg);
        char *o = kt_observe_json(g, s, 0, KT_LANG_EN);
        char *r = kt_render(g, s, -1, KT_LANG_DE);
        fz_require(o && r, "views failed", NULL);
        kt_free(o);
        kt_free(r);
    }
    kt_state_free(g, t);
    free(acts);
}
