/** Bulk customer import jobs by id, in upload order. */
import { deepFreeze } from '../../core/freeze.js';
import type { BulkImportJob } from './types.js';

/** Jobs by id and ids in upload order. */
export type BulkCustomerStore = { readonly byId: Map<string, BulkImportJob>; readonly order: string[] };

/** An empty store. */
export function emptyBulkCustomerStore(): BulkCustomerStore {
  return { byId: new Map(), order: [] };
}

/** The store inside an engine snapshot. JSON-safe. */
export type BulkCustomerStoreSnapshot = { readonly jobs: readonly BulkImportJob[] };

/** Captures the store. Pure. */
export function bulkCustomerStoreSnapshot(store: BulkCustomerStore): BulkCustomerStoreSnapshot {
  return { jobs: store.order.map((id) => store.byId.get(id) as BulkImportJob) };
}

/** Rebuilds a store from its snapshot (none gives an empty store). */
export function bulkCustomerStoreFromSnapshot(snapshot: BulkCustomerStoreSnapshot | undefined): BulkCustomerStore {
  const store = emptyBulkCustomerStore();
  for (const job of snapshot?.jobs ?? []) {
    store.byId.set(job.id, deepFreeze(job));
    store.order.push(job.id);
  }
  return store;
}
