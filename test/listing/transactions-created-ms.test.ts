/**
 * The merged transaction list keeps each position's `createdAt` as an Int32 offset from its
 * chunk's base: a time past an offset's range (over ~24.8 days from the base) escapes and reads
 * back exactly, and a payment at such a time is still found by its time.
 */
import { describe, expect, it } from 'vitest';
import { catchUpTransactionList, emptyTransactionListIndex, listedCreatedMs, listedLength, listedPositionOfPayment, type ListedStores } from '../../src/domains/listing/transactions.js';
import type { Transaction } from '../../src/domains/transactions/types.js';

/** Payments created at `times` (ms, ascending), as much of a payment as the index reads. */
function storesOf(times: readonly number[]): ListedStores {
  const payments = times.map((ms, i) => ({
    id: `Transaction:${i}`,
    customerId: `Customer:${i % 3}`,
    type: 'OUTGOING',
    status: 'COMPLETED',
    direction: 'DEBIT',
    source: { sourceType: 'ACCOUNT', accountId: `InternalAccount:${i % 5}` },
    destination: { destinationType: 'ACCOUNT', accountId: 'ExternalAccount:0' },
    createdAt: new Date(ms).toISOString(),
  })) as unknown as Transaction[];
  const ids = new Map(payments.map((payment, place) => [payment.id, place]));
  return {
    transactions: { order: payments, byId: { valueAt: (place: number) => payments[place], positionOf: (id: string) => ids.get(id) ?? -1, get: (id: string) => payments[ids.get(id) ?? -1] } },
    cardTransactions: { order: [], transactionsBefore: [], byId: { valueAt: () => undefined } },
  } as unknown as ListedStores;
}

describe('merged list creation times', () => {
  it('reads back every time, offsets past the Int32 range escaped, across chunks', () => {
    const start = Date.UTC(2026, 0, 5, 16);
    const day = 86_400_000;
    // Within the first chunk: the base, a millisecond on, 2^31 - 1 ms on (the last offset that fits),
    // 2^31 ms and 40 days on (past it); then 2,000 more a second apart (the next chunks' bases).
    const times = [start, start + 1, start + 2 ** 31 - 1, start + 2 ** 31, start + 40 * day, ...Array.from({ length: 2000 }, (_, i) => start + 41 * day + i * 1000)];
    const stores = storesOf(times);
    const index = emptyTransactionListIndex();
    catchUpTransactionList(stores, index);
    expect(listedLength(index)).toBe(times.length);
    expect(Array.from({ length: times.length }, (_, position) => listedCreatedMs(index, position))).toEqual(times);
    // Escaped: the two past the range and the first chunk's other later ones; no time of a later chunk.
    expect([...index.createdMsEscaped.keys()].filter((position) => position < 5)).toEqual([3, 4]);
    expect([...index.createdMsEscaped.keys()].every((position) => position < 1024)).toBe(true);
    expect(index.createdMsBases.length).toBe(Math.ceil(times.length / 1024));
    for (const place of [0, 2, 3, 4, 5, 1500, times.length - 1]) {
      const payment = stores.transactions.byId.valueAt(place);
      expect(listedPositionOfPayment(stores, index, payment.id)).toBe(place);
    }
    expect(listedPositionOfPayment(stores, index, 'Transaction:unknown')).toBe(-1);
  });
});
