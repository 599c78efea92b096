/**
 * The external account lists read from the list index (issue 16): every page, cursor and count
 * equals the plain scan of the store (`listExternalAccounts`, kept as the model) for each scope,
 * customer and currency, across deletions; and replay and snapshot rebuild the same index.
 */
import { describe, expect, it } from 'vitest';
import { listExternalAccounts, type ExternalAccountFilters } from '../../src/domains/external-accounts/list.js';
import { listExternalAccountPage } from '../../src/domains/listing/external-account-page.js';
import { countCodeBelow } from '../../src/domains/listing/code-index.js';
import { appendToList, emptyPositionArena, NO_LIST } from '../../src/core/position-arena.js';
import { listMembers } from '../../src/domains/listing/list-arena.js';
import type { ExternalAccountListIndex } from '../../src/domains/listing/external-accounts.js';
import { decodeData, encodeData } from '../../src/engine/snapshot-data.js';
import { createEngine } from '../../src/engine/engine.js';
import { harness } from '../support/harness.js';
import { accountInfoOf, createCustomer, customerBody } from '../external-accounts/fixtures.js';

describe('external account lists from the list index', () => {
  it('answer what the plain scan answers, page by page, after deletions; replay and snapshot rebuild the same index', () => {
    const h = harness();
    const customers = ['a', 'b', 'c'].map((name) => createCustomer(h, `user-${name}`));
    const created: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      const suffix = String(700 + i);
      const body = i % 7 === 3 ? { currency: 'USD', accountInfo: accountInfoOf('USD_ACCOUNT', suffix) } : customerBody(customers[i % 3]!, i % 4 === 0 ? 'EUR_ACCOUNT' : 'USD_ACCOUNT', suffix);
      created.push(h.ok('POST', i % 7 === 3 ? '/platform/external-accounts' : '/customers/external-accounts', body).id);
    }
    for (const at of [0, 5, 6, 13, 39]) {
      const path = at % 7 === 3 ? '/platform/external-accounts' : '/customers/external-accounts';
      expect(h.call('DELETE', `${path}/${created[at]}`).status).toBe(204);
    }
    const state = h.engine.state;
    const filterSets: ExternalAccountFilters[] = [
      { scope: 'customer' },
      { scope: 'platform' },
      { scope: 'customer', customerId: customers[0]! },
      { scope: 'customer', currency: 'EUR' },
      { scope: 'customer', customerId: customers[1]!, currency: 'USD' },
      { scope: 'platform', currency: 'USD' },
      { scope: 'customer', customerId: 'Customer:nobody' },
      { scope: 'customer', customerId: customers[2]!, currency: 'EUR' },
      { scope: 'platform', currency: 'EUR' },
      // The platform's owner key among customers' accounts, and a customer among the platform's: none.
      { scope: 'customer', customerId: '' },
      { scope: 'customer', customerId: '', currency: 'USD' },
      { scope: 'platform', customerId: customers[0]! },
      { scope: 'platform', customerId: '' },
    ];
    for (const filters of filterSets) {
      for (const limit of [1, 3, 100]) {
        let position = 0;
        for (let pages = 0; pages < 100; pages += 1) {
          const scanned = listExternalAccounts(state.externalAccounts, filters, { limit, position });
          const indexed = listExternalAccountPage(state, filters, { limit, position });
          expect({ filters, limit, position, ...indexed, items: indexed.items.map((a) => a.id) }).toEqual({ filters, limit, position, ...scanned, items: scanned.items.map((a) => a.id) });
          if (scanned.nextPosition === undefined) break;
          position = scanned.nextPosition;
        }
      }
    }
    const text = (lists: typeof state.lists): string => {
      const { scope, positionLists, byOwner, byOwnerCurrency, customerByCurrency } = lists.externalAccounts;
      const codes = Array.from(scope.codes.slice(0, scope.length));
      const counts = [1, 2].map((code) => Array.from({ length: scope.length + 1 }, (_, bound) => countCodeBelow(scope, code, bound)));
      // Key order and emptied lists are not part of what the index says.
      const entries = (map: ReadonlyMap<string, number>) => [...map].map(([k, v]) => [k, listMembers(positionLists, v)] as const).filter(([, v]) => v.length > 0).sort();
      return JSON.stringify({ codes, counts, owners: entries(byOwner), ownerCurrencies: entries(byOwnerCurrency), currencies: entries(customerByCurrency) });
    };
    const replayed = createEngine({ events: h.log });
    expect(text(replayed.state.lists)).toBe(text(state.lists));
    const restored = createEngine({ snapshot: JSON.parse(JSON.stringify(h.engine.snapshot())) });
    expect(text(restored.state.lists)).toBe(text(state.lists));
    // A snapshot saved before stop 27 held each list as a JS array, and no arena: made again from the store.
    const snapshot = JSON.parse(JSON.stringify(h.engine.snapshot()));
    const lists = decodeData(snapshot.lists) as Record<string, Record<string, unknown>>;
    const { positionLists, byOwner, byOwnerCurrency, customerByCurrency, ...kept } = lists.externalAccounts! as unknown as ExternalAccountListIndex;
    const arrays = (map: ReadonlyMap<string, number>): Map<string, number[]> => new Map([...map].map(([k, v]) => [k, listMembers(positionLists, v)]));
    const older = { ...kept, byOwner: arrays(byOwner), byOwnerCurrency: arrays(byOwnerCurrency), customerByCurrency: arrays(customerByCurrency) };
    const loaded = createEngine({ snapshot: { ...snapshot, lists: encodeData({ ...lists, externalAccounts: older }) } });
    expect(text(loaded.state.lists)).toBe(text(state.lists));
    // Stop 33's form: the lists in a position arena (a word a member), every key naming one wrong
    // list, so that reading them anywhere would show: made again from the store.
    const words = emptyPositionArena();
    const wrong = [5, 6, 7].reduce((handle, member) => appendToList(words, handle, member), NO_LIST);
    const misnamed = (map: ReadonlyMap<string, number>): Map<string, number> => new Map([...map].map(([k]) => [k, wrong]));
    const stop33 = { ...kept, positionLists: words, byOwner: misnamed(byOwner), byOwnerCurrency: misnamed(byOwnerCurrency), customerByCurrency: misnamed(customerByCurrency) };
    const loaded33 = createEngine({ snapshot: { ...snapshot, lists: encodeData({ ...lists, externalAccounts: stop33 }) } });
    expect(text(loaded33.state.lists)).toBe(text(state.lists));
    for (const filters of filterSets) {
      const position = 2;
      expect(listExternalAccountPage(loaded.state, filters, { limit: 3, position })).toEqual(listExternalAccountPage(state, filters, { limit: 3, position }));
    }
  });
});
