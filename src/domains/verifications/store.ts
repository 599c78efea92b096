/**
 * Verifications (by id, in submission order), hosted KYC links (by id) and contact verification
 * progress (by customer). Written only by `verificationEvolvers`.
 */
import { deepFreeze } from '../../core/freeze.js';
import type { ContactProgress, KycLink, Verification } from './types.js';

/** The identity verification store. */
export type VerificationStore = {
  readonly byId: Map<string, Verification>;
  readonly order: string[];
  readonly links: Map<string, KycLink>;
  readonly contacts: Map<string, ContactProgress>;
};

/** An empty store. */
export function emptyVerificationStore(): VerificationStore {
  return { byId: new Map(), order: [], links: new Map(), contacts: new Map() };
}

/** The store inside an engine snapshot. JSON-safe. */
export type VerificationStoreSnapshot = {
  readonly records: readonly Verification[];
  readonly links: readonly KycLink[];
  readonly contacts: readonly (readonly [string, ContactProgress])[];
};

/** Captures the store. Pure: records are frozen. */
export function verificationStoreSnapshot(store: VerificationStore): VerificationStoreSnapshot {
  return {
    records: store.order.map((id) => store.byId.get(id) as Verification),
    links: [...store.links.values()],
    contacts: [...store.contacts],
  };
}

/** Rebuilds a store from its snapshot (none gives an empty store). */
export function verificationStoreFromSnapshot(snapshot: VerificationStoreSnapshot | undefined): VerificationStore {
  const store = emptyVerificationStore();
  for (const record of snapshot?.records ?? []) {
    store.byId.set(record.id, deepFreeze(record));
    store.order.push(record.id);
  }
  for (const link of snapshot?.links ?? []) store.links.set(link.id, deepFreeze(link));
  for (const [customerId, progress] of snapshot?.contacts ?? []) store.contacts.set(customerId, deepFreeze(progress));
  return store;
}
