#!/bin/sh
# Installs what kontor needs to build and test on Debian 12 (idempotent).
# Uses sudo when not root.  Prints what it installs.
set -eu
PKGS="gcc clang libclang-rt-14-dev make libc6-dev pkg-config binutils man-db libedit-dev"
# kontor serve (src/server): HTTP(S) + WebSocket on libh2o (with wslay and
# OpenSSL), storage; its browser tests (make test-web) drive Debian's
# Chromium with the machine's Node.js; `openssl` makes the TLS test's
# certificate.
PKGS="$PKGS libh2o-evloop-dev libwslay-dev libssl-dev zlib1g-dev libsqlite3-dev sqlite3 openssl chromium"
# accounts: Argon2id password hashes (libsodium); PostgreSQL as the second
# storage (libpq) and its server, which the tests start as a throw-away
# cluster (scripts/pg-cluster.sh), never assuming one is running
PKGS="$PKGS libsodium-dev libpq-dev postgresql"
# the Python package (python/, docs/python.md): Debian's python3, numpy optional
PKGS="$PKGS python3 python3-numpy"
missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -z "$missing" ]; then
    echo "setup: all packages present ($PKGS)"
    exit 0
fi
echo "setup: installing$missing"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing
