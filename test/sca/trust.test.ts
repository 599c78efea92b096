/**
 * Trusting a beneficiary (spec: POST /customers/external-accounts/{id}/untrust and /confirm;
 * reference: trust and its confirm): an SCA challenge, then the proof; 409 outside SCA regions.
 */
import { describe, expect, it } from 'vitest';
import { call, newCustomer, newExternalAccount, setup } from '../quotes/support.js';

function beneficiary(country = 'DE') {
  const h = setup();
  const { customerId } = newCustomer(h, { country });
  return { h, customerId, accountId: newExternalAccount(h, customerId, 'EUR', '123') };
}

describe('trust and untrust of an external account', () => {
  it('trust: 200 with scaChallenge, a wrong code 400, 123456 gives trusted: true; untrust the same way gives trusted: false', () => {
    const { h, accountId } = beneficiary();
    const started = h.ok('POST', `/customers/external-accounts/${accountId}/trust`);
    expect(started.scaChallenge).toMatchObject({ id: expect.any(String), factor: 'SMS_OTP', availableFactors: ['SMS_OTP'], purpose: 'TRUST_BENEFICIARY' });
    expect(call(h, 'POST', `/customers/external-accounts/${accountId}/trust/confirm`, { challengeId: started.scaChallenge.id, code: '000000' }).status).toBe(400);
    expect(h.ok('POST', `/customers/external-accounts/${accountId}/trust/confirm`, { challengeId: started.scaChallenge.id, code: '123456' })).toEqual({ trusted: true });
    expect(h.ok('GET', `/customers/external-accounts/${accountId}`).isTrusted).toBe(true);
    expect(call(h, 'DELETE', `/customers/external-accounts/${accountId}`).body.code).toBe('BENEFICIARY_TRUSTED');
    expect(call(h, 'POST', `/customers/external-accounts/${accountId}/trust`).status).toBe(400);
    const untrust = h.ok('POST', `/customers/external-accounts/${accountId}/untrust`);
    expect(untrust.scaChallenge.purpose).toBe('UNTRUST_BENEFICIARY');
    expect(call(h, 'POST', `/customers/external-accounts/${accountId}/trust/confirm`, { code: '123456' }).status).toBe(400);
    expect(h.ok('GET', `/customers/external-accounts/${accountId}`).isTrusted).toBe(true);
    expect(h.ok('POST', `/customers/external-accounts/${accountId}/untrust/confirm`, { code: '123456' })).toEqual({ trusted: false });
    expect(h.ok('GET', `/customers/external-accounts/${accountId}`).isTrusted).toBe(false);
  });

  it('an expired challenge cannot be confirmed; outside SCA regions 409; an unknown account 404', () => {
    const { h, accountId } = beneficiary();
    h.ok('POST', `/customers/external-accounts/${accountId}/trust`);
    h.now = new Date(Date.parse(h.now) + 6 * 60_000).toISOString();
    expect(call(h, 'POST', `/customers/external-accounts/${accountId}/trust/confirm`, { code: '123456' }).status).toBe(400);
    const us = setup();
    const { customerId } = newCustomer(us, { country: 'US' });
    const usAccount = newExternalAccount(us, customerId, 'USD', '123');
    expect(call(us, 'POST', `/customers/external-accounts/${usAccount}/trust`).status).toBe(409);
    expect(call(us, 'POST', '/customers/external-accounts/ExternalAccount:00000000-0000-0000-0000-000000000000/trust').status).toBe(404);
  });
});

describe('a trusted beneficiary skips the per-transaction SCA', () => {
  it('a payout to an account trusted with SCA is 200 without scaChallenge; after untrust it is 202 again', () => {
    const { h, customerId, accountId } = beneficiary();
    const source = h.ok('GET', `/customers/internal-accounts?customerId=${customerId}`).data[0].id;
    h.ok('POST', `/sandbox/internal-accounts/${source}/fund`, { amount: 100_000 });
    const payout = () => call(h, 'POST', '/quotes', { source: { sourceType: 'ACCOUNT', accountId: source }, destination: { destinationType: 'ACCOUNT', accountId }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1_000 });
    expect(payout().status).toBe(202);
    h.ok('POST', `/customers/external-accounts/${accountId}/trust`);
    h.ok('POST', `/customers/external-accounts/${accountId}/trust/confirm`, { code: '123456' });
    const trusted = payout();
    expect(trusted.status).toBe(200);
    expect(trusted.body.scaChallenge).toBeUndefined();
    h.ok('POST', `/customers/external-accounts/${accountId}/untrust`);
    h.ok('POST', `/customers/external-accounts/${accountId}/untrust/confirm`, { code: '123456' });
    expect(payout().status).toBe(202);
  });
});

describe('the older POST .../confirm for an SCA customer', () => {
  it('answers the trust challenge instead of trusting without SCA', () => {
    const { h, accountId } = beneficiary();
    const answer = h.ok('POST', `/customers/external-accounts/${accountId}/confirm`);
    expect(answer.scaChallenge.purpose).toBe('TRUST_BENEFICIARY');
    expect(h.ok('GET', `/customers/external-accounts/${accountId}`).isTrusted).toBe(false);
  });
});
