/**
 * GET /exchange-rates in the reference's terms (issue 12): every row answers
 * `destinationPaymentRail`, `minSendingAmount` and `maxSendingAmount`, and the reference's filters
 * `sourceCurrency`, repeated `destinationCurrency` and `sendingAmount` filter and price as it says,
 * meaning what the spec copy's `sendingCurrency` / `receivingCurrency` mean.
 */
import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, isCurrencyCode } from '../../src/core/currency.js';
import { CURRENCIES_BY_ACCOUNT_TYPE, EXTERNAL_ACCOUNT_TYPES } from '../../src/domains/external-accounts/types.js';
import { railsForAccountType } from '../../src/domains/external-accounts/index.js';
import { NEVER_AUTOMATIC_RAILS } from '../../src/domains/quotes/index.js';
import { DESTINATION_RAIL_BY_CURRENCY } from '../../src/domains/rates/index.js';
import { REFERENCE } from '../contract/reference.js';
import { harness } from '../support/harness.js';

const AS_OF = '2026-01-05T16:00:00.000Z';
const USD_MXN = { sendingCurrency: 'USD', receivingCurrency: 'MXN', exchangeRate: '0.058', asOf: AS_OF };
const USD_EUR = { sendingCurrency: 'USD', receivingCurrency: 'EUR', exchangeRate: '1.08', asOf: AS_OF };
const EUR_USD = { sendingCurrency: 'EUR', receivingCurrency: 'USD', exchangeRate: '0.92', asOf: AS_OF };

function withRates() {
  const h = harness({ exchangeRates: [USD_MXN, USD_EUR, EUR_USD] }, AS_OF);
  h.ok('PATCH', '/config', { feeConfigs: [{ sourceCurrency: 'USD', fixedFee: 100, variableFeeBps: 50 }] });
  return h;
}

function corridors(h: ReturnType<typeof harness>, query: string): string[] {
  return h.ok('GET', `/exchange-rates${query}`).data.map((row: any) => `${row.sourceCurrency.code}>${row.destinationCurrency.code}`);
}

function fieldsOf(response: { body: unknown }): string[] {
  return (response.body as { details: { errors: { field: string }[] } }).details.errors.map((error) => error.field);
}

describe('destinationPaymentRail: the rail a payout in the destination currency travels on', () => {
  const referenceRails = (REFERENCE.components.schemas.PaymentRail.enum as string[]);

  it('names a rail for every registered currency', () => {
    for (const code of CURRENCY_CODES) expect(DESTINATION_RAIL_BY_CURRENCY[code], code).toMatch(/^[A-Z_]+$/);
  });

  it('is the rail a quote picks by itself for an external account of that currency (the engine\'s own choice)', () => {
    for (const type of EXTERNAL_ACCOUNT_TYPES) {
      const automatic = railsForAccountType(type).find((rail) => !NEVER_AUTOMATIC_RAILS.includes(rail));
      const [currency] = CURRENCIES_BY_ACCOUNT_TYPE[type];
      // Account-only currencies (AED, DKK, ...) have no rates, so no row names a rail for them.
      if (!isCurrencyCode(currency)) continue;
      // The first account type of a currency decides (BTC: SPARK_WALLET before LIGHTNING).
      if (EXTERNAL_ACCOUNT_TYPES.find((other) => CURRENCIES_BY_ACCOUNT_TYPE[other][0] === currency) !== type) continue;
      expect(DESTINATION_RAIL_BY_CURRENCY[currency], type).toBe(automatic);
    }
  });

  it('is one of the reference\'s PaymentRail values for every fiat currency; crypto keeps the engine\'s SPARK and the copy\'s ONCHAIN', () => {
    for (const code of CURRENCY_CODES) {
      const rail = DESTINATION_RAIL_BY_CURRENCY[code];
      if (['BTC', 'USDC', 'USDT'].includes(code)) expect(['SPARK', 'ONCHAIN']).toContain(rail);
      else expect(referenceRails, code).toContain(rail);
    }
  });

  it('answers it on every row: SPEI into MXN, SEPA into EUR, ACH into USD', () => {
    const rows = withRates().ok('GET', '/exchange-rates').data;
    expect(rows.map((row: any) => [row.destinationCurrency.code, row.destinationPaymentRail])).toEqual([
      ['USD', 'ACH'],
      ['EUR', 'SEPA'],
      ['MXN', 'SPEI'],
    ]);
  });

  it('prices the row with that rail\'s fee beside the platform\'s (what a quote over the rail pays)', () => {
    const h = withRates();
    h.ok('PATCH', '/config', { railFeeConfigs: [{ rail: 'SPEI', fixedFee: 50 }] });
    const [row] = h.ok('GET', '/exchange-rates?sourceCurrency=USD&destinationCurrency=MXN').data;
    // fees 100 + 50 + ceil(10000 * 50 / 10000) = 200; floor(9800 / 0.058) = 168965 centavos.
    expect(row).toMatchObject({ sendingAmount: 10_000, fees: { fixed: 150, total: 200 }, receivingAmount: 168_965 });
  });
});

describe('minSendingAmount and maxSendingAmount: what one send of the corridor can carry', () => {
  it('minimum: the least amount that delivers one receiving minor unit after fees', () => {
    const rows = withRates().ok('GET', '/exchange-rates').data;
    const byCorridor = Object.fromEntries(rows.map((row: any) => [`${row.sourceCurrency.code}>${row.destinationCurrency.code}`, row]));
    // USD>MXN: fees(101) = 100 + 1 leaves 0; fees(102) = 101 leaves 1 cent (17 centavos).
    expect(byCorridor['USD>MXN'].minSendingAmount).toBe(102);
    // EUR>USD: no fee, one euro cent converts to a dollar cent.
    expect(byCorridor['EUR>USD'].minSendingAmount).toBe(1);
  });

  it('the minimum really is the least a quote accepts: one minor unit less is refused', () => {
    const h = withRates();
    expect(h.ok('GET', '/exchange-rates?sourceCurrency=USD&destinationCurrency=MXN&sendingAmount=102').data[0].receivingAmount).toBe(17);
    expect(h.ok('GET', '/exchange-rates?sourceCurrency=USD&destinationCurrency=MXN&sendingAmount=101').data[0].receivingAmount).toBe(0);
  });

  it('maximum: 2^53 - 1 without limits, else the lowest of the corridor maximum and the daily volume', () => {
    const h = withRates();
    expect(h.ok('GET', '/exchange-rates?sourceCurrency=USD&destinationCurrency=MXN').data[0].maxSendingAmount).toBe(Number.MAX_SAFE_INTEGER);
    h.ok('PATCH', '/config', { transactionLimits: [{ sendingCurrency: 'USD', receivingCurrency: 'MXN', maxAmount: 1_000_000 }] });
    expect(h.ok('GET', '/exchange-rates?sourceCurrency=USD&destinationCurrency=MXN').data[0].maxSendingAmount).toBe(1_000_000);
    expect(h.ok('GET', '/exchange-rates?sourceCurrency=USD&destinationCurrency=EUR').data[0].maxSendingAmount).toBe(Number.MAX_SAFE_INTEGER);
    h.ok('PATCH', '/config', { dailyVolumeLimits: [{ currency: 'USD', maxAmount: 500_000 }] });
    expect(h.ok('GET', '/exchange-rates?sourceCurrency=USD&destinationCurrency=MXN').data[0].maxSendingAmount).toBe(500_000);
  });

  it('answers 0 and 0 when the fees take every amount', () => {
    const h = withRates();
    h.ok('PATCH', '/config', { feeConfigs: [{ sourceCurrency: 'USD', variableFeeBps: 10_000 }] });
    expect(h.ok('GET', '/exchange-rates?sourceCurrency=USD&destinationCurrency=MXN').data[0]).toMatchObject({ minSendingAmount: 0, maxSendingAmount: 0 });
  });
});

describe('the reference\'s filters', () => {
  it('sourceCurrency filters like sendingCurrency', () => {
    const h = withRates();
    expect(corridors(h, '?sourceCurrency=USD')).toEqual(['USD>EUR', 'USD>MXN']);
    expect(corridors(h, '?sourceCurrency=USD&sendingCurrency=USD')).toEqual(['USD>EUR', 'USD>MXN']);
  });

  it('destinationCurrency may repeat: rows into any of them', () => {
    const h = withRates();
    expect(corridors(h, '?destinationCurrency=MXN&destinationCurrency=USD')).toEqual(['EUR>USD', 'USD>MXN']);
    expect(corridors(h, '?sourceCurrency=USD&destinationCurrency=MXN&destinationCurrency=EUR')).toEqual(['USD>EUR', 'USD>MXN']);
    expect(corridors(h, '?destinationCurrency=BTC&destinationCurrency=JPY')).toEqual([]);
  });

  it('one source and one destination name a corridor, as the copy\'s names do: 400 QUOTE_RATE_UNAVAILABLE without a fresh rate', () => {
    const response = withRates().call('GET', '/exchange-rates?sourceCurrency=USD&destinationCurrency=BTC');
    expect(response.status).toBe(400);
    expect((response.body as { code: string }).code).toBe('QUOTE_RATE_UNAVAILABLE');
  });

  it('sendingAmount prices each row at that amount (default 10000 minor units)', () => {
    const h = withRates();
    const [row] = h.ok('GET', '/exchange-rates?sourceCurrency=USD&destinationCurrency=MXN&sendingAmount=50000').data;
    // fees 100 + ceil(250) = 350; floor(49650 / 0.058) = 856034 centavos.
    expect(row).toMatchObject({ sendingAmount: 50_000, fees: { fixed: 100, total: 350 }, receivingAmount: 856_034 });
    const [zero] = h.ok('GET', '/exchange-rates?sourceCurrency=USD&destinationCurrency=MXN&sendingAmount=0').data;
    expect(zero).toMatchObject({ sendingAmount: 0, fees: { total: 0 }, receivingAmount: 0 });
  });

  it('binds a cursor to the amount as to the filters', () => {
    const h = withRates();
    const first = h.ok('GET', '/exchange-rates?limit=1&sendingAmount=500');
    expect(h.call('GET', `/exchange-rates?limit=1&sendingAmount=500&cursor=${first.nextCursor}`).status).toBe(200);
    expect(h.call('GET', `/exchange-rates?limit=1&sendingAmount=600&cursor=${first.nextCursor}`).status).toBe(400);
  });

  it.each([
    ['source and sending currencies that disagree', '?sendingCurrency=USD&sourceCurrency=EUR', ['sourceCurrency']],
    ['destination and receiving currencies that disagree', '?receivingCurrency=MXN&destinationCurrency=EUR', ['destinationCurrency']],
    ['a repeated sourceCurrency', '?sourceCurrency=USD&sourceCurrency=EUR', ['sourceCurrency']],
    ['an unknown destination currency', '?destinationCurrency=MXN&destinationCurrency=XYZ', ['destinationCurrency[1]']],
    ['a negative sendingAmount', '?sendingAmount=-1', ['sendingAmount']],
    ['a fractional sendingAmount', '?sendingAmount=1.5', ['sendingAmount']],
    ['a sendingAmount above 2^53 - 1', '?sendingAmount=9007199254740992', ['sendingAmount']],
  ])('rejects %s with 400 INVALID_INPUT naming the field', (_name, query, fields) => {
    const response = withRates().call('GET', `/exchange-rates${query}`);
    expect(response.status).toBe(400);
    expect(response.events).toEqual([]);
    expect(fieldsOf(response)).toEqual(fields);
  });
});
