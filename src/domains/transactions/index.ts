/**
 * The transactions domain: records, lifecycles (xstate machines and their tables), events,
 * evolvers, the deciders flows call (create, transition, update, refunds), the platform's
 * operations (approve, reject, cancel, confirm), views, webhooks, timers and the list query.
 * Flows (quotes, sandbox outcomes, returns, refunds, sweeps, deposits) use only what is exported
 * here; see docs/transactions.md.
 */
export {
  decideCreateTransaction, decideTransition, decideUpdateTransaction, isCancellable, planTransition, railSideOf, transactionNotFound,
} from './decide.js';
export type { ApprovalDecision, ApprovalRequest, CreateTransactionInput, DecideOptions, TransitionOptions, UpdateOptions } from './decide.js';
export { decideInitiateRefund, decideRefundTransition, refundInitiatedDraft, refundTransitionedDraft } from './refund.js';
export { decideApprove, decideCancel, decideConfirmReceipt, decideReject } from './operations.js';
export { reversalTransfers } from './reversal.js';
export {
  INCOMING_EVENTS, INCOMING_STATES, INCOMING_TABLE, INITIAL_STATES, OUTGOING_EVENTS, OUTGOING_STATES, OUTGOING_TABLE, REFUND_EVENTS,
  REFUND_STATES, REFUND_TABLE, incomingMachine, lifecycleStateOf, outgoingMachine, refundMachine, statusOfState, tableOf,
} from './lifecycles.js';
export type { IncomingEvent, IncomingState, LifecycleEvent, LifecycleState, OutgoingEvent, OutgoingState, RefundEvent, RefundState } from './lifecycles.js';
export { FAILURE_RULES, failureRuleOf } from './failure-rules.js';
export type { FailureRule } from './failure-rules.js';
export { CLEARABLE_FIELDS, TRANSACTION_EVENTS } from './events.js';
export type {
  ClearableField, RecordChanges, TransactionChanges, TransactionCreated, TransactionReceiptConfirmed, TransactionRefundInitiated,
  TransactionRefundTransitioned, TransactionTransitioned, TransactionUpdated,
} from './events.js';
export { addTransaction, transactionEvolvers, transitionTransaction, updateTransaction } from './evolve.js';
export { transactionProblems, PENDING_REASON_STATUSES } from './checks.js';
export { APPROVAL_TIMER_KIND, PAYMENT_APPROVAL_TIMEOUT_MS, approvalTimerId } from './approval-timer.js';
export { approvalTimeoutHandler, transactionTimerHandlers } from './timers.js';
export { TRANSACTION_WEBHOOK_TYPES, statusWebhookType, transactionNotifiers } from './notify.js';
export { listTransactions, matchesTransaction, transactionQueryKey } from './list.js';
export type { TransactionFilters, TransactionPage } from './list.js';
export {
  CANCELLABLE_RAILS, DETAILED_RAILS, RAIL_STATUSES, isRailStatus, newRailDetails, railDetailsProblems, railIdentifiers, withRailStatus,
} from './rails.js';
export type {
  AchRailDetails, BankAccountDetails, FedNowRailDetails, NewRailOptions, OnChainRailDetails, DetailedRail, RailDetails, RailSide, RailStatus,
  RtpRailDetails, WireRailDetails,
} from './rails.js';
export { reconciliationReference, refundReference } from './reference.js';
export { emptyTransactionStore, transactionStoreFromSnapshot, transactionStoreSnapshot } from './store.js';
export type { TransactionStore, TransactionStoreSnapshot } from './store.js';
export {
  INCOMING_FAILURE_REASONS, OUTGOING_FAILURE_REASONS, PENDING_REASONS, REFUND_REASONS, REFUND_STATUSES, TRANSACTION_DIRECTIONS,
  TRANSACTION_STATUSES, TRANSACTION_TYPES,
} from './types.js';
export type {
  AccountDestination, AccountSource, AmountRecord, ApprovalOutcome, IncomingFailureReason, IncomingStatus, IncomingTransaction,
  OriginatorFields, OutgoingFailureReason, OutgoingStatus, OutgoingTransaction, PendingApproval, RealtimeFundingSource, Refund, RefundReason,
  RefundStatus, Transaction, TransactionDestination, TransactionDirection, TransactionFailureReason, TransactionPendingReason,
  TransactionSource, TransactionStatus, TransactionType, UmaAddressDestination, UmaAddressSource,
} from './types.js';
export { destinationView, originatorFieldsOf, sourceView, transactionView } from './view.js';
export type { OnChainTransactionView, TransactionDestinationView, TransactionSourceView, TransactionView } from './view.js';
