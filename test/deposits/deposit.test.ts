/**
 * Sandbox bank deposits (`POST /sandbox/internal-accounts/{id}/deposit`): an INCOMING CREDIT
 * transaction PENDING at the request, PROCESSING when the funds arrive (next advance), COMPLETED
 * when the rail settles (ACH, ACH_SAME_DAY, WIRE after 5 s; RTP and FEDNOW at once), each move
 * announced; the source shows the rail's railDetails; refusals write nothing.
 */
import { describe, expect, it } from 'vitest';
import { advanceBy, balanceOf, call, deposit, expectRejected, expectSound, ledgerBalance, newCustomer, setup, tx, webhooksOf } from './support.js';

describe('a sandbox ACH deposit', () => {
  it('goes PENDING, then PROCESSING with the funds in transit, then COMPLETED 5 s later, announcing each', () => {
    const h = setup();
    const { customerId, accountId } = newCustomer(h);
    const response = call(h, 'POST', `/sandbox/internal-accounts/${accountId}/deposit`, { amount: 7_000 });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'PENDING',
      type: 'INCOMING',
      direction: 'CREDIT',
      customerId,
      source: {
        sourceType: 'REALTIME_FUNDING',
        currency: 'USD',
        customerId,
        railDetails: { paymentRail: 'ACH', status: 'PENDING', bankAccount: { accountHolderName: 'Sandbox Depositor' } },
        paymentRail: 'ACH',
        accountIdentifier: '****6789',
      },
      destination: { destinationType: 'ACCOUNT', accountId, currency: 'USD' },
      sentAmount: { amount: 7_000 },
      receivedAmount: { amount: 7_000 },
    });
    const id = response.body.id as string;
    advanceBy(h, 0);
    expect(tx(h, id).status).toBe('PROCESSING');
    expect(ledgerBalance(h, 'transit:ACH:USD')).toBe(7_000n);
    expect(balanceOf(h, accountId)).toBe(0);
    advanceBy(h, 4_999);
    expect(tx(h, id).status).toBe('PROCESSING');
    advanceBy(h, 1);
    const done = tx(h, id);
    expect(done).toMatchObject({ status: 'COMPLETED', settledAt: h.now, source: { railDetails: { status: 'SETTLED' } } });
    expect(balanceOf(h, accountId)).toBe(7_000);
    expect(ledgerBalance(h, 'transit:ACH:USD')).toBe(0n);
    expect(webhooksOf(h.log, id)).toEqual(['INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.PROCESSING', 'INCOMING_PAYMENT.COMPLETED']);
    expectSound(h);
  });

  it.each([
    { rail: 'ACH', settleMs: 5_000, field: 'traceNumber' },
    { rail: 'ACH_SAME_DAY', settleMs: 5_000, field: 'traceNumber' },
    { rail: 'WIRE', settleMs: 5_000, field: 'imad' },
    { rail: 'RTP', settleMs: 0, field: 'endToEndId' },
    { rail: 'FEDNOW', settleMs: 0, field: 'endToEndId' },
  ])('over $rail settles $settleMs ms after the funds arrive, with $field in railDetails', ({ rail, settleMs, field }) => {
    const h = setup();
    const { accountId } = newCustomer(h);
    const id = deposit(h, accountId, 500, rail);
    expect(tx(h, id).source.railDetails).toHaveProperty(field);
    advanceBy(h, 0);
    if (settleMs > 0) expect(tx(h, id).status).toBe('PROCESSING');
    advanceBy(h, settleMs);
    expect(tx(h, id).status).toBe('COMPLETED');
    expect(balanceOf(h, accountId)).toBe(500);
  });

  it('can be cancelled by the platform while its ACH transfer is pending: FAILED, the arrival sent back, no settlement', () => {
    const h = setup();
    const { accountId } = newCustomer(h);
    const id = deposit(h, accountId, 900);
    advanceBy(h, 0);
    const cancelled = call(h, 'POST', `/transactions/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'FAILED', source: { railDetails: { status: 'FAILED' } } });
    advanceBy(h, 10_000);
    expect(tx(h, id).status).toBe('FAILED');
    expect(balanceOf(h, accountId)).toBe(0);
    expect(ledgerBalance(h, 'transit:ACH:USD')).toBe(0n);
    expect(h.log.some((e) => e.type === 'IncomingPaymentHalted')).toBe(true);
    expectSound(h);
  });
});

describe('deposit refusals write nothing', () => {
  it('lists every invalid field with 400 INVALID_INPUT', () => {
    const h = setup();
    const { accountId } = newCustomer(h);
    const response = call(h, 'POST', `/sandbox/internal-accounts/${accountId}/deposit`, { amount: 0, paymentRail: 'SWIFT', memo: 'x' });
    expectRejected(response, 400, 'INVALID_INPUT');
    expect(response.body.details.errors.map((e: { field: string }) => e.field)).toEqual(['amount', 'memo', 'paymentRail']);
  });

  it('answers 404 ACCOUNT_NOT_FOUND for an unknown account', () => {
    const h = setup();
    expectRejected(call(h, 'POST', '/sandbox/internal-accounts/InternalAccount:00000000-0000-7000-8000-000000000000/deposit', { amount: 1 }), 404, 'ACCOUNT_NOT_FOUND');
  });

  it('answers 400 INVALID_INPUT for the platform’s own account (a deposit is a customer’s payment)', () => {
    const h = setup();
    const platform = h.ok('GET', '/platform/internal-accounts').data[0].id as string;
    expectRejected(call(h, 'POST', `/sandbox/internal-accounts/${platform}/deposit`, { amount: 1 }), 400, 'INVALID_INPUT');
  });
});
