#!/usr/bin/env bash
# publint and arethetypeswrong over the package as published (run after `npm run build`).
# attw's node10 profile is skipped: subpath exports need Node >= 12 resolution, and the package
# needs Node >= 20 anyway.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
test -f dist/index.js || { echo "dist/ is missing: run npm run build first" >&2; exit 1; }
npm pack --ignore-scripts --silent --pack-destination "$out" >/dev/null
npx --no-install publint --strict
npx --no-install attw "$out"/payments-engine-*.tgz --profile node16
