/**
 * Prices a quote: fees come off the sending amount first, the rest converts at the rate
 * (DECISIONS.md "Quotes and fees"). Exact bigint arithmetic throughout; every rounding names its
 * mode and leans toward the service, so it never delivers more than it collected:
 *
 * - SENDING locked: received = convert(send - fees), rounded DOWN.
 * - RECEIVING locked: the smallest send whose net converts to at least the locked amount
 *   (needed net rounded UP, send solved exactly); exactly the locked amount is delivered.
 *
 * The formulas, worked examples and rounding choices are in docs/config-and-rates.md. Pure.
 */
import { assert } from '../../core/assert.js';
import type { CurrencyCode } from '../../core/currency.js';
import { currencyOf } from '../../core/currency.js';
import { RateDecimal, Rounding } from '../../core/decimal.js';
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { divideRounded, rateFraction, scaleOf } from './arithmetic.js';
import { assertFeeSchedule, BPS_PER_WHOLE, type FeeSchedule, variableFeeMinor, ZERO_FEE } from './fees.js';

/** Which side of a quote the customer fixed. */
export type LockedSide = 'SENDING' | 'RECEIVING';

/** Largest total on either side: amounts travel as JSON integers, so at most 2^53 - 1. */
export const QUOTE_AMOUNT_MAX_MINOR = BigInt(Number.MAX_SAFE_INTEGER);

/** What `priceQuote` needs. Fees are in minor units of the sending currency. */
export type PriceQuoteInput = {
  readonly sendingCurrency: CurrencyCode;
  readonly receivingCurrency: CurrencyCode;
  readonly lockedSide: LockedSide;
  /** Minor units of the locked side's currency. */
  readonly lockedAmountMinor: bigint;
  /** Sending major units per receiving major unit, fee-exclusive (the spec's `exchangeRate`). */
  readonly rate: RateDecimal;
  /** The platform's own cut (`platformFeeFor`). */
  readonly platformFee: FeeSchedule;
  /** The rail's price (`railFeeFor`), when the quote is pinned to a rail that has one. */
  readonly railFee?: FeeSchedule | undefined;
};

/**
 * The spec's `rateDetails`, JSON-safe (decimal strings, amounts in minor units). The service
 * converts itself, so the counterparty leg is neutral (multiplier "1", fee "0"); `svcApi*`
 * describe the service's conversion and the rail fee it collects (the platform's cut is
 * `platformFeesIncluded`, not here).
 */
export type RateDetails = {
  /** Receiving per sending unit applied by a counterparty; "1": no counterparty leg. */
  readonly counterpartyMultiplier: string;
  /** Fixed fee a counterparty takes in receiving minor units; "0": no counterparty leg. */
  readonly counterpartyFixedFee: string;
  /** Receiving minor units per sending minor unit at the quoted rate (20 significant digits). */
  readonly svcApiMultiplier: string;
  /** The rail's fixed fee, sending minor units. */
  readonly svcApiFixedFee: string;
  /** The rail's variable fee as a fraction of the sending amount ("0.0025" is 25 bps). */
  readonly svcApiVariableFeeRate: string;
  /** The rail's variable fee, sending minor units. */
  readonly svcApiVariableFeeAmount: string;
};

/** A priced quote. `feesIncludedMinor = platformFeesIncludedMinor + railFeesIncludedMinor`. */
export type QuotePrice = {
  readonly totalSendingAmountMinor: bigint;
  readonly totalReceivingAmountMinor: bigint;
  readonly feesIncludedMinor: bigint;
  readonly platformFeesIncludedMinor: bigint;
  readonly railFeesIncludedMinor: bigint;
  /** The rate as a canonical decimal string (sending major per receiving major, fee-exclusive). */
  readonly exchangeRate: string;
  readonly rateDetails: RateDetails;
};

/** The fees on a total sending amount, split between the platform and the rail. */
type FeeSplit = { readonly platformMinor: bigint; readonly railMinor: bigint; readonly railVariableMinor: bigint; readonly totalMinor: bigint };

/**
 * Prices a quote, or says why it cannot be priced: 400 INVALID_AMOUNT for a locked amount below
 * 1, 400 AMOUNT_OUT_OF_RANGE when the fees swallow the amount, nothing would arrive, or a total
 * exceeds `QUOTE_AMOUNT_MAX_MINOR`. Pure.
 * @example
 * priceQuote({ sendingCurrency: 'USD', receivingCurrency: 'MXN', lockedSide: 'SENDING',
 *   lockedAmountMinor: 10_000n, rate: new RateDecimal('0.058'),
 *   platformFee: { fixedMinor: 100n, variableBps: 50 } })
 * // ok: send 10000, fees 150, receive 169827 (MXN centavos)
 */
export function priceQuote(input: PriceQuoteInput): Result<QuotePrice, ApiError> {
  const platformFee = input.platformFee;
  const railFee = input.railFee ?? ZERO_FEE;
  assertFeeSchedule(platformFee, 'platformFee');
  assertFeeSchedule(railFee, 'railFee');
  if (input.sendingCurrency === input.receivingCurrency) {
    assert(input.rate.eq(1), `a same-currency quote converts at 1, got ${input.rate.toString()}`);
  }
  if (input.lockedAmountMinor < 1n) {
    return err(apiError('INVALID_AMOUNT', 'The locked amount must be at least 1 minor unit', { lockedAmount: input.lockedAmountMinor.toString() }));
  }
  if (input.lockedAmountMinor > QUOTE_AMOUNT_MAX_MINOR) return err(outOfRange(`The locked amount exceeds ${QUOTE_AMOUNT_MAX_MINOR}`, input));

  const { numerator: rateNumerator, denominator: rateDenominator } = rateFraction(input.rate);
  const sendingScale = scaleOf(currencyOf(input.sendingCurrency).decimals);
  const receivingScale = scaleOf(currencyOf(input.receivingCurrency).decimals);
  // receiving minor = sending minor * (rateDenominator * receivingScale) / (rateNumerator * sendingScale)
  const toReceivingNumerator = rateDenominator * receivingScale;
  const toReceivingDenominator = rateNumerator * sendingScale;
  const convertDown = (netSendingMinor: bigint): bigint =>
    divideRounded(netSendingMinor * toReceivingNumerator, toReceivingDenominator, Rounding.down);

  const fixedMinor = platformFee.fixedMinor + railFee.fixedMinor;
  const totalBps = platformFee.variableBps + railFee.variableBps;
  const feesOn = (sendMinor: bigint): FeeSplit => {
    // One ceiling over the combined rate keeps net(send) non-decreasing in send; the platform's
    // share is its own ceiling, the rail gets the rest (never negative).
    const variableMinor = variableFeeMinor(sendMinor, totalBps);
    const platformVariableMinor = variableFeeMinor(sendMinor, platformFee.variableBps);
    const railVariableMinor = variableMinor - platformVariableMinor;
    assert(railVariableMinor >= 0n, 'rail variable fee must not be negative');
    return {
      platformMinor: platformFee.fixedMinor + platformVariableMinor,
      railMinor: railFee.fixedMinor + railVariableMinor,
      railVariableMinor,
      totalMinor: fixedMinor + variableMinor,
    };
  };

  let sendMinor: bigint;
  let receiveMinor: bigint;
  if (input.lockedSide === 'SENDING') {
    sendMinor = input.lockedAmountMinor;
    const fees = feesOn(sendMinor);
    if (fees.totalMinor >= sendMinor) {
      return err(outOfRange(`Fees of ${fees.totalMinor} take the whole sending amount of ${sendMinor}`, input));
    }
    receiveMinor = convertDown(sendMinor - fees.totalMinor);
    if (receiveMinor < 1n) return err(outOfRange('The amount after fees converts to less than 1 minor unit of the receiving currency', input));
    if (receiveMinor > QUOTE_AMOUNT_MAX_MINOR) return err(outOfRange(`The receiving amount exceeds ${QUOTE_AMOUNT_MAX_MINOR}`, input));
  } else {
    receiveMinor = input.lockedAmountMinor;
    if (totalBps >= BPS_PER_WHOLE) return err(outOfRange(`Variable fees of ${totalBps} bps take the whole sending amount`, input));
    // The least net that converts (rounded down) to the locked amount, then the least send whose
    // net after fees reaches it: s - F - ceil(s*B/10000) >= N  <=>  s*(10000-B) >= 10000*(F+N).
    const netNeededMinor = divideRounded(receiveMinor * toReceivingDenominator, toReceivingNumerator, Rounding.up);
    sendMinor = divideRounded(BigInt(BPS_PER_WHOLE) * (fixedMinor + netNeededMinor), BigInt(BPS_PER_WHOLE - totalBps), Rounding.up);
    assert(sendMinor - feesOn(sendMinor).totalMinor >= netNeededMinor, 'RECEIVING: send must cover fees and the needed net');
    assert(sendMinor === 1n || sendMinor - 1n - feesOn(sendMinor - 1n).totalMinor < netNeededMinor, 'RECEIVING: send must be the least that works');
    assert(convertDown(sendMinor - feesOn(sendMinor).totalMinor) >= receiveMinor, 'RECEIVING: the net must convert to the locked amount');
    if (sendMinor > QUOTE_AMOUNT_MAX_MINOR) return err(outOfRange(`The sending amount exceeds ${QUOTE_AMOUNT_MAX_MINOR}`, input));
  }

  const fees = feesOn(sendMinor);
  return ok({
    totalSendingAmountMinor: sendMinor,
    totalReceivingAmountMinor: receiveMinor,
    feesIncludedMinor: fees.totalMinor,
    platformFeesIncludedMinor: fees.platformMinor,
    railFeesIncludedMinor: fees.railMinor,
    exchangeRate: canonicalRate(input.rate),
    rateDetails: {
      counterpartyMultiplier: '1',
      counterpartyFixedFee: '0',
      // Display values only (amounts above are exact): the multiplier rounds half-even to 20
      // significant digits; bps / 10000 is exact.
      svcApiMultiplier: new RateDecimal(toReceivingNumerator.toString())
        .div(toReceivingDenominator.toString())
        .toSignificantDigits(20, Rounding.halfEven)
        .toFixed(),
      svcApiFixedFee: railFee.fixedMinor.toString(),
      svcApiVariableFeeRate: new RateDecimal(railFee.variableBps).div(BPS_PER_WHOLE).toFixed(),
      svcApiVariableFeeAmount: fees.railVariableMinor.toString(),
    },
  });
}

/** A rate as a canonical decimal string: no exponent, no trailing zeros ("17.250" -> "17.25"). */
export function canonicalRate(rate: RateDecimal): string {
  return rate.toFixed();
}

function outOfRange(reason: string, input: PriceQuoteInput): ApiError {
  return apiError('AMOUNT_OUT_OF_RANGE', reason, {
    lockedSide: input.lockedSide,
    lockedAmount: input.lockedAmountMinor.toString(),
    sendingCurrency: input.sendingCurrency,
    receivingCurrency: input.receivingCurrency,
  });
}
