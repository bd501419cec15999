/*
 * store_int.h - the two database drivers behind store.c: SQLite
 * (store_sqlite.c) and PostgreSQL (store_pg.c).  store.c holds every
 * statement and all the logic; a driver only opens the database, creates
 * the schema, prepares the statements (by index) and runs one with
 * parameters, handing each result row to a callback.
 *
 * Data layout: a driver handle (sdb) is opaque to store.c; rows (sdb_row)
 * live only during the callback.  Parameters are a small tagged union
 * (sdb_arg); text parameters and results are UTF-8.  A statement's text is
 * written once with `?` placeholders; the PostgreSQL driver numbers them
 * ($1, $2, ...) when it prepares them.  Statements whose text differs
 * between the two dialects have both.
 */
#ifndef SRV_STORE_INT_H
#define SRV_STORE_INT_H

#include <stddef.h>

typedef struct sdb sdb;
typedef struct sdb_row sdb_row;

typedef struct sdb_arg {
    char t;           /* 'i' integer, 'd' double, 's' text */
    long long i;
    double d;
    const char *s;
} sdb_arg;
#define SI(x) ((sdb_arg){.t = 'i', .i = (long long)(x)})
#define SD(x) ((sdb_arg){.t = 'd', .d = (double)(x)})
#define SS(x) ((sdb_arg){.t = 's', .s = (x)})

/* What a statement run gives back. */
enum { SDB_OK = 1, SDB_ERR = 0, SDB_CONFLICT = 2 /* a unique key was taken */ };

typedef int (*sdb_each)(void *ctx, sdb_row *r); /* return 0 to stop */

typedef struct sdb_ops {
    const char *name;
    /* Run statement q with n parameters; each result row to each (may be
     * NULL); *changed (may be NULL) gets the rows written. */
    int (*run)(sdb *db, int q, const sdb_arg *a, int n, sdb_each each, void *ctx,
               long long *changed);
    long long (*col_int)(sdb_row *r, int col);
    double (*col_double)(sdb_row *r, int col);
    const char *(*col_text)(sdb_row *r, int col); /* never NULL */
    int (*col_null)(sdb_row *r, int col);
    const char *(*errmsg)(sdb *db);
    void (*close)(sdb *db);
    /* LISTEN/NOTIFY (NULL for SQLite) */
    int (*listen)(sdb *db, void (*fn)(void *ctx, const char *payload), void *ctx);
    int (*notify)(sdb *db, const char *payload);
} sdb_ops;

/* The statements (store.c's table). */
typedef struct sdb_sql {
    const char *sqlite;
    const char *pg; /* NULL: the same text as sqlite */
} sdb_sql;

/* Open the drivers.  The schema is a list of statements run at open (with
 * `migrations`: ALTER TABLE ... ADD COLUMN lines run when their column is
 * missing); every statement of `sql` is prepared.  NULL with a message. */
sdb *sdb_sqlite_open(const char *path, int sync_full, const char *const *schema,
                     const char *const *migrations, const sdb_sql *sql, int nsql, char *err,
                     size_t cap);
extern const sdb_ops sdb_sqlite_ops;
sdb *sdb_pg_open(const char *conninfo, int sync_full, const char *const *schema,
                 const char *const *migrations, const sdb_sql *sql, int nsql, char *err,
                 size_t cap);
extern const sdb_ops sdb_pg_ops;

#endif
