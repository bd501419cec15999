#!/bin/sh
# scripts/analysis-calibration.sh - the measurements of docs/bots.md,
# "Post-game analysis: calibration" (not part of `make test`: about an hour
# of CPU time at the default budget).  For every game, `kontor analyze
# --calibrate` plays games between the heuristic bots, analyses every player
# of every game and prints the reliability table (predicted win chance
# against the observed win rate, in deciles); then the same with one player
# per game playing random actions (--noise 1: all its actions; --noise 0.2:
# one in five), which says what share of random actions the analysis flags.
#
#   scripts/analysis-calibration.sh [OUTDIR [NAME...]]   (default: calibration/, every run;
#                                  with NAMEs only those runs, e.g. dominion mp2-noise)
#   BUDGET=400 THREADS=2 KONTOR=build/release/kontor  (environment, defaults)
#
# Each table is written to OUTDIR/NAME.txt (and NAME.json), with the wall
# time of the run on its last line.
set -eu
K=${KONTOR:-build/release/kontor}
OUT=${1:-calibration}
[ $# -gt 0 ] && shift
ONLY=" $* "
B=${BUDGET:-400}
T=${THREADS:-2}
mkdir -p "$OUT"

run() { # name, arguments of kontor analyze --calibrate
    name=$1
    shift
    case "$ONLY" in
        "  ") ;;
        *" $name "*) ;;
        *) return 0 ;;
    esac
    echo "== $name: kontor analyze --calibrate $* --budget $B --threads $T"
    t0=$(date +%s)
    "$K" analyze --calibrate "$@" --budget "$B" --threads "$T" --seed 1 --no-progress \
        --out "$OUT/$name.json" > "$OUT/$name.txt"
    echo "wall time: $(( $(date +%s) - t0 )) s" >> "$OUT/$name.txt"
    cat "$OUT/$name.txt"
}

# calibration: games between the heuristic bots
run dominion dominion --seats heuristic,heuristic --games 200
run catan catan --seats heuristic,heuristic,heuristic --games 30
run anno1701 anno1701 --seats heuristic,heuristic --games 200
run fwm fwm --seats heuristic,heuristic,heuristic,heuristic --games 8
run mp2 mp2 --seats heuristic,heuristic --games 8
# players that are not the playouts' model: the search bot against the heuristic
run dominion-mcts dominion --seats mcts:iters=1000,heuristic --games 60
# one player per game plays random actions: all of them, or one in five
for g in dominion anno1701 catan fwm mp2; do
    case $g in
        catan) seats=heuristic,heuristic,heuristic; n=4 ;;
        fwm) seats=heuristic,heuristic,heuristic,heuristic; n=3 ;;
        mp2) seats=heuristic,heuristic; n=3 ;;
        *) seats=heuristic,heuristic; n=20 ;;
    esac
    run "$g-random" "$g" --seats "$seats" --games "$n" --noise 1
    run "$g-noise" "$g" --seats "$seats" --games "$n" --noise 0.2
done
# the same with a larger budget: the share of random actions flagged grows
# as the noise of the estimates shrinks
B=2000
run dominion-noise-b2000 dominion --seats heuristic,heuristic --games 20 --noise 0.2
run anno1701-noise-b2000 anno1701 --seats heuristic,heuristic --games 20 --noise 0.2
