/**
 * Amount limits a quote or payout must respect: the configured single-transaction maximums
 * (400 TRANSACTION_SIZE_LIMIT_EXCEEDED), the configured daily volume (429
 * DAILY_VOLUME_LIMIT_EXCEEDED, counted per UTC day by the caller) and the ACH_SAME_DAY per-entry
 * limit of the spec (400 AMOUNT_OUT_OF_RANGE: use ACH). Lookups read the configuration; checks
 * return errors as data. Pure.
 */
import type { CurrencyCode } from '../../core/currency.js';
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { PlatformConfig } from '../config/types.js';

/**
 * The single-transaction maximum of a corridor, in minor units of the sending currency: the
 * limit for exactly this corridor, else the one for the sending currency to any currency, else
 * undefined (no limit).
 */
export function singleTransactionMaximum(config: PlatformConfig, sendingCurrency: CurrencyCode, receivingCurrency: CurrencyCode): bigint | undefined {
  let general: bigint | undefined;
  for (const limit of config.transactionLimits) {
    if (!('sendingCurrency' in limit) || limit.sendingCurrency !== sendingCurrency) continue;
    if (limit.receivingCurrency === receivingCurrency) return BigInt(limit.maxAmountMinor);
    if (limit.receivingCurrency === undefined) general = BigInt(limit.maxAmountMinor);
  }
  return general;
}

/** The single-transaction maximum for withdrawals in `currency` (its minor units), or undefined. */
export function withdrawalMaximum(config: PlatformConfig, currency: CurrencyCode): bigint | undefined {
  for (const limit of config.transactionLimits) {
    if ('withdrawalCurrency' in limit && limit.withdrawalCurrency === currency) return BigInt(limit.maxAmountMinor);
  }
  return undefined;
}

/** The daily volume cap for `currency` (its minor units), or undefined. */
export function dailyVolumeLimit(config: PlatformConfig, currency: CurrencyCode): bigint | undefined {
  const limit = config.dailyVolumeLimits.find((entry) => entry.currency === currency);
  return limit === undefined ? undefined : BigInt(limit.maxAmountMinor);
}

/** 400 TRANSACTION_SIZE_LIMIT_EXCEEDED when the total sending amount is above the corridor's maximum (equal is allowed). */
export function checkTransactionSize(
  config: PlatformConfig,
  sendingCurrency: CurrencyCode,
  receivingCurrency: CurrencyCode,
  sendingAmountMinor: bigint,
): Result<undefined, ApiError> {
  const maximum = singleTransactionMaximum(config, sendingCurrency, receivingCurrency);
  if (maximum === undefined || sendingAmountMinor <= maximum) return ok(undefined);
  return err(
    apiError('TRANSACTION_SIZE_LIMIT_EXCEEDED', `${sendingAmountMinor} is above the ${sendingCurrency} to ${receivingCurrency} single-transaction maximum of ${maximum}`, {
      sendingCurrency,
      receivingCurrency,
      maxAmount: maximum.toString(),
    }),
  );
}

/** 400 TRANSACTION_SIZE_LIMIT_EXCEEDED when a withdrawal is above its currency's maximum (equal is allowed). */
export function checkWithdrawalSize(config: PlatformConfig, currency: CurrencyCode, amountMinor: bigint): Result<undefined, ApiError> {
  const maximum = withdrawalMaximum(config, currency);
  if (maximum === undefined || amountMinor <= maximum) return ok(undefined);
  return err(
    apiError('TRANSACTION_SIZE_LIMIT_EXCEEDED', `${amountMinor} is above the ${currency} withdrawal maximum of ${maximum}`, {
      withdrawalCurrency: currency,
      maxAmount: maximum.toString(),
    }),
  );
}

/**
 * 429 DAILY_VOLUME_LIMIT_EXCEEDED when `usedTodayMinor + amountMinor` would pass the daily cap
 * (reaching it exactly is allowed). The caller counts `usedTodayMinor` over `utcDayOf(now)`.
 */
export function checkDailyVolume(config: PlatformConfig, currency: CurrencyCode, usedTodayMinor: bigint, amountMinor: bigint): Result<undefined, ApiError> {
  const limit = dailyVolumeLimit(config, currency);
  if (limit === undefined || usedTodayMinor + amountMinor <= limit) return ok(undefined);
  return err(
    apiError('DAILY_VOLUME_LIMIT_EXCEEDED', `${currency} daily volume would reach ${usedTodayMinor + amountMinor}, above the limit of ${limit}`, {
      currency,
      maxAmount: limit.toString(),
      usedAmount: usedTodayMinor.toString(),
    }),
  );
}

const DAY_MS = 86_400_000;

/** The UTC day containing `atMs`, half-open `[startMs, endMs)`: the window daily volume counts over. */
export function utcDayOf(atMs: number): { readonly startMs: number; readonly endMs: number } {
  const startMs = Math.floor(atMs / DAY_MS) * DAY_MS;
  return { startMs, endMs: startMs + DAY_MS };
}

/** ACH_SAME_DAY per-entry limit until the rise: USD 1,000,000 in cents. */
export const ACH_SAME_DAY_LIMIT_BEFORE_MINOR = 100_000_000n;
/** ACH_SAME_DAY per-entry limit from the rise: USD 10,000,000 in cents. */
export const ACH_SAME_DAY_LIMIT_FROM_MINOR = 1_000_000_000n;
/**
 * The rise takes effect at the start of 2027-09-17 in US Eastern time, the zone the Federal
 * Reserve's ACH schedule runs on: 2027-09-17T00:00:00-04:00 (EDT) = 2027-09-17T04:00:00Z.
 */
export const ACH_SAME_DAY_LIMIT_RISE_AT_MS = Date.UTC(2027, 8, 17, 4, 0, 0);

/** The ACH_SAME_DAY per-entry limit in USD cents at an instant. Pure. */
export function achSameDayLimitMinor(atMs: number): bigint {
  return atMs < ACH_SAME_DAY_LIMIT_RISE_AT_MS ? ACH_SAME_DAY_LIMIT_BEFORE_MINOR : ACH_SAME_DAY_LIMIT_FROM_MINOR;
}

/** 400 AMOUNT_OUT_OF_RANGE when a USD payout pinned to ACH_SAME_DAY is above the per-entry limit (equal is allowed). */
export function checkAchSameDay(amountMinor: bigint, atMs: number): Result<undefined, ApiError> {
  const limit = achSameDayLimitMinor(atMs);
  if (amountMinor <= limit) return ok(undefined);
  return err(
    apiError('AMOUNT_OUT_OF_RANGE', `ACH_SAME_DAY carries at most ${limit} cents per entry; use ACH for larger payouts`, {
      paymentRail: 'ACH_SAME_DAY',
      maxAmount: limit.toString(),
    }),
  );
}
