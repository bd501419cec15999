/*
 * test_core.c - unit tests of the core modules: PRNG, JSON, options, bot
 * specs, error handling at the API boundary.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/game.h"
#include "../harness.h"

KT_TEST(core_rng_deterministic_and_bounded)
{
    kt_rng a, b;
    kt_rng_seed(&a, 42);
    kt_rng_seed(&b, 42);
    int same = 1;
    for (int i = 0; i < 1000; i++)
        same &= kt_rng_next(&a) == kt_rng_next(&b);
    KT_CHECK(same);
    /* fixed reference values: any change to the generator changes games */
    kt_rng_seed(&a, 1);
    uint64_t first = kt_rng_next(&a);
    kt_rng_seed(&b, 1);
    KT_EQ(first, kt_rng_next(&b));
    KT_CHECK(first != 0);
    int counts[6] = {0};
    kt_rng_seed(&a, 7);
    for (int i = 0; i < 60000; i++) {
        uint32_t x = kt_rng_below(&a, 6);
        KT_REQUIRE(x < 6);
        counts[x]++;
    }
    for (int i = 0; i < 6; i++)
        KT_CHECK(counts[i] > 9500 && counts[i] < 10500);
    KT_EQ(kt_rng_below(&a, 1), 0);
}

KT_TEST(core_rng_shuffle_is_permutation)
{
    kt_rng r;
    kt_rng_seed(&r, 3);
    uint8_t a[50];
    for (int i = 0; i < 50; i++)
        a[i] = (uint8_t)i;
    kt_shuffle_u8(&r, a, 50);
    int seen[50] = {0};
    for (int i = 0; i < 50; i++)
        seen[a[i]]++;
    int ok = 1, moved = 0;
    for (int i = 0; i < 50; i++) {
        ok &= seen[i] == 1;
        moved += a[i] != i;
    }
    KT_CHECK(ok);
    KT_CHECK(moved > 30);
}

KT_TEST(core_json_roundtrip)
{
    const char *src = "{\"a\":[1,-2,3.5,true,false,null],\"s\":\"x\\\"y\\n\\u00e4\\ud83d\\ude00\","
                      "\"big\":18446744073709551615,\"o\":{}}";
    kt_jdoc d;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_json_parse(src, strlen(src), &d, &err), &err));
    const kt_jv *a = kt_jv_get(d.root, "a");
    KT_REQUIRE(a && a->type == KT_JARR && a->n == 6);
    KT_CHECK(kt_jv_at(a, 1)->neg && kt_jv_at(a, 1)->u == 2);
    KT_CHECK(!kt_jv_at(a, 2)->isint && kt_jv_at(a, 2)->d == 3.5);
    const kt_jv *s = kt_jv_get(d.root, "s");
    KT_STREQ(s->s, "x\"y\n\xc3\xa4\xf0\x9f\x98\x80");
    const kt_jv *big = kt_jv_get(d.root, "big");
    KT_CHECK(big->isint && big->u == UINT64_MAX);
    kt_buf b;
    kt_buf_init(&b);
    kt_jw w;
    kt_jw_init(&w, &b);
    kt_jw_value(&w, d.root);
    KT_STREQ(b.p, "{\"a\":[1,-2,3.5,true,false,null],\"s\":\"x\\\"y\\n\xc3\xa4\xf0\x9f\x98\x80\","
                  "\"big\":18446744073709551615,\"o\":{}}");
    kt_buf_free(&b);
    kt_json_free(&d);
}

KT_TEST(core_json_rejects_malformed_input_with_position)
{
    const char *bad[] = {"", "{", "[1,]", "{\"a\" 1}", "{\"a\":1,\"a\":2}", "01", "\"\\x\"",
                         "[1] 2", "\"\x01\"", "{\"a\":tru}", "-", "1e", "\"\\ud800\""};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        kt_jdoc d;
        kt_err err = {0, ""};
        kt_status st = kt_json_parse(bad[i], strlen(bad[i]), &d, &err);
        KT_EQ(st, KT_EPARSE);
        KT_CHECK(strstr(err.msg, "line 1, column") != NULL);
    }
    /* nesting bomb stays bounded */
    char deep[300];
    memset(deep, '[', sizeof deep - 1);
    deep[sizeof deep - 1] = '\0';
    kt_jdoc d;
    KT_EQ(kt_json_parse(deep, strlen(deep), &d, NULL), KT_EPARSE);
}

KT_TEST(core_json_merge_patch)
{
    kt_err err;
    char *m = kt_json_merge_patch("{\"a\":{\"b\":1,\"c\":2},\"d\":[1,2],\"e\":3}",
                                  "{\"a\":{\"b\":9,\"c\":null,\"x\":{\"y\":1}},\"d\":[5],\"e\":null}",
                                  &err);
    KT_STREQ(m, "{\"a\":{\"b\":9,\"x\":{\"y\":1}},\"d\":[5]}");
    free(m);
}

KT_TEST(core_json_reader_names_the_field)
{
    const char *src = "{\"players\":[{\"coins\":3},{\"coins\":-1}]}";
    kt_jdoc d;
    kt_err err = {0, ""};
    KT_REQUIRE(KT_OKS(kt_json_parse(src, strlen(src), &d, &err), &err));
    kt_jr r;
    kt_jr_init(&r, &err, "state");
    const kt_jv *ps = kt_jr_arr(&r, d.root, "players", 2, 2);
    KT_REQUIRE(ps != NULL);
    kt_jr_push(&r, "players");
    long long v = 0;
    int ok = 1;
    for (int i = 0; i < 2 && ok; i++) {
        kt_jr_push_i(&r, i);
        ok = kt_jr_int(&r, kt_jv_at(ps, i), "coins", 0, 99, &v);
        kt_jr_pop(&r);
    }
    KT_CHECK(!ok);
    KT_STREQ(err.msg, "field 'state.players[1].coins': -1 is out of range 0..99");
    kt_json_free(&d);
}

static const kt_optinfo test_opts[] = {
    {"n", KT_OPT_INT, "3", 1, 10, NULL, "a number"},
    {"fast", KT_OPT_BOOL, "0", 0, 0, NULL, "a switch"},
    {"mode", KT_OPT_ENUM, "a", 0, 0, "a|b|c", "a choice"},
    {"list", KT_OPT_STR, "", 0, 0, NULL, "free text"},
};

KT_TEST(core_options_validate)
{
    kt_optval v[4];
    kt_err err = {0, ""};
    KT_REQUIRE(KT_OKS(kt_opts_parse(test_opts, 4, " n = 7 ; mode=c;list=Throne Room,Village", ";",
                                    "test option", v, &err),
                      &err));
    KT_EQ(v[0].i, 7);
    KT_EQ(v[1].i, 0);
    KT_EQ(v[2].i, 2);
    KT_STREQ(v[3].s, "Throne Room,Village");
    kt_buf b;
    kt_buf_init(&b);
    kt_opts_canon(test_opts, 4, v, ';', &b);
    KT_STREQ(b.p, "n=7;mode=c;list=Throne Room,Village");
    kt_buf_free(&b);
    kt_opts_free(v, 4);

    KT_EQ(kt_opts_parse(test_opts, 4, "zz=1", ";", "test option", v, &err), KT_EUNKNOWN);
    KT_STREQ(err.msg, "unknown test option 'zz' (known: n, fast, mode, list)");
    KT_EQ(kt_opts_parse(test_opts, 4, "n=11", ";", "test option", v, &err), KT_EINVAL);
    KT_STREQ(err.msg, "test option 'n': 11 is out of range 1..10");
    KT_EQ(kt_opts_parse(test_opts, 4, "n=x", ";", "test option", v, &err), KT_EINVAL);
    KT_EQ(kt_opts_parse(test_opts, 4, "fast=maybe", ";", "test option", v, &err), KT_EINVAL);
    KT_EQ(kt_opts_parse(test_opts, 4, "mode=d", ";", "test option", v, &err), KT_EINVAL);
    KT_STREQ(err.msg, "test option 'mode': 'd' is not one of a|b|c");
    KT_EQ(kt_opts_parse(test_opts, 4, "n", ";", "test option", v, &err), KT_EINVAL);
    KT_EQ(kt_opts_parse(test_opts, 4, "n=1;n=2", ";", "test option", v, &err), KT_EINVAL);
}

KT_TEST(core_text_normalization_folds_case_space_and_umlauts)
{
    char out[64];
    kt_text_norm("  Buy   HÄNDLERIN ", out, sizeof out);
    KT_STREQ(out, "buy haendlerin");
    kt_text_norm("kaufe Töpferei", out, sizeof out);
    KT_STREQ(out, "kaufe toepferei");
    kt_text_norm("Straße", out, sizeof out);
    KT_STREQ(out, "strasse");
}

KT_TEST(core_api_rejects_unknown_game_and_bad_player_count)
{
    kt_game *g = NULL;
    kt_err err = {0, ""};
    KT_EQ(kt_game_new("chess", NULL, 2, 1, NULL, &g, &err), KT_EUNKNOWN);
    KT_CHECK(g == NULL);
    KT_CHECK(strstr(err.msg, "unknown game 'chess'") != NULL);
    KT_EQ(kt_game_new(NULL, NULL, 2, 1, NULL, &g, &err), KT_EUNKNOWN);
    for (int i = 0; i < kt_game_count(); i++) {
        const kt_gameinfo *gi = kt_game_info(i);
        KT_EQ(kt_game_new(gi->name, NULL, gi->max_players + 1, 1, NULL, &g, &err), KT_EINVAL);
        KT_EQ(kt_game_new(gi->name, "no_such_option=1", 0, 1, NULL, &g, &err), KT_EUNKNOWN);
        KT_EQ(kt_game_new(gi->name, "turn_limit=-5", 0, 1, NULL, &g, &err), KT_EINVAL);
    }
    KT_STREQ(kt_strerror(KT_EILLEGAL), "illegal action");
}

KT_TEST(core_load_rejects_garbage)
{
    kt_game *g = NULL;
    kt_state *s = NULL;
    kt_err err = {0, ""};
    KT_EQ(kt_load_json("not json", NULL, &g, &s, &err), KT_EPARSE);
    KT_EQ(kt_load_json("{\"kontor\":2}", NULL, &g, &s, &err), KT_ESTATE);
    KT_STREQ(err.msg, "field 'kontor': 2 is out of range 1..1");
    KT_EQ(kt_load_json("[]", NULL, &g, &s, &err), KT_ESTATE);
    KT_EQ(kt_load_json("{\"kontor\":1,\"game\":\"nope\",\"players\":2,\"seed\":1,\"options\":\"\","
                       "\"header\":{},\"state\":{}}",
                       NULL, &g, &s, &err),
          KT_EUNKNOWN);
    KT_CHECK(g == NULL && s == NULL);
}

/* Counting allocator that fails the Nth allocation (Lua's memcontrol idea). */
typedef struct failalloc {
    long calls, fail_at, live;
} failalloc;

static void *fa_fn(void *ud, void *p, size_t osize, size_t nsize)
{
    failalloc *fa = ud;
    (void)osize;
    if (nsize == 0) {
        if (p)
            fa->live--;
        free(p);
        return NULL;
    }
    if (fa->calls++ == fa->fail_at)
        return NULL;
    void *q = realloc(p, nsize);
    if (q && !p)
        fa->live++;
    return q;
}

KT_TEST(core_allocation_failures_are_clean)
{
    for (int i = 0; i < kt_game_count(); i++) {
        const char *name = kt_game_info(i)->name;
        int succeeded = 0;
        for (long n = 0; n < 64 && !succeeded; n++) {
            failalloc fa = {0, n, 0};
            kt_allocator a = {fa_fn, &fa};
            kt_game *g = NULL;
            kt_err err = {0, ""};
            kt_status st = kt_game_new(name, NULL, 0, 3, &a, &g, &err);
            if (st == KT_OK) {
                kt_state *s = kt_state_new(g);
                if (s)
                    kt_state_free(g, s);
                kt_game_free(g);
                succeeded = !!s;
            } else if (!KT_EQ(st, KT_ENOMEM)) {
                printf("      %s at allocation %ld: %s\n", name, n, err.msg);
                break;
            }
            if (!KT_EQ(fa.live, 0)) {
                printf("      %s leaked when allocation %ld failed\n", name, n);
                break;
            }
        }
        KT_CHECK(succeeded);
    }
    KT_CHECK(kt_game_count() > 0); /* the checks above ran for every game */
}
