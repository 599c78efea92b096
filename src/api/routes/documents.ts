/**
 * Verification document routes. Uploads are multipart/form-data (the request body kept as bytes,
 * src/api/raw-body.ts): `POST /documents` (201 Document), `PUT /documents/{id}` (200, replace),
 * `GET /documents` (filter `documentHolder`), `GET /documents/{id}`, `DELETE /documents/{id}`
 * (204). A file is at most 10 MiB (reference) and is recognised by its bytes. Platform credentials.
 */
import { z } from 'zod';
import { ok, err } from '../../core/result.js';
import { decideDeleteDocument, decideReplaceDocument, decideUploadDocument, DOCUMENT_FILE_BYTES_MAX, DOCUMENT_FORM_PARTS_MAX, documentNotFound, readDocumentForm } from '../../domains/documents/decide.js';
import { documentView } from '../../domains/documents/view.js';
import type { DomainState } from '../../domains/state.js';
import { IDENTITY_PAGING, idFilter, identityPage, readIdentityList } from '../identity-list.js';
import { readForm } from '../multipart.js';
import { answer, type Route } from '../route.js';

const FORM_LIMITS = { partBytesMax: DOCUMENT_FILE_BYTES_MAX, partsMax: DOCUMENT_FORM_PARTS_MAX };

/** `GET /documents`: `documentHolder` (a customer or beneficial owner id) pages through that holder's own documents. */
const documentListQuery = z.strictObject({ documentHolder: idFilter('documentHolder').optional(), ...IDENTITY_PAGING });

/** Document routes. */
export const documentRoutes: readonly Route<DomainState>[] = [
  {
    method: 'POST',
    path: '/documents',
    auth: 'platform',
    handle: ({ state, request, at, newId }) => {
      const form = readForm(request, FORM_LIMITS);
      if (!form.ok) return form;
      const upload = readDocumentForm(form.value, true);
      if (!upload.ok) return upload;
      const documentId = newId('Document');
      const events = decideUploadDocument(state, upload.value, documentId, at);
      if (!events.ok) return events;
      return ok({ events: events.value, respond: (after) => ({ status: 201, body: documentView(after.documents.byId.get(documentId)!) }) });
    },
  },
  {
    method: 'GET',
    path: '/documents',
    auth: 'platform',
    querySchema: documentListQuery,
    handle: ({ state, request }) => {
      const read = readIdentityList(documentListQuery, request, 'documents', (q) => [q.documentHolder]);
      if (!read.ok) return read;
      const store = state.documents;
      const holder = read.value.query.documentHolder;
      const ids = holder === undefined ? store.order : (store.byHolder.get(holder) ?? []);
      return ok(answer(200, identityPage(ids, read.value.page, read.value.key, (id) => documentView(store.byId.get(id)!))));
    },
  },
  {
    method: 'GET',
    path: '/documents/{documentId}',
    auth: 'platform',
    handle: ({ state, params }) => {
      const document = state.documents.byId.get(params.documentId ?? '');
      if (document === undefined) return err(documentNotFound(params.documentId ?? ''));
      return ok(answer(200, documentView(document)));
    },
  },
  {
    method: 'PUT',
    path: '/documents/{documentId}',
    auth: 'platform',
    handle: ({ state, params, request, at }) => {
      const documentId = params.documentId ?? '';
      if (!state.documents.byId.has(documentId)) return err(documentNotFound(documentId));
      const form = readForm(request, FORM_LIMITS);
      if (!form.ok) return form;
      const upload = readDocumentForm(form.value, false);
      if (!upload.ok) return upload;
      const events = decideReplaceDocument(state, documentId, upload.value, at);
      if (!events.ok) return events;
      return ok({ events: events.value, respond: (after) => ({ status: 200, body: documentView(after.documents.byId.get(documentId)!) }) });
    },
  },
  {
    method: 'DELETE',
    path: '/documents/{documentId}',
    auth: 'platform',
    handle: ({ state, params, at }) => {
      const events = decideDeleteDocument(state, params.documentId ?? '', at);
      if (!events.ok) return events;
      return ok({ events: events.value, respond: () => ({ status: 204, body: undefined }) });
    },
  },
];
