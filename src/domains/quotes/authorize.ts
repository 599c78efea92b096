/**
 * Deciding `POST /quotes/{quoteId}/authorize` (SCA), in a fixed order: 404 QUOTE_NOT_FOUND; 409
 * INVALID_STATE_TRANSITION when the quote has no open challenge; 400 QUOTE_EXPIRED; 423
 * ACCOUNT_LOCKED once `SCA_ATTEMPTS_MAX` wrong codes were given; 400 INVALID_INPUT for a
 * challenge id that is not the quote's. A wrong code is recorded (`QuoteScaAttemptFailed`, so the
 * lock survives restarts) and answered 400 INVALID_INPUT, or 423 ACCOUNT_LOCKED when it was the
 * last allowed: this is the one rejection that writes an event (docs/quotes.md). The right code
 * authorizes the quote, or, for an immediatelyExecute quote, executes it at once. Pure.
 */
import { type ApiError, apiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import { decideExecution, type FlowContext, notExecutable } from '../flows/execute.js';
import type { DomainState } from '../state.js';
import { QUOTE_EVENTS, type QuoteAuthorized, type QuoteScaAttemptFailed } from './events.js';
import { expiredError, quoteNotFound } from './execute.js';
import { SANDBOX_SCA_CODE, SCA_ATTEMPTS_MAX } from './sca.js';
import type { AuthorizeQuoteRequest } from './schema.js';
import { quotePasskeyAccepted } from './passkey.js';

/** What an authorize request leads to: events and the answer (an accepted wrong code answers an error). */
export type AuthorizeDecision =
  | { readonly kind: 'authorized'; readonly events: readonly EventDraft[] }
  | { readonly kind: 'wrongCode'; readonly events: readonly EventDraft[]; readonly error: ApiError };

function locked(quoteId: string): ApiError {
  return apiError('ACCOUNT_LOCKED', `Too many wrong SCA codes for quote ${quoteId}; the challenge is locked`, { quoteId, attemptsMax: SCA_ATTEMPTS_MAX });
}

/** Pure: what `request` does to quote `quoteId`'s SCA challenge. */
export function decideAuthorizeQuote(
  state: DomainState,
  quoteId: string,
  request: AuthorizeQuoteRequest,
  context: FlowContext,
): Result<AuthorizeDecision, ApiError> {
  const quote = state.quotes.byId.get(quoteId);
  if (quote === undefined) return err(quoteNotFound(quoteId));
  const challenge = quote.scaChallenge;
  if (challenge === undefined || quote.state === 'EXECUTED' || (quote.state === 'PENDING' && challenge.authorizedAt !== undefined)) {
    return err(notExecutable(quote, `Quote ${quote.id} has no SCA challenge awaiting authorization`));
  }
  const expired = expiredError(quote, context.atMs);
  if (expired !== undefined) return err(expired);
  if (challenge.lockedAt !== undefined) return err(locked(quote.id));
  if (request.scaChallengeId !== undefined && request.scaChallengeId !== challenge.id) {
    return err(invalidInput([{ field: 'scaChallengeId', message: `The quote's challenge is ${challenge.id}` }]));
  }
  if (request.code !== SANDBOX_SCA_CODE && !quotePasskeyAccepted(state, quote.customerId, challenge.id, request)) {
    const failedAttempts = challenge.failedAttempts + 1;
    const lockedNow = failedAttempts >= SCA_ATTEMPTS_MAX;
    const data: QuoteScaAttemptFailed = {
      quoteId: quote.id,
      failedAttempts,
      ...(lockedNow ? { lockedAt: context.at } : {}),
      updatedAt: context.at,
    };
    const error = lockedNow
      ? locked(quote.id)
      : invalidInput([{ field: 'code', message: `Invalid SCA code; ${SCA_ATTEMPTS_MAX - failedAttempts} attempts left` }], 'Invalid SCA code');
    return ok({ kind: 'wrongCode', events: [{ type: QUOTE_EVENTS.scaAttemptFailed, data }], error });
  }
  if (quote.immediatelyExecute) {
    const executed = decideExecution(state, quote, context, context.at);
    if (!executed.ok) return executed;
    return ok({ kind: 'authorized', events: executed.value });
  }
  const data: QuoteAuthorized = { quoteId: quote.id, authorizedAt: context.at };
  return ok({ kind: 'authorized', events: [{ type: QUOTE_EVENTS.authorized, data }] });
}
