/**
 * Customers: frozen records and the indexes the rules need (platformCustomerId uniqueness,
 * creation order for listing).
 */
import type { Customer } from './types.js';

/** Customers by id, the active customer id for each platformCustomerId, and creation order. */
export type CustomerStore = {
  readonly byId: Map<string, Customer>;
  readonly byPlatformCustomerId: Map<string, string>;
  readonly order: string[];
};

/** An empty store. */
export function emptyCustomerStore(): CustomerStore {
  return { byId: new Map(), byPlatformCustomerId: new Map(), order: [] };
}

/**
 * The customer `customerId` unless unknown or deleted (`DELETE /customers/{id}`): what every
 * operation that acts for a customer looks up, so that a deleted customer is 404 everywhere.
 */
export function liveCustomer(store: Pick<CustomerStore, 'byId'>, customerId: string): Customer | undefined {
  const customer = store.byId.get(customerId);
  return customer === undefined || customer.isDeleted === true ? undefined : customer;
}
