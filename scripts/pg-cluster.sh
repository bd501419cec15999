#!/bin/sh
# scripts/pg-cluster.sh - a throw-away PostgreSQL cluster for the tests of
# `kontor serve` on PostgreSQL (tests/server/test_pg.c, tests/web): Debian's
# postgresql server binaries, a data folder and a Unix socket in DIR, no TCP
# port, trust authentication for the local socket only.  Never assumes a
# running PostgreSQL and never touches one.
#
#   scripts/pg-cluster.sh start DIR   prints the connection string
#                                     (postgresql:///kontor?host=DIR&user=...)
#   scripts/pg-cluster.sh stop DIR    stops it and removes DIR
#
# PostgreSQL refuses to run as root (CI runs as root): then the server runs
# as Debian's `postgres` user (runuser), which must be able to reach DIR
# (DIR's parents must be searchable; /tmp is).
set -eu
cmd=${1:-}
dir=${2:-}
[ -n "$cmd" ] && [ -n "$dir" ] || { echo "usage: $0 start|stop DIR" >&2; exit 2; }
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$bin/initdb" ] || { echo "pg-cluster: PostgreSQL server binaries not found (apt-get install postgresql; scripts/setup.sh)" >&2; exit 1; }
as_pg() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
user=$(if [ "$(id -u)" -eq 0 ]; then echo postgres; else id -un; fi)
case $cmd in
start)
    mkdir -p "$dir"
    chmod 755 "$dir"
    [ "$(id -u)" -eq 0 ] && chown postgres "$dir"
    as_pg "$bin/initdb" -D "$dir/data" -U "$user" --auth=trust --no-sync -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
        { cat "$dir/initdb.log" >&2; exit 1; }
    # sockets in DIR only; small and fast (the tests kill kontor, never PostgreSQL)
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 start \
        -o "-c listen_addresses='' -c unix_socket_directories='$dir' -c port=5432 -c fsync=off -c full_page_writes=off -c shared_buffers=16MB -c max_connections=40" >/dev/null ||
        { cat "$dir/server.log" >&2; exit 1; }
    as_pg "$bin/createdb" -h "$dir" -p 5432 -U "$user" kontor
    echo "postgresql:///kontor?host=$dir&port=5432&user=$user"
    ;;
stop)
    if [ -d "$dir/data" ]; then
        as_pg "$bin/pg_ctl" -D "$dir/data" -m immediate -w -t 30 stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
*)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
