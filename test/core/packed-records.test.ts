/**
 * Packed records (core/packed-records.ts): a record's text with `"` and `'` exchanged round-trips
 * any JSON text, and a map loaded from them (`PackedRecordMap.fromPacked`) parses a pending
 * record at its first read only, deeply frozen, through `get` and every iteration, while `has`,
 * `size`, `keys`, `set` and `delete` never parse.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../../src/core/assert.js';
import { PackedRecordMap } from '../../src/core/packed-record-map.js';
import { packText } from '../../src/core/packed-records.js';
import { packedTexts, packRecord, packRecords } from '../support/packed-texts.js';

const records = [
  { id: 'a', name: "O'Brien \"the\" \\ back", nested: { list: [1, 2, { deep: 'x' }] } },
  { id: 'b', note: 'ünïcödé ✓ \u2028', amountMinor: '-12' },
  { id: 'c', empty: {}, none: null, flag: false },
];
const packed = () => JSON.parse(JSON.stringify(packRecords(records.map((r) => r.id), new Map(records.map((r) => [r.id, r]))))) as { ids: string[]; texts: string[] };

describe('packed record texts', () => {
  it('packText is its own inverse on any JSON text, and a packed record holds no double quote unless the record held an apostrophe', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(packText(packText(text))).toBe(text);
        expect(JSON.parse(packText(packRecord(value)))).toEqual(JSON.parse(text));
        if (!text.includes("'")) expect(packRecord(value).includes('"')).toBe(false);
      }),
    );
  });
});

describe('a map of packed records', () => {
  it('parses a record at its first get only, deeply frozen, equal to the record packed', () => {
    const map = PackedRecordMap.fromPacked<{ id: string }>(packed());
    const first = map.get('a');
    expect(first).toEqual(records[0]);
    expect(map.get('a')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen((first as unknown as { nested: { list: unknown[] } }).nested.list[2])).toBe(true);
    expect(map.get('missing')).toBeUndefined();
  });

  it('leaves a parsed record unfrozen when told to (a store whose values were never frozen)', () => {
    const map = PackedRecordMap.fromPacked<{ id: string }>(packed(), { freeze: false });
    expect(map.get('a')).toEqual(records[0]);
    expect(Object.isFrozen(map.get('a'))).toBe(false);
    expect(map.get('a')).toBe(map.get('a'));
  });

  it('answers has, size and keys without parsing, and set, delete and iteration as a Map does', () => {
    const map = PackedRecordMap.fromPacked<{ id: string }>(packed());
    expect(map.size).toBe(3);
    expect(map.has('b')).toBe(true);
    expect([...map.keys()]).toEqual(['a', 'b', 'c']);
    const replaced = Object.freeze({ id: 'b', replaced: true });
    map.set('b', replaced);
    map.delete('c');
    expect([...map]).toEqual([['a', records[0]], ['b', replaced]]);
    expect([...map.entries()].map(([key]) => key)).toEqual(['a', 'b']);
    expect([...map.values()]).toEqual([records[0], replaced]);
    const seen: string[] = [];
    map.forEach((value, key, whole) => {
      expect(whole).toBe(map);
      seen.push(`${key}:${JSON.stringify(value)}`);
    });
    expect(seen).toEqual([`a:${JSON.stringify(records[0])}`, `b:${JSON.stringify(replaced)}`]);
    expect(new Map(map)).toEqual(new Map<string, object>([['a', records[0]!], ['b', replaced]]));
  });

  it('makes its entries at the first use, whichever method it is: a first set or delete keeps the pending records', () => {
    const added = Object.freeze({ id: 'd' });
    const map = PackedRecordMap.fromPacked<{ id: string }>(packed());
    expect(map.size).toBe(3);
    map.set('d', added);
    expect(map.size).toBe(4);
    expect([...map]).toEqual([...records.map((r) => [r.id, r]), ['d', added]]);
    const other = PackedRecordMap.fromPacked<{ id: string }>(packed());
    expect(other.delete('a')).toBe(true);
    expect([...other.keys()]).toEqual(['b', 'c']);
    expect(other.get('b')).toEqual(records[1]);
    const cleared = PackedRecordMap.fromPacked<{ id: string }>(packed());
    cleared.clear();
    expect(cleared.size).toBe(0);
    expect([...cleared]).toEqual([]);
  });

  it('holds the records of the texts it was given, parsed or not', () => {
    const given = packed();
    const map = PackedRecordMap.fromPacked<{ id: string }>(JSON.parse(JSON.stringify(given)) as typeof given);
    map.get('a');
    expect(packRecords(given.ids, map)).toEqual(given);
  });

  it('joins many records into chunks of ~512K characters, each record cut back out whole, read or not', () => {
    const many = Array.from({ length: 3_000 }, (_, k) => ({ id: `r-${k}`, note: `${"O'Brien ".repeat(k % 7)}${'x'.repeat(400 + (k % 97))}`, k }));
    const byId = new Map(many.map((r) => [r.id, r]));
    const order = many.map((r) => r.id);
    const given = JSON.parse(JSON.stringify(packRecords(order, byId))) as { ids: string[]; chunks: string[]; lengths: number[] };
    expect(given.chunks.length).toBeGreaterThan(2);
    for (const chunk of given.chunks.slice(0, -1)) expect(chunk.length).toBeGreaterThanOrEqual(1 << 19);
    expect(packedTexts(given)).toEqual(many.map((r) => packRecord(r)));
    const map = PackedRecordMap.fromPacked<{ id: string }>(given);
    expect(map.get('r-2999')).toEqual(many[2_999]);
    expect(map.get('r-0')).toEqual(many[0]);
    for (const r of many.slice(0, 1_500)) map.get(r.id);
    expect(packRecords(order, map)).toEqual(given);
    expect([...map.values()]).toEqual(many);
    expect(packRecords(order, map)).toEqual(given);
  });

  it('loads one text per record too (snapshots @3 and the first @4), and refuses lengths that do not cut the chunks', () => {
    const texts = records.map((r) => packRecord(r));
    const map = PackedRecordMap.fromPacked<{ id: string }>({ ids: records.map((r) => r.id), texts });
    expect([...map.values()]).toEqual(records);
    const chunked = packRecords(records.map((r) => r.id), new Map(records.map((r) => [r.id, r]))) as { ids: string[]; chunks: string[]; lengths: number[] };
    const short = PackedRecordMap.fromPacked({ ...chunked, lengths: chunked.lengths.map((n, k) => (k === 0 ? n - 1 : n)) });
    expect(() => short.get('a')).toThrow(InvariantError);
    const long = PackedRecordMap.fromPacked({ ...chunked, lengths: chunked.lengths.map((n, k) => (k === 2 ? n + 1 : n)) });
    expect(() => long.has('a')).toThrow(/not within its chunk/);
    expect(() => PackedRecordMap.fromPacked({ ...chunked, lengths: [1] }).get('a')).toThrow(/differ in number/);
  });
});
