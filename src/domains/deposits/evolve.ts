/**
 * Applies incoming-payment events to `state.incoming`: new records, each step (what remains and
 * the timer of the next), deferrals, halts, rail returns, and the approval setting. Evolvers trust
 * the log for what deciders checked and assert the rest (a step must be the record's next one).
 * Money in `data.transfers` is applied by the engine before these run. Records are the event's
 * own objects frozen in place; updates build the next record from its known keys (`record.ts`,
 * not a spread of the frozen record; docs/architecture.md, "Stored records").
 */
import { assert } from '../../core/assert.js';
import { deepFreeze } from '../../core/freeze.js';
import type { EvolverTable } from '../evolver.js';
import type { DomainState } from '../state.js';
import { cancelTimer, scheduleTimer } from '../timers.js';
import {
  INCOMING_EVENTS,
  INCOMING_STEP_TIMER_KIND,
  incomingStepTimerId,
  type IncomingApprovalConfigured,
  type IncomingPaymentDeferred,
  type IncomingPaymentHalted,
  type IncomingPaymentStarted,
  type IncomingPaymentStepped,
  type IncomingReturnRecorded,
} from './events.js';
import { updatedIncoming } from './record.js';
import { RETURN_TABLE } from './return-lifecycle.js';
import type { IncomingRecord, IncomingStep, IncomingStepKind } from './types.js';

/** A halted payment's steps (one shared frozen empty list). */
const NOTHING_REMAINS: readonly IncomingStep[] = Object.freeze([]);

function recordOf(state: DomainState, transactionId: string, type: string): IncomingRecord {
  const record = state.incoming.byTransactionId.get(transactionId);
  // Messages are built only on failure (`if`, not `assert(cond, message)`): replay runs these per event.
  if (record === undefined) assert(false, `${type} for unknown incoming payment ${transactionId}`);
  return record;
}

function assertNext(record: IncomingRecord, step: IncomingStepKind, type: string): void {
  if (record.haltedAt !== undefined) assert(false, `${type}: incoming payment ${record.transactionId} is halted`);
  if (record.remaining[0]?.step !== step) assert(false, `${type}: ${step} is not the next step of ${record.transactionId}`);
}

/** Schedules the timer of the record's next step, or cancels it when nothing remains. */
function timeNextStep(state: DomainState, record: IncomingRecord): void {
  const id = incomingStepTimerId(record.transactionId);
  if (record.remaining.length === 0 || record.nextDueAtMs === undefined || record.haltedAt !== undefined) {
    cancelTimer(state, id);
    return;
  }
  scheduleTimer(state, { id, dueAtMs: record.nextDueAtMs, kind: INCOMING_STEP_TIMER_KIND, ref: record.transactionId });
}

function put(state: DomainState, record: IncomingRecord): void {
  if ((record.remaining.length === 0) !== (record.nextDueAtMs === undefined)) assert(false, `${record.transactionId}: a next due time exactly when steps remain`);
  state.incoming.byTransactionId.set(record.transactionId, record);
  timeNextStep(state, record);
}

/** Evolvers for incoming-payment events. */
export const incomingEvolvers: EvolverTable = {
  [INCOMING_EVENTS.started]: (state, event) => {
    const { record } = event.data as IncomingPaymentStarted;
    if (state.incoming.byTransactionId.has(record.transactionId)) assert(false, `incoming payment ${record.transactionId} started twice`);
    put(state, deepFreeze(record));
  },
  [INCOMING_EVENTS.stepped]: (state, event) => {
    const data = event.data as IncomingPaymentStepped;
    const before = recordOf(state, data.transactionId, event.type);
    assertNext(before, data.step, event.type);
    if (data.sweep !== undefined && before.sweep !== undefined) assert(false, `${before.transactionId} swept twice`);
    const update = { remaining: data.remaining, nextDueAtMs: data.nextDueAtMs ?? null, updatedAt: data.at };
    put(state, updatedIncoming(before, data.sweep === undefined ? update : { ...update, sweep: data.sweep }));
  },
  [INCOMING_EVENTS.deferred]: (state, event) => {
    const data = event.data as IncomingPaymentDeferred;
    const before = recordOf(state, data.transactionId, event.type);
    assertNext(before, data.step, event.type);
    put(state, updatedIncoming(before, { nextDueAtMs: data.nextDueAtMs, updatedAt: data.at }));
  },
  [INCOMING_EVENTS.halted]: (state, event) => {
    const data = event.data as IncomingPaymentHalted;
    const before = recordOf(state, data.transactionId, event.type);
    assertNext(before, data.step, event.type);
    put(state, updatedIncoming(before, { remaining: NOTHING_REMAINS, nextDueAtMs: null, haltedAt: data.at, updatedAt: data.at }));
  },
  [INCOMING_EVENTS.returnRecorded]: (state, event) => {
    const data = event.data as IncomingReturnRecorded;
    const before = recordOf(state, data.transactionId, event.type);
    assert(before.returnState === data.from, `${before.transactionId}: return logged from ${data.from} but the record is ${before.returnState}`);
    assert(RETURN_TABLE.next(data.from, data.event) === data.to, `${before.transactionId}: return ${data.event} from ${data.from} is not ${data.to}`);
    state.incoming.byTransactionId.set(before.transactionId, updatedIncoming(before, { returnState: data.to, updatedAt: data.at }));
  },
  [INCOMING_EVENTS.approvalConfigured]: (state, event) => {
    const data = event.data as IncomingApprovalConfigured;
    state.incoming.approval = deepFreeze(data.approval);
  },
};
