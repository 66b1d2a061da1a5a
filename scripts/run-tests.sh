#!/usr/bin/env bash
# Runs every suite even when one fails, then prints one line with the totals:
# "N passed, N failed". Exits non-zero if anything failed.
set -u
cd "$(dirname "$0")/.." || exit 1
reports=.tmp/reports
rm -rf "$reports" && mkdir -p "$reports"
status=0
# Every server a test starts reuses the code the first one compiled (main.ts writes it once listening).
export NODE_COMPILE_CACHE="$PWD/.tmp/compile-cache"

# A check without its own test count (typecheck, lint) counts as one test.
check() {
  local name=$1; shift
  echo "── $name"
  if "$@"; then echo "$name passed" >>"$reports/checks"; else echo "$name failed" >>"$reports/checks"; status=1; fi
}

check typecheck npx tsc -b
check lint npx eslint . --max-warnings=0
check shellcheck sh scripts/lint-shell.sh
check imports sh scripts/check-imports.sh

echo "── unit and integration (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json" || status=1

echo "── browser (playwright)"
PLAYWRIGHT_JSON_OUTPUT_FILE="$PWD/$reports/e2e.json" npm run e2e -w web -- --reporter=list,json || status=1

node scripts/test-summary.ts "$reports"
exit $status
