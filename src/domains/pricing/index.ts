/**
 * Pricing: pure functions the quote engine calls. `priceQuote` turns a locked amount, a rate and
 * fee schedules into totals; `feesFor` / `platformFeeFor` / `railFeeFor` read the schedules from
 * the configuration; the limit helpers check amounts against configured and spec limits.
 */
export { divideRounded, rateFraction, scaleOf } from './arithmetic.js';
export type { DivisionRounding, RateFraction } from './arithmetic.js';
export { BPS_PER_WHOLE, isZeroFee, variableFeeMinor, ZERO_FEE } from './fees.js';
export type { FeeSchedule } from './fees.js';
export { FEE_SOURCE_CURRENCY, feesFor, platformFeeFor, platformFeeOverrideSchema, railFeeFor } from './fee-resolution.js';
export type { FeeQuery, PlatformFeeOverride } from './fee-resolution.js';
export {
  ACH_SAME_DAY_LIMIT_BEFORE_MINOR,
  ACH_SAME_DAY_LIMIT_FROM_MINOR,
  ACH_SAME_DAY_LIMIT_RISE_AT_MS,
  achSameDayLimitMinor,
  checkAchSameDay,
  checkDailyVolume,
  checkTransactionSize,
  checkWithdrawalSize,
  dailyVolumeLimit,
  singleTransactionMaximum,
  utcDayOf,
  withdrawalMaximum,
} from './limits.js';
export { checkSupportedCurrencies } from './currency-support.js';
export type { CurrencySupportQuery, QuoteTransactionType } from './currency-support.js';
export { canonicalRate, priceQuote, QUOTE_AMOUNT_MAX_MINOR } from './price-quote.js';
export type { LockedSide, PriceQuoteInput, QuotePrice, RateDetails } from './price-quote.js';
