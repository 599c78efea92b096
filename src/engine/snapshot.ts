/**
 * Engine snapshots: the whole derived state at a log position as one JSON-safe value, so a
 * server or auditor can start from it and replay only the events after it. A snapshot is a
 * cache: replay from a snapshot must equal replay from the start (tested).
 */
import type { Customer } from '../domains/customers/types.js';
import type { InternalAccount } from '../domains/internal-accounts/store.js';
import type { PlatformState } from '../domains/platform/store.js';
import type { DomainState, IdempotentResponse } from '../domains/state.js';
import type { StatementRecord } from '../domains/statements/store.js';
import type { Timer } from '../domains/timers.js';
import { Ledger, type LedgerSnapshot } from '../ledger/index.js';

/** The head a snapshot was taken at. */
export type SnapshotHead = { readonly seq: number; readonly hash: string; readonly atMs: number };

/** Everything the log derives, at `head`. JSON-safe. */
export type EngineSnapshot = {
  readonly format: 'payments-engine/snapshot@1';
  readonly head: SnapshotHead;
  readonly platform: PlatformState;
  readonly customers: readonly (readonly [string, Customer])[];
  readonly customerIdByPlatformCustomerId: readonly (readonly [string, string])[];
  readonly customerOrder: readonly string[];
  readonly accounts: readonly (readonly [string, InternalAccount])[];
  readonly accountsByCustomer: readonly (readonly [string, readonly string[]])[];
  readonly platformAccountIds: readonly string[];
  readonly statements: readonly (readonly [string, StatementRecord])[];
  readonly idempotency: readonly (readonly [string, IdempotentResponse])[];
  readonly timers: readonly Timer[];
  readonly ledger: LedgerSnapshot;
};

/** Captures `state` at `head`. Pure: copies, never shares mutable parts. */
export function snapshotOf(state: DomainState, head: SnapshotHead): EngineSnapshot {
  return {
    format: 'payments-engine/snapshot@1',
    head,
    platform: { ...state.platform },
    customers: [...state.customers.byId],
    customerIdByPlatformCustomerId: [...state.customers.byPlatformCustomerId],
    customerOrder: [...state.customers.order],
    accounts: [...state.accounts.byId],
    accountsByCustomer: [...state.accounts.byCustomer].map(([k, v]) => [k, [...v]] as const),
    platformAccountIds: [...state.accounts.platformAccountIds],
    statements: [...state.statements.byKey],
    idempotency: [...state.idempotency],
    timers: [...state.timers.order],
    ledger: state.ledger.toSnapshot(),
  };
}

/** Rebuilds the state a snapshot describes. */
export function stateFromSnapshot(snapshot: EngineSnapshot): DomainState {
  return {
    platform: { ...snapshot.platform },
    customers: {
      byId: new Map(snapshot.customers),
      byPlatformCustomerId: new Map(snapshot.customerIdByPlatformCustomerId),
      order: [...snapshot.customerOrder],
    },
    accounts: {
      byId: new Map(snapshot.accounts),
      byCustomer: new Map(snapshot.accountsByCustomer.map(([k, v]) => [k, [...v]])),
      platformAccountIds: [...snapshot.platformAccountIds],
    },
    ledger: Ledger.fromSnapshot(snapshot.ledger),
    statements: { byKey: new Map(snapshot.statements) },
    idempotency: new Map(snapshot.idempotency),
    timers: { byId: new Map(snapshot.timers.map((t) => [t.id, t])), order: [...snapshot.timers] },
  };
}
