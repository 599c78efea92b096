/**
 * The sandbox's magic merchants: the last three characters of `merchant.descriptor` force a
 * decline the issuer cannot derive from its own state. Every other reason follows from state (card
 * status, funding account, currency, limits, balance). Read as data;
 * `test/card-transactions/sandbox-table.test.ts` has the same rows and docs/cards.md the table.
 *
 * 002 and 003 are the reference's (openapi.yaml, `/sandbox/cards/{id}/simulate/authorization`;
 * the spec copy is silent on triggers, so the reference wins). The reference names 003's reason
 * `CARD_PAUSED`, which is not in the copy's `cardDeclinedReason` set; the copy's reason for a
 * paused (FROZEN) card is CARD_NOT_ACTIVE, so 003 answers that. 901-903 are the engine's own
 * extras for the reasons the reference gives no suffix. The reference's 005 (delayed pull) and
 * 006 (confirmation FAILED) are not simulated: docs/cards.md says why.
 */
import type { CardDeclinedReason, CardDirection } from './types.js';

/** One magic merchant: the suffix, the decline it forces, and whether it applies to DEBITs only. */
export type SandboxMerchantDecline = {
  readonly suffix: string;
  readonly reason: CardDeclinedReason;
  /** True when the reason only makes sense for money going out (a credit pulls nothing). */
  readonly debitOnly: boolean;
  readonly meaning: string;
};

/** Descriptor suffix -> the decline it forces. */
export const SANDBOX_MERCHANT_DECLINES: readonly SandboxMerchantDecline[] = [
  { suffix: '002', reason: 'INSUFFICIENT_FUNDS', debitOnly: true, meaning: 'the pull on the funding source fails (reference)' },
  { suffix: '003', reason: 'CARD_NOT_ACTIVE', debitOnly: false, meaning: 'the card is paused (reference: CARD_PAUSED, the copy names it CARD_NOT_ACTIVE)' },
  { suffix: '901', reason: 'BLOCKED', debitOnly: false, meaning: 'the merchant or its category is blocked by the program' },
  { suffix: '902', reason: 'UNSUPPORTED_NETWORK', debitOnly: false, meaning: 'the authorization came over a network the card does not support' },
  { suffix: '903', reason: 'OTHER', debitOnly: false, meaning: 'declined for a reason the issuer does not disclose' },
];

/** The decline a merchant descriptor forces in the sandbox for a `direction`, if any. Pure. */
export function sandboxMerchantDecline(descriptor: string, direction: CardDirection): CardDeclinedReason | undefined {
  const suffix = descriptor.slice(-3);
  const row = SANDBOX_MERCHANT_DECLINES.find((candidate) => candidate.suffix === suffix);
  if (row === undefined || (row.debitOnly && direction !== 'DEBIT')) return undefined;
  return row.reason;
}
