/**
 * Deciding `POST /quotes/{quoteId}/execute`, in a fixed order: 404 QUOTE_NOT_FOUND; 409
 * INVALID_STATE_TRANSITION for a quote already executed; 400 QUOTE_EXPIRED at or after
 * `expiresAt` (even before the expiry timer has fired); 409 for a quote awaiting SCA or funded in
 * real time (it executes when its funds arrive); then the execution checks (`decideExecution`).
 * Pure.
 */
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err } from '../../core/result.js';
import { instantToMs } from '../../core/time.js';
import type { EventDraft } from '../evolver.js';
import { decideExecution, type FlowContext, notExecutable } from '../flows/execute.js';
import type { DomainState } from '../state.js';
import type { Quote } from './types.js';

/** 404 QUOTE_NOT_FOUND. */
export function quoteNotFound(quoteId: string): ApiError {
  return apiError('QUOTE_NOT_FOUND', `Quote ${quoteId} not found`);
}

/** 400 QUOTE_EXPIRED when `quote` expired or `atMs` is at or past `expiresAt`; undefined otherwise. */
export function expiredError(quote: Quote, atMs: number): ApiError | undefined {
  if (quote.state !== 'EXPIRED' && atMs < instantToMs(quote.expiresAt)) return undefined;
  return apiError('QUOTE_EXPIRED', `Quote ${quote.id} expired at ${quote.expiresAt}`, { quoteId: quote.id, expiresAt: quote.expiresAt });
}

/** Pure: the events that execute quote `quoteId` now, or why it cannot execute. */
export function decideExecuteQuote(state: DomainState, quoteId: string, context: FlowContext): Result<EventDraft[], ApiError> {
  const quote = state.quotes.byId.get(quoteId);
  if (quote === undefined) return err(quoteNotFound(quoteId));
  if (quote.state === 'EXECUTED') return err(notExecutable(quote, `Quote ${quote.id} was already executed`));
  const expired = expiredError(quote, context.atMs);
  if (expired !== undefined) return err(expired);
  if (quote.state === 'PENDING_AUTHORIZATION') return err(notExecutable(quote, `Quote ${quote.id} awaits SCA: authorize its scaChallenge first`));
  if (quote.kind === 'REALTIME_FUNDING') {
    return err(notExecutable(quote, `Quote ${quote.id} is funded in real time: it executes when its funds arrive (POST /sandbox/send)`));
  }
  return decideExecution(state, quote, context);
}
