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
  const column = new TransactionIdColumn({ mintedWordAt: (row) => ids.mintedWordAt(row), timeAt: (row) => times[row]!, idAt: (row) => ids.at(row) }, chunkBits);
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

  it('finds a transaction among the last 64 roots only, and within BACK_MAX transfers', () => {
    const { column, push } = columnOf();
    const tx = transactionAt(1, T0);
    push(tx, transferAt(1, T0), T0);
    for (let k = 0; k < 63; k += 1) push(transactionAt(100 + k, T0 + 1), transferAt(100 + k, T0 + 1), T0 + 1);
    push(tx, transferAt(500, T0 + 2), T0 + 2);
    expect(column.formAt(column.length - 1)).toBe('back');
    for (let k = 0; k < 64; k += 1) push(transactionAt(200 + k, T0 + 3), transferAt(200 + k, T0 + 3), T0 + 3);
    push(tx, transferAt(600, T0 + 4), T0 + 4);
    expect(column.formAt(column.length - 1)).toBe('entry');
    expect(column.at(column.length - 1)).toBe(tx);

    // Distance: a root BACK_MAX rows back is named, one more is not.
    const far = columnOf();
    const id = transactionAt(1, T0);
    far.push(id, transferAt(1, T0), T0);
    for (let k = 1; k < BACK_MAX; k += 1) far.push(`own-${k}`, `own-${k}`, T0);
    far.push(id, transferAt(2, T0 + 1), T0 + 1);
    expect(far.column.formAt(BACK_MAX)).toBe('back');
    far.push('x', 'x', T0 + 1);
    for (let k = 0; k < 2; k += 1) far.push(id, transferAt(3 + k, T0 + 1), T0 + 1);
    // Row BACK_MAX + 2 is BACK_MAX + 2 rows after the root: a new root of its own.
    expect(far.column.formAt(BACK_MAX + 2)).toBe('entry');
    expect(far.column.formAt(BACK_MAX + 3)).toBe('back');
    for (const row of [0, BACK_MAX, BACK_MAX + 2, BACK_MAX + 3]) expect(far.column.at(row)).toBe(id);
  });

  it('gives a transaction whose root was truncated a new root, and keeps the entries up to the last kept one', () => {
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
    // The ring starts again after a truncation (it may name dropped rows): `a` gets a new entry.
    push(a, transferAt(8, T0 + 1), T0 + 1);
    expect(column.formAt(2)).toBe('entry');
    push(a, transferAt(9, T0 + 1), T0 + 1);
    expect(column.formAt(3)).toBe('back');
    expect([0, 1, 2, 3].map((row) => column.at(row))).toEqual([a, b, a, a]);
    expect(column.distinctLength).toBe(3);
  });

  // A log's transfers: transactions minted a few seqs before their first transfers, transfers of
  // a transaction later on (other times, other seqs), foreign and odd ids, none, the own id.
  type Step = { push: [string | undefined, string, number] } | { truncateTo: number };
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
  );

  test.prop([fc.array(step, { maxLength: 300 }), fc.constantFrom(2, 10)], { numRuns: NUM_RUNS })("gives back each transfer's transaction id, like an array, across truncations", (plan, chunkBits) => {
    const { column, push, truncate } = columnOf(chunkBits);
    const reference: (string | undefined)[] = [];
    for (const s of plan) {
      if ('push' in s) {
        push(...s.push);
        reference.push(s.push[0]);
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
