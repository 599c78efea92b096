/**
 * One step of an executed quote's flow, released by its timer: the ledger legs it moves (in
 * `QuoteFlowStepped.transfers`) and the transaction event it causes (the transactions domain's
 * deciders, which consult the lifecycle tables). A step the transaction can no longer take (the
 * platform cancelled it, a completed pull's funds were already spent) halts the flow instead.
 * Each leg is the exact amount execution moved, so a refund returns precisely what was taken.
 */
import { assert } from '../../core/assert.js';
import type { ApiError } from '../../core/errors.js';
import type { Result } from '../../core/result.js';
import type { EventDraft } from '../evolver.js';
import { QUOTE_EVENTS, type QuoteFlowHalted, type QuoteFlowStepped } from '../quotes/events.js';
import type { Quote } from '../quotes/types.js';
import type { DomainState } from '../state.js';
import {
  decideInitiateRefund,
  decideRefundTransition,
  decideTransition,
  type RailDetails,
  type RailStatus,
  type Transaction,
  type TransactionChanges,
  withRailStatus,
} from '../transactions/index.js';
import type { FlowContext } from './execute.js';
import { openFlowAccounts, transitAccountId, worldAccountId } from './ledger-accounts.js';
import { accountsOf, collectLegs, deliverLegs, flowAmountsOf, type Leg, move, shortfall, toTransfers, uncollectLegs, undeliverLegs } from './legs.js';
import { FLOW_STEPS, type PlannedStep } from './plan.js';

/** A step's outcome: its legs and the transaction's event drafts, or why it cannot happen. */
type StepPlan = { readonly legs: readonly Leg[]; readonly transaction: Result<EventDraft[], ApiError> };

function railDetailsOf(tx: Transaction, side: 'source' | 'destination'): RailDetails | undefined {
  const end = side === 'source' ? tx.source : tx.destination;
  return 'railDetails' in end ? end.railDetails : undefined;
}

/** `{ sourceRailDetails | destinationRailDetails }` with the rail's new status, when the side has status-bearing details. */
function railStatusChange(tx: Transaction, side: 'source' | 'destination', status: RailStatus, at: string): TransactionChanges {
  const details = railDetailsOf(tx, side);
  if (details === undefined || details.paymentRail === 'ONCHAIN') return {};
  const next = withRailStatus(details, status, at);
  return side === 'source' ? { sourceRailDetails: next } : { destinationRailDetails: next };
}

/** Where a payout's money ends: the world, or the internal destination of a book transfer. */
function payoutEnd(quote: Quote): string {
  const destination = quote.destination;
  return destination.destinationType === 'ACCOUNT' && destination.accountKind === 'INTERNAL'
    ? destination.accountId
    : worldAccountId(quote.receivingCurrency);
}

function planStep(state: DomainState, quote: Quote, tx: Transaction, step: PlannedStep, at: string): StepPlan {
  const amounts = flowAmountsOf(quote);
  const sourceAccountId = quote.source.sourceType === 'ACCOUNT' ? quote.source.accountId : '';
  const destinationAccountId = quote.destination.destinationType === 'ACCOUNT' ? quote.destination.accountId : '';
  const payoutTransit = transitAccountId(quote.rail, quote.receivingCurrency);
  const inboundTransit = transitAccountId(quote.rail, quote.sendingCurrency);
  const options = { at };
  switch (step.step) {
    case FLOW_STEPS.settle:
      return {
        legs: [move(payoutTransit, payoutEnd(quote), quote.receivingCurrency, amounts.receiveMinor)],
        transaction: decideTransition(state, tx.id, 'SETTLED', railStatusChange(tx, 'destination', 'SETTLED', at), options),
      };
    case FLOW_STEPS.fail:
      assert(step.failureReason !== undefined, `step FAIL of ${quote.id} needs a failureReason`);
      return {
        legs: [],
        transaction: decideTransition(
          state,
          tx.id,
          'PAYOUT_FAILED',
          { failureReason: step.failureReason, ...railStatusChange(tx, 'destination', 'FAILED', at) },
          options,
        ),
      };
    case FLOW_STEPS.returned:
      return {
        legs: [move(worldAccountId(quote.receivingCurrency), payoutTransit, quote.receivingCurrency, amounts.receiveMinor)],
        transaction: decideTransition(state, tx.id, 'PAYOUT_RETURNED', {}, options),
      };
    case FLOW_STEPS.refundStart:
      return { legs: [], transaction: decideInitiateRefund(state, tx.id, step.refundReason === undefined ? {} : { reason: step.refundReason }, options) };
    case FLOW_STEPS.refundSettle:
      return {
        legs: [...undeliverLegs(payoutTransit, amounts), ...uncollectLegs(sourceAccountId, amounts)],
        transaction: decideRefundTransition(state, tx.id, 'REFUND_SETTLED', options),
      };
    case FLOW_STEPS.refundFail:
      return { legs: [], transaction: decideRefundTransition(state, tx.id, 'REFUND_FAILED', options) };
    case FLOW_STEPS.pullSettle:
      return {
        legs: [...collectLegs(inboundTransit, amounts), ...deliverLegs(destinationAccountId, amounts)],
        transaction: decideTransition(state, tx.id, 'SETTLED', railStatusChange(tx, 'source', 'SETTLED', at), options),
      };
    case FLOW_STEPS.pullDecline:
      return { legs: [], transaction: decideTransition(state, tx.id, 'PAYMENT_FAILED', { failureReason: 'COLLECTION_FAILED' }, options) };
    case FLOW_STEPS.pullFail:
      return {
        legs: [move(inboundTransit, worldAccountId(quote.sendingCurrency), quote.sendingCurrency, amounts.sendMinor)],
        transaction: decideTransition(
          state,
          tx.id,
          'PAYMENT_FAILED',
          { failureReason: 'COLLECTION_FAILED', ...railStatusChange(tx, 'source', 'FAILED', at) },
          options,
        ),
      };
    case FLOW_STEPS.pullReturn:
      return {
        legs: [
          ...undeliverLegs(destinationAccountId, amounts),
          ...uncollectLegs(inboundTransit, amounts),
          move(inboundTransit, worldAccountId(quote.sendingCurrency), quote.sendingCurrency, amounts.sendMinor),
        ],
        transaction: decideTransition(state, tx.id, 'RETURNED', {}, options),
      };
  }
}

function halted(quote: Quote, index: number, step: PlannedStep, at: string, reason: string): EventDraft[] {
  const data: QuoteFlowHalted = { quoteId: quote.id, index, step: step.step, at, reason };
  return [{ type: QUOTE_EVENTS.flowHalted, data }];
}

/**
 * Pure: the events of the next step of `quote`'s flow at `context.at`: flow accounts opened, then
 * `QuoteFlowStepped` with the step's money, then the transaction's event. When the transaction
 * refuses the step, or a leg would overdraw an account (a returned pull whose credit was already
 * spent: the return does not take it back, spec "a later irreversible step already used the
 * funds"), `QuoteFlowHalted` instead. No events when there is no step to take.
 */
export function decideNextStep(state: DomainState, quote: Quote, context: FlowContext): EventDraft[] {
  const flow = quote.flow;
  if (flow === undefined || flow.haltedAt !== undefined) return [];
  const step = flow.steps[flow.next] as PlannedStep | undefined;
  if (step === undefined || quote.transactionId === undefined) return [];
  const tx = state.transactions.byId.get(quote.transactionId);
  assert(tx !== undefined, `quote ${quote.id}: transaction ${quote.transactionId} missing`);
  const planned = planStep(state, quote, tx, step, context.at);
  if (!planned.transaction.ok) return halted(quote, flow.next, step, context.at, `${planned.transaction.error.code}: ${planned.transaction.error.reason}`);
  const short = shortfall(state.ledger, planned.legs);
  if (short !== undefined) return halted(quote, flow.next, step, context.at, `${short.code}: ${short.reason}`);
  const transfers = toTransfers(planned.legs, tx.id, context.newId);
  const stepped: QuoteFlowStepped = {
    quoteId: quote.id,
    index: flow.next,
    step: step.step,
    at: context.at,
    ...(transfers.length === 0 ? {} : { transfers }),
  };
  return [...openFlowAccounts(state.ledger, accountsOf(planned.legs)), { type: QUOTE_EVENTS.flowStepped, data: stepped }, ...planned.transaction.value];
}
