/**
 * Decides `clearing`: the network presents (part of) an authorization for settlement. Against
 * the amount still held:
 * - less: the part is posted and the rest held again (PARTIALLY_SETTLED; more clearings follow);
 * - equal: the hold is posted (SETTLED);
 * - more: the hold is posted and the difference pulled as a posted transfer (SETTLED); when the
 *   funding account cannot cover the difference, only the hold is posted and the transaction is
 *   an EXCEPTION (OVER_CLEARING_INSUFFICIENT_FUNDS) for operations: a customer balance never goes
 *   negative and a clearing cannot be declined.
 * A clearing for a VOIDED authorization (reversed or expired) is an EXCEPTION
 * (CLEARING_AFTER_VOID) and moves nothing: the cardholder's hold is gone. When the authorization's
 * expiry has come but its timer has not fired yet, the expiry is written first, so the outcome
 * never depends on when `advance` ran. A clearing of 0 is the reference's AUTHORIZATION_EXPIRY
 * ("the auth expires with no clearing posted"): the open authorization expires now, exactly as
 * the 7-day expiry of DECISIONS.md would (AUTHORIZED to VOIDED, PARTIALLY_SETTLED to SETTLED at
 * what it cleared). Pure.
 */
import type { ApiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { expiryDraft } from './expiry.js';
import { holdLeg, postedLeg, postLeg } from './legs.js';
import { cannotMove, cardAndTransaction, expiredBy, legOf, moveDraft } from './moves.js';
import { type CardTransaction, heldMinor } from './types.js';

/** A validated clearing with the ids the route minted. */
export type ClearingCommand = {
  readonly cardId: string;
  readonly cardTransactionId: string;
  readonly amountMinor: bigint;
  /** Posts the hold (or, for a late clearing, voids it at expiry). */
  readonly firstTransferId: string;
  /** A new hold for the remainder, or the over-clearing's pull. */
  readonly secondTransferId: string;
  readonly at: string;
  readonly atMs: number;
};

/**
 * Pure: the clearing's events, or 404 NOT_FOUND (card), 404 TRANSACTION_NOT_FOUND, 409
 * INVALID_STATE_TRANSITION for a refund row, a DECLINED, SETTLED or EXCEPTION transaction, and for
 * a PARTIALLY_SETTLED one whose expiry has come (it settles as is at expiry).
 */
export function decideClearing(state: DomainState, command: ClearingCommand): Result<EventDraft[], ApiError> {
  const found = cardAndTransaction(state, command.cardId, command.cardTransactionId);
  if (!found.ok) return found;
  const { tx } = found.value;
  if (tx.originalTransactionId !== undefined) return err(cannotMove(tx, 'clear a merchant refund (it settled when posted)'));
  if (command.amountMinor === 0n) {
    if (tx.status !== 'AUTHORIZED' && tx.status !== 'PARTIALLY_SETTLED') return err(cannotMove(tx, 'expire it'));
    return ok([expiryDraft(tx, command.firstTransferId, command.at)]);
  }
  if (expiredBy(tx, command.atMs)) {
    if (tx.status !== 'AUTHORIZED') return err(cannotMove(tx, 'clear it: its authorization has expired'));
    const expiry = expiryDraft(tx, command.firstTransferId, command.at);
    return ok([expiry, lateClearing({ ...tx, status: 'VOIDED' }, command)]);
  }
  if (tx.status === 'VOIDED') return ok([lateClearing(tx, command)]);
  if (tx.status !== 'AUTHORIZED' && tx.status !== 'PARTIALLY_SETTLED') return err(cannotMove(tx, 'clear it'));
  return ok([openClearing(state, tx, command)]);
}

function lateClearing(tx: CardTransaction, command: ClearingCommand): EventDraft {
  return moveDraft(tx, 'CLEARED_LATE', { changes: { exceptionReason: 'CLEARING_AFTER_VOID' } }, command.at);
}

function openClearing(state: DomainState, tx: CardTransaction, command: ClearingCommand): EventDraft {
  const leg = legOf(tx);
  const held = heldMinor(tx);
  const settled = BigInt(tx.settledAmountMinor);
  const hold = tx.holdTransferId ?? '';
  const clearing = command.amountMinor;
  if (clearing < held) {
    return moveDraft(
      tx,
      'CLEARED_PARTIAL',
      {
        changes: { settledAmountMinor: (settled + clearing).toString(), holdTransferId: command.secondTransferId },
        // Posting part of a hold releases the rest, so the remainder is held again in the same batch.
        transfers: [postLeg(leg, command.firstTransferId, hold, clearing), holdLeg(leg, command.secondTransferId, held - clearing)],
      },
      command.at,
    );
  }
  const done = { settledAt: command.at };
  const cleared = ['holdTransferId', 'expiresAt'] as const;
  if (clearing === held) {
    return moveDraft(
      tx,
      'CLEARED',
      { changes: { ...done, settledAmountMinor: (settled + clearing).toString() }, cleared, transfers: [postLeg(leg, command.firstTransferId, hold)] },
      command.at,
    );
  }
  const overMinor = clearing - held;
  const available = state.ledger.balance(tx.accountId)?.availableMinor ?? 0n;
  if (tx.direction === 'DEBIT' && available < overMinor) {
    return moveDraft(
      tx,
      'CLEARED_SHORT',
      {
        changes: { settledAmountMinor: (settled + held).toString(), exceptionReason: 'OVER_CLEARING_INSUFFICIENT_FUNDS' },
        cleared,
        transfers: [postLeg(leg, command.firstTransferId, hold)],
      },
      command.at,
    );
  }
  return moveDraft(
    tx,
    'CLEARED',
    {
      changes: { ...done, settledAmountMinor: (settled + clearing).toString() },
      cleared,
      transfers: [postLeg(leg, command.firstTransferId, hold), postedLeg(leg, command.secondTransferId, overMinor)],
    },
    command.at,
  );
}
