/** Payment document events. Attaching a document to a quote happens in `QuoteCreated` (quotes domain). */
import type { PaymentDocument } from './types.js';

/** A new payment document (`POST /payment-documents`). */
export type PaymentDocumentCreated = { readonly document: PaymentDocument };

/** Event type names of this domain. */
export const PAYMENT_DOCUMENT_EVENTS = { created: 'PaymentDocumentCreated' } as const;
