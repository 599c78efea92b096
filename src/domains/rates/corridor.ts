/**
 * What `GET /exchange-rates` says about a corridor beside its rate (the reference's ExchangeRate,
 * issue 12): the rail a payout in the destination currency travels on, and the least and most a
 * single send can carry. Derived from what the engine already knows: the automatic rail of the
 * external account type of that currency, the platform's limits, and the pricing rules. Pure.
 * See docs/wire-contract.md ("Exchange rates") for the choices.
 */
import type { CurrencyCode } from '../../core/currency.js';
import type { PlatformConfig } from '../config/types.js';
import { type FeeSchedule, variableFeeMinor } from '../pricing/fees.js';
import { dailyVolumeLimit, singleTransactionMaximum } from '../pricing/limits.js';
import { priceQuote, QUOTE_AMOUNT_MAX_MINOR } from '../pricing/price-quote.js';
import type { ServedRate } from './lookup.js';

/**
 * The rail a payout in each destination currency travels on. Where the engine has an external
 * account type for the currency, it is the rail a quote to such an account picks by itself
 * (USD_ACCOUNT: ACH, EUR_ACCOUNT: SEPA, MXN_ACCOUNT: SPEI, GBP_ACCOUNT: FASTER_PAYMENTS;
 * SPARK_WALLET: SPARK for BTC; the stablecoin wallets: ONCHAIN). Elsewhere it is the first rail
 * of the reference's account type of that currency (INR: UPI, BRL: PIX, CAD, PHP, NGN:
 * BANK_TRANSFER); JPY has no account type in the reference, so an international wire (SWIFT).
 */
export const DESTINATION_RAIL_BY_CURRENCY: Readonly<Record<CurrencyCode, string>> = Object.freeze({
  USD: 'ACH',
  EUR: 'SEPA',
  MXN: 'SPEI',
  GBP: 'FASTER_PAYMENTS',
  INR: 'UPI',
  BRL: 'PIX',
  CAD: 'BANK_TRANSFER',
  PHP: 'BANK_TRANSFER',
  NGN: 'BANK_TRANSFER',
  JPY: 'SWIFT',
  BTC: 'SPARK',
  USDC: 'ONCHAIN',
  USDT: 'ONCHAIN',
});

/** The least and most one send of a corridor can carry, in minor units of the sending currency. */
export type SendingLimits = { readonly minSendingAmountMinor: bigint; readonly maxSendingAmountMinor: bigint };

/** The fees a send of the corridor pays: the platform's, and the destination rail's when it has a price. */
export type CorridorFees = { readonly platformFee: FeeSchedule; readonly railFee?: FeeSchedule | undefined };

/**
 * The corridor's sending limits. Minimum: the least sending amount that delivers one minor unit
 * of the destination currency after fees (a RECEIVING-locked price of 1, the same arithmetic a
 * quote uses). Maximum: the lowest of the corridor's single-transaction maximum, the sending
 * currency's daily volume limit (one send above it is always refused) and the largest amount a
 * quote can carry (2^53 - 1). When nothing can be priced (fees of 100%), both are 0. Pure.
 */
export function sendingLimits(config: PlatformConfig, rate: ServedRate, fees: CorridorFees): SendingLimits {
  const least = priceQuote({
    sendingCurrency: rate.sendingCurrency,
    receivingCurrency: rate.receivingCurrency,
    lockedSide: 'RECEIVING',
    lockedAmountMinor: 1n,
    rate: rate.rate,
    platformFee: fees.platformFee,
    railFee: fees.railFee,
  });
  if (!least.ok) return { minSendingAmountMinor: 0n, maxSendingAmountMinor: 0n };
  let maximum = QUOTE_AMOUNT_MAX_MINOR;
  for (const limit of [singleTransactionMaximum(config, rate.sendingCurrency, rate.receivingCurrency), dailyVolumeLimit(config, rate.sendingCurrency)]) {
    if (limit !== undefined && limit < maximum) maximum = limit;
  }
  return { minSendingAmountMinor: least.value.totalSendingAmountMinor, maxSendingAmountMinor: maximum };
}

/** The fees on `sendingAmountMinor` (fixed parts plus variable parts rounded up), at most the amount itself. Pure. */
export function feesOnAmountMinor(sendingAmountMinor: bigint, fees: CorridorFees): bigint {
  const railFee = fees.railFee ?? { fixedMinor: 0n, variableBps: 0 };
  const total =
    fees.platformFee.fixedMinor + railFee.fixedMinor + variableFeeMinor(sendingAmountMinor, fees.platformFee.variableBps + railFee.variableBps);
  return total < sendingAmountMinor ? total : sendingAmountMinor;
}

/** The sending amount of a row when the query names none: the reference's default, 10000 minor units. */
export const DEFAULT_SENDING_AMOUNT_MINOR = 10_000n;
