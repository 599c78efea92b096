/**
 * The wire form of a card transaction: a Transaction of type CARD with the card fields the spec
 * names (`direction`, `settledAmount`, `refundedAmount`, `originalTransactionId`,
 * `cardDeclinedReason`, `merchant` with `city` and `state` when reported, CurrencyAmounts that
 * carry the currency's metadata). The hold's transfer id stays internal.
 */
import { type CurrencyAmount, toCurrencyAmount } from '../../core/money.js';
import type { CardTransaction, Merchant } from './types.js';

/** The wire form of a card transaction. */
export type CardTransactionView = {
  readonly id: string;
  readonly type: 'CARD';
  readonly status: string;
  readonly direction: string;
  readonly cardId: string;
  readonly customerId: string;
  readonly platformCustomerId: string;
  readonly fundingSource: string;
  /** The reference's name of fundingSource. */
  readonly accountId: string;
  readonly amount: CurrencyAmount;
  /** The reference's name of amount: what was authorized. */
  readonly authorizedAmount: CurrencyAmount;
  readonly settledAmount: CurrencyAmount;
  readonly refundedAmount?: CurrencyAmount;
  readonly originalTransactionId?: string;
  readonly merchant: Merchant;
  readonly cardDeclinedReason?: string;
  readonly exceptionReason?: string;
  readonly authorizedAt: string;
  readonly expiresAt?: string;
  readonly settledAt?: string;
  readonly createdAt: string;
  readonly updatedAt: string;
};

/** The wire form of `tx`; fields that do not apply are absent. Pure. */
export function cardTransactionView(tx: CardTransaction): CardTransactionView {
  return {
    id: tx.id,
    type: 'CARD',
    status: tx.status,
    direction: tx.direction,
    cardId: tx.cardId,
    customerId: tx.customerId,
    platformCustomerId: tx.platformCustomerId,
    fundingSource: tx.accountId,
    // The reference's CardTransaction names: accountId (the funding account), authorizedAmount.
    accountId: tx.accountId,
    amount: toCurrencyAmount(BigInt(tx.amountMinor), tx.currency),
    authorizedAmount: toCurrencyAmount(BigInt(tx.amountMinor), tx.currency),
    settledAmount: toCurrencyAmount(BigInt(tx.settledAmountMinor), tx.currency),
    ...(tx.refundedAmountMinor === undefined ? {} : { refundedAmount: toCurrencyAmount(BigInt(tx.refundedAmountMinor), tx.currency) }),
    ...(tx.originalTransactionId === undefined ? {} : { originalTransactionId: tx.originalTransactionId }),
    merchant: { ...tx.merchant },
    ...(tx.cardDeclinedReason === undefined ? {} : { cardDeclinedReason: tx.cardDeclinedReason }),
    ...(tx.exceptionReason === undefined ? {} : { exceptionReason: tx.exceptionReason }),
    // Required by the reference: a row never authorized (declined) was decided when it arrived.
    authorizedAt: tx.authorizedAt ?? tx.createdAt,
    ...(tx.expiresAt === undefined ? {} : { expiresAt: tx.expiresAt }),
    ...(tx.settledAt === undefined ? {} : { settledAt: tx.settledAt }),
    createdAt: tx.createdAt,
    updatedAt: tx.updatedAt,
  };
}
