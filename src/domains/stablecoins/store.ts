/**
 * Stablecoins in state: provider account links, registered coins and their operations as frozen
 * records by id, each in creation order (append-only, so list cursors stay valid), plus the
 * uniqueness indexes of registration (symbol, token identifier) and each coin's operations.
 * Balances are not stored here: they are read from the ledger (ledger-accounts.ts).
 */
import { deepFreeze } from '../../core/freeze.js';
import type { Stablecoin, StablecoinOperation, StablecoinProviderAccount } from './types.js';

/** Records, orders and indexes of the stablecoin domain. */
export type StablecoinStore = {
  readonly providerAccounts: Map<string, StablecoinProviderAccount>;
  readonly providerAccountOrder: string[];
  readonly coins: Map<string, Stablecoin>;
  readonly coinOrder: string[];
  readonly coinIdBySymbol: Map<string, string>;
  /** Coin ids by `tokenIdentifierKey` of their network token identifier. */
  readonly coinIdByTokenKey: Map<string, string>;
  readonly operations: Map<string, StablecoinOperation>;
  readonly operationOrder: string[];
  /** Each coin's operation ids, oldest first. */
  readonly operationsByCoin: Map<string, string[]>;
};

/** An empty store. */
export function emptyStablecoinStore(): StablecoinStore {
  return {
    providerAccounts: new Map(),
    providerAccountOrder: [],
    coins: new Map(),
    coinOrder: [],
    coinIdBySymbol: new Map(),
    coinIdByTokenKey: new Map(),
    operations: new Map(),
    operationOrder: [],
    operationsByCoin: new Map(),
  };
}

/**
 * The uniqueness key of a network token identifier: hex contract addresses (`0x…`) compare
 * without case (EIP-55 checksums only change case); anything else (base58 mints) exactly. Pure.
 */
export function tokenIdentifierKey(identifier: string): string {
  return /^0x[0-9a-fA-F]+$/.test(identifier) ? identifier.toLowerCase() : identifier;
}

/** The store as JSON-safe data for engine snapshots; the indexes are rebuilt, not stored. */
export type StablecoinStoreSnapshot = {
  readonly providerAccounts: readonly StablecoinProviderAccount[];
  readonly coins: readonly Stablecoin[];
  readonly operations: readonly StablecoinOperation[];
};

/** Captures the store, each collection in creation order. Pure (records are frozen and shared). */
export function stablecoinStoreSnapshot(store: StablecoinStore): StablecoinStoreSnapshot {
  return {
    providerAccounts: store.providerAccountOrder.map((id) => store.providerAccounts.get(id)!),
    coins: store.coinOrder.map((id) => store.coins.get(id)!),
    operations: store.operationOrder.map((id) => store.operations.get(id)!),
  };
}

/** Rebuilds a store from its snapshot, with the indexes derived from the records. */
export function stablecoinStoreFromSnapshot(snapshot: StablecoinStoreSnapshot): StablecoinStore {
  const store = emptyStablecoinStore();
  // Records from a parsed snapshot are plain objects: freeze them as evolve would have.
  for (const link of snapshot.providerAccounts) addProviderAccount(store, deepFreeze(link));
  for (const coin of snapshot.coins) addCoin(store, deepFreeze(coin));
  for (const operation of snapshot.operations) addOperation(store, deepFreeze(operation));
  return store;
}

/** Adds a new link (evolve and snapshot restore). */
export function addProviderAccount(store: StablecoinStore, link: StablecoinProviderAccount): void {
  store.providerAccounts.set(link.id, link);
  store.providerAccountOrder.push(link.id);
}

/** Adds a new coin and claims its symbol and token identifier (evolve and snapshot restore). */
export function addCoin(store: StablecoinStore, coin: Stablecoin): void {
  store.coins.set(coin.id, coin);
  store.coinOrder.push(coin.id);
  store.coinIdBySymbol.set(coin.symbol, coin.id);
  store.coinIdByTokenKey.set(tokenIdentifierKey(coin.networkTokenIdentifier), coin.id);
  store.operationsByCoin.set(coin.id, []);
}

/** Adds a new operation under its coin (evolve and snapshot restore). */
export function addOperation(store: StablecoinStore, operation: StablecoinOperation): void {
  store.operations.set(operation.id, operation);
  store.operationOrder.push(operation.id);
  store.operationsByCoin.get(operation.stablecoinId)!.push(operation.id);
}
