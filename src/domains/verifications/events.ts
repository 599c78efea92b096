/** Identity verification events, version 1, JSON-safe. */
import type { KycStatus } from '../customers/types.js';
import type { ContactChannel, KycLink, Verification } from './types.js';

/**
 * A submission was judged: the verification record; the customer's new `kycStatus`/`kybStatus`
 * when it changes; each beneficial owner resolved with it (the business resolved terminally);
 * the documents now submitted (they can no longer be deleted); the hosted link it completed.
 */
export type VerificationSubmitted = {
  readonly verification: Verification;
  readonly customerStatus?: KycStatus;
  readonly ownerStatuses: readonly { readonly beneficialOwnerId: string; readonly kycStatus: KycStatus }[];
  readonly documentIds: readonly string[];
  readonly linkId?: string;
};

/** A hosted link was issued. */
export type KycLinkIssued = { readonly link: KycLink };

/** A contact verification code was sent on `channel` (a resend is the same event). */
export type ContactCodeSent = { readonly customerId: string; readonly channel: ContactChannel; readonly sentAt: string };

/** A contact channel was confirmed with the right code. */
export type ContactVerified = { readonly customerId: string; readonly channel: ContactChannel; readonly verifiedAt: string };

/** Event type names of this domain. */
export const VERIFICATION_EVENTS = {
  submitted: 'VerificationSubmitted',
  linkIssued: 'KycLinkIssued',
  contactCodeSent: 'ContactCodeSent',
  contactVerified: 'ContactVerified',
} as const;
