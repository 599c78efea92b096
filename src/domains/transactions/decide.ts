/**
 * The deciders flows call to create a transaction, move it through its lifecycle and change its
 * fields. Each reads state, consults the lifecycle TABLE, checks any money movement with the
 * ledger, and returns events or an ApiError with the spec's code; none mutates state. A flow that
 * passes inconsistent input (a failureReason an event does not allow, an unknown account in a
 * transfer) has a bug, and the decider asserts.
 */
import { assert } from '../../core/assert.js';
import { type ApiError, apiError } from '../../core/errors.js';
import { type Result, err, ok } from '../../core/result.js';
import { formatInstant, instantToMs } from '../../core/time.js';
import type { EventDraft } from '../evolver.js';
import { checkTransfers, type TransferRecord } from '../movement.js';
import type { DomainState } from '../state.js';
import { applyChanges } from './apply.js';
import { PAYMENT_APPROVAL_TIMEOUT_MS } from './approval-timer.js';
import { PENDING_REASON_STATUSES, transactionProblems } from './checks.js';
import {
  type ClearableField,
  type RecordChanges,
  TRANSACTION_EVENTS,
  type TransactionChanges,
  type TransactionCreated,
  type TransactionTransitioned,
  type TransactionUpdated,
} from './events.js';
import { failureRuleOf } from './failure-rules.js';
import { INITIAL_STATES, type LifecycleEvent, type LifecycleState, lifecycleStateOf, statusOfState, tableOf } from './lifecycles.js';
import { CANCELLABLE_RAILS, type RailDetails, withRailStatus } from './rails.js';
import type {
  AmountRecord,
  ApprovalOutcome,
  PendingApproval,
  Transaction,
  TransactionDestination,
  TransactionDirection,
  TransactionPendingReason,
  TransactionSource,
} from './types.js';

// ---------------------------------------------------------------------------------------------
// Create

/** What a pending approval asks for: the fields the platform must supply, and how long it has. */
export type ApprovalRequest = {
  readonly requestedReceiverCustomerInfoFields?: readonly string[];
  /** Default PAYMENT_APPROVAL_TIMEOUT_MS. */
  readonly timeoutMs?: number;
};

/** A new transaction as a flow describes it; the decider adds status, times and platformCustomerId. */
export type CreateTransactionInput = {
  /** `Transaction:<uuid>`, minted by the caller (`newId('Transaction')`). */
  readonly id: string;
  readonly type: 'INCOMING' | 'OUTGOING';
  readonly direction: TransactionDirection;
  /** Where the lifecycle starts (INITIAL_STATES); default PENDING (outgoing) or CREATED (incoming). */
  readonly initialState?: LifecycleState;
  readonly source: TransactionSource;
  readonly destination: TransactionDestination;
  readonly customerId: string;
  readonly ruleBasedAccountId?: string;
  readonly settledAt?: string;
  readonly agentId?: string;
  readonly description?: string;
  readonly sentAmount?: AmountRecord;
  readonly receivedAmount?: AmountRecord;
  /** Sending units per receiving unit, fee-exclusive, as a decimal string. */
  readonly exchangeRate?: string;
  readonly feesMinor?: string;
  readonly quoteId?: string;
  readonly counterpartyInformation?: Readonly<Record<string, unknown>>;
  readonly pendingReason?: TransactionPendingReason;
  /** Required when `initialState` is PENDING_APPROVAL, refused otherwise. */
  readonly approval?: ApprovalRequest;
  /** Transfers that took the payment's funds (a cancellation reverses them). */
  readonly fundingTransferIds?: readonly string[];
};

/** When a decision happens and which money moves with it. */
export type DecideOptions = {
  /** The instant of the events (the route's or timer's `at`). */
  readonly at: string;
  /** Ledger transfers applied atomically with the event (checked here first). */
  readonly transfers?: readonly TransferRecord[];
};

function pendingApprovalOf(request: ApprovalRequest, at: string): PendingApproval {
  const timeoutMs = request.timeoutMs ?? PAYMENT_APPROVAL_TIMEOUT_MS;
  assert(Number.isSafeInteger(timeoutMs) && timeoutMs > 0, 'approval timeoutMs must be a positive integer');
  const fields = request.requestedReceiverCustomerInfoFields;
  return {
    requestedAt: at,
    expiresAt: formatInstant(instantToMs(at) + timeoutMs),
    ...(fields === undefined || fields.length === 0 ? {} : { requestedReceiverCustomerInfoFields: [...fields] }),
  };
}

function internalAccountIds(input: CreateTransactionInput): string[] {
  const ids = [
    input.source.sourceType === 'ACCOUNT' ? input.source.accountId : undefined,
    input.destination.destinationType === 'ACCOUNT' ? input.destination.accountId : undefined,
    input.ruleBasedAccountId,
  ];
  // External accounts belong to another domain; only internal ones are checked here.
  return ids.filter((id): id is string => id?.startsWith('InternalAccount:') === true);
}

function withTransfers<T extends object>(data: T, transfers: readonly TransferRecord[] | undefined): T {
  return transfers === undefined || transfers.length === 0 ? data : { ...data, transfers: [...transfers] };
}

/**
 * Pure: the `TransactionCreated` event (with its transfers) for a new transaction, or why not:
 * 404 CUSTOMER_NOT_FOUND, 404 ACCOUNT_NOT_FOUND (an internal account it names), 400
 * INSUFFICIENT_FUNDS (a transfer's debit). Status, createdAt/updatedAt (= `at`) and
 * platformCustomerId are filled in; a PENDING_APPROVAL start schedules the approval timeout.
 */
export function decideCreateTransaction(
  state: DomainState,
  input: CreateTransactionInput,
  options: DecideOptions,
): Result<EventDraft[], ApiError> {
  assert(input.id.startsWith('Transaction:'), `transaction id ${input.id} must be Transaction:<uuid>`);
  assert(!state.transactions.byId.has(input.id), `transaction ${input.id} already exists`);
  const initial = input.initialState ?? (input.type === 'OUTGOING' ? 'PENDING' : 'CREATED');
  assert((INITIAL_STATES[input.type] as readonly string[]).includes(initial), `${input.type} cannot start ${initial}`);
  assert((initial === 'PENDING_APPROVAL') === (input.approval !== undefined), 'approval is given exactly when starting PENDING_APPROVAL');
  const customer = state.customers.byId.get(input.customerId);
  if (customer === undefined) return err(apiError('CUSTOMER_NOT_FOUND', `Customer ${input.customerId} not found`));
  for (const accountId of internalAccountIds(input)) {
    if (!state.accounts.byId.has(accountId)) return err(apiError('ACCOUNT_NOT_FOUND', `Internal account ${accountId} not found`));
  }
  const checked = checkTransfers(state.ledger, options.transfers ?? [], instantToMs(options.at));
  if (!checked.ok) return checked;
  const { id, type, direction, source, destination, customerId, approval, initialState: _initial, ...rest } = input;
  // Events hold no undefined (JSON would drop it and replay would differ from the live record).
  const optional = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  const transaction = structuredClone({
    id,
    status: statusOfState(initial),
    type,
    direction,
    source,
    destination,
    customerId,
    platformCustomerId: customer.platformCustomerId,
    createdAt: options.at,
    updatedAt: options.at,
    ...optional,
    ...(approval === undefined ? {} : { pendingApproval: pendingApprovalOf(approval, options.at) }),
  }) as Transaction;
  const problems = transactionProblems(transaction);
  assert(problems.length === 0, `new transaction ${id} is unsound: ${problems.join('; ')}`);
  const data: TransactionCreated = withTransfers({ transaction }, options.transfers);
  return ok([{ type: TRANSACTION_EVENTS.created, data }]);
}

// ---------------------------------------------------------------------------------------------
// Transition

/** What a platform said when it decided a pending approval. */
export type ApprovalDecision = {
  readonly receiverCustomerInfo?: Readonly<Record<string, unknown>>;
  readonly rejectionReason?: string;
};

/** Options of `decideTransition`. */
export type TransitionOptions = DecideOptions & {
  /** APPROVAL_REQUESTED only: what to ask and how long to wait (default: nothing, 5 minutes). */
  readonly approvalRequest?: ApprovalRequest;
  /** APPROVED / APPROVAL_REJECTED only: what the platform said. */
  readonly approvalDecision?: ApprovalDecision;
};

/** The code an illegal move answers: the spec's specific one where it has one. */
function refusal(tx: Transaction, event: LifecycleEvent, from: LifecycleState): ApiError {
  switch (event) {
    case 'APPROVED':
    case 'APPROVAL_REJECTED':
    case 'APPROVAL_TIMED_OUT':
    case 'APPROVAL_WEBHOOK_FAILED':
      return apiError('TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL', `Transaction ${tx.id} is not pending platform approval (it is ${tx.type} ${tx.status})`);
    case 'CANCELLED':
      return apiError('TRANSACTION_NOT_CANCELLABLE', `Transaction ${tx.id} is ${tx.status} and can no longer be cancelled`);
    default:
      return apiError('INVALID_STATE_TRANSITION', `Transaction ${tx.id} (${tx.type}) cannot go through ${event} from ${from}`, {
        transactionId: tx.id,
        from,
        event,
      });
  }
}

/** The side whose funds move over an external rail: the destination of a payout, the source of a payment in. */
export function railSideOf(tx: Transaction): 'source' | 'destination' {
  return tx.type === 'OUTGOING' ? 'destination' : 'source';
}

function railDetailsOf(tx: Transaction, side: 'source' | 'destination'): RailDetails | undefined {
  const end = side === 'source' ? tx.source : tx.destination;
  return 'railDetails' in end ? end.railDetails : undefined;
}

/** True when `tx` is a bank transfer still pending on a rail that can be stopped (ACH, ACH_SAME_DAY, WIRE). Pure. */
export function isCancellable(tx: Transaction): boolean {
  const details = railDetailsOf(tx, railSideOf(tx));
  return (
    details !== undefined &&
    details.paymentRail !== 'ONCHAIN' &&
    CANCELLABLE_RAILS.includes(details.paymentRail) &&
    details.status === 'PENDING' &&
    tableOf(tx.type).next(lifecycleStateOf(tx), 'CANCELLED') !== undefined
  );
}

/** A refusal that the table alone does not express, or undefined. */
function preconditionRefusal(tx: Transaction, event: LifecycleEvent, at: string): ApiError | undefined {
  if (event === 'CANCELLED' && !isCancellable(tx)) {
    return apiError('TRANSACTION_NOT_CANCELLABLE', `Transaction ${tx.id} is not a bank transfer pending before settlement`);
  }
  if (event === 'RETURN_CONTESTED' && tx.returnDishonoredAt === undefined) {
    return apiError('INVALID_STATE_TRANSITION', `Transaction ${tx.id} has no dishonored return to contest`, { transactionId: tx.id, event });
  }
  if ((event === 'APPROVED' || event === 'APPROVAL_REJECTED') && tx.pendingApproval !== undefined) {
    if (instantToMs(at) >= instantToMs(tx.pendingApproval.expiresAt)) {
      return apiError('TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL', `The approval window of ${tx.id} closed at ${tx.pendingApproval.expiresAt}`);
    }
  }
  return undefined;
}

function approvalOutcomeOf(event: LifecycleEvent, at: string, decision: ApprovalDecision | undefined): ApprovalOutcome {
  const kind = event === 'APPROVED' ? 'APPROVED' : event === 'APPROVAL_REJECTED' ? 'REJECTED' : event === 'APPROVAL_TIMED_OUT' ? 'TIMED_OUT' : 'WEBHOOK_FAILED';
  return {
    decision: kind,
    decidedAt: at,
    ...(decision?.receiverCustomerInfo === undefined ? {} : { receiverCustomerInfo: decision.receiverCustomerInfo }),
    ...(decision?.rejectionReason === undefined ? {} : { rejectionReason: decision.rejectionReason }),
  };
}

/** The rail side's details after `event`, when the spec ties the rail's status to it. */
function railEffect(tx: Transaction, event: LifecycleEvent, at: string): Pick<RecordChanges, 'sourceRailDetails' | 'destinationRailDetails'> {
  const side = railSideOf(tx);
  const details = railDetailsOf(tx, side);
  if (details === undefined || details.paymentRail === 'ONCHAIN') return {};
  const key = side === 'source' ? 'sourceRailDetails' : 'destinationRailDetails';
  const isAch = details.paymentRail === 'ACH' || details.paymentRail === 'ACH_SAME_DAY';
  // Spec: a returned payout or deposit shows railDetails.status RETURNED (with returnedAt).
  if ((event === 'PAYOUT_RETURNED' || event === 'RETURNED') && isAch) return { [key]: withRailStatus(details, 'RETURNED', at) };
  // A cancelled bank transfer never settles on its rail.
  if (event === 'CANCELLED') return { [key]: withRailStatus(details, 'FAILED', at) };
  return {};
}

/**
 * Plans one lifecycle move of `tx` (the event data), or refuses it. The flow's `changes` are
 * merged with the lifecycle's own effects: the failureReason rule of the event, clearing what no
 * longer applies (failureReason off FAILED, pendingReason off PENDING/PROCESSING, the pending
 * approval), settledAt on SETTLED, rail status on returns and cancellation.
 */
export function planTransition(
  state: DomainState,
  tx: Transaction,
  event: LifecycleEvent,
  changes: TransactionChanges,
  options: TransitionOptions,
): Result<TransactionTransitioned, ApiError> {
  const from = lifecycleStateOf(tx);
  const to = tableOf(tx.type).next(from, event);
  if (to === undefined) return err(refusal(tx, event, from));
  const refused = preconditionRefusal(tx, event, options.at);
  if (refused !== undefined) return err(refused);
  const checked = checkTransfers(state.ledger, options.transfers ?? [], instantToMs(options.at));
  if (!checked.ok) return checked;
  const status = statusOfState(to);
  const rule = failureRuleOf(event);
  const given = changes.failureReason;
  let failureReason = given;
  if (status === 'FAILED' && from !== 'FAILED') {
    if (rule.kind === 'fixed') {
      assert(given === undefined || given === rule.reason, `${event} always fails with ${rule.reason}, not ${String(given)}`);
      failureReason = rule.reason;
    } else if (rule.kind === 'choose') {
      assert(given !== undefined || !rule.required, `${event} needs a failureReason`);
      assert(given === undefined || rule.allowed.includes(given), `${event} cannot fail with ${String(given)}`);
    } else assert(given === undefined, `${event} carries no failureReason`);
  } else assert(given === undefined, `${event} does not lead into FAILED, so it carries no failureReason`);
  assert(options.approvalRequest === undefined || to === 'PENDING_APPROVAL', 'approvalRequest belongs to APPROVAL_REQUESTED');
  assert(options.approvalDecision === undefined || from === 'PENDING_APPROVAL', 'approvalDecision belongs to a pending approval');

  const cleared: ClearableField[] = [];
  if (tx.failureReason !== undefined && status !== 'FAILED') cleared.push('failureReason');
  if (tx.pendingReason !== undefined && changes.pendingReason === undefined && !PENDING_REASON_STATUSES.includes(status)) {
    cleared.push('pendingReason');
  }
  if (from === 'PENDING_APPROVAL') cleared.push('pendingApproval');
  const record: RecordChanges = {
    ...railEffect(tx, event, options.at),
    ...changes,
    ...(failureReason === undefined ? {} : { failureReason }),
    ...(event === 'SETTLED' && changes.settledAt === undefined ? { settledAt: options.at } : {}),
    ...(event === 'RETURN_DISHONORED' ? { returnDishonoredAt: options.at } : {}),
    ...(from === 'PENDING_APPROVAL' ? { approval: approvalOutcomeOf(event, options.at, options.approvalDecision) } : {}),
    ...(to === 'PENDING_APPROVAL' ? { pendingApproval: pendingApprovalOf(options.approvalRequest ?? {}, options.at) } : {}),
  };
  const data: TransactionTransitioned = withTransfers(
    { transactionId: tx.id, event, from, to, changes: structuredClone(record), cleared, updatedAt: options.at },
    options.transfers,
  );
  // The evolver checks the same facts again on replay.
  const problems = transactionProblems(applyChanges(tx, data.changes, cleared, options.at, status));
  assert(problems.length === 0, `${tx.id} after ${event} is unsound: ${problems.join('; ')}`);
  return ok(data);
}

/**
 * Pure: the `TransactionTransitioned` event that moves transaction `transactionId` through
 * `event` with the flow's `changes` (and `options.transfers`, applied atomically), or why not:
 * 404 TRANSACTION_NOT_FOUND; 409 INVALID_STATE_TRANSITION for a move its table lacks, or the
 * spec's specific code (TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL for approval events,
 * TRANSACTION_NOT_CANCELLABLE for CANCELLED); 400 INSUFFICIENT_FUNDS for a transfer's debit.
 * @example
 * decideTransition(state, id, 'PAYOUT_FAILED', { failureReason: 'ACCOUNT_INVALID' }, { at, transfers: refund });
 */
export function decideTransition(
  state: DomainState,
  transactionId: string,
  event: LifecycleEvent,
  changes: TransactionChanges,
  options: TransitionOptions,
): Result<EventDraft[], ApiError> {
  const tx = state.transactions.byId.get(transactionId);
  if (tx === undefined) return err(transactionNotFound(transactionId));
  const planned = planTransition(state, tx, event, changes, options);
  if (!planned.ok) return planned;
  return ok([{ type: TRANSACTION_EVENTS.transitioned, data: planned.value }]);
}

// ---------------------------------------------------------------------------------------------
// Update

/** Options of `decideUpdateTransaction`. */
export type UpdateOptions = DecideOptions & {
  /** Fields to remove (e.g. a resolved pendingReason). */
  readonly clear?: readonly ClearableField[];
};

/**
 * Pure: a `TransactionUpdated` event that changes fields without a status change (railDetails as
 * the rail reports, pendingReason, amounts, counterpartyInformation...) and sends no webhook; no
 * events when nothing would change; 404 TRANSACTION_NOT_FOUND; 400 INSUFFICIENT_FUNDS for a
 * transfer's debit. Changes that break a record rule (a pendingReason on a COMPLETED payment)
 * are a flow's bug and assert.
 */
export function decideUpdateTransaction(
  state: DomainState,
  transactionId: string,
  changes: TransactionChanges,
  options: UpdateOptions,
): Result<EventDraft[], ApiError> {
  const tx = state.transactions.byId.get(transactionId);
  if (tx === undefined) return err(transactionNotFound(transactionId));
  assert(!(options.clear ?? []).includes('pendingApproval'), 'a pending approval ends only through its events');
  const cleared = (options.clear ?? []).filter((field) => tx[field] !== undefined && !(field in changes));
  if (Object.keys(changes).length === 0 && cleared.length === 0 && (options.transfers ?? []).length === 0) return ok([]);
  const checked = checkTransfers(state.ledger, options.transfers ?? [], instantToMs(options.at));
  if (!checked.ok) return checked;
  const data: TransactionUpdated = withTransfers(
    { transactionId, changes: structuredClone(changes), cleared, updatedAt: options.at },
    options.transfers,
  );
  const after = applyChanges(tx, data.changes, cleared, options.at);
  const problems = transactionProblems(after);
  assert(problems.length === 0, `${tx.id} after the update is unsound: ${problems.join('; ')}`);
  return ok([{ type: TRANSACTION_EVENTS.updated, data }]);
}

/** 404 TRANSACTION_NOT_FOUND for `transactionId`. */
export function transactionNotFound(transactionId: string): ApiError {
  return apiError('TRANSACTION_NOT_FOUND', `Transaction ${transactionId} not found`);
}
