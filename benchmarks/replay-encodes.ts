/**
 * The record codec's encodes inside the API-driven replay, and the same records encoded again out
 * of it: where an encode's time goes. The replay's packed maps encode each record once, as it
 * leaves the hot set (set `hotRecords` sets ago, so cold in cache); this wraps
 * `RecordCodec.encode` during one replay to time those encodes and keep the records, then encodes
 * the kept records again through new codecs (one per map, in the replay's order), over and over:
 *
 * - `inReplayNs`: ns per encode inside the replay (`share`: of the replay's wall time);
 * - `coldNs`: per encode, each record once per round (21k records of scattered heap: cold again);
 * - `hotNs`: per encode, each record ten times in a row (in cache: the encoder's own work);
 * - `readNs`: per record, a walk that reads every value and one unit of every string and encodes
 *   nothing, once per round (what reading a cold record costs any encoder).
 *
 * Times are CPU time of the process (all threads) but `inReplayNs`, `share` (hrtime). Medians of
 * the rounds. Usage, after `npx tsup --config benchmarks/tsup.config.ts --silent`:
 *   node --expose-gc --max-old-space-size=4096 bench-out/bundle/replay-encodes.js [events, default 100000] [rounds, default 9]
 * One process per build: compare builds by alternating processes.
 */
import { nativeSha256 } from '../src/cli/native-hash.js';
import { RecordCodec } from '../src/core/record-codec.js';
import { createEngine } from '../src/engine/engine.js';
import { apiWorkload } from './api-workload.js';

const [eventsArg = '100000', roundsArg = '9'] = process.argv.slice(2);
const ROUNDS = Number(roundsArg);
const HOT_REPEATS = 10;

const { log } = apiWorkload({ events: Number(eventsArg) });

// The replay, with every encode timed and its record and codec kept.
const codecNumbers = new Map<RecordCodec, number>();
const records: unknown[] = [];
const owners: number[] = [];
// Each record's key as the replay gave it (from @11 a packed record is written against its id).
const keys: (string | Int32Array | undefined)[] = [];
let encodeNs = 0;
const encode = RecordCodec.prototype.encode;
RecordCodec.prototype.encode = function timedEncode(this: RecordCodec, value: unknown, key?: string | Int32Array): Uint8Array {
  let owner = codecNumbers.get(this);
  if (owner === undefined) {
    owner = codecNumbers.size;
    codecNumbers.set(this, owner);
  }
  records.push(value);
  owners.push(owner);
  // A key of words is the caller's scratch array, overwritten by the next encode: kept as a copy.
  keys.push(key instanceof Int32Array ? key.slice() : key);
  const start = process.hrtime.bigint();
  const bytes = encode.call(this, value, key);
  encodeNs += Number(process.hrtime.bigint() - start);
  return bytes;
};
const engine = createEngine({ regulated: true, seed: 1, sha256: nativeSha256 });
global.gc?.();
const replayStart = process.hrtime.bigint();
for (let i = 0; i < log.length; i += 10_000) engine.replay(log.slice(i, i + 10_000));
const replayNs = Number(process.hrtime.bigint() - replayStart);
RecordCodec.prototype.encode = encode;
const count = records.length;

const cpuNs = (run: () => void): number => {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) * 1_000;
};
const median = (values: number[]): number => Math.round([...values].sort((a, b) => a - b)[values.length >> 1] ?? Number.NaN);
const newCodecs = (): RecordCodec[] => Array.from({ length: codecNumbers.size }, () => new RecordCodec());

let unitsRead = 0;
function read(value: unknown): void {
  if (typeof value === 'string') {
    unitsRead += value.length === 0 ? 0 : value.charCodeAt(value.length - 1);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) read(value[i]);
    return;
  }
  for (const key in value) read((value as Record<string, unknown>)[key]);
}

const cold: number[] = [];
const reads: number[] = [];
for (let round = 0; round < ROUNDS + 2; round += 1) {
  global.gc?.();
  const codecs = newCodecs();
  const encodeRound = cpuNs(() => {
    for (let i = 0; i < count; i += 1) codecs[owners[i]!]!.encode(records[i], keys[i]);
  });
  global.gc?.();
  const readRound = cpuNs(() => {
    for (let i = 0; i < count; i += 1) read(records[i]);
  });
  // The first rounds warm up (JIT); they are not counted.
  if (round < 2) continue;
  cold.push(encodeRound / count);
  reads.push(readRound / count);
}
const hot: number[] = [];
const codecs = newCodecs();
for (let i = 0; i < count; i += 1) codecs[owners[i]!]!.encode(records[i], keys[i]);
for (let round = 0; round < ROUNDS; round += 1) {
  const ns = cpuNs(() => {
    for (let i = 0; i < count; i += 1) for (let repeat = 0; repeat < HOT_REPEATS; repeat += 1) codecs[owners[i]!]!.encode(records[i], keys[i]);
  });
  hot.push(ns / count / HOT_REPEATS);
}
console.log(
  JSON.stringify({
    events: log.length,
    encodes: count,
    maps: codecNumbers.size,
    inReplayNs: Math.round(encodeNs / count),
    share: Math.round((1000 * encodeNs) / replayNs) / 1000,
    coldNs: median(cold),
    hotNs: median(hot),
    readNs: median(reads),
    unitsRead: unitsRead > 0,
  }),
);
