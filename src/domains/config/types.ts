/**
 * The platform configuration as stored in the log and in state: JSON-safe (amounts are decimal
 * strings of minor units, never bigint, never undefined). `regulated` and
 * `skipVerificationPaperwork` live in `state.platform` (customers read them there); this record
 * holds the rest. Read it through `src/domains/pricing` (fee and limit lookups), never by hand.
 */
import type { CurrencyCode } from '../../core/currency.js';
import type { PaymentRail } from './rails.js';
import type { EmbeddedWalletConfig, PlatformCurrencyConfig } from './reference-fields.js';

/** A platform fee for USD-sourced quotes, for one receiving currency or (without one) for all. */
export type FeeConfig = {
  readonly sourceCurrency: 'USD';
  readonly receivingCurrency?: CurrencyCode;
  readonly variableFeeBps?: number;
  /** Minor units of the source currency. */
  readonly fixedFeeMinor?: string;
};

/** The price of one rail, in USD minor units and basis points. */
export type RailFeeConfig = {
  readonly rail: PaymentRail;
  readonly variableFeeBps?: number;
  readonly fixedFeeMinor?: string;
};

/**
 * A single-transaction maximum: for a trade corridor (`sendingCurrency`, optionally one
 * `receivingCurrency`; `maxAmountMinor` in minor units of the sending currency) or for
 * withdrawals in one currency (`maxAmountMinor` in its minor units).
 */
export type TransactionLimit =
  | { readonly sendingCurrency: CurrencyCode; readonly receivingCurrency?: CurrencyCode; readonly maxAmountMinor: string }
  | { readonly withdrawalCurrency: CurrencyCode; readonly maxAmountMinor: string };

/** A daily volume cap in minor units of `currency`. */
export type DailyVolumeLimit = { readonly currency: CurrencyCode; readonly maxAmountMinor: string };

/** Everything `PATCH /config` sets besides `skipVerificationPaperwork`. */
export type PlatformConfig = {
  readonly feeConfigs: readonly FeeConfig[];
  readonly railFeeConfigs: readonly RailFeeConfig[];
  readonly transactionLimits: readonly TransactionLimit[];
  readonly dailyVolumeLimits: readonly DailyVolumeLimit[];
  /** Stored and returned as given. */
  readonly cardTokenization2faConfig?: Readonly<Record<string, unknown>>;
  /** Where webhooks are delivered (reference PlatformConfig.webhookEndpoint); absent until set. */
  readonly webhookEndpoint?: string;
  /** The platform's UMA domain (reference PlatformConfig.umaDomain); absent: the sandbox default. */
  readonly umaDomain?: string;
  /** The reference's supportedCurrencies as set; absent until set (then every registered currency is answered). */
  readonly supportedCurrencies?: readonly PlatformCurrencyConfig[];
  /** The reference's embeddedWalletConfig; absent until set (and then omitted from the answer). */
  readonly embeddedWalletConfig?: EmbeddedWalletConfig;
  /** When the config last changed; absent before the first change. */
  readonly updatedAt?: string;
};

/** The configuration of a new platform: no fees, no limits. */
export const EMPTY_PLATFORM_CONFIG: PlatformConfig = Object.freeze({
  feeConfigs: [],
  railFeeConfigs: [],
  transactionLimits: [],
  dailyVolumeLimits: [],
});
