/**
 * Exchange rates as data: what a publication holds and the cache rule. A rate is sending major
 * units per receiving major unit, fee-exclusive (the spec's `exchangeRate`), kept as a canonical
 * decimal string; `asOf` is a UTC instant. JSON-safe, so it travels in events and snapshots as is.
 */
import type { CurrencyCode } from '../../core/currency.js';

/** How long a rate is served after its `asOf` (spec: "cached about 5 minutes"). */
export const RATE_CACHE_MS = 5 * 60_000;

/** Most rates one publication may carry (a bound on every list). */
export const RATES_PER_PUBLICATION_MAX = 500;

/** One published rate for a corridor. */
export type PublishedRate = {
  readonly sendingCurrency: CurrencyCode;
  readonly receivingCurrency: CurrencyCode;
  /** Canonical decimal string, > 0: sending major units per receiving major unit. */
  readonly exchangeRate: string;
  /** When the rate was observed, as a UTC instant ("…Z"). */
  readonly asOf: string;
};

/** A rate as given to the engine options or `POST /sandbox/exchange-rates` (before validation). */
export type ExchangeRateInput = {
  readonly sendingCurrency: string;
  readonly receivingCurrency: string;
  /** A decimal string, e.g. "0.058". */
  readonly exchangeRate: string;
  /** An ISO instant with offset. */
  readonly asOf: string;
};
