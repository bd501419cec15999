/*
 * test_tty.c - `kontor play` on a real terminal: the command runs on the
 * slave side of a pseudo-terminal (so libedit's line editing is on, as for
 * a person at the keyboard) and the test types on the master side, waiting
 * for each prompt before the next line.  What it types holds umlauts,
 * which libedit drops in the "C" locale.
 *
 * Data layout: one tt_pty per run: the master descriptor, the child's pid
 * and everything read from the master so far (grown with cli_sb).
 */
#define _XOPEN_SOURCE 700
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../src/cli/play.h"
#include "../harness.h"

/* libedit and libtinfo are not built with MemorySanitizer: an MSan build of
 * kontor gets a false report inside el_init on a terminal, so the line
 * editing path is tested by the other builds only. */
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define TT_MSAN 1
#endif
#endif
#ifndef TT_MSAN
#define TT_MSAN 0
#endif

typedef struct tt_pty {
    int fd;
    pid_t pid;
    cli_sb out;
} tt_pty;

static int tt_kontor(char *out, size_t cap)
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

/* Start `kontor argv...` on a new pseudo-terminal with the given locale
 * variable (e.g. "LANG=C.UTF-8"; LC_ALL and LC_CTYPE are removed). */
static int tt_start(tt_pty *t, char *const argv[], const char *locale_var)
{
    memset(t, 0, sizeof *t);
    t->fd = posix_openpt(O_RDWR | O_NOCTTY);
    if (t->fd < 0 || grantpt(t->fd) || unlockpt(t->fd))
        return 0;
    const char *slave = ptsname(t->fd);
    if (!slave)
        return 0;
    char path[256];
    snprintf(path, sizeof path, "%s", slave);
    fflush(NULL);
    t->pid = fork();
    if (t->pid < 0)
        return 0;
    if (t->pid == 0) {
        setsid();
        int s = open(path, O_RDWR);
        if (s < 0)
            _exit(126);
        dup2(s, 0);
        dup2(s, 1);
        dup2(s, 2);
        if (s > 2)
            close(s);
        close(t->fd);
        unsetenv("LC_ALL");
        unsetenv("LC_CTYPE");
        unsetenv("LANG");
        putenv((char *)locale_var);
        setenv("TERM", "xterm", 1);
        setenv("NO_COLOR", "1", 1);
        unsetenv("EDITRC");
        setenv("HOME", "/nonexistent", 1); /* no ~/.editrc of the user */
        execv(argv[0], argv);
        _exit(127);
    }
    return 1;
}

/* Read until `want` appears after offset `from` of everything read, or
 * `ms` milliseconds pass; returns the offset just after it, or -1. */
static long tt_wait(tt_pty *t, size_t from, const char *want, int ms)
{
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        if (t->out.p && t->out.len > from) {
            const char *hit = strstr(t->out.p + from, want);
            if (hit)
                return (long)(hit - t->out.p) + (long)strlen(want);
        }
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        long spent = (now.tv_sec - t0.tv_sec) * 1000 + (now.tv_nsec - t0.tv_nsec) / 1000000;
        if (spent >= ms)
            return -1;
        struct pollfd pf = {.fd = t->fd, .events = POLLIN};
        if (poll(&pf, 1, (int)(ms - spent)) <= 0)
            continue;
        char buf[4096];
        ssize_t r = read(t->fd, buf, sizeof buf);
        if (r <= 0)
            return -1; /* the child is gone */
        cli_sb_put(&t->out, buf, (size_t)r);
    }
}

/* Type `line` and Enter once the prompt "> " shows after offset *at;
 * *at moves past that prompt.  0 when no prompt came. */
static int tt_type(tt_pty *t, long *at, const char *line)
{
    long p = tt_wait(t, (size_t)*at, "> ", 20000);
    if (p < 0)
        return 0;
    *at = p;
    char buf[512];
    int n = snprintf(buf, sizeof buf, "%s\r", line);
    return write(t->fd, buf, (size_t)n) == n;
}

static int tt_finish(tt_pty *t)
{
    tt_wait(t, t->out.len, "\x01never", 3000); /* drain until exit */
    int st = 0;
    if (waitpid(t->pid, &st, WNOHANG) == 0) {
        kill(t->pid, SIGKILL);
        waitpid(t->pid, &st, 0);
    }
    close(t->fd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* Umlauts typed at the prompt reach the game (issue 29: "zurück" arrived
 * as "zurck", "Gärten" as "Grten"), with the environment's UTF-8 locale and
 * with none at all; the ASCII spellings keep working. */
KT_TEST(core_tty_umlauts_typed_at_the_prompt)
{
    if (!kt_game_find("dominion"))
        return;
    char bin[4200];
    KT_REQUIRE(tt_kontor(bin, sizeof bin));
    if (TT_MSAN) {
        printf("      skipped under MemorySanitizer: libedit is not instrumented\n");
        return;
    }
    const char *locales[] = {"LANG=C.UTF-8", "LANG=C"};
    for (int li = 0; li < 2; li++) {
        char *argv[] = {bin, "play", "dominion", "--seats", "human,easy", "--seed", "3",
                        "--lang", "de", "--preset", "First Game", NULL};
        tt_pty t;
        KT_REQUIRE(tt_start(&t, argv, locales[li]));
        long at = 0;
        KT_CHECK(tt_type(&t, &at, "zurück"));
        long z1 = tt_wait(&t, (size_t)at, "Nichts zurückzunehmen", 20000);
        KT_CHECK(z1 > 0);
        KT_CHECK(tt_type(&t, &at, "zurueck"));
        KT_CHECK(tt_wait(&t, (size_t)z1, "Nichts zurückzunehmen", 20000) > 0);
        KT_CHECK(tt_type(&t, &at, "hilfe Gärten"));
        KT_CHECK(tt_wait(&t, (size_t)at, "Siegpunkt", 20000) > 0);
        KT_CHECK(tt_type(&t, &at, "beenden"));
        KT_CHECK(tt_type(&t, &at, "ja"));
        KT_CHECK(tt_wait(&t, (size_t)at, "Spiel unbeendet verlassen", 20000) > 0);
        int rc = tt_finish(&t);
        KT_EQ(rc, 0);
        int dropped = t.out.p && (strstr(t.out.p, "zurck") || strstr(t.out.p, "Grten"));
        if (!KT_CHECK(!dropped) || rc != 0)
            printf("      %s: output was:\n%s\n", locales[li], t.out.p ? t.out.p : "");
        cli_sb_free(&t.out);
    }
}

/* `kontor protocol` typed at a terminal says on stderr what it waits for
 * (issue 29: it waited silently); from a pipe it prints nothing but
 * replies (tests/core and the fuzzers drive it that way). */
KT_TEST(core_tty_protocol_prints_a_hint_on_a_terminal)
{
    char bin[4200];
    KT_REQUIRE(tt_kontor(bin, sizeof bin));
    char *argv[] = {bin, "protocol", NULL};
    tt_pty t;
    KT_REQUIRE(tt_start(&t, argv, "LANG=C.UTF-8"));
    KT_CHECK(tt_wait(&t, 0, "one per line", 20000) > 0);
    KT_CHECK(write(t.fd, "{\"cmd\":\"quit\"}\r", 15) == 15);
    tt_finish(&t);
    cli_sb_free(&t.out);
}
