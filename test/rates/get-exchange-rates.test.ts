/**
 * GET /exchange-rates: the latest fresh rate per corridor with the platform fee folded in, the
 * 5-minute cache rule (served while now < asOf + 5 min), 400 QUOTE_RATE_UNAVAILABLE for a
 * corridor asked by name without a fresh rate, same-currency corridors at 1, filters and paging.
 */
import { describe, expect, it } from 'vitest';
import { harness } from '../support/harness.js';

const AS_OF = '2026-01-05T16:00:00.000Z';
const USD_MXN = { sendingCurrency: 'USD', receivingCurrency: 'MXN', exchangeRate: '0.058', asOf: AS_OF };
const EUR_USD = { sendingCurrency: 'EUR', receivingCurrency: 'USD', exchangeRate: '0.92', asOf: AS_OF };

function withRates() {
  const h = harness({ exchangeRates: [USD_MXN, EUR_USD] }, AS_OF);
  h.ok('PATCH', '/config', { feeConfigs: [{ sourceCurrency: 'USD', fixedFee: 100, variableFeeBps: 50 }] });
  return h;
}

function expectUnavailable(response: { status: number; body: unknown; events: readonly unknown[] }): void {
  expect(response.status).toBe(400);
  expect((response.body as { code: string }).code).toBe('QUOTE_RATE_UNAVAILABLE');
  expect(response.events).toEqual([]);
}

describe('GET /exchange-rates', () => {
  it('folds the platform fee in: the fee schedule and a $100 reference quote with its effective rate', () => {
    const h = withRates();
    const body = h.ok('GET', '/exchange-rates?sendingCurrency=USD&receivingCurrency=MXN');
    expect(body.totalCount).toBe(1);
    const [entry] = body.data;
    expect(entry.exchangeRate).toBe(0.058);
    expect(entry.sendingCurrency.code).toBe('USD');
    expect(entry.receivingCurrency.code).toBe('MXN');
    expect(entry.asOf).toBe(AS_OF);
    expect(entry.expiresAt).toBe('2026-01-05T16:05:00.000Z');
    expect(entry.platformFee).toMatchObject({ fixedFee: { amount: 100 }, variableFeeBps: 50 });
    expect(entry.reference.sendingAmount.amount).toBe(10_000);
    expect(entry.reference.feesIncluded.amount).toBe(150);
    expect(entry.reference.receivingAmount.amount).toBe(169_827);
    expect(entry.reference.effectiveExchangeRate).toBe(0.0588834519835);
  });

  it('charges a non-USD source no platform fee: the effective rate is the published one, up to rounding', () => {
    const h = withRates();
    const [entry] = h.ok('GET', '/exchange-rates?sendingCurrency=EUR').data;
    expect(entry.platformFee).toMatchObject({ fixedFee: { amount: 0 }, variableFeeBps: 0 });
    expect(entry.reference.receivingAmount.amount).toBe(10_869);
  });

  it('omits the reference quote when the fee takes the whole reference amount', () => {
    const h = withRates();
    h.ok('PATCH', '/config', { feeConfigs: [{ sourceCurrency: 'USD', fixedFee: 10_000 }] });
    const [entry] = h.ok('GET', '/exchange-rates?sendingCurrency=USD').data;
    expect(entry).not.toHaveProperty('reference');
    expect(entry.platformFee.fixedFee.amount).toBe(10_000);
  });

  it('serves a rate until 4:59.999 after its asOf and treats it as stale at exactly 5:00', () => {
    const h = withRates();
    h.now = '2026-01-05T16:04:59.999Z';
    expect(h.ok('GET', '/exchange-rates').totalCount).toBe(2);
    h.now = '2026-01-05T16:05:00.000Z';
    expect(h.ok('GET', '/exchange-rates')).toEqual({ data: [], hasMore: false, totalCount: 0 });
  });

  it('answers 400 QUOTE_RATE_UNAVAILABLE for a stale corridor asked by name, with the latest asOf', () => {
    const h = withRates();
    h.now = '2026-01-05T16:05:00.000Z';
    const response = h.call('GET', '/exchange-rates?sendingCurrency=USD&receivingCurrency=MXN');
    expectUnavailable(response);
    expect((response.body as { details: unknown }).details).toEqual({
      sendingCurrency: 'USD',
      receivingCurrency: 'MXN',
      latestAsOf: AS_OF,
      expiresAt: '2026-01-05T16:05:00.000Z',
    });
  });

  it('answers 400 QUOTE_RATE_UNAVAILABLE for a corridor that never had a rate', () => {
    const h = withRates();
    expectUnavailable(h.call('GET', '/exchange-rates?sendingCurrency=USD&receivingCurrency=BTC'));
  });

  it('serves a republished rate again after it went stale', () => {
    const h = withRates();
    h.now = '2026-01-05T16:10:00.000Z';
    expectUnavailable(h.call('GET', '/exchange-rates?sendingCurrency=USD&receivingCurrency=MXN'));
    h.ok('POST', '/sandbox/exchange-rates', { rates: [{ ...USD_MXN, exchangeRate: '0.059', asOf: h.now }] });
    const [entry] = h.ok('GET', '/exchange-rates?sendingCurrency=USD&receivingCurrency=MXN').data;
    expect(entry.exchangeRate).toBe(0.059);
  });

  it('does not serve a rate before its asOf (an option rate dated after the first request)', () => {
    const h = harness({ exchangeRates: [{ ...USD_MXN, asOf: '2026-01-05T16:01:00Z' }] }, AS_OF);
    expect(h.ok('GET', '/exchange-rates').totalCount).toBe(0);
    h.now = '2026-01-05T16:01:00.000Z';
    expect(h.ok('GET', '/exchange-rates').totalCount).toBe(1);
  });

  it('serves a same-currency corridor at rate 1 with or without publications', () => {
    const h = withRates();
    h.now = '2026-01-06T00:00:00.000Z';
    const [entry] = h.ok('GET', '/exchange-rates?sendingCurrency=USD&receivingCurrency=USD').data;
    expect(entry.exchangeRate).toBe(1);
    expect(entry.asOf).toBe(h.now);
    expect(entry.reference.receivingAmount.amount).toBe(10_000 - 150);
  });

  it('filters by one side and sorts by corridor', () => {
    const h = harness({ exchangeRates: [USD_MXN, EUR_USD, { ...USD_MXN, receivingCurrency: 'EUR', exchangeRate: '1.08' }] }, AS_OF);
    const codes = (query: string) =>
      h.ok('GET', `/exchange-rates${query}`).data.map((e: any) => `${e.sendingCurrency.code}>${e.receivingCurrency.code}`);
    expect(codes('')).toEqual(['EUR>USD', 'USD>EUR', 'USD>MXN']);
    expect(codes('?sendingCurrency=USD')).toEqual(['USD>EUR', 'USD>MXN']);
    expect(codes('?receivingCurrency=USD')).toEqual(['EUR>USD']);
    expect(codes('?receivingCurrency=BTC')).toEqual([]);
  });

  it('pages with limit and a cursor bound to the query', () => {
    const h = harness({ exchangeRates: [USD_MXN, EUR_USD] }, AS_OF);
    const first = h.ok('GET', '/exchange-rates?limit=1');
    expect(first).toMatchObject({ hasMore: true, totalCount: 2 });
    const second = h.ok('GET', `/exchange-rates?limit=1&cursor=${first.nextCursor}`);
    expect(second).toMatchObject({ hasMore: false, totalCount: 2 });
    expect(second.data[0].sendingCurrency.code).toBe('USD');
    const misused = h.call('GET', `/exchange-rates?sendingCurrency=USD&cursor=${first.nextCursor}`);
    expect(misused.status).toBe(400);
  });

  it.each([
    ['an unknown currency', '?sendingCurrency=XYZ', ['sendingCurrency']],
    ['an unknown parameter', '?currency=USD', ['currency']],
    ['a limit of 0 and a repeated filter', '?limit=0&receivingCurrency=MXN&receivingCurrency=EUR', ['limit', 'receivingCurrency']],
  ])('rejects %s with 400 INVALID_INPUT listing the fields', (_name, query, fields) => {
    const h = withRates();
    const response = h.call('GET', `/exchange-rates${query}`);
    expect(response.status).toBe(400);
    expect(response.events).toEqual([]);
    expect((response.body as { details: { errors: { field: string }[] } }).details.errors.map((e) => e.field)).toEqual(fields);
  });
});
