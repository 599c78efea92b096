/**
 * The index of `GET /agents/me/transactions`: per customer, the positions of its payments in the
 * payment store's order (`transactions.order`, the positions that list's cursors carry), with
 * each payment's type and status as codes over that customer's list (the status moves). Card
 * transactions are not listed there. Positions only; kept by `listing/evolve.ts`, rebuilt from a
 * snapshot's store by `listing/rebuild.ts`.
 */
import { instantToMs } from '../../core/time.js';
import type { TransactionStore } from '../transactions/store.js';
import type { Transaction } from '../transactions/types.js';
import { appendCode, type CodeIndex, emptyCodeIndex, setCode } from './code-index.js';
import { appendTimedToList, emptyPositionArena, listLength, listLowerBound, listMemberAt, NO_LIST, type PositionArena } from '../../core/position-arena.js';
import { statusCode, typeCode } from './transactions.js';

/** One customer's payments; a local position indexes its list and these codes. */
export type CustomerPaymentIndex = {
  /**
   * The handle of its list in the index's `positionLists`: positions in `transactions.order`,
   * ascending, each with its `createdAt` in epoch ms as the member's time (a date range is a
   * binary search on them).
   */
  list: number;
  /** Codes: `TRANSACTION_TYPES` index + 1. */
  readonly type: CodeIndex;
  /** Codes: `TRANSACTION_STATUSES` index + 1. */
  readonly status: CodeIndex;
};

/** Every customer's payment index, the arena of their lists, and how many payments of the store's order are listed. */
export type CustomerPaymentListIndex = { listed: number; readonly positionLists: PositionArena; readonly byCustomer: Map<string, CustomerPaymentIndex> };

/** An empty index. */
export function emptyCustomerPaymentListIndex(): CustomerPaymentListIndex {
  return { listed: 0, positionLists: emptyPositionArena(true), byCustomer: new Map() };
}

/** Lists the payments the store holds that the index lacks; `created` as in `catchUpTransactionList`. */
export function catchUpCustomerPaymentList(store: TransactionStore, index: CustomerPaymentListIndex, created?: Transaction): void {
  // Payments are read by position, not through their ids (rebuilt as text, then looked up).
  const createdAt = created === undefined ? -1 : store.byId.positionOf(created.id);
  for (; index.listed < store.order.length; index.listed += 1) {
    const payment = index.listed === createdAt ? created! : store.byId.valueAt(index.listed);
    const own = customerIndexFor(index, payment.customerId);
    own.list = appendTimedToList(index.positionLists, own.list, index.listed, instantToMs(payment.createdAt));
    appendCode(own.type, typeCode(payment.type));
    appendCode(own.status, statusCode(payment.status));
  }
}

/** Re-reads a listed payment's status (after it moved). */
export function syncCustomerPaymentStatus(store: TransactionStore, index: CustomerPaymentListIndex, payment: Transaction): void {
  const own = index.byCustomer.get(payment.customerId);
  if (own === undefined) return;
  // Positions are compared, not ids: no id is rebuilt from its packed key.
  const local = localPositionOf(index.positionLists, own, store.byId.positionOf(payment.id));
  if (local !== -1) setCode(own.status, local, statusCode(payment.status));
}

/** The local position of payment position `position` in `own`'s list, or -1 (positions ascend: a binary search). */
export function localPositionOf(lists: PositionArena, own: CustomerPaymentIndex, position: number): number {
  if (position === -1) return -1;
  const local = listLowerBound(lists, own.list, position);
  return local < listLength(lists, own.list) && listMemberAt(lists, own.list, local) === position ? local : -1;
}

function customerIndexFor(index: CustomerPaymentListIndex, customerId: string): CustomerPaymentIndex {
  let own = index.byCustomer.get(customerId);
  if (own === undefined) {
    own = { list: NO_LIST, type: emptyCodeIndex(), status: emptyCodeIndex() };
    index.byCustomer.set(customerId, own);
  }
  return own;
}
