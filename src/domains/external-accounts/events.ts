/**
 * External account events: past tense, JSON-safe data (absent fields omitted), version 1. No
 * event of this domain moves money. A verify attempt that changes the status is followed by an
 * `EXTERNAL_ACCOUNT.STATUS_UPDATED` webhook (notify.ts).
 */
import type { ExternalAccount, OwnershipChallenge } from './types.js';

/** A new external account: the whole record, identifiers unmasked, `isTrusted: false`. */
export type ExternalAccountCreated = { readonly account: ExternalAccount };

/** The beneficiary was marked trusted (`POST .../{id}/confirm`). */
export type ExternalAccountTrusted = { readonly externalAccountId: string; readonly at: string };

/** The beneficiary is no longer trusted (`POST .../{id}/untrust`). */
export type ExternalAccountUntrusted = { readonly externalAccountId: string; readonly at: string };

/** The account was deleted: it leaves lists and gets, and its identifier may be used again. */
export type ExternalAccountDeleted = { readonly externalAccountId: string };

/** An ownership challenge was issued; it replaces any earlier one. */
export type OwnershipChallengeIssued = { readonly externalAccountId: string; readonly challenge: OwnershipChallenge };

/**
 * A verify attempt against the open challenge, which it consumes: passed (`status` ACTIVE) or
 * failed (`status` UNVERIFIED). `previousStatus` and `status` are the statuses before and after
 * (equal when an UNVERIFIED account fails again); `at` is the time of the attempt.
 */
export type OwnershipVerificationAttempted = {
  readonly externalAccountId: string;
  readonly challengeId: string;
  readonly previousStatus: ExternalAccount['status'];
  readonly status: ExternalAccount['status'];
  readonly at: string;
  /** The Bitcoin message-signing format the request named (issue 12); absent when none was named. */
  readonly signatureScheme?: 'bip137' | 'electrum';
  /** LIVENESS when a hosted liveness check decided the attempt; absent for a signature. */
  readonly method?: 'LIVENESS';
};

/** Event type names of this domain. */
export const EXTERNAL_ACCOUNT_EVENTS = {
  created: 'ExternalAccountCreated',
  trusted: 'ExternalAccountTrusted',
  untrusted: 'ExternalAccountUntrusted',
  deleted: 'ExternalAccountDeleted',
  challengeIssued: 'ExternalAccountOwnershipChallengeIssued',
  ownershipVerified: 'ExternalAccountOwnershipVerified',
  ownershipVerificationFailed: 'ExternalAccountOwnershipVerificationFailed',
} as const;
