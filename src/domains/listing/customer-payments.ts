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
import { appended, lowerBound } from './sources.js';
import { statusCode, typeCode } from './transactions.js';

/** One customer's payments; a local position indexes these arrays. */
export type CustomerPaymentIndex = {
  /** Positions in `transactions.order`, ascending. */
  paymentPositions: number[];
  /** `createdAt` in epoch ms, parallel (to find a payment's local position). */
  createdMs: number[];
  /** Codes: `TRANSACTION_TYPES` index + 1. */
  readonly type: CodeIndex;
  /** Codes: `TRANSACTION_STATUSES` index + 1. */
  readonly status: CodeIndex;
};

/** Every customer's payment index, and how many payments of the store's order are listed. */
export type CustomerPaymentListIndex = { listed: number; readonly byCustomer: Map<string, CustomerPaymentIndex> };

/** An empty index. */
export function emptyCustomerPaymentListIndex(): CustomerPaymentListIndex {
  return { listed: 0, byCustomer: new Map() };
}

/** Lists the payments the store holds that the index lacks; `created` as in `catchUpTransactionList`. */
export function catchUpCustomerPaymentList(store: TransactionStore, index: CustomerPaymentListIndex, created?: Transaction): void {
  // Payments are read by position, not through their ids (rebuilt as text, then looked up).
  const createdAt = created === undefined ? -1 : store.byId.positionOf(created.id);
  for (; index.listed < store.order.length; index.listed += 1) {
    const payment = index.listed === createdAt ? created! : store.byId.valueAt(index.listed);
    const own = customerIndexFor(index, payment.customerId);
    own.paymentPositions = appended(own.paymentPositions, index.listed);
    own.createdMs = appended(own.createdMs, instantToMs(payment.createdAt));
    appendCode(own.type, typeCode(payment.type));
    appendCode(own.status, statusCode(payment.status));
  }
}

/** Re-reads a listed payment's status (after it moved); `createdMs` is its `createdAt` in epoch ms. */
export function syncCustomerPaymentStatus(store: TransactionStore, index: CustomerPaymentListIndex, payment: Transaction, createdMs: number): void {
  const own = index.byCustomer.get(payment.customerId);
  if (own === undefined) return;
  // Positions are compared, not ids: no id is rebuilt from its packed key.
  const position = store.byId.positionOf(payment.id);
  for (let local = lowerBound(own.createdMs, createdMs); local < own.createdMs.length && own.createdMs[local] === createdMs; local += 1) {
    if (own.paymentPositions[local] === position) {
      setCode(own.status, local, statusCode(payment.status));
      return;
    }
  }
}

function customerIndexFor(index: CustomerPaymentListIndex, customerId: string): CustomerPaymentIndex {
  let own = index.byCustomer.get(customerId);
  if (own === undefined) {
    own = { paymentPositions: [], createdMs: [], type: emptyCodeIndex(), status: emptyCodeIndex() };
    index.byCustomer.set(customerId, own);
  }
  return own;
}
