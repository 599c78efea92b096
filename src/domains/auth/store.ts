/** Embedded-wallet auth store: credentials, sessions, pending signed requests, delegated keys. */
import { deepFreeze } from '../../core/freeze.js';
import type { AuthCredential, AuthSession, DelegatedKey, EmbeddedWallet, PendingSignedRequest } from './types.js';

/** Records by id in creation order; written only by `authEvolvers`. */
export type AuthStore = {
  readonly credentials: Map<string, AuthCredential>;
  readonly sessions: Map<string, AuthSession>;
  readonly pending: Map<string, PendingSignedRequest>;
  readonly delegatedKeys: Map<string, DelegatedKey>;
  readonly wallets: Map<string, EmbeddedWallet>;
};

/** An empty store. */
export function emptyAuthStore(): AuthStore {
  return { credentials: new Map(), sessions: new Map(), pending: new Map(), delegatedKeys: new Map(), wallets: new Map() };
}

/** The store inside an engine snapshot. JSON-safe. */
export type AuthStoreSnapshot = {
  readonly credentials: readonly AuthCredential[];
  readonly sessions: readonly AuthSession[];
  readonly pending: readonly PendingSignedRequest[];
  readonly delegatedKeys: readonly DelegatedKey[];
  readonly wallets: readonly EmbeddedWallet[];
};

/** Captures the store (records are frozen, so sharing them is safe). */
export function authStoreSnapshot(store: AuthStore): AuthStoreSnapshot {
  return {
    credentials: [...store.credentials.values()],
    sessions: [...store.sessions.values()],
    pending: [...store.pending.values()],
    delegatedKeys: [...store.delegatedKeys.values()],
    wallets: [...store.wallets.values()],
  };
}

function fill<T extends object>(map: Map<string, T>, records: readonly T[] | undefined, key: (record: T) => string): void {
  for (const record of records ?? []) {
    const frozen = deepFreeze(record);
    map.set(key(frozen), frozen);
  }
}

/** Rebuilds a store from its snapshot (a snapshot from before auth gives an empty store). */
export function authStoreFromSnapshot(snapshot: AuthStoreSnapshot | undefined): AuthStore {
  const store = emptyAuthStore();
  fill(store.credentials, snapshot?.credentials, (r) => r.id);
  fill(store.sessions, snapshot?.sessions, (r) => r.id);
  fill(store.pending, snapshot?.pending, (r) => r.requestId);
  fill(store.delegatedKeys, snapshot?.delegatedKeys, (r) => r.id);
  fill(store.wallets, snapshot?.wallets, (r) => r.accountId);
  return store;
}
