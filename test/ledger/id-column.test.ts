/**
 * The packed id storage (id-column.ts, transaction-id-column.ts) and the id index over it,
 * against plain arrays: every id comes back byte for byte whatever its shape, lookups and hashes
 * agree with the text, and truncation, restore and the greatest-id path stay correct when
 * packed and string ids mix.
 */
import { type IndexStep, runIndexModel, runPushModel } from './models.js';
import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { parseUuid } from '../../src/core/uuid-text.js';
import { uuidAt } from '../../src/core/ids.js';
import { IdColumn } from '../../src/core/id-column.js';
import { IdIndex, hashString } from '../../src/ledger/id-index.js';
import { PackedStrings, packStrings } from '../../src/ledger/packed-strings.js';
import { KIND_POSTED, TransferTable } from '../../src/ledger/transfer-table.js';
import { NUM_RUNS } from './support.js';

const lowerUuid = fc.uuid();
// Ids of every shape: packable ones (`<prefix>:<lowercase uuid>`, empty and odd prefixes
// included) and near misses that must stay strings (uppercase hex, a digit out of range, a
// dash moved, no colon, one char short or long), plus arbitrary text.
const prefix = fc.oneof(fc.constantFrom('Transfer', 'Transaction', 'Hold', '', 'a:b', 'é', '\u{1F600}'), fc.string({ maxLength: 4 }));
const packable = fc.tuple(prefix, lowerUuid).map(([p, u]) => `${p}:${u}`);
const nearMiss = fc.tuple(prefix, lowerUuid, fc.nat(35), fc.constantFrom('A', 'F', 'g', 'G', '/', ':', '@', '`', '-', ' ', '0')).map(([p, u, at, c]) => `${p}:${u.slice(0, at)}${c}${u.slice(at + 1)}`);
const otherShape = fc.oneof(
  fc.tuple(prefix, lowerUuid).map(([p, u]) => `${p}:${u.toUpperCase()}`),
  fc.tuple(prefix, lowerUuid).map(([p, u]) => `${p}${u}`),
  fc.tuple(prefix, lowerUuid).map(([p, u]) => `${p}:${u}0`),
  fc.tuple(prefix, lowerUuid).map(([p, u]) => `${p}:${u.slice(1)}`),
  fc.tuple(prefix, lowerUuid).map(([p, u]) => `${p}:${u.replaceAll('-', '')}`),
  fc.string({ maxLength: 40 }),
);
const anyId = fc.oneof(packable, nearMiss, otherShape);

// True when `id` is one `IdColumn` packs: what a plain reading of the format says.
const isPackable = (id: string): boolean => /:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id);

describe('IdColumn', () => {
  test.prop([fc.array(anyId, { maxLength: 300 }), fc.constantFrom(1, 3, 10)], { numRuns: NUM_RUNS })('gives back every id exactly, with the hash and equality of its text', (ids, bits) => {
    const column = new IdColumn(bits);
    for (const id of ids) column.push(id);
    expect(column.length).toBe(ids.length);
    ids.forEach((id, i) => {
      expect(column.at(i)).toBe(id);
      expect(column.equals(i, id)).toBe(true);
      expect(column.hash(i)).toBe(hashString(id));
    });
    // Only the packable shape is packed: the others are the strings kept.
    expect(column.fallbackLength).toBe(ids.filter((id) => !isPackable(id)).length);
  });

  test.prop([fc.array(fc.tuple(anyId, anyId), { maxLength: 100 })], { numRuns: NUM_RUNS })('says an id is another only when their texts are equal', (pairs) => {
    const column = new IdColumn(2);
    for (const [id] of pairs) column.push(id);
    for (const [i, [id, other]] of pairs.entries()) expect(column.equals(i, other)).toBe(id === other);
  });

  it('tells apart packed ids that differ in one digit, one prefix letter or the prefix length', () => {
    const column = new IdColumn(2);
    const id = 'Transfer:019b901f-3cd1-7080-9b79-79aaab939d1b';
    column.push(id);
    for (const other of ['Transfer:019b901f-3cd1-7080-9b79-79aaab939d1c', 'Transfer:119b901f-3cd1-7080-9b79-79aaab939d1b', 'Transfes:019b901f-3cd1-7080-9b79-79aaab939d1b', 'Transfers:019b901f-3cd1-7080-9b79-79aaab939d1b', 'Transfer:019B901F-3CD1-7080-9B79-79AAAB939D1B', `${id}0`, id.slice(0, -1), `x${id}`]) {
      expect(column.equals(0, other)).toBe(false);
    }
    expect(column.fallbackLength).toBe(0);
  });

  type Step = { push: string } | { truncateTo: number };
  const steps = fc.array(
    fc.oneof({ weight: 10, arbitrary: anyId.map((id): Step => ({ push: id })) }, { weight: 1, arbitrary: fc.nat().map((n): Step => ({ truncateTo: n })) }),
    { maxLength: 400 },
  );

  // Chunks of 2 or 8 rows: truncation lands in chunks with and without columns, and a chunk
  // entered again may get its columns only after some string ids.
  test.prop([steps, fc.constantFrom(1, 3)], { numRuns: NUM_RUNS })('forgets what was truncated, like an array', (plan, bits) => {
    const column = new IdColumn(bits);
    const reference: string[] = [];
    runPushModel(column, reference, plan, () => expect(column.length).toBe(reference.length));
    for (const [i, id] of reference.entries()) expect(column.at(i)).toBe(id);
    expect(column.fallbackLength).toBe(reference.filter((id) => !isPackable(id)).length);
  });

  it('keeps string ids in place when a chunk that had only strings gets its first packed id', () => {
    const column = new IdColumn(2);
    const ids = ['a', 'b', 'c', 'd', 'e', 'Hold:00000000-0000-0000-0000-000000000000', 'f', 'Hold:ffffffff-ffff-ffff-ffff-ffffffffffff', 'g'];
    for (const id of ids) column.push(id);
    expect(ids.map((_, i) => column.at(i))).toEqual(ids);
    // Its words: a packed id's, none for a string id.
    const words = new Int32Array(4).fill(7);
    expect([column.wordsAt(0, words), [...words]]).toEqual([false, [7, 7, 7, 7]]);
    expect([column.wordsAt(7, words), [...words]]).toEqual([true, [-1, -1, -1, -1]]);
    column.truncate(4);
    column.push('x');
    column.push('Hold:0123abcd-0000-0000-0000-000000000001');
    column.push('y');
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => column.at(i))).toEqual(['a', 'b', 'c', 'd', 'x', 'Hold:0123abcd-0000-0000-0000-000000000001', 'y']);
    expect(column.fallbackLength).toBe(6);
  });

  it('stops packing new prefixes once 255 are known, and still gives every id back', () => {
    const column = new IdColumn();
    const uuid = '019b901f-3cd1-7080-9b79-79aaab939d1b';
    const ids = Array.from({ length: 300 }, (_, n) => `P${n}:${uuid}`);
    for (const id of ids) column.push(id);
    expect(ids.every((id, i) => column.at(i) === id && column.equals(i, id))).toBe(true);
    expect(column.fallbackLength).toBe(300 - 255);
  });
});

// Ids the engine mints (`uuidAt`): indexes below and past what a short row holds (FULL, 255),
// times near one another (short rows) and far apart (an offset from the chunk's base escapes),
// seqs past 2^32 (not in minted form); with foreign v7 and v4 uuids, uppercase and other ids.
const mintedId = fc
  .record({
    prefix: fc.constantFrom('Transaction', 'Quote', 'Agent'),
    // A few seeds, seqs and times often: ids of one call, told apart by their index alone.
    seed: fc.oneof(fc.constantFrom(1, 2), fc.integer()),
    seq: fc.oneof({ weight: 2, arbitrary: fc.nat({ max: 3 }) }, { weight: 2, arbitrary: fc.nat() }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 ** 48 - 1 }) }),
    atMs: fc.oneof({ weight: 2, arbitrary: fc.constantFrom(1.7e12, 1.7e12 + 1) }, { weight: 2, arbitrary: fc.integer({ min: 1.7e12, max: 1.7e12 + 1e6 }) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 ** 48 - 1 }) }),
    index: fc.oneof({ weight: 4, arbitrary: fc.nat({ max: 3 }) }, { weight: 1, arbitrary: fc.integer({ min: 250, max: 260 }) }, { weight: 1, arbitrary: fc.nat({ max: 2 ** 26 - 1 }) }),
  })
  .map(({ prefix, seed, seq, atMs, index }) => `${prefix}:${uuidAt(seed, { seq, atMs, index })}`);
const mixedId = fc.oneof(
  { weight: 6, arbitrary: mintedId },
  { weight: 1, arbitrary: fc.uuid({ version: 7 }).map((u) => `Transaction:${u}`) },
  { weight: 1, arbitrary: fc.uuid({ version: 4 }).map((u) => `Quote:${u}`) },
  { weight: 1, arbitrary: mintedId.map((id) => id.toUpperCase()) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

describe('IdColumn with ids in minted form', () => {
  type Step = { push: string } | { truncateTo: number };
  const steps = fc.array(fc.oneof({ weight: 12, arbitrary: mixedId.map((id): Step => ({ push: id })) }, { weight: 1, arbitrary: fc.nat().map((n): Step => ({ truncateTo: n })) }), { minLength: 20, maxLength: 200 });

  test.prop([steps, fc.constantFrom(1, 3, 10)], { numRuns: NUM_RUNS })('gives back every id, its words, hash and equality, across chunks and truncations', (plan, bits) => {
    const column = new IdColumn(bits);
    const reference: string[] = [];
    runPushModel(column, reference, plan);
    const words = new Int32Array(4);
    const expected = new Int32Array(4);
    reference.forEach((id, i) => {
      expect(column.at(i)).toBe(id);
      expect(column.equals(i, id)).toBe(true);
      expect(column.hash(i)).toBe(hashString(id));
      const packed = isPackable(id);
      expect(column.wordsAt(i, words)).toBe(packed);
      if (packed) {
        parseUuid(id, id.length - 36, expected);
        expect([...words]).toEqual([...expected]);
      }
    });
    // A lookup by words finds the row of the id and no other, under the hash it files it by.
    reference.forEach((id, i) => {
      const code = column.parse(id);
      if (code < 1) return;
      expect(column.keyHash(i)).toBe(column.hashParsed(code));
      const found = reference.flatMap((other, j) => (column.equalsParsed(j, code) ? [other] : []));
      expect(found).toEqual(reference.filter((other) => other === id));
    });
    expect(column.fallbackLength).toBe(reference.filter((id) => !isPackable(id)).length);
  });

  it('holds minted ids of near times and small indexes short, and the others in full', () => {
    const column = new IdColumn(3);
    const near = Array.from({ length: 20 }, (_, seq) => `Transaction:${uuidAt(7, { seq, atMs: 1.7e12 + 1000 * seq, index: seq % 3 })}`);
    for (const id of near) column.push(id);
    expect(column.fullLength).toBe(0);
    const full = [
      `Transaction:${uuidAt(7, { seq: 50, atMs: 1.7e12, index: 255 })}`,
      `Transaction:${uuidAt(7, { seq: 51, atMs: 1.7e12 + 2 ** 32, index: 0 })}`,
      `Transaction:${uuidAt(7, { seq: 2 ** 40, atMs: 1.7e12, index: 0 })}`,
      'Transaction:019b901f-3cd1-4080-9b79-79aaab939d1b',
    ];
    for (const id of full) column.push(id);
    expect(column.fullLength).toBe(full.length);
    expect([...near, ...full].every((id, i) => column.at(i) === id)).toBe(true);
  });
});

describe('parseUuid', () => {
  test.prop([lowerUuid], { numRuns: NUM_RUNS })('reads the 32 digits into 4 words, most significant first', (uuid) => {
    const words = new Int32Array(4);
    expect(parseUuid(uuid, 0, words)).toBe(true);
    const hex = [...words].map((w) => (w >>> 0).toString(16).padStart(8, '0')).join('');
    expect(hex).toBe(uuid.replaceAll('-', ''));
  });

  it('refuses uppercase hex and characters next to the digit ranges', () => {
    const words = new Int32Array(4);
    for (const c of ['A', 'F', 'G', 'g', '/', ':', '@', '`']) expect(parseUuid(`${c}0000000-0000-0000-0000-000000000000`, 0, words)).toBe(false);
  });

  test.prop([lowerUuid, fc.nat(35), fc.integer({ min: 0, max: 0xffff })], { numRuns: NUM_RUNS })('refuses any unit in the place of a digit but a lowercase hex digit, wide units whose low bits are one too', (uuid, at, unit) => {
    const words = new Int32Array(4);
    // A unit of 128 or more whose low 7 bits are a hex digit ('\u00b0', '\u0161') half the time.
    const code = unit >= 0x8000 ? (unit & 0xff80) | (uuid.charCodeAt(at) & 0x7f) | 0x80 : unit;
    const text = uuid.slice(0, at) + String.fromCharCode(code) + uuid.slice(at + 1);
    expect(parseUuid(text, 0, words)).toBe(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(text));
  });
});

describe('IdIndex over packed and string ids', () => {
  const pool = fc.array(anyId, { minLength: 1, maxLength: 60 });
  const plan = (ids: string[]) =>
    fc.array(
      fc.oneof(
        { weight: 8, arbitrary: fc.nat(ids.length - 1).map((n): IndexStep => ({ add: ids[n]! })) },
        { weight: 1, arbitrary: fc.nat().map((n): IndexStep => ({ truncateTo: n })) },
        { weight: 3, arbitrary: fc.nat(ids.length - 1).map((n): IndexStep => ({ lookup: ids[n]! })) },
      ),
      { maxLength: 500 },
    );
  // Increasing UUIDv7-like ids with the odd step back: the greatest-id path with packed keys.
  const rising = fc.array(fc.tuple(fc.constantFrom('add', 'add', 'lookup', 'truncate'), fc.integer({ min: -5, max: 10 }), fc.nat()), { maxLength: 500 }).map((walk) => {
    let n = 0;
    return walk.map(([kind, delta, size]): IndexStep => {
      if (kind === 'truncate') return { truncateTo: size };
      n = Math.max(0, n + delta);
      const id = `Transfer:0190${n.toString(16).padStart(4, '0')}-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;
      return kind === 'add' ? { add: id } : { lookup: id };
    });
  });

  // A 2-slot first table: long probe runs, so lookups compare packed keys with many others.
  test.prop([pool.chain((ids) => plan(ids)), fc.constantFrom(2, 1_024)], { numRuns: NUM_RUNS })('numbers mixed keys in insertion order and forgets truncated ones', (steps, slots) => {
    runIndexModel(new IdIndex(slots), [], steps, 0);
  });

  test.prop([rising, fc.constantFrom(2, 1_024)], { numRuns: NUM_RUNS })('finds increasing packed keys after truncations and steps back', (steps, slots) => {
    runIndexModel(new IdIndex(slots), [], steps, 0);
  });

  test.prop([fc.uniqueArray(anyId.filter((id) => id.length > 0), { maxLength: 40 }), pool.chain((ids) => plan(ids)), fc.constantFrom(2, 1_024)], { numRuns: NUM_RUNS })(
    'restores keys from packed strings, then adds, finds and truncates mixed keys after them',
    (restored, steps, slots) => {
      const index = new IdIndex(slots);
      const { text, lengths } = packStrings((i) => restored[i]!, restored.length);
      expect(index.restore(new PackedStrings(text, lengths))).toBe(-1);
      runIndexModel(index, [...restored], steps, restored.length);
    },
  );
});

describe('TransferTable ids', () => {
  it('gives back transfer and transaction ids of every kind, the own-id case included, across a truncation', () => {
    const table = new TransferTable();
    const tx = 'Transaction:019b901f-3cd1-7080-9b79-79aaab939d1b';
    const rows: [string, string | undefined][] = [
      ['Transfer:019b901f-3cd1-7080-9b79-79aaab939d10', tx],
      ['Transfer:019b901f-3cd1-7080-9b79-79aaab939d11', tx],
      ['t-3', 't-3'],
      ['Transfer:019b901f-3cd1-7080-9b79-79aaab939d12', undefined],
      ['Transfer:019b901f-3cd1-7080-9b79-79aaab939d13', 'Transfer:019b901f-3cd1-7080-9b79-79aaab939d13'],
      ['T-5', tx],
    ];
    for (const [id, transactionId] of rows) table.append(id, transactionId, KIND_POSTED, 0, 1, 1n, 0);
    const read = (): [string, string | undefined][] => Array.from({ length: table.count }, (_, t) => [table.idAt(t), table.transactionIdAt(t)]);
    expect(read()).toEqual(rows);
    table.truncate(2);
    table.append('Transfer:019b901f-3cd1-7080-9b79-79aaab939d13', tx, KIND_POSTED, 0, 1, 1n, 0);
    expect(read()).toEqual([...rows.slice(0, 2), ['Transfer:019b901f-3cd1-7080-9b79-79aaab939d13', tx]]);
    expect(table.indexOf('Transfer:019b901f-3cd1-7080-9b79-79aaab939d12')).toBe(-1);
    expect(table.indexOf('Transfer:019b901f-3cd1-7080-9b79-79aaab939d13')).toBe(2);
  });
});
