/**
 * The merged transaction list's position -> record mapping (`listedPlaceAt`, stop 32), read from
 * the card store's counts alone, against a model that lists payments and card transactions in the
 * order they were created (the merged order's rule), for any interleaving, with every record or
 * only the first ones listed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CardTransactionStore } from '../../src/domains/card-transactions/store.js';
import { emptyTransactionListIndex, listedPlaceAt, listedPositionOfPlace, type TransactionListIndex } from '../../src/domains/listing/transactions.js';

/** The stores' creation sequence (true: a card transaction) as the card store's counts, and the model's place by position. */
function modelOf(cards: readonly boolean[]): { transactionsBefore: number[]; places: number[] } {
  const transactionsBefore: number[] = [];
  const places: number[] = [];
  let payments = 0;
  for (const card of cards) {
    if (card) {
      places.push(-(transactionsBefore.length + 1));
      transactionsBefore.push(payments);
    } else {
      places.push(payments);
      payments += 1;
    }
  }
  return { transactionsBefore, places };
}

/** An index that lists the first `listed` positions of `places` (only its counts matter here). */
function indexListing(places: readonly number[], listed: number): TransactionListIndex {
  const index = emptyTransactionListIndex();
  index.cardsListed = places.slice(0, listed).filter((place) => place < 0).length;
  index.paymentsListed = listed - index.cardsListed;
  return index;
}

describe('listedPlaceAt', () => {
  it('names the payment or card transaction each listed position holds, as the creation order does; a payment\'s position is where listedPositionOfPlace puts it', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 300, size: 'max' }), fc.nat(), (sequence, cut) => {
        const { transactionsBefore, places } = modelOf(sequence);
        const cards = { transactionsBefore } as unknown as CardTransactionStore;
        for (const listed of [places.length, places.length === 0 ? 0 : cut % (places.length + 1)]) {
          const index = indexListing(places, listed);
          const found = Array.from({ length: listed }, (_, position) => listedPlaceAt(cards, index, position));
          expect(found).toEqual(places.slice(0, listed));
          found.forEach((place, position) => {
            if (place >= 0) expect(listedPositionOfPlace(cards, index, place)).toBe(position);
          });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('runs of card transactions at the start, between payments and at the end', () => {
    const sequence = [true, true, false, true, false, false, true, true, true, false, true];
    const { transactionsBefore, places } = modelOf(sequence);
    expect(transactionsBefore).toEqual([0, 0, 1, 3, 3, 3, 4]);
    const index = indexListing(places, places.length);
    const cards = { transactionsBefore } as unknown as CardTransactionStore;
    expect(places.map((_, position) => listedPlaceAt(cards, index, position))).toEqual([-1, -2, 0, -3, 1, 2, -4, -5, -6, 3, -7]);
  });
});
