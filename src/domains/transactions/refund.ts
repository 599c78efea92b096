/**
 * Refund deciders: a failed payment's `refund` object starts PENDING and moves through the refund
 * table to COMPLETED or FAILED; the payment's own status stays FAILED (spec: REFUNDED is
 * deprecated). One refund per payment. Money moves in the events' `transfers` (a prefunded
 * payment goes back to its source internal account).
 */
import { assert } from '../../core/assert.js';
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { instantToMs } from '../../core/time.js';
import type { EventDraft } from '../evolver.js';
import { checkTransfers } from '../movement.js';
import type { DomainState } from '../state.js';
import { type DecideOptions, transactionNotFound } from './decide.js';
import { TRANSACTION_EVENTS, type TransactionRefundInitiated, type TransactionRefundTransitioned } from './events.js';
import { type RefundEvent, REFUND_TABLE } from './lifecycles.js';
import { refundReference } from './reference.js';
import type { Refund, RefundReason } from './types.js';

/** The `TransactionRefundInitiated` draft for a transaction. Pure; the caller checked the rules. */
export function refundInitiatedDraft(transactionId: string, reason: RefundReason | undefined, options: DecideOptions): EventDraft {
  const refund: Refund = {
    reference: refundReference(transactionId),
    initiatedAt: options.at,
    status: 'PENDING',
    ...(reason === undefined ? {} : { reason }),
  };
  const data: TransactionRefundInitiated = {
    transactionId,
    refund,
    updatedAt: options.at,
    ...(options.transfers === undefined || options.transfers.length === 0 ? {} : { transfers: [...options.transfers] }),
  };
  return { type: TRANSACTION_EVENTS.refundInitiated, data };
}

/** The `TransactionRefundTransitioned` draft for a refund at `from`. Pure; the caller checked the table. */
export function refundTransitionedDraft(
  transactionId: string,
  event: RefundEvent,
  from: Refund['status'],
  options: DecideOptions,
): EventDraft {
  const to = REFUND_TABLE.next(from, event);
  assert(to !== undefined, `refund cannot go through ${event} from ${from}`);
  const data: TransactionRefundTransitioned = {
    transactionId,
    event,
    from,
    to,
    ...(to === 'COMPLETED' ? { settledAt: options.at } : {}),
    updatedAt: options.at,
    ...(options.transfers === undefined || options.transfers.length === 0 ? {} : { transfers: [...options.transfers] }),
  };
  return { type: TRANSACTION_EVENTS.refundTransitioned, data };
}

/**
 * Pure: the event that starts a refund (status PENDING, `reference` derived from the id,
 * `initiatedAt` = `at`) of a FAILED payment, or why not: 404 TRANSACTION_NOT_FOUND; 409
 * INVALID_STATE_TRANSITION when the payment is not FAILED or already has a refund; 400
 * INSUFFICIENT_FUNDS for a transfer's debit.
 */
export function decideInitiateRefund(
  state: DomainState,
  transactionId: string,
  refund: { readonly reason?: RefundReason },
  options: DecideOptions,
): Result<EventDraft[], ApiError> {
  const tx = state.transactions.byId.get(transactionId);
  if (tx === undefined) return err(transactionNotFound(transactionId));
  if (tx.status !== 'FAILED') {
    return err(apiError('INVALID_STATE_TRANSITION', `Transaction ${tx.id} is ${tx.status}; only a FAILED payment is refunded`, { transactionId: tx.id }));
  }
  if (tx.refund !== undefined) {
    return err(apiError('INVALID_STATE_TRANSITION', `Transaction ${tx.id} already has a ${tx.refund.status} refund`, { transactionId: tx.id }));
  }
  const checked = checkTransfers(state.ledger, options.transfers ?? [], instantToMs(options.at));
  if (!checked.ok) return checked;
  return ok([refundInitiatedDraft(tx.id, refund.reason, options)]);
}

/**
 * Pure: the event that moves a payment's refund through `event` (REFUND_SETTLED stamps
 * `settledAt` = `at`), or why not: 404 TRANSACTION_NOT_FOUND; 409 INVALID_STATE_TRANSITION when
 * there is no refund or its table has no such move; 400 INSUFFICIENT_FUNDS for a transfer's debit.
 */
export function decideRefundTransition(
  state: DomainState,
  transactionId: string,
  event: RefundEvent,
  options: DecideOptions,
): Result<EventDraft[], ApiError> {
  const tx = state.transactions.byId.get(transactionId);
  if (tx === undefined) return err(transactionNotFound(transactionId));
  if (tx.refund === undefined) {
    return err(apiError('INVALID_STATE_TRANSITION', `Transaction ${tx.id} has no refund`, { transactionId: tx.id, event }));
  }
  if (REFUND_TABLE.next(tx.refund.status, event) === undefined) {
    return err(
      apiError('INVALID_STATE_TRANSITION', `The refund of ${tx.id} is ${tx.refund.status} and cannot go through ${event}`, {
        transactionId: tx.id,
        from: tx.refund.status,
        event,
      }),
    );
  }
  const checked = checkTransfers(state.ledger, options.transfers ?? [], instantToMs(options.at));
  if (!checked.ok) return checked;
  return ok([refundTransitionedDraft(tx.id, event, tx.refund.status, options)]);
}
