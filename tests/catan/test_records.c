/*
 * test_records.c - the player record that the save and the observation
 * share (cat_write_player, view.c): along random walks of both variants,
 * the save loads back and writes the same bytes again, and no viewer's
 * observation holds another player's hand, progress cards or development
 * cards (only their counts), while the omniscient view holds every one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan_test.h"
#include "../../src/core/mem.h"

/* Does the JSON at path exist? */
static int has(const char *json, const char *path)
{
    char *v = kt_json_at(json, path);
    free(v);
    return v != NULL;
}

/* Is the JSON at path a equal to the JSON at path b of another document? */
static int same_at(const char *ja, const char *a, const char *jb, const char *b)
{
    char *x = kt_json_at(ja, a), *y = kt_json_at(jb, b);
    int eq = x && y && strcmp(x, y) == 0;
    free(x);
    free(y);
    return eq;
}

/* The observation for viewer v; the omniscient form (records, referees)
 * is not offered by kt_observe, so it is asked of the game directly. */
static char *observe(const kt_game *g, const kt_state *s, int v)
{
    if (v != KT_OMNISCIENT)
        return kt_observe_json(g, s, v, KT_LANG_EN);
    kt_buf b;
    kt_buf_init(&b);
    kt_jw w;
    kt_jw_init(&w, &b);
    kt_jw_obj(&w);
    cat_observe(g, s, v, KT_LANG_EN, &w);
    kt_jw_obj_end(&w);
    return kt_str_take(&b); /* like the other branch's: released with kt_free */
}

static void check_views(kt_t *T, const kt_game *g, const kt_state *s, const char *save)
{
    static const char *const hidden[] = {"hand", "progress_cards", "dev", "dev_new", "progress_known"};
    int n = kt_game_players(g);
    char p1[64], p2[64];
    for (int v = KT_OMNISCIENT; v < n; v++) {
        char *o = observe(g, s, v);
        KT_REQUIRE(o);
        for (int q = 0; q < n; q++) {
            for (size_t i = 0; i < sizeof hidden / sizeof *hidden; i++) {
                snprintf(p1, sizeof p1, "boards.%d.%s", q, hidden[i]);
                /* the omniscient view shows hand, progress and dev cards */
                int want = v == KT_OMNISCIENT && i < 3;
                if (has(o, p1) != want)
                    KT_FAIL("viewer %d: %s %s", v, p1, want ? "missing" : "shown");
            }
            snprintf(p1, sizeof p1, "boards.%d.dev_cards", q);
            KT_CHECK(has(o, p1)); /* the count is public */
            if (v == KT_OMNISCIENT) {
                snprintf(p1, sizeof p1, "boards.%d.hand", q);
                snprintf(p2, sizeof p2, "state.players.%d.hand", q);
                KT_CHECK(same_at(o, p1, save, p2));
            }
        }
        if (v >= 0) { /* the viewer's own cards, as the save has them */
            snprintf(p2, sizeof p2, "state.players.%d.hand", v);
            KT_CHECK(same_at(o, "hand", save, p2));
            snprintf(p2, sizeof p2, "state.players.%d.dev", v);
            KT_CHECK(same_at(o, "my_dev", save, p2));
        } else {
            KT_CHECK(!has(o, "hand") && !has(o, "my_dev") && !has(o, "my_progress"));
        }
        kt_free(o);
    }
}

static void walk(kt_t *T, const char *options, int players)
{
    kt_game *g;
    kt_err err = {0, ""};
    if (!KT_OKS(kt_game_new("catan", options, players, 7, NULL, &g, &err), &err))
        return;
    kt_state *s = kt_state_new(g), *t = kt_state_new(g);
    KT_REQUIRE(s && t);
    kt_action buf[KT_LEGAL_MAX];
    int checked = 0;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        kt_rng r;
        kt_rng_seed(&r, 500 + seed);
        kt_state_restart(g, s, seed);
        for (int k = 0; k < 400 && !kt_is_over(g, s); k++) {
            if (k % 5 == 0) {
                char *js = kt_state_json(g, s);
                KT_REQUIRE(js);
                KT_OKS(kt_state_load_json(g, js, t, &err), &err);
                char *js2 = kt_state_json(g, t);
                if (!js2 || strcmp(js, js2) != 0)
                    KT_FAIL("%s seed %llu action %d: save -> load -> save differs", options,
                            (unsigned long long)seed, k);
                check_views(T, g, s, js);
                kt_free(js);
                kt_free(js2);
                checked++;
            }
            int m = kt_legal(g, s, buf, KT_LEGAL_MAX);
            KT_REQUIRE(m > 0);
            kt_apply_trusted(g, s, buf[kt_rng_below(&r, (uint32_t)m)]);
        }
    }
    KT_CHECK(checked > 100);
    kt_state_free(g, s);
    kt_state_free(g, t);
    kt_game_free(g);
}

KT_TEST(catan_records_save_round_trips_and_views_hide_hands_ck)
{
    walk(T, "", 4);
}

KT_TEST(catan_records_save_round_trips_and_views_hide_hands_base)
{
    walk(T, "variant=base", 3);
}
