/*
 * cluster.c - which server process hosts a game.
 *
 * One process per database (SQLite, or PostgreSQL with one server): every
 * game is hosted here, moves are written without a lease owner, and no
 * other server makes games this one does not know.  Several servers on
 * one PostgreSQL database (leases, takeover) are not implemented yet: a
 * server started on a shared database says so in its log (docs/server.md,
 * "Several servers").
 *
 * Data layout: struct srv_cluster is empty for now; S->cluster stays NULL
 * on a database of one server.
 */
#include <stdio.h>

#include "server/srv_int.h"

int srv_cluster_start(srv *S, char *err, size_t cap)
{
    (void)err;
    (void)cap;
    if (srv_store_shared(S->st))
        srv_log(S, "the database is PostgreSQL: run one server on it (several servers with "
                   "leases are not supported yet)");
    return 1;
}

void srv_cluster_stop(srv *S) { (void)S; }

int srv_cluster_host(srv *S, sgame *g, srv_conn *c, const char *ref)
{
    (void)S;
    (void)g;
    (void)c;
    (void)ref;
    return 1;
}

int srv_cluster_adopt(srv *S, sgame *g)
{
    (void)S;
    (void)g;
    return 1;
}

void srv_cluster_tick(srv *S, long long now_ms)
{
    (void)S;
    (void)now_ms;
}

const char *srv_cluster_owner(const srv *S)
{
    (void)S;
    return NULL;
}

sgame *srv_cluster_find_token(srv *S, const char *token, int *seat)
{
    (void)S;
    (void)token;
    (void)seat;
    return NULL;
}
