/**
 * Payouts to a UMA address (decided, docs/quotes.md): the address must be `$user@domain` (400
 * INVALID_UMA_ADDRESS), `currency` is required, and the sandbox reads the spec's test addresses:
 * `$fail.compliance.*` fails COMPLIANCE_REJECTED and is refunded, `$pending.long.*` stays
 * PROCESSING for an hour, anything else settles like an ordinary payout.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { advanceBy, balanceOf, expectSound, fund, newCustomer, setup, webhooksOf, call } from '../quotes/support.js';

function umaQuote(h: Harness, accountId: string, umaAddress: string, currency = 'USD') {
  return call(h, 'POST', '/quotes', {
    source: { sourceType: 'ACCOUNT', accountId },
    destination: { destinationType: 'UMA_ADDRESS', umaAddress, currency },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: 10_000,
    immediatelyExecute: true,
  });
}

describe('payouts to a UMA address', () => {
  it.each([
    { address: '$success.usd@sandbox.svc.uma.money', currency: 'USD', at: 5_000, status: 'COMPLETED', failureReason: undefined, balance: 90_000 },
    { address: '$success.eur@sandbox.svc.uma.money', currency: 'EUR', at: 5_000, status: 'COMPLETED', failureReason: undefined, balance: 90_000 },
    { address: '$fail.compliance.usd@sandbox.svc.uma.money', currency: 'USD', at: 5_000, status: 'FAILED', failureReason: 'COMPLIANCE_REJECTED', balance: 100_000 },
    { address: '$pending.long.usd@sandbox.svc.uma.money', currency: 'USD', at: 59 * 60_000, status: 'PROCESSING', failureReason: undefined, balance: 90_000 },
  ])('$address: $status', ({ address, currency, at, status, failureReason, balance }) => {
    const h = setup();
    const { accountId } = newCustomer(h);
    fund(h, accountId, 100_000);
    const quote = umaQuote(h, accountId, address, currency);
    expect(quote.status).toBe(200);
    expect(quote.body.destination).toEqual({ destinationType: 'UMA_ADDRESS', umaAddress: address, currency });
    advanceBy(h, at);
    const tx = h.ok('GET', `/transactions/${quote.body.transactionId}`);
    expect(tx.status).toBe(status);
    expect(tx.failureReason).toBe(failureReason);
    expect(tx.destination).toEqual({ destinationType: 'UMA_ADDRESS', umaAddress: address, currency });
    expect(balanceOf(h, accountId)).toBe(balance);
    expectSound(h);
  });

  it('completes a long-pending payment after an hour', () => {
    const h = setup();
    const { accountId } = newCustomer(h);
    fund(h, accountId, 100_000);
    const quote = umaQuote(h, accountId, '$pending.long.usd@sandbox.svc.uma.money').body;
    advanceBy(h, 60 * 60_000);
    expect(webhooksOf(h.log, quote.transactionId)).toEqual(['OUTGOING_PAYMENT.PROCESSING', 'OUTGOING_PAYMENT.COMPLETED']);
  });

  it('rejects a malformed address with 400 INVALID_UMA_ADDRESS and a missing currency with 400 INVALID_INPUT', () => {
    const h = setup();
    const { accountId } = newCustomer(h);
    fund(h, accountId, 100_000);
    const malformed = umaQuote(h, accountId, 'bob@example.com');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('INVALID_UMA_ADDRESS');
    expect(malformed.events).toEqual([]);
    const missing = call(h, 'POST', '/quotes', {
      source: { sourceType: 'ACCOUNT', accountId },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$bob@uma.example.com' },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 100,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.details.errors).toEqual([expect.objectContaining({ field: 'destination.currency' })]);
    expect(missing.events).toEqual([]);
  });
});
