/** Beneficial owners: frozen records by id and their creation order. */
import { freeze } from 'immer';
import type { BeneficialOwner } from './types.js';

/** Records by id and ids in creation order. */
export type BeneficialOwnerStore = { readonly byId: Map<string, BeneficialOwner>; readonly order: string[] };

/** An empty store. */
export function emptyBeneficialOwnerStore(): BeneficialOwnerStore {
  return { byId: new Map(), order: [] };
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
  for (const record of snapshot?.records ?? []) {
    const frozen = freeze(structuredClone(record), true);
    store.byId.set(frozen.id, frozen);
    store.order.push(frozen.id);
  }
  return store;
}

/** The owners of business `customerId`, in creation order. Pure. */
export function ownersOf(store: BeneficialOwnerStore, customerId: string): BeneficialOwner[] {
  const out: BeneficialOwner[] = [];
  for (const id of store.order) {
    const owner = store.byId.get(id);
    if (owner !== undefined && owner.customerId === customerId) out.push(owner);
  }
  return out;
}
