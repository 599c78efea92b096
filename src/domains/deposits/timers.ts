/**
 * The timer of incoming payments: `incoming.step` at a payment's next step, released by
 * `engine.advance(now)`, decides that step (`steps.ts`). Registered in `TIMER_HANDLERS`
 * (src/engine/registry.ts). A stale timer (the payment gone or halted) writes nothing.
 */
import type { TimerHandler } from '../timers.js';
import { INCOMING_STEP_TIMER_KIND } from './events.js';
import { decideIncomingStep } from './steps.js';

/** Fires the next step of an incoming payment. */
export const incomingStepHandler: TimerHandler = (state, timer, context) => {
  const record = state.incoming.byTransactionId.get(timer.ref);
  if (record === undefined || record.nextDueAtMs !== timer.dueAtMs) return [];
  return decideIncomingStep(state, record, { at: context.at, atMs: context.nowMs, newId: context.newId });
};

/** Timer handlers of incoming payments, by kind. */
export const incomingTimerHandlers: Readonly<Record<string, TimerHandler>> = {
  [INCOMING_STEP_TIMER_KIND]: incomingStepHandler,
};
