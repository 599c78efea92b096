/** Beneficial owners: frozen records by id and their creation order. */
import { deepFreeze } from '../../core/freeze.js';
import type { BeneficialOwner } from './types.js';

/** Records by id, ids in creation order, and each business's owner ids. */
export type BeneficialOwnerStore = {
  readonly byId: Map<string, BeneficialOwner>;
  readonly order: string[];
  readonly byCustomer: Map<string, string[]>;
};

/** An empty store. */
export function emptyBeneficialOwnerStore(): BeneficialOwnerStore {
  return { byId: new Map(), order: [], byCustomer: new Map() };
}

/** Adds a new owner to the store and its indexes. */
export function addOwner(store: BeneficialOwnerStore, owner: BeneficialOwner): void {
  store.byId.set(owner.id, owner);
  store.order.push(owner.id);
  const owned = store.byCustomer.get(owner.customerId);
  if (owned === undefined) store.byCustomer.set(owner.customerId, [owner.id]);
  else owned.push(owner.id);
}

/** The store inside an engine snapshot. JSON-safe. */
export type BeneficialOwnerStoreSnapshot = { readonly records: readonly BeneficialOwner[] };

/** Captures the store. Pure. */
export function beneficialOwnerStoreSnapshot(store: BeneficialOwnerStore): BeneficialOwnerStoreSnapshot {
  return { records: store.order.map((id) => store.byId.get(id) as BeneficialOwner) };
}

/** Rebuilds a store from its snapshot (none gives an empty store). */
export function beneficialOwnerStoreFromSnapshot(snapshot: BeneficialOwnerStoreSnapshot | undefined): BeneficialOwnerStore {
  const store = emptyBeneficialOwnerStore();
  for (const record of snapshot?.records ?? []) addOwner(store, deepFreeze(record));
  return store;
}

/** The owners of business `customerId`, in creation order. Pure. */
export function ownersOf(store: BeneficialOwnerStore, customerId: string): BeneficialOwner[] {
  const out: BeneficialOwner[] = [];
  for (const id of store.byCustomer.get(customerId) ?? []) {
    const owner = store.byId.get(id);
    if (owner !== undefined) out.push(owner);
  }
  return out;
}
