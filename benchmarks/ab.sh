#!/usr/bin/env bash
# npm run bench:ab -- [git revision, default HEAD]: the working tree (B) against that revision (A),
# replaying the same blocks in one process (benchmarks/ab.ts). Both are bundled the same way.
# AB_MEMORY=1: the engine's memory after the API-driven replay instead (benchmarks/memory-ab.ts).
# AB_REPLAY=1: the API-driven replay's CPU per event, blocks parsed from text (benchmarks/replay-ab.ts).
#   AB_ROUNDS=n: its rounds (even; default 8).
set -euo pipefail
rev="${1:-HEAD}"
# A checkout and bundle of this run's own, so that two runs at once (helpers sharing a machine)
# never remove each other's.
base="bench-out/ab-base-$$"
dist="$base-dist"
git worktree add --force --detach "$base" "$rev" >/dev/null
trap 'git worktree remove --force "$base" 2>/dev/null || rm -rf "$base"; rm -rf "$dist" "$dist-b"' EXIT
# The revision's sources, bundled as its package builds them; its dependencies resolve from here.
npx tsup --no-config "$base/src/index.ts" --format esm --platform node --target node20 --out-dir "$dist" --silent
# The working tree bundled the same way (one file): imported from the bench bundle's own chunks, B
# read 1-7% slower than the same code as one file (docs/performance.md, stop 31).
npx tsup --no-config src/index.ts --format esm --platform node --target node20 --out-dir "$dist-b" --silent
npx tsup --config benchmarks/tsup.config.ts --silent
echo "A = $(git rev-parse --short "$rev"), B = working tree"
if [ "${AB_REPLAY:-}" = 1 ]; then
  # Figure 8's API-driven replay, both builds in one process (benchmarks/replay-ab.ts).
  node --expose-gc --max-old-space-size=4096 bench-out/bundle/replay-ab.js "$dist/index.js" "${2:-30000}" "$dist-b/index.js"
elif [ "${AB_MEMORY:-}" = 1 ]; then
  # Figure 12 per transaction, heap and typed-array buffers (benchmarks/memory-ab.ts).
  node --expose-gc --max-old-space-size=4096 bench-out/bundle/memory-ab.js "$dist/index.js" "${2:-30000}" "$dist-b/index.js"
else
  node --expose-gc --max-old-space-size=4096 bench-out/bundle/ab.js "$dist/index.js" "${2:-1000000}" "$dist-b/index.js"
fi
