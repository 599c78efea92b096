/**
 * The ledger's public surface (docs/ledger-model.md): the `Ledger` class, its limits, and the
 * types of its inputs, views, errors and snapshot. Everything else in `src/ledger` is private.
 */
export { Ledger } from './ledger.js';
export { LEDGER_AMOUNT_MAX, LEDGER_BATCH_MAX, LEDGER_ROWS_PAGE_MAX } from './limits.js';

export type {
  AccountFlags,
  AccountSpec,
  AccountView,
  BalanceRow,
  BalanceView,
  CurrencyTotals,
  NewTransferSpec,
  PendingStatus,
  PendingTransferView,
  ResolutionSpec,
  ResolveTransferSpec,
  RowRange,
  TransferSpec,
  TransferView,
} from './types.js';
export type {
  CounterName,
  InvariantViolation,
  LedgerBatchError,
  LedgerError,
  LedgerErrorCode,
  PendingResolution,
  TransferSide,
} from './errors.js';
export type {
  AccountSnapshot,
  AccountsSnapshotV2,
  LedgerSnapshot,
  LedgerSnapshotV1,
  LedgerSnapshotV2,
  SnapshotTransferKind,
  TransfersSnapshot,
  TransfersSnapshotV2,
} from './snapshot.js';
