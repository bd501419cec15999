/*
 * test_datafile.c - the shared reader of component data files
 * (src/core/datafile.c): the embedded copy, a data directory, and the
 * refusals, each naming the file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../src/core/datafile.h"
#include "../../src/core/embed.h"
#include "../harness.h"

KT_TEST(core_datafile_reads_the_embedded_copy_and_a_private_copy)
{
    const kt_embedded *e = kt_embedded_files();
    KT_REQUIRE(e && e->path);
    char game[64];
    const char *slash = strchr(e->path, '/');
    KT_REQUIRE(slash && (size_t)(slash - e->path) < sizeof game);
    memcpy(game, e->path, (size_t)(slash - e->path));
    game[slash - e->path] = '\0';
    kt_err err = {0, ""};
    kt_datafile df;
    KT_REQUIRE(kt_datafile_open(&df, NULL, game, NULL, slash + 1, 0, &err) == KT_OK);
    KT_CHECK(strcmp(df.name, e->path) == 0);
    KT_CHECK(df.text == (const char *)e->data && df.owned == NULL);
    kt_datafile_close(&df);
    KT_REQUIRE(kt_datafile_open(&df, NULL, game, "", slash + 1, 1, &err) == KT_OK);
    KT_CHECK(df.owned != NULL && df.text == df.owned && strcmp(df.text, (const char *)e->data) == 0);
    kt_datafile_close(&df);
    KT_CHECK(kt_datafile_open(&df, NULL, game, NULL, "no-such-file.txt", 0, &err) == KT_EINTERNAL);
    KT_CHECK(strstr(err.msg, "no-such-file.txt") != NULL && df.text == NULL);
}

KT_TEST(core_datafile_reads_a_directory_and_refuses_what_is_not_a_small_text_file)
{
    char dir[] = "/tmp/kt_datafile_XXXXXX";
    KT_REQUIRE(mkdtemp(dir) != NULL);
    char path[200];
    snprintf(path, sizeof path, "%s/a.txt", dir);
    FILE *f = fopen(path, "wb");
    KT_REQUIRE(f);
    fputs("kind name key=value\n", f);
    fclose(f);
    kt_err err = {0, ""};
    kt_datafile df;
    KT_REQUIRE(kt_datafile_open(&df, NULL, "game", dir, "a.txt", 0, &err) == KT_OK);
    KT_CHECK(strcmp(df.text, "kind name key=value\n") == 0 && strcmp(df.name, path) == 0);
    kt_datafile_close(&df);
    /* missing: the message names the path */
    KT_CHECK(kt_datafile_open(&df, NULL, "game", dir, "b.txt", 0, &err) == KT_EIO);
    KT_CHECK(strstr(err.msg, "b.txt") != NULL && strstr(err.msg, dir) != NULL);
    /* a NUL inside: not a text file */
    f = fopen(path, "wb");
    KT_REQUIRE(f);
    fwrite("ab\0cd", 1, 5, f);
    fclose(f);
    KT_CHECK(kt_datafile_open(&df, NULL, "game", dir, "a.txt", 0, &err) == KT_EINVAL);
    KT_CHECK(strstr(err.msg, "not a text file") != NULL && strstr(err.msg, "a.txt") != NULL);
    /* a directory (not a regular file) */
    char sub[200];
    snprintf(sub, sizeof sub, "%s/d.txt", dir);
    KT_REQUIRE(mkdir(sub, 0700) == 0);
    KT_CHECK(kt_datafile_open(&df, NULL, "game", dir, "d.txt", 0, &err) == KT_EIO);
    KT_CHECK(strstr(err.msg, "not a regular file") != NULL);
    /* one byte over the limit */
    f = fopen(path, "wb");
    KT_REQUIRE(f);
    for (int i = 0; i <= KT_DATAFILE_MAX; i++)
        fputc('#', f);
    fclose(f);
    KT_CHECK(kt_datafile_open(&df, NULL, "game", dir, "a.txt", 0, &err) == KT_EINVAL);
    KT_CHECK(strstr(err.msg, "larger than") != NULL);
    /* a directory name too long for the name in messages: refused, not cut */
    char longdir[700];
    memset(longdir, 'a', sizeof longdir - 1);
    longdir[0] = '/';
    longdir[sizeof longdir - 1] = '\0';
    KT_CHECK(kt_datafile_open(&df, NULL, "game", longdir, "a.txt", 0, &err) == KT_EINVAL);
    KT_CHECK(strstr(err.msg, "longer than") != NULL);
    unlink(path);
    rmdir(sub);
    rmdir(dir);
}
