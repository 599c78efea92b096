/**
 * Payment document routes: upload a document's metadata for a customer (`POST /payment-documents`,
 * JSON, 201) and read it back (`GET /payment-documents/{documentId}`, 404 PAYMENT_DOCUMENT_NOT_FOUND).
 * Quotes attach documents by id (`documentIds`). Platform credentials.
 */
import { apiError } from '../../core/errors.js';
import { err, ok } from '../../core/result.js';
import { createPaymentDocumentSchema, decideCreatePaymentDocument } from '../../domains/payment-documents/create.js';
import { paymentDocumentView } from '../../domains/payment-documents/view.js';
import type { DomainState } from '../../domains/state.js';
import { answer, type Route } from '../route.js';
import { validate } from '../validation.js';

/** Payment document routes. */
export const paymentDocumentRoutes: readonly Route<DomainState>[] = [
  {
    method: 'POST',
    path: '/payment-documents',
    auth: 'platform',
    handle: ({ state, request, at, newId }) => {
      const body = validate(createPaymentDocumentSchema, request.body ?? {});
      if (!body.ok) return body;
      const documentId = newId('PaymentDocument');
      const events = decideCreatePaymentDocument(state, body.value, documentId, at);
      if (!events.ok) return events;
      return ok({
        events: events.value,
        respond: (after) => ({ status: 201, body: paymentDocumentView(after.paymentDocuments.byId.get(documentId)!) }),
      });
    },
  },
  {
    method: 'GET',
    path: '/payment-documents/{documentId}',
    auth: 'platform',
    handle: ({ state, params }) => {
      const document = state.paymentDocuments.byId.get(params.documentId ?? '');
      if (document === undefined) return err(apiError('PAYMENT_DOCUMENT_NOT_FOUND', `Payment document ${params.documentId} not found`));
      return ok(answer(200, paymentDocumentView(document)));
    },
  },
];
