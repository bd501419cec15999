/*
 * test_cli.c - end-to-end tests of the `kontor` command next to the test
 * binary: the JSON protocol (every bad line gets a JSON error and the
 * process keeps going), option errors, and replay of recorded games.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../src/util/json.h"
#include "../harness.h"

static int kontor_path(char *out, size_t cap)
{
    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return 0;
    self[n] = '\0';
    char *slash = strrchr(self, '/');
    if (!slash)
        return 0;
    *slash = '\0';
    snprintf(out, cap, "%s/kontor", self);
    return access(out, X_OK) == 0;
}

/* Runs `kontor ARGS < input`, returns malloc'd stdout (and exit status). */
static char *run_kontor(const char *args, const char *input, int *status)
{
    char bin[4200], in[64] = "/tmp/kt_cli_in_XXXXXX", cmd[9000];
    if (!kontor_path(bin, sizeof bin))
        return NULL;
    int fd = mkstemp(in);
    if (fd < 0)
        return NULL;
    FILE *f = fdopen(fd, "w");
    fputs(input ? input : "", f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "'%s' %s < %s 2>&1", bin, args, in);
    FILE *p = popen(cmd, "r");
    if (!p) {
        unlink(in);
        return NULL;
    }
    kt_buf b;
    kt_buf_init(&b);
    char chunk[4096];
    size_t r;
    while ((r = fread(chunk, 1, sizeof chunk, p)) > 0)
        kt_buf_put(&b, chunk, r);
    int st = pclose(p);
    if (status)
        *status = WEXITSTATUS(st);
    unlink(in);
    return kt_buf_take(&b);
}

/* Line i (0-based) of text, parsed as JSON; NULL if missing/bad. */
static int line_json(const char *text, int i, kt_jdoc *doc)
{
    const char *p = text;
    while (i-- > 0 && p) {
        p = strchr(p, '\n');
        if (p)
            p++;
    }
    if (!p || !*p)
        return 0;
    size_t n = strcspn(p, "\n");
    return kt_json_parse(p, n, doc, NULL) == KT_OK;
}

static const char *jstr(const kt_jv *o, const char *k)
{
    const kt_jv *v = kt_jv_get(o, k);
    return v && v->type == KT_JSTR ? v->s : "";
}

static int jok(const kt_jv *o)
{
    const kt_jv *v = kt_jv_get(o, "ok");
    return v && v->type == KT_JBOOL && v->b;
}

KT_TEST(core_cli_protocol_survives_malformed_lines)
{
    const char *input = "{\"cmd\":\"version\",\"ref\":\"a\"}\n"
                        "this is not json\n"
                        "{\"cmd\":\n"
                        "[1,2]\n"
                        "{\"cmd\":42}\n"
                        "{\"cmd\":\"frobnicate\"}\n"
                        "{\"cmd\":\"legal\"}\n"
                        "{\"cmd\":\"new\",\"game\":\"no-such-game\"}\n"
                        "{\"cmd\":\"new\"}\n"
                        "{\"cmd\":\"version\",\"ref\":[1]}\n";
    int st;
    char *out = run_kontor("protocol", input, &st);
    KT_REQUIRE(out != NULL);
    KT_EQ(st, 0);
    const char *want_err[] = {NULL, "parse", "parse", "invalid", "invalid", "unknown", "invalid",
                              "unknown", "invalid", NULL};
    for (int i = 0; i < 10; i++) {
        kt_jdoc d;
        if (!KT_CHECK(line_json(out, i, &d))) {
            printf("      output: %s\n", out);
            break;
        }
        if (want_err[i]) {
            KT_CHECK(!jok(d.root));
            KT_STREQ(jstr(d.root, "error"), want_err[i]);
            KT_CHECK(strlen(jstr(d.root, "message")) > 10);
        } else {
            KT_CHECK(jok(d.root));
        }
        kt_json_free(&d);
    }
    kt_jdoc d;
    KT_CHECK(line_json(out, 0, &d) && !strcmp(jstr(d.root, "ref"), "a"));
    kt_json_free(&d);
    free(out);
}

KT_TEST(core_cli_protocol_plays_every_game)
{
    for (int gi = 0; gi < kt_game_count(); gi++) {
        const char *name = kt_game_info(gi)->name;
        char input[4096];
        snprintf(input, sizeof input,
                 "{\"cmd\":\"new\",\"game\":\"%s\",\"seed\":11}\n"
                 "{\"cmd\":\"legal\"}\n"
                 "{\"cmd\":\"bot\",\"spec\":\"random\",\"seed\":3,\"apply\":true}\n"
                 "{\"cmd\":\"apply\",\"id\":4294967295}\n"
                 "{\"cmd\":\"apply\",\"action\":\"fly to the moon\"}\n"
                 "{\"cmd\":\"undo\"}\n"
                 "{\"cmd\":\"undo\"}\n"
                 "{\"cmd\":\"observe\",\"player\":0,\"lang\":\"de\"}\n"
                 "{\"cmd\":\"observe\",\"player\":99}\n"
                 "{\"cmd\":\"state\"}\n"
                 "{\"cmd\":\"bot\",\"spec\":\"no-such-bot\"}\n"
                 "{\"cmd\":\"render\",\"player\":0}\n",
                 name);
        char *out = run_kontor("protocol", input, NULL);
        KT_REQUIRE(out != NULL);
        int okv[] = {1, 1, 1, 0, 0, 1, 0, 1, 0, 1, 0, 1};
        for (int i = 0; i < 12; i++) {
            kt_jdoc d;
            if (!KT_CHECK(line_json(out, i, &d))) {
                printf("      %s output line %d missing: %.300s\n", name, i, out);
                break;
            }
            if (jok(d.root) != okv[i])
                KT_FAIL("%s: line %d ok=%d expected %d: %.200s", name, i, jok(d.root), okv[i],
                        jstr(d.root, "message"));
            if (i == 1) {
                const kt_jv *l = kt_jv_get(d.root, "legal");
                KT_CHECK(l && l->type == KT_JARR && l->n > 0);
            }
            if (i == 7)
                KT_CHECK(kt_jv_get(d.root, "observation") != NULL);
            kt_json_free(&d);
        }
        /* the saved state loads back in a new session */
        kt_jdoc d;
        if (KT_CHECK(line_json(out, 9, &d))) {
            const kt_jv *sv = kt_jv_get(d.root, "state");
            kt_buf b;
            kt_buf_init(&b);
            kt_buf_puts(&b, "{\"cmd\":\"load\",\"state\":");
            kt_jw w;
            kt_jw_init(&w, &b);
            if (sv)
                kt_jw_value(&w, sv);
            kt_buf_puts(&b, "}\n{\"cmd\":\"load\",\"state\":{\"kontor\":1}}\n{\"cmd\":\"status\"}\n");
            char *out2 = run_kontor("protocol", b.p, NULL);
            kt_jdoc d1, d2, d3;
            KT_CHECK(out2 && line_json(out2, 0, &d1) && jok(d1.root));
            KT_CHECK(out2 && line_json(out2, 1, &d2) && !jok(d2.root) &&
                     !strcmp(jstr(d2.root, "error"), "state"));
            KT_CHECK(out2 && line_json(out2, 2, &d3) && jok(d3.root));
            kt_json_free(&d1);
            kt_json_free(&d2);
            kt_json_free(&d3);
            free(out2);
            kt_buf_free(&b);
            kt_json_free(&d);
        }
        free(out);
    }
    KT_CHECK(kt_game_count() > 0); /* the checks above ran for every game */
}

KT_TEST(core_cli_rejects_bad_options_clearly)
{
    int st;
    char *out = run_kontor("play", "", &st);
    KT_CHECK(out && st == 2);
    free(out);
    out = run_kontor("frobnicate", "", &st);
    KT_CHECK(out && st == 2 && strstr(out, "unknown command"));
    free(out);
    out = run_kontor("bench --seconds -1", "", &st);
    KT_CHECK(out && st == 2);
    free(out);
    out = run_kontor("replay /nonexistent/file.json", "", &st);
    KT_CHECK(out && st == 2 && strstr(out, "cannot read"));
    free(out);
    for (int gi = 0; gi < kt_game_count(); gi++) {
        const kt_gameinfo *info = kt_game_info(gi);
        char args[512], seats[256] = "human";
        for (int p = 1; p < info->default_players; p++)
            strcat(seats, p == 1 ? ",bot:nonexistent" : ",bot:random");
        snprintf(args, sizeof args, "play %s --seats %s", info->name, seats);
        out = run_kontor(args, "", &st);
        KT_CHECK(out && st == 2 && strstr(out, "unknown bot"));
        free(out);
        snprintf(args, sizeof args, "play %s --seats human --frob 3", info->name);
        out = run_kontor(args, "", &st);
        KT_CHECK(out && st == 2 && strstr(out, "unknown option '--frob'"));
        free(out);
    }
}

KT_TEST(core_cli_play_record_and_replay)
{
    for (int gi = 0; gi < kt_game_count(); gi++) {
        const kt_gameinfo *info = kt_game_info(gi);
        char rec[64] = "/tmp/kt_cli_rec_XXXXXX";
        int fd = mkstemp(rec);
        KT_REQUIRE(fd >= 0);
        close(fd);
        char args[512], seats[256] = "bot:random";
        for (int p = 1; p < info->default_players; p++)
            strcat(seats, ",bot:random");
        snprintf(args, sizeof args, "play %s --seats %s --seed 5 --record %s", info->name, seats,
                 rec);
        int st;
        char *out = run_kontor(args, "", &st);
        KT_CHECK(out && st == 0 && strstr(out, "Game over"));
        free(out);
        snprintf(args, sizeof args, "replay %s --to 100000 --view 1", rec);
        out = run_kontor(args, "", &st);
        KT_CHECK(out && st == 0 && strstr(out, "view: player 1"));
        free(out);
        /* interactive stepping: next, back, end, quit */
        snprintf(args, sizeof args, "replay %s", rec);
        out = run_kontor(args, "n\nn\nb\ne\nv 2\nq\n", &st);
        KT_CHECK(out && st == 0 && strstr(out, "after 1 of") && strstr(out, "view: player 2"));
        free(out);
        unlink(rec);
    }
    KT_CHECK(kt_game_count() > 0); /* the checks above ran for every game */
}

/* `kontor bench` plays every item to the end (a stuck game is a failure)
 * and measures the search bot; rates are printed, never asserted. */
KT_TEST(core_cli_bench_runs_every_item_and_the_search_table)
{
    if (!kt_game_find("dominion"))
        return;
    int st;
    char *out = run_kontor("bench --game dominion --seconds 0.05 --fingerprint-games 2", "", &st);
    KT_CHECK(out && st == 0);
    if (!out)
        return;
    KT_CHECK(strstr(out, "fingerprint: ") != NULL);
    KT_CHECK(strstr(out, "FAILED") == NULL);
    const char *row = strstr(out, "First Game, heuristic rollouts, depth 40");
    KT_CHECK(row != NULL);
    if (row) {
        /* the row carries a rate and at least one search */
        char rate[32];
        long long searches = 0;
        KT_CHECK(sscanf(row + strlen("First Game, heuristic rollouts, depth 40"), " %31s %lld",
                        rate, &searches) == 2);
        KT_CHECK(searches >= 1);
    }
    free(out);
}

/* `kontor bench --profile TEXT --games N` plays exactly N games of one item,
 * untimed (for callgrind); an unknown item is an error. */
KT_TEST(core_cli_bench_profile_plays_a_fixed_set_of_games)
{
    if (!kt_game_find("dominion"))
        return;
    int st;
    char *out = run_kontor("bench --profile \"Big Money\" --games 20", "", &st);
    KT_CHECK(out && st == 0);
    KT_CHECK(out && strstr(out, "dominion Big Money Ultimate mirror: 20 games, ") != NULL);
    char *again = run_kontor("bench --profile \"Big Money\" --games 20", "", &st);
    KT_CHECK(out && again && !strcmp(out, again)); /* the same games every time */
    free(out);
    free(again);
    out = run_kontor("bench --profile \"no such item\"", "", &st);
    KT_CHECK(st == 2);
    free(out);
}
