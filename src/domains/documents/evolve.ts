/** Applies document events to `state.documents`; asserts what the deciders checked. */
import { freeze } from 'immer';
import { assert } from '../../core/assert.js';
import type { EvolverTable } from '../evolver.js';
import type { DomainState } from '../state.js';
import { addDocument, removeDocument } from './store.js';
import { DOCUMENT_EVENTS, type DocumentDeleted, type DocumentReplaced, type DocumentUploaded } from './events.js';

/** True when `holderId` names a customer or a beneficial owner in `state`. Pure. */
export function holderExists(state: Pick<DomainState, 'customers' | 'beneficialOwners'>, holderId: string): boolean {
  return state.customers.byId.has(holderId) || state.beneficialOwners.byId.has(holderId);
}

/** Marks each document as submitted in verification `verificationId` (called by the verification evolver). */
export function markSubmitted(state: DomainState, documentIds: readonly string[], verificationId: string, at: string): void {
  for (const id of documentIds) {
    const document = state.documents.byId.get(id);
    assert(document !== undefined, `verification ${verificationId} submits unknown document ${id}`);
    state.documents.byId.set(id, freeze({ ...document, submittedIn: verificationId, updatedAt: at }));
  }
}

/** Evolvers for document events. */
export const documentEvolvers: EvolverTable = {
  [DOCUMENT_EVENTS.uploaded]: (state, event) => {
    const { document } = event.data as DocumentUploaded;
    assert(!state.documents.byId.has(document.id), `document ${document.id} uploaded twice`);
    assert(holderExists(state, document.documentHolder), `document ${document.id} for unknown holder ${document.documentHolder}`);
    addDocument(state.documents, freeze(structuredClone(document), true));
  },
  [DOCUMENT_EVENTS.replaced]: (state, event) => {
    const { document } = event.data as DocumentReplaced;
    const before = state.documents.byId.get(document.id);
    assert(before !== undefined, `DocumentReplaced for unknown document ${document.id}`);
    assert(before.documentHolder === document.documentHolder, `document ${document.id} changes holder`);
    state.documents.byId.set(document.id, freeze(structuredClone(document), true));
  },
  [DOCUMENT_EVENTS.deleted]: (state, event) => {
    const { documentId } = event.data as DocumentDeleted;
    const before = state.documents.byId.get(documentId);
    assert(before !== undefined, `DocumentDeleted for unknown document ${documentId}`);
    assert(before.submittedIn === undefined, `document ${documentId} was submitted and cannot be deleted`);
    removeDocument(state.documents, documentId);
  },
};
