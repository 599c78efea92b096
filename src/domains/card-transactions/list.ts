/**
 * `GET /transactions` over both kinds: the transactions domain's payments and the card
 * transactions, newest first, in one creation order. Each card transaction remembers how many
 * payments existed when it was created, which places it in that order; the merged index of an
 * item is the number of items (of both kinds) created before it. A page position is an exclusive
 * bound on that index, as in `transactions/list.ts`, so items created between pages never shift
 * or repeat the rows of later pages. Pure.
 */
import { bareUuid } from '../../core/ids.js';
import { instantToMs } from '../../core/time.js';
import type { DomainState } from '../state.js';
import { matchesAccountIdentifiers, matchesTransaction, type TransactionFilters } from '../transactions/list.js';
import type { Transaction } from '../transactions/types.js';
import type { CardTransaction } from './types.js';

/** One row of the merged list. */
export type ListedTransaction = { readonly kind: 'payment'; readonly tx: Transaction } | { readonly kind: 'card'; readonly tx: CardTransaction };

/**
 * True when a card transaction passes every filter given. A `status` filter never matches one:
 * card statuses are not TransactionStatus values (and `status` with `type=CARD` is a 400).
 */
export function matchesCardTransaction(tx: CardTransaction, filters: TransactionFilters): boolean {
  if (filters.customerId !== undefined && tx.customerId !== filters.customerId) return false;
  if (filters.type !== undefined && filters.type !== 'CARD') return false;
  if (filters.status !== undefined) return false;
  if (filters.direction !== undefined && tx.direction !== filters.direction) return false;
  if (filters.cardUuid !== undefined && bareUuid(tx.cardId).toLowerCase() !== filters.cardUuid) return false;
  if (filters.createdAfterMs !== undefined || filters.createdBeforeMs !== undefined) {
    const createdMs = instantToMs(tx.createdAt);
    if (filters.createdAfterMs !== undefined && createdMs < filters.createdAfterMs) return false;
    if (filters.createdBeforeMs !== undefined && createdMs >= filters.createdBeforeMs) return false;
  }
  // Card transactions carry no reference of the reference's kind.
  if (filters.reference !== undefined) return false;
  return matchesAccountIdentifiers(tx.direction === 'DEBIT' ? { sender: tx.accountId } : { receiver: tx.accountId }, filters);
}

/**
 * Up to `limit` matching transactions of both kinds, newest first, with merged index below
 * `position` (0: from the newest); `nextPosition` only when more match. One pass over both stores
 * (bounded by their sizes), which also counts every match for `totalCount`. The route reads the
 * list index instead (`listing/transaction-page.ts`, O(log n + page)); this plain scan is the
 * model the index is tested against (test/listing). Pure.
 */
export function listAllTransactions(
  state: DomainState,
  filters: TransactionFilters,
  page: { readonly limit: number; readonly position: number },
): { readonly items: readonly ListedTransaction[]; readonly nextPosition?: number; readonly totalCount: number } {
  const payments = state.transactions;
  const cards = state.cardTransactions;
  let i = payments.order.length - 1;
  let j = cards.order.length - 1;
  const bound = page.position === 0 ? Number.POSITIVE_INFINITY : page.position;
  const items: ListedTransaction[] = [];
  let totalCount = 0;
  let lastTakenIndex = -1;
  let hasMore = false;
  while (i >= 0 || j >= 0) {
    // Card j came after payment i exactly when more than i payments existed at its creation.
    const cardIsNewer = j >= 0 && (i < 0 || (cards.transactionsBefore[j] ?? 0) > i);
    const mergedIndex = i + j + 1;
    let row: ListedTransaction | undefined;
    if (cardIsNewer) {
      const tx = cards.byId.valueAt(j);
      if (matchesCardTransaction(tx, filters)) row = { kind: 'card', tx };
      j -= 1;
    } else {
      const tx = payments.byId.valueAt(i);
      if (matchesTransaction(tx, filters)) row = { kind: 'payment', tx };
      i -= 1;
    }
    if (row === undefined) continue;
    totalCount += 1;
    if (mergedIndex >= bound) continue;
    if (items.length < page.limit) {
      items.push(row);
      lastTakenIndex = mergedIndex;
    } else hasMore = true;
  }
  return hasMore ? { items, nextPosition: lastTakenIndex, totalCount } : { items, totalCount };
}
