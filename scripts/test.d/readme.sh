#!/bin/bash
# scripts/test.d/readme.sh - the README's quick start works from a fresh
# `git clone` (issue 29), run by scripts/test.sh as one stage:
#   1. clone the repository at HEAD (committed files only: what a newcomer
#      gets) into a temporary folder;
#   2. there, the README's first line, `./scripts/setup.sh && make serve`
#      (setup.sh only checks when everything is installed; make gets
#      -j$MAKE_JOBS, the same build in parallel; the server asks for any
#      free port, SERVE_ARGS="--port 0", so that a server on 8080 does not
#      stop the test), until the server prints its
#      address; that address must serve the lobby page; then the server is
#      stopped;
#   3. in the clone, every `kontor` command and every Python line of its
#      README.md with what `make serve` built there (the README tests of
#      tests/core/test_docs.c, from this tree's test binary, with
#      KT_DOCS_KONTOR naming the clone's kontor; the Python lines load the
#      clone's python/ and its build/release/libkontor.so.N, N = KT_ABI_VERSION), and its
#      `make install PREFIX=$HOME/.local` with HOME a temporary folder.
# Not run: `make play` (a game waiting for a person) and `make test` (this).
# The clone's build is a real one from its own sources (nothing is copied
# from this tree's build): about 2 minutes on two quiet cores.  MAKE_JOBS
# (default 2) is its -j.  Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
ROOT=$PWD
MAKE_JOBS=${MAKE_JOBS:-2}
TESTS_BIN=${READMETEST_BIN:-$ROOT/build/release/kontor-tests}
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   readme_$1"; }
bad() { fail=$((fail + 1)); echo "FAIL readme_$1"; shift; [ $# -gt 0 ] && echo "$@" | sed 's/^/    /'; }
tmp=$(mktemp -d)
srv_pid=""
cleanup() {
    [ -n "$srv_pid" ] && kill -- "-$srv_pid" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT

finish() {
    echo "$pass passed, $fail failed"
    [ "$fail" -eq 0 ]
    exit
}

if [ ! -x "$TESTS_BIN" ]; then # before the clone's build, not after it
    bad tests_binary "no $TESTS_BIN (the gcc release stage builds it)"; finish
fi

# 1. the clone
head=$(git rev-parse HEAD)
[ -z "$(git status --porcelain --untracked-files=no 2>/dev/null)" ] ||
    echo "note: this tree has uncommitted changes; the clone tests HEAD ($head) without them"
if git clone -q "$ROOT" "$tmp/kontor" && git -C "$tmp/kontor" checkout -q --detach "$head"; then
    ok clone_at_head
else
    bad clone_at_head; finish
fi
clone=$tmp/kontor
[ ! -e "$clone/build" ] && ok clone_has_no_build || bad clone_has_no_build "a build/ folder is committed"

# 2. ./scripts/setup.sh && make serve, until the address is printed
t0=$SECONDS
(cd "$clone" && unset KONTOR_LIB MAKEFLAGS MFLAGS MAKELEVEL &&
    exec setsid sh -c "./scripts/setup.sh && make -j$MAKE_JOBS serve SERVE_ARGS='--port 0'") \
    > "$tmp/serve.log" 2>&1 &
srv_pid=$!
url=""
while [ $((SECONDS - t0)) -lt 1200 ] && kill -0 "$srv_pid" 2>/dev/null; do
    url=$(sed -n 's|^kontor serve: open \(http://[^ ]*\) in a browser.*|\1|p' "$tmp/serve.log" 2>/dev/null)
    [ -n "$url" ] && break
    sleep 1
done
if [ -n "$url" ]; then
    ok "setup_and_make_serve_print_the_address ($((SECONDS - t0)) s: $url)"
else
    bad setup_and_make_serve_print_the_address "$(tail -20 "$tmp/serve.log")"; finish
fi
page=$(/usr/bin/python3 -c 'import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1], timeout=20).read().decode())' "$url" 2>&1)
if echo "$page" | grep -q '<title>kontor'; then
    ok server_serves_the_lobby
else
    bad server_serves_the_lobby "$(echo "$page" | tail -5)"
fi
kill -- "-$srv_pid" 2>/dev/null
wait "$srv_pid" 2>/dev/null
srv_pid=""
abi=$(sed -n 's/^#define KT_ABI_VERSION \([0-9][0-9]*\)$/\1/p' "$clone/include/kontor/kontor.h")
for f in build/release/kontor "build/release/libkontor.so.$abi"; do
    [ -e "$clone/$f" ] && ok "make_serve_built_${f##*/}" || bad "make_serve_built_${f##*/}"
done

# the README's install line as written, with HOME a temporary folder
mkdir -p "$tmp/home"
if (cd "$clone" && unset MAKEFLAGS MFLAGS MAKELEVEL && HOME=$tmp/home sh -c 'make --no-print-directory -s install PREFIX=$HOME/.local' \
        > "$tmp/install.log" 2>&1) &&
    "$tmp/home/.local/bin/kontor" games 2>&1 | grep -q dominion; then
    ok make_install_prefix_home_local
else
    bad make_install_prefix_home_local "$(tail -10 "$tmp/install.log")"
fi

# 3. the README's commands and Python lines in the clone
(cd "$clone" && env -u KONTOR_LIB KT_DOCS_KONTOR="$clone/build/release/kontor" \
    "$TESTS_BIN" -v -k core_docs_readme) 2>&1 | tee "$tmp/tests.log"
line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$tmp/tests.log" | tail -1)
if [ -z "$line" ]; then
    bad tests "no result line"
else
    p=${line%% passed*}; f=${line#*passed, }; f=${f%% failed}
    pass=$((pass + p)); fail=$((fail + f))
    [ $((p + f)) -ge 2 ] || bad tests_ran "expected the README tests (commands, Python lines), ran $((p + f))"
fi
echo "readme stage: $((SECONDS - t0)) s in the clone"
finish
