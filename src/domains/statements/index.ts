/** Statements: balance-change windows, fetched records and delivery receipts. */
export type { BalanceChangeLedger, BalanceChangePage, BalanceChangeRow, BalanceWindow, WindowSpan } from './balance-changes.js';
export { BALANCE_CHANGE_LIMITS, balanceChangeId, balanceChangePage, balanceChangeRow, formatWindowInstant, windowSpan } from './balance-changes.js';
export type { ConfirmStatementCommand } from './decide.js';
export { decideBalanceChangesAccess, decideConfirmStatement, decideStatementFetched } from './decide.js';
export type { StatementDeliveryConfirmed, StatementFetched } from './events.js';
export { STATEMENT_EVENT_VERSION, STATEMENT_EVENTS } from './events.js';
export { statementEvolvers } from './evolve.js';
export type { StatementRecord, StatementStore } from './store.js';
export { emptyStatementStore, statementKey, statementRecord } from './store.js';
export type { StatementReceiptView } from './view.js';
export { statementReceiptView } from './view.js';
