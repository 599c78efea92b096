/** SCA events: each carries the customer's whole SCA record after the change (small, and replay is a set). */
import type { ScaRecord } from './types.js';

/** Data of every SCA event. */
export type ScaRecordChanged = { readonly record: ScaRecord };

/** Event type names of this domain (what changed; the data is the record after it). */
export const SCA_EVENTS = {
  enrollmentStarted: 'ScaFactorEnrollmentStarted',
  factorEnrolled: 'ScaFactorEnrolled',
  factorDeleted: 'ScaFactorDeleted',
  loginStarted: 'ScaLoginStarted',
  loginCompleted: 'ScaLoginCompleted',
  loginFailed: 'ScaLoginFailed',
  securityEventRecorded: 'ScaSecurityEventRecorded',
  resetStarted: 'ScaFactorResetStarted',
  resetCompleted: 'ScaFactorResetCompleted',
  trustChallengeIssued: 'BeneficiaryTrustChallengeIssued',
  beneficiaryTrusted: 'BeneficiaryTrusted',
  beneficiaryUntrusted: 'BeneficiaryUntrusted',
} as const;
