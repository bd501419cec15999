/*
 * fuzz_record.c - libFuzzer harness for the record loader and replay
 * (kt_record_load, kt_record_replay): refused with a message, or replayed into
 * a consistent state; a loaded record writes itself out and loads again.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > (1u << 16))
        return 0;
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    kt_record *r;
    kt_game *g;
    kt_err err;
    if (kt_record_load(text, NULL, &r, &g, &err) == KT_OK) {
        kt_state *s = kt_state_new(g);
        fz_require(s != NULL, "out of memory", NULL);
        if (kt_record_replay(r, g, -1, s, &err) == KT_OK) {
            fz_exercise(g, s, 4, size);
        } else {
            fz_require(err.msg[0] != '\0', "replay refused without a message", NULL);
        }
        char *js = kt_record_json(r);
        kt_record *r2;
        kt_game *g2;
        fz_require(js && kt_record_load(js, NULL, &r2, &g2, &err) == KT_OK,
                   "a loaded record does not load back", err.msg);
        fz_require(kt_record_length(r2) == kt_record_length(r), "record length changed", NULL);
        kt_record_free(r2);
        kt_game_free(g2);
        kt_free(js);
        kt_state_free(g, s);
        kt_record_free(r);
        kt_game_free(g);
    } else {
        fz_require(err.msg[0] != '\0', "refused without a message", NULL);
    }
    free(text);
    return 0;
}
