/**
 * Transaction events. Data is JSON-safe as written (amounts are decimal strings, no undefined).
 * Any of them may carry `transfers`: the engine applies them as one linked batch before the
 * evolver runs, so a status change and its ledger effect are one atomic event.
 */
import type { TransferRecord } from '../movement.js';
import type { LifecycleEvent, LifecycleState, RefundEvent, RefundState } from './lifecycles.js';
import type { RailDetails } from './rails.js';
import type {
  AmountRecord,
  ApprovalOutcome,
  PendingApproval,
  Refund,
  Transaction,
  TransactionFailureReason,
  TransactionPendingReason,
} from './types.js';

/** Field changes a flow may ask for with a transition or an update. */
export type TransactionChanges = {
  readonly failureReason?: TransactionFailureReason;
  readonly pendingReason?: TransactionPendingReason;
  readonly settledAt?: string;
  readonly sourceRailDetails?: RailDetails;
  readonly destinationRailDetails?: RailDetails;
  readonly sentAmount?: AmountRecord;
  readonly receivedAmount?: AmountRecord;
  readonly exchangeRate?: string;
  readonly feesMinor?: string;
  readonly quoteId?: string;
  readonly counterpartyInformation?: Readonly<Record<string, unknown>>;
  readonly fundingTransferIds?: readonly string[];
};

/** Changes as stored in an event: a flow's changes plus those the lifecycle itself makes. */
export type RecordChanges = TransactionChanges & {
  readonly pendingApproval?: PendingApproval;
  readonly approval?: ApprovalOutcome;
  readonly returnDishonoredAt?: string;
};

/** Fields a change may remove (JSON has no undefined, so removals are listed by name). */
export const CLEARABLE_FIELDS = ['failureReason', 'pendingReason', 'pendingApproval'] as const;
/** One of `CLEARABLE_FIELDS`. */
export type ClearableField = (typeof CLEARABLE_FIELDS)[number];

/** A new transaction, whole. */
export type TransactionCreated = { readonly transaction: Transaction; readonly transfers?: readonly TransferRecord[] };

/** A lifecycle move: `event` took the transaction from `from` to `to` (lifecycle states). */
export type TransactionTransitioned = {
  readonly transactionId: string;
  readonly event: LifecycleEvent;
  readonly from: LifecycleState;
  readonly to: LifecycleState;
  readonly changes: RecordChanges;
  readonly cleared: readonly ClearableField[];
  readonly updatedAt: string;
  readonly transfers?: readonly TransferRecord[];
  /** CANCELLED only: the platform's reason (`POST .../cancel` `reason`), kept for audit, not on the wire. */
  readonly reason?: string;
};

/** Fields changed without a status change (railDetails, pendingReason, amounts...). No webhook. */
export type TransactionUpdated = {
  readonly transactionId: string;
  readonly changes: TransactionChanges;
  readonly cleared: readonly ClearableField[];
  readonly updatedAt: string;
  readonly transfers?: readonly TransferRecord[];
};

/** The platform confirmed delivering the receipt to its customer (the first time). */
export type TransactionReceiptConfirmed = {
  readonly transactionId: string;
  /** When the platform delivered the receipt (the answer's `receiptDeliveryConfirmedAt`). */
  readonly confirmedAt: string;
  /**
   * When the engine was told, if the platform named an earlier delivery time; absent (every event
   * written before it, and a confirmation without one), it is `confirmedAt`. The record's `updatedAt`.
   */
  readonly recordedAt?: string;
};

/** A refund of a failed payment started (status PENDING). */
export type TransactionRefundInitiated = {
  readonly transactionId: string;
  readonly refund: Refund;
  readonly updatedAt: string;
  readonly transfers?: readonly TransferRecord[];
};

/** A refund moved through its lifecycle. */
export type TransactionRefundTransitioned = {
  readonly transactionId: string;
  readonly event: RefundEvent;
  readonly from: RefundState;
  readonly to: RefundState;
  readonly settledAt?: string;
  readonly updatedAt: string;
  readonly transfers?: readonly TransferRecord[];
};

/** Event type names of this domain. */
export const TRANSACTION_EVENTS = {
  created: 'TransactionCreated',
  transitioned: 'TransactionTransitioned',
  updated: 'TransactionUpdated',
  receiptConfirmed: 'TransactionReceiptConfirmed',
  refundInitiated: 'TransactionRefundInitiated',
  refundTransitioned: 'TransactionRefundTransitioned',
} as const;
