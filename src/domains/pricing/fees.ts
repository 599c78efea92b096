/**
 * Fee schedules: a fixed part in minor units of the sending currency and a variable part in
 * basis points of the total sending amount. Variable fees round UP, so a configured rate is never
 * undercharged by a fraction of a minor unit. Pure.
 */
import { assert } from '../../core/assert.js';
import { Rounding } from '../../core/decimal.js';
import { divideRounded } from './arithmetic.js';

/** Basis points in a whole (100%). */
export const BPS_PER_WHOLE = 10_000;

/** A fee: fixed minor units of the sending currency plus `variableBps` of the sending amount. */
export type FeeSchedule = { readonly fixedMinor: bigint; readonly variableBps: number };

/** No fee at all. */
export const ZERO_FEE: FeeSchedule = Object.freeze({ fixedMinor: 0n, variableBps: 0 });

/** Asserts a schedule is well formed (validated where it entered; a bad one here is a bug). */
export function assertFeeSchedule(fee: FeeSchedule, name: string): void {
  assert(fee.fixedMinor >= 0n, `${name}.fixedMinor must be >= 0`);
  assert(Number.isInteger(fee.variableBps) && fee.variableBps >= 0 && fee.variableBps <= BPS_PER_WHOLE, `${name}.variableBps must be 0..10000`);
}

/** `bps` basis points of `amountMinor`, rounded UP to a whole minor unit. Pure. */
export function variableFeeMinor(amountMinor: bigint, bps: number): bigint {
  return divideRounded(amountMinor * BigInt(bps), BigInt(BPS_PER_WHOLE), Rounding.up);
}

/** True when the schedule charges nothing. */
export function isZeroFee(fee: FeeSchedule): boolean {
  return fee.fixedMinor === 0n && fee.variableBps === 0;
}
