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
  assert(tx !== undefined, `${eventType} for unknown transaction ${id}`);
  return tx;
}

/** Stores `tx`; with `recheckRecords` first asserts the whole record is sound (deciders did). */
function put(state: DomainState, tx: Transaction, context: EvolveContext): void {
  if (context.recheckRecords) {
    const problems = transactionProblems(tx);
    assert(problems.length === 0, `transaction ${tx.id} is unsound: ${problems.join('; ')}`);
  }
  state.transactions.byId.set(tx.id, tx);
}

/** Stores a new transaction and, when it waits for approval, schedules the timeout. */
export function addTransaction(state: DomainState, transaction: Transaction, context: EvolveContext): void {
  assert(!state.transactions.byId.has(transaction.id), `transaction ${transaction.id} created twice`);
  // Frozen in place, no copy: the event's data is the engine's own (docs/architecture.md, "Stored records").
  const record = deepFreeze(transaction);
  put(state, record, context);
  state.transactions.order.push(record.id);
  scheduleApprovalTimer(state, record);
}

/** Applies a lifecycle move, asserting it is a row of the record's table from where it stands. */
export function transitionTransaction(state: DomainState, data: TransactionTransitioned, context: EvolveContext): void {
  const before = stored(state, data.transactionId, TRANSACTION_EVENTS.transitioned);
  const from = lifecycleStateOf(before);
  assert(from === data.from, `${before.id}: ${data.event} logged from ${data.from} but the record is ${from}`);
  const next = tableOf(before.type).next(from, data.event);
  assert(next === data.to, `${before.id}: ${data.event} from ${from} leads to ${String(next)}, logged ${data.to}`);
  const after = applyChanges(before, data.changes, data.cleared, data.updatedAt, statusOfState(data.to));
  assert(lifecycleStateOf(after) === data.to, `${before.id}: record is ${lifecycleStateOf(after)} after a move to ${data.to}`);
  put(state, after, context);
  if (from === 'PENDING_APPROVAL') cancelApprovalTimer(state, before.id);
  if (data.to === 'PENDING_APPROVAL') scheduleApprovalTimer(state, after);
}

/** Applies field changes that leave the status and lifecycle state as they are. */
export function updateTransaction(state: DomainState, data: TransactionUpdated, context: EvolveContext): void {
  const before = stored(state, data.transactionId, TRANSACTION_EVENTS.updated);
  const after = applyChanges(before, data.changes, data.cleared, data.updatedAt);
  assert(lifecycleStateOf(after) === lifecycleStateOf(before), `${before.id}: an update changed the lifecycle state`);
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
    assert(before.receiptDeliveryConfirmedAt === undefined, `${before.id}: receipt confirmed twice (the first is kept)`);
    put(state, withReceiptConfirmed(before, data.confirmedAt, data.recordedAt ?? data.confirmedAt), context);
  },
  [TRANSACTION_EVENTS.refundInitiated]: (state, event, context) => {
    const data = event.data as TransactionRefundInitiated;
    const before = stored(state, data.transactionId, TRANSACTION_EVENTS.refundInitiated);
    assert(before.status === 'FAILED', `${before.id}: refund of a ${before.status} payment`);
    assert(before.refund === undefined, `${before.id}: a second refund`);
    assert(data.refund.status === 'PENDING', `${before.id}: a refund starts PENDING`);
    put(state, withRefund(before, data.refund, data.updatedAt), context);
  },
  [TRANSACTION_EVENTS.refundTransitioned]: (state, event, context) => {
    const data = event.data as TransactionRefundTransitioned;
    const before = stored(state, data.transactionId, TRANSACTION_EVENTS.refundTransitioned);
    assert(before.refund !== undefined && before.refund.status === data.from, `${before.id}: refund is not ${data.from}`);
    assert(REFUND_TABLE.next(data.from, data.event) === data.to, `${before.id}: refund ${data.event} from ${data.from} is not ${data.to}`);
    const refund = { ...before.refund, status: data.to, ...(data.settledAt === undefined ? {} : { settledAt: data.settledAt }) };
    put(state, withRefund(before, refund, data.updatedAt), context);
  },
};
