/**
 * The customer store off the JS heap: the platformCustomerId index (values held as rows of the
 * record map) behaves as the Map of ids it replaced under any sets and deletes; a lookup by UMA
 * address through the hashes finds the customer a walk over every record finds, live, after
 * updates and after a load (hashes made at the first lookup); and a snapshot in the pairs' form
 * (before customers were packed) loads the same store as the packed form.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCustomer, updateCustomer } from '../../src/domains/customers/evolve.js';
import {
  type CustomerStore,
  customerStoreFromSnapshot,
  customerStoreSnapshot,
  emptyCustomerStore,
  findByUmaAddress,
} from '../../src/domains/customers/store.js';
import type { Customer } from '../../src/domains/customers/types.js';
import { shownUmaAddress } from '../../src/domains/customers/view.js';

const AT = '2026-01-05T16:00:00.000Z';
const idOf = (index: number) => `Customer:019b8ee3-12dd-77a1-8e94-${index.toString(16).padStart(12, '0')}`;

function person(index: number, platformCustomerId: string, umaAddress: string | undefined): Customer {
  return {
    id: idOf(index),
    platformCustomerId,
    customerType: 'INDIVIDUAL',
    kycStatus: 'UNVERIFIED',
    fullName: 'Jane Doe',
    ...(umaAddress === undefined ? {} : { umaAddress }),
    agreementConsents: [],
    createdAt: AT,
    updatedAt: AT,
  };
}

// The walk the lookups made before: every customer in creation order.
function walked(store: CustomerStore, matches: (customer: Customer, shown: string) => boolean): Customer | undefined {
  for (const id of store.order) {
    const customer = store.byId.get(id)!;
    if (matches(customer, shownUmaAddress(customer))) return customer;
  }
  return undefined;
}

const address = fc.constantFrom('$alice@x.example', '$ALICE@x.example', '$bob@x.example', '$p1@sandbox.uma.example', '$P2@SANDBOX.UMA.EXAMPLE');
const platformId = fc.constantFrom('p1', 'p2', 'p3', 'P1');
const step = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), umaAddress: fc.option(address, { nil: undefined }) }),
  fc.record({ kind: fc.constant('update' as const), target: fc.nat(), umaAddress: address }),
  fc.record({ kind: fc.constant('delete' as const), target: fc.nat() }),
);

describe('the customer store off the JS heap', () => {
  it('finds by UMA address the customer a walk over every record finds, live and after a load, in either snapshot form', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), fc.array(address, { minLength: 1, maxLength: 5 }), fc.constantFrom(0, 2, 256), (steps, asked, hot) => {
        const store = emptyCustomerStore(hot);
        let created = 0;
        for (const s of steps) {
          if (s.kind === 'create') {
            addCustomer(store, person(created, `platform-${created}`, s.umaAddress));
            created += 1;
          } else if (created > 0) {
            const id = idOf(s.target % created);
            const before = store.byId.get(id)!;
            if (s.kind === 'update') updateCustomer(store, { customerId: id, changes: { umaAddress: s.umaAddress }, updatedAt: AT });
            else store.byId.set(id, { ...before, isDeleted: true });
          }
        }
        const packed = customerStoreFromSnapshot(JSON.parse(JSON.stringify(customerStoreSnapshot(store))), hot);
        const pairs = customerStoreFromSnapshot({ customers: [...store.byId], customerIdByPlatformCustomerId: [...store.byPlatformCustomerId], customerOrder: [...store.order] }, hot);
        for (const wanted of asked) {
          const live = (customer: Customer, shown: string) => customer.isDeleted !== true && shown.toLowerCase() === wanted.toLowerCase();
          const exact = (_customer: Customer, shown: string) => shown === wanted;
          for (const matches of [live, exact]) {
            const expected = walked(store, matches);
            expect(findByUmaAddress(store, wanted, matches)).toEqual(expected);
            expect(findByUmaAddress(packed, wanted, matches)).toEqual(expected);
            expect(findByUmaAddress(pairs, wanted, matches)).toEqual(expected);
          }
        }
        for (const loaded of [packed, pairs]) {
          expect([...loaded.byId]).toEqual([...store.byId]);
          expect([...loaded.order]).toEqual([...store.order]);
          expect([...loaded.byPlatformCustomerId]).toEqual([...store.byPlatformCustomerId]);
        }
      }),
      { numRuns: 80 },
    );
  });

  it('keeps the platformCustomerId index as the Map of customer ids it replaced, order included', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), platformId, fc.nat(3)), { maxLength: 40 }), (ops) => {
        const store = emptyCustomerStore();
        for (let index = 0; index < 4; index += 1) store.byId.set(idOf(index), person(index, `p${index}`, undefined));
        const model = new Map<string, string>();
        for (const [set, key, target] of ops) {
          if (set) {
            store.byPlatformCustomerId.set(key, idOf(target));
            model.set(key, idOf(target));
          } else expect(store.byPlatformCustomerId.delete(key)).toBe(model.delete(key));
        }
        expect([...store.byPlatformCustomerId]).toEqual([...model]);
        expect([...store.byPlatformCustomerId.keys()]).toEqual([...model.keys()]);
        expect([...store.byPlatformCustomerId.values()]).toEqual([...model.values()]);
        expect(store.byPlatformCustomerId.size).toBe(model.size);
        for (const key of ['p1', 'p2', 'p3', 'P1', 'none']) {
          expect(store.byPlatformCustomerId.get(key)).toBe(model.get(key));
          expect(store.byPlatformCustomerId.has(key)).toBe(model.has(key));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('refuses a platformCustomerId set to a customer it does not hold, and pairs that miss a record', () => {
    const store = emptyCustomerStore();
    expect(() => store.byPlatformCustomerId.set('p1', idOf(9))).toThrow(/is not a key of the map/);
    const record = person(1, 'p1', undefined);
    expect(() => customerStoreFromSnapshot({ customers: [[record.id, record]], customerIdByPlatformCustomerId: [], customerOrder: [idOf(2)] })).toThrow(/has no record/);
  });
});
