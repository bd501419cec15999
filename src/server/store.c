/*
 * store.c - the server's storage (store.h) over one of two drivers
 * (store_int.h): SQLite (store_sqlite.c) or PostgreSQL (store_pg.c).  Every
 * statement is here, written once; the drivers only run them.
 *
 * Tables (both databases):
 *   games(id PK, game, players, seed, options, name, listed, over, created,
 *         rematch, timing, clock, rated, forfeit, pending, nacts, updated)
 *                      creation parameters, lobby facts, and the facts
 *                      after the newest move (pending seats, clocks as
 *                      text, actions stored; `updated` in unix ms so that
 *                      other servers see what changed)
 *   seats(game_id, seat, bot, spec, token, name, claimed, account)
 *   actions(game_id, n, player, text, at) PK (game_id, n)
 *   accounts(id, name, name_key UNIQUE, pwhash, created)
 *   sessions(hash PK, account, expires)     login sessions (hash of the
 *                                           cookie's secret, never the secret)
 *   login_limits(name_key PK, tokens, at)   failed-login buckets per name
 *   addr_hits(key, kind, win, n, expires) PK (key, kind, win)
 *                                           requests per client address, kind
 *                                           of limit and time window, counted
 *                                           by every server (peers.c); rows
 *                                           live two windows
 *   addr_conns(server, key, n) PK (server, key)   open connections per
 *                                           server and client address (only
 *                                           live servers' rows count)
 *   addr_tasks(server, key, n) PK (server, key)   analyses queued or running
 *                                           per server and client address
 *                                           (analysis.c; the same way)
 *   ratings(account, game, rating, games, wins, losses, draws) PK (account, game)
 *   results(game_id, seat, account, rank, rated, before, after) PK (game_id, seat)
 *   chat(game_id, n, channel, seat, account, name, text, at) PK (game_id, n)
 *   mutes(game_id, seat, target) PK all three
 *   leases(game_id PK, owner, expires)      which server hosts a running game
 *   notes(game_id, key, text) PK (game_id, key)   what other parts store with a
 *                                           game (analysis.c: finished analyses,
 *                                           the table's "hints" flag)
 *   servers(id PK, url, beat)               each server's public URL, alive when
 * The seed is stored as text (SQLite integers are signed 64-bit).  Times
 * are unix seconds (games.created, actions.at, accounts.created) or unix
 * milliseconds (everything about clocks, sessions, leases, chat).
 *
 * One connection serves every thread behind `mu`.  Moves are committed in
 * groups: srv_store_append queues its row (under `qmu`) and waits; the first
 * waiter that finds no commit running becomes the writer, takes every
 * queued row, inserts them in one transaction and wakes their callers after
 * COMMIT.  Each caller returns only when its own row is durable, but one
 * fsync serves every game that moved meanwhile.  A row that cannot be
 * inserted (its index taken, or on a shared database its game's lease held
 * by another server) fails alone: the inserts never raise an error inside
 * the transaction (ON CONFLICT DO NOTHING), which PostgreSQL would take as
 * the end of the whole transaction.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "server/store.h"
#include "server/store_int.h"

enum {
    Q_BEGIN, Q_COMMIT, Q_ROLLBACK,
    Q_GAME_INS, Q_SEAT_INS, Q_ACT_INS, Q_ACT_INS_LEASED, Q_FACTS_UPD, Q_ACT_DEL, Q_SEAT_UPD,
    Q_OVER_UPD, Q_REMATCH_UPD, Q_TOUCH, Q_GAMES, Q_GAMES_CHANGED, Q_GAME_ONE, Q_SEATS, Q_ACTS, Q_TOKEN,
    Q_GAME_DEL, Q_SEATS_DEL, Q_ACTS_DEL, Q_CHAT_DEL, Q_MUTES_DEL, Q_LEASE_DEL_GAME,
    Q_ACC_INS, Q_ACC_KEY, Q_ACC_ID,
    Q_SES_INS, Q_SES_GET, Q_SES_EXT, Q_SES_DEL, Q_SES_DEL_ACC, Q_SES_SWEEP,
    Q_LOGIN_GET, Q_LOGIN_PUT, Q_LOGIN_DEL, Q_HIT, Q_HIT_GET, Q_HIT_SWEEP, Q_HIT_ADD, Q_HIT_RECENT,
    Q_CONN_PUT, Q_CONN_DEL, Q_CONN_DROP, Q_CONN_OTHERS, Q_TASK_INS, Q_TASK_DROP, Q_TASK_OTHERS,
    Q_RAT_GET, Q_RAT_PUT, Q_RES_PUT, Q_RES_OF, Q_RAT_TOP, Q_RAT_OF,
    Q_CHAT_INS, Q_CHAT_LOAD, Q_MUTE_INS, Q_MUTE_DEL, Q_MUTES,
    Q_LEASE_GET, Q_LEASE_PUT, Q_LEASE_RENEW, Q_LEASE_MINE, Q_LEASE_DEL, Q_LEASE_ORPHANS,
    Q_SRV_PUT, Q_SRV_GET, Q_NOTE_PUT, Q_NOTE_GET, Q_NOTES_DEL,
    Q_COUNT
};

#define GAME_COLS                                                                                 \
    "g.id,g.game,g.players,g.seed,g.options,g.name,g.listed,g.over,g.created,g.rematch,"          \
    "g.timing,g.clock,g.rated,g.forfeit,g.pending,g.nacts,g.updated,"                              \
    "(SELECT max(at) FROM actions a WHERE a.game_id=g.id)"

static const sdb_sql store_sql[Q_COUNT] = {
    [Q_BEGIN] = {"BEGIN IMMEDIATE", "BEGIN"},
    [Q_COMMIT] = {"COMMIT", NULL},
    [Q_ROLLBACK] = {"ROLLBACK", NULL},
    [Q_GAME_INS] = {"INSERT INTO games(id,game,players,seed,options,name,listed,over,created,"
                    "rematch,timing,clock,rated,forfeit,pending,nacts,updated) "
                    "VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", NULL},
    [Q_SEAT_INS] = {"INSERT INTO seats(game_id,seat,bot,spec,token,name,claimed,account) "
                    "VALUES(?,?,?,?,?,?,?,?)", NULL},
    [Q_ACT_INS] = {"INSERT INTO actions(game_id,n,player,text,at) VALUES(?,?,?,?,?) "
                   "ON CONFLICT DO NOTHING", NULL},
    [Q_ACT_INS_LEASED] = {"INSERT INTO actions(game_id,n,player,text,at) SELECT ?,?,?,?,? "
                          "WHERE EXISTS (SELECT 1 FROM leases WHERE game_id=? AND owner=?) "
                          "ON CONFLICT DO NOTHING",
                          /* PostgreSQL types a SELECT list's parameters as text */
                          "INSERT INTO actions(game_id,n,player,text,at) SELECT $1::text,"
                          "$2::bigint,$3::bigint,$4::text,$5::bigint WHERE EXISTS (SELECT 1 FROM "
                          "leases WHERE game_id=$6 AND owner=$7) ON CONFLICT DO NOTHING"},
    [Q_FACTS_UPD] = {"UPDATE games SET over=?,rated=?,forfeit=?,pending=?,nacts=?,clock=?,"
                     "updated=? WHERE id=?", NULL},
    [Q_ACT_DEL] = {"DELETE FROM actions WHERE game_id=? AND n>=?", NULL},
    [Q_SEAT_UPD] = {"UPDATE seats SET bot=?,spec=?,token=?,name=?,claimed=?,account=? "
                    "WHERE game_id=? AND seat=?", NULL},
    [Q_OVER_UPD] = {"UPDATE games SET over=?,updated=? WHERE id=?", NULL},
    [Q_REMATCH_UPD] = {"UPDATE games SET rematch=?,updated=? WHERE id=?", NULL},
    [Q_TOUCH] = {"UPDATE games SET updated=? WHERE id=?", NULL},
    [Q_GAMES] = {"SELECT " GAME_COLS " FROM games g ORDER BY g.rowid",
                 "SELECT " GAME_COLS " FROM games g ORDER BY g.seq"},
    [Q_GAMES_CHANGED] = {"SELECT " GAME_COLS " FROM games g WHERE g.updated>? ORDER BY g.rowid",
                         "SELECT " GAME_COLS " FROM games g WHERE g.updated>? ORDER BY g.seq"},
    [Q_GAME_ONE] = {"SELECT " GAME_COLS " FROM games g WHERE g.id=?", NULL},
    [Q_SEATS] = {"SELECT seat,bot,spec,token,name,claimed,account FROM seats WHERE game_id=? "
                 "ORDER BY seat", NULL},
    [Q_ACTS] = {"SELECT n,player,text FROM actions WHERE game_id=? ORDER BY n", NULL},
    [Q_TOKEN] = {"SELECT game_id,seat FROM seats WHERE token=? LIMIT 1", NULL},
    [Q_GAME_DEL] = {"DELETE FROM games WHERE id=?", NULL},
    [Q_SEATS_DEL] = {"DELETE FROM seats WHERE game_id=?", NULL},
    [Q_ACTS_DEL] = {"DELETE FROM actions WHERE game_id=?", NULL},
    [Q_CHAT_DEL] = {"DELETE FROM chat WHERE game_id=?", NULL},
    [Q_MUTES_DEL] = {"DELETE FROM mutes WHERE game_id=?", NULL},
    [Q_LEASE_DEL_GAME] = {"DELETE FROM leases WHERE game_id=?", NULL},
    [Q_NOTE_PUT] = {"INSERT INTO notes(game_id,key,text) VALUES(?,?,?) ON CONFLICT(game_id,key) "
                    "DO UPDATE SET text=excluded.text", NULL},
    [Q_NOTE_GET] = {"SELECT text FROM notes WHERE game_id=? AND key=?", NULL},
    [Q_NOTES_DEL] = {"DELETE FROM notes WHERE game_id=?", NULL},
    [Q_ACC_INS] = {"INSERT INTO accounts(name,name_key,pwhash,created) VALUES(?,?,?,?) "
                   "ON CONFLICT DO NOTHING RETURNING id", NULL},
    [Q_ACC_KEY] = {"SELECT id,name,name_key,pwhash,created FROM accounts WHERE name_key=?", NULL},
    [Q_ACC_ID] = {"SELECT id,name,name_key,pwhash,created FROM accounts WHERE id=?", NULL},
    [Q_SES_INS] = {"INSERT INTO sessions(hash,account,expires) VALUES(?,?,?)", NULL},
    [Q_SES_GET] = {"SELECT account,expires FROM sessions WHERE hash=? AND expires>?", NULL},
    [Q_SES_EXT] = {"UPDATE sessions SET expires=? WHERE hash=?", NULL},
    [Q_SES_DEL] = {"DELETE FROM sessions WHERE hash=?", NULL},
    [Q_SES_DEL_ACC] = {"DELETE FROM sessions WHERE account=?", NULL},
    [Q_SES_SWEEP] = {"DELETE FROM sessions WHERE expires<=?", NULL},
    [Q_LOGIN_GET] = {"SELECT tokens,at FROM login_limits WHERE name_key=?",
                     "SELECT tokens,at FROM login_limits WHERE name_key=$1 FOR UPDATE"},
    [Q_LOGIN_PUT] = {"INSERT INTO login_limits(name_key,tokens,at) VALUES(?,?,?) ON CONFLICT"
                     "(name_key) DO UPDATE SET tokens=excluded.tokens,at=excluded.at", NULL},
    [Q_LOGIN_DEL] = {"DELETE FROM login_limits WHERE name_key=?", NULL},
    [Q_HIT] = {"INSERT INTO addr_hits(key,kind,win,n,expires) VALUES(?,?,?,1,?) ON CONFLICT"
               "(key,kind,win) DO UPDATE SET n=addr_hits.n+1 RETURNING n", NULL},
    [Q_HIT_GET] = {"SELECT n FROM addr_hits WHERE key=? AND kind=? AND win=?", NULL},
    [Q_HIT_SWEEP] = {"DELETE FROM addr_hits WHERE expires<?", NULL},
    [Q_HIT_ADD] = {"INSERT INTO addr_hits(key,kind,win,n,expires) VALUES(?,?,?,?,?) ON CONFLICT"
                   "(key,kind,win) DO UPDATE SET n=addr_hits.n+excluded.n", NULL},
    [Q_HIT_RECENT] = {"SELECT key,win,n FROM addr_hits WHERE kind=? AND win>=?", NULL},
    [Q_CONN_PUT] = {"INSERT INTO addr_conns(server,key,n) VALUES(?,?,?) ON CONFLICT(server,key) "
                    "DO UPDATE SET n=excluded.n", NULL},
    [Q_CONN_DEL] = {"DELETE FROM addr_conns WHERE server=? AND key=?", NULL},
    [Q_CONN_DROP] = {"DELETE FROM addr_conns WHERE server=?", NULL},
    [Q_CONN_OTHERS] = {"SELECT c.key,sum(c.n) FROM addr_conns c JOIN servers s ON s.id=c.server "
                       "WHERE c.server<>? AND s.beat>? GROUP BY c.key", NULL},
    [Q_TASK_INS] = {"INSERT INTO addr_tasks(server,key,n) VALUES(?,?,?) ON CONFLICT(server,key) "
                    "DO UPDATE SET n=addr_tasks.n+excluded.n", NULL},
    [Q_TASK_DROP] = {"DELETE FROM addr_tasks WHERE server=?", NULL},
    [Q_TASK_OTHERS] = {"SELECT t.key,sum(t.n) FROM addr_tasks t JOIN servers s ON s.id=t.server "
                       "WHERE t.server<>? AND s.beat>? GROUP BY t.key", NULL},
    [Q_RAT_GET] = {"SELECT r.account,r.game,r.rating,r.games,r.wins,r.losses,r.draws,a.name "
                   "FROM ratings r JOIN accounts a ON a.id=r.account WHERE r.account=? AND "
                   "r.game=?", NULL},
    [Q_RAT_PUT] = {"INSERT INTO ratings(account,game,rating,games,wins,losses,draws) "
                   "VALUES(?,?,?,?,?,?,?) ON CONFLICT(account,game) DO UPDATE SET "
                   "rating=excluded.rating,games=excluded.games,wins=excluded.wins,"
                   "losses=excluded.losses,draws=excluded.draws", NULL},
    [Q_RES_PUT] = {"INSERT INTO results(game_id,seat,account,rank,rated,before,after) "
                   "VALUES(?,?,?,?,?,?,?) ON CONFLICT(game_id,seat) DO NOTHING", NULL},
    [Q_RES_OF] = {"SELECT r.game_id,r.seat,r.account,r.rank,r.rated,r.before,r.after,g.game,"
                  "g.created FROM results r JOIN games g ON g.id=r.game_id WHERE r.account=? "
                  "ORDER BY g.created DESC, r.game_id LIMIT ?", NULL},
    [Q_RAT_TOP] = {"SELECT r.account,r.game,r.rating,r.games,r.wins,r.losses,r.draws,a.name "
                   "FROM ratings r JOIN accounts a ON a.id=r.account WHERE r.game=? "
                   "ORDER BY r.rating DESC, a.name LIMIT ?", NULL},
    [Q_RAT_OF] = {"SELECT r.account,r.game,r.rating,r.games,r.wins,r.losses,r.draws,a.name "
                  "FROM ratings r JOIN accounts a ON a.id=r.account WHERE r.account=? "
                  "ORDER BY r.game", NULL},
    [Q_CHAT_INS] = {"INSERT INTO chat(game_id,n,channel,seat,account,name,text,at) "
                    "VALUES(?,?,?,?,?,?,?,?)", NULL},
    [Q_CHAT_LOAD] = {"SELECT n,channel,seat,account,name,text,at FROM chat WHERE game_id=? "
                     "ORDER BY n DESC LIMIT ?", NULL},
    [Q_MUTE_INS] = {"INSERT INTO mutes(game_id,seat,target) VALUES(?,?,?) ON CONFLICT DO NOTHING",
                    NULL},
    [Q_MUTE_DEL] = {"DELETE FROM mutes WHERE game_id=? AND seat=? AND target=?", NULL},
    [Q_MUTES] = {"SELECT seat,target FROM mutes WHERE game_id=?", NULL},
    [Q_LEASE_GET] = {"SELECT owner,expires FROM leases WHERE game_id=?",
                     "SELECT owner,expires FROM leases WHERE game_id=$1 FOR UPDATE"},
    [Q_LEASE_PUT] = {"INSERT INTO leases(game_id,owner,expires) VALUES(?,?,?) ON CONFLICT"
                     "(game_id) DO UPDATE SET owner=excluded.owner,expires=excluded.expires",
                     NULL},
    [Q_LEASE_RENEW] = {"UPDATE leases SET expires=? WHERE owner=?", NULL},
    [Q_LEASE_MINE] = {"SELECT game_id FROM leases WHERE owner=?", NULL},
    [Q_LEASE_DEL] = {"DELETE FROM leases WHERE game_id=? AND owner=?", NULL},
    [Q_LEASE_ORPHANS] = {"SELECT g.id FROM games g LEFT JOIN leases l ON l.game_id=g.id WHERE "
                         "g.over=0 AND (l.game_id IS NULL OR l.expires<?) LIMIT ?", NULL},
    [Q_SRV_PUT] = {"INSERT INTO servers(id,url,beat) VALUES(?,?,?) ON CONFLICT(id) DO UPDATE "
                   "SET url=excluded.url,beat=excluded.beat", NULL},
    [Q_SRV_GET] = {"SELECT url FROM servers WHERE id=?", NULL},
};

/* The schema: SQLite's types, with the few words PostgreSQL spells
 * otherwise replaced by the PostgreSQL driver (store_pg.c). */
static const char *const schema_sqlite[] = {
    "CREATE TABLE IF NOT EXISTS games(id TEXT PRIMARY KEY, game TEXT NOT NULL,"
    " players INTEGER NOT NULL, seed TEXT NOT NULL, options TEXT NOT NULL, name TEXT NOT NULL,"
    " listed INTEGER NOT NULL, over INTEGER NOT NULL, created INTEGER NOT NULL,"
    " rematch TEXT NOT NULL, timing TEXT NOT NULL DEFAULT '', clock TEXT NOT NULL DEFAULT '',"
    " rated INTEGER NOT NULL DEFAULT 0, forfeit INTEGER NOT NULL DEFAULT 0,"
    " pending INTEGER NOT NULL DEFAULT 0, nacts INTEGER NOT NULL DEFAULT 0,"
    " updated INTEGER NOT NULL DEFAULT 0)",
    "CREATE TABLE IF NOT EXISTS seats(game_id TEXT NOT NULL, seat INTEGER NOT NULL,"
    " bot INTEGER NOT NULL, spec TEXT NOT NULL, token TEXT NOT NULL, name TEXT NOT NULL,"
    " claimed INTEGER NOT NULL, account INTEGER NOT NULL DEFAULT 0, PRIMARY KEY(game_id, seat))",
    "CREATE TABLE IF NOT EXISTS actions(game_id TEXT NOT NULL, n INTEGER NOT NULL,"
    " player INTEGER NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL DEFAULT 0,"
    " PRIMARY KEY(game_id, n)) WITHOUT ROWID",
    "CREATE TABLE IF NOT EXISTS accounts(id INTEGER PRIMARY KEY AUTOINCREMENT,"
    " name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE, pwhash TEXT NOT NULL,"
    " created INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS sessions(hash TEXT PRIMARY KEY, account INTEGER NOT NULL,"
    " expires INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS login_limits(name_key TEXT PRIMARY KEY, tokens REAL NOT NULL,"
    " at INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS addr_hits(key TEXT NOT NULL, kind INTEGER NOT NULL,"
    " win INTEGER NOT NULL, n INTEGER NOT NULL, expires INTEGER NOT NULL,"
    " PRIMARY KEY(key, kind, win))",
    "CREATE TABLE IF NOT EXISTS addr_conns(server TEXT NOT NULL, key TEXT NOT NULL,"
    " n INTEGER NOT NULL, PRIMARY KEY(server, key))",
    "CREATE TABLE IF NOT EXISTS addr_tasks(server TEXT NOT NULL, key TEXT NOT NULL,"
    " n INTEGER NOT NULL, PRIMARY KEY(server, key))",
    "CREATE TABLE IF NOT EXISTS ratings(account INTEGER NOT NULL, game TEXT NOT NULL,"
    " rating REAL NOT NULL, games INTEGER NOT NULL, wins INTEGER NOT NULL,"
    " losses INTEGER NOT NULL, draws INTEGER NOT NULL, PRIMARY KEY(account, game))",
    "CREATE TABLE IF NOT EXISTS results(game_id TEXT NOT NULL, seat INTEGER NOT NULL,"
    " account INTEGER NOT NULL, rank INTEGER NOT NULL, rated INTEGER NOT NULL,"
    " before REAL NOT NULL, after REAL NOT NULL, PRIMARY KEY(game_id, seat))",
    "CREATE TABLE IF NOT EXISTS chat(game_id TEXT NOT NULL, n INTEGER NOT NULL,"
    " channel INTEGER NOT NULL, seat INTEGER NOT NULL, account INTEGER NOT NULL,"
    " name TEXT NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY(game_id, n))",
    "CREATE TABLE IF NOT EXISTS mutes(game_id TEXT NOT NULL, seat INTEGER NOT NULL,"
    " target INTEGER NOT NULL, PRIMARY KEY(game_id, seat, target))",
    "CREATE TABLE IF NOT EXISTS leases(game_id TEXT PRIMARY KEY, owner TEXT NOT NULL,"
    " expires INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS servers(id TEXT PRIMARY KEY, url TEXT NOT NULL,"
    " beat INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS notes(game_id TEXT NOT NULL, key TEXT NOT NULL,"
    " text TEXT NOT NULL, PRIMARY KEY(game_id, key))",
    "CREATE INDEX IF NOT EXISTS seats_token ON seats(token)",
    "CREATE INDEX IF NOT EXISTS seats_account ON seats(account)",
    "CREATE INDEX IF NOT EXISTS sessions_account ON sessions(account)",
    "CREATE INDEX IF NOT EXISTS results_account ON results(account)",
    "CREATE INDEX IF NOT EXISTS ratings_game ON ratings(game, rating)",
    "CREATE INDEX IF NOT EXISTS games_updated ON games(updated)",
    "CREATE INDEX IF NOT EXISTS leases_owner ON leases(owner)",
    NULL,
};

/* Columns databases of older servers lack: table, column, definition, and
 * a statement that fills it (or NULL). */
static const char *const migrations[] = {
    "actions", "at", "INTEGER NOT NULL DEFAULT 0", NULL,
    "games", "timing", "TEXT NOT NULL DEFAULT ''", NULL,
    "games", "clock", "TEXT NOT NULL DEFAULT ''", NULL,
    "games", "rated", "INTEGER NOT NULL DEFAULT 0", NULL,
    "games", "forfeit", "INTEGER NOT NULL DEFAULT 0", NULL,
    "games", "pending", "INTEGER NOT NULL DEFAULT 0", NULL,
    "games", "nacts", "INTEGER NOT NULL DEFAULT 0",
    "UPDATE games SET nacts=(SELECT count(*) FROM actions a WHERE a.game_id=games.id)",
    "games", "updated", "INTEGER NOT NULL DEFAULT 0", NULL,
    "seats", "account", "INTEGER NOT NULL DEFAULT 0", NULL,
    NULL,
};

/* A queued move waiting for its group commit. */
typedef struct srv_pending {
    struct srv_pending *next;
    const char *id, *text, *owner;
    int n, player;
    long long at;
    const srv_game_row *after;
    int done, ok;
} srv_pending;

struct srv_store {
    const sdb_ops *ops;
    sdb *db;
    int shared;
    pthread_mutex_t mu;
    char err[256];
    pthread_mutex_t qmu; /* the queue of moves to commit */
    pthread_cond_t qcv;
    srv_pending *qhead, *qtail;
    int writing;
    long long slowest_ms; /* the longest commit of a group of moves (mu) */
};

static long long now_ms(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return (long long)tv.tv_sec * 1000 + tv.tv_usec / 1000;
}

/* ------------------------------------------------------------ life */

srv_store *srv_store_open(const char *path, int sync_full, char *err, size_t errcap)
{
    srv_store *st = calloc(1, sizeof *st);
    if (!st) {
        snprintf(err, errcap, "out of memory");
        return NULL;
    }
    int pg = !strncmp(path, "postgresql://", 13) || !strncmp(path, "postgres://", 11);
    st->ops = pg ? &sdb_pg_ops : &sdb_sqlite_ops;
    st->shared = pg;
    st->db = pg ? sdb_pg_open(path, sync_full, schema_sqlite, migrations, store_sql, Q_COUNT, err,
                              errcap)
                : sdb_sqlite_open(path, sync_full, schema_sqlite, migrations, store_sql, Q_COUNT,
                                  err, errcap);
    if (!st->db) {
        free(st);
        return NULL;
    }
    pthread_mutex_init(&st->mu, NULL);
    pthread_mutex_init(&st->qmu, NULL);
    pthread_cond_init(&st->qcv, NULL);
    return st;
}

void srv_store_close(srv_store *st)
{
    if (!st)
        return;
    st->ops->close(st->db);
    pthread_mutex_destroy(&st->mu);
    pthread_mutex_destroy(&st->qmu);
    pthread_cond_destroy(&st->qcv);
    free(st);
}

const char *srv_store_error(srv_store *st, char *buf, size_t cap)
{
    pthread_mutex_lock(&st->mu);
    snprintf(buf, cap, "%s", st->err);
    pthread_mutex_unlock(&st->mu);
    return buf;
}

int srv_store_shared(const srv_store *st) { return st->shared; }

/* ------------------------------------------------------------ helpers (mu held) */

static int fail(srv_store *st)
{
    snprintf(st->err, sizeof st->err, "database: %s", st->ops->errmsg(st->db));
    return 0;
}

/* Run q; SDB_OK, SDB_CONFLICT or 0 (the message kept). */
static int runq(srv_store *st, int q, const sdb_arg *a, int n, sdb_each each, void *ctx,
                long long *changed)
{
    int rc = st->ops->run(st->db, q, a, n, each, ctx, changed);
    if (rc == SDB_ERR)
        fail(st);
    return rc;
}
#define RUN(st, q, ...)                                                                           \
    runq((st), (q), (const sdb_arg[]){__VA_ARGS__},                                               \
         (int)(sizeof((const sdb_arg[]){__VA_ARGS__}) / sizeof(sdb_arg)), NULL, NULL, NULL)
#define EACH(st, q, each, ctx, ...)                                                               \
    runq((st), (q), (const sdb_arg[]){__VA_ARGS__},                                               \
         (int)(sizeof((const sdb_arg[]){__VA_ARGS__}) / sizeof(sdb_arg)), (each), (ctx), NULL)

static int begin(srv_store *st)
{
    pthread_mutex_lock(&st->mu);
    if (runq(st, Q_BEGIN, NULL, 0, NULL, NULL, NULL) == SDB_OK)
        return 1;
    pthread_mutex_unlock(&st->mu);
    return 0;
}

/* Commit when ok, else roll back; releases the mutex. */
static int finish(srv_store *st, int ok)
{
    if (ok)
        ok = runq(st, Q_COMMIT, NULL, 0, NULL, NULL, NULL) == SDB_OK;
    if (!ok) {
        char keep[sizeof st->err];
        memcpy(keep, st->err, sizeof keep);
        runq(st, Q_ROLLBACK, NULL, 0, NULL, NULL, NULL);
        memcpy(st->err, keep, sizeof keep);
    }
    pthread_mutex_unlock(&st->mu);
    return ok;
}

/* One statement as its own transaction. */
#define ONE(st, q, ...)                                                                           \
    (pthread_mutex_lock(&(st)->mu), one_done((st), RUN((st), (q), __VA_ARGS__)))
static int one_done(srv_store *st, int rc)
{
    pthread_mutex_unlock(&st->mu);
    return rc == SDB_OK;
}

static void copy_col(srv_store *st, sdb_row *r, int col, char *dst, size_t cap)
{
    snprintf(dst, cap, "%s", st->ops->col_text(r, col));
}

/* ------------------------------------------------------------ facts as text */

static void timing_text(const srv_timing *t, char *out, size_t cap)
{
    if (t->mode == SRV_UNTIMED)
        snprintf(out, cap, "%s", "");
    else
        snprintf(out, cap, "%d:%d:%lld:%lld:%d", t->mode, t->per_move, t->base_ms, t->inc_ms,
                 t->on_timeout);
}

static void timing_parse(const char *s, srv_timing *t)
{
    memset(t, 0, sizeof *t);
    if (sscanf(s, "%d:%d:%lld:%lld:%d", &t->mode, &t->per_move, &t->base_ms, &t->inc_ms,
               &t->on_timeout) != 5 ||
        t->mode < SRV_UNTIMED || t->mode > SRV_TURNBASED || t->base_ms <= 0 || t->inc_ms < 0)
        memset(t, 0, sizeof *t);
}

/* "left0,left1,...;since0,since1,..." */
static void clock_text(const srv_clock *c, int players, char *out, size_t cap)
{
    size_t o = 0;
    out[0] = '\0';
    for (int k = 0; k < 2; k++)
        for (int p = 0; p < players && o < cap; p++) {
            const long long v = k ? c->since[p] : c->left[p];
            int w = snprintf(out + o, cap - o, "%s%lld", p ? "," : k ? ";" : "", v);
            o += w > 0 ? (size_t)w : 0;
        }
}

static void clock_parse(const char *s, int players, srv_clock *c)
{
    memset(c, 0, sizeof *c);
    const char *p = s;
    for (int k = 0; k < 2 && *p; k++)
        for (int i = 0; i < players && i < SRV_SEATS; i++) {
            char *end;
            long long v = strtoll(p, &end, 10);
            if (end == p)
                return;
            if (k)
                c->since[i] = v;
            else
                c->left[i] = v;
            p = *end ? end + 1 : end;
        }
}

/* ------------------------------------------------------------ games */

static int insert_seat(srv_store *st, const char *id, int i, const srv_seat_row *r)
{
    return RUN(st, Q_SEAT_INS, SS(id), SI(i), SI(r->bot), SS(r->spec), SS(r->token), SS(r->name),
               SI(r->claimed), SI(r->account)) == SDB_OK;
}

int srv_store_create(srv_store *st, const srv_game_row *g)
{
    if (!begin(st))
        return 0;
    char seed[24], timing[96], clock[400];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)g->seed);
    timing_text(&g->timing, timing, sizeof timing);
    clock_text(&g->clock, g->players, clock, sizeof clock);
    int rc = RUN(st, Q_GAME_INS, SS(g->id), SS(g->game), SI(g->players), SS(seed),
                 SS(g->options ? g->options : ""), SS(g->name), SI(g->listed), SI(g->over),
                 SI(g->created), SS(g->rematch), SS(timing), SS(clock), SI(g->rated),
                 SI(g->forfeit), SI(g->pending), SI(g->nacts), SI(now_ms()));
    if (rc == SDB_CONFLICT)
        snprintf(st->err, sizeof st->err, "database: a game with id %s exists", g->id);
    int ok = rc == SDB_OK;
    for (int i = 0; ok && i < g->players; i++)
        ok = insert_seat(st, g->id, i, &g->seats[i]);
    return finish(st, ok);
}

static int write_facts(srv_store *st, const srv_game_row *g)
{
    char clock[400];
    clock_text(&g->clock, g->players, clock, sizeof clock);
    return RUN(st, Q_FACTS_UPD, SI(g->over), SI(g->rated), SI(g->forfeit), SI(g->pending),
               SI(g->nacts), SS(clock), SI(now_ms()), SS(g->id)) == SDB_OK;
}

int srv_store_set_facts(srv_store *st, const srv_game_row *g)
{
    pthread_mutex_lock(&st->mu);
    int ok = write_facts(st, g);
    pthread_mutex_unlock(&st->mu);
    return ok;
}

/* Insert a group of moves in one transaction (mu held). */
static void commit_group(srv_store *st, srv_pending *batch)
{
    int began = runq(st, Q_BEGIN, NULL, 0, NULL, NULL, NULL) == SDB_OK;
    for (srv_pending *p = batch; p; p = p->next) {
        long long changed = 0;
        int rc = 0;
        if (!began)
            rc = 0;
        else if (st->shared && p->owner)
            rc = runq(st, Q_ACT_INS_LEASED,
                      (const sdb_arg[]){SS(p->id), SI(p->n), SI(p->player), SS(p->text),
                                        SI(p->at), SS(p->id), SS(p->owner)},
                      7, NULL, NULL, &changed);
        else
            rc = runq(st, Q_ACT_INS,
                      (const sdb_arg[]){SS(p->id), SI(p->n), SI(p->player), SS(p->text),
                                        SI(p->at)},
                      5, NULL, NULL, &changed);
        p->ok = rc == SDB_OK && changed == 1;
        if (rc == SDB_OK && changed != 1)
            snprintf(st->err, sizeof st->err,
                     st->shared && p->owner
                         ? "database: move %d of game %s not stored: its index is taken or "
                           "another server hosts the game now"
                         : "database: move %d of game %s not stored: its index is taken",
                     p->n, p->id);
        if (p->ok && p->after)
            p->ok = write_facts(st, p->after);
    }
    if (began && runq(st, Q_COMMIT, NULL, 0, NULL, NULL, NULL) != SDB_OK) {
        char keep[sizeof st->err];
        memcpy(keep, st->err, sizeof keep);
        runq(st, Q_ROLLBACK, NULL, 0, NULL, NULL, NULL);
        memcpy(st->err, keep, sizeof keep);
        for (srv_pending *p = batch; p; p = p->next)
            p->ok = 0;
    }
}

int srv_store_append_facts(srv_store *st, const char *id, int n, int player, const char *text,
                           long long at, const srv_game_row *after, const char *owner)
{
    srv_pending me = {.id = id, .text = text, .owner = owner, .n = n, .player = player,
                      .at = at, .after = after};
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
        long long t0 = now_ms();
        commit_group(st, batch);
        if (now_ms() - t0 > st->slowest_ms)
            st->slowest_ms = now_ms() - t0;
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

long long srv_store_slowest_commit_ms(srv_store *st)
{
    pthread_mutex_lock(&st->mu);
    long long ms = st->slowest_ms;
    pthread_mutex_unlock(&st->mu);
    return ms;
}

int srv_store_append(srv_store *st, const char *id, int n, int player, const char *text,
                     long long at)
{
    return srv_store_append_facts(st, id, n, player, text, at, NULL, NULL);
}

int srv_store_truncate(srv_store *st, const char *id, int n)
{
    return ONE(st, Q_ACT_DEL, SS(id), SI(n));
}

int srv_store_set_seat(srv_store *st, const char *id, int seat, const srv_seat_row *r)
{
    if (!begin(st))
        return 0;
    int ok = RUN(st, Q_SEAT_UPD, SI(r->bot), SS(r->spec), SS(r->token), SS(r->name),
                 SI(r->claimed), SI(r->account), SS(id), SI(seat)) == SDB_OK;
    /* the row changed: other servers' lobbies see the seat */
    ok = ok && RUN(st, Q_TOUCH, SI(now_ms()), SS(id)) == SDB_OK;
    return finish(st, ok);
}

int srv_store_set_over(srv_store *st, const char *id, int over)
{
    return ONE(st, Q_OVER_UPD, SI(over), SI(now_ms()), SS(id));
}

int srv_store_set_rematch(srv_store *st, const char *id, const char *rematch)
{
    return ONE(st, Q_REMATCH_UPD, SS(rematch), SI(now_ms()), SS(id));
}

int srv_store_delete(srv_store *st, const char *id)
{
    static const int qs[] = {Q_GAME_DEL, Q_SEATS_DEL, Q_ACTS_DEL, Q_CHAT_DEL, Q_MUTES_DEL,
                             Q_LEASE_DEL_GAME, Q_NOTES_DEL};
    if (!begin(st))
        return 0;
    int ok = 1;
    for (size_t i = 0; ok && i < sizeof qs / sizeof *qs; i++)
        ok = RUN(st, qs[i], SS(id)) == SDB_OK;
    return finish(st, ok);
}

/* ------------------------------------------------------------ reading games */

typedef struct seat_ctx {
    srv_store *st;
    srv_game_row *g;
} seat_ctx;

static int seat_row(void *ctx, sdb_row *r)
{
    seat_ctx *L = ctx;
    srv_game_row *g = L->g;
    srv_store *st = L->st;
    int i = (int)st->ops->col_int(r, 0);
    if (i < 0 || i >= g->players || i >= SRV_SEATS)
        return 1;
    srv_seat_row *s = &g->seats[i];
    s->bot = (int)st->ops->col_int(r, 1);
    copy_col(st, r, 2, s->spec, sizeof s->spec);
    copy_col(st, r, 3, s->token, sizeof s->token);
    copy_col(st, r, 4, s->name, sizeof s->name);
    s->claimed = (int)st->ops->col_int(r, 5);
    s->account = st->ops->col_int(r, 6);
    return 1;
}

static int read_seats(srv_store *st, srv_game_row *g)
{
    seat_ctx L = {st, g};
    return EACH(st, Q_SEATS, seat_row, &L, SS(g->id)) == SDB_OK;
}

typedef struct act_ctx {
    srv_store *st;
    const char *id;
    const srv_store_visitor *v;
    int stopped;
} act_ctx;

static int act_row(void *ctx, sdb_row *r)
{
    act_ctx *A = ctx;
    const sdb_ops *o = A->st->ops;
    if (!A->v->on_action(A->v->ctx, A->id, (int)o->col_int(r, 0), (int)o->col_int(r, 1),
                         o->col_text(r, 2))) {
        A->stopped = 1;
        return 0;
    }
    return 1;
}

static int read_actions(srv_store *st, const char *id, const srv_store_visitor *v)
{
    act_ctx A = {st, id, v, 0};
    int ok = EACH(st, Q_ACTS, act_row, &A, SS(id)) == SDB_OK;
    return ok && !A.stopped;
}

int srv_store_actions(srv_store *st, const char *id, const srv_store_visitor *v)
{
    pthread_mutex_lock(&st->mu);
    int ok = read_actions(st, id, v);
    pthread_mutex_unlock(&st->mu);
    return ok;
}

/* A game row: its columns (GAME_COLS) into g.  The options text lives as
 * long as the row. */
static int fill_game(srv_store *st, sdb_row *r, srv_game_row *g)
{
    const sdb_ops *o = st->ops;
    memset(g, 0, sizeof *g);
    copy_col(st, r, 0, g->id, sizeof g->id);
    copy_col(st, r, 1, g->game, sizeof g->game);
    g->players = (int)o->col_int(r, 2);
    g->seed = strtoull(o->col_text(r, 3), NULL, 10);
    g->options = o->col_text(r, 4);
    copy_col(st, r, 5, g->name, sizeof g->name);
    g->listed = (int)o->col_int(r, 6);
    g->over = (int)o->col_int(r, 7);
    g->created = o->col_int(r, 8);
    copy_col(st, r, 9, g->rematch, sizeof g->rematch);
    timing_parse(o->col_text(r, 10), &g->timing);
    if (g->players >= 1 && g->players <= SRV_SEATS)
        clock_parse(o->col_text(r, 11), g->players, &g->clock);
    g->rated = (int)o->col_int(r, 12);
    g->forfeit = (uint32_t)o->col_int(r, 13);
    g->pending = (uint32_t)o->col_int(r, 14);
    g->nacts = (int)o->col_int(r, 15);
    g->updated = o->col_int(r, 16);
    g->last_move = o->col_null(r, 17) ? 0 : o->col_int(r, 17);
    return g->players >= 1 && g->players <= SRV_SEATS; /* else not a game this server wrote */
}

/* Rows are collected first: PostgreSQL's driver hands out rows of one
 * result, and reading the seats runs another statement. */
typedef struct game_list {
    srv_store *st;
    srv_game_row *rows;
    char **opts;
    int n, cap, oom;
} game_list;

static int collect_game(void *ctx, sdb_row *r)
{
    game_list *G = ctx;
    if (G->n == G->cap) {
        int cap = G->cap ? G->cap * 2 : 64;
        srv_game_row *rows = realloc(G->rows, sizeof *rows * (size_t)cap);
        if (rows)
            G->rows = rows;
        char **opts = rows ? realloc(G->opts, sizeof *opts * (size_t)cap) : NULL;
        if (opts)
            G->opts = opts;
        if (!rows || !opts) {
            G->oom = 1;
            return 0;
        }
        G->cap = cap;
    }
    srv_game_row *g = &G->rows[G->n];
    if (!fill_game(G->st, r, g))
        return 1; /* skipped */
    G->opts[G->n] = strdup(g->options);
    if (!G->opts[G->n]) {
        G->oom = 1;
        return 0;
    }
    g->options = G->opts[G->n];
    G->n++;
    return 1;
}

static void list_free(game_list *G)
{
    for (int i = 0; i < G->n; i++)
        free(G->opts[i]);
    free(G->opts);
    free(G->rows);
}

/* Run a query of games, then hand each (with seats, and actions when the
 * visitor wants them) to the visitor.  mu held. */
static int visit_games(srv_store *st, int q, const sdb_arg *a, int na, const srv_store_visitor *v,
                       int *count)
{
    game_list G = {.st = st};
    int ok = runq(st, q, a, na, collect_game, &G, NULL) == SDB_OK;
    if (ok && G.oom) {
        snprintf(st->err, sizeof st->err, "out of memory reading games");
        ok = 0;
    }
    for (int i = 0; ok && i < G.n; i++) {
        ok = read_seats(st, &G.rows[i]) && v->on_game(v->ctx, &G.rows[i]);
        if (ok && v->on_action)
            ok = read_actions(st, G.rows[i].id, v);
    }
    if (count)
        *count = G.n;
    list_free(&G);
    return ok;
}

int srv_store_load(srv_store *st, const srv_store_visitor *v)
{
    pthread_mutex_lock(&st->mu);
    int ok = visit_games(st, Q_GAMES, NULL, 0, v, NULL);
    pthread_mutex_unlock(&st->mu);
    return ok;
}

int srv_store_changed(srv_store *st, long long since, const srv_store_visitor *v)
{
    pthread_mutex_lock(&st->mu);
    int ok = visit_games(st, Q_GAMES_CHANGED, (const sdb_arg[]){SI(since)}, 1, v, NULL);
    pthread_mutex_unlock(&st->mu);
    return ok;
}

int srv_store_game(srv_store *st, const char *id, const srv_store_visitor *v)
{
    int n = 0;
    pthread_mutex_lock(&st->mu);
    int ok = visit_games(st, Q_GAME_ONE, (const sdb_arg[]){SS(id)}, 1, v, &n);
    pthread_mutex_unlock(&st->mu);
    return !ok ? -1 : n > 0;
}

typedef struct token_ctx {
    srv_store *st;
    char *id;
    int *seat, found;
} token_ctx;

static int token_row(void *ctx, sdb_row *r)
{
    token_ctx *T = ctx;
    snprintf(T->id, SRV_ID_LEN, "%s", T->st->ops->col_text(r, 0));
    *T->seat = (int)T->st->ops->col_int(r, 1);
    T->found = 1;
    return 0;
}

int srv_store_find_token(srv_store *st, const char *token, char *id, int *seat)
{
    token_ctx T = {st, id, seat, 0};
    pthread_mutex_lock(&st->mu);
    int rc = EACH(st, Q_TOKEN, token_row, &T, SS(token));
    pthread_mutex_unlock(&st->mu);
    return rc != SDB_OK ? -1 : T.found;
}

/* ------------------------------------------------------------ accounts */

typedef struct one_ctx {
    srv_store *st;
    void *out;
    int found;
} one_ctx;

static int id_row(void *ctx, sdb_row *r)
{
    one_ctx *O = ctx;
    *(long long *)O->out = O->st->ops->col_int(r, 0);
    O->found = 1;
    return 0;
}

int srv_store_account_add(srv_store *st, srv_account *a)
{
    one_ctx O = {st, &a->id, 0};
    pthread_mutex_lock(&st->mu);
    int rc = EACH(st, Q_ACC_INS, id_row, &O, SS(a->name), SS(a->key), SS(a->pwhash),
                  SI(a->created));
    pthread_mutex_unlock(&st->mu);
    if (rc == SDB_CONFLICT || (rc == SDB_OK && !O.found))
        return 2; /* the name is taken */
    return rc == SDB_OK;
}

static int account_row(void *ctx, sdb_row *r)
{
    one_ctx *O = ctx;
    srv_account *a = O->out;
    a->id = O->st->ops->col_int(r, 0);
    copy_col(O->st, r, 1, a->name, sizeof a->name);
    copy_col(O->st, r, 2, a->key, sizeof a->key);
    copy_col(O->st, r, 3, a->pwhash, sizeof a->pwhash);
    a->created = O->st->ops->col_int(r, 4);
    O->found = 1;
    return 0;
}

static int account_by(srv_store *st, int q, sdb_arg arg, srv_account *out)
{
    memset(out, 0, sizeof *out);
    one_ctx O = {st, out, 0};
    pthread_mutex_lock(&st->mu);
    int rc = runq(st, q, &arg, 1, account_row, &O, NULL);
    pthread_mutex_unlock(&st->mu);
    return rc != SDB_OK ? -1 : O.found;
}

int srv_store_account_by_key(srv_store *st, const char *key, srv_account *out)
{
    return account_by(st, Q_ACC_KEY, SS(key), out);
}

int srv_store_account_by_id(srv_store *st, long long id, srv_account *out)
{
    return account_by(st, Q_ACC_ID, SI(id), out);
}

int srv_store_session_add(srv_store *st, const char *hash, long long account, long long expires)
{
    return ONE(st, Q_SES_INS, SS(hash), SI(account), SI(expires));
}

static int session_row(void *ctx, sdb_row *r)
{
    one_ctx *O = ctx;
    long long *out = O->out;
    out[0] = O->st->ops->col_int(r, 0);
    out[1] = O->st->ops->col_int(r, 1);
    O->found = 1;
    return 0;
}

int srv_store_session_get(srv_store *st, const char *hash, long long now, long long *account,
                          long long *expires)
{
    long long v[2] = {0, 0};
    one_ctx O = {st, v, 0};
    pthread_mutex_lock(&st->mu);
    int rc = EACH(st, Q_SES_GET, session_row, &O, SS(hash), SI(now));
    pthread_mutex_unlock(&st->mu);
    *account = v[0];
    *expires = v[1];
    return rc != SDB_OK ? -1 : O.found;
}

int srv_store_session_extend(srv_store *st, const char *hash, long long expires)
{
    return ONE(st, Q_SES_EXT, SI(expires), SS(hash));
}

int srv_store_session_del(srv_store *st, const char *hash)
{
    return ONE(st, Q_SES_DEL, SS(hash));
}

int srv_store_session_del_account(srv_store *st, long long account)
{
    return ONE(st, Q_SES_DEL_ACC, SI(account));
}

int srv_store_session_sweep(srv_store *st, long long now)
{
    return ONE(st, Q_SES_SWEEP, SI(now));
}

static int bucket_row(void *ctx, sdb_row *r)
{
    one_ctx *O = ctx;
    double *out = O->out;
    out[0] = O->st->ops->col_double(r, 0);
    out[1] = (double)O->st->ops->col_int(r, 1);
    O->found = 1;
    return 0;
}

int srv_store_login_take(srv_store *st, const char *key, long long now, double per_s,
                         double burst, long long *wait_s)
{
    double b[2] = {burst, (double)now};
    one_ctx O = {st, b, 0};
    *wait_s = 0;
    if (!begin(st))
        return -1;
    int ok = EACH(st, Q_LOGIN_GET, bucket_row, &O, SS(key)) == SDB_OK;
    double tokens = burst;
    if (O.found) {
        double dt = ((double)now - b[1]) / 1000.0;
        tokens = b[0] + (dt > 0 ? dt * per_s : 0);
        if (tokens > burst)
            tokens = burst;
    }
    int took = tokens >= 1.0;
    if (took)
        tokens -= 1.0;
    else
        *wait_s = (long long)((1.0 - tokens) / per_s) + 1;
    ok = ok && RUN(st, Q_LOGIN_PUT, SS(key), SD(tokens), SI(now)) == SDB_OK;
    return finish(st, ok) ? took : -1;
}

int srv_store_login_reset(srv_store *st, const char *key)
{
    return ONE(st, Q_LOGIN_DEL, SS(key));
}

static int count_row(void *ctx, sdb_row *r)
{
    one_ctx *O = ctx;
    *(long long *)O->out = O->st->ops->col_int(r, 0);
    O->found = 1;
    return 0;
}

int srv_store_addr_hit(srv_store *st, const char *key, int kind, long long win,
                       long long expires, long long *cur, long long *prev)
{
    one_ctx C = {st, cur, 0}, P = {st, prev, 0};
    *cur = *prev = 0;
    if (!begin(st))
        return 0;
    int ok = EACH(st, Q_HIT, count_row, &C, SS(key), SI(kind), SI(win), SI(expires)) == SDB_OK &&
             C.found &&
             EACH(st, Q_HIT_GET, count_row, &P, SS(key), SI(kind), SI(win - 1)) == SDB_OK;
    return finish(st, ok);
}

int srv_store_addr_sweep(srv_store *st, long long now_ms)
{
    return ONE(st, Q_HIT_SWEEP, SI(now_ms));
}

int srv_store_addr_add(srv_store *st, int kind, long long win_ms, const srv_addr_count *rows,
                       int n)
{
    if (!begin(st))
        return 0;
    int ok = 1;
    for (int i = 0; ok && i < n; i++)
        ok = RUN(st, Q_HIT_ADD, SS(rows[i].key), SI(kind), SI(rows[i].win), SI(rows[i].n),
                 SI((rows[i].win + 2) * win_ms)) == SDB_OK;
    return finish(st, ok);
}

typedef struct recent_ctx {
    srv_store *st;
    int (*fn)(void *ctx, const char *key, long long win, long long n);
    void *ctx;
} recent_ctx;

static int recent_row(void *ctx, sdb_row *r)
{
    recent_ctx *R = ctx;
    const sdb_ops *o = R->st->ops;
    return R->fn(R->ctx, o->col_text(r, 0), o->col_int(r, 1), o->col_int(r, 2));
}

int srv_store_addr_recent(srv_store *st, int kind, long long since_win,
                          int (*fn)(void *ctx, const char *key, long long win, long long n),
                          void *ctx)
{
    recent_ctx R = {st, fn, ctx};
    pthread_mutex_lock(&st->mu);
    int rc = EACH(st, Q_HIT_RECENT, recent_row, &R, SI(kind), SI(since_win));
    pthread_mutex_unlock(&st->mu);
    return rc == SDB_OK;
}

int srv_store_conns_put(srv_store *st, const char *server, const srv_addr_count *rows, int n)
{
    if (!begin(st))
        return 0;
    int ok = 1;
    for (int i = 0; ok && i < n; i++)
        ok = (rows[i].n > 0 ? RUN(st, Q_CONN_PUT, SS(server), SS(rows[i].key), SI(rows[i].n))
                            : RUN(st, Q_CONN_DEL, SS(server), SS(rows[i].key))) == SDB_OK;
    return finish(st, ok);
}

int srv_store_conns_drop(srv_store *st, const char *server)
{
    int conns = ONE(st, Q_CONN_DROP, SS(server)), tasks = ONE(st, Q_TASK_DROP, SS(server));
    return conns && tasks;
}

int srv_store_tasks_put(srv_store *st, const char *server, const srv_addr_count *rows, int n)
{
    if (!begin(st))
        return 0;
    int ok = RUN(st, Q_TASK_DROP, SS(server)) == SDB_OK;
    for (int i = 0; ok && i < n; i++)
        ok = RUN(st, Q_TASK_INS, SS(server), SS(rows[i].key), SI(rows[i].n)) == SDB_OK;
    return finish(st, ok);
}

typedef struct others_ctx {
    srv_store *st;
    int (*fn)(void *ctx, const char *key, long long n);
    void *ctx;
} others_ctx;

static int others_row(void *ctx, sdb_row *r)
{
    others_ctx *O = ctx;
    return O->fn(O->ctx, O->st->ops->col_text(r, 0), O->st->ops->col_int(r, 1));
}

/* The other live servers' counts per address of query q (addr_conns or addr_tasks). */
static int others_of(srv_store *st, int q, const char *server, long long alive_after,
                     int (*fn)(void *ctx, const char *key, long long n), void *ctx)
{
    others_ctx O = {st, fn, ctx};
    pthread_mutex_lock(&st->mu);
    int rc = EACH(st, q, others_row, &O, SS(server), SI(alive_after));
    pthread_mutex_unlock(&st->mu);
    return rc == SDB_OK;
}

int srv_store_conns_others(srv_store *st, const char *server, long long alive_after,
                           int (*fn)(void *ctx, const char *key, long long n), void *ctx)
{
    return others_of(st, Q_CONN_OTHERS, server, alive_after, fn, ctx);
}

int srv_store_tasks_others(srv_store *st, const char *server, long long alive_after,
                           int (*fn)(void *ctx, const char *key, long long n), void *ctx)
{
    return others_of(st, Q_TASK_OTHERS, server, alive_after, fn, ctx);
}

/* ------------------------------------------------------------ ratings */

static void rating_fill(srv_store *st, sdb_row *r, srv_rating_row *out)
{
    const sdb_ops *o = st->ops;
    memset(out, 0, sizeof *out);
    out->account = o->col_int(r, 0);
    copy_col(st, r, 1, out->game, sizeof out->game);
    out->rating = o->col_double(r, 2);
    out->games = (int)o->col_int(r, 3);
    out->wins = (int)o->col_int(r, 4);
    out->losses = (int)o->col_int(r, 5);
    out->draws = (int)o->col_int(r, 6);
    copy_col(st, r, 7, out->name, sizeof out->name);
}

static int rating_one(void *ctx, sdb_row *r)
{
    one_ctx *O = ctx;
    rating_fill(O->st, r, O->out);
    O->found = 1;
    return 0;
}

int srv_store_rating_get(srv_store *st, long long account, const char *game, srv_rating_row *out)
{
    memset(out, 0, sizeof *out);
    one_ctx O = {st, out, 0};
    pthread_mutex_lock(&st->mu);
    int rc = EACH(st, Q_RAT_GET, rating_one, &O, SI(account), SS(game));
    pthread_mutex_unlock(&st->mu);
    return rc != SDB_OK ? -1 : O.found;
}

int srv_store_game_results(srv_store *st, const srv_result_row *res, int nres,
                           const srv_rating_row *rat, int nrat)
{
    if (!begin(st))
        return 0;
    int ok = 1;
    for (int i = 0; ok && i < nres; i++)
        ok = RUN(st, Q_RES_PUT, SS(res[i].game_id), SI(res[i].seat), SI(res[i].account),
                 SI(res[i].rank), SI(res[i].rated), SD(res[i].before), SD(res[i].after)) ==
             SDB_OK;
    for (int i = 0; ok && i < nrat; i++)
        ok = RUN(st, Q_RAT_PUT, SI(rat[i].account), SS(rat[i].game), SD(rat[i].rating),
                 SI(rat[i].games), SI(rat[i].wins), SI(rat[i].losses), SI(rat[i].draws)) ==
             SDB_OK;
    return finish(st, ok);
}

typedef struct list_ctx {
    srv_store *st;
    void *fn;
    void *ctx;
} list_ctx;

static int rating_each(void *ctx, sdb_row *r)
{
    list_ctx *L = ctx;
    srv_rating_row row;
    rating_fill(L->st, r, &row);
    return ((int (*)(void *, const srv_rating_row *))L->fn)(L->ctx, &row);
}

int srv_store_ratings_top(srv_store *st, const char *game, int limit,
                          int (*fn)(void *ctx, const srv_rating_row *r), void *ctx)
{
    list_ctx L = {st, (void *)fn, ctx};
    pthread_mutex_lock(&st->mu);
    int rc = EACH(st, Q_RAT_TOP, rating_each, &L, SS(game), SI(limit));
    pthread_mutex_unlock(&st->mu);
    return rc == SDB_OK;
}

int srv_store_ratings_of(srv_store *st, long long account,
                         int (*fn)(void *ctx, const srv_rating_row *r), void *ctx)
{
    list_ctx L = {st, (void *)fn, ctx};
    pthread_mutex_lock(&st->mu);
    int rc = EACH(st, Q_RAT_OF, rating_each, &L, SI(account));
    pthread_mutex_unlock(&st->mu);
    return rc == SDB_OK;
}

static int result_each(void *ctx, sdb_row *r)
{
    list_ctx *L = ctx;
    const sdb_ops *o = L->st->ops;
    srv_result_row row;
    memset(&row, 0, sizeof row);
    copy_col(L->st, r, 0, row.game_id, sizeof row.game_id);
    row.seat = (int)o->col_int(r, 1);
    row.account = o->col_int(r, 2);
    row.rank = (int)o->col_int(r, 3);
    row.rated = (int)o->col_int(r, 4);
    row.before = o->col_double(r, 5);
    row.after = o->col_double(r, 6);
    char game[32];
    copy_col(L->st, r, 7, game, sizeof game);
    return ((int (*)(void *, const srv_result_row *, const char *, long long))L->fn)(
        L->ctx, &row, game, o->col_int(r, 8));
}

int srv_store_results_of(srv_store *st, long long account,
                         int (*fn)(void *ctx, const srv_result_row *r, const char *game,
                                   long long created),
                         void *ctx, int limit)
{
    list_ctx L = {st, (void *)fn, ctx};
    pthread_mutex_lock(&st->mu);
    int rc = EACH(st, Q_RES_OF, result_each, &L, SI(account), SI(limit));
    pthread_mutex_unlock(&st->mu);
    return rc == SDB_OK;
}

/* ------------------------------------------------------------ chat */

int srv_store_chat_add(srv_store *st, const char *id, const srv_chat_row *m)
{
    return ONE(st, Q_CHAT_INS, SS(id), SI(m->n), SI(m->channel), SI(m->seat), SI(m->account),
               SS(m->name), SS(m->text), SI(m->at));
}

typedef struct chat_list {
    srv_store *st;
    srv_chat_row *rows;
    int n, cap;
} chat_list;

static int chat_row(void *ctx, sdb_row *r)
{
    chat_list *C = ctx;
    const sdb_ops *o = C->st->ops;
    if (C->n == C->cap)
        return 0;
    srv_chat_row *m = &C->rows[C->n++];
    memset(m, 0, sizeof *m);
    m->n = (int)o->col_int(r, 0);
    m->channel = (int)o->col_int(r, 1);
    m->seat = (int)o->col_int(r, 2);
    m->account = o->col_int(r, 3);
    copy_col(C->st, r, 4, m->name, sizeof m->name);
    copy_col(C->st, r, 5, m->text, sizeof m->text);
    m->at = o->col_int(r, 6);
    return 1;
}

int srv_store_chat_load(srv_store *st, const char *id, int limit,
                        int (*fn)(void *ctx, const srv_chat_row *m), void *ctx)
{
    chat_list C = {st, calloc((size_t)(limit > 0 ? limit : 1), sizeof(srv_chat_row)), 0,
                   limit};
    if (!C.rows)
        return 0;
    pthread_mutex_lock(&st->mu);
    int ok = EACH(st, Q_CHAT_LOAD, chat_row, &C, SS(id), SI(limit)) == SDB_OK;
    pthread_mutex_unlock(&st->mu);
    for (int i = C.n - 1; ok && i >= 0; i--) /* newest first from the query */
        ok = fn(ctx, &C.rows[i]);
    free(C.rows);
    return ok;
}

int srv_store_mute(srv_store *st, const char *id, int seat, int target, int on)
{
    return ONE(st, on ? Q_MUTE_INS : Q_MUTE_DEL, SS(id), SI(seat), SI(target));
}

static int mute_row(void *ctx, sdb_row *r)
{
    list_ctx *L = ctx;
    return ((int (*)(void *, int, int))L->fn)(L->ctx, (int)L->st->ops->col_int(r, 0),
                                              (int)L->st->ops->col_int(r, 1));
}

int srv_store_mutes(srv_store *st, const char *id, int (*fn)(void *ctx, int seat, int target),
                    void *ctx)
{
    list_ctx L = {st, (void *)fn, ctx};
    pthread_mutex_lock(&st->mu);
    int rc = EACH(st, Q_MUTES, mute_row, &L, SS(id));
    pthread_mutex_unlock(&st->mu);
    return rc == SDB_OK;
}

/* ------------------------------------------------------------ leases */

typedef struct lease_ctx {
    srv_store *st;
    char owner[128];
    long long expires;
    int found;
} lease_ctx;

static int lease_row(void *ctx, sdb_row *r)
{
    lease_ctx *L = ctx;
    copy_col(L->st, r, 0, L->owner, sizeof L->owner);
    L->expires = L->st->ops->col_int(r, 1);
    L->found = 1;
    return 0;
}

int srv_store_lease_take(srv_store *st, const char *id, const char *owner, long long now,
                         long long ttl, long long *prev_alive, char *holder, size_t cap)
{
    lease_ctx L = {.st = st};
    *prev_alive = 0;
    if (holder && cap)
        holder[0] = '\0';
    if (!begin(st))
        return -1;
    int ok = EACH(st, Q_LEASE_GET, lease_row, &L, SS(id)) == SDB_OK;
    int mine = !L.found || !strcmp(L.owner, owner) || L.expires < now;
    if (ok && mine) {
        if (L.found) /* the holder's (or this server's earlier life's) last renewal:
                        every server renews with the same ttl */
            *prev_alive = L.expires - ttl;
        ok = RUN(st, Q_LEASE_PUT, SS(id), SS(owner), SI(now + ttl)) == SDB_OK;
    } else if (ok && holder) {
        snprintf(holder, cap, "%s", L.owner);
    }
    return finish(st, ok) ? mine : -1;
}

typedef struct id_list {
    srv_store *st;
    char (*ids)[SRV_ID_LEN];
    int n, cap;
} id_list;

static int id_collect(void *ctx, sdb_row *r)
{
    id_list *I = ctx;
    if (I->n == I->cap) {
        int cap = I->cap ? I->cap * 2 : 64;
        char(*p)[SRV_ID_LEN] = realloc(I->ids, sizeof *p * (size_t)cap);
        if (!p)
            return 0;
        I->ids = p;
        I->cap = cap;
    }
    copy_col(I->st, r, 0, I->ids[I->n++], SRV_ID_LEN);
    return 1;
}

/* Hand collected ids to fn outside the store's lock (fn may use the store). */
static int id_hand(id_list *I, int ok, int (*fn)(void *ctx, const char *id), void *ctx)
{
    for (int i = 0; ok && i < I->n; i++)
        ok = fn(ctx, I->ids[i]);
    free(I->ids);
    return ok;
}

int srv_store_lease_renew(srv_store *st, const char *owner, long long now, long long ttl,
                          int (*fn)(void *ctx, const char *id), void *ctx)
{
    id_list I = {.st = st};
    if (!begin(st))
        return 0;
    int ok = RUN(st, Q_LEASE_RENEW, SI(now + ttl), SS(owner)) == SDB_OK &&
             EACH(st, Q_LEASE_MINE, id_collect, &I, SS(owner)) == SDB_OK;
    ok = finish(st, ok);
    return id_hand(&I, ok, fn, ctx);
}

int srv_store_lease_drop(srv_store *st, const char *id, const char *owner)
{
    return ONE(st, Q_LEASE_DEL, SS(id), SS(owner));
}

int srv_store_lease_orphans(srv_store *st, long long now, int limit,
                            int (*fn)(void *ctx, const char *id), void *ctx)
{
    id_list I = {.st = st};
    pthread_mutex_lock(&st->mu);
    int ok = EACH(st, Q_LEASE_ORPHANS, id_collect, &I, SI(now), SI(limit)) == SDB_OK;
    pthread_mutex_unlock(&st->mu);
    return id_hand(&I, ok, fn, ctx);
}

int srv_store_server_beat(srv_store *st, const char *owner, const char *url, long long now)
{
    return ONE(st, Q_SRV_PUT, SS(owner), SS(url ? url : ""), SI(now));
}

static int url_row(void *ctx, sdb_row *r)
{
    one_ctx *O = ctx;
    char *out = O->out;
    snprintf(out, 512, "%s", O->st->ops->col_text(r, 0));
    O->found = 1;
    return 0;
}

int srv_store_server_url(srv_store *st, const char *owner, char *url, size_t cap)
{
    char buf[512] = "";
    one_ctx O = {st, buf, 0};
    pthread_mutex_lock(&st->mu);
    int rc = EACH(st, Q_SRV_GET, url_row, &O, SS(owner));
    pthread_mutex_unlock(&st->mu);
    snprintf(url, cap, "%s", buf);
    return rc != SDB_OK ? -1 : O.found;
}

/* ------------------------------------------------------------ notes */

int srv_store_put_note(srv_store *st, const char *id, const char *key, const char *text)
{
    return ONE(st, Q_NOTE_PUT, SS(id), SS(key), SS(text));
}

static int note_row(void *ctx, sdb_row *r)
{
    one_ctx *O = ctx;
    const char *t = O->st->ops->col_text(r, 0);
    char *c = strdup(t ? t : "");
    *(char **)O->out = c;
    O->found = c ? 1 : -1;
    return 0;
}

int srv_store_get_note(srv_store *st, const char *id, const char *key, char **out)
{
    *out = NULL;
    one_ctx O = {st, out, 0};
    pthread_mutex_lock(&st->mu);
    int rc = EACH(st, Q_NOTE_GET, note_row, &O, SS(id), SS(key));
    pthread_mutex_unlock(&st->mu);
    return rc == SDB_OK && O.found >= 0;
}

int srv_store_listen(srv_store *st, void (*fn)(void *ctx, const char *payload), void *ctx)
{
    if (!st->ops->listen)
        return 1; /* one process: nobody else to hear */
    return st->ops->listen(st->db, fn, ctx);
}

int srv_store_notify(srv_store *st, const char *payload)
{
    if (!st->ops->notify)
        return 1;
    pthread_mutex_lock(&st->mu);
    int ok = st->ops->notify(st->db, payload);
    if (!ok)
        fail(st);
    pthread_mutex_unlock(&st->mu);
    return ok;
}
