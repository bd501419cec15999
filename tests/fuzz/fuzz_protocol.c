/*
 * fuzz_protocol.c - libFuzzer harness for the protocol line handler
 * (kt_session_request): the input is a sequence of request lines, each sent
 * for a seat chosen by its first byte (host, spectator, a player).  Every
 * reply must be one line of valid JSON; the session's game, if any, must stay
 * consistent.  The session has hidden-information rights but may not read
 * files (fuzzing must not wander the file system).
 */
#include <stdlib.h>
#include <string.h>

#include "../../src/util/json.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    kt_session_limits lim;
    kt_session_limits_server(&lim);
    lim.allow_full_state = 1;
    lim.max_bot_ms = 20;
    kt_session *S;
    if (kt_session_new(&lim, NULL, &S, NULL) != KT_OK)
        return 0;
    const char *p = (const char *)data, *end = p + size;
    int lines = 0;
    while (p < end && lines++ < 64) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
        int seat = KT_OMNISCIENT;
        if (len > 1 && p[0] == '@') { /* "@1{...}" = seat 1, "@s{...}" = spectator */
            seat = p[1] == 's' ? KT_SPECTATOR : (p[1] - '0');
            p += 2;
            len -= 2;
        }
        int quit = 0;
        char *r = kt_session_request(S, seat, p, len, &quit);
        fz_require(r != NULL, "no reply", NULL);
        fz_require(strchr(r, '\n') == NULL, "reply over several lines", r);
        kt_jdoc d;
        fz_require(kt_json_parse(r, strlen(r), &d, NULL) == KT_OK, "reply is not JSON", r);
        kt_json_free(&d);
        kt_free(r);
        const kt_game *g = kt_session_game(S);
        if (g) {
            kt_err err;
            fz_require(kt_check(g, kt_session_state(S), &err) == KT_OK,
                       "session state fails check", err.msg);
        }
        if (quit)
            break;
        p += len + (nl ? 1 : 0);
    }
    kt_session_free(S);
    return 0;
}
