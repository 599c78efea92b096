/**
 * The list indexes of the engine's state: what `GET /transactions` and `GET /quotes` read to
 * answer a page in O(log n + page). Derived from the stores (never from events directly), so a
 * snapshot does not carry them: `rebuildListIndexes` makes them again from the restored stores.
 */
import type { DomainState } from '../state.js';
import { catchUpQuoteList, emptyQuoteListIndex, type QuoteListIndex } from './quotes.js';
import { catchUpTransactionList, emptyTransactionListIndex, type TransactionListIndex } from './transactions.js';

/** Every list index. */
export type ListIndexes = { readonly transactions: TransactionListIndex; readonly quotes: QuoteListIndex };

/** Empty indexes. */
export function emptyListIndexes(): ListIndexes {
  return { transactions: emptyTransactionListIndex(), quotes: emptyQuoteListIndex() };
}

/** Indexes built from the stores of `state` as they stand (a restored snapshot). */
export function rebuildListIndexes(state: Omit<DomainState, 'lists'>): ListIndexes {
  const lists = emptyListIndexes();
  catchUpTransactionList(state, lists.transactions);
  catchUpQuoteList(state, lists.quotes);
  return lists;
}
