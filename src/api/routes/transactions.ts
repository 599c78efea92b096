/**
 * Transaction routes: read one, list with filters (newest first, or oldest with sortOrder=asc), and the platform's operations
 * on an existing transaction that need no quote: approve and reject a payment pending platform
 * approval, cancel a pending bank transfer, confirm receipt delivery. Platform credentials
 * throughout. Validation (every invalid field in one 400) comes before existence (404) and the
 * lifecycle's rules (409).
 */
import { z } from 'zod';
import { type ApiError, type FieldError, invalidInput, byField } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { formatInstant, parseInstant } from '../../core/time.js';
import type { EventDraft } from '../../domains/evolver.js';
import type { DomainState } from '../../domains/state.js';
import { transactionNotFound } from '../../domains/transactions/decide.js';
import { cardTransactionView } from '../../domains/card-transactions/index.js';
import { listTransactionPage } from '../../domains/listing/transaction-page.js';
import { type TransactionFilters, transactionQueryKey } from '../../domains/transactions/list.js';
import { decideApprove, decideCancel, decideConfirmReceipt, decideReject } from '../../domains/transactions/operations.js';
import { TRANSACTION_DIRECTIONS, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../domains/transactions/types.js';
import { transactionView } from '../../domains/transactions/view.js';
import type { HttpResponse } from '../http.js';
import { LIST_LIMITS, readPage, listBody } from '../pagination.js';
import type { ParsedRequest } from '../request.js';
import { type Accepted, answer, type Route } from '../route.js';
import { fieldError, toFieldErrors, validate } from '../validation.js';

/** Longest `reason` a rejection may carry. */
export const REJECTION_REASON_LENGTH_MAX = 1000;
/** Longest id a filter may carry. */
const FILTER_ID_LENGTH_MAX = 200;

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const CARD_ID = new RegExp(`^(Card:)?${UUID}$`);

const instantParam = (name: string) =>
  z.string().refine((text) => parseInstant(text) !== undefined, { error: `${name} must be an ISO 8601 date-time with a zone offset` });

function filterText(name: string) {
  return z
    .string()
    .min(1, { error: `${name} must not be empty` })
    .max(FILTER_ID_LENGTH_MAX, { error: `${name} must be at most ${FILTER_ID_LENGTH_MAX} characters` });
}

/** Query parameters `GET /transactions` accepts; any other is a field error. */
const listQuerySchema = z.strictObject({
  limit: z.string().optional(),
  cursor: z.string().optional(),
  customerId: z
    .string()
    .min(1, { error: 'customerId must not be empty' })
    .max(FILTER_ID_LENGTH_MAX, { error: `customerId must be at most ${FILTER_ID_LENGTH_MAX} characters` })
    .optional(),
  type: z.enum(TRANSACTION_TYPES, { error: `type must be one of ${TRANSACTION_TYPES.join(', ')}` }).optional(),
  status: z.enum(TRANSACTION_STATUSES, { error: `status must be one of ${TRANSACTION_STATUSES.join(', ')}` }).optional(),
  direction: z.enum(TRANSACTION_DIRECTIONS, { error: `direction must be one of ${TRANSACTION_DIRECTIONS.join(', ')}` }).optional(),
  cardId: z.string().regex(CARD_ID, { error: 'cardId must be a Card id (Card:<uuid>) or its uuid' }).optional(),
  createdAfter: instantParam('createdAfter').optional(),
  createdBefore: instantParam('createdBefore').optional(),
  // The reference's listTransactions parameters.
  platformCustomerId: z.string().min(1, { error: 'platformCustomerId must not be empty' }).max(FILTER_ID_LENGTH_MAX, { error: `platformCustomerId must be at most ${FILTER_ID_LENGTH_MAX} characters` }).optional(),
  startDate: instantParam('startDate').optional(),
  endDate: instantParam('endDate').optional(),
  // Newest first (desc) is the reference's default; asc lists oldest first.
  sortOrder: z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }).optional(),
  reference: filterText('reference').optional(),
  accountIdentifier: filterText('accountIdentifier').optional(),
  senderAccountIdentifier: filterText('senderAccountIdentifier').optional(),
  receiverAccountIdentifier: filterText('receiverAccountIdentifier').optional(),
});

/** A customer id no transaction has: what an unknown or contradicting platformCustomerId filters by. */
const NO_CUSTOMER = 'Customer:none';

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
    querySchema: listQuerySchema,
    handle: ({ state, request }) => {
      const query = readListQuery(request, state);
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

/** Reads the list filters and the page; every invalid parameter is listed in one 400. */
function readListQuery(
  request: ParsedRequest,
  state: DomainState,
): Result<{ filters: TransactionFilters; page: { limit: number; position: number }; queryKey: string }, ApiError> {
  const raw = Object.fromEntries(request.query);
  const parsed = listQuerySchema.safeParse(raw);
  const errors: FieldError[] = parsed.success ? [] : toFieldErrors(parsed.error.issues);
  for (const key of request.repeatedQueryKeys) errors.push(fieldError(key, `${key} may appear only once`));
  let filters: TransactionFilters = {};
  if (parsed.success) {
    const q = parsed.data;
    // startDate and endDate (the reference's, both inclusive) narrow createdAfter and createdBefore (exclusive).
    const startMs = q.startDate === undefined ? undefined : parseInstant(q.startDate);
    const endMs = q.endDate === undefined ? undefined : parseInstant(q.endDate);
    const afterMs = tighter(q.createdAfter === undefined ? undefined : parseInstant(q.createdAfter), startMs, Math.max);
    const beforeMs = tighter(q.createdBefore === undefined ? undefined : parseInstant(q.createdBefore), endMs === undefined ? undefined : endMs + 1, Math.min);
    const byPlatformId = q.platformCustomerId === undefined ? undefined : (state.customers.byPlatformCustomerId.get(q.platformCustomerId) ?? NO_CUSTOMER);
    const customerId = byPlatformId === undefined ? q.customerId : q.customerId === undefined || q.customerId === byPlatformId ? byPlatformId : NO_CUSTOMER;
    // Card transactions have statuses of their own (spec: status with type=CARD is a 400).
    if (q.type === 'CARD' && q.status !== undefined) errors.push(fieldError('status', 'status cannot be combined with type=CARD'));
    if (afterMs !== undefined && beforeMs !== undefined && afterMs >= beforeMs) {
      errors.push(fieldError('createdBefore', 'createdBefore must be after createdAfter'));
    }
    filters = {
      ...(customerId === undefined ? {} : { customerId }),
      ...(q.type === undefined ? {} : { type: q.type }),
      ...(q.status === undefined ? {} : { status: q.status }),
      ...(q.direction === undefined ? {} : { direction: q.direction }),
      // Card:<uuid> and <uuid> are the same filter, so they share cursors.
      ...(q.cardId === undefined ? {} : { cardUuid: q.cardId.replace(/^Card:/, '').toLowerCase() }),
      ...(afterMs === undefined ? {} : { createdAfterMs: afterMs }),
      ...(beforeMs === undefined ? {} : { createdBeforeMs: beforeMs }),
      ...(q.reference === undefined ? {} : { reference: q.reference }),
      ...(q.accountIdentifier === undefined ? {} : { accountIdentifier: q.accountIdentifier }),
      ...(q.senderAccountIdentifier === undefined ? {} : { senderAccountIdentifier: q.senderAccountIdentifier }),
      ...(q.receiverAccountIdentifier === undefined ? {} : { receiverAccountIdentifier: q.receiverAccountIdentifier }),
      // desc is the default order, so it shares the default's cursors.
      ...(q.sortOrder === 'asc' ? { sortOrder: 'asc' as const } : {}),
    };
  }
  // With invalid filters no cursor can belong to this query; the key only has to differ from valid ones.
  const queryKey = parsed.success ? transactionQueryKey(filters) : `transactions:invalid:${JSON.stringify(raw)}`;
  const page = readPage(request.query, queryKey, LIST_LIMITS);
  if (!page.ok) errors.push(...((page.error.details?.errors as readonly FieldError[] | undefined) ?? []));
  if (errors.length > 0 || !page.ok) return err(invalidInput(sortedUnique(errors)));
  return ok({ filters, page: page.value, queryKey });
}

function tighter(a: number | undefined, b: number | undefined, pick: (x: number, y: number) => number): number | undefined {
  return a === undefined ? b : b === undefined ? a : pick(a, b);
}

function sortedUnique(errors: readonly FieldError[]): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const error of errors) {
    const key = `${error.field}\u0000${error.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(error);
  }
  return out.sort(byField);
}
