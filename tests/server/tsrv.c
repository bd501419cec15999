/*
 * tsrv.c - helpers of the server's C tests (tsrv.h).
 */
#include "tsrv.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void tsend(void *io, const char *m, size_t len)
{
    tconn *t = io;
    pthread_mutex_lock(&t->mu);
    if (t->n == t->cap) {
        t->cap = t->cap ? t->cap * 2 : 64;
        t->msg = realloc(t->msg, sizeof *t->msg * (size_t)t->cap);
    }
    t->msg[t->n] = malloc(len + 1);
    memcpy(t->msg[t->n], m, len);
    t->msg[t->n][len] = '\0';
    t->n++;
    pthread_mutex_unlock(&t->mu);
}

static void tkick(void *io, int code, const char *reason)
{
    tconn *t = io;
    (void)reason;
    pthread_mutex_lock(&t->mu);
    t->closed = 1;
    t->close_code = code;
    pthread_mutex_unlock(&t->mu);
}

tconn *topen_from(srv *S, const char *addr)
{
    static const srv_io ops = {tsend, tkick};
    tconn *t = calloc(1, sizeof *t);
    pthread_mutex_init(&t->mu, NULL);
    t->c = srv_conn_open(S, &ops, t, addr);
    return t;
}

tconn *topen(srv *S) { return topen_from(S, "127.0.0.1"); }

void tclose(tconn *t)
{
    srv_conn_close(t->c);
    for (int i = 0; i < t->n; i++)
        free(t->msg[i]);
    free(t->msg);
    pthread_mutex_destroy(&t->mu);
    free(t);
}

char *treq(tconn *t, const char *m)
{
    pthread_mutex_lock(&t->mu);
    int from = t->n;
    pthread_mutex_unlock(&t->mu);
    srv_conn_message(t->c, m, strlen(m));
    char *r = NULL;
    pthread_mutex_lock(&t->mu);
    for (int i = from; i < t->n && !r; i++)
        if (strncmp(t->msg[i], "{\"push\"", 7))
            r = strdup(t->msg[i]);
    pthread_mutex_unlock(&t->mu);
    return r ? r : strdup("{\"none\":true}");
}

char *tview(tconn *t)
{
    char *r = NULL;
    pthread_mutex_lock(&t->mu);
    for (int i = t->n - 1; i >= 0 && !r; i--)
        if (!strncmp(t->msg[i], "{\"push\":\"view\"", 14))
            r = strdup(t->msg[i]);
    pthread_mutex_unlock(&t->mu);
    return r;
}

int tcount(tconn *t)
{
    pthread_mutex_lock(&t->mu);
    int n = t->n;
    pthread_mutex_unlock(&t->mu);
    return n;
}

int tis_ok(const char *r) { return !strncmp(r, "{\"ok\":true", 10); }

int tjstr(const char *json, const char *path1, const char *path2, char *out, size_t cap)
{
    kt_jdoc d;
    out[0] = '\0';
    if (kt_json_parse(json, strlen(json), &d, NULL) != KT_OK)
        return 0;
    const kt_jv *v = kt_jv_get(d.root, path1);
    if (v && path2)
        v = v->type == KT_JARR ? kt_jv_get(kt_jv_at(v, 0), path2) : kt_jv_get(v, path2);
    int ok = v && v->type == KT_JSTR;
    if (ok)
        snprintf(out, cap, "%s", v->s);
    kt_json_free(&d);
    return ok;
}

long long tjnum(const char *json, const char *k1, const char *k2)
{
    kt_jdoc d;
    if (kt_json_parse(json, strlen(json), &d, NULL) != KT_OK)
        return -999;
    const kt_jv *v = kt_jv_get(d.root, k1);
    if (v && k2)
        v = kt_jv_get(v, k2);
    long long x = v && v->type == KT_JNUM && v->isint ? (v->neg ? -(long long)v->u : (long long)v->u)
                                                    : -999;
    kt_json_free(&d);
    return x;
}

static void remove_db(const char *db)
{
    char p[160];
    unlink(db);
    snprintf(p, sizeof p, "%s-wal", db);
    unlink(p);
    snprintf(p, sizeof p, "%s-shm", db);
    unlink(p);
}

srv *tstart_with(tserver *ts, const char *name, int fresh, void (*tweak)(srv_config *))
{
    /* the server runs in this (forked) test process: ignore SIGPIPE as
     * `kontor serve` does (src/cli/serve.c), or a write to a client the
     * server has just dropped kills the test */
    signal(SIGPIPE, SIG_IGN);
    if (fresh) {
        snprintf(ts->db, sizeof ts->db, "/tmp/kontor-test-%d-%s.db", (int)getpid(), name);
        remove_db(ts->db);
    }
    srv_config_default(&ts->cfg);
    ts->cfg.db_path = ts->db;
    ts->cfg.sync_full = 0;
    ts->cfg.quiet = 1;
    ts->cfg.bot_ms = 2000;
    if (tweak)
        tweak(&ts->cfg);
    char err[256];
    ts->S = srv_new(&ts->cfg, err, sizeof err);
    if (!ts->S)
        fprintf(stderr, "srv_new: %s\n", err);
    return ts->S;
}

srv *tstart(tserver *ts, const char *name, int fresh) { return tstart_with(ts, name, fresh, NULL); }

static double g_rate; /* tstart_rate's rate for its tweak (tests are one process each) */
static void rate_tweak(srv_config *c) { c->rate = c->burst = g_rate; }

srv *tstart_rate(tserver *ts, const char *name, int fresh, double rate)
{
    g_rate = rate;
    return tstart_with(ts, name, fresh, rate > 0 ? rate_tweak : NULL);
}

void tstop(tserver *ts, int remove)
{
    srv_free(ts->S);
    ts->S = NULL;
    if (remove)
        remove_db(ts->db);
}

int tcreate(tconn *t, const char *game, const char *seats, const char *options, char *id,
            char *token)
{
    char m[1024];
    int players = 1;
    for (const char *p = seats; *p; p++)
        players += *p == '}' && p[1] == ',';
    snprintf(m, sizeof m, "{\"cmd\":\"create\",\"ref\":1,\"game\":\"%s\",\"players\":%d,"
                          "\"seats\":%s%s%s}",
             game, players, seats, options ? ",\"options\":" : "", options ? options : "");
    char *r = treq(t, m);
    int ok = tis_ok(r) && tjstr(r, "game", NULL, id, SRV_ID_LEN);
    if (ok && token)
        ok = tjstr(r, "seats", "token", token, SRV_TOKEN_LEN);
    if (!ok)
        fprintf(stderr, "create failed: %s\n", r);
    free(r);
    return ok;
}

int tattach(tconn *t, const char *token)
{
    char m[200];
    snprintf(m, sizeof m, "{\"cmd\":\"attach\",\"token\":\"%s\"}", token);
    char *r = treq(t, m);
    int ok = tis_ok(r);
    free(r);
    return ok;
}

int tmove(tconn *t)
{
    char *v = tview(t);
    if (!v)
        return 0;
    kt_jdoc d;
    int done = 0;
    if (kt_json_parse(v, strlen(v), &d, NULL) == KT_OK) {
        const kt_jv *legal = kt_jv_get(kt_jv_get(d.root, "legal"), "legal");
        const kt_jv *a = legal ? kt_jv_at(legal, 0) : NULL;
        const kt_jv *id = a ? kt_jv_get(a, "id") : NULL;
        if (id) {
            char m[100];
            snprintf(m, sizeof m, "{\"cmd\":\"apply\",\"id\":%s}", id->s);
            char *r = treq(t, m);
            done = tis_ok(r);
            free(r);
        }
        kt_json_free(&d);
    }
    free(v);
    return done;
}

int tgame_actions(srv *S, const char *id)
{
    sgame *g = srv_find_game(S, id);
    if (!g)
        return -1;
    pthread_mutex_lock(&g->mu);
    int n = g->nacts;
    pthread_mutex_unlock(&g->mu);
    srv_game_unref(S, g);
    return n;
}

long long tgame_bot_wait_max(srv *S, const char *id)
{
    sgame *g = srv_find_game(S, id);
    if (!g)
        return -1;
    pthread_mutex_lock(&S->sched.mu);
    long long ms = g->wait_max_ms;
    pthread_mutex_unlock(&S->sched.mu);
    srv_game_unref(S, g);
    return ms;
}

int tutf8(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    while (p < end) {
        unsigned c = *p++;
        if (c < 0x80)
            continue;
        int more = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc2 ? 1 : -1;
        if (more < 0 || c > 0xf4 || end - p < more)
            return 0;
        unsigned cp = c & (0x3fu >> more);
        for (int i = 0; i < more; i++) {
            if ((p[i] & 0xc0) != 0x80)
                return 0;
            cp = cp << 6 | (p[i] & 0x3fu);
        }
        if ((more == 2 && cp < 0x800) || (more == 3 && (cp < 0x10000 || cp > 0x10ffff)) ||
            (cp >= 0xd800 && cp < 0xe000))
            return 0;
        p += more;
    }
    return 1;
}

int tall_utf8(tconn *t)
{
    int ok = 1;
    pthread_mutex_lock(&t->mu);
    for (int i = 0; i < t->n && ok; i++)
        ok = tutf8(t->msg[i], strlen(t->msg[i]));
    pthread_mutex_unlock(&t->mu);
    return ok;
}

int tmy_turn(tconn *t)
{
    char *v = tview(t);
    int n = 0;
    kt_jdoc d;
    if (v && kt_json_parse(v, strlen(v), &d, NULL) == KT_OK) {
        const kt_jv *legal = kt_jv_get(kt_jv_get(d.root, "legal"), "legal");
        n = legal && legal->type == KT_JARR ? (int)legal->n : 0;
        kt_json_free(&d);
    }
    free(v);
    return n > 0;
}

static pthread_mutex_t tlog_mu = PTHREAD_MUTEX_INITIALIZER;
static char tlog_buf[1 << 16]; /* the test process's log lines, one per line */

static void tlog_line(void *ctx, const char *line)
{
    (void)ctx;
    pthread_mutex_lock(&tlog_mu);
    size_t n = strlen(tlog_buf), l = strlen(line);
    if (n + l + 2 < sizeof tlog_buf) {
        memcpy(tlog_buf + n, line, l);
        tlog_buf[n + l] = '\n';
        tlog_buf[n + l + 1] = '\0';
    }
    pthread_mutex_unlock(&tlog_mu);
}

void tlog_capture(srv_config *c)
{
    c->quiet = 0;
    c->log = tlog_line;
    c->log_ctx = NULL;
}

int tlog_count(const char *s)
{
    int k = 0;
    pthread_mutex_lock(&tlog_mu);
    for (const char *p = tlog_buf; (p = strstr(p, s)) != NULL; p += strlen(s))
        k++;
    pthread_mutex_unlock(&tlog_mu);
    return k;
}

static char tpg_dir[128];

void tpg_stop(void)
{
    if (!tpg_dir[0])
        return;
    char cmd[300];
    snprintf(cmd, sizeof cmd, "scripts/pg-cluster.sh stop %s", tpg_dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not stop the test cluster in %s\n", tpg_dir);
    tpg_dir[0] = '\0';
}

int tpg_start(char *conninfo, size_t cap)
{
    snprintf(tpg_dir, sizeof tpg_dir, "/tmp/kontor-pg-%d", (int)getpid());
    char cmd[400];
    snprintf(cmd, sizeof cmd, "scripts/pg-cluster.sh stop %s; scripts/pg-cluster.sh start %s",
             tpg_dir, tpg_dir);
    FILE *f = popen(cmd, "r");
    conninfo[0] = '\0';
    if (f) {
        if (!fgets(conninfo, (int)cap, f))
            conninfo[0] = '\0';
        pclose(f);
    }
    size_t n = strlen(conninfo);
    while (n && (conninfo[n - 1] == '\n' || conninfo[n - 1] == ' '))
        conninfo[--n] = '\0';
    if (strncmp(conninfo, "postgresql://", 13)) {
        fprintf(stderr, "the PostgreSQL test cluster did not start (%s)\n", cmd);
        tpg_stop();
        return 0;
    }
    atexit(tpg_stop);
    return 1;
}

/* LeakSanitizer (the asan stage): libh2o keeps freed buffers in per-thread
 * caches for reuse (lost when its loop thread ends) and does not free all of
 * its cross-thread queue; those allocations are the library's design, so
 * stacks through libh2o are not reported.  Our own objects (connections,
 * games) are allocated by our code and still checked. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void) { return "leak:libh2o-evloop.so\n"; }
