/*
 * store.h - durable storage of the server's games, accounts, ratings and
 * chat (the only interface that knows the database).
 *
 * What is stored is what rebuilds every game exactly: its creation
 * parameters (game name, player count, seed, canonical options, timing),
 * its seats (human or bot spec, invite token, name, whether claimed, the
 * account that claimed it) and the list of accepted actions (index,
 * player, action text as the record writes it).  A game is rebuilt by
 * replaying the actions into a fresh session; states are never stored.
 * Beside them: facts other servers and restarts need without a session
 * (who must act, the clocks, how many actions), accounts and their login
 * sessions, ratings and results per game, chat, and the leases that say
 * which server process hosts a running game (docs/server.md, "Several
 * servers").
 *
 * Every call is one transaction that is durable when it returns, so a
 * caller acknowledges a move only after srv_store_append has returned 1.
 * Two implementations behind one set of SQL statements (store.c):
 * SQLite (a file; the default) and PostgreSQL (`postgresql://...` as the
 * path: several `kontor serve` processes share it).  All functions are
 * safe to call from any thread (the store serialises them with its own
 * mutex) and return 1 on success, 0 on failure with a message that
 * srv_store_error copies out (the latest failure's); lookups return 1
 * found, 0 not found and -1 on failure.  Nothing here knows about
 * sessions, connections or the network.
 */
#ifndef SRV_STORE_H
#define SRV_STORE_H

#include <stddef.h>
#include <stdint.h>

#define SRV_ID_LEN 16    /* public game id: 12 characters + NUL, rounded */
#define SRV_TOKEN_LEN 40 /* seat token: 32 hex digits (128 random bits) + NUL */
#define SRV_NAME_LEN 64  /* player or game name (bytes, NUL included) */
#define SRV_SPEC_LEN 128 /* bot spec */
#define SRV_SEATS 6
#define SRV_HASH_LEN 65  /* a session token's hash: 64 hex digits + NUL */

typedef struct srv_store srv_store;

/* One seat: a human (claimed once somebody opened its link) or a bot. */
typedef struct srv_seat_row {
    int bot;                   /* 1: a bot plays this seat */
    char spec[SRV_SPEC_LEN];   /* bot spec or level ("hard", "heuristic") */
    char token[SRV_TOKEN_LEN]; /* humans: the invite token ("" for bots that always were) */
    char name[SRV_NAME_LEN];
    int claimed;
    long long account;         /* the account that claimed the seat (0: none) */
} srv_seat_row;

/* How a game stands (srv_game_row.over). */
enum { SRV_RUNNING = 0, SRV_FINISHED = 1, SRV_ABANDONED = 2 };

/* Time control (clock.c).  mode: no clock, real time (per_move: a fresh
 * base_ms for every stretch of decisions; else base_ms for the whole game
 * plus inc_ms Fischer increment per stretch), or turn-based (base_ms per
 * stretch, usually days).  on_timeout: what happens to a seat out of time. */
enum { SRV_UNTIMED = 0, SRV_REALTIME = 1, SRV_TURNBASED = 2 };
enum { SRV_TIMEOUT_BOT = 0, SRV_TIMEOUT_LOSE = 1 };
typedef struct srv_timing {
    int mode;
    int per_move;
    long long base_ms, inc_ms;
    int on_timeout;
} srv_timing;

/* The clocks: time left per seat (ms; the per-game bank, or what is left
 * of the current stretch for per-move clocks) and since when the seat has
 * been deciding (unix ms; 0 when it is not). */
typedef struct srv_clock {
    long long left[SRV_SEATS];
    long long since[SRV_SEATS];
} srv_clock;

/* One game's creation parameters and lobby facts. */
typedef struct srv_game_row {
    char id[SRV_ID_LEN];
    char game[32];
    int players;
    uint64_t seed;
    const char *options; /* canonical options (the store copies it) */
    char name[SRV_NAME_LEN];
    int listed;          /* shown in the lobby's list */
    int over;            /* SRV_RUNNING, SRV_FINISHED or SRV_ABANDONED (expired) */
    long long created;   /* unix seconds */
    long long last_move; /* unix seconds of the newest stored action (0: none); loaded only */
    char rematch[SRV_ID_LEN]; /* id of the rematch game, "" if none */
    srv_seat_row seats[SRV_SEATS];
    /* facts written with every move (srv_store_append's `after`) */
    srv_timing timing;
    srv_clock clock;
    int rated;           /* asked for at creation and still eligible (rating.c) */
    uint32_t forfeit;    /* seats that lost by running out of time (bit p) */
    uint32_t pending;    /* seats that must act now (bit p) */
    int nacts;           /* actions stored */
    long long updated;   /* unix ms of the last write of the row (set by the store) */
} srv_game_row;

/* Open (creating if needed) the database at `path`: a SQLite file
 * (":memory:" works for tests) or a PostgreSQL connection string
 * ("postgresql://..." or "postgres://...").  sync_full: 1 = fsync every
 * commit (durable across power loss), 0 = durable across a process crash
 * such as kill -9 (SQLite's WAL NORMAL; PostgreSQL synchronous_commit=off).
 * An existing SQLite file of 0 bytes is refused: a database this store
 * wrote is never empty, so an empty one was probably truncated, and
 * starting on it would silently lose every game (docs/server.md,
 * "Storage"). */
srv_store *srv_store_open(const char *path, int sync_full, char *err, size_t errcap);
void srv_store_close(srv_store *st);
/* The latest failure's message, copied into buf (returned). */
const char *srv_store_error(srv_store *st, char *buf, size_t cap);
/* ... in a buffer that lives until the end of the caller's statement. */
#define SRV_STORE_ERROR(st) srv_store_error((st), (char[256]){""}, 256)
/* Is the database shared by several server processes (PostgreSQL)? */
int srv_store_shared(const srv_store *st);

/* ---- games ---- */
int srv_store_create(srv_store *st, const srv_game_row *g);
/* Append action n (0-based; must be the next index) of player `player`,
 * made at unix time `at` (seconds).  With `after`, the game's facts
 * (pending, clocks, nacts, over, forfeit, rated) are written in the same
 * transaction.  On a shared database the action is stored only while
 * `owner` holds the game's lease (a server that lost it cannot write). */
int srv_store_append(srv_store *st, const char *id, int n, int player, const char *text,
                     long long at);
int srv_store_append_facts(srv_store *st, const char *id, int n, int player, const char *text,
                           long long at, const srv_game_row *after, const char *owner);
/* The longest a group of moves took to commit so far, in ms (a slow disk
 * shows here; the tests tell it apart from a slow scheduler). */
long long srv_store_slowest_commit_ms(srv_store *st);
/* Write the game's facts (pending, clocks, nacts, over, forfeit, rated). */
int srv_store_set_facts(srv_store *st, const srv_game_row *g);
/* Forget actions n and later (undo). */
int srv_store_truncate(srv_store *st, const char *id, int n);
int srv_store_set_seat(srv_store *st, const char *id, int seat, const srv_seat_row *s);
int srv_store_set_over(srv_store *st, const char *id, int over);
int srv_store_set_rematch(srv_store *st, const char *id, const char *rematch);
/* Remove a game with its seats, actions, chat and lease (an expired game
 * nobody played). */
int srv_store_delete(srv_store *st, const char *id);

/* A note stored with game `id` under `key` (replaced if there is one);
 * notes go when the game is deleted.  srv_store_get_note sets *out to a
 * malloc'd copy, or NULL when there is no such note (still returning 1). */
int srv_store_put_note(srv_store *st, const char *id, const char *key, const char *text);
int srv_store_get_note(srv_store *st, const char *id, const char *key, char **out);

/* Every game, oldest first: on_game(row) then on_action for each of its
 * actions in order (without on_action only the games; row.last_move tells
 * when the newest action was made).  A callback that
 * returns 0 stops the walk (srv_store_load returns 0 then). */
typedef struct srv_store_visitor {
    int (*on_game)(void *ctx, const srv_game_row *g);
    int (*on_action)(void *ctx, const char *id, int n, int player, const char *text);
    void *ctx;
} srv_store_visitor;
int srv_store_load(srv_store *st, const srv_store_visitor *v);
/* Games whose row was written after unix ms `since` (other servers'
 * changes), with their seats; no actions. */
int srv_store_changed(srv_store *st, long long since, const srv_store_visitor *v);
/* One game by id (1 found, 0 not, -1 failure); no actions. */
int srv_store_game(srv_store *st, const char *id, const srv_store_visitor *v);
/* The game and seat of a seat token (1 found, 0 not, -1 failure). */
int srv_store_find_token(srv_store *st, const char *token, char *id, int *seat);
/* The actions of one game in order (for games loaded lazily). */
int srv_store_actions(srv_store *st, const char *id, const srv_store_visitor *v);

/* ---- accounts (account.c) ---- */
typedef struct srv_account {
    long long id;
    char name[SRV_NAME_LEN];     /* as the player wrote it */
    char key[SRV_NAME_LEN];      /* folded for uniqueness (account.c) */
    char pwhash[160];            /* libsodium's Argon2id string */
    long long created;           /* unix seconds */
} srv_account;
/* 1 created (a->id set), 2 the name (key) is taken, 0 failure. */
int srv_store_account_add(srv_store *st, srv_account *a);
int srv_store_account_by_key(srv_store *st, const char *key, srv_account *out);
int srv_store_account_by_id(srv_store *st, long long id, srv_account *out);
/* Login sessions by the hash of their cookie's secret. */
int srv_store_session_add(srv_store *st, const char *hash, long long account, long long expires);
/* 1 with the account and expiry when the session exists and has not expired at now. */
int srv_store_session_get(srv_store *st, const char *hash, long long now, long long *account,
                          long long *expires);
int srv_store_session_extend(srv_store *st, const char *hash, long long expires);
int srv_store_session_del(srv_store *st, const char *hash);
int srv_store_session_del_account(srv_store *st, long long account);
int srv_store_session_sweep(srv_store *st, long long now);
/* A token bucket per login name (every server shares it): takes one token
 * from the bucket of `key` at unix ms now (refilled at `per_s` per second
 * up to `burst`).  1 taken, 0 empty (*wait_s: seconds until the next), -1
 * failure. */
int srv_store_login_take(srv_store *st, const char *key, long long now_ms, double per_s,
                         double burst, long long *wait_s);
int srv_store_login_reset(srv_store *st, const char *key);
/* Count one request of address `key` for limit `kind` in time window `win`
 * (a window number; the row may go after unix ms `expires`): *cur gets the
 * window's count with this one, *prev the previous window's.  0 failure. */
int srv_store_addr_hit(srv_store *st, const char *key, int kind, long long win,
                       long long expires, long long *cur, long long *prev);
/* Drop the counts that expired before unix ms now_ms. */
int srv_store_addr_sweep(srv_store *st, long long now_ms);
/* Open connections per client address of server `server`: rows with n 0
 * are removed.  srv_store_conns_others calls fn with the sum over the other
 * servers that beat after unix ms alive_after, per address. */
typedef struct srv_addr_count {
    char key[48];
    long long n;
    long long win; /* srv_store_addr_add only: the time window */
} srv_addr_count;
/* Add rows[i].n requests of address rows[i].key for limit `kind` to window
 * rows[i].win (windows of win_ms; a row may go two windows later), all in
 * one transaction.  0 failure. */
int srv_store_addr_add(srv_store *st, int kind, long long win_ms, const srv_addr_count *rows,
                       int n);
/* Calls fn with every address's count for limit `kind` in windows since_win
 * and later (every server's requests together).  0 failure. */
int srv_store_addr_recent(srv_store *st, int kind, long long since_win,
                          int (*fn)(void *ctx, const char *key, long long win, long long n),
                          void *ctx);
int srv_store_conns_put(srv_store *st, const char *server, const srv_addr_count *rows, int n);
int srv_store_conns_drop(srv_store *st, const char *server); /* and its addr_tasks */
int srv_store_conns_others(srv_store *st, const char *server, long long alive_after,
                           int (*fn)(void *ctx, const char *key, long long n), void *ctx);
/* Analyses queued or running per client address of server `server`
 * (analysis.c): its rows replaced by these (rows of one address summed);
 * the others' summed as above. */
int srv_store_tasks_put(srv_store *st, const char *server, const srv_addr_count *rows, int n);
int srv_store_tasks_others(srv_store *st, const char *server, long long alive_after,
                           int (*fn)(void *ctx, const char *key, long long n), void *ctx);

/* ---- ratings (rating.c) ---- */
typedef struct srv_rating_row {
    long long account;
    char game[32];
    double rating;
    int games, wins, losses, draws;
    char name[SRV_NAME_LEN];     /* the account's name (lists) */
} srv_rating_row;
typedef struct srv_result_row {
    char game_id[SRV_ID_LEN];
    int seat;
    long long account;
    int rank;                    /* 0 = first */
    int rated;
    double before, after;
} srv_result_row;
int srv_store_rating_get(srv_store *st, long long account, const char *game, srv_rating_row *out);
/* One transaction: every result row, and every rating row (upserted). */
int srv_store_game_results(srv_store *st, const srv_result_row *res, int nres,
                           const srv_rating_row *rat, int nrat);
/* A game's results by seat (for replays and profiles). */
int srv_store_results_of(srv_store *st, long long account,
                         int (*fn)(void *ctx, const srv_result_row *r, const char *game,
                                   long long created), void *ctx, int limit);
int srv_store_ratings_top(srv_store *st, const char *game, int limit,
                          int (*fn)(void *ctx, const srv_rating_row *r), void *ctx);
int srv_store_ratings_of(srv_store *st, long long account,
                         int (*fn)(void *ctx, const srv_rating_row *r), void *ctx);

/* ---- chat (chat.c) ---- */
enum { SRV_CHAT_TABLE = 0, SRV_CHAT_SPECTATORS = 1 };
typedef struct srv_chat_row {
    int n;                       /* index in the game's chat */
    int channel;                 /* SRV_CHAT_TABLE or SRV_CHAT_SPECTATORS */
    int seat;                    /* the writer's seat, -1 a spectator */
    long long account;
    char name[SRV_NAME_LEN];
    char text[512];
    long long at;                /* unix ms */
} srv_chat_row;
int srv_store_chat_add(srv_store *st, const char *id, const srv_chat_row *m);
/* The newest `limit` messages of a game, oldest first. */
int srv_store_chat_load(srv_store *st, const char *id, int limit,
                        int (*fn)(void *ctx, const srv_chat_row *m), void *ctx);
/* Seat `seat` of the game mutes (on) or unmutes `target` (a seat, or -1:
 * every spectator). */
int srv_store_mute(srv_store *st, const char *id, int seat, int target, int on);
int srv_store_mutes(srv_store *st, const char *id,
                    int (*fn)(void *ctx, int seat, int target), void *ctx);

/* ---- several servers (cluster.c) ---- */
/* Take or renew the lease of a game for `owner` until now_ms + ttl_ms: 1
 * when `owner` holds it now (*prev_alive: until when the previous holder
 * kept it alive, unix ms, 0 if there was none or it was `owner`), 0 when
 * another server holds a lease that has not expired (*holder names it),
 * -1 on failure. */
int srv_store_lease_take(srv_store *st, const char *id, const char *owner, long long now_ms,
                         long long ttl_ms, long long *prev_alive, char *holder, size_t cap);
/* Renew every lease of `owner`; calls fn for each game it still holds. */
int srv_store_lease_renew(srv_store *st, const char *owner, long long now_ms, long long ttl_ms,
                          int (*fn)(void *ctx, const char *id), void *ctx);
int srv_store_lease_drop(srv_store *st, const char *id, const char *owner);
/* Running games whose lease has expired (or that have none), at most limit. */
int srv_store_lease_orphans(srv_store *st, long long now_ms, int limit,
                            int (*fn)(void *ctx, const char *id), void *ctx);
/* This server is alive: its row (id, public URL) with the time. */
int srv_store_server_beat(srv_store *st, const char *owner, const char *url, long long now_ms);
/* The public URL of a server (1 found). */
int srv_store_server_url(srv_store *st, const char *owner, char *url, size_t cap);
/* PostgreSQL: other servers' notices (LISTEN/NOTIFY on channel "kontor").
 * fn runs on the store's listener thread with each payload; notify sends
 * one (a no-op for SQLite: one process). */
int srv_store_listen(srv_store *st, void (*fn)(void *ctx, const char *payload), void *ctx);
int srv_store_notify(srv_store *st, const char *payload);

#endif
