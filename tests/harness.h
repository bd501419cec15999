/*
 * harness.h - kontor's tiny test harness (in the spirit of Redis' testhelp.h).
 *
 * A test is `KT_TEST(name) { ... }` in any tests/ file; the build collects
 * the names into a table (gen/tests.inc), so no registration code is needed.
 * Checks record failures and go on; KT_REQUIRE returns from the test.  A test
 * that performs no check is reported as a failure: every test must assert
 * something.  Each test runs in its own process, so a crash is one failure.
 *
 * Scenario helpers build exact positions: take a game's start position as
 * full-state JSON, apply an RFC 7386 merge patch, and load the result
 * through the same validating loader users get.
 */
#ifndef KT_HARNESS_H
#define KT_HARNESS_H

#include <stdint.h>
#include <string.h>

#include "kontor/kontor.h"

typedef struct kt_t {
    const char *name;
    int checks;
    int failures;
} kt_t;

#define KT_TEST(name) \
    void kt_test_##name(kt_t *T); \
    void kt_test_##name(kt_t *T)

int kt_t_check(kt_t *T, int ok, const char *expr, const char *file, int line);
int kt_t_eq(kt_t *T, long long a, long long b, const char *ea, const char *eb, const char *file,
            int line);
int kt_t_streq(kt_t *T, const char *a, const char *b, const char *ea, const char *eb,
               const char *file, int line);
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
void kt_t_fail(kt_t *T, const char *file, int line, const char *fmt, ...);

#define KT_CHECK(c) kt_t_check(T, !!(c), #c, __FILE__, __LINE__)
#define KT_REQUIRE(c) \
    do { \
        if (!KT_CHECK(c)) \
            return; \
    } while (0)
#define KT_EQ(a, b) kt_t_eq(T, (long long)(a), (long long)(b), #a, #b, __FILE__, __LINE__)
#define KT_STREQ(a, b) kt_t_streq(T, (a), (b), #a, #b, __FILE__, __LINE__)
#define KT_FAIL(...) kt_t_fail(T, __FILE__, __LINE__, __VA_ARGS__)
/* A KT_OK status, printing err.msg otherwise. */
#define KT_OKS(expr, errp) \
    kt_t_status(T, (expr), #expr, (errp), __FILE__, __LINE__)
int kt_t_status(kt_t *T, kt_status st, const char *expr, const kt_err *err, const char *file,
                int line);

/* Scale factor for loop counts (KT_SCALE env, default 1; CI's sanitizer run
 * uses less, `make soak` more).  Result is at least 1. */
int kt_t_scaled(int n);

/* Calls of malloc, calloc and realloc so far in this process
 * (tests/alloc_count.c; the test binary's link wraps them). */
long long kt_t_alloc_count(void);

/* ---- scenarios ---- */
/* Game + state from name/options/players/seed and a merge patch applied to
 * the start position's full-state JSON (patch may be NULL).  On failure the
 * test fails and NULLs are returned. */
typedef struct kt_scn {
    kt_game *g;
    kt_state *s;
} kt_scn;

kt_scn kt_scn_new(kt_t *T, const char *game, const char *options, int players, uint64_t seed,
                  const char *patch);
void kt_scn_free(kt_scn *c);
/* Apply an action given as text; fails the test (and returns 0) if it is not
 * accepted. */
int kt_t_do(kt_t *T, kt_scn *c, const char *text, const char *file, int line);
#define KT_DO(c, text) kt_t_do(T, (c), (text), __FILE__, __LINE__)
/* Is the action (as text) currently legal? */
int kt_scn_legal(kt_scn *c, const char *text);
/* Number of legal actions. */
int kt_scn_nlegal(kt_scn *c);
/* Observation/full-state JSON lookup helpers: value at a dotted path such as
 * "state.players.0.hand" rendered as compact JSON (malloc'd; NULL if absent). */
char *kt_json_at(const char *json, const char *path);

/* Play a whole game with random legal actions; returns actions applied.
 * Calls kt_check after every action and fails the test on a violation. */
long kt_t_random_game(kt_t *T, const kt_game *g, kt_state *s, uint64_t seed, long max_actions);

/* Play s on with one bot per seat (seats[kt_to_move]) through kt_apply,
 * until the game is over or max_actions were applied.  Returns 1 when the
 * game is over; a bot error or a refused action fails the test and
 * returns 0, as does reaching the limit. */
int kt_t_bot_game(kt_t *T, const kt_game *g, kt_state *s, kt_bot *const *seats, long max_actions);

#endif
