/**
 * References a payer or payee quotes to match money to a transaction: the reconciliation
 * reference (ReconciliationInstructions.reference) and the refund reference, both derived from
 * the transaction id so replay always shows the same values.
 */
import { bareUuid } from '../../core/ids.js';

/**
 * The reconciliation reference of a transaction: "TX" and the 32 hex digits of its uuid, upper
 * case. Unique because ids are; 34 characters, within SEPA's 35. Pure.
 */
export function reconciliationReference(transactionId: string): string {
  return `TX${bareUuid(transactionId).replaceAll('-', '').toUpperCase()}`;
}

/** The reference of a transaction's refund: "RF" and the same 32 hex digits (one refund per payment). Pure. */
export function refundReference(transactionId: string): string {
  return `RF${bareUuid(transactionId).replaceAll('-', '').toUpperCase()}`;
}

/** The transaction id a reconciliation or refund reference is made from, or undefined for any other text. Pure. */
export function referencedTransactionId(reference: string): string | undefined {
  const hex = /^(?:TX|RF)([0-9A-F]{32})$/.exec(reference)?.[1]?.toLowerCase();
  return hex === undefined ? undefined : `Transaction:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
