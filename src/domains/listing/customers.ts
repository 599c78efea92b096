/**
 * The index of `GET /customers`: per position of the store's creation order, a code for deletion
 * (1 live, 2 deleted: deleted customers are left out by default), one for `customerType`
 * (1 INDIVIDUAL, 2 BUSINESS), the type again for live customers only (0 once deleted: the
 * default list of one type, a single code), and `createdAt` in epoch ms (non-decreasing: a date
 * range is a binary search). Positions only; kept by `listing/evolve.ts`.
 */
import { instantToMs } from '../../core/time.js';
import type { CustomerStore } from '../customers/store.js';
import type { Customer } from '../customers/types.js';
import { appendCode, type CodeIndex, emptyCodeIndex, setCode } from './code-index.js';

/** Deletion codes. */
export const LIVE_CODES = { live: 1, deleted: 2 } as const;
/** Customer type codes. */
export const CUSTOMER_TYPE_CODES = { INDIVIDUAL: 1, BUSINESS: 2 } as const;

/** The customer list's index; positions are indexes into `customers.order`. */
export type CustomerListIndex = {
  readonly createdMs: number[];
  readonly live: CodeIndex;
  readonly type: CodeIndex;
  /** The type code of a live customer, 0 of a deleted one. */
  readonly liveType: CodeIndex;
};

/** An empty index. */
export function emptyCustomerListIndex(): CustomerListIndex {
  return { createdMs: [], live: emptyCodeIndex(), type: emptyCodeIndex(), liveType: emptyCodeIndex() };
}

/** Lists the customers the store holds that the index lacks. */
export function catchUpCustomerList(store: CustomerStore, index: CustomerListIndex): void {
  for (let position = index.createdMs.length; position < store.order.length; position += 1) {
    const customer = store.byId.valueAt(position);
    index.createdMs.push(instantToMs(customer.createdAt));
    appendCode(index.live, customer.isDeleted === true ? LIVE_CODES.deleted : LIVE_CODES.live);
    appendCode(index.type, CUSTOMER_TYPE_CODES[customer.customerType]);
    appendCode(index.liveType, customer.isDeleted === true ? 0 : CUSTOMER_TYPE_CODES[customer.customerType]);
  }
}

/** Re-reads whether a listed customer is deleted. */
export function syncCustomerDeletion(store: CustomerStore, index: CustomerListIndex, customer: Customer): void {
  const position = listedPosition(store, index, customer.id);
  if (position === -1) return;
  setCode(index.live, position, customer.isDeleted === true ? LIVE_CODES.deleted : LIVE_CODES.live);
  setCode(index.liveType, position, customer.isDeleted === true ? 0 : CUSTOMER_TYPE_CODES[customer.customerType]);
}

/**
 * The position of customer `customerId` in the index, or -1 when the index does not list it
 * (yet): its row in the store, which is its place in creation order (customers are never removed).
 */
export function listedPosition(store: CustomerStore, index: CustomerListIndex, customerId: string): number {
  const position = store.byId.positionOf(customerId);
  return position < index.createdMs.length ? position : -1;
}
