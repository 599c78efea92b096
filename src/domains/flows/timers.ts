/**
 * The timers of quotes and their flows, released by `engine.advance(now)`:
 * - `quote.expiry` at `expiresAt`: an unexecuted quote EXPIRES, and a transaction waiting for it
 *   ends per its lifecycle (awaiting SCA: FAILED SCA_NOT_COMPLETED; awaiting real-time funds:
 *   FAILED QUOTE_EXPIRED; a plain pending payout: EXPIRED);
 * - `quote.flow-step` at the next step's due time: `decideNextStep`.
 * Registered in `TIMER_HANDLERS` (src/engine/registry.ts). A stale timer writes nothing.
 */
import type { ApiError } from '../../core/errors.js';
import type { Result } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import { QUOTE_EVENTS, QUOTE_TIMERS, type QuoteExpired } from '../quotes/events.js';
import type { Quote } from '../quotes/types.js';
import type { DomainState } from '../state.js';
import type { TimerContext, TimerHandler } from '../timers.js';
import { decideTransition } from '../transactions/index.js';
import { decideNextStep } from './steps.js';

/** The transaction event that ends a transaction waiting for `quote` when the quote expires. */
function waitingTransactionExpiry(state: DomainState, quote: Quote, at: string): Result<EventDraft[], ApiError> | undefined {
  const tx = quote.transactionId === undefined ? undefined : state.transactions.byId.get(quote.transactionId);
  if (tx === undefined) return undefined;
  if (tx.type === 'OUTGOING') {
    return decideTransition(state, tx.id, tx.status === 'PENDING_AUTHORIZATION' ? 'SCA_EXPIRED' : 'EXPIRED', {}, { at });
  }
  return decideTransition(state, tx.id, 'PAYMENT_FAILED', { failureReason: 'QUOTE_EXPIRED' }, { at });
}

/** Pure: the events when `quote` reaches `expiresAt` unexecuted; none when it executed or expired already. */
export function decideQuoteExpiry(state: DomainState, quote: Quote, context: TimerContext): EventDraft[] {
  if (quote.state !== 'PENDING' && quote.state !== 'PENDING_AUTHORIZATION') return [];
  const data: QuoteExpired = { quoteId: quote.id, expiredAt: context.at };
  const ended = waitingTransactionExpiry(state, quote, context.at);
  // A waiting transaction the platform already ended has nothing left to expire.
  const transaction = ended?.ok ? ended.value : [];
  return [{ type: QUOTE_EVENTS.expired, data }, ...transaction];
}

/** Fires a quote's expiry. */
export const quoteExpiryHandler: TimerHandler = (state, timer, context) => {
  const quote = state.quotes.byId.get(timer.ref);
  return quote === undefined ? [] : decideQuoteExpiry(state, quote, context);
};

/** Fires the next step of a quote's flow. */
export const flowStepHandler: TimerHandler = (state, timer, context) => {
  const quote = state.quotes.byId.get(timer.ref);
  return quote === undefined ? [] : decideNextStep(state, quote, { at: context.at, atMs: context.nowMs, newId: context.newId });
};

/** Timer handlers of quotes and flows, by kind. */
export const quoteTimerHandlers: Readonly<Record<string, TimerHandler>> = {
  [QUOTE_TIMERS.expiry]: quoteExpiryHandler,
  [QUOTE_TIMERS.flowStep]: flowStepHandler,
};
