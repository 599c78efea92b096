/**
 * Quote routes: create (`POST /quotes`: 200, or 202 with `scaChallenge` awaiting SCA), read
 * (`GET /quotes/{quoteId}`), authorize the SCA challenge, execute (the engine applies an
 * `Idempotency-Key` generically), and the sandbox's `POST /sandbox/send` that pays a real-time
 * funding quote's instructions. Every answer is the quote as it stands after the request.
 * Platform credentials throughout.
 */
import { transactionView } from '../../domains/transactions/view.js';
import { errorBody } from '../../core/errors.js';
import { err, ok } from '../../core/result.js';
import { decideSandboxSend } from '../../domains/flows/realtime-funding.js';
import { decideAuthorizeQuote } from '../../domains/quotes/authorize.js';
import { decideCreateQuote } from '../../domains/quotes/create.js';
import { decideExecuteQuote, quoteNotFound } from '../../domains/quotes/execute.js';
import { checkQuoteExecuteSignature } from '../../domains/quotes/wallet-signature.js';
import { authorizeQuoteSchema, createQuoteSchema, executeQuoteSchema, sandboxSendSchema } from '../../domains/quotes/schema.js';
import { quoteView } from '../../domains/quotes/view.js';
import type { DomainState } from '../../domains/state.js';
import type { HttpResponse } from '../http.js';
import { answer, type Route } from '../route.js';
import { validate } from '../validation.js';

function quoteAnswer(status: number, quoteId: string): (after: DomainState) => HttpResponse {
  return (after) => ({ status, body: quoteView(after.quotes.byId.get(quoteId)!, after) });
}

/** Quote routes. */
export const quoteRoutes: readonly Route<DomainState>[] = [
  {
    method: 'POST',
    path: '/quotes',
    auth: 'platform',
    handle: ({ state, request, at, nowMs, newId }) => {
      const body = validate(createQuoteSchema, request.body ?? {});
      if (!body.ok) return body;
      const quoteId = newId('Quote');
      const decided = decideCreateQuote(state, { request: body.value, quoteId, at, atMs: nowMs, newId });
      if (!decided.ok) return decided;
      return ok({ events: decided.value.events, respond: quoteAnswer(decided.value.status, quoteId) });
    },
  },
  {
    method: 'GET',
    path: '/quotes/{quoteId}',
    auth: 'platform',
    handle: ({ state, params }) => {
      const quote = state.quotes.byId.get(params.quoteId ?? '');
      if (quote === undefined) return err(quoteNotFound(params.quoteId ?? ''));
      return ok(answer(200, quoteView(quote, state)));
    },
  },
  {
    method: 'POST',
    path: '/quotes/{quoteId}/authorize',
    auth: 'platform',
    handle: ({ state, params, request, at, nowMs, newId }) => {
      const body = validate(authorizeQuoteSchema, request.body ?? {});
      if (!body.ok) return body;
      const quoteId = params.quoteId ?? '';
      const decided = decideAuthorizeQuote(state, quoteId, body.value, { at, atMs: nowMs, newId });
      if (!decided.ok) return decided;
      const outcome = decided.value;
      if (outcome.kind === 'wrongCode') {
        // The failed attempt is recorded (it counts toward the lock) and the answer is still an error.
        return ok({ events: outcome.events, respond: () => ({ status: outcome.error.status, body: errorBody(outcome.error) }) });
      }
      return ok({ events: outcome.events, respond: quoteAnswer(200, quoteId) });
    },
  },
  {
    method: 'POST',
    path: '/quotes/{quoteId}/execute',
    auth: 'platform',
    schema: executeQuoteSchema,
    handle: ({ state, params, at, nowMs, newId, request }) => {
      // The body is optional; its scaFactor is validated and changes nothing (executeQuoteSchema).
      const body = validate(executeQuoteSchema, request.body ?? {});
      if (!body.ok) return body;
      const quoteId = params.quoteId ?? '';
      // An embedded-wallet source needs the holder's stamp over the quote's payloadToSign (docs/wallets-and-sca.md).
      const quote = state.quotes.byId.get(quoteId);
      const signed = quote === undefined ? ok(true) : checkQuoteExecuteSignature(state, quote, request.headers, nowMs);
      if (!signed.ok) return signed;
      const events = decideExecuteQuote(state, quoteId, { at, atMs: nowMs, newId });
      if (!events.ok) return events;
      return ok({ events: events.value, respond: quoteAnswer(200, quoteId) });
    },
  },
  {
    method: 'POST',
    path: '/sandbox/send',
    auth: 'platform',
    handle: ({ state, request, at, nowMs, newId }) => {
      const body = validate(sandboxSendSchema, request.body ?? {});
      if (!body.ok) return body;
      const events = decideSandboxSend(state, body.value, { at, atMs: nowMs, newId });
      if (!events.ok) return events;
      return ok({ events: events.value, respond: sentAnswer(body.value.quoteId) });
    },
  },
];

/**
 * The answer of `POST /sandbox/send`: the reference's TransactionOneOf, i.e. the quote's
 * transaction as it stands after the funds arrived (the spec copy names no answer), so it carries
 * the `type` the reference requires. A quote without a transaction (none today) answers the quote.
 */
function sentAnswer(quoteId: string): (after: DomainState) => HttpResponse {
  return (after) => {
    const quote = after.quotes.byId.get(quoteId)!;
    const tx = quote.transactionId === undefined ? undefined : after.transactions.byId.get(quote.transactionId);
    return tx === undefined ? quoteAnswer(200, quoteId)(after) : { status: 200, body: transactionView(tx) };
  };
}
