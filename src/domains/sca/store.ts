/** SCA records by customer id; written only by `scaEvolvers`. */
import { deepFreeze } from '../../core/freeze.js';
import type { ScaRecord } from './types.js';

/** Records by customer id. */
export type ScaStore = { readonly byCustomer: Map<string, ScaRecord> };

/** An empty store. */
export function emptyScaStore(): ScaStore {
  return { byCustomer: new Map() };
}

/** The store inside an engine snapshot. */
export type ScaStoreSnapshot = { readonly records: readonly ScaRecord[] };

/** Captures the store (records are frozen). */
export function scaStoreSnapshot(store: ScaStore): ScaStoreSnapshot {
  return { records: [...store.byCustomer.values()] };
}

/** Rebuilds a store from its snapshot (absent: empty). */
export function scaStoreFromSnapshot(snapshot: ScaStoreSnapshot | undefined): ScaStore {
  const store = emptyScaStore();
  for (const record of snapshot?.records ?? []) store.byCustomer.set(record.customerId, deepFreeze(record));
  return store;
}
