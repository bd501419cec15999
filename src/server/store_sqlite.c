/*
 * store_sqlite.c - the SQLite driver of the server's storage (store_int.h):
 * one file in WAL mode, one connection (store.c serialises the calls), one
 * prepared statement per entry of store.c's table, alive as long as the
 * store.
 *
 * Data layout: sdb holds the connection and the prepared statements by
 * index; a row handed to callbacks is the running statement itself.
 */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "server/store_int.h"

struct sdb {
    sqlite3 *db;
    sqlite3_stmt **q;
    int nq;
};

struct sdb_row {
    sqlite3_stmt *s;
};

static void lite_close(sdb *d)
{
    if (!d)
        return;
    for (int i = 0; d->q && i < d->nq; i++)
        sqlite3_finalize(d->q[i]);
    free(d->q);
    sqlite3_close(d->db);
    free(d);
}

/* An existing file of 0 bytes (with no write-ahead log holding its pages)
 * is refused rather than initialised: see store.h. */
static int empty_file(const char *path)
{
    struct stat sb;
    if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode) || sb.st_size != 0)
        return 0;
    char wal[4096];
    snprintf(wal, sizeof wal, "%s-wal", path);
    return stat(wal, &sb) != 0 || sb.st_size == 0;
}

/* Columns that older databases lack are added (and filled). */
static int migrate(sdb *d, const char *const *m, char *err, size_t cap)
{
    for (; m && m[0]; m += 4) {
        char probe[256], alter[512];
        snprintf(probe, sizeof probe, "SELECT %s FROM %s LIMIT 0", m[1], m[0]);
        sqlite3_stmt *s = NULL;
        if (sqlite3_prepare_v2(d->db, probe, -1, &s, NULL) == SQLITE_OK) {
            sqlite3_finalize(s);
            continue;
        }
        snprintf(alter, sizeof alter, "ALTER TABLE %s ADD COLUMN %s %s", m[0], m[1], m[2]);
        if (sqlite3_exec(d->db, alter, NULL, NULL, NULL) != SQLITE_OK ||
            (m[3] && sqlite3_exec(d->db, m[3], NULL, NULL, NULL) != SQLITE_OK)) {
            snprintf(err, cap, "adding column %s.%s: %s", m[0], m[1], sqlite3_errmsg(d->db));
            return 0;
        }
    }
    return 1;
}

sdb *sdb_sqlite_open(const char *path, int sync_full, const char *const *schema,
                     const char *const *migrations, const sdb_sql *sql, int nsql, char *err,
                     size_t cap)
{
    if (empty_file(path)) {
        snprintf(err, cap,
                 "database '%s' is an empty file (0 bytes). A database kontor wrote is never "
                 "empty, so this one may have been truncated (a failed copy, a full disk); it "
                 "is left untouched. To start a new database, remove the file or give a name "
                 "that does not exist yet",
                 path);
        return NULL;
    }
    sdb *d = calloc(1, sizeof *d);
    if (!d || !(d->q = calloc((size_t)nsql, sizeof *d->q))) {
        free(d);
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    d->nq = nsql;
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX;
    if (sqlite3_open_v2(path, &d->db, flags, NULL) != SQLITE_OK) {
        snprintf(err, cap, "cannot open database '%s': %s", path,
                 d->db ? sqlite3_errmsg(d->db) : "out of memory");
        lite_close(d);
        return NULL;
    }
    sqlite3_busy_timeout(d->db, 5000);
    sqlite3_extended_result_codes(d->db, 1);
    char pragmas[160];
    snprintf(pragmas, sizeof pragmas,
             "PRAGMA journal_mode=WAL; PRAGMA synchronous=%s; PRAGMA foreign_keys=ON;",
             sync_full ? "FULL" : "NORMAL");
    char *msg = NULL;
    int ok = sqlite3_exec(d->db, pragmas, NULL, NULL, &msg) == SQLITE_OK;
    /* tables first, then the columns older databases lack, then indexes
     * (an index may name a new column) */
    for (int i = 0; ok && schema[i]; i++)
        if (!strncmp(schema[i], "CREATE TABLE", 12))
            ok = sqlite3_exec(d->db, schema[i], NULL, NULL, &msg) == SQLITE_OK;
    if (ok && !migrate(d, migrations, err, cap)) {
        lite_close(d);
        return NULL;
    }
    for (int i = 0; ok && schema[i]; i++)
        if (strncmp(schema[i], "CREATE TABLE", 12))
            ok = sqlite3_exec(d->db, schema[i], NULL, NULL, &msg) == SQLITE_OK;
    if (!ok) {
        snprintf(err, cap, "database '%s': %s", path, msg ? msg : "setup failed");
        sqlite3_free(msg);
        lite_close(d);
        return NULL;
    }
    for (int i = 0; i < nsql; i++)
        if (sqlite3_prepare_v2(d->db, sql[i].sqlite, -1, &d->q[i], NULL) != SQLITE_OK) {
            snprintf(err, cap, "database '%s': %s (statement %d)", path, sqlite3_errmsg(d->db), i);
            lite_close(d);
            return NULL;
        }
    return d;
}

static int lite_run(sdb *d, int q, const sdb_arg *a, int n, sdb_each each, void *ctx,
                    long long *changed)
{
    sqlite3_stmt *s = d->q[q];
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
    for (int i = 0; i < n; i++) {
        if (a[i].t == 'i')
            sqlite3_bind_int64(s, i + 1, a[i].i);
        else if (a[i].t == 'd')
            sqlite3_bind_double(s, i + 1, a[i].d);
        else
            sqlite3_bind_text(s, i + 1, a[i].s ? a[i].s : "", -1, SQLITE_TRANSIENT);
    }
    int rc;
    sdb_row row = {s};
    while ((rc = sqlite3_step(s)) == SQLITE_ROW)
        if (!each || !each(ctx, &row)) {
            rc = SQLITE_DONE; /* the caller has what it wanted */
            break;
        }
    if (changed)
        *changed = sqlite3_changes(d->db);
    sqlite3_reset(s);
    if (rc == SQLITE_DONE)
        return SDB_OK;
    if (rc == SQLITE_CONSTRAINT_UNIQUE || rc == SQLITE_CONSTRAINT_PRIMARYKEY)
        return SDB_CONFLICT;
    return SDB_ERR;
}

static long long lite_int(sdb_row *r, int col) { return sqlite3_column_int64(r->s, col); }
static double lite_double(sdb_row *r, int col) { return sqlite3_column_double(r->s, col); }
static const char *lite_text(sdb_row *r, int col)
{
    const unsigned char *t = sqlite3_column_text(r->s, col);
    return t ? (const char *)t : "";
}
static int lite_null(sdb_row *r, int col) { return sqlite3_column_type(r->s, col) == SQLITE_NULL; }
static const char *lite_errmsg(sdb *d) { return sqlite3_errmsg(d->db); }

const sdb_ops sdb_sqlite_ops = {
    .name = "sqlite",
    .run = lite_run,
    .col_int = lite_int,
    .col_double = lite_double,
    .col_text = lite_text,
    .col_null = lite_null,
    .errmsg = lite_errmsg,
    .close = lite_close,
    .listen = NULL,
    .notify = NULL,
};
