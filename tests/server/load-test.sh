#!/bin/bash
# Load bench of `kontor serve` (docs/server.md, "Scale"); not part of
# `make test`.  Starts a server on a free port of 127.0.0.1 with a fresh
# database and the default limits, opens WATCHERS idle spectators (a client
# process of their own), then runs CLIENTS players who each play their own
# game against a bot, measuring move -> update latency.  Afterwards the
# server is killed with SIGKILL and every game's moves are counted in the
# database and compared with the moves the server acknowledged to the
# players: the lost-move count that matters.  Prints the machine, its load,
# the server's memory before and after the watchers (memory per
# connection) and its peak.
#
# Players think 0.5-1.5 x THINK ms before each move (people do; THINK=0
# measures the server's saturation instead: latency is then queueing).
#
#   tests/server/load-test.sh [KONTOR] [CLIENTS] [MOVES] [WATCHERS] [THINK] [SYNC]
set -u
KONTOR=${1:-build/release/kontor}
CLIENTS=${2:-500}
MOVES=${3:-60}
WATCHERS=${4:-10000}
THINK=${5:-1000}
SYNC=${6:-full}
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
DIR=$(mktemp -d)
PID=""
WPID=""
cleanup() {
    [ -n "$WPID" ] && kill "$WPID" 2>/dev/null
    [ -n "$PID" ] && kill -9 "$PID" 2>/dev/null
    rm -rf "$DIR"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
rss() { awk '/VmRSS/ {print $2}' "/proc/$1/status" 2>/dev/null || echo 0; }
threads() { awk '/Threads/ {print $2}' "/proc/$1/status" 2>/dev/null || echo 0; }
cpu() { awk -v hz="$(getconf CLK_TCK)" '{printf "%.1f", ($14 + $15) / hz}' "/proc/$1/stat"; } # user+system s

echo "load test: $(nproc) processors ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')), $(free -g | awk '/Mem:/ {print $2}') GiB; load average$(cut -d' ' -f1-3 /proc/loadavg | sed 's/^/ /'); files $(ulimit -n)"
"$KONTOR" serve --port 0 --db "$DIR/load.db" --sync "$SYNC" --rate 1000 --quiet > "$DIR/out" 2> "$DIR/err" &
PID=$!
i=0
while ! grep -q "open http" "$DIR/out" 2>/dev/null; do
    i=$((i + 1)); [ $i -lt 100 ] || { echo "load test: the server did not start"; cat "$DIR/err"; exit 1; }
    sleep 0.1
done
PORT=$(sed -n 's/.*127\.0\.0\.1:\([0-9]*\)\/.*/\1/p' "$DIR/out")
sleep 1
RSS0=$(rss $PID)
echo "load test: server on port $PORT (sync=$SYNC): ${RSS0} KiB, $(threads $PID) threads"

if [ "$WATCHERS" -gt 0 ]; then
    mkfifo "$DIR/hold"
    "$KONTOR" serve --watchers "$WATCHERS" --port "$PORT" --hold 0 < "$DIR/hold" > "$DIR/watch" 2>&1 &
    WPID=$!
    exec 3> "$DIR/hold" # the watchers stay until this closes
    i=0
    while ! grep -q "watchers are watching" "$DIR/watch"; do
        i=$((i + 1)); [ $i -lt 1200 ] || { echo "load test: the watchers did not settle"; cat "$DIR/watch"; exit 1; }
        sleep 0.5
    done
    sleep 32 # the server gives memory freed after the burst back within 30 s
    RSS1=$(rss $PID)
    cat "$DIR/watch"
    echo "load test: with $WATCHERS watchers: ${RSS1} KiB, $(threads $PID) threads: $(( (RSS1 - RSS0) * 1024 / WATCHERS )) bytes per connection"
fi

echo "load test: $CLIENTS players x $MOVES moves, thinking ${THINK} ms (game dominion, bot random); load average$(cut -d' ' -f1-3 /proc/loadavg | sed 's/^/ /')"
CPU0=$(cpu $PID)
( trap - EXIT INT TERM; while kill -0 $PID 2>/dev/null; do rss $PID >> "$DIR/rss"; sleep 1; done ) 3>&- &
"$KONTOR" serve --load-test "$CLIENTS" --port "$PORT" --moves "$MOVES" --seconds 900 --think "$THINK" --acked "$DIR/acked" 3>&-
RC=$?
CPU1=$(cpu $PID)
echo "load test: the server used $(echo "$CPU1 - $CPU0" | bc) s of CPU for the players; peak memory $(sort -n "$DIR/rss" | tail -1) KiB; load average$(cut -d' ' -f1-3 /proc/loadavg | sed 's/^/ /')"

if [ "$WATCHERS" -gt 0 ]; then
    exec 3>&-
    wait "$WPID"
    grep "still open" "$DIR/watch" || { echo "load test: the watchers' report is missing"; RC=1; }
    grep -q "^load test: $WATCHERS of $WATCHERS watchers still open" "$DIR/watch" || RC=1
    WPID=""
fi

kill -9 $PID # what was acknowledged must be on disk, whatever happens to the server
wait $PID 2>/dev/null
PID=""
sqlite3 "$DIR/load.db" "select game_id, count(*) from actions where player = 0 group by game_id" |
    tr '|' ' ' > "$DIR/stored"
awk 'NR == FNR { stored[$1] = $2; next }
     { games++; acked += $2; s = ($1 in stored) ? stored[$1] : 0; if (s < $2) lost += $2 - s; extra += (s > $2) ? s - $2 : 0 }
     END { printf "load test: in the database after kill -9: %d games, %d moves acknowledged, %d lost, %d stored beyond the acknowledged (moves whose answer was not awaited)\n", games, acked, lost, extra; exit lost > 0 }' \
    "$DIR/stored" "$DIR/acked" || RC=1
echo "load test: all stored actions (players' and bots'): $(sqlite3 "$DIR/load.db" 'select count(*) from actions')"
exit $RC
