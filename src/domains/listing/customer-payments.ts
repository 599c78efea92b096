/**
 * The index of `GET /agents/me/transactions`: per customer, the positions of its payments in the
 * payment store's order (`transactions.order`, the positions that list's cursors carry), with
 * each payment's type and status as codes over that customer's list (the status moves). Card
 * transactions are not listed there. Positions only; kept by `listing/evolve.ts`, rebuilt from a
 * snapshot's store by `listing/rebuild.ts`.
 */
import { PackedKeyMap } from '../../core/packed-key-map.js';
import type { TransactionStore } from '../transactions/store.js';
import type { Transaction } from '../transactions/types.js';
import { appendToList, emptyPositionArena, listLength, listLowerBound, listMemberAt, NO_LIST, type PositionArena } from '../../core/position-arena.js';
import { type CustomerRowCodes, ownRowCode, setLastOwnRowCode, setOwnRowStatus, statusCode, typeCode } from './transactions.js';

/**
 * Every customer's payments, the arena of their lists, and how many payments of the store's
 * order are listed. A customer's list (`byCustomer`: its handle in `positionLists`) holds its
 * positions in `transactions.order`, ascending, each with its type and status as the member's
 * code (`ownRowCode`); a local position indexes that list. The members carry no times: a date
 * range is a binary search on the merged list's times (`paymentCreatedMs`), where a time per
 * member cost 8 B and its block's spare room, ~13 B a transaction (stop 28). A customer with more than
 * `CODE_BLOCK_SIZE` payments also has the codes as `CodeIndex`es (`longCodesByCustomer`), whose
 * trees keep a page O(log n); a shorter list's codes are scanned. An object and two `CodeIndex`es
 * per customer cost ~28 B a transaction when every customer had them.
 */
export type CustomerPaymentListIndex = {
  listed: number;
  readonly positionLists: PositionArena;
  readonly byCustomer: Map<string, number>;
  readonly longCodesByCustomer: Map<string, CustomerRowCodes>;
};

/** An empty index. */
export function emptyCustomerPaymentListIndex(): CustomerPaymentListIndex {
  return { listed: 0, positionLists: emptyPositionArena(false, true), byCustomer: new PackedKeyMap(), longCodesByCustomer: new PackedKeyMap() };
}

/** Lists the payments the store holds that the index lacks; `created` as in `catchUpTransactionList`. */
export function catchUpCustomerPaymentList(store: TransactionStore, index: CustomerPaymentListIndex, created?: Transaction): void {
  // Payments are read by position, not through their ids (rebuilt as text, then looked up).
  const createdAt = created === undefined ? -1 : store.byId.positionOf(created.id);
  const lists = index.positionLists;
  for (; index.listed < store.order.length; index.listed += 1) {
    const payment = index.listed === createdAt ? created! : store.byId.valueAt(index.listed);
    const list = appendToList(lists, index.byCustomer.get(payment.customerId) ?? NO_LIST, index.listed);
    index.byCustomer.set(payment.customerId, list);
    setLastOwnRowCode(lists, index.longCodesByCustomer, payment.customerId, list, ownRowCode(typeCode(payment.type), statusCode(payment.status)));
  }
}

/** Re-reads a listed payment's status (after it moved). */
export function syncCustomerPaymentStatus(store: TransactionStore, index: CustomerPaymentListIndex, payment: Transaction): void {
  const list = index.byCustomer.get(payment.customerId);
  if (list === undefined) return;
  const lists = index.positionLists;
  // Positions are compared, not ids: no id is rebuilt from its packed key.
  const local = localPositionOf(lists, list, store.byId.positionOf(payment.id));
  if (local === -1) return;
  setOwnRowStatus(lists, index.longCodesByCustomer, payment.customerId, list, local, statusCode(payment.status));
}

/** The local position of payment position `position` in a customer's `list`, or -1 (positions ascend: a binary search). */
export function localPositionOf(lists: PositionArena, list: number, position: number): number {
  if (position === -1) return -1;
  const local = listLowerBound(lists, list, position);
  return local < listLength(lists, list) && listMemberAt(lists, list, local) === position ? local : -1;
}
