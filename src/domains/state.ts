/**
 * The engine's whole derived state, one store per resource. Large collections are Maps updated
 * in place by `evolve`; the records inside them are frozen and replaced, never edited.
 */
import type { Ledger } from '../ledger/index.js';
import type { CustomerStore } from './customers/store.js';
import type { AccountStore } from './internal-accounts/store.js';
import type { PlatformState } from './platform/store.js';
import type { StatementStore } from './statements/store.js';
import type { TimerStore } from './timers.js';

/** A stored first response to an idempotent request. */
export type IdempotentResponse = { readonly fingerprint: string; readonly status: number; readonly body: unknown };

/** Everything the log derives. */
export type DomainState = {
  readonly platform: PlatformState;
  readonly customers: CustomerStore;
  readonly accounts: AccountStore;
  readonly ledger: Ledger;
  readonly statements: StatementStore;
  readonly idempotency: Map<string, IdempotentResponse>;
  readonly timers: TimerStore;
};
