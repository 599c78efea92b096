/**
 * Figure 12 as an A/B in one process: the heap and the ArrayBuffer bytes (typed-array columns,
 * off the JS heap) that an engine holds after replaying the API-driven log, per transaction,
 * for two builds taking turns over the same log. `AB_MEMORY=1 npm run bench:ab -- <revision>
 * [events]` bundles that revision as A and the working tree as B.
 *
 * Why: figure 12 reads one engine in one process after the other figures ran, and its heap
 * figure moved by up to ±120 B per transaction between runs of one build (980-1,218 at 30,000
 * events, stop 19), more than most changes to one store. Here each reading is the engine alive
 * against the same engine dropped, after collecting, and repeats to within a few bytes.
 * Usage, once bundled: node --expose-gc bench-out/bundle/memory-ab.js <A's bundled index.js> <events> <B's bundled index.js>
 */
import { pathToFileURL } from 'node:url';
import { nativeSha256 } from '../src/cli/native-hash.js';
import type { createEngine } from '../src/engine/engine.js';
import { apiWorkload } from './api-workload.js';

const [basePath, eventsArg = '30000', treePath] = process.argv.slice(2);
if (basePath === undefined || treePath === undefined) throw new Error('usage: memory-ab.js <A bundle index.js> <events> <B bundle index.js>');
// Both builds bundled alike (one file each, by benchmarks/ab.sh): the working tree imported from
// this bundle's own chunks read B 1-7% slower than the same code bundled as one file (stop 31).
const base = (await import(pathToFileURL(basePath).href)) as { createEngine: typeof createEngine };
const tree = (await import(pathToFileURL(treePath).href)) as { createEngine: typeof createEngine };
const OPTIONS = { regulated: true, seed: 1, sha256: nativeSha256 } as const;
const ROUNDS = 4;

const report = apiWorkload({ events: Number(eventsArg) });
const { log } = report;
const transactions = (report.eventTypes.TransactionCreated ?? 0) + (report.eventTypes.CardTransactionCreated ?? 0);
(report as { engine: unknown }).engine = undefined;

// A collected ArrayBuffer is freed (and uncounted) only in a later task: collect, wait, twice.
async function settled(): Promise<{ heap: number; buffers: number }> {
  for (let turn = 0; turn < 2; turn += 1) {
    global.gc?.();
    global.gc?.();
    await new Promise(setImmediate);
  }
  global.gc?.();
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed, buffers: usage.arrayBuffers };
}

const builds = { A: base.createEngine, B: tree.createEngine } as const;
// A first replay by each compiles its code, which then stays whether or not an engine is alive.
for (const make of Object.values(builds)) make(OPTIONS).replay(log);
const perTransaction = { A: { heap: [] as number[], buffers: [] as number[] }, B: { heap: [] as number[], buffers: [] as number[] } };
for (let round = 0; round < ROUNDS; round += 1) {
  for (const name of round % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
    let engine: ReturnType<typeof createEngine> | undefined = builds[name](OPTIONS);
    engine.replay(log);
    const alive = await settled();
    engine = undefined;
    const dropped = await settled();
    perTransaction[name].heap.push(Math.round((alive.heap - dropped.heap) / transactions));
    perTransaction[name].buffers.push(Math.round((alive.buffers - dropped.buffers) / transactions));
  }
}
const median = (values: number[]): number => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
const line = (name: 'A' | 'B'): string => {
  const { heap, buffers } = perTransaction[name];
  return `${name} heap ${median(heap)} B/transaction (${heap.join(', ')}), buffers ${median(buffers)} (${buffers.join(', ')}), both ${median(heap) + median(buffers)}`;
};
console.log(`${log.length} events, ${transactions} transactions (payments and card); engine alive minus dropped, ${ROUNDS} rounds, medians`);
console.log(line('A'));
console.log(line('B'));
