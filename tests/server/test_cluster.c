/*
 * test_cluster.c - two servers on one PostgreSQL database (cluster.c): a
 * game is hosted by one at a time (a lease), the other answers "moved"
 * while the host lives, lists the game in its lobby, and takes the game
 * over once the host is gone (its lease expired) with every acknowledged
 * move, then finishes it; logging out everywhere on one closes the
 * account's connections on the other (NOTIFY).  The database is a throw-away cluster
 * (scripts/pg-cluster.sh); without Debian's PostgreSQL server binaries the
 * test says so and is skipped (scripts/setup.sh installs them; CI runs it).
 */
#include <glob.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../harness.h"
#include "server/srv_int.h"
#include "tsrv.h"

static int pg_binaries(void)
{
    glob_t gl;
    int n = glob("/usr/lib/postgresql/*/bin/initdb", 0, NULL, &gl) == 0 ? (int)gl.gl_pathc : 0;
    if (n)
        globfree(&gl);
    return n > 0;
}

/* A throw-away PostgreSQL cluster for this test: 0 when the binaries are
 * missing (said, and the test skipped); conninfo "" when the cluster did
 * not start (the caller requires it). */
static int cluster_or_skip(char *conninfo, size_t cap)
{
    if (!pg_binaries()) {
        printf("    SKIPPED: PostgreSQL's server binaries are not installed (scripts/setup.sh "
               "installs postgresql)\n");
        return 0;
    }
    if (!tpg_start(conninfo, cap))
        conninfo[0] = '\0';
    return 1;
}

static srv *start_with(const char *conninfo, const char *id, void (*tune)(srv_config *c))
{
    srv_config c;
    srv_config_default(&c);
    c.db_path = conninfo;
    c.sync_full = 0;
    c.quiet = 1;
    c.bot_ms = 2000;
    c.rate = c.burst = 1000;
    c.server_id = id;
    c.lease_ms = 1500;
    if (tune)
        tune(&c);
    char err[512];
    signal(SIGPIPE, SIG_IGN); /* as kontor serve does */
    srv *S = srv_new(&c, err, sizeof err);
    if (!S)
        fprintf(stderr, "srv_new: %s\n", err);
    return S;
}

static void url_of_a(srv_config *c)
{
    c->public_url = "http://a.example:8081/";
}

static srv *start_on(const char *conninfo, const char *id)
{
    return start_with(conninfo, id, !strcmp(id, "server-a") ? url_of_a : NULL);
}

static int over_in(srv *S, const char *id)
{
    sgame *g = srv_find_game(S, id);
    if (!g)
        return 0;
    pthread_mutex_lock(&g->mu);
    int over = sgame_is_over(g);
    pthread_mutex_unlock(&g->mu);
    srv_game_unref(S, g);
    return over;
}

KT_TEST(server_cluster_two_servers_on_postgresql_take_over_a_game_with_every_move)
{
    char conninfo[256];
    if (!cluster_or_skip(conninfo, sizeof conninfo))
        return;
    KT_REQUIRE(conninfo[0]);
    srv *A = start_on(conninfo, "server-a"), *B = start_on(conninfo, "server-b");
    KT_REQUIRE(A && B);
    tconn *ta = topen(A);
    char id[SRV_ID_LEN], tok[SRV_TOKEN_LEN], m[200];
    KT_REQUIRE(tcreate(ta, "dominion", HUMAN_BOT, "\"preset=First Game;turn_limit=4\"", id, tok));
    KT_REQUIRE(tattach(ta, tok));
    for (int i = 0; i < 6; i++) {
        KT_CHECK(tmove(ta));
        srv_wait_idle(A, 3000);
    }
    /* B lists A's game in its lobby (it reads changed rows every tick; the
     * polls below wait up to 30 s: a CI machine at load 20 is slow) */
    tconn *tb = topen(B);
    int listed = 0;
    for (int i = 0; i < 300 && !listed; i++) {
        char *r = treq(tb, "{\"cmd\":\"list\"}");
        listed = strstr(r, id) != NULL;
        free(r);
        if (!listed)
            nanosleep(&(struct timespec){.tv_sec = 0, .tv_nsec = 100000000}, NULL);
    }
    KT_CHECK(listed);
    /* while A hosts it, B says where it is: the WebSocket address of A's
     * public URL, which the web client follows (net.js) */
    snprintf(m, sizeof m, "{\"cmd\":\"attach\",\"token\":\"%s\"}", tok);
    char *r = treq(tb, m);
    KT_CHECK(strstr(r, "\"error\":\"moved\"") != NULL && strstr(r, "server-a") != NULL);
    KT_CHECK(strstr(r, "\"ws\":\"ws://a.example:8081/ws\"") != NULL);
    free(r);
    /* logging out everywhere on A closes the account's connection on B */
    srv_api_call a = {0};
    snprintf(a.path, sizeof a.path, "signup");
    a.body = "{\"name\":\"Hanna\",\"password\":\"correct horse\"}";
    a.len = strlen(a.body);
    snprintf(a.addr_key, sizeof a.addr_key, "192.0.2.9");
    srv_api_run(A, &a);
    KT_REQUIRE(a.status == 200);
    tconn *tb2 = topen(B);
    srv_conn_set_session(tb2->c, a.set_session);
    r = treq(tb2, "{\"cmd\":\"whoami\"}");
    KT_CHECK(strstr(r, "Hanna") != NULL);
    free(r);
    char sess[72];
    snprintf(sess, sizeof sess, "%s", a.set_session);
    free(a.json);
    memset(&a, 0, sizeof a);
    snprintf(a.path, sizeof a.path, "logout-all");
    a.body = "";
    snprintf(a.session, sizeof a.session, "%s", sess);
    snprintf(a.addr_key, sizeof a.addr_key, "192.0.2.9");
    srv_api_run(A, &a);
    KT_CHECK(a.status == 200);
    free(a.json);
    int closed = 0;
    for (int i = 0; i < 300 && !closed; i++) {
        pthread_mutex_lock(&tb2->mu);
        closed = tb2->closed && tb2->close_code == SRV_CLOSE_LOGGED_OUT;
        pthread_mutex_unlock(&tb2->mu);
        if (!closed)
            nanosleep(&(struct timespec){.tv_sec = 0, .tv_nsec = 100000000}, NULL);
    }
    KT_CHECK(closed);
    tclose(tb2);
    int acked = tgame_actions(A, id);
    KT_CHECK(acked >= 6);
    /* A stops without giving its leases back, as a killed process would */
    tclose(ta);
    srv_free(A);
    /* B takes the game over once A's lease has expired: every move is there */
    int attached = 0;
    for (int i = 0; i < 300 && !attached; i++) {
        r = treq(tb, m);
        attached = tis_ok(r);
        free(r);
        if (!attached)
            nanosleep(&(struct timespec){.tv_sec = 0, .tv_nsec = 100000000}, NULL);
    }
    KT_REQUIRE(attached);
    KT_EQ(tgame_actions(B, id), acked);
    /* and the game goes on to its end through B */
    for (int i = 0; i < 3000 && !over_in(B, id); i++)
        if (!tmove(tb))
            srv_wait_idle(B, 2000);
    KT_CHECK(over_in(B, id));
    int total = tgame_actions(B, id);
    KT_CHECK(total > acked);
    tclose(tb);
    srv_free(B);
    /* a third server reads the finished game with all its moves */
    srv *C = start_on(conninfo, "server-c");
    KT_REQUIRE(C);
    tconn *tc = topen(C);
    snprintf(m, sizeof m, "{\"cmd\":\"spectate\",\"game\":\"%s\"}", id);
    r = treq(tc, m);
    KT_CHECK(tis_ok(r));
    free(r);
    KT_EQ(tgame_actions(C, id), total);
    KT_CHECK(over_in(C, id));
    tclose(tc);
    srv_free(C);
}

/* Limits per address on two servers: 4 games at once then 6 a minute per
 * address, 3 logins at once. */
static void tight_limits(srv_config *c)
{
    c->create_rate = 6;
    c->create_burst = 4;
}

static int creates(tconn *t, int n, int *refused)
{
    int made = 0;
    for (int i = 0; i < n; i++) {
        char *r = treq(t, "{\"cmd\":\"create\",\"game\":\"dominion\",\"players\":2,\"listed\":false,"
                          "\"seats\":[{\"human\":true},{\"human\":true}]}");
        made += tis_ok(r);
        *refused += strstr(r, "\"error\":\"rate\"") != NULL;
        free(r);
    }
    return made;
}

static int logins(srv *S, const char *addr, int n)
{
    int refused = 0;
    for (int i = 0; i < n; i++) {
        srv_api_call a = {0};
        snprintf(a.path, sizeof a.path, "login");
        char body[80];
        snprintf(body, sizeof body, "{\"name\":\"nobody%d\",\"password\":\"wrong password\"}", i);
        a.body = body;
        a.len = strlen(body);
        snprintf(a.addr_key, sizeof a.addr_key, "%s", addr);
        srv_api_run(S, &a);
        refused += a.status == 429;
        free(a.json);
    }
    return refused;
}

/* How many more connections (of at most 4) server B lets 192.0.2.10 open,
 * asked every 100 ms for up to 5 s until it is `want` (the servers' ticks
 * exchange the counts once a second). */
static int b_allows(srv *B, int want)
{
    int extra = -1;
    for (int tries = 0; tries < 50 && extra != want; tries++) {
        nanosleep(&(struct timespec){.tv_sec = 0, .tv_nsec = 100000000}, NULL);
        extra = 0;
        while (extra < 4 && srv_peers_open(&B->peers, "192.0.2.10", 4))
            extra++;
        for (int i = 0; i < extra; i++)
            srv_peers_close(&B->peers, "192.0.2.10");
    }
    return extra;
}

KT_TEST(server_cluster_two_servers_together_refuse_what_one_would_per_address)
{
    char conninfo[256];
    if (!cluster_or_skip(conninfo, sizeof conninfo))
        return;
    KT_REQUIRE(conninfo[0]);
    srv *A = start_with(conninfo, "server-a", tight_limits);
    srv *B = start_with(conninfo, "server-b", tight_limits);
    KT_REQUIRE(A && B);
    /* one address, alternating between the servers: 4 games in all, as one
     * server would allow (each alone would take 4 more) */
    tconn *ta = topen_from(A, "192.0.2.7"), *tb = topen_from(B, "192.0.2.7");
    int refused = 0, made = creates(ta, 2, &refused) + creates(tb, 2, &refused);
    KT_EQ(made, 4);
    KT_EQ(refused, 0);
    made = creates(tb, 3, &refused) + creates(ta, 3, &refused);
    printf("    after 4 games: %d more made, %d refused\n", made, refused);
    KT_EQ(made, 0);
    KT_EQ(refused, 6);
    /* another address is not touched */
    tconn *other = topen_from(B, "198.51.100.9");
    refused = 0;
    KT_EQ(creates(other, 2, &refused), 2);
    /* logins per address (20 at once): 12 failed ones on each server; the
     * 21st and later are refused, wherever they arrive */
    int ra = logins(A, "192.0.2.8", 12), rb = logins(B, "192.0.2.8", 12);
    printf("    24 failed logins from one address over two servers: %d + %d refused\n", ra, rb);
    KT_EQ(ra, 0);
    KT_EQ(rb, 4);
    /* open connections per address (the network thread's check, here
     * called as it calls it): 3 of at most 4 open on A; once the servers'
     * ticks have exchanged their counts, B lets that address open 1 more */
    for (int i = 0; i < 3; i++)
        KT_CHECK(srv_peers_open(&A->peers, "192.0.2.10", 4));
    int extra = b_allows(B, 1);
    printf("    3 connections open on A: B lets the address open %d more of 4\n", extra);
    KT_EQ(extra, 1);
    /* they close on A: B lets it open all 4 again */
    for (int i = 0; i < 3; i++)
        srv_peers_close(&A->peers, "192.0.2.10");
    KT_EQ(b_allows(B, 4), 4);
    tclose(ta);
    tclose(tb);
    tclose(other);
    srv_free(A);
    srv_free(B);
}

/* How many of n new connections of `addr` server S lets in (the network
 * thread's check, called as it calls it). */
static int conn_takes(srv *S, const char *addr, int n)
{
    int ok = 0;
    for (int i = 0; i < n; i++)
        ok += srv_peers_take(&S->peers, addr, SRV_PEER_CONN, srv_now_ms());
    return ok;
}

static int count_hits(void *ctx, const char *key, long long win, long long n)
{
    (void)win;
    if (!strcmp(key, "192.0.2.11"))
        *(long long *)ctx += n;
    return 1;
}

KT_TEST(server_cluster_two_servers_together_refuse_what_one_would_new_connections)
{
    char conninfo[256];
    if (!cluster_or_skip(conninfo, sizeof conninfo))
        return;
    KT_REQUIRE(conninfo[0]);
    srv *A = start_on(conninfo, "server-a"), *B = start_on(conninfo, "server-b");
    KT_REQUIRE(A && B);
    /* 6 new connections at once, then one an hour (--conn-rate, --conn-burst
     * as net.c sets them): a window of an hour, so that the test does not
     * straddle two (it waits for the next when the current ends within 20 s) */
    srv_peers_limit(&A->peers, SRV_PEER_CONN, 1.0 / 600, 6);
    srv_peers_limit(&B->peers, SRV_PEER_CONN, 1.0 / 600, 6);
    long long w = 3600000, left = w - srv_unix_ms() % w;
    if (left < 20000)
        nanosleep(&(struct timespec){.tv_sec = left / 1000 + 1, .tv_nsec = 0}, NULL);
    KT_EQ(conn_takes(A, "192.0.2.11", 4), 4);
    /* A writes them at its next tick; B reads them at the tick after that */
    long long hits = 0;
    for (int i = 0; i < 50 && hits < 4; i++) {
        nanosleep(&(struct timespec){.tv_sec = 0, .tv_nsec = 100000000}, NULL);
        hits = 0;
        srv_store_addr_recent(A->st, SRV_PEER_CONN, 0, count_hits, &hits);
    }
    KT_EQ(hits, 4);
    nanosleep(&(struct timespec){.tv_sec = 2, .tv_nsec = 500000000}, NULL);
    int onb = conn_takes(B, "192.0.2.11", 4);
    printf("    4 new connections on A: B lets %d of 4 more in\n", onb);
    KT_EQ(onb, 2);
    /* and A, once it has read B's, none (its own bucket has 2 left) */
    nanosleep(&(struct timespec){.tv_sec = 2, .tv_nsec = 500000000}, NULL);
    KT_EQ(conn_takes(A, "192.0.2.11", 2), 0);
    /* another address is not touched */
    KT_EQ(conn_takes(B, "198.51.100.12", 6), 6);
    srv_free(A);
    srv_free(B);
}

/* Analyses that run for long (the largest budget), one per address. */
static void long_analyses(srv_config *c)
{
    c->analysis_budget = 100000;
    c->analysis_per_addr = 1;
}

/* A game between bots (an analysis of many seconds) created by t on S, played to its end. */
static int finished_on(srv *S, tconn *t, char *id)
{
    if (!tcreate(t, "dominion", "[{\"bot\":\"heuristic\"},{\"bot\":\"heuristic\"}]",
                 "\"preset=First Game\"", id, NULL))
        return 0;
    for (int i = 0; i < 600 && !over_in(S, id); i++)
        nanosleep(&(struct timespec){.tv_sec = 0, .tv_nsec = 100000000}, NULL);
    return over_in(S, id);
}

/* t's request cmd about seat 0 of game id: 1 accepted, 0 refused for the
 * address ("rate"), -1 anything else. */
static int analysis_cmd(tconn *t, const char *cmd, const char *id, int seat)
{
    char m[200];
    snprintf(m, sizeof m, "{\"cmd\":\"%s\",\"game\":\"%s\",\"seat\":%d}", cmd, id, seat);
    char *r = treq(t, m);
    int v = tis_ok(r) ? 1 : r && strstr(r, "\"error\":\"rate\"") ? 0 : -1;
    if (v < 0)
        printf("    %s: %s\n", cmd, r ? r : "(no reply)");
    free(r);
    return v;
}

KT_TEST(server_cluster_two_servers_together_refuse_what_one_would_analyses)
{
    char conninfo[256];
    if (!cluster_or_skip(conninfo, sizeof conninfo))
        return;
    KT_REQUIRE(conninfo[0]);
    srv *A = start_with(conninfo, "server-a", long_analyses);
    srv *B = start_with(conninfo, "server-b", long_analyses);
    KT_REQUIRE(A && B);
    tconn *xa = topen_from(A, "192.0.2.20"), *xb = topen_from(B, "192.0.2.20"),
          *yb = topen_from(B, "198.51.100.21");
    char ga[SRV_ID_LEN], gb[SRV_ID_LEN];
    KT_REQUIRE(finished_on(A, xa, ga) && finished_on(B, xb, gb));
    /* one analysis per address: running on A, B refuses the address's
     * next once the ticks have exchanged the counts */
    KT_EQ(analysis_cmd(xa, "analyze", ga, 0), 1);
    nanosleep(&(struct timespec){.tv_sec = 2, .tv_nsec = 500000000}, NULL);
    char m[200];
    snprintf(m, sizeof m, "{\"cmd\":\"analysis\",\"game\":\"%s\",\"seat\":0}", ga);
    char *r = treq(xa, m);
    KT_CHECK(r && (strstr(r, "\"status\":\"running\"") || strstr(r, "\"status\":\"queued\"")));
    free(r);
    int onb = analysis_cmd(xb, "analyze", gb, 0);
    printf("    an analysis running on A: B %s the same address's\n",
           onb == 0 ? "refuses" : "accepts");
    KT_EQ(onb, 0);
    /* another address is not touched */
    KT_EQ(analysis_cmd(yb, "analyze", gb, 0), 1);
    KT_EQ(analysis_cmd(yb, "analyze_cancel", gb, 0), 1);
    /* cancelled on A: B accepts it once the ticks have told */
    KT_EQ(analysis_cmd(xa, "analyze_cancel", ga, 0), 1);
    nanosleep(&(struct timespec){.tv_sec = 2, .tv_nsec = 500000000}, NULL);
    KT_EQ(analysis_cmd(xb, "analyze", gb, 1), 1);
    KT_EQ(analysis_cmd(xb, "analyze_cancel", gb, 1), 1);
    tclose(xa);
    tclose(xb);
    tclose(yb);
    srv_free(A);
    srv_free(B);
}
