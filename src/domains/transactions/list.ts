/**
 * `GET /transactions` filtering and paging, newest first. A page position is an exclusive bound
 * on the creation order (the next page holds older transactions than the last one shown), so
 * transactions created between pages appear only on a fresh first page and never shift or repeat
 * rows of the pages being read. Position 0 (no cursor) starts from the newest.
 */
import type { TransactionStore } from './store.js';
import type { Transaction, TransactionDirection, TransactionStatus, TransactionType } from './types.js';
import { instantToMs } from '../../core/time.js';
import { reconciliationReference } from './reference.js';

/** The list filters; each absent filter matches every transaction. */
export type TransactionFilters = {
  readonly customerId?: string;
  readonly type?: TransactionType;
  readonly status?: TransactionStatus;
  readonly direction?: TransactionDirection;
  /** A card's bare uuid (lower case); only card transactions match it (`card-transactions/list.ts`). */
  readonly cardUuid?: string;
  /** Inclusive lower bound of `createdAt`. */
  readonly createdAfterMs?: number;
  /** Exclusive upper bound of `createdAt`. */
  readonly createdBeforeMs?: number;
  /** The reconciliation reference (`TX...`, answered once past CREATED) or the refund's (`RF...`). */
  readonly reference?: string;
  /** An account id or UMA address on either side (`listing/transactions.ts` accountIdentifiersOf). */
  readonly accountIdentifier?: string;
  readonly senderAccountIdentifier?: string;
  readonly receiverAccountIdentifier?: string;
  /** Oldest first when `asc`; newest first (the reference's default) otherwise. */
  readonly sortOrder?: 'asc';
};

/** One page: the transactions, where the next page starts (absent on the last), and the total. */
export type TransactionPage = { readonly items: readonly Transaction[]; readonly nextPosition?: number; readonly totalCount: number };

/** True when `tx` passes every filter given. Pure. */
export function matchesTransaction(tx: Transaction, filters: TransactionFilters): boolean {
  if (filters.customerId !== undefined && tx.customerId !== filters.customerId) return false;
  if (filters.type !== undefined && tx.type !== filters.type) return false;
  if (filters.status !== undefined && tx.status !== filters.status) return false;
  if (filters.direction !== undefined && tx.direction !== filters.direction) return false;
  // Only card transactions carry a card; they live in the cards domain.
  if (filters.cardUuid !== undefined) return false;
  if (filters.createdAfterMs !== undefined || filters.createdBeforeMs !== undefined) {
    const createdMs = instantToMs(tx.createdAt);
    if (filters.createdAfterMs !== undefined && createdMs < filters.createdAfterMs) return false;
    if (filters.createdBeforeMs !== undefined && createdMs >= filters.createdBeforeMs) return false;
  }
  if (filters.reference !== undefined && !referencesOf(tx).includes(filters.reference)) return false;
  return matchesAccountIdentifiers(accountSidesOf(tx), filters);
}

/** The references a transaction answers: its reconciliation reference once past CREATED, its refund's. Pure. */
export function referencesOf(tx: Transaction): string[] {
  return [...(tx.status === 'CREATED' ? [] : [reconciliationReference(tx.id)]), ...(tx.refund === undefined ? [] : [tx.refund.reference])];
}

/** A payment's sender and receiver account identifiers: account ids or UMA addresses. Pure. */
export function accountSidesOf(tx: Transaction): { readonly sender?: string | undefined; readonly receiver?: string | undefined } {
  return { sender: paymentSenderOf(tx), receiver: paymentReceiverOf(tx) };
}

/** A payment's sender account identifier (`accountSidesOf`), read alone: list upkeep allocates nothing. Pure. */
export function paymentSenderOf(tx: Transaction): string | undefined {
  const { source } = tx;
  return source.sourceType === 'ACCOUNT' ? source.accountId : source.sourceType === 'UMA_ADDRESS' ? source.umaAddress : undefined;
}

/** A payment's receiver account identifier (`accountSidesOf`), read alone. Pure. */
export function paymentReceiverOf(tx: Transaction): string {
  const { destination } = tx;
  return destination.destinationType === 'ACCOUNT' ? destination.accountId : destination.umaAddress;
}

/** True when the sides pass the account identifier filters given. Pure. */
export function matchesAccountIdentifiers(
  sides: { readonly sender?: string | undefined; readonly receiver?: string | undefined },
  filters: TransactionFilters,
): boolean {
  if (filters.senderAccountIdentifier !== undefined && sides.sender !== filters.senderAccountIdentifier) return false;
  if (filters.receiverAccountIdentifier !== undefined && sides.receiver !== filters.receiverAccountIdentifier) return false;
  const either = filters.accountIdentifier;
  return either === undefined || sides.sender === either || sides.receiver === either;
}

/** The key a cursor is bound to: the filters, in a fixed order. Pure. */
export function transactionQueryKey(filters: TransactionFilters): string {
  return `transactions:${JSON.stringify([
    filters.customerId ?? null,
    filters.type ?? null,
    filters.status ?? null,
    filters.direction ?? null,
    filters.cardUuid ?? null,
    filters.createdAfterMs ?? null,
    filters.createdBeforeMs ?? null,
    // The reference's filters only when given, so cursors made without them keep their key.
    ...(hasReferenceFilters(filters)
      ? [filters.reference ?? null, filters.accountIdentifier ?? null, filters.senderAccountIdentifier ?? null, filters.receiverAccountIdentifier ?? null, filters.sortOrder ?? null]
      : []),
  ])}`;
}

function hasReferenceFilters(filters: TransactionFilters): boolean {
  return [filters.reference, filters.accountIdentifier, filters.senderAccountIdentifier, filters.receiverAccountIdentifier, filters.sortOrder].some((value) => value !== undefined);
}

/** Up to `limit` matching transactions, newest first, older than position `position` (0: from the newest). Pure. */
export function listTransactions(
  store: TransactionStore,
  filters: TransactionFilters,
  page: { readonly limit: number; readonly position: number },
): TransactionPage {
  const bound = page.position === 0 ? store.order.length : Math.min(page.position, store.order.length);
  const items: Transaction[] = [];
  let totalCount = 0;
  let lastTakenIndex = -1;
  let hasMore = false;
  // One pass over the whole store (bounded by its size): it also counts every match for totalCount.
  for (let index = store.order.length - 1; index >= 0; index -= 1) {
    const tx = store.byId.valueAt(index);
    if (!matchesTransaction(tx, filters)) continue;
    totalCount += 1;
    if (index >= bound) continue;
    if (items.length < page.limit) {
      items.push(tx);
      lastTakenIndex = index;
    } else hasMore = true;
  }
  return hasMore ? { items, nextPosition: lastTakenIndex, totalCount } : { items, totalCount };
}
