import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // The core and the Node server subpaths in one build with shared chunks, so that a class
    // (AppendConflictError, the engine's errors) is the same object whichever subpath it comes from.
    // payments-engine/testing (the simulator; fast-check an optional peer) shares them too, so a
    // user's Engine fits its checks' types.
    entry: { index: 'src/index.ts', 'server/index': 'src/server/index.ts', 'postgres/index': 'src/server/postgres/index.ts', 'testing/index': 'src/testing/index.ts' },
    format: ['esm', 'cjs'],
    splitting: true,
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'node20',
  },
  {
    // The verify worker is its own file beside the CLI, which starts it by path (audit-file.ts).
    entry: { 'cli/main': 'src/cli/main.ts', 'cli/verify-worker': 'src/cli/verify-worker.ts' },
    format: ['esm'],
    sourcemap: true,
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
