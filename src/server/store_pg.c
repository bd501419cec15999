/*
 * store_pg.c - the PostgreSQL driver of the server's storage (store_int.h;
 * Debian's libpq): several `kontor serve` processes share one database
 * (docs/server.md, "Several servers").
 *
 * One connection runs the statements (store.c serialises the calls), each
 * prepared once as "q<index>", with parameters sent as text.  The schema is
 * store.c's (SQLite's words) with the types PostgreSQL spells otherwise
 * replaced, created under an advisory lock so that servers starting at the
 * same moment do not race.  A lost connection is re-established (and the
 * statements prepared again) at the next call; the call that found it lost
 * fails, so no transaction is ever half-applied.
 *
 * LISTEN/NOTIFY: a second connection LISTENs on channel "kontor" in a
 * thread of its own, which hands every payload to the server's callback
 * (logouts everywhere, released games, lobby changes).
 *
 * Data layout: sdb holds the connection, the prepared statements' texts,
 * the latest error, and the listener (its connection, thread and
 * callback); a row handed to callbacks is a result and a row index.
 */
#include <libpq-fe.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "server/store_int.h"

#define PG_MAX_ARGS 24
#define PG_LOCK_SCHEMA 7350841 /* advisory lock id while the schema is created */

struct sdb {
    PGconn *c;
    char *conninfo;
    char **sql; /* PostgreSQL texts of the statements */
    int nsql;
    int sync_full;
    char err[512];
    /* listener */
    PGconn *lc;
    pthread_t lth;
    int has_listener;
    atomic_int stop;
    void (*fn)(void *ctx, const char *payload);
    void *fnctx;
};

struct sdb_row {
    PGresult *res;
    int i;
};

static void set_err(sdb *d, const char *what, const char *msg)
{
    snprintf(d->err, sizeof d->err, "%s%s%s", what, what[0] ? ": " : "", msg ? msg : "");
    size_t n = strlen(d->err);
    while (n && (d->err[n - 1] == '\n' || d->err[n - 1] == ' '))
        d->err[--n] = '\0';
}

/* `?` placeholders become $1, $2, ... (no statement has a ? in a string). */
static char *number_params(const char *s)
{
    size_t n = strlen(s), k = 0;
    char *out = malloc(n * 4 + 1);
    if (!out)
        return NULL;
    int i = 0;
    for (const char *p = s; *p; p++) {
        if (*p == '?')
            k += (size_t)sprintf(out + k, "$%d", ++i);
        else
            out[k++] = *p;
    }
    out[k] = '\0';
    return out;
}

/* SQLite's schema words as PostgreSQL spells them. */
static char *pg_schema(const char *s)
{
    static const char *const from[] = {"INTEGER PRIMARY KEY AUTOINCREMENT", "INTEGER", "REAL",
                                       " WITHOUT ROWID", "IF NOT EXISTS games(id TEXT"};
    static const char *const to[] = {"BIGSERIAL PRIMARY KEY", "BIGINT", "DOUBLE PRECISION", "",
                                     "IF NOT EXISTS games(seq BIGSERIAL, id TEXT"};
    size_t cap = strlen(s) * 2 + 64, k = 0;
    char *out = malloc(cap);
    if (!out)
        return NULL;
    for (const char *p = s; *p;) {
        size_t w = 0;
        for (size_t i = 0; i < sizeof from / sizeof *from && !w; i++)
            if (!strncmp(p, from[i], strlen(from[i]))) {
                w = strlen(from[i]);
                k += (size_t)snprintf(out + k, cap - k, "%s", to[i]);
            }
        if (!w) {
            out[k++] = *p;
            w = 1;
        }
        p += w;
    }
    out[k] = '\0';
    return out;
}

static int exec_simple(sdb *d, PGconn *c, const char *sql)
{
    PGresult *r = PQexec(c, sql);
    int ok = PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK;
    if (!ok)
        set_err(d, "", PQresultErrorMessage(r));
    PQclear(r);
    return ok;
}

static int prepare_all(sdb *d)
{
    for (int i = 0; i < d->nsql; i++) {
        char name[16];
        snprintf(name, sizeof name, "q%d", i);
        PGresult *r = PQprepare(d->c, name, d->sql[i], 0, NULL);
        int ok = PQresultStatus(r) == PGRES_COMMAND_OK;
        if (!ok) {
            char what[64];
            snprintf(what, sizeof what, "statement %d", i);
            set_err(d, what, PQresultErrorMessage(r));
        }
        PQclear(r);
        if (!ok)
            return 0;
    }
    return 1;
}

/* Session settings of a (re)made connection. */
static int setup_conn(sdb *d)
{
    char set[96];
    snprintf(set, sizeof set, "SET synchronous_commit=%s; SET client_min_messages=warning",
             d->sync_full ? "on" : "off");
    return exec_simple(d, d->c, set) && prepare_all(d);
}

static int make_schema(sdb *d, const char *const *schema, const char *const *m)
{
    char lock[80];
    snprintf(lock, sizeof lock, "SELECT pg_advisory_lock(%d)", PG_LOCK_SCHEMA);
    if (!exec_simple(d, d->c, lock))
        return 0;
    int ok = 1;
    for (int i = 0; ok && schema[i]; i++) {
        char *s = pg_schema(schema[i]);
        ok = s && exec_simple(d, d->c, s);
        free(s);
    }
    for (; ok && m && m[0]; m += 4) {
        char alter[512];
        snprintf(alter, sizeof alter, "ALTER TABLE %s ADD COLUMN IF NOT EXISTS %s %s", m[0], m[1],
                 m[2]);
        char *s = pg_schema(alter);
        ok = s && exec_simple(d, d->c, s);
        free(s);
    }
    snprintf(lock, sizeof lock, "SELECT pg_advisory_unlock(%d)", PG_LOCK_SCHEMA);
    exec_simple(d, d->c, lock);
    return ok;
}

static void quiet_notice(void *arg, const char *message)
{
    (void)arg;
    (void)message;
}

static void pg_close(sdb *d);

sdb *sdb_pg_open(const char *conninfo, int sync_full, const char *const *schema,
                 const char *const *migrations, const sdb_sql *sql, int nsql, char *err,
                 size_t cap)
{
    sdb *d = calloc(1, sizeof *d);
    if (!d || !(d->sql = calloc((size_t)nsql, sizeof *d->sql)) ||
        !(d->conninfo = strdup(conninfo))) {
        if (d)
            free(d->sql);
        free(d);
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    d->nsql = nsql;
    d->sync_full = sync_full;
    for (int i = 0; i < nsql; i++)
        if (!(d->sql[i] = number_params(sql[i].pg ? sql[i].pg : sql[i].sqlite))) {
            snprintf(err, cap, "out of memory");
            pg_close(d);
            return NULL;
        }
    d->c = PQconnectdb(conninfo);
    if (!d->c || PQstatus(d->c) != CONNECTION_OK) {
        snprintf(err, cap, "cannot connect to PostgreSQL: %s",
                 d->c ? PQerrorMessage(d->c) : "out of memory");
        size_t n = strlen(err);
        while (n && err[n - 1] == '\n')
            err[--n] = '\0';
        pg_close(d);
        return NULL;
    }
    /* the schema's "ADD COLUMN IF NOT EXISTS" notices are expected: not printed */
    PQsetNoticeProcessor(d->c, quiet_notice, NULL);
    if (!make_schema(d, schema, migrations) || !setup_conn(d)) {
        snprintf(err, cap, "PostgreSQL: %s", d->err);
        pg_close(d);
        return NULL;
    }
    return d;
}

/* A broken connection is made again before the next statement. */
static int ensure_conn(sdb *d)
{
    if (PQstatus(d->c) == CONNECTION_OK)
        return 1;
    PQreset(d->c);
    if (PQstatus(d->c) != CONNECTION_OK) {
        set_err(d, "connection to PostgreSQL lost", PQerrorMessage(d->c));
        return 0;
    }
    return setup_conn(d);
}

static int pg_run(sdb *d, int q, const sdb_arg *a, int n, sdb_each each, void *ctx,
                  long long *changed)
{
    if (n > PG_MAX_ARGS || !ensure_conn(d))
        return SDB_ERR;
    char num[PG_MAX_ARGS][32];
    const char *vals[PG_MAX_ARGS];
    for (int i = 0; i < n; i++) {
        if (a[i].t == 'i') {
            snprintf(num[i], sizeof num[i], "%lld", a[i].i);
            vals[i] = num[i];
        } else if (a[i].t == 'd') {
            snprintf(num[i], sizeof num[i], "%.17g", a[i].d);
            vals[i] = num[i];
        } else {
            vals[i] = a[i].s ? a[i].s : "";
        }
    }
    char name[16];
    snprintf(name, sizeof name, "q%d", q);
    PGresult *r = PQexecPrepared(d->c, name, n, vals, NULL, NULL, 0);
    ExecStatusType s = PQresultStatus(r);
    int rc = SDB_OK;
    if (s == PGRES_TUPLES_OK) {
        sdb_row row = {r, 0};
        for (int i = 0; each && i < PQntuples(r); i++) {
            row.i = i;
            if (!each(ctx, &row))
                break;
        }
    } else if (s != PGRES_COMMAND_OK) {
        const char *state = PQresultErrorField(r, PG_DIAG_SQLSTATE);
        rc = state && !strcmp(state, "23505") ? SDB_CONFLICT : SDB_ERR; /* unique_violation */
        set_err(d, "", PQresultErrorMessage(r));
    }
    if (changed)
        *changed = atoll(PQcmdTuples(r));
    PQclear(r);
    return rc;
}

static long long pg_int(sdb_row *r, int col) { return atoll(PQgetvalue(r->res, r->i, col)); }
static double pg_double(sdb_row *r, int col) { return atof(PQgetvalue(r->res, r->i, col)); }
static const char *pg_text(sdb_row *r, int col) { return PQgetvalue(r->res, r->i, col); }
static int pg_null(sdb_row *r, int col) { return PQgetisnull(r->res, r->i, col); }
static const char *pg_errmsg(sdb *d)
{
    return d->err[0] ? d->err : (d->c ? PQerrorMessage(d->c) : "no connection");
}

/* ------------------------------------------------------------ LISTEN/NOTIFY */


static PGconn *listen_conn(sdb *d)
{
    PGconn *c = PQconnectdb(d->conninfo);
    PGresult *r = c && PQstatus(c) == CONNECTION_OK ? PQexec(c, "LISTEN kontor") : NULL;
    int ok = r && PQresultStatus(r) == PGRES_COMMAND_OK;
    PQclear(r);
    if (!ok) {
        PQfinish(c);
        return NULL;
    }
    return c;
}

static void *listener_main(void *arg)
{
    sdb *d = arg;
    int backoff = 0;
    while (!atomic_load(&d->stop)) {
        if (!d->lc) { /* lost: make it again, slower each time */
            if (backoff < 5000)
                backoff += 250;
            nanosleep(&(struct timespec){backoff / 1000, (long)(backoff % 1000) * 1000000L}, NULL);
            d->lc = listen_conn(d);
            if (!d->lc)
                continue;
            backoff = 0;
            if (d->fn)
                d->fn(d->fnctx, "*"); /* notices may have been missed: look at everything */
        }
        struct pollfd p = {.fd = PQsocket(d->lc), .events = POLLIN};
        if (poll(&p, 1, 500) < 0)
            continue;
        if (!PQconsumeInput(d->lc)) {
            PQfinish(d->lc);
            d->lc = NULL;
            continue;
        }
        PGnotify *n;
        while ((n = PQnotifies(d->lc)) != NULL) {
            if (d->fn)
                d->fn(d->fnctx, n->extra ? n->extra : "");
            PQfreemem(n);
        }
    }
    return NULL;
}

static int pg_listen(sdb *d, void (*fn)(void *ctx, const char *payload), void *ctx)
{
    if (d->has_listener)
        return 1;
    d->fn = fn;
    d->fnctx = ctx;
    d->lc = listen_conn(d);
    if (!d->lc) {
        set_err(d, "LISTEN", "cannot open the listening connection");
        return 0;
    }
    if (pthread_create(&d->lth, NULL, listener_main, d) != 0) {
        PQfinish(d->lc);
        d->lc = NULL;
        set_err(d, "LISTEN", "cannot start the listener thread");
        return 0;
    }
    d->has_listener = 1;
    return 1;
}

static int pg_notify(sdb *d, const char *payload)
{
    if (!ensure_conn(d))
        return 0;
    const char *vals[1] = {payload};
    PGresult *r =
        PQexecParams(d->c, "SELECT pg_notify('kontor', $1)", 1, NULL, vals, NULL, NULL, 0);
    int ok = PQresultStatus(r) == PGRES_TUPLES_OK;
    if (!ok)
        set_err(d, "NOTIFY", PQresultErrorMessage(r));
    PQclear(r);
    return ok;
}

static void pg_close(sdb *d)
{
    if (!d)
        return;
    if (d->has_listener) {
        atomic_store(&d->stop, 1);
        pthread_join(d->lth, NULL);
    }
    if (d->lc)
        PQfinish(d->lc);
    if (d->c)
        PQfinish(d->c);
    for (int i = 0; d->sql && i < d->nsql; i++)
        free(d->sql[i]);
    free(d->sql);
    free(d->conninfo);
    free(d);
}

const sdb_ops sdb_pg_ops = {
    .name = "postgresql",
    .run = pg_run,
    .col_int = pg_int,
    .col_double = pg_double,
    .col_text = pg_text,
    .col_null = pg_null,
    .errmsg = pg_errmsg,
    .close = pg_close,
    .listen = pg_listen,
    .notify = pg_notify,
};
