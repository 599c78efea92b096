/**
 * payments-engine: the public API. Everything not exported here is private and free to change.
 */

// Engine: request in, events and response out.
export { createEngine, EngineHaltedError } from './engine/engine.js';
export type { Clock, Engine, HandleResult, LogHead } from './engine/engine.js';
export { SANDBOX_CREDENTIAL, SANDBOX_SECRET, SECRET_LENGTH_MIN } from './engine/options.js';
export type { EngineOptions } from './engine/options.js';
export { auditBinaryLog, auditLog, createAuditSink } from './engine/audit.js';
export type { AuditFault, AuditOptions, AuditReport, AuditSink } from './engine/audit.js';

// Wire contract.
export { basicAuthorization } from './api/auth.js';
export { REQUEST_LIMITS, RESERVED_KEYS } from './api/limits.js';
export { UPLOAD_LIMITS, isUploadContentType, type RawBody } from './api/raw-body.js';
export { encodeForm } from './api/multipart.js';
export type { PlatformCredential } from './api/auth.js';
export type { HttpMethod, HttpRequest, HttpResponse, QueryParams } from './api/http.js';
export { fillPathTemplate, handleTyped } from './api/wire-types.js';
export type {
  Handles, MethodOf, OperationAt, OperationKey, PathOf, PathParamsOf, RequestBodyOf, ResponseBodyOf, SuccessStatusOf,
  TypedHandleResult, TypedRequest, TypedResponse, TypedResponseOf, WireErrorBody, WireOperations, WirePath, WirePaths, WireSchema,
} from './api/wire-types.js';

// Errors and results.
export { ERROR_CODES, apiError, errorBody, invalidInput, isErrorCode, statusOf } from './core/errors.js';
export type { ApiError, ErrorCode, ErrorCodeOf, ErrorStatus, FieldConstraint, FieldError } from './core/errors.js';
export { err, ok } from './core/result.js';
export type { Err, Ok, Result } from './core/result.js';
export { InvariantError, ReplayError, assert } from './core/assert.js';

// Money, currencies, rates, time.
export { CURRENCIES, CURRENCY_CODES, currencyOf, isCurrencyCode } from './core/currency.js';
export type { Currency, CurrencyCode } from './core/currency.js';
export { INT64_MAX, INT64_MIN, formatMinor, parseMinor, toCurrencyAmount } from './core/money.js';
export type { CurrencyAmount, Money } from './core/money.js';
export { RateDecimal, Rounding, toMinorUnits } from './core/decimal.js';
export type { RoundingMode } from './core/decimal.js';
export { formatInstant, instantToMs, parseInstant } from './core/time.js';
export type { Instant } from './core/time.js';
export {
  STATEMENT_TIME_ZONE,
  exactStatementMonth,
  formatInStatementZone,
  parseStatementMonth,
  statementMonth,
  statementMonthContaining,
} from './core/calendar.js';
export type { StatementMonth } from './core/calendar.js';
export { bareUuid, eventIdAt, resourceId, uuidAt } from './core/ids.js';
export type { IdPosition } from './core/ids.js';

// Event log.
export {
  EMPTY_HEAD,
  GENESIS_HASH,
  checkSnapshotAgainstLog,
  createChainVerifier,
  createUpcaster,
  snapshotHead,
  decodeLine,
  encodeEnvelope,
  encodeLog,
  sealEvent,
  sha256Hex,
  splitLines,
  takeSnapshot,
  verifyLog,
  verifyLogStream,
} from './log/index.js';
export type {
  ChainHead,
  ChainVerifier,
  EventEnvelope,
  LogFault,
  LogFaultKind,
  LogVerification,
  NewEvent,
  Sha256Hex,
  Snapshot,
  Upcast,
  Upcaster,
} from './log/index.js';

// The binary log: the same envelopes and chain in blocks of dictionary-coded bytes (docs/binary-log.md).
export { BINARY_LOG_MAGIC, createBinaryChainVerifier, createBinaryLogWriter, encodeBinaryLog, isMagicPrefix } from './log/binary/index.js';
export type { BinaryChainVerifier, BinaryLogWriter, BinaryLogWriterOptions, BinaryVerifyOptions } from './log/binary/index.js';

// Signed checkpoints: what an auditor with the writer's public key, or a published head, checks.
export {
  CHECKPOINT_EVENT_TYPE,
  checkCheckpoints,
  checkpointMessage,
  checkpointPublicKey,
  createCheckpointChecker,
  parseExpectedHead,
  signCheckpoint,
  verifyCheckpointSignature,
} from './log/index.js';
export type { CheckpointChecker, CheckpointCheckOptions, CheckpointFault, CheckpointReport, LogCheckpointSigned } from './log/index.js';
export { checkpointDraft, checkpointDue, checkpointOptionsProblem } from './engine/checkpoint-events.js';
export type { CheckpointOptions } from './engine/checkpoint-events.js';

// Ledger: TigerBeetle-style accounts and transfers, balance-change rows, invariants.
export { LEDGER_AMOUNT_MAX, LEDGER_BATCH_MAX, LEDGER_ROWS_PAGE_MAX, Ledger } from './ledger/index.js';
export type {
  AccountFlags,
  AccountSpec,
  AccountView,
  BalanceRow,
  BalanceView,
  CurrencyTotals,
  InvariantViolation,
  LedgerBatchError,
  LedgerError,
  LedgerErrorCode,
  LedgerSnapshot,
  NewTransferSpec,
  PendingTransferView,
  ResolutionSpec,
  RowRange,
  TransferSpec,
  TransferView,
} from './ledger/index.js';

// The derived state `engine.state` exposes, and its customers.
export type { DomainState } from './domains/state.js';
export type { Customer } from './domains/customers/types.js';

// Snapshots and engine-written events.
export type { EngineSnapshot, SnapshotHead } from './engine/snapshot.js';
export { ENGINE_EVENTS } from './engine/engine-events.js';
export type { IdempotentResponseStored, LedgerAccountOpened, LedgerTransfersCreated } from './engine/engine-events.js';
export type { TransferRecord } from './domains/movement.js';
export { worldAccountId } from './domains/movement.js';
export type { Notification, WebhookQueued } from './domains/notifications.js';
export { WEBHOOK_EVENTS } from './domains/notifications.js';

// Lifecycles: the legal transitions as plain tables derived from the xstate machines.
export { machineNext, transitionTable } from './domains/lifecycle.js';
export type { TransitionTable } from './domains/lifecycle.js';
