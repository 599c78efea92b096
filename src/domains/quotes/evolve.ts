/**
 * Applies quote events to `state.quotes`: new records (deep-frozen in place), lifecycle moves
 * checked against the quote table, the daily volume index, the expiry and flow timers, and the
 * attachment of payment documents. Money in `transfers` is applied by the engine before these run.
 * Updates build the next record from its known keys (`record.ts`, not a spread of the frozen quote).
 */
import { assert } from '../../core/assert.js';
import { deepFreeze } from '../../core/freeze.js';
import { instantToMs } from '../../core/time.js';
import type { EvolverTable } from '../evolver.js';
import { attachDocuments } from '../payment-documents/evolve.js';
import type { DomainState } from '../state.js';
import { cancelTimer, scheduleTimer } from '../timers.js';
import {
  expiryTimerId,
  flowTimerId,
  QUOTE_EVENTS,
  QUOTE_TIMERS,
  type QuoteAuthorized,
  type QuoteCreated,
  type QuoteExecuted,
  type QuoteExpired,
  type QuoteFlowHalted,
  type QuoteFlowStepped,
  type QuoteScaAttemptFailed,
} from './events.js';
import { type QuoteLifecycleEvent, QUOTE_TABLE } from './lifecycle.js';
import { updatedQuote } from './record.js';
import type { FlowPlan, Quote, ScaChallenge } from './types.js';

function quoteOf(state: DomainState, quoteId: string, type: string): Quote {
  const quote = state.quotes.byId.get(quoteId);
  // Messages are built only on failure (`if`, not `assert(cond, message)`): replay runs these per event.
  if (quote === undefined) assert(false, `${type} for unknown quote ${quoteId}`);
  return quote;
}

function moved(quote: Quote, event: QuoteLifecycleEvent): Quote['state'] {
  const to = QUOTE_TABLE.next(quote.state, event);
  if (to === undefined) assert(false, `quote ${quote.id} cannot go through ${event} from ${quote.state}`);
  return to;
}

/** Schedules the timer of the plan's next step, if any. */
function scheduleNextStep(state: DomainState, quoteId: string, flow: FlowPlan): void {
  const step = flow.steps[flow.next];
  if (step === undefined || flow.haltedAt !== undefined) return;
  scheduleTimer(state, { id: flowTimerId(quoteId), dueAtMs: step.dueAtMs, kind: QUOTE_TIMERS.flowStep, ref: quoteId });
}

/** Evolvers for quote events. */
export const quoteEvolvers: EvolverTable = {
  [QUOTE_EVENTS.created]: (state, event) => {
    const { quote } = event.data as QuoteCreated;
    if (state.quotes.byId.has(quote.id)) assert(false, `quote ${quote.id} created twice`);
    if (quote.state !== 'PENDING' && quote.state !== 'PENDING_AUTHORIZATION') assert(false, `quote ${quote.id} created ${quote.state}`);
    const record = deepFreeze(quote);
    state.quotes.byId.set(record.id, record);
    attachDocuments(state, record.documentIds, record.id, event.at);
    scheduleTimer(state, { id: expiryTimerId(record.id), dueAtMs: instantToMs(record.expiresAt), kind: QUOTE_TIMERS.expiry, ref: record.id });
  },
  [QUOTE_EVENTS.scaAttemptFailed]: (state, event) => {
    const data = event.data as QuoteScaAttemptFailed;
    const quote = quoteOf(state, data.quoteId, event.type);
    assert(quote.scaChallenge !== undefined && quote.state === 'PENDING_AUTHORIZATION', `quote ${quote.id} has no open challenge`);
    assert(data.failedAttempts === quote.scaChallenge.failedAttempts + 1, `quote ${quote.id}: attempts must count up by one`);
    const scaChallenge = { ...quote.scaChallenge, failedAttempts: data.failedAttempts, ...(data.lockedAt === undefined ? {} : { lockedAt: data.lockedAt }) };
    state.quotes.byId.set(quote.id, updatedQuote(quote, { scaChallenge, updatedAt: data.updatedAt }));
  },
  [QUOTE_EVENTS.authorized]: (state, event) => {
    const data = event.data as QuoteAuthorized;
    const quote = quoteOf(state, data.quoteId, event.type);
    const next = moved(quote, 'AUTHORIZED');
    const challenge = quote.scaChallenge;
    assert(challenge !== undefined, `quote ${quote.id} authorized without a challenge`);
    state.quotes.byId.set(quote.id, updatedQuote(quote, { state: next, scaChallenge: { ...challenge, authorizedAt: data.authorizedAt }, updatedAt: data.authorizedAt }));
  },
  [QUOTE_EVENTS.executed]: (state, event) => {
    const data = event.data as QuoteExecuted;
    const quote = quoteOf(state, data.quoteId, event.type);
    const next = moved(quote, 'EXECUTED');
    if (quote.transactionId !== undefined && quote.transactionId !== data.transactionId) assert(false, `quote ${quote.id} executed with another transaction`);
    // The steps are the event's own (engine-made or parsed) objects, frozen in place with the quote.
    const flow: FlowPlan = { steps: data.steps, next: 0 };
    let scaChallenge: ScaChallenge | undefined;
    if (data.authorizedAt !== undefined) {
      assert(quote.scaChallenge !== undefined, `quote ${quote.id} authorized at execution without a challenge`);
      scaChallenge = { ...quote.scaChallenge, authorizedAt: data.authorizedAt };
    }
    const update = { state: next, transactionId: data.transactionId, executedAt: data.executedAt, updatedAt: data.executedAt, flow };
    state.quotes.byId.set(quote.id, updatedQuote(quote, scaChallenge === undefined ? update : { ...update, scaChallenge }));
    const before = state.quotes.dailyVolume.get(data.volume.key) ?? 0n;
    state.quotes.dailyVolume.set(data.volume.key, before + BigInt(data.volume.amountMinor));
    cancelTimer(state, expiryTimerId(quote.id));
    scheduleNextStep(state, quote.id, flow);
  },
  [QUOTE_EVENTS.expired]: (state, event) => {
    const data = event.data as QuoteExpired;
    const quote = quoteOf(state, data.quoteId, event.type);
    const next = moved(quote, 'EXPIRED');
    state.quotes.byId.set(quote.id, updatedQuote(quote, { state: next, updatedAt: data.expiredAt }));
    cancelTimer(state, expiryTimerId(quote.id));
  },
  [QUOTE_EVENTS.flowStepped]: (state, event) => {
    const data = event.data as QuoteFlowStepped;
    const quote = quoteOf(state, data.quoteId, event.type);
    const flow = quote.flow;
    if (flow === undefined || flow.haltedAt !== undefined) assert(false, `quote ${quote.id} has no running flow`);
    if (data.index !== flow.next || flow.steps[data.index]?.step !== data.step) assert(false, `quote ${quote.id}: step ${data.index} ${data.step} is not next`);
    // A literal, not a spread of the frozen plan (its `haltedAt` is absent, asserted above).
    const after: FlowPlan = { steps: flow.steps, next: flow.next + 1 };
    // A plan whose steps are all taken is read by nothing (no step is next): the record drops it,
    // ~10 B a packed quote (docs/performance.md, "A finished flow leaves its quote (stop 31)").
    const finished = after.next === flow.steps.length;
    state.quotes.byId.set(quote.id, updatedQuote(quote, { flow: finished ? null : after, updatedAt: data.at }));
    scheduleNextStep(state, quote.id, after);
  },
  [QUOTE_EVENTS.flowHalted]: (state, event) => {
    const data = event.data as QuoteFlowHalted;
    const quote = quoteOf(state, data.quoteId, event.type);
    const flow = quote.flow;
    assert(flow !== undefined && flow.next === data.index, `quote ${quote.id}: halted at a step that is not next`);
    state.quotes.byId.set(quote.id, updatedQuote(quote, { flow: { steps: flow.steps, next: flow.next, haltedAt: data.at }, updatedAt: data.at }));
    cancelTimer(state, flowTimerId(quote.id));
  },
};
