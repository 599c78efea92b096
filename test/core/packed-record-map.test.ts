/**
 * core/packed-record-map.ts: a map that packs the records set long ago behaves as a plain Map of
 * the records set (same answers, same order), under any sequence of sets, deletes and clears;
 * records set recently stay the very objects set; packed records read back frozen. A map loaded
 * from a snapshot's packed records (`fromPacked`) answers as a plain Map of those records under
 * the same sequences and saves as one (`packBytes`): from bytes (`@5`) it holds them packed at
 * once, decoding one only when read; from texts (`@3`, `@4`) it parses a record only when it is
 * read, and packs it like one set after that.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PackedRecordMap } from '../../src/core/packed-record-map.js';
import { type PackedBytes, packBytes } from '../../src/core/packed-bytes.js';
import type { PackedRecords } from '../../src/core/packed-records.js';
import { packedTexts, packRecords } from '../support/packed-texts.js';
import { sameValue } from '../support/same-value.js';

type Op = { readonly kind: 'set'; readonly id: string; readonly n: number } | { readonly kind: 'delete'; readonly id: string } | { readonly kind: 'clear' };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('set' as const), id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'), n: fc.integer() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), id: fc.constantFrom('a', 'b', 'c', 'h') }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'clear' as const }) },
);

// Reads too, for a loaded map: they are what turns a pending record into an object.
type LoadedOp = Op | { readonly kind: 'get' | 'has'; readonly id: string } | { readonly kind: 'keys' | 'size' };

const ID = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'z');
const loadedOp: fc.Arbitrary<LoadedOp> = fc.oneof(
  { weight: 6, arbitrary: op },
  { weight: 6, arbitrary: fc.record({ kind: fc.constantFrom('get' as const, 'has' as const), id: ID }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('keys' as const, 'size' as const) }) },
);

const recordOf = (id: string, n: number) => ({ id, status: n % 2 === 0 ? 'COMPLETED' : 'FAILED', amount: { amountMinor: String(n), currency: 'USD' }, n, notes: 'x'.repeat(Math.abs(n) % 300) });

describe('PackedRecordMap', () => {
  it('answers as a plain Map of the records set, in the same order, however few stay hot', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), fc.integer({ min: 0, max: 4 }), (ops, hot) => {
        const packed = new PackedRecordMap<object>({ hot });
        const plain = new Map<string, object>();
        for (const step of ops) {
          if (step.kind === 'set') {
            packed.set(step.id, recordOf(step.id, step.n));
            plain.set(step.id, recordOf(step.id, step.n));
          } else if (step.kind === 'delete') expect(packed.delete(step.id)).toBe(plain.delete(step.id));
          else {
            packed.clear();
            plain.clear();
          }
          expect(packed.size).toBe(plain.size);
        }
        expect([...packed.keys()]).toEqual([...plain.keys()]);
        expect(sameValue([...packed.entries()], [...plain.entries()])).toBe(true);
        expect(sameValue([...packed.values()], [...plain.values()])).toBe(true);
        expect(sameValue([...packed], [...plain])).toBe(true);
        for (const id of ['a', 'b', 'h', 'z']) expect(sameValue(packed.get(id), plain.get(id))).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('keeps the last `hot` records set as the objects set, and packs the older ones', () => {
    const map = new PackedRecordMap<object>({ hot: 2 });
    const records = ['a', 'b', 'c', 'd'].map((id, n) => recordOf(id, n));
    for (const record of records) map.set((record as { id: string }).id, record);
    expect(map.get('d')).toBe(records[3]);
    expect(map.get('c')).toBe(records[2]);
    expect(map.get('a')).not.toBe(records[0]);
    expect(sameValue(map.get('a'), records[0])).toBe(true);
    expect(map.packing.packed).toBe(2);
    expect(Object.isFrozen(map.get('a'))).toBe(true);
  });

  it('keeps a record set again within the last `hot` sets as an object: its earlier set does not pack it', () => {
    const map = new PackedRecordMap<object>({ hot: 2 });
    const [a, b, again] = [recordOf('a', 1), recordOf('b', 2), recordOf('a', 3)];
    map.set('a', a);
    map.set('b', b);
    // The ring's oldest slot is `a`'s first set; `a` is now `again`, set last.
    map.set('a', again);
    expect(map.get('a')).toBe(again);
    expect(map.packing.packed).toBe(0);
    map.set('c', recordOf('c', 4));
    expect(map.get('b')).not.toBe(b);
    expect(map.get('a')).toBe(again);
    expect(map.packing.packed).toBe(1);
  });

  it('keeps its hot set right when deletions renumber the rows: the ring follows each id to its new row', () => {
    // 2,000 ids, then the first 1,025 deleted: at 1,025 holes, more than 1,024 and than the
    // entries, the rows are renumbered under the ring, whose 4 slots hold the last 4 ids set.
    const map = new PackedRecordMap<object>({ hot: 4 });
    const plain = new Map<string, object>();
    const idOf = (n: number): string => `Transaction:019b8ee3-12dd-77a1-8e94-${n.toString(16).padStart(12, '0')}`;
    for (let n = 0; n < 2_000; n += 1) {
      map.set(idOf(n), recordOf(idOf(n), n));
      plain.set(idOf(n), recordOf(idOf(n), n));
    }
    const hot = [1_996, 1_997, 1_998, 1_999].map((n) => map.get(idOf(n)));
    for (let n = 0; n < 1_025; n += 1) {
      map.delete(idOf(n));
      plain.delete(idOf(n));
    }
    // Still the objects set: renumbering moved their rows, not their values.
    for (const [k, n] of [1_996, 1_997, 1_998, 1_999].entries()) expect(map.get(idOf(n))).toBe(hot[k]);
    expect(map.packing.packed).toBe(971);
    // Four more sets push exactly those four out of the ring, and they are packed at their new rows.
    for (let n = 2_000; n < 2_004; n += 1) {
      map.set(idOf(n), recordOf(idOf(n), n));
      plain.set(idOf(n), recordOf(idOf(n), n));
    }
    expect(map.packing.packed).toBe(975);
    expect(map.get(idOf(1_999))).not.toBe(hot[3]);
    expect(sameValue([...map.entries()], [...plain.entries()])).toBe(true);
    expect(map.positionOf(idOf(1_025))).toBe(0);
  });

  it('packs every record as it is set when hot is 0 (idempotent responses)', () => {
    const map = new PackedRecordMap<object>({ hot: 0 });
    const record = recordOf('a', 7);
    map.set('a', record);
    expect(map.get('a')).not.toBe(record);
    expect(sameValue(map.get('a'), record)).toBe(true);
    expect(map.packing.packed).toBe(1);
  });

  it('reads packed records unfrozen when told not to freeze (stored responses)', () => {
    const map = new PackedRecordMap<{ body: { id: string } }>({ hot: 1, freeze: false });
    map.set('k1', { body: { id: 'x' } });
    map.set('k2', { body: { id: 'y' } });
    expect(Object.isFrozen(map.get('k1')) || Object.isFrozen(map.get('k1')?.body)).toBe(false);
  });

  it('moves its packed records to a new buffer once replaced ones outweigh live ones, answers unchanged', () => {
    const map = new PackedRecordMap<object>({ hot: 1 });
    const big = (n: number) => ({ n, text: `${n}`.padEnd(2_000, '.') });
    for (let round = 0; round < 200; round += 1) {
      for (const id of ['a', 'b', 'c']) map.set(id, big(round));
    }
    map.set('z', big(-1));
    expect(sameValue(map.get('a'), big(199))).toBe(true);
    expect(sameValue(map.get('c'), big(199))).toBe(true);
    // 3 records of ~2 KB live: the buffers never hold the 600 replaced ones.
    expect(map.packing.heldBytes).toBeLessThanOrEqual(4 * (1 << 16));
    // Live bytes count the packed records left (a, b, c; z is the hot one), not the replaced ones.
    expect(map.packing.liveBytes).toBeGreaterThan(3 * 2_000);
    expect(map.packing.liveBytes).toBeLessThan(3 * 2_100);
  });

  it('is a Map: instanceof, forEach with the map as its third argument', () => {
    const map = new PackedRecordMap<object>({ hot: 1 });
    map.set('a', { v: 1 });
    map.set('b', { v: 2 });
    const seen: string[] = [];
    map.forEach((value, key, self) => {
      expect(self).toBe(map);
      seen.push(`${key}=${(value as { v: number }).v}`);
    });
    expect(map instanceof Map).toBe(true);
    expect(seen).toEqual(['a=1', 'b=2']);
  });

  it('loaded from packed records, answers as a plain Map of them under any sets, deletes, clears and reads, however few stay hot', () => {
    const loaded = fc.record({
      records: fc.uniqueArray(fc.record({ id: ID, n: fc.integer() }), { selector: (r) => r.id, maxLength: 9 }),
      form: fc.constantFrom('bytes' as const, 'chunks' as const, 'texts' as const),
    });
    fc.assert(
      fc.property(loaded, fc.array(loadedOp, { maxLength: 60 }), fc.constantFrom(1, 2, 3, 4, Number.POSITIVE_INFINITY), (given, ops, hot) => {
        const plain = new Map<string, object>(given.records.map(({ id, n }) => [id, recordOf(id, n)]));
        const map = PackedRecordMap.fromPacked<object>(packedOf(plain, given.form), { hot });
        // Ids set by the test: a hot one's record is the (unfrozen) object set.
        const setHere = new Set<string>();
        for (const step of ops) {
          const pendingBefore = map.packing.pending;
          if (step.kind === 'set') {
            map.set(step.id, recordOf(step.id, step.n));
            plain.set(step.id, recordOf(step.id, step.n));
            setHere.add(step.id);
          } else if (step.kind === 'delete') expect(map.delete(step.id)).toBe(plain.delete(step.id));
          else if (step.kind === 'clear') {
            map.clear();
            plain.clear();
          } else if (step.kind === 'get') {
            const read = map.get(step.id);
            expect(sameValue(read, plain.get(step.id))).toBe(true);
            // A loaded record is frozen when parsed, as stored records are.
            if (read !== undefined && !setHere.has(step.id)) expect(Object.isFrozen(read)).toBe(true);
          } else {
            // Reads that never parse: nothing pending becomes an object.
            if (step.kind === 'has') expect(map.has(step.id)).toBe(plain.has(step.id));
            else if (step.kind === 'keys') expect([...map.keys()]).toEqual([...plain.keys()]);
            else expect(map.size).toBe(plain.size);
            expect(map.packing.pending).toBe(pendingBefore);
          }
          expect(map.size).toBe(plain.size);
          const { packed, pending } = map.packing;
          // Objects are the records read or set last: at most `hot` of them.
          expect(map.size - packed - pending).toBeLessThanOrEqual(hot);
          // Loaded bytes stay packed until set; nothing else is packed with no hot limit.
          if (hot === Number.POSITIVE_INFINITY && given.form !== 'bytes') expect(packed).toBe(0);
        }
        expect([...map.keys()]).toEqual([...plain.keys()]);
        expect(sameValue([...map.entries()], [...plain.entries()])).toBe(true);
        expect(sameValue([...map.values()], [...plain.values()])).toBe(true);
        expect(map.packing.pending).toBe(0);
        expect(packBytes([...plain.keys()], map)).toEqual(packBytes([...plain.keys()], plain));
      }),
      { numRuns: 400 },
    );
  });

  it('loaded from packed records, parses a record only when read, keeps it while hot, and packs it once `hot` more are read or set', () => {
    const plain = new Map(['a', 'b', 'c', 'd'].map((id, n) => [id, recordOf(id, n)] as const));
    const map = PackedRecordMap.fromPacked<object>(packedOf(plain, 'chunks'), { hot: 2 });
    expect(map.size).toBe(4);
    expect(map.packing).toMatchObject({ packed: 0, pending: 4 });
    const a = map.get('a');
    expect(map.get('a')).toBe(a);
    expect(map.packing).toMatchObject({ packed: 0, pending: 3 });
    map.get('b');
    map.set('e', recordOf('e', 9));
    // 'a' left the hot set: packed, read back equal (a new object).
    expect(map.packing).toMatchObject({ packed: 1, pending: 2 });
    expect(map.get('a')).not.toBe(a);
    expect(sameValue(map.get('a'), plain.get('a'))).toBe(true);
    // Reading 'a' again did not parse anything pending.
    expect(map.packing.pending).toBe(2);
  });

  it('loaded from bytes, holds every record packed at once: a read decodes it, frozen, and a set makes it an object', () => {
    const plain = new Map(['a', 'b', 'c', 'd'].map((id, n) => [id, recordOf(id, n)] as const));
    const map = PackedRecordMap.fromPacked<object>(packedOf(plain, 'bytes'), { hot: 2 });
    expect(map.size).toBe(4);
    expect(map.packing).toMatchObject({ packed: 4, pending: 0 });
    const a = map.get('a');
    expect(sameValue(a, plain.get('a'))).toBe(true);
    expect(Object.isFrozen(a)).toBe(true);
    // Read as a replay's packed records are: decoded at each read, still packed.
    expect(map.get('a')).not.toBe(a);
    expect(map.packing).toMatchObject({ packed: 4, pending: 0 });
    const e = recordOf('a', 9);
    map.set('a', e);
    expect(map.get('a')).toBe(e);
    expect(map.packing).toMatchObject({ packed: 3, pending: 0 });
    // Saved again as a map that was never packed saves.
    plain.set('a', e);
    expect(packBytes([...plain.keys()], map)).toEqual(packBytes([...plain.keys()], plain));
  });

  it('loaded from bytes, reads as the writer records of every size, across segments and the arena\'s chunks', () => {
    const plain = new Map<string, object>();
    for (let n = 0; n < 6_000; n += 1) plain.set(`r${n}`, recordOf(`r${n}`, n * 7919));
    // A record longer than a chunk and one longer than a segment.
    plain.set('long1', { text: 'y'.repeat(70_000) });
    plain.set('long2', { text: 'z'.repeat(500_000) });
    const packed = packedOf(plain, 'bytes') as PackedBytes;
    expect(packed.bytes.length).toBeGreaterThan(2);
    const map = PackedRecordMap.fromPacked<object>(packed, { hot: 3 });
    expect(sameValue([...map.entries()], [...plain.entries()])).toBe(true);
    map.set('r5', recordOf('r5', -1));
    plain.set('r5', recordOf('r5', -1));
    expect(sameValue(map.get('long2'), plain.get('long2'))).toBe(true);
    expect(packBytes([...plain.keys()], map)).toEqual(packBytes([...plain.keys()], plain));
  });
});

/** `records` as a snapshot holds them, through JSON: as bytes (`@5`), texts in chunks (`@4`) or one text per record (`@3`). */
function packedOf(records: ReadonlyMap<string, object>, form: 'bytes' | 'chunks' | 'texts'): PackedRecords | PackedBytes {
  if (form === 'bytes') return JSON.parse(JSON.stringify(packBytes([...records.keys()], records))) as PackedBytes;
  const packed = packRecords([...records.keys()], records);
  return JSON.parse(JSON.stringify(form === 'texts' ? { ids: packed.ids, texts: packedTexts(packed) } : packed)) as PackedRecords;
}

const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('PackedRecordMap packed against a base map (baseOn)', () => {
  type BaseOp =
    | { readonly kind: 'setBase' | 'setDependent'; readonly id: string; readonly n: number }
    | { readonly kind: 'deleteBase' | 'deleteDependent'; readonly id: string }
    | { readonly kind: 'clearBase' };
  const UUIDS = ['018bcfe5-6800-7cfb-b27f-4dbe5936a2b1', '018bcff7-d3b0-75fe-ad3e-63dfab5ffc06', '018bd001-0000-7000-8000-000000000001'];
  const uuidArb = fc.constantFrom(...UUIDS);
  const baseOp: fc.Arbitrary<BaseOp> = fc.oneof(
    { weight: 6, arbitrary: fc.record({ kind: fc.constantFrom('setBase' as const, 'setDependent' as const), id: uuidArb, n: fc.integer({ min: 0, max: 5 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('deleteBase' as const, 'deleteDependent' as const), id: uuidArb }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'clearBase' as const }) },
  );
  // A base and a dependent sharing most of their values (by `n`, so often equal, often not).
  const baseRecord = (id: string, n: number) => ({ id: `Base:${id}`, amount: String(n % 3), status: n % 2 === 0 ? 'SETTLED' : 'PENDING', nested: { n: n % 2 } });
  const dependentRecord = (id: string, n: number) => ({ id: `Dep:${id}`, amountMinor: String(n % 3), state: n % 2 === 0 ? 'SETTLED' : 'PENDING', nested: { n: n % 4 }, own: n });
  const link = {
    fields: ['amountMinor', 'state', 'nested'],
    baseKeyOf: (uuid: string) => `Base:${uuid}`,
    dependentKeyOf: (key: string) => (key.startsWith('Base:') ? `Dep:${key.slice(5)}` : undefined),
    valuesOf: (base: object) => {
      const record = base as ReturnType<typeof baseRecord>;
      return [record.amount, record.status, { ...record.nested }];
    },
    isFinal: (record: object) => (record as ReturnType<typeof dependentRecord>).own % 2 === 0,
  };

  it('reads every dependent record as set, however its base changes after it was packed (set, deleted, cleared)', () => {
    fc.assert(
      fc.property(fc.array(baseOp, { maxLength: 60 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), (ops, hotBase, hotDependent) => {
        const bases = new PackedRecordMap<object>({ hot: hotBase });
        const dependents = new PackedRecordMap<object>({ hot: hotDependent });
        dependents.baseOn(bases, link);
        const plain = new Map<string, object>();
        for (const step of ops) {
          if (step.kind === 'setBase') bases.set(`Base:${step.id}`, baseRecord(step.id, step.n));
          else if (step.kind === 'deleteBase') bases.delete(`Base:${step.id}`);
          else if (step.kind === 'clearBase') bases.clear();
          else if (step.kind === 'setDependent') {
            dependents.set(`Dep:${step.id}`, dependentRecord(step.id, step.n));
            plain.set(`Dep:${step.id}`, dependentRecord(step.id, step.n));
          } else expect(dependents.delete(`Dep:${step.id}`)).toBe(plain.delete(`Dep:${step.id}`));
          for (const id of UUIDS) expect(sameValue(dependents.get(`Dep:${id}`), plain.get(`Dep:${id}`))).toBe(true);
        }
        expect(sameValue([...dependents], [...plain])).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('packs a dependent against its base (a field equal to the base\'s not in its bytes), and saves and loads it so', () => {
    const bases = new PackedRecordMap<object>({ hot: 0 });
    const dependents = new PackedRecordMap<object>({ hot: 0 });
    const alone = new PackedRecordMap<object>({ hot: 0 });
    dependents.baseOn(bases, link);
    for (const [k, id] of UUIDS.entries()) {
      bases.set(`Base:${id}`, baseRecord(id, k));
      dependents.set(`Dep:${id}`, dependentRecord(id, k));
      alone.set(`Dep:${id}`, dependentRecord(id, k));
    }
    expect(dependents.packing.liveBytes).toBeLessThan(alone.packing.liveBytes);
    const saved = packBytes(dependents.keys(), dependents, { base: dependents.recordBase });
    expect(saved.based).toBe(true);
    const loaded = PackedRecordMap.fromPacked<object>(viaJson(saved));
    // Its bytes need their bases: refused until linked.
    expect(() => loaded.get(`Dep:${UUIDS[0]}`)).toThrow(/packed against a base/);
    loaded.baseOn(bases, link);
    expect(sameValue([...loaded], [...alone])).toBe(true);
    // A map loaded from bytes without bases reads and packs on without them, linked or not.
    const old = PackedRecordMap.fromPacked<object>(viaJson(packBytes(alone.keys(), alone)), { hot: 0 });
    old.baseOn(bases, link);
    old.set(`Dep:${UUIDS[0]}`, dependentRecord(UUIDS[0]!, 7));
    bases.set(`Base:${UUIDS[0]}`, baseRecord(UUIDS[0]!, 8));
    expect(sameValue(old.get(`Dep:${UUIDS[0]}`), dependentRecord(UUIDS[0]!, 7))).toBe(true);
    expect(sameValue(old.get(`Dep:${UUIDS[1]}`), dependentRecord(UUIDS[1]!, 1))).toBe(true);
  });
});
