/**
 * `GET /agents/me/transactions` read from its index (`listing/customer-payments.ts`): the agent's
 * customer's payments, newest first by default, oldest first with `sortOrder=asc`. Cursors keep
 * the meaning `transactions/list.ts` `listTransactions` (the scan kept as the reference) gives
 * them, in payment positions (positions among all payments): newest first, an exclusive bound
 * (0: from the newest) and `nextPosition` the last row shown; oldest first, the position of the
 * next row to show.
 *
 * Indexed (O(log n + page), count included): the customer with a type or a status and the
 * startDate/endDate range; both a type and a status are counted by walking the narrower;
 * `reference` resolves to at most one payment. The account identifier filters walk the
 * customer's own payments in the range (its positions, never the whole store). Pure.
 */
import type { DomainState } from '../state.js';
import { matchesTransaction, type TransactionFilters, type TransactionPage } from '../transactions/list.js';
import { referencedTransactionId } from '../transactions/reference.js';
import { listLength, listLowerBound, listMemberAt, type PositionArena } from '../../core/position-arena.js';
import type { CustomerRowCodes } from './transactions.js';
import { localPositionOf } from './customer-payments.js';
import { countPlan, type ListPlan, pageDown, pageUp } from './query.js';
import { codeSource, firstPositionAtLeast, localCodeSource, type PositionSource, sortedSource } from './sources.js';
import { ownStatusCode, ownTypeCode, paymentCreatedMs, statusCode, typeCode } from './transactions.js';

/** The filters that list takes: the agent's customer, and any of the transaction list's others. */
export type CustomerPaymentFilters = TransactionFilters & { readonly customerId: string };

/** The filters the index answers exactly (the others are checked on each payment of the range). */
const INDEXED: ReadonlySet<string> = new Set(['customerId', 'type', 'status', 'createdAfterMs', 'createdBeforeMs', 'sortOrder']);

/** Up to `limit` of the customer's matching payments from payment position `position` (see the module comment). Pure. */
export function listCustomerPaymentPage(
  state: Pick<DomainState, 'transactions' | 'cardTransactions' | 'lists'>,
  filters: CustomerPaymentFilters,
  page: { readonly limit: number; readonly position: number },
): TransactionPage {
  const lists = state.lists.customerPayments.positionLists;
  const list = state.lists.customerPayments.byCustomer.get(filters.customerId);
  if (list === undefined) return { items: [], totalCount: 0 };
  const plan = planOf(state, lists, list, state.lists.customerPayments.longCodesByCustomer.get(filters.customerId), filters);
  const totalCount = countPlan(plan);
  const positionAt = (local: number): number => listMemberAt(lists, list, local);
  const paymentAt = (local: number) => state.transactions.byId.valueAt(positionAt(local));
  if (filters.sortOrder === 'asc') {
    // A payment position is where the next page starts: the first local position at or after it.
    const found = pageUp(plan, listLowerBound(lists, list, page.position), page.limit);
    const items = found.positions.map(paymentAt);
    return found.nextPosition === -1 ? { items, totalCount } : { items, nextPosition: positionAt(found.nextPosition), totalCount };
  }
  // A payment position bounds the local positions whose payment lies below it.
  const bound = page.position === 0 ? plan.hi : listLowerBound(lists, list, page.position);
  const found = pageDown(plan, bound, page.limit);
  const items = found.positions.map(paymentAt);
  const last = found.positions[found.positions.length - 1];
  return found.more && last !== undefined ? { items, nextPosition: positionAt(last), totalCount } : { items, totalCount };
}

/** The plan over the customer's local positions; `long`: its codes' `CodeIndex`es, when its list is past one block. */
function planOf(state: Pick<DomainState, 'transactions' | 'cardTransactions' | 'lists'>, lists: PositionArena, list: number, long: CustomerRowCodes | undefined, filters: CustomerPaymentFilters): ListPlan {
  const length = listLength(lists, list);
  // A member's time is its payment's in the merged list (the customer's list keeps none).
  const timeAt = (local: number): number => paymentCreatedMs(state.cardTransactions, state.lists.transactions, listMemberAt(lists, list, local));
  const lo = filters.createdAfterMs === undefined ? 0 : firstPositionAtLeast(length, timeAt, filters.createdAfterMs);
  const hi = filters.createdBeforeMs === undefined ? length : firstPositionAtLeast(length, timeAt, filters.createdBeforeMs);
  const sources: PositionSource[] = [];
  if (filters.type !== undefined) {
    const type = typeCode(filters.type);
    sources.push(long === undefined ? localCodeSource(lists, list, ownTypeCode, type) : codeSource(long.type, type));
  }
  if (filters.status !== undefined) {
    const status = statusCode(filters.status);
    sources.push(long === undefined ? localCodeSource(lists, list, ownStatusCode, status) : codeSource(long.status, status));
  }
  if (filters.reference !== undefined) sources.push(sortedSource(referencePositions(state, lists, list, filters.reference)));
  // What no source says exactly (which side an account is on, whether a reference is answered yet) is checked on each payment.
  const exact = Object.entries(filters).every(([key, value]) => value === undefined || INDEXED.has(key));
  if (exact) return { sources, lo, hi };
  const paymentAt = (local: number) => state.transactions.byId.valueAt(listMemberAt(lists, list, local));
  return { sources, lo, hi, residual: (local) => matchesTransaction(paymentAt(local), filters) };
}

/** The one local position a reference can name (references are made from the transaction's id), if it is this customer's. */
function referencePositions(state: Pick<DomainState, 'transactions'>, lists: PositionArena, list: number, reference: string): number[] {
  const id = referencedTransactionId(reference);
  const tx = id === undefined ? undefined : state.transactions.byId.get(id);
  if (tx === undefined) return [];
  // Positions ascend in the customer's list: its local position is a binary search away.
  const local = localPositionOf(lists, list, state.transactions.byId.positionOf(tx.id));
  return local === -1 ? [] : [local];
}
