/**
 * Real-time funding (spec: "for real-time funding, call /sandbox/send"): the quote answers
 * `paymentInstructions` and waits as a PENDING incoming transaction; `POST /sandbox/send` brings
 * the funds from the world into transit, and the settlement step credits the destination.
 * Expiry before the funds arrive fails the transaction with QUOTE_EXPIRED.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { advanceBy, balanceOf, expectSound, ledgerBalance, newCustomer, setup, webhooksOf, call } from '../quotes/support.js';

function rtfQuote(h: Harness, accountId: string, currency = 'USD', amount = 25_000): Record<string, any> {
  return h.ok('POST', '/quotes', {
    source: { sourceType: 'REALTIME_FUNDING', currency },
    destination: { destinationType: 'ACCOUNT', accountId },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: amount,
  });
}

function rejectsSend(h: Harness, body: unknown, status: number, code: string): void {
  const before = h.log.length;
  const response = call(h, 'POST', '/sandbox/send', body);
  expect(response.status).toBe(status);
  expect(response.body.code).toBe(code);
  expect(response.events).toEqual([]);
  expect(h.log.length).toBe(before);
}

describe('real-time funding', () => {
  it('answers paymentInstructions in the spec’s shape and waits as a PENDING incoming transaction', () => {
    const h = setup();
    const { customerId, accountId } = newCustomer(h);
    const quote = rtfQuote(h, accountId);
    expect(quote).toMatchObject({ status: 'PENDING', source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId }, transactionId: expect.stringMatching(/^Transaction:/) });
    expect(quote.paymentInstructions).toEqual([
      {
        accountOrWalletInfo: {
          accountType: 'USD_ACCOUNT',
          paymentRails: ['ACH', 'WIRE', 'RTP', 'FEDNOW'],
          accountNumber: expect.stringMatching(/^9\d{11}$/),
          routingNumber: '091000019',
          bankName: 'Sandbox Funding Bank',
          reference: expect.stringMatching(/^RTF[0-9A-F]{16}$/),
        },
        instructionsNotes: expect.stringContaining('250.00 USD'),
      },
    ]);
    const tx = h.ok('GET', `/transactions/${quote.transactionId}`);
    expect(tx).toMatchObject({ status: 'PENDING', type: 'INCOMING', direction: 'CREDIT', source: { sourceType: 'REALTIME_FUNDING', currency: 'USD' } });
    expect(webhooksOf(h.log, tx.id)).toEqual(['INCOMING_PAYMENT.PENDING']);
  });

  it('answers a Spark wallet with an invoice for BTC', () => {
    const h = setup();
    const { accountId } = newCustomer(h);
    const quote = h.ok('POST', '/quotes', {
      source: { sourceType: 'REALTIME_FUNDING', currency: 'BTC' },
      destination: { destinationType: 'ACCOUNT', accountId },
      lockedCurrencySide: 'RECEIVING',
      lockedCurrencyAmount: 10_000,
    });
    expect(quote.paymentInstructions[0].accountOrWalletInfo).toMatchObject({ accountType: 'SPARK_WALLET', assetType: 'BTC', address: expect.any(String), invoice: expect.any(String) });
    expect(quote.totalReceivingAmount).toBe(10_000);
  });

  it('credits the destination when /sandbox/send pays the instructions: PROCESSING, then COMPLETED when the step is released', () => {
    const h = setup();
    const { accountId } = newCustomer(h);
    const quote = rtfQuote(h, accountId);
    const sent = call(h, 'POST', '/sandbox/send', { quoteId: quote.id, currencyCode: 'USD' });
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe('PROCESSING');
    // The reference answers /sandbox/send with the transaction (TransactionOneOf, with its `type`); issue 12.
    expect(sent.body.type).toBe('INCOMING');
    expect(sent.body.id).toBe(quote.transactionId);
    expect(sent.body).toEqual(h.ok('GET', `/transactions/${quote.transactionId}`));
    expect(ledgerBalance(h, 'transit:RTP:USD')).toBe(25_000n);
    advanceBy(h, 0);
    expect(h.ok('GET', `/quotes/${quote.id}`).status).toBe('COMPLETED');
    expect(balanceOf(h, accountId)).toBe(25_000);
    expect(ledgerBalance(h, 'transit:RTP:USD')).toBe(0n);
    expect(ledgerBalance(h, 'world:USD')).toBe(-25_000n);
    expect(webhooksOf(h.log, quote.transactionId)).toEqual(['INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.PROCESSING', 'INCOMING_PAYMENT.COMPLETED']);
    expectSound(h);
  });

  it('issue 12, reference SandboxSendRequest.currencyAmount: the quote\'s total sending amount pays it; any other amount is 400 INVALID_AMOUNT, a non-positive one 400 INVALID_INPUT', () => {
    const h = setup();
    const { accountId } = newCustomer(h);
    const quote = rtfQuote(h, accountId);
    expect(quote.totalSendingAmount).toBe(25_000);
    rejectsSend(h, { quoteId: quote.id, currencyCode: 'USD', currencyAmount: 24_999 }, 400, 'INVALID_AMOUNT');
    rejectsSend(h, { quoteId: quote.id, currencyCode: 'USD', currencyAmount: 25_001 }, 400, 'INVALID_AMOUNT');
    rejectsSend(h, { quoteId: quote.id, currencyCode: 'USD', currencyAmount: 0 }, 400, 'INVALID_INPUT');
    rejectsSend(h, { quoteId: quote.id, currencyCode: 'USD', currencyAmount: 1.5 }, 400, 'INVALID_INPUT');
    const sent = call(h, 'POST', '/sandbox/send', { quoteId: quote.id, currencyCode: 'USD', currencyAmount: 25_000 });
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe('PROCESSING');
    expect(ledgerBalance(h, 'transit:RTP:USD')).toBe(25_000n);
  });

  it('rejects /sandbox/send in another currency with 400 INVALID_CURRENCY, twice with 409, after expiry with 400 QUOTE_EXPIRED', () => {
    const h = setup();
    const { accountId } = newCustomer(h);
    const quote = rtfQuote(h, accountId);
    rejectsSend(h, { quoteId: quote.id, currencyCode: 'EUR' }, 400, 'INVALID_CURRENCY');
    rejectsSend(h, { quoteId: 'Quote:00000000-0000-7000-8000-000000000000', currencyCode: 'USD' }, 404, 'QUOTE_NOT_FOUND');
    rejectsSend(h, { quoteId: quote.id }, 400, 'INVALID_INPUT');
    h.ok('POST', '/sandbox/send', { quoteId: quote.id, currencyCode: 'USD' });
    rejectsSend(h, { quoteId: quote.id, currencyCode: 'USD' }, 409, 'INVALID_STATE_TRANSITION');
    const late = rtfQuote(h, accountId);
    h.now = late.expiresAt;
    rejectsSend(h, { quoteId: late.id, currencyCode: 'USD' }, 400, 'QUOTE_EXPIRED');
  });

  it('rejects executing a real-time funding quote with 409 INVALID_STATE_TRANSITION (it executes when its funds arrive)', () => {
    const h = setup();
    const { accountId } = newCustomer(h);
    const quote = rtfQuote(h, accountId);
    const response = call(h, 'POST', `/quotes/${quote.id}/execute`);
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('INVALID_STATE_TRANSITION');
    expect(response.events).toEqual([]);
  });

  it('fails the waiting transaction with QUOTE_EXPIRED when the quote expires unfunded', () => {
    const h = setup();
    const { accountId } = newCustomer(h);
    const quote = rtfQuote(h, accountId);
    advanceBy(h, 5 * 60_000);
    expect(h.ok('GET', `/quotes/${quote.id}`).status).toBe('EXPIRED');
    const tx = h.ok('GET', `/transactions/${quote.transactionId}`);
    expect(tx).toMatchObject({ status: 'FAILED', failureReason: 'QUOTE_EXPIRED' });
    expect(webhooksOf(h.log, tx.id)).toEqual(['INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.FAILED']);
    expect(balanceOf(h, accountId)).toBe(0);
  });

  it('rejects real-time funding in a currency without instructions with 400 INVALID_CURRENCY', () => {
    const h = setup();
    const { accountId } = newCustomer(h);
    const response = call(h, 'POST', '/quotes', {
      source: { sourceType: 'REALTIME_FUNDING', currency: 'MXN' },
      destination: { destinationType: 'ACCOUNT', accountId },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 100,
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_CURRENCY');
    expect(response.events).toEqual([]);
  });
});
