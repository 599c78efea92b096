import { describe, expect, it } from 'vitest';
import { harness } from '../support/harness.js';

describe('rule-based accounts and quotes', () => {
  it('refuses a rule-based account as a quote destination with 400 INVALID_INPUT, writing nothing', () => {
    const h = harness();
    h.now = '2026-01-05T16:00:00.000Z';
    const customer = h.ok('POST', '/customers', {
      customerType: 'INDIVIDUAL',
      platformCustomerId: 'rb-1',
      fullName: 'Rule Holder',
      agreementConsents: [{ type: 'SVC_END_USER_TERMS', acceptedAt: '2026-01-01T00:00:00Z', termsVersion: '2025-10-13' }],
    });
    const own = h.ok('GET', `/customers/internal-accounts?customerId=${customer.id}`).data[0];
    const other = h.ok('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'rb-2', fullName: 'Other Person' });
    const otherAccount = h.ok('GET', `/customers/internal-accounts?customerId=${other.id}`).data[0];
    const created = h.call('POST', '/internal-accounts', {
      type: 'RULE_BASED',
      customerId: customer.id,
      currency: 'USD',
      sweepRule: { destination: { accountId: otherAccount.id }, minimumAmount: 0, maximumAmount: null },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const ruleBased = created.body as { id: string };
    h.ok('POST', `/sandbox/internal-accounts/${own.id}/fund`, { amount: 1000 });
    const r = h.call('POST', '/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: own.id },
      destination: { destinationType: 'ACCOUNT', accountId: ruleBased.id },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 100,
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'INVALID_INPUT' });
    expect(r.events).toEqual([]);
  });
});
