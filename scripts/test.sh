#!/bin/bash
# scripts/test.sh - the CI test job (`make test`, which .ci/run calls).
#
# Runs every suite and ends with ONE line "N passed, N failed" that sums them:
#   1. gcc release, warnings as errors, the whole test binary
#   2. gcc AddressSanitizer + UndefinedBehaviorSanitizer (loop counts x0.25)
#   3. clang release, warnings as errors
#   4. clang MemorySanitizer: reads of uninitialised memory (x0.25)
#   5. clang ThreadSanitizer over the threaded tests (sim, tournament, search
#      threads, games and sessions used from several threads)
#   6. libFuzzer harnesses, FUZZ_CI_S seconds each (make fuzz runs them longer)
#   7. make install into a temporary prefix, used as an outside program would
#   8. further suites that register themselves in scripts/test.d/*.sh
#      (each prints its own "N passed, N failed" as its last line)
# A stage that fails to build counts as one failure.  Environment:
#   JOBS (default 2) parallel tests per stage, FUZZ_CI_S (default 10).
set -u
cd "$(dirname "$0")/.."
JOBS=${JOBS:-2}
FUZZ_CI_S=${FUZZ_CI_S:-10}
total_pass=0 total_fail=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT

stage() { # title, command...
    local title=$1; shift
    echo
    echo "======== $title"
    local t0=$SECONDS
    "$@" 2>&1 | tee "$log"
    local rc=${PIPESTATUS[0]}
    local line
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -1)
    if [ -z "$line" ]; then
        echo "stage '$title' produced no result line (exit $rc): counted as 1 failure"
        total_fail=$((total_fail + 1))
    else
        local p f
        p=${line%% passed*}
        f=${line#*passed, }; f=${f%% failed}
        total_pass=$((total_pass + p))
        total_fail=$((total_fail + f))
        if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
            echo "stage '$title' exited $rc: counted as 1 failure"
            total_fail=$((total_fail + 1))
        fi
    fi
    echo "-------- $title: $((SECONDS - t0)) s"
}

build_and_check() { # make arguments...
    make --no-print-directory -j"$JOBS" "$@" WERROR=1 all || return 1
    make --no-print-directory "$@" WERROR=1 check TESTFLAGS="-j $JOBS ${TESTFLAGS:-}"
}

stage "gcc release" build_and_check MODE=release
stage "gcc asan+ubsan" build_and_check MODE=asan KT_SCALE=0.25
stage "clang release" build_and_check CC=clang MODE=release
stage "clang msan (uninitialised reads)" build_and_check CC=clang MODE=msan KT_SCALE=0.25
TESTFLAGS="-k thread -k parallel -k sim_ -k tournament -k merge_ -k session_bot -k mcts_ -k server_" \
    stage "clang tsan (threads)" build_and_check CC=clang MODE=tsan KT_SCALE=0.25
stage "fuzz (${FUZZ_CI_S} s per harness)" make --no-print-directory fuzz FUZZ_S="$FUZZ_CI_S"
stage "install" tests/install/test_install.sh build/release
for t in scripts/test.d/*.sh; do
    [ -e "$t" ] || continue
    stage "$(basename "$t" .sh)" "$t"
done
echo
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
