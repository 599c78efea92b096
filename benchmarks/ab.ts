/**
 * A/B of two builds of the engine in one process: `npm run bench:ab -- <git revision>` bundles
 * that revision as A and the working tree as B, then replays the same blocks of scenario 1 with
 * A, B and the envelope fold in turn. Separate runs on a shared machine differ by more than most
 * single changes gain; taking turns over the same blocks in one process cancels that drift.
 * Usage, once bundled: node --expose-gc bench-out/bundle/ab.js <A's bundled index.js> <transfers> <B's bundled index.js>
 */
import { pathToFileURL } from 'node:url';
import type { createEngine } from '../src/engine/engine.js';
import type { EventEnvelope } from '../src/log/index.js';
import { envelopeFold, envelopeMaker, workloadEvents, type WorkloadEvent } from './workload.js';

const [basePath, transfersArg = '1000000', treePath] = process.argv.slice(2);
if (basePath === undefined || treePath === undefined) throw new Error('usage: ab.js <A bundle index.js> <transfers> <B bundle index.js>');
const TRANSFERS = Number(transfersArg);
const ACCOUNTS = 10_000;
const BLOCK = 10_000;
// Both builds bundled alike, one file each (benchmarks/ab.sh; stop 31).
const base = (await import(pathToFileURL(basePath).href)) as { createEngine: typeof createEngine };
const tree = (await import(pathToFileURL(treePath).href)) as { createEngine: typeof createEngine };

function opening(): EventEnvelope[] {
  const make = envelopeMaker();
  return [...workloadEvents(0, ACCOUNTS)].map(({ type, at, data }) => make(type, at, data));
}

const a = base.createEngine({ events: opening() });
const b = tree.createEngine({ events: opening() });
const balances = new Map<string, bigint>();
const runners: [string, (block: EventEnvelope[]) => void][] = [
  ['A', (block) => a.replay(block)],
  ['B', (block) => b.replay(block)],
  ['fold', (block) => envelopeFold(balances, block)],
];
const seconds = runners.map(() => 0);

const make = envelopeMaker();
const events = workloadEvents(TRANSFERS, ACCOUNTS);
// Both engines already hold genesis and the accounts: skip them in the shared log.
for (let i = 0; i <= ACCOUNTS; i += 1) {
  const { type, at, data } = events.next().value as WorkloadEvent;
  make(type, at, data);
}
let block: EventEnvelope[] = [];
let turn = 0;
const timeBlock = (): void => {
  for (let k = 0; k < runners.length; k += 1) {
    // Rotate who goes first, and start each with an empty young generation.
    const j = (k + turn) % runners.length;
    global.gc?.({ type: 'minor' });
    const t0 = process.hrtime.bigint();
    runners[j]![1](block);
    seconds[j]! += Number(process.hrtime.bigint() - t0) / 1e9;
  }
  turn += 1;
  block = [];
};
for (const { type, at, data } of events) {
  block.push(make(type, at, data));
  if (block.length === BLOCK) timeBlock();
}
if (block.length > 0) timeBlock();
const perEvent = (s: number): string => `${((s * 1e6) / TRANSFERS).toFixed(3)} µs/event`;
console.log(runners.map(([name], k) => `${name} ${perEvent(seconds[k]!)}`).join('   '));
console.log(`B/A ${(seconds[1]! / seconds[0]!).toFixed(3)} (below 1: B is faster)   fold/B ${(seconds[2]! / seconds[1]!).toFixed(3)}`);
