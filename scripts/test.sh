#!/usr/bin/env bash
# The project's whole test command (`npm test`): lint, type-checks and builds (the web app's too), unit and
# integration tests on SQLite (and PostgreSQL when TEST_POSTGRES_URL is set), the OpenAPI drift check, then
# the end-to-end tests in Chromium (skip those and the web build with SKIP_E2E=1). docs/testing.md.
set -euo pipefail
cd "$(dirname "$0")/.."

# ffmpeg/ffprobe back the scanner's fallback for audio music-metadata cannot read; Chromium (Debian's,
# never `playwright install`) and CJK fonts run the end-to-end tests. Install them when we can.
need=()
command -v ffprobe >/dev/null 2>&1 || need+=(ffmpeg)
if [ -z "${SKIP_E2E:-}" ]; then
  [ -x /usr/bin/chromium ] || need+=(chromium)
  fc-list 2>/dev/null | grep -qi "Noto Sans CJK" || need+=(fonts-noto-cjk)
fi
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing ${need[*]} with apt-get…"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  else
    echo "Missing: ${need[*]}. Install it (Debian: apt-get install ${need[*]}) and run again." >&2
    exit 1
  fi
fi

echo "== lint (biome)"
npx biome check --error-on-warnings .
# tsc is single-threaded: the type-checks (and the web app's build for the end-to-end tests) run as two
# lanes side by side on the two cores, each lane's output shown when it ends. The server's build (tsc -b)
# comes first in its lane: vitest's process suites and the e2e tests run apps/server/dist.
lane() {
  local name=$1 log status=0
  shift
  log=$(mktemp)
  # errexit does not reach into a command whose status is tested: the lanes chain their steps with &&.
  "$@" >"$log" 2>&1 || status=$?
  # One write, so the two lanes' reports do not interleave.
  printf -- '-- %s: %s\n%s\n' "$name" "$([ "$status" = 0 ] && echo ok || echo FAILED)" "$(cat "$log")"
  rm -f "$log"
  return "$status"
}
server_lane() {
  npx tsc -b && npx tsc -p apps/server/test
}
web_lane() {
  npx tsc -p apps/web || return
  [ -n "${SKIP_E2E:-}" ] || { npx tsc -p e2e && npm run build -w @sasayaki/web; }
}
echo "== type-check and build (tsc -b, tests, web${SKIP_E2E:+; no web build: SKIP_E2E})"
lane "server build, server and test types" server_lane &
server_pid=$!
lane "web and e2e types, web build" web_lane &
web_pid=$!
lanes=0
wait "$server_pid" || lanes=1
wait "$web_pid" || lanes=1
[ "$lanes" = 0 ] || exit 1
echo "== unit and integration tests (vitest)${TEST_POSTGRES_URL:+, with PostgreSQL}"
report=$(mktemp)
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json="$report" || status=$?
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped`);
' "$report" || true
rm -f "$report"
[ "$status" = 0 ] || exit "$status"

if [ -n "${SKIP_E2E:-}" ]; then
  echo "== end-to-end tests skipped (SKIP_E2E)"
  exit 0
fi
echo "== end-to-end tests (Playwright, Chromium; the web app was built above)"
npm run test:e2e
