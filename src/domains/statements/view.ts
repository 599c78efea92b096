/** Shapes a statement receipt for the wire: `{ internalAccountId, periodStart, fetchedAt, statementDeliveredAt }`. */
import { formatInStatementZone, type StatementMonth } from '../../core/calendar.js';
import type { StatementRecord } from './store.js';

/** The wire form of an account-month's receipt; times not yet recorded are null. */
export type StatementReceiptView = {
  readonly internalAccountId: string;
  readonly periodStart: string;
  readonly fetchedAt: string | null;
  readonly statementDeliveredAt: string | null;
};

/** The receipt of `accountId` for `month` from its record (absent when nothing was recorded). Pure. */
export function statementReceiptView(accountId: string, month: StatementMonth, record: StatementRecord | undefined): StatementReceiptView {
  return {
    internalAccountId: accountId,
    periodStart: record?.periodStart ?? formatInStatementZone(month.startMs),
    fetchedAt: record?.fetchedAt ?? null,
    statementDeliveredAt: record?.statementDeliveredAt ?? null,
  };
}
