#!/bin/bash
# scripts/fuzz.sh SECONDS - build the libFuzzer harnesses (clang, ASan+UBSan),
# write fresh seed corpora from real games (tests/fuzz/gen_corpus.c), run each
# harness for SECONDS and print its executions; ends with "N passed, N failed"
# (a harness passes when it ran its time without a finding).  Called by
# `make fuzz FUZZ_S=...` and, briefly, by `make test`.  For long runs keep the
# corpus between runs: FUZZ_DIR=~/kontor-fuzz make fuzz FUZZ_S=3600.
set -u
cd "$(dirname "$0")/.."
S=${1:-60}
DIR=${FUZZ_DIR:-build/fuzz}
JOBS=${JOBS:-2}
mkdir -p "$DIR"
pass=0 fail=0
make --no-print-directory -j"$JOBS" MODE=release build/release/libkontor.a >/dev/null || exit 1
cc -std=c11 -O2 -Iinclude tests/fuzz/gen_corpus.c build/release/libkontor.a -lm -lpthread \
    -o "$DIR/gen_corpus" || exit 1
"$DIR/gen_corpus" "$DIR/seeds" || exit 1
make --no-print-directory -j"$JOBS" CC=clang MODE=fuzz build/clang-fuzz/libkontor.a >/dev/null || exit 1
FLAGS="-std=c11 -O1 -g -Iinclude -Isrc -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined"
for h in load protocol record options data; do
    bin=$DIR/fuzz_$h
    if ! clang $FLAGS tests/fuzz/fuzz_$h.c tests/fuzz/fuzz_common.c build/clang-fuzz/libkontor.a \
            -lm -lpthread -o "$bin"; then
        echo "FAIL fuzz_$h (build)"; fail=$((fail + 1)); continue
    fi
    mkdir -p "$DIR/corpus/$h"
    out=$("$bin" "$DIR/corpus/$h" "$DIR/seeds/$h" -max_total_time="$S" -print_final_stats=1 \
          -timeout=20 -rss_limit_mb=2560 -max_len=400000 -artifact_prefix="$DIR/crash-$h-" 2>&1)
    rc=$?
    runs=$(echo "$out" | sed -n 's/^stat::number_of_executed_units: *//p' | tail -1)
    if [ $rc -eq 0 ]; then
        pass=$((pass + 1)); echo "ok   fuzz_$h: ${runs:-?} runs in $S s, no finding"
    else
        fail=$((fail + 1)); echo "FAIL fuzz_$h after ${runs:-?} runs:"
        echo "$out" | grep -v '^#' | tail -30 | sed 's/^/    /'
    fi
done
echo "$pass passed, $fail failed"
