/*
 * test_analysis_cli.c - the analysis as users reach it: `kontor analyze`
 * (text in English and German, JSON, the SVG chart, --calibrate, errors),
 * run as the kontor binary next to the test binary on records it wrote
 * itself, and the protocol command "analyze" of sessions (who may analyse
 * what, bad requests, a cancel from another thread).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../src/util/json.h"
#include "../harness.h"

/* ------------------------------------------------------------ the command */

typedef struct ac_dir {
    char path[64];
    char bin[4200];
} ac_dir;

/* A fresh folder and the kontor binary beside this test binary. */
static int ac_setup(ac_dir *d)
{
    snprintf(d->path, sizeof d->path, "/tmp/kt_analyze_XXXXXX");
    if (!mkdtemp(d->path))
        return 0;
    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return 0;
    self[n] = '\0';
    char *slash = strrchr(self, '/');
    if (!slash)
        return 0;
    *slash = '\0';
    snprintf(d->bin, sizeof d->bin, "%s/kontor", self);
    return access(d->bin, X_OK) == 0;
}

static void ac_cleanup(const ac_dir *d)
{
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", d->path);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", d->path);
}

/* Run `kontor ARGS` in the folder with stdout and stderr into out.txt and
 * return its text (malloc'd) and the exit status. */
static char *ac_run(const ac_dir *d, const char *args, int *status)
{
    char cmd[9000];
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' %s < /dev/null > out.txt 2>&1", d->path, d->bin,
             args);
    int st = system(cmd);
    *status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    char file[128];
    snprintf(file, sizeof file, "%s/out.txt", d->path);
    FILE *f = fopen(file, "rb");
    if (!f)
        return NULL;
    kt_buf b;
    kt_buf_init(&b);
    char chunk[4096];
    size_t r;
    while ((r = fread(chunk, 1, sizeof chunk, f)) > 0)
        kt_buf_put(&b, chunk, r);
    fclose(f);
    return kt_buf_take(&b);
}

KT_TEST(analysis_cli_text_json_svg_and_german)
{
    ac_dir d;
    KT_REQUIRE(ac_setup(&d));
    int st;
    char *out = ac_run(&d, "play dominion --seats bot:random,bot:heuristic --seed 5 --record g.json",
                       &st);
    KT_EQ(st, 0);
    free(out);
    /* the text report: the random player's costliest decisions with the
     * position as that player saw it */
    out = ac_run(&d, "analyze g.json --seat 1 --budget 200 --top 2 --svg chart.svg", &st);
    KT_EQ(st, 0);
    KT_CHECK(out && strstr(out, "Analysis of player 1 (bot:random)"));
    KT_CHECK(out && strstr(out, "The costliest decisions:"));
    KT_CHECK(out && strstr(out, "played:") && strstr(out, "preferred:"));
    KT_CHECK(out && strstr(out, "The position as player 1 saw it:"));
    KT_CHECK(out && strstr(out, "Player 1 (you)")); /* the render, from that player's side */
    KT_CHECK(out && strstr(out, "BLUNDER"));
    free(out);
    /* the chart */
    char path[128];
    snprintf(path, sizeof path, "%s/chart.svg", d.path);
    FILE *f = fopen(path, "rb");
    KT_REQUIRE(f);
    char svg[200000];
    size_t n = fread(svg, 1, sizeof svg - 1, f);
    svg[n] = '\0';
    fclose(f);
    KT_CHECK(!strncmp(svg, "<?xml", 5) && strstr(svg, "</svg>"));
    KT_CHECK(strstr(svg, "<polyline") && strstr(svg, "<circle"));
    KT_CHECK(strstr(svg, "Win chance of player 1 (bot:random)") != NULL);
    /* JSON: the library's, parseable, one move per decision */
    out = ac_run(&d, "analyze g.json --seat 2 --budget 100 --json --threads 2", &st);
    KT_EQ(st, 0);
    kt_jdoc doc;
    if (KT_CHECK(out && kt_json_parse(out, strlen(out), &doc, NULL) == KT_OK)) {
        const kt_jv *moves = kt_jv_get(doc.root, "moves"), *c = kt_jv_get(doc.root, "complete");
        const kt_jv *seat = kt_jv_get(doc.root, "seat"), *rk = kt_jv_get(doc.root, "ranking");
        KT_CHECK(moves && moves->type == KT_JARR && moves->n > 10);
        KT_CHECK(rk && rk->type == KT_JARR && moves && rk->n == moves->n);
        KT_CHECK(c && c->type == KT_JBOOL && c->b);
        KT_CHECK(seat && seat->u == 1);
        const kt_jv *m0 = moves ? kt_jv_at(moves, 0) : NULL;
        KT_CHECK(m0 && kt_jv_get(m0, "win_after") && kt_jv_get(m0, "played") &&
                 kt_jv_get(m0, "best") && kt_jv_get(m0, "n"));
        kt_json_free(&doc);
    }
    free(out);
    /* German */
    out = ac_run(&d, "analyze g.json --seat 1 --budget 100 --top 1 --lang de", &st);
    KT_EQ(st, 0);
    KT_CHECK(out && strstr(out, "Analyse von Spieler 1") && strstr(out, "Siegchance"));
    KT_CHECK(out && strstr(out, "Die Stellung, wie Spieler 1 sie sah:"));
    free(out);
    ac_cleanup(&d);
}

KT_TEST(analysis_cli_errors_say_what_to_type)
{
    ac_dir d;
    KT_REQUIRE(ac_setup(&d));
    int st;
    char *out = ac_run(&d, "play anno1701 --seats heuristic,heuristic --seed 2 --record a.json",
                       &st);
    KT_EQ(st, 0);
    free(out);
    static const struct {
        const char *args, *msg;
    } bad[] = {
        {"analyze a.json", "--seat 1"},
        {"analyze a.json --seat 3", "the game has 2 players"},
        {"analyze a.json --seat 0", "--seat needs a player number"},
        {"analyze a.json --seat 1 --budget ten", "budget"},
        {"analyze a.json --seat 1 -o bogus=1", "unknown analysis option 'bogus'"},
        {"analyze missing.json --seat 1", "cannot read 'missing.json'"},
        {"analyze a.json --seat 1 --lang fr", "--lang must be en or de"},
        {"analyze --calibrate anno1701", "needs a game and --seats"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        out = ac_run(&d, bad[i].args, &st);
        KT_EQ(st, 2);
        if (!KT_CHECK(out && strstr(out, bad[i].msg)))
            printf("      %s: %s\n", bad[i].args, out ? out : "(none)");
        free(out);
    }
    ac_cleanup(&d);
}

KT_TEST(analysis_cli_calibrate_counts_positions_and_random_moves)
{
    ac_dir d;
    KT_REQUIRE(ac_setup(&d));
    int st;
    char *out = ac_run(&d,
                       "analyze --calibrate anno1701 --seats heuristic,heuristic --games 2 "
                       "--budget 12 --noise 0.3 --json",
                       &st);
    KT_EQ(st, 0);
    kt_jdoc doc;
    if (KT_CHECK(out && kt_json_parse(out, strlen(out), &doc, NULL) == KT_OK)) {
        const kt_jv *bins = kt_jv_get(doc.root, "bins"), *pos = kt_jv_get(doc.root, "positions");
        const kt_jv *kinds = kt_jv_get(doc.root, "kinds");
        const kt_jv *rnd = kinds ? kt_jv_get(kinds, "random") : NULL;
        KT_CHECK(bins && bins->n == 10 && pos && pos->u > 50);
        KT_CHECK(rnd && kt_jv_get(rnd, "n") && kt_jv_get(rnd, "n")->u > 0);
        long long sum = 0;
        for (const kt_jv *b = bins ? bins->child : NULL; b; b = b->next)
            sum += (long long)kt_jv_get(b, "n")->u;
        KT_EQ(sum, pos ? (long long)pos->u : -1);
        kt_json_free(&doc);
    }
    free(out);
    ac_cleanup(&d);
}

/* ------------------------------------------------------------ the protocol */

static char *sreq(kt_session *S, int seat, const char *json)
{
    return kt_session_request(S, seat, json, strlen(json), NULL);
}

static int is_ok(const char *r) { return r && !strncmp(r, "{\"ok\":true", 10); }

/* A session with an Anno 1701 game played `n` actions by heuristic bots. */
static kt_session *anno_session(kt_t *T, int server, int n)
{
    kt_session_limits lim;
    if (server)
        kt_session_limits_server(&lim);
    else
        kt_session_limits_trusted(&lim);
    kt_session *S;
    kt_err err;
    if (!KT_OKS(kt_session_new(&lim, NULL, &S, &err), &err))
        return NULL;
    char *r = sreq(S, KT_OMNISCIENT, "{\"cmd\":\"new\",\"game\":\"anno1701\",\"seed\":6}");
    KT_CHECK(is_ok(r));
    kt_free(r);
    for (int i = 0; i < n && !kt_is_over(kt_session_game(S), kt_session_state(S)); i++) {
        r = sreq(S, KT_OMNISCIENT, "{\"cmd\":\"bot\",\"spec\":\"heuristic\",\"apply\":true}");
        KT_CHECK(is_ok(r));
        kt_free(r);
    }
    return S;
}

KT_TEST(analysis_session_command_and_its_rights)
{
    kt_session *S = anno_session(T, 1, 30);
    KT_REQUIRE(S);
    const char *mine = "{\"cmd\":\"analyze\",\"player\":0,\"options\":\"budget=8\"}";
    /* during play: the host may, a player's seat and spectators may not */
    char *r = sreq(S, KT_OMNISCIENT, mine);
    KT_CHECK(is_ok(r) && strstr(r, "\"analysis\":{\"kontor_analysis\":1"));
    /* under the server's limits every decision is capped in time */
    KT_CHECK(r && strstr(r, "time=10000"));
    kt_free(r);
    r = sreq(S, 0, mine);
    KT_CHECK(!is_ok(r) && strstr(r, "once it is over"));
    kt_free(r);
    r = sreq(S, KT_SPECTATOR, mine);
    KT_CHECK(!is_ok(r) && strstr(r, "spectators"));
    kt_free(r);
    /* bad requests change nothing and say why */
    static const struct {
        const char *req, *msg;
    } bad[] = {
        {"{\"cmd\":\"analyze\"}", "needs \\\"player\\\""},
        {"{\"cmd\":\"analyze\",\"player\":7}", "player"},
        {"{\"cmd\":\"analyze\",\"player\":0,\"options\":5}", "must be a string"},
        {"{\"cmd\":\"analyze\",\"player\":0,\"options\":\"budget=x\"}", "budget"},
        {"{\"cmd\":\"analyze\",\"player\":0,\"options\":\"time=5\"}", "caps the time"},
        {"{\"cmd\":\"analyze\",\"player\":0,\"lang\":\"fr\"}", "lang"},
    };
    uint64_t h = kt_state_hash(kt_session_game(S), kt_session_state(S));
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        r = sreq(S, KT_OMNISCIENT, bad[i].req);
        if (!KT_CHECK(!is_ok(r) && r && strstr(r, bad[i].msg)))
            printf("      %s -> %s\n", bad[i].req, r ? r : "(null)");
        kt_free(r);
    }
    KT_EQ(kt_state_hash(kt_session_game(S), kt_session_state(S)), h);
    /* after the end: a player's seat may analyse itself, not another */
    while (!kt_is_over(kt_session_game(S), kt_session_state(S))) {
        r = sreq(S, KT_OMNISCIENT, "{\"cmd\":\"bot\",\"spec\":\"heuristic\",\"apply\":true}");
        kt_free(r);
    }
    r = sreq(S, 0, "{\"cmd\":\"analyze\",\"options\":\"budget=8;to=40\",\"lang\":\"de\"}");
    KT_CHECK(is_ok(r) && strstr(r, "\"seat\":0") && strstr(r, "\"result\":{"));
    kt_free(r);
    r = sreq(S, 0, "{\"cmd\":\"analyze\",\"options\":\"threads=8\"}");
    KT_CHECK(!is_ok(r) && strstr(r, "threads are the host's"));
    kt_free(r);
    r = sreq(S, 0, "{\"cmd\":\"analyze\",\"player\":1}");
    KT_CHECK(!is_ok(r) && strstr(r, "speaks for player 0"));
    kt_free(r);
    kt_session_free(S);
    /* a game that began with "load" has no record */
    S = anno_session(T, 0, 3);
    KT_REQUIRE(S);
    char *state = kt_state_json(kt_session_game(S), kt_session_state(S));
    kt_buf b;
    kt_buf_init(&b);
    kt_buf_printf(&b, "{\"cmd\":\"load\",\"state\":%s}", state);
    kt_free(state);
    r = sreq(S, KT_OMNISCIENT, b.p);
    KT_CHECK(is_ok(r));
    kt_free(r);
    kt_buf_free(&b);
    r = sreq(S, KT_OMNISCIENT, mine);
    KT_CHECK(!is_ok(r) && strstr(r, "began with \\\"load\\\""));
    kt_free(r);
    kt_session_free(S);
}

typedef struct sess_job {
    kt_session *S;
    char *reply;
} sess_job;

static void *sess_run(void *arg)
{
    sess_job *j = arg;
    j->reply = sreq(j->S, KT_OMNISCIENT,
                    "{\"cmd\":\"analyze\",\"player\":1,\"options\":\"budget=100000;threads=2\"}");
    return NULL;
}

KT_TEST(analysis_session_cancel_from_another_thread)
{
    /* a long analysis: kt_session_progress sees it, kt_session_cancel ends
     * it, and the reply holds what was done */
    kt_session *S = anno_session(T, 0, 60);
    KT_REQUIRE(S);
    sess_job j = {S, NULL};
    pthread_t th;
    KT_REQUIRE(pthread_create(&th, NULL, sess_run, &j) == 0);
    kt_bot_progress p = {0, 0};
    for (int i = 0; i < 20000 && !(p.thinking && p.simulations > 0); i++) {
        nanosleep(&(struct timespec){0, 1000000}, NULL);
        kt_session_progress(S, &p);
    }
    KT_CHECK(p.thinking && p.simulations > 0);
    kt_session_cancel(S);
    pthread_join(th, NULL);
    KT_CHECK(is_ok(j.reply) && strstr(j.reply, "\"complete\":false"));
    kt_free(j.reply);
    kt_session_free(S);
}
