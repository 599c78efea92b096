/**
 * Payment documents: frozen records by id and their creation order. Written only by
 * `paymentDocumentEvolvers` and by the quote evolver that attaches documents to a quote.
 */
import { deepFreeze } from '../../core/freeze.js';
import type { PaymentDocument } from './types.js';

/** Records by id and ids in creation order. */
export type PaymentDocumentStore = { readonly byId: Map<string, PaymentDocument>; readonly order: string[] };

/** An empty store. */
export function emptyPaymentDocumentStore(): PaymentDocumentStore {
  return { byId: new Map(), order: [] };
}

/** The store inside an engine snapshot: every record in creation order. JSON-safe. */
export type PaymentDocumentStoreSnapshot = { readonly records: readonly PaymentDocument[] };

/** Captures the store. Pure: records are frozen, so sharing them is safe. */
export function paymentDocumentStoreSnapshot(store: PaymentDocumentStore): PaymentDocumentStoreSnapshot {
  return { records: store.order.map((id) => store.byId.get(id) as PaymentDocument) };
}

/** Rebuilds a store from its snapshot (an older snapshot without documents gives an empty store). */
export function paymentDocumentStoreFromSnapshot(snapshot: PaymentDocumentStoreSnapshot | undefined): PaymentDocumentStore {
  const store = emptyPaymentDocumentStore();
  for (const record of snapshot?.records ?? []) {
    const frozen = deepFreeze(record);
    store.byId.set(frozen.id, frozen);
    store.order.push(frozen.id);
  }
  return store;
}
