/** Shapes payment documents for the wire: the record's fields in a fixed order, absent ones omitted. */
import type { PaymentDocument } from './types.js';

/** The wire form of a payment document (the record holds exactly the wire fields). */
export type PaymentDocumentView = PaymentDocument;

const FIELD_ORDER = ['id', 'customerId', 'documentType', 'requirementId', 'fileName', 'contentType', 'description', 'quoteId', 'createdAt', 'updatedAt'] as const;

/** The wire form of `document`: a new object with the fields in a fixed order. Pure. */
export function paymentDocumentView(document: PaymentDocument): PaymentDocumentView {
  const source = document as Readonly<Record<string, unknown>>;
  const out: Record<string, unknown> = {};
  for (const key of FIELD_ORDER) if (source[key] !== undefined) out[key] = source[key];
  return out as PaymentDocumentView;
}
