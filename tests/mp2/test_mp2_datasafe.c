/*
 * test_mp2_datasafe.c - Marco Polo II data loading as a host serving
 * untrusted clients needs it (issue 16): configurations created from
 * several threads at once, error messages that never repeat what a data
 * file holds, and bounded reads (no devices, pipes or huge files).
 *
 * Data layout: each test edits a private copy of the built-in data files
 * (mp2_t_datadir) and creates a game with data_dir pointing at it.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mp2_helpers.h"

/* ------------------------------------------------------------ threads */

typedef struct tjob {
    const mp2_cfg *ref;
    int rounds, bad;
} tjob;

static void *create_games(void *arg)
{
    tjob *j = arg;
    for (int i = 0; i < j->rounds; i++) {
        kt_game *g = NULL;
        kt_err err = {0, ""};
        if (kt_game_new("mp2", i % 2 ? "caravans=1" : NULL, 3, (uint64_t)i, NULL, &g, &err) != KT_OK) {
            j->bad++;
            continue;
        }
        const mp2_cfg *c = g->cfg;
        /* the component tables must come out byte-identical in every thread
         * (the caravans flag is the only option that differs) */
        if (memcmp(c->loc, j->ref->loc, sizeof c->loc) != 0 ||
            memcmp(c->goal, j->ref->goal, sizeof c->goal) != 0 ||
            memcmp(c->rw, j->ref->rw, sizeof c->rw) != 0 || c->nrw != j->ref->nrw)
            j->bad++;
        kt_game_free(g);
    }
    return NULL;
}

/* Data loading used strtok (hidden state shared by all threads): games
 * created in parallel raced (ThreadSanitizer reports it; the tables could
 * come out wrong).  `make` runs this under TSan in the TSan pass. */
KT_TEST(mp2_games_created_in_parallel_threads)
{
    kt_game *ref = NULL;
    kt_err err = {0, ""};
    KT_REQUIRE(KT_OKS(kt_game_new("mp2", NULL, 3, 1, NULL, &ref, &err), &err));
    enum { NT = 4 };
    pthread_t th[NT];
    tjob job[NT];
    for (int i = 0; i < NT; i++) {
        job[i].ref = ref->cfg;
        job[i].rounds = kt_t_scaled(40);
        job[i].bad = 0;
        KT_REQUIRE(pthread_create(&th[i], NULL, create_games, &job[i]) == 0);
    }
    int bad = 0;
    for (int i = 0; i < NT; i++) {
        pthread_join(th[i], NULL);
        bad += job[i].bad;
    }
    KT_EQ(bad, 0);
    kt_game_free(ref);
}

/* ------------------------------------------------------------ messages */

#define SECRET "Zq7secret"

/* Replace `from` by `to` in a fresh copy of the data and create a game: it
 * must fail with a message that names the file but not the secret. */
static void no_disclosure(kt_t *T, const char *file, const char *from, const char *to)
{
    char *dir = mp2_t_datadir();
    KT_REQUIRE(dir);
    if (!KT_CHECK(mp2_t_edit(dir, file, from, to))) {
        KT_FAIL("edit of %s failed: '%s'", file, from);
        mp2_t_rmdir(dir);
        return;
    }
    char opts[600];
    snprintf(opts, sizeof opts, "data_dir=%s", dir);
    kt_game *g = NULL;
    kt_err err = {0, ""};
    if (kt_game_new("mp2", opts, 3, 1, NULL, &g, &err) == KT_OK || !strstr(err.msg, file))
        KT_FAIL("%s '%s' -> '%s' was not refused naming the file: %s", file, from, to, err.msg);
    else if (strstr(err.msg, SECRET) || strstr(err.msg, "Zq7"))
        KT_FAIL("%s '%s' -> '%s': message discloses file content: %s", file, from, to, err.msg);
    kt_game_free(g);
    mp2_t_rmdir(dir);
}

KT_TEST(mp2_data_errors_never_quote_file_contents)
{
    static const char *const cases[][3] = {
        /* words of a record: kind, names, field keys */
        {"map.txt", "shield dragon ", SECRET " dragon "},
        {"map.txt", "city Kashgar ", "city Kashgar " SECRET " "},
        {"map.txt", "city Kashgar ", "city Kashgar " SECRET "=1 "},
        {"map.txt", "city Kashgar ", "city Kashgar src=seed " SECRET " "},
        {"map.txt", "de=Kaschgar", "de=Kaschgar de=" SECRET},
        {"map.txt", "city Kashgar ", "city Kashgar Kashgar2 " SECRET " "},
        {"map.txt", "city Kashgar ", "city " SECRET "_______________________________x "},
        /* values of every kind */
        {"map.txt", "shield=moon     at=0,0", "shield=" SECRET " at=0,0"},
        {"map.txt", "size=large    shield=moon     at=0,0", "size=" SECRET " shield=moon at=0,0"},
        {"map.txt", "at=0,0 has", "at=" SECRET " has"},
        {"map.txt", "at=0,0 has=bonus", "at=0,0 has=" SECRET "+bonus"},
        {"map.txt", "at=0,0 has=bonus+card+outpost src=rulebook", "at=0,0 has=bonus+card+outpost src=" SECRET},
        {"map.txt", "route Pagan  Kabul", "route Pagan  " SECRET},
        {"map.txt", "route Pagan  Kabul  cost=6c+2cam+1jade", "route Pagan  Kabul  cost=6" SECRET},
        {"map.txt", "route Pagan  Kabul  cost=6c+2cam+1jade", "route Pagan  Kabul  cost=6c+2cam+1jade" SECRET},
        {"map.txt", "route Pagan  Kabul  cost=6c+2cam+1jade", "route Pagan  Kabul  cost=" SECRET},
        {"map.txt", "cost=1c seal=spicer", "cost=1c seal=" SECRET},
        {"board.txt", "guild=spicer", "guild=" SECRET},
        {"board.txt", "special Hormuz", "special " SECRET},
        {"board.txt", "take=4", "take=" SECRET},
        {"board.txt", "track shields=0,1", "track shields=0," SECRET},
        {"board.txt", "space book1 ", "space " SECRET " "},
        {"board.txt", "book 1 ", "book " SECRET " "},
        {"cards.txt", "kind=perpost", "kind=" SECRET},
        {"cards.txt", "gain=2c times=die", "gain=2c times=" SECRET},
        {"contracts.txt", "contract C02 ", "contract " SECRET " "},
        {"tiles.txt", "cities=Kashgar+Fuzhou", "cities=" SECRET "+Fuzhou"},
        {"tiles.txt", "seals=spicer:4+jeweler:6", "seals=" SECRET ":4+jeweler:6"},
        {"tiles.txt", "seals=spicer:4+jeweler:6", "seals=spicer:" SECRET "+jeweler:6"},
        {"tiles.txt", "crests=camel+ship", "crests=camel+" SECRET},
        {"tiles.txt", "marker M1 gain=4c", "marker M1 gain=" SECRET},
        {"tiles.txt", "offer I1 ", SECRET " I1 "},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        no_disclosure(T, cases[i][0], cases[i][1], cases[i][2]);
}

/* ------------------------------------------------------------ bounded reads */

static kt_status new_with_dir(const char *dir, kt_err *err)
{
    char opts[1400];
    snprintf(opts, sizeof opts, "data_dir=%s", dir);
    kt_game *g = NULL;
    kt_status st = kt_game_new("mp2", opts, 3, 1, NULL, &g, err);
    kt_game_free(g);
    return st;
}

/* A data file that is a device, a pipe (which would block until someone
 * writes) or larger than the limit is refused before it is read. */
KT_TEST(mp2_data_dir_reads_only_small_regular_files)
{
    char *dir = mp2_t_datadir();
    KT_REQUIRE(dir);
    char path[600];
    snprintf(path, sizeof path, "%s/map.txt", dir);
    kt_err err = {0, ""};
    /* a symbolic link to an endless device */
    KT_REQUIRE(unlink(path) == 0 && symlink("/dev/zero", path) == 0);
    KT_CHECK(new_with_dir(dir, &err) != KT_OK);
    KT_CHECK(strstr(err.msg, "not a regular file") != NULL);
    /* a named pipe: opening it must not wait for a writer */
    KT_REQUIRE(unlink(path) == 0 && mkfifo(path, 0600) == 0);
    KT_CHECK(new_with_dir(dir, &err) != KT_OK);
    KT_CHECK(strstr(err.msg, "not a regular file") != NULL);
    /* a huge file: valid comment lines, 300 KB */
    KT_REQUIRE(unlink(path) == 0);
    FILE *f = fopen(path, "wb");
    KT_REQUIRE(f);
    for (int i = 0; i < 300 * 1024 / 64; i++)
        fprintf(f, "# %060d\n", i);
    fclose(f);
    KT_CHECK(new_with_dir(dir, &err) != KT_OK);
    KT_CHECK(strstr(err.msg, "larger than") != NULL);
    mp2_t_rmdir(dir);
}

/* A path too long for the loader's buffer is refused, not truncated (a
 * truncated path could name another file). */
KT_TEST(mp2_data_dir_path_too_long_is_refused)
{
    char dir[800];
    memset(dir, 'a', sizeof dir - 1);
    dir[0] = '/';
    dir[sizeof dir - 1] = '\0';
    kt_err err = {0, ""};
    KT_CHECK(new_with_dir(dir, &err) == KT_EINVAL);
    KT_CHECK(strstr(err.msg, "longer than") != NULL);
}
