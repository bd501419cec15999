/*
 * test_net.c - `kontor serve`'s network layer against hostile clients
 * (issue 31), over real sockets on 127.0.0.1: frames that break RFC 6455,
 * text that is not UTF-8, binary frames, foreign Origins, pages in frames,
 * clients that stop reading, idle and slowloris connections, a client
 * killed in the middle of a frame.  Every test bounds its own run time
 * (alarm) so that a hang fails the test instead of stopping `make test`.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../harness.h"
#include "tsrv.h"
#include "tws.h"

static long long now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

typedef struct tnet {
    tserver ts;
    srv_http *h;
    int port;
} tnet;

static void fast_rate(srv_config *c)
{
    c->rate = c->burst = 1000;
    tlog_capture(c);
}

static int tnet_start_with(tnet *n, const char *name, void (*tweak)(srv_http_config *))
{
    alarm(180);
    if (!tstart_with(&n->ts, name, 1, fast_rate))
        return 0;
    srv_http_config hc;
    srv_http_config_default(&hc);
    hc.listen = "127.0.0.1:0";
    hc.web_root = "web";
    if (tweak)
        tweak(&hc);
    char err[256];
    n->h = srv_http_start(n->ts.S, &hc, err, sizeof err);
    if (!n->h) {
        fprintf(stderr, "srv_http_start: %s\n", err);
        return 0;
    }
    n->port = srv_http_port(n->h);
    return 1;
}

static int tnet_start(tnet *n, const char *name) { return tnet_start_with(n, name, NULL); }

static void tnet_stop(tnet *n)
{
    srv_http_stop(n->h);
    tstop(&n->ts, 1);
}

/* A fresh connection answers a ping within timeout_ms. */
static int ping_ok(int port, int timeout_ms)
{
    tws w;
    int ok = tws_open(&w, port, 0, NULL, 0) == 101 && tws_text(&w, "{\"cmd\":\"ping\",\"ref\":9}");
    char *r = ok ? tws_reply(&w, "9", timeout_ms) : NULL;
    ok = r && strstr(r, "\"ok\":true") != NULL;
    free(r);
    tws_close(&w);
    return ok;
}

/* Issue 31.6: frames RFC 6455 forbids a client to send fail the
 * connection (close code 1002) and are never taken as messages. */
KT_TEST(server_net_frames_that_break_rfc6455_close_the_connection)
{
    tnet n;
    KT_REQUIRE(tnet_start(&n, "netrfc"));
    static const char ping[] = "{\"cmd\":\"ping\",\"ref\":1}";
    struct {
        const char *what;
        int b0, mask;
        size_t len;
    } cases[] = {
        {"unmasked text", 0x81, 0, sizeof ping - 1},
        {"RSV1", 0xc1, 1, sizeof ping - 1},
        {"RSV2", 0xa1, 1, sizeof ping - 1},
        {"RSV3", 0x91, 1, sizeof ping - 1},
        {"reserved opcode 3", 0x83, 1, sizeof ping - 1},
        {"reserved opcode 0xB", 0x8b, 1, sizeof ping - 1},
        {"continuation without a start", 0x80, 1, sizeof ping - 1},
        {"fragmented ping", 0x09, 1, 4},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        tws w;
        KT_REQUIRE(tws_open(&w, n.port, 0, NULL, 0) == 101);
        KT_CHECK(tws_frame(&w, cases[i].b0, ping, cases[i].len, cases[i].mask));
        char *r = tws_reply(&w, "1", 1500);
        int closed = w.close_code == 1002 || w.closed || tws_wait_closed(&w, 1500);
        if (!KT_CHECK(!r && closed))
            printf("    %s: %s, close code %d\n", cases[i].what, r ? r : "no reply", w.close_code);
        free(r);
        tws_close(&w);
    }
    /* a control frame longer than 125 bytes */
    tws w;
    KT_REQUIRE(tws_open(&w, n.port, 0, NULL, 0) == 101);
    char big[200];
    memset(big, 'x', sizeof big);
    KT_CHECK(tws_frame(&w, 0x89, big, sizeof big, 1));
    KT_CHECK(tws_wait_closed(&w, 2000));
    tws_close(&w);
    KT_CHECK(ping_ok(n.port, 2000)); /* the server is fine */
    tnet_stop(&n);
}

/* Issue 31.2 over the network: a text frame that is not UTF-8 fails the
 * connection (1007) and a binary frame is not taken as a message; nothing
 * reaches storage and other clients only ever receive valid UTF-8. */
KT_TEST(server_net_text_that_is_not_utf8_and_binary_frames_are_refused)
{
    tnet n;
    KT_REQUIRE(tnet_start(&n, "netutf8"));
    static const char create[] =
        "{\"cmd\":\"create\",\"ref\":2,\"game\":\"dominion\",\"players\":2,\"name\":\"\xff\xfe\","
        "\"seats\":[{\"human\":true},{\"bot\":\"random\"}]}";
    tws w;
    KT_REQUIRE(tws_open(&w, n.port, 0, NULL, 0) == 101);
    KT_CHECK(tws_frame(&w, 0x81, create, sizeof create - 1, 1));
    char *r = tws_reply(&w, "2", 1500);
    KT_CHECK(r == NULL || strstr(r, "\"ok\":false"));
    free(r);
    tws_close(&w);
    KT_REQUIRE(tws_open(&w, n.port, 0, NULL, 0) == 101);
    KT_CHECK(tws_frame(&w, 0x82, create, sizeof create - 1, 1));
    r = tws_reply(&w, "2", 1500);
    KT_CHECK(r == NULL || strstr(r, "\"ok\":false"));
    free(r);
    tws_close(&w);
    int games;
    long long moves;
    srv_stats(n.ts.S, &games, &moves);
    KT_EQ(games, 0);
    KT_REQUIRE(tws_open(&w, n.port, 0, NULL, 0) == 101);
    KT_CHECK(tws_text(&w, "{\"cmd\":\"list\",\"ref\":3}"));
    r = tws_reply(&w, "3", 2000);
    KT_CHECK(r && strstr(r, "\"ok\":true") && tutf8(r, strlen(r)));
    free(r);
    tws_close(&w);
    tnet_stop(&n);
}

/* Issue 31.3: a page of another origin must not open a WebSocket (it could
 * take a victim's seat); the server's own origin and the allowed ones may.
 * A client without Origin (not a browser) is not a cross-site request. */
KT_TEST(server_net_origin_must_be_the_servers_own)
{
    tnet n;
    KT_REQUIRE(tnet_start(&n, "netorigin"));
    tws w;
    KT_CHECK(tws_open(&w, n.port, 0, "Origin: http://evil.example\r\n", 0) == 403);
    tws_close(&w);
    KT_CHECK(tws_open(&w, n.port, 0, "Origin: null\r\n", 0) == 403);
    tws_close(&w);
    char own[128];
    snprintf(own, sizeof own, "Origin: http://127.0.0.1:%d\r\n", n.port);
    KT_CHECK(tws_open(&w, n.port, 0, own, 0) == 101);
    tws_close(&w);
    snprintf(own, sizeof own, "Origin: http://127.0.0.1:%d\r\n", n.port + 1);
    KT_CHECK(tws_open(&w, n.port, 0, own, 0) == 403); /* another port is another origin */
    tws_close(&w);
    KT_CHECK(tws_open(&w, n.port, 0, NULL, 0) == 101);
    tws_close(&w);
    tnet_stop(&n);
}

/* Issue 31.3: pages say that no other site may show them in a frame. */
KT_TEST(server_net_pages_may_not_be_framed_by_other_sites)
{
    tnet n;
    KT_REQUIRE(tnet_start(&n, "netframe"));
    tws w;
    KT_REQUIRE(tws_connect_raw(&w, n.port, 0));
    char req[200], head[4096];
    snprintf(req, sizeof req, "GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n\r\n",
             n.port);
    KT_CHECK(tws_write(&w, req, strlen(req)));
    KT_REQUIRE(tws_http_head(&w, 3000, head, sizeof head));
    KT_CHECK(strstr(head, "200") != NULL);
    KT_CHECK(strstr(head, "frame-ancestors 'none'") != NULL);
    tws_close(&w);
    tnet_stop(&n);
}

/* The first legal action's id of the reply to "legal" (0 when none). */
static int first_legal(const char *r, char *id, size_t cap)
{
    kt_jdoc d;
    int found = 0;
    if (r && kt_json_parse(r, strlen(r), &d, NULL) == KT_OK) {
        const kt_jv *legal = kt_jv_get(d.root, "legal");
        const kt_jv *a = legal && legal->type == KT_JARR ? kt_jv_at(legal, 0) : NULL;
        const kt_jv *aid = a ? kt_jv_get(a, "id") : NULL;
        if (aid) {
            snprintf(id, cap, "%s", aid->s);
            found = 1;
        }
        kt_json_free(&d);
    }
    return found;
}

/* Issue 31.4: three spectators of an all-bot game that never read what is
 * pushed to them must not delay anybody: a player of another game (against
 * bots) gets every reply and every bot answer promptly. */
static void small_queue(srv_http_config *hc) { hc->max_queue = 64 * 1024; }

KT_TEST(server_net_clients_that_do_not_read_delay_nobody)
{
    tnet n;
    KT_REQUIRE(tnet_start_with(&n, "netslow", small_queue));
    tws p;
    KT_REQUIRE(tws_open(&p, n.port, 0, NULL, 0) == 101);
    KT_CHECK(tws_text(&p, "{\"cmd\":\"create\",\"ref\":1,\"game\":\"catan\",\"players\":3,"
                          "\"seats\":[{\"bot\":\"random\"},{\"bot\":\"random\"},"
                          "{\"bot\":\"random\"}]}"));
    char *r = tws_reply(&p, "1", 5000);
    char botgame[SRV_ID_LEN], id[SRV_ID_LEN], tok[SRV_TOKEN_LEN], m[256], ref[16];
    KT_REQUIRE(r && tjstr(r, "game", NULL, botgame, sizeof botgame));
    free(r);
    tws slow[3];
    for (int i = 0; i < 3; i++) {
        KT_REQUIRE(tws_open(&slow[i], n.port, 0, NULL, 2048) == 101);
        snprintf(m, sizeof m, "{\"cmd\":\"spectate\",\"game\":\"%s\"}", botgame);
        KT_CHECK(tws_text(&slow[i], m)); /* and they never read what comes */
    }
    KT_CHECK(tws_text(&p, "{\"cmd\":\"create\",\"ref\":2,\"game\":\"dominion\",\"players\":2,"
                          "\"options\":\"preset=First Game\","
                          "\"seats\":[{\"human\":true,\"you\":true},{\"bot\":\"random\"}]}"));
    r = tws_reply(&p, "2", 5000);
    KT_REQUIRE(r && tjstr(r, "game", NULL, id, sizeof id) &&
               tjstr(r, "seats", "token", tok, sizeof tok));
    free(r);
    snprintf(m, sizeof m, "{\"cmd\":\"attach\",\"ref\":3,\"token\":\"%s\"}", tok);
    KT_CHECK(tws_text(&p, m));
    r = tws_reply(&p, "3", 5000);
    KT_CHECK(r != NULL);
    free(r);
    nanosleep(&(struct timespec){1, 0}, NULL); /* the bot game fills their buffers */
    /* the player plays: each reply and each bot answer comes quickly */
    long long worst = 0;
    int moves = 0;
    for (int i = 0; i < 60; i++) {
        long long t0 = now_ms();
        char aid[32] = "";
        /* our turn comes back after the bot's answer */
        for (int k = 0; !aid[0] && now_ms() - t0 < 5000; k++) {
            snprintf(m, sizeof m, "{\"cmd\":\"legal\",\"ref\":%d}", 1000 * i + k + 10);
            tws_text(&p, m);
            snprintf(ref, sizeof ref, "%d", 1000 * i + k + 10);
            r = tws_reply(&p, ref, 5000);
            if (!first_legal(r, aid, sizeof aid))
                nanosleep(&(struct timespec){0, 5000000L}, NULL);
            free(r);
        }
        long long dt = now_ms() - t0;
        if (dt > worst)
            worst = dt;
        if (!aid[0])
            break;
        t0 = now_ms();
        snprintf(m, sizeof m, "{\"cmd\":\"apply\",\"ref\":%d,\"id\":%s}", 1000 * i + 999, aid);
        tws_text(&p, m);
        snprintf(ref, sizeof ref, "%d", 1000 * i + 999);
        r = tws_reply(&p, ref, 5000);
        dt = r ? now_ms() - t0 : 5000;
        moves += r && strstr(r, "\"ok\":true");
        if (dt > worst)
            worst = dt;
        free(r);
    }
    int conns;
    long long dropped = 0;
    for (long long t0 = now_ms(); dropped < 3 && now_ms() - t0 < 60000;) { /* the bot game goes on */
        srv_http_stats(n.h, &conns, &dropped);
        if (dropped < 3)
            nanosleep(&(struct timespec){0, 50000000L}, NULL);
    }
    printf("    %d moves; the slowest wait was %lld ms; the bot game has %d actions; %lld "
           "clients dropped\n",
           moves, worst, tgame_actions(n.ts.S, botgame), dropped);
    KT_CHECK(moves >= 30);
    KT_CHECK(worst < 1000);
    KT_EQ(dropped, 3); /* the three that did not read, each with a log line */
    KT_EQ(tlog_count("dropped the WebSocket of 127.0.0.1"), 3);
    for (int i = 0; i < 3; i++)
        tws_close(&slow[i]);
    tws_close(&p);
    tnet_stop(&n);
}

static void short_header_timeout(srv_http_config *hc) { hc->header_timeout_ms = 1000; }

/* Issue 31.6: hundreds of idle connections and clients that send their
 * request heads a byte at a time (slowloris) must not make the server
 * unreachable: one address gets only so many connections, a request head
 * must arrive within the header timeout, and a client at another address
 * is served at once meanwhile. */
KT_TEST(server_net_idle_and_slowloris_connections_lock_nobody_out)
{
    tnet n;
    KT_REQUIRE(tnet_start_with(&n, "netidle", short_header_timeout));
    enum { IDLE = 200 };
    tws *idle = calloc(IDLE, sizeof *idle);
    KT_REQUIRE(idle);
    int opened = 0, served = 0;
    for (int i = 0; i < IDLE; i++) {
        if (i % 2 == 0) {
            tws_connect_raw(&idle[i], n.port, 0);
            opened += tws_write(&idle[i], "GET / HTTP/1.1\r\nHo", 18); /* never finishes */
        } else {
            served += tws_open(&idle[i], n.port, 0, NULL, 0) == 101; /* idle WebSockets */
        }
    }
    tws_source("127.0.0.2");
    long long t0 = now_ms();
    KT_CHECK(ping_ok(n.port, 3000));
    long long dt = now_ms() - t0;
    printf("    %d slow heads sent, %d of %d idle WebSockets served from one address; another "
           "address was answered after %lld ms\n",
           opened, served, IDLE / 2, dt);
    KT_CHECK(dt < 1000);
    KT_CHECK(served <= 64); /* the limit per address */
    /* the slow heads are cut off after the header timeout (1 s here) */
    int cut = 0;
    for (int i = 0; i < IDLE; i += 2)
        cut += tws_wait_closed(&idle[i], 2500);
    printf("    %d of %d slow heads were cut off\n", cut, IDLE / 2);
    KT_EQ(cut, IDLE / 2);
    tws_source(NULL);
    for (int i = 0; i < IDLE; i++)
        tws_close(&idle[i]);
    free(idle);
    tnet_stop(&n);
}

/* A client killed in the middle of a frame (kill -9: the connection just
 * ends) costs the server nothing: it goes on serving everybody. */
KT_TEST(server_net_client_killed_in_the_middle_of_a_frame)
{
    tnet n;
    KT_REQUIRE(tnet_start(&n, "netkill"));
    for (int round = 0; round < 5; round++) {
        pid_t pid = fork();
        if (pid == 0) {
            tws w;
            if (tws_open(&w, n.port, 0, NULL, 0) != 101)
                _exit(1);
            unsigned char half[] = {0x81, 0xfe, 0x10, 0x00, 1, 2, 3, 4, 'x', 'y'};
            tws_write(&w, half, sizeof half); /* a 4 KiB frame, 2 bytes of it sent */
            kill(getpid(), SIGKILL);
            _exit(2);
        }
        int status = 0;
        waitpid(pid, &status, 0);
        KT_CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    }
    KT_CHECK(ping_ok(n.port, 2000));
    tnet_stop(&n);
}

/* Issue 31.3 and DNS rebinding: a server listening on loopback answers only
 * to this machine's names (a foreign name that resolves to 127.0.0.1 has a
 * matching Origin and Host); origins on the --allow-origin list may connect. */
static void allow_games_example(srv_http_config *hc)
{
    static const char *const allow[] = {"https://games.example.org"};
    hc->allow_origins = allow;
    hc->nallow = 1;
}

/* Several servers: a page may follow a "moved" answer to a server of an
 * allowed origin, so the CSP's connect-src names those origins (as https
 * and wss); without --allow-origin it stays 'self' alone. */
static int page_csp(int port, char *head, size_t cap)
{
    tws w;
    if (!tws_connect_raw(&w, port, 0))
        return 0;
    char req[200];
    snprintf(req, sizeof req, "GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n\r\n",
             port);
    int ok = tws_write(&w, req, strlen(req)) && tws_http_head(&w, 3000, head, cap);
    tws_close(&w);
    return ok;
}

KT_TEST(server_net_pages_may_connect_to_the_allowed_origins_only)
{
    char head[4096];
    tnet n;
    KT_REQUIRE(tnet_start(&n, "netcsp1"));
    KT_REQUIRE(page_csp(n.port, head, sizeof head));
    KT_CHECK(strstr(head, "connect-src 'self';") != NULL);
    tnet_stop(&n);
    KT_REQUIRE(tnet_start_with(&n, "netcsp2", allow_games_example));
    KT_REQUIRE(page_csp(n.port, head, sizeof head));
    KT_CHECK(strstr(head, "connect-src 'self' https://games.example.org wss://games.example.org;") !=
             NULL);
    KT_CHECK(strstr(head, "frame-ancestors 'none'") != NULL);
    tnet_stop(&n);
}

static int http_status(int port, const char *host)
{
    tws w;
    if (!tws_connect_raw(&w, port, 0))
        return 0;
    char req[300], head[4096];
    snprintf(req, sizeof req, "GET / HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", host);
    int status = 0;
    if (tws_write(&w, req, strlen(req)) && tws_http_head(&w, 3000, head, sizeof head))
        sscanf(head, "HTTP/1.%*d %d", &status);
    tws_close(&w);
    return status;
}

KT_TEST(server_net_loopback_answers_only_to_its_own_names_and_allowed_origins)
{
    tnet n;
    KT_REQUIRE(tnet_start_with(&n, "nethost", allow_games_example));
    char host[64], hdr[256];
    snprintf(host, sizeof host, "localhost:%d", n.port);
    KT_EQ(http_status(n.port, host), 200);
    snprintf(host, sizeof host, "127.0.0.1:%d", n.port);
    KT_EQ(http_status(n.port, host), 200);
    snprintf(host, sizeof host, "rebound.example:%d", n.port);
    KT_EQ(http_status(n.port, host), 403);
    tws w;
    snprintf(hdr, sizeof hdr, "Origin: http://rebound.example:%d\r\n", n.port);
    KT_CHECK(tws_open(&w, n.port, 0, hdr, 0) == 403); /* not the page's own origin */
    tws_close(&w);
    KT_CHECK(tws_open(&w, n.port, 0, "Origin: https://games.example.org\r\n", 0) == 101);
    tws_close(&w);
    KT_CHECK(tws_open(&w, n.port, 0, "Origin: https://games.example.org.evil.example\r\n", 0) ==
             403);
    tws_close(&w);
    tnet_stop(&n);
}

/* Behind a reverse proxy: X-Forwarded-For names the client only when the
 * proxy is trusted, and then the limits per address count that client. */
static void trust_loopback(srv_http_config *hc)
{
    static const char *const proxies[] = {"127.0.0.1"};
    hc->trust_proxies = proxies;
    hc->ntrust = 1;
    hc->max_conns_per_addr = 3;
}

static int ws_from(int port, const char *xff, tws *w)
{
    char hdr[200];
    snprintf(hdr, sizeof hdr, "X-Forwarded-For: %s\r\n", xff);
    return tws_open(w, port, 0, hdr, 0);
}

KT_TEST(server_net_forwarded_for_is_believed_only_from_trusted_proxies)
{
    tnet n;
    KT_REQUIRE(tnet_start_with(&n, "netproxy", trust_loopback));
    tws w[8];
    int st[8];
    for (int i = 0; i < 5; i++) /* through the proxy, one client */
        st[i] = ws_from(n.port, "203.0.113.5, 127.0.0.1", &w[i]);
    KT_EQ(st[0], 101);
    KT_EQ(st[2], 101);
    KT_EQ(st[3], 429); /* its fourth connection: over the limit of 3 per address */
    KT_EQ(st[4], 429);
    st[5] = ws_from(n.port, "203.0.113.6", &w[5]); /* another client of the proxy */
    KT_EQ(st[5], 101);
    /* the client's address is what the core sees: its games count there */
    int made = 0;
    for (int k = 0; k < 12; k++) {
        char m[300], ref[16];
        snprintf(m, sizeof m, "{\"cmd\":\"create\",\"ref\":%d,\"game\":\"dominion\",\"players\":2,"
                              "\"listed\":false,\"seats\":[{\"human\":true},{\"human\":true}]}", k);
        snprintf(ref, sizeof ref, "%d", k);
        tws_text(&w[5], m);
        char *r = tws_reply(&w[5], ref, 3000);
        made += r && strstr(r, "\"ok\":true");
        free(r);
    }
    KT_EQ(made, 10); /* the burst per address */
    /* a peer that is not a trusted proxy cannot choose its address */
    tws_source("127.0.0.2");
    int spoofed = 0;
    for (int i = 0; i < 8; i++) {
        tws x;
        char hdr[100];
        snprintf(hdr, sizeof hdr, "X-Forwarded-For: 192.0.2.%d\r\n", i + 1);
        if (tws_open(&x, n.port, 0, hdr, 0) == 101) {
            spoofed++;
            tws_text(&x, "{\"cmd\":\"create\",\"ref\":1,\"game\":\"dominion\",\"players\":2,"
                         "\"listed\":false,\"seats\":[{\"human\":true},{\"human\":true}]}");
            char *r = tws_reply(&x, "1", 3000);
            KT_CHECK(r != NULL);
            free(r);
        }
        tws_close(&x);
    }
    tws_source(NULL);
    KT_EQ(spoofed, 8);
    int games;
    long long moves;
    srv_stats(n.ts.S, &games, &moves);
    KT_EQ(games, 10 + 8); /* 127.0.0.2's own burst of 10 covers its 8 */
    for (int i = 0; i < 6; i++)
        tws_close(&w[i]);
    tnet_stop(&n);
}

/* HTTPS served by kontor itself (certificate and key files, OpenSSL): the
 * page and a WebSocket over TLS work, the Origin check knows the scheme,
 * and plain HTTP on the TLS port gets nothing.  The certificate is made by
 * Debian's openssl command for this test. */
static char tls_dir[128];
static void with_tls(srv_http_config *hc)
{
    static char cert[160], key[160];
    snprintf(cert, sizeof cert, "%s/cert.pem", tls_dir);
    snprintf(key, sizeof key, "%s/key.pem", tls_dir);
    hc->tls_cert = cert;
    hc->tls_key = key;
}

KT_TEST(server_net_tls_serves_pages_and_websockets)
{
    snprintf(tls_dir, sizeof tls_dir, "/tmp/kontor-test-%d-tls", (int)getpid());
    char cmd[600];
    snprintf(cmd, sizeof cmd,
             "mkdir -p %s && openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 "
             "-nodes -keyout %s/key.pem -out %s/cert.pem -days 2 -subj /CN=localhost "
             ">/dev/null 2>&1",
             tls_dir, tls_dir, tls_dir);
    KT_REQUIRE(system(cmd) == 0);
    tnet n;
    KT_REQUIRE(tnet_start_with(&n, "nettls", with_tls));
    char own[128];
    snprintf(own, sizeof own, "Origin: https://127.0.0.1:%d\r\n", n.port);
    tws w;
    KT_CHECK(tws_open(&w, n.port, 1, own, 0) == 101);
    KT_CHECK(tws_text(&w, "{\"cmd\":\"ping\",\"ref\":5}"));
    char *r = tws_reply(&w, "5", 3000);
    KT_CHECK(r && strstr(r, "\"ok\":true"));
    free(r);
    tws_close(&w);
    snprintf(own, sizeof own, "Origin: http://127.0.0.1:%d\r\n", n.port);
    KT_CHECK(tws_open(&w, n.port, 1, own, 0) == 403); /* http:// is another origin */
    tws_close(&w);
    KT_CHECK(tws_open(&w, n.port, 0, NULL, 0) != 101); /* no TLS: no WebSocket */
    tws_close(&w);
    char head[4096];
    KT_EQ(tws_get(&w, n.port, 1, "/", head, sizeof head), 200);
    KT_CHECK(strstr(head, "frame-ancestors 'none'") != NULL);
    tws_close(&w);
    snprintf(cmd, sizeof cmd, "rm -rf %s", tls_dir);
    KT_CHECK(system(cmd) == 0);
    tnet_stop(&n);
}
