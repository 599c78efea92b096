/**
 * The record codec's encode (and decode) over the API-driven workload's real records: every
 * record of every `PackedRecordMap` in the state of the engine `apiWorkload` drove, through one
 * codec per map as the engine packs them, the frozen reference codec (as at 2210bda,
 * test/core/reference-record-codec.ts) and the current one taking turns in one process. Reports
 * ns per record, medians of the rounds; checks first that both write the same bytes (the current
 * one with its id table off, as the reference has none; timed with it on, as the engine packs).
 *
 * Usage: npx tsx benchmarks/codec-bench.ts [events, default 30000] [rounds, default 41]
 *   or, bundled like the other benchmarks (one module scope, as the package ships):
 *   npx tsup --config benchmarks/tsup.config.ts --silent && node bench-out/bundle/codec-bench.js
 * The records are hot in cache here (encoded back to back), unlike in a replay, where each is
 * encoded as it leaves the hot set: `AB_REPLAY=1 npm run bench:ab` is the figure that counts.
 */
import { PackedRecordMap } from '../src/core/packed-record-map.js';
import { RecordCodec } from '../src/core/record-codec.js';
import { ReferenceRecordCodec } from '../test/core/reference-record-codec.js';
import { apiWorkload } from './api-workload.js';

type Codec = { encode(value: unknown): Uint8Array; decode(bytes: Uint8Array, from?: number, freeze?: boolean): unknown };

const [eventsArg = '30000', roundsArg = '41'] = process.argv.slice(2);
const ROUNDS = Number(roundsArg);

// The records of every packed map in the state (stores hold them one or two levels down).
function packedMaps(value: unknown, depth: number, found: PackedRecordMap<object>[]): PackedRecordMap<object>[] {
  if (value instanceof PackedRecordMap) found.push(value);
  else if (depth > 0 && typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    for (const child of Object.values(value)) packedMaps(child, depth - 1, found);
  }
  return found;
}

// A record as the store holds it: `engine.state` is a read-only view that wraps what is not frozen
// (idempotent responses) in proxies, which an encode would pay for and a replay does not. With
// `fresh`, every string is a new one as `JSON.parse` makes it (flat, its hash not yet computed),
// as a replay's records hold them when they are packed: an encode that met the same string
// objects before (a second round) finds them hashed and flattened already.
function copied(value: unknown, fresh: boolean): unknown {
  if (typeof value === 'string') return fresh ? (JSON.parse(JSON.stringify(value)) as string) : value;
  if (typeof value !== 'object' || value === null) return value;
  const copy: unknown = Array.isArray(value)
    ? Array.from({ length: value.length }, (_, i) => copied(value[i], fresh))
    : Object.fromEntries(Object.entries(value).map(([key, child]) => [key, copied(child, fresh)]));
  return Object.isFrozen(value) ? Object.freeze(copy) : copy;
}

const { engine } = apiWorkload({ events: Number(eventsArg) });
const stores = packedMaps(engine.state, 3, []).map((map) => [...map.values()].map((record) => copied(record, false))).filter((records) => records.length > 0);
const count = stores.reduce((sum, records) => sum + records.length, 0);

// Every store's records through a new codec of `make`; the bytes, per store.
function encodeAll(make: () => Codec): { codecs: Codec[]; bytes: Uint8Array[][] } {
  const codecs = stores.map(() => make());
  const bytes = stores.map((records, s) => records.map((record) => codecs[s]!.encode(record).slice()));
  return { codecs, bytes };
}

// ns per record of encoding `records` (per store) through new codecs of `make`.
function encodeNs(make: () => Codec, records: readonly (readonly unknown[])[]): number {
  const codecs = records.map(() => make());
  const start = process.hrtime.bigint();
  for (let s = 0; s < records.length; s += 1) {
    const codec = codecs[s]!;
    for (const record of records[s]!) codec.encode(record);
  }
  return Number(process.hrtime.bigint() - start) / count;
}

function decodeNs({ codecs, bytes }: { codecs: Codec[]; bytes: Uint8Array[][] }): number {
  const start = process.hrtime.bigint();
  for (let s = 0; s < codecs.length; s += 1) {
    const codec = codecs[s]!;
    for (const packed of bytes[s]!) codec.decode(packed);
  }
  return Number(process.hrtime.bigint() - start) / count;
}

const builds = { reference: () => new ReferenceRecordCodec(), current: () => new RecordCodec() } as const;
const encoded = { reference: encodeAll(builds.reference), current: encodeAll(builds.current) };
// The reference writes the `@5` bytes, which have no id table: the current codec writes the same
// bytes with its table and minted ids off (the table's own bytes are pinned in test/core/record-codec.test.ts).
const untabled = encodeAll(() => new RecordCodec({ idTable: false, mintedIds: false }));
for (const [s, store] of encoded.reference.bytes.entries()) {
  for (const [r, bytes] of store.entries()) {
    if (Buffer.compare(bytes, untabled.bytes[s]![r]!) !== 0) throw new Error(`store ${s} record ${r}: the codecs wrote different bytes`);
  }
}

const PASSES = ['encode', 'fresh', 'decode'] as const;
type Pass = (typeof PASSES)[number];
const times = { reference: { encode: [], fresh: [], decode: [] }, current: { encode: [], fresh: [], decode: [] } } as Record<'reference' | 'current', Record<Pass, number[]>>;
// Each round's current/reference: the two passes of a round are adjacent in time, so the ratio
// of each pair sees the same load (on a busy machine the medians of each side drift apart).
const ratios = { encode: [], fresh: [], decode: [] } as Record<Pass, number[]>;
for (let round = 0; round < ROUNDS + 3; round += 1) {
  for (const name of round % 2 === 0 ? (['reference', 'current'] as const) : (['current', 'reference'] as const)) {
    const freshStores = stores.map((records) => records.map((record) => copied(record, true)));
    const measured = { encode: encodeNs(builds[name], stores), fresh: encodeNs(builds[name], freshStores), decode: decodeNs(encoded[name]) };
    // The first rounds warm both up (JIT); they are not counted.
    if (round < 3) continue;
    for (const pass of PASSES) times[name][pass].push(measured[pass]);
  }
  if (round >= 3) for (const pass of PASSES) ratios[pass].push(times.current[pass].at(-1)! / times.reference[pass].at(-1)!);
}
const median = (values: number[]): number => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
const bytes = encoded.current.bytes.flat().reduce((sum, packed) => sum + packed.length, 0);
console.log(`${count} records of ${stores.length} packed maps (${Math.round(bytes / count)} bytes each packed, with the id table), the same bytes from both codecs with the table off`);
console.log(`ns per record, medians of ${ROUNDS} rounds alternating (encode: strings met before; fresh: new strings, as in a replay)`);
for (const name of ['reference', 'current'] as const) {
  console.log(`${name.padEnd(9)} ${PASSES.map((pass) => `${pass} ${Math.round(median(times[name][pass]))}`).join('  ')}`);
}
console.log(`current/reference of the medians:        ${PASSES.map((pass) => `${pass} ${(median(times.current[pass]) / median(times.reference[pass])).toFixed(3)}`).join('  ')}`);
console.log(`current/reference, median of each round's: ${PASSES.map((pass) => `${pass} ${median(ratios[pass]).toFixed(3)}`).join('  ')}`);
