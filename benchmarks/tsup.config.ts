/**
 * Builds the benchmark into one bundle per entry, with the library compiled in exactly as
 * `npm run build` compiles dist (esbuild, one module scope, target node20). Measuring through a
 * per-file loader such as tsx instead turns every cross-module import into a getter call and
 * halves the ledger's measured speed, which no user of the package ever sees.
 */
import { defineConfig } from 'tsup';

export default defineConfig({
  // The CLI's verify worker lands beside scenarios.js, where auditFile looks for it.
  entry: { run: 'benchmarks/run.ts', scenarios: 'benchmarks/scenarios.ts', ab: 'benchmarks/ab.ts', 'api-scenarios': 'benchmarks/api-scenarios.ts', 'ledger-bytes': 'benchmarks/ledger-bytes.ts', 'memory-ab': 'benchmarks/memory-ab.ts', 'replay-ab': 'benchmarks/replay-ab.ts', 'codec-bench': 'benchmarks/codec-bench.ts', 'replay-encodes': 'benchmarks/replay-encodes.ts', 'audit-ab': 'benchmarks/audit-ab.ts', 'verify-worker': 'src/cli/verify-worker.ts' },
  outDir: 'bench-out/bundle',
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  dts: false,
});
