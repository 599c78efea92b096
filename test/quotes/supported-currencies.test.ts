/**
 * The platform's `supportedCurrencies` (reference PlatformCurrencyConfig) enforced on quotes
 * (issue 12): once set, it is an allow-list of currencies, each with its enabled transaction
 * types and a `[minAmount, maxAmount]` band for the sending amount. Unset: nothing changes. The
 * check runs in the decider, so a log written before the list was set replays to the same state.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.js';
import { snapshotOf } from '../../src/engine/snapshot.js';
import type { Harness } from '../support/harness.js';
import { call, fund, newCustomer, newExternalAccount, payoutBody, setup } from './support.js';

const BOTH = ['OUTGOING', 'INCOMING'];
const entry = (currencyCode: string, minAmount: number, maxAmount: number, enabledTransactionTypes: string[] = BOTH) => ({
  currencyCode,
  minAmount,
  maxAmount,
  requiredCounterpartyFields: [],
  enabledTransactionTypes,
});

function payer(h: Harness): { customerId: string; accountId: string } {
  const customer = newCustomer(h);
  fund(h, customer.accountId, 10_000_000);
  return customer;
}

function rejects(h: Harness, body: unknown, code: string): Record<string, any> {
  const before = h.log.length;
  const response = call(h, 'POST', '/quotes', body);
  expect([response.status, response.body.code], JSON.stringify(response.body)).toEqual([400, code]);
  expect(response.events).toEqual([]);
  expect(h.log.length).toBe(before);
  return response.body;
}

function accepts(h: Harness, body: unknown): void {
  const response = call(h, 'POST', '/quotes', body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

describe('supportedCurrencies minAmount/maxAmount: 400 AMOUNT_OUT_OF_RANGE outside the sending currency band', () => {
  it('accepts exactly minAmount and exactly maxAmount, refuses one minor unit below and one above', () => {
    const h = setup();
    const { customerId, accountId } = payer(h);
    const usd = newExternalAccount(h, customerId, 'USD', '789');
    h.ok('PATCH', '/config', { supportedCurrencies: [entry('USD', 100, 50_000)] });
    accepts(h, payoutBody(accountId, usd, 100));
    accepts(h, payoutBody(accountId, usd, 50_000));
    const below = rejects(h, payoutBody(accountId, usd, 99), 'AMOUNT_OUT_OF_RANGE');
    expect(below.details).toEqual({ currency: 'USD', minAmount: '100', maxAmount: '50000' });
    rejects(h, payoutBody(accountId, usd, 50_001), 'AMOUNT_OUT_OF_RANGE');
  });

  it('judges the sending amount in the sending currency when the receiving side is locked (a cross-currency payout)', () => {
    const h = setup();
    const { customerId, accountId } = payer(h);
    const mxn = newExternalAccount(h, customerId, 'MXN', '789');
    const body = { ...payoutBody(accountId, mxn, 100_000), lockedCurrencySide: 'RECEIVING' };
    const sendingMinor = h.ok('POST', '/quotes', body).totalSendingAmount as number;
    h.ok('PATCH', '/config', { supportedCurrencies: [entry('USD', 0, sendingMinor), entry('MXN', 0, 1)] });
    accepts(h, body);
    h.ok('PATCH', '/config', { supportedCurrencies: [entry('USD', 0, sendingMinor - 1), entry('MXN', 0, 1_000_000_000)] });
    expect(rejects(h, body, 'AMOUNT_OUT_OF_RANGE').details).toMatchObject({ currency: 'USD', maxAmount: String(sendingMinor - 1) });
  });

  it('checks the same band on the routes that reuse the quote decider (POST /transfer-out)', () => {
    const h = setup();
    const { customerId, accountId } = payer(h);
    const usd = newExternalAccount(h, customerId, 'USD', '789');
    h.ok('PATCH', '/config', { supportedCurrencies: [entry('USD', 0, 500)] });
    const response = call(h, 'POST', '/transfer-out', { source: { accountId }, destination: { accountId: usd }, amount: 501 });
    expect([response.status, response.body.code]).toEqual([400, 'AMOUNT_OUT_OF_RANGE']);
    expect(response.events).toEqual([]);
    expect(call(h, 'POST', '/transfer-out', { source: { accountId }, destination: { accountId: usd }, amount: 500 }).status).toBe(200);
  });
});

describe('supportedCurrencies enabledTransactionTypes: 400 INVALID_CURRENCY for a type not enabled', () => {
  it('refuses a payout (OUTGOING) in a currency that enables only INCOMING, and accepts a pull (INCOMING) in it', () => {
    const h = setup();
    const { customerId, accountId } = payer(h);
    const usd = newExternalAccount(h, customerId, 'USD', '789');
    h.ok('PATCH', '/config', { supportedCurrencies: [entry('USD', 0, 1_000_000, ['INCOMING'])] });
    const body = rejects(h, payoutBody(accountId, usd, 1_000), 'INVALID_CURRENCY');
    expect(body.details).toMatchObject({ currency: 'USD', transactionType: 'OUTGOING', enabledTransactionTypes: ['INCOMING'] });
    accepts(h, payoutBody(usd, accountId, 1_000));
  });

  it('refuses a pull (INCOMING) in a currency that enables only OUTGOING, and an empty list enables nothing', () => {
    const h = setup();
    const { customerId, accountId } = payer(h);
    const usd = newExternalAccount(h, customerId, 'USD', '789');
    h.ok('PATCH', '/config', { supportedCurrencies: [entry('USD', 0, 1_000_000, ['OUTGOING'])] });
    rejects(h, payoutBody(usd, accountId, 1_000), 'INVALID_CURRENCY');
    accepts(h, payoutBody(accountId, usd, 1_000));
    h.ok('PATCH', '/config', { supportedCurrencies: [entry('USD', 0, 1_000_000, [])] });
    rejects(h, payoutBody(accountId, usd, 1_000), 'INVALID_CURRENCY');
  });

  it('requires the type on the receiving currency too', () => {
    const h = setup();
    const { customerId, accountId } = payer(h);
    const mxn = newExternalAccount(h, customerId, 'MXN', '789');
    h.ok('PATCH', '/config', { supportedCurrencies: [entry('USD', 0, 1_000_000), entry('MXN', 0, 1_000_000, ['INCOMING'])] });
    const body = rejects(h, payoutBody(accountId, mxn, 1_000), 'INVALID_CURRENCY');
    expect(body.details).toMatchObject({ currency: 'MXN', field: 'receivingCurrency', transactionType: 'OUTGOING' });
  });
});

describe('supportedCurrencies is an allow-list once set (reference: what customers can hold, send and receive)', () => {
  it('refuses a quote whose sending or receiving currency is absent from a set list with 400 INVALID_CURRENCY; [] supports none', () => {
    const h = setup();
    const { customerId, accountId } = payer(h);
    const mxn = newExternalAccount(h, customerId, 'MXN', '789');
    const usd = newExternalAccount(h, customerId, 'USD', '789');
    h.ok('PATCH', '/config', { supportedCurrencies: [entry('USD', 0, 1_000_000)] });
    accepts(h, payoutBody(accountId, usd, 1_000));
    const body = rejects(h, payoutBody(accountId, mxn, 1_000), 'INVALID_CURRENCY');
    expect(body.details).toMatchObject({ currency: 'MXN', field: 'receivingCurrency' });
    h.ok('PATCH', '/config', { supportedCurrencies: [entry('MXN', 0, 1_000_000)] });
    expect(rejects(h, payoutBody(accountId, mxn, 1_000), 'INVALID_CURRENCY').details).toMatchObject({ currency: 'USD', field: 'sendingCurrency' });
    h.ok('PATCH', '/config', { supportedCurrencies: [] });
    rejects(h, payoutBody(accountId, usd, 1_000), 'INVALID_CURRENCY');
  });

  it('checks nothing while unset: any amount, any currency, both directions, as before', () => {
    const h = setup();
    const { customerId, accountId } = payer(h);
    const mxn = newExternalAccount(h, customerId, 'MXN', '789');
    const usd = newExternalAccount(h, customerId, 'USD', '789');
    accepts(h, payoutBody(accountId, mxn, 1));
    accepts(h, payoutBody(accountId, usd, 9_000_000));
    accepts(h, payoutBody(usd, accountId, 1));
  });

  it('leaves replay alone: quotes made before the list was set rebuild the same state after it', () => {
    const h = setup();
    const { customerId, accountId } = payer(h);
    const usd = newExternalAccount(h, customerId, 'USD', '789');
    accepts(h, payoutBody(accountId, usd, 5_000));
    h.ok('PATCH', '/config', { supportedCurrencies: [entry('USD', 0, 100)] });
    rejects(h, payoutBody(accountId, usd, 5_000), 'AMOUNT_OUT_OF_RANGE');
    const text = (engine: ReturnType<typeof createEngine>) => JSON.stringify(snapshotOf(engine.state, engine.head()));
    expect(text(createEngine({ events: h.log }))).toBe(text(h.engine));
  });
});
