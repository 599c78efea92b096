/**
 * A card transaction's move: the next stored record built as an object literal of the record's
 * known keys, frozen. Not a spread of the stored record: V8 copies a frozen source through its
 * slow path and leaves the copy's properties out of object (docs/architecture.md, "Stored
 * records"). An optional key absent from the record and the changes stays absent.
 */
import type { Writable } from '../../core/freeze.js';
import type { CardTransactionChanges, CardTransactionClearable } from './events.js';
import type { CardTransaction, CardTransactionStatus } from './types.js';

/** A change, else the old value; nothing when the field is cleared (a clearing wins, as it always did). */
function kept<T>(change: T | undefined, old: T | undefined, field: CardTransactionClearable, cleared: readonly CardTransactionClearable[]): T | undefined {
  if (cleared.length > 0 && cleared.includes(field)) return undefined;
  return change ?? old;
}

/**
 * `before` with `changes` written in, `cleared` removed, `status` and `updatedAt` set, as a new
 * frozen record. Pure: `before` is untouched; its nested `merchant` is shared (frozen already).
 */
export function movedCardTransaction(
  before: CardTransaction,
  changes: CardTransactionChanges,
  cleared: readonly CardTransactionClearable[],
  status: CardTransactionStatus,
  updatedAt: string,
): CardTransaction {
  // The required keys in their declared order; the optional ones follow when present.
  const next: Writable<CardTransaction> = {
    id: before.id,
    cardId: before.cardId,
    customerId: before.customerId,
    platformCustomerId: before.platformCustomerId,
    accountId: before.accountId,
    currency: before.currency,
    direction: before.direction,
    status,
    amountMinor: changes.amountMinor ?? before.amountMinor,
    settledAmountMinor: changes.settledAmountMinor ?? before.settledAmountMinor,
    merchant: before.merchant,
    createdAt: before.createdAt,
    updatedAt,
  };
  const refundedAmountMinor = changes.refundedAmountMinor ?? before.refundedAmountMinor;
  if (refundedAmountMinor !== undefined) next.refundedAmountMinor = refundedAmountMinor;
  if (before.originalTransactionId !== undefined) next.originalTransactionId = before.originalTransactionId;
  if (before.cardDeclinedReason !== undefined) next.cardDeclinedReason = before.cardDeclinedReason;
  const exceptionReason = changes.exceptionReason ?? before.exceptionReason;
  if (exceptionReason !== undefined) next.exceptionReason = exceptionReason;
  const holdTransferId = kept(changes.holdTransferId, before.holdTransferId, 'holdTransferId', cleared);
  if (holdTransferId !== undefined) next.holdTransferId = holdTransferId;
  const expiresAt = kept(undefined, before.expiresAt, 'expiresAt', cleared);
  if (expiresAt !== undefined) next.expiresAt = expiresAt;
  if (before.authorizedAt !== undefined) next.authorizedAt = before.authorizedAt;
  const settledAt = changes.settledAt ?? before.settledAt;
  if (settledAt !== undefined) next.settledAt = settledAt;
  return Object.freeze(next);
}
