#!/bin/sh
# Load test of `kontor serve` (docs/server.md): starts a server on a free
# port of 127.0.0.1 with a fresh database, runs N WebSocket clients that
# each play their own game against a bot, prints moves/s and the latency
# from move to update, and stops the server.  Not part of `make test`.
#   tests/server/load-test.sh [KONTOR] [CLIENTS] [MOVES] [SYNC]
set -eu
KONTOR=${1:-build/release/kontor}
CLIENTS=${2:-500}
MOVES=${3:-60}
SYNC=${4:-full}
DIR=$(mktemp -d)
trap 'kill $PID 2>/dev/null; wait $PID 2>/dev/null; rm -rf "$DIR"' EXIT INT TERM
"$KONTOR" serve --port 0 --db "$DIR/load.db" --threads $((CLIENTS + 32)) --rate 100000 \
    --sync "$SYNC" --bot-threads 2 --quiet > "$DIR/out" &
PID=$!
i=0
while ! grep -q "open http" "$DIR/out" 2>/dev/null; do
    i=$((i + 1)); [ $i -lt 100 ] || { echo "load test: the server did not start"; exit 1; }
    sleep 0.1
done
PORT=$(sed -n 's/.*127\.0\.0\.1:\([0-9]*\)\/.*/\1/p' "$DIR/out")
echo "load test: server on port $PORT, sync=$SYNC, $CLIENTS clients x $MOVES moves (game dominion, bot random)"
"$KONTOR" serve --load-test "$CLIENTS" --port "$PORT" --moves "$MOVES" --seconds 300
RC=$?
echo "load test: stored actions: $(sqlite3 "$DIR/load.db" 'select count(*) from actions')"
exit $RC
