/**
 * auditFile (two threads) against auditLog (one) on a log file, alternating in one process:
 * `node --expose-gc bench-out/bundle/audit-ab.js run <file> api|ledger [passes]` prints each pass's
 * seconds and the ratio of their medians (auditLog's time over auditFile's: > 1, two threads faster).
 * `gen-api N file` / `gen-ledger N file` write the API-driven log (figure 9's) or scenario 2's.
 * Run each build in its own process, alternating, for an A/B (docs/performance.md, stop 25).
 */
import { auditFile } from '../src/cli/audit-file.js';
import { lineWriter, readLines } from '../src/cli/files.js';
import { nativeSha256 } from '../src/cli/native-hash.js';
import { auditLog } from '../src/engine/audit.js';
import { encodeEnvelope } from '../src/log/index.js';
import { apiWorkload } from './api-workload.js';
import { workloadLines } from './workload.js';

const API_OPTIONS = { regulated: true, seed: 1 } as const;
const [cmd, a, b, c] = process.argv.slice(2);
const gc = (): void => { global.gc?.(); global.gc?.(); };
if (cmd === 'gen-api') {
  const { log } = apiWorkload({ events: Number(a) });
  const w = lineWriter(b!);
  for (const env of log) w.write(encodeEnvelope(env));
  w.close();
} else if (cmd === 'gen-ledger') {
  const w = lineWriter(b!);
  for (const line of workloadLines(Number(a), 10_000)) w.write(line);
  w.close();
} else if (cmd === 'run') {
  const opts = a && b === 'api' ? API_OPTIONS : {};
  const path = a!;
  const passes = Number(c ?? 3);
  const one: number[] = [];
  const two: number[] = [];
  const time = (f: () => { ok: boolean }): number => { gc(); const t = performance.now(); const r = f(); const s = (performance.now() - t) / 1000; if (!r.ok) throw new Error('audit failed'); return s; };
  for (let p = 0; p < passes; p += 1) {
    one.push(time(() => auditLog(readLines(path), { ...opts, sha256: nativeSha256, canonical: false })));
    two.push(time(() => auditFile(path, { ...opts, parallel: true, canonical: false })));
  }
  const med = (x: number[]): number => [...x].sort((p, q) => p - q)[Math.floor(x.length / 2)]!;
  const ratios = one.map((o, i) => o / two[i]!);
  process.stdout.write(`${JSON.stringify({ one: one.map((x) => +x.toFixed(3)), two: two.map((x) => +x.toFixed(3)), ratioMedian: +med(ratios).toFixed(3), ratioOfMedians: +(med(one) / med(two)).toFixed(3) })}\n`);
}
