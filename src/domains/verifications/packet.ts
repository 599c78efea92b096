/**
 * What a complete verification packet needs, as the reference's `errors[]` (every missing thing
 * at once, in a fixed order). KYC (spec: "A full submission needs full name, birth date,
 * nationality, idType + identifier, address, and an identity document uploaded via POST
 * /documents"). KYB (spec: "business information, business documents, at least one beneficial
 * owner"): address and registration number, a legal-presence, an ownership-structure and a
 * proof-of-address document (the reference's categories), at least one owner. Pure.
 */
import type { BusinessCustomer, IndividualCustomer } from '../customers/types.js';
import { documentsOf } from '../documents/store.js';
import {
  type DocumentType,
  IDENTITY_DOCUMENT_TYPES,
  LEGAL_PRESENCE_DOCUMENT_TYPES,
  OWNERSHIP_STRUCTURE_DOCUMENT_TYPES,
  PROOF_OF_ADDRESS_DOCUMENT_TYPES,
} from '../documents/types.js';
import { ownersOf } from '../beneficial-owners/store.js';
import type { DomainState } from '../state.js';
import type { VerificationError, VerificationErrorType } from './types.js';

type PacketState = Pick<DomainState, 'documents' | 'beneficialOwners'>;

/** The individual fields a KYC packet needs, with the reason reported for each. */
export const KYC_REQUIRED_FIELDS: readonly { readonly field: keyof IndividualCustomer; readonly reason: string }[] = [
  { field: 'fullName', reason: 'Full name is required' },
  { field: 'birthDate', reason: 'Date of birth is required' },
  { field: 'nationality', reason: 'Nationality is required' },
  { field: 'idType', reason: 'Identification type is required' },
  { field: 'identifier', reason: 'Identification number is required' },
  { field: 'address', reason: 'Address is required' },
];

function missingField(resourceId: string, field: string, reason: string): VerificationError {
  return { resourceId, type: 'MISSING_FIELD', field, reason };
}

function missingDocument(resourceId: string, type: VerificationErrorType, accepted: readonly DocumentType[], reason: string): VerificationError {
  return { resourceId, type, acceptedDocumentTypes: accepted, reason };
}

/** The identity document `holderId` holds that a KYC packet uses (the first uploaded), if any. Pure. */
export function identityDocumentOf(state: PacketState, holderId: string): string | undefined {
  return documentsOf(state.documents, holderId).find((d) => IDENTITY_DOCUMENT_TYPES.includes(d.documentType))?.id;
}

/** Every missing part of an individual's packet; empty when complete. Pure. */
export function kycPacketErrors(state: PacketState, customer: IndividualCustomer): VerificationError[] {
  const errors: VerificationError[] = [];
  for (const { field, reason } of KYC_REQUIRED_FIELDS) {
    if (customer[field] === undefined) errors.push(missingField(customer.id, `customer.${field}`, reason));
  }
  if (identityDocumentOf(state, customer.id) === undefined) {
    errors.push(missingDocument(customer.id, 'MISSING_IDENTITY_DOCUMENT', IDENTITY_DOCUMENT_TYPES, 'An identity document is required (POST /documents)'));
  }
  return errors;
}

const KYB_DOCUMENTS: readonly { readonly type: VerificationErrorType; readonly accepted: readonly DocumentType[]; readonly reason: string }[] = [
  { type: 'MISSING_LEGAL_PRESENCE_DOCUMENT', accepted: LEGAL_PRESENCE_DOCUMENT_TYPES, reason: 'A company formation or existence document is required' },
  { type: 'MISSING_OWNERSHIP_STRUCTURE_DOCUMENT', accepted: OWNERSHIP_STRUCTURE_DOCUMENT_TYPES, reason: 'Proof of the ownership structure is required' },
  { type: 'MISSING_PROOF_OF_ADDRESS_DOCUMENT', accepted: PROOF_OF_ADDRESS_DOCUMENT_TYPES, reason: 'Proof of address is required' },
];

/** Every missing part of a business's packet; empty when complete. Pure. */
export function kybPacketErrors(state: PacketState, customer: BusinessCustomer): VerificationError[] {
  const errors: VerificationError[] = [];
  if (customer.address === undefined) errors.push(missingField(customer.id, 'customer.address', 'Business address is required'));
  if (customer.businessInfo.registrationNumber === undefined) {
    errors.push(missingField(customer.id, 'customer.businessInfo.registrationNumber', 'Business registration number is required'));
  }
  const held = documentsOf(state.documents, customer.id).map((d) => d.documentType);
  for (const { type, accepted, reason } of KYB_DOCUMENTS) {
    if (!held.some((t) => accepted.includes(t))) errors.push(missingDocument(customer.id, type, accepted, reason));
  }
  if (ownersOf(state.beneficialOwners, customer.id).length === 0) {
    errors.push({ resourceId: customer.id, type: 'MISSING_BENEFICIAL_OWNER', reason: 'At least one beneficial owner is required (POST /beneficial-owners)' });
  }
  return errors;
}
