/*
 * test_session.c - the library session (kt_session_request): the protocol's
 * commands, the rights of seats and spectators, limits, the log, and the
 * regressions of issue 16 (undo history across games of different state
 * sizes, one-line records, legal lists only for the decider, exact "ref"
 * echo, extreme integers, files refused).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../src/util/json.h"
#include "../harness.h"

/* Send one request; the reply must be one line of valid JSON. */
static char *req(kt_t *T, kt_session *S, int seat, const char *json)
{
    char *r = kt_session_request(S, seat, json, strlen(json), NULL);
    KT_CHECK(r && !strchr(r, '\n'));
    kt_jdoc d;
    if (!KT_CHECK(r && kt_json_parse(r, strlen(r), &d, NULL) == KT_OK))
        printf("      reply: %s\n", r ? r : "(null)");
    else
        kt_json_free(&d);
    return r;
}

static int ok(const char *reply) { return reply && !strncmp(reply, "{\"ok\":true", 10); }

static int has(const char *reply, const char *s) { return reply && strstr(reply, s) != NULL; }

static kt_session *session(kt_t *T, int server)
{
    kt_session_limits lim;
    if (server)
        kt_session_limits_server(&lim);
    else
        kt_session_limits_trusted(&lim);
    kt_session *S = NULL;
    kt_err err;
    KT_OKS(kt_session_new(&lim, NULL, &S, &err), &err);
    return S;
}

/* Apply n actions chosen by the random bot. */
static void play(kt_t *T, kt_session *S, int n)
{
    for (int i = 0; i < n; i++) {
        char *r = req(T, S, KT_OMNISCIENT, "{\"cmd\":\"bot\",\"spec\":\"random\",\"apply\":true}");
        KT_CHECK(ok(r));
        kt_free(r);
    }
}

KT_TEST(session_undo_history_survives_a_game_of_another_size)
{
    /* issue 16.1: the undo buffer kept a capacity counted in snapshots of
     * the previous (smaller) game: Catan, then Dominion overflowed */
    kt_session *S = session(T, 0);
    KT_REQUIRE(S);
    char *r = req(T, S, KT_OMNISCIENT, "{\"cmd\":\"new\",\"game\":\"catan\",\"seed\":3}");
    KT_CHECK(ok(r));
    kt_free(r);
    play(T, S, 1);
    r = req(T, S, KT_OMNISCIENT, "{\"cmd\":\"new\",\"game\":\"dominion\",\"seed\":3}");
    KT_CHECK(ok(r));
    kt_free(r);
    play(T, S, 200);
    r = req(T, S, KT_OMNISCIENT, "{\"cmd\":\"undo\",\"steps\":200}");
    KT_CHECK(ok(r) && has(r, "\"actions\":0"));
    kt_free(r);
    kt_session_free(S);
}

KT_TEST(session_record_is_one_line_and_replays)
{
    kt_session *S = session(T, 0);
    KT_REQUIRE(S);
    kt_free(req(T, S, KT_OMNISCIENT, "{\"cmd\":\"new\",\"game\":\"dominion\",\"seed\":5,"
                                     "\"seats\":[\"ann\",\"bot:bmu\"]}"));
    play(T, S, 30);
    char *r = req(T, S, KT_OMNISCIENT, "{\"cmd\":\"record\"}");
    KT_CHECK(ok(r) && has(r, "\"seats\":[\"ann\",\"bot:bmu\"]"));
    /* the record inside the reply loads and replays to the same state */
    kt_jdoc d;
    KT_REQUIRE(kt_json_parse(r, strlen(r), &d, NULL) == KT_OK);
    kt_buf b;
    kt_buf_init(&b);
    kt_jw w;
    kt_jw_init(&w, &b);
    kt_jw_value(&w, kt_jv_get(d.root, "record"));
    kt_record *rec;
    kt_game *g;
    kt_err err;
    KT_OKS(kt_record_load(b.p, NULL, &rec, &g, &err), &err);
    kt_state *s = kt_state_new(g);
    KT_OKS(kt_record_replay(rec, g, -1, s, &err), &err);
    KT_CHECK(kt_state_equal(g, s, kt_session_state(S)));
    kt_state_free(g, s);
    kt_record_free(rec);
    kt_game_free(g);
    kt_buf_free(&b);
    kt_json_free(&d);
    kt_free(r);
    kt_session_free(S);
}

KT_TEST(session_legal_only_for_the_player_who_decides)
{
    /* issue 16.5: "legal" with another viewer listed the mover's actions,
     * revealing their hand ("play Harbor Village") */
    kt_session *S = session(T, 0);
    KT_REQUIRE(S);
    kt_free(req(T, S, KT_OMNISCIENT, "{\"cmd\":\"new\",\"game\":\"dominion\",\"seed\":1}"));
    char *r = req(T, S, KT_OMNISCIENT, "{\"cmd\":\"legal\",\"viewer\":1}");
    KT_CHECK(ok(r) && has(r, "\"legal\":[]") && has(r, "Waiting for others"));
    kt_free(r);
    r = req(T, S, KT_OMNISCIENT, "{\"cmd\":\"legal\"}");
    KT_CHECK(ok(r) && has(r, "\"player\":0") && !has(r, "\"legal\":[]"));
    kt_free(r);
    r = req(T, S, 1, "{\"cmd\":\"legal\"}");
    KT_CHECK(ok(r) && has(r, "\"legal\":[]"));
    kt_free(r);
    r = req(T, S, 1, "{\"cmd\":\"legal\",\"player\":0}");
    KT_CHECK(!ok(r) && has(r, "speaks for player 1 only"));
    kt_free(r);
    r = req(T, S, KT_SPECTATOR, "{\"cmd\":\"legal\"}");
    KT_CHECK(!ok(r) && has(r, "spectators"));
    kt_free(r);
    kt_session_free(S);
}

KT_TEST(session_ref_echoed_exactly_and_extreme_integers_refused)
{
    /* issue 16.7: INT64_MIN was undefined behaviour; big or fractional refs
     * came back altered */
    kt_session *S = session(T, 0);
    KT_REQUIRE(S);
    const char *refs[] = {"-9223372036854775808", "18446744073709551616123", "0.1", "1e400",
                          "-0.0", "123456789012345678901234567890.5e-3"};
    for (int i = 0; i < 6; i++) {
        char q[256], want[256];
        snprintf(q, sizeof q, "{\"cmd\":\"version\",\"ref\":%s}", refs[i]);
        snprintf(want, sizeof want, "\"ref\":%s,", refs[i]);
        char *r = req(T, S, KT_OMNISCIENT, q);
        KT_CHECK(has(r, want));
        kt_free(r);
    }
    kt_free(req(T, S, KT_OMNISCIENT, "{\"cmd\":\"new\",\"game\":\"catan\",\"seed\":1}"));
    const char *bad[] = {"{\"cmd\":\"undo\",\"steps\":-9223372036854775808}",
                         "{\"cmd\":\"undo\",\"steps\":9223372036854775808}",
                         "{\"cmd\":\"undo\",\"steps\":1.5}",
                         "{\"cmd\":\"new\",\"game\":\"catan\",\"seed\":-9223372036854775808}",
                         "{\"cmd\":\"observe\",\"player\":-9223372036854775808}",
                         "{\"cmd\":\"log\",\"since\":-1}"};
    for (int i = 0; i < 6; i++) {
        char *r = req(T, S, KT_OMNISCIENT, bad[i]);
        KT_CHECK(!ok(r) && has(r, "\"error\":\"invalid\"") && has(r, "must be an integer"));
        kt_free(r);
    }
    kt_session_free(S);
}

KT_TEST(session_seat_rights)
{
    kt_session *S = session(T, 1);
    KT_REQUIRE(S);
    kt_free(req(T, S, KT_OMNISCIENT, "{\"cmd\":\"new\",\"game\":\"dominion\",\"seed\":2}"));
    const char *host_only[] = {"{\"cmd\":\"new\",\"game\":\"catan\"}", "{\"cmd\":\"undo\"}",
                               "{\"cmd\":\"load\",\"state\":{}}", "{\"cmd\":\"state\"}"};
    for (int i = 0; i < 4; i++) {
        char *r = req(T, S, 0, host_only[i]);
        KT_CHECK(!ok(r));
        kt_free(r);
        r = req(T, S, KT_SPECTATOR, host_only[i]);
        KT_CHECK(!ok(r));
        kt_free(r);
    }
    /* a server session gives even the host no hidden information */
    char *r = req(T, S, KT_OMNISCIENT, "{\"cmd\":\"state\"}");
    KT_CHECK(!ok(r) && has(r, "hidden information"));
    kt_free(r);
    r = req(T, S, KT_OMNISCIENT, "{\"cmd\":\"render\",\"player\":-1,\"omniscient\":true}");
    KT_CHECK(!ok(r));
    kt_free(r);
    /* player 1 (seat 1) cannot act for player 0 nor see player 0's view */
    r = req(T, S, 1, "{\"cmd\":\"apply\",\"action\":\"end turn\"}");
    KT_CHECK(!ok(r) && has(r, "nothing to decide"));
    kt_free(r);
    r = req(T, S, 1, "{\"cmd\":\"observe\",\"player\":0}");
    KT_CHECK(!ok(r));
    kt_free(r);
    r = req(T, S, 1, "{\"cmd\":\"observe\"}");
    KT_CHECK(ok(r) && has(r, "\"you\":1"));
    kt_free(r);
    r = req(T, S, KT_SPECTATOR, "{\"cmd\":\"render\"}");
    KT_CHECK(ok(r) && has(r, "\"player\":-1"));
    kt_free(r);
    /* seat 0 acts for itself */
    r = req(T, S, 0, "{\"cmd\":\"bot\",\"spec\":\"heuristic\",\"apply\":true}");
    KT_CHECK(ok(r) && has(r, "\"applied\""));
    kt_free(r);
    /* the seed never reaches a seat: its record is the redacted one */
    r = req(T, S, 0, "{\"cmd\":\"record\"}");
    KT_CHECK(ok(r) && has(r, "\"redacted\":true") && !has(r, "\"seed\""));
    kt_free(r);
    r = req(T, S, 7, "{\"cmd\":\"status\"}");
    KT_CHECK(!ok(r) && has(r, "no such seat"));
    kt_free(r);
    kt_session_free(S);
}

KT_TEST(session_refuses_files_when_restricted)
{
    /* issue 16.6: the bot spec file=/etc/shadow echoed the file's first
     * line; data_dir reads any directory */
    kt_session *S = session(T, 1);
    KT_REQUIRE(S);
    char *r = req(T, S, KT_OMNISCIENT,
                  "{\"cmd\":\"new\",\"game\":\"mp2\",\"options\":\"data_dir=/etc\"}");
    KT_CHECK(!ok(r) && has(r, "read files"));
    kt_free(r);
    kt_free(req(T, S, KT_OMNISCIENT, "{\"cmd\":\"new\",\"game\":\"dominion\",\"seed\":2}"));
    const char *specs[] = {"file=/etc/passwd", "file:file=/etc/passwd"};
    for (int i = 0; i < 2; i++) {
        char q[200];
        snprintf(q, sizeof q, "{\"cmd\":\"bot\",\"spec\":\"%s\"}", specs[i]);
        r = req(T, S, KT_OMNISCIENT, q);
        KT_CHECK(!ok(r) && has(r, "read files") && !has(r, "root:"));
        kt_free(r);
    }
    kt_session_free(S);
}

KT_TEST(session_log_shows_each_viewer_its_own)
{
    kt_session *S = session(T, 0);
    KT_REQUIRE(S);
    kt_free(req(T, S, KT_OMNISCIENT, "{\"cmd\":\"new\",\"game\":\"dominion\",\"seed\":9,"
                                     "\"options\":\"preset=First Game\"}"));
    play(T, S, 40);
    char *r = req(T, S, KT_OMNISCIENT, "{\"cmd\":\"log\",\"player\":0,\"since\":5,\"limit\":3}");
    KT_CHECK(ok(r) && has(r, "\"n\":5,") && has(r, "\"n\":7,") && !has(r, "\"n\":8,") &&
             has(r, "\"next\":8"));
    kt_free(r);
    r = req(T, S, 1, "{\"cmd\":\"log\"}");
    KT_CHECK(ok(r) && has(r, "\"player\":1") && has(r, "\"kind\":\"action\""));
    kt_free(r);
    /* a log rebuilt by replay (history dropped) equals the kept one */
    kt_session_limits lim;
    kt_session_limits_trusted(&lim);
    lim.max_history = 1; /* keeps only the minimum of 16 states */
    kt_session *S2;
    kt_err err;
    KT_OKS(kt_session_new(&lim, NULL, &S2, &err), &err);
    kt_free(req(T, S2, KT_OMNISCIENT, "{\"cmd\":\"new\",\"game\":\"dominion\",\"seed\":9,"
                                      "\"options\":\"preset=First Game\"}"));
    play(T, S2, 40);
    r = req(T, S, KT_OMNISCIENT, "{\"cmd\":\"log\",\"player\":1}");
    char *r2 = req(T, S2, KT_OMNISCIENT, "{\"cmd\":\"log\",\"player\":1}");
    KT_STREQ(r, r2);
    kt_free(r);
    kt_free(r2);
    r = req(T, S2, KT_OMNISCIENT, "{\"cmd\":\"undo\",\"steps\":30}");
    KT_CHECK(!ok(r) && has(r, "can be taken back"));
    kt_free(r);
    kt_session_free(S2);
    kt_session_free(S);
}

typedef struct cancel_ctx {
    kt_session *S;
    int seen_thinking;
} cancel_ctx;

static void *canceller(void *arg)
{
    cancel_ctx *c = arg;
    for (int i = 0; i < 2000; i++) {
        kt_bot_progress p;
        kt_session_progress(c->S, &p);
        if (p.thinking && p.simulations > 0) {
            c->seen_thinking = 1;
            kt_session_cancel(c->S);
            return NULL;
        }
        struct timespec ms = {0, 1000000};
        nanosleep(&ms, NULL);
    }
    return NULL;
}

KT_TEST(session_bot_cancelled_from_another_thread)
{
    kt_session *S = session(T, 0);
    KT_REQUIRE(S);
    kt_free(req(T, S, KT_OMNISCIENT, "{\"cmd\":\"new\",\"game\":\"dominion\",\"seed\":4,"
                                     "\"options\":\"preset=First Game\"}"));
    cancel_ctx c = {S, 0};
    pthread_t th;
    KT_REQUIRE(pthread_create(&th, NULL, canceller, &c) == 0);
    double t0 = (double)clock() / CLOCKS_PER_SEC;
    /* a search of one minute, cancelled after it has started */
    char *r = req(T, S, KT_OMNISCIENT, "{\"cmd\":\"bot\",\"spec\":\"mcts:time=60000\"}");
    double t1 = (double)clock() / CLOCKS_PER_SEC;
    pthread_join(th, NULL);
    KT_CHECK(c.seen_thinking);
    KT_CHECK(ok(r) && has(r, "\"id\":"));
    KT_CHECK(t1 - t0 < 30);
    kt_free(r);
    kt_session_free(S);
}

KT_TEST(session_bot_time_is_capped_by_the_host)
{
    kt_session_limits lim;
    kt_session_limits_server(&lim);
    lim.max_bot_ms = 50;
    kt_session *S;
    kt_err err;
    KT_OKS(kt_session_new(&lim, NULL, &S, &err), &err);
    kt_free(req(T, S, KT_OMNISCIENT, "{\"cmd\":\"new\",\"game\":\"catan\",\"seed\":4}"));
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    char *r = req(T, S, KT_OMNISCIENT, "{\"cmd\":\"bot\",\"spec\":\"mcts:time=100000\"}");
    clock_gettime(CLOCK_MONOTONIC, &b);
    KT_CHECK(ok(r));
    KT_CHECK((double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) * 1e-9 < 20);
    kt_free(r);
    kt_session_free(S);
}

KT_TEST(session_request_size_limit)
{
    kt_session *S = session(T, 1);
    KT_REQUIRE(S);
    size_t n = (1u << 20) + 10;
    char *big = malloc(n + 1);
    KT_REQUIRE(big);
    memset(big, ' ', n);
    memcpy(big, "{\"cmd\":\"version\"}", 17);
    big[n] = '\0';
    char *r = kt_session_request(S, KT_OMNISCIENT, big, n, NULL);
    KT_CHECK(!ok(r) && has(r, "too long"));
    kt_free(r);
    free(big);
    kt_session_free(S);
}

typedef struct count_alloc {
    long live, calls;
} count_alloc;

static void *count_fn(void *ud, void *p, size_t osize, size_t nsize)
{
    count_alloc *c = ud;
    (void)osize;
    c->calls++;
    if (nsize == 0) {
        if (p)
            c->live--;
        free(p);
        return NULL;
    }
    if (!p)
        c->live++;
    return realloc(p, nsize);
}

KT_TEST(session_records_and_states_use_the_callers_allocator)
{
    count_alloc c = {0, 0};
    kt_allocator a = {count_fn, &c};
    kt_session *S;
    kt_err err;
    KT_OKS(kt_session_new(NULL, &a, &S, &err), &err);
    kt_free(req(T, S, KT_OMNISCIENT, "{\"cmd\":\"new\",\"game\":\"catan\",\"seed\":3}"));
    play(T, S, 50);
    char *r = req(T, S, KT_OMNISCIENT, "{\"cmd\":\"render\",\"player\":1}");
    KT_CHECK(ok(r));
    kt_free(r);
    long during = c.live, calls = c.calls;
    KT_CHECK(during > 3 && calls > during);
    /* a record made by hand lives in its game's allocator too */
    kt_game *g;
    KT_OKS(kt_game_new("dominion", NULL, 2, 1, &a, &g, &err), &err);
    kt_record *rec = kt_record_new(g);
    kt_state *s = kt_state_new(g);
    kt_action acts[KT_LEGAL_MAX];
    for (int i = 0; i < 300 && !kt_is_over(g, s); i++) {
        kt_legal(g, s, acts, KT_LEGAL_MAX);
        KT_OKS(kt_record_add(rec, s, acts[0]), NULL);
        kt_apply_trusted(g, s, acts[0]);
    }
    KT_CHECK(c.live > during + 2);
    kt_record_free(rec);
    kt_state_free(g, s);
    kt_game_free(g);
    kt_session_free(S);
    KT_EQ(c.live, 0);
}
