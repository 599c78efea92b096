/** Invitations by code, in creation order. Written only by `invitationEvolvers`. */
import { deepFreeze } from '../../core/freeze.js';
import type { Invitation } from './types.js';

/** Records by code and codes in creation order. */
export type InvitationStore = { readonly byCode: Map<string, Invitation>; readonly order: string[] };

/** An empty store. */
export function emptyInvitationStore(): InvitationStore {
  return { byCode: new Map(), order: [] };
}

/** The store inside an engine snapshot. JSON-safe. */
export type InvitationStoreSnapshot = { readonly records: readonly Invitation[] };

/** Captures the store. Pure: records are frozen, so sharing them is safe. */
export function invitationStoreSnapshot(store: InvitationStore): InvitationStoreSnapshot {
  return { records: store.order.map((code) => store.byCode.get(code) as Invitation) };
}

/** Rebuilds a store from its snapshot (a snapshot from before invitations gives an empty store). */
export function invitationStoreFromSnapshot(snapshot: InvitationStoreSnapshot | undefined): InvitationStore {
  const store = emptyInvitationStore();
  for (const record of snapshot?.records ?? []) {
    const frozen = deepFreeze(record);
    store.byCode.set(frozen.code, frozen);
    store.order.push(frozen.code);
  }
  return store;
}
