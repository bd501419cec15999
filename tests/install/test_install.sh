#!/bin/bash
# test_install.sh BUILD - `make install` into a temporary prefix, then use the
# installed kontor as an outside program would: pkg-config builds the example
# against the shared library and the static archive, the command and man page
# are there, and the shared library exports exactly the public API.
# Prints one line per check and ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
BUILD=${1:-build/release}
pass=0 fail=0
check() { # name, command...
    local name=$1; shift
    if out=$("$@" 2>&1); then
        pass=$((pass + 1)); echo "ok   install_$name"
    else
        fail=$((fail + 1)); echo "FAIL install_$name"; echo "$out" | head -20 | sed 's/^/    /'
    fi
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix

check make_install make --no-print-directory -s install BUILD="$BUILD" PREFIX="$prefix"
for f in include/kontor/kontor.h lib/libkontor.a lib/libkontor.so.1 lib/libkontor.so \
         lib/pkgconfig/kontor.pc bin/kontor share/man/man1/kontor.1; do
    check "has_${f//\//_}" test -e "$prefix/$f"
done
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
check pkg_config_version sh -c "test \"\$(pkg-config --modversion kontor)\" = \"$(sed -n 's/^#define KT_VERSION "\(.*\)"/\1/p' include/kontor/kontor.h)\""
check example_builds_shared sh -c "cd '$tmp' && cc -std=c11 -Wall -Wextra -Werror \
    '$PWD/examples/embed/random_games.c' \$(pkg-config --cflags --libs kontor) -o ex_shared"
check example_runs_shared sh -c "LD_LIBRARY_PATH='$prefix/lib' '$tmp/ex_shared' dominion 50 | grep -q '50 games'"
check example_uses_installed_so sh -c "LD_LIBRARY_PATH='$prefix/lib' ldd '$tmp/ex_shared' | grep -q '$prefix/lib/libkontor.so.1'"
check example_builds_static sh -c "cd '$tmp' && cc -std=c11 '$PWD/examples/embed/random_games.c' \
    \$(pkg-config --cflags kontor) '$prefix/lib/libkontor.a' \$(pkg-config --libs-only-other --static kontor) -lm -lpthread -o ex_static"
check example_runs_static sh -c "'$tmp/ex_static' catan 5 | grep -q '5 games'"
check command_runs sh -c "'$prefix/bin/kontor' games | grep -q dominion"
check man_page_formats sh -c "man -l '$prefix/share/man/man1/kontor.1' 2>/dev/null | grep -q 'kontor' || grep -q '^.TH KONTOR 1' '$prefix/share/man/man1/kontor.1'"
# exactly the public API: every exported symbol is declared in kontor.h and
# nothing internal (dom_, cat_, mp2_, mcts_, kt_json_...) is visible
exports() { nm -D --defined-only "$prefix/lib/libkontor.so.1" | awk '{print $3}'; }
check exports_only_public sh -c "
    for s in \$(nm -D --defined-only '$prefix/lib/libkontor.so.1' | awk '{print \$3}'); do
        grep -q \"\\b\$s(\" include/kontor/kontor.h || { echo \"exported but not public: \$s\"; exit 1; }
    done"
check exports_every_public_function sh -c "
    for s in \$(grep -o '\\bkt_[a-z_0-9]*(' include/kontor/kontor.h | tr -d '(' | sort -u); do
        nm -D --defined-only '$prefix/lib/libkontor.so.1' | awk '{print \$3}' | grep -qx \"\$s\" ||
            { echo \"declared but not exported: \$s\"; exit 1; }
    done"
check soname sh -c "readelf -d '$prefix/lib/libkontor.so.1' | grep -q 'SONAME.*libkontor.so.1'"
echo "$pass passed, $fail failed"
