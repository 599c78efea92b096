/**
 * The query of both transaction lists, `GET /transactions` (the platform's) and
 * `GET /agents/me/transactions` (an agent's, scoped to its customer): one set of parameter
 * schemas, one reading into `TransactionFilters`, one cursor key, so the two lists cannot drift.
 * The agent's list takes the reference's listAgentTransactions parameters (no customer filter:
 * the agent's customer is the scope); the platform's adds its customer, direction, card and
 * createdAfter/createdBefore filters. Every invalid parameter is listed in one 400 INVALID_INPUT.
 */
import { z } from 'zod';
import { type ApiError, byField, type FieldError, invalidInput } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { parseInstant } from '../../core/time.js';
import type { DomainState } from '../../domains/state.js';
import { type TransactionFilters, transactionQueryKey } from '../../domains/transactions/list.js';
import { TRANSACTION_DIRECTIONS, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../domains/transactions/types.js';
import { LIST_LIMITS, type PageRequest, readPage } from '../pagination.js';
import type { ParsedRequest } from '../request.js';
import { fieldError, toFieldErrors } from '../validation.js';

/** Longest id or text a filter may carry. */
const FILTER_TEXT_LENGTH_MAX = 200;

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const CARD_ID = new RegExp(`^(Card:)?${UUID}$`);

/** An instant with a zone offset (the reference's `format: date-time`), checked by `parseInstant`. */
export const instantParam = (name: string) =>
  z
    .string()
    .refine((text) => parseInstant(text) !== undefined, { error: `${name} must be an ISO 8601 date-time with a zone offset` })
    .meta({ format: 'date-time' });

const filterText = (name: string) =>
  z
    .string()
    .min(1, { error: `${name} must not be empty` })
    .max(FILTER_TEXT_LENGTH_MAX, { error: `${name} must be at most ${FILTER_TEXT_LENGTH_MAX} characters` });

/** The parameters both lists take (the reference's listAgentTransactions, with the page). */
const sharedFields = {
  limit: z.string().optional(),
  cursor: z.string().optional(),
  type: z.enum(TRANSACTION_TYPES, { error: `type must be one of ${TRANSACTION_TYPES.join(', ')}` }).optional(),
  status: z.enum(TRANSACTION_STATUSES, { error: `status must be one of ${TRANSACTION_STATUSES.join(', ')}` }).optional(),
  startDate: instantParam('startDate').optional(),
  endDate: instantParam('endDate').optional(),
  // Newest first (desc) is the reference's default; asc lists oldest first.
  sortOrder: z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }).optional(),
  reference: filterText('reference').optional(),
  accountIdentifier: filterText('accountIdentifier').optional(),
  senderAccountIdentifier: filterText('senderAccountIdentifier').optional(),
  receiverAccountIdentifier: filterText('receiverAccountIdentifier').optional(),
};

/** Query parameters `GET /agents/me/transactions` accepts; any other (a customer filter too) is a field error. */
export const agentTransactionQuerySchema = z.strictObject(sharedFields);

/** Query parameters `GET /transactions` accepts; any other is a field error. */
export const transactionQuerySchema = z.strictObject({
  ...sharedFields,
  customerId: filterText('customerId').optional(),
  platformCustomerId: filterText('platformCustomerId').optional(),
  direction: z.enum(TRANSACTION_DIRECTIONS, { error: `direction must be one of ${TRANSACTION_DIRECTIONS.join(', ')}` }).optional(),
  cardId: z.string().regex(CARD_ID, { error: 'cardId must be a Card id (Card:<uuid>) or its uuid' }).optional(),
  createdAfter: instantParam('createdAfter').optional(),
  createdBefore: instantParam('createdBefore').optional(),
});

/** A parsed query of either list (the agent's lacks the platform's fields). */
type TransactionQuery = Partial<z.output<typeof transactionQuerySchema>>;

/** A validated transaction list query: the filters, the page, and the key its cursors carry. */
export type TransactionListQuery = { readonly filters: TransactionFilters; readonly page: PageRequest; readonly queryKey: string };

/** A customer id no transaction has: what an unknown or contradicting platformCustomerId filters by. */
const NO_CUSTOMER = 'Customer:none';

/**
 * Reads a transaction list's query against `schema`; `scope.customerId` (the agent's customer)
 * replaces any customer filter and `scope.keyPrefix` sets its cursors apart. Pure.
 */
export function readTransactionQuery(
  schema: typeof transactionQuerySchema | typeof agentTransactionQuerySchema,
  request: ParsedRequest,
  state: Pick<DomainState, 'customers'>,
  scope: { readonly customerId: string; readonly keyPrefix: string } | undefined = undefined,
): Result<TransactionListQuery, ApiError> {
  const raw = Object.fromEntries(request.query);
  const parsed = schema.safeParse(raw);
  const errors: FieldError[] = parsed.success ? [] : toFieldErrors(parsed.error.issues);
  for (const key of request.repeatedQueryKeys) errors.push(fieldError(key, `${key} may appear only once`));
  let filters: TransactionFilters = {};
  if (parsed.success) {
    const q: TransactionQuery = parsed.data;
    errors.push(...crossFieldErrors(q));
    filters = filtersOf(q, state, scope?.customerId);
  }
  const prefix = scope?.keyPrefix ?? '';
  // With invalid filters no cursor can belong to this query; the key only has to differ from valid ones.
  const queryKey = parsed.success ? `${prefix}${transactionQueryKey(filters)}` : `${prefix}transactions:invalid:${JSON.stringify(raw)}`;
  const page = readPage(request.query, queryKey, LIST_LIMITS);
  if (!page.ok) errors.push(...((page.error.details?.errors as readonly FieldError[] | undefined) ?? []));
  if (errors.length > 0 || !page.ok) return err(invalidInput(sortedUnique(errors)));
  return ok({ filters, page: page.value, queryKey });
}

/** The rules no single parameter's schema can say. */
function crossFieldErrors(q: TransactionQuery): FieldError[] {
  const errors: FieldError[] = [];
  // Card transactions have statuses of their own (spec: status with type=CARD is a 400).
  if (q.type === 'CARD' && q.status !== undefined) errors.push(fieldError('status', 'status cannot be combined with type=CARD'));
  const { afterMs, beforeMs } = rangeOf(q);
  if (afterMs !== undefined && beforeMs !== undefined && afterMs >= beforeMs) {
    // Name a parameter the caller sent: the agent's list has no createdBefore.
    errors.push(q.endDate !== undefined ? fieldError('endDate', 'endDate must not be before startDate or createdAfter') : fieldError('createdBefore', 'createdBefore must be after createdAfter'));
  }
  return errors;
}

/** [afterMs, beforeMs): startDate and endDate (the reference's, both inclusive) narrow createdAfter and createdBefore (exclusive). */
function rangeOf(q: TransactionQuery): { readonly afterMs: number | undefined; readonly beforeMs: number | undefined } {
  const ms = (text: string | undefined): number | undefined => (text === undefined ? undefined : parseInstant(text));
  const endMs = ms(q.endDate);
  return {
    afterMs: tighter(ms(q.createdAfter), ms(q.startDate), Math.max),
    beforeMs: tighter(ms(q.createdBefore), endMs === undefined ? undefined : endMs + 1, Math.min),
  };
}

function filtersOf(q: TransactionQuery, state: Pick<DomainState, 'customers'>, scopeCustomerId: string | undefined): TransactionFilters {
  const { afterMs, beforeMs } = rangeOf(q);
  const byPlatformId = q.platformCustomerId === undefined ? undefined : (state.customers.byPlatformCustomerId.get(q.platformCustomerId) ?? NO_CUSTOMER);
  const named = byPlatformId === undefined ? q.customerId : q.customerId === undefined || q.customerId === byPlatformId ? byPlatformId : NO_CUSTOMER;
  const customerId = scopeCustomerId ?? named;
  return {
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
