/**
 * API tokens: live records by id, their creation order, and the index Basic authentication reads
 * (client id -> token id). A deleted token leaves every map. Written only by `apiTokenEvolvers`.
 */
import { deepFreeze } from '../../core/freeze.js';
import type { ApiTokenRecord } from './types.js';

/** Live tokens by id, in creation order, and by client id. */
export type ApiTokenStore = {
  readonly byId: Map<string, ApiTokenRecord>;
  readonly order: string[];
  readonly byClientId: Map<string, string>;
};

/** An empty store. */
export function emptyApiTokenStore(): ApiTokenStore {
  return { byId: new Map(), order: [], byClientId: new Map() };
}

/** The store inside an engine snapshot: live records in creation order. JSON-safe. */
export type ApiTokenStoreSnapshot = { readonly records: readonly ApiTokenRecord[] };

/** Captures the store. Pure: records are frozen, so sharing them is safe. */
export function apiTokenStoreSnapshot(store: ApiTokenStore): ApiTokenStoreSnapshot {
  return { records: store.order.map((id) => store.byId.get(id) as ApiTokenRecord) };
}

/** Rebuilds a store from its snapshot (a snapshot from before tokens existed gives an empty store). */
export function apiTokenStoreFromSnapshot(snapshot: ApiTokenStoreSnapshot | undefined): ApiTokenStore {
  const store = emptyApiTokenStore();
  for (const record of snapshot?.records ?? []) addToken(store, deepFreeze(record));
  return store;
}

/** Adds a frozen record to every index. */
export function addToken(store: ApiTokenStore, record: ApiTokenRecord): void {
  store.byId.set(record.id, record);
  store.order.push(record.id);
  store.byClientId.set(record.clientId, record.id);
}
