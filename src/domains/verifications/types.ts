/**
 * KYC/KYB verifications (reference Verification): one record per submission (`POST
 * /verifications` or a completed hosted link), never changed afterwards. Also the hosted links
 * and the contact-verification state of a customer. JSON-safe, stored frozen.
 */
import type { DocumentType } from '../documents/types.js';

/** `verificationStatus` values (reference VerificationStatus). */
export const VERIFICATION_STATUSES = ['RESOLVE_ERRORS', 'PENDING_MANUAL_REVIEW', 'IN_PROGRESS', 'APPROVED', 'REJECTED', 'READY_FOR_VERIFICATION'] as const;
/** One of `VERIFICATION_STATUSES`. */
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** The error types this engine reports (a subset of the reference's VerificationErrorType). */
export type VerificationErrorType =
  | 'MISSING_FIELD'
  | 'MISSING_IDENTITY_DOCUMENT'
  | 'MISSING_LEGAL_PRESENCE_DOCUMENT'
  | 'MISSING_OWNERSHIP_STRUCTURE_DOCUMENT'
  | 'MISSING_PROOF_OF_ADDRESS_DOCUMENT'
  | 'MISSING_BENEFICIAL_OWNER'
  | 'POOR_QUALITY_DOCUMENT';

/** One thing preventing verification (reference VerificationError). */
export type VerificationError = {
  /** The Customer, BeneficialOwner or Document the issue is about. */
  readonly resourceId: string;
  readonly type: VerificationErrorType;
  /** Dot-notation path; present for MISSING_FIELD. */
  readonly field?: string;
  /** Present for the MISSING_*_DOCUMENT types. */
  readonly acceptedDocumentTypes?: readonly DocumentType[];
  readonly reason: string;
};

/** How a submission arrived. */
export type VerificationChannel = 'API' | 'HOSTED_LINK';

/** A stored verification. */
export type Verification = {
  /** `Verification:<uuid>`. */
  readonly id: string;
  readonly customerId: string;
  readonly verificationStatus: VerificationStatus;
  readonly errors: readonly VerificationError[];
  readonly channel: VerificationChannel;
  readonly createdAt: string;
  readonly updatedAt: string;
};

/** A hosted KYC/KYB link (`POST /customers/{id}/kyc-link`); its token is derived from the host secret, never logged. */
export type KycLink = {
  /** `KycLink:<uuid>`. */
  readonly id: string;
  readonly customerId: string;
  readonly redirectUri?: string;
  readonly createdAt: string;
  readonly expiresAt: string;
  /** The verification that completed the link (single use). */
  readonly completedIn?: string;
};

/** `contactVerification` channel status (reference ContactVerificationStatus). */
export type ContactChannelStatus = 'PENDING' | 'VERIFIED';
/** A contact channel. */
export type ContactChannel = 'email' | 'phone';

/** A customer's contact verification progress (only for customers that need it). */
export type ContactProgress = {
  readonly email: ContactChannelStatus;
  readonly phone: ContactChannelStatus;
  /** Channels a code was sent on (confirming needs a sent code). */
  readonly codeSent: readonly ContactChannel[];
};
