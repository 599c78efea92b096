/**
 * The representability rule: a token amount must convert to whole minor units of the base
 * currency. Unit conversion both ways, and the API's 400 STABLECOIN_AMOUNT_NOT_REPRESENTABLE.
 */
import { describe, expect, it } from 'vitest';
import { baseMinorOf, representableStep, tokenUnitsOf } from '../../src/domains/stablecoins/amounts.js';
import { harness } from '../support/harness.js';
import { call, customerAccount, driveTo, key, link, register } from './support.js';

describe('baseMinorOf and tokenUnitsOf', () => {
  // [units, decimals, base currency, minor units or undefined when not representable]
  const rows: [bigint, number, 'USD' | 'EUR' | 'JPY', bigint | undefined][] = [
    [10_000n, 6, 'USD', 1n],
    [1_230_000n, 6, 'USD', 123n],
    [9_999n, 6, 'USD', undefined],
    [10_001n, 6, 'USD', undefined],
    [1n, 2, 'USD', 1n],
    [7n, 0, 'USD', 700n],
    [3n, 1, 'EUR', 30n],
    [10n ** 18n, 18, 'USD', 100n],
    [10n ** 16n - 1n, 18, 'USD', undefined],
    [5n, 0, 'JPY', 5n],
    [1_000_000n, 6, 'JPY', 1n],
    [500_000n, 6, 'JPY', undefined],
  ];

  it.each(rows)('%s units at %i decimals in %s are %s minor units', (units, decimals, currency, minor) => {
    expect(baseMinorOf(units, decimals, currency)).toBe(minor);
    if (minor !== undefined) expect(tokenUnitsOf(minor, decimals, currency)).toBe(units);
  });

  it('names the step a representable amount is a multiple of', () => {
    expect(representableStep(6, 'USD')).toBe('10000');
    expect(representableStep(2, 'USD')).toBe('1');
    expect(representableStep(0, 'USD')).toBe('1');
    expect(representableStep(18, 'JPY')).toBe('1000000000000000000');
  });
});

describe('mint and burn amounts through the API', () => {
  function ready(decimals: number) {
    const h = harness();
    const account = customerAccount(h);
    h.ok('POST', `/sandbox/internal-accounts/${account}/fund`, { amount: 100_000_000_000 });
    link(h);
    const coin = register(h, { decimals });
    driveTo(h, coin, 'ENABLED');
    return { h, account, coin };
  }

  it.each([
    [6, '10001', 400, 'STABLECOIN_AMOUNT_NOT_REPRESENTABLE'],
    [6, '5000', 400, 'STABLECOIN_AMOUNT_NOT_REPRESENTABLE'],
    [6, '10000', 201, undefined],
    [2, '1', 201, undefined],
    [0, '1', 201, undefined],
    [18, '10000000000000001', 400, 'STABLECOIN_AMOUNT_NOT_REPRESENTABLE'],
    [18, '10000000000000000', 201, undefined],
  ] as const)('a coin with %i decimals: amount %s answers %i %s', (decimals, amount, status, code) => {
    const { h, account, coin } = ready(decimals);
    for (const kind of ['mints', 'burns']) {
      const r = call(h, 'POST', `/stablecoins/${coin}/${kind}`, { amount, sourceAccountId: account }, key());
      if (code !== undefined) {
        expect([r.status, r.body.code, r.events]).toEqual([status, code, []]);
        expect(r.body.details.step).toBe(representableStep(decimals, 'USD'));
      } else if (kind === 'mints') expect(r.status).toBe(status);
    }
  });

  it('rejects an amount above the per-operation maximum (1e11 minor units) with 400 INVALID_INPUT', () => {
    const { h, account, coin } = ready(6);
    const max = call(h, 'POST', `/stablecoins/${coin}/mints`, { amount: '1000000000000000', sourceAccountId: account }, key());
    expect(max.status).toBe(201);
    const over = call(h, 'POST', `/stablecoins/${coin}/mints`, { amount: '1000000000010000', sourceAccountId: account }, key());
    expect([over.status, over.body.code, over.events]).toEqual([400, 'INVALID_INPUT', []]);
    expect(over.body.details.errors).toEqual([{ field: 'amount', message: 'amount must be at most 1000000000000000 units of ACMEUSD' }]);
  });

  it.each(['0', '010000', '-10000', '1.5', '1e6', '12345678901234567890123456789012345678901'])('rejects amount %s with 400 INVALID_INPUT', (amount) => {
    const { h, account, coin } = ready(6);
    const r = call(h, 'POST', `/stablecoins/${coin}/mints`, { amount, sourceAccountId: account }, key());
    expect([r.status, r.body.code, r.events]).toEqual([400, 'INVALID_INPUT', []]);
    expect(r.body.details.errors.map((e: { field: string }) => e.field)).toEqual(['amount']);
  });

  it('rejects a numeric amount: amounts are strings of digits', () => {
    const { h, account, coin } = ready(6);
    const r = call(h, 'POST', `/stablecoins/${coin}/mints`, { amount: 10000, sourceAccountId: account }, key());
    expect([r.status, r.body.details.errors[0].field, r.events]).toEqual([400, 'amount', []]);
  });
});
