/**
 * PATCH /config validation: every invalid field is listed in one 400 INVALID_INPUT, sorted by
 * field, and a rejected request writes no event and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { harness } from '../support/harness.js';

function rejectedFields(body: unknown): string[] {
  const h = harness();
  const response = h.call('PATCH', '/config', body);
  expect(response.status).toBe(400);
  expect(response.events).toEqual([]);
  expect((response.body as { code: string }).code).toBe('INVALID_INPUT');
  expect(h.ok('GET', '/config').feeConfigs).toEqual([]);
  return (response.body as { details: { errors: { field: string }[] } }).details.errors.map((e) => e.field);
}

describe('PATCH /config validation', () => {
  it.each([
    ['regulated is not settable', { regulated: true }, ['regulated']],
    ['regulated is refused even with its current value', { regulated: false }, ['regulated']],
    ['a non-USD fee source currency', { feeConfigs: [{ sourceCurrency: 'EUR', variableFeeBps: 5 }] }, ['feeConfigs[0].sourceCurrency']],
    ['a fee with neither part', { feeConfigs: [{ sourceCurrency: 'USD' }] }, ['feeConfigs[0]']],
    ['bps above 10000', { feeConfigs: [{ sourceCurrency: 'USD', variableFeeBps: 10_001 }] }, ['feeConfigs[0].variableFeeBps']],
    ['fractional bps', { feeConfigs: [{ sourceCurrency: 'USD', variableFeeBps: 2.5 }] }, ['feeConfigs[0].variableFeeBps']],
    ['a negative fixed fee', { feeConfigs: [{ sourceCurrency: 'USD', fixedFee: -1 }] }, ['feeConfigs[0].fixedFee']],
    ['an unknown receiving currency', { feeConfigs: [{ sourceCurrency: 'USD', receivingCurrency: 'XYZ', fixedFee: 1 }] }, ['feeConfigs[0].receivingCurrency']],
    ['two fee configs for one corridor', { feeConfigs: [{ sourceCurrency: 'USD', fixedFee: 1 }, { sourceCurrency: 'USD', variableFeeBps: 1 }] }, ['feeConfigs[1].receivingCurrency']],
    ['an unknown rail', { railFeeConfigs: [{ rail: 'CARRIER_PIGEON', fixedFee: 1 }] }, ['railFeeConfigs[0].rail']],
    ['a rail fee with neither part', { railFeeConfigs: [{ rail: 'WIRE' }] }, ['railFeeConfigs[0]']],
    ['two configs for one rail', { railFeeConfigs: [{ rail: 'WIRE', fixedFee: 1 }, { rail: 'WIRE', fixedFee: 2 }] }, ['railFeeConfigs[1].rail']],
    ['a limit with no currency', { transactionLimits: [{ maxAmount: 5 }] }, ['transactionLimits[0].sendingCurrency']],
    ['a corridor and withdrawal limit at once', { transactionLimits: [{ sendingCurrency: 'USD', withdrawalCurrency: 'USD', maxAmount: 5 }] }, ['transactionLimits[0].withdrawalCurrency']],
    ['a withdrawal limit with a receiving currency', { transactionLimits: [{ withdrawalCurrency: 'USD', receivingCurrency: 'MXN', maxAmount: 5 }] }, ['transactionLimits[0].receivingCurrency']],
    ['a zero maximum', { transactionLimits: [{ sendingCurrency: 'USD', maxAmount: 0 }] }, ['transactionLimits[0].maxAmount']],
    ['two limits for one corridor', { transactionLimits: [{ sendingCurrency: 'USD', maxAmount: 5 }, { sendingCurrency: 'USD', maxAmount: 6 }] }, ['transactionLimits[1].sendingCurrency']],
    ['two daily limits for one currency', { dailyVolumeLimits: [{ currency: 'USD', maxAmount: 5 }, { currency: 'USD', maxAmount: 6 }] }, ['dailyVolumeLimits[1].currency']],
    ['a non-boolean skipVerificationPaperwork', { skipVerificationPaperwork: 'yes' }, ['skipVerificationPaperwork']],
    ['a card 2FA config that is not an object', { cardTokenization2faConfig: [1, 2] }, ['cardTokenization2faConfig']],
    ['a card 2FA config above 8 KB', { cardTokenization2faConfig: { blob: 'x'.repeat(9_000) } }, ['cardTokenization2faConfig']],
    ['an unknown field', { feeConfig: [] }, ['feeConfig']],
    ['a body that is not an object', [], ['body']],
  ])('rejects %s', (_name, body, fields) => {
    expect(rejectedFields(body)).toEqual(fields);
  });

  it('lists every invalid field of one request, sorted by field', () => {
    expect(
      rejectedFields({
        regulated: true,
        skipVerificationPaperwork: 1,
        feeConfigs: [{ sourceCurrency: 'GBP' }],
        transactionLimits: [{ sendingCurrency: 'USD', maxAmount: -3 }],
        dailyVolumeLimits: [{ currency: 'ZZZ', maxAmount: 1 }],
      }),
    ).toEqual([
      'dailyVolumeLimits[0].currency',
      'feeConfigs[0]',
      'feeConfigs[0].sourceCurrency',
      'regulated',
      'skipVerificationPaperwork',
      'transactionLimits[0].maxAmount',
    ]);
  });

  it('answers 400 to currencies, rails and field names that are objects with a hostile toString (duplicate checks never stringify them)', () => {
    const hostile = { toString: { polluted: true } };
    const fields = rejectedFields({
      feeConfigs: [{ sourceCurrency: hostile, fixedFee: 1 }],
      railFeeConfigs: [{ rail: hostile, fixedFee: 1 }],
      transactionLimits: [{ sendingCurrency: hostile, maxAmount: 5 }, { withdrawalCurrency: hostile, maxAmount: 5 }],
      dailyVolumeLimits: [{ currency: hostile, maxAmount: 5 }],
      supportedCurrencies: [{ currencyCode: hostile, minAmount: 1, maxAmount: 2, requiredCounterpartyFields: [{ name: hostile, mandatory: true }], enabledTransactionTypes: [] }],
    });
    for (const field of ['feeConfigs[0].sourceCurrency', 'railFeeConfigs[0].rail', 'transactionLimits[0].sendingCurrency', 'transactionLimits[1].withdrawalCurrency', 'dailyVolumeLimits[0].currency', 'supportedCurrencies[0].currencyCode']) {
      expect(fields).toContain(field);
    }
  });

  it('caps the number of fee configs at 100', () => {
    const feeConfigs = Array.from({ length: 101 }, (_, i) => ({ sourceCurrency: 'USD', fixedFee: i }));
    expect(rejectedFields({ feeConfigs })).toContain('feeConfigs');
  });

  it('leaves a configured platform unchanged after a rejected PATCH', () => {
    const h = harness();
    h.ok('PATCH', '/config', { feeConfigs: [{ sourceCurrency: 'USD', fixedFee: 100 }] });
    const before = h.ok('GET', '/config');
    const rejected = h.call('PATCH', '/config', { feeConfigs: [], regulated: true });
    expect(rejected.status).toBe(400);
    expect(rejected.events).toEqual([]);
    expect(h.ok('GET', '/config')).toEqual(before);
  });
});
