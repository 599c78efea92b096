/**
 * The latest published rate of each corridor. Written only by `publishRates` (evolve); the cache
 * rule is applied when a rate is read (`lookup.ts`), so no timer or event marks a rate stale.
 */
import type { CurrencyCode } from '../../core/currency.js';
import type { PublishedRate } from './types.js';

/** Rates by corridor key `SENDING>RECEIVING`. */
export type RateStore = { readonly byCorridor: Map<string, PublishedRate> };

/** An empty store. */
export function emptyRateStore(): RateStore {
  return { byCorridor: new Map() };
}

/** The store key of a corridor. */
export function corridorKey(sendingCurrency: CurrencyCode, receivingCurrency: CurrencyCode): string {
  return `${sendingCurrency}>${receivingCurrency}`;
}
