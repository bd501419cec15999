/*
 * serve.c - `kontor serve`: play in the browser (docs/server.md).  Parses
 * the command line, starts the server core (src/server) and its HTTP(S) +
 * WebSocket front, prints the address to open and runs until SIGINT or
 * SIGTERM.  `kontor serve --load-test N` is the load test's client side
 * instead (it talks to a server that is already running).
 *
 * Options are a table (name, what it sets, range); repeated options
 * (--allow-origin, --trust-proxy) collect into lists.
 */
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cli.h"
#include "server/server.h"

#define SERVE_MAX_LIST 32

static void usage(FILE *f)
{
    fprintf(f,
            "usage: kontor serve [options]\n"
            "  Play every game in the browser: lobby, seats, bots, spectators, replays.\n"
            "  --port N            port to listen on (default 8080; 0 = any free port)\n"
            "  --listen ADDR:PORT  e.g. 0.0.0.0:8080 or [::]:8080 to let other machines in\n"
            "                      (default 127.0.0.1:PORT: this machine only)\n"
            "  --db FILE|URL       SQLite database of games (default kontor.db; created), or\n"
            "                      PostgreSQL (postgresql://...; several servers may share it)\n"
            "  --web DIR           the web client's folder (default: web/ of this source tree)\n"
            "  --tls-cert FILE     serve HTTPS with this PEM certificate (chain) ...\n"
            "  --tls-key FILE      ... and its PEM private key\n"
            "  --allow-origin URL  pages of this origin (https://host[:port]) may connect too;\n"
            "                      the server's own origin always may (repeatable)\n"
            "  --trust-proxy ADDR  a reverse proxy (ADDR or ADDR/BITS) whose X-Forwarded-For\n"
            "                      and X-Forwarded-Proto are believed (repeatable)\n"
            "  --sync full|normal  fsync every move (default) or only survive a killed\n"
            "                      process (faster; a power cut may lose the last moves)\n"
            "limits:\n"
            "  --rate N            messages per second a connection may send (default 20)\n"
            "  --create-rate N     games one address may create per minute (default 6; 0 none)\n"
            "  --create-burst N    ... in a row (default 10)\n"
            "  --max-conns N       open connections at most (default 20000)\n"
            "  --conns-per-addr N  ... from one address (default 64)\n"
            "  --conn-rate N       new connections per second from one address (default 10)\n"
            "  --header-timeout S  seconds for a request's head or a TLS handshake (default 10)\n"
            "  --max-queue KIB     output waiting for a client that does not read before it is\n"
            "                      dropped (default 4096)\n"
            "  --expire TIME       a running game nobody visits or moves in for TIME is\n"
            "                      abandoned (default 7d; 0 = never; units s, m, h, d)\n"
            "  --expire-empty TIME a game without a move: removed (default 1h)\n"
            "  --inactive TIME     the lobby calls a game nobody moved in or watched for TIME\n"
            "                      inactive (default 10m; games with clocks stay running)\n"
            "several servers on one PostgreSQL database (--db postgresql://...):\n"
            "  --server-id NAME    this server's name in the game leases (default: pid+random)\n"
            "  --public-url URL    where clients reach this server (told to clients of others)\n"
            "  --lease-ms MS       a game's lease lasts this long without renewal; a stopped\n"
            "                      server's games are taken over after it (default 6000)\n"
            "  --game-history KIB  past states a game keeps in memory for undo and its log\n"
            "                      (default 1024; older ones are rebuilt when asked for)\n"
            "threads and bots:\n"
            "  --workers N         threads for messages and storage (default 16)\n"
            "  --bot-threads N     threads on which bots think (default: processors)\n"
            "  --bot-ms MS         cap on a bot's thinking per move (default 10000)\n"
            "  --bot-slice MS      a search answers after this long when another game's bot\n"
            "                      waits for a thread (default 100)\n"
            "analyses and hints (on the bot threads; docs/server.md):\n"
            "  --analysis-budget N simulations per decision of a game's analysis (default 300)\n"
            "  --analysis-per-addr N  analyses one client address may run at once (default 1)\n"
            "  --analysis-jobs N   analyses and hints running or waiting at most (default 8)\n"
            "  --hint-budget N     simulations of a hint (default 200)\n"
            "  --quiet             no log lines\n"
            "load test (against a running server; docs/server.md):\n"
            "  --load-test N       N WebSocket clients, each playing its own game against bots\n"
            "  --watchers N        N idle spectators instead (held for --hold seconds)\n"
            "  --moves M           moves per client (default 100)\n"
            "  --game G            game to play (default dominion)\n"
            "  --bot SPEC          the other seats' bot (default random)\n"
            "  --seconds S         stop after S seconds at most (default 120)\n"
            "  --acked FILE        write \"game moves\" of every game the clients played\n"
            "  --think MS          players think 0.5-1.5 x MS before each move (default 0)\n"
            "  --hold S            watchers stay this long (default 60; 0: until their standard\n"
            "                      input ends)\n");
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
    const char *origins[SERVE_MAX_LIST], *proxies[SERVE_MAX_LIST];
    srv_load_config load;
    int load_test;
    long long port, header_s, queue_kib, history_kib;
    int max_conns_given;
} serve_args;

/* "90", "90s", "15m", "2h", "7d" -> seconds. */
static int parse_duration(const char *v, long long *out)
{
    char *end;
    long long x = strtoll(v, &end, 10);
    long long unit = !*end ? 1 : !strcmp(end, "s") ? 1 : !strcmp(end, "m") ? 60
                             : !strcmp(end, "h") ? 3600 : !strcmp(end, "d") ? 86400 : 0;
    if (end == v || !unit || x < 0 || x > 3650LL * 86400 / unit)
        return 0;
    *out = x * unit;
    return 1;
}

enum { T_INT, T_DOUBLE, T_STR, T_DUR, T_LIST };
typedef struct serve_opt {
    const char *name;
    int type;
    long long lo, hi;
    size_t off;   /* into serve_args */
    int size;     /* of the int target: sizeof(int) or sizeof(long long); list: count's offset */
} serve_opt;

#define ARG(f) offsetof(serve_args, f)
static const serve_opt opts[] = {
    {"--port", T_INT, 0, 65535, ARG(port), sizeof(long long)},
    {"--listen", T_STR, 0, 0, ARG(http.listen), 0},
    {"--db", T_STR, 0, 0, ARG(cfg.db_path), 0},
    {"--server-id", T_STR, 0, 0, ARG(cfg.server_id), 0},
    {"--public-url", T_STR, 0, 0, ARG(cfg.public_url), 0},
    {"--lease-ms", T_INT, 500, 600000, ARG(cfg.lease_ms), sizeof(long long)},
    {"--inactive", T_DUR, 0, 0, ARG(cfg.inactive_s), 0},
    {"--tls-cert", T_STR, 0, 0, ARG(http.tls_cert), 0},
    {"--tls-key", T_STR, 0, 0, ARG(http.tls_key), 0},
    {"--allow-origin", T_LIST, 0, 0, ARG(origins), ARG(http.nallow)},
    {"--trust-proxy", T_LIST, 0, 0, ARG(proxies), ARG(http.ntrust)},
    {"--rate", T_DOUBLE, 1, 1000000, ARG(cfg.rate), 0},
    {"--create-rate", T_DOUBLE, 0, 1000000, ARG(cfg.create_rate), 0},
    {"--create-burst", T_DOUBLE, 1, 1000000, ARG(cfg.create_burst), 0},
    {"--max-conns", T_INT, 1, 10000000, ARG(http.max_conns), sizeof(int)},
    {"--conns-per-addr", T_INT, 1, 10000000, ARG(http.max_conns_per_addr), sizeof(int)},
    {"--conn-rate", T_DOUBLE, 0, 1000000, ARG(http.conn_rate), 0},
    {"--header-timeout", T_INT, 1, 3600, ARG(header_s), sizeof(long long)},
    {"--max-queue", T_INT, 64, 1 << 20, ARG(queue_kib), sizeof(long long)},
    {"--game-history", T_INT, 16, 1 << 20, ARG(history_kib), sizeof(long long)},
    {"--expire", T_DUR, 0, 0, ARG(cfg.expire_s), 0},
    {"--expire-empty", T_DUR, 0, 0, ARG(cfg.expire_empty_s), 0},
    {"--workers", T_INT, 1, 1024, ARG(cfg.workers), sizeof(int)},
    {"--bot-threads", T_INT, 1, 256, ARG(cfg.bot_threads), sizeof(int)},
    {"--bot-ms", T_INT, 1, 3600000, ARG(cfg.bot_ms), sizeof(long long)},
    {"--bot-slice", T_INT, 1, 3600000, ARG(cfg.bot_slice_ms), sizeof(long long)},
    {"--analysis-budget", T_INT, 8, 100000, ARG(cfg.analysis_budget), sizeof(int)},
    {"--analysis-per-addr", T_INT, 1, 1000, ARG(cfg.analysis_per_addr), sizeof(int)},
    {"--analysis-jobs", T_INT, 1, 10000, ARG(cfg.analysis_jobs), sizeof(int)},
    {"--hint-budget", T_INT, 8, 100000, ARG(cfg.hint_budget), sizeof(int)},
    {"--load-test", T_INT, 1, 1000000, ARG(load.clients), sizeof(int)},
    {"--watchers", T_INT, 1, 1000000, ARG(load.watchers), sizeof(int)},
    {"--moves", T_INT, 1, 1000000, ARG(load.moves), sizeof(int)},
    {"--seconds", T_INT, 1, 86400, ARG(load.seconds), sizeof(int)},
    {"--hold", T_INT, 0, 86400, ARG(load.hold_s), sizeof(int)},
    {"--game", T_STR, 0, 0, ARG(load.game), 0},
    {"--bot", T_STR, 0, 0, ARG(load.bot), 0},
    {"--acked", T_STR, 0, 0, ARG(load.acked_file), 0},
    {"--think", T_INT, 0, 600000, ARG(load.think_ms), sizeof(int)},
};

static int set_opt(serve_args *a, const serve_opt *o, const char *v)
{
    char *base = (char *)a;
    long long x;
    if (o->type == T_STR) {
        *(const char **)(base + o->off) = v;
        return 1;
    }
    if (o->type == T_DUR) {
        if (!parse_duration(v, (long long *)(base + o->off))) {
            fprintf(stderr, "kontor serve: %s takes a time such as 90s, 15m, 2h or 7d\n", o->name);
            return 0;
        }
        return 1;
    }
    if (o->type == T_LIST) {
        int *n = (int *)(base + o->size);
        if (*n == SERVE_MAX_LIST) {
            fprintf(stderr, "kontor serve: %s at most %d times\n", o->name, SERVE_MAX_LIST);
            return 0;
        }
        ((const char **)(base + o->off))[(*n)++] = v;
        return 1;
    }
    if (!cli_parse_int(v, o->lo, o->hi, &x)) {
        fprintf(stderr, "kontor serve: %s takes a number %lld..%lld\n", o->name, o->lo, o->hi);
        return 0;
    }
    if (o->type == T_DOUBLE)
        *(double *)(base + o->off) = (double)x;
    else if (o->size == sizeof(long long))
        *(long long *)(base + o->off) = x;
    else
        *(int *)(base + o->off) = (int)x;
    return 1;
}

static int parse(int argc, char **argv, serve_args *a)
{
    for (int i = 1; i < argc; i++) {
        const char *f = argv[i];
        if (!strcmp(f, "--quiet")) {
            a->cfg.quiet = 1;
            continue;
        }
        if (!strcmp(f, "--sync")) { /* parse_sync took it */
            i++;
            continue;
        }
        if (!strcmp(f, "--web") && i + 1 < argc) {
            snprintf(a->web, sizeof a->web, "%s", argv[++i]);
            continue;
        }
        if (!strcmp(f, "--threads")) {
            fprintf(stderr, "kontor serve: --threads is gone: connections no longer need a thread "
                            "each (see --max-conns and --workers)\n");
            return 0;
        }
        const serve_opt *o = NULL;
        for (size_t k = 0; k < sizeof opts / sizeof *opts && !o; k++)
            if (!strcmp(opts[k].name, f))
                o = &opts[k];
        if (!o || i + 1 >= argc) {
            fprintf(stderr, "kontor serve: %s '%s'%s\n", o ? "option" : "unknown option", f,
                    o ? " needs a value" : "");
            usage(stderr);
            return 0;
        }
        if (!set_opt(a, o, argv[++i]))
            return 0;
        if (o->off == ARG(load.clients))
            a->load_test = 1;
        if (o->off == ARG(http.max_conns))
            a->max_conns_given = 1;
        if (o->off == ARG(load.watchers))
            a->load_test = 2;
    }
    if (a->http.listen)
        snprintf(a->listen, sizeof a->listen, "%s", a->http.listen);
    else
        snprintf(a->listen, sizeof a->listen, "127.0.0.1:%lld", a->port);
    a->http.listen = a->listen;
    a->http.header_timeout_ms = (int)(a->header_s * 1000);
    a->http.max_queue = (size_t)a->queue_kib * 1024;
    a->cfg.game_history = (size_t)a->history_kib * 1024;
    a->http.allow_origins = a->origins;
    a->http.trust_proxies = a->proxies;
    a->load.port = (int)a->port;
    return 1;
}

/* --sync full|normal is the one option with words for values. */
static int parse_sync(int argc, char **argv, serve_args *a)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--sync")) {
            if (i + 1 >= argc || (strcmp(argv[i + 1], "full") && strcmp(argv[i + 1], "normal"))) {
                fprintf(stderr, "kontor serve: --sync takes full or normal\n");
                return 0;
            }
            a->cfg.sync_full = !strcmp(argv[i + 1], "full");
        }
    return 1;
}

/* Many connections need many file descriptors: the soft limit goes up to
 * the hard one, and --max-conns down to what fits. */
static void fit_files(serve_args *a)
{
    struct rlimit r;
    if (getrlimit(RLIMIT_NOFILE, &r) != 0)
        return;
    if (r.rlim_cur < r.rlim_max) {
        r.rlim_cur = r.rlim_max;
        setrlimit(RLIMIT_NOFILE, &r);
        getrlimit(RLIMIT_NOFILE, &r);
    }
    long long room = (long long)r.rlim_cur - 128; /* the database, the web files, threads */
    if (room < a->http.max_conns) {
        if (!a->cfg.quiet && a->max_conns_given)
            fprintf(stderr, "kontor serve: %lld files may be open (ulimit -n): at most %lld "
                            "connections\n",
                    (long long)r.rlim_cur, room > 16 ? room : 16);
        a->http.max_conns = room > 16 ? (int)room : 16;
    }
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
    signal(SIGXFSZ, SIG_IGN); /* a file size limit: writes fail (and are logged) instead */
    fit_files(a);
    a->http.web_root = a->web;
    if (!srv_http_config_check(&a->http, err, sizeof err)) {
        fprintf(stderr, "kontor serve: %s\n", err);
        return 2;
    }
    srv *S = srv_new(&a->cfg, err, sizeof err);
    if (!S) {
        fprintf(stderr, "kontor serve: %s\n", err);
        return 1;
    }
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
    else if (!strcmp(host, "[::]"))
        snprintf(host, sizeof host, "[::1]");
    printf("kontor serve: open %s://%s:%d/ in a browser (database %s; Ctrl-C stops)\n",
           a->http.tls_cert ? "https" : "http", host, srv_http_port(h), a->cfg.db_path);
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
    srv_http_config_default(&a.http);
    a.http.listen = NULL;
    a.header_s = a.http.header_timeout_ms / 1000;
    a.queue_kib = (long long)(a.http.max_queue / 1024);
    a.history_kib = (long long)(a.cfg.game_history / 1024);
    a.port = 8080;
    a.load.host = "127.0.0.1";
    a.load.moves = 100;
    a.load.game = "dominion";
    a.load.bot = "random";
    a.load.seconds = 120;
    a.load.hold_s = 60;
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        }
    if (!parse_sync(argc, argv, &a) || !parse(argc, argv, &a))
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
