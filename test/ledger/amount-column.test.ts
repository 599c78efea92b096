/**
 * The transfer table's amounts at 24 bits a row until a value of its chunk needs more
 * (amount-column.ts): every signed 64-bit value back exactly when a chunk widens mid-chunk (to 32
 * bits, then 64), through the flat column a snapshot stores and back, and after a truncation
 * across the widening the rows written again read what was written, not what the rolled-back
 * rows left.
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
  fc.bigInt({ min: 0n, max: 0xff_ffffn }),
  fc.bigInt({ min: 0n, max: 0xffff_ffffn }),
  fc.bigInt({ min: -INT64_MAX - 1n, max: INT64_MAX }),
  fc.constantFrom(0n, 1n, 0xffffn, 0x1_0000n, 0xff_ffffn, 0x100_0000n, 0xffff_ffffn, 0x1_0000_0000n, -1n, INT64_MAX, -INT64_MAX - 1n),
);

describe('AmountColumn', () => {
  // Eight chunks of 8 rows, or one of 64.
  const columnOf = (chunkBits: number): AmountColumn => {
    const column = new AmountColumn(chunkBits);
    for (let c = 0; c < 64 >> chunkBits; c += 1) column.addChunk(new Uint16Array(1 << chunkBits), new Uint8Array(1 << chunkBits));
    return column;
  };

  test.prop([fc.array(fc.tuple(fc.nat(63), amount), { maxLength: 200 }), fc.constantFrom(3, 6)], { numRuns: NUM_RUNS })('reads back every value written, whichever chunk widened when, and its flat column restores the same', (writes, chunkBits) => {
    const column = columnOf(chunkBits);
    const model = new Array<bigint>(64).fill(0n);
    for (const [row, value] of writes) {
      column.set(row, value);
      model[row] = value;
      for (let r = 0; r < 64; r += 1) expect(column.at(r)).toBe(model[r]);
    }
    const flat = column.flat(64);
    expect([...flat]).toEqual(model);
    const restored = columnOf(chunkBits);
    restored.restore(flat, 64);
    for (let r = 0; r < 64; r += 1) expect(restored.at(r)).toBe(model[r]);
    // A restore widens exactly the chunks holding a value past 24 bits, and past 32.
    const chunksWith = (wide: (value: bigint) => boolean): number => new Set(model.flatMap((value, r) => (wide(value) ? [r >> chunkBits] : []))).size;
    expect(restored.widenedChunks).toEqual({ top: chunksWith((value) => value < 0n || value >= 2n ** 24n), high: chunksWith((value) => value < 0n || value >= 2n ** 32n) });
  });

  it('widens a chunk at its first value past 24 bits, then past 32, keeping the narrow ones before it', () => {
    const column = new AmountColumn(2);
    column.addChunk(new Uint16Array(4), new Uint8Array(4));
    column.addChunk(new Uint16Array(4), new Uint8Array(4));
    column.set(0, 0xff_ffffn);
    column.set(1, 2n ** 24n);
    column.set(2, 9n);
    column.set(4, 0xab_cdefn);
    expect([column.at(0), column.at(1), column.at(2), column.at(4)]).toEqual([0xff_ffffn, 2n ** 24n, 9n, 0xab_cdefn]);
    expect(column.widenedChunks).toEqual({ top: 1, high: 0 });
    column.set(3, 2n ** 40n + 1n);
    column.set(5, -3n);
    expect([column.at(0), column.at(1), column.at(3), column.at(4), column.at(5)]).toEqual([0xff_ffffn, 2n ** 24n, 2n ** 40n + 1n, 0xab_cdefn, -3n]);
    expect(column.widenedChunks).toEqual({ top: 2, high: 2 });
  });
});

describe('TransferTable amounts past 24 bits', () => {
  it('gives back amounts across a widening and a truncation, and narrow rows after it read narrow', () => {
    const table = new TransferTable();
    const n = 2 * CHUNK_ROWS + 10;
    const wide = (t: number): bigint => (t % 2 === 0 ? 2n ** 33n : 2n ** 24n) + BigInt(t);
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
