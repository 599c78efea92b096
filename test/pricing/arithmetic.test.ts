/** Exact division with a named rounding mode and rates as exact fractions. */
import { describe, expect, it } from 'vitest';
import { RateDecimal, Rounding } from '../../src/core/decimal.js';
import { divideRounded, rateFraction } from '../../src/domains/pricing/index.js';

describe('divideRounded', () => {
  it.each([
    [7n, 2n, Rounding.down, 3n],
    [7n, 2n, Rounding.up, 4n],
    [8n, 2n, Rounding.up, 4n],
    [0n, 5n, Rounding.up, 0n],
    [1n, 3n, Rounding.down, 0n],
  ] as const)('%s / %s rounded with mode %s is %s', (n, d, mode, expected) => {
    expect(divideRounded(n, d, mode)).toBe(expected);
  });

  it('treats a zero denominator or a negative numerator as a bug', () => {
    expect(() => divideRounded(1n, 0n, Rounding.down)).toThrow();
    expect(() => divideRounded(-1n, 2n, Rounding.down)).toThrow();
  });
});

describe('rateFraction', () => {
  it.each([
    ['0.058', 58n, 1000n],
    ['65000', 65000n, 1n],
    ['1.0800', 108n, 100n],
    ['0.000000000000000001', 1n, 10n ** 18n],
  ])('reads %s exactly as %s / %s', (text, numerator, denominator) => {
    expect(rateFraction(new RateDecimal(text))).toEqual({ numerator, denominator });
  });

  it('treats a zero rate as a bug', () => {
    expect(() => rateFraction(new RateDecimal(0))).toThrow();
  });
});
