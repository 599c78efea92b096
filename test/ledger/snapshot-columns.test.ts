/**
 * The pieces of the version 2 ledger snapshot: typed-array columns as base64 (standard base64 of
 * little-endian bytes, every malformed text refused), packed strings, and an id index restored
 * from packed keys that behaves like one built key by key.
 */
import { type IndexStep, runIndexModel } from './models.js';
import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { base64 } from '@scure/base';
import { InvariantError } from '../../src/core/assert.js';
import { decodeColumn, encodeColumn } from '../../src/core/column-codec.js';
import { IdIndex } from '../../src/ledger/id-index.js';
import { PackedStrings, packStrings } from '../../src/ledger/packed-strings.js';
import { NUM_RUNS } from './support.js';

const bytesOf = (column: Int32Array | Float64Array | BigInt64Array | Uint8Array): Uint8Array => new Uint8Array(column.buffer, column.byteOffset, column.byteLength);

describe('column codec', () => {
  test.prop([fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { maxLength: 50 }), fc.nat({ max: 8 })], { numRuns: NUM_RUNS })(
    'int32 columns round-trip, as standard base64 of their bytes, into a column of the capacity asked',
    (values, extra) => {
      const column = Int32Array.from(values);
      const text = encodeColumn(column, values.length);
      expect(text).toBe(base64.encode(bytesOf(column)));
      const back = decodeColumn(text, (n) => new Int32Array(n), values.length, values.length + extra, 'test');
      expect(back.length).toBe(values.length + extra);
      expect(Array.from(back.subarray(0, values.length))).toEqual(values);
      expect(back.subarray(values.length).every((v) => v === 0)).toBe(true);
    },
  );

  test.prop([fc.array(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), { maxLength: 20 }), fc.array(fc.double(), { maxLength: 20 }), fc.uint8Array({ maxLength: 20 })], { numRuns: NUM_RUNS })(
    'int64, float64 (NaN bits and -0 too) and uint8 columns round-trip bit for bit',
    (bigints, doubles, bytes) => {
      const i64 = BigInt64Array.from(bigints);
      expect(Array.from(decodeColumn(encodeColumn(i64, i64.length), (n) => new BigInt64Array(n), i64.length, i64.length, 't'))).toEqual(bigints);
      const f64 = Float64Array.from(doubles);
      expect(bytesOf(decodeColumn(encodeColumn(f64, f64.length), (n) => new Float64Array(n), f64.length, f64.length, 't'))).toEqual(bytesOf(f64));
      expect(decodeColumn(encodeColumn(bytes, bytes.length), (n) => new Uint8Array(n), bytes.length, bytes.length, 't')).toEqual(bytes);
    },
  );

  it.each([
    ['a character outside the alphabet', 'AAA*'],
    ['a non-ASCII character', 'AAAé'],
    ['padding in the middle', 'A=AA'],
    ['too short', 'AAA'],
    ['too long', 'AAAAAAAAAAAA'],
    ['not a string', 42],
  ])('refuses %s', (_name, text) => {
    expect(() => decodeColumn(text, (n) => new Uint8Array(n), 3, 3, 'bytes')).toThrow(InvariantError);
  });

  it('refuses a tail whose padding is wrong', () => {
    expect(() => decodeColumn('AA=A', (n) => new Uint8Array(n), 1, 1, 'bytes')).toThrow(/bytes is not base64/);
    expect(decodeColumn('AQ==', (n) => new Uint8Array(n), 1, 1, 'bytes')[0]).toBe(1);
  });
});

describe('packed strings', () => {
  test.prop([fc.array(fc.string({ minLength: 1, maxLength: 8, unit: 'grapheme' }), { maxLength: 30 })], { numRuns: NUM_RUNS })(
    'give back each string, compare and order them in place',
    (strings) => {
      const { text, lengths } = packStrings((i) => strings[i]!, strings.length);
      const packed = new PackedStrings(text, lengths);
      strings.forEach((s, i) => {
        expect(packed.at(i)).toBe(s);
        expect(packed.equals(i, s)).toBe(true);
        expect(packed.equals(i, `${s}x`)).toBe(false);
        if (i > 0) {
          const prev = strings[i - 1]!;
          const shortlexAfter = s.length > prev.length || (s.length === prev.length && s > prev);
          expect(packed.after(i, i - 1)).toBe(shortlexAfter);
        }
      });
    },
  );
});

type Step = IndexStep;

describe('IdIndex restored from packed keys', () => {
  const key = fc.oneof(fc.string({ minLength: 1, maxLength: 4 }), fc.integer({ min: 0, max: 400 }).map((n) => `t${n}`));
  const plan = fc.array(
    fc.oneof(
      { weight: 4, arbitrary: key.map((k): Step => ({ add: k })) },
      { weight: 1, arbitrary: fc.nat().map((n): Step => ({ truncateTo: n })) },
      { weight: 3, arbitrary: key.map((k): Step => ({ lookup: k })) },
    ),
    { maxLength: 300 },
  );
  const restoredKeys = fc.oneof(
    fc.uniqueArray(key, { maxLength: 200 }),
    // Increasing, as sequence numbers and ULIDs are: the table is left for the first lookup.
    fc.nat({ max: 300 }).map((n) => Array.from({ length: n }, (_, i) => `t${i}`)),
  );

  test.prop([restoredKeys, plan, fc.constantFrom(2, 1_024)], { numRuns: Math.max(10, Math.floor(NUM_RUNS / 4)) })(
    'numbers restored and later keys like an array; truncation stops at the restored ones',
    (keys, steps, slots) => {
      const index = new IdIndex(slots);
      const { text, lengths } = packStrings((i) => keys[i]!, keys.length);
      expect(index.restore(new PackedStrings(text, lengths))).toBe(-1);
      runIndexModel(index, [...keys], steps, keys.length);
    },
  );

  it('reports the first repeated key, increasing or not', () => {
    const restore = (keys: string[]): number => new IdIndex().restore(new PackedStrings(keys.join(''), Int32Array.from(keys, (k) => k.length)));
    expect(restore(['a', 'b', 'c'])).toBe(-1);
    expect(restore(['b', 'a', 'c'])).toBe(-1);
    expect(restore(['a', 'b', 'a'])).toBe(2);
    expect(restore(['b', 'a', 'b', 'c'])).toBe(2);
  });

  it('refuses to truncate into restored keys', () => {
    const index = new IdIndex();
    index.restore(new PackedStrings('ab', Int32Array.from([1, 1])));
    expect(() => index.truncate(1)).toThrow(InvariantError);
  });
});
