/*
 * protocol.c - `kontor protocol`: one JSON request per stdin line, one JSON
 * reply per stdout line (docs/protocol.md).  All the work is done by a
 * library session (kt_session_request); this file only reads bounded lines
 * and writes replies.  By default the session is the trusted host; --seat
 * and --untrusted give a client exactly the rights a server would.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static void usage(FILE *f)
{
    fprintf(f, "usage: kontor protocol [--seat N|spectator] [--untrusted]\n"
               "  JSON requests on stdin, one per line; replies on stdout, one per line.\n"
               "  --seat N       speak for player N only (0-based); 'spectator': public views only\n"
               "  --untrusted    server limits: no options or bots that read files, no full\n"
               "                 state, undo depth 100, requests up to 1 MiB, bots 10 s per move\n"
               "  See docs/protocol.md.\n");
}

int cli_protocol(int argc, char **argv)
{
    int seat = KT_OMNISCIENT, untrusted = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(argv[i], "--untrusted")) {
            untrusted = 1;
        } else if (!strcmp(argv[i], "--seat") && i + 1 < argc) {
            long long x;
            i++;
            if (!strcmp(argv[i], "spectator"))
                seat = KT_SPECTATOR;
            else if (cli_parse_int(argv[i], 0, KT_MAX_PLAYERS - 1, &x))
                seat = (int)x;
            else {
                fprintf(stderr, "kontor protocol: --seat takes a player number 0..%d or "
                                "'spectator', not '%s'\n", KT_MAX_PLAYERS - 1, argv[i]);
                return 2;
            }
        } else {
            fprintf(stderr, "kontor protocol: unexpected argument '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        }
    }
    kt_session_limits lim;
    if (untrusted || seat != KT_OMNISCIENT)
        kt_session_limits_server(&lim);
    else
        kt_session_limits_trusted(&lim);
    kt_session *S;
    kt_err err;
    if (kt_session_new(&lim, NULL, &S, &err) != KT_OK) {
        fprintf(stderr, "kontor protocol: %s\n", err.msg);
        return 1;
    }
    /* a person who typed `kontor protocol` at a terminal sees why nothing
     * happens (the replies stay on stdout, the hint goes to stderr) */
    if (isatty(STDIN_FILENO))
        fprintf(stderr, "kontor protocol: reading JSON requests from the terminal, one per line "
                        "(e.g. {\"cmd\":\"games\"}); Ctrl-D ends; docs/protocol.md\n");
    cli_lines in;
    cli_lines_init(&in, stdin, lim.max_request ? lim.max_request : 16u << 20);
    int quit = 0, rc = 0;
    while (!quit) {
        size_t len;
        int r = cli_lines_next(&in, &len);
        if (r == 0)
            break;
        char *reply;
        if (r < 0) {
            const char *m = "{\"ok\":false,\"error\":\"invalid\",\"message\":\"line too long\"}";
            reply = malloc(strlen(m) + 1);
            if (reply)
                strcpy(reply, m);
        } else if (len == 0) {
            continue;
        } else {
            reply = kt_session_request(S, seat, in.line, len, &quit);
        }
        if (!reply || fputs(reply, stdout) < 0 || fputc('\n', stdout) < 0 || fflush(stdout)) {
            rc = 1; /* stdout is gone: nobody reads the replies */
            kt_free(reply);
            break;
        }
        kt_free(reply);
    }
    cli_lines_free(&in);
    kt_session_free(S);
    return rc;
}
