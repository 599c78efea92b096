/**
 * Figure 8's API-driven replay as an A/B in one process: two builds take turns replaying the
 * same API-driven log, each block parsed from its JSONL text just before it is replayed (as a
 * server boots from its store), CPU time of the replay alone. `AB_REPLAY=1 npm run bench:ab --
 * <revision> [events]` bundles that revision as A and the working tree as B.
 *
 * Why: figure 8 reads each build in its own process, where the ledger-only side it is divided by
 * swings 0.75-1.75M events/s on a quiet machine; two builds in one process, alternating, see the
 * same machine. Also reports each engine's memory after the replay (heap and buffers).
 * Usage, once bundled: node --expose-gc bench-out/bundle/replay-ab.js <A's bundled index.js> <events> <B's bundled index.js>
 */
import { pathToFileURL } from 'node:url';
import { nativeSha256 } from '../src/cli/native-hash.js';
import type { createEngine } from '../src/engine/engine.js';
import type { EventEnvelope } from '../src/log/envelope.js';
import { apiWorkload } from './api-workload.js';

const [basePath, eventsArg = '30000', treePath] = process.argv.slice(2);
if (basePath === undefined || treePath === undefined) throw new Error('usage: replay-ab.js <A bundle index.js> <events> <B bundle index.js>');
// Both builds bundled alike (one file each, by benchmarks/ab.sh): the working tree imported from
// this bundle's own chunks read B 1-7% slower than the same code bundled as one file (stop 31).
const base = (await import(pathToFileURL(basePath).href)) as { createEngine: typeof createEngine };
const tree = (await import(pathToFileURL(treePath).href)) as { createEngine: typeof createEngine };
const OPTIONS = { regulated: true, seed: 1, sha256: nativeSha256 } as const;
// Even (AB_ROUNDS, default 8), so that each build replays first in as many rounds as the other:
// on this machine the second replay of a round read up to 1.5x the first (stop 22), whichever
// build it was.
const ROUNDS = 2 * Math.round(Number(process.env.AB_ROUNDS ?? 8) / 2);
const BLOCK = 10_000;

const lines = (() => {
  const report = apiWorkload({ events: Number(eventsArg) });
  return report.log.map((event) => JSON.stringify(event));
})();

const builds = { A: base.createEngine, B: tree.createEngine } as const;
const gc = (): void => (globalThis as { gc?: () => void }).gc?.();

// CPU µs of replaying every block into a new engine, each block parsed untimed just before.
function replayCpuMicros(make: typeof createEngine): number {
  const engine = make(OPTIONS);
  let micros = 0;
  for (let from = 0; from < lines.length; from += BLOCK) {
    const block = lines.slice(from, from + BLOCK).map((line) => JSON.parse(line) as EventEnvelope);
    gc();
    const start = process.cpuUsage();
    engine.replay(block);
    const used = process.cpuUsage(start);
    micros += used.user + used.system;
  }
  return micros;
}

for (const make of Object.values(builds)) replayCpuMicros(make);
const nsPerEvent = { A: [] as number[], B: [] as number[] };
// The same figures by the build's place in its round (0: replayed first).
const byPlace = { A: [[], []] as number[][], B: [[], []] as number[][] };
for (let round = 0; round < ROUNDS; round += 1) {
  const order = round % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const);
  for (const [place, name] of order.entries()) {
    const ns = Math.round((replayCpuMicros(builds[name]) * 1000) / lines.length);
    nsPerEvent[name].push(ns);
    byPlace[name][place]!.push(ns);
  }
}
const median = (values: number[]): number => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
console.log(`${lines.length} events, blocks of ${BLOCK} parsed just before each replay; CPU ns per event, ${ROUNDS} rounds alternating (each build first in half), medians`);
for (const name of ['A', 'B'] as const) console.log(`${name} ${median(nsPerEvent[name])} ns/event (${nsPerEvent[name].join(', ')})`);
console.log(`B/A ${(median(nsPerEvent.B) / median(nsPerEvent.A)).toFixed(3)} (below 1: B is faster)`);
const placeRatio = (place: number): string => (median(byPlace.B[place]!) / median(byPlace.A[place]!)).toFixed(3);
console.log(`by place in the round, medians of ${ROUNDS / 2}: first A ${median(byPlace.A[0]!)} B ${median(byPlace.B[0]!)} (B/A ${placeRatio(0)}), second A ${median(byPlace.A[1]!)} B ${median(byPlace.B[1]!)} (B/A ${placeRatio(1)})`);
