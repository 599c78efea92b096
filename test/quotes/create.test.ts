/**
 * POST /quotes and GET /quotes/{id}: the quote's shape, pricing through priceQuote (fees before
 * conversion, locked sides, rateDetails, platformFeeOverride), and every rejection in its fixed
 * order with the spec's code. A rejected request writes no event.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { fund, newCustomer, newExternalAccount, payoutBody, publishRates, setup, call } from './support.js';

function payer(h: Harness): { customerId: string; accountId: string } {
  const customer = newCustomer(h);
  fund(h, customer.accountId, 1_000_000);
  return customer;
}

function rejects(h: Harness, body: unknown, status: number, code: string): Record<string, any> {
  const before = h.log.length;
  const response = call(h, 'POST', '/quotes', body);
  expect(response.status).toBe(status);
  expect(response.body.code).toBe(code);
  expect(response.events).toEqual([]);
  expect(h.log.length).toBe(before);
  return response.body;
}

describe('POST /quotes', () => {
  it('answers 200 with a PENDING quote priced at the published rate, expiring 5 minutes later', () => {
    const h = setup();
    const { customerId, accountId } = payer(h);
    const destination = newExternalAccount(h, customerId, 'MXN', '789');
    const response = call(h, 'POST', '/quotes', payoutBody(accountId, destination, 10_000, { description: 'rent', remittanceInformation: 'INV-1', purposeOfPayment: 'FAMILY_SUPPORT' }));
    expect(response.status).toBe(200);
    const quote = response.body;
    expect(quote).toMatchObject({
      status: 'PENDING',
      createdAt: '2026-01-05T16:00:00.000Z',
      expiresAt: '2026-01-05T16:05:00.000Z',
      source: { sourceType: 'ACCOUNT', accountId, customerId, currency: 'USD' },
      destination: { destinationType: 'ACCOUNT', accountId: destination, currency: 'MXN' },
      sendingCurrency: { code: 'USD', decimals: 2 },
      receivingCurrency: { code: 'MXN', decimals: 2 },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 10_000,
      totalSendingAmount: 10_000,
      // 100.00 USD / 0.058 = 1724.137... MXN, rounded down to the centavo.
      totalReceivingAmount: 172_413,
      exchangeRate: 0.058,
      feesIncluded: 0,
      platformFeesIncluded: 0,
      description: 'rent',
      remittanceInformation: 'INV-1',
      purposeOfPayment: 'FAMILY_SUPPORT',
      documentIds: [],
    });
    expect(quote.id).toMatch(/^Quote:[0-9a-f-]{36}$/);
    // The reference's Quote requires transactionId: the id its execution will use, known at once.
    expect(quote.transactionId).toBe(`Transaction:${quote.id.slice('Quote:'.length)}`);
    expect(h.ok('GET', `/quotes/${quote.id}`)).toEqual(quote);
    const executed = h.ok('POST', `/quotes/${quote.id}/execute`);
    expect(executed.transactionId).toBe(quote.transactionId);
    expect(h.ok('GET', `/transactions/${quote.transactionId}`).id).toBe(quote.transactionId);
  });

  it('takes fees from the sending amount before conversion and reports them in rateDetails', () => {
    const h = setup();
    h.ok('PATCH', '/config', { feeConfigs: [{ sourceCurrency: 'USD', variableFeeBps: 50, fixedFee: 100 }], railFeeConfigs: [{ rail: 'SPEI', fixedFee: 25, variableFeeBps: 10 }] });
    const { customerId, accountId } = payer(h);
    const destination = newExternalAccount(h, customerId, 'MXN', '789');
    const quote = h.ok('POST', '/quotes', payoutBody(accountId, destination, 10_000));
    // Platform: 100 + 0.5% of 10000 = 150; rail: 25 + 0.1% = 35; net 9815 USD cents at 0.058.
    expect(quote).toMatchObject({ totalSendingAmount: 10_000, feesIncluded: 185, platformFeesIncluded: 150, totalReceivingAmount: 169_224 });
    expect(quote.rateDetails).toEqual({
      counterpartyMultiplier: 1,
      counterpartyFixedFee: 0,
      svcApiMultiplier: expect.closeTo(17.2413793, 6),
      svcApiFixedFee: 25,
      svcApiVariableFeeRate: 0.001,
      svcApiVariableFeeAmount: 10,
    });
  });

  it('with the receiving side locked delivers exactly the locked amount and charges the least sending amount', () => {
    const h = setup();
    const { customerId, accountId } = payer(h);
    const destination = newExternalAccount(h, customerId, 'EUR', '789');
    const quote = h.ok('POST', '/quotes', { ...payoutBody(accountId, destination, 0), lockedCurrencySide: 'RECEIVING', lockedCurrencyAmount: 5_000 });
    expect(quote.totalReceivingAmount).toBe(5_000);
    // 50.00 EUR at 1.08 USD per EUR = 54.00 USD.
    expect(quote.totalSendingAmount).toBe(5_400);
  });

  it('applies platformFeeOverride for a USD source and rejects it for another with 400 naming the field', () => {
    const h = setup();
    const { customerId, accountId } = payer(h);
    const destination = newExternalAccount(h, customerId, 'MXN', '789');
    const quote = h.ok('POST', '/quotes', payoutBody(accountId, destination, 10_000, { platformFeeOverride: { platformFixedFee: { amount: 200, currency: 'USD' }, platformVariableFeeBps: 0 } }));
    expect(quote.platformFeesIncluded).toBe(200);
    const eurCustomer = newCustomer(h);
    const eurSource = newExternalAccount(h, eurCustomer.customerId, 'EUR', '789');
    const body = rejects(
      h,
      { ...payoutBody(eurSource, eurCustomer.accountId, 1_000), platformFeeOverride: { platformVariableFeeBps: 10 }, immediatelyExecute: true },
      400,
      'INVALID_INPUT',
    );
    expect(body.details.errors.map((e: { field: string }) => e.field)).toEqual(['platformFeeOverride']);
  });

  it('rejects an invalid body with 400 INVALID_INPUT listing every invalid field', () => {
    const h = setup();
    const body = rejects(
      h,
      { source: { sourceType: 'ACCOUNT' }, destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$a@b.com' }, lockedCurrencySide: 'BOTH', lockedCurrencyAmount: -1, colour: 'red' },
      400,
      'INVALID_INPUT',
    );
    expect(body.details.errors.map((e: { field: string }) => e.field)).toEqual([
      'colour',
      'destination.currency',
      'lockedCurrencyAmount',
      'lockedCurrencySide',
      'source.accountId',
    ]);
  });

  it('rejects an unknown currency with 400 INVALID_CURRENCY', () => {
    const h = setup();
    const { accountId } = payer(h);
    rejects(h, { ...payoutBody(accountId, '', 1), destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$bob@uma.example.com', currency: 'XYZ' } }, 400, 'INVALID_CURRENCY');
    rejects(h, { ...payoutBody(accountId, '', 1), source: { sourceType: 'REALTIME_FUNDING', currency: 'ABC' }, destination: { destinationType: 'ACCOUNT', accountId } }, 400, 'INVALID_CURRENCY');
  });

  it('rejects unknown accounts with 404 ACCOUNT_NOT_FOUND', () => {
    const h = setup();
    const { accountId } = payer(h);
    rejects(h, payoutBody('InternalAccount:00000000-0000-7000-8000-000000000000', accountId, 1), 404, 'ACCOUNT_NOT_FOUND');
    rejects(h, payoutBody(accountId, 'ExternalAccount:00000000-0000-7000-8000-000000000000', 1), 404, 'ACCOUNT_NOT_FOUND');
    rejects(h, payoutBody(accountId, 'Nothing:1', 1), 404, 'ACCOUNT_NOT_FOUND');
  });

  it('rejects a payment from an account to itself with 400 SELF_PAYMENT', () => {
    const h = setup();
    const { accountId } = payer(h);
    rejects(h, payoutBody(accountId, accountId, 100), 400, 'SELF_PAYMENT');
  });

  it('rejects a customer without a recorded SVC_END_USER_TERMS acceptance with 400 END_USER_TERMS_NOT_ACCEPTED', () => {
    const h = setup();
    const { customerId, accountId } = newCustomer(h, { terms: false });
    const destination = newExternalAccount(h, customerId, 'USD', '789');
    rejects(h, payoutBody(accountId, destination, 100), 400, 'END_USER_TERMS_NOT_ACCEPTED');
  });

  it('rejects a corridor without a published rate, or whose rate is older than 5 minutes, with 400 QUOTE_RATE_UNAVAILABLE', () => {
    const h = setup();
    const { customerId, accountId } = payer(h);
    const gbp = h.ok('POST', '/customers/external-accounts', {
      customerId,
      currency: 'GBP',
      accountInfo: { accountType: 'GBP_ACCOUNT', accountNumber: '12345789', sortCode: '200000', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Jane Doe' } },
    }).id;
    rejects(h, payoutBody(accountId, gbp, 100), 400, 'QUOTE_RATE_UNAVAILABLE');
    const mxn = newExternalAccount(h, customerId, 'MXN', '789');
    h.now = '2026-01-05T16:05:00.000Z';
    rejects(h, payoutBody(accountId, mxn, 100), 400, 'QUOTE_RATE_UNAVAILABLE');
    publishRates(h);
    expect(call(h, 'POST', '/quotes', payoutBody(accountId, mxn, 100)).status).toBe(200);
  });

  it('validates the rail against the account: unsupported rail 400, ACH_SAME_DAY only when pinned, none for internal accounts', () => {
    const h = setup();
    const { customerId, accountId } = payer(h);
    const usd = newExternalAccount(h, customerId, 'USD', '789');
    const body = rejects(h, { ...payoutBody(accountId, usd, 100), destination: { destinationType: 'ACCOUNT', accountId: usd, paymentRail: 'SEPA' } }, 400, 'INVALID_INPUT');
    expect(body.details.errors[0]).toMatchObject({ field: 'destination.paymentRail', constraint: { enum: ['ACH', 'ACH_SAME_DAY', 'WIRE', 'RTP', 'FEDNOW'] } });
    const automatic = h.ok('POST', '/quotes', payoutBody(accountId, usd, 100));
    expect(automatic.destination.paymentRail).toBeUndefined();
    expect(h.engine.state.quotes.byId.get(automatic.id)?.rail).toBe('ACH');
    const pinned = h.ok('POST', '/quotes', { ...payoutBody(accountId, usd, 100), destination: { destinationType: 'ACCOUNT', accountId: usd, paymentRail: 'ACH_SAME_DAY' } });
    expect(pinned.destination.paymentRail).toBe('ACH_SAME_DAY');
    const other = newCustomer(h);
    rejects(h, { ...payoutBody(accountId, other.accountId, 100), destination: { destinationType: 'ACCOUNT', accountId: other.accountId, paymentRail: 'ACH' } }, 400, 'INVALID_INPUT');
  });

  it('rejects an ACH_SAME_DAY payout above the per-entry limit with 400 AMOUNT_OUT_OF_RANGE (ACH takes it)', () => {
    const h = setup();
    const { customerId, accountId } = newCustomer(h);
    const usd = newExternalAccount(h, customerId, 'USD', '789');
    const sameDay = (amount: number) => ({ ...payoutBody(accountId, usd, amount), destination: { destinationType: 'ACCOUNT', accountId: usd, paymentRail: 'ACH_SAME_DAY' } });
    expect(call(h, 'POST', '/quotes', sameDay(100_000_000)).status).toBe(200);
    const body = rejects(h, sameDay(100_000_001), 400, 'AMOUNT_OUT_OF_RANGE');
    expect(body.details).toMatchObject({ paymentRail: 'ACH_SAME_DAY', maxAmount: '100000000' });
    expect(call(h, 'POST', '/quotes', payoutBody(accountId, usd, 100_000_001)).status).toBe(200);
  });

  it('rejects an amount above the configured single-transaction maximum with 400 TRANSACTION_SIZE_LIMIT_EXCEEDED', () => {
    const h = setup();
    h.ok('PATCH', '/config', { transactionLimits: [{ sendingCurrency: 'USD', maxAmount: 50_000 }] });
    const { customerId, accountId } = payer(h);
    const usd = newExternalAccount(h, customerId, 'USD', '789');
    expect(call(h, 'POST', '/quotes', payoutBody(accountId, usd, 50_000)).status).toBe(200);
    rejects(h, payoutBody(accountId, usd, 50_001), 400, 'TRANSACTION_SIZE_LIMIT_EXCEEDED');
  });

  it('rejects an external account that failed ownership verification with 400 EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED', () => {
    const h = setup();
    const { customerId, accountId } = payer(h);
    const usd = newExternalAccount(h, customerId, 'USD', '789');
    const challenge = h.ok('POST', `/customers/external-accounts/${usd}/challenge`);
    h.ok('POST', `/customers/external-accounts/${usd}/verify`, { challengeId: challenge.challengeId, signature: 'not-a-valid-signature' });
    expect(h.ok('GET', `/customers/external-accounts/${usd}`).status).toBe('UNVERIFIED');
    rejects(h, payoutBody(accountId, usd, 100), 400, 'EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED');
    rejects(h, payoutBody(usd, accountId, 100), 400, 'EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED');
  });

  it('rejects a payout to another customer’s external account with 400 INVALID_INPUT', () => {
    const h = setup();
    const { accountId } = payer(h);
    const other = newCustomer(h);
    const theirs = newExternalAccount(h, other.customerId, 'USD', '789');
    rejects(h, payoutBody(accountId, theirs, 100), 400, 'INVALID_INPUT');
  });
});

describe('GET /quotes/{quoteId}', () => {
  it('answers 404 QUOTE_NOT_FOUND for an unknown quote', () => {
    const h = setup();
    const response = call(h, 'GET', '/quotes/Quote:00000000-0000-7000-8000-000000000000');
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('QUOTE_NOT_FOUND');
  });
});
