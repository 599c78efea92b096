/**
 * The sandbox's magic merchants (decided; the spec names the decline reasons, not how to trigger
 * them): the last three characters of `merchant.descriptor` force a decline the issuer cannot
 * derive from its own state. Every other reason follows from state (card status, funding account,
 * currency, limits, balance). Read as data; `test/card-transactions/sandbox-table.test.ts` has
 * the same rows.
 */
import type { CardDeclinedReason } from './types.js';

/** Descriptor suffix -> the decline it forces. */
export const SANDBOX_MERCHANT_DECLINES: readonly { readonly suffix: string; readonly reason: CardDeclinedReason; readonly meaning: string }[] = [
  { suffix: '901', reason: 'BLOCKED', meaning: 'the merchant or its category is blocked by the program' },
  { suffix: '902', reason: 'UNSUPPORTED_NETWORK', meaning: 'the authorization came over a network the card does not support' },
  { suffix: '903', reason: 'OTHER', meaning: 'declined for a reason the issuer does not disclose' },
];

/** The decline a merchant descriptor forces in the sandbox, if any. Pure. */
export function sandboxMerchantDecline(descriptor: string): CardDeclinedReason | undefined {
  const suffix = descriptor.slice(-3);
  return SANDBOX_MERCHANT_DECLINES.find((row) => row.suffix === suffix)?.reason;
}
