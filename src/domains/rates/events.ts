/**
 * Rate events: `ExchangeRatesPublished` (from `POST /sandbox/exchange-rates`). Rates given as
 * engine options travel in the genesis event (`PlatformInitialized.exchangeRates`) so a replay
 * needs nothing but the log.
 */
import type { PublishedRate } from './types.js';

/** Rates published together, already validated and canonical. */
export type ExchangeRatesPublished = { readonly rates: readonly PublishedRate[] };

/** Event type names of this domain. */
export const RATE_EVENTS = { published: 'ExchangeRatesPublished' } as const;
