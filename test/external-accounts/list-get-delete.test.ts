/**
 * GET lists and items, and DELETE: the customer and platform families each see only their own
 * accounts; lists filter by customerId and currency and page with cursors bound to the query;
 * DELETE answers 204, refuses a trusted beneficiary with 409 BENEFICIARY_TRUSTED, and a deleted
 * account is 404 ACCOUNT_NOT_FOUND everywhere and gone from lists.
 */
import { describe, expect, it } from 'vitest';
import { harness } from '../support/harness.js';
import { accountInfoOf, createCustomer, createUsdAccount, customerBody, expectRejected } from './fixtures.js';

describe('GET /customers/external-accounts', () => {
  it('lists customer accounts in creation order, filtered by customerId and currency', () => {
    const h = harness();
    const alice = createCustomer(h, 'alice');
    const bob = createCustomer(h, 'bob');
    const a1 = createUsdAccount(h, alice, '701');
    const b1 = createUsdAccount(h, bob, '702');
    const a2 = h.ok('POST', '/customers/external-accounts', customerBody(alice, 'EUR_ACCOUNT', '703'));
    h.ok('POST', '/platform/external-accounts', { currency: 'USD', accountInfo: accountInfoOf('USD_ACCOUNT', '704') });
    const ids = (query: string): string[] => h.ok('GET', `/customers/external-accounts${query}`).data.map((a: any) => a.id);
    expect(ids('')).toEqual([a1.id, b1.id, a2.id]);
    expect(ids(`?customerId=${encodeURIComponent(alice)}`)).toEqual([a1.id, a2.id]);
    expect(ids('?currency=USD')).toEqual([a1.id, b1.id]);
    expect(ids(`?customerId=${encodeURIComponent(alice)}&currency=EUR`)).toEqual([a2.id]);
    expect(h.ok('GET', '/customers/external-accounts?currency=EUR')).toEqual({ data: [a2], hasMore: false, totalCount: 1 });
  });

  it('pages with limit and a cursor that keeps working when an account is deleted between pages', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const accounts = ['701', '702', '703', '704', '705'].map((suffix) => createUsdAccount(h, customerId, suffix));
    const first = h.ok('GET', '/customers/external-accounts?limit=2');
    expect(first).toMatchObject({ hasMore: true, totalCount: 5, nextCursor: expect.any(String) });
    expect(first.data.map((a: any) => a.id)).toEqual([accounts[0].id, accounts[1].id]);
    h.ok('DELETE', `/customers/external-accounts/${accounts[0].id}`);
    const second = h.ok('GET', `/customers/external-accounts?limit=2&cursor=${first.nextCursor}`);
    expect(second.data.map((a: any) => a.id)).toEqual([accounts[2].id, accounts[3].id]);
    expect(second.totalCount).toBe(4);
    const third = h.ok('GET', `/customers/external-accounts?limit=2&cursor=${second.nextCursor}`);
    expect(third).toEqual({ data: [expect.objectContaining({ id: accounts[4].id })], hasMore: false, totalCount: 4 });
  });

  it('rejects a cursor of another query, bad limits and unknown parameters with 400 listing each', () => {
    const h = harness();
    const customerId = createCustomer(h);
    createUsdAccount(h, customerId, '701');
    createUsdAccount(h, customerId, '702');
    const { nextCursor } = h.ok('GET', '/customers/external-accounts?limit=1');
    const body = expectRejected(h.call('GET', `/customers/external-accounts?currency=USD&cursor=${nextCursor}&limit=101&color=red`), 400, 'INVALID_INPUT');
    expect(body.details.errors.map((e: any) => e.field)).toEqual(['color', 'cursor', 'limit']);
    expectRejected(h.call('GET', '/customers/external-accounts?currency=ZZZ'), 400, 'INVALID_INPUT');
  });

  it('answers 404 CUSTOMER_NOT_FOUND for an unknown customerId filter', () => {
    expectRejected(harness().call('GET', '/customers/external-accounts?customerId=Customer:missing'), 404, 'CUSTOMER_NOT_FOUND');
  });
});

describe('GET /platform/external-accounts', () => {
  it('lists only platform accounts and refuses a customerId filter', () => {
    const h = harness();
    const customerId = createCustomer(h);
    createUsdAccount(h, customerId);
    const platform = h.ok('POST', '/platform/external-accounts', { currency: 'USD', accountInfo: accountInfoOf('USD_ACCOUNT') });
    expect(h.ok('GET', '/platform/external-accounts')).toEqual({ data: [platform], hasMore: false, totalCount: 1 });
    expect(h.ok('GET', '/platform/external-accounts?currency=EUR')).toEqual({ data: [], hasMore: false, totalCount: 0 });
    expectRejected(h.call('GET', `/platform/external-accounts?customerId=${encodeURIComponent(customerId)}`), 400, 'INVALID_INPUT');
  });
});

describe('GET one external account', () => {
  it('finds each account only under its own family', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const mine = createUsdAccount(h, customerId);
    const platform = h.ok('POST', '/platform/external-accounts', { currency: 'USD', accountInfo: accountInfoOf('USD_ACCOUNT') });
    expect(h.ok('GET', `/customers/external-accounts/${mine.id}`)).toEqual(mine);
    expect(h.ok('GET', `/platform/external-accounts/${platform.id}`)).toEqual(platform);
    expectRejected(h.call('GET', `/customers/external-accounts/${platform.id}`), 404, 'ACCOUNT_NOT_FOUND');
    expectRejected(h.call('GET', `/platform/external-accounts/${mine.id}`), 404, 'ACCOUNT_NOT_FOUND');
    expectRejected(h.call('GET', '/customers/external-accounts/ExternalAccount:missing'), 404, 'ACCOUNT_NOT_FOUND');
  });
});

describe('DELETE an external account', () => {
  it('answers 204, writes ExternalAccountDeleted, and the account is then 404 and gone from lists', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const account = createUsdAccount(h, customerId);
    const response = h.call('DELETE', `/customers/external-accounts/${account.id}`);
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
    expect(response.events.map((e) => [e.type, e.data])).toEqual([['ExternalAccountDeleted', { externalAccountId: account.id }]]);
    expectRejected(h.call('GET', `/customers/external-accounts/${account.id}`), 404, 'ACCOUNT_NOT_FOUND');
    expectRejected(h.call('DELETE', `/customers/external-accounts/${account.id}`), 404, 'ACCOUNT_NOT_FOUND');
    expectRejected(h.call('POST', `/customers/external-accounts/${account.id}/confirm`), 404, 'ACCOUNT_NOT_FOUND');
    expect(h.ok('GET', '/customers/external-accounts').data).toEqual([]);
  });

  it('rejects deleting a trusted beneficiary with 409 BENEFICIARY_TRUSTED until it is untrusted', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const account = createUsdAccount(h, customerId);
    h.ok('POST', `/customers/external-accounts/${account.id}/confirm`);
    const body = expectRejected(h.call('DELETE', `/customers/external-accounts/${account.id}`), 409, 'BENEFICIARY_TRUSTED');
    expect(body.reason).toContain('untrust');
    expect(h.ok('GET', `/customers/external-accounts/${account.id}`).isTrusted).toBe(true);
    h.ok('POST', `/customers/external-accounts/${account.id}/untrust`);
    expect(h.call('DELETE', `/customers/external-accounts/${account.id}`).status).toBe(204);
  });

  it('deletes platform accounts through the platform family only', () => {
    const h = harness();
    const platform = h.ok('POST', '/platform/external-accounts', { currency: 'USD', accountInfo: accountInfoOf('USD_ACCOUNT') });
    expectRejected(h.call('DELETE', `/customers/external-accounts/${platform.id}`), 404, 'ACCOUNT_NOT_FOUND');
    h.ok('POST', `/platform/external-accounts/${platform.id}/confirm`);
    expectRejected(h.call('DELETE', `/platform/external-accounts/${platform.id}`), 409, 'BENEFICIARY_TRUSTED');
    h.ok('POST', `/platform/external-accounts/${platform.id}/untrust`);
    expect(h.call('DELETE', `/platform/external-accounts/${platform.id}`).status).toBe(204);
    expect(h.ok('GET', '/platform/external-accounts').totalCount).toBe(0);
  });
});
