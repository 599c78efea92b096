/**
 * Payment documents as data: the document types a platform may upload in support of a payment,
 * and the record kept in the store. JSON-safe (events carry these records as they are).
 */

/** Document types a payment document may have (decided; docs/quotes.md). */
export const PAYMENT_DOCUMENT_TYPES = [
  'INVOICE', 'CONTRACT', 'PURCHASE_AGREEMENT', 'LOAN_AGREEMENT', 'BANK_STATEMENT', 'PROOF_OF_FUNDS', 'TAX_RETURN', 'OTHER',
] as const;
/** One of `PAYMENT_DOCUMENT_TYPES`. */
export type PaymentDocumentType = (typeof PAYMENT_DOCUMENT_TYPES)[number];

/** File formats accepted (the spec's sandbox accepts JPEG, PNG and PDF for identity documents). */
export const PAYMENT_DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
/** One of `PAYMENT_DOCUMENT_CONTENT_TYPES`. */
export type PaymentDocumentContentType = (typeof PAYMENT_DOCUMENT_CONTENT_TYPES)[number];

/**
 * A payment document: metadata of an uploaded file, owned by one customer. `quoteId` is set when
 * a quote attaches it; a document is attachable to one quote only (spec: PaymentDocumentRequirementId).
 */
export type PaymentDocument = {
  /** `PaymentDocument:<uuid>`. */
  readonly id: string;
  readonly customerId: string;
  readonly documentType: PaymentDocumentType;
  /** The requirement it answers (a PaymentDocumentRequirementId), when the platform names one. */
  readonly requirementId?: string;
  readonly fileName: string;
  readonly contentType: PaymentDocumentContentType;
  readonly description?: string;
  /** The quote the document is attached to, once attached. */
  readonly quoteId?: string;
  readonly createdAt: string;
  readonly updatedAt: string;
};
