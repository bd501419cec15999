/*
 * fuzz_data.c - libFuzzer harness for the games' component data files
 * (core/datafile.c, core/datarec.c and each game's data.c): the input is
 * one selector byte and a file's text.  The selector picks one of the
 * embedded data files ('A' + its index in kt_embedded_files(), modulo their
 * number); the game's other files are the embedded ones, the picked one is
 * replaced by the text, and the game is created with data_dir pointing
 * there.  kt_game_new must refuse with a message and no game, or give a
 * game whose start position keeps every promise (fz_exercise).
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/embed.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void write_file(const char *dir, const char *name, const void *text, size_t n)
{
    char path[600];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    fz_require(f != NULL, "cannot write the fuzz data file", path);
    fz_require(fwrite(text, 1, n, f) == n && fclose(f) == 0, "cannot write", path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char dir[64]; /* one directory per fuzzing process */
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "/tmp/kt_fuzz_data_XXXXXX");
        fz_require(mkdtemp(dir) != NULL, "mkdtemp failed", NULL);
    }
    const kt_embedded *e = kt_embedded_files();
    size_t n = 0;
    while (e[n].path)
        n++;
    if (size < 1 || size > 300000 || n == 0)
        return 0;
    const kt_embedded *pick = &e[(uint8_t)(data[0] - 'A') % n];
    const char *slash = strchr(pick->path, '/');
    if (!slash || (size_t)(slash - pick->path) >= 32)
        return 0;
    char game[32];
    memcpy(game, pick->path, (size_t)(slash - pick->path));
    game[slash - pick->path] = '\0';
    /* the game's files: the embedded ones, then the fuzzed one over its own */
    for (size_t i = 0; i < n; i++)
        if (strncmp(e[i].path, game, strlen(game)) == 0 && e[i].path[strlen(game)] == '/')
            write_file(dir, e[i].path + strlen(game) + 1, e[i].data, e[i].len);
    write_file(dir, slash + 1, data + 1, size - 1);
    char opts[128];
    snprintf(opts, sizeof opts, "data_dir=%s", dir);
    const kt_gameinfo *gi = kt_game_find(game);
    if (!gi)
        return 0;
    kt_game *g = NULL;
    kt_err err = {0, ""};
    if (kt_game_new(game, opts, gi->default_players, size, NULL, &g, &err) == KT_OK) {
        kt_state *s = kt_state_new(g);
        fz_require(s != NULL, "no start position", game);
        fz_exercise(g, s, 16, size);
        kt_state_free(g, s);
        kt_game_free(g);
    } else {
        fz_require(g == NULL, "refused but a game was returned", err.msg);
        fz_require(err.msg[0] != '\0', "refused without a message", game);
    }
    return 0;
}
