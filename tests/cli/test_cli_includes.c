/*
 * test_cli_includes.c - the `kontor` command uses only the public API: every
 * `#include "..."` in src/cli names the public header (kontor/..., from
 * include/), one of the CLI's own headers (src/cli/NAME.h), or one of the
 * module interfaces below.
 *
 * Module interfaces (`interfaces[]`) are headers of modules other than the
 * engine that the CLI may use, each with the reason (DEVELOPERS.md, "Layout"):
 * the game-independent utilities in src/util (text buffer, JSON) and the
 * server's entry header.  Such a header may itself include only system
 * headers, kontor/ and other module interfaces, so that nothing of the
 * engine's internals reaches the CLI through it; the test checks that too.
 *
 * The check fails on any other include (issue 27 emptied the list of
 * exceptions it used to keep: core/game.h, core/json.h, core/buf.h).
 */
#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include "../harness.h"

/* Headers of other modules the CLI may include (under src/), with why. */
typedef struct module_interface {
    const char *header;
    const char *why;
} module_interface;

static const module_interface interfaces[] = {
    {.header = "util/buf.h",
     .why = "the growable text buffer: a game-independent utility the library, the server and "
            "the CLI all link, not part of the engine"},
    {.header = "util/json.h",
     .why = "the JSON writer and reader: a game-independent utility like util/buf.h"},
    {.header = "server/server.h",
     .why = "the server module's documented entry (`kontor serve` starts it), not the engine; "
            "its internals are src/server/srv_int.h"},
};
#define NINTERFACES (sizeof interfaces / sizeof interfaces[0])

static int is_interface(const char *h)
{
    for (size_t k = 0; k < NINTERFACES; k++)
        if (!strcmp(interfaces[k].header, h))
            return 1;
    return 0;
}

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

/* 1 when a file of src/cli may include "h". */
static int allowed(const char *h)
{
    return !strncmp(h, "kontor/", 7) || own_header(h) || is_interface(h);
}

/* The next `#include "..."` of f into h (line number in *ln); 0 at the end. */
static int next_include(FILE *f, char *h, size_t cap, int *ln)
{
    char line[512];
    while (fgets(line, sizeof line, f)) {
        (*ln)++;
        const char *p = line + strspn(line, " \t");
        if (strncmp(p, "#include", 8))
            continue;
        p += 8;
        p += strspn(p, " \t");
        if (*p != '"')
            continue; /* <system> headers */
        size_t n = strcspn(p + 1, "\"");
        if (n >= cap)
            n = cap - 1;
        memcpy(h, p + 1, n);
        h[n] = '\0';
        return 1;
    }
    return 0;
}

static void check_file(kt_t *T, const char *name, int *files)
{
    char path[300], h[256];
    snprintf(path, sizeof path, "src/cli/%s", name);
    FILE *f = fopen(path, "r");
    if (!KT_CHECK(f != NULL))
        return;
    (*files)++;
    int ln = 0;
    while (next_include(f, h, sizeof h, &ln))
        if (!allowed(h))
            KT_FAIL("src/cli/%s:%d includes \"%s\": the CLI uses only include/kontor/, its "
                    "own headers and the module interfaces listed in "
                    "tests/cli/test_cli_includes.c (add what it needs to the public API)",
                    name, ln, h);
    fclose(f);
}

/* A module interface includes only system headers, kontor/ and other
 * interfaces (a name without a folder is one beside it). */
static void check_interface(kt_t *T, const char *header)
{
    char path[300], h[256], full[300];
    snprintf(path, sizeof path, "src/%s", header);
    FILE *f = fopen(path, "r");
    if (!KT_CHECK(f != NULL))
        return;
    const char *slash = strrchr(header, '/');
    int dir = slash ? (int)(slash - header) : 0, ln = 0;
    while (next_include(f, h, sizeof h, &ln)) {
        if (strchr(h, '/'))
            snprintf(full, sizeof full, "%s", h);
        else
            snprintf(full, sizeof full, "%.*s/%s", dir, header, h);
        if (strncmp(full, "kontor/", 7) && !is_interface(full))
            KT_FAIL("src/%s:%d includes \"%s\": a module interface the CLI uses may include only "
                    "kontor/ and the other interfaces in tests/cli/test_cli_includes.c",
                    header, ln, h);
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
    for (size_t k = 0; k < NINTERFACES; k++)
        check_interface(T, interfaces[k].header);
}
