/**
 * Transaction routes: read one, list with filters (newest first, or oldest with sortOrder=asc), and the platform's operations
 * on an existing transaction that need no quote: approve and reject a payment pending platform
 * approval, cancel a pending bank transfer, confirm receipt delivery. Platform credentials
 * throughout. Validation (every invalid field in one 400) comes before existence (404) and the
 * lifecycle's rules (409).
 */
import { z } from 'zod';
import { type ApiError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { formatInstant, parseInstant } from '../../core/time.js';
import type { EventDraft } from '../../domains/evolver.js';
import type { DomainState } from '../../domains/state.js';
import { transactionNotFound } from '../../domains/transactions/decide.js';
import { cardTransactionView } from '../../domains/card-transactions/index.js';
import { listTransactionPage } from '../../domains/listing/transaction-page.js';
import { decideApprove, decideCancel, decideConfirmReceipt, decideReject } from '../../domains/transactions/operations.js';
import { transactionView } from '../../domains/transactions/view.js';
import type { HttpResponse } from '../http.js';
import { listBody } from '../pagination.js';
import { type Accepted, answer, type Route } from '../route.js';
import { fieldError, validate } from '../validation.js';
import { instantParam, readTransactionQuery, transactionQuerySchema } from './transaction-query.js';

/** Longest `reason` a rejection may carry. */
export const REJECTION_REASON_LENGTH_MAX = 1000;

const approveBody = z.strictObject({
  receiverCustomerInfo: z.record(z.string(), z.unknown(), { error: 'receiverCustomerInfo must be an object' }).optional(),
});

const rejectBody = z.strictObject({
  reason: z
    .string({ error: 'reason must be a string' })
    .min(1, { error: 'reason must not be empty' })
    .max(REJECTION_REASON_LENGTH_MAX, { error: `reason must be at most ${REJECTION_REASON_LENGTH_MAX} characters` })
    .optional(),
});

/** `POST /transactions/{id}/cancel` body (the reference's CancelTransactionRequest): the platform's reason, kept in the log. */
const cancelBody = rejectBody;

/**
 * `POST /transactions/{id}/confirm` body (the reference's ConfirmReceiptDeliveryRequest): when the
 * platform delivered the receipt; omitted, the request's own instant. A delivery cannot be later
 * than the request reporting it (checked against the request's instant in the handler).
 */
const confirmBody = z.strictObject({
  receiptDeliveryConfirmedAt: instantParam('receiptDeliveryConfirmedAt').optional(),
});

/** Transaction routes. */
export const transactionRoutes: readonly Route<DomainState>[] = [
  {
    method: 'GET',
    path: '/transactions',
    auth: 'platform',
    querySchema: transactionQuerySchema,
    handle: ({ state, request }) => {
      const query = readTransactionQuery(transactionQuerySchema, request, state);
      if (!query.ok) return query;
      const { filters, page, queryKey } = query.value;
      // Payments and card transactions in one creation order, read from the list index (domains/listing).
      const found = listTransactionPage(state, filters, page);
      const data = found.items.map((row) => (row.kind === 'card' ? cardTransactionView(row.tx) : transactionView(row.tx)));
      return ok(
        answer(200, listBody(data, found, queryKey)),
      );
    },
  },
  {
    method: 'GET',
    path: '/transactions/{transactionId}',
    auth: 'platform',
    handle: ({ state, params }) => {
      const id = params.transactionId ?? '';
      const tx = state.transactions.byId.get(id);
      if (tx === undefined) {
        const card = state.cardTransactions.byId.get(id);
        return card === undefined ? err(transactionNotFound(id)) : ok(answer(200, cardTransactionView(card)));
      }
      return ok(answer(200, transactionView(tx)));
    },
  },
  {
    method: 'POST',
    path: '/transactions/{transactionId}/approve',
    auth: 'platform',
    schema: approveBody,
    handle: ({ state, params, request, at }) => {
      const body = validate(approveBody, request.body ?? {});
      if (!body.ok) return body;
      const id = params.transactionId ?? '';
      const { receiverCustomerInfo } = body.value;
      const events = decideApprove(state, id, receiverCustomerInfo === undefined ? {} : { receiverCustomerInfo }, { at });
      return respondWithTransaction(events, id);
    },
  },
  {
    method: 'POST',
    path: '/transactions/{transactionId}/reject',
    auth: 'platform',
    schema: rejectBody,
    handle: ({ state, params, request, at }) => {
      const body = validate(rejectBody, request.body ?? {});
      if (!body.ok) return body;
      const id = params.transactionId ?? '';
      const { reason } = body.value;
      return respondWithTransaction(decideReject(state, id, reason === undefined ? {} : { reason }, { at }), id);
    },
  },
  {
    method: 'POST',
    path: '/transactions/{transactionId}/cancel',
    auth: 'platform',
    schema: cancelBody,
    handle: ({ state, params, request, at, newId }) => {
      const body = validate(cancelBody, request.body ?? {});
      if (!body.ok) return body;
      const id = params.transactionId ?? '';
      const { reason } = body.value;
      return respondWithTransaction(decideCancel(state, id, { at, newId, ...(reason === undefined ? {} : { reason }) }), id);
    },
  },
  {
    method: 'POST',
    path: '/transactions/{transactionId}/confirm',
    auth: 'platform',
    schema: confirmBody,
    handle: ({ state, params, request, at, nowMs }) => {
      const body = validate(confirmBody, request.body ?? {});
      if (!body.ok) return body;
      const given = body.value.receiptDeliveryConfirmedAt;
      const deliveredMs = given === undefined ? undefined : parseInstant(given);
      if (deliveredMs !== undefined && deliveredMs > nowMs) {
        return err(invalidInput([fieldError('receiptDeliveryConfirmedAt', 'receiptDeliveryConfirmedAt must not be later than now')]));
      }
      const id = params.transactionId ?? '';
      const delivered = deliveredMs === undefined ? {} : { deliveredAt: formatInstant(deliveredMs) };
      return respondWithTransaction(decideConfirmReceipt(state, id, { at, ...delivered }), id);
    },
  },
];

/** 200 with the transaction as it stands after `events` (none: as it is). */
function respondWithTransaction(events: Result<EventDraft[], ApiError>, transactionId: string): Result<Accepted<DomainState>, ApiError> {
  if (!events.ok) return events;
  return ok({
    events: events.value,
    respond: (after: DomainState): HttpResponse => ({ status: 200, body: transactionView(after.transactions.byId.get(transactionId)!) }),
  });
}
