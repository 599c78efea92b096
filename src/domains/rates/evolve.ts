/**
 * Applies rate publications: each corridor keeps the rate with the latest `asOf` (a later
 * publication with the same `asOf` replaces it; an older one never does).
 */
import { instantToMs } from '../../core/time.js';
import type { EvolverTable } from '../evolver.js';
import type { DomainState } from '../state.js';
import { type ExchangeRatesPublished, RATE_EVENTS } from './events.js';
import { corridorKey } from './store.js';
import type { PublishedRate } from './types.js';

/** Stores `rates` (evolvers only: the genesis evolver and this domain's). */
export function publishRates(state: DomainState, rates: readonly PublishedRate[]): void {
  for (const rate of rates) {
    const key = corridorKey(rate.sendingCurrency, rate.receivingCurrency);
    const stored = state.rates.byCorridor.get(key);
    // Equal texts are the same instant: no parse (a publication of one instant holds many rates).
    if (stored !== undefined && stored.asOf !== rate.asOf && instantToMs(stored.asOf) > instantToMs(rate.asOf)) continue;
    // Frozen in place, no copy: the event's data is the engine's own (docs/architecture.md, "Stored records").
    state.rates.byCorridor.set(key, Object.freeze(rate));
  }
}

/** Evolvers for rate events. */
export const rateEvolvers: EvolverTable = {
  [RATE_EVENTS.published]: (state, event) => publishRates(state, (event.data as ExchangeRatesPublished).rates),
};
