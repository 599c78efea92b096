/**
 * Sandbox funding records its incoming payment: funding a customer's own account still writes
 * `SandboxAccountFunded` (the credit) and now also an INCOMING CREDIT transaction that is
 * COMPLETED in the same request, whose id is the balance-change row's `transactionId`; the
 * platform's own account has no customer, so its funding records no transaction.
 */
import { describe, expect, it } from 'vitest';
import { call, fund, newCustomer, rowsOf, setup, tx, webhooksOf } from './support.js';

describe('POST /sandbox/internal-accounts/{id}/fund records an incoming payment', () => {
  it('writes SandboxAccountFunded, then a transaction created PROCESSING and settled COMPLETED', () => {
    const h = setup();
    const { accountId } = newCustomer(h);
    const response = call(h, 'POST', `/sandbox/internal-accounts/${accountId}/fund`, { amount: 2_500 });
    expect(response.status).toBe(200);
    expect(response.body.balance.amount).toBe(2_500);
    expect(response.events.map((e) => e.type)).toEqual([
      'SandboxAccountFunded',
      'TransactionCreated',
      'WebhookQueued',
      'TransactionTransitioned',
      'WebhookQueued',
    ]);
  });

  it('makes the balance-change row’s transactionId resolve to a COMPLETED INCOMING CREDIT transaction', () => {
    const h = setup();
    const { customerId, accountId } = newCustomer(h);
    fund(h, accountId, 2_500);
    const [row] = rowsOf(h, accountId);
    const payment = tx(h, row!.transactionId);
    expect(payment).toMatchObject({
      status: 'COMPLETED',
      type: 'INCOMING',
      direction: 'CREDIT',
      customerId,
      source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId },
      destination: { destinationType: 'ACCOUNT', accountId, currency: 'USD' },
      sentAmount: { amount: 2_500 },
      receivedAmount: { amount: 2_500 },
      fees: 0,
      settledAt: payment.createdAt,
    });
    expect(webhooksOf(h.log, payment.id)).toEqual(['INCOMING_PAYMENT.PROCESSING', 'INCOMING_PAYMENT.COMPLETED']);
  });

  it('records no transaction for the platform’s own account (no customer owns it)', () => {
    const h = setup();
    const platform = h.ok('GET', '/platform/internal-accounts').data[0].id as string;
    const response = call(h, 'POST', `/sandbox/internal-accounts/${platform}/fund`, { amount: 100 });
    expect(response.events.map((e) => e.type)).toEqual(['SandboxAccountFunded']);
    expect(h.ok('GET', '/transactions').totalCount).toBe(0);
  });
});
