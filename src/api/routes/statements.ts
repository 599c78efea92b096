/**
 * Statement routes: `GET /internal-accounts/{id}/balance-changes` (a window's rows, opening and
 * closing balances; an exact America/Chicago month of a statement-owning account is recorded as
 * fetched) and `POST /internal-accounts/{id}/confirm-statement` (the platform's delivery
 * receipt). Parsing and field rules live here; the decisions live in `domains/statements`.
 */
import { z } from 'zod';
import { type FieldError, invalidInput, byField } from '../../core/errors.js';
import { statementMonthContaining } from '../../core/calendar.js';
import { err, ok } from '../../core/result.js';
import { parseInstant } from '../../core/time.js';
import type { DomainState } from '../../domains/state.js';
import {
  BALANCE_CHANGE_LIMITS,
  type BalanceWindow,
  balanceChangePage,
  decideBalanceChangesAccess,
  decideConfirmStatement,
  decideStatementFetched,
  statementReceiptView,
  statementRecord,
  windowSpan,
} from '../../domains/statements/index.js';
import { encodeCursor, readPage } from '../pagination.js';
import type { Route } from '../route.js';
import { fieldError, validate } from '../validation.js';

const DATE_TIME = { format: 'date-time' } as const;
const OFFSET_EXAMPLE = '2026-03-01T00:00:00-06:00';

/** The query key a balance-changes cursor is bound to: the account and the exact window. */
export function balanceChangesQueryKey(accountId: string, window: BalanceWindow): string {
  return `${accountId}|${window.startMs}|${window.endMs}`;
}

/** Reads one date-time query field that must carry a zone offset; pushes what is wrong with it. */
function readInstantField(
  query: ReadonlyMap<string, string>,
  repeated: readonly string[],
  field: string,
  errors: FieldError[],
): number | undefined {
  const raw = query.get(field);
  if (raw === undefined || raw === '') {
    errors.push(fieldError(field, `${field} is required`, DATE_TIME));
    return undefined;
  }
  if (repeated.includes(field)) {
    errors.push(fieldError(field, `${field} must be given once`));
    return undefined;
  }
  const ms = parseInstant(raw);
  if (ms === undefined) errors.push(fieldError(field, `${field} must be a date-time with a zone offset, e.g. ${OFFSET_EXAMPLE}`, DATE_TIME));
  return ms;
}

/**
 * The window of a balance-changes query and every field error of it, in field order:
 * `startDate` and `endDate` required with offsets, `startDate < endDate`, `endDate <= now`,
 * `limit` 1..200 (default 100), `cursor` bound to the same account and window.
 */
function readBalanceChangesQuery(
  query: ReadonlyMap<string, string>,
  repeated: readonly string[],
  accountId: string,
  nowMs: number,
): { ok: true; window: BalanceWindow; limit: number; position: number } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const startMs = readInstantField(query, repeated, 'startDate', errors);
  const endMs = readInstantField(query, repeated, 'endDate', errors);
  if (startMs !== undefined && endMs !== undefined && startMs >= endMs) {
    errors.push(fieldError('startDate', 'startDate must be before endDate (the window is [startDate, endDate))'));
  }
  if (endMs !== undefined && endMs > nowMs) errors.push(fieldError('endDate', 'endDate must not be in the future'));
  for (const field of ['limit', 'cursor']) {
    if (repeated.includes(field)) errors.push(fieldError(field, `${field} must be given once`));
  }
  const windowValid = startMs !== undefined && endMs !== undefined && errors.length === 0;
  // A cursor can only be matched against a valid window; otherwise check the limit alone.
  const pageQuery = windowValid ? query : new Map([...query].filter(([key]) => key !== 'cursor'));
  const window = { startMs: startMs ?? 0, endMs: endMs ?? 0 };
  const page = readPage(pageQuery, balanceChangesQueryKey(accountId, window), BALANCE_CHANGE_LIMITS);
  if (!page.ok) errors.push(...((page.error.details?.errors ?? []) as readonly FieldError[]));
  if (!page.ok || !windowValid) return { ok: false, errors: sortByField(errors) };
  return { ok: true, window, limit: page.value.limit, position: page.value.position };
}

function sortByField(errors: FieldError[]): FieldError[] {
  return errors.sort(byField);
}

const instantWithOffset = (field: string) =>
  z.string({ error: `${field} must be a date-time string` }).refine((text) => parseInstant(text) !== undefined, {
    error: `${field} must be a date-time with a zone offset, e.g. ${OFFSET_EXAMPLE}`,
  });

const confirmBody = z.strictObject({
  periodStart: instantWithOffset('periodStart'),
  statementDeliveredAt: instantWithOffset('statementDeliveredAt').optional(),
});

/** Statement routes. */
export const statementRoutes: readonly Route<DomainState>[] = [
  {
    method: 'GET',
    path: '/internal-accounts/{accountId}/balance-changes',
    auth: 'platform',
    handle: ({ state, params, request, nowMs, at }) => {
      const accountId = params.accountId ?? '';
      const query = readBalanceChangesQuery(request.query, request.repeatedQueryKeys, accountId, nowMs);
      if (!query.ok) return err(invalidInput(query.errors));
      const { window, limit, position } = query;
      const account = decideBalanceChangesAccess(state, accountId, window);
      if (!account.ok) return account;
      const span = windowSpan(state.ledger, accountId, window);
      // Only a forged cursor gets here: windows are closed (endDate <= now), so their rows never change.
      if (position > span.toIndex - span.fromIndex) return err(invalidInput([fieldError('cursor', 'cursor is outside the window')]));
      const page = balanceChangePage(state.ledger, account.value, window, span, position, limit);
      const body = {
        data: page.data,
        periodStart: page.periodStart,
        periodEnd: page.periodEnd,
        openingBalance: page.openingBalance,
        closingBalance: page.closingBalance,
        hasMore: page.nextPosition !== undefined,
        ...(page.nextPosition === undefined ? {} : { nextCursor: encodeCursor(balanceChangesQueryKey(accountId, window), page.nextPosition) }),
        totalCount: page.totalCount,
        countIsExact: true,
      };
      return ok({ events: decideStatementFetched(state, account.value, window, at), respond: () => ({ status: 200, body }) });
    },
  },
  {
    method: 'POST',
    path: '/internal-accounts/{accountId}/confirm-statement',
    auth: 'platform',
    handle: ({ state, params, request, nowMs, at }) => {
      const body = validate(confirmBody, request.body ?? {});
      if (!body.ok) return body;
      const periodStartMs = parseInstant(body.value.periodStart) as number;
      const deliveredAtMs = body.value.statementDeliveredAt === undefined ? undefined : (parseInstant(body.value.statementDeliveredAt) as number);
      const month = statementMonthContaining(periodStartMs);
      const errors: FieldError[] = [];
      if (month.startMs !== periodStartMs) {
        errors.push(fieldError('periodStart', `periodStart must be the first instant of an America/Chicago month, e.g. ${OFFSET_EXAMPLE}`, DATE_TIME));
      } else if (month.endMs > nowMs) {
        errors.push(fieldError('periodStart', 'the statement month has not ended yet'));
      }
      if (deliveredAtMs !== undefined && deliveredAtMs > nowMs) {
        errors.push(fieldError('statementDeliveredAt', 'statementDeliveredAt must not be in the future'));
      } else if (deliveredAtMs !== undefined && month.startMs === periodStartMs && deliveredAtMs < month.endMs) {
        errors.push(fieldError('statementDeliveredAt', 'statementDeliveredAt must not be before the statement month ended'));
      }
      if (errors.length > 0) return err(invalidInput(errors));
      const accountId = params.accountId ?? '';
      const events = decideConfirmStatement(state, {
        accountId,
        month,
        at,
        ...(deliveredAtMs === undefined ? {} : { statementDeliveredAtMs: deliveredAtMs }),
      });
      if (!events.ok) return events;
      return ok({
        events: events.value,
        respond: (after) => ({
          status: 200,
          body: statementReceiptView(accountId, month, statementRecord(after.statements, accountId, month.startMs)),
        }),
      });
    },
  },
];
