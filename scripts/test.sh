#!/usr/bin/env bash
# The project's whole test command (`npm test`): lint, type-check, unit and integration tests on SQLite
# (and PostgreSQL when TEST_POSTGRES_URL is set), and the OpenAPI drift check.
set -euo pipefail
cd "$(dirname "$0")/.."

# ffmpeg/ffprobe back the scanner's fallback for audio music-metadata cannot read; install when we can.
need=()
command -v ffprobe >/dev/null 2>&1 || need+=(ffmpeg)
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
exit "$status"
