#!/usr/bin/env bash
# Every check the project has, in the order a failure is cheapest to find.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm install --no-audit --no-fund
results=$(mktemp -d)
echo "== typecheck";        npx tsc -p tsconfig.json --noEmit
echo "== lint";             npx eslint . --max-warnings=0
echo "== jest";             npx jest --ci --maxWorkers=2 --json --outputFile="$results/jest.json"
echo "== build";            npx vite build --logLevel warn
echo "== storybook build";  npx storybook build --quiet -o storybook-static >/dev/null
echo "== browser tests";    bash scripts/ensure-chromium.sh
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e.json" npx playwright test --reporter=list,json
node scripts/test-summary.mjs "$results/jest.json" "$results/e2e.json"
