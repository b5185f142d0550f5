#!/usr/bin/env bash
# Every check the project has. Jest leaves part of both cores idle (its server tests wait on sockets, timers and
# child processes), so tsc, ESLint and the app's and Storybook's builds run beside it; then the browser tests, on
# the built app. A check's output shows once it is done, the failing one's first.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm install --no-audit --no-fund
results=$(mktemp -d)
declare -A pids=()
# A failure ends the run: nothing started beside it goes on in the background (each runs in its own process
# group, so npx's children go too).
stop_all() { for pid in "${pids[@]}"; do kill -- "-$pid" 2>/dev/null || true; done; }
trap stop_all EXIT

# beside NAME COMMAND...: runs COMMAND in the background, its output kept for `settle`.
beside() {
  local name=$1
  shift
  setsid "$@" >"$results/$name.log" 2>&1 &
  pids[$name]=$!
}

# settle NAME TITLE [quiet]: waits for NAME and prints its title and output (with `quiet`, the output only if it
# failed); a failure ends the run with its status.
settle() {
  local status=0
  wait "${pids[$1]}" || status=$?
  echo "== $2"
  if [ "$status" -ne 0 ] || [ "${3:-}" != quiet ]; then cat "$results/$1.log"; fi
  if [ "$status" -ne 0 ]; then
    echo "$2 failed (exit $status)" >&2
    exit "$status"
  fi
}

beside typecheck npx tsc -p tsconfig.json --noEmit
beside lint npx eslint . --max-warnings=0
beside build npx vite build --logLevel warn
# --test: every story still builds, without what only a published Storybook needs (component docgen, source maps,
# tree shaking): docs/testing.md.
beside storybook npx storybook build --quiet --test -o storybook-static
echo "== jest"
jest_status=0
npx jest --ci --maxWorkers=2 --json --outputFile="$results/jest.json" || jest_status=$?
settle typecheck typecheck
settle lint lint
[ "$jest_status" -eq 0 ] || exit "$jest_status"
settle build build
# The first load's size budgets (.size-limit.mjs): past one, the run fails here.
echo "== size budgets"
npx size-limit
# Storybook's build prints its progress even when quiet: shown only if it fails.
settle storybook 'storybook build' quiet

echo "== browser tests"
bash scripts/ensure-chromium.sh
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e.json" npx playwright test --reporter=list,json
node scripts/test-summary.mjs "$results/jest.json" "$results/e2e.json"
