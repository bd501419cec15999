#!/bin/sh
# Installs what kontor needs to build and test on Debian 12 (idempotent).
# Uses sudo when not root.  Prints what it installs.
set -eu
PKGS="gcc clang libclang-rt-14-dev make libc6-dev pkg-config binutils man-db libedit-dev"
# kontor serve (src/server): HTTP + WebSocket, storage; its browser tests
# (make test-web) drive Debian's Chromium with the machine's Node.js.
PKGS="$PKGS libcivetweb-dev libsqlite3-dev sqlite3 chromium"
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
