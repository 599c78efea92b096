/** Exchange rates as data: publications, the latest rate per corridor, the 5-minute cache rule, the wire view. */
export { DEFAULT_SENDING_AMOUNT_MINOR, DESTINATION_RAIL_BY_CURRENCY, feesOnAmountMinor, sendingLimits } from './corridor.js';
export type { CorridorFees, SendingLimits } from './corridor.js';
export { decidePublishRates } from './decide.js';
export { RATE_EVENTS } from './events.js';
export type { ExchangeRatesPublished } from './events.js';
export { publishRates, rateEvolvers } from './evolve.js';
export { currentRate, freshRate, freshRates, isRateFresh, rateExpiresAtMs } from './lookup.js';
export type { ServedRate } from './lookup.js';
export { exchangeRateInputSchema, exchangeRateListSchema, RATE_PATTERN, rateCrossFieldErrors, ratesFromOptions, toPublishedRate } from './schema.js';
export { corridorKey, emptyRateStore } from './store.js';
export type { RateStore } from './store.js';
export { RATE_CACHE_MS, RATES_PER_PUBLICATION_MAX } from './types.js';
export type { ExchangeRateInput, PublishedRate } from './types.js';
export { exchangeRateView, publishedRateView, REFERENCE_SENDING_MAJOR } from './view.js';
export type { CorridorFacts, ExchangeRateView, PublishedRateView } from './view.js';
