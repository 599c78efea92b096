/**
 * The quote a sweep makes: a payout of the deposited amount (sending side locked) from the
 * holder's own account to the rule's destination, carrying the rule's purpose, memo, remittance
 * text and fee override. The same request is resolved when the rule is created, so a rule that
 * could never be quoted is refused up front. Pure.
 */
import type { CreateQuoteRequest } from '../quotes/schema.js';
import type { SweepRule } from '../internal-accounts/sweep-rule.js';

/** The `POST /quotes` body a sweep of `amountMinor` from `holderAccountId` would send. Pure. */
export function sweepQuoteRequest(rule: SweepRule, holderAccountId: string, amountMinor: bigint): CreateQuoteRequest {
  return {
    source: { sourceType: 'ACCOUNT', accountId: holderAccountId },
    destination: {
      destinationType: 'ACCOUNT',
      accountId: rule.destination.accountId,
      ...(rule.destination.paymentRail === undefined ? {} : { paymentRail: rule.destination.paymentRail }),
    },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: Number(amountMinor),
    ...(rule.purposeOfPayment === undefined ? {} : { purposeOfPayment: rule.purposeOfPayment }),
    ...(rule.description === undefined ? {} : { description: rule.description }),
    ...(rule.remittanceInformation === undefined ? {} : { remittanceInformation: rule.remittanceInformation }),
    ...(rule.platformFeeOverride === undefined ? {} : { platformFeeOverride: structuredClone(rule.platformFeeOverride) }),
  };
}
