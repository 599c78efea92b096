/**
 * What the stablecoin timers do when `engine.advance(now)` fires them (registered in
 * `TIMER_HANDLERS`, src/engine/registry.ts):
 * - `stablecoin-operation.step`: the sandbox provider's next step for the operation's status;
 * - `stablecoin-operation.funding-expiry`: an operation still CREATED or PENDING_FUNDING EXPIRES.
 * A stale timer (the operation moved on) writes nothing.
 */
import type { TimerHandler } from '../timers.js';
import { STABLECOIN_TIMERS } from './events.js';
import { decideOperationStep, sandboxStepEvent } from './steps.js';

/** Takes the sandbox provider's next step. */
export const operationStepHandler: TimerHandler = (state, timer, context) => {
  const operation = state.stablecoins.operations.get(timer.ref);
  if (operation === undefined) return [];
  const event = sandboxStepEvent(operation);
  return event === undefined ? [] : decideOperationStep(state, operation, event, { atMs: context.nowMs, newId: context.newId });
};

/** Expires an operation whose funding has not arrived. */
export const fundingExpiryHandler: TimerHandler = (state, timer, context) => {
  const operation = state.stablecoins.operations.get(timer.ref);
  if (operation === undefined) return [];
  return decideOperationStep(state, operation, 'FUNDING_EXPIRED', { atMs: context.nowMs, newId: context.newId });
};

/** Timer handlers of this domain, by kind. */
export const stablecoinTimerHandlers: Readonly<Record<string, TimerHandler>> = {
  [STABLECOIN_TIMERS.step]: operationStepHandler,
  [STABLECOIN_TIMERS.fundingExpiry]: fundingExpiryHandler,
};
