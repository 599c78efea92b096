/** Applies platform events: genesis and settlement cut-off. */
import { assert } from '../../core/assert.js';
import { instantToMs } from '../../core/time.js';
import type { EvolverTable } from '../evolver.js';
import { openInternalAccount } from '../internal-accounts/evolve.js';
import { worldAccountId } from '../movement.js';
import { publishRates } from '../rates/evolve.js';
import { PLATFORM_EVENTS, type PlatformInitialized, type SettlementCutoffAdvanced } from './events.js';

/** Evolvers for platform events. */
export const platformEvolvers: EvolverTable = {
  [PLATFORM_EVENTS.initialized]: (state, event) => {
    assert(!state.platform.initialized, 'PlatformInitialized must be the first event and appear once');
    const data = event.data as PlatformInitialized;
    state.platform.initialized = true;
    state.platform.platformId = data.platformId;
    state.platform.regulated = data.regulated;
    for (const currency of data.worldCurrencies) {
      const opened = state.ledger.openAccount({ id: worldAccountId(currency), currency });
      assert(opened.ok, `cannot open world account for ${currency}`);
    }
    for (const account of data.platformAccounts) openInternalAccount(state, account);
    if (data.exchangeRates !== undefined) publishRates(state, data.exchangeRates);
  },
  [PLATFORM_EVENTS.settlementCutoffAdvanced]: (state, event) => {
    const data = event.data as SettlementCutoffAdvanced;
    state.platform.settlementCutoffMs = instantToMs(data.through);
  },
};
