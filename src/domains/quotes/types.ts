/**
 * The quote record and its value sets. JSON-safe (amounts are decimal strings of minor units,
 * absent fields omitted), stored frozen and replaced on change. The wire form is `view.ts`.
 *
 * A quote has a lifecycle of its own (PENDING, PENDING_AUTHORIZATION, EXECUTED, EXPIRED); once it
 * is executed, its wire status is its transaction's (PROCESSING, COMPLETED, FAILED, ...), so the
 * two can never disagree (DECISIONS.md: quote statuses PENDING .. EXPIRED).
 */
import type { CurrencyCode } from '../../core/currency.js';
import type { RateDetails } from '../pricing/price-quote.js';

/** Wire statuses of a quote (DECISIONS.md "Quotes and fees"). */
export const QUOTE_STATUSES = ['PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED'] as const;
/** One of `QUOTE_STATUSES`. */
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** Which side of the quote the customer fixed. */
export const LOCKED_SIDES = ['SENDING', 'RECEIVING'] as const;
/** One of `LOCKED_SIDES`. */
export type LockedCurrencySide = (typeof LOCKED_SIDES)[number];

/**
 * The money flow a quote runs when executed:
 * - PAYOUT: from an internal account to an external account, another internal account or a UMA address;
 * - PULL: from an external account into an internal account (the pull path, INCOMING);
 * - REALTIME_FUNDING: the payer follows `paymentInstructions` into an internal account (INCOMING).
 */
export type QuoteFlowKind = 'PAYOUT' | 'PULL' | 'REALTIME_FUNDING';

/** Whether an account id names one of the service's own accounts or one outside it. */
export type AccountKind = 'INTERNAL' | 'EXTERNAL';

/** The quote's source as stored. */
export type QuoteSource =
  | {
      readonly sourceType: 'ACCOUNT';
      readonly accountId: string;
      readonly accountKind: AccountKind;
      readonly currency: CurrencyCode;
      readonly customerId: string;
    }
  | { readonly sourceType: 'REALTIME_FUNDING'; readonly currency: CurrencyCode; readonly customerId: string };

/** The quote's destination as stored; `paymentRail` only when the request pinned one. */
export type QuoteDestination =
  | {
      readonly destinationType: 'ACCOUNT';
      readonly accountId: string;
      readonly accountKind: AccountKind;
      readonly currency: CurrencyCode;
      readonly paymentRail?: string;
    }
  | { readonly destinationType: 'UMA_ADDRESS'; readonly umaAddress: string; readonly currency: CurrencyCode };

/** An SCA challenge on a quote (spec: Quote.scaChallenge), with the attempt counter kept beside it. */
export type ScaChallenge = {
  /** `ScaChallenge:<uuid>`. */
  readonly id: string;
  readonly expiresAt: string;
  /** `SMS_OTP` unless the quote asked for `PASSKEY` (`scaFactor`). */
  readonly factor: 'SMS_OTP' | 'PASSKEY';
  readonly availableFactors: readonly string[];
  readonly purpose: 'PAYOUT';
  /** Wrong codes so far; at `SCA_ATTEMPTS_MAX` the challenge locks (423 ACCOUNT_LOCKED). */
  readonly failedAttempts: number;
  readonly lockedAt?: string;
  readonly authorizedAt?: string;
};

/** One entry of `paymentInstructions` (spec: Quote.paymentInstructions). */
export type PaymentInstruction = {
  readonly accountOrWalletInfo: Readonly<Record<string, unknown>> & { readonly accountType: string };
  readonly instructionsNotes: string;
};

/** One step of an executed quote's money flow, due at an instant (flows/plan.ts). */
export type FlowStep = { readonly step: string; readonly dueAtMs: number };

/** The remaining plan of an executed quote: its steps and the index of the next one. */
export type FlowPlan = {
  readonly steps: readonly FlowStep[];
  readonly next: number;
  /** Set when a step could not happen (the transaction moved on by other means). */
  readonly haltedAt?: string;
};

/** The quote's own lifecycle states (`lifecycle.ts`). */
export const QUOTE_STATES = ['PENDING', 'PENDING_AUTHORIZATION', 'EXECUTED', 'EXPIRED'] as const;
/** One of `QUOTE_STATES`. */
export type QuoteState = (typeof QUOTE_STATES)[number];

/** A quote as stored. */
export type Quote = {
  /** `Quote:<uuid>`. */
  readonly id: string;
  readonly customerId: string;
  readonly state: QuoteState;
  readonly kind: QuoteFlowKind;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly expiresAt: string;
  readonly source: QuoteSource;
  readonly destination: QuoteDestination;
  readonly sendingCurrency: CurrencyCode;
  readonly receivingCurrency: CurrencyCode;
  readonly lockedCurrencySide: LockedCurrencySide;
  readonly lockedCurrencyAmountMinor: string;
  readonly totalSendingAmountMinor: string;
  readonly totalReceivingAmountMinor: string;
  readonly feesIncludedMinor: string;
  readonly platformFeesIncludedMinor: string;
  /** The rail's (the service's) share of `feesIncludedMinor`. */
  readonly railFeesIncludedMinor: string;
  /** Sending major units per receiving major unit, fee-exclusive, a canonical decimal string. */
  readonly exchangeRate: string;
  readonly rateDetails: RateDetails;
  /** The rail the money travels on (names the in-transit ledger account): ACH, WIRE, BOOK, UMA, ... */
  readonly rail: string;
  readonly immediatelyExecute: boolean;
  readonly purposeOfPayment?: string;
  readonly description?: string;
  readonly remittanceInformation?: string;
  /** The payer data the receiver asked for (the reference's `senderCustomerInfo`), as sent. */
  readonly senderCustomerInfo?: Readonly<Record<string, string | number | boolean>>;
  readonly documentIds: readonly string[];
  readonly paymentInstructions?: readonly PaymentInstruction[];
  readonly scaChallenge?: ScaChallenge;
  readonly transactionId?: string;
  readonly executedAt?: string;
  readonly flow?: FlowPlan;
};

/**
 * The id of the transaction a quote makes when executed: `Transaction:` and the quote's own uuid,
 * known from the quote's creation (the reference's Quote requires `transactionId` at once). A
 * quote makes at most one transaction, and no other resource shares its uuid. Pure.
 */
export function quoteTransactionId(quoteId: string): string {
  return `Transaction:${quoteId.slice(quoteId.indexOf(':') + 1)}`;
}
