/**
 * Token amounts and base-currency amounts. A coin with `decimals` d backed by a currency with
 * minor-unit exponent b: one smallest token unit is 10^(b-d) minor units. An amount is
 * representable when it converts to a whole number of minor units (for d = 6 and USD, a multiple
 * of 10,000 units); the ledger then carries it as those minor units. Pure bigint arithmetic.
 */
import { type CurrencyCode, currencyOf } from '../../core/currency.js';

/** Most digits a token amount may have on the wire (keeps parsing and bigint sizes bounded). */
export const TOKEN_AMOUNT_DIGITS_MAX = 40;

/** Largest single mint or burn in minor units of the base currency (like sandbox funding: 1e9 USD). */
export const OPERATION_AMOUNT_MAX_MINOR = 100_000_000_000n;

/** Largest token `decimals` a coin may declare (ERC-20's customary 18). */
export const TOKEN_DECIMALS_MAX = 18;

function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/**
 * The minor units of `baseCurrency` worth `units` smallest token units, or undefined when that is
 * not a whole number of minor units. Pure.
 * @example baseMinorOf(1_230_000n, 6, 'USD') // 123n (1.23 tokens = 1.23 USD)
 */
export function baseMinorOf(units: bigint, decimals: number, baseCurrency: CurrencyCode): bigint | undefined {
  const minorDecimals = currencyOf(baseCurrency).decimals;
  if (decimals <= minorDecimals) return units * pow10(minorDecimals - decimals);
  const factor = pow10(decimals - minorDecimals);
  return units % factor === 0n ? units / factor : undefined;
}

/**
 * The smallest token units worth `baseMinor` minor units of `baseCurrency` (exact for any amount
 * the ledger holds, since it only ever holds representable amounts). Pure.
 */
export function tokenUnitsOf(baseMinor: bigint, decimals: number, baseCurrency: CurrencyCode): bigint {
  const minorDecimals = currencyOf(baseCurrency).decimals;
  if (decimals >= minorDecimals) return baseMinor * pow10(decimals - minorDecimals);
  return baseMinor / pow10(minorDecimals - decimals);
}

/** The unit step a representable amount is a multiple of, as digits (for error messages). Pure. */
export function representableStep(decimals: number, baseCurrency: CurrencyCode): string {
  const minorDecimals = currencyOf(baseCurrency).decimals;
  return decimals <= minorDecimals ? '1' : pow10(decimals - minorDecimals).toString();
}
