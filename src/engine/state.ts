/** Builds the empty derived state an engine starts from. */
import { Ledger } from '../ledger/index.js';
import { emptyCustomerStore } from '../domains/customers/store.js';
import { emptyAccountStore } from '../domains/internal-accounts/store.js';
import { emptyPlatformState } from '../domains/platform/store.js';
import type { DomainState } from '../domains/state.js';
import { emptyStatementStore } from '../domains/statements/store.js';
import { emptyTimerStore } from '../domains/timers.js';
import type { ResolvedOptions } from './options.js';

/** A fresh state for the configured platform, before any event. */
export function emptyState(options: ResolvedOptions): DomainState {
  return {
    platform: emptyPlatformState(options.platformId, options.regulated),
    customers: emptyCustomerStore(),
    accounts: emptyAccountStore(),
    ledger: new Ledger(),
    statements: emptyStatementStore(),
    idempotency: new Map(),
    timers: emptyTimerStore(),
  };
}
