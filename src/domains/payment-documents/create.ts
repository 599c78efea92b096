/**
 * `POST /payment-documents`: the body schema and the decider. A document belongs to an existing
 * customer; `requirementId`, when given, must be a requirement the engine knows and accept the
 * document's type. Nothing else is checked here: attaching happens when a quote names the document.
 */
import { z } from 'zod';
import { type ApiError, apiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { PAYMENT_DOCUMENT_EVENTS, type PaymentDocumentCreated } from './events.js';
import { DOCUMENT_REQUIREMENTS } from './requirements.js';
import { PAYMENT_DOCUMENT_CONTENT_TYPES, PAYMENT_DOCUMENT_TYPES, type PaymentDocument } from './types.js';

/** Longest file name and description kept. */
export const FILE_NAME_LENGTH_MAX = 255;
export const DOCUMENT_DESCRIPTION_LENGTH_MAX = 1000;

/** The request body of `POST /payment-documents`. */
export const createPaymentDocumentSchema = z.strictObject({
  customerId: z.string({ error: 'customerId is required' }).min(1, { error: 'customerId must not be empty' }),
  documentType: z.enum(PAYMENT_DOCUMENT_TYPES, { error: `documentType must be one of ${PAYMENT_DOCUMENT_TYPES.join(', ')}` }),
  requirementId: z
    .string()
    .regex(/^[A-Z][A-Z0-9_]{0,63}$/, { error: 'requirementId must be an upper-case identifier' })
    .optional(),
  fileName: z
    .string({ error: 'fileName is required' })
    .min(1, { error: 'fileName must not be empty' })
    .max(FILE_NAME_LENGTH_MAX, { error: `fileName must be at most ${FILE_NAME_LENGTH_MAX} characters` }),
  contentType: z.enum(PAYMENT_DOCUMENT_CONTENT_TYPES, { error: `contentType must be one of ${PAYMENT_DOCUMENT_CONTENT_TYPES.join(', ')}` }).optional(),
  description: z.string().max(DOCUMENT_DESCRIPTION_LENGTH_MAX, { error: `description must be at most ${DOCUMENT_DESCRIPTION_LENGTH_MAX} characters` }).optional(),
});

/** A validated body. */
export type CreatePaymentDocumentRequest = z.infer<typeof createPaymentDocumentSchema>;

/** The content type a file name implies when none is given (PDF unless it ends in .jpg/.jpeg/.png). */
export function contentTypeOf(fileName: string): PaymentDocument['contentType'] {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.png')) return 'image/png';
  if (lower.endsWith('.jpg') || lower.endsWith('.jpeg')) return 'image/jpeg';
  return 'application/pdf';
}

/**
 * Pure: the event creating the document, or 404 CUSTOMER_NOT_FOUND, or 400 INVALID_INPUT when
 * `requirementId` is unknown or does not accept `documentType`.
 */
export function decideCreatePaymentDocument(
  state: DomainState,
  request: CreatePaymentDocumentRequest,
  documentId: string,
  at: string,
): Result<EventDraft[], ApiError> {
  if (request.requirementId !== undefined) {
    const requirement = DOCUMENT_REQUIREMENTS[request.requirementId];
    if (requirement === undefined) {
      return err(invalidInput([{ field: 'requirementId', constraint: { enum: Object.keys(DOCUMENT_REQUIREMENTS) }, message: `Unknown requirement ${request.requirementId}` }]));
    }
    if (!requirement.acceptedTypes.includes(request.documentType)) {
      return err(
        invalidInput([{ field: 'documentType', constraint: { enum: [...requirement.acceptedTypes] }, message: `${request.requirementId} does not accept ${request.documentType}` }]),
      );
    }
  }
  if (!state.customers.byId.has(request.customerId)) return err(apiError('CUSTOMER_NOT_FOUND', `Customer ${request.customerId} not found`));
  const document: PaymentDocument = {
    id: documentId,
    customerId: request.customerId,
    documentType: request.documentType,
    ...(request.requirementId === undefined ? {} : { requirementId: request.requirementId }),
    fileName: request.fileName,
    contentType: request.contentType ?? contentTypeOf(request.fileName),
    ...(request.description === undefined ? {} : { description: request.description }),
    createdAt: at,
    updatedAt: at,
  };
  const data: PaymentDocumentCreated = { document };
  return ok([{ type: PAYMENT_DOCUMENT_EVENTS.created, data }]);
}
