/**
 * The deprecated `POST /transfer-out` and `POST /transfer-in` (spec: deprecated in favour of
 * `POST /quotes` with `immediatelyExecute: true`; answer 200): each is that quote underneath, so
 * they answer the transaction it made, follow the quote's flow and codes, move one currency only,
 * and write nothing when refused.
 */
import { describe, expect, it } from 'vitest';
import {
  advanceBy, balanceOf, call, expectRejected, expectSound, fund, holder, ledgerBalance, newCustomer, newExternalAccount, setup, tx, webhooksOf,
} from '../deposits/support.js';

describe('POST /transfer-out', () => {
  it('answers 200 with the OUTGOING transaction of an executed same-currency quote, which then completes', () => {
    const h = setup();
    const { accountId, externalId } = holder(h);
    fund(h, accountId, 5_000);
    const response = call(h, 'POST', '/transfer-out', { source: { accountId }, destination: { accountId: externalId }, amount: 2_000, description: 'rent' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'PROCESSING',
      type: 'OUTGOING',
      direction: 'DEBIT',
      source: { sourceType: 'ACCOUNT', accountId },
      destination: { destinationType: 'ACCOUNT', accountId: externalId, railDetails: { paymentRail: 'ACH' } },
      sentAmount: { amount: 2_000 },
      description: 'rent',
    });
    expect(h.ok('GET', `/quotes/${response.body.quoteId}`)).toMatchObject({ lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 2_000, immediatelyExecute: true });
    expect(balanceOf(h, accountId)).toBe(3_000);
    advanceBy(h, 5_000);
    expect(tx(h, response.body.id).status).toBe('COMPLETED');
    expect(webhooksOf(h.log, response.body.id)).toEqual(['OUTGOING_PAYMENT.PROCESSING', 'OUTGOING_PAYMENT.COMPLETED']);
    expectSound(h);
  });

  it('passes a pinned rail to the quote', () => {
    const h = setup();
    const { accountId, externalId } = holder(h);
    fund(h, accountId, 5_000);
    const body = call(h, 'POST', '/transfer-out', { source: { accountId }, destination: { accountId: externalId, paymentRail: 'WIRE' }, amount: 100 }).body;
    expect(body.destination.railDetails.paymentRail).toBe('WIRE');
  });

  it('answers 202 with the transaction awaiting SCA for a customer in an SCA region, as the quote does', () => {
    const h = setup();
    const { customerId, accountId } = newCustomer(h, { country: 'FR' });
    const externalId = newExternalAccount(h, customerId, 'USD', '789');
    fund(h, accountId, 5_000);
    const response = call(h, 'POST', '/transfer-out', { source: { accountId }, destination: { accountId: externalId }, amount: 100 });
    expect([response.status, response.body.status]).toEqual([202, 'PENDING_AUTHORIZATION']);
  });

  it('replays the first answer for the same Idempotency-Key and writes nothing', () => {
    const h = setup();
    const { accountId, externalId } = holder(h);
    fund(h, accountId, 5_000);
    const body = { source: { accountId }, destination: { accountId: externalId }, amount: 100 };
    const first = call(h, 'POST', '/transfer-out', body, { 'idempotency-key': 'k1' });
    const again = call(h, 'POST', '/transfer-out', body, { 'idempotency-key': 'k1' });
    expect(again.body).toEqual(first.body);
    expect(again.events).toEqual([]);
    expect(balanceOf(h, accountId)).toBe(4_900);
  });
});

describe('POST /transfer-in', () => {
  it('answers 200 with the INCOMING (DEBIT) pull, which settles into the internal account', () => {
    const h = setup();
    const { accountId, externalId } = holder(h);
    const response = call(h, 'POST', '/transfer-in', { source: { accountId: externalId }, destination: { accountId }, amount: 4_000 });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'PROCESSING', type: 'INCOMING', direction: 'DEBIT', source: { accountId: externalId }, destination: { accountId } });
    expect(ledgerBalance(h, 'transit:ACH:USD')).toBe(4_000n);
    advanceBy(h, 5_000);
    expect(tx(h, response.body.id).status).toBe('COMPLETED');
    expect(balanceOf(h, accountId)).toBe(4_000);
  });
});

describe('transfer refusals write nothing', () => {
  it('lists every invalid field with 400 INVALID_INPUT', () => {
    const h = setup();
    const response = call(h, 'POST', '/transfer-out', { source: {}, destination: { accountId: 'x' }, amount: -1, lockedCurrencySide: 'SENDING' });
    expectRejected(response, 400, 'INVALID_INPUT');
    expect(response.body.details.errors.map((e: { field: string }) => e.field)).toEqual(['amount', 'lockedCurrencySide', 'source.accountId']);
    const pullWithRail = call(h, 'POST', '/transfer-in', { source: { accountId: 'x' }, destination: { accountId: 'y', paymentRail: 'ACH' }, amount: 1 });
    expectRejected(pullWithRail, 400, 'INVALID_INPUT');
  });

  it('refuses a transfer between currencies (use a quote) with 400 INVALID_INPUT on destination.accountId', () => {
    const h = setup();
    const { customerId, accountId } = holder(h);
    fund(h, accountId, 5_000);
    const eur = newExternalAccount(h, customerId, 'EUR', '789');
    const response = call(h, 'POST', '/transfer-out', { source: { accountId }, destination: { accountId: eur }, amount: 100 });
    expectRejected(response, 400, 'INVALID_INPUT');
    expect(response.body.details.errors).toEqual([expect.objectContaining({ field: 'destination.accountId', constraint: { enum: ['USD'] } })]);
  });

  it('refuses the wrong direction for each endpoint with 400 INVALID_INPUT on source.accountId', () => {
    const h = setup();
    const { accountId, externalId } = holder(h);
    fund(h, accountId, 5_000);
    const pullViaOut = call(h, 'POST', '/transfer-out', { source: { accountId: externalId }, destination: { accountId }, amount: 100 });
    expectRejected(pullViaOut, 400, 'INVALID_INPUT');
    expect(pullViaOut.body.details.errors[0].field).toBe('source.accountId');
    const payoutViaIn = call(h, 'POST', '/transfer-in', { source: { accountId }, destination: { accountId: externalId }, amount: 100 });
    expectRejected(payoutViaIn, 400, 'INVALID_INPUT');
  });

  it('answers the quote’s own codes: 400 INSUFFICIENT_FUNDS, 404 ACCOUNT_NOT_FOUND', () => {
    const h = setup();
    const { accountId, externalId } = holder(h);
    expectRejected(call(h, 'POST', '/transfer-out', { source: { accountId }, destination: { accountId: externalId }, amount: 1 }), 400, 'INSUFFICIENT_FUNDS');
    expectRejected(
      call(h, 'POST', '/transfer-out', { source: { accountId }, destination: { accountId: 'ExternalAccount:00000000-0000-7000-8000-000000000000' }, amount: 1 }),
      404,
      'ACCOUNT_NOT_FOUND',
    );
  });
});
