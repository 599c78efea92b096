/** The wire form of a document (reference Document): metadata only, fields in a fixed order. */
import type { DocumentRecord } from './types.js';

/** The reference's Document fields. */
export type DocumentView = Omit<DocumentRecord, 'file' | 'submittedIn'>;

/** The wire form of `document`: the file's hash and size stay in the log. Pure. */
export function documentView(document: DocumentRecord): DocumentView {
  return {
    id: document.id,
    documentHolder: document.documentHolder,
    documentType: document.documentType,
    ...(document.side === undefined ? {} : { side: document.side }),
    country: document.country,
    ...(document.documentNumber === undefined ? {} : { documentNumber: document.documentNumber }),
    ...(document.issuingAuthority === undefined ? {} : { issuingAuthority: document.issuingAuthority }),
    fileName: document.fileName,
    createdAt: document.createdAt,
    updatedAt: document.updatedAt,
  };
}
