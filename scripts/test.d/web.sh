#!/bin/sh
# A stage of `make test` (scripts/test.sh): the browser tests of `kontor
# serve` (tests/web/run.mjs: Playwright driving Debian's Chromium; about
# 2-4 minutes).  Its last line is "N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
exec make --no-print-directory test-web
