/*
 * test_docs.c - every `kontor` command shown in README.md and docs/ (*.md) runs
 * as written (issue 18): the commands are read from fenced code blocks and
 * indented code lines that start with `build/release/kontor` or `kontor`,
 * run in a fresh folder per document (in order, so a record written by one
 * example is there for the next), with sizes made small where they would
 * take long (--games 2, --seconds 0.02, time=5, bench) and --seed 1 where
 * a sim or tournament gives none (the same kingdoms every run), and must exit 0 - or
 * non-zero where the document shows the error message right below.
 *
 * Lines that are not commands are skipped and counted: synopses with
 * placeholders (GAME, FILE, [options]), shell templates ($VARS), output
 * lines ("kontor play: ..."), and examples that need a file the documents
 * do not provide (file=my.bot, a glob of shard files made by a cluster).
 * KNOWN lists commands known to be wrong in the docs today, each with the
 * reason; the test fails when one of them starts to pass (then it leaves
 * the list) and for every other failing command.
 */
#include <dirent.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../src/cli/play.h"
#include "../harness.h"

static const struct {
    const char *cmd; /* the command as written, without `kontor ` */
    const char *why;
} KNOWN[] = {
    /* none today: the Dominion smithy bot's command now names its kingdom */
    {.cmd = NULL, .why = NULL},
};

typedef struct dc_cmd {
    char text[2048];  /* as written, continuation lines joined */
    int expect_fail;  /* the document shows an error below it */
    int line;
} dc_cmd;

static int dc_is_placeholder(const char *tok)
{
    size_t n = 0, up = 0;
    for (const char *p = tok; *p; p++) {
        if ((*p >= 'a' && *p <= 'z'))
            return 0;
        if (*p >= 'A' && *p <= 'Z')
            up++;
        n++;
    }
    return up >= 1 && (up >= 2 || n == 1);
}

/* Why a command line cannot be run as written, or NULL. */
static const char *dc_skip_reason(const char *cmd)
{
    if (strchr(cmd, '[') || strchr(cmd, '<') || strstr(cmd, "..."))
        return "synopsis";
    if (strchr(cmd, '$') || strchr(cmd, '`'))
        return "shell template";
    const char *sp = strchr(cmd, ' ');
    if (!sp)
        return "no command";
    const char *w2 = sp + 1;
    size_t l2 = strcspn(w2, " ");
    if (!strncmp(w2, "serve", 5) && (w2[5] == ' ' || !w2[5]))
        return "starts a server (tests/web and tests/server run it)";
    if ((l2 && w2[l2 - 1] == ':') || (*w2 >= '0' && *w2 <= '9'))
        return "output line";
    char copy[2048];
    snprintf(copy, sizeof copy, "%s", cmd);
    int quoted = 0;
    for (char *p = copy, *tok = copy;; p++) {
        if (*p == '"' || *p == '\'')
            quoted = !quoted;
        if ((*p == ' ' && !quoted) || !*p) {
            char end = *p;
            *p = '\0';
            if (!quoted && dc_is_placeholder(tok))
                return "synopsis";
            if (!end)
                break;
            tok = p + 1;
        }
    }
    return NULL;
}

/* Strip "# comment" outside quotes and trailing blanks. */
static void dc_strip_comment(char *s)
{
    int q = 0;
    for (char *p = s; *p; p++) {
        if (*p == '"' || *p == '\'')
            q = !q;
        if (!q && *p == '#' && p > s && p[-1] == ' ') {
            *p = '\0';
            break;
        }
    }
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = '\0';
}

/* Is this (trimmed) line a kontor command?  Sets *start past "$ ". */
static int dc_is_kontor(const char *t, const char **start)
{
    if (!strncmp(t, "$ ", 2))
        t += 2;
    *start = t;
    return !strncmp(t, "kontor ", 7) || !strncmp(t, "build/release/kontor ", 21);
}

static int dc_parse(const char *text, dc_cmd *out, int cap)
{
    int n = 0, fence = 0, lineno = 0, prev_blank = 1, in_indent = 0;
    const char *p = text;
    while (*p) {
        size_t len = strcspn(p, "\n");
        char line[2048];
        snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line - 1 ? len : sizeof line - 1),
                 p);
        p += len + (p[len] == '\n');
        lineno++;
        const char *t = line;
        while (*t == ' ' || *t == '\t')
            t++;
        if (!strncmp(t, "```", 3)) {
            fence = !fence;
            continue;
        }
        int indented = !strncmp(line, "    ", 4);
        if (!*t) {
            prev_blank = 1;
            in_indent = 0;
            continue;
        }
        if (indented && (prev_blank || in_indent))
            in_indent = 1;
        else if (!indented)
            in_indent = 0;
        prev_blank = 0;
        const char *start;
        if (!(fence || in_indent))
            continue;
        /* an error message right below the previous command */
        if (n > 0 && out[n - 1].line == lineno - 1 && !strncmp(t, "kontor ", 7)) {
            const char *w = t + 7;
            size_t wl = strcspn(w, " ");
            if (wl && w[wl - 1] == ':') {
                out[n - 1].expect_fail = 1;
                continue;
            }
        }
        if (!dc_is_kontor(t, &start) || n >= cap)
            continue;
        dc_cmd *c = &out[n];
        memset(c, 0, sizeof *c);
        snprintf(c->text, sizeof c->text, "%s", start);
        /* continuation lines */
        while (strlen(c->text) && c->text[strlen(c->text) - 1] == '\\' && *p) {
            c->text[strlen(c->text) - 1] = '\0';
            size_t l = strcspn(p, "\n");
            const char *q = p;
            while (*q == ' ' && q < p + l)
                q++;
            size_t cur = strlen(c->text);
            snprintf(c->text + cur, sizeof c->text - cur, " %.*s", (int)(l - (size_t)(q - p)),
                     q);
            p += l + (p[l] == '\n');
            lineno++;
        }
        dc_strip_comment(c->text);
        c->line = lineno;
        n++;
    }
    return n;
}

/* The command with small sizes: --games 2, --seconds 0.02, --budget 8, time=5,
 * bench limited; `kontor` replaced by the binary.  Returns 0 when the
 * command names a file or a glob the documents do not provide. */
static int dc_prepare(const char *cmd, const char *bin, const char *dir, char *out, size_t cap,
                      const char **why)
{
    char buf[4096];
    const char *args = strchr(cmd, ' ') + 1;
    snprintf(buf, sizeof buf, "%s", args);
    cli_sb b = {0};
    cli_sb_printf(&b, "'%s'", bin);
    int quoted = 0, is_bench = !strncmp(args, "bench", 5), has_seconds = 0;
    char *tok = buf;
    for (char *p = buf;; p++) {
        if (*p == '"' || *p == '\'')
            quoted = !quoted;
        if (!((*p == ' ' && !quoted) || !*p))
            continue;
        char end = *p;
        *p = '\0';
        char small[256];
        const char *use = tok;
        char *tm = strstr(tok, "time=");
        if (!strcmp(tok, "--seconds"))
            has_seconds = 1;
        if (tm && atol(tm + 5) > 5) {
            snprintf(small, sizeof small, "%.*stime=5%s", (int)(tm - tok), tok,
                     tm + 5 + strspn(tm + 5, "0123456789"));
            use = small;
        }
        char *fe = strstr(tok, "file=");
        if (fe) {
            char path[600];
            snprintf(path, sizeof path, "%s/%.*s", dir, (int)strcspn(fe + 5, ":,"), fe + 5);
            if (access(path, R_OK) != 0) {
                *why = "needs a file the documents do not provide";
                cli_sb_free(&b);
                return 0;
            }
        }
        if (strchr(tok, '*') && !quoted) {
            char pat[4800];
            glob_t gl;
            snprintf(pat, sizeof pat, "%s/%s", dir, tok);
            int r = glob(pat, 0, NULL, &gl);
            if (r == 0)
                globfree(&gl);
            else {
                *why = "needs files made by an example that cannot run here";
                cli_sb_free(&b);
                return 0;
            }
        }
        cli_sb_printf(&b, " %s", use);
        /* the value after a size flag */
        if (end && (!strcmp(tok, "--games") || !strcmp(tok, "--seconds") ||
                    !strcmp(tok, "--budget"))) {
            char *v = p + 1;
            size_t vl = strcspn(v, " ");
            cli_sb_printf(&b, " %s",
                          !strcmp(tok, "--games")    ? "2"
                          : !strcmp(tok, "--budget") ? "8"
                                                     : "0.02");
            p = v + vl;
            if (!*p)
                break;
        }
        if (!end)
            break;
        tok = p + 1;
    }
    /* a seed where none is written: the same kingdoms in every run */
    if ((!strncmp(args, "sim ", 4) || !strncmp(args, "tournament ", 11)) &&
        !strstr(args, "--seed"))
        cli_sb_printf(&b, " --seed 1");
    if (is_bench)
        cli_sb_printf(&b, "%s --fingerprint-games 2 --no-search",
                      has_seconds ? "" : " --seconds 0.02");
    snprintf(out, cap, "%s", b.p);
    cli_sb_free(&b);
    return 1;
}

static int dc_known(const char *cmd, const char **why)
{
    const char *args = strstr(cmd, "kontor ");
    args = args ? args + 7 : cmd;
    for (size_t i = 0; i < sizeof KNOWN / sizeof KNOWN[0]; i++)
        if (KNOWN[i].cmd && !strcmp(args, KNOWN[i].cmd)) {
            *why = KNOWN[i].why;
            return 1;
        }
    return 0;
}

/* The kontor binary the commands run: $KT_DOCS_KONTOR when set (the
 * fresh-clone stage, scripts/test.d/readme.sh, runs this test in a clone
 * with the clone's own build), else the one beside this test binary. */
static int dc_kontor(char *out, size_t cap)
{
    const char *env = getenv("KT_DOCS_KONTOR");
    if (env && *env) {
        snprintf(out, cap, "%s", env);
        return access(out, X_OK) == 0;
    }
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

static int dc_run_doc(kt_t *T, const char *path, const char *bin, int *ran, int *skipped)
{
    char why_read[300];
    char *text = cli_read_file_max(path, (size_t)4 << 20, NULL, why_read, sizeof why_read);
    if (!text)
        return 0;
    dc_cmd *cmds = calloc(200, sizeof *cmds);
    if (!KT_CHECK(cmds != NULL)) {
        free(text);
        return 0;
    }
    int n = dc_parse(text, cmds, 200);
    char dir[64] = "/tmp/kt_docs_XXXXXX";
    if (!KT_CHECK(mkdtemp(dir) != NULL)) {
        free(cmds);
        free(text);
        return 0;
    }
    int failures = 0;
    for (int i = 0; i < n; i++) {
        const char *why = dc_skip_reason(cmds[i].text);
        char run[8192];
        if (!why)
            dc_prepare(cmds[i].text, bin, dir, run, sizeof run, &why);
        if (why) {
            printf("      skipped (%s): %s:%d: %s\n", why, path, cmds[i].line, cmds[i].text);
            (*skipped)++;
            continue;
        }
        double t0 = cli_now();
        char sh[9000];
        snprintf(sh, sizeof sh,
                 "cd %s && NO_COLOR=1 timeout 300 %s < /dev/null > out.txt 2>&1", dir, run);
        int st = system(sh);
        int rc = WIFEXITED(st) ? WEXITSTATUS(st) : 128;
        (*ran)++;
        if (cli_now() - t0 > 2.0)
            printf("      %.1f s: %s\n", cli_now() - t0, run);
        int ok = cmds[i].expect_fail ? rc != 0 && rc != 124 : rc == 0;
        const char *kwhy = NULL;
        int known = dc_known(cmds[i].text, &kwhy);
        if (ok && known && !cmds[i].expect_fail) {
            KT_FAIL("%s:%d now works; take it off the KNOWN list: %s", path, cmds[i].line,
                    cmds[i].text);
        } else if (!ok && known) {
            printf("      known to fail (%s): %s:%d: %s\n", kwhy, path, cmds[i].line,
                   cmds[i].text);
        } else if (!ok) {
            char outp[128];
            snprintf(outp, sizeof outp, "%s/out.txt", dir);
            char *o = cli_read_file_max(outp, 1 << 20, NULL, why_read, sizeof why_read);
            char first[300] = "";
            if (o) {
                snprintf(first, sizeof first, "%.*s", (int)strcspn(o, "\n"), o);
                free(o);
            }
            KT_FAIL("%s:%d exits %d%s: %s\n        (%s)", path, cmds[i].line, rc,
                    cmds[i].expect_fail ? " (the document shows an error)" : "", cmds[i].text,
                    first);
            failures++;
        }
    }
    char rm[200];
    snprintf(rm, sizeof rm, "rm -rf %s", dir);
    if (system(rm) != 0)
        printf("      could not remove %s\n", dir);
    free(cmds);
    free(text);
    return failures;
}

/* The Python lines of README.md (indented lines starting with
 * "PYTHONPATH=python python3") run as written from the source tree: the
 * package finds build/release/libkontor.so.N (N = KT_ABI_VERSION) beside it, which `make` and
 * `make serve` build (issue 29: after `make serve` the first Python line
 * failed, "cannot load libkontor.so.1"; kontor.env needed its import). */
static int dc_run_python(kt_t *T, int *ran)
{
    char why[300];
    char *text = cli_read_file_max("README.md", (size_t)1 << 20, NULL, why, sizeof why);
    if (!KT_CHECK(text != NULL))
        return 0;
    int failures = 0, lineno = 0;
    for (const char *p = text; *p;) {
        size_t len = strcspn(p, "\n");
        char line[2048];
        snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line - 1 ? len : sizeof line - 1),
                 p);
        p += len + (p[len] == '\n');
        lineno++;
        if (strncmp(line, "    PYTHONPATH=python python3 ", 30))
            continue;
        char *cmd = line + 4;
        dc_strip_comment(cmd);
        char sh[4500];
        snprintf(sh, sizeof sh, "timeout 300 sh -c %s < /dev/null > /tmp/kt_docs_py.txt 2>&1",
                 "\"$KT_DOCS_PY\"");
        setenv("KT_DOCS_PY", cmd, 1);
        double t0 = cli_now();
        int st = system(sh);
        int rc = WIFEXITED(st) ? WEXITSTATUS(st) : 128;
        (*ran)++;
        printf("      %.1f s, exit %d: %s\n", cli_now() - t0, rc, cmd);
        if (rc != 0) {
            char *o = cli_read_file_max("/tmp/kt_docs_py.txt", 1 << 20, NULL, why, sizeof why);
            const char *last = o ? o : "";
            for (const char *q = last; *q; q++) /* the last line: the Python error */
                if (*q == '\n' && q[1])
                    last = q + 1;
            KT_FAIL("README.md:%d exits %d: %s\n        (%s)", lineno, rc, cmd, last);
            free(o);
            failures++;
        }
    }
    unlink("/tmp/kt_docs_py.txt");
    free(text);
    return failures;
}

KT_TEST(core_docs_readme_python_lines_run_after_make_serve)
{
    if (access("README.md", R_OK) != 0) {
        KT_FAIL("run the tests from the source tree (README.md not found)");
        return;
    }
    /* `make serve` builds the library the Python lines load */
    FILE *f = popen("make -n serve 2>/dev/null", "r");
    KT_REQUIRE(f != NULL);
    char buf[4096];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    pclose(f);
    KT_CHECK(strstr(buf, "libkontor.so." KT_STR(KT_ABI_VERSION)) != NULL);
    if (access("build/release/libkontor.so." KT_STR(KT_ABI_VERSION), R_OK) != 0) {
        printf("      skipped the Python lines: no build/release/libkontor.so." KT_STR(
                   KT_ABI_VERSION) " (a sanitizer "
               "build; `make` or `make serve` builds it)\n");
        return;
    }
    int ran = 0;
    dc_run_python(T, &ran);
    KT_CHECK(ran >= 3);
}

KT_TEST(core_docs_readme_commands_run_as_written)
{
    char bin[4200];
    KT_REQUIRE(dc_kontor(bin, sizeof bin));
    if (access("README.md", R_OK) != 0) {
        KT_FAIL("run the tests from the source tree (README.md not found)");
        return;
    }
    int ran = 0, skipped = 0;
    dc_run_doc(T, "README.md", bin, &ran, &skipped);
    printf("      %d commands of README.md run with %s, %d lines skipped\n", ran, bin, skipped);
    KT_CHECK(ran >= 10);
}

KT_TEST(core_docs_every_command_runs_as_written)
{
    char bin[4200];
    KT_REQUIRE(dc_kontor(bin, sizeof bin));
    if (access("docs", R_OK) != 0) {
        KT_FAIL("run the tests from the source tree (docs/ not found)");
        return;
    }
    int ran = 0, skipped = 0;
    DIR *d = opendir("docs");
    KT_REQUIRE(d != NULL);
    char names[64][300];
    int nn = 0;
    struct dirent *e;
    while ((e = readdir(d)) && nn < 64) {
        size_t l = strlen(e->d_name);
        if (l > 3 && !strcmp(e->d_name + l - 3, ".md"))
            snprintf(names[nn++], sizeof names[0], "docs/%s", e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)nn, sizeof names[0], (int (*)(const void *, const void *))strcmp);
    for (int i = 0; i < nn; i++)
        dc_run_doc(T, names[i], bin, &ran, &skipped);
    printf("      %d commands run, %d lines skipped (synopses, templates, output, missing "
           "files)\n",
           ran, skipped);
    KT_CHECK(ran >= 10);
}
