/*
 * test_whole_replies.c - what the server says reaches the client whole,
 * however long: its own error replies (formatted into a fixed 1 KiB buffer
 * before, so a long session message was cut) and the session's replies it
 * forwards (answered by kt_session_call from the message parsed once), which
 * are byte for byte what the session says to the same request.
 */
#include <stdlib.h>
#include <string.h>

#include "../harness.h"
#include "tsrv.h"

/* The newest message t received (a copy). */
static char *last_message(tconn *t)
{
    pthread_mutex_lock(&t->mu);
    char *m = t->n ? strdup(t->msg[t->n - 1]) : NULL;
    pthread_mutex_unlock(&t->mu);
    return m;
}

KT_TEST(server_replies_longer_than_1_kib_reach_the_client_whole)
{
    tserver ts;
    KT_REQUIRE(tstart(&ts, "whole", 1));
    tconn *t = topen(ts.S);
    char id[SRV_ID_LEN], tok[SRV_TOKEN_LEN];
    KT_REQUIRE(tcreate(t, "dominion", TWO_HUMANS, "\"preset=First Game\"", id, tok));
    KT_REQUIRE(tattach(t, tok));

    /* an error reply with a 3000-byte message */
    char *longmsg = malloc(3001);
    KT_REQUIRE(longmsg);
    for (int i = 0; i < 3000; i++)
        longmsg[i] = (char)('a' + i % 26);
    longmsg[3000] = '\0';
    srv_reply_error(t->c, "5", "invalid", "%s", longmsg);
    char *m = last_message(t);
    KT_CHECK(m && strlen(m) > 3000 && strstr(m, longmsg) != NULL);
    free(m);
    free(longmsg);

    /* a forwarded reply longer than 1 KiB equals the session's own */
    static const char q[] = "{\"cmd\":\"observe\",\"lang\":\"de\",\"ref\":[1,\"x\"]}";
    char *r = treq(t, q);
    sgame *g = srv_find_game(ts.S, id);
    KT_REQUIRE(g && r);
    pthread_mutex_lock(&g->mu);
    char *own = kt_session_request(g->S, 0, q, strlen(q), NULL);
    pthread_mutex_unlock(&g->mu);
    KT_CHECK(strlen(r) > 1024);
    KT_CHECK(own && !strcmp(r, own));
    kt_free(own);
    free(r);
    srv_game_unref(ts.S, g);
    tclose(t);
    tstop(&ts, 1);
}
