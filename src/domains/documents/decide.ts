/**
 * Decides document uploads, replacements and deletions. Order of checks (first failure wins):
 * the form's fields (400 INVALID_INPUT, every field at once), the holder (404
 * DOCUMENT_HOLDER_NOT_FOUND) or the document (404 NOT_FOUND), the file's content (400
 * INCOMPLETE for an empty or cut-short file, 400 UNSUITABLE_DOCUMENT for anything but JPEG, PNG
 * or PDF), the type against the holder (400 UNSUITABLE_DOCUMENT for a business document of a
 * person, 400 DATA_MISMATCH for an identity document whose number is not the holder's
 * identifier), then 409 DOCUMENT_ALREADY_EXISTS (one document per holder, type and side; replace
 * with PUT). Reads state, never changes it.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { type ApiError, apiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { toFieldErrors } from '../../core/field-errors.js';
import type { Form, FormFile } from '../../core/form.js';
import { isCountryCode } from '../customers/countries.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { DOCUMENT_EVENTS, type DocumentDeleted, type DocumentReplaced, type DocumentUploaded } from './events.js';
import { recogniseFile } from './file-kind.js';
import { documentsOf } from './store.js';
import { BUSINESS_ONLY_DOCUMENT_TYPES, DOCUMENT_SIDES, DOCUMENT_TYPES, type DocumentFile, type DocumentRecord } from './types.js';

/** Largest accepted file, in bytes (reference: "Maximum file size: 10 MB"). */
export const DOCUMENT_FILE_BYTES_MAX = 10_485_760;
/** Most parts of a document form (seven fields and the file, with room for a client's extras to be reported). */
export const DOCUMENT_FORM_PARTS_MAX = 16;

const text = (field: string, max: number) =>
  z.string({ error: `${field} is required` }).min(1, { error: `${field} must not be empty` }).max(max, { error: `${field} must be at most ${max} characters` });

const metadataFields = {
  documentType: z.enum(DOCUMENT_TYPES, { error: `documentType must be one of ${DOCUMENT_TYPES.join(', ')}` }),
  side: z.enum(DOCUMENT_SIDES, { error: 'side must be FRONT or BACK' }).optional(),
  country: z
    .string({ error: 'country is required' })
    .refine((c) => /^[A-Z]{2}$/.test(c) && isCountryCode(c), { error: 'country must be an assigned ISO 3166-1 alpha-2 code' }),
  documentNumber: text('documentNumber', 64).optional(),
  issuingAuthority: text('issuingAuthority', 255).optional(),
};

const uploadSchema = z.strictObject({ ...metadataFields, documentHolder: text('documentHolder', 128) });
const replaceSchema = z.strictObject(metadataFields);

/** The metadata of an upload, validated. */
export type DocumentMetadata = z.output<typeof replaceSchema>;

/** A validated upload: metadata, holder and the file. */
export type DocumentUpload = DocumentMetadata & { readonly documentHolder?: string; readonly file: FormFile };

/** Validates a document form: every field error at once (a missing `file` too). Pure. */
export function readDocumentForm(form: Form, withHolder: boolean): Result<DocumentUpload, ApiError> {
  const values: Record<string, string> = {};
  for (const [name, value] of form.fields) values[name] = value;
  const parsed = (withHolder ? uploadSchema : replaceSchema).safeParse(values);
  const errors = parsed.success ? [] : toFieldErrors(parsed.error.issues);
  const file = form.files.get('file');
  if (file === undefined) errors.push({ field: 'file', message: 'file is required (a JPEG, PNG or PDF file part)' });
  for (const name of form.files.keys()) if (name !== 'file') errors.push({ field: name, message: 'Unknown field' });
  for (const name of form.repeated) errors.push({ field: name, message: `${name} may be sent once` });
  if (!parsed.success || file === undefined || errors.length > 0) return err(invalidInput(errors.sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0))));
  return ok({ ...parsed.data, file });
}

/** What the log keeps of the file, or the document rejection its content earns. Pure. */
export function documentFileOf(file: FormFile): Result<DocumentFile, ApiError> {
  const kind = recogniseFile(file.bytes);
  if (kind.kind === 'empty') return err(apiError('INCOMPLETE', 'The uploaded file is empty'));
  if (kind.kind === 'unsupported') return err(apiError('UNSUITABLE_DOCUMENT', 'The file is not a JPEG, PNG or PDF (recognised by its content, not its name)'));
  if (kind.kind === 'truncated') return err(apiError('INCOMPLETE', `The ${kind.mediaType} file ends before its end marker`));
  return ok({ sha256: bytesToHex(sha256(file.bytes)), sizeBytes: file.bytes.length, mediaType: kind.mediaType });
}

type Holder = { readonly kind: 'individual' | 'business' | 'owner'; readonly idType?: string; readonly identifier?: string };

function holderOf(state: DomainState, holderId: string): Holder | undefined {
  const customer = state.customers.byId.get(holderId);
  if (customer !== undefined) {
    if (customer.isDeleted === true) return undefined;
    if (customer.customerType === 'BUSINESS') return { kind: 'business' };
    return { kind: 'individual', ...(customer.idType === undefined ? {} : { idType: customer.idType }), ...(customer.identifier === undefined ? {} : { identifier: customer.identifier }) };
  }
  const owner = state.beneficialOwners.byId.get(holderId);
  return owner === undefined ? undefined : { kind: 'owner', idType: owner.personalInfo.idType, identifier: owner.personalInfo.identifier };
}

function typeProblem(holder: Holder, metadata: DocumentMetadata): ApiError | undefined {
  if (holder.kind !== 'business' && BUSINESS_ONLY_DOCUMENT_TYPES.includes(metadata.documentType)) {
    return apiError('UNSUITABLE_DOCUMENT', `${metadata.documentType} is a business document; this holder is a person`);
  }
  if (metadata.documentNumber !== undefined && holder.idType === metadata.documentType && holder.identifier !== undefined && holder.identifier !== metadata.documentNumber) {
    return apiError('DATA_MISMATCH', `documentNumber does not match the holder's ${metadata.documentType} identifier`);
  }
  return undefined;
}

function duplicateOf(state: DomainState, holderId: string, metadata: DocumentMetadata, exceptId?: string): DocumentRecord | undefined {
  for (const other of documentsOf(state.documents, holderId)) {
    if (other.id === exceptId) continue;
    if (other.documentType === metadata.documentType && other.side === metadata.side) return other;
  }
  return undefined;
}

function recordOf(id: string, holderId: string, upload: DocumentUpload, file: DocumentFile, createdAt: string, at: string): DocumentRecord {
  return {
    id,
    documentHolder: holderId,
    documentType: upload.documentType,
    ...(upload.side === undefined ? {} : { side: upload.side }),
    country: upload.country,
    ...(upload.documentNumber === undefined ? {} : { documentNumber: upload.documentNumber }),
    ...(upload.issuingAuthority === undefined ? {} : { issuingAuthority: upload.issuingAuthority }),
    fileName: upload.file.fileName,
    file,
    createdAt,
    updatedAt: at,
  };
}

/** `POST /documents`: the `DocumentUploaded` event, or why not. Pure. */
export function decideUploadDocument(state: DomainState, upload: DocumentUpload, documentId: string, at: string): Result<EventDraft[], ApiError> {
  const holderId = upload.documentHolder ?? '';
  const holder = holderOf(state, holderId);
  if (holder === undefined) return err(apiError('DOCUMENT_HOLDER_NOT_FOUND', `Document holder ${holderId} not found`));
  const file = documentFileOf(upload.file);
  if (!file.ok) return file;
  const problem = typeProblem(holder, upload);
  if (problem !== undefined) return err(problem);
  const duplicate = duplicateOf(state, holderId, upload);
  if (duplicate !== undefined) {
    return err(apiError('DOCUMENT_ALREADY_EXISTS', `${holderId} already has a ${upload.documentType} document; replace it with PUT /documents/${duplicate.id}`, { documentId: duplicate.id }));
  }
  const data: DocumentUploaded = { document: recordOf(documentId, holderId, upload, file.value, at, at) };
  return ok([{ type: DOCUMENT_EVENTS.uploaded, data }]);
}

/** `PUT /documents/{id}`: the `DocumentReplaced` event (the file and metadata; no longer submitted), or why not. Pure. */
export function decideReplaceDocument(state: DomainState, documentId: string, upload: DocumentUpload, at: string): Result<EventDraft[], ApiError> {
  const before = state.documents.byId.get(documentId);
  if (before === undefined) return err(documentNotFound(documentId));
  const holder = holderOf(state, before.documentHolder);
  if (holder === undefined) return err(apiError('DOCUMENT_HOLDER_NOT_FOUND', `Document holder ${before.documentHolder} not found`));
  const file = documentFileOf(upload.file);
  if (!file.ok) return file;
  const problem = typeProblem(holder, upload);
  if (problem !== undefined) return err(problem);
  const duplicate = duplicateOf(state, before.documentHolder, upload, documentId);
  if (duplicate !== undefined) return err(apiError('DOCUMENT_ALREADY_EXISTS', `${before.documentHolder} already has that document: ${duplicate.id}`, { documentId: duplicate.id }));
  const data: DocumentReplaced = { document: recordOf(documentId, before.documentHolder, upload, file.value, before.createdAt, at) };
  return ok([{ type: DOCUMENT_EVENTS.replaced, data }]);
}

/** `DELETE /documents/{id}`: 404 NOT_FOUND, 409 INVALID_STATE_TRANSITION once submitted for verification. Pure. */
export function decideDeleteDocument(state: DomainState, documentId: string, at: string): Result<EventDraft[], ApiError> {
  const document = state.documents.byId.get(documentId);
  if (document === undefined) return err(documentNotFound(documentId));
  if (document.submittedIn !== undefined) {
    return err(apiError('INVALID_STATE_TRANSITION', `Document ${documentId} was submitted for verification in ${document.submittedIn} and cannot be deleted`));
  }
  const data: DocumentDeleted = { documentId, deletedAt: at };
  return ok([{ type: DOCUMENT_EVENTS.deleted, data }]);
}

/** 404 for an unknown document id (the catalogue has no document-specific code). */
export function documentNotFound(documentId: string): ApiError {
  return apiError('NOT_FOUND', `Document ${documentId} not found`);
}
