/**
 * External accounts: frozen records by id, the creation order (append-only, so list cursors stay
 * valid across deletions), and the identity index behind the duplicate rule. Deleted accounts
 * leave the records and the index; their ids stay in `order` and are skipped when listing.
 */
import { DerivedKeyMap } from '../../core/derived-key-map.js';
import { HOT_RECORDS, PackedRecordMap } from '../../core/packed-record-map.js';
import { deepFreeze } from '../../core/freeze.js';
import { PackedIdList } from '../../core/id-order.js';
import type { IdTable } from '../../core/id-table.js';
import { type PackedBytes, packBytes } from '../../core/packed-bytes.js';
import type { PackedRecords } from '../../core/packed-records.js';
import { identityKey } from './identity.js';
import type { ExternalAccount } from './types.js';

/**
 * Records by id, every id ever created in creation order, live ids by identity key, and the live
 * account holding the reference's `defaultUmaDepositAccount` flag per owner (`defaultUmaOwnerKey`).
 * The order packs its ids (`PackedIdList`), and the identity index holds no key: it derives an
 * entry's key from the live account (`DerivedKeyMap`), so an entry must leave it before its
 * account leaves `byId`.
 */
export type ExternalAccountStore = {
  readonly byId: Map<string, ExternalAccount>;
  readonly order: PackedIdList;
  readonly byIdentity: Map<string, string>;
  readonly defaultUmaDepositByOwner: Map<string, string>;
};

/** The owner key of the default-UMA-deposit index: the customer's id, or '' for the platform's own accounts. */
export function defaultUmaOwnerKey(customerId: string | undefined): string {
  return customerId ?? '';
}

/** An empty store; its `hot` records changed last stay objects (`PackedRecordMap`). */
export function emptyExternalAccountStore(hot = HOT_RECORDS): ExternalAccountStore {
  return storeOf(new PackedRecordMap<ExternalAccount>({ hot, hashedCandidates: true }), []);
}

// A store of `byId` with `order`, its identity index empty. The index reads an account through
// `peek`, so that a lookup or a snapshot's save changes nothing in `byId` (no record adopted or
// made hot).
function storeOf(byId: PackedRecordMap<ExternalAccount>, order: Iterable<string>): ExternalAccountStore {
  const packedOrder = new PackedIdList();
  for (const id of order) packedOrder.push(id);
  const byIdentity = new DerivedKeyMap((id) => {
    const account = byId.peek(id);
    return account === undefined ? undefined : identityKey(account);
  });
  return { byId, order: packedOrder, byIdentity, defaultUmaDepositByOwner: new Map() };
}

/**
 * The store as JSON-safe data for engine snapshots: records packed (from snapshot `@5`: codec
 * bytes, decoded at a read; `@3`, `@4`: texts, parsed at their first read) with the identity and
 * default-UMA indexes as sorted pairs, or (`@1`, `@2`) records as objects, the indexes rebuilt
 * from them.
 */
export type ExternalAccountStoreSnapshot =
  | { readonly records: readonly (readonly [string, ExternalAccount])[]; readonly order: readonly string[] }
  | ((PackedBytes | PackedRecords) & {
      readonly order: readonly string[];
      readonly byIdentity: readonly (readonly [string, string])[];
      readonly defaultUmaDepositByOwner: readonly (readonly [string, string])[];
    });

/**
 * Captures the store (owners' ids against `ids`, the save's shared table, from `@7` on). Pure but
 * for `ids`: copies the collections (records are frozen and shared).
 */
export function externalAccountStoreSnapshot(store: ExternalAccountStore, ids?: IdTable): ExternalAccountStoreSnapshot {
  return {
    ...packBytes([...store.byId.keys()], store.byId, { ids }),
    order: [...store.order],
    // Sorted: the maps' order means nothing, and a rebuilt store saves the same text.
    byIdentity: sortedPairs(store.byIdentity),
    defaultUmaDepositByOwner: sortedPairs(store.defaultUmaDepositByOwner),
  };
}

function sortedPairs(map: ReadonlyMap<string, string>): [string, string][] {
  return [...map].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/**
 * Rebuilds a store from its snapshot (before `@3`: the identity and default-UMA indexes derived
 * from the live records); its `hot` records read or changed last stay objects, as in
 * `emptyExternalAccountStore`.
 */
export function externalAccountStoreFromSnapshot(snapshot: ExternalAccountStoreSnapshot, hot = HOT_RECORDS): ExternalAccountStore {
  if ('ids' in snapshot) {
    const store = storeOf(PackedRecordMap.fromPacked<ExternalAccount>(snapshot, { hot, hashedCandidates: true }), snapshot.order);
    for (const [key, id] of snapshot.byIdentity) store.byIdentity.set(key, id);
    for (const [owner, id] of snapshot.defaultUmaDepositByOwner) store.defaultUmaDepositByOwner.set(owner, id);
    return store;
  }
  // Records from a parsed snapshot are plain objects: freeze them as evolve would have.
  const byId = new PackedRecordMap<ExternalAccount>({ hot, hashedCandidates: true });
  for (const [id, record] of snapshot.records) byId.set(id, deepFreeze(record));
  const store = storeOf(byId, snapshot.order);
  for (const account of byId.values()) {
    store.byIdentity.set(identityKey(account), account.id);
    if (account.defaultUmaDepositAccount === true) store.defaultUmaDepositByOwner.set(defaultUmaOwnerKey(account.customerId), account.id);
  }
  return store;
}
