/**
 * Decides merchant returns and their reversals (spec: a purchase the merchant later returns stays
 * SETTLED with `refundedAmount`; the refund is its own row: direction CREDIT, status SETTLED,
 * `settledAmount`, `originalTransactionId`):
 * - `return`: posts the amount from the clearing account to the purchase's account, creates the
 *   refund row, and raises the purchase's `refundedAmount` (CARD_TRANSACTION.SETTLED re-fired);
 * - `return_reversal` (path id: the refund row): takes the credit back, the refund row becomes
 *   VOIDED and the purchase's `refundedAmount` drops again (SETTLED re-fired). When the account
 *   can no longer cover it, nothing moves and the refund row is an EXCEPTION
 *   (RETURN_REVERSAL_INSUFFICIENT_FUNDS) for operations. Pure.
 */
import { assert } from '../../core/assert.js';
import { type ApiError, apiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { CARD_TRANSACTION_EVENT_TYPES, type CardTransactionCreated } from './events.js';
import { openNetworkAccount, postedLeg } from './legs.js';
import { cannotMove, cardAndTransaction, cardTransactionNotFound, legOf, moveDraft } from './moves.js';
import type { CardTransaction } from './types.js';

/** A validated return with the ids the route minted. */
export type ReturnCommand = {
  readonly cardId: string;
  readonly cardTransactionId: string;
  readonly amountMinor: bigint;
  readonly refundTransactionId: string;
  readonly transferId: string;
  readonly at: string;
};

/**
 * Pure: the refund row's creation and the purchase's update, or the first problem: 404
 * NOT_FOUND, 404 TRANSACTION_NOT_FOUND; 400 INVALID_INPUT when the transaction is not a purchase
 * (DEBIT, not a refund row); 409 INVALID_STATE_TRANSITION unless it is SETTLED; 400 INVALID_AMOUNT
 * above what is left to return (`settledAmount - refundedAmount`).
 */
export function decideReturn(state: DomainState, command: ReturnCommand): Result<EventDraft[], ApiError> {
  const found = cardAndTransaction(state, command.cardId, command.cardTransactionId);
  if (!found.ok) return found;
  const { tx: purchase } = found.value;
  if (purchase.direction !== 'DEBIT') {
    const why = `Card transaction ${purchase.id} is a credit, not a purchase; only purchases can be returned`;
    return err(invalidInput([{ field: 'cardTransactionId', message: why }], why));
  }
  if (purchase.status !== 'SETTLED') return err(cannotMove(purchase, 'return it before it settles'));
  const refunded = BigInt(purchase.refundedAmountMinor ?? '0');
  const returnable = BigInt(purchase.settledAmountMinor) - refunded;
  if (command.amountMinor > returnable) {
    return err(apiError('INVALID_AMOUNT', `amount ${command.amountMinor} exceeds the ${returnable} left to return`, { returnableAmount: Number(returnable) }));
  }
  const refund: CardTransaction = {
    id: command.refundTransactionId,
    cardId: purchase.cardId,
    customerId: purchase.customerId,
    platformCustomerId: purchase.platformCustomerId,
    accountId: purchase.accountId,
    currency: purchase.currency,
    direction: 'CREDIT',
    status: 'SETTLED',
    amountMinor: command.amountMinor.toString(),
    settledAmountMinor: command.amountMinor.toString(),
    originalTransactionId: purchase.id,
    merchant: purchase.merchant,
    settledAt: command.at,
    createdAt: command.at,
    updatedAt: command.at,
  };
  const created: CardTransactionCreated = { transaction: refund, event: 'RETURN_POSTED', transfers: [postedLeg(legOf(refund), command.transferId, command.amountMinor)] };
  return ok([
    ...openNetworkAccount(state.ledger, purchase.currency),
    { type: CARD_TRANSACTION_EVENT_TYPES.created, data: created },
    moveDraft(purchase, 'RETURN_APPLIED', { changes: { refundedAmountMinor: (refunded + command.amountMinor).toString() } }, command.at),
  ]);
}

/** A validated return reversal with the ids the route minted. */
export type ReturnReversalCommand = {
  /** The refund row's id (the path's id). */
  readonly refundTransactionId: string;
  /** Optional: the purchase, which must be the refund row's `originalTransactionId`. */
  readonly cardTransactionId?: string;
  readonly transferId: string;
  readonly at: string;
};

/**
 * Pure: the reversal's events, or the first problem: 404 TRANSACTION_NOT_FOUND for an unknown
 * id; 400 INVALID_INPUT when it is not a refund row or `cardTransactionId` names another
 * purchase; 409 INVALID_STATE_TRANSITION unless the refund row is SETTLED (not yet reversed).
 */
export function decideReturnReversal(state: DomainState, command: ReturnReversalCommand): Result<EventDraft[], ApiError> {
  const refund = state.cardTransactions.byId.get(command.refundTransactionId);
  if (refund === undefined) return err(cardTransactionNotFound(command.refundTransactionId));
  if (refund.originalTransactionId === undefined) {
    const why = `Card transaction ${refund.id} is not a merchant refund; a return reversal takes the refund row's id`;
    return err(invalidInput([{ field: 'id', message: why }], why));
  }
  if (command.cardTransactionId !== undefined && command.cardTransactionId !== refund.originalTransactionId) {
    const why = `Refund ${refund.id} returns ${refund.originalTransactionId}, not ${command.cardTransactionId}`;
    return err(invalidInput([{ field: 'cardTransactionId', message: why }], why));
  }
  if (refund.status !== 'SETTLED') return err(cannotMove(refund, 'reverse it again'));
  const purchase = state.cardTransactions.byId.get(refund.originalTransactionId);
  assert(purchase !== undefined, `refund ${refund.id} has no purchase ${refund.originalTransactionId}`);
  const amount = BigInt(refund.settledAmountMinor);
  const refunded = BigInt(purchase.refundedAmountMinor ?? '0');
  assert(refunded >= amount && amount > 0n, `purchase ${purchase.id} shows ${refunded} refunded, less than its refund ${refund.id} of ${amount}`);
  const available = state.ledger.balance(refund.accountId)?.availableMinor ?? 0n;
  if (available < amount) {
    return ok([moveDraft(refund, 'REFUND_REVERSAL_SHORT', { changes: { exceptionReason: 'RETURN_REVERSAL_INSUFFICIENT_FUNDS' } }, command.at)]);
  }
  return ok([
    moveDraft(refund, 'REFUND_REVERSED', { transfers: [postedLeg(legOf(refund), command.transferId, amount, 'DEBIT')] }, command.at),
    moveDraft(purchase, 'RETURN_REVERSED', { changes: { refundedAmountMinor: (refunded - amount).toString() } }, command.at),
  ]);
}
