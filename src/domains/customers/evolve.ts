/**
 * Applies customer events to `state.customers`: new records (the event's record, deep-frozen in
 * place) and updates (spreads of the stored, frozen record; docs/architecture.md "Stored records"). The deciders checked
 * every rule; the evolvers check the invariants again (unique ids and platformCustomerIds, only
 * the fields a customer of that type may change), so a corrupt log fails loudly on replay.
 */
import { freeze } from 'immer';
import { assert } from '../../core/assert.js';
import { deepFreeze } from '../../core/freeze.js';
import type { EvolverTable } from '../evolver.js';
import { CUSTOMER_EVENTS, type CustomerCreated, type CustomerDeleted, type CustomerUpdated } from './events.js';
import type { CustomerStore } from './store.js';
import { type Customer, type KycStatus, mutableFieldsOf } from './types.js';

/** Stores a new customer. Pure apart from writing into `store`. */
export function addCustomer(store: CustomerStore, customer: Customer): void {
  assert(!store.byId.has(customer.id), `customer ${customer.id} created twice`);
  const holder = store.byPlatformCustomerId.get(customer.platformCustomerId);
  assert(holder === undefined, `platformCustomerId ${customer.platformCustomerId} already belongs to ${String(holder)}`);
  assert(
    customer.customerType === 'INDIVIDUAL' ? customer.kycStatus !== undefined : customer.kybStatus !== undefined,
    `customer ${customer.id} has no verification status`,
  );
  // Frozen in place, no copy: the event's data is the engine's own (docs/architecture.md, "Stored records").
  const record = deepFreeze(customer);
  store.byId.set(record.id, record);
  store.byPlatformCustomerId.set(record.platformCustomerId, record.id);
  store.umaAddresses.noteSet(store.byId.size - 1, record);
}

/** Applies an update's changes to the stored record and its platformCustomerId index. */
export function updateCustomer(store: CustomerStore, update: CustomerUpdated): void {
  const before = store.byId.get(update.customerId);
  assert(before !== undefined, `CustomerUpdated for unknown customer ${update.customerId}`);
  const allowed = mutableFieldsOf(before.customerType);
  for (const key of Object.keys(update.changes)) {
    assert((allowed as readonly string[]).includes(key), `CustomerUpdated sets ${key} on a ${before.customerType} customer`);
  }
  const nextPlatformId = update.changes.platformCustomerId;
  if (nextPlatformId !== undefined && nextPlatformId !== before.platformCustomerId) {
    const holder = store.byPlatformCustomerId.get(nextPlatformId);
    assert(holder === undefined, `platformCustomerId ${nextPlatformId} already belongs to ${String(holder)}`);
    store.byPlatformCustomerId.delete(before.platformCustomerId);
    store.byPlatformCustomerId.set(nextPlatformId, before.id);
  }
  const after: Customer = deepFreeze({ ...before, ...update.changes, updatedAt: update.updatedAt } as Customer);
  store.byId.set(after.id, after);
  // Its platformCustomerId or umaAddress may have changed, and with it the address its view shows.
  store.umaAddresses.noteSet(store.byId.positionOf(after.id), after);
}

/**
 * Sets a customer's `kycStatus` / `kybStatus` (called by the verification evolver, which owns the
 * lifecycle check) and its `updatedAt`. The only way a status changes after creation.
 */
export function setCustomerVerificationStatus(store: CustomerStore, customerId: string, status: KycStatus, at: string): void {
  const before = store.byId.get(customerId);
  assert(before !== undefined, `verification status change for unknown customer ${customerId}`);
  const after: Customer = deepFreeze(before.customerType === 'INDIVIDUAL' ? { ...before, kycStatus: status, updatedAt: at } : { ...before, kybStatus: status, updatedAt: at });
  store.byId.set(after.id, after);
}

/** Evolvers for customer events. */
export const customerEvolvers: EvolverTable = {
  [CUSTOMER_EVENTS.created]: (state, event) => addCustomer(state.customers, (event.data as CustomerCreated).customer),
  [CUSTOMER_EVENTS.updated]: (state, event) => updateCustomer(state.customers, event.data as CustomerUpdated),
  [CUSTOMER_EVENTS.deleted]: (state, event) => {
    const { customerId, deletedAt } = event.data as CustomerDeleted;
    const before = state.customers.byId.get(customerId);
    assert(before !== undefined && before.isDeleted === undefined, `CustomerDeleted for unknown or deleted customer ${customerId}`);
    // Only an active customer holds its platformCustomerId (spec: 409 CONFLICT with an active customer).
    if (state.customers.byPlatformCustomerId.get(before.platformCustomerId) === customerId) state.customers.byPlatformCustomerId.delete(before.platformCustomerId);
    state.customers.byId.set(customerId, freeze({ ...before, isDeleted: true as const, updatedAt: deletedAt }, true));
  },
};
