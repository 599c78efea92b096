/**
 * Verification documents: frozen records by id and their upload order (a deleted document leaves
 * both). Written only by `documentEvolvers` and by the verification evolver that marks documents
 * as submitted.
 */
import { deepFreeze } from '../../core/freeze.js';
import type { DocumentRecord } from './types.js';

/** Records by id, ids in upload order, and each holder's ids (so a submission reads only its own). */
export type DocumentStore = {
  readonly byId: Map<string, DocumentRecord>;
  readonly order: string[];
  readonly byHolder: Map<string, string[]>;
};

/** An empty store. */
export function emptyDocumentStore(): DocumentStore {
  return { byId: new Map(), order: [], byHolder: new Map() };
}

/** Adds a new record to the store and its indexes. */
export function addDocument(store: DocumentStore, record: DocumentRecord): void {
  store.byId.set(record.id, record);
  store.order.push(record.id);
  const held = store.byHolder.get(record.documentHolder);
  if (held === undefined) store.byHolder.set(record.documentHolder, [record.id]);
  else held.push(record.id);
}

/** Removes a record from the store and its indexes. */
export function removeDocument(store: DocumentStore, documentId: string): void {
  const record = store.byId.get(documentId);
  if (record === undefined) return;
  store.byId.delete(documentId);
  const index = store.order.indexOf(documentId);
  if (index >= 0) store.order.splice(index, 1);
  const held = store.byHolder.get(record.documentHolder) ?? [];
  const at = held.indexOf(documentId);
  if (at >= 0) held.splice(at, 1);
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
  for (const record of snapshot?.records ?? []) addDocument(store, deepFreeze(record));
  return store;
}

/** The documents `holderId` holds, in upload order. Pure. */
export function documentsOf(store: DocumentStore, holderId: string): DocumentRecord[] {
  const out: DocumentRecord[] = [];
  for (const id of store.byHolder.get(holderId) ?? []) {
    const record = store.byId.get(id);
    if (record !== undefined) out.push(record);
  }
  return out;
}
