/*
 * test_bots.c - Dominion's game bots: a sensible choice at the decisions
 * cards ask, full games on many kingdoms without illegal moves, the rule
 * file format (errors name line and token; a file with Big Money Ultimate's
 * rules plays exactly like bot bmu), and the heuristic beating Big Money.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../../src/core/game.h"
#include "helpers.h"

#define KB "Militia,Moat,Library,Sentry,Bandit,Chapel,Throne Room,Smithy,Village,Artisan"

/* The text of what `spec` would do now. */
static void bot_says(kt_t *T, kt_scn *c, const char *spec, char *out, size_t cap)
{
    kt_bot *b;
    kt_err err;
    out[0] = '\0';
    if (!KT_OKS(kt_bot_new(c->g, spec, 1, &b, &err), &err))
        return;
    kt_action a;
    if (KT_OKS(kt_bot_choose(b, c->s, &a, &err), &err))
        kt_action_text(c->g, c->s, a, KT_OMNISCIENT, KT_LANG_EN, out, cap);
    kt_bot_free(b);
}

#define BOT_SAYS(c, spec, want)                                                                \
    do {                                                                                       \
        char got_[128];                                                                        \
        bot_says(T, (c), (spec), got_, sizeof got_);                                           \
        KT_STREQ(got_, (want));                                                                \
    } while (0)

static const char *const all_bots[] = {"heuristic", "bmu", "smithy"};

KT_TEST(dominion_bots_discard_junk_to_militia_and_reveal_moat)
{
    kt_scn c = dom_t_action(T, KB, 2,
                            "\"0\":{\"hand\":[\"Militia\"],\"deck\":[],\"discard\":[]},"
                            "\"1\":{\"hand\":[\"Gold\",\"Curse\",\"Estate\",\"Silver\","
                            "\"Copper\"]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Militia");
    for (int i = 0; i < 3; i++)
        BOT_SAYS(&c, all_bots[i], "discard Curse");
    KT_DO(&c, "discard Curse");
    for (int i = 0; i < 3; i++)
        BOT_SAYS(&c, all_bots[i], "discard Estate");
    kt_scn_free(&c);

    c = dom_t_action(T, KB, 2,
                     "\"0\":{\"hand\":[\"Militia\"],\"deck\":[],\"discard\":[]},"
                     "\"1\":{\"hand\":[\"Moat\",\"Copper\",\"Copper\",\"Copper\",\"Copper\"]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Militia");
    for (int i = 0; i < 3; i++)
        BOT_SAYS(&c, all_bots[i], "reveal Moat");
    kt_scn_free(&c);
}

KT_TEST(dominion_bots_library_skips_actions_only_without_actions_left)
{
    kt_scn c = dom_t_action(T, KB, 2,
                            "\"0\":{\"hand\":[\"Library\",\"Copper\"],\"deck\":[\"Smithy\","
                            "\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\"],"
                            "\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Library");
    BOT_SAYS(&c, "heuristic", "set aside Smithy"); /* it could not be played */
    kt_scn_free(&c);
    c = dom_t_action(T, KB, 2,
                     "\"0\":{\"hand\":[\"Village\",\"Library\",\"Copper\"],\"deck\":[\"Estate\","
                     "\"Smithy\",\"Copper\",\"Copper\",\"Copper\",\"Copper\",\"Copper\"],"
                     "\"discard\":[]}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Village|play Library");
    BOT_SAYS(&c, "heuristic", "keep Smithy"); /* one Action left to play it */
    kt_scn_free(&c);
}

KT_TEST(dominion_bots_sentry_trashes_curses_discards_green_keeps_gold)
{
    kt_scn c = dom_t_action(T, KB, 2,
                            "\"0\":{\"hand\":[\"Sentry\"],\"deck\":[\"Copper\",\"Curse\","
                            "\"Province\",\"Gold\"],\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Sentry");
    BOT_SAYS(&c, "heuristic", "trash Curse");
    KT_DO(&c, "trash Curse");
    BOT_SAYS(&c, "heuristic", "discard Province");
    kt_scn_free(&c);
    c = dom_t_action(T, KB, 2,
                     "\"0\":{\"hand\":[\"Sentry\"],\"deck\":[\"Copper\",\"Silver\",\"Gold\"],"
                     "\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Sentry");
    BOT_SAYS(&c, "bmu", "keep Silver");
    DOM_DO(&c, "keep Silver|keep Gold");
    BOT_SAYS(&c, "bmu", "put Gold on top");
    kt_scn_free(&c);
}

KT_TEST(dominion_bots_bandit_victim_gives_up_the_cheaper_treasure)
{
    kt_scn c = dom_t_action(T, KB, 2,
                            "\"0\":{\"hand\":[\"Bandit\"],\"deck\":[],\"discard\":[]},"
                            "\"1\":{\"deck\":[\"Gold\",\"Silver\"],\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Bandit");
    for (int i = 0; i < 3; i++)
        BOT_SAYS(&c, all_bots[i], "trash Silver");
    kt_scn_free(&c);
}

KT_TEST(dominion_bots_chapel_throne_room_artisan_choices)
{
    kt_scn c = dom_t_action(T, KB, 2,
                            "\"0\":{\"hand\":[\"Chapel\",\"Curse\",\"Estate\",\"Copper\","
                            "\"Copper\"],\"deck\":[],\"discard\":[]}");
    KT_REQUIRE(c.g);
    KT_DO(&c, "play Chapel");
    BOT_SAYS(&c, "heuristic", "trash Curse");
    KT_DO(&c, "trash Curse");
    BOT_SAYS(&c, "heuristic", "trash Estate");
    KT_DO(&c, "trash Estate");
    BOT_SAYS(&c, "heuristic", "done"); /* keeps its only money */
    kt_scn_free(&c);

    c = dom_t_action(T, KB, 2,
                     "\"0\":{\"hand\":[\"Throne Room\",\"Moat\",\"Smithy\"],\"deck\":[],"
                     "\"discard\":[]}");
    KT_REQUIRE(c.g);
    BOT_SAYS(&c, "heuristic", "play Throne Room");
    KT_DO(&c, "play Throne Room");
    BOT_SAYS(&c, "heuristic", "play Smithy"); /* +6 Cards beat +4 */
    kt_scn_free(&c);
    c = dom_t_action(T, KB, 2,
                     "\"0\":{\"hand\":[\"Throne Room\",\"Village\",\"Smithy\"],\"deck\":[],"
                     "\"discard\":[]}");
    KT_REQUIRE(c.g);
    BOT_SAYS(&c, "heuristic", "play Village"); /* Actions first, Throne Room after */
    kt_scn_free(&c);

    c = dom_t_action(T, KB, 2,
                     "\"0\":{\"hand\":[\"Artisan\",\"Copper\",\"Copper\"],\"deck\":[],"
                     "\"discard\":[]}");
    KT_REQUIRE(c.g);
    DOM_DO(&c, "play Artisan|gain Smithy");
    BOT_SAYS(&c, "heuristic", "topdeck Smithy"); /* no Action left to play it now */
    kt_scn_free(&c);
}

KT_TEST(dominion_bots_big_money_buys_by_the_book)
{
    /* $6 with 7 money: BMU takes Gold, not a Province it cannot afford */
    kt_scn c = dom_t_buy(T, KB, 2,
                         "\"0\":{\"hand\":[\"Gold\",\"Silver\",\"Copper\"],\"deck\":[],"
                         "\"discard\":[]}",
                         0);
    KT_REQUIRE(c.g);
    BOT_SAYS(&c, "bmu", "play treasures");
    KT_DO(&c, "play treasures");
    BOT_SAYS(&c, "bmu", "buy Gold");
    BOT_SAYS(&c, "smithy", "buy Gold");
    kt_scn_free(&c);
    /* $4: BMU Silver, the Smithy bot its first Smithy */
    c = dom_t_buy(T, KB, 2, "\"0\":{\"hand\":[\"Silver\",\"Copper\",\"Copper\"]}", 0);
    KT_REQUIRE(c.g);
    KT_DO(&c, "play treasures");
    BOT_SAYS(&c, "bmu", "buy Silver");
    BOT_SAYS(&c, "smithy", "buy Smithy");
    kt_scn_free(&c);
}

/* The guard: never take the last Province when it loses the game. */
KT_TEST(dominion_bots_never_buy_a_losing_game_end)
{
    /* player 1 has 9 VP with the Province, player 2 already 3 + 42 */
    kt_scn c = kt_scn_new(T, "dominion", "kingdom=" KB, 2, 7,
                          "{\"state\":{\"supply\":null,\"turn\":{\"coins\":8},\"players\":{\"1\":"
                          "{\"discard\":[\"Province\",\"Province\",\"Province\",\"Province\","
                          "\"Province\",\"Province\",\"Province\"]},\"0\":{\"hand\":["
                          "\"Estate\"],\"discard\":[\"Gold\",\"Gold\",\"Gold\",\"Gold\",\"Gold\",\"Gold\","
                          "\"Gold\"]}}}}");
    KT_REQUIRE(c.g);
    /* rich enough for the Province rule, but it would lose: next rule */
    BOT_SAYS(&c, "bmu", "buy Duchy");
    BOT_SAYS(&c, "heuristic", "buy Duchy");
    kt_scn_free(&c);
    /* ... but takes it when it wins */
    c = kt_scn_new(T, "dominion", "kingdom=" KB, 2, 7,
                   "{\"state\":{\"supply\":null,\"turn\":{\"coins\":8},\"trash\":[\"Province\","
                   "\"Province\",\"Province\",\"Province\",\"Province\",\"Province\",\"Province\"],"
                   "\"players\":{\"0\":{\"hand\":[\"Estate\"],\"discard\":[\"Gold\",\"Gold\",\"Gold\","
                   "\"Gold\",\"Gold\",\"Gold\",\"Gold\"]}}}}");
    KT_REQUIRE(c.g);
    BOT_SAYS(&c, "bmu", "buy Province");
    kt_scn_free(&c);
}

static int play_full(kt_t *T, const char *opts, int np, const char *const *specs, uint64_t seed)
{
    kt_game *g;
    kt_err err;
    if (!KT_OKS(kt_game_new("dominion", opts, np, seed, NULL, &g, &err), &err))
        return 0;
    kt_bot *b[4] = {NULL};
    for (int p = 0; p < np; p++)
        if (!KT_OKS(kt_bot_new(g, specs[p], seed + (uint64_t)p, &b[p], &err), &err))
            return 0;
    kt_state *s = kt_state_new(g);
    int ok = 1;
    long n = 0;
    while (!kt_is_over(g, s) && n < 100000) {
        kt_action a;
        if (kt_bot_choose(b[kt_to_move(g, s)], s, &a, &err) != KT_OK ||
            kt_apply(g, s, a, &err) != KT_OK) {
            KT_FAIL("%s: %s", opts ? opts : "", err.msg);
            ok = 0;
            break;
        }
        n++;
    }
    if (ok && !kt_is_over(g, s)) {
        KT_FAIL("game did not end");
        ok = 0;
    }
    if (ok && kt_check(g, s, &err) != KT_OK) {
        KT_FAIL("%s", err.msg);
        ok = 0;
    }
    for (int p = 0; p < np; p++)
        kt_bot_free(b[p]);
    kt_state_free(g, s);
    kt_game_free(g);
    return ok;
}

KT_TEST(dominion_bots_play_whole_games_on_random_kingdoms)
{
    static const char *const mixes[][4] = {
        {"heuristic", "bmu", "random", "heuristic"},
        {"bmu", "heuristic", "heuristic", "random"},
        {"random", "random", "heuristic", "bmu"},
    };
    int games = 0;
    for (int k = 0; k < kt_t_scaled(60); k++) {
        int np = 2 + k % 3;
        if (play_full(T, NULL, np, mixes[k % 3], 100 + (uint64_t)k))
            games++;
    }
    KT_EQ(games, kt_t_scaled(60));
    /* the Smithy bot needs Smithy and says so */
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("dominion", "kingdom=Witch,Village,Cellar,Chapel,Moat,Market,"
                                              "Mine,Festival,Library,Bandit",
                                  2, 1, NULL, &g, &err),
                      &err));
    kt_bot *b;
    KT_EQ(kt_bot_new(g, "smithy", 1, &b, &err), KT_EINVAL);
    KT_CHECK(strstr(err.msg, "Smithy") != NULL);
    kt_game_free(g);
    static const char *const sm[] = {"smithy", "heuristic", "smithy"};
    KT_CHECK(play_full(T, "kingdom=Smithy,Witch,Militia,Bandit,Bureaucrat,Moat", 3, sm, 5));
}

/* One game from `seed` with the bots' private data ud[] of definitions d[];
 * the number of actions, and the final state's hash in *hash. */
static long play_with(const kt_game *g, const kt_botdef *const *d, void *const *ud, uint64_t seed,
                      uint64_t *hash)
{
    kt_state *s = kt_state_new(g);
    kt_state_init_seed(g, s, seed);
    long n = 0;
    kt_err err;
    while (!kt_is_over(g, s) && n < 100000) {
        int p = kt_to_move(g, s);
        kt_action a;
        if (d[p]->choose(ud[p], g, s, &a, &err) != KT_OK || !kt_is_legal(g, s, a))
            return -1;
        kt_apply_trusted(g, s, a);
        n++;
    }
    *hash = kt_state_hash(g, s);
    kt_state_free(g, s);
    return n;
}

/* kontor sim keeps a game's bots for the next game and re-seeds them:
 * a re-seeded bot must play exactly as one created with that seed. */
KT_TEST(dominion_bots_reseeded_play_as_created)
{
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("dominion", "kingdom=Smithy,Witch,Militia,Moat,Library,"
                                              "Market,Laboratory,Village,Cellar,Chapel",
                                  2, 1, NULL, &g, &err),
                      &err));
    static const char *const names[] = {"bmu", "smithy", "heuristic"};
    for (int i = 0; i < 3; i++) {
        const kt_botdef *d = NULL;
        for (int k = 0; k < g->def->nbots; k++)
            if (!strcmp(g->def->bots[k].info.name, names[i]))
                d = &g->def->bots[k];
        KT_REQUIRE(d && d->reseed);
        const kt_botdef *dd[2] = {d, d};
        void *old[2], *fresh[2];
        for (int p = 0; p < 2; p++)
            KT_REQUIRE(d->create(g, NULL, 7 + (uint64_t)p, &old[p], &err) == KT_OK);
        uint64_t h0, h1, h2;
        KT_CHECK(play_with(g, dd, old, 3, &h0) > 0); /* a game played before */
        for (uint64_t seed = 20; seed < 24; seed++) {
            for (int p = 0; p < 2; p++) {
                d->reseed(old[p], seed * 10 + (uint64_t)p);
                KT_REQUIRE(d->create(g, NULL, seed * 10 + (uint64_t)p, &fresh[p], &err) == KT_OK);
            }
            long a = play_with(g, dd, old, seed, &h1), b = play_with(g, dd, fresh, seed, &h2);
            KT_CHECK(a > 0);
            KT_EQ(a, b);
            KT_CHECK(h1 == h2);
            for (int p = 0; p < 2; p++)
                d->destroy(fresh[p]);
        }
        for (int p = 0; p < 2; p++)
            d->destroy(old[p]);
    }
    kt_game_free(g);
}

static char *write_tmp(const char *text)
{
    char *path = malloc(64);
    snprintf(path, 64, "/tmp/dom_bot_XXXXXX");
    int fd = mkstemp(path);
    if (fd < 0) {
        free(path);
        return NULL;
    }
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    return path;
}

static kt_status file_bot(const char *text, kt_err *err)
{
    kt_game *g;
    kt_game_new("dominion", "kingdom=" KB, 2, 1, NULL, &g, err);
    char *path = write_tmp(text);
    char spec[128];
    snprintf(spec, sizeof spec, "file=%s", path ? path : "/nonexistent");
    kt_bot *b = NULL;
    kt_status st = kt_bot_new(g, spec, 1, &b, err);
    kt_bot_free(b);
    if (path) {
        unlink(path);
        free(path);
    }
    kt_game_free(g);
    return st;
}

/* Issue 16: a rule file may be any file the user names (file=/etc/shadow);
 * no error message may carry its text, whatever the line holds. */
KT_TEST(dominion_bot_file_errors_never_quote_the_file)
{
    static const char *const secrets[] = {
        "root:$6$SECRETSALT$SECRETHASH:19000:0:99999:7:::\n",
        "buy SECRETCARD\n",
        "buy Gold if SECRETVAR > 1\n",
        "buy Gold if count(SECRET CARD) > 1\n",
        "buy Gold SECRETWORD\n",
        "guard SECRET\n",
        "guard on SECRET\n",
        "buy Gold if money > 1 SECRET\n",
        "buy Gold if (money > 1 SECRET\n",
        "buy Gold if supply SECRET\n",
        "name x\nbuy Gold\nSECRET SECRET\n",
    };
    for (size_t i = 0; i < sizeof secrets / sizeof secrets[0]; i++) {
        kt_err err;
        memset(&err, 0, sizeof err);
        KT_EQ(file_bot(secrets[i], &err), KT_EPARSE);
        if (strstr(err.msg, "SECRET") || !strstr(err.msg, "line "))
            KT_FAIL("file %zu: message quotes the file or names no line: %s", i, err.msg);
    }
    /* a line past the limit is refused, not cut */
    char big[700];
    memset(big, 'x', sizeof big);
    memcpy(big, "buy Gold if money > 1 ", 22);
    big[sizeof big - 2] = '\n';
    big[sizeof big - 1] = '\0';
    kt_err err;
    KT_EQ(file_bot(big, &err), KT_EPARSE);
    KT_CHECK(strstr(err.msg, "longer than") && !strstr(err.msg, "xxx"));
}

KT_TEST(dominion_bot_file_errors_name_line_and_column_never_the_text)
{
    kt_err err;
    KT_EQ(file_bot("# my bot\nbuy Provnce if money > 18\n", &err), KT_EPARSE);
    KT_CHECK(strstr(err.msg, "line 2, column 5") && strstr(err.msg, "unknown card name") &&
             strstr(err.msg, "did you mean Province") && !strstr(err.msg, "Provnce"));
    KT_EQ(file_bot("buy Gold\nby Silver\n", &err), KT_EPARSE);
    KT_CHECK(strstr(err.msg, "line 2, column 1") && strstr(err.msg, "expected 'buy'") &&
             !strstr(err.msg, "by Silver"));
    KT_EQ(file_bot("buy Gold if monye > 3\n", &err), KT_EPARSE);
    KT_CHECK(strstr(err.msg, "line 1, column 13") && strstr(err.msg, "unknown variable") &&
             !strstr(err.msg, "monye"));
    KT_EQ(file_bot("buy Gold if money > \n", &err), KT_EPARSE);
    KT_CHECK(strstr(err.msg, "expected a number") != NULL);
    KT_EQ(file_bot("buy Gold if money = 3\n", &err), KT_EPARSE);
    KT_CHECK(strstr(err.msg, "use ==") != NULL);
    KT_EQ(file_bot("buy Gold if (money > 3\n", &err), KT_EPARSE);
    KT_CHECK(strstr(err.msg, "expected ')'") != NULL);
    KT_EQ(file_bot("buy Gold if count(Gld) > 1\n", &err), KT_EPARSE);
    KT_CHECK(strstr(err.msg, "unknown card name") && !strstr(err.msg, "Gld"));
    KT_EQ(file_bot("buy Gold when money > 3\n", &err), KT_EPARSE);
    KT_CHECK(strstr(err.msg, "expected 'if'") && !strstr(err.msg, "when"));
    KT_EQ(file_bot("guard maybe\nbuy Gold\n", &err), KT_EPARSE);
    KT_CHECK(strstr(err.msg, "line 1, column 7") && !strstr(err.msg, "maybe"));
    KT_EQ(file_bot("buy Cheap\n", &err), KT_EPARSE);
    KT_CHECK(strstr(err.msg, "Trait") != NULL);
    KT_EQ(file_bot("# nothing\n", &err), KT_EPARSE);
    KT_CHECK(strstr(err.msg, "no 'buy' rules") != NULL);
    kt_game *g;
    KT_REQUIRE(KT_OKS(kt_game_new("dominion", "kingdom=" KB, 2, 1, NULL, &g, &err), &err));
    kt_bot *b;
    KT_EQ(kt_bot_new(g, "file=/nonexistent/x.bot", 1, &b, &err), KT_EIO);
    KT_EQ(kt_bot_new(g, "file", 1, &b, &err), KT_EINVAL);
    kt_game_free(g);
    /* a good file, with German names, arithmetic and boolean logic */
    KT_EQ(file_bot("name Test\nguard off\nbuy Provinz if money >= 16 and (turn > 5 or vp < 3)\n"
                   "buy Schmiede if count(Smithy) < treasures / 11 and not supply(Smithy) == 0\n"
                   "buy Silver  # the rest\n",
                   &err),
          KT_OK);
}

KT_TEST(dominion_bot_file_with_bmu_rules_plays_exactly_like_bmu)
{
    char *path = write_tmp("name Big Money Ultimate\n"
                           "buy Province if money > 18\n"
                           "buy Duchy if supply(Province) <= 4\n"
                           "buy Estate if supply(Province) <= 2\n"
                           "buy Gold\n"
                           "buy Duchy if supply(Province) <= 6\n"
                           "buy Silver\n");
    KT_REQUIRE(path);
    char spec[128];
    snprintf(spec, sizeof spec, "file=%s", path);
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("dominion", "kingdom=" KB, 2, 9, NULL, &g, &err), &err));
    kt_state *s1 = kt_state_new(g), *s2 = kt_state_new(g);
    kt_bot *f = NULL, *m = NULL;
    KT_REQUIRE(KT_OKS(kt_bot_new(g, spec, 1, &f, &err), &err));
    KT_REQUIRE(KT_OKS(kt_bot_new(g, "bmu", 1, &m, &err), &err));
    int same = 0;
    for (uint64_t seed = 1; seed <= (uint64_t)kt_t_scaled(40); seed++) {
        kt_state_init_seed(g, s1, seed);
        kt_state_init_seed(g, s2, seed);
        kt_action a;
        while (!kt_is_over(g, s1))
            if (kt_bot_choose(f, s1, &a, &err) == KT_OK)
                kt_apply_trusted(g, s1, a);
        while (!kt_is_over(g, s2))
            if (kt_bot_choose(m, s2, &a, &err) == KT_OK)
                kt_apply_trusted(g, s2, a);
        same += kt_state_equal(g, s1, s2);
    }
    KT_EQ(same, kt_t_scaled(40));
    kt_bot_free(f);
    kt_bot_free(m);
    kt_state_free(g, s1);
    kt_state_free(g, s2);
    kt_game_free(g);
    unlink(path);
    free(path);
}

static double win_rate(kt_t *T, const char *opts, const char *a, const char *b, int games)
{
    kt_game *g;
    kt_err err;
    if (!KT_OKS(kt_game_new("dominion", opts, 2, 3, NULL, &g, &err), &err))
        return 0;
    kt_bot *ba, *bb;
    kt_bot_new(g, a, 1, &ba, &err);
    kt_bot_new(g, b, 2, &bb, &err);
    kt_state *s = kt_state_new(g);
    double won = 0;
    for (int i = 0; i < games; i++) {
        int a_seat = i & 1; /* alternate seats */
        kt_state_init_seed(g, s, 1000 + (uint64_t)i);
        while (!kt_is_over(g, s)) {
            kt_action x;
            kt_bot *who = kt_to_move(g, s) == a_seat ? ba : bb;
            if (kt_bot_choose_fast(who, s, &x, &err) != KT_OK)
                break;
            kt_apply_trusted(g, s, x);
        }
        kt_result r;
        kt_result_get(g, s, &r);
        won += r.reward[a_seat];
    }
    kt_bot_free(ba);
    kt_bot_free(bb);
    kt_state_free(g, s);
    kt_game_free(g);
    return won / games;
}

KT_TEST(dominion_heuristic_beats_big_money_and_random)
{
    int n = kt_t_scaled(800);
    double w1 = win_rate(T, "preset=Size Distortion", "heuristic", "bmu", n);
    double w2 = win_rate(T, "preset=First Game", "heuristic", "bmu", n);
    double w3 = win_rate(T, NULL, "heuristic", "random", kt_t_scaled(100));
    printf("    heuristic vs bmu: Size Distortion %.3f, First Game %.3f; vs random %.3f\n", w1, w2,
           w3);
    /* measured 0.94 and 0.71 over 2000 games; margins for noise */
    KT_CHECK(w1 > 0.85);
    KT_CHECK(w2 > 0.6);
    KT_CHECK(w3 > 0.97);
}
