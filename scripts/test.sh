#!/usr/bin/env bash
# The project's whole test command (`npm test`): lint, type-check, unit and integration tests on SQLite
# (and PostgreSQL when TEST_POSTGRES_URL is set), the OpenAPI drift check, then the web app's build and the
# end-to-end tests in Chromium (skip those with SKIP_E2E=1).
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
echo "== type-check and build (tsc -b)"
npx tsc -b
npx tsc -p apps/server/test
npx tsc -p apps/web
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
echo "== web app build and end-to-end tests (Playwright, Chromium)"
npm run build -w @sasayaki/web
npx tsc -p e2e
npm run test:e2e
