/**
 * Customer evolvers check the invariants again on replay: a log that creates a customer twice,
 * reuses a platformCustomerId, updates an unknown customer or sets a field its type does not
 * have is reported as corrupt (InvariantError), never applied.
 */
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../../src/core/assert.js';
import { addCustomer, updateCustomer } from '../../src/domains/customers/evolve.js';
import { emptyCustomerStore } from '../../src/domains/customers/store.js';
import type { Customer } from '../../src/domains/customers/types.js';

const AT = '2026-01-05T16:00:00.000Z';

function person(id: string, platformCustomerId: string): Customer {
  return {
    id,
    platformCustomerId,
    customerType: 'INDIVIDUAL',
    kycStatus: 'UNVERIFIED',
    fullName: 'Jane Doe',
    agreementConsents: [],
    createdAt: AT,
    updatedAt: AT,
  };
}

describe('customer evolvers', () => {
  it('stores the event\'s record itself, deep-frozen in place (docs/architecture.md, "Stored records")', () => {
    const store = emptyCustomerStore();
    const customer = { ...person('Customer:1', 'p1'), address: { line1: 'a', city: 'b', postalCode: '1', country: 'GB' } };
    addCustomer(store, customer);
    const stored = store.byId.get('Customer:1')!;
    expect(stored).toBe(customer);
    expect(Object.isFrozen(stored)).toBe(true);
    expect(Object.isFrozen(stored.address)).toBe(true);
    expect([...store.order]).toEqual(['Customer:1']);
    expect(store.byPlatformCustomerId.get('p1')).toBe('Customer:1');
  });

  it('applies an update as a new frozen record and keeps the previous record unchanged', () => {
    const store = emptyCustomerStore();
    addCustomer(store, person('Customer:1', 'p1'));
    const before = store.byId.get('Customer:1')!;
    updateCustomer(store, { customerId: 'Customer:1', changes: { fullName: 'New', platformCustomerId: 'p2' }, updatedAt: '2026-01-06T00:00:00.000Z' });
    const after = store.byId.get('Customer:1')!;
    expect(after).toMatchObject({ fullName: 'New', platformCustomerId: 'p2', updatedAt: '2026-01-06T00:00:00.000Z' });
    expect(before).toMatchObject({ fullName: 'Jane Doe', platformCustomerId: 'p1' });
    expect(Object.isFrozen(after)).toBe(true);
    expect([...store.byPlatformCustomerId]).toEqual([['p2', 'Customer:1']]);
  });

  it.each<[string, (store: ReturnType<typeof emptyCustomerStore>) => void]>([
    ['a customer created twice', (store) => addCustomer(store, person('Customer:1', 'other'))],
    ['a platformCustomerId reused by a new customer', (store) => addCustomer(store, person('Customer:2', 'p1'))],
    ['an update of an unknown customer', (store) => updateCustomer(store, { customerId: 'Customer:9', changes: {}, updatedAt: AT })],
    [
      'an update that sets a business field on an individual',
      (store) => updateCustomer(store, { customerId: 'Customer:1', changes: { businessInfo: { legalName: 'x' } }, updatedAt: AT }),
    ],
    [
      'an update to a platformCustomerId another customer holds',
      (store) => {
        addCustomer(store, person('Customer:2', 'p2'));
        updateCustomer(store, { customerId: 'Customer:2', changes: { platformCustomerId: 'p1' }, updatedAt: AT });
      },
    ],
  ])('rejects %s as a corrupt log', (_label, apply) => {
    const store = emptyCustomerStore();
    addCustomer(store, person('Customer:1', 'p1'));
    expect(() => apply(store)).toThrow(InvariantError);
  });
});
