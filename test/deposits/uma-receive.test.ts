/**
 * `POST /sandbox/uma/receive`: the spec's UMA test addresses row for row (plus the decided "any
 * other" row), a receiver `$<platformCustomerId>@<domain>` credited in the receiving currency,
 * the amount sent converted with the rates domain, every status announced in order, and the
 * refusals (each writes nothing).
 */
import { describe, expect, it } from 'vitest';
import { UMA_TEST_ADDRESSES } from '../../src/sandbox/uma-test-addresses.js';
import type { Harness } from '../support/harness.js';
import { advanceBy, balanceOf, call, expectRejected, expectSound, ledgerBalance, newCustomer, setup, tx, webhooksOf } from './support.js';

const DOMAIN = 'sandbox.uma.example';

/** A customer and the receiver address that names them. */
function receiver(h: Harness): { accountId: string; address: string } {
  const { accountId } = newCustomer(h);
  const customerId = h.ok('GET', `/internal-accounts/${accountId}`).customerId as string;
  const customer = h.ok('GET', `/customers/${customerId}`);
  return { accountId, address: `$${customer.platformCustomerId}@${DOMAIN}` };
}

function receive(h: Harness, sender: string, receiverAddress: string, amount = 10_000, currency = 'USD') {
  return call(h, 'POST', '/sandbox/uma/receive', {
    senderUmaAddress: sender,
    receiverUmaAddress: receiverAddress,
    receivingCurrencyCode: currency,
    receivingCurrencyAmount: amount,
  });
}

describe('the UMA test addresses', () => {
  it('has exactly the spec’s rows, then the decided "any other" row', () => {
    expect(UMA_TEST_ADDRESSES).toEqual([
      { user: 'success.usd', currency: 'USD', behaviour: 'SUCCESS' },
      { user: 'success.eur', currency: 'EUR', behaviour: 'SUCCESS' },
      { user: 'success.mxn', currency: 'MXN', behaviour: 'SUCCESS' },
      { user: 'pending.long.usd', currency: 'USD', behaviour: 'LONG_PENDING' },
      { user: 'fail.compliance.usd', currency: 'USD', behaviour: 'COMPLIANCE_FAILURE' },
      { user: null, currency: null, behaviour: 'SUCCESS' },
    ]);
  });

  it.each([
    // Rates (test/quotes/support.ts) are sending units per receiving unit: EUR->USD 0.92.
    { sender: '$success.usd@', sent: 'USD', sentAmount: 10_000, status: 'COMPLETED', failureReason: undefined, credited: 10_000 },
    { sender: '$success.eur@', sent: 'EUR', sentAmount: 9_200, status: 'COMPLETED', failureReason: undefined, credited: 10_000 },
    { sender: '$pending.long.usd@', sent: 'USD', sentAmount: 10_000, status: 'PROCESSING', failureReason: undefined, credited: 0 },
    { sender: '$fail.compliance.usd@', sent: 'USD', sentAmount: 10_000, status: 'FAILED', failureReason: 'COMPLIANCE_REJECTED', credited: 0 },
    { sender: '$alice@', sent: 'USD', sentAmount: 10_000, status: 'COMPLETED', failureReason: undefined, credited: 10_000 },
  ])('$sender pays in $sent and ends $status after 5 s', ({ sender, sent, sentAmount, status, failureReason, credited }) => {
    const h = setup();
    const to = receiver(h);
    const response = receive(h, `${sender}${DOMAIN}`, to.address);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'PENDING',
      type: 'INCOMING',
      direction: 'CREDIT',
      source: { sourceType: 'UMA_ADDRESS', umaAddress: `${sender}${DOMAIN}`, currency: sent },
      destination: { destinationType: 'ACCOUNT', accountId: to.accountId, currency: 'USD' },
      sentAmount: { amount: sentAmount, currency: { code: sent } },
      receivedAmount: { amount: 10_000, currency: { code: 'USD' } },
      fees: 0,
    });
    const id = response.body.id as string;
    advanceBy(h, 0);
    expect(tx(h, id).status).toBe('PROCESSING');
    advanceBy(h, 5_000);
    const done = tx(h, id);
    expect([done.status, done.failureReason]).toEqual([status, failureReason]);
    expect(balanceOf(h, to.accountId)).toBe(credited);
    const expected = { COMPLETED: ['COMPLETED'], PROCESSING: [], FAILED: ['FAILED', 'REFUND_PENDING', 'REFUND_COMPLETED'] }[status as 'COMPLETED'];
    expect(webhooksOf(h.log, id)).toEqual(['INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.PROCESSING', ...expected.map((s) => `INCOMING_PAYMENT.${s}`)]);
    // Nothing is left in transit once the payment ends (a blocked payment goes back to the world).
    if (status !== 'PROCESSING') expect(ledgerBalance(h, `transit:UMA:${sent}`)).toBe(0n);
    expectSound(h);
  });

  it('$success.mxn@ pays in MXN, converted at the current rate (MXN -> USD)', () => {
    const h = setup();
    h.ok('POST', '/sandbox/exchange-rates', { rates: [{ sendingCurrency: 'MXN', receivingCurrency: 'USD', exchangeRate: '17.2', asOf: h.now }] });
    const to = receiver(h);
    const response = receive(h, `$success.mxn@${DOMAIN}`, to.address, 1_000);
    expect(response.body.sentAmount).toMatchObject({ amount: 17_200, currency: { code: 'MXN' } });
    advanceBy(h, 5_000);
    expect(tx(h, response.body.id).status).toBe('COMPLETED');
    expect(balanceOf(h, to.accountId)).toBe(1_000);
    expect(ledgerBalance(h, 'liquidity:MXN')).toBe(17_200n);
    expect(ledgerBalance(h, 'liquidity:USD')).toBe(-1_000n);
  });

  it('$pending.long.usd@ stays PROCESSING for an hour, then completes', () => {
    const h = setup();
    const to = receiver(h);
    const id = receive(h, `$pending.long.usd@${DOMAIN}`, to.address).body.id as string;
    advanceBy(h, 0);
    advanceBy(h, 60 * 60_000 - 1);
    expect(tx(h, id).status).toBe('PROCESSING');
    advanceBy(h, 1);
    expect(tx(h, id).status).toBe('COMPLETED');
    expect(balanceOf(h, to.accountId)).toBe(10_000);
  });
});

describe('UMA receive refusals write nothing', () => {
  it('lists every invalid field with 400 INVALID_INPUT', () => {
    const h = setup();
    const response = call(h, 'POST', '/sandbox/uma/receive', { senderUmaAddress: '', receivingCurrencyCode: 'usd', receivingCurrencyAmount: 1.5, extra: 1 });
    expectRejected(response, 400, 'INVALID_INPUT');
    expect(response.body.details.errors.map((e: { field: string }) => e.field)).toEqual([
      // receiverUmaAddress is optional beside customerId (issue 12): a missing receiver is listed once the rest is valid.
      'extra', 'receivingCurrencyAmount', 'receivingCurrencyCode', 'senderUmaAddress',
    ]);
  });

  it('issue 12, reference SandboxUmaReceiveRequest.customerId: names the receiver instead of (or with) receiverUmaAddress; both must agree', () => {
    const h = setup();
    const to = receiver(h);
    const other = receiver(h);
    const customerId = h.ok('GET', `/internal-accounts/${to.accountId}`).customerId as string;
    const otherId = h.ok('GET', `/internal-accounts/${other.accountId}`).customerId as string;
    const body = { senderUmaAddress: `$success.usd@${DOMAIN}`, receivingCurrencyCode: 'USD', receivingCurrencyAmount: 10_000 };
    const byId = call(h, 'POST', '/sandbox/uma/receive', { ...body, customerId });
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({ status: 'PENDING', customerId, destination: { destinationType: 'ACCOUNT', accountId: to.accountId, currency: 'USD' } });
    const both = call(h, 'POST', '/sandbox/uma/receive', { ...body, customerId, receiverUmaAddress: to.address });
    expect(both.status).toBe(200);
    expect(both.body.destination.accountId).toBe(to.accountId);
    const disagree = call(h, 'POST', '/sandbox/uma/receive', { ...body, customerId: otherId, receiverUmaAddress: to.address });
    expectRejected(disagree, 400, 'INVALID_INPUT');
    expect(disagree.body.details.errors.map((e: { field: string }) => e.field)).toEqual(['customerId']);
    expectRejected(call(h, 'POST', '/sandbox/uma/receive', { ...body, customerId: 'Customer:nobody' }), 404, 'CUSTOMER_NOT_FOUND');
    const neither = call(h, 'POST', '/sandbox/uma/receive', body);
    expectRejected(neither, 400, 'INVALID_INPUT');
    expect(neither.body.details.errors.map((e: { field: string }) => e.field)).toEqual(['receiverUmaAddress']);
  });

  it.each([
    ['a malformed sender', 'bob@example.com', '$RECEIVER', 'USD', 400, 'INVALID_UMA_ADDRESS'],
    ['a malformed receiver', `$success.usd@${DOMAIN}`, 'nobody', 'USD', 400, 'INVALID_UMA_ADDRESS'],
    ['an unknown currency', `$success.usd@${DOMAIN}`, '$RECEIVER', 'XYZ', 400, 'INVALID_CURRENCY'],
    ['a receiver no customer has', `$success.usd@${DOMAIN}`, `$nobody@${DOMAIN}`, 'USD', 404, 'UMA_NOT_FOUND'],
    ['a currency the receiver holds no account in', `$success.usd@${DOMAIN}`, '$RECEIVER', 'EUR', 400, 'INVALID_CURRENCY'],
    ['a sender currency with no fresh rate', `$success.mxn@${DOMAIN}`, '$RECEIVER', 'USD', 400, 'QUOTE_RATE_UNAVAILABLE'],
  ])('refuses %s', (_name, sender, receiverAddress, currency, status, code) => {
    const h = setup();
    const to = receiver(h);
    const address = receiverAddress === '$RECEIVER' ? to.address : receiverAddress;
    expectRejected(receive(h, sender, address, 100, currency), status, code);
  });
});
