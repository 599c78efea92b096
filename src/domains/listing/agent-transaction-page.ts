/**
 * `GET /agents/me/transactions` read from its index (`listing/customer-payments.ts`): the agent's
 * customer's payments, newest first. Cursors keep the meaning `transactions/list.ts`
 * `listTransactions` (the scan kept as the reference) gives them: a position among all payments,
 * an exclusive bound (0: from the newest), `nextPosition` the last row shown. A type or a status
 * alone is O(log n + page), count included; both are counted by walking the narrower. Pure.
 */
import type { DomainState } from '../state.js';
import type { TransactionPage } from '../transactions/list.js';
import type { TransactionStatus, TransactionType } from '../transactions/types.js';
import { countPlan, type ListPlan, pageDown } from './query.js';
import { codeSource, lowerBound, type PositionSource } from './sources.js';
import { statusCode, typeCode } from './transactions.js';

/** The filters that list takes: the agent's customer, and optionally a type and a status. */
export type CustomerPaymentFilters = { readonly customerId: string; readonly type?: TransactionType; readonly status?: TransactionStatus };

/** Up to `limit` of the customer's matching payments, newest first, below payment position `position` (0: from the newest). Pure. */
export function listCustomerPaymentPage(
  state: Pick<DomainState, 'transactions' | 'lists'>,
  filters: CustomerPaymentFilters,
  page: { readonly limit: number; readonly position: number },
): TransactionPage {
  const own = state.lists.customerPayments.byCustomer.get(filters.customerId);
  if (own === undefined) return { items: [], totalCount: 0 };
  const sources: PositionSource[] = [];
  if (filters.type !== undefined) sources.push(codeSource(own.type, typeCode(filters.type)));
  if (filters.status !== undefined) sources.push(codeSource(own.status, statusCode(filters.status)));
  const plan: ListPlan = { sources, lo: 0, hi: own.paymentPositions.length };
  // A payment position bounds the local positions whose payment lies below it.
  const bound = page.position === 0 ? plan.hi : lowerBound(own.paymentPositions, page.position);
  const found = pageDown(plan, bound, page.limit);
  const items = found.positions.map((local) => state.transactions.byId.get(state.transactions.order[own.paymentPositions[local]!]!)!);
  const last = found.positions[found.positions.length - 1];
  const totalCount = countPlan(plan);
  return found.more && last !== undefined ? { items, nextPosition: own.paymentPositions[last]!, totalCount } : { items, totalCount };
}
