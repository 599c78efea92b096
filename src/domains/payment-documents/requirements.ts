/**
 * Which supporting documents a `purposeOfPayment` needs, as a constant table (decided; the spec
 * names the error DOCUMENTS_REQUIRED and the requirement id SUPPORTING_PROOF, not the table), and
 * the rule that reads it: a requirement is met by an attached document that names it in
 * `requirementId`, or that names none and whose type the requirement accepts. Pure.
 */
import type { PaymentDocument, PaymentDocumentType } from './types.js';

/** One requirement: its id (a PaymentDocumentRequirementId) and the document types that satisfy it. */
export type DocumentRequirement = { readonly requirementId: string; readonly acceptedTypes: readonly PaymentDocumentType[] };

/** The requirements the engine knows, by id. */
export const DOCUMENT_REQUIREMENTS: Readonly<Record<string, DocumentRequirement>> = Object.freeze({
  SUPPORTING_PROOF: { requirementId: 'SUPPORTING_PROOF', acceptedTypes: ['INVOICE', 'CONTRACT', 'BANK_STATEMENT', 'PROOF_OF_FUNDS', 'OTHER'] },
  PURCHASE_AGREEMENT: { requirementId: 'PURCHASE_AGREEMENT', acceptedTypes: ['PURCHASE_AGREEMENT', 'CONTRACT'] },
  LOAN_AGREEMENT: { requirementId: 'LOAN_AGREEMENT', acceptedTypes: ['LOAN_AGREEMENT', 'CONTRACT'] },
  PROOF_OF_FUNDS: { requirementId: 'PROOF_OF_FUNDS', acceptedTypes: ['PROOF_OF_FUNDS', 'BANK_STATEMENT', 'TAX_RETURN'] },
});

/** Purposes that need documents, each with its requirement ids in the order they are reported. */
export const PURPOSE_DOCUMENT_REQUIREMENTS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  INVESTMENT: ['SUPPORTING_PROOF'],
  REAL_ESTATE_PURCHASE: ['PURCHASE_AGREEMENT', 'PROOF_OF_FUNDS'],
  LOAN_REPAYMENT: ['LOAN_AGREEMENT'],
  BUSINESS_ACQUISITION: ['PURCHASE_AGREEMENT', 'SUPPORTING_PROOF'],
});

/** The requirement ids `purpose` needs (empty for a purpose that needs none or none given). Pure. */
export function requirementsOf(purpose: string | undefined): readonly string[] {
  if (purpose === undefined) return [];
  return Object.hasOwn(PURPOSE_DOCUMENT_REQUIREMENTS, purpose) ? (PURPOSE_DOCUMENT_REQUIREMENTS[purpose] ?? []) : [];
}

/** True when `document` satisfies requirement `requirementId`. Pure. */
export function satisfies(document: PaymentDocument, requirementId: string): boolean {
  if (document.requirementId !== undefined) return document.requirementId === requirementId;
  const requirement = DOCUMENT_REQUIREMENTS[requirementId];
  return requirement?.acceptedTypes.includes(document.documentType) === true;
}

/**
 * The requirements of `purpose` that `documents` leave unmet, in the table's order. Each document
 * counts toward one requirement at most (the first unmet one it satisfies). Pure.
 */
export function missingRequirements(purpose: string | undefined, documents: readonly PaymentDocument[]): string[] {
  const unused = [...documents];
  const missing: string[] = [];
  for (const requirementId of requirementsOf(purpose)) {
    const index = unused.findIndex((document) => satisfies(document, requirementId));
    if (index === -1) missing.push(requirementId);
    else unused.splice(index, 1);
  }
  return missing;
}
