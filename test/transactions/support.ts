/**
 * Test-only world for the transaction tests. No flow creates transactions yet, so this appends a
 * decider's drafts to the log exactly as the engine does (seal, evolve, then the notifier's
 * WebhookQueued events), and replays the log into a new engine; HTTP calls go through that engine
 * with the sandbox credentials. Also builders for customers, funded accounts and transactions in
 * any lifecycle state (reached by a shortest path through the table).
 */
import { expect } from 'vitest';
import type { HttpResponse } from '../../src/api/http.js';
import { eventIdAt, resourceId } from '../../src/core/ids.js';
import type { ApiError } from '../../src/core/errors.js';
import type { Result } from '../../src/core/result.js';
import { formatInstant, instantToMs, parseInstant } from '../../src/core/time.js';
import { type EventDraft, RECHECKED } from '../../src/domains/evolver.js';
import { WEBHOOK_EVENTS, type WebhookQueued } from '../../src/domains/notifications.js';
import type { DomainState } from '../../src/domains/state.js';
import {
  type CreateTransactionInput,
  decideCreateTransaction,
  decideTransition,
  type LifecycleEvent,
  type LifecycleState,
  newRailDetails,
  type DetailedRail,
  tableOf,
  type TransactionChanges,
  type TransactionView,
  type TransitionOptions,
} from '../../src/domains/transactions/index.js';
import { createEngine, type Engine } from '../../src/engine/engine.js';
import { evolve } from '../../src/engine/evolve.js';
import { resolveOptions } from '../../src/engine/options.js';
import { emptyState } from '../../src/engine/state.js';
import { NOTIFIERS } from '../../src/engine/registry.js';
import { type EventEnvelope, sealEvent } from '../../src/log/index.js';
import { AUTH } from '../support/harness.js';

/** Property-test runs (FC_NUM_RUNS overrides). */
export const RUNS = Number(process.env.FC_NUM_RUNS ?? 30);

/** An engine whose log the test can extend with decider output. */
export type World = {
  engine: Engine;
  readonly log: EventEnvelope[];
  now: string;
  readonly state: DomainState;
  call(method: string, path: string, body?: unknown): HttpResponse & { events: readonly EventEnvelope[] };
  ok<T = any>(method: string, path: string, body?: unknown): T;
  /** Appends drafts at `now` as the engine would (with their webhooks); returns what was written. */
  apply(drafts: readonly EventDraft[]): EventEnvelope[];
  /** Appends an accepted decision; fails the test on an error. */
  must(result: Result<readonly EventDraft[], ApiError>): EventEnvelope[];
  /** `engine.advance(now)`, logged. */
  advance(): readonly EventEnvelope[];
  /** Deterministic ids for test-made resources and transfers. */
  newId(type: string): string;
  /** The instant the next events get (never before the head). */
  at(): string;
  /** A second world with the same log, to try something without touching this one. */
  fork(): World;
};

/** A world at `now` (default 2026-01-05T16:00:00Z) with a log to start from. */
export function world(now = '2026-01-05T16:00:00.000Z', log: EventEnvelope[] = []): World {
  let counter = 0;
  const w: World = {
    engine: createEngine({ events: log }),
    log: [...log],
    now,
    get state() {
      return w.engine.state;
    },
    call(method, path, body) {
      const { response, events } = w.engine.handle(
        { method, path, headers: { authorization: AUTH }, ...(body === undefined ? {} : { body }) },
        { now: w.now },
      );
      w.log.push(...events);
      return { ...response, events };
    },
    ok(method, path, body) {
      const response = w.call(method, path, body);
      if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
      return response.body as any;
    },
    at() {
      return formatInstant(Math.max(parseInstant(w.now) ?? 0, w.engine.head().atMs));
    },
    apply(drafts) {
      // The engine's state is read-only: apply the drafts to a raw state replayed from the log,
      // then replace the engine with one replayed from the longer log.
      const scratch = { state: emptyState(resolveOptions({})) };
      for (const event of w.log) evolve(scratch.state, event, RECHECKED);
      let head = w.engine.head();
      const atMs = Math.max(parseInstant(w.now) ?? 0, head.atMs);
      const at = formatInstant(atMs);
      const written: EventEnvelope[] = [];
      const append = (list: readonly EventDraft[]): void => {
        for (const draft of list) {
          const seq = head.seq + 1;
          const { envelope } = sealEvent({ seq: head.seq, hash: head.hash }, { type: draft.type, version: 1, at, data: draft.data }, eventIdAt(7, seq, atMs));
          evolve(scratch.state, envelope, RECHECKED);
          head = { seq, hash: envelope.hash, atMs };
          written.push(envelope);
          const notifier = NOTIFIERS[draft.type];
          if (notifier === undefined) continue;
          let index = 0;
          append(
            notifier(scratch.state, envelope).map((n) => ({
              type: WEBHOOK_EVENTS.queued,
              data: { id: resourceId('Webhook', 7, { seq: seq + 1, atMs, index: index++ }), type: n.type, timestamp: at, data: n.data } satisfies WebhookQueued,
            })),
          );
        }
      };
      append(drafts);
      w.log.push(...written);
      w.engine = createEngine({ events: w.log });
      return written;
    },
    must(result) {
      if (!result.ok) throw new Error(`decision refused: ${JSON.stringify(result.error)}`);
      return w.apply(result.value);
    },
    advance() {
      const events = w.engine.advance(w.now);
      w.log.push(...events);
      return events;
    },
    newId(type) {
      counter += 1;
      return `${type}:00000000-0000-7000-8000-${counter.toString(16).padStart(12, '0')}`;
    },
    fork() {
      const copy = world(w.now, w.log);
      return copy;
    },
  };
  return w;
}

/** A customer with its USD account, funded with `amount` minor units when given. */
export function customer(w: World, platformCustomerId = 'user-1', amount = 0): { customerId: string; accountId: string } {
  const created = w.ok<{ id: string }>('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId, fullName: `Pat ${platformCustomerId}` });
  const accounts = w.ok<{ data: { id: string }[] }>('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(created.id)}`);
  const accountId = accounts.data[0]!.id;
  if (amount > 0) w.ok('POST', `/sandbox/internal-accounts/${accountId}/fund`, { amount });
  return { customerId: created.id, accountId };
}

/** The available balance of an internal account, in minor units. */
export function available(w: World, accountId: string): number {
  return w.ok<{ balance: { amount: number } }>('GET', `/internal-accounts/${accountId}`).balance.amount;
}

/** Options of `payout` and `payIn`. */
export type TxOptions = {
  readonly rail?: DetailedRail | undefined;
  readonly initialState?: LifecycleState;
  readonly overrides?: Partial<CreateTransactionInput>;
};

/** A payout from the customer's account to an external account, described for `decideCreateTransaction`. */
export function payoutInput(w: World, who: { customerId: string; accountId: string }, options: TxOptions = {}): CreateTransactionInput {
  const id = w.newId('Transaction');
  const rail = options.rail;
  return {
    id,
    type: 'OUTGOING',
    direction: 'DEBIT',
    source: { sourceType: 'ACCOUNT', accountId: who.accountId, currency: 'USD' },
    destination: {
      destinationType: 'ACCOUNT',
      accountId: 'ExternalAccount:00000000-0000-7000-8000-00000000e001',
      currency: 'USD',
      ...(rail === undefined ? {} : { railDetails: newRailDetails(rail, id, 'destination', { at: w.at(), network: 'BITCOIN' }) }),
    },
    customerId: who.customerId,
    sentAmount: { amountMinor: '10000', currency: 'USD' },
    receivedAmount: { amountMinor: '9900', currency: 'USD' },
    exchangeRate: '1',
    feesMinor: '100',
    quoteId: 'Quote:00000000-0000-7000-8000-000000000001',
    description: 'Rent',
    ...(options.initialState === undefined ? {} : { initialState: options.initialState }),
    ...options.overrides,
  };
}

/** A payment into the customer's account from an external account, described for `decideCreateTransaction`. */
export function payInInput(w: World, who: { customerId: string; accountId: string }, options: TxOptions = {}): CreateTransactionInput {
  const id = w.newId('Transaction');
  const rail = options.rail;
  return {
    id,
    type: 'INCOMING',
    direction: 'CREDIT',
    source: {
      sourceType: 'ACCOUNT',
      accountId: 'ExternalAccount:00000000-0000-7000-8000-00000000e002',
      currency: 'USD',
      ...(rail === undefined ? {} : { railDetails: newRailDetails(rail, id, 'source', { at: w.at(), network: 'BITCOIN' }) }),
    },
    destination: { destinationType: 'ACCOUNT', accountId: who.accountId, currency: 'USD' },
    customerId: who.customerId,
    receivedAmount: { amountMinor: '5000', currency: 'USD' },
    feesMinor: '0',
    ...(options.initialState === undefined ? {} : { initialState: options.initialState }),
    ...(options.initialState === 'PENDING_APPROVAL' ? { approval: {} } : {}),
    ...options.overrides,
  };
}

/** Creates the transaction `input` describes; returns its id. */
export function create(w: World, input: CreateTransactionInput, options: Omit<TransitionOptions, 'at'> = {}): string {
  w.must(decideCreateTransaction(w.state, input, { at: w.at(), ...options }));
  return input.id;
}

/** Changes a move needs when its event requires a failureReason (test defaults). */
export function changesFor(event: LifecycleEvent): TransactionChanges {
  if (event === 'PAYOUT_FAILED') return { failureReason: 'ACCOUNT_INVALID' };
  if (event === 'PAYMENT_FAILED') return { failureReason: 'COLLECTION_FAILED' };
  return {};
}

/** A shortest path of events from `from` to `to` in the type's table (breadth first). */
export function pathTo(type: 'INCOMING' | 'OUTGOING', from: LifecycleState, to: LifecycleState): LifecycleEvent[] {
  const table = tableOf(type);
  const paths = new Map<LifecycleState, LifecycleEvent[]>([[from, []]]);
  const queue: LifecycleState[] = [from];
  while (queue.length > 0) {
    const state = queue.shift()!;
    if (state === to) return paths.get(state)!;
    for (const row of table.rows) {
      if (row.from !== state || paths.has(row.to)) continue;
      paths.set(row.to, [...paths.get(state)!, row.event]);
      queue.push(row.to);
    }
  }
  throw new Error(`${to} is unreachable from ${from}`);
}

/** Moves transaction `id` through `events` with the test's default changes. */
export function drive(w: World, id: string, events: readonly LifecycleEvent[]): void {
  for (const event of events) w.must(decideTransition(w.state, id, event, changesFor(event), { at: w.at() }));
}

/** GET /transactions/{id}. */
export function read(w: World, id: string): TransactionView {
  return w.ok<TransactionView>('GET', `/transactions/${id}`);
}

/** The webhooks in `events`, in order. */
export function webhooks(events: readonly EventEnvelope[]): WebhookQueued[] {
  return events.filter((e) => e.type === WEBHOOK_EVENTS.queued).map((e) => e.data as WebhookQueued);
}

/** Asserts a rejected HTTP call: its status and code, and that it wrote nothing. */
export function expectRejected(response: HttpResponse & { events: readonly EventEnvelope[] }, status: number, code: string): void {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect((response.body as { code: string }).code).toBe(code);
  expect(response.events).toEqual([]);
}

/** Milliseconds later than an instant, as an instant. */
export function later(at: string, ms: number): string {
  return formatInstant(instantToMs(at) + ms);
}
