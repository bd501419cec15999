#!/bin/bash
# scripts/test.d/python.sh - the Python package (python/kontor), run by
# scripts/test.sh as one stage.  Builds the release library, then:
#   1. python/tests with numpy (Debian's python3-numpy: scripts/setup.sh
#      installs it; missing numpy counts as a failure, the path is untested)
#   2. python/tests again without numpy (KONTOR_NO_NUMPY=1: lists instead of
#      arrays)
#   3. the examples, briefly
#   4. make install into a temporary prefix, then the package from outside
#      the source tree (it must find the installed library by itself)
# Uses Debian's /usr/bin/python3 when present.  Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
ROOT=$PWD
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
pass=0 fail=0
log=$(mktemp)
tmp=$(mktemp -d)
trap 'rm -rf "$log" "$tmp"' EXIT

suite() { # title, env assignments...
    local title=$1; shift
    echo "---- python tests: $title"
    env "$@" "$PY" python/tests/run.py 2>&1 | tee "$log"
    local line
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -1)
    if [ -z "$line" ]; then
        echo "FAIL python_suite_$title (no result line)"; fail=$((fail + 1)); return
    fi
    pass=$((pass + ${line%% passed*}))
    local f=${line#*passed, }; fail=$((fail + ${f%% failed}))
}
check() { # name, command...
    local name=$1; shift
    if out=$("$@" 2>&1); then
        pass=$((pass + 1)); echo "ok   python_$name"
    else
        fail=$((fail + 1)); echo "FAIL python_$name"; echo "$out" | tail -20 | sed 's/^/    /'
    fi
}

# the shared library's name carries the ABI version, read from its one place
ABI=$(sed -n 's/^#define KT_ABI_VERSION \([0-9][0-9]*\)$/\1/p' "$ROOT/include/kontor/kontor.h")
if ! make --no-print-directory -j"${JOBS:-2}" "build/release/libkontor.so.$ABI"; then
    echo "the release library did not build"
    echo "0 passed, 1 failed"
    exit 1
fi
export KONTOR_LIB=$ROOT/build/release/libkontor.so.$ABI

if "$PY" -c "import numpy" 2>/dev/null; then
    suite numpy
else
    echo "FAIL python_numpy_path: numpy is not installed (scripts/setup.sh installs python3-numpy)"
    fail=$((fail + 1))
fi
suite no_numpy KONTOR_NO_NUMPY=1

check example_random_games sh -c "'$PY' python/examples/random_games.py --games 30 | grep -q '30 games'"
check example_random_games_batched sh -c \
    "'$PY' python/examples/random_games.py --game catan --games 20 --batched | grep -q '20 games'"
check example_tournament sh -c "'$PY' python/examples/tournament.py --games 2 | grep -q heuristic"
# the learning loop must improve its policy measurably (fixed seeds: deterministic)
check example_learning_improves sh -c \
    "'$PY' python/examples/learn_goldfish.py --episodes 300 --eval 20 | tee /dev/stderr |
     awk '/^improvement:/ { exit !(\$2 + 0 >= 3) }'"
# the vector env's training example learns (fixed seed: deterministic)
check example_train_vector_improves sh -c \
    "'$PY' python/examples/train_vector.py --steps 40000 --block 100 | tee /dev/stderr |
     awk '/^improvement:/ { exit !(\$2 + 0 >= 5) }'"
# every python block of docs/python.md runs as written
check docs_python_blocks "$PY" python/tests/docs_blocks.py docs/python.md
check bench_runs sh -c "'$PY' python/bench.py --seconds 0.2 --games mp2 --no-env | grep -q '^mp2 '"

prefix=$tmp/prefix
check install make --no-print-directory -s install BUILD=build/release PREFIX="$prefix"
check installed_package_outside_the_tree sh -c "cd '$tmp' && env -u KONTOR_LIB \
    PYTHONPATH='$prefix/lib/python3/dist-packages' '$PY' -c '
import kontor, random
assert kontor.lib.kontor_path == \"$prefix/lib/libkontor.so.$ABI\", kontor.lib.kontor_path
assert kontor.__file__.startswith(\"$prefix\"), kontor.__file__
s = kontor.Game(\"dominion\", seed=1).new_state()
n = s.num_legal()
while n:
    n = s.step_nth(random.randrange(n))
assert s.is_over()
print(\"ok\", kontor.version())
'"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
