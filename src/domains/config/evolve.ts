/** Applies config events: the whole configuration is replaced, and the paperwork setting goes to `state.platform`. */
import type { EvolverTable } from '../evolver.js';
import { CONFIG_EVENTS, type PlatformConfigUpdated } from './events.js';

/** Evolvers for config events. */
export const configEvolvers: EvolverTable = {
  [CONFIG_EVENTS.updated]: (state, event) => {
    const data = event.data as PlatformConfigUpdated;
    state.platform.skipVerificationPaperwork = data.skipVerificationPaperwork;
    // A copy, so freezing never reaches the caller's event object.
    state.config.current = deepFreeze(structuredClone(data.config));
  },
};

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
