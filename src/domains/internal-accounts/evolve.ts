/** Applies internal account events: opening (record + ledger account) and sandbox funding. */
import { assert } from '../../core/assert.js';
import { deepFreeze } from '../../core/freeze.js';
import type { EvolverTable } from '../evolver.js';
import type { DomainState } from '../state.js';
import { ACCOUNT_EVENTS, type InternalAccountOpened } from './events.js';
import { addAccount, type InternalAccount } from './store.js';

/**
 * Stores a new internal account and opens its ledger account. Customer and platform accounts may
 * not go negative (pending debits count), so their ledger accounts carry that flag.
 */
export function openInternalAccount(state: DomainState, account: InternalAccount): void {
  assert(!state.accounts.byId.has(account.id), `internal account ${account.id} opened twice`);
  const opened = state.ledger.openAccount({
    id: account.id,
    currency: account.currency,
    flags: { debitsMustNotExceedCredits: true },
  });
  assert(opened.ok, `ledger refused account ${account.id}`);
  // Deeply: a rule-based account's sweep rule is an object of the event's too, and a shallow
  // freeze here left it open (`deepFreeze` does not enter an object that is already frozen).
  addAccount(state.accounts, deepFreeze({ ...account }));
}

/** Evolvers for internal account events; funding moves money through `data.transfers`. */
export const accountEvolvers: EvolverTable = {
  [ACCOUNT_EVENTS.opened]: (state, event) => openInternalAccount(state, (event.data as InternalAccountOpened).account),
  [ACCOUNT_EVENTS.sandboxFunded]: () => {
    // The credit itself is in data.transfers, applied by the engine for every event.
  },
};
