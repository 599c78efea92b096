/**
 * The platform-approval timer of an incoming payment: scheduled when the payment starts waiting
 * for approval, cancelled when it stops, fired by `engine.advance` at `pendingApproval.expiresAt`
 * (its handler is in `timers.ts`). Evolvers only.
 */
import { instantToMs } from '../../core/time.js';
import type { DomainState } from '../state.js';
import { cancelTimer, scheduleTimer } from '../timers.js';
import type { Transaction } from './types.js';

/** How long a platform has to approve or reject an incoming payment, unless the flow says otherwise. */
export const PAYMENT_APPROVAL_TIMEOUT_MS = 5 * 60_000;

/** The timer kind whose handler times a pending approval out. */
export const APPROVAL_TIMER_KIND = 'transaction.approval-timeout';

/** The id of a transaction's approval timer (one at a time). */
export function approvalTimerId(transactionId: string): string {
  return `${APPROVAL_TIMER_KIND}:${transactionId}`;
}

/** Schedules the approval timer of `tx`, which must be pending approval. */
export function scheduleApprovalTimer(state: DomainState, tx: Transaction): void {
  if (tx.pendingApproval === undefined) return;
  scheduleTimer(state, {
    id: approvalTimerId(tx.id),
    dueAtMs: instantToMs(tx.pendingApproval.expiresAt),
    kind: APPROVAL_TIMER_KIND,
    ref: tx.id,
  });
}

/** Cancels the approval timer of a transaction, if one is pending. */
export function cancelApprovalTimer(state: DomainState, transactionId: string): void {
  cancelTimer(state, approvalTimerId(transactionId));
}
