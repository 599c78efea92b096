/**
 * Document events, version 1, JSON-safe. A record carries the file's SHA-256, size and media
 * type, never its bytes.
 */
import type { DocumentRecord } from './types.js';

/** A new document (`POST /documents`). */
export type DocumentUploaded = { readonly document: DocumentRecord };
/** A document's file and metadata replaced (`PUT /documents/{id}`): the whole record after it. */
export type DocumentReplaced = { readonly document: DocumentRecord };
/** A document removed (`DELETE /documents/{id}`). */
export type DocumentDeleted = { readonly documentId: string; readonly deletedAt: string };

/** Event type names of this domain. */
export const DOCUMENT_EVENTS = {
  uploaded: 'DocumentUploaded',
  replaced: 'DocumentReplaced',
  deleted: 'DocumentDeleted',
} as const;
