#!/usr/bin/env bash
# Every check the project has, in the order a failure is cheapest to find.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm ci
echo "== typecheck";        npx tsc -p tsconfig.json --noEmit
echo "== lint";             npx eslint . --max-warnings=0
echo "== jest";             npx jest --ci
echo "== build";            npx vite build --logLevel warn
echo "== storybook build";  npx storybook build --quiet -o storybook-static >/dev/null
echo "== browser tests";    bash scripts/ensure-chromium.sh && npx playwright test
