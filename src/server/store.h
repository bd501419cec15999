/*
 * store.h - durable storage of the server's games (the only place that
 * knows the database).
 *
 * What is stored is what rebuilds every game exactly: its creation
 * parameters (game name, player count, seed, canonical options), its seats
 * (human or bot spec, invite token, name, whether claimed) and the list of
 * accepted actions (index, player, action text as the record writes it).
 * A game is rebuilt by replaying the actions into a fresh session; states
 * are never stored.  Every call is one transaction that is on disk when it
 * returns (SQLite in WAL mode; synchronous=FULL unless the caller asked for
 * NORMAL), so a caller acknowledges a move only after srv_store_append has
 * returned 1.
 *
 * The interface is small on purpose: a PostgreSQL implementation would
 * provide the same functions (docs/server.md, "Moving storage to
 * PostgreSQL").  All functions are safe to call from any thread (the store
 * serialises them with its own mutex) and return 1 on success, 0 on failure
 * with a message that srv_store_error copies out (the latest failure's).  Nothing here
 * knows about sessions, connections or the network.
 */
#ifndef SRV_STORE_H
#define SRV_STORE_H

#include <stddef.h>
#include <stdint.h>

#define SRV_ID_LEN 16    /* public game id: 12 characters + NUL, rounded */
#define SRV_TOKEN_LEN 40 /* seat token: 32 hex digits (128 random bits) + NUL */
#define SRV_NAME_LEN 64  /* player or game name (bytes, NUL included) */
#define SRV_SPEC_LEN 128 /* bot spec */

typedef struct srv_store srv_store;

/* One seat: a human (claimed once somebody opened its link) or a bot. */
typedef struct srv_seat_row {
    int bot;                   /* 1: a bot plays this seat */
    char spec[SRV_SPEC_LEN];   /* bot spec or level ("hard", "heuristic") */
    char token[SRV_TOKEN_LEN]; /* humans: the invite token ("" for bots) */
    char name[SRV_NAME_LEN];
    int claimed;
} srv_seat_row;

/* How a game stands (srv_game_row.over). */
enum { SRV_RUNNING = 0, SRV_FINISHED = 1, SRV_ABANDONED = 2 };

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
    srv_seat_row seats[6];
} srv_game_row;

/* Open (creating if needed) the database at `path` (":memory:" works for
 * tests).  sync_full: 1 = fsync every commit (durable across power loss),
 * 0 = WAL's NORMAL (durable across a process crash such as kill -9).
 * An existing file of 0 bytes is refused: a database this store wrote is
 * never empty, so an empty one was probably truncated, and starting on it
 * would silently lose every game (docs/server.md, "Storage"). */
srv_store *srv_store_open(const char *path, int sync_full, char *err, size_t errcap);
void srv_store_close(srv_store *st);
/* The latest failure's message, copied into buf (returned). */
const char *srv_store_error(srv_store *st, char *buf, size_t cap);
/* ... in a buffer that lives until the end of the caller's statement. */
#define SRV_STORE_ERROR(st) srv_store_error((st), (char[256]){""}, 256)

int srv_store_create(srv_store *st, const srv_game_row *g);
/* Append action n (0-based; must be the next index) of player `player`,
 * made at unix time `at` (seconds). */
int srv_store_append(srv_store *st, const char *id, int n, int player, const char *text,
                     long long at);
/* Forget actions n and later (undo). */
int srv_store_truncate(srv_store *st, const char *id, int n);
int srv_store_set_seat(srv_store *st, const char *id, int seat, const srv_seat_row *s);
int srv_store_set_over(srv_store *st, const char *id, int over);
int srv_store_set_rematch(srv_store *st, const char *id, const char *rematch);
/* Remove a game with its seats and actions (an expired game nobody played). */
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
/* The actions of one game in order (for games loaded lazily). */
int srv_store_actions(srv_store *st, const char *id, const srv_store_visitor *v);

#endif
