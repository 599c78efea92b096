/**
 * The transfers' transaction ids (transaction-id-column.ts): rebuilt from the transfer's own id
 * (self), named by distance back to the transfer that holds them (back), or kept as an entry;
 * every id comes back exactly, across truncations and a transfer's time rewritten, and no entry is
 * held that no transfer has.
 */
import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { hashString } from '../../src/core/id-hash.js';
import { uuidAt } from '../../src/core/ids.js';
import { BACK_MAX, SELF_LIMIT, TransactionIdColumn } from '../../src/ledger/transaction-id-column.js';
import { TransferIdColumn } from '../../src/ledger/transfer-id-column.js';
import { KIND_POSTED, TransferTable } from '../../src/ledger/transfer-table.js';
import { NUM_RUNS } from './support.js';

const SEED = 7;
const T0 = 1.7e12;
const transactionAt = (seq: number, atMs: number): string => `Transaction:${uuidAt(SEED, { seq, atMs, index: 0 })}`;
const transferAt = (seq: number, atMs: number, index = 0): string => `Transfer:${uuidAt(SEED, { seq, atMs, index })}`;

// A column and the transfer ids and times it reads, pushed and truncated together.
function columnOf(chunkBits = 10) {
  const times: number[] = [];
  const ids = new TransferIdColumn((row) => times[row]!, chunkBits);
  const column = new TransactionIdColumn({ mintedKeyAt: (row) => ids.mintedKeyAt(row), timeAt: (row) => times[row]!, idAt: (row) => ids.at(row) }, chunkBits);
  return {
    column,
    push(transactionId: string | undefined, transferId: string, atMs: number): void {
      times.push(atMs);
      ids.push(transferId);
      column.push(transactionId, transferId);
    },
    truncate(length: number): void {
      ids.truncate(length);
      column.truncate(length);
      times.length = length;
    },
  };
}

const entriesOf = (column: TransactionIdColumn): number => Array.from({ length: column.length }, (_, row) => column.formAt(row)).filter((form) => form === 'entry').length;

describe('TransactionIdColumn', () => {
  it('rebuilds a transaction minted beside its transfers, names its later transfers by distance back, and keeps an entry for the rest', () => {
    const { column, push } = columnOf();
    const tx = transactionAt(10, T0);
    push(tx, transferAt(11, T0, 0), T0);
    push(tx, transferAt(11, T0, 1), T0);
    // Another transaction between, then a settlement of the first at a later time.
    const other = transactionAt(20, T0 + 5);
    push(other, transferAt(20, T0 + 5, 1), T0 + 5);
    push(tx, transferAt(30, T0 + 9), T0 + 9);
    // A transaction minted at another time than its first transfer, or too many seqs away, or
    // not minted by the engine, or at another index, has an entry.
    const late = transactionAt(40, T0 + 10);
    push(late, transferAt(41, T0 + 11), T0 + 11);
    const far = transactionAt(50, T0 + 12);
    push(far, transferAt(50 + SELF_LIMIT, T0 + 12), T0 + 12);
    const foreign = 'Transaction:019b901f-3cd1-7080-9b79-79aaab939d1b';
    push(foreign, transferAt(60, T0 + 13), T0 + 13);
    const indexed = `Transaction:${uuidAt(SEED, { seq: 70, atMs: T0 + 14, index: 1 })}`;
    push(indexed, transferAt(70, T0 + 14), T0 + 14);
    push(undefined, transferAt(80, T0 + 15), T0 + 15);
    push('t-own', 't-own', T0 + 16);
    // The last self-able seq xor, and a transfer id not packed (another prefix).
    const edge = transactionAt(2 * SELF_LIMIT, T0 + 17);
    push(edge, transferAt(3 * SELF_LIMIT - 1, T0 + 17), T0 + 17);
    push(transactionAt(90, T0 + 18), `Hold:${uuidAt(SEED, { seq: 90, atMs: T0 + 18, index: 0 })}`, T0 + 18);
    const expected = [tx, tx, other, tx, late, far, foreign, indexed, undefined, 't-own', edge, transactionAt(90, T0 + 18)];
    expect(Array.from({ length: column.length }, (_, row) => column.at(row))).toEqual(expected);
    expect(Array.from({ length: column.length }, (_, row) => column.formAt(row))).toEqual(['self', 'back', 'self', 'back', 'entry', 'entry', 'entry', 'entry', 'none', 'same', 'self', 'entry']);
    expect(column.distinctLength).toBe(5);
  });

  it('tells apart two transactions of one time whose ids hash alike', () => {
    const { column, push } = columnOf();
    // Seqs found by search: their transaction ids at T0 have the same hashString.
    const a = transactionAt(12551, T0);
    const b = transactionAt(24415, T0);
    expect(hashString(a)).toBe(hashString(b));
    push(a, transferAt(12551, T0), T0);
    push(undefined, transferAt(1, T0), T0);
    push(b, transferAt(24415, T0), T0);
    expect([column.at(0), column.at(2)]).toEqual([a, b]);
    expect(column.formAt(2)).toBe('self');
  });

  it("names a transaction's latest transfer within BACK_MAX rows, and reads back along the chain", () => {
    const { column, push } = columnOf();
    const tx = transactionAt(1, T0);
    push(tx, transferAt(1, T0), T0);
    // Its transfers every BACK_MAX rows: each names the one before, the root far behind.
    for (let step = 1; step <= 3; step += 1) {
      for (let k = 1; k < BACK_MAX; k += 1) push(`own-${step}-${k}`, `own-${step}-${k}`, T0);
      push(tx, transferAt(10 + step, T0 + step), T0 + step);
      expect(column.formAt(step * BACK_MAX)).toBe('back');
    }
    // One row more than BACK_MAX after its latest transfer: a root of its own.
    for (let k = 0; k < BACK_MAX; k += 1) push(`own-4-${k}`, `own-4-${k}`, T0);
    push(tx, transferAt(20, T0 + 4), T0 + 4);
    const far = column.length - 1;
    expect(far).toBe(4 * BACK_MAX + 1);
    expect(column.formAt(far)).toBe('entry');
    push(tx, transferAt(21, T0 + 4), T0 + 4);
    expect(column.formAt(far + 1)).toBe('back');
    // BACK_MAX rows after the latest of two in a row: named by the second.
    for (let k = 1; k < BACK_MAX; k += 1) push(`own-5-${k}`, `own-5-${k}`, T0);
    push(tx, transferAt(22, T0 + 5), T0 + 5);
    expect(column.formAt(far + 1 + BACK_MAX)).toBe('back');
    for (const row of [0, BACK_MAX, 2 * BACK_MAX, 3 * BACK_MAX, far, far + 1, far + 1 + BACK_MAX]) expect(column.at(row)).toBe(tx);
    expect(column.distinctLength).toBe(1);
  });

  it('finds a transaction met again before others met since, among many', () => {
    const { column, push } = columnOf();
    const a = 'Transaction:a';
    push(a, 'f-0', T0);
    // 150 other transactions, `a` met again in the middle: its latest row is the one to name.
    for (let k = 1; k <= 150; k += 1) push(k === 100 ? a : `Transaction:o${k}`, `f-${k}`, T0);
    push(a, 'f-151', T0);
    expect(column.formAt(151)).toBe('back');
    expect(column.formAt(100)).toBe('back');
    // Rows past BACK_MAX from its first but not from its latest: still named.
    for (let k = 152; k < 100 + BACK_MAX; k += 1) push(`Transaction:p${k}`, `f-${k}`, T0);
    push(a, 'f-last', T0);
    expect(column.formAt(column.length - 1)).toBe('back');
    expect(column.at(column.length - 1)).toBe(a);
    expect(column.distinctLength).toBe(1 + 149 + (100 + BACK_MAX - 152));
  });

  it('gives a transaction whose rows were truncated a new root, and keeps the entries up to the last kept one', () => {
    const { column, push, truncate } = columnOf(2);
    const a = 'Transaction:a';
    const b = transactionAt(5, T0);
    push(a, transferAt(1, T0), T0);
    push(b, transferAt(5, T0), T0);
    push('Transaction:c', transferAt(6, T0), T0);
    truncate(2);
    expect(column.distinctLength).toBe(1);
    push(b, transferAt(7, T0 + 1), T0 + 1);
    expect(column.formAt(2)).toBe('back');
    truncate(1);
    push(b, transferAt(7, T0 + 1), T0 + 1);
    expect(column.formAt(1)).toBe('entry');
    // The ring starts again after a truncation (it may name dropped rows), from the last kept row.
    push(a, transferAt(8, T0 + 1), T0 + 1);
    expect(column.formAt(2)).toBe('back');
    truncate(2);
    truncate(1);
    push('Transaction:d', transferAt(9, T0 + 1), T0 + 1);
    push(b, transferAt(10, T0 + 1), T0 + 1);
    expect(column.formAt(2)).toBe('entry');
    expect([0, 1, 2].map((row) => column.at(row))).toEqual([a, 'Transaction:d', b]);
    expect(column.distinctLength).toBe(3);
  });

  it('finds entries past the first block of 64 rows, and truncates inside a block', () => {
    const { column, push, truncate } = columnOf();
    const ids = Array.from({ length: 200 }, (_, k) => (k % 3 === 0 ? `own-${k}` : `Transaction:e${k}`));
    for (const [k, id] of ids.entries()) push(id, id.startsWith('own') ? id : `f-${k}`, T0);
    expect(Array.from({ length: 200 }, (_, row) => column.at(row))).toEqual(ids);
    truncate(130);
    expect(column.distinctLength).toBe(ids.slice(0, 130).filter((id) => !id.startsWith('own')).length);
    push('Transaction:late', 'f-late', T0);
    expect(column.at(130)).toBe('Transaction:late');
    expect(column.at(129)).toBe(ids[129]);
  });

  // A log's transfers: transactions minted a few seqs before their first transfers, transfers of
  // a transaction later on (other times, other seqs), foreign and odd ids, none, the own id.
  type Step = { push: [string | undefined, string, number] } | { truncateTo: number } | { fill: number };
  const step = fc.oneof(
    {
      weight: 10,
      arbitrary: fc
        .record({
          tx: fc.nat(12),
          txSeq: fc.nat(5),
          seqDelta: fc.oneof(fc.nat(4), fc.constantFrom(SELF_LIMIT - 1, SELF_LIMIT, 2 * SELF_LIMIT)),
          later: fc.nat(3),
          index: fc.nat(2),
          shape: fc.constantFrom('minted', 'minted', 'minted', 'foreign', 'none', 'own', 'text'),
        })
        .map(({ tx, txSeq, seqDelta, later, index, shape }): Step => {
          const txMs = T0 + 1000 * tx;
          const atMs = txMs + later;
          const seq = 64 * tx + txSeq;
          const transferId = transferAt(seq + seqDelta, atMs, index);
          const transactionId =
            shape === 'minted' ? transactionAt(64 * tx, txMs) : shape === 'foreign' ? `Transaction:019b901f-3cd1-7080-9b79-79aaab939d${String(tx).padStart(2, '0')}` : shape === 'none' ? undefined : shape === 'own' ? transferId : `tx-${tx}`;
          return { push: [transactionId, transferId, atMs] };
        }),
    },
    { weight: 1, arbitrary: fc.nat().map((n): Step => ({ truncateTo: n })) },
    // Rows of no transaction between, so that a transaction's next row may be past BACK_MAX.
    { weight: 1, arbitrary: fc.oneof(fc.nat(8), fc.constantFrom(BACK_MAX - 2, BACK_MAX - 1, BACK_MAX)).map((n): Step => ({ fill: n })) },
  );

  test.prop([fc.array(step, { maxLength: 300 }), fc.constantFrom(2, 10)], { numRuns: NUM_RUNS })("gives back each transfer's transaction id, like an array, across truncations", (plan, chunkBits) => {
    const { column, push, truncate } = columnOf(chunkBits);
    const reference: (string | undefined)[] = [];
    for (const s of plan) {
      if ('push' in s) {
        push(...s.push);
        reference.push(s.push[0]);
      } else if ('fill' in s) {
        for (let k = 0; k < s.fill; k += 1) {
          push(undefined, `fill-${reference.length}`, T0);
          reference.push(undefined);
        }
      } else {
        const length = s.truncateTo % (reference.length + 1);
        truncate(length);
        reference.length = length;
      }
    }
    expect(Array.from({ length: column.length }, (_, row) => column.at(row))).toEqual(reference);
    // No entry is held that no transfer has.
    expect(column.distinctLength).toBe(entriesOf(column));
  });
});

describe('TransferTable transaction ids', () => {
  it('keeps a rebuilt transaction id, and its later transfers\', when its transfer\'s time is rewritten', () => {
    const table = new TransferTable();
    const tx = transactionAt(3, T0);
    table.append(transferAt(4, T0), tx, KIND_POSTED, 0, 1, 1n, T0);
    table.append(transferAt(9, T0 + 1), tx, KIND_POSTED, 0, 1, 1n, T0 + 1);
    table.append(transferAt(10, T0 + 2), transactionAt(10, T0 + 2), KIND_POSTED, 0, 1, 1n, T0 + 2);
    table.overwriteAtMs(0, T0 + 50);
    table.overwriteAtMs(2, T0 + 60);
    expect([0, 1, 2].map((t) => table.transactionIdAt(t))).toEqual([tx, tx, transactionAt(10, T0 + 2)]);
    // A later transfer of the same transaction still finds it.
    table.append(transferAt(11, T0 + 70), tx, KIND_POSTED, 0, 1, 1n, T0 + 70);
    expect(table.transactionIdAt(3)).toBe(tx);
  });
});
