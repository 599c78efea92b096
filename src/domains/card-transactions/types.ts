/**
 * The card transaction record and its value sets. A card transaction is a Transaction of type
 * CARD (`Transaction:<uuid>`): an authorization (DEBIT, a purchase), a credit authorization
 * (CREDIT), or a merchant refund row (CREDIT, `originalTransactionId` set). JSON-safe: amounts
 * are decimal strings of minor units. The wire form is `view.ts`.
 */
import type { CurrencyCode } from '../../core/currency.js';

/** Card transaction statuses (DECISIONS.md "Cards"). */
export const CARD_TRANSACTION_STATUSES = ['AUTHORIZED', 'PARTIALLY_SETTLED', 'SETTLED', 'DECLINED', 'VOIDED', 'EXCEPTION'] as const;
/** One of `CARD_TRANSACTION_STATUSES`. */
export type CardTransactionStatus = (typeof CARD_TRANSACTION_STATUSES)[number];

/** Statuses that still hold money (an open authorization). */
export const OPEN_CARD_STATUSES: readonly CardTransactionStatus[] = ['AUTHORIZED', 'PARTIALLY_SETTLED'];

/** Why an authorization was declined (spec: Card transaction status). */
export const CARD_DECLINED_REASONS = [
  'CARD_NOT_ACTIVE', 'SPEND_LIMIT_EXCEEDED', 'INSUFFICIENT_FUNDS', 'NO_ELIGIBLE_FUNDING_SOURCE', 'BLOCKED', 'UNSUPPORTED_NETWORK', 'OTHER',
] as const;
/** One of `CARD_DECLINED_REASONS`. */
export type CardDeclinedReason = (typeof CARD_DECLINED_REASONS)[number];

/** Why a card transaction is an EXCEPTION (decided; the spec reserves EXCEPTION for settlement anomalies). */
export const CARD_EXCEPTION_REASONS = [
  /** A clearing arrived for an authorization already voided or expired; nothing moved. */
  'CLEARING_AFTER_VOID',
  /** A clearing above the hold whose difference the funding account could not cover; the hold was posted. */
  'OVER_CLEARING_INSUFFICIENT_FUNDS',
  /** A return reversal the funding account could not cover; nothing moved. */
  'RETURN_REVERSAL_INSUFFICIENT_FUNDS',
] as const;
/** One of `CARD_EXCEPTION_REASONS`. */
export type CardExceptionReason = (typeof CARD_EXCEPTION_REASONS)[number];

/** CREDIT (funds in) or DEBIT (funds out). */
export type CardDirection = 'DEBIT' | 'CREDIT';

/** The merchant as the network reports it. */
export type Merchant = {
  readonly descriptor: string;
  readonly mcc?: string;
  readonly city?: string;
  readonly state?: string;
  readonly country?: string;
};

/** A card transaction record. */
export type CardTransaction = {
  /** `Transaction:<uuid>`. */
  readonly id: string;
  readonly cardId: string;
  readonly customerId: string;
  readonly platformCustomerId: string;
  /** The internal account the money moves on (the card's funding source at authorization). */
  readonly accountId: string;
  readonly currency: CurrencyCode;
  readonly direction: CardDirection;
  readonly status: CardTransactionStatus;
  /** What the network asked for; after an advice, the adjusted amount. */
  readonly amountMinor: string;
  /** Posted so far (cleared, or for a refund row the credited value). */
  readonly settledAmountMinor: string;
  /** Purchases only: returned so far by the merchant. */
  readonly refundedAmountMinor?: string;
  /** Refund rows only: the purchase returned. */
  readonly originalTransactionId?: string;
  readonly merchant: Merchant;
  readonly cardDeclinedReason?: CardDeclinedReason;
  readonly exceptionReason?: CardExceptionReason;
  /** The open pending transfer that holds `amount - settledAmount`; present only while open. */
  readonly holdTransferId?: string;
  /** When an open authorization expires (voided or, if partly cleared, settled as is). */
  readonly expiresAt?: string;
  readonly authorizedAt?: string;
  readonly settledAt?: string;
  readonly createdAt: string;
  readonly updatedAt: string;
};

/** True while the transaction holds money (AUTHORIZED or PARTIALLY_SETTLED). */
export function isOpen(tx: Pick<CardTransaction, 'status'>): boolean {
  return tx.status === 'AUTHORIZED' || tx.status === 'PARTIALLY_SETTLED';
}

/** The amount still held by an open transaction: amount − settled. Pure. */
export function heldMinor(tx: CardTransaction): bigint {
  return isOpen(tx) ? BigInt(tx.amountMinor) - BigInt(tx.settledAmountMinor) : 0n;
}
