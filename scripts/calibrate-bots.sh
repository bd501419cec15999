#!/bin/sh
# scripts/calibrate-bots.sh - the tournaments behind the bots' fixed ratings
# on the server (src/server/rating.c; docs/server.md, "Ratings").
#
# Per game two round robins of `kontor tournament` (2 players, Catan 3):
#   1. random and the easy and medium levels, CHEAP games per matchup;
#   2. the medium level against the hard one (and, for Catan's third seat,
#      the easy level), HARD games per matchup: a hard bot searches 1 s per
#      decision, measured in CPU time here (clock=cpu) so that a busy
#      machine does not weaken it.  HARD_MS=N gives it N ms instead
#      (HARD_MS_catan=N for Catan alone): fwm's rating in rating.c was
#      measured at 100 ms, a lower bound of the hard level, because 1 s
#      per decision takes hours on a shared 2-core machine; Dominion's (6
#      games), mp2's, anno1701's and Catan's (12 games; Catan seed 4) at
#      the real 1000 ms.
# Bradley-Terry ratings (Elo scale) of the second are chained to the first
# through the medium bot, and the medium level is anchored at 1500 (rating.c).
# CHEAP=0 skips the first round robin.
#   scripts/calibrate-bots.sh [KONTOR] [CHEAP] [HARD] [GAMES...]
#   HARD_MS=100 scripts/calibrate-bots.sh build/release/kontor 0 12 fwm
#   scripts/calibrate-bots.sh build/release/kontor 0 12 mp2 anno1701 catan   (Catan: seed 2 here; rating.c: seed 4)
set -eu
K=${1:-build/release/kontor}
N1=${2:-100}
N2=${3:-6}
shift 3 2>/dev/null || shift $#
GAMES=${*:-dominion catan mp2 anno1701 fwm}
level() { "$K" games "$1" | sed -n "s/^ *$2 *= *//p" | head -1; }
for game in $GAMES; do
    easy=$(level "$game" easy)
    medium=$(level "$game" medium)
    hard=$(level "$game" hard)
    P=2
    [ "$game" = catan ] && P=3
    cheap="random,$easy,$medium"
    [ "$easy" = random ] && cheap="random,$medium"
    [ $P = 3 ] && [ "$easy" != random ] || true
    echo "== $game (easy=$easy medium=$medium hard=$hard)"
    if [ "$N1" -gt 0 ]; then
        echo "-- $K tournament $game --bots $cheap --games $N1 --players $P --seed 1 --threads 1"
        "$K" tournament "$game" --bots "$cheap" --games "$N1" --players "$P" --seed 1 --threads 1 \
            --no-progress 2>&1 | sed -n '/^Ratings/,/^$/p;/^Games:/p;/^Speed:/p'
    fi
    eval "ms=\${HARD_MS_$game:-\${HARD_MS:-}}"
    [ -n "$ms" ] && hard=$(echo "$hard" | sed "s/time=[0-9]*/time=$ms/")
    med=$medium
    case $medium in mcts*) med="$medium:clock=cpu" ;; esac # a searching medium bot too
    two="$med,$hard:clock=cpu"
    [ $P = 3 ] && two="$easy,$two"
    echo "-- $K tournament $game --bots $two --games $N2 --players $P --seed 2 --threads 1"
    "$K" tournament "$game" --bots "$two" --games "$N2" --players "$P" --seed 2 --threads 1 \
        --no-progress 2>&1 | sed -n '/^Ratings/,/^$/p;/^Games:/p;/^Speed:/p'
done
