/**
 * Shapes quotes for the wire (spec: Quote): currencies as Currency objects, amounts and rates as
 * numbers, fields in a fixed order, absent ones omitted. The status is the quote's own until it
 * executes, then its transaction's (so quote and transaction never disagree).
 */
import { type Currency, currencyOf } from '../../core/currency.js';
import type { DomainState } from '../state.js';
import { embeddedWalletInstructions } from './wallet-signature.js';
import { type PaymentInstruction, type Quote, type QuoteStatus, quoteTransactionId } from './types.js';
import { encodeBase64UrlText } from '../../core/base64.js';

/** The wire form of the SCA challenge (spec: Quote.scaChallenge). */
export type ScaChallengeView = {
  readonly id: string;
  readonly expiresAt: string;
  readonly factor: string;
  readonly availableFactors: readonly string[];
  readonly purpose: string;
  readonly passkeyAssertionOptions: Readonly<Record<string, unknown>>;
  readonly passkeyAllowedOrigins: readonly string[];
};

/** The wire form of a quote. */
export type QuoteView = {
  readonly id: string;
  readonly status: QuoteStatus;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly expiresAt: string;
  readonly source: Readonly<Record<string, unknown>>;
  readonly destination: Readonly<Record<string, unknown>>;
  readonly sendingCurrency: Currency;
  readonly receivingCurrency: Currency;
  readonly lockedCurrencySide: string;
  readonly lockedCurrencyAmount: number;
  readonly totalSendingAmount: number;
  readonly totalReceivingAmount: number;
  readonly exchangeRate: number;
  readonly feesIncluded: number;
  readonly platformFeesIncluded: number;
  readonly rateDetails: Readonly<Record<string, number>>;
  readonly immediatelyExecute: boolean;
  readonly transactionId: string;
  readonly paymentInstructions?: readonly PaymentInstruction[];
  readonly purposeOfPayment?: string;
  readonly description?: string;
  readonly remittanceInformation?: string;
  readonly documentIds: readonly string[];
  readonly scaChallenge?: ScaChallengeView;
};

/** The relying party the sandbox's passkey assertions are bound to (decided; docs/quotes.md). */
export const SANDBOX_PASSKEY_RP_ID = 'sandbox.svc.example';

/**
 * The wire status of `quote`: EXPIRED once expired; before execution its own state (PENDING or
 * PENDING_AUTHORIZATION); after, its transaction's status (a not yet started one counts as
 * PROCESSING: the quote was executed). Pure.
 */
export function quoteStatusOf(quote: Quote, state: Pick<DomainState, 'transactions'>): QuoteStatus {
  if (quote.state === 'EXPIRED') return 'EXPIRED';
  if (quote.state !== 'EXECUTED') return quote.state;
  const transaction = quote.transactionId === undefined ? undefined : state.transactions.byId.get(quote.transactionId);
  switch (transaction?.status) {
    case 'COMPLETED':
      return 'COMPLETED';
    case 'FAILED':
      return 'FAILED';
    case 'EXPIRED':
      return 'EXPIRED';
    default:
      return 'PROCESSING';
  }
}

/** An embedded-wallet source's instructions (the payloadToSign for execute), if any. */
function walletInstructionsOf(state: Partial<Pick<DomainState, 'auth'>>, quote: Quote): { paymentInstructions?: readonly PaymentInstruction[] } {
  const instructions = quote.executedAt === undefined ? embeddedWalletInstructions(state, quote) : undefined;
  return instructions === undefined ? {} : { paymentInstructions: instructions };
}

/** The wire form of `quote` in `state`. Pure. */
export function quoteView(quote: Quote, state: Pick<DomainState, 'transactions'> & Partial<Pick<DomainState, 'auth'>>): QuoteView {
  const source =
    quote.source.sourceType === 'ACCOUNT'
      ? { sourceType: 'ACCOUNT', accountId: quote.source.accountId, customerId: quote.source.customerId, currency: quote.source.currency }
      : { sourceType: 'REALTIME_FUNDING', currency: quote.source.currency, customerId: quote.source.customerId };
  const destination =
    quote.destination.destinationType === 'ACCOUNT'
      ? {
          destinationType: 'ACCOUNT',
          accountId: quote.destination.accountId,
          currency: quote.destination.currency,
          ...(quote.destination.paymentRail === undefined ? {} : { paymentRail: quote.destination.paymentRail }),
        }
      : { destinationType: 'UMA_ADDRESS', umaAddress: quote.destination.umaAddress, currency: quote.destination.currency };
  const details = quote.rateDetails;
  return {
    id: quote.id,
    status: quoteStatusOf(quote, state),
    createdAt: quote.createdAt,
    updatedAt: quote.updatedAt,
    expiresAt: quote.expiresAt,
    source,
    destination,
    sendingCurrency: currencyOf(quote.sendingCurrency),
    receivingCurrency: currencyOf(quote.receivingCurrency),
    lockedCurrencySide: quote.lockedCurrencySide,
    lockedCurrencyAmount: Number(quote.lockedCurrencyAmountMinor),
    totalSendingAmount: Number(quote.totalSendingAmountMinor),
    totalReceivingAmount: Number(quote.totalReceivingAmountMinor),
    exchangeRate: Number(quote.exchangeRate),
    feesIncluded: Number(quote.feesIncludedMinor),
    platformFeesIncluded: Number(quote.platformFeesIncludedMinor),
    rateDetails: {
      counterpartyMultiplier: Number(details.counterpartyMultiplier),
      counterpartyFixedFee: Number(details.counterpartyFixedFee),
      svcApiMultiplier: Number(details.svcApiMultiplier),
      svcApiFixedFee: Number(details.svcApiFixedFee),
      svcApiVariableFeeRate: Number(details.svcApiVariableFeeRate),
      svcApiVariableFeeAmount: Number(details.svcApiVariableFeeAmount),
    },
    immediatelyExecute: quote.immediatelyExecute,
    // Before execution: the id the execution will use (a quote executed before that rule kept its own).
    transactionId: quote.transactionId ?? quoteTransactionId(quote.id),
    ...(quote.paymentInstructions === undefined ? walletInstructionsOf(state, quote) : { paymentInstructions: quote.paymentInstructions }),
    ...(quote.purposeOfPayment === undefined ? {} : { purposeOfPayment: quote.purposeOfPayment }),
    ...(quote.description === undefined ? {} : { description: quote.description }),
    ...(quote.remittanceInformation === undefined ? {} : { remittanceInformation: quote.remittanceInformation }),
    documentIds: quote.documentIds,
    ...(quote.scaChallenge === undefined
      ? {}
      : {
          scaChallenge: {
            id: quote.scaChallenge.id,
            expiresAt: quote.scaChallenge.expiresAt,
            factor: quote.scaChallenge.factor,
            availableFactors: quote.scaChallenge.availableFactors,
            purpose: quote.scaChallenge.purpose,
            passkeyAssertionOptions: {
              challenge: encodeBase64UrlText(quote.scaChallenge.id),
              rpId: SANDBOX_PASSKEY_RP_ID,
              userVerification: 'required',
              allowCredentials: [],
            },
            passkeyAllowedOrigins: [`https://${SANDBOX_PASSKEY_RP_ID}`],
          },
        }),
  };
}
