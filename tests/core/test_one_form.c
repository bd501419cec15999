/*
 * test_one_form.c - one form per operation (kontor.h): every alias kept
 * until kontor 2.0 gives byte-identical results to its one form called
 * with KT_TO_MOVE and with the explicit kt_to_move player, in every game
 * over seeded random walks (and at the end of a game); a number that is no
 * player is refused with a clear status and changes nothing.
 *
 * Each position is compared through three "hands": [0] the alias, [1] the
 * one form with KT_TO_MOVE, [2] the one form with kt_to_move(s).  Bots and
 * records come in threes made alike, so a difference anywhere shows up as
 * a different choice or record text.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../harness.h"

#define WALKS 2
#define SHOWN 6 /* legal actions whose texts, menus and indices are compared */

typedef struct hands {
    kt_bot *bot[3];
    kt_record *rec[3];
} hands;

static uint64_t next_rand(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* The game with its study options (bounds random play needs) and its
 * default player count. */
static kt_game *study_game(kt_t *T, const kt_gameinfo *gi, uint64_t seed)
{
    char *opts = NULL, *added = NULL;
    kt_err err;
    kt_game *g = NULL;
    KT_OKS(kt_options_for_study(gi->name, NULL, NULL, &opts, &added, &err), &err);
    KT_OKS(kt_game_new(gi->name, opts, gi->default_players, seed, NULL, &g, &err), &err);
    kt_free(opts);
    kt_free(added);
    return g;
}

/* The action and the message each hand gave are the same. */
static void same_answers(kt_t *T, const kt_action out[3], const kt_err e[3])
{
    KT_EQ(out[0], out[1]);
    KT_EQ(out[0], out[2]);
    KT_STREQ(e[0].msg, e[1].msg);
    KT_STREQ(e[0].msg, e[2].msg);
}

static void same_texts(kt_t *T, const kt_game *g, const kt_state *s, int tm, kt_action a)
{
    const int viewers[3] = {KT_OMNISCIENT, KT_SPECTATOR, tm >= 0 ? tm : KT_OMNISCIENT};
    for (int v = 0; v < 3; v++)
        for (int lang = KT_LANG_EN; lang <= KT_LANG_DE; lang++) {
            char t[3][256];
            size_t n0 = kt_action_text(g, s, a, viewers[v], lang, t[0], sizeof t[0]);
            size_t n1 = kt_action_text_as(g, s, KT_TO_MOVE, a, viewers[v], lang, t[1], sizeof t[1]);
            size_t n2 = kt_action_text_as(g, s, tm, a, viewers[v], lang, t[2], sizeof t[2]);
            KT_EQ(n0, n1);
            KT_EQ(n0, n2);
            KT_STREQ(t[0], t[1]);
            KT_STREQ(t[0], t[2]);
        }
    kt_menu_item m[3];
    memset(m, 0x5a, sizeof m);
    kt_menu_item_get(g, s, a, KT_LANG_DE, &m[0]);
    kt_menu_item_get_as(g, s, KT_TO_MOVE, a, KT_LANG_DE, &m[1]);
    kt_menu_item_get_as(g, s, tm, a, KT_LANG_DE, &m[2]);
    KT_CHECK(memcmp(&m[0], &m[1], sizeof m[0]) == 0);
    KT_CHECK(memcmp(&m[0], &m[2], sizeof m[0]) == 0);
    int i0 = kt_action_index(g, s, a);
    KT_EQ(i0, kt_action_index_as(g, s, KT_TO_MOVE, a));
    KT_EQ(i0, kt_action_index_as(g, s, tm, a));
    /* parse the action's own text back */
    char txt[256];
    kt_action_text(g, s, a, KT_OMNISCIENT, KT_LANG_EN, txt, sizeof txt);
    kt_action out[3] = {0, 0, 0};
    kt_err e[3];
    memset(e, 0, sizeof e);
    kt_status st0 = kt_action_parse(g, s, txt, &out[0], &e[0]);
    KT_EQ(st0, kt_action_parse_as(g, s, KT_TO_MOVE, txt, &out[1], &e[1]));
    KT_EQ(st0, kt_action_parse_as(g, s, tm, txt, &out[2], &e[2]));
    same_answers(T, out, e);
}

/* kt_index_action for one index (legal or not): same status, action and
 * message through the three hands. */
static void same_index(kt_t *T, const kt_game *g, const kt_state *s, int tm, int index)
{
    kt_action out[3] = {0, 0, 0};
    kt_err e[3];
    memset(e, 0, sizeof e);
    kt_status st = kt_index_action(g, s, index, &out[0], &e[0]);
    KT_EQ(st, kt_index_action_as(g, s, KT_TO_MOVE, index, &out[1], &e[1]));
    KT_EQ(st, kt_index_action_as(g, s, tm, index, &out[2], &e[2]));
    same_answers(T, out, e);
}

static void same_views(kt_t *T, const kt_game *g, const kt_state *s)
{
    for (int p = KT_OMNISCIENT; p < kt_game_players(g) && p < 2; p++) {
        char *a = kt_render(g, s, p, KT_LANG_EN), *b = NULL;
        KT_EQ(kt_render_text(g, s, p, KT_LANG_EN, &b, NULL), KT_OK);
        KT_CHECK(a && b && strcmp(a, b) == 0);
        kt_free(a);
        kt_free(b);
        a = kt_observe_json(g, s, p, KT_LANG_EN);
        kt_status st = kt_observe(g, s, p, KT_LANG_EN, &b, NULL);
        KT_EQ(st, p == KT_OMNISCIENT ? KT_EINVAL : KT_OK); /* observations are per player */
        KT_CHECK(a ? b && strcmp(a, b) == 0 : !b);
        kt_free(a);
        kt_free(b);
    }
}

/* Everything the aliases answer in s, through the three hands; returns the
 * legal actions of s in `legal` (their number). */
static int same_position(kt_t *T, const kt_game *g, const kt_state *s, kt_action *legal)
{
    static kt_action b1[KT_LEGAL_MAX], b2[KT_LEGAL_MAX];
    int tm = kt_to_move(g, s);
    int n = kt_legal(g, s, legal, KT_LEGAL_MAX);
    KT_EQ(n, kt_legal_as(g, s, KT_TO_MOVE, b1, KT_LEGAL_MAX));
    KT_EQ(n, kt_legal_as(g, s, tm, b2, KT_LEGAL_MAX));
    KT_EQ(n, kt_legal_as(g, s, KT_TO_MOVE, NULL, 0));
    KT_CHECK(n <= 0 || memcmp(legal, b1, sizeof *legal * (size_t)n) == 0);
    KT_CHECK(n <= 0 || memcmp(legal, b2, sizeof *legal * (size_t)n) == 0);
    for (int lang = KT_LANG_EN; lang <= KT_LANG_DE; lang++) {
        char *p[3] = {kt_prompt(g, s, lang), kt_prompt_as(g, s, KT_TO_MOVE, lang),
                      kt_prompt_as(g, s, tm, lang)};
        KT_CHECK(p[0] && p[1] && p[2] && !strcmp(p[0], p[1]) && !strcmp(p[0], p[2]));
        for (int k = 0; k < 3; k++)
            kt_free(p[k]);
    }
    int idx[3][KT_LEGAL_MAX / 4];
    int cap = KT_LEGAL_MAX / 4;
    int ni = kt_legal_indices(g, s, idx[0], cap);
    KT_EQ(ni, kt_legal_indices_as(g, s, KT_TO_MOVE, idx[1], cap));
    KT_EQ(ni, kt_legal_indices_as(g, s, tm, idx[2], cap));
    int shown = ni < cap ? ni : cap;
    KT_CHECK(shown <= 0 || memcmp(idx[0], idx[1], sizeof(int) * (size_t)shown) == 0);
    KT_CHECK(shown <= 0 || memcmp(idx[0], idx[2], sizeof(int) * (size_t)shown) == 0);
    for (int i = 0; i < n && i < SHOWN; i++)
        same_texts(T, g, s, tm, legal[i]);
    if (n > SHOWN)
        same_texts(T, g, s, tm, legal[n - 1]);
    int space = kt_action_space(g);
    same_index(T, g, s, tm, -1);
    same_index(T, g, s, tm, space > 0 ? space - 1 : 0);
    if (n > 0 && space > 0)
        same_index(T, g, s, tm, kt_action_index(g, s, legal[n / 2]));
    return n;
}

/* Bots, records and apply through the three hands; s moves on by `a`
 * (which may be illegal: then nothing may move). */
static void same_step(kt_t *T, const kt_game *g, kt_state *s, hands *h, kt_action a)
{
    int tm = kt_to_move(g, s);
    kt_action ch[3] = {0, 0, 0};
    kt_err e[3];
    memset(e, 0, sizeof e);
    kt_status st = kt_bot_choose(h->bot[0], s, &ch[0], &e[0]);
    KT_EQ(st, kt_bot_choose_as(h->bot[1], s, KT_TO_MOVE, &ch[1], &e[1]));
    KT_EQ(st, kt_bot_choose_as(h->bot[2], s, tm, &ch[2], &e[2]));
    same_answers(T, ch, e);
    size_t sz = kt_state_size(g);
    kt_state *c[3];
    for (int k = 0; k < 3; k++) {
        c[k] = kt_state_new(g);
        KT_REQUIRE(c[k]);
        kt_state_copy(g, c[k], s);
    }
    memset(e, 0, sizeof e);
    kt_status ap = kt_apply(g, c[0], a, &e[0]);
    KT_EQ(ap, kt_apply_as(g, c[1], KT_TO_MOVE, a, &e[1]));
    KT_EQ(ap, kt_apply_as(g, c[2], tm, a, &e[2]));
    KT_STREQ(e[0].msg, e[1].msg);
    KT_STREQ(e[0].msg, e[2].msg);
    KT_CHECK(kt_state_equal(g, c[0], c[1]) && kt_state_equal(g, c[0], c[2]));
    if (ap == KT_OK) {
        KT_EQ(kt_record_add(h->rec[0], s, a), KT_OK);
        KT_EQ(kt_record_add_as(h->rec[1], s, KT_TO_MOVE, a), KT_OK);
        KT_EQ(kt_record_add_as(h->rec[2], s, tm, a), KT_OK);
    } else {
        KT_CHECK(kt_state_equal(g, c[0], s)); /* refused: nothing moved */
    }
    memcpy(s, c[0], sz);
    for (int k = 0; k < 3; k++)
        kt_state_free(g, c[k]);
}

static void same_records(kt_t *T, hands *h)
{
    char *j[3];
    for (int k = 0; k < 3; k++)
        j[k] = kt_record_json(h->rec[k]);
    KT_CHECK(j[0] && j[1] && j[2] && !strcmp(j[0], j[1]) && !strcmp(j[0], j[2]));
    for (int k = 0; k < 3; k++)
        kt_free(j[k]);
}

static void walk(kt_t *T, const kt_game *g, uint64_t seed, int steps)
{
    hands h;
    kt_err err;
    for (int k = 0; k < 3; k++) {
        KT_OKS(kt_bot_new(g, "random", seed, &h.bot[k], &err), &err);
        h.rec[k] = kt_record_new(g);
        KT_REQUIRE(h.bot[k] && h.rec[k]);
    }
    kt_state *s = kt_state_new(g);
    KT_REQUIRE(s);
    kt_state_init_seed(g, s, seed);
    static kt_action legal[KT_LEGAL_MAX];
    uint64_t x = seed * 0x9e3779b97f4a7c15ULL + 1;
    for (int i = 0; i < steps && !kt_is_over(g, s); i++) {
        int n = same_position(T, g, s, legal);
        KT_REQUIRE(n > 0);
        if (i % 7 == 3)
            same_step(T, g, s, &h, 0xfffffff0u); /* an illegal code: refused alike */
        if (i % 11 == 0)
            same_views(T, g, s);
        same_step(T, g, s, &h, legal[next_rand(&x) % (uint64_t)n]);
    }
    same_records(T, &h);
    /* and once the game is over (kt_to_move is -1 there) */
    kt_state *list[1] = {s};
    kt_play_random(g, list, 1, -1, seed, NULL);
    KT_CHECK(kt_is_over(g, s));
    KT_EQ(same_position(T, g, s, legal), 0);
    same_step(T, g, s, &h, 0);
    same_views(T, g, s);
    kt_state_free(g, s);
    for (int k = 0; k < 3; k++) {
        kt_bot_free(h.bot[k]);
        kt_record_free(h.rec[k]);
    }
}

KT_TEST(one_form_aliases_equal_the_one_form_in_every_game)
{
    int steps = kt_t_scaled(150);
    for (int gi = 0; gi < kt_game_count(); gi++) {
        const kt_gameinfo *info = kt_game_info(gi);
        for (uint64_t w = 1; w <= WALKS; w++) {
            kt_game *g = study_game(T, info, 1000 + w);
            KT_REQUIRE(g);
            walk(T, g, 77 * w + (uint64_t)gi, steps);
            kt_game_free(g);
        }
    }
}

/* Every one form with a number that is no player: a clear refusal, and the
 * state, the record and the bot are as before. */
static void refuse_player(kt_t *T, const kt_game *g, kt_state *s, int p)
{
    kt_action legal[KT_LEGAL_MAX];
    int n = kt_legal_as(g, s, KT_TO_MOVE, legal, KT_LEGAL_MAX);
    KT_REQUIRE(n > 0);
    kt_state *before = kt_state_new(g);
    KT_REQUIRE(before);
    kt_state_copy(g, before, s);
    kt_err err;
    char txt[256];
    kt_action_text_as(g, s, KT_TO_MOVE, legal[0], KT_OMNISCIENT, KT_LANG_EN, txt, sizeof txt);

    KT_EQ(kt_legal_as(g, s, p, legal, KT_LEGAL_MAX), -1);
    KT_EQ(kt_legal_as(g, s, p, NULL, 0), -1);
    KT_EQ(kt_apply_as(g, s, p, legal[0], &err), KT_EINVAL);
    KT_CHECK(strstr(err.msg, "not a player number") != NULL);
    kt_action out = 12345;
    KT_EQ(kt_action_parse_as(g, s, p, txt, &out, &err), KT_EINVAL);
    KT_CHECK(strstr(err.msg, "not a player number") != NULL);
    KT_EQ(kt_action_parse_lang(g, s, p, txt, KT_LANG_DE, &out, &err), KT_EINVAL);
    KT_EQ(kt_index_action_as(g, s, p, 0, &out, &err), KT_EINVAL);
    KT_EQ(out, 12345);
    char buf[64] = "untouched";
    KT_EQ(kt_action_text_as(g, s, p, legal[0], KT_OMNISCIENT, KT_LANG_EN, buf, sizeof buf), 0);
    KT_STREQ(buf, "");
    KT_CHECK(kt_prompt_as(g, s, p, KT_LANG_EN) == NULL);
    kt_menu_item m, zero;
    memset(&m, 0x5a, sizeof m);
    memset(&zero, 0, sizeof zero);
    kt_menu_item_get_as(g, s, p, legal[0], KT_LANG_EN, &m);
    KT_CHECK(memcmp(&m, &zero, sizeof m) == 0);
    kt_action_info in, inzero;
    memset(&in, 0x5a, sizeof in);
    memset(&inzero, 0, sizeof inzero);
    kt_action_info_get(g, s, p, legal[0], &in);
    KT_CHECK(memcmp(&in, &inzero, sizeof in) == 0);
    KT_EQ(kt_action_index_as(g, s, p, legal[0]), -1);
    int idx[4];
    KT_EQ(kt_legal_indices_as(g, s, p, idx, 4), -1);
    char *warning = (char *)"untouched";
    KT_EQ(kt_action_warning(g, s, p, legal[0], KT_LANG_EN, &warning, &err), KT_EINVAL);
    KT_CHECK(warning == NULL);

    kt_record *r = kt_record_new(g);
    KT_REQUIRE(r);
    KT_EQ(kt_record_add_as(r, s, p, legal[0]), KT_EINVAL);
    KT_EQ(kt_record_length(r), 0);
    kt_record_free(r);

    /* the bot is not asked: afterwards it chooses as its twin does */
    kt_bot *b = NULL, *twin = NULL;
    KT_OKS(kt_bot_new(g, "random", 5, &b, &err), &err);
    KT_OKS(kt_bot_new(g, "random", 5, &twin, &err), &err);
    KT_EQ(kt_bot_choose_as(b, s, p, &out, &err), KT_EINVAL);
    KT_CHECK(strstr(err.msg, "not a player number") != NULL);
    kt_action a1 = 0, a2 = 0;
    KT_OKS(kt_bot_choose_as(b, s, KT_TO_MOVE, &a1, &err), &err);
    KT_OKS(kt_bot_choose_as(twin, s, KT_TO_MOVE, &a2, &err), &err);
    KT_EQ(a1, a2);
    kt_bot_free(b);
    kt_bot_free(twin);

    KT_CHECK(kt_state_equal(g, before, s));
    kt_state_free(g, before);
}

KT_TEST(one_form_refuses_a_number_that_is_no_player)
{
    for (int gi = 0; gi < kt_game_count(); gi++) {
        const kt_gameinfo *info = kt_game_info(gi);
        kt_game *g = study_game(T, info, 5);
        KT_REQUIRE(g);
        kt_state *s = kt_state_new(g);
        KT_REQUIRE(s);
        const int bad[] = {7, -5, KT_OMNISCIENT, kt_game_players(g)};
        for (int step = 0; step < 3 && !kt_is_over(g, s); step++) {
            for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
                refuse_player(T, g, s, bad[k]);
            kt_step_nth(g, s, 0);
        }
        kt_state_free(g, s);
        kt_game_free(g);
    }
}

/* A player with nothing to decide keeps the documented answers (the old
 * *_as behaviour): no legal actions, KT_EILLEGAL, the to-move prompt. */
KT_TEST(one_form_idle_player_keeps_its_answers)
{
    kt_game *g = NULL;
    kt_err err;
    KT_OKS(kt_game_new("dominion", NULL, 2, 3, NULL, &g, &err), &err);
    kt_state *s = kt_state_new(g);
    KT_REQUIRE(s);
    int idle = 1 - kt_to_move(g, s);
    kt_action legal[KT_LEGAL_MAX];
    int n = kt_legal_as(g, s, KT_TO_MOVE, legal, KT_LEGAL_MAX);
    KT_REQUIRE(n > 0);
    KT_EQ(kt_legal_as(g, s, idle, legal, KT_LEGAL_MAX), 0);
    KT_EQ(kt_apply_as(g, s, idle, legal[0], &err), KT_EILLEGAL);
    KT_CHECK(strstr(err.msg, "has nothing to decide now") != NULL);
    char *w1 = NULL, *w2 = NULL; /* the confirmation check: KT_TO_MOVE is the player to move */
    KT_EQ(kt_action_warning(g, s, KT_TO_MOVE, legal[0], KT_LANG_EN, &w1, &err), KT_OK);
    KT_EQ(kt_action_warning(g, s, kt_to_move(g, s), legal[0], KT_LANG_EN, &w2, &err), KT_OK);
    KT_CHECK(w1 == NULL && w2 == NULL); /* Dominion asks for no confirmations */
    char *a = kt_prompt_as(g, s, idle, KT_LANG_EN), *b = kt_prompt_as(g, s, KT_TO_MOVE, KT_LANG_EN);
    KT_CHECK(a && b && !strcmp(a, b));
    kt_free(a);
    kt_free(b);
    kt_state_free(g, s);
    kt_game_free(g);
}
