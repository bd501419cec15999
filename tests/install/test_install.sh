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

hnum() { sed -n "s/^#define $1 \([0-9][0-9]*\)\$/\1/p" include/kontor/kontor.h; }
HVERSION=$(hnum KT_VERSION_MAJOR).$(hnum KT_VERSION_MINOR).$(hnum KT_VERSION_PATCH)
ABI=$(hnum KT_ABI_VERSION)
check make_install make --no-print-directory -s install BUILD="$BUILD" PREFIX="$prefix"
for f in include/kontor/kontor.h lib/libkontor.a lib/libkontor.so.$ABI lib/libkontor.so \
         lib/pkgconfig/kontor.pc bin/kontor share/man/man1/kontor.1; do
    check "has_${f//\//_}" test -e "$prefix/$f"
done
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
check pkg_config_version sh -c "test \"\$(pkg-config --modversion kontor)\" = \"$HVERSION\""
check example_builds_shared sh -c "cd '$tmp' && cc -std=c11 -Wall -Wextra -Werror \
    '$PWD/examples/embed/random_games.c' \$(pkg-config --cflags --libs kontor) -o ex_shared"
check example_runs_shared sh -c "LD_LIBRARY_PATH='$prefix/lib' '$tmp/ex_shared' dominion 50 | grep -q '50 games'"
# no LD_LIBRARY_PATH: the rpath from kontor.pc finds the installed library
check example_runs_without_ld_library_path sh -c "env -u LD_LIBRARY_PATH '$tmp/ex_shared' dominion 5 | grep -q '5 games'"
check example_rpath_is_the_prefix sh -c "readelf -d '$tmp/ex_shared' | grep -E 'R(UN)?PATH' | grep -q '$prefix/lib'"
# every C block of docs/embedding.md builds and runs as written (pkg-config,
# no LD_LIBRARY_PATH)
awk -v dir="$tmp" '/^```c$/ {n++; on=1; next} /^```$/ {on=0} on {print > (dir "/doc_block_" n ".c")}' \
    docs/embedding.md
nblocks=0
for src in "$tmp"/doc_block_*.c; do
    [ -e "$src" ] || continue
    nblocks=$((nblocks + 1))
    b=$(basename "$src" .c)
    check "docs_embedding_$b" sh -c "cd '$tmp' && cc -std=c11 -Wall -Werror '$src' \$(pkg-config --cflags --libs kontor) -o '$b' && env -u LD_LIBRARY_PATH './$b'"
done
check docs_embedding_has_c_blocks test "$nblocks" -gt 0
check example_uses_installed_so sh -c "LD_LIBRARY_PATH='$prefix/lib' ldd '$tmp/ex_shared' | grep -q '$prefix/lib/libkontor.so.$ABI'"
check example_builds_static sh -c "cd '$tmp' && cc -std=c11 '$PWD/examples/embed/random_games.c' \
    \$(pkg-config --cflags kontor) '$prefix/lib/libkontor.a' \$(pkg-config --libs-only-other --static kontor) -lm -lpthread -o ex_static"
check example_runs_static sh -c "'$tmp/ex_static' catan 5 | grep -q '5 games'"
check command_runs sh -c "'$prefix/bin/kontor' games | grep -q dominion"
check man_page_formats sh -c "man -l '$prefix/share/man/man1/kontor.1' 2>/dev/null | grep -q 'kontor' || grep -q '^.TH KONTOR 1' '$prefix/share/man/man1/kontor.1'"
# exactly the public API: every exported symbol is declared in kontor.h and
# nothing internal (dom_, cat_, mp2_, mcts_, kt_json_...) is visible
exports() { nm -D --defined-only "$prefix/lib/libkontor.so.$ABI" | awk '{print $3}'; }
check exports_only_public sh -c "
    for s in \$(nm -D --defined-only '$prefix/lib/libkontor.so.$ABI' | awk '{print \$3}'); do
        grep -q \"\\b\$s(\" include/kontor/kontor.h || { echo \"exported but not public: \$s\"; exit 1; }
    done"
check exports_every_public_function sh -c "
    for s in \$(grep -o '\\bkt_[a-z_0-9]*(' include/kontor/kontor.h | tr -d '(' | sort -u); do
        nm -D --defined-only '$prefix/lib/libkontor.so.$ABI' | awk '{print \$3}' | grep -qx \"\$s\" ||
            { echo \"declared but not exported: \$s\"; exit 1; }
    done"
check soname sh -c "readelf -d '$prefix/lib/libkontor.so.$ABI' | grep -q 'SONAME.*libkontor.so.$ABI'"
check abi_is_the_headers sh -c "test -e '$prefix/lib/libkontor.so.$ABI'"
echo "$pass passed, $fail failed"
