/**
 * The transfer table's times (transfer-table.ts): held as an Int32 offset from their chunk's
 * first time, and as themselves when no offset says them (not whole ms, -0, NaN, infinite, or
 * 2^31 ms or more from the chunk's first). Each transfer's time comes back exactly (Object.is),
 * after a truncation, an overwrite, and through the flat columns a snapshot stores.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { PackedStrings } from '../../src/ledger/packed-strings.js';
import { CHUNK_ROWS, KIND_POSTED, TransferTable, restoredCapacity } from '../../src/ledger/transfer-table.js';

const BASE_MS = 1_767_225_600_000;
const atMsArb = fc.oneof(
  { weight: 20, arbitrary: fc.integer({ min: 0, max: 100_000 }).map((d) => BASE_MS + d) },
  { weight: 1, arbitrary: fc.constantFrom(-0, 0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0.5, BASE_MS + 0.25, -(2 ** 31), 2 ** 31 - 1) },
  { weight: 1, arbitrary: fc.integer({ min: -(2 ** 32), max: 2 ** 32 }).map((d) => BASE_MS + d) },
);

function tableOf(times: readonly number[]): TransferTable {
  const table = new TransferTable();
  for (const [t, atMs] of times.entries()) table.append(`t${t}`, undefined, KIND_POSTED, 0, 1, 1n, atMs);
  return table;
}

function timesOf(table: TransferTable): number[] {
  return Array.from({ length: table.count }, (_, t) => table.atMsOf(t));
}

// A table restored from `table`'s flat columns, as a snapshot load gives them.
function restoredFrom(table: TransferTable): TransferTable {
  const n = table.count;
  const rows = restoredCapacity(n);
  const flat = table.flatColumns();
  const widen = <T extends Int32Array | Float64Array | BigInt64Array | Uint8Array>(column: T, make: (size: number) => T): T => {
    const out = make(rows);
    out.set(column as never);
    return out;
  };
  const ids = Array.from({ length: n }, (_, t) => table.idAt(t));
  const restored = new TransferTable();
  restored.restoreIds(new PackedStrings(ids.join(''), Int32Array.from(ids, (id) => id.length)), new PackedStrings('', new Int32Array(0)), new Int32Array(n).fill(-1));
  restored.restoreColumns(
    {
      kind: widen(flat.kind, (size) => new Uint8Array(size)),
      debitAccount: widen(flat.debitAccount, (size) => new Int32Array(size)),
      creditAccount: widen(flat.creditAccount, (size) => new Int32Array(size)),
      amountMinor: widen(flat.amountMinor, (size) => new BigInt64Array(size)),
      atMs: widen(flat.atMs, (size) => new Float64Array(size)),
      debitPrevious: new Int32Array(rows).fill(-1),
      creditPrevious: new Int32Array(rows).fill(-1),
      holds: null,
    },
    n,
  );
  return restored;
}

describe('TransferTable times', () => {
  test.prop([fc.array(atMsArb, { minLength: 1, maxLength: 2 * CHUNK_ROWS + 200 }), fc.nat(), fc.array(atMsArb, { maxLength: CHUNK_ROWS + 10 })], { numRuns: 25 })(
    'gives back every time exactly, across chunks, a truncation and a snapshot\'s flat columns',
    (first, cut, then) => {
      const table = tableOf(first);
      expect(timesOf(table)).toEqual(first);
      const kept = cut % (first.length + 1);
      table.truncate(kept);
      for (const [k, atMs] of then.entries()) table.append(`u${k}`, undefined, KIND_POSTED, 0, 1, 1n, atMs);
      const expected = [...first.slice(0, kept), ...then];
      expect(timesOf(table)).toEqual(expected);
      for (const [t, atMs] of timesOf(table).entries()) expect(Object.is(atMs, expected[t])).toBe(true);
      expect(Array.from(table.flatColumns().atMs)).toEqual(expected);
      const restored = restoredFrom(table);
      expect(timesOf(restored)).toEqual(expected);
      restored.append('v', undefined, KIND_POSTED, 0, 1, 1n, BASE_MS + 0.5);
      expect(restored.atMsOf(expected.length)).toBe(BASE_MS + 0.5);
    },
  );

  test.prop([fc.array(atMsArb, { minLength: 1, maxLength: 50 }), fc.nat(), atMsArb])('overwriteAtMs sets one time, whatever it is', (times, at, atMs) => {
    const table = tableOf(times);
    const t = at % times.length;
    table.overwriteAtMs(t, atMs);
    const expected = times.map((x, i) => (i === t ? atMs : x));
    for (const [i, x] of timesOf(table).entries()) expect(Object.is(x, expected[i])).toBe(true);
  });
});
