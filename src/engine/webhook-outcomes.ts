/**
 * The decision behind `engine.recordWebhookOutcomes`: each outcome a delivery loop reports
 * becomes a `WebhookDelivered` or `WebhookGaveUp` marker, after checking that the webhook is
 * pending (queued, no marker yet) and that the outcome is well formed. Pure: reads state.
 */
import { type ApiError, apiError, invalidInput, type FieldError } from '../core/errors.js';
import { type Result, err, ok } from '../core/result.js';
import type { EventDraft } from '../domains/evolver.js';
import { WEBHOOK_EVENTS, type WebhookDelivered, type WebhookGaveUp, type WebhookOutcome } from '../domains/notifications.js';
import type { DomainState } from '../domains/state.js';

/** Most outcomes one call records (a bound on every input). */
export const WEBHOOK_OUTCOMES_MAX = 1_000;
/** Longest `lastError` kept in a marker. */
const LAST_ERROR_LENGTH_MAX = 500;

/** The markers for `outcomes`, or why none can be written. */
export function webhookOutcomeDrafts(state: DomainState, outcomes: readonly WebhookOutcome[]): Result<EventDraft[], ApiError> {
  if (!Array.isArray(outcomes) || outcomes.length > WEBHOOK_OUTCOMES_MAX) {
    return err(invalidInput([{ field: 'outcomes', message: `outcomes must be a list of at most ${WEBHOOK_OUTCOMES_MAX}` }]));
  }
  const problems: FieldError[] = [];
  outcomes.forEach((outcome, i) => {
    const problem = outcomeProblem(outcome);
    if (problem !== undefined) problems.push({ field: `outcomes[${i}]`, message: problem });
  });
  if (problems.length > 0) return err(invalidInput(problems));
  const seen = new Set<string>();
  const drafts: EventDraft[] = [];
  for (const outcome of outcomes) {
    if (!state.webhooks.pending.has(outcome.webhookId) || seen.has(outcome.webhookId)) {
      return err(apiError('CONFLICT', `Webhook ${outcome.webhookId} is not pending (unknown, or its outcome is already recorded)`, { webhookId: outcome.webhookId }));
    }
    seen.add(outcome.webhookId);
    drafts.push(draftOf(outcome));
  }
  return ok(drafts);
}

function draftOf(outcome: WebhookOutcome): EventDraft {
  if (outcome.kind === 'delivered') {
    const data: WebhookDelivered = { webhookId: outcome.webhookId, attempts: outcome.attempts, status: outcome.status };
    return { type: WEBHOOK_EVENTS.delivered, data };
  }
  const data: WebhookGaveUp = { webhookId: outcome.webhookId, attempts: outcome.attempts, lastError: outcome.lastError.slice(0, LAST_ERROR_LENGTH_MAX) };
  return { type: WEBHOOK_EVENTS.gaveUp, data };
}

function outcomeProblem(outcome: WebhookOutcome): string | undefined {
  if (typeof outcome !== 'object' || outcome === null) return 'must be an object';
  if (typeof outcome.webhookId !== 'string' || outcome.webhookId.length === 0 || outcome.webhookId.length > 100) return 'webhookId must be a webhook id';
  if (!Number.isSafeInteger(outcome.attempts) || outcome.attempts < 1) return 'attempts must be an integer >= 1';
  if (outcome.kind === 'delivered') return Number.isInteger(outcome.status) && outcome.status >= 200 && outcome.status <= 299 ? undefined : 'status must be a 2xx HTTP status';
  if (outcome.kind === 'gaveUp') return typeof outcome.lastError === 'string' ? undefined : 'lastError must be a string';
  return "kind must be 'delivered' or 'gaveUp'";
}
