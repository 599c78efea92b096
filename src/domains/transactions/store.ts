/**
 * Transactions: frozen records by id and their creation order (which is also `createdAt` order,
 * since the log's time never goes backwards). Written only by `transactionEvolvers`. Snapshots
 * hold the records in creation order, from which both parts are rebuilt.
 */
import { deepFreeze } from '../../core/freeze.js';
import type { Transaction } from './types.js';

/** Records by id and ids in creation order. */
export type TransactionStore = { readonly byId: Map<string, Transaction>; readonly order: string[] };

/** An empty store. */
export function emptyTransactionStore(): TransactionStore {
  return { byId: new Map(), order: [] };
}

/** The store inside an engine snapshot: every record, in creation order. JSON-safe. */
export type TransactionStoreSnapshot = { readonly records: readonly Transaction[] };

/** Captures the store for a snapshot. Pure: records are frozen, so sharing them is safe. */
export function transactionStoreSnapshot(store: TransactionStore): TransactionStoreSnapshot {
  return { records: store.order.map((id) => store.byId.get(id) as Transaction) };
}

/** Rebuilds a store from a snapshot (an older snapshot without transactions gives an empty store). */
export function transactionStoreFromSnapshot(snapshot: TransactionStoreSnapshot | undefined): TransactionStore {
  const store = emptyTransactionStore();
  for (const record of snapshot?.records ?? []) {
    const frozen = deepFreeze(record) as Transaction;
    store.byId.set(frozen.id, frozen);
    store.order.push(frozen.id);
  }
  return store;
}
