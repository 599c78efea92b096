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
  for (; index.listed < store.order.length; index.listed += 1) {
    const id = store.order.at(index.listed)!;
    const payment = created !== undefined && created.id === id ? created : store.byId.get(id)!;
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
  for (let local = lowerBound(own.createdMs, createdMs); local < own.createdMs.length && own.createdMs[local] === createdMs; local += 1) {
    if (store.order.at(own.paymentPositions[local]!) === payment.id) {
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
