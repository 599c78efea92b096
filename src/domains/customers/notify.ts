/**
 * Webhook notifications of customer events (DECISIONS.md: CUSTOMER.KYC_* / KYB_*, `data` the
 * whole customer after the change). A status is announced when it is reached: on a regulated
 * platform (or with Skip verification paperwork on) an individual can be created PENDING,
 * APPROVED or REJECTED, which is announced right after `CustomerCreated`. UNVERIFIED has no
 * webhook type, and updates never change a status, so they announce nothing.
 * Registered by the engine in `NOTIFIERS` (src/engine/registry.ts).
 */
import type { NotifierTable, Notification } from '../notifications.js';
import type { DomainState } from '../state.js';
import { CUSTOMER_EVENTS, type CustomerCreated } from './events.js';
import type { Customer } from './types.js';
import { customerView } from './view.js';

/** The webhook type announcing `customer`'s verification status, if that status has one. Pure. */
export function statusWebhookType(customer: Customer): string | undefined {
  const [prefix, status] = customer.customerType === 'INDIVIDUAL' ? ['KYC', customer.kycStatus] : ['KYB', customer.kybStatus];
  return status === 'UNVERIFIED' ? undefined : `CUSTOMER.${prefix}_${status}`;
}

/** The notifications `CustomerCreated` causes, read from the state after it. Pure. */
export function notifyCustomerCreated(state: DomainState, data: CustomerCreated): readonly Notification[] {
  const customer = state.customers.byId.get(data.customer.id);
  if (customer === undefined) return [];
  const type = statusWebhookType(customer);
  return type === undefined ? [] : [{ type, data: customerView(customer) }];
}

/** Notifiers for customer events. */
export const customerNotifiers: NotifierTable = {
  [CUSTOMER_EVENTS.created]: (state, event) => notifyCustomerCreated(state, event.data as CustomerCreated),
};
