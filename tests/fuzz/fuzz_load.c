/*
 * fuzz_load.c - libFuzzer harness for the full-state loader of every game
 * (kt_load_json): any input is refused with a message or gives a consistent
 * state (fz_exercise).
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    kt_game *g;
    kt_state *s;
    kt_err err;
    if (kt_load_json(text, NULL, &g, &s, &err) == KT_OK) {
        fz_exercise(g, s, 8, size);
        kt_state_free(g, s);
        kt_game_free(g);
    } else {
        fz_require(err.msg[0] != '\0', "refused without a message", NULL);
    }
    free(text);
    return 0;
}
