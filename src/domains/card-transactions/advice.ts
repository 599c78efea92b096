/**
 * Decides `authorization_advice` and `credit_authorization_advice`: the network tells the issuer
 * an open authorization's amount changed. The body's amount is the new total authorized amount:
 * - equal to what was cleared so far (0 for an uncleared one): a full reversal; the hold is
 *   released (AUTHORIZED -> VOIDED; PARTIALLY_SETTLED -> SETTLED);
 * - otherwise the hold is replaced by one of `amount - settled` (void and new hold in one linked
 *   batch); an increase of a DEBIT must be covered by the available balance plus the old hold,
 *   else 400 INSUFFICIENT_FUNDS and nothing changes (a customer balance never goes negative);
 * - equal to the current amount: nothing to do; answered with the transaction unchanged.
 * Spend limits are checked at authorization, not on advices. Pure.
 */
import { type ApiError, apiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import type { DomainState } from '../state.js';
import { holdLeg, voidLeg } from './legs.js';
import { cannotMove, cardAndTransaction, expiredBy, legOf, moveDraft } from './moves.js';
import { type CardDirection, heldMinor, isOpen } from './types.js';

/** A validated advice with the ids the route minted. */
export type AdviceCommand = {
  readonly cardId: string;
  readonly cardTransactionId: string;
  /** Which advice endpoint: DEBIT for authorization_advice, CREDIT for credit_authorization_advice. */
  readonly direction: CardDirection;
  readonly amountMinor: bigint;
  readonly voidTransferId: string;
  readonly holdTransferId: string;
  readonly at: string;
  readonly atMs: number;
};

/**
 * Pure: the advice's event (none when the amount is unchanged), or the first problem: 404
 * NOT_FOUND, 404 TRANSACTION_NOT_FOUND; 400 INVALID_INPUT when the transaction is of the other
 * direction or a refund row; 409 INVALID_STATE_TRANSITION unless AUTHORIZED or PARTIALLY_SETTLED
 * and before its expiry; 400 INVALID_AMOUNT below the amount already cleared; 400
 * INSUFFICIENT_FUNDS for an uncovered increase.
 */
export function decideAdvice(state: DomainState, command: AdviceCommand): Result<EventDraft[], ApiError> {
  const found = cardAndTransaction(state, command.cardId, command.cardTransactionId);
  if (!found.ok) return found;
  const { tx } = found.value;
  if (tx.direction !== command.direction || tx.originalTransactionId !== undefined) {
    const why = `Card transaction ${tx.id} is not a ${command.direction} authorization; use ${tx.direction === 'DEBIT' ? 'authorization_advice' : 'credit_authorization_advice'}`;
    return err(invalidInput([{ field: 'cardTransactionId', message: why }], why));
  }
  if (!isOpen(tx)) return err(cannotMove(tx, 'adjust it'));
  if (expiredBy(tx, command.atMs)) return err(cannotMove(tx, 'adjust it: its authorization has expired'));
  const settled = BigInt(tx.settledAmountMinor);
  if (command.amountMinor < settled) {
    return err(apiError('INVALID_AMOUNT', `amount ${command.amountMinor} is below the ${settled} already cleared`, { settledAmount: Number(settled) }));
  }
  if (command.amountMinor === BigInt(tx.amountMinor)) return ok([]);
  const leg = legOf(tx);
  const hold = tx.holdTransferId ?? '';
  const amountMinor = command.amountMinor.toString();
  if (command.amountMinor === settled) {
    const settles = tx.status === 'PARTIALLY_SETTLED';
    return ok([
      moveDraft(
        tx,
        'REVERSED',
        { changes: settles ? { amountMinor, settledAt: command.at } : { amountMinor }, cleared: ['holdTransferId', 'expiresAt'], transfers: [voidLeg(leg, command.voidTransferId, hold)] },
        command.at,
      ),
    ]);
  }
  const newHeld = command.amountMinor - settled;
  const oldHeld = heldMinor(tx);
  if (tx.direction === 'DEBIT' && newHeld > oldHeld) {
    const available = state.ledger.balance(tx.accountId)?.availableMinor ?? 0n;
    if (available + oldHeld < newHeld) {
      return err(apiError('INSUFFICIENT_FUNDS', `The funding account cannot cover ${newHeld - oldHeld} more`, { availableBalance: Number(available) }));
    }
  }
  return ok([
    moveDraft(
      tx,
      'ADJUSTED',
      {
        changes: { amountMinor, holdTransferId: command.holdTransferId },
        transfers: [voidLeg(leg, command.voidTransferId, hold), holdLeg(leg, command.holdTransferId, newHeld)],
      },
      command.at,
    ),
  ]);
}
