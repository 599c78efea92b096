/**
 * Sweeping one deposit of a rule-based account (DECISIONS.md "Internal accounts"; spec: Failure
 * reasons). The deposit has already been credited to the holder's own account; the sweep is a
 * quote from that account to the rule's destination, made and executed by the quote and flow
 * deciders. In order:
 *
 * 1. outside the rule's band [minimumAmount, maximumAmount]: FAILED SWEEP_AMOUNT_OUT_OF_RANGE;
 * 2. the quote cannot be made (no fresh rate, fees swallow the amount, a limit, the destination
 *    gone or inactive, terms withdrawn, SCA now required): FAILED SWEEP_QUOTE_FAILED, no
 *    `receivedAmount`;
 * 3. the priced quote cannot execute (daily volume, the holder spent the deposit meanwhile): the
 *    quote is kept (it expires unexecuted) and the transaction FAILS QUOTE_EXECUTION_FAILED with
 *    the quote's amounts;
 * 4. otherwise the quote executes (its payout flow runs on its own timers) and the sweep
 *    transaction records the quote's amounts and waits for the payout (`followPayout`).
 *
 * In every failure nothing leaves the holder's account: the money stays where the deposit put it.
 * Pure.
 */
import { assert } from '../../core/assert.js';
import type { EventDraft } from '../evolver.js';
import { decideExecution, type FlowContext } from '../flows/execute.js';
import { QUOTE_EVENTS, type QuoteCreated, type QuoteExecuted } from '../quotes/events.js';
import { decideCreateQuote } from '../quotes/create.js';
import { needsSca } from '../quotes/sca.js';
import type { Quote } from '../quotes/types.js';
import type { DomainState } from '../state.js';
import type { SweepRun } from '../deposits/types.js';
import {
  decideTransition,
  decideUpdateTransaction,
  type IncomingFailureReason,
  lifecycleStateOf,
  type TransactionChanges,
} from '../transactions/index.js';
import { sweepQuoteRequest } from './quote-request.js';
import { sweepCarries } from '../internal-accounts/sweep-rule.js';

/** The quote and payout transaction a sweep made (declared by the deposits slice, which stores it). */
export type { SweepRun };

/** Which deposit to sweep: its (sweep) transaction, the rule-based account, where the money sits, how much. */
export type SweepFacts = {
  readonly transactionId: string;
  readonly ruleBasedAccountId: string;
  readonly holderAccountId: string;
  readonly amountMinor: bigint;
};

/**
 * What a sweep step decided:
 * - `done`: the events (a failure, or the quote's events and the transaction's new amounts); with
 *   `sweep` and `nextDueAtMs` when a payout now runs and is to be followed;
 * - `wait`: try again at `nextDueAtMs` (the payout has not finished);
 * - `halt`: the transaction moved on by other means; nothing more to do.
 */
export type SweepDecision =
  | { readonly kind: 'done'; readonly drafts: readonly EventDraft[]; readonly sweep?: SweepRun; readonly nextDueAtMs?: number }
  | { readonly kind: 'wait'; readonly nextDueAtMs: number; readonly reason: string }
  | { readonly kind: 'halt'; readonly reason: string };

function halt(reason: string): SweepDecision {
  return { kind: 'halt', reason };
}

/** The sweep transaction fails with `reason` (and `changes`), or halts when it cannot. */
function failed(state: DomainState, transactionId: string, reason: IncomingFailureReason, changes: TransactionChanges, at: string, before: readonly EventDraft[] = []): SweepDecision {
  const moved = decideTransition(state, transactionId, 'PAYMENT_FAILED', { failureReason: reason, ...changes }, { at });
  if (!moved.ok) return halt(`${moved.error.code}: ${moved.error.reason}`);
  return { kind: 'done', drafts: [...before, ...moved.value] };
}

/** The transaction fields a priced sweep quote fills in. */
function quotedChanges(quote: Quote): TransactionChanges {
  return {
    quoteId: quote.id,
    receivedAmount: { amountMinor: quote.totalReceivingAmountMinor, currency: quote.receivingCurrency },
    exchangeRate: quote.exchangeRate,
    feesMinor: quote.feesIncludedMinor,
  };
}

/** Pure: sweeps the deposit `facts` names at `context.at` (see the module comment). */
export function decideSweep(state: DomainState, facts: SweepFacts, context: FlowContext): SweepDecision {
  const tx = state.transactions.byId.get(facts.transactionId);
  assert(tx !== undefined, `sweep of unknown transaction ${facts.transactionId}`);
  if (lifecycleStateOf(tx) !== 'PROCESSING') return halt(`the sweep transaction is ${tx.status}`);
  const account = state.accounts.byId.get(facts.ruleBasedAccountId);
  assert(account?.sweepRule !== undefined, `${facts.ruleBasedAccountId} has no sweep rule`);
  const rule = account.sweepRule;
  if (!sweepCarries(rule, facts.amountMinor)) return failed(state, tx.id, 'SWEEP_AMOUNT_OUT_OF_RANGE', {}, context.at);
  const customer = state.customers.byId.get(tx.customerId);
  assert(customer !== undefined, `sweep of ${tx.id}: customer ${tx.customerId} missing`);
  if (needsSca(customer)) return failed(state, tx.id, 'SWEEP_QUOTE_FAILED', {}, context.at);
  const request = sweepQuoteRequest(rule, facts.holderAccountId, facts.amountMinor);
  // Priced first without executing, so a quote that prices but cannot execute is told apart.
  const priced = decideCreateQuote(state, { ...context, request, quoteId: context.newId('Quote') });
  if (!priced.ok || priced.value.status !== 200) return failed(state, tx.id, 'SWEEP_QUOTE_FAILED', {}, context.at);
  const quoteEvents = priced.value.events;
  const quote = (quoteEvents.find((draft) => draft.type === QUOTE_EVENTS.created)?.data as QuoteCreated | undefined)?.quote;
  assert(quote !== undefined, 'a priced quote writes QuoteCreated');
  const executed = decideExecution(state, quote, context);
  if (!executed.ok) return failed(state, tx.id, 'QUOTE_EXECUTION_FAILED', quotedChanges(quote), context.at, quoteEvents);
  const run = executed.value.find((draft) => draft.type === QUOTE_EVENTS.executed)?.data as QuoteExecuted | undefined;
  assert(run !== undefined, 'an executed quote writes QuoteExecuted');
  const updated = decideUpdateTransaction(state, tx.id, quotedChanges(quote), { at: context.at });
  if (!updated.ok) return halt(`${updated.error.code}: ${updated.error.reason}`);
  // The payout's first step is when it can first have an outcome.
  const firstStepAtMs = run.steps[0]?.dueAtMs ?? context.atMs;
  return {
    kind: 'done',
    drafts: [...quoteEvents, ...executed.value, ...updated.value],
    sweep: { quoteId: quote.id, payoutTransactionId: run.transactionId },
    nextDueAtMs: firstStepAtMs,
  };
}
