/*
 * main.c - test runner: runs every KT_TEST (or those matching -k), each in a
 * forked child whose output is captured in a temporary file and printed when
 * it finishes; up to -j children at once.  The last line is always
 * "N passed, N failed" so a run that executed nothing is visible.
 *
 *   kontor-tests [-k SUBSTRING]... [-x SUBSTRING]... [-j N] [-l] [--no-fork]
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../src/util/json.h"
#include "../src/core/rng.h"
#include "harness.h"

#define KT_TEST_ENTRY(name) void kt_test_##name(kt_t *T);
#include "tests.inc"
#undef KT_TEST_ENTRY

typedef struct entry {
    const char *name;
    void (*fn)(kt_t *);
} entry;

static const entry tests[] = {
#define KT_TEST_ENTRY(name) {#name, kt_test_##name},
#include "tests.inc"
#undef KT_TEST_ENTRY
    {NULL, NULL}};

/* ------------------------------------------------------------ checks */

int kt_t_check(kt_t *T, int ok, const char *expr, const char *file, int line)
{
    T->checks++;
    if (!ok) {
        T->failures++;
        printf("    %s:%d: check failed: %s\n", file, line, expr);
    }
    return ok;
}

int kt_t_eq(kt_t *T, long long a, long long b, const char *ea, const char *eb, const char *file,
            int line)
{
    T->checks++;
    if (a != b) {
        T->failures++;
        printf("    %s:%d: %s == %s failed: %lld != %lld\n", file, line, ea, eb, a, b);
        return 0;
    }
    return 1;
}

int kt_t_streq(kt_t *T, const char *a, const char *b, const char *ea, const char *eb,
               const char *file, int line)
{
    T->checks++;
    if (!a || !b || strcmp(a, b) != 0) {
        T->failures++;
        printf("    %s:%d: %s == %s failed:\n      \"%s\"\n      \"%s\"\n", file, line, ea, eb,
               a ? a : "(null)", b ? b : "(null)");
        return 0;
    }
    return 1;
}

void kt_t_fail(kt_t *T, const char *file, int line, const char *fmt, ...)
{
    T->checks++;
    T->failures++;
    printf("    %s:%d: ", file, line);
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
}

int kt_t_status(kt_t *T, kt_status st, const char *expr, const kt_err *err, const char *file,
                int line)
{
    T->checks++;
    if (st != KT_OK) {
        T->failures++;
        printf("    %s:%d: %s returned %s: %s\n", file, line, expr, kt_strerror(st),
               err ? err->msg : "");
        return 0;
    }
    return 1;
}

int kt_t_scaled(int n)
{
    const char *e = getenv("KT_SCALE");
    double f = e ? atof(e) : 1.0;
    if (f <= 0)
        f = 1.0;
    double v = n * f;
    return v < 1 ? 1 : (int)v;
}

/* ------------------------------------------------------------ scenarios */

kt_scn kt_scn_new(kt_t *T, const char *game, const char *options, int players, uint64_t seed,
                  const char *patch)
{
    kt_scn c = {NULL, NULL};
    kt_err err = {0, ""};
    kt_game *g;
    if (!KT_OKS(kt_game_new(game, options, players, seed, NULL, &g, &err), &err))
        return c;
    kt_state *s = kt_state_new(g);
    if (!patch) {
        c.g = g;
        c.s = s;
        return c;
    }
    char *base = kt_state_json(g, s);
    char *merged = base ? kt_json_merge_patch(base, patch, &err) : NULL;
    kt_free(base);
    if (!merged) {
        KT_FAIL("scenario patch is not valid JSON: %s", err.msg);
        kt_state_free(g, s);
        kt_game_free(g);
        return c;
    }
    kt_state *s2 = kt_state_new(g);
    if (!KT_OKS(kt_state_load_json(g, merged, s2, &err), &err)) {
        printf("      scenario JSON: %.600s\n", merged);
        kt_state_free(g, s2);
        s2 = NULL;
    }
    free(merged); /* kt_json_merge_patch: malloc */
    kt_state_free(g, s);
    if (!s2) {
        kt_game_free(g);
        return c;
    }
    c.g = g;
    c.s = s2;
    return c;
}

void kt_scn_free(kt_scn *c)
{
    if (c->g) {
        kt_state_free(c->g, c->s);
        kt_game_free(c->g);
    }
    c->g = NULL;
    c->s = NULL;
}

int kt_t_do(kt_t *T, kt_scn *c, const char *text, const char *file, int line)
{
    T->checks++;
    if (!c->g) {
        T->failures++;
        printf("    %s:%d: no scenario to apply '%s' to\n", file, line, text);
        return 0;
    }
    kt_err err = {0, ""};
    kt_action a;
    kt_status st = kt_action_parse(c->g, c->s, text, &a, &err);
    if (st == KT_OK)
        st = kt_apply(c->g, c->s, a, &err);
    if (st != KT_OK) {
        T->failures++;
        printf("    %s:%d: action '%s' rejected: %s\n", file, line, text, err.msg);
        return 0;
    }
    kt_status cs = kt_check(c->g, c->s, &err);
    if (cs != KT_OK) {
        T->failures++;
        printf("    %s:%d: after '%s' invariant violated: %s\n", file, line, text, err.msg);
        return 0;
    }
    return 1;
}

int kt_scn_legal(kt_scn *c, const char *text)
{
    kt_action a;
    return c->g && kt_action_parse(c->g, c->s, text, &a, NULL) == KT_OK;
}

int kt_scn_nlegal(kt_scn *c)
{
    kt_action buf[KT_LEGAL_MAX];
    return c->g ? kt_legal(c->g, c->s, buf, KT_LEGAL_MAX) : 0;
}

char *kt_json_at(const char *json, const char *path)
{
    kt_jdoc doc;
    if (!json || kt_json_parse(json, strlen(json), &doc, NULL) != KT_OK)
        return NULL;
    const kt_jv *v = doc.root;
    char seg[128];
    const char *p = path;
    while (v && *p) {
        size_t n = strcspn(p, ".");
        if (n >= sizeof seg)
            n = sizeof seg - 1;
        memcpy(seg, p, n);
        seg[n] = '\0';
        if (v->type == KT_JARR) {
            char *end;
            long i = strtol(seg, &end, 10);
            v = *end ? NULL : kt_jv_at(v, (int)i);
        } else {
            v = kt_jv_get(v, seg);
        }
        p += n;
        if (*p == '.')
            p++;
    }
    char *out = NULL;
    if (v) {
        kt_buf b;
        kt_buf_init(&b);
        kt_jw w;
        kt_jw_init(&w, &b);
        kt_jw_value(&w, v);
        out = kt_buf_take(&b);
    }
    kt_json_free(&doc);
    return out;
}

long kt_t_random_game(kt_t *T, const kt_game *g, kt_state *s, uint64_t seed, long max_actions)
{
    kt_rng r;
    kt_rng_seed(&r, seed);
    kt_action buf[KT_LEGAL_MAX];
    kt_err err = {0, ""};
    long n = 0;
    while (!kt_is_over(g, s) && n < max_actions) {
        int k = kt_legal(g, s, buf, KT_LEGAL_MAX);
        if (k <= 0) {
            KT_FAIL("no legal action in a running state (decision %s)", kt_decision(g, s));
            return n;
        }
        kt_apply_trusted(g, s, buf[kt_rng_below(&r, (uint32_t)k)]);
        n++;
        if (kt_check(g, s, &err) != KT_OK) {
            KT_FAIL("invariant violated after action %ld: %s", n, err.msg);
            return n;
        }
    }
    T->checks++;
    return n;
}

int kt_t_bot_game(kt_t *T, const kt_game *g, kt_state *s, kt_bot *const *seats, long max_actions)
{
    kt_err err = {0, ""};
    for (long n = 0; !kt_is_over(g, s); n++) {
        kt_action a;
        if (n >= max_actions) {
            KT_FAIL("game not over after %ld actions", max_actions);
            return 0;
        }
        if (!KT_OKS(kt_bot_choose(seats[kt_to_move(g, s)], s, &a, &err), &err) ||
            !KT_OKS(kt_apply(g, s, a, &err), &err))
            return 0;
    }
    return 1;
}

/* ------------------------------------------------------------ runner */

static int matches(const char *name, char **inc, int ninc, char **exc, int nexc)
{
    for (int i = 0; i < nexc; i++)
        if (strstr(name, exc[i]))
            return 0;
    if (!ninc)
        return 1;
    for (int i = 0; i < ninc; i++)
        if (strstr(name, inc[i]))
            return 1;
    return 0;
}

/* Runs one test in this process; returns 1 on success. */
static int run_one(const entry *e)
{
    kt_t T = {e->name, 0, 0};
    e->fn(&T);
    if (T.checks == 0) {
        printf("    test performed no check\n");
        return 0;
    }
    return T.failures == 0;
}

typedef struct child {
    pid_t pid;
    FILE *out;
    const entry *e;
    struct timespec t0;
} child;

static double since(struct timespec t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
}

static int finish(child *c, int status, int verbose)
{
    int ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    double dt = since(c->t0);
    fflush(c->out);
    rewind(c->out);
    char line[1024];
    int any = 0;
    if (!ok || verbose) {
        printf("%s %s (%.2fs)\n", ok ? "ok  " : "FAIL", c->e->name, dt);
        while (fgets(line, sizeof line, c->out)) {
            fputs(line, stdout);
            any = 1;
        }
        if (!ok && WIFSIGNALED(status))
            printf("    crashed with signal %d\n", WTERMSIG(status));
        else if (!ok && !any)
            printf("    exited with status %d\n", WEXITSTATUS(status));
    }
    fclose(c->out);
    fflush(stdout);
    return ok;
}

int main(int argc, char **argv)
{
    char *inc[64], *exc[64];
    int ninc = 0, nexc = 0, jobs = (int)sysconf(_SC_NPROCESSORS_ONLN), list = 0, nofork = 0;
    int verbose = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-k") && i + 1 < argc && ninc < 64)
            inc[ninc++] = argv[++i];
        else if (!strcmp(argv[i], "-x") && i + 1 < argc && nexc < 64)
            exc[nexc++] = argv[++i];
        else if (!strcmp(argv[i], "-j") && i + 1 < argc)
            jobs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-l"))
            list = 1;
        else if (!strcmp(argv[i], "-v"))
            verbose = 1;
        else if (!strcmp(argv[i], "--no-fork"))
            nofork = 1;
        else {
            fprintf(stderr, "usage: %s [-k SUBSTR]... [-x SUBSTR]... [-j N] [-l] [-v] [--no-fork]\n",
                    argv[0]);
            return 2;
        }
    }
    if (jobs < 1)
        jobs = 1;
    int passed = 0, failed = 0;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (list || nofork) {
        for (const entry *e = tests; e->name; e++) {
            if (!matches(e->name, inc, ninc, exc, nexc))
                continue;
            if (list) {
                puts(e->name);
                continue;
            }
            int ok = run_one(e);
            printf("%s %s\n", ok ? "ok  " : "FAIL", e->name);
            ok ? passed++ : failed++;
        }
        if (!list)
            printf("%d passed, %d failed\n", passed, failed);
        return failed ? 1 : 0;
    }
    child *run = calloc((size_t)jobs, sizeof *run);
    if (!run)
        return 2;
    int active = 0;
    const entry *next = tests;
    for (;;) {
        while (active < jobs && next->name) {
            const entry *e = next++;
            if (!matches(e->name, inc, ninc, exc, nexc))
                continue;
            int slot = 0;
            while (run[slot].pid)
                slot++;
            FILE *out = tmpfile();
            if (!out) {
                perror("tmpfile");
                return 2;
            }
            fflush(stdout);
            clock_gettime(CLOCK_MONOTONIC, &run[slot].t0);
            pid_t pid = fork();
            if (pid < 0) {
                perror("fork");
                return 2;
            }
            if (pid == 0) {
                dup2(fileno(out), 1);
                dup2(fileno(out), 2);
                int ok = run_one(e);
                fflush(stdout);
                /* exit(), not _exit(): LeakSanitizer checks at exit */
                exit(ok ? 0 : 1);
            }
            run[slot].pid = pid;
            run[slot].out = out;
            run[slot].e = e;
            active++;
        }
        if (!active)
            break;
        int status;
        pid_t pid = wait(&status);
        if (pid < 0)
            break;
        for (int i = 0; i < jobs; i++) {
            if (run[i].pid == pid) {
                finish(&run[i], status, verbose) ? passed++ : failed++;
                run[i].pid = 0;
                active--;
                break;
            }
        }
    }
    free(run);
    printf("(%.1fs)\n%d passed, %d failed\n", since(t0), passed, failed);
    return failed ? 1 : 0;
}
