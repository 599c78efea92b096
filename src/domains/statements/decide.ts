/**
 * Statement deciders: who may read a balance-change window (404, 409 NOT_YET_AVAILABLE), whether
 * a fetch records a statement as fetched, and the delivery receipt of
 * `POST /internal-accounts/{id}/confirm-statement`. Pure: they read state and return events or
 * an ApiError; the engine appends and applies.
 */
import { type ApiError, apiError, invalidInput } from '../../core/errors.js';
import { exactStatementMonth, formatInStatementZone, type StatementMonth } from '../../core/calendar.js';
import { type Result, err, ok } from '../../core/result.js';
import { formatInstant } from '../../core/time.js';
import type { EventDraft } from '../evolver.js';
import { hasOwnStatements, type InternalAccount } from '../internal-accounts/store.js';
import { openCardAuthorizationBefore } from '../card-transactions/settlement-gate.js';
import type { DomainState } from '../state.js';
import type { BalanceWindow } from './balance-changes.js';
import { STATEMENT_EVENT_VERSION, STATEMENT_EVENTS, type StatementDeliveryConfirmed, type StatementFetched } from './events.js';
import { statementRecord } from './store.js';

/**
 * Pure: the account whose balance changes over `window` may be read, or why not: 404
 * ACCOUNT_NOT_FOUND for an unknown account, then 409 NOT_YET_AVAILABLE when the platform's
 * settlement cut-off is set and the window ends after it (its rows could still change). Any
 * internal account may be read; statements proper are only for `hasOwnStatements` accounts.
 */
export function decideBalanceChangesAccess(
  state: DomainState,
  accountId: string,
  window: BalanceWindow,
): Result<InternalAccount, ApiError> {
  const account = state.accounts.byId.get(accountId);
  if (account === undefined) return err(apiError('ACCOUNT_NOT_FOUND', `Internal account ${accountId} not found`));
  const cutoffMs = state.platform.settlementCutoffMs;
  if (cutoffMs !== undefined && window.endMs > cutoffMs) {
    const periodEnd = formatInstant(window.endMs);
    const settledThrough = formatInstant(cutoffMs);
    return err(
      apiError(
        'NOT_YET_AVAILABLE',
        `Card settlement through ${periodEnd} has not closed (settled through ${settledThrough}); retry after settlement`,
        { periodEnd, settledThrough },
      ),
    );
  }
  // Card settlement of the window (docs/cards.md): an authorization made before its end is still open.
  const open = openCardAuthorizationBefore(state, accountId, window.endMs);
  if (open !== undefined) {
    return err(
      apiError(
        'NOT_YET_AVAILABLE',
        `Card settlement for ${formatInstant(window.endMs)} has not closed: card transaction ${open.id} authorized at ${open.createdAt} is ${open.status}; retry after it settles, is voided or expires`,
        { periodEnd: formatInstant(window.endMs), cardTransactionId: open.id },
      ),
    );
  }
  return ok(account);
}

/**
 * Pure: the StatementFetched event when this successful fetch is the first of an exact
 * America/Chicago month for an account with statements of its own; otherwise nothing (other
 * windows record nothing, later fetches keep the first time).
 */
export function decideStatementFetched(
  state: DomainState,
  account: InternalAccount,
  window: BalanceWindow,
  at: string,
): EventDraft[] {
  if (!hasOwnStatements(account)) return [];
  const month = exactStatementMonth(window.startMs, window.endMs);
  if (month === undefined) return [];
  if (statementRecord(state.statements, account.id, month.startMs)?.fetchedAt !== undefined) return [];
  const data: StatementFetched = { internalAccountId: account.id, periodStart: formatInStatementZone(month.startMs), fetchedAt: at };
  return [{ type: STATEMENT_EVENTS.fetched, version: STATEMENT_EVENT_VERSION, data }];
}

/** A delivery receipt after its fields were validated. */
export type ConfirmStatementCommand = {
  readonly accountId: string;
  readonly month: StatementMonth;
  /** The platform's delivery time; absent means "now". */
  readonly statementDeliveredAtMs?: number;
  /** The request's instant. */
  readonly at: string;
};

/**
 * Pure: the StatementDeliveryConfirmed event for the first receipt of an account-month, none
 * for a repeat (the first receipt's time is kept), or why it cannot be recorded: 404
 * ACCOUNT_NOT_FOUND, then 400 INVALID_INPUT for an account without statements of its own.
 */
export function decideConfirmStatement(state: DomainState, command: ConfirmStatementCommand): Result<EventDraft[], ApiError> {
  const account = state.accounts.byId.get(command.accountId);
  if (account === undefined) return err(apiError('ACCOUNT_NOT_FOUND', `Internal account ${command.accountId} not found`));
  if (!hasOwnStatements(account)) {
    const why = `Internal account ${account.id} has no statements of its own (${statementlessKind(account)})`;
    return err(invalidInput([{ field: 'id', message: why }], why));
  }
  if (statementRecord(state.statements, account.id, command.month.startMs)?.statementDeliveredAt !== undefined) return ok([]);
  const data: StatementDeliveryConfirmed = {
    internalAccountId: account.id,
    periodStart: formatInStatementZone(command.month.startMs),
    statementDeliveredAt: command.statementDeliveredAtMs === undefined ? command.at : formatInstant(command.statementDeliveredAtMs),
    confirmedAt: command.at,
  };
  return ok([{ type: STATEMENT_EVENTS.deliveryConfirmed, version: STATEMENT_EVENT_VERSION, data }]);
}

/** Why an account has no statement of its own, in the spec's words. */
function statementlessKind(account: InternalAccount): string {
  if (account.customerId === undefined) return 'platform-owned';
  if (account.type === 'RULE_BASED') return 'rule-based';
  if (account.type === 'BULK_SETTLEMENT') return 'bulk settlement';
  return `${account.currency}, not USD`;
}
