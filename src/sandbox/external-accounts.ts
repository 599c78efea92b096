/**
 * The spec's sandbox tables for external accounts ("Sandbox behaviour", external account
 * suffixes) as data, row for row, and one lookup per table. The suffix is the last 3 characters of
 * the account's primary identifier (account number, IBAN, CLABE, wallet address; for an
 * identifier with a domain part, of the username part).
 *
 * - beneficiary name verification (102..107): read when an external account is created;
 * - the account funds an incoming transfer (002..005), the account is the destination of a quote
 *   (002..008, with the base58 alias 112..118), the account is a quote's source (009): read by
 *   the quote and transaction flows.
 *
 * Pure; imports nothing from `domains/` (sandbox sits below them), so values are plain literals.
 */
import { assert } from '../core/assert.js';

/** How many trailing characters of the primary identifier the tables read. */
export const EXTERNAL_ACCOUNT_SUFFIX_LENGTH = 3;

/**
 * The sandbox suffix of a primary identifier: its last 3 characters, or those of the part before
 * `@` when it has a domain part (a Lightning address `alice102@example.com` has suffix `102`). Pure.
 */
export function externalAccountSuffix(identifier: string): string {
  const at = identifier.indexOf('@');
  const username = at === -1 ? identifier : identifier.slice(0, at);
  return username.slice(-EXTERNAL_ACCOUNT_SUFFIX_LENGTH);
}

function lastRow<R extends { readonly suffix: string | null }>(table: readonly R[], name: string): R {
  const fallback = table[table.length - 1];
  assert(fallback !== undefined && fallback.suffix === null, `${name} must end with the "any other" row`);
  return fallback;
}

// ---------------------------------------------------------------------------------------------
// Beneficiary name verification (102..107)
// ---------------------------------------------------------------------------------------------

/** An external account's `beneficiaryVerificationStatus` (spec: Verification result). */
export type BeneficiaryVerificationStatus =
  | 'MATCHED'
  | 'NOT_MATCHED'
  | 'PARTIAL_MATCH'
  | 'PENDING'
  | 'UNSUPPORTED'
  | 'CHECKED_BY_RECEIVING_FI';

/** What a beneficiary row does: set a status, or refuse the account (the spec's "400 invalid account"). */
export type BeneficiaryOutcome =
  | { readonly kind: 'status'; readonly status: BeneficiaryVerificationStatus }
  | { readonly kind: 'invalidAccount'; readonly httpStatus: 400 };

/** One row of the beneficiary table; `suffix: null` is "any other". */
export type BeneficiarySuffixRow = { readonly suffix: string | null; readonly outcome: BeneficiaryOutcome };

/** The spec's beneficiary name verification table, row for row. */
export const BENEFICIARY_SUFFIX_TABLE: readonly BeneficiarySuffixRow[] = Object.freeze([
  { suffix: '102', outcome: { kind: 'status', status: 'NOT_MATCHED' } },
  { suffix: '103', outcome: { kind: 'status', status: 'PARTIAL_MATCH' } },
  { suffix: '104', outcome: { kind: 'status', status: 'PENDING' } },
  { suffix: '105', outcome: { kind: 'invalidAccount', httpStatus: 400 } },
  { suffix: '106', outcome: { kind: 'status', status: 'UNSUPPORTED' } },
  { suffix: '107', outcome: { kind: 'status', status: 'CHECKED_BY_RECEIVING_FI' } },
  { suffix: null, outcome: { kind: 'status', status: 'MATCHED' } },
] as const);

/** The beneficiary row a suffix selects: its own row, else "any other" (MATCHED). Pure. */
export function beneficiarySuffixRow(suffix: string): BeneficiarySuffixRow {
  return BENEFICIARY_SUFFIX_TABLE.find((row) => row.suffix === suffix) ?? lastRow(BENEFICIARY_SUFFIX_TABLE, 'BENEFICIARY_SUFFIX_TABLE');
}

// ---------------------------------------------------------------------------------------------
// The account funds an incoming transfer (002..005)
// ---------------------------------------------------------------------------------------------

/** What happens when the account funds an incoming transfer (a pull from it). */
export type FundingBehaviour =
  | 'INSUFFICIENT_FUNDS'
  | 'ACCOUNT_CLOSED_OR_INVALID'
  | 'BANK_REJECTED'
  | 'PENDING_THEN_FAILS'
  | 'SUCCESS';

/** One row of the funding table: behaviour, whether it fails at once, and the delay before it fails. */
export type FundingSuffixRow = {
  readonly suffix: string | null;
  readonly behaviour: FundingBehaviour;
  /** True when the transfer fails immediately, before anything settles. */
  readonly failsImmediately: boolean;
  /** For a delayed failure: how long it stays pending ("about 30 seconds"). */
  readonly failsAfterMs?: number;
  /** The spec's wording. */
  readonly description: string;
};

/** "about 30 seconds" (spec: Limits, sandbox delays for suffixes 005 and 009). */
export const SANDBOX_FUNDING_FAILURE_DELAY_MS = 30_000;

/** The spec's "when the account funds an incoming transfer" table, row for row. */
export const FUNDING_SUFFIX_TABLE: readonly FundingSuffixRow[] = Object.freeze([
  { suffix: '002', behaviour: 'INSUFFICIENT_FUNDS', failsImmediately: true, description: 'insufficient funds, fails immediately' },
  { suffix: '003', behaviour: 'ACCOUNT_CLOSED_OR_INVALID', failsImmediately: true, description: 'account closed or invalid, fails immediately' },
  { suffix: '004', behaviour: 'BANK_REJECTED', failsImmediately: false, description: 'bank rejects the transfer' },
  {
    suffix: '005',
    behaviour: 'PENDING_THEN_FAILS',
    failsImmediately: false,
    failsAfterMs: SANDBOX_FUNDING_FAILURE_DELAY_MS,
    description: 'stays pending about 30 seconds, then fails',
  },
  { suffix: null, behaviour: 'SUCCESS', failsImmediately: false, description: 'success' },
] as const);

/** The funding row a suffix selects, else "any other" (success). Pure. */
export function fundingSuffixRow(suffix: string): FundingSuffixRow {
  return FUNDING_SUFFIX_TABLE.find((row) => row.suffix === suffix) ?? lastRow(FUNDING_SUFFIX_TABLE, 'FUNDING_SUFFIX_TABLE');
}

// ---------------------------------------------------------------------------------------------
// The account is the destination of a quote (002..008, alias 112..118)
// ---------------------------------------------------------------------------------------------

/** What happens when the account is the destination of a quote. */
export type DestinationBehaviour =
  | 'QUOTE_EXECUTION_FAILED'
  | 'COMPLETES_AFTER_DELAY'
  | 'COUNTERPARTY_DELIVERY_FAILED'
  | 'COMPLETES_THEN_RETURNED'
  | 'USER_CANCELLATION'
  | 'PAYOUT_AND_REFUND_FAILED'
  | 'USER_CANCELLATION_WHILE_PROCESSING'
  | 'SUCCESS';

/** One row of the destination table. */
export type DestinationSuffixRow = {
  readonly suffix: string | null;
  readonly behaviour: DestinationBehaviour;
  /** For delayed outcomes: "about 6 minutes" (003), "about a minute after execution" (008). */
  readonly delayMs?: number;
  /** The failure reason the spec names for the row, when it names one. */
  readonly failureReason?: string;
  /** The spec's wording. */
  readonly description: string;
};

/** "completes after about 6 minutes" (quote suffix 003). */
export const SANDBOX_DELAYED_COMPLETION_MS = 6 * 60_000;
/** "refunded about a minute after execution" (quote suffix 008). */
export const SANDBOX_CANCELLATION_REFUND_DELAY_MS = 60_000;

/** The spec's "when the account is the destination of a quote" table, row for row. */
export const DESTINATION_SUFFIX_TABLE: readonly DestinationSuffixRow[] = Object.freeze([
  { suffix: '002', behaviour: 'QUOTE_EXECUTION_FAILED', description: 'quote execution failed' },
  { suffix: '003', behaviour: 'COMPLETES_AFTER_DELAY', delayMs: SANDBOX_DELAYED_COMPLETION_MS, description: 'completes after about 6 minutes' },
  { suffix: '004', behaviour: 'COUNTERPARTY_DELIVERY_FAILED', description: 'counterparty delivery failed' },
  {
    suffix: '005',
    behaviour: 'COMPLETES_THEN_RETURNED',
    failureReason: 'PAYOUT_RETURNED',
    description: 'completes, then fails with failureReason PAYOUT_RETURNED',
  },
  { suffix: '006', behaviour: 'USER_CANCELLATION', description: 'user cancellation' },
  { suffix: '007', behaviour: 'PAYOUT_AND_REFUND_FAILED', description: 'payout and refund failed' },
  {
    suffix: '008',
    behaviour: 'USER_CANCELLATION_WHILE_PROCESSING',
    delayMs: SANDBOX_CANCELLATION_REFUND_DELAY_MS,
    description: 'user cancellation while processing; refunded about a minute after execution',
  },
  { suffix: null, behaviour: 'SUCCESS', description: 'success' },
] as const);

/**
 * The destination suffix with the base58 alias undone: base58 addresses cannot contain `0`, so a
 * leading `11` stands for `00` (112..118 behave like 002..008). The spec lets either form work for
 * any external account, so the alias is applied whatever the identifier's alphabet. Pure.
 */
export function canonicalDestinationSuffix(suffix: string): string {
  return /^11[2-8]$/.test(suffix) ? `00${suffix.slice(2)}` : suffix;
}

/** The destination row a suffix selects (112..118 read as 002..008), else "any other" (success). Pure. */
export function destinationSuffixRow(suffix: string): DestinationSuffixRow {
  const canonical = canonicalDestinationSuffix(suffix);
  return (
    DESTINATION_SUFFIX_TABLE.find((row) => row.suffix === canonical) ??
    lastRow(DESTINATION_SUFFIX_TABLE, 'DESTINATION_SUFFIX_TABLE')
  );
}

// ---------------------------------------------------------------------------------------------
// The account is a quote's source (009)
// ---------------------------------------------------------------------------------------------

/** The suffix that makes a pull from the account settle, complete, and then come back returned. */
export const SOURCE_RETURN_SUFFIX = '009';
/** "about 30 seconds later the originating bank returns it". */
export const SOURCE_RETURN_DELAY_MS = 30_000;

/** What the source rule decides for a pull: nothing special, or a return after the delay. */
export type SourceBehaviour =
  | { readonly behaviour: 'SUCCESS' }
  | {
      readonly behaviour: 'COMPLETES_THEN_RETURNED';
      readonly returnAfterMs: number;
      /** The webhooks the spec lists, in order. */
      readonly events: readonly ['INCOMING_PAYMENT.COMPLETED', 'INCOMING_PAYMENT.FAILED'];
    };

/**
 * The spec's source rule: suffix 009 means the pull settles and completes, then about 30 seconds
 * later the originating bank returns it (the credit is taken back, the transaction becomes
 * FAILED). Not simulated when the quote credits an embedded wallet. Pure.
 */
export function sourceSuffixBehaviour(suffix: string, options: { readonly creditsEmbeddedWallet: boolean }): SourceBehaviour {
  if (suffix !== SOURCE_RETURN_SUFFIX || options.creditsEmbeddedWallet) return { behaviour: 'SUCCESS' };
  return {
    behaviour: 'COMPLETES_THEN_RETURNED',
    returnAfterMs: SOURCE_RETURN_DELAY_MS,
    events: ['INCOMING_PAYMENT.COMPLETED', 'INCOMING_PAYMENT.FAILED'],
  };
}

// ---------------------------------------------------------------------------------------------
// Ownership verification
// ---------------------------------------------------------------------------------------------

/**
 * The signature the sandbox accepts on `POST .../external-accounts/{id}/verify`: the spec's
 * legacy sandbox signature literal. Any other signature is a failed attempt (status UNVERIFIED).
 */
export const SANDBOX_VALID_OWNERSHIP_SIGNATURE = 'sandbox-valid-signature';

/** True when the sandbox treats `signature` as a valid ownership signature. Pure. */
export function isSandboxValidOwnershipSignature(signature: string): boolean {
  return signature === SANDBOX_VALID_OWNERSHIP_SIGNATURE;
}
