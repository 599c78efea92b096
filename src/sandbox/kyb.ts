/**
 * Sandbox KYB and beneficial owners: the spec's business suffix table (last 3 characters of
 * `businessInfo.registrationNumber`, read at a verification submission) and its beneficial-owner
 * table (last 3 characters of `personalInfo.lastName`, read when the business resolves
 * terminally), as data, with the rules that read them. Pure; imports nothing from `domains/`.
 */
import { assert } from '../core/assert.js';
import type { SandboxKycStatus } from './kyc.js';

/** What a KYB suffix decides at a submission. */
export type KybOutcome =
  /** No auto-decision: real document and owner collection, normal validation (001, 003). */
  | 'COLLECT'
  /** kybStatus and verificationStatus REJECTED. */
  | 'REJECTED'
  /** kybStatus and verificationStatus APPROVED. */
  | 'APPROVED';

/** One row of the spec's KYB table; `suffix: null` is "any other". */
export type KybSuffixRow = { readonly suffix: string | null; readonly outcome: KybOutcome; readonly spec: string };

/** The spec's KYB suffix table, row for row (spec: Sandbox behaviour, KYB, business). */
export const KYB_SUFFIX_TABLE: readonly KybSuffixRow[] = Object.freeze([
  { suffix: '003', outcome: 'COLLECT', spec: 'no auto-decision; real document and beneficial-owner collection; normal validation' },
  { suffix: '001', outcome: 'COLLECT', spec: 'same as 003' },
  { suffix: '002', outcome: 'REJECTED', spec: 'kybStatus and verificationStatus REJECTED' },
  { suffix: null, outcome: 'APPROVED', spec: 'kybStatus and verificationStatus APPROVED' },
] as const);

/** One row of the spec's beneficial-owner table; `suffix: null` is "any other". */
export type OwnerSuffixRow = { readonly suffix: string | null; readonly kycStatus: SandboxKycStatus };

/** The spec's beneficial-owner table, row for row: the last 3 characters of `personalInfo.lastName`. */
export const BENEFICIAL_OWNER_SUFFIX_TABLE: readonly OwnerSuffixRow[] = Object.freeze([
  { suffix: '001', kycStatus: 'PENDING' },
  { suffix: '002', kycStatus: 'REJECTED' },
  { suffix: null, kycStatus: 'APPROVED' },
] as const);

/** How many trailing characters the KYB and owner tables read. */
export const KYB_SUFFIX_LENGTH = 3;

function rowOf<R extends { readonly suffix: string | null }>(table: readonly R[], value: string): R {
  const fallback = table[table.length - 1];
  assert(fallback !== undefined && fallback.suffix === null, 'a suffix table must end with the "any other" row');
  const suffix = value.slice(-KYB_SUFFIX_LENGTH);
  return table.find((row) => row.suffix === suffix) ?? fallback;
}

/** The KYB row `registrationNumber` selects (an absent number selects "any other"). Pure. */
export function kybSuffixRow(registrationNumber: string | undefined): KybSuffixRow {
  return rowOf(KYB_SUFFIX_TABLE, registrationNumber ?? '');
}

/** The kycStatus a beneficial owner named `lastName` resolves to. Pure. */
export function resolveBeneficialOwnerSuffix(lastName: string): SandboxKycStatus {
  return rowOf(BENEFICIAL_OWNER_SUFFIX_TABLE, lastName).kycStatus;
}
