/*
 * test_limits.c - the server core's clean-up and fairness (issue 31.6):
 * abandoned games expire, the bot scheduler's choice, and pieces of the
 * core that must be robust (host requests of any length, reading a
 * session's "ok"), plus a fuzz of client messages.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../harness.h"
#include "tsrv.h"

static void short_expiry(srv_config *c)
{
    c->expire_s = 3600;
    c->expire_empty_s = 600;
    tlog_capture(c);
}

static int listed(tconn *t, const char *id)
{
    char *r = treq(t, "{\"cmd\":\"list\"}");
    int yes = strstr(r, id) != NULL;
    free(r);
    return yes;
}

/* Games nobody comes back to expire: one without a move is removed, one
 * with moves is abandoned (it leaves the lobby, its link says so, storage
 * remembers); a game somebody is connected to never expires. */
KT_TEST(server_abandoned_games_expire_and_leave_the_lobby)
{
    tserver ts;
    KT_REQUIRE(tstart_with(&ts, "expire", 1, short_expiry));
    tconn *t = topen(ts.S), *stay = topen(ts.S);
    char empty[SRV_ID_LEN], played[SRV_ID_LEN], watched[SRV_ID_LEN], tok[SRV_TOKEN_LEN];
    char tok2[SRV_TOKEN_LEN];
    KT_REQUIRE(tcreate(t, "dominion", TWO_HUMANS, NULL, empty, NULL));
    KT_REQUIRE(tcreate(t, "dominion", HUMAN_BOT, "\"preset=First Game\"", played, tok));
    KT_REQUIRE(tattach(t, tok) && tmove(t));
    srv_wait_idle(ts.S, 5000);
    KT_REQUIRE(tcreate(stay, "dominion", TWO_HUMANS, NULL, watched, tok2));
    KT_REQUIRE(tattach(stay, tok2));
    tclose(t); /* everybody leaves the first two games */
    t = topen(ts.S);
    long long now = (long long)time(NULL);
    srv_tick(ts.S, now + 60);
    KT_CHECK(listed(t, empty) && listed(t, played));
    srv_tick(ts.S, now + 700); /* past expire_empty_s: the game without a move goes */
    KT_CHECK(!listed(t, empty));
    KT_CHECK(listed(t, played));
    sgame *g = srv_find_game(ts.S, empty);
    KT_CHECK(g == NULL);
    if (g)
        srv_game_unref(ts.S, g);
    srv_tick(ts.S, now + 4000); /* past expire_s: the played game is abandoned */
    KT_CHECK(!listed(t, played));
    KT_CHECK(listed(t, watched)); /* somebody is there */
    char m[200];
    snprintf(m, sizeof m, "{\"cmd\":\"attach\",\"token\":\"%s\"}", tok);
    char *r = treq(t, m);
    KT_CHECK(strstr(r, "\"ok\":false") && strstr(r, "abandoned"));
    free(r);
    snprintf(m, sizeof m, "{\"cmd\":\"replay\",\"game\":\"%s\",\"step\":0}", played);
    r = treq(t, m); /* its history can still be replayed */
    KT_CHECK(tis_ok(r));
    free(r);
    srv_tick(ts.S, now + 30L * 86400);
    KT_CHECK(listed(t, watched));
    KT_EQ(tlog_count("abandoned after"), 1);
    KT_EQ(tlog_count("removed: nobody moved"), 1);
    tclose(t);
    tclose(stay);
    tstop(&ts, 0);
    KT_REQUIRE(tstart_with(&ts, "expire", 0, short_expiry)); /* and so it stays */
    t = topen(ts.S);
    KT_CHECK(!listed(t, played) && !listed(t, empty) && listed(t, watched));
    g = srv_find_game(ts.S, played);
    KT_CHECK(g && g->row.over == SRV_ABANDONED && !g->S);
    if (g)
        srv_game_unref(ts.S, g);
    tclose(t);
    tstop(&ts, 1);
}

/* The scheduler's choice (srv_sched_pick): the game whose bots used the
 * least CPU lately goes first, the older job among equals, never a game
 * already running; a share halves every ten seconds. */
KT_TEST(server_bot_scheduler_serves_the_lightest_game_first)
{
    sgame games[4];
    sjob jobs[5];
    memset(games, 0, sizeof games);
    memset(jobs, 0, sizeof jobs);
    srv_sched q;
    memset(&q, 0, sizeof q);
    long long now = 100000;
    double share[4] = {5000, 3, 3, 0};
    for (int i = 0; i < 4; i++) {
        games[i].share = share[i];
        games[i].share_at = now;
    }
    games[3].running = 1; /* lightest, but busy */
    int order[5] = {0, 1, 2, 3, 1};
    for (int i = 0; i < 5; i++) {
        jobs[i].g = &games[order[i]];
        jobs[i].seq = (unsigned long long)i;
        jobs[i].next = i < 4 ? &jobs[i + 1] : NULL;
    }
    q.jobs = &jobs[0];
    q.njobs = 5;
    sjob *a = srv_sched_pick(&q, now);
    KT_CHECK(a == &jobs[1]); /* share 3, older than game 2's */
    a->g->running = 1;
    sjob *b = srv_sched_pick(&q, now);
    KT_CHECK(b == &jobs[2]); /* game 1 runs: its second job waits */
    b->g->running = 1;
    KT_CHECK(srv_sched_pick(&q, now) == &jobs[0]); /* only the heavy game may run */
    KT_CHECK(srv_sched_pick(&q, now) == NULL);     /* the rest belong to running games */
    KT_EQ(q.njobs, 2);
    KT_CHECK(srv_sched_decayed(&games[0], now + 10000) > 2499.0 &&
             srv_sched_decayed(&games[0], now + 10000) < 2501.0);
}

/* A reply is "ok" when its member says so, wherever it stands and however
 * it is spaced; an action of any length reaches the session whole (the
 * server's own calls into the session are typed: core/session.h). */
KT_TEST(server_host_requests_are_never_cut_and_ok_is_read_from_the_reply)
{
    KT_CHECK(srv_reply_ok("{\"ok\":true}"));
    KT_CHECK(srv_reply_ok("{ \"ok\" : true, \"x\": 1}"));
    KT_CHECK(srv_reply_ok("{\"game\":\"x\",\"ok\":true}"));
    KT_CHECK(!srv_reply_ok("{\"ok\":false,\"inner\":{\"ok\":true}}"));
    KT_CHECK(!srv_reply_ok("{\"ok\":trueish"));
    KT_CHECK(!srv_reply_ok("{\"ok\":\"true\"}"));
    KT_CHECK(!srv_reply_ok(NULL));
    tserver ts;
    KT_REQUIRE(tstart(&ts, "hostreq", 1));
    tconn *t = topen(ts.S);
    char id[SRV_ID_LEN], token[SRV_TOKEN_LEN];
    KT_REQUIRE(tcreate(t, "dominion", TWO_HUMANS, NULL, id, token));
    KT_REQUIRE(tattach(t, token));
    kt_buf m;
    kt_buf_init(&m);
    kt_buf_puts(&m, "{\"cmd\":\"apply\",\"action\":\"");
    for (int i = 0; i < 3000; i++)
        kt_buf_putc(&m, 'x');
    kt_buf_puts(&m, "\"}");
    char *r = m.p ? treq(t, m.p) : NULL;
    KT_CHECK(r && strstr(r, "\"ok\":false"));
    KT_CHECK(r && !strstr(r, "unterminated") && !strstr(r, "\"parse\"")); /* read whole */
    free(r);
    kt_buf_free(&m);
    tclose(t);
    tstop(&ts, 1);
}

static uint64_t mix(uint64_t *s)
{
    uint64_t x = (*s += 0x9e3779b97f4a7c15ULL);
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* A random change of a valid message: a byte replaced, removed or
 * inserted, the message cut, a value replaced by another JSON value. */
static size_t mutate(const char *in, char *out, size_t cap, uint64_t *rng)
{
    static const char *const values[] = {"null", "true", "-1", "1e999", "\"\"", "[]", "{}",
                                         "\"\\u0000\"", "\"\\ud800\"", "18446744073709551616",
                                         "\"\xc3\x28\"", "\"\xf0\x9f\x98\x80\"", "[[[[[[1]]]]]]"};
    size_t n = strlen(in);
    if (n + 64 > cap)
        n = cap - 64;
    memcpy(out, in, n);
    int kinds = (int)(mix(rng) % 3) + 1;
    for (int k = 0; k < kinds && n; k++) {
        size_t at = mix(rng) % n;
        switch (mix(rng) % 5) {
        case 0: out[at] = (char)(mix(rng) & 0xff); break;
        case 1: memmove(out + at, out + at + 1, n - at - 1); n--; break;
        case 2:
            memmove(out + at + 1, out + at, n - at);
            out[at] = (char)(mix(rng) & 0xff);
            n++;
            break;
        case 3: n = at; break;
        default: {
            const char *v = values[mix(rng) % (sizeof values / sizeof *values)];
            size_t vl = strlen(v);
            if (n + vl < cap) {
                memmove(out + at + vl, out + at, n - at);
                memcpy(out + at, v, vl);
                n += vl;
            }
        }
        }
    }
    out[n] = '\0';
    return n;
}

/* Thousands of mutated messages of every command: each gets a reply that
 * is valid UTF-8 JSON, the server keeps serving, and the games stay
 * consistent with storage. */
static void fuzz_cfg(srv_config *c)
{
    c->rate = c->burst = 1e6;
    c->create_rate = 0; /* no limit per address: the fuzz creates many games */
}

KT_TEST(server_fuzzed_messages_get_replies_and_change_nothing_wrongly)
{
    tserver ts;
    KT_REQUIRE(tstart_with(&ts, "fuzz", 1, fuzz_cfg));
    tconn *t = topen(ts.S), *w = topen(ts.S);
    char id[SRV_ID_LEN], tok[SRV_TOKEN_LEN], seeds[16][320];
    KT_REQUIRE(tcreate(t, "dominion", HUMAN_BOT, "\"preset=First Game\"", id, tok));
    KT_REQUIRE(tattach(t, tok));
    const char *fmts[] = {
        ("{\"cmd\":\"create\",\"ref\":1,\"game\":\"catan\",\"players\":3,\"name\":\"n\","
         "\"seats\":[{\"human\":true,\"name\":\"a\"},{\"bot\":\"random\"},{\"bot\":\"easy\"}]}"),
        "{\"cmd\":\"attach\",\"ref\":2,\"token\":\"@\",\"name\":\"Bo\"}",
        "{\"cmd\":\"spectate\",\"ref\":3,\"game\":\"@\"}",
        "{\"cmd\":\"join\",\"ref\":4,\"game\":\"@\",\"seat\":1,\"name\":\"x\"}",
        "{\"cmd\":\"apply\",\"ref\":5,\"action\":\"play treasures\"}",
        "{\"cmd\":\"apply\",\"ref\":6,\"id\":512}",
        "{\"cmd\":\"legal\",\"ref\":7,\"lang\":\"de\"}",
        "{\"cmd\":\"view\",\"ref\":8,\"log_from\":0}",
        "{\"cmd\":\"undo\",\"ref\":9}",
        "{\"cmd\":\"undo_answer\",\"ref\":10,\"accept\":true}",
        "{\"cmd\":\"replay\",\"ref\":11,\"game\":\"@\",\"step\":3,\"viewer\":0}",
        "{\"cmd\":\"list\",\"ref\":12}",
        "{\"cmd\":\"help\",\"ref\":13,\"game\":\"dominion\",\"name\":\"Village\"}",
        "{\"cmd\":\"components\",\"ref\":14,\"game\":\"mp2\"}",
        "{\"cmd\":\"rematch\",\"ref\":15}",
        "{\"cmd\":\"leave\",\"ref\":16}",
    };
    for (int i = 0; i < 16; i++) { /* '@' stands for the token or the game id */
        const char *at = strchr(fmts[i], '@');
        snprintf(seeds[i], sizeof seeds[i], "%.*s%s%s", at ? (int)(at - fmts[i]) : (int)strlen(fmts[i]),
                 fmts[i], at ? (i == 1 ? tok : id) : "", at ? at + 1 : "");
    }
    uint64_t rng = 31;
    int n = kt_t_scaled(6000), replies = 0;
    char buf[1024];
    for (int i = 0; i < n; i++) {
        tconn *c = i % 2 ? t : w;
        size_t len = mutate(seeds[mix(&rng) % 16], buf, sizeof buf, &rng);
        int before = tcount(c);
        srv_conn_message(c->c, buf, len);
        replies += tcount(c) > before;
        if (i % 200 == 199 && !tattach(t, tok)) { /* the seat was given up: another game */
            if (!tcreate(t, "dominion", HUMAN_BOT, "\"preset=First Game\"", id, tok) ||
                !tattach(t, tok))
                break;
            for (int k = 0; k < 16; k++) {
                const char *at = strchr(fmts[k], '@');
                if (at)
                    snprintf(seeds[k], sizeof seeds[k], "%.*s%s%s", (int)(at - fmts[k]), fmts[k],
                             k == 1 ? tok : id, at + 1);
            }
        }
    }
    srv_wait_idle(ts.S, 10000);
    printf("    %d mutated messages, %d answered\n", n, replies);
    KT_CHECK(replies >= n * 9 / 10);
    KT_CHECK(tall_utf8(t) && tall_utf8(w));
    pthread_mutex_lock(&t->mu);
    int bad = 0;
    for (int i = 0; i < t->n; i++) {
        kt_jdoc d;
        if (kt_json_parse(t->msg[i], strlen(t->msg[i]), &d, NULL) != KT_OK)
            bad++;
        else
            kt_json_free(&d);
    }
    pthread_mutex_unlock(&t->mu);
    KT_EQ(bad, 0);
    /* every game in memory is what storage rebuilds */
    int games;
    long long moves;
    srv_stats(ts.S, &games, &moves);
    char **ids = calloc((size_t)games, sizeof *ids);
    int *acts = calloc((size_t)games, sizeof *acts);
    pthread_mutex_lock(&ts.S->mu);
    for (int i = 0; i < games && i < ts.S->ngames; i++) {
        ids[i] = strdup(ts.S->games[i]->row.id);
        acts[i] = ts.S->games[i]->nacts;
    }
    pthread_mutex_unlock(&ts.S->mu);
    tclose(t);
    tclose(w);
    tstop(&ts, 0);
    KT_REQUIRE(tstart_with(&ts, "fuzz", 0, fuzz_cfg));
    for (int i = 0; i < games; i++) {
        sgame *g = ids[i] ? srv_find_game(ts.S, ids[i]) : NULL;
        KT_CHECK(g != NULL);
        if (g) {
            pthread_mutex_lock(&g->mu);
            KT_CHECK(g->row.over || g->nacts == acts[i]);
            KT_CHECK(!g->broken);
            pthread_mutex_unlock(&g->mu);
            srv_game_unref(ts.S, g);
        }
        free(ids[i]);
    }
    free(ids);
    free(acts);
    tstop(&ts, 1);
}
