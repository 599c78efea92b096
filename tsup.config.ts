import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // payments-engine/testing (the simulator; fast-check an optional peer) shares chunks with the
    // core, so a user's Engine fits its checks' types and there is one engine.
    entry: { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' },
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
