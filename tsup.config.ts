import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
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
