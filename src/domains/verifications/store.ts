/**
 * Verifications (by id, in submission order, and each customer's in that order), hosted KYC links
 * (by id) and contact verification progress (by customer). Written only by `verificationEvolvers`.
 */
import { deepFreeze } from '../../core/freeze.js';
import type { ContactProgress, KycLink, Verification } from './types.js';

/** The identity verification store. */
export type VerificationStore = {
  readonly byId: Map<string, Verification>;
  readonly order: string[];
  /** Each customer's verification ids in submission order. */
  readonly byCustomer: Map<string, string[]>;
  /** Each status's verification ids in submission order (a stored verification never changes). */
  readonly byStatus: Map<string, string[]>;
  readonly links: Map<string, KycLink>;
  readonly contacts: Map<string, ContactProgress>;
};

/** An empty store. */
export function emptyVerificationStore(): VerificationStore {
  return { byId: new Map(), order: [], byCustomer: new Map(), byStatus: new Map(), links: new Map(), contacts: new Map() };
}

/** Adds a new (frozen) verification to the store and its indexes. */
export function addVerification(store: VerificationStore, verification: Verification): void {
  store.byId.set(verification.id, verification);
  store.order.push(verification.id);
  append(store.byCustomer, verification.customerId, verification.id);
  append(store.byStatus, verification.verificationStatus, verification.id);
}

function append(index: Map<string, string[]>, key: string, id: string): void {
  const ids = index.get(key);
  if (ids === undefined) index.set(key, [id]);
  else ids.push(id);
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
  for (const record of snapshot?.records ?? []) addVerification(store, deepFreeze(record));
  for (const link of snapshot?.links ?? []) store.links.set(link.id, deepFreeze(link));
  for (const [customerId, progress] of snapshot?.contacts ?? []) store.contacts.set(customerId, deepFreeze(progress));
  return store;
}
