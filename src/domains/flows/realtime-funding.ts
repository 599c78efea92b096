/**
 * `POST /sandbox/send` (spec: simulates paying a real-time-funding quote's instructions), in a
 * fixed order: 404 QUOTE_NOT_FOUND; 409 INVALID_STATE_TRANSITION for a quote that is not funded
 * in real time or was already paid; 400 QUOTE_EXPIRED; 400 INVALID_CURRENCY when `currencyCode`
 * is not the quote's sending currency. The funds arrive from the world into transit and the
 * transaction goes PROCESSING; the settlement step (due at once) credits the destination. Pure.
 */
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import { expiredError, quoteNotFound } from '../quotes/execute.js';
import type { SandboxSendRequest } from '../quotes/schema.js';
import type { DomainState } from '../state.js';
import { decideExecution, type FlowContext, notExecutable } from './execute.js';

/**
 * Pure: the events of paying quote `quoteId`'s instructions with `currencyCode` (and
 * `currencyAmount` minor units when given), or why not. The engine settles a quote whole: an amount
 * other than the quote's total sending amount is 400 INVALID_AMOUNT (no partial or over-payment).
 */
export function decideSandboxSend(state: DomainState, request: SandboxSendRequest, context: FlowContext): Result<EventDraft[], ApiError> {
  const { quoteId, currencyCode, currencyAmount } = request;
  const quote = state.quotes.byId.get(quoteId);
  if (quote === undefined) return err(quoteNotFound(quoteId));
  if (quote.kind !== 'REALTIME_FUNDING') return err(notExecutable(quote, `Quote ${quote.id} is not funded in real time`));
  if (quote.state === 'EXECUTED') return err(notExecutable(quote, `Quote ${quote.id} was already paid`));
  const expired = expiredError(quote, context.atMs);
  if (expired !== undefined) return err(expired);
  if (currencyCode !== quote.sendingCurrency) {
    return err(apiError('INVALID_CURRENCY', `Quote ${quote.id} is funded in ${quote.sendingCurrency}, not ${currencyCode}`, { currency: currencyCode }));
  }
  if (currencyAmount !== undefined && String(currencyAmount) !== quote.totalSendingAmountMinor) {
    const reason = `Quote ${quote.id} is paid with exactly ${quote.totalSendingAmountMinor} minor units of ${quote.sendingCurrency}, not ${currencyAmount}`;
    return err(apiError('INVALID_AMOUNT', reason, { currencyAmount, totalSendingAmount: Number(quote.totalSendingAmountMinor) }));
  }
  return decideExecution(state, quote, context);
}
