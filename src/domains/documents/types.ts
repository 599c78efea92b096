/**
 * Verification documents (`POST /documents`): the record kept in the log and its value sets
 * (reference: DocumentType and its categories). The log holds a document's metadata, the SHA-256
 * and size of its file and the media type recognised from its bytes, never the bytes.
 */

/** `documentType` values (reference DocumentType). */
export const DOCUMENT_TYPES = [
  'PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID', 'PROOF_OF_ADDRESS', 'BANK_STATEMENT', 'TAX_RETURN',
  'CERTIFICATE_OF_INCORPORATION', 'ARTICLES_OF_INCORPORATION', 'ARTICLES_OF_ASSOCIATION', 'STATE_REGISTRY_EXCERPT',
  'GOOD_STANDING_CERTIFICATE', 'INFORMATION_STATEMENT', 'INCUMBENCY_CERTIFICATE', 'BUSINESS_LICENSE',
  'SHAREHOLDER_REGISTER', 'POWER_OF_ATTORNEY', 'UTILITY_BILL', 'ELECTRICITY_BILL', 'RENT_OR_LEASE_AGREEMENT',
  'DIRECTOR_REGISTRY', 'TRUST_AGREEMENT', 'STATE_COMPANY_REGISTRY', 'PARTNERSHIP_CONTROL_AGREEMENT',
  'PARTNERSHIP_AGREEMENT', 'SELFIE', 'OTHER',
] as const;
/** One of `DOCUMENT_TYPES`. */
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Identity documents (reference: MISSING_IDENTITY_DOCUMENT's accepted types). */
export const IDENTITY_DOCUMENT_TYPES: readonly DocumentType[] = ['PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID'];
/** Business legal presence (MISSING_LEGAL_PRESENCE_DOCUMENT). */
export const LEGAL_PRESENCE_DOCUMENT_TYPES: readonly DocumentType[] = [
  'CERTIFICATE_OF_INCORPORATION', 'ARTICLES_OF_INCORPORATION', 'ARTICLES_OF_ASSOCIATION', 'STATE_REGISTRY_EXCERPT',
];
/** Business ownership structure (MISSING_OWNERSHIP_STRUCTURE_DOCUMENT). */
export const OWNERSHIP_STRUCTURE_DOCUMENT_TYPES: readonly DocumentType[] = ['SHAREHOLDER_REGISTER', 'TRUST_AGREEMENT', 'PARTNERSHIP_AGREEMENT'];
/** Proof of address (MISSING_PROOF_OF_ADDRESS_DOCUMENT). */
export const PROOF_OF_ADDRESS_DOCUMENT_TYPES: readonly DocumentType[] = [
  'UTILITY_BILL', 'RENT_OR_LEASE_AGREEMENT', 'ELECTRICITY_BILL', 'BANK_STATEMENT', 'TAX_RETURN',
];
/** Types only a business can hold (a person, customer or owner, uploading one is UNSUITABLE_DOCUMENT). */
export const BUSINESS_ONLY_DOCUMENT_TYPES: readonly DocumentType[] = [
  ...LEGAL_PRESENCE_DOCUMENT_TYPES, 'GOOD_STANDING_CERTIFICATE', 'INFORMATION_STATEMENT', 'INCUMBENCY_CERTIFICATE',
  'BUSINESS_LICENSE', 'SHAREHOLDER_REGISTER', 'DIRECTOR_REGISTRY', 'STATE_COMPANY_REGISTRY',
  'PARTNERSHIP_CONTROL_AGREEMENT', 'PARTNERSHIP_AGREEMENT',
];

/** `side` values for two-sided documents. */
export const DOCUMENT_SIDES = ['FRONT', 'BACK'] as const;
/** One of `DOCUMENT_SIDES`. */
export type DocumentSide = (typeof DOCUMENT_SIDES)[number];

/** The file kinds the sandbox accepts, recognised from the bytes (spec: any JPEG, PNG or PDF). */
export const DOCUMENT_MEDIA_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
/** One of `DOCUMENT_MEDIA_TYPES`. */
export type DocumentMediaType = (typeof DOCUMENT_MEDIA_TYPES)[number];

/** What the log keeps of an uploaded file. */
export type DocumentFile = {
  /** SHA-256 of the file's bytes, lower-case hex. */
  readonly sha256: string;
  readonly sizeBytes: number;
  readonly mediaType: DocumentMediaType;
};

/** A stored document. JSON-safe; absent fields are omitted. */
export type DocumentRecord = {
  /** `Document:<uuid>`. */
  readonly id: string;
  /** A `Customer:` or `BeneficialOwner:` id. */
  readonly documentHolder: string;
  readonly documentType: DocumentType;
  readonly side?: DocumentSide;
  /** ISO 3166-1 alpha-2 of the issuer. */
  readonly country: string;
  readonly documentNumber?: string;
  readonly issuingAuthority?: string;
  /** The file name the client sent (metadata only; the kind is read from the bytes). */
  readonly fileName: string;
  readonly file: DocumentFile;
  /** The verification that submitted this document; a submitted document cannot be deleted. */
  readonly submittedIn?: string;
  readonly createdAt: string;
  readonly updatedAt: string;
};
