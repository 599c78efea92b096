/**
 * Which fees apply: the override, else the corridor's fee config, else the all-corridor one;
 * non-USD sources pay no configured fee; overrides need a USD source and a USD fixed fee; rail
 * fees by rail, for USD sources only.
 */
import { describe, expect, it } from 'vitest';
import type { PlatformConfig } from '../../src/domains/config/index.js';
import { EMPTY_PLATFORM_CONFIG } from '../../src/domains/config/index.js';
import { feesFor, platformFeeFor, platformFeeOverrideSchema, railFeeFor, ZERO_FEE } from '../../src/domains/pricing/index.js';

const CONFIG: PlatformConfig = {
  ...EMPTY_PLATFORM_CONFIG,
  feeConfigs: [
    { sourceCurrency: 'USD', fixedFeeMinor: '100', variableFeeBps: 50 },
    { sourceCurrency: 'USD', receivingCurrency: 'MXN', variableFeeBps: 25 },
  ],
  railFeeConfigs: [{ rail: 'ACH_SAME_DAY', fixedFeeMinor: '500' }, { rail: 'WIRE', fixedFeeMinor: '2500', variableFeeBps: 10 }],
};

describe('platformFeeFor', () => {
  it('uses the corridor fee config before the all-corridor one', () => {
    const fee = platformFeeFor(CONFIG, 'USD', 'MXN');
    expect(fee.ok && fee.value).toEqual({ fixedMinor: 0n, variableBps: 25 });
  });

  it('falls back to the all-corridor fee config', () => {
    const fee = platformFeeFor(CONFIG, 'USD', 'EUR');
    expect(fee.ok && fee.value).toEqual({ fixedMinor: 100n, variableBps: 50 });
  });

  it('charges nothing when no fee config matches', () => {
    const fee = platformFeeFor(EMPTY_PLATFORM_CONFIG, 'USD', 'EUR');
    expect(fee.ok && fee.value).toEqual(ZERO_FEE);
  });

  it('charges a non-USD source no configured platform fee (fee configs are USD-source only)', () => {
    const fee = platformFeeFor(CONFIG, 'EUR', 'USD');
    expect(fee.ok && fee.value).toEqual(ZERO_FEE);
  });

  it('replaces the configured fee with an override; an absent part counts as 0', () => {
    const fee = platformFeeFor(CONFIG, 'USD', 'MXN', { platformFixedFee: { amount: 75, currency: 'USD' } });
    expect(fee.ok && fee.value).toEqual({ fixedMinor: 75n, variableBps: 0 });
    const both = platformFeeFor(CONFIG, 'USD', 'MXN', { platformFixedFee: { amount: 75, currency: { code: 'USD', decimals: 2 } }, platformVariableFeeBps: 10 });
    expect(both.ok && both.value).toEqual({ fixedMinor: 75n, variableBps: 10 });
  });

  it('rejects an override for a non-USD source with 400 INVALID_INPUT naming platformFeeOverride', () => {
    const fee = platformFeeFor(CONFIG, 'EUR', 'USD', { platformVariableFeeBps: 10 });
    expect(fee.ok).toBe(false);
    if (fee.ok) return;
    expect(fee.error.code).toBe('INVALID_INPUT');
    expect(fee.error.details).toMatchObject({ errors: [{ field: 'platformFeeOverride' }] });
  });

  it('rejects an override whose fixed fee is not in USD, naming platformFeeOverride.platformFixedFee.currency', () => {
    const fee = platformFeeFor(CONFIG, 'USD', 'MXN', { platformFixedFee: { amount: 75, currency: 'EUR' } });
    expect(fee.ok).toBe(false);
    if (fee.ok) return;
    expect(fee.error.details).toMatchObject({ errors: [{ field: 'platformFeeOverride.platformFixedFee.currency' }] });
  });
});

describe('platformFeeOverrideSchema', () => {
  it.each([
    ['an empty override', {}, false],
    ['bps above 10000', { platformVariableFeeBps: 10_001 }, false],
    ['negative bps', { platformVariableFeeBps: -1 }, false],
    ['a fractional fixed fee', { platformFixedFee: { amount: 1.5, currency: 'USD' } }, false],
    ['an unknown field', { platformVariableFeeBps: 1, extra: true }, false],
    ['bps 0', { platformVariableFeeBps: 0 }, true],
    ['bps 10000', { platformVariableFeeBps: 10_000 }, true],
    ['both parts', { platformFixedFee: { amount: 0, currency: 'USD' }, platformVariableFeeBps: 5 }, true],
  ])('%s is accepted: %s', (_name, value, accepted) => {
    expect(platformFeeOverrideSchema.safeParse(value).success).toBe(accepted);
  });
});

describe('railFeeFor and feesFor', () => {
  it('prices ACH_SAME_DAY on its own and leaves ACH free', () => {
    expect(railFeeFor(CONFIG, 'ACH_SAME_DAY')).toEqual({ fixedMinor: 500n, variableBps: 0 });
    expect(railFeeFor(CONFIG, 'ACH')).toBeUndefined();
  });

  it('returns both fees of a USD-sourced quote pinned to a rail', () => {
    const fees = feesFor(CONFIG, { sendingCurrency: 'USD', receivingCurrency: 'USD', rail: 'WIRE' });
    expect(fees.ok && fees.value).toEqual({ platformFee: { fixedMinor: 100n, variableBps: 50 }, railFee: { fixedMinor: 2500n, variableBps: 10 } });
  });

  it('applies no rail fee to a non-USD source (rail fees are USD amounts)', () => {
    const fees = feesFor(CONFIG, { sendingCurrency: 'EUR', receivingCurrency: 'USD', rail: 'WIRE' });
    expect(fees.ok && fees.value).toEqual({ platformFee: ZERO_FEE, railFee: undefined });
  });
});
