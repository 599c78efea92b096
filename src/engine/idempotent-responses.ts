/**
 * Stored first responses of idempotent requests, kept small. Most stored bodies (~85% in the
 * API-driven log) are the quote an execution answered with (`POST /quotes/{id}/execute`, or
 * `POST /quotes` executing at once): ~86 of a stored response's ~92 packed bytes. An executed
 * quote is final in its table, and its wire form (`quoteView`) then moves in two fields only:
 * `status` (its transaction's) and `updatedAt` (its flow's steps). Such a body is kept as the
 * quote's id and those two fields, and a retry renders the quote again with them written back.
 * It is kept so only when that rendering, made as it is stored, prints exactly the body
 * answered; any other body is kept as it is. Issue 16, figure 12 (docs/performance.md,
 * "Idempotent quote answers kept as their quote (stop 31)").
 */
import { InvariantError } from '../core/assert.js';
import { sameData } from '../core/same-data.js';
import type { DomainState, IdempotentResponse } from '../domains/state.js';
import { type QuoteView, quoteView } from '../domains/quotes/view.js';

/** What `IdempotentResponseStored` carries. */
type StoredAnswer = { readonly fingerprint: string; readonly status: number; readonly body: unknown };

/** The executed quote `body` renders, when it is one (its `id` a quote's, executed, final). */
function executedQuoteOf(state: DomainState, body: unknown) {
  if (typeof body !== 'object' || body === null) return undefined;
  const id = (body as { id?: unknown }).id;
  if (typeof id !== 'string' || !id.startsWith('Quote:')) return undefined;
  const quote = state.quotes.byId.get(id);
  return quote?.state === 'EXECUTED' && quote.executedAt !== undefined ? quote : undefined;
}

/**
 * The record to keep for `answer`, stored right after the request it answers (live, or in a
 * replay at the same place in the log, so `state` is what the answer was rendered from). Pure.
 */
export function storedResponse(state: DomainState, answer: StoredAnswer): IdempotentResponse {
  const { fingerprint, status, body } = answer;
  const quote = executedQuoteOf(state, body);
  if (quote === undefined) return { fingerprint, status, body };
  const view = quoteView(quote, state);
  if (!sameData(view, body)) return { fingerprint, status, body };
  return { fingerprint, status, quoteId: quote.id, quoteStatus: view.status, quoteUpdatedAt: view.updatedAt };
}

/** The body a retry answers with: the stored one, or its quote rendered again as first answered. Pure. */
export function storedBody(state: DomainState, stored: IdempotentResponse): unknown {
  if ('body' in stored) return stored.body;
  const quote = state.quotes.byId.get(stored.quoteId);
  if (quote === undefined) throw new InvariantError(`idempotent answer of ${stored.quoteId}: the quote is gone`);
  const view: { -readonly [K in keyof QuoteView]: QuoteView[K] } = quoteView(quote, state);
  view.status = stored.quoteStatus as QuoteView['status'];
  view.updatedAt = stored.quoteUpdatedAt;
  return view;
}
