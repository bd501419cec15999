/*
 * store_sqlite.c - the server's storage (store.h) in one SQLite file.
 *
 * Tables:
 *   games(id PK, game, players, seed, options, name, listed, over, created,
 *         rematch)                    creation parameters and lobby facts
 *   seats(game_id, seat, bot, spec, token UNIQUE, name, claimed)
 *   actions(game_id, n, player, text, at) PK (game_id, n): the accepted
 *                                     moves, `at` in unix seconds (0 for
 *                                     moves stored before it was recorded)
 *   notes(game_id, key, text) PK (game_id, key): what other parts store
 *                                     with a game (analysis.c: finished
 *                                     analyses, the table's "hints" flag)
 * The seed is stored as text: SQLite integers are signed 64-bit.  `over` is
 * SRV_RUNNING, SRV_FINISHED or SRV_ABANDONED.
 *
 * The database runs in WAL mode; each call is one transaction committed
 * before it returns.  One connection serves every thread behind `mu`
 * (writes to one SQLite file are serial anyway); the prepared statements
 * live as long as the store.
 *
 * Moves are committed in groups: srv_store_append queues its row (under
 * `qmu`) and waits; the first waiter that finds no commit running becomes
 * the writer, takes every queued row, inserts them in one transaction and
 * wakes their callers after COMMIT.  Each caller still returns only when its
 * own row is on disk, but one fsync serves every game that moved meanwhile.
 */
#include <pthread.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/store.h"

enum {
    Q_GAME_INS, Q_SEAT_INS, Q_ACT_INS, Q_ACT_DEL, Q_SEAT_UPD, Q_OVER_UPD, Q_REMATCH_UPD,
    Q_GAMES, Q_SEATS, Q_ACTS, Q_GAME_DEL, Q_SEATS_DEL, Q_ACTS_DEL, Q_BEGIN, Q_COMMIT,
    Q_ROLLBACK, Q_COUNT
};

static const char *const store_sql[Q_COUNT] = {
    [Q_GAME_INS] = "INSERT INTO games(id,game,players,seed,options,name,listed,over,created,"
                   "rematch) VALUES(?,?,?,?,?,?,?,?,?,?)",
    [Q_SEAT_INS] = "INSERT INTO seats(game_id,seat,bot,spec,token,name,claimed) "
                   "VALUES(?,?,?,?,?,?,?)",
    [Q_ACT_INS] = "INSERT INTO actions(game_id,n,player,text,at) VALUES(?,?,?,?,?)",
    [Q_ACT_DEL] = "DELETE FROM actions WHERE game_id=? AND n>=?",
    [Q_SEAT_UPD] = "UPDATE seats SET bot=?,spec=?,token=?,name=?,claimed=? "
                   "WHERE game_id=? AND seat=?",
    [Q_OVER_UPD] = "UPDATE games SET over=? WHERE id=?",
    [Q_REMATCH_UPD] = "UPDATE games SET rematch=? WHERE id=?",
    [Q_GAMES] = "SELECT id,game,players,seed,options,name,listed,over,created,rematch,"
                "(SELECT max(at) FROM actions a WHERE a.game_id=g.id) FROM games g ORDER BY rowid",
    [Q_SEATS] = "SELECT seat,bot,spec,token,name,claimed FROM seats WHERE game_id=? "
                "ORDER BY seat",
    [Q_ACTS] = "SELECT n,player,text FROM actions WHERE game_id=? ORDER BY n",
    [Q_GAME_DEL] = "DELETE FROM games WHERE id=?",
    [Q_SEATS_DEL] = "DELETE FROM seats WHERE game_id=?",
    [Q_ACTS_DEL] = "DELETE FROM actions WHERE game_id=?",
    [Q_BEGIN] = "BEGIN IMMEDIATE",
    [Q_COMMIT] = "COMMIT",
    [Q_ROLLBACK] = "ROLLBACK",
};

static const char store_schema[] =
    "CREATE TABLE IF NOT EXISTS games(id TEXT PRIMARY KEY, game TEXT NOT NULL,"
    " players INTEGER NOT NULL, seed TEXT NOT NULL, options TEXT NOT NULL, name TEXT NOT NULL,"
    " listed INTEGER NOT NULL, over INTEGER NOT NULL, created INTEGER NOT NULL,"
    " rematch TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS seats(game_id TEXT NOT NULL, seat INTEGER NOT NULL,"
    " bot INTEGER NOT NULL, spec TEXT NOT NULL, token TEXT NOT NULL, name TEXT NOT NULL,"
    " claimed INTEGER NOT NULL, PRIMARY KEY(game_id, seat));"
    "CREATE TABLE IF NOT EXISTS actions(game_id TEXT NOT NULL, n INTEGER NOT NULL,"
    " player INTEGER NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL DEFAULT 0,"
    " PRIMARY KEY(game_id, n)) WITHOUT ROWID;"
    "CREATE TABLE IF NOT EXISTS notes(game_id TEXT NOT NULL, key TEXT NOT NULL,"
    " text TEXT NOT NULL, PRIMARY KEY(game_id, key)) WITHOUT ROWID;";

/* A queued move waiting for its group commit. */
typedef struct srv_pending {
    struct srv_pending *next;
    const char *id, *text;
    int n, player;
    long long at;
    int done, ok;
} srv_pending;

struct srv_store {
    sqlite3 *db;
    sqlite3_stmt *q[Q_COUNT];
    pthread_mutex_t mu;
    char err[256];
    pthread_mutex_t qmu; /* the queue of moves to commit */
    pthread_cond_t qcv;
    srv_pending *qhead, *qtail;
    int writing;
};

static int store_fail(srv_store *st)
{
    snprintf(st->err, sizeof st->err, "database: %s", sqlite3_errmsg(st->db));
    return 0;
}

const char *srv_store_error(srv_store *st, char *buf, size_t cap)
{
    pthread_mutex_lock(&st->mu);
    snprintf(buf, cap, "%s", st->err);
    pthread_mutex_unlock(&st->mu);
    return buf;
}

void srv_store_close(srv_store *st)
{
    if (!st)
        return;
    for (int i = 0; i < Q_COUNT; i++)
        sqlite3_finalize(st->q[i]);
    sqlite3_close(st->db);
    pthread_mutex_destroy(&st->mu);
    pthread_mutex_destroy(&st->qmu);
    pthread_cond_destroy(&st->qcv);
    free(st);
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

/* Databases written before moves carried their time get the column. */
static int migrate(srv_store *st)
{
    sqlite3_stmt *probe = NULL;
    if (sqlite3_prepare_v2(st->db, "SELECT at FROM actions LIMIT 0", -1, &probe, NULL) ==
        SQLITE_OK) {
        sqlite3_finalize(probe);
        return 1;
    }
    return sqlite3_exec(st->db, "ALTER TABLE actions ADD COLUMN at INTEGER NOT NULL DEFAULT 0",
                        NULL, NULL, NULL) == SQLITE_OK;
}

srv_store *srv_store_open(const char *path, int sync_full, char *err, size_t errcap)
{
    if (empty_file(path)) {
        snprintf(err, errcap,
                 "database '%s' is an empty file (0 bytes). A database kontor wrote is never "
                 "empty, so this one may have been truncated (a failed copy, a full disk); it "
                 "is left untouched. To start a new database, remove the file or give a name "
                 "that does not exist yet",
                 path);
        return NULL;
    }
    srv_store *st = calloc(1, sizeof *st);
    if (!st) {
        snprintf(err, errcap, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&st->mu, NULL);
    pthread_mutex_init(&st->qmu, NULL);
    pthread_cond_init(&st->qcv, NULL);
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX;
    if (sqlite3_open_v2(path, &st->db, flags, NULL) != SQLITE_OK) {
        snprintf(err, errcap, "cannot open database '%s': %s", path,
                 st->db ? sqlite3_errmsg(st->db) : "out of memory");
        srv_store_close(st);
        return NULL;
    }
    sqlite3_busy_timeout(st->db, 5000);
    char pragmas[160];
    snprintf(pragmas, sizeof pragmas,
             "PRAGMA journal_mode=WAL; PRAGMA synchronous=%s; PRAGMA foreign_keys=ON;",
             sync_full ? "FULL" : "NORMAL");
    char *msg = NULL;
    if (sqlite3_exec(st->db, pragmas, NULL, NULL, &msg) != SQLITE_OK ||
        sqlite3_exec(st->db, store_schema, NULL, NULL, &msg) != SQLITE_OK || !migrate(st)) {
        snprintf(err, errcap, "database '%s': %s", path, msg ? msg : "setup failed");
        sqlite3_free(msg);
        srv_store_close(st);
        return NULL;
    }
    for (int i = 0; i < Q_COUNT; i++)
        if (sqlite3_prepare_v2(st->db, store_sql[i], -1, &st->q[i], NULL) != SQLITE_OK) {
            snprintf(err, errcap, "database '%s': %s", path, sqlite3_errmsg(st->db));
            srv_store_close(st);
            return NULL;
        }
    return st;
}

/* ------------------------------------------------------------ helpers */

static sqlite3_stmt *stmt(srv_store *st, int i)
{
    sqlite3_reset(st->q[i]);
    sqlite3_clear_bindings(st->q[i]);
    return st->q[i];
}

static void bind_text(sqlite3_stmt *s, int i, const char *t)
{
    sqlite3_bind_text(s, i, t, -1, SQLITE_TRANSIENT);
}

static int run(srv_store *st, sqlite3_stmt *s)
{
    int rc = sqlite3_step(s);
    sqlite3_reset(s);
    return rc == SQLITE_DONE ? 1 : store_fail(st);
}

static int begin(srv_store *st)
{
    pthread_mutex_lock(&st->mu);
    if (run(st, stmt(st, Q_BEGIN)))
        return 1;
    pthread_mutex_unlock(&st->mu);
    return 0;
}

/* Commit when ok, else roll back; releases the mutex. */
static int finish(srv_store *st, int ok)
{
    if (ok)
        ok = run(st, stmt(st, Q_COMMIT));
    if (!ok) {
        char keep[sizeof st->err];
        memcpy(keep, st->err, sizeof keep);
        run(st, stmt(st, Q_ROLLBACK));
        memcpy(st->err, keep, sizeof keep);
    }
    pthread_mutex_unlock(&st->mu);
    return ok;
}

static void copy_col(char *dst, size_t cap, sqlite3_stmt *s, int col)
{
    const unsigned char *t = sqlite3_column_text(s, col);
    snprintf(dst, cap, "%s", t ? (const char *)t : "");
}

/* ------------------------------------------------------------ writes */

static int insert_seat(srv_store *st, const char *id, int i, const srv_seat_row *r)
{
    sqlite3_stmt *s = stmt(st, Q_SEAT_INS);
    bind_text(s, 1, id);
    sqlite3_bind_int(s, 2, i);
    sqlite3_bind_int(s, 3, r->bot);
    bind_text(s, 4, r->spec);
    bind_text(s, 5, r->token);
    bind_text(s, 6, r->name);
    sqlite3_bind_int(s, 7, r->claimed);
    return run(st, s);
}

int srv_store_create(srv_store *st, const srv_game_row *g)
{
    if (!begin(st))
        return 0;
    char seed[24];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)g->seed);
    sqlite3_stmt *s = stmt(st, Q_GAME_INS);
    bind_text(s, 1, g->id);
    bind_text(s, 2, g->game);
    sqlite3_bind_int(s, 3, g->players);
    bind_text(s, 4, seed);
    bind_text(s, 5, g->options ? g->options : "");
    bind_text(s, 6, g->name);
    sqlite3_bind_int(s, 7, g->listed);
    sqlite3_bind_int(s, 8, g->over);
    sqlite3_bind_int64(s, 9, g->created);
    bind_text(s, 10, g->rematch);
    int ok = run(st, s);
    for (int i = 0; ok && i < g->players; i++)
        ok = insert_seat(st, g->id, i, &g->seats[i]);
    return finish(st, ok);
}

/* Insert a group of moves in one transaction (mu held).  A row that fails
 * (its index taken) fails alone; a failed COMMIT fails them all. */
static void commit_group(srv_store *st, srv_pending *batch)
{
    int began = run(st, stmt(st, Q_BEGIN));
    for (srv_pending *p = batch; p; p = p->next) {
        sqlite3_stmt *s = stmt(st, Q_ACT_INS);
        bind_text(s, 1, p->id);
        sqlite3_bind_int(s, 2, p->n);
        sqlite3_bind_int(s, 3, p->player);
        bind_text(s, 4, p->text);
        sqlite3_bind_int64(s, 5, p->at);
        p->ok = began && run(st, s);
    }
    if (began && !run(st, stmt(st, Q_COMMIT))) {
        char keep[sizeof st->err];
        memcpy(keep, st->err, sizeof keep);
        run(st, stmt(st, Q_ROLLBACK));
        memcpy(st->err, keep, sizeof keep);
        for (srv_pending *p = batch; p; p = p->next)
            p->ok = 0;
    }
}

int srv_store_append(srv_store *st, const char *id, int n, int player, const char *text,
                     long long at)
{
    srv_pending me = {NULL, id, text, n, player, at, 0, 0};
    pthread_mutex_lock(&st->qmu);
    if (st->qtail)
        st->qtail->next = &me;
    else
        st->qhead = &me;
    st->qtail = &me;
    while (!me.done) {
        if (st->writing) {
            pthread_cond_wait(&st->qcv, &st->qmu);
            continue;
        }
        st->writing = 1; /* this caller writes the group, its own row included */
        srv_pending *batch = st->qhead;
        st->qhead = st->qtail = NULL;
        pthread_mutex_unlock(&st->qmu);
        pthread_mutex_lock(&st->mu);
        commit_group(st, batch);
        pthread_mutex_unlock(&st->mu);
        pthread_mutex_lock(&st->qmu);
        for (srv_pending *p = batch, *next; p; p = next) {
            next = p->next; /* p may return (and vanish) once done is set */
            p->done = 1;
        }
        st->writing = 0;
        pthread_cond_broadcast(&st->qcv);
    }
    pthread_mutex_unlock(&st->qmu);
    return me.ok;
}

int srv_store_truncate(srv_store *st, const char *id, int n)
{
    pthread_mutex_lock(&st->mu);
    sqlite3_stmt *s = stmt(st, Q_ACT_DEL);
    bind_text(s, 1, id);
    sqlite3_bind_int(s, 2, n);
    int ok = run(st, s);
    pthread_mutex_unlock(&st->mu);
    return ok;
}

int srv_store_set_seat(srv_store *st, const char *id, int seat, const srv_seat_row *r)
{
    pthread_mutex_lock(&st->mu);
    sqlite3_stmt *s = stmt(st, Q_SEAT_UPD);
    sqlite3_bind_int(s, 1, r->bot);
    bind_text(s, 2, r->spec);
    bind_text(s, 3, r->token);
    bind_text(s, 4, r->name);
    sqlite3_bind_int(s, 5, r->claimed);
    bind_text(s, 6, id);
    sqlite3_bind_int(s, 7, seat);
    int ok = run(st, s);
    pthread_mutex_unlock(&st->mu);
    return ok;
}

int srv_store_set_over(srv_store *st, const char *id, int over)
{
    pthread_mutex_lock(&st->mu);
    sqlite3_stmt *s = stmt(st, Q_OVER_UPD);
    sqlite3_bind_int(s, 1, over);
    bind_text(s, 2, id);
    int ok = run(st, s);
    pthread_mutex_unlock(&st->mu);
    return ok;
}

int srv_store_set_rematch(srv_store *st, const char *id, const char *rematch)
{
    pthread_mutex_lock(&st->mu);
    sqlite3_stmt *s = stmt(st, Q_REMATCH_UPD);
    bind_text(s, 1, rematch);
    bind_text(s, 2, id);
    int ok = run(st, s);
    pthread_mutex_unlock(&st->mu);
    return ok;
}

int srv_store_delete(srv_store *st, const char *id)
{
    if (!begin(st))
        return 0;
    int ok = 1;
    for (int q = Q_GAME_DEL; ok && q <= Q_ACTS_DEL; q++) {
        sqlite3_stmt *s = stmt(st, q);
        bind_text(s, 1, id);
        ok = run(st, s);
    }
    sqlite3_stmt *s = NULL; /* the game's notes go with it */
    if (ok && sqlite3_prepare_v2(st->db, "DELETE FROM notes WHERE game_id=?", -1, &s, NULL) !=
                  SQLITE_OK)
        ok = store_fail(st);
    if (ok) {
        bind_text(s, 1, id);
        ok = run(st, s);
    }
    sqlite3_finalize(s);
    return finish(st, ok);
}

/* ------------------------------------------------------------ reads */

static int read_seats(srv_store *st, srv_game_row *g)
{
    sqlite3_stmt *s = stmt(st, Q_SEATS);
    bind_text(s, 1, g->id);
    int rc;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        int i = sqlite3_column_int(s, 0);
        if (i < 0 || i >= g->players || i >= 6)
            continue;
        srv_seat_row *r = &g->seats[i];
        r->bot = sqlite3_column_int(s, 1);
        copy_col(r->spec, sizeof r->spec, s, 2);
        copy_col(r->token, sizeof r->token, s, 3);
        copy_col(r->name, sizeof r->name, s, 4);
        r->claimed = sqlite3_column_int(s, 5);
    }
    sqlite3_reset(s);
    return rc == SQLITE_DONE ? 1 : store_fail(st);
}

static int read_actions(srv_store *st, const char *id, const srv_store_visitor *v)
{
    sqlite3_stmt *s = stmt(st, Q_ACTS);
    bind_text(s, 1, id);
    int rc, ok = 1;
    while (ok && (rc = sqlite3_step(s)) == SQLITE_ROW) {
        const unsigned char *t = sqlite3_column_text(s, 2);
        ok = v->on_action(v->ctx, id, sqlite3_column_int(s, 0), sqlite3_column_int(s, 1),
                          t ? (const char *)t : "");
    }
    sqlite3_reset(s);
    if (!ok)
        return 0;
    return rc == SQLITE_DONE ? 1 : store_fail(st);
}

int srv_store_actions(srv_store *st, const char *id, const srv_store_visitor *v)
{
    pthread_mutex_lock(&st->mu);
    int ok = read_actions(st, id, v);
    pthread_mutex_unlock(&st->mu);
    return ok;
}

static int read_game(srv_store *st, sqlite3_stmt *s, const srv_store_visitor *v)
{
    srv_game_row g;
    memset(&g, 0, sizeof g);
    copy_col(g.id, sizeof g.id, s, 0);
    copy_col(g.game, sizeof g.game, s, 1);
    g.players = sqlite3_column_int(s, 2);
    const unsigned char *seed = sqlite3_column_text(s, 3);
    g.seed = seed ? strtoull((const char *)seed, NULL, 10) : 0;
    const unsigned char *opt = sqlite3_column_text(s, 4);
    g.options = opt ? (const char *)opt : "";
    copy_col(g.name, sizeof g.name, s, 5);
    g.listed = sqlite3_column_int(s, 6);
    g.over = sqlite3_column_int(s, 7);
    g.created = sqlite3_column_int64(s, 8);
    copy_col(g.rematch, sizeof g.rematch, s, 9);
    g.last_move = sqlite3_column_int64(s, 10);
    if (g.players < 1 || g.players > 6)
        return 1; /* not a game this server wrote: skip it */
    if (!read_seats(st, &g) || !v->on_game(v->ctx, &g))
        return 0;
    return !v->on_action || read_actions(st, g.id, v);
}

int srv_store_load(srv_store *st, const srv_store_visitor *v)
{
    pthread_mutex_lock(&st->mu);
    sqlite3_stmt *s = stmt(st, Q_GAMES);
    int rc, ok = 1;
    while (ok && (rc = sqlite3_step(s)) == SQLITE_ROW)
        ok = read_game(st, s, v);
    if (ok && rc != SQLITE_DONE)
        ok = store_fail(st);
    sqlite3_reset(s);
    pthread_mutex_unlock(&st->mu);
    return ok;
}

/* ------------------------------------------------------------ notes */

/* Notes are rare (an analysis finished, a table created with hints): their
 * statements are prepared per call instead of living with the others. */
int srv_store_put_note(srv_store *st, const char *id, const char *key, const char *text)
{
    pthread_mutex_lock(&st->mu);
    sqlite3_stmt *s = NULL;
    int ok = sqlite3_prepare_v2(st->db,
                                "INSERT OR REPLACE INTO notes(game_id,key,text) VALUES(?,?,?)",
                                -1, &s, NULL) == SQLITE_OK;
    if (ok) {
        bind_text(s, 1, id);
        bind_text(s, 2, key);
        bind_text(s, 3, text);
        ok = run(st, s);
    } else
        store_fail(st);
    sqlite3_finalize(s);
    pthread_mutex_unlock(&st->mu);
    return ok;
}

int srv_store_get_note(srv_store *st, const char *id, const char *key, char **out)
{
    *out = NULL;
    pthread_mutex_lock(&st->mu);
    sqlite3_stmt *s = NULL;
    int ok = sqlite3_prepare_v2(st->db, "SELECT text FROM notes WHERE game_id=? AND key=?", -1,
                                &s, NULL) == SQLITE_OK;
    if (!ok)
        store_fail(st);
    else {
        bind_text(s, 1, id);
        bind_text(s, 2, key);
        int rc = sqlite3_step(s);
        if (rc == SQLITE_ROW) {
            const unsigned char *t = sqlite3_column_text(s, 0);
            *out = strdup(t ? (const char *)t : "");
            ok = *out != NULL;
            if (!ok)
                snprintf(st->err, sizeof st->err, "out of memory");
        } else if (rc != SQLITE_DONE)
            ok = store_fail(st);
    }
    sqlite3_finalize(s);
    pthread_mutex_unlock(&st->mu);
    return ok;
}
