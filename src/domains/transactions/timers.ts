/**
 * What the transaction timers do when `engine.advance` fires them: the approval timeout fails an
 * incoming payment still pending platform approval with PAYMENT_APPROVAL_TIMED_OUT. A stale
 * timer (the payment was approved or rejected, or a newer request replaced it) does nothing.
 * Registered in `TIMER_HANDLERS` (src/engine/registry.ts).
 */
import { instantToMs } from '../../core/time.js';
import type { TimerHandler } from '../timers.js';
import { APPROVAL_TIMER_KIND } from './approval-timer.js';
import { decideTransition } from './decide.js';
import { lifecycleStateOf } from './lifecycles.js';

/** Times out a pending approval; no events when the payment no longer waits on this timer. */
export const approvalTimeoutHandler: TimerHandler = (state, timer, context) => {
  const tx = state.transactions.byId.get(timer.ref);
  if (tx === undefined || lifecycleStateOf(tx) !== 'PENDING_APPROVAL') return [];
  if (tx.pendingApproval === undefined || instantToMs(tx.pendingApproval.expiresAt) !== timer.dueAtMs) return [];
  const decided = decideTransition(state, tx.id, 'APPROVAL_TIMED_OUT', {}, { at: context.at });
  return decided.ok ? decided.value : [];
};

/** Timer handlers of this domain, by kind. */
export const transactionTimerHandlers: Readonly<Record<string, TimerHandler>> = {
  [APPROVAL_TIMER_KIND]: approvalTimeoutHandler,
};
