/*
 * test_cli_includes.c - the `kontor` command uses only the public API: every
 * `#include "..."` in src/cli names either the public header (kontor/...,
 * from include/) or one of the CLI's own headers (src/cli/NAME.h).
 *
 * The includes that still reach further (issue 27) are listed below, each
 * with what it is used for.  The check fails on any other include, and on a
 * listed one that is gone (so the list only shrinks: delete the line in the
 * commit that removes the include).  An empty list is the goal.
 */
#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include "../harness.h"

typedef struct known_include {
    const char *file;   /* under src/cli/ */
    const char *header; /* as written between the quotes */
    const char *why;
    int seen;
} known_include;

static known_include known[] = {
    {.file = "runner.h", .header = "core/game.h",
     .why = "kt_gamedef/kt_botdef: the test-only game and bots are injected by definition"},
    {.file = "runner.h", .header = "core/json.h", .why = "the JSON reader and writer of sim rows"},
    {.file = "cards.h", .header = "core/json.h", .why = "the JSON writer of card statistics"},
    {.file = "rows.h", .header = "core/buf.h", .why = "growable text buffers"},
    {.file = "svg.h", .header = "core/buf.h", .why = "growable text buffers"},
    {.file = "serve.c", .header = "server/server.h",
     .why = "the server library's entry point (`kontor serve`), not the engine's"},
};
#define NKNOWN (sizeof known / sizeof known[0])

static int own_header(const char *h)
{
    if (strchr(h, '/'))
        return 0;
    char path[300];
    snprintf(path, sizeof path, "src/cli/%s", h);
    FILE *f = fopen(path, "r");
    if (f)
        fclose(f);
    return f != NULL;
}

/* 1 when `file` including "h" is allowed (marking a known one seen). */
static int allowed(const char *file, const char *h)
{
    if (!strncmp(h, "kontor/", 7) || own_header(h))
        return 1;
    for (size_t k = 0; k < NKNOWN; k++)
        if (!strcmp(known[k].file, file) && !strcmp(known[k].header, h)) {
            known[k].seen = 1;
            return 1;
        }
    return 0;
}

static void check_file(kt_t *T, const char *name, int *files)
{
    char path[300], line[512];
    snprintf(path, sizeof path, "src/cli/%s", name);
    FILE *f = fopen(path, "r");
    if (!KT_CHECK(f != NULL))
        return;
    (*files)++;
    int ln = 0;
    while (fgets(line, sizeof line, f)) {
        ln++;
        const char *p = line + strspn(line, " \t");
        if (strncmp(p, "#include", 8))
            continue;
        p += 8;
        p += strspn(p, " \t");
        if (*p != '"')
            continue; /* <system> headers */
        char h[256];
        size_t n = strcspn(p + 1, "\"");
        if (n >= sizeof h)
            n = sizeof h - 1;
        memcpy(h, p + 1, n);
        h[n] = '\0';
        if (!allowed(name, h))
            KT_FAIL("src/cli/%s:%d includes \"%s\": the CLI uses only include/kontor/ and its "
                    "own headers (add what it needs to the public API)", name, ln, h);
    }
    fclose(f);
}

KT_TEST(cli_includes_only_the_public_api_and_its_own_headers)
{
    DIR *d = opendir("src/cli");
    KT_REQUIRE(d != NULL);
    int files = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        char last = n > 2 && e->d_name[n - 2] == '.' ? e->d_name[n - 1] : 0;
        if (last == 'c' || last == 'h')
            check_file(T, e->d_name, &files);
    }
    closedir(d);
    KT_CHECK(files > 20);
    for (size_t k = 0; k < NKNOWN; k++)
        if (!known[k].seen)
            KT_FAIL("src/cli/%s no longer includes \"%s\": delete its line from the list in "
                    "tests/cli/test_cli_includes.c", known[k].file, known[k].header);
}
