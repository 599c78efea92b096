/**
 * Trust: `POST .../{id}/confirm` marks the beneficiary trusted (`isTrusted: true`), `POST
 * .../{id}/untrust` removes it; a repeat answers 200 with the account and writes nothing.
 */
import { describe, expect, it } from 'vitest';
import { harness } from '../support/harness.js';
import { createCustomer, createUsdAccount, expectRejected } from './fixtures.js';

describe('confirm and untrust', () => {
  it('confirm sets isTrusted and updatedAt and writes ExternalAccountTrusted', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const account = createUsdAccount(h, customerId);
    h.now = '2026-01-05T17:00:00.000Z';
    const response = h.call('POST', `/customers/external-accounts/${account.id}/confirm`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...account, isTrusted: true, updatedAt: '2026-01-05T17:00:00.000Z' });
    expect(response.events.map((e) => [e.type, e.data])).toEqual([
      ['ExternalAccountTrusted', { externalAccountId: account.id, at: '2026-01-05T17:00:00.000Z' }],
    ]);
    expect(h.ok('GET', `/customers/external-accounts/${account.id}`)).toEqual(response.body);
  });

  it('answers a repeated confirm with 200 and writes nothing', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const account = createUsdAccount(h, customerId);
    const first = h.ok('POST', `/customers/external-accounts/${account.id}/confirm`);
    h.now = '2026-01-05T18:00:00.000Z';
    const again = h.call('POST', `/customers/external-accounts/${account.id}/confirm`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first);
    expect(again.events).toEqual([]);
  });

  it('untrust clears isTrusted; a repeated untrust, or untrusting an untrusted account, writes nothing', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const account = createUsdAccount(h, customerId);
    const never = h.call('POST', `/customers/external-accounts/${account.id}/untrust`);
    expect([never.status, never.events]).toEqual([200, []]);
    h.ok('POST', `/customers/external-accounts/${account.id}/confirm`);
    const untrusted = h.call('POST', `/customers/external-accounts/${account.id}/untrust`);
    expect((untrusted.body as any).isTrusted).toBe(false);
    expect(untrusted.events.map((e) => e.type)).toEqual(['ExternalAccountUntrusted']);
    const again = h.call('POST', `/customers/external-accounts/${account.id}/untrust`);
    expect([again.status, again.events]).toEqual([200, []]);
  });

  it('rejects a body on confirm and an unknown account, writing nothing', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const account = createUsdAccount(h, customerId);
    const body = expectRejected(h.call('POST', `/customers/external-accounts/${account.id}/confirm`, { trusted: true }), 400, 'INVALID_INPUT');
    expect(body.details.errors).toEqual([{ field: 'trusted', message: 'Unknown field' }]);
    expectRejected(h.call('POST', '/customers/external-accounts/ExternalAccount:missing/untrust'), 404, 'ACCOUNT_NOT_FOUND');
  });

  it('is independent of ownership: an UNVERIFIED account may be trusted', () => {
    const h = harness();
    const customerId = createCustomer(h);
    const account = createUsdAccount(h, customerId);
    const { challengeId } = h.ok('POST', `/customers/external-accounts/${account.id}/challenge`);
    h.ok('POST', `/customers/external-accounts/${account.id}/verify`, { challengeId, signature: 'wrong' });
    expect(h.ok('POST', `/customers/external-accounts/${account.id}/confirm`)).toMatchObject({ status: 'UNVERIFIED', isTrusted: true });
  });
});
