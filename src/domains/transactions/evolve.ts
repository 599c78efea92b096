/**
 * Applies transaction events to `state.transactions` (and the approval timer). Evolvers trust the
 * log for what deciders checked and re-check the rest: every move must be a row of its table and
 * start where the record stands; with `recheckRecords` (handle, the simulator's rebuilds) the
 * record left must also be sound. Otherwise the log is corrupt and replay throws. Money in `data.transfers` is applied by the engine before these run.
 */
import { assert } from '../../core/assert.js';
import { deepFreeze } from '../../core/freeze.js';
import type { EvolveContext, EvolverTable } from '../evolver.js';
import type { DomainState } from '../state.js';
import { applyChanges, withReceiptConfirmed, withRefund } from './apply.js';
import { cancelApprovalTimer, scheduleApprovalTimer } from './approval-timer.js';
import { transactionProblems } from './checks.js';
import {
  TRANSACTION_EVENTS,
  type TransactionCreated,
  type TransactionReceiptConfirmed,
  type TransactionRefundInitiated,
  type TransactionRefundTransitioned,
  type TransactionTransitioned,
  type TransactionUpdated,
} from './events.js';
import { lifecycleStateOf, REFUND_TABLE, statusOfState, tableOf } from './lifecycles.js';
import type { Transaction } from './types.js';

function stored(state: DomainState, id: string, eventType: string): Transaction {
  const tx = state.transactions.byId.get(id);
  // Messages are built only on failure (`if`, not `assert(cond, message)`): replay runs these per event.
  if (tx === undefined) assert(false, `${eventType} for unknown transaction ${id}`);
  return tx;
}

/** Stores `tx`; with `recheckRecords` first asserts the whole record is sound (deciders did). */
function put(state: DomainState, tx: Transaction, context: EvolveContext): void {
  if (context.recheckRecords) {
    const problems = transactionProblems(tx);
    if (problems.length > 0) assert(false, `transaction ${tx.id} is unsound: ${problems.join('; ')}`);
  }
  state.transactions.byId.set(tx.id, tx);
}

/** Stores a new transaction and, when it waits for approval, schedules the timeout. */
export function addTransaction(state: DomainState, transaction: Transaction, context: EvolveContext): void {
  if (state.transactions.byId.has(transaction.id)) assert(false, `transaction ${transaction.id} created twice`);
  // Frozen in place, no copy: the event's data is the engine's own (docs/architecture.md, "Stored records").
  const record = deepFreeze(transaction);
  put(state, record, context);
  scheduleApprovalTimer(state, record);
}

/** Applies a lifecycle move, asserting it is a row of the record's table from where it stands. */
export function transitionTransaction(state: DomainState, data: TransactionTransitioned, context: EvolveContext): void {
  const before = stored(state, data.transactionId, TRANSACTION_EVENTS.transitioned);
  const from = lifecycleStateOf(before);
  if (from !== data.from) assert(false, `${before.id}: ${data.event} logged from ${data.from} but the record is ${from}`);
  const next = tableOf(before.type).next(from, data.event);
  if (next !== data.to) assert(false, `${before.id}: ${data.event} from ${from} leads to ${String(next)}, logged ${data.to}`);
  const after = applyChanges(before, data.changes, data.cleared, data.updatedAt, statusOfState(data.to));
  if (lifecycleStateOf(after) !== data.to) assert(false, `${before.id}: record is ${lifecycleStateOf(after)} after a move to ${data.to}`);
  put(state, after, context);
  if (from === 'PENDING_APPROVAL') cancelApprovalTimer(state, before.id);
  if (data.to === 'PENDING_APPROVAL') scheduleApprovalTimer(state, after);
}

/** Applies field changes that leave the status and lifecycle state as they are. */
export function updateTransaction(state: DomainState, data: TransactionUpdated, context: EvolveContext): void {
  const before = stored(state, data.transactionId, TRANSACTION_EVENTS.updated);
  const after = applyChanges(before, data.changes, data.cleared, data.updatedAt);
  if (lifecycleStateOf(after) !== lifecycleStateOf(before)) assert(false, `${before.id}: an update changed the lifecycle state`);
  put(state, after, context);
}

/** Evolvers for transaction events. */
export const transactionEvolvers: EvolverTable = {
  [TRANSACTION_EVENTS.created]: (state, event, context) => addTransaction(state, (event.data as TransactionCreated).transaction, context),
  [TRANSACTION_EVENTS.transitioned]: (state, event, context) => transitionTransaction(state, event.data as TransactionTransitioned, context),
  [TRANSACTION_EVENTS.updated]: (state, event, context) => updateTransaction(state, event.data as TransactionUpdated, context),
  [TRANSACTION_EVENTS.receiptConfirmed]: (state, event, context) => {
    const data = event.data as TransactionReceiptConfirmed;
    const before = stored(state, data.transactionId, TRANSACTION_EVENTS.receiptConfirmed);
    if (before.receiptDeliveryConfirmedAt !== undefined) assert(false, `${before.id}: receipt confirmed twice (the first is kept)`);
    put(state, withReceiptConfirmed(before, data.confirmedAt, data.recordedAt ?? data.confirmedAt), context);
  },
  [TRANSACTION_EVENTS.refundInitiated]: (state, event, context) => {
    const data = event.data as TransactionRefundInitiated;
    const before = stored(state, data.transactionId, TRANSACTION_EVENTS.refundInitiated);
    if (before.status !== 'FAILED') assert(false, `${before.id}: refund of a ${before.status} payment`);
    if (before.refund !== undefined) assert(false, `${before.id}: a second refund`);
    if (data.refund.status !== 'PENDING') assert(false, `${before.id}: a refund starts PENDING`);
    put(state, withRefund(before, data.refund, data.updatedAt), context);
  },
  [TRANSACTION_EVENTS.refundTransitioned]: (state, event, context) => {
    const data = event.data as TransactionRefundTransitioned;
    const before = stored(state, data.transactionId, TRANSACTION_EVENTS.refundTransitioned);
    const old = before.refund;
    if (old === undefined || old.status !== data.from) assert(false, `${before.id}: refund is not ${data.from}`);
    if (REFUND_TABLE.next(data.from, data.event) !== data.to) assert(false, `${before.id}: refund ${data.event} from ${data.from} is not ${data.to}`);
    const refund = { ...old, status: data.to, ...(data.settledAt === undefined ? {} : { settledAt: data.settledAt }) };
    put(state, withRefund(before, refund, data.updatedAt), context);
  },
};
