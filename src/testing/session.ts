/**
 * A session of operations as a generator of calls: it yields each request (and each "fire the
 * timers" call) and receives the answer, so one description drives an engine in-process, a
 * server over HTTP, or anything else that answers requests. After every operation it reads
 * every known internal account and holds the answers to the balance model.
 */
import type { HttpRequest, HttpResponse } from '../api/http.js';
import { type BalanceEffect, compareBalances, emptyModel, type ObservedBalance, type SessionModel } from './model.js';

/**
 * One abstract operation: which kind, three free numbers the kind reads as choices (which
 * customer, how much, ...) and how long the clock moves before it. Plain data, so fast-check can
 * generate and shrink it and a seed can reproduce it.
 */
export type Operation = {
  readonly kind: string;
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly waitMs: number;
};

/** What a session asks its driver to do: send a request, or fire every timer due. */
export type SessionCall =
  | { readonly kind: 'request'; readonly request: HttpRequest; readonly nowMs: number }
  | { readonly kind: 'advance'; readonly nowMs: number }
  /** An operation finished and its answers agreed with the model (a point to check the target). */
  | { readonly kind: 'stepDone'; readonly step: number; readonly operation: Operation; readonly nowMs: number };

/** The calls an operation makes; it returns how it may have moved balances. */
export type OperationRun = Generator<OperationCall, BalanceEffect, HttpResponse>;

/** A call made by an operation (the session adds the clock). */
export type OperationCall = { readonly kind: 'request'; readonly request: HttpRequest } | { readonly kind: 'advance' };

/** Everything an operation sees: the model (to pick ids and record new ones), its numbers, the clock. */
export type OperationContext = {
  readonly model: SessionModel;
  readonly operation: Operation;
  readonly nowMs: number;
  readonly authorization: string;
};

/** How an operation kind runs. */
export type OperationDefinition = {
  /** The resource it exercises (arbitraries are grouped by it). */
  readonly resource: string;
  /** The calls it makes against the model's ids. */
  readonly run: (context: OperationContext) => OperationRun;
};

/** A check failed during a session: the step (0-based), the operation and why. */
export class SessionFailure extends Error {
  override readonly name = 'SessionFailure';
  constructor(
    readonly step: number,
    readonly operation: Operation | undefined,
    readonly detail: string,
  ) {
    super(`step ${step}${operation === undefined ? '' : ` (${describeOperation(operation)})`}: ${detail}`);
  }
}

/** An operation as one short line, e.g. `fund(a=3, b=1200, c=0, wait=5000ms)`. */
export function describeOperation(operation: Operation): string {
  return `${operation.kind}(a=${operation.a}, b=${operation.b}, c=${operation.c}, wait=${operation.waitMs}ms)`;
}

/** Options of a session. */
export type SessionOptions = {
  /** The operation kinds by name (default: every kind, `OPERATIONS`). */
  readonly definitions: Readonly<Record<string, OperationDefinition>>;
  /** The Authorization header of the platform's calls. */
  readonly authorization: string;
  /** The session's first instant, epoch ms. */
  readonly startMs: number;
  /** The model to use (default: empty); pass one to read it afterwards. */
  readonly model?: SessionModel;
};

/** What a finished session reports. */
export type SessionReport = { readonly steps: number; readonly nowMs: number; readonly model: SessionModel };

/**
 * Runs `operations` as a generator of calls (see `runSession` for a synchronous driver). Throws
 * `SessionFailure` when an answer disagrees with the model.
 */
export function* sessionCalls(operations: Iterable<Operation>, options: SessionOptions): Generator<SessionCall, SessionReport, HttpResponse> {
  const model = options.model ?? emptyModel();
  let nowMs = options.startMs;
  let step = 0;
  let current: Operation | undefined;
  const fail = (detail: string): never => {
    throw new SessionFailure(step, current, detail);
  };
  const platform = yield { kind: 'request', request: get('/platform/internal-accounts', options.authorization), nowMs };
  if (platform.status !== 200) fail(`GET /platform/internal-accounts answered ${platform.status}`);
  for (const account of (platform.body as { data: { id: string }[] }).data) {
    if (!model.accountIds.includes(account.id)) {
      model.accountIds.push(account.id);
      model.platformAccountIds.push(account.id);
    }
  }
  let observed = yield* readBalances(model, options.authorization, () => nowMs, fail);
  for (const operation of operations) {
    current = operation;
    try {
      const definition = options.definitions[operation.kind];
      if (definition === undefined) fail(`unknown operation kind ${operation.kind}`);
      nowMs += Math.max(0, Math.trunc(operation.waitMs));
      model.stepFundingMinor.clear();
      const run = definition!.run({ model, operation, nowMs, authorization: options.authorization });
      let next = run.next();
      while (next.done !== true) {
        const call = next.value;
        const answer: HttpResponse = yield call.kind === 'request' ? { kind: 'request', request: call.request, nowMs } : { kind: 'advance', nowMs };
        if (call.kind === 'request' && answer.status >= 500) {
          fail(`${call.request.method} ${call.request.path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        }
        next = run.next(answer);
      }
      const after = yield* readBalances(model, options.authorization, () => nowMs, fail);
      const problems = compareBalances(observed, after, next.value, model.stepFundingMinor);
      if (problems.length > 0) fail(`balances disagree with the model: ${problems.map((p) => `${p.accountId}: ${p.message}`).join('; ')}`);
      // Against the balances read before the step, not the model's: an operation that funds an
      // account as a prerequisite updates the model mid-step (fundAccount), so the model already
      // holds the new balance and the move at this instant would go unnoticed.
      for (const [id, balance] of after) {
        const before = observed.get(id);
        if ((before?.availableMinor ?? 0n) !== balance.availableMinor || (before?.totalMinor ?? 0n) !== balance.totalMinor) model.balanceChangedAtMs.set(id, nowMs);
      }
      observed = after;
      model.balances.clear();
      for (const [id, balance] of after) model.balances.set(id, balance);
      yield { kind: 'stepDone', step, operation, nowMs };
    } catch (error) {
      // A target that throws (driver passes it in with `throw`) or an operation's own check.
      if (error instanceof SessionFailure) throw error;
      fail(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    }
    step += 1;
  }
  return { steps: step, nowMs, model };
}

/** A GET request with the platform's credentials. */
export function get(path: string, authorization: string): HttpRequest {
  return { method: 'GET', path, headers: { authorization } };
}

function* readBalances(
  model: SessionModel,
  authorization: string,
  now: () => number,
  fail: (detail: string) => never,
): Generator<SessionCall, Map<string, ObservedBalance>, HttpResponse> {
  const out = new Map<string, ObservedBalance>();
  for (const id of model.accountIds) {
    const answer = yield { kind: 'request', request: get(`/internal-accounts/${id}`, authorization), nowMs: now() };
    if (answer.status !== 200) fail(`GET /internal-accounts/${id} answered ${answer.status}`);
    const body = answer.body as { balance: { amount: number; currency: { code: string } }; totalBalance: { amount: number } };
    out.set(id, { currency: body.balance.currency.code, availableMinor: BigInt(body.balance.amount), totalMinor: BigInt(body.totalBalance.amount) });
  }
  return out;
}

/** A target answering synchronously: an engine in-process, or a test double. */
export type SyncTarget = {
  /** Answers one request at `nowMs`. */
  readonly handle: (request: HttpRequest, nowMs: number) => HttpResponse;
  /** Fires every timer due at `nowMs` (omit when the target runs its own timers). */
  readonly advance?: (nowMs: number) => void;
  /** Called after each operation whose answers agreed with the model; throw to fail the step. */
  readonly afterStep?: (step: number, operation: Operation, nowMs: number) => void;
};

/**
 * Drives a session against a synchronous target; returns its report or throws `SessionFailure`.
 * @example
 * runSession(target, [{ kind: 'customer.create', a: 0, b: 0, c: 0, waitMs: 1000 }], options);
 */
export function runSession(target: SyncTarget, operations: Iterable<Operation>, options: SessionOptions): SessionReport {
  const calls = sessionCalls(operations, options);
  let next = calls.next();
  while (next.done !== true) {
    const call = next.value;
    let answer: HttpResponse = { status: 200, body: null };
    try {
      if (call.kind === 'request') answer = target.handle(call.request, call.nowMs);
      else if (call.kind === 'advance') target.advance?.(call.nowMs);
      else target.afterStep?.(call.step, call.operation, call.nowMs);
    } catch (error) {
      // Into the session, which names the step and operation.
      next = calls.throw(error);
      continue;
    }
    next = calls.next(answer);
  }
  return next.value;
}

/** A target answering asynchronously: a server over HTTP. */
export type AsyncTarget = {
  /** Answers one request at `nowMs`. */
  readonly handle: (request: HttpRequest, nowMs: number) => Promise<HttpResponse>;
  /** Fires every timer due at `nowMs` (omit when the target runs its own timers). */
  readonly advance?: (nowMs: number) => Promise<void>;
  /** Called after each operation whose answers agreed with the model; reject to fail the step. */
  readonly afterStep?: (step: number, operation: Operation, nowMs: number) => Promise<void>;
};

/** `runSession` for an asynchronous target. */
export async function runSessionAsync(target: AsyncTarget, operations: Iterable<Operation>, options: SessionOptions): Promise<SessionReport> {
  const calls = sessionCalls(operations, options);
  let next = calls.next();
  while (next.done !== true) {
    const call = next.value;
    let answer: HttpResponse = { status: 200, body: null };
    try {
      if (call.kind === 'request') answer = await target.handle(call.request, call.nowMs);
      else if (call.kind === 'advance') await target.advance?.(call.nowMs);
      else await target.afterStep?.(call.step, call.operation, call.nowMs);
    } catch (error) {
      next = calls.throw(error);
      continue;
    }
    next = calls.next(answer);
  }
  return next.value;
}
