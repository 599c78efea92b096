/**
 * Statement receipts: for each (account, month) when it was first fetched as an exact month and
 * when the platform first confirmed delivering it. First times are kept. Written only by
 * `statementEvolvers`; read by the statement deciders and views.
 */

/** One account-month's record. */
export type StatementRecord = {
  readonly internalAccountId: string;
  /** The month's first instant in America/Chicago with its offset. */
  readonly periodStart: string;
  readonly fetchedAt?: string;
  readonly statementDeliveredAt?: string;
  readonly confirmedAt?: string;
};

/** Records keyed by `${accountId}|${periodStartMs}`. */
export type StatementStore = { readonly byKey: Map<string, StatementRecord> };

/** An empty store. */
export function emptyStatementStore(): StatementStore {
  return { byKey: new Map() };
}

/** The store key of an account-month. */
export function statementKey(accountId: string, periodStartMs: number): string {
  return `${accountId}|${periodStartMs}`;
}

/** The record of an account-month, or undefined when nothing was recorded yet. */
export function statementRecord(store: StatementStore, accountId: string, periodStartMs: number): StatementRecord | undefined {
  return store.byKey.get(statementKey(accountId, periodStartMs));
}
