/**
 * decimal.js, only through a private clone with explicit precision and rounding. The global
 * `Decimal` is never used, so no other code in the process can change how we round.
 */
import { Decimal } from 'decimal.js';

/** Decimal constructor for rates and fee maths: 40 significant digits, banker's rounding default. */
export const RateDecimal = Decimal.clone({
  precision: 40,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -40,
  toExpPos: 40,
});
/** A decimal value made by `RateDecimal`. */
export type RateDecimal = InstanceType<typeof RateDecimal>;

/** Rounding modes, named at each call site. */
export const Rounding = {
  down: Decimal.ROUND_DOWN,
  up: Decimal.ROUND_UP,
  halfEven: Decimal.ROUND_HALF_EVEN,
  halfUp: Decimal.ROUND_HALF_UP,
  floor: Decimal.ROUND_FLOOR,
  ceil: Decimal.ROUND_CEIL,
} as const;
/** One of `Rounding`'s modes. */
export type RoundingMode = (typeof Rounding)[keyof typeof Rounding];

/**
 * Rounds a decimal to a whole number of minor units with the named mode.
 * @example toMinorUnits(new RateDecimal('12.5'), Rounding.down) // 12n
 */
export function toMinorUnits(value: RateDecimal, rounding: RoundingMode): bigint {
  return BigInt(value.toDecimalPlaces(0, rounding).toFixed(0));
}
