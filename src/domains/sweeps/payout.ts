/**
 * A sweep transaction follows its payout (the quote's OUTGOING transaction, moved by the flows
 * domain's timers): COMPLETED when the payout completes; FAILED QUOTE_EXECUTION_FAILED when the
 * payout fails, once its refund is no longer pending (the money is then back in the holder's own
 * account, or, when the refund itself failed (destination suffix 007), in transit for operations).
 * While the payout travels it waits for the payout flow's next step. A payout returned after it
 * completed (005) leaves the sweep COMPLETED: the return is the payout's, and the refunded money
 * lands in the holder's account (docs/incoming-and-sweeps.md). Pure.
 */
import { assert } from '../../core/assert.js';
import type { FlowContext } from '../flows/execute.js';
import type { DomainState } from '../state.js';
import { decideTransition, lifecycleStateOf } from '../transactions/index.js';
import type { SweepDecision, SweepRun } from './sweep.js';

/** When the payout flow of `run` takes its next step, if it has one left. Pure. */
function nextPayoutStepAtMs(state: DomainState, run: SweepRun): number | undefined {
  const flow = state.quotes.byId.get(run.quoteId)?.flow;
  if (flow === undefined || flow.haltedAt !== undefined) return undefined;
  return flow.steps[flow.next]?.dueAtMs;
}

/** Pure: what the sweep transaction `transactionId` does about its payout at `context.at`. */
export function followPayout(state: DomainState, transactionId: string, run: SweepRun, context: FlowContext): SweepDecision {
  const tx = state.transactions.byId.get(transactionId);
  const payout = state.transactions.byId.get(run.payoutTransactionId);
  assert(tx !== undefined && payout !== undefined, `sweep ${transactionId} or its payout ${run.payoutTransactionId} is missing`);
  if (lifecycleStateOf(tx) !== 'PROCESSING') return { kind: 'halt', reason: `the sweep transaction is ${tx.status}` };
  const nextAtMs = nextPayoutStepAtMs(state, run);
  const settledOutcome = payout.status === 'COMPLETED' || (payout.status === 'FAILED' && payout.refund?.status !== 'PENDING') || payout.status === 'EXPIRED';
  if (!settledOutcome) {
    if (nextAtMs === undefined) return { kind: 'halt', reason: `payout ${payout.id} is ${payout.status} and its flow has no step left` };
    // The payout's step of this instant fired first (timer ids sort so); a later one is awaited.
    return { kind: 'wait', nextDueAtMs: Math.max(nextAtMs, context.atMs + 1), reason: `payout ${payout.id} is ${payout.status}` };
  }
  const moved =
    payout.status === 'COMPLETED'
      ? decideTransition(state, tx.id, 'SETTLED', {}, { at: context.at })
      : decideTransition(state, tx.id, 'PAYMENT_FAILED', { failureReason: 'QUOTE_EXECUTION_FAILED' }, { at: context.at });
  if (!moved.ok) return { kind: 'halt', reason: `${moved.error.code}: ${moved.error.reason}` };
  return { kind: 'done', drafts: moved.value };
}
