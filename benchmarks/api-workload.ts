/**
 * The realistic workload of issue 16: a seeded mix of platform calls through `engine.handle` and
 * `engine.advance`, over every resource, in proportions a payments platform would see. The valid
 * request shapes are the simulator's (`src/testing/operations.ts`): each operation kind is driven
 * as a generator of calls, answered by the engine, without the simulator's balance reads and
 * checks (those are tests, not traffic). Returns the log the engine wrote (what a host stores).
 */
import { basicAuthorization } from '../src/api/auth.js';
import type { HttpResponse } from '../src/api/http.js';
import { nativeSha256 } from '../src/cli/native-hash.js';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { SANDBOX_CREDENTIAL } from '../src/engine/options.js';
import type { EventEnvelope } from '../src/log/index.js';
import { emptyModel, type SessionModel } from '../src/testing/model.js';
import { OPERATIONS } from '../src/testing/operations.js';
import { createRandom } from '../src/testing/random.js';
import type { Operation, OperationCall } from '../src/testing/session.js';

/**
 * How often each operation kind is drawn, relative to the others. Money movement dominates
 * (quotes and executions over each rail, card authorizations and clearings, sandbox funding and
 * incoming payments), onboarding is rarer, reads are a small share, and time moves (settlements,
 * expiries, webhooks retried) on a regular beat.
 */
export const API_WEIGHTS: Readonly<Record<string, number>> = {
  'customer.create': 4,
  'customer.update': 1,
  'account.fund': 8,
  'account.deposit': 4,
  'account.statement': 0.2,
  'list.pages': 1,
  'external.create': 3,
  'config.patch': 0.1,
  'rates.publish': 0.5,
  'quote.payout': 14,
  'quote.internal': 6,
  'quote.abandon': 2,
  'incoming.uma': 5,
  'transaction.decide': 1,
  'transaction.cancel': 1,
  'transaction.confirm': 1,
  'incoming.return': 1,
  'transfer.out': 3,
  'transfer.in': 3,
  'card.issue': 2,
  'card.status': 0.5,
  'card.authorize': 12,
  'card.settle': 10,
  'card.inquiry': 1,
  'agent.create': 1,
  'agent.redeem': 1,
  'agent.pay': 3,
  'agent.decide': 2,
  'stablecoin.register': 0.2,
  'stablecoin.mint': 1,
  'stablecoin.burn': 0.5,
  'time.advance': 10,
};

/** Instant the workload starts at (the simulator's). */
export const API_START_MS = Date.UTC(2026, 0, 5, 16, 0, 0);

/**
 * Operations per cohort: the simulator's model caps customers and resources per session (8 and
 * 12), so every this many operations a fresh model starts a new cohort of customers (the engine
 * and its history stay). Lists therefore keep growing as on a real platform.
 */
export const COHORT_OPERATIONS = 300;

/** What a workload run did. */
export type ApiWorkloadReport = {
  readonly engine: Engine;
  readonly log: EventEnvelope[];
  readonly requests: number;
  readonly refused: number;
  /** Operations that stopped on an answer the simulator did not expect (see the driver). */
  readonly aborted: number;
  readonly advances: number;
  /** Seconds inside `handle` and inside `advance` (the driver's own time excluded). */
  readonly handleSeconds: number;
  readonly advanceSeconds: number;
  /** Operations by kind, and events by type. */
  readonly operations: Readonly<Record<string, number>>;
  readonly eventTypes: Readonly<Record<string, number>>;
  /** Ids the lists scenario pages through: every stablecoin registered, every agent token redeemed. */
  readonly stablecoinIds: readonly string[];
  readonly agentTokens: readonly string[];
  readonly platformAccountIds: readonly string[];
  /** The first cohort's customer accounts (candidates for the busiest balance-change list). */
  readonly customerAccountIds: readonly string[];
};

/** Options of `apiWorkload`. */
export type ApiWorkloadOptions = {
  /** Stop once the log holds at least this many events. */
  readonly events: number;
  readonly seed?: number;
};

/**
 * Runs the workload against a new engine until the log holds `options.events` events.
 * Deterministic: the same seed writes the same log.
 */
export function apiWorkload(options: ApiWorkloadOptions): ApiWorkloadReport {
  const seed = options.seed ?? 1;
  const engine = createEngine({ regulated: true, seed, sha256: nativeSha256 });
  const authorization = basicAuthorization(SANDBOX_CREDENTIAL);
  const random = createRandom(seed);
  const kinds = Object.keys(API_WEIGHTS).filter((kind) => OPERATIONS[kind] !== undefined);
  // Weights in hundredths, so that rare kinds can be drawn with an integer ticket.
  const tickets = kinds.map((kind) => Math.round((API_WEIGHTS[kind] ?? 0) * 100));
  const total = tickets.reduce((a, b) => a + b, 0);
  const log: EventEnvelope[] = [];
  const operations: Record<string, number> = {};
  let requests = 0;
  let refused = 0;
  let aborted = 0;
  let advances = 0;
  let handleNs = 0n;
  let advanceNs = 0n;
  let nowMs = API_START_MS;
  const platformAccounts = (engine.handle({ method: 'GET', path: '/platform/internal-accounts', headers: { authorization } }, { now: nowMs }).response.body as { data: { id: string }[] }).data.map((a) => a.id);
  const newModel = (): SessionModel => {
    const model = emptyModel();
    model.accountIds.push(...platformAccounts);
    model.platformAccountIds.push(...platformAccounts);
    return model;
  };
  let model = newModel();
  const stablecoinIds: string[] = [];
  const agentTokens: string[] = [];
  const customerAccountIds: string[] = [];
  const keep = (done: SessionModel): void => {
    if (customerAccountIds.length === 0) customerAccountIds.push(...done.customers.map((c) => c.accountId));
    for (const coin of done.stablecoins) if (!stablecoinIds.includes(coin.id)) stablecoinIds.push(coin.id);
    for (const agent of done.agents) if (agent.token !== undefined) agentTokens.push(agent.token);
  };
  let step = 0;
  while (log.length < options.events) {
    if (step > 0 && step % COHORT_OPERATIONS === 0) {
      keep(model);
      const serial = model.serial;
      model = newModel();
      // Names and idempotency keys come from the serial: a new cohort continues it, so that its
      // platformCustomerIds and keys never collide with an earlier cohort's (409 for a customer).
      model.serial = serial;
    }
    step += 1;
    let ticket = random.below(total);
    let kind = kinds[kinds.length - 1] as string;
    for (let k = 0; k < kinds.length; k += 1) {
      ticket -= tickets[k]!;
      if (ticket < 0) {
        kind = kinds[k]!;
        break;
      }
    }
    // Mostly a few seconds between calls; now and then a quiet stretch of up to six hours, so
    // that settlements, expiries and retries come due (a 1M-event log spans about a year).
    const waitMs = random.below(200) === 0 ? random.below(21_600_000) : random.below(5_000);
    const operation: Operation = { kind, a: random.below(2 ** 31), b: random.below(2 ** 31), c: random.below(2 ** 31), waitMs };
    nowMs += waitMs;
    operations[kind] = (operations[kind] ?? 0) + 1;
    model.stepFundingMinor.clear();
    const run = OPERATIONS[kind]!.run({ model, operation, nowMs, authorization });
    const before = log.length;
    let next: IteratorResult<OperationCall, unknown>;
    try {
      next = run.next();
    } catch {
      aborted += 1;
      continue;
    }
    while (next.done !== true) {
      const call = next.value;
      let answer: HttpResponse = { status: 200, body: null };
      if (call.kind === 'request') {
        const t0 = process.hrtime.bigint();
        const result = engine.handle(call.request, { now: nowMs });
        handleNs += process.hrtime.bigint() - t0;
        requests += 1;
        if (result.response.status >= 400) refused += 1;
        if (result.response.status >= 500) throw new Error(`${call.request.method} ${call.request.path} answered ${result.response.status}: ${JSON.stringify(result.response.body)}`);
        for (const event of result.events) log.push(event);
        answer = result.response;
      } else {
        const t0 = process.hrtime.bigint();
        const events = engine.advance(nowMs);
        advanceNs += process.hrtime.bigint() - t0;
        advances += 1;
        for (const event of events) log.push(event);
      }
      try {
        next = run.next(answer);
      } catch {
        // An answer the simulator did not expect (its balance model is only refreshed here, not
        // read before every choice): the operation stops, as a client gives up; nothing is undone.
        aborted += 1;
        break;
      }
    }
    // The simulator picks amounts from the balances it last read: refresh the cohort's after a
    // step that wrote (driver bookkeeping, not timed and not counted as traffic).
    if (log.length > before) refreshBalances(engine, model, authorization, nowMs);
  }
  keep(model);
  const eventTypes: Record<string, number> = {};
  for (const event of log) eventTypes[event.type] = (eventTypes[event.type] ?? 0) + 1;
  return { engine, log, requests, refused, aborted, advances, handleSeconds: Number(handleNs) / 1e9, advanceSeconds: Number(advanceNs) / 1e9, operations, eventTypes, stablecoinIds, agentTokens, platformAccountIds: platformAccounts, customerAccountIds };
}

/** Reads the cohort's internal accounts into the model's balances (what the simulator does after each step). */
function refreshBalances(engine: Engine, model: SessionModel, authorization: string, nowMs: number): void {
  for (const id of model.accountIds) {
    const { response } = engine.handle({ method: 'GET', path: `/internal-accounts/${id}`, headers: { authorization } }, { now: nowMs });
    if (response.status !== 200) continue;
    const body = response.body as { balance: { amount: number; currency: { code: string } }; totalBalance: { amount: number } };
    model.balances.set(id, { currency: body.balance.currency.code, availableMinor: BigInt(body.balance.amount), totalMinor: BigInt(body.totalBalance.amount) });
  }
}
