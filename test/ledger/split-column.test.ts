/**
 * The transfer table's account and link columns at 16 bits a row until a value needs more
 * (split-column.ts): every value back exactly when a chunk widens mid-chunk, and after a
 * truncation across the widening the rows written again read what was written, not the high
 * halves the rolled-back rows left.
 */
import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { SplitColumn } from '../../src/ledger/split-column.js';
import { CHUNK_ROWS, KIND_POSTED, TransferTable } from '../../src/ledger/transfer-table.js';
import { NUM_RUNS } from './support.js';

const value = fc.oneof(fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0x10000, max: 2 ** 31 - 1 }), fc.constantFrom(0, 0xffff, 0x10000, 2 ** 31 - 1));

describe('SplitColumn', () => {
  test.prop([fc.array(fc.tuple(fc.nat(63), value), { maxLength: 200 })], { numRuns: NUM_RUNS })('reads back every value written, whichever chunk widened when', (writes) => {
    const column = new SplitColumn(3);
    for (let c = 0; c < 8; c += 1) column.addChunk(new Uint16Array(8));
    const model = new Array<number>(64).fill(0);
    for (const [row, v] of writes) {
      column.set(row, v);
      model[row] = v;
      for (let r = 0; r < 64; r += 1) expect(column.at(r)).toBe(model[r]);
    }
  });

  it('widens a chunk at its first wide value, keeping the narrow ones before it', () => {
    const column = new SplitColumn(2);
    column.addChunk(new Uint16Array(4));
    column.addChunk(new Uint16Array(4));
    column.set(0, 7);
    column.set(1, 70_000);
    column.set(2, 9);
    column.set(4, 65_535);
    expect([column.at(0), column.at(1), column.at(2), column.at(4)]).toEqual([7, 70_000, 9, 65_535]);
    expect(column.widenedChunks).toBe(1);
  });
});

describe('TransferTable accounts and links past 16 bits', () => {
  test.prop([fc.array(fc.tuple(fc.array(fc.tuple(fc.boolean(), fc.boolean()), { maxLength: 600 }), fc.nat()), { minLength: 1, maxLength: 5 })], { numRuns: Math.max(5, NUM_RUNS / 10) })(
    'gives back accounts and links across widenings and truncations',
    (rounds) => {
      const table = new TransferTable();
      const model: { debit: number; credit: number; previous: number }[] = [];
      for (const [added, cut] of rounds) {
        for (const [wideAccount, farLink] of added) {
          const t = table.count;
          const debit = wideAccount ? 100_000 + t : t % 500;
          const credit = 70_000 + (t % 3);
          const previous = t === 0 ? -1 : farLink ? 0 : t - 1;
          table.append(`t${t}`, undefined, KIND_POSTED, debit, credit, 1n, 1_000 + t);
          table.setPrevious(t, previous, -1);
          model[t] = { debit, credit, previous };
        }
        const count = cut % (table.count + 1);
        table.truncate(count);
        model.length = count;
        model.forEach(({ debit, credit, previous }, t) => {
          expect(table.debitAccountOf(t)).toBe(debit);
          expect(table.creditAccountOf(t)).toBe(credit);
          expect(table.debitPreviousOf(t)).toBe(previous);
          expect(table.creditPreviousOf(t)).toBe(-1);
        });
        const flat = table.flatColumns();
        expect([...flat.debitAccount]).toEqual(model.map((row) => row.debit));
      }
    },
  );

  it('links a posting to one more than 65,535 transfers back, and narrow rows after a truncation read narrow', () => {
    const table = new TransferTable();
    const n = 70_000 + CHUNK_ROWS / 2;
    for (let t = 0; t < n; t += 1) {
      table.append(`t${t}`, undefined, KIND_POSTED, t >= 70_000 ? 80_000 : 1, 2, 1n, 1_000 + t);
      table.setPrevious(t, t === 0 ? -1 : t >= 70_000 ? 0 : t - 1, -1);
    }
    expect(table.debitPreviousOf(n - 1)).toBe(0);
    expect(table.debitAccountOf(n - 1)).toBe(80_000);
    // Back into the chunk that widened, before its first wide row: rows written again are narrow.
    table.truncate(70_000 - 3);
    for (let t = 70_000 - 3; t < n; t += 1) {
      table.append(`u${t}`, undefined, KIND_POSTED, 3, 2, 1n, 1_000 + t);
      table.setPrevious(t, t - 1, -1);
    }
    for (let t = 70_000 - 3; t < n; t += 1) {
      expect(table.debitAccountOf(t)).toBe(3);
      expect(table.debitPreviousOf(t)).toBe(t - 1);
    }
  });
});
