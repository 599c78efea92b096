/**
 * Shapes `GET /exchange-rates` entries: the published rate (fee-exclusive, as the spec defines
 * `exchangeRate`) with the platform fee folded in two ways: the fee schedule itself, and a
 * reference quote (SENDING locked, 100 major units of the sending currency, no rail) whose
 * `effectiveExchangeRate` is what a customer really pays per receiving unit at that amount. Beside
 * them, the reference's ExchangeRate names (issue 12): the destination rail, the sending limits,
 * and the query's sending amount priced as a quote over that rail (platform and rail fee).
 */
import { type Currency, currencyOf } from '../../core/currency.js';
import { RateDecimal, Rounding } from '../../core/decimal.js';
import { type CurrencyAmount, toCurrencyAmount } from '../../core/money.js';
import { formatInstant } from '../../core/time.js';
import type { FeeSchedule } from '../pricing/fees.js';
import { priceQuote } from '../pricing/price-quote.js';
import { scaleOf } from '../pricing/arithmetic.js';
import { type CorridorFees, feesOnAmountMinor, type SendingLimits } from './corridor.js';
import { rateExpiresAtMs, type ServedRate } from './lookup.js';
import type { PublishedRate } from './types.js';

/** The reference amount of every rate entry: 100 major units of the sending currency. */
export const REFERENCE_SENDING_MAJOR = 100n;

/** One entry of `GET /exchange-rates`. */
export type ExchangeRateView = {
  readonly sendingCurrency: Currency;
  readonly receivingCurrency: Currency;
  /** Sending units per receiving unit, fee-exclusive. */
  readonly exchangeRate: number;
  readonly asOf: string;
  /** The first instant the rate is no longer served (asOf + 5 minutes). */
  readonly expiresAt: string;
  /** The platform fee of this corridor (feeConfigs; none for a non-USD source). */
  readonly platformFee: { readonly fixedFee: CurrencyAmount; readonly variableFeeBps: number };
  /** The reference's ExchangeRate names (issue 12): source/destination currency (= sending/receiving). */
  readonly sourceCurrency: Currency;
  readonly destinationCurrency: Currency;
  /** The reference's ExchangeRate: when the rate was last refreshed (= asOf). */
  readonly updatedAt: string;
  /** The query's `sendingAmount` in minor units of the sending currency, else the reference's default 10000. */
  readonly sendingAmount: number;
  /** What `sendingAmount` delivers over `destinationPaymentRail`, fees taken, in receiving minor units (0 when nothing arrives). */
  readonly receivingAmount: number;
  /** The reference's ExchangeRateFees in sending minor units: the fixed parts, and the total on `sendingAmount` (platform and rail fee). */
  readonly fees: { readonly fixed: number; readonly total: number };
  /** The rail a payout in the destination currency travels on (`DESTINATION_RAIL_BY_CURRENCY`). */
  readonly destinationPaymentRail: string;
  /** The least one send can carry: it delivers one receiving minor unit after fees (sending minor units). */
  readonly minSendingAmount: number;
  /** The most one send can carry: the platform's limits, else 2^53 - 1 (sending minor units). */
  readonly maxSendingAmount: number;
  /** A SENDING-locked quote of the reference amount; absent when the fee takes all of it. */
  readonly reference?: {
    readonly sendingAmount: CurrencyAmount;
    readonly receivingAmount: CurrencyAmount;
    readonly feesIncluded: CurrencyAmount;
    /** Sending units paid per receiving unit delivered, fees included (12 significant digits). */
    readonly effectiveExchangeRate: number;
  };
};

/** What a row says about its corridor beyond the rate (`corridor.ts`), for the reference's names. */
export type CorridorFacts = {
  readonly destinationPaymentRail: string;
  readonly sendingAmountMinor: bigint;
  readonly fees: CorridorFees;
  readonly limits: SendingLimits;
};

/** The wire entry of a served rate with the corridor's platform fee and facts. Pure. */
export function exchangeRateView(rate: ServedRate, platformFee: FeeSchedule, corridor: CorridorFacts): ExchangeRateView {
  const base = {
    sendingCurrency: currencyOf(rate.sendingCurrency),
    receivingCurrency: currencyOf(rate.receivingCurrency),
    exchangeRate: Number(rate.exchangeRate),
    asOf: rate.asOf,
    expiresAt: rate.expiresAt,
    platformFee: { fixedFee: toCurrencyAmount(platformFee.fixedMinor, rate.sendingCurrency), variableFeeBps: platformFee.variableBps },
  };
  const sendingScale = scaleOf(currencyOf(rate.sendingCurrency).decimals);
  const receivingScale = scaleOf(currencyOf(rate.receivingCurrency).decimals);
  const referenceMinor = REFERENCE_SENDING_MAJOR * sendingScale;
  const priced = priceQuote({
    sendingCurrency: rate.sendingCurrency,
    receivingCurrency: rate.receivingCurrency,
    lockedSide: 'SENDING',
    lockedAmountMinor: referenceMinor,
    rate: rate.rate,
    platformFee,
  });
  const named = referenceNames(rate, corridor);
  if (!priced.ok) return { ...base, ...named };
  const { totalSendingAmountMinor: sent, totalReceivingAmountMinor: received, feesIncludedMinor: fees } = priced.value;
  const effective = new RateDecimal(sent.toString())
    .mul(receivingScale.toString())
    .div(new RateDecimal(received.toString()).mul(sendingScale.toString()))
    .toSignificantDigits(12, Rounding.halfEven);
  return {
    ...base,
    ...named,
    reference: {
      sendingAmount: toCurrencyAmount(sent, rate.sendingCurrency),
      receivingAmount: toCurrencyAmount(received, rate.receivingCurrency),
      feesIncluded: toCurrencyAmount(fees, rate.sendingCurrency),
      effectiveExchangeRate: effective.toNumber(),
    },
  };
}

/** The reference's names of a row: its amounts priced as a quote over the destination rail (minor units, at most 2^53 - 1). */
function referenceNames(rate: ServedRate, corridor: CorridorFacts) {
  const { sendingAmountMinor, fees, limits } = corridor;
  const priced =
    sendingAmountMinor < 1n
      ? undefined
      : priceQuote({
          sendingCurrency: rate.sendingCurrency,
          receivingCurrency: rate.receivingCurrency,
          lockedSide: 'SENDING',
          lockedAmountMinor: sendingAmountMinor,
          rate: rate.rate,
          platformFee: fees.platformFee,
          railFee: fees.railFee,
        });
  return {
    sourceCurrency: currencyOf(rate.sendingCurrency),
    destinationCurrency: currencyOf(rate.receivingCurrency),
    destinationPaymentRail: corridor.destinationPaymentRail,
    updatedAt: rate.asOf,
    sendingAmount: Number(sendingAmountMinor),
    minSendingAmount: Number(limits.minSendingAmountMinor),
    maxSendingAmount: Number(limits.maxSendingAmountMinor),
    receivingAmount: priced?.ok === true ? Number(priced.value.totalReceivingAmountMinor) : 0,
    fees: {
      fixed: Number(fees.platformFee.fixedMinor + (fees.railFee?.fixedMinor ?? 0n)),
      total: Number(feesOnAmountMinor(sendingAmountMinor, fees)),
    },
  };
}

/** The wire form of a stored rate as `POST /sandbox/exchange-rates` answers it. */
export type PublishedRateView = {
  readonly sendingCurrency: string;
  readonly receivingCurrency: string;
  readonly exchangeRate: string;
  readonly asOf: string;
  readonly expiresAt: string;
};

/** The wire form of a stored rate; the rate stays the exact canonical string that was stored. Pure. */
export function publishedRateView(rate: PublishedRate): PublishedRateView {
  return { ...rate, expiresAt: formatInstant(rateExpiresAtMs(rate)) };
}
