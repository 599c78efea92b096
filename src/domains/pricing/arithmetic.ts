/**
 * Exact arithmetic for pricing: a rate as a fraction of bigints and integer division with a named
 * rounding mode. Pricing never divides in floating or fixed precision, so "never deliver more
 * than collected" holds exactly, not up to a rounding error of the decimal library. Pure.
 */
import { assert } from '../../core/assert.js';
import { type RateDecimal, Rounding } from '../../core/decimal.js';

/** The two modes an exact division may take: toward zero (down) or away from zero (up). */
export type DivisionRounding = typeof Rounding.down | typeof Rounding.up;

/**
 * `numerator / denominator` rounded with the named mode; both operands non-negative, the
 * denominator positive (anything else is a bug). Pure.
 * @example divideRounded(7n, 2n, Rounding.up) // 4n
 */
export function divideRounded(numerator: bigint, denominator: bigint, rounding: DivisionRounding): bigint {
  assert(numerator >= 0n, `divideRounded: negative numerator ${numerator}`);
  assert(denominator > 0n, `divideRounded: denominator must be positive, got ${denominator}`);
  const quotient = numerator / denominator;
  if (rounding === Rounding.down) return quotient;
  return quotient * denominator === numerator ? quotient : quotient + 1n;
}

/** A positive rate as an exact fraction `numerator / denominator`. */
export type RateFraction = { readonly numerator: bigint; readonly denominator: bigint };

/**
 * The exact fraction of a positive, finite decimal (a `RateDecimal` built from a decimal string
 * holds it exactly; nothing here rounds). A rate that is not positive is a bug: rates are
 * validated where they enter (`parseRateInputs`).
 */
export function rateFraction(rate: RateDecimal): RateFraction {
  assert(rate.isFinite() && rate.isPositive() && !rate.isZero(), `rate must be positive and finite, got ${rate.toString()}`);
  const text = rate.toFixed();
  const [whole = '0', fraction = ''] = text.split('.');
  return { numerator: BigInt(whole + fraction), denominator: 10n ** BigInt(fraction.length) };
}

/** 10 to the power `decimals`, as a bigint. */
export function scaleOf(decimals: number): bigint {
  return 10n ** BigInt(decimals);
}
