/**
 * The next step of an incoming payment, released by its timer: the ledger legs it moves (in
 * `IncomingPaymentStepped.transfers`) and the transaction event it causes (the transactions
 * domain's deciders). Legs (docs/ledger.md, "Incoming payments and sweeps"):
 *
 * - RECEIVE: `world:<SND> -> transit:<RAIL>:<SND>` (what the sender sent);
 * - SETTLE: a bank deposit `transit:<RAIL>:USD -> credited account`; a UMA payment collect(transit)
 *   + deliver(credited account), converting through the liquidity accounts when the currencies
 *   differ (no fees);
 * - FAIL_COMPLIANCE: `transit:UMA:<SND> -> world:<SND>` (the blocked funds go back);
 * - SWEEP and AWAIT_PAYOUT: no legs of their own; the sweep's quote moves the money.
 *
 * A step the transaction can no longer take (the platform cancelled or rejected it) halts the
 * payment; a RECEIVE while the platform has not yet approved waits (checked again every 30 s
 * until the approval's own timeout fails it). Pure.
 */
import { assert } from '../../core/assert.js';
import type { ApiError } from '../../core/errors.js';
import { type Result, ok } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import type { FlowContext } from '../flows/execute.js';
import { openFlowAccounts, transitAccountId, worldAccountId } from '../flows/ledger-accounts.js';
import { accountsOf, collectLegs, deliverLegs, type FlowAmounts, type Leg, move, shortfall, toTransfers } from '../flows/legs.js';
import type { DomainState } from '../state.js';
import { followPayout } from '../sweeps/payout.js';
import { decideSweep, type SweepDecision } from '../sweeps/sweep.js';
import {
  decideTransition,
  decideUpdateTransaction,
  lifecycleStateOf,
  type RailDetails,
  refundInitiatedDraft,
  refundTransitionedDraft,
  type Transaction,
  type TransactionChanges,
  withRailStatus,
} from '../transactions/index.js';
import {
  INCOMING_EVENTS,
  type IncomingPaymentDeferred,
  type IncomingPaymentHalted,
  type IncomingPaymentStepped,
} from './events.js';
import { APPROVAL_RECHECK_MS } from './plan.js';
import type { IncomingRecord, IncomingStepKind } from './types.js';

/** A step's money and its transaction event, or why the transaction refuses it. */
type StepPlan = { readonly legs: readonly Leg[]; readonly transaction: (transferIds: readonly string[]) => Result<EventDraft[], ApiError> };

/** The record's amounts as a flow sees them: what the sender sent, what is credited, no fees. */
function amountsOf(record: IncomingRecord): FlowAmounts {
  const sendMinor = BigInt(record.sendMinor);
  return {
    sendingCurrency: record.sendCurrency,
    receivingCurrency: record.currency,
    sendMinor,
    platformFeeMinor: 0n,
    serviceFeeMinor: 0n,
    netMinor: sendMinor,
    receiveMinor: BigInt(record.amountMinor),
  };
}

/** `{ sourceRailDetails }` with the rail's new status, when the source has status-bearing details. */
function sourceRailStatus(tx: Transaction, status: 'SETTLED', at: string): TransactionChanges {
  const details: RailDetails | undefined = 'railDetails' in tx.source ? tx.source.railDetails : undefined;
  if (details === undefined || details.paymentRail === 'ONCHAIN') return {};
  return { sourceRailDetails: withRailStatus(details, status, at) };
}

function planStep(state: DomainState, record: IncomingRecord, tx: Transaction, step: 'RECEIVE' | 'SETTLE' | 'FAIL_COMPLIANCE', at: string): StepPlan {
  const amounts = amountsOf(record);
  const transit = transitAccountId(record.rail, record.sendCurrency);
  const options = { at };
  switch (step) {
    case 'RECEIVE':
      return {
        legs: [move(worldAccountId(record.sendCurrency), transit, record.sendCurrency, amounts.sendMinor)],
        // The arrival is the payment's funding: a cancellation sends it back.
        transaction: (ids) => decideTransition(state, tx.id, 'FUNDED', { fundingTransferIds: [...ids] }, options),
      };
    case 'SETTLE': {
      const legs =
        record.kind === 'UMA'
          ? [...collectLegs(transit, amounts), ...deliverLegs(record.creditAccountId, amounts)]
          : [move(transit, record.creditAccountId, record.currency, amounts.receiveMinor)];
      if (record.ruleBasedAccountId === undefined) {
        return { legs, transaction: () => decideTransition(state, tx.id, 'SETTLED', sourceRailStatus(tx, 'SETTLED', at), options) };
      }
      // A rule-based deposit: the rail settles into the holder's account; the sweep decides the status.
      return {
        legs,
        transaction: () =>
          lifecycleStateOf(tx) === 'PROCESSING'
            ? decideUpdateTransaction(state, tx.id, sourceRailStatus(tx, 'SETTLED', at), options)
            : // Moved on (cancelled): the table refuses SETTLED from there, which halts the payment.
              decideTransition(state, tx.id, 'SETTLED', {}, options),
      };
    }
    case 'FAIL_COMPLIANCE':
      return {
        legs: [move(transit, worldAccountId(record.sendCurrency), record.sendCurrency, amounts.sendMinor)],
        // The blocked funds go back to the sender in this step: the payment fails and is refunded
        // (INCOMING_PAYMENT.FAILED, then REFUND_PENDING and REFUND_COMPLETED; docs/uma.md).
        transaction: () => {
          const failed = decideTransition(state, tx.id, 'PAYMENT_FAILED', { failureReason: 'COMPLIANCE_REJECTED' }, options);
          if (!failed.ok) return failed;
          return ok([...failed.value, refundInitiatedDraft(tx.id, 'TRANSACTION_FAILED', options), refundTransitionedDraft(tx.id, 'REFUND_SETTLED', 'PENDING', options)]);
        },
      };
  }
}

function halted(record: IncomingRecord, step: IncomingStepKind, at: string, reason: string): EventDraft[] {
  const data: IncomingPaymentHalted = { transactionId: record.transactionId, step, at, reason };
  return [{ type: INCOMING_EVENTS.halted, data }];
}

function deferred(record: IncomingRecord, step: IncomingStepKind, at: string, nextDueAtMs: number, reason: string): EventDraft[] {
  const data: IncomingPaymentDeferred = { transactionId: record.transactionId, step, at, nextDueAtMs, reason };
  return [{ type: INCOMING_EVENTS.deferred, data }];
}

/** The `IncomingPaymentStepped` draft: the step taken, what remains and when the next is due. */
function stepped(record: IncomingRecord, step: IncomingStepKind, context: FlowContext, extra: Partial<IncomingPaymentStepped> = {}): EventDraft {
  const remaining = record.remaining.slice(1);
  const following = remaining[0];
  const nextDueAtMs = extra.nextDueAtMs ?? (following === undefined ? undefined : context.atMs + following.afterMs);
  const data: IncomingPaymentStepped = {
    transactionId: record.transactionId,
    step,
    at: context.at,
    remaining: following === undefined && extra.sweep !== undefined ? [{ step: 'AWAIT_PAYOUT', afterMs: 0 }] : remaining,
    ...(nextDueAtMs === undefined ? {} : { nextDueAtMs }),
    ...(extra.sweep === undefined ? {} : { sweep: extra.sweep }),
    ...(extra.transfers === undefined || extra.transfers.length === 0 ? {} : { transfers: extra.transfers }),
  };
  return { type: INCOMING_EVENTS.stepped, data };
}

/** The events of a sweep step's decision. */
function sweepEvents(record: IncomingRecord, step: 'SWEEP' | 'AWAIT_PAYOUT', decision: SweepDecision, context: FlowContext): EventDraft[] {
  switch (decision.kind) {
    case 'halt':
      return halted(record, step, context.at, decision.reason);
    case 'wait':
      return deferred(record, step, context.at, decision.nextDueAtMs, decision.reason);
    case 'done': {
      if (decision.sweep === undefined) {
        // The sweep ended (failed, or its payout's outcome was followed): nothing remains.
        const data: IncomingPaymentStepped = { transactionId: record.transactionId, step, at: context.at, remaining: [] };
        return [{ type: INCOMING_EVENTS.stepped, data }, ...decision.drafts];
      }
      assert(decision.nextDueAtMs !== undefined, 'a running sweep names when to follow its payout');
      return [stepped(record, step, context, { sweep: decision.sweep, nextDueAtMs: decision.nextDueAtMs }), ...decision.drafts];
    }
  }
}

/**
 * Pure: the events of the next step of incoming payment `record` at `context.at`: flow accounts
 * opened, `IncomingPaymentStepped` with the step's money, then the transaction's events; or
 * `IncomingPaymentDeferred` / `IncomingPaymentHalted`. No events when nothing remains.
 */
export function decideIncomingStep(state: DomainState, record: IncomingRecord, context: FlowContext): EventDraft[] {
  const next = record.remaining[0];
  if (next === undefined || record.haltedAt !== undefined) return [];
  const tx = state.transactions.byId.get(record.transactionId);
  assert(tx !== undefined, `incoming payment ${record.transactionId} has no transaction`);
  const step = next.step;
  if (step === 'SWEEP') {
    assert(record.ruleBasedAccountId !== undefined, `${record.transactionId}: SWEEP without a rule-based account`);
    const facts = {
      transactionId: record.transactionId,
      ruleBasedAccountId: record.ruleBasedAccountId,
      holderAccountId: record.creditAccountId,
      amountMinor: BigInt(record.amountMinor),
    };
    return sweepEvents(record, step, decideSweep(state, facts, context), context);
  }
  if (step === 'AWAIT_PAYOUT') {
    assert(record.sweep !== undefined, `${record.transactionId}: AWAIT_PAYOUT without a sweep`);
    return sweepEvents(record, step, followPayout(state, record.transactionId, record.sweep, context), context);
  }
  if (step === 'RECEIVE' && lifecycleStateOf(tx) === 'PENDING_APPROVAL') {
    return deferred(record, step, context.at, context.atMs + APPROVAL_RECHECK_MS, 'awaiting the platform’s approval');
  }
  const planned = planStep(state, record, tx, step, context.at);
  const transfers = toTransfers(planned.legs, tx.id, context.newId);
  const transaction = planned.transaction(transfers.map((transfer) => transfer.id));
  if (!transaction.ok) return halted(record, step, context.at, `${transaction.error.code}: ${transaction.error.reason}`);
  // Deciders check before they emit: a leg the ledger would refuse halts instead (a bug guard).
  const short = shortfall(state.ledger, planned.legs);
  if (short !== undefined) return halted(record, step, context.at, `${short.code}: ${short.reason}`);
  return [...openFlowAccounts(state.ledger, accountsOf(planned.legs)), stepped(record, step, context, { transfers }), ...transaction.value];
}
