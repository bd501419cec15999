/*
 * serve.c - `kontor serve`: play in the browser (docs/server.md).  Parses
 * the command line, starts the server core (src/server) and its HTTP +
 * WebSocket front, prints the address to open and runs until SIGINT or
 * SIGTERM.  `kontor serve --load-test N` is the load test's client side
 * instead (it talks to a server that is already running).
 */
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "server/server.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: kontor serve [options]\n"
            "  Play every game in the browser: lobby, seats, bots, spectators, replays.\n"
            "  --port N          port to listen on (default 8080; 0 = any free port)\n"
            "  --listen ADDR     address and port, e.g. 0.0.0.0:8080 to let other machines in\n"
            "                    (default 127.0.0.1:PORT: this machine only)\n"
            "  --db FILE         SQLite database of games (default kontor.db; created)\n"
            "  --web DIR         the web client's folder (default: web/ of this source tree)\n"
            "  --threads N       connection threads; each open browser tab holds one (default 128)\n"
            "  --bot-threads N   threads for bots (default 2)\n"
            "  --bot-ms MS       cap on a bot's thinking per move (default 10000)\n"
            "  --rate N          messages per second a connection may send (default 20)\n"
            "  --sync full|normal  fsync every move (default) or only survive a killed\n"
            "                    process (faster; a power cut may lose the last moves)\n"
            "  --quiet           no log lines\n"
            "load test (against a running server):\n"
            "  --load-test N     N WebSocket clients, each playing its own game against bots\n"
            "  --moves M         moves per client (default 100)\n"
            "  --game G          game to play (default dominion)\n"
            "  --bot SPEC        the other seats' bot (default random)\n"
            "  --seconds S       stop after S seconds at most (default 120)\n");
}

/* The web folder: ./web, or web/ two levels above the executable
 * (build/<mode>/kontor in a source tree). */
static int find_web(char *out, size_t cap)
{
    if (access("web/index.html", R_OK) == 0) {
        snprintf(out, cap, "web");
        return 1;
    }
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return 0;
    exe[n] = '\0';
    for (int up = 0; up < 3; up++) {
        char *slash = strrchr(exe, '/');
        if (!slash)
            return 0;
        *slash = '\0';
        char probe[PATH_MAX + 32];
        snprintf(probe, sizeof probe, "%s/web/index.html", exe);
        size_t len = strlen(exe);
        if (access(probe, R_OK) == 0 && len + 5 <= cap) {
            memcpy(out, exe, len);
            memcpy(out + len, "/web", 5);
            return 1;
        }
    }
    return 0;
}

typedef struct serve_args {
    srv_config cfg;
    srv_http_config http;
    char listen[128];
    char web[PATH_MAX];
    srv_load_config load;
    int load_test;
} serve_args;

static int num_arg(const char *flag, const char *v, long long lo, long long hi, long long *out)
{
    if (v && cli_parse_int(v, lo, hi, out))
        return 1;
    fprintf(stderr, "kontor serve: %s takes a number %lld..%lld\n", flag, lo, hi);
    return 0;
}

static int parse(int argc, char **argv, serve_args *a)
{
    long long port = 8080, x = 0;
    const char *listen = NULL;
    for (int i = 1; i < argc; i++) {
        const char *f = argv[i];
        if (!strcmp(f, "--quiet")) {
            a->cfg.quiet = 1;
            continue;
        }
        if (strncmp(f, "--", 2) || i + 1 >= argc) {
            fprintf(stderr, "kontor serve: unexpected argument '%s'%s\n", f,
                    strncmp(f, "--", 2) ? "" : " (or it needs a value)");
            usage(stderr);
            return 0;
        }
        const char *v = argv[++i];
        int ok = 1;
        if (!strcmp(f, "--port"))
            ok = num_arg(f, v, 0, 65535, &port);
        else if (!strcmp(f, "--listen"))
            listen = v;
        else if (!strcmp(f, "--db"))
            a->cfg.db_path = v;
        else if (!strcmp(f, "--web"))
            snprintf(a->web, sizeof a->web, "%s", v);
        else if (!strcmp(f, "--threads") && (ok = num_arg(f, v, 4, 20000, &x)))
            a->http.threads = (int)x;
        else if (!strcmp(f, "--bot-threads") && (ok = num_arg(f, v, 1, 256, &x)))
            a->cfg.bot_threads = (int)x;
        else if (!strcmp(f, "--bot-ms") && (ok = num_arg(f, v, 1, 3600000, &x)))
            a->cfg.bot_ms = x;
        else if (!strcmp(f, "--rate") && (ok = num_arg(f, v, 1, 1000000, &x))) {
            a->cfg.rate = (double)x;
            a->cfg.burst = 3.0 * (double)x;
        } else if (!strcmp(f, "--sync") && (ok = !strcmp(v, "full") || !strcmp(v, "normal")))
            a->cfg.sync_full = !strcmp(v, "full");
        else if (!strcmp(f, "--load-test") && (ok = num_arg(f, v, 1, 100000, &x))) {
            a->load_test = 1;
            a->load.clients = (int)x;
        } else if (!strcmp(f, "--moves") && (ok = num_arg(f, v, 1, 1000000, &x)))
            a->load.moves = (int)x;
        else if (!strcmp(f, "--seconds") && (ok = num_arg(f, v, 1, 86400, &x)))
            a->load.seconds = (int)x;
        else if (!strcmp(f, "--game"))
            a->load.game = v;
        else if (!strcmp(f, "--bot"))
            a->load.bot = v;
        else if (ok) {
            fprintf(stderr, "kontor serve: unknown option '%s'\n", f);
            usage(stderr);
            return 0;
        }
        if (!ok) {
            if (!strcmp(f, "--sync"))
                fprintf(stderr, "kontor serve: --sync takes full or normal\n");
            return 0;
        }
    }
    if (listen)
        snprintf(a->listen, sizeof a->listen, "%s", listen);
    else
        snprintf(a->listen, sizeof a->listen, "127.0.0.1:%lld", port);
    a->load.port = (int)port;
    return 1;
}

/* Run until SIGINT/SIGTERM: the signals are blocked in every thread (the
 * server's threads inherit the mask) and taken here with sigwait. */
static int serve(serve_args *a)
{
    char err[512];
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    signal(SIGPIPE, SIG_IGN);
    srv *S = srv_new(&a->cfg, err, sizeof err);
    if (!S) {
        fprintf(stderr, "kontor serve: %s\n", err);
        return 1;
    }
    a->http.listen = a->listen;
    a->http.web_root = a->web;
    srv_http *h = srv_http_start(S, &a->http, err, sizeof err);
    if (!h) {
        fprintf(stderr, "kontor serve: %s\n", err);
        srv_free(S);
        return 1;
    }
    const char *colon = strrchr(a->listen, ':');
    char host[128];
    snprintf(host, sizeof host, "%.*s", colon ? (int)(colon - a->listen) : 0, a->listen);
    if (!host[0] || !strcmp(host, "0.0.0.0"))
        snprintf(host, sizeof host, "127.0.0.1");
    printf("kontor serve: open http://%s:%d/ in a browser (database %s; Ctrl-C stops)\n", host,
           srv_http_port(h), a->cfg.db_path);
    fflush(stdout);
    int sig = 0;
    sigwait(&set, &sig);
    if (!a->cfg.quiet)
        fprintf(stderr, "kontor serve: stopping\n");
    srv_http_stop(h);
    srv_free(S);
    return 0;
}

int cli_serve(int argc, char **argv)
{
    serve_args a;
    memset(&a, 0, sizeof a);
    srv_config_default(&a.cfg);
    a.http.threads = 128;
    a.load.host = "127.0.0.1";
    a.load.moves = 100;
    a.load.game = "dominion";
    a.load.bot = "random";
    a.load.seconds = 120;
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        }
    if (!parse(argc, argv, &a))
        return 2;
    if (a.load_test)
        return srv_load_run(&a.load) == 0 ? 0 : 1;
    if (!a.web[0] && !find_web(a.web, sizeof a.web)) {
        fprintf(stderr, "kontor serve: cannot find the web client (web/index.html); "
                        "give its folder with --web DIR\n");
        return 1;
    }
    return serve(&a);
}
