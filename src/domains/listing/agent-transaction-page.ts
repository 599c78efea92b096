/**
 * `GET /agents/me/transactions` read from the transaction list index (`listing/transactions.ts`):
 * the agent's customer's payments, newest first by default, oldest first with `sortOrder=asc`.
 * They are the members of the customer's merged list (`byCustomer`, payments and card
 * transactions in one creation order) whose type code is not the card one, so no list of their
 * own is kept. Cursors keep the meaning `transactions/list.ts` `listTransactions` (the scan kept
 * as the reference) gives them, in payment places (positions in `transactions.order`, among all
 * payments): newest first, an exclusive bound (0: from the newest) and `nextPosition` the last
 * row shown; oldest first, the place of the next row to show. A place becomes a bound in the
 * merged list by `listedPositionOfPlace` (payments keep their store's order there, so the
 * payments below a place's merged position are exactly those below the place), and a row's
 * place is its merged position less the card transactions before it (`listedPlaceAt`).
 *
 * Indexed (O(log n + page), count included): the customer alone (the complement of the card code
 * in its codes), with a type or a status, and the startDate/endDate range; both a type and a
 * status are counted by walking the narrower; `reference` resolves to at most one payment. The
 * account identifier filters walk the customer's own payments in the range (its positions, never
 * the whole store). Pure.
 */
import type { DomainState } from '../state.js';
import { customerList } from './customer-rows.js';
import { matchesTransaction, type TransactionFilters, type TransactionPage } from '../transactions/list.js';
import { referencedTransactionId } from '../transactions/reference.js';
import { NO_LIST } from '../../core/position-arena.js';
import { type ListArena, listLength, listLowerBound, listMemberAt } from './list-arena.js';
import { countPlan, type ListPlan, pageDown, pageUp } from './query.js';
import { firstPositionAtLeast, localCodeSource, localMatchSource, type PositionSource, sortedSource } from './sources.js';
import { otherRowCountSource, rowCountSource, type RowCounts } from './row-counts.js';
import {
  CARD_TYPE_CODE,
  listedCreatedMs,
  listedPositionOfPayment,
  listedPlaceAt,
  listedPositionOfPlace,
  ownStatusCode,
  ownTypeCode,
  statusCode,
  type TransactionListIndex,
  typeCode,
} from './transactions.js';

/** The filters that list takes: the agent's customer, and any of the transaction list's others. */
export type CustomerPaymentFilters = TransactionFilters & { readonly customerId: string };

/** The filters the index answers exactly (the others are checked on each payment of the range). */
const INDEXED: ReadonlySet<string> = new Set(['customerId', 'type', 'status', 'createdAfterMs', 'createdBeforeMs', 'sortOrder']);

/** No member: what a type or status no payment can have selects. */
const NONE: PositionSource = sortedSource([]);

/** One customer's merged list: its handle in `positionLists`, and its codes' counts when it is past one block. */
type CustomerList = { readonly index: TransactionListIndex; readonly lists: ListArena; readonly list: number; readonly long: RowCounts | undefined };

/** Up to `limit` of the customer's matching payments from payment place `position` (see the module comment). Pure. */
export function listCustomerPaymentPage(
  state: Pick<DomainState, 'transactions' | 'cardTransactions' | 'customers' | 'lists'>,
  filters: CustomerPaymentFilters,
  page: { readonly limit: number; readonly position: number },
): TransactionPage {
  const index = state.lists.transactions;
  const lists = index.positionLists;
  const list = customerList(state, index, filters.customerId);
  if (list === NO_LIST) return { items: [], totalCount: 0 };
  const own: CustomerList = { index, lists, list, long: index.longCountsByCustomer.get(filters.customerId) };
  const plan = planOf(state, own, filters);
  const totalCount = countPlan(plan);
  // Every source yields payments only: a member's place is its payment's in the store.
  const placeAt = (local: number): number => listedPlaceAt(state.cardTransactions, index, listMemberAt(lists, list, local));
  const paymentAt = (local: number) => state.transactions.byId.valueAt(placeAt(local));
  // A place bounds the local positions whose payment lies below it: those below its merged position.
  const localBound = (place: number): number => listLowerBound(lists, list, listedPositionOfPlace(state.cardTransactions, index, place));
  if (filters.sortOrder === 'asc') {
    const found = pageUp(plan, localBound(page.position), page.limit);
    const items = found.positions.map(paymentAt);
    return found.nextPosition === -1 ? { items, totalCount } : { items, nextPosition: placeAt(found.nextPosition), totalCount };
  }
  const found = pageDown(plan, page.position === 0 ? plan.hi : localBound(page.position), page.limit);
  const items = found.positions.map(paymentAt);
  const last = found.positions[found.positions.length - 1];
  return found.more && last !== undefined ? { items, nextPosition: placeAt(last), totalCount } : { items, totalCount };
}

/** The plan over the local positions of the customer's merged list: its payments only. */
function planOf(state: Pick<DomainState, 'transactions' | 'cardTransactions'>, own: CustomerList, filters: CustomerPaymentFilters): ListPlan {
  const { index, lists, list, long } = own;
  const length = listLength(lists, list);
  // Times never decrease along the merged list, so along the customer's part of it too.
  const timeAt = (local: number): number => listedCreatedMs(state, index, listMemberAt(lists, list, local));
  const lo = filters.createdAfterMs === undefined ? 0 : firstPositionAtLeast(length, timeAt, filters.createdAfterMs);
  const hi = filters.createdBeforeMs === undefined ? length : firstPositionAtLeast(length, timeAt, filters.createdBeforeMs);
  const sources: PositionSource[] = [];
  if (filters.type !== undefined) {
    // No payment has the card type (its card transactions do): nothing to list.
    const type = typeCode(filters.type);
    sources.push(type === CARD_TYPE_CODE ? NONE : long === undefined ? localCodeSource(lists, list, ownTypeCode, type) : rowCountSource(lists, list, long, 'type', type));
  }
  if (filters.status !== undefined) {
    // Card transactions hold status code 0, which no payment status has.
    const status = statusCode(filters.status);
    sources.push(status === 0 ? NONE : long === undefined ? localCodeSource(lists, list, ownStatusCode, status) : rowCountSource(lists, list, long, 'status', status));
  }
  if (filters.reference !== undefined) sources.push(sortedSource(referencePositions(state, own, filters.reference)));
  // Each source above holds payments only; without one, the payments are every row but the card ones.
  if (sources.length === 0) sources.push(long === undefined ? localMatchSource(lists, list, (byte) => ownTypeCode(byte) !== CARD_TYPE_CODE) : otherRowCountSource(lists, list, long, 'type', CARD_TYPE_CODE));
  // What no source says exactly (which side an account is on, whether a reference is answered yet) is checked on each payment.
  const exact = Object.entries(filters).every(([key, value]) => value === undefined || INDEXED.has(key));
  if (exact) return { sources, lo, hi };
  const paymentAt = (local: number) => state.transactions.byId.valueAt(listedPlaceAt(state.cardTransactions, index, listMemberAt(lists, list, local)));
  return { sources, lo, hi, residual: (local) => matchesTransaction(paymentAt(local), filters) };
}

/** The one local position a reference can name (references are made from the transaction's id), if it is this customer's payment. */
function referencePositions(state: Pick<DomainState, 'transactions' | 'cardTransactions'>, own: CustomerList, reference: string): number[] {
  const id = referencedTransactionId(reference);
  // Found by its place in the store: the record itself is not read.
  const position = id === undefined ? -1 : listedPositionOfPayment(state, own.index, id);
  if (position === -1) return [];
  // Positions ascend in the customer's list: its local position is a binary search away.
  const local = listLowerBound(own.lists, own.list, position);
  return local < listLength(own.lists, own.list) && listMemberAt(own.lists, own.list, local) === position ? [local] : [];
}
