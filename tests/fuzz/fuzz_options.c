/*
 * fuzz_options.c - libFuzzer harness for the option parser: the input is
 * "GAME\nOPTIONS" (the game chosen among the registered ones by the first
 * byte when the name is unknown).  kt_game_new refuses with a message or
 * gives a configuration whose canonical options recreate it exactly; its
 * start position is consistent (fz_exercise).  Options that read files are
 * skipped.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096 || kt_game_count() == 0)
        return 0;
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    char *nl = strchr(text, '\n');
    const char *game = kt_game_info(data[0] % kt_game_count())->name, *opts = text;
    if (nl) {
        *nl = '\0';
        if (kt_game_find(text))
            game = text;
        opts = nl + 1;
    }
    int players = (int)(data[size - 1] % 7);
    kt_game *g;
    kt_err err;
    if (!kt_options_read_files(game, opts)) {
        if (kt_game_new(game, opts, players, size, NULL, &g, &err) == KT_OK) {
            kt_game *g2;
            fz_require(kt_game_new(game, kt_game_options(g), kt_game_players(g), size, NULL, &g2,
                                   &err) == KT_OK,
                       "canonical options refused", err.msg);
            fz_require(!strcmp(kt_game_options(g), kt_game_options(g2)),
                       "canonical options not stable", kt_game_options(g2));
            kt_state *s = kt_state_new(g), *s2 = kt_state_new(g2);
            fz_require(s && s2 && kt_state_equal(g, s, s2), "canonical options deal another game",
                       NULL);
            fz_exercise(g, s, 16, size);
            kt_state_free(g, s);
            kt_state_free(g2, s2);
            kt_game_free(g2);
            kt_game_free(g);
        } else {
            fz_require(err.msg[0] != '\0', "refused without a message", NULL);
        }
    }
    free(text);
    return 0;
}
