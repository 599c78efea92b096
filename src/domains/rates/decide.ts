/** Decides `POST /sandbox/exchange-rates`: validated rates become one `ExchangeRatesPublished`. */
import type { EventDraft } from '../evolver.js';
import { type ExchangeRatesPublished, RATE_EVENTS } from './events.js';
import type { PublishedRate } from './types.js';

/** Pure: the publication event for already validated, canonical rates. */
export function decidePublishRates(rates: readonly PublishedRate[]): EventDraft[] {
  const data: ExchangeRatesPublished = { rates };
  return [{ type: RATE_EVENTS.published, data }];
}
