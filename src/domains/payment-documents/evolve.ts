/**
 * Applies payment document events, and the attachment of documents to a quote (called by the
 * quote evolver, which owns `QuoteCreated`). Asserts what the deciders checked.
 */
import { freeze } from 'immer';
import { assert } from '../../core/assert.js';
import type { EvolverTable } from '../evolver.js';
import type { DomainState } from '../state.js';
import { PAYMENT_DOCUMENT_EVENTS, type PaymentDocumentCreated } from './events.js';

/** Marks each document as attached to `quoteId` at `at` (a document attaches to one quote only). */
export function attachDocuments(state: DomainState, documentIds: readonly string[], quoteId: string, at: string): void {
  for (const id of documentIds) {
    const document = state.paymentDocuments.byId.get(id);
    assert(document !== undefined, `quote ${quoteId} attaches unknown document ${id}`);
    assert(document.quoteId === undefined, `document ${id} is already attached to ${String(document.quoteId)}`);
    state.paymentDocuments.byId.set(id, freeze({ ...document, quoteId, updatedAt: at }));
  }
}

/** Evolvers for payment document events. */
export const paymentDocumentEvolvers: EvolverTable = {
  [PAYMENT_DOCUMENT_EVENTS.created]: (state, event) => {
    const { document } = event.data as PaymentDocumentCreated;
    assert(!state.paymentDocuments.byId.has(document.id), `payment document ${document.id} created twice`);
    assert(state.customers.byId.has(document.customerId), `payment document ${document.id} for unknown customer`);
    const record = freeze(structuredClone(document), true);
    state.paymentDocuments.byId.set(record.id, record);
    state.paymentDocuments.order.push(record.id);
  },
};
