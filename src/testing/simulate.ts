/**
 * The deterministic simulator (in the style of TigerBeetle's VOPR): a seed chooses a session of
 * valid operations over every resource with the clock moving and timers firing; after every step
 * the ledger invariants, the world accounts and the balance model must hold, a refused request
 * must have written nothing; at the end every rebuild of the engine from its log must answer the
 * reads as the live one does. The same seed always runs the same session, so a failure printed
 * with its seed and step is reproduced by running that seed again.
 */
import { basicAuthorization } from '../api/auth.js';
import type { HttpResponse } from '../api/http.js';
import { pathSegments } from '../api/router.js';
import { createEngine, type Engine } from '../engine/engine.js';
import { type EngineOptions, SANDBOX_CREDENTIAL } from '../engine/options.js';
import type { EngineSnapshot } from '../engine/snapshot.js';
import type { EventEnvelope } from '../log/index.js';
import { answersOf, checkRebuilds, ledgerProblems, readRequests, worldProblems } from './checks.js';
import { emptyModel, type SessionModel } from './model.js';
import { OPERATIONS } from './operations.js';
import { createRandom, type Random } from './random.js';
import { get, type Operation, type OperationDefinition, runSession, SessionFailure, type SessionOptions } from './session.js';

/** The instant simulated sessions start at. */
export const SIMULATION_START_MS = Date.UTC(2026, 0, 5, 16, 0, 0);

/**
 * How often each operation kind is drawn relative to the others (default 2). The wallet and SCA
 * kinds weigh 1, half an ordinary kind, so that money flows stay dominant in a mixed session.
 */
const WEIGHTS: Readonly<Record<string, number>> = {
  'time.advance': 8,
  'account.fund': 6,
  'quote.payout': 6,
  'customer.create': 4,
  ...Object.fromEntries(Object.entries(OPERATIONS).filter(([, definition]) => definition.resource === 'wallets' || definition.resource === 'sca').map(([kind]) => [kind, 1])),
};
const DEFAULT_WEIGHT = 2;

/**
 * Draws one operation: a kind (weighted), three choices and a wait that is mostly seconds to two
 * minutes, sometimes up to two days (so that expiries, settlement and daily limits come due).
 */
export function randomOperation(random: Random, kinds: readonly string[] = Object.keys(OPERATIONS)): Operation {
  const total = kinds.reduce((sum, kind) => sum + (WEIGHTS[kind] ?? DEFAULT_WEIGHT), 0);
  let ticket = random.below(total);
  let kind = kinds[kinds.length - 1] as string;
  for (const candidate of kinds) {
    ticket -= WEIGHTS[candidate] ?? DEFAULT_WEIGHT;
    if (ticket < 0) {
      kind = candidate;
      break;
    }
  }
  const waitMs = random.below(20) === 0 ? random.below(2 * 86_400_000) : random.below(120_000);
  return { kind, a: random.below(2 ** 31), b: random.below(2 ** 31), c: random.below(2 ** 31), waitMs };
}

/** The operations a seed chooses, lazily and without end. */
export function* operationsOf(seed: number, kinds?: readonly string[]): Generator<Operation> {
  const random = createRandom(seed);
  for (;;) yield randomOperation(random, kinds);
}

/** Options of `checkEngineSession`. */
export type EngineSessionOptions = {
  /** Engine options (default `{ regulated: true }`: cards need a regulated platform). */
  readonly engineOptions?: EngineOptions;
  /** Rebuild and compare every this many steps as well as at the end (default: only at the end). */
  readonly rebuildEvery?: number;
  /**
   * After this many steps (default 20), an engine restored from a snapshot and one replayed from
   * the log start taking every later call too; each must write the same events and answer the same.
   */
  readonly shadowAt?: number;
  /** Called after each step that passed its checks (progress of a long run). */
  readonly onStep?: (step: number) => void;
  /** The operation kinds by name (default `OPERATIONS`); a test may swap one to see a check fail. */
  readonly definitions?: Readonly<Record<string, OperationDefinition>>;
};

/** Options of `simulate`. */
export type SimulationOptions = EngineSessionOptions & {
  readonly seed: number;
  readonly steps: number;
  /** Operation kinds to draw from (default: all). */
  readonly kinds?: readonly string[];
};

/** What a session against a new engine did. */
export type EngineSessionReport = {
  readonly steps: number;
  readonly events: number;
  readonly requests: number;
  /** Requests refused with a status the operation allows (nothing written, checked). */
  readonly refused: number;
  /** How many reads every rebuild answered as the live engine. */
  readonly reads: number;
  readonly simulatedMs: number;
  readonly counts: Readonly<Record<string, number>>;
  readonly model: SessionModel;
  /** The live engine at the end, and the log it wrote (what a host would have stored). */
  readonly engine: Engine;
  readonly log: readonly EventEnvelope[];
};

/** What a passed simulation did. */
export type SimulationReport = EngineSessionReport & { readonly seed: number };

/** A simulation failed: the seed, the step and why; `simulate({ seed, steps: step + 1 })` reproduces it. */
export class SimulationFailure extends Error {
  override readonly name = 'SimulationFailure';
  constructor(
    readonly seed: number,
    readonly step: number,
    readonly detail: string,
  ) {
    super(`simulation failed: seed ${seed}, step ${step}: ${detail}\nreproduce: npm run test:sim -- --seed ${seed} --steps ${step + 1}`);
  }
}

/** The sandbox platform's Authorization header, which the simulator's calls carry. */
export const SANDBOX_AUTHORIZATION = basicAuthorization(SANDBOX_CREDENTIAL);

/**
 * Runs the simulation of `options.seed` for `options.steps` operations against a new engine;
 * returns what it did or throws `SimulationFailure` naming the seed and the step.
 * @example
 * const report = simulate({ seed: 7, steps: 200 });
 */
export function simulate(options: SimulationOptions): SimulationReport {
  const engineOptions: EngineOptions = options.engineOptions ?? { regulated: true, seed: options.seed >>> 0 };
  try {
    const report = checkEngineSession(limited(operationsOf(options.seed, options.kinds), options.steps), { ...options, engineOptions });
    return { ...report, seed: options.seed };
  } catch (error) {
    if (error instanceof SessionFailure) throw new SimulationFailure(options.seed, error.step, error.message);
    throw new SimulationFailure(options.seed, -1, error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  }
}

/**
 * Runs `operations` against a new engine with every check of the simulator: after each step the
 * answers agree with the balance model, the ledger invariants and the world accounts hold, a
 * refused request wrote nothing, the head is the stored log's, and a replica tailing the stored
 * log answers every balance as the live engine; at the end the replay, JSONL
 * round trip, snapshot and mid-log snapshot plus tail answer every read as the live engine.
 * Throws `SessionFailure` (with the step) on the first disagreement.
 * @example
 * fc.assert(fc.property(sessionArbitrary(), (operations) => { checkEngineSession(operations); }));
 */
export function checkEngineSession(operations: Iterable<Operation>, options: EngineSessionOptions = {}): EngineSessionReport {
  const engineOptions: EngineOptions = options.engineOptions ?? { regulated: true };
  const engine = createEngine(engineOptions);
  // A replica tails the log as it is stored and must answer the balance reads as the live engine
  // after every step: a difference between applying live and replaying shows at its own step.
  const replica = createEngine(engineOptions);
  let replicated = 0;
  const shadows: { readonly name: string; readonly engine: Engine }[] = [];
  const shadowAt = options.shadowAt ?? 20;
  const log: EventEnvelope[] = [];
  const model = emptyModel();
  const counts: Record<string, number> = {};
  let requests = 0;
  let refused = 0;
  let lastNowMs = SIMULATION_START_MS;
  const rebuild = (nowMs: number, step: number): void => {
    const reads = readRequests(model, SANDBOX_AUTHORIZATION, nowMs);
    const before = engine.head().seq;
    const problems = checkRebuilds(engine, log, reads, nowMs, { engineOptions, cut: 1 + (step % Math.max(1, log.length)) });
    if (problems.length > 0) throw new Error(`rebuilt engines answer differently: ${JSON.stringify(problems.slice(0, 3))}`);
    if (engine.head().seq !== before) throw new Error('reads wrote events');
  };
  const report = runSession(
    {
      handle(request, nowMs) {
        const before = engine.head();
        const { response, events } = engine.handle(request, { now: nowMs });
        requests += 1;
        log.push(...events);
        lastNowMs = nowMs;
        checkAnswer(request.method, request.path, response, events, before.seq, engine);
        if (response.status >= 400) refused += 1;
        for (const shadow of shadows) {
          const mirrored = shadow.engine.handle(request, { now: nowMs });
          const same = mirrored.response.status === response.status && JSON.stringify(mirrored.response.body) === JSON.stringify(response.body);
          if (!same) throw new Error(`the ${shadow.name} engine answers ${request.method} ${request.path} with ${mirrored.response.status} ${JSON.stringify(mirrored.response.body)}, the live one with ${response.status} ${JSON.stringify(response.body)}`);
          sameEvents(shadow.name, `${request.method} ${request.path}`, mirrored.events, events);
        }
        return response;
      },
      advance(nowMs) {
        const before = engine.head().seq;
        const events = engine.advance(nowMs);
        lastNowMs = nowMs;
        if (events.length > 0 && events[0]?.seq !== before + 1) throw new Error(`advance wrote seq ${events[0]?.seq} after head ${before}`);
        log.push(...events);
        for (const shadow of shadows) sameEvents(shadow.name, 'advance', shadow.engine.advance(nowMs), events);
      },
      afterStep(step, operation, nowMs) {
        counts[operation.kind] = (counts[operation.kind] ?? 0) + 1;
        if (log.length > 0 && engine.head().seq !== log[log.length - 1]?.seq) throw new Error(`the engine's head ${engine.head().seq} is not the stored log's ${log.length}`);
        const problems = [...ledgerProblems(engine), ...worldProblems(engine, model)];
        if (problems.length > 0) throw new Error(`invariants broken: ${problems.join('; ')}`);
        if (log.length > replicated) replica.replay(log.slice(replicated));
        replicated = log.length;
        const balanceReads = model.accountIds.map((id) => get(`/internal-accounts/${id}`, SANDBOX_AUTHORIZATION));
        const live = answersOf(engine, balanceReads, nowMs);
        const tail = answersOf(replica, balanceReads, nowMs);
        const differs = live.findIndex((answer, i) => answer !== tail[i]);
        if (differs !== -1) throw new Error(`the replica tailing the log answers ${balanceReads[differs]?.path} with ${tail[differs]}, the live engine with ${live[differs]}`);
        if (options.rebuildEvery !== undefined && (step + 1) % options.rebuildEvery === 0) rebuild(nowMs, step);
        options.onStep?.(step);
        if (step + 1 === shadowAt && log.length > 0) {
          // From here on a restored snapshot and a replayed log take every call the live engine
          // takes: they must write the same events and answer the same, not only read the same.
          shadows.push({ name: `snapshot@${step + 1}`, engine: createEngine({ ...engineOptions, snapshot: JSON.parse(JSON.stringify(engine.snapshot())) as EngineSnapshot }) });
          shadows.push({ name: `replayed@${step + 1}`, engine: createEngine({ ...engineOptions, recheckRecords: true, events: log }) });
        }
      },
    },
    operations,
    sessionOptions({ model, ...(options.definitions === undefined ? {} : { definitions: options.definitions }) }),
  );
  try {
    rebuild(report.nowMs, report.steps);
  } catch (error) {
    throw new SessionFailure(report.steps, undefined, `at the end: ${error instanceof Error ? error.message : String(error)}`);
  }
  const reads = readRequests(model, SANDBOX_AUTHORIZATION, report.nowMs).length;
  return { steps: report.steps, events: log.length, requests, refused, reads, simulatedMs: lastNowMs - SIMULATION_START_MS, counts, model, engine, log };
}

/**
 * Session options for the sandbox platform: every operation kind, the sandbox credentials, the
 * simulator's start instant, and a new model unless one is given.
 */
export function sessionOptions(overrides: Partial<SessionOptions> = {}): SessionOptions {
  return { definitions: OPERATIONS, authorization: SANDBOX_AUTHORIZATION, startMs: SIMULATION_START_MS, ...overrides };
}

/**
 * The refusals that write, each documented: a wrong SCA code on a quote (docs/quotes.md) and a
 * failed SCA login (docs/wallets-and-sca.md) are recorded, so that the lock survives a restart.
 * Each writes exactly one event of its type; every other refusal writes nothing.
 */
const RECORDED_REFUSALS: readonly { readonly method: string; readonly path: RegExp; readonly statuses: readonly number[]; readonly eventType: string }[] = [
  { method: 'POST', path: /^\/quotes\/[^/]+\/authorize$/, statuses: [400, 423], eventType: 'QuoteScaAttemptFailed' },
  { method: 'POST', path: /^\/sca\/login\/complete$/, statuses: [400, 423], eventType: 'ScaLoginFailed' },
];

/**
 * Whether a refusal that wrote `events` is one of the documented recorded refusals (exactly one
 * event of its type). The simulator and the wire fuzzer both hold every other refusal to writing nothing.
 */
export function recordedRefusal(method: string, path: string, status: number, events: readonly EventEnvelope[]): boolean {
  // The path as the router matched it: a trailing or doubled `/` reaches the same route.
  const routed = `/${pathSegments(path.split('?')[0] ?? path).join('/')}`;
  return events.length === 1 && RECORDED_REFUSALS.some((r) => r.method === method && r.path.test(routed) && r.statuses.includes(status) && events[0]?.type === r.eventType);
}

/** A refused request wrote nothing (but the recorded refusals) and left the head alone; an accepted one continued the head. */
function checkAnswer(method: string, path: string, response: HttpResponse, events: readonly EventEnvelope[], beforeSeq: number, engine: Engine): void {
  if (response.status >= 400 && events.length > 0 && !recordedRefusal(method, path, response.status, events)) throw new Error(`${method} ${path} answered ${response.status} but wrote ${events.length} events`);
  if (events.length === 0) {
    // Genesis is applied on the first call and handed out with the first write.
    if (engine.head().seq !== beforeSeq && beforeSeq !== 0) throw new Error(`${method} ${path} moved the head without returning events`);
    return;
  }
  if (events[events.length - 1]?.seq !== engine.head().seq) throw new Error(`${method} ${path} returned events up to seq ${events[events.length - 1]?.seq} but the head is ${engine.head().seq}`);
}

/** A shadow engine wrote exactly the live engine's events (same hashes, so same bytes). */
function sameEvents(name: string, call: string, shadow: readonly EventEnvelope[], live: readonly EventEnvelope[]): void {
  if (shadow.length === live.length && shadow.every((event, i) => event.hash === live[i]?.hash)) return;
  const i = shadow.findIndex((event, k) => event.hash !== live[k]?.hash);
  const at = i === -1 ? Math.min(shadow.length, live.length) : i;
  throw new Error(`the ${name} engine wrote ${shadow.length} events for ${call}, the live one ${live.length}; first difference at seq ${live[at]?.seq ?? shadow[at]?.seq}: ${JSON.stringify(shadow[at]?.data)} vs ${JSON.stringify(live[at]?.data)}`);
}

function* limited<T>(source: Iterator<T>, count: number): Generator<T> {
  for (let i = 0; i < count; i += 1) {
    const next = source.next();
    if (next.done === true) return;
    yield next.value;
  }
}

/** One line per operation kind with its count, for a report. */
export function describeCounts(counts: Readonly<Record<string, number>>): string {
  return Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
}

