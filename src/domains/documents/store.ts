/**
 * Verification documents: frozen records by id and their upload order (a deleted document leaves
 * both). Written only by `documentEvolvers` and by the verification evolver that marks documents
 * as submitted.
 */
import { freeze } from 'immer';
import type { DocumentRecord } from './types.js';

/** Records by id and ids in upload order. */
export type DocumentStore = { readonly byId: Map<string, DocumentRecord>; readonly order: string[] };

/** An empty store. */
export function emptyDocumentStore(): DocumentStore {
  return { byId: new Map(), order: [] };
}

/** The store inside an engine snapshot: every record in upload order. JSON-safe. */
export type DocumentStoreSnapshot = { readonly records: readonly DocumentRecord[] };

/** Captures the store. Pure: records are frozen, so sharing them is safe. */
export function documentStoreSnapshot(store: DocumentStore): DocumentStoreSnapshot {
  return { records: store.order.map((id) => store.byId.get(id) as DocumentRecord) };
}

/** Rebuilds a store from its snapshot (an older snapshot without documents gives an empty store). */
export function documentStoreFromSnapshot(snapshot: DocumentStoreSnapshot | undefined): DocumentStore {
  const store = emptyDocumentStore();
  for (const record of snapshot?.records ?? []) {
    const frozen = freeze(structuredClone(record), true);
    store.byId.set(frozen.id, frozen);
    store.order.push(frozen.id);
  }
  return store;
}

/** The documents `holderId` holds, in upload order. Pure. */
export function documentsOf(store: DocumentStore, holderId: string): DocumentRecord[] {
  const out: DocumentRecord[] = [];
  for (const id of store.order) {
    const record = store.byId.get(id);
    if (record !== undefined && record.documentHolder === holderId) out.push(record);
  }
  return out;
}
