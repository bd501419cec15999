/*
 * test_analysis.c - the post-game analysis of the library (kontor.h, "post-
 * game analysis"): it never reads what the analysed player could not see
 * (the same results on states that differ only in hidden information, in
 * every registered game, sealed decisions included), a record's decision is
 * analysed exactly as that position alone, the result is the same for any
 * number of threads and after a cancel and a resumed run, bad input gets
 * a clear error, and a bad move is flagged.
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "../../src/core/game.h"
#include "../harness.h"

/* The figures of two analysed moves are the same (NaN equals NaN). */
static int same_double(double a, double b) { return a == b || (isnan(a) && isnan(b)); }

static int same_move(const kt_analysis_move *x, const kt_analysis_move *y)
{
    return x->done == y->done && x->best == y->best && x->played == y->played &&
           x->worlds == y->worlds && x->severity == y->severity &&
           x->simulations == y->simulations && same_double(x->win_played, y->win_played) &&
           same_double(x->win_best, y->win_best) && same_double(x->loss, y->loss) &&
           same_double(x->loss_se, y->loss_se) && same_double(x->score_played, y->score_played) &&
           same_double(x->score_best, y->score_best) &&
           same_double(x->place_played, y->place_played) &&
           same_double(x->alone_played, y->alone_played);
}

/* Analyse one position for `player` with `played`; 0 on failure. */
static int analyse_at(kt_t *T, const kt_game *g, const kt_state *s, int player, kt_action played,
                      const char *opts, kt_analysis_move *out)
{
    kt_analysis *a;
    kt_err err;
    if (!KT_OKS(kt_analysis_new_position(g, s, player, &played, opts, &a, &err), &err))
        return 0;
    int ok = KT_OKS(kt_analysis_run(a, NULL, NULL, &err), &err);
    if (ok)
        *out = *kt_analysis_move_at(a, 0);
    kt_analysis_free(a);
    return ok && out->done;
}

/* A pending player of s with a real choice (several players decide at once
 * in sealed decisions: any of them), or -1. */
static int chooser(const kt_game *g, const kt_state *s, kt_rng *r)
{
    uint32_t m = kt_pending(g, s);
    int cand[KT_MAX_PLAYERS], n = 0;
    for (int p = 0; p < kt_game_players(g); p++)
        if ((m >> p) & 1u && kt_legal_as(g, s, p, NULL, 0) >= 2)
            cand[n++] = p;
    return n ? cand[kt_rng_below(r, (uint32_t)n)] : -1;
}

/* Random actions from the start position dealt with `seed` until a player
 * with a real choice is found; with `sealed`, one who decides at the same
 * time as the player to move (rare in a random walk: Fugger, Welser,
 * Medici's sealed bids).  Returns that player or -1. */
static int walk_to_choice(const kt_game *g, kt_state *s, uint64_t seed, int sealed, kt_rng *r)
{
    kt_action legal[KT_LEGAL_MAX];
    kt_state_init_seed(g, s, seed);
    int steps = 4 + (int)kt_rng_below(r, 120);
    for (int i = 0; i < 200000 && !kt_is_over(g, s); i++) {
        int p = chooser(g, s, r);
        if (p >= 0 && (sealed ? p != kt_to_move(g, s) : i >= steps))
            return p;
        int n = kt_legal(g, s, legal, KT_LEGAL_MAX);
        kt_apply_trusted(g, s, legal[kt_rng_below(r, (uint32_t)n)]);
    }
    return -1;
}

/* Would a player who saw everything get another result?  The heuristic bot
 * plays both states to the end from the same future dice and shuffles:
 * different final scores mean the hidden part matters here. */
static int hidden_matters(const kt_game *g, const kt_state *s, const kt_state *d)
{
    kt_state *x = kt_state_new(g), *y = kt_state_new(g);
    kt_bot *b1, *b2;
    kt_err err;
    int differ = 0;
    if (x && y && kt_bot_new(g, "heuristic", 3, &b1, &err) == KT_OK) {
        if (kt_bot_new(g, "heuristic", 3, &b2, &err) == KT_OK) {
            kt_state_copy(g, x, s);
            kt_state_copy(g, y, d);
            y->h.rng = x->h.rng;
            kt_action a;
            for (int i = 0; i < 100000 && !kt_is_over(g, x); i++)
                if (kt_bot_choose_fast(b1, x, &a, &err) == KT_OK)
                    kt_apply_trusted(g, x, a);
            for (int i = 0; i < 100000 && !kt_is_over(g, y); i++)
                if (kt_bot_choose_fast(b2, y, &a, &err) == KT_OK)
                    kt_apply_trusted(g, y, a);
            kt_result rx, ry;
            kt_result_get(g, x, &rx);
            kt_result_get(g, y, &ry);
            differ = memcmp(rx.score, ry.score, sizeof rx.score) != 0;
            kt_bot_free(b2);
        }
        kt_bot_free(b1);
    }
    kt_state_free(g, x);
    kt_state_free(g, y);
    return differ;
}

KT_TEST(analysis_no_peeking_in_every_registered_game)
{
    /* two states of one information set of the analysed player (the second
     * resampled by kt_determinize, checked to look the same to them) must
     * give identical figures; playing both out with everything visible
     * shows that the hidden part would have changed a peeking analysis */
    int total = 0;
    for (int gi = 0; gi < kt_game_count(); gi++) {
        const kt_gameinfo *info = kt_game_info(gi);
        kt_game *g;
        kt_err err;
        if (!KT_OKS(kt_game_new(info->name, NULL, 0, 41, NULL, &g, &err), &err))
            continue;
        kt_state *s = kt_state_new(g), *d = kt_state_new(g);
        kt_action legal[KT_LEGAL_MAX];
        kt_rng r;
        kt_rng_seed(&r, 17);
        int positions = 0, hidden = 0, sealed = 0, want = kt_t_scaled(8) + 1;
        for (int k = 0; k < 60 && positions < want; k++) {
            int p = walk_to_choice(g, s, 500 + (uint64_t)k, k % 2, &r);
            if (p < 0)
                continue;
            kt_determinize(g, s, p, kt_rng_next(&r), d);
            char *o1 = kt_observe_json(g, s, p, KT_LANG_EN), *o2 = kt_observe_json(g, d, p, KT_LANG_EN);
            int same_view = o1 && o2 && !strcmp(o1, o2);
            kt_free(o1);
            kt_free(o2);
            if (!KT_CHECK(same_view) || kt_state_equal(g, s, d))
                continue; /* nothing hidden from p here */
            int n = kt_legal_as(g, s, p, legal, KT_LEGAL_MAX);
            kt_action played = legal[n - 1];
            kt_analysis_move m1, m2;
            const char *opts = "budget=40;depth=60;seed=5";
            if (!analyse_at(T, g, s, p, played, opts, &m1) ||
                !analyse_at(T, g, d, p, played, opts, &m2))
                break;
            if (!same_move(&m1, &m2)) {
                KT_FAIL("%s: the analysis of player %d differs between two states that differ "
                        "only in what that player cannot see (win %.4f / %.4f, best %u / %u)",
                        info->name, p + 1, m1.win_played, m2.win_played, m1.best, m2.best);
                break;
            }
            hidden += hidden_matters(g, s, d);
            sealed += p != kt_to_move(g, s);
            positions++;
        }
        printf("    %s: %d positions (%d where a peeking playout ends differently, %d of a "
               "player other than the one to move)\n",
               info->name, positions, hidden, sealed);
        KT_CHECK(positions > 0);
        total += positions;
        kt_state_free(g, s);
        kt_state_free(g, d);
        kt_game_free(g);
    }
    KT_CHECK(total > 0 || kt_game_count() == 0);
}

/* A finished game of heuristic bots as a record. */
static kt_record *bot_game(kt_t *T, const char *game, int players, uint64_t seed, kt_game **gout)
{
    kt_err err;
    *gout = NULL;
    if (!KT_OKS(kt_game_new(game, NULL, players, seed, NULL, gout, &err), &err))
        return NULL;
    kt_game *g = *gout;
    kt_record *rec = kt_record_new(g);
    kt_state *s = kt_state_new(g);
    kt_bot *b;
    KT_OKS(kt_bot_new(g, "heuristic", seed, &b, &err), &err);
    while (!kt_is_over(g, s)) {
        kt_action a;
        if (!KT_OKS(kt_bot_choose(b, s, &a, &err), &err))
            break;
        kt_record_add(rec, s, a);
        kt_apply_trusted(g, s, a);
    }
    kt_bot_free(b);
    kt_state_free(g, s);
    return rec;
}

static char *run_json(kt_t *T, const kt_game *g, const kt_record *rec, int seat, const char *opts)
{
    kt_analysis *a;
    kt_err err;
    if (!KT_OKS(kt_analysis_new(g, rec, seat, opts, &a, &err), &err))
        return NULL;
    char *js = NULL;
    if (KT_OKS(kt_analysis_run(a, NULL, NULL, &err), &err))
        js = kt_analysis_json(a, KT_LANG_EN);
    kt_analysis_free(a);
    return js;
}

KT_TEST(analysis_of_a_record_is_the_analysis_of_each_position)
{
    kt_game *g;
    kt_record *rec = bot_game(T, "anno1701", 2, 3, &g);
    KT_REQUIRE(rec);
    kt_analysis *a;
    kt_err err;
    const char *opts = "budget=24;to=40";
    KT_REQUIRE(KT_OKS(kt_analysis_new(g, rec, 1, opts, &a, &err), &err));
    KT_OKS(kt_analysis_run(a, NULL, NULL, &err), &err);
    int n = kt_analysis_count(a);
    KT_CHECK(n > 3);
    for (int i = 0; i < n; i++) {
        const kt_analysis_move *m = kt_analysis_move_at(a, i);
        const kt_state *s = kt_analysis_position(a, i);
        KT_CHECK(m->done && m->index < 40 && m->legal >= 2);
        KT_EQ(kt_action_count(g, s), m->index);
        kt_analysis_move one;
        if (analyse_at(T, g, s, 1, m->played, opts, &one) && !same_move(&one, m))
            KT_FAIL("decision %d: the record's analysis differs from the position's", i);
        /* the played action is the record's */
        char t[256];
        kt_action_text(g, s, m->played, KT_OMNISCIENT, KT_LANG_EN, t, sizeof t);
        KT_STREQ(t, kt_record_action(rec, m->index));
    }
    KT_EQ(kt_analysis_count(a) + kt_analysis_forced(a) > 0, 1);
    kt_analysis_free(a);
    kt_record_free(rec);
    kt_game_free(g);
}

KT_TEST(analysis_threads_and_seeds_give_the_same_result)
{
    /* threads change who analyses which decision, never the result; the
     * same seed repeats it; another seed gives other samples */
    kt_game *g;
    kt_record *rec = bot_game(T, "catan", 3, 5, &g);
    KT_REQUIRE(rec);
    char *one = run_json(T, g, rec, 2, "budget=16;to=120;threads=1");
    char *three = run_json(T, g, rec, 2, "budget=16;to=120;threads=3");
    char *again = run_json(T, g, rec, 2, "budget=16;to=120");
    char *other = run_json(T, g, rec, 2, "budget=16;to=120;seed=2");
    KT_REQUIRE(one && three && again && other);
    KT_STREQ(one, three);
    KT_STREQ(one, again);
    KT_CHECK(strcmp(one, other) != 0);
    KT_CHECK(strstr(one, "\"complete\":true") != NULL);
    kt_free(one);
    kt_free(three);
    kt_free(again);
    kt_free(other);
    kt_record_free(rec);
    kt_game_free(g);
}

static int stop_after_two(void *ud, const kt_analysis_progress *p)
{
    int *calls = ud;
    ++*calls;
    return p->done >= 2;
}

typedef struct cancel_job {
    kt_analysis *a;
    kt_status st;
} cancel_job;

static void *run_job(void *arg)
{
    cancel_job *j = arg;
    kt_err err;
    j->st = kt_analysis_run(j->a, NULL, NULL, &err);
    return NULL;
}

KT_TEST(analysis_cancel_from_another_thread_and_resume)
{
    kt_game *g;
    kt_record *rec = bot_game(T, "dominion", 2, 9, &g);
    KT_REQUIRE(rec);
    const char *opts = "budget=200;threads=2";
    char *whole = run_json(T, g, rec, 0, opts);
    KT_REQUIRE(whole);
    kt_analysis *a;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_analysis_new(g, rec, 0, opts, &a, &err), &err));
    /* a cancel before the run ends it at once */
    kt_analysis_progress p;
    kt_analysis_cancel(a);
    KT_OKS(kt_analysis_run(a, NULL, NULL, &err), &err);
    kt_analysis_progress_get(a, &p);
    KT_EQ(p.done, 0);
    KT_CHECK(p.cancelled && !p.running);
    /* the progress callback cancels after two decisions */
    int calls = 0;
    KT_OKS(kt_analysis_run(a, stop_after_two, &calls, &err), &err);
    kt_analysis_progress_get(a, &p);
    KT_CHECK(calls >= 1 && p.done >= 2 && p.done < p.decisions && p.cancelled);
    char *part = kt_analysis_json(a, KT_LANG_EN);
    KT_CHECK(part && strstr(part, "\"complete\":false"));
    kt_free(part);
    /* another thread cancels a running analysis */
    cancel_job job = {a, KT_OK};
    pthread_t th;
    KT_REQUIRE(pthread_create(&th, NULL, run_job, &job) == 0);
    for (int i = 0; i < 2000; i++) {
        kt_analysis_progress_get(a, &p);
        if (p.running)
            break;
        nanosleep(&(struct timespec){0, 500000}, NULL);
    }
    kt_analysis_cancel(a);
    pthread_join(th, NULL);
    KT_EQ(job.st, KT_OK);
    /* resumed: the same result as one uninterrupted run */
    KT_OKS(kt_analysis_run(a, NULL, NULL, &err), &err);
    kt_analysis_progress_get(a, &p);
    KT_CHECK(p.done == p.decisions && !p.cancelled);
    char *resumed = kt_analysis_json(a, KT_LANG_EN);
    KT_CHECK(resumed && whole && !strcmp(resumed, whole));
    kt_free(resumed);
    kt_free(whole);
    kt_analysis_free(a);
    kt_record_free(rec);
    kt_game_free(g);
}

KT_TEST(analysis_rejects_bad_input_clearly)
{
    kt_game *g;
    kt_record *rec = bot_game(T, "anno1701", 2, 2, &g);
    KT_REQUIRE(rec);
    kt_analysis *a = NULL;
    kt_err err;
    static const struct {
        int seat;
        const char *opts, *msg;
    } bad[] = {
        {2, "", "no player 2"},
        {-1, "", "no player -1"},
        {0, "budget=1", "budget"},
        {0, "bogus=1", "bogus"},
        {0, "z=abc", "'z'"},
        {0, "seed=-4", "'seed'"},
        {0, "from=50;to=10", "to=10 is before from=50"},
        {0, "mcts=iters=5", "iters is set by the analysis"},
        {0, "mcts=c=-1", "'c'"},
        {0, "policy=clever", "policy"},
        {0, "threads=0", "threads"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        kt_status st = kt_analysis_new(g, rec, bad[i].seat, bad[i].opts, &a, &err);
        KT_CHECK(st != KT_OK && a == NULL);
        if (!KT_CHECK(strstr(err.msg, bad[i].msg) != NULL))
            printf("      options '%s': %s\n", bad[i].opts, err.msg);
    }
    /* a record that does not replay */
    kt_record *broken;
    kt_game *g2;
    const char *js = "{\"kontor_record\":1,\"game\":\"anno1701\",\"players\":2,\"seed\":2,"
                     "\"options\":\"\",\"actions\":[\"fly to the moon\"]}";
    KT_REQUIRE(KT_OKS(kt_record_load(js, NULL, &broken, &g2, &err), &err));
    KT_CHECK(kt_analysis_new(g2, broken, 0, NULL, &a, &err) != KT_OK && !a);
    KT_CHECK(strstr(err.msg, "record action 1") != NULL);
    kt_record_free(broken);
    kt_game_free(g2);
    /* positions: a player with nothing to decide, an illegal action, the end */
    kt_state *s = kt_state_new(g);
    int idle = 1 - kt_to_move(g, s);
    kt_action no = 0xfffffff0u;
    KT_CHECK(kt_analysis_new_position(g, s, idle, NULL, "", &a, &err) == KT_EILLEGAL);
    KT_CHECK(kt_analysis_new_position(g, s, kt_to_move(g, s), &no, "", &a, &err) == KT_EILLEGAL);
    KT_CHECK(strstr(err.msg, "not legal") != NULL);
    KT_OKS(kt_record_replay(rec, g, -1, s, &err), &err);
    KT_CHECK(kt_analysis_new_position(g, s, 0, NULL, "", &a, &err) == KT_EOVER);
    /* out-of-range accessors */
    KT_REQUIRE(KT_OKS(kt_analysis_new(g, rec, 0, "budget=4;to=5", &a, &err), &err));
    KT_CHECK(kt_analysis_move_at(a, -1) == NULL && kt_analysis_move_at(a, 1 << 20) == NULL);
    KT_CHECK(kt_analysis_position(a, kt_analysis_count(a)) == NULL);
    KT_EQ(kt_analysis_ranked(a, 0), -1); /* nothing analysed yet */
    kt_analysis_free(a);
    kt_analysis_free(NULL);
    kt_state_free(g, s);
    kt_record_free(rec);
    kt_game_free(g);
}

KT_TEST(analysis_flags_a_move_that_throws_the_game)
{
    /* Dominion, First Game: a heuristic game; in some buy decisions with
     * $8, "end turn" instead of the heuristic's buy must be flagged, while
     * the heuristic's own choice is never flagged against itself */
    kt_game *g;
    kt_err err;
    KT_REQUIRE(KT_OKS(kt_game_new("dominion", "preset=First Game", 2, 4, NULL, &g, &err), &err));
    kt_state *s = kt_state_new(g);
    kt_bot *b;
    KT_REQUIRE(KT_OKS(kt_bot_new(g, "heuristic", 4, &b, &err), &err));
    int tried = 0, flagged = 0, agreed = 0;
    while (!kt_is_over(g, s) && tried < 3) {
        kt_action a, end;
        KT_REQUIRE(KT_OKS(kt_bot_choose(b, s, &a, &err), &err));
        char t[256];
        kt_action_text(g, s, a, KT_OMNISCIENT, KT_LANG_EN, t, sizeof t);
        if (!strcmp(t, "buy Province") && kt_action_parse(g, s, "end turn", &end, NULL) == KT_OK) {
            kt_analysis_move bad, good;
            int p = kt_to_move(g, s);
            if (analyse_at(T, g, s, p, end, "budget=400", &bad) &&
                analyse_at(T, g, s, p, a, "budget=400", &good)) {
                printf("    end turn with $8: loss %.3f ± %.3f, severity %d; buying: loss %.3f\n",
                       bad.loss, bad.loss_se, bad.severity, good.loss);
                flagged += bad.severity > 0 && bad.loss > 0.05;
                agreed += good.severity == 0;
            }
            tried++;
        }
        kt_apply_trusted(g, s, a);
    }
    KT_CHECK(tried > 0);
    KT_CHECK(flagged >= 1);
    KT_EQ(agreed, tried);
    kt_bot_free(b);
    kt_state_free(g, s);
    kt_game_free(g);
}
