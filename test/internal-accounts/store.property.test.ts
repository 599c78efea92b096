/**
 * The internal account store's id lists hold rows of the record map (Int32Array lists, each
 * customer's in a position arena), not id strings: under any sequence of openings (customers'
 * and the platform's, of any currency and type) every list reads as the plain array of ids the
 * store kept before (ids, `at`, records by position), and a snapshot round trip rebuilds the same
 * lists; an empty list reads as an empty array.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AccountList,
  type AccountStore,
  accountStoreFromSnapshot,
  accountStoreSnapshot,
  addAccount,
  emptyAccountStore,
  INTERNAL_ACCOUNT_TYPES,
  type InternalAccount,
  NO_ACCOUNTS,
} from '../../src/domains/internal-accounts/store.js';

const AT = '2026-01-05T16:00:00.000Z';
const CURRENCIES = ['USD', 'EUR', 'USDC', 'MXN'] as const;

// One opening: the owner (a customer among a few, or the platform), currency and type.
const opening = fc.record({
  owner: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
  currency: fc.constantFrom(...CURRENCIES),
  type: fc.constantFrom(...INTERNAL_ACCOUNT_TYPES),
});

function accountOf(index: number, spec: { owner: number | undefined; currency: (typeof CURRENCIES)[number]; type: InternalAccount['type'] }): InternalAccount {
  const id = `InternalAccount:019b8ee3-12dd-77a1-8e94-${index.toString(16).padStart(12, '0')}`;
  const owner = spec.owner === undefined ? {} : { customerId: `Customer:019b8ee3-0000-77a1-8e94-${spec.owner.toString(16).padStart(12, '0')}` };
  return Object.freeze({ id, ...owner, type: spec.type, status: 'ACTIVE', currency: spec.currency, createdAt: AT, updatedAt: AT });
}

// The lists as the store kept them before: arrays of ids in opening order.
type Model = { byCustomer: Map<string, string[]>; all: string[]; byCurrency: Map<string, string[]>; byType: Map<string, string[]>; platform: string[] };

function modelOf(accounts: readonly InternalAccount[]): Model {
  const model: Model = { byCustomer: new Map(), all: [], byCurrency: new Map(), byType: new Map(), platform: [] };
  const push = (lists: Map<string, string[]>, key: string, id: string) => lists.set(key, [...(lists.get(key) ?? []), id]);
  for (const account of accounts) {
    if (account.customerId === undefined) {
      model.platform.push(account.id);
      continue;
    }
    push(model.byCustomer, account.customerId, account.id);
    model.all.push(account.id);
    push(model.byCurrency, account.currency, account.id);
    push(model.byType, account.type, account.id);
  }
  return model;
}

function expectList(list: AccountList | undefined, ids: readonly string[] | undefined, byId: ReadonlyMap<string, InternalAccount>): void {
  const actual = list ?? NO_ACCOUNTS;
  const expected = ids ?? [];
  expect([...actual]).toEqual(expected);
  expect(actual.length).toBe(expected.length);
  for (let position = 0; position < expected.length; position += 1) {
    expect(actual.at(position)).toBe(expected[position]);
    expect(actual.accountAt(position)).toEqual(byId.get(expected[position]!));
  }
  expect(actual.at(expected.length)).toBeUndefined();
  expect(actual.at(-1)).toBeUndefined();
}

function expectLists(store: AccountStore, model: Model, accounts: readonly InternalAccount[]): void {
  const byId = new Map(accounts.map((account) => [account.id, account]));
  expect([...store.byCustomer.keys()]).toEqual([...model.byCustomer.keys()]);
  expect(store.byCustomer.size).toBe(model.byCustomer.size);
  for (const [customerId, ids] of model.byCustomer) expectList(store.byCustomer.get(customerId), ids, byId);
  expectList(store.customerAccounts.all, model.all, byId);
  for (const currency of CURRENCIES) expectList(store.customerAccounts.byCurrency.get(currency), model.byCurrency.get(currency), byId);
  for (const type of INTERNAL_ACCOUNT_TYPES) expectList(store.customerAccounts.byType.get(type), model.byType.get(type), byId);
  expectList(store.platformAccountIds, model.platform, byId);
}

describe('the internal account store\'s lists of rows', () => {
  it('read as the arrays of ids in opening order, live and after a snapshot round trip, whatever is packed', () => {
    fc.assert(
      fc.property(fc.array(opening, { maxLength: 120 }), fc.constantFrom(0, 3, 256), (specs, hot) => {
        const accounts = specs.map((spec, index) => accountOf(index, spec));
        const store = emptyAccountStore(hot);
        for (const account of accounts) addAccount(store, account);
        const model = modelOf(accounts);
        expectLists(store, model, accounts);
        const saved = JSON.parse(JSON.stringify(accountStoreSnapshot(store))) as ReturnType<typeof accountStoreSnapshot>;
        expect(saved.accountsByCustomer).toEqual([...model.byCustomer]);
        expect(saved.platformAccountIds).toEqual(model.platform);
        expectLists(accountStoreFromSnapshot(saved, hot), model, accounts);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses an account opened twice', () => {
    const store = emptyAccountStore();
    const account = accountOf(1, { owner: 1, currency: 'USD', type: 'INTERNAL_FIAT' });
    addAccount(store, account);
    expect(() => addAccount(store, account)).toThrow(/opened twice/);
  });
});
