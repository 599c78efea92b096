/**
 * The platform's `supportedCurrencies` (reference PlatformCurrencyConfig) applied to a quote.
 * Before the platform sets a list nothing is checked (today's behaviour). Once set, the list is an
 * allow-list (the reference: "what the platform's customers are able to hold, send, and
 * receive"): both currencies of the quote must be listed and must enable the quote's transaction
 * type (400 INVALID_CURRENCY), and the total sending amount must lie within the sending currency's
 * `[minAmount, maxAmount]`, bounds included (400 AMOUNT_OUT_OF_RANGE). Deciders call this;
 * evolvers never do, so old logs replay to the same answers. Pure.
 */
import type { CurrencyCode } from '../../core/currency.js';
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { PlatformCurrencyConfig, TRANSACTION_TYPES } from '../config/reference-fields.js';
import type { PlatformConfig } from '../config/types.js';

/** The reference's TransactionType: OUTGOING for a payout, INCOMING for money coming in (pull, real-time funding). */
export type QuoteTransactionType = (typeof TRANSACTION_TYPES)[number];

/** What the check needs to know about a priced quote. */
export type CurrencySupportQuery = {
  readonly transactionType: QuoteTransactionType;
  readonly sendingCurrency: CurrencyCode;
  readonly receivingCurrency: CurrencyCode;
  /** The total the customer sends (fees included), in minor units of `sendingCurrency`. */
  readonly sendingAmountMinor: bigint;
};

function entryFor(list: readonly PlatformCurrencyConfig[], currency: CurrencyCode): PlatformCurrencyConfig | undefined {
  return list.find((entry) => entry.currencyCode === currency);
}

function checkCurrencyEnabled(list: readonly PlatformCurrencyConfig[], currency: CurrencyCode, role: 'sending' | 'receiving', type: QuoteTransactionType): ApiError | undefined {
  const entry = entryFor(list, currency);
  if (entry === undefined) {
    return apiError('INVALID_CURRENCY', `${currency} is not among the platform's supportedCurrencies`, { currency, field: `${role}Currency` });
  }
  if (!entry.enabledTransactionTypes.includes(type)) {
    return apiError('INVALID_CURRENCY', `${type} transactions are not enabled for ${currency} in the platform's supportedCurrencies`, {
      currency,
      field: `${role}Currency`,
      transactionType: type,
      enabledTransactionTypes: [...entry.enabledTransactionTypes],
    });
  }
  return undefined;
}

/**
 * 400 INVALID_CURRENCY when a set `supportedCurrencies` does not list a currency of the quote or
 * does not enable its transaction type for it; 400 AMOUNT_OUT_OF_RANGE when the sending amount is
 * below the sending currency's `minAmount` or above its `maxAmount` (both bounds allowed). Unset
 * list: ok.
 */
export function checkSupportedCurrencies(config: PlatformConfig, query: CurrencySupportQuery): Result<undefined, ApiError> {
  const list = config.supportedCurrencies;
  if (list === undefined) return ok(undefined);
  const sending = checkCurrencyEnabled(list, query.sendingCurrency, 'sending', query.transactionType);
  if (sending !== undefined) return err(sending);
  const receiving = checkCurrencyEnabled(list, query.receivingCurrency, 'receiving', query.transactionType);
  if (receiving !== undefined) return err(receiving);
  const entry = entryFor(list, query.sendingCurrency)!;
  const minimum = BigInt(entry.minAmountMinor);
  const maximum = BigInt(entry.maxAmountMinor);
  if (query.sendingAmountMinor >= minimum && query.sendingAmountMinor <= maximum) return ok(undefined);
  const side = query.sendingAmountMinor < minimum ? `below the ${query.sendingCurrency} minimum of ${minimum}` : `above the ${query.sendingCurrency} maximum of ${maximum}`;
  return err(
    apiError('AMOUNT_OUT_OF_RANGE', `The sending amount ${query.sendingAmountMinor} is ${side} (supportedCurrencies)`, {
      currency: query.sendingCurrency,
      minAmount: minimum.toString(),
      maxAmount: maximum.toString(),
    }),
  );
}
