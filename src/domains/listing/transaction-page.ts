/**
 * `GET /transactions` read from its index (`listing/transactions.ts`): payments and card
 * transactions in one creation order, newest first by default, oldest first with
 * `sortOrder=asc`. A page position is a merged position: newest first, an exclusive bound (the
 * next page holds older rows than the last shown; 0 starts from the newest); oldest first, the
 * position of the next row to show. Rows created between pages never shift or repeat rows.
 *
 * Indexed (O(log n + page), count included): no filter, each one of customerId
 * (platformCustomerId resolves to it), type, status, direction, cardId, accountIdentifier, and
 * the createdAfter/createdBefore/startDate/endDate range with any of them, and a customer with
 * its type and status (the customer's own codes). Any other combination is counted by walking
 * the narrowest one's range; `reference` resolves to at most one
 * transaction; sender/receiverAccountIdentifier walk that account's rows. Pure.
 */
import type { ListedTransaction } from '../card-transactions/list.js';
import { customerList, type CustomerRows } from './customer-rows.js';
import { matchesCardTransaction } from '../card-transactions/list.js';
import type { DomainState } from '../state.js';
import { matchesTransaction, type TransactionFilters } from '../transactions/list.js';
import { referencedTransactionId } from '../transactions/reference.js';
import { countPlan, type ListPlan, pageDown, pageUp } from './query.js';
import { NO_LIST } from '../../core/position-arena.js';
import { arenaListSource, codeSource, ownedListCodeSource, ownedRowCountSource, type PositionSource, sortedSource } from './sources.js';
import { directionCode, firstListedAtLeast, listedLength, listedPositionOfPayment, listedRecordAt, ownStatusCode, ownTypeCode, statusCode, type TransactionListIndex, typeCode } from './transactions.js';

/** The filters the index answers exactly. */
const INDEXED: ReadonlySet<string> = new Set(['customerId', 'cardUuid', 'type', 'direction', 'status', 'accountIdentifier', 'createdAfterMs', 'createdBeforeMs', 'sortOrder']);

/** One page of the merged list. */
export type TransactionListPage = { readonly items: readonly ListedTransaction[]; readonly nextPosition?: number; readonly totalCount: number };

/** Up to `limit` matching rows from `position` (see the module comment), the next position, and every match's count. Pure. */
export function listTransactionPage(
  state: Pick<DomainState, 'transactions' | 'cardTransactions' | 'customers' | 'lists'>,
  filters: TransactionFilters,
  page: { readonly limit: number; readonly position: number },
): TransactionListPage {
  const index = state.lists.transactions;
  const plan = planOf(state, index, filters);
  const totalCount = countPlan(plan);
  if (filters.sortOrder === 'asc') {
    const found = pageUp(plan, page.position, page.limit);
    const items = found.positions.map((position) => listedRecordAt(state, index, position));
    return found.nextPosition === -1 ? { items, totalCount } : { items, nextPosition: found.nextPosition, totalCount };
  }
  const found = pageDown(plan, page.position === 0 ? plan.hi : page.position, page.limit);
  const items = found.positions.map((position) => listedRecordAt(state, index, position));
  const last = found.positions[found.positions.length - 1];
  return found.more && last !== undefined ? { items, nextPosition: last, totalCount } : { items, totalCount };
}

function planOf(state: Pick<DomainState, 'transactions' | 'cardTransactions' | 'customers'>, index: TransactionListIndex, filters: TransactionFilters): ListPlan {
  const length = listedLength(index);
  const lo = filters.createdAfterMs === undefined ? 0 : firstListedAtLeast(state, index, filters.createdAfterMs);
  const hi = filters.createdBeforeMs === undefined ? length : firstListedAtLeast(state, index, filters.createdBeforeMs);
  const sources: PositionSource[] = [];
  const list = (map: Map<string, number>, key: string): PositionSource => arenaListSource(index.sideLists, map.get(key) ?? NO_LIST);
  if (filters.customerId !== undefined) sources.push(...customerSources(state, index, filters.customerId, filters));
  else {
    if (filters.type !== undefined) sources.push(codeSource(index.type, typeCode(filters.type)));
    if (filters.status !== undefined) sources.push(codeSource(index.status, statusCode(filters.status)));
  }
  if (filters.cardUuid !== undefined) sources.push(list(index.byCard, filters.cardUuid));
  if (filters.direction !== undefined) sources.push(codeSource(index.direction, directionCode(filters.direction)));
  for (const account of [filters.accountIdentifier, filters.senderAccountIdentifier, filters.receiverAccountIdentifier]) {
    if (account !== undefined) sources.push(list(index.byAccount, account));
  }
  if (filters.reference !== undefined) sources.push(sortedSource(referencePositions(state, index, filters.reference)));
  // What no source says exactly (which side an account is on, whether a reference is answered
  // yet, a filter added later) is checked on each row.
  const exact = Object.entries(filters).every(([key, value]) => value === undefined || INDEXED.has(key));
  return exact ? { sources, lo, hi } : { sources, lo, hi, residual: (position) => matchesRow(state, index, position, filters) };
}

/**
 * A customer's rows, narrowed by type and status through its own codes when those filters are
 * given: each an exact O(log n) source over the customer's positions, where the store-wide codes
 * would be checked row by row along the customer's whole list.
 */
function customerSources(state: CustomerRows, index: TransactionListIndex, customerId: string, filters: TransactionFilters): PositionSource[] {
  const lists = index.positionLists;
  const positions = customerList(state, index, customerId);
  if (filters.type === undefined && filters.status === undefined) return [arenaListSource(lists, positions)];
  const long = index.longCountsByCustomer.get(customerId);
  const sources: PositionSource[] = [];
  if (filters.type !== undefined) {
    const type = typeCode(filters.type);
    sources.push(long === undefined ? ownedListCodeSource(lists, positions, ownTypeCode, type) : ownedRowCountSource(lists, positions, long, 'type', type));
  }
  if (filters.status !== undefined) {
    const status = statusCode(filters.status);
    sources.push(long === undefined ? ownedListCodeSource(lists, positions, ownStatusCode, status) : ownedRowCountSource(lists, positions, long, 'status', status));
  }
  return sources;
}

/** The one position a reference can name: references are made from the transaction's id. */
function referencePositions(state: Pick<DomainState, 'transactions' | 'cardTransactions'>, index: TransactionListIndex, reference: string): number[] {
  const id = referencedTransactionId(reference);
  // Found by its place in the store: the record itself is not read.
  const position = id === undefined ? -1 : listedPositionOfPayment(state, index, id);
  return position === -1 ? [] : [position];
}

function matchesRow(state: Pick<DomainState, 'transactions' | 'cardTransactions'>, index: TransactionListIndex, position: number, filters: TransactionFilters): boolean {
  const row = listedRecordAt(state, index, position);
  return row.kind === 'payment' ? matchesTransaction(row.tx, filters) : matchesCardTransaction(row.tx, filters);
}
