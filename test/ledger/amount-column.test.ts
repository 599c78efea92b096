/**
 * The transfer table's amounts at 32 bits a row until a value needs more (amount-column.ts):
 * every signed 64-bit value back exactly when a chunk widens mid-chunk, through the flat column a
 * snapshot stores and back, and after a truncation across the widening the rows written again read
 * what was written, not the high words the rolled-back rows left.
 */
import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { AmountColumn } from '../../src/ledger/amount-column.js';
import { ledgerFromSnapshot } from '../../src/ledger/snapshot.js';
import { Ledger } from '../../src/ledger/index.js';
import { CHUNK_ROWS, KIND_POSTED, TransferTable } from '../../src/ledger/transfer-table.js';
import { NUM_RUNS, ledgerWith } from './support.js';

const INT64_MAX = 2n ** 63n - 1n;
const amount = fc.oneof(
  fc.bigInt({ min: 0n, max: 0xffff_ffffn }),
  fc.bigInt({ min: -INT64_MAX - 1n, max: INT64_MAX }),
  fc.constantFrom(0n, 1n, 0xffff_ffffn, 0x1_0000_0000n, -1n, INT64_MAX, -INT64_MAX - 1n),
);

describe('AmountColumn', () => {
  test.prop([fc.array(fc.tuple(fc.nat(63), amount), { maxLength: 200 })], { numRuns: NUM_RUNS })('reads back every value written, whichever chunk widened when, and its flat column restores the same', (writes) => {
    const column = new AmountColumn(3);
    for (let c = 0; c < 8; c += 1) column.addChunk(new Uint32Array(8));
    const model = new Array<bigint>(64).fill(0n);
    for (const [row, value] of writes) {
      column.set(row, value);
      model[row] = value;
      for (let r = 0; r < 64; r += 1) expect(column.at(r)).toBe(model[r]);
    }
    const flat = column.flat(64);
    expect([...flat]).toEqual(model);
    const restored = new AmountColumn(3);
    for (let c = 0; c < 8; c += 1) restored.addChunk(new Uint32Array(8));
    restored.restore(flat, 64);
    for (let r = 0; r < 64; r += 1) expect(restored.at(r)).toBe(model[r]);
    expect(restored.widenedChunks).toBe(new Set(model.flatMap((value, r) => (value >= 0n && value <= 0xffff_ffffn ? [] : [r >> 3]))).size);
  });

  it('widens a chunk at its first value past 32 bits, keeping the narrow ones before it', () => {
    const column = new AmountColumn(2);
    column.addChunk(new Uint32Array(4));
    column.addChunk(new Uint32Array(4));
    column.set(0, 7n);
    column.set(1, 2n ** 40n);
    column.set(2, 9n);
    column.set(4, 0xffff_ffffn);
    expect([column.at(0), column.at(1), column.at(2), column.at(4)]).toEqual([7n, 2n ** 40n, 9n, 0xffff_ffffn]);
    expect(column.widenedChunks).toBe(1);
    column.set(5, -3n);
    expect(column.at(5)).toBe(-3n);
    expect(column.widenedChunks).toBe(2);
  });
});

describe('TransferTable amounts past 32 bits', () => {
  it('gives back amounts across a widening and a truncation, and narrow rows after it read narrow', () => {
    const table = new TransferTable();
    const n = 2 * CHUNK_ROWS + 10;
    const wide = (t: number): bigint => 2n ** 33n + BigInt(t);
    for (let t = 0; t < n; t += 1) table.append(`t${t}`, undefined, KIND_POSTED, 0, 1, t >= CHUNK_ROWS + 5 ? wide(t) : BigInt(t + 1), 1_000 + t);
    for (let t = 0; t < n; t += 1) expect(table.amountMinorOf(t)).toBe(t >= CHUNK_ROWS + 5 ? wide(t) : BigInt(t + 1));
    // Back into the chunk that widened, before its first wide row: rows written again are narrow.
    table.truncate(CHUNK_ROWS + 2);
    for (let t = CHUNK_ROWS + 2; t < n; t += 1) table.append(`u${t}`, undefined, KIND_POSTED, 0, 1, 5n, 1_000 + t);
    for (let t = CHUNK_ROWS + 2; t < n; t += 1) expect(table.amountMinorOf(t)).toBe(5n);
    expect(table.flatColumns().amountMinor[CHUNK_ROWS + 7]).toBe(5n);
  });

  it('keeps every amount across a snapshot, the largest ones included', () => {
    const ledger = ledgerWith(() => new Ledger(), { world: {}, alice: {} });
    const amounts = [1n, 0xffff_ffffn, 0x1_0000_0000n, INT64_MAX / 4n, 12_345n];
    amounts.forEach((amountMinor, t) => {
      ledger.createTransfers([{ id: `t${t}`, debitAccountId: 'world', creditAccountId: 'alice', amountMinor, atMs: 1_000 + t }]);
    });
    const table = ledgerFromSnapshot(JSON.parse(JSON.stringify(ledger.toSnapshot()))).transfers;
    amounts.forEach((amountMinor, t) => {
      expect(table.amountMinorOf(t)).toBe(amountMinor);
    });
  });
});
