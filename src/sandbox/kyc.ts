/**
 * Sandbox KYC and KYB at customer creation: the spec's individual suffix table ("Sandbox
 * behaviour", KYC individual) as data, and the rules that read it. Pure; imports nothing from
 * `domains/` (sandbox sits below them), so statuses are plain string literals here.
 *
 * A complete verification submission (`POST /verifications`, src/domains/verifications) reads
 * `KYC_SUFFIX_TABLE` again through `kycSubmissionOutcome`; the KYB and beneficial-owner tables
 * are in `kyb.ts`.
 */
import { assert } from '../core/assert.js';

/** A customer's `kycStatus` / `kybStatus` value (spec: Verification result). */
export type SandboxKycStatus = 'UNVERIFIED' | 'PENDING' | 'APPROVED' | 'REJECTED';

/** One row of the spec's KYC table; `suffix: null` is the row "any other". */
export type KycSuffixRow = {
  readonly suffix: string | null;
  readonly kycStatus: SandboxKycStatus;
  /** The spec's "Submission behaviour" column, kept for readers and for the verification flow. */
  readonly submission: string;
};

/** The spec's KYC suffix table, row for row: the last 3 characters of `fullName` decide `kycStatus`. */
export const KYC_SUFFIX_TABLE: readonly KycSuffixRow[] = Object.freeze([
  { suffix: '001', kycStatus: 'PENDING', submission: 'complete data plus identity document gives PENDING_MANUAL_REVIEW' },
  { suffix: '002', kycStatus: 'REJECTED', submission: '400 once resolved' },
  { suffix: '003', kycStatus: 'UNVERIFIED', submission: 'complete data gives RESOLVE_ERRORS with a POOR_QUALITY_DOCUMENT error' },
  { suffix: null, kycStatus: 'APPROVED', submission: '400 once resolved' },
] as const);

/** How many trailing characters of `fullName` the table reads. */
export const KYC_SUFFIX_LENGTH = 3;

/** Statuses that never change again once reached (spec: Verification (KYC/KYB) in sandbox). */
export const FINAL_KYC_STATUSES: readonly SandboxKycStatus[] = Object.freeze(['APPROVED', 'REJECTED'] as const);

/** Every new business is created with this `kybStatus`, whatever the platform (spec: KYB, business). */
export const KYB_STATUS_AT_CREATION: SandboxKycStatus = 'UNVERIFIED';

/** The status an unregulated platform (paperwork not skipped) gives a new individual. */
export const KYC_STATUS_BEFORE_SUBMISSION: SandboxKycStatus = 'UNVERIFIED';

/** The platform settings the sandbox verification rules depend on. */
export type SandboxVerificationSettings = {
  readonly regulated: boolean;
  readonly skipVerificationPaperwork: boolean;
};

/** The table row that `fullName` selects: the row of its last 3 characters, else "any other". Pure. */
export function kycSuffixRow(fullName: string): KycSuffixRow {
  const suffix = fullName.slice(-KYC_SUFFIX_LENGTH);
  const fallback = KYC_SUFFIX_TABLE[KYC_SUFFIX_TABLE.length - 1];
  assert(fallback !== undefined && fallback.suffix === null, 'KYC_SUFFIX_TABLE must end with the "any other" row');
  return KYC_SUFFIX_TABLE.find((row) => row.suffix === suffix) ?? fallback;
}

/** The status the suffix of `fullName` resolves to. Pure. */
export function resolveKycSuffix(fullName: string): SandboxKycStatus {
  return kycSuffixRow(fullName).kycStatus;
}

/**
 * True when the suffix resolves at creation, without documents: a regulated platform, or one with
 * Skip verification paperwork on. Otherwise it applies only to a complete submission. Pure.
 */
export function kycResolvesAtCreation(settings: SandboxVerificationSettings): boolean {
  return settings.regulated || settings.skipVerificationPaperwork;
}

/** The `kycStatus` a new individual named `fullName` gets on a platform with `settings`. Pure. */
export function kycStatusAtCreation(settings: SandboxVerificationSettings, fullName: string): SandboxKycStatus {
  return kycResolvesAtCreation(settings) ? resolveKycSuffix(fullName) : KYC_STATUS_BEFORE_SUBMISSION;
}

/** True when `status` is final (APPROVED or REJECTED): nothing re-derives it, not even a rename. */
export function isFinalKycStatus(status: SandboxKycStatus): boolean {
  return FINAL_KYC_STATUSES.includes(status);
}

/** What a complete KYC submission answers (`verificationStatus`) for a row of the table. */
export type KycSubmissionOutcome = 'PENDING_MANUAL_REVIEW' | 'REJECTED' | 'POOR_QUALITY_DOCUMENT' | 'APPROVED';

/**
 * The outcome of a complete submission (data plus identity document) for `fullName`, from the
 * table's "Submission behaviour" column: 001 PENDING_MANUAL_REVIEW (kycStatus PENDING), 002
 * REJECTED, 003 RESOLVE_ERRORS with a POOR_QUALITY_DOCUMENT error (kycStatus UNVERIFIED), any
 * other APPROVED. Pure.
 */
export function kycSubmissionOutcome(fullName: string): KycSubmissionOutcome {
  const row = kycSuffixRow(fullName);
  if (row.suffix === '001') return 'PENDING_MANUAL_REVIEW';
  if (row.suffix === '003') return 'POOR_QUALITY_DOCUMENT';
  return row.kycStatus === 'REJECTED' ? 'REJECTED' : 'APPROVED';
}
