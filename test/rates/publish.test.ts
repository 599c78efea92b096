/**
 * POST /sandbox/exchange-rates: validated rates become one `ExchangeRatesPublished`; each
 * corridor keeps the rate with the latest `asOf`; every invalid field is listed and a rejected
 * publication writes nothing.
 */
import { describe, expect, it } from 'vitest';
import { harness } from '../support/harness.js';

const NOW = '2026-01-05T16:00:00.000Z';
const rate = (over: Record<string, unknown> = {}) => ({ sendingCurrency: 'USD', receivingCurrency: 'MXN', exchangeRate: '0.0580', asOf: NOW, ...over });

describe('POST /sandbox/exchange-rates', () => {
  it('publishes canonical rates in one ExchangeRatesPublished and answers them with expiresAt', () => {
    const h = harness();
    const response = h.call('POST', '/sandbox/exchange-rates', { rates: [rate({ asOf: '2026-01-05T10:00:00-06:00' }), rate({ receivingCurrency: 'EUR', exchangeRate: '1.08' })] });
    expect(response.status).toBe(200);
    expect(response.events.map((e) => e.type)).toEqual(['PlatformInitialized', 'ExchangeRatesPublished']);
    expect(response.events[1]!.data).toEqual({
      rates: [
        { sendingCurrency: 'USD', receivingCurrency: 'MXN', exchangeRate: '0.058', asOf: NOW },
        { sendingCurrency: 'USD', receivingCurrency: 'EUR', exchangeRate: '1.08', asOf: NOW },
      ],
    });
    expect(response.body).toEqual({
      data: [
        { sendingCurrency: 'USD', receivingCurrency: 'MXN', exchangeRate: '0.058', asOf: NOW, expiresAt: '2026-01-05T16:05:00.000Z' },
        { sendingCurrency: 'USD', receivingCurrency: 'EUR', exchangeRate: '1.08', asOf: NOW, expiresAt: '2026-01-05T16:05:00.000Z' },
      ],
    });
  });

  it('accepts a bare array as shorthand for { rates }', () => {
    const h = harness();
    const response = h.call('POST', '/sandbox/exchange-rates', [rate()]);
    expect(response.status).toBe(200);
    expect(h.engine.state.rates.byCorridor.get('USD>MXN')?.exchangeRate).toBe('0.058');
  });

  it('keeps the rate with the latest asOf: an older publication never replaces a newer one', () => {
    const h = harness();
    h.ok('POST', '/sandbox/exchange-rates', { rates: [rate({ exchangeRate: '0.06', asOf: '2026-01-05T15:59:00Z' })] });
    h.ok('POST', '/sandbox/exchange-rates', { rates: [rate({ exchangeRate: '0.05', asOf: '2026-01-05T15:58:00Z' })] });
    expect(h.engine.state.rates.byCorridor.get('USD>MXN')?.exchangeRate).toBe('0.06');
    h.ok('POST', '/sandbox/exchange-rates', { rates: [rate({ exchangeRate: '0.07', asOf: '2026-01-05T15:59:00Z' })] });
    expect(h.engine.state.rates.byCorridor.get('USD>MXN')?.exchangeRate).toBe('0.07');
  });

  it.each([
    ['an unknown currency', { rates: [rate({ sendingCurrency: 'XYZ' })] }, ['rates[0].sendingCurrency']],
    ['a rate of zero', { rates: [rate({ exchangeRate: '0.000' })] }, ['rates[0].exchangeRate']],
    ['a negative rate', { rates: [rate({ exchangeRate: '-1' })] }, ['rates[0].exchangeRate']],
    ['a rate in exponent notation', { rates: [rate({ exchangeRate: '5e-2' })] }, ['rates[0].exchangeRate']],
    ['a rate given as a JSON number', { rates: [rate({ exchangeRate: 0.058 })] }, ['rates[0].exchangeRate']],
    ['a rate with 19 decimals', { rates: [rate({ exchangeRate: '0.0000000000000000001' })] }, ['rates[0].exchangeRate']],
    ['the same currency on both sides', { rates: [rate({ receivingCurrency: 'USD' })] }, ['rates[0].receivingCurrency']],
    ['a corridor twice in one publication', { rates: [rate(), rate({ exchangeRate: '0.06' })] }, ['rates[1].receivingCurrency']],
    ['asOf without an offset', { rates: [rate({ asOf: '2026-01-05T16:00:00' })] }, ['rates[0].asOf']],
    ['asOf in the future', { rates: [rate({ asOf: '2026-01-05T16:00:00.001Z' })] }, ['rates[0].asOf']],
    ['an empty publication', { rates: [] }, ['rates']],
    ['an unknown field', { rates: [rate({ spread: '0.1' })] }, ['rates[0].spread']],
    ['no body', undefined, ['body']],
  ])('rejects %s with 400 INVALID_INPUT and writes nothing', (_name, body, fields) => {
    const h = harness();
    const response = h.call('POST', '/sandbox/exchange-rates', body);
    expect(response.status).toBe(400);
    expect(response.events).toEqual([]);
    expect((response.body as { details: { errors: { field: string }[] } }).details.errors.map((e) => e.field)).toEqual(fields);
    expect(h.engine.state.rates.byCorridor.size).toBe(0);
  });

  it('lists every invalid rate of one publication', () => {
    const h = harness();
    const response = h.call('POST', '/sandbox/exchange-rates', { rates: [rate({ exchangeRate: '0' }), rate({ sendingCurrency: 'EUR', asOf: 'tomorrow' })] });
    expect(response.status).toBe(400);
    expect((response.body as { details: { errors: { field: string }[] } }).details.errors.map((e) => e.field)).toEqual(['rates[0].exchangeRate', 'rates[1].asOf']);
  });

  it('answers 400 to currencies that are objects with a hostile toString, and writes nothing (found by the wire fuzzer)', () => {
    const h = harness();
    h.ok('POST', '/sandbox/exchange-rates', { rates: [rate()] });
    const before = h.engine.head();
    const hostile = { toString: { polluted: true } };
    const response = h.call('POST', '/sandbox/exchange-rates', { rates: [rate({ sendingCurrency: hostile }), rate({ receivingCurrency: hostile })] });
    expect(response.status).toBe(400);
    expect(response.events).toEqual([]);
    expect(h.engine.head()).toEqual(before);
    const fields = (response.body as { details: { errors: { field: string }[] } }).details.errors.map((e) => e.field);
    expect(fields).toContain('rates[0].sendingCurrency');
    expect(fields).toContain('rates[1].receivingCurrency');
  });
});
