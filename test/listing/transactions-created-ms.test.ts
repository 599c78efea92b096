/**
 * The merged transaction list's creation times (stop 33): a time kept for every 64th position
 * (`createdMsSamples`), the others read from their records, and a date bound found by a search of
 * the samples and then of one chunk's records (`firstListedAtLeast`), against the times of the
 * records in creation order, for any interleaving of payments and card transactions, any runs of
 * equal times and gaps past an Int32 of milliseconds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CREATED_SAMPLE,
  catchUpTransactionList,
  emptyTransactionListIndex,
  firstListedAtLeast,
  listedCreatedMs,
  listedLength,
  listedPositionOfPayment,
  type ListedStores,
} from '../../src/domains/listing/transactions.js';
import type { CustomerRows } from '../../src/domains/listing/customer-rows.js';
import type { Transaction } from '../../src/domains/transactions/types.js';

/** Stores whose records are created at `times` (ms, ascending), `cards[k]` saying whether record k is a card transaction: as much of each record as the index reads. */
function storesOf(times: readonly number[], cards: readonly boolean[] = []): ListedStores & CustomerRows {
  const payments: Transaction[] = [];
  const cardRecords: unknown[] = [];
  const transactionsBefore: number[] = [];
  times.forEach((ms, k) => {
    const createdAt = new Date(ms).toISOString();
    if (cards[k] === true) {
      transactionsBefore.push(payments.length);
      cardRecords.push({ id: `CardTransaction:${k}`, cardId: `Card:${k % 2}`, customerId: `Customer:${k % 3}`, direction: 'DEBIT', accountId: `InternalAccount:${k % 5}`, createdAt });
      return;
    }
    payments.push({
      id: `Transaction:${k}`,
      customerId: `Customer:${k % 3}`,
      type: 'OUTGOING',
      status: 'COMPLETED',
      direction: 'DEBIT',
      source: { sourceType: 'ACCOUNT', accountId: `InternalAccount:${k % 5}` },
      destination: { destinationType: 'ACCOUNT', accountId: 'ExternalAccount:0' },
      createdAt,
    } as unknown as Transaction);
  });
  const ids = new Map(payments.map((payment, place) => [payment.id, place]));
  return {
    transactions: { order: payments, byId: { valueAt: (place: number) => payments[place], positionOf: (id: string) => ids.get(id) ?? -1, get: (id: string) => payments[ids.get(id) ?? -1] } },
    cardTransactions: { order: cardRecords, transactionsBefore, byId: { valueAt: (place: number) => cardRecords[place] } },
    // Customer:k at row k.
    customers: { byId: { positionOf: (id: string) => Number(id.slice('Customer:'.length)) } },
  } as unknown as ListedStores & CustomerRows;
}

/** The first index of ascending `times` at or past `timeMs` (the model of a date bound). */
function modelLowerBound(times: readonly number[], timeMs: number): number {
  const at = times.findIndex((ms) => ms >= timeMs);
  return at === -1 ? times.length : at;
}

describe('merged list creation times', () => {
  it('reads back every time, and finds every date bound where the creation order puts it, for any interleaving and runs of equal times', () => {
    const start = Date.UTC(2026, 0, 5, 16);
    // Steps of 0 (runs of equal times), a millisecond or a second, or past an Int32 of ms.
    const step = fc.oneof(fc.constant(0), fc.constant(1), fc.constant(1000), fc.constant(2 ** 31 + 7));
    fc.assert(
      fc.property(fc.array(fc.tuple(step, fc.boolean()), { maxLength: 400, size: 'max' }), (records) => {
        const times: number[] = [];
        for (const [gap] of records) times.push((times[times.length - 1] ?? start) + gap);
        const stores = storesOf(times, records.map(([, card]) => card));
        const index = emptyTransactionListIndex();
        catchUpTransactionList(stores, index);
        expect(listedLength(index)).toBe(times.length);
        expect(Array.from({ length: times.length }, (_, position) => listedCreatedMs(stores, index, position))).toEqual(times);
        expect(Array.from(index.createdMsSamples.subarray(0, Math.ceil(times.length / CREATED_SAMPLE)))).toEqual(times.filter((_, position) => position % CREATED_SAMPLE === 0));
        const bounds = [start - 1, ...times.flatMap((ms) => [ms - 1, ms, ms + 1]), (times[times.length - 1] ?? start) + 1];
        for (const bound of bounds) expect(firstListedAtLeast(stores, index, bound)).toBe(modelLowerBound(times, bound));
      }),
      { numRuns: 200 },
    );
  });

  it('a long run of one time across samples, then later times: a bound at that time is its first position', () => {
    const start = Date.UTC(2026, 0, 5, 16);
    const times = [start, ...Array.from({ length: 3 * CREATED_SAMPLE }, () => start + 5), ...Array.from({ length: 100 }, (_, i) => start + 6 + i)];
    const stores = storesOf(times);
    const index = emptyTransactionListIndex();
    catchUpTransactionList(stores, index);
    expect(firstListedAtLeast(stores, index, start + 5)).toBe(1);
    expect(firstListedAtLeast(stores, index, start + 6)).toBe(1 + 3 * CREATED_SAMPLE);
    for (const place of [0, 2, 3, 64, 65, times.length - 1]) {
      const payment = stores.transactions.byId.valueAt(place);
      expect(listedPositionOfPayment(stores, index, payment.id)).toBe(place);
    }
    expect(listedPositionOfPayment(stores, index, 'Transaction:unknown')).toBe(-1);
  });
});
